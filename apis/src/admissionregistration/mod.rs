//! The `admissionregistration.k8s.io` group, ported from
//! `k8s.io/api/admissionregistration`.

pub mod v1;
