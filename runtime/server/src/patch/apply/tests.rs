//! Tests of server-side apply with small inline schemas: a ConfigMap-like
//! kind (a granular `data` map) and a `Widget` with a `listType=map` list
//! keyed by `name`, a `listType=set` list and an atomic list.

use serde_json::{Value, json};

use super::*;
use runtime::meta::{FieldsV1, ObjectMeta};
use runtime::schema::{FieldSchema, ListSemantics, PatchStrategy, Schema, Type, TypeSchema, field};

mod created;
mod fields_v1;
mod properties;
mod sole;

fn object_meta() -> &'static TypeSchema {
    <ObjectMeta as Schema>::schema()
}

static CONFIG_MAP: TypeSchema = TypeSchema {
    name: "ConfigMap",
    atomic: false,
    fields: &[
        field("metadata", Type::Struct(object_meta)),
        field("data", Type::Map(&Type::Scalar)),
    ],
};

fn port() -> &'static TypeSchema {
    static PORT: TypeSchema = TypeSchema {
        name: "Port",
        atomic: false,
        fields: &[
            field("name", Type::Scalar),
            field("port", Type::Scalar),
            field("protocol", Type::Scalar),
        ],
    };
    &PORT
}

fn widget_spec() -> &'static TypeSchema {
    static SPEC: TypeSchema = TypeSchema {
        name: "WidgetSpec",
        atomic: false,
        fields: &[
            field("replicas", Type::Scalar),
            FieldSchema {
                json: "ports",
                ty: Type::List(&Type::Struct(port)),
                list: ListSemantics::Map(&["name"]),
                patch_strategy: PatchStrategy::Merge,
                patch_merge_key: Some("name"),
                atomic_map: false,
                default: None,
                pointer: false,
                omit_empty: true,
            },
            FieldSchema {
                json: "tags",
                ty: Type::List(&Type::Scalar),
                list: ListSemantics::Set,
                patch_strategy: PatchStrategy::Merge,
                patch_merge_key: None,
                atomic_map: false,
                default: None,
                pointer: false,
                omit_empty: true,
            },
            field("args", Type::List(&Type::Scalar)),
        ],
    };
    &SPEC
}

static WIDGET: TypeSchema = TypeSchema {
    name: "Widget",
    atomic: false,
    fields: &[
        field("metadata", Type::Struct(object_meta)),
        field("spec", Type::Struct(widget_spec)),
    ],
};

fn at(seconds: i64) -> Time {
    Time(chrono::DateTime::from_timestamp(seconds, 0).expect("valid timestamp"))
}

fn fields_v1_text(entry: &ManagedFieldsEntry) -> String {
    serde_json::to_string(entry.fields_v1.as_ref().expect("fieldsV1")).expect("serializable")
}

fn config_map(data: Value) -> Value {
    json!({
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "test-cm", "namespace": "default"},
        "data": data,
    })
}

fn widget(spec: Value) -> Value {
    json!({
        "apiVersion": "example.com/v1",
        "kind": "Widget",
        "metadata": {"name": "w"},
        "spec": spec,
    })
}

/// Applies to a ConfigMap as `manager` at time `t`, not forced.
fn apply_cm(
    live: Option<&ApplyOutcome>,
    applied: &Value,
    manager: &str,
    t: i64,
) -> Result<ApplyOutcome, ApplyError> {
    let managed = live
        .map(|l| l.managed_fields.as_slice())
        .unwrap_or_default();
    apply(
        live.map(|l| &l.object),
        applied,
        manager,
        "v1",
        managed,
        false,
        at(t),
        &CONFIG_MAP,
    )
}

fn apply_widget(
    live: Option<&ApplyOutcome>,
    spec: Value,
    manager: &str,
    t: i64,
) -> Result<ApplyOutcome, ApplyError> {
    let managed = live
        .map(|l| l.managed_fields.as_slice())
        .unwrap_or_default();
    apply(
        live.map(|l| &l.object),
        &widget(spec),
        manager,
        "example.com/v1",
        managed,
        false,
        at(t),
        &WIDGET,
    )
}

/// A ConfigMap created by `alice` with a plain (non-apply) create.
fn created_by_update(data: Value) -> ApplyOutcome {
    let object = config_map(data);
    let managed_fields = update(
        None,
        &object,
        "alice",
        "v1",
        None,
        DecodedManagedFields::default(),
        at(100),
        &CONFIG_MAP,
    );
    ApplyOutcome {
        object,
        managed_fields,
    }
}

fn entry_summary(entries: &[ManagedFieldsEntry]) -> Vec<(String, String, String)> {
    entries
        .iter()
        .map(|e| {
            (
                e.manager.clone().unwrap_or_default(),
                e.operation.clone().unwrap_or_default(),
                fields_v1_text(e),
            )
        })
        .collect()
}

#[test]
fn field_set_and_fields_v1_round_trip() {
    let mut obj = widget(json!({
        "replicas": 2,
        "ports": [{"name": "http", "port": 80}],
        "tags": ["b", "a"],
        "args": ["--x"],
    }));
    obj["metadata"]["labels"] = json!({"app": "web"});
    let set = field_set(&obj, &WIDGET);
    // Shape from the brief's example and the API reference's managedFields
    // example; "." first in an item's object as fieldpath/serialize.go
    // (emitContentsV1) writes it; children in PathElement order.
    let expected = concat!(
        r#"{"f:metadata":{"f:labels":{"f:app":{}}},"#,
        r#""f:spec":{"f:args":{},"#,
        r#""f:ports":{"k:{\"name\":\"http\"}":{".":{},"f:name":{},"f:port":{}}},"#,
        r#""f:replicas":{},"#,
        r#""f:tags":{"v:\"a\"":{},"v:\"b\"":{}}}}"#,
    );
    let fields = set.to_fields_v1();
    assert_eq!(serde_json::to_string(&fields).unwrap(), expected);
    let parsed = FieldSet::from_fields_v1(&fields).unwrap();
    assert_eq!(parsed, set);
    assert_eq!(
        set.to_string(),
        [
            ".metadata.labels.app",
            ".spec.args",
            ".spec.replicas",
            ".spec.ports[name=\"http\"]",
            ".spec.ports[name=\"http\"].name",
            ".spec.ports[name=\"http\"].port",
            ".spec.tags[=\"a\"]",
            ".spec.tags[=\"b\"]",
        ]
        .join("\n")
    );
}

/// FieldsV1 text is read as `Set.FromJSON` reads it: `{}` and `"."`
/// make members, keys of unknown kinds are skipped, escaped keys read as
/// plain ones; a node that is not an object is an error.
#[test]
fn fields_v1_text_is_read_straight_into_a_set() {
    let text = r#"{"f:a":{},"f:b":{".":{},"f:c":{}},"x:skipped":{},"f:\u0064":{"f:e":{}}}"#;
    let set = FieldSet::from_fields_v1(&FieldsV1::from_json(text.to_string()).unwrap()).unwrap();
    assert_eq!(set.to_string(), [".a", ".b", ".b.c", ".d.e"].join("\n"));
    assert_eq!(
        set.to_fields_v1().as_str(),
        r#"{"f:a":{},"f:b":{".":{},"f:c":{}},"f:d":{"f:e":{}}}"#
    );
    let bad = FieldsV1::from_json(r#"{"f:a":"x"}"#.to_string()).unwrap();
    let error = FieldSet::from_fields_v1(&bad).unwrap_err();
    assert!(error.contains("expected an object"), "{error}");
}

#[test]
fn list_map_keys_are_sorted_by_name() {
    // typed/helpers.go sorts key fields by name (keyMap.Sort()), so a
    // two-key item serializes as k:{"containerPort":80,"protocol":"TCP"}.
    let fields = json!({"f:ports": {"k:{\"protocol\":\"TCP\",\"containerPort\":80}": {}}});
    let parsed = FieldSet::from_fields_v1(&FieldsV1::from_value(&fields).unwrap()).unwrap();
    assert_eq!(
        serde_json::to_string(&parsed.to_fields_v1()).unwrap(),
        r#"{"f:ports":{"k:{\"containerPort\":80,\"protocol\":\"TCP\"}":{}}}"#
    );
}

#[test]
fn create_by_apply_records_the_applied_fields() {
    // The example object of the API reference's Server-Side Apply section
    // ("Field management"): kubectl's Apply entry owns f:data.f:key and
    // f:metadata.f:labels.f:test-label.
    let mut applied = config_map(json!({"key": "some value"}));
    applied["metadata"]["labels"] = json!({"test-label": "test"});
    let out = apply_cm(None, &applied, "kubectl", 10).unwrap();
    assert_eq!(out.managed_fields.len(), 1);
    let entry = &out.managed_fields[0];
    assert_eq!(entry.manager.as_deref(), Some("kubectl"));
    assert_eq!(entry.operation.as_deref(), Some("Apply"));
    assert_eq!(entry.api_version.as_deref(), Some("v1"));
    assert_eq!(entry.time, Some(at(10)));
    assert_eq!(entry.fields_type.as_deref(), Some("FieldsV1"));
    assert_eq!(
        fields_v1_text(entry),
        r#"{"f:data":{"f:key":{}},"f:metadata":{"f:labels":{"f:test-label":{}}}}"#
    );
    assert_eq!(out.object["data"], json!({"key": "some value"}));
    assert!(out.object["metadata"].get("managedFields").is_none());
}

#[test]
fn reapply_without_a_field_removes_it() {
    // "If you remove a field from a manifest and apply that manifest,
    // Server-Side Apply checks if there are any other field managers that
    // also own the field. If the field is not owned by any other field
    // managers, it is [...] deleted from the live object" (API reference).
    let first = apply_cm(None, &config_map(json!({"a": "1", "b": "2"})), "alice", 10).unwrap();
    let second = apply_cm(Some(&first), &config_map(json!({"a": "1"})), "alice", 20).unwrap();
    assert_eq!(second.object["data"], json!({"a": "1"}));
    assert_eq!(
        entry_summary(&second.managed_fields),
        [(
            "alice".to_string(),
            "Apply".to_string(),
            r#"{"f:data":{"f:a":{}}}"#.to_string()
        )]
    );
    assert_eq!(second.managed_fields[0].time, Some(at(20)));

    // Dropping every data key empties the map, which goes away.
    let third = apply_cm(Some(&second), &config_map(json!({})), "alice", 30).unwrap();
    assert_eq!(third.object.get("data"), None);
    assert!(third.managed_fields.is_empty());
    assert_eq!(third.object["metadata"].get("managedFields"), None);
}

#[test]
fn a_field_shared_by_two_appliers_stays_until_both_drop_it() {
    // "When two or more appliers set a field to the same value, they share
    // ownership of that field" (API reference, Server-Side Apply).
    let alice = apply_cm(None, &config_map(json!({"a": "x"})), "alice", 10).unwrap();
    let bob = apply_cm(
        Some(&alice),
        &config_map(json!({"a": "x", "b": "y"})),
        "bob",
        20,
    )
    .unwrap();
    let bob_drops = apply_cm(Some(&bob), &config_map(json!({"b": "y"})), "bob", 30).unwrap();
    assert_eq!(bob_drops.object["data"], json!({"a": "x", "b": "y"}));
    assert_eq!(
        entry_summary(&bob_drops.managed_fields),
        [
            (
                "alice".into(),
                "Apply".into(),
                r#"{"f:data":{"f:a":{}}}"#.into()
            ),
            (
                "bob".into(),
                "Apply".into(),
                r#"{"f:data":{"f:b":{}}}"#.into()
            ),
        ]
    );
    let alice_drops = apply_cm(Some(&bob_drops), &config_map(json!({})), "alice", 40).unwrap();
    assert_eq!(alice_drops.object["data"], json!({"b": "y"}));
}

#[test]
fn changing_a_field_an_updater_owns_conflicts() {
    let live = created_by_update(json!({"key": "v"}));
    let err = apply_cm(Some(&live), &config_map(json!({"key": "other"})), "bob", 20).unwrap_err();
    let ApplyError::Conflicts(conflicts) = &err else {
        panic!("expected conflicts, got {err:?}");
    };
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].path, ".data.key");
    assert_eq!(conflicts[0].manager_name(), "alice");
    // Message shape of k8s.io/apimachinery/pkg/util/managedfields/internal
    // conflict_test.go ("Apply failed with 1 conflict: conflict with \"foo\"
    // using v1 ...: .spec.replicas"); the manager identifier never carries a
    // time (BuildManagerIdentifier), so no "at <time>".
    assert_eq!(
        conflict_message(conflicts),
        r#"Apply failed with 1 conflict: conflict with "alice" using v1: .data.key"#
    );
    assert_eq!(
        conflicts[0].cause_message(),
        r#"conflict with "alice" using v1"#
    );
    assert_eq!(err.to_string(), conflict_message(conflicts));

    // The same value is no conflict: ownership becomes shared.
    let shared = apply_cm(Some(&live), &config_map(json!({"key": "v"})), "bob", 20).unwrap();
    assert_eq!(shared.managed_fields.len(), 2);
}

#[test]
fn force_takes_ownership() {
    // "This forces the operation to succeed, changes the value of the
    // field, and removes the field from all other managers' entries in
    // managedFields" (API reference, Conflicts).
    let live = created_by_update(json!({"key": "v", "other": "o"}));
    let out = apply(
        Some(&live.object),
        &config_map(json!({"key": "forced"})),
        "bob",
        "v1",
        &live.managed_fields,
        true,
        at(20),
        &CONFIG_MAP,
    )
    .unwrap();
    assert_eq!(out.object["data"], json!({"key": "forced", "other": "o"}));
    assert_eq!(
        entry_summary(&out.managed_fields),
        [
            (
                "bob".into(),
                "Apply".into(),
                r#"{"f:data":{"f:key":{}}}"#.into()
            ),
            (
                "alice".into(),
                "Update".into(),
                r#"{"f:data":{".":{},"f:other":{}}}"#.into()
            ),
        ]
    );
}

#[test]
fn update_tracks_what_each_write_changed() {
    // A create owns the map itself ("." under f:data) and its keys, as
    // `kubectl create configmap` entries show upstream.
    let created = created_by_update(json!({"a": "1", "b": "2"}));
    assert_eq!(
        entry_summary(&created.managed_fields),
        [(
            "alice".into(),
            "Update".into(),
            r#"{"f:data":{".":{},"f:a":{},"f:b":{}}}"#.into()
        )]
    );
    assert_eq!(created.managed_fields[0].time, Some(at(100)));

    let changed = config_map(json!({"a": "1", "b": "22", "c": "3"}));
    let entries = update(
        Some(&created.object),
        &changed,
        "bob",
        "v1",
        None,
        DecodedManagedFields::decode(&created.managed_fields),
        at(200),
        &CONFIG_MAP,
    );
    assert_eq!(
        entry_summary(&entries),
        [
            (
                "alice".into(),
                "Update".into(),
                r#"{"f:data":{".":{},"f:a":{}}}"#.into()
            ),
            (
                "bob".into(),
                "Update".into(),
                r#"{"f:data":{"f:b":{},"f:c":{}}}"#.into()
            ),
        ]
    );

    // Removing a field takes it from its owner; a write that changes nothing
    // tracked (here only resourceVersion) leaves the entries alone.
    let mut removed = config_map(json!({"b": "22", "c": "3"}));
    removed["metadata"]["resourceVersion"] = json!("7");
    let after = update(
        Some(&changed),
        &removed,
        "carol",
        "v1",
        None,
        DecodedManagedFields::decode(&entries),
        at(300),
        &CONFIG_MAP,
    );
    assert_eq!(
        entry_summary(&after),
        [
            // Owning the map alone: a member without children is `{}`.
            ("alice".into(), "Update".into(), r#"{"f:data":{}}"#.into()),
            (
                "bob".into(),
                "Update".into(),
                r#"{"f:data":{"f:b":{},"f:c":{}}}"#.into()
            ),
        ]
    );

    // An existing object without managed fields stays untracked
    // (skipNonAppliedManager).
    assert!(
        update(
            Some(&changed),
            &removed,
            "carol",
            "v1",
            None,
            DecodedManagedFields::default(),
            at(300),
            &CONFIG_MAP
        )
        .is_empty()
    );
}

#[test]
fn subresource_writes_get_their_own_entry() {
    let created = created_by_update(json!({"a": "1"}));
    let scaled = config_map(json!({"a": "2"}));
    let entries = update(
        Some(&created.object),
        &scaled,
        "alice",
        "v1",
        Some("scale"),
        DecodedManagedFields::decode(&created.managed_fields),
        at(200),
        &CONFIG_MAP,
    );
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1].subresource.as_deref(), Some("scale"));
    let err = apply_cm(
        Some(&ApplyOutcome {
            object: scaled,
            managed_fields: entries,
        }),
        &config_map(json!({"a": "3"})),
        "bob",
        300,
    )
    .unwrap_err();
    // conflict_test.go: `conflict with "foo" with subresource "scale" using v1 ...`.
    assert_eq!(
        err.to_string(),
        r#"Apply failed with 1 conflict: conflict with "alice" with subresource "scale" using v1: .data.a"#
    );
}

#[test]
fn list_map_items_merge_by_key() {
    let alice = apply_widget(
        None,
        json!({"ports": [{"name": "http", "port": 80}], "tags": ["a"]}),
        "alice",
        10,
    )
    .unwrap();
    let bob = apply_widget(
        Some(&alice),
        json!({"ports": [{"name": "metrics", "port": 9090}], "tags": ["b"]}),
        "bob",
        20,
    )
    .unwrap();
    assert_eq!(
        bob.object["spec"],
        json!({
            "ports": [{"name": "http", "port": 80}, {"name": "metrics", "port": 9090}],
            "tags": ["a", "b"],
        })
    );
    assert_eq!(
        fields_v1_text(&bob.managed_fields[1]),
        concat!(
            r#"{"f:spec":{"f:ports":{"k:{\"name\":\"metrics\"}":{".":{},"f:name":{},"f:port":{}}},"#,
            r#""f:tags":{"v:\"b\"":{}}}}"#
        )
    );

    // Changing alice's item conflicts on the item's field; Apply owners
    // print without a version (printManager).
    let err = apply_widget(
        Some(&bob),
        json!({"ports": [{"name": "http", "port": 81}]}),
        "bob",
        30,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"Apply failed with 1 conflict: conflict with "alice": .spec.ports[name="http"].port"#
    );

    // Alice dropping her item removes it and leaves bob's.
    let alice_again = apply_widget(Some(&bob), json!({"tags": ["a"]}), "alice", 40).unwrap();
    assert_eq!(
        alice_again.object["spec"]["ports"],
        json!([{"name": "metrics", "port": 9090}])
    );
}

#[test]
fn list_map_items_without_keys_are_invalid() {
    let err = apply_widget(None, json!({"ports": [{"port": 80}]}), "alice", 10).unwrap_err();
    // typed/helpers.go and validate.go messages, wrapped as
    // structuredmerge.go wraps typed conversion errors.
    assert_eq!(
        err,
        ApplyError::Invalid(
            "failed to create typed patch object (/w; example.com/v1, Kind=Widget): .spec.ports: element 0: associative list with keys has an element that omits key field \"name\" (and doesn't have default value)".into()
        )
    );
    let err = apply_widget(
        None,
        json!({"ports": [{"name": "a"}, {"name": "a"}]}),
        "alice",
        10,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "failed to create typed patch object (/w; example.com/v1, Kind=Widget): .spec.ports: duplicate entries for key [name=\"a\"]"
    );
}

#[test]
fn applied_objects_are_checked() {
    let mut wrong = config_map(json!({}));
    wrong["apiVersion"] = json!("v2");
    assert_eq!(
        apply_cm(None, &wrong, "a", 1).unwrap_err().to_string(),
        "invalid object type: /v2, Kind=ConfigMap"
    );
    let mut with_managed = config_map(json!({}));
    with_managed["metadata"]["managedFields"] = json!([]);
    assert_eq!(
        apply_cm(None, &with_managed, "a", 1)
            .unwrap_err()
            .to_string(),
        "metadata.managedFields must be nil"
    );
}

#[test]
fn conflict_message_groups_by_manager() {
    // k8s.io/apimachinery/pkg/util/managedfields/internal/conflict_test.go,
    // TestNewConflictError, second case.
    let conflicts = [
        Conflict {
            manager: r#"{"manager":"foo","operation":"Update","apiVersion":"v1","time":"2001-02-03T04:05:06Z"}"#.into(),
            path: ".spec.replicas".into(),
        },
        Conflict {
            manager: r#"{"manager":"bar","operation":"Apply"}"#.into(),
            path: ".metadata.labels.app".into(),
        },
    ];
    assert_eq!(
        conflict_message(&conflicts),
        "Apply failed with 2 conflicts: conflicts with \"bar\":\n- .metadata.labels.app\nconflicts with \"foo\" using v1 at 2001-02-03T04:05:06Z:\n- .spec.replicas"
    );
    assert_eq!(
        conflicts[0].cause_message(),
        "conflict with \"foo\" using v1 at 2001-02-03T04:05:06Z"
    );
    // Several fields of one manager, as a real apply reports them.
    let live = created_by_update(json!({"a": "1", "b": "2"}));
    let err = apply_cm(
        Some(&live),
        &config_map(json!({"a": "x", "b": "y"})),
        "bob",
        20,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Apply failed with 2 conflicts: conflicts with \"alice\" using v1:\n- .data.a\n- .data.b"
    );
}

#[test]
fn first_apply_to_an_untracked_object_keeps_existing_owners() {
    // skipNonAppliedManager: existing fields go to "before-first-apply".
    let live = config_map(json!({"a": "1"}));
    let out = apply(
        Some(&live),
        &config_map(json!({"b": "2"})),
        "kubectl",
        "v1",
        &[],
        false,
        at(10),
        &CONFIG_MAP,
    )
    .unwrap();
    assert_eq!(
        entry_summary(&out.managed_fields),
        [
            (
                "kubectl".into(),
                "Apply".into(),
                r#"{"f:data":{"f:b":{}}}"#.into()
            ),
            (
                "before-first-apply".into(),
                "Update".into(),
                r#"{"f:data":{".":{},"f:a":{}}}"#.into()
            ),
        ]
    );
}

#[test]
fn kubectl_conflicts_on_its_last_applied_fields_are_forgiven() {
    // lastappliedmanager.go: kubectl server-side applying over its own
    // client-side apply takes the fields the annotation shows it set.
    let mut live = config_map(json!({"key": "v"}));
    live["metadata"]["annotations"] = json!({
        lastapplied::ANNOTATION: r#"{"apiVersion":"v1","kind":"ConfigMap","data":{"key":"v"}}"#,
    });
    let managed = update(
        None,
        &live,
        "kubectl-client-side-apply",
        "v1",
        None,
        DecodedManagedFields::default(),
        at(1),
        &CONFIG_MAP,
    );
    let applied = config_map(json!({"key": "new"}));
    let out = apply(
        Some(&live),
        &applied,
        "kubectl",
        "v1",
        &managed,
        false,
        at(2),
        &CONFIG_MAP,
    )
    .unwrap();
    assert_eq!(out.object["data"]["key"], "new");
    // lastappliedupdater.go: the annotation follows the applied object.
    assert_eq!(
        out.object["metadata"]["annotations"][lastapplied::ANNOTATION],
        "{\"apiVersion\":\"v1\",\"data\":{\"key\":\"new\"},\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"test-cm\",\"namespace\":\"default\"}}\n"
    );
    // Another manager gets the conflict.
    assert!(matches!(
        apply(
            Some(&live),
            &applied,
            "other",
            "v1",
            &managed,
            false,
            at(2),
            &CONFIG_MAP
        ),
        Err(ApplyError::Conflicts(_))
    ));
}

#[test]
fn managed_fields_for_update_follow_the_request() {
    let live = created_by_update(json!({"a": "1"})).managed_fields;
    assert_eq!(managed_for_update(&live, None, None).encode(), live);
    assert!(
        managed_for_update(&live, Some(&[]), None)
            .encode()
            .is_empty()
    );
    assert!(
        managed_for_update(&live, Some(&[ManagedFieldsEntry::default()]), None)
            .encode()
            .is_empty()
    );
    let bogus = [ManagedFieldsEntry {
        operation: Some("Bogus".into()),
        ..Default::default()
    }];
    assert_eq!(managed_for_update(&live, Some(&bogus), None).encode(), live);
    assert_eq!(
        managed_for_update(&live, Some(&[]), Some("status")).encode(),
        live
    );
}

#[test]
fn update_entries_beyond_ten_merge_into_ancient_changes() {
    let mut object = config_map(json!({"k0": "v"}));
    let mut managed = update(
        None,
        &object,
        "m0",
        "v1",
        None,
        DecodedManagedFields::default(),
        at(0),
        &CONFIG_MAP,
    );
    for i in 1..=10 {
        let mut next = object.clone();
        next["data"][format!("k{i}")] = json!("v");
        managed = update(
            Some(&object),
            &next,
            &format!("m{i}"),
            "v1",
            None,
            DecodedManagedFields::decode(&managed),
            at(i),
            &CONFIG_MAP,
        );
        object = next;
    }
    let managers: Vec<String> = managed.iter().filter_map(|e| e.manager.clone()).collect();
    assert_eq!(managed.len(), 10);
    assert_eq!(managers[0], "ancient-changes");
    assert_eq!(
        fields_v1_text(&managed[0]),
        r#"{"f:data":{".":{},"f:k0":{},"f:k1":{}}}"#
    );
    assert_eq!(managed[0].time, Some(at(1)));
}

fn endpoint_port() -> &'static TypeSchema {
    static PORT: TypeSchema = TypeSchema {
        name: "EndpointPort",
        atomic: false,
        fields: &[
            field("port", Type::Scalar),
            FieldSchema {
                default: Some("\"TCP\""),
                pointer: false,
                omit_empty: true,
                ..field("protocol", Type::Scalar)
            },
        ],
    };
    &PORT
}

static ENDPOINT: TypeSchema = TypeSchema {
    name: "Endpoint",
    atomic: false,
    fields: &[FieldSchema {
        list: ListSemantics::Map(&["port", "protocol"]),
        ..field("ports", Type::List(&Type::Struct(endpoint_port)))
    }],
};

#[test]
fn missing_list_map_keys_take_their_defaults() {
    // structured-merge-diff merge/default_keys_test.go,
    // "apply_missing_defaulted_key_A": an item without `protocol` is keyed
    // by the field's default (typed/helpers.go, getAssociativeKeyDefault).
    let obj = json!({"apiVersion": "v1", "kind": "Endpoint", "ports": [{"port": 80}]});
    assert_eq!(
        serde_json::to_string(&field_set(&obj, &ENDPOINT).to_fields_v1()).unwrap(),
        r#"{"f:ports":{"k:{\"port\":80,\"protocol\":\"TCP\"}":{".":{},"f:port":{}}}}"#
    );
}

/// The comparison does not depend on the order in which the two objects
/// hold a map's keys: maps holding them alike are walked pairwise, others
/// by lookup, with the same result.
#[test]
fn comparisons_do_not_depend_on_key_order() {
    let paths = |set: &FieldSet| {
        set.paths()
            .iter()
            .map(|path| path.iter().map(PathElement::to_string).collect::<String>())
            .collect::<Vec<_>>()
    };
    let summary = |old: &Value, new: &Value| {
        let compared = walk::compare(Some(old), new, Shape::root(&CONFIG_MAP));
        (
            paths(&compared.added),
            paths(&compared.modified),
            paths(&compared.removed),
        )
    };
    let old = config_map(json!({"a": "1", "b": "2", "c": "3"}));
    let changed_b = (vec![], vec![".data.b".to_string()], vec![]);
    // As many keys as before, not the same ones.
    let renamed = (
        vec![".data.d".to_string()],
        vec![],
        vec![".data.c".to_string()],
    );
    for (data, expected) in [
        (json!({"a": "1", "b": "9", "c": "3"}), &changed_b),
        (json!({"c": "3", "b": "9", "a": "1"}), &changed_b),
        (json!({"a": "1", "b": "2", "d": "3"}), &renamed),
        (json!({"d": "3", "b": "2", "a": "1"}), &renamed),
    ] {
        assert_eq!(
            summary(&old, &config_map(data.clone())),
            *expected,
            "{data}"
        );
    }
}
