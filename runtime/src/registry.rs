//! The registry of served resources: one [`Entry`] per group/version/resource,
//! each with its [`ResourceInfo`] and its kind's typed operations, which
//! the generic server calls through one object-safe trait, [`KindOps`].
//!
//! Generated code (`zz_generated.register.rs`) implements [`ServedKind`]
//! for every served Rust type, saying which of the generated operations
//! the kind has (defaulting, validation, protobuf), and fills the registry
//! with `registry.add::<Widget>()`. [`Typed<T>`] implements [`KindOps`] for
//! each such `T`, monomorphised: the server decodes into the type, defaults
//! and validates the typed value, and transcodes protobuf through it,
//! handing JSON values to the algorithms that need a dynamic tree.

use std::any::Any;
use std::marker::PhantomData;

use serde_json::{Map, Value};

use crate::codec::protobuf::{Message, ProtoError};
use crate::codec::strict::Findings;
use crate::field::ErrorList;
use crate::meta::ObjectMeta;
use crate::resource::{Resource, ResourceInfo};
use crate::schema::{Schema, TypeSchema};
use crate::validate::Context;

mod lifecycle;
mod served;

pub use lifecycle::{Lifecycle, Release};
pub use served::{Registry, RegistryError};

/// The result of decoding a request body through a kind's Rust type.
pub struct Decoded {
    /// The object, as its Rust type.
    pub object: Box<dyn Object>,
    /// Paths of fields the type does not know (`spec.foo`, `spec.ports[0].bar`),
    /// in document order, for field validation (Ignore/Warn/Strict).
    pub unknown_fields: Vec<String>,
    /// Paths of keys an object of the body repeats (`metadata.name`), in
    /// document order. When there are any, `object` holds each repeated
    /// key's first value, where Go's decoder keeps the last: decode the
    /// deduplicated body for the object.
    pub duplicate_fields: Vec<String>,
    /// The body's top-level `apiVersion`, when a string.
    pub api_version: Option<String>,
    /// The body's top-level `kind`, when a string.
    pub kind: Option<String>,
}

impl std::fmt::Debug for Decoded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decoded")
            .field("kind", &self.object.info().kind)
            .field("unknown_fields", &self.unknown_fields)
            .field("duplicate_fields", &self.duplicate_fields)
            .finish_non_exhaustive()
    }
}

/// An object of a served kind held as its Rust type: what the generic
/// server decodes a write into, changes (metadata as the typed
/// `ObjectMeta`, status), validates and encodes for storage, as
/// kube-apiserver's generic store works on the Go struct. Implemented for
/// every [`ServedKind`]; a JSON tree of it is made only where an algorithm
/// needs one ([`Object::to_value`]: managed fields, patches, responses).
pub trait Object: Send + Sync + Any {
    /// The kind's identity and serving metadata.
    fn info(&self) -> &'static ResourceInfo;

    /// The object's `metadata`.
    fn metadata(&self) -> &ObjectMeta;

    /// The object's `metadata`, to change.
    fn metadata_mut(&mut self) -> &mut ObjectMeta;

    /// Empties the status (the zero value of the kind's `status`), as
    /// upstream's `PrepareForCreate` does for kinds with a status
    /// subresource.
    fn reset_status(&mut self);

    /// Replaces the status with a copy of `old`'s (a write to the main
    /// resource of a kind with a status subresource). `old` of another
    /// kind changes nothing.
    fn keep_status(&mut self, old: &dyn Object);

    /// Replaces everything but the status with a copy of `old`'s (a write
    /// to `/status`). `old` of another kind changes nothing.
    fn keep_all_but_status(&mut self, old: &dyn Object);

    /// Whether `self` and `other` are equal outside `metadata` and `status`
    /// (what bumps `metadata.generation`). Objects of different kinds are
    /// not.
    fn spec_equals(&mut self, other: &mut dyn Object) -> bool;

    /// Whether `self` and `other` are equal outside `metadata` (spec and
    /// status alike): what lets the field manager compare only their
    /// metadata. Objects of different kinds are not.
    fn equals_outside_metadata(&mut self, other: &mut dyn Object) -> bool;

    /// Whether `self` and `other` are the same object (a no-op update).
    fn equals(&self, other: &dyn Object) -> bool;

    /// A copy of the object.
    fn clone_object(&self) -> Box<dyn Object>;

    /// Makes this object a copy of `other` (what a mutating admission
    /// webhook's patch made of it); false, changing nothing, when `other`
    /// is of another kind.
    fn assign(&mut self, other: &dyn Object) -> bool;

    /// [`ServedKind::scale`].
    fn scale(&self) -> Option<ScaleFields>;

    /// [`ServedKind::set_scale_replicas`].
    fn set_scale_replicas(&mut self, replicas: i32);

    /// [`ServedKind::field_value`].
    fn field_value(&self, path: &str) -> Option<Value>;

    /// The kind's validation of `self`, against `old` on update (its
    /// generated and hand-written rules; nothing for a kind without).
    /// An `old` of another kind is ignored.
    fn validate(&self, old: Option<&dyn Object>, ctx: &Context) -> ErrorList;

    /// The object as JSON, `kind` and `apiVersion` first (Go's TypeMeta
    /// order). Errors: serde's message (a map key that is not a string).
    fn to_value(&self) -> Result<Value, String>;

    /// The object's Rust fields as the field manager walks them into the
    /// paths a create sets ([`crate::fieldpaths`]): the fields
    /// [`Object::to_value`] writes, without `kind` and `apiVersion`.
    fn field_paths(&self) -> &dyn crate::fieldpaths::FieldPaths;

    /// The object as JSON text, `kind` and `apiVersion` first: the bytes
    /// of a response, written straight from the Rust value as Go's
    /// `encoding/json` writes it (HTML-safe strings, see
    /// [`crate::go::encoder`]), the text of [`Object::to_value`]. When
    /// `pretty`, indented by two spaces throughout, FieldsV1 included, as
    /// `json.MarshalIndent` indents (kube-apiserver's `?pretty=true`). No
    /// trailing newline: a response adds it. Errors: serde's message.
    fn to_json(&self, pretty: bool) -> Result<Vec<u8>, String>;

    /// The object in the protobuf envelope (`k8s\0` + `runtime.Unknown`),
    /// `metadata.resourceVersion` included; `None` for a kind without
    /// protobuf numbers.
    fn to_protobuf(&self) -> Option<Vec<u8>>;

    /// The object as its bare protobuf message (no envelope), as a list's
    /// `items` hold it, `metadata.resourceVersion` included; `None` for a
    /// kind without protobuf numbers.
    fn to_protobuf_message(&self) -> Option<Vec<u8>>;

    /// The bytes to store, as kube-apiserver stores the kind: the object
    /// converted to its resource's storage version ([`ServedKind::Storage`]),
    /// in the protobuf envelope (`k8s\0` + `runtime.Unknown`) for kinds
    /// with protobuf numbers, JSON (`kind` and `apiVersion` first)
    /// otherwise; without `metadata.resourceVersion`, which is the storage
    /// revision. Errors: serde's message.
    fn to_storage(&mut self) -> Result<Vec<u8>, String>;

    /// The object as [`Any`], to downcast to its Rust type.
    fn as_any(&self) -> &dyn Any;

    /// The object as [`Any`], to downcast to its Rust type and change it.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// The capacity to give an object's JSON text before writing it, in
/// bytes: 1 KiB, plus three times the length of its managed fields' FieldsV1
/// texts, which list every field a create set (a Deployment of 27 KB whose
/// FieldsV1 is 17 KB writes 45 KB), so that a written object's text is
/// not copied from buffer to buffer as it grows from serde_json's 128
/// bytes.
fn json_capacity(meta: &ObjectMeta) -> usize {
    let fields: usize = meta
        .managed_fields
        .iter()
        .filter_map(|entry| entry.fields_v1.as_ref())
        .map(|fields| fields.as_str().len())
        .sum();
    1024 + 3 * fields
}

impl<T: ServedKind> Object for T {
    fn info(&self) -> &'static ResourceInfo {
        &T::INFO
    }

    fn metadata(&self) -> &ObjectMeta {
        Resource::metadata(self)
    }

    fn metadata_mut(&mut self) -> &mut ObjectMeta {
        Resource::metadata_mut(self)
    }

    fn reset_status(&mut self) {
        self.swap_status(&mut T::default());
    }

    fn keep_status(&mut self, old: &dyn Object) {
        if let Some(old) = old.as_any().downcast_ref::<T>() {
            self.clone_status_from(old);
        }
    }

    fn keep_all_but_status(&mut self, old: &dyn Object) {
        if let Some(old) = old.as_any().downcast_ref::<T>() {
            let mut next = old.clone();
            next.swap_status(self);
            *self = next;
        }
    }

    fn spec_equals(&mut self, other: &mut dyn Object) -> bool {
        let Some(other) = other.as_any_mut().downcast_mut::<T>() else {
            return false;
        };
        // Set both objects' metadata and status aside, compare the rest,
        // and put them back.
        let (mut own_status, mut other_status) = (T::default(), T::default());
        self.swap_status(&mut own_status);
        other.swap_status(&mut other_status);
        let own_meta = std::mem::take(Resource::metadata_mut(self));
        let other_meta = std::mem::take(Resource::metadata_mut(other));
        let equal = *self == *other;
        *Resource::metadata_mut(self) = own_meta;
        *Resource::metadata_mut(other) = other_meta;
        self.swap_status(&mut own_status);
        other.swap_status(&mut other_status);
        equal
    }

    fn equals_outside_metadata(&mut self, other: &mut dyn Object) -> bool {
        let Some(other) = other.as_any_mut().downcast_mut::<T>() else {
            return false;
        };
        let own_meta = std::mem::take(Resource::metadata_mut(self));
        let other_meta = std::mem::take(Resource::metadata_mut(other));
        let equal = *self == *other;
        *Resource::metadata_mut(self) = own_meta;
        *Resource::metadata_mut(other) = other_meta;
        equal
    }

    fn equals(&self, other: &dyn Object) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn clone_object(&self) -> Box<dyn Object> {
        Box::new(self.clone())
    }

    fn assign(&mut self, other: &dyn Object) -> bool {
        match other.as_any().downcast_ref::<T>() {
            Some(other) => {
                self.clone_from(other);
                true
            }
            None => false,
        }
    }

    fn scale(&self) -> Option<ScaleFields> {
        ServedKind::scale(self)
    }

    fn set_scale_replicas(&mut self, replicas: i32) {
        ServedKind::set_scale_replicas(self, replicas);
    }

    fn field_value(&self, path: &str) -> Option<Value> {
        ServedKind::field_value(self, path)
    }

    fn validate(&self, old: Option<&dyn Object>, ctx: &Context) -> ErrorList {
        if !T::VALIDATED {
            return ErrorList::new();
        }
        let old = old.and_then(|o| o.as_any().downcast_ref::<T>());
        ServedKind::validate(self, old, ctx)
    }

    fn to_value(&self) -> Result<Value, String> {
        let value = serde_json::to_value(self).map_err(|e| e.to_string())?;
        let mut object = Map::new();
        object.insert("kind".into(), Value::String(T::INFO.kind.into()));
        object.insert(
            "apiVersion".into(),
            Value::String(T::INFO.api_version.into()),
        );
        if let Value::Object(fields) = value {
            object.extend(fields);
        }
        Ok(Value::Object(object))
    }

    fn field_paths(&self) -> &dyn crate::fieldpaths::FieldPaths {
        self
    }

    fn to_json(&self, pretty: bool) -> Result<Vec<u8>, String> {
        if pretty {
            // Indented as Go's `json.MarshalIndent` indents, FieldsV1 texts
            // included (written raw, they would keep their compact form).
            return crate::go::encoder::to_vec_pretty(&self.to_value()?).map_err(|e| e.to_string());
        }
        let object = WithTypeMeta {
            kind: T::INFO.kind,
            api_version: T::INFO.api_version,
            object: self,
        };
        let mut out = Vec::with_capacity(json_capacity(Object::metadata(self)));
        crate::go::encoder::to_writer(&mut out, &object).map_err(|e| e.to_string())?;
        // Caches keep these texts: no more room than doubling from
        // serde_json's 128 bytes would have left.
        if out.capacity() > 2 * out.len() {
            out.shrink_to_fit();
        }
        Ok(out)
    }

    fn to_protobuf_message(&self) -> Option<Vec<u8>> {
        self.encode_protobuf()
    }

    fn to_protobuf(&self) -> Option<Vec<u8>> {
        self.encode_protobuf_envelope()
    }

    fn to_storage(&mut self) -> Result<Vec<u8>, String> {
        if !is_storage_version::<T>() {
            let mut stored = self.clone().into_storage();
            return Object::to_storage(&mut stored);
        }
        let resource_version = Resource::metadata_mut(self).resource_version.take();
        let encoded = match self.to_protobuf() {
            Some(envelope) => Ok(envelope),
            None => self.to_json(false),
        };
        Resource::metadata_mut(self).resource_version = resource_version;
        encoded
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A kind's JSON with `kind` and `apiVersion` first, written straight from
/// the Rust value.
#[derive(serde::Serialize)]
struct WithTypeMeta<'a, T: serde::Serialize> {
    kind: &'static str,
    #[serde(rename = "apiVersion")]
    api_version: &'static str,
    #[serde(flatten)]
    object: &'a T,
}

/// Serializes a list of whole objects embedded in another (a StatefulSet's
/// `volumeClaimTemplates`) as upstream writes them: each with its `kind`
/// and `apiVersion` first, which the conversion of the outer kind sets;
/// for `#[serde(serialize_with = "...")]`. The embedded type accepts the
/// two keys on input (fields it never serializes itself).
pub fn serialize_embedded_list<T, S>(items: &[T], serializer: S) -> Result<S::Ok, S::Error>
where
    T: Resource + serde::Serialize,
    S: serde::Serializer,
{
    serializer.collect_seq(items.iter().map(|object| WithTypeMeta {
        kind: T::INFO.kind,
        api_version: T::INFO.api_version,
        object,
    }))
}

/// What a served Rust type brings beyond [`Resource`] and [`Schema`]: the
/// generated operations it has, each defaulting to "none". Implemented by
/// the registry generator (`zz_generated.register.rs`) from what the
/// other generators wrote for the type, so a kind without defaulting,
/// validation or protobuf numbers pays nothing for them.
pub trait ServedKind:
    Resource + Schema + crate::fieldpaths::FieldPaths + Default + Clone + PartialEq
{
    /// The kind in its resource's storage version: `Self` for the storage
    /// version (and for a kind served at one version of its group and
    /// stored as itself), else the Rust type objects of this version are
    /// stored as, as kube-apiserver stores every version of a resource in
    /// one: the storage version of the group (`+kubebuilder:storageversion`)
    /// or the kind of another group the resource cohabits with
    /// (`+resource:cohabitating`, `events.k8s.io` events stored as core
    /// `v1` Events).
    type Storage: ServedKind;

    /// Converts the object to the storage version: through the group's
    /// hub (`zz_generated.conversion.rs`), or by the hand-written `From` of
    /// a cohabiting kind; the object itself for the storage version.
    fn into_storage(self) -> Self::Storage;

    /// Converts an object of the storage version to this version, as
    /// [`ServedKind::into_storage`] converts the other way; the object
    /// itself for the storage version.
    fn from_storage(stored: Self::Storage) -> Self;

    /// The version's `+k8s:prerelease-lifecycle-gen` releases, with
    /// upstream's defaults for alpha and beta versions; `None` without
    /// markers.
    const LIFECYCLE: Option<Lifecycle> = None;

    /// Whether [`ServedKind::set_defaults`] does something (the generated
    /// `SetDefaults`); stored objects of a kind without defaulting are read
    /// as stored.
    const DEFAULTED: bool = false;

    /// The kind's defaulting (`crate::defaulting::SetDefaults`).
    fn set_defaults(&mut self) {}

    /// Whether [`ServedKind::validate`] does something; objects of a kind
    /// without validation are not decoded for it.
    const VALIDATED: bool = false;

    /// The kind's generated and hand-written validation of `self` (against
    /// `old` on update), with the subresource check of
    /// `crate::validate::subresource_supported`.
    fn validate(&self, _old: Option<&Self>, _ctx: &Context) -> ErrorList {
        ErrorList::new()
    }

    /// The protobuf message table, for kinds with protobuf numbers.
    fn protobuf() -> Option<&'static Message> {
        None
    }

    /// Decodes the kind's protobuf message (no envelope) into the type, for
    /// kinds with protobuf numbers (their generated `prost::Message`).
    fn decode_protobuf(_message: &[u8]) -> Option<Result<Self, ProtoError>> {
        None
    }

    /// Encodes the value as its protobuf message (no envelope), for kinds
    /// with protobuf numbers.
    fn encode_protobuf(&self) -> Option<Vec<u8>> {
        None
    }

    /// Encodes the value in the Kubernetes envelope (`k8s\0` +
    /// `runtime.Unknown` with its `apiVersion` and `kind`), the message
    /// written in place, for kinds with protobuf numbers.
    fn encode_protobuf_envelope(&self) -> Option<Vec<u8>> {
        None
    }

    /// What the `/scale` subresource reads, at the paths the kind's
    /// `+kubebuilder:subresource:scale` marker names; `None` for a kind
    /// without one.
    fn scale(&self) -> Option<ScaleFields> {
        None
    }

    /// Writes the desired replicas at the scale marker's `specpath`
    /// (creating the structs on the way); nothing for a kind without one.
    fn set_scale_replicas(&mut self, _replicas: i32) {}

    /// The JSON value at the field selector path `path` (`metadata.name`,
    /// `metadata.namespace` or one of the kind's selectable fields, as
    /// `spec.nodeName`), read through the Rust fields; `None` where the
    /// object's JSON has nothing, or for a path the kind does not select
    /// on.
    fn field_value(&self, _path: &str) -> Option<Value> {
        None
    }
}

/// What an object shows through its `/scale` subresource: the
/// `autoscaling/v1` `Scale`'s `spec.replicas`, `status.replicas` and
/// `status.selector` (upstream's `scaleFromDeployment` and the custom
/// resource scale handler read the same).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScaleFields {
    /// The desired replicas (`specpath`); 0 when unset.
    pub spec_replicas: i32,
    /// The observed replicas (`statuspath`); 0 when unset.
    pub status_replicas: i32,
    /// The label selector (`selectorpath`) in the selector string syntax
    /// (a `LabelSelector` formatted as `metav1.FormatLabelSelector` does,
    /// or the string the path holds); `None` without a selector path or
    /// value.
    pub selector: Option<String>,
}

/// [`ScaleFields::spec_replicas`] and [`ScaleFields::status_replicas`] from
/// the integer a scale path names (generated code calls it for `i32` and
/// `i64` fields; a value past `i32` is clamped, as no replica count is).
pub fn scale_replicas<T: Copy + TryInto<i32> + PartialOrd + Default>(value: Option<&T>) -> i32 {
    match value {
        None => 0,
        Some(v) => (*v).try_into().unwrap_or(if *v < T::default() {
            i32::MIN
        } else {
            i32::MAX
        }),
    }
}

/// The JSON fields of `metadata` that [`metadata_field`] reads: every
/// field of `ObjectMeta`, in Go's field order (the order kube-apiserver
/// writes them in).
pub const METADATA_FIELDS: &[&str] = &[
    "name",
    "generateName",
    "namespace",
    "selfLink",
    "uid",
    "resourceVersion",
    "generation",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "labels",
    "annotations",
    "ownerReferences",
    "finalizers",
    "managedFields",
];

/// [`ServedKind::field_value`] below `metadata`: the JSON value of the
/// `ObjectMeta` field named `field` (its JSON name, one of
/// [`METADATA_FIELDS`]), `None` when serde leaves it out of the object's
/// JSON (unset, or an empty map or list) or for another name. Generated
/// `field_value`s call it for `metadata.<field>` paths.
pub fn metadata_field(meta: &ObjectMeta, field: &str) -> Option<Value> {
    fn string(s: &Option<String>) -> Option<Value> {
        s.clone().map(Value::String)
    }
    fn nonempty<T: serde::Serialize>(empty: bool, value: &T) -> Option<Value> {
        (!empty).then(|| serde_json::to_value(value).ok()).flatten()
    }
    match field {
        "name" => string(&meta.name),
        "generateName" => string(&meta.generate_name),
        "namespace" => string(&meta.namespace),
        "selfLink" => string(&meta.self_link),
        "uid" => string(&meta.uid),
        "resourceVersion" => string(&meta.resource_version),
        "generation" => meta.generation.map(Value::from),
        "creationTimestamp" => meta
            .creation_timestamp
            .as_ref()
            .map(|t| t.to_rfc3339().into()),
        "deletionTimestamp" => meta
            .deletion_timestamp
            .as_ref()
            .map(|t| t.to_rfc3339().into()),
        "deletionGracePeriodSeconds" => meta.deletion_grace_period_seconds.map(Value::from),
        "labels" => nonempty(meta.labels.is_empty(), &meta.labels),
        "annotations" => nonempty(meta.annotations.is_empty(), &meta.annotations),
        "ownerReferences" => nonempty(meta.owner_references.is_empty(), &meta.owner_references),
        "finalizers" => nonempty(meta.finalizers.is_empty(), &meta.finalizers),
        "managedFields" => nonempty(meta.managed_fields.is_empty(), &meta.managed_fields),
        _ => None,
    }
}

/// [`ServedKind::validate`] for a type with generated validation: the
/// subresource check, then `Validate::validate_update` from the root.
pub fn validate_kind<T: Resource + crate::validate::Validate>(
    new: &T,
    old: Option<&T>,
    ctx: &Context,
) -> ErrorList {
    let unsupported =
        crate::validate::subresource_supported::<T>(ctx, T::INFO.version, T::INFO.kind);
    if !unsupported.is_empty() {
        return unsupported;
    }
    new.validate_update(old, &crate::field::Path::root(), ctx)
}

/// A served kind's operations, as the generic server calls them: one
/// object-safe trait, implemented for every [`ServedKind`] by [`Typed`].
/// Decoded objects cross it as [`Object`]s (the Rust type behind an object
/// trait); JSON values (`kind` and `apiVersion` first) only where the
/// caller needs a tree.
pub trait KindOps: Send + Sync {
    /// The structural schema (patch strategies, list types) of the kind.
    fn schema(&self) -> &'static TypeSchema;

    /// The kind's identity and serving metadata.
    fn info(&self) -> &'static ResourceInfo;

    /// The version objects of this resource are stored in (the
    /// `version` of [`ServedKind::Storage`]'s `ResourceInfo`).
    fn storage_version(&self) -> &'static str;

    /// The group objects of this resource are stored in (the `group` of
    /// [`ServedKind::Storage`]'s `ResourceInfo`): the kind's own, or, for
    /// a resource cohabiting with another group's (`events.k8s.io` events
    /// are stored as core `v1` Events), that group.
    fn storage_group(&self) -> &'static str;

    /// The version's lifecycle ([`ServedKind::LIFECYCLE`]).
    fn lifecycle(&self) -> Option<Lifecycle>;

    /// A copy of `object` (of this kind) converted to the storage version
    /// ([`ServedKind::into_storage`]); `None` for an object of another
    /// kind.
    fn convert_to_storage(&self, object: &dyn Object) -> Option<Box<dyn Object>>;

    /// A copy of `stored` (of the storage version) converted to this
    /// version ([`ServedKind::from_storage`]); `None` for an object of
    /// another kind.
    fn convert_from_storage(&self, stored: &dyn Object) -> Option<Box<dyn Object>>;

    /// Whether this is the storage version ([`KindOps::storage_version`]
    /// of [`KindOps::storage_group`]).
    fn is_storage_version(&self) -> bool {
        self.storage_version() == self.info().version && self.storage_group() == self.info().group
    }

    /// Decodes a JSON body into the Rust type, without defaults, with
    /// field validation's findings from the same pass (unknown fields,
    /// repeated keys, the top-level `apiVersion` and `kind`). Errors:
    /// serde's message (not JSON, a type mismatch).
    fn decode(&self, body: &[u8]) -> Result<Decoded, String>;

    /// Decodes as [`KindOps::decode`] does and sets the kind's defaults on
    /// the typed value before it becomes JSON, as upstream's decoding codec
    /// defaults what it decodes. Errors: as [`KindOps::decode`].
    fn decode_defaulted(&self, body: &[u8]) -> Result<Decoded, String>;

    /// Reads a JSON value through the Rust type and sets the kind's
    /// defaults: the object [`KindOps::decode_defaulted`] gives for a body
    /// holding it, without its text (fields the type does not know are
    /// dropped, not reported). Errors: serde's message.
    fn read_value(&self, object: &Value) -> Result<Box<dyn Object>, String>;

    /// Reads a stored object into the type, as kube-apiserver's storage
    /// codec decodes and defaults: the protobuf envelope (`k8s\0`, as kinds
    /// with protobuf numbers are stored) or JSON, in the storage version,
    /// defaulted there and converted to this version. Errors: the stored
    /// value is not an object of the storage version.
    fn read_object(&self, stored: &[u8]) -> Result<Box<dyn Object>, String>;

    /// Reads a stored object, defaulted through the type, as
    /// kube-apiserver's storage codec defaults what it decodes: the
    /// protobuf envelope (`k8s\0`, as kinds with protobuf numbers are
    /// stored) or JSON. `None` for JSON of a kind without defaulting, which
    /// is read as stored. Errors: the stored value is not an object of the
    /// kind.
    fn read_stored(&self, stored: &[u8]) -> Option<Result<Value, String>>;

    /// [`KindOps::read_stored`]'s object as the Rust type, for a caller
    /// that writes it out without a tree (a GET's or a list item's JSON):
    /// `None` where that reads the value as stored.
    fn read_stored_object(&self, stored: &[u8]) -> Option<Result<Box<dyn Object>, String>>;

    /// Whether [`KindOps::read_stored_object`] reads `stored` through the
    /// Rust type (the protobuf envelope, a defaulted kind, another
    /// version than the storage version), which writes the object's JSON
    /// as [`Object::to_json`] does; false where the value is read as
    /// stored. Reads nothing but the first bytes.
    fn reads_stored_through_type(&self, stored: &[u8]) -> bool;

    /// The field path where decoding the body through the Rust type fails
    /// (`spec.ports[0].protocol`), for turning decode errors into field
    /// errors.
    fn decode_error_path(&self, body: &[u8]) -> Option<String>;

    /// Whether the kind has validation (no tag, hook or subresource rule
    /// reaches any of its fields otherwise).
    fn validates(&self) -> bool;

    /// The protobuf message table, for kinds served as
    /// `application/vnd.kubernetes.protobuf`.
    fn protobuf(&self) -> Option<&'static Message>;

    /// Decodes an object in the Kubernetes envelope (`k8s\0` +
    /// `runtime.Unknown`) into the type and sets its defaults; `None` for a
    /// kind without protobuf, or bytes that do not start with the
    /// envelope's `k8s\0`. Errors: the envelope or the message does not
    /// decode.
    fn decode_protobuf(&self, bytes: &[u8]) -> Option<Result<Box<dyn Object>, ProtoError>>;

    /// Encodes a JSON object through the type, in the envelope; `None` for
    /// a kind without protobuf. Errors: the object does not decode into the
    /// type (serde's message).
    fn encode_protobuf(&self, object: &Value) -> Option<Result<Vec<u8>, String>>;
}

/// [`KindOps`] for the Rust type `T`, monomorphised.
pub struct Typed<T>(PhantomData<fn() -> T>);

impl<T: ServedKind> KindOps for Typed<T> {
    fn schema(&self) -> &'static TypeSchema {
        T::schema()
    }

    fn info(&self) -> &'static ResourceInfo {
        &T::INFO
    }

    fn storage_version(&self) -> &'static str {
        <T::Storage as Resource>::INFO.version
    }

    fn storage_group(&self) -> &'static str {
        <T::Storage as Resource>::INFO.group
    }

    fn lifecycle(&self) -> Option<Lifecycle> {
        T::LIFECYCLE
    }

    fn convert_to_storage(&self, object: &dyn Object) -> Option<Box<dyn Object>> {
        let object = object.as_any().downcast_ref::<T>()?;
        Some(Box::new(object.clone().into_storage()))
    }

    fn convert_from_storage(&self, stored: &dyn Object) -> Option<Box<dyn Object>> {
        let stored = stored.as_any().downcast_ref::<T::Storage>()?;
        Some(Box::new(T::from_storage(stored.clone())))
    }

    fn decode(&self, body: &[u8]) -> Result<Decoded, String> {
        let (typed, findings) = decode_typed::<T>(body)?;
        Ok(decoded(typed, findings))
    }

    fn decode_defaulted(&self, body: &[u8]) -> Result<Decoded, String> {
        let (mut typed, findings) = decode_typed::<T>(body)?;
        typed.set_defaults();
        Ok(decoded(typed, findings))
    }

    fn read_value(&self, object: &Value) -> Result<Box<dyn Object>, String> {
        let mut typed = T::deserialize(object).map_err(|e| e.to_string())?;
        typed.set_defaults();
        Ok(Box::new(typed))
    }

    fn read_object(&self, stored: &[u8]) -> Result<Box<dyn Object>, String> {
        if is_storage_version::<T>() {
            return read_stored_typed::<T>(stored).map(|o| Box::new(o) as Box<dyn Object>);
        }
        let stored = read_stored_typed::<T::Storage>(stored)?;
        Ok(Box::new(T::from_storage(stored)))
    }

    fn read_stored(&self, stored: &[u8]) -> Option<Result<Value, String>> {
        self.read_stored_object(stored)
            .map(|read| read.and_then(|o| o.to_value()))
    }

    fn read_stored_object(&self, stored: &[u8]) -> Option<Result<Box<dyn Object>, String>> {
        self.reads_stored_through_type(stored)
            .then(|| self.read_object(stored))
    }

    fn reads_stored_through_type(&self, stored: &[u8]) -> bool {
        !is_storage_version::<T>()
            || T::DEFAULTED
            || stored.starts_with(crate::codec::protobuf::MAGIC)
    }

    fn decode_error_path(&self, body: &[u8]) -> Option<String> {
        let mut de = serde_json::Deserializer::from_slice(body);
        serde_path_to_error::deserialize::<_, T>(&mut de)
            .err()
            .map(|e| e.path().to_string())
    }

    fn validates(&self) -> bool {
        T::VALIDATED
    }

    fn protobuf(&self) -> Option<&'static Message> {
        T::protobuf()
    }

    fn decode_protobuf(&self, bytes: &[u8]) -> Option<Result<Box<dyn Object>, ProtoError>> {
        T::protobuf()?;
        if !bytes.starts_with(crate::codec::protobuf::MAGIC) {
            return None;
        }
        Some(decode_envelope::<T>(bytes).map(|typed| Box::new(typed) as Box<dyn Object>))
    }

    fn encode_protobuf(&self, object: &Value) -> Option<Result<Vec<u8>, String>> {
        T::protobuf()?;
        Some((|| {
            let typed = T::deserialize(object).map_err(|e| e.to_string())?;
            let message = typed.encode_protobuf().unwrap_or_default();
            Ok(crate::codec::protobuf::envelope_of(
                T::INFO.api_version,
                T::INFO.kind,
                &message,
            ))
        })())
    }
}

/// How a served kind is handled: its identity and its operations.
#[derive(Clone, Copy)]
pub struct Entry {
    /// Identity and serving metadata.
    pub info: ResourceInfo,
    /// The kind's typed operations.
    pub kind: &'static dyn KindOps,
}

impl Entry {
    /// Whether this entry serves its resource in the storage version.
    pub fn is_storage_version(&self) -> bool {
        self.kind.is_storage_version()
    }
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("info", &self.info)
            .finish_non_exhaustive()
    }
}

/// Whether `T` is its resource's storage version.
fn is_storage_version<T: ServedKind>() -> bool {
    std::any::TypeId::of::<T>() == std::any::TypeId::of::<T::Storage>()
}

/// An object of `T` in the Kubernetes envelope (`k8s\0` +
/// `runtime.Unknown`), decoded and defaulted.
fn decode_envelope<T: ServedKind>(bytes: &[u8]) -> Result<T, ProtoError> {
    let (_, _, raw) = crate::codec::protobuf::unwrap(bytes)?;
    let mut typed = T::decode_protobuf(raw).unwrap_or_else(|| Ok(T::default()))?;
    typed.set_defaults();
    Ok(typed)
}

/// A stored object of the storage version `S`, decoded (the protobuf
/// envelope for kinds with protobuf numbers, else JSON) and defaulted.
fn read_stored_typed<S: ServedKind>(stored: &[u8]) -> Result<S, String> {
    if S::protobuf().is_some() && stored.starts_with(crate::codec::protobuf::MAGIC) {
        return decode_envelope::<S>(stored).map_err(|e| e.to_string());
    }
    let mut typed: S = crate::codec::from_json_slice(stored).map_err(|e| e.to_string())?;
    typed.set_defaults();
    Ok(typed)
}

/// The typed value of a JSON body, with what field validation reports
/// (found in the same pass, [`crate::codec::strict`]).
fn decode_typed<T: Resource>(body: &[u8]) -> Result<(T, Findings), String> {
    crate::codec::strict::from_slice(body).map_err(|e| e.to_string())
}

/// A decoded body: the object and what its decoding found.
fn decoded<T: ServedKind>(typed: T, findings: Findings) -> Decoded {
    Decoded {
        object: Box::new(typed),
        unknown_fields: findings.unknown,
        duplicate_fields: findings.duplicate,
        api_version: findings.api_version,
        kind: findings.kind,
    }
}
