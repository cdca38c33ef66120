//! The connection loop: HTTP/1.1 connections served by hyper with the
//! timeouts kube-apiserver's `http.Server` has, and a shutdown that drains
//! requests in flight for at most a grace period.
//!
//! axum's own `serve` gives hyper no timer, so a client that sends its
//! request headers one byte at a time holds its connection forever; Go's
//! server, as kube-apiserver configures it (`ReadHeaderTimeout: 32s` in
//! `k8s.io/apiserver/pkg/server/secure_serving.go`), closes it.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tower::ServiceExt as _;

use super::Router;

/// How long a client may take to send a request's headers before its
/// connection is closed: kube-apiserver's `ReadHeaderTimeout` (32 s).
pub(crate) const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(32);

/// The largest request head accepted (request line and headers), as Go's
/// `http.DefaultMaxHeaderBytes` (1 MiB); larger heads are answered 431.
pub(crate) const MAX_HEADER_BYTES: usize = 1024 * 1024;

/// How long shutdown waits for requests in flight by default (the request
/// timeout: no request that reads its body in time runs longer).
pub(crate) const DEFAULT_SHUTDOWN_GRACE: Duration = Duration::from_secs(60);

/// The connection timeouts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Timeouts {
    /// See [`HEADER_READ_TIMEOUT`].
    pub header_read: Duration,
    /// See [`DEFAULT_SHUTDOWN_GRACE`].
    pub shutdown_grace: Duration,
}

/// Serves `router` on `listener` until `shutdown` completes, then stops
/// accepting, lets requests in flight finish for at most the shutdown
/// grace, and returns (connections still open then are dropped with the
/// runtime).
///
/// Errors: none today; accept errors (too many open files) are logged and
/// retried after a pause, as Go's `http.Server` does.
pub(crate) async fn serve_connections(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
    timeouts: Timeouts,
) -> std::io::Result<()> {
    let grace = timeouts.shutdown_grace;
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header_read)
        .max_buf_size(MAX_HEADER_BYTES)
        // A client that closes its sending side after the request still
        // gets the answer, as from Go's server.
        .half_close(true);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        // Shutdown is polled first, so a steady stream of connections
        // cannot keep it from being seen.
        let (tcp, remote) = tokio::select! {
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_error(e).await;
                    continue;
                }
            },
        };
        // Each write goes out at once (`TCP_NODELAY`), as Go's net package
        // sets by default: a streamed list or watch event is not held back
        // by Nagle's algorithm waiting for a delayed ACK.
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "TCP_NODELAY not set");
        }
        let service = hyper::service::service_fn({
            let router = router.clone();
            move |request: hyper::Request<Incoming>| {
                let router = router.clone();
                async move {
                    Ok::<_, Infallible>(
                        router
                            .oneshot(request.map(Body::new))
                            .await
                            .unwrap_or_else(|never| match never {}),
                    )
                }
            }
        });
        let connection = builder.serve_connection(TokioIo::new(tcp), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                trace_connection_error(remote, &e);
            }
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(grace) => {
            tracing::warn!(?grace, "requests still in flight after the shutdown grace period; stopping anyway");
        }
    }
    Ok(())
}

fn trace_connection_error(remote: SocketAddr, error: &hyper::Error) {
    if error.is_timeout() {
        tracing::debug!(%remote, "connection closed: request headers not read in time");
    } else {
        tracing::debug!(%remote, error = %error, "connection ended with an error");
    }
}

/// Connection-level accept errors (the peer reset before accept) are
/// ignored; others (out of file descriptors) pause accepting for a second
/// so the loop does not spin.
async fn accept_error(e: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    ) {
        return;
    }
    tracing::error!(error = %e, "accept failed; retrying in 1 s");
    tokio::time::sleep(Duration::from_secs(1)).await;
}
