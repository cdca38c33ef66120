//! JSON text as Go's `encoding/json` writes it, from any serde value:
//! what kube-apiserver's JSON serializer puts in a response body
//! (`k8s.io/apimachinery/pkg/runtime/serializer/json`: `json.NewEncoder`
//! for an object, `json.Marshal` per part of a streamed list,
//! `json.MarshalIndent(obj, "", "  ")` for `?pretty=true`).
//!
//! serde_json writes the text; what Go writes differently is changed:
//!
//! - strings are HTML-safe: `<`, `>`, `&`, U+2028 and U+2029 are written
//!   `\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029` (Go's default
//!   `escapeHTML`), in one pass over the written text after it is written
//!   (see `escape_html`); text written raw (a FieldsV1's, a `RawValue`)
//!   gets the same treatment, as Go compacts a `Marshaler`'s output with it;
//! - a `float64` as Go writes it ([`super::json_float`]: `1e+21`, an
//!   integral float without `.0`), by this module's formatter.
//!
//! The short escapes (`\" \\ \n \r \t \b \f`) and `\u00XX` for the other
//! control characters are the same in both.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};

/// Compact output with Go's floats (`json.Marshal`).
#[derive(Debug, Default, Clone, Copy)]
struct GoFormatter;

impl Formatter for GoFormatter {
    fn write_f64<W: ?Sized + Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        writer.write_all(super::json_float(value).as_bytes())
    }
}

/// Indented output as `json.MarshalIndent(v, "", "  ")` lays it out:
/// serde's [`PrettyFormatter`] (two spaces, `{}` and `[]` for empty values,
/// as Go), [`GoFormatter`]'s floats.
#[derive(Debug, Default, Clone)]
struct GoPrettyFormatter<'a>(PrettyFormatter<'a>);

impl Formatter for GoPrettyFormatter<'_> {
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }

    fn write_f64<W: ?Sized + Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        GoFormatter.write_f64(writer, value)
    }
}

/// Appends `value` to `out` compactly, as `json.Marshal` writes it.
///
/// # Errors
///
/// serde's: a map key that is not a string, a failing `Serialize`.
pub fn to_writer<T: ?Sized + Serialize>(out: &mut Vec<u8>, value: &T) -> serde_json::Result<()> {
    let from = out.len();
    value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut *out,
        GoFormatter,
    ))?;
    escape_html(out, from);
    Ok(())
}

/// [`to_writer`] into a new buffer.
///
/// # Errors
///
/// As [`to_writer`].
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    to_writer(&mut out, value)?;
    Ok(out)
}

/// `value` indented as `json.MarshalIndent(v, "", "  ")` writes it. Raw
/// text (a `RawValue`) is written as it comes, not indented: give a tree
/// (`serde_json::Value`) where the output must be indented throughout, as
/// Go indents a `Marshaler`'s output too.
///
/// # Errors
///
/// As [`to_writer`].
pub fn to_vec_pretty<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut out,
        GoPrettyFormatter::default(),
    ))?;
    escape_html(&mut out, 0);
    Ok(out)
}

/// `value` as `json.NewEncoder(w).Encode(value)` writes it, what
/// kube-apiserver answers a request with: [`to_vec`] and a newline.
///
/// # Errors
///
/// As [`to_writer`].
pub fn to_vec_line<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    let mut out = to_vec(value)?;
    out.push(b'\n');
    Ok(out)
}

/// A copy of `text` (compact JSON) ended as `json.Encoder` ends it, with
/// a newline.
pub fn line(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 1);
    out.extend_from_slice(text);
    out.push(b'\n');
    out
}

/// Escapes, in the JSON text `out` holds from `from` on, `<`, `>`, `&`,
/// U+2028 and U+2029 as Go's `encoding/json` escapes them. In JSON text
/// these characters can only stand inside strings, so escaping them
/// wherever they are is escaping them in every string (raw text included)
/// and nowhere else. One vector search for each kind of byte (`memchr`),
/// linear whatever the text holds; a text without them (most) is left in
/// place.
fn escape_html(out: &mut Vec<u8>, from: usize) {
    let text = &out[from..];
    let html = memchr::memchr3(b'<', b'>', b'&', text);
    let first = memchr::memchr_iter(0xE2, &text[..html.unwrap_or(text.len())])
        .find(|&i| is_separator(text, i))
        .or(html);
    let Some(first) = first else {
        return;
    };
    let rest = out.split_off(from + first);
    let mut start = 0;
    let mut html = memchr::memchr3_iter(b'<', b'>', b'&', &rest).peekable();
    let mut e2 = memchr::memchr_iter(0xE2, &rest).peekable();
    loop {
        let i = match (html.peek(), e2.peek()) {
            (Some(&h), Some(&e)) if e < h => e2.next(),
            (Some(_), _) => html.next(),
            (None, _) => e2.next(),
        };
        let Some(i) = i else { break };
        escape_at(out, &rest, i, &mut start);
    }
    out.extend_from_slice(&rest[start..]);
}

/// Whether the 0xE2 at `i` of `text` starts U+2028 or U+2029 (E2 80 A8,
/// E2 80 A9).
fn is_separator(text: &[u8], i: usize) -> bool {
    matches!(text.get(i + 1..i + 3), Some([0x80, 0xA8 | 0xA9]))
}

/// Escapes the byte at `i` of `bytes` if it starts a character Go escapes
/// (`<`, `>`, `&`, U+2028, U+2029; another character starting with 0xE2
/// is left), appending the text from `start` before it to `out`; `start`
/// moves past the character.
fn escape_at(out: &mut Vec<u8>, bytes: &[u8], i: usize, start: &mut usize) {
    let (escape, len): (&[u8], usize) = match bytes[i] {
        b'<' => (b"\\u003c", 1),
        b'>' => (b"\\u003e", 1),
        b'&' => (b"\\u0026", 1),
        _ if !is_separator(bytes, i) => return,
        _ if bytes[i + 2] == 0xA8 => (b"\\u2028", 3),
        _ => (b"\\u2029", 3),
    };
    out.extend_from_slice(&bytes[*start..i]);
    out.extend_from_slice(escape);
    *start = i + len;
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use serde_json::value::RawValue;

    #[test]
    fn strings_are_html_safe_as_go_writes_them() {
        // What encoding/json writes for these (Go 1.22 and later: \b, \f).
        let value = json!({"a": "x<y>&z \u{2028}\u{2029}\u{2027}é\"\\\n\u{8}\u{c}\u{1}", "<k>": 1});
        assert_eq!(
            String::from_utf8(to_vec(&value).unwrap()).unwrap(),
            r#"{"a":"x\u003cy\u003e\u0026z \u2028\u2029‧é\"\\\n\b\f\u0001","\u003ck\u003e":1}"#
        );
    }

    #[test]
    fn every_character_go_escapes_is_found() {
        // Specials at the start, in the middle, at the end, characters
        // starting with E2 that are not U+2028, and none.
        let filler = "x".repeat(40);
        for (text, written) in [
            (format!("<{filler}"), format!("\\u003c{filler}")),
            (
                format!("{filler}&{filler}>"),
                format!("{filler}\\u0026{filler}\\u003e"),
            ),
            (
                format!("{filler}\u{2027}{filler}\u{2029}"),
                format!("{filler}\u{2027}{filler}\\u2029"),
            ),
            (format!("{filler}{filler}"), format!("{filler}{filler}")),
            // Many characters starting with E2 (€ is E2 82 AC), one escaped.
            (
                format!("{}\u{2028}<", "€".repeat(20)),
                format!("{}\\u2028\\u003c", "€".repeat(20)),
            ),
        ] {
            assert_eq!(
                String::from_utf8(to_vec(&text).unwrap()).unwrap(),
                format!("\"{written}\""),
            );
        }
    }

    #[test]
    fn raw_text_and_floats_as_go_writes_them() {
        let raw = RawValue::from_string(r#"{"k:{\"name\":\"a<b\"}":{}}"#.to_owned()).unwrap();
        let value = (raw, 1e21_f64, 80.0_f64, 1.5e-7_f64, 2.5_f64);
        assert_eq!(
            String::from_utf8(to_vec(&value).unwrap()).unwrap(),
            r#"[{"k:{\"name\":\"a\u003cb\"}":{}},1e+21,80,1.5e-7,2.5]"#
        );
    }

    #[test]
    fn pretty_is_go_marshal_indent() {
        let value = json!({"a": [1, {"b": "<"}], "e": {}, "l": []});
        assert_eq!(
            String::from_utf8(to_vec_pretty(&value).unwrap()).unwrap(),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": \"\\u003c\"\n    }\n  ],\n  \"e\": {},\n  \"l\": []\n}"
        );
    }
}
