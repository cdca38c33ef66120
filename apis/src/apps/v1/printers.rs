// Hand-written Table columns of apps/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them: each printer reads
// the Rust object's fields, as upstream's reads the Go struct.

use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{Printer, PrinterColumn};
use runtime::selector::format_selector;
use serde_json::{Value, json};

use super::{Deployment, ReplicaSet};

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
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (containers, images) = self.spec.template.spec.container_cells();
        let selector = Some(format_selector(&self.spec.selector))
            .filter(|s| s != "<none>")
            .unwrap_or_default();
        vec![
            json!(format!(
                "{}/{}",
                self.status.ready_replicas,
                self.spec.replicas.unwrap_or(0)
            )),
            json!(self.status.updated_replicas),
            json!(self.status.available_replicas),
            json!(age(&self.metadata, now)),
            json!(containers),
            json!(images),
            json!(selector),
        ]
    }
}

impl Printer for ReplicaSet {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::integer(
            "Desired",
            0,
            "Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller",
        ),
        PrinterColumn::integer(
            "Current",
            0,
            "Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller",
        ),
        PrinterColumn::integer(
            "Ready",
            0,
            "readyReplicas is the number of pods targeted by this ReplicaSet with a Ready Condition.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::string("Containers", 1, "Names of each container in the template."),
        PrinterColumn::string(
            "Images",
            1,
            "Images referenced by each container in the template.",
        ),
        PrinterColumn::string(
            "Selector",
            1,
            "Selector is a label query over pods that should match the replica count. If the selector is empty, it is defaulted to the labels present on the pod template. Label keys and values that must match in order to be controlled by this replica set. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
        ),
    ];

    /// `printReplicaSet`: DESIRED, CURRENT and READY are integers; the
    /// selector is `metav1.FormatLabelSelector` (`<none>` when empty).
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (containers, images) = self.spec.template.spec.container_cells();
        vec![
            json!(self.spec.replicas.unwrap_or(0)),
            json!(self.status.replicas),
            json!(self.status.ready_replicas),
            json!(age(&self.metadata, now)),
            json!(containers),
            json!(images),
            json!(format_selector(&self.spec.selector)),
        ]
    }
}
