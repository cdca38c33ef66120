//! Resource identity and server metadata read from a type's markers: kind,
//! plural, singular, scope, short names, categories, subresources, printer
//! columns and storage version.
//!
//! Spellings are kubebuilder's (`+kubebuilder:resource:path=...`,
//! `+kubebuilder:printcolumn:...`, `+kubebuilder:subresource:status`) plus
//! client-gen's `+genclient:nonNamespaced`. Defaults follow upstream: the
//! plural is gengo's lower-case plural of the kind, the singular its lower
//! case, and the scope `Namespaced`.

use crate::diagnostics::Diagnostic;
use crate::model::{Field, FieldType, Model, TypeDef, TypeShape};
use crate::tags;

/// A printer column (`+kubebuilder:printcolumn`), as a CRD's
/// `additionalPrinterColumns` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrinterColumn {
    /// Column header: `Replicas`.
    pub name: String,
    /// OpenAPI type: `integer`, `number`, `string`, `boolean`, `date`.
    pub type_: String,
    /// Simple JSON path into the object: `.spec.replicas`.
    pub json_path: String,
    /// Column description.
    pub description: String,
    /// OpenAPI format (`name` for the name column), or empty.
    pub format: String,
    /// 0 shows always; higher shows only with `-o wide`.
    pub priority: i32,
}

/// The `/scale` subresource mapping (`+kubebuilder:subresource:scale`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scale {
    /// JSON path of the desired replicas: `.spec.replicas`.
    pub spec_replicas_path: String,
    /// JSON path of the observed replicas: `.status.replicas`.
    pub status_replicas_path: String,
    /// JSON path of the serialized label selector, or empty.
    pub label_selector_path: String,
}

/// One step of a scale path through the Rust types: the field and whether
/// it is an `Option` (a struct made on the way when the replicas are set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathStep {
    /// The Rust field name.
    pub rust_name: String,
    /// Whether the field is an `Option`.
    pub optional: bool,
    /// Its `#[serde(skip_serializing_if = "...")]` function: when it holds,
    /// the field is not in the JSON, so the path has no value.
    pub skip_serializing_if: Option<String>,
}

/// A scale path (`.spec.replicas`) resolved through the model: the fields
/// from the resource down, and the type at the end (without its `Option`).
#[derive(Debug, Clone)]
pub struct ResolvedPath {
    /// The fields, outermost first; inline structs are steps of their own.
    pub steps: Vec<PathStep>,
    /// The type the path ends at.
    pub leaf: FieldType,
}

/// Resolves the JSON path `path` (`.spec.replicas`) from the resource
/// `def` through the model's structs, inline structs included. Errors say
/// which segment is missing or what is not a struct.
pub fn resolve_path(model: &Model, def: &TypeDef, path: &str) -> Result<ResolvedPath, String> {
    let segments: Vec<&str> = path.trim_start_matches('.').split('.').collect();
    let mut steps = Vec::new();
    let mut current = def;
    for (i, segment) in segments.iter().enumerate() {
        let chain = field_chain(model, current, segment)
            .ok_or_else(|| format!("`{}` has no field `{segment}`", current.name))?;
        let Some((last, through)) = chain.split_last() else {
            return Err(format!("`{}` has no field `{segment}`", current.name));
        };
        for f in through.iter().chain(std::iter::once(last)) {
            steps.push(PathStep {
                rust_name: f.rust_name.clone(),
                optional: matches!(f.ty, FieldType::Optional(_)),
                skip_serializing_if: f.skip_serializing_if.clone(),
            });
        }
        let ty = last.ty.unwrap_optional();
        if i + 1 == segments.len() {
            return Ok(ResolvedPath {
                steps,
                leaf: ty.clone(),
            });
        }
        current = match ty {
            FieldType::Named(r) => model
                .resolve(r)
                .filter(|t| matches!(t.shape, TypeShape::Struct(_)))
                .ok_or_else(|| format!("`{segment}` of `{}` is not a struct", current.name))?,
            _ => return Err(format!("`{segment}` of `{}` is not a struct", current.name)),
        };
    }
    Err("the path is empty".into())
}

/// The fields that reach the JSON field `json` of `def`: the field itself,
/// or the inline structs it is flattened out of and then the field.
fn field_chain<'m>(model: &'m Model, def: &'m TypeDef, json: &str) -> Option<Vec<&'m Field>> {
    for f in def.fields() {
        if !f.inline {
            if f.json_name == json {
                return Some(vec![f]);
            }
            continue;
        }
        if let FieldType::Named(r) = &f.ty
            && let Some(inner) = model.resolve(r)
            && let Some(mut chain) = field_chain(model, inner, json)
        {
            chain.insert(0, f);
            return Some(chain);
        }
    }
    None
}

/// Everything a server needs to serve one kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceMeta {
    /// Kind: `Widget`.
    pub kind: String,
    /// Resource (plural): `widgets`.
    pub plural: String,
    /// Singular: `widget`.
    pub singular: String,
    /// Whether objects live in namespaces.
    pub namespaced: bool,
    /// Short names: `wd`.
    pub short_names: Vec<String>,
    /// Categories: `all`.
    pub categories: Vec<String>,
    /// Whether `/status` is served.
    pub status: bool,
    /// The `/scale` mapping, when served.
    pub scale: Option<Scale>,
    /// Extra printer columns, in order.
    pub printer_columns: Vec<PrinterColumn>,
    /// Whether this version is the storage version.
    pub storage_version: bool,
    /// Field selectors beyond `metadata.name` and `metadata.namespace`, by
    /// the field label clients write
    /// (`+kubebuilder:selectablefield:JSONPath=.spec.color` gives
    /// `spec.color`; a `fieldLabel` names it otherwise).
    pub selectable_fields: Vec<String>,
    /// The field labels named otherwise than their path, with the path
    /// their value is read from (`fieldLabel=status.successful` of
    /// `JSONPath=.status.succeeded`), as upstream's field label
    /// conversions rename them.
    pub field_label_paths: Vec<(String, String)>,
    /// Whether `metadata.generation` is kept (`+resource:generation`, default true).
    pub generation: bool,
    /// Whether an annotation change bumps `metadata.generation`
    /// (`+resource:annotationsBumpGeneration`).
    pub annotations_bump_generation: bool,
    /// The name rule (`+resource:nameFormat`): `dns1123-subdomain` (the
    /// default), `dns1123-label`, `dns1035-label` or `path-segment`.
    pub name_format: String,
    /// Whether hand-written code prints the Table (`+printer:hook`).
    pub printer_hook: bool,
    /// Whether an update of a missing object creates it
    /// (`+resource:allowCreateOnUpdate`).
    pub allow_create_on_update: bool,
    /// Whether an update without `metadata.resourceVersion` is accepted
    /// (`+resource:allowUnconditionalUpdate`, default true).
    pub allow_unconditional_update: bool,
    /// Whether a delete answers with the deleted object
    /// (`+resource:returnDeletedObject`).
    pub return_deleted_object: bool,
    /// Whether the type implements `runtime::resource::Strategy`
    /// (`+resource:strategy`).
    pub strategy: bool,
    /// The verbs served, in discovery's order: all of them, or those
    /// `+genclient:onlyVerbs` names.
    pub verbs: Vec<String>,
    /// The `+k8s:prerelease-lifecycle-gen:*` markers, as written (defaults
    /// are the version's: [`Lifecycle::with_defaults`]).
    pub lifecycle: Lifecycle,
}

/// A kind's `+k8s:prerelease-lifecycle-gen` releases (`(major, minor)`)
/// and replacement (`(group, version, kind)`), as upstream's
/// prerelease-lifecycle-gen reads them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lifecycle {
    /// `introduced=1.30`.
    pub introduced: Option<(u32, u32)>,
    /// `deprecated=1.34`.
    pub deprecated: Option<(u32, u32)>,
    /// `removed=1.37`.
    pub removed: Option<(u32, u32)>,
    /// `replacement=example.dev,v1,Widget`.
    pub replacement: Option<(String, String, String)>,
}

impl Lifecycle {
    /// The lifecycle with upstream's defaults for a pre-release `version`
    /// (alpha or beta): deprecated three releases after introduced,
    /// removed three releases after deprecated. A GA version keeps what
    /// its markers say.
    pub fn with_defaults(&self, version: &str) -> Lifecycle {
        let mut out = self.clone();
        if !(version.contains("alpha") || version.contains("beta")) {
            return out;
        }
        let plus3 = |(major, minor): (u32, u32)| (major, minor + 3);
        if out.deprecated.is_none() {
            out.deprecated = out.introduced.map(plus3);
        }
        if out.removed.is_none() {
            out.removed = out.deprecated.map(plus3);
        }
        out
    }

    /// Whether no marker says anything.
    pub fn is_empty(&self) -> bool {
        *self == Lifecycle::default()
    }
}

/// What a DNS-1035 label is, for the help of a resource name that is not.
const DNS1035_HELP: &str = "a DNS-1035 label: lower case letters, digits and '-', starting with a letter and ending with a letter or digit, at most 63 characters";

/// Whether `name` is a DNS-1035 label (`IsDNS1035Label`), as the API
/// server requires of a CustomResourceDefinition's plural, singular,
/// short names and categories, and of its kind lower-cased
/// (`ValidateCustomResourceDefinitionNames`); every built-in resource's
/// names are too.
fn is_dns1035_label(name: &str) -> bool {
    let bytes = name.as_bytes();
    (1..=63).contains(&bytes.len())
        && bytes[0].is_ascii_lowercase()
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && bytes.last().is_some_and(|b| *b != b'-')
}

/// gengo's lower-case plural of a kind: `Widget` -> `widgets`, `Policy` ->
/// `policies`, `Ingress` -> `ingresses`, `Endpoints` -> `endpoints`.
pub fn plural_of(kind: &str) -> String {
    let lower = kind.to_ascii_lowercase();
    if lower == "endpoints" {
        return lower;
    }
    let vowel = |c: char| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u');
    if let Some(stem) = lower.strip_suffix('y')
        && stem.chars().last().is_some_and(|c| !vowel(c))
    {
        return format!("{stem}ies");
    }
    if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|s| lower.ends_with(s))
    {
        return format!("{lower}es");
    }
    format!("{lower}s")
}

/// Reads the resource metadata of `def`. Errors are bad values inside
/// otherwise well-formed markers (a scope other than Namespaced/Cluster, a
/// non-integer priority).
pub fn resource_meta(def: &TypeDef) -> Result<ResourceMeta, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut meta = ResourceMeta {
        kind: def.name.clone(),
        plural: plural_of(&def.name),
        singular: def.name.to_ascii_lowercase(),
        namespaced: !def.has_marker(tags::genclient_non_namespaced::NAME),
        short_names: Vec::new(),
        categories: Vec::new(),
        status: def.has_marker(tags::subresource_status::NAME),
        scale: None,
        printer_columns: Vec::new(),
        storage_version: def.has_marker(tags::storage_version::NAME),
        selectable_fields: Vec::new(),
        field_label_paths: Vec::new(),
        generation: def
            .markers_named(tags::generation::NAME)
            .last()
            .and_then(|m| m.payload_string())
            .is_none_or(|v| v != "false"),
        annotations_bump_generation: def.has_marker(tags::annotations_bump_generation::NAME),
        name_format: def
            .markers_named(tags::name_format::NAME)
            .last()
            .and_then(|m| m.payload_string())
            .unwrap_or_else(|| "dns1123-subdomain".into()),
        printer_hook: def.has_marker(tags::printer_hook::NAME),
        allow_create_on_update: def.has_marker(tags::allow_create_on_update::NAME),
        allow_unconditional_update: def
            .markers_named(tags::allow_unconditional_update::NAME)
            .last()
            .and_then(|m| m.payload_string())
            .is_none_or(|v| v != "false"),
        return_deleted_object: def.has_marker(tags::return_deleted_object::NAME),
        strategy: def.has_marker(tags::strategy::NAME),
        verbs: tags::genclient_only_verbs::VERBS
            .iter()
            .map(|v| v.to_string())
            .collect(),
        lifecycle: Lifecycle::default(),
    };
    if let Some(m) = def.markers_named(tags::genclient_only_verbs::NAME).last() {
        let text = m.payload_string().unwrap_or_default();
        let named: Vec<&str> = text.split(',').map(str::trim).collect();
        for verb in &named {
            if !tags::genclient_only_verbs::VERBS.contains(verb) {
                let nearest = tags::genclient_only_verbs::VERBS
                    .iter()
                    .min_by_key(|v| strsim::levenshtein(v, verb))
                    .copied()
                    .unwrap_or("create");
                errors.push(
                    Diagnostic::new(
                        format!("`{verb}` is not a verb a kind is served with"),
                        &m.location,
                        m.text.chars().count(),
                    )
                    .label(format!("did you mean `{nearest}`?"))
                    .help(format!(
                        "the verbs are {}",
                        tags::genclient_only_verbs::VERBS.join(", ")
                    )),
                );
            }
        }
        meta.verbs.retain(|v| named.contains(&v.as_str()));
    }
    let marker = |name: &str| def.markers_named(name).last().cloned();
    let mut release = |name: &str| {
        let m = marker(name)?;
        let text = m.payload_string().unwrap_or_default();
        // Each part at most 65535, so that the defaults' three and six
        // releases later are releases too.
        let parsed = text.split_once('.').and_then(|(a, b)| {
            Some((
                u32::from(a.parse::<u16>().ok()?),
                u32::from(b.parse::<u16>().ok()?),
            ))
        });
        if parsed.is_none() {
            errors.push(
                Diagnostic::new(
                    format!("`{text}` is not a Kubernetes release"),
                    &m.location,
                    m.text.chars().count(),
                )
                .label("a release is <major>.<minor>")
                .help(format!("write `+{name}=1.34`")),
            );
        }
        parsed
    };
    meta.lifecycle.introduced = release(tags::prerelease_lifecycle_introduced::NAME);
    meta.lifecycle.deprecated = release(tags::prerelease_lifecycle_deprecated::NAME);
    meta.lifecycle.removed = release(tags::prerelease_lifecycle_removed::NAME);
    if let Some(m) = marker(tags::prerelease_lifecycle_replacement::NAME) {
        let text = m.payload_string().unwrap_or_default();
        match text.split(',').collect::<Vec<_>>()[..] {
            [group, version, kind] if !version.is_empty() && !kind.is_empty() => {
                meta.lifecycle.replacement =
                    Some((group.to_string(), version.to_string(), kind.to_string()));
            }
            _ => errors.push(
                Diagnostic::new(
                    format!("`{text}` does not name a replacement kind"),
                    &m.location,
                    m.text.chars().count(),
                )
                .label("a replacement is <group>,<version>,<kind>")
                .help("write `+k8s:prerelease-lifecycle-gen:replacement=example.dev,v1,Widget` (an empty group for the core group)"),
            ),
        }
    }
    for m in def.markers_named(tags::selectable_field::NAME) {
        let pairs = m.key_values().unwrap_or_default();
        let value = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        if let Some(path) = value("JSONPath") {
            let path = path.trim_start_matches('.').to_string();
            match value("fieldLabel") {
                Some(label) if *label != path => {
                    meta.selectable_fields.push(label.clone());
                    meta.field_label_paths.push((label.clone(), path));
                }
                _ => meta.selectable_fields.push(path),
            }
        }
    }
    let list = |v: &str| -> Vec<String> {
        v.split(';')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    if !is_dns1035_label(&def.name.to_lowercase()) {
        errors.push(
            Diagnostic::new(
                format!(
                    "kind `{}` is not a DNS-1035 label once lower-cased",
                    def.name
                ),
                &def.location,
                def.name.chars().count(),
            )
            .label(
                "the API server takes a kind of ASCII letters and digits, starting with a letter",
            )
            .help(DNS1035_HELP),
        );
    }
    for m in def.markers_named(tags::kubebuilder_resource::NAME) {
        for (k, v) in m.key_values().unwrap_or_default() {
            let names = match k.as_str() {
                "path" | "singular" => vec![v.clone()],
                "shortName" | "categories" => list(&v),
                _ => Vec::new(),
            };
            for name in names.iter().filter(|n| !is_dns1035_label(n)) {
                let lower = name.to_ascii_lowercase();
                errors.push(
                    Diagnostic::new(
                        format!("`{k}={name}` is not a DNS-1035 label"),
                        &m.location,
                        m.text.chars().count(),
                    )
                    .label(if name.is_empty() {
                        "a resource name cannot be empty".to_string()
                    } else if is_dns1035_label(&lower) {
                        format!("resource names are lower case: `{lower}`")
                    } else {
                        "the API server refuses this name, as it refuses a CustomResourceDefinition's".to_string()
                    })
                    .help(DNS1035_HELP),
                );
            }
            match k.as_str() {
                "path" => meta.plural = v,
                "singular" => meta.singular = v,
                "shortName" => meta.short_names = list(&v),
                "categories" => meta.categories = list(&v),
                "scope" => match v.as_str() {
                    "Namespaced" => meta.namespaced = true,
                    "Cluster" => meta.namespaced = false,
                    other => errors.push(
                        Diagnostic::new(
                            format!("unknown resource scope `{other}`"),
                            &m.location,
                            m.text.chars().count(),
                        )
                        .label("scope must be Namespaced or Cluster")
                        .help("write `scope=Namespaced` or `scope=Cluster`"),
                    ),
                },
                _ => {}
            }
        }
    }
    for m in def.markers_named(tags::subresource_scale::NAME) {
        let mut scale = Scale {
            spec_replicas_path: String::new(),
            status_replicas_path: String::new(),
            label_selector_path: String::new(),
        };
        for (k, v) in m.key_values().unwrap_or_default() {
            match k.as_str() {
                "specpath" => scale.spec_replicas_path = v,
                "statuspath" => scale.status_replicas_path = v,
                "selectorpath" => scale.label_selector_path = v,
                _ => {}
            }
        }
        if scale.spec_replicas_path.is_empty() || scale.status_replicas_path.is_empty() {
            errors.push(
                Diagnostic::new("incomplete scale subresource", &m.location, m.text.chars().count())
                    .label("specpath and statuspath are required")
                    .help("write `+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas`"),
            );
        }
        meta.scale = Some(scale);
    }
    for m in def.markers_named(tags::printcolumn::NAME) {
        let mut col = PrinterColumn {
            name: String::new(),
            type_: "string".into(),
            json_path: String::new(),
            description: String::new(),
            format: String::new(),
            priority: 0,
        };
        for (k, v) in m.key_values().unwrap_or_default() {
            match k.as_str() {
                "name" => col.name = v,
                "type" => col.type_ = v,
                "JSONPath" => col.json_path = v,
                "description" => col.description = v,
                "format" => col.format = v,
                "priority" => match v.parse() {
                    Ok(p) => col.priority = p,
                    Err(_) => errors.push(
                        Diagnostic::new(format!("printer column priority `{v}` is not an integer"), &m.location, m.text.chars().count())
                            .label("priority must be an integer")
                            .help("write `priority=0` (always shown) or `priority=1` (shown with -o wide)"),
                    ),
                },
                _ => {}
            }
        }
        if col.name.is_empty() || col.json_path.is_empty() {
            errors.push(
                Diagnostic::new("printer column needs a name and a JSONPath", &m.location, m.text.chars().count())
                    .label("missing name or JSONPath")
                    .help("write `+kubebuilder:printcolumn:name=\"Replicas\",type=integer,JSONPath=\".spec.replicas\"`"),
            );
        }
        if !matches!(
            col.type_.as_str(),
            "integer" | "number" | "string" | "boolean" | "date"
        ) {
            errors.push(
                Diagnostic::new(
                    format!("unknown printer column type `{}`", col.type_),
                    &m.location,
                    m.text.chars().count(),
                )
                .label("type must be integer, number, string, boolean or date")
                .help("use one of the CRD printer column types"),
            );
        }
        meta.printer_columns.push(col);
    }
    if !meta.generation
        && let Some(m) = def
            .markers_named(tags::annotations_bump_generation::NAME)
            .last()
    {
        errors.push(
            Diagnostic::new(
                "annotations cannot bump a generation the kind does not keep",
                &m.location,
                m.text.chars().count(),
            )
            .label("this kind says `+resource:generation=false`")
            .help("remove one of the two markers"),
        );
    }
    if errors.is_empty() {
        Ok(meta)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// prerelease-lifecycle-gen's defaults: a beta version introduced in
    /// 1.31 is deprecated in 1.34 and removed in 1.37; a GA version keeps
    /// only what its markers say.
    #[test]
    fn prerelease_versions_default_deprecation_and_removal() {
        let written = Lifecycle {
            introduced: Some((1, 31)),
            ..Lifecycle::default()
        };
        let beta = written.with_defaults("v1beta1");
        assert_eq!(
            (beta.deprecated, beta.removed),
            (Some((1, 34)), Some((1, 37)))
        );
        let alpha = Lifecycle {
            deprecated: Some((1, 20)),
            ..written.clone()
        }
        .with_defaults("v2alpha1");
        assert_eq!(alpha.removed, Some((1, 23)));
        assert_eq!(written.with_defaults("v1"), written);
    }

    /// A selectable field is served by its path, or by the `fieldLabel`
    /// that names it otherwise (read from the path), as upstream's field
    /// label conversions rename fields.
    #[test]
    fn selectable_fields_take_their_field_label() {
        let meta = meta_of(
            "/// +kubebuilder:selectablefield:JSONPath=.spec.nodeName\n\
             /// +kubebuilder:selectablefield:JSONPath=.spec.nodeName,fieldLabel=spec.host\n\
             /// +kubebuilder:selectablefield:JSONPath=.status.phase,fieldLabel=status.phase\n\
             struct Widget {}",
        );
        assert_eq!(
            meta.selectable_fields,
            ["spec.nodeName", "spec.host", "status.phase"]
        );
        assert_eq!(
            meta.field_label_paths,
            [("spec.host".to_string(), "spec.nodeName".to_string())]
        );
    }

    /// A release too large to count three releases on from is refused at
    /// its marker (it overflowed the default's arithmetic).
    #[test]
    fn releases_are_bounded() {
        let input: syn::DeriveInput = syn::parse_str(
            "/// +k8s:prerelease-lifecycle-gen:introduced=1.4294967295\nstruct Widget {}",
        )
        .expect("item");
        let def = crate::parse::parse_derive_input(&input, std::path::Path::new("types.rs"))
            .expect("markers");
        let errors = resource_meta(&def).expect_err("out of range");
        assert_eq!(
            errors[0].message,
            "`1.4294967295` is not a Kubernetes release"
        );
        let meta =
            meta_of("/// +k8s:prerelease-lifecycle-gen:introduced=1.65535\nstruct Widget {}");
        assert_eq!(
            meta.lifecycle.with_defaults("v1beta1").removed,
            Some((1, 65541))
        );
    }

    /// The names a resource is served under are DNS-1035 labels, as the
    /// API server requires of a CustomResourceDefinition's: an upper-case
    /// or empty plural, a short name with `_`, and a kind that is not ASCII
    /// once lower-cased were written into the registry as they were.
    #[test]
    fn resource_names_are_dns1035_labels() {
        let errors = |item: &str| -> Vec<String> {
            let input: syn::DeriveInput = syn::parse_str(item).expect("item");
            let def = crate::parse::parse_derive_input(&input, std::path::Path::new("types.rs"))
                .expect("markers");
            resource_meta(&def)
                .err()
                .unwrap_or_default()
                .into_iter()
                .map(|d| format!("{}: {}", d.message, d.label))
                .collect()
        };
        assert_eq!(
            errors(
                "/// +kubebuilder:resource:path=Widgets,shortName=wd;w_d,categories=all\nstruct Widget {}"
            ),
            [
                "`path=Widgets` is not a DNS-1035 label: resource names are lower case: `widgets`",
                "`shortName=w_d` is not a DNS-1035 label: the API server refuses this name, as it refuses a CustomResourceDefinition's",
            ]
        );
        assert_eq!(
            errors("/// +kubebuilder:resource:path=,singular=widget\nstruct Widget {}"),
            ["`path=` is not a DNS-1035 label: a resource name cannot be empty"]
        );
        assert_eq!(
            errors("struct Wídget {}"),
            [
                "kind `Wídget` is not a DNS-1035 label once lower-cased: the API server takes a kind of ASCII letters and digits, starting with a letter"
            ]
        );
        assert!(errors("/// +kubebuilder:resource:path=widgets,singular=widget,shortName=wd\nstruct Widget2 {}").is_empty());
    }

    #[test]
    fn plurals_follow_gengo() {
        assert_eq!(plural_of("Widget"), "widgets");
        assert_eq!(plural_of("NetworkPolicy"), "networkpolicies");
        assert_eq!(plural_of("Ingress"), "ingresses");
        assert_eq!(plural_of("Gateway"), "gateways");
        assert_eq!(plural_of("Endpoints"), "endpoints");
        assert_eq!(plural_of("Status"), "statuses");
    }

    fn meta_of(item: &str) -> ResourceMeta {
        let input: syn::DeriveInput = syn::parse_str(item).expect("item");
        let def = crate::parse::parse_derive_input(&input, std::path::Path::new("types.rs"))
            .expect("markers");
        resource_meta(&def).expect("meta")
    }

    #[test]
    fn write_behaviour_markers_read_into_the_model() {
        let plain = meta_of("struct Widget {}");
        assert!(plain.generation);
        assert!(!plain.annotations_bump_generation);
        assert!(!plain.allow_create_on_update);
        assert!(plain.allow_unconditional_update);
        assert!(!plain.return_deleted_object);

        let marked = meta_of(
            "/// +resource:annotationsBumpGeneration
             /// +resource:allowCreateOnUpdate
             /// +resource:returnDeletedObject
             struct Deployment {}",
        );
        assert!(marked.generation);
        assert!(marked.annotations_bump_generation);
        assert!(marked.allow_create_on_update);
        assert!(marked.return_deleted_object);
        let lease = meta_of("/// +resource:allowUnconditionalUpdate=false\nstruct Lease {}");
        assert!(!lease.allow_unconditional_update);

        assert_eq!(plain.verbs.len(), 8, "every verb without onlyVerbs");
        let reviews = meta_of("/// +genclient:onlyVerbs=get, create\nstruct Review {}");
        assert_eq!(reviews.verbs, ["create", "get"], "in discovery's order");

        let without = meta_of("/// +resource:generation=false\nstruct ConfigMap {}");
        assert!(!without.generation);

        let input: syn::DeriveInput = syn::parse_str(
            "/// +resource:generation=false\n/// +resource:annotationsBumpGeneration\nstruct Lease {}",
        )
        .expect("item");
        let def = crate::parse::parse_derive_input(&input, std::path::Path::new("types.rs"))
            .expect("markers");
        let errors = resource_meta(&def).expect_err("contradictory markers");
        assert_eq!(
            errors[0].message,
            "annotations cannot bump a generation the kind does not keep"
        );
        assert_eq!(errors[0].location.line, 2, "points at the marker");
    }
}
