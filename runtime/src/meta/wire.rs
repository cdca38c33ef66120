//! The protobuf helpers of generated `prost::Message` implementations:
//! those of [`crate::codec::wire`] (re-exported), and the meta kinds'
//! (`metav1.Time` and `MicroTime` as `{seconds = 1, nanos = 2}`, Go's zero
//! time an unset value; `resource.Quantity` as `{string = 1}`;
//! `intstr.IntOrString` as `{type = 1, intVal = 2, strVal = 3}`, all three
//! written; `runtime.RawExtension` as `{raw = 1}` holding JSON), as the
//! table transcoder (`crate::codec::protobuf`) writes them.

use prost::DecodeError;
use prost::bytes::{Buf, BufMut};
use prost::encoding::{DecodeContext, WireType};

pub use crate::codec::wire::*;
use crate::codec::wire::{length_delimited_header, length_delimited_len, read_message};

use super::time::is_go_zero;
use super::{FieldsV1, IntOrString, MicroTime, Quantity, RawExtension, Time};

#[inline]
fn timestamp_len(seconds: i64, nanos: i64) -> usize {
    int_len(1, seconds) + int_len(2, nanos)
}

#[inline]
fn timestamp(tag: u32, seconds: i64, nanos: i64, buf: &mut impl BufMut) {
    length_delimited_header(tag, timestamp_len(seconds, nanos), buf);
    int(1, seconds, buf);
    int(2, nanos, buf);
}

fn decode_timestamp(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<Option<chrono::DateTime<chrono::Utc>>, DecodeError> {
    let (mut seconds, mut nanos) = (0i64, 0i64);
    let mut empty = true;
    read_message(wire_type, buf, ctx, |tag, wire_type, buf| {
        match tag {
            1 => seconds = decode_int(wire_type, buf)?,
            2 => nanos = i64::from(decode_int(wire_type, buf)? as i32),
            _ => return Ok(false),
        }
        empty = false;
        Ok(true)
    })?;
    // An empty message, or Go's zero time, is an unset time.
    if empty {
        return Ok(None);
    }
    let nanos = u32::try_from(nanos).map_err(|_| decode_error("time out of range"))?;
    chrono::DateTime::from_timestamp(seconds, nanos)
        .map(|t| Some(t).filter(|t| !is_go_zero(t)))
        .ok_or_else(|| decode_error("time out of range"))
}

/// A `metav1.Time` field: seconds and nanos, as its JSON form holds it
/// (whole seconds).
#[inline]
pub fn time(tag: u32, value: &Time, buf: &mut impl BufMut) {
    timestamp(tag, value.0.timestamp(), 0, buf);
}

/// The encoded length of [`time`].
#[inline]
pub fn time_len(tag: u32, value: &Time) -> usize {
    length_delimited_len(tag, timestamp_len(value.0.timestamp(), 0))
}

/// A value `metav1.Time` field (Go's non-pointer `Time`, `Option` here):
/// [`time`] when set, else an empty message, as Go's generated `Marshal`
/// writes every non-nullable field and `Time` writes nothing for the zero
/// time.
#[inline]
pub fn value_time(tag: u32, value: Option<&Time>, buf: &mut impl BufMut) {
    match value {
        Some(t) => time(tag, t, buf),
        None => bytes(tag, b"", buf),
    }
}

/// The encoded length of [`value_time`].
#[inline]
pub fn value_time_len(tag: u32, value: Option<&Time>) -> usize {
    value.map_or(bytes_len(tag, b""), |t| time_len(tag, t))
}

/// Reads a `metav1.Time` field, to whole seconds as its JSON form holds
/// it; `None` for the zero time.
pub fn decode_time(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<Option<Time>, DecodeError> {
    Ok(decode_timestamp(wire_type, buf, ctx)?.map(|t| {
        Time(match t.timestamp_subsec_nanos() {
            0 => t,
            _ => chrono::DateTime::from_timestamp(t.timestamp(), 0).unwrap_or(t),
        })
    }))
}

/// A `metav1.MicroTime` field, to the microsecond as its JSON form holds it.
#[inline]
pub fn micro_time(tag: u32, value: &MicroTime, buf: &mut impl BufMut) {
    let (seconds, nanos) = micro_parts(value);
    timestamp(tag, seconds, nanos, buf);
}

#[inline]
fn micro_parts(value: &MicroTime) -> (i64, i64) {
    let nanos = i64::from(value.0.timestamp_subsec_micros()) * 1000;
    (value.0.timestamp(), nanos)
}

/// The encoded length of [`micro_time`].
#[inline]
pub fn micro_time_len(tag: u32, value: &MicroTime) -> usize {
    let (seconds, nanos) = micro_parts(value);
    length_delimited_len(tag, timestamp_len(seconds, nanos))
}

/// A value `metav1.MicroTime` field: [`micro_time`] when set, else an
/// empty message (see [`value_time`]).
#[inline]
pub fn value_micro_time(tag: u32, value: Option<&MicroTime>, buf: &mut impl BufMut) {
    match value {
        Some(t) => micro_time(tag, t, buf),
        None => bytes(tag, b"", buf),
    }
}

/// The encoded length of [`value_micro_time`].
#[inline]
pub fn value_micro_time_len(tag: u32, value: Option<&MicroTime>) -> usize {
    value.map_or(bytes_len(tag, b""), |t| micro_time_len(tag, t))
}

/// Reads a `metav1.MicroTime` field; `None` for the zero time.
pub fn decode_micro_time(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<Option<MicroTime>, DecodeError> {
    Ok(decode_timestamp(wire_type, buf, ctx)?.map(|t| {
        let micros = t.timestamp_subsec_micros() * 1000;
        MicroTime(chrono::DateTime::from_timestamp(t.timestamp(), micros).unwrap_or(t))
    }))
}

/// A `resource.Quantity` field: `{string = 1}`.
#[inline]
pub fn quantity(tag: u32, value: &Quantity, buf: &mut impl BufMut) {
    length_delimited_header(tag, string_len(1, value.as_str()), buf);
    string(1, value.as_str(), buf);
}

/// The encoded length of [`quantity`].
#[inline]
pub fn quantity_len(tag: u32, value: &Quantity) -> usize {
    length_delimited_len(tag, string_len(1, value.as_str()))
}

/// Reads a `resource.Quantity` field, parsed as its JSON form is.
pub fn decode_quantity(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<Quantity, DecodeError> {
    let mut text = String::new();
    read_message(wire_type, buf, ctx.clone(), |tag, wire_type, buf| {
        if tag != 1 {
            return Ok(false);
        }
        text = decode_string(wire_type, buf, ctx.clone())?;
        Ok(true)
    })?;
    Quantity::parse(text.trim()).map_err(|e| decode_error(e.to_string()))
}

#[inline]
fn int_or_string_parts(value: &IntOrString) -> (i64, i64, &str) {
    match value {
        IntOrString::Int(i) => (0, i64::from(*i), ""),
        IntOrString::String(s) => (1, 0, s),
    }
}

#[inline]
fn int_or_string_body_len(value: &IntOrString) -> usize {
    let (kind, int_val, str_val) = int_or_string_parts(value);
    int_len(1, kind) + int_len(2, int_val) + string_len(3, str_val)
}

/// An `intstr.IntOrString` field: `{type = 1, intVal = 2, strVal = 3}`,
/// all three written.
#[inline]
pub fn int_or_string(tag: u32, value: &IntOrString, buf: &mut impl BufMut) {
    length_delimited_header(tag, int_or_string_body_len(value), buf);
    let (kind, int_val, str_val) = int_or_string_parts(value);
    int(1, kind, buf);
    int(2, int_val, buf);
    string(3, str_val, buf);
}

/// The encoded length of [`int_or_string`].
#[inline]
pub fn int_or_string_len(tag: u32, value: &IntOrString) -> usize {
    length_delimited_len(tag, int_or_string_body_len(value))
}

/// Reads an `intstr.IntOrString` field.
pub fn decode_int_or_string(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<IntOrString, DecodeError> {
    let (mut is_string, mut int_val, mut str_val) = (false, 0i32, String::new());
    read_message(wire_type, buf, ctx.clone(), |tag, wire_type, buf| {
        match tag {
            1 => is_string = decode_int(wire_type, buf)? == 1,
            2 => int_val = decode_int(wire_type, buf)? as i32,
            3 => str_val = decode_string(wire_type, buf, ctx.clone())?,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(if is_string {
        IntOrString::String(str_val)
    } else {
        IntOrString::Int(int_val)
    })
}

/// A `runtime.RawExtension` field.
pub fn raw_extension(tag: u32, value: &RawExtension, buf: &mut impl BufMut) {
    raw_json(tag, &value.0, buf);
}

/// The encoded length of [`raw_extension`].
pub fn raw_extension_len(tag: u32, value: &RawExtension) -> usize {
    raw_json_len(tag, &value.0)
}

/// A `FieldsV1` field, `{raw = 1}` holding its JSON text as it is kept.
pub fn fields_v1(tag: u32, value: &FieldsV1, buf: &mut impl BufMut) {
    let text = value.as_str().as_bytes();
    length_delimited_header(tag, length_delimited_len(1, text.len()), buf);
    length_delimited_header(1, text.len(), buf);
    buf.put_slice(text);
}

/// The encoded length of [`fields_v1`].
pub fn fields_v1_len(tag: u32, value: &FieldsV1) -> usize {
    length_delimited_len(tag, length_delimited_len(1, value.as_str().len()))
}

/// Reads a `FieldsV1` field: its JSON text (`null` when the field holds no
/// bytes, as upstream's `FieldsV1` with no `Raw` writes JSON `null`).
///
/// Errors: the bytes are not JSON.
pub fn decode_fields_v1(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<FieldsV1, DecodeError> {
    let mut raw = decode_raw_bytes(wire_type, buf, ctx)?;
    if raw.is_empty() {
        raw = b"null".to_vec();
    }
    FieldsV1::from_json_bytes(raw).map_err(|e| decode_error(format!("FieldsV1: {e}")))
}

/// Reads a `runtime.RawExtension` field.
pub fn decode_raw_extension(
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<RawExtension, DecodeError> {
    decode_raw_json(wire_type, buf, ctx).map(RawExtension)
}
