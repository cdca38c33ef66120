//! The marker registry: the [`TagDef`] of every marker the toolchain knows,
//! each defined in its own module of [`crate::tags`].
//!
//! The first block holds the declarative validation tags (`+k8s:...`) in the
//! order of the upstream declarative validation reference (Kubernetes 1.35),
//! followed by the validation tags that reference does not list yet. After
//! them come the long-standing gengo, openapi-gen, client-gen and
//! conversion-gen tags used throughout `k8s.io/api`, and finally the
//! kubebuilder markers used for CustomResourceDefinitions.
//!
//! The checker looks tags up here with [`lookup`]; `cargo xtask markers`
//! prints [`TAGS`] in order as the marker reference. All documentation is
//! written in our own words.

use super::tags::TagDef;

/// Every marker the toolchain knows, in the order the reference prints them.
pub static TAGS: &[TagDef] = &[
    // --- Declarative validation tags, in the order of the upstream table. ---
    crate::tags::declarative_validation_native::DEF,
    crate::tags::each_key::DEF,
    crate::tags::each_val::DEF,
    crate::tags::enumeration::DEF,
    crate::tags::forbidden::DEF,
    crate::tags::format::DEF,
    crate::tags::if_disabled::DEF,
    crate::tags::if_enabled::DEF,
    crate::tags::is_subresource::DEF,
    crate::tags::item::DEF,
    crate::tags::list_map_key::DEF,
    crate::tags::list_type::DEF,
    crate::tags::max_items::DEF,
    crate::tags::max_length::DEF,
    crate::tags::minimum::DEF,
    crate::tags::neq::DEF,
    crate::tags::opaque_type::DEF,
    crate::tags::optional::DEF,
    crate::tags::required::DEF,
    crate::tags::subfield::DEF,
    crate::tags::supports_subresource::DEF,
    crate::tags::union_discriminator::DEF,
    crate::tags::union_member::DEF,
    crate::tags::zero_or_one_of_member::DEF,
    // --- Further declarative validation tags. ---
    crate::tags::immutable::DEF,
    crate::tags::maximum::DEF,
    crate::tags::min_length::DEF,
    crate::tags::custom_unique::DEF,
    // --- gengo / openapi-gen tags. ---
    crate::tags::optional::LEGACY,
    crate::tags::required::LEGACY,
    crate::tags::list_type::LEGACY,
    crate::tags::list_map_key::LEGACY,
    crate::tags::map_type::DEF,
    crate::tags::struct_type::DEF,
    crate::tags::patch_merge_key::DEF,
    crate::tags::patch_strategy::DEF,
    crate::tags::default::DEF,
    crate::tags::enumeration::LEGACY,
    crate::tags::union::DEF,
    crate::tags::union_discriminator::LEGACY,
    crate::tags::group_name::DEF,
    crate::tags::genclient::DEF,
    crate::tags::genclient_non_namespaced::DEF,
    crate::tags::genclient_only_verbs::DEF,
    crate::tags::conversion_gen::DEF,
    crate::tags::protobuf::DEF,
    crate::tags::protobuf::RESERVED_DEF,
    crate::tags::protobuf::MARSHAL_DEF,
    crate::tags::protobuf::NULLABLE_DEF,
    crate::tags::protobuf::FIELD_NAME_DEF,
    crate::tags::prerelease_lifecycle_introduced::DEF,
    crate::tags::prerelease_lifecycle_deprecated::DEF,
    crate::tags::prerelease_lifecycle_removed::DEF,
    crate::tags::prerelease_lifecycle_replacement::DEF,
    // --- kubebuilder (CRD) markers. ---
    crate::tags::kubebuilder_resource::DEF,
    crate::tags::printcolumn::DEF,
    crate::tags::subresource_status::DEF,
    crate::tags::subresource_scale::DEF,
    crate::tags::storage_version::DEF,
    crate::tags::cohabitating::DEF,
    crate::tags::validation_extra::DEF,
    crate::tags::defaulting_hook::DEF,
    crate::tags::printer_hook::DEF,
    crate::tags::generation::DEF,
    crate::tags::annotations_bump_generation::DEF,
    crate::tags::allow_create_on_update::DEF,
    crate::tags::allow_unconditional_update::DEF,
    crate::tags::return_deleted_object::DEF,
    crate::tags::strategy::DEF,
    crate::tags::pattern::DEF,
    crate::tags::embedded_resource::DEF,
    crate::tags::preserve_unknown_fields::DEF,
    crate::tags::int_or_string::DEF,
    crate::tags::name_format::DEF,
    crate::tags::selectable_field::DEF,
];

/// Looks a tag up by its full name without the leading `+` (e.g. `k8s:maxLength`).
pub fn lookup(name: &str) -> Option<&'static TagDef> {
    TAGS.iter().find(|t| t.name == name)
}

/// The 24 declarative validation tags of the upstream reference table
/// (`api-reference-overview-v1.35.txt`), in its order.
pub const DECLARATIVE_VALIDATION_TAGS: [&str; 24] = [
    "k8s:declarativeValidationNative",
    "k8s:eachKey",
    "k8s:eachVal",
    "k8s:enum",
    "k8s:forbidden",
    "k8s:format",
    "k8s:ifDisabled",
    "k8s:ifEnabled",
    "k8s:isSubresource",
    "k8s:item",
    "k8s:listMapKey",
    "k8s:listType",
    "k8s:maxItems",
    "k8s:maxLength",
    "k8s:minimum",
    "k8s:neq",
    "k8s:opaqueType",
    "k8s:optional",
    "k8s:required",
    "k8s:subfield",
    "k8s:supportsSubresource",
    "k8s:unionDiscriminator",
    "k8s:unionMember",
    "k8s:zeroOrOneOfMember",
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_are_unique() {
        let mut seen = HashSet::new();
        for tag in TAGS {
            assert!(seen.insert(tag.name), "duplicate tag name `{}`", tag.name);
        }
    }

    #[test]
    fn declarative_validation_tags_are_present_in_table_order() {
        for name in DECLARATIVE_VALIDATION_TAGS {
            assert!(lookup(name).is_some(), "missing tag `{name}`");
        }
        let first: Vec<&str> = TAGS.iter().take(24).map(|t| t.name).collect();
        assert_eq!(first, DECLARATIVE_VALIDATION_TAGS);
    }

    #[test]
    fn every_tag_is_documented_with_an_example() {
        for tag in TAGS {
            assert!(!tag.doc.trim().is_empty(), "`{}` has no doc", tag.name);
            assert!(
                !tag.example.trim().is_empty(),
                "`{}` has no example",
                tag.name
            );
            assert!(!tag.scopes.is_empty(), "`{}` has no scope", tag.name);
        }
    }

    #[test]
    fn every_example_starts_with_its_tag() {
        for tag in TAGS {
            let prefix = format!("+{}", tag.name);
            let rest = tag.example.strip_prefix(&prefix).unwrap_or_else(|| {
                panic!(
                    "example `{}` of `{}` does not start with `{prefix}`",
                    tag.example, tag.name
                )
            });
            // The name must end where the example's name ends, not merely be
            // a prefix of a longer name.
            assert!(
                rest.is_empty() || rest.starts_with(['=', '(', ':']),
                "example `{}` of `{}` names a different tag",
                tag.example,
                tag.name
            );
        }
    }

    #[test]
    fn lookup_finds_exact_names_only() {
        assert_eq!(
            lookup("k8s:maxLength").map(|t| t.name),
            Some("k8s:maxLength")
        );
        assert_eq!(lookup("genclient").map(|t| t.name), Some("genclient"));
        assert!(lookup("+k8s:maxLength").is_none());
        assert!(lookup("k8s:maxlength").is_none());
        assert!(lookup("k8s:unknown").is_none());
    }
}
