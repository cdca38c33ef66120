//! StorageClasses (`storage.k8s.io/v1`) and the `DefaultStorageClass`
//! admission plugin: upstream's defaults, validation and update rules,
//! warnings, the Table kubectl prints, and claims that name no class
//! getting the default one.

use super::*;

const CLASSES: &str = "/apis/storage.k8s.io/v1/storageclasses";
const CLAIMS: &str = "/api/v1/namespaces/default/persistentvolumeclaims";

fn class(name: &str, default: bool) -> Value {
    let mut c = json!({"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
                       "metadata": {"name": name}, "provisioner": "ebs.csi.aws.com"});
    if default {
        c["metadata"]["annotations"] =
            json!({"storageclass.kubernetes.io/is-default-class": "true"});
    }
    c
}

fn claim(name: &str) -> Value {
    json!({"metadata": {"name": name},
           "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}})
}

/// `SetDefaults_StorageClass`, `ValidateStorageClass` and
/// `ValidateStorageClassUpdate` in upstream's words, the deprecated-label
/// warning, and a delete that answers with the class.
#[tokio::test]
async fn a_class_is_defaulted_validated_and_kept_as_provisioned() {
    let api = Api::start();
    let mut body = class("fast", false);
    body["allowedTopologies"] = json!([{"matchLabelExpressions": [
        {"key": "failure-domain.beta.kubernetes.io/zone", "values": ["a"]}]}]);
    let r = api.post(CLASSES, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["reclaimPolicy"], "Delete");
    assert_eq!(r.body["volumeBindingMode"], "Immediate");
    assert_eq!(
        r.warnings(),
        [
            r#"299 - "allowedTopologies[0].matchLabelExpressions[0].key: deprecated since v1.17; use \"topology.kubernetes.io/zone\" instead""#
        ]
    );

    let mut bad = class("bad", false);
    bad["reclaimPolicy"] = json!("Recycle");
    bad["provisioner"] = json!("");
    let r = api.post(CLASSES, &bad).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "StorageClass.storage.k8s.io \"bad\" is invalid: [provisioner: Required value, reclaimPolicy: Unsupported value: \"Recycle\": supported values: \"Delete\", \"Retain\"]"
    );

    let mut changed = r#get(&api, "fast").await;
    changed["provisioner"] = json!("other.example.com");
    changed["volumeBindingMode"] = json!("WaitForFirstConsumer");
    changed["allowVolumeExpansion"] = json!(true);
    let r = api.put(&format!("{CLASSES}/fast"), &changed).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "provisioner: Forbidden: updates to provisioner are forbidden.",
            "volumeBindingMode: Invalid value: \"WaitForFirstConsumer\": field is immutable",
        ]
    );
    let mut expanded = r#get(&api, "fast").await;
    expanded["allowVolumeExpansion"] = json!(true);
    let r = api.put(&format!("{CLASSES}/fast"), &expanded).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let r = api.delete(&format!("{CLASSES}/fast")).await;
    assert_eq!(
        (r.status, r.body["kind"].clone()),
        (StatusCode::OK, json!("StorageClass"))
    );
}

async fn r#get(api: &Api, name: &str) -> Value {
    let r = api.get(&format!("{CLASSES}/{name}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body
}

/// A claim without a class gets the newest default class (the first by
/// name among equals); one that asks for no class (`""`), names one, or
/// carries the beta annotation is left alone; with no default class
/// nothing changes.
#[tokio::test]
async fn claims_without_a_class_get_the_default_one() {
    let api = Api::start();
    let plain = api.create(CLAIMS, &claim("before")).await;
    assert_eq!(plain["spec"].get("storageClassName"), None);

    api.create(CLASSES, &class("standard", true)).await;
    api.create(CLASSES, &class("other", false)).await;
    let defaulted = api.create(CLAIMS, &claim("data")).await;
    assert_eq!(defaulted["spec"]["storageClassName"], "standard");

    let mut none = claim("none");
    none["spec"]["storageClassName"] = json!("");
    assert_eq!(
        api.create(CLAIMS, &none).await["spec"]["storageClassName"],
        ""
    );
    let mut named = claim("named");
    named["spec"]["storageClassName"] = json!("other");
    assert_eq!(
        api.create(CLAIMS, &named).await["spec"]["storageClassName"],
        "other"
    );
    let mut beta = claim("beta");
    beta["metadata"]["annotations"] = json!({"volume.beta.kubernetes.io/storage-class": "other"});
    assert_eq!(
        api.create(CLAIMS, &beta).await["spec"].get("storageClassName"),
        None
    );

    // A second default, created later (creation times are whole seconds):
    // the newest wins.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    api.create(CLASSES, &class("premium", true)).await;
    let newest = api.create(CLAIMS, &claim("newest")).await;
    assert_eq!(newest["spec"]["storageClassName"], "premium");

    let table = api.get_as(CLASSES, TABLE).await.body;
    let rows: Vec<Vec<Value>> = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["cells"].as_array().unwrap()[..5].to_vec())
        .collect();
    assert_eq!(
        rows,
        [
            vec![
                json!("other"),
                json!("ebs.csi.aws.com"),
                json!("Delete"),
                json!("Immediate"),
                json!(false)
            ],
            vec![
                json!("premium (default)"),
                json!("ebs.csi.aws.com"),
                json!("Delete"),
                json!("Immediate"),
                json!(false)
            ],
            vec![
                json!("standard (default)"),
                json!("ebs.csi.aws.com"),
                json!("Delete"),
                json!("Immediate"),
                json!(false)
            ],
        ]
    );
}

/// The claim strategy's `EnforceDataSourceBackwardsCompatibility` and
/// `NormalizeDataSources`: a `dataSource` is mirrored into `dataSourceRef`
/// and back; a `dataSource` other than a claim or a VolumeSnapshot, sent
/// alone, is dropped; a `dataSourceRef` into another namespace is not
/// mirrored.
#[tokio::test]
async fn a_claims_data_source_and_data_source_ref_are_kept_in_step() {
    let api = Api::start();
    let claim = |name: &str, sources: Value| {
        let mut c = json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
            "metadata": {"name": name},
            "spec": {"accessModes": ["ReadWriteOnce"],
                     "resources": {"requests": {"storage": "1Gi"}}}});
        c["spec"]
            .as_object_mut()
            .unwrap()
            .extend(sources.as_object().unwrap().clone());
        c
    };
    let r = api
        .post(
            CLAIMS,
            &claim(
                "a",
                json!({"dataSource": {"kind": "PersistentVolumeClaim", "name": "src"}}),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["spec"]["dataSourceRef"],
        json!({"apiGroup": null, "kind": "PersistentVolumeClaim", "name": "src"}),
        "`apiGroup` has no omitempty upstream"
    );
    let snapshot =
        json!({"apiGroup": "snapshot.storage.k8s.io", "kind": "VolumeSnapshot", "name": "s"});
    let r = api
        .post(CLAIMS, &claim("b", json!({"dataSourceRef": snapshot})))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["spec"]["dataSource"], snapshot);
    let r = api
        .post(CLAIMS, &claim("c", json!({"dataSource": {"apiGroup": "example.com", "kind": "Populator", "name": "p"}})))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.body["spec"].get("dataSource").is_none(), "{}", r.text);
    assert!(r.body["spec"].get("dataSourceRef").is_none(), "{}", r.text);
}
