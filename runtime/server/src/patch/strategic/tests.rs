//! Pod-like test schemas; cases named after upstream's patch_test.go
//! take their expected results from there.

use serde_json::json;

use super::*;
use runtime::meta::ObjectMeta;
use runtime::schema::{ListSemantics, Schema, field};

/// A merging list of `element` keyed by `key`.
const fn merging(json: &'static str, element: &'static Type, key: &'static str) -> FieldSchema {
    FieldSchema {
        list: ListSemantics::Map(&[]),
        patch_strategy: PatchStrategy::Merge,
        patch_merge_key: Some(key),
        ..field(json, Type::List(element))
    }
}

static POD: TypeSchema = TypeSchema {
    name: "Pod",
    atomic: false,
    fields: &[
        field("metadata", Type::Struct(<ObjectMeta as Schema>::schema)),
        field("spec", Type::Struct(pod_spec)),
    ],
};

static POD_SPEC: TypeSchema = TypeSchema {
    name: "PodSpec",
    atomic: false,
    fields: &[
        merging("containers", &Type::Struct(container), "name"),
        FieldSchema {
            patch_strategy: PatchStrategy::MergeRetainKeys,
            ..merging("volumes", &Type::Struct(volume), "name")
        },
        FieldSchema {
            atomic_map: true,
            ..field("nodeSelector", Type::Map(&Type::Scalar))
        },
        FieldSchema {
            patch_strategy: PatchStrategy::Replace,
            ..field("dnsConfig", Type::Struct(volume))
        },
        FieldSchema {
            patch_strategy: PatchStrategy::RetainKeys,
            ..field("strategy", Type::Struct(volume))
        },
        field("extension", Type::Untyped),
    ],
};

static CONTAINER: TypeSchema = TypeSchema {
    name: "Container",
    atomic: false,
    fields: &[
        field("name", Type::Scalar),
        field("image", Type::Scalar),
        field("args", Type::List(&Type::Scalar)),
        merging("env", &Type::Struct(env_var), "name"),
    ],
};

static ENV_VAR: TypeSchema = TypeSchema {
    name: "EnvVar",
    atomic: false,
    fields: &[field("name", Type::Scalar), field("value", Type::Scalar)],
};

/// Volume-like: a name plus a union of sources.
static VOLUME: TypeSchema = TypeSchema {
    name: "Volume",
    atomic: false,
    fields: &[
        field("name", Type::Scalar),
        field("configMap", Type::Struct(source)),
        field("emptyDir", Type::Struct(source)),
    ],
};

static SOURCE: TypeSchema = TypeSchema {
    name: "Source",
    atomic: false,
    fields: &[field("name", Type::Scalar), field("medium", Type::Scalar)],
};

fn pod_spec() -> &'static TypeSchema {
    &POD_SPEC
}
fn container() -> &'static TypeSchema {
    &CONTAINER
}
fn env_var() -> &'static TypeSchema {
    &ENV_VAR
}
fn volume() -> &'static TypeSchema {
    &VOLUME
}
fn source() -> &'static TypeSchema {
    &SOURCE
}

fn patch(original: Value, patch: Value) -> Value {
    apply(&original, &patch, &POD).unwrap()
}

fn patch_err(original: Value, patch: Value) -> String {
    apply(&original, &patch, &POD).unwrap_err().message
}

/// `spec.containers` of a pod with those containers.
fn containers(original: Value, change: Value) -> Value {
    let result = patch(
        json!({"spec": {"containers": original}}),
        json!({"spec": change}),
    );
    result["spec"]["containers"].clone()
}

/// Containers named `names` (upstream's `mergingList` of `name`s).
fn named(names: &[&str]) -> Value {
    names.iter().map(|name| json!({"name": name})).collect()
}

#[test]
fn maps_merge_and_null_deletes() {
    // "delete field from nested map" / "add field and delete field from map".
    let result = patch(
        json!({"metadata": {"name": "p", "labels": {"a": "1", "b": "2"}}}),
        json!({"metadata": {"labels": {"b": null, "c": "3"}, "namespace": "ns"}}),
    );
    assert_eq!(
        result,
        json!({"metadata": {"name": "p", "labels": {"a": "1", "c": "3"}, "namespace": "ns"}})
    );
}

#[test]
fn unknown_and_untyped_fields_merge_as_plain_json() {
    let original = json!({"x": {"a": 1, "l": [1, 2]}, "spec": {"extension": {"k": {"a": 1}}}});
    let change = json!({"x": {"b": 2, "l": [3]}, "spec": {"extension": {"k": {"b": 2}}}});
    assert_eq!(
        patch(original, change),
        json!({"x": {"a": 1, "l": [3], "b": 2}, "spec": {"extension": {"k": {"a": 1, "b": 2}}}})
    );
}

#[test]
fn new_values_lose_nulls_and_directives() {
    // Upstream's removeDirectives: an object carrying `$patch` is dropped.
    let result = patch(
        json!({}),
        json!({"metadata": {"labels": {"a": "1", "b": null}},
               "spec": {"containers": [{"name": "a"}, {"name": "b", "$patch": "delete"}],
                        "volumes": [{"name": "v", "$retainKeys": ["name"]}]}}),
    );
    assert_eq!(
        result,
        json!({"metadata": {"labels": {"a": "1"}},
               "spec": {"containers": [{"name": "a"}], "volumes": [{"name": "v"}]}})
    );
}

#[test]
fn lists_without_strategy_are_replaced() {
    // "replace list of scalars".
    let result = containers(
        json!([{"name": "a", "args": ["1", "2"]}]),
        json!({"containers": [{"name": "a", "args": ["2", "3"]}]}),
    );
    assert_eq!(result, json!([{"name": "a", "args": ["2", "3"]}]));
}

#[test]
fn merge_by_key_updates_in_place() {
    // "add field to map in merging list" (without the order directive).
    let result = containers(
        json!([{"name": "1"}, {"name": "2", "image": "2"}]),
        json!({"containers": [{"name": "1", "image": "1"}]}),
    );
    assert_eq!(
        result,
        json!([{"name": "1", "image": "1"}, {"name": "2", "image": "2"}])
    );
}

#[test]
fn merge_by_key_recurses_into_items() {
    let result = containers(
        json!([{"name": "a", "image": "x", "env": [{"name": "A", "value": "1"}]}]),
        json!({"containers": [{"name": "a", "image": null,
                               "env": [{"name": "A", "value": "2"}]}]}),
    );
    assert_eq!(
        result,
        json!([{"name": "a", "env": [{"name": "A", "value": "2"}]}])
    );
}

#[test]
fn merge_by_key_orders_as_upstream() {
    // "preserve the order from the patch in a merging list 2".
    let result = containers(
        json!([{"name": "1"}, {"name": "2", "image": "b"}, {"name": "3"}]),
        json!({"containers": [{"name": "3", "image": "c"}, {"name": "1", "image": "a"}]}),
    );
    assert_eq!(
        result,
        json!([{"name": "2", "image": "b"}, {"name": "3", "image": "c"},
               {"name": "1", "image": "a"}])
    );
    // mergeSortedSlice: new items are not in the live list, so they come
    // before the live-only items.
    let result = containers(named(&["a", "b"]), json!({"containers": named(&["c"])}));
    assert_eq!(result, named(&["c", "a", "b"]));
    let result = containers(
        named(&["a", "b"]),
        json!({"containers": named(&["b", "c"])}),
    );
    assert_eq!(result, named(&["a", "b", "c"]));
}

#[test]
fn patch_delete_removes_every_matching_item() {
    // "delete all duplicate entries in a merging list".
    let result = containers(
        json!([{"name": "1"}, {"name": "1"}, {"name": "2", "image": "a"},
               {"name": "3"}, {"name": "3"}]),
        json!({"containers": [{"name": "1", "$patch": "delete"},
                              {"name": "3", "$patch": "delete"}]}),
    );
    assert_eq!(result, json!([{"name": "2", "image": "a"}]));
}

#[test]
fn patch_replace_in_a_list() {
    // "delete all items from merging list".
    let result = containers(
        named(&["1", "2"]),
        json!({"containers": [{"$patch": "replace"}]}),
    );
    assert_eq!(result, json!([]));
    let result = containers(
        json!([{"name": "1", "image": "x"}, {"name": "2"}]),
        json!({"containers": [{"name": "1"}, {"$patch": "replace"}]}),
    );
    assert_eq!(result, named(&["1"]));
}

#[test]
fn patch_replace_and_delete_in_an_object() {
    // "add key and delete all keys from map".
    let result = apply(
        &json!({"name": 1, "value": 1}),
        &json!({"other": "a", "$patch": "replace"}),
        &POD,
    );
    assert_eq!(result, Ok(json!({"other": "a"})));
    let result = patch(
        json!({"metadata": {"labels": {"a": "1"}, "annotations": {"b": "2"}}}),
        json!({"metadata": {"labels": {"$patch": "replace", "c": "3"},
                            "annotations": {"$patch": "delete"}}}),
    );
    // "delete map from nested map": an empty map remains.
    assert_eq!(
        result,
        json!({"metadata": {"labels": {"c": "3"}, "annotations": {}}})
    );
}

#[test]
fn set_element_order_orders_merged_lists() {
    // "merge lists of maps" (three-way patch applied to current).
    let result = containers(
        json!([{"name": "1", "image": "a"}, {"name": "2", "image": "b"}]),
        json!({"$setElementOrder/containers": named(&["4", "1", "2", "3"]),
               "containers": [{"name": "4", "image": "4"}, {"name": "3", "image": "3"}]}),
    );
    assert_eq!(
        result,
        json!([{"name": "4", "image": "4"}, {"name": "1", "image": "a"},
               {"name": "2", "image": "b"}, {"name": "3", "image": "3"}])
    );
    // "$setElementOrder contains item that is not present in the list to be merged".
    let result = containers(
        named(&["1", "3"]),
        json!({"$setElementOrder/containers": named(&["3", "2", "1"]),
               "containers": [{"name": "3", "image": "3"}, {"name": "1", "image": "1"}]}),
    );
    assert_eq!(
        result,
        json!([{"name": "3", "image": "3"}, {"name": "1", "image": "1"}])
    );
}

#[test]
fn set_element_order_places_live_only_items_as_upstream() {
    // "add map and delete map from merging list".
    let result = containers(
        json!([{"name": "1"}, {"name": "2", "image": "b"}, {"name": "4", "image": "c"}]),
        json!({"$setElementOrder/containers": named(&["2", "3"]),
               "containers": [{"name": "3"}, {"name": "1", "$patch": "delete"}]}),
    );
    assert_eq!(
        result,
        json!([{"name": "2", "image": "b"}, {"name": "4", "image": "c"}, {"name": "3"}])
    );
    // "add map and delete map from merging list with conflict".
    let result = containers(
        json!([{"name": "1", "image": "a"}, {"name": "4", "image": "c"}]),
        json!({"$setElementOrder/containers": named(&["2", "3"]),
               "containers": [{"name": "2"}, {"name": "3"}, {"name": "1", "$patch": "delete"}]}),
    );
    assert_eq!(
        result,
        json!([{"name": "4", "image": "c"}, {"name": "2"}, {"name": "3"}])
    );
    // "add field to map in merging list with conflict".
    let result = containers(
        json!([{"name": "1", "image": "a"}, {"name": "3", "image": "b"}]),
        json!({"$setElementOrder/containers": named(&["1", "2"]),
               "containers": [{"name": "1", "image": "1"}, {"name": "2", "image": "2"}]}),
    );
    assert_eq!(
        result,
        json!([{"name": "1", "image": "1"}, {"name": "2", "image": "2"},
               {"name": "3", "image": "b"}])
    );
}

#[test]
fn set_element_order_on_scalars_and_mismatch() {
    // "$setElementOrder contains item that is not present in the int list to be merged".
    let result = patch(
        json!({"metadata": {"finalizers": ["1", "3"]}}),
        json!({"metadata": {"$setElementOrder/finalizers": ["3", "2", "1"]}}),
    );
    assert_eq!(result, json!({"metadata": {"finalizers": ["3", "1"]}}));
    // "should check if order in $setElementOrder and patch list match".
    let message = patch_err(
        json!({"spec": {"containers": named(&["1", "3", "2"])}}),
        json!({"spec": {"$setElementOrder/containers": named(&["1", "2", "3"]),
                        "containers": [{"name": "3", "image": "3"},
                                       {"name": "1", "image": "1"}]}}),
    );
    assert_eq!(
        message,
        "the order in patch list:\n[map[image:3 name:3] map[image:1 name:1]]\n \
         doesn't match $setElementOrder list:\n[map[name:1] map[name:2] map[name:3]]"
    );
}

#[test]
fn delete_from_primitive_list() {
    // "delete all duplicate items in lists of scalars" (current -> result).
    let result = patch(
        json!({"metadata": {"finalizers": ["1", "2", "3", "3", "4"]}}),
        json!({"metadata": {"$setElementOrder/finalizers": ["1", "2"],
                            "$deleteFromPrimitiveList/finalizers": ["3"]}}),
    );
    assert_eq!(result, json!({"metadata": {"finalizers": ["1", "2", "4"]}}));
    // "add and delete items in lists of scalars".
    let result = patch(
        json!({"metadata": {"finalizers": ["1", "2", "3", "4"]}}),
        json!({"metadata": {"$setElementOrder/finalizers": ["1", "2", "4"],
                            "$deleteFromPrimitiveList/finalizers": ["3"],
                            "finalizers": ["4"]}}),
    );
    assert_eq!(result, json!({"metadata": {"finalizers": ["1", "2", "4"]}}));
    let message = patch_err(
        json!({"metadata": {}}),
        json!({"metadata": {"$deleteFromPrimitiveListfinalizers": ["3"]}}),
    );
    assert_eq!(message, "invalid patch format of primitive list");
}

#[test]
fn primitive_merge_lists_are_unions() {
    // "unique scalars when merging lists".
    let result = patch(
        json!({"metadata": {"finalizers": ["1", "2"]}}),
        json!({"metadata": {"finalizers": ["2", "3", "3"]}}),
    );
    assert_eq!(result, json!({"metadata": {"finalizers": ["1", "2", "3"]}}));
    // "preserve the order from the patch in a merging int list" (second).
    let result = patch(
        json!({"metadata": {"finalizers": ["1", "2", "3"]}}),
        json!({"metadata": {"finalizers": ["3", "1"]}}),
    );
    assert_eq!(result, json!({"metadata": {"finalizers": ["2", "3", "1"]}}));
}

#[test]
fn retain_keys_clears_unlisted_fields() {
    let result = patch(
        json!({"spec": {"volumes": [{"name": "v", "configMap": {"name": "c"}}],
                        "strategy": {"name": "s", "configMap": {"name": "c"}}}}),
        json!({"spec": {"volumes": [{"name": "v", "$retainKeys": ["emptyDir", "name"],
                                     "emptyDir": {"medium": "Memory"}}],
                        "strategy": {"$retainKeys": ["name"]}}}),
    );
    assert_eq!(
        result,
        json!({"spec": {"volumes": [{"name": "v", "emptyDir": {"medium": "Memory"}}],
                        "strategy": {"name": "s"}}})
    );
    // "retainKeys map can add a field when no retainKeys directive present".
    let result = patch(
        json!({"spec": {"strategy": {"name": "foo"}}}),
        json!({"spec": {"strategy": {"medium": "bar"}}}),
    );
    assert_eq!(
        result,
        json!({"spec": {"strategy": {"name": "foo", "medium": "bar"}}})
    );
    let message = patch_err(
        json!({"spec": {"strategy": {"name": "foo"}}}),
        json!({"spec": {"strategy": {"$retainKeys": ["name"], "medium": "x"}}}),
    );
    assert_eq!(message, "invalid patch format of retainKeys");
}

#[test]
fn atomic_structs_and_maps_are_replaced() {
    // OwnerReference is `+structType=atomic`: matched by uid, replaced.
    let result = patch(
        json!({"metadata": {"ownerReferences": [
            {"uid": "u1", "kind": "K", "name": "a"}, {"uid": "u2", "name": "b"}]}}),
        json!({"metadata": {"ownerReferences": [{"uid": "u1", "name": "c"}]}}),
    );
    assert_eq!(
        result,
        json!({"metadata": {"ownerReferences": [{"uid": "u1", "name": "c"},
                                                {"uid": "u2", "name": "b"}]}})
    );
    let result = patch(
        json!({"spec": {"nodeSelector": {"a": "1"}, "dnsConfig": {"name": "n", "medium": "m"}}}),
        json!({"spec": {"nodeSelector": {"b": "2"}, "dnsConfig": {"name": "o"}}}),
    );
    assert_eq!(
        result,
        json!({"spec": {"nodeSelector": {"b": "2"}, "dnsConfig": {"name": "o"}}})
    );
}

#[test]
fn unknown_patch_types_are_errors() {
    let message = patch_err(
        json!({"metadata": {"labels": {"a": "1"}}}),
        json!({"metadata": {"labels": {"$patch": "bogus"}}}),
    );
    assert_eq!(
        message,
        "unknown patch type: bogus in map: map[$patch:bogus]"
    );
    let message = patch_err(
        json!({"spec": {"containers": named(&["a"])}}),
        json!({"spec": {"containers": [{"name": "a", "$patch": "bogus"}]}}),
    );
    assert_eq!(
        message,
        "unknown patch type: bogus in map: map[$patch:bogus name:a]"
    );
    // Go's `%s` of what is not a string: nil, a number (decoded as
    // apimachinery's JSON decodes an integer).
    assert_eq!(
        patch_err(json!({}), json!({"$patch": null})),
        "unknown patch type: %!s(<nil>) in map: map[$patch:<nil>]"
    );
    assert_eq!(
        patch_err(json!({}), json!({"$patch": 1})),
        "unknown patch type: %!s(int64=1) in map: map[$patch:1]"
    );
    let message = patch_err(
        json!({"spec": {"containers": named(&["a"])}}),
        json!({"spec": {"containers": [{"$patch": "merge"}]}}),
    );
    assert_eq!(
        message,
        "merging lists cannot yet be specified in the patch"
    );
}

/// The class of an error is how upstream's patch handler tells
/// mergepatch's sentinels apart: malformed patches, a list of lists, and
/// the rest.
#[test]
fn errors_carry_the_class_the_patch_handler_answers_by() {
    let class = |original: Value, patch: Value| apply(&original, &patch, &POD).unwrap_err().class;
    assert_eq!(
        class(
            json!({"spec": {"strategy": {"name": "foo"}}}),
            json!({"spec": {"strategy": {"$retainKeys": ["name"], "medium": "x"}}}),
        ),
        ErrorClass::BadRequest
    );
    assert_eq!(
        class(
            json!({"metadata": {"finalizers": [["a"]]}}),
            json!({"metadata": {"finalizers": ["b"]}}),
        ),
        ErrorClass::Unprocessable
    );
    assert_eq!(
        class(
            json!({"spec": {"containers": [{"name": "1", "image": "a"}]}}),
            json!({"spec": {"containers": [{"image": "b"}]}}),
        ),
        ErrorClass::Other
    );
}

#[test]
fn missing_merge_key_is_an_error() {
    // "missing merge key should error out".
    let message = patch_err(
        json!({"spec": {"containers": [{"name": "1", "image": "a"}]}}),
        json!({"spec": {"containers": [{"image": "b"}]}}),
    );
    assert_eq!(
        message,
        "map: map[image:b] does not contain declared merge key: name"
    );
}

#[test]
fn malformed_lists_and_documents_are_errors() {
    let message = patch_err(
        json!({"metadata": {"finalizers": ["a"]}}),
        json!({"metadata": {"finalizers": [1]}}),
    );
    assert_eq!(message, "list element types are not identical: [[a] [1]]");
    let message = patch_err(
        json!({"spec": {"volumes": [{"name": "a"}]}}),
        json!({"spec": {"volumes": [["a"]]}}),
    );
    assert_eq!(
        message,
        "list element types are not identical: [[map[name:a]] [[a]]]"
    );
    assert_eq!(
        apply(&json!({}), &json!([1]), &POD),
        Err(StrategicPatchError {
            message: "invalid JSON document".to_owned(),
            class: ErrorClass::BadRequest,
        })
    );
}

/// Patches with many directives or removals take work in proportion to
/// their size, as upstream's maps do: each key removed one at a time used
/// to shift the rest of its object, so 40,000 keys made billions of moves.
/// The results are the same as before, order included.
#[test]
fn many_directives_and_removals_are_linear() {
    const N: usize = 40_000;
    let started = std::time::Instant::now();
    let labels: serde_json::Map<String, Value> =
        (0..N).map(|i| (format!("k{i}"), json!("v"))).collect();
    let mut nulls: serde_json::Map<String, Value> = (0..N)
        .filter(|i| i % 2 == 0)
        .map(|i| (format!("k{i}"), Value::Null))
        .collect();
    nulls.insert("new".into(), json!("n"));
    let result = patch(
        json!({"metadata": {"name": "p", "labels": labels}}),
        json!({"metadata": {"labels": nulls}}),
    );
    let kept: Vec<&String> = result["metadata"]["labels"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(kept.len(), N / 2 + 1);
    assert_eq!(
        (kept[0].as_str(), kept[1].as_str()),
        ("k1", "k3"),
        "in their order"
    );
    assert_eq!(kept[N / 2].as_str(), "new", "added last");

    // $setElementOrder of lists neither side has, and $retainKeys naming
    // every key: nothing changes.
    let mut orders: serde_json::Map<String, Value> = (0..N)
        .map(|i| (format!("$setElementOrder/l{i}"), json!([])))
        .collect();
    orders.insert("name".into(), json!("q"));
    let result = patch(
        json!({"metadata": {"name": "p"}}),
        json!({"metadata": orders}),
    );
    assert_eq!(result, json!({"metadata": {"name": "q"}}));
    let volume = |retained: Vec<String>| json!({"spec": {"volumes": [{"name": "v", "$retainKeys": retained, "emptyDir": {}}]}});
    let retained: Vec<String> = (0..N)
        .map(|i| format!("r{i}"))
        .chain(["name".into(), "emptyDir".into()])
        .collect();
    let result = patch(
        json!({"spec": {"volumes": [{"name": "v", "hostPath": {}}]}}),
        volume(retained),
    );
    assert_eq!(
        result,
        json!({"spec": {"volumes": [{"name": "v", "emptyDir": {}}]}})
    );

    // $deleteFromPrimitiveList against a long list.
    let finalizers: Vec<String> = (0..N).map(|i| format!("f{i}")).collect();
    let deleted: Vec<String> = (0..N)
        .filter(|i| i % 4 != 0)
        .map(|i| format!("f{i}"))
        .collect();
    let result = patch(
        json!({"metadata": {"finalizers": finalizers}}),
        json!({"metadata": {"$deleteFromPrimitiveList/finalizers": deleted}}),
    );
    assert_eq!(
        result["metadata"]["finalizers"].as_array().unwrap().len(),
        N / 4
    );
    // Quadratic work took minutes here in a debug build; linear takes well
    // under a second.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}
