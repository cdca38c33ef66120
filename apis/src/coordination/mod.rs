//! The `coordination.k8s.io` group, ported from `k8s.io/api/coordination`.

pub mod v1;
