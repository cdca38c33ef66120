//! Create: names, generateName, uid, generation, and what a POST refuses.

use super::*;

#[tokio::test]
async fn create_sets_system_fields_and_ignores_client_uid() {
    let api = Api::start();
    let mut w = widget("w1");
    w["metadata"]["uid"] = json!("client-chosen-uid");
    w["metadata"]["generation"] = json!(7);
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let m = &r.body["metadata"];
    let uid = m["uid"].as_str().expect("uid");
    assert_ne!(uid, "client-chosen-uid");
    assert_eq!(uid.len(), 36, "uid is a UUID: {uid}");
    let created = m["creationTimestamp"].as_str().expect("creationTimestamp");
    // RFC 3339 in UTC with second precision: 2006-01-02T15:04:05Z.
    let shape: String = created
        .chars()
        .map(|c| if c.is_ascii_digit() { '0' } else { c })
        .collect();
    assert_eq!(shape, "0000-00-00T00:00:00Z", "{created}");
    assert!(rv(&r.body).parse::<u64>().is_ok(), "{}", rv(&r.body));
    assert_eq!(m["generation"], 1);
    assert_eq!(m["namespace"], "default");
    assert_eq!(r.body["kind"], "Widget");
    assert_eq!(r.body["apiVersion"], "example.dev/v1");

    let got = api.get(&widget_uri("w1")).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.body, r.body);
}

/// A body is read as UTF-8 text: non-ASCII names and values are kept as
/// sent; a byte that is not UTF-8 is a 400 whose message is serde_json's
/// for the document, with nothing stored.
#[tokio::test]
async fn create_keeps_utf8_text_and_refuses_a_body_that_is_not_utf8() {
    let api = Api::start();
    let mut w = widget("utf8");
    w["metadata"]["annotations"] = json!({"note": "é ✓ 值", "other": "ключ"});
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let got = api.get(&widget_uri("utf8")).await;
    assert_eq!(got.body["metadata"]["annotations"]["note"], "é ✓ 值");
    assert_eq!(got.body["metadata"]["annotations"]["other"], "ключ");

    let mut body = widget("latin1").to_string().into_bytes();
    let at = body
        .windows(6)
        .position(|w| w == b"latin1")
        .expect("the name is in the body");
    body[at + 5] = 0xff;
    let r = api.post_bytes(WIDGETS, body).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "Widget in version \"v1\" cannot be handled as a Widget: invalid unicode code point"
    );
    let items = api.get(WIDGETS).await.body["items"].clone();
    assert_eq!(items.as_array().map(Vec::len), Some(1), "{items}");
}

/// Upstream: the storage layer refuses it
/// (k8s.io/apiserver/pkg/storage/etcd3/store.go `storage.ErrResourceVersionSetOnCreate`,
/// k8s.io/apiserver/pkg/storage/errors.go "resourceVersion should not be set on objects to be created"),
/// which `ErrorToAPIStatus` (endpoints/handlers/responsewriters/status.go) turns into a 500
/// with reason Unknown.
#[tokio::test]
async fn create_with_resource_version_is_refused() {
    let api = Api::start();
    let mut w = widget("w1");
    w["metadata"]["resourceVersion"] = json!("12345");
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", r.text);
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "resourceVersion should not be set on objects to be created", "code": 500})
    );
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn create_with_generate_name() {
    let api = Api::start();
    let w = json!({"apiVersion": "example.dev/v1", "kind": "Widget", "metadata": {"generateName": "gen-"}});
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let name = name(&r.body);
    let suffix = name.strip_prefix("gen-").expect("prefix kept");
    assert_eq!(suffix.len(), 5, "{name}");
    // utilrand.String's alphabet (k8s.io/apimachinery/pkg/util/rand/rand.go).
    assert!(
        suffix
            .chars()
            .all(|c| "bcdfghjklmnpqrstvwxz2456789".contains(c)),
        "{name}"
    );
    assert_eq!(r.body["metadata"]["generateName"], "gen-");
    assert_eq!(api.get(&widget_uri(name)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn create_with_another_namespace_in_the_body_is_400() {
    let api = Api::start();
    let mut w = widget("w1");
    w["metadata"]["namespace"] = json!("kube-system");
    let r = api.post(WIDGETS, &w).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "the namespace of the provided object does not match the namespace sent on the request"
    );
}

#[tokio::test]
async fn create_in_a_missing_namespace_is_404() {
    let api = Api::start();
    let r = api
        .post(
            "/apis/example.dev/v1/namespaces/nope/widgets",
            &widget("w1"),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "namespaces \"nope\" not found", "reason": "NotFound",
               "details": {"name": "nope", "kind": "namespaces"}, "code": 404})
    );
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn create_twice_is_409_already_exists() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.post(WIDGETS, &widget("w1")).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "widgets.example.dev \"w1\" already exists", "reason": "AlreadyExists",
               "details": {"name": "w1", "group": "example.dev", "kind": "widgets"}, "code": 409})
    );
}

#[tokio::test]
async fn create_with_an_invalid_name_is_422_with_causes() {
    let api = Api::start();
    let r = api.post(WIDGETS, &widget("Bad_Name")).await;
    let cause = format!("Invalid value: \"Bad_Name\": {DNS1123_SUBDOMAIN_ERROR}");
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": format!("Widget.example.dev \"Bad_Name\" is invalid: metadata.name: {cause}"),
               "reason": "Invalid",
               "details": {"name": "Bad_Name", "group": "example.dev", "kind": "Widget",
                           "causes": [{"reason": "FieldValueInvalid", "message": cause, "field": "metadata.name"}]},
               "code": 422})
    );
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// A protobuf body (`application/vnd.kubernetes.protobuf`) is decoded
/// through the kind's Rust type and its generated protobuf codec, and
/// defaulted there as a JSON body is; the envelope's type meta is checked
/// as a JSON body's `kind` is.
#[tokio::test]
async fn a_protobuf_body_is_decoded_through_the_type_and_defaulted() {
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let api = Api::start();
    let registry = apis::registry();
    let deployments = registry.find("apps", "v1", "deployments").unwrap();
    let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "pb"},
        "spec": {"selector": {"matchLabels": {"app": "pb"}},
            "template": {"metadata": {"labels": {"app": "pb"}},
                "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}});
    let body = deployments
        .kind
        .encode_protobuf(&deployment)
        .expect("Deployment has protobuf numbers")
        .unwrap();
    let protobuf = [("content-type", runtime::codec::protobuf::MEDIA_TYPE)];
    let r = api
        .send(Method::POST, DEPLOYMENTS, &protobuf, Body::from(body))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let spec = &r.body["spec"];
    assert_eq!(spec["replicas"], 1);
    assert_eq!(spec["strategy"]["rollingUpdate"]["maxSurge"], "25%");
    assert_eq!(
        spec["template"]["spec"]["containers"][0]["imagePullPolicy"],
        "Always"
    );
    assert_eq!(
        api.get(&format!("{DEPLOYMENTS}/pb")).await.body["spec"],
        *spec
    );

    let configmaps = registry.find("", "v1", "configmaps").unwrap();
    let body = configmaps
        .kind
        .encode_protobuf(&configmap("cm"))
        .unwrap()
        .unwrap();
    let r = api
        .send(Method::POST, DEPLOYMENTS, &protobuf, Body::from(body))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "ConfigMap in version \"v1\" cannot be handled as a Deployment: no kind \"ConfigMap\" is registered for version \"apps/v1\""
    );
}

/// The metadata the server completes is written in `ObjectMeta`'s Go field
/// order, as kube-apiserver writes it, in the create response and in what
/// a GET reads back (stored as protobuf or as JSON).
#[tokio::test]
async fn server_set_metadata_is_in_go_field_order() {
    let api = Api::start();
    let order = [
        "name",
        "generateName",
        "namespace",
        "uid",
        "resourceVersion",
        "generation",
        "creationTimestamp",
        "labels",
        "managedFields",
    ];
    for (uri, body) in [
        (
            CONFIGMAPS.to_string(),
            json!({"apiVersion": "v1", "kind": "ConfigMap",
                "metadata": {"labels": {"a": "b"}, "generateName": "cm-"}}),
        ),
        (
            WIDGETS.to_string(),
            json!({"apiVersion": "example.dev/v1", "kind": "Widget",
                "metadata": {"labels": {"a": "b"}, "generateName": "w-"}}),
        ),
    ] {
        let created = api.post(&uri, &body).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        let name = created.body["metadata"]["name"].as_str().unwrap();
        let got = api.get(&format!("{uri}/{name}")).await;
        for reply in [&created, &got] {
            let keys: Vec<&str> = reply.body["metadata"]
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            let expected: Vec<&str> = order.iter().copied().filter(|k| keys.contains(k)).collect();
            assert_eq!(keys, expected, "{uri}");
        }
    }
}

/// A Deployment (a kind stored as protobuf, with a status subresource):
/// the create answer is the object as every later read gives it, its
/// status reset to the empty status (upstream's `PrepareForCreate`,
/// written as `"status": {}`), the client's status dropped.
#[tokio::test]
async fn create_answer_is_the_stored_object_with_status_reset() {
    let api = Api::start();
    let uri = "/apis/apps/v1/namespaces/default/deployments";
    let body = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web", "labels": {"app": "web"}},
        "spec": {"selector": {"matchLabels": {"app": "web"}},
                 "template": {"metadata": {"labels": {"app": "web"}},
                              "spec": {"containers": [{"name": "c", "image": "nginx"}]}}},
        "status": {"replicas": 7, "readyReplicas": 7}});
    let r = api.post(uri, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["status"], json!({}));
    // Defaults were set on the typed object before it was stored.
    assert_eq!(r.body["spec"]["replicas"], 1);
    assert_eq!(
        r.body["spec"]["template"]["spec"]["containers"][0]["imagePullPolicy"],
        "Always"
    );
    let got = api.get(&format!("{uri}/web")).await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.text);
    assert_eq!(got.body, r.body);
}

/// The kind strategies' `WarningsOnCreate`: a pod whose name is not a DNS
/// label and that uses a deprecated node label and volume plugin is
/// created, with upstream's warnings after field validation's.
#[tokio::test]
async fn strategy_warnings_on_create() {
    let api = Api::start();
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web.1"},
        "spec": {"containers": [{"name": "c", "image": "nginx"}],
                 "nodeSelector": {"beta.kubernetes.io/os": "linux"},
                 "volumes": [{"name": "src", "gitRepo": {"repository": "https://example.com/r.git"}}],
                 "bogus": true}});
    let r = api.post("/api/v1/namespaces/default/pods", &pod).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let warnings = r.warnings();
    assert_eq!(
        warnings,
        [
            r#"299 - "unknown field \"spec.bogus\"""#,
            r#"299 - "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]""#,
            r#"299 - "spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use \"kubernetes.io/os\" instead""#,
            r#"299 - "spec.volumes[0].gitRepo: deprecated in v1.11""#,
        ]
    );
}

/// `podStrategy.PrepareForCreate` (pkg/registry/core/pod/strategy.go): a
/// created pod is `Pending` with its QoS class (`qos.ComputePodQOS`), the
/// status it was sent dropped; limits alone make a pod Guaranteed, as
/// defaulting copies them into requests first.
#[tokio::test]
async fn a_created_pod_is_pending_with_its_qos_class() {
    let api = Api::start();
    let pods = "/api/v1/namespaces/default/pods";
    let pod = |name: &str, resources: Value| {
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
               "spec": {"containers": [{"name": "c", "image": "nginx", "resources": resources}]},
               "status": {"phase": "Running", "podIP": "10.0.0.1"}})
    };
    for (name, resources, class) in [
        ("best-effort", json!({}), "BestEffort"),
        (
            "guaranteed",
            json!({"limits": {"cpu": "1", "memory": "1Gi"}}),
            "Guaranteed",
        ),
        (
            "burstable",
            json!({"requests": {"cpu": "100m"}}),
            "Burstable",
        ),
    ] {
        let r = api.post(pods, &pod(name, resources)).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        assert_eq!(
            r.body["status"],
            json!({"phase": "Pending", "qosClass": class}),
            "{name}"
        );
        let got = api.get(&format!("{pods}/{name}")).await;
        assert_eq!(got.body["status"], r.body["status"], "{name}");
    }
    // `kubectl get pods` shows the phase in its STATUS column.
    let table = api.get_as(pods, TABLE).await;
    let rows = table.body["rows"].as_array().expect("rows");
    assert!(
        rows.iter().all(|row| row["cells"][2] == "Pending"),
        "{}",
        table.text
    );
}

/// A body's `resourceVersion: ""` is Go's zero value, not a version set
/// on a create: the object is created (upstream's versioner reads `""` as
/// no version), where a set one is refused.
#[tokio::test]
async fn an_empty_resource_version_on_create_is_no_version() {
    let api = Api::start();
    let mut body = configmap("empty-rv");
    body["metadata"]["resourceVersion"] = json!("");
    let r = api.post(CONFIGMAPS, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(
        r.body["metadata"]["resourceVersion"]
            .as_str()
            .is_some_and(|rv| !rv.is_empty()),
        "{}",
        r.text
    );
    let mut body = configmap("set-rv");
    body["metadata"]["resourceVersion"] = json!("5");
    let refused = api.post(CONFIGMAPS, &body).await;
    assert_eq!(refused.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        refused.body["message"],
        "resourceVersion should not be set on objects to be created"
    );
}

/// Go's zero values are unset values: a Go zero time
/// (`0001-01-01T00:00:00Z`) and a zero `generation` in a Deployment's pod
/// template are read as absent, so the create's answer leaves them out
/// as kube-apiserver does (a zero `creationTimestamp` is omitted since
/// 1.33), and a GET and a LIST of the stored object agree with it.
#[tokio::test]
async fn go_zero_values_are_unset_in_the_answer_and_the_reads() {
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let api = Api::start();
    let body = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "zero"},
        "spec": {"selector": {"matchLabels": {"app": "zero"}},
            "template": {
                "metadata": {"labels": {"app": "zero"},
                    "creationTimestamp": "0001-01-01T00:00:00Z", "generation": 0},
                "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}});
    let created = api.post(DEPLOYMENTS, &body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let template = &created.body["spec"]["template"]["metadata"];
    assert_eq!(
        template,
        &json!({"labels": {"app": "zero"}}),
        "{}",
        created.text
    );
    let read = api.get(&format!("{DEPLOYMENTS}/zero")).await;
    assert_eq!(read.body["spec"], created.body["spec"]);
    let listed = api.get(DEPLOYMENTS).await;
    assert_eq!(listed.body["items"][0]["spec"], created.body["spec"]);
}

/// Managed fields a client sends whose FieldsV1 does not parse count as
/// none, as upstream's field manager drops entries it cannot decode: a
/// key starting with a character of several bytes has no colon second
/// (upstream reads its first two bytes).
#[tokio::test]
async fn managed_fields_with_a_key_of_a_wide_first_character_count_as_none() {
    let api = Api::start();
    let mut cm = configmap("wide");
    cm["metadata"]["managedFields"] = json!([{
        "manager": "m", "operation": "Update", "apiVersion": "v1",
        "fieldsType": "FieldsV1", "fieldsV1": {"é": {}, "日:x": {}}
    }]);
    let r = api.post(CONFIGMAPS, &cm).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["k"], "v");
}

/// A create whose name is taken is answered as the generic store answers
/// it: an object still being deleted says so (`kubectl create ns foo`
/// while the old one terminates), dry run or not; an object with a
/// `generateName` gets the generate-name conflict, which a client retries
/// after a second (`Retry-After: 1`).
#[tokio::test]
async fn a_taken_name_is_answered_as_the_generic_store_answers_it() {
    let api = Api::start();
    let mut held = configmap("c");
    held["metadata"]["finalizers"] = json!(["example.com/a"]);
    api.create(CONFIGMAPS, &held).await;
    let r = api.delete(&format!("{CONFIGMAPS}/c")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    for uri in [CONFIGMAPS.to_string(), format!("{CONFIGMAPS}?dryRun=All")] {
        let r = api.post(&uri, &configmap("c")).await;
        r.assert_failure(409, "AlreadyExists");
        assert_eq!(
            r.body["message"], "object is being deleted: configmaps \"c\" already exists",
            "{uri}"
        );
    }

    api.create(CONFIGMAPS, &configmap("x")).await;
    let mut named = configmap("x");
    named["metadata"]["generateName"] = json!("x-");
    let r = api.post(CONFIGMAPS, &named).await;
    r.assert_failure(409, "AlreadyExists");
    assert_eq!(
        r.body["message"],
        "configmaps \"x\" already exists, the server was not able to generate a unique name for the object"
    );
    assert_eq!(r.body["details"]["retryAfterSeconds"], 1, "{}", r.text);
    assert_eq!(r.header("retry-after"), Some("1"));
    // Without a generateName, the plain message.
    let r = api.post(CONFIGMAPS, &configmap("x")).await;
    assert_eq!(r.body["message"], "configmaps \"x\" already exists");
}

/// A generated name keeps at most 58 bytes of the prefix before its five
/// random characters (`simpleNameGenerator`), so a long prefix still gives
/// a valid DNS label for a Service.
#[tokio::test]
async fn a_generated_name_cuts_a_long_prefix() {
    let api = Api::start();
    let prefix = format!("{}-", "a".repeat(60));
    let service = json!({"apiVersion": "v1", "kind": "Service",
                         "metadata": {"generateName": prefix},
                         "spec": {"ports": [{"port": 80}]}});
    let r = api
        .post("/api/v1/namespaces/default/services", &service)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let name = r.body["metadata"]["name"].as_str().unwrap();
    assert_eq!(name.len(), 63, "{name}");
    assert!(name.starts_with(&"a".repeat(58)), "{name}");
}

/// A dry-run create of an object carrying a resourceVersion is created
/// (only etcd's create refuses one; the dry-run storage checks the key is
/// free), as `kubectl create --dry-run=server` of an exported file finds;
/// nothing is stored. Without dry run it is still the 500.
#[tokio::test]
async fn a_dry_run_create_may_carry_a_resource_version() {
    let api = Api::start();
    let mut exported = configmap("e");
    exported["metadata"]["resourceVersion"] = json!("5");
    let r = api
        .post(&format!("{CONFIGMAPS}?dryRun=All"), &exported)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["metadata"]["name"], "e");
    assert_eq!(
        api.get(&format!("{CONFIGMAPS}/e")).await.status,
        StatusCode::NOT_FOUND
    );
    let r = api.post(CONFIGMAPS, &exported).await;
    assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", r.text);
}

/// Owner references repeated exactly are dropped, with upstream's warning
/// naming the UIDs (`dedupOwnerReferencesAndAddWarning`): a create or an
/// update before admission, a patch after it (its own wording); two copies
/// of a controller reference are one reference, not a 422.
#[tokio::test]
async fn repeated_owner_references_are_dropped_with_a_warning() {
    let api = Api::start();
    let owner = json!({"apiVersion": "v1", "kind": "ConfigMap", "name": "o",
                       "uid": "u1", "controller": true});
    let other = json!({"apiVersion": "v1", "kind": "ConfigMap", "name": "p", "uid": "u2"});
    let mut cm = configmap("c");
    cm["metadata"]["ownerReferences"] = json!([owner, other, owner]);
    let r = api.post(CONFIGMAPS, &cm).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["metadata"]["ownerReferences"], json!([owner, other]));
    let before = ".metadata.ownerReferences contains duplicate entries; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: u1";
    assert_eq!(r.warnings(), [format!("299 - \"{before}\"")]);

    let mut again = r.body.clone();
    again["metadata"]["ownerReferences"] = json!([other, other]);
    let r = api.put(&format!("{CONFIGMAPS}/c"), &again).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["ownerReferences"], json!([other]));
    assert_eq!(
        r.warnings(),
        [format!("299 - \"{}\"", before.replace("u1", "u2"))]
    );

    let r = api
        .patch(
            &format!("{CONFIGMAPS}/c"),
            MERGE_PATCH,
            &json!({"metadata": {"ownerReferences": [owner, owner]}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["ownerReferences"], json!([owner]));
    let after = ".metadata.ownerReferences contains duplicate entries after mutating admission happens; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: u1";
    assert_eq!(r.warnings(), [format!("299 - \"{after}\"")]);
}

/// A body that is not JSON at all names no kind: upstream's serializer
/// fails in `Interpret`, and the create handler answers that the object is
/// unrecognized, with Go's JSON error and a summary of the body.
#[tokio::test]
async fn a_body_that_is_not_json_is_unrecognized() {
    let api = Api::start();
    for (body, message) in [
        (
            "",
            "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: unexpected end of JSON input (<empty>)",
        ),
        (
            "{\"metadata\":{\"name\":\"x\"}",
            "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: unexpected end of JSON input ({\"metadata\":{\"name\":\"x\"})",
        ),
        (
            "{name: x}",
            "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character 'n' looking for beginning of object key string ({name: x})",
        ),
    ] {
        let r = api.post_bytes(CONFIGMAPS, body).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(r.body["message"], message, "{body:?}");
    }
    assert_eq!(names(&api.get(CONFIGMAPS).await.body), Vec::<String>::new());
}

/// `ValidatePodSpec` and `validateContainerCommon`
/// (pkg/apis/core/validation/validation.go): the pod's string enums take
/// only upstream's values, each `Unsupported value` listing them in
/// upstream's order (a port's protocols sorted), in upstream's order of
/// checks: a container's termination message policy, its ports, its pull
/// policy; then the pod's restart and DNS policies.
#[tokio::test]
async fn a_pods_enumerated_fields_take_only_upstreams_values() {
    let api = Api::start();
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"restartPolicy": "never", "dnsPolicy": "none",
                 "containers": [{"name": "c", "image": "nginx", "imagePullPolicy": "always",
                                 "terminationMessagePolicy": "file",
                                 "ports": [{"containerPort": 80, "protocol": "tcp"}]}]}});
    let r = api.post("/api/v1/namespaces/default/pods", &pod).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        concat!(
            "Pod \"p\" is invalid: [",
            "spec.containers[0].terminationMessagePolicy: Unsupported value: \"file\": supported values: \"File\", \"FallbackToLogsOnError\", ",
            "spec.containers[0].ports[0].protocol: Unsupported value: \"tcp\": supported values: \"SCTP\", \"TCP\", \"UDP\", ",
            "spec.containers[0].imagePullPolicy: Unsupported value: \"always\": supported values: \"Always\", \"IfNotPresent\", \"Never\", ",
            "spec.restartPolicy: Unsupported value: \"never\": supported values: \"Always\", \"OnFailure\", \"Never\", ",
            "spec.dnsPolicy: Unsupported value: \"none\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\"]"
        )
    );
    assert_eq!(
        r.body["details"]["causes"][0]["reason"],
        "FieldValueNotSupported"
    );
}

/// `ValidateDeploymentStrategy`: a strategy type other than `Recreate` and
/// `RollingUpdate` is `Unsupported`, the internal strategy as JSON;
/// `ValidatePodTemplateSpecForReplicaSet`: `activeDeadlineSeconds` in the
/// template is `Forbidden`.
#[tokio::test]
async fn a_deployments_strategy_type_and_deadline_are_checked() {
    let api = Api::start();
    let uri = "/apis/apps/v1/namespaces/default/deployments";
    let deployment = |name: &str| {
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name},
               "spec": {"selector": {"matchLabels": {"app": "w"}},
                        "template": {"metadata": {"labels": {"app": "w"}},
                                     "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}})
    };
    let mut rolling = deployment("d");
    rolling["spec"]["strategy"] = json!({"type": "Rolling"});
    let r = api.post(uri, &rolling).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Deployment.apps \"d\" is invalid: spec.strategy: Unsupported value: {\"Type\":\"Rolling\",\"RollingUpdate\":null}: supported values: \"Recreate\", \"RollingUpdate\""
    );
    let mut deadline = deployment("e");
    deadline["spec"]["template"]["spec"]["activeDeadlineSeconds"] = json!(30);
    let r = api.post(uri, &deadline).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Deployment.apps \"e\" is invalid: spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported"
    );
}

/// `ValidateObjectMetaAccessor`'s order (generateName, name, labels,
/// annotations, owner references, finalizers), not the fields' sorted
/// order; annotation keys are qualified names; a built-in kind's
/// finalizer without a `/` must be a standard one (core's
/// `validateKubeFinalizerName`); and the message, as `ToAggregate`, says a
/// repeated error once while the causes keep each.
#[tokio::test]
async fn metadata_errors_come_in_upstreams_order() {
    let api = Api::start();
    let cm = json!({"apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "c", "labels": {"a": "x y", "b": "x y"},
                     "annotations": {"bad key": "v"}, "finalizers": ["mine"]}});
    let r = api.post(CONFIGMAPS, &cm).await;
    r.assert_failure(422, "Invalid");
    let label = "metadata.labels: Invalid value: \"x y\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    let annotation = "metadata.annotations: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    let finalizer = "metadata.finalizers[0]: Invalid value: \"mine\": name is neither a standard finalizer name nor is it fully qualified";
    assert_eq!(
        r.body["message"],
        format!("ConfigMap \"c\" is invalid: [{label}, {annotation}, {finalizer}]")
    );
    assert_eq!(
        r.body["details"]["causes"].as_array().map(Vec::len),
        Some(4)
    );

    let mut standard = cm.clone();
    standard["metadata"] = json!({"name": "s", "finalizers": ["kubernetes", "example.com/x"]});
    let r = api.post(CONFIGMAPS, &standard).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
}

/// `validateVolumeSource` (pkg/apis/core/validation): a secret volume
/// names its secret, a config map volume its config map, a claim volume
/// its claim; a `defaultMode` written in decimal where octal was meant
/// (`644`, which is 0o1204) is out of range; items name a key and a
/// relative path without `..`.
#[tokio::test]
async fn a_pods_volume_sources_are_validated() {
    let api = Api::start();
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"containers": [{"name": "c", "image": "nginx"}],
                 "volumes": [
                     {"name": "s", "secret": {"defaultMode": 644}},
                     {"name": "c", "configMap": {"name": "cm",
                         "items": [{"key": "", "path": "/etc/x"}, {"key": "k", "path": "a/../b", "mode": -1}]}},
                     {"name": "v", "persistentVolumeClaim": {"claimName": ""}}]}});
    let r = api.post("/api/v1/namespaces/default/pods", &pod).await;
    r.assert_failure(422, "Invalid");
    let mode = "must be a number between 0 and 0777 (octal), both inclusive";
    assert_eq!(
        r.body["message"],
        format!(
            "Pod \"p\" is invalid: [{}]",
            [
                "spec.volumes[0].secret.secretName: Required value".to_string(),
                format!("spec.volumes[0].secret.defaultMode: Invalid value: 644: {mode}"),
                "spec.volumes[1].configMap.items[0].key: Required value".into(),
                "spec.volumes[1].configMap.items[0].path: Invalid value: \"/etc/x\": must be a relative path".into(),
                "spec.volumes[1].configMap.items[1].path: Invalid value: \"a/../b\": must not contain '..'".into(),
                format!("spec.volumes[1].configMap.items[1].mode: Invalid value: -1: {mode}"),
                "spec.volumes[2].persistentVolumeClaim.claimName: Required value".into(),
            ]
            .join(", ")
        )
    );
}

/// Upstream's order of a Deployment's errors (`ValidateDeploymentSpec`):
/// replicas and selector, then the pod template (its labels before its
/// spec, `ValidatePodTemplateSpec`), then the template's restart policy,
/// then the strategy; a template label that is not a label value is an
/// error at `spec.template.labels`.
#[tokio::test]
async fn a_deployments_errors_come_in_upstreams_order() {
    let api = Api::start();
    let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
        "spec": {"replicas": -1, "selector": {"matchLabels": {"app": "w"}},
                 "strategy": {"type": "Recreate", "rollingUpdate": {}},
                 "template": {"metadata": {"labels": {"app": "w", "v": "1.0 beta"}},
                              "spec": {"restartPolicy": "Never",
                                       "containers": [{"name": "c"}]}}}});
    let r = api
        .post("/apis/apps/v1/namespaces/default/deployments", &deployment)
        .await;
    r.assert_failure(422, "Invalid");
    let fields: Vec<&str> = r.body["details"]["causes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["field"].as_str())
        .collect();
    assert_eq!(
        fields,
        [
            "spec.replicas",
            "spec.template.labels",
            "spec.template.spec.containers[0].image",
            "spec.template.spec.restartPolicy",
            "spec.strategy.rollingUpdate",
        ],
        "{}",
        r.text
    );
}

/// `ValidateSecret`'s rules per type: a TLS secret holds a certificate and
/// a key (`stringData` counts, merged into `data` first), a Docker config
/// a JSON object, a token secret names its service account, basic auth a
/// username or password (upstream's path prints its literal `data[%s]`).
#[tokio::test]
async fn a_secret_holds_what_its_type_needs() {
    let api = Api::start();
    const SECRETS: &str = "/api/v1/namespaces/default/secrets";
    let secret = |name: &str, type_: &str, data: Value| {
        json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name},
               "type": type_, "data": data})
    };
    // "{" and "[]" in base64.
    for (s, message) in [
        (
            secret("t", "kubernetes.io/tls", json!({"tls.crt": "eA=="})),
            "Secret \"t\" is invalid: data[tls.key]: Required value",
        ),
        (
            secret(
                "d",
                "kubernetes.io/dockerconfigjson",
                json!({".dockerconfigjson": "ew=="}),
            ),
            "Secret \"d\" is invalid: data[.dockerconfigjson]: Invalid value: \"<secret contents redacted>\": unexpected end of JSON input",
        ),
        (
            secret(
                "c",
                "kubernetes.io/dockercfg",
                json!({".dockercfg": "W10="}),
            ),
            "Secret \"c\" is invalid: data[.dockercfg]: Invalid value: \"<secret contents redacted>\": json: cannot unmarshal array into Go value of type map[string]interface {}",
        ),
        (
            secret("s", "kubernetes.io/service-account-token", json!({})),
            "Secret \"s\" is invalid: metadata.annotations[kubernetes.io/service-account.name]: Required value",
        ),
        (
            secret("b", "kubernetes.io/basic-auth", json!({})),
            "Secret \"b\" is invalid: [data[%s][username]: Required value, data[%s][password]: Required value]",
        ),
    ] {
        let r = api.post(SECRETS, &s).await;
        r.assert_failure(422, "Invalid");
        assert_eq!(r.body["message"], message, "{}", r.text);
    }

    let mut tls = secret("t", "kubernetes.io/tls", json!({}));
    tls["stringData"] = json!({"tls.crt": "cert", "tls.key": "key"});
    for s in [
        tls,
        // `{"auths":{}}`
        secret(
            "d",
            "kubernetes.io/dockerconfigjson",
            json!({".dockerconfigjson": "eyJhdXRocyI6e319"}),
        ),
        secret("b", "kubernetes.io/basic-auth", json!({"username": ""})),
        secret("o", "example.com/anything", json!({})),
    ] {
        let r = api.post(SECRETS, &s).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    }
}
