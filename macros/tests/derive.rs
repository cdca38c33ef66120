//! Compile-fail snapshots of `#[derive(Resource)]` errors, reviewed as
//! `.stderr` diffs.

#[test]
fn derive_errors() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/example/v1/ok_widget.rs");
    t.compile_fail("tests/ui/example/v1/unknown_marker.rs");
    t.compile_fail("tests/ui/example/v1/wrong_type.rs");
    t.compile_fail("tests/ui/example/v1/bad_scope.rs");
    t.compile_fail("tests/ui/example/v1/bad_verb.rs");
    t.compile_fail("tests/ui/example/v1/missing_metadata.rs");
    t.compile_fail("tests/ui/example/v1/bad_minimum.rs");
    t.compile_fail("tests/ui/nogroup/v1/no_group.rs");
}
