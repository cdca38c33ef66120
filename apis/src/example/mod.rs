//! The `example.dev` group: types that exercise the marker language.

pub mod v1;
