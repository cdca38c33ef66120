//! Version v1 of the `apps` group, ported from `k8s.io/api/apps/v1`.
//!
//! +groupName=apps

mod printers;
mod strategy;
mod types;
mod validation;

pub use types::*;
pub(crate) use validation::{not_more_than_100_percent, positive_int_or_percent, restarts_always};

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
