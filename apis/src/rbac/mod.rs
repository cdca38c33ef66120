//! The `rbac.authorization.k8s.io` group, ported from `k8s.io/api/rbac`.

pub mod v1;
