//! An API server for tests, started in the test's own process: what
//! envtest is to controllers written against kube-apiserver (which
//! downloads kube-apiserver and etcd and takes seconds to start), without
//! binaries or a store on disk.
//!
//! [`TestServer::start`] serves the kinds of a [`Registry`] (the built-in
//! kinds of the `apis` crate, or a crate's own generated registry) over the
//! memory store on a free loopback port, and returns once the port accepts
//! connections. It hands out a [`kube::Client`] ([`TestServer::client`])
//! and a kubeconfig file ([`TestServer::kubeconfig`]) for `kubectl` or
//! another client, and stops when dropped.
//!
//! ```
//! use k8s_openapi::api::core::v1::ConfigMap;
//! use kube::api::{Api, PostParams};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let server = testserver::TestServer::start(apis::registry()).expect("server starts");
//! let configmaps: Api<ConfigMap> = Api::default_namespaced(server.client().expect("client"));
//! let mut cm = ConfigMap::default();
//! cm.metadata.name = Some("settings".into());
//! let created = configmaps.create(&PostParams::default(), &cm).await.expect("created");
//! assert!(created.metadata.uid.is_some());
//! assert!(server.kubeconfig().exists());
//! # }
//! ```
#![deny(missing_docs)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use runtime::registry::Registry;
use server::storage::{MemoryStore, Store};
use server::{ApiServer, Config};

/// Why a test server did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The server could not be built over the store (creating the initial
    /// namespaces failed): the server's message.
    #[error("building the server: {0}")]
    Server(String),
    /// The scratch directory, the loopback port or the server's thread
    /// could not be had.
    #[error("starting the server: {0}")]
    Io(#[from] std::io::Error),
    /// The server's thread ended before it listened.
    #[error("the server's thread ended before it listened")]
    Stopped,
}

/// A server serving on `127.0.0.1:<free port>` from a thread of its own
/// (with its own tokio runtime), with a scratch directory holding its
/// kubeconfig. Dropping it shuts the server down (open watches end) and
/// waits for its thread.
pub struct TestServer {
    addr: SocketAddr,
    server: Arc<ApiServer>,
    dir: tempfile::TempDir,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    /// Starts a server of `registry`'s kinds over an empty memory store,
    /// with the server's default limits; returns once its port accepts
    /// connections. The initial namespaces (`default`, `kube-system`...)
    /// exist when the registry serves namespaces.
    ///
    /// Errors: see [`StartError`].
    pub fn start(registry: Registry) -> Result<TestServer, StartError> {
        TestServer::start_with(registry, Arc::new(MemoryStore::new()), Config::default())
    }

    /// [`TestServer::start`] over `store` with `config`, whose address and
    /// port are ignored (the server takes a free loopback port).
    ///
    /// Errors: see [`StartError`].
    pub fn start_with(
        registry: Registry,
        store: Arc<dyn Store>,
        config: Config,
    ) -> Result<TestServer, StartError> {
        let dir = tempfile::tempdir()?;
        let server = ApiServer::new(registry, store, &config)
            .map_err(|e| StartError::Server(e.message.clone()))?;
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let (shutdown_tx, shutdown_rx) = tokio::sync::oneshot::channel::<()>();
        let serving = server.clone();
        let thread = std::thread::Builder::new()
            .name(format!("testserver-{}", addr.port()))
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build();
                let runtime = match runtime {
                    Ok(runtime) => runtime,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                runtime.block_on(async move {
                    let listener = match tokio::net::TcpListener::from_std(listener) {
                        Ok(listener) => listener,
                        Err(e) => {
                            let _ = ready_tx.send(Err(e));
                            return;
                        }
                    };
                    let _ = ready_tx.send(Ok(()));
                    let _ = serving
                        .serve_on(listener, async {
                            let _ = shutdown_rx.await;
                        })
                        .await;
                });
            })?;
        match ready_rx.recv() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(e.into()),
            Err(_) => return Err(StartError::Stopped),
        }
        server::write_kubeconfig(&dir.path().join("kubeconfig"), &format!("http://{addr}"))?;
        Ok(TestServer {
            addr,
            server,
            dir,
            shutdown: Some(shutdown_tx),
            thread: Some(thread),
        })
    }

    /// The loopback address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The server's base URL: `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A kubeconfig file naming this server (cluster, user and context
    /// `rust-apiserver`, namespace `default`), for `kubectl --kubeconfig`
    /// or a client that reads one.
    pub fn kubeconfig(&self) -> PathBuf {
        self.dir.path().join("kubeconfig")
    }

    /// A `kubectl` command for this server, arguments still to add: its
    /// kubeconfig, a discovery cache of its own (in the scratch directory,
    /// so that servers do not share discovery), and no `KUBECONFIG` from
    /// the environment.
    pub fn kubectl(&self) -> std::process::Command {
        let mut command = std::process::Command::new("kubectl");
        command
            .arg(format!("--kubeconfig={}", self.kubeconfig().display()))
            .arg(format!(
                "--cache-dir={}",
                self.dir().join("cache").display()
            ))
            .env_remove("KUBECONFIG");
        command
    }

    /// A scratch directory that lives as long as the server.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// The server itself, for in-process requests through its router
    /// ([`ApiServer::router`]).
    pub fn api_server(&self) -> &Arc<ApiServer> {
        &self.server
    }

    /// A kube-rs client of this server, in namespace `default`. Call it
    /// inside a tokio runtime (the client runs a task on it).
    ///
    /// Errors: kube-rs cannot build the client (outside a tokio runtime,
    /// for one).
    pub fn client(&self) -> Result<kube::Client, kube::Error> {
        // A formatted socket address is always a URI authority.
        let url = self.url().parse().expect("a loopback URL parses");
        kube::Client::try_from(kube::Config::new(url))
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
