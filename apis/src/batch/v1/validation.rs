// Hand-written validation of batch/v1 beside the generated one: upstream's
// `validateJobSpec` (`pkg/apis/batch/validation/validation.go`), with its
// messages. Not ratcheted, as upstream checks the whole new spec.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra};

use super::JobSpec;

impl ValidateExtra for JobSpec {
    /// Counts and durations not negative; pods that restart `OnFailure` or
    /// `Never` (a Job's pods must finish).
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        for (name, value) in [
            ("parallelism", self.parallelism.map(i64::from)),
            ("completions", self.completions.map(i64::from)),
            ("activeDeadlineSeconds", self.active_deadline_seconds),
            ("backoffLimit", self.backoff_limit.map(i64::from)),
            (
                "ttlSecondsAfterFinished",
                self.ttl_seconds_after_finished.map(i64::from),
            ),
        ] {
            if let Some(v) = value
                && v < 0
            {
                errs.push(Error::invalid(
                    &path.child(name),
                    BadValue::Int(v),
                    "must be greater than or equal to 0",
                ));
            }
        }
        let template = path.child("template");
        let spec = template.child("spec");
        let restart = spec.child("restartPolicy");
        match self.template.spec.restart_policy.as_str() {
            "" | "Always" => errs.push(Error::required(
                &restart,
                "valid values: \"OnFailure\", \"Never\"",
            )),
            "OnFailure" | "Never" => {}
            other => errs.push(Error::not_supported(
                &restart,
                BadValue::Str(other.to_string()),
                &["OnFailure", "Never"],
            )),
        }
        errs
    }
}
