//! Other views of objects: their metadata alone
//! ([`PartialObjectMetadata`]), a watch event ([`WatchEvent`]) and a
//! Table ([`Table`]), as `kubectl get` asks for them.

use serde::{Deserialize, Serialize};

use crate::meta::{ListMeta, ObjectMeta, RawExtension};

/// An object's type and metadata without its body
/// (`metav1.PartialObjectMetadata`, served for `as=PartialObjectMetadata`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PartialObjectMetadata {
    /// `PartialObjectMetadata`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `meta.k8s.io/v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The object's metadata.
    /// +optional
    /// +protobuf=1
    pub metadata: ObjectMeta,
}

/// A list of [`PartialObjectMetadata`] (`metav1.PartialObjectMetadataList`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PartialObjectMetadataList {
    /// `PartialObjectMetadataList`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `meta.k8s.io/v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The list's metadata.
    /// +optional
    /// +protobuf=1
    pub metadata: ListMeta,
    /// The items.
    /// +listType=atomic
    /// +protobuf=2
    pub items: Vec<PartialObjectMetadata>,
}

/// One event of a watch stream (`metav1.WatchEvent`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WatchEvent {
    /// `ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK` or `ERROR`.
    /// +protobuf=1
    #[serde(rename = "type")]
    pub type_: String,
    /// The object (a `Status` for `ERROR`).
    /// +protobuf=2
    pub object: RawExtension,
}

/// Objects as rows of printed columns (`metav1.Table`, served for
/// `as=Table`; `kubectl get` asks for it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Table {
    /// `Table`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `meta.k8s.io/v1`.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The list's resourceVersion and continue token.
    /// +optional
    pub metadata: ListMeta,
    /// The columns, in order.
    /// +listType=atomic
    pub column_definitions: Vec<TableColumnDefinition>,
    /// One row per object.
    /// +listType=atomic
    pub rows: Vec<TableRow>,
}

/// One column of a [`Table`] (`metav1.TableColumnDefinition`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TableColumnDefinition {
    /// The header: `Ready`.
    pub name: String,
    /// An OpenAPI type: `string`, `integer`, `number`, `boolean`.
    #[serde(rename = "type")]
    pub type_: String,
    /// An OpenAPI format hint: `name` for the Name column, or empty.
    pub format: String,
    /// What the column shows.
    pub description: String,
    /// 0 is always shown; higher only with `-o wide`.
    pub priority: i32,
}

/// One row of a [`Table`] (`metav1.TableRow`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TableRow {
    /// One cell per column: strings, numbers, booleans or null.
    /// +listType=atomic
    pub cells: Vec<RawExtension>,
    /// Conditions of the row, such as `Completed`.
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<TableRowCondition>,
    /// The object or its PartialObjectMetadata, per `includeObject`
    /// (`null` for `None`).
    /// +optional
    pub object: RawExtension,
}

/// A condition of a [`TableRow`] (`metav1.TableRowCondition`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TableRowCondition {
    /// `Completed`.
    #[serde(rename = "type")]
    pub type_: String,
    /// `True`, `False` or `Unknown`.
    pub status: String,
    /// A machine-readable reason.
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// A human-readable message.
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}
