//! The meta types with custom wire forms: timestamps
//! ([`Time`], [`MicroTime`]), the untyped [`FieldsV1`], and the scalar
//! well-known types [`IntOrString`] and [`RawExtension`]. [`Quantity`](super::Quantity)
//! has its own module.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `metav1.FieldsV1`: a server-side apply field set in its JSON form,
/// kept as the JSON text (upstream keeps `Raw []byte`), so that storing,
/// encoding and answering an object copy it instead of walking a tree.
///
/// Serialized as that JSON (raw into serde_json output; parsed into a
/// tree by `serde_json::to_value`). Deserialized from any JSON value,
/// kept as the text it came as, without whitespace between tokens (see
/// its `Deserialize`). Equality is equality of the text. The default is
/// JSON `null`, as upstream's zero `FieldsV1` writes.
#[derive(Clone, Default)]
pub struct FieldsV1(Box<serde_json::value::RawValue>);

impl FieldsV1 {
    /// The field set of `text`, a JSON object. A text equal to one this
    /// process checked recently is copied, not parsed again (see
    /// `checked`).
    ///
    /// # Errors
    ///
    /// `text` is not JSON.
    pub fn from_json(text: String) -> Result<FieldsV1, serde_json::Error> {
        if let Some(raw) = super::checked::lookup(text.as_bytes()) {
            return Ok(FieldsV1(raw));
        }
        let raw = serde_json::value::RawValue::from_string(text)?;
        super::checked::remember(&raw);
        Ok(FieldsV1(raw))
    }

    /// [`FieldsV1::from_json`] of bytes (a protobuf `bytes` field): a text
    /// this process checked recently is copied without reading the bytes
    /// as UTF-8 first, as the equal text was.
    ///
    /// Errors: the bytes are not UTF-8 or not JSON (the message).
    pub(crate) fn from_json_bytes(bytes: Vec<u8>) -> Result<FieldsV1, String> {
        if let Some(raw) = super::checked::lookup(&bytes) {
            return Ok(FieldsV1(raw));
        }
        let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
        FieldsV1::from_json(text).map_err(|e| e.to_string())
    }

    /// The field set of a JSON value, written compactly.
    ///
    /// # Errors
    ///
    /// None in practice: serde_json writes every value it holds.
    pub fn from_value(value: &serde_json::Value) -> Result<FieldsV1, serde_json::Error> {
        serde_json::value::to_raw_value(value).map(FieldsV1)
    }

    /// The JSON text.
    pub fn as_str(&self) -> &str {
        self.0.get()
    }

    /// The JSON as a tree.
    ///
    /// # Errors
    ///
    /// None in practice: the text was checked when the value was made.
    pub fn to_value(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::from_str(self.as_str())
    }
}

impl std::fmt::Debug for FieldsV1 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FieldsV1({})", self.as_str())
    }
}

impl PartialEq for FieldsV1 {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for FieldsV1 {}

impl Serialize for FieldsV1 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

/// Read as the JSON text it came as (serde_json checks it while it reads
/// it, and keeps no tree), as upstream's `FieldsV1.UnmarshalJSON` keeps
/// the raw bytes; whitespace between its tokens is dropped, as Go's
/// encoder compacts a raw message it writes out. Nothing else changes:
/// a key it repeats or escapes stays as it came.
impl<'de> Deserialize<'de> for FieldsV1 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let Some(compact) = compacted(raw.get()) else {
            return Ok(FieldsV1(raw));
        };
        let text = String::from_utf8(compact).map_err(serde::de::Error::custom)?;
        FieldsV1::from_json(text).map_err(serde::de::Error::custom)
    }
}

/// JSON `text` without the whitespace between its tokens (inside strings
/// it is part of the value), as Go's `json.Compact` writes it; `None`
/// when it has none. Only ASCII bytes are dropped, so the result is
/// UTF-8 as `text` is.
fn compacted(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut scan = Scan::default();
    let first = bytes.iter().position(|&b| scan.between_tokens(b))?;
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    out.extend(
        bytes[first + 1..]
            .iter()
            .filter(|&&b| !scan.between_tokens(b)),
    );
    Some(out)
}

/// Where a scan of JSON text is: in a string, after its backslash.
#[derive(Default)]
struct Scan {
    in_string: bool,
    escaped: bool,
}

impl Scan {
    /// Reads the next byte; whether it is whitespace between tokens.
    fn between_tokens(&mut self, b: u8) -> bool {
        if self.in_string {
            match b {
                _ if self.escaped => self.escaped = false,
                b'\\' => self.escaped = true,
                b'"' => self.in_string = false,
                _ => {}
            }
            false
        } else {
            self.in_string = b == b'"';
            matches!(b, b' ' | b'\t' | b'\n' | b'\r')
        }
    }
}

/// A timestamp with second precision, serialized as RFC 3339 in UTC
/// (`2008-01-01T01:01:01Z`), as `metav1.Time`. The default is the Unix
/// epoch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time(pub chrono::DateTime<chrono::Utc>);

/// Go's zero `time.Time` (`0001-01-01T00:00:00Z`) in Unix seconds: an
/// unset `metav1.Time` or `metav1.MicroTime`, which Go writes as JSON
/// `null`.
const ZERO_TIME_SECONDS: i64 = -62135596800;

/// Whether `t` is Go's zero time: the one rule for JSON
/// ([`zero_time_as_none`]) and protobuf (`wire::decode_time`).
pub(crate) fn is_go_zero(t: &chrono::DateTime<chrono::Utc>) -> bool {
    t.timestamp() == ZERO_TIME_SECONDS && t.timestamp_subsec_nanos() == 0
}

/// Reads an optional `metav1.Time` field: Go's zero time
/// (`"0001-01-01T00:00:00Z"`) is an unset time, read as absent, as Go
/// reads it (`Time.IsZero`, written back as `null` or left out) and as
/// the protobuf codec reads it back. Put on every `Option<Time>` field of
/// an API type: `#[serde(deserialize_with = "runtime::meta::zero_time_as_none")]`.
///
/// Errors: the value is neither an RFC 3339 time nor null.
pub fn zero_time_as_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Time>, D::Error> {
    Ok(Option::<Time>::deserialize(d)?.filter(|t| !is_go_zero(&t.0)))
}

/// [`zero_time_as_none`] for an optional `metav1.MicroTime` field.
///
/// Errors: the value is neither an RFC 3339 time nor null.
pub fn zero_micro_time_as_none<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<MicroTime>, D::Error> {
    Ok(Option::<MicroTime>::deserialize(d)?.filter(|t| !is_go_zero(&t.0)))
}

impl Time {
    /// The current time, truncated to whole seconds.
    pub fn now() -> Time {
        let now = chrono::Utc::now();
        Time(chrono::DateTime::from_timestamp(now.timestamp(), 0).unwrap_or(now))
    }

    /// RFC 3339 with a `Z` suffix and no fractional seconds.
    pub fn to_rfc3339(&self) -> String {
        self.0.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    }
}

impl Serialize for Time {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_rfc3339())
    }
}

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        chrono::DateTime::parse_from_rfc3339(&text)
            .map(|t| Time(t.with_timezone(&chrono::Utc)))
            .map_err(|e| serde::de::Error::custom(format!("parsing time {text:?}: {e}")))
    }
}

/// A timestamp with microsecond precision, serialized as RFC 3339 in UTC
/// with six fractional digits (`2008-01-01T01:01:01.000001Z`), as
/// `metav1.MicroTime`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MicroTime(pub chrono::DateTime<chrono::Utc>);

impl MicroTime {
    /// RFC 3339 with exactly six fractional digits and a `Z` suffix.
    pub fn to_rfc3339(&self) -> String {
        self.0.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
    }
}

impl Serialize for MicroTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_rfc3339())
    }
}

impl<'de> Deserialize<'de> for MicroTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        chrono::DateTime::parse_from_rfc3339(&text)
            .map(|t| MicroTime(t.with_timezone(&chrono::Utc)))
            .map_err(|e| serde::de::Error::custom(format!("parsing time {text:?}: {e}")))
    }
}

/// `intstr.IntOrString`: an int32 or a string (a port number or name, a
/// count or a percentage), written in JSON as a bare number or string. The
/// default is the integer 0, as Go's zero value.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum IntOrString {
    /// An integer.
    Int(i32),
    /// A string.
    String(String),
}

impl Default for IntOrString {
    fn default() -> Self {
        IntOrString::Int(0)
    }
}

/// A number within int32 or a string, read straight from the value (an
/// untagged derive would buffer every value first).
impl<'de> Deserialize<'de> for IntOrString {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct IntOrStringVisitor;

        impl serde::de::Visitor<'_> for IntOrStringVisitor {
            type Value = IntOrString;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an int32 or a string")
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<IntOrString, E> {
                i32::try_from(v)
                    .map(IntOrString::Int)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<IntOrString, E> {
                i32::try_from(v)
                    .map(IntOrString::Int)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<IntOrString, E> {
                Ok(IntOrString::String(v.to_string()))
            }

            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<IntOrString, E> {
                Ok(IntOrString::String(v))
            }
        }

        d.deserialize_any(IntOrStringVisitor)
    }
}

/// `runtime.RawExtension`: embedded JSON kept as the client sent it (often
/// a whole object with its own `apiVersion` and `kind`), written back as
/// that JSON. The default is JSON `null`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RawExtension(pub serde_json::Value);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meta::ObjectMeta;

    /// A FieldsV1 read from protobuf bytes is checked (UTF-8, then JSON)
    /// unless the same text was checked before; bytes that differ from a
    /// checked text of their length are checked, and refused when bad.
    #[test]
    fn fields_v1_bytes_are_checked_unless_the_same_text_was() {
        let keys: Vec<String> = (0..40).map(|i| format!(r#""f:key{i:02}":{{}}"#)).collect();
        let text = format!(r#"{{"f:data":{{{}}}}}"#, keys.join(","));
        assert!(text.len() >= super::super::checked::MIN_LEN);
        let first = FieldsV1::from_json_bytes(text.clone().into_bytes()).unwrap();
        assert_eq!(first.as_str(), text);
        let again = FieldsV1::from_json_bytes(text.clone().into_bytes()).unwrap();
        assert_eq!(again, first);

        let mut not_json = text.clone().into_bytes();
        let last = not_json.len() - 1;
        not_json[last] = b'{';
        let err = FieldsV1::from_json_bytes(not_json).unwrap_err();
        assert!(err.contains("expected `,` or `}`"), "{err}");
        let mut not_utf8 = text.into_bytes();
        not_utf8[5] = 0xff;
        let err = FieldsV1::from_json_bytes(not_utf8).unwrap_err();
        assert!(err.contains("invalid utf-8"), "{err}");
    }

    /// FieldsV1 is kept as compact JSON text in the order it came, written
    /// out as that text, and read into a tree on demand.
    #[test]
    fn fields_v1_keeps_its_text() {
        let pretty = "{\n  \"f:metadata\": {\"f:labels\": {}},\n  \"f:data\": {\".\": {}}\n}";
        let fields: FieldsV1 = serde_json::from_str(pretty).unwrap();
        let compact = r#"{"f:metadata":{"f:labels":{}},"f:data":{".":{}}}"#;
        assert_eq!(fields.as_str(), compact);
        let entry = serde_json::json!({"fieldsType": "FieldsV1", "fieldsV1": fields});
        assert_eq!(
            serde_json::to_string(&entry).unwrap(),
            format!(r#"{{"fieldsType":"FieldsV1","fieldsV1":{compact}}}"#)
        );
        assert_eq!(
            fields.to_value().unwrap(),
            serde_json::from_str::<serde_json::Value>(compact).unwrap()
        );
        assert_eq!(fields, FieldsV1::from_json(compact.to_string()).unwrap());
        assert!(FieldsV1::from_json("{".to_string()).is_err());
        assert_eq!(FieldsV1::default().as_str(), "null");
    }

    /// In an object decoded with field validation (`codec::strict`), as a
    /// client's update sends its managed fields back: the text is kept as
    /// it came, a key it repeats or escapes included, and nothing inside is
    /// an unknown or repeated field of the object (upstream keeps the raw
    /// bytes). Whitespace between tokens is dropped; inside a key it stays.
    #[test]
    fn fields_v1_in_a_strictly_decoded_object_is_kept_as_it_came() {
        let decode = |fields: &str| {
            let doc = format!(
                r#"{{"name":"a","managedFields":[{{"manager":"m","fieldsType":"FieldsV1","fieldsV1":{fields}}}],"labels":{{"x":"1"}}}}"#
            );
            let (meta, found) =
                crate::codec::strict::from_slice::<ObjectMeta>(doc.as_bytes()).unwrap();
            assert!(found.unknown.is_empty(), "{:?}", found.unknown);
            assert!(found.duplicate.is_empty(), "{:?}", found.duplicate);
            assert_eq!(meta.labels["x"], "1", "decoding went on after it");
            let entry = meta.managed_fields.into_iter().next().unwrap();
            assert_eq!(entry.manager.as_deref(), Some("m"));
            entry.fields_v1.unwrap().as_str().to_string()
        };
        let compact = r#"{"f:data":{"f:a":{},"f:a":{},"f:\u0062":{}},"f:metadata":{".":{}}}"#;
        assert_eq!(decode(compact), compact);
        let spaced = r#"{"f:\"q\" \\":{},"f:a b":{"f:\u0062 ":{}}}"#;
        assert_eq!(decode(spaced), spaced);
        assert_eq!(
            decode("{ \"f:data\" : {\"f:a b\": {}, \"f:a b\": {}},\n\t\"f:\\u0062\":{} }"),
            r#"{"f:data":{"f:a b":{},"f:a b":{}},"f:\u0062":{}}"#
        );
        // Read from a tree (the deduplicated document, a merged patch).
        let from_tree: FieldsV1 =
            serde_json::from_value(serde_json::json!({"f:a": {".": {}}})).unwrap();
        assert_eq!(from_tree.as_str(), r#"{"f:a":{".":{}}}"#);
    }

    #[test]
    fn time_is_rfc3339_seconds_utc() {
        let t: Time = serde_json::from_str("\"2008-01-01T01:01:01Z\"").unwrap();
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            "\"2008-01-01T01:01:01Z\""
        );
        let t: Time = serde_json::from_str("\"2008-01-01T02:01:01+01:00\"").unwrap();
        assert_eq!(t.to_rfc3339(), "2008-01-01T01:01:01Z");
        assert!(serde_json::from_str::<Time>("\"yesterday\"").is_err());
    }

    #[test]
    fn micro_time_keeps_microseconds() {
        let t: MicroTime = serde_json::from_str("\"2008-01-01T01:01:01.000001Z\"").unwrap();
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            "\"2008-01-01T01:01:01.000001Z\""
        );
    }

    #[test]
    fn int_or_string_is_a_bare_number_or_string() {
        let i: IntOrString = serde_json::from_str("8080").unwrap();
        assert_eq!(i, IntOrString::Int(8080));
        let s: IntOrString = serde_json::from_str("\"http\"").unwrap();
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"http\"");
        assert_eq!(IntOrString::default(), IntOrString::Int(0));
        // Out of int32, or neither a number nor a string: an error naming
        // what was expected.
        for bad in ["2147483648", "-2147483649", "1.5", "true", "null", "{}"] {
            let error = serde_json::from_str::<IntOrString>(bad).unwrap_err();
            assert!(
                error.to_string().contains("an int32 or a string"),
                "{bad}: {error}"
            );
        }
        assert_eq!(
            serde_json::from_str::<IntOrString>("-2147483648").unwrap(),
            IntOrString::Int(i32::MIN)
        );
    }

    #[test]
    fn empty_fields_are_omitted() {
        let meta = ObjectMeta {
            name: Some("a".into()),
            ..Default::default()
        };
        assert_eq!(serde_json::to_string(&meta).unwrap(), r#"{"name":"a"}"#);
    }
}
