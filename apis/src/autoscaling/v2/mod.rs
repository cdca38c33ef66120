//! Version v2 of the `autoscaling` group, ported from
//! `k8s.io/api/autoscaling/v2`: the HorizontalPodAutoscaler with every
//! metric source and the scaling behavior. kube-apiserver stores every
//! version of it in this one.
//!
//! +groupName=autoscaling
//! +k8s:conversion-gen=autoscaling
//! +k8s:supportsSubresource="/status"

mod conversion;
mod defaults;
mod types;

pub use conversion::*;
pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
include!("zz_generated.conversion.rs");
