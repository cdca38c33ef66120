//! Golden tests of the validation generator: one small package per tag, its
//! generated `zz_generated.validations.rs` checked in under
//! `tests/golden/validation/<tag>.rs` and reviewed as a diff, as
//! validation-gen keeps `output_tests/tags/<tag>/`; and of the defaults
//! generator, one package per case under `tests/golden/defaults/<case>.rs`
//! (its `zz_generated.defaults.rs`); and of the protobuf generator, under
//! `tests/golden/protobuf/<case>.rs` (its `zz_generated.protobuf.rs`: the
//! message tables and the `prost::Message` implementations); and of the
//! `.proto` generator, under `tests/golden/proto/<case>.proto` (its
//! `generated.proto`); and of the schema generator, under
//! `tests/golden/schema/<case>.rs` (its `zz_generated.schema.rs`: the
//! structural tables and the field manager's `FieldPaths`); and of the
//! conversion generator, under `tests/golden/conversion/<case>.rs` (a
//! versioned package's `zz_generated.conversion.rs` against its hub).
//!
//! `UPDATE_GOLDEN=1 cargo test -p codegen --test golden` rewrites them.

use std::path::{Path, PathBuf};

const HEAD: &str = "//! +groupName=example.dev\n";

/// (golden name, struct fields with their markers).
const CASES: &[(&str, &str)] = &[
    ("required", "/// +k8s:required\npub name: String,"),
    (
        "forbidden",
        "/// +k8s:optional\n/// +k8s:forbidden\npub legacy: Option<String>,",
    ),
    ("optional", "/// +k8s:optional\npub note: Option<String>,"),
    ("max_length", "/// +k8s:maxLength=10\npub name: String,"),
    ("min_length", "/// +k8s:minLength=2\npub name: String,"),
    ("max_items", "/// +k8s:maxItems=3\npub tags: Vec<String>,"),
    ("minimum", "/// +k8s:minimum=1\npub replicas: i32,"),
    ("maximum", "/// +k8s:maximum=10\npub replicas: Option<i64>,"),
    (
        "neq",
        "/// +k8s:neq=\"x\"\npub name: String,\n/// +k8s:neq=0\npub count: i32,\n/// +k8s:neq=true\npub flag: bool,",
    ),
    (
        "format",
        "/// +k8s:format=k8s-short-name\npub name: String,\n/// +k8s:format=k8s-ip\npub ip: Option<String>,",
    ),
    ("immutable", "/// +k8s:immutable\npub serial: String,"),
    ("list_type_set", "/// +listType=set\npub tags: Vec<String>,"),
    // Items without a total order are compared pair by pair.
    (
        "list_type_set_of_structs",
        "/// +k8s:listType=set\npub items: Vec<Item>,",
    ),
    (
        "custom_unique",
        "/// +k8s:listType=set\n/// +k8s:customUnique\npub tags: Vec<String>,\n/// +k8s:listType=set\npub checked: Vec<String>,",
    ),
    (
        "list_type_map",
        "/// +listType=map\n/// +listMapKey=name\npub items: Vec<Item>,",
    ),
    (
        "each_val",
        "/// +k8s:eachVal=+k8s:maxLength=5\npub tags: Vec<String>,",
    ),
    (
        "each_key",
        "/// +k8s:eachKey=+k8s:format=k8s-short-name\npub labels: std::collections::BTreeMap<String, String>,",
    ),
    (
        "item",
        "/// +listType=map\n/// +listMapKey=name\n/// +k8s:item(name: \"main\")=+k8s:subfield(\"size\")=+k8s:minimum=1\npub items: Vec<Item>,",
    ),
    (
        "subfield",
        "/// +k8s:subfield(\"size\")=+k8s:maximum=9\npub item: Item,",
    ),
    (
        "if_enabled",
        "/// +k8s:ifEnabled(\"Gate\")=+k8s:minimum=1\npub count: i32,",
    ),
    (
        "if_disabled",
        "/// +k8s:ifDisabled(\"Gate\")=+k8s:maxLength=3\npub name: String,",
    ),
    (
        "opaque_type",
        "/// +k8s:opaqueType\npub item: Item,\n/// +k8s:eachVal=+k8s:opaqueType\npub items: Vec<Item>,\n/// +k8s:maxItems=2\npub checked: Vec<Item>,",
    ),
    (
        "declarative_native",
        "/// +k8s:declarativeValidationNative\n/// +k8s:maxLength=4\npub name: String,",
    ),
    (
        "zero_or_one_of_member",
        "/// +k8s:optional\n/// +k8s:zeroOrOneOfMember\npub a: Option<Item>,\n/// +k8s:optional\n/// +k8s:zeroOrOneOfMember\npub b: Option<Item>,",
    ),
    (
        "union_member",
        "/// +k8s:optional\n/// +k8s:unionMember\npub a: Option<Item>,\n/// +k8s:optional\n/// +k8s:unionMember\npub b: Option<Item>,",
    ),
    (
        "union_discriminator",
        "/// +k8s:unionDiscriminator\npub kind: String,\n/// +k8s:optional\n/// +k8s:unionMember\npub a: Option<Item>,\n/// +k8s:optional\n/// +k8s:unionMember(memberName: \"Bee\")\npub b: Option<Item>,",
    ),
    (
        "pattern",
        "/// +kubebuilder:validation:Pattern=`^v[0-9]+$`\npub release: String,",
    ),
    (
        "embedded_resource",
        "/// +kubebuilder:validation:EmbeddedResource\n/// +kubebuilder:pruning:PreserveUnknownFields\npub template: Option<RawExtension>,",
    ),
];

/// (golden name, package markers, struct fields): tags written on the
/// package (`//!` lines).
const PACKAGE_CASES: &[(&str, &str, &str)] = &[
    (
        "supports_subresource",
        "//! +k8s:supportsSubresource=\"/status\"\n//! +k8s:supportsSubresource=\"/scale\"\n",
        "/// +k8s:minimum=0\npub replicas: i32,",
    ),
    (
        "is_subresource",
        "//! +k8s:isSubresource=\"/scale\"\n",
        "/// +k8s:minimum=0\npub replicas: i32,",
    ),
    // Hand-written validation runs before the generated (its
    // `validate_extra_first`) and after it (`validate_extra`).
    (
        "validation_extra",
        "/// Limits, checked by hand too.\n///\n/// +validation:extra\npub struct Limits {\n    /// +k8s:minimum=0\n    pub max: i32,\n}\n\n",
        "pub limits: Limits,",
    ),
    // Tags on fields of newtypes apply to the value inside (`.0`), as the
    // check reads them.
    (
        "newtype_field",
        "/// Tags.\npub struct Tags(pub Vec<String>);\n\n/// A port.\npub struct Port(pub i32);\n\n",
        "/// +k8s:maxItems=2\n/// +k8s:eachVal=+k8s:maxLength=5\npub tags: Tags,\n/// +k8s:optional\n/// +k8s:minimum=1\npub port: Option<Port>,",
    ),
];

/// (golden name, package source after the group marker): the defaults
/// generator's cases.
const DEFAULT_CASES: &[(&str, &str)] = &[
    (
        "default",
        "#[serde(rename_all = \"camelCase\")]\npub struct Subject {\n\
         /// +default=1\npub replicas: Option<i32>,\n\
         /// +default=\"TCP\"\npub protocol: String,\n\
         /// +default=true\npub enabled: Option<bool>,\n\
         /// +default=0.5\npub ratio: Option<f64>,\n\
         /// +default=\"Blue\"\npub color: Option<Color>,\n\
         /// +default=\"25%\"\npub surge: Option<IntOrString>,\n\
         /// +default={}\npub item: Option<Item>,\n\
         /// +default=\"\"\npub unchanged: String,\n}\n\n\
         /// An item.\npub struct Item {\n    pub name: String,\n}\n\n\
         /// A color.\npub enum Color {\n    Red,\n    Blue,\n}\n",
    ),
    (
        "defaulting_hook",
        "/// +defaulting:hook\npub struct Subject {\n    pub name: String,\n}\n",
    ),
    (
        "nested",
        "#[serde(rename_all = \"camelCase\")]\npub struct Subject {\n\
         pub item: Item,\n\
         pub maybe: Option<Item>,\n\
         pub items: Vec<Item>,\n\
         pub by_name: std::collections::BTreeMap<String, Item>,\n\
         pub nested: Option<Vec<Item>>,\n\
         pub plain: Plain,\n}\n\n\
         /// An item.\npub struct Item {\n    /// +default=3\n    pub size: Option<i32>,\n}\n\n\
         /// Nothing to default.\npub struct Plain {\n    pub name: String,\n}\n",
    ),
];

fn generated(fields: &str) -> String {
    generated_in("", fields)
}

fn generated_in(package_markers: &str, fields: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("example/v1/mod.rs");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let source = format!(
        "{HEAD}{package_markers}#[serde(rename_all = \"camelCase\")]\npub struct Subject {{\n{fields}\n}}\n\n/// An item.\npub struct Item {{\n    pub name: String,\n    /// +k8s:minimum=0\n    pub size: i32,\n}}\n"
    );
    std::fs::write(&file, source).unwrap();
    let model = codegen::parse::parse_tree(dir.path()).unwrap();
    let problems = codegen::check::check(&model);
    assert!(
        problems.is_empty(),
        "{}",
        codegen::diagnostics::render(&problems)
    );
    let files = codegen::generators::validation::generate(&model, Path::new("x"));
    files.into_iter().next().unwrap().contents
}

fn generated_defaults(source: &str) -> String {
    generated_by(source, codegen::generators::defaults::generate)
}

/// The file `generator` writes for a package of `source`.
fn generated_by(
    source: &str,
    generator: fn(&codegen::Model, &Path) -> Vec<codegen::generators::GeneratedFile>,
) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("example/v1/mod.rs");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, format!("{HEAD}{source}")).unwrap();
    let model = codegen::parse::parse_tree(dir.path()).unwrap();
    let problems = codegen::check::check(&model);
    assert!(
        problems.is_empty(),
        "{}",
        codegen::diagnostics::render(&problems)
    );
    let files = generator(&model, Path::new("x"));
    files.into_iter().next().unwrap().contents
}

/// Compares each generated file with `tests/golden/<dir>/<name>.rs`, or
/// rewrites them under `UPDATE_GOLDEN`.
fn check_golden(dir: &str, cases: impl Iterator<Item = (&'static str, String)>) {
    check_golden_files(dir, "rs", cases)
}

/// [`check_golden`] for files ending in `.{extension}`.
fn check_golden_files(
    dir: &str,
    extension: &str,
    cases: impl Iterator<Item = (&'static str, String)>,
) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(dir);
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut stale = Vec::new();
    for (name, got) in cases {
        let path = dir.join(format!("{name}.{extension}"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if got != want {
            stale.push(format!(
                "{name}: generated code differs from {}",
                path.display()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\nrun UPDATE_GOLDEN=1 cargo test -p codegen --test golden and review the diff",
        stale.join("\n")
    );
}

/// (golden name, package source after the group marker): the protobuf
/// generator's cases.
const PROTOBUF_CASES: &[(&str, &str)] = &[
    (
        "field_kinds",
        "#[serde(rename_all = \"camelCase\")]\npub struct Subject {\n\
     /// +protobuf=1\npub name: String,\n\
     /// +protobuf=2\npub replicas: Option<i32>,\n\
     /// +protobuf=3\npub tags: Vec<String>,\n\
     /// +protobuf=4\npub labels: std::collections::BTreeMap<String, String>,\n\
     /// +protobuf=5\n#[serde(skip_serializing_if = \"Option::is_none\")]\n\
     #[serde(deserialize_with = \"runtime::meta::zero_time_as_none\")]\n\
     pub started: Option<Time>,\n\
     /// +protobuf=6\npub size: Quantity,\n\
     /// +protobuf=7\npub port: IntOrString,\n\
     /// +protobuf=8\npub data: Vec<u8>,\n\
     /// +protobuf=9\npub ratio: f64,\n\
     /// +protobuf=10\npub enabled: bool,\n\
     /// +protobuf=11\npub item: Item,\n\
     /// +protobuf=12\npub items: Vec<Item>,\n\
     /// +protobuf=13\npub color: Option<Color>,\n\
     /// +protobuf=14\npub by_name: std::collections::BTreeMap<String, Item>,\n\
     /// +protobuf=15\npub count: i64,\n\
     /// +protobuf=16\n#[serde(default, deserialize_with = \"runtime::meta::zero_time_as_none\")]\n\
     pub last_seen: Option<Time>,\n}\n\n\
     /// An item.\npub struct Item {\n    /// +protobuf=1\n    pub name: String,\n}\n\n\
     /// A color.\npub enum Color {\n    Red,\n    Blue,\n}\n",
    ),
    (
        "wrapped_list",
        "#[serde(rename_all = \"camelCase\")]\npub struct Subject {\n\
         /// +protobuf=1\npub verbs: Verbs,\n\
         /// +protobuf=2\npub more: Option<Verbs>,\n}\n\n\
         /// Verbs, a message of its own on the wire.\n/// +protobuf.nullable=true\npub struct Verbs(pub Vec<String>);\n",
    ),
];

#[test]
fn every_protobuf_case_matches_its_golden_file() {
    check_golden(
        "protobuf",
        PROTOBUF_CASES.iter().map(|(name, source)| {
            (
                *name,
                generated_by(source, codegen::generators::protobuf::generate),
            )
        }),
    );
}

/// (golden name, package source after the group marker): the schema
/// generator's cases: the structural tables and the field manager's
/// `FieldPaths` (fields in JSON-name order, inline fields through their
/// struct, `skip_serializing_if` honoured, list keys readable).
const SCHEMA_CASES: &[(&str, &str)] = &[(
    "field_paths",
    "#[serde(rename_all = \"camelCase\")]\npub struct Widget {\n\
     pub metadata: ObjectMeta,\n\
     #[serde(default, skip_serializing_if = \"Option::is_none\")]\npub replicas: Option<i32>,\n\
     /// +listType=map\n/// +listMapKey=name\n\
     #[serde(default, skip_serializing_if = \"Vec::is_empty\")]\npub ports: Vec<Port>,\n\
     #[serde(default, skip_serializing_if = \"BTreeMap::is_empty\")]\npub labels: std::collections::BTreeMap<String, String>,\n\
     #[serde(flatten)]\npub source: Source,\n\
     pub color: Color,\n}\n\n\
     /// A port.\n#[serde(rename_all = \"camelCase\")]\npub struct Port {\n\
     #[serde(default, skip_serializing_if = \"runtime::codec::is_default\")]\n    pub name: String,\n\
     /// +default=80\n    pub number: i32,\n}\n\n\
     /// Where a widget comes from, inline.\n#[serde(rename_all = \"camelCase\")]\npub struct Source {\n\
     #[serde(default, skip_serializing_if = \"Option::is_none\")]\n    pub url: Option<String>,\n}\n\n\
     /// A color.\npub enum Color {\n    Red,\n    Blue,\n}\n\n\
     /// Ports wrapped.\npub struct Ports(pub Vec<Port>);\n",
)];

#[test]
fn every_schema_case_matches_its_golden_file() {
    check_golden(
        "schema",
        SCHEMA_CASES.iter().map(|(name, source)| {
            (
                *name,
                generated_by(source, |model, dir| {
                    codegen::generators::schema::generate(
                        model,
                        dir,
                        &codegen::generators::schema::key_names([model]),
                    )
                }),
            )
        }),
    );
}

/// (golden name, package source after the group marker): the `.proto`
/// generator's cases, beside the protobuf generator's.
const PROTO_CASES: &[(&str, &str)] = &[(
    "reserved_and_embedded",
    "/// A widget whose field 3 was removed.\n\
     /// +protobuf.reserved=3\n\
     #[serde(rename_all = \"camelCase\")]\npub struct Widget {\n\
     /// +protobuf=1\npub metadata: ObjectMeta,\n\
     /// The embedded part, a message of its own on the wire.\n/// +protobuf=2\n#[serde(flatten)]\npub widget_source: WidgetSource,\n\
     /// +protobuf=4\npub selector: Option<LabelSelector>,\n\
     /// Named as upstream's tag names it.\n/// +protobuf=5\n/// +protobuf.name=Items\npub items: Vec<String>,\n}\n\n\
     /// Where a widget comes from.\npub struct WidgetSource {\n    /// +protobuf=1\n    pub url: String,\n}\n",
)];

/// The `generated.proto` of a package of `source`, in `k8s.io/api`.
fn generated_proto(source: &str) -> String {
    generated_by(source, |model, dir| {
        codegen::generators::proto::generate(&[codegen::generators::Crate {
            dir: dir.to_path_buf(),
            model: model.clone(),
            serves: true,
            proto_root: "k8s.io/api".to_string(),
        }])
    })
}

#[test]
fn every_proto_case_matches_its_golden_file() {
    let cases = PROTOBUF_CASES
        .iter()
        .chain(PROTO_CASES)
        .map(|(name, source)| (*name, generated_proto(source)));
    check_golden_files("proto", "proto", cases);
}

#[test]
fn every_default_case_matches_its_golden_file() {
    check_golden(
        "defaults",
        DEFAULT_CASES
            .iter()
            .map(|(name, source)| (*name, generated_defaults(source))),
    );
}

#[test]
fn every_tag_matches_its_golden_file() {
    let cases = CASES
        .iter()
        .map(|(name, fields)| (*name, generated(fields)))
        .chain(
            PACKAGE_CASES
                .iter()
                .map(|(name, package, fields)| (*name, generated_in(package, fields))),
        );
    check_golden("validation", cases);
}

/// (golden name, hub package source, versioned package source after its
/// markers): the conversion generator's cases. The versioned package is
/// `example/v1` with `+k8s:conversion-gen=example`; the hub is `example`.
const CONVERSION_CASES: &[(&str, &str, &str)] = &[
    (
        "identical",
        "/// A widget.\npub struct Widget {\n    pub metadata: ObjectMeta,\n    pub replicas: Option<i32>,\n    pub tags: Vec<String>,\n    pub color: Color,\n}\n\n\
         /// A color.\npub enum Color {\n    Red,\n    Blue,\n}\n",
        "/// A widget.\npub struct Widget {\n    pub metadata: ObjectMeta,\n    pub replicas: Option<i32>,\n    pub tags: Vec<String>,\n    pub color: Color,\n}\n\n\
         /// A color.\npub enum Color {\n    Red,\n    Blue,\n}\n",
    ),
    (
        "nested",
        "/// A widget.\n#[serde(rename_all = \"camelCase\")]\npub struct Widget {\n    pub spec: Option<Spec>,\n    pub ports: Vec<Port>,\n    pub ports_by_name: std::collections::BTreeMap<String, Port>,\n}\n\n\
         /// A spec.\npub struct Spec {\n    pub size: i64,\n}\n\n\
         /// A port.\npub struct Port {\n    pub number: i32,\n}\n",
        "/// A widget.\n#[serde(rename_all = \"camelCase\")]\npub struct Widget {\n    pub spec: Option<Spec>,\n    pub ports: Vec<Port>,\n    pub ports_by_name: std::collections::BTreeMap<String, Port>,\n}\n\n\
         /// A spec.\npub struct Spec {\n    pub size: i64,\n}\n\n\
         /// A port.\npub struct Port {\n    pub number: i32,\n}\n",
    ),
    (
        "renamed_with_function",
        "/// A widget.\npub struct Widget {\n    pub spec: Spec,\n}\n\n\
         /// A spec.\npub struct Spec {\n    pub colour: String,\n}\n",
        "/// A widget.\npub struct Widget {\n    pub spec: Spec,\n}\n\n\
         /// A spec: `color` is the hub's `colour`.\npub struct Spec {\n    pub color: String,\n}\n\n\
         pub fn convert_spec_to_hub(input: Spec) -> crate::example::Spec {\n    crate::example::Spec { colour: input.color }\n}\n\n\
         pub fn convert_spec_from_hub(input: crate::example::Spec) -> Spec {\n    Spec { color: input.colour }\n}\n",
    ),
    (
        "opt_out",
        "/// A widget.\npub struct Widget {\n    pub name: String,\n    pub cache: Vec<String>,\n    pub legacy: Legacy,\n}\n\n\
         /// Not converted.\npub struct Legacy {\n    pub old: bool,\n}\n",
        "/// A widget.\npub struct Widget {\n    pub name: String,\n    /// +k8s:conversion-gen=false\n    pub cache: Vec<String>,\n    pub legacy: Legacy,\n}\n\n\
         /// Converted by hand.\n/// +k8s:conversion-gen=false\npub struct Legacy {\n    pub old: bool,\n}\n\n\
         impl From<Legacy> for crate::example::Legacy {\n    fn from(input: Legacy) -> Self {\n        crate::example::Legacy { old: input.old }\n    }\n}\n\n\
         impl From<crate::example::Legacy> for Legacy {\n    fn from(input: crate::example::Legacy) -> Self {\n        Legacy { old: input.old }\n    }\n}\n",
    ),
    (
        // A resource gets a round-trip test; its random values follow the
        // fields' validation markers.
        "round_trip",
        "/// A widget.\n#[derive(Resource)]\npub struct Widget {\n    pub metadata: ObjectMeta,\n    pub size: i32,\n    pub release: Option<String>,\n    pub label: String,\n}\n",
        "/// A widget.\n#[derive(Resource)]\npub struct Widget {\n    pub metadata: ObjectMeta,\n    /// +k8s:minimum=1\n    /// +k8s:maximum=5\n    pub size: i32,\n    /// +kubebuilder:validation:Pattern=`^v[0-9]+$`\n    pub release: Option<String>,\n    /// +k8s:format=k8s-short-name\n    pub label: String,\n}\n",
    ),
    (
        // Values no marker describes come from the package's own
        // `arbitrary_<type>`.
        "round_trip_hand_written",
        "/// A widget.\n#[derive(Resource)]\npub struct Widget {\n    pub metadata: ObjectMeta,\n    pub spec: Spec,\n}\n\n\
         /// A spec.\npub struct Spec {\n    pub kind: String,\n    pub pods: Option<i32>,\n}\n",
        "/// A widget.\n#[derive(Resource)]\npub struct Widget {\n    pub metadata: ObjectMeta,\n    pub spec: Spec,\n}\n\n\
         /// A spec: `pods` set when `kind` is `Pods`.\npub struct Spec {\n    pub kind: String,\n    pub pods: Option<i32>,\n}\n\n\
         #[cfg(test)]\nfn arbitrary_spec(g: &mut runtime::arbitrary::Gen) -> Spec {\n    let pods = g.option(|g| g.sample(1..10));\n    Spec { kind: if pods.is_some() { \"Pods\" } else { \"None\" }.into(), pods }\n}\n",
    ),
];

/// Writes a hub package `example` and a versioned package `example/v1`
/// converting to it, from `hub` and `version` sources, into a scratch
/// source tree; returns the tree and its model.
fn conversion_packages(hub: &str, version: &str) -> (tempfile::TempDir, codegen::Model) {
    let dir = tempfile::tempdir().unwrap();
    let uses = "use runtime::meta::ObjectMeta;\n";
    std::fs::create_dir_all(dir.path().join("example/v1")).unwrap();
    std::fs::write(
        dir.path().join("example/mod.rs"),
        format!("//! The internal types.\n//!\n{HEAD}\n{uses}\n{hub}"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("example/v1/mod.rs"),
        format!("//! Version v1.\n//!\n{HEAD}//! +k8s:conversion-gen=example\n\n{uses}\n{version}"),
    )
    .unwrap();
    let model = codegen::parse::parse_tree(dir.path()).unwrap();
    (dir, model)
}

#[test]
fn every_conversion_case_matches_its_golden_file() {
    check_golden(
        "conversion",
        CONVERSION_CASES.iter().map(|(name, hub, version)| {
            let (_dir, model) = conversion_packages(hub, version);
            let problems = codegen::check::check(&model);
            assert!(
                problems.is_empty(),
                "{name}: {}",
                codegen::diagnostics::render(&problems)
            );
            let files = codegen::generators::conversion::generate(&model, Path::new("x"));
            (*name, files.into_iter().next().unwrap().contents)
        }),
    );
}

/// A field renamed without the hand-written functions is a located
/// diagnostic naming the field and the signatures to write, in both
/// directions; nothing is generated for the pair.
#[test]
fn a_renamed_field_without_a_function_is_a_diagnostic() {
    let (_dir, model) = conversion_packages(
        "/// A spec.\npub struct Spec {\n    pub colour: String,\n}\n",
        "/// A spec.\npub struct Spec {\n    pub color: String,\n}\n",
    );
    let got = codegen::diagnostics::render(&codegen::check::check(&model));
    assert!(
        got.contains("error: `Spec` of example/v1 does not convert to the hub `example` field by field: field `color` of `Spec` in v1 has no field of that name in the hub"),
        "{got}"
    );
    assert!(
        got.contains(
            "write `pub fn convert_spec_to_hub(input: Spec) -> crate::example::Spec` in the package"
        ),
        "{got}"
    );
    assert!(
        got.contains("error: `Spec` of example/v1 does not convert from the hub `example` field by field: field `colour` of `Spec` in the hub has no field of that name in v1"),
        "{got}"
    );
    assert!(
        got.contains("write `pub fn convert_spec_from_hub(input: crate::example::Spec) -> Spec` in the package"),
        "{got}"
    );
    assert!(got.contains("example/v1/mod.rs:10:9"), "{got}");
    let generated = codegen::generators::conversion::generate(&model, Path::new("x"));
    assert!(
        !generated[0].contents.contains("impl ::core::convert::From"),
        "{}",
        generated[0].contents
    );
}

/// Writes `example` (the hub), `example/v1` and `example/v1beta1`, each
/// with the resource `Thing`; `v1_head` and `beta_head` are the versioned
/// packages' extra package markers, `v1_type` the markers of v1's Thing.
fn two_versions(
    v1_head: &str,
    v1_type: &str,
    beta_head: &str,
) -> (tempfile::TempDir, codegen::Model) {
    let dir = tempfile::tempdir().unwrap();
    let thing = |markers: &str| {
        format!(
            "use runtime::meta::ObjectMeta;\n\n/// A thing.\n{markers}#[derive(Resource)]\npub struct Thing {{\n    pub metadata: ObjectMeta,\n    pub size: i32,\n}}\n"
        )
    };
    for (path, head, markers) in [
        ("example/mod.rs", "", ""),
        ("example/v1/mod.rs", v1_head, v1_type),
        ("example/v1beta1/mod.rs", beta_head, ""),
    ] {
        let file = dir.path().join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(
            &file,
            format!("//! A package.\n//!\n{HEAD}{head}\n{}", thing(markers)),
        )
        .unwrap();
    }
    let model = codegen::parse::parse_tree(dir.path()).unwrap();
    (dir, model)
}

const CONVERTS: &str = "//! +k8s:conversion-gen=example\n";

/// The registry generator's file ending in `suffix` for `model`, which
/// must check without problems.
fn registered(model: &codegen::Model, suffix: &str) -> String {
    let problems = codegen::check::check(model);
    assert!(
        problems.is_empty(),
        "{}",
        codegen::diagnostics::render(&problems)
    );
    let files = codegen::generators::register::generate(model, Path::new("x"), Path::new("spec"));
    files
        .into_iter()
        .find(|f| f.path.ends_with(suffix))
        .map(|f| f.contents)
        .unwrap_or_else(|| panic!("no {suffix}"))
}

/// A kind served at two versions is stored in the one marked
/// `+kubebuilder:storageversion`: the other's `ServedKind::Storage` is
/// that version's type, reached through the hub.
#[test]
fn a_kind_at_two_versions_is_stored_in_the_marked_one() {
    let (_dir, model) = two_versions(CONVERTS, "/// +kubebuilder:storageversion\n", CONVERTS);
    let file = |suffix: &str| registered(&model, suffix);
    let beta = file("example/v1beta1/zz_generated.register.rs");
    assert!(
        beta.contains("type Storage = crate::example::v1::Thing;"),
        "{beta}"
    );
    assert!(
        beta.contains("crate::example::v1::Thing::from(crate::example::Thing::from(self))"),
        "{beta}"
    );
    let v1 = file("example/v1/zz_generated.register.rs");
    assert!(v1.contains("type Storage = Self;"), "{v1}");
}

/// A resource `Thing` (a `struct` with `markers`) in a package file.
fn thing(markers: &str) -> String {
    format!(
        "use runtime::meta::ObjectMeta;\n\n/// A thing.\n{markers}#[derive(Resource)]\npub struct Thing {{\n    pub metadata: ObjectMeta,\n    pub size: i32,\n}}\n"
    )
}

/// Writes `packages` (path, group, body) into a tree and parses it.
fn packages(packages: &[(&str, &str, String)]) -> (tempfile::TempDir, codegen::Model) {
    let dir = tempfile::tempdir().unwrap();
    for (path, group, body) in packages {
        let file = dir.path().join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(
            &file,
            format!("//! A package.\n//!\n//! +groupName={group}\n\n{body}"),
        )
        .unwrap();
    }
    let model = codegen::parse::parse_tree(dir.path()).unwrap();
    (dir, model)
}

/// `core/v1` (the core group, `Thing` with `core`) and `events/v1` (group
/// `group`, `Thing` with `events`).
fn cohabiting(core: &str, group: &str, events: &str) -> (tempfile::TempDir, codegen::Model) {
    packages(&[
        ("core/v1/mod.rs", "", thing(core)),
        ("events/v1/mod.rs", group, thing(events)),
    ])
}

const COHABITS: &str = "/// +resource:cohabitating=crate::core::v1\n";

/// `+resource:cohabitating`: the kind is stored as the other group's kind
/// of the same name, converted by `From` both ways (kube-apiserver's
/// cohabitating resources, `events.k8s.io` events stored as core ones).
#[test]
fn a_cohabitating_kind_is_stored_as_the_other_groups() {
    let (_dir, model) = cohabiting("", "events.k8s.io", COHABITS);
    let file = |suffix: &str| registered(&model, suffix);
    let events = file("events/v1/zz_generated.register.rs");
    assert!(
        events.contains("type Storage = crate::core::v1::Thing;"),
        "{events}"
    );
    assert!(
        events.contains("crate::core::v1::Thing::from(self)"),
        "{events}"
    );
    assert!(events.contains("Self::from(stored)"), "{events}");
    let core = file("core/v1/zz_generated.register.rs");
    assert!(core.contains("type Storage = Self;"), "{core}");
}

/// A cohabitating kind names a package that serves its resource, stored
/// as itself, in another of Kubernetes' own groups, and is served at one
/// version of its own; else a located diagnostic.
#[test]
fn a_cohabitating_kind_needs_the_other_groups_resource() {
    let expect = |(_dir, model): (tempfile::TempDir, codegen::Model), expected: &str| {
        let got = codegen::diagnostics::render(&codegen::check::check(&model));
        assert!(got.contains(expected), "{got}");
        assert!(got.contains("events/v1/mod.rs:"), "{got}");
    };
    expect(
        cohabiting(
            "",
            "events.k8s.io",
            "/// +resource:cohabitating=crate::storage::v1\n",
        ),
        "error: `+resource:cohabitating=crate::storage::v1` on `Thing` names no package",
    );
    expect(
        cohabiting(
            "",
            "events.k8s.io",
            "/// +resource:cohabitating=crate::events::v1\n",
        ),
        "error: `Thing` of events.k8s.io/v1 cohabits with events.k8s.io/v1 of its own group",
    );
    expect(
        cohabiting("", "events.example.dev", COHABITS),
        "error: `Thing` of events.example.dev/v1 cohabits with v1, but events.example.dev is keyed as a custom resource group",
    );
    expect(
        cohabiting(
            "/// +resource:cohabitating=crate::events::v1\n",
            "events.k8s.io",
            COHABITS,
        ),
        "error: `Thing` of events.k8s.io/v1 cohabits with v1, which does not store it itself",
    );
    expect(
        packages(&[
            (
                "core/v1/mod.rs",
                "",
                "/// Not a thing.\npub struct Other {\n    pub size: i32,\n}\n".into(),
            ),
            ("events/v1/mod.rs", "events.k8s.io", thing(COHABITS)),
        ]),
        "error: `Thing` of events.k8s.io/v1 cohabits with v1, which serves no resource `Thing` of the same name",
    );
    expect(
        packages(&[
            ("core/v1/mod.rs", "", thing("")),
            ("events/v1/mod.rs", "events.k8s.io", thing(COHABITS)),
            ("events/v1beta1/mod.rs", "events.k8s.io", thing("")),
        ]),
        "error: `Thing` is served at several versions of events.k8s.io and marked `+resource:cohabitating`",
    );
}

/// Without a marked storage version, or without a hub both versions
/// convert through, generation stops at a located diagnostic.
#[test]
fn a_kind_at_two_versions_needs_one_storage_version_and_a_common_hub() {
    let (_dir, model) = two_versions(CONVERTS, "", CONVERTS);
    let got = codegen::diagnostics::render(&codegen::check::check(&model));
    assert!(
        got.contains("error: `Thing` is served at v1, v1beta1 of example.dev: none is marked as the storage version"),
        "{got}"
    );
    assert!(got.contains("example/v1/mod.rs:"), "{got}");
    assert!(got.contains("+kubebuilder:storageversion"), "{got}");
    assert_eq!(got.matches("error:").count(), 1, "{got}");

    let (_dir, model) = two_versions(CONVERTS, "/// +kubebuilder:storageversion\n", "");
    let got = codegen::diagnostics::render(&codegen::check::check(&model));
    assert!(
        got.contains("error: `Thing` of example.dev/v1beta1 is stored at example.dev/v1, but the two have no hub `Thing` in common"),
        "{got}"
    );
    assert!(got.contains("example/v1beta1/mod.rs:"), "{got}");
}

/// A scale selector path may name a label map, as a ReplicationController's
/// `spec.selector`: read through `format_label_set`, upstream's
/// `labels.SelectorFromSet(set).String()`.
#[test]
fn a_scale_selector_may_be_a_label_map() {
    let body = "use std::collections::BTreeMap;\nuse runtime::meta::ObjectMeta;\n\n/// A thing.\n\
        /// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.spec.selector\n\
        #[derive(Resource)]\npub struct Thing {\n    pub metadata: ObjectMeta,\n    pub spec: ThingSpec,\n    pub status: ThingStatus,\n}\n\n\
        /// Spec.\npub struct ThingSpec {\n    pub replicas: Option<i32>,\n    pub selector: BTreeMap<String, String>,\n}\n\n\
        /// Status.\npub struct ThingStatus {\n    pub replicas: i32,\n}\n";
    let (_dir, model) = packages(&[("core/v1/mod.rs", "", body.to_string())]);
    let registered = registered(&model, "core/v1/zz_generated.register.rs");
    assert!(
        registered.contains(
            ".map(|v| &v.selector)\n                .map(::runtime::selector::format_label_set)"
        ),
        "{registered}"
    );
}
