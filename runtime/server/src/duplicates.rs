//! Finds duplicate keys in a JSON document, with their field paths
//! (`metadata.name`, `spec.ports[0].name`), for field validation: upstream
//! reports each as `duplicate field "<path>"`. The decoding pass finds them
//! itself (`runtime::codec::strict`); this scan serves the bodies that pass
//! cannot finish (a value the type cannot hold), whose problems are
//! reported together.

use std::borrow::Cow;
use std::fmt;

use runtime::codec::strict::{KeySet, MapKey};
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Paths of every repeated key, in document order, until they add up to
/// [`MAX_FOUND_BYTES`]. Malformed JSON yields what was found before the
/// error (the typed decode reports the error).
///
/// One pass that allocates only for keys with escapes, one set per object,
/// and the paths it reports: each copies its ancestors' keys, so without
/// the bound a body repeating a key under a key of a megabyte made
/// hundreds of gigabytes of paths.
pub fn find(bytes: &[u8]) -> Vec<String> {
    let mut out = Found {
        paths: Vec::new(),
        left: MAX_FOUND_BYTES,
    };
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let _ = Walk {
        path: &mut Vec::new(),
        out: &mut out,
    }
    .deserialize(&mut de);
    out.paths
}

/// The most bytes of paths [`find`] reports (64 KiB): far more than a
/// response shows (warnings stop at 4,096 characters), and bounded.
pub const MAX_FOUND_BYTES: usize = 64 * 1024;

/// The paths found, and how many more bytes of them to report.
struct Found {
    paths: Vec<String>,
    left: usize,
}

/// Parses `bytes` into a JSON tree as `serde_json::from_slice` does (a
/// repeated key keeps its last value, at its first position) and says
/// whether any object repeats a key, in the same pass: a caller that
/// finds none needs no [`find`].
///
/// Errors: `bytes` is not one JSON value (serde_json's error; read as
/// text, [`runtime::codec::json_text`]).
pub fn parse_noting_repeats(bytes: &[u8]) -> Result<(Value, bool), serde_json::Error> {
    let mut repeated = false;
    let mut de = serde_json::Deserializer::from_str(runtime::codec::json_text(bytes)?);
    let value = Tree {
        repeated: &mut repeated,
    }
    .deserialize(&mut de)?;
    de.end()?;
    Ok((value, repeated))
}

/// [`parse_noting_repeats`]' reader: builds the tree, noting a repeated key.
struct Tree<'a> {
    repeated: &'a mut bool,
}

impl<'de> DeserializeSeed<'de> for Tree<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Tree<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut members = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(Tree {
                repeated: &mut *self.repeated,
            })?;
            if members.insert(key, value).is_some() {
                *self.repeated = true;
            }
        }
        Ok(Value::Object(members))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(Tree {
            repeated: &mut *self.repeated,
        })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
}

/// One step of the path to the value being read.
enum Segment<'de> {
    Key(Cow<'de, str>),
    Index(usize),
}

/// The path as field validation prints it: `spec.ports[0].name`.
fn render(path: &[Segment<'_>]) -> String {
    let mut out = String::new();
    for segment in path {
        match segment {
            Segment::Key(key) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Segment::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Whether `path` is a managed field set (`managedFields[i].fieldsV1`),
/// whose text the object keeps as it came (`runtime::meta::FieldsV1`, as
/// upstream's `FieldsV1.UnmarshalJSON` keeps its bytes): keys it repeats
/// are not the object's fields, and the decoding pass does not report them
/// either.
fn in_fields_v1(path: &[Segment<'_>]) -> bool {
    matches!(
        path,
        [.., Segment::Key(list), Segment::Index(_), Segment::Key(field)]
            if list == "managedFields" && field == "fieldsV1"
    )
}

struct Walk<'a, 'de> {
    path: &'a mut Vec<Segment<'de>>,
    out: &'a mut Found,
}

impl<'de> DeserializeSeed<'de> for Walk<'_, 'de> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = KeySet::default();
        while let Some(key) = map.next_key_seed(MapKey)? {
            let repeated = !seen.insert(key.clone());
            self.path.push(Segment::Key(key));
            if repeated && self.out.left > 0 {
                let path = render(self.path);
                self.out.left = self.out.left.saturating_sub(path.len());
                self.out.paths.push(path);
            }
            let read = if in_fields_v1(self.path) {
                map.next_value::<IgnoredAny>().map(|_| ())
            } else {
                map.next_value_seed(Walk {
                    path: &mut *self.path,
                    out: &mut *self.out,
                })
            };
            self.path.pop();
            read?;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        loop {
            self.path.push(Segment::Index(i));
            let read = seq.next_element_seed(Walk {
                path: &mut *self.path,
                out: &mut *self.out,
            });
            self.path.pop();
            if read?.is_none() {
                return Ok(());
            }
            i += 1;
        }
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    /// The tree is serde_json's (the last of repeated keys, at the first's
    /// place; numbers and escapes as serde_json reads them), and a repeat
    /// anywhere is noted.
    #[test]
    fn parses_as_serde_json_noting_repeats() {
        let docs: [&[u8]; 4] = [
            br#"{"a":1,"b":{"c":[1,-2,3.5,1e300,"xA"],"d":null,"e":true}}"#,
            br#"{"a":1,"b":2,"a":3}"#,
            br#"[{"k":{"x":1,"x":{"y":2}}}]"#,
            br#""plain""#,
        ];
        for (doc, repeats) in docs.into_iter().zip([false, true, true, false]) {
            let expected: serde_json::Value = serde_json::from_slice(doc).unwrap();
            let (tree, repeated) = super::parse_noting_repeats(doc).unwrap();
            assert_eq!(serde_json::to_string(&tree).unwrap(), expected.to_string());
            assert_eq!(repeated, repeats, "{}", String::from_utf8_lossy(doc));
        }
        assert!(super::parse_noting_repeats(br#"{"a":1} x"#).is_err());
        assert!(super::parse_noting_repeats(br#"{"a":"#).is_err());
    }

    #[test]
    fn finds_duplicates_with_paths() {
        let doc = br#"{"metadata":{"name":"a","name":"b"},"spec":{"ports":[{"port":1,"port":2}]},"kind":"X","kind":"X"}"#;
        assert_eq!(
            super::find(doc),
            ["metadata.name", "spec.ports[0].port", "kind"]
        );
        assert!(super::find(br#"{"a":1,"b":{"a":2}}"#).is_empty());
        // Keys with escapes are compared by their text, and paths print it.
        assert_eq!(
            super::find(br#"{"items":[{},{"a\u0062":1,"ab":2}]}"#),
            ["items[1].ab"]
        );
    }

    /// A managed field set is the text it came as, not fields of the
    /// object: a key it repeats is not reported (as the decoding pass does
    /// not), at the top and in a template's metadata; everything around it
    /// still is.
    #[test]
    fn keys_repeated_in_a_managed_field_set_are_not_the_objects() {
        let doc = br#"{"metadata":{"name":"a","name":"b","managedFields":[{"manager":"m","manager":"n","fieldsV1":{"f:a":{},"f:a":{}}}]},
            "spec":{"template":{"metadata":{"managedFields":[{},{"fieldsV1":{"f:b":{"f:c":{},"f:c":{}}}}]}},"fieldsV1":{"x":1,"x":2}}}"#;
        assert_eq!(
            super::find(doc),
            [
                "metadata.name",
                "metadata.managedFields[0].manager",
                "spec.fieldsV1.x"
            ]
        );
    }

    /// Paths are reported until they add up to the bound: a repeated key
    /// under a key of a megabyte once copied the megabyte for every repeat.
    #[test]
    fn found_paths_are_bounded() {
        let long = "A".repeat(1_000_000);
        let repeats = vec![r#""a":0"#; 10_000].join(",");
        let doc = format!(r#"{{"{long}":{{{repeats}}}}}"#);
        let found = super::find(doc.as_bytes());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0], format!("{long}.a"));
        let doc = format!("{{{}}}", vec![r#""a":0"#; 100_000].join(","));
        let found = super::find(doc.as_bytes());
        assert_eq!(
            found.len(),
            super::MAX_FOUND_BYTES,
            "one byte each, up to the bound"
        );
    }

    /// Objects with many keys are checked as well as small ones, before and
    /// after the key set switches to hashing.
    #[test]
    fn finds_duplicates_among_many_keys() {
        let keys: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{i}")).collect();
        let doc = format!("{{{},\"k3\":0,\"k39\":0}}", keys.join(","));
        assert_eq!(super::find(doc.as_bytes()), ["k3", "k39"]);
        let doc = format!("{{{}}}", keys.join(","));
        assert!(super::find(doc.as_bytes()).is_empty());
    }
}
