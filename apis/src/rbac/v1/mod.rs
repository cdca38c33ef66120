//! Version v1 of the `rbac.authorization.k8s.io` group, ported from
//! `k8s.io/api/rbac/v1`: roles and their bindings, kept as kube-apiserver
//! keeps them. The server authorizes everything (as
//! `--authorization-mode=AlwaysAllow`), so they are stored and served for
//! the clients and controllers that manage them, not enforced.
//!
//! +groupName=rbac.authorization.k8s.io

mod defaults;
mod printers;
mod strategy;
mod types;
mod validation;

pub use types::*;

include!("zz_generated.register.rs");
include!("zz_generated.protobuf.rs");
include!("zz_generated.schema.rs");
include!("zz_generated.defaults.rs");
include!("zz_generated.validations.rs");
