//! Closed-loop load: `concurrency` clients, each on its own keep-alive
//! connection, send one request after another until the duration passes or
//! the request budget is spent.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use bytes::Bytes;
use hyper::Method;
use serde::Serialize;

use crate::client::{Conn, excerpt};
use crate::objects;
use crate::stats::Latency;

/// The `Accept` header of `kubectl get` (1.32).
pub const KUBECTL_GET_ACCEPT: &str = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";

/// What each request does.
#[derive(Debug, Clone)]
pub enum Op {
    /// `GET path` (one object, or the ceiling's fixed bytes).
    Get {
        /// The request path.
        path: String,
    },
    /// `GET` of the ConfigMaps of a namespace.
    List {
        /// The namespace listed.
        namespace: String,
    },
    /// `GET` of the ConfigMaps of a namespace as `kubectl get` asks for
    /// them: a Table, in pages of 500.
    ListTable {
        /// The namespace listed.
        namespace: String,
    },
    /// `POST` of a new ConfigMap named `<prefix><n>`, `n` counting from 0
    /// across all clients.
    Create {
        /// The namespace created in.
        namespace: String,
        /// The name prefix.
        prefix: String,
        /// Extra data bytes per object (0: the realistic 1 KiB object).
        payload_bytes: usize,
    },
    /// `POST` of a new Deployment named `<prefix><n>`.
    CreateDeployment {
        /// The namespace created in.
        namespace: String,
        /// The name prefix.
        prefix: String,
    },
    /// `PUT` of the ConfigMap `<prefix><client>`, each client its own object
    /// (which must exist), with a changed data value each time.
    Update {
        /// The namespace of the objects.
        namespace: String,
        /// The name prefix.
        prefix: String,
    },
}

impl Op {
    /// The representation asked for (the `Accept` header).
    fn accept(&self) -> &'static str {
        match self {
            Op::ListTable { .. } => KUBECTL_GET_ACCEPT,
            _ => "application/json",
        }
    }

    /// The method, path and body of request number `n`, sent by `client`.
    fn request(&self, client: usize, n: u64) -> (Method, String, Option<Bytes>) {
        match self {
            Op::ListTable { namespace } => (
                Method::GET,
                format!("/api/v1/namespaces/{namespace}/configmaps?limit=500"),
                None,
            ),
            Op::Get { path } => (Method::GET, path.clone(), None),
            Op::List { namespace } => (
                Method::GET,
                format!("/api/v1/namespaces/{namespace}/configmaps"),
                None,
            ),
            Op::Create {
                namespace,
                prefix,
                payload_bytes,
            } => (
                Method::POST,
                format!("/api/v1/namespaces/{namespace}/configmaps"),
                Some(
                    objects::configmap_with_payload(
                        namespace,
                        &format!("{prefix}{n}"),
                        n,
                        *payload_bytes,
                    )
                    .into(),
                ),
            ),
            Op::CreateDeployment { namespace, prefix } => (
                Method::POST,
                format!("/apis/apps/v1/namespaces/{namespace}/deployments"),
                Some(objects::deployment(namespace, &format!("{prefix}{n}"), n).into()),
            ),
            Op::Update { namespace, prefix } => {
                let name = format!("{prefix}{client}");
                (
                    Method::PUT,
                    format!("/api/v1/namespaces/{namespace}/configmaps/{name}"),
                    Some(objects::configmap(namespace, &name, n).into()),
                )
            }
        }
    }
}

/// One load run.
#[derive(Debug, Clone)]
pub struct Spec {
    /// The server (a loopback address).
    pub addr: SocketAddr,
    /// The request.
    pub op: Op,
    /// Concurrent clients.
    pub concurrency: usize,
    /// How long to send for.
    pub duration: Duration,
    /// At most this many requests in all.
    pub max_requests: u64,
}

/// What a load run measured.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Concurrent clients.
    pub concurrency: usize,
    /// Requests answered with a 2xx status.
    pub ok: u64,
    /// Requests that failed or got another status.
    pub errors: u64,
    /// Wall time of the run, in seconds.
    pub elapsed_s: f64,
    /// Successful requests per second.
    pub rps: f64,
    /// Latency of the successful requests.
    pub latency: Latency,
    /// Bytes of the first successful response body.
    pub response_bytes: usize,
    /// The first failure, if any.
    pub first_error: Option<String>,
}

struct ClientResult {
    samples: Vec<Duration>,
    errors: u64,
    response_bytes: usize,
    first_error: Option<String>,
}

/// Runs the load and summarizes it.
///
/// Errors: no client could connect.
pub async fn run(spec: Spec) -> Result<Summary> {
    let op = Arc::new(spec.op.clone());
    let issued = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let deadline = start + spec.duration;
    let mut tasks = Vec::with_capacity(spec.concurrency);
    for client in 0..spec.concurrency {
        let (op, issued) = (op.clone(), issued.clone());
        let (addr, max) = (spec.addr, spec.max_requests);
        tasks.push(tokio::spawn(async move {
            client_loop(addr, client, &op, &issued, max, deadline).await
        }));
    }
    let mut samples = Vec::new();
    let (mut errors, mut response_bytes, mut first_error) = (0, 0, None);
    for task in tasks {
        let r = task.await??;
        samples.extend(r.samples);
        errors += r.errors;
        if response_bytes == 0 {
            response_bytes = r.response_bytes;
        }
        first_error = first_error.or(r.first_error);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let ok = samples.len() as u64;
    if ok == 0 && errors > 0 {
        bail!("every request failed: {}", first_error.unwrap_or_default());
    }
    Ok(Summary {
        concurrency: spec.concurrency,
        ok,
        errors,
        elapsed_s: elapsed,
        rps: ok as f64 / elapsed,
        latency: Latency::of(&mut samples),
        response_bytes,
        first_error,
    })
}

async fn client_loop(
    addr: SocketAddr,
    client: usize,
    op: &Op,
    issued: &AtomicU64,
    max: u64,
    deadline: Instant,
) -> Result<ClientResult> {
    let mut conn = Conn::connect(addr).await?;
    let mut out = ClientResult {
        samples: Vec::new(),
        errors: 0,
        response_bytes: 0,
        first_error: None,
    };
    while Instant::now() < deadline {
        let n = issued.fetch_add(1, Ordering::Relaxed);
        if n >= max {
            break;
        }
        let (method, path, body) = op.request(client, n);
        let sent = Instant::now();
        match conn.send_as(method, &path, body, op.accept()).await {
            Ok(reply) if reply.status.is_success() => {
                out.samples.push(sent.elapsed());
                if out.response_bytes == 0 {
                    out.response_bytes = reply.body.len();
                }
            }
            Ok(reply) => {
                out.errors += 1;
                out.first_error
                    .get_or_insert_with(|| format!("{} {}", reply.status, excerpt(&reply.body)));
            }
            Err(e) => {
                out.errors += 1;
                out.first_error.get_or_insert_with(|| format!("{e:#}"));
                // One reconnection attempt; a second failure ends this client.
                match Conn::connect(addr).await {
                    Ok(c) => conn = c,
                    Err(_) => break,
                }
            }
        }
    }
    Ok(out)
}
