//! `loadgen`: the load generator of `cargo xtask bench`.
//!
//! Every subcommand prints one JSON object on stdout. It runs on one
//! thread (`taskset` pins it to one core beside the server's), sends only
//! to loopback addresses, and every loop is bounded in time and count.
//!
//! - `load`: closed-loop requests (get, list, create, update) at a given
//!   concurrency for a given time or request budget;
//! - `watch`: create-to-event latency with N watchers;
//! - `namespace`: creates a namespace (an existing one is fine);
//! - `fetch`: one GET, its body written to a file (the ceiling's bytes).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, ensure};
use bench::client::{Conn, excerpt};
use bench::{load, objects, watch};
use clap::{Parser, Subcommand, ValueEnum};
use hyper::{Method, StatusCode};
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "loadgen",
    about = "HTTP load generator for `cargo xtask bench`"
)]
struct Cli {
    /// The server, a loopback address such as 127.0.0.1:6443.
    #[arg(long, global = true, default_value = "127.0.0.1:6443")]
    addr: SocketAddr,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Clone, Copy, ValueEnum)]
enum OpName {
    Get,
    List,
    /// `list` as `kubectl get` asks: a Table, in pages of 500.
    ListTable,
    Create,
    /// `create` of Deployments.
    CreateDeployment,
    Update,
}

#[derive(Subcommand)]
enum Cmd {
    /// Closed-loop load; prints requests/s and latency percentiles.
    Load {
        /// What each request does.
        #[arg(long, value_enum)]
        op: OpName,
        /// The path of `get`.
        #[arg(long, default_value = "/")]
        path: String,
        /// The namespace of `list`, `create` and `update`.
        #[arg(long, default_value = "default")]
        namespace: String,
        /// Name prefix of `create` (`<prefix><n>`) and `update` (`<prefix><client>`).
        #[arg(long, default_value = "bench-")]
        prefix: String,
        /// Concurrent clients, one connection each.
        #[arg(long, default_value_t = 1)]
        concurrency: usize,
        /// How long to send for, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        duration_ms: u64,
        /// At most this many requests.
        #[arg(long, default_value_t = 10_000_000)]
        max_requests: u64,
        /// Extra data bytes per created object.
        #[arg(long, default_value_t = 0)]
        payload_bytes: usize,
    },
    /// Create-to-event latency with N watchers.
    Watch {
        /// The namespace watched and created in (existing and empty).
        #[arg(long)]
        namespace: String,
        /// Number of watchers.
        #[arg(long)]
        watchers: usize,
        /// Number of objects created, one at a time.
        #[arg(long, default_value_t = 20)]
        events: usize,
        /// How long to wait for one event to reach every watcher, in milliseconds.
        #[arg(long, default_value_t = 5000)]
        timeout_ms: u64,
    },
    /// Creates a namespace (an existing one is fine).
    Namespace {
        /// Its name.
        #[arg(long)]
        name: String,
    },
    /// One GET; the body is written to `--out`.
    Fetch {
        /// The path.
        #[arg(long)]
        path: String,
        /// Where the body goes.
        #[arg(long)]
        out: PathBuf,
    },
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let cli = Cli::parse();
    let addr = cli.addr;
    let output = match cli.command {
        Cmd::Load {
            op,
            path,
            namespace,
            prefix,
            concurrency,
            duration_ms,
            max_requests,
            payload_bytes,
        } => {
            let op = match op {
                OpName::Get => load::Op::Get { path },
                OpName::List => load::Op::List { namespace },
                OpName::ListTable => load::Op::ListTable { namespace },
                OpName::Create => load::Op::Create {
                    namespace,
                    prefix,
                    payload_bytes,
                },
                OpName::CreateDeployment => load::Op::CreateDeployment { namespace, prefix },
                OpName::Update => load::Op::Update { namespace, prefix },
            };
            let summary = load::run(load::Spec {
                addr,
                op,
                concurrency: concurrency.clamp(1, 1024),
                duration: Duration::from_millis(duration_ms),
                max_requests,
            })
            .await?;
            serde_json::to_value(summary)?
        }
        Cmd::Watch {
            namespace,
            watchers,
            events,
            timeout_ms,
        } => {
            let summary = watch::run(watch::Spec {
                addr,
                namespace,
                watchers: watchers.clamp(1, 10_000),
                events: events.clamp(1, 100_000),
                timeout: Duration::from_millis(timeout_ms),
            })
            .await?;
            serde_json::to_value(summary)?
        }
        Cmd::Namespace { name } => {
            let mut conn = Conn::connect(addr).await?;
            let reply = conn
                .send(
                    Method::POST,
                    "/api/v1/namespaces",
                    Some(objects::namespace(&name).into()),
                )
                .await?;
            ensure!(
                reply.status.is_success() || reply.status == StatusCode::CONFLICT,
                "creating namespace {name}: {} {}",
                reply.status,
                excerpt(&reply.body)
            );
            json!({"namespace": name, "status": reply.status.as_u16()})
        }
        Cmd::Fetch { path, out } => {
            let mut conn = Conn::connect(addr).await?;
            let reply = conn.send(Method::GET, &path, None).await?;
            ensure!(
                reply.status.is_success(),
                "GET {path}: {} {}",
                reply.status,
                excerpt(&reply.body)
            );
            std::fs::write(&out, &reply.body)
                .with_context(|| format!("writing {}", out.display()))?;
            json!({
                "status": reply.status.as_u16(),
                "content_type": reply.content_type,
                "bytes": reply.body.len(),
            })
        }
    };
    println!("{output}");
    Ok(())
}
