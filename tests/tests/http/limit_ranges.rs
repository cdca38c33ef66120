//! LimitRanges (core/v1) and the `LimitRanger` admission plugin: stored
//! with `SetDefaults_LimitRangeItem`'s defaults, `ValidateLimitRange` in
//! upstream's words, the default Table (Name, Created At); a Pod's
//! containers get the namespace's defaults (and the annotation saying
//! so) and must be within its bounds, as must a claim's storage request,
//! refused 403 with upstream's messages.

use super::*;

const RANGES: &str = "/api/v1/namespaces/default/limitranges";
const PODS: &str = "/api/v1/namespaces/default/pods";

fn limit_range(name: &str, limits: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "LimitRange", "metadata": {"name": name},
           "spec": {"limits": limits}})
}

fn pod(name: &str, containers: Value, init: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
           "spec": {"containers": containers, "initContainers": init}})
}

/// A `Container` item's default limit is its max and its default request
/// its default (upstream's order); the rules of `ValidateLimitRange`; the
/// default Table.
#[tokio::test]
async fn a_limit_range_is_defaulted_validated_and_printed() {
    let api = Api::start();
    let created = api
        .create(
            RANGES,
            &limit_range(
                "defaults",
                json!([{"type": "Container", "max": {"cpu": "2", "memory": "1Gi"}, "min": {"cpu": "50m"}},
                       {"type": "PersistentVolumeClaim", "max": {"storage": "5Gi"}}]),
            ),
        )
        .await;
    let item = &created["spec"]["limits"][0];
    assert_eq!(item["default"], json!({"cpu": "2", "memory": "1Gi"}));
    assert_eq!(item["defaultRequest"], json!({"cpu": "2", "memory": "1Gi"}));
    assert_eq!(created["spec"]["limits"][1].get("default"), None);
    // No items: Go's nil slice, `null`.
    let empty = api.create(RANGES, &limit_range("empty", json!([]))).await;
    assert_eq!(empty["spec"].get("limits"), Some(&Value::Null));

    let r = api
        .post(
            RANGES,
            &limit_range(
                "bad",
                json!([{"type": "Container", "max": {"cpu": "1"}, "min": {"cpu": "2"}},
                       {"type": "Container"},
                       {"type": "Pod", "default": {"cpu": "1"}},
                       {"type": "PersistentVolumeClaim", "maxLimitRequestRatio": {"gpu": "0.5"}},
                       {"type": "Node", "max": {"cpu": "1"}}]),
            ),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "spec.limits[0].min[cpu]: Invalid value: \"2\": min value 2 is greater than max value 1",
            "spec.limits[0].defaultRequest[cpu]: Invalid value: \"1\": min value 2 is greater than default request value 1",
            "spec.limits[0].default[cpu]: Invalid value: \"2\": min value 2 is greater than default value 1",
            "spec.limits[1].type: Duplicate value: \"Container\"",
            "spec.limits[2].default: Forbidden: may not be specified when `type` is 'Pod'",
            "spec.limits[3].limits: Required value: either minimum or maximum storage value is required, but neither was provided",
            "spec.limits[3].maxLimitRequestRatio[gpu]: Invalid value: \"gpu\": must be a standard resource type or fully qualified",
            "spec.limits[3].maxLimitRequestRatio[gpu]: Invalid value: \"500m\": ratio 500m is less than 1",
            "spec.limits[4].type: Invalid value: \"Node\": must be a standard limit type or fully qualified",
        ]
    );

    let table = api
        .get_as(RANGES, "application/json;as=Table;v=v1;g=meta.k8s.io")
        .await
        .body;
    let columns: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(columns, ["Name", "Created At"]);
    assert_eq!(table["columnDefinitions"][1]["type"], "date");
    assert_eq!(
        table["rows"][0]["cells"],
        json!(["defaults", created["metadata"]["creationTimestamp"]])
    );
    assert_eq!(table["rows"][1]["cells"][0], "empty");
}

/// A Pod's containers and init containers get the namespace's defaults
/// for what they leave out, and the annotation says which (a request the
/// Pod's own defaulting took from its limit is not the plugin's); a Pod outside
/// the bounds is refused, one LimitRange's errors together; other
/// namespaces and Pod updates are not touched.
#[tokio::test]
async fn pods_get_the_defaults_and_are_bounded() {
    let api = Api::start();
    api.create(
        RANGES,
        &limit_range(
            "defaults",
            json!([{"type": "Container", "max": {"cpu": "1"}, "min": {"memory": "64Mi"},
                    "default": {"cpu": "500m", "memory": "256Mi"}, "defaultRequest": {"cpu": "100m"}}]),
        ),
    )
    .await;
    let created = api
        .create(
            PODS,
            &pod(
                "web",
                json!([{"name": "app", "image": "nginx"}]),
                json!([{"name": "init", "image": "busybox", "resources": {"limits": {"cpu": "800m"}}}]),
            ),
        )
        .await;
    assert_eq!(
        created["metadata"]["annotations"]["kubernetes.io/limit-ranger"],
        "LimitRanger plugin set: cpu, memory request for container app; cpu, memory limit for container app; \
         memory request for init container init; memory limit for init container init"
    );
    assert_eq!(
        created["spec"]["containers"][0]["resources"],
        json!({"limits": {"cpu": "500m", "memory": "256Mi"}, "requests": {"cpu": "100m", "memory": "256Mi"}})
    );
    assert_eq!(
        created["spec"]["initContainers"][0]["resources"],
        json!({"limits": {"cpu": "800m", "memory": "256Mi"}, "requests": {"cpu": "800m", "memory": "256Mi"}})
    );

    let r = api
        .post(
            PODS,
            &pod(
                "big",
                json!([{"name": "app", "image": "nginx",
                        "resources": {"limits": {"cpu": "2", "memory": "32Mi"}, "requests": {"memory": "32Mi"}}}]),
                json!([]),
            ),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"big\" is forbidden: [minimum memory usage per Container is 64Mi, but request is 32Mi, \
         maximum cpu usage per Container is 1, but limit is 2]"
    );
    assert_eq!(r.body["details"]["kind"], "pods");
    let r = api
        .post(
            PODS,
            &pod(
                "wide",
                json!([{"name": "app", "image": "nginx", "resources": {"limits": {"cpu": "2"}}}]),
                json!([]),
            ),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"wide\" is forbidden: maximum cpu usage per Container is 1, but limit is 2"
    );

    // An update is not looked at (containers' resources cannot change),
    // even when a LimitRange it would break came since.
    api.create(
        RANGES,
        &limit_range(
            "tight",
            json!([{"type": "Container", "max": {"cpu": "50m"}}]),
        ),
    )
    .await;
    let mut update = created.clone();
    update["metadata"]["labels"] = json!({"tier": "web"});
    let r = api.put(&format!("{PODS}/web"), &update).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    api.create("/api/v1/namespaces", &namespace("free")).await;
    let free = api
        .create(
            "/api/v1/namespaces/free/pods",
            &pod("web", json!([{"name": "app", "image": "nginx"}]), json!([])),
        )
        .await;
    assert_eq!(free["metadata"].get("annotations"), None);
    assert_eq!(
        free["spec"]["containers"][0].get("resources"),
        Some(&json!({}))
    );
}

/// A claim's storage request is bounded by the `PersistentVolumeClaim`
/// items of every LimitRange, on create and on update (label-only ones
/// too, as Kubernetes 1.36 checks them).
#[tokio::test]
async fn claims_are_bounded() {
    let api = Api::start();
    api.create(
        RANGES,
        &limit_range(
            "storage",
            json!([{"type": "PersistentVolumeClaim", "max": {"storage": "5Gi"}, "min": {"storage": "1Gi"}}]),
        ),
    )
    .await;
    let claim = |size: &str| {
        json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "data"},
               "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": size}}}})
    };
    const CLAIMS: &str = "/api/v1/namespaces/default/persistentvolumeclaims";
    let r = api.post(CLAIMS, &claim("10Gi")).await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "persistentvolumeclaims \"data\" is forbidden: maximum storage usage per PersistentVolumeClaim is 5Gi, but request is 10Gi"
    );
    let r = api.post(CLAIMS, &claim("512Mi")).await;
    assert_eq!(
        r.body["message"],
        "persistentvolumeclaims \"data\" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 512Mi"
    );
    let mut created = api.create(CLAIMS, &claim("2Gi")).await;

    // An update is bounded too, by every LimitRange: the second refuses it.
    api.create(
        RANGES,
        &limit_range(
            "small",
            json!([{"type": "PersistentVolumeClaim", "max": {"storage": "1Gi"}}]),
        ),
    )
    .await;
    created["metadata"]["labels"] = json!({"app": "db"});
    let r = api.put(&format!("{CLAIMS}/data"), &created).await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "persistentvolumeclaims \"data\" is forbidden: maximum storage usage per PersistentVolumeClaim is 1Gi, but request is 2Gi"
    );
}

/// `limitrangeStrategy.PrepareForCreate`: a LimitRange created without a
/// name is named by a random UUID (a `generateName` names it first).
#[tokio::test]
async fn a_limit_range_without_a_name_is_named_by_a_uuid() {
    let api = Api::start();
    let range = json!({"apiVersion": "v1", "kind": "LimitRange", "metadata": {},
        "spec": {"limits": [{"type": "Container", "max": {"cpu": "2"}}]}});
    let r = api.post(RANGES, &range).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let name = r.body["metadata"]["name"].as_str().expect("named");
    assert_eq!(name.len(), 36, "{name}");
    assert_eq!(name.matches('-').count(), 4, "{name}");
    let r = api.get(&format!("{RANGES}/{name}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let mut generated = range.clone();
    generated["metadata"] = json!({"generateName": "limits-"});
    let r = api.post(RANGES, &generated).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(
        r.body["metadata"]["name"]
            .as_str()
            .is_some_and(|n| n.starts_with("limits-")),
        "{}",
        r.text
    );
}
