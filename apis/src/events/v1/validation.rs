//! The validation of Events written through `events.k8s.io/v1`, as
//! upstream's event strategy validates a request of that version
//! (`ValidateEventCreate`, `ValidateEventUpdate` in
//! `pkg/apis/core/validation/events.go`): on the core Event the object is
//! stored as, so errors name the core fields (`message`, `source`,
//! `involvedObject`), as upstream's do.

use runtime::field::{ErrorList, Path};
use runtime::validate::{Context, ValidateExtra};

use super::Event;
use crate::core::v1 as core;

impl ValidateExtra for Event {
    /// The legacy rules (the reporting controller named
    /// `reportingController`), then the strict ones of a create, or of an
    /// update against `old`.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let new = core::Event::from(self.clone());
        let mut errs = core::legacy_event_errors(&new, path, "reportingController");
        match old {
            None => errs.extend(core::strict_event_create_errors(&new, path)),
            Some(old) => {
                let old = core::Event::from(old.clone());
                errs.extend(core::strict_event_update_errors(&new, &old, path));
            }
        }
        errs
    }
}
