//! The API types served by this project, as annotated Rust in the style of
//! `k8s.io/api`, with what `cargo xtask generate` wrote for them.
//!
//! Each `<group>/<version>/` module is one package: its `mod.rs` carries the
//! package markers (`//! +groupName=...`) and includes the generated
//! `zz_generated.register.rs`; its other files hold the types.
#![deny(missing_docs)]

pub mod admissionregistration;
pub mod apps;
pub mod authentication;
pub mod authorization;
pub mod autoscaling;
pub mod batch;
pub mod coordination;
pub mod core;
pub mod discovery;
pub mod events;
pub mod example;
pub mod networking;
pub mod policy;
pub mod rbac;
pub mod scheduling;
pub mod storage;

/// Writes an empty list as `null`, as Go writes a nil slice of a struct
/// without JSON tags.
pub(crate) fn nil_if_empty<T: serde::Serialize, S: serde::Serializer>(
    list: &[T],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if list.is_empty() {
        serializer.serialize_none()
    } else {
        serializer.collect_seq(list)
    }
}

/// Reads `null` as an empty list, as Go reads it into a slice.
pub(crate) fn empty_if_nil<'de, T: serde::Deserialize<'de>, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<T>, D::Error> {
    Ok(<Option<Vec<T>> as serde::Deserialize>::deserialize(deserializer)?.unwrap_or_default())
}

include!("zz_generated.registry.rs");
