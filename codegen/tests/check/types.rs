//! Checks of the Rust types fields have: types that contain themselves
//! without end, and primitives with no API type.

use super::{HEAD, assert_diagnostic, diagnostics_for};

/// A newtype that wraps itself, or a struct that inlines itself, has no
/// JSON that ends: each is an error at the type's name, where checking it
/// once overflowed the stack (resolving the newtype, flattening the
/// struct). Recursion through a list or an ordinary field stays allowed.
#[test]
fn types_that_contain_themselves_without_end_are_errors() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A(pub Option<Box<B>>);\n\
         pub struct B(pub A);\n\
         pub struct Uses {{\n\
         \x20   /// +k8s:maxLength=3\n\
         \x20   pub a: A,\n\
         }}\n"
    ));
    assert!(
        got.contains("error: newtype `A` wraps itself: A -> B -> A\n  --> example/v1/mod.rs:2:12"),
        "{got}"
    );
    assert!(
        got.contains("error: newtype `B` wraps itself: B -> A -> B\n  --> example/v1/mod.rs:3:12"),
        "{got}"
    );
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct C {{\n\
         \x20   #[serde(flatten)]\n\
         \x20   pub d: D,\n\
         }}\n\
         pub struct D {{\n\
         \x20   pub name: String,\n\
         \x20   #[serde(flatten)]\n\
         \x20   pub c: Box<C>,\n\
         }}\n\
         pub struct Items {{\n\
         \x20   /// +listType=map\n\
         \x20   /// +listMapKey=name\n\
         \x20   pub items: Vec<C>,\n\
         }}\n"
    ));
    assert!(
        got.contains("error: struct `C` inlines itself: C -> D -> C\n  --> example/v1/mod.rs:2:12"),
        "{got}"
    );
    assert!(
        got.contains("error: struct `D` inlines itself: D -> C -> D\n"),
        "{got}"
    );
    let recursive = format!(
        "{HEAD}pub struct Props {{\n\
         \x20   /// +optional\n\
         \x20   pub items: Vec<Props>,\n\
         \x20   /// +optional\n\
         \x20   pub not: Option<Box<Props>>,\n\
         }}\n"
    );
    assert_eq!(diagnostics_for(&recursive), "");
}

/// Rust primitives with no API type say what to use instead (they were
/// "unknown types" to declare as structs), and a quoted payload that does
/// not read says why (it was "expected a quoted string").
#[test]
fn primitives_without_an_api_type_and_unreadable_quotes_say_why() {
    assert_diagnostic(
        &format!("{HEAD}pub struct A {{\n    pub ratio: f32,\n}}\n"),
        "error: `ratio` has a type the model cannot represent: `f32`\n  \
         --> example/v1/mod.rs:3:9\n  \
         |\n\
         3 |     pub ratio: f32,\n  \
         |         ^^^^^ an API number is a float64: use f64\n  \
         |\n  \
         = help: use bool, i32, i64, f64, String, Vec<u8>, Option, Vec, BTreeMap<String, _>, a well-known type or a model type\n\n",
    );
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    pub count: Option<usize>,\n    pub big: Vec<i128>,\n}}\n"
    ));
    assert!(
        got.contains("`count` has a type the model cannot represent: `usize`")
            && got.contains("its width is the platform's: use i32 or i64"),
        "{got}"
    );
    assert!(got.contains("have at most 64 bits: use i64"), "{got}");
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct A {{\n    /// +k8s:neq=\"a\\q\"\n    pub name: String,\n}}\n"
    ));
    assert!(
        got.contains("the quoted string does not read: unknown escape `\\q`"),
        "{got}"
    );
    assert_eq!(
        diagnostics_for(&format!(
            "{HEAD}pub struct A {{\n    /// +k8s:neq=\"\\u00e9\\x41\"\n    pub name: String,\n}}\n"
        )),
        ""
    );
}

/// A unit struct (serde writes `null`) or a tuple struct of several
/// fields (an array) is no API object: an error at its name, where the
/// model once read it as an empty struct. Markers on a newtype's inner
/// field, which nothing read, point at the type to put them on.
#[test]
fn api_types_are_objects_and_newtype_markers_go_on_the_type() {
    let got = diagnostics_for(&format!(
        "{HEAD}pub struct Nothing;\n\
         pub struct Pair(pub String, pub i32);\n\
         pub struct Ports(\n\
         \x20   /// +k8s:maxItems=3\n\
         \x20   pub Vec<String>,\n\
         );\n"
    ));
    assert!(
        got.contains("error: API type `Nothing` is a unit struct\n  --> example/v1/mod.rs:2:12")
            && got.contains("serde writes it as null, not as an object"),
        "{got}"
    );
    assert!(
        got.contains(
            "error: API type `Pair` is a tuple struct of 2 fields\n  --> example/v1/mod.rs:3:12"
        ) && got.contains("serde writes it as an array, not as an object"),
        "{got}"
    );
    assert!(
        got.contains("error: marker `+k8s:maxItems=3` on the field inside newtype `Ports`\n  --> example/v1/mod.rs:5:9"),
        "{got}"
    );
}
