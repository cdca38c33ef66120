//! A request harness for HTTP-level tests: requests go through the
//! server's router in process (`tower::ServiceExt::oneshot`), answers are
//! read whole (or, for watches, event by event).

use std::pin::Pin;
use std::time::Duration;

use axum::body::{Body, HttpBody};
use axum::http::{HeaderMap, Method, Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

use crate::TestServer;

/// How long to wait for something asynchronous (a watch event).
pub const PATIENCE: Duration = Duration::from_secs(10);

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
        let server = TestServer::start_with(store);
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
        self.send(
            Method::POST,
            uri,
            &[("content-type", "application/json")],
            body.to_string(),
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
