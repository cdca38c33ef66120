use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::meta::{FieldsV1, Time, empty_as_none, zero_as_none, zero_time_as_none};

/// Metadata every persisted object carries (`metav1.ObjectMeta`).
///
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// Unique name within a namespace.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub name: Option<String>,
    /// Prefix for a server-generated name when `name` is empty.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub generate_name: Option<String>,
    /// The namespace; empty for cluster-scoped objects.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub namespace: Option<String>,
    /// Deprecated; never set by the server.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub self_link: Option<String>,
    /// Server-assigned unique identifier.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub uid: Option<String>,
    /// Opaque version for optimistic concurrency.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub resource_version: Option<String>,
    /// Sequence number of the desired state.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "zero_as_none")]
    pub generation: Option<i64>,
    /// When the object was created.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "zero_time_as_none")]
    pub creation_timestamp: Option<Time>,
    /// When graceful deletion was requested.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "zero_time_as_none")]
    pub deletion_timestamp: Option<Time>,
    /// Seconds allowed for graceful termination.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<i64>,
    /// Labels: selectable key/value pairs.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Annotations: unselectable key/value pairs.
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    /// Objects this one depends on.
    /// +optional
    /// +patchMergeKey=uid
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=uid
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owner_references: Vec<OwnerReference>,
    /// Finalizers that must be removed before deletion completes.
    /// +optional
    /// +patchStrategy=merge
    /// +listType=set
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
    /// Field ownership records of server-side apply.
    /// +optional
    /// +listType=atomic
    /// +protobuf=17
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub managed_fields: Vec<ManagedFieldsEntry>,
}

/// One observation of an object's state (`metav1.Condition`), as
/// `status.conditions` lists them; `kubectl wait --for=condition=X` reads it.
///
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    /// The condition type, in UpperCamelCase: `Ready`.
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// The `metadata.generation` the condition was set for.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "zero_as_none")]
    pub observed_generation: Option<i64>,
    /// When the status last changed.
    /// +required
    /// +protobuf=4
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change, in UpperCamelCase.
    /// +protobuf=5
    pub reason: String,
    /// Human-readable details.
    /// +protobuf=6
    pub message: String,
}

/// A reference to an owning object (`metav1.OwnerReference`).
///
/// +structType=atomic
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct OwnerReference {
    /// API version of the owner.
    /// +protobuf=5
    pub api_version: String,
    /// Kind of the owner.
    /// +protobuf=1
    pub kind: String,
    /// Name of the owner.
    /// +protobuf=3
    pub name: String,
    /// UID of the owner.
    /// +protobuf=4
    pub uid: String,
    /// Whether the owner is the managing controller.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<bool>,
    /// Whether the owner cannot be deleted before this object.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_owner_deletion: Option<bool>,
}

/// One field manager's ownership record (`metav1.ManagedFieldsEntry`).
///
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ManagedFieldsEntry {
    /// The field manager.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub manager: Option<String>,
    /// `Apply` or `Update`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub operation: Option<String>,
    /// The version the fields are expressed in.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub api_version: Option<String>,
    /// When the entry last changed.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "zero_time_as_none")]
    pub time: Option<Time>,
    /// `FieldsV1`.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub fields_type: Option<String>,
    /// The owned fields, as a FieldsV1 trie.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields_v1: Option<FieldsV1>,
    /// The subresource the write went through.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "empty_as_none")]
    pub subresource: Option<String>,
}

/// Metadata of a list (`metav1.ListMeta`).
///
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ListMeta {
    /// Deprecated; never set by the server.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<String>,
    /// The revision the list was read at.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    /// The token to ask for the next page.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#continue: Option<String>,
    /// Objects left after this page, when known.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_item_count: Option<i64>,
    /// The shard this list covers, for sharded lists.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard_info: Option<ShardInfo>,
}

/// The shard of a sharded list (`metav1.ShardInfo`).
///
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShardInfo {
    /// The shard selector the list was filtered by.
    /// +protobuf=1
    pub selector: String,
}

/// The result of an operation that returns no object (`metav1.Status`).
///
/// +protobuf.options.marshal=false
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
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ListMeta,
    /// `Success` or `Failure`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// A human-readable description.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// A machine-readable reason: `NotFound`, `Conflict`...
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Details about the reason.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<StatusDetails>,
    /// The HTTP status code.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<i32>,
}

/// Details of a Status (`metav1.StatusDetails`).
///
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StatusDetails {
    /// The name of the object concerned.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The group of the object concerned.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The kind (upstream often puts the resource here).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The UID of the object concerned.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// The individual causes.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub causes: Vec<StatusCause>,
    /// Seconds to wait before retrying.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<i32>,
}

/// One cause of a Status (`metav1.StatusCause`).
///
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatusCause {
    /// A machine-readable cause: `FieldValueInvalid`...
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// A human-readable description.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The field at fault: `spec.ports[0].name`.
    /// +optional
    /// +protobuf=3
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
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace_period_seconds: Option<i64>,
    /// Conditions the object must meet to be deleted.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preconditions: Option<Preconditions>,
    /// Deprecated: use propagationPolicy.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orphan_dependents: Option<bool>,
    /// `Orphan`, `Background` or `Foreground`.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub propagation_policy: Option<String>,
    /// `All` to persist nothing.
    /// +optional
    /// +listType=atomic
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dry_run: Vec<String>,
    /// Delete even if the stored object cannot be read.
    /// +optional
    /// +protobuf=6
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
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// The resourceVersion the object must have.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
}

/// A label query over a set of objects (`metav1.LabelSelector`): the
/// results of `matchLabels` and `matchExpressions` are ANDed. An empty
/// selector matches everything; a missing one matches nothing.
///
/// +structType=atomic
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    /// Labels that must match exactly; each pair is an `In` requirement with
    /// one value.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
    /// Requirements on label values.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

/// One requirement of a label selector (`metav1.LabelSelectorRequirement`):
/// a key, an operator and the values the operator compares against.
///
/// +protobuf.options.marshal=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LabelSelectorRequirement {
    /// The label key the requirement is about.
    /// +protobuf=1
    pub key: String,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`.
    /// +protobuf=2
    pub operator: String,
    /// Values for `In` and `NotIn`; empty for `Exists` and `DoesNotExist`.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

/// One requirement of a field selector (`metav1.FieldSelectorRequirement`):
/// a key, an operator and the values the operator compares against.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FieldSelectorRequirement {
    /// The field selector key the requirement is about.
    /// +protobuf=1
    pub key: String,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist` (the list may grow).
    /// +protobuf=2
    pub operator: String,
    /// Values for `In` and `NotIn`; empty for `Exists` and `DoesNotExist`.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

/// An object's kind and API version (`metav1.TypeMeta`), the first two
/// fields of every served object. In protobuf they travel in the
/// `runtime.Unknown` envelope, not in the message.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TypeMeta {
    /// The kind: `Deployment`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `group/version`, or the version alone for the core group: `apps/v1`, `v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
}

/// Options of a create (`metav1.CreateOptions`), sent as query parameters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct CreateOptions {
    /// `CreateOptions`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The options' API version.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// `All` to persist nothing.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dry_run: Vec<String>,
    /// The name of the actor making the change (field manager).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_manager: Option<String>,
    /// `Ignore`, `Warn` or `Strict`: what to do with unknown and duplicate fields.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_validation: Option<String>,
}

/// Options of a get (`metav1.GetOptions`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct GetOptions {
    /// `GetOptions`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The options' API version.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// Which version to read: unset (latest), `0` (any) or a resourceVersion.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
}

/// Options of a list or watch (`metav1.ListOptions`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ListOptions {
    /// `ListOptions`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The options' API version.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// Restricts the list by labels: `app=web,tier in (front)`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<String>,
    /// Restricts the list by fields: `metadata.name=web`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_selector: Option<String>,
    /// Watch for changes instead of listing.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub watch: Option<bool>,
    /// Ask for BOOKMARK events on a watch.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_watch_bookmarks: Option<bool>,
    /// Which version to read or watch from.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    /// How `resourceVersion` applies: `Exact` or `NotOlderThan`.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version_match: Option<String>,
    /// Seconds before a watch is closed.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i64>,
    /// At most this many items per page.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<i64>,
    /// The token of the next page, from the previous page's list metadata.
    /// +optional
    /// +protobuf=8
    #[serde(default, rename = "continue", skip_serializing_if = "Option::is_none")]
    pub continue_: Option<String>,
    /// Start a watch with the current state as synthetic ADDED events.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub send_initial_events: Option<bool>,
    /// Restricts the list to one shard of the objects (alpha).
    /// +optional
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard_selector: Option<String>,
}

/// Options of a patch (`metav1.PatchOptions`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PatchOptions {
    /// `PatchOptions`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The options' API version.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// `All` to persist nothing.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dry_run: Vec<String>,
    /// Take over fields other managers own (server-side apply only).
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force: Option<bool>,
    /// The name of the actor making the change; required for apply.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_manager: Option<String>,
    /// `Ignore`, `Warn` or `Strict`.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_validation: Option<String>,
}

/// Options of an update (`metav1.UpdateOptions`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct UpdateOptions {
    /// `UpdateOptions`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The options' API version.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// `All` to persist nothing.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dry_run: Vec<String>,
    /// The name of the actor making the change.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_manager: Option<String>,
    /// `Ignore`, `Warn` or `Strict`.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_validation: Option<String>,
}

/// The versions of the core group, served at `/api` (`metav1.APIVersions`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct APIVersions {
    /// `APIVersions`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The versions served: `v1`.
    /// +listType=atomic
    /// +protobuf=1
    pub versions: Vec<String>,
    /// Server addresses by client network; clients use the first match.
    /// +listType=atomic
    /// +protobuf=2
    #[serde(rename = "serverAddressByClientCIDRs")]
    pub server_address_by_client_cidrs: Vec<ServerAddressByClientCIDR>,
}

/// One group and its versions, as `/apis` lists it (`metav1.APIGroup`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct APIGroup {
    /// `APIGroup`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The group: `apps`.
    /// +protobuf=1
    pub name: String,
    /// The versions served, preferred first.
    /// +listType=atomic
    /// +protobuf=2
    pub versions: Vec<GroupVersionForDiscovery>,
    /// The version clients should use.
    /// +optional
    /// +protobuf=3
    pub preferred_version: GroupVersionForDiscovery,
    /// Server addresses by client network.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(
        rename = "serverAddressByClientCIDRs",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    pub server_address_by_client_cidrs: Vec<ServerAddressByClientCIDR>,
}

/// Every group the server serves, at `/apis` (`metav1.APIGroupList`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct APIGroupList {
    /// `APIGroupList`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The groups.
    /// +listType=atomic
    /// +protobuf=1
    pub groups: Vec<APIGroup>,
}

/// A group/version as discovery names it (`metav1.GroupVersionForDiscovery`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct GroupVersionForDiscovery {
    /// `group/version`: `apps/v1`.
    /// +protobuf=1
    pub group_version: String,
    /// The version alone: `v1`.
    /// +protobuf=2
    pub version: String,
}

/// Where clients in a network reach the server (`metav1.ServerAddressByClientCIDR`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ServerAddressByClientCIDR {
    /// The client network: `10.0.0.0/8`.
    /// +protobuf=1
    #[serde(rename = "clientCIDR")]
    pub client_cidr: String,
    /// `host:port` for those clients.
    /// +protobuf=2
    pub server_address: String,
}

/// The resources of one group/version (`metav1.APIResourceList`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct APIResourceList {
    /// `APIResourceList`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// `apps/v1`.
    /// +protobuf=1
    pub group_version: String,
    /// The resources and subresources.
    /// +listType=atomic
    /// +protobuf=2
    pub resources: Vec<APIResource>,
}

/// The verbs of a resource in discovery (`metav1.Verbs`): a JSON list, and
/// on the protobuf wire a message of its own.
///
/// +protobuf.nullable=true
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Verbs(pub Vec<String>);

/// One resource or subresource in discovery (`metav1.APIResource`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct APIResource {
    /// The plural name: `deployments`, `deployments/scale`.
    /// +protobuf=1
    pub name: String,
    /// The singular name: `deployment`.
    /// +protobuf=6
    pub singular_name: String,
    /// Whether objects live in namespaces.
    /// +protobuf=2
    pub namespaced: bool,
    /// The group of a subresource's kind when it differs: `autoscaling`.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub group: String,
    /// The version of a subresource's kind when it differs.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub version: String,
    /// The kind: `Deployment`, `Scale`.
    /// +protobuf=3
    pub kind: String,
    /// The verbs served: `create`, `get`, `list`...
    /// +protobuf=4
    pub verbs: Verbs,
    /// Short names for kubectl: `deploy`.
    /// +optional
    /// +listType=atomic
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub short_names: Vec<String>,
    /// Groupings such as `all`.
    /// +optional
    /// +listType=atomic
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    /// A hash of the storage version, for storage migration.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub storage_version_hash: String,
}
