//! Shared harness of the cross-crate tests: an in-process API server over
//! the `apis` registry, and a `kubectl` runner with an isolated kubeconfig
//! and discovery cache.
#![deny(missing_docs)]

pub mod http;
pub mod store;
pub mod webhook;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use server::storage::{MemoryStore, Store};
use server::{ApiServer, Config};

/// A server running on a loopback port in a background thread (a
/// [`testserver::TestServer`] of the `apis` registry), with its own
/// kubeconfig and kubectl cache directory. Stops when dropped.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// The router, for in-process HTTP tests.
    pub server: Arc<ApiServer>,
    inner: testserver::TestServer,
}

/// A process started in the background (kubectl `get -w`, from
/// [`TestServer::kubectl_spawn`]), killed and reaped when dropped, so that
/// a test that fails midway does not leave it running.
pub struct KillOnDrop(pub std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
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

    /// Starts a server over `store`, with the admission plugins,
    /// subresources and token authenticator the `apiserver` binary serves
    /// (its service account key made for this server).
    pub fn start_with(store: Arc<dyn Store>) -> TestServer {
        TestServer::start_with_config(store, apiserver_config())
    }

    /// Starts a server over `store` with `config` (its address and port are
    /// ignored: the server takes a free loopback port).
    pub fn start_with_config(store: Arc<dyn Store>, config: Config) -> TestServer {
        let inner = testserver::TestServer::start_with(apis::registry(), store, config)
            .expect("test server");
        TestServer {
            addr: inner.addr(),
            server: inner.api_server().clone(),
            inner,
        }
    }

    /// The kubeconfig pointing at this server.
    pub fn kubeconfig(&self) -> PathBuf {
        self.inner.kubeconfig()
    }

    /// The server's base URL: `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Starts kubectl in the background (for `get -w`, `wait`, `delete`),
    /// with stdout and stderr captured.
    pub fn kubectl_spawn(&self, args: &[&str]) -> std::process::Child {
        self.inner
            .kubectl()
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("kubectl must be installed")
    }

    /// A scratch directory for manifests.
    pub fn dir(&self) -> &Path {
        self.inner.dir()
    }

    /// Writes a manifest into the scratch directory and returns its path.
    pub fn manifest(&self, name: &str, text: &str) -> PathBuf {
        let path = self.inner.dir().join(name);
        std::fs::write(&path, text).expect("write manifest");
        path
    }

    /// Runs the machine's kubectl against this server.
    pub fn kubectl(&self, args: &[&str]) -> Output {
        self.kubectl_env(args, &[])
    }

    /// Runs kubectl with extra environment variables (`KUBE_EDITOR`...).
    pub fn kubectl_env(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let out = self
            .inner
            .kubectl()
            .envs(env.iter().copied())
            .args(args)
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

/// Splits a kubectl table into rows of whitespace-separated cells.
pub fn rows(table: &str) -> Vec<Vec<String>> {
    table
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The `apiserver` binary's admission plugins, subresources and service
/// account tokens (a new key), on a free port.
pub fn apiserver_config() -> Config {
    let tokens = Arc::new(apiserver::token::TokenIssuer::generate().expect("a signing key"));
    Config {
        port: 0,
        admission: apiserver::admission::plugins(),
        subresources: apiserver::subresources(&tokens),
        token_authenticator: Some(tokens),
        ..Config::default()
    }
}
