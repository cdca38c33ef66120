//! `ValidateLabelSelector` of `k8s.io/apimachinery/pkg/apis/meta/v1/validation`
//! (with `AllowInvalidLabelValueInSelector` off), which the built-in kinds'
//! hand-written validation calls where upstream's does.

use std::collections::BTreeMap;

use super::names::{label_value, qualified_name};
use crate::field::{BadValue, Error, ErrorList, Path};
use crate::meta::{LabelSelector, LabelSelectorRequirement};

/// The errors of `selector` at `path`: each `matchLabels` key a qualified
/// name and value a label value (both reported at `path.matchLabels`, as
/// upstream's `ValidateLabels` does), then each requirement of
/// `matchExpressions`: values as its operator wants them (`In`/`NotIn`
/// some, `Exists`/`DoesNotExist` none), a known operator, a qualified key,
/// label values.
pub fn label_selector(selector: &LabelSelector, path: &Path) -> ErrorList {
    let mut errs = labels(&selector.match_labels, &path.child("matchLabels"));
    let expressions = path.child("matchExpressions");
    for (i, requirement) in selector.match_expressions.iter().enumerate() {
        errs.extend(requirement_errors(requirement, &expressions.index(i)));
    }
    errs
}

/// `ValidateLabels` (k8s.io/apimachinery/pkg/apis/meta/v1/validation): each
/// message of `IsQualifiedName` for a key and of `IsValidLabelValue` for a
/// value, all at the map's `path` (a pod template's `labels`, a Service's
/// `selector`, a selector's `matchLabels`).
pub fn labels(labels: &BTreeMap<String, String>, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    for (key, value) in labels {
        errs.extend(
            qualified_name(key)
                .iter()
                .map(|m| Error::invalid(path, BadValue::Str(key.clone()), m)),
        );
        errs.extend(
            label_value(value)
                .iter()
                .map(|m| Error::invalid(path, BadValue::Str(value.clone()), m)),
        );
    }
    errs
}

/// `ValidateLabelSelectorRequirement`.
fn requirement_errors(requirement: &LabelSelectorRequirement, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let values = path.child("values");
    match requirement.operator.as_str() {
        "In" | "NotIn" if requirement.values.is_empty() => errs.push(Error::required(
            &values,
            "must be specified when `operator` is 'In' or 'NotIn'",
        )),
        "In" | "NotIn" => {}
        "Exists" | "DoesNotExist" if !requirement.values.is_empty() => {
            errs.push(Error::forbidden(
                &values,
                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
            ));
        }
        "Exists" | "DoesNotExist" => {}
        other => errs.push(Error::invalid(
            &path.child("operator"),
            BadValue::Str(other.to_string()),
            "not a valid selector operator",
        )),
    }
    errs.extend(qualified_name(&requirement.key).iter().map(|m| {
        Error::invalid(
            &path.child("key"),
            BadValue::Str(requirement.key.clone()),
            m,
        )
    }));
    for (i, value) in requirement.values.iter().enumerate() {
        errs.extend(
            label_value(value)
                .iter()
                .map(|m| Error::invalid(&values.index(i), BadValue::Str(value.clone()), m)),
        );
    }
    errs
}

/// Whether `metav1.LabelSelectorAsSelector` converts `selector` without an
/// error: exactly when [`label_selector`] finds none (its requirements are
/// checked by `labels.NewRequirement` with the same rules).
pub fn label_selector_converts(selector: &LabelSelector) -> bool {
    label_selector(selector, &Path::root()).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_are_checked_as_upstream() {
        let selector: LabelSelector = serde_json::from_value(serde_json::json!({
            "matchLabels": {"app": "web", "bad key": "-x"},
            "matchExpressions": [
                {"key": "tier", "operator": "In"},
                {"key": "tier", "operator": "Exists", "values": ["a"]},
                {"key": "tier", "operator": "Near", "values": ["a"]},
            ],
        }))
        .unwrap();
        let messages: Vec<String> = label_selector(&selector, &Path::root().child("selector"))
            .iter()
            .map(Error::to_string)
            .collect();
        assert_eq!(
            messages,
            [
                "selector.matchLabels: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
                "selector.matchLabels: Invalid value: \"-x\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
                "selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
                "selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                "selector.matchExpressions[2].operator: Invalid value: \"Near\": not a valid selector operator",
            ]
        );
        assert!(!label_selector_converts(&selector));
        assert!(label_selector_converts(&LabelSelector::default()));
    }
}
