//! Patch formats that need the type's schema: strategic merge patch
//! ([`strategic`]) and server-side apply ([`apply`]).

pub mod apply;
pub mod strategic;
