//! The `apps` group, ported from `k8s.io/api/apps`.

pub mod v1;
