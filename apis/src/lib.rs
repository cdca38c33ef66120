//! The API types served by this project, as annotated Rust in the style of
//! `k8s.io/api`, with what `cargo xtask generate` wrote for them.
//!
//! Each `<group>/<version>/` module is one package: its `mod.rs` carries the
//! package markers (`//! +groupName=...`) and includes the generated
//! `zz_generated.register.rs`; its other files hold the types.
#![deny(missing_docs)]

pub mod apps;
pub mod authentication;
pub mod authorization;
pub mod autoscaling;
pub mod batch;
pub mod coordination;
pub mod core;
pub mod discovery;
pub mod events;
pub mod example;
pub mod networking;
pub mod policy;
pub mod rbac;
pub mod scheduling;

include!("zz_generated.registry.rs");
