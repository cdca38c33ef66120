use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::{MicroTime, ObjectMeta, Time};
use serde::{Deserialize, Serialize};

/// ConfigMap holds configuration data as string key/value pairs and binary
/// values.
///
/// +genclient
/// +kubebuilder:resource:shortName=cm
/// +resource:generation=false
/// +printer:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMap {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// When true, `data` and `binaryData` cannot be changed after creation.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immutable: Option<bool>,
    /// UTF-8 configuration values by key.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: BTreeMap<String, String>,
    /// Binary configuration values by key, base64 encoded on the wire.
    /// +optional
    /// +protobuf=3
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
/// +genclient:onlyVerbs=create,delete,get,list,patch,update,watch
/// +kubebuilder:resource:shortName=ns
/// +kubebuilder:subresource:status
/// +kubebuilder:printcolumn:name="Status",type=string,JSONPath=".status.phase"
/// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"
/// +resource:generation=false
/// +resource:nameFormat=dns1123-label
/// +resource:returnDeletedObject
/// +resource:strategy
/// +kubebuilder:selectablefield:JSONPath=.status.phase
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Namespace {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the namespace.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: NamespaceSpec,
    /// The observed state of the namespace.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: NamespaceStatus,
}

/// NamespaceSpec holds the finalizers that must run before the namespace is
/// removed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NamespaceSpec {
    /// Opaque finalizer values.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
}

/// NamespaceStatus is the observed state of a namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NamespaceStatus {
    /// `Active` or `Terminating`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub phase: String,
    /// The latest observations of the namespace's state.
    /// +optional
    /// +listType=map
    /// +listMapKey=type
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<NamespaceCondition>,
}

/// NamespaceCondition is one observation of a namespace's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NamespaceCondition {
    /// The condition type.
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the condition last changed.
    /// +optional
    /// +protobuf=4
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// Human-readable details of the last change.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// Event reports something that happened to an object, for `kubectl
/// describe` and `kubectl get events`.
///
/// +genclient
/// +kubebuilder:resource:shortName=ev
/// +printer:hook
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
/// +resource:generation=false
/// +resource:allowCreateOnUpdate
/// +resource:nameFormat=path-segment
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    /// Standard object metadata.
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The object this event is about.
    /// +protobuf=2
    #[serde(default)]
    pub involved_object: ObjectReference,
    /// A short, machine-readable reason in UpperCamelCase.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// A human-readable description.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
    /// The component that reported the event.
    /// +optional
    /// +protobuf=5
    #[serde(default)]
    pub source: EventSource,
    /// When the event was first recorded.
    /// +optional
    /// +protobuf=6
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub first_timestamp: Option<Time>,
    /// When the event was most recently recorded.
    /// +optional
    /// +protobuf=7
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_timestamp: Option<Time>,
    /// How many times the event occurred.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub count: i32,
    /// `Normal` or `Warning`.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub r#type: String,
    /// When the event was first observed, with microseconds.
    /// +optional
    /// +protobuf=10
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_micro_time_as_none")]
    pub event_time: Option<MicroTime>,
    /// Data about a series of repeated events.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<EventSeries>,
    /// What was done, or failed to be done.
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub action: String,
    /// A second object involved, if any.
    /// +optional
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub related: Option<ObjectReference>,
    /// The controller that emitted the event (`kubernetes.io/kubelet`).
    /// +optional
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reporting_component: String,
    /// The controller instance that emitted the event.
    /// +optional
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reporting_instance: String,
}

/// EventSeries summarises repeated events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EventSeries {
    /// Occurrences in the series up to the last heartbeat.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub count: i32,
    /// When the last occurrence was observed.
    /// +optional
    /// +protobuf=2
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_micro_time_as_none")]
    pub last_observed_time: Option<MicroTime>,
}

/// ObjectReference points at an object, possibly at one of its fields.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectReference {
    /// Kind of the referent.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub kind: String,
    /// Namespace of the referent.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub namespace: String,
    /// Name of the referent.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
    /// UID of the referent.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub uid: String,
    /// API version of the referent.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub api_version: String,
    /// The referent's resourceVersion this reference was made at.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub resource_version: String,
    /// A field within the referent (`spec.containers{name}`).
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub field_path: String,
}

/// EventSource names the component that reported an event.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EventSource {
    /// The reporting component.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub component: String,
    /// The node the event came from.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub host: String,
}

/// A topology selector term represents the result of label queries. A null
/// or empty topology selector term matches no objects. The requirements of
/// them are ANDed (a StorageClass's `allowedTopologies`).
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TopologySelectorTerm {
    /// A list of topology selector requirements by labels.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_label_expressions: Vec<TopologySelectorLabelRequirement>,
}

/// A topology selector requirement is a selector that matches the given
/// label.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TopologySelectorLabelRequirement {
    /// The label key that the selector applies to.
    /// +protobuf=1
    pub key: String,
    /// An array of string values. One value must match the label to be
    /// selected. Each entry in Values is ORed.
    /// +listType=atomic
    /// +protobuf=2
    // Go's `json:"values"` writes a nil slice as `null`.
    #[serde(
        serialize_with = "crate::nil_if_empty",
        deserialize_with = "crate::empty_if_nil"
    )]
    pub values: Vec<String>,
}
