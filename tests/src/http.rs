//! A request harness for HTTP-level tests: requests go through the
//! server's router in process (`tower::ServiceExt::oneshot`), answers are
//! read whole (or, for watches, event by event).

use std::pin::Pin;
use std::time::{Duration, Instant};

use axum::body::{Body, HttpBody};
use axum::http::{HeaderMap, Method, Request, StatusCode};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::TestServer;

/// How long to wait for something asynchronous (a watch event), generous
/// for a loaded machine: only a failing test waits this long.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A server and its router; requests go through `tower::ServiceExt::oneshot`.
pub struct Api {
    /// The server's router.
    pub router: axum::Router,
    /// The server (kept running while the `Api` lives).
    pub server: TestServer,
}

/// A buffered answer.
pub struct Reply {
    /// The status code.
    pub status: StatusCode,
    /// The headers.
    pub headers: HeaderMap,
    /// The body as JSON (`Null` when empty or not JSON).
    pub body: Value,
    /// The body as text.
    pub text: String,
    /// The body as sent.
    pub bytes: Vec<u8>,
}

impl Reply {
    /// A response header as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Every `Warning` header, in order (`299 - "<text>"`).
    pub fn warnings(&self) -> Vec<&str> {
        self.headers
            .get_all("warning")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect()
    }

    /// The causes of a failure `Status` as `<field>: <message>`, in order,
    /// as kubectl prints them under `is invalid:`. Panics when the body
    /// has none.
    pub fn causes(&self) -> Vec<String> {
        self.body["details"]["causes"]
            .as_array()
            .unwrap_or_else(|| panic!("no causes: {}", self.text))
            .iter()
            .map(|c| {
                format!(
                    "{}: {}",
                    c["field"].as_str().unwrap_or(""),
                    c["message"].as_str().unwrap_or("")
                )
            })
            .collect()
    }

    /// Asserts the code and that the body is a failure `Status` with `reason`.
    pub fn assert_failure(&self, code: u16, reason: &str) {
        assert_eq!(self.status.as_u16(), code, "body: {}", self.text);
        assert_eq!(self.body["kind"], "Status", "{}", self.text);
        assert_eq!(self.body["apiVersion"], "v1", "{}", self.text);
        assert_eq!(self.body["status"], "Failure", "{}", self.text);
        assert_eq!(self.body["code"], code, "{}", self.text);
        assert_eq!(self.body["reason"], reason, "{}", self.text);
    }
}

impl Api {
    /// A server over an in-memory store.
    pub fn start() -> Api {
        Api::start_with(std::sync::Arc::new(server::storage::MemoryStore::new()))
    }

    /// A server over `store`.
    pub fn start_with(store: std::sync::Arc<dyn server::storage::Store>) -> Api {
        Api::from_server(TestServer::start_with(store))
    }

    /// [`Api::start_with`], the server configured by `config` (its address
    /// and port are ignored: the server takes a free loopback port).
    pub fn start_with_config(
        store: std::sync::Arc<dyn server::storage::Store>,
        config: server::Config,
    ) -> Api {
        Api::from_server(TestServer::start_with_config(store, config))
    }

    fn from_server(server: TestServer) -> Api {
        Api {
            router: server.server.router(),
            server,
        }
    }

    /// Sends a request and returns the response unread.
    pub async fn call(
        &self,
        method: Method,
        uri: &str,
        headers: &[(&str, &str)],
        body: Body,
    ) -> axum::response::Response {
        let mut request = Request::builder().method(method).uri(uri);
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        let request = request.body(body).expect("request");
        self.router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible")
    }

    /// Sends a request and reads the whole answer.
    pub async fn send(
        &self,
        method: Method,
        uri: &str,
        headers: &[(&str, &str)],
        body: impl Into<Body>,
    ) -> Reply {
        let response = self.call(method, uri, headers, body.into()).await;
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, usize::MAX)
            .await
            .expect("read body");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        Reply {
            status: parts.status,
            headers: parts.headers,
            body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            text,
            bytes: bytes.to_vec(),
        }
    }

    /// GET.
    pub async fn get(&self, uri: &str) -> Reply {
        self.send(Method::GET, uri, &[], Body::empty()).await
    }

    /// GET with an `Accept` header.
    pub async fn get_as(&self, uri: &str, accept: &str) -> Reply {
        self.send(Method::GET, uri, &[("accept", accept)], Body::empty())
            .await
    }

    /// POST of a JSON body.
    pub async fn post(&self, uri: &str, body: &Value) -> Reply {
        self.post_bytes(uri, body.to_string()).await
    }

    /// POST of a body sent as it is, as `application/json` (for bodies a
    /// `Value` cannot hold: repeated keys, deep nesting, bytes that are
    /// not UTF-8).
    pub async fn post_bytes(&self, uri: &str, body: impl Into<Body>) -> Reply {
        self.send(
            Method::POST,
            uri,
            &[("content-type", "application/json")],
            body,
        )
        .await
    }

    /// PUT of a JSON body.
    pub async fn put(&self, uri: &str, body: &Value) -> Reply {
        self.send(
            Method::PUT,
            uri,
            &[("content-type", "application/json")],
            body.to_string(),
        )
        .await
    }

    /// PATCH with a content type and a JSON body.
    pub async fn patch(&self, uri: &str, content_type: &str, body: &Value) -> Reply {
        self.send(
            Method::PATCH,
            uri,
            &[("content-type", content_type)],
            body.to_string(),
        )
        .await
    }

    /// DELETE without a body.
    pub async fn delete(&self, uri: &str) -> Reply {
        self.send(Method::DELETE, uri, &[], Body::empty()).await
    }

    /// DELETE with a `DeleteOptions` body.
    pub async fn delete_with(&self, uri: &str, options: &Value) -> Reply {
        self.send(
            Method::DELETE,
            uri,
            &[("content-type", "application/json")],
            options.to_string(),
        )
        .await
    }

    /// Creates `obj` in the collection at `uri`, asserting 201.
    pub async fn create(&self, uri: &str, obj: &Value) -> Value {
        let r = self.post(uri, obj).await;
        assert_eq!(r.status, StatusCode::CREATED, "create {uri}: {}", r.text);
        r.body
    }

    /// Starts a watch and returns its response headers and the event stream.
    pub async fn watch(&self, uri: &str) -> (StatusCode, HeaderMap, Events) {
        self.watch_as(uri, "application/json").await
    }

    /// Starts a watch asking for the representation `accept`.
    pub async fn watch_as(&self, uri: &str, accept: &str) -> (StatusCode, HeaderMap, Events) {
        let response = self
            .call(Method::GET, uri, &[("accept", accept)], Body::empty())
            .await;
        let (parts, body) = response.into_parts();
        (
            parts.status,
            parts.headers,
            Events {
                body,
                buf: Vec::new(),
            },
        )
    }
}

/// A watch stream read incrementally, one newline-delimited event at a time.
pub struct Events {
    body: Body,
    buf: Vec<u8>,
}

impl Events {
    /// The next event, or `None` when the stream has ended. Panics when
    /// nothing arrives in time.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buf.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=end).collect();
                return Some(serde_json::from_slice(&line).expect("event is JSON"));
            }
            let frame = tokio::time::timeout(
                PATIENCE,
                std::future::poll_fn(|cx| Pin::new(&mut self.body).poll_frame(cx)),
            )
            .await
            .expect("timed out waiting for a watch event");
            match frame {
                None => {
                    assert!(self.buf.is_empty(), "partial event at end of stream");
                    return None;
                }
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        self.buf.extend_from_slice(&data);
                    }
                }
                Some(Err(e)) => panic!("watch stream failed: {e}"),
            }
        }
    }

    /// The next event's type and object name.
    pub async fn next_event(&mut self) -> (String, String) {
        let event = self.next().await.expect("stream ended early");
        (
            event["type"].as_str().unwrap_or_default().to_string(),
            event["object"]["metadata"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
        )
    }
}

// Paths, media types, objects and readers the HTTP tests share.

/// The Widgets of namespace `default` (our own group, `example.dev/v1`).
pub const WIDGETS: &str = "/apis/example.dev/v1/namespaces/default/widgets";
/// The Gadgets (cluster-scoped, `example.dev/v1`).
pub const GADGETS: &str = "/apis/example.dev/v1/gadgets";
/// The ConfigMaps of namespace `default`.
pub const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";
/// The Namespaces.
pub const NAMESPACES: &str = "/api/v1/namespaces";

/// What `kubectl get` sends (KUBECTL.md section C).
pub const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
/// What kubectl sends for discovery (KUBECTL.md section B).
pub const DISCOVERY_ACCEPT: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
/// The aggregated discovery media type, v2.
pub const AGGREGATED_V2: &str =
    "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

/// JSON merge patch (RFC 7386).
pub const MERGE_PATCH: &str = "application/merge-patch+json";
/// JSON patch (RFC 6902).
pub const JSON_PATCH: &str = "application/json-patch+json";
/// Strategic merge patch.
pub const STRATEGIC_MERGE_PATCH: &str = "application/strategic-merge-patch+json";

/// `validation.IsDNS1123Subdomain`'s message
/// (k8s.io/apimachinery/pkg/util/validation/validation.go).
pub const DNS1123_SUBDOMAIN_ERROR: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// Creates the Widget [`widget`]`(name)` and returns what the server answered.
pub async fn create_widget(api: &Api, name: &str) -> Value {
    api.create(WIDGETS, &widget(name)).await
}

/// A Widget named `name`: two replicas, color Red.
pub fn widget(name: &str) -> Value {
    json!({
        "apiVersion": "example.dev/v1",
        "kind": "Widget",
        "metadata": {"name": name},
        "spec": {"replicas": 2, "color": "Red"},
    })
}

/// [`widget`] with the label `app: <app>`.
pub fn labeled_widget(name: &str, app: &str) -> Value {
    let mut w = widget(name);
    w["metadata"]["labels"] = json!({"app": app});
    w
}

/// A ConfigMap named `name` with one data key.
pub fn configmap(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name}, "data": {"k": "v"}})
}

/// A Namespace named `name`.
pub fn namespace(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}})
}

/// `metadata.name`, or `""`.
pub fn name(obj: &Value) -> &str {
    obj["metadata"]["name"].as_str().unwrap_or_default()
}

/// `metadata.resourceVersion`; panics when absent.
pub fn rv(obj: &Value) -> String {
    obj["metadata"]["resourceVersion"]
        .as_str()
        .expect("resourceVersion")
        .to_string()
}

/// The names of a list's items, in order.
pub fn names(list: &Value) -> Vec<String> {
    list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| name(i).to_string())
        .collect()
}

/// The column names of a Table.
pub fn table_columns(table: &Value) -> Vec<&str> {
    table["columnDefinitions"]
        .as_array()
        .expect("columns")
        .iter()
        .map(|c| c["name"].as_str().expect("name"))
        .collect()
}

/// The path of the Widget `name` in namespace `default`.
pub fn widget_uri(name: &str) -> String {
    format!("{WIDGETS}/{name}")
}

/// The entry named `name` of an APIResourceList.
pub fn api_resource<'a>(list: &'a Value, name: &str) -> &'a Value {
    list["resources"]
        .as_array()
        .expect("resources")
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no resource {name} in {list}"))
}

/// Polls `check` until it holds or [`PATIENCE`] runs out.
pub async fn eventually(what: &str, mut check: impl AsyncFnMut() -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !check().await {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
