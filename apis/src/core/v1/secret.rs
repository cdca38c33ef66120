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
impl runtime::schema::DefaultHook for Secret {
    fn default_hook(value: &mut serde_json::Value) {
        if let Some(obj) = value.as_object_mut()
            && obj.get("type").and_then(serde_json::Value::as_str) == Some("")
        {
            obj.remove("type");
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
}
