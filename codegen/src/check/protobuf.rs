//! The checks of a struct's protobuf field numbers.

use std::collections::BTreeSet;

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::model::{Field, FieldType, TypeDef};
use crate::tags;

impl Checker<'_> {
    /// Protobuf numbering is all or nothing per struct, and unique.
    pub(super) fn protobuf_numbers(&mut self, def: &TypeDef, fields: &[Field]) {
        // Each reserved number is one (the generator skipped any other
        // part of the list).
        for m in def.markers_named(tags::protobuf::RESERVED) {
            let text = m.payload_string().unwrap_or_default();
            let bad: Vec<&str> = text
                .split(',')
                .map(str::trim)
                .filter(|n| crate::generators::protobuf::parse_field_number(n).is_none())
                .collect();
            if !bad.is_empty() {
                self.push(
                    Diagnostic::new(
                        format!(
                            "`{}` in `+{}` is not a protobuf field number",
                            bad.join("`, `"),
                            tags::protobuf::RESERVED
                        ),
                        &m.location,
                        m.text.chars().count(),
                    )
                    .label("not a field number")
                    .help("list field numbers in decimal, comma-separated, as `+protobuf.reserved=4,7`"),
                );
            }
        }
        let numbered: Vec<&Field> = fields
            .iter()
            .filter(|f| f.marker(tags::protobuf::NAME).is_some())
            .collect();
        if numbered.is_empty() {
            return;
        }
        let mut seen: BTreeSet<u32> = BTreeSet::new();
        let reserved = crate::generators::proto::reserved(def);
        for f in fields {
            match f.marker(tags::protobuf::NAME) {
                None if f.inline || crate::generators::protobuf::is_type_meta(f) => {}
                None => self.push(
                    Diagnostic::new(
                        format!(
                            "field `{}` of `{}` has no protobuf number",
                            f.rust_name, def.name
                        ),
                        &f.location,
                        f.rust_name.len(),
                    )
                    .label("other fields of this struct are numbered")
                    .help("add `+protobuf=<n>` with upstream's field number (generated.proto)"),
                ),
                Some(m) => {
                    let Some(n) = crate::generators::protobuf::field_number(f) else {
                        // Not a non-negative integer at all: the payload's
                        // own check says so.
                        let text = m.payload_text().unwrap_or_default();
                        if crate::markers::parse_go_int(text).is_none_or(|n| n < 0) {
                            continue;
                        }
                        self.push(
                            Diagnostic::new(
                                format!("`{text}` is not a protobuf field number"),
                                &m.location,
                                m.text.chars().count(),
                            )
                            .label("not a field number")
                            .help("a field number is written in decimal, from 1 to 536870911, outside 19000-19999 (protobuf's own)"),
                        );
                        continue;
                    };
                    // One Option, list or map around the value: protobuf has
                    // no null list and no list of lists, which upstream
                    // wraps in a message (`+protobuf.nullable`).
                    if let FieldType::Optional(inner)
                    | FieldType::List(inner)
                    | FieldType::Map(inner) = &f.ty
                        && let FieldType::Optional(_) | FieldType::List(_) | FieldType::Map(_) =
                            inner.as_ref()
                    {
                        self.push(
                            Diagnostic::new(
                                format!(
                                    "field `{}` of `{}` has no protobuf form: `{}`",
                                    f.rust_name,
                                    def.name,
                                    f.ty.describe()
                                ),
                                &m.location,
                                m.text.chars().count(),
                            )
                            .label("a list or map inside an Option, list or map")
                            .help("wrap the inner list in a newtype with `+protobuf.nullable=true`, as upstream's `ExtraValue` is, or drop the Option around a list"),
                        );
                    }
                    if !seen.insert(n) {
                        self.push(
                            Diagnostic::new(
                                format!("protobuf number {n} is used twice in `{}`", def.name),
                                &m.location,
                                m.text.chars().count(),
                            )
                            .label("duplicate field number")
                            .help("each field of a message needs its own number"),
                        );
                    }
                    if reserved.contains(&n) {
                        self.push(
                            Diagnostic::new(
                                format!(
                                    "protobuf number {n} of `{}` is reserved: a removed field had it",
                                    def.name
                                ),
                                &m.location,
                                m.text.chars().count(),
                            )
                            .label("reserved by `+protobuf.reserved`")
                            .help(format!(
                                "give `{}` a number no field of `{}` ever had; clients built from an older .proto would read it as the removed field",
                                f.rust_name, def.name
                            )),
                        );
                    }
                }
            }
        }
    }
}
