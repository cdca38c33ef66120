//! `events.k8s.io/v1` Events, stored as core v1 Events (kube-apiserver's
//! cohabitating resources): one written through either group is read,
//! listed and watched through both, with upstream's field mapping
//! (`pkg/apis/events/v1/conversion.go`), the new API's field selectors
//! (`AddFieldLabelConversionsForEvent`), the validation each group's
//! requests get (`pkg/apis/core/validation/events.go`), one storage
//! version hash, and the core Event's Table.

use super::*;

const NEW: &str = "/apis/events.k8s.io/v1/namespaces/default/events";
const OLD: &str = "/api/v1/namespaces/default/events";

/// An Event as client-go's `tools/events` and kube-rs's `Recorder` write it.
fn new_event(name: &str) -> Value {
    json!({
        "apiVersion": "events.k8s.io/v1",
        "kind": "Event",
        "metadata": {"name": name, "namespace": "default"},
        "eventTime": "2026-11-29T12:00:00.000000Z",
        "reportingController": "example.com/web-controller",
        "reportingInstance": "web-controller-0",
        "action": "Scale",
        "reason": "Scaled",
        "regarding": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "namespace": "default"},
        "note": "scaled to 3 replicas",
        "type": "Normal"
    })
}

/// An Event written through events.k8s.io/v1 is a core v1 Event with the
/// core names (`involvedObject`, `message`, `reportingComponent`), and a
/// core Event reads back through the new API with the deprecated fields
/// holding what the new API moved (`source`, timestamps, `count`). Go's
/// value structs are written whole, unset times as `null`.
#[tokio::test]
async fn an_event_written_through_either_group_reads_through_both() {
    let api = Api::start();
    let created = api.create(NEW, &new_event("web.1")).await;
    assert_eq!(created["apiVersion"], "events.k8s.io/v1");
    assert_eq!(created["deprecatedSource"], json!({}));
    assert_eq!(created.get("deprecatedFirstTimestamp"), Some(&Value::Null));
    assert_eq!(
        created["metadata"]["managedFields"][0]["apiVersion"],
        "events.k8s.io/v1"
    );
    let old = api.get(&format!("{OLD}/web.1")).await;
    assert_eq!(old.status, StatusCode::OK, "{}", old.text);
    let old = old.body;
    assert_eq!(old["apiVersion"], "v1");
    assert_eq!(old["message"], "scaled to 3 replicas");
    assert_eq!(old["reportingComponent"], "example.com/web-controller");
    assert_eq!(old["involvedObject"]["name"], "web");
    assert_eq!(old["eventTime"], "2026-11-29T12:00:00.000000Z");
    assert_eq!(old["source"], json!({}));
    assert_eq!(old["metadata"]["uid"], created["metadata"]["uid"]);
    assert_eq!(
        old["metadata"]["resourceVersion"],
        created["metadata"]["resourceVersion"]
    );
    assert_eq!(old.get("note"), None);

    let core = json!({
        "apiVersion": "v1", "kind": "Event",
        "metadata": {"name": "pod.1", "namespace": "default"},
        "involvedObject": {"kind": "Pod", "name": "p", "namespace": "default"},
        "reason": "Started", "message": "started container",
        "source": {"component": "kubelet", "host": "node-1"},
        "firstTimestamp": "2026-11-29T12:00:00Z", "lastTimestamp": "2026-11-29T12:05:00Z",
        "count": 4, "type": "Normal"
    });
    api.create(OLD, &core).await;
    let read = api.get(&format!("{NEW}/pod.1")).await.body;
    assert_eq!(read["apiVersion"], "events.k8s.io/v1");
    assert_eq!(read["note"], "started container");
    assert_eq!(read["regarding"]["kind"], "Pod");
    assert_eq!(
        read["deprecatedSource"],
        json!({"component": "kubelet", "host": "node-1"})
    );
    assert_eq!(read["deprecatedFirstTimestamp"], "2026-11-29T12:00:00Z");
    assert_eq!(read["deprecatedLastTimestamp"], "2026-11-29T12:05:00Z");
    assert_eq!(read["deprecatedCount"], 4);
    assert_eq!(read.get("eventTime"), Some(&Value::Null));
    assert_eq!(read.get("message"), None);

    // Both lists hold both Events, each in its own group's form, also
    // when selected (the selected items' JSON is cached per version).
    for (uri, api_version) in [
        (
            format!("{NEW}?fieldSelector=type=Normal"),
            "events.k8s.io/v1",
        ),
        (format!("{OLD}?fieldSelector=type=Normal"), "v1"),
        (NEW.to_string(), "events.k8s.io/v1"),
        (OLD.to_string(), "v1"),
    ] {
        let list = api.get(&uri).await.body;
        assert_eq!(names(&list), ["pod.1", "web.1"], "{uri}");
        for item in list["items"].as_array().unwrap() {
            assert_eq!(item["apiVersion"], api_version, "{uri}");
        }
    }

    // One resource in storage: the same hash in both groups' discovery.
    let new_hash =
        api_resource(&api.get("/apis/events.k8s.io/v1").await.body, "events")["storageVersionHash"]
            .clone();
    let old_hash =
        api_resource(&api.get("/api/v1").await.body, "events")["storageVersionHash"].clone();
    assert_eq!(new_hash, old_hash);
    assert_eq!(new_hash, "r2yiGXH7wu8=");
}

/// A watch through the new API sees Events written through the core one
/// in its own form, and the reverse; selected by each API's own field
/// names, the other's refused as upstream's field label conversion does.
#[tokio::test]
async fn watches_and_field_selectors_of_each_group() {
    let api = Api::start();
    let (status, _, mut new_watch) = api
        .watch(&format!(
            "{NEW}?watch=true&fieldSelector=regarding.name=web"
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, mut old_watch) = api
        .watch(&format!(
            "{OLD}?watch=true&fieldSelector=reportingComponent=example.com/web-controller"
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, mut every_new) = api.watch(&format!("{NEW}?watch=true")).await;
    assert_eq!(status, StatusCode::OK);
    api.create(
        OLD,
        &json!({"apiVersion": "v1", "kind": "Event",
                "metadata": {"name": "other.1", "namespace": "default"},
                "involvedObject": {"kind": "Pod", "name": "other", "namespace": "default"},
                "reason": "Pulled", "type": "Normal"}),
    )
    .await;
    api.create(NEW, &new_event("web.1")).await;
    // Unselected, the new API's watch sees the core write first, in its
    // own form; the selected watches see only `web.1`.
    let event = every_new.next().await.expect("an event");
    assert_eq!(event["object"]["apiVersion"], "events.k8s.io/v1");
    assert_eq!(event["object"]["metadata"]["name"], "other.1");
    assert_eq!(event["object"]["regarding"]["name"], "other");
    assert_eq!(
        every_new.next_event().await,
        ("ADDED".into(), "web.1".into())
    );
    let event = new_watch.next().await.expect("an event");
    assert_eq!(event["type"], "ADDED");
    assert_eq!(event["object"]["apiVersion"], "events.k8s.io/v1");
    assert_eq!(event["object"]["metadata"]["name"], "web.1");
    let event = old_watch.next().await.expect("an event");
    assert_eq!(event["object"]["apiVersion"], "v1");
    assert_eq!(event["object"]["metadata"]["name"], "web.1");
    assert_eq!(event["object"]["message"], "scaled to 3 replicas");

    for (uri, label) in [
        (
            format!("{NEW}?fieldSelector=involvedObject.name=web"),
            "involvedObject.name",
        ),
        (
            format!("{NEW}?fieldSelector=reportingComponent=x"),
            "reportingComponent",
        ),
        (
            format!("{OLD}?fieldSelector=regarding.name=web"),
            "regarding.name",
        ),
    ] {
        let r = api.get(&uri).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            r.body["message"],
            format!("field label not supported: {label}"),
            "{uri}"
        );
    }
    let selected = api
        .get(&format!(
            "{NEW}?fieldSelector=reportingController=example.com/web-controller,reason=Scaled"
        ))
        .await
        .body;
    assert_eq!(names(&selected), ["web.1"]);
}

/// A create through events.k8s.io/v1 gets the strict rules on top of the
/// legacy ones, under the core names (`count`, not `deprecatedCount`);
/// through core v1 only the legacy ones, which for a new-style Event
/// (with `eventTime`) name the reporting controller `reportingComponent`
/// and let its involved object be in another namespace (upstream checks
/// the namespace of a new-style Event's object only when it has none).
#[tokio::test]
async fn each_group_validates_as_upstream_validates_its_requests() {
    let api = Api::start();
    let r = api
        .post(
            NEW,
            &json!({"apiVersion": "events.k8s.io/v1", "kind": "Event",
                    "metadata": {"name": "bad.1", "namespace": "default"},
                    "type": "Sometimes", "deprecatedCount": 3, "series": {"count": 1}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    // Sorted: the `+required` markers' checks (`eventTime`,
    // `series.lastObservedTime`) come before the hand-written rules here,
    // after them upstream.
    let mut causes = r.causes();
    causes.sort();
    assert_eq!(
        causes,
        [
            "count: Invalid value: \"\": needs to be unset",
            "eventTime: Required value",
            "series.count: Invalid value: \"\": should be at least 2",
            "series.lastObservedTime: Required value",
            "type: Invalid value: \"\": has invalid value: Sometimes",
        ]
    );

    let mut event = new_event("long.1");
    event["note"] = json!("x".repeat(1025));
    event["action"] = json!("a".repeat(129));
    event["regarding"]["namespace"] = json!("");
    let r = api.post(NEW, &event).await;
    r.assert_failure(422, "Invalid");
    let mut causes = r.causes();
    causes.sort();
    assert_eq!(
        causes,
        [
            "action: Invalid value: \"\": can have at most 128 characters",
            "message: Invalid value: \"\": can have at most 1024 characters",
        ]
    );

    let old_style = json!({"apiVersion": "v1", "kind": "Event",
        "metadata": {"name": "new-style.1", "namespace": "default"},
        "eventTime": "2026-11-29T12:00:00.000000Z", "type": "Sometimes",
        "involvedObject": {"kind": "Pod", "name": "p", "namespace": "other"}});
    let r = api.post(OLD, &old_style).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "reportingComponent: Required value",
            "reportingComponent: Invalid value: \"\": name part must be non-empty",
            "reportingComponent: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
            "reportingInstance: Required value",
            "action: Required value",
            "reason: Required value",
        ]
    );
}

/// Through events.k8s.io/v1 an Event is immutable but for its series (as
/// kube-rs's `Recorder` merge-patches it) and metadata; through core v1
/// anything goes, as client-go's old recorder bumps `count`.
#[tokio::test]
async fn new_api_updates_change_only_the_series() {
    let api = Api::start();
    api.create(NEW, &new_event("web.1")).await;
    let series = json!({"series": {"count": 2, "lastObservedTime": "2026-11-29T12:01:00.000000Z"}});
    let r = api
        .patch(
            &format!("{NEW}/web.1"),
            "application/merge-patch+json",
            &series,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["series"]["count"], 2);

    let r = api
        .patch(
            &format!("{NEW}/web.1"),
            "application/merge-patch+json",
            &json!({"note": "changed", "series": {"count": 1}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "series.count: Invalid value: \"\": should be at least 2",
            "message: Invalid value: \"changed\": field is immutable",
        ]
    );

    let r = api
        .patch(
            &format!("{OLD}/web.1"),
            "application/merge-patch+json",
            &json!({"message": "changed through core v1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let read = api.get(&format!("{NEW}/web.1")).await.body;
    assert_eq!(read["note"], "changed through core v1");
    assert_eq!(read["series"]["count"], 2);

    // `eventTime` is compared at microseconds (kubernetes#111928).
    let r = api
        .patch(
            &format!("{NEW}/web.1"),
            "application/merge-patch+json",
            &json!({"eventTime": "2026-11-29T12:00:00.000000100Z"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(
            &format!("{NEW}/web.1"),
            "application/merge-patch+json",
            &json!({"eventTime": "2026-11-29T12:00:01.000000Z"}),
        )
        .await;
    assert_eq!(
        r.causes(),
        ["eventTime: Invalid value: \"2026-11-29T12:00:01.000000Z\": field is immutable"]
    );

    // A series written through core v1 without its last observation must
    // have one once it changes through the new API.
    let core_series = json!({"series": {"count": 2, "lastObservedTime": null}});
    let r = api
        .patch(
            &format!("{OLD}/web.1"),
            "application/merge-patch+json",
            &core_series,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(
            &format!("{NEW}/web.1"),
            "application/merge-patch+json",
            &json!({"series": {"count": 3}}),
        )
        .await;
    assert_eq!(r.causes(), ["series.lastObservedTime: Required value"]);

    // A PUT of a missing Event creates it (the strategy's
    // AllowCreateOnUpdate), validated as a create.
    let r = api.put(&format!("{NEW}/web.2"), &new_event("web.2")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
}

/// Both groups print the core Event's Table (upstream's one `printEvent`).
#[tokio::test]
async fn the_new_api_prints_the_core_events_table() {
    let api = Api::start();
    api.create(NEW, &new_event("web.1")).await;
    let table = "application/json;as=Table;v=v1;g=meta.k8s.io";
    let new = api.get_as(NEW, table).await.body;
    let old = api.get_as(OLD, table).await.body;
    assert_eq!(new["columnDefinitions"], old["columnDefinitions"]);
    let cells = |t: &Value| t["rows"][0]["cells"].clone();
    assert_eq!(cells(&new), cells(&old));
    let cells = cells(&new);
    assert_eq!(cells[1], "Normal");
    assert_eq!(cells[2], "Scaled");
    assert_eq!(cells[3], "deployment/web");
    assert_eq!(cells[5], "example.com/web-controller, web-controller-0");
    assert_eq!(cells[6], "scaled to 3 replicas");
    assert_eq!(cells[8], 1);
}

/// A server-side apply through the new API meets the managers of the
/// core API: their fields are compared at their version, as upstream's
/// field manager converts both objects to each manager's version, so the
/// conflict names the core field; a shared value is co-owned.
#[tokio::test]
async fn an_apply_through_the_new_api_conflicts_with_core_managers() {
    let api = Api::start();
    api.create(
        &format!("{OLD}?fieldManager=kubelet"),
        &json!({"apiVersion": "v1", "kind": "Event",
                "metadata": {"name": "pod.1", "namespace": "default"},
                "involvedObject": {"kind": "Pod", "name": "p", "namespace": "default"},
                "reason": "Started", "message": "started container", "type": "Normal"}),
    )
    .await;
    let applied = json!({"apiVersion": "events.k8s.io/v1", "kind": "Event",
        "metadata": {"name": "pod.1", "namespace": "default"},
        "regarding": {"kind": "Pod", "name": "p", "namespace": "default"},
        "reason": "Started", "note": "something else", "type": "Normal"});
    let r = api
        .patch(
            &format!("{NEW}/pod.1?fieldManager=ctl"),
            "application/apply-patch+yaml",
            &applied,
        )
        .await;
    r.assert_failure(409, "Conflict");
    assert_eq!(
        r.body["message"],
        "Apply failed with 1 conflict: conflict with \"kubelet\" using v1: .message"
    );
    // The same value is shared, not a conflict (and a forced change
    // would be refused: the new API's Events are immutable).
    let mut shared = applied.clone();
    shared["note"] = json!("started container");
    let r = api
        .patch(
            &format!("{NEW}/pod.1?fieldManager=ctl"),
            "application/apply-patch+yaml",
            &shared,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let managers: Vec<(Value, Value)> = r.body["metadata"]["managedFields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["manager"].clone(), m["apiVersion"].clone()))
        .collect();
    assert_eq!(
        managers,
        [
            (json!("ctl"), json!("events.k8s.io/v1")),
            (json!("kubelet"), json!("v1"))
        ]
    );
    let old = api.get(&format!("{OLD}/pod.1")).await.body;
    assert_eq!(
        old["metadata"]["managedFields"],
        r.body["metadata"]["managedFields"]
    );
}

/// Names: a core v1 Event may have any path-segment name (upstream's
/// legacy validation checks no more; `BeforeCreate` checks the path
/// segment), an events.k8s.io/v1 one a DNS subdomain (its strict
/// `ValidateObjectMeta`). A collection delete through the new API removes
/// the Events written through either.
#[tokio::test]
async fn names_and_collection_deletes() {
    let api = Api::start();
    let core = json!({"apiVersion": "v1", "kind": "Event",
        "metadata": {"name": "Pod_Web.1", "namespace": "default"},
        "involvedObject": {"kind": "Pod", "name": "web", "namespace": "default"},
        "reason": "Started", "type": "Normal"});
    api.create(OLD, &core).await;
    let r = api.post(NEW, &new_event("Web_1")).await;
    r.assert_failure(422, "Invalid");
    assert!(
        r.causes()[0]
            .starts_with("metadata.name: Invalid value: \"Web_1\": a lowercase RFC 1123 subdomain"),
        "{:?}",
        r.causes()
    );
    api.create(NEW, &new_event("web.1")).await;
    assert_eq!(names(&api.get(NEW).await.body), ["Pod_Web.1", "web.1"]);
    let r = api.delete(NEW).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(names(&api.get(OLD).await.body), Vec::<String>::new());
}

/// Events expire a lifetime after their last write (kube-apiserver's
/// `--event-ttl`, here 1.5 s): one written once is deleted, watchers see
/// it go, while one a recorder keeps writing lives on until it stops;
/// other kinds do not expire.
#[tokio::test]
async fn events_expire_a_lifetime_after_their_last_write() {
    let config = server::Config {
        expiring: vec![server::expiry::Expiry::events(Duration::from_millis(1500))],
        ..tests::apiserver_config()
    };
    let api = Api::start_with_config(
        std::sync::Arc::new(server::storage::MemoryStore::new()),
        config,
    );
    let settings = api
        .create(
            "/api/v1/namespaces/default/configmaps",
            &configmap("settings"),
        )
        .await;
    api.create(NEW, &new_event("once")).await;
    let (_, _, mut watch) = api
        .watch(&format!(
            "{OLD}?watch=true&resourceVersion={}",
            rv(&settings)
        ))
        .await;
    assert_eq!(watch.next_event().await, ("ADDED".into(), "once".into()));
    let mut kept = api.create(NEW, &new_event("kept")).await;
    assert_eq!(watch.next_event().await, ("ADDED".into(), "kept".into()));

    // The recorder counts "kept" again faster than it expires.
    let started = Instant::now();
    while api.get(&format!("{OLD}/once")).await.status == StatusCode::OK {
        assert!(
            started.elapsed() < PATIENCE,
            "the event written once did not expire"
        );
        kept["series"] = json!({"count": 2 + started.elapsed().as_millis() as i64,
                                "lastObservedTime": "2026-11-29T12:00:01.000000Z"});
        let r = api.put(&format!("{NEW}/kept"), &kept).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        kept = r.body;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        started.elapsed() >= Duration::from_millis(1000),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(api.get(&format!("{OLD}/kept")).await.status, StatusCode::OK);
    let mut deleted = Vec::new();
    while deleted.is_empty() {
        let (kind, name) = watch.next_event().await;
        if kind == "DELETED" {
            deleted.push(name);
        }
    }
    assert_eq!(deleted, ["once"]);

    // Left alone, it goes too; the ConfigMap stays.
    eventually("the event no longer written expires", async || {
        api.get(&format!("{OLD}/kept")).await.status == StatusCode::NOT_FOUND
    })
    .await;
    let r = api
        .get("/api/v1/namespaces/default/configmaps/settings")
        .await;
    assert_eq!(r.status, StatusCode::OK);
}
