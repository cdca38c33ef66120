//! The schema-driven walks of structured-merge-diff's `typed` package over
//! JSON values: the field set an object sets (`tofieldset.go`, with the
//! list checks of `validate.go`), the merge of two objects and their
//! comparison (`merge.go`, `TypedValue.Merge`/`Compare` in `typed.go`), the
//! removal of a set of paths (`remove.go`), and
//! `Set.EnsureNamedFieldsAreMembers` (`fieldpath/set.go`).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::fieldset::{FieldSet, PathElement, path_string};
use super::shape::{ListKind, Shape, ZeroValue};
use super::value::{equal, identical};
use runtime::schema::TypeSchema;

/// A problem found in an object, at a path (`typed.ValidationError`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ValidationError {
    path: String,
    message: String,
}

impl ValidationError {
    /// The list at `path` has an item (the `index`th) without an element:
    /// `element <index>: <message>`.
    fn bad_item(path: &[PathElement], index: usize, message: &str) -> ValidationError {
        ValidationError {
            path: path_string(path),
            message: format!("element {index}: {message}"),
        }
    }

    /// The list at `path` repeats `element`.
    fn repeated_key(path: &[PathElement], element: &PathElement) -> ValidationError {
        ValidationError {
            path: path_string(path),
            message: format!("duplicate entries for key {element}"),
        }
    }
}

/// The text of a list of validation errors (`ValidationErrors.Error`): one
/// error as `path: message`, several under `errors:`, indented.
pub(crate) fn errors_text(errors: &[ValidationError]) -> String {
    let one = |e: &ValidationError| {
        if e.path.is_empty() {
            e.message.clone()
        } else {
            format!("{}: {}", e.path, e.message)
        }
    };
    match errors {
        [single] => one(single),
        _ => {
            let mut lines = vec!["errors:".to_string()];
            lines.extend(errors.iter().map(|e| format!("  {}", one(e))));
            lines.join("\n")
        }
    }
}

/// The path element of a list item (`listItemToPathElement`).
pub(super) fn item_element(item: &Value, kind: ListKind) -> Result<PathElement, String> {
    match kind {
        ListKind::Keyed { keys, item: schema } => keyed_item_element(item, keys, schema),
        ListKind::Set => match item {
            Value::Object(_) => {
                Err("associative list without keys has an element that's a map type".into())
            }
            Value::Array(_) => Err("not supported: associative list with lists as elements".into()),
            Value::Null => {
                Err("associative list without keys has an element that's an explicit null".into())
            }
            scalar => Ok(PathElement::Value(scalar.clone())),
        },
    }
}

/// The key of a list-map item: its key fields, a missing one taken from
/// the item type's `+default` (`keyedAssociativeListItemToPathElement`).
pub(super) fn keyed_item_element(
    item: &Value,
    keys: &[&str],
    schema: Option<&'static TypeSchema>,
) -> Result<PathElement, String> {
    let map = match item {
        Value::Object(map) => map,
        Value::Null => return Err("associative list with keys may not have a null element".into()),
        _ => return Err("associative list with keys may not have non-map elements".into()),
    };
    let found = keys
        .iter()
        .filter_map(|key| Some(((*key).to_string(), map.get(*key)?.clone())))
        .collect();
    keyed_element_of(found, keys, schema)
}

/// [`keyed_item_element`] of an item whose fields named in `keys` were
/// read as `found` (each at most once, none other): a missing one taken
/// from its `+default`, the fields sorted by name.
pub(super) fn keyed_element_of(
    mut found: Vec<(String, Value)>,
    keys: &[&str],
    schema: Option<&'static TypeSchema>,
) -> Result<PathElement, String> {
    for key in keys {
        if found.iter().any(|(name, _)| name == key) {
            continue;
        }
        let default = schema
            .and_then(|s| s.field(key))
            .and_then(|f| f.default)
            .and_then(|d| serde_json::from_str::<Value>(d).ok());
        let Some(value) = default else {
            return Err(format!(
                "associative list with keys has an element that omits key field {} (and doesn't have default value)",
                runtime::field::quote(key)
            ));
        };
        found.push(((*key).to_string(), value));
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found.dedup_by(|later, first| later.0 == first.0);
    Ok(PathElement::Key(found))
}

/// A list's items with their path elements, in list order, skipping items
/// whose element cannot be built. `duplicated` holds the elements that
/// occur more than once.
struct IndexedList<'v> {
    items: Vec<(PathElement, &'v Value)>,
    duplicated: BTreeSet<PathElement>,
}

fn index_list<'v>(list: &'v [Value], kind: ListKind) -> IndexedList<'v> {
    let mut items: Vec<(PathElement, &Value)> = list
        .iter()
        .filter_map(|item| item_element(item, kind).ok().map(|e| (e, item)))
        .collect();
    let mut duplicated = BTreeSet::new();
    if items.len() > 1 {
        // Items sorted by element (stable: the first of equal ones leads);
        // every later item of a run is a repeat.
        let mut order: Vec<usize> = (0..items.len()).collect();
        order.sort_by(|&a, &b| items[a].0.cmp(&items[b].0));
        let mut repeat = vec![false; items.len()];
        for pair in order.windows(2) {
            if items[pair[0]].0 == items[pair[1]].0 {
                repeat[pair[1]] = true;
            }
        }
        if repeat.contains(&true) {
            let mut i = 0;
            items.retain(|(element, _)| {
                let keep = !repeat[i];
                i += 1;
                if !keep {
                    duplicated.insert(element.clone());
                }
                keep
            });
        }
    }
    IndexedList { items, duplicated }
}

/// The problems upstream's validation finds in an applied object's
/// associative lists: items without key fields, non-scalar set items, and
/// (unless `allow_duplicates`) repeated keys (`validate.go`).
pub(crate) fn check_lists(
    value: &Value,
    shape: Shape,
    allow_duplicates: bool,
) -> Vec<ValidationError> {
    let mut errors = Vec::new();
    check_value(value, shape, &mut Vec::new(), allow_duplicates, &mut errors);
    errors
}

fn check_value(
    value: &Value,
    shape: Shape,
    path: &mut Vec<PathElement>,
    allow_duplicates: bool,
    errors: &mut Vec<ValidationError>,
) {
    match (shape, value) {
        (Shape::Struct { .. } | Shape::Map { .. } | Shape::Deduced, Value::Object(map)) => {
            for (key, child) in map {
                path.push(PathElement::Field(key.clone()));
                check_value(child, shape.field(key).0, path, allow_duplicates, errors);
                path.pop();
            }
        }
        (Shape::List { kind, .. }, Value::Array(items)) => {
            check_items(items, shape, kind, path, allow_duplicates, errors);
        }
        _ => {}
    }
}

fn check_items(
    items: &[Value],
    shape: Shape,
    kind: ListKind,
    path: &mut Vec<PathElement>,
    allow_duplicates: bool,
    errors: &mut Vec<ValidationError>,
) {
    let mut seen = BTreeSet::new();
    for (i, item) in items.iter().enumerate() {
        let element = match item_element(item, kind) {
            Ok(element) => element,
            Err(message) => {
                errors.push(ValidationError::bad_item(path, i, &message));
                return;
            }
        };
        if !seen.insert(element.clone()) && !allow_duplicates {
            errors.push(ValidationError::repeated_key(path, &element));
        }
        path.push(element);
        check_value(item, shape.item(), path, allow_duplicates, errors);
        path.pop();
    }
}

/// The paths `value` sets (`TypedValue.ToFieldSet`): scalars and leaves
/// (atomic lists, maps, structs; untyped values) as themselves; map entries
/// and undeclared fields as themselves and their contents; associative list
/// items as themselves and their contents (an item whose key repeats only
/// as itself); declared struct fields only through their contents.
pub(crate) fn to_field_set(value: &Value, shape: Shape) -> FieldSet {
    // The whole object's own path is never tracked.
    node_field_set(value, shape).1
}

/// The paths one node sets, relative to it, built bottom-up: whether the
/// node's own path is a member, and the paths below it.
fn node_field_set(value: &Value, shape: Shape) -> (bool, FieldSet) {
    let mut members = Vec::new();
    let mut children = Vec::new();
    match (shape, value) {
        (Shape::Leaf, _) => return (true, FieldSet::new()),
        (Shape::Struct { .. } | Shape::Map { .. } | Shape::Deduced, Value::Object(map)) => {
            for (key, child) in map {
                let (child_shape, declared) = shape.field(key);
                let (member, set) = node_field_set(child, child_shape);
                if member || !declared || !set.is_empty() {
                    let element = PathElement::Field(key.clone());
                    file_entry(
                        &mut members,
                        &mut children,
                        element,
                        member || !declared,
                        set,
                    );
                }
            }
        }
        (Shape::List { kind, .. }, Value::Array(items)) => {
            let indexed = index_list(items, kind);
            for (element, item) in indexed.items {
                // A repeated item is only a member.
                let below = if indexed.duplicated.contains(&element) {
                    FieldSet::new()
                } else {
                    node_field_set(item, shape.item()).1
                };
                file_entry(&mut members, &mut children, element, true, below);
            }
        }
        // A null map or list sets nothing; a value of the wrong kind is a leaf.
        (_, Value::Null) => {}
        _ => return (true, FieldSet::new()),
    }
    (false, FieldSet::from_parts(members, children))
}

/// [`to_field_set`] of an applied object, checked as [`check_lists`]
/// checks it (repeated keys not allowed) in the same walk: its problems,
/// in [`check_lists`]' order, when it has any (its set then does not
/// matter: the apply fails), else its set. With no problem every list
/// item has its element and none repeats, so the set is
/// [`to_field_set`]'s.
pub(crate) fn applied_field_set(
    value: &Value,
    shape: Shape,
) -> Result<FieldSet, Vec<ValidationError>> {
    let mut errors = Vec::new();
    let (_, set) = checked_node_set(value, shape, &mut Vec::new(), &mut errors);
    if errors.is_empty() {
        Ok(set)
    } else {
        Err(errors)
    }
}

/// [`node_field_set`] and [`check_value`] in one walk, at `path`.
fn checked_node_set(
    value: &Value,
    shape: Shape,
    path: &mut Vec<PathElement>,
    errors: &mut Vec<ValidationError>,
) -> (bool, FieldSet) {
    /// Lists up to this long find a repeated element by scanning the
    /// elements before it; longer ones keep a set.
    const SCANNED: usize = 16;
    let mut members = Vec::new();
    let mut children = Vec::new();
    match (shape, value) {
        (Shape::Leaf, _) => return (true, FieldSet::new()),
        (Shape::Struct { .. } | Shape::Map { .. } | Shape::Deduced, Value::Object(map)) => {
            for (key, child) in map {
                let (child_shape, declared) = shape.field(key);
                path.push(PathElement::Field(key.clone()));
                let (member, set) = checked_node_set(child, child_shape, path, errors);
                let Some(element) = path.pop() else { break };
                file_entry(
                    &mut members,
                    &mut children,
                    element,
                    member || !declared,
                    set,
                );
            }
        }
        (Shape::List { kind, .. }, Value::Array(items)) => {
            let mut seen = BTreeSet::new();
            for (i, item) in items.iter().enumerate() {
                let element = match item_element(item, kind) {
                    Ok(element) => element,
                    Err(message) => {
                        errors.push(ValidationError::bad_item(path, i, &message));
                        break;
                    }
                };
                let repeated = if members.len() < SCANNED {
                    members.contains(&element)
                } else {
                    if seen.is_empty() {
                        seen.extend(members.iter().cloned());
                    }
                    !seen.insert(element.clone())
                };
                if repeated {
                    errors.push(ValidationError::repeated_key(path, &element));
                }
                path.push(element);
                let (_, set) = checked_node_set(item, shape.item(), path, errors);
                let Some(element) = path.pop() else { break };
                file_entry(&mut members, &mut children, element, true, set);
            }
        }
        // A null map or list sets nothing; a value of the wrong kind is a leaf.
        (_, Value::Null) => {}
        _ => return (true, FieldSet::new()),
    }
    (false, FieldSet::from_parts(members, children))
}

/// Files a struct field's, map entry's or list item's paths at its
/// level: `element` itself when `own` (its own path is a member: an item,
/// or a field that is a leaf or not declared), and `below` under it when
/// not empty.
fn file_entry(
    members: &mut Vec<PathElement>,
    children: &mut Vec<(PathElement, FieldSet)>,
    element: PathElement,
    own: bool,
    below: FieldSet,
) {
    match (own, below.is_empty()) {
        (true, true) => members.push(element),
        (true, false) => {
            members.push(element.clone());
            children.push((element, below));
        }
        (false, false) => children.push((element, below)),
        (false, true) => {}
    }
}

/// How a node is walked, decided from its shape and both sides.
enum Node<'v> {
    Leaf,
    Map(
        Option<&'v Map<String, Value>>,
        Option<&'v Map<String, Value>>,
    ),
    List(Option<&'v [Value]>, Option<&'v [Value]>, ListKind),
}

fn as_map(v: Option<&Value>) -> Result<Option<&Map<String, Value>>, ()> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(map)) => Ok(Some(map)),
        Some(_) => Err(()),
    }
}

fn as_list(v: Option<&Value>) -> Result<Option<&[Value]>, ()> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => Ok(Some(items)),
        Some(_) => Err(()),
    }
}

/// The node kind: leaves for leaf shapes, mismatched kinds, and maps or
/// lists empty on both sides (upstream's `emptyPromoteToLeaf`, which keeps
/// the empty/null distinction).
fn node<'v>(shape: Shape, lhs: Option<&'v Value>, rhs: Option<&'v Value>) -> Node<'v> {
    match shape {
        Shape::Leaf => Node::Leaf,
        Shape::Struct { .. } | Shape::Map { .. } | Shape::Deduced => {
            match (as_map(lhs), as_map(rhs)) {
                (Ok(l), Ok(r)) if !(l.is_none_or(Map::is_empty) && r.is_none_or(Map::is_empty)) => {
                    Node::Map(l, r)
                }
                _ => Node::Leaf,
            }
        }
        Shape::List { kind, .. } => match (as_list(lhs), as_list(rhs)) {
            (Ok(l), Ok(r))
                if !(l.is_none_or(<[Value]>::is_empty) && r.is_none_or(<[Value]>::is_empty)) =>
            {
                Node::List(l, r, kind)
            }
            _ => Node::Leaf,
        },
    }
}

/// The merge walk over two values: upstream's `mergingWalker` with
/// `TypedValue.Merge`'s rule (the right side wins at leaves).
struct Merger;

impl Merger {
    /// Walks `lhs` and `rhs` (at least one present) of shape `shape`; the
    /// merged value. With `zero`, struct fields absent on the left are read
    /// as `{}`, as in a Go zero value where non-pointer structs are always
    /// present.
    fn walk(
        &mut self,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
        shape: Shape,
        zero: bool,
    ) -> Option<Value> {
        if let (Some(l), Some(r)) = (lhs, rhs)
            && identical(l, r)
        {
            // Merged into itself (see `merge`): the left side's copy keeps
            // the walk's key order.
            return Some(l.clone());
        }
        match node(shape, lhs, rhs) {
            Node::Leaf => rhs.or(lhs).cloned(),
            Node::Map(l, r) => self.walk_map(l, r, shape, zero),
            Node::List(l, r, kind) => self.walk_list(l, r, shape, kind),
        }
    }

    fn walk_map(
        &mut self,
        lhs: Option<&Map<String, Value>>,
        rhs: Option<&Map<String, Value>>,
        shape: Shape,
        zero: bool,
    ) -> Option<Value> {
        let mut out = Map::new();
        let lhs_keys = lhs.into_iter().flat_map(Map::keys);
        let rhs_only = rhs
            .into_iter()
            .flat_map(Map::keys)
            .filter(|k| !lhs.is_some_and(|l| l.contains_key(*k)));
        let keys: Vec<&String> = lhs_keys.chain(rhs_only).collect();
        for key in keys {
            let (child_shape, _) = shape.field(key);
            let mut left = lhs.and_then(|l| l.get(key));
            let right = rhs.and_then(|r| r.get(key));
            let in_zero = if zero && left.is_none() {
                shape.field_zero_value(key)
            } else {
                ZeroValue::Absent
            };
            let zero_child = in_zero == ZeroValue::Empty;
            let empty;
            match in_zero {
                ZeroValue::Empty => {
                    empty = Value::Object(Map::new());
                    left = Some(&empty);
                }
                ZeroValue::Null => left = Some(&Value::Null),
                ZeroValue::Absent => {}
            }
            let merged = self.walk(left, right, child_shape, zero_child);
            if let Some(merged) = merged {
                out.insert(key.clone(), merged);
            }
        }
        (!out.is_empty()).then_some(Value::Object(out))
    }

    /// Items in upstream's merge order: shared items keep the right side's
    /// relative order, items only on one side stay near their neighbours.
    fn walk_list(
        &mut self,
        lhs: Option<&[Value]>,
        rhs: Option<&[Value]>,
        shape: Shape,
        kind: ListKind,
    ) -> Option<Value> {
        let right = index_list(rhs.unwrap_or_default(), kind).items;
        let left = index_list(lhs.unwrap_or_default(), kind).items;
        let left_map: BTreeMap<&PathElement, &Value> = left.iter().map(|(e, v)| (e, *v)).collect();
        let right_map: BTreeMap<&PathElement, &Value> =
            right.iter().map(|(e, v)| (e, *v)).collect();
        let mut shared = right
            .iter()
            .map(|(e, _)| e)
            .filter(|e| left_map.contains_key(e));
        let mut next_shared = shared.next();
        let mut out = Vec::new();
        let (mut li, mut ri) = (0, 0);
        while li < left.len() || ri < right.len() {
            if li < left.len() && ri < right.len() {
                let element = &left[li].0;
                if *element == right[ri].0 {
                    out.extend(self.walk_item(Some(left[li].1), Some(right[ri].1), shape));
                    li += 1;
                    ri += 1;
                    next_shared = shared.next();
                    continue;
                }
                if right_map.contains_key(element) && next_shared.is_some_and(|s| s != element) {
                    li += 1;
                    continue;
                }
            }
            if li < left.len() && !right_map.contains_key(&left[li].0) {
                out.extend(self.walk_item(Some(left[li].1), None, shape));
                li += 1;
                continue;
            }
            if ri < right.len() {
                let element = &right[ri].0;
                let l = left_map.get(element).copied();
                out.extend(self.walk_item(l, Some(right[ri].1), shape));
                ri += 1;
                if next_shared.is_some_and(|s| s == element) {
                    next_shared = shared.next();
                }
            } else {
                // A shared item already merged from the right side.
                li += 1;
            }
        }
        (!out.is_empty()).then_some(Value::Array(out))
    }

    fn walk_item(
        &mut self,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
        shape: Shape,
    ) -> Option<Value> {
        self.walk(lhs, rhs, shape.item(), false)
    }
}

/// `TypedValue.Compare`'s result: the paths added, modified (leaves whose
/// value changed) and removed going from the left object to the right.
#[derive(Debug, Default)]
pub(crate) struct Comparison {
    pub(crate) added: FieldSet,
    pub(crate) modified: FieldSet,
    pub(crate) removed: FieldSet,
}

/// Where a compared node's own path lands: upstream's `Comparison` rule
/// at a leaf, and its `postItemHook` after a map or list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Unchanged,
    Added,
    Modified,
    Removed,
}

impl Comparison {
    fn is_empty(&self) -> bool {
        self.added.is_empty() && self.modified.is_empty() && self.removed.is_empty()
    }
}

/// One level of a [`Comparison`] while its children are compared: what
/// each child adds, in the order the children come, put in order once
/// when the level is done ([`FieldSet::from_parts`]), so that a level of
/// many keys in descending order costs one sort, not an ordered insert
/// each.
#[derive(Default)]
struct Level {
    added: Parts,
    modified: Parts,
    removed: Parts,
}

#[derive(Default)]
struct Parts {
    members: Vec<PathElement>,
    children: Vec<(PathElement, FieldSet)>,
}

impl Parts {
    fn file(&mut self, element: &PathElement, member: bool, below: FieldSet) {
        if member {
            self.members.push(element.clone());
        }
        if !below.is_empty() {
            self.children.push((element.clone(), below));
        }
    }

    fn finish(self) -> FieldSet {
        FieldSet::from_parts(self.members, self.children)
    }
}

impl Level {
    /// Files the comparison of the value under `element`: its own path as
    /// `mark` says, and the paths below it.
    fn attach(&mut self, element: &PathElement, mark: Mark, below: Comparison) {
        let Comparison {
            added,
            modified,
            removed,
        } = below;
        self.added.file(element, mark == Mark::Added, added);
        self.modified
            .file(element, mark == Mark::Modified, modified);
        self.removed.file(element, mark == Mark::Removed, removed);
    }

    fn finish(self) -> Comparison {
        Comparison {
            added: self.added.finish(),
            modified: self.modified.finish(),
            removed: self.removed.finish(),
        }
    }
}

/// Compares one node (`TypedValue.Compare`'s walk, with upstream's
/// `mergingWalker` deciding leaves): the node's own mark and the paths
/// below it, relative to it. Subtrees are compared before they are filed,
/// so an unchanged subtree allocates nothing and each changed path is
/// built once.
fn compare_node(
    lhs: Option<&Value>,
    rhs: Option<&Value>,
    shape: Shape,
    zero: bool,
) -> (Mark, Comparison) {
    let mut below = Comparison::default();
    // An identical subtree has nothing changed below it; equality (no
    // allocation, no schema, no hashing for maps in one key order: see
    // `identical`) says so faster than walking it.
    if let (Some(l), Some(r)) = (lhs, rhs)
        && (l.is_object() || l.is_array())
        && identical(l, r)
    {
        return (Mark::Unchanged, below);
    }
    match node(shape, lhs, rhs) {
        Node::Leaf => {
            let mark = match (lhs, rhs) {
                (None, _) => Mark::Added,
                (_, None) => Mark::Removed,
                (Some(l), Some(r)) if !equal(l, r) => Mark::Modified,
                _ => Mark::Unchanged,
            };
            return (mark, below);
        }
        Node::Map(l, r) => {
            let mut level = Level::default();
            compare_maps(l, r, shape, zero, &mut level);
            below = level.finish();
        }
        Node::List(l, r, kind) => {
            let mut level = Level::default();
            compare_lists(l, r, shape, kind, &mut level);
            below = level.finish();
        }
    }
    let mark = match (lhs, rhs) {
        (None, _) => Mark::Added,
        (_, None) => Mark::Removed,
        _ => Mark::Unchanged,
    };
    (mark, below)
}

fn compare_maps(
    lhs: Option<&Map<String, Value>>,
    rhs: Option<&Map<String, Value>>,
    shape: Shape,
    zero: bool,
    out: &mut Level,
) {
    let empty = Value::Object(Map::new());
    let mut child = |key: &String, left: Option<&Value>, right: Option<&Value>| {
        let (child_shape, _) = shape.field(key);
        let in_zero = if zero && left.is_none() {
            shape.field_zero_value(key)
        } else {
            ZeroValue::Absent
        };
        let zero_child = in_zero == ZeroValue::Empty;
        let left = match in_zero {
            ZeroValue::Empty => Some(&empty),
            ZeroValue::Null => Some(&Value::Null),
            ZeroValue::Absent => left,
        };
        let (mark, below) = compare_node(left, right, child_shape, zero_child);
        if mark != Mark::Unchanged || !below.is_empty() {
            out.attach(&PathElement::Field(key.clone()), mark, below);
        }
    };
    // Two trees written from one Rust type hold a map's keys in one order:
    // walked pairwise, no key is looked up (a SipHash each).
    if let (Some(l), Some(r)) = (lhs, rhs)
        && l.len() == r.len()
        && l.keys().zip(r.keys()).all(|(a, b)| a == b)
    {
        for ((key, left), right) in l.iter().zip(r.values()) {
            child(key, Some(left), Some(right));
        }
        return;
    }
    for (key, left) in lhs.into_iter().flatten() {
        child(key, Some(left), rhs.and_then(|r| r.get(key)));
    }
    for (key, right) in rhs.into_iter().flatten() {
        if !lhs.is_some_and(|l| l.contains_key(key)) {
            child(key, None, Some(right));
        }
    }
}

fn compare_lists(
    lhs: Option<&[Value]>,
    rhs: Option<&[Value]>,
    shape: Shape,
    kind: ListKind,
    out: &mut Level,
) {
    let left = index_list(lhs.unwrap_or_default(), kind).items;
    let right = index_list(rhs.unwrap_or_default(), kind).items;
    let mut left_only: BTreeMap<&PathElement, &Value> = left.iter().map(|(e, v)| (e, *v)).collect();
    let item_shape = shape.item();
    let mut file = |element: &PathElement, l: Option<&Value>, r: Option<&Value>| {
        let (mark, below) = compare_node(l, r, item_shape, false);
        if mark != Mark::Unchanged || !below.is_empty() {
            out.attach(element, mark, below);
        }
    };
    for (element, r) in &right {
        let l = left_only.remove(element);
        file(element, l, Some(r));
    }
    for (element, l) in left_only {
        file(element, Some(l), None);
    }
}

/// Merges `rhs` into `lhs` (`TypedValue.Merge`): granular maps, structs and
/// associative lists merge, everything else takes the right side.
///
/// `rhs` is an applied object that passed [`check_lists`] (every list item
/// keyed, no key repeated): a subtree it shares unchanged with `lhs` then
/// merges into itself, and is copied without being walked.
pub(crate) fn merge(lhs: &Value, rhs: &Value, shape: Shape) -> Value {
    Merger
        .walk(Some(lhs), Some(rhs), shape, false)
        .unwrap_or_else(|| rhs.clone())
}

/// Compares `old` (`None`: the empty object of a create, read as a Go zero
/// value) with `new` (`TypedValue.Compare`).
pub(crate) fn compare(old: Option<&Value>, new: &Value, shape: Shape) -> Comparison {
    let empty = Value::Object(Map::new());
    let (lhs, zero) = match old {
        Some(old) => (old, false),
        None => (&empty, true),
    };
    // The whole object's own path is never tracked.
    compare_node(Some(lhs), Some(new), shape, zero).1
}

/// `value` without the paths in `remove` (`TypedValue.RemoveItems`): a
/// member path drops its field or item whole; a map or list left empty
/// becomes null, as upstream leaves it.
pub(crate) fn remove(value: &Value, remove_set: &FieldSet, shape: Shape) -> Value {
    match (shape, value) {
        (Shape::Leaf, _) => value.clone(),
        (Shape::Struct { .. } | Shape::Map { .. } | Shape::Deduced, Value::Object(map)) => {
            remove_from_map(map, remove_set, shape)
        }
        (Shape::List { kind, .. }, Value::Array(items)) => {
            remove_from_list(items, remove_set, shape, kind)
        }
        (Shape::Deduced, Value::Array(_)) => Value::Null,
        (Shape::Deduced, _) => value.clone(),
        _ => Value::Null,
    }
}

fn remove_from_map(map: &Map<String, Value>, remove_set: &FieldSet, shape: Shape) -> Value {
    let mut out = Map::new();
    for (key, child) in map {
        let element = PathElement::Field(key.clone());
        if remove_set.is_member(&element) {
            continue;
        }
        let kept = match remove_set.child(&element) {
            Some(below) => remove(child, below, shape.field(key).0),
            None => child.clone(),
        };
        out.insert(key.clone(), kept);
    }
    if out.is_empty() {
        Value::Null
    } else {
        Value::Object(out)
    }
}

fn remove_from_list(items: &[Value], remove_set: &FieldSet, shape: Shape, kind: ListKind) -> Value {
    let mut out = Vec::new();
    for item in items {
        let Ok(element) = item_element(item, kind) else {
            out.push(item.clone());
            continue;
        };
        if remove_set.is_member(&element) {
            continue;
        }
        out.push(match remove_set.child(&element) {
            Some(below) => remove(item, below, shape.item()),
            None => item.clone(),
        });
    }
    if out.is_empty() {
        Value::Null
    } else {
        Value::Array(out)
    }
}

/// `set` plus, as members, the declared struct fields it has paths below
/// (`Set.EnsureNamedFieldsAreMembers`): owning `.spec.replicas` then also
/// counts as owning `.spec`, but not a map entry or list item above it.
pub(crate) fn ensure_named_fields(set: &FieldSet, shape: Shape) -> FieldSet {
    let mut out = FieldSet::new();
    for member in set.members() {
        out.add_member(member.clone());
    }
    for (element, child) in set.children() {
        let child_shape = match element {
            PathElement::Field(name) => {
                let (child_shape, declared) = shape.field(name);
                if declared && matches!(shape, Shape::Struct { .. }) {
                    out.add_member(element.clone());
                }
                child_shape
            }
            PathElement::Key(_) => shape.item(),
            _ => Shape::Leaf,
        };
        out.add_child(element.clone(), ensure_named_fields(child, child_shape));
    }
    out
}
