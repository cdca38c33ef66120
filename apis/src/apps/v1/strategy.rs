//! The hand-written registry strategies of apps/v1 (`+resource:strategy`):
//! the behaviour upstream's `pkg/registry/apps/<kind>/strategy.go` gives
//! these kinds beyond what markers say.

use runtime::resource::Strategy;

use super::Deployment;
use crate::core::v1::warnings;

/// `pkg/registry/apps/deployment/strategy.go`: creates and updates warn
/// as `deploymentStrategy.WarningsOnCreate`/`WarningsOnUpdate` do.
impl Strategy for Deployment {
    const WARNINGS: bool = true;

    /// The name, when not a DNS label (it names pods), then the pod
    /// template's warnings at `spec.template`.
    fn warnings_on_create(&self) -> Vec<String> {
        let mut out: Vec<String> =
            warnings::name_warning(&self.metadata, "Pod names and hostnames")
                .into_iter()
                .collect();
        out.extend(template_warnings(self));
        out
    }

    /// The pod template's warnings, when the update bumped the generation
    /// (changed the spec).
    fn warnings_on_update(&self, old: &Self) -> Vec<String> {
        if self.metadata.generation == old.metadata.generation {
            return Vec::new();
        }
        template_warnings(self)
    }
}

fn template_warnings(deployment: &Deployment) -> Vec<String> {
    let template = &deployment.spec.template;
    warnings::pod_warnings("spec.template", &template.spec, &template.metadata)
}
