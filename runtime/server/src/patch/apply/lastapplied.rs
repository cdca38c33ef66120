//! Interplay with client-side apply's
//! `kubectl.kubernetes.io/last-applied-configuration` annotation, for the
//! `kubectl` manager only (`lastappliedmanager.go`,
//! `lastappliedupdater.go`): conflicts on fields the annotation shows
//! kubectl already set are forgiven, and the annotation, when present, is
//! kept up to date with what kubectl server-side applies.

use serde_json::Value;

use super::fieldset::FieldSet;
use super::shape::Shape;
use super::value::go_json;
use super::walk::{check_lists, compare, to_field_set};

/// The client-side apply annotation (`LastAppliedConfigAnnotation`).
pub(crate) const ANNOTATION: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// The manager whose applies consult and update the annotation.
pub(crate) const KUBECTL: &str = "kubectl";

fn annotation(obj: &Value) -> Option<&str> {
    obj.pointer("/metadata/annotations")?
        .get(ANNOTATION)?
        .as_str()
        .filter(|s| !s.is_empty())
}

/// The fields the live object's last-applied annotation says kubectl set
/// and that still hold the annotated values
/// (`allowedConflictsFromLastApplied`): the annotation's field set minus
/// what differs between it and the live object. `None` when there is no
/// usable annotation (absent, not JSON, another version, invalid lists).
pub(crate) fn allowed_conflicts(live: &Value, api_version: &str, shape: Shape) -> Option<FieldSet> {
    let last_applied: Value = serde_json::from_str(annotation(live)?).ok()?;
    if last_applied.get("apiVersion").and_then(Value::as_str) != Some(api_version) {
        return None;
    }
    if !check_lists(&last_applied, shape, false).is_empty()
        || !check_lists(live, shape, false).is_empty()
    {
        return None;
    }
    let set = to_field_set(&last_applied, shape);
    let diff = compare(Some(&last_applied), live, shape);
    Some(
        set.difference(&diff.modified)
            .difference(&diff.added)
            .difference(&diff.removed),
    )
}

/// Whether `obj` carries a non-empty annotation (`hasLastApplied`).
pub(crate) fn has_annotation(obj: &Value) -> bool {
    annotation(obj).is_some()
}

/// The annotation value for `applied` (`buildLastApplied`): the applied
/// object without the annotation, as Go's `json.Encoder` writes it
/// (sorted keys, HTML-safe, trailing newline). An `annotations` map left
/// empty stays as `{}`; a null one is dropped, as unstructured
/// `SetAnnotations` does.
pub(crate) fn build(applied: &Value) -> String {
    let mut obj = applied.clone();
    if let Some(meta) = obj.get_mut("metadata").and_then(Value::as_object_mut) {
        match meta.get_mut("annotations") {
            Some(Value::Object(annotations)) => {
                annotations.shift_remove(ANNOTATION);
            }
            Some(_) => {
                meta.shift_remove("annotations");
            }
            None => {}
        }
    }
    format!("{}\n", go_json(&obj))
}

/// Sets the annotation on `obj` (`SetLastApplied`).
pub(crate) fn set(obj: &mut Value, value: String) {
    if let Some(annotations) = obj
        .pointer_mut("/metadata/annotations")
        .and_then(Value::as_object_mut)
    {
        annotations.insert(ANNOTATION.to_string(), Value::String(value));
    }
}
