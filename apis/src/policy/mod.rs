//! The `policy` group, ported from `k8s.io/api/policy`.

pub mod v1;
