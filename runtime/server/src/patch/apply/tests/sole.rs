//! An update by the object's sole manager recorded from the Rust objects
//! ([`sole_manager_update`]) gives the entries the comparison of trees
//! ([`update`]) records, for every value of every served kind it takes,
//! and leaves the updates it cannot record that way to the comparison.

use super::*;
use runtime::registry::{Entry, Object};

const WRITER: &str = "writer";

/// The upstream fixture of a served kind as a client would update it: no
/// managed fields, and no status where the main resource resets it.
fn fixture(entry: &Entry) -> Option<Value> {
    let mut object: Value = serde_json::from_slice(&crate::fixtures::upstream_json(entry)?).ok()?;
    let root = object.as_object_mut()?;
    if let Some(meta) = root.get_mut("metadata").and_then(Value::as_object_mut) {
        meta.remove("managedFields");
    }
    if entry.info.status_subresource {
        root.remove("status");
    }
    Some(object)
}

fn decode(entry: &Entry, object: &Value) -> Option<Box<dyn Object>> {
    let body = serde_json::to_vec(object).expect("JSON");
    entry.kind.decode(&body).ok().map(|d| d.object)
}

/// `object` created by [`WRITER`]: its one Update entry, at second 5.
fn created_by_writer(entry: &Entry, object: &Value) -> Option<Box<dyn Object>> {
    let mut old = decode(entry, object)?;
    let managed = created(
        old.field_paths(),
        WRITER,
        entry.info.api_version,
        at(5),
        entry.kind.schema(),
        entry.info.status_subresource,
    );
    old.metadata_mut().managed_fields = managed;
    Some(old)
}

/// The tree the field manager compares: the object without its managed
/// fields.
fn tree(object: &mut dyn Object) -> Value {
    let managed = std::mem::take(&mut object.metadata_mut().managed_fields);
    let tree = object.to_value().expect("JSON");
    object.metadata_mut().managed_fields = managed;
    tree
}

/// Both ways of recording [`WRITER`]'s update of `old` into `new` at
/// second 9: from the Rust objects (`None` when it does not take it), and
/// by comparing their trees.
fn both_ways(
    entry: &Entry,
    old: &mut dyn Object,
    new: &mut dyn Object,
) -> (Option<Vec<ManagedFieldsEntry>>, Vec<ManagedFieldsEntry>) {
    let schema = entry.kind.schema();
    let api_version = entry.info.api_version;
    let status_reset = entry.info.status_subresource;
    let direct = sole_manager_update(old, new, WRITER, api_version, schema, status_reset, at(9));
    let requested = new.metadata().managed_fields.clone();
    let start = managed_for_update(
        &old.metadata().managed_fields,
        (!requested.is_empty()).then_some(requested.as_slice()),
        None,
    );
    let compared = update(
        Some(&tree(old)),
        &tree(new),
        WRITER,
        api_version,
        None,
        start,
        at(9),
        schema,
    );
    (direct, compared)
}

/// Every leaf of `value` outside `apiVersion`, `kind`, `metadata` and
/// `status`, as JSON pointers.
fn leaves(value: &Value, pointer: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                if pointer.is_empty()
                    && matches!(key.as_str(), "apiVersion" | "kind" | "metadata" | "status")
                {
                    continue;
                }
                let key = key.replace('~', "~0").replace('/', "~1");
                leaves(child, format!("{pointer}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                leaves(child, format!("{pointer}/{i}"), out);
            }
        }
        _ => out.push(pointer),
    }
}

/// `value` with a different leaf value: text longer, numbers one more,
/// booleans flipped.
fn changed(value: &Value) -> Value {
    match value {
        Value::String(s) => Value::String(format!("{s}x")),
        Value::Number(n) => match n.as_i64() {
            Some(i) => json!(i + 1),
            None => json!(n.as_f64().unwrap_or_default() + 1.5),
        },
        Value::Bool(b) => Value::Bool(!b),
        Value::Null => json!("set"),
        other => other.clone(),
    }
}

/// For each served kind whose updates it may take (`needs_tree_comparison`),
/// each leaf of its fixture changed in turn (where the kind still decodes
/// it), with the request carrying no managed fields or the live ones
/// back: where the Rust objects give entries, they are the compared trees'
/// entries, the writer's one entry stamped with the update's time.
#[test]
fn sole_manager_updates_match_the_tree_comparison_for_every_fixture() {
    let registry = apis::registry();
    let mut taken: Vec<&str> = Vec::new();
    for entry in registry.entries() {
        let Some(object) = fixture(entry) else {
            continue;
        };
        if crate::patch::apply::sole::needs_tree_comparison(entry.kind.schema()) {
            continue;
        }
        let mut paths = Vec::new();
        leaves(&object, String::new(), &mut paths);
        for path in paths {
            let mut variant = object.clone();
            let Some(leaf) = variant.pointer_mut(&path) else {
                continue;
            };
            *leaf = changed(leaf);
            for send_back in [false, true] {
                let Some(mut old) = created_by_writer(entry, &object) else {
                    continue;
                };
                let Some(mut new) = decode(entry, &variant) else {
                    continue;
                };
                if send_back {
                    new.metadata_mut().managed_fields = old.metadata().managed_fields.clone();
                }
                let (direct, compared) = both_ways(entry, old.as_mut(), new.as_mut());
                let Some(direct) = direct else {
                    continue;
                };
                assert_eq!(direct, compared, "{} {path}", entry.info.kind);
                assert_eq!(direct.len(), 1);
                assert_eq!(direct[0].time, Some(at(9)));
                taken.push(entry.info.kind);
            }
        }
    }
    for kind in ["ConfigMap", "Secret", "Lease"] {
        assert!(taken.contains(&kind), "{kind} updates taken: {taken:?}");
    }
}

/// A change a client makes to the object it updates.
type Change = fn(&mut Value);

/// What goes to the comparison of trees: a kind with associative lists
/// outside its metadata, another manager's or a second entry, a field
/// added or removed, an update equal outside the metadata, other managed
/// fields sent.
#[test]
fn sole_manager_updates_leave_the_rest_to_the_comparison() {
    let registry = apis::registry();
    let config_maps = registry.find("", "v1", "configmaps").expect("configmaps");
    let deployments = registry
        .find("apps", "v1", "deployments")
        .expect("deployments");
    let config_map = json!({
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "c", "namespace": "default", "labels": {"a": "1"}},
        "data": {"k": "v", "l": "w"}
    });
    let cases: [(&str, Change); 5] = [
        ("value changed", |o: &mut Value| {
            o["data"]["k"] = json!("v2")
        }),
        ("field added", |o: &mut Value| o["data"]["m"] = json!("x")),
        ("field removed", |o: &mut Value| {
            o["data"].as_object_mut().map(|d| d.remove("l"));
        }),
        ("label changed only", |o: &mut Value| {
            o["metadata"]["labels"]["a"] = json!("2")
        }),
        ("label added and value changed", |o: &mut Value| {
            o["metadata"]["labels"]["b"] = json!("1");
            o["data"]["k"] = json!("v2");
        }),
    ];
    let mut outcomes = Vec::new();
    for (case, change) in &cases {
        let mut old = created_by_writer(config_maps, &config_map).expect("decodes");
        let mut variant = config_map.clone();
        change(&mut variant);
        let mut new = decode(config_maps, &variant).expect("decodes");
        let (direct, compared) = both_ways(config_maps, old.as_mut(), new.as_mut());
        if let Some(direct) = &direct {
            assert_eq!(direct, &compared, "{case}");
        }
        outcomes.push((*case, direct.is_some()));
    }
    assert_eq!(
        outcomes,
        [
            ("value changed", true),
            ("field added", false),
            ("field removed", false),
            ("label changed only", false),
            ("label added and value changed", false),
        ]
    );

    // Another manager's entry, a second entry, other managed fields sent.
    let mut variant = config_map.clone();
    variant["data"]["k"] = json!("v2");
    let mut old = created_by_writer(config_maps, &config_map).expect("decodes");
    old.metadata_mut().managed_fields[0].manager = Some("someone-else".into());
    let mut new = decode(config_maps, &variant).expect("decodes");
    assert_eq!(both_ways(config_maps, old.as_mut(), new.as_mut()).0, None);
    let mut old = created_by_writer(config_maps, &config_map).expect("decodes");
    let mut second = old.metadata().managed_fields[0].clone();
    second.manager = Some("someone-else".into());
    old.metadata_mut().managed_fields.push(second);
    let mut new = decode(config_maps, &variant).expect("decodes");
    assert_eq!(both_ways(config_maps, old.as_mut(), new.as_mut()).0, None);
    let mut old = created_by_writer(config_maps, &config_map).expect("decodes");
    let mut new = decode(config_maps, &variant).expect("decodes");
    let mut sent = old.metadata().managed_fields.clone();
    sent[0].time = Some(at(7));
    new.metadata_mut().managed_fields = sent;
    assert_eq!(both_ways(config_maps, old.as_mut(), new.as_mut()).0, None);

    // A Deployment's containers are a list keyed by name: reordering
    // them changes no field, which its Rust value cannot tell.
    let deployment = json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "d", "namespace": "default"},
        "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "d"}}, "template": {
            "metadata": {"labels": {"app": "d"}},
            "spec": {"containers": [{"name": "a", "image": "i"}, {"name": "b", "image": "j"}]}
        }}
    });
    let mut reordered = deployment.clone();
    reordered["spec"]["template"]["spec"]["containers"] =
        json!([{"name": "b", "image": "j"}, {"name": "a", "image": "i"}]);
    let mut old = created_by_writer(deployments, &deployment).expect("decodes");
    let mut new = decode(deployments, &reordered).expect("decodes");
    let (direct, compared) = both_ways(deployments, old.as_mut(), new.as_mut());
    assert_eq!(direct, None);
    assert_eq!(
        compared[0].time,
        Some(at(5)),
        "a reorder keeps the entry's time"
    );
}
