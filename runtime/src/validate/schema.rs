//! The OpenAPI-schema checks that kube-apiserver applies to custom
//! resources, for the kubebuilder markers that declare them:
//! `+kubebuilder:validation:Pattern` (kube-openapi's `FailedPattern`) and
//! `+kubebuilder:validation:EmbeddedResource` (apiextensions-apiserver's
//! embedded-resource check).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use regex::Regex;
use serde_json::Value;

use crate::field::{BadValue, Error, ErrorList, Path};

/// Each pattern, compiled once (`None`: it does not compile).
type Patterns = HashMap<&'static str, Option<Arc<Regex>>>;

/// Compiled patterns, shared by every call site (a pattern is a literal of
/// the generated code, so the set is small and fixed).
fn compiled(pattern: &'static str) -> Option<Arc<Regex>> {
    static CACHE: OnceLock<RwLock<Patterns>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(hit) = cache.read().ok().and_then(|c| c.get(pattern).cloned()) {
        return hit;
    }
    let re = Regex::new(pattern).ok().map(Arc::new);
    if let Ok(mut c) = cache.write() {
        c.insert(pattern, re.clone());
    }
    re
}

/// `+kubebuilder:validation:Pattern`: the string must match the regular
/// expression (unanchored, as JSON Schema's `pattern`), else
/// `Invalid value: "v": <path> in body should match '<pattern>'`, the
/// message kube-apiserver gives for a custom resource. A pattern that does
/// not compile (the generator checks them) matches nothing.
pub fn pattern(path: &Path, value: &str, pattern: &'static str) -> ErrorList {
    if compiled(pattern).is_some_and(|re| re.is_match(value)) {
        return Vec::new();
    }
    vec![Error::invalid(
        path,
        BadValue::Str(value.into()),
        &format!("{path} in body should match '{pattern}'"),
    )]
}

/// `+kubebuilder:validation:EmbeddedResource`: the value is a whole object
/// of some kind: `apiVersion` and `kind` are required
/// (`Required value: must not be empty`), must be strings (`must be a
/// string`) and not empty, and `apiVersion` is `group/version` or
/// `version`. JSON `null` (an unset field) passes; anything but an object
/// is `Invalid value: ...: must be an object`.
pub fn embedded_resource(path: &Path, value: &Value) -> ErrorList {
    let object = match value {
        Value::Null => return Vec::new(),
        Value::Object(m) => m,
        other => {
            return vec![Error::type_invalid(
                path,
                BadValue::Json(other.clone()),
                "must be an object",
            )];
        }
    };
    let mut errs = Vec::new();
    for key in ["apiVersion", "kind"] {
        let p = path.child(key);
        match object.get(key) {
            None => errs.push(Error::required(&p, "must not be empty")),
            Some(Value::String(s)) if s.is_empty() => errs.push(Error::invalid(
                &p,
                BadValue::Str(String::new()),
                "must not be empty",
            )),
            Some(Value::String(s)) if key == "apiVersion" && s.matches('/').count() > 1 => errs
                .push(Error::invalid(
                    &p,
                    BadValue::Str(s.clone()),
                    &format!("unexpected GroupVersion string: {s}"),
                )),
            Some(Value::String(_)) => {}
            Some(other) => errs.push(Error::invalid(
                &p,
                BadValue::Json(other.clone()),
                "must be a string",
            )),
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn messages(errs: ErrorList) -> Vec<String> {
        errs.iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn pattern_mismatch_reads_as_for_a_custom_resource() {
        let spec = Path::new("spec");
        let p = spec.child("version");
        assert!(pattern(&p, "v1.2", r"^v[0-9]+(\.[0-9]+)*$").is_empty());
        assert_eq!(
            messages(pattern(&p, "1.2", r"^v[0-9]+(\.[0-9]+)*$")),
            [
                r#"spec.version: Invalid value: "1.2": spec.version in body should match '^v[0-9]+(\.[0-9]+)*$'"#
            ]
        );
        // Unanchored, as JSON Schema's pattern is.
        assert!(pattern(&p, "xx-v1", "v[0-9]").is_empty());
    }

    #[test]
    fn embedded_resources_need_api_version_and_kind() {
        let spec = Path::new("spec");
        let p = spec.child("template");
        assert!(embedded_resource(&p, &Value::Null).is_empty());
        assert!(embedded_resource(&p, &json!({"apiVersion": "v1", "kind": "Pod"})).is_empty());
        assert_eq!(
            messages(embedded_resource(&p, &json!({"metadata": {}}))),
            [
                "spec.template.apiVersion: Required value: must not be empty",
                "spec.template.kind: Required value: must not be empty",
            ]
        );
        assert_eq!(
            messages(embedded_resource(
                &p,
                &json!({"apiVersion": "a/b/c", "kind": 3})
            )),
            [
                r#"spec.template.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c"#,
                "spec.template.kind: Invalid value: 3: must be a string",
            ]
        );
        assert_eq!(
            messages(embedded_resource(&p, &json!("x"))),
            [r#"spec.template: Invalid value: "x": must be an object"#]
        );
    }
}
