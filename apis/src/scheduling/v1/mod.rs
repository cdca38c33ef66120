//! Version v1 of the `scheduling.k8s.io` group, ported from
//! `k8s.io/api/scheduling/v1`: PriorityClasses.
//!
//! +groupName=scheduling.k8s.io

mod priority_class;

pub use priority_class::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
