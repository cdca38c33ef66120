//! What upstream's service registry does beyond markers: its storage takes
//! cluster IPs and node ports from the server's ranges as a service is
//! created or updated (`pkg/registry/core/service/storage/storage.go`
//! `beginCreate`/`beginUpdate`, `alloc.go`), and its strategy drops the
//! fields a service's new type no longer uses (`strategy.go`
//! `dropTypeDependentFields`).

use std::collections::{BTreeMap, BTreeSet};
use std::net::IpAddr;

use runtime::allocation::{Allocation, AllocationError, Allocator, ip_family};
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::IntOrString;
use runtime::resource::{AllocationFailure, Bootstrap, Strategy};
use serde_json::Value;

use super::{Service, ServiceSpec};

/// The path of a service's spec, which every error here is under.
static SPEC: Path<'static> = Path::new("spec");

/// `api.ClusterIPNone`: the cluster IP of a headless service.
const CLUSTER_IP_NONE: &str = "None";

impl Strategy for Service {
    const ALLOCATES: bool = true;
    const PREPARE_FOR_UPDATE: bool = true;
    const BOOTSTRAP: bool = true;
    const WARNINGS: bool = true;

    /// `svcStrategy.WarningsOnCreate`: [`service_warnings`].
    fn warnings_on_create(&self) -> Vec<String> {
        service_warnings(self)
    }

    /// `svcStrategy.WarningsOnUpdate`: [`service_warnings`] of the new
    /// object.
    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        service_warnings(self)
    }

    /// The `kubernetes` Service in `default`, as kube-apiserver's
    /// `kubernetesservice` controller creates it (`createOrUpdateMasterServiceIfNeeded`):
    /// the first address of the service CIDR, port 443 (`https`, TCP) to the
    /// server's port, labelled `component: apiserver` and
    /// `provider: kubernetes`, single-stack. None when the range has no
    /// first address.
    fn bootstrap_objects(server: &Bootstrap) -> Vec<Self> {
        let Some(ip) = server.first_service_ip else {
            return Vec::new();
        };
        let mut service = Service::default();
        let meta = &mut service.metadata;
        meta.name = Some("kubernetes".into());
        meta.namespace = Some("default".into());
        meta.labels = BTreeMap::from([
            ("component".into(), "apiserver".into()),
            ("provider".into(), "kubernetes".into()),
        ]);
        let spec = &mut service.spec;
        spec.ports = vec![super::ServicePort {
            name: "https".into(),
            protocol: "TCP".into(),
            port: 443,
            target_port: IntOrString::Int(i32::from(server.port)),
            ..Default::default()
        }];
        spec.cluster_ip = ip.to_string();
        spec.cluster_ips = vec![ip.to_string()];
        spec.r#type = "ClusterIP".into();
        spec.session_affinity = "None".into();
        spec.ip_families = vec![ip_family(ip).into()];
        spec.ip_family_policy = Some("SingleStack".into());
        spec.internal_traffic_policy = Some("Cluster".into());
        vec![service]
    }

    /// The cluster IPs (but `None`) and node ports (the ports' and the
    /// health check's) the service holds.
    fn allocated(&self) -> Vec<Allocation> {
        let spec = &self.spec;
        let mut held: Vec<Allocation> = spec
            .cluster_ips
            .iter()
            .chain(spec.cluster_ips.is_empty().then_some(&spec.cluster_ip))
            .filter_map(|ip| parse_ip(ip))
            .map(Allocation::ClusterIp)
            .collect();
        held.extend(
            spec.ports
                .iter()
                .map(|p| p.node_port)
                .chain([spec.health_check_node_port])
                .filter(|&port| port != 0)
                .map(Allocation::NodePort),
        );
        held
    }

    /// `beginCreate`/`beginUpdate`: on update, values the client left out
    /// are taken from `old` (`patchAllocatedValues`); `clusterIP` and
    /// `clusterIPs` are brought in line (`normalizeClusterIPs`); the IP
    /// family fields are defaulted (`initIPFamilyFields`, for a
    /// single-family cluster); then the cluster IP, the node ports and
    /// the health check node port the service's type needs are taken.
    fn allocate(
        &mut self,
        old: Option<&Self>,
        allocator: &mut dyn Allocator,
    ) -> Result<(), AllocationFailure> {
        if let Some(old) = old {
            patch_allocated_values(&mut self.spec, &old.spec);
        }
        normalize_cluster_ips(&mut self.spec, old.map(|o| &o.spec));
        // Malformed addresses are validation's to report, each by its
        // index, as upstream's `ValidateServiceClusterIPsRelatedFields`
        // reports them before anything is allocated.
        if self
            .spec
            .cluster_ips
            .iter()
            .enumerate()
            .any(|(i, ip)| !(i == 0 && ip == CLUSTER_IP_NONE) && parse_ip(ip).is_none())
        {
            return Ok(());
        }
        init_ip_family_fields(&mut self.spec, old.map(|o| &o.spec), allocator.ip_family())
            .map_err(AllocationFailure::Invalid)?;
        let allocate_ips = match old {
            None => true,
            // An update allocates only when the service leaves
            // ExternalName (or was stored without an address, by a server
            // that did not allocate); otherwise it keeps what it has (its
            // primary address may not change).
            Some(old) => {
                old.spec.r#type == "ExternalName"
                    || (old.spec.cluster_ip.is_empty() && old.spec.cluster_ips.is_empty())
            }
        };
        if allocate_ips && needs_cluster_ip(&self.spec) && !is_headless(&self.spec) {
            alloc_cluster_ip(&mut self.spec, allocator)?;
        }
        if needs_node_ports(&self.spec) {
            alloc_node_ports(&mut self.spec, old.map(|o| &o.spec), allocator)?;
        }
        let needed_before = old.is_some_and(|o| needs_health_check(&o.spec));
        if needs_health_check(&self.spec) && !needed_before {
            alloc_health_check_node_port(&mut self.spec, allocator)?;
        }
        Ok(())
    }

    /// `PrepareForUpdate`'s `dropTypeDependentFields`.
    fn prepare_for_update(&mut self, old: &Self) {
        drop_type_dependent_fields(self, old);
    }
}

fn parse_ip(text: &str) -> Option<IpAddr> {
    super::service_validation::parse_ip_sloppy(text)
}

fn is_headless(spec: &ServiceSpec) -> bool {
    spec.cluster_ips
        .first()
        .map_or(spec.cluster_ip.as_str(), String::as_str)
        == CLUSTER_IP_NONE
}

/// Every type but `ExternalName` has a cluster IP (`needsClusterIP`).
fn needs_cluster_ip(spec: &ServiceSpec) -> bool {
    spec.r#type != "ExternalName"
}

/// `NodePort` and `LoadBalancer` services have node ports
/// (`needsNodePort`).
fn needs_node_ports(spec: &ServiceSpec) -> bool {
    matches!(spec.r#type.as_str(), "NodePort" | "LoadBalancer")
}

/// `apiservice.NeedsHealthCheck`: a `LoadBalancer` with external traffic
/// policy `Local`.
fn needs_health_check(spec: &ServiceSpec) -> bool {
    spec.r#type == "LoadBalancer" && spec.external_traffic_policy == "Local"
}

/// `shouldAllocateNodePorts`: node ports are picked for ports without
/// one on `NodePort` services, and on `LoadBalancer` services unless
/// `allocateLoadBalancerNodePorts` is false.
fn allocates_node_ports(spec: &ServiceSpec) -> bool {
    match spec.r#type.as_str() {
        "NodePort" => true,
        "LoadBalancer" => spec.allocate_load_balancer_node_ports != Some(false),
        _ => false,
    }
}

/// `patchAllocatedValues`: what an update leaves empty that the stored
/// service had allocated (the client did not send it back) is kept.
fn patch_allocated_values(spec: &mut ServiceSpec, old: &ServiceSpec) {
    if needs_cluster_ip(old) && needs_cluster_ip(spec) {
        if spec.cluster_ip.is_empty() {
            spec.cluster_ip.clone_from(&old.cluster_ip);
        }
        if spec.cluster_ips.is_empty() && !old.cluster_ips.is_empty() {
            spec.cluster_ips.clone_from(&old.cluster_ips);
        }
    }
    if needs_node_ports(old) && needs_node_ports(spec) {
        let used = |s: &ServiceSpec| -> BTreeSet<i32> {
            s.ports
                .iter()
                .map(|p| p.node_port)
                .filter(|&n| n != 0)
                .collect()
        };
        let used: BTreeSet<i32> = used(old).intersection(&used(spec)).copied().collect();
        let by_name: BTreeMap<&str, i32> = old
            .ports
            .iter()
            .map(|p| (p.name.as_str(), p.node_port))
            .collect();
        for port in spec.ports.iter_mut().filter(|p| p.node_port == 0) {
            let old_value = by_name.get(port.name.as_str()).copied().unwrap_or(0);
            if !used.contains(&old_value) {
                port.node_port = old_value;
            }
        }
    }
    if needs_health_check(old) && needs_health_check(spec) && spec.health_check_node_port == 0 {
        spec.health_check_node_port = old.health_check_node_port;
    }
}

/// `normalizeClusterIPs`: a client that sets only `clusterIP` (an old
/// one) gets `clusterIPs` from it; on update, a `clusterIPs` left out
/// with `clusterIP` unchanged is kept, one cleared with `clusterIP`
/// clears with it, and a changed `clusterIP` with `clusterIPs` unchanged
/// replaces it.
fn normalize_cluster_ips(spec: &mut ServiceSpec, old: Option<&ServiceSpec>) {
    let Some(old) = old else {
        if !spec.cluster_ip.is_empty() && spec.cluster_ips.is_empty() {
            spec.cluster_ips = vec![spec.cluster_ip.clone()];
        }
        return;
    };
    if !old.cluster_ips.is_empty()
        && spec.cluster_ips.is_empty()
        && old.cluster_ip == spec.cluster_ip
    {
        spec.cluster_ips.clone_from(&old.cluster_ips);
    }
    if old.cluster_ip != spec.cluster_ip && old.cluster_ips == spec.cluster_ips {
        if !old.cluster_ip.is_empty() && spec.cluster_ip.is_empty() {
            spec.cluster_ips.clear();
        } else {
            spec.cluster_ips = vec![spec.cluster_ip.clone()];
        }
    }
}

/// `initIPFamilyFields` on a cluster with one IP family, `family`: the
/// policy defaults (to the old one on update, `RequireDualStack` for a
/// headless service without selector, else `SingleStack`), the families
/// follow the cluster IPs given, a headless service without selector
/// that is not single-stack is given both families, and asking for
/// dual-stack or another family is an error.
fn init_ip_family_fields(
    spec: &mut ServiceSpec,
    old: Option<&ServiceSpec>,
    family: &'static str,
) -> Result<(), ErrorList> {
    if spec.r#type == "ExternalName" {
        return Ok(());
    }
    let selectorless_headless = spec.cluster_ip == CLUSTER_IP_NONE && spec.selector.is_empty();
    if spec.ip_family_policy.is_none() {
        spec.ip_family_policy = match old.and_then(|o| o.ip_family_policy.clone()) {
            Some(policy) => Some(policy),
            None if selectorless_headless => Some("RequireDualStack".into()),
            None => Some("SingleStack".into()),
        };
    }
    let policy = spec.ip_family_policy.clone().unwrap_or_default();
    let policy_value = BadValue::Str(policy.clone());
    let mut errs = Vec::new();
    let policy_path = SPEC.child("ipFamilyPolicy");
    if let Some(old) = old {
        if policy == "SingleStack" {
            if old.cluster_ips == spec.cluster_ips && spec.cluster_ips.len() > 1 {
                spec.cluster_ips.truncate(1);
            }
            if old.ip_families == spec.ip_families && spec.ip_families.len() > 1 {
                spec.ip_families.truncate(1);
            }
        } else {
            if spec.cluster_ips.len() < old.cluster_ips.len() {
                errs.push(Error::invalid(
                    &policy_path,
                    policy_value.clone(),
                    "must be 'SingleStack' to release the secondary cluster IP",
                ));
            }
            if spec.ip_families.len() < old.ip_families.len() {
                errs.push(Error::invalid(
                    &policy_path,
                    policy_value.clone(),
                    "must be 'SingleStack' to release the secondary IP family",
                ));
            }
        }
    }
    if policy == "SingleStack" {
        if spec.cluster_ips.len() == 2 {
            errs.push(Error::invalid(
                &policy_path,
                policy_value.clone(),
                "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified",
            ));
        }
        if spec.ip_families.len() == 2 {
            errs.push(Error::invalid(
                &policy_path,
                policy_value.clone(),
                "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified",
            ));
        }
    }
    let ips_value = BadValue::Json(Value::from(spec.cluster_ips.clone()));
    for (i, ip) in spec.cluster_ips.clone().iter().enumerate() {
        let Some(ip) = parse_ip(ip) else { break };
        if i >= spec.ip_families.len() {
            let found = ip_family(ip);
            if found == family {
                spec.ip_families.push(found.into());
            } else {
                errs.push(Error::invalid(
                    &SPEC.child("clusterIPs").index(i),
                    ips_value.clone(),
                    &format!("{found} is not configured on this cluster"),
                ));
            }
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    if selectorless_headless {
        if spec.ip_families.is_empty() {
            spec.ip_families = vec![family.into()];
        }
        if spec.ip_families.len() < 2 && policy != "SingleStack" {
            let other = if spec.ip_families[0] == "IPv4" {
                "IPv6"
            } else {
                "IPv4"
            };
            spec.ip_families.push(other.into());
        }
        return Ok(());
    }
    if policy == "RequireDualStack" {
        errs.push(Error::invalid(
            &policy_path,
            policy_value,
            "this cluster is not configured for dual-stack services",
        ));
    }
    for (i, ip_family) in spec.ip_families.iter().enumerate() {
        if ip_family != family {
            errs.push(Error::invalid(
                &SPEC.child("ipFamilies").index(i),
                BadValue::Str(ip_family.clone()),
                "not configured on this cluster",
            ));
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    if spec.ip_families.is_empty() {
        spec.ip_families = vec![family.into()];
    }
    Ok(())
}

/// `allocClusterIPs` on a single-family cluster: the address asked for
/// (`clusterIPs[0]`), or one picked; set in `clusterIP` and
/// `clusterIPs[0]`.
fn alloc_cluster_ip(
    spec: &mut ServiceSpec,
    allocator: &mut dyn Allocator,
) -> Result<(), AllocationFailure> {
    let requested = spec
        .cluster_ips
        .first()
        .filter(|ip| !ip.is_empty())
        .cloned();
    let ip = match &requested {
        None => allocator.cluster_ip(None).map_err(|e| {
            AllocationFailure::Internal(format!("failed to allocate a serviceIP: {e}"))
        })?,
        Some(text) => {
            let Some(ip) = parse_ip(text) else {
                return Err(AllocationFailure::Internal(format!(
                    "failed to parse service IP {text:?}"
                )));
            };
            allocator.cluster_ip(Some(ip)).map_err(|e| {
                // The IP allocator of a range (`MetaAllocator`) finds no
                // range for an address outside every service CIDR.
                let reason = match e {
                    AllocationError::NotInRange { .. } => {
                        "the provided network does not match the current range".to_string()
                    }
                    other => other.to_string(),
                };
                AllocationFailure::Invalid(vec![Error::invalid(
                    &SPEC.child("clusterIPs"),
                    BadValue::Json(Value::from(spec.cluster_ips.clone())),
                    &format!("failed to allocate IP {text}: {reason}"),
                )])
            })?
        }
    };
    // An address asked for is kept as written (`010.0.0.11`), as upstream
    // keeps the string.
    let ip = requested.unwrap_or_else(|| ip.to_string());
    match spec.cluster_ips.first_mut() {
        Some(first) => first.clone_from(&ip),
        None => spec.cluster_ips.push(ip.clone()),
    }
    spec.cluster_ip = ip;
    Ok(())
}

/// `initNodePorts` (create) and `updateNodePorts` (update): each port
/// asks for its node port, or gets one picked when the type allocates
/// them; ports with the same number share one node port. What `old` held
/// stays its own.
fn alloc_node_ports(
    spec: &mut ServiceSpec,
    old: Option<&ServiceSpec>,
    allocator: &mut dyn Allocator,
) -> Result<(), AllocationFailure> {
    let allocates = allocates_node_ports(spec);
    let old_ports: BTreeSet<i32> = old
        .map(|o| o.ports.iter().map(|p| p.node_port).collect())
        .unwrap_or_default();
    let mut by_service_port: BTreeMap<i32, i32> = BTreeMap::new();
    let requested_for = |ports: &[super::ServicePort], number: i32| {
        ports
            .iter()
            .find(|p| p.port == number && p.node_port != 0)
            .map_or(0, |p| p.node_port)
    };
    let all = spec.ports.clone();
    for (i, port) in spec.ports.iter_mut().enumerate() {
        if port.node_port == 0 && !allocates {
            continue;
        }
        let invalid = |node_port: i32, e: AllocationError| {
            AllocationFailure::Invalid(vec![Error::invalid(
                &SPEC.child("ports").index(i).child("nodePort"),
                BadValue::Int(node_port.into()),
                &e.to_string(),
            )])
        };
        let ask = |allocator: &mut dyn Allocator, node_port: i32| {
            if old_ports.contains(&node_port) {
                return Ok(());
            }
            allocator
                .node_port(Some(node_port))
                .map(drop)
                .map_err(|e| invalid(node_port, e))
        };
        match by_service_port.get(&port.port).copied() {
            None => {
                let requested = requested_for(&all, port.port);
                let node_port = if requested != 0 {
                    ask(allocator, requested)?;
                    requested
                } else {
                    allocator.node_port(None).map_err(|e| {
                        AllocationFailure::Internal(format!("failed to allocate a nodePort: {e}"))
                    })?
                };
                port.node_port = node_port;
                by_service_port.insert(port.port, node_port);
            }
            Some(shared) if port.node_port == 0 => port.node_port = shared,
            Some(shared) if port.node_port != shared => ask(allocator, port.node_port)?,
            Some(_) => {}
        }
    }
    Ok(())
}

/// `allocHealthCheckNodePort`: the port asked for, or one picked; a port
/// that cannot be had is a 500, as upstream reports it.
fn alloc_health_check_node_port(
    spec: &mut ServiceSpec,
    allocator: &mut dyn Allocator,
) -> Result<(), AllocationFailure> {
    let requested = spec.health_check_node_port;
    if requested != 0 {
        allocator.node_port(Some(requested)).map_err(|e| {
            AllocationFailure::Internal(format!(
                "failed to allocate requested HealthCheck NodePort {requested}: {e}"
            ))
        })?;
    } else {
        spec.health_check_node_port = allocator.node_port(None).map_err(|e| {
            AllocationFailure::Internal(format!("failed to allocate a HealthCheck NodePort 0: {e}"))
        })?;
    }
    Ok(())
}

/// `dropTypeDependentFields`: fields the new type does not use go, when
/// the update left them as they were (a client that changes the type
/// need not clear them); a field the client changed stays, for
/// validation to judge.
fn drop_type_dependent_fields(new: &mut Service, old: &Service) {
    let (spec, before) = (&mut new.spec, &old.spec);
    if spec.r#type == before.r#type {
        return;
    }
    if spec.r#type == "ExternalName" {
        if spec.cluster_ip == before.cluster_ip {
            spec.cluster_ip.clear();
        }
        if spec.cluster_ips == before.cluster_ips {
            spec.cluster_ips.clear();
        }
        if spec.ip_families == before.ip_families {
            spec.ip_families.clear();
        }
        if spec.ip_family_policy == before.ip_family_policy {
            spec.ip_family_policy = None;
        }
    }
    let node_ports = |s: &ServiceSpec| -> BTreeSet<i32> {
        s.ports
            .iter()
            .map(|p| p.node_port)
            .filter(|&n| n != 0)
            .collect()
    };
    if needs_node_ports(before)
        && !needs_node_ports(spec)
        && node_ports(before).is_superset(&node_ports(spec))
    {
        for port in &mut spec.ports {
            port.node_port = 0;
        }
    }
    if needs_health_check(before)
        && !needs_health_check(spec)
        && spec.health_check_node_port == before.health_check_node_port
    {
        spec.health_check_node_port = 0;
    }
    if spec.r#type != "LoadBalancer" {
        if spec.allocate_load_balancer_node_ports == before.allocate_load_balancer_node_ports {
            spec.allocate_load_balancer_node_ports = None;
        }
        if spec.load_balancer_class == before.load_balancer_class {
            spec.load_balancer_class = None;
        }
    }
    let externally_accessible = |s: &ServiceSpec| {
        matches!(s.r#type.as_str(), "LoadBalancer" | "NodePort")
            || (s.r#type == "ClusterIP" && !s.external_ips.is_empty())
    };
    if !externally_accessible(spec)
        && spec.external_traffic_policy == before.external_traffic_policy
    {
        spec.external_traffic_policy.clear();
    }
    if spec.r#type == "ExternalName"
        && spec.internal_traffic_policy == before.internal_traffic_policy
    {
        spec.internal_traffic_policy = None;
    }
    if spec.r#type != "LoadBalancer" {
        new.status.load_balancer = Default::default();
    }
}

/// `GetWarningsForService` (`pkg/api/service/warnings.go`), in its order:
/// the deprecated topology hints annotation; non-standard cluster IPs,
/// external IPs, load-balancer IP and source ranges
/// ([`super::warnings::ip_warning`], [`crate::networking::v1::cidr_warnings`]);
/// what a headless service ignores (a load-balancer IP, external IPs, a
/// `ClientIP` affinity: the defaulted `None` is not warned about since
/// upstream's fix of kubernetes#134040); what the type ignores (external
/// IPs of an `ExternalName` service, an external name of any other); the
/// deprecated `PreferClose` traffic distribution.
fn service_warnings(service: &Service) -> Vec<String> {
    let spec = &service.spec;
    let mut warnings = Vec::new();
    if service
        .metadata
        .annotations
        .contains_key("service.kubernetes.io/topology-aware-hints")
    {
        warnings.push(
            "annotation service.kubernetes.io/topology-aware-hints is deprecated, please use service.kubernetes.io/topology-mode instead".into(),
        );
    }
    if !spec.cluster_ip.is_empty() && spec.cluster_ip != "None" {
        for (i, ip) in spec.cluster_ips.iter().enumerate() {
            warnings.extend(super::warnings::ip_warning(
                &format!("spec.clusterIPs[{i}]"),
                ip,
            ));
        }
    }
    if spec.r#type == "ClusterIP" && spec.cluster_ip == "None" {
        if !spec.load_balancer_ip.is_empty() {
            warnings.push("spec.loadBalancerIP is ignored for headless services".into());
        }
        if !spec.external_ips.is_empty() {
            warnings.push("spec.externalIPs is ignored for headless services".into());
        }
        if spec.session_affinity == "ClientIP" {
            warnings.push("spec.SessionAffinity is ignored for headless services".into());
        }
    }
    for (i, ip) in spec.external_ips.iter().enumerate() {
        warnings.extend(super::warnings::ip_warning(
            &format!("spec.externalIPs[{i}]"),
            ip,
        ));
    }
    if !spec.load_balancer_ip.is_empty() {
        warnings.extend(super::warnings::ip_warning(
            "spec.loadBalancerIP",
            &spec.load_balancer_ip,
        ));
    }
    for (i, cidr) in spec.load_balancer_source_ranges.iter().enumerate() {
        warnings.extend(crate::networking::v1::cidr_warnings(
            &format!("spec.loadBalancerSourceRanges[{i}]"),
            cidr,
        ));
    }
    if spec.r#type == "ExternalName" && !spec.external_ips.is_empty() {
        warnings.push("spec.externalIPs is ignored when spec.type is \"ExternalName\"".into());
    }
    if spec.r#type != "ExternalName" && !spec.external_name.is_empty() {
        warnings.push("spec.externalName is ignored when spec.type is not \"ExternalName\"".into());
    }
    if spec.traffic_distribution.as_deref() == Some("PreferClose") {
        warnings.push(
            "spec.trafficDistribution: \"PreferClose\" is deprecated; use \"PreferSameZone\""
                .into(),
        );
    }
    warnings
}
