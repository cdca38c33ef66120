//! The marker registry: one [`TagDef`] for every marker the toolchain knows.
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

use super::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

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
    TagDef {
        name: "mapType",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::OneOf(&["atomic", "granular"]),
        applies_to: AppliesTo::Map,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Emits `x-kubernetes-map-type` for a map: `granular` lets \
              server-side apply merge and own entries one by one, `atomic` \
              replaces the whole map.",
        example: "+mapType=granular",
    },
    TagDef {
        name: "structType",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::OneOf(&["atomic", "granular"]),
        applies_to: AppliesTo::Struct,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Emits `x-kubernetes-map-type` for a struct: `granular` (the \
              default) merges field by field under server-side apply, `atomic` \
              treats the struct as one value.",
        example: "+structType=atomic",
    },
    TagDef {
        name: "patchMergeKey",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::List,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Names, by JSON name, the item field that strategic merge patch \
              uses to match list items; it is emitted as \
              `x-kubernetes-patch-merge-key`.",
        example: "+patchMergeKey=name",
    },
    TagDef {
        name: "patchStrategy",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::OneOf(&["merge", "replace", "retainKeys", "merge,retainKeys"]),
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Chooses how strategic merge patch combines this field: `merge`, \
              `replace`, `retainKeys` or `merge,retainKeys`. It is emitted as \
              `x-kubernetes-patch-strategy`.",
        example: "+patchStrategy=merge",
    },
    TagDef {
        name: "default",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::Json,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Gives, as a JSON value, what the field becomes when a client \
              leaves it unset. It is written to the OpenAPI schema's `default` \
              and applied by defaulting.",
        example: "+default=\"Always\"",
    },
    TagDef {
        name: "enum",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::String,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Marks a string type as an enumeration so openapi-gen lists its \
              constants (the variants of a Rust enum) in the schema's `enum`. \
              Where enforced, other values are reported as \
              \"Unsupported value\".",
        example: "+enum",
    },
    TagDef {
        name: "union",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Marks a struct whose optional fields are alternatives, at most one \
              of them set (openapi-gen's unions). The schema gets \
              `x-kubernetes-unions` naming the member fields and, when a field \
              carries `+unionDiscriminator`, the discriminator.",
        example: "+union",
    },
    TagDef {
        name: "unionDiscriminator",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::String,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Names the string field of a `+union` struct whose value says \
              which member is set; it is written as the union's \
              `discriminator` in `x-kubernetes-unions`.",
        example: "+unionDiscriminator",
    },
    TagDef {
        name: "groupName",
        scopes: &[Scope::Package],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Sets the API group served by this version module; an empty \
              payload means the core (legacy) group.",
        example: "+groupName=example.dev",
    },
    TagDef {
        name: "genclient",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Asks client-gen for a typed client (get, list, watch, create, \
              update, delete, patch) for this top-level kind.",
        example: "+genclient",
    },
    TagDef {
        name: "genclient:nonNamespaced",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Says the kind is cluster-scoped, so its generated client takes \
              no namespace. Used together with `+genclient`.",
        example: "+genclient:nonNamespaced",
    },
    TagDef {
        name: "k8s:conversion-gen",
        scopes: &[Scope::Package, Scope::Type, Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Controls conversion generation: on a package the payload is the \
              path of the internal package to convert to and from; `false` on \
              a type or field opts it out of generated conversions.",
        example: "+k8s:conversion-gen=false",
    },
    TagDef {
        name: "protobuf",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::NonNegativeInt,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Gives the field number this field carries in the generated \
              `.proto` message. Upstream Go records it in the struct tag \
              (`protobuf:\"bytes,1,opt,name=...\"`); here it is a marker.",
        example: "+protobuf=1",
    },
    TagDef {
        name: "k8s:prerelease-lifecycle-gen:introduced",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Records the Kubernetes release (such as \"1.20\") in which this \
              kind first appeared, from which the generated lifecycle methods \
              derive when a pre-release version is deprecated and removed.",
        example: "+k8s:prerelease-lifecycle-gen:introduced=1.20",
    },
    // --- kubebuilder (CRD) markers. ---
    TagDef {
        name: "kubebuilder:resource",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::KeyValueList(&[
            "path",
            "singular",
            "shortName",
            "categories",
            "scope",
        ]),
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Sets the CRD's resource names and scope: `path` (plural), \
              `singular`, `shortName` and `categories` (both `;`-separated \
              lists), and `scope`, either `Namespaced` (the default) or \
              `Cluster`.",
        example: "+kubebuilder:resource:path=widgets,singular=widget,shortName=wd;wdg,categories=all,scope=Namespaced",
    },
    TagDef {
        name: "kubebuilder:printcolumn",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::KeyValueList(&[
            "name",
            "type",
            "JSONPath",
            "description",
            "format",
            "priority",
        ]),
        applies_to: AppliesTo::Any,
        repeatable: true,
        stability: Stability::Stable,
        doc: "Adds one extra column to `kubectl get` output for the CRD, taken \
              from the JSONPath given; repeat the marker for more columns.",
        example: "+kubebuilder:printcolumn:name=\"Replicas\",type=integer,JSONPath=\".spec.replicas\"",
    },
    TagDef {
        name: "kubebuilder:subresource:status",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Enables the `/status` subresource for the CRD, so `.status` is \
              written only through it and ignored on the main resource.",
        example: "+kubebuilder:subresource:status",
    },
    TagDef {
        name: "kubebuilder:subresource:scale",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::KeyValueList(&["specpath", "statuspath", "selectorpath"]),
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Enables the `/scale` subresource for the CRD, giving the JSON \
              paths of the desired replicas, the observed replicas and, \
              optionally, the label selector.",
        example: "+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector",
    },
    TagDef {
        name: "kubebuilder:storageversion",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Picks this version as the one whose form the API server writes \
              to storage; exactly one version of a multi-version CRD carries it.",
        example: "+kubebuilder:storageversion",
    },
    TagDef {
        name: "validation:extra",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "The type has hand-written validation beside the generated one: \
              implement `runtime::validate::ValidateExtra` for it next to the \
              type, and its errors join the generated ones in the same list \
              (as `validation.go` sits beside `zz_generated.validations.go` \
              upstream). This project's tag.",
        example: "+validation:extra",
    },
    TagDef {
        name: "defaulting:hook",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "The type has hand-written defaulting for what `+default` cannot \
              say (conditional or computed defaults): implement \
              `runtime::schema::DefaultHook` beside the type. It runs wherever \
              the type appears, before its fields' `+default`s, as upstream's \
              `SetDefaults_<Type>`. This project's tag.",
        example: "+defaulting:hook",
    },
    TagDef {
        name: "printer:hook",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "The kind's Table columns are computed by hand-written code, for \
              cells no JSONPath can express (`READY` as `1/2`, a pod's \
              `STATUS` and `RESTARTS`): implement `runtime::resource::Printer` \
              beside the type, as upstream's `pkg/printers/internalversion` \
              does for built-in kinds. Its columns replace the \
              `+kubebuilder:printcolumn` ones. This project's tag.",
        example: "+printer:hook",
    },
    TagDef {
        name: "resource:generation",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::OneOf(&["true", "false"]),
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Whether the server keeps `metadata.generation` for this kind: 1 on \
              create, bumped by any change outside metadata and status. The \
              default is true, the CRD rule. Upstream decides this in each \
              built-in kind's registry strategy, so ported kinds whose strategy \
              never sets generation (ConfigMap, Secret, Namespace, Event, Service, \
              Lease) say false. This project's tag; Kubernetes has no marker for it.",
        example: "+resource:generation=false",
    },
    TagDef {
        name: "resource:annotationsBumpGeneration",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "A change of `metadata.annotations` bumps `metadata.generation` \
              as a spec change does, as upstream's Deployment strategy does \
              (its annotations are copied to its ReplicaSets). Needs \
              generation kept (`+resource:generation`, the default). This \
              project's tag; Kubernetes has no marker for it.",
        example: "+resource:annotationsBumpGeneration",
    },
    TagDef {
        name: "resource:allowCreateOnUpdate",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "An update (PUT) of an object that does not exist creates it and \
              answers 201, as upstream's registry strategies that return true \
              from `AllowCreateOnUpdate()` (Lease, Event, Endpoints, LimitRange) \
              do; without it such a PUT is 404. This project's tag; Kubernetes \
              has no marker for it.",
        example: "+resource:allowCreateOnUpdate",
    },
    TagDef {
        name: "resource:returnDeletedObject",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "A delete that removes the object answers with the object as it \
              was, not a `Status`, as upstream's stores with \
              `ReturnDeletedObject: true` (Pod, Namespace, ServiceAccount) do. \
              This project's tag; Kubernetes has no marker for it.",
        example: "+resource:returnDeletedObject",
    },
    TagDef {
        name: "resource:strategy",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "The kind has a registry strategy written by hand: implement \
              `runtime::resource::Strategy` beside the type, as upstream \
              writes `pkg/registry/<group>/<kind>/strategy.go`, for the \
              behaviour no marker expresses (Pod's graceful deletion, \
              Namespace's exemption from the garbage collector's \
              finalizers). This project's tag.",
        example: "+resource:strategy",
    },
    crate::tags::pattern::DEF,
    crate::tags::embedded_resource::DEF,
    TagDef {
        name: "kubebuilder:pruning:PreserveUnknownFields",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::RawExtension,
        repeatable: false,
        stability: Stability::Stable,
        doc: "The RawExtension keeps every field a client sends (nothing is \
              pruned or reported unknown inside it); the schema says \
              `x-kubernetes-preserve-unknown-fields: true`.",
        example: "+kubebuilder:pruning:PreserveUnknownFields",
    },
    TagDef {
        name: "kubebuilder:validation:XIntOrString",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::IntOrString,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Publishes the IntOrString field as custom resources do: \
              `x-kubernetes-int-or-string: true` (with `anyOf` integer or \
              string in OpenAPI v3) instead of a reference to \
              `io.k8s.apimachinery.pkg.util.intstr.IntOrString`.",
        example: "+kubebuilder:validation:XIntOrString",
    },
    TagDef {
        name: "resource:nameFormat",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::OneOf(&[
            "dns1123-subdomain",
            "dns1123-label",
            "dns1035-label",
            "path-segment",
        ]),
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "The rule the kind's `metadata.name` and `generateName` follow, as \
              the name function a built-in kind passes to upstream's \
              `ValidateObjectMeta`: `dns1123-subdomain` (the default; most \
              kinds), `dns1123-label` (Namespace), `dns1035-label` (Service) or \
              `path-segment`. This project's tag.",
        example: "+resource:nameFormat=dns1123-label",
    },
    TagDef {
        name: "kubebuilder:selectablefield",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::KeyValueList(&["JSONPath"]),
        applies_to: AppliesTo::Any,
        repeatable: true,
        stability: Stability::Stable,
        doc: "Lets clients filter the CRD with field selectors on the field at \
              the given JSONPath; repeat the marker for each selectable field.",
        example: "+kubebuilder:selectablefield:JSONPath=\".spec.color\"",
    },
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
