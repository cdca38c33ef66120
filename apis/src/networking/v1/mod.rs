//! Version v1 of the `networking.k8s.io` group, ported from
//! `k8s.io/api/networking/v1`: Ingresses, IngressClasses and
//! NetworkPolicies.
//!
//! +groupName=networking.k8s.io

mod printers;
mod strategy;
mod types;
mod validation;

pub(crate) use strategy::cidr_warnings;
pub use types::*;
pub(crate) use validation::{Cidr, cidr_errors};

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
