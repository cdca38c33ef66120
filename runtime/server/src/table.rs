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
use runtime::printers::{AGE_DESCRIPTION, NAME_DESCRIPTION, age, human_duration};
use runtime::resource::ResourceInfo;

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
fn declared_columns(info: &ResourceInfo) -> &'static [runtime::resource::PrinterColumn] {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A kind that declares no columns prints Name and Age, as a CRD
    /// without `additionalPrinterColumns` does.
    #[test]
    fn a_kind_without_columns_prints_name_and_age() {
        let info = crate::test_support::core_info("Thing", "things");
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
}
