//! The checks of a served version's time fields.

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::model::{FieldType, TypeDef, TypeShape, WellKnown};

impl Checker<'_> {
    /// Each optional time field of a served version reads Go's zero time
    /// as unset (`runtime::meta::zero_time_as_none`), as Go and the
    /// protobuf codec read it; without it, a body's
    /// `"0001-01-01T00:00:00Z"` would be answered as that time and read
    /// back from storage as absent.
    pub(super) fn zero_times(&mut self, def: &TypeDef) {
        let TypeShape::Struct(fields) = &def.shape else {
            return;
        };
        for field in fields {
            let reader = match &field.ty {
                FieldType::Optional(inner) => match inner.as_ref() {
                    FieldType::WellKnown(WellKnown::Time) => "zero_time_as_none",
                    FieldType::WellKnown(WellKnown::MicroTime) => "zero_micro_time_as_none",
                    _ => continue,
                },
                _ => continue,
            };
            let reads_zero_as_none = field
                .deserialize_with
                .as_deref()
                .is_some_and(|path| path.rsplit("::").next() == Some(reader));
            if !reads_zero_as_none {
                self.push(
                    Diagnostic::new(
                        format!(
                            "optional time field `{}` does not read Go's zero time as unset",
                            field.rust_name
                        ),
                        &field.location,
                        field.rust_name.len(),
                    )
                    .label("`0001-01-01T00:00:00Z` would be kept as a time")
                    .help(format!(
                        "add `#[serde(deserialize_with = \"runtime::meta::{reader}\")]`"
                    )),
                );
            }
        }
    }
}
