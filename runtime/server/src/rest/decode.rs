//! Request bodies read through the kind's Rust type: `apiVersion` and
//! `kind` checked, duplicate and unknown fields reported per field
//! validation, enum values the type cannot hold turned into `Unsupported
//! value` causes, and upstream's messages for bodies no kind can be read
//! from.

use serde_json::{Map, Value};

use crate::object::meta_str;
use crate::request::FieldValidation;
use crate::status::{ApiError, Cause};
use runtime::meta::CauseType;
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
    let type_meta: runtime::meta::TypeMeta =
        serde_json::from_slice(bytes).map_err(|e| cannot(e.to_string()))?;
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
    // cause; it is replaced by a supported one so decoding can go on and
    // validation can report the object's other errors with it.
    let mut unsupported = Vec::new();
    let mut current = std::borrow::Cow::Borrowed(bytes);
    let decoded = loop {
        let error = match entry.kind.decode_defaulted(&current) {
            Ok(d) => break d,
            Err(e) => e,
        };
        let repair = (unsupported.len() < 32)
            .then(|| unsupported_enum(entry, &current))
            .flatten()
            .and_then(|(cause, variant)| {
                let mut value: Value = serde_json::from_slice(&current).ok()?;
                set_at_field_path(&mut value, &cause.field, Value::String(variant)).then_some(())?;
                Some((cause, serde_json::to_vec(&value).ok()?))
            });
        match repair {
            Some((cause, repaired)) => {
                unsupported.push(cause);
                current = std::borrow::Cow::Owned(repaired);
            }
            None if unsupported.is_empty() => return Err(cannot(error)),
            // Another problem after an unsupported value: report what was
            // found, as the 422 of the values found so far.
            None => {
                let name = serde_json::from_slice::<Value>(bytes)
                    .ok()
                    .and_then(|v| meta_str(&v, "name").map(str::to_string))
                    .unwrap_or_default();
                return Err(ApiError::invalid(ri, &name, unsupported));
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

/// A body the Rust type cannot hold because of a string enum value outside
/// the enum (which Go would decode and then reject in validation): the
/// 422 cause upstream gives, `Unsupported value: "x": supported values:
/// "a", "b"` at the value's path, and a supported variant to put in its
/// place. Read from the kind's structural schema (the enum's values) at the
/// path where decoding failed; `None` for any other decode error.
fn unsupported_enum(entry: &Entry, bytes: &[u8]) -> Option<(Cause, String)> {
    let field = entry.kind.decode_error_path(bytes)?;
    let steps = field_path_steps(&field)?;
    let Type::Enum(declared) = runtime::schema::type_at(entry.kind.schema(), &steps)? else {
        return None;
    };
    let body: Value = serde_json::from_slice(bytes).ok()?;
    let value = steps
        .iter()
        .try_fold(&body, |at, step| match at {
            Value::Object(m) => m.get(step),
            Value::Array(a) => a.get(step.parse::<usize>().ok()?),
            _ => None,
        })?
        .as_str()?;
    if declared.contains(&value) {
        return None;
    }
    let first = declared.first()?.to_string();
    let mut supported = declared.to_vec();
    supported.sort_unstable();
    let list: Vec<String> = supported.iter().map(|s| runtime::field::quote(s)).collect();
    Some((
        Cause {
            reason: Some(CauseType::FieldValueNotSupported),
            message: format!(
                "Unsupported value: {}: supported values: {}",
                runtime::field::quote(value),
                list.join(", ")
            ),
            field,
        },
        first,
    ))
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

/// Sets the value at a field path as [`runtime::field::Path`] prints it
/// (`spec.ports[0].protocol`, `metadata.labels[app]`). Returns whether the
/// path led to a value.
fn set_at_field_path(root: &mut Value, path: &str, value: Value) -> bool {
    let Some(steps) = field_path_steps(path) else {
        return false;
    };
    let mut at = root;
    for step in &steps {
        at = match at {
            Value::Object(m) => match m.get_mut(step) {
                Some(v) => v,
                None => return false,
            },
            Value::Array(a) => match step.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    *at = value;
    true
}
