//! The hand-written registry strategies of apps/v1 (`+resource:strategy`):
//! the behaviour upstream's `pkg/registry/apps/<kind>/strategy.go` gives
//! these kinds beyond what markers say.

use runtime::meta::ObjectMeta;
use runtime::resource::Strategy;

use super::{DaemonSet, Deployment, ReplicaSet, StatefulSet};
use crate::core::v1::{PodTemplateSpec, warnings};

/// `pkg/registry/apps/deployment/strategy.go`: creates and updates warn
/// as `deploymentStrategy.WarningsOnCreate`/`WarningsOnUpdate` do.
impl Strategy for Deployment {
    const WARNINGS: bool = true;
    const PREPARE_FOR_STATUS_UPDATE: bool = true;

    /// `deploymentStatusStrategy.PrepareForUpdate`: a write to `/status`
    /// keeps the labels.
    fn prepare_for_status_update(&mut self, old: &Self) {
        self.metadata.labels.clone_from(&old.metadata.labels);
    }

    fn warnings_on_create(&self) -> Vec<String> {
        warnings_on_create(&self.metadata, &self.spec.template)
    }

    fn warnings_on_update(&self, old: &Self) -> Vec<String> {
        warnings_on_update(&self.metadata, &old.metadata, &self.spec.template)
    }
}

/// `pkg/registry/apps/replicaset/strategy.go`: creates and updates warn
/// as `rsStrategy.WarningsOnCreate`/`WarningsOnUpdate` do, as a
/// Deployment's.
impl Strategy for ReplicaSet {
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        warnings_on_create(&self.metadata, &self.spec.template)
    }

    fn warnings_on_update(&self, old: &Self) -> Vec<String> {
        warnings_on_update(&self.metadata, &old.metadata, &self.spec.template)
    }
}

/// The annotation apps/v1 carries a DaemonSet's template generation in
/// (upstream's internal `spec.templateGeneration`, converted to and from
/// it): 1 at create, one more at each change of the template.
const DEPRECATED_TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";

/// A DaemonSet's template generation, as the conversion from apps/v1 reads
/// the annotation (0 when absent or not an integer).
fn template_generation(metadata: &ObjectMeta) -> i64 {
    metadata
        .annotations
        .get(DEPRECATED_TEMPLATE_GENERATION)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn set_template_generation(metadata: &mut ObjectMeta, generation: i64) {
    metadata.annotations.insert(
        DEPRECATED_TEMPLATE_GENERATION.into(),
        generation.to_string(),
    );
}

/// `pkg/registry/apps/daemonset/strategy.go`: the template generation
/// starts at 1 (at least) and moves only when the template changes, and
/// writes warn about the pod template as `WarningsOnCreate`/
/// `WarningsOnUpdate` do.
impl Strategy for DaemonSet {
    const PREPARE_FOR_CREATE: bool = true;

    fn prepare_for_create(&mut self) {
        let generation = template_generation(&self.metadata).max(1);
        set_template_generation(&mut self.metadata, generation);
    }

    const PREPARE_FOR_UPDATE: bool = true;

    /// An update cannot set the template generation: it stays the old
    /// object's, plus one when the template changed.
    fn prepare_for_update(&mut self, old: &Self) {
        let mut generation = template_generation(&old.metadata);
        if self.spec.template != old.spec.template {
            // Go's int64 wraps (the annotation a create kept may be the
            // largest).
            generation = generation.wrapping_add(1);
        }
        set_template_generation(&mut self.metadata, generation);
    }

    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        template_warnings(&self.spec.template)
    }

    /// The pod template's warnings when the template generation moved.
    fn warnings_on_update(&self, old: &Self) -> Vec<String> {
        if template_generation(&self.metadata) == template_generation(&old.metadata) {
            return Vec::new();
        }
        template_warnings(&self.spec.template)
    }
}

/// `pkg/registry/apps/statefulset/strategy.go`: writes warn about the pod
/// template (on update, when the generation moved), the claim templates'
/// storage amounts and a negative revision history limit, as
/// `WarningsOnCreate`/`WarningsOnUpdate` do.
impl Strategy for StatefulSet {
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        let mut out = template_warnings(&self.spec.template);
        out.extend(claim_template_warnings(self, ""));
        out.extend(revision_history_warning(self));
        out
    }

    fn warnings_on_update(&self, old: &Self) -> Vec<String> {
        let mut out = warnings_on_update(&self.metadata, &old.metadata, &self.spec.template);
        out.extend(claim_template_warnings(self, ".Spec"));
        out.extend(revision_history_warning(self));
        out
    }
}

/// The claim templates' `GetWarningsForPersistentVolumeClaimSpec`, at the
/// paths upstream's strategy gives: `spec.volumeClaimTemplates[i]` on
/// create (no `.spec`), `spec.volumeClaimTemplates[i].Spec` on update.
fn claim_template_warnings(set: &StatefulSet, spec_segment: &str) -> Vec<String> {
    set.spec
        .volume_claim_templates
        .iter()
        .enumerate()
        .flat_map(|(i, claim)| {
            crate::core::v1::claim_spec_warnings(
                &format!("spec.volumeClaimTemplates[{i}]{spec_segment}"),
                &claim.spec,
            )
        })
        .collect()
}

fn revision_history_warning(set: &StatefulSet) -> Option<String> {
    set.spec
        .revision_history_limit
        .filter(|limit| *limit < 0)
        .map(|_| {
            "spec.revisionHistoryLimit: a negative value retains all historical revisions; a value >= 0 is recommended".to_string()
        })
}

/// A created workload's warnings: its name, when not a DNS label (it
/// names pods), then the pod template's at `spec.template`.
fn warnings_on_create(metadata: &ObjectMeta, template: &PodTemplateSpec) -> Vec<String> {
    let mut out: Vec<String> = warnings::name_warning(metadata, "Pod names and hostnames")
        .into_iter()
        .collect();
    out.extend(template_warnings(template));
    out
}

/// An updated workload's warnings: the pod template's, when the update
/// bumped the generation (changed the spec).
fn warnings_on_update(
    new: &ObjectMeta,
    old: &ObjectMeta,
    template: &PodTemplateSpec,
) -> Vec<String> {
    if new.generation == old.generation {
        return Vec::new();
    }
    template_warnings(template)
}

fn template_warnings(template: &PodTemplateSpec) -> Vec<String> {
    warnings::pod_warnings("spec.template", &template.spec, &template.metadata)
}
