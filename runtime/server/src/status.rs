//! Errors as Kubernetes `Status` objects.
//!
//! Every failure that reaches a client is an [`ApiError`], rendered as a
//! `Status` with `status: Failure`, the reason, the HTTP code, the message
//! and details, as `k8s.io/apimachinery/pkg/api/errors` builds them. The
//! messages are upstream's, word for word.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use runtime::resource::ResourceInfo;

pub use runtime::field::Cause;
use runtime::meta::{CauseType, StatusReason};

/// A failed request, answered with a `Status` body. Boxed, so that
/// `Result<_, ApiError>` stays small on the happy path; the fields are
/// reached through `Deref` to [`Failure`].
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError(Box<Failure>);

impl std::ops::Deref for ApiError {
    type Target = Failure;
    fn deref(&self) -> &Failure {
        &self.0
    }
}

impl std::ops::DerefMut for ApiError {
    fn deref_mut(&mut self) -> &mut Failure {
        &mut self.0
    }
}

/// The contents of a failure `Status`.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// HTTP status code.
    pub code: u16,
    /// `metav1.StatusReason`: `NotFound`, `AlreadyExists`, `Conflict`...
    pub reason: StatusReason,
    /// The message kubectl prints.
    pub message: String,
    /// `details.name`.
    pub name: Option<String>,
    /// `details.group`.
    pub group: Option<String>,
    /// `details.kind` (upstream puts the resource there for most errors).
    pub kind: Option<String>,
    /// `details.causes`.
    pub causes: Vec<Cause>,
    /// `Retry-After` seconds (and `details.retryAfterSeconds`).
    pub retry_after: Option<u64>,
    /// `metadata.continue`: where a list whose continue token expired can
    /// go on (upstream's token for "the rest, at the latest revision").
    pub continue_token: Option<String>,
    /// `details` is written even when it holds nothing (`"details":{}`),
    /// as upstream's `NewGenericServerResponse` always sets it.
    pub details_always: bool,
    /// Warnings recorded before the refusal (an admission webhook's),
    /// sent as `Warning` headers with it, as upstream's recorder sends
    /// them whatever the answer.
    pub warnings: Vec<String>,
}

impl ApiError {
    /// An error with no details.
    pub fn new(code: u16, reason: StatusReason, message: impl Into<String>) -> Self {
        ApiError(Box::new(Failure {
            code,
            reason,
            message: message.into(),
            name: None,
            group: None,
            kind: None,
            causes: Vec::new(),
            retry_after: None,
            continue_token: None,
            details_always: false,
            warnings: Vec::new(),
        }))
    }

    fn for_resource(mut self, info: &ResourceInfo, name: &str) -> Self {
        self.name = Some(name.to_string());
        self.group = Some(info.group.to_string());
        self.kind = Some(info.plural.to_string());
        self
    }

    /// 404: `widgets.example.dev "foo" not found`.
    pub fn not_found(info: &ResourceInfo, name: &str) -> Self {
        ApiError::new(
            404,
            StatusReason::NotFound,
            format!("{} \"{name}\" not found", info.group_resource()),
        )
        .for_resource(info, name)
    }

    /// 404 for a namespace that does not exist: `namespaces "x" not found`.
    pub fn namespace_not_found(namespace: &str) -> Self {
        let mut e = ApiError::new(
            404,
            StatusReason::NotFound,
            format!("namespaces \"{namespace}\" not found"),
        );
        e.name = Some(namespace.into());
        e.kind = Some("namespaces".into());
        e
    }

    /// 404 for a path that names nothing served, as go-restful's answer
    /// is made (`NewGenericServerResponse`): with empty `details`, which
    /// clients read (kubectl debug tells a missing `ephemeralcontainers`
    /// subresource from a missing pod by its empty `details.name`, and
    /// fails on a Status without `details`).
    pub fn path_not_found() -> Self {
        let mut e = ApiError::new(
            404,
            StatusReason::NotFound,
            "the server could not find the requested resource",
        );
        e.details_always = true;
        e
    }

    /// 409 on create: `widgets.example.dev "foo" already exists`.
    pub fn already_exists(info: &ResourceInfo, name: &str) -> Self {
        ApiError::new(
            409,
            StatusReason::AlreadyExists,
            format!("{} \"{name}\" already exists", info.group_resource()),
        )
        .for_resource(info, name)
    }

    /// 409 AlreadyExists for a create with `generateName` whose name is
    /// taken, retried after a second (upstream's `NewGenerateNameConflict`).
    pub fn generate_name_conflict(info: &ResourceInfo, name: &str) -> Self {
        let mut e = ApiError::new(
            409,
            StatusReason::AlreadyExists,
            format!(
                "{} \"{name}\" already exists, the server was not able to generate a unique name for the object",
                info.group_resource()
            ),
        )
        .for_resource(info, name);
        e.retry_after = Some(1);
        e
    }

    /// 409 on a stale resourceVersion.
    pub fn conflict(info: &ResourceInfo, name: &str) -> Self {
        ApiError::new(
            409,
            StatusReason::Conflict,
            format!(
                "Operation cannot be fulfilled on {} \"{name}\": the object has been modified; please apply your changes to the latest version and try again",
                info.group_resource()
            ),
        )
        .for_resource(info, name)
    }

    /// 409 with a custom reason text: `Operation cannot be fulfilled on <gr> "<name>": <why>`.
    pub fn conflict_because(info: &ResourceInfo, name: &str, why: &str) -> Self {
        ApiError::new(
            409,
            StatusReason::Conflict,
            format!(
                "Operation cannot be fulfilled on {} \"{name}\": {why}",
                info.group_resource()
            ),
        )
        .for_resource(info, name)
    }

    /// 400 with the given message.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(400, StatusReason::BadRequest, message)
    }

    /// 422: `Widget.example.dev "foo" is invalid: <errors>`, one cause per
    /// field error. `errors` are rendered field errors (`field: Type: detail`).
    pub fn invalid(info: &ResourceInfo, name: &str, causes: Vec<Cause>) -> Self {
        ApiError::invalid_kind(info.group, info.kind, name, causes)
    }

    /// 422 for any group and kind: `<Kind>.<group> "<name>" is invalid: <errors>`,
    /// the errors as upstream's `ErrorList.ToAggregate` prints them (a
    /// repeated one once; the causes keep every one).
    pub fn invalid_kind(group: &str, kind: &str, name: &str, causes: Vec<Cause>) -> Self {
        let group_kind = if group.is_empty() {
            kind.to_string()
        } else {
            format!("{kind}.{group}")
        };
        let joined = runtime::field::aggregate_messages(causes.iter().map(|c| {
            if c.field.is_empty() {
                c.message.clone()
            } else {
                format!("{}: {}", c.field, c.message)
            }
        }));
        let mut e = ApiError::new(
            422,
            StatusReason::Invalid,
            format!("{group_kind} \"{name}\" is invalid: {joined}"),
        );
        e.name = Some(name.into());
        e.group = Some(group.into());
        e.kind = Some(kind.into());
        e.causes = causes;
        e
    }

    /// 403: `<gr> "<name>" is forbidden: <why>`; `<gr> is forbidden: <why>`
    /// for an empty name.
    pub fn forbidden(info: &ResourceInfo, name: &str, why: &str) -> Self {
        // `NewForbidden` names no object for an empty name.
        let message = if name.is_empty() {
            format!("{} is forbidden: {why}", info.group_resource())
        } else {
            format!("{} \"{name}\" is forbidden: {why}", info.group_resource())
        };
        ApiError::new(403, StatusReason::Forbidden, message).for_resource(info, name)
    }

    /// 422 as upstream's `NewGenericServerResponse` makes it for a code
    /// alone (a JSON patch that does not apply, k8s.io/apiserver's
    /// `jsonPatcher.applyJSPatch`): a fixed message that names nothing,
    /// `reason: Invalid`, empty `details`. Clients match the message
    /// (kube-rs's `is_422_invalid_for_json_patch_test_error`).
    pub fn rejected() -> Self {
        let mut e = ApiError::new(
            422,
            StatusReason::Invalid,
            "the server rejected our request due to an error in our request",
        );
        e.details_always = true;
        e
    }

    /// 405.
    pub fn method_not_allowed() -> Self {
        ApiError::new(
            405,
            StatusReason::MethodNotAllowed,
            "the server does not allow this method on the requested resource",
        )
    }

    /// 406, listing what the server can produce.
    pub fn not_acceptable(accepted: &[&str]) -> Self {
        ApiError::new(
            406,
            StatusReason::NotAcceptable,
            format!(
                "only the following media types are accepted: {}",
                accepted.join(", ")
            ),
        )
    }

    /// 415, listing the accepted request media types.
    pub fn unsupported_media_type(accepted: &[&str]) -> Self {
        ApiError::new(
            415,
            StatusReason::UnsupportedMediaType,
            format!(
                "the body of the request was in an unknown format - accepted media types include: {}",
                accepted.join(", ")
            ),
        )
    }

    /// 413 for bodies over `limit` bytes.
    pub fn too_large(limit: usize) -> Self {
        ApiError::new(
            413,
            StatusReason::RequestEntityTooLarge,
            format!("Request entity too large: limit is {limit}"),
        )
    }

    /// 504 `Timeout`: `Timeout: <message>`, as `errors.NewTimeoutError`
    /// builds it (`retry_after` seconds in the details when non-zero).
    pub fn timeout(message: &str, retry_after: u64) -> Self {
        let mut e = ApiError::new(504, StatusReason::Timeout, format!("Timeout: {message}"));
        if retry_after > 0 {
            e.retry_after = Some(retry_after);
        }
        e
    }

    /// 429 with `Retry-After`.
    pub fn too_many_requests(retry_after: u64) -> Self {
        let mut e = ApiError::new(
            429,
            StatusReason::TooManyRequests,
            "Too many requests, please try again later.",
        );
        e.retry_after = Some(retry_after);
        e
    }

    /// 410 Gone: a resourceVersion older than the compacted revision.
    pub fn gone(message: impl Into<String>) -> Self {
        ApiError::new(410, StatusReason::Expired, message)
    }

    /// 504 with `Retry-After`: a resourceVersion the store has not reached.
    pub fn too_large_resource_version(requested: i64, current: i64) -> Self {
        let mut e = ApiError::new(
            504,
            StatusReason::Timeout,
            format!("Timeout: Too large resource version: {requested}, current: {current}"),
        );
        e.retry_after = Some(1);
        e.causes.push(Cause {
            reason: Some(CauseType::ResourceVersionTooLarge),
            message: "Too large resource version".into(),
            field: String::new(),
        });
        e
    }

    /// 500 `ServerTimeout` with `Retry-After` (upstream's
    /// `NewServerTimeout`): `The <operation> operation against <resource>
    /// could not be completed at this time, please try again.`, with the
    /// operation as `details.name`.
    pub fn server_timeout(info: &ResourceInfo, operation: &str, retry_after: u64) -> Self {
        let mut e = ApiError::new(
            500,
            StatusReason::ServerTimeout,
            format!(
                "The {operation} operation against {} could not be completed at this time, please try again.",
                info.group_resource()
            ),
        )
        .for_resource(info, operation);
        e.retry_after = Some(retry_after);
        e
    }

    /// 500: `Internal error occurred: <msg>`.
    pub fn internal(message: impl std::fmt::Display) -> Self {
        let mut e = ApiError::new(
            500,
            StatusReason::InternalError,
            format!("Internal error occurred: {message}"),
        );
        e.causes.push(Cause {
            reason: None,
            message: message.to_string(),
            field: String::new(),
        });
        e
    }

    /// The `Status` object.
    pub fn to_status(&self) -> Value {
        let mut details = Map::new();
        if let Some(name) = self.name.as_ref().filter(|n| !n.is_empty()) {
            details.insert("name".into(), json!(name));
        }
        if let Some(group) = self.group.as_ref().filter(|g| !g.is_empty()) {
            details.insert("group".into(), json!(group));
        }
        if let Some(kind) = &self.kind {
            details.insert("kind".into(), json!(kind));
        }
        if !self.causes.is_empty() {
            let causes: Vec<Value> = self
                .causes
                .iter()
                .map(|c| {
                    let mut m = Map::new();
                    if let Some(reason) = c.reason {
                        m.insert("reason".into(), json!(reason.as_str()));
                    }
                    m.insert("message".into(), json!(c.message));
                    if !c.field.is_empty() {
                        m.insert("field".into(), json!(c.field));
                    }
                    Value::Object(m)
                })
                .collect();
            details.insert("causes".into(), Value::Array(causes));
        }
        if let Some(seconds) = self.retry_after {
            details.insert("retryAfterSeconds".into(), json!(seconds));
        }
        let mut status = Map::new();
        status.insert("kind".into(), json!("Status"));
        status.insert("apiVersion".into(), json!("v1"));
        let metadata = match &self.continue_token {
            Some(token) => json!({"continue": token}),
            None => json!({}),
        };
        status.insert("metadata".into(), metadata);
        status.insert("status".into(), json!("Failure"));
        status.insert("message".into(), json!(self.message));
        if self.reason != StatusReason::Unknown {
            status.insert("reason".into(), json!(self.reason.as_str()));
        }
        if !details.is_empty() || self.details_always {
            status.insert("details".into(), Value::Object(details));
        }
        status.insert("code".into(), json!(self.code));
        Value::Object(status)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.code, self.reason, self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(mut self) -> Response {
        // As kube-apiserver's JSON serializer writes a Status (`json.Encoder`).
        let body = runtime::go::encoder::to_vec_line(&self.to_status()).unwrap_or_default();
        let code = StatusCode::from_u16(self.code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (code, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if let Some(seconds) = self.retry_after {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        let warnings = std::mem::take(&mut self.0.warnings);
        crate::warnings::add_warnings(response.headers_mut(), warnings);
        response
    }
}

/// A `Status` with `status: Success` (answers to deletes of some kinds).
pub fn success_status(info: &ResourceInfo, name: &str, uid: Option<&str>) -> Value {
    let mut details = Map::new();
    details.insert("name".into(), json!(name));
    if !info.group.is_empty() {
        details.insert("group".into(), json!(info.group));
    }
    details.insert("kind".into(), json!(info.plural));
    if let Some(uid) = uid {
        details.insert("uid".into(), json!(uid));
    }
    json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "details": details})
}
