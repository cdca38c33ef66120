//! The generic Kubernetes API server (the part of `k8s.io/apiserver` this
//! project needs): axum routes over a [`Registry`] and a [`Store`], serving
//! every registered resource with Kubernetes semantics.
//!
//! The machinery it builds on (meta types, codecs, schemas, field errors,
//! validation, the registry traits) is the `runtime` crate, which has no
//! I/O; this crate adds what a server needs: the HTTP handlers (`rest`
//! verbs, discovery, watch), the revisioned [`storage`] backends and the
//! [`patch`] engines (strategic merge, server-side apply).
//!
//! Handlers are small functions over a resolved request; cross-cutting
//! concerns (panic recovery, compression, the `Host` guard, request
//! resolution, metrics, the in-flight limit) are tower layers, in the
//! order of kube-apiserver's handler chain (`layers`).
#![deny(missing_docs)]

pub mod admission;
pub mod allocation;
pub mod blocking;
pub mod patch;
pub mod storage;

mod bootstrap;
mod cache;
mod deletion;
pub mod discovery;
mod duplicates;
pub mod expiry;
mod filter;
#[cfg(test)]
mod fixtures;
mod health;
mod issuer_discovery;
mod layers;
mod lister;
mod metrics;
mod namespaces;
pub mod negotiate;
pub mod object;
mod openapi;
mod read_cache;
mod rendered;
pub mod request;
mod rest;
mod serve;
pub mod status;
mod store;
mod strategy;
pub mod subresource;
pub mod table;
pub mod validation;
mod versions;
mod warnings;
mod watch;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use serde_json::Value;

pub use self::status::ApiError;
use crate::storage::Store;
use runtime::registry::Registry;

/// Server settings, named after kube-apiserver's flags where one exists.
#[derive(Debug, Clone)]
pub struct Config {
    /// `--bind-address`.
    pub bind_address: std::net::IpAddr,
    /// `--port` (plain HTTP); 0 picks a free port.
    pub port: u16,
    /// `--max-requests-inflight`: concurrent read-only requests (get, list;
    /// watches are long-running and not counted) before 429 (upstream: 400).
    pub max_requests_inflight: usize,
    /// `--max-mutating-requests-inflight`: concurrent writes (create,
    /// update, patch, delete, deletecollection) before 429 (upstream: 200).
    /// Writes have their own seats, so clients that send bodies slowly hold
    /// write seats only, never the reads'.
    pub max_mutating_requests_inflight: usize,
    /// `--request-timeout`: how long a request may take to send its body
    /// before it is answered 504 `Timeout` (upstream: 60 s for the whole
    /// request).
    pub request_timeout: std::time::Duration,
    /// How long shutdown waits for requests in flight (watches end at once).
    pub shutdown_grace: std::time::Duration,
    /// How long a client may take to send a request's headers before its
    /// connection is closed (kube-apiserver's `ReadHeaderTimeout`, 32 s).
    pub header_read_timeout: std::time::Duration,
    /// Host names (without port) accepted in the `Host` header besides the
    /// loopback names and addresses, when the server listens on a loopback
    /// address (`--allowed-hosts`). Bound to any other address, every host
    /// is accepted. Guards a server on a developer's machine against DNS
    /// rebinding: a web page cannot reach it through a name of its own.
    pub allowed_hosts: Vec<String>,
    /// Where to write a kubeconfig pointing at this server, if anywhere.
    pub kubeconfig: Option<PathBuf>,
    /// How often watches with `allowWatchBookmarks=true` get a BOOKMARK.
    pub bookmark_interval: std::time::Duration,
    /// Validation options switched on (`+k8s:ifEnabled`/`ifDisabled`), as
    /// kube-apiserver's feature gates: `--feature-gates=WidgetGracePeriod=true`.
    pub validation_options: std::collections::BTreeSet<String>,
    /// How often storage history is compacted; each compaction keeps one
    /// interval of history (kube-apiserver's `--etcd-compaction-interval`, 5m).
    pub compaction_interval: std::time::Duration,
    /// The admission plugins every write runs through ([`admission`]).
    pub admission: admission::Admission,
    /// The subresources whose creates do more than write an object
    /// (`pods/eviction`), beside every kind's `status` and `scale`
    /// ([`subresource`]).
    pub subresources: subresource::Subresources,
    /// `--service-cluster-ip-range`: the CIDR services' cluster IPs come
    /// from (upstream's default [`allocation::DEFAULT_SERVICE_CLUSTER_IP_RANGE`],
    /// `10.0.0.0/24`).
    pub service_cluster_ip_range: ipnet::IpNet,
    /// `--service-node-port-range`: the ports `NodePort` and `LoadBalancer`
    /// services' node ports come from (30000-32767).
    pub service_node_port_range: std::ops::RangeInclusive<i32>,
    /// The resources whose objects expire a while after their last write
    /// (kube-apiserver's `--event-ttl` for Events: the `apiserver` binary
    /// passes [`expiry::Expiry::events`]); none by default. They start
    /// expiring when the server serves ([`ApiServer::serve_on`]).
    pub expiring: Vec<expiry::Expiry>,
    /// The bearer token authenticator the token reviews of
    /// `authentication.k8s.io` ask (the `apiserver` binary's service
    /// account token issuer); none by default: a review is then answered
    /// unauthenticated, as kube-apiserver answers it without one.
    pub token_authenticator: Option<Arc<dyn runtime::auth::TokenAuthenticator>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind_address: std::net::IpAddr::from([127, 0, 0, 1]),
            port: 6443,
            max_requests_inflight: 400,
            max_mutating_requests_inflight: 200,
            request_timeout: std::time::Duration::from_secs(60),
            shutdown_grace: serve::DEFAULT_SHUTDOWN_GRACE,
            header_read_timeout: serve::HEADER_READ_TIMEOUT,
            allowed_hosts: Vec::new(),
            kubeconfig: None,
            bookmark_interval: std::time::Duration::from_secs(60),
            compaction_interval: std::time::Duration::from_secs(300),
            validation_options: std::collections::BTreeSet::new(),
            admission: admission::Admission::default(),
            subresources: subresource::Subresources::default(),
            service_cluster_ip_range: ipnet::IpNet::V4(ipnet::Ipv4Net::new_assert(
                std::net::Ipv4Addr::new(10, 0, 0, 0),
                24,
            )),
            service_node_port_range: allocation::DEFAULT_SERVICE_NODE_PORT_RANGE,
            expiring: Vec::new(),
            token_authenticator: None,
        }
    }
}

/// The shared state of a running server.
pub struct ApiServer {
    registry: Registry,
    store: Arc<dyn Store>,
    inflight: Arc<tokio::sync::Semaphore>,
    mutating_inflight: Arc<tokio::sync::Semaphore>,
    request_timeout: std::time::Duration,
    timeouts: serve::Timeouts,
    /// The `Host` names accepted; `None` accepts every host.
    allowed_hosts: Option<Vec<String>>,
    metrics: metrics::Metrics,
    address: std::sync::OnceLock<SocketAddr>,
    caches: std::sync::Mutex<std::collections::HashMap<String, Arc<cache::WatchCache>>>,
    bookmark_interval: std::time::Duration,
    validation_options: std::collections::BTreeSet<String>,
    /// The protobuf form of the OpenAPI v2 document, made on first request.
    openapi_v2_proto: std::sync::OnceLock<Result<axum::body::Bytes, String>>,
    /// The registry's OpenAPI v2 document as served (shared, not copied
    /// per request).
    openapi_v2_json: Option<axum::body::Bytes>,
    /// The admission plugins.
    admission: admission::Admission,
    /// The subresources served beside `status` and `scale`.
    subresources: subresource::Subresources,
    /// Who sends every request (no authentication).
    user: admission::UserInfo,
    /// What the access reviews ask: the server serves without
    /// authorization, as kube-apiserver's `--authorization-mode=AlwaysAllow`.
    authorizer: runtime::auth::AlwaysAllow,
    /// What the token reviews ask ([`Config::token_authenticator`]).
    token_authenticator: Option<Arc<dyn runtime::auth::TokenAuthenticator>>,
    /// Set once shutdown begins: open watches end so that in-flight
    /// requests can drain.
    stopping: tokio::sync::watch::Sender<bool>,
    /// The JSON GET answered for recently read or watched objects.
    read_cache: Arc<read_cache::ReadCache>,
    /// The JSON of objects writes are storing, for the watch caches (see
    /// `rendered`).
    renderings: Arc<rendered::Renderings>,
    /// Whether each namespace read so far was terminating, at the revision
    /// read (see `namespaces::NamespaceStates`).
    namespace_states: namespaces::NamespaceStates,
    /// The namespaces as the lifecycle admission reads them (see
    /// `namespaces::NamespaceLister`).
    namespace_lister: Arc<namespaces::NamespaceLister>,
    /// The resources admission plugins list on each write, cached, by
    /// storage prefix, with the version they are read in (see `lister`).
    listers: std::collections::HashMap<String, (runtime::registry::Entry, Arc<lister::Lister>)>,
    /// The service cluster IP and node port ranges, and what writes in
    /// flight hold of them.
    ranges: Arc<allocation::Ranges>,
    /// The resources whose objects expire ([`Config::expiring`]), and
    /// whether their tasks were started (by the first
    /// [`ApiServer::serve_on`]).
    expiring: Vec<expiry::Expiry>,
    expiry_started: std::sync::atomic::AtomicBool,
}

impl ApiServer {
    /// A server over `registry` and `store`. Creates the objects that exist
    /// from the start where they are missing (the kinds' bootstrap objects:
    /// upstream's system namespaces, the `kubernetes` Service, the
    /// `cluster-admin` role and binding), and, when called inside a tokio
    /// runtime, starts the task that lists and watches the namespaces for
    /// the namespace lifecycle admission (as upstream's informer; it ends
    /// with the server).
    ///
    /// Versions removed in the server's release
    /// ([`discovery::RELEASE`], `+k8s:prerelease-lifecycle-gen:removed`)
    /// are not served, as kube-apiserver leaves them out.
    ///
    /// Errors: the store fails while creating them; a version of a
    /// resource whose objects would be kept under other keys than its
    /// storage version's (a kind cohabiting with a resource of a group
    /// keyed otherwise, see `store::resource_prefix`) is a 500 naming both.
    pub fn new(
        mut registry: Registry,
        store: Arc<dyn Store>,
        config: &Config,
    ) -> Result<Arc<ApiServer>, ApiError> {
        discovery::leave_out_removed(&mut registry, discovery::RELEASE);
        for entry in registry.entries() {
            let (own, stored) = (
                store::resource_prefix(&entry.info),
                store::resource_prefix(&registry.storage_entry(entry).info),
            );
            if own != stored {
                return Err(ApiError::internal(format!(
                    "{} of {} is stored as {} of {}, whose objects are kept under {stored}, not {own}",
                    entry.info.plural,
                    entry.info.api_version,
                    registry.storage_entry(entry).info.plural,
                    registry.storage_entry(entry).info.api_version,
                )));
            }
        }
        let openapi_v2_json = registry.openapi_v2().map(|doc| match doc {
            std::borrow::Cow::Borrowed(doc) => axum::body::Bytes::from_static(doc.as_bytes()),
            std::borrow::Cow::Owned(doc) => axum::body::Bytes::from(doc.clone()),
        });
        let mut listers = std::collections::HashMap::new();
        for (group, version, plural) in config.admission.listed_resources() {
            if let Some(entry) = registry.find(group, version, plural) {
                listers
                    .entry(store::resource_prefix(&entry.info))
                    .or_insert_with(|| (*entry, Arc::default()));
            }
        }
        let server = Arc::new(ApiServer {
            registry,
            store,
            inflight: Arc::new(tokio::sync::Semaphore::new(config.max_requests_inflight)),
            mutating_inflight: Arc::new(tokio::sync::Semaphore::new(
                config.max_mutating_requests_inflight,
            )),
            request_timeout: config.request_timeout,
            timeouts: serve::Timeouts {
                header_read: config.header_read_timeout,
                shutdown_grace: config.shutdown_grace,
            },
            allowed_hosts: config
                .bind_address
                .is_loopback()
                .then(|| config.allowed_hosts.clone()),
            metrics: metrics::Metrics::default(),
            address: std::sync::OnceLock::new(),
            caches: std::sync::Mutex::new(std::collections::HashMap::new()),
            bookmark_interval: config.bookmark_interval,
            validation_options: config.validation_options.clone(),
            ranges: allocation::Ranges::new(
                config.service_cluster_ip_range,
                config.service_node_port_range.clone(),
            ),
            openapi_v2_proto: std::sync::OnceLock::new(),
            openapi_v2_json,
            admission: config.admission.clone(),
            subresources: config.subresources.clone(),
            user: admission::UserInfo::unsecured(),
            authorizer: runtime::auth::AlwaysAllow,
            token_authenticator: config.token_authenticator.clone(),
            stopping: tokio::sync::watch::Sender::new(false),
            read_cache: Arc::new(read_cache::ReadCache::new(READ_CACHE_BYTES)),
            renderings: Arc::default(),
            namespace_states: namespaces::NamespaceStates::default(),
            namespace_lister: Arc::default(),
            listers,
            expiring: config.expiring.clone(),
            expiry_started: std::sync::atomic::AtomicBool::new(false),
        });
        server.create_bootstrap_objects(if config.port == 0 { 6443 } else { config.port })?;
        if let Some(entry) = server.namespace_entry() {
            server.start_lister(entry, server.namespace_lister.clone());
        }
        for (entry, lister) in server.listers.values() {
            server.start_lister(*entry, lister.clone());
        }
        Ok(server)
    }

    /// The router serving the whole API.
    pub fn router(self: &Arc<Self>) -> Router {
        axum::Router::new()
            // go-restful's `/version` service answers its root route with
            // and without the slash (the Python client asks `/version/`).
            .route(
                "/version",
                get(|| async { version_json(&discovery::version()) }),
            )
            .route(
                "/version/",
                get(|| async { version_json(&discovery::version()) }),
            )
            // Upstream's health handlers answer any method.
            .route("/healthz", any(health::check))
            .route("/livez", any(health::check))
            .route("/readyz", any(health::check))
            .route("/healthz/{check}", any(health::check_one))
            .route("/livez/{check}", any(health::check_one))
            .route("/readyz/{check}", any(health::check_one))
            .route("/metrics", get(metrics_handler))
            .route(
                "/.well-known/openid-configuration",
                get(issuer_discovery::openid_configuration),
            )
            .route("/openid/v1/jwks", get(issuer_discovery::jwks))
            .route("/openapi/v2", get(openapi::v2))
            .route("/openapi/v3", get(openapi::index))
            .route("/openapi/v3/{*path}", get(openapi::document))
            .fallback(dispatch)
            .method_not_allowed_fallback(method_not_allowed)
            // The last layer added runs first; see `layers` for the order.
            .layer(layers::FrontLayer::new(self.clone()))
            .with_state(self.clone())
            .layer(
                tower_http::compression::CompressionLayer::new()
                    .gzip(true)
                    .compress_when(layers::LargeResponses),
            )
            .layer(layers::catch_panics())
            .layer(tower_http::trace::TraceLayer::new_for_http())
    }

    /// Binds, writes the kubeconfig, and serves until SIGTERM or Ctrl-C.
    /// Prints where it listens on stdout.
    ///
    /// Errors: the address cannot be bound, or the kubeconfig cannot be written.
    pub async fn serve(self: Arc<Self>, config: &Config) -> std::io::Result<()> {
        let listener = tokio::net::TcpListener::bind((config.bind_address, config.port)).await?;
        let addr = listener.local_addr()?;
        let _ = self.address.set(addr);
        // Before the banner: whoever reads it may send SIGTERM at once.
        let shutdown = shutdown_signal();
        if let Some(path) = &config.kubeconfig {
            write_kubeconfig(path, &format!("http://{addr}"))?;
        }
        // A closed stdout (the parent stopped reading) must not stop the
        // server: write errors are ignored rather than panicking as
        // `println!` would.
        let mut banner = format!("apiserver listening on http://{addr}\n");
        if let Some(path) = &config.kubeconfig {
            banner.push_str(&format!(
                "kubeconfig written to {0}; try: KUBECONFIG={0} kubectl get namespaces\n",
                path.display()
            ));
        }
        {
            use std::io::Write as _;
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(banner.as_bytes());
            let _ = stdout.flush();
        }
        tracing::info!(%addr, "serving");
        if !config.compaction_interval.is_zero() {
            self.start_compactor(config.compaction_interval);
        }
        self.serve_on(listener, shutdown).await
    }

    /// Serves the API on `listener` until `shutdown` completes, then ends
    /// open watches ([`ApiServer::begin_shutdown`]) and drains the other
    /// requests for at most the configured shutdown grace (for embedding
    /// the server in tests and other programs; [`ApiServer::serve`] adds
    /// the banner, the kubeconfig, signals and compaction).
    ///
    /// Errors: none today (accept errors are retried).
    pub async fn serve_on(
        self: &Arc<Self>,
        listener: tokio::net::TcpListener,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let _ = self.address.set(listener.local_addr()?);
        if !self
            .expiry_started
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            for expiry in &self.expiring {
                self.start_expiry(*expiry);
            }
        }
        let server = self.clone();
        serve::serve_connections(
            listener,
            self.router(),
            async move {
                shutdown.await;
                server.begin_shutdown();
            },
            self.timeouts,
        )
        .await
    }

    /// Starts a graceful shutdown: every open watch ends (clients see the
    /// stream close and re-watch elsewhere, as when kube-apiserver stops),
    /// so the server can stop once the other requests in flight finish.
    pub fn begin_shutdown(&self) {
        self.stopping.send_replace(true);
    }

    /// Resolves once [`ApiServer::begin_shutdown`] has been called.
    pub(crate) fn stopped(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut stopping = self.stopping.subscribe();
        async move {
            let _ = stopping.wait_for(|stop| *stop).await;
        }
    }

    /// Compacts storage every `interval`, to the revision seen one interval
    /// earlier, so reads and watches have at least one interval of history.
    pub fn start_compactor(self: &Arc<Self>, interval: std::time::Duration) {
        let store = self.store.clone();
        tokio::spawn(async move {
            let mut ticker = tokio::time::interval(interval);
            ticker.tick().await;
            let mut previous = store.current_revision();
            loop {
                ticker.tick().await;
                let target = previous;
                previous = store.current_revision();
                if target > store.compacted_revision()
                    && let Err(e) = store.compact(target)
                {
                    tracing::warn!(error = %e, "compaction failed");
                }
            }
        });
    }

    /// The watch cache of a resource, started on first use.
    fn watch_cache(
        &self,
        entry: &runtime::registry::Entry,
    ) -> Result<Arc<cache::WatchCache>, ApiError> {
        let prefix = store::resource_prefix(&entry.info);
        let mut caches = self
            .caches
            .lock()
            .map_err(|_| ApiError::internal("watch cache lock poisoned"))?;
        if let Some(c) = caches.get(&prefix)
            && !c.ended()
        {
            return Ok(c.clone());
        }
        let c = cache::WatchCache::start(
            &self.store,
            &prefix,
            self.registry.storage_entry(entry).kind,
            Some(self.read_cache.clone()),
            Some(self.renderings.clone()),
        )
        .map_err(ApiError::internal)?;
        caches.insert(prefix, c.clone());
        Ok(c)
    }

    /// Whether a watch cache consumes the events of `info`'s resource: a
    /// write to it then renders its object's JSON for the cache (see
    /// `rendered`). A write does not wait for the caches' lock (held while
    /// a cache starts, which takes round trips to etcd): while it is held,
    /// the answer is no, and the cache reads that write's stored bytes.
    fn watched(&self, info: &runtime::resource::ResourceInfo) -> bool {
        let prefix = store::resource_prefix(info);
        self.caches
            .try_lock()
            .is_ok_and(|caches| caches.get(&prefix).is_some_and(|c| !c.ended()))
    }

    fn server_address(&self) -> String {
        self.address
            .get()
            .map(|a| a.to_string())
            .unwrap_or_else(|| "127.0.0.1:6443".into())
    }
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C).
///
/// The handlers are registered when this is called, not when the future is
/// first polled: [`ApiServer::serve`] calls it before printing its banner,
/// so a SIGTERM sent by anyone who has read the banner (or seen `/readyz`
/// answer) starts a graceful shutdown instead of killing the process. A
/// handler that cannot be registered is logged, and the other one still
/// works; the future never resolves for want of one.
fn shutdown_signal() -> impl std::future::Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let signals = {
        use tokio::signal::unix::{SignalKind, signal};
        let term = signal(SignalKind::terminate());
        let interrupt = signal(SignalKind::interrupt());
        for (name, registered) in [("SIGTERM", &term), ("SIGINT", &interrupt)] {
            if let Err(error) = registered {
                tracing::warn!(%error, "no {name} handler; {name} will not shut the server down gracefully");
            }
        }
        (term, interrupt)
    };
    async move {
        #[cfg(unix)]
        {
            let (term, interrupt) = signals;
            tokio::select! {
                () = received(term) => {}
                () = received(interrupt) => {}
            }
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
        tracing::info!("shutting down");
    }
}

/// Resolves when `signal` is received; never, when it was not registered.
#[cfg(unix)]
async fn received(signal: std::io::Result<tokio::signal::unix::Signal>) {
    match signal {
        Ok(mut signal) => {
            signal.recv().await;
        }
        Err(_) => std::future::pending().await,
    }
}

/// The byte budget of the cache of JSON GET answers.
const READ_CACHE_BYTES: usize = 32 * 1024 * 1024;

/// The router type [`ApiServer::router`] returns.
pub type Router = axum::Router;

/// A path served, asked with a method it does not answer (`POST
/// /version`): 405 with a `MethodNotAllowed` Status.
async fn method_not_allowed() -> Response {
    ApiError::method_not_allowed().into_response()
}

/// Writes a kubeconfig with one cluster, user and context named `rust-apiserver`.
///
/// Errors: the file cannot be written.
pub fn write_kubeconfig(path: &Path, server: &str) -> std::io::Result<()> {
    let text = format!(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: rust-apiserver\n  cluster:\n    server: {server}\nusers:\n- name: rust-apiserver\n  user: {{}}\ncontexts:\n- name: rust-apiserver\n  context:\n    cluster: rust-apiserver\n    user: rust-apiserver\n    namespace: default\ncurrent-context: rust-apiserver\n"
    );
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, text)
}

/// An API object's JSON response, as kube-apiserver's serializer writes
/// it (`json.Encoder`: HTML-safe, a newline after the text).
fn json(status: StatusCode, value: &Value) -> Response {
    json_text(
        status,
        runtime::go::encoder::to_vec_line(value).unwrap_or_default(),
    )
}

/// `/version`'s response, written as upstream's `WriteRawJSON` writes a
/// non-API object: `json.MarshalIndent(v, "", "  ")`, no newline after.
fn version_json(value: &Value) -> Response {
    json_text(
        StatusCode::OK,
        runtime::go::encoder::to_vec_pretty(value).unwrap_or_default(),
    )
}

fn json_text(status: StatusCode, text: Vec<u8>) -> Response {
    let mut response = (status, text).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

async fn metrics_handler(State(server): State<Arc<ApiServer>>) -> Response {
    let text = server
        .metrics
        .render(&server.registry, server.store.as_ref());
    let mut response = text.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
    );
    response
}

/// Every `/api...` and `/apis...` request: a resource request the
/// [`layers::FrontLayer`] resolved, or discovery.
async fn dispatch(
    State(server): State<Arc<ApiServer>>,
    resource: Option<request::ResourceRequest>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    // Upstream's deprecation warning, on every response for a deprecated
    // version (errors included).
    let deprecation = resource
        .as_ref()
        .and_then(|r| discovery::deprecation_warning(&r.entry, discovery::RELEASE));
    let result = match resource {
        Some(resource) => {
            let result = rest::handle(&server, &resource, &parts.headers, body).await;
            if let Err(e) = &result {
                tracing::debug!(verb = resource.verb.name(), resource = resource.entry.info.plural, code = e.code, message = %e.message, "request failed");
            }
            result
        }
        // The path as the front layer resolved it, unescaped (it has
        // answered a path that does not unescape already).
        None => match request::unescape_path(parts.uri.path()) {
            Ok(path) => server.discovery(&parts.method, &path, &parts.headers),
            Err(_) => Err(ApiError::path_not_found()),
        },
    };
    let mut response = result.unwrap_or_else(IntoResponse::into_response);
    if response.status() == StatusCode::NOT_FOUND
        && response.headers().get(header::CONTENT_TYPE).is_none()
    {
        response = ApiError::path_not_found().into_response();
    }
    if let Some(warning) = deprecation {
        // First, as upstream's `AddWarningsHandler` adds it before the
        // handler runs.
        let headers = response.headers_mut();
        let later: Vec<_> = headers.get_all(header::WARNING).iter().cloned().collect();
        headers.remove(header::WARNING);
        warnings::add_warnings(headers, vec![warning]);
        for value in later {
            headers.append(header::WARNING, value);
        }
    }
    response
}

impl ApiServer {
    /// The discovery documents: `/api`, `/apis`, `/apis/<group>`,
    /// `/api/<version>` and `/apis/<group>/<version>`; 404 for any other path.
    /// `path` is unescaped ([`request::unescape_path`]), as Go's `URL.Path`.
    fn discovery(
        &self,
        method: &Method,
        path: &str,
        headers: &HeaderMap,
    ) -> Result<Response, ApiError> {
        if method != Method::GET {
            return Err(ApiError::path_not_found());
        }
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let list = match request::discovery_path(&segments) {
            Some(request::DiscoveryPath::Root { core }) => {
                return Ok(self.discovery_root(core, headers));
            }
            Some(request::DiscoveryPath::Group(group)) => {
                discovery::api_group(&self.registry, group)
            }
            Some(request::DiscoveryPath::Resources { group, version }) => {
                discovery::api_resource_list(&self.registry, &self.subresources, group, version)
            }
            None => None,
        };
        list.map(|v| json(StatusCode::OK, &v))
            .ok_or_else(ApiError::path_not_found)
    }
}

impl ApiServer {
    fn discovery_root(&self, core: bool, headers: &HeaderMap) -> Response {
        let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok());
        match discovery::wants_aggregated(accept) {
            Some(version) => {
                let doc = discovery::aggregated(&self.registry, &self.subresources, core, version);
                let body = serde_json::to_vec(&doc).unwrap_or_default();
                let etag = format!("\"{:016X}\"", fnv1a(&body));
                let content_type = if version == "v2" {
                    discovery::AGGREGATED_V2
                } else {
                    discovery::AGGREGATED_V2BETA1
                };
                let not_modified = headers
                    .get(header::IF_NONE_MATCH)
                    .and_then(|v| v.to_str().ok())
                    == Some(etag.as_str());
                let mut response = if not_modified {
                    StatusCode::NOT_MODIFIED.into_response()
                } else {
                    (StatusCode::OK, body).into_response()
                };
                let h = response.headers_mut();
                h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
                if let Ok(v) = HeaderValue::from_str(&etag) {
                    h.insert(header::ETAG, v);
                }
                h.insert(header::VARY, HeaderValue::from_static("Accept"));
                response
            }
            None if core => json(
                StatusCode::OK,
                &discovery::api_versions(&self.registry, &self.server_address()),
            ),
            None => json(StatusCode::OK, &discovery::api_group_list(&self.registry)),
        }
    }
}

/// FNV-1a, for discovery ETags (stable across runs for the same document).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf29ce484222325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x100000001b3);
    }
    hash
}

/// Helpers for the unit tests of this crate.
#[cfg(test)]
mod test_support {
    use runtime::resource::{NameFormat, ResourceInfo};

    /// A core-group (`v1`) kind with every option off but `generation`,
    /// for unit tests of code that reads a few fields.
    pub(crate) const fn core_info(kind: &'static str, plural: &'static str) -> ResourceInfo {
        ResourceInfo {
            group: "",
            version: "v1",
            api_version: "v1",
            kind,
            plural,
            singular: "x",
            namespaced: true,
            short_names: &[],
            categories: &[],
            status_subresource: false,
            scale_subresource: None,
            printer_columns: &[],
            selectable_fields: &[],
            generation: true,
            annotations_bump_generation: false,
            allow_create_on_update: false,
            allow_unconditional_update: true,
            return_deleted_object: false,
            verbs: runtime::resource::RESOURCE_VERBS,
            name_format: NameFormat::Dns1123Subdomain,
            printer: None,
            strategy: runtime::resource::KindStrategy::DEFAULT,
        }
    }
}
