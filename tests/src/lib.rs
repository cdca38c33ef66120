//! Shared harness of the cross-crate tests: an in-process API server over
//! the `apis` registry, and a `kubectl` runner with an isolated kubeconfig
//! and discovery cache.
#![deny(missing_docs)]

pub mod http;
pub mod store;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use server::storage::{MemoryStore, Store};
use server::{ApiServer, Config};

/// A server running on a loopback port in a background thread, with its
/// own kubeconfig and kubectl cache directory. Stops when dropped.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// The router, for in-process HTTP tests.
    pub server: Arc<ApiServer>,
    dir: tempfile::TempDir,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What a kubectl run printed.
#[derive(Debug)]
pub struct Output {
    /// Exit status was 0.
    pub success: bool,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl TestServer {
    /// Starts a server over an in-memory store.
    pub fn start() -> TestServer {
        TestServer::start_with(Arc::new(MemoryStore::new()))
    }

    /// Starts a server over `store`.
    pub fn start_with(store: Arc<dyn Store>) -> TestServer {
        TestServer::start_with_config(
            store,
            Config {
                port: 0,
                ..Config::default()
            },
        )
    }

    /// Starts a server over `store` with `config` (its address and port are
    /// ignored: the server takes a free loopback port).
    pub fn start_with_config(store: Arc<dyn Store>, config: Config) -> TestServer {
        let dir = tempfile::tempdir().expect("tempdir");
        let server = ApiServer::new(apis::registry(), store, &config).expect("server");
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (shutdown_tx, shutdown_rx) = tokio::sync::oneshot::channel::<()>();
        let serving = server.clone();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind");
                addr_tx
                    .send(listener.local_addr().expect("addr"))
                    .expect("send addr");
                let _ = serving
                    .serve_on(listener, async {
                        let _ = shutdown_rx.await;
                    })
                    .await;
            });
        });
        let addr = addr_rx.recv().expect("server address");
        server::write_kubeconfig(&dir.path().join("kubeconfig"), &format!("http://{addr}"))
            .expect("kubeconfig");
        TestServer {
            addr,
            server,
            dir,
            shutdown: Some(shutdown_tx),
            thread: Some(thread),
        }
    }

    /// The kubeconfig pointing at this server.
    pub fn kubeconfig(&self) -> PathBuf {
        self.dir.path().join("kubeconfig")
    }

    /// The server's base URL: `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Starts kubectl in the background (for `get -w`, `wait`, `delete`),
    /// with stdout and stderr captured.
    pub fn kubectl_spawn(&self, args: &[&str]) -> std::process::Child {
        Command::new("kubectl")
            .arg(format!("--kubeconfig={}", self.kubeconfig().display()))
            .arg(format!(
                "--cache-dir={}",
                self.dir.path().join("cache").display()
            ))
            .args(args)
            .env_remove("KUBECONFIG")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("kubectl must be installed")
    }

    /// A scratch directory for manifests.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a manifest into the scratch directory and returns its path.
    pub fn manifest(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, text).expect("write manifest");
        path
    }

    /// Runs the machine's kubectl against this server.
    pub fn kubectl(&self, args: &[&str]) -> Output {
        self.kubectl_env(args, &[])
    }

    /// Runs kubectl with extra environment variables (`KUBE_EDITOR`...).
    pub fn kubectl_env(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let out = Command::new("kubectl")
            .envs(env.iter().copied())
            .arg(format!("--kubeconfig={}", self.kubeconfig().display()))
            .arg(format!(
                "--cache-dir={}",
                self.dir.path().join("cache").display()
            ))
            .args(args)
            .env_remove("KUBECONFIG")
            .output()
            .expect("kubectl must be installed");
        Output {
            success: out.status.success(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Runs kubectl and panics with its output unless it succeeds.
    pub fn kubectl_ok(&self, args: &[&str]) -> String {
        let out = self.kubectl(args);
        assert!(
            out.success,
            "kubectl {args:?} failed:\nstdout: {}\nstderr: {}",
            out.stdout, out.stderr
        );
        out.stdout
    }

    /// Runs kubectl and panics unless it fails; returns stderr.
    pub fn kubectl_err(&self, args: &[&str]) -> String {
        let out = self.kubectl(args);
        assert!(
            !out.success,
            "kubectl {args:?} unexpectedly succeeded:\n{}",
            out.stdout
        );
        out.stderr
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
