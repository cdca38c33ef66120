//! The Python `kubernetes` client (PyPI's `kubernetes`, the generated
//! OpenAPI client with its watch helper, `utils.create_from_yaml` and the
//! dynamic client) against the server: each test runs one class of
//! `tests/python/test_client.py` with `unittest`, against a server of its
//! own, through the kubeconfig the server writes, as a program loads it.
//!
//! The client is installed by `.ci/run` (into a virtual environment,
//! `target/python-client`, with PyPI's `kubernetes==36.0.3`, the release
//! for Kubernetes 1.36); without it these tests fail and say how to
//! install it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use tests::TestServer;

/// How long one class of tests may take before it is killed.
const DEADLINE: Duration = Duration::from_secs(180);

/// The interpreter: `PYTHON`, else the virtual environment `.ci/run`
/// makes (`target/python-client`), else `python3`.
fn python() -> PathBuf {
    if let Some(python) = std::env::var_os("PYTHON") {
        return python.into();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let venv = target.join("python-client").join("bin").join("python");
    if venv.exists() {
        return venv;
    }
    "python3".into()
}

/// Runs `test_client.<class>` against a new server; fails with the
/// client's report when a test fails or the run outlives [`DEADLINE`].
fn run(class: &str) {
    let python = python();
    let probe = Command::new(&python)
        .args(["-c", "import kubernetes; print(kubernetes.__version__)"])
        .output();
    assert!(
        probe.as_ref().is_ok_and(|o| o.status.success()),
        "the Python kubernetes client is required for these tests: \
         `python3 -m venv target/python-client && target/python-client/bin/pip install \
         kubernetes==36.0.3` (.ci/run does this); {} found: {probe:?}",
        python.display()
    );
    let server = TestServer::start();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("python");
    let child = Command::new(&python)
        .args(["-m", "unittest", "-v", &format!("test_client.{class}")])
        .current_dir(&dir)
        .env("KUBECONFIG", server.kubeconfig())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        // The server is on loopback: no proxy may stand between.
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env_remove("HTTPS_PROXY")
        .env_remove("HTTP_PROXY")
        .env_remove("https_proxy")
        .env_remove("http_proxy")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run python");
    // Read while it runs (a full pipe would stall it), and kill it past
    // the deadline.
    let pid = child.id();
    let (done, waited) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    let out = match waited.recv_timeout(DEADLINE) {
        Ok(out) => out.expect("python output"),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            waited.recv().expect("python ends").expect("python output")
        }
    };
    assert!(
        out.status.success(),
        "test_client.{class} failed (or ran past {DEADLINE:?}):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `/version/` (with the slash the client asks), the group and resource
/// lists into their models.
#[test]
fn python_client_discovers_versions_groups_and_resources() {
    run("Discovery");
}

/// Typed create, read, replace (a stale one refused), strategic merge and
/// JSON patches, deletes, lists by label and by page, collection deletes,
/// server-side apply and its conflicts, and errors as `ApiException`s
/// carrying upstream's Status.
#[test]
fn python_client_writes_and_reads_config_maps() {
    run("ConfigMaps");
}

/// `watch.Watch().stream` (which asks `watch=True`): typed events in
/// order from a list's resourceVersion; a bad version refused.
#[test]
fn python_client_watches() {
    run("Watches");
}

/// Deployments with their defaults, `/scale` and `/status`; a pod bound
/// through `pods/binding` and the legacy `bindings`; an eviction; Events
/// written through `events.k8s.io` and read as core Events.
#[test]
fn python_client_drives_workloads_and_subresources() {
    run("Workloads");
}

/// `utils.create_from_yaml` over the kinds charts carry, each read back
/// and listed into its typed model.
#[test]
fn python_client_creates_from_yaml_and_lists_every_kind() {
    run("Manifests");
}

/// A SelfSubjectAccessReview is answered (everything is allowed).
#[test]
fn python_client_asks_access_reviews() {
    run("Access");
}

/// A service account's token, authenticated by a TokenReview.
#[test]
fn python_client_requests_and_reviews_tokens() {
    run("Tokens");
}

/// A ResourceQuota created, its status set, and a create past it refused.
#[test]
fn python_client_creates_and_meets_quotas() {
    run("Quotas");
}

/// `CustomObjectsApi` on the example group's Widgets: create, merge
/// patch, `/scale` and `/status`, a cluster-wide list, a refused value,
/// a delete with options.
#[test]
fn python_client_custom_objects() {
    run("CustomObjects");
}

/// The dynamic client discovers the custom group `example.dev` and the
/// built-in kinds, with their subresources, and writes through them
/// (merge patch, server-side apply).
#[test]
fn python_client_dynamic_client() {
    run("Dynamic");
}
