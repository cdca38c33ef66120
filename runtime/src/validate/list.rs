//! Lists and maps: uniqueness (`+k8s:listType=set|map`, upstream's
//! `validate.Unique`), per-element validation (`+k8s:eachVal`,
//! `+k8s:eachKey`: `EachSliceVal`, `EachMapVal`, `EachMapKey`) and one
//! list-map item (`+k8s:item`: `SliceItem`), from upstream's
//! `validate/each.go` and `item.go`.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{Context, Operation};
use crate::field::{BadValue, Error, ErrorList, Path};

/// Upstream's `Unique`: every item that `matches` an earlier one is a
/// `Duplicate value: <value>` at its own index (`spec.items[2]`), the value
/// printed by `bad_value` — upstream prints the whole item (a struct as
/// JSON, see [`BadValue::json_of`]). Each duplicate is reported once, in
/// index order.
pub fn unique<T>(
    path: &Path,
    items: &[T],
    matches: impl Fn(&T, &T) -> bool,
    bad_value: impl Fn(&T) -> BadValue,
) -> ErrorList {
    let mut duplicate = vec![false; items.len()];
    for (i, item) in items.iter().enumerate() {
        for (j, other) in items.iter().enumerate().skip(i + 1) {
            if !duplicate[j] && matches(item, other) {
                duplicate[j] = true;
            }
        }
    }
    duplicates(path, items, &duplicate, bad_value)
}

/// `Duplicate value` at each index `duplicate` marks, in index order.
fn duplicates<T>(
    path: &Path,
    items: &[T],
    duplicate: &[bool],
    bad_value: impl Fn(&T) -> BadValue,
) -> ErrorList {
    duplicate
        .iter()
        .enumerate()
        .filter(|(_, dup)| **dup)
        .map(|(i, _)| Error::duplicate(&path.index(i), bad_value(&items[i])))
        .collect()
}

/// [`unique`] for items whose `key` has a total order (a set of strings,
/// integers or bools; a map list keyed by such fields): the items sorted
/// by key once instead of compared pair by pair, which made a list of
/// 100,000 items 5·10⁹ comparisons. The same errors: every item whose key
/// an earlier item has, in index order.
pub fn unique_by_key<'a, T, K: Ord>(
    path: &Path,
    items: &'a [T],
    key: impl Fn(&'a T) -> K,
    bad_value: impl Fn(&T) -> BadValue,
) -> ErrorList {
    let mut keyed: Vec<(K, usize)> = items.iter().map(&key).zip(0..).collect();
    keyed.sort();
    let mut duplicate = vec![false; items.len()];
    for pair in keyed.windows(2) {
        if pair[0].0 == pair[1].0 {
            duplicate[pair[1].1] = true;
        }
    }
    duplicates(path, items, &duplicate, bad_value)
}

/// The items of an old list-map by key, to find each new item's old one
/// (the first old item with its key, as a search of the list finds it) in
/// `O(log n)`: an update's ratcheting looked each item up by a search of
/// the old list, `n·m` comparisons for lists of `n` and `m` items.
pub struct OldItems<'a, T, K> {
    by_key: BTreeMap<K, &'a T>,
}

impl<'a, T, K: Ord> OldItems<'a, T, K> {
    /// Indexes `old` (none on a create) by `key`.
    pub fn new(old: Option<&'a [T]>, key: impl Fn(&'a T) -> K) -> Self {
        let mut by_key = BTreeMap::new();
        for item in old.into_iter().flatten() {
            by_key.entry(key(item)).or_insert(item);
        }
        OldItems { by_key }
    }

    /// The first old item whose key is `key`.
    pub fn get(&self, key: &K) -> Option<&'a T> {
        self.by_key.get(key).copied()
    }
}

/// `+k8s:listType=set`: values must be unique; a repeat is
/// `Duplicate value: <value>` at its index, scalars printed as typed values
/// (`"a"`, `3`, `true`), other values as JSON.
pub fn unique_set(path: &Path, items: &[Value]) -> ErrorList {
    unique(path, items, |a, b| a == b, BadValue::from_json)
}

/// `+k8s:listType=map`: items (JSON objects) must be unique by their
/// `keys` (`+k8s:listMapKey` JSON names; an absent key field matches only
/// an absent one). A repeat is `Duplicate value: <item>` at its index, the
/// whole item printed as JSON, as upstream's `Unique` prints it.
pub fn unique_map(path: &Path, items: &[Value], keys: &[&str]) -> ErrorList {
    unique(
        path,
        items,
        |a, b| keys.iter().all(|k| a.get(k) == b.get(k)),
        |item| BadValue::Json(item.clone()),
    )
}

/// Upstream's `EachSliceVal`: runs `validator(item path, item, old item)`
/// on every item at `path[i]`. On update, the old item is the first in
/// `old` that `matches` (none without `matches`), and an item is skipped
/// (ratcheting) when it has an old item that is `equiv` — or, without
/// `equiv`, when it has one at all (`matches` then compares whole items).
pub fn each_slice_val<T>(
    ctx: &Context,
    path: &Path,
    items: &[T],
    old: Option<&[T]>,
    matches: Option<fn(&T, &T) -> bool>,
    equiv: Option<fn(&T, &T) -> bool>,
    mut validator: impl FnMut(&Path, &T, Option<&T>) -> ErrorList,
) -> ErrorList {
    let mut errs = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let old_item = match (matches, old) {
            (Some(matches), Some(old)) => old.iter().find(|o| matches(o, item)),
            _ => None,
        };
        if ctx.operation == Operation::Update
            && let Some(old_item) = old_item
            && equiv.is_none_or(|equiv| equiv(item, old_item))
        {
            continue;
        }
        errs.extend(validator(&path.index(i), item, old_item));
    }
    errs
}

/// Upstream's `EachMapVal`: runs `validator(entry path, value, old value)`
/// on every value at `path[key]`, the old value being the one under the
/// same key. On update, a value `equiv` to its old value is skipped.
pub fn each_map_val<V>(
    ctx: &Context,
    path: &Path,
    map: &BTreeMap<String, V>,
    old: Option<&BTreeMap<String, V>>,
    equiv: Option<fn(&V, &V) -> bool>,
    mut validator: impl FnMut(&Path, &V, Option<&V>) -> ErrorList,
) -> ErrorList {
    let mut errs = Vec::new();
    for (key, value) in map {
        let old_value = old.and_then(|o| o.get(key));
        if ctx.operation == Operation::Update
            && let (Some(old_value), Some(equiv)) = (old_value, equiv)
            && equiv(value, old_value)
        {
            continue;
        }
        errs.extend(validator(&path.key(key), value, old_value));
    }
    errs
}

/// Upstream's `EachMapKey`: runs `validator(path, key)` on every key, with
/// the map's own path (not `path[key]`, as upstream). On update, keys
/// already in `old` are skipped.
pub fn each_map_key<V>(
    ctx: &Context,
    path: &Path,
    map: &BTreeMap<String, V>,
    old: Option<&BTreeMap<String, V>>,
    mut validator: impl FnMut(&Path, &str) -> ErrorList,
) -> ErrorList {
    let mut errs = Vec::new();
    for key in map.keys() {
        if ctx.operation == Operation::Update && old.is_some_and(|o| o.contains_key(key)) {
            continue;
        }
        errs.extend(validator(path, key));
    }
    errs
}

/// Upstream's `SliceItem` (`+k8s:item(key: value)=...`): runs
/// `validator(path[i], item, old item)` on the first item that `matches`,
/// the old item being the first match in `old`. On update, nothing is
/// validated when the old item is `equiv`; without a match, nothing is.
pub fn slice_item<T>(
    ctx: &Context,
    path: &Path,
    items: &[T],
    old: Option<&[T]>,
    matches: impl Fn(&T) -> bool,
    equiv: impl Fn(&T, &T) -> bool,
    validator: impl FnOnce(&Path, &T, Option<&T>) -> ErrorList,
) -> ErrorList {
    let Some((index, item)) = items.iter().enumerate().find(|(_, item)| matches(item)) else {
        return Vec::new();
    };
    let old_item = old.and_then(|old| old.iter().find(|o| matches(o)));
    if ctx.operation == Operation::Update && old_item.is_some_and(|o| equiv(item, o)) {
        return Vec::new();
    }
    validator(&path.index(index), item, old_item)
}

#[cfg(test)]
mod tests {
    //! Behaviour and strings: upstream `validate/each.go` (`Unique` reports
    //! `field.Duplicate(fldPath.Index(i), item)`), `each_test.go`,
    //! `item.go`.

    use super::*;
    use crate::validate::limits::{max_length, minimum};
    use serde_json::json;

    fn rendered(errs: ErrorList) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    static SPEC: Path<'static> = Path::new("spec");

    fn path() -> Path<'static> {
        SPEC.child("items")
    }

    /// The index finds the old item a search of the list finds: the
    /// first with the key, none for a key the old list lacks or on a
    /// create.
    #[test]
    fn old_items_are_found_by_key_as_a_search_finds_them() {
        let old = [("a", 1), ("b", 2), ("a", 3)];
        let index = OldItems::new(Some(&old[..]), |x| (&x.0,));
        assert_eq!(index.get(&(&"a",)), Some(&("a", 1)));
        assert_eq!(index.get(&(&"b",)), Some(&("b", 2)));
        assert_eq!(index.get(&(&"c",)), None);
        let none: OldItems<'_, (&str, i32), (&&str,)> = OldItems::new(None, |x| (&x.0,));
        assert_eq!(none.get(&(&"a",)), None);
    }

    /// Sorting by key finds what comparing every pair finds, reported in
    /// index order: for strings, and for tuples of a string and an
    /// optional integer as a map list's keys.
    #[test]
    fn keyed_uniqueness_reports_what_pairwise_comparison_does() {
        let names: Vec<String> = (0..300).map(|i| format!("n{}", (i * 7) % 97)).collect();
        assert_eq!(
            rendered(unique_by_key(&path(), &names, |a| a, BadValue::value_of)),
            rendered(unique(&path(), &names, |a, b| a == b, BadValue::value_of))
        );
        let ports: Vec<(String, Option<i64>)> = (0..200)
            .map(|i| (format!("p{}", i % 13), (i % 3 != 0).then_some(i % 5)))
            .collect();
        let keyed = unique_by_key(&path(), &ports, |a| (&a.0, &a.1), BadValue::json_of);
        assert!(!keyed.is_empty());
        assert_eq!(
            rendered(keyed),
            rendered(unique(&path(), &ports, |a, b| a == b, BadValue::json_of))
        );
    }

    #[test]
    fn sets_report_each_repeat_once() {
        assert!(unique_set(&path(), &[json!("a"), json!("b")]).is_empty());
        assert_eq!(
            rendered(unique_set(
                &path(),
                &[
                    json!("a"),
                    json!("b"),
                    json!("a"),
                    json!("a"),
                    json!(1),
                    json!(1)
                ]
            )),
            [
                r#"spec.items[2]: Duplicate value: "a""#,
                r#"spec.items[3]: Duplicate value: "a""#,
                "spec.items[5]: Duplicate value: 1",
            ]
        );
        assert_eq!(
            rendered(unique_set(&path(), &[json!({"x": 1}), json!({"x": 1})])),
            [r#"spec.items[1]: Duplicate value: {"x":1}"#]
        );
    }

    #[test]
    fn list_maps_compare_keys_and_print_items() {
        let items = [
            json!({"name": "http", "port": 80}),
            json!({"name": "https", "port": 443}),
            json!({"name": "http", "port": 8080}),
        ];
        assert!(unique_map(&path(), &items, &["name", "port"]).is_empty());
        assert_eq!(
            rendered(unique_map(&path(), &items, &["name"])),
            [r#"spec.items[2]: Duplicate value: {"name":"http","port":8080}"#]
        );
        // Absent key fields match each other (nil == nil upstream).
        assert_eq!(
            rendered(unique_map(
                &path(),
                &[json!({"a": 1}), json!({"a": 2})],
                &["name"]
            )),
            [r#"spec.items[1]: Duplicate value: {"a":2}"#]
        );
    }

    #[test]
    fn typed_unique() {
        let names = ["a".to_string(), "a".to_string()];
        assert_eq!(
            rendered(unique(
                &path(),
                &names,
                |a, b| a == b,
                |s| BadValue::Str(s.clone())
            )),
            [r#"spec.items[1]: Duplicate value: "a""#]
        );
    }

    #[test]
    fn each_slice_val_ratchets_matched_items() {
        let create = Context::create();
        let update = Context::update();
        let check = |p: &Path, v: &i64, _: Option<&i64>| minimum(p, *v, 1);
        assert_eq!(
            rendered(each_slice_val(
                &create,
                &path(),
                &[1, 0, -1],
                None,
                None,
                None,
                check
            )),
            [
                "spec.items[1]: Invalid value: 0: must be greater than or equal to 1",
                "spec.items[2]: Invalid value: -1: must be greater than or equal to 1",
            ]
        );
        // On update, items found in the old list (whole-value match) are
        // not re-validated.
        let old: &[i64] = &[0];
        assert_eq!(
            rendered(each_slice_val(
                &update,
                &path(),
                &[1, 0, -1],
                Some(old),
                Some(|a, b| a == b),
                None,
                check
            )),
            ["spec.items[2]: Invalid value: -1: must be greater than or equal to 1"]
        );
        // Without a match function nothing ratchets.
        assert_eq!(
            each_slice_val(&update, &path(), &[0], Some(old), None, None, check).len(),
            1
        );
    }

    #[test]
    fn each_map_val_and_key() {
        let map: BTreeMap<String, String> =
            [("a".into(), "toolong".into()), ("b".into(), "ok".into())].into();
        let old: BTreeMap<String, String> = [("a".into(), "toolong".into())].into();
        let check = |p: &Path, v: &String, _: Option<&String>| max_length(p, v, 3);
        assert_eq!(
            rendered(each_map_val(
                &Context::create(),
                &path(),
                &map,
                None,
                None,
                check
            )),
            ["spec.items[a]: Too long: may not be more than 3 characters"]
        );
        assert!(
            each_map_val(
                &Context::update(),
                &path(),
                &map,
                Some(&old),
                Some(|a, b| a == b),
                check
            )
            .is_empty()
        );
        let key_check = |p: &Path, k: &str| max_length(p, k, 0);
        assert_eq!(
            rendered(each_map_key(
                &Context::create(),
                &path(),
                &map,
                None,
                key_check
            )),
            [
                "spec.items: Too long: may not be more than 0 characters",
                "spec.items: Too long: may not be more than 0 characters",
            ]
        );
        assert_eq!(
            each_map_key(&Context::update(), &path(), &map, Some(&old), key_check).len(),
            1
        );
    }

    #[test]
    fn slice_item_validates_the_matching_item() {
        let items = [("Approved", 0), ("Denied", 5)];
        let check = |p: &Path, item: &(&str, i64), _: Option<&(&str, i64)>| minimum(p, item.1, 1);
        let denied = |item: &(&str, i64)| item.0 == "Denied";
        let approved = |item: &(&str, i64)| item.0 == "Approved";
        assert!(
            slice_item(
                &Context::create(),
                &path(),
                &items,
                None,
                denied,
                |a, b| a == b,
                check
            )
            .is_empty()
        );
        assert_eq!(
            rendered(slice_item(
                &Context::create(),
                &path(),
                &items,
                None,
                approved,
                |a, b| a == b,
                check
            )),
            ["spec.items[0]: Invalid value: 0: must be greater than or equal to 1"]
        );
        assert!(
            slice_item(
                &Context::update(),
                &path(),
                &items,
                Some(&items[..1]),
                approved,
                |a, b| a == b,
                check
            )
            .is_empty()
        );
    }
}
