//! The registry of served resources: one [`Entry`] per group/version/resource,
//! each with its [`ResourceInfo`] and the handler functions the generic
//! server calls. Generated code (`zz_generated.register.rs`) fills it with
//! `registry.add::<Widget>()`, adding `.with_protobuf::<Widget>()` for kinds
//! with protobuf numbers, `.with_defaults::<Widget>()` for kinds whose
//! defaulting does something and `.with_validation::<Widget>()` for kinds
//! whose validation does something.

use serde_json::{Map, Value};

use crate::resource::{Resource, ResourceInfo};

/// The result of decoding a request body through a kind's Rust type.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The object as the type serializes it, with `kind` and `apiVersion`
    /// first (Go's TypeMeta order).
    pub object: Value,
    /// Paths of fields the type does not know (`spec.foo`, `spec.ports[0].bar`),
    /// in document order, for field validation (Ignore/Warn/Strict).
    pub unknown_fields: Vec<String>,
}

/// The signature of [`Entry::decode`] and [`Entry::decode_and_default`]: a
/// JSON body in, the object as JSON out; errors are serde's message.
pub type DecodeFn = fn(&[u8]) -> Result<Decoded, String>;

/// The signature of [`Entry::validate`].
pub type ValidateFn = fn(
    &Value,
    Option<&Value>,
    &crate::validate::Context,
) -> Result<crate::field::ErrorList, String>;

/// A kind's protobuf codec on its Rust type: objects in the Kubernetes
/// envelope (`k8s\0` + `runtime.Unknown`) to and from the type, the JSON
/// value standing for it on the server's side.
#[derive(Debug, Clone, Copy)]
pub struct ProtobufCodec {
    /// Decodes an enveloped object into the type, then gives it as JSON
    /// (`kind` and `apiVersion` first). Errors: the envelope or message
    /// does not decode.
    pub decode: fn(&[u8]) -> Result<Value, crate::codec::protobuf::ProtoError>,
    /// Encodes a JSON object through the type, in the envelope. Errors: the
    /// object does not decode into the type (serde's message).
    pub encode: fn(&Value) -> Result<Vec<u8>, String>,
}

/// How a served kind is handled: its identity and its codec.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// Identity and serving metadata.
    pub info: ResourceInfo,
    /// Decodes a JSON body through the Rust type. Errors are serde's message
    /// (a type mismatch, a missing required field, a duplicate field).
    pub decode: DecodeFn,
    /// Decodes as [`Entry::decode`] does, and runs the kind's defaulting
    /// ([`crate::defaulting::SetDefaults`]) on the typed value before it
    /// becomes JSON, as upstream's decoding codec defaults what it decodes;
    /// `None` for a kind without defaulting. [`Entry::decode_defaulted`]
    /// picks the right one.
    pub decode_and_default: Option<DecodeFn>,
    /// The protobuf message table, for kinds served as
    /// `application/vnd.kubernetes.protobuf`.
    pub protobuf: Option<fn() -> &'static crate::codec::protobuf::Message>,
    /// The same kinds' protobuf codec on the Rust type (its generated
    /// `prost::Message`).
    pub protobuf_typed: Option<ProtobufCodec>,
    /// The field path where decoding the body through the Rust type fails
    /// (`spec.ports[0].protocol`), for turning decode errors into field errors.
    pub decode_error_path: fn(&[u8]) -> Option<String>,
    /// Runs the kind's generated (and hand-written) validation on a decoded
    /// object, against the old object on update; `None` for a kind with no
    /// validation (no tag, hook or subresource rule reaches any of its
    /// fields), whose objects are then not decoded for it. Errors: a value
    /// the type cannot hold (already rejected by decoding in practice).
    pub validate: Option<ValidateFn>,
    /// The structural schema (patch strategies, list types) of the kind.
    pub schema: fn() -> &'static crate::schema::TypeSchema,
}

impl Entry {
    /// Decodes a JSON body through the Rust type with the kind's defaults
    /// set, as the server reads request bodies and stored objects. Errors:
    /// as [`Entry::decode`].
    pub fn decode_defaulted(&self, body: &[u8]) -> Result<Decoded, String> {
        match self.decode_and_default {
            Some(decode) => decode(body),
            None => (self.decode)(body),
        }
    }

    /// Defaults the kind's objects with `T`'s generated
    /// [`crate::defaulting::SetDefaults`] (`T` is the entry's kind).
    pub fn with_defaults<T: Resource + crate::defaulting::SetDefaults>(&mut self) -> &mut Entry {
        self.decode_and_default = Some(decode_and_default::<T>);
        self
    }

    /// Serves the kind as Kubernetes protobuf too, with `T`'s message
    /// table (`T` is the entry's kind).
    pub fn with_protobuf<
        T: Resource + crate::codec::protobuf::ProtoSchema + prost::Message + Default,
    >(
        &mut self,
    ) -> &mut Entry {
        self.protobuf = Some(T::message);
        self.protobuf_typed = Some(ProtobufCodec {
            decode: decode_protobuf::<T>,
            encode: encode_protobuf::<T>,
        });
        self
    }

    /// Validates the kind's objects with `T`'s [`crate::validate::Validate`]
    /// (`T` is the entry's kind).
    pub fn with_validation<T: Resource + crate::validate::Validate>(&mut self) -> &mut Entry {
        self.validate = Some(validate::<T>);
        self
    }
}

/// Every served resource.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    entries: Vec<Entry>,
    openapi_v2: Option<&'static str>,
    openapi_v3: Vec<(&'static str, &'static str)>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Adds the resource `T`, served as JSON and YAML, without validation;
    /// returns its entry for [`Entry::with_protobuf`] and
    /// [`Entry::with_validation`].
    pub fn add<T: Resource + crate::schema::Schema>(&mut self) -> &mut Entry {
        self.entries.push(Entry {
            info: T::INFO,
            decode: decode::<T>,
            decode_and_default: None,
            decode_error_path: error_path::<T>,
            validate: None,
            protobuf: None,
            protobuf_typed: None,
            schema: T::schema,
        });
        let last = self.entries.len() - 1;
        &mut self.entries[last]
    }

    /// Sets the generated OpenAPI documents: the v2 document and the v3
    /// documents by index path (`api/v1`, `apis/example.dev/v1`).
    pub fn set_openapi(&mut self, v2: &'static str, v3: &[(&'static str, &'static str)]) {
        self.openapi_v2 = Some(v2);
        self.openapi_v3 = v3.to_vec();
    }

    /// The OpenAPI v2 document, if set.
    pub fn openapi_v2(&self) -> Option<&'static str> {
        self.openapi_v2
    }

    /// The OpenAPI v3 documents by index path.
    pub fn openapi_v3(&self) -> &[(&'static str, &'static str)] {
        &self.openapi_v3
    }

    /// Every entry, in registration order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry serving `plural` in `group`/`version`.
    pub fn find(&self, group: &str, version: &str, plural: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.info.group == group && e.info.version == version && e.info.plural == plural)
    }

    /// The distinct groups, in registration order (the core group is `""`).
    pub fn groups(&self) -> Vec<&'static str> {
        let mut groups: Vec<&'static str> = Vec::new();
        for e in &self.entries {
            if !groups.contains(&e.info.group) {
                groups.push(e.info.group);
            }
        }
        groups
    }

    /// The versions served for `group`, in registration order.
    pub fn versions(&self, group: &str) -> Vec<&'static str> {
        let mut versions: Vec<&'static str> = Vec::new();
        for e in self.entries.iter().filter(|e| e.info.group == group) {
            if !versions.contains(&e.info.version) {
                versions.push(e.info.version);
            }
        }
        versions
    }
}

fn validate<T: Resource + crate::validate::Validate>(
    new: &Value,
    old: Option<&Value>,
    ctx: &crate::validate::Context,
) -> Result<crate::field::ErrorList, String> {
    let go_type = format!("*{}.{}", T::INFO.version, T::INFO.kind);
    let unsupported = crate::validate::subresource_supported::<T>(ctx, &go_type);
    if !unsupported.is_empty() {
        return Ok(unsupported);
    }
    // Read straight from the trees, without copying them first.
    let new = T::deserialize(new).map_err(|e| e.to_string())?;
    let old = old
        .map(T::deserialize)
        .transpose()
        .map_err(|e| e.to_string())?;
    Ok(new.validate_update(old.as_ref(), &crate::field::Path::root(), ctx))
}

fn decode_protobuf<T: Resource + prost::Message + Default>(
    bytes: &[u8],
) -> Result<Value, crate::codec::protobuf::ProtoError> {
    let typed: T = crate::codec::wire::decode_object(bytes)?;
    decoded(&typed, Vec::new())
        .map(|d| d.object)
        .map_err(crate::codec::protobuf::ProtoError)
}

fn encode_protobuf<T: Resource + prost::Message>(object: &Value) -> Result<Vec<u8>, String> {
    let typed = T::deserialize(object).map_err(|e| e.to_string())?;
    Ok(crate::codec::wire::encode_object(
        T::INFO.api_version,
        T::INFO.kind,
        &typed,
    ))
}

fn error_path<T: Resource>(body: &[u8]) -> Option<String> {
    let mut de = serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize::<_, T>(&mut de)
        .err()
        .map(|e| e.path().to_string())
}

fn decode<T: Resource>(body: &[u8]) -> Result<Decoded, String> {
    let (typed, unknown_fields) = decode_typed::<T>(body)?;
    decoded(&typed, unknown_fields)
}

fn decode_and_default<T: Resource + crate::defaulting::SetDefaults>(
    body: &[u8],
) -> Result<Decoded, String> {
    let (mut typed, unknown_fields) = decode_typed::<T>(body)?;
    typed.set_defaults();
    decoded(&typed, unknown_fields)
}

/// The typed value of a JSON body, with the paths of the fields `T` does
/// not know.
fn decode_typed<T: Resource>(body: &[u8]) -> Result<(T, Vec<String>), String> {
    let mut unknown_fields = Vec::new();
    let mut de = serde_json::Deserializer::from_slice(body);
    let typed: T = serde_ignored::deserialize(&mut de, |path| {
        let path = field_path(&path);
        if path != "apiVersion" && path != "kind" {
            unknown_fields.push(path);
        }
    })
    .map_err(|e| e.to_string())?;
    de.end().map_err(|e| e.to_string())?;
    Ok((typed, unknown_fields))
}

/// A typed object as JSON, `kind` and `apiVersion` first.
fn decoded<T: Resource>(typed: &T, unknown_fields: Vec<String>) -> Result<Decoded, String> {
    let value = serde_json::to_value(typed).map_err(|e| e.to_string())?;
    let mut object = Map::new();
    object.insert("kind".into(), Value::String(T::INFO.kind.into()));
    object.insert(
        "apiVersion".into(),
        Value::String(T::INFO.api_version.into()),
    );
    if let Value::Object(fields) = value {
        object.extend(fields);
    }
    Ok(Decoded {
        object: Value::Object(object),
        unknown_fields,
    })
}

/// Renders a serde_ignored path as Kubernetes prints field paths:
/// `spec.ports[0].name`.
fn field_path(path: &serde_ignored::Path<'_>) -> String {
    use serde_ignored::Path;
    match path {
        Path::Root => String::new(),
        Path::Seq { parent, index } => format!("{}[{index}]", field_path(parent)),
        Path::Map { parent, key } => {
            let parent = field_path(parent);
            if parent.is_empty() {
                key.clone()
            } else {
                format!("{parent}.{key}")
            }
        }
        Path::Some { parent }
        | Path::NewtypeStruct { parent }
        | Path::NewtypeVariant { parent } => field_path(parent),
    }
}
