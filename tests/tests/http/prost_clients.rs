//! Clients holding the prost types compiled from our generated `.proto`
//! files (the `proto` crate) talk protobuf to the server: what they encode
//! is accepted by POST, what a protobuf GET answers decodes into them. For
//! an upstream kind (Deployment) and a kind of our own group (Gadget).

use super::*;
use proto::api::apps::v1 as apps;
use proto::api::core::v1 as core;
use proto::api::example::v1 as example;
use proto::apimachinery::pkg::apis::meta::v1 as meta;

const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
const PROTOBUF: [(&str, &str); 1] = [("content-type", proto::MEDIA_TYPE)];

fn metadata(name: &str) -> Option<meta::ObjectMeta> {
    Some(meta::ObjectMeta {
        name: Some(name.to_string()),
        labels: [("app".to_string(), name.to_string())].into(),
        ..Default::default()
    })
}

#[tokio::test]
async fn a_deployment_encoded_with_the_prost_types_is_created_and_read_back_as_one() {
    let api = Api::start();
    let deployment = apps::Deployment {
        metadata: metadata("web"),
        spec: Some(apps::DeploymentSpec {
            replicas: Some(2),
            selector: Some(meta::LabelSelector {
                match_labels: [("app".to_string(), "web".to_string())].into(),
                ..Default::default()
            }),
            template: Some(core::PodTemplateSpec {
                metadata: metadata("web"),
                spec: Some(core::PodSpec {
                    containers: vec![core::Container {
                        name: Some("nginx".to_string()),
                        image: Some("nginx:1.25".to_string()),
                        ..Default::default()
                    }],
                    ..Default::default()
                }),
            }),
            ..Default::default()
        }),
        status: None,
    };
    let body = proto::encode_envelope("apps/v1", "Deployment", &deployment);
    let created = api
        .send(Method::POST, DEPLOYMENTS, &PROTOBUF, Body::from(body))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.body["spec"]["replicas"], 2);
    assert_eq!(
        created.body["spec"]["template"]["spec"]["containers"][0]["image"],
        "nginx:1.25"
    );

    let read = api
        .get_as(&format!("{DEPLOYMENTS}/web"), proto::MEDIA_TYPE)
        .await;
    assert_eq!(read.status, StatusCode::OK);
    let (type_meta, back): (_, apps::Deployment) =
        proto::decode_envelope(&read.bytes).expect("a Deployment in the envelope");
    assert_eq!(
        (type_meta.api_version(), type_meta.kind()),
        ("apps/v1", "Deployment")
    );
    let metadata = back.metadata.expect("metadata");
    assert_eq!(metadata.name(), "web");
    assert_eq!(
        metadata.uid(),
        created.body["metadata"]["uid"].as_str().unwrap()
    );
    assert_eq!(metadata.managed_fields.len(), 1);
    let spec = back.spec.expect("spec");
    assert_eq!(spec.replicas, Some(2));
    assert_eq!(
        spec.revision_history_limit,
        Some(10),
        "the server's defaults"
    );
    let container = &spec.template.unwrap().spec.unwrap().containers[0];
    assert_eq!(container.image(), "nginx:1.25");
    assert_eq!(container.image_pull_policy(), "IfNotPresent");
}

#[tokio::test]
async fn a_gadget_of_our_own_group_speaks_protobuf_through_the_prost_types() {
    let api = Api::start();
    let gadget = example::Gadget {
        metadata: metadata("lamp"),
        spec: Some(example::GadgetSpec {
            owner: Some("team.example.dev".to_string()),
            mains: Some(example::MainsPower { voltage: Some(230) }),
            connection: Some(example::Connection {
                r#type: Some("Wifi".to_string()),
                wifi: Some(example::WifiConnection {
                    ssid: Some("home".to_string()),
                }),
                ethernet: None,
            }),
            ..Default::default()
        }),
    };
    let body = proto::encode_envelope("example.dev/v1", "Gadget", &gadget);
    let created = api
        .send(Method::POST, GADGETS, &PROTOBUF, Body::from(body))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.body["spec"]["connection"]["wifi"]["ssid"], "home");

    let read = api
        .get_as(&format!("{GADGETS}/lamp"), proto::MEDIA_TYPE)
        .await;
    assert_eq!(read.status, StatusCode::OK);
    let (type_meta, back): (_, example::Gadget) =
        proto::decode_envelope(&read.bytes).expect("a Gadget in the envelope");
    assert_eq!(
        (type_meta.api_version(), type_meta.kind()),
        ("example.dev/v1", "Gadget")
    );
    assert_eq!(back.spec, gadget.spec);
    assert_eq!(back.metadata.unwrap().name(), "lamp");

    // A body that is not a Gadget is refused as kube-apiserver refuses it.
    let bad = api
        .send(
            Method::POST,
            GADGETS,
            &PROTOBUF,
            Body::from(b"k8s\0\x0a\xff".to_vec()),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert_eq!(bad.body["kind"], "Status");
}

/// autoscaling/v1 `Scale`, as upstream's `generated.proto` numbers it (the
/// `proto` crate has no Scale: no Rust type of ours is one).
#[derive(Clone, PartialEq, prost::Message)]
struct Scale {
    #[prost(message, optional, tag = "1")]
    metadata: Option<meta::ObjectMeta>,
    #[prost(message, optional, tag = "2")]
    spec: Option<ScaleSpec>,
    #[prost(message, optional, tag = "3")]
    status: Option<ScaleStatus>,
}

#[derive(Clone, PartialEq, prost::Message)]
struct ScaleSpec {
    #[prost(int32, optional, tag = "1")]
    replicas: Option<i32>,
}

#[derive(Clone, PartialEq, prost::Message)]
struct ScaleStatus {
    #[prost(int32, optional, tag = "1")]
    replicas: Option<i32>,
    #[prost(string, optional, tag = "2")]
    selector: Option<String>,
}

/// A client speaking protobuf (client-go's `UpdateScale` with the protobuf
/// content type) reads and writes a Deployment's `scale` as a protobuf
/// `autoscaling/v1` Scale.
#[tokio::test]
async fn the_scale_subresource_speaks_protobuf() {
    let api = Api::start();
    let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}},
                "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}});
    api.create(DEPLOYMENTS, &deployment).await;
    let uri = format!("{DEPLOYMENTS}/web/scale");
    let read = api.get_as(&uri, proto::MEDIA_TYPE).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    assert_eq!(read.header("content-type"), Some(proto::MEDIA_TYPE));
    let (type_meta, scale): (_, Scale) =
        proto::decode_envelope(&read.bytes).expect("a Scale in the envelope");
    assert_eq!(
        (type_meta.api_version(), type_meta.kind()),
        ("autoscaling/v1", "Scale")
    );
    assert_eq!(scale.spec.as_ref().and_then(|s| s.replicas), Some(2));
    assert_eq!(
        scale.status.as_ref().and_then(|s| s.selector.as_deref()),
        Some("app=web")
    );
    let metadata = scale.metadata.clone().expect("metadata");
    assert_eq!(metadata.name(), "web");

    let mut wanted = scale.clone();
    wanted.spec = Some(ScaleSpec { replicas: Some(5) });
    let body = proto::encode_envelope("autoscaling/v1", "Scale", &wanted);
    let written = api
        .send(
            Method::PUT,
            &uri,
            &[
                ("content-type", proto::MEDIA_TYPE),
                ("accept", "application/vnd.kubernetes.protobuf, */*"),
            ],
            Body::from(body.clone()),
        )
        .await;
    assert_eq!(written.status, StatusCode::OK, "{}", written.text);
    let (_, answered): (_, Scale) =
        proto::decode_envelope(&written.bytes).expect("a Scale in the envelope");
    assert_eq!(answered.spec.and_then(|s| s.replicas), Some(5));
    let stored = api.get(&format!("{DEPLOYMENTS}/web")).await.body;
    assert_eq!(stored["spec"]["replicas"], 5);
    // The Scale read before is stale now: its resourceVersion is a
    // precondition.
    let stale = api
        .send(Method::PUT, &uri, &PROTOBUF, Body::from(body))
        .await;
    stale.assert_failure(409, "Conflict");
}
