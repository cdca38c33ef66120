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
//! - a webhook with match conditions (`matchConditions`, CEL) is called
//!   only when none of them is false, over the request and the objects in
//!   the version its rules matched; when none is false but some fail to
//!   evaluate, `failurePolicy: Fail` refuses the request (403, the
//!   failures' reason) and `Ignore` skips the webhook (see
//!   [`apis::admissionregistration::conditions`] for what the expressions
//!   can use here);
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
//! Also as upstream: a mutating webhook with `reinvocationPolicy:
//! IfNeeded` is called once more when a later webhook changed the object
//! after it (the mutating plugins then run a second time, as upstream's
//! reinvoker runs them), or another plugin did on that second run; the
//! validating webhooks of a write are matched first, then called at once.
//!
//! Unlike upstream (see also the README): when several validating
//! webhooks refuse, the first in their order is the answer (upstream's is
//! the first to arrive); `/scale` writes and the create subresources go
//! through no admission; a refusal carries its own phase's warnings
//! only; a webhook named by `service` is called at
//! `https://<name>.<namespace>.svc:<port><path>`, which resolves only
//! where the host can (no cluster DNS or proxy here); and only the CA
//! bundle is trusted (an empty one trusts nothing).

mod client;
mod review;

use std::collections::{BTreeMap, BTreeSet};

use apis::admissionregistration::WebhookAccessor;
use apis::admissionregistration::conditions::{self, Matched};
use apis::admissionregistration::v1::{
    MutatingWebhookConfiguration, RuleWithOperations, ValidatingWebhookConfiguration,
};
use runtime::meta::LabelSelector;
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use server::admission::{
    AdmissionPlugin, Attributes, MutatingAdmission, Operation, Rejection, ValidatingAdmission,
};
use server::status::ApiError;

use self::client::CallError;
use self::review::{Failure, Prepared, Sent};

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
                let Some((review, resource)) =
                    prepare(hook, attributes, object.as_deref(), old, &may_call)?
                else {
                    return Ok(());
                };
                let answer = judge(review.send(), ignores_failure(hook), attributes, true)?;
                if let Some(patch) = answer {
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
        let mut prepared = Vec::new();
        each_webhook(
            attributes,
            "validatingwebhookconfigurations",
            |c: &ValidatingWebhookConfiguration| {
                c.webhooks.iter().map(WebhookAccessor::from).collect()
            },
            |_, hook| {
                if let Some((review, _)) = prepare(hook, attributes, object, old, &|| true)? {
                    prepared.push((review, ignores_failure(hook)));
                }
                Ok(())
            },
        )?;
        // Every webhook is matched and its review made before any is
        // called (an error there calls none: upstream finds its
        // invocations first); every review is sent before any answer is
        // waited for (upstream calls them in parallel); every answer is
        // read, for its warnings; the first refusal in the webhooks'
        // order is the answer (upstream's: the first to arrive).
        let sent: Vec<_> = prepared
            .into_iter()
            .map(|(review, ignore): (Prepared, bool)| (review.send(), ignore))
            .collect();
        let mut refusal = None;
        for (review, ignore) in sent {
            if let Err(refused) = judge(review, ignore, attributes, false) {
                refusal.get_or_insert(refused);
            }
        }
        refusal.map_or(Ok(()), Err)
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

/// The webhook's review of the request when it matches the request (its
/// rules, selectors and match conditions) and `may_call` says so, made
/// with the object and the old one in the version its rules matched
/// (`resource`, returned beside the review).
///
/// Errors: a dry run sent to a webhook with side effects (400); a
/// namespace that cannot be read; an object that does not convert; match
/// conditions that fail under `failurePolicy: Fail` (403).
fn prepare<'a>(
    hook: &WebhookAccessor<'_>,
    attributes: &Attributes<'a>,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
    may_call: &dyn Fn() -> bool,
) -> Result<Option<(Prepared, &'a ResourceInfo)>, Rejection> {
    let Some(resource) = matches(hook, attributes, object, old)? else {
        return Ok(None);
    };
    // The objects in the version the rules matched (upstream's versioned
    // attributes), made when first needed: by the match conditions, else
    // by the review.
    let converts = !std::ptr::eq(resource, attributes.resource);
    let mut converted = None;
    if !hook.match_conditions.is_empty() {
        if converts {
            converted = Some(convert(attributes, resource, object, old)?);
        }
        let (object, old) = versioned(&converted, object, old);
        if !conditions_match(hook, attributes, resource, object, old)? {
            return Ok(None);
        }
    }
    if !may_call() {
        return Ok(None);
    }
    if attributes.dry_run && !matches!(hook.side_effects, Some("None" | "NoneOnDryRun")) {
        return Err(Rejection::Status(ApiError::bad_request(format!(
            "admission webhook {:?} does not support dry run",
            hook.name
        ))));
    }
    if converts && converted.is_none() {
        converted = Some(convert(attributes, resource, object, old)?);
    }
    let (object, old) = versioned(&converted, object, old);
    let prepared = review::prepare(hook, attributes, resource, object, old);
    Ok(Some((prepared, resource)))
}

/// An object and an old one converted to `resource`'s version.
type Converted = (Option<Box<dyn Object>>, Option<Box<dyn Object>>);

/// `object` and `old` converted to `resource`'s version.
///
/// Errors: an object that does not convert.
fn convert(
    attributes: &Attributes<'_>,
    resource: &ResourceInfo,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
) -> Result<Converted, Rejection> {
    let convert = |o: Option<&dyn Object>| {
        o.map(|o| attributes.convert(o, resource))
            .transpose()
            .map_err(Rejection::Status)
    };
    Ok((convert(object)?, convert(old)?))
}

/// The objects a webhook sees: `converted` when they were, else as
/// written.
fn versioned<'a>(
    converted: &'a Option<Converted>,
    object: Option<&'a dyn Object>,
    old: Option<&'a dyn Object>,
) -> (Option<&'a dyn Object>, Option<&'a dyn Object>) {
    match converted {
        Some((object, old)) => (object.as_deref(), old.as_deref()),
        None => (object, old),
    }
}

/// Whether `hook`'s match conditions let it be called (see
/// [`apis::admissionregistration::conditions`]): none is false, and none
/// failed, or the failures are ignored (`failurePolicy: Ignore`, which
/// skips the webhook).
///
/// Errors: failures under `failurePolicy: Fail`, as upstream's
/// `ShouldCallHook` answers them: 403, the request's resource and name
/// forbidden for the failures' reason; an object that cannot be written as
/// JSON (500).
fn conditions_match(
    hook: &WebhookAccessor<'_>,
    attributes: &Attributes<'_>,
    resource: &ResourceInfo,
    object: Option<&dyn Object>,
    old: Option<&dyn Object>,
) -> Result<bool, Rejection> {
    let value = |o: Option<&dyn Object>| {
        o.map(|o| o.to_value())
            .transpose()
            .map_err(|e| Rejection::Status(ApiError::internal(e)))
    };
    let (object, old) = (value(object)?, value(old)?);
    let request = review::condition_request(attributes, resource);
    // The evaluation may take long over a large object (there is no cost
    // budget): the worker's other tasks go on meanwhile.
    let matched = server::blocking::block_in_place(|| {
        conditions::evaluate(
            hook.match_conditions,
            object.as_ref(),
            old.as_ref(),
            &request,
        )
    });
    match matched {
        Matched::Yes => Ok(true),
        Matched::No { .. } => Ok(false),
        Matched::Failed(why) if ignores_failure(hook) => {
            tracing::warn!(
                "Failed evaluating match conditions, failing open {}: {why}",
                hook.name
            );
            Ok(false)
        }
        Matched::Failed(why) => {
            tracing::warn!(
                "Failed evaluating match conditions, failing closed {}: {why}",
                hook.name
            );
            Err(Rejection::Status(ApiError::forbidden(
                attributes.resource,
                attributes.name,
                &why,
            )))
        }
    }
}

/// Reads the answer of a review `sent` to a webhook whose failure policy
/// is `Ignore` when `ignore`: a mutating webhook's non-empty JSON patch;
/// none when it allows without one, or its call failed and that is
/// ignored.
///
/// Errors: the webhook's refusal; a failed call under `Fail` (500).
fn judge(
    sent: Sent,
    ignore: bool,
    attributes: &Attributes<'_>,
    mutating: bool,
) -> Result<Option<json_patch::Patch>, Rejection> {
    let name = sent.name().to_owned();
    match sent.answer(attributes, mutating) {
        Ok(patch) => Ok(patch.filter(|p| !p.0.is_empty())),
        Err(Failure::Refused(status)) => Err(Rejection::Status(status)),
        Err(Failure::Call(CallError(reason))) => {
            let error = format!("failed calling webhook {name:?}: {reason}");
            if ignore {
                tracing::warn!("Failed calling webhook, failing open {name}: {error}");
                return Ok(None);
            }
            tracing::warn!("Failed calling webhook, failing closed {name}: {error}");
            Err(Rejection::Status(ApiError::internal(error)))
        }
    }
}

/// Whether a failed call of `hook` is ignored (`failurePolicy: Ignore`).
fn ignores_failure(hook: &WebhookAccessor<'_>) -> bool {
    hook.failure_policy == Some("Ignore")
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
    server::patch::json::apply(&mut value, patch).map_err(|e| internal(e.to_string()))?;
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
