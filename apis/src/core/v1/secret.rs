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

/// As upstream's `SetDefaults_Secret`, which also defaults an empty `type`:
/// an empty string is dropped so that the field's `+default` (run after
/// this hook) fills it.
///
/// And `stringData`, the write-only field, is merged into `data` and
/// dropped, as upstream's `Convert_v1_Secret_To_core_Secret` does on every
/// decode: each value becomes the UTF-8 bytes of the string (base64 in
/// `data` on the wire), a key in both takes the `stringData` value, and
/// validation (the 1 MiB total) sees the merged `data`.
impl runtime::schema::DefaultHook for Secret {
    fn default_hook(value: &mut serde_json::Value) {
        let Some(obj) = value.as_object_mut() else {
            return;
        };
        if obj.get("type").and_then(serde_json::Value::as_str) == Some("") {
            obj.remove("type");
        }
        if let Some(serde_json::Value::Object(string_data)) = obj.remove("stringData")
            && !string_data.is_empty()
        {
            use base64::Engine as _;
            let data = obj
                .entry("data")
                .or_insert_with(|| serde_json::Value::Object(Default::default()));
            if !data.is_object() {
                *data = serde_json::Value::Object(Default::default());
            }
            if let Some(data) = data.as_object_mut() {
                // The typed decode has already refused values that are
                // not strings.
                for (key, text) in string_data {
                    if let serde_json::Value::String(text) = text {
                        let encoded = base64::engine::general_purpose::STANDARD.encode(text);
                        data.insert(key, serde_json::Value::String(encoded));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime::schema::{Schema, apply_defaults};
    use serde_json::json;

    #[test]
    fn secret_type_defaults_to_opaque() {
        for mut v in [json!({"data": {"a": "Yg=="}}), json!({"type": ""})] {
            apply_defaults(&mut v, Secret::schema());
            assert_eq!(v["type"], "Opaque");
        }
        let mut v = json!({"type": "kubernetes.io/tls"});
        apply_defaults(&mut v, Secret::schema());
        assert_eq!(v["type"], "kubernetes.io/tls");
    }

    /// `Convert_v1_Secret_To_core_Secret`: stringData overwrites data.
    #[test]
    fn string_data_is_merged_into_data_and_dropped() {
        let mut v =
            json!({"data": {"a": "YQ==", "b": "Yg=="}, "stringData": {"b": "two", "c": "three"}});
        apply_defaults(&mut v, Secret::schema());
        assert_eq!(
            v["data"],
            json!({"a": "YQ==", "b": "dHdv", "c": "dGhyZWU="})
        );
        assert!(v.get("stringData").is_none());
        let mut v = json!({"stringData": {"k": "v"}});
        apply_defaults(&mut v, Secret::schema());
        assert_eq!(v["data"], json!({"k": "dg=="}));
    }
}
