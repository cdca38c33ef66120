//! The `storage.k8s.io` group, ported from `k8s.io/api/storage`.

pub mod v1;
