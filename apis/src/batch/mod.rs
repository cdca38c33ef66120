//! The `batch` group, ported from `k8s.io/api/batch`.

pub mod v1;
