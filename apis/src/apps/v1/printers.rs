// Hand-written Table columns of apps/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them: each printer reads
// the Rust object's fields, as upstream's reads the Go struct.

use runtime::printers::{AGE_DESCRIPTION, age, format_labels};
use runtime::resource::{Printer, PrinterColumn};
use runtime::selector::format_selector;
use serde_json::{Value, json};

use super::{ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet};

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
        PrinterColumn::TEMPLATE_CONTAINERS,
        PrinterColumn::TEMPLATE_IMAGES,
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
        PrinterColumn::TEMPLATE_CONTAINERS,
        PrinterColumn::TEMPLATE_IMAGES,
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

impl Printer for DaemonSet {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::integer(
            "Desired",
            0,
            "The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod). More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/",
        ),
        PrinterColumn::integer(
            "Current",
            0,
            "The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/",
        ),
        PrinterColumn::integer(
            "Ready",
            0,
            "numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.",
        ),
        PrinterColumn::integer(
            "Up-to-date",
            0,
            "The total number of nodes that are running updated daemon pod",
        ),
        PrinterColumn::integer(
            "Available",
            0,
            "The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)",
        ),
        PrinterColumn::string(
            "Node Selector",
            0,
            "NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::TEMPLATE_CONTAINERS,
        PrinterColumn::TEMPLATE_IMAGES,
        PrinterColumn::string(
            "Selector",
            1,
            "A label query over pods that are managed by the daemon set. Must match in order to be controlled. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
        ),
    ];

    /// `printDaemonSet`: the status counts as integers, the template's node
    /// selector as `labels.FormatLabels` (`<none>` when empty), the
    /// selector as `metav1.FormatLabelSelector`.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (containers, images) = self.spec.template.spec.container_cells();
        let status = &self.status;
        vec![
            json!(status.desired_number_scheduled),
            json!(status.current_number_scheduled),
            json!(status.number_ready),
            json!(status.updated_number_scheduled),
            json!(status.number_available),
            json!(format_labels(&self.spec.template.spec.node_selector)),
            json!(age(&self.metadata, now)),
            json!(containers),
            json!(images),
            json!(format_selector(&self.spec.selector)),
        ]
    }
}

impl Printer for ControllerRevision {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Controller", 0, "Controller of the object"),
        PrinterColumn::string(
            "Revision",
            0,
            "Revision indicates the revision of the state represented by Data.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printControllerRevision`: the controller as `<kind>.<group>/<name>`
    /// in lower case (`<kind>/<name>` in the core group; `<none>` without a
    /// controller reference); the revision as a number, though the column
    /// says string.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let controller = self
            .metadata
            .owner_references
            .iter()
            .find(|r| r.controller == Some(true))
            .map_or_else(
                || "<none>".to_string(),
                |r| {
                    let group = r.api_version.rsplit_once('/').map_or("", |(g, _)| g);
                    let kind = if group.is_empty() {
                        r.kind.clone()
                    } else {
                        format!("{}.{group}", r.kind)
                    };
                    format!("{}/{}", kind.to_lowercase(), r.name)
                },
            );
        vec![
            json!(controller),
            json!(self.revision),
            json!(age(&self.metadata, now)),
        ]
    }
}

impl Printer for StatefulSet {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Ready", 0, "Number of the pod with ready state"),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::TEMPLATE_CONTAINERS,
        PrinterColumn::TEMPLATE_IMAGES,
    ];

    /// `printStatefulSet`: READY is `readyReplicas/replicas`.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (containers, images) = self.spec.template.spec.container_cells();
        vec![
            json!(format!(
                "{}/{}",
                self.status.ready_replicas,
                self.spec.replicas.unwrap_or(0)
            )),
            json!(age(&self.metadata, now)),
            json!(containers),
            json!(images),
        ]
    }
}
