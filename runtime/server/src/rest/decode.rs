//! Request bodies read through the kind's Rust type: `apiVersion` and
//! `kind` checked, duplicate and unknown fields reported per field
//! validation, enum values the type cannot hold turned into `Unsupported
//! value` causes, and upstream's messages for bodies no kind can be read
//! from.

use serde_json::{Map, Value};

use crate::object::meta_str;
use crate::request::FieldValidation;
use crate::status::{ApiError, Cause};
use runtime::field::{BadValue, Error, Path};
use runtime::registry::{Entry, Object};
use runtime::resource::ResourceInfo;
use runtime::schema::{Type, TypeSchema};

/// A request body decoded into the kind's type.
pub(crate) struct DecodedBody {
    /// The object, defaulted.
    pub object: Box<dyn Object>,
    /// Field validation's warnings (`fieldValidation=Warn`).
    pub warnings: Vec<String>,
    /// `Unsupported value` causes for enum values the type cannot hold
    /// (replaced by a supported value so that decoding could go on).
    pub unsupported: Vec<Cause>,
}

/// Decodes a JSON body through the kind's type, checks `apiVersion`/`kind`,
/// and applies field validation to unknown fields.
pub(crate) fn decode_object(
    entry: &Entry,
    bytes: &[u8],
    validation: FieldValidation,
) -> Result<DecodedBody, ApiError> {
    let ri = &entry.info;
    let cannot = |why: String| {
        ApiError::bad_request(format!(
            "{} in version \"{}\" cannot be handled as a {}: {}",
            ri.kind,
            ri.version,
            ri.kind,
            without_position(&why)
        ))
    };
    // One pass: the object, its unknown and repeated fields, its
    // apiVersion and kind. A body that repeats a key, or that the type
    // cannot hold, takes the path below.
    if let Ok(decoded) = entry.kind.decode_defaulted(bytes)
        && decoded.duplicate_fields.is_empty()
    {
        check_type_meta(ri, decoded.kind.as_deref(), decoded.api_version.as_deref())?;
        let problems = decoded
            .unknown_fields
            .iter()
            .map(|f| format!("unknown field {}", runtime::field::quote(f)))
            .collect();
        return field_validation(decoded.object, problems, Vec::new(), validation, cannot);
    }
    // A body the type read was within serde_json's nesting limit; one it
    // could not read is checked for depth before anything parses it
    // again, so that too deep a body is refused with the limit's message
    // (upstream's decoder cannot read a kind from it either).
    runtime::codec::check_json_depth(bytes).map_err(|e| {
        unrecognized_body(
            ri,
            &format!("couldn't get version/kind; json parse error: {e}"),
            bytes,
        )
    })?;
    let type_meta: runtime::meta::TypeMeta = serde_json::from_slice(bytes).map_err(|e| {
        // Text that is not JSON: the serializer's `Interpret` finds no
        // kind in it, and the create handler says so.
        match go_syntax_error(&e, bytes) {
            Some(go) => unrecognized_body(
                ri,
                &format!("couldn't get version/kind; json parse error: {go}"),
                bytes,
            ),
            None => cannot(e.to_string()),
        }
    })?;
    check_type_meta(
        ri,
        type_meta.kind.as_deref(),
        type_meta.api_version.as_deref(),
    )?;
    // Duplicate keys: reported per field validation, and dropped (the last
    // value wins, as Go's encoding/json keeps it) before the typed decode.
    let duplicates = crate::duplicates::find(bytes);
    let deduplicated;
    let bytes = if duplicates.is_empty() {
        bytes
    } else {
        let value: Value = serde_json::from_slice(bytes).map_err(|e| cannot(e.to_string()))?;
        deduplicated = serde_json::to_vec(&value).map_err(ApiError::internal)?;
        &deduplicated[..]
    };
    // An enum value the Rust type cannot hold is an `Unsupported value`
    // cause; every such value in the body is replaced by a supported one,
    // in one pass, so that decoding can go on and validation can report
    // the object's other errors with them.
    let (decoded, unsupported) = match entry.kind.decode_defaulted(bytes) {
        Ok(decoded) => (decoded, Vec::new()),
        // Decoding stopped at something else: the body's own error.
        Err(error) if !stopped_at_unsupported_enum(entry, bytes) => return Err(cannot(error)),
        Err(error) => {
            let mut value: Value =
                serde_json::from_slice(bytes).map_err(|_| cannot(error.clone()))?;
            let mut unsupported = Vec::new();
            if let Value::Object(members) = &mut value {
                replace_in_struct(
                    members,
                    entry.kind.schema(),
                    &Path::root(),
                    &mut unsupported,
                );
            }
            if unsupported.is_empty() {
                return Err(cannot(error));
            }
            let repaired = serde_json::to_vec(&value).map_err(ApiError::internal)?;
            match entry.kind.decode_defaulted(&repaired) {
                Ok(decoded) => (decoded, unsupported),
                // Another problem beside the unsupported values: the 422
                // of those values.
                Err(_) => {
                    let name = meta_str(&value, "name").unwrap_or_default().to_string();
                    return Err(ApiError::invalid(ri, &name, unsupported));
                }
            }
        }
    };
    let mut problems: Vec<String> = duplicates
        .iter()
        .map(|f| format!("duplicate field {}", runtime::field::quote(f)))
        .collect();
    problems.extend(
        decoded
            .unknown_fields
            .iter()
            .map(|f| format!("unknown field {}", runtime::field::quote(f))),
    );
    field_validation(decoded.object, problems, unsupported, validation, cannot)
}

/// Whether a JSON object read as a whole object of the kind whose schema
/// is `schema` has a member its type does not declare, at any depth
/// (besides `apiVersion` and `kind`): what the typed decode would report
/// as an unknown field. Values of another shape than their type's are not
/// looked into (the typed decode reports those as errors), nor are
/// untyped values.
pub(crate) fn has_undeclared_fields(object: &Value, schema: &'static TypeSchema) -> bool {
    match object {
        Value::Object(members) => undeclared_members(members, schema, true),
        _ => false,
    }
}

/// Whether `members`, an object of the struct `schema` (the whole object
/// when `root`, where `apiVersion` and `kind` are declared too), has a
/// member its type does not declare, at any depth.
fn undeclared_members(members: &Map<String, Value>, schema: &TypeSchema, root: bool) -> bool {
    members
        .iter()
        .any(|(name, value)| match schema.field(name) {
            Some(field) => undeclared_below(value, &field.ty),
            None => !(root && (name == "apiVersion" || name == "kind")),
        })
}

fn undeclared_below(value: &Value, ty: &Type) -> bool {
    match (ty, value) {
        (Type::Struct(schema), Value::Object(members)) => {
            undeclared_members(members, schema(), false)
        }
        (Type::List(item), Value::Array(items)) => items.iter().any(|i| undeclared_below(i, item)),
        (Type::Map(entry), Value::Object(members)) => {
            members.values().any(|v| undeclared_below(v, entry))
        }
        _ => false,
    }
}

/// Applies `fieldValidation` to the problems decoding found: Strict fails
/// with them all, Warn returns them as warnings, Ignore drops them.
fn field_validation(
    object: Box<dyn Object>,
    problems: Vec<String>,
    unsupported: Vec<Cause>,
    validation: FieldValidation,
    cannot: impl Fn(String) -> ApiError,
) -> Result<DecodedBody, ApiError> {
    match validation {
        FieldValidation::Strict if !problems.is_empty() => Err(cannot(format!(
            "strict decoding error: {}",
            problems.join(", ")
        ))),
        FieldValidation::Warn => Ok(DecodedBody {
            object,
            warnings: problems,
            unsupported,
        }),
        _ => Ok(DecodedBody {
            object,
            warnings: Vec::new(),
            unsupported,
        }),
    }
}

/// The `kind` and `apiVersion` a body names (in JSON, or in a protobuf
/// envelope), checked against the resource's: upstream's messages for a
/// kind the version does not register and for another API version. Unset
/// or empty ones pass.
pub(crate) fn check_type_meta(
    ri: &ResourceInfo,
    kind: Option<&str>,
    api_version: Option<&str>,
) -> Result<(), ApiError> {
    if let Some(kind) = kind.filter(|k| !k.is_empty())
        && kind != ri.kind
    {
        return Err(ApiError::bad_request(format!(
            "{kind} in version \"{}\" cannot be handled as a {}: no kind \"{kind}\" is registered for version \"{}\"",
            ri.version, ri.kind, ri.api_version
        )));
    }
    if let Some(v) = api_version.filter(|v| !v.is_empty())
        && v != ri.api_version
    {
        return Err(ApiError::bad_request(format!(
            "the API version in the data ({v}) does not match the expected API version ({})",
            ri.api_version
        )));
    }
    Ok(())
}

/// A body no kind can be read from (protobuf that does not decode, YAML
/// the parser refuses, JSON nested too deeply): upstream's
/// `transformDecodeError` for a body with no readable kind, `the object
/// provided is unrecognized (must be of type ConfigMap): <error> (<data>)`,
/// the data summarized as `summarizeData` does (hex, or the text of a body
/// that starts with `{`; at most 30 bytes).
pub(crate) fn unrecognized_body(ri: &ResourceInfo, error: &str, bytes: &[u8]) -> ApiError {
    const MAX: usize = 30;
    let summary = match bytes {
        [] => "<empty>".to_string(),
        [b'{', ..] if bytes.len() > MAX => {
            format!("{} ...", String::from_utf8_lossy(&bytes[..MAX]))
        }
        [b'{', ..] => String::from_utf8_lossy(bytes).into_owned(),
        _ if bytes.len() > MAX => format!("{} ...", hex(&bytes[..MAX])),
        _ => hex(bytes),
    };
    ApiError::bad_request(format!(
        "the object provided is unrecognized (must be of type {}): {error} ({summary})",
        ri.kind
    ))
}

/// Go's `encoding/json` message for text serde_json found not to be JSON:
/// `unexpected end of JSON input`, or `invalid character 'x' <context>`
/// for the byte where serde stopped, the context read from serde's
/// message. `None` for an error of another kind, or a context not known
/// here.
fn go_syntax_error(e: &serde_json::Error, bytes: &[u8]) -> Option<String> {
    if e.is_eof() {
        return Some("unexpected end of JSON input".into());
    }
    if !e.is_syntax() {
        return None;
    }
    let message = e.to_string();
    let context = [
        ("expected value", "looking for beginning of value"),
        (
            "key must be a string",
            "looking for beginning of object key string",
        ),
        ("expected `:`", "after object key"),
        ("expected `,` or `}`", "after object key:value pair"),
        ("expected `,` or `]`", "after array element"),
        ("trailing characters", "after top-level value"),
    ]
    .into_iter()
    .find(|(serde, _)| message.starts_with(serde))?
    .1;
    // serde's line and column (1-based, in bytes) name the byte.
    let line_start: usize = bytes
        .split(|b| *b == b'\n')
        .take(e.line().saturating_sub(1))
        .map(|line| line.len() + 1)
        .sum();
    let at = *bytes.get(line_start + e.column().checked_sub(1)?)?;
    let shown = match at {
        b'\'' => "'\\''".to_string(),
        b' '..=b'~' => format!("'{}'", at as char),
        _ => return None,
    };
    Some(format!("invalid character {shown} {context}"))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// serde_json's message without its ` at line L column C` tail: Go's
/// decoders name no position (`unable to parse quantity's suffix`).
pub(super) fn without_position(message: &str) -> &str {
    match message.rsplit_once(" at line ") {
        Some((head, tail))
            if tail
                .split_once(" column ")
                .is_some_and(|(l, c)| is_digits(l) && is_digits(c)) =>
        {
            head
        }
        _ => message,
    }
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Whether decoding `bytes` stopped at a string enum value outside the
/// enum (which Go would decode and then reject in validation), read from
/// the kind's structural schema at the path where decoding failed.
fn stopped_at_unsupported_enum(entry: &Entry, bytes: &[u8]) -> bool {
    let Some(steps) = entry
        .kind
        .decode_error_path(bytes)
        .and_then(|field| field_path_steps(&field))
    else {
        return false;
    };
    matches!(
        runtime::schema::type_at(entry.kind.schema(), &steps),
        Some(Type::Enum(_))
    )
}

/// Replaces every string enum value outside its enum in `members`, an
/// object of the struct `schema` at `path`, by the enum's first value,
/// and adds the 422 cause upstream's validation gives for it to
/// `unsupported`, in document order: `Unsupported value: "x": supported
/// values: "a", "b"` at the value's path. Values of another shape than
/// their type's are left to the decoder.
fn replace_in_struct(
    members: &mut Map<String, Value>,
    schema: &TypeSchema,
    path: &Path,
    unsupported: &mut Vec<Cause>,
) {
    for (name, value) in members.iter_mut() {
        if let Some(field) = schema.field(name) {
            replace_in_value(value, &field.ty, &path.child(name), unsupported);
        }
    }
}

fn replace_in_value(value: &mut Value, ty: &Type, path: &Path, unsupported: &mut Vec<Cause>) {
    match (ty, value) {
        (Type::Enum(declared), value) => {
            let Some(found) = value.as_str().filter(|v| !declared.contains(v)) else {
                return;
            };
            let Some(first) = declared.first() else {
                return;
            };
            let mut supported = declared.to_vec();
            supported.sort_unstable();
            let error = Error::not_supported(path, BadValue::value_of(found), &supported);
            unsupported.extend(runtime::field::to_causes(&[error]));
            *value = Value::String((*first).to_string());
        }
        (Type::Struct(schema), Value::Object(members)) => {
            replace_in_struct(members, schema(), path, unsupported);
        }
        (Type::List(item), Value::Array(items)) => {
            for (i, value) in items.iter_mut().enumerate() {
                replace_in_value(value, item, &path.index(i), unsupported);
            }
        }
        (Type::Map(entry), Value::Object(members)) => {
            for (key, value) in members.iter_mut() {
                replace_in_value(value, entry, &path.key(key), unsupported);
            }
        }
        _ => {}
    }
}

/// The steps of a field path as [`runtime::field::Path`] prints it
/// (`spec.ports[0].protocol` -> `spec`, `ports`, `0`, `protocol`;
/// `metadata.labels[app]` -> `metadata`, `labels`, `app`); `None` for an
/// unclosed `[`.
fn field_path_steps(path: &str) -> Option<Vec<String>> {
    let mut steps: Vec<String> = Vec::new();
    for part in path.split('.') {
        let (name, mut subscripts) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            steps.push(name.to_string());
        }
        while let Some(rest) = subscripts.strip_prefix('[') {
            let end = rest.find(']')?;
            steps.push(rest[..end].to_string());
            subscripts = &rest[end + 1..];
        }
    }
    Some(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime::meta::CauseType;
    use runtime::schema::field;
    use serde_json::json;

    const PROTOCOL: Type = Type::Enum(&["TCP", "UDP"]);

    fn port() -> &'static TypeSchema {
        static PORT: TypeSchema = TypeSchema {
            name: "Port",
            atomic: false,
            fields: &[field("name", Type::Scalar), field("protocol", PROTOCOL)],
        };
        &PORT
    }

    static SPEC: TypeSchema = TypeSchema {
        name: "Spec",
        atomic: false,
        fields: &[
            field("ports", Type::List(&Type::Struct(port))),
            field("byName", Type::Map(&PROTOCOL)),
            field("first", PROTOCOL),
        ],
    };

    /// Every value outside its enum, at any depth and however many, is
    /// found in one pass, in document order, with upstream's cause, and
    /// replaced by the enum's first value (the decode once stopped at each
    /// in turn, reading the whole body again each time, and gave up after
    /// 32).
    #[test]
    fn every_unsupported_enum_value_is_replaced_in_one_pass() {
        let mut ports: Vec<Value> = (0..40)
            .map(|i| json!({"name": format!("p{i}"), "protocol": "SCTP"}))
            .collect();
        ports[1]["protocol"] = json!("UDP");
        ports[2]["protocol"] = json!(7);
        let mut body = json!({
            "first": "tcp",
            "ports": ports,
            "byName": {"a": "UDP", "b/c": "QUIC"},
            "unknown": "SCTP",
        });
        let mut unsupported = Vec::new();
        let Value::Object(members) = &mut body else {
            unreachable!()
        };
        replace_in_struct(members, &SPEC, &Path::root(), &mut unsupported);
        let fields: Vec<&str> = unsupported.iter().map(|c| c.field.as_str()).collect();
        let mut expected = vec!["first".to_string(), "ports[0].protocol".to_string()];
        expected.extend((3..40).map(|i| format!("ports[{i}].protocol")));
        expected.push("byName[b/c]".into());
        assert_eq!(fields, expected);
        assert_eq!(
            unsupported[1].message,
            "Unsupported value: \"SCTP\": supported values: \"TCP\", \"UDP\""
        );
        assert_eq!(
            unsupported[1].reason,
            Some(CauseType::FieldValueNotSupported)
        );
        assert_eq!(body["first"], "TCP");
        assert_eq!(body["ports"][0]["protocol"], "TCP");
        assert_eq!(body["ports"][1]["protocol"], "UDP");
        // Another shape is the decoder's to report; unknown fields stay.
        assert_eq!(body["ports"][2]["protocol"], 7);
        assert_eq!(body["byName"], json!({"a": "UDP", "b/c": "TCP"}));
        assert_eq!(body["unknown"], "SCTP");
    }

    /// Text that is not JSON reads as Go's `encoding/json` reports it.
    #[test]
    fn syntax_errors_read_as_gos() {
        let go = |text: &str| {
            let e = serde_json::from_slice::<runtime::meta::TypeMeta>(text.as_bytes())
                .expect_err("not JSON");
            go_syntax_error(&e, text.as_bytes())
        };
        for (text, message) in [
            ("", "unexpected end of JSON input"),
            (
                "{\"metadata\":{\"name\":\"x\"}",
                "unexpected end of JSON input",
            ),
            (
                "{x",
                "invalid character 'x' looking for beginning of object key string",
            ),
            ("{\"a\" 1}", "invalid character '1' after object key"),
            (
                "{\"a\":1 \"b\"}",
                "invalid character '\"' after object key:value pair",
            ),
            ("{\"a\":[1 2]}", "invalid character '2' after array element"),
            (
                "{\"a\":\n  x}",
                "invalid character 'x' looking for beginning of value",
            ),
            ("{} x", "invalid character 'x' after top-level value"),
        ] {
            assert_eq!(go(text).as_deref(), Some(message), "{text:?}");
        }
        // A type error is not a syntax error.
        assert_eq!(go("{\"kind\": 5}"), None);
    }
}
