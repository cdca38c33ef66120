//! The server on a real etcd (Debian's `etcd-server`; each test starts a
//! throwaway one): data kube-apiserver could read and data it wrote,
//! served; two API servers on one etcd; etcd going away and coming back.
#![cfg(feature = "etcd")]

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{Value, json};
use server::storage::{EtcdConfig, EtcdProcess, EtcdServerTls, EtcdStore, EtcdTls, Store};
use tests::http::*;

/// A throwaway etcd and its directory (dropped after the process).
struct Etcd {
    process: EtcdProcess,
    _dir: tempfile::TempDir,
}

impl Etcd {
    fn start() -> Etcd {
        let dir = tempfile::tempdir().unwrap();
        let process = EtcdProcess::start(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        Etcd { process, _dir: dir }
    }

    /// A store on this etcd with keys under `prefix`.
    fn store(&self, prefix: &str) -> Arc<dyn Store> {
        Arc::new(
            EtcdStore::connect(&EtcdConfig {
                servers: vec![self.process.client_url().to_string()],
                prefix: prefix.into(),
                request_timeout: Duration::from_secs(3),
                tls: None,
            })
            .unwrap(),
        )
    }

    /// etcd-client on this etcd, for raw reads and writes.
    async fn client(&self) -> etcd_client::Client {
        etcd_client::Client::connect([self.process.client_url()], None)
            .await
            .unwrap()
    }
}

fn deployment(name: &str) -> Value {
    json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": name, "labels": {"app": name}},
        "spec": {
            "replicas": 2,
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}},
                         "spec": {"containers": [{"name": "web", "image": "nginx"}]}},
        },
    })
}

const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";

/// A Deployment written through the server is stored at kube-apiserver's
/// key (under `--etcd-prefix`) in kube-apiserver's encoding, the `k8s\0`
/// protobuf envelope, which the prost types read.
#[tokio::test]
async fn objects_are_stored_at_kube_apiservers_keys_in_its_encoding() {
    let etcd = Etcd::start();
    for (prefix, key) in [
        ("/registry", "/registry/deployments/default/web"),
        ("/custom", "/custom/deployments/default/web"),
    ] {
        let api = Api::start_with(etcd.store(prefix));
        let created = api.create(DEPLOYMENTS, &deployment("web")).await;
        let mut client = etcd.client().await;
        let response = client.get(key, None).await.unwrap();
        let stored = response.kvs().first().unwrap_or_else(|| panic!("no {key}"));
        assert_eq!(
            stored.mod_revision().to_string(),
            created["metadata"]["resourceVersion"],
            "the resourceVersion is the mod revision"
        );
        assert!(stored.value().starts_with(b"k8s\0"), "{key}");
        let (type_meta, decoded): (_, proto::api::apps::v1::Deployment) =
            proto::decode_envelope(stored.value()).unwrap();
        assert_eq!(
            (type_meta.api_version(), type_meta.kind()),
            ("apps/v1", "Deployment")
        );
        let metadata = decoded.metadata.unwrap();
        assert_eq!(metadata.name(), "web");
        assert_eq!(metadata.uid(), created["metadata"]["uid"]);
        // As kube-apiserver stores it: the resourceVersion empty (Go's
        // generated marshaller writes the empty string).
        assert_eq!(metadata.resource_version.as_deref(), Some(""));
        assert_eq!(decoded.spec.unwrap().replicas, Some(2));
        api.delete(&format!("{DEPLOYMENTS}/web")).await;
    }
    // Services live under kube-apiserver's special path.
    let api = Api::start_with(etcd.store("/registry"));
    api.create(
        "/api/v1/namespaces/default/services",
        &json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web"},
                "spec": {"ports": [{"port": 80}]}}),
    )
    .await;
    let mut client = etcd.client().await;
    let response = client
        .get("/registry/services/specs/default/web", None)
        .await
        .unwrap();
    assert_eq!(response.kvs().len(), 1);
}

/// A ConfigMap put straight into etcd as kube-apiserver writes it (built
/// from upstream's `.pb` fixture) is served through GET, LIST and WATCH,
/// with its mod revision as resourceVersion.
#[tokio::test]
async fn data_written_as_kube_apiserver_writes_it_is_served() {
    let etcd = Etcd::start();
    let api = Api::start_with(etcd.store("/registry"));
    let (status, _, mut events) = api.watch(&format!("{CONFIGMAPS}?watch=true")).await;
    assert_eq!(status, StatusCode::OK);

    let fixture = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/fixtures/kubernetes-api/core.v1.ConfigMap.pb"),
    )
    .unwrap();
    let (_, mut configmap): (_, proto::api::core::v1::ConfigMap) =
        proto::decode_envelope(&fixture).unwrap();
    let metadata = configmap.metadata.as_mut().unwrap();
    metadata.name = Some("from-etcd".into());
    metadata.namespace = Some("default".into());
    metadata.resource_version = None;
    metadata.deletion_timestamp = None;
    metadata.deletion_grace_period_seconds = None;
    metadata.finalizers.clear();
    metadata.owner_references.clear();
    let value = proto::encode_envelope("v1", "ConfigMap", &configmap);
    let mut client = etcd.client().await;
    let put = client
        .put("/registry/configmaps/default/from-etcd", value, None)
        .await
        .unwrap();
    let revision = put.header().unwrap().revision().to_string();

    let got = api.get(&format!("{CONFIGMAPS}/from-etcd")).await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.text);
    assert_eq!(got.body["metadata"]["resourceVersion"], revision);
    assert_eq!(got.body["data"], json!({"dataKey": "dataValue"}));
    let list = api.get(CONFIGMAPS).await;
    assert_eq!(names(&list.body), ["from-etcd"]);
    let event = events.next().await.unwrap();
    assert_eq!(
        (&event["type"], &event["object"]["metadata"]["name"]),
        (&json!("ADDED"), &json!("from-etcd"))
    );
}

/// Two API servers on one etcd: a write through one is read and watched
/// through the other, a stale resourceVersion is a conflict across them,
/// and a namespace deleted through one is refused new content by the
/// other and finishes with both running.
#[tokio::test]
async fn two_api_servers_share_one_etcd() {
    let etcd = Etcd::start();
    let a = Api::start_with(etcd.store("/registry"));
    let b = Api::start_with(etcd.store("/registry"));
    let (_, _, mut watch_b) = b.watch(&format!("{CONFIGMAPS}?watch=true")).await;

    let created = a.create(CONFIGMAPS, &configmap("shared")).await;
    let read = b.get(&format!("{CONFIGMAPS}/shared")).await;
    assert_eq!(read.body, created);
    assert_eq!(
        watch_b.next_event().await,
        ("ADDED".into(), "shared".into())
    );

    let mut update = created.clone();
    update["data"] = json!({"k": "through b"});
    let updated = b.put(&format!("{CONFIGMAPS}/shared"), &update).await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    // `created` carries the resourceVersion b's write replaced.
    let stale = a.put(&format!("{CONFIGMAPS}/shared"), &created).await;
    stale.assert_failure(409, "Conflict");

    a.create("/api/v1/namespaces", &namespace("gone")).await;
    // `a`'s namespace watch cache, which feeds its namespace lister, has
    // the new namespace once a watch through `a` shows it.
    let (_, _, mut namespaces_a) = a
        .watch(&format!(
            "/api/v1/namespaces?watch=true&resourceVersion={}",
            updated.body["metadata"]["resourceVersion"]
                .as_str()
                .expect("a resourceVersion")
        ))
        .await;
    assert_eq!(
        namespaces_a.next_event().await,
        ("ADDED".into(), "gone".into())
    );
    b.create("/api/v1/namespaces/gone/configmaps", &configmap("inside"))
        .await;
    let deleted = b.delete("/api/v1/namespaces/gone").await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text);
    // `a` did not delete it: its namespace lister learns of the deletion
    // through etcd's watch, and its creates there are refused.
    let mut n = 0;
    eventually("a to refuse creates in the deleted namespace", async || {
        n += 1;
        let late = a
            .post(
                "/api/v1/namespaces/gone/configmaps",
                &configmap(&format!("late{n}")),
            )
            .await;
        matches!(late.status.as_u16(), 403 | 404)
    })
    .await;
    eventually("the namespace is gone from both servers", async || {
        a.get("/api/v1/namespaces/gone").await.status == StatusCode::NOT_FOUND
            && b.get("/api/v1/namespaces/gone").await.status == StatusCode::NOT_FOUND
    })
    .await;
}

/// The watch cache's bookmarks follow etcd's progress notifications: a
/// watcher of ConfigMaps is told of the revision of a later write to
/// another resource, as kube-apiserver's cacher bookmarks carry the
/// revision etcd's progress notifications report. (Without them a
/// bookmark can only name the watched resource's last change.)
#[tokio::test]
async fn bookmarks_follow_etcds_progress_notifications() {
    let etcd = Etcd::start();
    let config = server::Config {
        bookmark_interval: Duration::from_millis(200),
        ..server::Config::default()
    };
    let api = Api::start_with_config(etcd.store("/registry"), config);
    let created = api.create(CONFIGMAPS, &configmap("watched")).await;
    let rv = created["metadata"]["resourceVersion"].as_str().unwrap();
    let (status, _, mut watch) = api
        .watch(&format!(
            "{CONFIGMAPS}?watch=true&allowWatchBookmarks=true&resourceVersion={rv}"
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    // A write elsewhere moves the store's revision past every ConfigMap's.
    let other = api
        .create("/api/v1/namespaces", &namespace("elsewhere"))
        .await;
    let written: i64 = other["metadata"]["resourceVersion"]
        .as_str()
        .and_then(|rv| rv.parse().ok())
        .unwrap();
    // The etcd of the tests notifies every 5 s.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no bookmark reached revision {written}"
        );
        let event = watch.next().await.expect("the watch goes on");
        assert_eq!(event["type"], "BOOKMARK", "{event}");
        let bookmarked: i64 = event["object"]["metadata"]["resourceVersion"]
            .as_str()
            .and_then(|rv| rv.parse().ok())
            .unwrap();
        if bookmarked >= written {
            break;
        }
    }
}

/// With etcd stopped, a request fails within the storage timeout with a
/// Status and `/readyz` fails naming etcd; resumed, the server recovers
/// without a restart, its watchers see what was written meanwhile, and no
/// write acknowledged before is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_survives_etcd_going_away() {
    let etcd = Etcd::start();
    let api = Api::start_with(etcd.store("/registry"));
    let mut acknowledged = Vec::new();
    for i in 0..5 {
        acknowledged.push(
            api.create(CONFIGMAPS, &configmap(&format!("before-{i}")))
                .await,
        );
    }
    let (_, _, mut events) = api
        .watch(&format!(
            "{CONFIGMAPS}?watch=true&resourceVersion={}",
            rv(&acknowledged[4])
        ))
        .await;
    let ready = api.get("/readyz?verbose").await;
    assert_eq!(ready.status, StatusCode::OK, "{}", ready.text);
    assert!(ready.text.contains("[+]etcd ok\n"), "{}", ready.text);
    let check = api.get("/readyz/etcd").await;
    assert_eq!((check.status, check.text.as_str()), (StatusCode::OK, "ok"));

    etcd.process.pause();
    let started = std::time::Instant::now();
    let failed = api.post(CONFIGMAPS, &configmap("during")).await;
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(failed.body["kind"], "Status", "{}", failed.text);
    assert!(failed.status.is_server_error(), "{}", failed.text);
    // A read answers too (from the read cache, or with a Status).
    let read = api.get(&format!("{CONFIGMAPS}/before-0")).await;
    if read.status != StatusCode::OK {
        assert_eq!(read.body["kind"], "Status", "{}", read.text);
    }
    let ready = api.get("/readyz").await;
    assert_eq!(ready.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(
        ready.text.contains("[-]etcd failed: reason withheld\n"),
        "{}",
        ready.text
    );
    // A probe that excludes the etcd check passes without running it.
    let excluded = api.get("/readyz?verbose&exclude=etcd").await;
    assert_eq!(
        (excluded.status, excluded.text.as_str()),
        (
            StatusCode::OK,
            "[+]ping ok\n[+]etcd excluded: ok\nreadyz check passed\n"
        )
    );
    let check = api.get("/livez/etcd").await;
    assert_eq!(check.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(
        check.text.starts_with("internal server error: "),
        "{}",
        check.text
    );

    etcd.process.resume();
    eventually("readyz passes again", async || {
        api.get("/readyz").await.status == StatusCode::OK
    })
    .await;
    let after = api.create(CONFIGMAPS, &configmap("after")).await;
    // The watcher continues without a gap.
    let mut seen = Vec::new();
    while !seen.iter().any(|n: &String| n == "after") {
        let (kind, name) = events.next_event().await;
        assert_ne!(kind, "ERROR", "{name}");
        seen.push(name);
    }
    let list = api.get(CONFIGMAPS).await;
    let listed = names(&list.body);
    for object in acknowledged.iter().chain([&after]) {
        assert!(listed.contains(&name(object).to_string()), "{listed:?}");
    }
}

/// Runs `openssl` with `args` in `dir`.
fn openssl(dir: &std::path::Path, args: &[&str]) {
    let out = std::process::Command::new("openssl")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("openssl is installed");
    assert!(
        out.status.success(),
        "openssl {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A CA, a server certificate for 127.0.0.1 and a client certificate,
/// signed by it, as PEM files in `dir`.
fn certificates(dir: &std::path::Path) {
    openssl(
        dir,
        &[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=test-ca",
            "-keyout",
            "ca-key.pem",
            "-out",
            "ca.pem",
        ],
    );
    std::fs::write(
        dir.join("server.ext"),
        "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n",
    )
    .unwrap();
    std::fs::write(dir.join("client.ext"), "extendedKeyUsage=clientAuth\n").unwrap();
    for (name, cn) in [("server", "127.0.0.1"), ("client", "apiserver")] {
        openssl(
            dir,
            &[
                "req",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-subj",
                &format!("/CN={cn}"),
                "-keyout",
                &format!("{name}-key.pem"),
                "-out",
                &format!("{name}.csr"),
            ],
        );
        openssl(
            dir,
            &[
                "x509",
                "-req",
                "-in",
                &format!("{name}.csr"),
                "-CA",
                "ca.pem",
                "-CAkey",
                "ca-key.pem",
                "-CAcreateserial",
                "-days",
                "1",
                "-extfile",
                &format!("{name}.ext"),
                "-out",
                &format!("{name}.pem"),
            ],
        );
    }
}

/// `--etcd-cafile`, `--etcd-certfile` and `--etcd-keyfile`: the server
/// talks to an etcd that serves TLS and checks client certificates; a
/// client without a certificate is refused.
#[tokio::test]
async fn tls_to_etcd_with_client_certificates() {
    let dir = tempfile::tempdir().unwrap();
    let certs = dir.path().join("certs");
    std::fs::create_dir_all(&certs).unwrap();
    certificates(&certs);
    let client = EtcdTls::from_files(
        Some(&certs.join("ca.pem")),
        Some(&certs.join("client.pem")),
        Some(&certs.join("client-key.pem")),
    )
    .unwrap();
    let server = EtcdServerTls {
        cert: certs.join("server.pem"),
        key: certs.join("server-key.pem"),
        client_ca: certs.join("ca.pem"),
    };
    let etcd = EtcdProcess::start_with(&dir.path().join("etcd"), Some((&server, &client)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(etcd.client_url().starts_with("https://"));
    let config = |tls| EtcdConfig {
        servers: vec![etcd.client_url().to_string()],
        request_timeout: Duration::from_secs(3),
        tls,
        ..EtcdConfig::default()
    };
    let store = EtcdStore::connect(&config(Some(client.clone()))).unwrap();
    let api = Api::start_with(Arc::new(store));
    api.create(CONFIGMAPS, &configmap("over-tls")).await;
    assert_eq!(
        api.get(&format!("{CONFIGMAPS}/over-tls")).await.status,
        StatusCode::OK
    );
    let without_certificate = EtcdTls {
        identity: None,
        ..client.clone()
    };
    assert!(EtcdStore::connect(&config(Some(without_certificate))).is_err());
    assert!(EtcdStore::connect(&config(None)).is_err());
}
