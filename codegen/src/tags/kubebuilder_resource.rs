//! `+kubebuilder:resource:<key>=<value>,...`: the resource's path, singular,
//! short names, categories and scope; read into
//! [`crate::resource::ResourceMeta`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:resource`.
pub const NAME: &str = "kubebuilder:resource";

/// The definition of `+kubebuilder:resource`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::KeyValueList(&["path", "singular", "shortName", "categories", "scope"]),
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Sets the CRD's resource names and scope: `path` (plural), \
          `singular`, `shortName` and `categories` (both `;`-separated \
          lists), and `scope`, either `Namespaced` (the default) or \
          `Cluster`.",
    example: "+kubebuilder:resource:path=widgets,singular=widget,shortName=wd;wdg,categories=all,scope=Namespaced",
};
