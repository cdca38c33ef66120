//! `/healthz`, `/livez` and `/readyz`, as kube-apiserver's `healthz`
//! package answers them: `ok` when every check passes; with `?verbose`,
//! one `[+]<check> ok` line per check and `<endpoint> check passed`; when
//! one fails, a 500 listing every check (`[-]<check> failed: reason
//! withheld`) and `<endpoint> check failed`. The checks are `ping` and,
//! for a store that is reached over the network, `etcd`. Each check is
//! also served alone under each endpoint (`/readyz/ping`), as upstream's
//! `InstallPathHandler` registers `<endpoint>/<check>`. `?exclude=<check>`
//! (repeatable) skips a check, `[+]<check> excluded: ok`, and names the
//! exclusions that match no check.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::ApiServer;
use crate::status::ApiError;

/// The checks this server runs, known without running them: `ping`, and
/// `etcd` when the store is reached over the network.
fn check_names(server: &ApiServer) -> Vec<&'static str> {
    let mut names = vec!["ping"];
    if server.store.has_health_check() {
        names.push("etcd");
    }
    names
}

/// Runs the check `name` (one of [`check_names`]): `Err` with the reason
/// when it fails.
async fn run_check(server: &ApiServer, name: &str) -> Result<(), String> {
    if name != "etcd" {
        return Ok(());
    }
    let store = server.store.clone();
    match tokio::task::spawn_blocking(move || store.health()).await {
        Ok(Some(result)) => result,
        Ok(None) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// One check alone, `/<endpoint>/<check>`, as upstream's
/// `adaptCheckToHandler` answers it: `ok`, or a 500 `internal server
/// error: <reason>` (Go's `http.Error`, with its newline); a check this
/// server does not run is a path not found.
pub(crate) async fn check_one(
    State(server): State<Arc<ApiServer>>,
    Path(check): Path<String>,
) -> Response {
    let Some(name) = check_names(&server).into_iter().find(|n| *n == check) else {
        return ApiError::path_not_found().into_response();
    };
    match run_check(&server, name).await {
        Ok(()) => "ok".into_response(),
        Err(reason) => {
            tracing::warn!(check = name, %reason, "health check failed");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal server error: {reason}\n"),
            )
                .into_response()
        }
    }
}

/// The handler of `/healthz`, `/livez` and `/readyz`, each named in its
/// answer by its path (upstream's `handleRootHealth`).
pub(crate) async fn check(
    State(server): State<Arc<ApiServer>>,
    uri: Uri,
    RawQuery(query): RawQuery,
) -> Response {
    let endpoint = uri.path().trim_start_matches('/');
    let raw = query.as_deref();
    let verbose = crate::request::Query::parse(raw).0.contains_key("verbose");
    // `getExcludedChecks`: a set, reported in order when unmatched.
    let mut excluded: std::collections::BTreeSet<String> =
        crate::request::Query::all_values(raw, "exclude")
            .into_iter()
            .collect();
    let mut failed = false;
    let mut body = String::new();
    for name in check_names(&server) {
        if excluded.remove(name) {
            body.push_str(&format!("[+]{name} excluded: ok\n"));
            continue;
        }
        match run_check(&server, name).await {
            Ok(()) => body.push_str(&format!("[+]{name} ok\n")),
            Err(reason) => {
                failed = true;
                tracing::warn!(check = name, endpoint, %reason, "health check failed");
                body.push_str(&format!("[-]{name} failed: reason withheld\n"));
            }
        }
    }
    if !excluded.is_empty() {
        let quoted: Vec<String> = excluded.iter().map(|n| runtime::go::quote(n)).collect();
        body.push_str(&format!(
            "warn: some health checks cannot be excluded: no matches for {}\n",
            quoted.join(",")
        ));
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
