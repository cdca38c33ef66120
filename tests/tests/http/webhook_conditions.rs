//! Admission webhooks' match conditions (`matchConditions`, CEL): the
//! writes they let a webhook be sent, and what their failures do under
//! each failure policy. Their validation is in `webhooks.rs`.

use tests::webhook::{WebhookServer, answer};

use super::webhooks::{CONFIGMAPS, VALIDATING, configmap_rules, configuration};
use super::*;

/// Match conditions choose the writes a webhook is sent, over the request
/// and its objects: a false condition skips the webhook whatever the
/// others say; a condition that fails to evaluate refuses the write under
/// `failurePolicy: Fail` (403, as upstream's `ShouldCallHook`) and skips
/// the webhook under `Ignore`.
#[tokio::test]
async fn match_conditions_choose_the_writes_sent() {
    let webhook = WebhookServer::start(|_, review| {
        answer(
            review,
            json!({"allowed": false, "status": {"message": "checked and refused"}}),
        )
    });
    let api = Api::start();
    let mut body = configuration(
        "ValidatingWebhookConfiguration",
        "conditional.example.com",
        &format!("{}/conditional", webhook.base_url),
        &webhook.ca_bundle(),
        configmap_rules(&["CREATE", "UPDATE", "DELETE"]),
    );
    body["webhooks"][0]["matchConditions"] = json!([
        {"name": "checked", "expression": "has(object.metadata.labels) && object.metadata.labels['check'] == 'yes'"},
        {"name": "not-deletes", "expression": "request.operation != 'DELETE' && oldObject == null"},
        {"name": "unsecured", "expression": "request.userInfo.username == 'system:unsecured' && request.resource.resource == 'configmaps' && request.options == null && request.userInfo.extra == {}"},
    ]);
    let r = api.post(VALIDATING, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);

    // Not labelled: the webhook is not called.
    let r = api.post(CONFIGMAPS, &configmap("plain")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    // Labelled: it is, and refuses.
    let mut checked = configmap("checked");
    checked["metadata"]["labels"] = json!({"check": "yes"});
    let r = api.post(CONFIGMAPS, &checked).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(
        r.body["message"],
        "admission webhook \"conditional.example.com\" denied the request: checked and refused"
    );
    // An update has an old object: `oldObject == null` is false.
    let mut labelled = api.get(&format!("{CONFIGMAPS}/plain")).await.body;
    labelled["metadata"]["labels"] = json!({"check": "yes"});
    let r = api.put(&format!("{CONFIGMAPS}/plain"), &labelled).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // A delete has no object: `has(object.metadata.labels)` fails to
    // evaluate on null, but `request.operation != 'DELETE'` is false,
    // which wins.
    let r = api.delete(&format!("{CONFIGMAPS}/plain")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let sent: Vec<String> = webhook
        .reviews()
        .iter()
        .map(|(_, r)| {
            format!(
                "{} {}",
                r["request"]["operation"].as_str().unwrap_or(""),
                r["request"]["name"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(sent, ["CREATE checked"]);

    // A condition that cannot be evaluated, and none false.
    let path = format!("{VALIDATING}/conditional.example.com");
    body["metadata"]["resourceVersion"] =
        api.get(&path).await.body["metadata"]["resourceVersion"].clone();
    body["webhooks"][0]["matchConditions"] = json!([
        {"name": "owner", "expression": "object.metadata.labels.owner == 'me'"},
    ]);
    let r = api.put(&path, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api.post(CONFIGMAPS, &checked).await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "configmaps \"checked\" is forbidden: expression 'object.metadata.labels.owner == 'me'' resulted in error: no such key: owner"
    );
    body["metadata"]["resourceVersion"] =
        api.get(&path).await.body["metadata"]["resourceVersion"].clone();
    body["webhooks"][0]["failurePolicy"] = json!("Ignore");
    let r = api.put(&path, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api.post(CONFIGMAPS, &checked).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        webhook.reviews().len(),
        1,
        "the webhook was not called again"
    );
}
