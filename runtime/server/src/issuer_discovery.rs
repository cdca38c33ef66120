//! Service account issuer discovery (`pkg/serviceaccount/openidmetadata.go`
//! and `pkg/routes/openidmetadata.go`): the OpenID provider configuration
//! at `/.well-known/openid-configuration` and the issuer's public keys at
//! `/openid/v1/jwks`, from the server's token authenticator
//! ([`runtime::auth::TokenAuthenticator::issuer_keys`]); 404 when it
//! publishes none.
//!
//! The `jwks_uri` is this server's own URL (plain HTTP, the address it
//! listens on), where upstream names `https://<external
//! address>/openid/v1/jwks` (or `--service-account-jwks-uri`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::ApiServer;
use crate::status::ApiError;

/// How long clients may keep the documents (the static key getter's
/// `max-age`).
const CACHE_CONTROL: &str = "public, max-age=3600";

/// `GET /.well-known/openid-configuration`.
pub(crate) async fn openid_configuration(
    State(server): State<Arc<ApiServer>>,
    headers: HeaderMap,
) -> Response {
    let Some((issuer, keys)) = issuer_keys(&server) else {
        return ApiError::path_not_found().into_response();
    };
    // The address the server listens on; the request's host for a
    // router that serves without one (in process).
    let host = server
        .address
        .get()
        .map(ToString::to_string)
        .or_else(|| {
            headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .map(str::to_owned)
        })
        .unwrap_or_else(|| "localhost".into());
    let mut algorithms: Vec<&str> = keys["keys"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|k| k["alg"].as_str())
        .collect();
    algorithms.sort_unstable();
    algorithms.dedup();
    let document = json!({
        "issuer": issuer,
        "jwks_uri": format!("http://{host}/openid/v1/jwks"),
        "response_types_supported": ["id_token"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": algorithms,
    });
    answer(&document, "application/json")
}

/// `GET /openid/v1/jwks`.
pub(crate) async fn jwks(State(server): State<Arc<ApiServer>>) -> Response {
    match issuer_keys(&server) {
        Some((_, keys)) => answer(&keys, "application/jwk-set+json"),
        None => ApiError::path_not_found().into_response(),
    }
}

fn issuer_keys(server: &ApiServer) -> Option<(String, Value)> {
    let (issuer, keys) = server.token_authenticator.as_deref()?.issuer_keys()?;
    Some((issuer.to_owned(), keys))
}

fn answer(document: &Value, content_type: &'static str) -> Response {
    let mut response = (StatusCode::OK, document.to_string()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    response
}
