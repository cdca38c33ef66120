//! Field validation in the decoding pass: a JSON body read into a kind's
//! Rust type while the same pass records the fields the type does not know,
//! the keys an object repeats, and the top-level `apiVersion` and `kind`,
//! as kube-apiserver's strict decoder (`sigs.k8s.io/json`'s
//! `UnmarshalStrict`, behind `fieldValidation`) reports
//! `unknown field "spec.foo"` and `duplicate field "metadata.name"`.
//!
//! [`from_slice`] wraps serde_json's deserializer: every map the type reads
//! goes through a wrapper that captures its keys (borrowed from the body
//! unless escaped) and checks them against the keys before; a value the
//! type skips (`deserialize_ignored_any`, what serde's derive does for an
//! unknown field) is an unknown field at its path. Paths are built only
//! when a field is reported.
//!
//! Keys are collected for maps (not for structs, whose derived
//! `Deserialize` fails on a field it declares twice; a repeated unknown
//! field is found at its second skipped value). A repeated map key is
//! handed to the type under a name no type declares, so the type skips it
//! and decoding goes on: the *first* value stays, where Go's decoder keeps
//! the last. A caller that finds duplicates, or gets serde's
//! `duplicate field` error, decodes again from the deduplicated document
//! (see `server::rest::decode`).
//! Enum variants' payloads are read without the wrapper (the API types'
//! enums are strings).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor,
};

/// The key a repeated key is replaced with, which no type declares.
const REPEATED: &str = "\u{0}repeated";

/// What the decoding pass found besides the value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Findings {
    /// Paths of fields the type does not know (`spec.foo`,
    /// `spec.ports[0].bar`), in document order; the top-level `apiVersion`
    /// and `kind` are not among them.
    pub unknown: Vec<String>,
    /// Paths of repeated keys (`metadata.name`), in document order.
    pub duplicate: Vec<String>,
    /// The top-level `apiVersion`, when a string.
    pub api_version: Option<String>,
    /// The top-level `kind`, when a string.
    pub kind: Option<String>,
    /// Whether the top-level `apiVersion` and `kind` were read.
    type_meta_read: [bool; 2],
}

/// Decodes `bytes` into `T` in one pass, with [`Findings`].
///
/// The body is read as text, checked to be UTF-8 once
/// ([`super::json_text`]).
///
/// Errors: serde_json's error for a document that is not JSON (invalid
/// UTF-8 included: the error a plain parse reports), or not a `T` (a type
/// mismatch, trailing characters), or whose top-level `apiVersion` or
/// `kind` is neither a string nor null.
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<(T, Findings), serde_json::Error> {
    let text = super::json_text(bytes)?;
    let findings = RefCell::new(Findings::default());
    let mut de = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(Wrap {
        de: &mut de,
        path: &Path::Root,
        findings: &findings,
    })?;
    de.end()?;
    Ok((value, findings.into_inner()))
}

/// The keys of one object so far: compared one by one while there are few
/// (most objects have a handful of keys), kept inline without allocating;
/// hashed past that.
#[derive(Debug, Default)]
pub struct KeySet<'de> {
    few: [Cow<'de, str>; KeySet::FEW],
    len: usize,
    many: Option<HashSet<Cow<'de, str>>>,
}

impl<'de> KeySet<'de> {
    /// Few enough keys to compare one by one.
    const FEW: usize = 16;

    /// Adds `key`; false if it was there.
    pub fn insert(&mut self, key: Cow<'de, str>) -> bool {
        let many = match &mut self.many {
            Some(many) => many,
            None => {
                if self.few[..self.len].contains(&key) {
                    return false;
                }
                if self.len < Self::FEW {
                    self.few[self.len] = key;
                    self.len += 1;
                    return true;
                }
                self.many
                    .insert(self.few.iter_mut().map(std::mem::take).collect())
            }
        };
        many.insert(key)
    }
}

/// A seed that reads a map key as text, borrowed from the input unless it
/// has escapes; for walks over an object's entries that need the key
/// itself (field validation's scans, embedded structs).
pub struct MapKey;

impl<'de> DeserializeSeed<'de> for MapKey {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for MapKey {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(key))
    }

    fn visit_str<E>(self, key: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(key.to_string()))
    }

    fn visit_string<E>(self, key: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(key))
    }
}

/// Where the value being read is, as a chain of borrowed steps.
#[derive(Clone, Copy)]
enum Path<'a> {
    Root,
    Key { parent: &'a Path<'a>, key: &'a str },
    Index { parent: &'a Path<'a>, index: usize },
}

impl Path<'_> {
    /// The path as field validation prints it: `spec.ports[0].name`.
    fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out);
        out
    }

    fn render_into(&self, out: &mut String) {
        match self {
            Path::Root => {}
            Path::Key { parent, key } => {
                parent.render_into(out);
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Path::Index { parent, index } => {
                parent.render_into(out);
                out.push('[');
                out.push_str(&index.to_string());
                out.push(']');
            }
        }
    }
}

/// The deserializer of the value at `path`.
struct Wrap<'a, 'f, D> {
    de: D,
    path: &'a Path<'a>,
    findings: &'f RefCell<Findings>,
}

impl<'a, 'f, D> Wrap<'a, 'f, D> {
    /// The inner deserializer, and `visitor` wrapped to read at `path`.
    fn visitor<V>(self, visitor: V) -> (D, WrapVisitor<'a, 'f, V>) {
        (
            self.de,
            WrapVisitor {
                visitor,
                path: self.path,
                findings: self.findings,
                of_struct: false,
            },
        )
    }
}

/// Forwards `deserialize_*` methods to the inner deserializer with the
/// visitor wrapped (`self.visitor(visitor)` gives both).
macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Self::Error> {
                let (de, visitor) = self.visitor(visitor);
                de.$method($($arg,)* visitor)
            }
        )*
    };
}

/// [`forward!`] for every method both wrapping deserializers forward as
/// they are (all but `deserialize_struct` and `deserialize_ignored_any`).
macro_rules! forward_common {
    () => {
        forward! {
            deserialize_any(), deserialize_bool(), deserialize_i8(), deserialize_i16(),
            deserialize_i32(), deserialize_i64(), deserialize_i128(), deserialize_u8(),
            deserialize_u16(), deserialize_u32(), deserialize_u64(), deserialize_u128(),
            deserialize_f32(), deserialize_f64(), deserialize_char(), deserialize_str(),
            deserialize_string(), deserialize_bytes(), deserialize_byte_buf(),
            deserialize_option(), deserialize_unit(), deserialize_unit_struct(name: &'static str),
            deserialize_newtype_struct(name: &'static str), deserialize_seq(),
            deserialize_tuple(len: usize), deserialize_tuple_struct(name: &'static str, len: usize),
            deserialize_map(), deserialize_enum(name: &'static str, variants: &'static [&'static str]),
            deserialize_identifier(),
        }
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Wrap<'_, '_, D> {
    type Error = D::Error;

    forward_common!();

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let (de, visitor) = self.visitor(visitor);
        let visitor = WrapVisitor {
            of_struct: true,
            ..visitor
        };
        de.deserialize_struct(name, fields, visitor)
    }

    /// A value the type skips: an unknown field, or the top-level
    /// `apiVersion`/`kind`, which are read here instead.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        match self.path {
            Path::Key {
                parent: Path::Root,
                key: key @ ("apiVersion" | "kind"),
            } => {
                let value: Option<String> = de::Deserialize::deserialize(self.de)?;
                let mut findings = self.findings.borrow_mut();
                let index = usize::from(*key == "kind");
                if std::mem::replace(&mut findings.type_meta_read[index], true) {
                    // Repeated: reported, and the first value stays.
                    findings.duplicate.push((*key).to_string());
                } else if index == 1 {
                    findings.kind = value;
                } else {
                    findings.api_version = value;
                }
                visitor.visit_unit()
            }
            Path::Key { key: REPEATED, .. } => self.de.deserialize_ignored_any(visitor),
            path => {
                // A struct's keys are not collected: an unknown field it
                // repeats is found here, at the same path as before.
                let path = path.render();
                let mut findings = self.findings.borrow_mut();
                if findings.unknown.contains(&path) {
                    findings.duplicate.push(path.clone());
                }
                findings.unknown.push(path);
                drop(findings);
                self.de.deserialize_ignored_any(visitor)
            }
        }
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

/// Forwards `visit_*` methods of scalars unchanged.
macro_rules! forward_visits {
    ($($method:ident($ty:ty)),* $(,)?) => {
        $(
            fn $method<E: de::Error>(self, v: $ty) -> Result<Self::Value, E> {
                self.visitor.$method(v)
            }
        )*
    };
}

/// The visitor of the value at `path`: maps and lists are read through
/// the wrappers, scalars as they are.
struct WrapVisitor<'a, 'f, V> {
    visitor: V,
    path: &'a Path<'a>,
    findings: &'f RefCell<Findings>,
    /// The visitor is a struct's (`deserialize_struct`): serde's derive
    /// rejects a repeated field itself, so its keys are not collected.
    of_struct: bool,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for WrapVisitor<'_, '_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    forward_visits! {
        visit_bool(bool), visit_i8(i8), visit_i16(i16), visit_i32(i32), visit_i64(i64),
        visit_i128(i128), visit_u8(u8), visit_u16(u16), visit_u32(u32), visit_u64(u64),
        visit_u128(u128), visit_f32(f32), visit_f64(f64), visit_char(char), visit_str(&str),
        visit_borrowed_str(&'de str), visit_string(String), visit_bytes(&[u8]),
        visit_borrowed_bytes(&'de [u8]), visit_byte_buf(Vec<u8>),
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        self.visitor.visit_some(Wrap {
            de,
            path: self.path,
            findings: self.findings,
        })
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        self.visitor.visit_newtype_struct(Wrap {
            de,
            path: self.path,
            findings: self.findings,
        })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_seq(WrapSeq {
            seq,
            path: self.path,
            findings: self.findings,
            index: 0,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(WrapMap {
            map,
            path: self.path,
            findings: self.findings,
            key: None,
            keys: (!self.of_struct).then(KeySet::default),
        })
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_enum(data)
    }
}

/// A seed that reads its value through [`Wrap`] at `path`.
struct WrapSeed<'a, 'f, S> {
    seed: S,
    path: &'a Path<'a>,
    findings: &'f RefCell<Findings>,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for WrapSeed<'_, '_, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.seed.deserialize(Wrap {
            de,
            path: self.path,
            findings: self.findings,
        })
    }
}

/// A list's items, each at its index.
struct WrapSeq<'a, 'f, A> {
    seq: A,
    path: &'a Path<'a>,
    findings: &'f RefCell<Findings>,
    index: usize,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for WrapSeq<'_, '_, A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        let path = Path::Index {
            parent: self.path,
            index: self.index,
        };
        self.index += 1;
        self.seq.next_element_seed(WrapSeed {
            seed,
            path: &path,
            findings: self.findings,
        })
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

/// An object's entries: each key captured and checked against the keys
/// before it, each value at its key.
struct WrapMap<'a, 'f, 'de, A> {
    map: A,
    path: &'a Path<'a>,
    findings: &'f RefCell<Findings>,
    /// The key of the entry being read.
    key: Option<Cow<'de, str>>,
    /// The keys so far, for a map (a struct's are checked by its derive).
    keys: Option<KeySet<'de>>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for WrapMap<'_, '_, 'de, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.key = None;
        self.map.next_key_seed(KeySeed {
            seed,
            entry: Entry {
                key: &mut self.key,
                keys: self.keys.as_mut(),
                path: self.path,
                findings: self.findings,
            },
        })
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        let key = self.key.take();
        let path = Path::Key {
            parent: self.path,
            key: key.as_deref().unwrap_or(""),
        };
        self.map.next_value_seed(WrapSeed {
            seed,
            path: &path,
            findings: self.findings,
        })
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// Where a captured key goes, and what it is checked against.
struct Entry<'k, 'a, 'f, 'de> {
    key: &'k mut Option<Cow<'de, str>>,
    keys: Option<&'k mut KeySet<'de>>,
    path: &'a Path<'a>,
    findings: &'f RefCell<Findings>,
}

impl<'de> Entry<'_, '_, '_, 'de> {
    /// Records `key`; the key to hand the type (the key itself, or
    /// [`REPEATED`] for a key seen before in this object).
    fn capture(self, key: Cow<'de, str>) -> Option<Cow<'de, str>> {
        let Some(keys) = self.keys else {
            *self.key = Some(key);
            return None;
        };
        if keys.insert(key.clone()) {
            *self.key = Some(key);
            return None;
        }
        let path = Path::Key {
            parent: self.path,
            key: &key,
        };
        self.findings.borrow_mut().duplicate.push(path.render());
        *self.key = Some(Cow::Borrowed(REPEATED));
        Some(Cow::Borrowed(REPEATED))
    }
}

/// A key's seed: the type's own, reading through [`KeyDeserializer`].
struct KeySeed<'k, 'a, 'f, 'de, K> {
    seed: K,
    entry: Entry<'k, 'a, 'f, 'de>,
}

impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for KeySeed<'_, '_, '_, 'de, K> {
    type Value = K::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<K::Value, D::Error> {
        self.seed.deserialize(KeyDeserializer {
            de,
            entry: self.entry,
        })
    }
}

/// A map key's deserializer: the key's text is captured on its way to the
/// type's visitor.
struct KeyDeserializer<'k, 'a, 'f, 'de, D> {
    de: D,
    entry: Entry<'k, 'a, 'f, 'de>,
}

impl<'k, 'a, 'f, 'de, D> KeyDeserializer<'k, 'a, 'f, 'de, D> {
    fn visitor<V>(self, visitor: V) -> (D, KeyVisitor<'k, 'a, 'f, 'de, V>) {
        (
            self.de,
            KeyVisitor {
                visitor,
                entry: self.entry,
            },
        )
    }
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for KeyDeserializer<'_, '_, '_, 'de, D> {
    type Error = D::Error;

    forward_common!();
    forward! {
        deserialize_struct(name: &'static str, fields: &'static [&'static str]),
        deserialize_ignored_any(),
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

/// A key's visitor: captures string keys (borrowed when the body has them
/// unescaped); other keys pass as they are.
struct KeyVisitor<'k, 'a, 'f, 'de, V> {
    visitor: V,
    entry: Entry<'k, 'a, 'f, 'de>,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for KeyVisitor<'_, '_, '_, 'de, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    forward_visits! {
        visit_bool(bool), visit_i8(i8), visit_i16(i16), visit_i32(i32), visit_i64(i64),
        visit_i128(i128), visit_u8(u8), visit_u16(u16), visit_u32(u32), visit_u64(u64),
        visit_u128(u128), visit_f32(f32), visit_f64(f64), visit_char(char),
        visit_bytes(&[u8]), visit_borrowed_bytes(&'de [u8]), visit_byte_buf(Vec<u8>),
    }

    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<V::Value, E> {
        match self.entry.capture(Cow::Borrowed(key)) {
            None => self.visitor.visit_borrowed_str(key),
            Some(replaced) => self.visitor.visit_str(&replaced),
        }
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<V::Value, E> {
        match self.entry.capture(Cow::Owned(key.to_string())) {
            None => self.visitor.visit_str(key),
            Some(replaced) => self.visitor.visit_str(&replaced),
        }
    }

    fn visit_string<E: de::Error>(self, key: String) -> Result<V::Value, E> {
        match self.entry.capture(Cow::Owned(key.clone())) {
            None => self.visitor.visit_string(key),
            Some(replaced) => self.visitor.visit_str(&replaced),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Debug, Default, serde::Deserialize, PartialEq)]
    #[serde(default, rename_all = "camelCase")]
    struct Thing {
        name: String,
        labels: BTreeMap<String, String>,
        ports: Vec<Port>,
        spec: Option<Spec>,
    }

    #[derive(Debug, Default, serde::Deserialize, PartialEq)]
    #[serde(default)]
    struct Port {
        port: i32,
    }

    #[derive(Debug, Default, serde::Deserialize, PartialEq)]
    #[serde(default)]
    struct Spec {
        replicas: Option<i32>,
        raw: Option<serde_json::Value>,
    }

    fn decode(doc: &str) -> (Thing, Findings) {
        from_slice(doc.as_bytes()).expect("decodes")
    }

    #[test]
    fn unknown_fields_with_their_paths() {
        let (thing, found) = decode(
            r#"{"apiVersion":"v1","kind":"Thing","name":"a","extra":1,
                "ports":[{"port":1},{"port":2,"protocol":"TCP"}],
                "spec":{"replicas":3,"foo":{"bar":[1]},"raw":{"anything":{"x":1}}}}"#,
        );
        assert_eq!(found.unknown, ["extra", "ports[1].protocol", "spec.foo"]);
        assert!(found.duplicate.is_empty());
        assert_eq!(found.api_version.as_deref(), Some("v1"));
        assert_eq!(found.kind.as_deref(), Some("Thing"));
        assert_eq!(thing.ports[1].port, 2);
        assert_eq!(
            thing.spec.unwrap().raw,
            Some(serde_json::json!({"anything": {"x": 1}}))
        );
    }

    #[test]
    fn duplicate_keys_with_their_paths() {
        let (_, found) = decode(
            r#"{"labels":{"x":"1","y":"2","x":"3"},"extra":1,"extra":2,
                "spec":{"raw":{"k":1,"k":2}},"kind":"A","kind":"B"}"#,
        );
        assert_eq!(found.duplicate, ["labels.x", "extra", "spec.raw.k", "kind"]);
        assert_eq!(found.unknown, ["extra", "extra"]);
        assert_eq!(found.kind.as_deref(), Some("A"));
        // Keys with escapes compare by their text, and paths print it.
        let (_, found) = decode(r#"{"labels":{"a\u0062":"1","ab":"2"}}"#);
        assert_eq!(found.duplicate, ["labels.ab"]);
        // A struct's derive rejects a field it declares twice; the caller
        // decodes such a body another way.
        let error = from_slice::<Thing>(br#"{"ports":[{"port":1,"port":2}]}"#).unwrap_err();
        assert!(
            error.to_string().contains("duplicate field `port`"),
            "{error}"
        );
    }

    #[test]
    fn many_keys_are_checked_after_hashing_starts() {
        let keys: Vec<String> = (0..40).map(|i| format!("\"k{i}\":\"{i}\"")).collect();
        let doc = format!(
            "{{\"labels\":{{{},\"k3\":\"0\",\"k39\":\"0\"}}}}",
            keys.join(",")
        );
        assert_eq!(decode(&doc).1.duplicate, ["labels.k3", "labels.k39"]);
        let doc = format!("{{\"labels\":{{{}}}}}", keys.join(","));
        let (thing, found) = decode(&doc);
        assert!(found.duplicate.is_empty());
        assert_eq!(thing.labels.len(), 40);
    }

    #[test]
    fn errors_are_serde_json_errors() {
        let error = from_slice::<Thing>(br#"{"ports":[{"port":"x"}]}"#).unwrap_err();
        assert!(
            error.to_string().contains("invalid type: string \"x\""),
            "{error}"
        );
        assert!(from_slice::<Thing>(br#"{"kind":5}"#).is_err());
        assert!(from_slice::<Thing>(br#"{} x"#).is_err());
        let (_, found) = decode(r#"{"kind":null}"#);
        assert_eq!(found.kind, None);
    }

    #[test]
    fn non_ascii_text_is_read_and_invalid_utf8_is_an_error() {
        let (thing, _) = decode(r#"{"name":"é ✓","labels":{"ключ":"值"}}"#);
        assert_eq!(thing.name, "é ✓");
        assert_eq!(thing.labels["ключ"], "值");
        let error = from_slice::<Thing>(b"{\"name\":\"a\xff\"}").unwrap_err();
        assert!(error.to_string().contains("invalid unicode"), "{error}");
    }
}
