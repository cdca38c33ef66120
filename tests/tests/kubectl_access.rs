//! The real kubectl against the access reviews (`kubectl auth`), the
//! RBAC kinds and ServiceAccounts a controller's manifests carry, and its
//! admission webhooks, with outputs compared to what kube-apiserver makes
//! kubectl print.

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

/// A controller's webhook configuration applies and lists with upstream's
/// columns; kubectl prints what the webhook says: its refusal, and its
/// warnings on a write it allows.
#[test]
fn admission_webhooks_answer_kubectl() {
    use tests::webhook::{WebhookServer, answer};
    let webhook = WebhookServer::start(|_, review| {
        let forbidden = review["request"]["object"]["data"]["forbidden"].is_string();
        if forbidden {
            answer(
                review,
                serde_json::json!({"allowed": false, "status": {"code": 403, "reason": "Forbidden", "message": "forbidden data"}}),
            )
        } else {
            answer(
                review,
                serde_json::json!({"allowed": true, "warnings": ["looked at it"]}),
            )
        }
    });
    let s = TestServer::start();
    let manifest = s.manifest(
        "webhook.yaml",
        &format!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingWebhookConfiguration\n\
             metadata: {{name: check}}\nwebhooks:\n- name: check.example.com\n  \
             clientConfig: {{url: '{}/validate', caBundle: {}}}\n  \
             rules: [{{operations: [CREATE], apiGroups: [''], apiVersions: [v1], resources: [configmaps]}}]\n  \
             sideEffects: None\n  admissionReviewVersions: [v1]\n",
            webhook.base_url,
            webhook.ca_bundle()
        ),
    );
    let out = s.kubectl_ok(&["apply", "-f", manifest.to_str().unwrap()]);
    assert!(
        out.contains("validatingwebhookconfiguration.admissionregistration.k8s.io/check created"),
        "{out}"
    );
    let listed = rows(&s.kubectl_ok(&["get", "validatingwebhookconfigurations"]));
    assert_eq!(listed[0], ["NAME", "WEBHOOKS", "AGE"]);
    assert_eq!(listed[1][..2], ["check", "1"]);
    let err = s.kubectl_err(&["create", "configmap", "bad", "--from-literal=forbidden=x"]);
    assert_eq!(
        err.trim(),
        "error: failed to create configmap: admission webhook \"check.example.com\" denied the request: forbidden data"
    );
    let out = s.kubectl(&["create", "configmap", "good", "--from-literal=fine=x"]);
    assert!(out.success, "{}", out.stderr);
    assert_eq!(out.stderr.trim(), "Warning: looked at it");
}

/// `kubectl create token` prints a token of the service account (bound
/// to a pod when asked), which a TokenReview created by kubectl
/// authenticates; its refusals are printed as kubectl prints upstream's.
#[test]
fn kubectl_creates_service_account_tokens() {
    let s = TestServer::start();
    s.kubectl_ok(&["create", "serviceaccount", "robot"]);
    let token = s.kubectl_ok(&["create", "token", "robot"]);
    let token = token.trim();
    assert_eq!(token.split('.').count(), 3, "{token}");
    let review = s.manifest(
        "review.yaml",
        &format!(
            "apiVersion: authentication.k8s.io/v1\nkind: TokenReview\nspec:\n  token: {token}\n"
        ),
    );
    let reviewed = s.kubectl_ok(&[
        "create",
        "-f",
        review.to_str().unwrap(),
        "--validate=false",
        "-o",
        "jsonpath={.status.authenticated} {.status.user.username}",
    ]);
    assert_eq!(reviewed, "true system:serviceaccount:default:robot");

    let err = s.kubectl_err(&["create", "token", "robot", "--duration=1m"]);
    assert_eq!(
        err.trim(),
        r#"error: failed to create token: TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes"#
    );
    let err = s.kubectl_err(&["create", "token", "ghost"]);
    assert_eq!(
        err.trim(),
        r#"error: failed to create token: serviceaccounts "ghost" not found"#
    );
    let err = s.kubectl_err(&[
        "create",
        "token",
        "robot",
        "--bound-object-kind=Pod",
        "--bound-object-name=web",
    ]);
    assert_eq!(
        err.trim(),
        r#"error: failed to create token: pods "web" not found"#
    );
}
