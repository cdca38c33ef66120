//! The checks of a resource kind's markers that name its fields: field
//! selectors, printer columns and the scale subresource's paths.

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::model::{FieldType, TypeDef};
use crate::tags;

impl Checker<'_> {
    /// Each `+kubebuilder:selectablefield` path names a field (the
    /// registry generator reads field selectors' values through it).
    pub(super) fn selectable_fields(&mut self, def: &TypeDef) {
        for marker in def.markers_named(tags::selectable_field::NAME) {
            for (key, path) in marker.key_values().unwrap_or_default() {
                if key != "JSONPath" {
                    continue;
                }
                if let Err(why) = crate::resource::resolve_path(self.model, def, &path) {
                    self.push(
                        Diagnostic::new(
                            format!(
                                "selectable field `{path}` of `{}` names no field: {why}",
                                def.name
                            ),
                            &marker.location,
                            marker.text.chars().count(),
                        )
                        .label(format!("JSONPath={path}"))
                        .help("name a field by its JSON path, as `.spec.nodeName`"),
                    );
                }
            }
        }
    }

    /// Each `+kubebuilder:printcolumn` path names a field: one of the
    /// object's fields through its structs, or a field of `metadata` (the
    /// registry generator reads the cells through the Rust fields, so
    /// map keys, list indexes and filters are not paths it can follow).
    pub(super) fn printer_columns(&mut self, def: &TypeDef) {
        for marker in def.markers_named(tags::printcolumn::NAME) {
            for (key, path) in marker.key_values().unwrap_or_default() {
                if key != "JSONPath" || path.is_empty() {
                    continue;
                }
                let why = match path.trim_start_matches('.').strip_prefix("metadata.") {
                    Some(field) if field.contains('.') || field.contains('[') => {
                        Some(format!("`metadata.{field}` is not a field of `ObjectMeta`"))
                    }
                    Some(_) => None,
                    None => crate::resource::resolve_path(self.model, def, &path).err(),
                };
                if let Some(why) = why {
                    self.push(
                        Diagnostic::new(
                            format!(
                                "printer column `{path}` of `{}` names no field: {why}",
                                def.name
                            ),
                            &marker.location,
                            marker.text.chars().count(),
                        )
                        .label(format!("JSONPath={path}"))
                        .help("name a field by its JSON path, as `.spec.replicas` or `.metadata.creationTimestamp`"),
                    );
                }
            }
        }
    }

    /// The paths of a `+kubebuilder:subresource:scale` marker name fields
    /// of the right types: integers for the replicas; a `LabelSelector`, a
    /// string map or a string for the selector (read through the fields).
    pub(super) fn scale_paths(&mut self, def: &TypeDef) {
        let Some(marker) = def.markers_named(tags::subresource_scale::NAME).last() else {
            return;
        };
        let Some(scale) = crate::resource::resource_meta(def)
            .ok()
            .and_then(|m| m.scale)
        else {
            return;
        };
        fn integer(ty: &FieldType) -> bool {
            use crate::model::IntKind::{I32, I64};
            matches!(ty, FieldType::Int(I32 | I64))
        }
        fn selector(ty: &FieldType) -> bool {
            use crate::model::WellKnown::LabelSelector;
            match ty {
                FieldType::Map(value) => matches!(**value, FieldType::String),
                _ => matches!(ty, FieldType::String | FieldType::WellKnown(LabelSelector)),
            }
        }
        type Fits = fn(&FieldType) -> bool;
        let paths: [(&str, &str, Fits, &str); 3] = [
            (
                "specpath",
                &scale.spec_replicas_path,
                integer,
                "an int32 or int64",
            ),
            (
                "statuspath",
                &scale.status_replicas_path,
                integer,
                "an int32 or int64",
            ),
            (
                "selectorpath",
                &scale.label_selector_path,
                selector,
                "a LabelSelector, a map of strings or a string",
            ),
        ];
        for (key, path, fits, wanted) in paths {
            if path.is_empty() {
                continue;
            }
            let why = match crate::resource::resolve_path(self.model, def, path) {
                Ok(resolved) if fits(&resolved.leaf) => continue,
                Ok(resolved) => format!("it is {}, not {wanted}", resolved.leaf.describe()),
                Err(e) => e,
            };
            self.push(
                Diagnostic::new(
                    format!("scale {key} `{path}` of `{}` does not name a field the scale subresource can use: {why}", def.name),
                    &marker.location,
                    marker.text.chars().count(),
                )
                .label(format!("{key}={path}"))
                .help(format!("name {wanted} field by its JSON path, as `.spec.replicas`")),
            );
        }
    }
}
