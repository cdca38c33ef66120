//! The hand-written registry strategies of apps/v1 (`+resource:strategy`):
//! the behaviour upstream's `pkg/registry/apps/<kind>/strategy.go` gives
//! these kinds beyond what markers say.

use runtime::meta::ObjectMeta;
use runtime::resource::Strategy;

use super::{Deployment, ReplicaSet};
use crate::core::v1::{PodTemplateSpec, warnings};

/// `pkg/registry/apps/deployment/strategy.go`: creates and updates warn
/// as `deploymentStrategy.WarningsOnCreate`/`WarningsOnUpdate` do.
impl Strategy for Deployment {
    const WARNINGS: bool = true;

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
