//! Pod updates: what `ValidatePodUpdate` (pkg/apis/core/validation) lets
//! change in a pod's spec once it exists.

use super::*;

const PODS: &str = "/api/v1/namespaces/default/pods";

/// What `kubectl run p --image=nginx` sends, with a toleration.
fn pod(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
           "spec": {"containers": [{"name": name, "image": "nginx"}],
                    "tolerations": [{"key": "k", "operator": "Exists", "effect": "NoExecute",
                                     "tolerationSeconds": 60}]}})
}

/// The changes a pod takes (images, a shorter deadline, added tolerations,
/// `tolerationSeconds`, labels, its status through `/status`) and the ones
/// it refuses, with upstream's messages; a change to any other spec field
/// lists what may change and what changed.
#[tokio::test]
async fn a_pods_spec_changes_only_where_upstream_lets_it() {
    let api = Api::start();
    api.create(PODS, &pod("p")).await;
    let uri = format!("{PODS}/p");
    // As `kubectl set image` sends it: the container merged by name keeps
    // its defaulted fields (a merge patch would replace the list, and the
    // new image's default pull policy would change the spec).
    let r = api
        .patch(
            &uri,
            STRATEGIC_MERGE_PATCH,
            &json!({"spec": {"containers": [{"name": "p", "image": "nginx:2"}]}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let ok = [
        json!({"spec": {"activeDeadlineSeconds": 100}}),
        json!({"spec": {"activeDeadlineSeconds": 50}}),
        json!({"spec": {"tolerations": [
            {"key": "k", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 5},
            {"key": "new", "operator": "Exists"}]}}),
        json!({"metadata": {"labels": {"a": "b"}}}),
    ];
    for patch in ok {
        let r = api.patch(&uri, MERGE_PATCH, &patch).await;
        assert_eq!(r.status, StatusCode::OK, "{patch}: {}", r.text);
    }
    let got = api.get(&uri).await.body;
    assert_eq!(got["spec"]["containers"][0]["image"], "nginx:2");
    assert_eq!(got["spec"]["activeDeadlineSeconds"], 50);
    let r = api
        .patch(
            &format!("{uri}/status"),
            MERGE_PATCH,
            &json!({"status": {"phase": "Running"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let refused = [
        (
            json!({"spec": {"activeDeadlineSeconds": 200}}),
            "spec.activeDeadlineSeconds: Invalid value: 200: must be less than or equal to previous value",
        ),
        (
            json!({"spec": {"tolerations": [{"key": "other", "operator": "Exists"}]}}),
            "spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds",
        ),
        (
            json!({"spec": {"containers": [{"name": "p", "image": "nginx"}, {"name": "q", "image": "nginx"}]}}),
            "spec.containers: Forbidden: pod updates may not add or remove containers",
        ),
        (
            json!({"spec": {"schedulingGates": [{"name": "late"}]}}),
            "spec.schedulingGates[0].name: Forbidden: only deletion is allowed, but found new scheduling gate 'late'",
        ),
    ];
    for (patch, cause) in refused {
        let r = api.patch(&uri, MERGE_PATCH, &patch).await;
        r.assert_failure(422, "Invalid");
        assert_eq!(
            r.body["message"],
            format!("Pod \"p\" is invalid: {cause}"),
            "{patch}"
        );
    }

    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"spec": {"restartPolicy": "Never"}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    let causes = r.body["details"]["causes"].as_array().expect("causes");
    assert_eq!(causes.len(), 1, "{}", r.text);
    assert_eq!(causes[0]["reason"], "FieldValueForbidden");
    assert_eq!(causes[0]["field"], "spec");
    let message = causes[0]["message"].as_str().expect("message");
    assert!(
        message.starts_with(
            "Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n"
        ) && message.ends_with("\n- restartPolicy: \"Always\"\n+ restartPolicy: \"Never\""),
        "{message}"
    );
    assert_eq!(api.get(&uri).await.body["spec"]["restartPolicy"], "Always");
}

/// A pod held by scheduling gates may lose gates and gain node selector
/// terms (what a queueing controller does before releasing it), but not
/// change the terms it has.
#[tokio::test]
async fn a_gated_pod_takes_node_selector_additions_and_loses_gates() {
    let api = Api::start();
    let mut gated = pod("g");
    gated["spec"]["schedulingGates"] = json!([{"name": "queue"}]);
    gated["spec"]["nodeSelector"] = json!({"zone": "a"});
    let created = api.create(PODS, &gated).await;
    // `applySchedulingGatedCondition`: created unscheduled, saying why
    // (`kubectl get pods` shows STATUS SchedulingGated).
    let conditions = &created["status"]["conditions"];
    assert_eq!(conditions.as_array().map(Vec::len), Some(1), "{created}");
    let condition = &conditions[0];
    assert!(condition["lastTransitionTime"].is_string(), "{condition}");
    assert_eq!(
        condition,
        &json!({"type": "PodScheduled", "status": "False", "lastProbeTime": null,
                "lastTransitionTime": condition["lastTransitionTime"],
                "reason": "SchedulingGated",
                "message": "Scheduling is blocked due to non-empty scheduling gates"})
    );
    let table = api.get_as(&format!("{PODS}/g"), TABLE).await;
    assert_eq!(table.body["rows"][0]["cells"][2], "SchedulingGated");
    let uri = format!("{PODS}/g");
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"spec": {"nodeSelector": {"zone": "b"}}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Pod \"g\" is invalid: spec.nodeSelector: Invalid value: {\"zone\":\"b\"}: only additions to spec.nodeSelector are allowed (no mutations or deletions)"
    );
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"spec": {"nodeSelector": {"pool": "x"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"spec": {"schedulingGates": null}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.body["spec"]["nodeSelector"],
        json!({"pool": "x", "zone": "a"})
    );
    // Released, the pod's node selector is fixed.
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"spec": {"nodeSelector": {"more": "y"}}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
}

/// `spec.host`, the pre-1.0 name of a pod's node, still selects by
/// `spec.nodeName` (upstream's Pod field label conversion renames it):
/// old kubelets and tools watch their pods by it.
#[tokio::test]
async fn pods_are_selected_by_spec_host_as_by_node_name() {
    let api = Api::start();
    let pods = "/api/v1/namespaces/default/pods";
    for (name, node) in [("on-n1", "n1"), ("on-n2", "n2")] {
        api.create(
            pods,
            &json!({"metadata": {"name": name},
                    "spec": {"nodeName": node, "containers": [{"name": "c", "image": "nginx"}]}}),
        )
        .await;
    }
    for selector in ["spec.host%3Dn1", "spec.nodeName%3Dn1"] {
        let r = api.get(&format!("{pods}?fieldSelector={selector}")).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(names(&r.body), ["on-n1"], "{selector}");
    }
}

/// `podStrategy.PrepareForCreate`'s `mutatePodAffinity` and
/// `mutateTopologySpreadConstraints`: `matchLabelKeys` and
/// `mismatchLabelKeys` become `In` / `NotIn` requirements on the pod's own
/// label values in the term's selector, which is all kube-scheduler reads;
/// a key the pod has no label of adds nothing, and a term without a
/// selector keeps none.
#[tokio::test]
async fn a_created_pods_label_keys_are_merged_into_its_selectors() {
    let api = Api::start();
    let mut p = pod("p");
    p["metadata"]["labels"] = json!({"app": "web", "pod-template-hash": "abc", "tenant": "t1"});
    p["spec"]["affinity"] = json!({
        "podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
            {"labelSelector": {"matchLabels": {"app": "web"}}, "topologyKey": "zone",
             "matchLabelKeys": ["pod-template-hash", "missing"], "mismatchLabelKeys": ["tenant"]}]},
        "podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
            {"weight": 10, "podAffinityTerm": {"labelSelector": {}, "topologyKey": "host",
                                               "matchLabelKeys": ["app"]}},
            {"weight": 5, "podAffinityTerm": {"topologyKey": "host", "matchLabelKeys": ["app"]}}]}});
    p["spec"]["topologySpreadConstraints"] = json!([
        {"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule",
         "labelSelector": {"matchLabels": {"app": "web"}}, "matchLabelKeys": ["pod-template-hash"]}]);
    let r = api.post(PODS, &p).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let affinity = &r.body["spec"]["affinity"];
    assert_eq!(
        affinity["podAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][0]["labelSelector"],
        json!({"matchLabels": {"app": "web"}, "matchExpressions": [
            {"key": "pod-template-hash", "operator": "In", "values": ["abc"]},
            {"key": "tenant", "operator": "NotIn", "values": ["t1"]}]})
    );
    let preferred = &affinity["podAntiAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"];
    assert_eq!(
        preferred[0]["podAffinityTerm"]["labelSelector"],
        json!({"matchExpressions": [{"key": "app", "operator": "In", "values": ["web"]}]})
    );
    assert!(
        preferred[1]["podAffinityTerm"]
            .get("labelSelector")
            .is_none(),
        "{preferred}"
    );
    assert_eq!(
        r.body["spec"]["topologySpreadConstraints"][0]["labelSelector"],
        json!({"matchLabels": {"app": "web"}, "matchExpressions": [
            {"key": "pod-template-hash", "operator": "In", "values": ["abc"]}]})
    );
}

/// `podStatusStrategy.PrepareForUpdate`: a status write without `qosClass`
/// keeps the one set at create, and observed generations it leaves at 0
/// keep their stored values (the pod's, and each condition's by type);
/// `podStrategy.WarningsOnUpdate` warns about nothing. A status with only
/// `podIP` reads back with `podIPs` as upstream's conversion through the
/// internal type gives it.
#[tokio::test]
async fn a_pods_status_write_keeps_what_the_kubelet_leaves_out() {
    let api = Api::start();
    let mut p = pod("p");
    p["spec"]["nodeSelector"] = json!({"beta.kubernetes.io/arch": "amd64"});
    let r = api.post(PODS, &p).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.header("warning").is_some(), "create warns: {}", r.text);
    assert_eq!(r.body["status"]["qosClass"], "BestEffort");
    let uri = format!("{PODS}/p");
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"a": "b"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.header("warning"), None, "pod updates do not warn");

    let mut status = r.body.clone();
    status["status"] = json!({"phase": "Running", "observedGeneration": 1, "podIP": "10.0.0.5",
        "conditions": [{"type": "Ready", "status": "True", "observedGeneration": 1}]});
    let r = api.put(&format!("{uri}/status"), &status).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["status"]["podIPs"], json!([{"ip": "10.0.0.5"}]));
    assert_eq!(r.body["status"]["qosClass"], "BestEffort");

    let mut status = r.body.clone();
    status["status"] = json!({"phase": "Running", "podIPs": [{"ip": "10.0.0.6"}],
        "conditions": [{"type": "Ready", "status": "False"}]});
    let r = api.put(&format!("{uri}/status"), &status).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let status = &r.body["status"];
    assert_eq!(status["qosClass"], "BestEffort", "{status}");
    assert_eq!(status["observedGeneration"], 1, "{status}");
    assert_eq!(status["conditions"][0]["observedGeneration"], 1, "{status}");
    assert_eq!(status["podIP"], "10.0.0.6", "{status}");
}

/// `SetDefaults_Volume` (`ImageVolume`, on by default): an image volume's
/// pull policy follows its reference's tag, `Always` for `:latest` or no
/// tag, else `IfNotPresent`; one that is set stays.
#[tokio::test]
async fn an_image_volumes_pull_policy_is_defaulted_from_its_tag() {
    let api = Api::start();
    let mut p = pod("p");
    p["spec"]["volumes"] = json!([
        {"name": "a", "image": {"reference": "busybox"}},
        {"name": "b", "image": {"reference": "busybox:1.36"}},
        {"name": "c", "image": {"reference": "busybox:1.36", "pullPolicy": "Never"}}]);
    let r = api.post(PODS, &p).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let policies: Vec<&Value> = (0..3)
        .map(|i| &r.body["spec"]["volumes"][i]["image"]["pullPolicy"])
        .collect();
    assert_eq!(
        policies,
        [&json!("Always"), &json!("IfNotPresent"), &json!("Never")]
    );
}

/// `ValidateEnv` and `ValidateEnvFrom` (pkg/apis/core/validation): a
/// variable's `valueFrom` names one source and no `value` beside it; a pod
/// field must be one the downward API gives a variable; ConfigMap and
/// Secret keys name their object and key; a resource must be one of the
/// container's limits or requests, with a divisor it allows; `envFrom`
/// names one ConfigMap or Secret. The sources kubectl and Helm charts write
/// (`spec.host` among them, an older client's name for the node) are taken.
#[tokio::test]
async fn a_containers_environment_sources_are_validated() {
    let api = Api::start();
    let mut p = pod("p");
    p["spec"]["containers"][0]["env"] = json!([
        {"name": "A", "value": "x", "valueFrom": {"secretKeyRef": {"name": "s", "key": "k"}}},
        {"name": "B", "valueFrom": {}},
        {"name": "C", "valueFrom": {"fieldRef": {"fieldPath": "metadata.labels"}}},
        {"name": "D", "valueFrom": {"fieldRef": {"fieldPath": "spec.nodeNam"}}},
        {"name": "E", "valueFrom": {"fieldRef": {"fieldPath": "metadata.labels['a b']"}}},
        {"name": "F", "valueFrom": {"configMapKeyRef": {"key": ""}}},
        {"name": "G", "valueFrom": {"resourceFieldRef": {"resource": "limits.gpu"}}},
        {"name": "H", "valueFrom": {"resourceFieldRef": {"resource": "limits.cpu", "divisor": "2"}}},
        {"name": "I", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"},
                                    "secretKeyRef": {"name": "s", "key": "k"}}}]);
    p["spec"]["containers"][0]["envFrom"] = json!([{"prefix": "P_"}]);
    let r = api.post(PODS, &p).await;
    r.assert_failure(422, "Invalid");
    let env = "spec.containers[0].env";
    let subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    let qualified = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    assert_eq!(
        r.causes(),
        [
            format!("{env}[0].valueFrom: Invalid value: \"\": may not be specified when `value` is not empty"),
            format!("{env}[1].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`"),
            format!("{env}[2].valueFrom.fieldRef.fieldPath: Unsupported value: \"metadata.labels\": supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\""),
            format!("{env}[3].valueFrom.fieldRef.fieldPath: Invalid value: \"spec.nodeNam\": error converting fieldPath: field label not supported: spec.nodeNam"),
            format!("{env}[4].valueFrom.fieldRef: Invalid value: \"a b\": {qualified}"),
            format!("{env}[5].valueFrom.configMapKeyRef.name: Invalid value: \"\": {subdomain}"),
            format!("{env}[5].valueFrom.configMapKeyRef.key: Required value"),
            format!("{env}[6].valueFrom.resourceFieldRef.resource: Unsupported value: \"limits.gpu\": supported values: \"limits.cpu\", \"limits.ephemeral-storage\", \"limits.memory\", \"requests.cpu\", \"requests.ephemeral-storage\", \"requests.memory\""),
            format!("{env}[7].valueFrom.resourceFieldRef.divisor: Invalid value: \"limits.cpu\": only divisor's values 1m and 1 are supported with the cpu resource"),
            format!("{env}[8].valueFrom: Invalid value: \"\": may not have more than one field specified at a time"),
            "spec.containers[0].envFrom: Invalid value: \"\": must specify one of: `configMapRef` or `secretRef`".into(),
        ],
        "{}",
        r.text
    );

    let mut fine = pod("q");
    fine["spec"]["containers"][0]["env"] = json!([
        {"name": "NODE", "valueFrom": {"fieldRef": {"fieldPath": "spec.host"}}},
        {"name": "APP", "valueFrom": {"fieldRef": {"fieldPath": "metadata.labels['app']"}}},
        {"name": "IPS", "valueFrom": {"fieldRef": {"fieldPath": "status.podIPs"}}},
        {"name": "MEM", "valueFrom": {"resourceFieldRef": {"resource": "limits.memory", "divisor": "1Mi"}}},
        {"name": "PW", "valueFrom": {"secretKeyRef": {"name": "db", "key": "password"}}}]);
    fine["spec"]["containers"][0]["envFrom"] = json!([
        {"configMapRef": {"name": "settings"}}, {"prefix": "DB_", "secretRef": {"name": "db"}}]);
    let r = api.post(PODS, &fine).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["spec"]["containers"][0]["env"][0]["valueFrom"]["fieldRef"],
        json!({"apiVersion": "v1", "fieldPath": "spec.host"})
    );
}

/// `ValidateContainerResourceRequirements`: a container's resources are
/// cpu, memory, ephemeral storage, huge pages or extended resources; an
/// extended resource cannot be overcommitted, so a request needs a limit;
/// huge pages come with cpu or memory.
#[tokio::test]
async fn a_containers_resource_names_are_validated() {
    let api = Api::start();
    let mut p = pod("p");
    p["spec"]["containers"][0]["resources"] =
        json!({"requests": {"cpus": "1", "example.com/gpu": "1"}});
    let r = api.post(PODS, &p).await;
    r.assert_failure(422, "Invalid");
    let at = "spec.containers[0].resources";
    assert_eq!(
        r.causes(),
        [
            format!(
                "{at}.requests[cpus]: Invalid value: \"cpus\": must be a standard resource type or fully qualified"
            ),
            format!(
                "{at}.requests[cpus]: Invalid value: \"cpus\": must be a standard resource for containers"
            ),
            format!(
                "{at}.limits: Required value: Limit must be set for non overcommitable resources"
            ),
        ],
        "{}",
        r.text
    );

    let mut pages = pod("h");
    pages["spec"]["containers"][0]["resources"] = json!({"limits": {"hugepages-2Mi": "4Mi"}});
    let r = api.post(PODS, &pages).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [format!("{at}: Forbidden: HugePages require cpu or memory")],
        "{}",
        r.text
    );

    pages["spec"]["containers"][0]["resources"]["limits"]["memory"] = json!("64Mi");
    p["spec"]["containers"][0]["resources"] = json!({"limits": {"example.com/gpu": "2"}});
    for fine in [pages, p] {
        let r = api.post(PODS, &fine).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    }
}

/// `validateHandler` for probes and lifecycle hooks: one handler each, an
/// exec handler's command, an HTTP or TCP port in range or a port name (a
/// quoted `"8080"` is a name, and not a valid one), an `HTTP` or `HTTPS`
/// scheme, header names; hooks are checked before probes, as upstream's
/// `validateContainers` does.
#[tokio::test]
async fn a_containers_probes_and_hooks_are_validated() {
    let api = Api::start();
    let mut p = pod("p");
    let c = &mut p["spec"]["containers"][0];
    c["livenessProbe"] = json!({"httpGet": {"port": 0, "scheme": "http",
                                            "httpHeaders": [{"name": "X Trace", "value": "1"}]}});
    c["readinessProbe"] = json!({"tcpSocket": {"port": "8080"}});
    c["startupProbe"] = json!({"exec": {"command": []}, "grpc": {"port": 9000}});
    c["lifecycle"] =
        json!({"postStart": {}, "preStop": {"sleep": {"seconds": 1}, "tcpSocket": {"port": 80}}});
    let r = api.post(PODS, &p).await;
    r.assert_failure(422, "Invalid");
    let at = "spec.containers[0]";
    assert_eq!(
        r.causes(),
        [
            format!("{at}.lifecycle.postStart: Required value: must specify a handler type"),
            format!(
                "{at}.lifecycle.preStop.sleep: Forbidden: may not specify more than 1 handler type"
            ),
            format!(
                "{at}.livenessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive"
            ),
            format!(
                "{at}.livenessProbe.httpGet.scheme: Unsupported value: \"http\": supported values: \"HTTP\", \"HTTPS\""
            ),
            format!(
                "{at}.livenessProbe.httpGet.httpHeaders: Invalid value: \"X Trace\": a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')"
            ),
            format!(
                "{at}.readinessProbe.tcpSocket.port: Invalid value: \"8080\": must contain at least one letter (a-z)"
            ),
            format!("{at}.startupProbe.exec.command: Required value"),
            format!("{at}.startupProbe.grpc: Forbidden: may not specify more than 1 handler type"),
        ],
        "{}",
        r.text
    );

    let mut fine = pod("q");
    let c = &mut fine["spec"]["containers"][0];
    c["livenessProbe"] =
        json!({"httpGet": {"port": "http", "httpHeaders": [{"name": "X-Trace", "value": "1"}]}});
    c["readinessProbe"] = json!({"tcpSocket": {"port": 8080}});
    c["startupProbe"] = json!({"grpc": {"port": 9000}});
    c["lifecycle"] = json!({"preStop": {"sleep": {"seconds": 5}}});
    let r = api.post(PODS, &fine).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["spec"]["containers"][0]["livenessProbe"]["httpGet"]["scheme"],
        "HTTP"
    );
}
