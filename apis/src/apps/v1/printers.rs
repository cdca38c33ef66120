// Hand-written Table columns of apps/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them.

use runtime::printers::{AGE_DESCRIPTION, age, container_cells, int_at};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::Deployment;

impl Printer for Deployment {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Ready", 0, "Number of the pod with ready state"),
        PrinterColumn::string(
            "Up-to-date",
            0,
            "Total number of non-terminated pods targeted by this deployment that have the desired template spec.",
        ),
        PrinterColumn::string(
            "Available",
            0,
            "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::string("Containers", 1, "Names of each container in the template."),
        PrinterColumn::string(
            "Images",
            1,
            "Images referenced by each container in the template.",
        ),
        PrinterColumn::string("Selector", 1, "Label selector for pods."),
    ];

    /// `printDeployment`: READY is `readyReplicas/replicas`; UP-TO-DATE and
    /// AVAILABLE are integers; the selector is `LabelSelectorAsSelector`'s
    /// string (empty for an empty selector).
    fn cells(object: &Value, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (containers, images) =
            container_cells(object.pointer("/spec/template/spec/containers"));
        let selector = object
            .pointer("/spec/selector")
            .map(runtime::selector::format_label_selector)
            .filter(|s| s != "<none>")
            .unwrap_or_default();
        vec![
            json!(format!(
                "{}/{}",
                int_at(object, "/status/readyReplicas"),
                int_at(object, "/spec/replicas")
            )),
            json!(int_at(object, "/status/updatedReplicas")),
            json!(int_at(object, "/status/availableReplicas")),
            json!(age(object, now)),
            json!(containers),
            json!(images),
            json!(selector),
        ]
    }
}
