use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::meta::{FieldsV1, Time};

/// Metadata every persisted object carries (`metav1.ObjectMeta`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// Unique name within a namespace.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Prefix for a server-generated name when `name` is empty.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<String>,
    /// The namespace; empty for cluster-scoped objects.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// Deprecated; never set by the server.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<String>,
    /// Server-assigned unique identifier.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// Opaque version for optimistic concurrency.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    /// Sequence number of the desired state.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    /// When the object was created.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<Time>,
    /// When graceful deletion was requested.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<Time>,
    /// Seconds allowed for graceful termination.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<i64>,
    /// Labels: selectable key/value pairs.
    /// +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Annotations: unselectable key/value pairs.
    /// +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    /// Objects this one depends on.
    /// +optional
    /// +patchMergeKey=uid
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=uid
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owner_references: Vec<OwnerReference>,
    /// Finalizers that must be removed before deletion completes.
    /// +optional
    /// +patchStrategy=merge
    /// +listType=set
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
    /// Field ownership records of server-side apply.
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub managed_fields: Vec<ManagedFieldsEntry>,
}

/// One observation of an object's state (`metav1.Condition`), as
/// `status.conditions` lists them; `kubectl wait --for=condition=X` reads it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    /// The condition type, in UpperCamelCase: `Ready`.
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    pub status: String,
    /// The `metadata.generation` the condition was set for.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// Machine-readable reason for the last change, in UpperCamelCase.
    pub reason: String,
    /// Human-readable details.
    pub message: String,
}

/// A reference to an owning object (`metav1.OwnerReference`).
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct OwnerReference {
    /// API version of the owner.
    pub api_version: String,
    /// Kind of the owner.
    pub kind: String,
    /// Name of the owner.
    pub name: String,
    /// UID of the owner.
    pub uid: String,
    /// Whether the owner is the managing controller.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<bool>,
    /// Whether the owner cannot be deleted before this object.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_owner_deletion: Option<bool>,
}

/// One field manager's ownership record (`metav1.ManagedFieldsEntry`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ManagedFieldsEntry {
    /// The field manager.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manager: Option<String>,
    /// `Apply` or `Update`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// The version the fields are expressed in.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// When the entry last changed.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<Time>,
    /// `FieldsV1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields_type: Option<String>,
    /// The owned fields, as a FieldsV1 trie.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields_v1: Option<FieldsV1>,
    /// The subresource the write went through.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subresource: Option<String>,
}

/// Metadata of a list (`metav1.ListMeta`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ListMeta {
    /// Deprecated; never set by the server.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<String>,
    /// The revision the list was read at.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    /// The token to ask for the next page.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#continue: Option<String>,
    /// Objects left after this page, when known.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_item_count: Option<i64>,
    /// The shard this list covers, for sharded lists.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard_info: Option<ShardInfo>,
}

/// The shard of a sharded list (`metav1.ShardInfo`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShardInfo {
    /// The shard selector the list was filtered by.
    pub selector: String,
}

/// The result of an operation that returns no object (`metav1.Status`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// `Status`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// List metadata (empty for a Status).
    /// +optional
    #[serde(default)]
    pub metadata: ListMeta,
    /// `Success` or `Failure`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// A human-readable description.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// A machine-readable reason: `NotFound`, `Conflict`...
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Details about the reason.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<StatusDetails>,
    /// The HTTP status code.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<i32>,
}

/// Details of a Status (`metav1.StatusDetails`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StatusDetails {
    /// The name of the object concerned.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The group of the object concerned.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The kind (upstream often puts the resource here).
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The UID of the object concerned.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// The individual causes.
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub causes: Vec<StatusCause>,
    /// Seconds to wait before retrying.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<i32>,
}

/// One cause of a Status (`metav1.StatusCause`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatusCause {
    /// A machine-readable cause: `FieldValueInvalid`...
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// A human-readable description.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The field at fault: `spec.ports[0].name`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// Options of a delete (`metav1.DeleteOptions`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DeleteOptions {
    /// `DeleteOptions`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The options' API version.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// Seconds before the object is deleted.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace_period_seconds: Option<i64>,
    /// Conditions the object must meet to be deleted.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preconditions: Option<Preconditions>,
    /// Deprecated: use propagationPolicy.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orphan_dependents: Option<bool>,
    /// `Orphan`, `Background` or `Foreground`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub propagation_policy: Option<String>,
    /// `All` to persist nothing.
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dry_run: Vec<String>,
    /// Delete even if the stored object cannot be read.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignore_store_read_error_with_cluster_breaking_potential: Option<bool>,
}

/// Conditions of a delete (`metav1.Preconditions`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Preconditions {
    /// The UID the object must have.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// The resourceVersion the object must have.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
}

/// A label query over a set of objects (`metav1.LabelSelector`): the
/// results of `matchLabels` and `matchExpressions` are ANDed. An empty
/// selector matches everything; a missing one matches nothing.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    /// Labels that must match exactly; each pair is an `In` requirement with
    /// one value.
    /// +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
    /// Requirements on label values.
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

/// One requirement of a label selector (`metav1.LabelSelectorRequirement`):
/// a key, an operator and the values the operator compares against.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LabelSelectorRequirement {
    /// The label key the requirement is about.
    pub key: String,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`.
    pub operator: String,
    /// Values for `In` and `NotIn`; empty for `Exists` and `DoesNotExist`.
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}
