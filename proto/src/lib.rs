//! Prost types of every message of the workspace's generated `.proto`
//! files: the Kubernetes kinds of `apis` (at `k8s.io.api.<group>.<version>`,
//! our own groups included) and the apimachinery messages of `runtime`,
//! compiled by `build.rs` with prost-build from the files `cargo xtask
//! generate` writes beside each package (parsed with protox; no `protoc`).
//!
//! ```text
//! use proto::api::apps::v1::Deployment;
//! let (type_meta, deployment): (_, Deployment) = proto::decode_envelope(&bytes)?;
//! let bytes = proto::encode_envelope("apps/v1", "Deployment", &deployment);
//! ```
//!
//! Proto2 `optional` fields are `Option`s; maps are `BTreeMap`s, encoded in
//! key order as Go's marshallers write them. [`FILES`] holds the `.proto`
//! texts by import name, for writing out a tree other languages compile.

#[allow(missing_docs, clippy::all, clippy::pedantic)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/_includes.rs"));
}

pub use generated::k8s::io::{api, apimachinery};

use apimachinery::pkg::runtime::{TypeMeta, Unknown};
use prost::Message;

/// Every generated `.proto` file as (import name, text), sorted by import
/// name: `("k8s.io/api/apps/v1/generated.proto", "// Code generated ...")`.
pub static FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/files.rs"));

/// The four bytes before every protobuf-encoded Kubernetes object.
pub const MAGIC: &[u8; 4] = b"k8s\0";

/// `application/vnd.kubernetes.protobuf`: the media type of [`MAGIC`]-prefixed bodies.
pub const MEDIA_TYPE: &str = "application/vnd.kubernetes.protobuf";

/// Why bytes are not a Kubernetes protobuf object.
#[derive(Debug)]
pub enum EnvelopeError {
    /// The bytes do not start with [`MAGIC`].
    NoMagic,
    /// The `runtime.Unknown` or the object inside it does not decode.
    Decode(prost::DecodeError),
}

impl std::fmt::Display for EnvelopeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EnvelopeError::NoMagic => {
                f.write_str("no `k8s\\0` prefix: not a Kubernetes protobuf object")
            }
            EnvelopeError::Decode(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EnvelopeError {}

/// Wraps a message as kube-apiserver writes protobuf bodies and etcd
/// values: [`MAGIC`], then a `runtime.Unknown` with `typeMeta`
/// (`apiVersion`, `kind`), `raw` (the message) and empty `contentEncoding`
/// and `contentType`. Source: `k8s.io/apimachinery/pkg/runtime/serializer/protobuf`.
pub fn encode_envelope(api_version: &str, kind: &str, message: &impl Message) -> Vec<u8> {
    let unknown = Unknown {
        type_meta: Some(TypeMeta {
            api_version: Some(api_version.to_string()),
            kind: Some(kind.to_string()),
        }),
        raw: Some(message.encode_to_vec()),
        content_encoding: Some(String::new()),
        content_type: Some(String::new()),
    };
    let mut out = Vec::with_capacity(MAGIC.len() + unknown.encoded_len());
    out.extend_from_slice(MAGIC);
    unknown.encode(&mut out).expect("a Vec grows to fit");
    out
}

/// Reads the envelope of [`encode_envelope`]: the `runtime.Unknown`.
///
/// Errors: [`EnvelopeError::NoMagic`] without the prefix,
/// [`EnvelopeError::Decode`] when the rest is not a `runtime.Unknown`.
pub fn decode_unknown(bytes: &[u8]) -> Result<Unknown, EnvelopeError> {
    let body = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or(EnvelopeError::NoMagic)?;
    Unknown::decode(body).map_err(EnvelopeError::Decode)
}

/// Reads an object of type `M` from its envelope, with its type meta.
///
/// Errors: as [`decode_unknown`], and [`EnvelopeError::Decode`] when `raw`
/// is not an `M`.
pub fn decode_envelope<M: Message + Default>(bytes: &[u8]) -> Result<(TypeMeta, M), EnvelopeError> {
    let unknown = decode_unknown(bytes)?;
    let message =
        M::decode(unknown.raw.as_deref().unwrap_or_default()).map_err(EnvelopeError::Decode)?;
    Ok((unknown.type_meta.unwrap_or_default(), message))
}
