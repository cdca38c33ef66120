//! The cross-cutting concerns of the request path, as tower layers in the
//! order kube-apiserver's handler chain applies its filters
//! (`k8s.io/apiserver/pkg/server/config.go` `DefaultBuildHandlerChain`):
//!
//! 1. [`catch_panics`]: a panic becomes a 500 Status (`WithPanicRecovery`);
//! 2. compression of large responses ([`LargeResponses`]);
//! 3. [`check_host`]: the `Host` guard of a loopback server;
//! 4. [`ApiServer::resolve`]: the path becomes a [`ResourceRequest`]
//!    (`WithRequestInfo` and the registry lookup), or the request is
//!    answered 404/405;
//! 5. [`record_metrics`]: `apiserver_request_total` and the latency
//!    histogram, 429s included (upstream's `InstrumentHandlerFunc`);
//! 6. [`take_seat`]: read and write seats (`WithMaxInFlightLimit`).
//!
//! Layers 3 to 6 are one tower layer, [`FrontLayer`], and act in that
//! order; 4 to 6 act on resource requests only: discovery, `/version`,
//! health and OpenAPI pass through.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tower::{Layer, Service};

use super::ApiServer;
use super::metrics::Observed;
use super::request::{self, Query, ResourceRequest, Verb};
use super::status::ApiError;
use runtime::meta::StatusReason;

/// Layers 3 to 6 of the module docs as one tower layer: [`check_host`],
/// [`ApiServer::resolve`], [`record_metrics`] and [`take_seat`], in that
/// order, around every route. One layer boxes one future per request and
/// clones its inner service once, where four `axum::middleware::from_fn`
/// layers did that four times over (each also boxing a `Next`).
#[derive(Clone)]
pub(crate) struct FrontLayer {
    server: Arc<ApiServer>,
}

impl FrontLayer {
    /// The layer for `server`'s routes.
    pub(crate) fn new(server: Arc<ApiServer>) -> FrontLayer {
        FrontLayer { server }
    }
}

impl<S> Layer<S> for FrontLayer {
    type Service = Front<S>;

    fn layer(&self, inner: S) -> Front<S> {
        Front {
            server: self.server.clone(),
            inner,
        }
    }
}

/// The service [`FrontLayer`] wraps a route in.
#[derive(Clone)]
pub(crate) struct Front<S> {
    server: Arc<ApiServer>,
    inner: S,
}

impl<S> Service<Request> for Front<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        // The instance polled ready serves this request; a fresh clone
        // stays for the next (tower's clone-and-swap rule).
        let ready = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, ready);
        let server = self.server.clone();
        Box::pin(async move { Ok(front(server, request, inner).await) })
    }
}

/// A request through layers 3 to 6, then `inner`.
async fn front<S>(server: Arc<ApiServer>, mut request: Request, mut inner: S) -> Response
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    if let Some(refused) = check_host(&server, &request) {
        return refused;
    }
    let resolved = match request::unescape_path(request.uri().path()) {
        Ok(path) => server.resolve(request.method(), &path, request.uri().query()),
        Err(_) => return malformed_path(),
    };
    let resource = match resolved {
        Ok(Some(resource)) => resource,
        Ok(None) => return call(&mut inner, request).await,
        Err(e) => return e.into_response(),
    };
    let observed = Observed::of(&resource);
    let seats = seats(&server, resource.verb);
    request.extensions_mut().insert(resource);
    let started = Instant::now();
    let response = match seats {
        None => call(&mut inner, request).await,
        Some(seats) => match take_seat(seats) {
            Some(_seat) => call(&mut inner, request).await,
            None => ApiError::too_many_requests(1).into_response(),
        },
    };
    record_metrics(&server, observed, &response, started);
    response
}

/// `inner`'s answer to `request` (it is ready: a route always is).
async fn call<S>(inner: &mut S, request: Request) -> Response
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    match inner.call(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

impl ApiServer {
    /// Resolves a resource request once, before any other work: the path
    /// parsed into a [`request::RequestInfo`], the kind's registry entry,
    /// the verb and the query, which [`FrontLayer`] puts in the request's
    /// extensions for the handler. `None` for a path that is not a
    /// resource (discovery, `/version`, health, OpenAPI).
    ///
    /// `path` is the request's path unescaped
    /// ([`request::unescape_path`]), `query` its raw query.
    ///
    /// Errors: 404 `NotFound` for a path under `/api` or `/apis` that is
    /// not a discovery document and names no served resource, 405
    /// `MethodNotAllowed` for a method it does not take.
    fn resolve(
        &self,
        method: &Method,
        path: &str,
        query: Option<&str>,
    ) -> Result<Option<ResourceRequest>, ApiError> {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        if method == Method::GET && request::discovery_path(&segments).is_some() {
            return Ok(None);
        }
        let (core, rest) = match segments.as_slice() {
            ["api", rest @ ..] => (true, rest),
            ["apis", rest @ ..] => (false, rest),
            _ => return Ok(None),
        };
        let info = request::parse_resource_path(core, rest).ok_or_else(ApiError::path_not_found)?;
        let entry = *self
            .registry
            .find(&info.group, &info.version, &info.resource)
            .ok_or_else(ApiError::path_not_found)?;
        let query = Query::parse(query);
        let verb = info.verb(method, &query)?;
        Ok(Some(ResourceRequest {
            entry,
            info,
            verb,
            query,
        }))
    }
}

/// What Go's HTTP server answers a request whose path does not unescape
/// (`url.ParseRequestURI` fails in `readRequest`), before any handler of
/// kube-apiserver's sees it: a plain-text `400 Bad Request`, and the
/// connection closed.
fn malformed_path() -> Response {
    let mut response = (StatusCode::BAD_REQUEST, "400 Bad Request").into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Counts a resource request and times it from `started` (watches are
/// counted, not timed), with kube-apiserver's labels and the answered
/// code, 429s included.
fn record_metrics(server: &ApiServer, observed: Observed, response: &Response, started: Instant) {
    server
        .metrics
        .observe(observed, response.status().as_u16(), started.elapsed());
}

/// The seats a request of `verb` takes one of: reads (get, list) and
/// writes have separate seats, as upstream's `WithMaxInFlightLimit` keeps
/// them, so clients that send bodies slowly hold write seats only;
/// watches are long-running and take none.
fn seats(server: &ApiServer, verb: Verb) -> Option<&Arc<tokio::sync::Semaphore>> {
    match verb {
        Verb::Watch => None,
        Verb::Get | Verb::List => Some(&server.inflight),
        _ => Some(&server.mutating_inflight),
    }
}

/// Takes one of `seats` for the request, held until it is answered;
/// `None` when none is free (answered 429 `TooManyRequests` with
/// `Retry-After: 1`).
fn take_seat(seats: &Arc<tokio::sync::Semaphore>) -> Option<tokio::sync::OwnedSemaphorePermit> {
    seats.clone().try_acquire_owned().ok()
}

/// Refuses a request whose `Host` is not accepted (see
/// [`Config::allowed_hosts`](super::Config::allowed_hosts)) with a 403
/// `Forbidden` Status, before any other work. Requests without a `Host`
/// header (HTTP/1.0) pass: browsers always send one.
fn check_host(server: &ApiServer, request: &Request) -> Option<Response> {
    let allowed = server.allowed_hosts.as_ref()?;
    let host = request.headers().get(header::HOST)?;
    let text = host.to_str().unwrap_or("");
    if host_allowed(text, allowed) {
        return None;
    }
    Some(
        ApiError::new(
            403,
            StatusReason::Forbidden,
            format!(
                "host {} is not allowed: this server listens on a loopback address and answers loopback names only; start it with --allowed-hosts={} to accept this host",
                runtime::field::quote(text),
                host_name(text)
            ),
        )
        .into_response(),
    )
}

/// The host of a `Host` header value, without port or IPv6 brackets.
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("");
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Whether a `Host` header value names a loopback address, `localhost`
/// (or a name under `.localhost`), or one of `allowed` (case-insensitive).
fn host_allowed(host: &str, allowed: &[String]) -> bool {
    let name = host_name(host).trim_end_matches('.').to_ascii_lowercase();
    name == "localhost"
        || name.ends_with(".localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
        || allowed
            .iter()
            .any(|a| a.trim_end_matches('.').eq_ignore_ascii_case(&name))
}

/// Compresses responses of at least 128 KiB whose size is known (as
/// kube-apiserver gzips large responses); never a watch stream.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LargeResponses;

impl tower_http::compression::Predicate for LargeResponses {
    fn should_compress<B: axum::body::HttpBody>(&self, response: &axum::http::Response<B>) -> bool {
        response
            .extensions()
            .get::<super::watch::WatchStream>()
            .is_none()
            && response
                .body()
                .size_hint()
                .exact()
                .is_some_and(|n| n >= 128 * 1024)
    }
}

/// Turns a panic while handling a request into a 500 `InternalError`
/// Status (kube-apiserver's `WithPanicRecovery` answers 500 too), so one
/// bad request never takes the connection, or the server, down with it.
pub(crate) fn catch_panics()
-> tower_http::catch_panic::CatchPanicLayer<fn(Box<dyn std::any::Any + Send>) -> Response> {
    fn respond(panic: Box<dyn std::any::Any + Send>) -> Response {
        panicked(panic).into_response()
    }
    tower_http::catch_panic::CatchPanicLayer::custom(respond as fn(_) -> _)
}

/// The 500 `InternalError` for a panic while handling a request (in the
/// handler, or in a write on the blocking pool), logged.
pub(crate) fn panicked(panic: Box<dyn std::any::Any + Send>) -> ApiError {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    tracing::error!(panic = %what, "request handler panicked");
    ApiError::internal(format!(
        "the server panicked while handling the request: {what}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;
    use axum::routing::get;
    use serde_json::Value;
    use tower::ServiceExt;

    #[tokio::test]
    async fn a_panicking_handler_answers_a_500_status() {
        async fn boom() -> &'static str {
            panic!("index out of bounds")
        }
        let router: axum::Router = axum::Router::new()
            .route("/boom", get(boom))
            .layer(catch_panics());
        let request = axum::http::Request::get("/boom")
            .body(axum::body::Body::empty())
            .unwrap();
        let response = router.oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let status: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(status["kind"], "Status");
        assert_eq!(status["reason"], "InternalError");
        assert_eq!(
            status["message"],
            "Internal error occurred: the server panicked while handling the request: index out of bounds"
        );
    }
}
