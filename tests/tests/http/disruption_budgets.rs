//! PodDisruptionBudgets (`policy/v1`), which Helm charts and operators
//! ship beside their workloads: kept with upstream's status counts,
//! `ValidatePodDisruptionBudgetSpec` messages, protobuf as clients send
//! it, and `printPodDisruptionBudget` columns.

use super::*;
use proto::api::policy::v1 as policy;
use proto::apimachinery::pkg::apis::meta::v1 as meta;
use proto::apimachinery::pkg::util::intstr::IntOrString;

const BUDGETS: &str = "/apis/policy/v1/namespaces/default/poddisruptionbudgets";

/// A budget in protobuf comes back with generation 1 and the four status
/// counts written as 0; its spec may change (bumping the generation).
#[tokio::test]
async fn a_disruption_budget_is_kept_as_upstream() {
    let api = Api::start();
    let budget = policy::PodDisruptionBudget {
        metadata: Some(meta::ObjectMeta {
            name: Some("web".to_string()),
            ..Default::default()
        }),
        spec: Some(policy::PodDisruptionBudgetSpec {
            min_available: Some(IntOrString {
                r#type: Some(1),
                str_val: Some("50%".to_string()),
                ..Default::default()
            }),
            selector: Some(meta::LabelSelector {
                match_labels: [("app".to_string(), "web".to_string())].into(),
                ..Default::default()
            }),
            ..Default::default()
        }),
        status: None,
    };
    let body = proto::encode_envelope("policy/v1", "PodDisruptionBudget", &budget);
    let created = api
        .send(
            Method::POST,
            BUDGETS,
            &[("content-type", proto::MEDIA_TYPE)],
            Body::from(body),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(
        created.body["spec"],
        json!({"minAvailable": "50%", "selector": {"matchLabels": {"app": "web"}}})
    );
    assert_eq!(
        created.body["status"],
        json!({"disruptionsAllowed": 0, "currentHealthy": 0, "desiredHealthy": 0, "expectedPods": 0})
    );
    assert_eq!(created.body["metadata"]["generation"], 1);

    let path = format!("{BUDGETS}/web");
    let r = api
        .patch(
            &path,
            MERGE_PATCH,
            &json!({"spec": {"minAvailable": 2, "unhealthyPodEvictionPolicy": "AlwaysAllow"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["generation"], 2);
    let r = api
        .patch(
            &format!("{path}/status"),
            MERGE_PATCH,
            &json!({"status": {"disruptionsAllowed": -1}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        ["status.disruptionsAllowed: Invalid value: -1: must be greater than or equal to 0"]
    );
}

/// `ValidatePodDisruptionBudgetSpec`: not both bounds (the internal spec
/// rendered as JSON with Go's field names), each a count not negative or
/// a percentage of at most 100%, a known eviction policy.
#[tokio::test]
async fn disruption_budgets_are_validated_as_upstream() {
    let api = Api::start();
    let r = api
        .post(
            BUDGETS,
            &json!({"metadata": {"name": "bad"}, "spec": {
                "minAvailable": "120%", "maxUnavailable": -1,
                "unhealthyPodEvictionPolicy": "Never",
                "selector": {"matchLabels": {"app": "web"}}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(
        r.causes(),
        [
            "spec: Invalid value: {\"MinAvailable\":\"120%\",\"Selector\":{\"matchLabels\":{\"app\":\"web\"}},\"MaxUnavailable\":-1,\"UnhealthyPodEvictionPolicy\":\"Never\"}: minAvailable and maxUnavailable cannot be both set",
            "spec.minAvailable: Invalid value: \"120%\": must not be greater than 100%",
            "spec.maxUnavailable: Invalid value: -1: must be greater than or equal to 0",
            "spec.unhealthyPodEvictionPolicy: Unsupported value: \"Never\": supported values: \"AlwaysAllow\", \"IfHealthyBudget\"",
        ]
    );
}

/// `kubectl get pdb`: the bounds (`N/A` when unset) and the disruptions
/// allowed; the short name `pdb`.
#[tokio::test]
async fn disruption_budgets_print_as_upstream() {
    let api = Api::start();
    api.create(
        BUDGETS,
        &json!({"metadata": {"name": "db"}, "spec": {"maxUnavailable": "25%"}}),
    )
    .await;
    let table = api.get_as(BUDGETS, TABLE).await.body;
    let columns: Vec<(&str, &str)> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["type"].as_str().unwrap()))
        .collect();
    assert_eq!(
        columns,
        [
            ("Name", "string"),
            ("Min Available", "string"),
            ("Max Unavailable", "string"),
            ("Allowed Disruptions", "integer"),
            ("Age", "string")
        ]
    );
    let cells = table["rows"][0]["cells"].as_array().unwrap();
    assert_eq!(
        cells[..4],
        [json!("db"), json!("N/A"), json!("25%"), json!(0)]
    );
    let list = api.get("/apis/policy/v1").await.body;
    assert_eq!(
        api_resource(&list, "poddisruptionbudgets")["shortNames"],
        json!(["pdb"])
    );
}
