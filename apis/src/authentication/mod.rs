//! The `authentication.k8s.io` group, ported from `k8s.io/api/authentication`.

pub mod v1;
