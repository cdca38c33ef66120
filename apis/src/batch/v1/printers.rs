// Hand-written Table columns of batch/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them.

use runtime::printers::{
    AGE_DESCRIPTION, age, condition_is_true, container_cells, human_duration, int_at, time_at,
};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::Job;

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
        PrinterColumn::string("Containers", 1, "Names of each container in the template."),
        PrinterColumn::string(
            "Images",
            1,
            "Images referenced by each container in the template.",
        ),
        PrinterColumn::string("Selector", 1, "A label query over pods."),
    ];

    /// `printJob`: STATUS from the conditions (Complete, Failed,
    /// Terminating, Suspended, FailureTarget, else Running), COMPLETIONS as
    /// `succeeded/completions` (`n/1 of p` for a parallel job without
    /// completions), DURATION from start to completion or now.
    fn cells(object: &Value, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let succeeded = int_at(object, "/status/succeeded");
        let completions = match object.pointer("/spec/completions").and_then(Value::as_i64) {
            Some(c) => format!("{succeeded}/{c}"),
            None => match int_at(object, "/spec/parallelism") {
                p if p > 1 => format!("{succeeded}/1 of {p}"),
                _ => format!("{succeeded}/1"),
            },
        };
        let duration = match time_at(object, "/status/startTime") {
            None => String::new(),
            Some(start) => {
                let end = time_at(object, "/status/completionTime").unwrap_or(now);
                human_duration(end.signed_duration_since(start))
            }
        };
        let deleting = object.pointer("/metadata/deletionTimestamp").is_some();
        let status = if condition_is_true(object, "Complete") {
            "Complete"
        } else if condition_is_true(object, "Failed") {
            "Failed"
        } else if deleting {
            "Terminating"
        } else if condition_is_true(object, "Suspended") {
            "Suspended"
        } else if condition_is_true(object, "FailureTarget") {
            "FailureTarget"
        } else {
            "Running"
        };
        let (containers, images) =
            container_cells(object.pointer("/spec/template/spec/containers"));
        let selector = object
            .pointer("/spec/selector")
            .map_or_else(|| "<none>".into(), runtime::selector::format_label_selector);
        vec![
            json!(status),
            json!(completions),
            json!(duration),
            json!(age(object, now)),
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
            <Job as Printer>::cells(&j, now)
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
