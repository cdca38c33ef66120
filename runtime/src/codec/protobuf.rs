//! Kubernetes protobuf: objects held as JSON values, transcoded to and from
//! proto2 messages described by static [`Message`] tables.
//!
//! The tables are generated per type (`zz_generated.protobuf.rs`, from the
//! `+protobuf=N` field markers) or written by hand for the meta types. The
//! wire rules are those of the gogo-generated `generated.pb.go` of
//! `k8s.io/api`, so that output matches upstream byte for byte:
//! - fields are written in field-number order;
//! - a non-pointer field (a bare Rust type, a Go value type) is always
//!   written, its zero value included; a pointer field (`Option<T>`) only
//!   when set; list and map entries one by one;
//! - map entries are written in key order;
//! - `metav1.Time` is `{seconds = 1, nanos = 2}`, `resource.Quantity`
//!   `{string = 1}`, `intstr.IntOrString` `{type = 1, intVal = 2, strVal = 3}`,
//!   `runtime.RawExtension` and `FieldsV1` `{raw = 1}` holding JSON.
//!
//! Objects travel in the envelope of the API concepts page: the magic
//! `k8s\0`, then a `runtime.Unknown` whose `typeMeta` holds apiVersion and
//! kind and whose `raw` holds the object's message ([`wrap`], [`unwrap`]).
//! The wire primitives (varints, keys) are prost's.

use prost::bytes::Buf;
use prost::encoding::{WireType, decode_key, decode_varint, encode_key, encode_varint};
use serde_json::{Map, Number, Value};

/// The media type of Kubernetes protobuf.
pub const MEDIA_TYPE: &str = "application/vnd.kubernetes.protobuf";

/// The 4-byte prefix of every Kubernetes protobuf object.
pub const MAGIC: &[u8; 4] = b"k8s\0";

/// A message type: its fields in JSON (Go struct) order.
#[derive(Debug)]
pub struct Message {
    /// The proto message name (`ConfigMap`), for errors.
    pub name: &'static str,
    /// Fields, in the order JSON writes them.
    pub fields: &'static [Field],
}

/// One field of a message.
#[derive(Debug)]
pub struct Field {
    /// The protobuf field number.
    pub number: u32,
    /// The JSON name; empty for an inline (embedded) message, whose fields
    /// sit in the parent's JSON object (Go's `json:",inline"`).
    pub json: &'static str,
    /// The value type.
    pub kind: Kind,
    /// How presence works.
    pub presence: Presence,
}

/// How a field's presence maps between JSON and protobuf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// A Go value type with `omitempty`: always on the wire (zero when
    /// absent in JSON), omitted from JSON when zero.
    Value,
    /// A Go value type without `omitempty` (required fields): always on
    /// the wire and always in JSON.
    Required,
    /// A Go pointer (`Option<T>`): on the wire and in JSON only when set.
    Pointer,
    /// A list: one wire entry per element; omitted from JSON when empty.
    Repeated,
    /// A map: one wire entry per key, in key order; omitted from JSON when empty.
    Map,
}

/// A field's value type.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// `string`.
    String,
    /// `bytes`, base64 in JSON.
    Bytes,
    /// `bool`.
    Bool,
    /// `int32` (varint).
    Int32,
    /// `int64` (varint).
    Int64,
    /// `double` (fixed64).
    Double,
    /// A nested message.
    Message(fn() -> &'static Message),
    /// `metav1.Time`: RFC 3339 seconds in JSON.
    Time,
    /// `metav1.MicroTime`: RFC 3339 with microseconds in JSON.
    MicroTime,
    /// `resource.Quantity`: a string in JSON.
    Quantity,
    /// `intstr.IntOrString`: a number or a string in JSON.
    IntOrString,
    /// `runtime.RawExtension` / `FieldsV1`: embedded JSON.
    RawJson,
    /// A map value kind for [`Presence::Map`] fields: `map<string, V>`.
    MapOf(&'static Kind),
    /// A list in a message of its own, as go-to-protobuf writes a named
    /// slice type marked `+protobuf.nullable=true` (`metav1.Verbs`): a JSON
    /// array, on the wire a message whose field 1 repeats the items.
    Items(&'static Kind),
}

/// A type with a protobuf message table.
pub trait ProtoSchema {
    /// The message table.
    fn message() -> &'static Message;
}

/// A decoding failure, with the field path where it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtoError(pub String);

impl std::fmt::Display for ProtoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtoError {}

fn err(msg: impl Into<String>) -> ProtoError {
    ProtoError(msg.into())
}

// ---------------------------------------------------------------- encoding

/// Encodes a JSON object as the message `msg`. Fields the table does not
/// name (such as `kind` and `apiVersion`) are not written.
pub fn encode(value: &Value, msg: &Message) -> Vec<u8> {
    let mut out = Vec::new();
    encode_into(value, msg, &mut out);
    out
}

fn encode_into(value: &Value, msg: &Message, out: &mut Vec<u8>) {
    let mut fields: Vec<&Field> = msg.fields.iter().collect();
    fields.sort_by_key(|f| f.number);
    for f in fields {
        let v = if f.json.is_empty() {
            Some(value)
        } else {
            value.get(f.json).filter(|v| !v.is_null())
        };
        match f.presence {
            Presence::Value | Presence::Required => encode_value(f.number, &f.kind, v, out),
            Presence::Pointer => {
                if let Some(v) = v {
                    encode_value(f.number, &f.kind, Some(v), out);
                }
            }
            Presence::Repeated => {
                for item in v.and_then(Value::as_array).into_iter().flatten() {
                    encode_value(f.number, &f.kind, Some(item), out);
                }
            }
            Presence::Map => {
                let Kind::MapOf(value_kind) = f.kind else {
                    continue;
                };
                let Some(map) = v.and_then(Value::as_object) else {
                    continue;
                };
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                for k in keys {
                    let mut entry = Vec::new();
                    encode_value(
                        1,
                        &Kind::String,
                        Some(&Value::String(k.clone())),
                        &mut entry,
                    );
                    encode_value(2, value_kind, map.get(k), &mut entry);
                    length_delimited(f.number, &entry, out);
                }
            }
        }
    }
}

fn length_delimited(number: u32, bytes: &[u8], out: &mut Vec<u8>) {
    encode_key(number, WireType::LengthDelimited, out);
    encode_varint(bytes.len() as u64, out);
    out.extend_from_slice(bytes);
}

fn varint_field(number: u32, v: u64, out: &mut Vec<u8>) {
    encode_key(number, WireType::Varint, out);
    encode_varint(v, out);
}

/// Encodes one value (or the zero value when `v` is `None`).
fn encode_value(number: u32, kind: &Kind, v: Option<&Value>, out: &mut Vec<u8>) {
    match kind {
        Kind::String | Kind::Quantity => {
            let s = v.and_then(Value::as_str).unwrap_or("");
            if matches!(kind, Kind::Quantity) {
                let mut inner = Vec::new();
                length_delimited(1, s.as_bytes(), &mut inner);
                length_delimited(number, &inner, out);
            } else {
                length_delimited(number, s.as_bytes(), out);
            }
        }
        Kind::Bytes => {
            use base64::Engine;
            let bytes = v
                .and_then(Value::as_str)
                .and_then(|s| base64::engine::general_purpose::STANDARD.decode(s).ok())
                .unwrap_or_default();
            length_delimited(number, &bytes, out);
        }
        Kind::Bool => varint_field(
            number,
            u64::from(v.and_then(Value::as_bool).unwrap_or(false)),
            out,
        ),
        // Negative int32 values are sign-extended to 64 bits, as proto2 does.
        Kind::Int32 | Kind::Int64 => {
            varint_field(number, v.and_then(Value::as_i64).unwrap_or(0) as u64, out)
        }
        Kind::Double => {
            encode_key(number, WireType::SixtyFourBit, out);
            out.extend_from_slice(&v.and_then(Value::as_f64).unwrap_or(0.0).to_le_bytes());
        }
        Kind::Message(m) => {
            let empty = Value::Object(Map::new());
            let inner = encode(v.unwrap_or(&empty), m());
            length_delimited(number, &inner, out);
        }
        Kind::Time | Kind::MicroTime => {
            let time = v
                .and_then(Value::as_str)
                .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
                .map(|t| (t.timestamp(), i64::from(t.timestamp_subsec_nanos())));
            // metav1.Time marshals its zero value (an unset value field) as
            // an empty message.
            let mut inner = Vec::new();
            if let Some((seconds, nanos)) = time {
                varint_field(1, seconds as u64, &mut inner);
                varint_field(2, nanos as u64, &mut inner);
            }
            length_delimited(number, &inner, out);
        }
        Kind::IntOrString => {
            let mut inner = Vec::new();
            match v {
                Some(Value::String(s)) => {
                    varint_field(1, 1, &mut inner);
                    varint_field(2, 0, &mut inner);
                    length_delimited(3, s.as_bytes(), &mut inner);
                }
                other => {
                    varint_field(1, 0, &mut inner);
                    varint_field(
                        2,
                        other.and_then(Value::as_i64).unwrap_or(0) as u64,
                        &mut inner,
                    );
                    length_delimited(3, b"", &mut inner);
                }
            }
            length_delimited(number, &inner, out);
        }
        Kind::RawJson => {
            let raw = match v {
                Some(v) => serde_json::to_vec(v).unwrap_or_default(),
                None => Vec::new(),
            };
            let mut inner = Vec::new();
            length_delimited(1, &raw, &mut inner);
            length_delimited(number, &inner, out);
        }
        Kind::Items(item) => {
            let mut inner = Vec::new();
            for v in v.and_then(Value::as_array).into_iter().flatten() {
                encode_value(1, item, Some(v), &mut inner);
            }
            length_delimited(number, &inner, out);
        }
        Kind::MapOf(_) => {}
    }
}

// ---------------------------------------------------------------- decoding

/// Decodes the message `msg` into a JSON object, fields in JSON order, with
/// Go's `omitempty` applied to value fields.
///
/// Errors: truncated or malformed input, wire types that do not match the
/// table, invalid UTF-8 in strings.
pub fn decode(bytes: &[u8], msg: &'static Message) -> Result<Value, ProtoError> {
    let mut raw: Vec<(u32, WireValue<'_>)> = Vec::new();
    for entry in WireFields::new(bytes) {
        raw.push(entry.map_err(|e| err(format!("{}: {}", msg.name, e.0)))?);
    }
    // Group the entries by field number, keeping wire order within a
    // number: repeated entries stay in order, and the last of a singular
    // field wins (proto2).
    raw.sort_by_key(|(n, _)| *n);
    // Grown as fields are found: room for every field of the table made
    // an empty two-byte message of a wide type cost kilobytes.
    let mut out = Map::new();
    for f in msg.fields {
        let start = raw.partition_point(|(n, _)| *n < f.number);
        let end = start + raw[start..].partition_point(|(n, _)| *n == f.number);
        let values = &raw[start..end];
        let path = |e: ProtoError| err(format!("{}.{}: {}", msg.name, f.json, e.0));
        match f.presence {
            Presence::Repeated => {
                if values.is_empty() {
                    continue;
                }
                let items = values
                    .iter()
                    .map(|(_, v)| decode_value(&f.kind, v))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(path)?;
                out.insert(f.json.into(), Value::Array(items));
            }
            Presence::Map => {
                let Kind::MapOf(value_kind) = f.kind else {
                    continue;
                };
                let mut map = Map::with_capacity(values.len());
                for (_, v) in values {
                    let WireValue::Bytes(entry) = v else {
                        return Err(path(err("map entry is not length-delimited")));
                    };
                    let (k, val) = decode_map_entry(entry, value_kind).map_err(path)?;
                    map.insert(k, val);
                }
                if !map.is_empty() {
                    out.insert(f.json.into(), Value::Object(map));
                }
            }
            _ => {
                // The last occurrence wins, as in proto2.
                let Some((_, v)) = values.last() else {
                    continue;
                };
                let value = decode_value(&f.kind, v).map_err(path)?;
                if f.json.is_empty() {
                    // Inline: the embedded message's fields join the parent.
                    if let Value::Object(fields) = value {
                        out.extend(fields);
                    }
                    continue;
                }
                if f.presence == Presence::Value && is_zero(&value) {
                    continue;
                }
                out.insert(f.json.into(), value);
            }
        }
    }
    Ok(Value::Object(out))
}

/// One field's value on the wire, borrowing length-delimited bytes from
/// the input.
#[derive(Debug, Clone, Copy)]
enum WireValue<'a> {
    Varint(u64),
    Fixed64(u64),
    Fixed32,
    Bytes(&'a [u8]),
}

/// The fields of one message, in wire order: `(number, value)`.
struct WireFields<'a> {
    buf: &'a [u8],
}

impl<'a> WireFields<'a> {
    fn new(buf: &'a [u8]) -> Self {
        Self { buf }
    }

    fn next_field(&mut self) -> Result<(u32, WireValue<'a>), ProtoError> {
        let buf = &mut self.buf;
        let (number, wire) = decode_key(buf).map_err(|e| err(e.to_string()))?;
        let value = match wire {
            WireType::Varint => {
                WireValue::Varint(decode_varint(buf).map_err(|e| err(e.to_string()))?)
            }
            WireType::SixtyFourBit => {
                if buf.remaining() < 8 {
                    return Err(err("truncated fixed64"));
                }
                WireValue::Fixed64(buf.get_u64_le())
            }
            WireType::ThirtyTwoBit => {
                if buf.remaining() < 4 {
                    return Err(err("truncated fixed32"));
                }
                buf.advance(4);
                WireValue::Fixed32
            }
            WireType::LengthDelimited => {
                let len = decode_varint(buf).map_err(|e| err(e.to_string()))?;
                let len = usize::try_from(len)
                    .ok()
                    .filter(|len| *len <= buf.len())
                    .ok_or_else(|| err(format!("truncated field {number}")))?;
                let (head, tail) = buf.split_at(len);
                *buf = tail;
                WireValue::Bytes(head)
            }
            _ => return Err(err(format!("unsupported wire type in field {number}"))),
        };
        Ok((number, value))
    }
}

impl<'a> Iterator for WireFields<'a> {
    type Item = Result<(u32, WireValue<'a>), ProtoError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.buf.is_empty() {
            return None;
        }
        let field = self.next_field();
        if field.is_err() {
            // Stop after the first error.
            self.buf = &[];
        }
        Some(field)
    }
}

/// A small message read field by field: calls `on` with each field, the
/// last occurrence of a number overriding earlier ones as the caller wills.
fn read_fields<'a>(
    bytes: &'a [u8],
    mut on: impl FnMut(u32, WireValue<'a>) -> Result<(), ProtoError>,
) -> Result<(), ProtoError> {
    for field in WireFields::new(bytes) {
        let (number, value) = field?;
        on(number, value)?;
    }
    Ok(())
}

/// Field 1 of a message whose only field is bytes (Quantity's `string`,
/// RawExtension's `raw`); empty when absent.
fn first_bytes_field(message: &[u8]) -> Result<&[u8], ProtoError> {
    let mut bytes: &[u8] = &[];
    read_fields(message, |number, v| {
        if number == 1 {
            bytes = bytes_of(v)?;
        }
        Ok(())
    })?;
    Ok(bytes)
}

fn varint_of(v: WireValue<'_>) -> Result<u64, ProtoError> {
    match v {
        WireValue::Varint(n) => Ok(n),
        _ => Err(err("wire type does not match the field type")),
    }
}

fn bytes_of(v: WireValue<'_>) -> Result<&[u8], ProtoError> {
    match v {
        WireValue::Bytes(b) => Ok(b),
        _ => Err(err("wire type does not match the field type")),
    }
}

fn is_zero(v: &Value) -> bool {
    match v {
        Value::String(s) => s.is_empty(),
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::Null => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(_) => false,
    }
}

fn utf8(bytes: &[u8]) -> Result<String, ProtoError> {
    std::str::from_utf8(bytes)
        .map(str::to_owned)
        .map_err(|_| err("invalid UTF-8 in string"))
}

fn decode_value(kind: &Kind, v: &WireValue<'_>) -> Result<Value, ProtoError> {
    use WireValue as W;
    Ok(match (kind, *v) {
        (Kind::String, W::Bytes(b)) => Value::String(utf8(b)?),
        (Kind::Bytes, W::Bytes(b)) => {
            use base64::Engine;
            Value::String(base64::engine::general_purpose::STANDARD.encode(b))
        }
        (Kind::Bool, W::Varint(n)) => Value::Bool(n != 0),
        (Kind::Int32, W::Varint(n)) => Value::Number(Number::from(n as i64 as i32)),
        (Kind::Int64, W::Varint(n)) => Value::Number(Number::from(n as i64)),
        (Kind::Double, W::Fixed64(n)) => Number::from_f64(f64::from_bits(n))
            .map(Value::Number)
            .unwrap_or(Value::Null),
        (Kind::Message(m), W::Bytes(b)) => decode(b, m())?,
        (Kind::Items(item), W::Bytes(b)) => {
            let mut items = Vec::new();
            read_fields(b, |number, v| {
                if number == 1 {
                    items.push(decode_value(item, &v)?);
                }
                Ok(())
            })?;
            Value::Array(items)
        }
        // An empty message is the zero time: unset.
        (Kind::Time | Kind::MicroTime, W::Bytes([])) => Value::Null,
        (Kind::Time | Kind::MicroTime, W::Bytes(b)) => {
            // google.protobuf.Timestamp: seconds = 1, nanos = 2.
            let (mut seconds, mut nanos) = (0i64, 0i32);
            read_fields(b, |number, v| {
                match number {
                    1 => seconds = varint_of(v)? as i64,
                    2 => nanos = varint_of(v)? as i32,
                    _ => {}
                }
                Ok(())
            })?;
            if seconds == ZERO_TIME_SECONDS && nanos == 0 {
                return Ok(Value::Null);
            }
            let nanos = u32::try_from(nanos).map_err(|_| err("time out of range"))?;
            let time = chrono::DateTime::from_timestamp(seconds, nanos)
                .ok_or_else(|| err("time out of range"))?;
            let format = if matches!(kind, Kind::Time) {
                chrono::SecondsFormat::Secs
            } else {
                chrono::SecondsFormat::Micros
            };
            Value::String(time.to_rfc3339_opts(format, true))
        }
        // resource.Quantity: string = 1.
        (Kind::Quantity, W::Bytes(b)) => Value::String(utf8(first_bytes_field(b)?)?),
        (Kind::IntOrString, W::Bytes(b)) => {
            // intstr.IntOrString: type = 1, intVal = 2, strVal = 3.
            let (mut is_string, mut int_val, mut str_val) = (false, 0i32, &[][..]);
            read_fields(b, |number, v| {
                match number {
                    1 => is_string = varint_of(v)? as i64 == 1,
                    2 => int_val = varint_of(v)? as i64 as i32,
                    3 => str_val = bytes_of(v)?,
                    _ => {}
                }
                Ok(())
            })?;
            if is_string {
                Value::String(utf8(str_val)?)
            } else {
                Value::Number(int_val.into())
            }
        }
        (Kind::RawJson, W::Bytes(b)) => {
            // runtime.RawExtension / FieldsV1: raw = 1, JSON bytes.
            let json = first_bytes_field(b)?;
            if json.is_empty() {
                Value::Null
            } else {
                serde_json::from_slice(json).map_err(|e| err(format!("raw JSON: {e}")))?
            }
        }
        (_, W::Fixed32) => return Err(err("unexpected fixed32")),
        _ => return Err(err("wire type does not match the field type")),
    })
}

fn decode_map_entry(
    bytes: &[u8],
    value_kind: &'static Kind,
) -> Result<(String, Value), ProtoError> {
    let mut key: &[u8] = &[];
    let mut value = None;
    read_fields(bytes, |number, v| {
        match number {
            1 => key = bytes_of(v).map_err(|_| err("map key is not a string"))?,
            2 => value = Some(decode_value(value_kind, &v)?),
            _ => {}
        }
        Ok(())
    })?;
    let value = match (value, value_kind) {
        (Some(v), _) => v,
        (None, Kind::Bytes | Kind::String) => Value::String(String::new()),
        (None, Kind::Message(m)) => decode(&[], m())?,
        (None, _) => Value::Null,
    };
    Ok((utf8(key)?, value))
}

/// `time.Time{}.Unix()` in Go: the seconds of the zero time (year 1).
const ZERO_TIME_SECONDS: i64 = -62135596800;

/// Wraps an object (a JSON value with `apiVersion` and `kind`) in the
/// Kubernetes envelope: `k8s\0` + `runtime.Unknown`.
pub fn wrap(value: &Value, msg: &Message) -> Vec<u8> {
    envelope(value, &encode(value, msg))
}

/// `k8s\0` + `runtime.Unknown{typeMeta = 1 {apiVersion = 1, kind = 2},
/// raw = 2, contentEncoding = 3, contentType = 4}` around `raw`, every
/// field written as gogo writes value fields (the empty ones included).
/// `apiVersion` and `kind` come from `object`.
fn envelope(object: &Value, raw: &[u8]) -> Vec<u8> {
    let text = |key: &str| object.get(key).and_then(Value::as_str).unwrap_or("");
    envelope_of(text("apiVersion"), text("kind"), raw)
}

/// The Kubernetes envelope (`k8s\0` + `runtime.Unknown`) around the
/// message `raw`, with the type meta given.
pub fn envelope_of(api_version: &str, kind: &str, raw: &[u8]) -> Vec<u8> {
    super::wire::envelope(api_version, kind, raw.len(), |out| {
        out.extend_from_slice(raw)
    })
}

static LIST_META: Message = Message {
    name: "ListMeta",
    fields: &[
        Field {
            number: 1,
            json: "selfLink",
            kind: Kind::String,
            presence: Presence::Value,
        },
        Field {
            number: 2,
            json: "resourceVersion",
            kind: Kind::String,
            presence: Presence::Value,
        },
        Field {
            number: 3,
            json: "continue",
            kind: Kind::String,
            presence: Presence::Value,
        },
        Field {
            number: 4,
            json: "remainingItemCount",
            kind: Kind::Int64,
            presence: Presence::Pointer,
        },
    ],
};

/// Wraps a list in the envelope; its message is `{ListMeta metadata = 1;
/// repeated <Kind> items = 2}` as every upstream `<Kind>List` is. `list`
/// gives `kind`, `apiVersion` and `metadata` (`{"kind": "<Kind>List", ...}`;
/// its `items`, if any, are ignored); `items` are the items already encoded
/// one by one ([`encode`] of each, in list order), so that a list can
/// encode its items as it reads them.
pub fn wrap_list(list: &Value, items: &[Vec<u8>]) -> Vec<u8> {
    let empty = Value::Object(Map::new());
    let metadata = encode(list.get("metadata").unwrap_or(&empty), &LIST_META);
    let size = metadata.len() + items.iter().map(|i| i.len() + 11).sum::<usize>() + 11;
    let mut raw = Vec::with_capacity(size);
    length_delimited(1, &metadata, &mut raw);
    for item in items {
        length_delimited(2, item, &mut raw);
    }
    envelope(list, &raw)
}

/// Decodes an enveloped list (as [`wrap_list`] writes it) into JSON:
/// `kind`, `apiVersion`, `metadata` (ListMeta) and `items`, each item
/// decoded as `item`.
///
/// Errors: as [`unwrap`] and [`decode`].
pub fn decode_list(bytes: &[u8], item: &'static Message) -> Result<Value, ProtoError> {
    let (api_version, kind, raw) = unwrap(bytes)?;
    let mut metadata = Value::Object(Map::new());
    let mut items = Vec::new();
    read_fields(raw, |number, v| {
        match number {
            1 => metadata = decode(bytes_of(v)?, &LIST_META)?,
            2 => items.push(decode(bytes_of(v)?, item)?),
            _ => {}
        }
        Ok(())
    })?;
    let mut obj = Map::new();
    obj.insert("kind".into(), Value::String(kind));
    obj.insert("apiVersion".into(), Value::String(api_version));
    obj.insert("metadata".into(), metadata);
    obj.insert("items".into(), Value::Array(items));
    Ok(Value::Object(obj))
}

/// Unwraps the envelope: the object's `apiVersion`, `kind` and message bytes
/// (borrowed from `bytes`).
///
/// Errors: a missing magic prefix, a malformed `runtime.Unknown`, or a
/// content encoding other than none.
pub fn unwrap(bytes: &[u8]) -> Result<(String, String, &[u8]), ProtoError> {
    let body = bytes.strip_prefix(MAGIC.as_slice()).ok_or_else(|| err("provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]"))?;
    // The serializer's `case len(originalData) == prefixLen`.
    if body.is_empty() {
        return Err(err("empty body"));
    }
    let (mut type_meta, mut raw, mut content_encoding): (&[u8], &[u8], &[u8]) = (&[], &[], &[]);
    read_fields(body, |number, v| {
        match number {
            1 => type_meta = bytes_of(v)?,
            2 => raw = bytes_of(v)?,
            3 => content_encoding = bytes_of(v)?,
            _ => {}
        }
        Ok(())
    })
    .map_err(|e| err(format!("Unknown: {}", e.0)))?;
    if !content_encoding.is_empty() {
        return Err(err("content encodings are not supported"));
    }
    let (mut api_version, mut kind): (&[u8], &[u8]) = (&[], &[]);
    read_fields(type_meta, |number, v| {
        match number {
            1 => api_version = bytes_of(v)?,
            2 => kind = bytes_of(v)?,
            _ => {}
        }
        Ok(())
    })
    .map_err(|e| err(format!("TypeMeta: {}", e.0)))?;
    Ok((utf8(api_version)?, utf8(kind)?, raw))
}

/// Decodes an enveloped object into JSON with `kind` and `apiVersion` first.
///
/// Errors: as [`unwrap`] and [`decode`].
pub fn decode_object(bytes: &[u8], msg: &'static Message) -> Result<Value, ProtoError> {
    let (api_version, kind, raw) = unwrap(bytes)?;
    let body = decode(raw, msg)?;
    let mut obj = Map::new();
    obj.insert("kind".into(), Value::String(kind));
    obj.insert("apiVersion".into(), Value::String(api_version));
    if let Value::Object(fields) = body {
        obj.extend(fields);
    }
    Ok(Value::Object(obj))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn item() -> &'static Message {
        static ITEM: Message = Message {
            name: "Item",
            fields: &[
                Field {
                    number: 2,
                    json: "name",
                    kind: Kind::String,
                    presence: Presence::Value,
                },
                Field {
                    number: 1,
                    json: "count",
                    kind: Kind::Int32,
                    presence: Presence::Pointer,
                },
            ],
        };
        &ITEM
    }

    static OUTER: Message = Message {
        name: "Outer",
        fields: &[
            Field {
                number: 1,
                json: "items",
                kind: Kind::Message(item),
                presence: Presence::Repeated,
            },
            Field {
                number: 3,
                json: "labels",
                kind: Kind::MapOf(&Kind::String),
                presence: Presence::Map,
            },
            Field {
                number: 2,
                json: "when",
                kind: Kind::Time,
                presence: Presence::Pointer,
            },
            Field {
                number: 4,
                json: "size",
                kind: Kind::IntOrString,
                presence: Presence::Pointer,
            },
        ],
    };

    #[test]
    fn round_trips_in_json_order_and_writes_in_number_order() {
        let v = json!({
            "items": [{"name": "a", "count": -1}, {"name": ""}],
            "labels": {"b": "2", "a": "1"},
            "when": "2008-01-01T01:01:01Z",
            "size": "50%",
        });
        let bytes = encode(&v, &OUTER);
        // items(1), when(2), labels(3, keys sorted), size(4).
        let keys: Vec<u8> = {
            let mut buf = bytes.as_slice();
            let mut keys = Vec::new();
            while buf.has_remaining() {
                let (n, _) = decode_key(&mut buf).unwrap();
                keys.push(n as u8);
                let len = decode_varint(&mut buf).unwrap() as usize;
                buf.advance(len);
            }
            keys
        };
        assert_eq!(keys, [1, 1, 2, 3, 3, 4]);
        let back = decode(&bytes, &OUTER).unwrap();
        assert_eq!(
            back,
            json!({
                "items": [{"name": "a", "count": -1}, {}],
                "labels": {"a": "1", "b": "2"},
                "when": "2008-01-01T01:01:01Z",
                "size": "50%",
            })
        );
    }

    #[test]
    fn inline_messages_are_nested_on_the_wire_and_flat_in_json() {
        static WRAPPER: Message = Message {
            name: "Wrapper",
            fields: &[
                Field {
                    number: 1,
                    json: "",
                    kind: Kind::Message(item),
                    presence: Presence::Required,
                },
                Field {
                    number: 2,
                    json: "extra",
                    kind: Kind::String,
                    presence: Presence::Value,
                },
            ],
        };
        let v = json!({"name": "a", "count": 3, "extra": "x"});
        let bytes = encode(&v, &WRAPPER);
        let inner = encode(&json!({"name": "a", "count": 3}), item());
        let mut expected = Vec::new();
        length_delimited(1, &inner, &mut expected);
        length_delimited(2, b"x", &mut expected);
        assert_eq!(bytes, expected);
        assert_eq!(decode(&bytes, &WRAPPER).unwrap(), v);
    }

    #[test]
    fn envelope_round_trip() {
        let v = json!({"kind": "Item", "apiVersion": "v1", "name": "x"});
        let bytes = wrap(&v, item());
        assert!(bytes.starts_with(b"k8s\0"));
        assert_eq!(
            decode_object(&bytes, item()).unwrap(),
            json!({"kind": "Item", "apiVersion": "v1", "name": "x"})
        );
        assert!(unwrap(b"{}").is_err());
    }

    #[test]
    fn list_envelope_round_trip() {
        let list = json!({"kind": "ItemList", "apiVersion": "v1",
            "metadata": {"resourceVersion": "7", "continue": "abc", "remainingItemCount": 2},
            "items": [{"name": "a", "count": 1}, {"name": "b"}]});
        let items: Vec<Vec<u8>> = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| encode(i, item()))
            .collect();
        let bytes = wrap_list(&list, &items);
        assert!(bytes.starts_with(b"k8s\0"));
        assert_eq!(decode_list(&bytes, item()).unwrap(), list);
    }

    #[test]
    fn malformed_input_is_an_error_not_a_panic() {
        for bad in [
            &[0x0a, 0x05, 0x01][..],
            &[
                0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            ],
            &[0x0b],
        ] {
            assert!(decode(bad, &OUTER).is_err(), "{bad:?}");
        }
    }
}
