//! Version v1beta1 of `wardle.example.com`: the `Flunder` with one field
//! per kind of reference, as upstream's sample-apiserver serves it. It is
//! the group's preferred version and the flunders' storage version
//! (upstream's `SetVersionPriority(v1beta1, v1alpha1)`); `Fischer` is
//! served at v1alpha1 only.
//!
//! +groupName=wardle.example.com
//! +k8s:conversion-gen=wardle

mod conversion;
mod types;

pub use conversion::*;
pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
include!("zz_generated.conversion.rs");
