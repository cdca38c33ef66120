use macros::Resource;
use runtime::meta::{MicroTime, ObjectMeta, Time};
use serde::{Deserialize, Serialize};

use crate::core::v1::{EventSource, ObjectReference};

/// Event is a report of an event somewhere in the cluster, as the new
/// events API (`k8s.io/client-go/tools/events`, kube-rs's `Recorder`)
/// writes it. Events are stored as core `v1` Events: one written through
/// either group is read through both.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.19
/// +kubebuilder:resource:shortName=ev
/// +kubebuilder:selectablefield:JSONPath=.regarding.kind
/// +kubebuilder:selectablefield:JSONPath=.regarding.namespace
/// +kubebuilder:selectablefield:JSONPath=.regarding.name
/// +kubebuilder:selectablefield:JSONPath=.regarding.uid
/// +kubebuilder:selectablefield:JSONPath=.regarding.apiVersion
/// +kubebuilder:selectablefield:JSONPath=.regarding.resourceVersion
/// +kubebuilder:selectablefield:JSONPath=.regarding.fieldPath
/// +kubebuilder:selectablefield:JSONPath=.reason
/// +kubebuilder:selectablefield:JSONPath=.reportingController
/// +kubebuilder:selectablefield:JSONPath=.type
/// +resource:cohabitating=crate::core::v1
/// +resource:generation=false
/// +resource:allowCreateOnUpdate
/// +printer:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    /// Standard object's metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// When this Event was first observed. It is required.
    /// +required
    /// +protobuf=2
    // A value `metav1.MicroTime` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_micro_time_as_none")]
    pub event_time: Option<MicroTime>,
    /// The Event series this event represents, or nil for a singleton.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<EventSeries>,
    /// The controller that emitted this Event (`kubernetes.io/kubelet`);
    /// required of new Events.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reporting_controller: String,
    /// The ID of the controller instance (`kubelet-xyzf`); required of new
    /// Events, at most 128 characters.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reporting_instance: String,
    /// What was done, or failed to be done, to the regarding object;
    /// machine-readable, required of new Events, at most 128 characters.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub action: String,
    /// Why the action was taken; required of new Events, at most 128
    /// characters.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// The object this Event is about.
    /// +optional
    /// +protobuf=8
    #[serde(default)]
    pub regarding: ObjectReference,
    /// A secondary object for more complex actions.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub related: Option<ObjectReference>,
    /// A human-readable description of the status of this operation, at
    /// most 1 kB.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub note: String,
    /// `Normal` or `Warning`; required of new Events.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub r#type: String,
    /// The core v1 Event's `source`, kept for compatibility.
    /// +optional
    /// +protobuf=12
    #[serde(default)]
    pub deprecated_source: EventSource,
    /// The core v1 Event's `firstTimestamp`, kept for compatibility.
    /// +optional
    /// +protobuf=13
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub deprecated_first_timestamp: Option<Time>,
    /// The core v1 Event's `lastTimestamp`, kept for compatibility.
    /// +optional
    /// +protobuf=14
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub deprecated_last_timestamp: Option<Time>,
    /// The core v1 Event's `count`, kept for compatibility.
    /// +optional
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub deprecated_count: i32,
}

/// EventSeries is a series of occurrences of one event, updated on
/// heartbeats by the event reporter.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EventSeries {
    /// The number of occurrences in this series up to the last heartbeat.
    /// +protobuf=1
    pub count: i32,
    /// When the last Event of the series was seen before the last
    /// heartbeat.
    /// +required
    /// +protobuf=2
    // A value `metav1.MicroTime` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_micro_time_as_none")]
    pub last_observed_time: Option<MicroTime>,
}
