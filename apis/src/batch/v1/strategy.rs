//! The hand-written registry strategy of batch/v1 (`+resource:strategy`):
//! the behaviour upstream's `pkg/registry/batch/job/strategy.go` gives a
//! Job beyond what markers say.

use runtime::resource::Strategy;

use super::Job;

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
/// for a manual one.
impl Strategy for Job {
    const PREPARE_FOR_CREATE: bool = true;

    /// `jobStrategy.PrepareForCreate`'s `generateSelectorIfNeeded`: unless
    /// `spec.manualSelector` is true, the pod template gets the Job's name
    /// (`job-name`, `batch.kubernetes.io/job-name`) and UID
    /// (`controller-uid`, `batch.kubernetes.io/controller-uid`) as labels
    /// it does not set itself, and the selector selects the prefixed UID
    /// label (a selector the user wrote keeps its other terms; one that
    /// conflicts fails validation).
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
    }
}
