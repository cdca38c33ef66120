//! The `admissionregistration.k8s.io` group, ported from
//! `k8s.io/api/admissionregistration`.

pub mod conditions;
pub mod v1;
mod webhook;

pub use webhook::{DEFAULT_SERVICE_PORT, DEFAULT_TIMEOUT_SECONDS, WebhookAccessor};
