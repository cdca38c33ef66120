//! What the `apiserver` binary composes beyond the generic server and the
//! `apis` crate's kinds: kube-apiserver's built-in admission plugins
//! ([`admission`]) and the `pods/eviction` subresource ([`eviction`]),
//! which need both the server's extension points and the Rust types of
//! the kinds they look at.

pub mod admission;
pub mod eviction;
pub mod limit_ranger;

/// The subresources the `apiserver` binary serves beside every kind's
/// `status` and `scale`: `pods/eviction`.
pub fn subresources() -> server::subresource::Subresources {
    server::subresource::Subresources::new().with(eviction::PodEviction)
}
