//! `meta.k8s.io/v1` types the server and API types share: [`ObjectMeta`],
//! [`Time`], [`OwnerReference`], [`ManagedFieldsEntry`].
//!
//! JSON names, optionality and field order are upstream's
//! (`k8s.io/apimachinery/pkg/apis/meta/v1/types.go`); empty optional fields
//! are omitted as Go's `omitempty` omits them.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A timestamp with second precision, serialized as RFC 3339 in UTC
/// (`2008-01-01T01:01:01Z`), as `metav1.Time`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time(pub chrono::DateTime<chrono::Utc>);

impl Time {
    /// The current time, truncated to whole seconds.
    pub fn now() -> Time {
        let now = chrono::Utc::now();
        Time(chrono::DateTime::from_timestamp(now.timestamp(), 0).unwrap_or(now))
    }

    /// RFC 3339 with a `Z` suffix and no fractional seconds.
    pub fn to_rfc3339(&self) -> String {
        self.0.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    }
}

impl Serialize for Time {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_rfc3339())
    }
}

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        chrono::DateTime::parse_from_rfc3339(&text)
            .map(|t| Time(t.with_timezone(&chrono::Utc)))
            .map_err(|e| serde::de::Error::custom(format!("parsing time {text:?}: {e}")))
    }
}

/// A timestamp with microsecond precision, serialized as RFC 3339 in UTC
/// with six fractional digits (`2008-01-01T01:01:01.000001Z`), as
/// `metav1.MicroTime`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MicroTime(pub chrono::DateTime<chrono::Utc>);

impl MicroTime {
    /// RFC 3339 with exactly six fractional digits and a `Z` suffix.
    pub fn to_rfc3339(&self) -> String {
        self.0.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
    }
}

impl Serialize for MicroTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_rfc3339())
    }
}

impl<'de> Deserialize<'de> for MicroTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        chrono::DateTime::parse_from_rfc3339(&text)
            .map(|t| MicroTime(t.with_timezone(&chrono::Utc)))
            .map_err(|e| serde::de::Error::custom(format!("parsing time {text:?}: {e}")))
    }
}

/// Metadata every persisted object carries (`metav1.ObjectMeta`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// Unique name within a namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Prefix for a server-generated name when `name` is empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<String>,
    /// The namespace; empty for cluster-scoped objects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// Deprecated; never set by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<String>,
    /// Server-assigned unique identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// Opaque version for optimistic concurrency.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    /// Sequence number of the desired state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    /// When the object was created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<Time>,
    /// When graceful deletion was requested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<Time>,
    /// Seconds allowed for graceful termination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<i64>,
    /// Labels: selectable key/value pairs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Annotations: unselectable key/value pairs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    /// Objects this one depends on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owner_references: Vec<OwnerReference>,
    /// Finalizers that must be removed before deletion completes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
    /// Field ownership records of server-side apply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub managed_fields: Vec<ManagedFieldsEntry>,
}

/// One observation of an object's state (`metav1.Condition`), as
/// `status.conditions` lists them; `kubectl wait --for=condition=X` reads it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    /// The condition type, in UpperCamelCase: `Ready`.
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    pub status: String,
    /// The `metadata.generation` the condition was set for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// When the status last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change, in UpperCamelCase.
    #[serde(default)]
    pub reason: String,
    /// Human-readable details.
    #[serde(default)]
    pub message: String,
}

/// A reference to an owning object (`metav1.OwnerReference`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OwnerReference {
    /// API version of the owner.
    pub api_version: String,
    /// Kind of the owner.
    pub kind: String,
    /// Name of the owner.
    pub name: String,
    /// UID of the owner.
    pub uid: String,
    /// Whether the owner is the managing controller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<bool>,
    /// Whether the owner cannot be deleted before this object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_owner_deletion: Option<bool>,
}

/// One field manager's ownership record (`metav1.ManagedFieldsEntry`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ManagedFieldsEntry {
    /// The field manager.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manager: Option<String>,
    /// `Apply` or `Update`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// The version the fields are expressed in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// When the entry last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<Time>,
    /// `FieldsV1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields_type: Option<String>,
    /// The owned fields, as a FieldsV1 trie.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields_v1: Option<serde_json::Value>,
    /// The subresource the write went through.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subresource: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_is_rfc3339_seconds_utc() {
        let t: Time = serde_json::from_str("\"2008-01-01T01:01:01Z\"").unwrap();
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            "\"2008-01-01T01:01:01Z\""
        );
        let t: Time = serde_json::from_str("\"2008-01-01T02:01:01+01:00\"").unwrap();
        assert_eq!(t.to_rfc3339(), "2008-01-01T01:01:01Z");
        assert!(serde_json::from_str::<Time>("\"yesterday\"").is_err());
    }

    #[test]
    fn micro_time_keeps_microseconds() {
        let t: MicroTime = serde_json::from_str("\"2008-01-01T01:01:01.000001Z\"").unwrap();
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            "\"2008-01-01T01:01:01.000001Z\""
        );
    }

    #[test]
    fn empty_fields_are_omitted() {
        let meta = ObjectMeta {
            name: Some("a".into()),
            ..Default::default()
        };
        assert_eq!(serde_json::to_string(&meta).unwrap(), r#"{"name":"a"}"#);
    }
}

mod proto {
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
}
