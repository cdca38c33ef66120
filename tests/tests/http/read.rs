//! Get and list: selectors, pages, resourceVersion semantics, and reads that follow every write.

use super::*;

#[tokio::test]
async fn get_of_a_missing_object_is_404_status() {
    let api = Api::start();
    let r = api.get(&widget_uri("nope")).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "widgets.example.dev \"nope\" not found", "reason": "NotFound",
               "details": {"name": "nope", "group": "example.dev", "kind": "widgets"}, "code": 404})
    );
}

#[tokio::test]
async fn empty_list_has_kind_resource_version_and_items() {
    let api = Api::start();
    for (uri, kind, api_version) in [
        (WIDGETS, "WidgetList", "example.dev/v1"),
        (CONFIGMAPS, "ConfigMapList", "v1"),
        ("/api/v1/namespaces/default/events", "EventList", "v1"),
    ] {
        let r = api.get(uri).await;
        assert_eq!(r.status, StatusCode::OK, "{uri}");
        assert_eq!(r.body["kind"], kind);
        assert_eq!(r.body["apiVersion"], api_version);
        assert!(
            r.body["metadata"]["resourceVersion"]
                .as_str()
                .is_some_and(|v| !v.is_empty()),
            "{}",
            r.text
        );
        assert_eq!(r.body["items"], json!([]), "{}", r.text);
    }
}

#[tokio::test]
async fn list_pages_share_one_snapshot() {
    let api = Api::start();
    for i in 1..=5 {
        create_widget(&api, &format!("w{i}")).await;
    }
    let first = api.get(&format!("{WIDGETS}?limit=2")).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(names(&first.body), ["w1", "w2"]);
    let snapshot = first.body["metadata"]["resourceVersion"].clone();
    assert_eq!(first.body["metadata"]["remainingItemCount"], 3);
    let token = first.body["metadata"]["continue"]
        .as_str()
        .expect("continue")
        .to_string();

    // Written after the first page: not part of the snapshot.
    create_widget(&api, "w0").await;
    create_widget(&api, "w9").await;

    let second = api
        .get(&format!("{WIDGETS}?limit=2&continue={token}"))
        .await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    assert_eq!(names(&second.body), ["w3", "w4"]);
    assert_eq!(second.body["metadata"]["resourceVersion"], snapshot);
    assert_eq!(second.body["metadata"]["remainingItemCount"], 1);
    let token = second.body["metadata"]["continue"]
        .as_str()
        .expect("continue");

    let last = api
        .get(&format!("{WIDGETS}?limit=2&continue={token}"))
        .await;
    assert_eq!(names(&last.body), ["w5"]);
    assert_eq!(last.body["metadata"]["resourceVersion"], snapshot);
    assert!(
        last.body["metadata"].get("continue").is_none(),
        "{}",
        last.text
    );
    assert!(last.body["metadata"].get("remainingItemCount").is_none());

    // With a selector the count of what remains is unknown: upstream
    // leaves remainingItemCount out, and the continue token still works.
    let selected = api
        .get(&format!(
            "{WIDGETS}?limit=2&fieldSelector=metadata.name!%3Dw3"
        ))
        .await;
    assert_eq!(selected.status, StatusCode::OK, "{}", selected.text);
    assert!(
        selected.body["metadata"]["continue"].is_string(),
        "{}",
        selected.text
    );
    assert!(
        selected.body["metadata"]
            .get("remainingItemCount")
            .is_none(),
        "{}",
        selected.text
    );
}

#[tokio::test]
async fn list_filters_by_label_selector() {
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("a", "web")).await;
    api.create(WIDGETS, &labeled_widget("b", "db")).await;
    create_widget(&api, "c").await;
    for (selector, want) in [
        ("app%3Dweb", vec!["a"]),
        ("app%3D%3Dweb", vec!["a"]),
        ("app!%3Dweb", vec!["b", "c"]),
        ("app+notin+(web)", vec!["b", "c"]),
        ("app+in+(web,db)", vec!["a", "b"]),
        ("app", vec!["a", "b"]),
        ("!app", vec!["c"]),
    ] {
        let r = api
            .get(&format!("{WIDGETS}?labelSelector={selector}"))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{selector}: {}", r.text);
        assert_eq!(names(&r.body), want, "{selector}");
    }
}

#[tokio::test]
async fn list_filters_by_field_selector() {
    let api = Api::start();
    for n in ["a", "b", "c"] {
        create_widget(&api, n).await;
    }
    let r = api
        .get(&format!("{WIDGETS}?fieldSelector=metadata.name%3Db"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(names(&r.body), ["b"]);
    let r = api
        .get(&format!("{WIDGETS}?fieldSelector=metadata.name!%3Db"))
        .await;
    assert_eq!(names(&r.body), ["a", "c"]);
    let r = api
        .get("/apis/example.dev/v1/widgets?fieldSelector=metadata.namespace%3Ddefault")
        .await;
    assert_eq!(names(&r.body), ["a", "b", "c"]);
}

/// Upstream: `labels.Parse`'s error (k8s.io/apimachinery/pkg/labels/selector.go),
/// made a BadRequest by `ListResource`, for lists and watches alike.
#[tokio::test]
async fn a_malformed_label_selector_is_400_with_upstreams_message() {
    let api = Api::start();
    for uri in [
        format!("{WIDGETS}?labelSelector=app+in+(web"),
        format!("{WIDGETS}?watch=true&labelSelector=app+in+(web"),
    ] {
        let r = api.get(&uri).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            r.body["message"],
            "unable to parse requirement: found '', expected: ',' or ')'"
        );
    }
}

/// Per-kind field selectors declared by marker: Pod's `status.phase` and
/// `spec.nodeName`, Event's `involvedObject.*`.
#[tokio::test]
async fn kinds_select_by_their_declared_fields() {
    let api = Api::start();
    let pods = "/api/v1/namespaces/default/pods";
    for (name, node) in [("a", "node-1"), ("b", "node-2")] {
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
                         "spec": {"nodeName": node, "containers": [{"name": "c", "image": "nginx"}]}});
        api.create(pods, &pod).await;
    }
    api.patch(
        &format!("{pods}/a/status"),
        MERGE_PATCH,
        &json!({"status": {"phase": "Running"}}),
    )
    .await;
    let r = api
        .get(&format!("{pods}?fieldSelector=status.phase%3DRunning"))
        .await;
    assert_eq!(names(&r.body), ["a"], "{}", r.text);
    let r = api
        .get(&format!(
            "{pods}?fieldSelector=status.phase!%3DRunning,spec.nodeName%3Dnode-2"
        ))
        .await;
    assert_eq!(names(&r.body), ["b"], "{}", r.text);

    let events = "/api/v1/namespaces/default/events";
    for (name, kind, target) in [
        ("e1", "Pod", "a"),
        ("e2", "Pod", "b"),
        ("e3", "ConfigMap", "a"),
    ] {
        let event = json!({"apiVersion": "v1", "kind": "Event", "metadata": {"name": name},
                           "involvedObject": {"kind": kind, "name": target, "namespace": "default"},
                           "reason": "Test", "message": "m", "type": "Normal"});
        api.create(events, &event).await;
    }
    let r = api
        .get(&format!(
            "{events}?fieldSelector=involvedObject.kind%3DPod,involvedObject.name%3Da"
        ))
        .await;
    assert_eq!(names(&r.body), ["e1"], "{}", r.text);
    let r = api
        .get(&format!("{events}?fieldSelector=involvedObject.uid%3Dx"))
        .await;
    assert_eq!(names(&r.body), Vec::<String>::new(), "{}", r.text);
}

/// Upstream: `runtime.DefaultMetaV1FieldSelectorConversion`
/// (k8s.io/apimachinery/pkg/runtime/conversion.go), used for kinds without
/// their own field label conversion, such as ConfigMap.
#[tokio::test]
async fn an_unknown_field_selector_is_400() {
    let api = Api::start();
    let r = api
        .get(&format!("{CONFIGMAPS}?fieldSelector=spec.foo%3Dx"))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "\"spec.foo\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\""
    );
}

/// Upstream's own field label conversions for core kinds
/// (pkg/apis/core/v1/conversion.go): Secrets select by `type`, Services by
/// `spec.type` and `spec.clusterIP`, Namespaces by `status.phase`; a label a
/// kind's function does not know is `field label not supported: <label>`
/// (a Namespace's `metadata.namespace` included), not the default
/// conversion's message.
#[tokio::test]
async fn core_kinds_select_by_their_own_field_labels() {
    let api = Api::start();
    let secrets = "/api/v1/namespaces/default/secrets";
    for (name, kind) in [("opaque", "Opaque"), ("token", "example.com/token")] {
        api.create(
            secrets,
            &json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name}, "type": kind}),
        )
        .await;
    }
    let r = api
        .get(&format!("{secrets}?fieldSelector=type%3Dexample.com/token"))
        .await;
    assert_eq!(names(&r.body), ["token"], "{}", r.text);
    let r = api
        .get(&format!("{secrets}?fieldSelector=type!%3DOpaque"))
        .await;
    assert_eq!(names(&r.body), ["token"], "{}", r.text);

    let services = "/api/v1/namespaces/default/services";
    for (name, kind) in [("a", "ClusterIP"), ("b", "NodePort")] {
        api.create(
            services,
            &json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": name},
                    "spec": {"type": kind, "ports": [{"port": 80}]}}),
        )
        .await;
    }
    let r = api
        .get(&format!("{services}?fieldSelector=spec.type%3DNodePort"))
        .await;
    assert_eq!(names(&r.body), ["b"], "{}", r.text);

    api.create(NAMESPACES, &namespace("ns1")).await;
    let r = api
        .get(&format!(
            "{NAMESPACES}?fieldSelector=status.phase%3DActive,metadata.name%3Dns1"
        ))
        .await;
    assert_eq!(names(&r.body), ["ns1"], "{}", r.text);

    for (uri, label) in [
        (secrets.to_string(), "data"),
        ("/api/v1/namespaces/default/pods".to_string(), "spec.foo"),
        (NAMESPACES.to_string(), "metadata.namespace"),
    ] {
        let r = api.get(&format!("{uri}?fieldSelector={label}%3Dx")).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            r.body["message"],
            format!("field label not supported: {label}"),
            "{uri}"
        );
    }
}

/// Upstream: custom resources convert field labels with `crConverter.ConvertFieldLabel`
/// (k8s.io/apiextensions-apiserver/pkg/apiserver/conversion/converter.go):
/// `fmt.Errorf("field label not supported: %s", label)`, made a BadRequest by
/// `ListResource` (k8s.io/apiserver/pkg/endpoints/handlers/get.go).
#[tokio::test]
async fn an_unknown_field_selector_on_a_custom_resource_is_400() {
    let api = Api::start();
    let r = api
        .get(&format!("{WIDGETS}?fieldSelector=spec.foo%3Dx"))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(r.body["message"], "field label not supported: spec.foo");
}

/// Upstream: `crConverter.ConvertFieldLabel` accepts `metadata.namespace` only
/// when the resource is namespaced (`!c.clusterScoped && label == "metadata.namespace"`).
#[tokio::test]
async fn a_namespace_field_selector_on_a_cluster_scoped_resource_is_400() {
    let api = Api::start();
    let r = api
        .get(&format!(
            "{GADGETS}?fieldSelector=metadata.namespace%3Ddefault"
        ))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "field label not supported: metadata.namespace"
    );
}

/// GET and whole lists answer from a cache of encoded objects keyed by
/// revision: every write, and a delete and re-create under the same name,
/// reads back new.
#[tokio::test]
async fn repeated_gets_follow_every_write() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/cached");
    let first = api.create(CONFIGMAPS, &configmap("cached")).await;
    assert_eq!(api.get(&uri).await.body, first);
    assert_eq!(
        api.get(&uri).await.body,
        first,
        "a second read, from the cache"
    );
    let r = api
        .patch(&uri, MERGE_PATCH, &json!({"data": {"k": "changed"}}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let read = api.get(&uri).await.body;
    assert_eq!(read, r.body);
    assert_eq!(read["data"]["k"], "changed");
    api.delete(&uri).await;
    assert_eq!(api.get(&uri).await.status, StatusCode::NOT_FOUND);
    let again = api.create(CONFIGMAPS, &configmap("cached")).await;
    let read = api.get(&uri).await.body;
    assert_eq!(read["metadata"]["uid"], again["metadata"]["uid"]);
    assert_ne!(read["metadata"]["uid"], first["metadata"]["uid"]);
    // Whole lists share the cache; selectors still see each object.
    let listed = api.get(CONFIGMAPS).await.body;
    assert_eq!(listed["items"], json!([read]));
    let r = api
        .get(&format!("{CONFIGMAPS}?fieldSelector=metadata.name%3Dother"))
        .await;
    assert_eq!(r.body["items"], json!([]), "{}", r.text);
    let r = api
        .get(&format!(
            "{CONFIGMAPS}?fieldSelector=metadata.name%3Dcached"
        ))
        .await;
    assert_eq!(r.body["items"], json!([read]), "{}", r.text);
}

/// `export`, removed from GET since v1.14, is refused when set
/// (`GetResource`); `export=false` reads as ever.
#[tokio::test]
async fn a_get_with_export_is_refused() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("c")).await;
    for query in ["export=true", "export=1", "export="] {
        let r = api.get(&format!("{CONFIGMAPS}/c?{query}")).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            r.body["message"],
            "the export parameter, deprecated since v1.14, is no longer supported",
            "{query}"
        );
        let r = api.get_as(&format!("{CONFIGMAPS}/c?{query}"), TABLE).await;
        r.assert_failure(400, "BadRequest");
    }
    let r = api.get(&format!("{CONFIGMAPS}/c?export=false")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}
