//! The core group (`""`, served under `/api`), ported from `k8s.io/api/core`.

pub mod v1;
