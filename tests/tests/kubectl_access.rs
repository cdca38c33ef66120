//! The real kubectl against the access reviews (`kubectl auth`) and the
//! RBAC kinds and ServiceAccounts a controller's manifests carry, with
//! outputs compared to what kube-apiserver makes kubectl print.

use tests::{TestServer, rows};

/// `kubectl auth`: `can-i` asks a SelfSubjectAccessReview (everything is
/// allowed, as with kube-apiserver's AlwaysAllow), `can-i --list` a
/// SelfSubjectRulesReview, `whoami` a SelfSubjectReview (sent as
/// protobuf); a review cannot be listed.
#[test]
fn auth_can_i_and_whoami() {
    let s = TestServer::start();
    assert_eq!(s.kubectl_ok(&["auth", "can-i", "create", "pods"]), "yes\n");
    assert_eq!(
        s.kubectl_ok(&[
            "auth",
            "can-i",
            "delete",
            "deployments.apps",
            "-n",
            "kube-system"
        ]),
        "yes\n"
    );
    let rules = rows(&s.kubectl_ok(&["auth", "can-i", "--list"]));
    assert_eq!(
        rules,
        [
            vec![
                "Resources",
                "Non-Resource",
                "URLs",
                "Resource",
                "Names",
                "Verbs"
            ],
            vec!["*.*", "[]", "[]", "[*]"],
            vec!["[*]", "[]", "[*]"],
        ],
        "{rules:?}"
    );
    let whoami = rows(&s.kubectl_ok(&["auth", "whoami"]));
    assert_eq!(
        whoami,
        [
            vec!["ATTRIBUTE", "VALUE"],
            vec!["Username", "system:unsecured"],
            vec!["Groups", "[system:masters", "system:authenticated]"],
        ]
    );
    let err = s.kubectl_err(&["get", "selfsubjectaccessreviews"]);
    assert!(
        err.contains(
            "Error from server (MethodNotAllowed): the server does not allow this method on the requested resource"
        ),
        "{err}"
    );
}

/// A controller's manifests (a ServiceAccount, a Role and a ClusterRole
/// with their bindings) apply, list with upstream's columns, and the
/// `kubectl create` generators for bindings work.
#[test]
fn rbac_manifests_apply_and_print() {
    let s = TestServer::start();
    let manifest = s.manifest(
        "rbac.yaml",
        "apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: ctrl}\n---\n\
         apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata: {name: leader}\n\
         rules:\n- {apiGroups: [coordination.k8s.io], resources: [leases], verbs: [get, update]}\n---\n\
         apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: leader}\n\
         roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: leader}\n\
         subjects:\n- {kind: ServiceAccount, name: ctrl, namespace: default}\n---\n\
         apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: ctrl}\n\
         rules:\n- {apiGroups: [apps], resources: [deployments], verbs: ['*']}\n---\n\
         apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: {name: ctrl}\n\
         roleRef: {kind: ClusterRole, name: ctrl}\n\
         subjects:\n- {kind: ServiceAccount, name: ctrl, namespace: default}\n",
    );
    let out = s.kubectl_ok(&["apply", "-f", manifest.to_str().unwrap()]);
    assert!(
        out.contains("rolebinding.rbac.authorization.k8s.io/leader created"),
        "{out}"
    );
    let sa = rows(&s.kubectl_ok(&["get", "sa", "ctrl"]));
    assert_eq!(sa[0], ["NAME", "SECRETS", "AGE"]);
    assert_eq!(sa[1][..2], ["ctrl", "0"]);
    let bindings = rows(&s.kubectl_ok(&["get", "clusterrolebinding", "ctrl", "-o", "wide"]));
    assert_eq!(
        bindings[0],
        ["NAME", "ROLE", "AGE", "USERS", "GROUPS", "SERVICEACCOUNTS"]
    );
    assert_eq!(bindings[1][..2], ["ctrl", "ClusterRole/ctrl"]);
    assert_eq!(bindings[1].last().map(String::as_str), Some("default/ctrl"));
    let roles = rows(&s.kubectl_ok(&["get", "roles"]));
    assert_eq!(roles[0], ["NAME", "CREATED", "AT"]);
    s.kubectl_ok(&[
        "create",
        "rolebinding",
        "jane",
        "--clusterrole=ctrl",
        "--user=jane",
    ]);
    let err = s.kubectl_err(&[
        "patch",
        "rolebinding",
        "jane",
        "--type=merge",
        "-p",
        r#"{"roleRef":{"name":"other"}}"#,
    ]);
    assert!(err.contains("cannot change roleRef"), "{err}");
}
