//! One webhook's review: the `AdmissionReview` sent (upstream's
//! `CreateAdmissionObjects`), its call started, and the answer read and
//! checked (`VerifyAdmissionResponse`, `ToStatusErr`). A review is made
//! ([`prepare`]), sent ([`Prepared::send`]) and its answer read
//! ([`Sent::answer`]) in three steps, so that the validating webhooks of
//! a write are all matched and made before any is called, and all called
//! before any answer is waited for.

use std::time::Duration;

use apis::admissionregistration::v1::ACCEPTED_ADMISSION_REVIEW_VERSIONS;
use apis::admissionregistration::{DEFAULT_TIMEOUT_SECONDS, WebhookAccessor};
use base64::Engine;
use runtime::meta::StatusReason;
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use serde_json::{Map, Value, json};
use server::admission::{Attributes, Operation};
use server::status::ApiError;

use super::client::{self, CallError, Pending};

/// How a webhook's review ended other than in its consent.
pub(super) enum Failure {
    /// The webhook refused the request: its Status.
    Refused(ApiError),
    /// The webhook could not be called, or its answer was no review.
    Call(CallError),
}

/// A review made for a webhook, not sent yet: all a call needs, owned.
pub(super) struct Prepared {
    /// The webhook's name.
    name: String,
    /// The AdmissionReview version made.
    version: &'static str,
    /// The review's uid, which the answer must carry.
    uid: String,
    /// Where it goes and how long it may take.
    url: String,
    ca_bundle: Vec<u8>,
    timeout: Duration,
    /// The review's JSON; why it could not be made.
    body: Result<Vec<u8>, CallError>,
}

/// A review sent to a webhook, its answer not read yet.
pub(super) struct Sent {
    /// The webhook's name.
    name: String,
    /// The AdmissionReview version sent.
    version: &'static str,
    /// The review's uid, which the answer must carry.
    uid: String,
    /// The call; its failure to start, or to make the review.
    call: Result<Pending, CallError>,
}

/// Makes `hook`'s review of the request made to `resource` (the objects
/// in its version), in the first AdmissionReview version of the hook's
/// list this server knows, with a new uid, to be answered within the
/// hook's timeout (10 s by default).
pub(super) fn prepare(
    hook: &WebhookAccessor<'_>,
    attributes: &Attributes<'_>,
    resource: &ResourceInfo,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
) -> Prepared {
    let version = hook.admission_review_versions.iter().find_map(|v| {
        ACCEPTED_ADMISSION_REVIEW_VERSIONS
            .into_iter()
            .find(|accepted| accepted == v)
    });
    let uid = uuid::Uuid::new_v4().to_string();
    let body = match version {
        None => Err(CallError(
            "could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)"
                .into(),
        )),
        Some(version) => review_request(attributes, resource, object, old, version, &uid)
            .map_err(|e| CallError(format!("could not create admission objects: {e}"))),
    };
    let seconds = hook.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS);
    Prepared {
        name: hook.name.to_owned(),
        version: version.unwrap_or_default(),
        uid,
        url: hook.url(),
        ca_bundle: hook.client_config.ca_bundle.clone(),
        timeout: Duration::from_secs(u64::try_from(seconds.max(1)).unwrap_or(1)),
        body,
    }
}

impl Prepared {
    /// Starts the call.
    pub(super) fn send(self) -> Sent {
        let (url, ca_bundle, timeout) = (self.url, self.ca_bundle, self.timeout);
        Sent {
            name: self.name,
            version: self.version,
            uid: self.uid,
            call: self
                .body
                .and_then(|body| client::start(&url, &ca_bundle, timeout, body)),
        }
    }
}

impl Sent {
    /// The webhook's name.
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// Waits for the answer and reads it: a mutating webhook's patch, if
    /// any; its warnings go to `attributes`.
    ///
    /// Errors: the webhook's refusal; a call that failed, or an answer
    /// that is no valid review or patch (in upstream's words).
    pub(super) fn answer(
        self,
        attributes: &Attributes<'_>,
        mutating: bool,
    ) -> Result<Option<json_patch::Patch>, Failure> {
        let call_error = |reason: String| Failure::Call(CallError(reason));
        let bytes = self.call.and_then(Pending::wait).map_err(Failure::Call)?;
        let answer: Value = serde_json::from_slice(&bytes)
            .map_err(|e| call_error(format!("failed to call webhook: {e}")))?;
        let response = verify_response(&answer, self.version, &self.uid, mutating)
            .map_err(|e| call_error(format!("received invalid webhook response: {e}")))?;
        for warning in &response.warnings {
            attributes.warn(*warning);
        }
        if !response.allowed {
            return Err(Failure::Refused(denied(&self.name, response.status)));
        }
        let Some(patch) = response.patch else {
            return Ok(None);
        };
        if response.patch_type != "JSONPatch" {
            return Err(call_error(format!(
                "unsupported patch type {:?}",
                response.patch_type
            )));
        }
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(patch)
            .map_err(|e| {
                call_error(format!(
                    "received invalid webhook response: illegal base64 data in response.patch: {e}"
                ))
            })?;
        serde_json::from_slice(&bytes).map(Some).map_err(|e| {
            call_error(format!(
                "received undecodable patch in webhook response: {e}"
            ))
        })
    }
}

/// The `AdmissionReview`, in `version`, of the request as made to
/// `resource` (the written resource, or the equivalent one the webhook's
/// rules matched: its `kind` and `resource`; the written one is the
/// `requestKind` and `requestResource`), as JSON.
///
/// Errors: an object that cannot be written as JSON.
fn review_request(
    attributes: &Attributes<'_>,
    resource: &ResourceInfo,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
    version: &str,
    uid: &str,
) -> Result<Vec<u8>, String> {
    let mut request = admission_request(attributes, resource);
    request.insert("uid".into(), json!(uid));
    if let Some(object) = object {
        request.insert("object".into(), object.to_value()?);
    }
    if let Some(old) = old {
        request.insert("oldObject".into(), old.to_value()?);
    }
    let review = json!({
        "kind": "AdmissionReview",
        "apiVersion": format!("admission.k8s.io/{version}"),
        "request": Value::Object(request),
    });
    serde_json::to_vec(&review).map_err(|e| e.to_string())
}

/// The `request` match conditions see: upstream's `CreateAdmissionRequest`
/// for CEL, the AdmissionRequest of [`admission_request`] with the kind
/// the rules matched but the request's own resource, null options, the
/// user's extra always there, and no uid or objects (its CEL type has no
/// such fields).
pub(super) fn condition_request(attributes: &Attributes<'_>, resource: &ResourceInfo) -> Value {
    let mut request = admission_request(attributes, resource);
    let written = attributes.resource;
    request.insert(
        "resource".into(),
        json!({"group": written.group, "version": written.version, "resource": written.plural}),
    );
    request.insert("options".into(), Value::Null);
    if let Some(Value::Object(user)) = request.get_mut("userInfo") {
        user.entry("extra").or_insert_with(|| json!({}));
    }
    Value::Object(request)
}

/// The fields of the request as made to `resource` (see
/// [`review_request`]) that a review and the match conditions share:
/// all but the uid and the objects, which the review adds.
fn admission_request(attributes: &Attributes<'_>, resource: &ResourceInfo) -> Map<String, Value> {
    let gvk = |r: &ResourceInfo| json!({"group": r.group, "version": r.version, "kind": r.kind});
    let gvr =
        |r: &ResourceInfo| json!({"group": r.group, "version": r.version, "resource": r.plural});
    let mut request = Map::new();
    request.insert("kind".into(), gvk(resource));
    request.insert("resource".into(), gvr(resource));
    if let Some(sub) = attributes.subresource {
        request.insert("subResource".into(), json!(sub));
    }
    request.insert("requestKind".into(), gvk(attributes.resource));
    request.insert("requestResource".into(), gvr(attributes.resource));
    if let Some(sub) = attributes.subresource {
        request.insert("requestSubResource".into(), json!(sub));
    }
    if !attributes.name.is_empty() {
        request.insert("name".into(), json!(attributes.name));
    }
    if let Some(namespace) = attributes.namespace {
        request.insert("namespace".into(), json!(namespace));
    }
    let operation = attributes.operation;
    request.insert("operation".into(), json!(operation.as_str()));
    let user = attributes.user;
    let mut user_info = Map::new();
    user_info.insert("username".into(), json!(user.name));
    if !user.uid.is_empty() {
        user_info.insert("uid".into(), json!(user.uid));
    }
    user_info.insert("groups".into(), json!(user.groups));
    if !user.extra.is_empty() {
        user_info.insert("extra".into(), json!(user.extra));
    }
    request.insert("userInfo".into(), Value::Object(user_info));
    request.insert("dryRun".into(), json!(attributes.dry_run));
    let options_kind = match operation {
        Operation::Create => "CreateOptions",
        Operation::Update => "UpdateOptions",
        Operation::Delete => "DeleteOptions",
    };
    let mut options = json!({"kind": options_kind, "apiVersion": "meta.k8s.io/v1"});
    if attributes.dry_run {
        options["dryRun"] = json!(["All"]);
    }
    request.insert("options".into(), options);
    request
}

/// What a verified answer says.
#[derive(Debug, PartialEq)]
struct Response<'v> {
    allowed: bool,
    /// The refusal's Status.
    status: Option<&'v Value>,
    /// A mutating webhook's patch, base64.
    patch: Option<&'v str>,
    /// Its type (`JSONPatch`).
    patch_type: &'v str,
    warnings: Vec<&'v str>,
}

/// `VerifyAdmissionResponse`: the answer holds a response; a `v1` answer
/// is an AdmissionReview of `v1` for the request's uid, whose patch comes
/// from a mutating webhook with its type; a `v1beta1` answer is taken as
/// upstream takes the old version (any uid and kind, a patch is a JSON
/// patch, a validating webhook's is ignored).
///
/// Errors: upstream's words for what is wrong.
fn verify_response<'v>(
    review: &'v Value,
    version: &str,
    uid: &str,
    mutating: bool,
) -> Result<Response<'v>, String> {
    let Some(response) = review.get("response").filter(|r| !r.is_null()) else {
        return Err("webhook response was absent".into());
    };
    let field = |key: &str| response.get(key).filter(|v| !v.is_null());
    let patch = field("patch")
        .and_then(Value::as_str)
        .filter(|p| !p.is_empty());
    let patch_type = field("patchType");
    let mut verified = Response {
        allowed: field("allowed").and_then(Value::as_bool) == Some(true),
        status: field("status"),
        patch: None,
        patch_type: "",
        warnings: field("warnings")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect(),
    };
    if version != "v1" {
        if mutating && patch.is_some() {
            (verified.patch, verified.patch_type) = (patch, "JSONPatch");
        }
        return Ok(verified);
    }
    let got_uid = field("uid").and_then(Value::as_str).unwrap_or("");
    if got_uid != uid {
        return Err(format!("expected response.uid={uid:?}, got {got_uid:?}"));
    }
    let api_version = review
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or("");
    let kind = review.get("kind").and_then(Value::as_str).unwrap_or("");
    if (api_version, kind) != ("admission.k8s.io/v1", "AdmissionReview") {
        let (group, version) = api_version.split_once('/').unwrap_or(("", api_version));
        return Err(format!(
            "expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got {group}/{version}, Kind={kind}"
        ));
    }
    if !mutating {
        if patch.is_some() {
            return Err("validating webhook may not return response.patch".into());
        }
        if patch_type.is_some() {
            return Err("validating webhook may not return response.patchType".into());
        }
        return Ok(verified);
    }
    match (patch, patch_type) {
        (Some(_), None) => Err("webhook returned response.patch but not response.patchType".into()),
        (None, Some(_)) => Err("webhook returned response.patchType but not response.patch".into()),
        (_, Some(t)) if t.as_str().is_none_or(str::is_empty) => Err(format!(
            "webhook returned invalid response.patchType of {:?}",
            t.as_str().unwrap_or_default()
        )),
        (patch, patch_type) => {
            verified.patch = patch;
            verified.patch_type = patch_type.and_then(Value::as_str).unwrap_or("");
            Ok(verified)
        }
    }
}

/// `webhookerrors.ToStatusErr`: the webhook's Status, with a code of at
/// least 400, and the message prefixed with who denied the request (its
/// reason, or `without explanation`, when it has no message). A reason
/// that is not one of upstream's is dropped (`StatusReason` has no other
/// value), as are the Status's details.
fn denied(name: &str, status: Option<&Value>) -> ApiError {
    let field = |key: &str| {
        status
            .and_then(|s| s.get(key))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let code = status
        .and_then(|s| s.get("code"))
        .and_then(Value::as_u64)
        .and_then(|c| u16::try_from(c).ok())
        .filter(|c| (400..1000).contains(c))
        .unwrap_or(400);
    let denied_by = format!("admission webhook {name:?} denied the request");
    let (message, reason) = (field("message"), field("reason"));
    let message = if !message.is_empty() {
        format!("{denied_by}: {message}")
    } else if !reason.is_empty() {
        format!("{denied_by}: {reason}")
    } else {
        format!("{denied_by} without explanation")
    };
    ApiError::new(code, StatusReason::from_wire(reason), message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn review(answer: Value) -> Value {
        json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "response": answer})
    }

    /// `VerifyAdmissionResponse` in upstream's order and words, per
    /// version and kind of webhook.
    #[test]
    fn answers_are_verified_as_upstream_verifies_them() {
        let ok = review(json!({"uid": "u", "allowed": true, "warnings": ["w"]}));
        let verified = verify_response(&ok, "v1", "u", false).unwrap();
        assert_eq!((verified.allowed, verified.warnings), (true, vec!["w"]));
        let errors = |answer: Value, mutating: bool| {
            verify_response(&answer, "v1", "u", mutating).unwrap_err()
        };
        assert_eq!(
            errors(json!({"kind": "AdmissionReview"}), false),
            "webhook response was absent"
        );
        assert_eq!(
            errors(review(json!({"uid": "other"})), false),
            r#"expected response.uid="u", got "other""#
        );
        assert_eq!(
            errors(
                json!({"apiVersion": "admission.k8s.io/v1beta1", "kind": "AdmissionReview", "response": {"uid": "u"}}),
                false
            ),
            "expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got admission.k8s.io/v1beta1, Kind=AdmissionReview"
        );
        let patched = |fields: Value| {
            let mut response = json!({"uid": "u", "allowed": true});
            for (k, v) in fields.as_object().unwrap() {
                response[k] = v.clone();
            }
            review(response)
        };
        assert_eq!(
            errors(patched(json!({"patch": "W10="})), false),
            "validating webhook may not return response.patch"
        );
        assert_eq!(
            errors(patched(json!({"patchType": "JSONPatch"})), false),
            "validating webhook may not return response.patchType"
        );
        assert_eq!(
            errors(patched(json!({"patch": "W10="})), true),
            "webhook returned response.patch but not response.patchType"
        );
        assert_eq!(
            errors(patched(json!({"patchType": "JSONPatch"})), true),
            "webhook returned response.patchType but not response.patch"
        );
        assert_eq!(
            errors(patched(json!({"patch": "W10=", "patchType": ""})), true),
            r#"webhook returned invalid response.patchType of """#
        );
        let answer = patched(json!({"patch": "W10=", "patchType": "JSONPatch"}));
        let verified = verify_response(&answer, "v1", "u", true).unwrap();
        assert_eq!(
            (verified.patch, verified.patch_type),
            (Some("W10="), "JSONPatch")
        );
        // v1beta1: no uid or kind check; a patch is JSON patch; a
        // validating webhook's is ignored.
        let old = json!({"response": {"allowed": true, "patch": "W10="}});
        let verified = verify_response(&old, "v1beta1", "u", true).unwrap();
        assert_eq!(
            (verified.patch, verified.patch_type),
            (Some("W10="), "JSONPatch")
        );
        let verified = verify_response(&old, "v1beta1", "u", false).unwrap();
        assert_eq!(verified.patch, None);
    }

    /// `ToStatusErr`: codes below 400 become 400; the message says who
    /// denied the request, with the webhook's message or reason.
    #[test]
    fn refusals_say_who_refused() {
        let e = denied(
            "a.example.com",
            Some(&json!({"code": 200, "reason": "Forbidden"})),
        );
        assert_eq!(
            (e.code, e.reason, e.message.as_str()),
            (
                400,
                StatusReason::Forbidden,
                "admission webhook \"a.example.com\" denied the request: Forbidden"
            )
        );
        let e = denied(
            "a.example.com",
            Some(&json!({"code": 422, "message": "no"})),
        );
        assert_eq!(
            (e.code, e.message.as_str()),
            (
                422,
                "admission webhook \"a.example.com\" denied the request: no"
            )
        );
        let e = denied("a.example.com", None);
        assert_eq!(
            e.message,
            "admission webhook \"a.example.com\" denied the request without explanation"
        );
    }
}
