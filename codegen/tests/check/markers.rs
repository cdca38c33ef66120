//! Checks of markers read across a struct's fields: unions.

use super::{HEAD, diagnostics_for};

/// A union is exactly-one or at-most-one: a member with the other tag is
/// an error at its marker (the generator gave the whole union the last
/// member's kind), and a union's or member's name must be a string (a
/// number quietly joined the struct's unnamed union).
#[test]
fn a_unions_members_share_its_kind_and_name_it_with_strings() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n\
         \x20   /// +k8s:optional\n\
         \x20   /// +k8s:unionMember(union: \"source\")\n\
         \x20   pub url: Option<String>,\n\
         \x20   /// +k8s:optional\n\
         \x20   /// +k8s:zeroOrOneOfMember(union: \"source\")\n\
         \x20   pub path: Option<String>,\n\
         \x20   /// +k8s:optional\n\
         \x20   /// +k8s:zeroOrOneOfMember(union: \"other\")\n\
         \x20   pub x: Option<String>,\n\
         \x20   /// +k8s:optional\n\
         \x20   /// +k8s:unionMember(union: 5)\n\
         \x20   pub y: Option<String>,\n\
         }}\n"
    ));
    assert!(
        got.contains(
            "error: `+k8s:zeroOrOneOfMember` in union `source`, whose first member is a `+k8s:unionMember`\n  --> example/v1/mod.rs:7:9"
        ),
        "{got}"
    );
    assert!(
        got.contains("error: bad arguments to `+k8s:unionMember`\n   --> example/v1/mod.rs:13:9")
            && got.contains("argument `union` is not a string"),
        "{got}"
    );
    assert_eq!(got.matches("error:").count(), 2, "{got}");
}

/// A tag that selects items passes them to a validation tag; one that would
/// do nothing there is refused, not ignored. `+k8s:opaqueType` is the one
/// other tag an item takes.
#[test]
fn chained_tags_must_validate_what_they_select() {
    super::assert_diagnostic(
        &format!(
            "{}/// A.\npub struct A {{\n    /// +k8s:eachVal=+k8s:optional\n    pub tags: Vec<String>,\n}}\n",
            super::HEAD
        ),
        "error: `+k8s:optional` has no effect after `+k8s:eachVal`\n  --> example/v1/mod.rs:4:22\n  |\n4 |     /// +k8s:eachVal=+k8s:optional\n  |                      ^^^^^^^^^^^^^ only a validation tag applies to what this tag selects\n  |\n  = help: write this tag on the field itself, or remove it\n\n",
    );
    assert_eq!(
        super::diagnostics_for(&format!(
            "{}/// B.\npub struct B {{\n    /// +k8s:minimum=0\n    pub n: i32,\n}}\n\n/// A.\npub struct A {{\n    /// +k8s:eachVal=+k8s:opaqueType\n    pub items: Vec<B>,\n}}\n",
            super::HEAD
        )),
        ""
    );
}
