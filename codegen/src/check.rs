//! Semantic checks over the whole model. Every problem is reported in one
//! run, each as a [`Diagnostic`] pointing at the marker or field at fault.
//!
//! What is checked:
//! - every marker is a known tag (else the nearest known tag is suggested),
//!   written at a scope the tag allows, on a Rust type it applies to, with
//!   well-formed arguments and payload, and not repeated unless repeatable;
//! - chained markers (`+k8s:eachVal=+k8s:minimum=1`) recursively, against
//!   the element their outer tag selects;
//! - `+listMapKey` only with `+listType=map`; every map key names a
//!   required field of the list's item type;
//! - not both `+optional` and `+required`;
//! - no two fields of a struct share a JSON name, and JSON names agree with
//!   what serde will really write; no inline (`#[serde(flatten)]`) field is
//!   an `Option`;
//! - every referenced type exists and every Rust type maps to the model;
//! - every package names its group.

use std::collections::BTreeSet;

use crate::diagnostics::Diagnostic;
use crate::markers::registry::{self, TAGS};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, TagDef};
use crate::markers::{Marker, Payload, Value};
use crate::model::{Field, FieldType, IntKind, Model, Package, TypeDef, TypeShape};
use crate::tags;

mod cycles;
mod field_types;
mod list_map_keys;
mod names;
mod protobuf;
mod resources;
mod times;
mod unions;

/// Checks the whole model; an empty result means it is sound.
pub fn check(model: &Model) -> Vec<Diagnostic> {
    let mut checker = Checker {
        model,
        errors: Vec::new(),
    };
    for pkg in &model.packages {
        checker.package(pkg);
    }
    for hub in &model.hubs {
        for def in &hub.types {
            checker.type_def(def, true);
        }
    }
    for pkg in &model.packages {
        checker.errors.extend(crate::conversion::check(model, pkg));
    }
    checker.errors
}

/// Checks one type on its own (as a derive macro sees it): its markers and
/// fields, without resolving references to other types.
pub fn check_type(def: &TypeDef) -> Vec<Diagnostic> {
    let model = Model::default();
    let mut checker = Checker {
        model: &model,
        errors: Vec::new(),
    };
    checker.type_def(def, false);
    checker.errors
}

/// The known tag nearest to `name`, for "did you mean" help.
pub fn nearest_tag(name: &str) -> Option<&'static str> {
    // A missing or extra `k8s:` prefix is the most common slip.
    if let Some(def) = registry::lookup(&format!("k8s:{name}")) {
        return Some(def.name);
    }
    if let Some(def) = name.strip_prefix("k8s:").and_then(registry::lookup) {
        return Some(def.name);
    }
    let lower = name.to_ascii_lowercase();
    TAGS.iter()
        .map(|t| {
            (
                strsim::levenshtein(&lower, &t.name.to_ascii_lowercase()),
                t.name,
            )
        })
        .filter(|(d, t)| *d <= (t.len() / 3).max(2))
        .min()
        .map(|(_, t)| t)
}

struct Checker<'m> {
    model: &'m Model,
    errors: Vec<Diagnostic>,
}

/// What a marker is attached to, for scope and type checks.
#[derive(Clone, Copy)]
struct Site<'a> {
    scope: Scope,
    /// The type the tag applies to (the field's type, or the newtype's).
    ty: Option<&'a FieldType>,
    /// The field, when the site is a field.
    field: Option<&'a Field>,
}

impl<'m> Checker<'m> {
    fn push(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    fn package(&mut self, pkg: &Package) {
        if pkg.group.is_none() {
            self.push(
                Diagnostic::new(
                    format!("package `{}` does not name its API group", pkg.module_path.join("/")),
                    &pkg.location,
                    1,
                )
                .label("no `+groupName` marker in this package")
                .help("add `//! +groupName=<group>` to the package's mod.rs (empty for the core group)"),
            );
        }
        self.markers(
            &pkg.markers,
            Site {
                scope: Scope::Package,
                ty: None,
                field: None,
            },
        );
        for def in &pkg.types {
            self.cycles(def);
            self.type_def(def, true);
            self.zero_times(def);
            if def.is_resource() {
                // What the derive of `Resource` reports, reported here too:
                // the generators read the same markers, and without it
                // `cargo xtask generate` wrote a registry that left out
                // what they could not read. A marker the markers' check
                // already refused is not reported twice.
                for d in crate::resource::resource_meta(def)
                    .err()
                    .into_iter()
                    .flatten()
                {
                    let same = |e: &Diagnostic| {
                        e.location.file == d.location.file
                            && e.location.line == d.location.line
                            && e.location.column == d.location.column
                    };
                    if !self.errors.iter().any(same) {
                        self.push(d);
                    }
                }
                self.scale_paths(def);
                self.selectable_fields(def);
                self.printer_columns(def);
            }
        }
    }

    fn type_def(&mut self, def: &TypeDef, resolve: bool) {
        match &def.shape {
            TypeShape::Newtype(ty) => {
                let scope = if matches!(ty.unwrap_optional(), FieldType::List(_)) {
                    Scope::ListType
                } else {
                    Scope::Type
                };
                self.markers(
                    &def.markers,
                    Site {
                        scope,
                        ty: Some(ty),
                        field: None,
                    },
                );
                self.field_type(ty, &def.location, &def.name, resolve);
            }
            TypeShape::Enum(variants) => {
                self.markers(
                    &def.markers,
                    Site {
                        scope: Scope::Type,
                        ty: Some(&FieldType::String),
                        field: None,
                    },
                );
                // The generators take a variant's value from its name or
                // its `rename`: with `rename_all`, serde would write other
                // values than the OpenAPI enum, protobuf and defaults say.
                if let Some(rule) = &def.serde.rename_all {
                    self.push(
                        Diagnostic::new(
                            format!("`#[serde(rename_all = \"{rule}\")]` on enum `{}` is not read by the generators", def.name),
                            &def.location,
                            def.name.len(),
                        )
                        .label("serde would write other values than the generated code")
                        .help("give each variant its value with `#[serde(rename = \"...\")]`, as upstream's constants spell them"),
                    );
                }
                for v in variants {
                    for m in &v.markers {
                        self.push(
                            Diagnostic::new(
                                format!("marker `{}` on an enum variant", m.text),
                                &m.location,
                                m.text.chars().count(),
                            )
                            .label("variants take no markers")
                            .help("put the marker on the enum or on the field that uses it"),
                        );
                    }
                }
            }
            TypeShape::Struct(fields) => {
                self.markers(
                    &def.markers,
                    Site {
                        scope: Scope::Type,
                        ty: None,
                        field: None,
                    },
                );
                self.protobuf_numbers(def, fields);
                self.unions(fields);
                let mut seen = BTreeSet::new();
                let camel = def.serde.rename_all.as_deref() == Some("camelCase");
                for field in fields {
                    self.field(field, resolve);
                    if field.inline {
                        if matches!(field.ty, FieldType::Optional(_)) {
                            self.push(
                                Diagnostic::new(
                                    format!(
                                        "inline field `{}` of `{}` is an `Option`",
                                        field.rust_name, def.name
                                    ),
                                    &field.location,
                                    field.rust_name.len(),
                                )
                                .label("`#[serde(flatten)]` on an `Option`")
                                .help("embed the struct itself, as Go's `json:\",inline\"` embeds a value: the generated field paths and schema read its fields as the parent's"),
                            );
                        }
                        continue;
                    }
                    if let Some(d) = names::unusable_json_name(field) {
                        self.push(d);
                    }
                    if !seen.insert(field.json_name.as_str()) {
                        self.push(
                            Diagnostic::new(
                                format!(
                                    "duplicate JSON name `{}` in `{}`",
                                    field.json_name, def.name
                                ),
                                &field.location,
                                field.rust_name.len(),
                            )
                            .label("a field before this one has the same JSON name")
                            .help("give one of them another `#[serde(rename = \"...\")]`"),
                        );
                    }
                    if !field.renamed && !camel && field.json_name != field.rust_name {
                        self.push(
                            Diagnostic::new(
                                format!(
                                    "serde would write field `{}` as `{}`, not `{}`",
                                    field.rust_name, field.rust_name, field.json_name
                                ),
                                &field.location,
                                field.rust_name.len(),
                            )
                            .label("JSON name differs from the Go convention")
                            .help(format!(
                                "add `#[serde(rename_all = \"camelCase\")]` to `{}` or `#[serde(rename = \"{}\")]` to the field",
                                def.name, field.json_name
                            )),
                        );
                    }
                }
            }
        }
    }

    fn field(&mut self, field: &Field, resolve: bool) {
        self.markers(
            &field.markers,
            Site {
                scope: Scope::Field,
                ty: Some(&field.ty),
                field: Some(field),
            },
        );
        self.field_type(&field.ty, &field.location, &field.rust_name, resolve);

        let attrs = &field.attrs;
        if let (Some(_), Some(req)) = (&attrs.optional, &attrs.required) {
            self.push(
                Diagnostic::new(
                    format!(
                        "field `{}` is marked both optional and required",
                        field.rust_name
                    ),
                    &req.location,
                    req.text.chars().count(),
                )
                .label("conflicts with the optional marker above")
                .help("keep one of `+optional` and `+required`"),
            );
        }
        self.list_map_keys(field, attrs);
        for m in &field.markers {
            for (_, check) in tags::FIELD_CHECKS
                .iter()
                .filter(|(name, _)| m.name == *name)
            {
                self.errors.extend(check(field, m));
            }
        }
    }

    fn markers(&mut self, markers: &[Marker], site: Site<'_>) {
        let mut seen: std::collections::BTreeMap<&str, (&str, Option<&str>)> =
            std::collections::BTreeMap::new();
        for m in markers {
            let Some(def) = self.marker(m, site) else {
                continue;
            };
            // gengo's spelling and declarative validation's (`+listType`,
            // `+k8s:listType`) are one tag, which upstream's types often
            // give in both spellings; with different values each generator
            // read the one it knows.
            let tag = def.name.strip_prefix("k8s:").unwrap_or(def.name);
            if def.repeatable {
                continue;
            }
            match seen.insert(tag, (def.name, m.payload_text())) {
                None => {}
                Some((first, value)) if first != def.name && value == m.payload_text() => {}
                Some((first, _)) => {
                    let help = if first == def.name {
                        "this tag takes one value; keep one line".to_string()
                    } else {
                        format!(
                            "`+{first}` and `+{}` are one tag, here with different values; keep one",
                            def.name
                        )
                    };
                    self.push(
                        Diagnostic::new(
                            format!("`+{}` is given more than once", def.name),
                            &m.location,
                            m.text.chars().count(),
                        )
                        .label("repeated here")
                        .help(help),
                    );
                }
            }
        }
    }

    /// Checks one marker (and its chain); returns its definition when known.
    fn marker(&mut self, m: &Marker, site: Site<'_>) -> Option<&'static TagDef> {
        let name_len = m.name.chars().count() + 1;
        let Some(def) = registry::lookup(&m.name) else {
            let mut d = Diagnostic::new(
                format!("unknown marker `+{}`", m.name),
                &m.location,
                name_len,
            )
            .label("not a known tag");
            d = match nearest_tag(&m.name) {
                Some(near) => d.help(format!(
                    "did you mean `+{near}`? (`cargo xtask markers` lists every tag)"
                )),
                None => d.help("`cargo xtask markers` lists every tag"),
            };
            self.push(d);
            return None;
        };
        if !def.scopes.contains(&site.scope) {
            let allowed: Vec<&str> = def.scopes.iter().map(|s| s.name()).collect();
            self.push(
                Diagnostic::new(
                    format!(
                        "`+{}` cannot be written on a {}",
                        def.name,
                        site.scope.name()
                    ),
                    &m.location,
                    name_len,
                )
                .label(format!("not allowed on a {}", site.scope.name()))
                .help(format!(
                    "`+{}` belongs on a {}",
                    def.name,
                    allowed.join(" or ")
                )),
            );
            return Some(def);
        }
        if let Some(ty) = site.ty
            && !self.applies(def.applies_to, ty)
        {
            self.push(
                Diagnostic::new(
                    format!("`+{}` does not apply to `{}`", def.name, ty.describe()),
                    &m.location,
                    m.text.chars().count(),
                )
                .label(format!("this tag applies to {}", def.applies_to.phrase()))
                .help(format!(
                    "remove the marker, or change the type to {}",
                    def.applies_to.phrase()
                )),
            );
        } else if let Some(ty) = site.ty
            && matches!(
                def.name,
                tags::max_length::NAME
                    | tags::min_length::NAME
                    | tags::pattern::NAME
                    | tags::format::NAME
            )
            && let FieldType::Named(r) = ty.resolved(self.model)
            && matches!(
                self.model.resolve(r).map(|d| &d.shape),
                Some(TypeShape::Enum(_))
            )
        {
            // Go's enums are strings, ours are Rust enums: the generated
            // length check did not compile, the pattern and format checks
            // were left out.
            self.push(
                Diagnostic::new(
                    format!(
                        "`+{}` is not generated for enum `{}`",
                        def.name,
                        ty.describe()
                    ),
                    &m.location,
                    m.text.chars().count(),
                )
                .label("the generated check reads a `String`")
                .help(
                    "list the values the enum allows as its variants, or make the field a `String`",
                ),
            );
        }
        self.args(m, def, site);
        self.payload(m, def, site);
        Some(def)
    }

    fn applies(&self, to: AppliesTo, ty: &FieldType) -> bool {
        let ty = ty.resolved(self.model);
        let named = |ty: &FieldType| match ty {
            FieldType::Named(r) => self.model.resolve(r).map(|d| &d.shape),
            _ => None,
        };
        let is_string =
            matches!(ty, FieldType::String) || matches!(named(ty), Some(TypeShape::Enum(_)));
        let is_struct = matches!(named(ty), Some(TypeShape::Struct(_)))
            || matches!(ty, FieldType::WellKnown(w) if !w.is_string_like())
            || (matches!(ty, FieldType::Named(r) if r.target.is_none()));
        let is_int = matches!(ty, FieldType::Int(_));
        match to {
            AppliesTo::Any => true,
            AppliesTo::String => is_string,
            AppliesTo::Integer => is_int,
            AppliesTo::Number => is_int || matches!(ty, FieldType::Float64),
            AppliesTo::Bool => matches!(ty, FieldType::Bool),
            AppliesTo::List => matches!(ty, FieldType::List(_)),
            AppliesTo::Map => matches!(ty, FieldType::Map(_)),
            AppliesTo::ListOrMap => matches!(ty, FieldType::List(_) | FieldType::Map(_)),
            AppliesTo::Struct => is_struct,
            AppliesTo::StructOrMap => is_struct || matches!(ty, FieldType::Map(_)),
            AppliesTo::Scalar => is_string || is_int || matches!(ty, FieldType::Bool),
            AppliesTo::RawExtension => {
                matches!(
                    ty,
                    FieldType::WellKnown(crate::model::WellKnown::RawExtension)
                )
            }
            AppliesTo::IntOrString => {
                matches!(
                    ty,
                    FieldType::WellKnown(crate::model::WellKnown::IntOrString)
                )
            }
        }
    }

    fn args(&mut self, m: &Marker, def: &TagDef, site: Site<'_>) {
        let bad = |checker: &mut Self, label: String, help: String| {
            checker.push(
                Diagnostic::new(
                    format!("bad arguments to `+{}`", def.name),
                    &m.location,
                    m.text.chars().count(),
                )
                .label(label)
                .help(help),
            );
        };
        match def.args {
            ArgsKind::None if m.has_args => bad(
                self,
                "this tag takes no arguments".into(),
                format!("write `{}`", def.example),
            ),
            ArgsKind::None => {}
            ArgsKind::OneString => match m.args.as_slice() {
                [arg] if arg.name.is_none() && matches!(arg.value, Value::String(_)) => {}
                _ => bad(
                    self,
                    "expected one quoted string argument".into(),
                    format!("write `{}`", def.example),
                ),
            },
            ArgsKind::Named(allowed) => {
                for arg in &m.args {
                    match &arg.name {
                        // Every named argument (a union's name, a
                        // member's name) is a string.
                        Some(n) if allowed.contains(&n.as_str()) => {
                            if !matches!(arg.value, Value::String(_)) {
                                bad(
                                    self,
                                    format!("argument `{n}` is not a string"),
                                    format!("write `{n}: \"...\"`"),
                                );
                            }
                        }
                        _ => bad(
                            self,
                            format!(
                                "unknown argument{}",
                                arg.name
                                    .as_ref()
                                    .map(|n| format!(" `{n}`"))
                                    .unwrap_or_default()
                            ),
                            format!(
                                "`+{}` takes the named arguments: {}",
                                def.name,
                                allowed.join(", ")
                            ),
                        ),
                    }
                }
            }
            ArgsKind::ListMapKeys => {
                let keys: Vec<String> = site
                    .field
                    .map(|f| f.attrs.list_map_keys.clone())
                    .unwrap_or_default();
                let given: BTreeSet<&str> =
                    m.args.iter().filter_map(|a| a.name.as_deref()).collect();
                let wanted: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
                if m.args.iter().any(|a| a.name.is_none()) || given != wanted {
                    bad(
                        self,
                        "arguments must name every list map key".into(),
                        if keys.is_empty() {
                            "declare `+listType=map` and `+listMapKey=...` on this field first"
                                .into()
                        } else {
                            format!("the list map keys are: {}", keys.join(", "))
                        },
                    );
                }
            }
        }
    }

    fn payload(&mut self, m: &Marker, def: &TagDef, site: Site<'_>) {
        let bad = |label: &str| {
            let mut d = Diagnostic::new(
                format!("bad payload for `+{}`", def.name),
                &m.location,
                m.text.chars().count(),
            )
            .label(label.to_string())
            .help(format!("for example: `{}`", def.example));
            if let PayloadKind::OneOf(words) = def.payload {
                d = d.help(format!("expected one of: {}", words.join(", ")));
            }
            d
        };
        let text = m.payload_text();
        // A quoted string that does not read is that, whatever the tag.
        if matches!(
            def.payload,
            PayloadKind::String | PayloadKind::OneOf(_) | PayloadKind::Literal
        ) && let Some(Err(why)) = m.quoted_payload()
        {
            self.push(bad(&format!("the quoted string does not read: {why}")));
            return;
        }
        let problem = match (def.payload, &m.payload) {
            (PayloadKind::Tag, Payload::Tag(inner)) => {
                self.chained(m, inner, def, site);
                None
            }
            (PayloadKind::Tag, _) => Some(bad(
                "expected a chained tag after `=`, such as `+k8s:minimum=1`",
            )),
            (_, Payload::Tag(_)) => Some(bad("this tag does not take a chained tag")),
            (PayloadKind::None, Payload::Text(_)) => Some(bad("this tag takes no value")),
            (PayloadKind::None, _) => None,
            (PayloadKind::OptionalBool, Payload::None) => None,
            (PayloadKind::OptionalBool, _) => {
                (!matches!(text, Some("true" | "false"))).then(|| bad("expected `true` or `false`"))
            }
            (_, Payload::None) => Some(bad("this tag needs a value after `=`")),
            (PayloadKind::NonNegativeInt, _) => match text.and_then(crate::markers::parse_go_int) {
                Some(n) if n >= 0 => None,
                _ => Some(bad("expected a non-negative integer")),
            },
            (PayloadKind::Int, _) => text
                .and_then(crate::markers::parse_go_int)
                .is_none()
                .then(|| bad("expected an integer")),
            (PayloadKind::String, _) => match m.payload_string() {
                None => Some(bad("expected a string")),
                Some(re) if def.name == tags::pattern::NAME => {
                    regex::Regex::new(&re).err().map(|e| {
                        // The last line of regex's report names the problem.
                        let e = e.to_string();
                        let why = e.lines().last().unwrap_or("").trim_start_matches("error: ");
                        bad(&format!("not a valid regular expression: {why}"))
                    })
                }
                Some(_) => None,
            },
            (PayloadKind::OneOf(words), _) => match m.payload_string() {
                Some(w) if words.contains(&w.as_str()) => None,
                _ => Some(bad("not one of the allowed values")),
            },
            (PayloadKind::Json, _) => {
                match serde_json::from_str::<serde_json::Value>(text.unwrap_or("")) {
                    Ok(_) => None,
                    Err(e) => Some(bad(&format!("not valid JSON: {e}"))),
                }
            }
            (PayloadKind::Literal, _) => {
                let t = text.unwrap_or("");
                let is_bool = t == "true" || t == "false";
                let is_int = crate::markers::parse_go_int(t).is_some();
                let is_string = t.starts_with('"') && m.payload_string().is_some();
                // The literal's kind is the field's: `"true"` on a bool
                // once compared the text with `true` and refused `false`.
                let wanted = site.ty.map(|ty| match ty.resolved(self.model) {
                    FieldType::Bool => Ok((is_bool, "`true` or `false`, as the field is a bool")),
                    FieldType::Int(_) => Ok((is_int, "an integer, as the field is one")),
                    FieldType::String => {
                        Ok((is_string, "a quoted string, as the field is a string"))
                    }
                    FieldType::Named(r)
                        if matches!(
                            self.model.resolve(r).map(|d| &d.shape),
                            Some(TypeShape::Enum(_))
                        ) =>
                    {
                        Err("not generated for an enum field: the generated validation compares strings, integers and bools")
                    }
                    _ => Ok((is_bool || is_int || is_string, "")),
                });
                match wanted {
                    Some(Ok((true, _))) => None,
                    Some(Ok((false, kind))) if !kind.is_empty() => {
                        Some(bad(&format!("expected {kind}")))
                    }
                    Some(Err(why)) => Some(bad(why)),
                    _ => (!(is_bool || is_int || is_string))
                        .then(|| bad("expected a quoted string, an integer or a bool")),
                }
            }
            (PayloadKind::KeyValueList(keys), _) => match m.key_values() {
                Err(e) => Some(bad(&e)),
                Ok(pairs) => {
                    pairs
                        .iter()
                        .find(|(k, _)| !keys.contains(&k.as_str()))
                        .map(|(k, _)| {
                            bad(&format!(
                                "unknown key `{k}`; expected one of: {}",
                                keys.join(", ")
                            ))
                        })
                }
            },
        };
        if let Some(d) = problem {
            self.push(d);
        }
        if def.payload == PayloadKind::Json
            && let (Some(ty), Some(t)) = (site.ty, text)
            && let Ok(v) = serde_json::from_str::<serde_json::Value>(t)
            && !self.json_fits(&v, ty)
        {
            self.push(
                Diagnostic::new(
                    format!("default `{t}` does not fit `{}`", ty.describe()),
                    &m.location,
                    m.text.chars().count(),
                )
                .label("wrong JSON type for this field")
                .help("write the default as the JSON this field serializes to"),
            );
        } else if def.name == crate::tags::default::NAME
            && let (Some(ty), Some(t)) = (site.ty, text)
            && let Ok(v) = serde_json::from_str::<serde_json::Value>(t)
            && crate::generators::defaults::field_default(self.model, ty, &v, &|r| {
                let name = quote::format_ident!("{}", r.name());
                quote::quote! { #name }
            })
            .is_none()
        {
            self.push(
                Diagnostic::new(
                    format!("default `{t}` cannot be written as a Rust value of `{}`", ty.describe()),
                    &m.location,
                    m.text.chars().count(),
                )
                .label("the generated defaulting has no Rust value for this")
                .help("a default is a boolean, a number, a string, one of the enum's values (on an `Option` of the enum, which has no unset value otherwise), or `{}`/`[]` for a struct, map or list; default anything else in a `+defaulting:hook`"),
            );
        }
    }

    fn json_fits(&self, v: &serde_json::Value, ty: &FieldType) -> bool {
        use serde_json::Value as J;
        match (v, ty.resolved(self.model)) {
            (_, FieldType::WellKnown(_) | FieldType::Named(_)) => true,
            (J::Bool(_), FieldType::Bool) => true,
            // In the Rust type's range: an unsuffixed literal out of it
            // fails to compile in the generated defaults. (`Small` stands
            // for several widths, which rustc checks.)
            (J::Number(n), FieldType::Int(IntKind::I32)) => {
                n.as_i64().is_some_and(|n| i32::try_from(n).is_ok())
            }
            (J::Number(n), FieldType::Int(IntKind::I64)) => n.is_i64(),
            (J::Number(n), FieldType::Int(IntKind::U64)) => n.is_u64(),
            (J::Number(n), FieldType::Int(IntKind::Small)) => n.is_i64() || n.is_u64(),
            (J::Number(_), FieldType::Float64) => true,
            (J::String(_), FieldType::String | FieldType::Bytes) => true,
            (J::Array(_), FieldType::List(_)) => true,
            (J::Object(_), FieldType::Map(_)) => true,
            _ => false,
        }
    }

    /// Checks the inner marker of a chain against the element the outer tag
    /// selects.
    fn chained(&mut self, outer: &Marker, inner: &Marker, def: &TagDef, site: Site<'_>) {
        let resolved = site.ty.map(|t| t.resolved(self.model));
        let element: Option<FieldType> = match (def.name, resolved) {
            (tags::each_val::NAME, Some(FieldType::List(t) | FieldType::Map(t))) => {
                Some((**t).clone())
            }
            (tags::each_key::NAME, Some(FieldType::Map(_))) => Some(FieldType::String),
            (tags::item::NAME, Some(FieldType::List(t))) => Some((**t).clone()),
            (tags::subfield::NAME, Some(FieldType::Named(r))) => {
                let name = match outer.positional_arg() {
                    Some(Value::String(s)) => s.clone(),
                    _ => String::new(),
                };
                match self.model.resolve(r) {
                    Some(d) => match d.fields().iter().find(|f| f.json_name == name) {
                        Some(f) => Some(f.ty.clone()),
                        None => {
                            self.push(
                                Diagnostic::new(
                                    format!("`{}` has no field `{name}`", d.name),
                                    &outer.location,
                                    outer.text.chars().count(),
                                )
                                .label("no such JSON field")
                                .help(format!(
                                    "the fields of `{}` are: {}",
                                    d.name,
                                    d.fields()
                                        .iter()
                                        .map(|f| f.json_name.as_str())
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                )),
                            );
                            return;
                        }
                    },
                    None => None,
                }
            }
            _ => site.ty.cloned(),
        };
        let inner_site = Site {
            scope: site.scope,
            ty: element.as_ref(),
            field: site.field,
        };
        // The selected element is checked as a field would be, whatever the
        // outer site's scope.
        let inner_site = Site {
            scope: if site.scope == Scope::ListType {
                Scope::Field
            } else {
                inner_site.scope
            },
            ..inner_site
        };
        let Some(d) = self.marker(inner, inner_site) else {
            return;
        };
        if !d.name.starts_with("k8s:") {
            self.push(
                Diagnostic::new(
                    format!("`+{}` cannot be chained", d.name),
                    &inner.location,
                    inner.text.chars().count(),
                )
                .label("only declarative validation tags (`+k8s:...`) can follow another tag")
                .help("write this tag on its own line"),
            );
            return;
        }
        // A tag that selects items, keys or a subfield passes them to a
        // validation tag; anything else would do nothing there (an opaque
        // item type aside), and is refused rather than ignored.
        let selects = [
            tags::each_val::NAME,
            tags::each_key::NAME,
            tags::item::NAME,
            tags::subfield::NAME,
        ];
        let opaque_items = def.name == tags::each_val::NAME && d.name == tags::opaque_type::NAME;
        if selects.contains(&def.name) && tags::validator(d.name).is_none() && !opaque_items {
            self.push(
                Diagnostic::new(
                    format!("`+{}` has no effect after `+{}`", d.name, def.name),
                    &inner.location,
                    inner.text.chars().count(),
                )
                .label("only a validation tag applies to what this tag selects")
                .help("write this tag on the field itself, or remove it"),
            );
        }
    }
}
