//! What the `apiserver` binary composes beyond the generic server and the
//! `apis` crate's kinds: kube-apiserver's built-in admission plugins
//! ([`admission`]), which need both the server's admission chain and the
//! Rust types of the kinds they look at.

pub mod admission;
