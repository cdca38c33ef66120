//! `+resource:annotationsBumpGeneration`: annotation changes bump the
//! generation; read into
//! [`crate::resource::ResourceMeta::annotations_bump_generation`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+resource:annotationsBumpGeneration`.
pub const NAME: &str = "resource:annotationsBumpGeneration";

/// The definition of `+resource:annotationsBumpGeneration`.
pub const DEF: TagDef = TagDef {
    name: NAME,
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
};
