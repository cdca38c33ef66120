//! Typed attributes: what a field's or a type's markers say (presence,
//! list and map semantics, patch strategy, default, schema keywords, union
//! and struct semantics, hooks), read from the markers into typed values
//! as serde_derive's `internals/attr.rs` reads `#[serde(...)]`. The parser
//! stores them in the model ([`crate::model::Field::attrs`],
//! [`crate::model::TypeDef::attrs`]), as serde_derive's `ast::Field`
//! holds its `attr::Field`; the checks hold them against the model, and
//! the generators read them (and a resource's
//! [`crate::resource::ResourceMeta`]), never the markers' names, which are
//! the tags' own `NAME` constants ([`crate::tags`]).
//!
//! Reading does not judge: a payload outside a tag's values (which
//! [`crate::check`] reports with its location) reads as absent.

use serde_json::Value;

use crate::markers::Marker;
use crate::tags;

/// `+listType` / `+k8s:listType`: how a list merges and what makes its
/// items unique (`x-kubernetes-list-type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListType {
    /// `atomic`: replaced whole.
    Atomic,
    /// `set`: unique scalar items.
    Set,
    /// `map`: items keyed by [`FieldAttrs::list_map_keys`].
    Map,
}

impl ListType {
    /// The marker and OpenAPI spelling: `atomic`, `set`, `map`.
    pub fn as_str(self) -> &'static str {
        match self {
            ListType::Atomic => "atomic",
            ListType::Set => "set",
            ListType::Map => "map",
        }
    }
}

/// `+patchStrategy`: how a strategic merge patch treats the field
/// (`x-kubernetes-patch-strategy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchStrategy {
    /// `merge`: lists merge by `+patchMergeKey`.
    Merge,
    /// `replace`: replaced whole.
    Replace,
    /// `retainKeys`: keys absent from the patch are cleared.
    RetainKeys,
    /// `merge,retainKeys`: both.
    MergeRetainKeys,
}

impl PatchStrategy {
    /// The marker and OpenAPI spelling: `merge`, `replace`, `retainKeys`,
    /// `merge,retainKeys`.
    pub fn as_str(self) -> &'static str {
        match self {
            PatchStrategy::Merge => "merge",
            PatchStrategy::Replace => "replace",
            PatchStrategy::RetainKeys => "retainKeys",
            PatchStrategy::MergeRetainKeys => "merge,retainKeys",
        }
    }
}

/// `+mapType`: how a map merges (`x-kubernetes-map-type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapType {
    /// `atomic`: replaced whole.
    Atomic,
    /// `granular`: merged key by key (the default, written out).
    Granular,
}

impl MapType {
    /// The marker and OpenAPI spelling: `atomic`, `granular`.
    pub fn as_str(self) -> &'static str {
        match self {
            MapType::Atomic => "atomic",
            MapType::Granular => "granular",
        }
    }
}

/// A field's typed attributes; see the module documentation.
#[derive(Debug, Clone, Default)]
pub struct FieldAttrs {
    /// `+optional` / `+k8s:optional`, when present.
    pub optional: Option<Marker>,
    /// `+required` / `+k8s:required`, when present.
    pub required: Option<Marker>,
    /// `+listType` / `+k8s:listType`.
    pub list_type: Option<ListType>,
    /// The marker that set [`FieldAttrs::list_type`], for diagnostics.
    pub list_type_marker: Option<Marker>,
    /// `+listMapKey` / `+k8s:listMapKey`, in source order (JSON names).
    pub list_map_keys: Vec<String>,
    /// The key markers themselves, for diagnostics.
    pub list_map_key_markers: Vec<Marker>,
    /// `+patchStrategy`.
    pub patch_strategy: Option<PatchStrategy>,
    /// `+patchMergeKey` (a JSON name).
    pub patch_merge_key: Option<String>,
    /// `+mapType`.
    pub map_type: Option<MapType>,
    /// `+default=<JSON>`: the literal parsed, so its formatting does not
    /// matter.
    pub default: Option<Value>,
    /// `+k8s:opaqueType` (or `+k8s:eachVal=+k8s:opaqueType` on a list or
    /// map): validation does not descend into the type.
    pub opaque_type: bool,
    /// `+kubebuilder:validation:Pattern` (the schema's `pattern`).
    pub pattern: Option<String>,
    /// `+k8s:format` (the schema's `format`).
    pub format: Option<String>,
    /// `+k8s:maxLength` (`maxLength`).
    pub max_length: Option<i64>,
    /// `+k8s:minLength` (`minLength`).
    pub min_length: Option<i64>,
    /// `+k8s:maxItems` (`maxItems`).
    pub max_items: Option<i64>,
    /// `+k8s:minimum` (`minimum`).
    pub minimum: Option<i64>,
    /// `+k8s:maximum` (`maximum`).
    pub maximum: Option<i64>,
    /// `+kubebuilder:pruning:PreserveUnknownFields`
    /// (`x-kubernetes-preserve-unknown-fields`).
    pub preserve_unknown_fields: bool,
    /// `+kubebuilder:validation:EmbeddedResource`
    /// (`x-kubernetes-embedded-resource`).
    pub embedded_resource: bool,
    /// `+kubebuilder:validation:XIntOrString` (`x-kubernetes-int-or-string`).
    pub int_or_string: bool,
    /// gengo's `+unionDiscriminator`: the field names the member of a
    /// `+union` struct that is set (`x-kubernetes-unions`).
    pub union_discriminator: bool,
}

impl FieldAttrs {
    /// Reads a field's markers (the parser stores the result in
    /// [`crate::model::Field::attrs`]).
    pub fn read(markers: &[Marker]) -> FieldAttrs {
        let mut attrs = FieldAttrs::default();
        let number = |m: &Marker| m.payload_text().and_then(crate::markers::parse_go_int);
        for m in markers {
            match m.name.as_str() {
                tags::optional::NAME | tags::optional::LEGACY_NAME => {
                    attrs.optional.get_or_insert_with(|| m.clone());
                }
                tags::required::NAME | tags::required::LEGACY_NAME => {
                    attrs.required.get_or_insert_with(|| m.clone());
                }
                tags::list_type::NAME | tags::list_type::LEGACY_NAME
                    if attrs.list_type_marker.is_none() =>
                {
                    attrs.list_type = match m.payload_string().as_deref() {
                        Some("atomic") => Some(ListType::Atomic),
                        Some("set") => Some(ListType::Set),
                        Some("map") => Some(ListType::Map),
                        _ => None,
                    };
                    attrs.list_type_marker = Some(m.clone());
                }
                tags::list_map_key::NAME | tags::list_map_key::LEGACY_NAME => {
                    attrs.list_map_key_markers.push(m.clone());
                    attrs.list_map_keys.extend(m.payload_string());
                }
                tags::patch_strategy::NAME if attrs.patch_strategy.is_none() => {
                    attrs.patch_strategy = match m.payload_string().as_deref() {
                        Some("merge") => Some(PatchStrategy::Merge),
                        Some("replace") => Some(PatchStrategy::Replace),
                        Some("retainKeys") => Some(PatchStrategy::RetainKeys),
                        Some("merge,retainKeys") => Some(PatchStrategy::MergeRetainKeys),
                        _ => None,
                    };
                }
                tags::patch_merge_key::NAME if attrs.patch_merge_key.is_none() => {
                    attrs.patch_merge_key = m.payload_string();
                }
                tags::map_type::NAME if attrs.map_type.is_none() => {
                    attrs.map_type = match m.payload_string().as_deref() {
                        Some("atomic") => Some(MapType::Atomic),
                        Some("granular") => Some(MapType::Granular),
                        _ => None,
                    };
                }
                tags::default::NAME if attrs.default.is_none() => {
                    attrs.default = m
                        .payload_text()
                        .and_then(|text| serde_json::from_str(text).ok());
                }
                tags::opaque_type::NAME => attrs.opaque_type = true,
                // Opaque items: validation does not descend into the
                // list's items or the map's values either.
                tags::each_val::NAME
                    if matches!(&m.payload, crate::markers::Payload::Tag(inner)
                        if inner.name == tags::opaque_type::NAME) =>
                {
                    attrs.opaque_type = true;
                }
                tags::pattern::NAME if attrs.pattern.is_none() => {
                    attrs.pattern = m.payload_string();
                }
                tags::format::NAME if attrs.format.is_none() => attrs.format = m.payload_string(),
                tags::max_length::NAME => attrs.max_length = attrs.max_length.or(number(m)),
                tags::min_length::NAME => attrs.min_length = attrs.min_length.or(number(m)),
                tags::max_items::NAME => attrs.max_items = attrs.max_items.or(number(m)),
                tags::minimum::NAME => attrs.minimum = attrs.minimum.or(number(m)),
                tags::maximum::NAME => attrs.maximum = attrs.maximum.or(number(m)),
                tags::preserve_unknown_fields::NAME => {
                    attrs.preserve_unknown_fields = true;
                }
                tags::embedded_resource::NAME => attrs.embedded_resource = true,
                tags::int_or_string::NAME => attrs.int_or_string = true,
                tags::union_discriminator::LEGACY_NAME => attrs.union_discriminator = true,
                _ => {}
            }
        }
        attrs
    }
}

/// A type's typed attributes.
#[derive(Debug, Clone, Copy, Default)]
pub struct TypeAttrs {
    /// `+structType=atomic`: the struct is replaced whole
    /// (`x-kubernetes-map-type: atomic`).
    pub atomic: bool,
    /// gengo's `+union`: the struct is a union (`x-kubernetes-unions`).
    pub union: bool,
    /// `+defaulting:hook`: the type's `DefaultHook` runs before its
    /// declarative defaults.
    pub defaulting_hook: bool,
    /// `+validation:extra`: the type's `ValidateExtra` runs after its
    /// generated validation.
    pub validation_extra: bool,
}

impl TypeAttrs {
    /// Reads a type's markers (the parser stores the result in
    /// [`crate::model::TypeDef::attrs`]).
    pub fn read(markers: &[Marker]) -> TypeAttrs {
        let mut attrs = TypeAttrs::default();
        for m in markers {
            match m.name.as_str() {
                tags::struct_type::NAME => {
                    attrs.atomic = m.payload_string().as_deref() == Some("atomic")
                }
                tags::union::NAME => attrs.union = true,
                tags::defaulting_hook::NAME => attrs.defaulting_hook = true,
                tags::validation_extra::NAME => attrs.validation_extra = true,
                _ => {}
            }
        }
        attrs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::parse_marker;
    use crate::model::{Field, FieldType, Location};

    fn field(markers: &[&str]) -> Field {
        let location = Location::new("types.rs", 1, 1);
        let markers: Vec<Marker> = markers
            .iter()
            .map(|t| parse_marker(t, location.clone()).unwrap())
            .collect();
        Field {
            rust_name: "items".into(),
            json_name: "items".into(),
            renamed: false,
            ty: FieldType::String,
            description: String::new(),
            attrs: FieldAttrs::read(&markers),
            markers,
            inline: false,
            skip_serializing_if: None,
            deserialize_with: None,
            location,
        }
    }

    #[test]
    fn both_spellings_read_the_same() {
        let upstream = field(&["+listType=map", "+listMapKey=name", "+listMapKey=port"]);
        let declarative = field(&[
            "+k8s:listType=map",
            "+k8s:listMapKey=name",
            "+k8s:listMapKey=port",
        ]);
        for f in [&upstream, &declarative] {
            let attrs = &f.attrs;
            assert_eq!(attrs.list_type, Some(ListType::Map));
            assert_eq!(attrs.list_map_keys, ["name", "port"]);
        }
    }

    #[test]
    fn patch_strategy_default_and_presence() {
        let f = field(&[
            "+optional",
            "+patchStrategy=merge,retainKeys",
            "+patchMergeKey=name",
            "+default={\"a\": 1}",
            "+mapType=atomic",
        ]);
        let attrs = &f.attrs;
        assert!(attrs.optional.is_some() && attrs.required.is_none());
        assert_eq!(attrs.patch_strategy, Some(PatchStrategy::MergeRetainKeys));
        assert_eq!(attrs.patch_merge_key.as_deref(), Some("name"));
        assert_eq!(attrs.default, Some(serde_json::json!({"a": 1})));
        assert_eq!(attrs.map_type, Some(MapType::Atomic));
    }

    #[test]
    fn schema_keywords() {
        let f = field(&[
            "+k8s:maxLength=63",
            "+k8s:minimum=0x10",
            "+k8s:format=k8s-short-name",
            "+kubebuilder:validation:Pattern=`^v[0-9]+$`",
            "+kubebuilder:validation:XIntOrString",
        ]);
        let attrs = &f.attrs;
        assert_eq!((attrs.max_length, attrs.minimum), (Some(63), Some(16)));
        assert_eq!(attrs.format.as_deref(), Some("k8s-short-name"));
        assert_eq!(attrs.pattern.as_deref(), Some("^v[0-9]+$"));
        assert!(attrs.int_or_string && !attrs.embedded_resource);
    }

    #[test]
    fn a_value_outside_the_tag_reads_as_absent() {
        let attrs_of = field(&["+listType=bag", "+patchStrategy=mix", "+default=not json"]);
        let attrs = &attrs_of.attrs;
        assert_eq!(attrs.list_type, None);
        assert!(attrs.list_type_marker.is_some());
        assert_eq!(attrs.patch_strategy, None);
        assert_eq!(attrs.default, None);
    }
}
