//! The OpenAPI v2 (Swagger 2.0) document in protobuf, as kube-apiserver
//! serves it for `Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf`:
//! the `openapi.v2.Document` message of gnostic (`github.com/google/gnostic`,
//! `openapiv2/OpenAPIv2.proto`), filled the way gnostic's compiler reads a
//! JSON document (`openapi_v2.ParseDocument`, which kube-openapi's handler
//! calls before `proto.Marshal`).
//!
//! The messages below carry gnostic's field numbers; only the messages a
//! Swagger 2.0 document can reach are declared, and `google.protobuf.Any`
//! (never set by the compiler) is left out of [`Any`]. The reading rules:
//! - maps become ordered `Named*` pairs in document order;
//! - keys starting with `x-` become `vendor_extension` entries whose value
//!   is an [`Any`] holding the value as YAML text;
//! - `default`, `example` and `enum` values are [`Any`]s too;
//! - a schema's `type` is a [`TypeItem`] (one or more names), `items` an
//!   [`ItemsItem`] (one or more schemas), `additionalProperties` a schema or
//!   a boolean;
//! - a parameter with `$ref` is a [`JsonReference`]; `in: body` is a
//!   [`BodyParameter`]; `header`, `formData`, `query` and `path` are the
//!   matching sub-schemas of a [`NonBodyParameter`];
//! - a response with `$ref` is a [`JsonReference`]; a response schema of
//!   `type: file` is a [`FileSchema`].
//!
//! Consumers (kubectl's `proto` models, client generators) read the YAML
//! of each [`Any`] back into a value, so it is written in the YAML style of
//! [`super::yaml::to_yaml`].

use prost::Message as _;
use serde_json::{Map, Value};

/// The media type a client asks for (kubectl's `openAPIV2mimePb`).
pub const MEDIA_TYPE_REQUESTED: &str = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

/// The media type kube-apiserver answers with, and also accepts.
pub const MEDIA_TYPE: &str = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";

/// The protobuf bytes of a Swagger 2.0 JSON document.
///
/// Errors: the document is not JSON or not an object.
pub fn encode(swagger_json: &str) -> Result<Vec<u8>, String> {
    let doc: Value = serde_json::from_str(swagger_json).map_err(|e| e.to_string())?;
    let doc = doc
        .as_object()
        .ok_or("the OpenAPI v2 document is not a JSON object")?;
    Ok(document(doc).encode_to_vec())
}

/// Decodes the protobuf bytes of a document.
///
/// Errors: the bytes are not an `openapi.v2.Document`.
pub fn decode(bytes: &[u8]) -> Result<Document, prost::DecodeError> {
    Document::decode(bytes)
}

// ---------------------------------------------------------------- messages

/// `openapi.v2.Document`: the whole Swagger 2.0 document.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Document {
    #[prost(string, tag = "1")]
    pub swagger: String,
    #[prost(message, optional, tag = "2")]
    pub info: Option<Info>,
    #[prost(string, tag = "3")]
    pub host: String,
    #[prost(string, tag = "4")]
    pub base_path: String,
    #[prost(string, repeated, tag = "5")]
    pub schemes: Vec<String>,
    #[prost(string, repeated, tag = "6")]
    pub consumes: Vec<String>,
    #[prost(string, repeated, tag = "7")]
    pub produces: Vec<String>,
    #[prost(message, optional, tag = "8")]
    pub paths: Option<Paths>,
    #[prost(message, optional, tag = "9")]
    pub definitions: Option<Definitions>,
    #[prost(message, optional, tag = "10")]
    pub parameters: Option<ParameterDefinitions>,
    #[prost(message, optional, tag = "11")]
    pub responses: Option<ResponseDefinitions>,
    #[prost(message, repeated, tag = "12")]
    pub security: Vec<SecurityRequirement>,
    #[prost(message, optional, tag = "13")]
    pub security_definitions: Option<SecurityDefinitions>,
    #[prost(message, repeated, tag = "14")]
    pub tags: Vec<Tag>,
    #[prost(message, optional, tag = "15")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, repeated, tag = "16")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Info`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Info {
    #[prost(string, tag = "1")]
    pub title: String,
    #[prost(string, tag = "2")]
    pub version: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(string, tag = "4")]
    pub terms_of_service: String,
    #[prost(message, optional, tag = "5")]
    pub contact: Option<Contact>,
    #[prost(message, optional, tag = "6")]
    pub license: Option<License>,
    #[prost(message, repeated, tag = "7")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Contact`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Contact {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(string, tag = "3")]
    pub email: String,
    #[prost(message, repeated, tag = "4")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.License`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct License {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(message, repeated, tag = "3")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Any`: a value as YAML text (field 1, a
/// `google.protobuf.Any`, is never set by the compiler).
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Any {
    #[prost(string, tag = "2")]
    pub yaml: String,
}

/// `openapi.v2.NamedAny`: one `x-` extension.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedAny {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Any>,
}

/// `openapi.v2.Paths`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Paths {
    #[prost(message, repeated, tag = "1")]
    pub vendor_extension: Vec<NamedAny>,
    #[prost(message, repeated, tag = "2")]
    pub path: Vec<NamedPathItem>,
}

/// `openapi.v2.NamedPathItem`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedPathItem {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<PathItem>,
}

/// `openapi.v2.PathItem`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct PathItem {
    #[prost(string, tag = "1")]
    pub _ref: String,
    #[prost(message, optional, tag = "2")]
    pub get: Option<Operation>,
    #[prost(message, optional, tag = "3")]
    pub put: Option<Operation>,
    #[prost(message, optional, tag = "4")]
    pub post: Option<Operation>,
    #[prost(message, optional, tag = "5")]
    pub delete: Option<Operation>,
    #[prost(message, optional, tag = "6")]
    pub options: Option<Operation>,
    #[prost(message, optional, tag = "7")]
    pub head: Option<Operation>,
    #[prost(message, optional, tag = "8")]
    pub patch: Option<Operation>,
    #[prost(message, repeated, tag = "9")]
    pub parameters: Vec<ParametersItem>,
    #[prost(message, repeated, tag = "10")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Operation`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Operation {
    #[prost(string, repeated, tag = "1")]
    pub tags: Vec<String>,
    #[prost(string, tag = "2")]
    pub summary: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(message, optional, tag = "4")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(string, tag = "5")]
    pub operation_id: String,
    #[prost(string, repeated, tag = "6")]
    pub produces: Vec<String>,
    #[prost(string, repeated, tag = "7")]
    pub consumes: Vec<String>,
    #[prost(message, repeated, tag = "8")]
    pub parameters: Vec<ParametersItem>,
    #[prost(message, optional, tag = "9")]
    pub responses: Option<Responses>,
    #[prost(string, repeated, tag = "10")]
    pub schemes: Vec<String>,
    #[prost(bool, tag = "11")]
    pub deprecated: bool,
    #[prost(message, repeated, tag = "12")]
    pub security: Vec<SecurityRequirement>,
    #[prost(message, repeated, tag = "13")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.ParametersItem`: a parameter or a reference to one.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct ParametersItem {
    #[prost(oneof = "ParametersItemOneof", tags = "1, 2")]
    pub oneof: Option<ParametersItemOneof>,
}

/// The choice of [`ParametersItem`].
// A wire model, as prost-build would write it: the variants hold messages
// by value.
#[allow(missing_docs, clippy::large_enum_variant)]
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum ParametersItemOneof {
    #[prost(message, tag = "1")]
    Parameter(Parameter),
    #[prost(message, tag = "2")]
    JsonReference(JsonReference),
}

/// `openapi.v2.Parameter`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Parameter {
    #[prost(oneof = "ParameterOneof", tags = "1, 2")]
    pub oneof: Option<ParameterOneof>,
}

/// The choice of [`Parameter`].
// A wire model, as prost-build would write it: the variants hold messages
// by value.
#[allow(missing_docs, clippy::large_enum_variant)]
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum ParameterOneof {
    #[prost(message, tag = "1")]
    BodyParameter(BodyParameter),
    #[prost(message, tag = "2")]
    NonBodyParameter(NonBodyParameter),
}

/// `openapi.v2.BodyParameter`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct BodyParameter {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(string, tag = "2")]
    pub name: String,
    #[prost(string, tag = "3")]
    pub r#in: String,
    #[prost(bool, tag = "4")]
    pub required: bool,
    #[prost(message, optional, tag = "5")]
    pub schema: Option<Schema>,
    #[prost(message, repeated, tag = "6")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.NonBodyParameter`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NonBodyParameter {
    #[prost(oneof = "NonBodyParameterOneof", tags = "1, 2, 3, 4")]
    pub oneof: Option<NonBodyParameterOneof>,
}

/// The choice of [`NonBodyParameter`], by the parameter's `in`.
// A wire model, as prost-build would write it: the variants hold messages
// by value.
#[allow(missing_docs, clippy::large_enum_variant)]
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum NonBodyParameterOneof {
    #[prost(message, tag = "1")]
    HeaderParameterSubSchema(HeaderParameterSubSchema),
    #[prost(message, tag = "2")]
    FormDataParameterSubSchema(FormDataParameterSubSchema),
    #[prost(message, tag = "3")]
    QueryParameterSubSchema(QueryParameterSubSchema),
    #[prost(message, tag = "4")]
    PathParameterSubSchema(PathParameterSubSchema),
}

/// `openapi.v2.HeaderParameterSubSchema`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct HeaderParameterSubSchema {
    #[prost(bool, tag = "1")]
    pub required: bool,
    #[prost(string, tag = "2")]
    pub r#in: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(string, tag = "4")]
    pub name: String,
    #[prost(string, tag = "5")]
    pub r#type: String,
    #[prost(string, tag = "6")]
    pub format: String,
    #[prost(message, optional, tag = "7")]
    pub items: Option<PrimitivesItems>,
    #[prost(string, tag = "8")]
    pub collection_format: String,
    #[prost(message, optional, tag = "9")]
    pub default: Option<Any>,
    #[prost(double, tag = "10")]
    pub maximum: f64,
    #[prost(bool, tag = "11")]
    pub exclusive_maximum: bool,
    #[prost(double, tag = "12")]
    pub minimum: f64,
    #[prost(bool, tag = "13")]
    pub exclusive_minimum: bool,
    #[prost(int64, tag = "14")]
    pub max_length: i64,
    #[prost(int64, tag = "15")]
    pub min_length: i64,
    #[prost(string, tag = "16")]
    pub pattern: String,
    #[prost(int64, tag = "17")]
    pub max_items: i64,
    #[prost(int64, tag = "18")]
    pub min_items: i64,
    #[prost(bool, tag = "19")]
    pub unique_items: bool,
    #[prost(message, repeated, tag = "20")]
    pub r#enum: Vec<Any>,
    #[prost(double, tag = "21")]
    pub multiple_of: f64,
    #[prost(message, repeated, tag = "22")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.PathParameterSubSchema`: the same fields as a header
/// parameter, with the same numbers.
pub type PathParameterSubSchema = HeaderParameterSubSchema;

/// `openapi.v2.QueryParameterSubSchema` (also `FormDataParameterSubSchema`,
/// which has the same fields and numbers): a header parameter's fields plus
/// `allowEmptyValue` (5), which shifts the later numbers by one.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct QueryParameterSubSchema {
    #[prost(bool, tag = "1")]
    pub required: bool,
    #[prost(string, tag = "2")]
    pub r#in: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(string, tag = "4")]
    pub name: String,
    #[prost(bool, tag = "5")]
    pub allow_empty_value: bool,
    #[prost(string, tag = "6")]
    pub r#type: String,
    #[prost(string, tag = "7")]
    pub format: String,
    #[prost(message, optional, tag = "8")]
    pub items: Option<PrimitivesItems>,
    #[prost(string, tag = "9")]
    pub collection_format: String,
    #[prost(message, optional, tag = "10")]
    pub default: Option<Any>,
    #[prost(double, tag = "11")]
    pub maximum: f64,
    #[prost(bool, tag = "12")]
    pub exclusive_maximum: bool,
    #[prost(double, tag = "13")]
    pub minimum: f64,
    #[prost(bool, tag = "14")]
    pub exclusive_minimum: bool,
    #[prost(int64, tag = "15")]
    pub max_length: i64,
    #[prost(int64, tag = "16")]
    pub min_length: i64,
    #[prost(string, tag = "17")]
    pub pattern: String,
    #[prost(int64, tag = "18")]
    pub max_items: i64,
    #[prost(int64, tag = "19")]
    pub min_items: i64,
    #[prost(bool, tag = "20")]
    pub unique_items: bool,
    #[prost(message, repeated, tag = "21")]
    pub r#enum: Vec<Any>,
    #[prost(double, tag = "22")]
    pub multiple_of: f64,
    #[prost(message, repeated, tag = "23")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.FormDataParameterSubSchema`.
pub type FormDataParameterSubSchema = QueryParameterSubSchema;

/// `openapi.v2.PrimitivesItems`: the items of a non-body array parameter.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct PrimitivesItems {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub format: String,
    #[prost(message, optional, boxed, tag = "3")]
    pub items: Option<Box<PrimitivesItems>>,
    #[prost(string, tag = "4")]
    pub collection_format: String,
    #[prost(message, optional, tag = "5")]
    pub default: Option<Any>,
    #[prost(double, tag = "6")]
    pub maximum: f64,
    #[prost(bool, tag = "7")]
    pub exclusive_maximum: bool,
    #[prost(double, tag = "8")]
    pub minimum: f64,
    #[prost(bool, tag = "9")]
    pub exclusive_minimum: bool,
    #[prost(int64, tag = "10")]
    pub max_length: i64,
    #[prost(int64, tag = "11")]
    pub min_length: i64,
    #[prost(string, tag = "12")]
    pub pattern: String,
    #[prost(int64, tag = "13")]
    pub max_items: i64,
    #[prost(int64, tag = "14")]
    pub min_items: i64,
    #[prost(bool, tag = "15")]
    pub unique_items: bool,
    #[prost(message, repeated, tag = "16")]
    pub r#enum: Vec<Any>,
    #[prost(double, tag = "17")]
    pub multiple_of: f64,
    #[prost(message, repeated, tag = "18")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.JsonReference`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct JsonReference {
    #[prost(string, tag = "1")]
    pub _ref: String,
    #[prost(string, tag = "2")]
    pub description: String,
}

/// `openapi.v2.Responses`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Responses {
    #[prost(message, repeated, tag = "1")]
    pub response_code: Vec<NamedResponseValue>,
    #[prost(message, repeated, tag = "2")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.NamedResponseValue`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedResponseValue {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<ResponseValue>,
}

/// `openapi.v2.ResponseValue`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct ResponseValue {
    #[prost(oneof = "ResponseValueOneof", tags = "1, 2")]
    pub oneof: Option<ResponseValueOneof>,
}

/// The choice of [`ResponseValue`].
// A wire model, as prost-build would write it: the variants hold messages
// by value.
#[allow(missing_docs, clippy::large_enum_variant)]
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum ResponseValueOneof {
    #[prost(message, tag = "1")]
    Response(Response),
    #[prost(message, tag = "2")]
    JsonReference(JsonReference),
}

/// `openapi.v2.Response`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Response {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(message, optional, tag = "2")]
    pub schema: Option<SchemaItem>,
    #[prost(message, optional, tag = "3")]
    pub headers: Option<Headers>,
    #[prost(message, optional, tag = "4")]
    pub examples: Option<Examples>,
    #[prost(message, repeated, tag = "5")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Headers`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Headers {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedHeader>,
}

/// `openapi.v2.NamedHeader`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedHeader {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Header>,
}

/// `openapi.v2.Header` (a response header).
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Header {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub format: String,
    #[prost(string, tag = "18")]
    pub description: String,
    #[prost(message, repeated, tag = "19")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Examples`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Examples {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedAny>,
}

/// `openapi.v2.SchemaItem`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct SchemaItem {
    #[prost(oneof = "SchemaItemOneof", tags = "1, 2")]
    pub oneof: Option<SchemaItemOneof>,
}

/// The choice of [`SchemaItem`].
// A wire model, as prost-build would write it: the variants hold messages
// by value.
#[allow(missing_docs, clippy::large_enum_variant)]
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum SchemaItemOneof {
    #[prost(message, tag = "1")]
    Schema(Schema),
    #[prost(message, tag = "2")]
    FileSchema(FileSchema),
}

/// `openapi.v2.FileSchema`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct FileSchema {
    #[prost(string, tag = "1")]
    pub format: String,
    #[prost(string, tag = "2")]
    pub title: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(message, optional, tag = "4")]
    pub default: Option<Any>,
    #[prost(string, repeated, tag = "5")]
    pub required: Vec<String>,
    #[prost(string, tag = "6")]
    pub r#type: String,
    #[prost(bool, tag = "7")]
    pub read_only: bool,
    #[prost(message, optional, tag = "8")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, optional, tag = "9")]
    pub example: Option<Any>,
    #[prost(message, repeated, tag = "10")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Schema`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Schema {
    #[prost(string, tag = "1")]
    pub _ref: String,
    #[prost(string, tag = "2")]
    pub format: String,
    #[prost(string, tag = "3")]
    pub title: String,
    #[prost(string, tag = "4")]
    pub description: String,
    #[prost(message, optional, tag = "5")]
    pub default: Option<Any>,
    #[prost(double, tag = "6")]
    pub multiple_of: f64,
    #[prost(double, tag = "7")]
    pub maximum: f64,
    #[prost(bool, tag = "8")]
    pub exclusive_maximum: bool,
    #[prost(double, tag = "9")]
    pub minimum: f64,
    #[prost(bool, tag = "10")]
    pub exclusive_minimum: bool,
    #[prost(int64, tag = "11")]
    pub max_length: i64,
    #[prost(int64, tag = "12")]
    pub min_length: i64,
    #[prost(string, tag = "13")]
    pub pattern: String,
    #[prost(int64, tag = "14")]
    pub max_items: i64,
    #[prost(int64, tag = "15")]
    pub min_items: i64,
    #[prost(bool, tag = "16")]
    pub unique_items: bool,
    #[prost(int64, tag = "17")]
    pub max_properties: i64,
    #[prost(int64, tag = "18")]
    pub min_properties: i64,
    #[prost(string, repeated, tag = "19")]
    pub required: Vec<String>,
    #[prost(message, repeated, tag = "20")]
    pub r#enum: Vec<Any>,
    #[prost(message, optional, tag = "21")]
    pub additional_properties: Option<AdditionalPropertiesItem>,
    #[prost(message, optional, tag = "22")]
    pub r#type: Option<TypeItem>,
    #[prost(message, optional, tag = "23")]
    pub items: Option<ItemsItem>,
    #[prost(message, repeated, tag = "24")]
    pub all_of: Vec<Schema>,
    #[prost(message, optional, tag = "25")]
    pub properties: Option<Properties>,
    #[prost(string, tag = "26")]
    pub discriminator: String,
    #[prost(bool, tag = "27")]
    pub read_only: bool,
    #[prost(message, optional, tag = "29")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, optional, tag = "30")]
    pub example: Option<Any>,
    #[prost(message, repeated, tag = "31")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.AdditionalPropertiesItem`: a schema or a boolean.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct AdditionalPropertiesItem {
    #[prost(oneof = "AdditionalPropertiesOneof", tags = "1, 2")]
    pub oneof: Option<AdditionalPropertiesOneof>,
}

/// The choice of [`AdditionalPropertiesItem`].
// A wire model, as prost-build would write it: the variants hold messages
// by value.
#[allow(missing_docs, clippy::large_enum_variant)]
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum AdditionalPropertiesOneof {
    #[prost(message, tag = "1")]
    Schema(Box<Schema>),
    #[prost(bool, tag = "2")]
    Boolean(bool),
}

/// `openapi.v2.TypeItem`: one type name or several.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct TypeItem {
    #[prost(string, repeated, tag = "1")]
    pub value: Vec<String>,
}

/// `openapi.v2.ItemsItem`: one item schema or several.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct ItemsItem {
    #[prost(message, repeated, tag = "1")]
    pub schema: Vec<Schema>,
}

/// `openapi.v2.Properties`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Properties {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedSchema>,
}

/// `openapi.v2.NamedSchema`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedSchema {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Schema>,
}

/// `openapi.v2.Definitions`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Definitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedSchema>,
}

/// `openapi.v2.ParameterDefinitions`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct ParameterDefinitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedParameter>,
}

/// `openapi.v2.NamedParameter`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedParameter {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Parameter>,
}

/// `openapi.v2.ResponseDefinitions`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct ResponseDefinitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedResponse>,
}

/// `openapi.v2.NamedResponse`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedResponse {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Response>,
}

/// `openapi.v2.SecurityRequirement`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct SecurityRequirement {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedStringArray>,
}

/// `openapi.v2.NamedStringArray`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedStringArray {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<StringArray>,
}

/// `openapi.v2.StringArray`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct StringArray {
    #[prost(string, repeated, tag = "1")]
    pub value: Vec<String>,
}

/// `openapi.v2.SecurityDefinitions`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct SecurityDefinitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedSecurityDefinitionsItem>,
}

/// `openapi.v2.NamedSecurityDefinitionsItem`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedSecurityDefinitionsItem {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<SecurityDefinitionsItem>,
}

/// `openapi.v2.SecurityDefinitionsItem`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct SecurityDefinitionsItem {
    #[prost(oneof = "SecurityDefinitionsOneof", tags = "1, 2")]
    pub oneof: Option<SecurityDefinitionsOneof>,
}

/// The choice of [`SecurityDefinitionsItem`], by its `type` (the OAuth2
/// forms, 3 to 6, are not produced).
// A wire model, as prost-build would write it: the variants hold messages
// by value.
#[allow(missing_docs, clippy::large_enum_variant)]
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum SecurityDefinitionsOneof {
    #[prost(message, tag = "1")]
    BasicAuthenticationSecurity(BasicAuthenticationSecurity),
    #[prost(message, tag = "2")]
    ApiKeySecurity(ApiKeySecurity),
}

/// `openapi.v2.BasicAuthenticationSecurity`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct BasicAuthenticationSecurity {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(message, repeated, tag = "3")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.ApiKeySecurity`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct ApiKeySecurity {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub name: String,
    #[prost(string, tag = "3")]
    pub r#in: String,
    #[prost(string, tag = "4")]
    pub description: String,
    #[prost(message, repeated, tag = "5")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Tag`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct Tag {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(message, optional, tag = "3")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, repeated, tag = "4")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.ExternalDocs`.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, prost::Message)]
pub struct ExternalDocs {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(message, repeated, tag = "3")]
    pub vendor_extension: Vec<NamedAny>,
}

// ----------------------------------------------------------------- reading

fn string(m: &Map<String, Value>, key: &str) -> String {
    m.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn strings(m: &Map<String, Value>, key: &str) -> Vec<String> {
    match m.get(key) {
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        Some(Value::String(s)) => vec![s.clone()],
        _ => Vec::new(),
    }
}

fn boolean(m: &Map<String, Value>, key: &str) -> bool {
    m.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn float(m: &Map<String, Value>, key: &str) -> f64 {
    m.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

fn int(m: &Map<String, Value>, key: &str) -> i64 {
    m.get(key).and_then(Value::as_i64).unwrap_or(0)
}

fn object<'a>(m: &'a Map<String, Value>, key: &str) -> Option<&'a Map<String, Value>> {
    m.get(key).and_then(Value::as_object)
}

fn objects<'a>(
    m: &'a Map<String, Value>,
    key: &str,
) -> impl Iterator<Item = &'a Map<String, Value>> {
    m.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
}

/// A value as gnostic keeps it: YAML text.
fn any(value: &Value) -> Any {
    Any {
        yaml: super::yaml::to_yaml(value),
    }
}

fn optional_any(m: &Map<String, Value>, key: &str) -> Option<Any> {
    m.get(key).map(any)
}

fn anys(m: &Map<String, Value>, key: &str) -> Vec<Any> {
    m.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(any)
        .collect()
}

/// The `x-` keys of `m`, in order.
fn extensions(m: &Map<String, Value>) -> Vec<NamedAny> {
    m.iter()
        .filter(|(k, _)| k.starts_with("x-"))
        .map(|(k, v)| NamedAny {
            name: k.clone(),
            value: Some(any(v)),
        })
        .collect()
}

fn document(m: &Map<String, Value>) -> Document {
    Document {
        swagger: string(m, "swagger"),
        info: object(m, "info").map(info),
        host: string(m, "host"),
        base_path: string(m, "basePath"),
        schemes: strings(m, "schemes"),
        consumes: strings(m, "consumes"),
        produces: strings(m, "produces"),
        paths: object(m, "paths").map(|p| Paths {
            vendor_extension: extensions(p),
            path: p
                .iter()
                .filter(|(k, _)| k.starts_with('/'))
                .filter_map(|(k, v)| {
                    Some(NamedPathItem {
                        name: k.clone(),
                        value: Some(path_item(v.as_object()?)),
                    })
                })
                .collect(),
        }),
        definitions: object(m, "definitions").map(|d| Definitions {
            additional_properties: named_schemas(d),
        }),
        parameters: object(m, "parameters").map(|p| ParameterDefinitions {
            additional_properties: p
                .iter()
                .filter_map(|(k, v)| {
                    Some(NamedParameter {
                        name: k.clone(),
                        value: Some(parameter(v.as_object()?)),
                    })
                })
                .collect(),
        }),
        responses: object(m, "responses").map(|r| ResponseDefinitions {
            additional_properties: r
                .iter()
                .filter_map(|(k, v)| {
                    Some(NamedResponse {
                        name: k.clone(),
                        value: Some(response(v.as_object()?)),
                    })
                })
                .collect(),
        }),
        security: objects(m, "security").map(security_requirement).collect(),
        security_definitions: object(m, "securityDefinitions").map(|s| SecurityDefinitions {
            additional_properties: s
                .iter()
                .filter_map(|(k, v)| {
                    Some(NamedSecurityDefinitionsItem {
                        name: k.clone(),
                        value: Some(security_definition(v.as_object()?)),
                    })
                })
                .collect(),
        }),
        tags: objects(m, "tags")
            .map(|t| Tag {
                name: string(t, "name"),
                description: string(t, "description"),
                external_docs: object(t, "externalDocs").map(external_docs),
                vendor_extension: extensions(t),
            })
            .collect(),
        external_docs: object(m, "externalDocs").map(external_docs),
        vendor_extension: extensions(m),
    }
}

fn info(m: &Map<String, Value>) -> Info {
    Info {
        title: string(m, "title"),
        version: string(m, "version"),
        description: string(m, "description"),
        terms_of_service: string(m, "termsOfService"),
        contact: object(m, "contact").map(|c| Contact {
            name: string(c, "name"),
            url: string(c, "url"),
            email: string(c, "email"),
            vendor_extension: extensions(c),
        }),
        license: object(m, "license").map(|l| License {
            name: string(l, "name"),
            url: string(l, "url"),
            vendor_extension: extensions(l),
        }),
        vendor_extension: extensions(m),
    }
}

fn external_docs(m: &Map<String, Value>) -> ExternalDocs {
    ExternalDocs {
        description: string(m, "description"),
        url: string(m, "url"),
        vendor_extension: extensions(m),
    }
}

fn security_requirement(m: &Map<String, Value>) -> SecurityRequirement {
    SecurityRequirement {
        additional_properties: m
            .iter()
            .map(|(k, v)| NamedStringArray {
                name: k.clone(),
                value: Some(StringArray {
                    value: v
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|s| s.as_str().map(str::to_string))
                        .collect(),
                }),
            })
            .collect(),
    }
}

fn security_definition(m: &Map<String, Value>) -> SecurityDefinitionsItem {
    let oneof = match m.get("type").and_then(Value::as_str) {
        Some("basic") => Some(SecurityDefinitionsOneof::BasicAuthenticationSecurity(
            BasicAuthenticationSecurity {
                r#type: string(m, "type"),
                description: string(m, "description"),
                vendor_extension: extensions(m),
            },
        )),
        Some("apiKey") => Some(SecurityDefinitionsOneof::ApiKeySecurity(ApiKeySecurity {
            r#type: string(m, "type"),
            name: string(m, "name"),
            r#in: string(m, "in"),
            description: string(m, "description"),
            vendor_extension: extensions(m),
        })),
        _ => None,
    };
    SecurityDefinitionsItem { oneof }
}

fn path_item(m: &Map<String, Value>) -> PathItem {
    let op = |verb: &str| object(m, verb).map(operation);
    PathItem {
        _ref: string(m, "$ref"),
        get: op("get"),
        put: op("put"),
        post: op("post"),
        delete: op("delete"),
        options: op("options"),
        head: op("head"),
        patch: op("patch"),
        parameters: objects(m, "parameters").map(parameters_item).collect(),
        vendor_extension: extensions(m),
    }
}

fn operation(m: &Map<String, Value>) -> Operation {
    Operation {
        tags: strings(m, "tags"),
        summary: string(m, "summary"),
        description: string(m, "description"),
        external_docs: object(m, "externalDocs").map(external_docs),
        operation_id: string(m, "operationId"),
        produces: strings(m, "produces"),
        consumes: strings(m, "consumes"),
        parameters: objects(m, "parameters").map(parameters_item).collect(),
        responses: object(m, "responses").map(|r| Responses {
            response_code: r
                .iter()
                .filter(|(k, _)| {
                    *k == "default" || (k.len() == 3 && k.bytes().all(|b| b.is_ascii_digit()))
                })
                .filter_map(|(k, v)| {
                    let v = v.as_object()?;
                    let oneof = if v.contains_key("$ref") {
                        ResponseValueOneof::JsonReference(json_reference(v))
                    } else {
                        ResponseValueOneof::Response(response(v))
                    };
                    Some(NamedResponseValue {
                        name: k.clone(),
                        value: Some(ResponseValue { oneof: Some(oneof) }),
                    })
                })
                .collect(),
            vendor_extension: extensions(r),
        }),
        schemes: strings(m, "schemes"),
        deprecated: boolean(m, "deprecated"),
        security: objects(m, "security").map(security_requirement).collect(),
        vendor_extension: extensions(m),
    }
}

fn json_reference(m: &Map<String, Value>) -> JsonReference {
    JsonReference {
        _ref: string(m, "$ref"),
        description: string(m, "description"),
    }
}

fn parameters_item(m: &Map<String, Value>) -> ParametersItem {
    let oneof = if m.contains_key("$ref") {
        ParametersItemOneof::JsonReference(json_reference(m))
    } else {
        ParametersItemOneof::Parameter(parameter(m))
    };
    ParametersItem { oneof: Some(oneof) }
}

fn parameter(m: &Map<String, Value>) -> Parameter {
    let oneof = match m.get("in").and_then(Value::as_str) {
        Some("body") => ParameterOneof::BodyParameter(BodyParameter {
            description: string(m, "description"),
            name: string(m, "name"),
            r#in: string(m, "in"),
            required: boolean(m, "required"),
            schema: object(m, "schema").map(schema),
            vendor_extension: extensions(m),
        }),
        Some(place @ ("query" | "formData")) => {
            let sub = QueryParameterSubSchema {
                required: boolean(m, "required"),
                r#in: string(m, "in"),
                description: string(m, "description"),
                name: string(m, "name"),
                allow_empty_value: boolean(m, "allowEmptyValue"),
                r#type: string(m, "type"),
                format: string(m, "format"),
                items: object(m, "items").map(primitives_items),
                collection_format: string(m, "collectionFormat"),
                default: optional_any(m, "default"),
                maximum: float(m, "maximum"),
                exclusive_maximum: boolean(m, "exclusiveMaximum"),
                minimum: float(m, "minimum"),
                exclusive_minimum: boolean(m, "exclusiveMinimum"),
                max_length: int(m, "maxLength"),
                min_length: int(m, "minLength"),
                pattern: string(m, "pattern"),
                max_items: int(m, "maxItems"),
                min_items: int(m, "minItems"),
                unique_items: boolean(m, "uniqueItems"),
                r#enum: anys(m, "enum"),
                multiple_of: float(m, "multipleOf"),
                vendor_extension: extensions(m),
            };
            ParameterOneof::NonBodyParameter(NonBodyParameter {
                oneof: Some(if place == "query" {
                    NonBodyParameterOneof::QueryParameterSubSchema(sub)
                } else {
                    NonBodyParameterOneof::FormDataParameterSubSchema(sub)
                }),
            })
        }
        place => {
            let sub = HeaderParameterSubSchema {
                required: boolean(m, "required"),
                r#in: string(m, "in"),
                description: string(m, "description"),
                name: string(m, "name"),
                r#type: string(m, "type"),
                format: string(m, "format"),
                items: object(m, "items").map(primitives_items),
                collection_format: string(m, "collectionFormat"),
                default: optional_any(m, "default"),
                maximum: float(m, "maximum"),
                exclusive_maximum: boolean(m, "exclusiveMaximum"),
                minimum: float(m, "minimum"),
                exclusive_minimum: boolean(m, "exclusiveMinimum"),
                max_length: int(m, "maxLength"),
                min_length: int(m, "minLength"),
                pattern: string(m, "pattern"),
                max_items: int(m, "maxItems"),
                min_items: int(m, "minItems"),
                unique_items: boolean(m, "uniqueItems"),
                r#enum: anys(m, "enum"),
                multiple_of: float(m, "multipleOf"),
                vendor_extension: extensions(m),
            };
            ParameterOneof::NonBodyParameter(NonBodyParameter {
                oneof: Some(if place == Some("header") {
                    NonBodyParameterOneof::HeaderParameterSubSchema(sub)
                } else {
                    NonBodyParameterOneof::PathParameterSubSchema(sub)
                }),
            })
        }
    };
    Parameter { oneof: Some(oneof) }
}

fn primitives_items(m: &Map<String, Value>) -> PrimitivesItems {
    PrimitivesItems {
        r#type: string(m, "type"),
        format: string(m, "format"),
        items: object(m, "items").map(|i| Box::new(primitives_items(i))),
        collection_format: string(m, "collectionFormat"),
        default: optional_any(m, "default"),
        maximum: float(m, "maximum"),
        exclusive_maximum: boolean(m, "exclusiveMaximum"),
        minimum: float(m, "minimum"),
        exclusive_minimum: boolean(m, "exclusiveMinimum"),
        max_length: int(m, "maxLength"),
        min_length: int(m, "minLength"),
        pattern: string(m, "pattern"),
        max_items: int(m, "maxItems"),
        min_items: int(m, "minItems"),
        unique_items: boolean(m, "uniqueItems"),
        r#enum: anys(m, "enum"),
        multiple_of: float(m, "multipleOf"),
        vendor_extension: extensions(m),
    }
}

fn response(m: &Map<String, Value>) -> Response {
    Response {
        description: string(m, "description"),
        schema: object(m, "schema").map(|s| SchemaItem {
            oneof: Some(if s.get("type").and_then(Value::as_str) == Some("file") {
                SchemaItemOneof::FileSchema(FileSchema {
                    format: string(s, "format"),
                    title: string(s, "title"),
                    description: string(s, "description"),
                    default: optional_any(s, "default"),
                    required: strings(s, "required"),
                    r#type: string(s, "type"),
                    read_only: boolean(s, "readOnly"),
                    external_docs: object(s, "externalDocs").map(external_docs),
                    example: optional_any(s, "example"),
                    vendor_extension: extensions(s),
                })
            } else {
                SchemaItemOneof::Schema(schema(s))
            }),
        }),
        headers: object(m, "headers").map(|h| Headers {
            additional_properties: h
                .iter()
                .filter_map(|(k, v)| {
                    let v = v.as_object()?;
                    Some(NamedHeader {
                        name: k.clone(),
                        value: Some(Header {
                            r#type: string(v, "type"),
                            format: string(v, "format"),
                            description: string(v, "description"),
                            vendor_extension: extensions(v),
                        }),
                    })
                })
                .collect(),
        }),
        examples: object(m, "examples").map(|e| Examples {
            additional_properties: e
                .iter()
                .map(|(k, v)| NamedAny {
                    name: k.clone(),
                    value: Some(any(v)),
                })
                .collect(),
        }),
        vendor_extension: extensions(m),
    }
}

fn named_schemas(m: &Map<String, Value>) -> Vec<NamedSchema> {
    m.iter()
        .filter_map(|(k, v)| {
            Some(NamedSchema {
                name: k.clone(),
                value: Some(schema(v.as_object()?)),
            })
        })
        .collect()
}

fn schema(m: &Map<String, Value>) -> Schema {
    Schema {
        _ref: string(m, "$ref"),
        format: string(m, "format"),
        title: string(m, "title"),
        description: string(m, "description"),
        default: optional_any(m, "default"),
        multiple_of: float(m, "multipleOf"),
        maximum: float(m, "maximum"),
        exclusive_maximum: boolean(m, "exclusiveMaximum"),
        minimum: float(m, "minimum"),
        exclusive_minimum: boolean(m, "exclusiveMinimum"),
        max_length: int(m, "maxLength"),
        min_length: int(m, "minLength"),
        pattern: string(m, "pattern"),
        max_items: int(m, "maxItems"),
        min_items: int(m, "minItems"),
        unique_items: boolean(m, "uniqueItems"),
        max_properties: int(m, "maxProperties"),
        min_properties: int(m, "minProperties"),
        required: strings(m, "required"),
        r#enum: anys(m, "enum"),
        additional_properties: m.get("additionalProperties").and_then(|v| {
            let oneof = match v {
                Value::Bool(b) => AdditionalPropertiesOneof::Boolean(*b),
                Value::Object(s) => AdditionalPropertiesOneof::Schema(Box::new(schema(s))),
                _ => return None,
            };
            Some(AdditionalPropertiesItem { oneof: Some(oneof) })
        }),
        r#type: m.contains_key("type").then(|| TypeItem {
            value: strings(m, "type"),
        }),
        items: m.get("items").and_then(|v| match v {
            Value::Object(s) => Some(ItemsItem {
                schema: vec![schema(s)],
            }),
            Value::Array(a) => Some(ItemsItem {
                schema: a.iter().filter_map(Value::as_object).map(schema).collect(),
            }),
            _ => None,
        }),
        all_of: objects(m, "allOf").map(schema).collect(),
        properties: object(m, "properties").map(|p| Properties {
            additional_properties: named_schemas(p),
        }),
        discriminator: string(m, "discriminator"),
        read_only: boolean(m, "readOnly"),
        external_docs: object(m, "externalDocs").map(external_docs),
        example: optional_any(m, "example"),
        vendor_extension: extensions(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn yaml_value(any: &Option<Any>) -> Value {
        let yaml = &any.as_ref().expect("a value").yaml;
        serde_json::from_slice(&super::super::yaml::yaml_to_json(yaml.as_bytes()).unwrap()).unwrap()
    }

    #[test]
    fn a_document_reads_as_gnostic_reads_it() {
        let doc = json!({
            "swagger": "2.0",
            "info": {"title": "Kubernetes", "version": "unversioned"},
            "paths": {
                "/api/v1/namespaces/{namespace}/configmaps/{name}": {
                    "get": {
                        "operationId": "readCoreV1NamespacedConfigMap",
                        "produces": ["application/json"],
                        "responses": {
                            "200": {"description": "OK", "schema": {"$ref": "#/definitions/io.k8s.api.core.v1.ConfigMap"}},
                            "401": {"description": "Unauthorized"}
                        },
                        "x-kubernetes-action": "get",
                        "x-kubernetes-group-version-kind": {"group": "", "kind": "ConfigMap", "version": "v1"}
                    },
                    "parameters": [
                        {"description": "name of the ConfigMap", "in": "path", "name": "name", "required": true, "type": "string", "uniqueItems": true},
                        {"in": "query", "name": "pretty", "type": "string", "uniqueItems": true},
                        {"in": "body", "name": "body", "required": true, "schema": {"$ref": "#/definitions/x"}},
                        {"$ref": "#/parameters/shared"}
                    ]
                }
            },
            "definitions": {
                "io.k8s.api.core.v1.ConfigMap": {
                    "type": "object",
                    "required": ["data"],
                    "properties": {
                        "data": {"type": "object", "additionalProperties": {"type": "string"}},
                        "ports": {"type": "array", "items": {"type": "integer", "format": "int32", "minimum": 1}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["port", "protocol"]},
                        "mode": {"type": "string", "enum": ["A", "B"], "default": "A", "maxLength": 3},
                        "raw": {"x-kubernetes-preserve-unknown-fields": true, "additionalProperties": true}
                    },
                    "x-kubernetes-group-version-kind": [{"group": "", "kind": "ConfigMap", "version": "v1"}]
                }
            },
            "security": [{"BearerToken": []}],
            "securityDefinitions": {"BearerToken": {"description": "Bearer Token authentication", "in": "header", "name": "authorization", "type": "apiKey"}}
        });
        let bytes = encode(&doc.to_string()).unwrap();
        let back = decode(&bytes).unwrap();
        assert_eq!(back.swagger, "2.0");
        assert_eq!(back.info.as_ref().unwrap().title, "Kubernetes");

        let paths = back.paths.unwrap().path;
        assert_eq!(paths.len(), 1);
        let item = paths[0].value.as_ref().unwrap();
        let get = item.get.as_ref().unwrap();
        assert_eq!(get.operation_id, "readCoreV1NamespacedConfigMap");
        let codes: Vec<&str> = get
            .responses
            .as_ref()
            .unwrap()
            .response_code
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(codes, ["200", "401"]);
        let Some(ResponseValueOneof::Response(ok)) = &get.responses.as_ref().unwrap().response_code
            [0]
        .value
        .as_ref()
        .unwrap()
        .oneof
        else {
            panic!("a response")
        };
        let Some(SchemaItemOneof::Schema(s)) = &ok.schema.as_ref().unwrap().oneof else {
            panic!("a schema")
        };
        assert_eq!(s._ref, "#/definitions/io.k8s.api.core.v1.ConfigMap");
        let names: Vec<&str> = get
            .vendor_extension
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(
            names,
            ["x-kubernetes-action", "x-kubernetes-group-version-kind"]
        );
        assert_eq!(
            yaml_value(&get.vendor_extension[1].value),
            json!({"group": "", "kind": "ConfigMap", "version": "v1"})
        );

        let kinds: Vec<&str> = item
            .parameters
            .iter()
            .map(|p| match p.oneof.as_ref().unwrap() {
                ParametersItemOneof::JsonReference(_) => "ref",
                ParametersItemOneof::Parameter(Parameter {
                    oneof: Some(ParameterOneof::BodyParameter(_)),
                }) => "body",
                ParametersItemOneof::Parameter(Parameter {
                    oneof:
                        Some(ParameterOneof::NonBodyParameter(NonBodyParameter {
                            oneof: Some(NonBodyParameterOneof::PathParameterSubSchema(p)),
                        })),
                }) if p.required && p.unique_items => "path",
                ParametersItemOneof::Parameter(Parameter {
                    oneof:
                        Some(ParameterOneof::NonBodyParameter(NonBodyParameter {
                            oneof: Some(NonBodyParameterOneof::QueryParameterSubSchema(_)),
                        })),
                }) => "query",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["path", "query", "body", "ref"]);

        let defs = back.definitions.unwrap().additional_properties;
        let cm = defs[0].value.as_ref().unwrap();
        assert_eq!(cm.r#type.as_ref().unwrap().value, ["object"]);
        assert_eq!(cm.required, ["data"]);
        assert_eq!(
            yaml_value(&cm.vendor_extension[0].value),
            json!([{"group": "", "kind": "ConfigMap", "version": "v1"}])
        );
        let props = &cm.properties.as_ref().unwrap().additional_properties;
        let prop = |name: &str| {
            props
                .iter()
                .find(|p| p.name == name)
                .and_then(|p| p.value.as_ref())
                .unwrap()
        };
        let Some(AdditionalPropertiesOneof::Schema(values)) =
            &prop("data").additional_properties.as_ref().unwrap().oneof
        else {
            panic!("a schema")
        };
        assert_eq!(values.r#type.as_ref().unwrap().value, ["string"]);
        let ports = prop("ports");
        let item = &ports.items.as_ref().unwrap().schema[0];
        assert_eq!((item.format.as_str(), item.minimum), ("int32", 1.0));
        assert_eq!(
            yaml_value(&ports.vendor_extension[1].value),
            json!(["port", "protocol"])
        );
        let mode = prop("mode");
        assert_eq!(mode.r#enum.len(), 2);
        assert_eq!(yaml_value(&mode.default), json!("A"));
        assert_eq!(mode.max_length, 3);
        assert_eq!(
            prop("raw").additional_properties.as_ref().unwrap().oneof,
            Some(AdditionalPropertiesOneof::Boolean(true))
        );

        let sec = &back.security_definitions.unwrap().additional_properties[0];
        assert_eq!(sec.name, "BearerToken");
        let Some(SecurityDefinitionsOneof::ApiKeySecurity(key)) =
            &sec.value.as_ref().unwrap().oneof
        else {
            panic!("an API key")
        };
        assert_eq!(
            (key.name.as_str(), key.r#in.as_str()),
            ("authorization", "header")
        );
        assert_eq!(
            back.security[0].additional_properties[0].name,
            "BearerToken"
        );
    }

    #[test]
    fn a_document_that_is_not_an_object_is_an_error() {
        assert!(encode("[]").is_err());
        assert!(encode("{").is_err());
    }
}
