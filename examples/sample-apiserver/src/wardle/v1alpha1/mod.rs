//! Version v1alpha1 of `wardle.example.com`: the namespaced `Flunder` and
//! the cluster-scoped `Fischer`, as upstream's sample-apiserver serves them.
//!
//! +groupName=wardle.example.com

mod types;

pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
