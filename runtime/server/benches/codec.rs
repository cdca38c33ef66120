//! Codec micro-benchmarks for `cargo xtask bench`, on upstream's fixtures
//! (`../shared/fixtures/kubernetes-api`, the objects of `kubernetes/api`'s
//! testdata), each beside its baseline in the same run:
//!
//! | benchmark | what it times | baseline |
//! | --- | --- | --- |
//! | `json_decode` | the registry's `decode`: the body into our Rust type, unknown fields collected, as the server decodes a body | `json_decode_value` |
//! | `json_decode_value` | `serde_json` into `serde_json::Value` | - |
//! | `json_encode` | `serde_json` from our Rust type | `json_encode_value` |
//! | `json_encode_value` | `serde_json` from `serde_json::Value` (what the server writes) | - |
//! | `protobuf_decode` | `codec::protobuf::decode_object` of the `.pb` fixture | `json_decode`, `protobuf_decode_prost` |
//! | `protobuf_encode` | `codec::protobuf::wrap` of the object | `json_encode_value`, `protobuf_encode_prost` |
//! | `protobuf_decode_typed` | the generated `prost::Message` of our Rust type decoding the `.pb` fixture (`codec::wire::decode_object`), what the typed core decodes with | `json_decode`, `protobuf_decode_prost` |
//! | `protobuf_encode_typed` | the same encoding the decoded value in its envelope (`codec::wire::encode_object`) | `protobuf_encode_prost` |
//! | `protobuf_decode_prost` | the prost types compiled from our generated `.proto` files (the `proto` crate) decoding the same `.pb`: the `runtime.Unknown` envelope, then the object | - |
//! | `protobuf_encode_prost` | the same types encoding the object and its envelope | - |
//! | `defaulting` | the generated `SetDefaults::set_defaults` on the decoded Rust value (kinds with defaulting) | `json_decode` |
//! | `strategic_merge` | `patch::strategic::apply` of a labels and annotations patch | `json_merge` |
//! | `json_merge` | `json_patch::merge` (RFC 7386) of the same patch, on a copy | - |
//! | `validation` | `Object::validate` on the decoded object behind the registry's object trait, as the server validates a write (the generated and hand-written rules), on a create of the fixture made valid (`make_valid`) | `validation_jsonschema` |
//! | `validation_typed` | the generated `Validate::validate` on the decoded Rust value (Deployment, Pod) | `validation_jsonschema` |
//! | `validation_jsonschema` | the `jsonschema` crate (draft 4) on the same JSON against the generated OpenAPI v3 schema, every error collected | - |
//! | `Deployment/json_decode_typical`, `Deployment/protobuf_decode_typical` | the registry's `decode` and the typed protobuf decode of a Deployment as users write them (two containers with ports, env, probes, resources and mounts, four volumes of one source each), beside the fixture, which sets every field once | `json_decode` |
//! | `Deployment/json_decode_managed` | the registry's `decode` of the Deployment as the server answers its create (managed fields included), as a client's update sends it back | `json_decode` |
//! | `Deployment/write_create` | a POST of the Deployment fixture through the server's router, in process, on the memory store | - |
//! | `Deployment/write_create_watched` | the same create while a watch of Deployments is open: the watch cache takes each write's event (its JSON rendered by the write, see the server's `rendered` module) within the timed requests | `write_create` |
//! | `Deployment/json_decode_between_creates` | the registry's `decode` of a Deployment fixture body, each after a create of another through the router (untimed): the decode as the create pays it, without the branch history and caches a loop over one body keeps warm | `json_decode` |
//! | `Deployment/write_create_managed_fields` | the field manager's part of that create: the managed fields of the decoded object read from the Rust value (`apply::created`) | `write_create` |
//! | `Deployment/write_update` | a PUT of the same object with one label changed | `write_create` |
//! | `Deployment/write_apply` | a server-side apply PATCH of the same object with one label changed | `write_create` |
//!
//! JSON input is the fixture re-encoded compactly, as clients send it.
//! The benchmarks allocate with mimalloc, the `apiserver` binary's global
//! allocator, so that they time what the server does; baselines share it.
//! Benchmark ids are `<Kind>/<benchmark>`; criterion writes each estimate to
//! `target/criterion/<Kind>/<benchmark>/new/estimates.json`, which the
//! harness reads. A kind the registry does not serve yet (or whose fixture
//! is missing) is skipped with a note on stderr, and the report marks it
//! not yet measurable; it joins when it lands.

use std::hint::black_box;

/// As the `apiserver` binary allocates.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use runtime::codec::protobuf;
use runtime::registry::Entry;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A fixture kind: file stem, group, version, kind.
struct Kind {
    file: &'static str,
    group: &'static str,
    version: &'static str,
    kind: &'static str,
    /// Times `json_encode` through the Rust type, where one is wired in.
    typed_encode: Option<fn(&mut Criterion, &str, &[u8])>,
    /// Times `defaulting` on the Rust value, for kinds with defaulting.
    typed_defaults: Option<fn(&mut Criterion, &str, &[u8])>,
    /// Times the prost-direct baseline on the `.pb` fixture.
    prost_direct: fn(&mut Criterion, &str, &[u8]),
    /// Times our Rust type's generated protobuf codec on the `.pb` fixture.
    typed_protobuf: fn(&mut Criterion, &str, &[u8]),
}

const KINDS: &[Kind] = &[
    Kind {
        file: "core.v1.ConfigMap",
        group: "",
        version: "v1",
        kind: "ConfigMap",
        typed_encode: Some(typed_encode::<apis::core::v1::ConfigMap>),
        typed_defaults: None,
        prost_direct: prost_direct::<proto::api::core::v1::ConfigMap>,
        typed_protobuf: typed_protobuf::<apis::core::v1::ConfigMap>,
    },
    Kind {
        file: "core.v1.Event",
        group: "",
        version: "v1",
        kind: "Event",
        typed_encode: Some(typed_encode::<apis::core::v1::Event>),
        typed_defaults: None,
        prost_direct: prost_direct::<proto::api::core::v1::Event>,
        typed_protobuf: typed_protobuf::<apis::core::v1::Event>,
    },
    Kind {
        file: "apps.v1.Deployment",
        group: "apps",
        version: "v1",
        kind: "Deployment",
        typed_encode: Some(typed_encode::<apis::apps::v1::Deployment>),
        typed_defaults: Some(typed_defaults::<apis::apps::v1::Deployment>),
        prost_direct: prost_direct::<proto::api::apps::v1::Deployment>,
        typed_protobuf: typed_protobuf::<apis::apps::v1::Deployment>,
    },
    Kind {
        file: "core.v1.Pod",
        group: "",
        version: "v1",
        kind: "Pod",
        typed_encode: Some(typed_encode::<apis::core::v1::Pod>),
        typed_defaults: Some(typed_defaults::<apis::core::v1::Pod>),
        prost_direct: prost_direct::<proto::api::core::v1::Pod>,
        typed_protobuf: typed_protobuf::<apis::core::v1::Pod>,
    },
];

fn fixture(name: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/fixtures/kubernetes-api")
        .join(name);
    std::fs::read(path).ok()
}

/// A `jsonschema` validator for the kind's generated OpenAPI v3 schema
/// (`api/openapi-spec/v3`): the document's components with a root `$ref`
/// to the kind, read as draft 4 (OpenAPI 3.0's dialect). IntOrString and
/// Quantity, which OpenAPI marks with a `format` JSON Schema cannot check,
/// become `anyOf` integer/number or string, as their values are.
fn json_schema_validator(k: &Kind) -> Option<jsonschema::Validator> {
    let file = if k.group.is_empty() {
        format!("api__{}_openapi.json", k.version)
    } else {
        format!("apis__{}__{}_openapi.json", k.group, k.version)
    };
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../api/openapi-spec/v3")
        .join(file);
    let doc: Value = serde_json::from_slice(&std::fs::read(path).ok()?).ok()?;
    let mut components = doc.get("components")?.clone();
    let schemas = components.get_mut("schemas")?.as_object_mut()?;
    schemas.insert(
        "io.k8s.apimachinery.pkg.util.intstr.IntOrString".into(),
        serde_json::json!({"anyOf": [{"type": "integer"}, {"type": "string"}]}),
    );
    schemas.insert(
        "io.k8s.apimachinery.pkg.api.resource.Quantity".into(),
        serde_json::json!({"anyOf": [{"type": "number"}, {"type": "string"}]}),
    );
    let group = if k.group.is_empty() {
        "core".to_string()
    } else {
        k.group.split('.').next().unwrap_or(k.group).to_string()
    };
    let name = format!("io.k8s.api.{group}.{}.{}", k.version, k.kind);
    schemas.get(&name)?;
    let root = serde_json::json!({
        "$ref": format!("#/components/schemas/{name}"),
        "components": components,
    });
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft4)
        .build(&root)
        .map_err(|e| eprintln!("the {} schema does not compile: {e}", k.kind))
        .ok()
}

/// `validation_typed`: the generated validation on the Rust value.
fn typed_validation<T: DeserializeOwned + runtime::validate::Validate>(
    c: &mut Criterion,
    kind: &str,
    json: &[u8],
) {
    let typed: T = serde_json::from_slice(json).expect("the fixture decodes into its type");
    let ctx = runtime::validate::Context::create();
    let root = runtime::field::Path::root();
    c.benchmark_group(kind)
        .bench_function("validation_typed", |b| {
            b.iter(|| black_box(&typed).validate(&root, &ctx))
        });
}

/// `protobuf_decode_prost` and `protobuf_encode_prost`: the prost-generated
/// type `M` of the `proto` crate (compiled from our generated `.proto`
/// files, whose messages equal upstream's) on the same bytes, envelope
/// included: the floor a generated protobuf codec reaches.
fn prost_direct<M: prost::Message + Default>(c: &mut Criterion, kind: &str, pb: &[u8]) {
    use prost::Message as _;
    use proto::apimachinery::pkg::runtime::Unknown;
    let Some(body) = pb.strip_prefix(b"k8s\0") else {
        eprintln!("skipping {kind} prost-direct: no protobuf magic");
        return;
    };
    let decode = |bytes: &[u8]| -> Option<(Unknown, M)> {
        let unknown = Unknown::decode(bytes).ok()?;
        let object = M::decode(unknown.raw.as_deref().unwrap_or_default()).ok()?;
        Some((unknown, object))
    };
    let Some((envelope, object)) = decode(body) else {
        eprintln!("skipping {kind} prost-direct: the fixture does not decode");
        return;
    };
    let mut group = c.benchmark_group(kind);
    group.bench_function("protobuf_decode_prost", |b| {
        b.iter(|| decode(black_box(body)).expect("decodes"))
    });
    group.bench_function("protobuf_encode_prost", |b| {
        b.iter(|| {
            let unknown = Unknown {
                type_meta: envelope.type_meta.clone(),
                raw: Some(black_box(&object).encode_to_vec()),
                content_encoding: Some(String::new()),
                content_type: Some(String::new()),
            };
            let mut out = b"k8s\0".to_vec();
            unknown.encode(&mut out).expect("a Vec grows");
            out
        })
    });
    group.finish();
}

/// `defaulting`: the generated defaulting on the Rust value, each run on
/// a fresh copy of the decoded fixture.
fn typed_defaults<T: DeserializeOwned + Clone + runtime::defaulting::SetDefaults>(
    c: &mut Criterion,
    kind: &str,
    json: &[u8],
) {
    let typed: T = serde_json::from_slice(json).expect("the fixture decodes into its type");
    c.benchmark_group(kind).bench_function("defaulting", |b| {
        b.iter_batched(
            || typed.clone(),
            |mut v| {
                v.set_defaults();
                v
            },
            BatchSize::SmallInput,
        )
    });
}

/// A Deployment as users write them: two containers with ports, env
/// (literal and from a Secret or the downward API), probes, resources and
/// mounts, and four volumes of one source each. The fixture sets every
/// field once (every volume source in one volume), which no real object
/// does.
fn typical_deployment() -> Value {
    let env = |i: usize| -> Vec<Value> {
        let mut env: Vec<Value> = (0..8)
            .map(|n| serde_json::json!({"name": format!("SETTING_{i}_{n}"), "value": format!("value-{n}")}))
            .collect();
        env.push(serde_json::json!({"name": "PASSWORD", "valueFrom": {"secretKeyRef": {"name": "db", "key": "password"}}}));
        env.push(serde_json::json!({"name": "POD_IP", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "status.podIP"}}}));
        env
    };
    let container = |i: usize, name: &str, image: &str| {
        serde_json::json!({
            "name": name, "image": image, "imagePullPolicy": "IfNotPresent",
            "args": ["--port=8080", "--log-level=info"],
            "ports": [{"name": "http", "containerPort": 8080, "protocol": "TCP"},
                      {"name": "metrics", "containerPort": 9090, "protocol": "TCP"}],
            "env": env(i),
            "resources": {"requests": {"cpu": "100m", "memory": "128Mi"},
                          "limits": {"cpu": "500m", "memory": "256Mi"}},
            "livenessProbe": {"httpGet": {"path": "/healthz", "port": 8080, "scheme": "HTTP"},
                              "initialDelaySeconds": 10, "periodSeconds": 10, "timeoutSeconds": 1,
                              "successThreshold": 1, "failureThreshold": 3},
            "readinessProbe": {"httpGet": {"path": "/ready", "port": "http", "scheme": "HTTP"},
                               "periodSeconds": 5, "timeoutSeconds": 1,
                               "successThreshold": 1, "failureThreshold": 3},
            "volumeMounts": [{"name": "config", "mountPath": "/etc/app"},
                             {"name": "tls", "mountPath": "/etc/tls", "readOnly": true},
                             {"name": "cache", "mountPath": "/var/cache/app"}],
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File",
        })
    };
    serde_json::json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web", "namespace": "default",
                     "labels": {"app": "web", "tier": "frontend"},
                     "annotations": {"deployment.kubernetes.io/revision": "3"}},
        "spec": {
            "replicas": 3,
            "selector": {"matchLabels": {"app": "web"}},
            "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}},
            "revisionHistoryLimit": 10, "progressDeadlineSeconds": 600,
            "template": {
                "metadata": {"labels": {"app": "web", "tier": "frontend"}},
                "spec": {
                    "containers": [container(0, "web", "registry.example.com/web:1.4.2"),
                                   container(1, "sidecar", "registry.example.com/proxy:2.0")],
                    "volumes": [
                        {"name": "config", "configMap": {"name": "web-config", "defaultMode": 420}},
                        {"name": "tls", "secret": {"secretName": "web-tls", "defaultMode": 420}},
                        {"name": "cache", "emptyDir": {}},
                        {"name": "data", "persistentVolumeClaim": {"claimName": "web-data"}},
                    ],
                    "restartPolicy": "Always", "terminationGracePeriodSeconds": 30,
                    "dnsPolicy": "ClusterFirst", "serviceAccountName": "web",
                    "securityContext": {"runAsNonRoot": true},
                    "schedulerName": "default-scheduler",
                },
            },
        },
    })
}

/// `json_decode_typical` and `protobuf_decode_typical`: see
/// [`typical_deployment`].
fn typical(c: &mut Criterion) {
    use runtime::codec::wire;
    let registry = apis::registry();
    let Some(entry) = registry.find("apps", "v1", "deployments") else {
        eprintln!("skipping the typical Deployment: not served");
        return;
    };
    let json = serde_json::to_vec(&typical_deployment()).expect("encodes");
    let object = match entry.kind.decode(&json) {
        Ok(decoded) => decoded.object,
        Err(e) => panic!("the typical Deployment does not decode: {e}"),
    };
    let Some(pb) = object.to_protobuf() else {
        panic!("a Deployment has protobuf numbers");
    };
    eprintln!(
        "typical Deployment: {} bytes of JSON, {} bytes of protobuf",
        json.len(),
        pb.len()
    );
    let mut group = c.benchmark_group("Deployment");
    group.bench_function("json_decode_typical", |b| {
        b.iter(|| entry.kind.decode(black_box(&json)).expect("decodes"))
    });
    group.bench_function("protobuf_decode_typical", |b| {
        b.iter(|| {
            wire::decode_object::<apis::apps::v1::Deployment>(black_box(&pb)).expect("decodes")
        })
    });
    group.finish();
}

/// `protobuf_decode_typed` and `protobuf_encode_typed`: the generated
/// `prost::Message` of our Rust type `T` on the same bytes, envelope
/// included.
fn typed_protobuf<T: prost::Message + Default>(c: &mut Criterion, kind: &str, pb: &[u8]) {
    use runtime::codec::wire;
    let Ok((api_version, type_kind, _)) = protobuf::unwrap(pb) else {
        eprintln!("skipping {kind} typed protobuf: no envelope");
        return;
    };
    let object: T = match wire::decode_object(pb) {
        Ok(object) => object,
        Err(e) => {
            eprintln!("skipping {kind} typed protobuf: {e}");
            return;
        }
    };
    let mut group = c.benchmark_group(kind);
    group.bench_function("protobuf_decode_typed", |b| {
        b.iter(|| wire::decode_object::<T>(black_box(pb)).expect("decodes"))
    });
    group.bench_function("protobuf_encode_typed", |b| {
        b.iter(|| wire::encode_object(&api_version, &type_kind, black_box(&object)))
    });
    group.finish();
}

/// `json_encode`: serde_json from the Rust type `T`.
fn typed_encode<T: Serialize + DeserializeOwned>(c: &mut Criterion, kind: &str, json: &[u8]) {
    let typed: T = serde_json::from_slice(json).expect("the fixture decodes into its type");
    c.benchmark_group(kind).bench_function("json_encode", |b| {
        b.iter(|| serde_json::to_vec(black_box(&typed)).expect("encodes"))
    });
}

fn codec(c: &mut Criterion) {
    let registry = apis::registry();
    for k in KINDS {
        let Some(entry): Option<&Entry> = registry.entries().iter().find(|e| {
            e.info.group == k.group && e.info.version == k.version && e.info.kind == k.kind
        }) else {
            eprintln!("skipping {}: not served by the registry yet", k.kind);
            continue;
        };
        let (Some(pretty), Some(pb)) = (
            fixture(&format!("{}.json", k.file)),
            fixture(&format!("{}.pb", k.file)),
        ) else {
            eprintln!("skipping {}: fixture missing", k.kind);
            continue;
        };
        let value: Value = serde_json::from_slice(&pretty).expect("the fixture is JSON");
        let json = serde_json::to_vec(&value).expect("encodes");
        let object = match entry.kind.decode(&json).and_then(|d| d.object.to_value()) {
            Ok(object) => object,
            Err(e) => {
                eprintln!("skipping {}: the fixture does not decode: {e}", k.kind);
                continue;
            }
        };
        eprintln!(
            "{}: {} bytes of JSON, {} bytes of protobuf",
            k.kind,
            json.len(),
            pb.len()
        );

        let mut group = c.benchmark_group(k.kind);
        group.bench_function("json_decode", |b| {
            b.iter(|| entry.kind.decode(black_box(&json)).expect("decodes"))
        });
        group.bench_function("json_decode_value", |b| {
            b.iter(|| serde_json::from_slice::<Value>(black_box(&json)).expect("decodes"))
        });
        group.bench_function("json_encode_value", |b| {
            b.iter(|| serde_json::to_vec(black_box(&object)).expect("encodes"))
        });
        if let Some(message) = entry.kind.protobuf() {
            match protobuf::decode_object(&pb, message) {
                Ok(_) => {
                    group.bench_function("protobuf_decode", |b| {
                        b.iter(|| {
                            protobuf::decode_object(black_box(&pb), message).expect("decodes")
                        })
                    });
                    group.bench_function("protobuf_encode", |b| {
                        b.iter(|| protobuf::wrap(black_box(&object), message))
                    });
                }
                Err(e) => eprintln!("skipping {} protobuf: {e}", k.kind),
            }
        }
        // Validation of a valid object, as most writes are: both validators
        // walk everything and report nothing.
        let mut valid = object.clone();
        make_valid(k.kind, &mut valid);
        let ctx = runtime::validate::Context::create();
        assert!(entry.kind.validates(), "the bench kinds have validation");
        // As the server holds a write: decoded into the Rust type, behind
        // the registry's object trait.
        let typed = entry
            .kind
            .read_value(&valid)
            .expect("the valid object decodes");
        group.bench_function("validation", |b| {
            b.iter(|| black_box(&typed).validate(None, &ctx))
        });
        match json_schema_validator(k) {
            Some(validator) => {
                eprintln!(
                    "{}: jsonschema finds {} error(s), the generated validation {}",
                    k.kind,
                    validator.iter_errors(&valid).count(),
                    typed.validate(None, &ctx).len()
                );
                group.bench_function("validation_jsonschema", |b| {
                    b.iter(|| validator.iter_errors(black_box(&valid)).count())
                });
            }
            None => eprintln!("skipping {} jsonschema: no generated schema", k.kind),
        }
        let schema = entry.kind.schema();
        let patch = serde_json::json!({"metadata": {
            "labels": {"bench.example.com/patched": "true"},
            "annotations": {"bench.example.com/patched": "true"},
        }});
        match server::patch::strategic::apply(&object, &patch, schema) {
            Ok(_) => {
                group.bench_function("strategic_merge", |b| {
                    b.iter(|| {
                        server::patch::strategic::apply(black_box(&object), &patch, schema)
                            .expect("patches")
                    })
                });
                group.bench_function("json_merge", |b| {
                    b.iter(|| {
                        let mut v = black_box(&object).clone();
                        json_patch::merge(&mut v, &patch);
                        v
                    })
                });
            }
            Err(e) => eprintln!("skipping {} strategic merge: {e}", k.kind),
        }
        group.finish();
        // The typed benchmarks start from the object made valid: the
        // fixtures' placeholder enum values have no Rust variant.
        let valid = serde_json::to_vec(&valid).expect("encodes");
        if let Some(bench) = k.typed_encode {
            bench(c, k.kind, &valid);
        }
        if let Some(bench) = k.typed_defaults {
            bench(c, k.kind, &valid);
        }
        (k.prost_direct)(c, k.kind, &pb);
        (k.typed_protobuf)(c, k.kind, &pb);
        match k.kind {
            "Deployment" => typed_validation::<apis::apps::v1::Deployment>(c, k.kind, &valid),
            "Pod" => typed_validation::<apis::core::v1::Pod>(c, k.kind, &valid),
            _ => {}
        }
    }
}

/// The write path for one Deployment: create, update and server-side apply
/// through the router (decode, defaulting, validation, managed fields,
/// storage, encode), in process so that HTTP costs do not blur the ratios.
/// Upstream's structured-merge-diff measured apply at about 2.7x and update
/// at about 1.8x the cost of a create for a Pod.
/// The fixtures fill every field with a placeholder, which upstream's
/// hand-written rules reject; this makes a Deployment or a Pod valid while
/// keeping its size: a selector its template matches, pods that restart
/// `Always`, DNS-label names, one source per volume and per variable,
/// one handler per probe and hook, mounts of a declared volume, memory for
/// resources. Other kinds are left alone.
fn make_valid(kind: &str, object: &mut Value) {
    let pod = match kind {
        "Deployment" => {
            object["spec"]["selector"] = serde_json::json!({"matchLabels": {"app": "bench"}});
            object["spec"]["template"]["metadata"]["labels"] = serde_json::json!({"app": "bench"});
            object["spec"]["strategy"] = serde_json::json!({"type": "RollingUpdate",
                "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}});
            &mut object["spec"]["template"]["spec"]
        }
        "Pod" => &mut object["spec"],
        _ => return,
    };
    let Some(pod) = pod.as_object_mut() else {
        return;
    };
    // The fixture's enumerated values (`dnsPolicyValue`, ...) are none of
    // upstream's.
    pod.insert("restartPolicy".into(), "Always".into());
    pod.insert("dnsPolicy".into(), "ClusterFirst".into());
    pod.remove("activeDeadlineSeconds");
    if let Some(volumes) = pod.get_mut("volumes").and_then(Value::as_array_mut) {
        let split: Vec<Value> = volumes
            .iter()
            .filter_map(Value::as_object)
            .flat_map(|v| v.iter().filter(|(k, _)| *k != "name"))
            .enumerate()
            .map(|(i, (source, body))| serde_json::json!({"name": format!("v{i}"), source: body}))
            .collect();
        *volumes = split;
    }
    for (list, prefix) in [("containers", "c"), ("initContainers", "i")] {
        let Some(containers) = pod.get_mut(list).and_then(Value::as_array_mut) else {
            continue;
        };
        for (i, c) in containers.iter_mut().enumerate() {
            c["name"] = format!("{prefix}{i}").into();
            split_env(c);
            c["imagePullPolicy"] = "IfNotPresent".into();
            c["terminationMessagePolicy"] = "File".into();
            for (j, port) in c["ports"].as_array_mut().into_iter().flatten().enumerate() {
                port["name"] = format!("p{j}").into();
                port["protocol"] = "TCP".into();
            }
            for mount in c["volumeMounts"].as_array_mut().into_iter().flatten() {
                mount["name"] = "v0".into();
            }
            // One handler per probe; liveness and startup succeed once.
            for probe in ["livenessProbe", "readinessProbe", "startupProbe"] {
                let Some(p) = c.get_mut(probe).and_then(Value::as_object_mut) else {
                    continue;
                };
                for handler in ["httpGet", "tcpSocket", "grpc"] {
                    if p.contains_key("exec") {
                        p.remove(handler);
                    }
                }
                if probe != "readinessProbe" {
                    p.insert("successThreshold".into(), 1.into());
                }
            }
            // One handler per lifecycle hook too.
            for hook in ["postStart", "preStop"] {
                let Some(h) = c["lifecycle"].get_mut(hook).and_then(Value::as_object_mut) else {
                    continue;
                };
                if h.contains_key("exec") {
                    h.retain(|handler, _| handler == "exec");
                }
            }
        }
    }
}

/// The fixture's one variable sets a value and every source, and its one
/// `envFrom` both objects: a variable with the value and one per source,
/// one `envFrom` per object, each naming an object (lower-cased) and a pod
/// field or resource a variable may read; the resources become memory,
/// which a container may ask for.
fn split_env(container: &mut Value) {
    let lower_name = |body: &mut Value| {
        if let Some(name) = body["name"].as_str().map(str::to_lowercase) {
            body["name"] = name.into();
        }
    };
    if let Some(env) = container.get_mut("env").and_then(Value::as_array_mut) {
        let mut split = Vec::new();
        for var in env.iter() {
            split.push(serde_json::json!({"name": var["name"], "value": var["value"]}));
            let sources = var["valueFrom"].as_object().into_iter().flatten();
            for (i, (source, body)) in sources.enumerate() {
                let mut body = body.clone();
                match source.as_str() {
                    "fieldRef" => {
                        body = serde_json::json!({"apiVersion": "v1", "fieldPath": "metadata.name"})
                    }
                    "resourceFieldRef" => {
                        body["resource"] = "limits.memory".into();
                        body["divisor"] = "1Mi".into();
                    }
                    _ => lower_name(&mut body),
                }
                split.push(
                    serde_json::json!({"name": format!("V{i}"), "valueFrom": {source: body}}),
                );
            }
        }
        *env = split;
    }
    if let Some(env_from) = container.get_mut("envFrom").and_then(Value::as_array_mut) {
        let mut split = Vec::new();
        for from in env_from.iter() {
            for source in ["configMapRef", "secretRef"] {
                if let Some(body) = from.get(source) {
                    let mut body = body.clone();
                    lower_name(&mut body);
                    split.push(serde_json::json!({"prefix": from["prefix"], source: body}));
                }
            }
        }
        *env_from = split;
    }
    for list in ["limits", "requests"] {
        if let Some(resources) = container["resources"].get_mut(list) {
            *resources = serde_json::json!({"memory": "0"});
        }
    }
}

fn writes(c: &mut Criterion) {
    use axum::body::Body;
    use axum::http::{Method, Request, StatusCode};
    use server::storage::{MemoryStore, Store};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    use tower::ServiceExt;

    let Some(pretty) = fixture("apps.v1.Deployment.json") else {
        eprintln!("skipping writes: fixture missing");
        return;
    };
    let mut object: Value = serde_json::from_slice(&pretty).expect("the fixture is JSON");
    // What a client sends: no server-set metadata.
    let meta = object["metadata"].as_object_mut().expect("metadata");
    for key in [
        "generateName",
        "selfLink",
        "uid",
        "resourceVersion",
        "generation",
        "creationTimestamp",
        "deletionTimestamp",
        "deletionGracePeriodSeconds",
        "managedFields",
        "finalizers",
        "ownerReferences",
    ] {
        meta.remove(key);
    }
    meta.insert("namespace".into(), "default".into());
    object.as_object_mut().expect("object").remove("status");
    make_valid("Deployment", &mut object);
    let named = |name: &str, revision: u64| {
        let mut o = object.clone();
        o["metadata"]["name"] = name.into();
        o["metadata"]["labels"]["bench.example.com/revision"] = revision.to_string().into();
        serde_json::to_vec(&o).expect("encodes")
    };
    const PATH: &str = "/apis/apps/v1/namespaces/default/deployments";

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let fresh = || {
        let store = Arc::new(MemoryStore::new());
        let server = rt.block_on(async {
            server::ApiServer::new(apis::registry(), store.clone(), &server::Config::default())
                .expect("server")
        });
        (store, server.router())
    };
    let send =
        |router: &axum::Router, method: Method, uri: &str, content_type: &str, body: Vec<u8>| {
            let request = Request::builder()
                .method(method)
                .uri(uri)
                .header("content-type", content_type)
                .body(Body::from(body))
                .expect("request");
            rt.block_on(async {
                let response = router.clone().oneshot(request).await.expect("infallible");
                let status = response.status();
                let body = axum::body::to_bytes(response.into_body(), usize::MAX)
                    .await
                    .expect("body");
                (status, body)
            })
        };
    // Times `iters` writes on a fresh store, compacting (untimed) every
    // 1000 so that history does not grow without bound. Each write's body
    // (`body_of(n)`, what the client sends) is built before the clock starts.
    // With `watched`, a watch of the resource is started first (and its
    // response dropped), and each write is followed by a yield to the
    // runtime: its watch cache then takes every write's event within the
    // timed requests, as it does beside them in a server with watchers.
    let run = |iters: u64,
               body_of: &dyn Fn(u64) -> Vec<u8>,
               write: &dyn Fn(&axum::Router, u64, Vec<u8>) -> StatusCode,
               expect: StatusCode,
               watched: bool| {
        let (store, router) = fresh();
        if watched {
            let request = Request::builder()
                .uri(format!("{PATH}?watch=true"))
                .body(Body::empty())
                .expect("request");
            let response = rt
                .block_on(router.clone().oneshot(request))
                .expect("infallible");
            assert_eq!(response.status(), StatusCode::OK);
        }
        let (status, body) = send(
            &router,
            Method::POST,
            PATH,
            "application/json",
            named("d", 0),
        );
        assert_eq!(
            status,
            StatusCode::CREATED,
            "{}",
            String::from_utf8_lossy(&body)
        );
        let mut elapsed = Duration::ZERO;
        let mut i = 0;
        while i < iters {
            let chunk = (iters - i).min(1000);
            let bodies: Vec<Vec<u8>> = (i..i + chunk).map(|n| body_of(n + 1)).collect();
            let start = Instant::now();
            for (n, body) in (i..i + chunk).zip(bodies) {
                let status = write(&router, n + 1, body);
                assert_eq!(status, expect);
                if watched {
                    rt.block_on(tokio::task::yield_now());
                }
            }
            elapsed += start.elapsed();
            i += chunk;
            store.compact(store.current_revision()).expect("compacts");
        }
        elapsed
    };
    let mut group = c.benchmark_group("Deployment");
    let deployments = apis::registry()
        .find("apps", "v1", "deployments")
        .expect("deployments served")
        .kind;
    let created = deployments.decode(&named("d", 0)).expect("decodes").object;
    // What a client's update sends back: the object as the server answers
    // it, its managed fields included.
    let (_, router) = fresh();
    let (status, answered) = send(
        &router,
        Method::POST,
        PATH,
        "application/json",
        named("d", 0),
    );
    assert_eq!(
        status,
        StatusCode::CREATED,
        "{}",
        String::from_utf8_lossy(&answered)
    );
    group.bench_function("json_decode_managed", |b| {
        b.iter(|| deployments.decode(black_box(&answered)).expect("decodes"))
    });
    // The create's own decode: the registry's `decode` of the next body
    // (timed), after a create through the router (untimed), as the
    // server decodes one body after another request's work.
    group.bench_function("json_decode_between_creates", |b| {
        b.iter_custom(|iters| {
            let (store, router) = fresh();
            let mut elapsed = Duration::ZERO;
            for n in 0..iters {
                if n % 1000 == 999 {
                    store.compact(store.current_revision()).expect("compacts");
                }
                let created = send(
                    &router,
                    Method::POST,
                    PATH,
                    "application/json",
                    named(&format!("c{n}"), 0),
                );
                assert_eq!(created.0, StatusCode::CREATED);
                let body = named(&format!("d{n}"), 0);
                let start = Instant::now();
                let decoded = deployments.decode(black_box(&body)).expect("decodes");
                drop(decoded);
                elapsed += start.elapsed();
            }
            elapsed
        })
    });
    group.bench_function("write_create_managed_fields", |b| {
        b.iter(|| {
            server::patch::apply::created(
                black_box(created.field_paths()),
                "bench",
                "apps/v1",
                runtime::meta::Time::now(),
                deployments.schema(),
                true,
            )
        })
    });
    for (id, watched) in [("write_create", false), ("write_create_watched", true)] {
        group.bench_function(id, |b| {
            b.iter_custom(|iters| {
                run(
                    iters,
                    &|n| named(&format!("d{n}"), 0),
                    &|router, _, body| send(router, Method::POST, PATH, "application/json", body).0,
                    StatusCode::CREATED,
                    watched,
                )
            })
        });
    }
    group.bench_function("write_update", |b| {
        b.iter_custom(|iters| {
            run(
                iters,
                &|n| named("d", n),
                &|router, _, body| {
                    send(
                        router,
                        Method::PUT,
                        &format!("{PATH}/d"),
                        "application/json",
                        body,
                    )
                    .0
                },
                StatusCode::OK,
                false,
            )
        })
    });
    group.bench_function("write_apply", |b| {
        b.iter_custom(|iters| {
            run(
                iters,
                &|n| named("d", n),
                &|router, _, body| {
                    send(
                        router,
                        Method::PATCH,
                        &format!("{PATH}/d?fieldManager=bench&force=true"),
                        "application/apply-patch+yaml",
                        body,
                    )
                    .0
                },
                StatusCode::OK,
                false,
            )
        })
    });
    group.finish();
}

/// A Widget at `example.dev/v1beta1` with every field set (the release in
/// its annotation), as a client sends it.
fn beta_widget() -> Value {
    serde_json::json!({
        "apiVersion": "example.dev/v1beta1",
        "kind": "Widget",
        "metadata": {
            "name": "web", "namespace": "default",
            "labels": {"app": "web", "tier": "frontend"},
            "annotations": {"example.dev/release": "v2.1", "owner": "team-a"},
        },
        "spec": {
            "size": 3, "displayName": "Web", "color": "Green",
            "ports": [
                {"name": "http", "port": 8080, "protocol": "TCP"},
                {"name": "metrics", "port": 9090, "protocol": "TCP"},
            ],
            "tags": ["a", "b", "c"],
            "settings": {"mode": "fast", "level": "3"},
            "terminationGracePeriodSeconds": 30,
            "maxUnavailable": "25%",
        },
        "status": {
            "replicas": 3, "phase": "Running", "selector": "app=web",
            "conditions": [{
                "type": "Ready", "status": "True", "reason": "Up", "message": "all up",
                "lastTransitionTime": "2026-01-01T00:00:00Z",
            }],
        },
    })
}

/// Conversion of a Widget from v1beta1 through the hub to v1 (the
/// storage version), as a write at v1beta1 stores it, beside the JSON
/// decode of the same object.
fn conversion(c: &mut Criterion) {
    use apis::example::{self, v1, v1beta1};
    let json = serde_json::to_vec(&beta_widget()).expect("encodes");
    let beta: v1beta1::Widget = serde_json::from_slice(&json).expect("decodes");
    let mut group = c.benchmark_group("Widget");
    group.bench_function("json_decode", |b| {
        b.iter(|| serde_json::from_slice::<v1beta1::Widget>(black_box(&json)).unwrap())
    });
    group.bench_function("conversion_v1beta1_to_v1", |b| {
        b.iter_batched(
            || beta.clone(),
            |w| v1::Widget::from(example::Widget::from(w)),
            BatchSize::SmallInput,
        )
    });
    group.finish();

    // Upstream's own two-version kind: the v2 fixture (every metric source,
    // behavior, conditions) read at v1, whose conversion writes the rest of
    // v2 as JSON annotations, and written back, as a v1 client's
    // read-modify-write converts it.
    use apis::autoscaling::{self, v1 as hpa_v1, v2 as hpa_v2};
    let Some(json) = fixture("autoscaling.v2.HorizontalPodAutoscaler.json") else {
        return;
    };
    let v2: hpa_v2::HorizontalPodAutoscaler = serde_json::from_slice(&json).expect("decodes");
    let mut group = c.benchmark_group("HorizontalPodAutoscaler");
    group.bench_function("json_decode", |b| {
        b.iter(|| {
            serde_json::from_slice::<hpa_v2::HorizontalPodAutoscaler>(black_box(&json)).unwrap()
        })
    });
    group.bench_function("conversion_v2_to_v1_and_back", |b| {
        b.iter_batched(
            || v2.clone(),
            |h| {
                let v1 = hpa_v1::HorizontalPodAutoscaler::from(
                    autoscaling::HorizontalPodAutoscaler::from(h),
                );
                hpa_v2::HorizontalPodAutoscaler::from(autoscaling::HorizontalPodAutoscaler::from(
                    v1,
                ))
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, codec, typical, writes, conversion);
criterion_main!(benches);
