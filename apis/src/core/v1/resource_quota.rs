//! ResourceQuota, ported from `k8s.io/api/core/v1`: the aggregate limits of
//! a namespace's objects and compute resources. The `ResourceQuota`
//! admission plugin (`runtime/apiserver`) enforces what a quota's status
//! says; upstream's quota controller, which copies `spec.hard` into the
//! status and counts usage, runs in kube-controller-manager, not here.

use std::collections::{BTreeMap, BTreeSet};

use macros::Resource;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::{ObjectMeta, Quantity};
use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{Printer, PrinterColumn};
use runtime::validate::{Context, ValidateExtra};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// `ResourceQuotaScopeTerminating`: pods with an active deadline.
pub const RESOURCE_QUOTA_SCOPE_TERMINATING: &str = "Terminating";
/// `ResourceQuotaScopeNotTerminating`: pods without an active deadline.
pub const RESOURCE_QUOTA_SCOPE_NOT_TERMINATING: &str = "NotTerminating";
/// `ResourceQuotaScopeBestEffort`: pods of the BestEffort QoS class.
pub const RESOURCE_QUOTA_SCOPE_BEST_EFFORT: &str = "BestEffort";
/// `ResourceQuotaScopeNotBestEffort`: pods of another QoS class.
pub const RESOURCE_QUOTA_SCOPE_NOT_BEST_EFFORT: &str = "NotBestEffort";
/// `ResourceQuotaScopePriorityClass`: pods of the named priority classes.
pub const RESOURCE_QUOTA_SCOPE_PRIORITY_CLASS: &str = "PriorityClass";
/// `ResourceQuotaScopeCrossNamespacePodAffinity`: pods whose affinity
/// terms reach other namespaces.
pub const RESOURCE_QUOTA_SCOPE_CROSS_NAMESPACE_POD_AFFINITY: &str = "CrossNamespacePodAffinity";
/// `ResourceQuotaScopeVolumeAttributesClass`: claims of the named volume
/// attributes classes.
pub const RESOURCE_QUOTA_SCOPE_VOLUME_ATTRIBUTES_CLASS: &str = "VolumeAttributesClass";

/// ResourceQuota sets aggregate quota restrictions enforced per namespace.
///
/// +genclient
/// +kubebuilder:resource:shortName=quota
/// +kubebuilder:subresource:status
/// +resource:generation=false
/// +resource:returnDeletedObject
/// +resource:strategy
/// +printer:hook
/// +validation:extra
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct ResourceQuota {
    /// Standard object's metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired quota.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: ResourceQuotaSpec,
    /// The enforced quota and its current usage, written through
    /// `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: ResourceQuotaStatus,
}

/// ResourceQuotaSpec defines the desired hard limits to enforce for Quota.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceQuotaSpec {
    /// The desired hard limit of each named resource (`pods`,
    /// `requests.cpu`, `count/deployments.apps`, ...).
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hard: BTreeMap<String, Quantity>,
    /// Filters that must match each object the quota tracks
    /// (`Terminating`, `BestEffort`, ...); none matches every object.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<String>,
    /// Scopes with operators and values, which must match as well.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope_selector: Option<ScopeSelector>,
}

/// A scope selector represents the AND of the selectors represented by the
/// scoped-resource selector requirements.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ScopeSelector {
    /// A list of scope selector requirements by scope of the resources.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<ScopedResourceSelectorRequirement>,
}

/// A scoped-resource selector requirement: a scope name, an operator and
/// values.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ScopedResourceSelectorRequirement {
    /// The name of the scope that the selector applies to.
    /// +protobuf=1
    pub scope_name: String,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`.
    /// +protobuf=2
    pub operator: String,
    /// The values: non-empty for `In` and `NotIn`, empty for `Exists` and
    /// `DoesNotExist`.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

/// ResourceQuotaStatus defines the enforced hard limits and observed use.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceQuotaStatus {
    /// The enforced hard limit of each named resource.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hard: BTreeMap<String, Quantity>,
    /// The current observed total usage of each resource in the
    /// namespace.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub used: BTreeMap<String, Quantity>,
}

/// `standardQuotaResources` with the huge page names
/// (`helper.IsStandardQuotaResourceName`).
fn is_standard_quota_resource_name(name: &str) -> bool {
    matches!(
        name,
        "cpu"
            | "memory"
            | "ephemeral-storage"
            | "requests.cpu"
            | "requests.memory"
            | "requests.storage"
            | "requests.ephemeral-storage"
            | "limits.cpu"
            | "limits.memory"
            | "limits.ephemeral-storage"
            | "pods"
            | "resourcequotas"
            | "services"
            | "replicationcontrollers"
            | "secrets"
            | "persistentvolumeclaims"
            | "configmaps"
            | "services.nodeports"
            | "services.loadbalancers"
    ) || name.starts_with("hugepages-")
        || name.starts_with("requests.hugepages-")
}

/// `helper.IsStandardResourceQuotaScope`.
fn is_standard_scope(scope: &str) -> bool {
    matches!(
        scope,
        RESOURCE_QUOTA_SCOPE_TERMINATING
            | RESOURCE_QUOTA_SCOPE_NOT_TERMINATING
            | RESOURCE_QUOTA_SCOPE_BEST_EFFORT
            | RESOURCE_QUOTA_SCOPE_NOT_BEST_EFFORT
            | RESOURCE_QUOTA_SCOPE_PRIORITY_CLASS
            | RESOURCE_QUOTA_SCOPE_CROSS_NAMESPACE_POD_AFFINITY
            | RESOURCE_QUOTA_SCOPE_VOLUME_ATTRIBUTES_CLASS
    )
}

/// `helper.IsResourceQuotaScopeValidForResource`: the pod scopes apply to
/// the pod count and pod compute resources (`BestEffort` to the count
/// alone), the volume attributes class scope to claims and their storage.
fn scope_valid_for_resource(scope: &str, resource: &str) -> bool {
    let pod_count = resource == "pods";
    let pod_compute = matches!(
        resource,
        "cpu" | "memory" | "limits.cpu" | "limits.memory" | "requests.cpu" | "requests.memory"
    );
    match scope {
        RESOURCE_QUOTA_SCOPE_TERMINATING
        | RESOURCE_QUOTA_SCOPE_NOT_TERMINATING
        | RESOURCE_QUOTA_SCOPE_NOT_BEST_EFFORT
        | RESOURCE_QUOTA_SCOPE_PRIORITY_CLASS
        | RESOURCE_QUOTA_SCOPE_CROSS_NAMESPACE_POD_AFFINITY => pod_count || pod_compute,
        RESOURCE_QUOTA_SCOPE_BEST_EFFORT => pod_count,
        RESOURCE_QUOTA_SCOPE_VOLUME_ATTRIBUTES_CLASS => {
            matches!(resource, "persistentvolumeclaims" | "requests.storage")
        }
        _ => true,
    }
}

/// The scope pairs a quota may not have both of.
const CONFLICTING_SCOPES: [(&str, &str); 2] = [
    (
        RESOURCE_QUOTA_SCOPE_BEST_EFFORT,
        RESOURCE_QUOTA_SCOPE_NOT_BEST_EFFORT,
    ),
    (
        RESOURCE_QUOTA_SCOPE_TERMINATING,
        RESOURCE_QUOTA_SCOPE_NOT_TERMINATING,
    ),
];

/// The scopes `Exists` is the only operator of in a scope selector.
const EXISTS_ONLY_SCOPES: [&str; 5] = [
    RESOURCE_QUOTA_SCOPE_TERMINATING,
    RESOURCE_QUOTA_SCOPE_NOT_TERMINATING,
    RESOURCE_QUOTA_SCOPE_BEST_EFFORT,
    RESOURCE_QUOTA_SCOPE_NOT_BEST_EFFORT,
    RESOURCE_QUOTA_SCOPE_CROSS_NAMESPACE_POD_AFFINITY,
];

impl ValidateExtra for ResourceQuota {
    /// `ValidateResourceQuota` on create, `ValidateResourceQuotaUpdate`
    /// on update (the spec again, and scopes that do not change), and
    /// `ValidateResourceQuotaStatusUpdate` through `/status` (the
    /// status's names and amounts; its rule that the body carry a
    /// resourceVersion is not here, as the generic update gives the body
    /// the stored one when it has none). Errors of a map come in name
    /// order, as upstream's validation gives them only by chance (Go's
    /// map order).
    fn validate_extra(&self, old: Option<&Self>, _path: &Path, ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        if ctx.subresource == "/status" {
            errs.extend(status_errors(&self.status, &Path::new("status")));
            return errs;
        }
        let spec = Path::new("spec");
        errs.extend(resource_list_errors(&self.spec.hard, &spec.child("hard")));
        errs.extend(scopes_errors(&self.spec, &spec));
        errs.extend(scope_selector_errors(&self.spec, &spec));
        match old {
            None => errs.extend(status_errors(&self.status, &Path::new("status"))),
            Some(old) => {
                let set = |s: &[String]| s.iter().cloned().collect::<BTreeSet<String>>();
                if set(&self.spec.scopes) != set(&old.spec.scopes) {
                    errs.push(Error::invalid(
                        &spec.child("scopes"),
                        scopes_value(&self.spec.scopes),
                        "field is immutable",
                    ));
                }
            }
        }
        errs
    }
}

/// `ValidateResourceQuotaStatus`: the names and amounts of `hard` and
/// `used`.
fn status_errors(status: &ResourceQuotaStatus, path: &Path) -> ErrorList {
    let mut errs = resource_list_errors(&status.hard, &path.child("hard"));
    errs.extend(resource_list_errors(&status.used, &path.child("used")));
    errs
}

/// Each name of a quota's resource list is a quota resource
/// (`ValidateResourceQuotaResourceName`) and its amount is not negative,
/// and whole for a counted resource (`ValidateResourceQuantityValue`).
fn resource_list_errors(list: &BTreeMap<String, Quantity>, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    for (name, amount) in list {
        let at = path.key(name);
        errs.extend(quota_resource_name_errors(name, &at));
        errs.extend(super::resource_quantity_value_errors(name, amount, &at));
    }
    errs
}

/// `ValidateResourceQuotaResourceName`: `validateResourceName`, then a
/// standard quota resource unless the name has a domain (`storage` is a
/// resource but no quota's).
fn quota_resource_name_errors(name: &str, path: &Path) -> ErrorList {
    let mut errs = super::limit_range::resource_name_errors(name, path);
    if !name.contains('/') && !is_standard_quota_resource_name(name) {
        errs.push(Error::invalid(
            path,
            BadValue::Str(name.to_string()),
            "must be a standard resource for quota",
        ));
    }
    errs
}

/// The whole `scopes` list as a bad value (Go's `%v` of the slice).
fn scopes_value(scopes: &[String]) -> BadValue {
    BadValue::Json(serde_json::json!(scopes))
}

/// `validateResourceQuotaScopes`.
fn scopes_errors(spec: &ResourceQuotaSpec, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    if spec.scopes.is_empty() {
        return errs;
    }
    let at = path.child("scopes");
    let invalid = |detail: &str| Error::invalid(&at, scopes_value(&spec.scopes), detail);
    for scope in &spec.scopes {
        if !is_standard_scope(scope) {
            errs.push(invalid("unsupported scope"));
        }
        for name in spec.hard.keys() {
            if is_standard_quota_resource_name(name) && !scope_valid_for_resource(scope, name) {
                errs.push(invalid("unsupported scope applied to resource"));
            }
        }
    }
    let has = |s: &str| spec.scopes.iter().any(|x| x == s);
    for (a, b) in CONFLICTING_SCOPES {
        if has(a) && has(b) {
            errs.push(invalid("conflicting scopes"));
        }
    }
    errs
}

/// `validateScopeSelector` and `validateScopedResourceSelectorRequirement`
/// (whose paths carry no index, as upstream's).
fn scope_selector_errors(spec: &ResourceQuotaSpec, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let Some(selector) = &spec.scope_selector else {
        return errs;
    };
    let selector_path = path.child("scopeSelector");
    let at = selector_path.child("matchExpressions");
    for req in &selector.match_expressions {
        if !is_standard_scope(&req.scope_name) {
            errs.push(Error::invalid(
                &at.child("scopeName"),
                BadValue::Str(req.scope_name.clone()),
                "unsupported scope",
            ));
        }
        for name in spec.hard.keys() {
            if is_standard_quota_resource_name(name)
                && !scope_valid_for_resource(&req.scope_name, name)
            {
                errs.push(Error::invalid(
                    &at,
                    BadValue::Json(serde_json::to_value(selector).unwrap_or_default()),
                    "unsupported scope applied to resource",
                ));
            }
        }
        if EXISTS_ONLY_SCOPES.contains(&req.scope_name.as_str()) && req.operator != "Exists" {
            errs.push(Error::invalid(
                &at.child("operator"),
                BadValue::Str(req.operator.clone()),
                "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
            ));
        }
        match req.operator.as_str() {
            "In" | "NotIn" => {
                if req.values.is_empty() {
                    errs.push(Error::required(
                        &at.child("values"),
                        "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector",
                    ));
                }
            }
            "Exists" | "DoesNotExist" => {
                if !req.values.is_empty() {
                    errs.push(Error::invalid(
                        &at.child("values"),
                        BadValue::Json(serde_json::json!(req.values)),
                        "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
                    ));
                }
            }
            _ => errs.push(Error::invalid(
                &at.child("operator"),
                BadValue::Str(req.operator.clone()),
                "not a valid selector operator",
            )),
        }
    }
    let has = |s: &str| selector.match_expressions.iter().any(|r| r.scope_name == s);
    for (a, b) in CONFLICTING_SCOPES {
        if has(a) && has(b) {
            errs.push(Error::invalid(
                &at,
                scopes_value(&spec.scopes),
                "conflicting scopes",
            ));
        }
    }
    errs
}

/// `SetObjectDefaults_ResourceQuota`: every amount rounded up to
/// thousandths (`SetDefaults_ResourceList`).
impl runtime::defaulting::DefaultHook for ResourceQuota {
    fn default_hook(&mut self) {
        super::set_defaults_resource_list(&mut self.spec.hard);
        super::set_defaults_resource_list(&mut self.status.hard);
        super::set_defaults_resource_list(&mut self.status.used);
    }
}

/// `pkg/registry/core/resourcequota/strategy.go`: a create's status is
/// cleared and a `/status` write keeps the spec (the generic server's,
/// for a kind with a status subresource); a create is warned of a
/// request quota above its limit.
impl runtime::resource::Strategy for ResourceQuota {
    const WARNINGS: bool = true;

    /// `WarningsOnCreate`: for cpu, memory, storage and ephemeral storage,
    /// `ResourceQuota requests.cpu (2) should be less than limits.cpu (1)`
    /// when `spec.hard` asks for more than it limits (`cpu` and `memory`
    /// stand for their `requests.` names when those are absent).
    fn warnings_on_create(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        for resource in ["cpu", "memory", "storage", "ephemeral-storage"] {
            let requests = format!("requests.{resource}");
            let limits = format!("limits.{resource}");
            let request = match self.spec.hard.get(&requests) {
                Some(q) => Some((requests.as_str(), q)),
                None if matches!(resource, "cpu" | "memory") => {
                    self.spec.hard.get(resource).map(|q| (resource, q))
                }
                None => None,
            };
            if let (Some((name, request)), Some(limit)) = (request, self.spec.hard.get(&limits))
                && request.cmp_amount(limit) == std::cmp::Ordering::Greater
            {
                warnings.push(format!(
                    "ResourceQuota {name} ({request}) should be less than {limits} ({limit})"
                ));
            }
        }
        warnings
    }
}

impl Printer for ResourceQuota {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Request",
            0,
            "Request represents a minimum amount of cpu/memory that a container may consume.",
        ),
        PrinterColumn::string(
            "Limit",
            0,
            "Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printResourceQuota`: `name: used/hard` of each resource of
    /// `status.hard`, in name order, joined by `, `; `limits.` names in
    /// Limit, the others in Request. A quota no controller has counted
    /// prints both empty.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (mut request, mut limit) = (Vec::new(), Vec::new());
        for (name, hard) in &self.status.hard {
            let used = self.status.used.get(name).map_or("0", Quantity::as_str);
            let cell = format!("{name}: {used}/{hard}");
            match name.split_once('.') {
                Some(("limits", _)) => limit.push(cell),
                _ => request.push(cell),
            }
        }
        vec![
            json!(request.join(", ")),
            json!(limit.join(", ")),
            json!(age(&self.metadata, now)),
        ]
    }
}
