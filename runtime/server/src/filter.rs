//! Which objects a list or a watch answers with: the field selectors a
//! resource serves, and the label and field selector match.

use serde_json::Value;

use super::object::{get_path, string_map};
use super::request::Query;
use super::status::ApiError;
use super::store::is_builtin_group;
use runtime::resource::ResourceInfo;
use runtime::selector::{FieldSelector, LabelSelector};

/// The field selector of a request, allowing `metadata.name`,
/// `metadata.namespace` and the kind's selectable fields.
/// Custom resources accept `metadata.namespace` only when namespaced, and
/// reject others with apiextensions' `field label not supported: <label>`.
pub(crate) fn field_selector(ri: &ResourceInfo, query: &Query) -> Result<FieldSelector, ApiError> {
    let builtin = is_builtin_group(ri.group);
    let mut allowed = vec!["metadata.name"];
    if builtin || ri.namespaced {
        allowed.push("metadata.namespace");
    }
    allowed.extend(ri.selectable_fields.iter().copied());
    let text = query.get("fieldSelector").unwrap_or("");
    FieldSelector::parse(text, &allowed).map_err(|e| {
        match (builtin, e.split_once("\" is not a known field selector")) {
            (false, Some((label, _))) => ApiError::bad_request(format!(
                "field label not supported: {}",
                label.trim_start_matches('"')
            )),
            _ => ApiError::bad_request(e),
        }
    })
}

/// Whether an object passes label and field selectors.
pub(crate) fn selected(obj: &Value, labels: &LabelSelector, fields: &FieldSelector) -> bool {
    labels.matches(&string_map(obj, "labels"))
        && fields.matches(|f| {
            get_path(obj, f).map(|v| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
        })
}
