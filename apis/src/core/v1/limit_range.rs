//! LimitRange, ported from `k8s.io/api/core/v1`: the bounds and defaults of
//! the resources of a namespace's containers, pods and claims, which the
//! `LimitRanger` admission plugin applies (`runtime/apiserver`).

use std::collections::{BTreeMap, BTreeSet};

use macros::Resource;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::{ObjectMeta, Quantity};
use runtime::resource::{Printer, PrinterColumn};
use runtime::validate::{Context, ValidateExtra, names};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// `LimitTypePod`: a limit on the sum of a pod's containers.
pub const LIMIT_TYPE_POD: &str = "Pod";
/// `LimitTypeContainer`: a limit on each container, with its defaults.
pub const LIMIT_TYPE_CONTAINER: &str = "Container";
/// `LimitTypePersistentVolumeClaim`: a limit on each claim's request.
pub const LIMIT_TYPE_PERSISTENT_VOLUME_CLAIM: &str = "PersistentVolumeClaim";

/// LimitRange sets resource usage limits for each kind of resource in a
/// Namespace.
///
/// +genclient
/// +kubebuilder:resource:shortName=limits
/// +resource:generation=false
/// +resource:allowCreateOnUpdate
/// +resource:strategy
/// +printer:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct LimitRange {
    /// Standard object's metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The limits enforced.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: LimitRangeSpec,
}

/// LimitRangeSpec defines a min/max usage limit for resources that match
/// on kind.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LimitRangeSpec {
    /// The list of LimitRangeItem objects that are enforced.
    /// +listType=atomic
    /// +protobuf=1
    // Go's `json:"limits"` writes a nil slice (no items) as `null`.
    #[serde(
        serialize_with = "crate::nil_if_empty",
        deserialize_with = "crate::empty_if_nil"
    )]
    pub limits: Vec<LimitRangeItem>,
}

/// LimitRangeItem defines a min/max usage limit for any resource that
/// matches on kind.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct LimitRangeItem {
    /// The type of resource this limit applies to: `Pod`, `Container`,
    /// `PersistentVolumeClaim`, or a fully qualified name.
    /// +protobuf=1
    pub r#type: String,
    /// Max usage constraints on this kind by resource name.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub max: BTreeMap<String, Quantity>,
    /// Min usage constraints on this kind by resource name.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub min: BTreeMap<String, Quantity>,
    /// The limit a container gets by resource name if it sets none.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub default: BTreeMap<String, Quantity>,
    /// The request a container gets by resource name if it sets none.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub default_request: BTreeMap<String, Quantity>,
    /// The most a limit may be of its request, by resource name: the max
    /// burst.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub max_limit_request_ratio: BTreeMap<String, Quantity>,
}

/// `SetDefaults_LimitRangeItem`: a `Container` item's default limit is its
/// max, its default request its default limit, else its min (in that
/// order: with only a max and a min, the default request is the max);
/// then every amount rounded up to thousandths
/// (`SetDefaults_ResourceList`).
impl runtime::defaulting::DefaultHook for LimitRangeItem {
    fn default_hook(&mut self) {
        if self.r#type == LIMIT_TYPE_CONTAINER {
            self.default_container_item();
        }
        for list in [
            &mut self.max,
            &mut self.min,
            &mut self.default,
            &mut self.default_request,
            &mut self.max_limit_request_ratio,
        ] {
            super::set_defaults_resource_list(list);
        }
    }
}

impl LimitRangeItem {
    /// A `Container` item's defaults from its max and min.
    fn default_container_item(&mut self) {
        for (name, q) in &self.max {
            self.default
                .entry(name.clone())
                .or_insert_with(|| q.clone());
        }
        for (name, q) in &self.default {
            self.default_request
                .entry(name.clone())
                .or_insert_with(|| q.clone());
        }
        for (name, q) in &self.min {
            self.default_request
                .entry(name.clone())
                .or_insert_with(|| q.clone());
        }
    }
}

impl ValidateExtra for LimitRange {
    /// `ValidateLimitRange` (create and update alike): each item's type is
    /// a standard one or qualified, and appears once; its resource names
    /// suit its type; a `Pod` item has no defaults; a
    /// `PersistentVolumeClaim` item bounds `storage`; per resource,
    /// min <= default request <= default <= max, a ratio of at least 1 and
    /// at most max/min, and defaults equal to default requests where
    /// overcommit is not allowed (huge pages, extended resources).
    /// Per-resource errors come in name order (upstream's come in Go's map
    /// order), and a bad quantity is printed as its text (upstream prints
    /// Go's dump of the `resource.Quantity` struct).
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        let spec = path.child("spec");
        let limits = spec.child("limits");
        let mut types = BTreeSet::new();
        for (i, limit) in self.spec.limits.iter().enumerate() {
            let at = limits.index(i);
            errs.extend(limit_type_errors(&limit.r#type, &at.child("type")));
            if !types.insert(limit.r#type.as_str()) {
                errs.push(Error::duplicate(
                    &at.child("type"),
                    BadValue::Str(limit.r#type.clone()),
                ));
            }
            let names = |field: &str, list: &BTreeMap<String, Quantity>| {
                let at = at.child(field);
                list.keys()
                    .flat_map(|k| limit_resource_name_errors(&limit.r#type, k, &at.key(k)))
                    .collect::<Vec<_>>()
            };
            errs.extend(names("max", &limit.max));
            errs.extend(names("min", &limit.min));
            let pod = limit.r#type == LIMIT_TYPE_POD;
            if pod {
                for (field, list) in [
                    ("default", &limit.default),
                    ("defaultRequest", &limit.default_request),
                ] {
                    if !list.is_empty() {
                        errs.push(Error::forbidden(
                            &at.child(field),
                            "may not be specified when `type` is 'Pod'",
                        ));
                    }
                }
            } else {
                errs.extend(names("default", &limit.default));
                errs.extend(names("defaultRequest", &limit.default_request));
            }
            if limit.r#type == LIMIT_TYPE_PERSISTENT_VOLUME_CLAIM
                && !limit.min.contains_key("storage")
                && !limit.max.contains_key("storage")
            {
                errs.push(Error::required(
                    &at.child("limits"),
                    "either minimum or maximum storage value is required, but neither was provided",
                ));
            }
            errs.extend(names(
                "maxLimitRequestRatio",
                &limit.max_limit_request_ratio,
            ));
            let defaults = if pod { None } else { Some(limit) };
            errs.extend(bounds_errors(limit, defaults, &at));
        }
        errs
    }
}

/// The per-resource checks of `ValidateLimitRange` on one item (`defaults`
/// is the item unless it is a `Pod` one, whose defaults are not read).
fn bounds_errors(
    limit: &LimitRangeItem,
    defaults: Option<&LimitRangeItem>,
    at: &Path,
) -> ErrorList {
    use std::cmp::Ordering::{Greater, Less};
    let mut errs = Vec::new();
    let empty = BTreeMap::new();
    let (default, default_request) = match defaults {
        Some(d) => (&d.default, &d.default_request),
        None => (&empty, &empty),
    };
    let keys: BTreeSet<&String> = limit
        .max
        .keys()
        .chain(limit.min.keys())
        .chain(default.keys())
        .chain(default_request.keys())
        .chain(limit.max_limit_request_ratio.keys())
        .collect();
    let invalid = |field: &str, key: &str, value: &Quantity, detail: String| {
        Error::invalid(
            &at.child(field).key(key),
            BadValue::Str(value.to_string()),
            &detail,
        )
    };
    for k in keys {
        let (min, max) = (limit.min.get(k), limit.max.get(k));
        let (def, req) = (default.get(k), default_request.get(k));
        let ratio = limit.max_limit_request_ratio.get(k);
        if let (Some(min), Some(max)) = (min, max)
            && min.cmp_amount(max) == Greater
        {
            errs.push(invalid(
                "min",
                k,
                min,
                format!("min value {min} is greater than max value {max}"),
            ));
        }
        if let (Some(req), Some(min)) = (req, min)
            && min.cmp_amount(req) == Greater
        {
            errs.push(invalid(
                "defaultRequest",
                k,
                req,
                format!("min value {min} is greater than default request value {req}"),
            ));
        }
        if let (Some(req), Some(max)) = (req, max)
            && req.cmp_amount(max) == Greater
        {
            errs.push(invalid(
                "defaultRequest",
                k,
                req,
                format!("default request value {req} is greater than max value {max}"),
            ));
        }
        if let (Some(req), Some(def)) = (req, def)
            && req.cmp_amount(def) == Greater
        {
            errs.push(invalid(
                "defaultRequest",
                k,
                req,
                format!("default request value {req} is greater than default limit value {def}"),
            ));
        }
        // Upstream reports the min, and below the max, as the bad value.
        if let (Some(def), Some(min)) = (def, min)
            && min.cmp_amount(def) == Greater
        {
            errs.push(invalid(
                "default",
                k,
                min,
                format!("min value {min} is greater than default value {def}"),
            ));
        }
        if let (Some(def), Some(max)) = (def, max)
            && def.cmp_amount(max) == Greater
        {
            errs.push(invalid(
                "default",
                k,
                max,
                format!("default value {def} is greater than max value {max}"),
            ));
        }
        if let Some(ratio) = ratio {
            if ratio.cmp_amount(&Quantity::parse("1").unwrap_or_default()) == Less {
                errs.push(invalid(
                    "maxLimitRequestRatio",
                    k,
                    ratio,
                    format!("ratio {ratio} is less than 1"),
                ));
            }
            if let (Some(min), Some(max)) = (min, max) {
                // Go's float division: a zero min allows any ratio.
                let allowed = max.as_f64() / min.as_f64();
                if ratio.as_f64() > allowed {
                    errs.push(invalid(
                        "maxLimitRequestRatio",
                        k,
                        ratio,
                        format!(
                            "ratio {ratio} is greater than max/min = {}",
                            runtime::go::float_f(allowed)
                        ),
                    ));
                }
            }
        }
        if !super::overcommit_allowed(k)
            && let (Some(def), Some(req)) = (def, req)
            && def.cmp_amount(req) != std::cmp::Ordering::Equal
        {
            errs.push(invalid(
                "defaultRequest",
                k,
                req,
                format!("default value {def} must equal to defaultRequest value {req} in {k}"),
            ));
        }
    }
    errs
}

/// `validateLimitRangeTypeName`: a qualified name, and one of the standard
/// types unless it has a domain.
fn limit_type_errors(value: &str, path: &Path) -> ErrorList {
    let errs: ErrorList = names::qualified_name(value)
        .into_iter()
        .map(|m| Error::invalid(path, BadValue::Str(value.to_string()), &m))
        .collect();
    if !errs.is_empty() {
        return errs;
    }
    let standard = [
        LIMIT_TYPE_POD,
        LIMIT_TYPE_CONTAINER,
        LIMIT_TYPE_PERSISTENT_VOLUME_CLAIM,
    ];
    if !value.contains('/') && !standard.contains(&value) {
        return vec![Error::invalid(
            path,
            BadValue::Str(value.to_string()),
            "must be a standard limit type or fully qualified",
        )];
    }
    errs
}

/// `validateLimitRangeResourceName`: a container resource for `Pod` and
/// `Container` items, any resource for the others.
fn limit_resource_name_errors(limit_type: &str, name: &str, path: &Path) -> ErrorList {
    if limit_type == LIMIT_TYPE_POD || limit_type == LIMIT_TYPE_CONTAINER {
        return container_resource_name_errors(name, path);
    }
    resource_name_errors(name, path)
}

/// `IsStandardResourceName`'s names (`standardResources`).
const STANDARD_RESOURCES: [&str; 20] = [
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
    "requests.ephemeral-storage",
    "limits.cpu",
    "limits.memory",
    "limits.ephemeral-storage",
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "storage",
    "requests.storage",
    "services.nodeports",
    "services.loadbalancers",
];

/// `validateResourceName`: a qualified name, and a standard resource
/// (huge pages included) unless it has a domain.
pub(crate) fn resource_name_errors(name: &str, path: &Path) -> ErrorList {
    let errs: ErrorList = names::qualified_name(name)
        .into_iter()
        .map(|m| Error::invalid(path, BadValue::Str(name.to_string()), &m))
        .collect();
    if !errs.is_empty() {
        return errs;
    }
    let standard = STANDARD_RESOURCES.contains(&name)
        || name.starts_with("hugepages-")
        || name.starts_with("requests.hugepages-");
    if !name.contains('/') && !standard {
        return vec![Error::invalid(
            path,
            BadValue::Str(name.to_string()),
            "must be a standard resource type or fully qualified",
        )];
    }
    errs
}

/// `validateContainerResourceName`: a resource name a container may have:
/// cpu, memory, ephemeral storage, huge pages, or an extended resource.
pub(crate) fn container_resource_name_errors(name: &str, path: &Path) -> ErrorList {
    let mut errs = resource_name_errors(name, path);
    let bad = |detail: &str| Error::invalid(path, BadValue::Str(name.to_string()), detail);
    if !name.contains('/') {
        let standard = matches!(name, "cpu" | "memory" | "ephemeral-storage")
            || name.starts_with("hugepages-");
        if !standard {
            errs.push(bad("must be a standard resource for containers"));
        }
    } else if !super::is_native_resource(name) && !super::is_extended_resource_name(name) {
        errs.push(bad("doesn't follow extended resource name standard"));
    }
    errs
}

impl Printer for LimitRange {
    /// `rest.NewDefaultTableConvertor`, which upstream's LimitRange storage
    /// uses: Name and the creation time in RFC 3339.
    const COLUMNS: &'static [PrinterColumn] = &[PrinterColumn {
        name: "Created At",
        type_: "date",
        format: "",
        description: runtime::printers::AGE_DESCRIPTION,
        json_path: "",
        priority: 0,
    }];

    fn cells(&self, _now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let created = self
            .metadata
            .creation_timestamp
            .as_ref()
            .map(|t| t.0.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
        vec![json!(
            created.unwrap_or_else(|| "0001-01-01T00:00:00Z".into())
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(r#type: &str, lists: &[(&str, &[(&str, &str)])]) -> LimitRangeItem {
        let list = |pairs: &[(&str, &str)]| -> BTreeMap<String, Quantity> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), Quantity::parse(v).unwrap()))
                .collect()
        };
        let mut item = LimitRangeItem {
            r#type: r#type.into(),
            ..Default::default()
        };
        for (field, pairs) in lists {
            let target = match *field {
                "max" => &mut item.max,
                "min" => &mut item.min,
                "default" => &mut item.default,
                "defaultRequest" => &mut item.default_request,
                _ => &mut item.max_limit_request_ratio,
            };
            *target = list(pairs);
        }
        item
    }

    fn messages(item: &LimitRangeItem) -> Vec<String> {
        let at = Path::root();
        bounds_errors(item, Some(item), &at)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// The per-resource checks upstream's HTTP tests do not reach: the
    /// ratio against max/min (Go's `%f`, exact past 9.2e15), the default
    /// request above the max, and equal defaults where overcommit is not
    /// allowed.
    #[test]
    fn per_resource_bounds_in_upstreams_words() {
        let ratio = item(
            "PersistentVolumeClaim",
            &[
                ("min", &[("storage", "1Gi")]),
                ("max", &[("storage", "4Gi")]),
                ("ratio", &[("storage", "10")]),
            ],
        );
        assert_eq!(
            messages(&ratio),
            [
                "maxLimitRequestRatio[storage]: Invalid value: \"10\": ratio 10 is greater than max/min = 4.000000"
            ]
        );
        let huge = item(
            "PersistentVolumeClaim",
            &[
                ("min", &[("storage", "1Pi")]),
                ("max", &[("storage", "10Pi")]),
                ("ratio", &[("storage", "9")]),
            ],
        );
        assert!(messages(&huge).is_empty(), "{:?}", messages(&huge));
        let zero_min = item(
            "PersistentVolumeClaim",
            &[
                ("min", &[("storage", "0")]),
                ("max", &[("storage", "1Gi")]),
                ("ratio", &[("storage", "9")]),
            ],
        );
        assert!(messages(&zero_min).is_empty());
        let request = item(
            "Container",
            &[
                ("max", &[("cpu", "1")]),
                ("defaultRequest", &[("cpu", "2")]),
            ],
        );
        assert_eq!(
            messages(&request),
            [
                "defaultRequest[cpu]: Invalid value: \"2\": default request value 2 is greater than max value 1"
            ]
        );
        let gpu = item(
            "Container",
            &[
                ("default", &[("example.com/gpu", "2")]),
                ("defaultRequest", &[("example.com/gpu", "1")]),
            ],
        );
        assert_eq!(
            messages(&gpu),
            [
                "defaultRequest[example.com/gpu]: Invalid value: \"1\": default value 2 must equal to defaultRequest value 1 in example.com/gpu"
            ]
        );
    }
}
