//! The `wardle.example.com` group of upstream's sample-apiserver
//! (`k8s.io/sample-apiserver/pkg/apis/wardle`): the internal (hub) types
//! every version converts to and from, and the versions.
//!
//! +groupName=wardle.example.com

mod types;
pub mod v1alpha1;
pub mod v1beta1;

pub use types::*;
