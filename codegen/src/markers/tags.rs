//! The shape of a tag definition: what the registry knows about each marker.
//!
//! Every marker the toolchain accepts has one [`TagDef`] in
//! [`super::registry::TAGS`]. The checker reads these definitions to decide
//! whether a marker is known, is written at the right scope, sits on a Rust
//! type it can apply to, and carries a well-formed payload. `cargo xtask
//! markers` prints them as the marker reference (`docs/markers.md`).

/// Where a marker may be written.
///
/// Source: gengo v2 `codetags` scopes (package, type, field, list value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// An inner doc comment of a version module (`//! +groupName=...`), like
    /// Go's `doc.go` package comment.
    Package,
    /// The doc comment of a struct, enum or newtype.
    Type,
    /// The doc comment of a struct field.
    Field,
    /// The doc comment of a newtype over a list (`pub struct Items(Vec<Item>)`),
    /// which Go writes as `type Items []Item`.
    ListType,
}

impl Scope {
    /// The lower-case name used in diagnostics and the reference
    /// (`package`, `type`, `field`, `list type`).
    pub fn name(self) -> &'static str {
        match self {
            Scope::Package => "package",
            Scope::Type => "type",
            Scope::Field => "field",
            Scope::ListType => "list type",
        }
    }
}

/// How mature a tag is, as the declarative validation reference labels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stability {
    /// Alpha in the upstream reference.
    Alpha,
    /// Beta in the upstream reference.
    Beta,
    /// Stable in the upstream reference (or a long-standing gengo tag).
    Stable,
}

impl Stability {
    /// `Alpha`, `Beta` or `Stable`.
    pub fn name(self) -> &'static str {
        match self {
            Stability::Alpha => "Alpha",
            Stability::Beta => "Beta",
            Stability::Stable => "Stable",
        }
    }
}

/// What a tag's payload (the part after `=`) must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayloadKind {
    /// No payload: `+genclient`, `+k8s:optional`.
    None,
    /// Optionally a payload; no payload means the tag is simply on
    /// (`+k8s:immutable`, `+kubebuilder:subresource:status`).
    OptionalBool,
    /// A non-negative integer: `+k8s:maxLength=10`.
    NonNegativeInt,
    /// Any integer, possibly negative: `+k8s:minimum=-1`.
    Int,
    /// A string, bare or Go-quoted (`+groupName=example.dev`,
    /// `+k8s:supportsSubresource="/status"`). An empty payload is allowed
    /// (`+groupName=` names the core group).
    String,
    /// One of a fixed set of words: `+listType=map`.
    OneOf(&'static [&'static str]),
    /// A JSON value: `+default={"a": 1}`, `+default="x"`, `+default=1`.
    Json,
    /// Another marker, evaluated against the element this tag selects:
    /// `+k8s:eachVal=+k8s:minimum=1`.
    Tag,
    /// A string, integer or boolean literal: `+k8s:neq="x"`, `+k8s:neq=0`.
    Literal,
    /// A comma-separated `key=value` list as kubebuilder writes it:
    /// `+kubebuilder:resource:path=widgets,shortName=wd`. The payload is the
    /// whole text after the tag name's final `:`.
    KeyValueList(&'static [&'static str]),
}

/// What a tag's arguments (the part in parentheses) must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgsKind {
    /// No parentheses allowed.
    None,
    /// Exactly one positional string argument: `+k8s:ifEnabled("my-feature")`.
    OneString,
    /// Named arguments from this list, each optional:
    /// `+k8s:unionMember(union: "u1", memberName: "M1")`.
    Named(&'static [&'static str]),
    /// Named arguments whose names are JSON field names of the list item
    /// (`+k8s:item(type: "Approved")`); checked against the list's map keys.
    ListMapKeys,
}

/// The Rust field types a tag can apply to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppliesTo {
    /// Any type.
    Any,
    /// `String` (or a newtype/enum over it), optional or not.
    String,
    /// Integer types.
    Integer,
    /// Integer or float types.
    Number,
    /// `bool`.
    Bool,
    /// `Vec<T>` (a list).
    List,
    /// `BTreeMap<String, T>` (a map).
    Map,
    /// A list or a map.
    ListOrMap,
    /// A struct (a reference to a model type that is a struct).
    Struct,
    /// A struct or a map.
    StructOrMap,
    /// A string, integer or bool.
    Scalar,
    /// `RawExtension` (embedded JSON).
    RawExtension,
    /// `IntOrString`.
    IntOrString,
}

impl AppliesTo {
    /// The phrase used in diagnostics: "a string", "a list"...
    pub fn phrase(self) -> &'static str {
        match self {
            AppliesTo::Any => "any type",
            AppliesTo::String => "a string",
            AppliesTo::Integer => "an integer",
            AppliesTo::Number => "a number",
            AppliesTo::Bool => "a bool",
            AppliesTo::List => "a list (Vec)",
            AppliesTo::Map => "a map (BTreeMap<String, _>)",
            AppliesTo::ListOrMap => "a list or a map",
            AppliesTo::Struct => "a struct",
            AppliesTo::StructOrMap => "a struct or a map",
            AppliesTo::Scalar => "a string, integer or bool",
            AppliesTo::RawExtension => "a RawExtension",
            AppliesTo::IntOrString => "an IntOrString",
        }
    }
}

/// One known marker: its name, where it may be written, what it takes, and
/// its documentation.
#[derive(Debug, Clone, Copy)]
pub struct TagDef {
    /// The full tag name without the leading `+`: `k8s:maxLength`,
    /// `listType`, `kubebuilder:printcolumn`.
    pub name: &'static str,
    /// Scopes where the tag may be written.
    pub scopes: &'static [Scope],
    /// Arguments in parentheses.
    pub args: ArgsKind,
    /// The payload after `=`.
    pub payload: PayloadKind,
    /// Rust types the tag applies to (for field and list-type scopes).
    pub applies_to: AppliesTo,
    /// Whether the tag may appear more than once on one element
    /// (`+listMapKey`, `+kubebuilder:printcolumn`).
    pub repeatable: bool,
    /// Stability level.
    pub stability: Stability,
    /// One-paragraph documentation, in our own words.
    pub doc: &'static str,
    /// A usage example, as it would be written in a doc comment.
    pub example: &'static str,
}
