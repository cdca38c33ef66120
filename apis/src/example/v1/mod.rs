//! Version v1 of the `example.dev` group: a namespaced `Widget` and a
//! cluster-scoped `Gadget`.
//!
//! +groupName=example.dev
//! +k8s:conversion-gen=example
//! +k8s:supportsSubresource="/status"
//! +k8s:supportsSubresource="/scale"

mod types;
mod validation;

pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
include!("zz_generated.conversion.rs");
