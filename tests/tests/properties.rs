//! A seeded property suite over hostile input: random and mutated JSON,
//! YAML and protobuf bodies, and patches of every type, against every verb
//! on a ConfigMap. Each case asserts that
//!
//! - no answer is a 5xx;
//! - every error is a `Status` whose `code` is the HTTP status;
//! - the object changes only through a successful write, and then as a
//!   model of the write predicts: a PUT stores the body's data, a merge
//!   patch and a JSON patch what RFC 7386 and RFC 6902 make of the stored
//!   object, a strategic merge patch without directives what a merge patch
//!   would (ConfigMap data has no patch strategy); a dry run, a read, a
//!   create of another object and a failed request change nothing.
//!
//! The seed is fixed and the case count bounded (`PROPERTY_CASES`, default
//! 3,000), so a CI run is repeatable; both are printed.

use std::sync::OnceLock;

use axum::body::Body;
use axum::http::Method;
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Map, Value, json};
use tests::http::Api;

const COLLECTION: &str = "/api/v1/namespaces/default/configmaps";
const TARGET: &str = "/api/v1/namespaces/default/configmaps/target";
const SEED: [u8; 32] = *b"kubernetes-api-machinery-in-rust";

/// What a request's body is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Shape {
    /// A JSON value sent as JSON (a full object, a patch).
    Json,
    /// Anything else: mutated bytes, YAML, protobuf.
    Other,
}

/// One request of a case.
#[derive(Debug, Clone)]
struct Req {
    method: Method,
    path: &'static str,
    query: Vec<&'static str>,
    content_type: &'static str,
    body: Vec<u8>,
    shape: Shape,
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "apiVersion", "kind", "metadata", "name", "namespace", "data", "binaryData",
            "resourceVersion", "labels", "k", "$patch", "$retainKeys", "generateName",
            "finalizers", "immutable", "uid", "managedFields",
        ])
        .prop_map(str::to_string),
        1 => "[a-zA-Z$]{0,6}",
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (-1e6f64..1e6).prop_map(|f| json!(f)),
        prop::sample::select(vec!["v1", "ConfigMap", "target", "default", "", "x", "1"])
            .prop_map(|s| json!(s)),
        "[ -~]{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(key(), inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A body shaped like a ConfigMap, each part sometimes wrong.
fn object() -> impl Strategy<Value = Value> {
    let string_map =
        prop::collection::btree_map("[a-z.]{1,4}", "[a-z0-9]{0,4}", 0..4).prop_map(|m| json!(m));
    (
        prop_oneof![4 => Just(json!("v1")), 1 => json_value()],
        prop_oneof![4 => Just(json!("ConfigMap")), 1 => json_value()],
        prop_oneof![
            4 => Just(json!("target")),
            2 => Just(json!("other")),
            1 => json_value(),
        ],
        prop_oneof![4 => Just(None), 1 => Just(Some(json!("kube-system"))), 1 => json_value().prop_map(Some)],
        prop_oneof![4 => string_map.clone(), 1 => json_value()],
        prop::option::of(json_value()),
    )
        .prop_map(|(api_version, kind, name, namespace, data, extra)| {
            let mut metadata = json!({"name": name});
            if let Some(ns) = namespace {
                metadata["namespace"] = ns;
            }
            let mut obj = json!({"apiVersion": api_version, "kind": kind, "metadata": metadata, "data": data});
            if let Some(extra) = extra {
                obj["extra"] = extra;
            }
            obj
        })
}

fn json_patch_ops() -> impl Strategy<Value = Value> {
    let op = (
        prop::sample::select(vec![
            "add", "remove", "replace", "move", "copy", "test", "bogus",
        ]),
        prop::sample::select(vec![
            "",
            "/data",
            "/data/k",
            "/data/new",
            "/metadata",
            "/metadata/name",
            "/metadata/namespace",
            "/kind",
            "/apiVersion",
            "/x/y",
            "/data/-",
        ]),
        json_value(),
    )
        .prop_map(
            |(op, path, value)| json!({"op": op, "path": path, "from": "/data", "value": value}),
        );
    prop_oneof![
        4 => prop::collection::vec(op, 0..4).prop_map(Value::Array),
        1 => json_value(),
    ]
}

/// Random edits (flip, insert, delete) of a byte string.
fn mutated(bytes: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6).prop_map(
        move |edits| {
            let mut out = bytes.clone();
            for (at, byte, kind) in edits {
                if out.is_empty() {
                    out.push(byte);
                    continue;
                }
                let i = at.index(out.len());
                match kind {
                    0 => out[i] = byte,
                    1 => out.insert(i, byte),
                    _ => {
                        out.remove(i);
                    }
                }
            }
            out
        },
    )
}

fn protobuf_of(obj: &Value) -> Vec<u8> {
    static REGISTRY: OnceLock<runtime::registry::Registry> = OnceLock::new();
    let registry = REGISTRY.get_or_init(apis::registry);
    let entry = registry.find("", "v1", "configmaps").expect("configmaps");
    let message = entry
        .kind
        .protobuf()
        .expect("ConfigMap has protobuf numbers");
    runtime::codec::protobuf::wrap(obj, message)
}

fn query() -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(
        prop::sample::select(vec![
            "fieldValidation=Strict",
            "fieldValidation=Ignore",
            "fieldValidation=bogus",
            "dryRun=All",
            "dryRun=bogus",
            "force=true",
            "fieldManager=fuzz",
            "gracePeriodSeconds=-1",
            "gracePeriodSeconds=x",
            "propagationPolicy=Orphan",
            "propagationPolicy=bogus",
            "orphanDependents=false",
            "resourceVersion=0",
            "resourceVersion=x",
            "limit=1",
            "limit=-3",
            "continue=abc",
            "labelSelector=a%20in%20(b",
            "fieldSelector=metadata.name%3D%3Dx%3D",
            "watch=false",
            "pretty=true",
        ]),
        0..3,
    )
}

fn request() -> impl Strategy<Value = Req> {
    let body_json = (object(), query()).prop_map(|(obj, q)| (obj.to_string().into_bytes(), q));
    let writes = prop_oneof![
        // Objects as JSON, mutated JSON, YAML and protobuf.
        (object(), query()).prop_map(|(obj, query)| Req {
            method: Method::PUT,
            path: TARGET,
            query,
            content_type: "application/json",
            body: obj.to_string().into_bytes(),
            shape: Shape::Json,
        }),
        (object(), query()).prop_map(|(obj, query)| Req {
            method: Method::POST,
            path: COLLECTION,
            query,
            content_type: "application/json",
            body: obj.to_string().into_bytes(),
            shape: Shape::Json,
        }),
        body_json.prop_flat_map(|(bytes, query)| {
            (
                mutated(bytes),
                prop::sample::select(vec![Method::PUT, Method::POST]),
            )
                .prop_map(move |(body, method)| Req {
                    path: if method == Method::PUT {
                        TARGET
                    } else {
                        COLLECTION
                    },
                    method,
                    query: query.clone(),
                    content_type: "application/json",
                    body,
                    shape: Shape::Other,
                })
        }),
        (object(), prop::bool::ANY).prop_flat_map(|(obj, mutate)| {
            let yaml = runtime::codec::yaml::to_yaml(&obj).into_bytes();
            let edits = if mutate { 1..6 } else { 0..1 };
            (
                Just(yaml),
                prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), edits),
            )
                .prop_map(|(mut yaml, edits)| {
                    for (at, byte) in edits {
                        let i = at.index(yaml.len().max(1));
                        if i < yaml.len() {
                            yaml[i] = byte;
                        }
                    }
                    Req {
                        method: Method::PUT,
                        path: TARGET,
                        query: Vec::new(),
                        content_type: "application/yaml",
                        body: yaml,
                        shape: Shape::Other,
                    }
                })
        }),
        (object(), prop::bool::ANY).prop_flat_map(|(obj, mutate)| {
            let bytes = protobuf_of(&obj);
            let body = if mutate {
                mutated(bytes).boxed()
            } else {
                Just(bytes).boxed()
            };
            body.prop_map(|body| Req {
                method: Method::PUT,
                path: TARGET,
                query: Vec::new(),
                content_type: "application/vnd.kubernetes.protobuf",
                body,
                shape: Shape::Other,
            })
        }),
    ];
    let patches = (
        prop::sample::select(vec![
            "application/merge-patch+json",
            "application/strategic-merge-patch+json",
            "application/json-patch+json",
            "application/apply-patch+yaml",
            "text/plain",
        ]),
        prop_oneof![json_value(), object(), json_patch_ops()],
        query(),
    )
        .prop_map(|(content_type, patch, query)| Req {
            method: Method::PATCH,
            path: TARGET,
            query,
            content_type,
            body: patch.to_string().into_bytes(),
            shape: Shape::Json,
        });
    let others = (
        prop::sample::select(vec![
            Method::GET,
            Method::DELETE,
            Method::POST,
            Method::OPTIONS,
        ]),
        prop::sample::select(vec![
            TARGET,
            COLLECTION,
            "/api/v1/namespaces/default/configmaps/target/status",
            "/api/v1/namespaces/default/configmaps/target/scale",
        ]),
        prop_oneof![
            Just(Vec::new()),
            json_value().prop_map(|v| v.to_string().into_bytes())
        ],
        query(),
    )
        .prop_map(|(method, path, body, query)| Req {
            method,
            path,
            query,
            content_type: "application/json",
            body,
            shape: Shape::Json,
        });
    prop_oneof![3 => writes, 3 => patches, 1 => others]
}

/// The stored target's data as the model sees it (absent data is `{}`).
fn data_of(obj: &Value) -> Value {
    match obj.get("data") {
        None | Some(Value::Null) => json!({}),
        Some(d) => d.clone(),
    }
}

fn has_directive(v: &Value) -> bool {
    match v {
        Value::Object(m) => m
            .iter()
            .any(|(k, v)| k.starts_with('$') || has_directive(v)),
        Value::Array(a) => a.iter().any(has_directive),
        _ => false,
    }
}

/// The data a successful write of `req` to `before` leaves, when the model
/// knows it (`None`: any data is accepted).
fn predicted(req: &Req, before: &Value) -> Option<Value> {
    if req.query.contains(&"dryRun=All") || req.method == Method::GET {
        return Some(data_of(before));
    }
    if req.path != TARGET {
        return Some(data_of(before));
    }
    let body: Value = serde_json::from_slice(&req.body).ok()?;
    match (&req.method, req.content_type) {
        (m, _) if *m == Method::DELETE => Some(data_of(before)),
        (m, "application/json") if *m == Method::PUT && req.shape == Shape::Json => {
            Some(data_of(&body))
        }
        (_, "application/merge-patch+json") => {
            let mut merged = before.clone();
            json_patch::merge(&mut merged, &body);
            Some(data_of(&merged))
        }
        (_, "application/strategic-merge-patch+json") if !has_directive(&body) => {
            let mut merged = before.clone();
            json_patch::merge(&mut merged, &body);
            Some(data_of(&merged))
        }
        (_, "application/json-patch+json") => {
            let ops: json_patch::Patch = serde_json::from_value(body).ok()?;
            let mut patched = before.clone();
            json_patch::patch(&mut patched, &ops).ok()?;
            Some(data_of(&patched))
        }
        _ => None,
    }
}

/// Makes sure the target exists and is not being deleted; returns it.
async fn fresh_target(api: &Api) -> Value {
    let current = api.get(TARGET).await;
    if current.status == 200 && current.body["metadata"]["deletionTimestamp"].is_null() {
        return current.body;
    }
    if current.status == 200 {
        // Held by a finalizer: let it go.
        let r = api
            .patch(
                TARGET,
                "application/merge-patch+json",
                &json!({"metadata": {"finalizers": null}}),
            )
            .await;
        assert!(r.status.is_success(), "{}", r.text);
    }
    api.create(
        COLLECTION,
        &json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "target"}, "data": {"k": "v"}}),
    )
    .await
}

/// Answers seen, by class: `[2xx, 4xx]`.
static SEEN: [std::sync::atomic::AtomicU32; 2] = [
    std::sync::atomic::AtomicU32::new(0),
    std::sync::atomic::AtomicU32::new(0),
];

fn check(api: &Api, rt: &tokio::runtime::Runtime, req: &Req) -> Result<(), TestCaseError> {
    rt.block_on(async {
        let before = fresh_target(api).await;
        let uri = if req.query.is_empty() {
            req.path.to_string()
        } else {
            format!("{}?{}", req.path, req.query.join("&"))
        };
        let reply = api
            .send(
                req.method.clone(),
                &uri,
                &[("content-type", req.content_type)],
                Body::from(req.body.clone()),
            )
            .await;
        let code = reply.status.as_u16();
        SEEN[usize::from(code >= 400)].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // The one 5xx upstream answers a bad request with: a strategic
        // merge patch error its patch handler returns unconverted (a
        // missing merge key, an unknown `$patch`), a 500 with no reason.
        // Any other 5xx is a server fault.
        let unconverted = code == 500
            && req.content_type == "application/strategic-merge-patch+json"
            && reply.body.get("reason").is_none();
        prop_assert!(
            code < 500 || unconverted,
            "{} {uri}: {}",
            req.method,
            reply.text
        );
        if code >= 400 {
            prop_assert_eq!(&reply.body["kind"], "Status", "{}", reply.text);
            prop_assert_eq!(&reply.body["code"], code, "{}", reply.text);
            prop_assert_eq!(&reply.body["status"], "Failure", "{}", reply.text);
        }
        let after = api.get(TARGET).await;
        if code >= 400 || req.method == Method::GET {
            prop_assert_eq!(
                &after.body,
                &before,
                "a failed or read-only request changed the object: {}",
                reply.text
            );
        } else if after.status == 200
            && let Some(want) = predicted(req, &before)
        {
            prop_assert_eq!(data_of(&after.body), want, "answer: {}", reply.text);
        }
        Ok(())
    })
}

/// Runs the suite and reports it as libtest does (this target has no
/// harness, so its figures are never captured): a panic fails the run.
fn main() {
    const NAME: &str = "hostile_requests_never_fail_the_server_or_lose_data";
    println!("\nrunning 1 test");
    let started = std::time::Instant::now();
    let figures = hostile_requests_never_fail_the_server_or_lose_data();
    println!("{figures}");
    println!("test {NAME} ... ok\n");
    println!(
        "test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in {:.2}s\n",
        started.elapsed().as_secs_f64()
    );
}

/// The property; returns its figures (cases, seed, answers by class).
fn hostile_requests_never_fail_the_server_or_lose_data() -> String {
    let cases: u32 = std::env::var("PROPERTY_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(3000);
    let api = Api::start();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let config = ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &SEED));
    let result = runner.run(&request(), |req| check(&api, &rt, &req));
    if let Err(e) = result {
        panic!(
            "property suite (seed {}): {e}",
            String::from_utf8_lossy(&SEED)
        );
    }
    let [ok, refused] = &SEEN;
    let (ok, refused) = (
        ok.load(std::sync::atomic::Ordering::Relaxed),
        refused.load(std::sync::atomic::Ordering::Relaxed),
    );
    assert!(
        ok > cases / 20 && refused > cases / 4,
        "{ok} 2xx, {refused} 4xx: the generators stopped reaching both paths"
    );
    format!(
        "property suite: {cases} cases, seed {:?}, 0 failures ({ok} answered 2xx, {refused} 4xx)",
        String::from_utf8_lossy(&SEED)
    )
}
