//! The `events.k8s.io` group, ported from `k8s.io/api/events`: the Event of
//! the new events API, stored as the core group's (`+resource:cohabitating`).

pub mod v1;
