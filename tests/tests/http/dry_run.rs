//! `dryRun`: every mutating verb answers as it would and stores nothing.

use super::*;

#[tokio::test]
async fn dry_run_create_stores_nothing() {
    let api = Api::start();
    let before = api.get(WIDGETS).await.body["metadata"]["resourceVersion"].clone();
    let r = api
        .post(&format!("{WIDGETS}?dryRun=All"), &widget("w1"))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(name(&r.body), "w1");
    assert!(r.body["metadata"]["uid"].is_string());
    // Nothing was stored, so there is no revision to name.
    assert_eq!(
        r.body["metadata"].get("resourceVersion"),
        None,
        "{}",
        r.text
    );
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
    let list = api.get(WIDGETS).await.body;
    assert_eq!(list["items"], json!([]));
    assert_eq!(list["metadata"]["resourceVersion"], before);
}

#[tokio::test]
async fn dry_run_update_stores_nothing() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let mut changed = w.clone();
    changed["spec"]["replicas"] = json!(8);
    let r = api
        .put(&format!("{}?dryRun=All", widget_uri("w1")), &changed)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 8);
    let stored = api.get(&widget_uri("w1")).await.body;
    assert_eq!(stored, w);
}

#[tokio::test]
async fn dry_run_delete_stores_nothing() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let r = api
        .delete(&format!("{}?dryRun=All", widget_uri("w1")))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&widget_uri("w1")).await.body, w);
}

#[tokio::test]
async fn an_unknown_dry_run_value_is_rejected() {
    let api = Api::start();
    let r = api
        .post(&format!("{WIDGETS}?dryRun=Foo"), &widget("w1"))
        .await;
    assert!(r.status.is_client_error(), "{}", r.text);
    assert_eq!(r.body["status"], "Failure");
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Upstream: `ValidateDryRun` (k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go:
/// `field.NotSupported(fldPath, dryRun, allowedDryRunValues.List())`, the `[]string` value
/// printed as JSON by `field.Error.ErrorBody` since Kubernetes 1.34), wrapped as an Invalid `CreateOptions.meta.k8s.io`.
#[tokio::test]
async fn an_unknown_dry_run_value_is_422_create_options_invalid() {
    let api = Api::start();
    let r = api
        .post(&format!("{WIDGETS}?dryRun=Foo"), &widget("w1"))
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        r#"CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Foo"]: supported values: "All""#
    );
    assert_eq!(
        r.body["details"],
        json!({"group": "meta.k8s.io", "kind": "CreateOptions",
               "causes": [{"reason": "FieldValueNotSupported",
                           "message": r#"Unsupported value: ["Foo"]: supported values: "All""#,
                           "field": "dryRun"}]})
    );
}

// Dry run on every mutating verb
// ---------------------------------------------------------------------------

/// `dryRun=All` on patch, apply, delete and deletecollection returns the
/// would-be result, stores nothing, and sends no watch event: the next
/// event a watcher sees is the real write that follows.
#[tokio::test]
async fn dry_run_writes_store_nothing_and_send_no_event() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let before = api.get(&widget_uri("w1")).await.body;
    let (_, _, mut events) = api
        .watch(&format!(
            "{WIDGETS}?watch=true&resourceVersion={}",
            rv(&before)
        ))
        .await;

    let r = api
        .patch(
            &format!("{}?dryRun=All", widget_uri("w1")),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 7}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 7);

    let mut applied = widget("w1");
    applied["spec"]["replicas"] = json!(9);
    let r = api
        .send(
            Method::PATCH,
            &format!(
                "{}?dryRun=All&fieldManager=test&force=true",
                widget_uri("w1")
            ),
            &[("content-type", "application/apply-patch+yaml")],
            applied.to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 9);

    let r = api
        .send(
            Method::DELETE,
            &format!("{}?dryRun=All", widget_uri("w1")),
            &[],
            Body::empty(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let r = api
        .send(
            Method::DELETE,
            &format!("{WIDGETS}?dryRun=All"),
            &[],
            Body::empty(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(names(&r.body), ["w1"], "the would-be deleted items");

    assert_eq!(api.get(&widget_uri("w1")).await.body, before);
    create_widget(&api, "w2").await;
    assert_eq!(events.next_event().await, ("ADDED".into(), "w2".into()));
}

// ---------------------------------------------------------------------------
