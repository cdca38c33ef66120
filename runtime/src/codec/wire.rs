//! Kubernetes protobuf on the Rust types: the helpers the generated
//! `prost::Message` implementations (`zz_generated.protobuf.rs`) and the
//! meta types' hand-written ones call, one per field kind, as gogo's
//! `generated.pb.go` marshals the Go structs of `k8s.io/api`.
//!
//! The wire rules are those of [`super::protobuf`] (the table transcoder
//! that works on JSON values), so both write the same bytes:
//! - a value field (a bare Rust type, a Go value type) is always written,
//!   its zero value included; an `Option` only when set; a `Vec` entry by
//!   entry (proto2, not packed); a map entry by entry in key order, with
//!   both key and value written (gogo writes empty ones too);
//! - `metav1.Time` and `MicroTime` are `{seconds = 1, nanos = 2}` (Go's
//!   zero time is an unset value: `None`); `resource.Quantity` is
//!   `{string = 1}`; `intstr.IntOrString` is `{type = 1, intVal = 2,
//!   strVal = 3}`; `runtime.RawExtension` and `FieldsV1` are `{raw = 1}`
//!   holding JSON.
//!
//! Decoding keeps the last occurrence of a singular field (as the table
//! decoder does) and skips unknown fields. Errors are prost's
//! [`DecodeError`]; a string that is not UTF-8, a quantity that does not
//! parse and raw JSON that does not parse are errors too.

use prost::DecodeError;
use prost::bytes::{Buf, BufMut};
use prost::encoding::{
    DecodeContext, WireType, check_wire_type, decode_key, decode_varint, encode_key, encode_varint,
    encoded_len_varint, key_len,
};

/// A decoding error with a message (for generated code too). prost's `DecodeError::new` is its only
/// constructor with one (deprecated as internal, and what prost-derive's
/// own code calls); it is called here alone.
#[allow(deprecated)]
pub fn decode_error(message: impl Into<std::borrow::Cow<'static, str>>) -> DecodeError {
    DecodeError::new(message)
}

#[inline]
pub(crate) fn length_delimited_header(tag: u32, len: usize, buf: &mut impl BufMut) {
    encode_key(tag, WireType::LengthDelimited, buf);
    encode_varint(len as u64, buf);
}

#[inline]
pub(crate) fn length_delimited_len(tag: u32, len: usize) -> usize {
    key_len(tag) + encoded_len_varint(len as u64) + len
}

/// Reads the fields of an embedded message in place: `on` gets each
/// field's number and wire type and reads its value from `buf`, answering
/// whether it knew the field (unknown ones are skipped).
pub(crate) fn read_message<B: Buf>(
    wire_type: WireType,
    buf: &mut B,
    ctx: DecodeContext,
    mut on: impl FnMut(u32, WireType, &mut B) -> Result<bool, DecodeError>,
) -> Result<(), DecodeError> {
    let len = delimited_len(wire_type, buf)?;
    let limit = buf.remaining() - len;
    while buf.remaining() > limit {
        let (tag, wire_type) = field_key(buf)?;
        if !on(tag, wire_type, buf)? {
            skip(tag, wire_type, buf, ctx.clone())?;
        }
    }
    if buf.remaining() != limit {
        return Err(decode_error("delimited length exceeded"));
    }
    Ok(())
}

/// A varint: one byte (a key of a field numbered below 16, a length
/// below 128, a small integer) read in place, a longer one by prost's
/// `decode_varint` (which the compiler keeps out of line, a call for
/// every key and length).
#[inline(always)]
fn varint(buf: &mut impl Buf) -> Result<u64, DecodeError> {
    if let Some(&byte) = buf.chunk().first()
        && byte < 0x80
    {
        buf.advance(1);
        return Ok(u64::from(byte));
    }
    decode_varint(buf)
}

/// A field's key: its number and wire type. A one-byte key is read in
/// place; any other, and any that is not valid, by prost's `decode_key`
/// (with its errors: `invalid key value`, `invalid wire type value`,
/// `invalid tag value: 0`).
#[inline(always)]
fn field_key(buf: &mut impl Buf) -> Result<(u32, WireType), DecodeError> {
    if let Some(&byte) = buf.chunk().first()
        && (8..0x80).contains(&byte)
        && let Ok(wire_type) = WireType::try_from(u64::from(byte & 0x07))
    {
        buf.advance(1);
        return Ok((u32::from(byte >> 3), wire_type));
    }
    decode_key(buf)
}

// ------------------------------------------------------------ scalars

/// A `string` field.
#[inline]
pub fn string(tag: u32, value: &str, buf: &mut impl BufMut) {
    length_delimited_header(tag, value.len(), buf);
    buf.put_slice(value.as_bytes());
}

/// The encoded length of [`string`].
#[inline]
pub fn string_len(tag: u32, value: &str) -> usize {
    length_delimited_len(tag, value.len())
}

/// Reads a `string` field: copied once out of `buf` into a buffer of its
/// length, which becomes the `String` once checked as UTF-8. Errors are
/// prost's: `buffer underflow` for a length past the end, `invalid string
/// value: data is not UTF-8 encoded`.
pub fn decode_string(
    wire_type: WireType,
    buf: &mut impl Buf,
    _ctx: DecodeContext,
) -> Result<String, DecodeError> {
    let len = delimited_len(wire_type, buf)?;
    String::from_utf8(copy_out(len, buf))
        .map_err(|_| decode_error("invalid string value: data is not UTF-8 encoded"))
}

/// The length of a length-delimited field, read from `buf` and checked
/// against what is left of it (prost's `buffer underflow` otherwise).
fn delimited_len(wire_type: WireType, buf: &mut impl Buf) -> Result<usize, DecodeError> {
    check_wire_type(WireType::LengthDelimited, wire_type)?;
    let len = varint(buf)?;
    usize::try_from(len)
        .ok()
        .filter(|len| *len <= buf.remaining())
        .ok_or_else(|| decode_error("buffer underflow"))
}

/// The next `len` bytes of `buf` (at least that many are left), copied
/// out: from its current chunk where they all lie there, else chunk by
/// chunk.
fn copy_out(len: usize, buf: &mut impl Buf) -> Vec<u8> {
    if let Some(bytes) = buf.chunk().get(..len) {
        let value = bytes.to_vec();
        buf.advance(len);
        value
    } else {
        let mut value = vec![0; len];
        buf.copy_to_slice(&mut value);
        value
    }
}

/// A `bytes` field.
#[inline]
pub fn bytes(tag: u32, value: &[u8], buf: &mut impl BufMut) {
    length_delimited_header(tag, value.len(), buf);
    buf.put_slice(value);
}

/// The encoded length of [`bytes`].
#[inline]
pub fn bytes_len(tag: u32, value: &[u8]) -> usize {
    length_delimited_len(tag, value.len())
}

/// Reads a `bytes` field.
pub fn decode_bytes(
    wire_type: WireType,
    buf: &mut impl Buf,
    _ctx: DecodeContext,
) -> Result<Vec<u8>, DecodeError> {
    let len = delimited_len(wire_type, buf)?;
    Ok(copy_out(len, buf))
}

/// A `bool` field.
#[inline]
pub fn bool(tag: u32, value: bool, buf: &mut impl BufMut) {
    int(tag, i64::from(value), buf);
}

/// The encoded length of [`bool`].
#[inline]
pub fn bool_len(tag: u32, value: bool) -> usize {
    int_len(tag, i64::from(value))
}

/// Reads a `bool` field.
pub fn decode_bool(wire_type: WireType, buf: &mut impl Buf) -> Result<bool, DecodeError> {
    Ok(decode_int(wire_type, buf)? != 0)
}

/// An `int32` or `int64` field: a varint, negative values sign-extended
/// to 64 bits as proto2 writes them.
#[inline]
pub fn int(tag: u32, value: i64, buf: &mut impl BufMut) {
    encode_key(tag, WireType::Varint, buf);
    encode_varint(value as u64, buf);
}

/// The encoded length of [`int`].
#[inline]
pub fn int_len(tag: u32, value: i64) -> usize {
    key_len(tag) + encoded_len_varint(value as u64)
}

/// Reads an `int32` or `int64` field (callers narrow an `int32` as Go's
/// decoder does, keeping the low 32 bits).
pub fn decode_int(wire_type: WireType, buf: &mut impl Buf) -> Result<i64, DecodeError> {
    check_wire_type(WireType::Varint, wire_type)?;
    Ok(varint(buf)? as i64)
}

/// A `double` field.
#[inline]
pub fn double(tag: u32, value: f64, buf: &mut impl BufMut) {
    encode_key(tag, WireType::SixtyFourBit, buf);
    buf.put_f64_le(value);
}

/// The encoded length of [`double`].
#[inline]
pub fn double_len(tag: u32) -> usize {
    key_len(tag) + 8
}

/// Reads a `double` field.
pub fn decode_double(wire_type: WireType, buf: &mut impl Buf) -> Result<f64, DecodeError> {
    check_wire_type(WireType::SixtyFourBit, wire_type)?;
    if buf.remaining() < 8 {
        return Err(decode_error("buffer underflow"));
    }
    Ok(buf.get_f64_le())
}

// ------------------------------------------------------------ messages

/// A nested message field: its length, as [`message_len`] measured it
/// when the object was measured for [`encode_object`] or
/// [`encode_message`] (see `lengths`), then its fields.
#[inline]
pub fn message<M: prost::Message + 'static>(tag: u32, value: &M, buf: &mut impl BufMut) {
    length_delimited_header(tag, super::lengths::write_len(value), buf);
    value.encode_raw(buf);
}

/// The encoded length of [`message`].
#[inline]
pub fn message_len<M: prost::Message + 'static>(tag: u32, value: &M) -> usize {
    length_delimited_len(tag, super::lengths::nested_len(value))
}

/// Reads a nested message field into a fresh value (the last occurrence of
/// a singular field wins, as the table decoder keeps it). Errors: prost's
/// for bytes that do not decode into `M`, and `recursion limit reached`
/// for messages nested deeper than prost's limit (100).
pub fn decode_message<M: prost::Message + Default>(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<M, DecodeError> {
    let _depth = Depth::enter()?;
    let mut value = M::default();
    read_message(wire_type, buf, ctx.clone(), |tag, wire_type, buf| {
        value.merge_field(tag, wire_type, buf, ctx.clone())?;
        Ok(true)
    })?;
    Ok(value)
}

/// How deep the thread's [`decode_message`] calls are nested. prost counts
/// the depth in its `DecodeContext`, whose counter only its own message
/// decoder can lower; [`decode_message`] reads the fields itself (with
/// [`read_message`], keys in place) and counts here, with prost's limit.
struct Depth;

thread_local! {
    static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

impl Depth {
    /// prost's `RECURSION_LIMIT`.
    const LIMIT: u32 = 100;

    #[inline]
    fn enter() -> Result<Depth, DecodeError> {
        DEPTH.with(|depth| {
            if depth.get() >= Self::LIMIT {
                return Err(decode_error("recursion limit reached"));
            }
            depth.set(depth.get() + 1);
            Ok(Depth)
        })
    }
}

impl Drop for Depth {
    #[inline]
    fn drop(&mut self) {
        DEPTH.with(|depth| depth.set(depth.get() - 1));
    }
}

/// Skips a field this type does not know.
pub fn skip(
    tag: u32,
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<(), DecodeError> {
    prost::encoding::skip_field(wire_type, tag, buf, ctx)
}

/// The header of one `map<string, V>` entry: its key and length, then the
/// key field (1); the caller writes the value field (2), whose encoded
/// length is `value_len`.
#[inline]
pub fn map_entry(tag: u32, key: &str, value_len: usize, buf: &mut impl BufMut) {
    length_delimited_header(tag, string_len(1, key) + value_len, buf);
    string(1, key, buf);
}

/// The encoded length of one map entry with a value field of `value_len`.
#[inline]
pub fn map_entry_len(tag: u32, key: &str, value_len: usize) -> usize {
    length_delimited_len(tag, string_len(1, key) + value_len)
}

/// Reads one `map<string, V>` entry with `value` reading the value field;
/// a missing value is `V::default()`, a missing key the empty string.
pub fn decode_map_entry<B: Buf, V: Default>(
    wire_type: WireType,
    buf: &mut B,
    ctx: DecodeContext,
    mut value: impl FnMut(WireType, &mut B, DecodeContext) -> Result<V, DecodeError>,
) -> Result<(String, V), DecodeError> {
    let (mut k, mut v) = (String::new(), None);
    read_message(wire_type, buf, ctx.clone(), |tag, wire_type, buf| {
        match tag {
            1 => k = decode_string(wire_type, buf, ctx.clone())?,
            2 => v = Some(value(wire_type, buf, ctx.clone())?),
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok((k, v.unwrap_or_default()))
}

// ------------------------------------------------------------ raw JSON

/// A `runtime.RawExtension` or `FieldsV1` field, `{raw = 1}` holding the
/// value's compact JSON (`null` is written as no bytes), serialized
/// straight into `buf`.
pub fn raw_json(tag: u32, value: &serde_json::Value, buf: &mut impl BufMut) {
    let len = json_len(value);
    length_delimited_header(tag, length_delimited_len(1, len), buf);
    length_delimited_header(1, len, buf);
    if !value.is_null() {
        // Writing to a growable buffer cannot fail, nor can a JSON value's
        // serialization (its keys are strings).
        let _ = serde_json::to_writer(BufWriter(buf), value);
    }
}

/// `std::io::Write` onto a [`BufMut`].
struct BufWriter<'a, B>(&'a mut B);

impl<B: BufMut> std::io::Write for BufWriter<'_, B> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.put_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The encoded length of [`raw_json`].
pub fn raw_json_len(tag: u32, value: &serde_json::Value) -> usize {
    length_delimited_len(tag, length_delimited_len(1, json_len(value)))
}

/// The length of a value's compact JSON as [`raw_json`] writes it: none
/// for `null`.
fn json_len(value: &serde_json::Value) -> usize {
    if value.is_null() {
        return 0;
    }
    super::json_len(value)
}

/// Reads the bytes of a `{raw = 1}` message (`runtime.RawExtension`,
/// `FieldsV1`): empty when the field holds none.
pub fn decode_raw_bytes(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<Vec<u8>, DecodeError> {
    let mut raw = Vec::new();
    read_message(wire_type, buf, ctx.clone(), |tag, wire_type, buf| {
        if tag != 1 {
            return Ok(false);
        }
        raw = decode_bytes(wire_type, buf, ctx.clone())?;
        Ok(true)
    })?;
    Ok(raw)
}

/// Reads a `runtime.RawExtension` field as a JSON tree: `null` when
/// empty.
pub fn decode_raw_json(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<serde_json::Value, DecodeError> {
    let raw = decode_raw_bytes(wire_type, buf, ctx)?;
    if raw.is_empty() {
        return Ok(serde_json::Value::Null);
    }
    serde_json::from_slice(&raw).map_err(|e| decode_error(format!("raw JSON: {e}")))
}

// ------------------------------------------------------------ objects

/// Decodes an object in the Kubernetes envelope (`k8s\0` + `runtime.Unknown`)
/// into its Rust type. Errors: as [`super::protobuf::unwrap`], or the
/// message does not decode into `T` (prost's message).
pub fn decode_object<T: prost::Message + Default>(
    bytes: &[u8],
) -> Result<T, super::protobuf::ProtoError> {
    let (_, _, raw) = super::protobuf::unwrap(bytes)?;
    message_from_bytes(raw)
}

/// Decodes a message (no envelope) into its Rust type. Errors: prost's
/// message for bytes that do not decode into `T`.
pub fn message_from_bytes<T: prost::Message + Default>(
    message: &[u8],
) -> Result<T, super::protobuf::ProtoError> {
    T::decode(message).map_err(|e| super::protobuf::ProtoError(e.to_string()))
}

/// Encodes an object in the Kubernetes envelope, with the `apiVersion` and
/// `kind` of its type meta, the object's message written in place (its
/// length counted once, no copy).
pub fn encode_object<T: prost::Message>(api_version: &str, kind: &str, object: &T) -> Vec<u8> {
    super::lengths::recorded(object, |raw_len| {
        envelope(api_version, kind, raw_len, |out| object.encode_raw(out))
    })
}

/// `object` as its bare protobuf message, as `prost::Message::encode_to_vec`
/// writes it, each nested message measured once (see [`message`]).
pub fn encode_message<T: prost::Message>(object: &T) -> Vec<u8> {
    super::lengths::recorded(object, |len| {
        let mut out = Vec::with_capacity(len);
        object.encode_raw(&mut out);
        out
    })
}

/// How many nested messages the thread's last [`encode_object`] or
/// [`encode_message`] wrote without the length measured before (measuring
/// them again): 0 when every codec measures and writes its fields in one
/// order, which the fixture tests check for the served kinds.
pub fn lengths_measured_twice() -> usize {
    super::lengths::last_missed()
}

/// The Kubernetes envelope: `k8s\0` and a `runtime.Unknown` with the type
/// meta given, whose raw message of `raw_len` bytes `write_raw` writes.
/// `contentEncoding` and `contentType` are written empty, as
/// kube-apiserver writes them.
pub(crate) fn envelope(
    api_version: &str,
    kind: &str,
    raw_len: usize,
    write_raw: impl FnOnce(&mut Vec<u8>),
) -> Vec<u8> {
    let magic = super::protobuf::MAGIC;
    let type_meta_len = string_len(1, api_version) + string_len(2, kind);
    let mut out = Vec::with_capacity(
        magic.len()
            + length_delimited_len(1, type_meta_len)
            + length_delimited_len(2, raw_len)
            + length_delimited_len(3, 0)
            + length_delimited_len(4, 0),
    );
    out.extend_from_slice(magic);
    // runtime.Unknown: typeMeta = 1, raw = 2, contentEncoding = 3,
    // contentType = 4.
    length_delimited_header(1, type_meta_len, &mut out);
    string(1, api_version, &mut out);
    string(2, kind, &mut out);
    length_delimited_header(2, raw_len, &mut out);
    write_raw(&mut out);
    length_delimited_header(3, 0, &mut out);
    length_delimited_header(4, 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> DecodeContext {
        DecodeContext::default()
    }

    /// Field 1 holding `value`, as [`bytes`] writes it.
    fn field(value: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        bytes(1, value, &mut out);
        out
    }

    /// Reads the field back: its key, then its value with `read`.
    fn read<T>(
        mut buf: impl Buf,
        read: impl Fn(WireType, &mut dyn Buf) -> Result<T, DecodeError>,
    ) -> Result<(T, usize), String> {
        let (tag, wire_type) = decode_key(&mut buf).map_err(|e| e.to_string())?;
        assert_eq!(tag, 1);
        let value = read(wire_type, &mut buf).map_err(|e| e.to_string())?;
        Ok((value, buf.remaining()))
    }

    /// Strings and bytes are read whole from one slice, or across the
    /// chunks of a buffer that is not contiguous; the bytes after them are
    /// left in the buffer.
    #[test]
    fn strings_and_bytes_read_from_one_slice_or_across_chunks() {
        let mut wire = field("größe: ✓".as_bytes());
        wire.push(0x08);
        let string = |w, b: &mut dyn Buf| decode_string(w, &mut { b }, ctx());
        assert_eq!(read(&wire[..], string), Ok(("größe: ✓".to_string(), 1)));
        let (head, tail) = wire.split_at(4);
        assert_eq!(
            read(head.chain(tail), string),
            Ok(("größe: ✓".to_string(), 1))
        );
        let raw = |w, b: &mut dyn Buf| decode_bytes(w, &mut { b }, ctx());
        let wire = field(&[0, 0xff, 7]);
        assert_eq!(read(&wire[..], raw), Ok((vec![0, 0xff, 7], 0)));
        let (head, tail) = wire.split_at(3);
        assert_eq!(read(head.chain(tail), raw), Ok((vec![0, 0xff, 7], 0)));
    }

    /// A string that is not UTF-8, a length past the end and the wrong
    /// wire type get prost's errors, in one slice or across chunks.
    #[test]
    fn bad_strings_get_prosts_errors() {
        let string = |w, b: &mut dyn Buf| decode_string(w, &mut { b }, ctx());
        let not_utf8 = field(&[b'a', 0xff]);
        let expected = Err(
            "failed to decode Protobuf message: invalid string value: data is not UTF-8 encoded"
                .to_string(),
        );
        assert_eq!(read(&not_utf8[..], string), expected);
        let (head, tail) = not_utf8.split_at(3);
        assert_eq!(read(head.chain(tail), string), expected);
        let short = &field(b"abc")[..4];
        assert_eq!(
            read(short, string),
            Err("failed to decode Protobuf message: buffer underflow".to_string())
        );
        let mut varint = Vec::new();
        int(1, 5, &mut varint);
        assert_eq!(
            read(&varint[..], string),
            Err(
                "failed to decode Protobuf message: invalid wire type: Varint (expected LengthDelimited)"
                    .to_string()
            )
        );
    }

    /// A one-byte key read in place gives what prost's `decode_key` gives,
    /// number and wire type or error, for every byte and for the keys of
    /// more bytes after it.
    #[test]
    fn keys_read_in_place_as_prost_reads_them() {
        for first in 0..=u8::MAX {
            for rest in [&[][..], &[0x01], &[0x80, 0x01]] {
                let wire: Vec<u8> = [&[first][..], rest, &[0x2a]].concat();
                let (mut ours, mut prosts) = (&wire[..], &wire[..]);
                let read = field_key(&mut ours).map_err(|e| e.to_string());
                let expected = decode_key(&mut prosts).map_err(|e| e.to_string());
                assert_eq!(read, expected, "key {wire:02x?}");
                assert_eq!(ours.remaining(), prosts.remaining(), "key {wire:02x?}");
            }
        }
    }

    /// A message holding itself, as a recursive type would (none of the
    /// served kinds is one yet; `JSONSchemaProps` is).
    #[derive(Debug, Default, PartialEq)]
    struct Nested {
        child: Option<Box<Nested>>,
    }

    impl prost::Message for Nested {
        fn encode_raw(&self, buf: &mut impl BufMut) {
            if let Some(child) = &self.child {
                prost::encoding::message::encode(1, child.as_ref(), buf);
            }
        }

        fn merge_field(
            &mut self,
            tag: u32,
            wire_type: WireType,
            buf: &mut impl Buf,
            ctx: DecodeContext,
        ) -> Result<(), DecodeError> {
            match tag {
                1 => self.child = Some(Box::new(decode_message(wire_type, buf, ctx)?)),
                _ => skip(tag, wire_type, buf, ctx)?,
            }
            Ok(())
        }

        fn encoded_len(&self) -> usize {
            self.child.as_ref().map_or(0, |child| {
                prost::encoding::message::encoded_len(1, child.as_ref())
            })
        }

        fn clear(&mut self) {
            self.child = None;
        }
    }

    /// Messages nested 100 deep decode; one more is refused with prost's
    /// error, as prost's own decoder refuses it, and the count is back to
    /// none after the error.
    #[test]
    fn messages_nest_to_prosts_recursion_limit() {
        use prost::Message as _;
        let nested = |depth: usize| {
            (0..depth).fold(Nested::default(), |inner, _| Nested {
                child: Some(Box::new(inner)),
            })
        };
        let deepest = nested(100);
        let wire = deepest.encode_to_vec();
        assert_eq!(Nested::decode(&wire[..]), Ok(deepest));
        let too_deep = nested(101).encode_to_vec();
        let refused = Nested::decode(&too_deep[..]).map_err(|e| e.to_string());
        assert!(
            refused
                .as_ref()
                .is_err_and(|e| e.contains("recursion limit reached")),
            "{refused:?}"
        );
        assert!(Nested::decode(&wire[..]).is_ok());
        assert_eq!(DEPTH.with(std::cell::Cell::get), 0);
    }
}
