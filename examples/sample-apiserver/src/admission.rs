//! Upstream's `BanFlunder` admission plugin
//! (`k8s.io/sample-apiserver/pkg/admission/plugin/banflunder`): a Flunder
//! whose name a Fischer's `disallowedFlunders` lists is not created.

use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use server::admission::{AdmissionPlugin, Attributes, MutatingAdmission, Operation, Rejection};

use crate::wardle::v1alpha1::Fischer;

/// Refuses creating a Flunder whose name a Fischer disallows, with
/// upstream's message: `flunders.wardle.example.com "<name>" is forbidden:
/// this name may not be used, please change the resource name`.
pub struct BanFlunder;

impl AdmissionPlugin for BanFlunder {
    fn name(&self) -> &str {
        "BanFlunder"
    }

    /// Creates of Flunders only, as upstream's `admission.NewHandler(admission.Create)`
    /// and its `GroupKind` check.
    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        operation == Operation::Create
            && resource.group == crate::wardle::v1alpha1::GROUP_NAME
            && resource.kind == "Flunder"
    }
}

impl MutatingAdmission for BanFlunder {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        _object: Option<&mut dyn Object>,
        _old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        let fischers = attributes
            .list(
                crate::wardle::v1alpha1::GROUP_NAME,
                "v1alpha1",
                "fischers",
                None,
            )
            .map_err(Rejection::Status)?;
        let banned = fischers
            .iter()
            .filter_map(|f| f.as_any().downcast_ref::<Fischer>())
            .flat_map(|f| &f.disallowed_flunders)
            .any(|name| name == attributes.name);
        if banned {
            return Err(Rejection::Forbidden(
                "this name may not be used, please change the resource name".into(),
            ));
        }
        Ok(())
    }
}
