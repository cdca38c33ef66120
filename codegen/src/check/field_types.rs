//! Rust types of fields that the model cannot represent, and references
//! to types no package declares.

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::model::FieldType;

impl Checker<'_> {
    pub(super) fn field_type(
        &mut self,
        ty: &FieldType,
        location: &crate::model::Location,
        name: &str,
        resolve: bool,
    ) {
        match ty {
            FieldType::Optional(t) | FieldType::List(t) | FieldType::Map(t) => self.field_type(t, location, name, resolve),
            FieldType::Unsupported(what) => self.push(
                Diagnostic::new(format!("`{name}` has a type the model cannot represent: `{what}`"), location, name.len())
                    .label(unsupported_reason(what).unwrap_or("unsupported type"))
                    .help("use bool, i32, i64, f64, String, Vec<u8>, Option, Vec, BTreeMap<String, _>, a well-known type or a model type"),
            ),
            FieldType::Named(r) if resolve && r.target.is_none() => self.push(
                Diagnostic::new(format!("`{name}` refers to unknown type `{}`", r.written.join("::")), location, name.len())
                    .label("no package declares this type")
                    .help("declare it as a `pub struct`/`pub enum` in an API package, or import it with `use`"),
            ),
            _ => {}
        }
    }
}

/// Why a Rust primitive the model does not take has no API type.
fn unsupported_reason(rust_type: &str) -> Option<&'static str> {
    Some(match rust_type {
        "f32" => "an API number is a float64: use f64",
        "usize" | "isize" => "its width is the platform's: use i32 or i64, as Go's int32 and int64",
        "i128" | "u128" => "JSON and protobuf integers have at most 64 bits: use i64",
        "char" => "a character is a string in an API: use String",
        _ => return None,
    })
}
