use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::{FieldSelectorRequirement, LabelSelectorRequirement, ObjectMeta};
use serde::{Deserialize, Serialize};

/// SubjectAccessReview asks whether a user or group may do something.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct SubjectAccessReview {
    /// Standard object metadata; must be empty.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What is asked: the action and who would do it.
    /// +protobuf=2
    #[serde(default)]
    pub spec: SubjectAccessReviewSpec,
    /// The server's answer.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: SubjectAccessReviewStatus,
}

/// SelfSubjectAccessReview asks whether the user sending it may do
/// something; `spec.resourceAttributes.namespace` left empty means "in
/// every namespace". A user may always ask this of themself.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct SelfSubjectAccessReview {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What is asked: the action.
    /// +protobuf=2
    #[serde(default)]
    pub spec: SelfSubjectAccessReviewSpec,
    /// The server's answer.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: SubjectAccessReviewStatus,
}

/// LocalSubjectAccessReview asks whether a user or group may do something
/// in one namespace (the request's), so that permission to ask can be
/// given per namespace.
///
/// +genclient
/// +genclient:onlyVerbs=create
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct LocalSubjectAccessReview {
    /// Standard object metadata; only the namespace may be set.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What is asked; `spec.resourceAttributes.namespace` must be the
    /// request's namespace.
    /// +protobuf=2
    #[serde(default)]
    pub spec: SubjectAccessReviewSpec,
    /// The server's answer.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: SubjectAccessReviewStatus,
}

/// ResourceAttributes describes a request for a resource, as the
/// authorizer sees it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceAttributes {
    /// The namespace of the action; empty for a cluster-scoped resource,
    /// and for a namespaced one "every namespace" (the request's namespace
    /// for a LocalSubjectAccessReview).
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub namespace: String,
    /// The verb: `get`, `list`, `watch`, `create`, `update`, `delete`,
    /// `proxy`; `*` for all.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub verb: String,
    /// The API group; `*` for all.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub group: String,
    /// The API version; `*` for all.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub version: String,
    /// The resource; `*` for all.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub resource: String,
    /// The subresource; empty for none.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub subresource: String,
    /// The object's name for a `get` or `delete`; empty for all.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
    /// The field selector of a list, watch or deletecollection.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_selector: Option<FieldSelectorAttributes>,
    /// The label selector of a list, watch or deletecollection.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelectorAttributes>,
}

/// FieldSelectorAttributes is a field selector as the authorizer sees it:
/// its text, or its parsed requirements, not both.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct FieldSelectorAttributes {
    /// The selector as written in a query parameter.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub raw_selector: String,
    /// The selector's parsed requirements.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requirements: Vec<FieldSelectorRequirement>,
}

/// LabelSelectorAttributes is a label selector as the authorizer sees it:
/// its text, or its parsed requirements, not both.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelectorAttributes {
    /// The selector as written in a query parameter.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub raw_selector: String,
    /// The selector's parsed requirements.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requirements: Vec<LabelSelectorRequirement>,
}

/// NonResourceAttributes describes a request for a path outside the
/// resources, as the authorizer sees it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NonResourceAttributes {
    /// The URL path.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub path: String,
    /// The HTTP verb, lower case.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub verb: String,
}

/// SubjectAccessReviewSpec is an access request: exactly one of
/// `resourceAttributes` and `nonResourceAttributes`, and the user or
/// groups who would act.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SubjectAccessReviewSpec {
    /// The request, for a resource.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_attributes: Option<ResourceAttributes>,
    /// The request, for another path.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_resource_attributes: Option<NonResourceAttributes>,
    /// The user asked about; a user without groups is taken as in none.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub user: String,
    /// The groups asked about.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<String>,
    /// What else the authenticator would say of the user, by key.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<String, ExtraValue>,
    /// The user's UID.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub uid: String,
}

/// The values of one key of a user's extra information: a JSON list, and
/// on the protobuf wire a message of its own.
///
/// +protobuf.nullable=true
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ExtraValue(pub Vec<String>);

/// SelfSubjectAccessReviewSpec is an access request of the user sending
/// it: exactly one of `resourceAttributes` and `nonResourceAttributes`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SelfSubjectAccessReviewSpec {
    /// The request, for a resource.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_attributes: Option<ResourceAttributes>,
    /// The request, for another path.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_resource_attributes: Option<NonResourceAttributes>,
}

/// SubjectAccessReviewStatus is the authorizer's answer to an access
/// review.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SubjectAccessReviewStatus {
    /// Whether the action would be allowed.
    /// +protobuf=1
    pub allowed: bool,
    /// Whether the action would be denied; neither allowed nor denied
    /// means the authorizer has no opinion. Never true with `allowed`.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub denied: bool,
    /// Why the action would be allowed or denied.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// An error met while deciding; the decision may stand in spite of
    /// it.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub evaluation_error: String,
}

/// SelfSubjectRulesReview lists what the user sending it may do in a
/// namespace. The list may be incomplete, depending on the server's
/// authorizers: it is for user interfaces, not for authorization
/// decisions (a SubjectAccessReview is).
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct SelfSubjectRulesReview {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The namespace asked about.
    /// +protobuf=2
    #[serde(default)]
    pub spec: SelfSubjectRulesReviewSpec,
    /// What the user may do there.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: SubjectRulesReviewStatus,
}

/// SelfSubjectRulesReviewSpec names the namespace a rules review is about.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SelfSubjectRulesReviewSpec {
    /// The namespace to list the rules of. Required.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub namespace: String,
}

/// SubjectRulesReviewStatus is what a user may do, as far as the
/// authorizers can list it. Rules add up: a rule listed is allowed even
/// when the list is incomplete.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SubjectRulesReviewStatus {
    /// What the user may do with resources; in no order, possibly with
    /// repeats.
    /// +listType=atomic
    /// +protobuf=1
    pub resource_rules: Vec<ResourceRule>,
    /// What the user may do with other paths; in no order, possibly with
    /// repeats.
    /// +listType=atomic
    /// +protobuf=2
    pub non_resource_rules: Vec<NonResourceRule>,
    /// Whether the rules may leave out some of what is allowed (an
    /// authorizer that cannot list rules).
    /// +protobuf=3
    pub incomplete: bool,
    /// An error met while listing the rules, which may then be
    /// incomplete.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub evaluation_error: String,
}

/// ResourceRule is what a user may do with some resources.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceRule {
    /// The verbs; `*` for all.
    /// +listType=atomic
    /// +protobuf=1
    pub verbs: Vec<String>,
    /// The API groups; `*` for all.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub api_groups: Vec<String>,
    /// The resources; `*` for all in the groups, `*/foo` the subresource
    /// `foo` of all.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<String>,
    /// The object names; none for all.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_names: Vec<String>,
}

/// NonResourceRule is what a user may do with some paths outside the
/// resources.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NonResourceRule {
    /// The HTTP verbs: `get`, `post`, `put`, `delete`, `patch`, `head`,
    /// `options`; `*` for all.
    /// +listType=atomic
    /// +protobuf=1
    pub verbs: Vec<String>,
    /// The URL paths, each possibly ending in `*`; `*` for all.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        rename = "nonResourceURLs"
    )]
    pub non_resource_urls: Vec<String>,
}
