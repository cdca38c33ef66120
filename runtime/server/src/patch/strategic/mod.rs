//! Strategic merge patch (`application/strategic-merge-patch+json`).
//!
//! The apply half of apimachinery's strategic merge patch
//! (`k8s.io/apimachinery/pkg/util/strategicpatch/patch.go`:
//! `StrategicMergeMapPatch`, `mergeMap`, `mergeSlice`,
//! `mergePatchIntoOriginal`, `normalizeElementOrder`), driven by the
//! structural schema tables of [`runtime::schema`] instead of Go struct tags.
//! Error messages are upstream's (`mergepatch/errors.go` and `patch.go`),
//! with Go's `%v` rendering of maps (`map[k:v]`) and lists (`[a b]`).
//!
//! Semantics, as upstream:
//! - Objects merge key by key; a `null` value deletes the key; keys absent
//!   from the patch are kept. Keys unknown to the schema merge as untyped
//!   JSON (objects recursively, everything else replaced).
//! - A value the original lacks (or holds with another JSON type) is taken
//!   from the patch with its `null`s dropped and any object carrying `$patch`
//!   removed (upstream's `discardNullValuesFromPatch` and `removeDirectives`;
//!   here the other directive keys are stripped too).
//! - Lists are replaced unless the field's strategy merges. Merging lists of
//!   objects match items by `patchMergeKey`; lists of scalars are unioned
//!   without duplicates. Either way the result is ordered as upstream's
//!   `normalizeElementOrder`: the patch's items in patch order, the other
//!   items in live order, interleaved by their live positions. So a patch
//!   holding only new items puts them first; `$setElementOrder` fixes the
//!   order explicitly.
//! - Directives: `$patch` (`replace` or `delete`, in an object or as a
//!   merging-list item; `merge` and other values are errors, as upstream's),
//!   `$setElementOrder/<list>`,
//!   `$deleteFromPrimitiveList/<list>` and `$retainKeys`. They never appear in
//!   the result.
//! - `+structType=atomic` structs, `+mapType=atomic` maps and fields with
//!   `patchStrategy=replace` are replaced whole (upstream honours only the
//!   last; the first two are this server's schema markers).

use std::collections::HashSet;
use std::fmt;
use std::mem;

use serde_json::{Map, Value};

use runtime::schema::{FieldSchema, PatchStrategy, Type, TypeSchema};

/// `$patch`: `replace`, `delete` (or `merge`, refused as upstream does).
const DIRECTIVE_MARKER: &str = "$patch";
/// `$retainKeys`: the keys an object keeps.
const RETAIN_KEYS: &str = "$retainKeys";
/// `$setElementOrder/<list>`: the order of a merging list.
const SET_ELEMENT_ORDER: &str = "$setElementOrder";
/// `$deleteFromPrimitiveList/<list>`: scalars to remove from a list.
const DELETE_FROM_PRIMITIVE_LIST: &str = "$deleteFromPrimitiveList";

/// Go's name of a decoded JSON object, for upstream's type errors.
const GO_MAP: &str = "map[string]interface {}";
/// Go's name of a decoded JSON list, for upstream's type errors.
const GO_LIST: &str = "[]interface {}";

/// A strategic merge patch that cannot be applied to the object, with
/// upstream's message (e.g. `map: map[image:b] does not contain declared
/// merge key: name`, `unknown patch type: bogus in map: map[$patch:bogus]`,
/// `invalid patch format of retainKeys`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategicPatchError {
    /// Upstream's message.
    pub message: String,
    /// How the patch handler answers it.
    pub class: ErrorClass,
}

/// How upstream's patch handler answers a strategic merge patch error
/// (`interpretStrategicMergePatchError` in `endpoints/handlers/patch.go`,
/// which tells mergepatch's sentinel errors apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorClass {
    /// A malformed patch (`ErrBadJSONDoc`, `ErrBadPatchFormatForPrimitiveList`,
    /// `ErrBadPatchFormatForRetainKeys`, `ErrBadPatchFormatForSetElementOrderList`):
    /// 400 BadRequest with the message.
    BadRequest,
    /// `ErrNoListOfLists`: the generic 422 (`NewGenericServerResponse`),
    /// without the message.
    Unprocessable,
    /// Any other error (a missing merge key, an unknown `$patch`, list
    /// items of another type), which the handler returns as it is: a 500
    /// with the message and no reason.
    Other,
}

impl fmt::Display for StrategicPatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for StrategicPatchError {}

type Result<T, E = StrategicPatchError> = std::result::Result<T, E>;

type Object = Map<String, Value>;

/// Applies a strategic merge patch to `original` (a JSON object of the kind
/// described by `schema`).
///
/// `original` and `patch` must be JSON objects (`null` counts as `{}`); the
/// result is the patched object. Errors: `invalid JSON document` when either
/// is not an object, and upstream's messages for malformed patches: a
/// `$patch` value other than `replace` or `delete`, a merging-list item without its merge key, a
/// `$setElementOrder` list out of step with the patch list, a key outside
/// `$retainKeys`, mixed or nested lists in a merging list.
pub fn apply(
    original: &Value,
    patch: &Value,
    schema: &'static TypeSchema,
) -> Result<Value, StrategicPatchError> {
    let original = document(original)?;
    let patch = document(patch)?;
    merge_object(original, patch, Node::of_struct(schema)).map(Value::Object)
}

/// A whole document: an object, or `null` for an empty one.
fn document(value: &Value) -> Result<Object> {
    match value {
        Value::Object(object) => Ok(object.clone()),
        Value::Null => Ok(Object::new()),
        _ => Err(malformed("invalid JSON document")),
    }
}

/// How an object at one place of the schema merges.
#[derive(Debug, Clone, Copy)]
enum Node {
    /// A struct: its fields come from the table.
    Struct(&'static TypeSchema),
    /// A map: every value has this type.
    Map(&'static Type),
    /// Unknown or untyped JSON: merged as plain JSON objects.
    Untyped,
    /// Replaced whole by the patch.
    Atomic,
}

impl Node {
    /// The node of a struct table.
    fn of_struct(schema: &'static TypeSchema) -> Node {
        if schema.atomic {
            Node::Atomic
        } else {
            Node::Struct(schema)
        }
    }

    /// The node of a value of type `ty` (`None`: unknown).
    fn of_type(ty: Option<&'static Type>) -> Node {
        match ty {
            Some(&Type::Struct(schema)) => Node::of_struct(schema()),
            Some(&Type::Map(values)) => Node::Map(values),
            _ => Node::Untyped,
        }
    }

    /// What the schema says about key `key` of this object.
    fn field(self, key: &str) -> Field {
        match self {
            Node::Struct(schema) => schema.field(key).map_or(Field::UNTYPED, Field::of),
            Node::Map(values) => Field {
                ty: Some(values),
                ..Field::UNTYPED
            },
            Node::Untyped | Node::Atomic => Field::UNTYPED,
        }
    }
}

/// The patch metadata of one key of an object.
#[derive(Debug, Clone, Copy)]
struct Field {
    /// The value type, `None` when unknown.
    ty: Option<&'static Type>,
    /// `+patchStrategy`.
    strategy: PatchStrategy,
    /// `+patchMergeKey`.
    merge_key: Option<&'static str>,
    /// `+mapType=atomic`.
    atomic_map: bool,
}

impl Field {
    /// A key the schema does not know.
    const UNTYPED: Field = Field {
        ty: None,
        strategy: PatchStrategy::Default,
        merge_key: None,
        atomic_map: false,
    };

    /// The metadata of a schema field.
    fn of(field: &'static FieldSchema) -> Field {
        Field {
            ty: Some(&field.ty),
            strategy: field.patch_strategy,
            merge_key: field.patch_merge_key,
            atomic_map: field.atomic_map,
        }
    }

    /// How an object value of this field merges.
    fn object_node(self) -> Node {
        if self.strategy == PatchStrategy::Replace || self.atomic_map {
            Node::Atomic
        } else {
            Node::of_type(self.ty)
        }
    }

    /// The element type of a list field, `None` when unknown.
    fn element_type(self) -> Option<&'static Type> {
        match self.ty {
            Some(&Type::List(element)) => Some(element),
            _ => None,
        }
    }

    /// The element type's name, for errors.
    fn element_name(self) -> &'static str {
        match self.element_type() {
            Some(&Type::Struct(schema)) => schema().name,
            _ => "untyped",
        }
    }
}

/// Merges `patch` into `original` (upstream's `mergeMap` and
/// `mergeMapHandler`): a `$patch` directive first, then atomic replacement,
/// else key by key.
fn merge_object(original: Object, patch: Object, node: Node) -> Result<Object> {
    if let Some(directive) = patch.get(DIRECTIVE_MARKER).cloned() {
        return object_directive(&directive, patch);
    }
    match node {
        Node::Atomic => Ok(clean_object(patch)),
        _ => merge_keys(original, patch, node),
    }
}

/// `$patch` in an object: `replace` gives the patch itself, `delete` an
/// empty object (upstream's `handleDirectiveInMergeMap`; `merge` is refused).
fn object_directive(directive: &Value, patch: Object) -> Result<Object> {
    match directive.as_str() {
        Some("replace") => Ok(clean_object(patch)),
        Some("delete") => Ok(Object::new()),
        _ => Err(bad_patch_type(directive, &patch)),
    }
}

/// Merges an object key by key: `$retainKeys`, then `$setElementOrder`
/// lists, then the other keys, then `$deleteFromPrimitiveList` lists (the
/// order `mergePatchIntoOriginal` gives them when both come with an order).
fn merge_keys(mut original: Object, mut patch: Object, node: Node) -> Result<Object> {
    retain_keys(&mut original, &mut patch)?;
    set_element_orders(&mut original, &mut patch, node)?;
    let (deletions, changes): (Vec<_>, Vec<_>) = patch
        .into_iter()
        .partition(|(key, _)| key.starts_with(DELETE_FROM_PRIMITIVE_LIST));
    // The keys the patch removes go in one pass at the end: removed one at
    // a time, each shifted the map's later entries (the objects keep their
    // order), and a patch nulling every key of a large map took minutes.
    let mut removed = HashSet::new();
    for (key, value) in changes {
        merge_entry(&mut original, &mut removed, key, value, node, false)?;
    }
    for (directive, value) in deletions {
        let key = directive_target(&directive, DELETE_FROM_PRIMITIVE_LIST)?;
        merge_entry(
            &mut original,
            &mut removed,
            key.to_owned(),
            value,
            node,
            true,
        )?;
    }
    if !removed.is_empty() {
        original.retain(|key, _| !removed.contains(key));
    }
    Ok(original)
}

/// Merges one patch entry into `original` (the loop of upstream's
/// `mergeMap`), where the keys in `removed` are gone (and are taken out by
/// the caller). `deletion`: the value is a `$deleteFromPrimitiveList` list.
fn merge_entry(
    original: &mut Object,
    removed: &mut HashSet<String>,
    key: String,
    patch: Value,
    node: Node,
    deletion: bool,
) -> Result<()> {
    if patch.is_null() {
        removed.insert(key);
        return Ok(());
    }
    let field = node.field(&key);
    let present = !removed.contains(&key);
    let Some(current) = original
        .get_mut(&key)
        .filter(|current| present && kind(current) == kind(&patch))
    else {
        if !deletion {
            set_cleaned(original, removed, key, patch);
        }
        return Ok(());
    };
    *current = match (mem::take(current), patch) {
        (Value::Object(current), Value::Object(patch)) => {
            Value::Object(merge_object(current, patch, field.object_node())?)
        }
        (Value::Array(current), Value::Array(patch)) => {
            Value::Array(merge_field_list(current, patch, field, deletion)?)
        }
        (_, patch) => patch,
    };
    Ok(())
}

/// Sets `key` to the cleaned patch value, or removes it (adds it to
/// `removed`) when the value was a directive object.
fn set_cleaned(original: &mut Object, removed: &mut HashSet<String>, key: String, patch: Value) {
    match clean_value(patch) {
        Some(value) => {
            removed.remove(&key);
            original.insert(key, value);
        }
        None => {
            removed.insert(key);
        }
    }
}

/// `$retainKeys`: every non-null patch key must be listed; keys of
/// `original` not listed are cleared (upstream's `applyRetainKeysDirective`).
fn retain_keys(original: &mut Object, patch: &mut Object) -> Result<()> {
    let Some(retained) = patch.shift_remove(RETAIN_KEYS) else {
        return Ok(());
    };
    let Value::Array(retained) = retained else {
        return Err(malformed("invalid patch format of retainKeys"));
    };
    let retained: HashSet<&str> = retained.iter().filter_map(Value::as_str).collect();
    let keeps = |key: &str| retained.contains(key);
    let stray = patch.iter().any(|(key, value)| {
        !value.is_null()
            && !key.starts_with(DELETE_FROM_PRIMITIVE_LIST)
            && !key.starts_with(SET_ELEMENT_ORDER)
            && !keeps(key)
    });
    if stray {
        return Err(malformed("invalid patch format of retainKeys"));
    }
    original.retain(|key, _| keeps(key));
    Ok(())
}

/// Processes every `$setElementOrder/<list>` of `patch`, merging the list
/// with its patch list and ordering it (upstream's `mergePatchIntoOriginal`).
///
/// The directives and the lists they order leave `patch` in one pass each
/// (removed one at a time, each shifted the later entries: a patch of
/// 100,000 directives took minutes).
fn set_element_orders(original: &mut Object, patch: &mut Object, node: Node) -> Result<()> {
    let mut directives = Vec::new();
    patch.retain(|key, value| {
        let directive = key.starts_with(SET_ELEMENT_ORDER);
        if directive {
            directives.push((key.clone(), mem::take(value)));
        }
        !directive
    });
    let mut ordered = HashSet::new();
    for (directive, order) in directives {
        let Value::Array(order) = order else {
            return Err(bad_arg_type(GO_LIST, &order));
        };
        let key = directive_target(&directive, SET_ELEMENT_ORDER)?;
        order_list(original, patch, key, &order, node.field(key))?;
        ordered.insert(key.to_owned());
    }
    if !ordered.is_empty() {
        patch.retain(|key, _| !ordered.contains(key));
    }
    Ok(())
}

/// Merges list `key` of `original` with the patch's and orders it by
/// `order`: the listed items in that order, the others where the live list
/// has them. The caller takes the patch list out of `patch`.
fn order_list(
    original: &mut Object,
    patch: &mut Object,
    key: &str,
    order: &[Value],
    field: Field,
) -> Result<()> {
    let live = list_at(original, key)?;
    let changes = list_at(patch, key)?;
    check_order(
        changes.as_deref().unwrap_or_default(),
        order,
        field.merge_key,
    )?;
    let (merged, live_order) = match (live, changes) {
        (None, None) => return Ok(()),
        (Some(live), None) => (live.clone(), live),
        (None, Some(changes)) => (clean_list(changes), Vec::new()),
        (Some(live), Some(changes)) => merge_ordered_list(live, changes, field)?,
    };
    let ordered = enforce_order(merged, order, &live_order, field.merge_key)?;
    original.insert(key.to_owned(), Value::Array(ordered));
    Ok(())
}

/// The list at `key` of `object`, if any (a copy). Errors if it is not a
/// list.
fn list_at(object: &Object, key: &str) -> Result<Option<Vec<Value>>> {
    match object.get(key) {
        None => Ok(None),
        Some(Value::Array(items)) => Ok(Some(items.clone())),
        Some(other) => Err(bad_arg_type(GO_LIST, other)),
    }
}

/// Merges a live list with a patch list under `$setElementOrder`, returning
/// the merged items and the live order to interleave them by.
///
/// Upstream merges in place: deleted items shift the live list left and new
/// items fill the freed slots (Go slices share storage), and its ordering
/// then reads the live list through its old length. [`MergedList::live`]
/// reproduces that view, which upstream's expected orders depend on
/// (patch_test.go: "add map and delete map from merging list").
fn merge_ordered_list(
    live: Vec<Value>,
    changes: Vec<Value>,
    field: Field,
) -> Result<(Vec<Value>, Vec<Value>)> {
    if !field.strategy.merges() {
        return Ok((clean_list(changes), live));
    }
    let merged = merge_list(live.clone(), changes, field, false)?;
    Ok((merged.items, merged.live.unwrap_or(live)))
}

/// Checks that the patch list's items (bar deletions and directives) appear
/// in `order` in the same relative order (upstream's
/// `validatePatchWithSetOrderList`).
fn check_order(changes: &[Value], order: &[Value], key: Option<&str>) -> Result<()> {
    if changes.is_empty() || order.is_empty() {
        return Ok(());
    }
    let pending = without_deletions(changes, key)?;
    let (mut next, mut at) = (0, 0);
    while next < pending.len() && at < order.len() {
        if pending[next].get(DIRECTIVE_MARKER).is_some() {
            next += 1;
            continue;
        }
        if same_key(pending[next], &order[at], key)? {
            next += 1;
        }
        at += 1;
    }
    if next < pending.len() {
        return Err(error(format!(
            "the order in patch list:\n{}\n doesn't match {SET_ELEMENT_ORDER} list:\n{}",
            runtime::go::list_v(changes),
            runtime::go::list_v(order)
        )));
    }
    Ok(())
}

/// The items of a patch list that are not `$patch: delete` items (all of
/// them for a list without merge key).
fn without_deletions<'a>(changes: &'a [Value], key: Option<&str>) -> Result<Vec<&'a Value>> {
    if key.is_none() {
        return Ok(changes.iter().collect());
    }
    let mut kept = Vec::new();
    for item in changes {
        let object = item.as_object().ok_or_else(|| bad_arg_type(GO_MAP, item))?;
        if object.get(DIRECTIVE_MARKER).and_then(Value::as_str) != Some("delete") {
            kept.push(item);
        }
    }
    Ok(kept)
}

/// Whether two items have the same merge key value (the same value without
/// merge key), upstream's `mergeKeyValueEqual`.
fn same_key(left: &Value, right: &Value, key: Option<&str>) -> Result<bool> {
    let Some(key) = key else {
        return Ok(left == right);
    };
    Ok(merge_key_value(left, key)? == merge_key_value(right, key)?)
}

/// Merges a list field: merging strategy (or a deletion list) merges,
/// anything else replaces (upstream's `mergeSliceHandler`).
fn merge_field_list(
    original: Vec<Value>,
    patch: Vec<Value>,
    field: Field,
    deletion: bool,
) -> Result<Vec<Value>> {
    if deletion || field.strategy.merges() {
        Ok(merge_list(original, patch, field, deletion)?.items)
    } else {
        Ok(clean_list(patch))
    }
}

/// A merged list.
struct MergedList {
    /// The items, ordered.
    items: Vec<Value>,
    /// For merges by key: the live list as upstream's in-place merge leaves
    /// it, read through its original length (see [`merge_ordered_list`]).
    live: Option<Vec<Value>>,
}

/// Merges two lists (upstream's `mergeSlice`): by merge key for objects,
/// as a set for scalars, or removing `patch`'s scalars for a deletion list.
fn merge_list(
    original: Vec<Value>,
    patch: Vec<Value>,
    field: Field,
    deletion: bool,
) -> Result<MergedList> {
    if original.is_empty() && patch.is_empty() {
        return Ok(MergedList {
            items: original,
            live: None,
        });
    }
    if element_kind(&original, &patch)? == Kind::Object {
        let Some(key) = field.merge_key else {
            return Err(error(format!(
                "cannot merge lists without merge key for {}",
                field.element_name()
            )));
        };
        let node = Node::of_type(field.element_type());
        return merge_keyed_list(original, patch, key, node);
    }
    let items = if deletion {
        // Scalars, compared by their JSON text in a set (upstream's
        // `deleteFromSlice` keys a map by value).
        let deleted: HashSet<String> = patch.iter().map(Value::to_string).collect();
        original
            .into_iter()
            .filter(|v| !deleted.contains(&v.to_string()))
            .collect()
    } else {
        merge_scalar_list(original, patch)?
    };
    Ok(MergedList { items, live: None })
}

/// The JSON kind of every item of both lists, which must agree (upstream's
/// `sliceElementType`).
fn element_kind(original: &[Value], patch: &[Value]) -> Result<Kind> {
    let mut kinds = original.iter().chain(patch).map(kind);
    let Some(first) = kinds.next() else {
        return Err(error("no elements in any of the given slices"));
    };
    if first == Kind::List {
        return Err(StrategicPatchError {
            message: "lists of lists are not supported".into(),
            class: ErrorClass::Unprocessable,
        });
    }
    if kinds.any(|other| other != first) {
        return Err(error(format!(
            "list element types are not identical: [{} {}]",
            runtime::go::list_v(original),
            runtime::go::list_v(patch)
        )));
    }
    Ok(first)
}

/// The union of two lists of scalars, without duplicates, in upstream's
/// order.
fn merge_scalar_list(original: Vec<Value>, patch: Vec<Value>) -> Result<Vec<Value>> {
    let mut merged: Vec<Value> = Vec::with_capacity(original.len() + patch.len());
    for item in original.iter().chain(&patch) {
        if !merged.contains(item) {
            merged.push(item.clone());
        }
    }
    enforce_order(merged, &patch, &original, None)
}

/// A merging list's patch split by its `$patch` items.
struct ListDirectives {
    /// The live list without the items `$patch: delete` named.
    live: Vec<Value>,
    /// The patch items without directive.
    items: Vec<Value>,
    /// Whether a `{"$patch": "replace"}` item asks for `items` alone.
    replace: bool,
}

/// Applies the `$patch` items of a merging list (upstream's
/// `mergeSliceWithSpecialElements`).
fn list_directives(mut live: Vec<Value>, patch: Vec<Value>, key: &str) -> Result<ListDirectives> {
    let mut items = Vec::with_capacity(patch.len());
    let mut replace = false;
    for item in patch {
        let Some(directive) = item.get(DIRECTIVE_MARKER) else {
            items.push(item);
            continue;
        };
        match directive.as_str() {
            Some("delete") => {
                let doomed = merge_key_value(&item, key)?;
                live.retain(|other| other.get(key) != Some(doomed));
            }
            Some("replace") => replace = true,
            Some("merge") => {
                return Err(error("merging lists cannot yet be specified in the patch"));
            }
            _ => {
                return Err(bad_patch_type(
                    directive,
                    item.as_object().unwrap_or(&Object::new()),
                ));
            }
        }
    }
    Ok(ListDirectives {
        live,
        items,
        replace,
    })
}

/// Merges lists of objects by `key`: deletions, then each patch item merged
/// into the live item with its key or appended, then upstream's order.
fn merge_keyed_list(
    original: Vec<Value>,
    patch: Vec<Value>,
    key: &str,
    node: Node,
) -> Result<MergedList> {
    let original_len = original.len();
    let ListDirectives {
        mut live,
        items,
        replace,
    } = list_directives(original, patch, key)?;
    if replace {
        let items = clean_list(items);
        require_merge_keys(key, &items)?;
        return Ok(MergedList { items, live: None });
    }
    let kept = live.len();
    for item in &items {
        let wanted = merge_key_value(item, key)?;
        match live.iter().position(|other| other.get(key) == Some(wanted)) {
            Some(at) => live[at] = merge_item(mem::take(&mut live[at]), item.clone(), node)?,
            None => live.extend(clean_value(item.clone())),
        }
    }
    let view: Vec<Value> = live.iter().take(original_len).cloned().collect();
    let live_order = live[..kept].to_vec();
    let items = enforce_order(live, &items, &live_order, Some(key))?;
    Ok(MergedList {
        items,
        live: Some(view),
    })
}

/// Merges a patch item into the live item with the same merge key.
fn merge_item(current: Value, patch: Value, node: Node) -> Result<Value> {
    match (current, patch) {
        (Value::Object(current), Value::Object(patch)) => {
            merge_object(current, patch, node).map(Value::Object)
        }
        (_, patch) => Ok(patch),
    }
}

/// Orders `merged` as upstream's `normalizeElementOrder`: items found in
/// `patch_order` sorted by it, the others sorted by `live_order`, then the
/// two interleaved by live position (`mergeSortedSlice`). Items are matched
/// by merge key, or by value without one.
fn enforce_order(
    merged: Vec<Value>,
    patch_order: &[Value],
    live_order: &[Value],
    key: Option<&str>,
) -> Result<Vec<Value>> {
    if let Some(key) = key {
        for list in [&merged[..], patch_order, live_order] {
            require_merge_keys(key, list)?;
        }
    }
    let (mut from_patch, mut live_only): (Vec<Value>, Vec<Value>) = merged
        .into_iter()
        .partition(|item| position(patch_order, item, key).is_some());
    sort_by_position(&mut from_patch, patch_order, key);
    sort_by_position(&mut live_only, live_order, key);
    Ok(interleave(live_only, from_patch, live_order, key))
}

/// Stable sort by position in `order` (items not found last).
fn sort_by_position(items: &mut [Value], order: &[Value], key: Option<&str>) {
    items.sort_by_cached_key(|item| position(order, item, key).unwrap_or(usize::MAX));
}

/// Upstream's `mergeSortedSlice`: takes the live-only item first only when
/// both items are in `live_order` and it comes first there.
fn interleave(
    live_only: Vec<Value>,
    from_patch: Vec<Value>,
    live_order: &[Value],
    key: Option<&str>,
) -> Vec<Value> {
    let mut merged = Vec::with_capacity(live_only.len() + from_patch.len());
    let mut left = live_only.into_iter().peekable();
    let mut right = from_patch.into_iter().peekable();
    while let (Some(l), Some(r)) = (left.peek(), right.peek()) {
        let live_first = matches!(
            (position(live_order, l, key), position(live_order, r, key)),
            (Some(at_l), Some(at_r)) if at_l < at_r
        );
        merged.extend(if live_first {
            left.next()
        } else {
            right.next()
        });
    }
    merged.extend(left);
    merged.extend(right);
    merged
}

/// The index of the first item of `list` matching `item` by merge key (by
/// value without one).
fn position(list: &[Value], item: &Value, key: Option<&str>) -> Option<usize> {
    match key {
        Some(key) => {
            let wanted = item.get(key);
            list.iter().position(|other| other.get(key) == wanted)
        }
        None => list.iter().position(|other| other == item),
    }
}

/// Checks that every item is an object holding the merge key.
fn require_merge_keys(key: &str, items: &[Value]) -> Result<()> {
    items
        .iter()
        .try_for_each(|item| merge_key_value(item, key).map(|_| ()))
}

/// The merge key value of a list item. Errors if the item is not an object
/// or lacks the key.
fn merge_key_value<'a>(item: &'a Value, key: &str) -> Result<&'a Value> {
    let object = item.as_object().ok_or_else(|| bad_arg_type(GO_MAP, item))?;
    object.get(key).ok_or_else(|| no_merge_key(object, key))
}

/// The list key named by a `<prefix>/<key>` directive.
fn directive_target<'a>(directive: &'a str, prefix: &str) -> Result<&'a str> {
    match directive.split_once('/') {
        Some((head, key)) if head == prefix => Ok(key),
        _ if prefix == DELETE_FROM_PRIMITIVE_LIST => {
            Err(malformed("invalid patch format of primitive list"))
        }
        _ => Err(malformed("invalid patch format of setElementOrder list")),
    }
}

/// A patch value taken as is: objects carrying `$patch` are dropped (`None`
/// at the top), other directive keys and `null` members removed.
fn clean_value(value: Value) -> Option<Value> {
    match value {
        Value::Object(object) if object.contains_key(DIRECTIVE_MARKER) => None,
        Value::Object(object) => Some(Value::Object(clean_object(object))),
        Value::Array(items) => Some(Value::Array(clean_list(items))),
        other => Some(other),
    }
}

/// An object taken as is: without directive keys and `null` members, its
/// values cleaned.
fn clean_object(object: Object) -> Object {
    object
        .into_iter()
        .filter(|(key, value)| !value.is_null() && !is_directive(key))
        .filter_map(|(key, value)| clean_value(value).map(|value| (key, value)))
        .collect()
}

/// A list taken as is: directive objects dropped, items cleaned.
fn clean_list(items: Vec<Value>) -> Vec<Value> {
    items.into_iter().filter_map(clean_value).collect()
}

/// Whether `key` is a patch directive.
fn is_directive(key: &str) -> bool {
    key == DIRECTIVE_MARKER
        || key == RETAIN_KEYS
        || key.starts_with(SET_ELEMENT_ORDER)
        || key.starts_with(DELETE_FROM_PRIMITIVE_LIST)
}

/// The JSON kind of a value (Go's dynamic type, numbers as one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Null,
    Bool,
    Number,
    String,
    List,
    Object,
}

/// The JSON kind of `value`.
fn kind(value: &Value) -> Kind {
    match value {
        Value::Null => Kind::Null,
        Value::Bool(_) => Kind::Bool,
        Value::Number(_) => Kind::Number,
        Value::String(_) => Kind::String,
        Value::Array(_) => Kind::List,
        Value::Object(_) => Kind::Object,
    }
}

/// An error with `message` that is none of mergepatch's sentinels.
fn error(message: impl Into<String>) -> StrategicPatchError {
    StrategicPatchError {
        message: message.into(),
        class: ErrorClass::Other,
    }
}

/// One of mergepatch's malformed-patch sentinels, with its message.
fn malformed(message: &str) -> StrategicPatchError {
    StrategicPatchError {
        message: message.into(),
        class: ErrorClass::BadRequest,
    }
}

/// Upstream's `ErrNoMergeKey`.
fn no_merge_key(object: &Object, key: &str) -> StrategicPatchError {
    error(format!(
        "map: {} does not contain declared merge key: {key}",
        runtime::go::map_v(object)
    ))
}

/// Upstream's `ErrBadPatchType`.
fn bad_patch_type(directive: &Value, object: &Object) -> StrategicPatchError {
    let directive = match directive {
        Value::String(name) => name.clone(),
        // `%s` of a nil interface.
        Value::Null => "%!s(<nil>)".into(),
        other => format!("%!s({}={})", go_type(other), runtime::go::value_v(other)),
    };
    error(format!(
        "unknown patch type: {directive} in map: {}",
        runtime::go::map_v(object)
    ))
}

/// Upstream's `ErrBadArgType`.
fn bad_arg_type(expected: &str, actual: &Value) -> StrategicPatchError {
    error(format!(
        "expected a {expected}, but received a {}",
        go_type(actual)
    ))
}

/// Go's name of the type `encoding/json` decodes `value` to.
fn go_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "%!s(<nil>)",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_f64() => "float64",
        Value::Number(_) => "int64",
        Value::String(_) => "string",
        Value::Array(_) => GO_LIST,
        Value::Object(_) => GO_MAP,
    }
}

#[cfg(test)]
mod tests;
