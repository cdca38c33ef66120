//! One resource served at several versions from one storage version, as
//! kube-apiserver serves them: `example.dev` Widgets at `v1` (stored) and
//! `v1beta1` (which calls the replicas `size`, writes the color as a
//! string and keeps the release in an annotation).

use super::*;

/// The Widgets of namespace `default` at `example.dev/v1beta1`.
const BETA_WIDGETS: &str = "/apis/example.dev/v1beta1/namespaces/default/widgets";

fn beta_widget(name: &str) -> Value {
    json!({
        "apiVersion": "example.dev/v1beta1",
        "kind": "Widget",
        "metadata": {"name": name},
        "spec": {"size": 3, "color": "Green", "ports": [{"name": "web", "port": 8080}]},
    })
}

/// The object without what differs between two reads of it at different
/// versions by design (`apiVersion`, `spec`).
fn outside_spec(object: &Value) -> Value {
    let mut object = object.clone();
    let map = object.as_object_mut().expect("object");
    map.remove("apiVersion");
    map.remove("spec");
    object
}

#[tokio::test]
async fn created_at_v1beta1_it_reads_back_identical_there_and_converted_at_v1() {
    let api = Api::start();
    let created = api.create(BETA_WIDGETS, &beta_widget("b")).await;
    assert_eq!(created["apiVersion"], "example.dev/v1beta1");
    assert_eq!(
        created["spec"],
        json!({"size": 3, "color": "Green", "ports": [{"name": "web", "port": 8080, "protocol": "TCP"}]})
    );

    let beta = api.get(&format!("{BETA_WIDGETS}/b")).await;
    assert_eq!(beta.status, StatusCode::OK, "{}", beta.text);
    assert_eq!(beta.body, created);

    let v1 = api.get(&widget_uri("b")).await;
    assert_eq!(v1.status, StatusCode::OK, "{}", v1.text);
    assert_eq!(v1.body["apiVersion"], "example.dev/v1");
    assert_eq!(
        v1.body["spec"],
        json!({"replicas": 3, "color": "Green", "ports": [{"name": "web", "port": 8080, "protocol": "TCP"}]})
    );
    assert_eq!(outside_spec(&v1.body), outside_spec(&created));
}

#[tokio::test]
async fn created_at_v1_it_reads_back_identical_there() {
    let api = Api::start();
    let created = create_widget(&api, "a").await;
    assert_eq!(api.get(&widget_uri("a")).await.body, created);
    let beta = api.get(&format!("{BETA_WIDGETS}/a")).await;
    assert_eq!(beta.body["apiVersion"], "example.dev/v1beta1");
    assert_eq!(beta.body["spec"], json!({"size": 2, "color": "Red"}));
    assert_eq!(outside_spec(&beta.body), outside_spec(&created));
}

/// v1beta1 has no `release`: it reads as the `example.dev/release`
/// annotation, and an update through v1beta1 that leaves the annotation
/// alone keeps the release, as upstream keeps v2-only HPA fields in v1
/// annotations.
#[tokio::test]
async fn a_field_v1beta1_lacks_survives_an_update_through_v1beta1() {
    let api = Api::start();
    let mut w = widget("r");
    w["spec"]["release"] = json!("v2.1");
    api.create(WIDGETS, &w).await;

    let mut beta = api.get(&format!("{BETA_WIDGETS}/r")).await.body;
    assert_eq!(
        beta["metadata"]["annotations"]["example.dev/release"],
        "v2.1"
    );
    assert!(beta["spec"].get("release").is_none(), "{beta}");
    beta["spec"]["size"] = json!(4);
    let updated = api.put(&format!("{BETA_WIDGETS}/r"), &beta).await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);

    let v1 = api.get(&widget_uri("r")).await.body;
    assert_eq!(v1["spec"]["replicas"], 4);
    assert_eq!(v1["spec"]["release"], "v2.1");
    assert!(v1["metadata"].get("annotations").is_none(), "{v1}");
}

/// Validation runs in the version the client sent: a v1beta1 color must be
/// one v1 can hold, so no accepted object loses it in conversion.
#[tokio::test]
async fn a_v1beta1_value_v1_cannot_hold_is_invalid() {
    let api = Api::start();
    let mut w = beta_widget("c");
    w["spec"]["color"] = json!("Purple");
    let r = api.post(BETA_WIDGETS, &w).await;
    r.assert_failure(422, "Invalid");
    assert!(r.text.contains("spec.color"), "{}", r.text);
}

#[tokio::test]
async fn lists_at_each_version_hold_every_object_in_that_version_across_pages() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    api.create(BETA_WIDGETS, &beta_widget("w2")).await;
    create_widget(&api, "w3").await;
    for (collection, version, replicas) in [
        (WIDGETS, "example.dev/v1", "replicas"),
        (BETA_WIDGETS, "example.dev/v1beta1", "size"),
    ] {
        let first = api.get(&format!("{collection}?limit=2")).await.body;
        assert_eq!(first["apiVersion"], version);
        assert_eq!(names(&first), ["w1", "w2"]);
        let token = first["metadata"]["continue"].as_str().expect("continue");
        let rest = api
            .get(&format!("{collection}?limit=2&continue={token}"))
            .await
            .body;
        assert_eq!(names(&rest), ["w3"]);
        for item in first["items"]
            .as_array()
            .unwrap()
            .iter()
            .chain(rest["items"].as_array().unwrap())
        {
            assert_eq!(item["apiVersion"], version, "{item}");
            assert!(item["spec"].get(replicas).is_some(), "{item}");
        }
    }
}

#[tokio::test]
async fn each_watcher_receives_events_in_its_own_version() {
    let api = Api::start();
    let (_, _, mut v1) = api.watch(&format!("{WIDGETS}?watch=true")).await;
    let (_, _, mut beta) = api.watch(&format!("{BETA_WIDGETS}?watch=true")).await;
    let (_, _, mut beta_again) = api.watch(&format!("{BETA_WIDGETS}?watch=true")).await;

    api.create(BETA_WIDGETS, &beta_widget("w")).await;
    let added = v1.next().await.expect("ADDED at v1");
    assert_eq!(added["type"], "ADDED");
    assert_eq!(added["object"]["apiVersion"], "example.dev/v1");
    assert_eq!(added["object"]["spec"]["replicas"], 3);
    for events in [&mut beta, &mut beta_again] {
        let added = events.next().await.expect("ADDED at v1beta1");
        assert_eq!(added["object"]["apiVersion"], "example.dev/v1beta1");
        assert_eq!(added["object"]["spec"]["size"], 3);
    }

    api.patch(
        &widget_uri("w"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 5}}),
    )
    .await;
    let modified = beta.next().await.expect("MODIFIED at v1beta1");
    assert_eq!(modified["type"], "MODIFIED");
    assert_eq!(modified["object"]["spec"]["size"], 5);
    assert_eq!(
        v1.next().await.expect("MODIFIED at v1")["object"]["spec"]["replicas"],
        5
    );

    // A watch that starts with the current state sends it converted too,
    // with a label selector read in the watcher's version.
    let (_, _, mut initial) = api
        .watch(&format!(
            "{BETA_WIDGETS}?watch=true&fieldSelector=metadata.name%3Dw"
        ))
        .await;
    let first = initial.next().await.expect("initial ADDED");
    assert_eq!(first["object"]["apiVersion"], "example.dev/v1beta1");
    assert_eq!(first["object"]["spec"]["size"], 5);
}

#[tokio::test]
async fn discovery_lists_both_versions_with_v1_preferred_and_one_storage_version_hash() {
    let api = Api::start();
    let group = api.get("/apis/example.dev").await.body;
    assert_eq!(
        group["versions"],
        json!([
            {"groupVersion": "example.dev/v1", "version": "v1"},
            {"groupVersion": "example.dev/v1beta1", "version": "v1beta1"},
        ])
    );
    assert_eq!(group["preferredVersion"]["version"], "v1");
    let v1 = api.get("/apis/example.dev/v1").await.body;
    let beta = api.get("/apis/example.dev/v1beta1").await.body;
    let hash = &api_resource(&v1, "widgets")["storageVersionHash"];
    assert!(hash.is_string(), "{v1}");
    assert_eq!(&api_resource(&beta, "widgets")["storageVersionHash"], hash);
    assert!(
        api_resource(&beta, "widgets/status")
            .get("storageVersionHash")
            .is_none()
    );

    let aggregated = api.get_as("/apis", AGGREGATED_V2).await.body;
    let example = aggregated["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["metadata"]["name"] == "example.dev")
        .expect("example.dev");
    let versions: Vec<&Value> = example["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| &v["version"])
        .collect();
    assert_eq!(versions, ["v1", "v1beta1"]);
}

/// The scale subresource reads each version's own path (`spec.size` at
/// v1beta1).
#[tokio::test]
async fn scale_reads_and_writes_through_each_versions_path() {
    let api = Api::start();
    api.create(BETA_WIDGETS, &beta_widget("s")).await;
    let scale = api.get(&format!("{BETA_WIDGETS}/s/scale")).await;
    assert_eq!(scale.status, StatusCode::OK, "{}", scale.text);
    assert_eq!(scale.body["spec"]["replicas"], 3);
    let mut scale = scale.body;
    scale["spec"]["replicas"] = json!(7);
    let r = api.put(&format!("{BETA_WIDGETS}/s/scale"), &scale).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&widget_uri("s")).await.body["spec"]["replicas"], 7);
}

/// Every response for the deprecated v1beta1 carries upstream's warning
/// (`deprecation.WarningMessage`), errors included; v1 carries none.
#[tokio::test]
async fn every_response_for_the_deprecated_version_warns() {
    const WARNING: &str = r#"299 - "example.dev/v1beta1 Widget is deprecated in v1.34+, unavailable in v1.37+; use example.dev/v1 Widget""#;
    let api = Api::start();
    let created = api.post(BETA_WIDGETS, &beta_widget("d")).await;
    assert_eq!(created.warnings(), [WARNING]);
    let missing = api.get(&format!("{BETA_WIDGETS}/none")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.warnings(), [WARNING]);
    let list = api.get(BETA_WIDGETS).await;
    assert_eq!(list.warnings(), [WARNING]);
    assert!(api.get(&widget_uri("d")).await.warnings().is_empty());
}

/// A write at v1 takes from a v1beta1 manager the fields it changed in
/// v1beta1's terms: upstream's field manager compares each manager's
/// fields in the version it wrote them at.
#[tokio::test]
async fn a_write_at_v1_takes_a_renamed_field_from_its_v1beta1_owner() {
    let api = Api::start();
    let applied = api
        .patch(
            &format!("{BETA_WIDGETS}/m?fieldManager=beta-tool"),
            "application/apply-patch+yaml",
            &json!({
                "apiVersion": "example.dev/v1beta1",
                "kind": "Widget",
                "metadata": {"name": "m"},
                "spec": {"size": 3, "color": "Green"},
            }),
        )
        .await;
    assert_eq!(applied.status, StatusCode::CREATED, "{}", applied.text);
    let patched = api
        .patch(
            &format!("{}?fieldManager=patcher", widget_uri("m")),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 4}}),
        )
        .await;
    assert_eq!(patched.status, StatusCode::OK, "{}", patched.text);
    let managed = &patched.body["metadata"]["managedFields"];
    assert_eq!(managed[0]["manager"], "beta-tool");
    assert_eq!(managed[0]["apiVersion"], "example.dev/v1beta1");
    assert_eq!(
        managed[0]["fieldsV1"],
        json!({"f:spec": {"f:color": {}}}),
        "{managed}"
    );
    assert_eq!(managed[1]["manager"], "patcher");
    assert_eq!(managed[1]["apiVersion"], "example.dev/v1");
    assert_eq!(
        managed[1]["fieldsV1"],
        json!({"f:spec": {"f:replicas": {}}})
    );
}

/// `/status` at v1beta1 writes the status of the one stored object, and
/// leaves its spec alone, as at v1.
#[tokio::test]
async fn status_is_written_through_either_version() {
    let api = Api::start();
    let mut w = api.create(BETA_WIDGETS, &beta_widget("st")).await;
    w["status"] = json!({"phase": "Running", "replicas": 3});
    w["spec"]["size"] = json!(9);
    let r = api.put(&format!("{BETA_WIDGETS}/st/status"), &w).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.body["spec"]["size"], 3,
        "the spec is not written through /status"
    );
    let v1 = api.get(&widget_uri("st")).await.body;
    assert_eq!(v1["status"]["phase"], "Running");
    assert_eq!(v1["spec"]["replicas"], 3);
}
