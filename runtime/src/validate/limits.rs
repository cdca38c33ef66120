//! Presence, size, range, equality and enum checks: upstream's
//! `validate/required.go`, `limits.go`, `equality.go`, `enum.go` and
//! `immutable.go`, with the detail strings of `validate/content/errors.go`.

use crate::field::{BadValue, Error, ErrorList, Path, quote};

/// `+k8s:required`: `Required value` when the value is not `present`
/// (upstream's `RequiredValue`/`RequiredPointer`/`RequiredSlice`/`RequiredMap`:
/// a zero value, nil pointer or empty list/map is absent).
pub fn required_value(path: &Path, present: bool) -> ErrorList {
    if present {
        Vec::new()
    } else {
        vec![Error::required(path, "")]
    }
}

/// `+k8s:forbidden`: `Forbidden` when the value is `present` (upstream's
/// `ForbiddenValue` and friends).
pub fn forbidden_value(path: &Path, present: bool) -> ErrorList {
    if present {
        vec![Error::forbidden(path, "")]
    } else {
        Vec::new()
    }
}

/// `+k8s:maxLength`: at most `max` characters (Unicode scalar values, as
/// Go counts runes), else `Too long: may not be more than N characters`.
pub fn max_length(path: &Path, value: &str, max: usize) -> ErrorList {
    // Fewer bytes than the limit means fewer characters too.
    if value.len() <= max || value.chars().count() <= max {
        return Vec::new();
    }
    vec![Error::too_long_characters(path, value, max)]
}

/// `+k8s:maxBytes`: at most `max` bytes, else
/// `Too long: may not be more than N bytes`.
pub fn max_bytes(path: &Path, value: &str, max: usize) -> ErrorList {
    if value.len() <= max {
        return Vec::new();
    }
    vec![Error::too_long(path, BadValue::Omit, max)]
}

/// `+k8s:minLength`: at least `min` characters, else
/// `Too short: must be at least N characters`.
pub fn min_length(path: &Path, value: &str, min: usize) -> ErrorList {
    if value.chars().count() >= min {
        return Vec::new();
    }
    vec![Error::too_short(path, BadValue::Str(value.into()), min)]
}

/// `+k8s:maxItems`: a list of `len` items has at most `max`, else
/// `Too many: <len>: must have at most N items`.
pub fn max_items(path: &Path, len: usize, max: usize) -> ErrorList {
    if len <= max {
        return Vec::new();
    }
    vec![Error::too_many(path, Some(len), max)]
}

/// `+k8s:minItems`: a list of `len` items has at least `min`, else
/// `Too few: <len>: must have at least N items`.
pub fn min_items(path: &Path, len: usize, min: usize) -> ErrorList {
    if len >= min {
        return Vec::new();
    }
    vec![Error::too_few(path, len, min)]
}

/// `+k8s:maxProperties`: a map of `len` entries has at most `max`, else
/// `Too many: <len>: must have at most N items`.
pub fn max_properties(path: &Path, len: usize, max: usize) -> ErrorList {
    max_items(path, len, max)
}

/// `+k8s:minProperties`: a map of `len` entries has at least `min`, else
/// `Too few: <len>: must have at least N items`.
pub fn min_properties(path: &Path, len: usize, min: usize) -> ErrorList {
    min_items(path, len, min)
}

/// `+k8s:minimum`: `value >= min`, else
/// `Invalid value: <value>: must be greater than or equal to <min>`.
pub fn minimum(path: &Path, value: i64, min: i64) -> ErrorList {
    if value >= min {
        return Vec::new();
    }
    vec![Error::invalid(
        path,
        BadValue::Int(value),
        &format!("must be greater than or equal to {min}"),
    )]
}

/// `+k8s:maximum`: `value <= max`, else
/// `Invalid value: <value>: must be less than or equal to <max>`.
pub fn maximum(path: &Path, value: i64, max: i64) -> ErrorList {
    if value <= max {
        return Vec::new();
    }
    vec![Error::invalid(
        path,
        BadValue::Int(value),
        &format!("must be less than or equal to {max}"),
    )]
}

/// `+k8s:neq="x"`: `Invalid value: "x": must not be equal to "x"` when the
/// string equals `disallowed`.
pub fn neq_str(path: &Path, value: &str, disallowed: &str) -> ErrorList {
    if value != disallowed {
        return Vec::new();
    }
    vec![Error::invalid(
        path,
        BadValue::Str(value.into()),
        &format!("must not be equal to {}", quote(disallowed)),
    )]
}

/// `+k8s:neq=0`: `Invalid value: 0: must not be equal to 0` when the
/// integer equals `disallowed`.
pub fn neq_int(path: &Path, value: i64, disallowed: i64) -> ErrorList {
    if value != disallowed {
        return Vec::new();
    }
    vec![Error::invalid(
        path,
        BadValue::Int(value),
        &format!("must not be equal to {disallowed}"),
    )]
}

/// `+k8s:neq=true`: `Invalid value: true: must not be equal to true` when
/// the bool equals `disallowed`.
pub fn neq_bool(path: &Path, value: bool, disallowed: bool) -> ErrorList {
    if value != disallowed {
        return Vec::new();
    }
    vec![Error::invalid(
        path,
        BadValue::Bool(value),
        &format!("must not be equal to {disallowed}"),
    )]
}

/// `+k8s:enum`: `value` is one of `supported`, else
/// `Unsupported value: "x": supported values: "a", "b"` with the supported
/// values sorted (byte order, duplicates dropped) as upstream lists them.
pub fn enum_value(path: &Path, value: &str, supported: &[&str]) -> ErrorList {
    if supported.contains(&value) {
        return Vec::new();
    }
    let mut sorted = supported.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    vec![Error::not_supported(
        path,
        BadValue::Str(value.into()),
        &sorted,
    )]
}

/// `+k8s:immutable`: `Forbidden: field is immutable` when an update
/// `changed` the value (the caller compares old and new, and passes
/// `false` on create).
pub fn immutable(path: &Path, changed: bool) -> ErrorList {
    if changed {
        vec![Error::forbidden(path, "field is immutable")]
    } else {
        Vec::new()
    }
}

/// `apivalidation.ValidateImmutableField`, what hand-written (not
/// declarative) validation calls on update: `Invalid value: <new>: field
/// is immutable` when `new` differs from `old`, the new value printed as
/// upstream's `field.Error` prints it ([`BadValue::value_of`]: a nil
/// pointer as `null`, a string quoted, a struct as JSON). The declarative
/// `+k8s:immutable` is [`immutable`] (Forbidden, no value).
pub fn immutable_field<T: PartialEq + serde::Serialize + ?Sized>(
    path: &Path,
    new: &T,
    old: &T,
) -> ErrorList {
    if new == old {
        Vec::new()
    } else {
        vec![Error::invalid(
            path,
            BadValue::value_of(new),
            "field is immutable",
        )]
    }
}

#[cfg(test)]
mod tests {
    //! Expected strings: upstream `validate/limits_test.go`,
    //! `required.go`, `equality.go` (`content.NEQError`), `enum.go`,
    //! `immutable.go`, rendered by `field.Error.Error()`.

    use super::*;

    static SPEC: Path<'static> = Path::new("spec");

    fn path() -> Path<'static> {
        SPEC.child("f")
    }

    fn rendered(errs: ErrorList) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn required_and_forbidden() {
        assert!(required_value(&path(), true).is_empty());
        assert_eq!(
            rendered(required_value(&path(), false)),
            ["spec.f: Required value"]
        );
        assert!(forbidden_value(&path(), false).is_empty());
        assert_eq!(
            rendered(forbidden_value(&path(), true)),
            ["spec.f: Forbidden"]
        );
    }

    #[test]
    fn lengths_count_characters() {
        assert!(max_length(&path(), "abcdefghij", 10).is_empty());
        // Ten two-byte characters are ten characters.
        assert!(max_length(&path(), "©®©®©®©®©®", 10).is_empty());
        assert_eq!(
            rendered(max_length(&path(), "©®©®©®©®©®©", 10)),
            ["spec.f: Too long: may not be more than 10 characters"]
        );
        assert_eq!(
            rendered(max_length(&path(), "01", 1)),
            ["spec.f: Too long: may not be more than 1 character"]
        );
        assert!(max_bytes(&path(), "abc", 3).is_empty());
        assert_eq!(
            rendered(max_bytes(&path(), "©®", 3)),
            ["spec.f: Too long: may not be more than 3 bytes"]
        );
        assert!(min_length(&path(), "©®", 2).is_empty());
        assert_eq!(
            rendered(min_length(&path(), "©", 2)),
            ["spec.f: Too short: must be at least 2 characters"]
        );
        assert_eq!(
            rendered(min_length(&path(), "", 1)),
            ["spec.f: Too short: must be at least 1 character"]
        );
    }

    #[test]
    fn item_counts() {
        assert!(max_items(&path(), 1, 1).is_empty());
        assert_eq!(
            rendered(max_items(&path(), 2, 1)),
            ["spec.f: Too many: 2: must have at most 1 item"]
        );
        assert_eq!(
            rendered(max_items(&path(), 3, 2)),
            ["spec.f: Too many: 3: must have at most 2 items"]
        );
        assert!(min_items(&path(), 1, 1).is_empty());
        assert_eq!(
            rendered(min_items(&path(), 0, 1)),
            ["spec.f: Too few: 0: must have at least 1 item"]
        );
        assert!(max_properties(&path(), 0, 0).is_empty());
        assert_eq!(
            rendered(max_properties(&path(), 1, 0)),
            ["spec.f: Too many: 1: must have at most 0 items"]
        );
        assert_eq!(
            rendered(min_properties(&path(), 1, 2)),
            ["spec.f: Too few: 1: must have at least 2 items"]
        );
    }

    #[test]
    fn ranges() {
        assert!(minimum(&path(), 0, 0).is_empty());
        assert_eq!(
            rendered(minimum(&path(), -1, 0)),
            ["spec.f: Invalid value: -1: must be greater than or equal to 0"]
        );
        assert!(maximum(&path(), 5, 5).is_empty());
        assert_eq!(
            rendered(maximum(&path(), 6, 5)),
            ["spec.f: Invalid value: 6: must be less than or equal to 5"]
        );
        assert_eq!(
            rendered(maximum(&path(), -1, -2)),
            ["spec.f: Invalid value: -1: must be less than or equal to -2"]
        );
    }

    #[test]
    fn neq() {
        assert!(neq_str(&path(), "ok", "disallowed").is_empty());
        assert_eq!(
            rendered(neq_str(&path(), "disallowed", "disallowed")),
            [r#"spec.f: Invalid value: "disallowed": must not be equal to "disallowed""#]
        );
        assert!(neq_int(&path(), 1, 0).is_empty());
        assert_eq!(
            rendered(neq_int(&path(), 0, 0)),
            ["spec.f: Invalid value: 0: must not be equal to 0"]
        );
        assert!(neq_bool(&path(), false, true).is_empty());
        assert_eq!(
            rendered(neq_bool(&path(), true, true)),
            ["spec.f: Invalid value: true: must not be equal to true"]
        );
    }

    #[test]
    fn enums_list_sorted_values() {
        assert!(enum_value(&path(), "B", &["B", "A"]).is_empty());
        assert_eq!(
            rendered(enum_value(&path(), "C", &["b", "A", "B", "A"])),
            [r#"spec.f: Unsupported value: "C": supported values: "A", "B", "b""#]
        );
        assert_eq!(
            rendered(enum_value(&path(), "", &["A"])),
            [r#"spec.f: Unsupported value: "": supported values: "A""#]
        );
    }

    #[test]
    fn immutability() {
        assert!(immutable(&path(), false).is_empty());
        assert_eq!(
            rendered(immutable(&path(), true)),
            ["spec.f: Forbidden: field is immutable"]
        );
        // ValidateImmutableField: Invalid, with the new value as
        // `field.Error` prints it.
        assert!(immutable_field(&path(), "a", "a").is_empty());
        assert_eq!(
            rendered(immutable_field(&path(), "b", "a")),
            [r#"spec.f: Invalid value: "b": field is immutable"#]
        );
        assert_eq!(
            rendered(immutable_field(&path(), &None::<i32>, &Some(5))),
            ["spec.f: Invalid value: null: field is immutable"]
        );
        assert_eq!(
            rendered(immutable_field(
                &path(),
                &serde_json::json!({"k": ["v"]}),
                &serde_json::json!({})
            )),
            [r#"spec.f: Invalid value: {"k":["v"]}: field is immutable"#]
        );
    }
}
