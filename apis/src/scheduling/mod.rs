//! The `scheduling.k8s.io` group, ported from `k8s.io/api/scheduling`.

pub mod v1;
