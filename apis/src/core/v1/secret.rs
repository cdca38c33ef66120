//! Secret, ported from `k8s.io/api/core/v1`.

use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::ObjectMeta;
use serde::{Deserialize, Serialize};

// Printer columns approximate `kubectl get secret`: its DATA column (the
// number of keys) has no JSON path.

/// Secret holds sensitive values, such as passwords and keys, by key.
///
/// +genclient
/// +printer:hook
/// +resource:generation=false
/// +defaulting:hook
/// +validation:extra
/// +kubebuilder:selectablefield:JSONPath=.type
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Secret {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// When true, `data` and `stringData` cannot be changed after creation.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immutable: Option<bool>,
    /// The secret values by key, base64 encoded on the wire.
    /// +optional
    /// +protobuf=2
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        with = "runtime::codec::base64_map"
    )]
    pub data: BTreeMap<String, Vec<u8>>,
    /// Plain-text values that the server merges into `data` on write; never
    /// returned on read.
    /// +k8s:conversion-gen=false
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub string_data: BTreeMap<String, String>,
    /// How the data is meant to be used (`Opaque`,
    /// `kubernetes.io/tls`...); `Opaque` when unset.
    /// +default="Opaque"
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub r#type: String,
}

/// `stringData`, the write-only field, is merged into `data` and dropped,
/// as upstream's `Convert_v1_Secret_To_core_Secret` does on every decode:
/// each value becomes the UTF-8 bytes of the string, a key in both takes
/// the `stringData` value, and validation (the 1 MiB total) sees the merged
/// `data`. (Upstream's `SetDefaults_Secret` defaults an empty `type`, which
/// the field's `+default` does here.)
impl runtime::defaulting::DefaultHook for Secret {
    fn default_hook(&mut self) {
        for (key, text) in std::mem::take(&mut self.string_data) {
            self.data.insert(key, text.into_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime::defaulting::SetDefaults;
    use serde_json::{Value, json};

    fn defaulted(v: Value) -> Value {
        let mut secret: Secret = serde_json::from_value(v).unwrap();
        secret.set_defaults();
        serde_json::to_value(secret).unwrap()
    }

    #[test]
    fn secret_type_defaults_to_opaque() {
        for v in [json!({"data": {"a": "Yg=="}}), json!({"type": ""})] {
            assert_eq!(defaulted(v)["type"], "Opaque");
        }
        let v = defaulted(json!({"type": "kubernetes.io/tls"}));
        assert_eq!(v["type"], "kubernetes.io/tls");
    }

    /// `Convert_v1_Secret_To_core_Secret`: stringData overwrites data.
    #[test]
    fn string_data_is_merged_into_data_and_dropped() {
        let v = defaulted(
            json!({"data": {"a": "YQ==", "b": "Yg=="}, "stringData": {"b": "two", "c": "three"}}),
        );
        assert_eq!(
            v["data"],
            json!({"a": "YQ==", "b": "dHdv", "c": "dGhyZWU="})
        );
        assert!(v.get("stringData").is_none());
        let v = defaulted(json!({"stringData": {"k": "v"}}));
        assert_eq!(v["data"], json!({"k": "dg=="}));
    }
}
