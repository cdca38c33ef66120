use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

/// SelfSubjectReview answers with what the server knows of the user
/// sending it: their name, UID, groups and extra information.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct SelfSubjectReview {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The server's answer.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub status: SelfSubjectReviewStatus,
}

/// SelfSubjectReviewStatus is what the server knows of the user.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SelfSubjectReviewStatus {
    /// The user's attributes.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub user_info: UserInfo,
}

/// UserInfo is what an authenticator says of a user (`user.Info`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct UserInfo {
    /// The name that identifies the user among the active ones.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub username: String,
    /// A value that identifies the user across time (a user deleted and
    /// added again under the same name gets another).
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub uid: String,
    /// The user's groups.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<String>,
    /// What else the authenticator says of the user, by key.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<String, ExtraValue>,
}

/// The values of one key of a user's extra information: a JSON list, and
/// on the protobuf wire a message of its own.
///
/// +protobuf.nullable=true
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ExtraValue(pub Vec<String>);
