//! Wire formats: serde helpers shared by API types, Kubernetes protobuf
//! ([`protobuf`]), YAML ([`yaml`]) and the protobuf form of the OpenAPI v2
//! document ([`openapi_v2`]).

pub mod embedded;
mod lengths;
pub mod openapi_v2;
pub mod protobuf;
pub mod strict;
pub mod wire;
pub mod yaml;

/// How deeply objects and arrays may nest in a JSON or YAML request body
/// (Go's decoders allow 10,000; `serde_json` and `serde_yaml_ng` stop at
/// 128, so the limit sits below theirs). YAML's flow collections are
/// checked by [`yaml::yaml_to_json`] before parsing; a JSON body the
/// kind's type could not read (serde_json gives up at 128 levels) is
/// checked by [`check_json_depth`] before it is parsed again, so a deeply
/// nested body costs one linear pass and is refused with this limit's
/// message, while a body the type reads in one pass is not scanned twice.
pub const MAX_NESTING_DEPTH: usize = 100;

/// `bytes` as JSON text: checked to be UTF-8 once, as a whole, so that
/// serde_json reads it as a `&str` (its slice reader checks every string
/// again as it reads it: an eighth of a Deployment's decode).
///
/// Errors: serde_json's error for bytes that are not UTF-8, the one a
/// plain parse into a `serde_json::Value` reports (at the bad byte).
pub fn json_text(bytes: &[u8]) -> Result<&str, serde_json::Error> {
    std::str::from_utf8(bytes).map_err(|utf8| {
        // Reading strings, which skipping them would not check.
        match serde_json::from_slice::<serde_json::Value>(bytes) {
            Err(e) => e,
            Ok(_) => serde::de::Error::custom(utf8),
        }
    })
}

/// `serde_json::from_slice` through [`json_text`]: the same value, or the
/// same error for a document that is UTF-8.
///
/// Errors: serde_json's (see [`json_text`] for bytes that are not UTF-8).
pub fn from_json_slice<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
) -> Result<T, serde_json::Error> {
    serde_json::from_str(json_text(bytes)?)
}

/// The length in bytes of `value`'s compact JSON (`serde_json::to_vec`),
/// counted without writing it. Serialization recurses once per level of
/// `value`.
pub fn json_len(value: &serde_json::Value) -> usize {
    /// Counts what is written to it.
    struct Counter(usize);
    impl std::io::Write for Counter {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut counter = Counter(0);
    // Writing a JSON value (string keys) to a counter cannot fail.
    let _ = serde_json::to_writer(&mut counter, value);
    counter.0
}

/// Refuses a JSON document whose objects and arrays nest deeper than
/// [`MAX_NESTING_DEPTH`], in one pass over the bytes (brackets inside
/// strings do not count). Malformed JSON passes: the decoder reports it.
///
/// Errors: `exceeded max depth of 100`.
pub fn check_json_depth(bytes: &[u8]) -> Result<(), String> {
    let mut depth = 0usize;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'"' => {
                // Skip the string: to its closing quote, past escapes.
                at += 1;
                loop {
                    let Some(rest) = bytes.get(at..) else {
                        return Ok(());
                    };
                    match memchr::memchr2(b'"', b'\\', rest) {
                        None => return Ok(()),
                        Some(i) if bytes[at + i] == b'\\' => at += i + 2,
                        Some(i) => {
                            at += i;
                            break;
                        }
                    }
                }
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING_DEPTH {
                    return Err(format!("exceeded max depth of {MAX_NESTING_DEPTH}"));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
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

/// `#[serde(with = "runtime::codec::base64_bytes")]` for a `Vec<u8>` field
/// that Kubernetes writes as one standard base64 string (a webhook's
/// `caBundle`), as Go's `encoding/json` writes `[]byte`.
pub mod base64_bytes {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the bytes as standard base64 with padding.
    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&STANDARD.encode(bytes))
    }

    /// Reads standard base64 (`null` is no bytes, as Go reads it); a bad
    /// value is an error.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let Some(text) = Option::<String>::deserialize(d)? else {
            return Ok(Vec::new());
        };
        STANDARD
            .decode(text.as_bytes())
            .map_err(|e| serde::de::Error::custom(format!("illegal base64 data: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text is read as sent; bytes that are not UTF-8 get a plain parse's
    /// error, inside a string or outside one.
    #[test]
    fn json_is_read_as_text_checked_once() {
        let value: serde_json::Value = from_json_slice("{\"é\":\"✓ 值\"}".as_bytes()).unwrap();
        assert_eq!(value["é"], "✓ 值");
        for body in [&b"{\"a\":\"x\xff\"}"[..], b"{\"a\":1}\xff", b"\xff"] {
            let error = from_json_slice::<serde_json::Value>(body).unwrap_err();
            let plain = serde_json::from_slice::<serde_json::Value>(body).unwrap_err();
            assert_eq!(error.to_string(), plain.to_string());
        }
    }

    /// Depth counts brackets outside strings only; escaped quotes do not
    /// end a string; truncated or malformed JSON passes (the decoder
    /// reports it).
    #[test]
    fn json_depth_counts_brackets_outside_strings() {
        let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(check_json_depth(nested(MAX_NESTING_DEPTH).as_bytes()).is_ok());
        assert_eq!(
            check_json_depth(nested(MAX_NESTING_DEPTH + 1).as_bytes()),
            Err("exceeded max depth of 100".to_string())
        );
        let in_string = format!(r#"{{"a":"{}\"{}"}}"#, "[".repeat(200), "{".repeat(200));
        assert!(check_json_depth(in_string.as_bytes()).is_ok());
        let after_string = format!(r#"{{"a\\":"x\\\"y","b":{}}}"#, nested(MAX_NESTING_DEPTH));
        assert!(check_json_depth(after_string.as_bytes()).is_err());
        for truncated in [&br#"{"a":"x\"#[..], br#"{"a":"#, br#"""#, b"\\", b""] {
            assert!(check_json_depth(truncated).is_ok());
        }
    }
}
