//! Unions of a struct: each is of one kind, exactly one member set
//! (`+k8s:unionMember`) or at most one (`+k8s:zeroOrOneOfMember`).

use std::collections::BTreeMap;

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::markers::Value;
use crate::model::Field;
use crate::tags;

impl Checker<'_> {
    /// Reports a member whose tag is not the one the union's first member
    /// has: the validation generator gave the whole union the last
    /// member's kind.
    pub(super) fn unions(&mut self, fields: &[Field]) {
        let mut kinds: BTreeMap<String, &str> = BTreeMap::new();
        for m in fields.iter().flat_map(|f| &f.markers) {
            let name = m.name.as_str();
            if name != tags::union_member::NAME && name != tags::zero_or_one_of_member::NAME {
                continue;
            }
            let union = match m.arg("union") {
                Some(Value::String(s)) => s.clone(),
                _ => String::new(),
            };
            let first = *kinds.entry(union.clone()).or_insert(name);
            if first != name {
                let shown = if union.is_empty() {
                    "the struct's union".to_string()
                } else {
                    format!("union `{union}`")
                };
                self.push(
                    Diagnostic::new(
                        format!("`+{name}` in {shown}, whose first member is a `+{first}`"),
                        &m.location,
                        m.text.chars().count(),
                    )
                    .label("a union's members are all `+k8s:unionMember` (exactly one set) or all `+k8s:zeroOrOneOfMember` (at most one)")
                    .help("use the first member's tag, or name another union with `union: \"...\"`"),
                );
            }
        }
    }
}
