use macros::Resource;
use runtime::meta::{LabelSelector, ObjectMeta};
use serde::{Deserialize, Serialize};

/// PolicyRule is what a role allows: verbs on resources (in API groups,
/// possibly by name), or on non-resource URLs, not both.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PolicyRule {
    /// The verbs allowed; `*` for all.
    /// +listType=atomic
    /// +protobuf=1
    pub verbs: Vec<String>,
    /// The API groups of the resources; `""` is the core group, `*` all.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub api_groups: Vec<String>,
    /// The resources; `*` for all.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<String>,
    /// The object names the rule is limited to; none for all.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_names: Vec<String>,
    /// Partial URLs outside the resources (`*` only as the last step);
    /// only for ClusterRoles bound by ClusterRoleBindings.
    /// +optional
    /// +listType=atomic
    /// +protobuf=5
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        rename = "nonResourceURLs"
    )]
    pub non_resource_urls: Vec<String>,
}

/// Subject is who a binding applies to: a user, a group or a service
/// account.
///
/// +structType=atomic
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Subject {
    /// `User`, `Group` or `ServiceAccount`.
    /// +protobuf=1
    pub kind: String,
    /// The subject's API group: `""` for service accounts,
    /// `rbac.authorization.k8s.io` for users and groups (the defaults).
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub api_group: String,
    /// The subject's name.
    /// +protobuf=3
    pub name: String,
    /// The namespace of a service account; empty for users and groups.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub namespace: String,
}

/// RoleRef names the role a binding grants.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct RoleRef {
    /// The role's API group: `rbac.authorization.k8s.io` (the default).
    /// +optional
    /// +protobuf=1
    pub api_group: String,
    /// `Role` or `ClusterRole`.
    /// +protobuf=2
    pub kind: String,
    /// The role's name.
    /// +protobuf=3
    pub name: String,
}

/// Role is a namespaced set of rules a RoleBinding grants.
///
/// +genclient
/// +printer:hook
/// +resource:generation=false
/// +resource:nameFormat=path-segment
/// +resource:allowCreateOnUpdate
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Role {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What the role allows.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<PolicyRule>,
}

/// RoleBinding grants a Role (of its namespace) or a ClusterRole to its
/// subjects, in its namespace.
///
/// +genclient
/// +printer:hook
/// +resource:generation=false
/// +resource:nameFormat=path-segment
/// +resource:allowCreateOnUpdate
/// +defaulting:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct RoleBinding {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// Who the role is granted to.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subjects: Vec<Subject>,
    /// The role granted: a Role in the binding's namespace or a
    /// ClusterRole. Immutable.
    /// +protobuf=3
    #[serde(default)]
    pub role_ref: RoleRef,
}

/// ClusterRole is a cluster-wide set of rules, granted by RoleBindings
/// (in their namespace) or ClusterRoleBindings (everywhere).
///
/// +genclient
/// +genclient:nonNamespaced
/// +printer:hook
/// +resource:generation=false
/// +resource:nameFormat=path-segment
/// +resource:allowCreateOnUpdate
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRole {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What the role allows.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<PolicyRule>,
    /// When set, the rules are the union of the ClusterRoles the selectors
    /// match, written by a controller.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggregation_rule: Option<AggregationRule>,
}

/// AggregationRule selects the ClusterRoles whose rules a ClusterRole
/// gathers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct AggregationRule {
    /// Selectors of ClusterRoles; a role any of them matches is gathered.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cluster_role_selectors: Vec<LabelSelector>,
}

/// ClusterRoleBinding grants a ClusterRole to its subjects in every
/// namespace.
///
/// +genclient
/// +genclient:nonNamespaced
/// +printer:hook
/// +resource:generation=false
/// +resource:nameFormat=path-segment
/// +resource:allowCreateOnUpdate
/// +defaulting:hook
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRoleBinding {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// Who the role is granted to.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subjects: Vec<Subject>,
    /// The ClusterRole granted. Immutable.
    /// +protobuf=3
    #[serde(default)]
    pub role_ref: RoleRef,
}
