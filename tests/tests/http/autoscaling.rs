//! The HorizontalPodAutoscaler at `autoscaling/v2` (stored) and
//! `autoscaling/v1`, as kube-apiserver serves it: what v1 cannot say
//! travels in upstream's `autoscaling.alpha.kubernetes.io/*` annotations,
//! so a v1 read-modify-write keeps a v2 client's metrics and behavior.

use super::*;

const V2: &str = "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers";
const V1: &str = "/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers";

/// A v2 autoscaler of Deployment `web` on memory, with a scale-down rule.
fn memory_hpa(name: &str) -> Value {
    json!({
        "apiVersion": "autoscaling/v2",
        "kind": "HorizontalPodAutoscaler",
        "metadata": {"name": name},
        "spec": {
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"},
            "minReplicas": 2,
            "maxReplicas": 5,
            "metrics": [
                {"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 60}}},
                {"type": "Resource", "resource": {"name": "memory", "target": {"type": "AverageValue", "averageValue": "500Mi"}}},
            ],
            "behavior": {"scaleDown": {"stabilizationWindowSeconds": 120, "policies": [{"type": "Pods", "value": 1, "periodSeconds": 60}]}},
        },
    })
}

#[tokio::test]
async fn a_v2_autoscaler_reads_at_v1_with_upstreams_annotations() {
    let api = Api::start();
    let created = api.create(V2, &memory_hpa("web")).await;
    // v2's defaults: the scale-up rules filled in, scale-down's select
    // policy.
    assert_eq!(
        created["spec"]["behavior"],
        json!({
            "scaleUp": {"stabilizationWindowSeconds": 0, "selectPolicy": "Max", "policies": [
                {"type": "Pods", "value": 4, "periodSeconds": 15},
                {"type": "Percent", "value": 100, "periodSeconds": 15}]},
            "scaleDown": {"stabilizationWindowSeconds": 120, "selectPolicy": "Max", "policies": [
                {"type": "Pods", "value": 1, "periodSeconds": 60}]},
        })
    );

    let v1 = api.get(&format!("{V1}/web")).await;
    assert_eq!(v1.status, StatusCode::OK, "{}", v1.text);
    let v1 = v1.body;
    assert_eq!(v1["apiVersion"], "autoscaling/v1");
    assert_eq!(
        v1["spec"],
        json!({
            "scaleTargetRef": {"kind": "Deployment", "name": "web", "apiVersion": "apps/v1"},
            "minReplicas": 2,
            "maxReplicas": 5,
            "targetCPUUtilizationPercentage": 60,
        })
    );
    // The annotations as kube-apiserver writes them: the other metrics as
    // v1's (older) metric types, the behavior as the internal Go struct's
    // JSON (no JSON tags).
    let annotations = &v1["metadata"]["annotations"];
    assert_eq!(
        annotations["autoscaling.alpha.kubernetes.io/metrics"],
        r#"[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"500Mi"}}]"#
    );
    assert_eq!(
        annotations["autoscaling.alpha.kubernetes.io/behavior"],
        r#"{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15},{"Type":"Percent","Value":100,"PeriodSeconds":15}],"Tolerance":null},"ScaleDown":{"StabilizationWindowSeconds":120,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":60}],"Tolerance":null}}"#
    );
    assert_eq!(annotations.as_object().unwrap().len(), 2, "{annotations}");

    // An update through v1 that leaves the annotations alone keeps the v2
    // metrics and behavior; the CPU target it changes is v2's CPU metric.
    let mut update = v1.clone();
    update["spec"]["maxReplicas"] = json!(7);
    update["spec"]["targetCPUUtilizationPercentage"] = json!(75);
    let put = api.put(&format!("{V1}/web"), &update).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    assert_eq!(put.body["metadata"]["annotations"], *annotations);

    let v2 = api.get(&format!("{V2}/web")).await.body;
    assert_eq!(v2["spec"]["maxReplicas"], 7);
    assert_eq!(
        v2["spec"]["metrics"],
        json!([
            {"type": "Resource", "resource": {"name": "memory", "target": {"type": "AverageValue", "averageValue": "500Mi"}}},
            {"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 75}}},
        ])
    );
    assert_eq!(v2["spec"]["behavior"], created["spec"]["behavior"]);
    // v2 keeps no round-trip annotation.
    assert_eq!(v2["metadata"].get("annotations"), None);
}

#[tokio::test]
async fn a_v1_autoscaler_without_a_target_scales_on_80_percent_cpu() {
    let api = Api::start();
    let created = api
        .create(
            V1,
            &json!({
                "apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler",
                "metadata": {"name": "web"},
                "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"}, "maxReplicas": 3},
            }),
        )
        .await;
    assert_eq!(created["spec"]["minReplicas"], 1);
    assert_eq!(created["spec"]["targetCPUUtilizationPercentage"], 80);
    let v2 = api.get(&format!("{V2}/web")).await.body;
    assert_eq!(
        v2["spec"]["metrics"],
        json!([{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 80}}}])
    );
}

#[tokio::test]
async fn status_written_at_v2_reads_at_v1_with_the_cpu_reading_and_the_rest_in_annotations() {
    let api = Api::start();
    api.create(V2, &memory_hpa("web")).await;
    let mut hpa = api.get(&format!("{V2}/web")).await.body;
    hpa["status"] = json!({
        "currentReplicas": 3, "desiredReplicas": 4,
        "currentMetrics": [{"type": "Resource", "resource": {"name": "cpu", "current": {"averageValue": "250m", "averageUtilization": 55}}}],
        "conditions": [{"type": "AbleToScale", "status": "True", "lastTransitionTime": "2026-01-01T00:00:00Z", "reason": "ReadyForNewScale"}],
    });
    let put = api.put(&format!("{V2}/web/status"), &hpa).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);

    let v1 = api.get(&format!("{V1}/web")).await.body;
    assert_eq!(
        v1["status"],
        json!({"currentReplicas": 3, "desiredReplicas": 4, "currentCPUUtilizationPercentage": 55})
    );
    let annotations = &v1["metadata"]["annotations"];
    assert_eq!(
        annotations["autoscaling.alpha.kubernetes.io/current-metrics"],
        r#"[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":55,"currentAverageValue":"250m"}}]"#
    );
    assert_eq!(
        annotations["autoscaling.alpha.kubernetes.io/conditions"],
        r#"[{"type":"AbleToScale","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z","reason":"ReadyForNewScale"}]"#
    );
    // Table columns, as `kubectl get hpa` prints them; v1 lists the CPU
    // target after the metrics it keeps in the annotation, each with its
    // own reading.
    for (uri, targets) in [
        (V2, "cpu: 55%/60%, memory: <unknown>/500Mi"),
        (V1, "memory: <unknown>/500Mi, cpu: 55%/60%"),
    ] {
        let table = api
            .get_as(uri, "application/json;as=Table;v=v1;g=meta.k8s.io")
            .await
            .body;
        let cells = &table["rows"][0]["cells"];
        assert_eq!(
            cells.as_array().unwrap()[..6],
            [
                json!("web"),
                json!("Deployment/web"),
                json!(targets),
                json!("2"),
                json!(5),
                json!(3)
            ],
            "{uri}"
        );
    }
}

#[tokio::test]
async fn invalid_autoscalers_get_upstreams_messages_at_either_version() {
    let api = Api::start();
    let mut bad = memory_hpa("bad");
    bad["spec"]["minReplicas"] = json!(6);
    bad["spec"]["metrics"][1]["resource"]["target"] = json!({"type": "AverageValue"});
    let reply = api.post(V2, &bad).await;
    reply.assert_failure(422, "Invalid");
    assert_eq!(
        reply.body["details"]["causes"],
        json!([
            {"reason": "FieldValueInvalid", "message": "Invalid value: 5: must be greater than or equal to `minReplicas`", "field": "spec.maxReplicas"},
            {"reason": "FieldValueRequired", "message": "Required value: must set either a target raw value or a target utilization", "field": "spec.metrics[1].resource.target.averageUtilization"},
        ])
    );
    // An unknown metric type, and a second source beside the one it names.
    let mut bad = memory_hpa("bad");
    bad["spec"]["metrics"][0]["type"] = json!("Cpu");
    bad["spec"]["metrics"][1]["pods"] =
        json!({"metric": {"name": "qps"}, "target": {"type": "AverageValue", "averageValue": "1"}});
    let reply = api.post(V2, &bad).await;
    reply.assert_failure(422, "Invalid");
    assert_eq!(
        reply.body["details"]["causes"],
        json!([
            {"reason": "FieldValueNotSupported", "message": "Unsupported value: \"Cpu\": supported values: \"ContainerResource\", \"External\", \"Object\", \"Pods\", \"Resource\"", "field": "spec.metrics[0].type"},
            {"reason": "FieldValueNotSupported", "message": "Unsupported value: \"Cpu\": supported values: \"ContainerResource\", \"External\", \"Object\", \"Pods\", \"Resource\"", "field": "spec.metrics[0].type"},
            {"reason": "FieldValueForbidden", "message": "Forbidden: must populate the given metric source only", "field": "spec.metrics[1].pods"},
        ])
    );
    // v1 is validated as the internal object it converts to.
    let reply = api
        .post(
            V1,
            &json!({
                "apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler",
                "metadata": {"name": "bad"},
                "spec": {"scaleTargetRef": {"kind": "Deployment", "name": "a/b"}, "maxReplicas": 3, "targetCPUUtilizationPercentage": 0},
            }),
        )
        .await;
    reply.assert_failure(422, "Invalid");
    assert_eq!(
        reply.body["details"]["causes"],
        json!([
            {"reason": "FieldValueInvalid", "message": "Invalid value: \"a/b\": may not contain '/'", "field": "spec.scaleTargetRef.name"},
            {"reason": "FieldValueInvalid", "message": "Invalid value: \"\": apiVersion must specify API group", "field": "spec.scaleTargetRef.apiVersion"},
            {"reason": "FieldValueInvalid", "message": "Invalid value: 0: must be greater than 0", "field": "spec.metrics[0].resource.target.averageUtilization"},
        ])
    );
}

/// `validateHorizontalPodAutoscalerSpec`'s replica bounds as v1.36 words
/// them (a missing `maxReplicas` is `Required`), scaling to zero only with
/// an Object or External metric, and a container resource metric's
/// resource name (`ValidateContainerResourceName`).
#[tokio::test]
async fn autoscaler_bounds_and_container_metrics_are_validated() {
    let api = Api::start();
    let mut missing = memory_hpa("missing");
    missing["spec"]
        .as_object_mut()
        .unwrap()
        .remove("maxReplicas");
    missing["spec"]["minReplicas"] = json!(0);
    missing["spec"]["metrics"] = json!([{"type": "ContainerResource", "containerResource": {
        "name": "cpus", "container": "app", "target": {"type": "Utilization", "averageUtilization": 60}}}]);
    let r = api.post(V2, &missing).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "spec.minReplicas: Invalid value: 0: must be greater than or equal to 1",
            "spec.maxReplicas: Required value: must be set and greater than 0",
            "spec.metrics[0].containerResource.name: Invalid value: \"cpus\": must be a standard resource type or fully qualified",
            "spec.metrics[0].containerResource.name: Invalid value: \"cpus\": must be a standard resource for containers",
            "spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas",
        ]
    );
    let mut negative = memory_hpa("negative");
    negative["spec"]["maxReplicas"] = json!(-1);
    negative["spec"]
        .as_object_mut()
        .unwrap()
        .remove("minReplicas");
    let r = api.post(V2, &negative).await;
    assert_eq!(
        r.causes(),
        [
            "spec.maxReplicas: Invalid value: -1: must be greater than or equal to 1",
            "spec.maxReplicas: Invalid value: -1: must be greater than or equal to `minReplicas`",
        ]
    );
}
