//! Version v1 of `meta.k8s.io`: the metadata every object carries and the
//! types the API machinery shares, ported from
//! `k8s.io/apimachinery/pkg/apis/meta/v1` with the same JSON names, field
//! order, optionality and markers.
//!
//! +groupName=meta.k8s.io

mod types;
mod views;

pub use types::*;
pub use views::*;

include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
