//! The paths a create sets, written as FieldsV1 text straight from the
//! Rust object: the object's generated [`FieldPaths`] (schema generator,
//! `zz_generated.schema.rs`) offers its written fields, map entries and
//! list items to this module's [`PathSink`], which decides from the schema
//! tables what is recorded and writes it in the same pass. The result is
//! what [`super::walk::compare`] finds comparing the Go zero value with the
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
//!   that is `{}` is unchanged and records nothing; a non-empty one is
//!   walked on;
//! - every other field, map entry or list item is added: its path is a
//!   member and so is every path below it, with structs, maps and
//!   associative lists walked and leaves (atomic lists, scalars, untyped
//!   values) taken whole;
//! - list items are keyed as [`super::walk`] keys them (`k:` by their key
//!   fields, a missing key from its `+default`; `v:` by value); an item
//!   whose key cannot be built is skipped, and a repeated key keeps the
//!   first item.
//!
//! FieldsV1 orders a level's elements (fields by name, then list items as
//! [`PathElement`] sorts them). Struct fields come from the generated code
//! in that order and map entries in key order, so they are written as they
//! come; a list's items are written as they come and put in order when the
//! list ends.

use std::sync::atomic::{AtomicUsize, Ordering};

use runtime::fieldpaths::{FieldPaths, ListItem, PathSink};
use runtime::meta::FieldsV1;
use runtime::schema::TypeSchema;

use super::fieldset::{PathElement, write_field_key, write_schema_field_key};
use super::managers::{UNTRACKED_METADATA, UNTRACKED_TOP};
use super::shape::{ListKind, Shape, ZeroValue};
use super::walk::{item_element, keyed_element_of};

/// The FieldsV1 of the paths a created `object` sets (its Rust fields,
/// `apiVersion` and `kind` aside), compared with the zero value of its
/// type `schema`, minus the untracked paths (`apiVersion`, `kind`,
/// `metadata` and its server-owned fields; `status` too with
/// `status_reset`): [`super::walk::compare`]'s added and modified paths
/// for `compare(None, object)`, written as [`super::FieldSet`] writes
/// them. `None` when there are none.
pub(crate) fn created_fields_v1(
    object: &dyn FieldPaths,
    schema: &'static TypeSchema,
    status_reset: bool,
) -> Option<FieldsV1> {
    let mut sink = Writer {
        out: String::with_capacity(capacity_hint(LAST_LEN.load(Ordering::Relaxed))),
        frames: Vec::with_capacity(16),
        skip_status: status_reset,
    };
    sink.out.push('{');
    sink.frames.push(Frame {
        shape: Shape::root(schema),
        zero: true,
        member: false,
        untracked: UNTRACKED_TOP,
        rollback: 0,
        children: 0,
        parent_children: 0,
        items: None,
    });
    object.walk_paths(&mut sink);
    if sink.frames.first().is_none_or(|root| root.children == 0) {
        return None;
    }
    sink.out.push('}');
    LAST_LEN.store(sink.out.len(), Ordering::Relaxed);
    // The text is JSON by construction; `from_json` checks it anyway (a
    // text of an earlier create's shape is copied, not parsed again).
    FieldsV1::from_json(sink.out).ok()
}

/// The length of the last FieldsV1 text written here, in bytes: the next
/// one starts with room for it ([`capacity_hint`]), so that a run of
/// creates of one kind writes each text into one allocation instead of
/// doubling it (a Deployment's is 17 KB).
static LAST_LEN: AtomicUsize = AtomicUsize::new(0);

/// The capacity to start a text with after one of `last` bytes: an
/// eighth more (the text grows past its final length while it is written:
/// an entry compared with `{}`, such as a create's empty `status`, is
/// written up to its brace and taken back when nothing was below it), at
/// least 4 KiB, at most [`MAX_HINT`].
fn capacity_hint(last: usize) -> usize {
    (last + last / 8).clamp(4096, MAX_HINT)
}

/// The largest capacity [`LAST_LEN`] gives, in bytes: a text of an
/// unusually large object does not make every later create allocate as
/// much.
const MAX_HINT: usize = 64 * 1024;

/// One open value: a struct, map or list whose entry has been written up
/// to its opening brace.
struct Frame {
    shape: Shape,
    /// Compared with a Go zero struct (`{}`): its own path is not a member,
    /// and it records nothing when nothing below it differs.
    zero: bool,
    /// Its own path is a member (`".":{}` before its first child).
    member: bool,
    /// Fields of this value whose own paths are not recorded.
    untracked: &'static [&'static str],
    /// Where its entry starts (its separator included), to take it back.
    rollback: usize,
    /// The children written below it so far.
    children: usize,
    /// Its parent's children before it.
    parent_children: usize,
    /// A list's items so far, written back to back from `start`, each with
    /// its element and its text's range; put in order when the list ends.
    items: Option<Items>,
}

struct Items {
    start: usize,
    written: Vec<(PathElement, std::ops::Range<usize>)>,
}

/// The sink: FieldsV1 text in `out`, the open values in `frames` (the
/// root first).
struct Writer {
    out: String,
    frames: Vec<Frame>,
    /// The root's `status` is neither recorded nor walked (a strategy's
    /// reset field).
    skip_status: bool,
}

impl Writer {
    /// Starts the entry of a child of the innermost value, written by
    /// `key`: its separator (or, in a list, nothing: items are ordered
    /// and separated when the list ends) and key. Returns where the entry
    /// starts and the parent's child count before it.
    fn begin(&mut self, key: impl FnOnce(&mut String)) -> (usize, usize) {
        let out = &mut self.out;
        let rollback = out.len();
        let Some(parent) = self.frames.last_mut() else {
            return (rollback, 0);
        };
        let before = parent.children;
        if parent.items.is_none() {
            if parent.children > 0 {
                out.push(',');
            } else if parent.member {
                out.push_str("\".\":{},");
            }
        }
        parent.children += 1;
        key(out);
        out.push(':');
        (rollback, before)
    }

    /// A child that is a member with nothing below it.
    fn leaf(&mut self, key: impl FnOnce(&mut String)) -> usize {
        let (start, _) = self.begin(key);
        self.out.push_str("{}");
        start
    }

    /// A child to walk: its entry is open until [`PathSink::end`].
    fn open(
        &mut self,
        key: impl FnOnce(&mut String),
        shape: Shape,
        member: bool,
        zero: bool,
        untracked: &'static [&'static str],
    ) {
        let (rollback, parent_children) = self.begin(key);
        self.out.push('{');
        let items = matches!(shape, Shape::List { .. }).then(|| Items {
            start: self.out.len(),
            written: Vec::new(),
        });
        self.frames.push(Frame {
            shape,
            zero,
            member,
            untracked,
            rollback,
            children: 0,
            parent_children,
            items,
        });
    }

    /// A child of the innermost value named `name`, of shape `shape`
    /// (`zero`: how the zero value of its struct holds it; `schema_name`:
    /// `name` is a schema's JSON name, written without looking for
    /// characters to escape): recorded as the tree comparison records it;
    /// whether to walk it.
    fn child(&mut self, name: &str, shape: Shape, zero: ZeroValue, schema_name: bool) -> bool {
        let Some(parent) = self.frames.last() else {
            return false;
        };
        if self.skip_status
            && name == "status"
            && matches!(parent.shape, Shape::Struct { root: true, .. })
        {
            return false;
        }
        let tracked = !parent.untracked.contains(&name);
        let untracked = match parent.shape {
            Shape::Struct { root: true, .. } if name == "metadata" => UNTRACKED_METADATA,
            _ => &[],
        };
        let key = |out: &mut String| {
            if schema_name {
                write_schema_field_key(name, out);
            } else {
                write_field_key(name, out);
            }
        };
        if parent.zero && zero == ZeroValue::Empty {
            // Present in the zero value as `{}`: recorded only where it
            // differs.
            self.open(key, shape, false, true, untracked);
            true
        } else if matches!(shape, Shape::Leaf) {
            // Added whole, not looked into.
            if tracked {
                self.leaf(key);
            }
            false
        } else {
            // Added, with everything below it; the field itself too unless
            // the zero value holds it (as `null`).
            let member = tracked && !(parent.zero && zero == ZeroValue::Null);
            self.open(key, shape, member, false, untracked);
            true
        }
    }

    /// Puts a list's items in FieldsV1's order, the first of a repeated
    /// element kept, and separates them.
    fn order_items(&mut self, frame: &mut Frame) {
        let Some(Items { start, mut written }) = frame.items.take() else {
            return;
        };
        written.sort_by(|a, b| a.0.cmp(&b.0));
        written.dedup_by(|later, first| later.0 == first.0);
        let text = self.out.split_off(start);
        for (i, (_, range)) in written.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
            } else if frame.member {
                self.out.push_str("\".\":{},");
            }
            self.out.push_str(&text[range.clone()]);
        }
        frame.children = written.len();
    }

    /// Files the entry that started at `start` and ends here as an item of
    /// the innermost list, under `element`.
    fn file_item(&mut self, element: PathElement, start: usize) {
        let end = self.out.len();
        if let Some(items) = self.frames.last_mut().and_then(|f| f.items.as_mut()) {
            items
                .written
                .push((element, start - items.start..end - items.start));
        }
    }
}

impl PathSink for Writer {
    fn field(&mut self, schema: &'static TypeSchema, index: usize) -> bool {
        let Some(field) = schema.fields.get(index) else {
            return false;
        };
        let (shape, declared) = match self.frames.last().map(|f| f.shape) {
            Some(Shape::Struct { .. }) => (Shape::of_declared(field), true),
            Some(other) => other.field(field.json),
            None => return false,
        };
        let zero = if declared {
            ZeroValue::of(field)
        } else {
            ZeroValue::Absent
        };
        self.child(field.json, shape, zero, true)
    }

    fn entry(&mut self, key: &str) -> bool {
        let Some(parent) = self.frames.last() else {
            return false;
        };
        let (shape, _) = parent.shape.field(key);
        let zero = parent.shape.field_zero_value(key);
        self.child(key, shape, zero, false)
    }

    fn item(&mut self, item: &dyn ListItem) -> bool {
        let Some(Shape::List { kind, .. }) = self.frames.last().map(|f| f.shape) else {
            return false;
        };
        let item_shape = self.frames.last().map_or(Shape::Leaf, |f| f.shape.item());
        match kind {
            ListKind::Keyed { keys, item: schema } if !matches!(item_shape, Shape::Leaf) => {
                let found = keys
                    .iter()
                    .filter_map(|key| Some(((*key).to_string(), item.key_field(key)?)))
                    .collect();
                let Ok(element) = keyed_element_of(found, keys, schema) else {
                    return false;
                };
                // Filed in the list now, under its element; the range
                // ends when the item does.
                let list = self.frames.len() - 1;
                let start = self.out.len();
                self.open(|out| element.write_key(out), item_shape, true, false, &[]);
                if let Some(items) = self.frames.get_mut(list).and_then(|f| f.items.as_mut()) {
                    let at = start - items.start;
                    items.written.push((element, at..at));
                }
                true
            }
            // Set items (scalars) and atomic list-map items: keyed by
            // their JSON, nothing below them.
            _ => {
                let element = item
                    .to_json()
                    .and_then(|value| item_element(&value, kind).ok());
                if let Some(element) = element {
                    let start = self.leaf(|out| element.write_key(out));
                    self.file_item(element, start);
                }
                false
            }
        }
    }

    fn end(&mut self) {
        let Some(mut frame) = self.frames.pop() else {
            return;
        };
        self.order_items(&mut frame);
        let in_list = self.frames.last().is_some_and(|f| f.items.is_some());
        // An entry with nothing below it stays only as a member of its
        // own, and never for a struct compared with `{}`.
        if frame.children == 0 && (frame.zero || !frame.member) {
            self.out.truncate(frame.rollback);
            if let Some(parent) = self.frames.last_mut() {
                parent.children = frame.parent_children;
                if let Some(items) = parent.items.as_mut() {
                    items.written.pop();
                }
            }
            return;
        }
        self.out.push('}');
        if in_list {
            let end = self.out.len();
            if let Some(items) = self.frames.last_mut().and_then(|f| f.items.as_mut())
                && let Some((_, range)) = items.written.last_mut()
            {
                range.end = end - items.start;
            }
        }
    }
}
