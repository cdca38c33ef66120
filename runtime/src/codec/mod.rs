//! Wire formats: serde helpers shared by API types, Kubernetes protobuf
//! ([`protobuf`]), YAML ([`yaml`]) and the protobuf form of the OpenAPI v2
//! document ([`openapi_v2`]).

pub mod embedded;
pub mod openapi_v2;
pub mod protobuf;
pub mod strict;
pub mod wire;
pub mod yaml;

/// How deeply objects and arrays may nest in a JSON or YAML request body
/// (Go's decoders allow 10,000; `serde_json` and `serde_yaml_ng` stop at
/// 128, so the limit sits below theirs and is always the one met). JSON is
/// checked by [`check_json_depth`] and YAML's flow collections by
/// [`yaml::yaml_to_json`] before parsing, so a deeply nested body costs one
/// linear pass.
pub const MAX_NESTING_DEPTH: usize = 100;

/// Refuses a JSON document whose objects and arrays nest deeper than
/// [`MAX_NESTING_DEPTH`], in one pass over the bytes (brackets inside
/// strings do not count). Malformed JSON passes: the decoder reports it.
///
/// Errors: `exceeded max depth of 100`.
pub fn check_json_depth(bytes: &[u8]) -> Result<(), String> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for &b in bytes {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING_DEPTH {
                    return Err(format!("exceeded max depth of {MAX_NESTING_DEPTH}"));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

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
