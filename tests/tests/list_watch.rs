//! List and watch over real HTTP: resourceVersion semantics against the
//! store (exact reads of old state, 410 after compaction, 504 for the
//! future), streaming lists, bookmarks, a consistency checker with
//! concurrent writers and restarting watchers, and `kubectl get -w`,
//! `kubectl wait` and `kubectl delete --wait`.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use server::Config;
use server::storage::{MemoryStore, Store};
use tests::http::eventually;
use tests::{KillOnDrop, TestServer};

const CMS: &str = "/api/v1/namespaces/default/configmaps";
const WIDGETS: &str = "/apis/example.dev/v1/namespaces/default/widgets";

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

struct Client {
    base: String,
    http: reqwest::Client,
}

impl Client {
    fn new(s: &TestServer) -> Client {
        Client {
            base: s.url(),
            http: reqwest::Client::new(),
        }
    }

    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> (u16, reqwest::header::HeaderMap, Value) {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(b) = body {
            req = req
                .header("Content-Type", "application/json")
                .body(b.to_string());
        }
        let resp = req.send().await.expect("request");
        let code = resp.status().as_u16();
        let headers = resp.headers().clone();
        let text = resp.text().await.unwrap_or_default();
        (
            code,
            headers,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        let (c, _, v) = self.send(reqwest::Method::GET, path, None).await;
        (c, v)
    }

    async fn create_cm(&self, name: &str, value: &str) -> Value {
        let body = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name}, "data": {"v": value}});
        let (c, _, v) = self.send(reqwest::Method::POST, CMS, Some(&body)).await;
        assert_eq!(c, 201, "{v}");
        v
    }

    async fn update_cm(&self, name: &str, value: &str) -> Option<Value> {
        let body = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name}, "data": {"v": value}});
        let (c, _, v) = self
            .send(reqwest::Method::PUT, &format!("{CMS}/{name}"), Some(&body))
            .await;
        (c == 200).then_some(v)
    }

    async fn delete(&self, path: &str) -> u16 {
        self.send(reqwest::Method::DELETE, path, None).await.0
    }

    /// Opens a watch and returns a reader of its events.
    async fn watch(&self, path: &str) -> Watch {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("watch");
        assert_eq!(resp.status().as_u16(), 200);
        Watch {
            resp,
            buf: Vec::new(),
        }
    }
}

struct Watch {
    resp: reqwest::Response,
    buf: Vec<u8>,
}

impl Watch {
    /// The next event, or `None` when the stream ends or nothing arrives in `wait`.
    async fn next(&mut self, wait: Duration) -> Option<Value> {
        loop {
            if let Some(pos) = self.buf.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=pos).collect();
                return Some(serde_json::from_slice(&line).expect("event JSON"));
            }
            match tokio::time::timeout(wait, self.resp.chunk()).await {
                Ok(Ok(Some(chunk))) => self.buf.extend_from_slice(&chunk),
                _ => return None,
            }
        }
    }
}

fn rv(v: &Value) -> i64 {
    v["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn exact_list_reads_old_state_and_compaction_makes_it_gone() {
    let store = Arc::new(MemoryStore::new());
    let s = TestServer::start_with(store.clone());
    let c = Client::new(&s);
    rt().block_on(async {
        let a = c.create_cm("a", "1").await;
        let at_a = rv(&a);
        c.create_cm("b", "1").await;
        c.update_cm("a", "2").await.unwrap();

        let (code, old) = c
            .get(&format!(
                "{CMS}?resourceVersion={at_a}&resourceVersionMatch=Exact"
            ))
            .await;
        assert_eq!(code, 200, "{old}");
        assert_eq!(old["metadata"]["resourceVersion"], at_a.to_string());
        assert_eq!(old["items"].as_array().unwrap().len(), 1);
        assert_eq!(old["items"][0]["data"]["v"], "1");

        // A page of a chunked list, then compaction: the token expires.
        let (_, page) = c.get(&format!("{CMS}?limit=1")).await;
        let token = page["metadata"]["continue"].as_str().unwrap().to_string();
        c.update_cm("b", "2").await.unwrap();
        store.compact(store.current_revision()).unwrap();
        let (code, gone) = c
            .get(&format!(
                "{CMS}?resourceVersion={at_a}&resourceVersionMatch=Exact"
            ))
            .await;
        assert_eq!(
            (code, gone["reason"].as_str()),
            (410, Some("Expired")),
            "{gone}"
        );
        assert_eq!(
            gone["message"],
            "The resourceVersion for the provided list is too old."
        );
        let (code, gone) = c.get(&format!("{CMS}?limit=1&continue={token}")).await;
        assert_eq!(code, 410, "{gone}");
        assert_eq!(
            gone["message"],
            "The provided continue parameter is too old to display a consistent list result. \
             You can start a new list without the continue parameter, or use the continue token \
             in this response to retrieve the remainder of the results. Continuing with the \
             provided token results in an inconsistent list - objects that were created, \
             modified, or deleted between the time the first chunk was returned and now may \
             show up in the list."
        );
        // The 410 carries a token for the rest of the list at the latest
        // revision (upstream's rv -1), as its message says.
        let rest = gone["metadata"]["continue"]
            .as_str()
            .expect("a continue token");
        let (code, page) = c.get(&format!("{CMS}?limit=1&continue={rest}")).await;
        assert_eq!(code, 200, "{page}");
        let names: Vec<&str> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["metadata"]["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["b"]);
        assert_eq!(
            page["items"][0]["data"]["v"], "2",
            "read at the latest revision"
        );
        assert_eq!(
            page["metadata"]["resourceVersion"],
            store.current_revision().to_string()
        );

        // Tokens that are not ours, or whose revision is 0, are a 400.
        use base64::Engine;
        let zero = base64::engine::general_purpose::URL_SAFE
            .encode(r#"{"v":"meta.k8s.io/v1","rv":0,"start":"/x"}"#);
        for bad in ["not-a-token", zero.as_str()] {
            let (code, status) = c.get(&format!("{CMS}?limit=1&continue={bad}")).await;
            assert_eq!(
                (code, status["reason"].as_str()),
                (400, Some("BadRequest")),
                "{status}"
            );
        }

        // A watch from before compaction gets an ERROR event with a 410 Status.
        let mut w = c
            .watch(&format!("{CMS}?watch=true&resourceVersion={at_a}"))
            .await;
        let e = w.next(Duration::from_secs(5)).await.expect("error event");
        assert_eq!(e["type"], "ERROR");
        assert_eq!(e["object"]["code"], 410);
        assert_eq!(e["object"]["reason"], "Expired");
    });
}

#[test]
fn a_future_resource_version_is_504_with_retry_after() {
    let s = TestServer::start();
    let c = Client::new(&s);
    rt().block_on(async {
        let (code, headers, body) = c
            .send(
                reqwest::Method::GET,
                &format!("{CMS}?resourceVersion=999999"),
                None,
            )
            .await;
        assert_eq!(code, 504, "{body}");
        assert_eq!(body["reason"], "Timeout");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Timeout: Too large resource version: 999999, current: ")
        );
        assert_eq!(
            body["details"]["causes"][0]["reason"],
            "ResourceVersionTooLarge"
        );
        assert_eq!(headers.get("Retry-After").unwrap(), "1");
        let (code, _) = c.get(&format!("{CMS}/x?resourceVersion=999999")).await;
        assert_eq!(code, 504);
    });
}

#[test]
fn whole_lists_stream_item_by_item_and_match_paged_lists() {
    let s = TestServer::start();
    let c = Client::new(&s);
    rt().block_on(async {
        for i in 0..40 {
            c.create_cm(&format!("cm-{i:02}"), &i.to_string()).await;
        }
        let (code, whole) = c.get(CMS).await;
        assert_eq!(code, 200);
        assert_eq!(whole["kind"], "ConfigMapList");
        assert_eq!(whole["items"].as_array().unwrap().len(), 40);
        let mut paged = Vec::new();
        let mut path = format!("{CMS}?limit=7");
        loop {
            let (_, page) = c.get(&path).await;
            assert_eq!(
                page["metadata"]["resourceVersion"],
                whole["metadata"]["resourceVersion"]
            );
            paged.extend(page["items"].as_array().unwrap().clone());
            match page["metadata"]["continue"].as_str() {
                Some(t) => path = format!("{CMS}?limit=7&continue={t}"),
                None => break,
            }
        }
        assert_eq!(Value::Array(paged), whole["items"]);
    });
}

#[test]
fn streaming_list_ends_initial_events_with_an_annotated_bookmark() {
    let s = TestServer::start();
    let c = Client::new(&s);
    rt().block_on(async {
        c.create_cm("a", "1").await;
        let b = c.create_cm("b", "1").await;
        let mut w = c
            .watch(&format!("{CMS}?watch=true&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan"))
            .await;
        let e1 = w.next(Duration::from_secs(5)).await.unwrap();
        let e2 = w.next(Duration::from_secs(5)).await.unwrap();
        assert_eq!((e1["type"].as_str(), e2["type"].as_str()), (Some("ADDED"), Some("ADDED")));
        let bookmark = w.next(Duration::from_secs(5)).await.unwrap();
        assert_eq!(bookmark["type"], "BOOKMARK");
        assert_eq!(bookmark["object"]["metadata"]["annotations"]["k8s.io/initial-events-end"], "true");
        assert!(rv(&bookmark["object"]) >= rv(&b));
        assert_eq!(bookmark["object"]["kind"], "ConfigMap");
        c.update_cm("a", "2").await.unwrap();
        let e = w.next(Duration::from_secs(5)).await.unwrap();
        assert_eq!(e["type"], "MODIFIED");
    });
}

#[test]
fn bookmarks_carry_only_the_resource_version() {
    let config = Config {
        port: 0,
        bookmark_interval: Duration::from_millis(200),
        ..Config::default()
    };
    let s = TestServer::start_with_config(Arc::new(MemoryStore::new()), config);
    let c = Client::new(&s);
    rt().block_on(async {
        let a = c.create_cm("a", "1").await;
        let mut w = c.watch(&format!("{CMS}?watch=true&allowWatchBookmarks=true&resourceVersion={}", rv(&a))).await;
        c.update_cm("a", "2").await.unwrap();
        let bookmark_at = |rv: i64| json!({"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"resourceVersion": rv.to_string()}});
        // A bookmark may come before the update does (the interval is
        // short); it carries the watch's starting revision.
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        let modified = loop {
            let e = w.next(Duration::from_secs(5)).await.unwrap();
            if e["type"] != "BOOKMARK" {
                break e;
            }
            assert_eq!(e["object"], bookmark_at(rv(&a)));
            assert!(std::time::Instant::now() < deadline, "only bookmarks, no update");
        };
        assert_eq!(modified["type"], "MODIFIED");
        let bookmark = w.next(Duration::from_secs(5)).await.unwrap();
        assert_eq!(bookmark["type"], "BOOKMARK");
        assert_eq!(bookmark["object"], bookmark_at(rv(&modified["object"])));
    });
}

#[test]
fn selector_changes_arrive_as_added_and_deleted() {
    let s = TestServer::start();
    let c = Client::new(&s);
    rt().block_on(async {
        let a = c.create_cm("a", "1").await;
        let mut w = c.watch(&format!("{CMS}?watch=true&labelSelector=app%3Dweb&resourceVersion={}", rv(&a))).await;
        let labeled = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a", "labels": {"app": "web"}}, "data": {"v": "1"}});
        c.send(reqwest::Method::PUT, &format!("{CMS}/a"), Some(&labeled)).await;
        assert_eq!(w.next(Duration::from_secs(5)).await.unwrap()["type"], "ADDED");
        c.update_cm("a", "2").await.unwrap();
        assert_eq!(w.next(Duration::from_secs(5)).await.unwrap()["type"], "DELETED");
    });
}

/// Every change a watcher sees: revision, event type, name and object.
type Seen = Vec<(i64, String, String, Value)>;

/// What a watcher in the consistency test does with bookmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bookmarks {
    /// Not asked for.
    Off,
    /// Asked for; each moves the resume revision forward.
    On,
    /// Asked for, and the watcher re-watches from each.
    Restart,
}

/// Follows the ConfigMaps from `from` until revision `until`, restarting
/// the watch from the last revision seen after every `restart_every`
/// events (0: never) and, with `Bookmarks::Restart`, after every bookmark
/// (so the next watch starts at the bookmark's revision). Returns the
/// changes seen and the number of bookmarks.
async fn follow(
    c: &Client,
    from: i64,
    restart_every: usize,
    until: &std::sync::atomic::AtomicI64,
    bookmarks: Bookmarks,
) -> (Seen, usize) {
    use std::sync::atomic::Ordering::Relaxed;
    let mut seen = Seen::new();
    let mut bookmarks_seen = 0;
    let mut last = from;
    'outer: while last < until.load(Relaxed) {
        let path = format!(
            "{CMS}?watch=true&resourceVersion={last}&allowWatchBookmarks={}&timeoutSeconds=30",
            bookmarks != Bookmarks::Off
        );
        let mut w = c.watch(&path).await;
        let mut n = 0;
        while let Some(e) = w.next(Duration::from_secs(10)).await {
            let rev = rv(&e["object"]);
            match e["type"].as_str().unwrap() {
                "BOOKMARK" => {
                    assert!(rev >= last, "bookmarks never go back");
                    last = rev;
                    bookmarks_seen += 1;
                    if bookmarks == Bookmarks::Restart && last < until.load(Relaxed) {
                        continue 'outer;
                    }
                }
                "ERROR" => panic!("watch error: {e}"),
                kind => {
                    assert!(
                        rev > last,
                        "events arrive in order, once: {rev} after {last}"
                    );
                    last = rev;
                    seen.push((
                        rev,
                        kind.to_string(),
                        e["object"]["metadata"]["name"]
                            .as_str()
                            .unwrap()
                            .to_string(),
                        e["object"].clone(),
                    ));
                }
            }
            if last >= until.load(Relaxed) {
                break 'outer;
            }
            n += 1;
            if restart_every > 0 && n % restart_every == 0 {
                continue 'outer;
            }
        }
    }
    (seen, bookmarks_seen)
}

#[test]
fn concurrent_writers_and_restarting_watchers_see_every_change_once_in_order() {
    consistency_check(Arc::new(MemoryStore::new()));
}

/// The consistency checker on the embedded store.
#[test]
fn the_consistency_checker_passes_on_the_embedded_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = server::storage::RedbStore::open(&dir.path().join("store.redb")).unwrap();
    consistency_check(Arc::new(store));
}

/// The consistency checker on a real etcd (a throwaway one).
#[cfg(feature = "etcd")]
#[test]
fn the_consistency_checker_passes_on_etcd() {
    use server::storage::{EtcdConfig, EtcdProcess, EtcdStore};
    let dir = tempfile::tempdir().unwrap();
    let etcd = EtcdProcess::start(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let store = EtcdStore::connect(&EtcdConfig {
        servers: vec![etcd.client_url().to_string()],
        ..EtcdConfig::default()
    })
    .unwrap();
    consistency_check(Arc::new(store));
}

/// The consistency checker across an etcd outage: etcd is paused
/// (`SIGSTOP`) for longer than the storage timeout while writers write and
/// watchers follow. Writes during the outage fail with a Status and are
/// retried (a create that took effect before failing comes back as 409);
/// afterwards every watcher has seen every change once, in order, the
/// changes replay to what a list shows, and every acknowledged write is
/// there.
#[cfg(feature = "etcd")]
#[test]
fn the_consistency_checker_holds_across_an_etcd_outage() {
    use std::sync::atomic::{AtomicI64, Ordering::Relaxed};

    use server::storage::{EtcdConfig, EtcdProcess, EtcdStore};
    let dir = tempfile::tempdir().unwrap();
    let etcd = EtcdProcess::start(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let store = EtcdStore::connect(&EtcdConfig {
        servers: vec![etcd.client_url().to_string()],
        request_timeout: Duration::from_secs(1),
        ..EtcdConfig::default()
    })
    .unwrap();
    let config = Config {
        port: 0,
        bookmark_interval: Duration::from_millis(50),
        ..Config::default()
    };
    let s = TestServer::start_with_config(Arc::new(store), config);
    let c = Arc::new(Client::new(&s));
    rt().block_on(async {
        let start = rv(&c.get(CMS).await.1);
        let until = Arc::new(AtomicI64::new(i64::MAX));
        let mut watchers = Vec::new();
        for (restart, bookmarks) in [
            (0, Bookmarks::Off),
            (5, Bookmarks::Off),
            (0, Bookmarks::On),
            (0, Bookmarks::Restart),
        ] {
            let (c, until) = (c.clone(), until.clone());
            watchers.push(tokio::spawn(async move {
                follow(&c, start, restart, &until, bookmarks).await
            }));
        }
        let mut writers = Vec::new();
        for w in 0..3 {
            let c = c.clone();
            writers.push(tokio::spawn(async move {
                let (mut acknowledged, mut failures) = (BTreeMap::new(), 0);
                for i in 0..12 {
                    let name = format!("o{w}-{i}");
                    loop {
                        let body = json!({"apiVersion": "v1", "kind": "ConfigMap",
                            "metadata": {"name": name}, "data": {"v": "0"}});
                        let (code, _, _) = c.send(reqwest::Method::POST, CMS, Some(&body)).await;
                        if code == 201 || code == 409 {
                            break;
                        }
                        assert!(code >= 500, "create {name}: {code}");
                        failures += 1;
                    }
                    let value = format!("{i}");
                    while c.update_cm(&name, &value).await.is_none() {
                        failures += 1;
                    }
                    acknowledged.insert(name, value);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                (acknowledged, failures)
            }));
        }
        tokio::time::sleep(Duration::from_millis(400)).await;
        etcd.pause();
        tokio::time::sleep(Duration::from_millis(2500)).await;
        etcd.resume();
        let (mut acknowledged, mut failures) = (BTreeMap::new(), 0);
        for w in writers {
            let (mine, failed) = w.await.unwrap();
            acknowledged.extend(mine);
            failures += failed;
        }
        assert!(failures > 0, "the outage failed no write: it came too late");
        let (_, list) = c.get(CMS).await;
        until.store(rv(&list), Relaxed);
        let (reference, _) = watchers.remove(0).await.unwrap();
        for w in watchers {
            let (seen, _) = w.await.unwrap();
            assert_eq!(seen, reference, "every watcher sees the same changes");
        }
        let mut state: BTreeMap<String, Value> = BTreeMap::new();
        for (_, kind, name, object) in &reference {
            if kind == "DELETED" {
                state.remove(name);
            } else {
                state.insert(name.clone(), object.clone());
            }
        }
        let listed: BTreeMap<String, Value> = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["metadata"]["name"].as_str().unwrap().to_string(),
                    i.clone(),
                )
            })
            .collect();
        assert_eq!(listed, state, "the changes replay to the list");
        for (name, value) in &acknowledged {
            assert_eq!(listed[name]["data"]["v"], json!(value), "{name}");
        }
        assert_eq!(acknowledged.len(), 36);
    });
}

/// Concurrent writers and watchers that restart from the last
/// resourceVersion they saw (with and without bookmarks): every watcher
/// sees every change once, in order, and replaying them gives what a list
/// shows.
fn consistency_check(store: Arc<dyn Store>) {
    let config = Config {
        port: 0,
        bookmark_interval: Duration::from_millis(50),
        ..Config::default()
    };
    let s = TestServer::start_with_config(store, config);
    let c = Arc::new(Client::new(&s));
    rt().block_on(async {
        let start = rv(&c.get(CMS).await.1);
        // Writers: each creates, updates and deletes its own objects.
        let mut writers = Vec::new();
        for w in 0..4 {
            let c = c.clone();
            writers.push(tokio::spawn(async move {
                for i in 0..15 {
                    let name = format!("w{w}-{i}");
                    c.create_cm(&name, "0").await;
                    c.update_cm(&name, "1").await.unwrap();
                    if i % 3 == 0 {
                        assert_eq!(c.delete(&format!("{CMS}/{name}")).await, 200);
                    }
                    // Spread the writes over several bookmark intervals.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }));
        }
        // Total writes: 4 writers x (15 creates + 15 updates + 5 deletes).
        let until = Arc::new(std::sync::atomic::AtomicI64::new(start + 4 * 35));
        let mut watchers = Vec::new();
        let kinds = [
            (0, Bookmarks::Off),
            (7, Bookmarks::Off),
            (3, Bookmarks::On),
            (0, Bookmarks::On),
            (0, Bookmarks::Restart),
        ];
        for (restart, bookmarks) in kinds {
            let (c, until) = (c.clone(), until.clone());
            watchers.push(tokio::spawn(async move {
                follow(&c, start, restart, &until, bookmarks).await
            }));
        }
        for w in writers {
            w.await.unwrap();
        }
        let (reference, _) = watchers.remove(0).await.unwrap();
        assert_eq!(reference.len(), 140, "every change seen once");
        for (w, (restart, kind)) in watchers.into_iter().zip(&kinds[1..]) {
            let (seen, bookmarks) = w.await.unwrap();
            assert_eq!(seen, reference, "restarting watchers see the same changes");
            // Watchers that keep their watch open and ask for bookmarks
            // got some during the writes; the last one re-watched from each.
            if *restart == 0 && *kind != Bookmarks::Off {
                assert!(bookmarks > 0, "a {kind:?} watcher saw no bookmark");
            }
        }
        // Replaying the events gives exactly the objects (content and
        // resourceVersion) a fresh list shows.
        let mut state: BTreeMap<String, Value> = BTreeMap::new();
        for (_, kind, name, object) in &reference {
            if kind == "DELETED" {
                state.remove(name);
            } else {
                state.insert(name.clone(), object.clone());
            }
        }
        let (_, list) = c.get(CMS).await;
        let listed: BTreeMap<String, Value> = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["metadata"]["name"].as_str().unwrap().starts_with('w'))
            .map(|i| {
                (
                    i["metadata"]["name"].as_str().unwrap().to_string(),
                    i.clone(),
                )
            })
            .collect();
        assert_eq!(listed.len(), 4 * 10, "the objects not deleted");
        assert_eq!(listed, state);
    });
}

/// Every cell of the API concepts page's get, list and watch
/// resourceVersion tables, over HTTP, against a store holding history.
#[test]
fn every_cell_of_the_resource_version_tables() {
    let s = TestServer::start();
    let c = Client::new(&s);
    rt().block_on(async {
        let a1 = c.create_cm("a", "1").await;
        let old = rv(&a1);
        let a2 = c.update_cm("a", "2").await.unwrap();
        let (_, list) = c.get(CMS).await;
        let current = rv(&list);
        let future = current + 1000;
        let v = |obj: &Value| obj["data"]["v"].as_str().unwrap_or_default().to_string();

        // get: unset (Most Recent), "0" (Any), a value (Not older than).
        for q in ["", "?resourceVersion=0", &format!("?resourceVersion={old}")] {
            let (code, got) = c.get(&format!("{CMS}/a{q}")).await;
            assert_eq!((code, v(&got)), (200, "2".into()), "get {q}");
        }
        let (code, got) = c.get(&format!("{CMS}/a?resourceVersion={future}")).await;
        assert_eq!((code, got["reason"].as_str()), (504, Some("Timeout")), "get future");

        // list, no match: unset, "0", a value (Not older than), a value
        // with a limit (Exact).
        let items = |l: &Value| -> Vec<String> {
            l["items"].as_array().unwrap().iter().map(v).collect()
        };
        for q in ["", "?resourceVersion=0", &format!("?resourceVersion={old}")] {
            let (code, got) = c.get(&format!("{CMS}{q}")).await;
            assert_eq!((code, items(&got)), (200, vec!["2".to_string()]), "list {q}");
        }
        let (code, got) = c.get(&format!("{CMS}?resourceVersion={old}&limit=5")).await;
        assert_eq!((code, items(&got)), (200, vec!["1".to_string()]), "paged: Exact");
        assert_eq!(got["metadata"]["resourceVersion"], old.to_string());
        // NotOlderThan: "0" and a value; Exact: a value.
        for q in [
            "?resourceVersion=0&resourceVersionMatch=NotOlderThan".to_string(),
            format!("?resourceVersion={old}&resourceVersionMatch=NotOlderThan"),
        ] {
            let (code, got) = c.get(&format!("{CMS}{q}")).await;
            assert_eq!((code, items(&got)), (200, vec!["2".to_string()]), "list {q}");
        }
        let (code, got) = c
            .get(&format!("{CMS}?resourceVersion={old}&resourceVersionMatch=Exact"))
            .await;
        assert_eq!((code, items(&got)), (200, vec!["1".to_string()]), "Exact");
        // Future values: 504 for Not older than and for Exact.
        for q in [
            format!("?resourceVersion={future}"),
            format!("?resourceVersion={future}&resourceVersionMatch=NotOlderThan"),
            format!("?resourceVersion={future}&resourceVersionMatch=Exact"),
        ] {
            let (code, got) = c.get(&format!("{CMS}{q}")).await;
            assert_eq!(code, 504, "list {q}: {got}");
        }
        // The invalid cells: a match without a value, Exact with "0".
        for (q, message) in [
            ("?resourceVersionMatch=NotOlderThan", "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided"),
            ("?resourceVersion=0&resourceVersionMatch=Exact", "resourceVersionMatch: Forbidden: resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""),
        ] {
            let (code, got) = c.get(&format!("{CMS}{q}")).await;
            assert_eq!(code, 422, "list {q}: {got}");
            assert_eq!(got["reason"], "Invalid");
            assert_eq!(
                got["message"],
                format!("ListOptions.meta.k8s.io \"\" is invalid: {message}")
            );
        }

        // watch: unset and "0" get the state then start; a value starts
        // after it (replaying later changes).
        for q in ["", "&resourceVersion=0"] {
            let mut w = c.watch(&format!("{CMS}?watch=true{q}")).await;
            let e = w.next(Duration::from_secs(5)).await.unwrap();
            assert_eq!((e["type"].as_str(), v(&e["object"])), (Some("ADDED"), "2".into()), "watch {q}");
        }
        let mut w = c.watch(&format!("{CMS}?watch=true&resourceVersion={old}")).await;
        let e = w.next(Duration::from_secs(5)).await.unwrap();
        assert_eq!((e["type"].as_str(), v(&e["object"])), (Some("MODIFIED"), "2".into()));
        assert_eq!(rv(&e["object"]), rv(&a2));
        // sendInitialEvents=false with a value: start at it, no state.
        let mut w = c
            .watch(&format!("{CMS}?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&resourceVersion={}&allowWatchBookmarks=true", rv(&a2)))
            .await;
        c.update_cm("a", "3").await.unwrap();
        let e = w.next(Duration::from_secs(5)).await.unwrap();
        assert_eq!((e["type"].as_str(), v(&e["object"])), (Some("MODIFIED"), "3".into()));
        // sendInitialEvents=true, Not older than a value reached: the state,
        // then the initial-events-end bookmark.
        let mut w = c
            .watch(&format!("{CMS}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion={old}&allowWatchBookmarks=true"))
            .await;
        let e = w.next(Duration::from_secs(5)).await.unwrap();
        assert_eq!((e["type"].as_str(), v(&e["object"])), (Some("ADDED"), "3".into()));
        let e = w.next(Duration::from_secs(5)).await.unwrap();
        assert_eq!(e["type"], "BOOKMARK");
        // ... and Not older than a value never reached: after the watch
        // cache's wait, an ERROR event carrying "Too large resource version".
        let mut w = c
            .watch(&format!("{CMS}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion={future}&allowWatchBookmarks=true"))
            .await;
        let e = w.next(Duration::from_secs(10)).await.unwrap();
        assert_eq!(e["type"], "ERROR", "{e}");
        assert_eq!(e["object"]["code"], 504);
        assert_eq!(
            e["object"]["details"]["causes"][0]["reason"],
            "ResourceVersionTooLarge"
        );
        assert!(w.next(Duration::from_secs(5)).await.is_none(), "the watch ends");
    });
}

/// A watch of a resource across namespaces (`/api/v1/configmaps`) sees
/// changes in every namespace.
#[test]
fn a_cluster_wide_watch_sees_every_namespace() {
    let s = TestServer::start();
    let c = Client::new(&s);
    rt().block_on(async {
        let (_, list) = c.get("/api/v1/configmaps").await;
        let mut w = c
            .watch(&format!(
                "/api/v1/configmaps?watch=true&resourceVersion={}",
                rv(&list)
            ))
            .await;
        c.create_cm("in-default", "1").await;
        let body =
            json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "in-system"}});
        let (code, _, _) = c
            .send(
                reqwest::Method::POST,
                "/api/v1/namespaces/kube-system/configmaps",
                Some(&body),
            )
            .await;
        assert_eq!(code, 201);
        let mut seen = Vec::new();
        for _ in 0..2 {
            let e = w.next(Duration::from_secs(5)).await.unwrap();
            seen.push(format!(
                "{} {}/{}",
                e["type"].as_str().unwrap(),
                e["object"]["metadata"]["namespace"].as_str().unwrap(),
                e["object"]["metadata"]["name"].as_str().unwrap()
            ));
        }
        assert_eq!(
            seen,
            ["ADDED default/in-default", "ADDED kube-system/in-system"]
        );
    });
}

/// Many watchers of one resource cost one storage watch: the watch cache
/// fans its events out.
#[test]
fn many_watchers_share_one_storage_watch() {
    let store = Arc::new(tests::store::InstrumentedStore::default());
    let s = TestServer::start_with(store.clone());
    let c = Client::new(&s);
    rt().block_on(async {
        let mut watches = Vec::new();
        for _ in 0..20 {
            watches.push(c.watch(&format!("{CMS}?watch=true")).await);
        }
        c.create_cm("shared", "1").await;
        for w in &mut watches {
            let e = w.next(Duration::from_secs(5)).await.unwrap();
            assert_eq!(e["type"], "ADDED");
            assert_eq!(e["object"]["metadata"]["name"], "shared");
        }
    });
    assert_eq!(
        store.watches("/registry/configmaps/"),
        1,
        "one storage watch for 20 watchers"
    );
}

#[test]
fn kubectl_get_watch_shows_event_lines() {
    let s = TestServer::start();
    let c = Client::new(&s);
    let runtime = rt();
    runtime.block_on(c.create_cm("first", "1"));
    let mut child = KillOnDrop(s.kubectl_spawn(&[
        "get",
        "cm",
        "-w",
        "--output-watch-events",
        "--request-timeout=0",
    ]));
    // kubectl's lines as they come, read on a thread, so the test waits
    // for what kubectl has shown rather than for a fixed time.
    let (lines, seen) = std::sync::mpsc::channel::<String>();
    let stdout = child.0.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    let mut read_until = |last: &str| {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while !shown.last().is_some_and(|l: &String| l.starts_with(last)) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match seen.recv_timeout(left) {
                Ok(line) => shown.push(line),
                Err(_) => panic!("kubectl did not show {last:?}; it showed {shown:#?}"),
            }
        }
    };
    // Its list is done once it shows the object that existed before; the
    // watch goes on from the list's resourceVersion, so no later write is
    // missed.
    read_until("ADDED");
    runtime.block_on(async {
        c.create_cm("second", "1").await;
        c.update_cm("second", "2").await.unwrap();
        c.delete(&format!("{CMS}/second")).await;
    });
    read_until("DELETED");
    drop(child);
    let stdout = shown.join("\n");
    let events: Vec<(String, String)> = shown
        .iter()
        .skip(1)
        .map(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            (cells[0].to_string(), cells[1].to_string())
        })
        .collect();
    let want: Vec<(String, String)> = [
        ("ADDED", "first"),
        ("ADDED", "second"),
        ("MODIFIED", "second"),
        ("DELETED", "second"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(events, want, "{stdout}");
    assert!(stdout.starts_with("EVENT "), "{stdout}");
}

#[test]
fn kubectl_wait_and_delete_wait_complete() {
    let s = TestServer::start();
    let c = Client::new(&s);
    let runtime = rt();
    let widget = json!({"apiVersion": "example.dev/v1", "kind": "Widget", "metadata": {"name": "w1", "finalizers": ["example.dev/hold"]}, "spec": {"replicas": 1}});
    runtime.block_on(c.send(reqwest::Method::POST, WIDGETS, Some(&widget)));

    let wait = s.kubectl_spawn(&[
        "wait",
        "--for=condition=Ready",
        "widgets/w1",
        "--timeout=20s",
    ]);
    // Time for kubectl to start waiting, so that the condition usually
    // comes true while it watches; one met before it looks is found too.
    std::thread::sleep(Duration::from_millis(800));
    runtime.block_on(async {
        let (_, current) = c.get(&format!("{WIDGETS}/w1")).await;
        let mut status = current.clone();
        status["status"] = json!({"conditions": [{"type": "Ready", "status": "True", "reason": "Up", "message": "", "observedGeneration": 1}]});
        let (code, _, body) = c.send(reqwest::Method::PUT, &format!("{WIDGETS}/w1/status"), Some(&status)).await;
        assert_eq!(code, 200, "{body}");
    });
    let out = wait.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "widget.example.dev/w1 condition met\n"
    );

    let delete = s.kubectl_spawn(&["delete", "widgets/w1", "--timeout=20s"]);
    runtime.block_on(async {
        // kubectl's DELETE marks the widget; its finalizer holds it.
        eventually("kubectl delete to mark the widget", async || {
            c.get(&format!("{WIDGETS}/w1")).await.1["metadata"]["deletionTimestamp"].is_string()
        })
        .await;
        let (_, mut released) = c.get(&format!("{WIDGETS}/w1")).await;
        released["metadata"]["finalizers"] = json!([]);
        let (code, _, body) = c
            .send(
                reqwest::Method::PUT,
                &format!("{WIDGETS}/w1"),
                Some(&released),
            )
            .await;
        assert_eq!(code, 200, "{body}");
    });
    let out = delete.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "widget.example.dev \"w1\" deleted\n"
    );
}
