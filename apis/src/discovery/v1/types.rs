use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

use crate::core::v1::ObjectReference;

/// EndpointSlice is a set of a service's endpoints, most written by the
/// EndpointSlice controller for the pods a service selects; a service's
/// slices carry the label `kubernetes.io/service-name`.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.21
/// +printer:hook
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EndpointSlice {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The type of every address in the slice: `IPv4`, `IPv6` or `FQDN`
    /// (deprecated). Immutable.
    /// +required
    /// +protobuf=4
    pub address_type: String,
    /// The slice's endpoints, at most 1000.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default)]
    pub endpoints: Vec<Endpoint>,
    /// The ports every endpoint of the slice exposes, each with a unique
    /// name; at most 100.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default)]
    pub ports: Vec<EndpointPort>,
}

/// Endpoint is one backend of a service.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Endpoint {
    /// The endpoint's addresses (IPs in canonical form for `IPv4` and
    /// `IPv6` slices): at least one, at most 100.
    /// +listType=set
    /// +required
    /// +protobuf=1
    pub addresses: Vec<String>,
    /// The endpoint's current state.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub conditions: EndpointConditions,
    /// The endpoint's host name, a DNS label.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hostname: Option<String>,
    /// The object that is this endpoint (usually a pod).
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_ref: Option<ObjectReference>,
    /// Topology of the v1beta1 API; not writable through v1 (dropped on
    /// write).
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub deprecated_topology: BTreeMap<String, String>,
    /// The node hosting the endpoint.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_name: Option<String>,
    /// The zone the endpoint is in.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// How the endpoint should be consumed (topology aware routing).
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<EndpointHints>,
}

/// EndpointConditions is an endpoint's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EndpointConditions {
    /// Whether the endpoint takes traffic (unset reads as true).
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready: Option<bool>,
    /// Whether the endpoint can serve traffic (unset reads as true).
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serving: Option<bool>,
    /// Whether the endpoint is terminating (unset reads as false).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminating: Option<bool>,
}

/// EndpointHints says how an endpoint should be consumed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EndpointHints {
    /// The zones that should consume the endpoint; at most 8.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub for_zones: Vec<ForZone>,
    /// The nodes that should consume the endpoint; at most 8.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub for_nodes: Vec<ForNode>,
}

/// ForZone names a zone that should consume an endpoint.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ForZone {
    /// The zone's name.
    /// +protobuf=1
    pub name: String,
}

/// ForNode names a node that should consume an endpoint.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ForNode {
    /// The node's name.
    /// +protobuf=1
    pub name: String,
}

/// EndpointPort is a port of an EndpointSlice's endpoints.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EndpointPort {
    /// The port's name, empty or a DNS label, unique in the slice (the
    /// service port's name); empty by default.
    /// +default=""
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `TCP` (the default), `UDP` or `SCTP`.
    /// +default="TCP"
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// The endpoints' port number (the service's target port); may be
    /// unset for slices used for other purposes.
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<i32>,
    /// The application protocol, as a hint to implementations.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_protocol: Option<String>,
}
