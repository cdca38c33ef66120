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

/// Sets a quota's status as upstream's quota controller would: `hard`
/// from `hard`, `used` as given.
async fn set_status(api: &Api, namespace: &str, name: &str, hard: Value, used: Value) -> Value {
    let uri = format!("/api/v1/namespaces/{namespace}/resourcequotas/{name}");
    let mut quota = api.get(&uri).await.body;
    quota["status"] = json!({"hard": hard, "used": used});
    let r = api.put(&format!("{uri}/status"), &quota).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}

async fn used(api: &Api, namespace: &str, name: &str) -> Value {
    api.get(&format!(
        "/api/v1/namespaces/{namespace}/resourcequotas/{name}"
    ))
    .await
    .body["status"]["used"]
        .clone()
}

/// The `ResourceQuota` plugin: a quota is enforced once its status says
/// what is hard and used; each create is charged to `status.used` and
/// refused past `hard` with upstream's message; a dry run is checked and
/// not charged; a limited resource without usage is refused; other
/// namespaces and resources are not charged.
#[tokio::test]
async fn object_counts_are_charged_and_limited() {
    let api = Api::start();
    api.create(
        QUOTAS,
        &quota(
            "counts",
            json!({"hard": {"configmaps": "2", "count/secrets": "1"}}),
        ),
    )
    .await;
    // No status yet: not enforced, as kube-apiserver without its
    // controller.
    for name in ["a", "b", "c"] {
        api.create("/api/v1/namespaces/default/configmaps", &configmap(name))
            .await;
    }
    set_status(
        &api,
        "default",
        "counts",
        json!({"configmaps": "2", "count/secrets": "1"}),
        json!({"configmaps": "1", "count/secrets": "0"}),
    )
    .await;
    api.create("/api/v1/namespaces/default/configmaps", &configmap("d"))
        .await;
    assert_eq!(
        used(&api, "default", "counts").await,
        json!({"configmaps": "2", "count/secrets": "0"})
    );
    let r = api
        .post("/api/v1/namespaces/default/configmaps", &configmap("e"))
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "configmaps \"e\" is forbidden: exceeded quota: counts, requested: configmaps=1, used: configmaps=2, limited: configmaps=2"
    );
    // A generated name is named, as upstream's is once generated.
    let r = api
        .post(
            "/api/v1/namespaces/default/configmaps",
            &json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"generateName": "gen-"}}),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    let message = r.body["message"].as_str().unwrap();
    assert!(message.starts_with("configmaps \"gen-"), "{message}");
    assert!(!message.starts_with("configmaps \"gen-\""), "{message}");
    // Updates of a ConfigMap are not charged; another namespace is not
    // limited.
    let mut d = api
        .get("/api/v1/namespaces/default/configmaps/d")
        .await
        .body;
    d["data"] = json!({"k": "v"});
    assert_eq!(
        api.put("/api/v1/namespaces/default/configmaps/d", &d)
            .await
            .status,
        200
    );
    api.create("/api/v1/namespaces", &namespace("other")).await;
    api.create("/api/v1/namespaces/other/configmaps", &configmap("e"))
        .await;

    let secret =
        |name: &str| json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name}});
    let r = api
        .post(
            "/api/v1/namespaces/default/secrets?dryRun=All",
            &secret("s0"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(used(&api, "default", "counts").await["count/secrets"], "0");
    api.create("/api/v1/namespaces/default/secrets", &secret("s1"))
        .await;
    // A dry run past the limit is refused as the write would be.
    let r = api
        .post(
            "/api/v1/namespaces/default/secrets?dryRun=All",
            &secret("s3"),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    let r = api
        .post("/api/v1/namespaces/default/secrets", &secret("s2"))
        .await;
    r.assert_failure(403, "Forbidden");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .ends_with("exceeded quota: counts, requested: count/secrets=1, used: count/secrets=1, limited: count/secrets=1"),
        "{}",
        r.body
    );

    // `hard` without `used`: upstream refuses until the controller counts.
    api.create(
        QUOTAS,
        &quota("fresh", json!({"hard": {"count/deployments.apps": "5"}})),
    )
    .await;
    set_status(
        &api,
        "default",
        "fresh",
        json!({"count/deployments.apps": "5", "services": "3"}),
        json!({"services": "0"}),
    )
    .await;
    let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
        "spec": {"selector": {"matchLabels": {"app": "web"}},
                 "template": {"metadata": {"labels": {"app": "web"}},
                              "spec": {"containers": [{"name": "app", "image": "nginx"}]}}}});
    let r = api
        .post("/apis/apps/v1/namespaces/default/deployments", &deployment)
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "deployments.apps \"web\" is forbidden: status unknown for quota: fresh, resources: count/deployments.apps"
    );
}

/// Concurrent creates in one namespace are charged one at a time: of
/// 64 creates against room for three, three succeed and `used` says
/// three (and no create fails otherwise). The store's writes run on the blocking pool, as a durable
/// store's do, so the creates run in parallel.
#[tokio::test]
async fn concurrent_creates_cannot_pass_the_limit() {
    let api = Api::start_with(std::sync::Arc::new(tests::store::InstrumentedStore::new(
        true,
    )));
    api.create(
        QUOTAS,
        &quota("counts", json!({"hard": {"configmaps": "3"}})),
    )
    .await;
    set_status(
        &api,
        "default",
        "counts",
        json!({"configmaps": "3"}),
        json!({"configmaps": "0"}),
    )
    .await;
    let creates = (0..64).map(|i| {
        let api = &api;
        async move {
            api.post(
                "/api/v1/namespaces/default/configmaps",
                &configmap(&format!("c{i}")),
            )
            .await
            .status
        }
    });
    let codes = futures::future::join_all(creates).await;
    assert_eq!(codes.iter().filter(|c| **c == 201).count(), 3, "{codes:?}");
    assert_eq!(codes.iter().filter(|c| **c == 403).count(), 61, "{codes:?}");
    assert_eq!(
        used(&api, "default", "counts").await,
        json!({"configmaps": "3"})
    );
}

/// A Pod is charged its count and compute resources (sidecars and init
/// containers as upstream sums them); a quota of cpu or memory needs every
/// container to say them; scopes choose the pods a quota charges; a
/// Service's node ports and load balancers are counted.
#[tokio::test]
async fn pods_and_services_are_charged_their_resources() {
    let api = Api::start();
    api.create(
        QUOTAS,
        &quota(
            "compute",
            json!({"hard": {"pods": "3", "requests.cpu": "1", "limits.memory": "1Gi"}}),
        ),
    )
    .await;
    set_status(
        &api,
        "default",
        "compute",
        json!({"pods": "3", "requests.cpu": "1", "limits.memory": "1Gi"}),
        json!({"pods": "0", "requests.cpu": "0", "limits.memory": "0"}),
    )
    .await;
    let pod = |name: &str, containers: Value, init: Value| {
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
               "spec": {"containers": containers, "initContainers": init}})
    };
    let sized = |name: &str, cpu: &str, memory: &str| {
        json!({"name": name, "image": "nginx",
               "resources": {"requests": {"cpu": cpu}, "limits": {"memory": memory}}})
    };
    let r = api
        .post(
            "/api/v1/namespaces/default/pods",
            &pod(
                "bare",
                json!([{"name": "app", "image": "nginx"}, sized("ok", "1m", "1Mi")]),
                json!([{"name": "init", "image": "busybox", "resources": {"requests": {"cpu": "1m"}}}]),
            ),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"bare\" is forbidden: failed quota: compute: must specify limits.memory for: app,init; requests.cpu for: app"
    );
    // 200m + a 100m sidecar, or the 500m init container with the sidecar
    // started before it: 600m.
    let mut sidecar = sized("sidecar", "100m", "64Mi");
    sidecar["restartPolicy"] = json!("Always");
    api.create(
        "/api/v1/namespaces/default/pods",
        &pod(
            "web",
            json!([sized("app", "200m", "256Mi")]),
            json!([sidecar, sized("migrate", "500m", "128Mi")]),
        ),
    )
    .await;
    assert_eq!(
        used(&api, "default", "compute").await,
        json!({"limits.memory": "320Mi", "pods": "1", "requests.cpu": "600m"})
    );
    let r = api
        .post(
            "/api/v1/namespaces/default/pods",
            &pod("big", json!([sized("app", "500m", "64Mi")]), json!([])),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"big\" is forbidden: exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=600m, limited: requests.cpu=1"
    );

    // Scopes: only BestEffort pods count against this one.
    api.create("/api/v1/namespaces", &namespace("scoped")).await;
    let scoped = "/api/v1/namespaces/scoped/resourcequotas";
    api.create(
        scoped,
        &quota(
            "best-effort",
            json!({"hard": {"pods": "1"}, "scopes": ["BestEffort"]}),
        ),
    )
    .await;
    set_status(
        &api,
        "scoped",
        "best-effort",
        json!({"pods": "1"}),
        json!({"pods": "0"}),
    )
    .await;
    let pods = "/api/v1/namespaces/scoped/pods";
    api.create(
        pods,
        &pod(
            "free",
            json!([{"name": "app", "image": "nginx"}]),
            json!([]),
        ),
    )
    .await;
    let r = api
        .post(
            pods,
            &pod(
                "free2",
                json!([{"name": "app", "image": "nginx"}]),
                json!([]),
            ),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    api.create(
        pods,
        &pod("sized", json!([sized("app", "1", "1Gi")]), json!([])),
    )
    .await;
    assert_eq!(
        used(&api, "scoped", "best-effort").await,
        json!({"pods": "1"})
    );

    // Services: node ports of a NodePort Service, one load balancer.
    api.create("/api/v1/namespaces", &namespace("svc")).await;
    api.create(
        "/api/v1/namespaces/svc/resourcequotas",
        &quota("ports", json!({"hard": {"services.nodeports": "2"}})),
    )
    .await;
    set_status(
        &api,
        "svc",
        "ports",
        json!({"services.nodeports": "2", "services.loadbalancers": "0"}),
        json!({"services.nodeports": "0", "services.loadbalancers": "0"}),
    )
    .await;
    let service = |name: &str, kind: &str, ports: Value| {
        json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": name},
               "spec": {"type": kind, "ports": ports, "selector": {"app": "x"}}})
    };
    let services = "/api/v1/namespaces/svc/services";
    api.create(
        services,
        &service(
            "plain",
            "ClusterIP",
            json!([{"name": "a", "port": 80}, {"name": "b", "port": 81}]),
        ),
    )
    .await;
    api.create(services, &service("np", "NodePort", json!([{"port": 80}])))
        .await;
    let r = api
        .post(
            services,
            &service("lb", "LoadBalancer", json!([{"port": 80}])),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "services \"lb\" is forbidden: exceeded quota: ports, requested: services.loadbalancers=1, used: services.loadbalancers=0, limited: services.loadbalancers=0"
    );
    assert_eq!(
        used(&api, "svc", "ports").await,
        json!({"services.loadbalancers": "0", "services.nodeports": "1"})
    );
}

/// An update is charged to the quotas that did not charge the old object
/// (a pod that becomes terminating, to the `Terminating` quota); a
/// `PriorityClass` selector's `DoesNotExist` matches pods without a
/// class; a refusal names every exceeded resource; a claim is charged its
/// storage, per class too.
#[tokio::test]
async fn scoped_updates_selectors_and_claims_are_charged() {
    let api = Api::start();
    api.create(
        QUOTAS,
        &quota(
            "terminating",
            json!({"hard": {"pods": "1"}, "scopes": ["Terminating"]}),
        ),
    )
    .await;
    set_status(
        &api,
        "default",
        "terminating",
        json!({"pods": "1"}),
        json!({"pods": "0"}),
    )
    .await;
    let pods = "/api/v1/namespaces/default/pods";
    let pod = |name: &str| {
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
               "spec": {"containers": [{"name": "app", "image": "nginx"}]}})
    };
    for name in ["p1", "p2"] {
        api.create(pods, &pod(name)).await;
    }
    assert_eq!(
        used(&api, "default", "terminating").await,
        json!({"pods": "0"})
    );
    let deadline = async |name: &str| {
        let mut p = api.get(&format!("{pods}/{name}")).await.body;
        p["spec"]["activeDeadlineSeconds"] = json!(30);
        api.put(&format!("{pods}/{name}"), &p).await
    };
    let r = deadline("p1").await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        used(&api, "default", "terminating").await,
        json!({"pods": "1"})
    );
    let r = deadline("p2").await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"p2\" is forbidden: exceeded quota: terminating, requested: pods=1, used: pods=1, limited: pods=1"
    );

    api.create("/api/v1/namespaces", &namespace("classes"))
        .await;
    api.create(
        "/apis/scheduling.k8s.io/v1/priorityclasses",
        &json!({"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass",
                "metadata": {"name": "high"}, "value": 1000}),
    )
    .await;
    api.create(
        "/api/v1/namespaces/classes/resourcequotas",
        &quota(
            "classless",
            json!({"hard": {"pods": "1", "count/pods": "1"},
                   "scopeSelector": {"matchExpressions": [{"scopeName": "PriorityClass", "operator": "DoesNotExist"}]}}),
        ),
    )
    .await;
    set_status(
        &api,
        "classes",
        "classless",
        json!({"pods": "1", "count/pods": "1"}),
        json!({"pods": "0", "count/pods": "0"}),
    )
    .await;
    let pods = "/api/v1/namespaces/classes/pods";
    api.create(pods, &pod("plain")).await;
    let r = api.post(pods, &pod("plain2")).await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"plain2\" is forbidden: exceeded quota: classless, requested: count/pods=1,pods=1, used: count/pods=1,pods=1, limited: count/pods=1,pods=1"
    );
    let mut high = pod("high");
    high["spec"]["priorityClassName"] = json!("high");
    api.create(pods, &high).await;

    api.create("/api/v1/namespaces", &namespace("claims")).await;
    let gold = "gold.storageclass.storage.k8s.io/requests.storage";
    api.create(
        "/api/v1/namespaces/claims/resourcequotas",
        &quota(
            "storage",
            json!({"hard": {"requests.storage": "10Gi", gold: "1Gi"}}),
        ),
    )
    .await;
    set_status(
        &api,
        "claims",
        "storage",
        json!({"requests.storage": "10Gi", gold: "1Gi"}),
        json!({"requests.storage": "0", gold: "0"}),
    )
    .await;
    let claim = |name: &str, class: &str| {
        json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": name},
               "spec": {"accessModes": ["ReadWriteOnce"], "storageClassName": class,
                        "resources": {"requests": {"storage": "2Gi"}}}})
    };
    let claims = "/api/v1/namespaces/claims/persistentvolumeclaims";
    let r = api.post(claims, &claim("fast", "gold")).await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        format!(
            "persistentvolumeclaims \"fast\" is forbidden: exceeded quota: storage, requested: {gold}=2Gi, used: {gold}=0, limited: {gold}=1Gi"
        )
    );
    api.create(claims, &claim("slow", "silver")).await;
    assert_eq!(
        used(&api, "claims", "storage").await,
        json!({"requests.storage": "2Gi", gold: "0"})
    );
}

/// Amounts with huge exponents are checked and charged at once: a quota
/// of `1e2000000000` pods (a whole number), a claim of that much storage
/// charged to a quota with room (the sum is not written out digit by
/// digit), and a container's extended resource of that amount.
#[tokio::test]
async fn huge_amounts_are_answered_at_once() {
    let api = Api::start();
    let huge = "1e2000000000";
    api.create(
        QUOTAS,
        &quota(
            "huge",
            json!({"hard": {"pods": huge, "requests.storage": huge}}),
        ),
    )
    .await;
    set_status(
        &api,
        "default",
        "huge",
        json!({"requests.storage": "1e2000000001"}),
        json!({"requests.storage": "1"}),
    )
    .await;
    let claim = json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "big"},
        "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": huge}}}});
    api.create("/api/v1/namespaces/default/persistentvolumeclaims", &claim)
        .await;
    assert_eq!(
        used(&api, "default", "huge").await["requests.storage"],
        "100e1999999998"
    );
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "gpu"},
        "spec": {"containers": [{"name": "app", "image": "nginx",
            "resources": {"requests": {"example.com/gpu": huge}, "limits": {"example.com/gpu": huge}}}]}});
    let r = api.post("/api/v1/namespaces/default/pods", &pod).await;
    assert_eq!(r.status, 201, "{}", r.body);
}

/// A `CrossNamespacePodAffinity` quota charges the pods whose affinity or
/// anti-affinity terms name or select other namespaces, and no others.
#[tokio::test]
async fn cross_namespace_affinity_is_a_scope() {
    let api = Api::start();
    api.create(
        QUOTAS,
        &quota(
            "no-cross",
            json!({"hard": {"pods": "0"},
                   "scopeSelector": {"matchExpressions": [
                       {"scopeName": "CrossNamespacePodAffinity", "operator": "Exists"}]}}),
        ),
    )
    .await;
    set_status(
        &api,
        "default",
        "no-cross",
        json!({"pods": "0"}),
        json!({"pods": "0"}),
    )
    .await;
    let pod = |name: &str, affinity: Value| {
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
               "spec": {"containers": [{"name": "app", "image": "nginx"}], "affinity": affinity}})
    };
    let term = |extra: Value| {
        let mut term = json!({"topologyKey": "kubernetes.io/hostname",
                              "labelSelector": {"matchLabels": {"app": "db"}}});
        term.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        term
    };
    let pods = "/api/v1/namespaces/default/pods";
    api.create(
        pods,
        &pod("local", json!({"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [term(json!({}))]}})),
    )
    .await;
    let r = api
        .post(
            pods,
            &pod(
                "named",
                json!({"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                    {"weight": 1, "podAffinityTerm": term(json!({"namespaces": ["other"]}))}]}}),
            ),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    let r = api
        .post(
            pods,
            &pod(
                "selected",
                json!({"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
                    term(json!({"namespaceSelector": {}}))]}}),
            ),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"selected\" is forbidden: exceeded quota: no-cross, requested: pods=1, used: pods=0, limited: pods=0"
    );
}

/// `SetDefaults_ResourceList`: amounts finer than a thousandth are
/// rounded up to one, in a quota and in a pod's containers (requests
/// defaulted from limits included), as upstream's defaulting does.
#[tokio::test]
async fn amounts_are_rounded_up_to_thousandths() {
    let api = Api::start();
    let created = api
        .create(
            QUOTAS,
            &quota(
                "fine",
                json!({"hard": {"requests.cpu": "100u", "requests.memory": "0.0001"}}),
            ),
        )
        .await;
    assert_eq!(
        created["spec"]["hard"],
        json!({"requests.cpu": "1m", "requests.memory": "1m"})
    );
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "fine"},
        "spec": {"containers": [{"name": "app", "image": "nginx",
            "resources": {"limits": {"cpu": "1500u", "memory": "1Gi"}}}]}});
    let created = api.create("/api/v1/namespaces/default/pods", &pod).await;
    assert_eq!(
        created["spec"]["containers"][0]["resources"],
        json!({"limits": {"cpu": "2m", "memory": "1Gi"}, "requests": {"cpu": "2m", "memory": "1Gi"}})
    );
}
