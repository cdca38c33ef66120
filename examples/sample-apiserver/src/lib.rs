//! Upstream's sample-apiserver (`k8s.io/sample-apiserver`) ported to this
//! toolchain, in a crate of its own: the `wardle.example.com` types
//! (`src/wardle/v1alpha1/`, `src/wardle/v1beta1/`), what `cargo xtask generate --crate
//! examples/sample-apiserver` wrote for them, and the `BanFlunder`
//! admission plugin. `cargo run -p sample-apiserver` serves them.
#![deny(missing_docs)]

pub mod admission;
pub mod wardle;

include!("zz_generated.registry.rs");
