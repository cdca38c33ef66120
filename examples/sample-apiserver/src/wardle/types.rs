use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Flunder, as every version of it converts: upstream's internal
/// `wardle.Flunder`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Flunder {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The desired state of the flunder.
    pub spec: FlunderSpec,
    /// The observed state of the flunder.
    pub status: FlunderStatus,
}

/// FlunderSpec keeps one field per kind of reference, where v1alpha1 has
/// a reference and its type.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct FlunderSpec {
    /// A name of another flunder, mutually exclusive to the fischer
    /// reference.
    pub flunder_reference: String,
    /// A name of a fischer, mutually exclusive to the flunder reference.
    pub fischer_reference: String,
    /// The reference type: `Flunder`, `Fischer`, or empty.
    pub reference_type: String,
}

/// FlunderStatus is the observed state of a Flunder (empty).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FlunderStatus {}

/// Fischer, as every version of it converts: upstream's internal
/// `wardle.Fischer`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Fischer {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The names of the flunders that are disallowed.
    pub disallowed_flunders: Vec<String>,
}
