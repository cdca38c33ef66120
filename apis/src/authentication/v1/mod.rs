//! Version v1 of the `authentication.k8s.io` group, ported from
//! `k8s.io/api/authentication/v1`: the self review (`kubectl auth
//! whoami`), answered from who sends it and never stored.
//!
//! +groupName=authentication.k8s.io

mod strategy;
mod types;

pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
