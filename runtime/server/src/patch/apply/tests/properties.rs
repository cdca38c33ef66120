//! `prune`'s shortcut (nothing of the applier's last set can be
//! dropped when it still applies all of it) against upstream's three
//! passes, and the applied object's one checking walk against its
//! check and its field set, on random Widgets.

use proptest::prelude::*;
use serde_json::{Map, Value, json};

use super::super::managers::{Managed, Managers};
use super::super::walk::{applied_field_set, check_lists, merge, to_field_set};
use super::super::{FieldSet, Shape, prune, prune_all_passes};
use super::WIDGET;

fn port() -> impl Strategy<Value = Value> {
    port_named(prop::sample::select(vec!["a", "b", "c"]))
}

/// A port item named from `names`, its other fields there or not;
/// an item without its key now and then.
fn port_named(names: impl Strategy<Value = &'static str>) -> impl Strategy<Value = Value> {
    (
        names,
        prop::option::of(0..3i64),
        prop::option::of(prop::sample::select(vec!["TCP", "UDP"])),
    )
        .prop_map(|(name, port, protocol)| {
            let mut item = Map::new();
            if !name.is_empty() {
                item.insert("name".into(), json!(name));
            }
            if let Some(port) = port {
                item.insert("port".into(), json!(port));
            }
            if let Some(protocol) = protocol {
                item.insert("protocol".into(), json!(protocol));
            }
            Value::Object(item)
        })
}

fn small_map() -> impl Strategy<Value = Option<Value>> {
    prop::option::of(
        prop::collection::btree_map(
            prop::sample::select(vec!["k1", "k2", "k3"]),
            prop::sample::select(vec!["v", "w"]),
            0..3,
        )
        .prop_map(|m| json!(m)),
    )
}

/// A Widget as an applier or a writer might send it: any of its fields
/// present or not, maps and lists empty or not, an undeclared field.
fn widget() -> impl Strategy<Value = Value> {
    (
        prop::option::of(0..3i64),
        prop::option::of(prop::collection::vec(port(), 0..3)),
        prop::option::of(prop::collection::vec(
            prop::sample::select(vec!["x", "y", "z"]),
            0..3,
        )),
        prop::option::of(prop::collection::vec(0..2i64, 0..2)),
        small_map(),
        small_map(),
        small_map(),
    )
        .prop_map(
            |(replicas, ports, tags, args, labels, annotations, extra)| {
                let mut spec = Map::new();
                let mut set = |key: &str, value: Option<Value>| {
                    if let Some(value) = value {
                        spec.insert(key.to_string(), value);
                    }
                };
                set("replicas", replicas.map(|r| json!(r)));
                set("ports", ports.map(Value::Array));
                set("tags", tags.map(|t| json!(t)));
                set("args", args.map(|a| json!(a)));
                let mut meta = Map::new();
                meta.insert("name".into(), json!("w"));
                if let Some(labels) = labels {
                    meta.insert("labels".into(), labels);
                }
                if let Some(annotations) = annotations {
                    meta.insert("annotations".into(), annotations);
                }
                let mut obj = json!({"apiVersion": "v1", "kind": "Widget", "metadata": meta});
                obj["spec"] = Value::Object(spec);
                if let Some(extra) = extra {
                    obj["extra"] = extra;
                }
                obj
            },
        )
}

/// `config` as apply accepts one: list items whose key repeats an
/// earlier item's dropped (apply refuses repeated keys before it
/// merges, and the merge relies on it).
fn without_repeats(mut config: Value) -> Value {
    for (list, key) in [("ports", Some("name")), ("tags", None)] {
        if let Some(Value::Array(items)) = config["spec"].get_mut(list) {
            let mut seen = Vec::new();
            items.retain(|item| {
                let id = key.map_or_else(|| item.clone(), |k| item[k].clone());
                let fresh = !seen.contains(&id);
                if fresh {
                    seen.push(id);
                }
                fresh
            });
        }
    }
    config
}

fn entry(manager: &str, operation: &str, set: FieldSet) -> Managed {
    Managed::new(
        manager.into(),
        operation.into(),
        "v1".into(),
        String::new(),
        None,
        set,
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_shortcut_agrees_with_upstreams_passes(
        live in widget(),
        first in widget().prop_map(without_repeats),
        extra in widget().prop_map(without_repeats),
        writer in widget(),
    ) {
        let shape = Shape::root(&WIDGET);
        // The configuration applied now holds everything applied last
        // time (merged with more), as a re-apply of a grown file does.
        let applied = merge(&first, &extra, shape);
        prop_assert!(check_lists(&applied, shape, false).is_empty());
        let last = to_field_set(&first, shape);
        let applied_set = to_field_set(&applied, shape);
        prop_assume!(last.is_subset(&applied_set));
        let merged = merge(&live, &applied, shape);
        let mut managers = Managers::new();
        managers.insert("applier".into(), entry("applier", "Apply", applied_set));
        managers.insert(
            "writer".into(),
            entry("writer", "Update", to_field_set(&writer, shape)),
        );
        prop_assert_eq!(
            prune_all_passes(&merged, &managers, &last, shape),
            prune(merged.clone(), &managers, "applier", &last, shape)
        );
    }

    /// The walk that checks an applied object and finds its paths
    /// reports what `check_lists` reports, in its order, and otherwise
    /// the same set as `to_field_set`, for lists short and long (whose
    /// repeats it finds another way), with repeated and missing keys.
    #[test]
    fn the_checking_walk_agrees_with_the_check_and_the_set(
        widget in widget(),
        ports in prop::option::of(prop::collection::vec(
            port_named(prop::sample::select(vec![
                "", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n",
                "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z",
            ])),
            0..40,
        )),
    ) {
        let shape = Shape::root(&WIDGET);
        let mut applied = widget;
        if let Some(ports) = ports {
            applied["spec"]["ports"] = Value::Array(ports);
        }
        let errors = check_lists(&applied, shape, false);
        let expected = if errors.is_empty() {
            Ok(to_field_set(&applied, shape))
        } else {
            Err(errors)
        };
        prop_assert_eq!(applied_field_set(&applied, shape), expected);
    }
}
