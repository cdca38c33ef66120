use macros::Resource;
use runtime::meta::{MicroTime, ObjectMeta};
use serde::{Deserialize, Serialize};

/// Lease is a time-bound claim, used for leader election and node
/// heartbeats.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.19
/// +kubebuilder:printcolumn:name="Holder",type=string,JSONPath=".spec.holderIdentity"
/// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"
/// +resource:generation=false
/// +resource:allowCreateOnUpdate
/// +resource:allowUnconditionalUpdate=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Lease {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the lease.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: LeaseSpec,
}

/// LeaseSpec says who holds a lease and for how long.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct LeaseSpec {
    /// The identity of the current holder.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder_identity: Option<String>,
    /// How long, counted from `renewTime`, other candidates must wait before
    /// they may take the lease over.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_duration_seconds: Option<i32>,
    /// When the current holder acquired the lease.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "runtime::meta::zero_micro_time_as_none")]
    pub acquire_time: Option<MicroTime>,
    /// When the current holder last renewed the lease.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "runtime::meta::zero_micro_time_as_none")]
    pub renew_time: Option<MicroTime>,
    /// How many times the lease has changed holders.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_transitions: Option<i32>,
    /// The strategy for picking a leader under coordinated leader election
    /// (`OldestEmulationVersion`); needs the CoordinatedLeaderElection
    /// feature.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    /// A better holder the current one should hand the lease to; needs the
    /// CoordinatedLeaderElection feature.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preferred_holder: Option<String>,
}
