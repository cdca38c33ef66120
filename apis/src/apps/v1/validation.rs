// Hand-written validation of apps/v1 beside the generated one: upstream's
// `ValidateDeploymentSpec`, `ValidateReplicaSetSpec` and `ValidateDaemonSetSpec`
// (`pkg/apis/apps/validation/validation.go`), with
// its messages. Not ratcheted, as upstream checks the whole new spec.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::selector::selects;
use runtime::validate::{
    Context, ValidateExtra, immutable_field, label_selector, label_selector_converts, names,
};

use runtime::meta::{IntOrString, LabelSelector};

use super::{
    ControllerRevision, DaemonSetSpec, DaemonSetUpdateStrategy, DeploymentSpec, DeploymentStrategy,
    ReplicaSetSpec, ReplicaSetStatus, StatefulSetSpec, StatefulSetUpdateStrategy,
};
use crate::core::v1::{PodSpec, PodTemplateSpec};

impl ValidateExtra for DeploymentSpec {
    /// `ValidateDeploymentSpec`'s rules before the pod template's:
    /// [`replicas_and_selector_errors`].
    fn validate_extra_first(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        replicas_and_selector_errors(self.replicas, &self.selector, &self.template, path)
    }

    /// After the pod template's: [`template_restart_errors`]; a valid
    /// strategy; minReadySeconds, revisionHistoryLimit and
    /// progressDeadlineSeconds not negative, the deadline above
    /// minReadySeconds; on update, an immutable selector.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = template_restart_errors(&self.template, path);
        errs.extend(validate_strategy(&self.strategy, &path.child("strategy")));
        let nonnegative = |errs: &mut ErrorList, name: &'static str, value: i32| {
            if value < 0 {
                errs.push(Error::invalid(
                    &path.child(name),
                    BadValue::Int(value.into()),
                    NEGATIVE,
                ));
            }
        };
        nonnegative(&mut errs, "minReadySeconds", self.min_ready_seconds);
        if let Some(limit) = self.revision_history_limit {
            nonnegative(&mut errs, "revisionHistoryLimit", limit);
        }
        if let Some(deadline) = self.progress_deadline_seconds {
            nonnegative(&mut errs, "progressDeadlineSeconds", deadline);
            if deadline <= self.min_ready_seconds {
                errs.push(Error::invalid(
                    &path.child("progressDeadlineSeconds"),
                    BadValue::Int(deadline.into()),
                    "must be greater than minReadySeconds",
                ));
            }
        }
        // The strategies' `ValidateUpdate` for apps/v1: the selector never
        // changes.
        if let Some(old) = old {
            errs.extend(immutable_field(
                &path.child("selector"),
                &self.selector,
                &old.selector,
            ));
        }
        errs
    }
}

impl ValidateExtra for ReplicaSetStatus {
    /// `ValidateReplicaSetStatus`, on `/status`: the rules of a
    /// ReplicationController's status.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        crate::core::v1::replica_counts_errors(
            crate::core::v1::ReplicaCounts {
                replicas: self.replicas,
                fully_labeled: self.fully_labeled_replicas,
                ready: self.ready_replicas,
                available: self.available_replicas,
                observed_generation: self.observed_generation,
            },
            path,
        )
    }
}

impl ValidateExtra for ReplicaSetSpec {
    /// `ValidateReplicaSetSpec`'s rules before the pod template's:
    /// replicas and minReadySeconds not negative, then the selector's
    /// ([`replicas_and_selector_errors`]).
    fn validate_extra_first(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs =
            replicas_and_selector_errors(self.replicas, &self.selector, &self.template, path);
        if self.min_ready_seconds < 0 {
            let at = usize::from(self.replicas.is_some_and(|r| r < 0));
            errs.insert(
                at,
                Error::invalid(
                    &path.child("minReadySeconds"),
                    BadValue::Int(self.min_ready_seconds.into()),
                    NEGATIVE,
                ),
            );
        }
        errs
    }

    /// After the pod template's: [`template_restart_errors`]; on update,
    /// an immutable selector (`rsStrategy.ValidateUpdate`).
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = template_restart_errors(&self.template, path);
        // The strategies' `ValidateUpdate` for apps/v1: the selector never
        // changes.
        if let Some(old) = old {
            errs.extend(immutable_field(
                &path.child("selector"),
                &self.selector,
                &old.selector,
            ));
        }
        errs
    }
}

impl ValidateExtra for DaemonSetSpec {
    /// `ValidateDaemonSetSpec`'s first rules, before the pod template's: a
    /// selector that matches the template's labels and is not empty.
    fn validate_extra_first(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = label_selector(&self.selector, &path.child("selector"));
        errs.extend(selector_mismatch(
            &self.selector,
            &self.template,
            &path.child("template"),
        ));
        errs.extend(empty_selector(&self.selector, path, "daemonset"));
        errs
    }

    /// The rest of `ValidateDaemonSetSpec`, after the pod template's: pods
    /// that restart `Always` and have no active deadline; minReadySeconds
    /// and revisionHistoryLimit not negative; a valid update strategy; on
    /// update, an immutable selector (`ValidateDaemonSetUpdate`).
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        let template_path = path.child("template");
        let spec = &self.template.spec;
        errs.extend(restarts_always(spec, &template_path));
        if spec.active_deadline_seconds.is_some() {
            errs.push(Error::forbidden(
                &template_path.child("spec").child("activeDeadlineSeconds"),
                "activeDeadlineSeconds in DaemonSet is not Supported",
            ));
        }
        if self.min_ready_seconds < 0 {
            errs.push(Error::invalid(
                &path.child("minReadySeconds"),
                BadValue::Int(self.min_ready_seconds.into()),
                NEGATIVE,
            ));
        }
        errs.extend(validate_daemon_set_strategy(
            &self.update_strategy,
            &path.child("updateStrategy"),
        ));
        if let Some(limit) = self.revision_history_limit
            && limit < 0
        {
            errs.push(Error::invalid(
                &path.child("revisionHistoryLimit"),
                BadValue::Int(limit.into()),
                NEGATIVE,
            ));
        }
        if let Some(old) = old {
            errs.extend(immutable_field(
                &path.child("selector"),
                &self.selector,
                &old.selector,
            ));
        }
        errs
    }
}

impl ValidateExtra for StatefulSetSpec {
    /// `ValidateStatefulSetSpec`: the pod management policy, the update
    /// strategy, the claim retention policy, counts not negative, a
    /// selector that is not empty and matches the template's labels, pods
    /// that restart `Always` without an active deadline, a valid pod
    /// template; on update (`ValidateStatefulSetUpdate`), nothing but the
    /// replicas, ordinals, template, update strategy, revision history
    /// limit, claim retention policy and minReadySeconds changes.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        let policy = path.child("podManagementPolicy");
        match self.pod_management_policy.as_str() {
            "" => errs.push(Error::required(&policy, "")),
            "OrderedReady" | "Parallel" => {}
            other => errs.push(Error::invalid(
                &policy,
                BadValue::Str(other.to_string()),
                "must be 'OrderedReady' or 'Parallel'",
            )),
        }
        errs.extend(validate_stateful_set_strategy(
            &self.update_strategy,
            &path.child("updateStrategy"),
        ));
        if let Some(retention) = &self.persistent_volume_claim_retention_policy {
            let at = path.child("persistentVolumeClaimRetentionPolicy");
            for (name, value) in [
                ("whenDeleted", &retention.when_deleted),
                ("whenScaled", &retention.when_scaled),
            ] {
                if value != "Retain" && value != "Delete" {
                    errs.push(Error::not_supported(
                        &at.child(name),
                        BadValue::Str(value.clone()),
                        &["Retain", "Delete"],
                    ));
                }
            }
        }
        // validateVolumeClaimTemplates, on create only: an update may not
        // change them at all (below).
        if old.is_none() {
            let templates = path.child("volumeClaimTemplates");
            for (i, claim) in self.volume_claim_templates.iter().enumerate() {
                let at = templates.index(i);
                errs.extend(crate::core::v1::claim_spec_errors(
                    &claim.spec,
                    &at.child("spec"),
                ));
            }
        }
        for (at, value) in [
            (path.child("replicas"), self.replicas.unwrap_or(0)),
            (path.child("minReadySeconds"), self.min_ready_seconds),
            // Upstream names the child `ordinals.start` in one step.
            (
                path.child("ordinals.start"),
                self.ordinals.as_ref().map_or(0, |o| o.start),
            ),
        ] {
            if value < 0 {
                errs.push(Error::invalid(&at, BadValue::Int(value.into()), NEGATIVE));
            }
        }
        // A created set's service name makes its pods' DNS names (an update
        // tolerates an old invalid one: the field never changes).
        if old.is_none() && !self.service_name.is_empty() {
            errs.extend(Error::invalid_each(
                &path.child("serviceName"),
                &self.service_name,
                names::dns1123_label(&self.service_name),
            ));
        }
        errs.extend(label_selector(&self.selector, &path.child("selector")));
        errs.extend(empty_selector(&self.selector, path, "statefulset"));
        let template_path = path.child("template");
        if !label_selector_converts(&self.selector) {
            // `LabelSelectorAsSelector` failed: upstream's detail is empty.
            errs.push(Error::invalid(
                &path.child("selector"),
                BadValue::json_of(&self.selector),
                "",
            ));
        }
        errs.extend(selector_mismatch(
            &self.selector,
            &self.template,
            &template_path,
        ));
        // The pod template as upstream validates it: a volume for each
        // claim template first (`volumesToAddForTemplates`, one per name),
        // then the template's own volumes but those a claim shadows, so
        // that mounts of the claims are found and the template's volumes
        // are reported at the indexes upstream reports them.
        let mut template = self.template.clone();
        let mut volumes: Vec<crate::core::v1::Volume> = Vec::new();
        for claim in &self.volume_claim_templates {
            let name = claim.metadata.name.clone().unwrap_or_default();
            if volumes.iter().any(|v| v.name == name) {
                continue;
            }
            volumes.push(crate::core::v1::Volume {
                name: name.clone(),
                volume_source: crate::core::v1::VolumeSource {
                    persistent_volume_claim: Some(Box::new(
                        crate::core::v1::PersistentVolumeClaimVolumeSource {
                            claim_name: name,
                            ..Default::default()
                        },
                    )),
                    ..Default::default()
                },
            });
        }
        let own: Vec<crate::core::v1::Volume> = std::mem::take(&mut template.spec.volumes)
            .into_iter()
            .filter(|v| !volumes.iter().any(|c| c.name == v.name))
            .collect();
        volumes.extend(own);
        template.spec.volumes = volumes;
        // Upstream validates the template only when the selector converts.
        let old_template = old.map(|o| &o.template);
        if old_template != Some(&self.template) && label_selector_converts(&self.selector) {
            errs.extend(runtime::validate::Validate::validate(
                &template,
                &template_path,
                ctx,
            ));
        }
        // After the template's errors (`ValidatePodTemplateSpecForStatefulSet`).
        let spec = &self.template.spec;
        errs.extend(restarts_always(spec, &template_path));
        if spec.active_deadline_seconds.is_some() {
            errs.push(Error::forbidden(
                &template_path.child("spec").child("activeDeadlineSeconds"),
                "activeDeadlineSeconds in StatefulSet is not Supported",
            ));
        }
        if let Some(old) = old {
            let mut unchanged = self.clone();
            unchanged.replicas = old.replicas;
            unchanged.ordinals = old.ordinals.clone();
            unchanged.template = old.template.clone();
            unchanged.update_strategy = old.update_strategy.clone();
            unchanged.revision_history_limit = old.revision_history_limit;
            unchanged.persistent_volume_claim_retention_policy =
                old.persistent_volume_claim_retention_policy.clone();
            unchanged.min_ready_seconds = old.min_ready_seconds;
            if &unchanged != old {
                errs.push(Error::forbidden(
                    path,
                    "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
                ));
            }
        }
        errs
    }
}

/// The update strategy of `ValidateStatefulSetSpec` and
/// `validateRollingUpdateStatefulSet`.
fn validate_stateful_set_strategy(strategy: &StatefulSetUpdateStrategy, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    // The internal `apps.RollingUpdateStatefulSetStrategy` as JSON.
    let internal = |update: &super::RollingUpdateStatefulSetStrategy| {
        serde_json::json!({
            "Partition": update.partition.unwrap_or(0),
            "MaxUnavailable": update.max_unavailable,
        })
    };
    match (strategy.r#type.as_str(), &strategy.rolling_update) {
        ("", _) => errs.push(Error::required(path, "")),
        ("OnDelete", None) | ("RollingUpdate", None) => {}
        ("OnDelete", Some(update)) => errs.push(Error::invalid(
            &path.child("rollingUpdate"),
            BadValue::Json(internal(update)),
            "only allowed for updateStrategy 'RollingUpdate'",
        )),
        ("RollingUpdate", Some(update)) => {
            let rolling_update = path.child("rollingUpdate");
            if let Some(partition) = update.partition
                && partition < 0
            {
                errs.push(Error::invalid(
                    &rolling_update.child("partition"),
                    BadValue::Int(partition.into()),
                    NEGATIVE,
                ));
            }
            if let Some(unavailable) = &update.max_unavailable {
                let at = rolling_update.child("maxUnavailable");
                errs.extend(positive_int_or_percent(unavailable, &at));
                if int_or_percent(unavailable).0 == 0 {
                    errs.push(Error::invalid(
                        &at,
                        BadValue::json_of(unavailable),
                        "cannot be 0",
                    ));
                }
                errs.extend(not_more_than_100_percent(unavailable, &at));
            }
        }
        (other, update) => errs.push(Error::invalid(
            path,
            BadValue::Json(serde_json::json!({
                "Type": other,
                "RollingUpdate": update.as_ref().map(internal),
            })),
            "must be 'RollingUpdate' or 'OnDelete'",
        )),
    }
    errs
}

impl ValidateExtra for ControllerRevision {
    /// `ValidateControllerRevisionCreate` and
    /// `ValidateControllerRevisionUpdate`: a revision not negative; on
    /// create, data that is a JSON object; on update, the same data.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        if self.revision < 0 {
            errs.push(Error::invalid(
                &path.child("revision"),
                BadValue::Int(self.revision),
                NEGATIVE,
            ));
        }
        let data = path.child("data");
        match old {
            Some(old) => errs.extend(immutable_field(&data, &self.data, &old.data)),
            None => match self.data.as_ref().map(|d| &d.0) {
                None | Some(serde_json::Value::Null) => {
                    errs.push(Error::required(&data, "data is mandatory"));
                }
                Some(serde_json::Value::Object(_)) => {}
                Some(other) => errs.push(Error::invalid(
                    &data,
                    BadValue::Str("<value omitted>".into()),
                    &format!(
                        "error parsing data: json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
                        runtime::go::json_type_name(other)
                    ),
                )),
            },
        }
        errs
    }
}

/// `ValidateDaemonSetUpdateStrategy` and `ValidateRollingUpdateDaemonSet`:
/// `RollingUpdate` (with its parameters) or `OnDelete`; counts or
/// percentages of at most 100%, exactly one of them not zero.
fn validate_daemon_set_strategy(strategy: &DaemonSetUpdateStrategy, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    match (strategy.r#type.as_str(), &strategy.rolling_update) {
        ("OnDelete", _) => {}
        ("RollingUpdate", None) => {
            errs.push(Error::required(&path.child("rollingUpdate"), ""));
        }
        ("RollingUpdate", Some(update)) => {
            let zero = IntOrString::Int(0);
            let unavailable = update.max_unavailable.as_ref().unwrap_or(&zero);
            let surge = update.max_surge.as_ref().unwrap_or(&zero);
            let rolling_update = path.child("rollingUpdate");
            let (unavailable_at, surge_at) = (
                rolling_update.child("maxUnavailable"),
                rolling_update.child("maxSurge"),
            );
            errs.extend(positive_int_or_percent(unavailable, &unavailable_at));
            errs.extend(positive_int_or_percent(surge, &surge_at));
            errs.extend(not_more_than_100_percent(unavailable, &unavailable_at));
            errs.extend(not_more_than_100_percent(surge, &surge_at));
            match (
                int_or_percent(unavailable).0 != 0,
                int_or_percent(surge).0 != 0,
            ) {
                (true, true) => errs.push(Error::invalid(
                    &surge_at,
                    BadValue::json_of(surge),
                    "may not be set when maxUnavailable is non-zero",
                )),
                (false, false) => errs.push(Error::required(
                    &unavailable_at,
                    "cannot be 0 when maxSurge is 0",
                )),
                _ => {}
            }
        }
        (other, update) => errs.push(Error::not_supported(
            path,
            internal_strategy(
                other,
                update
                    .as_ref()
                    .map(|u| (u.max_unavailable.as_ref(), u.max_surge.as_ref())),
            ),
            &["RollingUpdate", "OnDelete"],
        )),
    }
    errs
}

/// The rules a Deployment's and a ReplicaSet's spec share before the pod
/// template's own (upstream's `ValidateDeploymentSpec` and
/// `ValidateReplicaSetSpec`, then `ValidatePodTemplateSpecForReplicaSet`):
/// replicas not negative; a non-empty selector that converts and matches
/// the template's labels.
fn replicas_and_selector_errors(
    replicas: Option<i32>,
    selector: &LabelSelector,
    template: &PodTemplateSpec,
    path: &Path,
) -> ErrorList {
    let mut errs = Vec::new();
    if let Some(r) = replicas
        && r < 0
    {
        errs.push(Error::invalid(
            &path.child("replicas"),
            BadValue::Int(r.into()),
            NEGATIVE,
        ));
    }
    errs.extend(label_selector(selector, &path.child("selector")));
    errs.extend(empty_selector(selector, path, "deployment"));
    if !label_selector_converts(selector) {
        errs.push(Error::invalid(
            &path.child("selector"),
            BadValue::json_of(selector),
            "invalid label selector",
        ));
    }
    errs.extend(selector_mismatch(
        selector,
        template,
        &path.child("template"),
    ));
    errs
}

/// `ValidatePodTemplateSpecForReplicaSet`'s rules after the template's
/// own validation: pods that restart `Always` and have no active
/// deadline.
fn template_restart_errors(template: &PodTemplateSpec, path: &Path) -> ErrorList {
    let template_path = path.child("template");
    let spec = &template.spec;
    let mut errs = restarts_always(spec, &template_path);
    if spec.active_deadline_seconds.is_some() {
        errs.push(Error::forbidden(
            &template_path.child("spec").child("activeDeadlineSeconds"),
            "activeDeadlineSeconds in ReplicaSet is not Supported",
        ));
    }
    errs
}

fn is_empty(selector: &LabelSelector) -> bool {
    selector.match_labels.is_empty() && selector.match_expressions.is_empty()
}

/// `empty selector is invalid for <workload>`: a workload's selector (at
/// `path.selector`) has terms. (Upstream tells an absent selector from an
/// empty one; the Rust field cannot, and reads both as empty.)
fn empty_selector(selector: &LabelSelector, path: &Path, workload: &str) -> Option<Error> {
    is_empty(selector).then(|| {
        Error::invalid(
            &path.child("selector"),
            BadValue::json_of(selector),
            &format!("empty selector is invalid for {workload}"),
        )
    })
}

/// `` `selector` does not match template `labels` ``: a workload's
/// selector, when it has terms and converts to a selector
/// (`LabelSelectorAsSelector`), selects its pod template's labels
/// (`template_path` the template's path).
fn selector_mismatch(
    selector: &LabelSelector,
    template: &PodTemplateSpec,
    template_path: &Path,
) -> Option<Error> {
    let labels = &template.metadata.labels;
    let mismatch =
        !is_empty(selector) && label_selector_converts(selector) && !selects(selector, labels);
    mismatch.then(|| {
        Error::invalid(
            &template_path.child("metadata").child("labels"),
            BadValue::json_of(labels),
            "`selector` does not match template `labels`",
        )
    })
}

/// A workload's pods restart `Always` (its template at `path`); a
/// ReplicationController's too.
pub(crate) fn restarts_always(spec: &PodSpec, path: &Path) -> ErrorList {
    if spec.restart_policy == "Always" {
        return Vec::new();
    }
    vec![Error::not_supported(
        &path.child("spec").child("restartPolicy"),
        BadValue::Str(spec.restart_policy.clone()),
        &["Always"],
    )]
}

const NEGATIVE: &str = "must be greater than or equal to 0";

/// `getIntOrPercentValue`: the number, and whether it was a percentage.
/// Only a valid percentage (`[0-9]+%`) counts as one; any other string is
/// read as `intstr.IntValue` reads it, Go's `strconv.Atoi` of the whole
/// string (a sign allowed), 0 when that fails.
fn int_or_percent(v: &IntOrString) -> (i64, bool) {
    match v {
        IntOrString::Int(i) => (i64::from(*i), false),
        IntOrString::String(s) => match s.strip_suffix('%') {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                (digits.parse().unwrap_or(i64::MAX), true)
            }
            _ => (s.parse().unwrap_or(0), false),
        },
    }
}

/// `ValidatePositiveIntOrPercent`: a count not negative, or a percentage
/// (`[0-9]+%`).
pub(crate) fn positive_int_or_percent(value: &IntOrString, path: &Path) -> ErrorList {
    match value {
        IntOrString::String(s) => {
            let digits = s.strip_suffix('%').unwrap_or("");
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return vec![Error::invalid(
                    path,
                    BadValue::json_of(value),
                    "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
                )];
            }
            Vec::new()
        }
        IntOrString::Int(i) if *i < 0 => {
            vec![Error::invalid(path, BadValue::Int((*i).into()), NEGATIVE)]
        }
        IntOrString::Int(_) => Vec::new(),
    }
}

/// An update strategy of an unsupported type as upstream prints it: the
/// internal `apps.DeploymentStrategy` or `apps.DaemonSetUpdateStrategy` as
/// JSON, with Go's field names (the internal types have no JSON tags) and
/// the rolling update's unset amounts as 0.
fn internal_strategy(
    kind: &str,
    rolling_update: Option<(Option<&IntOrString>, Option<&IntOrString>)>,
) -> BadValue {
    let zero = IntOrString::Int(0);
    BadValue::Json(serde_json::json!({
        "Type": kind,
        "RollingUpdate": rolling_update.map(|(unavailable, surge)| serde_json::json!({
            "MaxUnavailable": unavailable.unwrap_or(&zero),
            "MaxSurge": surge.unwrap_or(&zero),
        })),
    }))
}

/// `IsNotMoreThan100Percent`: a percentage is at most 100%.
pub(crate) fn not_more_than_100_percent(value: &IntOrString, path: &Path) -> ErrorList {
    match int_or_percent(value) {
        (percent, true) if percent > 100 => vec![Error::invalid(
            path,
            BadValue::json_of(value),
            "must not be greater than 100%",
        )],
        _ => Vec::new(),
    }
}

/// `ValidateDeploymentStrategy` and `ValidateRollingUpdateDeployment`.
fn validate_strategy(strategy: &DeploymentStrategy, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    match (strategy.r#type.as_str(), &strategy.rolling_update) {
        ("Recreate", Some(_)) => errs.push(Error::forbidden(
            &path.child("rollingUpdate"),
            "may not be specified when strategy `type` is 'Recreate'",
        )),
        ("RollingUpdate", Some(update)) => {
            let zero = IntOrString::Int(0);
            let unavailable = update.max_unavailable.as_ref().unwrap_or(&zero);
            let surge = update.max_surge.as_ref().unwrap_or(&zero);
            let rolling_update = path.child("rollingUpdate");
            for (name, value) in [("maxUnavailable", unavailable), ("maxSurge", surge)] {
                errs.extend(positive_int_or_percent(value, &rolling_update.child(name)));
            }
            let at = rolling_update.child("maxUnavailable");
            if int_or_percent(unavailable).0 == 0 && int_or_percent(surge).0 == 0 {
                errs.push(Error::invalid(
                    &at,
                    BadValue::json_of(unavailable),
                    "may not be 0 when `maxSurge` is 0",
                ));
            }
            errs.extend(not_more_than_100_percent(unavailable, &at));
        }
        ("RollingUpdate", None) => errs.push(Error::required(
            &path.child("rollingUpdate"),
            "this should be defaulted and never be nil",
        )),
        ("Recreate", None) => {}
        (other, update) => errs.push(Error::not_supported(
            path,
            internal_strategy(
                other,
                update
                    .as_ref()
                    .map(|u| (u.max_unavailable.as_ref(), u.max_surge.as_ref())),
            ),
            &["Recreate", "RollingUpdate"],
        )),
    }
    errs
}
