use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::{MicroTime, ObjectMeta, Time};
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

/// Event reports something that happened to an object, for `kubectl
/// describe` and `kubectl get events`.
///
/// +genclient
/// +kubebuilder:resource:shortName=ev
/// +kubebuilder:printcolumn:name="Last Seen",type=date,JSONPath=".lastTimestamp"
/// +kubebuilder:printcolumn:name="Type",type=string,JSONPath=".type"
/// +kubebuilder:printcolumn:name="Reason",type=string,JSONPath=".reason"
/// +kubebuilder:printcolumn:name="Message",type=string,JSONPath=".message"
/// +kubebuilder:selectablefield:JSONPath=.involvedObject.kind
/// +kubebuilder:selectablefield:JSONPath=.involvedObject.namespace
/// +kubebuilder:selectablefield:JSONPath=.involvedObject.name
/// +kubebuilder:selectablefield:JSONPath=.involvedObject.uid
/// +kubebuilder:selectablefield:JSONPath=.involvedObject.apiVersion
/// +kubebuilder:selectablefield:JSONPath=.involvedObject.resourceVersion
/// +kubebuilder:selectablefield:JSONPath=.involvedObject.fieldPath
/// +kubebuilder:selectablefield:JSONPath=.reason
/// +kubebuilder:selectablefield:JSONPath=.reportingComponent
/// +kubebuilder:selectablefield:JSONPath=.type
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The object this event is about.
    #[serde(default)]
    pub involved_object: ObjectReference,
    /// A short, machine-readable reason in UpperCamelCase.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// A human-readable description.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The component that reported the event.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<EventSource>,
    /// When the event was first recorded.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_timestamp: Option<Time>,
    /// When the event was most recently recorded.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_timestamp: Option<Time>,
    /// How many times the event occurred.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i32>,
    /// `Normal` or `Warning`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#type: Option<String>,
    /// When the event was first observed, with microseconds.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_time: Option<MicroTime>,
    /// What was done, or failed to be done.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// A second object involved, if any.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub related: Option<ObjectReference>,
    /// The controller that emitted the event (`kubernetes.io/kubelet`).
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reporting_component: Option<String>,
    /// The controller instance that emitted the event.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reporting_instance: Option<String>,
}

/// ObjectReference points at an object, possibly at one of its fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectReference {
    /// Kind of the referent.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Namespace of the referent.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// Name of the referent.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// UID of the referent.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// API version of the referent.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The referent's resourceVersion this reference was made at.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    /// A field within the referent (`spec.containers{name}`).
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_path: Option<String>,
}

/// EventSource names the component that reported an event.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EventSource {
    /// The reporting component.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    /// The node the event came from.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
}
