//! ObjectMeta validation with Kubernetes' exact messages
//! (`k8s.io/apimachinery/pkg/api/validation/objectmeta.go` and
//! `pkg/util/validation`): the name (per the kind's [`NameFormat`]: a
//! DNS-1123 subdomain by default), `generateName`, and label keys and
//! values, with the legacy `util/validation` messages of
//! [`runtime::validate::names`].

use super::status::Cause;
use runtime::meta::{CauseType, ObjectMeta};
use runtime::resource::{NameFormat, ResourceInfo};
use runtime::validate::names;

fn invalid(field: &str, value: &str, detail: &str) -> Cause {
    Cause {
        reason: Some(CauseType::FieldValueInvalid),
        message: format!("Invalid value: {}: {detail}", runtime::field::quote(value)),
        field: field.into(),
    }
}

/// Errors for a name (or a generateName prefix, whose trailing `-` is
/// masked first, as upstream's `maskTrailingDash` does), reported against
/// the value as written.
fn name_errors(field: &str, name: &str, format: NameFormat, prefix: bool) -> Vec<Cause> {
    let checked = match name.strip_suffix('-') {
        Some(stem) if prefix && name.len() > 1 => format!("{stem}a"),
        _ => name.to_string(),
    };
    let messages = match format {
        NameFormat::Dns1123Label => names::dns1123_label(&checked),
        NameFormat::Dns1035Label => names::dns1035_label(&checked),
        NameFormat::Dns1123Subdomain => names::dns1123_subdomain(&checked),
        NameFormat::PathSegment => names::path_segment_name(name, prefix),
    };
    messages.iter().map(|m| invalid(field, name, m)).collect()
}

/// The finalizer names upstream's core validation accepts without a `/`
/// (`helper.IsStandardFinalizerName`): the namespace's, and the garbage
/// collector's two.
const STANDARD_FINALIZERS: [&str; 3] = ["kubernetes", "orphan", "foregroundDeletion"];

/// Validates an object's metadata as upstream's `ValidateObjectMetaAccessor`
/// (k8s.io/apimachinery/pkg/api/validation/objectmeta.go) does, in its
/// order: generateName (on create), name, label keys and values,
/// annotation keys and their total size, owner references, finalizer names;
/// then, for the built-in groups, what core's `ValidateObjectMeta` adds
/// (`validateKubeFinalizerName`: a finalizer without a `/` must be a
/// standard one, reported at its index). `create` selects create-time
/// rules (generateName may stand in for the name).
pub fn object_meta(ri: &ResourceInfo, meta: &ObjectMeta, create: bool) -> Vec<Cause> {
    let mut causes = Vec::new();
    if create && let Some(prefix) = meta.generate_name.as_deref().filter(|p| !p.is_empty()) {
        causes.extend(name_errors(
            "metadata.generateName",
            prefix,
            ri.name_format,
            true,
        ));
    }
    match &meta.name {
        Some(name) => causes.extend(name_errors("metadata.name", name, ri.name_format, false)),
        None => {
            if !create || meta.generate_name.is_none() {
                causes.push(Cause {
                    reason: Some(CauseType::FieldValueRequired),
                    message: "Required value: name or generateName is required".into(),
                    field: "metadata.name".into(),
                });
            }
        }
    }
    // `ValidateLabels`: each message of `IsQualifiedName` for the key and
    // of `IsValidLabelValue` for the value, at the map's path.
    for (key, value) in &meta.labels {
        for m in names::qualified_name(key) {
            causes.push(invalid("metadata.labels", key, &m));
        }
        for m in names::label_value(value) {
            causes.push(invalid("metadata.labels", value, &m));
        }
    }
    // `ValidateAnnotations`: keys are qualified names in any case.
    for key in meta.annotations.keys() {
        for m in names::annotation_key(key) {
            causes.push(invalid("metadata.annotations", key, &m));
        }
    }
    let total: usize = meta
        .annotations
        .iter()
        .map(|(k, v)| k.len() + v.len())
        .sum();
    if total > 256 * 1024 {
        causes.push(Cause {
            reason: Some(CauseType::FieldValueTooLong),
            message: "Too long: may not be more than 262144 bytes".into(),
            field: "metadata.annotations".into(),
        });
    }
    for r in &meta.owner_references {
        // validateOwnerReference: the path is the list's, not the item's.
        for (field, detail, value) in [
            ("apiVersion", "version must not be empty", &r.api_version),
            ("kind", "must not be empty", &r.kind),
            ("name", "must not be empty", &r.name),
            ("uid", "must not be empty", &r.uid),
        ] {
            if value.is_empty() {
                causes.push(invalid(
                    &format!("metadata.ownerReferences.{field}"),
                    "",
                    detail,
                ));
            }
        }
    }
    let controllers = meta
        .owner_references
        .iter()
        .filter(|r| r.controller == Some(true))
        .count();
    if controllers > 1 {
        causes.push(Cause {
            reason: Some(CauseType::FieldValueInvalid),
            message: "Invalid value: \"\": Only one reference can have Controller set to true"
                .into(),
            field: "metadata.ownerReferences".into(),
        });
    }
    // `ValidateFinalizers`: each name at the list's path.
    for f in &meta.finalizers {
        for m in names::qualified_name(f) {
            causes.push(invalid("metadata.finalizers", f, &m));
        }
    }
    if crate::store::is_builtin_group(ri.group) {
        for (i, f) in meta.finalizers.iter().enumerate() {
            let field = format!("metadata.finalizers[{i}]");
            for m in names::qualified_name(f) {
                causes.push(invalid(&field, f, &m));
            }
            if !f.contains('/') && !STANDARD_FINALIZERS.contains(&f.as_str()) {
                causes.push(invalid(
                    &field,
                    f,
                    "name is neither a standard finalizer name nor is it fully qualified",
                ));
            }
        }
    }
    causes
}

/// What an update may not change in `metadata`, from upstream's
/// `ValidateObjectMetaAccessorUpdate` as the generic store runs it after
/// `BeforeUpdate` has carried the server's fields over: no finalizer added
/// to an object being deleted, and no other uid (an update that sends none
/// keeps the stored one). `new` is the metadata as the request left it.
pub fn object_meta_update(new: &ObjectMeta, old: &ObjectMeta) -> Vec<Cause> {
    let mut causes = Vec::new();
    if old.deletion_timestamp.is_some() {
        let mut added: Vec<&str> = new
            .finalizers
            .iter()
            .filter(|f| !old.finalizers.contains(f))
            .map(String::as_str)
            .collect();
        added.sort_unstable();
        added.dedup();
        if !added.is_empty() {
            // Go's `%#v` of the sorted set's list.
            let listed: Vec<String> = added.iter().map(|f| runtime::go::quote(f)).collect();
            causes.push(Cause {
                reason: Some(CauseType::FieldValueForbidden),
                message: format!(
                    "Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{{{}}}",
                    listed.join(", ")
                ),
                field: "metadata.finalizers".into(),
            });
        }
    }
    if let Some(uid) = new.uid.as_deref().filter(|u| !u.is_empty())
        && Some(uid) != old.uid.as_deref()
    {
        causes.push(invalid("metadata.uid", uid, "field is immutable"));
    }
    causes
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// [`super::object_meta`] of the `metadata` of a JSON object.
    fn object_meta(ri: &ResourceInfo, obj: &Value, create: bool) -> Vec<Cause> {
        let meta = serde_json::from_value(obj["metadata"].clone()).expect("ObjectMeta");
        super::object_meta(ri, &meta, create)
    }

    fn info(plural: &'static str) -> ResourceInfo {
        crate::test_support::core_info("ConfigMap", plural)
    }

    #[test]
    fn names_follow_dns_rules() {
        let causes = object_meta(
            &info("configmaps"),
            &json!({"metadata": {"name": "Bad_Name"}}),
            true,
        );
        assert_eq!(causes.len(), 1);
        assert_eq!(causes[0].field, "metadata.name");
        assert_eq!(
            causes[0].message,
            format!(
                "Invalid value: \"Bad_Name\": {}",
                names::dns1123_subdomain("Bad_Name")[0]
            )
        );
        assert!(
            object_meta(
                &info("configmaps"),
                &json!({"metadata": {"name": "a.b-c"}}),
                true
            )
            .is_empty()
        );
    }

    /// The messages for `metadata.name` (or `generateName`) under `format`.
    fn name_messages(format: NameFormat, metadata: Value) -> Vec<String> {
        let ri = ResourceInfo {
            name_format: format,
            printer: None,
            ..info("things")
        };
        object_meta(&ri, &json!({ "metadata": metadata }), true)
            .into_iter()
            .map(|c| format!("{}: {}", c.field, c.message))
            .collect()
    }

    #[test]
    fn each_kind_names_by_its_own_rule() {
        // Namespace: one DNS-1123 label.
        assert_eq!(
            name_messages(NameFormat::Dns1123Label, json!({"name": "a.b"})),
            [format!(
                "metadata.name: Invalid value: \"a.b\": {}",
                names::dns1123_label("a.b")[0]
            )]
        );
        // Service: a DNS-1035 label starts with a letter; a generateName
        // prefix may end with `-`.
        assert_eq!(
            name_messages(NameFormat::Dns1035Label, json!({"name": "1web"})),
            [format!(
                "metadata.name: Invalid value: \"1web\": {}",
                names::dns1035_label("1web")[0]
            )]
        );
        assert!(name_messages(NameFormat::Dns1035Label, json!({"name": "web-1"})).is_empty());
        assert!(
            name_messages(NameFormat::Dns1035Label, json!({"generateName": "web-"})).is_empty()
        );
        assert_eq!(
            name_messages(NameFormat::Dns1035Label, json!({"name": "a".repeat(64)})),
            [format!(
                "metadata.name: Invalid value: \"{}\": must be no more than 63 characters",
                "a".repeat(64)
            ),]
        );
        // Path segments: anything but `.`/`..`, without `/` or `%`.
        assert!(name_messages(NameFormat::PathSegment, json!({"name": "Any_Name:1"})).is_empty());
        assert_eq!(
            name_messages(NameFormat::PathSegment, json!({"name": ".."})),
            ["metadata.name: Invalid value: \"..\": may not be '..'"]
        );
        assert_eq!(
            name_messages(NameFormat::PathSegment, json!({"name": "a/b%c"})),
            [
                "metadata.name: Invalid value: \"a/b%c\": may not contain '/'",
                "metadata.name: Invalid value: \"a/b%c\": may not contain '%'",
            ]
        );
    }

    #[test]
    fn name_or_generate_name_is_required() {
        let causes = object_meta(&info("configmaps"), &json!({"metadata": {}}), true);
        assert_eq!(
            causes[0].message,
            "Required value: name or generateName is required"
        );
        assert!(
            object_meta(
                &info("configmaps"),
                &json!({"metadata": {"generateName": "web-"}}),
                true
            )
            .is_empty()
        );
    }

    #[test]
    fn finalizers_and_owner_references() {
        let obj = json!({"metadata": {"name": "a", "finalizers": ["example.com/ok", "bad name", "kubernetes", "mine"],
            "ownerReferences": [{"apiVersion": "v1", "kind": "", "name": "o", "uid": "u"}]}});
        let causes = object_meta(&info("configmaps"), &obj, true);
        let rendered: Vec<String> = causes
            .iter()
            .map(|c| format!("{}: {}", c.field, c.message))
            .collect();
        let bad_name = names::qualified_name("bad name")[0].clone();
        let not_standard = "name is neither a standard finalizer name nor is it fully qualified";
        assert_eq!(
            rendered,
            [
                "metadata.ownerReferences.kind: Invalid value: \"\": must not be empty".to_string(),
                format!("metadata.finalizers: Invalid value: \"bad name\": {bad_name}"),
                format!("metadata.finalizers[1]: Invalid value: \"bad name\": {bad_name}"),
                format!("metadata.finalizers[1]: Invalid value: \"bad name\": {not_standard}"),
                format!("metadata.finalizers[3]: Invalid value: \"mine\": {not_standard}"),
            ]
        );
    }

    #[test]
    fn annotation_keys_are_qualified_names_in_any_case() {
        let obj = json!({"metadata": {"name": "a",
            "annotations": {"Example.com/Mixed": "", "a b": "", "x/y/z": ""}}});
        let causes = object_meta(&info("configmaps"), &obj, true);
        let fields: Vec<(&str, &str)> = causes
            .iter()
            .map(|c| (c.field.as_str(), c.message.as_str()))
            .collect();
        assert_eq!(fields.len(), 2, "{fields:?}");
        assert!(fields.iter().all(|(f, _)| *f == "metadata.annotations"));
        assert!(
            fields[0].1.starts_with("Invalid value: \"a b\": "),
            "{fields:?}"
        );
        assert!(
            fields[1].1.starts_with("Invalid value: \"x/y/z\": "),
            "{fields:?}"
        );
    }

    #[test]
    fn generate_name_is_reported_before_the_name() {
        let obj = json!({"metadata": {"name": "Web-x1", "generateName": "Web-"}});
        let causes = object_meta(&info("configmaps"), &obj, true);
        assert_eq!(
            causes.first().map(|c| c.field.as_str()),
            Some("metadata.generateName")
        );
        assert_eq!(
            causes.last().map(|c| c.field.as_str()),
            Some("metadata.name")
        );
    }

    #[test]
    fn labels_are_checked() {
        let causes = object_meta(
            &info("configmaps"),
            &json!({"metadata": {"name": "a", "labels": {"a b": "x!"}}}),
            true,
        );
        assert_eq!(causes.len(), 2);
        assert_eq!(
            causes[1].message,
            format!("Invalid value: \"x!\": {}", names::label_value("x!")[0])
        );
    }
}
