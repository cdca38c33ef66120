//! `apiserver`: serves every resource of the `apis` crate with Kubernetes
//! API semantics. Flags follow kube-apiserver's names where one exists.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, ValueEnum};
use runtime::server::{ApiServer, Config};
use runtime::storage::{MemoryStore, RedbStore, Store};

#[derive(Debug, Clone, Copy, ValueEnum)]
enum StorageBackend {
    /// The embedded on-disk store (redb) under --data-dir.
    Embedded,
    /// In memory; everything is lost on exit.
    Memory,
}

#[derive(Parser)]
#[command(
    name = "apiserver",
    about = "A Kubernetes API server for the types of this project"
)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind_address: std::net::IpAddr,
    /// Plain-HTTP port (0 picks a free one).
    #[arg(long, default_value_t = 6443)]
    port: u16,
    /// Directory of the embedded store and the written kubeconfig.
    #[arg(long, default_value = "target/apiserver")]
    data_dir: PathBuf,
    /// Where objects are stored.
    #[arg(long, value_enum, default_value_t = StorageBackend::Embedded)]
    storage_backend: StorageBackend,
    /// Concurrent non-watch requests before answering 429.
    #[arg(long, default_value_t = 400)]
    max_requests_inflight: usize,
    /// Where to write the kubeconfig (default: <data-dir>/kubeconfig).
    #[arg(long)]
    kubeconfig: Option<PathBuf>,
    /// Validation options (feature gates) as `Name=true|false,...`, for
    /// `+k8s:ifEnabled`/`+k8s:ifDisabled` rules.
    #[arg(long, default_value = "")]
    feature_gates: String,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let args = Args::parse();
    std::fs::create_dir_all(&args.data_dir)
        .with_context(|| format!("creating {}", args.data_dir.display()))?;
    let store: Arc<dyn Store> = match args.storage_backend {
        StorageBackend::Embedded => {
            let path = args.data_dir.join("store.redb");
            Arc::new(RedbStore::open(&path).with_context(|| format!("opening {}", path.display()))?)
        }
        StorageBackend::Memory => Arc::new(MemoryStore::new()),
    };
    let config = Config {
        bind_address: args.bind_address,
        port: args.port,
        max_requests_inflight: args.max_requests_inflight,
        kubeconfig: Some(
            args.kubeconfig
                .unwrap_or_else(|| args.data_dir.join("kubeconfig")),
        ),
        validation_options: args
            .feature_gates
            .split(',')
            .filter_map(|g| g.split_once('='))
            .filter(|(_, v)| v.trim() == "true")
            .map(|(k, _)| k.trim().to_string())
            .collect(),
        ..Config::default()
    };
    let server =
        ApiServer::new(apis::registry(), store, &config).map_err(|e| anyhow::anyhow!("{e}"))?;
    server.serve(&config).await.context("serving")?;
    Ok(())
}
