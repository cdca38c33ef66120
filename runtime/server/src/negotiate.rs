//! Content negotiation: which representation a client asked for in
//! `Accept`, and what a request body is in `Content-Type`.
//!
//! Source: kube-apiserver's `negotiation` package and the `as`/`g`/`v`
//! media-type parameters of the API concepts page (Table,
//! PartialObjectMetadata).

use super::status::ApiError;

/// The representation to answer with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Representation {
    /// The object (or list) itself, as JSON.
    Json,
    /// The object as YAML.
    Yaml,
    /// A `meta.k8s.io` Table; the version (`v1` or `v1beta1`) names the apiVersion.
    Table(&'static str),
    /// `PartialObjectMetadata` (`list` false) or `PartialObjectMetadataList`
    /// (`list` true); the version names the apiVersion.
    PartialObjectMetadata(&'static str, bool),
    /// Kubernetes protobuf (only for kinds that have a protobuf table).
    Protobuf,
}

/// The media types this server produces.
pub const PRODUCED: [&str; 2] = ["application/json", "application/yaml"];

/// Picks the first acceptable representation in the client's order.
/// A missing or empty header means JSON. Protobuf is not produced yet, so a
/// client that lists JSON after it gets JSON.
///
/// Errors: 406 when nothing offered can be produced.
pub fn representation(accept: Option<&str>) -> Result<Representation, ApiError> {
    representation_for(accept, false)
}

/// As [`representation`], offering protobuf when `protobuf` is true (the
/// kind has a protobuf table).
pub fn representation_for(
    accept: Option<&str>,
    protobuf: bool,
) -> Result<Representation, ApiError> {
    let Some(accept) = accept.filter(|a| !a.trim().is_empty()) else {
        return Ok(Representation::Json);
    };
    for range in accept.split(',') {
        let mut parts = range.split(';').map(str::trim);
        let media = parts.next().unwrap_or("").to_ascii_lowercase();
        let mut as_ = None;
        let mut group = None;
        let mut version = None;
        for param in parts {
            if let Some((k, v)) = param.split_once('=') {
                match k.trim() {
                    "as" => as_ = Some(v.trim().to_string()),
                    "g" => group = Some(v.trim().to_string()),
                    "v" => version = Some(v.trim().to_string()),
                    _ => {}
                }
            }
        }
        let json_like = matches!(media.as_str(), "application/json" | "*/*" | "application/*");
        match as_.as_deref() {
            None if json_like => return Ok(Representation::Json),
            None if media == "application/yaml" => return Ok(Representation::Yaml),
            None if protobuf && media == runtime::codec::protobuf::MEDIA_TYPE => {
                return Ok(Representation::Protobuf);
            }
            Some(kind) if json_like && group.as_deref() == Some("meta.k8s.io") => {
                let version = match version.as_deref() {
                    Some("v1") => "v1",
                    Some("v1beta1") => "v1beta1",
                    _ => continue,
                };
                match kind {
                    "Table" => return Ok(Representation::Table(version)),
                    "PartialObjectMetadata" => {
                        return Ok(Representation::PartialObjectMetadata(version, false));
                    }
                    "PartialObjectMetadataList" => {
                        return Ok(Representation::PartialObjectMetadata(version, true));
                    }
                    _ => continue,
                }
            }
            _ => continue,
        }
    }
    Err(ApiError::not_acceptable(&PRODUCED))
}

/// Request body formats for create and update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyFormat {
    /// `application/json` (also assumed when no Content-Type is sent).
    Json,
    /// `application/yaml`.
    Yaml,
    /// `application/vnd.kubernetes.protobuf`.
    Protobuf,
}

/// The body format of a create or update. Errors: 415.
pub fn body_format(content_type: Option<&str>) -> Result<BodyFormat, ApiError> {
    let media = content_type
        .unwrap_or("application/json")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match media.as_str() {
        "" | "application/json" => Ok(BodyFormat::Json),
        "application/yaml" => Ok(BodyFormat::Yaml),
        "application/vnd.kubernetes.protobuf" => Ok(BodyFormat::Protobuf),
        _ => Err(ApiError::unsupported_media_type(&[
            "application/json",
            "application/yaml",
        ])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubectl_get_asks_for_a_table() {
        let accept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
        assert_eq!(
            representation(Some(accept)).unwrap(),
            Representation::Table("v1")
        );
    }

    #[test]
    fn protobuf_first_falls_back_to_json() {
        let accept = "application/vnd.kubernetes.protobuf,application/json";
        assert_eq!(representation(Some(accept)).unwrap(), Representation::Json);
        assert_eq!(representation(None).unwrap(), Representation::Json);
        assert_eq!(representation(Some("*/*")).unwrap(), Representation::Json);
    }

    #[test]
    fn partial_object_metadata_and_yaml() {
        let accept = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1";
        assert_eq!(
            representation(Some(accept)).unwrap(),
            Representation::PartialObjectMetadata("v1", true)
        );
        assert_eq!(
            representation(Some("application/yaml")).unwrap(),
            Representation::Yaml
        );
    }

    #[test]
    fn protobuf_only_for_kinds_that_have_it() {
        let accept = "application/vnd.kubernetes.protobuf, application/json";
        assert_eq!(
            representation_for(Some(accept), true).unwrap(),
            Representation::Protobuf
        );
        assert_eq!(
            representation_for(Some(accept), false).unwrap(),
            Representation::Json
        );
    }

    #[test]
    fn unknown_media_types_are_406() {
        let err = representation(Some("text/html")).unwrap_err();
        assert_eq!(
            (err.code, err.reason),
            (406, runtime::meta::StatusReason::NotAcceptable)
        );
        assert_eq!(
            err.message,
            "only the following media types are accepted: application/json, application/yaml"
        );
    }
}
