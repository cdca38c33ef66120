//! Version v1 of the `policy` group, ported from `k8s.io/api/policy/v1`.
//!
//! +groupName=policy

mod printers;
mod types;
mod validation;

pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
