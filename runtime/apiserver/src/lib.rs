//! What the `apiserver` binary composes beyond the generic server and the
//! `apis` crate's kinds: kube-apiserver's built-in admission plugins
//! ([`admission`]), the `pods/eviction` ([`eviction`]), `pods/binding`
//! ([`binding`]) and `serviceaccounts/token` ([`token`]) subresources,
//! which need both the server's extension points and the Rust types of
//! the kinds they look at, and the service account token authenticator
//! ([`token`]).

pub mod admission;
pub mod binding;
pub mod eviction;
pub mod limit_ranger;
pub mod resource_quota;
pub mod token;
pub mod webhook;

use server::status::ApiError;

/// The pods resource, which the subresources write.
pub(crate) const PODS: (&str, &str, &str) = ("", "v1", "pods");

/// The subresources the `apiserver` binary serves beside every kind's
/// `status` and `scale`: `pods/eviction`, `pods/binding` (with the legacy
/// `bindings` resource), and `serviceaccounts/token`, whose tokens
/// `tokens` signs.
pub fn subresources(
    tokens: &std::sync::Arc<token::TokenIssuer>,
) -> server::subresource::Subresources {
    server::subresource::Subresources::new()
        .with(eviction::PodEviction)
        .with(binding::PodBinding)
        .with(token::ServiceAccountToken(tokens.clone()))
}

/// A subresource's body of kind `kind` (`Eviction`, `Binding`): the
/// object the server decoded, or the bytes as sent, read as their
/// Content-Type says (JSON, YAML, or the Kubernetes protobuf envelope).
///
/// Errors: 415 for another type; 400 for a body that does not decode, or
/// names another kind (upstream's decoder refuses it before the
/// subresource sees it; the message here is ours).
pub(crate) fn decode_body<T>(
    body: server::subresource::Body<'_>,
    content_type: Option<&str>,
    kind: &str,
) -> Result<T, ApiError>
where
    T: serde::de::DeserializeOwned + prost::Message + Default + Clone + 'static,
{
    use server::negotiate::{BodyFormat, body_format};
    let not_the_kind = |named: &str| ApiError::bad_request(format!("not a {kind} object: {named}"));
    let body = match body {
        server::subresource::Body::Decoded(object) => {
            return object.as_any().downcast_ref::<T>().cloned().ok_or_else(|| {
                ApiError::internal(format!(
                    "the body was decoded into a type other than {kind}"
                ))
            });
        }
        server::subresource::Body::Raw(bytes) => bytes,
    };
    let check_kind = |named: &str| {
        if named.is_empty() || named == kind {
            Ok(())
        } else {
            Err(not_the_kind(named))
        }
    };
    let json = match body_format(content_type)? {
        BodyFormat::Protobuf => {
            let (_, named, raw) =
                runtime::codec::protobuf::unwrap(body).map_err(|e| ApiError::bad_request(e.0))?;
            check_kind(&named)?;
            return runtime::codec::wire::message_from_bytes(raw)
                .map_err(|e| ApiError::bad_request(e.0));
        }
        BodyFormat::Yaml => std::borrow::Cow::Owned(
            runtime::codec::yaml::yaml_to_json(body).map_err(ApiError::bad_request)?,
        ),
        BodyFormat::Json => std::borrow::Cow::Borrowed(body),
    };
    let type_meta: runtime::meta::TypeMeta =
        serde_json::from_slice(&json).map_err(|e| ApiError::bad_request(e.to_string()))?;
    check_kind(type_meta.kind.as_deref().unwrap_or_default())?;
    serde_json::from_slice(&json).map_err(|e| ApiError::bad_request(e.to_string()))
}
