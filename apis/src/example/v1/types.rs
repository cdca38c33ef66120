use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::{Condition, IntOrString, ObjectMeta, RawExtension};
use serde::{Deserialize, Serialize};

/// Widget is an example namespaced resource: a set of replicas that serve
/// named ports.
///
/// +genclient
/// +kubebuilder:resource:shortName=wd,categories=all
/// +kubebuilder:storageversion
/// +kubebuilder:subresource:status
/// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
/// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=".spec.replicas"
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
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// Number of desired replicas.
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +default=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// A human-readable name shown in dashboards.
    /// +k8s:optional
    /// +k8s:maxLength=63
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    /// The widget's color.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// Ports the widget serves, keyed by name. A port named `metrics` must
    /// be unprivileged.
    /// +optional
    /// +listType=map
    /// +listMapKey=name
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +k8s:maxItems=16
    /// +k8s:item(name: "metrics")=+k8s:subfield("port")=+k8s:minimum=1024
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
    /// +k8s:ifEnabled("WidgetGracePeriod")=+k8s:minimum=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    /// The release the replicas run, such as `v2` or `v2.1`.
    /// +optional
    /// +kubebuilder:validation:Pattern=`^v[0-9]+(\.[0-9]+)*$`
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release: Option<String>,
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

/// Color is the color of a widget.
///
/// +k8s:enum
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Color {
    /// Red widgets.
    Red,
    /// Green widgets.
    Green,
    /// Blue widgets.
    Blue,
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

/// Gadget is an example cluster-scoped resource.
///
/// +genclient
/// +genclient:nonNamespaced
/// +kubebuilder:resource:scope=Cluster,shortName=gd
/// +kubebuilder:printcolumn:name="Owner",type=string,JSONPath=".spec.owner"
/// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Gadget {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the gadget.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<GadgetSpec>,
}

/// GadgetSpec is the desired state of a Gadget.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct GadgetSpec {
    /// The owning team, as a DNS subdomain.
    /// +k8s:required
    /// +k8s:format=k8s-long-name
    /// +protobuf=1
    pub owner: String,
    /// The serial number; fixed once set.
    /// +k8s:optional
    /// +k8s:immutable
    /// +k8s:neq=""
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serial: Option<String>,
    /// Power source, when mains powered.
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    /// +k8s:subfield("voltage")=+k8s:maximum=240
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mains: Option<MainsPower>,
    /// Power source, when battery powered.
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battery: Option<BatteryPower>,
    /// A spare supply kept in storage; its own rules do not apply here.
    /// +k8s:optional
    /// +k8s:opaqueType
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spare: Option<MainsPower>,
    /// The management address.
    /// +k8s:optional
    /// +k8s:format=k8s-ip
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// A short nickname, at least two characters.
    /// +k8s:optional
    /// +k8s:declarativeValidationNative
    /// +k8s:minLength=2
    /// +k8s:ifDisabled("LongNicknames")=+k8s:maxLength=8
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nickname: Option<String>,
    /// Retired: no longer accepted.
    /// +k8s:optional
    /// +k8s:forbidden
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy_id: Option<String>,
    /// How the gadget is connected.
    /// +k8s:optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connection: Option<Connection>,
}

/// Connection is a discriminated union: `type` names the one member set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Connection {
    /// The kind of connection: Wifi or Ethernet.
    /// +k8s:unionDiscriminator
    /// +protobuf=1
    pub r#type: String,
    /// Wireless settings, when `type` is Wifi.
    /// +k8s:optional
    /// +k8s:unionMember
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wifi: Option<WifiConnection>,
    /// Wired settings, when `type` is Ethernet.
    /// +k8s:optional
    /// +k8s:unionMember
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ethernet: Option<EthernetConnection>,
}

/// WifiConnection holds wireless settings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WifiConnection {
    /// The network name.
    /// +k8s:required
    /// +k8s:maxLength=32
    /// +protobuf=1
    pub ssid: String,
}

/// EthernetConnection holds wired settings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EthernetConnection {
    /// The link speed in megabits per second.
    /// +k8s:minimum=10
    /// +protobuf=1
    pub speed_mbps: i32,
}

/// MainsPower describes a mains power supply.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MainsPower {
    /// Supply voltage in volts.
    /// +k8s:minimum=1
    /// +protobuf=1
    pub voltage: i32,
}

/// BatteryPower describes a battery.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct BatteryPower {
    /// Capacity in milliampere-hours.
    /// +k8s:minimum=0
    /// +protobuf=1
    pub capacity_mah: i64,
}
