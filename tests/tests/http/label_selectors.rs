//! Label selectors are validated as upstream's `ValidateLabelSelector`
//! (`k8s.io/apimachinery/pkg/apis/meta/v1/validation`), at each kind's
//! place for it: a workload's, a Job's, a disruption budget's and a
//! network policy's. A selector `LabelSelectorAsSelector` cannot convert
//! is then reported as each kind's validation reports it.

use super::*;

/// A container of a pod template (which selectors select).
fn template() -> Value {
    json!({"metadata": {"labels": {"app": "web"}},
           "spec": {"containers": [{"name": "web", "image": "nginx"}]}})
}

/// A selector with a bad operator, `In` without values, a bad key and a
/// bad value.
fn bad_selector() -> Value {
    json!({"matchLabels": {"app": "-web"}, "matchExpressions": [
        {"key": "tier", "operator": "Near", "values": ["a"]},
        {"key": "a/b/c", "operator": "In"},
    ]})
}

const REQUIREMENTS: [&str; 4] = [
    "matchLabels: Invalid value: \"-web\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    "matchExpressions[0].operator: Invalid value: \"Near\": not a valid selector operator",
    "matchExpressions[1].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    "matchExpressions[1].key: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
];

/// `REQUIREMENTS` at `path`.
fn at(path: &str) -> Vec<String> {
    REQUIREMENTS.iter().map(|r| format!("{path}.{r}")).collect()
}

/// A Deployment says `invalid label selector`, a StatefulSet an empty
/// detail, a DaemonSet nothing more (its template match needs a selector
/// that converts).
#[tokio::test]
async fn workload_selectors_are_validated_as_upstream() {
    let api = Api::start();
    let spec = json!({"selector": bad_selector(), "template": template()});
    let r = api
        .post(
            "/apis/apps/v1/namespaces/default/deployments",
            &json!({"metadata": {"name": "web"}, "spec": spec}),
        )
        .await;
    let mut expected = at("spec.selector");
    expected.push(format!(
        "spec.selector: Invalid value: {}: invalid label selector",
        bad_selector()
    ));
    assert_eq!(r.causes(), expected);

    let mut spec = spec.clone();
    spec["serviceName"] = json!("web");
    let r = api
        .post(
            "/apis/apps/v1/namespaces/default/statefulsets",
            &json!({"metadata": {"name": "web"}, "spec": spec}),
        )
        .await;
    let mut expected = at("spec.selector");
    expected.push(format!("spec.selector: Invalid value: {}", bad_selector()));
    assert_eq!(r.causes(), expected);

    let r = api
        .post(
            "/apis/apps/v1/namespaces/default/daemonsets",
            &json!({"metadata": {"name": "web"},
                    "spec": {"selector": bad_selector(), "template": template()}}),
        )
        .await;
    assert_eq!(r.causes(), at("spec.selector"));
}

/// A manual Job selector, a disruption budget's selector and a network
/// policy's pod and peer selectors.
#[tokio::test]
async fn job_budget_and_policy_selectors_are_validated_as_upstream() {
    let api = Api::start();
    let mut job_template = template();
    job_template["spec"]["restartPolicy"] = json!("Never");
    let r = api
        .post(
            "/apis/batch/v1/namespaces/default/jobs",
            &json!({"metadata": {"name": "j"}, "spec": {
                "manualSelector": true, "selector": bad_selector(), "template": job_template}}),
        )
        .await;
    assert_eq!(r.causes(), at("spec.selector"));

    let r = api
        .post(
            "/apis/policy/v1/namespaces/default/poddisruptionbudgets",
            &json!({"metadata": {"name": "b"},
                    "spec": {"minAvailable": 1, "selector": bad_selector()}}),
        )
        .await;
    assert_eq!(r.causes(), at("spec.selector"));

    let r = api
        .post(
            "/apis/networking.k8s.io/v1/namespaces/default/networkpolicies",
            &json!({"metadata": {"name": "p"}, "spec": {
                "podSelector": bad_selector(),
                "ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"team": "-a"}}}]}]}}),
        )
        .await;
    let mut expected = at("spec.podSelector");
    expected.push("spec.ingress[0].from[0].namespaceSelector.matchLabels: Invalid value: \"-a\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')".into());
    assert_eq!(r.causes(), expected);
}
