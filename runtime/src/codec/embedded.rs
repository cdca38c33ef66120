//! Go's embedded structs in JSON: a struct whose fields sit inline beside a
//! named field of the outer struct (`Volume` is `name` plus the inlined
//! `VolumeSource`), read in one streaming pass.
//!
//! serde's `#[serde(flatten)]` reads such an object by buffering every
//! entry but the named ones first, and then reads the embedded struct from
//! the buffer: each value is read twice, and a field neither struct knows
//! is dropped without reaching `deserialize_ignored_any`, so field
//! validation never sees it. [`beside`] (one named field) and [`around`]
//! (the outer struct's [`OuterFields`]) instead hand the embedded struct
//! the object's own entries, taking out the outer struct's on the way.
//! Serialization keeps `#[serde(flatten)]`, which writes inline without
//! buffering.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{BorrowedStrDeserializer, MapAccessDeserializer, StrDeserializer};
use serde::de::{Deserialize, DeserializeSeed, Deserializer, MapAccess, Visitor};

use super::strict::MapKey;

/// Reads an object holding the field `field` (its value an `N`) and,
/// inline beside it, the fields of `T`. A repeated `field` keeps its last
/// value, as Go's decoder does.
///
/// Errors: the value is not an object, or an entry does not fit (the
/// deserializer's error, from `N` or `T`).
pub fn beside<'de, D, N, T>(
    deserializer: D,
    field: &'static str,
) -> Result<(Option<N>, T), D::Error>
where
    D: Deserializer<'de>,
    N: Deserialize<'de>,
    T: Deserialize<'de>,
{
    deserializer.deserialize_map(BesideVisitor {
        field,
        types: PhantomData,
    })
}

struct BesideVisitor<N, T> {
    field: &'static str,
    types: PhantomData<fn() -> (N, T)>,
}

impl<'de, N: Deserialize<'de>, T: Deserialize<'de>> Visitor<'de> for BesideVisitor<N, T> {
    type Value = (Option<N>, T);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let mut named = Named {
            field: self.field,
            value: None,
        };
        let embedded = T::deserialize(MapAccessDeserializer::new(WithoutOuter {
            map,
            outer: &mut named,
        }))?;
        Ok((named.value, embedded))
    }
}

/// The one field [`beside`] reads.
struct Named<N> {
    field: &'static str,
    value: Option<N>,
}

impl<'de, N: Deserialize<'de>> OuterFields<'de> for Named<N> {
    fn read<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        if key != self.field {
            return Ok(false);
        }
        self.value = Some(map.next_value()?);
        Ok(true)
    }
}

/// The fields an outer struct declares beside an embedded one, read by
/// [`around`]: an implementation reads the value of each entry whose key
/// is one of its fields, and leaves every other entry to the embedded
/// struct.
pub trait OuterFields<'de> {
    /// Reads the value of the entry `key` from `map` (with
    /// `map.next_value()`) when `key` is one of these fields, and says so;
    /// `false` leaves the entry, value unread, to the embedded struct.
    ///
    /// Errors: the value does not fit the field (the deserializer's error).
    fn read<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error>;
}

/// Reads an object holding the fields of `F` and, inline beside them, the
/// fields of `T` (Go's embedded struct), in one pass: `T` reads the
/// object's entries, the ones `F` claims taken out on the way. A repeated
/// field of `F` keeps its last value, as Go's decoder does.
///
/// Errors: the value is not an object, or an entry does not fit (the
/// deserializer's error, from `F` or `T`).
pub fn around<'de, D, F, T>(deserializer: D) -> Result<(F, T), D::Error>
where
    D: Deserializer<'de>,
    F: OuterFields<'de> + Default,
    T: Deserialize<'de>,
{
    deserializer.deserialize_map(AroundVisitor { types: PhantomData })
}

struct AroundVisitor<F, T> {
    types: PhantomData<fn() -> (F, T)>,
}

impl<'de, F: OuterFields<'de> + Default, T: Deserialize<'de>> Visitor<'de> for AroundVisitor<F, T> {
    type Value = (F, T);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let mut outer = F::default();
        let embedded = T::deserialize(MapAccessDeserializer::new(WithoutOuter {
            map,
            outer: &mut outer,
        }))?;
        Ok((outer, embedded))
    }
}

/// The entries of a map but the ones `outer` reads.
struct WithoutOuter<'o, A, F> {
    map: A,
    outer: &'o mut F,
}

impl<'de, A: MapAccess<'de>, F: OuterFields<'de>> MapAccess<'de> for WithoutOuter<'_, A, F> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        while let Some(key) = self.map.next_key_seed(MapKey)? {
            if self.outer.read(&key, &mut self.map)? {
                continue;
            }
            return match key {
                Cow::Borrowed(key) => seed.deserialize(BorrowedStrDeserializer::new(key)),
                Cow::Owned(key) => seed.deserialize(StrDeserializer::new(&key)),
            }
            .map(Some);
        }
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, serde::Deserialize)]
    #[serde(default, rename_all = "camelCase")]
    struct Source {
        host_path: Option<String>,
        empty_dir: Option<serde_json::Value>,
    }

    fn read(doc: &str) -> (Option<Option<String>>, Source) {
        let mut de = serde_json::Deserializer::from_str(doc);
        beside(&mut de, "name").expect("reads")
    }

    #[test]
    fn the_named_field_and_the_embedded_struct_share_one_object() {
        let (name, source) = read(r#"{"hostPath":"/a","name":"data","emptyDir":{}}"#);
        assert_eq!(name, Some(Some("data".into())));
        assert_eq!(source.host_path.as_deref(), Some("/a"));
        assert_eq!(source.empty_dir, Some(serde_json::json!({})));
        let (name, source) = read(r#"{"name":"a","name":"b"}"#);
        assert_eq!(name, Some(Some("b".into())), "the last value wins");
        assert_eq!(source, Source::default());
        assert_eq!(read(r#"{"name":null}"#).0, Some(None));
        // Keys with escapes are read by their text.
        assert_eq!(read(r#"{"na\u006de":"x"}"#).0, Some(Some("x".into())));
    }

    #[test]
    fn unknown_fields_reach_field_validation() {
        #[derive(Debug)]
        struct Volume;
        impl<'de> Deserialize<'de> for Volume {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                beside::<_, Option<String>, Source>(d, "name").map(|_| Volume)
            }
        }
        let (_, found) = crate::codec::strict::from_slice::<Vec<Volume>>(
            br#"[{"name":"a","hostPath":"/a","bogus":1}]"#,
        )
        .expect("reads");
        assert_eq!(found.unknown, ["[0].bogus"]);
        let error = serde_json::from_str::<Vec<Volume>>(r#"[{"hostPath":1}]"#).unwrap_err();
        assert!(
            error.to_string().contains("invalid type: integer"),
            "{error}"
        );
    }
}
