//! `+resource:returnDeletedObject`: a delete answers with the object; read
//! into [`crate::resource::ResourceMeta::return_deleted_object`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+resource:returnDeletedObject`.
pub const NAME: &str = "resource:returnDeletedObject";

/// The definition of `+resource:returnDeletedObject`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "A delete that removes the object answers with the object as it \
          was, not a `Status`, as upstream's stores with \
          `ReturnDeletedObject: true` (Pod, Namespace, Service, ServiceAccount, \
          PersistentVolumeClaim, PodTemplate, ResourceQuota, StorageClass) do. \
          This project's tag; Kubernetes has no marker for it.",
    example: "+resource:returnDeletedObject",
};
