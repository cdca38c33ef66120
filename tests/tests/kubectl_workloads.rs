//! The real kubectl against the workloads beside Deployments: DaemonSets
//! and the ControllerRevisions their controller writes, StatefulSets and
//! the PersistentVolumeClaims made from their templates, and the
//! PodDisruptionBudgets that guard them, CronJobs, and the Ingresses,
//! IngressClasses and NetworkPolicies that route to them (`apply`, `create
//! pdb`, `create ingress`, `create cronjob`, `create job --from`, `get -o
//! wide`, `scale`, `rollout restart`, `rollout history`, rejected
//! writes), with outputs compared to what kube-apiserver makes kubectl
//! print.

use tests::{TestServer, rows};

/// A kubectl table's rows with cell `age` (the AGE column's, in a data
/// row) left out of each, as a second may pass between the create and the
/// get.
fn rows_but_age(table: &str, age: usize) -> Vec<Vec<String>> {
    rows(table)
        .into_iter()
        .map(|mut row| {
            if row.len() > age {
                row.remove(age);
            }
            row
        })
        .collect()
}

const DAEMON_SET: &str = "apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: default
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      nodeSelector: {kubernetes.io/os: linux}
      containers:
      - name: agent
        image: busybox:1.36
";

/// `kubectl apply` of a DaemonSet, then `get ds -o wide` with upstream's
/// columns, `rollout restart` (a template change: the template generation
/// moves), and an update `kubectl` reports as upstream's 422.
#[test]
fn daemon_sets_apply_print_and_restart() {
    let s = TestServer::start();
    let manifest = s.manifest("ds.yaml", DAEMON_SET);
    let manifest = manifest.to_str().unwrap();
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", manifest]),
        "daemonset.apps/agent created\n"
    );
    assert_eq!(
        // The header's NODE SELECTOR is two words: AGE is cell 7 of a row.
        rows_but_age(&s.kubectl_ok(&["get", "ds", "-o", "wide"]), 7),
        [
            vec![
                "NAME",
                "DESIRED",
                "CURRENT",
                "READY",
                "UP-TO-DATE",
                "AVAILABLE",
                "NODE",
                "AGE",
                "CONTAINERS",
                "IMAGES",
                "SELECTOR"
            ],
            vec![
                "agent",
                "0",
                "0",
                "0",
                "0",
                "0",
                "kubernetes.io/os=linux",
                "agent",
                "busybox:1.36",
                "app=agent"
            ],
        ]
    );
    let generations = || {
        s.kubectl_ok(&[
            "get",
            "ds",
            "agent",
            "-o",
            "jsonpath={.metadata.generation} {.metadata.annotations.deprecated\\.daemonset\\.template\\.generation}",
        ])
    };
    assert_eq!(generations(), "1 1");
    assert_eq!(
        s.kubectl_ok(&["rollout", "restart", "ds/agent"]),
        "daemonset.apps/agent restarted\n"
    );
    assert_eq!(generations(), "2 2");
    assert_eq!(
        s.kubectl_err(&[
            "patch",
            "ds",
            "agent",
            "-p",
            r#"{"spec":{"updateStrategy":{"rollingUpdate":{"maxSurge":1}}}}"#
        ]),
        "The DaemonSet \"agent\" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero\n"
    );
}

/// `kubectl rollout history` finds a DaemonSet's ControllerRevisions (by
/// its selector and controller reference) and prints the template of one;
/// `get controllerrevisions` prints upstream's columns.
#[test]
fn rollout_history_reads_controller_revisions() {
    let s = TestServer::start();
    let manifest = s.manifest("ds.yaml", DAEMON_SET);
    s.kubectl_ok(&["apply", "-f", manifest.to_str().unwrap()]);
    let uid = s.kubectl_ok(&["get", "ds", "agent", "-o", "jsonpath={.metadata.uid}"]);
    let revision = s.manifest(
        "revision.yaml",
        &format!(
            "apiVersion: apps/v1
kind: ControllerRevision
metadata:
  name: agent-5d8f9
  namespace: default
  labels: {{app: agent, controller-revision-hash: 5d8f9}}
  ownerReferences:
  - {{apiVersion: apps/v1, kind: DaemonSet, name: agent, uid: {uid}, controller: true}}
data:
  spec:
    template:
      metadata: {{labels: {{app: agent}}}}
      spec:
        containers: [{{name: agent, image: 'busybox:1.35'}}]
revision: 1
"
        ),
    );
    s.kubectl_ok(&["create", "-f", revision.to_str().unwrap()]);
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "controllerrevisions"]), 3),
        [
            vec!["NAME", "CONTROLLER", "REVISION"],
            vec!["agent-5d8f9", "daemonset.apps/agent", "1"],
        ]
    );
    assert_eq!(
        rows(&s.kubectl_ok(&["rollout", "history", "ds/agent"])),
        [
            vec!["daemonset.apps/agent"],
            vec!["REVISION", "CHANGE-CAUSE"],
            vec!["1", "<none>"],
            vec![],
        ]
    );
    let one = s.kubectl_ok(&["rollout", "history", "ds/agent", "--revision=1"]);
    assert!(
        one.starts_with(
            "daemonset.apps/agent with revision #1\nPod Template:\n  Labels:\tapp=agent\n"
        ),
        "{one}"
    );
    assert!(one.contains("    Image:\tbusybox:1.35\n"), "{one}");
}

/// A database operator's manifests: `kubectl apply` of a headless Service
/// and a StatefulSet with a claim template, `scale sts`, `get sts`, a
/// claim as its controller would create it (`get pvc -o wide`), and the
/// update kubectl reports as upstream's 422.
#[test]
fn stateful_sets_and_claims_apply_scale_and_print() {
    let s = TestServer::start();
    let manifest = s.manifest(
        "db.yaml",
        "apiVersion: v1
kind: Service
metadata: {name: db, namespace: default}
spec:
  clusterIP: None
  selector: {app: db}
  ports: [{port: 5432}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: default}
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: postgres
        image: postgres:16
        volumeMounts: [{name: data, mountPath: /var/lib/postgresql/data}]
  volumeClaimTemplates:
  - metadata: {name: data}
    spec:
      accessModes: [ReadWriteOnce]
      resources: {requests: {storage: 1Gi}}
",
    );
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", manifest.to_str().unwrap()]),
        "service/db created\nstatefulset.apps/db created\n"
    );
    assert_eq!(
        s.kubectl_ok(&["scale", "sts", "db", "--replicas=3"]),
        "statefulset.apps/db scaled\n"
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "sts", "-o", "wide"]), 2),
        [
            vec!["NAME", "READY", "CONTAINERS", "IMAGES"],
            vec!["db", "0/3", "postgres", "postgres:16"],
        ]
    );
    let claim = s.manifest(
        "claim.yaml",
        "apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data-db-0, namespace: default, labels: {app: db}}
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
  storageClassName: standard
",
    );
    s.kubectl_ok(&["create", "-f", claim.to_str().unwrap()]);
    // The volume, capacity and access modes are empty until bound.
    let mut table = rows(&s.kubectl_ok(&["get", "pvc", "-o", "wide"]));
    table[1].remove(4);
    assert_eq!(
        table,
        [
            vec![
                "NAME",
                "STATUS",
                "VOLUME",
                "CAPACITY",
                "ACCESS",
                "MODES",
                "STORAGECLASS",
                "VOLUMEATTRIBUTESCLASS",
                "AGE",
                "VOLUMEMODE"
            ],
            vec!["data-db-0", "Pending", "standard", "<unset>", "Filesystem"],
        ]
    );
    assert_eq!(
        s.kubectl_err(&[
            "patch",
            "sts",
            "db",
            "-p",
            r#"{"spec":{"serviceName":"other"}}"#
        ]),
        "The StatefulSet \"db\" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden\n"
    );
}

/// `kubectl create pdb` (kubectl's generator posts a PodDisruptionBudget)
/// and `get pdb` with upstream's columns.
#[test]
fn disruption_budgets_create_and_print() {
    let s = TestServer::start();
    assert_eq!(
        s.kubectl_ok(&[
            "create",
            "pdb",
            "web",
            "--selector=app=web",
            "--min-available=2"
        ]),
        "poddisruptionbudget.policy/web created\n"
    );
    let mut table = rows(&s.kubectl_ok(&["get", "pdb"]));
    table[1].remove(4);
    assert_eq!(
        table,
        [
            vec![
                "NAME",
                "MIN",
                "AVAILABLE",
                "MAX",
                "UNAVAILABLE",
                "ALLOWED",
                "DISRUPTIONS",
                "AGE"
            ],
            vec!["web", "2", "N/A", "0"],
        ]
    );
}

const NETWORKING: &str = "apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations: {ingressclass.kubernetes.io/is-default-class: \"true\"}
spec:
  controller: k8s.io/ingress-nginx
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: db
  namespace: default
spec:
  podSelector:
    matchLabels: {app: db}
  ingress:
  - from:
    - podSelector: {matchLabels: {app: web}}
    ports:
    - port: 5432
";

/// A chart's networking objects: `apply` of an IngressClass and a
/// NetworkPolicy, `create ingress` (kubectl's generator), `get` with
/// upstream's columns, and a path kube-apiserver rejects.
#[test]
fn ingresses_classes_and_network_policies_apply_create_and_print() {
    let s = TestServer::start();
    let manifest = s.manifest("networking.yaml", NETWORKING);
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", manifest.to_str().unwrap()]),
        "ingressclass.networking.k8s.io/nginx created\nnetworkpolicy.networking.k8s.io/db created\n"
    );
    assert_eq!(
        s.kubectl_ok(&[
            "create",
            "ingress",
            "web",
            "--class=nginx",
            "--rule=shop.example.com/*=web:80,tls=shop-tls",
            "--rule=*.example.com/api=api:http",
        ]),
        "ingress.networking.k8s.io/web created\n"
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "ing"]), 5),
        [
            // ADDRESS is empty: the row's cells shift left by one.
            vec!["NAME", "CLASS", "HOSTS", "ADDRESS", "PORTS"],
            vec![
                "web",
                "nginx",
                "shop.example.com,*.example.com",
                "80,",
                "443"
            ],
        ]
    );
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "ing",
            "web",
            "-o",
            "jsonpath={.spec.rules[*].http.paths[*].pathType}"
        ]),
        "Prefix Exact"
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "netpol"]), 2),
        [vec!["NAME", "POD-SELECTOR"], vec!["db", "app=db"]]
    );
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "netpol",
            "db",
            "-o",
            "jsonpath={.spec.policyTypes} {.spec.ingress[0].ports[0].protocol}"
        ]),
        r#"["Ingress"] TCP"#
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "ingressclass"]), 4),
        [
            vec!["NAME", "CONTROLLER", "PARAMETERS", "AGE"],
            vec!["nginx", "(default)", "k8s.io/ingress-nginx", "<none>"],
        ]
    );
    assert_eq!(
        s.kubectl_err(&[
            "create",
            "ingress",
            "bad",
            "--rule=shop.example.com/a//b=web:80"
        ]),
        "error: failed to create ingress: Ingress.networking.k8s.io \"bad\" is invalid: spec.rules[0].http.paths[0].path: Invalid value: \"/a//b\": must not contain '//'\n"
    );
}

/// `kubectl create cronjob`, `get cj -o wide` with upstream's columns,
/// `create job --from=cronjob/...` (kubectl reads the CronJob's Job
/// template and posts a Job), and a schedule robfig/cron rejects, in
/// kube-apiserver's words.
#[test]
fn cron_jobs_create_print_and_run_by_hand() {
    let s = TestServer::start();
    assert_eq!(
        s.kubectl_ok(&[
            "create",
            "cronjob",
            "backup",
            "--image=busybox:1.36",
            "--schedule=*/15 * * * *",
            "--",
            "echo",
            "done",
        ]),
        "cronjob.batch/backup created\n"
    );
    assert_eq!(
        // The schedule is five words: a row's AGE is cell 10 (the
        // header's cell 10, SELECTOR, goes with it).
        rows_but_age(&s.kubectl_ok(&["get", "cj", "-o", "wide"]), 10),
        [
            vec![
                "NAME",
                "SCHEDULE",
                "TIMEZONE",
                "SUSPEND",
                "ACTIVE",
                "LAST",
                "SCHEDULE",
                "AGE",
                "CONTAINERS",
                "IMAGES"
            ],
            vec![
                "backup",
                "*/15",
                "*",
                "*",
                "*",
                "*",
                "<none>",
                "False",
                "0",
                "<none>",
                "backup",
                "busybox:1.36",
                "<none>"
            ],
        ]
    );
    assert_eq!(
        s.kubectl_ok(&["create", "job", "--from=cronjob/backup", "backup-manual"]),
        "job.batch/backup-manual created\n"
    );
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "job",
            "backup-manual",
            "-o",
            "jsonpath={.metadata.annotations.cronjob\\.kubernetes\\.io/instantiate} {.spec.template.spec.restartPolicy}"
        ]),
        "manual OnFailure"
    );
    assert_eq!(
        s.kubectl_err(&[
            "create",
            "cronjob",
            "bad",
            "--image=busybox:1.36",
            "--schedule=0 0 31 2 mon-sun"
        ]),
        "error: failed to create cronjob: CronJob.batch \"bad\" is invalid: spec.schedule: Invalid value: \"0 0 31 2 mon-sun\": beginning of range (1) beyond end of range (0): mon-sun\n"
    );
}

/// `kubectl create priorityclass` and `get pc`: the system classes are
/// there from the start, as on a kube-apiserver, and a delete of one is
/// refused in upstream's words.
#[test]
fn priority_classes_create_and_print() {
    let s = TestServer::start();
    assert_eq!(
        s.kubectl_ok(&[
            "create",
            "priorityclass",
            "batch-high",
            "--value=100000",
            "--description=Batch jobs that matter",
        ]),
        "priorityclass.scheduling.k8s.io/batch-high created\n"
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "pc"]), 3),
        [
            vec!["NAME", "VALUE", "GLOBAL-DEFAULT", "PREEMPTIONPOLICY"],
            vec!["batch-high", "100000", "false", "PreemptLowerPriority"],
            vec![
                "system-cluster-critical",
                "2000000000",
                "false",
                "PreemptLowerPriority"
            ],
            vec![
                "system-node-critical",
                "2000001000",
                "false",
                "PreemptLowerPriority"
            ],
        ]
    );
    assert_eq!(
        s.kubectl_err(&["delete", "pc", "system-node-critical"]),
        "Error from server (Forbidden): priorityclasses.scheduling.k8s.io \"system-node-critical\" is forbidden: this is a system priority class and cannot be deleted\n"
    );
    // The Priority admission plugin: a pod of the class gets its value; a
    // pod naming no class that exists is refused.
    let pod = |name: &str, class: &str| {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: {name}\nspec:\n  priorityClassName: {class}\n  containers:\n  - name: c\n    image: nginx\n"
        )
    };
    let batch = s.manifest("batch.yaml", &pod("batch", "batch-high"));
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", batch.to_str().unwrap()]),
        "pod/batch created\n"
    );
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "pod",
            "batch",
            "-o",
            "jsonpath={.spec.priority} {.spec.preemptionPolicy}"
        ]),
        "100000 PreemptLowerPriority"
    );
    let lost = s.manifest("lost.yaml", &pod("lost", "missing"));
    let err = s.kubectl_err(&["apply", "-f", lost.to_str().unwrap()]);
    assert!(
        err.contains("pods \"lost\" is forbidden: no PriorityClass with name missing was found"),
        "{err}"
    );
}

/// The managed fields of `kubectl create deployment nginx --image=nginx`
/// are kube-apiserver's, byte for byte (its FieldsV1 as a kube-apiserver
/// watch showed it): the defaulted request recorded before the strategy,
/// value structs left out where empty, the defaulted pointer
/// `securityContext: {}` recorded, `.` only on fields Go leaves out of
/// its zero value (`labels`, `rollingUpdate`, a container), not on the
/// required `containers`.
#[test]
fn kubectl_create_deployment_records_upstreams_managed_fields() {
    let s = TestServer::start();
    s.kubectl_ok(&["create", "deployment", "nginx", "--image=nginx"]);
    let out = s.kubectl_ok(&[
        "get",
        "deployment",
        "nginx",
        "-o",
        "jsonpath={.metadata.managedFields[0].manager} {.metadata.managedFields[0].fieldsV1}",
        "--show-managed-fields",
    ]);
    let (manager, fields) = out.split_once(' ').expect("manager and fields");
    assert_eq!(manager, "kubectl-create");
    let fields: serde_json::Value = serde_json::from_str(fields).expect("FieldsV1 JSON");
    let upstream = r#"{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}"#;
    assert_eq!(
        fields,
        serde_json::from_str::<serde_json::Value>(upstream).unwrap()
    );
}

const NODE: &str = "apiVersion: v1
kind: Node
metadata:
  name: worker-1
  labels: {node-role.kubernetes.io/worker: \"\"}
spec:
  podCIDR: 10.244.1.0/24
  podCIDRs: [10.244.1.0/24]
status:
  capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}
  conditions:
  - {type: Ready, status: \"True\"}
  addresses:
  - {type: InternalIP, address: 172.18.0.2}
  nodeInfo: {kubeletVersion: v1.36.0, osImage: Debian GNU/Linux 12 (bookworm), containerRuntimeVersion: containerd://2.1.1}
";

/// Nodes as a controller test registers them and an operator handles
/// them: `create` keeps the status a kubelet would report, `get nodes` and
/// `-o wide` print upstream's columns, `cordon` and `taint` patch the
/// spec (the new node already carries `TaintNodesByCondition`'s not-ready
/// taint), `drain` evicts the node's pods through `pods/eviction` (in
/// protobuf, as kubectl sends it) and `uncordon` undoes the cordon.
#[test]
fn nodes_register_print_cordon_taint_and_drain() {
    let s = TestServer::start();
    let node = s.manifest("node.yaml", NODE);
    assert_eq!(
        s.kubectl_ok(&["create", "-f", node.to_str().unwrap()]),
        "node/worker-1 created\n"
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "nodes"]), 3),
        [
            vec!["NAME", "STATUS", "ROLES", "VERSION"],
            vec!["worker-1", "Ready", "worker", "v1.36.0"],
        ]
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "no", "-o", "wide"]), 3),
        [
            vec![
                "NAME",
                "STATUS",
                "ROLES",
                "VERSION",
                "INTERNAL-IP",
                "EXTERNAL-IP",
                "OS-IMAGE",
                "KERNEL-VERSION",
                "CONTAINER-RUNTIME"
            ],
            vec![
                "worker-1",
                "Ready",
                "worker",
                "v1.36.0",
                "172.18.0.2",
                "<none>",
                "Debian",
                "GNU/Linux",
                "12",
                "(bookworm)",
                "<unknown>",
                "containerd://2.1.1"
            ],
        ]
    );
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "node",
            "worker-1",
            "-o",
            "jsonpath={.status.allocatable.cpu}"
        ]),
        "4"
    );
    assert_eq!(
        s.kubectl_ok(&["cordon", "worker-1"]),
        "node/worker-1 cordoned\n"
    );
    assert_eq!(
        s.kubectl_ok(&["taint", "nodes", "worker-1", "dedicated=gpu:NoSchedule"]),
        "node/worker-1 tainted\n"
    );
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "node",
            "worker-1",
            "-o",
            "jsonpath={range .spec.taints[*]}{.key}={.value}:{.effect} {end}"
        ]),
        "dedicated=gpu:NoSchedule node.kubernetes.io/not-ready=:NoSchedule "
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "nodes"]), 3)[1],
        ["worker-1", "Ready,SchedulingDisabled", "worker", "v1.36.0"]
    );

    // A pod bound to the node (no kubelet runs it, so it is deleted at
    // once with --grace-period=0).
    let pod = s.manifest(
        "pod.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  nodeName: worker-1\n  containers:\n  - name: c\n    image: nginx\n",
    );
    s.kubectl_ok(&["create", "-f", pod.to_str().unwrap()]);
    let drained = s.kubectl_ok(&[
        "drain",
        "worker-1",
        "--force",
        "--grace-period=0",
        "--timeout=20s",
    ]);
    assert!(drained.contains("evicting pod default/web"), "{drained}");
    assert!(drained.contains("pod/web evicted"), "{drained}");
    assert!(drained.contains("node/worker-1 drained"), "{drained}");
    assert_eq!(
        s.kubectl_ok(&["get", "pods", "-o", "name"]),
        "",
        "the drained node's pod is gone"
    );
    assert_eq!(
        s.kubectl_ok(&["uncordon", "worker-1"]),
        "node/worker-1 uncordoned\n"
    );
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "node",
            "worker-1",
            "-o",
            "jsonpath={.spec.unschedulable}"
        ]),
        ""
    );
}

/// A namespace's LimitRange as kubectl shows it (`get limits`: the default
/// Table's NAME and CREATED AT; `describe`: kubectl's own table of the
/// defaulted items), and `kubectl run` of a pod that sets no resources
/// getting its defaults from the `LimitRanger` plugin; one over the max
/// is refused with upstream's message.
#[test]
fn limit_ranges_default_and_bound_what_kubectl_runs() {
    let s = TestServer::start();
    let range = s.manifest(
        "limits.yaml",
        "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: defaults\nspec:\n  limits:\n  - type: Container\n    max:\n      cpu: \"2\"\n    default:\n      cpu: 500m\n    defaultRequest:\n      cpu: 100m\n",
    );
    assert_eq!(
        s.kubectl_ok(&["create", "-f", range.to_str().unwrap()]),
        "limitrange/defaults created\n"
    );
    let listed = rows(&s.kubectl_ok(&["get", "limits"]));
    assert_eq!(listed[0], ["NAME", "CREATED", "AT"]);
    assert_eq!(listed[1][0], "defaults");
    assert!(listed[1][1].ends_with('Z'), "{listed:?}");
    let described = s.kubectl_ok(&["describe", "limits", "defaults"]);
    let container = described
        .lines()
        .find(|l| l.starts_with("Container"))
        .unwrap_or_else(|| panic!("{described}"));
    assert_eq!(
        container.split_whitespace().collect::<Vec<_>>(),
        ["Container", "cpu", "-", "2", "100m", "500m", "-"],
        "{described}"
    );
    s.kubectl_ok(&["run", "web", "--image=nginx"]);
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "pod",
            "web",
            "-o",
            "jsonpath={.spec.containers[0].resources}"
        ]),
        r#"{"limits":{"cpu":"500m"},"requests":{"cpu":"100m"}}"#
    );
    let err = s.kubectl_err(&[
        "run",
        "big",
        "--image=nginx",
        "--overrides",
        r#"{"spec":{"containers":[{"name":"big","image":"nginx","resources":{"limits":{"cpu":"4"}}}]}}"#,
    ]);
    assert_eq!(
        err.trim_end(),
        r#"Error from server (Forbidden): pods "big" is forbidden: maximum cpu usage per Container is 2, but limit is 4"#
    );
}

/// ResourceQuotas as kubectl makes and shows them: `create quota`, `get
/// quota` (upstream's Request and Limit columns, from the status),
/// `describe quota`; once the status is set through `/status` (as
/// upstream's quota controller sets it), a create past the limit is
/// refused with upstream's message and `used` counts what was admitted.
#[test]
fn quotas_are_created_shown_and_enforced() {
    let s = TestServer::start();
    assert_eq!(
        s.kubectl_ok(&[
            "create",
            "quota",
            "small",
            "--hard=configmaps=2,requests.cpu=1,limits.cpu=2"
        ]),
        "resourcequota/small created\n"
    );
    s.kubectl_ok(&[
        "patch",
        "quota",
        "small",
        "--subresource=status",
        "--type=merge",
        "-p",
        r#"{"status":{"hard":{"configmaps":"2","requests.cpu":"1","limits.cpu":"2"},"used":{"configmaps":"1","requests.cpu":"0","limits.cpu":"0"}}}"#,
    ]);
    let listed = rows(&s.kubectl_ok(&["get", "quota"]));
    assert_eq!(listed[0], ["NAME", "REQUEST", "LIMIT", "AGE"]);
    assert_eq!(
        listed[1][..5],
        ["small", "configmaps:", "1/2,", "requests.cpu:", "0/1"],
        "{listed:?}"
    );
    assert_eq!(listed[1][5..7], ["limits.cpu:", "0/2"], "{listed:?}");
    s.kubectl_ok(&["create", "configmap", "one"]);
    let err = s.kubectl_err(&["create", "configmap", "two"]);
    assert_eq!(
        err.trim_end(),
        r#"error: failed to create configmap: configmaps "two" is forbidden: exceeded quota: small, requested: configmaps=1, used: configmaps=2, limited: configmaps=2"#
    );
    let described = s.kubectl_ok(&["describe", "quota", "small"]);
    let line = described
        .lines()
        .find(|l| l.starts_with("configmaps"))
        .unwrap_or_else(|| panic!("{described}"));
    assert_eq!(
        line.split_whitespace().collect::<Vec<_>>(),
        ["configmaps", "2", "2"],
        "{described}"
    );
    // `describe namespace` lists the namespace's quotas with their usage.
    let namespace = s.kubectl_ok(&["describe", "namespace", "default"]);
    assert!(
        namespace.contains("Resource Quotas\n  Name:         small\n"),
        "{namespace}"
    );
    assert!(
        namespace
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["requests.cpu", "0", "1"]),
        "{namespace}"
    );
}

/// `kubectl debug` adds an ephemeral container through the pod's
/// `ephemeralcontainers` subresource, which this server does not serve:
/// its 404 carries the empty `details` a kube-apiserver's has, from which
/// kubectl tells a missing subresource from a missing pod (a Status
/// without `details` made it crash).
#[test]
fn kubectl_debug_is_told_ephemeral_containers_are_not_served() {
    let s = TestServer::start();
    s.kubectl_ok(&["run", "web", "--image=nginx"]);
    let stderr = s.kubectl_err(&["debug", "web", "--image=busybox", "--profile=general"]);
    assert!(
        stderr.contains(
            "ephemeral containers are disabled for this cluster (error from server: \"the server could not find the requested resource\")"
        ),
        "{stderr}"
    );
}

/// ReplicationControllers: `get rc` (and `-o wide`) prints upstream's
/// columns, `scale rc` goes through `/scale`, `get all` lists them, and
/// `cluster-info dump`, which lists them in every namespace, completes.
#[test]
fn replication_controllers_print_scale_and_dump() {
    let s = TestServer::start();
    let manifest = s.manifest(
        "rc.yaml",
        "apiVersion: v1
kind: ReplicationController
metadata:
  name: web
spec:
  replicas: 2
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: 'nginx:1.27'}]
",
    );
    s.kubectl_ok(&["apply", "-f", manifest.to_str().unwrap()]);
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "rc"]), 4),
        [
            vec!["NAME", "DESIRED", "CURRENT", "READY"],
            vec!["web", "2", "0", "0"],
        ]
    );
    assert_eq!(
        s.kubectl_ok(&["scale", "rc", "web", "--replicas=3"]),
        "replicationcontroller/web scaled\n"
    );
    assert_eq!(
        rows_but_age(&s.kubectl_ok(&["get", "rc", "-o", "wide"]), 4),
        [
            vec![
                "NAME",
                "DESIRED",
                "CURRENT",
                "READY",
                "CONTAINERS",
                "IMAGES",
                "SELECTOR"
            ],
            vec!["web", "3", "0", "0", "web", "nginx:1.27", "app=web"],
        ]
    );
    assert!(
        s.kubectl_ok(&["get", "all"])
            .contains("replicationcontroller/web"),
        "get all lists the category all"
    );
    let dump = s.kubectl_ok(&["cluster-info", "dump", "--namespaces", "default"]);
    assert!(
        dump.contains("\"kind\": \"ReplicationControllerList\""),
        "{dump}"
    );
}

/// StorageClasses: `get sc` prints upstream's columns with the default
/// class marked, and a claim created without a class gets the default one
/// (the `DefaultStorageClass` admission plugin).
#[test]
fn storage_classes_print_and_default_claims() {
    let s = TestServer::start();
    let manifest = s.manifest(
        "sc.yaml",
        "apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  annotations: {storageclass.kubernetes.io/is-default-class: \"true\"}
provisioner: rancher.io/local-path
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
",
    );
    s.kubectl_ok(&["apply", "-f", manifest.to_str().unwrap()]);
    // The name cell says "standard (default)", two words apart.
    let table = rows(&s.kubectl_ok(&["get", "sc"]));
    assert_eq!(
        table[0],
        [
            "NAME",
            "PROVISIONER",
            "RECLAIMPOLICY",
            "VOLUMEBINDINGMODE",
            "ALLOWVOLUMEEXPANSION",
            "AGE"
        ]
    );
    assert_eq!(
        table[1][..6],
        [
            "standard",
            "(default)",
            "rancher.io/local-path",
            "Delete",
            "WaitForFirstConsumer",
            "false"
        ]
    );
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "pvc",
            "data",
            "-o",
            "jsonpath={.spec.storageClassName}"
        ]),
        "standard"
    );
}
