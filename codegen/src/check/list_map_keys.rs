//! `+listType=map` and its `+listMapKey`s: every map list names at least
//! one key, every key names a field the items always hold, once.

use std::collections::BTreeSet;

use super::Checker;
use crate::attr::{FieldAttrs, ListType};
use crate::diagnostics::Diagnostic;
use crate::markers::Marker;
use crate::model::{Field, FieldType, TypeDef};
use crate::tags;

impl<'m> Checker<'m> {
    /// Checks the list map keys of `field` against its list type and the
    /// fields of its item type.
    pub(super) fn list_map_keys(&mut self, field: &Field, attrs: &FieldAttrs) {
        let keys = &attrs.list_map_key_markers;
        if attrs.list_type == Some(ListType::Map)
            && keys.is_empty()
            && let Some(m) = &attrs.list_type_marker
        {
            self.push(
                Diagnostic::new(
                    "`+listType=map` without `+listMapKey`",
                    &m.location,
                    m.text.chars().count(),
                )
                .label("a map list needs at least one key")
                .help("add `+listMapKey=<json name of the key field>`"),
            );
        }
        if keys.is_empty() {
            return;
        }
        if attrs.list_type != Some(ListType::Map) {
            let m = &keys[0];
            self.push(
                Diagnostic::new(
                    format!("`{}` without `+listType=map`", m.text),
                    &m.location,
                    m.text.chars().count(),
                )
                .label("map keys only apply to a list of type map")
                .help("add `+listType=map` to the field"),
            );
            return;
        }
        let mut named = BTreeSet::new();
        for m in keys {
            if let Some(key) = m.payload_string()
                && !named.insert(key.clone())
            {
                self.push(
                    Diagnostic::new(
                        format!("list map key `{key}` is given more than once"),
                        &m.location,
                        m.text.chars().count(),
                    )
                    .label("repeated here")
                    .help("name each key field once"),
                );
            }
        }
        let Some(item) = self.list_item_type(&field.ty) else {
            let FieldType::List(inner) = field.ty.resolved(self.model) else {
                return;
            };
            let item = inner.unwrap_optional();
            // Keys name fields of objects: a list of scalars has none.
            if matches!(
                item,
                FieldType::Bool
                    | FieldType::Int(_)
                    | FieldType::Float64
                    | FieldType::String
                    | FieldType::Bytes
            ) {
                let m = &keys[0];
                self.push(
                    Diagnostic::new(
                        format!("`+listType=map` on a list of `{}`", item.describe()),
                        &m.location,
                        m.text.chars().count(),
                    )
                    .label("map keys name fields of the items, which are not objects")
                    .help("use `+listType=set` for a list of distinct values"),
                );
                return;
            }
            // A well-known item type (a Condition) has its key fields.
            if let FieldType::WellKnown(known) = item
                && !known.key_fields().is_empty()
            {
                let names: Vec<&str> = known.key_fields().iter().map(|(n, ..)| *n).collect();
                for m in keys {
                    if let Some(key) = m.payload_string()
                        && !names.contains(&key.as_str())
                    {
                        self.no_such_key(m, &key, &format!("{known:?}"), &names);
                    }
                }
            }
            return;
        };
        // Inline (embedded) fields put their own fields in the item's JSON.
        let item_fields = self.model.flat_fields(item);
        for m in keys {
            let Some(key) = m.payload_string() else {
                continue;
            };
            match item_fields.iter().find(|f| f.json_name == key) {
                None => {
                    let names: Vec<&str> =
                        item_fields.iter().map(|f| f.json_name.as_str()).collect();
                    self.no_such_key(m, &key, &item.name, &names);
                }
                // A key the Rust type always holds (not an `Option`) reads
                // as its zero value where the JSON leaves it out, as Go's
                // does (upstream's ServiceAccount `secrets` keyed by an
                // optional `ObjectReference.name`).
                Some(f)
                    if matches!(f.ty, FieldType::Optional(_))
                        && f.attrs.required.is_none()
                        && f.marker(tags::default::NAME).is_none() =>
                {
                    self.push(
                        Diagnostic::new(
                            format!(
                                "list map key `{key}` is an optional field of `{}`",
                                item.name
                            ),
                            &m.location,
                            m.text.chars().count(),
                        )
                        .label("map keys must always be set")
                        .help("make the key field required, or give it a `+default`"),
                    )
                }
                Some(_) => {}
            }
        }
    }

    /// A `+listMapKey` (`m`) naming `key`, which is none of the JSON
    /// fields `names` of the item type `item`.
    fn no_such_key(&mut self, m: &Marker, key: &str, item: &str, names: &[&str]) {
        self.push(
            Diagnostic::new(
                format!("list map key `{key}` names no field of `{item}`"),
                &m.location,
                m.text.chars().count(),
            )
            .label("no such JSON field")
            .help(format!("the fields of `{item}` are: {}", names.join(", "))),
        );
    }

    /// The struct type of a list's items, when resolvable.
    fn list_item_type(&self, ty: &FieldType) -> Option<&'m TypeDef> {
        match ty.resolved(self.model) {
            FieldType::List(inner) => match inner.unwrap_optional() {
                FieldType::Named(r) => self.model.resolve(r),
                _ => None,
            },
            _ => None,
        }
    }
}
