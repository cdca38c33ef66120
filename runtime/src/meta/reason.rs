//! The machine-readable reasons of a failure `Status` and of its causes:
//! `metav1.StatusReason` and `metav1.CauseType`
//! (`k8s.io/apimachinery/pkg/apis/meta/v1/types.go`), as enums whose
//! [`StatusReason::as_str`] and [`CauseType::as_str`] give the wire text.
//! Clients switch on these strings (`apierrors.IsNotFound`,
//! `IsConflict`...), so each is upstream's, letter for letter.

/// `metav1.StatusReason`: why a request failed, with the HTTP code
/// upstream pairs it with noted per variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StatusReason {
    /// `""`: no reason given (`StatusReasonUnknown`).
    Unknown,
    /// 401 `Unauthorized`.
    Unauthorized,
    /// 403 `Forbidden`.
    Forbidden,
    /// 404 `NotFound`.
    NotFound,
    /// 409 `AlreadyExists`.
    AlreadyExists,
    /// 409 `Conflict`.
    Conflict,
    /// 410 `Gone`.
    Gone,
    /// 422 `Invalid`.
    Invalid,
    /// 500 `ServerTimeout`: the server could not finish in time; retry.
    ServerTimeout,
    /// 500 `StorageReadError`.
    StoreReadError,
    /// 504 `Timeout`: the request's own timeout passed.
    Timeout,
    /// 429 `TooManyRequests`.
    TooManyRequests,
    /// 400 `BadRequest`.
    BadRequest,
    /// 405 `MethodNotAllowed`.
    MethodNotAllowed,
    /// 406 `NotAcceptable`.
    NotAcceptable,
    /// 413 `RequestEntityTooLarge`.
    RequestEntityTooLarge,
    /// 415 `UnsupportedMediaType`.
    UnsupportedMediaType,
    /// 500 `InternalError`.
    InternalError,
    /// 410 `Expired`: a continue token or resourceVersion is too old.
    Expired,
    /// 503 `ServiceUnavailable`.
    ServiceUnavailable,
}

impl StatusReason {
    /// The wire text: `NotFound`, `Conflict`, ... (`""` for
    /// [`StatusReason::Unknown`]).
    pub const fn as_str(self) -> &'static str {
        match self {
            StatusReason::Unknown => "",
            StatusReason::Unauthorized => "Unauthorized",
            StatusReason::Forbidden => "Forbidden",
            StatusReason::NotFound => "NotFound",
            StatusReason::AlreadyExists => "AlreadyExists",
            StatusReason::Conflict => "Conflict",
            StatusReason::Gone => "Gone",
            StatusReason::Invalid => "Invalid",
            StatusReason::ServerTimeout => "ServerTimeout",
            StatusReason::StoreReadError => "StorageReadError",
            StatusReason::Timeout => "Timeout",
            StatusReason::TooManyRequests => "TooManyRequests",
            StatusReason::BadRequest => "BadRequest",
            StatusReason::MethodNotAllowed => "MethodNotAllowed",
            StatusReason::NotAcceptable => "NotAcceptable",
            StatusReason::RequestEntityTooLarge => "RequestEntityTooLarge",
            StatusReason::UnsupportedMediaType => "UnsupportedMediaType",
            StatusReason::InternalError => "InternalError",
            StatusReason::Expired => "Expired",
            StatusReason::ServiceUnavailable => "ServiceUnavailable",
        }
    }
}

impl StatusReason {
    /// Every reason, in declaration order.
    pub const ALL: [StatusReason; 20] = [
        StatusReason::Unknown,
        StatusReason::Unauthorized,
        StatusReason::Forbidden,
        StatusReason::NotFound,
        StatusReason::AlreadyExists,
        StatusReason::Conflict,
        StatusReason::Gone,
        StatusReason::Invalid,
        StatusReason::ServerTimeout,
        StatusReason::StoreReadError,
        StatusReason::Timeout,
        StatusReason::TooManyRequests,
        StatusReason::BadRequest,
        StatusReason::MethodNotAllowed,
        StatusReason::NotAcceptable,
        StatusReason::RequestEntityTooLarge,
        StatusReason::UnsupportedMediaType,
        StatusReason::InternalError,
        StatusReason::Expired,
        StatusReason::ServiceUnavailable,
    ];

    /// The reason whose wire text is `text`; [`StatusReason::Unknown`] for
    /// `""` and for a text this server does not know (a webhook's own).
    pub fn from_wire(text: &str) -> StatusReason {
        StatusReason::ALL
            .into_iter()
            .find(|r| r.as_str() == text)
            .unwrap_or(StatusReason::Unknown)
    }
}

impl std::fmt::Display for StatusReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `metav1.CauseType`: what one cause of a failure is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CauseType {
    /// `FieldValueNotFound`.
    FieldValueNotFound,
    /// `FieldValueRequired`.
    FieldValueRequired,
    /// `FieldValueDuplicate`.
    FieldValueDuplicate,
    /// `FieldValueInvalid`.
    FieldValueInvalid,
    /// `FieldValueNotSupported`.
    FieldValueNotSupported,
    /// `FieldValueForbidden`.
    FieldValueForbidden,
    /// `FieldValueTooLong`.
    FieldValueTooLong,
    /// `FieldValueTooMany`.
    FieldValueTooMany,
    /// `InternalError`.
    InternalError,
    /// `FieldValueTypeInvalid`.
    FieldValueTypeInvalid,
    /// `UnexpectedServerResponse`.
    UnexpectedServerResponse,
    /// `FieldManagerConflict`: server-side apply's conflict with another
    /// manager.
    FieldManagerConflict,
    /// `ResourceVersionTooLarge`.
    ResourceVersionTooLarge,
    /// `FieldValueTooShort`: a field error type (`field.ErrorTypeTooShort`)
    /// without a `metav1` constant of its own.
    FieldValueTooShort,
    /// `FieldValueTooFew`: a field error type (`field.ErrorTypeTooFew`)
    /// without a `metav1` constant of its own.
    FieldValueTooFew,
    /// `NamespaceTerminating`: a create in a namespace being deleted
    /// (`core/v1`'s `NamespaceTerminatingCause`).
    NamespaceTerminating,
    /// `DisruptionBudget`: an eviction a pod's disruption budget refuses
    /// (`policy/v1`'s `DisruptionBudgetCause`).
    DisruptionBudget,
}

impl CauseType {
    /// The wire text: `FieldValueInvalid`, ...
    pub const fn as_str(self) -> &'static str {
        match self {
            CauseType::FieldValueNotFound => "FieldValueNotFound",
            CauseType::FieldValueRequired => "FieldValueRequired",
            CauseType::FieldValueDuplicate => "FieldValueDuplicate",
            CauseType::FieldValueInvalid => "FieldValueInvalid",
            CauseType::FieldValueNotSupported => "FieldValueNotSupported",
            CauseType::FieldValueForbidden => "FieldValueForbidden",
            CauseType::FieldValueTooLong => "FieldValueTooLong",
            CauseType::FieldValueTooMany => "FieldValueTooMany",
            CauseType::InternalError => "InternalError",
            CauseType::FieldValueTypeInvalid => "FieldValueTypeInvalid",
            CauseType::UnexpectedServerResponse => "UnexpectedServerResponse",
            CauseType::FieldManagerConflict => "FieldManagerConflict",
            CauseType::ResourceVersionTooLarge => "ResourceVersionTooLarge",
            CauseType::FieldValueTooShort => "FieldValueTooShort",
            CauseType::FieldValueTooFew => "FieldValueTooFew",
            CauseType::NamespaceTerminating => "NamespaceTerminating",
            CauseType::DisruptionBudget => "DisruptionBudget",
        }
    }
}

impl std::fmt::Display for CauseType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wire texts of `k8s.io/apimachinery/pkg/apis/meta/v1/types.go`.
    #[test]
    fn reasons_are_upstreams_text() {
        let reasons = [
            (StatusReason::Unknown, ""),
            (StatusReason::Unauthorized, "Unauthorized"),
            (StatusReason::Forbidden, "Forbidden"),
            (StatusReason::NotFound, "NotFound"),
            (StatusReason::AlreadyExists, "AlreadyExists"),
            (StatusReason::Conflict, "Conflict"),
            (StatusReason::Gone, "Gone"),
            (StatusReason::Invalid, "Invalid"),
            (StatusReason::ServerTimeout, "ServerTimeout"),
            (StatusReason::StoreReadError, "StorageReadError"),
            (StatusReason::Timeout, "Timeout"),
            (StatusReason::TooManyRequests, "TooManyRequests"),
            (StatusReason::BadRequest, "BadRequest"),
            (StatusReason::MethodNotAllowed, "MethodNotAllowed"),
            (StatusReason::NotAcceptable, "NotAcceptable"),
            (StatusReason::RequestEntityTooLarge, "RequestEntityTooLarge"),
            (StatusReason::UnsupportedMediaType, "UnsupportedMediaType"),
            (StatusReason::InternalError, "InternalError"),
            (StatusReason::Expired, "Expired"),
            (StatusReason::ServiceUnavailable, "ServiceUnavailable"),
        ];
        for (reason, text) in reasons {
            assert_eq!(reason.as_str(), text);
            assert_eq!(reason.to_string(), text);
            assert_eq!(StatusReason::from_wire(text), reason);
        }
        // `ALL` lists every reason, which this list checks one by one.
        assert_eq!(
            StatusReason::ALL.to_vec(),
            reasons.iter().map(|(r, _)| *r).collect::<Vec<_>>()
        );
        assert_eq!(StatusReason::from_wire("Teapot"), StatusReason::Unknown);
        let causes = [
            (CauseType::FieldValueNotFound, "FieldValueNotFound"),
            (CauseType::FieldValueRequired, "FieldValueRequired"),
            (CauseType::FieldValueDuplicate, "FieldValueDuplicate"),
            (CauseType::FieldValueInvalid, "FieldValueInvalid"),
            (CauseType::FieldValueNotSupported, "FieldValueNotSupported"),
            (CauseType::FieldValueForbidden, "FieldValueForbidden"),
            (CauseType::FieldValueTooLong, "FieldValueTooLong"),
            (CauseType::FieldValueTooMany, "FieldValueTooMany"),
            (CauseType::InternalError, "InternalError"),
            (CauseType::FieldValueTypeInvalid, "FieldValueTypeInvalid"),
            (
                CauseType::UnexpectedServerResponse,
                "UnexpectedServerResponse",
            ),
            (CauseType::FieldManagerConflict, "FieldManagerConflict"),
            (
                CauseType::ResourceVersionTooLarge,
                "ResourceVersionTooLarge",
            ),
            (CauseType::NamespaceTerminating, "NamespaceTerminating"),
            (CauseType::DisruptionBudget, "DisruptionBudget"),
        ];
        for (cause, text) in causes {
            assert_eq!(cause.as_str(), text);
        }
    }
}
