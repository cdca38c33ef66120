//! The hand-written registry strategy of batch/v1 (`+resource:strategy`):
//! the behaviour upstream's `pkg/registry/batch/job/strategy.go` gives a
//! Job beyond what markers say.

use runtime::resource::Strategy;

use super::{Job, JobSpec};
use crate::core::v1::warnings;

/// `batch.LegacyJobNameLabel`: the label with the Job's name on its pods.
pub const LEGACY_JOB_NAME_LABEL: &str = "job-name";
/// `batch.JobNameLabel`.
pub const JOB_NAME_LABEL: &str = "batch.kubernetes.io/job-name";
/// `batch.LegacyControllerUidLabel`: the label with the Job's UID on its
/// pods.
pub const LEGACY_CONTROLLER_UID_LABEL: &str = "controller-uid";
/// `batch.ControllerUidLabel`: what a generated selector selects.
pub const CONTROLLER_UID_LABEL: &str = "batch.kubernetes.io/controller-uid";

/// `jobStrategy`: a created Job's selector is generated unless it asks
/// for a manual one; creates and updates warn as
/// `jobStrategy.WarningsOnCreate`/`WarningsOnUpdate` do.
impl Strategy for Job {
    const PREPARE_FOR_CREATE: bool = true;
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        job_warnings_on_create(&self.metadata, "spec", &self.spec)
    }

    /// [`job_spec_warnings`], when the update bumped the generation
    /// (changed the spec).
    fn warnings_on_update(&self, old: &Self) -> Vec<String> {
        if self.metadata.generation == old.metadata.generation {
            return Vec::new();
        }
        job_spec_warnings("spec", &self.spec)
    }

    /// `jobStrategy.PrepareForCreate`'s `generateSelectorIfNeeded`: unless
    /// `spec.manualSelector` is true, the pod template gets the Job's name
    /// (`job-name`, `batch.kubernetes.io/job-name`) and UID
    /// (`controller-uid`, `batch.kubernetes.io/controller-uid`) as labels
    /// it does not set itself, and the selector selects the prefixed UID
    /// label (a selector the user wrote keeps its other terms; one that
    /// conflicts fails validation).
    ///
    /// A Job without labels then takes its template's, as `SetDefaults_Job`
    /// gives them to every read of the stored Job upstream (the create's
    /// answer included): the generated labels with the rest.
    fn prepare_for_create(&mut self) {
        if self.spec.manual_selector == Some(true) {
            return;
        }
        let name = self.metadata.name.clone().unwrap_or_default();
        let uid = self.metadata.uid.clone().unwrap_or_default();
        let labels = &mut self.spec.template.metadata.labels;
        for (key, value) in [
            (LEGACY_JOB_NAME_LABEL, &name),
            (JOB_NAME_LABEL, &name),
            (LEGACY_CONTROLLER_UID_LABEL, &uid),
            (CONTROLLER_UID_LABEL, &uid),
        ] {
            labels
                .entry(key.to_string())
                .or_insert_with(|| value.clone());
        }
        self.spec
            .selector
            .get_or_insert_with(Default::default)
            .match_labels
            .entry(CONTROLLER_UID_LABEL.to_string())
            .or_insert(uid);
        if self.metadata.labels.is_empty() {
            self.metadata
                .labels
                .clone_from(&self.spec.template.metadata.labels);
        }
    }
}

/// A Job's and a CronJob's warnings on create: the name, when not a DNS
/// label (it names pods), then [`job_spec_warnings`] of the Job spec at
/// `path`.
pub(super) fn job_warnings_on_create(
    metadata: &runtime::meta::ObjectMeta,
    path: &str,
    spec: &JobSpec,
) -> Vec<String> {
    let mut out: Vec<String> = warnings::name_warning(metadata, "Pod names and hostnames")
        .into_iter()
        .collect();
    out.extend(job_spec_warnings(path, spec));
    out
}

/// Above this many completions (`completionsSoftLimit`) with more than
/// [`PARALLELISM_SOFT_LIMIT`] pods at once, an Indexed Job warns.
const COMPLETIONS_SOFT_LIMIT: i32 = 100_000;
/// `parallelismSoftLimitForUnlimitedCompletions`.
const PARALLELISM_SOFT_LIMIT: i32 = 10_000;

/// `WarningsForJobSpec` (pkg/api/job) of the Job spec at `path` (`spec`,
/// or a CronJob's `spec.jobTemplate.spec`): an Indexed Job with more than
/// 10^5 completions and a parallelism above 10^4, then the pod template's
/// warnings at `<path>.template`.
pub(super) fn job_spec_warnings(path: &str, spec: &JobSpec) -> Vec<String> {
    let mut out = Vec::new();
    if spec.completion_mode.as_deref() == Some("Indexed")
        && spec.completions.unwrap_or(0) > COMPLETIONS_SOFT_LIMIT
        && spec.parallelism.unwrap_or(0) > PARALLELISM_SOFT_LIMIT
    {
        out.push(format!(
            "{path}: In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail"
        ));
    }
    let template = &spec.template;
    out.extend(warnings::pod_warnings(
        &format!("{path}.template"),
        &template.spec,
        &template.metadata,
    ));
    out
}
