//! Managed fields entries written back: the FieldsV1 an entry was read
//! from, or its set written anew.

use super::*;

/// An entry whose set a write leaves as it was is written back from the
/// FieldsV1 it was read from (stored entries here in an order the encoder
/// would not write, so the two are told apart), the writer's own included
/// when what it loses it takes back; an entry whose set the write changes
/// and a client's entries are written anew.
#[test]
fn untouched_entries_keep_their_stored_fields_v1() {
    let entry = |manager: &str, fields: Value| ManagedFieldsEntry {
        manager: Some(manager.into()),
        operation: Some("Update".into()),
        api_version: Some("v1".into()),
        time: Some(at(100)),
        fields_type: Some("FieldsV1".into()),
        fields_v1: Some(FieldsV1::from_value(&fields).expect("JSON")),
        subresource: None,
    };
    let stored = vec![
        entry("alice", json!({"f:data": {"f:b": {}, ".": {}, "f:a": {}}})),
        entry(
            "carol",
            json!({"f:data": {"f:c": {}}, "f:binaryData": {"f:z": {}, "f:y": {}}}),
        ),
    ];
    let mut old = config_map(json!({"a": "1", "b": "2", "c": "3"}));
    old["binaryData"] = json!({"y": "eQ==", "z": "eg=="});
    let mut new = old.clone();
    new["data"]["a"] = json!("11");
    let write = |manager: &str, new: &Value, managed: DecodedManagedFields| {
        update(
            Some(&old),
            new,
            manager,
            "v1",
            None,
            managed,
            at(200),
            &CONFIG_MAP,
        )
    };
    // Bob takes `a` from Alice: her set changes, his is new, Carol's stays
    // as stored.
    let entries = write("bob", &new, DecodedManagedFields::decode(&stored));
    assert_eq!(
        entry_summary(&entries),
        [
            (
                "alice".into(),
                "Update".into(),
                r#"{"f:data":{".":{},"f:b":{}}}"#.into()
            ),
            (
                "carol".into(),
                "Update".into(),
                r#"{"f:data":{"f:c":{}},"f:binaryData":{"f:z":{},"f:y":{}}}"#.into()
            ),
            (
                "bob".into(),
                "Update".into(),
                r#"{"f:data":{"f:a":{}}}"#.into()
            ),
        ]
    );
    // Alice changes a value she owns: her set loses it and takes it back,
    // so her entry keeps its stored FieldsV1 too (with the write's time).
    let entries = write("alice", &new, DecodedManagedFields::decode(&stored));
    assert_eq!(
        entry_summary(&entries),
        [
            (
                "carol".into(),
                "Update".into(),
                r#"{"f:data":{"f:c":{}},"f:binaryData":{"f:z":{},"f:y":{}}}"#.into()
            ),
            (
                "alice".into(),
                "Update".into(),
                r#"{"f:data":{"f:b":{},".":{},"f:a":{}}}"#.into()
            ),
        ]
    );
    // Alice adds a key: her entry is written anew.
    let mut added = old.clone();
    added["data"]["d"] = json!("4");
    let entries = write("alice", &added, DecodedManagedFields::decode(&stored));
    assert_eq!(
        fields_v1_text(&entries[1]),
        r#"{"f:data":{".":{},"f:a":{},"f:b":{},"f:d":{}}}"#
    );
    // Alice removes a key she owns: written anew without it (and, having
    // taken nothing, with her old time: she still sorts first).
    let mut removed = old.clone();
    removed["data"].as_object_mut().unwrap().remove("b");
    let entries = write("alice", &removed, DecodedManagedFields::decode(&stored));
    assert_eq!(
        entry_summary(&entries)[0],
        (
            "alice".into(),
            "Update".into(),
            r#"{"f:data":{".":{},"f:a":{}}}"#.into()
        )
    );
    // The same entries sent by a client are all written in the encoder's
    // form.
    let entries = write("alice", &new, managed_for_update(&[], Some(&stored), None));
    assert_eq!(
        fields_v1_text(&entries[0]),
        r#"{"f:binaryData":{"f:y":{},"f:z":{}},"f:data":{"f:c":{}}}"#
    );
}
