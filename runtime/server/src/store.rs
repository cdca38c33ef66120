//! Where and how objects are stored: the key layout (kube-apiserver's
//! `/registry/...` keys), the stored bytes, reads as clients see them
//! (decoded, with their resourceVersion, defaulted), storage errors as
//! API errors, and storage events as watch events.

use serde_json::{Value, json};

use super::object::{meta_mut, set_meta};
use super::status::ApiError;
use crate::storage::{KeyValue, StorageError};
use runtime::registry::{KindOps, Object};
use runtime::resource::ResourceInfo;

/// Whether a group is one of Kubernetes' own (the core group, `apps`,
/// `*.k8s.io`), served by built-in strategies; other groups follow the
/// custom-resource rules of apiextensions-apiserver.
pub(crate) fn is_builtin_group(group: &str) -> bool {
    group.is_empty() || !group.contains('.') || group.ends_with(".k8s.io")
}

/// The resources kube-apiserver keeps under a path of their own
/// (`SpecialDefaultResourcePrefixes` of its storage factory): group,
/// resource, path.
const SPECIAL_PREFIXES: &[(&str, &str, &str)] = &[
    ("", "replicationcontrollers", "controllers"),
    ("", "endpoints", "services/endpoints"),
    ("", "nodes", "minions"),
    ("", "services", "services/specs"),
    ("extensions", "ingresses", "ingress"),
    ("networking.k8s.io", "ingresses", "ingress"),
];

/// The storage key prefix of a resource, as kube-apiserver keys it in
/// etcd: `/registry/configmaps/` for built-in groups (and its special
/// paths, `/registry/services/specs/`), `/registry/example.dev/widgets/`
/// for others (as kube-apiserver stores custom resources).
pub(crate) fn resource_prefix(info: &ResourceInfo) -> String {
    if let Some((_, _, path)) = SPECIAL_PREFIXES
        .iter()
        .find(|(g, r, _)| *g == info.group && *r == info.plural)
    {
        format!("/registry/{path}/")
    } else if is_builtin_group(info.group) {
        format!("/registry/{}/", info.plural)
    } else {
        format!("/registry/{}/{}/", info.group, info.plural)
    }
}

/// The storage key of one object.
pub(crate) fn object_key(info: &ResourceInfo, namespace: Option<&str>, name: &str) -> String {
    let mut key = resource_prefix(info);
    if let Some(ns) = namespace.filter(|_| info.namespaced) {
        key.push_str(ns);
        key.push('/');
    }
    key.push_str(name);
    key
}

/// Decodes a stored value and sets its resourceVersion.
fn from_storage(kv: &KeyValue) -> Result<Value, ApiError> {
    let mut obj: Value = runtime::codec::from_json_slice(&kv.value)
        .map_err(|e| ApiError::internal(format!("decoding {}: {e}", kv.key)))?;
    set_meta(
        meta_mut(&mut obj),
        "resourceVersion",
        json!(kv.mod_revision.to_string()),
    );
    Ok(obj)
}

/// A stored object as clients read it: decoded, with its resourceVersion,
/// and defaulted through its Rust type by its kind (`None`: read as
/// stored), as kube-apiserver's storage codec defaults what it decodes, so
/// an object stored before a default existed reads back with it.
///
/// Errors: the stored value is not JSON, or not an object of the kind (500).
pub(crate) fn read_stored(
    kv: &KeyValue,
    kind: Option<&'static dyn KindOps>,
) -> Result<Value, ApiError> {
    let Some(read) = kind.and_then(|k| k.read_stored(&kv.value)) else {
        return from_storage(kv);
    };
    let mut obj = read.map_err(|e| ApiError::internal(format!("decoding {}: {e}", kv.key)))?;
    set_meta(
        meta_mut(&mut obj),
        "resourceVersion",
        json!(kv.mod_revision.to_string()),
    );
    Ok(obj)
}

/// [`read_stored`]'s object as JSON text, with `resource_version` as its
/// resourceVersion (a stored object's mod revision; for a deleted one, the
/// deletion's revision): written straight from the Rust value where the
/// kind reads it through its type (no JSON tree is built), else from the
/// value as stored.
///
/// Errors: as [`read_stored`]; 500 if the object cannot be encoded.
pub(crate) fn read_stored_json(
    kv: &KeyValue,
    resource_version: i64,
    kind: Option<&'static dyn KindOps>,
) -> Result<Vec<u8>, ApiError> {
    let Some(read) = kind.and_then(|k| k.read_stored_object(&kv.value)) else {
        let mut obj = from_storage(kv)?;
        set_meta(
            meta_mut(&mut obj),
            "resourceVersion",
            json!(resource_version.to_string()),
        );
        return runtime::go::encoder::to_vec(&obj).map_err(ApiError::internal);
    };
    let mut obj = read.map_err(|e| ApiError::internal(format!("decoding {}: {e}", kv.key)))?;
    obj.metadata_mut().resource_version = Some(resource_version.to_string());
    obj.to_json(false).map_err(ApiError::internal)
}

/// The JSON of a stored object as GET and lists answer it: from the read
/// cache when it holds `kv` at its revision in the kind's version, else
/// read as [`read_stored`] does, encoded and cached. The storage version's
/// JSON is cached under the storage key (as the watch cache adds it); the
/// JSON of another version under the key and its `apiVersion`
/// ([`read_cache_key`]).
///
/// Errors: the stored value is not JSON (500).
pub(crate) fn stored_json(
    kv: &KeyValue,
    kind: Option<&'static dyn KindOps>,
    cache: &super::read_cache::ReadCache,
) -> Result<axum::body::Bytes, ApiError> {
    let key = read_cache_key(kv, kind);
    if let Some(json) = cache.get(&key, kv.mod_revision) {
        return Ok(json);
    }
    let json = axum::body::Bytes::from(read_stored_json(kv, kv.mod_revision, kind)?);
    cache.insert(&key, kv.mod_revision, json.clone());
    Ok(json)
}

/// Where the read cache keeps the JSON of `kv` as `kind` answers it: the
/// storage key for the storage version (as the watch cache adds it), the
/// key and the `apiVersion` for another version (of the group, or of a
/// group the resource cohabits with).
pub(crate) fn read_cache_key<'k>(
    kv: &'k KeyValue,
    kind: Option<&'static dyn KindOps>,
) -> std::borrow::Cow<'k, str> {
    match kind {
        Some(k) if !k.is_storage_version() => {
            std::borrow::Cow::Owned(format!("{}#{}", kv.key, k.info().api_version))
        }
        _ => std::borrow::Cow::Borrowed(kv.key.as_str()),
    }
}

/// The object stored at `kv`, read through `kind` as a GET reads it
/// (decoded, defaulted), with the key's mod revision as its
/// resourceVersion.
///
/// Errors: 500 when the stored bytes do not decode into the kind.
pub(crate) fn read_object(kind: &dyn KindOps, kv: &KeyValue) -> Result<Box<dyn Object>, ApiError> {
    let mut object = kind
        .read_object(&kv.value)
        .map_err(|e| ApiError::internal(format!("decoding {}: {e}", kv.key)))?;
    object.metadata_mut().resource_version = Some(kv.mod_revision.to_string());
    Ok(object)
}

/// A stored object read through its kind, and the key-value it is stored
/// in.
pub(crate) type StoredObject = (KeyValue, Box<dyn Object>);

/// The stored object `name` of the resource (group, version, plural), in
/// `namespace` for a namespaced one, read through its kind as a GET reads
/// it; `None` when there is none.
///
/// Errors: 404 for a resource the server does not serve; 500 when the
/// store fails or the object does not decode.
pub(crate) fn get_by_resource(
    server: &crate::ApiServer,
    (group, version, plural): (&str, &str, &str),
    namespace: Option<&str>,
    name: &str,
) -> Result<Option<Box<dyn Object>>, ApiError> {
    let entry = server
        .registry
        .find(group, version, plural)
        .ok_or_else(ApiError::path_not_found)?;
    Ok(get_object(server, entry, namespace, name)?.map(|(_, object)| object))
}

/// The stored object `name` of `entry`'s resource (in `namespace`, for a
/// namespaced resource) read through its kind, with the key-value it is
/// stored in; `None` when there is none.
///
/// Errors: the store's, as the resource's Status; 500 when the object
/// does not decode.
pub(crate) fn get_object(
    server: &crate::ApiServer,
    entry: &runtime::registry::Entry,
    namespace: Option<&str>,
    name: &str,
) -> Result<Option<StoredObject>, ApiError> {
    let info = &entry.info;
    let key = object_key(info, namespace.filter(|_| info.namespaced), name);
    let Some(kv) = server
        .store
        .get(&key)
        .map_err(|e| storage_error(e, info, name))?
    else {
        return Ok(None);
    };
    let object = read_object(entry.kind, &kv)?;
    Ok(Some((kv, object)))
}

pub(crate) fn storage_error(e: StorageError, info: &ResourceInfo, name: &str) -> ApiError {
    match e {
        StorageError::AlreadyExists(_) => ApiError::already_exists(info, name),
        StorageError::NotFound(_) => ApiError::not_found(info, name),
        StorageError::Conflict { .. } => ApiError::conflict(info, name),
        StorageError::Compacted {
            requested,
            compacted,
        } => ApiError::gone(format!(
            "The resourceVersion for the provided list is too old. requested {requested}, compacted {compacted}"
        )),
        StorageError::FutureRevision { requested, current } => {
            ApiError::too_large_resource_version(requested, current)
        }
        StorageError::Backend(e) => ApiError::internal(e),
        // storeerr.Interpret*Error: an unreachable or timed-out backend.
        StorageError::Unavailable { operation, .. } => ApiError::server_timeout(info, operation, 2),
    }
}

/// The stored objects of `entry`'s resource (in `namespace`, or in every
/// namespace), read through its kind, in key order.
///
/// Errors: 500 when the store fails or an object does not decode.
pub(crate) fn list_objects(
    server: &crate::ApiServer,
    entry: &runtime::registry::Entry,
    namespace: Option<&str>,
) -> Result<Vec<Box<dyn Object>>, ApiError> {
    let mut prefix = resource_prefix(&entry.info);
    if let Some(namespace) = namespace.filter(|_| entry.info.namespaced) {
        prefix.push_str(namespace);
        prefix.push('/');
    }
    let result = server
        .store
        .range(crate::storage::RangeRequest {
            prefix: &prefix,
            ..Default::default()
        })
        .map_err(ApiError::internal)?;
    result
        .kvs
        .iter()
        .map(|kv| read_object(entry.kind, kv))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{StatusCode, header};
    use axum::response::IntoResponse;

    /// An unreachable backend is upstream's `NewServerTimeout(gr, op, 2)`
    /// (storeerr.Interpret*Error), with the operation as `details.name`.
    #[test]
    fn an_unavailable_backend_is_a_server_timeout() {
        let ri = crate::test_support::core_info("ConfigMap", "configmaps");
        let e = storage_error(
            StorageError::Unavailable {
                operation: "list",
                reason: "connection refused".into(),
            },
            &ri,
            "settings",
        );
        let status = e.to_status();
        assert_eq!(status["code"], 500);
        assert_eq!(status["reason"], "ServerTimeout");
        assert_eq!(
            status["message"],
            "The list operation against configmaps could not be completed at this time, please try again."
        );
        assert_eq!(
            status["details"],
            json!({"name": "list", "kind": "configmaps", "retryAfterSeconds": 2})
        );
        let response = e.into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
    }
}
