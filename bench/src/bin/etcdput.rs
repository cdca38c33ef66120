//! `etcdput`: the baseline of the etcd rows of `cargo xtask bench`: raw
//! etcd-client puts of one stored value (read from `--from-key`, an object
//! the API server wrote) to new keys, from `--concurrency` tasks on one
//! client for `--duration-ms`; prints one JSON object shaped as
//! `loadgen`'s summary (`ok`, `errors`, `rps`, `latency`).
//!
//! With `--create`, each write is the transaction an API server's create
//! makes instead of a put: the put only if the key does not exist yet
//! (`create_revision == 0`), else a read of the key, as our etcd store's
//! create does (kube-apiserver's compares the mod revision with 0, and
//! reads nothing when the compare fails).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use bench::stats::Latency;
use clap::Parser;
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "etcdput",
    about = "Raw etcd puts, the baseline of the etcd bench rows"
)]
struct Cli {
    /// The etcd client URL (loopback), e.g. http://127.0.0.1:2379.
    #[arg(long)]
    endpoint: String,
    /// The key whose value is put (the bytes the API server stored).
    #[arg(long)]
    from_key: String,
    /// Prefix of the keys written (`<prefix><n>`).
    #[arg(long)]
    prefix: String,
    /// Concurrent puts in flight.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// How long to put for, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    duration_ms: u64,
    /// Write each key with a create's transaction, not a plain put.
    #[arg(long)]
    create: bool,
}

/// A create's transaction: `value` at `key` if the key has never been
/// written (or was deleted), else the key's current value.
fn create_txn(key: &str, value: &[u8]) -> etcd_client::Txn {
    use etcd_client::{Compare, CompareOp, Txn, TxnOp};
    Txn::new()
        .when(vec![Compare::create_revision(key, CompareOp::Equal, 0)])
        .and_then(vec![TxnOp::put(key, value.to_vec(), None)])
        .or_else(vec![TxnOp::get(key, None)])
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let cli = Cli::parse();
    let host = cli
        .endpoint
        .trim_start_matches("http://")
        .split(':')
        .next()
        .unwrap_or("");
    if !matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
        bail!(
            "etcdput only talks to loopback endpoints, not {}",
            cli.endpoint
        );
    }
    let mut client = etcd_client::Client::connect([cli.endpoint.as_str()], None)
        .await
        .context("connecting to etcd")?;
    let value = client
        .get(cli.from_key.as_str(), None)
        .await?
        .kvs()
        .first()
        .map(|kv| kv.value().to_vec())
        .with_context(|| format!("no value at {}", cli.from_key))?;
    let value = Arc::new(value);
    let issued = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let deadline = start + Duration::from_millis(cli.duration_ms);
    let mut tasks = Vec::new();
    for _ in 0..cli.concurrency {
        let (mut client, value, issued) = (client.clone(), value.clone(), issued.clone());
        let (prefix, create) = (cli.prefix.clone(), cli.create);
        tasks.push(tokio::spawn(async move {
            let (mut samples, mut errors) = (Vec::new(), 0u64);
            while Instant::now() < deadline {
                let n = issued.fetch_add(1, Ordering::Relaxed);
                let sent = Instant::now();
                let key = format!("{prefix}{n}");
                let written = if create {
                    client.txn(create_txn(&key, &value)).await.map(drop)
                } else {
                    client.put(key, value.as_slice(), None).await.map(drop)
                };
                match written {
                    Ok(()) => samples.push(sent.elapsed()),
                    Err(_) => errors += 1,
                }
            }
            (samples, errors)
        }));
    }
    let (mut samples, mut errors) = (Vec::new(), 0);
    for task in tasks {
        let (s, e) = task.await?;
        samples.extend(s);
        errors += e;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let ok = samples.len();
    println!(
        "{}",
        json!({
            "concurrency": cli.concurrency,
            "ok": ok,
            "errors": errors,
            "elapsed_s": elapsed,
            "rps": ok as f64 / elapsed,
            "latency": Latency::of(&mut samples),
            "value_bytes": value.len(),
        })
    );
    Ok(())
}
