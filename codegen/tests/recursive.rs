//! Types that refer to themselves through a list, a map or an optional
//! box, as `JSONSchemaProps` does, go through every generator.

#[test]
fn recursive_types_go_through_every_generator() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("example/v1/mod.rs");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        "//! +groupName=example.dev\n\
         use std::collections::BTreeMap;\n\
         #[serde(rename_all = \"camelCase\")]\n\
         pub struct Props {\n\
         \x20   /// +optional\n\
         \x20   /// +default=\"object\"\n\
         \x20   /// +protobuf=1\n\
         \x20   pub type_: Option<String>,\n\
         \x20   /// +optional\n\
         \x20   /// +listType=atomic\n\
         \x20   /// +protobuf=2\n\
         \x20   pub all_of: Vec<Props>,\n\
         \x20   /// +optional\n\
         \x20   /// +protobuf=3\n\
         \x20   pub properties: BTreeMap<String, Props>,\n\
         \x20   /// +optional\n\
         \x20   /// +protobuf=4\n\
         \x20   pub not: Option<Box<Props>>,\n\
         \x20   /// +optional\n\
         \x20   /// +protobuf=5\n\
         \x20   pub items: Option<Box<Items>>,\n\
         }\n\
         pub struct Items {\n\
         \x20   /// +optional\n\
         \x20   /// +protobuf=1\n\
         \x20   pub schema: Option<Box<Props>>,\n\
         }\n",
    )
    .unwrap();
    let model = codegen::parse::parse_tree(dir.path()).unwrap();
    let diagnostics = codegen::check::check(&model);
    assert!(
        diagnostics.is_empty(),
        "{}",
        codegen::diagnostics::render(&diagnostics)
    );
    let files = codegen::generators::generate_all(&[codegen::generators::Crate {
        dir: "apis".into(),
        model,
        serves: true,
        proto_root: "k8s.io/api".into(),
    }]);
    assert!(
        files.iter().any(|f| f.path.ends_with("generated.proto")),
        "{:?}",
        files.iter().map(|f| &f.path).collect::<Vec<_>>()
    );
}
