//! The `MutatingAdmissionWebhook` and `ValidatingAdmissionWebhook`
//! admission plugins (`k8s.io/apiserver/pkg/admission/plugin/webhook`):
//! every write is sent, as an `admission.k8s.io` `AdmissionReview`, to the
//! webhooks of the stored MutatingWebhookConfigurations and
//! ValidatingWebhookConfigurations whose rules and selectors match it.
//!
//! As upstream:
//! - configurations are taken in name order, their webhooks in order; the
//!   webhook configurations themselves are never sent (upstream's
//!   `IsExemptAdmissionConfigurationResource`);
//! - a webhook is called when its namespace selector matches the labels
//!   of the request's namespace (of the namespace itself, for a
//!   Namespace; always, for other cluster-scoped objects), its object
//!   selector the labels of the object or of the old one, and one of its
//!   rules the operation, group, version, resource and subresource, and
//!   scope;
//! - the review names the resource, kind and subresource, the object and
//!   the old one, the user, `dryRun` and the options kind; it is sent in
//!   the first AdmissionReview version of the webhook's list this server
//!   knows (`v1`, `v1beta1`); the answer must carry the request's uid and
//!   the version sent;
//! - a dry-run request is refused (400) by a matching webhook with side
//!   effects;
//! - a refusal is the webhook's Status, with `admission webhook "<name>"
//!   denied the request: <message>` and a code of at least 400;
//! - a webhook that cannot be called, times out (`timeoutSeconds`) or
//!   answers with something that is no review fails the request with a
//!   500 under `failurePolicy: Fail`, and is skipped under `Ignore`;
//! - a mutating webhook's JSON patch changes the object, read again
//!   through its kind (defaulted; unknown fields dropped); warnings reach
//!   the client's `Warning` headers.
//!
//! Unlike upstream: validating webhooks are called one after another (the
//! first refusal is the answer; upstream calls them in parallel); a
//! mutating webhook with `reinvocationPolicy: IfNeeded` is not called a
//! second time; `matchPolicy: Equivalent` matches as `Exact` (a rule for
//! another version of the same resource does not match); a webhook named
//! by `service` is called at `https://<name>.<namespace>.svc:<port><path>`,
//! which resolves only where the host can (no cluster DNS or proxy here);
//! only the CA bundle is trusted (an empty one trusts nothing); and match
//! conditions, which need CEL, are refused when the configuration is
//! written.

mod client;

use std::collections::BTreeMap;
use std::time::Duration;

use apis::admissionregistration::v1::{
    MutatingWebhook, MutatingWebhookConfiguration, RuleWithOperations, ValidatingWebhook,
    ValidatingWebhookConfiguration, WebhookClientConfig,
};
use base64::Engine;
use runtime::meta::{LabelSelector, StatusReason};
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use serde_json::{Map, Value, json};
use server::admission::{
    AdmissionPlugin, Attributes, MutatingAdmission, Operation, Rejection, ValidatingAdmission,
};
use server::status::ApiError;

use self::client::CallError;

/// The group of the webhook configurations.
const GROUP: &str = "admissionregistration.k8s.io";

/// The AdmissionReview versions this server can send, in its preference.
const REVIEW_VERSIONS: [&str; 2] = ["v1", "v1beta1"];

/// The seconds a webhook is given when its configuration names none.
const DEFAULT_TIMEOUT_SECONDS: i32 = 10;

/// The `MutatingAdmissionWebhook` plugin (see the module docs).
pub struct MutatingWebhooks;

/// The `ValidatingAdmissionWebhook` plugin (see the module docs).
pub struct ValidatingWebhooks;

/// Whether `resource` is one admission never sends to webhooks: the
/// configurations that say which webhooks run.
fn exempt(resource: &ResourceInfo) -> bool {
    resource.group == GROUP
        && matches!(
            resource.plural,
            "mutatingwebhookconfigurations" | "validatingwebhookconfigurations"
        )
}

impl AdmissionPlugin for MutatingWebhooks {
    fn name(&self) -> &str {
        "MutatingAdmissionWebhook"
    }

    fn handles(&self, _operation: Operation, resource: &ResourceInfo) -> bool {
        !exempt(resource)
    }
}

impl AdmissionPlugin for ValidatingWebhooks {
    fn name(&self) -> &str {
        "ValidatingAdmissionWebhook"
    }

    fn handles(&self, _operation: Operation, resource: &ResourceInfo) -> bool {
        !exempt(resource)
    }
}

impl MutatingAdmission for MutatingWebhooks {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        mut object: Option<&mut dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        let configurations = attributes
            .list(GROUP, "v1", "mutatingwebhookconfigurations", None)
            .map_err(Rejection::Status)?;
        for configuration in &configurations {
            let Some(configuration) = configuration
                .as_any()
                .downcast_ref::<MutatingWebhookConfiguration>()
            else {
                continue;
            };
            for webhook in &configuration.webhooks {
                let hook = Hook::from(webhook);
                let Some(answer) = hook.call(attributes, object.as_deref(), old, true)? else {
                    continue;
                };
                let Some(patch) = answer.patch.filter(|p| !p.0.is_empty()) else {
                    continue;
                };
                let Some(object) = object.as_deref_mut() else {
                    return Err(Rejection::Status(ApiError::internal(format!(
                        "admission webhook {:?} attempted to modify the object, which is not supported for this operation",
                        webhook.name
                    ))));
                };
                apply_patch(attributes, object, &patch)?;
            }
        }
        Ok(())
    }
}

impl ValidatingAdmission for ValidatingWebhooks {
    fn validate(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        let configurations = attributes
            .list(GROUP, "v1", "validatingwebhookconfigurations", None)
            .map_err(Rejection::Status)?;
        for configuration in &configurations {
            let Some(configuration) = configuration
                .as_any()
                .downcast_ref::<ValidatingWebhookConfiguration>()
            else {
                continue;
            };
            for webhook in &configuration.webhooks {
                Hook::from(webhook).call(attributes, object, old, false)?;
            }
        }
        Ok(())
    }
}

/// What a matching webhook said that the request goes on with.
struct Answer {
    /// A mutating webhook's JSON patch.
    patch: Option<json_patch::Patch>,
}

/// The fields of either kind of webhook that calling it needs.
struct Hook<'a> {
    name: &'a str,
    client_config: &'a WebhookClientConfig,
    rules: &'a [RuleWithOperations],
    ignore_failures: bool,
    namespace_selector: Option<&'a LabelSelector>,
    object_selector: Option<&'a LabelSelector>,
    side_effects: Option<&'a str>,
    timeout_seconds: i32,
    admission_review_versions: &'a [String],
}

impl<'a> From<&'a MutatingWebhook> for Hook<'a> {
    fn from(w: &'a MutatingWebhook) -> Hook<'a> {
        Hook {
            name: &w.name,
            client_config: &w.client_config,
            rules: &w.rules,
            ignore_failures: w.failure_policy.as_deref() == Some("Ignore"),
            namespace_selector: w.namespace_selector.as_ref(),
            object_selector: w.object_selector.as_ref(),
            side_effects: w.side_effects.as_deref(),
            timeout_seconds: w.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS),
            admission_review_versions: &w.admission_review_versions,
        }
    }
}

impl<'a> From<&'a ValidatingWebhook> for Hook<'a> {
    fn from(w: &'a ValidatingWebhook) -> Hook<'a> {
        Hook {
            name: &w.name,
            client_config: &w.client_config,
            rules: &w.rules,
            ignore_failures: w.failure_policy.as_deref() == Some("Ignore"),
            namespace_selector: w.namespace_selector.as_ref(),
            object_selector: w.object_selector.as_ref(),
            side_effects: w.side_effects.as_deref(),
            timeout_seconds: w.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS),
            admission_review_versions: &w.admission_review_versions,
        }
    }
}

impl Hook<'_> {
    /// Calls the webhook when it matches the request: `None` when it does
    /// not, or when its call failed and its failure policy ignores that.
    ///
    /// Errors: the webhook's refusal; a failed call under `Fail` (500); a
    /// dry run sent to a webhook with side effects (400).
    fn call(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
        mutating: bool,
    ) -> Result<Option<Answer>, Rejection> {
        if !self.matches(attributes, object, old)? {
            return Ok(None);
        }
        if attributes.dry_run && !matches!(self.side_effects, Some("None" | "NoneOnDryRun")) {
            return Err(Rejection::Status(ApiError::bad_request(format!(
                "admission webhook {:?} does not support dry run",
                self.name
            ))));
        }
        match self.review(attributes, object, old, mutating) {
            Ok(answer) => Ok(Some(answer)),
            Err(Failure::Refused(status)) => Err(Rejection::Status(status)),
            Err(Failure::Call(CallError(reason))) => {
                let error = format!("failed calling webhook {:?}: {reason}", self.name);
                if self.ignore_failures {
                    tracing::warn!(
                        "Failed calling webhook, failing open {}: {error}",
                        self.name
                    );
                    return Ok(None);
                }
                tracing::warn!(
                    "Failed calling webhook, failing closed {}: {error}",
                    self.name
                );
                Err(Rejection::Status(ApiError::internal(error)))
            }
        }
    }

    /// `ShouldCallHook`: the namespace selector, the object selector, then
    /// the rules.
    ///
    /// Errors: a namespace that cannot be read (500).
    fn matches(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<bool, Rejection> {
        if let Some(selector) = self.namespace_selector.filter(|s| !is_empty(s)) {
            let Some(labels) = namespace_labels(attributes, object, old)? else {
                // No namespace to judge: a cluster-scoped object (always
                // matched), or a namespace that does not exist, whose
                // request the namespace lifecycle refuses.
                if attributes.namespace.is_some() {
                    return Ok(false);
                }
                return Ok(self.rules_match(attributes));
            };
            if !runtime::selector::selects(selector, &labels) {
                return Ok(false);
            }
        }
        if let Some(selector) = self.object_selector.filter(|s| !is_empty(s)) {
            let selects = |o: Option<&dyn Object>| {
                o.is_some_and(|o| runtime::selector::selects(selector, &o.metadata().labels))
            };
            if !selects(object) && !selects(old) {
                return Ok(false);
            }
        }
        Ok(self.rules_match(attributes))
    }

    /// Whether one of the rules matches the request (`rules.Matcher`).
    fn rules_match(&self, attributes: &Attributes<'_>) -> bool {
        let resource = attributes.resource;
        let is_namespace = resource.group.is_empty() && resource.plural == "namespaces";
        let namespaced = resource.namespaced && !is_namespace;
        let operation = attributes.operation.as_str();
        let subresource = attributes.subresource.unwrap_or("");
        let exact_or_wildcard =
            |items: &[String], wanted: &str| items.iter().any(|i| i == "*" || i == wanted);
        self.rules.iter().any(|rule| {
            let scope = match rule.rule.scope.as_deref() {
                None | Some("*") => true,
                Some("Namespaced") => namespaced,
                Some("Cluster") => !namespaced,
                Some(_) => false,
            };
            scope
                && exact_or_wildcard(&rule.operations, operation)
                && exact_or_wildcard(&rule.rule.api_groups, resource.group)
                && exact_or_wildcard(&rule.rule.api_versions, resource.version)
                && rule.rule.resources.iter().any(|r| {
                    let (res, sub) = r.split_once('/').unwrap_or((r, ""));
                    (res == "*" || res == resource.plural) && (sub == "*" || sub == subresource)
                })
        })
    }

    /// Sends the review and reads the answer.
    fn review(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
        mutating: bool,
    ) -> Result<Answer, Failure> {
        let version = self
            .admission_review_versions
            .iter()
            .find(|v| REVIEW_VERSIONS.contains(&v.as_str()))
            .ok_or_else(|| {
                Failure::Call(CallError(
                    "webhook does not accept known AdmissionReview versions (v1, v1beta1)".into(),
                ))
            })?;
        let uid = uuid::Uuid::new_v4().to_string();
        let body = review_request(attributes, object, old, version, &uid).map_err(|e| {
            Failure::Call(CallError(format!(
                "could not create admission objects: {e}"
            )))
        })?;
        let url = self.url();
        let timeout = Duration::from_secs(u64::try_from(self.timeout_seconds.max(1)).unwrap_or(10));
        let bytes = client::post(&url, &self.client_config.ca_bundle, timeout, body)
            .map_err(Failure::Call)?;
        let invalid = |reason: String| {
            Failure::Call(CallError(format!(
                "received invalid webhook response: {reason}"
            )))
        };
        let answer: Value = serde_json::from_slice(&bytes)
            .map_err(|e| Failure::Call(CallError(format!("failed to call webhook: {e}"))))?;
        let response = verify_response(&answer, version, &uid, mutating).map_err(invalid)?;
        for warning in response
            .get("warnings")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            attributes.warn(warning);
        }
        if response.get("allowed").and_then(Value::as_bool) != Some(true) {
            return Err(Failure::Refused(denied(self.name, response.get("status"))));
        }
        let patch = match response.get("patch").and_then(Value::as_str) {
            Some(text) if !text.is_empty() => {
                let patch_type = response.get("patchType").and_then(Value::as_str);
                if patch_type != Some("JSONPatch") {
                    return Err(Failure::Call(CallError(format!(
                        "unsupported patch type {:?}",
                        patch_type.unwrap_or_default()
                    ))));
                }
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(text)
                    .map_err(|e| invalid(format!("illegal base64 data in response.patch: {e}")))?;
                let patch = serde_json::from_slice(&bytes).map_err(|e| {
                    Failure::Call(CallError(format!(
                        "received undecodable patch in webhook response: {e}"
                    )))
                })?;
                Some(patch)
            }
            _ => None,
        };
        Ok(Answer { patch })
    }

    /// Where the webhook listens: its URL, or its service's name in the
    /// cluster's DNS.
    fn url(&self) -> String {
        match (&self.client_config.url, &self.client_config.service) {
            (Some(url), _) => url.clone(),
            (None, Some(service)) => format!(
                "https://{}.{}.svc:{}{}",
                service.name,
                service.namespace,
                service.port.unwrap_or(443),
                service.path.as_deref().unwrap_or("")
            ),
            (None, None) => String::new(),
        }
    }
}

/// How a webhook's review ended other than in its consent.
enum Failure {
    /// The webhook refused the request: its Status.
    Refused(ApiError),
    /// The webhook could not be called, or its answer was no review.
    Call(CallError),
}

/// Whether a selector selects everything.
fn is_empty(selector: &LabelSelector) -> bool {
    selector.match_labels.is_empty() && selector.match_expressions.is_empty()
}

/// The labels the namespace selector judges: the object's own for a
/// Namespace (the old object's for a delete), its namespace's for a
/// namespaced object; `None` for other cluster-scoped objects and for a
/// namespace that does not exist.
///
/// Errors: the namespace cannot be read (500).
fn namespace_labels(
    attributes: &Attributes<'_>,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
) -> Result<Option<BTreeMap<String, String>>, Rejection> {
    let resource = attributes.resource;
    if resource.group.is_empty() && resource.plural == "namespaces" {
        return Ok(object.or(old).map(|o| o.metadata().labels.clone()));
    }
    let Some(namespace) = attributes.namespace else {
        return Ok(None);
    };
    let found = attributes
        .get(("", "v1", "namespaces"), None, namespace)
        .map_err(Rejection::Status)?;
    Ok(found.map(|n| n.metadata().labels.clone()))
}

/// The `AdmissionReview` of the request, in `version`, as JSON.
///
/// Errors: an object that cannot be written as JSON.
fn review_request(
    attributes: &Attributes<'_>,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
    version: &str,
    uid: &str,
) -> Result<Vec<u8>, String> {
    let resource = attributes.resource;
    let kind = json!({"group": resource.group, "version": resource.version, "kind": resource.kind});
    let gvr =
        json!({"group": resource.group, "version": resource.version, "resource": resource.plural});
    let mut request = Map::new();
    request.insert("uid".into(), json!(uid));
    request.insert("kind".into(), kind.clone());
    request.insert("resource".into(), gvr.clone());
    if let Some(sub) = attributes.subresource {
        request.insert("subResource".into(), json!(sub));
    }
    request.insert("requestKind".into(), kind);
    request.insert("requestResource".into(), gvr);
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
    if let Some(object) = object {
        request.insert("object".into(), object.to_value()?);
    }
    if let Some(old) = old {
        request.insert("oldObject".into(), old.to_value()?);
    }
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
    let review = json!({
        "kind": "AdmissionReview",
        "apiVersion": format!("admission.k8s.io/{version}"),
        "request": Value::Object(request),
    });
    serde_json::to_vec(&review).map_err(|e| e.to_string())
}

/// `VerifyAdmissionResponse`: the answer is an AdmissionReview of the
/// version sent, with a response for the request's uid, a patch only with
/// its type and from a mutating webhook. Returns the response.
///
/// Errors: upstream's words for what is wrong.
fn verify_response<'v>(
    review: &'v Value,
    version: &str,
    uid: &str,
    mutating: bool,
) -> Result<&'v Map<String, Value>, String> {
    let Some(response) = review.get("response").and_then(Value::as_object) else {
        return Err("webhook response was absent".into());
    };
    let got_uid = response.get("uid").and_then(Value::as_str).unwrap_or("");
    if got_uid != uid {
        return Err(format!("expected response.uid={uid:?}, got {got_uid:?}"));
    }
    let api_version = review
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or("");
    let kind = review.get("kind").and_then(Value::as_str).unwrap_or("");
    let expected = format!("admission.k8s.io/{version}");
    if api_version != expected || kind != "AdmissionReview" {
        return Err(format!(
            "expected webhook response of {expected}, Kind=AdmissionReview, got {}",
            gvk_string(api_version, kind)
        ));
    }
    let has_patch = response
        .get("patch")
        .and_then(Value::as_str)
        .is_some_and(|p| !p.is_empty());
    let has_patch_type = response
        .get("patchType")
        .and_then(Value::as_str)
        .is_some_and(|p| !p.is_empty());
    if has_patch && !has_patch_type {
        return Err("webhook returned response.patch but not response.patchType".into());
    }
    if has_patch && !mutating {
        return Err("validating webhook may not return response.patch".into());
    }
    if !has_patch && has_patch_type {
        return Err("webhook returned response.patchType but not response.patch".into());
    }
    Ok(response)
}

/// `schema.GroupVersionKind.String()` of an apiVersion and kind:
/// `group/version, Kind=kind` (`/, Kind=` for none).
fn gvk_string(api_version: &str, kind: &str) -> String {
    let (group, version) = api_version.split_once('/').unwrap_or(("", api_version));
    format!("{group}/{version}, Kind={kind}")
}

/// `webhookerrors.ToStatusErr`: the webhook's Status, with a code of at
/// least 400, status `Failure`, and the message prefixed with who denied
/// the request (its reason, or `without explanation`, when it has no
/// message).
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
        .filter(|c| (400..600).contains(c))
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

/// Applies a mutating webhook's JSON patch to `object`, which becomes the
/// patched JSON read again through its kind (and defaulted).
///
/// Errors: a patch that does not apply, or makes no object of the kind
/// (500 whatever the failure policy, as upstream answers both).
fn apply_patch(
    attributes: &Attributes<'_>,
    object: &mut dyn Object,
    patch: &json_patch::Patch,
) -> Result<(), Rejection> {
    let internal = |e: String| Rejection::Status(ApiError::internal(e));
    let mut value = object.to_value().map_err(internal)?;
    json_patch::patch(&mut value, patch).map_err(|e| internal(e.to_string()))?;
    let patched = attributes.read_object(&value).map_err(Rejection::Status)?;
    if !object.assign(patched.as_ref()) {
        return Err(internal("the patched object is of another kind".into()));
    }
    Ok(())
}
