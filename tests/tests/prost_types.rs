//! The prost types compiled from our generated `.proto` files (the `proto`
//! crate) read every upstream protobuf fixture we serve: decoded with them
//! and encoded again, each object is the one our own decoder reads from the
//! fixture (compared as JSON), so no field of upstream's bytes is lost to
//! a message or number the `.proto` gets wrong.

use std::path::PathBuf;

use prost::Message;
use serde_json::Value;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/kubernetes-api")
}

/// Decodes a fixture with the prost type `M` and encodes it again.
fn through_prost<M: Message + Default>(pb: &[u8]) -> Vec<u8> {
    let (type_meta, message): (_, M) = proto::decode_envelope(pb).expect("the prost type decodes");
    proto::encode_envelope(type_meta.api_version(), type_meta.kind(), &message)
}

type ThroughProst = fn(&[u8]) -> Vec<u8>;

/// (fixture, group, plural, the fixture through its prost type).
const KINDS: &[(&str, &str, &str, ThroughProst)] = {
    use proto::api::{apps, autoscaling, batch, coordination, core};
    &[
        (
            "autoscaling.v1.HorizontalPodAutoscaler",
            "autoscaling",
            "horizontalpodautoscalers",
            through_prost::<autoscaling::v1::HorizontalPodAutoscaler>,
        ),
        (
            "autoscaling.v2.HorizontalPodAutoscaler",
            "autoscaling",
            "horizontalpodautoscalers",
            through_prost::<autoscaling::v2::HorizontalPodAutoscaler>,
        ),
        (
            "apps.v1.Deployment",
            "apps",
            "deployments",
            through_prost::<apps::v1::Deployment>,
        ),
        (
            "batch.v1.Job",
            "batch",
            "jobs",
            through_prost::<batch::v1::Job>,
        ),
        (
            "coordination.k8s.io.v1.Lease",
            "coordination.k8s.io",
            "leases",
            through_prost::<coordination::v1::Lease>,
        ),
        (
            "core.v1.ConfigMap",
            "",
            "configmaps",
            through_prost::<core::v1::ConfigMap>,
        ),
        (
            "core.v1.Event",
            "",
            "events",
            through_prost::<core::v1::Event>,
        ),
        (
            "core.v1.Namespace",
            "",
            "namespaces",
            through_prost::<core::v1::Namespace>,
        ),
        ("core.v1.Pod", "", "pods", through_prost::<core::v1::Pod>),
        (
            "core.v1.PodTemplate",
            "",
            "podtemplates",
            through_prost::<core::v1::PodTemplate>,
        ),
        (
            "core.v1.Secret",
            "",
            "secrets",
            through_prost::<core::v1::Secret>,
        ),
        (
            "core.v1.Service",
            "",
            "services",
            through_prost::<core::v1::Service>,
        ),
    ]
};

/// The meta/v1 fixtures: (fixture, the fixture through its prost type,
/// our decoder's JSON of protobuf bytes).
type OwnDecoder = fn(&[u8]) -> Value;
const META: &[(&str, ThroughProst, OwnDecoder)] = {
    use proto::apimachinery::pkg::apis::meta::v1 as pb;
    use runtime::meta::v1 as ours;
    fn own<T: Message + Default + serde::Serialize>(bytes: &[u8]) -> Value {
        let typed: T = runtime::codec::wire::decode_object(bytes).expect("our decoder reads it");
        serde_json::to_value(&typed).unwrap()
    }
    &[
        (
            "core.v1.APIGroup",
            through_prost::<pb::ApiGroup>,
            own::<ours::APIGroup>,
        ),
        (
            "core.v1.APIVersions",
            through_prost::<pb::ApiVersions>,
            own::<ours::APIVersions>,
        ),
        (
            "core.v1.CreateOptions",
            through_prost::<pb::CreateOptions>,
            own::<ours::CreateOptions>,
        ),
        (
            "core.v1.DeleteOptions",
            through_prost::<pb::DeleteOptions>,
            own::<ours::DeleteOptions>,
        ),
        (
            "core.v1.GetOptions",
            through_prost::<pb::GetOptions>,
            own::<ours::GetOptions>,
        ),
        (
            "core.v1.ListOptions",
            through_prost::<pb::ListOptions>,
            own::<ours::ListOptions>,
        ),
        (
            "core.v1.PatchOptions",
            through_prost::<pb::PatchOptions>,
            own::<ours::PatchOptions>,
        ),
    ]
};

/// Fixtures of kinds not served (none at present).
const NOT_SERVED: &[&str] = &[];

#[test]
fn every_served_protobuf_fixture_reads_the_same_through_the_prost_types() {
    let registry = apis::registry();
    for (file, group, plural, through) in KINDS {
        let pb = std::fs::read(fixtures().join(format!("{file}.pb"))).unwrap();
        // `apps.v1.Deployment`, `coordination.k8s.io.v1.Lease`: the version
        // is the name's next-to-last part.
        let version = file.rsplit('.').nth(1).expect("group.version.Kind");
        let kind = registry.find(group, version, plural).expect("served").kind;
        // Our decoder as written, without defaulting (a default would hide
        // a field the prost types dropped).
        let message = kind.protobuf().expect("a protobuf table");
        let ours = |bytes: &[u8]| {
            runtime::codec::protobuf::decode_object(bytes, message)
                .unwrap_or_else(|e| panic!("{file}: our decoder: {e}"))
        };
        assert_eq!(
            ours(&through(&pb)),
            ours(&pb),
            "{file} through the prost types"
        );
    }
    for (file, through, ours) in META {
        let pb = std::fs::read(fixtures().join(format!("{file}.pb"))).unwrap();
        assert_eq!(
            ours(&through(&pb)),
            ours(&pb),
            "{file} through the prost types"
        );
    }
}

/// A new `.pb` fixture must be added above (or to [`NOT_SERVED`]).
#[test]
fn every_protobuf_fixture_is_checked() {
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let Some(file) = name.strip_suffix(".pb") else {
            continue;
        };
        assert!(
            KINDS.iter().any(|k| k.0 == file)
                || META.iter().any(|m| m.0 == file)
                || NOT_SERVED.contains(&file),
            "{name} is read by no test of the prost types"
        );
    }
}

/// The prost types keep what upstream's bytes carry: the Deployment
/// fixture's fields, read as prost values.
#[test]
fn the_deployment_fixture_reads_as_prost_values() {
    let pb = std::fs::read(fixtures().join("apps.v1.Deployment.pb")).unwrap();
    let (type_meta, deployment): (_, proto::api::apps::v1::Deployment) =
        proto::decode_envelope(&pb).unwrap();
    assert_eq!(
        (type_meta.api_version(), type_meta.kind()),
        ("apps/v1", "Deployment")
    );
    let json: Value =
        serde_json::from_slice(&std::fs::read(fixtures().join("apps.v1.Deployment.json")).unwrap())
            .unwrap();
    let metadata = deployment.metadata.unwrap();
    assert_eq!(metadata.name(), json["metadata"]["name"]);
    assert_eq!(
        metadata.labels.len(),
        json["metadata"]["labels"].as_object().unwrap().len()
    );
    let spec = deployment.spec.unwrap();
    assert_eq!(
        i64::from(spec.replicas()),
        json["spec"]["replicas"].as_i64().unwrap()
    );
    assert_eq!(
        spec.template.unwrap().spec.unwrap().containers.len(),
        json["spec"]["template"]["spec"]["containers"]
            .as_array()
            .unwrap()
            .len()
    );
}

/// `APIResource.verbs` is upstream's `Verbs` message (`+protobuf.nullable`
/// on the list newtype), not a repeated field: the bytes our generated
/// codec and our table transcoder write are what the prost types read.
#[test]
fn discovery_verbs_are_a_message_of_their_own_as_upstream_writes_them() {
    use runtime::codec::protobuf::{self as table, ProtoSchema};
    use runtime::meta::v1::APIResourceList;
    let json = serde_json::json!({"groupVersion": "apps/v1", "resources": [{
        "name": "deployments", "singularName": "deployment", "namespaced": true,
        "kind": "Deployment", "verbs": ["create", "get", "list"]}]});
    let list: APIResourceList = serde_json::from_value(json.clone()).unwrap();
    let bytes = list.encode_to_vec();
    let read = proto::apimachinery::pkg::apis::meta::v1::ApiResourceList::decode(bytes.as_slice())
        .unwrap();
    assert_eq!(
        read.resources[0].verbs.as_ref().unwrap().items,
        ["create", "get", "list"]
    );
    assert_eq!(read.resources[0].name(), "deployments");

    let message = APIResourceList::message();
    assert_eq!(
        table::encode(&json, message),
        bytes,
        "the table writes the same bytes"
    );
    assert_eq!(
        table::decode(&bytes, message).unwrap(),
        json,
        "and reads them back"
    );
    let back = APIResourceList::decode(bytes.as_slice()).unwrap();
    assert_eq!(back, list);
}
