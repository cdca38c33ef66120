//! `meta.k8s.io/v1` types the server and API types share: [`ObjectMeta`],
//! [`Time`], [`OwnerReference`], [`ManagedFieldsEntry`], [`Condition`].
//!
//! The package `v1` is annotated Rust read by the same toolchain as the API
//! types (its schema tables and OpenAPI definitions are generated); the
//! timestamp types with custom wire forms and the hand-written protobuf
//! tables live beside it.

mod checked;
mod proto;
mod quantity;
mod reason;
mod time;
pub mod v1;
pub mod wire;

pub use quantity::{Quantity, QuantityError};
pub use reason::{CauseType, StatusReason};
pub use time::{
    FieldsV1, IntOrString, MicroTime, RawExtension, Time, zero_micro_time_as_none,
    zero_time_as_none,
};
pub use v1::*;

/// Reads a Go `string` field that Go holds as a value (`ObjectMeta`'s
/// `name` to `resourceVersion`, `ManagedFieldsEntry`'s strings): `""` is
/// its zero value, read as absent, as Go reads it (it cannot tell the two
/// apart, and omits both when it writes JSON) and as the protobuf codec
/// reads it back.
///
/// Errors: the value is neither a string nor null.
pub(crate) fn empty_as_none<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    use serde::Deserialize;
    Ok(Option::<String>::deserialize(deserializer)?.and_then(proto::non_empty))
}

/// Reads a Go `int64` field that Go holds as a value and omits when zero
/// (`ObjectMeta.generation`, `Condition.observedGeneration`): `0` is its
/// zero value, read as absent, as Go reads it and as the protobuf codec
/// reads it back.
///
/// Errors: the value is neither an integer nor null.
pub(crate) fn zero_as_none<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<i64>, D::Error> {
    use serde::Deserialize;
    Ok(Option::<i64>::deserialize(deserializer)?.and_then(proto::non_zero))
}
