//! The Kubernetes API machinery (the part of `k8s.io/apimachinery` this
//! project needs): meta types, codecs (JSON, YAML, protobuf), schemas,
//! field errors and validation helpers, selectors, printers' helpers and
//! the registry traits generated code implements.
//!
//! `runtime` knows no concrete API type and does no I/O (no axum, tokio or
//! storage engine): generated code hands a [`registry::Registry`] of
//! resources (each a Rust type implementing [`resource::Resource`]) to the
//! `server` crate, which serves them with Kubernetes API semantics.
#![deny(missing_docs)]

// Generated code names this crate `::runtime`, inside it too.
extern crate self as runtime;

pub mod allocation;
#[cfg(feature = "arbitrary")]
pub mod arbitrary;
pub mod auth;
pub mod codec;
pub mod defaulting;
pub mod field;
pub mod fieldpaths;
pub mod go;
#[cfg(feature = "kube")]
pub mod kube;
pub mod meta;
pub mod printers;
pub mod registry;
pub mod resource;
pub mod schema;
pub mod selector;
pub mod validate;
