// Hand-written Table columns of batch/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them: each printer reads
// the Rust object's fields, as upstream's reads the Go struct.

use runtime::printers::{AGE_DESCRIPTION, age, human_duration, instant};
use runtime::resource::{Printer, PrinterColumn};
use runtime::selector::format_selector;
use serde_json::{Value, json};

use super::Job;

/// Whether the job's first condition of `type_` has status `True`, as
/// upstream's printers look conditions up.
fn condition_is_true(job: &Job, type_: &str) -> bool {
    job.status
        .conditions
        .iter()
        .find(|c| c.r#type == type_)
        .is_some_and(|c| c.status == "True")
}

impl Printer for Job {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Status", 0, "Status of the job."),
        PrinterColumn::string(
            "Completions",
            0,
            "The number of pods which reached phase Succeeded.",
        ),
        PrinterColumn::string("Duration", 0, "Time required to complete the job."),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::TEMPLATE_CONTAINERS,
        PrinterColumn::TEMPLATE_IMAGES,
        PrinterColumn::string("Selector", 1, "A label query over pods."),
    ];

    /// `printJob`: STATUS from the conditions (Complete, Failed,
    /// Terminating, Suspended, FailureTarget, else Running), COMPLETIONS as
    /// `succeeded/completions` (`n/1 of p` for a parallel job without
    /// completions), DURATION from start to completion or now.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let succeeded = self.status.succeeded;
        let completions = match self.spec.completions {
            Some(c) => format!("{succeeded}/{c}"),
            None => match self.spec.parallelism.unwrap_or(0) {
                p if p > 1 => format!("{succeeded}/1 of {p}"),
                _ => format!("{succeeded}/1"),
            },
        };
        let duration = match instant(self.status.start_time.as_ref()) {
            None => String::new(),
            Some(start) => {
                let end = instant(self.status.completion_time.as_ref()).unwrap_or(now);
                human_duration(end.signed_duration_since(start))
            }
        };
        let deleting = self.metadata.deletion_timestamp.is_some();
        let status = if condition_is_true(self, "Complete") {
            "Complete"
        } else if condition_is_true(self, "Failed") {
            "Failed"
        } else if deleting {
            "Terminating"
        } else if condition_is_true(self, "Suspended") {
            "Suspended"
        } else if condition_is_true(self, "FailureTarget") {
            "FailureTarget"
        } else {
            "Running"
        };
        let (containers, images) = self.spec.template.spec.container_cells();
        let selector = self
            .spec
            .selector
            .as_ref()
            .map_or_else(|| "<none>".into(), format_selector);
        vec![
            json!(status),
            json!(completions),
            json!(duration),
            json!(age(&self.metadata, now)),
            json!(containers),
            json!(images),
            json!(selector),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_print_status_completions_and_duration() {
        let now = chrono::DateTime::parse_from_rfc3339("2026-01-01T00:10:00Z")
            .unwrap()
            .with_timezone(&chrono::Utc);
        let job = |spec: Value, status: Value| {
            let j = json!({"metadata": {"name": "j", "creationTimestamp": "2026-01-01T00:00:00Z"},
                           "spec": spec, "status": status});
            serde_json::from_value::<Job>(j).unwrap().cells(now)
        };
        let running = job(
            json!({"completions": 3, "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": "u"}},
                   "template": {"spec": {"containers": [{"name": "pi", "image": "perl"}]}}}),
            json!({"succeeded": 1, "startTime": "2026-01-01T00:01:00Z"}),
        );
        assert_eq!(
            running,
            [
                json!("Running"),
                json!("1/3"),
                json!("9m"),
                json!("10m"),
                json!("pi"),
                json!("perl"),
                json!("batch.kubernetes.io/controller-uid=u")
            ]
        );
        let done = job(
            json!({"parallelism": 2}),
            json!({"succeeded": 2, "startTime": "2026-01-01T00:01:00Z",
                   "completionTime": "2026-01-01T00:01:30Z",
                   "conditions": [{"type": "Complete", "status": "True"}]}),
        );
        assert_eq!(
            done[..3],
            [json!("Complete"), json!("2/1 of 2"), json!("30s")]
        );
        let new = job(json!({}), json!({}));
        assert_eq!(new[..3], [json!("Running"), json!("0/1"), json!("")]);
    }
}
