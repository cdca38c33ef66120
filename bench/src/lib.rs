//! Benchmark tools for `cargo xtask bench`.
//!
//! The harness itself lives in `xtask/src/bench.rs`; this crate holds the
//! programs it drives:
//! - `loadgen`: a closed-loop HTTP/1.1 load generator (one keep-alive
//!   connection per simulated client, bounded by time and request count),
//!   the create-to-event latency probe, and small setup helpers;
//! - `ceiling`: a bare axum server that answers every request with fixed
//!   bytes, the HTTP ceiling the API server's figures are compared with.
//!
//! Every target is a loopback address: [`client::Conn::connect`] refuses
//! anything else.
#![deny(missing_docs)]

pub mod client;
pub mod load;
pub mod objects;
pub mod stats;
pub mod watch;
