//! kube-rs with k8s-openapi's types for access and its limits:
//! the access reviews, a service account's token and its review, and a
//! ResourceQuota met.

use kube::api::{Api, ListParams, PostParams};

use super::{client, meta, rt};
use tests::TestServer;

/// kube-rs with k8s-openapi's review types, as a controller checks its own
/// permissions (`SelfSubjectAccessReview`) or a webhook a caller's
/// (`SubjectAccessReview`): the server allows everything, as
/// kube-apiserver's AlwaysAllow does.
#[test]
fn kube_rs_asks_access_reviews() {
    use k8s_openapi::api::authorization::v1 as authz;
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let own: Api<authz::SelfSubjectAccessReview> = Api::all(client.clone());
        let review = authz::SelfSubjectAccessReview {
            spec: authz::SelfSubjectAccessReviewSpec {
                resource_attributes: Some(authz::ResourceAttributes {
                    verb: Some("watch".into()),
                    group: Some("apps".into()),
                    resource: Some("deployments".into()),
                    namespace: Some("default".into()),
                    ..Default::default()
                }),
                non_resource_attributes: None,
            },
            ..Default::default()
        };
        let answer = own
            .create(&PostParams::default(), &review)
            .await
            .expect("self access review");
        let status = answer.status.expect("a status");
        assert!(status.allowed);
        assert_eq!(status.denied, None);

        let other: Api<authz::SubjectAccessReview> = Api::all(client);
        let review = authz::SubjectAccessReview {
            spec: authz::SubjectAccessReviewSpec {
                user: Some("jane".into()),
                non_resource_attributes: Some(authz::NonResourceAttributes {
                    path: Some("/metrics".into()),
                    verb: Some("get".into()),
                }),
                ..Default::default()
            },
            ..Default::default()
        };
        let answer = other
            .create(&PostParams::default(), &review)
            .await
            .expect("subject access review");
        assert!(answer.status.expect("a status").allowed);
        let err = other.list(&ListParams::default()).await.expect_err("list");
        assert!(
            matches!(&err, kube::Error::Api(s) if s.code == 405),
            "{err:?}"
        );
    });
}

/// kube-rs's `create_token_request` for a ServiceAccount's token, bound
/// to a pod, which a TokenReview authenticates as that pod's account.
#[test]
fn kube_rs_requests_a_service_account_token() {
    use k8s_openapi::api::authentication::v1 as authn;
    use k8s_openapi::api::core::v1::{Container, Pod, PodSpec, ServiceAccount};
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let accounts: Api<ServiceAccount> = Api::namespaced(client.clone(), "default");
        let account = ServiceAccount {
            metadata: meta("robot"),
            ..Default::default()
        };
        accounts
            .create(&PostParams::default(), &account)
            .await
            .expect("service account");
        let pods: Api<Pod> = Api::namespaced(client.clone(), "default");
        let pod = Pod {
            metadata: meta("web"),
            spec: Some(PodSpec {
                service_account_name: Some("robot".into()),
                containers: vec![Container {
                    name: "web".into(),
                    image: Some("nginx".into()),
                    ..Default::default()
                }],
                ..Default::default()
            }),
            ..Default::default()
        };
        let pod = pods
            .create(&PostParams::default(), &pod)
            .await
            .expect("pod");
        let request = authn::TokenRequest {
            spec: Some(authn::TokenRequestSpec {
                audiences: Some(vec!["vault".into()]),
                expiration_seconds: Some(1200),
                bound_object_ref: Some(authn::BoundObjectReference {
                    kind: Some("Pod".into()),
                    api_version: Some("v1".into()),
                    name: Some("web".into()),
                    uid: pod.metadata.uid.clone(),
                }),
            }),
            ..Default::default()
        };
        let issued = accounts
            .create_token_request("robot", &PostParams::default(), &request)
            .await
            .expect("token request");
        assert_eq!(issued.spec.and_then(|s| s.expiration_seconds), Some(1200));
        let token = issued.status.expect("a status").token;
        let reviews: Api<authn::TokenReview> = Api::all(client);
        let review = authn::TokenReview {
            spec: authn::TokenReviewSpec {
                token: token.expect("a token"),
                audiences: Some(vec!["vault".into()]),
            },
            ..Default::default()
        };
        let answer = reviews
            .create(&PostParams::default(), &review)
            .await
            .expect("token review");
        let status = answer.status.expect("a status");
        assert_eq!(status.authenticated, Some(true), "{status:?}");
        let user = status.user.expect("a user");
        assert_eq!(
            user.username.as_deref(),
            Some("system:serviceaccount:default:robot")
        );
        let extra = user.extra.expect("extra");
        assert_eq!(
            extra["authentication.kubernetes.io/pod-uid"],
            vec![pod.metadata.uid.unwrap()]
        );
    });
}

/// kube-rs with k8s-openapi's ResourceQuota: created, its status patched
/// (as upstream's quota controller writes it), then a create past it is
/// refused with upstream's 403, and `used` counts what was admitted.
#[test]
fn kube_rs_meets_a_resource_quota() {
    use k8s_openapi::api::core::v1::{ConfigMap, ResourceQuota, ResourceQuotaSpec};
    use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
    use kube::api::{Patch, PatchParams};
    let server = TestServer::start();
    rt().block_on(async {
        let client = client(&server);
        let quotas: Api<ResourceQuota> = Api::namespaced(client.clone(), "default");
        let quota = ResourceQuota {
            metadata: meta("counts"),
            spec: Some(ResourceQuotaSpec {
                hard: Some([("configmaps".to_string(), Quantity("1".into()))].into()),
                ..Default::default()
            }),
            ..Default::default()
        };
        quotas
            .create(&PostParams::default(), &quota)
            .await
            .expect("create quota");
        quotas
            .patch_status(
                "counts",
                &PatchParams::default(),
                &Patch::Merge(serde_json::json!({"status": {
                    "hard": {"configmaps": "1"}, "used": {"configmaps": "0"}}})),
            )
            .await
            .expect("patch quota status");
        let configmaps: Api<ConfigMap> = Api::namespaced(client, "default");
        let configmap = |name: &str| ConfigMap {
            metadata: meta(name),
            ..Default::default()
        };
        configmaps
            .create(&PostParams::default(), &configmap("one"))
            .await
            .expect("first configmap");
        let refused = configmaps
            .create(&PostParams::default(), &configmap("two"))
            .await
            .expect_err("past the quota");
        let kube::Error::Api(status) = refused else {
            panic!("{refused:?}");
        };
        assert_eq!((status.code, status.reason.as_str()), (403, "Forbidden"));
        assert_eq!(
            status.message,
            r#"configmaps "two" is forbidden: exceeded quota: counts, requested: configmaps=1, used: configmaps=1, limited: configmaps=1"#
        );
        let used = quotas
            .get("counts")
            .await
            .expect("get quota")
            .status
            .and_then(|s| s.used)
            .expect("used");
        assert_eq!(used["configmaps"], Quantity("1".into()));
    });
}
