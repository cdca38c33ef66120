//! JSON values as structured-merge-diff sees them: the total order of
//! `value.Compare` (`value/value.go`), the human form of `value.ToString`
//! (used in conflict paths such as `[name="http"]`), and the text Go's
//! `encoding/json` (and json-iterator's standard-library-compatible
//! configuration) writes, which is what FieldsV1 keys and the
//! last-applied annotation embed.

use std::cmp::Ordering;

use serde_json::{Map, Number, Value};

/// A JSON number as Go's unstructured decoding holds it: an integer or a
/// float.
#[derive(Clone, Copy)]
enum Num {
    Int(i128),
    Float(f64),
}

fn num(n: &Number) -> Num {
    if let Some(i) = n.as_i64() {
        Num::Int(i128::from(i))
    } else if let Some(u) = n.as_u64() {
        Num::Int(i128::from(u))
    } else {
        // `-0.0` is `0.0`, as Go's `==` has it: `total_cmp` tells them
        // apart, which made `0`, `0.0` and `-0.0` no order (`0` equal to
        // both, one less than the other), and a sort of such values panic.
        Num::Float(n.as_f64().unwrap_or(0.0) + 0.0)
    }
}

fn compare_numbers(a: &Number, b: &Number) -> Ordering {
    match (num(a), num(b)) {
        (Num::Int(x), Num::Int(y)) => x.cmp(&y),
        (Num::Int(x), Num::Float(y)) => int_against_float(x, y),
        (Num::Float(x), Num::Int(y)) => int_against_float(y, x).reverse(),
        (Num::Float(x), Num::Float(y)) => x.total_cmp(&y),
    }
}

/// An integer against a float, exactly. Upstream compares them as
/// `float64(int)`, which rounds above 2^53 and so is no order (`2^53 + 1`
/// equals `2^53` as a float, which equals `2^53`): Go's sort takes that,
/// Rust's may panic on it. They differ only where the rounding does.
fn int_against_float(x: i128, y: f64) -> Ordering {
    // JSON numbers are finite; a float this large is beyond any i128.
    const BEYOND: f64 = 1.7e38;
    if y.is_nan() || y >= BEYOND {
        return Ordering::Less;
    }
    if y <= -BEYOND {
        return Ordering::Greater;
    }
    let whole = y.trunc();
    // Exact: a float's whole part within i128's range is an integer.
    x.cmp(&(whole as i128))
        .then_with(|| 0.0f64.total_cmp(&(y - whole)))
}

/// The rank of a value's kind in `value.Compare`: numbers, strings, bools,
/// lists, maps, null.
fn rank(v: &Value) -> u8 {
    match v {
        Value::Number(_) => 0,
        Value::String(_) => 1,
        Value::Bool(_) => 2,
        Value::Array(_) => 3,
        Value::Object(_) => 4,
        Value::Null => 5,
    }
}

/// `value.Compare`: a total order over values of any kind; integers and
/// floats compare numerically.
pub(crate) fn compare(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => compare_numbers(x, y),
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Array(x), Value::Array(y)) => compare_lists(x, y),
        (Value::Object(x), Value::Object(y)) => compare_maps(x, y),
        _ => rank(a).cmp(&rank(b)),
    }
}

fn compare_lists(a: &[Value], b: &[Value]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let c = compare(x, y);
        if c != Ordering::Equal {
            return c;
        }
    }
    a.len().cmp(&b.len())
}

/// `value.MapCompare`: keys zipped in lexical order; a map missing a key
/// the other has at that position sorts after it.
fn compare_maps(a: &Map<String, Value>, b: &Map<String, Value>) -> Ordering {
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    for (i, key) in keys.into_iter().enumerate() {
        let c = if i == a.len() {
            Ordering::Less
        } else if i == b.len() {
            Ordering::Greater
        } else {
            match (a.get(key), b.get(key)) {
                (None, _) => Ordering::Greater,
                (_, None) => Ordering::Less,
                (Some(x), Some(y)) => compare(x, y),
            }
        };
        if c != Ordering::Equal {
            return c;
        }
    }
    Ordering::Equal
}

/// `value.Equals`: deep equality under [`compare`]. Values serde_json
/// finds equal (same numbers, maps in any order) are equal without
/// sorting keys.
pub(crate) fn equal(a: &Value, b: &Value) -> bool {
    identical(a, b) || compare(a, b) == Ordering::Equal
}

/// `a == b`, serde_json's equality (maps equal in any key order), decided
/// without hashing a key when both maps hold their keys in the same order,
/// as two trees written from one Rust type do: their entries are compared
/// pairwise. From the first entry where the keys of two maps differ, each
/// remaining key of `a` is looked up in `b`, and the values found are
/// compared the same way (maps below in one key order still pairwise).
pub(crate) fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(l), Value::Object(r)) => {
            if l.len() != r.len() {
                return false;
            }
            for (at, ((lk, lv), (rk, rv))) in l.iter().zip(r).enumerate() {
                if lk != rk {
                    // The keys before `at` are the same on both sides, so
                    // the rest of `l`'s are in the rest of `r` if anywhere;
                    // with equal lengths and unique keys, finding each one
                    // with an identical value is map equality.
                    return l
                        .iter()
                        .skip(at)
                        .all(|(k, v)| r.get(k).is_some_and(|w| identical(v, w)));
                }
                if !identical(lv, rv) {
                    return false;
                }
            }
            true
        }
        (Value::Array(l), Value::Array(r)) => {
            l.len() == r.len() && l.iter().zip(r).all(|(x, y)| identical(x, y))
        }
        _ => a == b,
    }
}

/// `value.ToString`: strings quoted as Go's `%q`, numbers and bools as
/// `%v`, lists as `[a,b]`, maps as `k=v` pairs.
pub(crate) fn to_human(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match num(n) {
            Num::Int(i) => i.to_string(),
            Num::Float(f) => runtime::go::float(f),
        },
        Value::String(s) => runtime::field::quote(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(to_human).collect();
            format!("[{}]", parts.join(","))
        }
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| format!("{k}={}", to_human(v)))
            .collect::<Vec<_>>()
            .join(""),
    }
}

/// Go's `encoding/json` text of an unstructured value: compact, object keys
/// sorted.
pub(crate) fn go_json(v: &Value) -> String {
    runtime::go::json(v, runtime::go::MemberOrder::Sorted)
}

#[cfg(test)]
mod tests {
    use super::super::fieldset::PathElement;
    use super::*;
    use serde_json::json;

    /// Integers and floats compare exactly, so around 2^53, where a float
    /// cannot tell neighbouring integers apart, the order is still one:
    /// every triple is transitive and a sort of many of them (which may
    /// panic on a comparison that is no order) orders them.
    #[test]
    fn numbers_compare_exactly_around_two_to_the_53() {
        let big = 1i64 << 53;
        let mut values: Vec<Value> = (-3..=3)
            .flat_map(|d| [json!(big + d), json!((big + d) as f64), json!(-(big + d))])
            .chain([
                json!(0.5),
                json!(-0.5),
                json!(0),
                json!(1.5),
                json!(1),
                json!(2),
            ])
            .collect();
        assert_eq!(
            compare(&json!(big + 1), &json!(big as f64)),
            Ordering::Greater
        );
        assert_eq!(compare(&json!(big as f64), &json!(big)), Ordering::Equal);
        assert_eq!(compare(&json!(1), &json!(1.5)), Ordering::Less);
        assert_eq!(compare(&json!(-1), &json!(-1.5)), Ordering::Greater);
        for a in &values {
            for b in &values {
                assert_eq!(compare(a, b), compare(b, a).reverse(), "{a} {b}");
                for c in &values {
                    if compare(a, b).is_le() && compare(b, c).is_le() {
                        assert!(compare(a, c).is_le(), "{a} <= {b} <= {c}");
                    }
                }
            }
        }
        values.sort_by(compare);
        assert!(values.windows(2).all(|w| compare(&w[0], &w[1]).is_le()));
    }

    /// `0`, `0.0` and `-0.0` are one value, as Go compares them: a sort of
    /// them (a server-side apply's set of numbers, FieldsV1 keys `v:-0.0`
    /// from a request's managed fields) once panicked, `-0.0` being less
    /// than `0.0` while `0` equalled both. The sequence is one the sort
    /// panicked on.
    #[test]
    fn signed_zeros_are_zero() {
        assert_eq!(compare(&json!(-0.0), &json!(0.0)), Ordering::Equal);
        assert_eq!(compare(&json!(-0.0), &json!(0)), Ordering::Equal);
        assert_eq!(compare(&json!(-0.0), &json!(-0.5)), Ordering::Greater);
        assert_eq!(compare(&json!(-0.0), &json!(1)), Ordering::Less);
        let zeros = [
            "0.0", "-0.0", "0.0", "0.0", "0.0", "0", "-0.0", "0", "-0.0", "0.0", "0.0", "0.0",
            "0.0", "0", "0.0", "0.0", "0", "0.0", "0", "-0.0", "0",
        ];
        let mut values: Vec<Value> = zeros
            .iter()
            .map(|z| serde_json::from_str(z).unwrap())
            .collect();
        values.sort_by(compare);
        values.sort_unstable_by(compare);
        let elements: Vec<PathElement> = values.into_iter().map(PathElement::Value).collect();
        let mut sorted = elements.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 1);
    }

    /// `identical` is serde_json's `==`: maps in the same key order are
    /// compared pairwise, maps in another order by lookup.
    #[test]
    fn identical_is_serde_json_equality() {
        let cases = [
            (
                json!({"a": 1, "b": [1, {"c": "x"}]}),
                json!({"a": 1, "b": [1, {"c": "x"}]}),
            ),
            (json!({"a": 1, "b": 2}), json!({"b": 2, "a": 1})),
            (
                json!({"a": {"x": 1, "y": 2}}),
                json!({"a": {"y": 2, "x": 1}}),
            ),
            (json!({"a": 1, "b": 2}), json!({"a": 1, "b": 3})),
            (json!({"a": 1, "b": 2}), json!({"b": 3, "a": 1})),
            (json!({"a": 1}), json!({"a": 1, "b": 2})),
            (json!({"a": 1, "b": 2}), json!({"a": 1, "c": 2})),
            (
                json!({"a": 1, "b": {"x": [1, {"p": 1, "q": 2}], "y": 2}, "c": 3}),
                json!({"a": 1, "c": 3, "b": {"x": [1, {"p": 1, "q": 2}], "y": 2}}),
            ),
            (
                json!({"a": 1, "b": {"x": [1, {"p": 1, "q": 2}], "y": 2}, "c": 3}),
                json!({"a": 1, "c": 3, "b": {"y": 2, "x": [1, {"q": 2, "p": 1}]}}),
            ),
            (
                json!({"a": 1, "b": {"x": [1, {"p": 1, "q": 2}], "y": 2}, "c": 3}),
                json!({"a": 1, "c": 3, "b": {"x": [1, {"p": 1, "q": 3}], "y": 2}}),
            ),
            (
                json!({"a": 1, "b": 2, "c": 3}),
                json!({"a": 1, "c": 3, "d": 2}),
            ),
            (json!({"a": 1, "b": 2}), json!({"b": 2, "a": 1.0})),
            (json!([1, 2]), json!([2, 1])),
            (json!([1]), json!([1, 1])),
            (json!(1), json!(1.0)),
            (json!("1"), json!(1)),
            (Value::Null, Value::Null),
        ];
        for (a, b) in &cases {
            assert_eq!(identical(a, b), a == b, "{a} and {b}");
            assert_eq!(identical(b, a), b == a, "{b} and {a}");
        }
    }

    #[test]
    fn order_follows_value_compare() {
        // value/less_test.go: numbers < strings < bools < lists < maps < null,
        // ints and floats compared numerically.
        let ordered = [
            json!(1),
            json!(1.5),
            json!(2),
            json!("a"),
            json!(false),
            json!(true),
            json!([1]),
            json!({"a": 1}),
            Value::Null,
        ];
        for pair in ordered.windows(2) {
            assert_eq!(compare(&pair[0], &pair[1]), Ordering::Less, "{pair:?}");
        }
        assert!(equal(&json!(1), &json!(1.0)));
    }

    #[test]
    fn go_text_forms() {
        assert_eq!(
            go_json(&json!({"b": 1, "a": "<x>"})),
            r#"{"a":"\u003cx\u003e","b":1}"#
        );
        assert_eq!(go_json(&json!(80.0)), "80");
        assert_eq!(go_json(&json!(1.5e-7)), "1.5e-7");
        assert_eq!(go_json(&json!(1e21)), "1e+21");
        assert_eq!(to_human(&json!("http")), "\"http\"");
        assert_eq!(to_human(&json!(8080)), "8080");
        assert_eq!(runtime::field::quote("a\"b\n"), r#""a\"b\n""#);
    }
}
