//! Pods and pod templates, ported from `k8s.io/api/core/v1`: Pod,
//! PodTemplate and the whole PodSpec tree (containers, volumes and their
//! sources, probes, lifecycle hooks, resources, security contexts,
//! scheduling) with PodStatus.
//!
//! Defaults that upstream sets in `SetDefaults_*` functions (rather than
//! with `+default` markers) are the `DefaultHook`s at the end of the file.

use std::collections::BTreeMap;

use macros::Resource;
use runtime::defaulting::DefaultHook;
use runtime::meta::{IntOrString, LabelSelector, ObjectMeta, Quantity, Time};
use serde::{Deserialize, Serialize};

/// Pod is a group of containers scheduled together onto one node, sharing
/// network and storage.
///
/// +genclient
/// +kubebuilder:resource:shortName=po,categories=all
/// +kubebuilder:subresource:status
/// +printer:hook
/// +kubebuilder:selectablefield:JSONPath=.spec.nodeName
/// +kubebuilder:selectablefield:JSONPath=.spec.nodeName,fieldLabel=spec.host
/// +kubebuilder:selectablefield:JSONPath=.spec.restartPolicy
/// +kubebuilder:selectablefield:JSONPath=.spec.schedulerName
/// +kubebuilder:selectablefield:JSONPath=.spec.serviceAccountName
/// +kubebuilder:selectablefield:JSONPath=.spec.hostNetwork
/// +kubebuilder:selectablefield:JSONPath=.status.phase
/// +kubebuilder:selectablefield:JSONPath=.status.podIP
/// +kubebuilder:selectablefield:JSONPath=.status.nominatedNodeName
/// +defaulting:hook
/// +resource:returnDeletedObject
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Pod {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the pod.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: PodSpec,
    /// The most recently observed state of the pod; may lag behind reality.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: PodStatus,
}

/// PodTemplate stores a pod template for other objects to copy pods from.
///
/// +genclient
/// +resource:generation=false
/// +resource:returnDeletedObject
/// +printer:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct PodTemplate {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The pods created from this template.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub template: PodTemplateSpec,
}

/// PodTemplateSpec is the pod a controller creates: metadata and spec.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PodTemplateSpec {
    /// Metadata the created pods get.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the created pods.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: PodSpec,
}

/// PodSpec is the desired state of a pod: its containers, volumes and
/// scheduling constraints.
///
/// +defaulting:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodSpec {
    /// Volumes the pod's containers may mount.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge,retainKeys
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volumes: Vec<Volume>,
    /// Containers run one after another, each to completion, before the app
    /// containers start.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=20
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_containers: Vec<Container>,
    /// The pod's app containers; at least one is needed.
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub containers: Vec<Container>,
    /// Temporary containers added to a running pod, for debugging; set through
    /// the ephemeralcontainers subresource.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=34
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ephemeral_containers: Vec<EphemeralContainer>,
    /// When containers are restarted: `Always` (the default), `OnFailure` or
    /// `Never`.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub restart_policy: String,
    /// Seconds between the termination signal and the kill signal; 30 when
    /// unset.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    /// Seconds after start before the pod is marked failed and its containers
    /// killed.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_deadline_seconds: Option<i64>,
    /// How DNS is set up: `ClusterFirst` (the default),
    /// `ClusterFirstWithHostNet`, `Default` or `None`.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub dns_policy: String,
    /// Labels a node must carry for the pod to be scheduled there.
    /// +optional
    /// +mapType=atomic
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub node_selector: BTreeMap<String, String>,
    /// The service account the pod runs as.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub service_account_name: String,
    /// Deprecated alias of `serviceAccountName`.
    /// +optional
    /// +k8s:conversion-gen=false
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub service_account: String,
    /// Whether a service account token is mounted automatically.
    /// +optional
    /// +protobuf=21
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub automount_service_account_token: Option<bool>,
    /// The node the pod is bound to; set by the scheduler, or directly to
    /// bypass it.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub node_name: String,
    /// Use the node's network namespace.
    /// +optional
    /// +k8s:conversion-gen=false
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub host_network: bool,
    /// Use the node's process ID namespace.
    /// +optional
    /// +k8s:conversion-gen=false
    /// +protobuf=12
    #[serde(
        default,
        rename = "hostPID",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub host_pid: bool,
    /// Use the node's IPC namespace.
    /// +optional
    /// +k8s:conversion-gen=false
    /// +protobuf=13
    #[serde(
        default,
        rename = "hostIPC",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub host_ipc: bool,
    /// Let the pod's containers see and signal each other's processes.
    /// +optional
    /// +k8s:conversion-gen=false
    /// +protobuf=27
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share_process_namespace: Option<bool>,
    /// Pod-wide security settings and container defaults.
    /// +optional
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_context: Option<PodSecurityContext>,
    /// Secrets in the pod's namespace holding registry credentials for pulling
    /// images.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    /// The pod's hostname; a system-chosen value when unset.
    /// +optional
    /// +protobuf=16
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub hostname: String,
    /// With `hostname`, gives the pod the FQDN
    /// `<hostname>.<subdomain>.<namespace>.svc.<cluster domain>`.
    /// +optional
    /// +protobuf=17
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub subdomain: String,
    /// Node and pod affinity and anti-affinity rules for scheduling.
    /// +optional
    /// +protobuf=18
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affinity: Option<Affinity>,
    /// The scheduler that places the pod; `default-scheduler` when unset.
    /// +optional
    /// +protobuf=19
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub scheduler_name: String,
    /// Taints the pod tolerates.
    /// +optional
    /// +listType=atomic
    /// +protobuf=22
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<Toleration>,
    /// Extra entries for the pod's hosts file.
    /// +optional
    /// +patchMergeKey=ip
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=ip
    /// +protobuf=23
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub host_aliases: Vec<HostAlias>,
    /// The PriorityClass that sets the pod's priority.
    /// +optional
    /// +protobuf=24
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub priority_class_name: String,
    /// The pod's priority, filled in from `priorityClassName` by admission.
    /// +optional
    /// +protobuf=25
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<i32>,
    /// DNS settings merged into those `dnsPolicy` generates.
    /// +optional
    /// +protobuf=26
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dns_config: Option<PodDNSConfig>,
    /// Extra pod conditions that must be true for the pod to be ready.
    /// +optional
    /// +listType=atomic
    /// +protobuf=28
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readiness_gates: Vec<PodReadinessGate>,
    /// The RuntimeClass (node.k8s.io) to run the pod with.
    /// +optional
    /// +protobuf=29
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime_class_name: Option<String>,
    /// Whether service information is injected as environment variables; true
    /// when unset.
    /// +optional
    /// +protobuf=30
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enable_service_links: Option<bool>,
    /// Whether the pod may preempt lower-priority pods: `PreemptLowerPriority`
    /// (the default) or `Never`.
    /// +optional
    /// +protobuf=31
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preemption_policy: Option<String>,
    /// Resources the pod's runtime class consumes on top of the containers'
    /// requests.
    /// +optional
    /// +protobuf=32
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub overhead: BTreeMap<String, Quantity>,
    /// How the pod's replicas spread across topology domains.
    /// +optional
    /// +patchMergeKey=topologyKey
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=topologyKey
    /// +listMapKey=whenUnsatisfiable
    /// +protobuf=33
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topology_spread_constraints: Vec<TopologySpreadConstraint>,
    /// Set the pod's hostname to its fully qualified name rather than the short
    /// name.
    /// +optional
    /// +protobuf=35
    #[serde(
        default,
        rename = "setHostnameAsFQDN",
        skip_serializing_if = "Option::is_none"
    )]
    pub set_hostname_as_fqdn: Option<bool>,
    /// The operating system the pod's containers need; restricts which fields
    /// may be set.
    /// +optional
    /// +protobuf=36
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub os: Option<PodOS>,
    /// Use the node's user namespace (true when unset); false gives the pod its
    /// own.
    /// +optional
    /// +k8s:conversion-gen=false
    /// +protobuf=37
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_users: Option<bool>,
    /// Gates that hold the pod back from scheduling until all are removed.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=38
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scheduling_gates: Vec<PodSchedulingGate>,
    /// Dynamic resource claims the pod needs before it starts.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge,retainKeys
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=39
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_claims: Vec<PodResourceClaim>,
    /// Resources for the whole pod, shared by its containers.
    /// +optional
    /// +protobuf=40
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    /// A hostname for the pod that wins over `hostname` and `subdomain`.
    /// +optional
    /// +protobuf=41
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hostname_override: Option<String>,
    /// The scheduling group (a PodGroup) the pod belongs to.
    /// +optional
    /// +protobuf=43
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduling_group: Option<PodSchedulingGroup>,
}

/// PodSchedulingGroup names the runtime scheduling group a pod belongs to;
/// exactly one field is set.
///
/// +union
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodSchedulingGroup {
    /// The name of the PodGroup object standing for the group.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_group_name: Option<String>,
}

/// PodOS names the operating system a pod runs on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PodOS {
    /// `linux` or `windows`.
    /// +protobuf=1
    pub name: String,
}

/// PodSchedulingGate holds a pod back from scheduling while present.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PodSchedulingGate {
    /// The gate's name, unique within the pod.
    /// +protobuf=1
    pub name: String,
}

/// PodReadinessGate names a pod condition that must be true for the pod to be
/// ready.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodReadinessGate {
    /// The type of the condition in the pod's condition list.
    /// +protobuf=1
    pub condition_type: String,
}

/// PodResourceClaim names a ResourceClaim, directly or through a template, for
/// the pod's containers to use.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodResourceClaim {
    /// The claim's name within the pod.
    /// +protobuf=1
    pub name: String,
    /// An existing ResourceClaim in the pod's namespace.
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_claim_name: Option<String>,
    /// A ResourceClaimTemplate from which a claim is made for this pod.
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_claim_template_name: Option<String>,
}

/// HostAlias is one entry of the pod's hosts file: an IP and its names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HostAlias {
    /// The IP address.
    /// +required
    /// +protobuf=1
    pub ip: String,
    /// Host names for that address.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hostnames: Vec<String>,
}

/// PodDNSConfig holds DNS settings on top of what the DNS policy generates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PodDNSConfig {
    /// Extra name server addresses.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nameservers: Vec<String>,
    /// Extra search domains.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub searches: Vec<String>,
    /// Resolver options.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<PodDNSConfigOption>,
}

/// PodDNSConfigOption is one resolver option.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PodDNSConfigOption {
    /// The option's name.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
    /// The option's value, if it takes one.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// TopologySpreadConstraint says how evenly matching pods must spread over a
/// topology.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TopologySpreadConstraint {
    /// The largest allowed difference in matching pods between two domains.
    /// +protobuf=1
    pub max_skew: i32,
    /// The node label whose values define the domains.
    /// +protobuf=2
    pub topology_key: String,
    /// `DoNotSchedule` or `ScheduleAnyway` when the constraint cannot be met.
    /// +protobuf=3
    pub when_unsatisfiable: String,
    /// Selects the pods counted in each domain.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelector>,
    /// The minimum number of eligible domains.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_domains: Option<i32>,
    /// Whether node affinity limits the domains counted: `Honor` or `Ignore`.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_affinity_policy: Option<String>,
    /// Whether node taints limit the domains counted: `Honor` or `Ignore`.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_taints_policy: Option<String>,
    /// Labels of the incoming pod whose values are added to the selector.
    /// +listType=atomic
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_label_keys: Vec<String>,
}

/// Toleration lets a pod be scheduled onto (or stay on) nodes with a matching
/// taint.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Toleration {
    /// The taint key matched; empty matches every key.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub key: String,
    /// `Equal` (the default), `Exists`, `Lt` or `Gt`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub operator: String,
    /// The taint value matched.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub value: String,
    /// The taint effect matched; empty matches every effect.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub effect: String,
    /// How long a `NoExecute` taint is tolerated before eviction.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toleration_seconds: Option<i64>,
}

/// Volume is a named volume the pod's containers can mount.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(default)]
pub struct Volume {
    /// The volume's name, unique within the pod.
    /// +protobuf=1
    pub name: String,
    /// Where the volume's data comes from.
    /// +protobuf=2
    #[serde(flatten)]
    pub volume_source: VolumeSource,
}

/// Reads the embedded `VolumeSource` from the volume's own entries in one
/// pass (`runtime::codec::embedded`), so that a field neither type knows
/// reaches field validation.
impl<'de> Deserialize<'de> for Volume {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (name, volume_source) =
            runtime::codec::embedded::beside::<_, Option<String>, _>(d, "name")?;
        Ok(Volume {
            name: name.flatten().unwrap_or_default(),
            volume_source,
        })
    }
}

// Each member is boxed, as Go holds each behind a pointer: a volume sets
// one, and thirty inline sources made every `Volume` 3,112 bytes (264
// boxed) that decoding wrote and copied.
/// VolumeSource is where a volume's data comes from; exactly one member is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct VolumeSource {
    /// A file or directory of the node.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_path: Option<Box<HostPathVolumeSource>>,
    /// An empty directory living as long as the pod.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_dir: Option<Box<EmptyDirVolumeSource>>,
    /// A GCE persistent disk (deprecated).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gce_persistent_disk: Option<Box<GCEPersistentDiskVolumeSource>>,
    /// An AWS EBS disk (deprecated).
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aws_elastic_block_store: Option<Box<AWSElasticBlockStoreVolumeSource>>,
    /// A git checkout (deprecated).
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_repo: Option<Box<GitRepoVolumeSource>>,
    /// The keys of a Secret as files.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<Box<SecretVolumeSource>>,
    /// An NFS export.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nfs: Option<Box<NFSVolumeSource>>,
    /// An iSCSI disk.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iscsi: Option<Box<ISCSIVolumeSource>>,
    /// A Glusterfs mount (deprecated).
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glusterfs: Option<Box<GlusterfsVolumeSource>>,
    /// A PersistentVolumeClaim in the pod's namespace.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persistent_volume_claim: Option<Box<PersistentVolumeClaimVolumeSource>>,
    /// A Ceph RBD image (deprecated).
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rbd: Option<Box<RBDVolumeSource>>,
    /// A volume of an exec-based driver (deprecated).
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flex_volume: Option<Box<FlexVolumeSource>>,
    /// An OpenStack Cinder volume (deprecated).
    /// +optional
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinder: Option<Box<CinderVolumeSource>>,
    /// A CephFS mount (deprecated).
    /// +optional
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cephfs: Option<Box<CephFSVolumeSource>>,
    /// A Flocker dataset (deprecated).
    /// +optional
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flocker: Option<Box<FlockerVolumeSource>>,
    /// Pod fields as files.
    /// +optional
    /// +protobuf=16
    #[serde(
        default,
        rename = "downwardAPI",
        skip_serializing_if = "Option::is_none"
    )]
    pub downward_api: Option<Box<DownwardAPIVolumeSource>>,
    /// A Fibre Channel disk.
    /// +optional
    /// +protobuf=17
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fc: Option<Box<FCVolumeSource>>,
    /// An Azure file share (deprecated).
    /// +optional
    /// +protobuf=18
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure_file: Option<Box<AzureFileVolumeSource>>,
    /// The keys of a ConfigMap as files.
    /// +optional
    /// +protobuf=19
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map: Option<Box<ConfigMapVolumeSource>>,
    /// A vSphere disk (deprecated).
    /// +optional
    /// +protobuf=20
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vsphere_volume: Option<Box<VsphereVirtualDiskVolumeSource>>,
    /// A Quobyte volume (deprecated).
    /// +optional
    /// +protobuf=21
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quobyte: Option<Box<QuobyteVolumeSource>>,
    /// An Azure data disk (deprecated).
    /// +optional
    /// +protobuf=22
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure_disk: Option<Box<AzureDiskVolumeSource>>,
    /// A Photon Controller disk (deprecated).
    /// +protobuf=23
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photon_persistent_disk: Option<Box<PhotonPersistentDiskVolumeSource>>,
    /// Several sources projected into one directory.
    /// +protobuf=26
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub projected: Option<Box<ProjectedVolumeSource>>,
    /// A Portworx volume (deprecated).
    /// +optional
    /// +protobuf=24
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portworx_volume: Option<Box<PortworxVolumeSource>>,
    /// A ScaleIO volume (deprecated).
    /// +optional
    /// +protobuf=25
    #[serde(default, rename = "scaleIO", skip_serializing_if = "Option::is_none")]
    pub scale_io: Option<Box<ScaleIOVolumeSource>>,
    /// A StorageOS volume (deprecated).
    /// +optional
    /// +protobuf=27
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storageos: Option<Box<StorageOSVolumeSource>>,
    /// An ephemeral volume of a CSI driver.
    /// +optional
    /// +protobuf=28
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub csi: Option<Box<CSIVolumeSource>>,
    /// A volume provisioned through a PersistentVolumeClaim that lives and dies
    /// with the pod.
    /// +optional
    /// +protobuf=29
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ephemeral: Option<Box<EphemeralVolumeSource>>,
    /// An OCI image or artifact, mounted read-only.
    /// +optional
    /// +protobuf=30
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Box<ImageVolumeSource>>,
}

/// PersistentVolumeClaimVolumeSource mounts the volume bound to a claim in the
/// pod's namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaimVolumeSource {
    /// The claim's name.
    /// +protobuf=1
    pub claim_name: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// HostPathVolumeSource mounts a file or directory of the node.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HostPathVolumeSource {
    /// The path on the node.
    /// +protobuf=1
    pub path: String,
    /// What must exist at the path: empty (no check), `DirectoryOrCreate`,
    /// `Directory`, `FileOrCreate`, `File`, `Socket`, `CharDevice` or
    /// `BlockDevice`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#type: Option<String>,
}

/// EmptyDirVolumeSource is an empty directory that lives as long as the pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EmptyDirVolumeSource {
    /// Backing storage: empty for the node's default, or `Memory`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub medium: String,
    /// The most local storage the directory may use.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_limit: Option<Quantity>,
}

/// GlusterfsVolumeSource mounts a Glusterfs volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct GlusterfsVolumeSource {
    /// The Endpoints object describing the Glusterfs cluster.
    /// +protobuf=1
    pub endpoints: String,
    /// The Glusterfs volume path.
    /// +protobuf=2
    pub path: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// RBDVolumeSource mounts a Ceph RADOS block device.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct RBDVolumeSource {
    /// The Ceph monitors.
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monitors: Vec<String>,
    /// The RADOS image name.
    /// +protobuf=2
    pub image: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// The RADOS pool.
    /// +optional
    /// +default="rbd"
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub pool: String,
    /// The RADOS user.
    /// +optional
    /// +default="admin"
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub user: String,
    /// Path to the user's keyring.
    /// +optional
    /// +default="/etc/ceph/keyring"
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub keyring: String,
    /// A Secret with the user's key; wins over the keyring.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// CinderVolumeSource mounts an OpenStack Cinder volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct CinderVolumeSource {
    /// The Cinder volume ID.
    /// +protobuf=1
    #[serde(rename = "volumeID")]
    pub volume_id: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
    /// A Secret with OpenStack connection parameters.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
}

/// CephFSVolumeSource mounts a CephFS tree.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct CephFSVolumeSource {
    /// The Ceph monitors.
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monitors: Vec<String>,
    /// The root of the mount within the CephFS tree; `/` when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub path: String,
    /// The RADOS user; `admin` when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub user: String,
    /// Path to the user's key ring.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub secret_file: String,
    /// A Secret with the user's key.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// FlockerVolumeSource mounts a Flocker dataset, by name or by UUID.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct FlockerVolumeSource {
    /// The dataset's name (deprecated).
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub dataset_name: String,
    /// The dataset's UUID.
    /// +optional
    /// +protobuf=2
    #[serde(
        default,
        rename = "datasetUUID",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub dataset_uuid: String,
}

/// GCEPersistentDiskVolumeSource mounts a Google Compute Engine persistent
/// disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct GCEPersistentDiskVolumeSource {
    /// The disk's name in GCE.
    /// +protobuf=1
    pub pd_name: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// The partition to mount; the whole disk when zero.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub partition: i32,
    /// Mount read-only.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// QuobyteVolumeSource mounts a Quobyte volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct QuobyteVolumeSource {
    /// Quobyte registry services, as `host:port` pairs separated by commas.
    /// +protobuf=1
    pub registry: String,
    /// The Quobyte volume's name.
    /// +protobuf=2
    pub volume: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
    /// The user volume access maps to.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub user: String,
    /// The group volume access maps to.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub group: String,
    /// The tenant owning the volume.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub tenant: String,
}

/// FlexVolumeSource mounts a volume through an exec-based driver.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct FlexVolumeSource {
    /// The driver's name.
    /// +protobuf=1
    pub driver: String,
    /// The filesystem type; the driver's default when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// A Secret handed to the driver.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
    /// Extra driver options.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
}

/// AWSElasticBlockStoreVolumeSource mounts an AWS EBS disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct AWSElasticBlockStoreVolumeSource {
    /// The EBS volume ID.
    /// +protobuf=1
    #[serde(rename = "volumeID")]
    pub volume_id: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// The partition to mount; the whole disk when zero.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub partition: i32,
    /// Mount read-only.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// GitRepoVolumeSource clones a git repository into the volume (deprecated).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GitRepoVolumeSource {
    /// The repository URL.
    /// +protobuf=1
    pub repository: String,
    /// The commit to check out.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub revision: String,
    /// The directory to clone into, relative to the volume root.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub directory: String,
}

/// SecretVolumeSource presents the keys of a Secret as files.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SecretVolumeSource {
    /// The Secret's name in the pod's namespace.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub secret_name: String,
    /// Which keys to project and where; every key when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    /// Permission bits of the created files; 0644 when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
    /// Whether the Secret and its keys may be missing.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// SecretProjection projects the keys of a Secret into a projected volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SecretProjection {
    /// The Secret.
    /// +protobuf=1
    #[serde(flatten)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to project and where; every key when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    /// Whether the Secret and its keys may be missing.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// NFSVolumeSource mounts an NFS export.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NFSVolumeSource {
    /// The NFS server's name or IP address.
    /// +protobuf=1
    pub server: String,
    /// The exported path.
    /// +protobuf=2
    pub path: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// ISCSIVolumeSource mounts an iSCSI disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ISCSIVolumeSource {
    /// The target portal, as an IP or `ip:port`.
    /// +protobuf=1
    pub target_portal: String,
    /// The target's iSCSI qualified name.
    /// +protobuf=2
    pub iqn: String,
    /// The target LUN.
    /// +protobuf=3
    pub lun: i32,
    /// The iSCSI interface; `default` (tcp) when unset.
    /// +optional
    /// +default="default"
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub iscsi_interface: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
    /// More target portals.
    /// +optional
    /// +listType=atomic
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub portals: Vec<String>,
    /// Use CHAP authentication for discovery.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub chap_auth_discovery: bool,
    /// Use CHAP authentication for sessions.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub chap_auth_session: bool,
    /// A Secret with the CHAP credentials.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// A custom initiator name.
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiator_name: Option<String>,
}

/// FCVolumeSource mounts a Fibre Channel disk, by target WWNs and LUN or by
/// WWIDs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct FCVolumeSource {
    /// Target world wide names.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, rename = "targetWWNs", skip_serializing_if = "Vec::is_empty")]
    pub target_ww_ns: Vec<String>,
    /// The target LUN.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lun: Option<i32>,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
    /// Volume world wide identifiers.
    /// +optional
    /// +listType=atomic
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wwids: Vec<String>,
}

/// AzureFileVolumeSource mounts an Azure file share.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct AzureFileVolumeSource {
    /// A Secret with the storage account name and key.
    /// +protobuf=1
    pub secret_name: String,
    /// The share's name.
    /// +protobuf=2
    pub share_name: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// VsphereVirtualDiskVolumeSource mounts a vSphere virtual disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct VsphereVirtualDiskVolumeSource {
    /// The path of the vmdk.
    /// +protobuf=1
    pub volume_path: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// The storage policy (SPBM) profile name.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub storage_policy_name: String,
    /// The storage policy (SPBM) profile ID.
    /// +optional
    /// +protobuf=4
    #[serde(
        default,
        rename = "storagePolicyID",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub storage_policy_id: String,
}

/// PhotonPersistentDiskVolumeSource mounts a Photon Controller persistent disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PhotonPersistentDiskVolumeSource {
    /// The disk's ID.
    /// +protobuf=1
    #[serde(rename = "pdID")]
    pub pd_id: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
}

/// AzureDiskVolumeSource mounts an Azure data disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct AzureDiskVolumeSource {
    /// The data disk's name.
    /// +protobuf=1
    pub disk_name: String,
    /// The data disk's URI.
    /// +protobuf=2
    #[serde(rename = "diskURI")]
    pub disk_uri: String,
    /// Host caching: `None`, `ReadOnly` or `ReadWrite`.
    /// +optional
    /// +default="ReadWrite"
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caching_mode: Option<String>,
    /// The filesystem type.
    /// +optional
    /// +default="ext4"
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_type: Option<String>,
    /// Mount read-only.
    /// +optional
    /// +default=false
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    /// `Shared`, `Dedicated` or `Managed`.
    /// +default="Shared"
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
}

/// PortworxVolumeSource mounts a Portworx volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PortworxVolumeSource {
    /// The Portworx volume ID.
    /// +protobuf=1
    #[serde(rename = "volumeID")]
    pub volume_id: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// ScaleIOVolumeSource mounts a ScaleIO volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ScaleIOVolumeSource {
    /// The ScaleIO API gateway's address.
    /// +protobuf=1
    pub gateway: String,
    /// The ScaleIO storage system's name.
    /// +protobuf=2
    pub system: String,
    /// A Secret with the ScaleIO user's credentials.
    /// +protobuf=3
    #[serde(default)]
    pub secret_ref: LocalObjectReference,
    /// Talk to the gateway over SSL.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub ssl_enabled: bool,
    /// The protection domain.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub protection_domain: String,
    /// The storage pool.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub storage_pool: String,
    /// `ThickProvisioned` or `ThinProvisioned`.
    /// +optional
    /// +default="ThinProvisioned"
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub storage_mode: String,
    /// The ScaleIO volume's name.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub volume_name: String,
    /// The filesystem type.
    /// +optional
    /// +default="xfs"
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
}

/// StorageOSVolumeSource mounts a StorageOS volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StorageOSVolumeSource {
    /// The StorageOS volume's name.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub volume_name: String,
    /// The StorageOS namespace; the pod's namespace when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub volume_namespace: String,
    /// The filesystem type; `ext4` when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fs_type: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
    /// A Secret with StorageOS API credentials.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
}

/// ConfigMapVolumeSource presents the keys of a ConfigMap as files.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapVolumeSource {
    /// The ConfigMap.
    /// +protobuf=1
    #[serde(flatten)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to project and where; every key when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    /// Permission bits of the created files; 0644 when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
    /// Whether the ConfigMap and its keys may be missing.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// ConfigMapProjection projects the keys of a ConfigMap into a projected
/// volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ConfigMapProjection {
    /// The ConfigMap.
    /// +protobuf=1
    #[serde(flatten)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to project and where; every key when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    /// Whether the ConfigMap and its keys may be missing.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// ServiceAccountTokenProjection projects a service account token into a
/// projected volume.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ServiceAccountTokenProjection {
    /// The audience the token is for; the API server's identifier when unset.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub audience: String,
    /// How long the token is valid; an hour when unset, at least ten minutes.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_seconds: Option<i64>,
    /// The file to write the token to, relative to the mount point.
    /// +protobuf=3
    pub path: String,
}

/// ClusterTrustBundleProjection projects the certificates of
/// ClusterTrustBundles into a file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ClusterTrustBundleProjection {
    /// One bundle, by name.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Every bundle of this signer (filtered by `labelSelector`).
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signer_name: Option<String>,
    /// Filters the bundles of `signerName`; unset matches none, empty matches
    /// all.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelector>,
    /// Whether the pod may start when the bundles are missing.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
    /// The file to write the bundle to, relative to the volume root.
    /// +protobuf=4
    pub path: String,
}

/// PodCertificateProjection projects a private key and a certificate chain
/// issued for the pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodCertificateProjection {
    /// The signer the kubelet's certificate requests go to.
    /// +required
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub signer_name: String,
    /// The key pair type: `RSA3072`, `RSA4096`, `ECDSAP256`, `ECDSAP384`,
    /// `ECDSAP521` or `ED25519`.
    /// +required
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub key_type: String,
    /// The longest certificate lifetime asked for.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_expiration_seconds: Option<i32>,
    /// Where to write the key and chain as one PEM file.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub credential_bundle_path: String,
    /// Where to write the private key alone.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub key_path: String,
    /// Where to write the certificate chain alone.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub certificate_chain_path: String,
    /// Extra information handed to the signer.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub user_annotations: BTreeMap<String, String>,
}

/// ProjectedVolumeSource combines several sources into one directory.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ProjectedVolumeSource {
    /// The sources, one per entry.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<VolumeProjection>,
    /// Permission bits of the created files; 0644 when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
}

// Each member is boxed, as Go holds each behind a pointer (one is set).
/// VolumeProjection is one source of a projected volume; exactly one member is
/// set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct VolumeProjection {
    /// Keys of a Secret.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<Box<SecretProjection>>,
    /// Pod fields.
    /// +optional
    /// +protobuf=2
    #[serde(
        default,
        rename = "downwardAPI",
        skip_serializing_if = "Option::is_none"
    )]
    pub downward_api: Option<Box<DownwardAPIProjection>>,
    /// Keys of a ConfigMap.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map: Option<Box<ConfigMapProjection>>,
    /// A service account token.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_account_token: Option<Box<ServiceAccountTokenProjection>>,
    /// Certificates of ClusterTrustBundles.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster_trust_bundle: Option<Box<ClusterTrustBundleProjection>>,
    /// A key and certificate issued for the pod.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_certificate: Option<Box<PodCertificateProjection>>,
}

/// KeyToPath maps one key to a file path within a volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KeyToPath {
    /// The key.
    /// +protobuf=1
    pub key: String,
    /// The relative file path; may not contain `..`.
    /// +protobuf=2
    pub path: String,
    /// Permission bits of the file; the volume's default mode when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<i32>,
}

/// CSIVolumeSource is an ephemeral volume handled by a CSI driver.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct CSIVolumeSource {
    /// The CSI driver's name.
    /// +protobuf=1
    pub driver: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    /// The filesystem type; the driver's default when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_type: Option<String>,
    /// Driver-specific properties.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub volume_attributes: BTreeMap<String, String>,
    /// A Secret handed to the driver on publish and unpublish.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_publish_secret_ref: Option<LocalObjectReference>,
}

/// EphemeralVolumeSource is a volume provisioned through a claim owned by the
/// pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EphemeralVolumeSource {
    /// The claim to create, named `<pod name>-<volume name>`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_claim_template: Option<PersistentVolumeClaimTemplate>,
}

/// PersistentVolumeClaimTemplate is the claim an ephemeral volume creates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PersistentVolumeClaimTemplate {
    /// Labels and annotations copied into the claim.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The claim's spec, copied unchanged.
    /// +protobuf=2
    #[serde(default)]
    pub spec: PersistentVolumeClaimSpec,
}

/// PersistentVolumeClaimSpec describes the storage a claim asks for.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaimSpec {
    /// The access modes wanted.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    /// Limits which volumes may be bound.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// The least storage wanted.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub resources: VolumeResourceRequirements,
    /// The volume to bind to.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub volume_name: String,
    /// The StorageClass wanted.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage_class_name: Option<String>,
    /// `Filesystem` (the default) or `Block`.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_mode: Option<String>,
    /// A snapshot or claim to populate the volume from.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_source: Option<TypedLocalObjectReference>,
    /// Any populator object to fill the volume from.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_source_ref: Option<TypedObjectReference>,
    /// The VolumeAttributesClass to apply.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_attributes_class_name: Option<String>,
}

/// VolumeResourceRequirements is the storage a volume claim asks for.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct VolumeResourceRequirements {
    /// The most storage allowed.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, Quantity>,
    /// The least storage needed.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub requests: BTreeMap<String, Quantity>,
}

/// TypedLocalObjectReference points at an object of a given kind in the same
/// namespace.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TypedLocalObjectReference {
    /// The referent's API group; the core group when unset.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub api_group: Option<String>,
    /// The referent's kind.
    /// +protobuf=2
    pub kind: String,
    /// The referent's name.
    /// +protobuf=3
    pub name: String,
}

/// TypedObjectReference points at an object of a given kind, possibly in
/// another namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct TypedObjectReference {
    /// The referent's API group; the core group when unset.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub api_group: Option<String>,
    /// The referent's kind.
    /// +protobuf=2
    pub kind: String,
    /// The referent's name.
    /// +protobuf=3
    pub name: String,
    /// The referent's namespace, when not the claim's.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

/// ImageVolumeSource mounts an OCI image or artifact read-only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ImageVolumeSource {
    /// The image or artifact reference, as for a container image.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reference: String,
    /// `Always`, `Never` or `IfNotPresent`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub pull_policy: String,
}

/// LocalObjectReference names an object in the same namespace.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LocalObjectReference {
    /// The referent's name; effectively required.
    /// +optional
    /// +default=""
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
}

/// DownwardAPIVolumeSource presents pod fields as files.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DownwardAPIVolumeSource {
    /// The files.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<DownwardAPIVolumeFile>,
    /// Permission bits of the created files; 0644 when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
}

/// DownwardAPIVolumeFile is one file holding a pod or container field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DownwardAPIVolumeFile {
    /// The relative file path.
    /// +protobuf=1
    pub path: String,
    /// A pod field.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_ref: Option<ObjectFieldSelector>,
    /// A container's resource limit or request.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    /// Permission bits of the file; the volume's default mode when unset.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<i32>,
}

/// DownwardAPIProjection projects pod fields into a projected volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DownwardAPIProjection {
    /// The files.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<DownwardAPIVolumeFile>,
}

// The probes, `lifecycle` and `securityContext` are boxed, as Go holds
// them behind pointers: inline they made a `Container` 2,080 bytes (504
// boxed), most of them unset in most containers.
/// Container is one application container of a pod.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    /// The container's name, a DNS label unique within the pod.
    /// +protobuf=1
    pub name: String,
    /// The container image.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub image: String,
    /// The entrypoint, replacing the image's; `$(VAR)` references are expanded.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    /// Arguments to the entrypoint, replacing the image's; `$(VAR)` references
    /// are expanded.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// The working directory; the image's when unset.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub working_dir: String,
    /// Ports the container exposes (informational).
    /// +optional
    /// +patchMergeKey=containerPort
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=containerPort
    /// +listMapKey=protocol
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
    /// Sources of whole sets of environment variables.
    /// +optional
    /// +listType=atomic
    /// +protobuf=19
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env_from: Vec<EnvFromSource>,
    /// Environment variables.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<EnvVar>,
    /// The compute resources the container needs.
    /// +optional
    /// +protobuf=8
    #[serde(default)]
    pub resources: ResourceRequirements,
    /// How each resource is resized in place.
    /// +optional
    /// +listType=atomic
    /// +protobuf=23
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resize_policy: Vec<ContainerResizePolicy>,
    /// Restart behaviour of this container, overriding the pod's; `Always` on
    /// an init container makes it a sidecar.
    /// +optional
    /// +protobuf=24
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<String>,
    /// Rules, checked in order, deciding whether an exited container restarts.
    /// +optional
    /// +listType=atomic
    /// +protobuf=25
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    /// Volumes mounted into the container.
    /// +optional
    /// +patchMergeKey=mountPath
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=mountPath
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_mounts: Vec<VolumeMount>,
    /// Raw block devices mapped into the container.
    /// +patchMergeKey=devicePath
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=devicePath
    /// +optional
    /// +protobuf=21
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_devices: Vec<VolumeDevice>,
    /// Restarts the container when it fails.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liveness_probe: Option<Box<Probe>>,
    /// Takes the container out of service endpoints when it fails.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readiness_probe: Option<Box<Probe>>,
    /// Must succeed before the other probes run.
    /// +optional
    /// +protobuf=22
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_probe: Option<Box<Probe>>,
    /// Hooks run after start and before stop.
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lifecycle: Option<Box<Lifecycle>>,
    /// The file the termination message is read from; `/dev/termination-log`
    /// when unset.
    /// +optional
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub termination_message_path: String,
    /// `File` (the default) or `FallbackToLogsOnError`.
    /// +optional
    /// +protobuf=20
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub termination_message_policy: String,
    /// `Always`, `Never` or `IfNotPresent`; `Always` for `:latest` images, else
    /// `IfNotPresent`, when unset.
    /// +optional
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub image_pull_policy: String,
    /// Security settings, overriding the pod's.
    /// +optional
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_context: Option<Box<SecurityContext>>,
    /// Allocate a stdin buffer.
    /// +optional
    /// +protobuf=16
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub stdin: bool,
    /// Close stdin after the first attach disconnects.
    /// +optional
    /// +protobuf=17
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub stdin_once: bool,
    /// Allocate a TTY.
    /// +optional
    /// +protobuf=18
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub tty: bool,
}

// Boxed as in `Container`.
/// EphemeralContainerCommon holds the Container fields an ephemeral container
/// shares.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EphemeralContainerCommon {
    /// The container's name, unique among all the pod's containers.
    /// +protobuf=1
    pub name: String,
    /// The container image.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub image: String,
    /// The entrypoint, replacing the image's.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    /// Arguments to the entrypoint, replacing the image's.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// The working directory; the image's when unset.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub working_dir: String,
    /// Not allowed for ephemeral containers.
    /// +optional
    /// +patchMergeKey=containerPort
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=containerPort
    /// +listMapKey=protocol
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
    /// Sources of whole sets of environment variables.
    /// +optional
    /// +listType=atomic
    /// +protobuf=19
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env_from: Vec<EnvFromSource>,
    /// Environment variables.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<EnvVar>,
    /// Not allowed: ephemeral containers use the pod's spare resources.
    /// +optional
    /// +protobuf=8
    #[serde(default)]
    pub resources: ResourceRequirements,
    /// How each resource is resized in place.
    /// +optional
    /// +listType=atomic
    /// +protobuf=23
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resize_policy: Vec<ContainerResizePolicy>,
    /// Not allowed for ephemeral containers.
    /// +optional
    /// +protobuf=24
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<String>,
    /// Not allowed for ephemeral containers.
    /// +optional
    /// +listType=atomic
    /// +protobuf=25
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    /// Volumes mounted into the container; no subpaths.
    /// +optional
    /// +patchMergeKey=mountPath
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=mountPath
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_mounts: Vec<VolumeMount>,
    /// Raw block devices mapped into the container.
    /// +patchMergeKey=devicePath
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=devicePath
    /// +optional
    /// +protobuf=21
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_devices: Vec<VolumeDevice>,
    /// Not allowed for ephemeral containers.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liveness_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readiness_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    /// +optional
    /// +protobuf=22
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_probe: Option<Box<Probe>>,
    /// Not allowed for ephemeral containers.
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lifecycle: Option<Box<Lifecycle>>,
    /// The file the termination message is read from; `/dev/termination-log`
    /// when unset.
    /// +optional
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub termination_message_path: String,
    /// `File` (the default) or `FallbackToLogsOnError`.
    /// +optional
    /// +protobuf=20
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub termination_message_policy: String,
    /// `Always`, `Never` or `IfNotPresent`.
    /// +optional
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub image_pull_policy: String,
    /// Security settings, overriding the pod's.
    /// +optional
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_context: Option<Box<SecurityContext>>,
    /// Allocate a stdin buffer.
    /// +optional
    /// +protobuf=16
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub stdin: bool,
    /// Close stdin after the first attach disconnects.
    /// +optional
    /// +protobuf=17
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub stdin_once: bool,
    /// Allocate a TTY.
    /// +optional
    /// +protobuf=18
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub tty: bool,
}

/// EphemeralContainer is a temporary container added to a running pod, for
/// example to debug it.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EphemeralContainer {
    /// The fields shared with Container.
    /// +protobuf=1
    #[serde(flatten)]
    pub ephemeral_container_common: EphemeralContainerCommon,
    /// The container whose namespaces (IPC, PID...) this one joins.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub target_container_name: String,
}

/// Reads the embedded `EphemeralContainerCommon` from the container's own
/// entries in one pass (`runtime::codec::embedded`), as `Volume` reads its
/// source: serde's `flatten` would buffer the whole container first, and
/// drop the fields neither type knows before field validation sees them.
impl<'de> Deserialize<'de> for EphemeralContainer {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (target, ephemeral_container_common) =
            runtime::codec::embedded::beside::<_, Option<String>, _>(d, "targetContainerName")?;
        Ok(EphemeralContainer {
            ephemeral_container_common,
            target_container_name: target.flatten().unwrap_or_default(),
        })
    }
}

/// ContainerPort is one network port of a container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerPort {
    /// An IANA service name for the port, unique within the pod.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
    /// The port on the node, if any.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub host_port: i32,
    /// The port on the pod's IP address.
    /// +protobuf=3
    pub container_port: i32,
    /// `TCP` (the default), `UDP` or `SCTP`.
    /// +optional
    /// +default="TCP"
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub protocol: String,
    /// The node IP the host port binds to.
    /// +optional
    /// +protobuf=5
    #[serde(
        default,
        rename = "hostIP",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub host_ip: String,
}

/// VolumeMount mounts a pod volume into a container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct VolumeMount {
    /// The volume's name.
    /// +protobuf=1
    pub name: String,
    /// Mount read-only.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
    /// Whether a read-only mount is read-only recursively: `Disabled`,
    /// `IfPossible` or `Enabled`.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recursive_read_only: Option<String>,
    /// Where in the container; must not contain `:`.
    /// +protobuf=3
    pub mount_path: String,
    /// The path within the volume to mount; its root when unset.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub sub_path: String,
    /// `None` (the default), `HostToContainer` or `Bidirectional`.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount_propagation: Option<String>,
    /// Like `subPath`, with `$(VAR)` references expanded.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub sub_path_expr: String,
}

/// VolumeDevice maps a raw block device into a container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct VolumeDevice {
    /// The claim's name in the pod.
    /// +protobuf=1
    pub name: String,
    /// Where in the container.
    /// +protobuf=2
    pub device_path: String,
}

// `valueFrom` is boxed, as Go holds it behind a pointer: inline it made
// each `EnvVar` 360 bytes (56 boxed), and most variables are literals.
/// EnvVar is one environment variable of a container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EnvVar {
    /// The variable's name.
    /// +protobuf=1
    pub name: String,
    /// The value; `$(VAR)` references are expanded.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub value: String,
    /// Where the value comes from, instead of `value`.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_from: Option<Box<EnvVarSource>>,
}

/// EnvVarSource is where an environment variable's value comes from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EnvVarSource {
    /// A pod field.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_ref: Option<ObjectFieldSelector>,
    /// A container's resource limit or request.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    /// A key of a ConfigMap.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map_key_ref: Option<ConfigMapKeySelector>,
    /// A key of a Secret.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_key_ref: Option<SecretKeySelector>,
    /// A key of an env file in a volume.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_key_ref: Option<FileKeySelector>,
}

/// FileKeySelector picks a key of an env file in a volume.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct FileKeySelector {
    /// The volume mount holding the file.
    /// +required
    /// +protobuf=1
    pub volume_name: String,
    /// The file's path within the volume.
    /// +required
    /// +protobuf=2
    pub path: String,
    /// The key within the file.
    /// +required
    /// +protobuf=3
    pub key: String,
    /// Whether the file or key may be missing.
    /// +optional
    /// +default=false
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// ObjectFieldSelector picks a field of an object.
///
/// +structType=atomic
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectFieldSelector {
    /// The schema version the path is written against; `v1` when unset.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub api_version: String,
    /// The field's path.
    /// +protobuf=2
    pub field_path: String,
}

/// ResourceFieldSelector picks a container's resource limit or request.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceFieldSelector {
    /// The container; needed in volumes.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub container_name: String,
    /// The resource, such as `limits.cpu`.
    /// +protobuf=2
    pub resource: String,
    /// The unit the value is written in; 1 when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub divisor: Quantity,
}

/// ConfigMapKeySelector picks a key of a ConfigMap.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ConfigMapKeySelector {
    /// The ConfigMap.
    /// +protobuf=1
    #[serde(flatten)]
    pub local_object_reference: LocalObjectReference,
    /// The key.
    /// +protobuf=2
    pub key: String,
    /// Whether the ConfigMap or key may be missing.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// SecretKeySelector picks a key of a Secret.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SecretKeySelector {
    /// The Secret.
    /// +protobuf=1
    #[serde(flatten)]
    pub local_object_reference: LocalObjectReference,
    /// The key.
    /// +protobuf=2
    pub key: String,
    /// Whether the Secret or key may be missing.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// EnvFromSource turns every key of a ConfigMap or Secret into an environment
/// variable.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct EnvFromSource {
    /// Prepended to each variable's name.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub prefix: String,
    /// The ConfigMap.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map_ref: Option<ConfigMapEnvSource>,
    /// The Secret.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<SecretEnvSource>,
}

/// ConfigMapEnvSource names a ConfigMap whose keys become environment
/// variables.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ConfigMapEnvSource {
    /// The ConfigMap.
    /// +protobuf=1
    #[serde(flatten)]
    pub local_object_reference: LocalObjectReference,
    /// Whether the ConfigMap may be missing.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// SecretEnvSource names a Secret whose keys become environment variables.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SecretEnvSource {
    /// The Secret.
    /// +protobuf=1
    #[serde(flatten)]
    pub local_object_reference: LocalObjectReference,
    /// Whether the Secret may be missing.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// HTTPHeader is a header sent with an HTTP probe.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HTTPHeader {
    /// The header's name.
    /// +protobuf=1
    pub name: String,
    /// The header's value.
    /// +protobuf=2
    pub value: String,
}

/// HTTPGetAction is an HTTP GET request made by a probe or hook.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HTTPGetAction {
    /// The path requested.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub path: String,
    /// The port, by number or by name.
    /// +protobuf=2
    pub port: IntOrString,
    /// The host to connect to; the pod IP when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub host: String,
    /// `HTTP` (the default) or `HTTPS`.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub scheme: String,
    /// Extra request headers.
    /// +optional
    /// +listType=atomic
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub http_headers: Vec<HTTPHeader>,
}

/// TCPSocketAction opens a TCP connection.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TCPSocketAction {
    /// The port, by number or by name.
    /// +protobuf=1
    pub port: IntOrString,
    /// The host to connect to; the pod IP when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub host: String,
}

/// GRPCAction calls the gRPC health check service.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GRPCAction {
    /// The port of the gRPC service.
    /// +protobuf=1
    pub port: i32,
    /// The service name put in the health check request.
    /// +optional
    /// +default=""
    /// +protobuf=2
    #[serde(default)]
    pub service: Option<String>,
}

/// ExecAction runs a command inside the container; exit status 0 means healthy.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ExecAction {
    /// The command line; it is not run in a shell.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
}

/// SleepAction waits a while.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SleepAction {
    /// How many seconds to sleep.
    /// +protobuf=1
    pub seconds: i64,
}

/// Probe is a health check of a container.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Probe {
    /// The check to run.
    /// +protobuf=1
    #[serde(flatten)]
    pub handler: ProbeHandler,
    /// Seconds after start before the first check.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub initial_delay_seconds: i32,
    /// Seconds before a check times out; 1 when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub timeout_seconds: i32,
    /// Seconds between checks; 10 when unset.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub period_seconds: i32,
    /// Successes in a row that count as passing; 1 when unset.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub success_threshold: i32,
    /// Failures in a row that count as failing; 3 when unset.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub failure_threshold: i32,
    /// Grace period when the probe fails, overriding the pod's.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
}

/// A `Probe` being read: its own fields, its handler left to
/// `ProbeHandler`.
#[derive(Default)]
struct ProbeOwnFields(Probe);

impl<'de> runtime::codec::embedded::OuterFields<'de> for ProbeOwnFields {
    fn read<A: serde::de::MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        let probe = &mut self.0;
        match key {
            "initialDelaySeconds" => probe.initial_delay_seconds = map.next_value()?,
            "timeoutSeconds" => probe.timeout_seconds = map.next_value()?,
            "periodSeconds" => probe.period_seconds = map.next_value()?,
            "successThreshold" => probe.success_threshold = map.next_value()?,
            "failureThreshold" => probe.failure_threshold = map.next_value()?,
            "terminationGracePeriodSeconds" => {
                probe.termination_grace_period_seconds = map.next_value()?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// Reads the embedded `ProbeHandler` from the probe's own entries in one
/// pass (`runtime::codec::embedded`), as `Volume` reads its source.
impl<'de> Deserialize<'de> for Probe {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (ProbeOwnFields(mut probe), handler) =
            runtime::codec::embedded::around::<_, ProbeOwnFields, ProbeHandler>(d)?;
        probe.handler = handler;
        Ok(probe)
    }
}

/// ProbeHandler is the check a probe runs; exactly one member is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ProbeHandler {
    /// Run a command.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exec: Option<ExecAction>,
    /// Make an HTTP GET request.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HTTPGetAction>,
    /// Open a TCP connection.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcp_socket: Option<TCPSocketAction>,
    /// Call a gRPC health check.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grpc: Option<GRPCAction>,
}

/// LifecycleHandler is the action of a lifecycle hook; exactly one member (not
/// `tcpSocket`) is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct LifecycleHandler {
    /// Run a command.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exec: Option<ExecAction>,
    /// Make an HTTP GET request.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HTTPGetAction>,
    /// Deprecated and not supported; kept for compatibility.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcp_socket: Option<TCPSocketAction>,
    /// Wait a while.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sleep: Option<SleepAction>,
}

/// Lifecycle holds actions run at container lifecycle events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Lifecycle {
    /// Runs right after the container is created.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post_start: Option<LifecycleHandler>,
    /// Runs before the container is terminated.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pre_stop: Option<LifecycleHandler>,
    /// The signal that stops the container; the runtime's default when unset.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_signal: Option<String>,
}

/// ResourceRequirements is the compute resources a container (or pod) needs.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ResourceRequirements {
    /// The most of each resource allowed.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, Quantity>,
    /// The least of each resource needed; the limits when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub requests: BTreeMap<String, Quantity>,
    /// Resource claims of the pod this container uses.
    /// +listType=map
    /// +listMapKey=name
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<ResourceClaim>,
}

/// ResourceClaim names one of the pod's resource claims.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ResourceClaim {
    /// The name of an entry of `spec.resourceClaims`.
    /// +protobuf=1
    pub name: String,
    /// One request of the claim; the whole claim when empty.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub request: String,
}

/// ContainerResizePolicy says how one resource of a container is resized.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerResizePolicy {
    /// `cpu` or `memory`.
    /// +protobuf=1
    pub resource_name: String,
    /// `NotRequired` or `RestartContainer`.
    /// +protobuf=2
    pub restart_policy: String,
}

/// ContainerRestartRule decides whether an exited container restarts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerRestartRule {
    /// `Restart` or `RestartAllContainers`.
    /// +required
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub action: String,
    /// The exit codes the rule matches.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_codes: Option<ContainerRestartRuleOnExitCodes>,
}

/// ContainerRestartRuleOnExitCodes matches a container's exit code.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ContainerRestartRuleOnExitCodes {
    /// `In` or `NotIn`.
    /// +required
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub operator: String,
    /// The exit codes compared against; at most 255.
    /// +optional
    /// +listType=set
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<i32>,
}

/// Capabilities adds and drops POSIX capabilities.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Capabilities {
    /// Capabilities added.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add: Vec<String>,
    /// Capabilities dropped.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop: Vec<String>,
}

/// SecurityContext holds a container's security settings, overriding the pod's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SecurityContext {
    /// Capabilities to add and drop.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Capabilities>,
    /// Run privileged: practically root on the node.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub privileged: Option<bool>,
    /// The SELinux context.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows-specific settings.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// The UID of the entrypoint process.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_user: Option<i64>,
    /// The GID of the entrypoint process.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_group: Option<i64>,
    /// Refuse to start when the image would run as root.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_non_root: Option<bool>,
    /// Mount the root filesystem read-only.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only_root_filesystem: Option<bool>,
    /// Whether a process may gain more privileges than its parent.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_privilege_escalation: Option<bool>,
    /// `Default` or `Unmasked`.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proc_mount: Option<String>,
    /// The seccomp profile, overriding the pod's.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seccomp_profile: Option<SeccompProfile>,
    /// The AppArmor profile, overriding the pod's.
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_armor_profile: Option<AppArmorProfile>,
}

/// SELinuxOptions is an SELinux label.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SELinuxOptions {
    /// The SELinux user.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub user: String,
    /// The SELinux role.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub role: String,
    /// The SELinux type.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub r#type: String,
    /// The SELinux level.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub level: String,
}

/// WindowsSecurityContextOptions holds Windows-specific settings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WindowsSecurityContextOptions {
    /// The GMSA credential spec to use.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gmsa_credential_spec_name: Option<String>,
    /// The GMSA credential spec's contents, filled in by a webhook.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gmsa_credential_spec: Option<String>,
    /// The Windows user name of the entrypoint process.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_user_name: Option<String>,
    /// Run as a host process container.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_process: Option<bool>,
}

/// SeccompProfile selects a seccomp profile.
///
/// +union
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SeccompProfile {
    /// `Localhost`, `RuntimeDefault` or `Unconfined`.
    /// +unionDiscriminator
    /// +protobuf=1
    pub r#type: String,
    /// The profile file on the node, for `Localhost`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub localhost_profile: Option<String>,
}

/// AppArmorProfile selects an AppArmor profile.
///
/// +union
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct AppArmorProfile {
    /// `Localhost`, `RuntimeDefault` or `Unconfined`.
    /// +unionDiscriminator
    /// +protobuf=1
    pub r#type: String,
    /// The loaded profile's name, for `Localhost` only.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub localhost_profile: Option<String>,
}

/// PodSecurityContext holds pod-wide security settings, some of which
/// containers may override.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodSecurityContext {
    /// The SELinux context of every container.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows-specific settings of every container.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// The UID of the containers' entrypoint processes.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_user: Option<i64>,
    /// The GID of the containers' entrypoint processes.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_group: Option<i64>,
    /// Refuse to start containers whose image would run as root.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_non_root: Option<bool>,
    /// Extra groups of the first process in each container.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supplemental_groups: Vec<i64>,
    /// `Merge` (the default) or `Strict`.
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplemental_groups_policy: Option<String>,
    /// The group that owns the pod's volumes.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_group: Option<i64>,
    /// Namespaced kernel parameters.
    /// +optional
    /// +listType=atomic
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sysctls: Vec<Sysctl>,
    /// `OnRootMismatch` or `Always` (the default).
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_group_change_policy: Option<String>,
    /// The seccomp profile of the containers.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seccomp_profile: Option<SeccompProfile>,
    /// The AppArmor profile of the containers.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_armor_profile: Option<AppArmorProfile>,
    /// How the SELinux label reaches the volumes: `MountOption` or `Recursive`.
    /// +optional
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub se_linux_change_policy: Option<String>,
}

/// Sysctl is one kernel parameter.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sysctl {
    /// The parameter's name.
    /// +protobuf=1
    pub name: String,
    /// The parameter's value.
    /// +protobuf=2
    pub value: String,
}

/// Affinity groups the pod's affinity scheduling rules.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Affinity {
    /// Rules about nodes.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_affinity: Option<NodeAffinity>,
    /// Rules to run near other pods.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_affinity: Option<PodAffinity>,
    /// Rules to run away from other pods.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_anti_affinity: Option<PodAntiAffinity>,
}

/// NodeAffinity holds rules about which nodes the pod runs on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeAffinity {
    /// Nodes the pod must be scheduled on.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    /// Weighted preferences among nodes.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<PreferredSchedulingTerm>,
}

/// NodeSelector matches the nodes matched by any of its terms.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeSelector {
    /// The terms, ORed.
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub node_selector_terms: Vec<NodeSelectorTerm>,
}

/// NodeSelectorTerm matches nodes meeting all its requirements; an empty term
/// matches none.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeSelectorTerm {
    /// Requirements on node labels.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<NodeSelectorRequirement>,
    /// Requirements on node fields.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_fields: Vec<NodeSelectorRequirement>,
}

/// NodeSelectorRequirement relates a key to a set of values.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NodeSelectorRequirement {
    /// The label or field key.
    /// +protobuf=1
    pub key: String,
    /// `In`, `NotIn`, `Exists`, `DoesNotExist`, `Gt` or `Lt`.
    /// +protobuf=2
    pub operator: String,
    /// The values compared against.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

/// PreferredSchedulingTerm is a node selector term with a weight.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PreferredSchedulingTerm {
    /// The weight, 1 to 100.
    /// +protobuf=1
    pub weight: i32,
    /// The term.
    /// +protobuf=2
    #[serde(default)]
    pub preference: NodeSelectorTerm,
}

/// PodAffinity holds rules to co-locate the pod with other pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodAffinity {
    /// Terms that must hold when scheduling.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    /// Weighted preferences.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

/// PodAntiAffinity holds rules to keep the pod away from other pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodAntiAffinity {
    /// Terms that must hold when scheduling.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    /// Weighted preferences.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

/// WeightedPodAffinityTerm is a pod affinity term with a weight.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WeightedPodAffinityTerm {
    /// The weight, 1 to 100.
    /// +protobuf=1
    pub weight: i32,
    /// The term.
    /// +protobuf=2
    #[serde(default)]
    pub pod_affinity_term: PodAffinityTerm,
}

/// PodAffinityTerm selects pods, in some namespaces, whose topology domain
/// matters to this pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodAffinityTerm {
    /// The pods; none when unset.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelector>,
    /// Namespaces searched, with those `namespaceSelector` picks.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub namespaces: Vec<String>,
    /// The node label defining the topology domain.
    /// +protobuf=3
    pub topology_key: String,
    /// Namespaces searched, by label; an empty selector means all.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    /// Labels of this pod whose values are added to the selector as `In`.
    /// +listType=atomic
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_label_keys: Vec<String>,
    /// Labels of this pod whose values are added to the selector as `NotIn`.
    /// +listType=atomic
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mismatch_label_keys: Vec<String>,
}

/// PodStatus is the observed state of a pod.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodStatus {
    /// The `metadata.generation` this status was set for.
    /// +optional
    /// +protobuf=17
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub observed_generation: i64,
    /// `Pending`, `Running`, `Succeeded`, `Failed` or `Unknown`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub phase: String,
    /// The pod's current conditions.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<PodCondition>,
    /// Why the pod is in its state, for people.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
    /// Why the pod is in its state, in CamelCase (`Evicted`).
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// The node the pod may run on once preemption finishes.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub nominated_node_name: String,
    /// The node's primary IP.
    /// +optional
    /// +protobuf=5
    #[serde(
        default,
        rename = "hostIP",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub host_ip: String,
    /// The node's IPs; the first is `hostIP`.
    /// +optional
    /// +patchStrategy=merge
    /// +patchMergeKey=ip
    /// +listType=atomic
    /// +protobuf=16
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub host_i_ps: Vec<HostIP>,
    /// The pod's primary IP.
    /// +optional
    /// +protobuf=6
    #[serde(
        default,
        rename = "podIP",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub pod_ip: String,
    /// The pod's IPs, one per family; the first is `podIP`.
    /// +optional
    /// +patchStrategy=merge
    /// +patchMergeKey=ip
    /// +listType=map
    /// +listMapKey=ip
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pod_i_ps: Vec<PodIP>,
    /// When the kubelet acknowledged the pod.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "runtime::meta::zero_time_as_none")]
    pub start_time: Option<Time>,
    /// Status of each init container.
    /// +optional
    /// +listType=atomic
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_container_statuses: Vec<ContainerStatus>,
    /// Status of each app container.
    /// +optional
    /// +listType=atomic
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub container_statuses: Vec<ContainerStatus>,
    /// `Guaranteed`, `Burstable` or `BestEffort`.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub qos_class: String,
    /// Status of each ephemeral container.
    /// +optional
    /// +listType=atomic
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ephemeral_container_statuses: Vec<ContainerStatus>,
    /// Deprecated status of a requested resize.
    /// +optional
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub resize: String,
    /// The claims generated for the pod.
    /// +patchMergeKey=name
    /// +patchStrategy=merge,retainKeys
    /// +listType=map
    /// +listMapKey=name
    /// +optional
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_claim_statuses: Vec<PodResourceClaimStatus>,
    /// The claim generated for extended resources backed by DRA.
    /// +optional
    /// +protobuf=18
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extended_resource_claim_status: Option<PodExtendedResourceClaimStatus>,
    /// The requests the node allocated to the pod.
    /// +optional
    /// +protobuf=19
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allocated_resources: BTreeMap<String, Quantity>,
    /// The pod-level requests and limits in effect.
    /// +optional
    /// +protobuf=20
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    /// Node-allocatable resources allocated to the pod through DRA claims.
    /// +optional
    /// +listType=atomic
    /// +protobuf=21
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub node_allocatable_resource_claim_statuses: Vec<NodeAllocatableResourceClaimStatus>,
}

/// PodCondition is one observation of a pod's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodCondition {
    /// The condition type (`Ready`, `PodScheduled`...).
    /// +protobuf=1
    pub r#type: String,
    /// The `metadata.generation` the condition was set for.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub observed_generation: i64,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the condition was last checked.
    /// +optional
    /// +protobuf=3
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_probe_time: Option<Time>,
    /// When the status last changed.
    /// +optional
    /// +protobuf=4
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Why the status last changed, in CamelCase.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// Why the status last changed, for people.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// HostIP is one IP of the pod's node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HostIP {
    /// The address.
    /// +required
    /// +protobuf=1
    pub ip: String,
}

/// PodIP is one IP of the pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PodIP {
    /// The address.
    /// +required
    /// +protobuf=1
    pub ip: String,
}

/// ContainerStatus is the observed state of one container.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStatus {
    /// The container's name.
    /// +protobuf=1
    pub name: String,
    /// What the container is doing now.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub state: ContainerState,
    /// How the container last terminated, if it did.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub last_state: ContainerState,
    /// Whether the container passes its readiness check.
    /// +protobuf=4
    pub ready: bool,
    /// How many times the container was restarted.
    /// +protobuf=5
    pub restart_count: i32,
    /// The image the container runs.
    /// +protobuf=6
    pub image: String,
    /// The ID of that image.
    /// +protobuf=7
    #[serde(rename = "imageID")]
    pub image_id: String,
    /// The container's ID, as `<runtime>://<id>`.
    /// +optional
    /// +protobuf=8
    #[serde(
        default,
        rename = "containerID",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub container_id: String,
    /// Whether the container finished its post-start hook and passed its
    /// startup probe.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<bool>,
    /// The resources the node allocated to the container.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allocated_resources: BTreeMap<String, Quantity>,
    /// The requests and limits in effect.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    /// Status of each volume mount.
    /// +optional
    /// +patchMergeKey=mountPath
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=mountPath
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_mounts: Vec<VolumeMountStatus>,
    /// The identity of the container's first process.
    /// +optional
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<ContainerUser>,
    /// Health of the resources allocated to the container.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allocated_resources_status: Vec<ResourceStatus>,
    /// The signal that stops the container.
    /// +optional
    /// +protobuf=15
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_signal: Option<String>,
}

// Each member is boxed, as Go holds each behind a pointer (one is set).
/// ContainerState is what a container is doing; at most one member is set
/// (waiting when none).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ContainerState {
    /// Not running yet.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<Box<ContainerStateWaiting>>,
    /// Running.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<Box<ContainerStateRunning>>,
    /// Exited.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminated: Option<Box<ContainerStateTerminated>>,
}

/// ContainerStateWaiting says why a container is not running yet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ContainerStateWaiting {
    /// The reason, in brief.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// More detail.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// ContainerStateRunning says since when a container runs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStateRunning {
    /// When the container last started.
    /// +optional
    /// +protobuf=1
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub started_at: Option<Time>,
}

/// ContainerStateTerminated says how a container exited.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStateTerminated {
    /// The exit status.
    /// +protobuf=1
    pub exit_code: i32,
    /// The signal that ended it.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub signal: i32,
    /// The reason, in brief.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// More detail.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
    /// When that run started.
    /// +optional
    /// +protobuf=5
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub started_at: Option<Time>,
    /// When it ended.
    /// +optional
    /// +protobuf=6
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub finished_at: Option<Time>,
    /// The container's ID, as `<runtime>://<id>`.
    /// +optional
    /// +protobuf=7
    #[serde(
        default,
        rename = "containerID",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub container_id: String,
}

/// VolumeMountStatus is the state of one volume mount.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct VolumeMountStatus {
    /// The mount's volume name.
    /// +protobuf=1
    pub name: String,
    /// The mount's path.
    /// +protobuf=2
    pub mount_path: String,
    /// Whether the mount is read-only.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub read_only: bool,
    /// `Disabled` or `Enabled` for read-only mounts.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recursive_read_only: Option<String>,
    /// Status specific to the volume type.
    /// +optional
    /// +protobuf=5
    #[serde(default)]
    pub volume_status: VolumeStatus,
}

/// VolumeStatus is status specific to a volume type; at most one member is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct VolumeStatus {
    /// Status of an image volume.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageVolumeStatus>,
}

/// ImageVolumeStatus is the state of an image volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ImageVolumeStatus {
    /// The digest of the image used.
    /// +required
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub image_ref: String,
}

/// ContainerUser is the identity of a container's first process.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ContainerUser {
    /// The Linux identity.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linux: Option<LinuxContainerUser>,
}

/// LinuxContainerUser is a Linux process identity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct LinuxContainerUser {
    /// The primary UID.
    /// +protobuf=1
    pub uid: i64,
    /// The primary GID.
    /// +protobuf=2
    pub gid: i64,
    /// The supplemental groups.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supplemental_groups: Vec<i64>,
}

/// ResourceStatus is the health of one resource allocated to a container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ResourceStatus {
    /// The resource's name, or `claim:<claim>/<request>` for DRA.
    /// +required
    /// +protobuf=1
    pub name: String,
    /// Health of each allocated device.
    /// +optional
    /// +listType=map
    /// +listMapKey=resourceID
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<ResourceHealth>,
}

/// ResourceHealth is the health of one device.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ResourceHealth {
    /// The device's unique ID.
    /// +protobuf=1
    #[serde(rename = "resourceID")]
    pub resource_id: String,
    /// `Healthy`, `Unhealthy` or `Unknown`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub health: String,
    /// More about the health status, such as why it failed.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// PodResourceClaimStatus records the claim generated for one of the pod's
/// resource claims.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodResourceClaimStatus {
    /// The entry of `spec.resourceClaims`.
    /// +protobuf=1
    pub name: String,
    /// The generated claim; unset when none was needed.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_claim_name: Option<String>,
}

/// PodExtendedResourceClaimStatus records the claim generated for extended
/// resources backed by DRA.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodExtendedResourceClaimStatus {
    /// Which request of the claim serves which container's resource.
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub request_mappings: Vec<ContainerExtendedResourceRequest>,
    /// The generated claim.
    /// +protobuf=2
    pub resource_claim_name: String,
}

/// ContainerExtendedResourceRequest maps a container's extended resource to a
/// claim request.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerExtendedResourceRequest {
    /// The container.
    /// +protobuf=1
    pub container_name: String,
    /// The extended resource.
    /// +protobuf=2
    pub resource_name: String,
    /// The request in the generated claim.
    /// +protobuf=3
    pub request_name: String,
}

/// NodeAllocatableResourceClaimStatus records node-allocatable resources
/// allocated through a claim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeAllocatableResourceClaimStatus {
    /// The claim.
    /// +protobuf=1
    pub resource_claim_name: String,
    /// The pod's containers using the claim.
    /// +optional
    /// +listType=set
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub containers: Vec<String>,
    /// The allocated quantity of each resource.
    /// +required
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resources: BTreeMap<String, Quantity>,
}

// ------------------------------------------------------------ defaulting
//
// Upstream's `SetDefaults_*` functions of `pkg/apis/core/v1/defaults.go`
// for the pod tree, on the Rust structs. The generated defaulting
// (`zz_generated.defaults.rs`) runs each hook before the `+default`s of
// its type's fields.

/// `SetDefaults_ResourceList`: every amount of a resource list rounded up
/// to thousandths (`100u` is `1m`), as upstream's defaulting does for
/// each resource list of the core kinds.
pub(crate) fn set_defaults_resource_list(list: &mut BTreeMap<String, Quantity>) {
    for amount in list.values_mut() {
        if let Some(rounded) = amount.round_up_milli() {
            *amount = rounded;
        }
    }
}

/// Sets a string field left at Go's zero value (`""`).
fn default_string(field: &mut String, value: &str) {
    if field.is_empty() {
        *field = value.into();
    }
}

/// Sets an integer field left at Go's zero value (`0`).
fn default_int(field: &mut i32, value: i32) {
    if *field == 0 {
        *field = value;
    }
}

/// The tag of an image reference as upstream's `parsers.ParseImageName`
/// reads it: the explicit tag, `latest` when there is neither tag nor
/// digest, and empty when there is only a digest or the reference is not
/// valid.
fn image_tag(image: &str) -> String {
    let (name, digest) = match image.split_once('@') {
        Some((name, digest)) => (name, Some(digest)),
        None => (image, None),
    };
    let last = name.rsplit('/').next().unwrap_or(name);
    let (repo, tag) = match last.split_once(':') {
        Some((_, tag)) => (&name[..name.len() - tag.len() - 1], Some(tag)),
        None => (name, None),
    };
    let valid = !repo.is_empty()
        && !repo
            .chars()
            .any(|c| c.is_ascii_uppercase() || c.is_whitespace())
        && tag.is_none_or(|t| !t.is_empty())
        && digest.is_none_or(|d| !d.is_empty());
    match (valid, tag, digest) {
        (false, _, _) => String::new(),
        (true, Some(tag), _) => tag.to_string(),
        (true, None, None) => "latest".into(),
        (true, None, Some(_)) => String::new(),
    }
}

/// `SetDefaults_Container`, shared with ephemeral containers (which have
/// the same fields): the image pull policy follows the image's tag
/// (`Always` for `latest`), and the termination message goes to
/// `/dev/termination-log`, read as `File`.
fn default_container(
    image: &str,
    image_pull_policy: &mut String,
    termination_message_path: &mut String,
    termination_message_policy: &mut String,
) {
    let policy = if image_tag(image) == "latest" {
        "Always"
    } else {
        "IfNotPresent"
    };
    default_string(image_pull_policy, policy);
    default_string(termination_message_path, "/dev/termination-log");
    default_string(termination_message_policy, "File");
}

impl DefaultHook for Container {
    fn default_hook(&mut self) {
        default_container(
            &self.image,
            &mut self.image_pull_policy,
            &mut self.termination_message_path,
            &mut self.termination_message_policy,
        );
    }
}

impl DefaultHook for EphemeralContainer {
    fn default_hook(&mut self) {
        let c = &mut self.ephemeral_container_common;
        default_container(
            &c.image,
            &mut c.image_pull_policy,
            &mut c.termination_message_path,
            &mut c.termination_message_policy,
        );
    }
}

impl DefaultHook for Pod {
    /// `SetDefaults_Pod`: requests default to limits, service links are
    /// on, and with host networking each port's host port is its container
    /// port. (Pod-level resource defaulting is not carried over.)
    ///
    /// Then what upstream's conversion through the internal type (which
    /// has only `podIPs`) does to every pod it decodes
    /// (`Convert_v1_PodStatus_To_core_PodStatus` and back): a `podIP`
    /// without `podIPs`, or differing from `podIPs[0]`, becomes the whole
    /// `podIPs`; `podIPs` without `podIP` gives `podIP` its first address.
    fn default_hook(&mut self) {
        let status = &mut self.status;
        if !status.pod_ip.is_empty()
            && status
                .pod_i_ps
                .first()
                .is_none_or(|first| first.ip != status.pod_ip)
        {
            status.pod_i_ps = vec![PodIP {
                ip: status.pod_ip.clone(),
            }];
        } else if let Some(first) = status.pod_i_ps.first() {
            status.pod_ip.clone_from(&first.ip);
        }
        let spec = &mut self.spec;
        let host_network = spec.host_network;
        for container in spec.containers.iter_mut().chain(&mut spec.init_containers) {
            let resources = &mut container.resources;
            for (name, quantity) in &resources.limits {
                resources
                    .requests
                    .entry(name.clone())
                    .or_insert_with(|| quantity.clone());
            }
            if host_network {
                for port in &mut container.ports {
                    default_int(&mut port.host_port, port.container_port);
                }
            }
        }
        spec.enable_service_links.get_or_insert(true);
    }
}

impl DefaultHook for PodSpec {
    /// `SetDefaults_PodSpec`, and the overhead's amounts rounded up to
    /// thousandths ([`set_defaults_resource_list`]).
    fn default_hook(&mut self) {
        set_defaults_resource_list(&mut self.overhead);
        default_string(&mut self.dns_policy, "ClusterFirst");
        default_string(&mut self.restart_policy, "Always");
        self.security_context.get_or_insert_with(Default::default);
        self.termination_grace_period_seconds.get_or_insert(30);
        default_string(&mut self.scheduler_name, "default-scheduler");
    }
}

impl DefaultHook for Volume {
    /// `SetDefaults_Volume`: a volume without a source is an emptyDir; an
    /// image volume's pull policy follows its reference's tag as a
    /// container's does (`ImageVolume`, on by default).
    fn default_hook(&mut self) {
        if self.volume_source == VolumeSource::default() {
            self.volume_source.empty_dir = Some(Default::default());
        }
        if let Some(image) = &mut self.volume_source.image {
            let policy = if image_tag(&image.reference) == "latest" {
                "Always"
            } else {
                "IfNotPresent"
            };
            default_string(&mut image.pull_policy, policy);
        }
    }
}

impl DefaultHook for HostPathVolumeSource {
    fn default_hook(&mut self) {
        self.r#type.get_or_insert_with(String::new);
    }
}

/// `defaultMode` of the file-projecting volume sources: 0644.
const DEFAULT_MODE: i32 = 0o644;

impl DefaultHook for SecretVolumeSource {
    fn default_hook(&mut self) {
        self.default_mode.get_or_insert(DEFAULT_MODE);
    }
}

impl DefaultHook for ConfigMapVolumeSource {
    fn default_hook(&mut self) {
        self.default_mode.get_or_insert(DEFAULT_MODE);
    }
}

impl DefaultHook for DownwardAPIVolumeSource {
    fn default_hook(&mut self) {
        self.default_mode.get_or_insert(DEFAULT_MODE);
    }
}

impl DefaultHook for ProjectedVolumeSource {
    fn default_hook(&mut self) {
        self.default_mode.get_or_insert(DEFAULT_MODE);
    }
}

impl DefaultHook for ServiceAccountTokenProjection {
    fn default_hook(&mut self) {
        self.expiration_seconds.get_or_insert(3600);
    }
}

/// `SetDefaults_ResourceList` on a container's (or the pod's) limits and
/// requests.
impl DefaultHook for ResourceRequirements {
    fn default_hook(&mut self) {
        set_defaults_resource_list(&mut self.limits);
        set_defaults_resource_list(&mut self.requests);
    }
}

/// `SetDefaults_ResourceList` on a claim's limits and requests.
impl DefaultHook for VolumeResourceRequirements {
    fn default_hook(&mut self) {
        set_defaults_resource_list(&mut self.limits);
        set_defaults_resource_list(&mut self.requests);
    }
}

/// `SetDefaults_ResourceList` on what the node allocated to the pod.
impl DefaultHook for PodStatus {
    fn default_hook(&mut self) {
        set_defaults_resource_list(&mut self.allocated_resources);
    }
}

/// `SetDefaults_ResourceList` on what the node allocated to a container.
impl DefaultHook for ContainerStatus {
    fn default_hook(&mut self) {
        set_defaults_resource_list(&mut self.allocated_resources);
    }
}

impl DefaultHook for PersistentVolumeClaimSpec {
    fn default_hook(&mut self) {
        self.volume_mode.get_or_insert_with(|| "Filesystem".into());
    }
}

impl DefaultHook for ObjectFieldSelector {
    fn default_hook(&mut self) {
        default_string(&mut self.api_version, "v1");
    }
}

impl DefaultHook for HTTPGetAction {
    fn default_hook(&mut self) {
        default_string(&mut self.path, "/");
        default_string(&mut self.scheme, "HTTP");
    }
}

impl DefaultHook for Probe {
    fn default_hook(&mut self) {
        default_int(&mut self.timeout_seconds, 1);
        default_int(&mut self.period_seconds, 10);
        default_int(&mut self.success_threshold, 1);
        default_int(&mut self.failure_threshold, 3);
    }
}

impl PodStatus {
    /// `podutil.UpdatePodCondition`: `condition` replaces the condition of
    /// its type whole, or is appended when there is none. Its transition
    /// time is now, unless the status it replaces was the same, whose time
    /// it keeps.
    pub fn update_condition(&mut self, condition: PodCondition) {
        let mut condition = PodCondition {
            last_transition_time: Some(Time::now()),
            ..condition
        };
        match self
            .conditions
            .iter_mut()
            .find(|c| c.r#type == condition.r#type)
        {
            Some(old) => {
                if old.status == condition.status {
                    condition.last_transition_time = old.last_transition_time;
                }
                *old = condition;
            }
            None => self.conditions.push(condition),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime::defaulting::SetDefaults;
    use serde::de::DeserializeOwned;
    use serde_json::{Value, json};

    /// `T`'s hook run on a JSON value, as JSON.
    fn hooked<T: DeserializeOwned + Serialize + DefaultHook>(v: Value) -> Value {
        let mut typed: T = serde_json::from_value(v).unwrap();
        typed.default_hook();
        serde_json::to_value(typed).unwrap()
    }

    /// `T`'s generated defaulting run on a JSON value, as JSON.
    fn defaulted<T: DeserializeOwned + Serialize + SetDefaults>(v: Value) -> Value {
        let mut typed: T = serde_json::from_value(v).unwrap();
        typed.set_defaults();
        serde_json::to_value(typed).unwrap()
    }

    #[test]
    fn image_pull_policy_follows_the_tag() {
        for (image, tag) in [
            ("nginx", "latest"),
            ("nginx:latest", "latest"),
            ("nginx:1.25", "1.25"),
            ("registry:5000/team/app", "latest"),
            ("registry:5000/team/app:v2", "v2"),
            ("nginx@sha256:abc", ""),
            ("nginx:1.25@sha256:abc", "1.25"),
            ("", ""),
            ("Nginx", ""),
        ] {
            assert_eq!(image_tag(image), tag, "{image}");
        }
        let c = hooked::<Container>(json!({"name": "a", "image": "nginx"}));
        assert_eq!(
            c,
            json!({
                "name": "a",
                "image": "nginx",
                "resources": {},
                "imagePullPolicy": "Always",
                "terminationMessagePath": "/dev/termination-log",
                "terminationMessagePolicy": "File",
            })
        );
        let c = hooked::<Container>(
            json!({"name": "a", "image": "nginx:1.25", "imagePullPolicy": "Never"}),
        );
        assert_eq!(c["imagePullPolicy"], "Never");
        let c = hooked::<Container>(json!({"name": "a", "image": "nginx:1.25"}));
        assert_eq!(c["imagePullPolicy"], "IfNotPresent");
    }

    #[test]
    fn pod_defaults() {
        let pod = hooked::<Pod>(json!({"spec": {"hostNetwork": true, "containers": [
            {"name": "a", "resources": {"limits": {"cpu": "1"}, "requests": {"memory": "1Gi"}},
             "ports": [{"containerPort": 80}, {"containerPort": 81, "hostPort": 9081}]}
        ]}}));
        let c = &pod["spec"]["containers"][0];
        assert_eq!(
            c["resources"]["requests"],
            json!({"cpu": "1", "memory": "1Gi"})
        );
        assert_eq!(c["ports"][0]["hostPort"], 80);
        assert_eq!(c["ports"][1]["hostPort"], 9081);
        assert_eq!(pod["spec"]["enableServiceLinks"], true);

        let spec = hooked::<PodSpec>(json!({"restartPolicy": "Never"}));
        assert_eq!(
            spec,
            json!({"restartPolicy": "Never", "dnsPolicy": "ClusterFirst", "securityContext": {},
                "terminationGracePeriodSeconds": 30, "schedulerName": "default-scheduler"})
        );

        let volume = hooked::<Volume>(json!({"name": "v"}));
        assert_eq!(volume, json!({"name": "v", "emptyDir": {}}));
        let volume = hooked::<Volume>(json!({"name": "v", "secret": {"secretName": "s"}}));
        assert!(volume.get("emptyDir").is_none());
    }

    #[test]
    fn generated_defaulting_runs_hooks_and_field_defaults() {
        let pod = defaulted::<Pod>(json!({
            "metadata": {"name": "web"},
            "spec": {
                "containers": [{
                    "name": "nginx",
                    "image": "nginx:1.25",
                    "ports": [{"containerPort": 80}],
                    "livenessProbe": {"httpGet": {"port": 80}},
                }],
                "volumes": [{"name": "scratch"}, {"name": "conf", "configMap": {"name": "c"}}],
            },
        }));
        let spec = &pod["spec"];
        assert_eq!(spec["restartPolicy"], "Always");
        assert_eq!(spec["dnsPolicy"], "ClusterFirst");
        assert_eq!(spec["schedulerName"], "default-scheduler");
        assert_eq!(spec["terminationGracePeriodSeconds"], 30);
        assert_eq!(spec["securityContext"], json!({}));
        assert_eq!(spec["enableServiceLinks"], true);
        let c = &spec["containers"][0];
        assert_eq!(c["imagePullPolicy"], "IfNotPresent");
        assert_eq!(c["terminationMessagePath"], "/dev/termination-log");
        assert_eq!(c["terminationMessagePolicy"], "File");
        assert_eq!(c["ports"][0]["protocol"], "TCP");
        assert_eq!(
            c["livenessProbe"],
            json!({
                "httpGet": {"port": 80, "path": "/", "scheme": "HTTP"},
                "timeoutSeconds": 1,
                "periodSeconds": 10,
                "successThreshold": 1,
                "failureThreshold": 3,
            })
        );
        assert_eq!(spec["volumes"][0]["emptyDir"], json!({}));
        assert_eq!(
            spec["volumes"][1]["configMap"],
            json!({"name": "c", "defaultMode": 420})
        );
    }

    /// A condition of another status moves its transition time and drops
    /// the old reason; one of the same status keeps its time.
    #[test]
    fn update_condition_keeps_the_time_of_an_unchanged_status() {
        let then: Time = serde_json::from_str(r#""2020-01-01T00:00:00Z""#).unwrap();
        let mut status = PodStatus {
            conditions: vec![PodCondition {
                r#type: "PodScheduled".into(),
                status: "False".into(),
                reason: "Unschedulable".into(),
                last_transition_time: Some(then),
                ..PodCondition::default()
            }],
            ..PodStatus::default()
        };
        let scheduled = PodCondition {
            r#type: "PodScheduled".into(),
            status: "True".into(),
            ..PodCondition::default()
        };
        status.update_condition(scheduled.clone());
        let c = &status.conditions[0];
        assert_eq!((c.status.as_str(), c.reason.as_str()), ("True", ""));
        assert_ne!(c.last_transition_time, Some(then));
        status.conditions[0].last_transition_time = Some(then);
        status.update_condition(scheduled);
        assert_eq!(status.conditions.len(), 1);
        assert_eq!(status.conditions[0].last_transition_time, Some(then));
    }
}
