//! Server-side printing: objects as a `meta.k8s.io` `Table`, which is what
//! `kubectl get` shows (kubectl has no printers of its own).
//!
//! Columns are Name, then the kind's printer columns
//! (`+kubebuilder:printcolumn`), or Name and Age when the kind declares none,
//! as apiextensions-apiserver prints custom resources. A `date` column
//! prints as an age (`5m`). Each row's
//! `object` is the object's `PartialObjectMetadata`, which kubectl reads for
//! NAMESPACE (`-A`), `--show-labels` and `-L`.

use serde_json::{Map, Value, json};

use super::object::{get_path, meta};
use crate::resource::ResourceInfo;

/// The Name column's description (`ObjectMeta.name`'s doc).
pub const NAME_DESCRIPTION: &str = "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";
/// The Age column's description (`ObjectMeta.creationTimestamp`'s doc).
pub const AGE_DESCRIPTION: &str = "CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

/// What each row carries in `object` (`includeObject`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IncludeObject {
    /// No object.
    None,
    /// `PartialObjectMetadata` (the default).
    Metadata,
    /// The whole object.
    Object,
}

impl IncludeObject {
    /// Reads the `includeObject` query value; default `Metadata`.
    pub fn parse(value: Option<&str>) -> IncludeObject {
        match value {
            Some("None") => IncludeObject::None,
            Some("Object") => IncludeObject::Object,
            _ => IncludeObject::Metadata,
        }
    }
}

/// `PartialObjectMetadata` of an object, in `meta.k8s.io/<version>`.
pub fn partial_object_metadata(obj: &Value, version: &str) -> Value {
    json!({
        "kind": "PartialObjectMetadata",
        "apiVersion": format!("meta.k8s.io/{version}"),
        "metadata": obj.get("metadata").cloned().unwrap_or_else(|| json!({})),
    })
}

/// Builds a Table of `objects` (`version` is `v1` or `v1beta1`), with the
/// list's `resourceVersion` and `continue` in its metadata. Ages are taken
/// relative to `now`. Without `headers` (every watch event after the
/// first, as upstream's `TableOptions.NoHeaders`) `columnDefinitions` is
/// null.
pub fn table(
    info: &ResourceInfo,
    objects: &[Value],
    version: &str,
    include: IncludeObject,
    list_meta: Map<String, Value>,
    now: chrono::DateTime<chrono::Utc>,
    headers: bool,
) -> Value {
    let rows = objects
        .iter()
        .map(|obj| row(info, obj, version, include, now))
        .collect();
    let mut table = assemble(info, rows, version, list_meta);
    if !headers {
        table["columnDefinitions"] = Value::Null;
    }
    table
}

/// A Table around `rows` made by [`row`]: the kind's column definitions
/// and the list's metadata.
pub fn assemble(
    info: &ResourceInfo,
    rows: Vec<Value>,
    version: &str,
    list_meta: Map<String, Value>,
) -> Value {
    let mut columns = Vec::new();
    if name_column(info) {
        columns.push(json!({
            "name": "Name", "type": "string", "format": "name", "description": NAME_DESCRIPTION, "priority": 0
        }));
    }
    let declared = declared_columns(info);
    for c in declared {
        columns.push(json!({
            "name": c.name, "type": c.type_, "format": c.format, "description": c.description, "priority": c.priority
        }));
    }
    if declared.is_empty() {
        columns.push(json!({"name": "Age", "type": "string", "format": "", "description": AGE_DESCRIPTION, "priority": 0}));
    }
    json!({
        "kind": "Table",
        "apiVersion": format!("meta.k8s.io/{version}"),
        "metadata": list_meta,
        "columnDefinitions": columns,
        "rows": rows,
    })
}

/// Whether the Table leads with Name: always, unless a printer hook
/// declares its own Name column (Event's).
fn name_column(info: &ResourceInfo) -> bool {
    info.printer.is_none_or(|p| p.name_column)
}

/// The columns after Name: the printer hook's, else the printer-column
/// markers'. As for a CRD, Age is added only when there are none.
fn declared_columns(info: &ResourceInfo) -> &'static [crate::resource::PrinterColumn] {
    info.printer.map_or(info.printer_columns, |p| p.columns)
}

/// One Table row of `obj`: its cells and, per `include`, its object.
/// Lists build rows as they read, so only the rows stay in memory.
pub fn row(
    info: &ResourceInfo,
    obj: &Value,
    version: &str,
    include: IncludeObject,
    now: chrono::DateTime<chrono::Utc>,
) -> Value {
    let mut cells = Vec::new();
    if name_column(info) {
        cells.push(json!(
            meta(obj)
                .and_then(|m| m.get("name"))
                .and_then(Value::as_str)
                .unwrap_or("")
        ));
    }
    match info.printer {
        Some(printer) => cells.extend((printer.cells)(obj, now)),
        None => {
            for c in info.printer_columns {
                cells.push(cell(obj, c.json_path, c.type_, now));
            }
        }
    }
    if declared_columns(info).is_empty() {
        cells.push(json!(age(obj, now)));
    }
    let mut row = Map::new();
    row.insert("cells".into(), Value::Array(cells));
    let object = match include {
        // An empty `runtime.RawExtension`, which Go writes as null.
        IncludeObject::None => Value::Null,
        IncludeObject::Metadata => partial_object_metadata(obj, version),
        IncludeObject::Object => obj.clone(),
    };
    row.insert("object".into(), object);
    Value::Object(row)
}

fn cell(obj: &Value, path: &str, type_: &str, now: chrono::DateTime<chrono::Utc>) -> Value {
    let Some(value) = get_path(obj, path) else {
        return Value::Null;
    };
    match (type_, value) {
        ("date", Value::String(s)) => chrono::DateTime::parse_from_rfc3339(s)
            .map(|t| {
                json!(human_duration(
                    now.signed_duration_since(t.with_timezone(&chrono::Utc))
                ))
            })
            .unwrap_or_else(|_| value.clone()),
        (_, Value::Array(_) | Value::Object(_)) => json!(value.to_string()),
        _ => value.clone(),
    }
}

/// The Age cell: time since `metadata.creationTimestamp`, or `<unknown>`.
pub fn age(obj: &Value, now: chrono::DateTime<chrono::Utc>) -> String {
    timestamp_since(meta(obj).and_then(|m| m.get("creationTimestamp")), now)
}

/// `translateTimestampSince` of upstream's printers: the time since an
/// RFC 3339 timestamp, or `<unknown>` when it is absent or unreadable.
pub fn timestamp_since(value: Option<&Value>, now: chrono::DateTime<chrono::Utc>) -> String {
    value
        .and_then(time_of)
        .map(|t| human_duration(now.signed_duration_since(t)))
        .unwrap_or_else(|| "<unknown>".into())
}

/// An RFC 3339 timestamp held in a JSON string.
fn time_of(value: &Value) -> Option<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::parse_from_rfc3339(value.as_str()?)
        .ok()
        .map(|t| t.with_timezone(&chrono::Utc))
}

// Readers of an object's JSON for printers (`Printer::cells`): a JSON
// pointer (`/status/readyReplicas`) and Go's zero value when it is absent.

/// The integer at `pointer`, or 0.
pub fn int_at(object: &Value, pointer: &str) -> i64 {
    object.pointer(pointer).and_then(Value::as_i64).unwrap_or(0)
}

/// The string at `pointer`, or `""`.
pub fn str_at<'a>(object: &'a Value, pointer: &str) -> &'a str {
    object
        .pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or("")
}

/// The array at `pointer`, or none.
pub fn list_at<'a>(object: &'a Value, pointer: &str) -> &'a [Value] {
    object
        .pointer(pointer)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The RFC 3339 time at `pointer`, when present and readable.
pub fn time_at(object: &Value, pointer: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    object.pointer(pointer).and_then(time_of)
}

/// The first entry of `status.conditions` with `type_`, as upstream's
/// printers look conditions up.
pub fn condition<'a>(object: &'a Value, type_: &str) -> Option<&'a Value> {
    list_at(object, "/status/conditions")
        .iter()
        .find(|c| c.get("type").and_then(Value::as_str) == Some(type_))
}

/// Whether the first condition of `type_` has status `True`.
pub fn condition_is_true(object: &Value, type_: &str) -> bool {
    condition(object, type_).is_some_and(|c| str_at(c, "/status") == "True")
}

/// `layoutContainerCells` of upstream's printers: the containers' names and
/// their images, each joined by commas.
pub fn container_cells(containers: Option<&Value>) -> (String, String) {
    let list = containers
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let field = |name: &str| {
        list.iter()
            .map(|c| c.get(name).and_then(Value::as_str).unwrap_or(""))
            .collect::<Vec<_>>()
            .join(",")
    };
    (field("name"), field("image"))
}

/// `labels.FormatLabels`: `k=v` pairs sorted by key and joined by commas,
/// `<none>` when there are none.
pub fn format_labels(labels: Option<&Value>) -> String {
    let mut pairs: Vec<(&String, &str)> = labels
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k, v.as_str().unwrap_or("")))
                .collect()
        })
        .unwrap_or_default();
    if pairs.is_empty() {
        return "<none>".into();
    }
    pairs.sort();
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Formats a duration as kubectl's `duration.HumanDuration` does: `45s`,
/// `5m10s`, `3h20m`, `2d4h`, `1y30d`.
pub fn human_duration(d: chrono::TimeDelta) -> String {
    let seconds = d.num_seconds();
    if seconds < -1 {
        return "<invalid>".into();
    } else if seconds < 0 {
        return "0s".into();
    } else if seconds < 60 * 2 {
        return format!("{seconds}s");
    }
    let minutes = seconds / 60;
    if minutes < 10 {
        let s = seconds % 60;
        return if s == 0 {
            format!("{minutes}m")
        } else {
            format!("{minutes}m{s}s")
        };
    } else if minutes < 60 * 3 {
        return format!("{minutes}m");
    }
    let hours = minutes / 60;
    if hours < 8 {
        let m = minutes % 60;
        return if m == 0 {
            format!("{hours}h")
        } else {
            format!("{hours}h{m}m")
        };
    } else if hours < 48 {
        return format!("{hours}h");
    } else if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 {
            format!("{}d", hours / 24)
        } else {
            format!("{}d{h}h", hours / 24)
        };
    } else if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    } else if hours < 24 * 365 * 8 {
        let dy = (hours / 24) % 365;
        return if dy == 0 {
            format!("{}y", hours / 24 / 365)
        } else {
            format!("{}y{dy}d", hours / 24 / 365)
        };
    }
    format!("{}y", hours / 24 / 365)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeDelta;

    /// A kind that declares no columns prints Name and Age, as a CRD
    /// without `additionalPrinterColumns` does.
    #[test]
    fn a_kind_without_columns_prints_name_and_age() {
        let info = ResourceInfo::core_for_tests("Thing", "things");
        let now = chrono::DateTime::parse_from_rfc3339("2024-01-01T01:00:00Z")
            .unwrap()
            .to_utc();
        let obj = json!({"kind": "Thing", "apiVersion": "v1",
            "metadata": {"name": "a", "creationTimestamp": "2024-01-01T00:00:00Z"}});
        let t = table(
            &info,
            &[obj],
            "v1",
            IncludeObject::None,
            Map::new(),
            now,
            true,
        );
        let names: Vec<&str> = t["columnDefinitions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Name", "Age"]);
        assert_eq!(t["columnDefinitions"][0]["format"], "name");
        assert_eq!(t["rows"][0]["cells"], json!(["a", "60m"]));
    }

    #[test]
    fn ages_print_as_kubectl_prints_them() {
        let cases = [
            (0, "0s"),
            (119, "119s"),
            (120, "2m"),
            (310, "5m10s"),
            (600, "10m"),
            (3 * 3600, "3h"),
            (3 * 3600 + 20 * 60, "3h20m"),
            (30 * 3600, "30h"),
            (2 * 86400 + 4 * 3600, "2d4h"),
            (10 * 86400, "10d"),
            (3 * 365 * 86400 + 30 * 86400, "3y30d"),
            (9 * 365 * 86400, "9y"),
        ];
        for (secs, want) in cases {
            assert_eq!(human_duration(TimeDelta::seconds(secs)), want, "{secs}");
        }
        assert_eq!(human_duration(TimeDelta::seconds(-5)), "<invalid>");
    }
}
