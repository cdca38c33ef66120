//! Field paths and sets of them, as structured-merge-diff's `fieldpath`
//! package defines them (`element.go`, `set.go`, `serialize.go`,
//! `serialize-pe.go`), with the FieldsV1 wire form of managed fields.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, Visitor};
use serde_json::{Map, Value};

use super::value::{compare, to_human};
use runtime::meta::FieldsV1;

/// One step of a field path (`fieldpath.PathElement`).
///
/// Elements order as upstream's `PathElement.Compare`: field names first,
/// then list-map keys, then set values, then indices; within a kind by
/// name, by key fields, by `value.Compare`, by number.
#[derive(Debug, Clone)]
pub enum PathElement {
    /// `f:<name>`: a struct field or a map key.
    Field(String),
    /// `k:{...}`: an item of a `listType=map` list, by its key fields
    /// (sorted by field name, as upstream sorts them).
    Key(Vec<(String, Value)>),
    /// `v:<json>`: an item of a `listType=set` list, by value.
    Value(Value),
    /// `i:<n>`: an item of an atomic list, by position.
    Index(i64),
}

impl PathElement {
    fn rank(&self) -> u8 {
        match self {
            PathElement::Field(_) => 0,
            PathElement::Key(_) => 1,
            PathElement::Value(_) => 2,
            PathElement::Index(_) => 3,
        }
    }

    /// The FieldsV1 key of this element: `f:name`, `k:{"name":"http"}`
    /// (compact JSON, fields in key order), `v:"a"`, `i:0`.
    pub fn serialize(&self) -> String {
        let mut text = String::new();
        self.write_text(&mut text);
        text
    }

    /// Appends [`PathElement::serialize`]'s text.
    fn write_text(&self, out: &mut String) {
        use runtime::go::{MemberOrder, write_json, write_json_string};
        match self {
            PathElement::Field(name) => {
                out.push_str("f:");
                out.push_str(name);
            }
            PathElement::Key(fields) => {
                out.push_str("k:{");
                for (i, (name, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(name, out);
                    out.push(':');
                    write_json(value, MemberOrder::Sorted, out);
                }
                out.push('}');
            }
            PathElement::Value(value) => {
                out.push_str("v:");
                write_json(value, MemberOrder::Sorted, out);
            }
            PathElement::Index(i) => {
                out.push_str("i:");
                out.push_str(&i.to_string());
            }
        }
    }

    /// Writes this element's FieldsV1 key as a JSON string.
    ///
    /// The key of a list item holds JSON text inside the JSON string: Go's
    /// escaping of its strings, then the key's own. Items keyed by plain
    /// scalars (strings of printable ASCII that neither escaping touches,
    /// numbers, booleans, null), which are nearly all of them, are written
    /// in one pass; any other goes through the text of
    /// [`PathElement::serialize`], escaped whole.
    pub(super) fn write_key(&self, out: &mut String) {
        match self {
            PathElement::Field(name) => write_field_key(name, out),
            PathElement::Key(fields) if fields.iter().all(|(n, v)| plain(n) && plain_scalar(v)) => {
                out.push_str("\"k:{");
                for (i, (name, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str("\\\"");
                    out.push_str(name);
                    out.push_str("\\\":");
                    write_plain_scalar(value, out);
                }
                out.push_str("}\"");
            }
            PathElement::Value(value) if plain_scalar(value) => {
                out.push_str("\"v:");
                write_plain_scalar(value, out);
                out.push('"');
            }
            other => {
                let mut text = String::with_capacity(48);
                other.write_text(&mut text);
                write_json_key(&text, out);
            }
        }
    }

    /// Parses a FieldsV1 key. `Ok(None)` for a key of an unknown kind, which
    /// upstream skips (`ErrUnknownPathElementType`).
    ///
    /// # Errors
    ///
    /// A key shorter than two characters, without the colon, or whose JSON
    /// does not parse.
    pub fn parse(key: &str) -> Result<Option<PathElement>, String> {
        if key.len() < 2 {
            return Err("key must be 2 characters long:".to_string());
        }
        // Upstream reads the first two bytes: the kind's and the colon
        // (a colon second means the first is one ASCII character).
        let (kind, body) = match key.as_bytes() {
            [kind, b':', ..] => (*kind, key.get(2..).unwrap_or_default()),
            _ => return Err(format!("missing colon: {key}")),
        };
        let element = match kind {
            b'f' => PathElement::Field(body.to_string()),
            b'v' => PathElement::Value(parse_json(body)?),
            b'k' => match parse_json(body)? {
                Value::Object(map) => PathElement::Key(sorted_fields(map)),
                other => return Err(format!("expected a key object, got {other}")),
            },
            b'i' => PathElement::Index(body.parse().map_err(|e| format!("{e}"))?),
            _ => return Ok(None),
        };
        Ok(Some(element))
    }
}

/// Writes the FieldsV1 key of the field `name` (`"f:name"`) as a JSON
/// string.
pub(super) fn write_field_key(name: &str, out: &mut String) {
    if name.bytes().any(needs_escape) {
        out.push_str(&json_key(&format!("f:{name}")));
    } else {
        write_schema_field_key(name, out);
    }
}

/// Writes the FieldsV1 key of a schema field (`"f:name"`) as a JSON
/// string, without looking for characters to escape: a schema's JSON name is
/// a name Go's `encoding/json` accepts in a tag, which never holds a
/// quote, a backslash or a control character (the generator refuses any
/// other). For a map key, [`write_field_key`].
pub(super) fn write_schema_field_key(name: &str, out: &mut String) {
    debug_assert!(
        !name.bytes().any(needs_escape),
        "schema JSON name {name:?} needs escaping"
    );
    out.push_str("\"f:");
    out.push_str(name);
    out.push('"');
}

/// A byte JSON escapes inside a string: `"`, `\` and control characters.
fn needs_escape(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < 0x20
}

/// Whether `text` is written as it is both by Go's JSON string escaping
/// and by a JSON string's: printable ASCII other than `"`, `\\`, `<`, `>`
/// and `&`.
fn plain(text: &str) -> bool {
    text.bytes()
        .all(|b| (0x20..0x7f).contains(&b) && !matches!(b, b'"' | b'\\' | b'<' | b'>' | b'&'))
}

/// A scalar whose JSON needs no escaping inside a key: a [`plain`]
/// string, a number, a boolean or null.
fn plain_scalar(value: &Value) -> bool {
    match value {
        Value::String(s) => plain(s),
        Value::Number(_) | Value::Bool(_) | Value::Null => true,
        Value::Array(_) | Value::Object(_) => false,
    }
}

/// Writes a [`plain_scalar`] as its JSON appears inside a key: a string's
/// quotes escaped, other scalars as Go writes them.
fn write_plain_scalar(value: &Value, out: &mut String) {
    use std::fmt::Write as _;
    match value {
        Value::String(s) => {
            out.push_str("\\\"");
            out.push_str(s);
            out.push_str("\\\"");
        }
        Value::Number(n) if n.is_i64() || n.is_u64() => {
            let _ = write!(out, "{n}");
        }
        other => runtime::go::write_json(other, runtime::go::MemberOrder::Sorted, out),
    }
}

/// Writes `key` as serde_json quotes it: `"` and `\` escaped in place,
/// serde_json itself for a key with a control character.
fn write_json_key(key: &str, out: &mut String) {
    if key.bytes().any(|b| b < 0x20) {
        out.push_str(&json_key(key));
        return;
    }
    out.push('"');
    for c in key.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}

/// A key as serde_json quotes it (the writer of FieldsV1 text).
fn json_key(key: &str) -> String {
    serde_json::to_string(key).unwrap_or_default()
}

fn parse_json(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// Key fields sorted by name (`value.FieldList.Sort`).
pub(crate) fn sorted_fields(map: Map<String, Value>) -> Vec<(String, Value)> {
    let mut fields: Vec<(String, Value)> = map.into_iter().collect();
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    fields
}

/// `value.FieldList.Compare`: by name then value, field by field; a prefix
/// sorts first.
fn compare_keys(a: &[(String, Value)], b: &[(String, Value)]) -> Ordering {
    for ((an, av), (bn, bv)) in a.iter().zip(b) {
        let c = an.cmp(bn).then_with(|| compare(av, bv));
        if c != Ordering::Equal {
            return c;
        }
    }
    a.len().cmp(&b.len())
}

impl Ord for PathElement {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (PathElement::Field(a), PathElement::Field(b)) => a.cmp(b),
            (PathElement::Key(a), PathElement::Key(b)) => compare_keys(a, b),
            (PathElement::Value(a), PathElement::Value(b)) => compare(a, b),
            (PathElement::Index(a), PathElement::Index(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for PathElement {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for PathElement {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for PathElement {}

/// The human form upstream prints in conflicts (`PathElement.String`):
/// `.name`, `[name="http",port=80]`, `[="a"]`, `[0]`.
impl fmt::Display for PathElement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathElement::Field(name) => write!(f, ".{name}"),
            PathElement::Key(fields) => {
                let parts: Vec<String> = fields
                    .iter()
                    .map(|(name, value)| format!("{name}={}", to_human(value)))
                    .collect();
                write!(f, "[{}]", parts.join(","))
            }
            PathElement::Value(value) => write!(f, "[={}]", to_human(value)),
            PathElement::Index(i) => write!(f, "[{i}]"),
        }
    }
}

/// A path's human form: its elements' forms concatenated
/// (`.spec.ports[name="http"].port`).
pub fn path_string(path: &[PathElement]) -> String {
    path.iter().map(ToString::to_string).collect()
}

/// A set of field paths (`fieldpath.Set`), kept as upstream keeps it: a trie
/// whose nodes hold the member elements at that level and the child sets
/// under elements that have members below them. Both are vectors sorted
/// by element (upstream's `PathElementSet` and `SetNodeMap` are sorted
/// slices too), so a small level costs one allocation and an empty one
/// none.
///
/// Membership is per path: `spec.replicas` being a member says nothing
/// about `spec`. Set operations are path-wise.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldSet {
    /// Sorted, distinct.
    members: Vec<PathElement>,
    /// Sorted by element, distinct elements.
    children: Vec<(PathElement, FieldSet)>,
}

impl FieldSet {
    /// The empty set.
    pub fn new() -> FieldSet {
        FieldSet::default()
    }

    /// Whether no path is a member.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty() && self.children.iter().all(|(_, c)| c.is_empty())
    }

    fn find_child(&self, element: &PathElement) -> Result<usize, usize> {
        self.children.binary_search_by(|(e, _)| e.cmp(element))
    }

    /// Whether `element` is a member at this level.
    pub(crate) fn is_member(&self, element: &PathElement) -> bool {
        self.members.binary_search(element).is_ok()
    }

    /// Adds `path`; the empty path (the whole object) is never tracked.
    ///
    /// Elements already in the trie are not copied again, so recording
    /// every path of an object copies each element once.
    pub fn insert(&mut self, path: &[PathElement]) {
        match path {
            [] => {}
            [last] => {
                if let Err(at) = self.members.binary_search(last) {
                    self.members.insert(at, last.clone());
                }
            }
            [first, rest @ ..] => match self.find_child(first) {
                Ok(at) => self.children[at].1.insert(rest),
                Err(at) => {
                    let mut child = FieldSet::new();
                    child.insert(rest);
                    self.children.insert(at, (first.clone(), child));
                }
            },
        }
    }

    /// Adds `element` as a member at this level.
    pub(crate) fn add_member(&mut self, element: PathElement) {
        if let Err(at) = self.members.binary_search(&element) {
            self.members.insert(at, element);
        }
    }

    /// One level built from its parts in any order: `members` (repeats
    /// allowed) and the sets below `children`' elements (a repeated
    /// element's sets joined). One sort per part instead of an ordered
    /// insert per element.
    pub(crate) fn from_parts(
        mut members: Vec<PathElement>,
        mut children: Vec<(PathElement, FieldSet)>,
    ) -> FieldSet {
        members.sort_unstable();
        members.dedup();
        children.sort_by(|a, b| a.0.cmp(&b.0));
        children.dedup_by(|later, first| {
            let repeated = later.0 == first.0;
            if repeated {
                first.1.extend(std::mem::take(&mut later.1));
            }
            repeated
        });
        FieldSet { members, children }
    }

    /// Adds the paths of `below` under `element` at this level.
    pub(crate) fn add_child(&mut self, element: PathElement, below: FieldSet) {
        match self.find_child(&element) {
            Ok(at) => self.children[at].1.extend(below),
            Err(at) => self.children.insert(at, (element, below)),
        }
    }

    /// Whether `path` is a member.
    pub fn has(&self, path: &[PathElement]) -> bool {
        match path {
            [] => false,
            [last] => self.is_member(last),
            [first, rest @ ..] => self.child(first).is_some_and(|c| c.has(rest)),
        }
    }

    /// The paths below `element`, without it (`Set.WithPrefix`).
    pub(crate) fn child(&self, element: &PathElement) -> Option<&FieldSet> {
        let at = self.find_child(element).ok()?;
        Some(&self.children[at].1).filter(|c| !c.is_empty())
    }

    /// Paths in either set.
    pub fn union(&self, other: &FieldSet) -> FieldSet {
        let mut out = self.clone();
        out.extend(other.clone());
        out
    }

    /// Adds the paths of `other`, moving its elements rather than copying
    /// them (the in-place [`union`](Self::union)).
    pub fn extend(&mut self, other: FieldSet) {
        if self.members.is_empty() && self.children.is_empty() {
            *self = other;
            return;
        }
        if !other.members.is_empty() {
            let mine = std::mem::take(&mut self.members);
            self.members = merge_sorted(mine, other.members, |a, b| a.cmp(b), |_, _| {});
        }
        if !other.children.is_empty() {
            let mine = std::mem::take(&mut self.children);
            self.children = merge_sorted(
                mine,
                other.children,
                |a, b| a.0.cmp(&b.0),
                |kept, (_, theirs)| kept.1.extend(theirs),
            );
        }
    }

    /// Paths of `self` that are not in `other`.
    pub fn difference(&self, other: &FieldSet) -> FieldSet {
        let mut out = self.clone();
        out.remove_all(other);
        out
    }

    /// Removes the paths of `other` (the in-place
    /// [`difference`](Self::difference)); children left empty go. Whether
    /// any path was removed.
    pub fn remove_all(&mut self, other: &FieldSet) -> bool {
        let mut removed = false;
        if !other.members.is_empty() {
            let before = self.members.len();
            self.members.retain(|m| !other.is_member(m));
            removed = self.members.len() != before;
        }
        if other.children.is_empty() {
            self.children.retain(|(_, child)| !child.is_empty());
            return removed;
        }
        self.children.retain_mut(|(element, child)| {
            if let Ok(at) = other.find_child(element) {
                removed |= child.remove_all(&other.children[at].1);
            }
            !child.is_empty()
        });
        removed
    }

    /// Whether some path is in both sets: whether
    /// [`remove_all`](Self::remove_all) of `other` would remove anything.
    pub(crate) fn overlaps(&self, other: &FieldSet) -> bool {
        self.members.iter().any(|m| other.is_member(m))
            || self.children.iter().any(|(element, child)| {
                other
                    .find_child(element)
                    .is_ok_and(|at| child.overlaps(&other.children[at].1))
            })
    }

    /// Whether every path of `self` is in `other`.
    pub fn is_subset(&self, other: &FieldSet) -> bool {
        // Both levels are sorted: one pass over each, side by side.
        let mut theirs = other.members.iter().peekable();
        let members = self.members.iter().all(|m| {
            while theirs.next_if(|t| *t < m).is_some() {}
            theirs.next_if(|t| *t == m).is_some()
        });
        let mut theirs = other.children.iter().peekable();
        members
            && self.children.iter().all(|(element, child)| {
                while theirs.next_if(|(t, _)| t < element).is_some() {}
                match theirs.next_if(|(t, _)| t == element) {
                    Some((_, their_child)) => child.is_subset(their_child),
                    None => child.is_empty(),
                }
            })
    }

    /// Paths in both sets.
    pub fn intersection(&self, other: &FieldSet) -> FieldSet {
        let members = self
            .members
            .iter()
            .filter(|m| other.is_member(m))
            .cloned()
            .collect();
        let mut children = Vec::new();
        for (element, child) in &self.children {
            if let Ok(at) = other.find_child(element) {
                let both = child.intersection(&other.children[at].1);
                if !both.is_empty() {
                    children.push((element.clone(), both));
                }
            }
        }
        FieldSet { members, children }
    }

    /// The member paths in upstream's iteration order (`Set.Iterate`): at
    /// each level the members first, then each child's paths, all in
    /// element order.
    pub fn paths(&self) -> Vec<Vec<PathElement>> {
        let mut out = Vec::new();
        self.collect_paths(&mut Vec::new(), &mut out);
        out
    }

    fn collect_paths(&self, prefix: &mut Vec<PathElement>, out: &mut Vec<Vec<PathElement>>) {
        for member in &self.members {
            prefix.push(member.clone());
            out.push(prefix.clone());
            prefix.pop();
        }
        for (element, child) in &self.children {
            prefix.push(element.clone());
            child.collect_paths(prefix, out);
            prefix.pop();
        }
    }

    /// The members at this level, in element order.
    pub(crate) fn members(&self) -> &[PathElement] {
        &self.members
    }

    /// The non-empty children, by element.
    pub(crate) fn children(&self) -> impl Iterator<Item = (&PathElement, &FieldSet)> {
        self.children
            .iter()
            .filter(|(_, c)| !c.is_empty())
            .map(|(e, c)| (e, c))
    }

    /// The FieldsV1 form (`Set.ToJSON`): an object per level whose keys are
    /// the serialized elements in element order, `{}` for a member without
    /// children, and `".": {}` first in a child object when the child's
    /// element is itself a member. Example:
    /// `{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:ports":{"k:{\"name\":\"http\"}":{".":{},"f:name":{},"f:port":{}}}}}`.
    /// The text is written straight from the trie.
    pub fn to_fields_v1(&self) -> FieldsV1 {
        let mut text = String::new();
        self.write_json(false, &mut text);
        // The writer only writes JSON; were it ever not, the set is lost
        // rather than stored broken.
        FieldsV1::from_json(text).unwrap_or_else(|_| FieldsV1::default())
    }

    fn write_json(&self, include_self: bool, out: &mut String) {
        out.push('{');
        let mut first = true;
        if include_self {
            out.push_str("\".\":{}");
            first = false;
        }
        // Members and children are both in element order: merge them.
        let mut members = self.members.iter().peekable();
        let mut children = self.children().peekable();
        loop {
            let order = match (members.peek(), children.peek()) {
                (None, None) => break,
                (Some(m), Some((c, _))) => m.cmp(c),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
            };
            let (element, member, child) = match order {
                Ordering::Less => match members.next() {
                    Some(m) => (m, true, None),
                    None => break,
                },
                Ordering::Greater => match children.next() {
                    Some((c, set)) => (c, false, Some(set)),
                    None => break,
                },
                Ordering::Equal => {
                    members.next();
                    match children.next() {
                        Some((c, set)) => (c, true, Some(set)),
                        None => break,
                    }
                }
            };
            if !first {
                out.push(',');
            }
            first = false;
            element.write_key(out);
            out.push(':');
            match child {
                Some(child) => child.write_json(member, out),
                None => out.push_str("{}"),
            }
        }
        out.push('}');
    }

    /// Parses the FieldsV1 form (`Set.FromJSON`) straight from its text. A
    /// key mapping to `{}` or to an object with `"."` is a member; keys of
    /// unknown kinds are skipped.
    ///
    /// # Errors
    ///
    /// A non-object node or a key that does not parse as a path element.
    pub fn from_fields_v1(fields: &FieldsV1) -> Result<FieldSet, String> {
        let mut de = serde_json::Deserializer::from_str(fields.as_str());
        let (set, _) = Level.deserialize(&mut de).map_err(|e| e.to_string())?;
        Ok(set)
    }
}

/// Merges two sorted, distinct vectors into one; `same` folds an item of
/// `b` into the equal item of `a`.
fn merge_sorted<T>(
    a: Vec<T>,
    b: Vec<T>,
    cmp: impl Fn(&T, &T) -> Ordering,
    mut same: impl FnMut(&mut T, T),
) -> Vec<T> {
    if a.is_empty() {
        return b;
    }
    let mut out = Vec::with_capacity(a.len() + b.len());
    let mut b = b.into_iter().peekable();
    for mut item in a {
        while let Some(next) = b.next_if(|n| cmp(n, &item) == Ordering::Less) {
            out.push(next);
        }
        if let Some(equal) = b.next_if(|n| cmp(n, &item) == Ordering::Equal) {
            same(&mut item, equal);
        }
        out.push(item);
    }
    out.extend(b);
    out
}

/// One level of a FieldsV1 text: the set below it and whether the element
/// above it is a member (`{}`, or `"."` among its keys).
struct Level;

impl<'de> DeserializeSeed<'de> for Level {
    type Value = (FieldSet, bool);

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Level {
    type Value = (FieldSet, bool);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut set = FieldSet::new();
        let mut empty = true;
        let mut dot = false;
        while let Some(Key(key)) = map.next_key()? {
            empty = false;
            if key == "." {
                map.next_value::<IgnoredAny>()?;
                dot = true;
                continue;
            }
            let element = PathElement::parse(&key).map_err(A::Error::custom)?;
            let (below, member) = map.next_value_seed(Level)?;
            let Some(element) = element else {
                continue;
            };
            // Keys come in element order from every writer upstream and
            // ours; anything else is put in order below.
            match (member, below.is_empty()) {
                (true, true) => set.members.push(element),
                (true, false) => {
                    set.members.push(element.clone());
                    set.children.push((element, below));
                }
                (false, false) => set.children.push((element, below)),
                (false, true) => {}
            }
        }
        if !set.members.is_sorted() {
            set.members.sort();
        }
        set.members.dedup();
        if !set.children.is_sorted_by(|a, b| a.0 <= b.0) {
            set.children.sort_by(|a, b| a.0.cmp(&b.0));
        }
        set.children.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1.extend(std::mem::take(&mut later.1));
            }
            same
        });
        Ok((set, empty || dot))
    }
}

/// An object key, borrowed from the text when it has no escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;

        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }

            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }

            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }

        d.deserialize_str(KeyVisitor)
    }
}

/// One path per line in iteration order, as `Set.String` prints.
impl fmt::Display for FieldSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.paths().iter().map(|p| path_string(p)).collect();
        f.write_str(&lines.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field(name: &str) -> PathElement {
        PathElement::Field(name.to_string())
    }

    /// Keys are read by their first two bytes, as upstream reads them: a
    /// key starting with a character of several bytes has no colon second.
    #[test]
    fn keys_parse_by_their_first_two_bytes() {
        assert_eq!(PathElement::parse("f:é"), Ok(Some(field("é"))));
        assert_eq!(PathElement::parse("é"), Err("missing colon: é".to_string()));
        assert_eq!(
            PathElement::parse("日:x"),
            Err("missing colon: 日:x".to_string())
        );
        assert_eq!(PathElement::parse("x:1"), Ok(None));
        assert_eq!(PathElement::parse("i:2"), Ok(Some(PathElement::Index(2))));
        assert_eq!(
            PathElement::parse("f"),
            Err("key must be 2 characters long:".to_string())
        );
    }

    #[test]
    fn set_operations_are_path_wise() {
        let mut a = FieldSet::new();
        a.insert(&[field("spec"), field("replicas")]);
        a.insert(&[field("spec"), field("paused")]);
        let mut b = FieldSet::new();
        b.insert(&[field("spec"), field("replicas")]);
        b.insert(&[field("spec")]);
        assert_eq!(a.difference(&b).to_string(), ".spec.paused");
        assert_eq!(a.intersection(&b).to_string(), ".spec.replicas");
        assert_eq!(
            a.union(&b).to_string(),
            ".spec\n.spec.paused\n.spec.replicas"
        );
        assert!(a.difference(&a).is_empty());
    }

    /// `is_subset` walks both sorted levels side by side: each path of the
    /// first set is a path of the second, whatever the second holds
    /// before, between and after them.
    #[test]
    fn subsets_are_path_wise() {
        let set = |paths: &[&[&str]]| {
            let mut set = FieldSet::new();
            for path in paths {
                let path: Vec<PathElement> = path.iter().map(|name| field(name)).collect();
                set.insert(&path);
            }
            set
        };
        let big = set(&[
            &["a"],
            &["c"],
            &["e"],
            &["s", "b"],
            &["s", "d"],
            &["t", "x"],
        ]);
        assert!(set(&[&["c"], &["e"], &["s", "d"]]).is_subset(&big));
        assert!(set(&[]).is_subset(&big));
        assert!(big.is_subset(&big));
        assert!(!set(&[&["b"]]).is_subset(&big));
        assert!(!set(&[&["f"]]).is_subset(&big));
        assert!(!set(&[&["s"]]).is_subset(&big));
        assert!(!set(&[&["s", "c"]]).is_subset(&big));
        assert!(!set(&[&["u", "x"]]).is_subset(&big));
        assert!(!big.is_subset(&set(&[&["a"], &["c"], &["e"]])));
    }

    #[test]
    fn element_order_and_forms() {
        // fieldpath/element.go: fields < keys < values < indices.
        let key = PathElement::Key(vec![("name".into(), json!("http"))]);
        let value = PathElement::Value(json!("a"));
        assert!(field("z") < key && key < value && value < PathElement::Index(0));
        assert_eq!(key.to_string(), "[name=\"http\"]");
        assert_eq!(key.serialize(), r#"k:{"name":"http"}"#);
        assert_eq!(value.to_string(), "[=\"a\"]");
        assert_eq!(
            PathElement::parse(r#"k:{"port":80,"name":"http"}"#).unwrap(),
            Some(PathElement::Key(vec![
                ("name".into(), json!("http")),
                ("port".into(), json!(80))
            ]))
        );
        assert_eq!(PathElement::parse("x:y").unwrap(), None);
    }

    /// A FieldsV1 key is the element's text quoted as serde_json quotes
    /// strings, whatever the text holds (quotes, backslashes, Go's HTML
    /// escapes, control characters, non-ASCII), and parses back; items
    /// keyed by plain scalars, written in one pass, too.
    #[test]
    fn keys_are_quoted_as_serde_json_quotes_them() {
        let key = |fields: Vec<(&str, Value)>| {
            PathElement::Key(fields.into_iter().map(|(n, v)| (n.into(), v)).collect())
        };
        let elements = [
            key(vec![("name", json!("http"))]),
            key(vec![
                ("containerPort", json!(8080)),
                ("protocol", json!("TCP")),
            ]),
            key(vec![
                ("n", json!(null)),
                ("on", json!(true)),
                ("port", json!(-1)),
            ]),
            key(vec![("big", json!(1e21)), ("ratio", json!(1.5))]),
            key(vec![("na\"me", json!("x"))]),
            key(vec![("name", json!({"a": 1}))]),
            PathElement::Value(json!("a")),
            PathElement::Value(json!(42)),
            PathElement::Value(json!(0.25)),
            PathElement::Value(json!("\u{7f}~ ")),
            field("plain"),
            field("with \"quote\" and \\"),
            field("tab\there"),
            PathElement::Key(vec![
                ("name".into(), json!("a\"b\\c")),
                ("port".into(), json!(80)),
            ]),
            PathElement::Key(vec![("name".into(), json!("<x>&\u{7f}é\n"))]),
            PathElement::Value(json!("v\u{1}")),
            PathElement::Value(json!({"b": [1, 2.5], "a": null})),
            PathElement::Index(12),
        ];
        for element in elements {
            let mut key = String::new();
            element.write_key(&mut key);
            assert_eq!(
                key,
                serde_json::to_string(&element.serialize()).unwrap(),
                "{element:?}"
            );
            let text: String = serde_json::from_str(&key).unwrap();
            assert_eq!(PathElement::parse(&text).unwrap(), Some(element));
        }
    }
}
