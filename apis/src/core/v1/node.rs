//! Node, ported from `k8s.io/api/core/v1`: the type with upstream's
//! protobuf numbers, `SetDefaults_NodeStatus`, the node registry strategy
//! (`pkg/registry/core/node`: status set on create, kept from the stored
//! node on update, the retired config source dropped), `ValidateNode` and
//! `ValidateNodeUpdate` (`pkg/apis/core/validation`), and `printNode`.

use std::collections::{BTreeMap, BTreeSet};

use macros::Resource;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::{ObjectMeta, Quantity, Time};
use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{PrinterColumn, Strategy};
use runtime::validate::{Context, ValidateExtra};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::resource_quantity_value_errors;
use crate::networking::v1::{Cidr, cidr_errors};

/// Node is a worker machine that pods run on, registered by its kubelet
/// (or by a test that stands in for one).
///
/// +genclient
/// +genclient:nonNamespaced
/// +kubebuilder:resource:shortName=no
/// +kubebuilder:subresource:status
/// +kubebuilder:selectablefield:JSONPath=.spec.unschedulable
/// +printer:hook
/// +validation:extra
/// +resource:strategy
/// +resource:generation=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Node {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The node's desired configuration.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: NodeSpec,
    /// The node's most recently observed state, written by its kubelet.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: NodeStatus,
}

/// NodeSpec is how a node is configured: its pod address ranges, its
/// provider ID, whether new pods may be scheduled onto it, its taints.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeSpec {
    /// The pod address range assigned to the node: the first of
    /// `podCIDRs`, which it replaces when they differ.
    /// +optional
    /// +protobuf=1
    #[serde(default, rename = "podCIDR", skip_serializing_if = "String::is_empty")]
    pub pod_cidr: String,
    /// The address ranges assigned to the node for its pods, at most one
    /// per IP family; `[podCIDR]` when only `podCIDR` is set.
    /// +optional
    /// +patchStrategy=merge
    /// +listType=set
    /// +protobuf=7
    #[serde(default, rename = "podCIDRs", skip_serializing_if = "Vec::is_empty")]
    pub pod_cidrs: Vec<String>,
    /// The ID the cloud provider gives the node:
    /// `<ProviderName>://<ProviderSpecificNodeID>`. Set once.
    /// +optional
    /// +protobuf=3
    #[serde(
        default,
        rename = "providerID",
        skip_serializing_if = "String::is_empty"
    )]
    pub provider_id: String,
    /// Whether new pods are kept off the node (`kubectl cordon`).
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub unschedulable: bool,
    /// The node's taints: pods that do not tolerate one are not scheduled
    /// onto the node (`NoSchedule`), avoided (`PreferNoSchedule`) or
    /// evicted (`NoExecute`).
    /// +optional
    /// +listType=atomic
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taints: Vec<Taint>,
    /// Deprecated: the source of the kubelet's configuration for the
    /// removed DynamicKubeletConfig feature; dropped unless the stored node
    /// has one.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_source: Option<NodeConfigSource>,
    /// Deprecated and unused: an external ID some kubelets set. Immutable.
    /// +optional
    /// +protobuf=2
    #[serde(
        default,
        rename = "externalID",
        skip_serializing_if = "String::is_empty"
    )]
    pub external_id: String,
}

/// Taint marks a node so that pods which do not tolerate it are kept off
/// it or evicted from it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Taint {
    /// The taint's key, a qualified name.
    /// +protobuf=1
    pub key: String,
    /// The taint's value, a label value.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    /// What happens to pods that do not tolerate the taint: `NoSchedule`,
    /// `PreferNoSchedule` or `NoExecute`.
    /// +protobuf=3
    pub effect: String,
    /// When the taint was added (`NoExecute` taints only).
    /// +optional
    /// +protobuf=4
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "runtime::meta::zero_time_as_none"
    )]
    pub time_added: Option<Time>,
}

/// NodeConfigSource is where the kubelet's configuration came from
/// (deprecated since 1.22).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeConfigSource {
    /// A ConfigMap holding the configuration.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map: Option<ConfigMapNodeConfigSource>,
}

/// ConfigMapNodeConfigSource names the ConfigMap key that held a kubelet's
/// configuration.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapNodeConfigSource {
    /// The ConfigMap's namespace.
    /// +protobuf=1
    pub namespace: String,
    /// The ConfigMap's name.
    /// +protobuf=2
    pub name: String,
    /// The ConfigMap's UID (in the status only).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    /// The ConfigMap's resourceVersion (in the status only).
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub resource_version: String,
    /// The key holding the KubeletConfiguration.
    /// +protobuf=5
    pub kubelet_config_key: String,
}

/// NodeStatus is what the node's kubelet last reported: its resources,
/// conditions, addresses and software.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeStatus {
    /// The node's total resources.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub capacity: BTreeMap<String, Quantity>,
    /// The node's resources available to pods; the capacity when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allocatable: BTreeMap<String, Quantity>,
    /// Deprecated and never set: the node's lifecycle phase.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub phase: String,
    /// The node's current conditions (`Ready`, `MemoryPressure`...).
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<NodeCondition>,
    /// The addresses the node is reachable at.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<NodeAddress>,
    /// The ports the node's daemons listen on.
    /// +optional
    /// +protobuf=6
    #[serde(default)]
    pub daemon_endpoints: NodeDaemonEndpoints,
    /// The node's identifiers and software versions.
    /// +optional
    /// +protobuf=7
    #[serde(default)]
    pub node_info: NodeSystemInfo,
    /// The container images on the node.
    /// +optional
    /// +listType=atomic
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<ContainerImage>,
    /// The attachable volumes mounted on the node.
    /// +optional
    /// +listType=atomic
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volumes_in_use: Vec<String>,
    /// The volumes attached to the node.
    /// +optional
    /// +listType=atomic
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volumes_attached: Vec<AttachedVolume>,
    /// Deprecated: the state of the DynamicKubeletConfig feature's
    /// configuration; dropped unless the stored node has one.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<NodeConfigStatus>,
    /// The container runtime's handlers.
    /// +optional
    /// +listType=atomic
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runtime_handlers: Vec<NodeRuntimeHandler>,
    /// The features the container runtime implements.
    /// +optional
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub features: Option<NodeFeatures>,
    /// The feature-gated features the node declares.
    /// +optional
    /// +listType=atomic
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared_features: Vec<String>,
}

/// NodeCondition is one aspect of a node's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeCondition {
    /// The condition's type (`Ready`, `MemoryPressure`, `DiskPressure`,
    /// `PIDPressure`, `NetworkUnavailable`).
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the kubelet last reported the condition.
    /// +optional
    /// +protobuf=3
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_heartbeat_time: Option<Time>,
    /// When the condition last changed status.
    /// +optional
    /// +protobuf=4
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// A machine-readable reason for the last change.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// A human-readable message about the last change.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}

/// NodeAddress is one address of a node.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeAddress {
    /// `Hostname`, `ExternalIP`, `InternalIP`, `ExternalDNS` or
    /// `InternalDNS`.
    /// +protobuf=1
    pub r#type: String,
    /// The address.
    /// +protobuf=2
    pub address: String,
}

/// NodeDaemonEndpoints lists the ports the node's daemons listen on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeDaemonEndpoints {
    /// Where the kubelet listens.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub kubelet_endpoint: DaemonEndpoint,
}

/// DaemonEndpoint is the port a daemon listens on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DaemonEndpoint {
    /// The port number (written `Port`, as upstream names it).
    /// +protobuf=1
    #[serde(rename = "Port")]
    pub port: i32,
}

/// NodeSystemInfo identifies a node and its software, as its kubelet
/// reports them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeSystemInfo {
    /// The machine ID (`/etc/machine-id`).
    /// +protobuf=1
    #[serde(rename = "machineID")]
    pub machine_id: String,
    /// The system UUID.
    /// +protobuf=2
    #[serde(rename = "systemUUID")]
    pub system_uuid: String,
    /// The boot ID.
    /// +protobuf=3
    #[serde(rename = "bootID")]
    pub boot_id: String,
    /// The kernel version (`uname -r`).
    /// +protobuf=4
    pub kernel_version: String,
    /// The OS image (from `/etc/os-release`).
    /// +protobuf=5
    pub os_image: String,
    /// The container runtime and its version (`containerd://1.7.2`).
    /// +protobuf=6
    pub container_runtime_version: String,
    /// The kubelet's version.
    /// +protobuf=7
    pub kubelet_version: String,
    /// Deprecated: the kube-proxy's version.
    /// +protobuf=8
    pub kube_proxy_version: String,
    /// The operating system (`linux`).
    /// +protobuf=9
    pub operating_system: String,
    /// The architecture (`amd64`).
    /// +protobuf=10
    pub architecture: String,
    /// The node's swap memory.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swap: Option<NodeSwapStatus>,
}

/// NodeSwapStatus is a node's swap memory.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeSwapStatus {
    /// The swap memory, in bytes.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<i64>,
}

/// ContainerImage is an image present on a node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerImage {
    /// The names the image is known by.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// The image's size, in bytes.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub size_bytes: i64,
}

/// AttachedVolume is a volume attached to a node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct AttachedVolume {
    /// The volume's name.
    /// +protobuf=1
    pub name: String,
    /// Where the volume's device is on the node.
    /// +protobuf=2
    pub device_path: String,
}

/// NodeConfigStatus is the state of the configuration assigned through
/// `spec.configSource` (deprecated).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeConfigStatus {
    /// The configuration the node will try to use.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assigned: Option<NodeConfigSource>,
    /// The configuration the node uses.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<NodeConfigSource>,
    /// The configuration the node falls back to.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_known_good: Option<NodeConfigSource>,
    /// Why the assigned configuration could not be used.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub error: String,
}

/// NodeRuntimeHandler is one handler of the node's container runtime.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeRuntimeHandler {
    /// The handler's name; empty for the default handler.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub name: String,
    /// What the handler supports.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub features: Option<NodeRuntimeHandlerFeatures>,
}

/// NodeRuntimeHandlerFeatures is what a runtime handler supports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeRuntimeHandlerFeatures {
    /// Whether the handler supports recursive read-only mounts.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recursive_read_only_mounts: Option<bool>,
    /// Whether the handler supports user namespaces, volumes included.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_namespaces: Option<bool>,
}

/// NodeFeatures is what the node's container runtime implements.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NodeFeatures {
    /// Whether the runtime supports `supplementalGroupsPolicy`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplemental_groups_policy: Option<bool>,
}

/// The pod ranges as upstream's conversions leave them
/// (`Convert_v1_NodeSpec_To_core_NodeSpec` and back): `podCIDR` is
/// authoritative, so `podCIDRs` becomes `[podCIDR]` when empty or when
/// its first range differs; then `podCIDR` is the first of `podCIDRs`.
impl runtime::defaulting::DefaultHook for NodeSpec {
    fn default_hook(&mut self) {
        if !self.pod_cidr.is_empty()
            && self
                .pod_cidrs
                .first()
                .is_none_or(|first| *first != self.pod_cidr)
        {
            self.pod_cidrs = vec![self.pod_cidr.clone()];
        }
        if let Some(first) = self.pod_cidrs.first() {
            self.pod_cidr.clone_from(first);
        }
    }
}

/// `SetDefaults_NodeStatus`: a node that reports its capacity but not
/// its allocatable resources can give pods all of it; both rounded up to
/// thousandths (`SetDefaults_ResourceList`).
impl runtime::defaulting::DefaultHook for NodeStatus {
    fn default_hook(&mut self) {
        if self.allocatable.is_empty() && !self.capacity.is_empty() {
            self.allocatable.clone_from(&self.capacity);
        }
        super::set_defaults_resource_list(&mut self.capacity);
        super::set_defaults_resource_list(&mut self.allocatable);
    }
}

/// `v1.TaintNodeNotReady`: the taint of a node that is not ready.
pub const TAINT_NODE_NOT_READY: &str = "node.kubernetes.io/not-ready";

/// `v1.TaintNodeUnreachable`: the taint of a node the node controller
/// cannot reach.
pub const TAINT_NODE_UNREACHABLE: &str = "node.kubernetes.io/unreachable";

/// `TaintEffectNoSchedule`.
pub const TAINT_EFFECT_NO_SCHEDULE: &str = "NoSchedule";

/// `TaintEffectPreferNoSchedule`.
pub const TAINT_EFFECT_PREFER_NO_SCHEDULE: &str = "PreferNoSchedule";

/// `TaintEffectNoExecute`.
pub const TAINT_EFFECT_NO_EXECUTE: &str = "NoExecute";

/// The taint effects upstream supports, in its order.
const TAINT_EFFECTS: [&str; 3] = [
    TAINT_EFFECT_NO_SCHEDULE,
    TAINT_EFFECT_PREFER_NO_SCHEDULE,
    TAINT_EFFECT_NO_EXECUTE,
];

/// The node registry strategy (`pkg/registry/core/node/strategy.go`).
impl Strategy for Node {
    /// "Nodes allow *all* fields, including status, to be set on create."
    const STATUS_ON_CREATE: bool = true;
    const PREPARE_FOR_CREATE: bool = true;
    const PREPARE_FOR_UPDATE: bool = true;
    const WARNINGS: bool = true;

    /// `PrepareForCreate`: `dropDisabledFields` with no stored node.
    fn prepare_for_create(&mut self) {
        self.drop_disabled_fields(None);
    }

    /// `PrepareForUpdate`: the status changes only through `/status` (the
    /// generic server keeps the stored one); `dropDisabledFields`.
    fn prepare_for_update(&mut self, old: &Self) {
        self.drop_disabled_fields(Some(old));
    }

    /// `WarningsOnCreate`: the deprecated fields a node sets.
    fn warnings_on_create(&self) -> Vec<String> {
        self.deprecated_field_warnings()
    }

    /// `WarningsOnUpdate`: as on create.
    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        self.deprecated_field_warnings()
    }
}

impl Node {
    /// `dropDisabledFields`: the retired DynamicKubeletConfig fields
    /// (`spec.configSource`, `status.config`) go unless the stored node
    /// (`old`) already has them (on update through the main resource the
    /// stored status is kept anyway).
    fn drop_disabled_fields(&mut self, old: Option<&Node>) {
        if old.is_none_or(|o| o.spec.config_source.is_none()) {
            self.spec.config_source = None;
        }
        if old.is_none_or(|o| o.status.config.is_none()) {
            self.status.config = None;
        }
    }

    /// `fieldIsDeprecatedWarnings`.
    fn deprecated_field_warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        if self.spec.config_source.is_some() {
            warnings.push("spec.configSource: the feature is removed".to_string());
        }
        if !self.spec.external_id.is_empty() {
            warnings.push(
                "spec.externalID: this field is deprecated, and is unused by Kubernetes"
                    .to_string(),
            );
        }
        warnings
    }
}

impl ValidateExtra for Node {
    /// `ValidateNode`, and `ValidateNodeUpdate` on update: the taints,
    /// the capacity and allocatable amounts, the pod address ranges; on
    /// update, no repeated address, the pod ranges and provider ID set
    /// once, `externalID` unchanged.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        // Upstream validates the taints under `metadata`, the path its
        // `ValidateNode` builds them from.
        errs.extend(taint_errors(
            &self.spec.taints,
            &path.child("metadata").child("taints"),
        ));
        errs.extend(node_resources_errors(&self.status, &path.child("status")));
        let old_cidrs: Vec<&str> = old
            .map(|o| o.spec.pod_cidrs.iter().map(String::as_str).collect())
            .unwrap_or_default();
        errs.extend(pod_cidr_errors(&self.spec, &path.child("spec"), &old_cidrs));
        if let Some(old) = old {
            errs.extend(update_errors(self, old, path));
        }
        errs
    }
}

/// `validateNodeTaints`: a qualified name as key, a label value, a known
/// effect, and one taint per key and effect.
fn taint_errors(taints: &[Taint], path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    for (i, taint) in taints.iter().enumerate() {
        let at = path.index(i);
        for msg in runtime::validate::names::qualified_name(&taint.key) {
            errs.push(Error::invalid(
                &at.child("key"),
                BadValue::Str(taint.key.clone()),
                &msg,
            ));
        }
        let value_errors = runtime::validate::names::label_value(&taint.value);
        if !value_errors.is_empty() {
            errs.push(Error::invalid(
                &at.child("value"),
                BadValue::Str(taint.value.clone()),
                &value_errors.join(";"),
            ));
        }
        errs.extend(taint_effect_errors(&taint.effect, &at.child("effect")));
        if !seen.insert((taint.effect.as_str(), taint.key.as_str())) {
            let mut duplicate = Error::duplicate(&at, taint_literal(taint));
            duplicate.detail = "taints must be unique by key and effect pair".into();
            errs.push(duplicate);
        }
    }
    errs
}

/// How a taint is written as a bad value: Go's `%#v` of the internal
/// struct, as `field.Duplicate` prints a value that is no Stringer.
fn taint_literal(taint: &Taint) -> BadValue {
    use runtime::field::quote;
    // Upstream prints a set time's pointer address; the time says more.
    let added = match &taint.time_added {
        Some(t) => format!("(*v1.Time)({})", t.0.to_rfc3339()),
        None => "(*v1.Time)(nil)".to_string(),
    };
    BadValue::GoLiteral(format!(
        "core.Taint{{Key:{}, Value:{}, Effect:{}, TimeAdded:{added}}}",
        quote(&taint.key),
        quote(&taint.value),
        quote(&taint.effect)
    ))
}

/// `validateTaintEffect` with no empty effect allowed.
fn taint_effect_errors(effect: &str, path: &Path) -> ErrorList {
    if effect.is_empty() {
        return vec![Error::required(path, "")];
    }
    if TAINT_EFFECTS.contains(&effect) {
        return Vec::new();
    }
    vec![Error::not_supported(
        path,
        BadValue::Str(effect.to_string()),
        &TAINT_EFFECTS,
    )]
}

/// `ValidateNodeResources`: `ValidateResourceQuantityValue` of each
/// capacity and allocatable amount.
fn node_resources_errors(status: &NodeStatus, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    for (name, list) in [
        ("capacity", &status.capacity),
        ("allocatable", &status.allocatable),
    ] {
        let list_path = path.child(name);
        for (resource, q) in list {
            errs.extend(resource_quantity_value_errors(
                resource,
                q,
                &list_path.key(resource),
            ));
        }
    }
    errs
}

/// The pod address ranges of a node (`ValidateNode`): each a CIDR
/// (`IsValidCIDRForLegacyField`, strict unless the old node had it); more
/// than one must be a dual-stack pair
/// (one range per IP family, an IPv4-mapped IPv6 range counting as IPv4,
/// as Go reads it), with `netutils.ParseCIDRs`' internal error for the
/// first range that does not parse, and without repeats.
fn pod_cidr_errors(spec: &NodeSpec, path: &Path, old_cidrs: &[&str]) -> ErrorList {
    let at = path.child("podCIDRs");
    let mut errs = Vec::new();
    for (i, cidr) in spec.pod_cidrs.iter().enumerate() {
        errs.extend(cidr_errors(cidr, &at.index(i), old_cidrs));
    }
    if spec.pod_cidrs.len() < 2 {
        return errs;
    }
    let families: Vec<Option<bool>> = spec
        .pod_cidrs
        .iter()
        .map(|c| Cidr::parse_sloppy(c).map(|c| c.address.to_canonical().is_ipv4()))
        .collect();
    if let Some(i) = families.iter().position(Option::is_none) {
        errs.push(Error::internal(
            &at,
            &format!(
                "invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR[{i}]: <nil> (invalid CIDR address: {})",
                spec.pod_cidrs[i]
            ),
        ));
    }
    if !matches!(families.as_slice(), [Some(a), Some(b)] if a != b) {
        let listed: Vec<String> = spec
            .pod_cidrs
            .iter()
            .map(|c| runtime::field::quote(c))
            .collect();
        errs.push(Error::invalid(
            &at,
            BadValue::GoLiteral(format!("[]string{{{}}}", listed.join(", "))),
            "may specify no more than one CIDR for each IP family",
        ));
    }
    let mut seen = BTreeSet::new();
    for (i, cidr) in spec.pod_cidrs.iter().enumerate() {
        if !seen.insert(cidr.as_str()) {
            errs.push(Error::duplicate(&at.index(i), BadValue::Str(cidr.clone())));
        }
    }
    errs
}

/// `ValidateNodeUpdate`'s rules besides `ValidateNode`'s.
fn update_errors(node: &Node, old: &Node, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let mut addresses = std::collections::HashSet::new();
    let status = path.child("status");
    let addresses_path = status.child("addresses");
    for (i, address) in node.status.addresses.iter().enumerate() {
        if !addresses.insert(address) {
            errs.push(Error::duplicate(
                &addresses_path.index(i),
                BadValue::GoLiteral(format!(
                    "core.NodeAddress{{Type:{}, Address:{}}}",
                    runtime::field::quote(&address.r#type),
                    runtime::field::quote(&address.address)
                )),
            ));
        }
    }
    let spec = path.child("spec");
    if !old.spec.pod_cidrs.is_empty() {
        let forbidden = || {
            Error::forbidden(
                &spec.child("podCIDRs"),
                "node updates may not change podCIDR except from \"\" to valid",
            )
        };
        if old.spec.pod_cidrs.len() != node.spec.pod_cidrs.len() {
            errs.push(forbidden());
        } else {
            for (old, new) in old.spec.pod_cidrs.iter().zip(&node.spec.pod_cidrs) {
                if old != new {
                    errs.push(forbidden());
                }
            }
        }
    }
    if !old.spec.provider_id.is_empty() && old.spec.provider_id != node.spec.provider_id {
        errs.push(Error::forbidden(
            &spec.child("providerID"),
            "node updates may not change providerID except from \"\" to valid",
        ));
    }
    if node.spec.external_id != old.spec.external_id {
        errs.push(Error::forbidden(
            &spec.child("externalID"),
            "may not be updated",
        ));
    }
    errs
}

/// `labelNodeRolePrefix`: a `node-role.kubernetes.io/<role>` label names
/// one of the node's roles.
const NODE_ROLE_LABEL_PREFIX: &str = "node-role.kubernetes.io/";

/// `nodeLabelRole`: a `kubernetes.io/role: <role>` label names one too.
const NODE_ROLE_LABEL: &str = "kubernetes.io/role";

impl Node {
    /// `findNodeRoles`: the roles the node's labels name, sorted.
    pub fn roles(&self) -> BTreeSet<&str> {
        let mut roles = BTreeSet::new();
        for (key, value) in &self.metadata.labels {
            if let Some(role) = key.strip_prefix(NODE_ROLE_LABEL_PREFIX) {
                if !role.is_empty() {
                    roles.insert(role);
                }
            } else if key == NODE_ROLE_LABEL && !value.is_empty() {
                roles.insert(value.as_str());
            }
        }
        roles
    }

    /// The first address of `address_type` (`InternalIP`,
    /// `ExternalIP`), or `<none>`.
    fn address(&self, address_type: &str) -> &str {
        self.status
            .addresses
            .iter()
            .find(|a| a.r#type == address_type)
            .map_or("<none>", |a| a.address.as_str())
    }
}

/// `NodeStatus.addresses`' description, which two columns share.
const ADDRESSES_DESCRIPTION: &str = "List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/reference/node/node-status/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See https://pr.k8s.io/79391 for an example. Consumers should assume that addresses can change during the lifetime of a Node. However, there are some exceptions where this may not be possible, such as Pods that inherit a Node's address in its own status or consumers of the downward API (status.hostIP).";

impl runtime::resource::Printer for Node {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Status", 0, "The status of the node"),
        PrinterColumn::string("Roles", 0, "The roles of the node"),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::string("Version", 0, "Kubelet Version reported by the node."),
        PrinterColumn::string("Internal-IP", 1, ADDRESSES_DESCRIPTION),
        PrinterColumn::string("External-IP", 1, ADDRESSES_DESCRIPTION),
        PrinterColumn::string(
            "OS-Image",
            1,
            "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).",
        ),
        PrinterColumn::string(
            "Kernel-Version",
            1,
            "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
        ),
        PrinterColumn::string(
            "Container-Runtime",
            1,
            "ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).",
        ),
    ];

    /// `printNode`: `Ready` or `NotReady` from the `Ready` condition
    /// (`Unknown` without one), `SchedulingDisabled` beside it for a
    /// cordoned node; the roles (`<none>`); the age; the kubelet's
    /// version; then the addresses and software, `<unknown>` where the
    /// node reports none.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let mut status: Vec<&str> = self
            .status
            .conditions
            .iter()
            .rev()
            .find(|c| c.r#type == "Ready")
            .map(|c| {
                if c.status == "True" {
                    "Ready"
                } else {
                    "NotReady"
                }
            })
            .into_iter()
            .collect();
        if status.is_empty() {
            status.push("Unknown");
        }
        if self.spec.unschedulable {
            status.push("SchedulingDisabled");
        }
        let roles: Vec<&str> = self.roles().into_iter().collect();
        let roles = roles.join(",");
        let info = &self.status.node_info;
        let or_unknown = |s: &str| {
            if s.is_empty() {
                "<unknown>".to_string()
            } else {
                s.to_string()
            }
        };
        vec![
            json!(status.join(",")),
            json!(super::printers::or_none(&roles)),
            json!(age(&self.metadata, now)),
            json!(info.kubelet_version),
            json!(self.address("InternalIP")),
            json!(self.address("ExternalIP")),
            json!(or_unknown(&info.os_image)),
            json!(or_unknown(&info.kernel_version)),
            json!(or_unknown(&info.container_runtime_version)),
        ]
    }
}
