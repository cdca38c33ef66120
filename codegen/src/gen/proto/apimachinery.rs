//! The apimachinery messages the runtime crate writes by hand rather than
//! as annotated structs: their Rust types (`Time`, `Quantity`,
//! `IntOrString`, `RawExtension`, `FieldsV1`, the `runtime.Unknown`
//! envelope) have their own serde and wire code, so their message shapes
//! are declared here, field for field as upstream's Go declares them:
//! - `metav1.Time` and `MicroTime`: `+protobuf.as=Timestamp`, whose fields
//!   are `seconds` (int64, 1) and `nanos` (int32, 2) (`time_proto.go`);
//! - `metav1.Duration`: `duration` (int64 nanoseconds, 1);
//! - `metav1.FieldsV1`: `Raw` (bytes, 1; the Go field name, untagged in JSON);
//! - `resource.Quantity` and `QuantityValue`: `+protobuf.embed=string`, one
//!   `string` field (1);
//! - `intstr.IntOrString`: `type` (int64, 1), `intVal` (int32, 2),
//!   `strVal` (string, 3);
//! - `runtime.RawExtension` (`raw`, bytes, 1), `runtime.TypeMeta`
//!   (`apiVersion` 1, `kind` 2) and `runtime.Unknown` (`typeMeta` 1, `raw`
//!   2, `contentEncoding` 3, `contentType` 4): the envelope of every
//!   protobuf object (`k8s\0` + `Unknown`).

use super::{ProtoField, ProtoFile, ProtoMessage, comment_lines, proto_package};
use crate::model::WellKnown;

/// `k8s.io/apimachinery/pkg/apis/meta/v1`.
pub const META_V1: &str = "k8s.io/apimachinery/pkg/apis/meta/v1";
/// `k8s.io/apimachinery/pkg/runtime`.
pub const RUNTIME: &str = "k8s.io/apimachinery/pkg/runtime";
/// `k8s.io/apimachinery/pkg/runtime/schema`.
pub const SCHEMA: &str = "k8s.io/apimachinery/pkg/runtime/schema";
/// `k8s.io/apimachinery/pkg/util/intstr`.
pub const INTSTR: &str = "k8s.io/apimachinery/pkg/util/intstr";
/// `k8s.io/apimachinery/pkg/api/resource`.
pub const RESOURCE: &str = "k8s.io/apimachinery/pkg/api/resource";

/// The import path and message name of a well-known type.
pub fn well_known(w: WellKnown) -> (&'static str, &'static str) {
    match w {
        WellKnown::Quantity => (RESOURCE, "Quantity"),
        WellKnown::IntOrString => (INTSTR, "IntOrString"),
        WellKnown::RawExtension => (RUNTIME, "RawExtension"),
        other => (META_V1, other.rust_name()),
    }
}

fn field(ty: &str, name: &str, number: u32, comment: &[&str]) -> ProtoField {
    ProtoField {
        comment: comment_lines(comment.iter().copied()),
        label: "optional ",
        ty: ty.to_string(),
        name: name.to_string(),
        number,
    }
}

fn message(name: &str, comment: &[&str], fields: Vec<ProtoField>) -> ProtoMessage {
    ProtoMessage {
        name: name.to_string(),
        comment: comment_lines(comment.iter().copied()),
        fields,
        reserved: Vec::new(),
    }
}

fn timestamp(name: &str, comment: &[&str]) -> ProtoMessage {
    message(
        name,
        comment,
        vec![
            field(
                "int64",
                "seconds",
                1,
                &["Seconds since the Unix epoch, 1970-01-01T00:00:00Z."],
            ),
            field(
                "int32",
                "nanos",
                2,
                &["Non-negative fractions of a second at nanosecond resolution."],
            ),
        ],
    )
}

/// The hand-written messages of `meta/v1`, beside those generated from the
/// runtime crate's annotated structs.
pub fn meta_v1_messages() -> Vec<ProtoMessage> {
    vec![
        message(
            "Duration",
            &[
                "Duration is a wrapper around time.Duration which supports correct",
                "marshaling to YAML and JSON.",
            ],
            vec![field("int64", "duration", 1, &["Nanoseconds."])],
        ),
        message(
            "FieldsV1",
            &["FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format."],
            vec![field(
                "bytes",
                "Raw",
                1,
                &["Raw is the underlying serialization of this object."],
            )],
        ),
        timestamp(
            "MicroTime",
            &[
                "MicroTime is a version of Time with microsecond level precision.",
                "",
                "+protobuf.options.marshal=false",
                "+protobuf.as=Timestamp",
            ],
        ),
        timestamp(
            "Time",
            &[
                "Time is a wrapper around time.Time which supports correct",
                "marshaling to YAML and JSON.",
                "",
                "+protobuf.options.marshal=false",
                "+protobuf.as=Timestamp",
            ],
        ),
        timestamp(
            "Timestamp",
            &[
                "Timestamp is a struct that is equivalent to Time, but intended for",
                "protobuf marshalling/unmarshalling.",
            ],
        ),
    ]
}

fn file(go_package: &str, messages: Vec<ProtoMessage>) -> ProtoFile {
    ProtoFile {
        package: proto_package(go_package),
        go_package: go_package.to_string(),
        imports: Vec::new(),
        messages,
    }
}

/// Where an apimachinery file with no package behind it is written, under
/// the runtime's `src/meta`.
pub fn dir(go_package: &str) -> &str {
    match go_package {
        RESOURCE => "resource",
        INTSTR => "intstr",
        other => other.trim_start_matches("k8s.io/apimachinery/pkg/"),
    }
}

/// The apimachinery files with no annotated package behind them.
pub fn files() -> Vec<ProtoFile> {
    let quantity = |name| {
        message(
            name,
            &[
                "Quantity is a fixed-point representation of a number, written as its",
                "canonical string (`100m`, `1Gi`).",
                "",
                "+protobuf.embed=string",
            ],
            vec![field("string", "string", 1, &[])],
        )
    };
    vec![
        file(
            RESOURCE,
            vec![quantity("Quantity"), quantity("QuantityValue")],
        ),
        file(
            RUNTIME,
            vec![
                message(
                    "RawExtension",
                    &[
                        "RawExtension holds an embedded object: its serialization as it was received.",
                    ],
                    vec![field(
                        "bytes",
                        "raw",
                        1,
                        &["Raw is the underlying serialization of this object."],
                    )],
                ),
                message(
                    "TypeMeta",
                    &["TypeMeta is the apiVersion and kind of an object in the Unknown envelope."],
                    vec![
                        field("string", "apiVersion", 1, &[]),
                        field("string", "kind", 2, &[]),
                    ],
                ),
                message(
                    "Unknown",
                    &[
                        "Unknown is the protobuf envelope of every object: after the `k8s\\0`",
                        "magic, its type, its encoded bytes and their content type.",
                    ],
                    vec![
                        field("TypeMeta", "typeMeta", 1, &[]),
                        field(
                            "bytes",
                            "raw",
                            2,
                            &[
                                "Raw will hold the complete serialized object which couldn't be matched",
                                "with a registered type.",
                            ],
                        ),
                        field(
                            "string",
                            "contentEncoding",
                            3,
                            &["ContentEncoding is encoding used to encode 'Raw' data."],
                        ),
                        field(
                            "string",
                            "contentType",
                            4,
                            &["ContentType is serialization method used to serialize 'Raw'."],
                        ),
                    ],
                ),
            ],
        ),
        file(SCHEMA, Vec::new()),
        file(
            INTSTR,
            vec![message(
                "IntOrString",
                &[
                    "IntOrString is a type that can hold an int32 or a string.",
                    "",
                    "+protobuf=true",
                    "+protobuf.options.(gogoproto.goproto_stringer)=false",
                ],
                vec![
                    field("int64", "type", 1, &[]),
                    field("int32", "intVal", 2, &[]),
                    field("string", "strVal", 3, &[]),
                ],
            )],
        ),
    ]
}
