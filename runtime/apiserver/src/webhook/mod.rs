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
//! - a webhook is called when one of its rules matches the operation,
//!   group, version, resource and subresource, and scope, its namespace
//!   selector the labels of the request's namespace (of the Namespace
//!   written, for a create or update of one; always, for other
//!   cluster-scoped objects), and its object selector the labels of the
//!   object or of the old one;
//! - the review names the resource, kind and subresource, the object and
//!   the old one, the user, `dryRun` and the options kind; it is sent in
//!   the first AdmissionReview version of the webhook's list this server
//!   knows (`v1`, `v1beta1`); a `v1` answer must carry the request's uid
//!   and version, and a patch only from a mutating webhook with its type
//!   (a `v1beta1` answer's patch is a JSON patch, and is ignored from a
//!   validating webhook, as upstream reads the old version);
//! - a dry-run request is refused (400) by a matching webhook with side
//!   effects;
//! - a refusal is the webhook's Status, with `admission webhook "<name>"
//!   denied the request: <message>` and a code of at least 400;
//! - a webhook that cannot be called, times out (`timeoutSeconds`) or
//!   answers with something that is no review fails the request with a
//!   500 under `failurePolicy: Fail`, and is skipped under `Ignore`;
//! - under `matchPolicy: Equivalent`, a rule for another version of the
//!   written resource matches, and the webhook is sent (and patches) the
//!   objects converted to that version;
//! - a mutating webhook's JSON patch changes the object, read again
//!   through its kind (defaulted; unknown fields dropped); warnings reach
//!   the client's `Warning` headers.
//!
//! The configurations are read from the server's cache of them (fed by
//! their watch, as upstream reads an informer), which answers for a
//! configuration written through this server from the next request on.
//!
//! - a mutating webhook with `reinvocationPolicy: IfNeeded` is called once
//!   more when a later webhook changed the object after it (the mutating
//!   plugins then run a second time, as upstream's reinvoker runs them),
//!   or another plugin did on that second run.
//!
//! Unlike upstream (see also the README): validating webhooks are called
//! one after another (the first refusal is the answer; upstream calls
//! them in parallel); `/scale` writes and the create subresources go
//! through no admission; a refusal carries its own phase's warnings only;
//! a webhook named
//! by `service` is called at `https://<name>.<namespace>.svc:<port><path>`,
//! which resolves only where the host can (no cluster DNS or proxy here);
//! only the CA bundle is trusted (an empty one trusts nothing); and match
//! conditions, which need CEL, are refused when the configuration is
//! written.

mod client;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use apis::admissionregistration::v1::{
    ACCEPTED_ADMISSION_REVIEW_VERSIONS, MutatingWebhookConfiguration, RuleWithOperations,
    ValidatingWebhookConfiguration,
};
use apis::admissionregistration::{DEFAULT_TIMEOUT_SECONDS, WebhookAccessor};
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

/// Whether `resource` is the core group's Namespaces.
fn is_namespaces(resource: &ResourceInfo) -> bool {
    resource.group.is_empty() && resource.plural == "namespaces"
}

impl AdmissionPlugin for MutatingWebhooks {
    fn name(&self) -> &str {
        "MutatingAdmissionWebhook"
    }

    fn handles(&self, _operation: Operation, resource: &ResourceInfo) -> bool {
        !exempt(resource)
    }

    fn listed_resources(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &[(GROUP, "v1", "mutatingwebhookconfigurations")]
    }
}

impl AdmissionPlugin for ValidatingWebhooks {
    fn name(&self) -> &str {
        "ValidatingAdmissionWebhook"
    }

    fn handles(&self, _operation: Operation, resource: &ResourceInfo) -> bool {
        !exempt(resource)
    }

    fn listed_resources(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &[(GROUP, "v1", "validatingwebhookconfigurations")]
    }
}

/// The key of the mutating webhooks' state in a request's reinvocation.
const MUTATING_PLUGIN: &str = "MutatingAdmissionWebhook";

/// What the mutating webhooks remember of a request between the two runs
/// of the mutating plugins (upstream's `webhookReinvokeContext`); a
/// webhook is known by its configuration's name, its name and its place.
#[derive(Default)]
struct Reinvocations {
    /// The object as the webhooks left it, kept only while a webhook may
    /// be called again for a change after it.
    last_output: Option<Box<dyn Object>>,
    /// The `IfNeeded` webhooks called since the last change.
    previously_invoked: BTreeSet<String>,
    /// The webhooks to call again on the second run.
    reinvoke: BTreeSet<String>,
}

impl Reinvocations {
    /// `RequireReinvokingPreviouslyInvokedPlugins`: the object changed
    /// after the `IfNeeded` webhooks called so far saw it.
    fn reinvoke_previously_invoked(&mut self) {
        self.reinvoke.append(&mut self.previously_invoked);
    }
}

impl MutatingAdmission for MutatingWebhooks {
    /// Upstream's mutating dispatcher, reinvocation included: on the
    /// second run of the mutating plugins, only the `IfNeeded` webhooks
    /// called before a later change to the object are called again (a
    /// change by a later webhook, or by another plugin since).
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        mut object: Option<&mut dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        let reinvocation = attributes.reinvocation();
        let reinvoke = reinvocation.is_reinvoke();
        // The state is made only when a webhook is called (most writes
        // call none, and pay nothing for it).
        let kept = std::cell::Cell::new(reinvoke);
        let state = |f: &mut dyn FnMut(&mut Reinvocations)| {
            kept.set(true);
            reinvocation.with_value(MUTATING_PLUGIN, |s: &mut Reinvocations| f(s))
        };
        if reinvoke {
            let now = object.as_deref();
            state(&mut |s| {
                let changed = match (&s.last_output, now) {
                    (Some(last), Some(now)) => !last.equals(now),
                    (last, now) => last.is_some() != now.is_some(),
                };
                if changed {
                    s.reinvoke_previously_invoked();
                }
            });
        }
        let outcome = each_webhook(
            attributes,
            "mutatingwebhookconfigurations",
            |c: &MutatingWebhookConfiguration| {
                c.webhooks.iter().map(WebhookAccessor::from).collect()
            },
            |uid, hook| {
                // A webhook is called on the second run only when asked
                // to be; never for the first time.
                let may_call = || {
                    let mut again = !reinvoke;
                    if reinvoke {
                        state(&mut |s| again = s.reinvoke.contains(uid));
                    }
                    again
                };
                let Called::Yes(answer) =
                    call(hook, attributes, object.as_deref(), old, true, &may_call)?
                else {
                    return Ok(());
                };
                if let Some((patch, resource)) = answer {
                    let Some(object) = object.as_deref_mut() else {
                        return Err(Rejection::Status(ApiError::internal(format!(
                            "admission webhook {:?} attempted to modify the object, which is not supported for this operation",
                            hook.name
                        ))));
                    };
                    if apply_patch(attributes, object, &patch, resource)? {
                        state(&mut |s| s.reinvoke_previously_invoked());
                        reinvocation.set_should_reinvoke();
                    }
                }
                if hook.reinvocation_policy == Some("IfNeeded") {
                    state(&mut |s| {
                        s.previously_invoked.insert(uid.to_owned());
                    });
                }
                Ok(())
            },
        );
        if kept.get() {
            let now = object.as_deref();
            state(&mut |s| {
                s.last_output = now
                    .filter(|_| !s.previously_invoked.is_empty())
                    .map(|o| o.clone_object());
            });
        }
        outcome
    }
}

impl ValidatingAdmission for ValidatingWebhooks {
    fn validate(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        each_webhook(
            attributes,
            "validatingwebhookconfigurations",
            |c: &ValidatingWebhookConfiguration| {
                c.webhooks.iter().map(WebhookAccessor::from).collect()
            },
            |_, hook| call(hook, attributes, object, old, false, &|| true).map(|_| ()),
        )
    }
}

/// Calls `call` with each webhook of the stored configurations of type
/// `C` (the resource `plural`), configurations in name order, and the
/// webhook's uid: `<configuration>/<webhook>/<place>` (upstream's is
/// alike, counting webhooks of the same name).
///
/// Errors: the first of `call`'s; the configurations cannot be read.
fn each_webhook<C: 'static>(
    attributes: &Attributes<'_>,
    plural: &str,
    webhooks: impl Fn(&C) -> Vec<WebhookAccessor<'_>>,
    mut call: impl FnMut(&str, &WebhookAccessor<'_>) -> Result<(), Rejection>,
) -> Result<(), Rejection> {
    let configurations = attributes
        .list(GROUP, "v1", plural, None)
        .map_err(Rejection::Status)?;
    for stored in &configurations {
        let Some(configuration) = stored.as_any().downcast_ref::<C>() else {
            continue;
        };
        let name = stored.metadata().name.as_deref().unwrap_or_default();
        for (place, hook) in webhooks(configuration).iter().enumerate() {
            call(&format!("{name}/{}/{place}", hook.name), hook)?;
        }
    }
    Ok(())
}

/// What [`call`] did.
enum Called<'a> {
    /// The webhook does not match the request, or is not to be called
    /// on this run.
    No,
    /// It was called (or its failed call ignored): a mutating webhook's
    /// non-empty JSON patch, of an object of the version of `resource`.
    Yes(Option<(json_patch::Patch, &'a ResourceInfo)>),
}

/// Calls the webhook when it matches the request and `may_call` says so,
/// with the object and the old one in the version its rules matched.
/// Returns a mutating webhook's non-empty JSON patch, of an object of
/// that version (`resource`); none when it allows without a patch, or
/// its call failed and its failure policy ignores that.
///
/// Errors: the webhook's refusal; a failed call under `Fail` (500); a
/// dry run sent to a webhook with side effects (400); a namespace that
/// cannot be read; an object that does not convert.
fn call<'a>(
    hook: &WebhookAccessor<'_>,
    attributes: &Attributes<'a>,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
    mutating: bool,
    may_call: &dyn Fn() -> bool,
) -> Result<Called<'a>, Rejection> {
    let Some(resource) = matches(hook, attributes, object, old)? else {
        return Ok(Called::No);
    };
    if !may_call() {
        return Ok(Called::No);
    }
    if attributes.dry_run && !matches!(hook.side_effects, Some("None" | "NoneOnDryRun")) {
        return Err(Rejection::Status(ApiError::bad_request(format!(
            "admission webhook {:?} does not support dry run",
            hook.name
        ))));
    }
    let reviewed = if std::ptr::eq(resource, attributes.resource) {
        review(hook, attributes, resource, object, old, mutating)
    } else {
        let convert = |o: Option<&dyn Object>| {
            o.map(|o| attributes.convert(o, resource))
                .transpose()
                .map_err(Rejection::Status)
        };
        let (object, old) = (convert(object)?, convert(old)?);
        review(
            hook,
            attributes,
            resource,
            object.as_deref(),
            old.as_deref(),
            mutating,
        )
    };
    match reviewed {
        Ok(patch) => Ok(Called::Yes(
            patch.filter(|p| !p.0.is_empty()).map(|p| (p, resource)),
        )),
        Err(Failure::Refused(status)) => Err(Rejection::Status(status)),
        Err(Failure::Call(CallError(reason))) => {
            let error = format!("failed calling webhook {:?}: {reason}", hook.name);
            if hook.failure_policy == Some("Ignore") {
                tracing::warn!(
                    "Failed calling webhook, failing open {}: {error}",
                    hook.name
                );
                return Ok(Called::Yes(None));
            }
            tracing::warn!(
                "Failed calling webhook, failing closed {}: {error}",
                hook.name
            );
            Err(Rejection::Status(ApiError::internal(error)))
        }
    }
}

/// `ShouldCallHook`: the resource the webhook is called for (the written
/// one when a rule matches it; under `matchPolicy: Equivalent`, else,
/// the first equivalent resource a rule matches, rules in order), when
/// the namespace selector and the object selector match too (upstream
/// looks at the selectors first, but reports their errors only when a
/// rule matches).
///
/// Errors: the request's namespace does not exist (404) or cannot be read
/// (500).
fn matches<'a>(
    hook: &WebhookAccessor<'_>,
    attributes: &Attributes<'a>,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
) -> Result<Option<&'a ResourceInfo>, Rejection> {
    let exact = hook
        .rules
        .iter()
        .any(|rule| rule_matches(rule, attributes.resource, attributes))
        .then_some(attributes.resource);
    let Some(resource) = exact.or_else(|| {
        if hook.match_policy != Some("Equivalent") {
            return None;
        }
        let equivalents = attributes.equivalent_resources();
        hook.rules.iter().find_map(|rule| {
            equivalents
                .iter()
                .copied()
                .find(|resource| rule_matches(rule, resource, attributes))
        })
    }) else {
        return Ok(None);
    };
    if let Some(selector) = hook.namespace_selector.filter(|s| !is_empty(s))
        && let Some(labels) = namespace_labels(attributes, object, old)?
        && !runtime::selector::selects(selector, &labels)
    {
        return Ok(None);
    }
    if let Some(selector) = hook.object_selector.filter(|s| !is_empty(s)) {
        let selects = |o: Option<&dyn Object>| {
            o.is_some_and(|o| runtime::selector::selects(selector, &o.metadata().labels))
        };
        return Ok((selects(object) || selects(old)).then_some(resource));
    }
    Ok(Some(resource))
}

/// Whether `rule` matches the request as made to `resource`
/// (`rules.Matcher`).
fn rule_matches(
    rule: &RuleWithOperations,
    resource: &ResourceInfo,
    attributes: &Attributes<'_>,
) -> bool {
    let namespaced = resource.namespaced && !is_namespaces(resource);
    let operation = attributes.operation.as_str();
    let subresource = attributes.subresource.unwrap_or("");
    let exact_or_wildcard =
        |items: &[String], wanted: &str| items.iter().any(|i| i == "*" || i == wanted);
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
}

/// Sends the review of the request made to `resource` (the objects in its
/// version) and reads the answer: a mutating webhook's patch, if any.
fn review(
    hook: &WebhookAccessor<'_>,
    attributes: &Attributes<'_>,
    resource: &ResourceInfo,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
    mutating: bool,
) -> Result<Option<json_patch::Patch>, Failure> {
    let call_error = |reason: String| Failure::Call(CallError(reason));
    let version = hook
        .admission_review_versions
        .iter()
        .find(|v| ACCEPTED_ADMISSION_REVIEW_VERSIONS.contains(&v.as_str()))
        .ok_or_else(|| {
            call_error(
                "could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)"
                    .into(),
            )
        })?;
    let uid = uuid::Uuid::new_v4().to_string();
    let body = review_request(attributes, resource, object, old, version, &uid)
        .map_err(|e| call_error(format!("could not create admission objects: {e}")))?;
    let timeout_seconds = hook.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS);
    let timeout = Duration::from_secs(u64::try_from(timeout_seconds.max(1)).unwrap_or(1));
    let bytes = client::post(&hook.url(), &hook.client_config.ca_bundle, timeout, body)
        .map_err(Failure::Call)?;
    let answer: Value = serde_json::from_slice(&bytes)
        .map_err(|e| call_error(format!("failed to call webhook: {e}")))?;
    let response = verify_response(&answer, version, &uid, mutating)
        .map_err(|e| call_error(format!("received invalid webhook response: {e}")))?;
    for warning in &response.warnings {
        attributes.warn(*warning);
    }
    if !response.allowed {
        return Err(Failure::Refused(denied(hook.name, response.status)));
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

/// The labels the namespace selector judges (`GetNamespaceLabels`): the
/// Namespace's own for its create or update (the stored one's for a
/// delete or a subresource), its namespace's for a namespaced object;
/// `None` for other cluster-scoped objects, which every namespace
/// selector matches.
///
/// Errors: the namespace does not exist (404, as upstream answers it) or
/// cannot be read (500).
fn namespace_labels(
    attributes: &Attributes<'_>,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
) -> Result<Option<BTreeMap<String, String>>, Rejection> {
    if is_namespaces(attributes.resource) {
        let own = match (attributes.subresource, attributes.operation) {
            (None, Operation::Create | Operation::Update) => object,
            _ => old,
        };
        return Ok(Some(
            own.map(|o| o.metadata().labels.clone()).unwrap_or_default(),
        ));
    }
    let Some(namespace) = attributes.namespace else {
        return Ok(None);
    };
    match attributes
        .get(("", "v1", "namespaces"), None, namespace)
        .map_err(Rejection::Status)?
    {
        Some(found) => Ok(Some(found.metadata().labels.clone())),
        None => Err(Rejection::Status(ApiError::namespace_not_found(namespace))),
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
    let gvk = |r: &ResourceInfo| json!({"group": r.group, "version": r.version, "kind": r.kind});
    let gvr =
        |r: &ResourceInfo| json!({"group": r.group, "version": r.version, "resource": r.plural});
    let mut request = Map::new();
    request.insert("uid".into(), json!(uid));
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

/// Applies a mutating webhook's JSON patch, made for the object in the
/// version of `resource`, to `object`, which becomes the patched JSON
/// read again through that version's kind (and defaulted), converted back
/// to its own version when that is another.
///
/// Returns whether the object changed.
///
/// Errors: a patch that does not apply, or makes no object of the kind
/// (500 whatever the failure policy, as upstream answers both).
fn apply_patch(
    attributes: &Attributes<'_>,
    object: &mut dyn Object,
    patch: &json_patch::Patch,
    resource: &ResourceInfo,
) -> Result<bool, Rejection> {
    let internal = |e: String| Rejection::Status(ApiError::internal(e));
    let own = std::ptr::eq(resource, attributes.resource);
    let mut value = if own {
        object.to_value()
    } else {
        attributes
            .convert(object, resource)
            .map_err(Rejection::Status)?
            .to_value()
    }
    .map_err(internal)?;
    json_patch::patch(&mut value, patch).map_err(|e| internal(e.to_string()))?;
    let mut patched = attributes
        .read_object(&value, resource)
        .map_err(Rejection::Status)?;
    if !own {
        patched = attributes
            .convert(patched.as_ref(), attributes.resource)
            .map_err(Rejection::Status)?;
    }
    if object.equals(patched.as_ref()) {
        return Ok(false);
    }
    if !object.assign(patched.as_ref()) {
        return Err(internal("the patched object is of another kind".into()));
    }
    Ok(true)
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
