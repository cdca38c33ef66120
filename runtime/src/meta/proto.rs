//! Protobuf tables of the meta types, with upstream's field numbers
//! (`k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto`).

use std::collections::BTreeMap;

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

// ------------------------------------------------------------ typed codec
//
// The same messages on the Rust types (`prost::Message`), for the typed
// protobuf codec ([`super::wire`]): these meta types hold Go value
// fields as `Option`s, so their encoding is written by hand, as their
// tables are. A value field that is `None` is written as its zero value,
// and a zero value read back is `None`.

use prost::DecodeError;
use prost::bytes::{Buf, BufMut};
use prost::encoding::{DecodeContext, WireType};

use super::wire as w;

fn opt_str(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("")
}

pub(super) fn non_empty(value: String) -> Option<String> {
    (!value.is_empty()).then_some(value)
}

/// A Go `int64` held as a value: `0`, its zero value, is absent.
pub(super) fn non_zero(value: i64) -> Option<i64> {
    (value != 0).then_some(value)
}

/// The encoded length of a `map<string, string>` field.
fn string_map_len(tag: u32, map: &BTreeMap<String, String>) -> usize {
    map.iter()
        .map(|(k, v)| w::map_entry_len(tag, k, w::string_len(2, v)))
        .sum()
}

fn string_map(tag: u32, map: &BTreeMap<String, String>, buf: &mut impl BufMut) {
    for (k, v) in map {
        w::map_entry(tag, k, w::string_len(2, v), buf);
        w::string(2, v, buf);
    }
}

fn merge_string_map<B: Buf>(
    map: &mut BTreeMap<String, String>,
    wire_type: WireType,
    buf: &mut B,
    ctx: DecodeContext,
) -> Result<(), DecodeError> {
    let (k, v) = w::decode_map_entry(wire_type, buf, ctx, w::decode_string)?;
    map.insert(k, v);
    Ok(())
}

impl prost::Message for ObjectMeta {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        w::string(1, opt_str(&self.name), buf);
        w::string(2, opt_str(&self.generate_name), buf);
        w::string(3, opt_str(&self.namespace), buf);
        w::string(4, opt_str(&self.self_link), buf);
        w::string(5, opt_str(&self.uid), buf);
        w::string(6, opt_str(&self.resource_version), buf);
        w::int(7, self.generation.unwrap_or(0), buf);
        w::value_time(8, self.creation_timestamp.as_ref(), buf);
        if let Some(t) = &self.deletion_timestamp {
            w::time(9, t, buf);
        }
        if let Some(s) = self.deletion_grace_period_seconds {
            w::int(10, s, buf);
        }
        string_map(11, &self.labels, buf);
        string_map(12, &self.annotations, buf);
        for r in &self.owner_references {
            w::message(13, r, buf);
        }
        for f in &self.finalizers {
            w::string(14, f, buf);
        }
        for m in &self.managed_fields {
            w::message(17, m, buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        let string = |buf: &mut _| w::decode_string(wire_type, buf, ctx.clone()).map(non_empty);
        match tag {
            1 => self.name = string(buf)?,
            2 => self.generate_name = string(buf)?,
            3 => self.namespace = string(buf)?,
            4 => self.self_link = string(buf)?,
            5 => self.uid = string(buf)?,
            6 => self.resource_version = string(buf)?,
            7 => self.generation = non_zero(w::decode_int(wire_type, buf)?),
            8 => self.creation_timestamp = w::decode_time(wire_type, buf, ctx)?,
            9 => self.deletion_timestamp = w::decode_time(wire_type, buf, ctx)?,
            10 => self.deletion_grace_period_seconds = Some(w::decode_int(wire_type, buf)?),
            11 => merge_string_map(&mut self.labels, wire_type, buf, ctx)?,
            12 => merge_string_map(&mut self.annotations, wire_type, buf, ctx)?,
            13 => self
                .owner_references
                .push(w::decode_message(wire_type, buf, ctx)?),
            14 => self.finalizers.push(w::decode_string(wire_type, buf, ctx)?),
            17 => self
                .managed_fields
                .push(w::decode_message(wire_type, buf, ctx)?),
            _ => w::skip(tag, wire_type, buf, ctx)?,
        }
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        w::string_len(1, opt_str(&self.name))
            + w::string_len(2, opt_str(&self.generate_name))
            + w::string_len(3, opt_str(&self.namespace))
            + w::string_len(4, opt_str(&self.self_link))
            + w::string_len(5, opt_str(&self.uid))
            + w::string_len(6, opt_str(&self.resource_version))
            + w::int_len(7, self.generation.unwrap_or(0))
            + w::value_time_len(8, self.creation_timestamp.as_ref())
            + self
                .deletion_timestamp
                .as_ref()
                .map_or(0, |t| w::time_len(9, t))
            + self
                .deletion_grace_period_seconds
                .map_or(0, |s| w::int_len(10, s))
            + string_map_len(11, &self.labels)
            + string_map_len(12, &self.annotations)
            + self
                .owner_references
                .iter()
                .map(|r| w::message_len(13, r))
                .sum::<usize>()
            + self
                .finalizers
                .iter()
                .map(|f| w::string_len(14, f))
                .sum::<usize>()
            + self
                .managed_fields
                .iter()
                .map(|m| w::message_len(17, m))
                .sum::<usize>()
    }

    fn clear(&mut self) {
        *self = ObjectMeta::default();
    }
}

impl prost::Message for OwnerReference {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        w::string(1, &self.kind, buf);
        w::string(3, &self.name, buf);
        w::string(4, &self.uid, buf);
        w::string(5, &self.api_version, buf);
        if let Some(c) = self.controller {
            w::bool(6, c, buf);
        }
        if let Some(b) = self.block_owner_deletion {
            w::bool(7, b, buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        match tag {
            1 => self.kind = w::decode_string(wire_type, buf, ctx)?,
            3 => self.name = w::decode_string(wire_type, buf, ctx)?,
            4 => self.uid = w::decode_string(wire_type, buf, ctx)?,
            5 => self.api_version = w::decode_string(wire_type, buf, ctx)?,
            6 => self.controller = Some(w::decode_bool(wire_type, buf)?),
            7 => self.block_owner_deletion = Some(w::decode_bool(wire_type, buf)?),
            _ => w::skip(tag, wire_type, buf, ctx)?,
        }
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        w::string_len(1, &self.kind)
            + w::string_len(3, &self.name)
            + w::string_len(4, &self.uid)
            + w::string_len(5, &self.api_version)
            + self.controller.map_or(0, |c| w::bool_len(6, c))
            + self.block_owner_deletion.map_or(0, |b| w::bool_len(7, b))
    }

    fn clear(&mut self) {
        *self = OwnerReference::default();
    }
}

impl prost::Message for ManagedFieldsEntry {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        w::string(1, opt_str(&self.manager), buf);
        w::string(2, opt_str(&self.operation), buf);
        w::string(3, opt_str(&self.api_version), buf);
        if let Some(t) = &self.time {
            w::time(4, t, buf);
        }
        w::string(6, opt_str(&self.fields_type), buf);
        if let Some(f) = &self.fields_v1 {
            w::fields_v1(7, f, buf);
        }
        w::string(8, opt_str(&self.subresource), buf);
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        let string = |buf: &mut _| w::decode_string(wire_type, buf, ctx.clone()).map(non_empty);
        match tag {
            1 => self.manager = string(buf)?,
            2 => self.operation = string(buf)?,
            3 => self.api_version = string(buf)?,
            4 => self.time = w::decode_time(wire_type, buf, ctx)?,
            6 => self.fields_type = string(buf)?,
            7 => {
                self.fields_v1 =
                    Some(w::decode_fields_v1(wire_type, buf, ctx)?).filter(|f| f.as_str() != "null")
            }
            8 => self.subresource = string(buf)?,
            _ => w::skip(tag, wire_type, buf, ctx)?,
        }
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        w::string_len(1, opt_str(&self.manager))
            + w::string_len(2, opt_str(&self.operation))
            + w::string_len(3, opt_str(&self.api_version))
            + self.time.as_ref().map_or(0, |t| w::time_len(4, t))
            + w::string_len(6, opt_str(&self.fields_type))
            + self
                .fields_v1
                .as_ref()
                .map_or(0, |f| w::fields_v1_len(7, f))
            + w::string_len(8, opt_str(&self.subresource))
    }

    fn clear(&mut self) {
        *self = ManagedFieldsEntry::default();
    }
}

impl prost::Message for LabelSelector {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        string_map(1, &self.match_labels, buf);
        for r in &self.match_expressions {
            w::message(2, r, buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        match tag {
            1 => merge_string_map(&mut self.match_labels, wire_type, buf, ctx)?,
            2 => self
                .match_expressions
                .push(w::decode_message(wire_type, buf, ctx)?),
            _ => w::skip(tag, wire_type, buf, ctx)?,
        }
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        string_map_len(1, &self.match_labels)
            + self
                .match_expressions
                .iter()
                .map(|r| w::message_len(2, r))
                .sum::<usize>()
    }

    fn clear(&mut self) {
        *self = LabelSelector::default();
    }
}

impl prost::Message for LabelSelectorRequirement {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        w::string(1, &self.key, buf);
        w::string(2, &self.operator, buf);
        for v in &self.values {
            w::string(3, v, buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        match tag {
            1 => self.key = w::decode_string(wire_type, buf, ctx)?,
            2 => self.operator = w::decode_string(wire_type, buf, ctx)?,
            3 => self.values.push(w::decode_string(wire_type, buf, ctx)?),
            _ => w::skip(tag, wire_type, buf, ctx)?,
        }
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        w::string_len(1, &self.key)
            + w::string_len(2, &self.operator)
            + self
                .values
                .iter()
                .map(|v| w::string_len(3, v))
                .sum::<usize>()
    }

    fn clear(&mut self) {
        *self = LabelSelectorRequirement::default();
    }
}

impl prost::Message for ListMeta {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        w::string(1, opt_str(&self.self_link), buf);
        w::string(2, opt_str(&self.resource_version), buf);
        w::string(3, opt_str(&self.r#continue), buf);
        if let Some(n) = self.remaining_item_count {
            w::int(4, n, buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        let string = |buf: &mut _| w::decode_string(wire_type, buf, ctx.clone()).map(non_empty);
        match tag {
            1 => self.self_link = string(buf)?,
            2 => self.resource_version = string(buf)?,
            3 => self.r#continue = string(buf)?,
            4 => self.remaining_item_count = Some(w::decode_int(wire_type, buf)?),
            _ => w::skip(tag, wire_type, buf, ctx)?,
        }
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        w::string_len(1, opt_str(&self.self_link))
            + w::string_len(2, opt_str(&self.resource_version))
            + w::string_len(3, opt_str(&self.r#continue))
            + self.remaining_item_count.map_or(0, |n| w::int_len(4, n))
    }

    fn clear(&mut self) {
        *self = ListMeta::default();
    }
}

impl prost::Message for Condition {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        w::string(1, &self.r#type, buf);
        w::string(2, &self.status, buf);
        w::int(3, self.observed_generation.unwrap_or(0), buf);
        w::value_time(4, self.last_transition_time.as_ref(), buf);
        w::string(5, &self.reason, buf);
        w::string(6, &self.message, buf);
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        match tag {
            1 => self.r#type = w::decode_string(wire_type, buf, ctx)?,
            2 => self.status = w::decode_string(wire_type, buf, ctx)?,
            3 => self.observed_generation = non_zero(w::decode_int(wire_type, buf)?),
            4 => self.last_transition_time = w::decode_time(wire_type, buf, ctx)?,
            5 => self.reason = w::decode_string(wire_type, buf, ctx)?,
            6 => self.message = w::decode_string(wire_type, buf, ctx)?,
            _ => w::skip(tag, wire_type, buf, ctx)?,
        }
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        w::string_len(1, &self.r#type)
            + w::string_len(2, &self.status)
            + w::int_len(3, self.observed_generation.unwrap_or(0))
            + w::value_time_len(4, self.last_transition_time.as_ref())
            + w::string_len(5, &self.reason)
            + w::string_len(6, &self.message)
    }

    fn clear(&mut self) {
        *self = Condition::default();
    }
}
