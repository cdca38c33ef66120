//! Patch formats that need the type's schema: strategic merge patch
//! ([`strategic`]) and server-side apply ([`apply`]); and JSON patch
//! ([`json`]), the `json-patch` crate's operations within upstream's copy
//! limit and a depth bound.

pub mod apply;
pub mod json;
pub mod strategic;
