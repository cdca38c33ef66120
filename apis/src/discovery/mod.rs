//! The `discovery.k8s.io` group, ported from `k8s.io/api/discovery`.

pub mod v1;
