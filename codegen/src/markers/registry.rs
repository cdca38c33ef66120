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
    TagDef {
        name: "k8s:declarativeValidationNative",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Declares that every validation of this field, including those \
              inherited from the field's type, exists only in declarative form \
              with no hand-written counterpart. Only Stable validations may be \
              made native; their errors are flagged as coming from \
              declarative-only validation.",
        example: "+k8s:declarativeValidationNative",
    },
    TagDef {
        name: "k8s:eachKey",
        scopes: &[Scope::Field, Scope::ListType],
        args: ArgsKind::None,
        payload: PayloadKind::Tag,
        applies_to: AppliesTo::Map,
        repeatable: true,
        stability: Stability::Alpha,
        doc: "Runs the validation tag given as payload against every key of a \
              map. Errors are those of the nested tag, reported at the \
              offending key.",
        example: "+k8s:eachKey=+k8s:maxLength=63",
    },
    TagDef {
        name: "k8s:eachVal",
        scopes: &[Scope::Field, Scope::ListType],
        args: ArgsKind::None,
        payload: PayloadKind::Tag,
        applies_to: AppliesTo::ListOrMap,
        repeatable: true,
        stability: Stability::Alpha,
        doc: "Runs the validation tag given as payload against every element \
              of a list or every value of a map. Errors are those of the nested \
              tag, reported at the offending index or key.",
        example: "+k8s:eachVal=+k8s:minimum=1",
    },
    TagDef {
        name: "k8s:enum",
        scopes: &[Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::String,
        repeatable: false,
        stability: Stability::Beta,
        doc: "Marks a string type as an enumeration whose allowed values are \
              its declared constants (the variants of a Rust enum). A value \
              outside that set is rejected with \"Unsupported value\".",
        example: "+k8s:enum",
    },
    TagDef {
        name: "k8s:forbidden",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Alpha,
        doc: "The field must be left unset on create and update. Setting it \
              is reported as \"Forbidden\".",
        example: "+k8s:forbidden",
    },
    TagDef {
        name: "k8s:format",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::OneOf(&[
            "k8s-ip",
            "k8s-long-name",
            "k8s-short-name",
            "k8s-label-key",
            "k8s-label-value",
            "k8s-long-name-caseless",
            "k8s-path-segment-name",
            "k8s-resource-pool-name",
            "k8s-uuid",
            "k8s-extended-resource-name",
            "k8s-resource-fully-qualified-name",
        ]),
        applies_to: AppliesTo::String,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Requires a string to follow one of the named Kubernetes formats, \
              such as `k8s-ip` (an IPv4 or IPv6 address), `k8s-long-name` (a \
              DNS subdomain) or `k8s-short-name` (a DNS label). A value that \
              does not match is reported as \"Invalid value\".",
        example: "+k8s:format=k8s-short-name",
    },
    TagDef {
        name: "k8s:ifDisabled",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::OneString,
        payload: PayloadKind::Tag,
        applies_to: AppliesTo::Any,
        repeatable: true,
        stability: Stability::Alpha,
        doc: "Applies the validation tag given as payload only while the \
              validation option named in the single string argument is turned \
              off. Errors are those of the nested tag.",
        example: "+k8s:ifDisabled(\"my-feature\")=+k8s:required",
    },
    TagDef {
        name: "k8s:ifEnabled",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::OneString,
        payload: PayloadKind::Tag,
        applies_to: AppliesTo::Any,
        repeatable: true,
        stability: Stability::Alpha,
        doc: "Applies the validation tag given as payload only while the \
              validation option named in the single string argument is turned \
              on. Errors are those of the nested tag.",
        example: "+k8s:ifEnabled(\"my-feature\")=+k8s:required",
    },
    TagDef {
        name: "k8s:isSubresource",
        scopes: &[Scope::Package],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Restricts the validations of this package to requests for the \
              subresource path given as payload (for example \"/scale\"). The \
              package that defines the resource must also declare that path \
              with `+k8s:supportsSubresource`, or these rules are never reached.",
        example: "+k8s:isSubresource=\"/scale\"",
    },
    TagDef {
        name: "k8s:item",
        scopes: &[Scope::Field, Scope::ListType],
        args: ArgsKind::ListMapKeys,
        payload: PayloadKind::Tag,
        applies_to: AppliesTo::List,
        repeatable: true,
        stability: Stability::Stable,
        doc: "Runs the validation tag given as payload against the one element \
              of a `listType=map` list picked out by the named arguments, which \
              must give a string, integer or bool value for every list-map key \
              field (by JSON name). Errors are those of the nested tag.",
        example: "+k8s:item(type: \"Approved\")=+k8s:zeroOrOneOfMember",
    },
    TagDef {
        name: "k8s:listMapKey",
        scopes: &[Scope::Field, Scope::ListType],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::List,
        repeatable: true,
        stability: Stability::Stable,
        doc: "Names, by its JSON name, an item field that forms part of the key \
              of a `listType=map` list; repeat the tag for a compound key. Two \
              items with the same key are reported as \"Duplicate value\".",
        example: "+k8s:listMapKey=type",
    },
    TagDef {
        name: "k8s:listType",
        scopes: &[Scope::Field, Scope::ListType],
        args: ArgsKind::None,
        payload: PayloadKind::OneOf(&["atomic", "set", "map"]),
        applies_to: AppliesTo::List,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Says how a list behaves: `atomic` (replaced as a whole), `set` \
              (items must be distinct) or `map` (items keyed by their \
              `listMapKey` fields). Repeated items in a set, or repeated keys \
              in a map, are reported as \"Duplicate value\".",
        example: "+k8s:listType=map",
    },
    TagDef {
        name: "k8s:maxItems",
        scopes: &[Scope::Field, Scope::ListType],
        args: ArgsKind::None,
        payload: PayloadKind::NonNegativeInt,
        applies_to: AppliesTo::List,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Caps the number of items in a list at the non-negative integer \
              given as payload. A longer list is reported as \"Too many\".",
        example: "+k8s:maxItems=5",
    },
    TagDef {
        name: "k8s:maxLength",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::NonNegativeInt,
        applies_to: AppliesTo::String,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Caps the length of a string at the non-negative integer given as \
              payload. A longer string is reported as \"Too long\".",
        example: "+k8s:maxLength=10",
    },
    TagDef {
        name: "k8s:minimum",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::Int,
        applies_to: AppliesTo::Integer,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Sets the smallest value an integer may take (inclusive); the \
              payload may be negative. A smaller value is reported as \
              \"Invalid value\".",
        example: "+k8s:minimum=0",
    },
    TagDef {
        name: "k8s:neq",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::Literal,
        applies_to: AppliesTo::Scalar,
        repeatable: false,
        stability: Stability::Alpha,
        doc: "Rejects one specific value, given as a string, integer or bool \
              literal matching the field's type. Using that value is reported \
              as \"Invalid value\".",
        example: "+k8s:neq=\"disallowed\"",
    },
    TagDef {
        name: "k8s:opaqueType",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Struct,
        repeatable: false,
        stability: Stability::Alpha,
        doc: "Tells the generator to skip any validations declared on the \
              field's type. It is required when that type comes from a package \
              the generator was not asked to process, so the omission is never \
              silent.",
        example: "+k8s:opaqueType",
    },
    TagDef {
        name: "k8s:optional",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Clients may leave this field unset on create and update; \
              the field's other validations then apply only when it is set.",
        example: "+k8s:optional",
    },
    TagDef {
        name: "k8s:required",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Clients must set this field on create and update. Leaving it \
              unset is reported as \"Required value\".",
        example: "+k8s:required",
    },
    TagDef {
        name: "k8s:subfield",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::OneString,
        payload: PayloadKind::Tag,
        applies_to: AppliesTo::Struct,
        repeatable: true,
        stability: Stability::Stable,
        doc: "Runs the validation tag given as payload against one field of a \
              struct, named by its JSON name in the single string argument. \
              Errors are those of the nested tag, reported at that subfield.",
        example: "+k8s:subfield(\"mySubfield\")=+k8s:required",
    },
    TagDef {
        name: "k8s:supportsSubresource",
        scopes: &[Scope::Package],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::Any,
        repeatable: true,
        stability: Stability::Stable,
        doc: "Registers the subresource path given as payload (for example \
              \"/status\") as a valid validation target for the types of this \
              package; repeat it for each subresource. Without any, only the \
              root resource is validated and subresource requests fail with \
              \"no validation found\".",
        example: "+k8s:supportsSubresource=\"/status\"",
    },
    TagDef {
        name: "k8s:unionDiscriminator",
        scopes: &[Scope::Field],
        args: ArgsKind::Named(&["union"]),
        payload: PayloadKind::None,
        applies_to: AppliesTo::String,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Makes this string field the discriminator of a union: its value \
              names the one member that must be set. The optional `union` \
              argument picks the union when a struct has several; a mismatch \
              between discriminator and members is reported as \
              \"Invalid value\".",
        example: "+k8s:unionDiscriminator",
    },
    TagDef {
        name: "k8s:unionMember",
        scopes: &[Scope::Field],
        args: ArgsKind::Named(&["union", "memberName"]),
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Adds this field to a union, of which exactly one member must be \
              set. Optional arguments: `union` (which union) and `memberName` \
              (the discriminator value, by default the field name). Setting none \
              or several members is reported as \"Invalid value\".",
        example: "+k8s:unionMember(union: \"u1\", memberName: \"M1\")",
    },
    TagDef {
        name: "k8s:zeroOrOneOfMember",
        scopes: &[Scope::Field],
        args: ArgsKind::Named(&["union", "memberName"]),
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Adds this field to a group of which at most one member may be \
              set; setting none is fine. Takes the same optional `union` and \
              `memberName` arguments as `+k8s:unionMember`; setting several \
              members is reported as \"Invalid value\".",
        example: "+k8s:zeroOrOneOfMember",
    },
    // --- Further declarative validation tags. ---
    TagDef {
        name: "k8s:immutable",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Alpha,
        doc: "Once the object exists, this value can no longer change. An \
              update that alters it is reported as \
              \"Invalid value: field is immutable\".",
        example: "+k8s:immutable",
    },
    TagDef {
        name: "k8s:maximum",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::Int,
        applies_to: AppliesTo::Integer,
        repeatable: false,
        stability: Stability::Alpha,
        doc: "Sets the largest value an integer may take (inclusive); the \
              payload may be negative. A larger value is reported as \
              \"Invalid value\".",
        example: "+k8s:maximum=100",
    },
    TagDef {
        name: "k8s:minLength",
        scopes: &[Scope::Field, Scope::Type],
        args: ArgsKind::None,
        payload: PayloadKind::NonNegativeInt,
        applies_to: AppliesTo::String,
        repeatable: false,
        stability: Stability::Alpha,
        doc: "Sets the shortest length a string may have, as a non-negative \
              integer. A shorter string is reported as \"Invalid value\".",
        example: "+k8s:minLength=1",
    },
    // --- gengo / openapi-gen tags. ---
    TagDef {
        name: "optional",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Leaves the field out of the `required` list of the generated \
              OpenAPI schema, so clients may omit it. This is the openapi-gen \
              spelling found throughout k8s.io/api.",
        example: "+optional",
    },
    TagDef {
        name: "required",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::Any,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Puts the field in the `required` list of the generated OpenAPI \
              schema; where the schema is enforced (as for CRDs), omitting it \
              is reported as \"Required value\".",
        example: "+required",
    },
    TagDef {
        name: "listType",
        scopes: &[Scope::Field, Scope::ListType],
        args: ArgsKind::None,
        payload: PayloadKind::OneOf(&["atomic", "set", "map"]),
        applies_to: AppliesTo::List,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Emits `x-kubernetes-list-type` in the OpenAPI schema, telling \
              server-side apply whether the list is replaced whole (`atomic`), \
              merged as a set of distinct values (`set`) or merged per key \
              (`map`). Where enforced, repeats are reported as \
              \"Duplicate value\".",
        example: "+listType=atomic",
    },
    TagDef {
        name: "listMapKey",
        scopes: &[Scope::Field, Scope::ListType],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::List,
        repeatable: true,
        stability: Stability::Stable,
        doc: "Names, by JSON name, an item field that keys a `listType=map` \
              list; it is emitted as `x-kubernetes-list-map-keys`. Repeat the \
              tag for a compound key.",
        example: "+listMapKey=name",
    },
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
        name: "kubebuilder:validation:Pattern",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::String,
        applies_to: AppliesTo::String,
        repeatable: false,
        stability: Stability::Stable,
        doc: "Requires the string to match a regular expression (unanchored, \
              as JSON Schema's `pattern`; anchor it with `^...$`). It is \
              emitted as the schema's `pattern` and enforced by the generated \
              validation with kube-apiserver's message for custom resources: \
              `<path> in body should match '<pattern>'`.",
        example: "+kubebuilder:validation:Pattern=`^v[0-9]+$`",
    },
    TagDef {
        name: "kubebuilder:validation:EmbeddedResource",
        scopes: &[Scope::Field],
        args: ArgsKind::None,
        payload: PayloadKind::None,
        applies_to: AppliesTo::RawExtension,
        repeatable: false,
        stability: Stability::Stable,
        doc: "The RawExtension holds a whole object of some kind: the schema \
              says `x-kubernetes-embedded-resource: true`, and validation \
              requires its `apiVersion` and `kind`.",
        example: "+kubebuilder:validation:EmbeddedResource",
    },
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
