//! [`EtcdStore`]: the [`Store`] on an etcd v3 cluster, through the
//! `etcd-client` crate, as kube-apiserver's `storage/etcd3` store uses it:
//! a resourceVersion is the key's mod revision, a list's revision the
//! response header's, a create is a transaction on `create_revision == 0`,
//! updates and deletes compare mod revisions, and a watch is an etcd watch
//! with previous values, resumed from the last revision it delivered when
//! the connection drops.
//!
//! Keys are the server's (`/registry/deployments/default/web`) with
//! `/registry` replaced by the `--etcd-prefix`; values are stored as given
//! (the protobuf envelope or JSON the server writes), so kube-apiserver and
//! this server read each other's data.
//!
//! The [`Store`] trait is synchronous; etcd-client is async. The store runs
//! its own small tokio runtime and each call waits for its request there,
//! bounded by the request timeout (an unreachable etcd answers
//! [`StorageError::Unavailable`] instead of hanging).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use etcd_client::{
    Client, Compare, CompareOp, ConnectOptions, EventType, GetOptions, PutOptions, Txn, TxnOp,
    TxnOpResponse, WatchOptions,
};
use tokio::sync::mpsc::{Receiver, Sender, channel};

use super::{Event, KeyValue, RangeRequest, RangeResult, Revision, StorageError, Store, WatchItem};

/// The root of the server's keys, which `--etcd-prefix` replaces.
const SERVER_ROOT: &str = "/registry";

/// How an [`EtcdStore`] reaches its cluster.
#[derive(Debug, Clone)]
pub struct EtcdConfig {
    /// Client URLs (`http://127.0.0.1:2379`), kube-apiserver's
    /// `--etcd-servers`.
    pub servers: Vec<String>,
    /// The key prefix, kube-apiserver's `--etcd-prefix` (`/registry`).
    pub prefix: String,
    /// The longest one request may take, connection included, before it
    /// fails as [`StorageError::Unavailable`].
    pub request_timeout: Duration,
    /// TLS to `https://` servers; `None` for `http://`.
    pub tls: Option<EtcdTls>,
}

impl Default for EtcdConfig {
    fn default() -> Self {
        EtcdConfig {
            servers: vec!["http://127.0.0.1:2379".into()],
            prefix: SERVER_ROOT.into(),
            request_timeout: Duration::from_secs(10),
            tls: None,
        }
    }
}

/// The client side of TLS to etcd, PEM-encoded: kube-apiserver's
/// `--etcd-cafile`, and `--etcd-certfile` with `--etcd-keyfile`.
#[derive(Debug, Clone, Default)]
pub struct EtcdTls {
    /// The CA bundle the servers' certificates are checked against (the
    /// system's roots when `None`).
    pub ca: Option<Vec<u8>>,
    /// The client certificate and its key, for servers that check clients.
    pub identity: Option<(Vec<u8>, Vec<u8>)>,
}

impl EtcdTls {
    /// Reads the PEM files kube-apiserver's flags name.
    ///
    /// Errors: a file that cannot be read (its path and the reason), or a
    /// certificate without its key or the other way round.
    pub fn from_files(
        ca: Option<&std::path::Path>,
        cert: Option<&std::path::Path>,
        key: Option<&std::path::Path>,
    ) -> Result<EtcdTls, String> {
        let read = |p: &std::path::Path| {
            std::fs::read(p).map_err(|e| format!("reading {}: {e}", p.display()))
        };
        let identity = match (cert, key) {
            (Some(cert), Some(key)) => Some((read(cert)?, read(key)?)),
            (None, None) => None,
            _ => return Err("--etcd-certfile and --etcd-keyfile go together".into()),
        };
        Ok(EtcdTls {
            ca: ca.map(read).transpose()?,
            identity,
        })
    }

    fn options(&self) -> etcd_client::TlsOptions {
        let mut options = etcd_client::TlsOptions::new();
        if let Some(ca) = &self.ca {
            options = options.ca_certificate(etcd_client::Certificate::from_pem(ca));
        }
        if let Some((cert, key)) = &self.identity {
            options = options.identity(etcd_client::Identity::from_pem(cert, key));
        }
        options
    }
}

/// The [`Store`] on etcd v3 (see the module docs).
pub struct EtcdStore {
    client: Client,
    runtime: Option<tokio::runtime::Runtime>,
    prefix: Arc<str>,
    timeout: Duration,
    /// The highest revision seen in a response (what
    /// [`Store::current_revision`] answers when etcd cannot be asked).
    revision: Arc<AtomicI64>,
    /// The revision of the last compaction this store made or was told of.
    compacted: Arc<AtomicI64>,
}

impl EtcdStore {
    /// Connects to the cluster of `config`.
    ///
    /// Errors: [`StorageError::Unavailable`] when no server answers within
    /// the request timeout; [`StorageError::Backend`] for a malformed URL.
    pub fn connect(config: &EtcdConfig) -> Result<EtcdStore, StorageError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("etcd-client")
            .enable_all()
            .build()
            .map_err(|e| StorageError::Backend(format!("starting the etcd client runtime: {e}")))?;
        let servers = config.servers.clone();
        let mut options = ConnectOptions::new()
            .with_connect_timeout(config.request_timeout)
            .with_timeout(config.request_timeout)
            .with_keep_alive(Duration::from_secs(10), config.request_timeout);
        if let Some(tls) = &config.tls {
            options = options.with_tls(tls.options());
        }
        let client = wait(&runtime, config.request_timeout, "connect", async move {
            Client::connect(servers, Some(options)).await
        })?;
        let store = EtcdStore {
            client,
            runtime: Some(runtime),
            prefix: config.prefix.trim_end_matches('/').into(),
            timeout: config.request_timeout,
            revision: Arc::new(AtomicI64::new(1)),
            compacted: Arc::new(AtomicI64::new(0)),
        };
        // The first request proves the cluster answers.
        store.header_revision("connect")?;
        Ok(store)
    }

    fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime
            .as_ref()
            .expect("the runtime lives as long as the store")
    }

    /// `future` run on the store's runtime, its etcd error mapped for
    /// `operation`.
    fn call<T: Send + 'static>(
        &self,
        operation: &'static str,
        future: impl Future<Output = Result<T, etcd_client::Error>> + Send + 'static,
    ) -> Result<T, StorageError> {
        wait(self.runtime(), self.timeout, operation, future)
    }

    /// The etcd key of a server key.
    fn etcd_key(&self, key: &str) -> String {
        match key.strip_prefix(SERVER_ROOT) {
            Some(rest) => format!("{}{rest}", self.prefix),
            None => key.to_string(),
        }
    }

    /// The server key of an etcd key.
    fn server_key(prefix: &str, key: &[u8]) -> String {
        let key = String::from_utf8_lossy(key);
        match key.strip_prefix(prefix) {
            Some(rest) => format!("{SERVER_ROOT}{rest}"),
            None => key.into_owned(),
        }
    }

    fn key_value(&self, kv: &etcd_client::KeyValue) -> KeyValue {
        convert(&self.prefix, kv)
    }

    /// Records a revision seen in a response.
    fn saw(&self, revision: i64) {
        self.revision.fetch_max(revision, Ordering::Relaxed);
    }

    /// The cluster's current revision, asked of it.
    fn header_revision(&self, operation: &'static str) -> Result<Revision, StorageError> {
        let mut client = self.client.clone();
        let key = self.etcd_key(SERVER_ROOT);
        let response = self.call(operation, async move {
            client
                .get(key, Some(GetOptions::new().with_count_only()))
                .await
        })?;
        let revision = response.header().map_or(1, |h| h.revision());
        self.saw(revision);
        Ok(revision)
    }

    /// The range error of a read at `requested`, as the store reports it.
    fn read_error(&self, error: StorageError, requested: Option<Revision>) -> StorageError {
        let Some(requested) = requested else {
            return error;
        };
        match &error {
            StorageError::Backend(message) if message.contains("has been compacted") => {
                StorageError::Compacted {
                    requested,
                    compacted: self.compacted.load(Ordering::Relaxed).max(requested + 1),
                }
            }
            StorageError::Backend(message) if message.contains("future revision") => {
                StorageError::FutureRevision {
                    requested,
                    current: self.current_revision(),
                }
            }
            _ => error,
        }
    }

    /// The current version of `key` as read in a failed transaction's
    /// else branch: `NotFound` when there is none, else a conflict with
    /// `expected`.
    fn precondition_failed(
        &self,
        key: &str,
        response: &etcd_client::TxnResponse,
        expected: Revision,
    ) -> StorageError {
        let current = response.op_responses().into_iter().find_map(|r| match r {
            TxnOpResponse::Get(get) => get.kvs().first().map(|kv| kv.mod_revision()),
            _ => None,
        });
        match current {
            None => StorageError::NotFound(key.to_string()),
            Some(actual) => StorageError::Conflict {
                key: key.to_string(),
                expected,
                actual,
            },
        }
    }

    /// Starts a watch of `prefix` after `after_revision` feeding `tx`.
    ///
    /// Errors: the revision was compacted, or etcd does not answer.
    fn start_watch(
        &self,
        prefix: &str,
        after_revision: Revision,
        tx: Sink,
    ) -> Result<(), StorageError> {
        // A watch from compacted history fails now, as the other stores'
        // do, rather than in the stream (a read at that revision tells).
        if after_revision > 0 {
            match self.range(RangeRequest {
                prefix,
                limit: 1,
                revision: Some(after_revision),
                ..Default::default()
            }) {
                Err(e @ StorageError::Compacted { .. }) => return Err(e),
                Err(e @ StorageError::Unavailable { .. }) => return Err(e),
                _ => {}
            }
        }
        let watch = Watch {
            client: self.client.clone(),
            prefix: self.prefix.clone(),
            key: self.etcd_key(prefix),
            next: after_revision + 1,
            compacted: self.compacted.clone(),
            tx,
        };
        self.runtime().spawn(watch.run());
        Ok(())
    }

    /// A transaction on `key`: `then` when `compares` hold, else a read of
    /// the key.
    fn transaction(
        &self,
        operation: &'static str,
        key: &str,
        compares: Vec<Compare>,
        then: TxnOp,
    ) -> Result<etcd_client::TxnResponse, StorageError> {
        let mut client = self.client.clone();
        let txn = Txn::new()
            .when(compares)
            .and_then(vec![then])
            .or_else(vec![TxnOp::get(key, None)]);
        let response = self.call(operation, async move { client.txn(txn).await })?;
        if let Some(header) = response.header() {
            self.saw(header.revision());
        }
        Ok(response)
    }
}

impl Drop for EtcdStore {
    fn drop(&mut self) {
        // Dropping a runtime blocks, which an async caller must not.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// Runs `future` on `runtime` and waits at most `timeout` for it
/// ([`crate::blocking::wait_on`]).
fn wait<T: Send + 'static>(
    runtime: &tokio::runtime::Runtime,
    timeout: Duration,
    operation: &'static str,
    future: impl Future<Output = Result<T, etcd_client::Error>> + Send + 'static,
) -> Result<T, StorageError> {
    match crate::blocking::wait_on(runtime.handle(), timeout, future) {
        Some(Ok(value)) => Ok(value),
        Some(Err(error)) => Err(storage_error(operation, error)),
        None => Err(StorageError::Unavailable {
            operation,
            reason: format!("etcd did not answer within {}s", timeout.as_secs_f64()),
        }),
    }
}

/// An etcd-client error as the store reports it: unreachable servers and
/// deadlines are [`StorageError::Unavailable`]; anything else keeps etcd's
/// words in [`StorageError::Backend`].
fn storage_error(operation: &'static str, error: etcd_client::Error) -> StorageError {
    use etcd_client::Error as E;
    match error {
        E::GRpcStatus(status)
            if matches!(
                status.code(),
                tonic::Code::Unavailable | tonic::Code::DeadlineExceeded | tonic::Code::Cancelled
            ) =>
        {
            StorageError::Unavailable {
                operation,
                reason: status.message().to_string(),
            }
        }
        E::GRpcStatus(status) => StorageError::Backend(status.message().to_string()),
        E::TransportError(e) => StorageError::Unavailable {
            operation,
            reason: e.to_string(),
        },
        other => StorageError::Backend(other.to_string()),
    }
}

/// An etcd key-value as the store's, keyed as the server keys it.
fn convert(prefix: &str, kv: &etcd_client::KeyValue) -> KeyValue {
    KeyValue {
        key: EtcdStore::server_key(prefix, kv.key()),
        value: bytes::Bytes::copy_from_slice(kv.value()),
        create_revision: kv.create_revision(),
        mod_revision: kv.mod_revision(),
    }
}

/// The first key after every key starting with `prefix` (etcd's range end
/// of a prefix; `\0`, every key, for the empty prefix).
fn prefix_end(prefix: &str) -> Vec<u8> {
    let mut end = prefix.as_bytes().to_vec();
    while let Some(last) = end.pop() {
        if last < 0xff {
            end.push(last + 1);
            return end;
        }
    }
    vec![0]
}

impl Store for EtcdStore {
    fn current_revision(&self) -> Revision {
        self.header_revision("get")
            .unwrap_or_else(|_| self.revision.load(Ordering::Relaxed))
    }

    fn compacted_revision(&self) -> Revision {
        self.compacted.load(Ordering::Relaxed)
    }

    fn get(&self, key: &str) -> Result<Option<KeyValue>, StorageError> {
        let mut client = self.client.clone();
        let etcd_key = self.etcd_key(key);
        let response = self.call("get", async move { client.get(etcd_key, None).await })?;
        if let Some(header) = response.header() {
            self.saw(header.revision());
        }
        Ok(response.kvs().first().map(|kv| self.key_value(kv)))
    }

    fn range(&self, req: RangeRequest<'_>) -> Result<RangeResult, StorageError> {
        let prefix = self.etcd_key(req.prefix);
        let first = if prefix.is_empty() {
            vec![0]
        } else {
            prefix.clone().into_bytes()
        };
        // The key after `start_after`, unless that is below the prefix.
        let start = match req.start_after {
            Some(after) => {
                let mut key = self.etcd_key(after).into_bytes();
                key.push(0);
                key.max(first)
            }
            None => first,
        };
        let requested = req.revision.filter(|r| *r > 0);
        let mut options = GetOptions::new().with_range(prefix_end(&prefix));
        if req.limit > 0 {
            options = options.with_limit(req.limit as i64);
        }
        if let Some(revision) = requested {
            options = options.with_revision(revision);
        }
        let mut client = self.client.clone();
        let response = self
            .call(
                "list",
                async move { client.get(start, Some(options)).await },
            )
            .map_err(|e| self.read_error(e, requested))?;
        let header = response.header().map_or(1, |h| h.revision());
        self.saw(header);
        let kvs: Vec<KeyValue> = response.kvs().iter().map(|kv| self.key_value(kv)).collect();
        // etcd always counts; an uncounted read reports what the other
        // stores do.
        let count = match req.skip_count {
            true => kvs.len() as i64 + i64::from(response.more()),
            false => response.count(),
        };
        Ok(RangeResult {
            kvs,
            more: response.more(),
            count,
            revision: requested.unwrap_or(header),
        })
    }

    fn create(&self, key: &str, value: Vec<u8>) -> Result<KeyValue, StorageError> {
        let etcd_key = self.etcd_key(key);
        let response = self.transaction(
            "create",
            &etcd_key,
            vec![Compare::create_revision(
                etcd_key.as_str(),
                CompareOp::Equal,
                0,
            )],
            TxnOp::put(etcd_key.as_str(), value.clone(), None),
        )?;
        if !response.succeeded() {
            return Err(StorageError::AlreadyExists(key.to_string()));
        }
        let revision = response.header().map_or(0, |h| h.revision());
        Ok(KeyValue {
            key: key.to_string(),
            value: value.into(),
            create_revision: revision,
            mod_revision: revision,
        })
    }

    fn update(
        &self,
        key: &str,
        value: Vec<u8>,
        expected_mod_revision: Revision,
    ) -> Result<KeyValue, StorageError> {
        let etcd_key = self.etcd_key(key);
        let response = self.transaction(
            "update",
            &etcd_key,
            vec![
                Compare::version(etcd_key.as_str(), CompareOp::Greater, 0),
                Compare::mod_revision(etcd_key.as_str(), CompareOp::Equal, expected_mod_revision),
            ],
            TxnOp::put(
                etcd_key.as_str(),
                value.clone(),
                Some(PutOptions::new().with_prev_key()),
            ),
        )?;
        if !response.succeeded() {
            return Err(self.precondition_failed(key, &response, expected_mod_revision));
        }
        let create_revision = response.op_responses().into_iter().find_map(|r| match r {
            TxnOpResponse::Put(put) => put.prev_key().map(|kv| kv.create_revision()),
            _ => None,
        });
        let revision = response.header().map_or(0, |h| h.revision());
        Ok(KeyValue {
            key: key.to_string(),
            value: value.into(),
            create_revision: create_revision.unwrap_or(revision),
            mod_revision: revision,
        })
    }

    fn delete(
        &self,
        key: &str,
        expected_mod_revision: Option<Revision>,
    ) -> Result<KeyValue, StorageError> {
        let etcd_key = self.etcd_key(key);
        let mut compares = vec![Compare::version(etcd_key.as_str(), CompareOp::Greater, 0)];
        if let Some(expected) = expected_mod_revision {
            compares.push(Compare::mod_revision(
                etcd_key.as_str(),
                CompareOp::Equal,
                expected,
            ));
        }
        let response = self.transaction(
            "delete",
            &etcd_key,
            compares,
            TxnOp::delete(
                etcd_key.as_str(),
                Some(etcd_client::DeleteOptions::new().with_prev_key()),
            ),
        )?;
        if !response.succeeded() {
            return Err(self.precondition_failed(
                key,
                &response,
                expected_mod_revision.unwrap_or(0),
            ));
        }
        response
            .op_responses()
            .into_iter()
            .find_map(|r| match r {
                TxnOpResponse::Delete(delete) => {
                    delete.prev_kvs().first().map(|kv| self.key_value(kv))
                }
                _ => None,
            })
            .ok_or_else(|| StorageError::Backend(format!("etcd deleted {key} without its value")))
    }

    fn watch(
        &self,
        prefix: &str,
        after_revision: Revision,
    ) -> Result<Receiver<Event>, StorageError> {
        let (tx, rx) = channel(super::WATCH_BUFFER);
        self.start_watch(prefix, after_revision, Sink::Events(tx))?;
        Ok(rx)
    }

    /// etcd's progress notifications, which etcd sends a watch that has
    /// received every change (every `--experimental-watch-progress-notify-interval`,
    /// 10 minutes unless set; the etcd `apiserver` starts for itself, as
    /// kubeadm's, sends one every 5 seconds).
    fn watch_with_progress(
        &self,
        prefix: &str,
        after_revision: Revision,
    ) -> Option<Result<Receiver<WatchItem>, StorageError>> {
        let (tx, rx) = channel(super::WATCH_BUFFER);
        Some(
            self.start_watch(prefix, after_revision, Sink::Items(tx))
                .map(|()| rx),
        )
    }

    fn compact(&self, revision: Revision) -> Result<(), StorageError> {
        let compacted = self.compacted.load(Ordering::Relaxed);
        if revision <= compacted {
            return Err(StorageError::Compacted {
                requested: revision,
                compacted,
            });
        }
        let mut client = self.client.clone();
        let result = self.call(
            "compact",
            async move { client.compact(revision, None).await },
        );
        match result {
            Ok(_) => {}
            Err(StorageError::Backend(m)) if m.contains("has been compacted") => {
                // Another API server on the same cluster compacted first.
            }
            Err(StorageError::Backend(m)) if m.contains("future revision") => {
                return Err(StorageError::FutureRevision {
                    requested: revision,
                    current: self.current_revision(),
                });
            }
            Err(e) => return Err(e),
        }
        self.compacted.fetch_max(revision, Ordering::Relaxed);
        Ok(())
    }

    fn writes_block(&self) -> bool {
        true
    }

    /// A round trip per page: pages of 500, kube-apiserver's default for
    /// paged reads of etcd.
    fn list_page(&self) -> usize {
        500
    }

    /// A read of one key within 2 seconds, as kube-apiserver's etcd check
    /// reads one within `--etcd-healthcheck-timeout` (2s).
    fn health(&self) -> Option<Result<(), String>> {
        let mut client = self.client.clone();
        let key = self.etcd_key(SERVER_ROOT);
        let timeout = self.timeout.min(Duration::from_secs(2));
        let read = wait(self.runtime(), timeout, "get", async move {
            client
                .get(key, Some(GetOptions::new().with_count_only()))
                .await
        });
        Some(read.map(|_| ()).map_err(|e| e.to_string()))
    }

    fn has_health_check(&self) -> bool {
        true
    }
}

/// Where a watch's events go: the changes alone ([`Store::watch`]), or
/// the changes and etcd's progress notifications
/// ([`Store::watch_with_progress`]). A full receiver makes the watch wait,
/// and etcd with it: etcd holds what a slow watcher has still to get.
enum Sink {
    Events(Sender<Event>),
    Items(Sender<WatchItem>),
}

impl Sink {
    /// Sends a change once the receiver has room; `false` when it is gone.
    async fn event(&self, event: Event) -> bool {
        match self {
            Sink::Events(tx) => tx.send(event).await.is_ok(),
            Sink::Items(tx) => tx.send(WatchItem::Event(event)).await.is_ok(),
        }
    }

    /// Reports that every change up to `revision` was sent; `false` when
    /// the receiver is gone.
    async fn progress(&self, revision: Revision) -> bool {
        match self {
            Sink::Events(tx) => !tx.is_closed(),
            Sink::Items(tx) => tx.send(WatchItem::Progress(revision)).await.is_ok(),
        }
    }

    fn is_closed(&self) -> bool {
        match self {
            Sink::Events(tx) => tx.is_closed(),
            Sink::Items(tx) => tx.is_closed(),
        }
    }

    /// Completes when the receiver is gone.
    async fn closed(&self) {
        match self {
            Sink::Events(tx) => tx.closed().await,
            Sink::Items(tx) => tx.closed().await,
        }
    }
}

/// One storage watch: an etcd watch of `key` as a prefix from `next`,
/// forwarding events until the receiver is dropped, re-established from
/// the next undelivered revision when the connection drops.
struct Watch {
    client: Client,
    prefix: Arc<str>,
    key: String,
    next: Revision,
    compacted: Arc<AtomicI64>,
    tx: Sink,
}

impl Watch {
    async fn run(mut self) {
        let mut backoff = Duration::from_millis(100);
        while !self.tx.is_closed() {
            match self.stream().await {
                Ok(Finished::ReceiverGone) | Ok(Finished::Compacted) => return,
                Ok(Finished::Broken) | Err(_) => {
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(2));
                }
            }
        }
    }

    /// Watches until the stream breaks or is no longer wanted.
    async fn stream(&mut self) -> Result<Finished, etcd_client::Error> {
        let options = WatchOptions::new()
            .with_range(prefix_end(&self.key))
            .with_start_revision(self.next)
            .with_prev_key()
            .with_progress_notify();
        let key = if self.key.is_empty() {
            vec![0]
        } else {
            self.key.clone().into_bytes()
        };
        let mut stream = self.client.watch(key, Some(options)).await?;
        loop {
            let response = tokio::select! {
                message = stream.message() => message?,
                () = self.tx.closed() => return Ok(Finished::ReceiverGone),
            };
            let Some(response) = response else {
                return Ok(Finished::Broken);
            };
            if response.compact_revision() > 0 {
                // The history still to deliver is gone: the receiver sees
                // the stream end, as a compacted etcd watch ends.
                self.compacted
                    .fetch_max(response.compact_revision(), Ordering::Relaxed);
                return Ok(Finished::Compacted);
            }
            if response.canceled() {
                return Ok(Finished::Broken);
            }
            // A response with no events to a watch already created is etcd's
            // progress notification: etcd sends one only to a watch that
            // has received every change, so every change up to its
            // header's revision has been sent.
            if response.events().is_empty() && !response.created() {
                if let Some(revision) = response.header().map(|h| h.revision())
                    && revision >= self.next
                {
                    self.next = revision + 1;
                    if !self.tx.progress(revision).await {
                        return Ok(Finished::ReceiverGone);
                    }
                }
                continue;
            }
            for event in response.events() {
                let Some(kv) = event.kv() else { continue };
                let event = match event.event_type() {
                    EventType::Put => Event::Put {
                        kv: convert(&self.prefix, kv),
                        prev: event
                            .prev_kv()
                            .filter(|_| kv.create_revision() != kv.mod_revision())
                            .map(|p| convert(&self.prefix, p)),
                    },
                    EventType::Delete => {
                        let Some(prev) = event.prev_kv() else {
                            continue;
                        };
                        Event::Delete {
                            prev: convert(&self.prefix, prev),
                            revision: kv.mod_revision(),
                        }
                    }
                };
                self.next = event.revision() + 1;
                if !self.tx.event(event).await {
                    return Ok(Finished::ReceiverGone);
                }
            }
        }
    }
}

/// Why a watch stream ended.
enum Finished {
    /// The receiver was dropped: the watch is over.
    ReceiverGone,
    /// The history to deliver was compacted: the watch is over.
    Compacted,
    /// The connection or the stream ended: watch again from `next`.
    Broken,
}

/// A throwaway etcd server (the `etcd` binary on `PATH`, Debian's
/// `etcd-server`) on free loopback ports with its data in `dir`, stopped
/// when dropped: for tests, and for `apiserver --storage-backend etcd3`
/// without `--etcd-servers`. It sends watches a progress notification every
/// 5 seconds (`--experimental-watch-progress-notify-interval=5s`, as kubeadm
/// runs etcd).
pub struct EtcdProcess {
    child: std::process::Child,
    client_url: String,
}

impl EtcdProcess {
    /// Starts etcd with its data and log (`etcd.log`) under `dir` and waits
    /// until it answers (at most 30 seconds).
    ///
    /// Errors: `etcd` is not installed, cannot start, or never answers.
    pub fn start(dir: &std::path::Path) -> Result<EtcdProcess, String> {
        EtcdProcess::start_with(dir, None)
    }

    /// [`EtcdProcess::start`], serving `https://` with `tls` (its
    /// certificate and key, and the CA its clients' certificates must be
    /// signed by), probed as a client with `client`.
    ///
    /// Errors: as [`EtcdProcess::start`].
    pub fn start_with(
        dir: &std::path::Path,
        tls: Option<(&EtcdServerTls, &EtcdTls)>,
    ) -> Result<EtcdProcess, String> {
        // Both listeners are held until both ports are known, so the two
        // differ; both are closed before etcd starts.
        let (client, peer) = {
            let bind = || {
                std::net::TcpListener::bind("127.0.0.1:0")
                    .and_then(|l| Ok((l.local_addr()?.port(), l)))
                    .map_err(|e| format!("finding a free port: {e}"))
            };
            let ((client, _client_listener), (peer, _peer_listener)) = (bind()?, bind()?);
            (client, peer)
        };
        let scheme = if tls.is_some() { "https" } else { "http" };
        let client_url = format!("{scheme}://127.0.0.1:{client}");
        let peer_url = format!("http://127.0.0.1:{peer}");
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        let log = std::fs::File::create(dir.join("etcd.log"))
            .map_err(|e| format!("creating {}: {e}", dir.join("etcd.log").display()))?;
        let mut command = std::process::Command::new("etcd");
        if let Some((server, _)) = tls {
            command
                .arg(format!("--cert-file={}", server.cert.display()))
                .arg(format!("--key-file={}", server.key.display()))
                .arg(format!("--trusted-ca-file={}", server.client_ca.display()))
                .arg("--client-cert-auth");
        }
        let child = command
            .arg("--name=default")
            .arg(format!("--data-dir={}", dir.join("data").display()))
            .arg(format!("--listen-client-urls={client_url}"))
            .arg(format!("--advertise-client-urls={client_url}"))
            .arg(format!("--listen-peer-urls={peer_url}"))
            .arg(format!("--initial-advertise-peer-urls={peer_url}"))
            .arg(format!("--initial-cluster=default={peer_url}"))
            // A progress notification to each synced watch every 5 s, as
            // kubeadm configures etcd for kube-apiserver: the watch cache's
            // bookmarks then follow the store's revision.
            .arg("--experimental-watch-progress-notify-interval=5s")
            .stdout(std::process::Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| {
                format!("starting etcd (install Debian's etcd-server: apt-get install -y etcd-server): {e}")
            })?;
        let mut process = EtcdProcess { child, client_url };
        let config = EtcdConfig {
            servers: vec![process.client_url.clone()],
            request_timeout: Duration::from_secs(2),
            tls: tls.map(|(_, client)| client.clone()),
            ..EtcdConfig::default()
        };
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(Some(status)) = process.child.try_wait() {
                return Err(format!(
                    "etcd exited ({status}); see {}",
                    dir.join("etcd.log").display()
                ));
            }
            if EtcdStore::connect(&config).is_ok() {
                return Ok(process);
            }
            if std::time::Instant::now() > deadline {
                let _ = process.child.kill();
                return Err(format!(
                    "etcd did not answer within 30s; see {}",
                    dir.join("etcd.log").display()
                ));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The client URL (`http://127.0.0.1:<port>`), for `--etcd-servers`.
    pub fn client_url(&self) -> &str {
        &self.client_url
    }

    /// Freezes the server (`SIGSTOP`): connections stay open and nothing
    /// answers, as with a hung or partitioned etcd. For fault tests.
    ///
    /// # Panics
    ///
    /// When `kill` cannot signal the process.
    pub fn pause(&self) {
        self.signal("STOP");
    }

    /// Lets a [`EtcdProcess::pause`]d server run again (`SIGCONT`).
    ///
    /// # Panics
    ///
    /// When `kill` cannot signal the process.
    pub fn resume(&self) {
        self.signal("CONT");
    }

    fn signal(&self, signal: &str) {
        let status = std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("running kill");
        assert!(status.success(), "kill -{signal} failed");
    }
}

/// The server side of TLS for [`EtcdProcess::start_with`]: PEM files.
#[derive(Debug, Clone)]
pub struct EtcdServerTls {
    /// The server's certificate (its SANs must name 127.0.0.1).
    pub cert: std::path::PathBuf,
    /// Its key.
    pub key: std::path::PathBuf,
    /// The CA that signs the clients' certificates (`--client-cert-auth`).
    pub client_ca: std::path::PathBuf,
}

impl Drop for EtcdProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
