//! The generic Kubernetes API server library.
//!
//! `runtime` knows no concrete API type: generated code hands it a
//! [`registry::Registry`] of resources (each a Rust type implementing
//! [`resource::Resource`]), and the [`server`] serves them with Kubernetes
//! API semantics over a revisioned [`storage::Store`].
#![deny(missing_docs)]

// Generated code names this crate `::runtime`, inside it too.
extern crate self as runtime;

pub mod codec;
pub mod field;
pub mod go;
#[cfg(feature = "kube")]
pub mod kube;
pub mod meta;
pub mod patch;
pub mod registry;
pub mod resource;
pub mod schema;
pub mod selector;
pub mod server;
pub mod storage;
pub mod validate;
