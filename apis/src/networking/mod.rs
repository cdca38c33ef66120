//! The `networking.k8s.io` group, ported from `k8s.io/api/networking`.

pub mod v1;
