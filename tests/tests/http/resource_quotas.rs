//! ResourceQuotas (core/v1): stored with their status cleared on create,
//! `ValidateResourceQuota` and its update and status rules in upstream's
//! words, upstream's create warnings and Table (Name, Request, Limit,
//! Age, from the status).

use super::*;

const QUOTAS: &str = "/api/v1/namespaces/default/resourcequotas";

fn quota(name: &str, spec: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": name}, "spec": spec})
}

/// A create keeps the spec, clears the status and warns of a request
/// above its limit; bad names, amounts, scopes and selectors are refused
/// with upstream's causes.
#[tokio::test]
async fn a_quota_is_created_validated_and_warned_of() {
    let api = Api::start();
    let mut body = quota(
        "compute",
        json!({"hard": {"pods": "10", "requests.cpu": "2", "limits.cpu": "1", "count/deployments.apps": "3"}}),
    );
    body["status"] = json!({"hard": {"pods": "1"}, "used": {"pods": "1"}});
    let r = api.post(QUOTAS, &body).await;
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.body["spec"]["hard"]["requests.cpu"], "2");
    assert_eq!(r.body["status"], json!({}));
    assert_eq!(
        r.warnings(),
        ["299 - \"ResourceQuota requests.cpu (2) should be less than limits.cpu (1)\""]
    );

    let r = api
        .post(
            QUOTAS,
            &quota(
                "bad",
                json!({"hard": {"foo": "1", "storage": "1Gi", "pods": "1500m", "count/pods": "-1",
                                "example.com/gpu": "1"},
                       "scopes": ["BestEffort", "NotBestEffort", "Bogus"]}),
            ),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "spec.hard[count/pods]: Invalid value: \"-1\": must be greater than or equal to 0",
            "spec.hard[foo]: Invalid value: \"foo\": must be a standard resource type or fully qualified",
            "spec.hard[foo]: Invalid value: \"foo\": must be a standard resource for quota",
            "spec.hard[pods]: Invalid value: \"1500m\": must be an integer",
            "spec.hard[storage]: Invalid value: \"storage\": must be a standard resource for quota",
            "spec.scopes: Invalid value: [\"BestEffort\",\"NotBestEffort\",\"Bogus\"]: unsupported scope",
            "spec.scopes: Invalid value: [\"BestEffort\",\"NotBestEffort\",\"Bogus\"]: conflicting scopes",
        ]
    );

    let r = api
        .post(
            QUOTAS,
            &quota(
                "selector",
                json!({"hard": {"pods": "1"},
                       "scopeSelector": {"matchExpressions": [
                           {"scopeName": "PriorityClass", "operator": "In"},
                           {"scopeName": "BestEffort", "operator": "In", "values": ["x"]},
                           {"scopeName": "Terminating", "operator": "Exists", "values": ["x"]},
                           {"scopeName": "PriorityClass", "operator": "Gt", "values": ["x"]}]}}),
            ),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector",
            "spec.scopeSelector.matchExpressions.operator: Invalid value: \"In\": must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
            "spec.scopeSelector.matchExpressions.values: Invalid value: [\"x\"]: must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
            "spec.scopeSelector.matchExpressions.operator: Invalid value: \"Gt\": not a valid selector operator",
        ]
    );
}

/// Scopes cannot change, the selector can; `/status` writes the status
/// (and keeps the spec), is validated, and is what the Table
/// prints: `name: used/hard`, `limits.` names under Limit.
#[tokio::test]
async fn status_is_written_through_its_subresource_and_printed() {
    let api = Api::start();
    let created = api
        .create(
            QUOTAS,
            &quota(
                "q",
                json!({"hard": {"pods": "4", "limits.memory": "1Gi", "requests.cpu": "1"},
                       "scopes": ["NotTerminating"]}),
            ),
        )
        .await;
    let uri = format!("{QUOTAS}/q");

    let mut changed = created.clone();
    changed["spec"]["scopes"] = json!(["Terminating"]);
    let r = api.put(&uri, &changed).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        ["spec.scopes: Invalid value: [\"Terminating\"]: field is immutable"]
    );

    let mut status = created.clone();
    status["spec"]["hard"] = json!({"pods": "100"});
    status["status"] = json!({"hard": {"pods": "4", "limits.memory": "1Gi", "requests.cpu": "1"},
                              "used": {"pods": "1", "requests.cpu": "250m"}});
    let r = api.put(&format!("{uri}/status"), &status).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["spec"]["hard"]["pods"], "4");
    assert_eq!(r.body["status"]["used"]["requests.cpu"], "250m");

    let mut negative = r.body.clone();
    negative["status"]["used"] = json!({"pods": "-1"});
    let r = api.put(&format!("{uri}/status"), &negative).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        ["status.used[pods]: Invalid value: \"-1\": must be greater than or equal to 0"]
    );

    let table = api
        .get_as(QUOTAS, "application/json;as=Table;v=v1;g=meta.k8s.io")
        .await
        .body;
    assert_eq!(table_columns(&table), ["Name", "Request", "Limit", "Age"]);
    let cells = &table["rows"][0]["cells"];
    assert_eq!(cells[0], "q");
    assert_eq!(cells[1], "pods: 1/4, requests.cpu: 250m/1");
    assert_eq!(cells[2], "limits.memory: 0/1Gi");
}
