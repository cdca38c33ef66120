//! The real kubectl against DaemonSets and the ControllerRevisions their
//! controller writes: `apply`, `get -o wide`, `rollout restart`, `rollout
//! history` and a rejected update, with outputs compared to what
//! kube-apiserver makes kubectl print.

use tests::{TestServer, rows};

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
        rows(&s.kubectl_ok(&["get", "ds", "-o", "wide"])),
        [
            vec![
                "NAME",
                "DESIRED",
                "CURRENT",
                "READY",
                "UP-TO-DATE",
                "AVAILABLE",
                "NODE",
                "SELECTOR",
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
                "0s",
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
        rows(&s.kubectl_ok(&["get", "controllerrevisions"])),
        [
            vec!["NAME", "CONTROLLER", "REVISION", "AGE"],
            vec!["agent-5d8f9", "daemonset.apps/agent", "1", "0s"],
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
