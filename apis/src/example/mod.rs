//! The `example.dev` group: types that exercise the marker language, at
//! `v1` (the storage version) and the deprecated `v1beta1`, with the
//! internal (hub) types both convert through.
//!
//! +groupName=example.dev

mod types;
pub mod v1;
pub mod v1beta1;

pub use types::*;
