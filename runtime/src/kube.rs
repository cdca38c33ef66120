//! kube-rs interop (cargo feature `kube`): [`Kube<K>`] makes any served kind
//! `K` a `kube::Resource`, so `kube::Api<Kube<Deployment>>`, kube-rs's
//! `watcher` and its reflector `Store` work against our server, or any
//! kube-apiserver, with our generated types.
//!
//! Why a wrapper: kube-rs's `Resource::meta()` hands out a reference to
//! k8s-openapi's `ObjectMeta`, and our kinds hold our own generated
//! [`ObjectMeta`](crate::meta::v1::ObjectMeta) (upstream field order,
//! non-optional maps and lists, our `Time`). The two cannot share storage, so
//! `Kube<K>` holds the object's metadata as k8s-openapi's type and the rest of
//! the object as `K`, as kube-core's own `PartialObjectMeta<K>` wraps a kind.
//! On the wire it is exactly `K`'s JSON: `apiVersion`, `kind`, `metadata`,
//! then `K`'s other fields.
//!
//! k8s-openapi needs one Kubernetes version feature (`v1_36`, `latest`...)
//! chosen by the final crate, as its documentation asks of libraries.

use std::borrow::Cow;
use std::fmt;
use std::ops::{Deref, DerefMut};

use kube_core::ObjectMeta as KubeObjectMeta;
use serde::de::{self, Deserializer};
use serde::ser::{self, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::resource::{ClusterResourceScope, NamespaceResourceScope, Resource, ResourceScope};

/// A kind `K` as kube-rs sees it: metadata as k8s-openapi's `ObjectMeta`
/// (what `kube::Resource::meta()` returns), everything else as `K`.
///
/// `K`'s own `metadata` field stays empty while wrapped: read and write
/// metadata through [`Kube::metadata`] or kube-rs's `ResourceExt`, and the
/// spec and status through `Deref` (`deploy.spec.replicas`). Serializing a
/// `Kube<K>` whose inner metadata was set is an error rather than a silent
/// choice between the two.
///
/// ```ignore
/// let deployments: kube::Api<Kube<Deployment>> = kube::Api::namespaced(client, "default");
/// let web = deployments.get("web").await?;
/// println!("{} wants {:?} replicas", web.metadata.name.as_deref().unwrap_or(""), web.spec.replicas);
/// ```
#[derive(Clone, PartialEq)]
pub struct Kube<K> {
    /// The object's metadata, in kube-rs's type.
    pub metadata: KubeObjectMeta,
    object: K,
}

impl<K: Resource + Default> Kube<K> {
    /// An object with `metadata` and `K`'s defaults for the rest.
    pub fn new(metadata: KubeObjectMeta) -> Kube<K> {
        Kube {
            metadata,
            object: K::default(),
        }
    }
}

impl<K: Resource> Kube<K> {
    /// Wraps `object`, moving its metadata into k8s-openapi's type.
    ///
    /// # Errors
    /// When `K` does not serialize to a JSON object whose `metadata` reads as
    /// k8s-openapi's `ObjectMeta`, or the rest does not read back as `K`.
    pub fn from_object(object: K) -> Result<Kube<K>, serde_json::Error> {
        let mut fields = into_fields::<K, serde_json::Error>(&object)?;
        let metadata = match fields.remove("metadata") {
            Some(m) => serde_json::from_value(m)?,
            None => KubeObjectMeta::default(),
        };
        let object = serde_json::from_value(Value::Object(fields))?;
        Ok(Kube { metadata, object })
    }

    /// Unwraps into `K`, moving the metadata back into `K`'s own type.
    ///
    /// # Errors
    /// When the metadata does not read as `K`'s `metadata` field.
    pub fn into_object(self) -> Result<K, serde_json::Error> {
        serde_json::from_value(serde_json::to_value(&self)?)
    }
}

impl<K> Deref for Kube<K> {
    type Target = K;
    fn deref(&self) -> &K {
        &self.object
    }
}

impl<K> DerefMut for Kube<K> {
    fn deref_mut(&mut self) -> &mut K {
        &mut self.object
    }
}

impl<K: fmt::Debug> fmt::Debug for Kube<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Kube")
            .field("metadata", &self.metadata)
            .field("object", &self.object)
            .finish()
    }
}

/// `object` as a JSON map, or `E`'s custom error when it is not an object.
fn into_fields<K: Resource, E: ser::Error>(object: &K) -> Result<Map<String, Value>, E> {
    match serde_json::to_value(object).map_err(E::custom)? {
        Value::Object(fields) => Ok(fields),
        other => Err(E::custom(format_args!(
            "{} serialized to {other}, not to a JSON object",
            K::INFO.kind
        ))),
    }
}

/// Whether a serialized `metadata` is empty (`{}` or absent fields only).
fn is_empty_metadata(value: &Value) -> bool {
    match value {
        Value::Object(m) => m.values().all(|v| match v {
            Value::Null => true,
            Value::Object(o) => o.is_empty(),
            Value::Array(a) => a.is_empty(),
            _ => false,
        }),
        Value::Null => true,
        _ => false,
    }
}

impl<K: Resource> Serialize for Kube<K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = into_fields::<K, S::Error>(&self.object)?;
        if let Some(inner) = fields.remove("metadata")
            && !is_empty_metadata(&inner)
        {
            return Err(ser::Error::custom(format_args!(
                "Kube<{}>: the inner object's metadata is set ({inner}); set metadata through Kube::metadata",
                K::INFO.kind
            )));
        }
        fields.remove("apiVersion");
        fields.remove("kind");
        let mut out = Map::with_capacity(fields.len() + 3);
        out.insert("apiVersion".into(), K::INFO.api_version.into());
        out.insert("kind".into(), K::INFO.kind.into());
        out.insert(
            "metadata".into(),
            serde_json::to_value(&self.metadata).map_err(ser::Error::custom)?,
        );
        out.extend(fields);
        out.serialize(serializer)
    }
}

impl<'de, K: Resource> Deserialize<'de> for Kube<K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Kube<K>, D::Error> {
        let mut fields = Map::<String, Value>::deserialize(deserializer)?;
        let metadata = match fields.remove("metadata") {
            Some(m) => serde_json::from_value(m).map_err(de::Error::custom)?,
            None => KubeObjectMeta::default(),
        };
        let object = K::deserialize(Value::Object(fields)).map_err(de::Error::custom)?;
        Ok(Kube { metadata, object })
    }
}

/// Maps our type-level scope onto kube-rs's, so that `Api::namespaced`
/// accepts exactly the namespaced kinds and `Api::all` the others.
pub trait KubeScope: ResourceScope {
    /// kube-core's marker type for the same scope.
    type Scope;
}

impl KubeScope for NamespaceResourceScope {
    type Scope = kube_core::NamespaceResourceScope;
}

impl KubeScope for ClusterResourceScope {
    type Scope = kube_core::ClusterResourceScope;
}

impl<K> kube_core::Resource for Kube<K>
where
    K: Resource,
    K::Scope: KubeScope,
{
    type DynamicType = ();
    type Scope = <K::Scope as KubeScope>::Scope;

    fn kind(_: &()) -> Cow<'_, str> {
        Cow::Borrowed(K::INFO.kind)
    }
    fn group(_: &()) -> Cow<'_, str> {
        Cow::Borrowed(K::INFO.group)
    }
    fn version(_: &()) -> Cow<'_, str> {
        Cow::Borrowed(K::INFO.version)
    }
    fn api_version(_: &()) -> Cow<'_, str> {
        Cow::Borrowed(K::INFO.api_version)
    }
    fn plural(_: &()) -> Cow<'_, str> {
        Cow::Borrowed(K::INFO.plural)
    }
    fn meta(&self) -> &KubeObjectMeta {
        &self.metadata
    }
    fn meta_mut(&mut self) -> &mut KubeObjectMeta {
        &mut self.metadata
    }
}
