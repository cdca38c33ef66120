//! Version v1 of the `coordination.k8s.io` group, ported from `k8s.io/api/coordination/v1`.
//!
//! +groupName=coordination.k8s.io

mod types;

pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
