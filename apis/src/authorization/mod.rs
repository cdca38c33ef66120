//! The `authorization.k8s.io` group, ported from `k8s.io/api/authorization`.

pub mod v1;
