//! Watch: events, bookmarks, resumption and its errors.

use super::*;

#[tokio::test]
async fn watch_streams_existing_objects_then_changes() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let (status, headers, mut events) = api.watch(&format!("{WIDGETS}?watch=true")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        headers.get(header::CONTENT_TYPE).unwrap(),
        "application/json"
    );
    let first = events.next().await.expect("ADDED");
    assert_eq!(first["type"], "ADDED");
    assert_eq!(first["object"]["kind"], "Widget");
    assert_eq!(name(&first["object"]), "w1");

    api.patch(
        &widget_uri("w1"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 5}}),
    )
    .await;
    let modified = events.next().await.expect("MODIFIED");
    assert_eq!(modified["type"], "MODIFIED");
    assert_eq!(modified["object"]["spec"]["replicas"], 5);

    create_widget(&api, "w2").await;
    assert_eq!(events.next_event().await, ("ADDED".into(), "w2".into()));

    api.delete(&widget_uri("w1")).await;
    let deleted = events.next().await.expect("DELETED");
    assert_eq!(deleted["type"], "DELETED");
    assert_eq!(name(&deleted["object"]), "w1");
}

/// `watch` is read as upstream's `Convert_Slice_string_To_bool` reads it:
/// anything but `0` and `false` (in any case) watches, `True` as the
/// Python client writes it among them.
#[tokio::test]
async fn watch_values_other_than_false_start_a_watch() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    for query in ["watch=True", "watch=1", "watch"] {
        let (status, _, mut events) = api.watch(&format!("{WIDGETS}?{query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert_eq!(
            events.next_event().await,
            ("ADDED".into(), "w1".into()),
            "{query}"
        );
    }
    for query in ["watch=False", "watch=0"] {
        let r = api.get(&format!("{WIDGETS}?{query}")).await;
        assert_eq!(r.body["kind"], "WidgetList", "{query}");
    }
    // A named GET is a get, `watch` or not, as upstream's RequestInfo
    // reads `watch` for collections only.
    let r = api.get(&format!("{}?watch=true", widget_uri("w1"))).await;
    assert_eq!(
        (r.status, r.body["kind"].clone()),
        (StatusCode::OK, json!("Widget"))
    );
}

#[tokio::test]
async fn watch_from_a_resource_version_replays_later_events() {
    let api = Api::start();
    let w1 = create_widget(&api, "w1").await;
    api.patch(
        &widget_uri("w1"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 3}}),
    )
    .await;
    create_widget(&api, "w2").await;
    let (_, _, mut events) = api
        .watch(&format!("{WIDGETS}?watch=true&resourceVersion={}", rv(&w1)))
        .await;
    let modified = events.next().await.expect("MODIFIED");
    assert_eq!(modified["type"], "MODIFIED");
    assert_eq!(modified["object"]["spec"]["replicas"], 3);
    assert_eq!(events.next_event().await, ("ADDED".into(), "w2".into()));
}

/// A watch narrowed to one name, by field selector or, as upstream's
/// ListResource makes it, by a watch on the object's own path under
/// `/watch/` (a named GET with `watch=true` is a get, see
/// `watch_values_other_than_false_start_a_watch`).
#[tokio::test]
async fn watch_with_a_name_field_selector() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    create_widget(&api, "w2").await;
    for (replicas, uri) in [
        (
            3,
            format!("{WIDGETS}?watch=true&fieldSelector=metadata.name%3Dw2"),
        ),
        (
            5,
            "/apis/example.dev/v1/watch/namespaces/default/widgets/w2".to_string(),
        ),
    ] {
        let (status, _, mut events) = api.watch(&uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(events.next_event().await, ("ADDED".into(), "w2".into()));
        // w1 changes first; only w2's change may arrive.
        for name in ["w1", "w2"] {
            api.patch(
                &widget_uri(name),
                MERGE_PATCH,
                &json!({"spec": {"replicas": replicas}}),
            )
            .await;
        }
        assert_eq!(
            events.next_event().await,
            ("MODIFIED".into(), "w2".into()),
            "{uri}"
        );
    }

    // On an object's watch path, a field selector may only name that
    // object.
    let watch_path = "/apis/example.dev/v1/watch/namespaces/default/widgets/w2";
    let same = api
        .get(&format!(
            "{watch_path}?timeoutSeconds=1&fieldSelector=metadata.name%3Dw2"
        ))
        .await;
    assert_eq!(same.status, StatusCode::OK, "{}", same.text);
    let other = api
        .get(&format!("{watch_path}?fieldSelector=metadata.name%3Dw1"))
        .await;
    assert_eq!(other.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        other.body["message"],
        "fieldSelector metadata.name doesn't match requested name"
    );
}

/// `kubectl get -w`: each event's object is a one-row Table; the column
/// definitions come with the first only (upstream sets
/// `TableOptions.NoHeaders` after it), later ones carry null.
#[tokio::test]
async fn a_table_watch_sends_column_definitions_once() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let (status, _, mut events) = api.watch_as(&format!("{WIDGETS}?watch=true"), TABLE).await;
    assert_eq!(status, StatusCode::OK);
    let first = events.next().await.expect("ADDED");
    assert_eq!(first["type"], "ADDED");
    assert_eq!(first["object"]["kind"], "Table");
    assert_eq!(first["object"]["apiVersion"], "meta.k8s.io/v1");
    assert_eq!(first["object"]["columnDefinitions"][0]["name"], "Name");
    assert_eq!(first["object"]["rows"][0]["cells"][0], "w1");
    assert_eq!(
        first["object"]["rows"][0]["object"]["kind"],
        "PartialObjectMetadata"
    );
    api.patch(
        &widget_uri("w1"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 7}}),
    )
    .await;
    let second = events.next().await.expect("MODIFIED");
    assert_eq!(second["type"], "MODIFIED");
    assert_eq!(second["object"]["kind"], "Table");
    assert!(second["object"]["columnDefinitions"].is_null(), "{second}");
    assert_eq!(second["object"]["rows"][0]["cells"][1], 7, "{second}");
}

#[tokio::test]
async fn watch_ends_after_timeout_seconds() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let started = Instant::now();
    let (_, _, mut events) = api
        .watch(&format!("{WIDGETS}?watch=true&timeoutSeconds=1"))
        .await;
    assert_eq!(events.next_event().await, ("ADDED".into(), "w1".into()));
    assert!(events.next().await.is_none(), "stream must end");
    assert!(started.elapsed() >= Duration::from_millis(900));
}

/// While a watch is open on Deployments, a create and an update are
/// rendered once (before the store write) and that text serves the
/// answer, the watch event and the next GET: the event's object is the
/// answer's, the GET's bytes are the answer's, and the answer of a
/// `pretty` request is still indented. A body's empty metadata strings
/// read as absent (Go's zero value), in the answer, the event, the GET
/// and the list.
#[tokio::test]
async fn a_watched_write_answers_streams_and_reads_the_same_bytes() {
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let api = Api::start();
    let (status, _, mut events) = api.watch(&format!("{DEPLOYMENTS}?watch=true")).await;
    assert_eq!(status, StatusCode::OK);
    let body = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web", "generateName": "", "labels": {"app": "web"}},
        "spec": {"selector": {"matchLabels": {"app": "web"}},
                 "template": {"metadata": {"namespace": "", "labels": {"app": "web"}},
                              "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}});
    let created = api.post(DEPLOYMENTS, &body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert!(
        !created.text.contains("\"generateName\""),
        "{}",
        created.text
    );
    assert!(
        created.body["spec"]["template"]["metadata"]
            .get("namespace")
            .is_none(),
        "{}",
        created.text
    );
    let added = events.next().await.expect("ADDED");
    assert_eq!(added["type"], "ADDED");
    assert_eq!(added["object"], created.body);
    assert_eq!(
        created.body["spec"]["template"]["spec"]["containers"][0]["imagePullPolicy"], "Always",
        "defaulted before it was stored"
    );
    let got = api.get(&format!("{DEPLOYMENTS}/web")).await;
    assert_eq!(got.bytes, created.bytes);

    let mut changed = created.body.clone();
    changed["metadata"]["labels"]["tier"] = json!("front");
    let updated = api
        .put(&format!("{DEPLOYMENTS}/web?pretty=true"), &changed)
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    assert!(
        updated.text.starts_with("{\n  \"kind\""),
        "{}",
        updated.text
    );
    let modified = events.next().await.expect("MODIFIED");
    assert_eq!(modified["type"], "MODIFIED");
    assert_eq!(modified["object"], updated.body);
    let got = api.get(&format!("{DEPLOYMENTS}/web")).await;
    assert_eq!(got.body, updated.body);
    let listed = api.get(DEPLOYMENTS).await;
    for part in ["metadata", "spec", "status"] {
        assert_eq!(listed.body["items"][0][part], updated.body[part], "{part}");
    }
    assert_eq!(
        got.bytes,
        runtime::go::encoder::to_vec_line(&updated.body).expect("JSON"),
        "compact, in the answer's order, as Go's json.Encoder writes it"
    );
}

/// The bookmark ending a streaming list's initial events carries the empty
/// list the client builds its list from (`kubernetes.io/initial-events-list-blueprint`,
/// base64 of the list as the watch's encoder writes it): client-go's
/// `Request.WatchList` fails with `annotation is missing content` without
/// it. A built-in kind's versioned list, a custom resource's
/// `UnstructuredList`, and a metadata watch's `PartialObjectMetadataList`,
/// as upstream's watch handler encodes each.
#[tokio::test]
async fn a_streaming_lists_end_carries_the_empty_list_it_builds_on() {
    use base64::Engine;
    const STREAMING: &str = "watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true";
    const METADATA: &str = "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1";
    let api = Api::start();
    create_widget(&api, "w1").await;
    let cases = [
        (
            format!("{CONFIGMAPS}?{STREAMING}"),
            "application/json",
            "{\"kind\":\"ConfigMapList\",\"apiVersion\":\"v1\",\"metadata\":{},\"items\":null}\n",
        ),
        (
            format!("{WIDGETS}?{STREAMING}"),
            "application/json",
            "{\"apiVersion\":\"example.dev/v1\",\"items\":[],\"kind\":\"WidgetList\"}\n",
        ),
        (
            format!("{WIDGETS}?{STREAMING}"),
            METADATA,
            "{\"kind\":\"PartialObjectMetadataList\",\"apiVersion\":\"meta.k8s.io/v1\",\"metadata\":{},\"items\":null}\n",
        ),
    ];
    for (uri, accept, blueprint) in cases {
        let (status, _, mut events) = api.watch_as(&uri, accept).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        let end = loop {
            let event = events.next().await.expect("the initial events' end");
            if event["type"] == "BOOKMARK" {
                break event;
            }
        };
        let annotations = &end["object"]["metadata"]["annotations"];
        assert_eq!(annotations["k8s.io/initial-events-end"], "true", "{end}");
        let encoded = annotations["kubernetes.io/initial-events-list-blueprint"]
            .as_str()
            .unwrap_or_else(|| panic!("no blueprint: {end}"));
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .expect("base64 with padding");
        assert_eq!(
            String::from_utf8_lossy(&decoded),
            blueprint,
            "{uri} {accept}"
        );
    }
}
