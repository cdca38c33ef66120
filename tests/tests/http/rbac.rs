//! ServiceAccounts (core/v1) and the roles and bindings of
//! `rbac.authorization.k8s.io/v1`, kept as kube-apiserver keeps them: the
//! defaults of `pkg/apis/rbac/v1/defaults.go`, the validation of
//! `pkg/apis/rbac/validation`, the columns of upstream's printers.

use super::*;

const ROLES: &str = "/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles";
const ROLE_BINDINGS: &str = "/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings";
const CLUSTER_ROLES: &str = "/apis/rbac.authorization.k8s.io/v1/clusterroles";
const CLUSTER_ROLE_BINDINGS: &str = "/apis/rbac.authorization.k8s.io/v1/clusterrolebindings";
const SERVICE_ACCOUNTS: &str = "/api/v1/namespaces/default/serviceaccounts";
const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io";

/// A binding's role and its user and group subjects default to the RBAC
/// group, a service account subject to none; roles keep no generation.
#[tokio::test]
async fn bindings_and_subjects_are_defaulted() {
    let api = Api::start();
    let binding = api
        .create(
            ROLE_BINDINGS,
            &json!({"metadata": {"name": "leader"},
                "roleRef": {"kind": "Role", "name": "leader"},
                "subjects": [{"kind": "ServiceAccount", "name": "ctrl", "namespace": "default"},
                             {"kind": "User", "name": "jane"}, {"kind": "Group", "name": "devs"}]}),
        )
        .await;
    assert_eq!(
        binding["roleRef"],
        json!({"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "leader"})
    );
    assert_eq!(
        binding["subjects"],
        json!([{"kind": "ServiceAccount", "name": "ctrl", "namespace": "default"},
               {"kind": "User", "apiGroup": "rbac.authorization.k8s.io", "name": "jane"},
               {"kind": "Group", "apiGroup": "rbac.authorization.k8s.io", "name": "devs"}])
    );
    let role = api
        .create(
            ROLES,
            &json!({"metadata": {"name": "leader"}, "rules": [
                {"apiGroups": ["coordination.k8s.io"], "resources": ["leases"], "verbs": ["get", "update"]}]}),
        )
        .await;
    assert!(role["metadata"].get("generation").is_none(), "{role}");
}

/// `ValidatePolicyRule`, `ValidateClusterRole`'s aggregation rule, and
/// the path-segment names of RBAC objects.
#[tokio::test]
async fn rules_are_validated_as_upstream() {
    let api = Api::start();
    let r = api
        .post(
            ROLES,
            &json!({"metadata": {"name": "bad"}, "rules": [
                {"verbs": [], "nonResourceURLs": ["/x"], "resources": ["pods"]},
                {"verbs": ["get"]}]}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "rules[0].verbs: Required value: verbs must contain at least one value",
            "rules[0].nonResourceURLs: Invalid value: [\"/x\"]: namespaced rules cannot apply to non-resource URLs",
            "rules[0].nonResourceURLs: Invalid value: [\"/x\"]: rules cannot apply to both regular resources and non-resource URLs",
            "rules[1].apiGroups: Required value: resource rules must supply at least one api group",
            "rules[1].resources: Required value: resource rules must supply at least one resource",
        ]
    );
    let r = api
        .post(
            CLUSTER_ROLES,
            &json!({"metadata": {"name": "system:metrics"}, "rules": [{"nonResourceURLs": ["/metrics"], "verbs": ["get"]}]}),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::CREATED,
        "a path segment name: {}",
        r.text
    );
    let r = api
        .post(
            CLUSTER_ROLES,
            &json!({"metadata": {"name": "agg"}, "aggregationRule": {}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil"
        ]
    );
    // Each aggregation selector is a valid label selector.
    let r = api
        .post(
            CLUSTER_ROLES,
            &json!({"metadata": {"name": "agg"}, "aggregationRule": {"clusterRoleSelectors": [
                {"matchLabels": {"rbac.example.com/aggregate": "true"}},
                {"matchExpressions": [{"key": "tier", "operator": "Near"}]}]}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "aggregationRule.clusterRoleSelectors[1].matchExpressions[0].operator: Invalid value: \"Near\": not a valid selector operator",
            "aggregationRule.clusterRoleSelectors[1]: Invalid value: null: invalid label selector.",
        ],
        "{}",
        r.text
    );
    api.post(CLUSTER_ROLES, &json!({"metadata": {"name": "a/b"}}))
        .await
        .assert_failure(422, "Invalid");
}

/// `ValidateRoleBinding`, `ValidateClusterRoleBinding` and their subjects;
/// the role a binding grants never changes.
#[tokio::test]
async fn bindings_are_validated_as_upstream() {
    let api = Api::start();
    let r = api
        .post(
            CLUSTER_ROLE_BINDINGS,
            &json!({"metadata": {"name": "bad"},
                "roleRef": {"apiGroup": "example.dev", "kind": "Role", "name": ""},
                "subjects": [{"kind": "ServiceAccount", "name": "Ctrl", "apiGroup": "x"},
                             {"kind": "User", "name": "jane", "apiGroup": "example.dev"},
                             {"kind": "Robot", "name": "r2"}]}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "roleRef.apiGroup: Unsupported value: \"example.dev\": supported values: \"rbac.authorization.k8s.io\"",
            "roleRef.kind: Unsupported value: \"Role\": supported values: \"ClusterRole\"",
            "roleRef.name: Required value",
            "subjects[0].name: Invalid value: \"Ctrl\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "subjects[0].apiGroup: Unsupported value: \"x\": supported values: \"\"",
            "subjects[0].namespace: Required value",
            "subjects[1].apiGroup: Unsupported value: \"example.dev\": supported values: \"rbac.authorization.k8s.io\"",
            "subjects[2].kind: Unsupported value: \"Robot\": supported values: \"ServiceAccount\", \"User\", \"Group\"",
        ]
    );
    api.create(
        ROLE_BINDINGS,
        &json!({"metadata": {"name": "b"}, "roleRef": {"kind": "ClusterRole", "name": "view"}}),
    )
    .await;
    let r = api
        .patch(
            &format!("{ROLE_BINDINGS}/b"),
            "application/merge-patch+json",
            &json!({"roleRef": {"name": "edit"}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "roleRef: Invalid value: {\"APIGroup\":\"rbac.authorization.k8s.io\",\"Kind\":\"ClusterRole\",\"Name\":\"edit\"}: cannot change roleRef"
        ]
    );
    let r = api
        .patch(
            &format!("{ROLE_BINDINGS}/b"),
            "application/merge-patch+json",
            &json!({"subjects": [{"kind": "Group", "name": "devs"}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "subjects may change: {}", r.text);
}

/// The columns of `printRoleBinding` (wide: users, groups, service
/// accounts), `printRole` (the creation time) and `printServiceAccount`.
#[tokio::test]
async fn roles_bindings_and_service_accounts_print_as_upstream() {
    let api = Api::start();
    api.create(
        CLUSTER_ROLE_BINDINGS,
        &json!({"metadata": {"name": "ctrl"}, "roleRef": {"kind": "ClusterRole", "name": "ctrl"},
            "subjects": [{"kind": "ServiceAccount", "name": "ctrl", "namespace": "system"},
                         {"kind": "User", "name": "jane"}, {"kind": "User", "name": "joe"},
                         {"kind": "Group", "name": "devs"}]}),
    )
    .await;
    let table = api
        .get_as(
            &format!("{CLUSTER_ROLE_BINDINGS}?fieldSelector=metadata.name=ctrl"),
            TABLE,
        )
        .await
        .body;
    let columns: Vec<(&str, i64)> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap(),
                c["priority"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        columns,
        [
            ("Name", 0),
            ("Role", 0),
            ("Age", 0),
            ("Users", 1),
            ("Groups", 1),
            ("ServiceAccounts", 1)
        ]
    );
    let cells = &table["rows"][0]["cells"];
    assert_eq!(cells[1], "ClusterRole/ctrl");
    assert_eq!(
        cells.as_array().unwrap()[3..],
        [json!("jane, joe"), json!("devs"), json!("system/ctrl")]
    );

    let role = api
        .create(CLUSTER_ROLES, &json!({"metadata": {"name": "ctrl"}}))
        .await;
    let table = api
        .get_as(
            &format!("{CLUSTER_ROLES}?fieldSelector=metadata.name=ctrl"),
            TABLE,
        )
        .await
        .body;
    assert_eq!(table["columnDefinitions"][1]["name"], "Created At");
    assert_eq!(table["columnDefinitions"][1]["type"], "date");
    assert_eq!(
        table["rows"][0]["cells"][1],
        role["metadata"]["creationTimestamp"]
    );

    api.create(
        SERVICE_ACCOUNTS,
        &json!({"metadata": {"name": "ctrl"}, "secrets": [{"name": "a"}, {"name": "b"}]}),
    )
    .await;
    let table = api.get_as(SERVICE_ACCOUNTS, TABLE).await.body;
    let names: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Name", "Secrets", "Age"]);
    assert_eq!(table["rows"][0]["cells"][1], 2);
    let list = api.get("/api/v1").await.body;
    assert_eq!(
        api_resource(&list, "serviceaccounts")["shortNames"],
        json!(["sa"])
    );
}

/// The RBAC bootstrap's `cluster-admin` ClusterRole (everything) and its
/// binding to `system:masters` exist from the start, created by the field
/// manager `kube-apiserver`.
#[tokio::test]
async fn cluster_admin_exists_at_start() {
    let api = Api::start();
    let role = api.get(&format!("{CLUSTER_ROLES}/cluster-admin")).await;
    assert_eq!(role.status, StatusCode::OK, "{}", role.text);
    assert_eq!(
        role.body["rules"],
        json!([{"verbs": ["*"], "apiGroups": ["*"], "resources": ["*"]},
               {"verbs": ["*"], "nonResourceURLs": ["*"]}])
    );
    assert_eq!(
        role.body["metadata"]["labels"],
        json!({"kubernetes.io/bootstrapping": "rbac-defaults"})
    );
    assert_eq!(
        role.body["metadata"]["managedFields"][0]["manager"],
        "kube-apiserver"
    );
    let binding = api
        .get(&format!("{CLUSTER_ROLE_BINDINGS}/cluster-admin"))
        .await
        .body;
    assert_eq!(
        binding["subjects"],
        json!([{"kind": "Group", "apiGroup": "rbac.authorization.k8s.io", "name": "system:masters"}])
    );
    assert_eq!(binding["roleRef"]["name"], "cluster-admin");
}

/// `rbac.SubjectsStrings` prints a service account as `<namespace>/<name>`
/// even when a RoleBinding's subject names no namespace (`/name`); the
/// ServiceAccount strategy keeps only the name of each `secrets` reference
/// (`cleanSecretReferences`), on create and on update.
#[tokio::test]
async fn binding_subjects_print_as_upstream_and_service_account_secrets_keep_their_names() {
    let api = Api::start();
    api.create(
        ROLE_BINDINGS,
        &json!({"metadata": {"name": "b"},
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "r"},
                "subjects": [{"kind": "ServiceAccount", "name": "sa"},
                             {"kind": "ServiceAccount", "name": "other", "namespace": "kube-system"}]}),
    )
    .await;
    let table = api.get_as(ROLE_BINDINGS, TABLE).await.body;
    assert_eq!(
        table["rows"][0]["cells"][5], "/sa, kube-system/other",
        "{table}"
    );

    let sa = api
        .create(
            SERVICE_ACCOUNTS,
            &json!({"metadata": {"name": "s"},
                    "secrets": [{"name": "a", "namespace": "x", "uid": "u", "kind": "Secret"}]}),
        )
        .await;
    assert_eq!(sa["secrets"], json!([{"name": "a"}]));
    let mut updated = sa.clone();
    updated["secrets"] = json!([{"name": "b", "resourceVersion": "7"}]);
    let r = api.put(&format!("{SERVICE_ACCOUNTS}/s"), &updated).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["secrets"], json!([{"name": "b"}]));
}
