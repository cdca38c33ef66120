//! Version v1 of the `authorization.k8s.io` group, ported from
//! `k8s.io/api/authorization/v1`: the access reviews, which ask the
//! server's authorizer and are never stored.
//!
//! +groupName=authorization.k8s.io

mod strategy;
mod types;
mod validation;

pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
