// Hand-written validation beside the generated one, as `validation.go`
// sits beside `zz_generated.validations.go` upstream: rules the markers
// cannot say. Its errors join the generated ones in the same list.

use runtime::field::{Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra};

use super::WidgetSpec;

impl ValidateExtra for WidgetSpec {
    /// A widget with more than 100 replicas needs a display name.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let large = self.replicas.unwrap_or(1) > 100;
        // Ratcheting, as the generated rules do: an unchanged spec passes.
        if !large || self.display_name.is_some() || old == Some(self) {
            return Vec::new();
        }
        vec![Error::required(
            &path.child("displayName"),
            "a widget with more than 100 replicas needs a display name",
        )]
    }
}
