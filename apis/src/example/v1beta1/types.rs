use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::{Condition, IntOrString, ObjectMeta, RawExtension};
use serde::{Deserialize, Serialize};

/// Widget is an example namespaced resource: a set of replicas that serve
/// named ports.
///
/// +genclient
/// +kubebuilder:resource:shortName=wd,categories=all
/// +k8s:prerelease-lifecycle-gen:introduced=1.31
/// +k8s:prerelease-lifecycle-gen:deprecated=1.34
/// +k8s:prerelease-lifecycle-gen:replacement=example.dev,v1,Widget
/// +kubebuilder:subresource:status
/// +kubebuilder:subresource:scale:specpath=.spec.size,statuspath=.status.replicas,selectorpath=.status.selector
/// +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=".spec.size"
/// +kubebuilder:printcolumn:name="Phase",type=string,JSONPath=".status.phase"
/// +kubebuilder:printcolumn:name="Color",type=string,JSONPath=".spec.color",priority=1
/// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Widget {
    /// Standard object metadata.
    /// +optional
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the widget.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<WidgetSpec>,
    /// The observed state of the widget, written through `/status`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<WidgetStatus>,
}

/// WidgetSpec is the desired state of a Widget.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// Number of desired replicas (`replicas` in v1).
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +default=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<i32>,
    /// A human-readable name shown in dashboards.
    /// +k8s:optional
    /// +k8s:maxLength=63
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    /// The widget's color: `Red`, `Green` or `Blue`.
    /// +optional
    /// +kubebuilder:validation:Pattern=`^(Red|Green|Blue)$`
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// Ports the widget serves, keyed by name.
    /// +optional
    /// +listType=map
    /// +listMapKey=name
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +k8s:maxItems=16
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<WidgetPort>,
    /// Free-form tags; each appears once.
    /// +optional
    /// +listType=set
    /// +k8s:eachVal=+k8s:maxLength=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Settings passed to each replica.
    /// +optional
    /// +k8s:eachKey=+k8s:format=k8s-short-name
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub settings: BTreeMap<String, String>,
    /// Seconds a replica may take to shut down.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    /// How many replicas may be down during an update: a count or a
    /// percentage such as `25%`.
    /// +optional
    /// +kubebuilder:validation:XIntOrString
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
    /// An object each replica is created from, of any kind, kept as sent.
    /// +optional
    /// +kubebuilder:validation:EmbeddedResource
    /// +kubebuilder:pruning:PreserveUnknownFields
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<RawExtension>,
}

/// WidgetPort is one named port of a widget.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WidgetPort {
    /// The port's name, unique within the widget.
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub name: String,
    /// The port number.
    /// +k8s:required
    /// +k8s:minimum=1
    /// +k8s:maximum=65535
    pub port: i32,
    /// The protocol: TCP or UDP.
    /// +optional
    /// +default="TCP"
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
}

/// WidgetStatus is the observed state of a Widget.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WidgetStatus {
    /// Number of running replicas.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// The lifecycle phase: Pending, Running or Failed.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// The label selector of the replicas, serialized (for `/scale`).
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<String>,
    /// The latest observations of the widget's state.
    /// +optional
    /// +listType=map
    /// +listMapKey=type
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
