//! Which objects a list or a watch answers with: the field selectors a
//! resource serves, and the label and field selector match.

use serde_json::Value;

use super::request::Query;
use super::status::ApiError;
use super::store::is_builtin_group;
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use runtime::selector::{FieldSelector, LabelSelector};

/// The field selector of a request, allowing `metadata.name`,
/// `metadata.namespace` and the kind's selectable fields.
///
/// A built-in kind without selectable fields of its own takes the
/// scheme's `DefaultMetaV1FieldSelectorConversion` (`metadata.namespace`
/// even when cluster-scoped; others refused with `"<label>" is not a known
/// field selector: only ...`). One with selectable fields has its own
/// conversion function upstream (`AddFieldLabelConversionsForPod`,
/// `...ForSecret`, ...), which refuses a label with `field label not
/// supported: <label>` and takes `metadata.namespace` only when
/// namespaced, as custom resources do (apiextensions).
pub(crate) fn field_selector(ri: &ResourceInfo, query: &Query) -> Result<FieldSelector, ApiError> {
    let default_conversion = is_builtin_group(ri.group) && ri.selectable_fields.is_empty();
    let mut allowed = vec!["metadata.name"];
    if default_conversion || ri.namespaced {
        allowed.push("metadata.namespace");
    }
    allowed.extend(ri.selectable_fields.iter().copied());
    let text = query.get("fieldSelector").unwrap_or("");
    FieldSelector::parse(text, &allowed).map_err(|e| {
        match (
            default_conversion,
            e.split_once("\" is not a known field selector"),
        ) {
            (false, Some((label, _))) => ApiError::bad_request(format!(
                "field label not supported: {}",
                label.trim_start_matches('"')
            )),
            _ => ApiError::bad_request(e),
        }
    })
}

/// Whether an object passes label and field selectors: its labels and the
/// field selector's paths read from the Rust value
/// ([`Object::field_value`]), with no JSON tree of it.
pub(crate) fn selected_object(
    obj: &dyn Object,
    labels: &LabelSelector,
    fields: &FieldSelector,
) -> bool {
    labels.matches_labels(&obj.metadata().labels)
        && (fields.is_empty() || fields.matches(|f| obj.field_value(f).as_ref().map(selector_text)))
}

/// A field's JSON as a field selector compares it: a string's text, any
/// other value's JSON (`true`, `3`).
fn selector_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::{get_path, string_map};
    use apis::core::v1::Pod;

    /// Whether the JSON tree of an object passes the selectors: the
    /// labels and paths of its JSON, as a client reading it would select;
    /// a Pod that leaves `spec.hostNetwork` out has Go's `false` there, as
    /// upstream's field label conversion formats the bool, and `spec.host`
    /// is the conversion's old name of `spec.nodeName`.
    fn selected(obj: &Value, labels: &LabelSelector, fields: &FieldSelector) -> bool {
        labels.matches(&string_map(obj, "labels"))
            && fields.matches(|f| {
                let f = if f == "spec.host" { "spec.nodeName" } else { f };
                get_path(obj, f)
                    .map(selector_text)
                    .or_else(|| (f == "spec.hostNetwork").then(|| "false".to_string()))
            })
    }

    /// Selecting a Pod through its Rust value gives what selecting its JSON
    /// tree gives, for every field a Pod's field selector may name (values
    /// set, empty and left out of the JSON alike) and for labels.
    #[test]
    fn typed_selection_agrees_with_the_json_tree() {
        let ri = <Pod as runtime::resource::Resource>::INFO;
        let mut fields = vec!["metadata.name", "metadata.namespace"];
        fields.extend(ri.selectable_fields.iter().copied());
        let mut pods = Vec::new();
        for (node, phase, host_network, namespace) in [
            ("", "", false, None),
            ("n1", "Running", true, Some("default")),
            ("n2", "Pending", false, Some("other")),
        ] {
            let mut pod = Pod::default();
            pod.metadata.name = Some(format!("p-{node}"));
            pod.metadata.namespace = namespace.map(str::to_string);
            pod.metadata.labels.insert("app".into(), node.into());
            pod.spec.node_name = node.into();
            pod.spec.host_network = host_network;
            pod.status.phase = phase.into();
            pods.push(pod);
        }
        let labels = [
            LabelSelector::parse("").expect("selector"),
            LabelSelector::parse("app=n1").expect("selector"),
            LabelSelector::parse("app!=n1").expect("selector"),
        ];
        let mut checked = 0;
        for pod in &pods {
            let tree = Object::to_value(pod).expect("JSON");
            for field in &fields {
                for value in ["", "n1", "Running", "true", "false", "p-n1", "default"] {
                    for op in ["=", "!="] {
                        let Ok(selector) =
                            FieldSelector::parse(&format!("{field}{op}{value}"), &fields)
                        else {
                            continue;
                        };
                        for labels in &labels {
                            assert_eq!(
                                selected(&tree, labels, &selector),
                                selected_object(pod, labels, &selector),
                                "{field}{op}{value} on {tree}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 500, "{checked} selections compared");
    }
}
