//! Version v1 of the `admissionregistration.k8s.io` group, ported from
//! `k8s.io/api/admissionregistration/v1`: the configurations of admission
//! webhooks, which the `apiserver` binary's webhook admission plugins call.
//!
//! +groupName=admissionregistration.k8s.io

mod types;
mod validation;

pub use types::*;
pub use validation::ACCEPTED_ADMISSION_REVIEW_VERSIONS;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
