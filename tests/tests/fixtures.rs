//! Upstream's compatibility data (`../shared/fixtures/kubernetes-api`, from
//! `kubernetes/api` testdata at v1.36.0): every ported kind decodes from
//! each encoding into our type and encodes back to the same bytes, and the
//! encodings agree with each other.

use std::path::PathBuf;

use runtime::codec::protobuf;
use runtime::registry::Entry;
use serde_json::Value;

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/fixtures/kubernetes-api")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

fn entry(group: &str, plural: &str) -> Entry {
    entry_at(group, "v1", plural)
}

fn entry_at(group: &str, version: &str, plural: &str) -> Entry {
    *apis::registry()
        .find(group, version, plural)
        .expect("served")
}

/// Go's `json.Indent(.., "", "  ")`, which serde_json's pretty printer matches.
fn indent(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap()
}

/// Decodes JSON through the Rust type and checks nothing was dropped.
fn through_type(entry: &Entry, json: &[u8]) -> Value {
    let decoded = entry.kind.decode(json).expect("decodes");
    assert_eq!(
        decoded.unknown_fields,
        Vec::<String>::new(),
        "fields the type does not know"
    );
    decoded.object.to_value().expect("encodes")
}

fn check_kind(file: &str, group: &str, plural: &str) {
    check_kind_at(file, group, "v1", plural);
}

fn check_kind_at(file: &str, group: &str, version: &str, plural: &str) {
    let entry = entry_at(group, version, plural);
    let json = fixture(&format!("{file}.json"));
    let object = through_type(&entry, &json);
    assert_eq!(
        indent(&object),
        String::from_utf8(json.clone()).unwrap(),
        "{file}.json round trip"
    );

    let pb = fixture(&format!("{file}.pb"));
    let message = entry.kind.protobuf().expect("protobuf table");
    let from_pb = protobuf::decode_object(&pb, message).expect("protobuf decodes");
    let from_pb = through_type(&entry, &serde_json::to_vec(&from_pb).unwrap());
    assert_eq!(
        indent(&from_pb),
        indent(&object),
        "{file}.pb decodes to the JSON fixture"
    );
    assert_eq!(
        protobuf::wrap(&object, message),
        pb,
        "{file}: JSON encodes to the .pb bytes"
    );
    // The same through the generated `prost::Message` of the Rust type
    // (decoding defaults; the fixtures' objects hold their defaults).
    let from_typed = entry
        .kind
        .decode_protobuf(&pb)
        .expect("typed protobuf codec")
        .expect("decodes into the type")
        .to_value()
        .expect("encodes");
    assert_eq!(
        indent(&from_typed),
        indent(
            &entry
                .kind
                .decode_defaulted(&json)
                .unwrap()
                .object
                .to_value()
                .unwrap()
        ),
        "{file}.pb decodes through the type to the JSON fixture, defaulted"
    );
    assert_eq!(
        entry
            .kind
            .encode_protobuf(&object)
            .expect("typed protobuf codec")
            .expect("encodes"),
        pb,
        "{file}: the type encodes to the .pb bytes"
    );
    assert_eq!(
        runtime::codec::wire::lengths_measured_twice(),
        0,
        "{file}: each nested message measured once, in the order written"
    );

    let yaml = fixture(&format!("{file}.yaml"));
    let from_yaml = through_type(&entry, &runtime::codec::yaml::yaml_to_json(&yaml).unwrap());
    assert_eq!(
        indent(&from_yaml),
        indent(&object),
        "{file}.yaml decodes to the JSON fixture"
    );
    assert_eq!(
        runtime::codec::yaml::to_yaml(&object),
        String::from_utf8(yaml).unwrap(),
        "{file}: JSON encodes to the .yaml text"
    );
}

#[test]
fn configmap() {
    check_kind("core.v1.ConfigMap", "", "configmaps");
}

#[test]
fn namespace() {
    check_kind("core.v1.Namespace", "", "namespaces");
}

#[test]
fn event() {
    check_kind("core.v1.Event", "", "events");
}

#[test]
fn secret() {
    check_kind("core.v1.Secret", "", "secrets");
}

#[test]
fn lease() {
    check_kind(
        "coordination.k8s.io.v1.Lease",
        "coordination.k8s.io",
        "leases",
    );
}

#[test]
fn service() {
    check_kind("core.v1.Service", "", "services");
}

#[test]
fn deployment() {
    check_kind("apps.v1.Deployment", "apps", "deployments");
}

#[test]
fn job() {
    check_kind("batch.v1.Job", "batch", "jobs");
}

#[test]
fn horizontal_pod_autoscaler_v1() {
    check_kind_at(
        "autoscaling.v1.HorizontalPodAutoscaler",
        "autoscaling",
        "v1",
        "horizontalpodautoscalers",
    );
}

#[test]
fn horizontal_pod_autoscaler_v2() {
    check_kind_at(
        "autoscaling.v2.HorizontalPodAutoscaler",
        "autoscaling",
        "v2",
        "horizontalpodautoscalers",
    );
}

#[test]
fn pod() {
    check_kind("core.v1.Pod", "", "pods");
}

#[test]
fn pod_template() {
    check_kind("core.v1.PodTemplate", "", "podtemplates");
}

/// Upstream's value `metav1.Time` fields (`json:",omitempty"` on a struct
/// with its own `MarshalJSON`) are written as `null` when unset, while its
/// pointer ones (`*metav1.Time`) and `creationTimestamp` (`omitzero`) are
/// left out. Protobuf carries them as empty messages, as Go writes a zero
/// time.
#[test]
fn unset_value_times_are_written_as_null_as_go_writes_them() {
    let deployment = br#"{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
        "status": {"conditions": [{"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"}]}}"#;
    let entry = entry("apps", "deployments");
    let value = through_type(&entry, deployment);
    assert_eq!(
        serde_json::to_string(&value["status"]["conditions"][0]).unwrap(),
        r#"{"type":"Available","status":"True","lastUpdateTime":null,"lastTransitionTime":null,"reason":"MinimumReplicasAvailable"}"#
    );
    assert!(value["metadata"].get("creationTimestamp").is_none());
    let message = entry.kind.protobuf().expect("protobuf");
    let table = protobuf::encode(&value, message);
    let back = protobuf::decode(&table, message).expect("decodes");
    assert_eq!(
        back["status"]["conditions"][0]["lastUpdateTime"],
        Value::Null
    );
    // Go's generated `Marshal` writes every value field, and a zero
    // `metav1.Time` as an empty message: the condition is its type (1),
    // status (2), reason (4), empty message (5), and the two times (6, 7)
    // with nothing in them. The typed codec and the table write it alike.
    let typed = entry
        .kind
        .decode(deployment)
        .expect("decodes")
        .object
        .to_protobuf_message()
        .expect("protobuf");
    assert_eq!(typed, table);
    let mut condition = vec![0x0a, 9];
    condition.extend_from_slice(b"Available");
    condition.extend_from_slice(&[0x12, 4]);
    condition.extend_from_slice(b"True");
    condition.extend_from_slice(&[0x22, 24]);
    condition.extend_from_slice(b"MinimumReplicasAvailable");
    condition.extend_from_slice(&[0x2a, 0, 0x32, 0, 0x3a, 0]);
    assert!(
        typed
            .windows(condition.len() + 2)
            .any(|w| w[0] == 0x32 && usize::from(w[1]) == condition.len() && w[2..] == condition),
        "no condition {condition:02x?} in {typed:02x?}"
    );

    let pod = br#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"containers": [{"name": "a", "image": "nginx"}]},
        "status": {"containerStatuses": [{"name": "a", "ready": false, "restartCount": 0, "image": "nginx",
                   "imageID": "", "state": {"terminated": {"exitCode": 1}}}]}}"#;
    let value = through_type(&self::entry("", "pods"), pod);
    assert_eq!(
        serde_json::to_string(&value["status"]["containerStatuses"][0]["state"]).unwrap(),
        r#"{"terminated":{"exitCode":1,"startedAt":null,"finishedAt":null}}"#
    );
    // Pointer times stay out.
    assert!(value["status"].get("startTime").is_none());
}

/// A `meta.k8s.io/v1` kind that is not a served resource: JSON, YAML and
/// protobuf round trips through the Rust type `T`.
fn check_meta<T>(file: &str)
where
    T: serde::Serialize
        + serde::de::DeserializeOwned
        + protobuf::ProtoSchema
        + prost::Message
        + Default,
{
    let through = |json: &[u8]| -> Value {
        let typed: T = serde_json::from_slice(json).expect("decodes");
        serde_json::to_value(&typed).unwrap()
    };
    let json = fixture(&format!("{file}.json"));
    let object = through(&json);
    assert_eq!(
        indent(&object),
        String::from_utf8(json).unwrap(),
        "{file}.json round trip"
    );
    let pb = fixture(&format!("{file}.pb"));
    let from_pb = protobuf::decode_object(&pb, T::message()).expect("protobuf decodes");
    assert_eq!(
        indent(&through(&serde_json::to_vec(&from_pb).unwrap())),
        indent(&object),
        "{file}.pb decodes to the JSON fixture"
    );
    assert_eq!(
        protobuf::wrap(&object, T::message()),
        pb,
        "{file}: JSON encodes to the .pb bytes"
    );
    // The same through the generated `prost::Message` of the Rust type.
    // The envelope carries the type meta, which these types hold as fields.
    let typed: T = runtime::codec::wire::decode_object(&pb).expect("decodes into the type");
    let (api_version, kind, _) = protobuf::unwrap(&pb).unwrap();
    let mut from_typed = serde_json::Map::new();
    from_typed.insert("kind".into(), kind.clone().into());
    from_typed.insert("apiVersion".into(), api_version.clone().into());
    if let Value::Object(fields) = serde_json::to_value(&typed).unwrap() {
        from_typed.extend(fields);
    }
    assert_eq!(
        indent(&Value::Object(from_typed)),
        indent(&object),
        "{file}.pb decodes through the type to the JSON fixture"
    );
    assert_eq!(
        runtime::codec::wire::encode_object(&api_version, &kind, &typed),
        pb,
        "{file}: the type encodes to the .pb bytes"
    );
    assert_eq!(
        runtime::codec::wire::lengths_measured_twice(),
        0,
        "{file}: each nested message measured once, in the order written"
    );
    let yaml = fixture(&format!("{file}.yaml"));
    let from_yaml = through(&runtime::codec::yaml::yaml_to_json(&yaml).unwrap());
    assert_eq!(indent(&from_yaml), indent(&object), "{file}.yaml");
    assert_eq!(
        runtime::codec::yaml::to_yaml(&object),
        String::from_utf8(yaml).unwrap(),
        "{file}: JSON encodes to the .yaml text"
    );
}

#[test]
fn meta_option_kinds() {
    use runtime::meta::v1::{CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions};
    check_meta::<CreateOptions>("core.v1.CreateOptions");
    check_meta::<DeleteOptions>("core.v1.DeleteOptions");
    check_meta::<GetOptions>("core.v1.GetOptions");
    check_meta::<ListOptions>("core.v1.ListOptions");
    check_meta::<PatchOptions>("core.v1.PatchOptions");
}

#[test]
fn meta_discovery_kinds() {
    use runtime::meta::v1::{APIGroup, APIVersions};
    check_meta::<APIGroup>("core.v1.APIGroup");
    check_meta::<APIVersions>("core.v1.APIVersions");
}

/// The autoscaling fixtures through the internal version: v2 comes back
/// as it was; v1 comes back with every field it had, plus the
/// `current-metrics` annotation kube-apiserver also writes for its CPU
/// reading (to keep the raw value), and is unchanged by a second pass.
#[test]
fn horizontal_pod_autoscalers_round_trip_through_the_internal_version() {
    use apis::autoscaling::{self, v1, v2};
    let read = |file: &str| fixture(&format!("{file}.json"));

    let v2_fixture: v2::HorizontalPodAutoscaler =
        serde_json::from_slice(&read("autoscaling.v2.HorizontalPodAutoscaler")).unwrap();
    let hub = autoscaling::HorizontalPodAutoscaler::from(v2_fixture.clone());
    assert_eq!(v2::HorizontalPodAutoscaler::from(hub), v2_fixture);

    let v1_fixture: v1::HorizontalPodAutoscaler =
        serde_json::from_slice(&read("autoscaling.v1.HorizontalPodAutoscaler")).unwrap();
    let hub = autoscaling::HorizontalPodAutoscaler::from(v1_fixture.clone());
    let back = v1::HorizontalPodAutoscaler::from(hub.clone());
    let mut expected = v1_fixture.clone();
    expected.metadata.annotations.insert(
        autoscaling::METRIC_STATUSES_ANNOTATION.into(),
        r#"[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":5,"currentAverageValue":"0"}}]"#.into(),
    );
    assert_eq!(back, expected);
    // Read back, the annotation gives the reading with the raw value v1's
    // metric status always writes (`currentAverageValue`, a value field).
    let mut hub_with_raw_value = hub;
    hub_with_raw_value.status.current_metrics[0]
        .resource
        .as_mut()
        .unwrap()
        .current
        .average_value = Some(Default::default());
    assert_eq!(
        autoscaling::HorizontalPodAutoscaler::from(back.clone()),
        hub_with_raw_value,
        "the annotation reads back"
    );
    assert_eq!(
        v1::HorizontalPodAutoscaler::from(autoscaling::HorizontalPodAutoscaler::from(back.clone())),
        back
    );
}
