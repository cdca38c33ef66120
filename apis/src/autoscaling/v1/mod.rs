//! Version v1 of the `autoscaling` group, ported from
//! `k8s.io/api/autoscaling/v1`: the HorizontalPodAutoscaler with a CPU
//! target only. The rest of what `v2` says is kept in annotations (see
//! `conversion.rs`); objects are stored at `v2`. (`Scale`, the body of
//! every `/scale` subresource, is the server's own.)
//!
//! +groupName=autoscaling
//! +k8s:conversion-gen=autoscaling
//! +k8s:supportsSubresource="/status"

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
