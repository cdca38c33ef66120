use super::*;

pub(crate) fn write_tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

const WIDGET: &str = r#"//! Widgets for tests.
//! +groupName=example.dev
use std::collections::BTreeMap;
use crate::core::v1::PodSpec;

/// Widget is an example resource.
///
/// +genclient
pub struct Widget {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// +optional
    pub spec: Option<WidgetSpec>,
}

/// WidgetSpec holds the desired state.
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// Number of replicas.
    /// Defaults to 1.
    /// +k8s:optional
    /// +k8s:minimum=0
    pub replicas: Option<i32>,
    #[serde(rename = "podIP")]
    pub pod_ip: String,
    pub labels: BTreeMap<String, String>,
    pub data: Vec<u8>,
    pub ports: Vec<WidgetPort>,
    pub template: PodSpec,
    pub created: Option<Time>,
    pub size: Quantity,
    pub r#type: Phase,
    pub extra: std::collections::HashMap<String, String>,
}

pub struct WidgetPort { pub name: String }

pub struct Ports(pub Vec<WidgetPort>);

/// +k8s:enum
pub enum Phase {
    Pending,
    #[serde(rename = "Up")]
    Running,
}

struct Private;
"#;

#[test]
fn reads_packages_types_fields_and_markers() {
    let tree = write_tree(&[
        ("example/v1/mod.rs", WIDGET),
        (
            "core/v1/mod.rs",
            "//! +groupName=\npub struct PodSpec { pub hostname: String }\n",
        ),
        ("example/v1/zz_generated.register.rs", "pub struct Ignored;"),
        ("example/notaversion/mod.rs", "pub struct Skipped;"),
    ]);
    let model = parse_tree(tree.path()).unwrap();
    let names: Vec<_> = model.packages.iter().map(|p| p.api_version()).collect();
    assert_eq!(names, ["v1", "example.dev/v1"]);
    let pkg = &model.packages[1];
    assert_eq!(pkg.module_path, ["example", "v1"]);
    assert_eq!(pkg.description, "Widgets for tests.");
    let types: Vec<_> = pkg.types.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        types,
        ["Widget", "WidgetSpec", "WidgetPort", "Ports", "Phase"]
    );

    let widget = &pkg.types[0];
    assert_eq!(widget.description, "Widget is an example resource.");
    assert_eq!(widget.markers[0].name, "genclient");
    assert!(widget.is_object());

    let spec = &pkg.types[1];
    let f = |name: &str| spec.fields().iter().find(|f| f.rust_name == name).unwrap();
    assert_eq!(
        f("replicas").description,
        "Number of replicas.\nDefaults to 1."
    );
    assert_eq!(f("replicas").markers.len(), 2);
    assert_eq!(
        f("replicas").ty,
        FieldType::Optional(Box::new(FieldType::Int(IntKind::I32)))
    );
    assert_eq!(f("replicas").location.line, 23);
    assert_eq!(
        (
            f("replicas").markers[1].location.line,
            f("replicas").markers[1].location.column
        ),
        (22, 9)
    );
    assert_eq!(f("pod_ip").json_name, "podIP");
    assert_eq!(f("labels").ty, FieldType::Map(Box::new(FieldType::String)));
    assert_eq!(f("data").ty, FieldType::Bytes);
    assert_eq!(
        f("created").ty,
        FieldType::Optional(Box::new(FieldType::WellKnown(WellKnown::Time)))
    );
    assert_eq!(f("size").ty, FieldType::WellKnown(WellKnown::Quantity));
    assert_eq!(f("type").json_name, "type");
    assert!(matches!(f("extra").ty, FieldType::Unsupported(_)));
    let FieldType::Named(template) = &f("template").ty else {
        panic!()
    };
    assert_eq!(template.target, Some((0, "PodSpec".to_string())));
    let FieldType::List(port) = &f("ports").ty else {
        panic!()
    };
    let FieldType::Named(port) = port.as_ref() else {
        panic!()
    };
    assert_eq!(port.target, Some((1, "WidgetPort".to_string())));

    assert!(matches!(
        &pkg.types[3].shape,
        TypeShape::Newtype(FieldType::List(_))
    ));
    let TypeShape::Enum(variants) = &pkg.types[4].shape else {
        panic!()
    };
    assert_eq!(variants[1].value, "Up");
    assert_eq!(pkg.types[4].markers[0].name, "k8s:enum");
}

#[test]
fn marker_syntax_errors_point_at_file_and_column() {
    let tree = write_tree(&[(
        "g/v1/mod.rs",
        "//! +groupName=g\npub struct A {\n    /// +k8s:ifEnabled(\"x\"=+k8s:required\n    pub a: String,\n}\n",
    )]);
    let errors = parse_tree(tree.path()).unwrap_err();
    assert_eq!(errors.len(), 1);
    let e = &errors[0];
    assert_eq!((e.location.line, e.location.column), (3, 27));
    assert_eq!(
        e.message,
        "malformed marker `+k8s:ifEnabled(\"x\"=+k8s:required`: expected `,` or `)` in the argument list"
    );
}

#[test]
fn versions() {
    for v in ["v1", "v2", "v1beta1", "v2alpha3", "v10"] {
        assert!(is_version(v), "{v}");
    }
    for v in ["v", "v0", "version", "v1beta", "v1gamma1", "V1", "v01"] {
        assert!(!is_version(v), "{v}");
    }
}

/// The derive reads a type's group from its package's `+groupName`: a
/// quoted group that does not read is an error naming the file and line
/// (it was read as the core group), a quoted one is unquoted.
#[test]
fn package_identity_reads_the_group_or_says_why_not() {
    let dir = write_tree(&[
        ("broken/v1/mod.rs", "//! +groupName=\"example.dev\n"),
        ("quoted/v1/mod.rs", "//! +groupName=\"example.dev\"\n"),
        ("core/v1/mod.rs", "//! +groupName=\n"),
    ]);
    let identity = |pkg: &str| package_identity(&dir.path().join(pkg).join("v1/types.rs"));
    let error = identity("broken").expect_err("unterminated");
    assert!(
        error.ends_with("broken/v1/mod.rs:1: `+groupName` does not read: unterminated string"),
        "{error}"
    );
    assert_eq!(
        identity("quoted"),
        Ok(("example.dev".to_string(), "v1".to_string()))
    );
    assert_eq!(identity("core"), Ok((String::new(), "v1".to_string())));
}

/// A block doc comment with a `*` on each line reads as rustdoc reads it:
/// its markers are markers at their own columns, its prose the text after
/// the stars (the star made every line prose, so `+k8s:required` was lost).
#[test]
fn block_doc_comments_with_stars_carry_markers() {
    let tree = write_tree(&[(
        "example/v1/mod.rs",
        "//! +groupName=example.dev\n\
         /**\n * A thing.\n *\n * +genclient\n */\n\
         pub struct Thing {\n    \
         /** The name.\n     * +k8s:required\n     */\n    \
         pub name: String,\n    \
         /** +k8s:optional */\n    \
         pub note: Option<String>,\n\
         }\n",
    )]);
    let model = parse_tree(tree.path()).unwrap();
    let thing = &model.packages[0].types[0];
    assert_eq!(thing.description, "A thing.");
    assert_eq!(thing.markers[0].name, "genclient");
    assert_eq!(thing.markers[0].location.line, 5);
    assert_eq!(thing.markers[0].location.column, 4);
    let name = &thing.fields()[0];
    assert_eq!(name.description, "The name.");
    assert_eq!(name.markers[0].name, "k8s:required");
    assert_eq!(
        (
            name.markers[0].location.line,
            name.markers[0].location.column
        ),
        (9, 8)
    );
    let note = &thing.fields()[1];
    assert_eq!(note.markers[0].name, "k8s:optional");
    assert_eq!(
        (
            note.markers[0].location.line,
            note.markers[0].location.column
        ),
        (12, 9)
    );
}
