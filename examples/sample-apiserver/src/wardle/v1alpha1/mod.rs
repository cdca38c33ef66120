//! Version v1alpha1 of `wardle.example.com`: the namespaced `Flunder` and
//! the cluster-scoped `Fischer`, as upstream's sample-apiserver serves them.
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
