//! Declarative validation end to end: every tag the example group carries,
//! with a valid and an invalid value and the exact error string; ratcheting
//! on update (unchanged invalid values pass, list-map items matched by key);
//! and the 422 body kube-apiserver would send.

use std::sync::Arc;

use apis::example::v1::{
    Connection, EthernetConnection, Gadget, GadgetSpec, MainsPower, Widget, WidgetPort, WidgetSpec,
    WifiConnection,
};
use runtime::field::Path;
use runtime::validate::{Context, Validate};
use serde_json::{Value, json};
use server::Config;
use server::storage::MemoryStore;
use tests::TestServer;

fn errors<T: Validate>(new: &T, old: Option<&T>, ctx: &Context) -> Vec<String> {
    new.validate_update(old, &Path::root(), ctx)
        .iter()
        .map(|e| e.to_string())
        .collect()
}

fn gadget(spec: GadgetSpec) -> Gadget {
    Gadget {
        spec: Some(spec),
        ..Default::default()
    }
}

fn valid_spec() -> GadgetSpec {
    GadgetSpec {
        owner: "team.example.com".into(),
        ..Default::default()
    }
}

fn check(spec: GadgetSpec, want: &[&str]) {
    assert_eq!(errors(&gadget(spec), None, &Context::create()), want);
}

#[test]
fn required_and_format() {
    check(valid_spec(), &[]);
    check(
        GadgetSpec {
            owner: String::new(),
            ..valid_spec()
        },
        &["spec.owner: Required value"],
    );
    check(
        GadgetSpec {
            owner: "Team".into(),
            ..valid_spec()
        },
        &[
            "spec.owner: Invalid value: \"Team\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        ],
    );
    check(
        GadgetSpec {
            address: Some("10.0.0.1".into()),
            ..valid_spec()
        },
        &[],
    );
    check(
        GadgetSpec {
            address: Some("10.0.0".into()),
            ..valid_spec()
        },
        &[
            "spec.address: Invalid value: \"10.0.0\": must be a valid IP address (e.g. 10.9.8.7 or 2001:db8::ffff)",
        ],
    );
}

#[test]
fn neq_forbidden_and_lengths() {
    check(
        GadgetSpec {
            serial: Some("s1".into()),
            ..valid_spec()
        },
        &[],
    );
    check(
        GadgetSpec {
            serial: Some(String::new()),
            ..valid_spec()
        },
        &["spec.serial: Invalid value: \"\": must not be equal to \"\""],
    );
    check(
        GadgetSpec {
            legacy_id: Some("x".into()),
            ..valid_spec()
        },
        &["spec.legacyId: Forbidden"],
    );
    check(
        GadgetSpec {
            nickname: Some("ok".into()),
            ..valid_spec()
        },
        &[],
    );
    check(
        GadgetSpec {
            nickname: Some("x".into()),
            ..valid_spec()
        },
        &["spec.nickname: Too short: must be at least 2 characters"],
    );
    // ifDisabled("LongNicknames")=maxLength=8: applies only while the option is off.
    let long = GadgetSpec {
        nickname: Some("ninechars".into()),
        ..valid_spec()
    };
    assert_eq!(
        errors(&gadget(long.clone()), None, &Context::create()),
        ["spec.nickname: Too long: may not be more than 8 characters"]
    );
    assert!(
        errors(
            &gadget(long),
            None,
            &Context::create().with_option("LongNicknames")
        )
        .is_empty()
    );
}

#[test]
fn declarative_native_marks_its_errors() {
    let errs = gadget(GadgetSpec {
        nickname: Some("x".into()),
        ..valid_spec()
    })
    .validate(&Path::root(), &Context::create());
    assert!(errs[0].declarative_native, "{errs:?}");
}

#[test]
fn zero_or_one_of_subfield_and_opaque_type() {
    let mains = Some(MainsPower { voltage: 230 });
    check(
        GadgetSpec {
            mains: mains.clone(),
            ..valid_spec()
        },
        &[],
    );
    check(
        GadgetSpec {
            mains,
            battery: Some(Default::default()),
            ..valid_spec()
        },
        &[
            "spec: Invalid value: \"{mains, battery}\": must specify at most one of: `mains`, `battery`",
        ],
    );
    // subfield("voltage")=maximum=240, beside MainsPower's own minimum=1.
    check(
        GadgetSpec {
            mains: Some(MainsPower { voltage: 400 }),
            ..valid_spec()
        },
        &["spec.mains.voltage: Invalid value: 400: must be less than or equal to 240"],
    );
    check(
        GadgetSpec {
            mains: Some(MainsPower { voltage: 0 }),
            ..valid_spec()
        },
        &["spec.mains.voltage: Invalid value: 0: must be greater than or equal to 1"],
    );
    // opaqueType: the spare's own rules do not run.
    check(
        GadgetSpec {
            spare: Some(MainsPower { voltage: -5 }),
            ..valid_spec()
        },
        &[],
    );
}

#[test]
fn discriminated_union() {
    let wifi = Some(WifiConnection {
        ssid: "home".into(),
    });
    let conn =
        |t: &str, wifi: Option<WifiConnection>, ethernet: Option<EthernetConnection>| GadgetSpec {
            connection: Some(Connection {
                r#type: t.into(),
                wifi,
                ethernet,
            }),
            ..valid_spec()
        };
    check(conn("Wifi", wifi.clone(), None), &[]);
    check(
        conn("Wifi", None, None),
        &["spec.connection.wifi: Invalid value: \"\": must be specified when `type` is \"Wifi\""],
    );
    check(
        conn(
            "Ethernet",
            wifi,
            Some(EthernetConnection { speed_mbps: 100 }),
        ),
        &[
            "spec.connection.wifi: Invalid value: \"\": may only be specified when `type` is \"Wifi\"",
        ],
    );
}

fn widget(spec: WidgetSpec) -> Widget {
    Widget {
        spec: Some(spec),
        ..Default::default()
    }
}

fn port(name: &str, port: i32) -> WidgetPort {
    WidgetPort {
        name: name.into(),
        port,
        protocol: Some("TCP".into()),
    }
}

#[test]
fn lists_maps_and_items() {
    let w = |spec| errors(&widget(spec), None, &Context::create());
    assert!(
        w(WidgetSpec {
            ports: vec![port("http", 80), port("metrics", 9090)],
            tags: vec!["a".into(), "b".into()],
            ..Default::default()
        })
        .is_empty()
    );
    assert_eq!(
        w(WidgetSpec {
            ports: vec![port("http", 80), port("http", 81)],
            ..Default::default()
        }),
        ["spec.ports[1]: Duplicate value: {\"name\":\"http\",\"port\":81,\"protocol\":\"TCP\"}"]
    );
    assert_eq!(
        w(WidgetSpec {
            tags: vec!["a".into(), "a".into()],
            ..Default::default()
        }),
        ["spec.tags[1]: Duplicate value: \"a\""]
    );
    assert_eq!(
        w(WidgetSpec {
            tags: vec!["x".repeat(33)],
            ..Default::default()
        }),
        ["spec.tags[0]: Too long: may not be more than 32 characters"]
    );
    assert_eq!(
        w(WidgetSpec {
            ports: (0..17).map(|i| port(&format!("p{i}"), 80)).collect(),
            ..Default::default()
        }),
        ["spec.ports: Too many: 17: must have at most 16 items"]
    );
    // item(name: "metrics")=subfield("port")=minimum=1024.
    assert_eq!(
        w(WidgetSpec {
            ports: vec![port("metrics", 80)],
            ..Default::default()
        }),
        ["spec.ports[0].port: Invalid value: 80: must be greater than or equal to 1024"]
    );
    // eachKey=format=k8s-short-name.
    let settings = [("Bad Key".to_string(), "v".to_string())]
        .into_iter()
        .collect();
    assert_eq!(
        w(WidgetSpec {
            settings,
            ..Default::default()
        }),
        [
            "spec.settings[Bad Key]: Invalid value: \"Bad Key\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
        ]
    );
    // required short-circuits the field's other tags.
    assert_eq!(
        w(WidgetSpec {
            ports: vec![port("p", 0)],
            ..Default::default()
        }),
        ["spec.ports[0].port: Required value"]
    );
}

#[test]
fn immutable_on_update() {
    let old = gadget(GadgetSpec {
        serial: Some("s1".into()),
        ..valid_spec()
    });
    let same = old.clone();
    assert!(errors(&same, Some(&old), &Context::update()).is_empty());
    let changed = gadget(GadgetSpec {
        serial: Some("s2".into()),
        ..valid_spec()
    });
    assert_eq!(
        errors(&changed, Some(&old), &Context::update()),
        ["spec.serial: Forbidden: field is immutable"]
    );
}

#[test]
fn ratcheting_lets_unchanged_invalid_values_through() {
    // An option turns on a newer rule (terminationGracePeriodSeconds >= 1).
    let gate = Context::update().with_option("WidgetGracePeriod");
    let old = widget(WidgetSpec {
        termination_grace_period_seconds: Some(0),
        ..Default::default()
    });
    let mut elsewhere = old.clone();
    elsewhere.spec.as_mut().unwrap().display_name = Some("renamed".into());
    assert!(
        errors(&elsewhere, Some(&old), &gate).is_empty(),
        "unchanged invalid value passes"
    );
    let mut changed = old.clone();
    changed
        .spec
        .as_mut()
        .unwrap()
        .termination_grace_period_seconds = Some(-1);
    assert_eq!(
        errors(&changed, Some(&old), &gate),
        [
            "spec.terminationGracePeriodSeconds: Invalid value: -1: must be greater than or equal to 1"
        ]
    );

    // List-map items are matched with old items by key, not position.
    let old = widget(WidgetSpec {
        ports: vec![port("metrics", 80)],
        ..Default::default()
    });
    let reordered = widget(WidgetSpec {
        ports: vec![port("http", 8080), port("metrics", 80)],
        ..Default::default()
    });
    assert!(
        errors(&reordered, Some(&old), &Context::update())
            .iter()
            .all(|e| !e.contains("ports[1]")),
        "metrics:80 unchanged by key"
    );
    let bumped = widget(WidgetSpec {
        ports: vec![port("http", 8080), port("metrics", 81)],
        ..Default::default()
    });
    assert!(errors(&bumped, Some(&old), &Context::update()).contains(
        &"spec.ports[1].port: Invalid value: 81: must be greater than or equal to 1024".to_string()
    ));
}

#[test]
fn the_server_answers_422_with_every_cause() {
    let s = TestServer::start_with_config(
        Arc::new(MemoryStore::new()),
        Config {
            port: 0,
            ..Config::default()
        },
    );
    let body = json!({"apiVersion": "example.dev/v1", "kind": "Gadget", "metadata": {"name": "g"},
                      "spec": {"owner": "team", "legacyId": "x", "nickname": "y"}});
    let (code, status) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            let resp = reqwest::Client::new()
                .post(format!("{}/apis/example.dev/v1/gadgets", s.url()))
                .header("Content-Type", "application/json")
                .body(body.to_string())
                .send()
                .await
                .unwrap();
            (resp.status().as_u16(), resp.json::<Value>().await.unwrap())
        });
    assert_eq!(code, 422);
    assert_eq!(
        status,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "Gadget.example.dev \"g\" is invalid: [spec.nickname: Too short: must be at least 2 characters, spec.legacyId: Forbidden]",
               "reason": "Invalid",
               "details": {"name": "g", "group": "example.dev", "kind": "Gadget", "causes": [
                   {"reason": "FieldValueTooShort", "message": "Too short: must be at least 2 characters", "field": "spec.nickname"},
                   {"reason": "FieldValueForbidden", "message": "Forbidden", "field": "spec.legacyId"}]},
               "code": 422})
    );
}

#[test]
fn hand_written_rules_join_the_generated_ones() {
    let spec = WidgetSpec {
        replicas: Some(300),
        tags: vec!["a".into(), "a".into()],
        ..Default::default()
    };
    assert_eq!(
        errors(&widget(spec), None, &Context::create()),
        [
            "spec.tags[1]: Duplicate value: \"a\"",
            "spec.displayName: Required value: a widget with more than 100 replicas needs a display name",
        ]
    );
}

/// The kubebuilder schema markers on `WidgetSpec`: `release` must match its
/// `Pattern` (kube-apiserver's custom-resource message), `template` is an
/// `EmbeddedResource` that must name its apiVersion and kind and keeps
/// every field it is sent (`PreserveUnknownFields`, so Strict field
/// validation finds nothing unknown inside it), and `maxUnavailable` is
/// an int-or-string either way.
#[test]
fn pattern_embedded_resource_and_int_or_string() {
    let s = TestServer::start();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let post = |name: &str, spec: Value| {
        let body = json!({"apiVersion": "example.dev/v1", "kind": "Widget",
                          "metadata": {"name": name}, "spec": spec});
        rt.block_on(async {
            let resp = reqwest::Client::new()
                .post(format!(
                    "{}/apis/example.dev/v1/namespaces/default/widgets?fieldValidation=Strict",
                    s.url()
                ))
                .header("Content-Type", "application/json")
                .body(body.to_string())
                .send()
                .await
                .unwrap();
            (resp.status().as_u16(), resp.json::<Value>().await.unwrap())
        })
    };
    let template = json!({"apiVersion": "v1", "kind": "ConfigMap",
                          "metadata": {"name": "seed"}, "data": {"k": "v"}, "extra": {"any": [1, 2]}});
    let (code, created) = post(
        "good",
        json!({"release": "v2.1", "maxUnavailable": "25%", "template": template}),
    );
    assert_eq!(code, 201, "{created}");
    assert_eq!(created["spec"]["template"], template);
    assert_eq!(created["spec"]["maxUnavailable"], "25%");
    let (code, created) = post("count", json!({"maxUnavailable": 2}));
    assert_eq!(code, 201, "{created}");
    assert_eq!(created["spec"]["maxUnavailable"], 2);

    let (code, status) = post(
        "bad",
        json!({"release": "2.1", "template": {"metadata": {"name": "seed"}}}),
    );
    assert_eq!(code, 422, "{status}");
    assert_eq!(
        status["message"],
        "Widget.example.dev \"bad\" is invalid: [spec.release: Invalid value: \"2.1\": spec.release in body should match '^v[0-9]+(\\.[0-9]+)*$', spec.template.apiVersion: Required value: must not be empty, spec.template.kind: Required value: must not be empty]"
    );
    assert_eq!(
        status["details"]["causes"][1],
        json!({"reason": "FieldValueRequired", "message": "Required value: must not be empty", "field": "spec.template.apiVersion"})
    );
}

/// A kind is registered with validation exactly when its generated
/// validation does something: Lease (no tag reaches any of its fields) is
/// served without it, so its writes are not decoded a second time for
/// nothing; Deployment (the pod template's rules) and Widget (its own tags
/// and subresource list) are validated.
#[test]
fn only_kinds_whose_validation_does_something_are_validated() {
    let registry = apis::registry();
    let validated = |group: &str, plural: &str| {
        registry
            .find(group, "v1", plural)
            .unwrap_or_else(|| panic!("{plural} are served"))
            .kind
            .validates()
    };
    assert!(!validated("coordination.k8s.io", "leases"));
    assert!(validated("apps", "deployments"));
    assert!(validated("example.dev", "widgets"));
    assert!(validated("", "configmaps"));
}

/// `+k8s:supportsSubresource` (the example package lists `/status` and
/// `/scale`): validation runs for the object and those subresources, and a
/// write through any other path fails with validation-gen's internal
/// error.
#[test]
fn validation_is_chosen_per_subresource() {
    let registry = apis::registry();
    let entry = registry
        .find("example.dev", "v1", "widgets")
        .expect("widgets are served");
    let bad = entry
        .kind
        .read_value(&json!({"apiVersion": "example.dev/v1", "kind": "Widget",
                            "metadata": {"name": "w"}, "spec": {"replicas": -1}}))
        .expect("a Widget");
    assert!(entry.kind.validates(), "widgets have validation");
    let run = |subresource: &str| -> Vec<String> {
        let ctx = Context::create().with_subresource(subresource);
        bad.validate(None, &ctx)
            .iter()
            .map(|e| e.to_string())
            .collect()
    };
    let invalid = ["spec.replicas: Invalid value: -1: must be greater than or equal to 0"];
    assert_eq!(run(""), invalid);
    assert_eq!(run("/status"), invalid);
    assert_eq!(run("/scale"), invalid);
    assert_eq!(
        run("/approval"),
        ["<nil>: Internal error: no validation found for *v1.Widget, subresource: /approval"]
    );
}

/// Upstream's hand-written rules for the ported kinds, with its messages:
/// a Deployment's selector must be non-empty and match its template's
/// labels; containers need a unique DNS-label name and an image; ConfigMap
/// and Secret keys are config keys, and their data at most 1 MiB.
/// POSTs `body` as JSON to the server, answering the status code and the
/// JSON body.
fn post_json(s: &TestServer, path: &str, body: Value) -> (u16, Value) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let resp = reqwest::Client::new()
            .post(format!("{}{path}", s.url()))
            .header("Content-Type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        (resp.status().as_u16(), resp.json::<Value>().await.unwrap())
    })
}

#[test]
fn ported_kinds_carry_upstreams_hand_written_rules() {
    let s = TestServer::start();
    let post = |path: &str, body: Value| post_json(&s, path, body);
    let message = |(code, status): (u16, Value)| -> String {
        assert_eq!(code, 422, "{status}");
        status["message"].as_str().unwrap().to_string()
    };
    let deployment = |selector: Value, labels: Value, containers: Value| {
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
               "spec": {"selector": selector, "template": {"metadata": {"labels": labels},
                        "spec": {"containers": containers}}}})
    };
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let nginx = json!([{"name": "web", "image": "nginx"}]);
    assert_eq!(
        message(post(
            DEPLOYMENTS,
            deployment(
                json!({"matchLabels": {"app": "a"}}),
                json!({"app": "b"}),
                nginx.clone()
            )
        )),
        "Deployment.apps \"d\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"b\"}: `selector` does not match template `labels`"
    );
    assert_eq!(
        message(post(
            DEPLOYMENTS,
            deployment(json!({}), json!({"app": "b"}), nginx.clone())
        )),
        "Deployment.apps \"d\" is invalid: spec.selector: Invalid value: {}: empty selector is invalid for deployment"
    );
    let (code, _) = post(
        DEPLOYMENTS,
        deployment(
            json!({"matchExpressions": [{"key": "app", "operator": "In", "values": ["a", "b"]}]}),
            json!({"app": "b"}),
            nginx,
        ),
    );
    assert_eq!(code, 201, "a selector expression that matches is fine");

    const PODS: &str = "/api/v1/namespaces/default/pods";
    let pod = |containers: Value| {
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
               "spec": {"containers": containers}})
    };
    assert_eq!(
        message(post(PODS, pod(json!([])))),
        "Pod \"p\" is invalid: spec.containers: Required value"
    );
    assert_eq!(
        message(post(
            PODS,
            pod(json!([{"name": "a"}, {"name": "a", "image": "x"}, {"name": "B_", "image": "x"}]))
        )),
        "Pod \"p\" is invalid: [spec.containers[0].image: Required value, spec.containers[1].name: Duplicate value: \"a\", spec.containers[2].name: Invalid value: \"B_\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')]"
    );

    const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";
    assert_eq!(
        message(post(
            CONFIGMAPS,
            json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"},
                   "data": {"bad key": "v", "k": "v"}, "binaryData": {"k": "dg=="}})
        )),
        "ConfigMap \"c\" is invalid: [data[bad key]: Invalid value: \"bad key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+'), data[k]: Invalid value: \"k\": duplicate of key present in binaryData, binaryData[k]: Invalid value: \"k\": duplicate of key present in data]"
    );
    let (code, status) = post(
        CONFIGMAPS,
        json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "big"},
               "data": {"a": "x".repeat(600 * 1024), "b": "y".repeat(600 * 1024)}}),
    );
    assert_eq!(
        message((code, status.clone())),
        "ConfigMap \"big\" is invalid: []: Too long: may not be more than 1048576 bytes"
    );
    assert_eq!(
        status["details"]["causes"][0]["reason"],
        "FieldValueTooLong"
    );

    assert_eq!(
        message(post(
            "/api/v1/namespaces/default/secrets",
            json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"},
                   "data": {"..x": "dg=="}})
        )),
        "Secret \"s\" is invalid: data[..x]: Invalid value: \"..x\": must not start with '..'"
    );
}

/// An enum value outside a Rust enum cannot be decoded into the type, but
/// it is reported as kube-apiserver reports it (422 `Unsupported value`)
/// together with the object's other errors, and nothing is written.
#[test]
fn an_unsupported_enum_value_is_reported_with_the_other_errors() {
    let s = TestServer::start();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let send = |method: reqwest::Method, path: &str, content_type: &str, body: Value| {
        rt.block_on(async {
            let resp = reqwest::Client::new()
                .request(method, format!("{}{path}", s.url()))
                .header("Content-Type", content_type)
                .body(body.to_string())
                .send()
                .await
                .unwrap();
            (resp.status().as_u16(), resp.json::<Value>().await.unwrap())
        })
    };
    const WIDGETS: &str = "/apis/example.dev/v1/namespaces/default/widgets";
    let (code, status) = send(
        reqwest::Method::POST,
        WIDGETS,
        "application/json",
        json!({"apiVersion": "example.dev/v1", "kind": "Widget", "metadata": {"name": "w"},
               "spec": {"replicas": -1, "color": "Purple",
                        "ports": [{"name": "a", "port": 1, "protocol": "TCP"}]}}),
    );
    assert_eq!(code, 422, "{status}");
    assert_eq!(
        status["message"],
        "Widget.example.dev \"w\" is invalid: [spec.color: Unsupported value: \"Purple\": supported values: \"Blue\", \"Green\", \"Red\", spec.replicas: Invalid value: -1: must be greater than or equal to 0]"
    );
    let (code, _) = send(
        reqwest::Method::GET,
        &format!("{WIDGETS}/w"),
        "application/json",
        Value::Null,
    );
    assert_eq!(code, 404, "nothing was written");

    // Through a patch of an existing object, too.
    let (code, created) = send(
        reqwest::Method::POST,
        WIDGETS,
        "application/json",
        json!({"apiVersion": "example.dev/v1", "kind": "Widget", "metadata": {"name": "w"},
               "spec": {"color": "Red"}}),
    );
    assert_eq!(code, 201, "{created}");
    let (code, status) = send(
        reqwest::Method::PATCH,
        &format!("{WIDGETS}/w"),
        "application/merge-patch+json",
        json!({"spec": {"color": "Pink", "displayName": "x".repeat(64)}}),
    );
    assert_eq!(code, 422, "{status}");
    assert_eq!(
        status["message"],
        "Widget.example.dev \"w\" is invalid: [spec.color: Unsupported value: \"Pink\": supported values: \"Blue\", \"Green\", \"Red\", spec.displayName: Too long: may not be more than 63 characters]"
    );
}

/// The next upstream rules users meet: a Deployment's strategy and
/// durations, and a container's ports, environment, volume mounts and
/// resources, with `pkg/apis/{apps,core}/validation`'s messages.
#[test]
fn deployment_strategy_and_container_rules_are_upstreams() {
    let s = TestServer::start();
    let post = |path: &str, body: Value| post_json(&s, path, body);
    let causes = |(code, status): (u16, Value)| -> Vec<String> {
        assert_eq!(code, 422, "{status}");
        status["details"]["causes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                format!(
                    "{}: {}",
                    c["field"].as_str().unwrap(),
                    c["message"].as_str().unwrap()
                )
            })
            .collect()
    };
    let deployment = |spec: Value| {
        let mut d = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
               "spec": {"selector": {"matchLabels": {"app": "a"}},
                        "template": {"metadata": {"labels": {"app": "a"}},
                                     "spec": {"containers": [{"name": "web", "image": "nginx"}]}}}});
        for (k, v) in spec.as_object().unwrap() {
            d["spec"][k] = v.clone();
        }
        d
    };
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    assert_eq!(
        causes(post(
            DEPLOYMENTS,
            deployment(
                json!({"strategy": {"type": "Recreate", "rollingUpdate": {"maxSurge": 1}},
                              "minReadySeconds": 30, "progressDeadlineSeconds": 30})
            )
        )),
        [
            "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
            "spec.progressDeadlineSeconds: Invalid value: 30: must be greater than minReadySeconds",
        ]
    );
    assert_eq!(
        causes(post(
            DEPLOYMENTS,
            deployment(
                json!({"strategy": {"rollingUpdate": {"maxUnavailable": "120%", "maxSurge": 0}},
                              "revisionHistoryLimit": -1})
            )
        )),
        [
            "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"120%\": must not be greater than 100%",
            "spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0",
        ]
    );
    assert_eq!(
        causes(post(
            DEPLOYMENTS,
            deployment(
                json!({"strategy": {"rollingUpdate": {"maxUnavailable": 0, "maxSurge": "0%"}}})
            )
        )),
        [
            "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"
        ]
    );

    const PODS: &str = "/api/v1/namespaces/default/pods";
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {
            "volumes": [{"name": "data", "emptyDir": {}}, {"name": "data", "hostPath": {"path": "/x"}, "emptyDir": {}},
                        // No source: defaulted to emptyDir (SetDefaults_Volume).
                        {"name": "none"}],
            "containers": [{"name": "app", "image": "nginx",
                "ports": [{"name": "http", "containerPort": 80}, {"name": "http", "containerPort": 70000}, {"name": "Web--", "containerPort": 0}],
                "env": [{"name": "A=B", "value": "x"}],
                "volumeMounts": [{"name": "data", "mountPath": "/d"}, {"name": "cache", "mountPath": "/d"}],
                "resources": {"limits": {"cpu": "500m", "memory": "1Gi", "example.com/dongle": "2"},
                              "requests": {"cpu": "1", "memory": "1024Mi", "example.com/dongle": "1"}}}]}});
    let got = causes(post(PODS, pod));
    let want = [
        "spec.volumes[1].hostPath: Forbidden: may not specify more than 1 volume type",
        "spec.volumes[1].name: Duplicate value: \"data\"",
        "spec.containers[0].ports[1].name: Duplicate value: \"http\"",
        "spec.containers[0].ports[1].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive",
        "spec.containers[0].ports[2].name: Invalid value: \"Web--\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
        "spec.containers[0].ports[2].name: Invalid value: \"Web--\": must not contain consecutive hyphens (-)",
        "spec.containers[0].ports[2].name: Invalid value: \"Web--\": must not begin or end with a hyphen (-)",
        "spec.containers[0].ports[2].containerPort: Required value",
        "spec.containers[0].env[0].name: Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='",
        "spec.containers[0].volumeMounts[1].name: Not found: \"cache\"",
        "spec.containers[0].volumeMounts[1].mountPath: Invalid value: \"/d\": must be unique",
        "spec.containers[0].resources.requests: Invalid value: \"1\": must be less than or equal to cpu limit of 500m",
        "spec.containers[0].resources.requests: Invalid value: \"1\": must be equal to example.com/dongle limit of 2",
    ];
    for w in want {
        assert!(got.iter().any(|g| g == w), "missing {w:?} in {got:#?}");
    }
    assert_eq!(got.len(), want.len(), "{got:#?}");

    // Probes and init containers.
    assert_eq!(
        causes(post(
            PODS,
            json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p2"},
                   "spec": {"initContainers": [{"name": "app", "image": "busybox"}, {"name": "setup"}],
                            "containers": [{"name": "app", "image": "nginx",
                                "livenessProbe": {"exec": {"command": ["true"]}, "tcpSocket": {"port": 80},
                                                  "successThreshold": 2},
                                "readinessProbe": {"periodSeconds": -1}}]}})
        )),
        [
            "spec.containers[0].livenessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type",
            "spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1",
            "spec.containers[0].readinessProbe: Required value: must specify a handler type",
            "spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0",
            "spec.initContainers[0].name: Duplicate value: \"app\"",
            "spec.initContainers[1].image: Required value",
        ]
    );

    // A Job's pods must finish: kubectl's "valid values" message.
    assert_eq!(
        causes(post(
            "/apis/batch/v1/namespaces/default/jobs",
            json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j"},
                   "spec": {"backoffLimit": -1,
                            "template": {"spec": {"containers": [{"name": "pi", "image": "perl"}]}}}})
        )),
        [
            "spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0",
            "spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\"",
        ]
    );
    // Several service ports need names, unique ones.
    assert_eq!(
        causes(post(
            "/api/v1/namespaces/default/services",
            json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"},
                   "spec": {"ports": [{"port": 80}, {"name": "web", "port": 443}, {"name": "web", "port": 0}]}})
        )),
        [
            "spec.ports[0].name: Required value",
            "spec.ports[2].name: Duplicate value: \"web\"",
            "spec.ports[2].port: Invalid value: 0: must be between 1 and 65535, inclusive",
            // targetPort defaults to the port (SetDefaults_Service).
            "spec.ports[2].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive",
        ]
    );
}
