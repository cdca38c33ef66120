//! `meta.k8s.io/v1` types the server and API types share: [`ObjectMeta`],
//! [`Time`], [`OwnerReference`], [`ManagedFieldsEntry`], [`Condition`].
//!
//! The package `v1` is annotated Rust read by the same toolchain as the API
//! types (its schema tables and OpenAPI definitions are generated); the
//! timestamp types with custom wire forms and the hand-written protobuf
//! tables live beside it.

mod proto;
mod quantity;
mod reason;
mod time;
pub mod v1;
pub mod wire;

pub use quantity::{Quantity, QuantityError};
pub use reason::{CauseType, StatusReason};
pub use time::{FieldsV1, IntOrString, MicroTime, RawExtension, Time};
pub use v1::*;
