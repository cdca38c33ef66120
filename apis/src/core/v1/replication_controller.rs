//! ReplicationController, ported from `k8s.io/api/core/v1`: the
//! ReplicaSet's predecessor, with a selector that is a plain label map.
//! kubectl still reads it (`kubectl get all`, `cluster-info dump`,
//! `scale rc`), and older manifests still carry it.

use std::collections::BTreeMap;

use macros::Resource;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::{ObjectMeta, Time};
use runtime::printers::{AGE_DESCRIPTION, age, format_labels};
use runtime::resource::{Printer, PrinterColumn, Strategy};
use runtime::validate::{Context, Validate, ValidateExtra};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{PodTemplateSpec, warnings};

/// ReplicationController represents the configuration of a replication
/// controller.
///
/// +genclient
/// +kubebuilder:resource:shortName=rc,categories=all
/// +kubebuilder:subresource:status
/// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.spec.selector
/// +kubebuilder:selectablefield:JSONPath=.status.replicas
/// +printer:hook
/// +defaulting:hook
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct ReplicationController {
    /// Standard object metadata; labels default to the pod template's.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired pods.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: ReplicationControllerSpec,
    /// The most recently observed state, written through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: ReplicationControllerStatus,
}

/// ReplicationControllerSpec is the specification of a replication
/// controller.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationControllerSpec {
    /// How many pods to run; 1 when unset (a pointer, so that 0 is kept).
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Seconds a new pod must be ready, without a container crashing,
    /// before it counts as available; 0 by default.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub min_ready_seconds: i32,
    /// The labels of the pods this controller counts; the template's
    /// labels when empty.
    /// +optional
    /// +mapType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub selector: BTreeMap<String, String>,
    /// The pods to create when too few are selected. Validated by the
    /// spec's hand-written rules, after the selector's, as upstream's
    /// `ValidatePodTemplateSpecForRC` orders them.
    /// +optional
    /// +k8s:opaqueType
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<PodTemplateSpec>,
}

/// ReplicationControllerStatus is the observed state of a replication
/// controller.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationControllerStatus {
    /// Pods selected by the controller.
    /// +protobuf=1
    #[serde(default)]
    pub replicas: i32,
    /// Pods whose labels match the template's labels.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fully_labeled_replicas: i32,
    /// Pods whose Ready condition is true.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub ready_replicas: i32,
    /// Pods ready for at least `minReadySeconds`.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub available_replicas: i32,
    /// The generation the controller last acted on.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub observed_generation: i64,
    /// The latest observations of the controller's state.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ReplicationControllerCondition>,
}

/// ReplicationControllerCondition is one observation of a replication
/// controller's state (`ReplicaFailure`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationControllerCondition {
    /// The condition type.
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the status last changed.
    /// +optional
    /// +protobuf=3
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// Human-readable details of the last change.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// `SetDefaults_ReplicationController`: with a template that has labels,
/// an empty selector and empty object labels become the template's
/// labels; 1 replica when unset.
impl runtime::defaulting::DefaultHook for ReplicationController {
    fn default_hook(&mut self) {
        if let Some(template) = &self.spec.template
            && !template.metadata.labels.is_empty()
        {
            let labels = &template.metadata.labels;
            if self.spec.selector.is_empty() {
                self.spec.selector.clone_from(labels);
            }
            if self.metadata.labels.is_empty() {
                self.metadata.labels.clone_from(labels);
            }
        }
        self.spec.replicas.get_or_insert(1);
    }
}

/// `pkg/registry/core/replicationcontroller/strategy.go`: creates warn
/// about a name that is no DNS label and about the pod template, updates
/// that change the spec about the template (`rcStrategy.WarningsOnCreate`,
/// `WarningsOnUpdate`).
impl Strategy for ReplicationController {
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        let mut out: Vec<String> =
            warnings::name_warning(&self.metadata, "Pod names and hostnames")
                .into_iter()
                .collect();
        out.extend(template_warnings(self));
        out
    }

    fn warnings_on_update(&self, old: &Self) -> Vec<String> {
        if self.metadata.generation == old.metadata.generation {
            return Vec::new();
        }
        template_warnings(self)
    }
}

/// `GetWarningsForPodTemplate` at `spec.template` (none without one).
fn template_warnings(rc: &ReplicationController) -> Vec<String> {
    rc.spec.template.as_ref().map_or_else(Vec::new, |t| {
        warnings::pod_warnings("spec.template", &t.spec, &t.metadata)
    })
}

impl ValidateExtra for ReplicationControllerSpec {
    /// `ValidateReplicationControllerSpec`: minReadySeconds and replicas
    /// not negative, a selector with labels, and a template
    /// (`ValidatePodTemplateSpecForRC`) whose labels the selector selects,
    /// then the template as every pod template is validated here, then
    /// pods that restart `Always` and have no active deadline. An update
    /// reports these errors twice, as upstream's strategy does (its
    /// `ValidateUpdate` appends `ValidateReplicationControllerUpdate`,
    /// which validates the spec again, to `ValidateReplicationController`).
    fn validate_extra(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        let mut errs = self.spec_errors(old, path, ctx);
        if old.is_some() {
            errs.extend(errs.clone());
        }
        errs
    }
}

impl ReplicationControllerSpec {
    /// [`ValidateExtra::validate_extra`]'s errors, once.
    fn spec_errors(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        let mut errs = ErrorList::new();
        let negative = |field: &str, value: i64| {
            (value < 0).then(|| Error::invalid(&path.child(field), BadValue::Int(value), NEGATIVE))
        };
        errs.extend(negative("minReadySeconds", self.min_ready_seconds.into()));
        if self.selector.is_empty() {
            errs.push(Error::required(&path.child("selector"), ""));
        }
        errs.extend(negative("replicas", self.replicas.unwrap_or(0).into()));
        let template_path = path.child("template");
        let Some(template) = &self.template else {
            errs.push(Error::required(&template_path, ""));
            return errs;
        };
        let labels = &template.metadata.labels;
        if !self.selector.is_empty() && !self.selector.iter().all(|(k, v)| labels.get(k) == Some(v))
        {
            errs.push(Error::invalid(
                &template_path.child("metadata").child("labels"),
                BadValue::json_of(labels),
                "`selector` does not match template `labels`",
            ));
        }
        errs.extend(Validate::validate_update(
            template,
            old.and_then(|o| o.template.as_ref()),
            &template_path,
            ctx,
        ));
        errs.extend(crate::apps::v1::restarts_always(
            &template.spec,
            &template_path,
        ));
        let spec_path = template_path.child("spec");
        if template.spec.active_deadline_seconds.is_some() {
            errs.push(Error::forbidden(
                &spec_path.child("activeDeadlineSeconds"),
                "activeDeadlineSeconds in ReplicationController is not Supported",
            ));
        }
        errs
    }
}

impl ValidateExtra for ReplicationControllerStatus {
    /// `ValidateReplicationControllerStatus`: see [`replica_counts_errors`].
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        replica_counts_errors(
            ReplicaCounts {
                replicas: self.replicas,
                fully_labeled: self.fully_labeled_replicas,
                ready: self.ready_replicas,
                available: self.available_replicas,
                observed_generation: self.observed_generation,
            },
            path,
        )
    }
}

/// The counts a ReplicationController's or a ReplicaSet's status holds.
pub(crate) struct ReplicaCounts {
    pub(crate) replicas: i32,
    pub(crate) fully_labeled: i32,
    pub(crate) ready: i32,
    pub(crate) available: i32,
    pub(crate) observed_generation: i64,
}

/// `ValidateReplicationControllerStatus` and `ValidateReplicaSetStatus`
/// (the same rules): no count negative, none of the pods counted more
/// than the replicas, and no more available than ready.
pub(crate) fn replica_counts_errors(counts: ReplicaCounts, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let fields = [
        ("replicas", i64::from(counts.replicas)),
        ("fullyLabeledReplicas", counts.fully_labeled.into()),
        ("readyReplicas", counts.ready.into()),
        ("availableReplicas", counts.available.into()),
        ("observedGeneration", counts.observed_generation),
    ];
    for (field, value) in fields {
        if value < 0 {
            errs.push(Error::invalid(
                &path.child(field),
                BadValue::Int(value),
                NEGATIVE,
            ));
        }
    }
    let above = [
        (
            "fullyLabeledReplicas",
            counts.fully_labeled,
            counts.replicas,
            "status.replicas",
        ),
        (
            "readyReplicas",
            counts.ready,
            counts.replicas,
            "status.replicas",
        ),
        (
            "availableReplicas",
            counts.available,
            counts.replicas,
            "status.replicas",
        ),
        (
            "availableReplicas",
            counts.available,
            counts.ready,
            "readyReplicas",
        ),
    ];
    for (field, value, than, what) in above {
        if value > than {
            errs.push(Error::invalid(
                &path.child(field),
                BadValue::Int(value.into()),
                &format!("cannot be greater than {what}"),
            ));
        }
    }
    errs
}

/// `ValidateNonnegativeField`'s message.
const NEGATIVE: &str = "must be greater than or equal to 0";

impl Printer for ReplicationController {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::integer(
            "Desired",
            0,
            "Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller",
        ),
        PrinterColumn::integer(
            "Current",
            0,
            "Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller",
        ),
        PrinterColumn::integer(
            "Ready",
            0,
            "The number of ready replicas for this replication controller.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::TEMPLATE_CONTAINERS,
        PrinterColumn::TEMPLATE_IMAGES,
        PrinterColumn::string(
            "Selector",
            1,
            "Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
        ),
    ];

    /// `printReplicationController`: DESIRED, CURRENT and READY are
    /// integers; the selector is `labels.FormatLabels` (`<none>` when
    /// empty).
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (containers, images) = self
            .spec
            .template
            .as_ref()
            .map(|t| t.spec.container_cells())
            .unwrap_or_default();
        vec![
            json!(self.spec.replicas.unwrap_or(0)),
            json!(self.status.replicas),
            json!(self.status.ready_replicas),
            json!(age(&self.metadata, now)),
            json!(containers),
            json!(images),
            json!(format_labels(&self.spec.selector)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime::defaulting::DefaultHook;

    fn template(labels: &[(&str, &str)]) -> PodTemplateSpec {
        let mut t = PodTemplateSpec::default();
        t.metadata.labels = labels
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        // What defaulting gives every pod spec before validation.
        t.spec.restart_policy = "Always".into();
        t.spec.dns_policy = "ClusterFirst".into();
        t
    }

    /// The selector and the object's labels come from the template's
    /// labels only where empty; replicas default to 1.
    #[test]
    fn defaults_come_from_the_template_labels() {
        let mut rc = ReplicationController::default();
        rc.spec.template = Some(template(&[("app", "web")]));
        rc.default_hook();
        assert_eq!(
            rc.spec.selector,
            rc.spec.template.as_ref().unwrap().metadata.labels
        );
        assert_eq!(rc.metadata.labels, rc.spec.selector);
        assert_eq!(rc.spec.replicas, Some(1));

        let mut rc = ReplicationController::default();
        rc.spec.selector.insert("tier".into(), "db".into());
        rc.metadata.labels.insert("own".into(), "yes".into());
        rc.spec.replicas = Some(0);
        rc.spec.template = Some(template(&[("app", "web")]));
        rc.default_hook();
        assert_eq!(rc.spec.selector.keys().collect::<Vec<_>>(), ["tier"]);
        assert_eq!(rc.metadata.labels.keys().collect::<Vec<_>>(), ["own"]);
        assert_eq!(rc.spec.replicas, Some(0));
    }

    fn messages(spec: &ReplicationControllerSpec) -> Vec<String> {
        let root = Path::root();
        spec.validate_extra(None, &root.child("spec"), &Context::default())
            .iter()
            .map(Error::to_string)
            .collect()
    }

    /// `ValidateReplicationControllerStatus`: counts not negative, none
    /// above the replicas, no more available than ready.
    #[test]
    fn a_status_counts_no_more_pods_than_it_has() {
        let status = ReplicationControllerStatus {
            replicas: 2,
            fully_labeled_replicas: 3,
            ready_replicas: 1,
            available_replicas: 2,
            observed_generation: -1,
            ..Default::default()
        };
        let root = Path::root();
        let got: Vec<String> = status
            .validate_extra(None, &root.child("status"), &Context::default())
            .iter()
            .map(Error::to_string)
            .collect();
        assert_eq!(
            got,
            [
                "status.observedGeneration: Invalid value: -1: must be greater than or equal to 0",
                "status.fullyLabeledReplicas: Invalid value: 3: cannot be greater than status.replicas",
                "status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas",
            ]
        );
    }

    /// `ValidateReplicationControllerSpec` in upstream's order and words.
    #[test]
    fn a_spec_needs_a_selector_that_selects_its_template() {
        let spec = ReplicationControllerSpec {
            replicas: Some(-1),
            min_ready_seconds: -2,
            ..Default::default()
        };
        assert_eq!(
            messages(&spec),
            [
                "spec.minReadySeconds: Invalid value: -2: must be greater than or equal to 0",
                "spec.selector: Required value",
                "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
                "spec.template: Required value",
            ]
        );
        let mut t = template(&[("app", "db")]);
        t.spec.restart_policy = "Never".into();
        t.spec.active_deadline_seconds = Some(5);
        let spec = ReplicationControllerSpec {
            selector: BTreeMap::from([("app".into(), "web".into())]),
            template: Some(t),
            ..Default::default()
        };
        assert_eq!(
            messages(&spec),
            [
                r#"spec.template.metadata.labels: Invalid value: {"app":"db"}: `selector` does not match template `labels`"#,
                // The template as a pod template, between the selector's
                // rules and the controller's.
                "spec.template.spec.containers: Required value",
                r#"spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always""#,
                "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not Supported",
            ]
        );
    }
}
