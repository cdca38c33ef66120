//! StatefulSets (apps/v1) and PersistentVolumeClaims (core/v1), as a
//! database operator writes them: upstream's defaults (claim templates
//! written with their `kind`, `apiVersion` and `Pending` phase),
//! validation messages, the spec fields an update may change, the scale
//! subresource and printer columns.

use super::*;
use proto::api::apps::v1 as apps;
use proto::api::core::v1 as core;

const STATEFULSETS: &str = "/apis/apps/v1/namespaces/default/statefulsets";
const CLAIMS: &str = "/api/v1/namespaces/default/persistentvolumeclaims";

/// A StatefulSet of `name` whose pods mount the claim template `data`,
/// with `spec` merged over it.
fn stateful_set(name: &str, spec: Value) -> Value {
    let mut object = json!({
        "apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": name},
        "spec": {
            "serviceName": name,
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}},
                         "spec": {"containers": [{"name": "db", "image": "postgres:16",
                                  "volumeMounts": [{"name": "data", "mountPath": "/data"}]}]}},
            "volumeClaimTemplates": [{"metadata": {"name": "data"},
                "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}}],
        },
    });
    for (k, v) in spec.as_object().unwrap() {
        object["spec"][k] = v.clone();
    }
    object
}

/// `SetDefaults_StatefulSet` and the claim templates' defaults; the mount
/// of a claim template is found (upstream validates the pod template with
/// a volume per claim template); the set reads back as protobuf.
#[tokio::test]
async fn a_stateful_set_is_defaulted_as_upstream() {
    let api = Api::start();
    let created = api
        .create(STATEFULSETS, &stateful_set("db", json!({})))
        .await;
    let spec = &created["spec"];
    assert_eq!(spec["replicas"], 1);
    assert_eq!(spec["podManagementPolicy"], "OrderedReady");
    assert_eq!(
        spec["updateStrategy"],
        json!({"type": "RollingUpdate", "rollingUpdate": {"partition": 0}})
    );
    assert_eq!(spec["revisionHistoryLimit"], 10);
    assert_eq!(
        spec["persistentVolumeClaimRetentionPolicy"],
        json!({"whenDeleted": "Retain", "whenScaled": "Retain"})
    );
    let template = json!([{"kind": "PersistentVolumeClaim", "apiVersion": "v1",
        "metadata": {"name": "data"},
        "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}},
                 "volumeMode": "Filesystem"},
        "status": {"phase": "Pending"}}]);
    assert_eq!(spec["volumeClaimTemplates"], template);
    assert_eq!(created["status"], json!({"replicas": 0}));
    // Read back from storage (protobuf, where a claim has no type meta),
    // the templates are written the same way.
    let read = api.get(&format!("{STATEFULSETS}/db")).await;
    assert_eq!(read.body["spec"]["volumeClaimTemplates"], template);

    let read = api
        .send(
            Method::GET,
            &format!("{STATEFULSETS}/db"),
            &[("accept", proto::MEDIA_TYPE)],
            Body::empty(),
        )
        .await;
    let (_, decoded): (_, apps::StatefulSet) =
        proto::decode_envelope(&read.bytes).expect("decodes");
    let spec = decoded.spec.expect("spec");
    assert_eq!(spec.service_name.as_deref(), Some("db"));
    let claim: &core::PersistentVolumeClaim = &spec.volume_claim_templates[0];
    assert_eq!(
        claim.metadata.as_ref().and_then(|m| m.name.as_deref()),
        Some("data")
    );

    // A template that names its kind and version is accepted as such.
    let mut named = stateful_set("named", json!({}));
    named["spec"]["volumeClaimTemplates"][0]["kind"] = json!("PersistentVolumeClaim");
    named["spec"]["volumeClaimTemplates"][0]["apiVersion"] = json!("v1");
    let r = api
        .post(&format!("{STATEFULSETS}?fieldValidation=Strict"), &named)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
}

/// `ValidateStatefulSetSpec` with upstream's messages, and
/// `ValidateStatefulSetUpdate`: only the replicas, ordinals, template,
/// update strategy, revision history limit, claim retention policy and
/// minReadySeconds change.
#[tokio::test]
async fn stateful_sets_are_validated_as_upstream() {
    let api = Api::start();
    let cases = [
        (
            json!({"podManagementPolicy": "Sometimes", "replicas": -1,
                   "ordinals": {"start": -2}}),
            vec![
                "spec.podManagementPolicy: Invalid value: \"Sometimes\": must be 'OrderedReady' or 'Parallel'",
                "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
                "spec.ordinals.start: Invalid value: -2: must be greater than or equal to 0",
            ],
        ),
        (
            json!({"updateStrategy": {"type": "OnDelete", "rollingUpdate": {"partition": 1}}}),
            vec![
                "spec.updateStrategy.rollingUpdate: Invalid value: {\"Partition\":1,\"MaxUnavailable\":null}: only allowed for updateStrategy 'RollingUpdate'",
            ],
        ),
        (
            json!({"updateStrategy": {"type": "RollingUpdate",
                                      "rollingUpdate": {"partition": -1, "maxUnavailable": 0}}}),
            vec![
                "spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0",
                "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0",
            ],
        ),
        (
            json!({"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Keep"}}),
            vec![
                "spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: \"Keep\": supported values: \"Retain\", \"Delete\"",
            ],
        ),
        // The claim templates' errors come after the policies' and before
        // the counts', as in upstream's `ValidateStatefulSetSpec`.
        (
            json!({"volumeClaimTemplates": [{"metadata": {"name": "data"}, "spec": {}}],
                   "podManagementPolicy": "Sometimes", "replicas": -1}),
            vec![
                "spec.podManagementPolicy: Invalid value: \"Sometimes\": must be 'OrderedReady' or 'Parallel'",
                "spec.volumeClaimTemplates[0].spec.accessModes: Required value: at least 1 access mode is required",
                "spec.volumeClaimTemplates[0].spec.resources[storage]: Required value",
                "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
            ],
        ),
        (
            json!({"volumeClaimTemplates": []}),
            vec!["spec.template.spec.containers[0].volumeMounts[0].name: Not found: \"data\""],
        ),
        (
            json!({"template": {"metadata": {"labels": {"app": "db"}},
                                "spec": {"restartPolicy": "Never", "activeDeadlineSeconds": 5,
                                         "containers": [{"name": "db", "image": "postgres:16"}]}}}),
            vec![
                "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\"",
                "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported",
            ],
        ),
        // The claim templates' volumes come first in the template as
        // upstream validates it, so the template's own volumes are reported
        // after them; one a claim template shadows is not validated.
        (
            json!({"template": {"metadata": {"labels": {"app": "db"}},
                                "spec": {"containers": [{"name": "db", "image": "postgres:16",
                                         "volumeMounts": [{"name": "data", "mountPath": "/data"}]}],
                                         "volumes": [{"name": "data", "secret": {}},
                                                     {"name": "cfg", "configMap": {}}]}}}),
            vec!["spec.template.spec.volumes[1].configMap.name: Required value"],
        ),
        // The template's own errors come before its restart policy's; a
        // created set's service name is a DNS label.
        (
            json!({"serviceName": "db.svc",
                   "template": {"metadata": {"labels": {"app": "db"}},
                                "spec": {"restartPolicy": "Never", "containers": [{"name": "db"}]}}}),
            vec![
                "spec.serviceName: Invalid value: \"db.svc\": must not contain dots",
                "spec.template.spec.containers[0].image: Required value",
                "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\"",
            ],
        ),
    ];
    for (spec, expected) in cases {
        let r = api
            .post(STATEFULSETS, &stateful_set("db", spec.clone()))
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{spec}: {}",
            r.text
        );
        assert_eq!(r.causes(), expected, "{spec}");
    }

    // A set's pods are named `<set>-<ordinal>`: its name is a DNS label
    // (`ValidateStatefulSetName`).
    let r = api
        .post(STATEFULSETS, &stateful_set("db.v1", json!({})))
        .await;
    assert_eq!(
        r.causes(),
        [
            "metadata.name: Invalid value: \"db.v1\": must not contain dots",
            // The test's set names its service after itself.
            "spec.serviceName: Invalid value: \"db.v1\": must not contain dots",
        ],
        "{}",
        r.text
    );

    api.create(STATEFULSETS, &stateful_set("db", json!({})))
        .await;
    let path = format!("{STATEFULSETS}/db");
    for allowed in [
        json!({"spec": {"replicas": 3, "minReadySeconds": 5, "revisionHistoryLimit": 2,
                        "ordinals": {"start": 1},
                        "updateStrategy": {"type": "OnDelete", "rollingUpdate": null},
                        "persistentVolumeClaimRetentionPolicy": {"whenScaled": "Delete"}}}),
        json!({"spec": {"template": {"metadata": {"annotations": {"restarted": "now"}}}}}),
    ] {
        let r = api.patch(&path, MERGE_PATCH, &allowed).await;
        assert_eq!(r.status, StatusCode::OK, "{allowed}: {}", r.text);
    }
    for forbidden in [
        json!({"spec": {"serviceName": "other"}}),
        json!({"spec": {"podManagementPolicy": "Parallel"}}),
        json!({"spec": {"volumeClaimTemplates": [{"metadata": {"name": "data"},
            "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "2Gi"}}}}]}}),
        // An update does not validate the claim templates: they may not
        // change at all.
        json!({"spec": {"volumeClaimTemplates": [{"metadata": {"name": "data"}, "spec": {}}]}}),
    ] {
        let r = api.patch(&path, MERGE_PATCH, &forbidden).await;
        assert_eq!(
            r.causes(),
            [
                "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
            ],
            "{forbidden}"
        );
    }
}

/// `kubectl scale sts` through `/scale`, `kubectl get sts` columns, and a
/// negative revision history limit warns as upstream's strategy does.
#[tokio::test]
async fn stateful_sets_scale_print_and_warn() {
    let api = Api::start();
    let r = api
        .post(
            STATEFULSETS,
            &stateful_set("db", json!({"revisionHistoryLimit": -1})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.headers.get_all("warning").iter().collect::<Vec<_>>(),
        [
            "299 - \"spec.revisionHistoryLimit: a negative value retains all historical revisions; a value >= 0 is recommended\""
        ]
    );
    let scale = api
        .patch(
            &format!("{STATEFULSETS}/db/scale"),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 3}}),
        )
        .await;
    assert_eq!(scale.status, StatusCode::OK, "{}", scale.text);
    assert_eq!(scale.body["kind"], "Scale");
    assert_eq!(scale.body["status"]["selector"], "app=db");

    let table = api.get_as(STATEFULSETS, TABLE).await.body;
    let names: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Name", "Ready", "Age", "Containers", "Images"]);
    let cells = table["rows"][0]["cells"].as_array().unwrap();
    assert_eq!(cells[1], "0/3");
    assert_eq!(cells[3..], [json!("db"), json!("postgres:16")]);
    let list = api.get("/apis/apps/v1").await.body;
    assert_eq!(
        api_resource(&list, "statefulsets")["shortNames"],
        json!(["sts"])
    );
}

/// PersistentVolumeClaims: `Pending` at create, `ValidatePersistentVolumeClaimSpec`,
/// the update rules (a spec immutable but for a first `volumeName` and a
/// bound claim's growing storage request), `printPersistentVolumeClaim`.
#[tokio::test]
async fn persistent_volume_claims_are_kept_as_upstream() {
    let api = Api::start();
    let claim = |spec: Value| json!({"metadata": {"name": "data-db-0"}, "spec": spec});
    let r = api
        .post(
            CLAIMS,
            &claim(
                json!({"accessModes": ["ReadWriteOncePod", "Shared"], "volumeMode": "Raw",
                          "resources": {"requests": {"storage": "0"}}}),
            ),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "spec.accessModes: Unsupported value: \"Shared\": supported values: \"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\"",
            "spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes",
            "spec.resources[storage]: Invalid value: \"0\": must be greater than zero",
            "spec.volumeMode: Unsupported value: \"Raw\": supported values: \"Block\", \"Filesystem\"",
        ]
    );

    let created = api
        .create(
            CLAIMS,
            &claim(
                json!({"accessModes": ["ReadWriteOnce"], "storageClassName": "standard",
                          "resources": {"requests": {"storage": "1Gi"}}}),
            ),
        )
        .await;
    assert_eq!(created["status"], json!({"phase": "Pending"}));
    assert_eq!(created["spec"]["volumeMode"], "Filesystem");
    assert!(created["metadata"].get("generation").is_none());

    let path = format!("{CLAIMS}/data-db-0");
    let immutable = "spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims";
    let grow = json!({"spec": {"resources": {"requests": {"storage": "2Gi"}}}});
    let r = api.patch(&path, MERGE_PATCH, &grow).await;
    assert_eq!(r.causes(), [immutable], "an unbound claim does not grow");
    let r = api
        .patch(
            &format!("{path}/status"),
            MERGE_PATCH,
            &json!({"status": {"phase": "Bound", "accessModes": ["ReadWriteOnce", "ReadOnlyMany"],
                               "capacity": {"storage": "1Gi"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(&path, MERGE_PATCH, &json!({"spec": {"volumeName": "pv-1"}}))
        .await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "the binder names the volume once: {}",
        r.text
    );
    let r = api
        .patch(&path, MERGE_PATCH, &json!({"spec": {"volumeName": "pv-2"}}))
        .await;
    assert_eq!(r.causes(), [immutable]);
    let r = api.patch(&path, MERGE_PATCH, &grow).await;
    assert_eq!(r.status, StatusCode::OK, "a bound claim grows: {}", r.text);
    let r = api
        .patch(
            &path,
            MERGE_PATCH,
            &json!({"spec": {"resources": {"requests": {"storage": "1Gi"}}}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        ["spec.resources.requests.storage: Forbidden: field can not be less than previous value"]
    );

    let table = api.get_as(CLAIMS, TABLE).await.body;
    let names: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Name",
            "Status",
            "Volume",
            "Capacity",
            "Access Modes",
            "StorageClass",
            "VolumeAttributesClass",
            "Age",
            "VolumeMode"
        ]
    );
    let cells = table["rows"][0]["cells"].as_array().unwrap();
    assert_eq!(
        cells[..7],
        [
            json!("data-db-0"),
            json!("Bound"),
            json!("pv-1"),
            json!("1Gi"),
            json!("RWO,ROX"),
            json!("standard"),
            json!("<unset>")
        ]
    );
    assert_eq!(cells[8], "Filesystem");
    let list = api.get("/api/v1").await.body;
    assert_eq!(
        api_resource(&list, "persistentvolumeclaims")["shortNames"],
        json!(["pvc"])
    );
}

/// `GetWarningsForPersistentVolumeClaim`: the beta storage class
/// annotation is deprecated, a fractional number of bytes is invalid; a
/// StatefulSet's claim templates warn too, at the paths upstream's
/// strategy gives them (`[i]` on create, `[i].Spec` on update).
#[tokio::test]
async fn claims_and_claim_templates_warn_as_upstream() {
    let api = Api::start();
    let claim = json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
        "metadata": {"name": "c", "annotations": {"volume.beta.kubernetes.io/storage-class": "fast"}},
        "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1500m"}}}});
    let r = api.post(CLAIMS, &claim).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            "299 - \"metadata.annotations[volume.beta.kubernetes.io/storage-class]: deprecated since v1.8; use \\\"storageClassName\\\" attribute instead\"",
            "299 - \"spec.resources.requests[storage]: fractional byte value \\\"1500m\\\" is invalid, must be an integer\"",
        ]
    );
    let set = stateful_set(
        "db",
        json!({"volumeClaimTemplates": [{"metadata": {"name": "data"},
            "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "0.5Gi"}}}}]}),
    );
    let r = api.post(STATEFULSETS, &set).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        Vec::<String>::new(),
        "half a GiB is whole bytes"
    );
    let set = stateful_set(
        "db2",
        json!({"volumeClaimTemplates": [{"metadata": {"name": "data"},
            "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1.5"}}}}]}),
    );
    let r = api.post(STATEFULSETS, &set).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            "299 - \"spec.volumeClaimTemplates[0].resources.requests[storage]: fractional byte value \\\"1500m\\\" is invalid, must be an integer\""
        ]
    );
    let r = api
        .patch(
            &format!("{STATEFULSETS}/db2"),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 2}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            "299 - \"spec.volumeClaimTemplates[0].Spec.resources.requests[storage]: fractional byte value \\\"1500m\\\" is invalid, must be an integer\""
        ]
    );
}
