//! The `pods/eviction` subresource (`pkg/registry/core/pod/storage/eviction.go`):
//! `POST /api/v1/namespaces/<namespace>/pods/<name>/eviction` with a
//! `policy/v1` Eviction deletes the pod if its PodDisruptionBudget allows
//! it, and counts the disruption in the budget's status. `kubectl drain`
//! evicts through it when discovery lists it, as do kube-rs's
//! `Api::<Pod>::evict` and client-go's `EvictV1`.
//!
//! - A pod that is `Pending`, `Succeeded`, `Failed` or already being
//!   deleted is deleted without looking at budgets (a pending one on the
//!   condition that it has not changed since it was read).
//! - Otherwise the pod's budget (at most one may select it: more is
//!   upstream's 500) must allow a disruption: the disruption controller
//!   must have seen its latest generation and counted `disruptionsAllowed`
//!   above 0, else 429 `TooManyRequests` with a `DisruptionBudget` cause.
//!   The eviction takes one disruption and records the pod in
//!   `status.disruptedPods`. No disruption controller runs in this
//!   server: a budget's status is what its writer (a test, a controller)
//!   last set, so a budget nothing has written refuses every eviction, as
//!   a fresh one does in kube-apiserver until the controller catches up.
//! - A pod that is not ready is deleted without taking a disruption when
//!   its budget's policy is `AlwaysAllow`, or when the budget has as many
//!   healthy pods as it needs.
//! - The deleted pod first gets the `DisruptionTarget` condition
//!   (`EvictionByEvictionAPI`), then is deleted with the eviction's
//!   `deleteOptions` (grace period, preconditions, dry run); the answer is
//!   a success Status (201).

use apis::core::v1::{Pod, PodCondition};
use apis::policy::v1::{Eviction, PodDisruptionBudget};
use runtime::meta::{CauseType, Condition, DeleteOptions, Preconditions, StatusReason, Time};
use server::status::{ApiError, Cause};
use server::subresource::{Body, CreateSubresource, Created, SubresourceRequest};

use crate::PODS;

/// The PodDisruptionBudgets resource.
const BUDGETS: (&str, &str, &str) = ("policy", "v1", "poddisruptionbudgets");

/// How often a write that meets a concurrent one is tried, at once
/// (upstream's `EvictionsRetry` tries 20 times, 500 ms apart, and then
/// answers with the last conflict, as this does).
const ATTEMPTS: usize = 5;

/// `MaxDisruptedPodSize`: evictions a budget may hold before its
/// controller has seen them.
const MAX_DISRUPTED_PODS: usize = 2000;

/// The `pods/eviction` subresource; see the module documentation.
pub struct PodEviction;

impl CreateSubresource for PodEviction {
    fn resource(&self) -> (&'static str, &'static str) {
        ("", "pods")
    }

    fn name(&self) -> &'static str {
        "eviction"
    }

    fn kind(&self) -> (&'static str, &'static str, &'static str) {
        ("policy", "v1", "Eviction")
    }

    fn create(
        &self,
        request: &SubresourceRequest<'_>,
        body: Body<'_>,
    ) -> Result<Created, ApiError> {
        self.evict(request, body).map(|()| Created::Status)
    }
}

impl PodEviction {
    /// Evicts the pod `request.name` as the module documentation says.
    fn evict(&self, request: &SubresourceRequest<'_>, body: Body<'_>) -> Result<(), ApiError> {
        let eviction: Eviction = crate::decode_body(body, request.content_type, "Eviction")?;
        request.check_namespace(&eviction.metadata)?;
        if eviction.metadata.name.as_deref() != Some(request.name) {
            return Err(ApiError::bad_request(
                "name in URL does not match name in Eviction object",
            ));
        }
        let options = propagate_dry_run(eviction.delete_options, request.dry_run)?;
        // `resourceVersionIsUnset`: only a missing version is unset.
        let client_sets_version = options
            .preconditions
            .as_ref()
            .is_some_and(|p| p.resource_version.is_some());
        // The pods whose budgets do not count, deleted at once; retried
        // when the pod changes between the read and the delete, unless the
        // client named the version itself.
        let mut attempt = 0;
        let pod = loop {
            attempt += 1;
            let pod = read_pod(request)?;
            if !ignores_budgets(&pod) {
                break pod;
            }
            let mut delete = options.clone();
            if enforces_resource_version(&pod) && !client_sets_version {
                set_resource_version(&mut delete, &pod);
            }
            match add_condition_and_delete(request, delete) {
                Err(e) if e.code == 409 && !client_sets_version && attempt < ATTEMPTS => continue,
                result => return result,
            }
        };
        let namespace = request.namespace;
        let budgets: Vec<PodDisruptionBudget> = request
            .list(BUDGETS, namespace)?
            .into_iter()
            .filter_map(|o| o.as_any().downcast_ref::<PodDisruptionBudget>().cloned())
            .filter(|b| selects(b, &pod))
            .collect();
        let budget = match budgets.as_slice() {
            [] => None,
            [budget] => Some(budget.clone()),
            _ => {
                return Err(ApiError::new(
                    500,
                    StatusReason::Unknown,
                    "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.",
                ));
            }
        };
        if let Some(budget) = budget {
            let name = budget.metadata.name.clone().unwrap_or_default();
            let unhealthy_allowed = !is_ready(&pod) && unhealthy_pod_may_go(&budget);
            if !unhealthy_allowed {
                take_disruption(request, budget, &pod, !options.dry_run.is_empty())?;
            }
            let mut delete = options.clone();
            if unhealthy_allowed {
                // The pod must not have become ready since it was judged.
                set_resource_version(&mut delete, &pod);
            }
            return match add_condition_and_delete(request, delete) {
                Err(e) if e.code == 409 && unhealthy_allowed && !client_sets_version => {
                    Err(still_processed(&name))
                }
                result => result,
            };
        }
        add_condition_and_delete(request, options)
    }
}

/// `propagateDryRun`: the eviction's delete options, with the request's
/// `dryRun` when the options have none.
///
/// Errors: 500 when both ask differently.
fn propagate_dry_run(
    options: Option<DeleteOptions>,
    query_dry_run: bool,
) -> Result<DeleteOptions, ApiError> {
    let query: Vec<String> = if query_dry_run {
        vec!["All".into()]
    } else {
        Vec::new()
    };
    let mut options = options.unwrap_or_default();
    if options.dry_run.is_empty() {
        options.dry_run = query;
    } else if !query.is_empty() && options.dry_run != query {
        // A plain error upstream: 500, no reason.
        return Err(ApiError::new(
            500,
            StatusReason::Unknown,
            format!(
                "Non-matching dry-run options in request and content: [{}] and [{}]",
                query.join(" "),
                options.dry_run.join(" ")
            ),
        ));
    }
    Ok(options)
}

fn read_pod(request: &SubresourceRequest<'_>) -> Result<Pod, ApiError> {
    let object = request.get(PODS, request.namespace, request.name)?;
    object
        .as_any()
        .downcast_ref::<Pod>()
        .cloned()
        .ok_or_else(|| ApiError::internal("the stored pod is not a Pod"))
}

/// `canIgnorePDB`: a pod that is pending, finished or being deleted
/// disrupts nothing more by going.
fn ignores_budgets(pod: &Pod) -> bool {
    matches!(
        pod.status.phase.as_str(),
        "Succeeded" | "Failed" | "Pending"
    ) || pod.metadata.deletion_timestamp.is_some()
}

/// `shouldEnforceResourceVersion`: a pod that could still become ready
/// is deleted only as it was read.
fn enforces_resource_version(pod: &Pod) -> bool {
    !matches!(pod.status.phase.as_str(), "Succeeded" | "Failed")
        && pod.metadata.deletion_timestamp.is_none()
}

fn set_resource_version(options: &mut DeleteOptions, pod: &Pod) {
    options
        .preconditions
        .get_or_insert_with(Preconditions::default)
        .resource_version
        .clone_from(&pod.metadata.resource_version);
}

/// Whether `budget` guards `pod`: the pod's namespace, and a selector that
/// selects it (`LabelSelectorAsSelector`: a missing selector selects
/// nothing, an empty one every pod of the namespace).
fn selects(budget: &PodDisruptionBudget, pod: &Pod) -> bool {
    budget.metadata.namespace == pod.metadata.namespace
        && budget
            .spec
            .selector
            .as_ref()
            .is_some_and(|s| runtime::selector::selects(s, &pod.metadata.labels))
}

/// `podutil.IsPodReady`: the (first) `Ready` condition is `True`.
fn is_ready(pod: &Pod) -> bool {
    pod.status
        .conditions
        .iter()
        .find(|c| c.r#type == "Ready")
        .is_some_and(|c| c.status == "True")
}

/// Whether a pod that is not ready may go without taking a disruption:
/// the budget's `AlwaysAllow` policy, or (`IfHealthyBudget`, the default)
/// a budget that has the healthy pods it needs.
fn unhealthy_pod_may_go(budget: &PodDisruptionBudget) -> bool {
    if budget.spec.unhealthy_pod_eviction_policy.as_deref() == Some("AlwaysAllow") {
        return true;
    }
    budget.status.current_healthy >= budget.status.desired_healthy
        && budget.status.desired_healthy > 0
}

/// 429 `TooManyRequests`, `Cannot evict pod as it would violate the pod's
/// disruption budget.`, with `why` as a `DisruptionBudget` cause and
/// `retry_after` seconds (none for 0).
fn too_many_requests(why: &str, retry_after: u64) -> ApiError {
    let mut e = ApiError::new(
        429,
        StatusReason::TooManyRequests,
        "Cannot evict pod as it would violate the pod's disruption budget.",
    );
    e.causes.push(Cause {
        reason: Some(CauseType::DisruptionBudget),
        message: why.to_string(),
        field: String::new(),
    });
    if retry_after > 0 {
        e.retry_after = Some(retry_after);
    }
    e
}

/// `createTooManyRequestsError`: the budget's controller has not caught
/// up; clients retry after 10 seconds.
fn still_processed(budget: &str) -> ApiError {
    too_many_requests(
        &format!("The disruption budget {budget} is still being processed by the server."),
        10,
    )
}

/// Takes one disruption from `budget` for `pod` (`checkAndDecrement`),
/// reading the budget again when its status changed under the write.
///
/// Errors: 429 when the budget allows none or its controller has not seen
/// its latest generation; 403 when too many evictions wait for the
/// controller; the last 409 when concurrent writes keep winning.
fn take_disruption(
    request: &SubresourceRequest<'_>,
    mut budget: PodDisruptionBudget,
    pod: &Pod,
    dry_run: bool,
) -> Result<(), ApiError> {
    let name = budget.metadata.name.clone().unwrap_or_default();
    let mut attempt = 0;
    loop {
        attempt += 1;
        if attempt > 1 {
            let object = request.get(BUDGETS, request.namespace, &name)?;
            budget = object
                .as_any()
                .downcast_ref::<PodDisruptionBudget>()
                .cloned()
                .ok_or_else(|| {
                    ApiError::internal("the stored budget is not a PodDisruptionBudget")
                })?;
        }
        let status = &budget.status;
        if status.observed_generation < budget.metadata.generation.unwrap_or(0) {
            return Err(still_processed(&name));
        }
        if status.disrupted_pods.len() > MAX_DISRUPTED_PODS {
            let mut e = ApiError::new(
                403,
                StatusReason::Forbidden,
                format!(
                    "poddisruptionbudget.policy \"{name}\" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller"
                ),
            );
            e.name = Some(name.clone());
            e.group = Some("policy".into());
            e.kind = Some("poddisruptionbudget".into());
            return Err(e);
        }
        if status.disruptions_allowed <= 0 {
            return Err(too_many_requests(
                &format!(
                    "The disruption budget {name} needs {} healthy pods and has {} currently",
                    status.desired_healthy, status.current_healthy
                ),
                0,
            ));
        }
        budget.status.disruptions_allowed -= 1;
        if budget.status.disruptions_allowed == 0 {
            set_disruption_allowed(&mut budget);
        }
        if dry_run {
            return Ok(());
        }
        let pod_name = pod.metadata.name.clone().unwrap_or_default();
        budget.status.disrupted_pods.insert(pod_name, Time::now());
        match request.update_status(BUDGETS, &budget) {
            Err(e) if e.code == 409 && attempt < ATTEMPTS => continue,
            result => return result.map(|_| ()),
        }
    }
}

/// `UpdateDisruptionAllowedCondition` once no disruption is left:
/// `DisruptionAllowed` `False` for `InsufficientPods`.
fn set_disruption_allowed(budget: &mut PodDisruptionBudget) {
    let observed = budget.status.observed_generation;
    let conditions = &mut budget.status.conditions;
    match conditions
        .iter_mut()
        .find(|c| c.r#type == "DisruptionAllowed")
    {
        Some(c) => {
            if c.status != "False" {
                c.status = "False".into();
                c.last_transition_time = Some(Time::now());
            }
            c.reason = "InsufficientPods".into();
            c.message = String::new();
            c.observed_generation = Some(observed);
        }
        None => conditions.push(Condition {
            r#type: "DisruptionAllowed".into(),
            status: "False".into(),
            observed_generation: Some(observed),
            last_transition_time: Some(Time::now()),
            reason: "InsufficientPods".into(),
            message: String::new(),
        }),
    }
}

/// `addConditionAndDeletePod`: unless a dry run, the pod (as stored now,
/// checked against the options' preconditions) gets the
/// `DisruptionTarget` condition through `/status`; then it is deleted with
/// `options` (whose resourceVersion precondition, if any, moves to the
/// version that write made).
fn add_condition_and_delete(
    request: &SubresourceRequest<'_>,
    mut options: DeleteOptions,
) -> Result<(), ApiError> {
    if options.dry_run.is_empty() {
        // Upstream writes the latest pod (a guaranteed update); here a pod
        // written between the read and the write is read again.
        let mut attempt = 0;
        let updated = loop {
            attempt += 1;
            let mut pod = read_pod(request)?;
            check_preconditions(&pod, options.preconditions.as_ref())?;
            set_disruption_target(&mut pod);
            match request.update_status(PODS, &pod) {
                Err(e) if e.code == 409 && attempt < ATTEMPTS => continue,
                result => break result?,
            }
        };
        if let Some(version) = options
            .preconditions
            .as_mut()
            .and_then(|p| p.resource_version.as_mut())
            .filter(|v| !v.is_empty())
        {
            version.clone_from(
                &updated
                    .metadata()
                    .resource_version
                    .clone()
                    .unwrap_or_default(),
            );
        }
    }
    request.delete(PODS, request.namespace, request.name, &options)
}

/// The options' UID and resourceVersion preconditions against the stored
/// pod, in upstream's words (a conflict on `Pod`).
fn check_preconditions(pod: &Pod, preconditions: Option<&Preconditions>) -> Result<(), ApiError> {
    let Some(p) = preconditions else {
        return Ok(());
    };
    let name = pod.metadata.name.clone().unwrap_or_default();
    let conflict = |why: String| {
        let mut e = ApiError::new(
            409,
            StatusReason::Conflict,
            format!("Operation cannot be fulfilled on Pod \"{name}\": {why}"),
        );
        e.name = Some(name.clone());
        e.kind = Some("Pod".into());
        e
    };
    let record_uid = pod.metadata.uid.clone().unwrap_or_default();
    if let Some(uid) = p.uid.as_deref().filter(|u| !u.is_empty())
        && uid != record_uid
    {
        return Err(conflict(format!(
            "the UID in the precondition ({uid}) does not match the UID in record ({record_uid}). The object might have been deleted and then recreated"
        )));
    }
    let record_version = pod.metadata.resource_version.clone().unwrap_or_default();
    if let Some(version) = p.resource_version.as_deref().filter(|v| !v.is_empty())
        && version != record_version
    {
        return Err(conflict(format!(
            "the ResourceVersion in the precondition ({version}) does not match the ResourceVersion in record ({record_version}). The object might have been modified"
        )));
    }
    Ok(())
}

/// `podutil.UpdatePodCondition` with `DisruptionTarget`: `True`,
/// `EvictionByEvictionAPI`, `Eviction API: evicting`.
fn set_disruption_target(pod: &mut Pod) {
    pod.status.update_condition(PodCondition {
        r#type: "DisruptionTarget".into(),
        status: "True".into(),
        reason: "EvictionByEvictionAPI".into(),
        message: "Eviction API: evicting".into(),
        ..PodCondition::default()
    });
}
