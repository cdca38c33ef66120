//! YAML in and out, the way `sigs.k8s.io/yaml` converts: YAML is read into
//! JSON before decoding, and JSON is written as YAML with map keys sorted.

use serde_json::Value;

/// Converts a YAML document to JSON bytes. Errors: the YAML parser's message.
pub fn yaml_to_json(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let value: Value = serde_yaml_ng::from_slice(bytes).map_err(|e| e.to_string())?;
    serde_json::to_vec(&value).map_err(|e| e.to_string())
}

/// Writes a JSON value as YAML with sorted keys (as `json.Marshal` then
/// `yaml.JSONToYAML` produce).
pub fn to_yaml(value: &Value) -> String {
    serde_yaml_ng::to_string(&sorted(value)).unwrap_or_default()
}

fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), sorted(&map[k])))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn yaml_round_trip_sorts_keys() {
        let v = json!({"kind": "ConfigMap", "apiVersion": "v1", "data": {"b": "1", "a": "2"}});
        let yaml = to_yaml(&v);
        assert_eq!(
            yaml,
            "apiVersion: v1\ndata:\n  a: '2'\n  b: '1'\nkind: ConfigMap\n"
        );
        let back: Value = serde_json::from_slice(&yaml_to_json(yaml.as_bytes()).unwrap()).unwrap();
        assert_eq!(back, v);
    }
}
