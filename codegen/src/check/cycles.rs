//! Types that contain themselves where nothing can end the recursion: a
//! newtype wrapping itself, a struct inlining itself.

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::model::TypeDef;

impl Checker<'_> {
    /// Reports `def` when it is a newtype that wraps itself or a struct
    /// that inlines itself (`#[serde(flatten)]`), directly or through
    /// other types, at its name. Recursion through a list, a map or an
    /// ordinary field (`Option<Box<T>>`) is fine, as JSONSchemaProps has
    /// it; these two have no JSON of their own to end it.
    pub(super) fn cycles(&mut self, def: &TypeDef) {
        if let Some(path) = self.model.newtype_cycle(def) {
            self.push(
                Diagnostic::new(
                    format!("newtype `{}` wraps itself: {}", def.name, path.join(" -> ")),
                    &def.location,
                    def.name.len(),
                )
                .label("serde writes a newtype as the value it wraps, so this one has no value but null")
                .help("wrap a struct that holds the recursion in a field, or a list or map of this type"),
            );
        }
        if let Some(path) = self.model.inline_cycle(def) {
            self.push(
                Diagnostic::new(
                    format!("struct `{}` inlines itself: {}", def.name, path.join(" -> ")),
                    &def.location,
                    def.name.len(),
                )
                .label("`#[serde(flatten)]` puts the inlined struct's fields beside this one's, which never ends here")
                .help("make the recursive field an ordinary (not flattened) field"),
            );
        }
    }
}
