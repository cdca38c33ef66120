// Hand-written validation of batch/v1 beside the generated one: upstream's
// `validateJobSpec` (`pkg/apis/batch/validation/validation.go`), with its
// messages. Not ratcheted, as upstream checks the whole new spec.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::selector::selects;
use runtime::validate::{
    Context, ValidateExtra, immutable_field, label_selector, label_selector_converts, names,
};

use super::strategy::{
    CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL,
};
use super::{Job, JobSpec};
use crate::core::v1::{Affinity, PodTemplateSpec};

impl ValidateExtra for Job {
    /// `validateGeneratedSelector`, before the spec's checks.
    fn validate_extra_first(&self, _old: Option<&Self>, _path: &Path, _ctx: &Context) -> ErrorList {
        generated_selector_errors(self)
    }

    /// `ValidateJobSpec`'s selector rules (after `validateJobSpec`, which
    /// [`JobSpec`] carries, as a CronJob's Job template shares it): a
    /// selector that selects the template's labels. On update,
    /// `ValidateJobSpecUpdate`'s immutable fields, then
    /// `validatePodTemplateUpdate`: the pod template does not change,
    /// except, in a Job that is suspended and has never started
    /// (`AllowMutableSchedulingDirectives`), its labels, annotations, node
    /// selector, node affinity, tolerations and scheduling gates.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let spec_path = path.child("spec");
        let mut errs = selector_errors(&self.spec, &spec_path);
        errs.extend(indexed_name_errors(self));
        let Some(old) = old else {
            return errs;
        };
        errs.extend(update_errors(&self.spec, &old.spec, &spec_path));
        let template = &self.spec.template;
        let mutable_scheduling = old.spec.suspend == Some(true) && old.status.start_time.is_none();
        let old_template = if mutable_scheduling {
            &with_scheduling_of(&old.spec.template, template)
        } else {
            &old.spec.template
        };
        errs.extend(immutable_field(
            &path.child("spec").child("template"),
            template,
            old_template,
        ));
        errs
    }
}

/// `validateGeneratedSelector`, first of `ValidateJob`'s checks after the
/// metadata's: unless the Job asks for a manual selector, its pod template
/// carries the labels with its UID and name that `PrepareForCreate` gave
/// it, and its selector selects those labels and nothing else (a selector
/// the user wrote without `manualSelector: true` is refused).
fn generated_selector_errors(job: &Job) -> ErrorList {
    let mut errs = Vec::new();
    let spec = &job.spec;
    let Some(selector) = &spec.selector else {
        return errs;
    };
    if spec.manual_selector == Some(true) {
        return errs;
    }
    let uid = job.metadata.uid.as_deref().unwrap_or_default();
    let name = job.metadata.name.as_deref().unwrap_or_default();
    let labels = &spec.template.metadata.labels;
    let label_path = Path::new("spec");
    let label_path = label_path.child("template");
    let label_path = label_path.child("metadata");
    let label_path = label_path.child("labels");
    let expected = [
        (LEGACY_CONTROLLER_UID_LABEL, uid),
        (LEGACY_JOB_NAME_LABEL, name),
        (CONTROLLER_UID_LABEL, uid),
        (JOB_NAME_LABEL, name),
    ];
    // ValidateHasLabel
    for (key, value) in expected {
        let at = label_path.key(key);
        match labels.get(key) {
            None => errs.push(Error::required(&at, value)),
            Some(actual) if actual != value => errs.push(Error::invalid(
                &at,
                BadValue::json_of(labels),
                &format!("must be '{value}'"),
            )),
            Some(_) => {}
        }
    }
    let expected: std::collections::BTreeMap<String, String> = expected
        .iter()
        .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
        .collect();
    if label_selector_converts(selector) && !selects(selector, &expected) {
        errs.push(Error::invalid(
            &Path::new("spec").child("selector"),
            BadValue::json_of(selector),
            "`selector` not auto-generated",
        ));
    }
    errs
}

/// The last of `ValidateJob`'s checks: an Indexed Job's pods are named
/// `<job>-<index>`, so the largest index must still make a DNS label.
fn indexed_name_errors(job: &Job) -> Option<Error> {
    let spec = &job.spec;
    let completions = spec.completions.filter(|c| *c > 0)?;
    if spec.completion_mode.as_deref() != Some("Indexed") {
        return None;
    }
    let name = job.metadata.name.as_deref().unwrap_or_default();
    let hostname = format!("{name}-{}", completions - 1);
    if names::dns1123_label(&hostname).is_empty() {
        return None;
    }
    Some(Error::invalid(
        &Path::new("metadata").child("name"),
        BadValue::Str(name.to_string()),
        &format!("will not able to create pod with invalid DNS label: {hostname}"),
    ))
}

/// `old` with the scheduling directives, labels and annotations of `new`,
/// as `validatePodTemplateUpdate` lets a suspended Job change them (of
/// the affinity, only the node affinity).
fn with_scheduling_of(old: &PodTemplateSpec, new: &PodTemplateSpec) -> PodTemplateSpec {
    let mut old = old.clone();
    let (spec, new_spec) = (&mut old.spec, &new.spec);
    match (&new_spec.affinity, &mut spec.affinity) {
        (None, Some(affinity)) => {
            affinity.node_affinity = None;
            if *affinity == Affinity::default() {
                spec.affinity = None;
            }
        }
        (Some(affinity), None) => {
            spec.affinity = Some(Affinity {
                node_affinity: affinity.node_affinity.clone(),
                ..Affinity::default()
            });
        }
        (Some(affinity), Some(old_affinity)) => {
            old_affinity
                .node_affinity
                .clone_from(&affinity.node_affinity);
        }
        (None, None) => {}
    }
    spec.node_selector.clone_from(&new_spec.node_selector);
    spec.tolerations.clone_from(&new_spec.tolerations);
    spec.scheduling_gates.clone_from(&new_spec.scheduling_gates);
    old.metadata
        .annotations
        .clone_from(&new.metadata.annotations);
    old.metadata.labels.clone_from(&new.metadata.labels);
    old
}

/// `ValidateJobSpec`'s selector rules: required, a valid label selector
/// (`ValidateLabelSelector`), and selecting the pod template's labels (a missing selector, upstream's `labels.Nothing()`,
/// selects none, so it is reported twice).
fn selector_errors(spec: &JobSpec, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let labels = &spec.template.metadata.labels;
    // Checked only when the selector converts (`LabelSelectorAsSelector`).
    let selected = match &spec.selector {
        None => {
            errs.push(Error::required(&path.child("selector"), ""));
            false
        }
        Some(selector) => {
            errs.extend(label_selector(selector, &path.child("selector")));
            !label_selector_converts(selector) || selects(selector, labels)
        }
    };
    if !selected {
        // No labels read as Go's nil map: `null`.
        let bad = if labels.is_empty() {
            BadValue::Json(serde_json::Value::Null)
        } else {
            BadValue::json_of(labels)
        };
        errs.push(Error::invalid(
            &path.child("template").child("metadata").child("labels"),
            bad,
            "`selector` does not match template `labels`",
        ));
    }
    errs
}

/// `ValidateJobSpecUpdate`'s immutable fields, in its order (the template
/// aside): `completions` (an Indexed Job's changes only with
/// `parallelism`, `ElasticIndexedJob`), `selector`, `completionMode`,
/// `podFailurePolicy`, `backoffLimitPerIndex`, `managedBy`,
/// `successPolicy`.
fn update_errors(spec: &JobSpec, old: &JobSpec, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let completions = path.child("completions");
    if spec.completion_mode.as_deref() != Some("Indexed") {
        errs.extend(immutable_field(
            &completions,
            &spec.completions,
            &old.completions,
        ));
    } else if let Some(n) = spec.completions
        && spec.completions != old.completions
        && spec.parallelism != Some(n)
    {
        errs.push(Error::invalid(
            &completions,
            BadValue::Int(n.into()),
            "can only be modified in tandem with spec.parallelism",
        ));
    }
    errs.extend(immutable_field(
        &path.child("selector"),
        &spec.selector,
        &old.selector,
    ));
    errs.extend(immutable_field(
        &path.child("completionMode"),
        &spec.completion_mode,
        &old.completion_mode,
    ));
    errs.extend(immutable_field(
        &path.child("podFailurePolicy"),
        &spec.pod_failure_policy,
        &old.pod_failure_policy,
    ));
    errs.extend(immutable_field(
        &path.child("backoffLimitPerIndex"),
        &spec.backoff_limit_per_index,
        &old.backoff_limit_per_index,
    ));
    errs.extend(immutable_field(
        &path.child("managedBy"),
        &spec.managed_by,
        &old.managed_by,
    ));
    errs.extend(immutable_field(
        &path.child("successPolicy"),
        &spec.success_policy,
        &old.success_policy,
    ));
    errs
}
