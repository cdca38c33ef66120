//! Version v1 of the `events.k8s.io` group, ported from `k8s.io/api/events/v1`.
//!
//! +groupName=events.k8s.io

mod conversion;
mod printers;
mod types;
mod validation;

pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
