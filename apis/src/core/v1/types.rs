use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

/// ConfigMap holds configuration data as string key/value pairs and binary
/// values.
///
/// +genclient
/// +kubebuilder:resource:shortName=cm
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMap {
    /// Standard object metadata.
    /// +optional
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// When true, `data` and `binaryData` cannot be changed after creation.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immutable: Option<bool>,
    /// UTF-8 configuration values by key.
    /// +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: BTreeMap<String, String>,
    /// Binary configuration values by key, base64 encoded on the wire.
    /// +optional
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        with = "runtime::codec::base64_map"
    )]
    pub binary_data: BTreeMap<String, Vec<u8>>,
}

/// Namespace is a scope for names; deleting it deletes everything in it.
///
/// +genclient
/// +genclient:nonNamespaced
/// +kubebuilder:resource:shortName=ns
/// +kubebuilder:subresource:status
/// +kubebuilder:printcolumn:name="Status",type=string,JSONPath=".status.phase"
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
pub struct Namespace {
    /// Standard object metadata.
    /// +optional
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the namespace.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<NamespaceSpec>,
    /// The observed state of the namespace.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<NamespaceStatus>,
}

/// NamespaceSpec holds the finalizers that must run before the namespace is
/// removed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NamespaceSpec {
    /// Opaque finalizer values.
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
}

/// NamespaceStatus is the observed state of a namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NamespaceStatus {
    /// `Active` or `Terminating`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
}
