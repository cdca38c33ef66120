//! One test per semantic check: each writes a small package, runs parse and
//! check, and asserts the exact rendered diagnostic (file, line, column,
//! source line, caret, help).

#[path = "check/markers.rs"]
mod markers;
#[path = "check/types.rs"]
mod types;

fn diagnostics_for(source: &str) -> String {
    diagnostics_in("example/v1", source)
}

fn assert_diagnostic(source: &str, expected: &str) {
    let got = diagnostics_for(source);
    assert_eq!(
        got, expected,
        "\n--- got ---\n{got}\n--- expected ---\n{expected}"
    );
}

const HEAD: &str = "//! +groupName=example.dev\n";

/// Parses and checks `source` as `dirs/mod.rs` under a root, rendered
/// with the root's path taken out.
fn diagnostics_in(dirs: &str, source: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(dirs).join("mod.rs");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, source).unwrap();
    let rendered = match codegen::parse::parse_tree(dir.path()) {
        Ok(model) => codegen::diagnostics::render(&codegen::check::check(&model)),
        Err(errors) => codegen::diagnostics::render(&errors),
    };
    rendered.replace(&format!("{}/", dir.path().display()), "")
}

/// A package's directories name it in generated code: a directory named
/// as its group (`example.dev`) or as a keyword is refused at the package,
/// where generating once panicked making an identifier of it.
#[test]
fn package_directories_must_be_module_names() {
    let got = diagnostics_in("example.dev/v1", &format!("{HEAD}pub struct A {{}}\n"));
    assert!(
        got.starts_with("error: package directory `example.dev` in "),
        "{got}"
    );
    assert!(got.contains("--> example.dev/v1/mod.rs:1:1"), "{got}");
    let got = diagnostics_in("type/v1", &format!("{HEAD}pub struct A {{}}\n"));
    assert!(
        got.starts_with("error: package directory `type` in "),
        "{got}"
    );
    assert_eq!(
        diagnostics_in("example/v1", &format!("{HEAD}pub struct A {{}}\n")),
        ""
    );
}

#[test]
fn a_sound_package_has_no_diagnostics() {
    let src = format!(
        "{HEAD}use std::collections::BTreeMap;\n\
         #[serde(rename_all = \"camelCase\")]\n\
         pub struct Spec {{\n\
         \x20   /// +k8s:optional\n\
         \x20   /// +k8s:maxLength=10\n\
         \x20   pub display_name: Option<String>,\n\
         \x20   /// +listType=map\n\
         \x20   /// +listMapKey=name\n\
         \x20   /// +k8s:item(name: \"a\")=+k8s:forbidden\n\
         \x20   /// +k8s:eachVal=+k8s:subfield(\"tags\")=+k8s:maxItems=2\n\
         \x20   pub ports: Vec<Port>,\n\
         \x20   /// +k8s:eachKey=+k8s:maxLength=63\n\
         \x20   /// +k8s:eachVal=+k8s:minLength=1\n\
         \x20   pub labels: BTreeMap<String, String>,\n\
         \x20   /// +default=3\n\
         \x20   /// +k8s:ifEnabled(\"Gate\")=+k8s:minimum=1\n\
         \x20   pub replicas: Option<i32>,\n\
         \x20   /// +k8s:subfield(\"name\")=+k8s:format=k8s-short-name\n\
         \x20   pub main: Port,\n\
         }}\n\
         pub struct Port {{ pub name: String, pub tags: Vec<String> }}\n"
    );
    assert_eq!(diagnostics_for(&src), "");
}

#[test]
fn unknown_tag_suggests_the_nearest() {
    assert_diagnostic(
        &format!("{HEAD}pub struct A {{\n    /// +k8s:maxLen=3\n    pub a: String,\n}}\n"),
        "error: unknown marker `+k8s:maxLen`\n  --> example/v1/mod.rs:3:9\n  |\n3 |     /// +k8s:maxLen=3\n  |         ^^^^^^^^^^^ not a known tag\n  |\n  = help: did you mean `+k8s:maxLength`? (`cargo xtask markers` lists every tag)\n\n",
    );
}

#[test]
fn missing_k8s_prefix_is_suggested() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +maxItems=3\n    pub a: Vec<String>,\n}}\n"
    ));
    assert!(got.contains("did you mean `+k8s:maxItems`?"), "{got}");
}

#[test]
fn tag_at_the_wrong_scope() {
    assert_diagnostic(
        &format!("{HEAD}/// +k8s:maxItems=3\npub struct A {{\n    pub a: Vec<String>,\n}}\n"),
        "error: `+k8s:maxItems` cannot be written on a type\n  --> example/v1/mod.rs:2:5\n  |\n2 | /// +k8s:maxItems=3\n  |     ^^^^^^^^^^^^^ not allowed on a type\n  |\n  = help: `+k8s:maxItems` belongs on a field or list type\n\n",
    );
}

/// Validation tags on a type were accepted and generated nothing (the
/// generated validation reads a field's tags): a type-level tag is refused
/// where it stands, as the tag reference says.
#[test]
fn validation_tags_on_a_type_are_refused() {
    for marker in [
        "+k8s:maxLength=63",
        "+k8s:format=k8s-short-name",
        "+k8s:immutable",
        "+mapType=atomic",
    ] {
        let got = diagnostics_for(&format!(
            "{HEAD}/// {marker}\npub struct DnsName(pub String);\n"
        ));
        let tag = marker.split('=').next().unwrap_or_default();
        assert!(
            got.starts_with(&format!("error: `{tag}` cannot be written on a type")),
            "{got}"
        );
    }
}

#[test]
fn package_tag_on_a_field() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +groupName=x\n    pub a: String,\n}}\n"
    ));
    assert!(
        got.contains(
            "error: `+groupName` cannot be written on a field\n  --> example/v1/mod.rs:3:9"
        ),
        "{got}"
    );
}

#[test]
fn tag_on_a_type_it_cannot_apply_to() {
    assert_diagnostic(
        &format!("{HEAD}pub struct A {{\n    /// +k8s:maxLength=10\n    pub count: i32,\n}}\n"),
        "error: `+k8s:maxLength` does not apply to `i32`\n  --> example/v1/mod.rs:3:9\n  |\n3 |     /// +k8s:maxLength=10\n  |         ^^^^^^^^^^^^^^^^^ this tag applies to a string\n  |\n  = help: remove the marker, or change the type to a string\n\n",
    );
}

#[test]
fn chained_tag_is_checked_against_the_element() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +k8s:eachVal=+k8s:maxLength=3\n    pub a: Vec<i64>,\n}}\n"
    ));
    assert!(
        got.starts_with(
            "error: `+k8s:maxLength` does not apply to `i64`\n  --> example/v1/mod.rs:3:22\n"
        ),
        "{got}"
    );
}

#[test]
fn bad_payload() {
    assert_diagnostic(
        &format!("{HEAD}pub struct A {{\n    /// +k8s:maxLength=-1\n    pub a: String,\n}}\n"),
        "error: bad payload for `+k8s:maxLength`\n  --> example/v1/mod.rs:3:9\n  |\n3 |     /// +k8s:maxLength=-1\n  |         ^^^^^^^^^^^^^^^^^ expected a non-negative integer\n  |\n  = help: for example: `+k8s:maxLength=10`\n\n",
    );
}

/// `+k8s:neq`'s literal is of the field's kind: a quoted `"true"` on a
/// bool once generated a check that refused `false`, and `"5"` on an
/// integer or any value on an enum generated none.
#[test]
fn neq_literal_of_the_fields_kind() {
    let on = |ty: &str, literal: &str| {
        diagnostics_for(&format!(
            "{HEAD}pub struct A {{\n    /// +k8s:neq={literal}\n    pub a: {ty},\n}}\npub enum Phase {{ Pending, Done }}\n"
        ))
    };
    let label = |got: &str| {
        got.lines()
            .find(|l| l.contains("^^^"))
            .map(|l| l.split("^ ").nth(1).unwrap_or("").to_string())
            .unwrap_or_default()
    };
    for (ty, literal, expected) in [
        (
            "bool",
            "\"true\"",
            "expected `true` or `false`, as the field is a bool",
        ),
        (
            "bool",
            "1",
            "expected `true` or `false`, as the field is a bool",
        ),
        ("i32", "\"5\"", "expected an integer, as the field is one"),
        (
            "Option<i64>",
            "true",
            "expected an integer, as the field is one",
        ),
        (
            "String",
            "5",
            "expected a quoted string, as the field is a string",
        ),
        (
            "Phase",
            "\"Done\"",
            "not generated for an enum field: the generated validation compares strings, integers and bools",
        ),
    ] {
        let got = on(ty, literal);
        assert!(
            got.starts_with("error: bad payload for `+k8s:neq`"),
            "{ty} {literal}: {got}"
        );
        assert_eq!(label(&got), expected, "{ty} {literal}: {got}");
    }
    for (ty, literal) in [
        ("bool", "false"),
        ("i32", "0x10"),
        ("Option<String>", "\"x\""),
    ] {
        assert_eq!(on(ty, literal), "", "{ty} {literal}");
    }
}

#[test]
fn pattern_that_is_not_a_regular_expression() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +kubebuilder:validation:Pattern=`^(v`\n    pub a: String,\n}}\n"
    ));
    assert!(
        got.contains(
            "error: bad payload for `+kubebuilder:validation:Pattern`\n  --> example/v1/mod.rs:3:9"
        ),
        "{got}"
    );
    assert!(
        got.contains("not a valid regular expression: unclosed group"),
        "{got}"
    );
}

#[test]
fn embedded_resource_only_on_a_raw_extension() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +kubebuilder:validation:EmbeddedResource\n    pub a: String,\n}}\n"
    ));
    assert!(
        got.contains(
            "error: `+kubebuilder:validation:EmbeddedResource` does not apply to `String`"
        ),
        "{got}"
    );
    assert!(got.contains("this tag applies to a RawExtension"), "{got}");
}

#[test]
fn bad_word_payload_lists_the_choices() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +listType=bag\n    pub a: Vec<String>,\n}}\n"
    ));
    assert!(
        got.contains("= help: expected one of: atomic, set, map"),
        "{got}"
    );
}

#[test]
fn bad_json_default() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +default={{a\n    pub a: Option<String>,\n}}\n"
    ));
    assert!(
        got.contains("error: bad payload for `+default`\n  --> example/v1/mod.rs:3:9"),
        "{got}"
    );
    assert!(
        got.contains("not valid JSON: key must be a string at line 1 column 2"),
        "{got}"
    );
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +default=\"x\"\n    pub a: Option<i32>,\n}}\n"
    ));
    assert!(
        got.contains("error: default `\"x\"` does not fit `Option<i32>`"),
        "{got}"
    );
    // An integer out of the field's range once passed, and the generated
    // defaults did not compile.
    for (default, ty) in [("3000000000", "Option<i32>"), ("-1", "Option<u64>")] {
        let got = diagnostics_for(&format!(
            "{HEAD}pub struct A {{\n    /// +default={default}\n    pub a: {ty},\n}}\n"
        ));
        assert!(
            got.contains(&format!("error: default `{default}` does not fit `{ty}`")),
            "{got}"
        );
    }
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +default=2147483647\n    pub a: Option<i32>,\n}}\n"
    ));
    assert_eq!(got, "");
}

#[test]
fn default_on_an_enum_that_is_not_optional() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +default=\"Red\"\n    pub color: Color,\n}}\n\n/// A color.\npub enum Color {{\n    Red,\n    Blue,\n}}\n"
    ));
    assert!(
        got.contains("error: default `\"Red\"` cannot be written as a Rust value of `Color`\n  --> example/v1/mod.rs:3:9"),
        "{got}"
    );
    assert!(got.contains("on an `Option` of the enum"), "{got}");
}

#[test]
fn default_the_generated_defaulting_cannot_write() {
    assert_diagnostic(
        &format!("{HEAD}pub struct A {{\n    /// +default=\"1Gi\"\n    pub size: Option<Quantity>,\n}}\n"),
        "error: default `\"1Gi\"` cannot be written as a Rust value of `Option<Quantity>`
  --> example/v1/mod.rs:3:9
  |
3 |     /// +default=\"1Gi\"
  |         ^^^^^^^^^^^^^^ the generated defaulting has no Rust value for this
  |
  = help: a default is a boolean, a number, a string, one of the enum's values (on an `Option` of the enum, which has no unset value otherwise), or `{}`/`[]` for a struct, map or list; default anything else in a `+defaulting:hook`

",
    );
}

#[test]
fn malformed_marker_points_at_the_column() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    /// +k8s:ifEnabled(\"x\"=+k8s:required\n    pub a: String,\n}}\n"
        ),
        "error: malformed marker `+k8s:ifEnabled(\"x\"=+k8s:required`: expected `,` or `)` in the argument list\n  --> example/v1/mod.rs:3:27\n  |\n3 |     /// +k8s:ifEnabled(\"x\"=+k8s:required\n  |                           ^ expected `,` or `)` in the argument list\n  |\n  = help: for example: `+k8s:ifEnabled(\"my-feature\")=+k8s:required`\n\n",
    );
}

/// A misspelled tag that also fails to parse names the nearest tag.
#[test]
fn malformed_marker_names_the_nearest_tag() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +k8s:maxLenght 10\n    pub a: String,\n}}\n"
    ));
    assert!(
        got.starts_with("error: malformed marker `+k8s:maxLenght 10`"),
        "{got}"
    );
    assert!(
        got.contains("= help: did you mean `+k8s:maxLength`?"),
        "{got}"
    );
}

#[test]
fn list_map_key_without_list_type_map() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    /// +listType=atomic\n    /// +listMapKey=name\n    pub ports: Vec<Port>,\n}}\npub struct Port {{ pub name: String }}\n"
        ),
        "error: `+listMapKey=name` without `+listType=map`\n  --> example/v1/mod.rs:4:9\n  |\n4 |     /// +listMapKey=name\n  |         ^^^^^^^^^^^^^^^^ map keys only apply to a list of type map\n  |\n  = help: add `+listType=map` to the field\n\n",
    );
}

#[test]
fn custom_unique_without_a_unique_list_type() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    /// +k8s:listType=atomic\n    /// +k8s:customUnique\n    pub tags: Vec<String>,\n}}\n"
        ),
        "error: `+k8s:customUnique` without `+k8s:listType=set` or `+k8s:listType=map`\n  --> example/v1/mod.rs:4:9\n  |\n4 |     /// +k8s:customUnique\n  |         ^^^^^^^^^^^^^^^^^ only a set or map list has a uniqueness check to leave out\n  |\n  = help: add `+k8s:listType=set` or `+k8s:listType=map` to the field, or drop the tag\n\n",
    );
}

#[test]
fn list_type_map_without_a_key() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +listType=map\n    pub ports: Vec<Port>,\n}}\npub struct Port {{ pub name: String }}\n"
    ));
    assert!(
        got.starts_with(
            "error: `+listType=map` without `+listMapKey`\n  --> example/v1/mod.rs:3:9"
        ),
        "{got}"
    );
}

#[test]
fn map_key_naming_no_field() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    /// +listType=map\n    /// +listMapKey=port\n    pub ports: Vec<Port>,\n}}\npub struct Port {{ pub name: String, pub protocol: String }}\n"
        ),
        "error: list map key `port` names no field of `Port`\n  --> example/v1/mod.rs:4:9\n  |\n4 |     /// +listMapKey=port\n  |         ^^^^^^^^^^^^^^^^ no such JSON field\n  |\n  = help: the fields of `Port` are: name, protocol\n\n",
    );
}

/// A key field the Rust type always holds (a `String` marked `+optional`,
/// as upstream's `ObjectReference.name` keying ServiceAccount `secrets`)
/// reads as `""` where the JSON leaves it out: no diagnostic.
/// Map keys name fields of the items: a map list of scalars was accepted.
#[test]
fn map_list_of_scalars() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +listType=map\n    /// +listMapKey=name\n    pub names: Vec<String>,\n}}\n"
    ));
    assert!(
        got.starts_with(
            "error: `+listType=map` on a list of `String`\n  --> example/v1/mod.rs:4:9"
        ),
        "{got}"
    );
    assert!(
        got.contains("= help: use `+listType=set` for a list of distinct values"),
        "{got}"
    );
}

/// A list of `metav1.Condition`s is keyed by the Condition's fields, so a
/// misspelled key is found (it passed unchecked, and the uniqueness check
/// was left out whatever the key).
#[test]
fn map_key_of_a_condition_list() {
    let source = |key: &str| {
        format!(
            "{HEAD}use runtime::meta::Condition;\npub struct A {{\n    /// +listType=map\n    /// +listMapKey={key}\n    pub conditions: Vec<Condition>,\n}}\n"
        )
    };
    assert_eq!(diagnostics_for(&source("type")), "");
    let got = diagnostics_for(&source("tpye"));
    assert!(
        got.starts_with("error: list map key `tpye` names no field of `Condition`"),
        "{got}"
    );
    assert!(
        got.contains("the fields of `Condition` are: type, status, observedGeneration"),
        "{got}"
    );
}

#[test]
fn map_key_naming_an_optional_field_that_is_always_held() {
    let src = format!(
        "{HEAD}pub struct A {{\n    /// +listType=map\n    /// +listMapKey=name\n    pub refs: Vec<Ref>,\n}}\n\
         pub struct Ref {{\n    /// +optional\n    pub name: String,\n}}\n"
    );
    assert_eq!(diagnostics_for(&src), "");
}

#[test]
fn map_key_naming_an_optional_field() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +listType=map\n    /// +listMapKey=name\n    pub ports: Vec<Port>,\n}}\npub struct Port {{ pub name: Option<String> }}\n"
    ));
    assert!(
        got.starts_with(
            "error: list map key `name` is an optional field of `Port`\n  --> example/v1/mod.rs:4:9"
        ),
        "{got}"
    );
    assert!(
        got.contains("= help: make the key field required, or give it a `+default`"),
        "{got}"
    );
}

#[test]
fn item_arguments_must_name_the_map_keys() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +listType=map\n    /// +listMapKey=name\n    /// +k8s:item(type: \"x\")=+k8s:forbidden\n    pub ports: Vec<Port>,\n}}\npub struct Port {{ pub name: String }}\n"
    ));
    assert!(
        got.starts_with("error: bad arguments to `+k8s:item`\n  --> example/v1/mod.rs:5:9"),
        "{got}"
    );
    assert!(got.contains("= help: the list map keys are: name"), "{got}");
}

#[test]
fn optional_and_required_together() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    /// +optional\n    /// +k8s:required\n    pub a: String,\n}}\n"
        ),
        "error: field `a` is marked both optional and required\n  --> example/v1/mod.rs:4:9\n  |\n4 |     /// +k8s:required\n  |         ^^^^^^^^^^^^^ conflicts with the optional marker above\n  |\n  = help: keep one of `+optional` and `+required`\n\n",
    );
}

#[test]
fn duplicate_json_names() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    pub name: String,\n    #[serde(rename = \"name\")]\n    pub other: String,\n}}\n"
        ),
        "error: duplicate JSON name `name` in `A`\n  --> example/v1/mod.rs:5:9\n  |\n5 |     pub other: String,\n  |         ^^^^^ a field before this one has the same JSON name\n  |\n  = help: give one of them another `#[serde(rename = \"...\")]`\n\n",
    );
}

#[test]
fn json_name_go_cannot_use() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    #[serde(rename = \"a\\\"b\")]\n    pub other: String,\n}}\n"
        ),
        "error: JSON name `a\"b` of field `other` is not a name Go's encoding/json accepts\n  --> example/v1/mod.rs:4:9\n  |\n4 |     pub other: String,\n  |         ^^^^^ Go would ignore this name and write the Go field's own\n  |\n  = help: use letters, digits and punctuation other than quotes and backslashes, as a Go `json:\"...\"` tag name does\n\n",
    );
}

#[test]
fn scale_path_that_names_no_integer() {
    let got = diagnostics_for(&format!(
        "{HEAD}/// +kubebuilder:subresource:scale:specpath=.spec.size,statuspath=.status.replicas\n\
         #[derive(Resource)]\npub struct Widget {{\n    pub metadata: ObjectMeta,\n    pub spec: WidgetSpec,\n}}\n\n\
         /// Spec.\npub struct WidgetSpec {{\n    pub size: String,\n}}\n"
    ));
    assert!(
        got.contains("error: scale specpath `.spec.size` of `Widget` does not name a field the scale subresource can use: it is String, not an int32 or int64"),
        "{got}"
    );
    assert!(
        got.contains("scale statuspath `.status.replicas` of `Widget` does not name a field the scale subresource can use: `Widget` has no field `status`"),
        "{got}"
    );
    assert!(got.contains("--> example/v1/mod.rs:2:5"), "{got}");
}

/// A selector path names a LabelSelector, a string, or a map of strings
/// (a ReplicationController's); a map of anything else is refused.
#[test]
fn scale_selector_path_that_names_no_selector() {
    let got = diagnostics_for(&format!(
        "{HEAD}/// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.spec.replicas,selectorpath=.spec.selector\n\
         #[derive(Resource)]\npub struct Widget {{\n    pub metadata: ObjectMeta,\n    pub spec: WidgetSpec,\n}}\n\n\
         /// Spec.\npub struct WidgetSpec {{\n    pub replicas: i32,\n    pub selector: BTreeMap<String, i32>,\n}}\n"
    ));
    assert!(
        got.contains("error: scale selectorpath `.spec.selector` of `Widget` does not name a field the scale subresource can use: it is BTreeMap<String, i32>, not a LabelSelector, a map of strings or a string"),
        "{got}"
    );
}

#[test]
fn selectable_field_that_names_no_field() {
    let got = diagnostics_for(&format!(
        "{HEAD}/// +kubebuilder:selectablefield:JSONPath=.spec.colour\n\
         #[derive(Resource)]\npub struct Widget {{\n    pub metadata: ObjectMeta,\n    pub spec: WidgetSpec,\n}}\n\n\
         /// Spec.\npub struct WidgetSpec {{\n    pub color: String,\n}}\n"
    ));
    assert!(
        got.contains("error: selectable field `.spec.colour` of `Widget` names no field: `WidgetSpec` has no field `colour`"),
        "{got}"
    );
}

#[test]
fn printer_column_that_names_no_field() {
    let got = diagnostics_for(&format!(
        "{HEAD}/// +kubebuilder:printcolumn:name=\"Colour\",type=string,JSONPath=\".spec.colour\"\n\
         /// +kubebuilder:printcolumn:name=\"App\",type=string,JSONPath=\".metadata.labels.app\"\n\
         /// +kubebuilder:printcolumn:name=\"Age\",type=date,JSONPath=\".metadata.creationTimestamp\"\n\
         #[derive(Resource)]\npub struct Widget {{\n    pub metadata: ObjectMeta,\n    pub spec: WidgetSpec,\n}}\n\n\
         /// Spec.\npub struct WidgetSpec {{\n    pub color: String,\n}}\n"
    ));
    assert!(
        got.contains("error: printer column `.spec.colour` of `Widget` names no field: `WidgetSpec` has no field `colour`"),
        "{got}"
    );
    assert!(
        got.contains("error: printer column `.metadata.labels.app` of `Widget` names no field: `metadata.labels.app` is not a field of `ObjectMeta`"),
        "{got}"
    );
    // The Age column names a field of `metadata`: no diagnostic.
    assert!(!got.contains("mod.rs:4:"), "{got}");
}

/// What the derive of `Resource` refuses in a kind's markers (a release
/// that is not one, a printer column's priority), `cargo xtask generate`'s
/// check refuses too, once: it used to generate a registry without them.
#[test]
fn resource_markers_the_registry_reads_are_checked() {
    let got = diagnostics_for(&format!(
        "{HEAD}/// +k8s:prerelease-lifecycle-gen:introduced=1.x\n\
         /// +kubebuilder:printcolumn:name=\"Colour\",type=string,JSONPath=\".spec.color\",priority=high\n\
         #[derive(Resource)]\npub struct Widget {{\n    pub metadata: ObjectMeta,\n    pub spec: WidgetSpec,\n}}\n\n\
         /// Spec.\npub struct WidgetSpec {{\n    pub color: String,\n}}\n"
    ));
    assert!(
        got.contains("error: `1.x` is not a Kubernetes release\n  --> example/v1/mod.rs:2:5"),
        "{got}"
    );
    assert!(
        got.contains(
            "error: printer column priority `high` is not an integer\n  --> example/v1/mod.rs:3:5"
        ),
        "{got}"
    );
    assert_eq!(got.matches("error:").count(), 2, "{got}");
}

/// serde's `rename_all` on an enum would make its JSON values differ
/// from the ones the generators take from the variants' names.
#[test]
fn rename_all_on_an_enum() {
    assert_diagnostic(
        &format!("{HEAD}#[serde(rename_all = \"UPPERCASE\")]\npub enum Protocol {{ Tcp, Udp }}\n"),
        "error: `#[serde(rename_all = \"UPPERCASE\")]` on enum `Protocol` is not read by the generators\n  --> example/v1/mod.rs:3:10\n  |\n3 | pub enum Protocol { Tcp, Udp }\n  |          ^^^^^^^^ serde would write other values than the generated code\n  |\n  = help: give each variant its value with `#[serde(rename = \"...\")]`, as upstream's constants spell them\n\n",
    );
}

/// String tags on an enum field generated code that did not compile
/// (lengths) or nothing (pattern, format): refused at the marker.
#[test]
fn string_tags_on_an_enum_field() {
    for marker in [
        "+k8s:maxLength=10",
        "+k8s:minLength=1",
        "+k8s:format=k8s-short-name",
    ] {
        let got = diagnostics_for(&format!(
            "{HEAD}pub struct A {{\n    /// {marker}\n    pub phase: Phase,\n}}\npub enum Phase {{ Pending, Done }}\n"
        ));
        let tag = marker.split('=').next().unwrap_or_default();
        assert!(
            got.starts_with(&format!("error: `{tag}` is not generated for enum `Phase`")),
            "{got}"
        );
    }
}

/// An enum with data would be described as a string enum of its variant
/// names while serde writes objects.
#[test]
fn enum_variants_with_data() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub enum Source {{\n    Git(String),\n    Http {{ url: String }},\n    Local = 3,\n    Plain,\n}}\n"
    ));
    for (variant, line) in [("Git", 3), ("Http", 4), ("Local", 5)] {
        assert!(
            got.contains(&format!(
                "error: variant `{variant}` of enum `Source` is not a plain name\n  --> example/v1/mod.rs:{line}:5"
            )),
            "{got}"
        );
    }
    assert!(!got.contains("`Plain`"), "{got}");
}

#[test]
fn inline_option() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    #[serde(flatten)]\n    pub source: Option<B>,\n}}\n\n/// B.\npub struct B {{\n    pub url: String,\n}}\n"
        ),
        "error: inline field `source` of `A` is an `Option`\n  --> example/v1/mod.rs:4:9\n  |\n4 |     pub source: Option<B>,\n  |         ^^^^^^ `#[serde(flatten)]` on an `Option`\n  |\n  = help: embed the struct itself, as Go's `json:\",inline\"` embeds a value: the generated field paths and schema read its fields as the parent's\n\n",
    );
}

#[test]
fn json_name_serde_would_not_write() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    pub pod_ip: String,\n}}\n"
    ));
    assert!(got.starts_with("error: serde would write field `pod_ip` as `pod_ip`, not `podIp`\n  --> example/v1/mod.rs:3:9"), "{got}");
}

#[test]
fn reference_to_an_unknown_type() {
    assert_diagnostic(
        &format!("{HEAD}pub struct A {{\n    pub spec: Option<MissingSpec>,\n}}\n"),
        "error: `spec` refers to unknown type `MissingSpec`\n  --> example/v1/mod.rs:3:9\n  |\n3 |     pub spec: Option<MissingSpec>,\n  |         ^^^^ no package declares this type\n  |\n  = help: declare it as a `pub struct`/`pub enum` in an API package, or import it with `use`\n\n",
    );
}

#[test]
fn unsupported_rust_type() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    pub m: std::collections::HashMap<String, String>,\n}}\n"
    ));
    assert!(got.starts_with("error: `m` has a type the model cannot represent: `HashMap (use BTreeMap<String, _> for a deterministic order)`"), "{got}");
}

/// gengo's and declarative validation's spellings of one tag are one tag:
/// both may be given, as upstream's types do, but not with different
/// values (each generator read the spelling it knows); and a map list
/// names each key once.
#[test]
fn a_tag_in_both_spellings_and_a_repeated_key() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +listType=map\n    /// +k8s:listType=set\n    /// +listMapKey=name\n    /// +listMapKey=name\n    pub items: Vec<Item>,\n}}\npub struct Item {{ pub name: String }}\n"
    ));
    assert!(
        got.starts_with(
            "error: `+k8s:listType` is given more than once\n  --> example/v1/mod.rs:4:9"
        ),
        "{got}"
    );
    assert!(
        got.contains("= help: `+listType` and `+k8s:listType` are one tag, here with different values; keep one"),
        "{got}"
    );
    assert_eq!(
        diagnostics_for(&format!(
            "{HEAD}pub struct A {{\n    /// +optional\n    /// +k8s:optional\n    /// +listType=map\n    /// +k8s:listType=map\n    /// +listMapKey=name\n    pub items: Option<Vec<Item>>,\n}}\npub struct Item {{ pub name: String }}\n"
        )),
        ""
    );
    assert!(
        got.contains(
            "error: list map key `name` is given more than once\n  --> example/v1/mod.rs:6:9"
        ),
        "{got}"
    );
}

#[test]
fn repeated_single_tag() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +k8s:maxLength=1\n    /// +k8s:maxLength=2\n    pub a: String,\n}}\n"
    ));
    assert!(
        got.starts_with(
            "error: `+k8s:maxLength` is given more than once\n  --> example/v1/mod.rs:4:9"
        ),
        "{got}"
    );
}

#[test]
fn arguments_on_a_tag_that_takes_none() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +k8s:optional(x: 1)\n    pub a: Option<String>,\n}}\n"
    ));
    assert!(
        got.starts_with("error: bad arguments to `+k8s:optional`"),
        "{got}"
    );
}

#[test]
fn package_without_group() {
    let got = diagnostics_for("pub struct A {}\n");
    assert!(
        got.starts_with(
            "error: package `example/v1` does not name its API group\n  --> example/v1/mod.rs:1:1"
        ),
        "{got}"
    );
}

#[test]
fn every_problem_is_reported_in_one_run() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +k8s:maxLen=3\n    pub a: String,\n    /// +k8s:maxLength=x\n    pub b: String,\n    pub c: Missing,\n}}\n"
    ));
    assert_eq!(got.matches("error: ").count(), 3, "{got}");
}

#[test]
fn kubebuilder_keys_are_checked() {
    let got = diagnostics_for(&format!(
        "{HEAD}/// +kubebuilder:resource:path=as,plural=x\npub struct A {{}}\n"
    ));
    assert!(
        got.contains(
            "unknown key `plural`; expected one of: path, singular, shortName, categories, scope"
        ),
        "{got}"
    );
}

#[test]
fn a_field_taking_a_reserved_protobuf_number() {
    let got = diagnostics_for(&format!(
        "{HEAD}/// +protobuf.reserved=2,4\npub struct A {{\n    /// +protobuf=1\n    pub a: String,\n    /// +protobuf=4\n    pub b: String,\n}}\n"
    ));
    assert_eq!(
        got,
        "error: protobuf number 4 of `A` is reserved: a removed field had it\n  --> example/v1/mod.rs:6:9\n  |\n6 |     /// +protobuf=4\n  |         ^^^^^^^^^^^ reserved by `+protobuf.reserved`\n  |\n  = help: give `b` a number no field of `A` ever had; clients built from an older .proto would read it as the removed field\n\n"
    );
}

/// A protobuf number is read one way by the check and the generators:
/// decimal, in protobuf's range. Go's other spellings of integers (`0x3`,
/// `010`, `1_0`) once passed the check and were read by the generator as
/// no number (the type silently lost its protobuf code) or as another one
/// (`010`, checked as 8 and written as 10), and `01` beside `1` escaped
/// the duplicate check, which compared the text.
#[test]
fn protobuf_numbers_are_decimal_field_numbers() {
    let field = |marker: &str| {
        diagnostics_for(&format!(
            "{HEAD}pub struct A {{\n    /// +protobuf=1\n    pub a: String,\n    /// +protobuf={marker}\n    pub b: String,\n}}\n"
        ))
    };
    for refused in [
        "0x3",
        "010",
        "1_0",
        "0",
        "19000",
        "19999",
        "536870912",
        "4294967296",
    ] {
        let got = field(refused);
        assert_eq!(
            got,
            format!(
                "error: `{refused}` is not a protobuf field number\n  --> example/v1/mod.rs:5:9\n  |\n5 |     /// +protobuf={refused}\n  |         {carets} not a field number\n  |\n  = help: a field number is written in decimal, from 1 to 536870911, outside 19000-19999 (protobuf's own)\n\n",
                carets = "^".repeat("+protobuf=".len() + refused.len())
            ),
            "{refused}"
        );
    }
    assert!(field("01").starts_with("error: `01` is not a protobuf field number"));
    // Not an integer: the payload's own check, once.
    let got = field("ten");
    assert_eq!(got.matches("error:").count(), 1, "{got}");
    assert!(got.contains("expected a non-negative integer"), "{got}");
    assert!(
        field("1").starts_with("error: protobuf number 1 is used twice in `A`"),
        "{}",
        field("1")
    );
    assert_eq!(field("18999"), "");
    assert_eq!(field("536870911"), "");
}

/// Every part of `+protobuf.reserved` is a field number (the generator
/// dropped any other part, and the number stayed free to take).
#[test]
fn reserved_protobuf_numbers_are_field_numbers() {
    let got = diagnostics_for(&format!(
        "{HEAD}/// +protobuf.reserved=4,x,0\npub struct A {{\n    /// +protobuf=1\n    pub a: String,\n}}\n"
    ));
    assert!(
        got.starts_with("error: `x`, `0` in `+protobuf.reserved` is not a protobuf field number\n  --> example/v1/mod.rs:2:5"),
        "{got}"
    );
    let got = diagnostics_for(&format!(
        "{HEAD}/// +protobuf.reserved=4, 7\npub struct A {{\n    /// +protobuf=1\n    pub a: String,\n}}\n"
    ));
    assert_eq!(got, "");
}

/// A list or map inside an Option, list or map has no protobuf form (the
/// generated codec wrote the inner list as one value of its item type).
#[test]
fn protobuf_numbers_on_nested_lists() {
    for ty in [
        "Option<Vec<String>>",
        "Vec<Vec<String>>",
        "std::collections::BTreeMap<String, Vec<String>>",
    ] {
        let got = diagnostics_for(&format!(
            "{HEAD}pub struct A {{\n    /// +protobuf=1\n    pub a: String,\n    /// +protobuf=2\n    pub b: {ty},\n}}\n"
        ));
        assert!(
            got.starts_with("error: field `b` of `A` has no protobuf form: `"),
            "{ty}: {got}"
        );
    }
    for ty in [
        "Option<String>",
        "Vec<String>",
        "std::collections::BTreeMap<String, String>",
    ] {
        let got = diagnostics_for(&format!(
            "{HEAD}pub struct A {{\n    /// +protobuf=1\n    pub a: String,\n    /// +protobuf=2\n    pub b: {ty},\n}}\n"
        ));
        assert_eq!(got, "", "{ty}");
    }
}

/// The diagnostics of regenerating a package of `source` over a previous
/// `generated.proto` of `previous`.
fn dropped_numbers(source: &str, previous: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("example/v1/mod.rs");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, source).unwrap();
    let model = codegen::parse::parse_tree(dir.path()).unwrap();
    let crates = [codegen::generators::Crate {
        dir: "apis".into(),
        model,
        serves: true,
        proto_root: "k8s.io/api".into(),
    }];
    let problems = codegen::generators::proto::dropped_numbers(&crates, |path| {
        (path == std::path::Path::new("apis/src/example/v1/generated.proto"))
            .then(|| previous.to_string())
    });
    codegen::diagnostics::render(&problems).replace(&format!("{}/", dir.path().display()), "")
}

#[test]
fn a_protobuf_number_dropped_without_reserving_it() {
    let previous = "syntax = \"proto2\";\npackage k8s.io.api.example.v1;\nmessage A {\n  optional string a = 1;\n  optional string b = 2;\n}\n";
    let without_b = format!("{HEAD}pub struct A {{\n    /// +protobuf=1\n    pub a: String,\n}}\n");
    assert_eq!(
        dropped_numbers(&without_b, previous),
        "error: protobuf field 2 (`b`) of `A` would disappear from apis/src/example/v1/generated.proto\n  --> example/v1/mod.rs:2:12\n  |\n2 | pub struct A {\n  |            ^ no field of this type has the number any more\n  |\n  = help: add `+protobuf.reserved=2` to `A` so no later field takes it\n\n"
    );
    let reserved = format!(
        "{HEAD}/// +protobuf.reserved=2\npub struct A {{\n    /// +protobuf=1\n    pub a: String,\n}}\n"
    );
    assert_eq!(dropped_numbers(&reserved, previous), "");
}

/// `ended` reads Go's zero time as unset; `started` does not, and `seen`,
/// a `MicroTime`, names the `Time` reader.
#[test]
fn an_optional_time_reads_go_zero_time_as_unset() {
    assert_diagnostic(
        &format!(
            "{HEAD}pub struct A {{\n    pub started: Option<Time>,\n    #[serde(deserialize_with = \"runtime::meta::zero_time_as_none\")]\n    pub ended: Option<Time>,\n    #[serde(default, deserialize_with = \"zero_time_as_none\")]\n    pub seen: Option<MicroTime>,\n}}\n"
        ),
        "error: optional time field `started` does not read Go's zero time as unset\n  --> example/v1/mod.rs:3:9\n  |\n3 |     pub started: Option<Time>,\n  |         ^^^^^^^ `0001-01-01T00:00:00Z` would be kept as a time\n  |\n  = help: add `#[serde(deserialize_with = \"runtime::meta::zero_time_as_none\")]`\n\n\
         error: optional time field `seen` does not read Go's zero time as unset\n  --> example/v1/mod.rs:7:9\n  |\n7 |     pub seen: Option<MicroTime>,\n  |         ^^^^ `0001-01-01T00:00:00Z` would be kept as a time\n  |\n  = help: add `#[serde(deserialize_with = \"runtime::meta::zero_micro_time_as_none\")]`\n\n",
    );
}
