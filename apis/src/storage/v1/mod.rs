//! Version v1 of the `storage.k8s.io` group, ported from
//! `k8s.io/api/storage/v1`: StorageClasses.
//!
//! +groupName=storage.k8s.io

mod storage_class;

pub use storage_class::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
