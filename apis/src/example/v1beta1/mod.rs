//! Version v1beta1 of the `example.dev` group: the `Widget` before `v1`,
//! served from the objects `v1` stores. It calls the replicas `size`,
//! writes the color as a string, and has no `release` (kept in the
//! `example.dev/release` annotation, as upstream keeps fields an older
//! version lacks).
//!
//! +groupName=example.dev
//! +k8s:conversion-gen=example
//! +k8s:supportsSubresource="/status"
//! +k8s:supportsSubresource="/scale"

mod conversion;
mod types;

pub use conversion::*;
pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
include!("zz_generated.conversion.rs");
