//! Wire formats: serde helpers shared by API types, Kubernetes protobuf
//! ([`protobuf`]), YAML ([`yaml`]) and the protobuf form of the OpenAPI v2
//! document ([`openapi_v2`]).

pub mod openapi_v2;
pub mod protobuf;
pub mod yaml;

/// Whether a value is its type's default: `#[serde(skip_serializing_if =
/// "runtime::codec::is_default")]` gives a field Go's `omitempty`.
pub fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// `#[serde(with = "runtime::codec::base64_map")]` for
/// `BTreeMap<String, Vec<u8>>` fields that Kubernetes writes as a map of
/// standard base64 strings (ConfigMap `binaryData`, Secret `data`), as Go's
/// `encoding/json` writes `map[string][]byte`.
pub mod base64_map {
    use std::collections::BTreeMap;

    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes each value as standard base64 with padding.
    pub fn serialize<S: Serializer>(
        map: &BTreeMap<String, Vec<u8>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_map(map.iter().map(|(k, v)| (k, STANDARD.encode(v))))
    }

    /// Reads standard base64 values; a bad value is an error naming its key.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<String, Vec<u8>>, D::Error> {
        let raw = BTreeMap::<String, String>::deserialize(d)?;
        raw.into_iter()
            .map(|(k, v)| {
                STANDARD
                    .decode(v.as_bytes())
                    .map(|bytes| (k.clone(), bytes))
                    .map_err(|e| {
                        serde::de::Error::custom(format!("illegal base64 data for key {k:?}: {e}"))
                    })
            })
            .collect()
    }
}
