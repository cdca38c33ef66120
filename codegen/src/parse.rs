//! Reads annotated Rust sources into the [`Model`].
//!
//! A package is a directory `<group>/<version>/` under the crate's `src/`
//! (the Rust twin of `k8s.io/api/<group>/<version>`). Its files' inner doc
//! comments (`//! +groupName=example.dev`) are package markers; every `pub`
//! struct and enum is a type; doc-comment lines starting with `+` are
//! markers and the other lines are the description. Files whose names start
//! with `zz_generated` are generator output and are skipped.
//!
//! [`parse_tree`] reads a whole crate; [`parse_derive_input`] reads one item
//! handed to a derive macro, through the same code.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use syn::spanned::Spanned;

use crate::diagnostics::Diagnostic;
use crate::markers::{self, Marker};
use crate::model::{
    ContainerSerde, Field, FieldType, IntKind, Location, Model, Package, TypeDef, TypeRef,
    TypeShape, Variant, WellKnown, lower_camel,
};

/// Whether a directory name is a Kubernetes version: `v1`, `v1beta1`, `v2alpha3`.
pub fn is_version(name: &str) -> bool {
    let Some(rest) = name.strip_prefix('v') else {
        return false;
    };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || rest.starts_with('0') {
        return false;
    }
    let tail = &rest[digits..];
    if tail.is_empty() {
        return true;
    }
    let Some(num) = tail
        .strip_prefix("alpha")
        .or_else(|| tail.strip_prefix("beta"))
    else {
        return false;
    };
    !num.is_empty() && num.chars().all(|c| c.is_ascii_digit()) && !num.starts_with('0')
}

/// Reads every package under `src` (a crate's `src/` directory).
///
/// Errors: unreadable files and Rust syntax errors, as diagnostics; marker
/// syntax errors are diagnostics too. Semantic problems (unknown tags, bad
/// payloads...) are left to [`crate::check`].
pub fn parse_tree(src: &Path) -> Result<Model, Vec<Diagnostic>> {
    let mut dirs = Vec::new();
    collect_package_dirs(src, src, &mut dirs).map_err(|e| {
        vec![Diagnostic::new(
            format!("cannot read {}: {e}", src.display()),
            &Location::new(src, 1, 1),
            1,
        )]
    })?;
    dirs.sort();
    let mut model = Model::default();
    let mut errors = Vec::new();
    for (dir, module_path) in dirs {
        match parse_package(&dir, module_path) {
            Ok(Some(pkg)) => model.packages.push(pkg),
            Ok(None) => {}
            Err(mut e) => errors.append(&mut e),
        }
    }
    let hubs = read_hubs(src, &model.packages, &mut errors);
    // Hubs are resolved with the versioned packages (their references to
    // served types find them), then kept apart.
    let served = model.packages.len();
    model.packages.extend(hubs);
    resolve_references(&mut model);
    model.hubs = model.packages.split_off(served);
    if errors.is_empty() {
        Ok(model)
    } else {
        Err(errors)
    }
}

/// Reads each internal (hub) package a versioned package names with
/// `+k8s:conversion-gen=<module path>`: the module directory under `src`
/// (`src/example/` for `example`), its files beside its version modules.
/// A hub that cannot be found is an error at the marker.
fn read_hubs(src: &Path, packages: &[Package], errors: &mut Vec<Diagnostic>) -> Vec<Package> {
    let mut hubs: Vec<Package> = Vec::new();
    for pkg in packages {
        let Some(module_path) = pkg.conversion_hub() else {
            continue;
        };
        if hubs.iter().any(|h| h.module_path == module_path) {
            continue;
        }
        let dir = module_path.iter().fold(src.to_path_buf(), |d, s| d.join(s));
        let marker = pkg
            .markers
            .iter()
            .find(|m| m.name == crate::tags::conversion_gen::NAME);
        let location = marker.map_or_else(|| pkg.location.clone(), |m| m.location.clone());
        let width = marker.map_or(1, |m| m.text.chars().count());
        match parse_package(&dir, module_path.clone()) {
            Ok(Some(mut hub)) => {
                hub.version = String::new();
                hubs.push(hub);
            }
            Ok(None) | Err(_) if !dir.is_dir() => errors.push(
                Diagnostic::new(
                    format!(
                        "internal package `{}` not found: {} is not a directory",
                        module_path.join("::"),
                        dir.display()
                    ),
                    &location,
                    width,
                )
                .label("the package converts to and from this internal package")
                .help("name the module of the group's internal types, as `+k8s:conversion-gen=example`"),
            ),
            Ok(None) => errors.push(
                Diagnostic::new(
                    format!(
                        "internal package `{}` has no Rust files in {}",
                        module_path.join("::"),
                        dir.display()
                    ),
                    &location,
                    width,
                )
                .label("the package converts to and from this internal package"),
            ),
            Err(mut e) => errors.append(&mut e),
        }
    }
    hubs
}

fn collect_package_dirs(
    root: &Path,
    dir: &Path,
    out: &mut Vec<(PathBuf, Vec<String>)>,
) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if !entry.file_type()?.is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_version(&name) && path.parent() != Some(root) {
            let module_path = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push((path.clone(), module_path));
        }
        collect_package_dirs(root, &path, out)?;
    }
    Ok(())
}

/// Reads one package directory. `Ok(None)` when it holds no Rust file.
fn parse_package(dir: &Path, module_path: Vec<String>) -> Result<Option<Package>, Vec<Diagnostic>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| {
            vec![Diagnostic::new(
                format!("cannot read {}: {e}", dir.display()),
                &Location::new(dir, 1, 1),
                1,
            )]
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "rs")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("zz_generated"))
        })
        .collect();
    // mod.rs first (the package comment lives there), then by name.
    files.sort_by_key(|p| (p.file_name().is_none_or(|n| n != "mod.rs"), p.clone()));
    if files.is_empty() {
        return Ok(None);
    }
    let version = module_path.last().cloned().unwrap_or_default();
    let mut pkg = Package {
        group: None,
        version,
        module_path,
        dir: dir.to_path_buf(),
        markers: Vec::new(),
        description: String::new(),
        types: Vec::new(),
        location: Location::new(&files[0], 1, 1),
        functions: Vec::new(),
    };
    // The generated code names the package by its module path, which is
    // its directories under the root.
    if let Some(segment) = pkg
        .module_path
        .iter()
        .find(|segment| syn::parse_str::<syn::Ident>(segment).is_err())
    {
        return Err(vec![
            Diagnostic::new(
                format!(
                    "package directory `{segment}` in {} is not a Rust module name",
                    dir.display()
                ),
                &pkg.location,
                1,
            )
            .label("generated code reaches this package through its directories, as a module path")
            .help("name the directory with a Rust identifier that is not a keyword (`example` for the group `example.dev`: the group's name comes from `+groupName`)"),
        ]);
    }
    let mut errors = Vec::new();
    let mut descriptions = Vec::new();
    for file in &files {
        let source = match std::fs::read_to_string(file) {
            Ok(s) => s,
            Err(e) => {
                errors.push(Diagnostic::new(
                    format!("cannot read {}: {e}", file.display()),
                    &Location::new(file, 1, 1),
                    1,
                ));
                continue;
            }
        };
        let ast = match syn::parse_file(&source) {
            Ok(ast) => ast,
            Err(e) => {
                let start = e.span().start();
                errors.push(Diagnostic::new(
                    format!("cannot parse Rust: {e}"),
                    &Location::new(file, start.line, start.column + 1),
                    1,
                ));
                continue;
            }
        };
        let ctx = FileContext {
            file: file.clone(),
            source: Some(source.as_str()),
            uses: use_map(&ast.items),
        };
        let docs = ctx.docs(&ast.attrs, &mut errors);
        pkg.markers.extend(docs.markers);
        if !docs.description.is_empty() {
            descriptions.push(docs.description);
        }
        for item in &ast.items {
            let parsed = match item {
                syn::Item::Struct(s) if is_pub(&s.vis) => {
                    Some(ctx.type_def(&s.ident, &s.attrs, Body::Fields(&s.fields), &mut errors))
                }
                syn::Item::Enum(e) if is_pub(&e.vis) => {
                    Some(ctx.type_def(&e.ident, &e.attrs, Body::Variants(&e.variants), &mut errors))
                }
                syn::Item::Fn(f) => {
                    pkg.functions.push(f.sig.ident.to_string());
                    None
                }
                _ => None,
            };
            pkg.types.extend(parsed);
        }
    }
    pkg.description = descriptions.join("\n\n");
    pkg.group = pkg
        .markers
        .iter()
        .find(|m| m.name == crate::tags::group_name::NAME)
        .map(|m| m.payload_string().unwrap_or_default());
    if errors.is_empty() {
        Ok(Some(pkg))
    } else {
        Err(errors)
    }
}

/// Whether a doc attribute's text is a block comment written with a `*`
/// at the start of each line after the first (`/**` then ` * text`
/// lines), as rustdoc recognises one to take the stars off: every line
/// after the first that has text starts with `*` (a closing line of only
/// spaces counts as empty).
fn block_comment_stars(text: &str) -> bool {
    let mut rest = text
        .split('\n')
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .peekable();
    rest.peek().is_some() && rest.all(|l| l.trim_start().starts_with('*'))
}

/// The help for a marker that does not parse: the tag's example when its
/// name is a tag, else the nearest tag's name (`+k8s:maxLenght 10`).
fn malformed_marker_help(marker_text: &str) -> Option<String> {
    let name = markers::tag_name(marker_text);
    match crate::markers::registry::lookup(name) {
        Some(def) => Some(format!("for example: `{}`", def.example)),
        None => crate::check::nearest_tag(name).map(|tag| format!("did you mean `+{tag}`?")),
    }
}

fn is_pub(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

/// Reads one item given to a derive macro into a [`TypeDef`]. Locations
/// carry the item's spans; `file` is used for display only.
///
/// Errors: marker syntax errors, as diagnostics.
pub fn parse_derive_input(
    input: &syn::DeriveInput,
    file: &Path,
) -> Result<TypeDef, Vec<Diagnostic>> {
    let ctx = FileContext {
        file: file.to_path_buf(),
        source: None,
        uses: BTreeMap::new(),
    };
    let mut errors = Vec::new();
    let def = match &input.data {
        syn::Data::Struct(s) => ctx.type_def(
            &input.ident,
            &input.attrs,
            Body::Fields(&s.fields),
            &mut errors,
        ),
        syn::Data::Enum(e) => ctx.type_def(
            &input.ident,
            &input.attrs,
            Body::Variants(&e.variants),
            &mut errors,
        ),
        syn::Data::Union(_) => {
            return Err(vec![Diagnostic::new(
                "unions are not Kubernetes types",
                &location_of(&ctx.file, input.ident.span()),
                input.ident.to_string().len(),
            )]);
        }
    };
    if errors.is_empty() {
        Ok(def)
    } else {
        Err(errors)
    }
}

/// Reads the package markers (`//! +...`) of a file's inner attributes.
pub fn parse_package_markers(
    attrs: &[syn::Attribute],
    file: &Path,
    source: Option<&str>,
) -> Result<Vec<Marker>, Vec<Diagnostic>> {
    let ctx = FileContext {
        file: file.to_path_buf(),
        source,
        uses: BTreeMap::new(),
    };
    let mut errors = Vec::new();
    let docs = ctx.docs(attrs, &mut errors);
    if errors.is_empty() {
        Ok(docs.markers)
    } else {
        Err(errors)
    }
}

/// The group and version of the package a source file belongs to, as a
/// derive macro needs them: the version is the nearest enclosing directory
/// named like a version (`v1`, `v1beta1`); the group is the `+groupName`
/// marker of that directory's `mod.rs`, or of the file itself.
///
/// Errors: the file is in no version directory, a file cannot be read or
/// parsed, or no `+groupName` marker is found (with what to write).
pub fn package_identity(file: &Path) -> Result<(String, String), String> {
    let dir = file
        .ancestors()
        .skip(1)
        .find(|d| d.file_name().is_some_and(|n| is_version(&n.to_string_lossy())))
        .ok_or_else(|| {
            format!(
                "`{}` is not inside a `<group>/<version>/` package directory (such as `src/example/v1/`)",
                file.display()
            )
        })?;
    let version = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut candidates = vec![dir.join("mod.rs")];
    if candidates[0] != file {
        candidates.push(file.to_path_buf());
    }
    for candidate in candidates.iter().filter(|c| c.exists()) {
        let source = std::fs::read_to_string(candidate)
            .map_err(|e| format!("cannot read {}: {e}", candidate.display()))?;
        let ast = syn::parse_file(&source)
            .map_err(|e| format!("cannot parse {}: {e}", candidate.display()))?;
        let markers =
            parse_package_markers(&ast.attrs, candidate, Some(&source)).map_err(|errors| {
                errors
                    .iter()
                    .map(Diagnostic::short)
                    .collect::<Vec<_>>()
                    .join("\n")
            })?;
        if let Some(m) = markers
            .iter()
            .find(|m| m.name == crate::tags::group_name::NAME)
        {
            // A quoted group that does not read is not the core group.
            let group = match m.quoted_payload() {
                Some(Err(why)) => {
                    return Err(format!(
                        "{}:{}: `+{}` does not read: {why}",
                        candidate.display(),
                        m.location.line,
                        m.name
                    ));
                }
                Some(Ok(group)) => group,
                None => m.payload_text().unwrap_or_default().to_string(),
            };
            return Ok((group, version));
        }
    }
    Err(format!(
        "package `{}` does not name its API group; add `//! +groupName=<group>` to its mod.rs (empty for the core group)",
        dir.display()
    ))
}

enum Body<'a> {
    Fields(&'a syn::Fields),
    Variants(&'a syn::punctuated::Punctuated<syn::Variant, syn::Token![,]>),
}

struct Docs {
    description: String,
    markers: Vec<Marker>,
}

struct FileContext<'a> {
    file: PathBuf,
    source: Option<&'a str>,
    /// `use` imports of the file: last ident -> full path.
    uses: BTreeMap<String, Vec<String>>,
}

fn location_of(file: &Path, span: proc_macro2::Span) -> Location {
    let start = span.start();
    Location {
        file: file.to_path_buf(),
        line: start.line.max(1),
        column: start.column + 1,
        span,
    }
}

impl FileContext<'_> {
    /// Splits doc attributes into description lines and markers.
    fn docs(&self, attrs: &[syn::Attribute], errors: &mut Vec<Diagnostic>) -> Docs {
        let mut lines = Vec::new();
        let mut found = Vec::new();
        for attr in attrs {
            if !attr.path().is_ident("doc") {
                continue;
            }
            let syn::Meta::NameValue(nv) = &attr.meta else {
                continue;
            };
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            else {
                continue;
            };
            let text = s.value();
            let base = self.doc_text_location(attr.span());
            let starred = block_comment_stars(&text);
            for (i, line) in text.split('\n').enumerate() {
                // A block comment's ` * ` before the text, as rustdoc
                // takes it off; `prefix` keeps the columns right.
                let (prefix, line) = match line.trim_start().strip_prefix('*') {
                    Some(rest) if starred && i > 0 => (line.len() - rest.len(), rest),
                    _ => (0, line),
                };
                if let Some((offset, marker_text)) = markers::marker_lines(line) {
                    let offset = prefix + offset;
                    let location = if i == 0 {
                        base.offset_columns(offset)
                    } else {
                        Location {
                            line: base.line + i,
                            column: offset + 1,
                            ..base.clone()
                        }
                    };
                    match markers::parse_marker(marker_text, location.clone()) {
                        Ok(m) => found.push(m),
                        Err(e) => {
                            let mut d = Diagnostic::new(
                                format!("malformed marker `{marker_text}`: {}", e.message),
                                &location.offset_columns(e.offset),
                                1,
                            )
                            .label(e.message.clone());
                            if let Some(help) = malformed_marker_help(marker_text) {
                                d = d.help(help);
                            }
                            errors.push(d);
                        }
                    }
                } else {
                    lines.push(
                        line.strip_prefix(' ')
                            .unwrap_or(line)
                            .trim_end()
                            .to_string(),
                    );
                }
            }
        }
        while lines.first().is_some_and(|l| l.is_empty()) {
            lines.remove(0);
        }
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        Docs {
            description: lines.join("\n"),
            markers: found,
        }
    }

    /// Where the text of a doc comment starts: after `///` or `//!` when the
    /// source shows a line comment at the attribute's span.
    fn doc_text_location(&self, span: proc_macro2::Span) -> Location {
        let loc = location_of(&self.file, span);
        let Some(source) = self.source else {
            return loc;
        };
        let Some(line) = source.lines().nth(loc.line.saturating_sub(1)) else {
            return loc;
        };
        let from: String = line.chars().skip(loc.column - 1).collect();
        if ["///", "//!", "/**", "/*!"]
            .iter()
            .any(|c| from.starts_with(c))
        {
            loc.offset_columns(3)
        } else {
            loc
        }
    }

    fn type_def(
        &self,
        ident: &syn::Ident,
        attrs: &[syn::Attribute],
        body: Body<'_>,
        errors: &mut Vec<Diagnostic>,
    ) -> TypeDef {
        let docs = self.docs(attrs, errors);
        let serde = container_serde(attrs);
        let location = location_of(&self.file, ident.span());
        let shape = match body {
            Body::Fields(syn::Fields::Named(named)) => {
                TypeShape::Struct(named.named.iter().map(|f| self.field(f, errors)).collect())
            }
            Body::Fields(syn::Fields::Unnamed(unnamed)) if unnamed.unnamed.len() == 1 => {
                let inner = &unnamed.unnamed[0];
                // Markers describe the newtype, as Go's on `type Ports
                // []Port`; on the field inside they were not read.
                let inner_docs = self.docs(&inner.attrs, errors);
                if let Some(m) = inner_docs.markers.first() {
                    errors.push(
                        Diagnostic::new(
                            format!("marker `{}` on the field inside newtype `{ident}`", m.text),
                            &m.location,
                            m.text.chars().count(),
                        )
                        .label("markers on a newtype's field are not read")
                        .help(format!("put the markers in the doc comment of `{ident}` itself")),
                    );
                }
                TypeShape::Newtype(self.field_type(&inner.ty))
            }
            Body::Fields(fields) => {
                // serde writes a unit struct as `null` and a tuple struct
                // of several fields as an array: neither is an object the
                // schema, protobuf and field manager could describe.
                let (what, serde_writes, help) = match fields {
                    syn::Fields::Unit => (
                        "a unit struct".to_string(),
                        "null",
                        format!("declare it with braces: `pub struct {ident} {{}}`"),
                    ),
                    _ => (
                        format!("a tuple struct of {} fields", fields.len()),
                        "an array",
                        "name its fields: `pub struct Pair { pub first: String, pub second: String }`"
                            .to_string(),
                    ),
                };
                errors.push(
                    Diagnostic::new(
                        format!("API type `{ident}` is {what}"),
                        &location,
                        ident.to_string().len(),
                    )
                    .label(format!("serde writes it as {serde_writes}, not as an object"))
                    .help(help),
                );
                TypeShape::Struct(Vec::new())
            }
            Body::Variants(variants) => TypeShape::Enum(
                variants
                    .iter()
                    .map(|v| {
                        let docs = self.docs(&v.attrs, errors);
                        let attrs = serde_attrs(&v.attrs);
                        // An API enum is a string: a variant with data
                        // (or a discriminant) would serialize otherwise
                        // than the OpenAPI enum of names says.
                        if !matches!(v.fields, syn::Fields::Unit) || v.discriminant.is_some() {
                            errors.push(
                                Diagnostic::new(
                                    format!(
                                        "variant `{}` of enum `{ident}` is not a plain name",
                                        v.ident
                                    ),
                                    &location_of(&self.file, v.ident.span()),
                                    v.ident.to_string().chars().count(),
                                )
                                .label("API enums are strings: variants without data or values")
                                .help("model a value with data as a struct with optional members (a union), as upstream's types do"),
                            );
                        }
                        Variant {
                            name: v.ident.to_string(),
                            value: attrs.rename.unwrap_or_else(|| v.ident.to_string()),
                            description: docs.description,
                            markers: docs.markers,
                            location: location_of(&self.file, v.ident.span()),
                        }
                    })
                    .collect(),
            ),
        };
        TypeDef {
            name: ident.to_string(),
            description: docs.description,
            attrs: crate::attr::TypeAttrs::read(&docs.markers),
            markers: docs.markers,
            shape,
            location,
            serde,
            derives_resource: derives(attrs, "Resource"),
        }
    }

    fn field(&self, f: &syn::Field, errors: &mut Vec<Diagnostic>) -> Field {
        let docs = self.docs(&f.attrs, errors);
        let serde = serde_attrs(&f.attrs);
        let ident = f.ident.as_ref().map(|i| i.to_string()).unwrap_or_default();
        let rust_name = ident.trim_start_matches("r#").to_string();
        let location = f
            .ident
            .as_ref()
            .map(|i| location_of(&self.file, i.span()))
            .unwrap_or_else(|| location_of(&self.file, f.span()));
        Field {
            json_name: serde
                .rename
                .clone()
                .unwrap_or_else(|| lower_camel(&rust_name)),
            renamed: serde.rename.is_some(),
            rust_name,
            ty: self.field_type(&f.ty),
            description: docs.description,
            attrs: crate::attr::FieldAttrs::read(&docs.markers),
            markers: docs.markers,
            inline: serde.flatten,
            skip_serializing_if: serde.skip_serializing_if,
            deserialize_with: serde.deserialize_with,
            location,
        }
    }

    /// Maps a Rust type to a [`FieldType`].
    fn field_type(&self, ty: &syn::Type) -> FieldType {
        let syn::Type::Path(tp) = ty else {
            return FieldType::Unsupported(quote::ToTokens::to_token_stream(ty).to_string());
        };
        if tp.qself.is_some() {
            return FieldType::Unsupported(quote::ToTokens::to_token_stream(ty).to_string());
        }
        let segments: Vec<String> = tp
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let Some(last) = tp.path.segments.last() else {
            return FieldType::Unsupported(String::new());
        };
        let generic = |i: usize| -> Option<&syn::Type> {
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                return None;
            };
            args.args
                .iter()
                .filter_map(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                })
                .nth(i)
        };
        let name = last.ident.to_string();
        match (segments.len(), name.as_str()) {
            (1, "bool") => FieldType::Bool,
            (1, "i32") => FieldType::Int(IntKind::I32),
            (1, "i64") => FieldType::Int(IntKind::I64),
            (1, "u64") => FieldType::Int(IntKind::U64),
            (1, "u8" | "u16" | "u32" | "i8" | "i16") => FieldType::Int(IntKind::Small),
            (1, "f64") => FieldType::Float64,
            // Reported by `check` with what to use instead.
            (1, "f32" | "usize" | "isize" | "i128" | "u128" | "char") => {
                FieldType::Unsupported(name.clone())
            }
            (_, "String") => FieldType::String,
            (_, "Option") => match generic(0) {
                Some(t) => FieldType::Optional(Box::new(self.field_type(t))),
                None => FieldType::Unsupported("Option".into()),
            },
            (_, "Box") => match generic(0) {
                Some(t) => self.field_type(t),
                None => FieldType::Unsupported("Box".into()),
            },
            (_, "Vec") => match generic(0) {
                Some(syn::Type::Path(p)) if p.path.is_ident("u8") => FieldType::Bytes,
                Some(t) => FieldType::List(Box::new(self.field_type(t))),
                None => FieldType::Unsupported("Vec".into()),
            },
            (_, "BTreeMap") => match (generic(0), generic(1)) {
                (Some(k), Some(v)) if matches!(self.field_type(k), FieldType::String) => {
                    FieldType::Map(Box::new(self.field_type(v)))
                }
                _ => FieldType::Unsupported(quote::ToTokens::to_token_stream(ty).to_string()),
            },
            (_, "HashMap") => FieldType::Unsupported(
                "HashMap (use BTreeMap<String, _> for a deterministic order)".into(),
            ),
            _ => {
                let written = if segments.len() == 1 {
                    self.uses.get(&name).cloned().unwrap_or(segments)
                } else {
                    segments
                };
                if let Some(w) = WellKnown::from_rust_name(&name)
                    && is_well_known_path(&written)
                {
                    return FieldType::WellKnown(w);
                }
                FieldType::Named(TypeRef {
                    written,
                    target: None,
                })
            }
        }
    }
}

/// A path names a well-known type when it is bare (`Time`) or goes through
/// the runtime's meta module (`runtime::meta::Time`, or `crate::meta::Time`
/// inside the runtime).
fn is_well_known_path(written: &[String]) -> bool {
    written.len() == 1
        || written.first().is_some_and(|s| s == "runtime")
        || (written.first().is_some_and(|s| s == "crate")
            && written.get(1).is_some_and(|s| s == "meta"))
}

/// Whether `#[derive(...)]` among `attrs` names `name` (bare or as a path's
/// last segment).
fn derives(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .any(|a| {
            let mut found = false;
            let _ = a.parse_nested_meta(|m| {
                if m.path.segments.last().is_some_and(|s| s.ident == name) {
                    found = true;
                }
                Ok(())
            });
            found
        })
}

/// `use` declarations: the last segment (or its alias) -> the full path.
fn use_map(items: &[syn::Item]) -> BTreeMap<String, Vec<String>> {
    fn walk(
        tree: &syn::UseTree,
        prefix: &mut Vec<String>,
        out: &mut BTreeMap<String, Vec<String>>,
    ) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                walk(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut full = prefix.clone();
                full.push(n.ident.to_string());
                out.insert(n.ident.to_string(), full);
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                full.push(r.ident.to_string());
                out.insert(r.rename.to_string(), full);
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    walk(t, prefix, out);
                }
            }
            syn::UseTree::Glob(_) => {}
        }
    }
    let mut out = BTreeMap::new();
    for item in items {
        if let syn::Item::Use(u) = item {
            walk(&u.tree, &mut Vec::new(), &mut out);
        }
    }
    out
}

#[derive(Default)]
struct SerdeAttrs {
    rename: Option<String>,
    rename_all: Option<String>,
    flatten: bool,
    skip_serializing_if: Option<String>,
    deserialize_with: Option<String>,
}

fn serde_attrs(attrs: &[syn::Attribute]) -> SerdeAttrs {
    let mut out = SerdeAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(|i| i.to_string())
                .unwrap_or_default();
            if meta.input.peek(syn::Token![=]) {
                let value: syn::Expr = meta.value()?.parse()?;
                if let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) = value
                {
                    match key.as_str() {
                        "rename" => out.rename = Some(s.value()),
                        "rename_all" => out.rename_all = Some(s.value()),
                        "skip_serializing_if" => out.skip_serializing_if = Some(s.value()),
                        "deserialize_with" => out.deserialize_with = Some(s.value()),
                        _ => {}
                    }
                }
            } else if meta.input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in meta.input);
                let _: proc_macro2::TokenStream = content.parse()?;
            } else if key == "flatten" {
                out.flatten = true;
            }
            Ok(())
        });
    }
    out
}

fn container_serde(attrs: &[syn::Attribute]) -> ContainerSerde {
    ContainerSerde {
        rename_all: serde_attrs(attrs).rename_all,
    }
}

/// Resolves every [`TypeRef`] against the model's packages: a bare name
/// against its own package, a path by matching its trailing module segments
/// against a package's module path.
fn resolve_references(model: &mut Model) {
    let index: Vec<(Vec<String>, Vec<String>)> = model
        .packages
        .iter()
        .map(|p| {
            (
                p.module_path.clone(),
                p.types.iter().map(|t| t.name.clone()).collect(),
            )
        })
        .collect();
    let find = |own: usize, written: &[String]| -> Option<(usize, String)> {
        let path: Vec<&String> = written
            .iter()
            .filter(|s| !matches!(s.as_str(), "crate" | "self" | "super"))
            .collect();
        let (name, modules) = path.split_last()?;
        if modules.is_empty() {
            return index[own].1.contains(name).then(|| (own, (*name).clone()));
        }
        index
            .iter()
            .enumerate()
            .find_map(|(i, (module_path, types))| {
                let matches = modules.len() <= module_path.len()
                    && module_path[module_path.len() - modules.len()..]
                        .iter()
                        .zip(modules.iter())
                        .all(|(a, b)| a == *b);
                (matches && types.contains(name)).then(|| (i, (*name).clone()))
            })
    };
    fn visit(ty: &mut FieldType, f: &mut dyn FnMut(&mut TypeRef)) {
        match ty {
            FieldType::Optional(t) | FieldType::List(t) | FieldType::Map(t) => visit(t, f),
            FieldType::Named(r) => f(r),
            _ => {}
        }
    }
    for (pi, pkg) in model.packages.iter_mut().enumerate() {
        for def in &mut pkg.types {
            let mut resolve = |r: &mut TypeRef| r.target = find(pi, &r.written);
            match &mut def.shape {
                TypeShape::Struct(fields) => {
                    for field in fields {
                        visit(&mut field.ty, &mut resolve);
                    }
                }
                TypeShape::Newtype(t) => visit(t, &mut resolve),
                TypeShape::Enum(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests;
