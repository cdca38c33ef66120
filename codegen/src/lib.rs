//! The toolchain core: the type model, the marker language, the checks, and
//! the generators.
//!
//! The flow follows serde_derive's internals: [`parse`] reads annotated Rust
//! into the [`model`], [`attr`] reads each field's markers into typed
//! attributes, [`check`] holds it against the marker registry and
//! reports every problem at once (rendered by [`diagnostics`]), and the
//! generators in [`generators`] (`src/gen/`) turn the checked model into code and documents.
//! Derive macros (`macros`) and `cargo xtask generate` both go through here.
#![deny(missing_docs)]

pub mod attr;
pub mod check;
pub mod conversion;
pub mod diagnostics;
#[path = "gen/mod.rs"]
pub mod generators;
pub mod markers;
pub mod model;
pub mod parse;
pub mod resource;
pub mod tags;

pub use diagnostics::Diagnostic;
pub use model::Model;
