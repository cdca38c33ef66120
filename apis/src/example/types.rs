use std::collections::BTreeMap;

use runtime::meta::{Condition, IntOrString, ObjectMeta, RawExtension};
use serde::{Deserialize, Serialize};

/// Widget, as every version of it converts: the group's internal version
/// (upstream's `pkg/apis/<group>` types). It holds what any version can
/// say; `v1` says all of it, `v1beta1` keeps what it lacks in an
/// annotation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Widget {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The desired state.
    pub spec: Option<WidgetSpec>,
    /// The observed state.
    pub status: Option<WidgetStatus>,
}

/// The desired state of a Widget.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct WidgetSpec {
    /// Number of desired replicas (`v1beta1`: `size`).
    pub replicas: Option<i32>,
    /// A human-readable name shown in dashboards.
    pub display_name: Option<String>,
    /// The widget's color (`v1beta1`: a string).
    pub color: Option<Color>,
    /// Ports the widget serves, keyed by name.
    pub ports: Vec<WidgetPort>,
    /// Free-form tags.
    pub tags: Vec<String>,
    /// Settings passed to each replica.
    pub settings: BTreeMap<String, String>,
    /// Seconds a replica may take to shut down.
    pub termination_grace_period_seconds: Option<i64>,
    /// The release the replicas run (`v1beta1`: the
    /// `example.dev/release` annotation).
    pub release: Option<String>,
    /// How many replicas may be down during an update.
    pub max_unavailable: Option<IntOrString>,
    /// An object each replica is created from.
    pub template: Option<RawExtension>,
}

/// The color of a widget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Color {
    /// Red widgets.
    Red,
    /// Green widgets.
    Green,
    /// Blue widgets.
    Blue,
}

/// One named port of a widget.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct WidgetPort {
    /// The port's name.
    pub name: String,
    /// The port number.
    pub port: i32,
    /// The protocol.
    pub protocol: Option<String>,
}

/// The observed state of a Widget.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct WidgetStatus {
    /// Number of running replicas.
    pub replicas: Option<i32>,
    /// The lifecycle phase.
    pub phase: Option<String>,
    /// The label selector of the replicas, serialized.
    pub selector: Option<String>,
    /// The latest observations of the widget's state.
    pub conditions: Vec<Condition>,
}
