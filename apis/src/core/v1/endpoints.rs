//! Endpoints, ported from `k8s.io/api/core/v1`.

use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

use super::ObjectReference;

/// Endpoints is the set of addresses and ports that implement a service,
/// written by the endpoints controller for services with a selector (or
/// by hand for services without one). Deprecated in v1.33 for
/// `discovery.k8s.io/v1` EndpointSlice.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:deprecated=1.33
/// +k8s:prerelease-lifecycle-gen:replacement=discovery.k8s.io,v1,EndpointSlice
/// +kubebuilder:resource:shortName=ep
/// +printer:hook
/// +resource:generation=false
/// +resource:allowCreateOnUpdate
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Endpoints {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The sets of addresses and ports that make up the service; the
    /// union of all subsets.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subsets: Vec<EndpointSubset>,
}

/// EndpointSubset is a group of addresses sharing a group of ports: every
/// address serves every port.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EndpointSubset {
    /// Addresses that are ready to take traffic.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<EndpointAddress>,
    /// Addresses that are not ready yet (starting, or failing their
    /// readiness probe).
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_ready_addresses: Vec<EndpointAddress>,
    /// The port numbers available on the addresses.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<EndpointPort>,
}

/// EndpointAddress is one endpoint's address.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EndpointAddress {
    /// The endpoint's IP address; not loopback, link-local or multicast.
    /// +protobuf=1
    pub ip: String,
    /// The endpoint's host name.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub hostname: String,
    /// The node hosting the endpoint.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_name: Option<String>,
    /// The object providing the endpoint (usually a pod).
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_ref: Option<ObjectReference>,
}

/// EndpointPort is one port of an endpoint.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EndpointPort {
    /// The port's name, matching the service port's; required when there
    /// are several ports.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
    /// The port number.
    /// +protobuf=2
    pub port: i32,
    /// `TCP` (the default), `UDP` or `SCTP`.
    /// +default="TCP"
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub protocol: String,
    /// The application protocol, as a hint to implementations.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_protocol: Option<String>,
}
