//! Protobuf tables of the meta types, with upstream's field numbers
//! (`k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto`).

use super::{ManagedFieldsEntry, ObjectMeta, OwnerReference};
use crate::codec::protobuf::{Field, Kind, Message, Presence, ProtoSchema};

const fn field(number: u32, json: &'static str, kind: Kind, presence: Presence) -> Field {
    Field {
        number,
        json,
        kind,
        presence,
    }
}

static OBJECT_META: Message = Message {
    name: "ObjectMeta",
    fields: &[
        field(1, "name", Kind::String, Presence::Value),
        field(2, "generateName", Kind::String, Presence::Value),
        field(3, "namespace", Kind::String, Presence::Value),
        field(4, "selfLink", Kind::String, Presence::Value),
        field(5, "uid", Kind::String, Presence::Value),
        field(6, "resourceVersion", Kind::String, Presence::Value),
        field(7, "generation", Kind::Int64, Presence::Value),
        field(8, "creationTimestamp", Kind::Time, Presence::Value),
        field(9, "deletionTimestamp", Kind::Time, Presence::Pointer),
        field(
            10,
            "deletionGracePeriodSeconds",
            Kind::Int64,
            Presence::Pointer,
        ),
        field(11, "labels", Kind::MapOf(&Kind::String), Presence::Map),
        field(12, "annotations", Kind::MapOf(&Kind::String), Presence::Map),
        field(
            13,
            "ownerReferences",
            Kind::Message(<OwnerReference as ProtoSchema>::message),
            Presence::Repeated,
        ),
        field(14, "finalizers", Kind::String, Presence::Repeated),
        field(
            17,
            "managedFields",
            Kind::Message(<ManagedFieldsEntry as ProtoSchema>::message),
            Presence::Repeated,
        ),
    ],
};

static OWNER_REFERENCE: Message = Message {
    name: "OwnerReference",
    fields: &[
        field(5, "apiVersion", Kind::String, Presence::Required),
        field(1, "kind", Kind::String, Presence::Required),
        field(3, "name", Kind::String, Presence::Required),
        field(4, "uid", Kind::String, Presence::Required),
        field(6, "controller", Kind::Bool, Presence::Pointer),
        field(7, "blockOwnerDeletion", Kind::Bool, Presence::Pointer),
    ],
};

static MANAGED_FIELDS_ENTRY: Message = Message {
    name: "ManagedFieldsEntry",
    fields: &[
        field(1, "manager", Kind::String, Presence::Value),
        field(2, "operation", Kind::String, Presence::Value),
        field(3, "apiVersion", Kind::String, Presence::Value),
        field(4, "time", Kind::Time, Presence::Pointer),
        field(6, "fieldsType", Kind::String, Presence::Value),
        field(7, "fieldsV1", Kind::RawJson, Presence::Pointer),
        field(8, "subresource", Kind::String, Presence::Value),
    ],
};

impl ProtoSchema for ObjectMeta {
    fn message() -> &'static Message {
        &OBJECT_META
    }
}

impl ProtoSchema for OwnerReference {
    fn message() -> &'static Message {
        &OWNER_REFERENCE
    }
}

impl ProtoSchema for ManagedFieldsEntry {
    fn message() -> &'static Message {
        &MANAGED_FIELDS_ENTRY
    }
}
