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

use runtime::meta::ObjectMeta;
use runtime::printers::{AGE_DESCRIPTION, NAME_DESCRIPTION, age, human_duration};
use runtime::registry::Object;
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
    /// Reads the `includeObject` query value; default `Metadata`, also for
    /// a value it does not know (a watch's rows take it so).
    pub fn parse(value: Option<&str>) -> IncludeObject {
        IncludeObject::for_row(value).unwrap_or(IncludeObject::Metadata)
    }

    /// Reads the `includeObject` query value as upstream's `asTable` reads
    /// it for each row: `Object`, `None`, or `Metadata` (also when empty
    /// or absent).
    ///
    /// Errors: `unrecognized includeObject value: "<value>"` (a 400
    /// upstream) for any other value, which upstream meets only at a row:
    /// a Table without rows is answered.
    pub fn for_row(value: Option<&str>) -> Result<IncludeObject, String> {
        match value {
            None | Some("" | "Metadata") => Ok(IncludeObject::Metadata),
            Some("None") => Ok(IncludeObject::None),
            Some("Object") => Ok(IncludeObject::Object),
            Some(other) => Err(format!(
                "unrecognized includeObject value: {}",
                runtime::go::quote(other)
            )),
        }
    }
}

/// `PartialObjectMetadata` of an object's metadata, in
/// `meta.k8s.io/<version>`.
///
/// Errors: serde's message for metadata it cannot write (none in practice).
pub fn partial_object_metadata(meta: &ObjectMeta, version: &str) -> Result<Value, String> {
    Ok(json!({
        "kind": "PartialObjectMetadata",
        "apiVersion": format!("meta.k8s.io/{version}"),
        "metadata": serde_json::to_value(meta).map_err(|e| e.to_string())?,
    }))
}

/// Builds a one-row Table of `object` (`version` is `v1` or `v1beta1`),
/// with `list_meta` as its metadata. Ages are taken relative to `now`.
/// Without `headers` (every watch event after the first, as upstream's
/// `TableOptions.NoHeaders`) `columnDefinitions` is null.
///
/// Errors: serde's message for an object it cannot write (see [`row`]).
pub fn table(
    info: &ResourceInfo,
    object: &dyn Object,
    version: &str,
    include: IncludeObject,
    list_meta: Map<String, Value>,
    now: chrono::DateTime<chrono::Utc>,
    headers: bool,
) -> Result<Value, String> {
    let rows = vec![row(info, object, version, include, now)?];
    let mut table = assemble(info, rows, version, list_meta);
    if !headers {
        table["columnDefinitions"] = Value::Null;
    }
    Ok(table)
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

/// One Table row of `object`: its cells, read from the Rust object (the
/// printer hook's, or each printer column's field through the generated
/// [`Object::field_value`]), and, per `include`, its object. Lists build
/// rows as they read, so only the rows stay in memory.
///
/// Errors: serde's message for an object it cannot write as JSON (the
/// row's `object`; none in practice).
pub fn row(
    info: &ResourceInfo,
    object: &dyn Object,
    version: &str,
    include: IncludeObject,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Value, String> {
    let meta = object.metadata();
    let mut cells = Vec::new();
    if name_column(info) {
        cells.push(json!(meta.name.as_deref().unwrap_or("")));
    }
    match info.printer {
        Some(printer) => cells.extend((printer.cells)(object.as_any(), now)),
        None => {
            for c in info.printer_columns {
                let value = object.field_value(c.json_path.trim_start_matches('.'));
                cells.push(cell(value, c.type_, now));
            }
        }
    }
    if declared_columns(info).is_empty() {
        cells.push(json!(age(meta, now)));
    }
    let mut row = Map::new();
    row.insert("cells".into(), Value::Array(cells));
    let included = match include {
        // An empty `runtime.RawExtension`, which Go writes as null.
        IncludeObject::None => Value::Null,
        IncludeObject::Metadata => partial_object_metadata(meta, version)?,
        IncludeObject::Object => object.to_value()?,
    };
    row.insert("object".into(), included);
    Ok(Value::Object(row))
}

/// A one-row Table of an `autoscaling/v1` Scale (`GET .../scale` as a
/// Table), as upstream's `printScale` prints it through its
/// `scaleColumnDefinitions`: Name (without the `name` format), Desired
/// (`spec.replicas`), Available (`status.replicas`), Age; the row's object
/// per `include` (the Scale's metadata, or the Scale).
///
/// Errors: the Scale's metadata is not an `ObjectMeta` (none in practice).
pub fn scale_table(
    scale: &Value,
    version: &str,
    include: IncludeObject,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Value, String> {
    let meta: ObjectMeta =
        serde_json::from_value(scale["metadata"].clone()).map_err(|e| e.to_string())?;
    let columns = json!([
        {"name": "Name", "type": "string", "format": "", "description": NAME_DESCRIPTION, "priority": 0},
        {"name": "Desired", "type": "integer", "format": "",
         "description": "replicas is the desired number of instances for the scaled object.", "priority": 0},
        {"name": "Available", "type": "integer", "format": "",
         "description": "replicas is the actual number of observed instances of the scaled object.", "priority": 0},
        {"name": "Age", "type": "string", "format": "", "description": AGE_DESCRIPTION, "priority": 0},
    ]);
    let cells = json!([
        meta.name.as_deref().unwrap_or(""),
        scale["spec"]["replicas"].as_i64().unwrap_or(0),
        scale["status"]["replicas"].as_i64().unwrap_or(0),
        age(&meta, now),
    ]);
    let object = match include {
        IncludeObject::None => Value::Null,
        IncludeObject::Metadata => partial_object_metadata(&meta, version)?,
        IncludeObject::Object => scale.clone(),
    };
    let mut list_meta = Map::new();
    if let Some(rv) = &meta.resource_version {
        list_meta.insert("resourceVersion".into(), json!(rv));
    }
    Ok(json!({
        "kind": "Table",
        "apiVersion": format!("meta.k8s.io/{version}"),
        "metadata": list_meta,
        "columnDefinitions": columns,
        "rows": [{"cells": cells, "object": object}],
    }))
}

/// A printer column's cell from the JSON value of its field (`None`: the
/// object's JSON has no such field): a `date` as an age, a list or object
/// as its JSON text, anything else as it is.
fn cell(value: Option<Value>, type_: &str, now: chrono::DateTime<chrono::Utc>) -> Value {
    let Some(value) = value else {
        return Value::Null;
    };
    match (type_, &value) {
        ("date", Value::String(s)) => chrono::DateTime::parse_from_rfc3339(s)
            .map(|t| {
                json!(human_duration(
                    now.signed_duration_since(t.with_timezone(&chrono::Utc))
                ))
            })
            .unwrap_or(value),
        (_, Value::Array(_) | Value::Object(_)) => json!(value.to_string()),
        _ => value,
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
        let obj: apis::core::v1::ConfigMap = serde_json::from_value(json!({
            "metadata": {"name": "a", "creationTimestamp": "2024-01-01T00:00:00Z"}}))
        .unwrap();
        let t = table(
            &info,
            &obj,
            "v1",
            IncludeObject::None,
            Map::new(),
            now,
            true,
        )
        .unwrap();
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
