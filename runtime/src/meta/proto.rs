//! Protobuf tables of the meta types, with upstream's field numbers
//! (`k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto`).

use super::{
    Condition, LabelSelector, LabelSelectorRequirement, ListMeta, ManagedFieldsEntry, ObjectMeta,
    OwnerReference,
};
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

static LABEL_SELECTOR: Message = Message {
    name: "LabelSelector",
    fields: &[
        field(1, "matchLabels", Kind::MapOf(&Kind::String), Presence::Map),
        field(
            2,
            "matchExpressions",
            Kind::Message(<LabelSelectorRequirement as ProtoSchema>::message),
            Presence::Repeated,
        ),
    ],
};

static LABEL_SELECTOR_REQUIREMENT: Message = Message {
    name: "LabelSelectorRequirement",
    fields: &[
        field(1, "key", Kind::String, Presence::Required),
        field(2, "operator", Kind::String, Presence::Required),
        field(3, "values", Kind::String, Presence::Repeated),
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

impl ProtoSchema for LabelSelector {
    fn message() -> &'static Message {
        &LABEL_SELECTOR
    }
}

impl ProtoSchema for LabelSelectorRequirement {
    fn message() -> &'static Message {
        &LABEL_SELECTOR_REQUIREMENT
    }
}

static LIST_META: Message = Message {
    name: "ListMeta",
    fields: &[
        field(1, "selfLink", Kind::String, Presence::Value),
        field(2, "resourceVersion", Kind::String, Presence::Value),
        field(3, "continue", Kind::String, Presence::Value),
        field(4, "remainingItemCount", Kind::Int64, Presence::Pointer),
    ],
};

impl ProtoSchema for ListMeta {
    fn message() -> &'static Message {
        &LIST_META
    }
}

static CONDITION: Message = Message {
    name: "Condition",
    fields: &[
        field(1, "type", Kind::String, Presence::Required),
        field(2, "status", Kind::String, Presence::Required),
        field(3, "observedGeneration", Kind::Int64, Presence::Value),
        field(4, "lastTransitionTime", Kind::Time, Presence::Required),
        field(5, "reason", Kind::String, Presence::Required),
        field(6, "message", Kind::String, Presence::Required),
    ],
};

impl ProtoSchema for Condition {
    fn message() -> &'static Message {
        &CONDITION
    }
}
