//! `/healthz`, `/livez` and `/readyz`, as kube-apiserver's `healthz`
//! package answers them: `ok` when every check passes; with `?verbose`,
//! one `[+]<check> ok` line per check and `<endpoint> check passed`; when
//! one fails, a 500 listing every check (`[-]<check> failed: reason
//! withheld`) and `<endpoint> check failed`. The checks are `ping` and,
//! for a store that is reached over the network, `etcd`.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::ApiServer;

/// The handler of `/healthz`, `/livez` and `/readyz`, each named in its
/// answer by its path.
pub(crate) async fn check(
    State(server): State<Arc<ApiServer>>,
    uri: Uri,
    RawQuery(query): RawQuery,
) -> Response {
    let endpoint = uri.path().trim_start_matches('/');
    let verbose = query.as_deref().is_some_and(|q| {
        q.split('&')
            .any(|p| p == "verbose" || p.starts_with("verbose="))
    });
    let mut lines = vec![("ping", Ok(()))];
    let store = server.store.clone();
    if let Ok(Some(result)) = tokio::task::spawn_blocking(move || store.health()).await {
        lines.push(("etcd", result));
    }
    let failed = lines.iter().any(|(_, r)| r.is_err());
    let mut body = String::new();
    for (name, result) in &lines {
        match result {
            Ok(()) => body.push_str(&format!("[+]{name} ok\n")),
            Err(reason) => {
                tracing::warn!(check = name, endpoint, %reason, "health check failed");
                body.push_str(&format!("[-]{name} failed: reason withheld\n"));
            }
        }
    }
    if failed {
        body.push_str(&format!("{endpoint} check failed\n"));
        return (StatusCode::INTERNAL_SERVER_ERROR, body).into_response();
    }
    if !verbose {
        return "ok".into_response();
    }
    body.push_str(&format!("{endpoint} check passed\n"));
    body.into_response()
}
