//! Create-to-event latency: `watchers` watches on the ConfigMaps of one
//! namespace; ConfigMaps are created one at a time, and for each the time
//! from sending the create to each watcher reading its `ADDED` event is
//! one sample.
//!
//! Each create waits until every watcher has seen it (or a timeout passes)
//! before the next is sent, so samples do not queue behind one another.
//! Receive times are taken when a watcher's task reads the chunk, so they
//! include the load generator's own time to go through the other watchers'
//! sockets (it runs on one core, as the server does).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use http_body_util::BodyExt;
use hyper::Method;
use serde::Serialize;
use tokio::sync::{Notify, mpsc};

use crate::client::{Conn, excerpt};
use crate::objects;
use crate::stats::Latency;

/// The name prefix of the created objects; their number follows it.
const PREFIX: &str = "watch-event-";

/// One create-to-event run.
#[derive(Debug, Clone)]
pub struct Spec {
    /// The server (a loopback address).
    pub addr: SocketAddr,
    /// The namespace watched and created in (it must exist and be empty).
    pub namespace: String,
    /// Number of watchers.
    pub watchers: usize,
    /// Number of objects created.
    pub events: usize,
    /// How long to wait for one event to reach every watcher.
    pub timeout: Duration,
}

/// What a create-to-event run measured.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Number of watchers.
    pub watchers: usize,
    /// Number of objects created.
    pub events: usize,
    /// Seconds to open every watch.
    pub connect_s: f64,
    /// Expected (watcher, event) pairs that never arrived within the timeout.
    pub missed: usize,
    /// Create-to-event latency over every (watcher, event) pair received.
    pub latency: Latency,
    /// Latency of the create requests themselves.
    pub create: Latency,
}

struct Shared {
    seen: Vec<AtomicUsize>,
    all_seen: Notify,
    watchers: usize,
}

/// Runs the probe.
///
/// Errors: a watch or a create fails.
pub async fn run(spec: Spec) -> Result<Summary> {
    let shared = Arc::new(Shared {
        seen: (0..spec.events).map(|_| AtomicUsize::new(0)).collect(),
        all_seen: Notify::new(),
        watchers: spec.watchers,
    });
    let (tx, mut rx) = mpsc::unbounded_channel::<(usize, Instant)>();
    let (ready_tx, mut ready_rx) = mpsc::channel::<Result<()>>(spec.watchers.max(1));
    let path = format!(
        "/api/v1/namespaces/{}/configmaps?watch=true&timeoutSeconds=600",
        spec.namespace
    );
    let connect_start = Instant::now();
    let mut tasks = Vec::with_capacity(spec.watchers);
    for _ in 0..spec.watchers {
        let (shared, tx, ready_tx, path) =
            (shared.clone(), tx.clone(), ready_tx.clone(), path.clone());
        let addr = spec.addr;
        tasks.push(tokio::spawn(async move {
            let r = watcher(addr, &path, &shared, &tx, &ready_tx).await;
            if let Err(e) = r {
                let _ = ready_tx.send(Err(e)).await;
            }
        }));
    }
    drop(tx);
    drop(ready_tx);
    for _ in 0..spec.watchers {
        match tokio::time::timeout(Duration::from_secs(60), ready_rx.recv()).await {
            Ok(Some(Ok(()))) => {}
            Ok(Some(Err(e))) => return Err(e.context("opening a watch")),
            Ok(None) => bail!("a watcher ended before it was ready"),
            Err(_) => bail!("the watches did not open within 60 s"),
        }
    }
    let connect_s = connect_start.elapsed().as_secs_f64();
    // Let the server finish registering the last watches.
    tokio::time::sleep(Duration::from_millis(200)).await;

    let mut creator = Conn::connect(spec.addr).await?;
    let create_path = format!("/api/v1/namespaces/{}/configmaps", spec.namespace);
    let mut sent = Vec::with_capacity(spec.events);
    let mut create_samples = Vec::with_capacity(spec.events);
    for i in 0..spec.events {
        let body = objects::configmap(&spec.namespace, &format!("{PREFIX}{i:06}"), 0);
        let t0 = Instant::now();
        sent.push(t0);
        let reply = creator
            .send(Method::POST, &create_path, Some(body.into()))
            .await?;
        create_samples.push(t0.elapsed());
        ensure!(
            reply.status.is_success(),
            "create failed: {} {}",
            reply.status,
            excerpt(&reply.body)
        );
        let deadline = t0 + spec.timeout;
        while shared.seen[i].load(Ordering::Acquire) < spec.watchers {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            let _ = tokio::time::timeout(left, shared.all_seen.notified()).await;
        }
    }
    for task in &tasks {
        task.abort();
    }
    let mut samples = Vec::with_capacity(spec.watchers * spec.events);
    while let Ok((i, at)) = rx.try_recv() {
        samples.push(at.saturating_duration_since(sent[i]));
    }
    Ok(Summary {
        watchers: spec.watchers,
        events: spec.events,
        connect_s,
        missed: (spec.watchers * spec.events).saturating_sub(samples.len()),
        latency: Latency::of(&mut samples),
        create: Latency::of(&mut create_samples),
    })
}

/// One watcher: opens the watch, reports ready, then records the receive
/// time of each `ADDED` event of a probe object.
async fn watcher(
    addr: SocketAddr,
    path: &str,
    shared: &Shared,
    tx: &mpsc::UnboundedSender<(usize, Instant)>,
    ready: &mpsc::Sender<Result<()>>,
) -> Result<()> {
    let mut conn = Conn::connect(addr).await?;
    let response = conn.start(Method::GET, path, None).await?;
    ensure!(
        response.status().is_success(),
        "watch answered {}",
        response.status()
    );
    let _ = ready.send(Ok(())).await;
    let mut body = response.into_body();
    let mut pending: Vec<u8> = Vec::new();
    while let Some(frame) = body.frame().await {
        let at = Instant::now();
        let frame = frame.context("reading the watch")?;
        let Some(data) = frame.data_ref() else {
            continue;
        };
        pending.extend_from_slice(data);
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            if let Some(i) = probe_index(&line).filter(|&i| i < shared.seen.len()) {
                let _ = tx.send((i, at));
                if shared.seen[i].fetch_add(1, Ordering::AcqRel) + 1 == shared.watchers {
                    shared.all_seen.notify_one();
                }
            }
        }
    }
    Ok(())
}

/// The number of the probe object an `ADDED` watch line is about.
fn probe_index(line: &[u8]) -> Option<usize> {
    let text = std::str::from_utf8(line).ok()?;
    if !text.contains(r#""type":"ADDED""#) {
        return None;
    }
    let needle = format!(r#""name":"{PREFIX}"#);
    let rest = &text[text.find(&needle)? + needle.len()..];
    let digits: &str = &rest[..rest.find('"')?];
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_probe_number_of_added_events() {
        let line = br#"{"type":"ADDED","object":{"kind":"ConfigMap","metadata":{"name":"watch-event-000042"}}}"#;
        assert_eq!(probe_index(line), Some(42));
        let modified =
            br#"{"type":"MODIFIED","object":{"metadata":{"name":"watch-event-000042"}}}"#;
        assert_eq!(probe_index(modified), None);
        let other = br#"{"type":"ADDED","object":{"metadata":{"name":"other"}}}"#;
        assert_eq!(probe_index(other), None);
    }
}
