//! `apiserver`: serves every resource of the `apis` crate with Kubernetes
//! API semantics. Flags follow kube-apiserver's names where one exists.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, ValueEnum};
use server::storage::{MemoryStore, RedbStore, Store};
use server::{ApiServer, Config};

/// The server allocates and frees many small values per request (decoded
/// objects, JSON trees, field sets); mimalloc serves that pattern with far
/// less time in the allocator than glibc's malloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum StorageBackend {
    /// The embedded on-disk store (redb) under --data-dir.
    Embedded,
    /// In memory; everything is lost on exit.
    Memory,
    /// An etcd v3 cluster (--etcd-servers), with kube-apiserver's keys and
    /// values; without --etcd-servers, an etcd started under --data-dir.
    Etcd3,
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
    /// Concurrent read-only requests (get, list) before answering 429.
    #[arg(long, default_value_t = 400)]
    max_requests_inflight: usize,
    /// Concurrent writes (create, update, patch, delete) before answering 429.
    #[arg(long, default_value_t = 200)]
    max_mutating_requests_inflight: usize,
    /// How long a request may take to send its body before a 504 (e.g. `60s`, `1m`).
    #[arg(long, default_value = "60s", value_parser = parse_duration)]
    request_timeout: std::time::Duration,
    /// How long shutdown waits for requests in flight (e.g. `60s`).
    #[arg(long, default_value = "60s", value_parser = parse_duration)]
    shutdown_grace_period: std::time::Duration,
    /// How often storage history is compacted (kube-apiserver's flag;
    /// each compaction keeps one interval of history). `0s` never compacts.
    #[arg(long, default_value = "5m", value_parser = parse_duration)]
    etcd_compaction_interval: std::time::Duration,
    /// How long an Event lives after its last write (kube-apiserver's
    /// flag, an hour). `0s` keeps Events until deleted.
    #[arg(long, default_value = "1h", value_parser = parse_duration)]
    event_ttl: std::time::Duration,
    /// etcd client URLs, comma-separated (with --storage-backend etcd3).
    #[arg(long, value_delimiter = ',')]
    etcd_servers: Vec<String>,
    /// The prefix of every key in etcd, as kube-apiserver's.
    #[arg(long, default_value = "/registry")]
    etcd_prefix: String,
    /// CA bundle that signs the etcd servers' certificates.
    #[arg(long)]
    etcd_cafile: Option<PathBuf>,
    /// Client certificate for etcd (with --etcd-keyfile).
    #[arg(long)]
    etcd_certfile: Option<PathBuf>,
    /// Client key for etcd (with --etcd-certfile).
    #[arg(long)]
    etcd_keyfile: Option<PathBuf>,
    /// Host names accepted in the Host header besides loopback names, when
    /// bound to a loopback address (comma-separated).
    #[arg(long, value_delimiter = ',')]
    allowed_hosts: Vec<String>,
    /// Where to write the kubeconfig (default: <data-dir>/kubeconfig).
    #[arg(long)]
    kubeconfig: Option<PathBuf>,
    /// Validation options (feature gates) as `Name=true|false,...`, for
    /// `+k8s:ifEnabled`/`+k8s:ifDisabled` rules.
    #[arg(long, default_value = "")]
    feature_gates: String,
    /// The CIDR Services' cluster IPs come from; its first address is the
    /// `kubernetes` Service's.
    #[arg(long, default_value = server::allocation::DEFAULT_SERVICE_CLUSTER_IP_RANGE, value_parser = parse_service_cidr)]
    service_cluster_ip_range: ipnet::IpNet,
    /// The ports NodePort and LoadBalancer Services' node ports come from,
    /// as `first-last`.
    #[arg(long, default_value = "30000-32767", value_parser = parse_port_range)]
    service_node_port_range: std::ops::RangeInclusive<i32>,
}

/// A service CIDR as kube-apiserver takes one: an IPv4 or IPv6 prefix of at
/// least 8 addresses, an IPv6 one no shorter than /64.
fn parse_service_cidr(text: &str) -> Result<ipnet::IpNet, String> {
    let net: ipnet::IpNet = text
        .parse()
        .map_err(|e| format!("invalid CIDR {text:?}: {e}"))?;
    let host_bits = net.max_prefix_len() - net.prefix_len();
    if host_bits < 3 {
        return Err("the service cluster IP range must be at least 8 IP addresses".into());
    }
    if matches!(net, ipnet::IpNet::V6(_)) && net.prefix_len() < 64 {
        return Err(format!(
            "shortest allowed prefix length for service CIDR is 64, got {}",
            net.prefix_len()
        ));
    }
    Ok(net.trunc())
}

/// A port range as `first-last` (Go's `utilnet.ParsePortRange`), within
/// 1-65535.
fn parse_port_range(text: &str) -> Result<std::ops::RangeInclusive<i32>, String> {
    let invalid = || format!("unable to parse port range: {text}");
    let (first, last) = text.trim().split_once('-').ok_or_else(invalid)?;
    let first: i32 = first.parse().map_err(|_| invalid())?;
    let last: i32 = last.parse().map_err(|_| invalid())?;
    if !(1..=65535).contains(&first) || !(first..=65535).contains(&last) {
        return Err(invalid());
    }
    Ok(first..=last)
}

/// A Go-style duration: a number and a unit (`ms`, `s`, `m`, `h`), e.g.
/// `60s`, `1m`, `1m30s`.
fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let mut total = std::time::Duration::ZERO;
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err("empty duration".into());
    }
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .ok_or_else(|| format!("missing unit in duration {text:?}"))?;
        let (number, tail) = rest.split_at(digits);
        let value: f64 = number
            .parse()
            .map_err(|_| format!("invalid duration {text:?}"))?;
        let unit_len = tail
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(tail.len());
        let (unit, tail) = tail.split_at(unit_len);
        let seconds = match unit {
            "ms" => value / 1000.0,
            "s" => value,
            "m" => value * 60.0,
            "h" => value * 3600.0,
            _ => return Err(format!("unknown unit {unit:?} in duration {text:?}")),
        };
        total = std::time::Duration::try_from_secs_f64(seconds)
            .ok()
            .and_then(|d| total.checked_add(d))
            .ok_or_else(|| format!("duration {text:?} is out of range"))?;
        rest = tail;
    }
    Ok(total)
}

/// The etcd3 backend (feature `etcd`).
#[cfg(feature = "etcd")]
mod etcd {
    use std::sync::Arc;

    use anyhow::Context;
    use server::storage::{EtcdConfig, EtcdProcess, EtcdStore, EtcdTls, Store};

    /// The store on `--etcd-servers`, or on an etcd started under
    /// `<data-dir>/etcd` (kept in `local`) when none is given.
    pub fn store(
        args: &super::Args,
        local: &mut Option<EtcdProcess>,
    ) -> anyhow::Result<Arc<dyn Store>> {
        let tls = if args.etcd_cafile.is_some()
            || args.etcd_certfile.is_some()
            || args.etcd_keyfile.is_some()
        {
            Some(
                EtcdTls::from_files(
                    args.etcd_cafile.as_deref(),
                    args.etcd_certfile.as_deref(),
                    args.etcd_keyfile.as_deref(),
                )
                .map_err(|e| anyhow::anyhow!(e))?,
            )
        } else {
            None
        };
        let mut servers = args.etcd_servers.clone();
        if servers.is_empty() {
            let dir = args.data_dir.join("etcd");
            let process = EtcdProcess::start(&dir).map_err(|e| anyhow::anyhow!(e))?;
            eprintln!(
                "etcd started for this server at {} (data and etcd.log in {})",
                process.client_url(),
                dir.display()
            );
            servers.push(process.client_url().to_string());
            *local = Some(process);
        }
        let config = EtcdConfig {
            servers: servers.clone(),
            prefix: args.etcd_prefix.clone(),
            request_timeout: args.request_timeout,
            tls,
        };
        let store = EtcdStore::connect(&config)
            .with_context(|| format!("connecting to etcd at {}", servers.join(",")))?;
        Ok(Arc::new(store))
    }
}

/// Without the `etcd` feature: says how to build with it.
#[cfg(not(feature = "etcd"))]
mod etcd {
    use std::sync::Arc;

    use server::storage::Store;

    /// Fails: this binary was built without etcd support.
    pub fn store(_args: &super::Args, _local: &mut Option<()>) -> anyhow::Result<Arc<dyn Store>> {
        anyhow::bail!(
            "--storage-backend etcd3: this apiserver was built without the `etcd` feature; build it with `cargo build -p apiserver --features etcd` (needs protoc: apt-get install -y protobuf-compiler), or run `cargo xtask serve --storage-backend etcd3`"
        )
    }
}

fn main() -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the tokio runtime")?;
    let result = runtime.block_on(run());
    // A request still running after the shutdown grace period must not
    // keep the process alive.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    result
}

async fn run() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let args = Args::parse();
    std::fs::create_dir_all(&args.data_dir)
        .with_context(|| format!("creating {}", args.data_dir.display()))?;
    // A local etcd started for this server lives as long as it.
    let mut _local_etcd = None;
    let store: Arc<dyn Store> = match args.storage_backend {
        StorageBackend::Embedded => {
            let path = args.data_dir.join("store.redb");
            Arc::new(RedbStore::open(&path).with_context(|| format!("opening {}", path.display()))?)
        }
        StorageBackend::Memory => Arc::new(MemoryStore::new()),
        StorageBackend::Etcd3 => etcd::store(&args, &mut _local_etcd)?,
    };
    // The service account tokens' signing key, kept beside the store.
    let key = args.data_dir.join("service-account.key");
    let tokens =
        Arc::new(apiserver::token::TokenIssuer::open(&key).map_err(|e| anyhow::anyhow!("{e}"))?);
    let config = Config {
        bind_address: args.bind_address,
        port: args.port,
        max_requests_inflight: args.max_requests_inflight,
        max_mutating_requests_inflight: args.max_mutating_requests_inflight,
        request_timeout: args.request_timeout,
        shutdown_grace: args.shutdown_grace_period,
        allowed_hosts: args.allowed_hosts,
        compaction_interval: args.etcd_compaction_interval,
        expiring: vec![server::expiry::Expiry::events(args.event_ttl)],
        service_cluster_ip_range: args.service_cluster_ip_range,
        service_node_port_range: args.service_node_port_range.clone(),
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
        admission: apiserver::admission::plugins(),
        subresources: apiserver::subresources(&tokens),
        token_authenticator: Some(tokens),
        ..Config::default()
    };
    let server =
        ApiServer::new(apis::registry(), store, &config).map_err(|e| anyhow::anyhow!("{e}"))?;
    server.serve(&config).await.context("serving")?;
    Ok(())
}
