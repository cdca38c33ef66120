//! Finds duplicate keys in a JSON document, with their field paths
//! (`metadata.name`, `spec.ports[0].name`), for field validation: upstream
//! reports each as `duplicate field "<path>"`. The decoding pass finds them
//! itself (`runtime::codec::strict`); this scan serves the bodies that pass
//! cannot finish (a value the type cannot hold), whose problems are
//! reported together.

use std::borrow::Cow;
use std::fmt;

use runtime::codec::strict::{KeySet, MapKey};
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// Paths of every repeated key, in document order. Malformed JSON yields
/// what was found before the error (the typed decode reports the error).
///
/// One pass that allocates only for keys with escapes, one set per object,
/// and the paths it reports.
pub fn find(bytes: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let _ = Walk {
        path: &mut Vec::new(),
        out: &mut out,
    }
    .deserialize(&mut de);
    out
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

struct Walk<'a, 'de> {
    path: &'a mut Vec<Segment<'de>>,
    out: &'a mut Vec<String>,
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
            if repeated {
                self.out.push(render(self.path));
            }
            let read = map.next_value_seed(Walk {
                path: &mut *self.path,
                out: &mut *self.out,
            });
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
