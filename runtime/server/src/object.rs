//! Reading and writing objects held as JSON values: metadata fields and
//! simple JSON paths (`.spec.replicas`).

use serde_json::{Map, Value};

/// `metadata` of an object, if it is a JSON object.
pub fn meta(obj: &Value) -> Option<&Map<String, Value>> {
    obj.get("metadata")?.as_object()
}

/// `metadata` of an object, created when missing or not an object.
pub fn meta_mut(obj: &mut Value) -> &mut Map<String, Value> {
    if !obj.is_object() {
        *obj = Value::Object(Map::new());
    }
    let map = obj.as_object_mut().expect("object");
    let entry = map
        .entry("metadata")
        .or_insert_with(|| Value::Object(Map::new()));
    if !entry.is_object() {
        *entry = Value::Object(Map::new());
    }
    entry.as_object_mut().expect("object")
}

/// `metav1.ObjectMeta`'s fields in Go's order, the order kube-apiserver
/// writes them in.
const OBJECT_META_ORDER: &[&str] = runtime::registry::METADATA_FIELDS;

/// Sets field `key` of a `metadata` map, in place if present, else at its
/// place in Go's field order (before the first field that comes after it),
/// so that objects the server completes are written as kube-apiserver
/// writes them (`uid`, `resourceVersion`, `generation`,
/// `creationTimestamp`, ..., `managedFields`). Fields outside ObjectMeta go
/// last.
pub fn set_meta(meta: &mut Map<String, Value>, key: &str, value: Value) {
    if let Some(slot) = meta.get_mut(key) {
        *slot = value;
        return;
    }
    let rank = |k: &str| {
        OBJECT_META_ORDER
            .iter()
            .position(|o| *o == k)
            .unwrap_or(OBJECT_META_ORDER.len())
    };
    let own = rank(key);
    let at = meta
        .keys()
        .position(|k| rank(k) > own)
        .unwrap_or(meta.len());
    meta.shift_insert(at, key.to_string(), value);
}

/// A string field of `metadata` (`name`, `namespace`, `uid`...), if set and non-empty.
pub fn meta_str<'a>(obj: &'a Value, key: &str) -> Option<&'a str> {
    meta(obj)?.get(key)?.as_str().filter(|s| !s.is_empty())
}

/// The value at a simple JSON path (`.spec.replicas`, `.metadata.labels.app`).
pub fn get_path<'a>(obj: &'a Value, path: &str) -> Option<&'a Value> {
    let mut cur = obj;
    for part in path
        .trim_start_matches('.')
        .split('.')
        .filter(|p| !p.is_empty())
    {
        cur = cur.get(part)?;
    }
    Some(cur)
}

/// Sets the value at a simple JSON path, creating intermediate objects.
pub fn set_path(obj: &mut Value, path: &str, value: Value) {
    let parts: Vec<&str> = path
        .trim_start_matches('.')
        .split('.')
        .filter(|p| !p.is_empty())
        .collect();
    let Some((last, parents)) = parts.split_last() else {
        return;
    };
    let mut cur = obj;
    for part in parents {
        if !cur.is_object() {
            *cur = Value::Object(Map::new());
        }
        cur = cur
            .as_object_mut()
            .expect("object")
            .entry(part.to_string())
            .or_insert_with(|| Value::Object(Map::new()));
    }
    if !cur.is_object() {
        *cur = Value::Object(Map::new());
    }
    cur.as_object_mut()
        .expect("object")
        .insert(last.to_string(), value);
}

/// The string-to-string map at `metadata.<key>` (labels, annotations).
pub fn string_map(obj: &Value, key: &str) -> Vec<(String, String)> {
    meta(obj)
        .and_then(|m| m.get(key))
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths() {
        let mut obj = json!({"spec": {"replicas": 2}});
        assert_eq!(get_path(&obj, ".spec.replicas"), Some(&json!(2)));
        assert_eq!(get_path(&obj, ".status.replicas"), None);
        set_path(&mut obj, ".status.replicas", json!(3));
        assert_eq!(
            obj,
            json!({"spec": {"replicas": 2}, "status": {"replicas": 3}})
        );
        meta_mut(&mut obj).insert("name".into(), json!("a"));
        assert_eq!(meta_str(&obj, "name"), Some("a"));
    }
}
