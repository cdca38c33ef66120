//! ServiceAccount, ported from `k8s.io/api/core/v1`.

use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

use super::{LocalObjectReference, ObjectReference};

/// ServiceAccount binds together a name that pods and other processes
/// authenticate as, the secrets they may use, and the secrets used to pull
/// their images.
///
/// +genclient
/// +kubebuilder:resource:shortName=sa
/// +printer:hook
/// +resource:generation=false
/// +resource:returnDeletedObject
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ServiceAccount {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// Secrets in the service account's namespace that pods running as it
    /// may use (deprecated for token secrets, which are no longer
    /// generated).
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<ObjectReference>,
    /// Secrets in the same namespace for pulling the images of pods that
    /// run as this service account.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    /// Whether pods running as this service account get an API token
    /// mounted; a pod's own setting wins.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub automount_service_account_token: Option<bool>,
}
