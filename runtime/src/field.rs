//! Field paths and field errors, as Kubernetes reports validation failures.
//!
//! Mirrors `k8s.io/apimachinery/pkg/util/validation/field`: [`Path`] is
//! `path.go` (`spec.ports[0].name`, `metadata.labels[key]`), [`Error`] and
//! [`ErrorType`] are `errors.go`, and [`Error::message`] renders exactly what
//! upstream's `ErrorBody()` does:
//!
//! - `Required value`, `Forbidden`, `Too long`, `Too short` and
//!   `Internal error` print the type text only, never the value;
//! - the other types print `<type text>: <value>` unless the value is
//!   omitted, with strings quoted as Go's `%q`, integers, floats and bools
//!   plain (floats as Go's `%v`), and anything else as Go's `json.Marshal`;
//! - a non-empty detail follows as `: <detail>`.
//!
//! [`to_causes`] turns errors into the `details.causes` the server renders
//! (`{reason, message, field}`, as `apierrors.NewInvalid` builds them).

use std::fmt;

use serde_json::Value;

use crate::meta::CauseType;

/// One step of a [`Path`]: a field name, or a subscript (list index or map
/// key) of the step before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Segment<'a> {
    Name(&'a str),
    Index(usize),
    Key(&'a str),
}

/// The path from the root of an object to one field (upstream's
/// `field.Path`).
///
/// A path borrows the path it extends, as upstream's `*Path` points at its
/// parent, so making a child costs nothing on the heap: validation walks an
/// object building a path per field and prints one only for an error
/// ([`Error`] holds the printed text).
///
/// Prints as upstream's `Path.String()`: names joined by `.`, subscripts
/// appended as `[i]` or `[key]` (keys unquoted):
///
/// ```
/// use runtime::field::Path;
/// let spec = Path::new("spec");
/// let ports = spec.child("ports");
/// let first = ports.index(0);
/// assert_eq!(first.child("name").to_string(), "spec.ports[0].name");
/// let labels = Path::new("metadata");
/// assert_eq!(labels.child("labels").key("app").to_string(), "metadata.labels[app]");
/// assert_eq!(Path::root().child("spec").to_string(), "spec");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    /// `None` only for [`Path::root`].
    segment: Option<Segment<'a>>,
}

impl<'a> Path<'a> {
    /// A path of one root segment: `Path::new("spec")` prints `spec`.
    pub const fn new(name: &'a str) -> Path<'a> {
        Path {
            parent: None,
            segment: Some(Segment::Name(name)),
        }
    }

    /// The empty path, printing `""`: the object itself. Its children print
    /// without a leading dot (`Path::root().child("spec")` is `spec`), as
    /// children of upstream's nil `*Path` do.
    pub const fn root() -> Path<'static> {
        Path {
            parent: None,
            segment: None,
        }
    }

    /// Whether this is [`Path::root`].
    pub fn is_root(&self) -> bool {
        self.segment.is_none()
    }

    /// The field `name` of this path: `spec` → `spec.replicas`.
    ///
    /// An empty name prints as an empty subscript (`[]`), as upstream's does.
    pub fn child<'s>(&'s self, name: &'s str) -> Path<'s> {
        self.with(Segment::Name(name))
    }

    /// [`Path::child`] for a name known at compile time (generated code's
    /// JSON field names).
    pub fn field(&self, name: &'static str) -> Path<'_> {
        self.with(Segment::Name(name))
    }

    /// Item `i` of the list at this path: `spec.ports` → `spec.ports[0]`.
    pub fn index(&self, i: usize) -> Path<'_> {
        self.with(Segment::Index(i))
    }

    /// Entry `k` of the map at this path, unquoted:
    /// `metadata.labels` → `metadata.labels[app]`.
    pub fn key<'s>(&'s self, k: &'s str) -> Path<'s> {
        self.with(Segment::Key(k))
    }

    fn with<'s>(&'s self, segment: Segment<'s>) -> Path<'s> {
        Path {
            // The root has nothing to print: its children start a path.
            parent: (!self.is_root()).then_some(self),
            segment: Some(segment),
        }
    }

    /// The segments from the root down.
    fn segments(&self) -> Vec<Segment<'a>> {
        let mut segments = Vec::new();
        let mut node = Some(self);
        while let Some(n) = node {
            segments.extend(n.segment);
            node = n.parent;
        }
        segments.reverse();
        segments
    }
}

/// Paths are equal when they print the same segments.
impl PartialEq for Path<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.segments() == other.segments()
    }
}

impl Eq for Path<'_> {}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, segment) in self.segments().into_iter().enumerate() {
            match segment {
                Segment::Name(name) if !name.is_empty() => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    f.write_str(name)?;
                }
                // Upstream stores a subscript as an element with an empty
                // name, so an empty name prints as an empty subscript.
                Segment::Name(_) => f.write_str("[]")?,
                Segment::Index(i) => write!(f, "[{i}]")?,
                Segment::Key(k) => write!(f, "[{k}]")?,
            }
        }
        Ok(())
    }
}

/// Why a field is invalid (upstream's `field.ErrorType`): the reason
/// machines read ([`ErrorType::reason`]) and the text people read
/// ([`ErrorType::text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorType {
    /// A value that was looked up was not found (`FieldValueNotFound`).
    NotFound,
    /// A required value is missing (`FieldValueRequired`).
    Required,
    /// A value that must be unique is repeated (`FieldValueDuplicate`).
    Duplicate,
    /// A malformed or out-of-range value (`FieldValueInvalid`).
    Invalid,
    /// A value outside an enumeration (`FieldValueNotSupported`).
    NotSupported,
    /// A value not permitted under the current conditions
    /// (`FieldValueForbidden`).
    Forbidden,
    /// A value that is too long; the value is not printed
    /// (`FieldValueTooLong`).
    TooLong,
    /// A list or map with too many items (`FieldValueTooMany`).
    TooMany,
    /// An error not caused by user input (`InternalError`).
    Internal,
    /// A value whose type does not match the schema
    /// (`FieldValueTypeInvalid`).
    TypeInvalid,
    /// A value that is too short; the value is not printed
    /// (`FieldValueTooShort`).
    TooShort,
    /// A list or map with too few items (`FieldValueTooFew`).
    TooFew,
}

impl ErrorType {
    /// The machine-readable reason, as `details.causes[].reason` carries it:
    /// `FieldValueInvalid`, `FieldValueRequired`, ..., `InternalError`.
    pub fn reason(&self) -> CauseType {
        match self {
            ErrorType::NotFound => CauseType::FieldValueNotFound,
            ErrorType::Required => CauseType::FieldValueRequired,
            ErrorType::Duplicate => CauseType::FieldValueDuplicate,
            ErrorType::Invalid => CauseType::FieldValueInvalid,
            ErrorType::NotSupported => CauseType::FieldValueNotSupported,
            ErrorType::Forbidden => CauseType::FieldValueForbidden,
            ErrorType::TooLong => CauseType::FieldValueTooLong,
            ErrorType::TooMany => CauseType::FieldValueTooMany,
            ErrorType::Internal => CauseType::InternalError,
            ErrorType::TypeInvalid => CauseType::FieldValueTypeInvalid,
            ErrorType::TooShort => CauseType::FieldValueTooShort,
            ErrorType::TooFew => CauseType::FieldValueTooFew,
        }
    }

    /// The human-readable text that starts a message (upstream's
    /// `ErrorType.String()`): `Invalid value`, `Required value`, ...
    pub fn text(&self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::Internal => "Internal error",
            ErrorType::TooShort => "Too short",
            ErrorType::TooFew => "Too few",
        }
    }

    /// Whether messages of this type leave the value out.
    fn omits_value(&self) -> bool {
        matches!(
            self,
            ErrorType::Required
                | ErrorType::Forbidden
                | ErrorType::TooLong
                | ErrorType::TooShort
                | ErrorType::Internal
        )
    }
}

impl fmt::Display for ErrorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The offending value of an [`Error`], printed as upstream prints its
/// `BadValue`.
#[derive(Clone, Debug, PartialEq)]
pub enum BadValue {
    /// No value: the message is the type text alone (upstream's
    /// `omitValue`).
    Omit,
    /// A string, printed as Go's `%q`: `"a\"b"`.
    Str(String),
    /// An integer, printed plain: `3`.
    Int(i64),
    /// A float, printed as Go's `%v`: `1.5`, `1e+06`.
    Float(f64),
    /// A bool, printed plain: `true`.
    Bool(bool),
    /// Any other value, printed as Go's `json.Marshal` would (object keys
    /// in the value's order, `<`, `>`, `&` escaped); `Value::Null` prints
    /// `null`, as a Go `nil` does.
    Json(Value),
    /// Printed as is, e.g. a Go literal such as `[]string{"Foo"}`.
    GoLiteral(String),
}

impl BadValue {
    /// The value of a JSON scalar as upstream would hold the typed field:
    /// strings become [`BadValue::Str`], integers [`BadValue::Int`], other
    /// numbers [`BadValue::Float`], bools [`BadValue::Bool`]; anything else
    /// (null, arrays, objects, integers beyond `i64`) stays JSON.
    pub fn from_json(value: &Value) -> BadValue {
        match value {
            Value::String(s) => BadValue::Str(s.clone()),
            Value::Bool(b) => BadValue::Bool(*b),
            Value::Number(n) => match (n.as_i64(), n.as_f64()) {
                (Some(i), _) => BadValue::Int(i),
                (None, Some(f)) if !n.is_u64() => BadValue::Float(f),
                _ => BadValue::Json(value.clone()),
            },
            _ => BadValue::Json(value.clone()),
        }
    }

    /// A serializable value as its typed Go field prints: through its JSON
    /// form and [`BadValue::from_json`] (a string as `"a"`, a number plain,
    /// a struct as JSON).
    pub fn value_of<T: serde::Serialize + ?Sized>(value: &T) -> BadValue {
        BadValue::from_json(&serde_json::to_value(value).unwrap_or(Value::Null))
    }

    /// A serializable value (a struct, a list item) printed as JSON, as
    /// upstream prints a struct; `null` if it cannot be serialized.
    pub fn json_of<T: serde::Serialize + ?Sized>(value: &T) -> BadValue {
        BadValue::Json(serde_json::to_value(value).unwrap_or(Value::Null))
    }

    /// The printed value, or `None` when omitted.
    fn render(&self) -> Option<String> {
        match self {
            BadValue::Omit => None,
            BadValue::Str(s) => Some(quote(s)),
            BadValue::Int(i) => Some(i.to_string()),
            BadValue::Float(f) => Some(crate::go::float(*f)),
            BadValue::Bool(b) => Some(b.to_string()),
            BadValue::Json(v) => {
                let mut out = String::new();
                crate::go::write_json(v, crate::go::MemberOrder::AsHeld, &mut out);
                Some(out)
            }
            BadValue::GoLiteral(s) => Some(s.clone()),
        }
    }
}

impl From<&str> for BadValue {
    fn from(s: &str) -> Self {
        BadValue::Str(s.to_string())
    }
}

impl From<String> for BadValue {
    fn from(s: String) -> Self {
        BadValue::Str(s)
    }
}

impl From<&String> for BadValue {
    fn from(s: &String) -> Self {
        BadValue::Str(s.clone())
    }
}

impl From<i64> for BadValue {
    fn from(i: i64) -> Self {
        BadValue::Int(i)
    }
}

impl From<i32> for BadValue {
    fn from(i: i32) -> Self {
        BadValue::Int(i.into())
    }
}

impl From<f64> for BadValue {
    fn from(f: f64) -> Self {
        BadValue::Float(f)
    }
}

impl From<bool> for BadValue {
    fn from(b: bool) -> Self {
        BadValue::Bool(b)
    }
}

impl From<Value> for BadValue {
    /// Kept as JSON as is; see [`BadValue::from_json`] to print scalars as
    /// typed values.
    fn from(v: Value) -> Self {
        BadValue::Json(v)
    }
}

/// One field error (upstream's `field.Error`).
///
/// Displays as upstream's `Error()`: `<field>: <message>`, e.g.
/// `spec.replicas: Invalid value: -1: must be greater than or equal to 0`.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    /// Why the field is invalid.
    pub error_type: ErrorType,
    /// The field's path, as [`Path`] prints it.
    pub field: String,
    /// The offending value (printed only for some types).
    pub bad_value: BadValue,
    /// What is wrong; empty for none.
    pub detail: String,
    /// Set for validations marked `+k8s:declarativeValidationNative`: the
    /// error comes from declarative validation only and is always enforced.
    pub declarative_native: bool,
}

impl Error {
    /// An error of any type; the constructors below build the usual ones.
    pub fn new(error_type: ErrorType, path: &Path, bad_value: BadValue, detail: &str) -> Error {
        Error {
            error_type,
            field: path.to_string(),
            bad_value,
            detail: detail.to_string(),
            declarative_native: false,
        }
    }

    /// `Required value[: detail]`: a required value is missing.
    pub fn required(path: &Path, detail: &str) -> Error {
        Error::new(
            ErrorType::Required,
            path,
            BadValue::Str(String::new()),
            detail,
        )
    }

    /// `Forbidden[: detail]`: the value may not be set.
    pub fn forbidden(path: &Path, detail: &str) -> Error {
        Error::new(
            ErrorType::Forbidden,
            path,
            BadValue::Str(String::new()),
            detail,
        )
    }

    /// `Invalid value: <value>[: detail]`.
    pub fn invalid(path: &Path, value: BadValue, detail: &str) -> Error {
        Error::new(ErrorType::Invalid, path, value, detail)
    }

    /// One `Invalid` error at `path` for each message a string check gave
    /// about `value`, as upstream writes `for _, msg := range
    /// validation.IsDNS1123Subdomain(v) { field.Invalid(path, v, msg) }`.
    pub fn invalid_each<M: AsRef<str>>(
        path: &Path,
        value: &str,
        messages: impl IntoIterator<Item = M>,
    ) -> ErrorList {
        // Most checked values are valid: no messages, nothing to build.
        let mut messages = messages.into_iter().peekable();
        if messages.peek().is_none() {
            return Vec::new();
        }
        messages
            .map(|m| Error::invalid(path, BadValue::Str(value.to_string()), m.as_ref()))
            .collect()
    }

    /// `Invalid value: <value>[: detail]` with reason
    /// `FieldValueTypeInvalid`: the value does not match the schema type.
    pub fn type_invalid(path: &Path, value: BadValue, detail: &str) -> Error {
        Error::new(ErrorType::TypeInvalid, path, value, detail)
    }

    /// `Unsupported value: <value>: supported values: "a", "b"`, the valid
    /// values quoted in the order given; with none given, no detail.
    pub fn not_supported(path: &Path, value: BadValue, valid: &[&str]) -> Error {
        let detail = if valid.is_empty() {
            String::new()
        } else {
            let quoted: Vec<String> = valid.iter().map(|v| quote(v)).collect();
            format!("supported values: {}", quoted.join(", "))
        };
        Error::new(ErrorType::NotSupported, path, value, &detail)
    }

    /// `Duplicate value: <value>`.
    pub fn duplicate(path: &Path, value: BadValue) -> Error {
        Error::new(ErrorType::Duplicate, path, value, "")
    }

    /// `Not found: <value>`.
    pub fn not_found(path: &Path, value: BadValue) -> Error {
        Error::new(ErrorType::NotFound, path, value, "")
    }

    /// `Too long: may not be more than N bytes` (`1 byte`), as upstream's
    /// `TooLong`; the value is never printed (upstream ignores it too and
    /// stores `"<value omitted>"`).
    pub fn too_long(path: &Path, _value: BadValue, max: usize) -> Error {
        let unit = if max == 1 { "byte" } else { "bytes" };
        Error::new(
            ErrorType::TooLong,
            path,
            BadValue::Str("<value omitted>".into()),
            &format!("may not be more than {max} {unit}"),
        )
    }

    /// `Too long: may not be more than N characters` (`1 character`), as
    /// upstream's `TooLongCharacters` (what `+k8s:maxLength` reports); the
    /// value is never printed.
    pub fn too_long_characters(path: &Path, _value: &str, max: usize) -> Error {
        let unit = if max == 1 { "character" } else { "characters" };
        Error::new(
            ErrorType::TooLong,
            path,
            BadValue::Str("<value omitted>".into()),
            &format!("may not be more than {max} {unit}"),
        )
    }

    /// `Too many: <actual>: must have at most N items` (`1 item`), or
    /// `Too many: must have at most N items` when `actual` is `None`.
    pub fn too_many(path: &Path, actual: Option<usize>, max: usize) -> Error {
        let unit = if max == 1 { "item" } else { "items" };
        Error::new(
            ErrorType::TooMany,
            path,
            actual.map_or(BadValue::Omit, count),
            &format!("must have at most {max} {unit}"),
        )
    }

    /// `Too few: <actual>: must have at least N items` (`1 item`).
    pub fn too_few(path: &Path, actual: usize, min: usize) -> Error {
        let unit = if min == 1 { "item" } else { "items" };
        Error::new(
            ErrorType::TooFew,
            path,
            count(actual),
            &format!("must have at least {min} {unit}"),
        )
    }

    /// `Too short: must be at least N characters` (`1 character`); the
    /// value is kept but never printed.
    pub fn too_short(path: &Path, value: BadValue, min: usize) -> Error {
        let unit = if min == 1 { "character" } else { "characters" };
        Error::new(
            ErrorType::TooShort,
            path,
            value,
            &format!("must be at least {min} {unit}"),
        )
    }

    /// `Internal error: <detail>`: a failure not caused by user input.
    pub fn internal(path: &Path, detail: &str) -> Error {
        Error::new(ErrorType::Internal, path, BadValue::Omit, detail)
    }

    /// Marks the error as coming from a `+k8s:declarativeValidationNative`
    /// validation.
    pub fn mark_declarative_native(mut self) -> Error {
        self.declarative_native = true;
        self
    }

    /// The message without the field (upstream's `ErrorBody()`):
    /// `Invalid value: "x": detail`, `Required value`,
    /// `Unsupported value: "x": supported values: "a", "b"`,
    /// `Too many: 3: must have at most 2 items`.
    pub fn message(&self) -> String {
        let text = self.error_type.text();
        let mut s = match self.bad_value.render() {
            Some(value) if !self.error_type.omits_value() => format!("{text}: {value}"),
            _ => text.to_string(),
        };
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message())
    }
}

impl std::error::Error for Error {}

/// One cause of an error (`StatusCause`): for `Invalid`, one field error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cause {
    /// `FieldValueInvalid`, `FieldValueRequired`, `FieldManagerConflict`...;
    /// none for an internal error's cause, which has a message only.
    pub reason: Option<CauseType>,
    /// Human-readable message.
    pub message: String,
    /// The field path: `spec.ports[0].name`.
    pub field: String,
}

/// A list of field errors; empty when valid.
pub type ErrorList = Vec<Error>;

/// The errors as the server's `details.causes`: reason from the error type,
/// message from [`Error::message`], field as is (one cause per error, as
/// `apierrors.NewInvalid` builds them).
pub fn to_causes(errors: &[Error]) -> Vec<Cause> {
    errors
        .iter()
        .map(|e| Cause {
            reason: Some(e.error_type.reason()),
            message: e.message(),
            field: e.field.clone(),
        })
        .collect()
}

/// The errors as one line, as upstream's `ErrorList.ToAggregate().Error()`
/// prints them for an `Invalid` status message: repeated messages dropped,
/// one error as is, several as `[e1, e2]`, none as `""`.
pub fn aggregate(errors: &[Error]) -> String {
    aggregate_messages(errors.iter().map(Error::to_string))
}

/// Messages as one line, as upstream's `utilerrors.NewAggregate(errs).Error()`
/// prints any errors (an admission plugin's, `aggregate`'s field errors):
/// repeated messages dropped, one as is, several as `[m1, m2]`, none as `""`.
pub fn aggregate_messages(messages: impl IntoIterator<Item = String>) -> String {
    let mut seen = std::collections::HashSet::new();
    let messages: Vec<String> = messages
        .into_iter()
        .filter(|m| seen.insert(m.clone()))
        .collect();
    match messages.len() {
        1 => messages[0].clone(),
        0 => String::new(),
        _ => format!("[{}]", messages.join(", ")),
    }
}

fn count(n: usize) -> BadValue {
    i64::try_from(n).map_or_else(|_| BadValue::GoLiteral(n.to_string()), BadValue::Int)
}

pub use crate::go::quote;

#[cfg(test)]
mod tests {
    //! Expected strings come from upstream's `errors.go`/`errors_test.go`
    //! and `path.go` (k8s.io/apimachinery/pkg/util/validation/field) and
    //! the table in /work/shared/KUBECTL.md ("Field error strings").

    use super::*;
    use serde_json::json;

    fn p(s: &str) -> Path<'_> {
        Path::new(s)
    }

    #[test]
    fn paths_print_as_upstream() {
        // path.go String(): names joined by ".", subscripts as "[x]".
        assert_eq!(Path::root().to_string(), "");
        assert!(Path::root().is_root());
        assert_eq!(p("spec").to_string(), "spec");
        assert_eq!(p("spec").child("replicas").to_string(), "spec.replicas");
        assert_eq!(
            p("spec").child("ports").index(0).child("name").to_string(),
            "spec.ports[0].name"
        );
        assert_eq!(
            p("metadata")
                .child("labels")
                .key("app.kubernetes.io/name")
                .to_string(),
            "metadata.labels[app.kubernetes.io/name]"
        );
        assert_eq!(p("a").index(1).index(2).to_string(), "a[1][2]");
        assert_eq!(Path::root().child("spec").to_string(), "spec");
        assert_eq!(Path::root().index(3).to_string(), "[3]");
        assert_eq!(Path::root().key("k").child("v").to_string(), "[k].v");
        // An empty name is an empty subscript upstream.
        assert_eq!(p("").to_string(), "[]");
        assert_eq!(p("").child("a").to_string(), "[].a");
    }

    #[test]
    fn reasons_and_texts() {
        // errors.go ErrorType constants and String().
        let table = [
            (ErrorType::NotFound, "FieldValueNotFound", "Not found"),
            (ErrorType::Required, "FieldValueRequired", "Required value"),
            (
                ErrorType::Duplicate,
                "FieldValueDuplicate",
                "Duplicate value",
            ),
            (ErrorType::Invalid, "FieldValueInvalid", "Invalid value"),
            (
                ErrorType::NotSupported,
                "FieldValueNotSupported",
                "Unsupported value",
            ),
            (ErrorType::Forbidden, "FieldValueForbidden", "Forbidden"),
            (ErrorType::TooLong, "FieldValueTooLong", "Too long"),
            (ErrorType::TooMany, "FieldValueTooMany", "Too many"),
            (ErrorType::Internal, "InternalError", "Internal error"),
            (
                ErrorType::TypeInvalid,
                "FieldValueTypeInvalid",
                "Invalid value",
            ),
            (ErrorType::TooShort, "FieldValueTooShort", "Too short"),
            (ErrorType::TooFew, "FieldValueTooFew", "Too few"),
        ];
        for (t, reason, text) in table {
            assert_eq!(t.reason().as_str(), reason);
            assert_eq!(t.text(), text);
            assert_eq!(t.to_string(), text);
        }
    }

    #[test]
    fn messages_of_every_type() {
        let f = p("f");
        let cases = [
            // errors_test.go TestNotSupported.
            (
                Error::not_supported(&f, "v".into(), &["a", "b", "c"]),
                r#"f: Unsupported value: "v": supported values: "a", "b", "c""#,
            ),
            (
                Error::not_supported(&f, "v".into(), &[]),
                r#"f: Unsupported value: "v""#,
            ),
            // errors_test.go TestErrorBody "int".
            (
                Error::invalid(&p("bla"), BadValue::Int(2), "details"),
                "bla: Invalid value: 2: details",
            ),
            (
                Error::invalid(&f, "v".into(), "d"),
                r#"f: Invalid value: "v": d"#,
            ),
            (
                Error::invalid(&f, "v".into(), ""),
                r#"f: Invalid value: "v""#,
            ),
            (
                Error::type_invalid(&f, BadValue::Int(1), "must be a string"),
                "f: Invalid value: 1: must be a string",
            ),
            (Error::required(&f, ""), "f: Required value"),
            (Error::required(&f, "d"), "f: Required value: d"),
            (Error::forbidden(&f, ""), "f: Forbidden"),
            (
                Error::forbidden(&f, "field is immutable"),
                "f: Forbidden: field is immutable",
            ),
            (
                Error::duplicate(&f, "v".into()),
                r#"f: Duplicate value: "v""#,
            ),
            (Error::not_found(&f, "v".into()), r#"f: Not found: "v""#),
            (Error::internal(&f, "e"), "f: Internal error: e"),
            // TooLong: "may not be more than %d %s", value never printed.
            (
                Error::too_long(&f, "xyz".into(), 2),
                "f: Too long: may not be more than 2 bytes",
            ),
            (
                Error::too_long(&f, "xyz".into(), 1),
                "f: Too long: may not be more than 1 byte",
            ),
            (
                Error::too_long_characters(&f, "xyz", 2),
                "f: Too long: may not be more than 2 characters",
            ),
            (
                Error::too_long_characters(&f, "xyz", 1),
                "f: Too long: may not be more than 1 character",
            ),
            // TooMany / TooFew: "must have at most/least %d %s".
            (
                Error::too_many(&f, Some(3), 2),
                "f: Too many: 3: must have at most 2 items",
            ),
            (
                Error::too_many(&f, Some(2), 1),
                "f: Too many: 2: must have at most 1 item",
            ),
            (
                Error::too_many(&f, None, 2),
                "f: Too many: must have at most 2 items",
            ),
            (
                Error::too_few(&f, 0, 1),
                "f: Too few: 0: must have at least 1 item",
            ),
            (
                Error::too_few(&f, 1, 2),
                "f: Too few: 1: must have at least 2 items",
            ),
            // TooShort: "must be at least %d %s", value never printed.
            (
                Error::too_short(&f, "a".into(), 2),
                "f: Too short: must be at least 2 characters",
            ),
            (
                Error::too_short(&f, "".into(), 1),
                "f: Too short: must be at least 1 character",
            ),
        ];
        for (err, want) in cases {
            assert_eq!(err.to_string(), want);
        }
    }

    #[test]
    fn values_print_as_upstream() {
        let f = p("f");
        let msg = |v: BadValue| Error::invalid(&f, v, "").message();
        assert_eq!(msg(BadValue::Omit), "Invalid value");
        assert_eq!(msg(BadValue::Int(-7)), "Invalid value: -7");
        assert_eq!(msg(BadValue::Bool(true)), "Invalid value: true");
        assert_eq!(
            msg(BadValue::Str("a\"b\\c\n".into())),
            r#"Invalid value: "a\"b\\c\n""#
        );
        // Go %q keeps printable Unicode, escapes controls and odd spaces.
        assert_eq!(
            msg(BadValue::Str("é\u{1}\u{7f}\u{a0}".into())),
            r#"Invalid value: "é\x01\x7f\u00a0""#
        );
        // Go %v of a float64.
        assert_eq!(msg(BadValue::Float(1.5)), "Invalid value: 1.5");
        assert_eq!(msg(BadValue::Float(100000.0)), "Invalid value: 100000");
        assert_eq!(msg(BadValue::Float(1e6)), "Invalid value: 1e+06");
        assert_eq!(
            msg(BadValue::Float(123456789.0)),
            "Invalid value: 1.23456789e+08"
        );
        assert_eq!(msg(BadValue::Float(0.0001)), "Invalid value: 0.0001");
        assert_eq!(msg(BadValue::Float(0.00001)), "Invalid value: 1e-05");
        assert_eq!(msg(BadValue::Float(-2.5e-7)), "Invalid value: -2.5e-07");
        assert_eq!(msg(BadValue::Float(f64::INFINITY)), "Invalid value: +Inf");
        // A nil value prints "null" (json.Marshal(nil)).
        assert_eq!(msg(BadValue::Json(Value::Null)), "Invalid value: null");
        // Other values as json.Marshal: compact, HTML-escaped.
        assert_eq!(
            msg(BadValue::Json(
                json!({"name": "a<b>&c", "port": 80, "ratio": 0.5, "tags": ["x"]})
            )),
            r#"Invalid value: {"name":"a\u003cb\u003e\u0026c","port":80,"ratio":0.5,"tags":["x"]}"#
        );
        assert_eq!(msg(BadValue::Json(json!(1e21))), "Invalid value: 1e+21");
        assert_eq!(msg(BadValue::Json(json!(1e-7))), "Invalid value: 1e-7");
        assert_eq!(
            msg(BadValue::Json(json!(1e20))),
            "Invalid value: 100000000000000000000"
        );
        assert_eq!(
            msg(BadValue::GoLiteral(r#"[]string{"Foo"}"#.into())),
            r#"Invalid value: []string{"Foo"}"#
        );
        // Scalars from JSON print as the typed values would.
        assert_eq!(
            msg(BadValue::from_json(&json!("x"))),
            r#"Invalid value: "x""#
        );
        assert_eq!(msg(BadValue::from_json(&json!(3))), "Invalid value: 3");
        assert_eq!(msg(BadValue::from_json(&json!(2.5))), "Invalid value: 2.5");
        assert_eq!(
            msg(BadValue::from_json(&json!(false))),
            "Invalid value: false"
        );
        assert_eq!(
            msg(BadValue::json_of(&vec!["a", "b"])),
            r#"Invalid value: ["a","b"]"#
        );
    }

    #[test]
    fn required_never_prints_value() {
        let mut e = Error::required(&p("f"), "");
        e.bad_value = BadValue::Str("x".into());
        assert_eq!(e.message(), "Required value");
    }

    #[test]
    fn declarative_native_marks_without_changing_message() {
        let e = Error::required(&p("f"), "").mark_declarative_native();
        assert!(e.declarative_native);
        assert_eq!(e.to_string(), "f: Required value");
    }

    #[test]
    fn causes_and_aggregate() {
        let errs = vec![
            Error::invalid(
                &p("spec").child("replicas"),
                BadValue::Int(-1),
                "must be greater than or equal to 0",
            ),
            Error::required(&p("spec").child("name"), ""),
            Error::required(&p("spec").child("name"), ""),
        ];
        let causes = to_causes(&errs);
        assert_eq!(causes.len(), 3);
        assert_eq!(
            causes[0],
            Cause {
                reason: Some(CauseType::FieldValueInvalid),
                message: "Invalid value: -1: must be greater than or equal to 0".into(),
                field: "spec.replicas".into(),
            }
        );
        assert_eq!(causes[1].reason, Some(CauseType::FieldValueRequired));
        assert_eq!(causes[1].message, "Required value");
        assert_eq!(causes[1].field, "spec.name");
        assert_eq!(
            aggregate(&errs),
            "[spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.name: Required value]"
        );
        assert_eq!(aggregate(&errs[1..]), "spec.name: Required value");
        assert_eq!(aggregate(&[]), "");
    }

    #[test]
    fn quote_matches_go() {
        assert_eq!(quote(""), r#""""#);
        assert_eq!(quote("abc"), r#""abc""#);
        assert_eq!(quote("\u{7}\u{8}\u{c}\u{b}\r\t"), r#""\a\b\f\v\r\t""#);
        assert_eq!(quote("日本"), "\"日本\"");
        assert_eq!(quote("\u{200b}\u{feff}"), r#""\u200b\ufeff""#);
        assert_eq!(quote("\u{f0000}"), r#""\U000f0000""#);
    }
}
