//! What kube-apiserver's RBAC bootstrap (`pkg/registry/rbac/rest`'s
//! post-start hook, `bootstrappolicy`) creates at start: the
//! `cluster-admin` ClusterRole and its binding to `system:masters`. (The
//! other default roles are left out; `admin`, `edit` and `view` are
//! aggregated by a controller this server does not run.)

use std::collections::BTreeMap;

use runtime::meta::ObjectMeta;
use runtime::resource::{Bootstrap, Strategy};

use super::defaults::GROUP;
use super::{ClusterRole, ClusterRoleBinding, PolicyRule, RoleRef, Subject};

/// The name of the role (and binding) that allows everything.
const CLUSTER_ADMIN: &str = "cluster-admin";

/// The metadata of a bootstrap policy object: its label and the
/// annotation that lets the server reconcile it.
fn bootstrap_meta(name: &str) -> ObjectMeta {
    ObjectMeta {
        name: Some(name.into()),
        labels: BTreeMap::from([("kubernetes.io/bootstrapping".into(), "rbac-defaults".into())]),
        annotations: BTreeMap::from([(
            "rbac.authorization.kubernetes.io/autoupdate".into(),
            "true".into(),
        )]),
        ..ObjectMeta::default()
    }
}

impl Strategy for ClusterRole {
    const BOOTSTRAP: bool = true;

    /// `cluster-admin`: every verb on every resource and URL.
    fn bootstrap_objects(_server: &Bootstrap) -> Vec<Self> {
        let all = || vec!["*".to_string()];
        vec![ClusterRole {
            metadata: bootstrap_meta(CLUSTER_ADMIN),
            rules: vec![
                PolicyRule {
                    verbs: all(),
                    api_groups: all(),
                    resources: all(),
                    ..PolicyRule::default()
                },
                PolicyRule {
                    verbs: all(),
                    non_resource_urls: all(),
                    ..PolicyRule::default()
                },
            ],
            aggregation_rule: None,
        }]
    }
}

impl Strategy for ClusterRoleBinding {
    const BOOTSTRAP: bool = true;

    /// `cluster-admin` granted to the group `system:masters`.
    fn bootstrap_objects(_server: &Bootstrap) -> Vec<Self> {
        vec![ClusterRoleBinding {
            metadata: bootstrap_meta(CLUSTER_ADMIN),
            subjects: vec![Subject {
                kind: "Group".into(),
                api_group: GROUP.into(),
                name: "system:masters".into(),
                namespace: String::new(),
            }],
            role_ref: RoleRef {
                api_group: GROUP.into(),
                kind: "ClusterRole".into(),
                name: CLUSTER_ADMIN.into(),
            },
        }]
    }
}
