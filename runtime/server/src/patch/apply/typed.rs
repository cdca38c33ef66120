//! The paths a create sets, read straight from the Rust object by a serde
//! serializer and written as FieldsV1 text in the same pass: what
//! [`super::walk::compare`] finds comparing the Go zero value with the
//! created object (its added and modified paths), minus the untracked
//! paths, with no JSON tree of the object and no field set built first.
//! Upstream's field manager reads the Go struct the same way, through
//! reflection (`typed.TypedValue` over the object, `value.NewValueReflect`),
//! not through an unstructured copy.
//!
//! The comparison against the zero value, as the tree walk makes it:
//!
//! - from the root down through declared struct fields (non-pointer
//!   structs are always present in a Go zero value, read as `{}`), a struct
//!   that is `{}` is unchanged and a struct that is null is modified (its
//!   path a member); a non-empty struct is walked on;
//! - every other field, map entry or list item is added: its path is a
//!   member and so is every path below it, with structs, maps and
//!   associative lists walked and leaves (atomic lists, scalars, untyped
//!   values) taken whole without being serialized;
//! - list items are keyed as [`super::walk`] keys them (`k:` by their key
//!   fields, a missing key from its `+default`; `v:` by value); an item
//!   whose key cannot be built is skipped, and a repeated key keeps the
//!   first item.
//!
//! Each level's entries are recorded in the order serde gives them, put in
//! FieldsV1's order (elements sorted as [`PathElement`] sorts them) when
//! the level ends, and the text is written once, from the root, when the
//! walk is over; struct field names are not copied.
//!
//! A serde form the comparison never meets in a served kind (enum variants
//! with data, maps with non-string keys) ends the walk with [`Unwalkable`];
//! the caller then compares JSON trees as before.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

use serde::Serialize;
use serde::ser::{self, Impossible};
use serde_json::Value;

use runtime::meta::FieldsV1;

use super::fieldset::{PathElement, write_field_key};
use super::managers::{UNTRACKED_METADATA, UNTRACKED_TOP};
use super::shape::{ListKind, Shape};
use super::walk::{item_element, keyed_element_of};

/// Why an object could not be walked as a serde value: a form the field
/// manager's serializer does not take (the message says which).
#[derive(Debug)]
pub(crate) struct Unwalkable(String);

impl fmt::Display for Unwalkable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unwalkable {}

impl ser::Error for Unwalkable {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Unwalkable(msg.to_string())
    }
}

/// The FieldsV1 of the paths a created `object` (its Rust fields, without
/// `apiVersion` and `kind`) sets, compared with the zero value of its
/// type, minus the untracked paths (`apiVersion`, `kind`, `metadata` and
/// its server-owned fields): [`super::walk::compare`]'s added and modified
/// paths for `compare(None, object)`, written as [`super::FieldSet`]
/// writes them. `None` when there are none.
///
/// # Errors
///
/// [`Unwalkable`] for a serde form no served kind uses.
pub(crate) fn created_fields_v1(
    object: &dyn erased_serde::Serialize,
    shape: Shape,
) -> Result<Option<FieldsV1>, Unwalkable> {
    // The entries' buffers are kept from one create to the next on this
    // thread (emptied, and dropped when they grew past
    // [`KEPT_ENTRIES`]): a create then writes into memory it has used
    // before instead of growing fresh buffers.
    let mut tree = SPARE_TREE.with(|spare| spare.take());
    let written = write_created(object, shape, &mut tree);
    tree.done.clear();
    tree.open.clear();
    if tree.done.capacity() + tree.open.capacity() <= KEPT_ENTRIES {
        SPARE_TREE.with(|spare| spare.replace(tree));
    }
    written
}

/// Entries (of both buffers) a thread keeps between creates, a few dozen
/// bytes each.
const KEPT_ENTRIES: usize = 1 << 14;

thread_local! {
    static SPARE_TREE: std::cell::Cell<Tree> = std::cell::Cell::new(Tree::default());
}

/// [`created_fields_v1`] with the tree to record into.
fn write_created(
    object: &dyn erased_serde::Serialize,
    shape: Shape,
    tree: &mut Tree,
) -> Result<Option<FieldsV1>, Unwalkable> {
    let walk = Walk {
        tree,
        shape,
        zero: true,
        keys: &[],
        untracked: UNTRACKED_TOP,
    };
    let below = match erased_serde::serialize(object, walk)? {
        Node::Container { below, .. } if below.len > 0 => below,
        Node::Container { .. } | Node::Other => return Ok(None),
    };
    // About the text's length: a key and its braces per entry.
    let mut out = String::with_capacity(32 * tree.done.len());
    out.push('{');
    tree.write(below, false, &mut out);
    out.push('}');
    FieldsV1::from_json(out)
        .map(Some)
        .map_err(|e| Unwalkable(format!("the written FieldsV1 is not JSON: {e}")))
}

/// What one serialized value was to the comparison.
enum Node {
    /// A struct, map or list: the entries it recorded below itself, and
    /// the values of the key fields the walk was asked to keep (a list-map
    /// item's keys).
    Container {
        below: Span,
        keys: Vec<(String, Value)>,
    },
    /// Anything else: a scalar, null, or a container of a shape that is
    /// taken whole.
    Other,
}

/// The serializer: walks one value of shape `shape`, recording the
/// FieldsV1 entries below it in `tree`.
struct Walk<'a> {
    tree: &'a mut Tree,
    shape: Shape,
    /// Whether the value is compared with a Go zero struct (`{}`) rather
    /// than with nothing.
    zero: bool,
    /// Fields whose values the walk keeps (a list-map item's keys).
    keys: &'static [&'static str],
    /// Fields whose own paths are not recorded (the paths below them are).
    untracked: &'static [&'static str],
}

impl<'a> Walk<'a> {
    fn fields(self) -> Fields<'a> {
        let walked = matches!(
            self.shape,
            Shape::Struct { .. } | Shape::Map { .. } | Shape::Deduced
        );
        Fields {
            level: Level::new(self.tree),
            shape: self.shape,
            zero: self.zero,
            wanted: self.keys,
            untracked: self.untracked,
            walked,
            next_field: 0,
            keys: Vec::new(),
            key: None,
        }
    }
}

/// An entry's element, as FieldsV1 orders them: fields by name, then
/// list items by [`PathElement`]'s order.
#[derive(PartialEq, Eq)]
enum EntryKey {
    Field(Cow<'static, str>),
    /// Boxed: entries stay small to sort, and most are fields.
    Item(Box<PathElement>),
}

impl EntryKey {
    /// Writes the entry's FieldsV1 key (`"f:name"`, `"k:{...}"`, ...).
    fn write(&self, out: &mut String) {
        match self {
            EntryKey::Field(name) => write_field_key(name, out),
            EntryKey::Item(element) => element.write_key(out),
        }
    }
}

impl Ord for EntryKey {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (EntryKey::Field(a), EntryKey::Field(b)) => a.cmp(b),
            (EntryKey::Field(_), EntryKey::Item(_)) => Ordering::Less,
            (EntryKey::Item(_), EntryKey::Field(_)) => Ordering::Greater,
            (EntryKey::Item(a), EntryKey::Item(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for EntryKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A run of finished entries in [`Tree::done`]: one level's, in
/// FieldsV1's order.
#[derive(Clone, Copy, Default)]
struct Span {
    start: usize,
    len: usize,
}

impl Span {
    fn range(self) -> std::ops::Range<usize> {
        self.start..self.start + self.len
    }
}

/// One recorded path element: its key, whether its own path is a member
/// (written `".":{}` when entries follow it), and the entries below it.
struct Entry {
    key: EntryKey,
    member: bool,
    below: Span,
}

/// The entries recorded so far. A level's entries are kept in `open`, in
/// the order serde gives them, until the level ends; they are then sorted
/// and moved to `done`, where they stay together. The text is written
/// once, from the root, when the walk is over: no entry's text is copied
/// as the levels around it end.
#[derive(Default)]
struct Tree {
    done: Vec<Entry>,
    open: Vec<Entry>,
}

impl Tree {
    /// Writes the entries of `span` as the members of an object (without
    /// its braces), a comma leading the first when `lead`.
    fn write(&self, span: Span, lead: bool, out: &mut String) {
        for (i, entry) in self.done[span.range()].iter().enumerate() {
            if i > 0 || lead {
                out.push(',');
            }
            entry.key.write(out);
            out.push(':');
            if entry.below.len == 0 {
                out.push_str("{}");
                continue;
            }
            out.push('{');
            if entry.member {
                out.push_str("\".\":{}");
            }
            self.write(entry.below, entry.member, out);
            out.push('}');
        }
    }
}

/// One level's entries as recorded so far: `tree.open[mark..]`.
struct Level<'a> {
    tree: &'a mut Tree,
    mark: usize,
}

impl<'a> Level<'a> {
    fn new(tree: &'a mut Tree) -> Level<'a> {
        let mark = tree.open.len();
        Level { tree, mark }
    }

    /// Records the entry `key` below this level: what `walk` records below
    /// it, and its own path when `member` (a tracked path). `walk` is given
    /// the tree; it says what the value was. A `zero` entry (a struct
    /// compared with `{}`) is a member only when its value is not a
    /// container, and records nothing when it is an empty one. Whether
    /// the entry was recorded comes back with the node.
    fn entry(
        &mut self,
        key: EntryKey,
        member: bool,
        zero: bool,
        walk: impl FnOnce(&mut Tree) -> Result<Node, Unwalkable>,
    ) -> Result<(Node, bool), Unwalkable> {
        let node = walk(self.tree)?;
        let below = match &node {
            Node::Container { below, .. } => *below,
            Node::Other => Span::default(),
        };
        if below.len == 0 {
            let recorded = if zero {
                member && matches!(node, Node::Other)
            } else {
                member
            };
            if !recorded {
                return Ok((node, false));
            }
        }
        // A zero entry's own path is known only once it is walked: it is
        // recorded only as a leaf.
        self.tree.open.push(Entry {
            key,
            member: member && !zero,
            below,
        });
        Ok((node, true))
    }

    /// A member with nothing below it.
    fn leaf(&mut self, key: EntryKey) {
        self.tree.open.push(Entry {
            key,
            member: true,
            below: Span::default(),
        });
    }

    /// Puts the entries in FieldsV1's order (a repeated element keeps its
    /// first entry) and closes the level; where they are.
    fn end(self) -> Span {
        let Level { tree, mark } = self;
        tree.open[mark..].sort_by(|a, b| a.key.cmp(&b.key));
        let start = tree.done.len();
        for entry in tree.open.drain(mark..) {
            if tree.done.len() > start && tree.done.last().is_some_and(|last| last.key == entry.key)
            {
                continue;
            }
            tree.done.push(entry);
        }
        Span {
            start,
            len: tree.done.len() - start,
        }
    }
}

/// A struct's or map's fields being walked (or, for a shape that takes
/// the value whole, skipped).
struct Fields<'a> {
    level: Level<'a>,
    shape: Shape,
    zero: bool,
    wanted: &'static [&'static str],
    untracked: &'static [&'static str],
    walked: bool,
    /// Where the next struct field is expected in the schema's fields
    /// (serde gives them in the order the schema lists them).
    next_field: usize,
    keys: Vec<(String, Value)>,
    /// A map entry's key, between `serialize_key` and `serialize_value`.
    key: Option<String>,
}

impl Fields<'_> {
    /// Files the value under `name`.
    fn field<T: Serialize + ?Sized>(
        &mut self,
        name: Cow<'static, str>,
        value: &T,
    ) -> Result<(), Unwalkable> {
        if self.wanted.contains(&&*name) {
            let key = serde_json::to_value(value).map_err(ser::Error::custom)?;
            self.keys.push((name.to_string(), key));
        }
        let (shape, declared) = self.shape.field_from(&name, &mut self.next_field);
        let tracked = !self.untracked.contains(&&*name);
        let untracked = match self.shape {
            Shape::Struct { root: true, .. } if name == "metadata" => UNTRACKED_METADATA,
            _ => &[],
        };
        let child = |zero: bool| {
            move |tree: &mut Tree| {
                value.serialize(Walk {
                    tree,
                    shape,
                    zero,
                    keys: &[],
                    untracked,
                })
            }
        };
        if self.zero && declared && shape.is_struct() {
            // Present in the zero value as `{}`: recorded only where it
            // differs.
            self.level
                .entry(EntryKey::Field(name), tracked, true, child(true))?;
        } else if matches!(shape, Shape::Leaf) {
            // Added whole, not looked into.
            if tracked {
                self.level.leaf(EntryKey::Field(name));
            }
        } else {
            // Added, with everything below it.
            self.level
                .entry(EntryKey::Field(name), tracked, false, child(false))?;
        }
        Ok(())
    }

    fn finish(self) -> Node {
        if !self.walked {
            return Node::Other;
        }
        Node::Container {
            below: self.level.end(),
            keys: self.keys,
        }
    }
}

impl ser::SerializeStruct for Fields<'_> {
    type Ok = Node;
    type Error = Unwalkable;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unwalkable> {
        if self.walked {
            self.field(Cow::Borrowed(key), value)?;
        }
        Ok(())
    }

    fn end(self) -> Result<Node, Unwalkable> {
        Ok(self.finish())
    }
}

impl ser::SerializeMap for Fields<'_> {
    type Ok = Node;
    type Error = Unwalkable;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unwalkable> {
        if self.walked {
            // A map key as serde_json writes a string key; any other key
            // leaves the object to the tree comparison.
            let Ok(Value::String(key)) = key.serialize(serde_json::value::Serializer) else {
                return Err(unwalkable("non-string map keys"));
            };
            self.key = Some(key);
        }
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwalkable> {
        if let Some(key) = self.key.take() {
            self.field(Cow::Owned(key), value)?;
        }
        Ok(())
    }

    fn end(self) -> Result<Node, Unwalkable> {
        Ok(self.finish())
    }
}

/// A list's items being walked: keyed by `kind` for an associative list,
/// skipped for any other shape (the list is then taken whole).
struct Items<'a> {
    level: Level<'a>,
    list: Option<(ListKind, Shape)>,
}

impl Items<'_> {
    /// Files one item of an associative list of kind `kind` whose items
    /// have shape `item_shape`: an added member with everything below it.
    /// An item whose key cannot be built is skipped, as the tree walk
    /// skips it.
    fn file<T: Serialize + ?Sized>(
        &mut self,
        kind: ListKind,
        item_shape: Shape,
        item: &T,
    ) -> Result<(), Unwalkable> {
        match kind {
            ListKind::Keyed { keys, item: schema } if !matches!(item_shape, Shape::Leaf) => {
                // The key is known once the item is walked: the entry is
                // written under a placeholder and keyed after.
                let placeholder = EntryKey::Item(Box::new(PathElement::Index(0)));
                let (node, recorded) = self.level.entry(placeholder, true, false, |tree| {
                    item.serialize(Walk {
                        tree,
                        shape: item_shape,
                        zero: false,
                        keys,
                        untracked: &[],
                    })
                })?;
                let element = match node {
                    Node::Container { keys: found, .. } => {
                        keyed_element_of(found, keys, schema).ok()
                    }
                    // Null or not a map: no key.
                    Node::Other => None,
                };
                let last = recorded.then(|| self.level.tree.open.last_mut()).flatten();
                match (element, last) {
                    (Some(element), Some(last)) => last.key = EntryKey::Item(Box::new(element)),
                    (None, Some(_)) => {
                        self.level.tree.open.pop();
                    }
                    _ => {}
                }
            }
            // Set items (scalars) and atomic list-map items: keyed by
            // their JSON, nothing below them.
            _ => {
                let value = serde_json::to_value(item).map_err(ser::Error::custom)?;
                if let Ok(element) = item_element(&value, kind) {
                    self.level.leaf(EntryKey::Item(Box::new(element)));
                }
            }
        }
        Ok(())
    }

    fn element<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Unwalkable> {
        match self.list {
            Some((kind, item_shape)) => self.file(kind, item_shape, item),
            None => Ok(()),
        }
    }

    fn finish(self) -> Node {
        match self.list {
            Some(_) => Node::Container {
                below: self.level.end(),
                keys: Vec::new(),
            },
            None => Node::Other,
        }
    }
}

impl ser::SerializeSeq for Items<'_> {
    type Ok = Node;
    type Error = Unwalkable;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Unwalkable> {
        self.element(item)
    }

    fn end(self) -> Result<Node, Unwalkable> {
        Ok(self.finish())
    }
}

impl ser::SerializeTuple for Items<'_> {
    type Ok = Node;
    type Error = Unwalkable;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Unwalkable> {
        self.element(item)
    }

    fn end(self) -> Result<Node, Unwalkable> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleStruct for Items<'_> {
    type Ok = Node;
    type Error = Unwalkable;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Unwalkable> {
        self.element(item)
    }

    fn end(self) -> Result<Node, Unwalkable> {
        Ok(self.finish())
    }
}

fn unwalkable(form: &str) -> Unwalkable {
    Unwalkable(format!("the field manager does not walk {form}"))
}

impl<'a> ser::Serializer for Walk<'a> {
    type Ok = Node;
    type Error = Unwalkable;
    type SerializeSeq = Items<'a>;
    type SerializeTuple = Items<'a>;
    type SerializeTupleStruct = Items<'a>;
    type SerializeTupleVariant = Impossible<Node, Unwalkable>;
    type SerializeMap = Fields<'a>;
    type SerializeStruct = Fields<'a>;
    type SerializeStructVariant = Impossible<Node, Unwalkable>;

    fn serialize_bool(self, _: bool) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_i8(self, _: i8) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_i16(self, _: i16) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_i32(self, _: i32) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_i64(self, _: i64) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_u8(self, _: u8) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_u16(self, _: u16) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_u32(self, _: u32) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_u64(self, _: u64) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_f32(self, _: f32) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_f64(self, _: f64) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_char(self, _: char) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_str(self, _: &str) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_none(self) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Node, Unwalkable> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<Node, Unwalkable> {
        Ok(Node::Other)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Node, Unwalkable> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Node, Unwalkable> {
        Err(unwalkable("enum variants with data"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Items<'a>, Unwalkable> {
        let list = match self.shape {
            Shape::List { kind, .. } => Some((kind, self.shape.item())),
            _ => None,
        };
        Ok(Items {
            level: Level::new(self.tree),
            list,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Items<'a>, Unwalkable> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Items<'a>, Unwalkable> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unwalkable> {
        Err(unwalkable("enum variants with data"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Fields<'a>, Unwalkable> {
        Ok(self.fields())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Fields<'a>, Unwalkable> {
        Ok(self.fields())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unwalkable> {
        Err(unwalkable("enum variants with data"))
    }
}
