//! Text as Go writes it, where Kubernetes puts Go's own formatting on the
//! wire: `%q` strings in field errors and warnings (`strconv.Quote`),
//! `%v` floats (`strconv.FormatFloat(f, 'g', -1, 64)`), and the JSON of
//! `encoding/json` (floats, HTML-safe strings, compact values) that field
//! error values, FieldsV1 keys and the last-applied annotation embed.
//!
//! One module, so that every place that must match Go byte for byte
//! formats the same way.

use serde_json::Value;

pub mod encoder;

/// Go's `%q` of a string (`strconv.Quote`): double quotes, `\"` and `\\`,
/// the short escapes (`\a \b \f \n \r \t \v`), `\xNN` for other ASCII
/// controls and DEL, `\uNNNN`/`\UNNNNNNNN` for other non-printable
/// characters, printable characters (Unicode letters, marks, numbers,
/// punctuation, symbols, ASCII space) as they are.
///
/// Printability is approximated without Unicode tables (see
/// [`is_print`]).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if is_print(c) => out.push(c),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\x7f' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// Go's `unicode.IsPrint`, approximated without Unicode tables: ASCII
/// `' '..='~'`; beyond ASCII, not control, whitespace, format (zero-width,
/// bidi marks, BOM, tags), private-use or noncharacter code points.
/// Unassigned code points count as printable.
pub fn is_print(c: char) -> bool {
    if c.is_ascii() {
        return (' '..='~').contains(&c);
    }
    let u = c as u32;
    let format_char = matches!(
        u,
        0xAD | 0x600..=0x605
            | 0x61C
            | 0x6DD
            | 0x70F
            | 0x890..=0x891
            | 0x8E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    );
    let private_use = matches!(u, 0xE000..=0xF8FF | 0xF0000..=0x10FFFF);
    let noncharacter = matches!(u, 0xFDD0..=0xFDEF) || (u & 0xFFFE) == 0xFFFE;
    !c.is_control() && !c.is_whitespace() && !format_char && !private_use && !noncharacter
}

/// The shortest decimal digits of `|f|` and the position of the decimal
/// point: `f = 0.d1d2...dn × 10^dp`.
fn shortest_digits(f: f64) -> (String, i32) {
    // Rust's `{:e}` prints the shortest round-tripping digits, as Go's
    // strconv does with precision -1.
    let formatted = format!("{:e}", f.abs());
    let (mantissa, exp) = formatted.split_once('e').unwrap_or((&formatted, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let exp: i32 = exp.parse().unwrap_or(0);
    (digits, exp + 1)
}

/// Digits in fixed notation (Go's `%f` with the shortest precision).
fn fixed(digits: &str, dp: i32) -> String {
    let n = digits.len() as i32;
    if dp <= 0 {
        format!("0.{}{digits}", "0".repeat((-dp) as usize))
    } else if dp >= n {
        format!("{digits}{}", "0".repeat((dp - n) as usize))
    } else {
        let (int, frac) = digits.split_at(dp as usize);
        format!("{int}.{frac}")
    }
}

/// Digits in exponent notation (Go's `%e` with the shortest precision),
/// the exponent with at least `min_exp_digits` digits and a sign.
fn exponent(digits: &str, dp: i32, min_exp_digits: usize) -> String {
    let exp = dp - 1;
    let (first, rest) = digits.split_at(1);
    let mut s = first.to_string();
    if !rest.is_empty() {
        s.push('.');
        s.push_str(rest);
    }
    let sign = if exp < 0 { '-' } else { '+' };
    s.push_str(&format!(
        "e{sign}{:0width$}",
        exp.unsigned_abs(),
        width = min_exp_digits
    ));
    s
}

fn signed(f: f64, body: String) -> String {
    if f.is_sign_negative() {
        format!("-{body}")
    } else {
        body
    }
}

/// A float as Go's `%v` prints a `float64` (`strconv` `'g'`, shortest):
/// `1.5`, `100000`, `1e+06`, `1.5e-05`, `NaN`, `+Inf`.
pub fn float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    let (digits, dp) = shortest_digits(f);
    let exp = dp - 1;
    let body = if f != 0.0 && !(-4..6).contains(&exp) {
        exponent(&digits, dp, 2)
    } else {
        fixed(&digits, dp)
    };
    signed(f, body)
}

/// A float as Go's `%f` prints a `float64`: six decimals (`4.000000`),
/// `NaN`, `+Inf`, `-Inf`.
pub fn float_f(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    format!("{f:.6}")
}

/// A float as Go's `encoding/json` writes a `float64`: fixed notation, or
/// exponent notation (`1e+21`, `1.5e-7`) below 1e-6 and from 1e21.
pub fn json_float(f: f64) -> String {
    let (digits, dp) = shortest_digits(f);
    let abs = f.abs();
    let body = if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        exponent(&digits, dp, 1)
    } else {
        fixed(&digits, dp)
    };
    signed(f, body)
}

/// Appends a string literal as Go's `encoding/json` writes it: HTML-safe
/// (`<`, `>`, `&` and U+2028/U+2029 as `\u00XX`), the short escapes
/// `\" \\ \n \r \t \b \f`, `\u00XX` for other control characters.
pub fn write_json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}') => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `encoding/json`'s name for the JSON type of a value, as Go prints it in
/// `json: cannot unmarshal <type> into Go value of type ...`: `object`,
/// `array`, `string`, `number`, `bool` or `null`.
pub fn json_type_name(value: &Value) -> &'static str {
    match value {
        Value::Object(_) => "object",
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Bool(_) => "bool",
        Value::Null => "null",
    }
}

/// [`write_json_string`] into a new string.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_json_string(s, &mut out);
    out
}

/// The order in which [`write_json`] writes object members.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberOrder {
    /// As the value holds them (a Go struct's field order).
    AsHeld,
    /// Sorted by key, as Go writes a `map[string]interface{}`.
    Sorted,
}

/// Appends `value` as Go's `json.Marshal` writes it: compact, floats and
/// strings as Go writes them (an integral number stays an integer),
/// members in `order`.
pub fn write_json(value: &Value, order: MemberOrder, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match n.as_f64() {
            Some(f) if !n.is_i64() && !n.is_u64() => out.push_str(&json_float(f)),
            _ => out.push_str(&n.to_string()),
        },
        Value::String(s) => write_json_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, order, out);
            }
            out.push(']');
        }
        Value::Object(members) => {
            let mut entries: Vec<(&String, &Value)> = members.iter().collect();
            if order == MemberOrder::Sorted {
                entries.sort_by(|a, b| a.0.cmp(b.0));
            }
            out.push('{');
            for (i, (key, value)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_string(key, out);
                out.push(':');
                write_json(value, order, out);
            }
            out.push('}');
        }
    }
}

/// [`write_json`] into a new string.
pub fn json(value: &Value, order: MemberOrder) -> String {
    let mut out = String::new();
    write_json(value, order, &mut out);
    out
}

/// Go's `%v` of a decoded JSON value (`map[string]interface{}` with
/// integers kept as `int64`): `<nil>`, `true`, `80`, `1.5`, `1e+06`,
/// strings bare, lists as `[a b]`, maps as `map[a:1 b:2]` with keys
/// sorted.
pub fn value_v(value: &Value) -> String {
    match value {
        Value::Null => "<nil>".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if !n.is_i64() && !n.is_u64() => float(f),
            _ => n.to_string(),
        },
        Value::String(s) => s.clone(),
        Value::Array(items) => list_v(items),
        Value::Object(object) => map_v(object),
    }
}

/// Go's `%v` of a decoded list: `[a b]`.
pub fn list_v(items: &[Value]) -> String {
    let items: Vec<String> = items.iter().map(value_v).collect();
    format!("[{}]", items.join(" "))
}

/// Go's `%v` of a decoded map: `map[a:1 b:2]`, keys sorted.
pub fn map_v(object: &serde_json::Map<String, Value>) -> String {
    let mut entries: Vec<(&String, &Value)> = object.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    let entries: Vec<String> = entries
        .into_iter()
        .map(|(key, value)| format!("{key}:{}", value_v(value)))
        .collect();
    format!("map[{}]", entries.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn floats_as_go_prints_them() {
        // strconv.FormatFloat(f, 'g', -1, 64) and encoding/json's floatEncoder.
        let cases = [
            (1.5, "1.5", "1.5"),
            (100000.0, "100000", "100000"),
            (1e6, "1e+06", "1000000"),
            (1.5e-5, "1.5e-05", "0.000015"),
            (1.5e-7, "1.5e-07", "1.5e-7"),
            (1e21, "1e+21", "1e+21"),
            (-0.25, "-0.25", "-0.25"),
            (0.0, "0", "0"),
        ];
        for (f, v, json) in cases {
            assert_eq!(float(f), v, "%v of {f}");
            assert_eq!(json_float(f), json, "json of {f}");
        }
        assert_eq!(float(f64::NAN), "NaN");
        assert_eq!(float(f64::NEG_INFINITY), "-Inf");
        assert_eq!(float_f(4.0), "4.000000");
        assert_eq!(float_f(8.192), "8.192000");
        assert_eq!(float_f(f64::INFINITY), "+Inf");
        assert_eq!(float_f(f64::NAN), "NaN");
    }

    #[test]
    fn json_as_go_writes_it() {
        let value = json!({"b": 1, "a": "<x>\u{8}", "c": [80.0, 1.5e-7, null, true]});
        assert_eq!(
            super::json(&value, MemberOrder::Sorted),
            r#"{"a":"\u003cx\u003e\b","b":1,"c":[80,1.5e-7,null,true]}"#
        );
        assert_eq!(
            super::json(&value, MemberOrder::AsHeld),
            r#"{"b":1,"a":"\u003cx\u003e\b","c":[80,1.5e-7,null,true]}"#
        );
        assert_eq!(quote("a\"b\n\u{200b}é"), r#""a\"b\n\u200bé""#);
    }

    #[test]
    fn decoded_values_as_go_prints_them() {
        let value = json!({"b": [1, 1e6, "x"], "a": null, "c": {"d": true}});
        assert_eq!(value_v(&value), "map[a:<nil> b:[1 1e+06 x] c:map[d:true]]");
    }
}
