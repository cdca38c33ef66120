//! The Python `kubernetes` client (PyPI's `kubernetes`, the generated
//! OpenAPI client with its watch helper, `utils.create_from_yaml` and the
//! dynamic client) against the server: each test runs one class of
//! `tests/python/test_client.py` with `unittest`, against a server of its
//! own, through the kubeconfig the server writes, as a program loads it.
//!
//! The client is installed by `.ci/run` (`python3 -m pip install
//! kubernetes==36.0.3`, the release for Kubernetes 1.36); without it these
//! tests fail and say how to install it.

use std::path::Path;
use std::process::Command;

use tests::TestServer;

/// The interpreter: `PYTHON`, else `python3`.
fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".into())
}

/// Runs `test_client.<class>` against a new server; fails with the
/// client's report when a test fails.
fn run(class: &str) {
    let python = python();
    let probe = Command::new(&python)
        .args(["-c", "import kubernetes"])
        .output();
    assert!(
        probe.as_ref().is_ok_and(|o| o.status.success()),
        "the Python kubernetes client is required for these tests: \
         `{python} -m pip install kubernetes==36.0.3` (.ci/run installs it); {probe:?}"
    );
    let server = TestServer::start();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("python");
    let out = Command::new(&python)
        .args(["-m", "unittest", "-v", &format!("test_client.{class}")])
        .current_dir(&dir)
        .env("KUBECONFIG", server.kubeconfig())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("run python");
    assert!(
        out.status.success(),
        "test_client.{class} failed:\n{}{}",
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
