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

/// TokenReview asks the server whether a bearer token authenticates a
/// user, and who: the server answers in its status and stores nothing.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct TokenReview {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The token to review.
    /// +required
    /// +protobuf=2
    #[serde(default)]
    pub spec: TokenReviewSpec,
    /// The server's answer.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: TokenReviewStatus,
}

/// TokenReviewSpec is the token to review and whom it is meant for.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TokenReviewSpec {
    /// The opaque bearer token.
    /// +required
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub token: String,
    /// The identifiers the reviewer knows itself by: the token must be
    /// meant for one of them (the server's own audiences when empty).
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audiences: Vec<String>,
}

/// TokenReviewStatus is whether the token authenticates a user.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TokenReviewStatus {
    /// Whether the token names a known user.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub authenticated: bool,
    /// The user the token names.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub user: UserInfo,
    /// The audiences of the review the token is meant for (the
    /// intersection of the review's and the token's).
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audiences: Vec<String>,
    /// Why the token could not be checked.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub error: String,
}

/// TokenRequest asks for a token of a service account: the body of a
/// create of its `token` subresource (`POST
/// /api/v1/namespaces/<namespace>/serviceaccounts/<name>/token`), answered
/// with the token in its status and never stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TokenRequest {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What the token is for.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: TokenRequestSpec,
    /// The token issued.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: TokenRequestStatus,
}

/// TokenRequestSpec is what a token is asked for.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TokenRequestSpec {
    /// The audiences the token is meant for (the server's own when
    /// empty).
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    // Go's `json:"audiences"` writes a nil slice as `null`.
    #[serde(
        serialize_with = "crate::nil_if_empty",
        deserialize_with = "crate::empty_if_nil"
    )]
    pub audiences: Vec<String>,
    /// How long the token is valid, in seconds (an hour when unset; at
    /// least 10 minutes).
    /// +optional
    /// +protobuf=4
    pub expiration_seconds: Option<i64>,
    /// The object the token is bound to: it is valid only while that
    /// object exists.
    /// +optional
    /// +protobuf=3
    pub bound_object_ref: Option<BoundObjectReference>,
}

/// TokenRequestStatus is the token issued.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TokenRequestStatus {
    /// The opaque bearer token.
    /// +optional
    /// +protobuf=1
    pub token: String,
    /// When the token expires.
    /// +optional
    /// +protobuf=2
    // Go's `json:"expirationTimestamp"` writes a zero time as `null`.
    #[serde(deserialize_with = "runtime::meta::zero_time_as_none")]
    pub expiration_timestamp: Option<runtime::meta::Time>,
}

/// BoundObjectReference names the object a token is bound to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct BoundObjectReference {
    /// The referent's kind: `Pod`, `Secret` or `Node`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub kind: String,
    /// The referent's API version.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub api_version: String,
    /// The referent's name.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
    /// The referent's UID.
    /// +optional
    /// +protobuf=4
    /// +protobuf.name=uID
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub uid: String,
}
