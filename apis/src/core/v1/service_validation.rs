//! Hand-written validation of Services and Endpoints beside the
//! generated one: upstream's `ValidateService` and `ValidateEndpoints`
//! (`pkg/apis/core/validation/validation.go`), with their messages, and the
//! IP parsing they share with other groups (Go's `ParseIPSloppy`).

use std::collections::BTreeSet;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra, names};

use super::validation::{PORT_RANGE, one_of, port_num_or_name_errors};
use super::{ClientIPConfig, EndpointAddress, EndpointPort, Endpoints, ServiceSpec};

/// `ValidateServiceClusterIPsRelatedFields`' address check, which the
/// service registry runs while allocating, before `ValidateService`:
/// `clusterIP` is copied into an empty `clusterIPs` (`normalizeClusterIPs`),
/// and each entry other than `None` must parse as Go's `ParseIPSloppy`
/// parses (IPv4 octets may have leading zeros). Errors name
/// `spec.clusterIPs[i]`.
fn cluster_ip_errors(spec: &ServiceSpec, path: &Path) -> ErrorList {
    let ips: Vec<&str> = if spec.cluster_ips.is_empty() && !spec.cluster_ip.is_empty() {
        vec![spec.cluster_ip.as_str()]
    } else {
        spec.cluster_ips.iter().map(String::as_str).collect()
    };
    let at = path.child("clusterIPs");
    ips.iter()
        .enumerate()
        .filter(|(i, ip)| {
            let headless = *i == 0 && **ip == "None";
            !headless && !is_ip_sloppy(ip)
        })
        .map(|(i, ip)| Error::invalid(&at.index(i), BadValue::Str((*ip).to_string()), INVALID_IP))
        .collect()
}

/// `ValidateServiceUpdate`'s `validateUpgradeDowngradeClusterIPs`: the
/// primary cluster IP may not change, unless the service is or was an
/// `ExternalName` one.
fn primary_cluster_ip_errors(spec: &ServiceSpec, old: &ServiceSpec, path: &Path) -> ErrorList {
    if spec.r#type == "ExternalName" || old.r#type == "ExternalName" {
        return Vec::new();
    }
    match (old.cluster_ips.first(), spec.cluster_ips.first()) {
        (Some(before), Some(after)) if before != after => vec![Error::invalid(
            &path.child("clusterIPs").index(0),
            BadValue::Json(serde_json::Value::from(spec.cluster_ips.clone())),
            "may not change once set",
        )],
        _ => Vec::new(),
    }
}

/// Go's `netutils.ParseIPSloppy`: an IPv4 or IPv6 address, IPv4 octets
/// allowed leading zeros (`010.1.1.1` is 10.1.1.1).
pub(crate) fn parse_ip_sloppy(text: &str) -> Option<std::net::IpAddr> {
    if let Ok(ip) = text.parse::<std::net::IpAddr>() {
        return Some(ip);
    }
    let octets: Vec<&str> = text.split('.').collect();
    if octets.len() != 4 {
        return None;
    }
    let mut parsed = [0u8; 4];
    for (slot, octet) in parsed.iter_mut().zip(&octets) {
        let digits = octet.trim_start_matches('0');
        if octet.is_empty() || !octet.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return None;
        }
        *slot = if digits.is_empty() {
            0
        } else {
            digits.parse().ok()?
        };
    }
    Some(std::net::IpAddr::from(parsed))
}

fn is_ip_sloppy(text: &str) -> bool {
    parse_ip_sloppy(text).is_some()
}

/// `IsValidIPForLegacyField` with `StrictIPCIDRValidation`, on by default
/// since v1.36: an address Go's `ParseIPSloppy` reads, and, unless the old
/// object already had it (`old_values`, upstream's ratcheting of values
/// stored before), one `netip.ParseAddr` reads (no leading zeros) that is
/// not an IPv4-mapped IPv6 address.
pub(crate) fn legacy_ip_errors(value: &str, path: &Path, old_values: &[&str]) -> ErrorList {
    let invalid = |detail: &str| {
        vec![Error::invalid(
            path,
            BadValue::Str(value.to_string()),
            detail,
        )]
    };
    if !is_ip_sloppy(value) {
        return invalid(INVALID_IP);
    }
    if old_values.contains(&value) {
        return Vec::new();
    }
    match value.parse::<std::net::IpAddr>() {
        Err(_) => invalid("must not have leading 0s"),
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_some() => {
            invalid("must not be an IPv4-mapped IPv6 address")
        }
        Ok(_) => Vec::new(),
    }
}

impl ValidateExtra for ServiceSpec {
    /// `ValidateService`, in its order: a service other than a headless or
    /// `ExternalName` one has ports; an `ExternalName` service names a
    /// DNS subdomain (a trailing dot allowed); each port has a name when
    /// there are several (a unique DNS-1123 label), a number in range, a
    /// supported protocol and a valid target port; the selector is a
    /// label set; `sessionAffinity` and `type` take upstream's values; a
    /// `ClusterIP` service has no node ports; node ports and
    /// (protocol, port) pairs are unique. An invalid cluster IP is
    /// reported alone, as the allocator reports it before
    /// `ValidateService` runs.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let ip_errors = cluster_ip_errors(self, path);
        if !ip_errors.is_empty() {
            return ip_errors;
        }
        let mut errs = old
            .map(|old| primary_cluster_ip_errors(self, old, path))
            .unwrap_or_default();
        let ports = path.child("ports");
        let headless = self.cluster_ip == "None";
        if self.ports.is_empty() && !headless && self.r#type != "ExternalName" {
            errs.push(Error::required(&ports, ""));
        }
        if self.r#type == "ExternalName" {
            let external_name = path.child("externalName");
            let cname = self
                .external_name
                .strip_suffix('.')
                .unwrap_or(&self.external_name);
            if cname.is_empty() {
                errs.push(Error::required(&external_name, ""));
            } else {
                for m in names::dns1123_subdomain(cname) {
                    errs.push(Error::invalid(
                        &external_name,
                        BadValue::Str(cname.into()),
                        &m,
                    ));
                }
            }
        }
        let require_name = self.ports.len() > 1;
        let mut seen = BTreeSet::new();
        for (i, port) in self.ports.iter().enumerate() {
            let at = ports.index(i);
            let name = at.child("name");
            if require_name && port.name.is_empty() {
                errs.push(Error::required(&name, ""));
            } else if !port.name.is_empty() {
                for m in names::dns1123_label(&port.name) {
                    errs.push(Error::invalid(&name, BadValue::Str(port.name.clone()), &m));
                }
                if !seen.insert(port.name.as_str()) {
                    errs.push(Error::duplicate(&name, BadValue::Str(port.name.clone())));
                }
            }
            if !(1..=65535).contains(&port.port) {
                errs.push(Error::invalid(
                    &at.child("port"),
                    BadValue::Int(port.port.into()),
                    PORT_RANGE,
                ));
            }
            errs.extend(one_of(
                &at.child("protocol"),
                &port.protocol,
                &["SCTP", "TCP", "UDP"],
            ));
            port_num_or_name_errors(&port.target_port, &at.child("targetPort"), &mut errs);
        }
        errs.extend(runtime::validate::labels(
            &self.selector,
            &path.child("selector"),
        ));
        errs.extend(one_of(
            &path.child("sessionAffinity"),
            &self.session_affinity,
            &["ClientIP", "None"],
        ));
        if self.session_affinity == "ClientIP" {
            client_ip_affinity_errors(self, &path.child("sessionAffinityConfig"), &mut errs);
        }
        let external_ips = path.child("externalIPs");
        let old_external_ips: Vec<&str> = old
            .map(|o| o.external_ips.iter().map(String::as_str).collect())
            .unwrap_or_default();
        for (i, ip) in self.external_ips.iter().enumerate() {
            let at = external_ips.index(i);
            let ip_errors = legacy_ip_errors(ip, &at, &old_external_ips);
            if ip_errors.is_empty() {
                errs.extend(non_special_ip_errors(ip, &at));
            } else {
                errs.extend(ip_errors);
            }
        }
        errs.extend(one_of(
            &path.child("type"),
            &self.r#type,
            &["ClusterIP", "ExternalName", "LoadBalancer", "NodePort"],
        ));
        if self.r#type == "ClusterIP" {
            for (i, port) in self.ports.iter().enumerate() {
                if port.node_port != 0 {
                    errs.push(Error::forbidden(
                        &ports.index(i).child("nodePort"),
                        "may not be used when `type` is 'ClusterIP'",
                    ));
                }
            }
        }
        // Unique node ports, then unique (protocol, port) pairs; a repeated
        // pair is reported with the internal `ServicePort` key as JSON (Go's
        // field names, the internal type having no JSON tags).
        let mut node_ports = BTreeSet::new();
        for (i, port) in self.ports.iter().enumerate() {
            if port.node_port != 0 && !node_ports.insert((port.protocol.as_str(), port.node_port)) {
                errs.push(Error::duplicate(
                    &ports.index(i).child("nodePort"),
                    BadValue::Int(port.node_port.into()),
                ));
            }
        }
        let mut pairs = BTreeSet::new();
        for (i, port) in self.ports.iter().enumerate() {
            if !pairs.insert((port.protocol.as_str(), port.port)) {
                errs.push(Error::duplicate(
                    &ports.index(i),
                    BadValue::Json(serde_json::json!({
                        "Name": "", "Protocol": port.protocol, "AppProtocol": null,
                        "Port": port.port, "TargetPort": 0, "NodePort": 0,
                    })),
                ));
            }
        }
        load_balancer_errors(self, path, &mut errs);
        traffic_policy_errors(self, path, &mut errs);
        errs
    }
}

/// `IsValidIP`'s message.
const INVALID_IP: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";

/// `core.MaxClientIPServiceAffinitySeconds`: one day.
const MAX_CLIENT_IP_AFFINITY_SECONDS: i32 = 86400;

/// `validateClientIPAffinityConfig`: a `ClientIP` affinity has a timeout
/// (defaulting gives three hours) of at most a day.
fn client_ip_affinity_errors(spec: &ServiceSpec, path: &Path, errs: &mut ErrorList) {
    let detail = "when session affinity type is ClientIP";
    let Some(config) = &spec.session_affinity_config else {
        errs.push(Error::required(path, detail));
        return;
    };
    let client_ip = path.child("clientIP");
    let Some(ClientIPConfig { timeout_seconds }) = &config.client_ip else {
        errs.push(Error::required(&client_ip, detail));
        return;
    };
    let timeout_path = client_ip.child("timeoutSeconds");
    match timeout_seconds {
        None => errs.push(Error::required(&timeout_path, detail)),
        Some(t) if *t <= 0 || *t > MAX_CLIENT_IP_AFFINITY_SECONDS => errs.push(Error::invalid(
            &timeout_path,
            BadValue::Int((*t).into()),
            &format!("must be greater than 0 and less than {MAX_CLIENT_IP_AFFINITY_SECONDS}"),
        )),
        Some(_) => {}
    }
}

/// `ValidateService`'s load-balancer rules: source ranges (upstream's path
/// spells the field `LoadBalancerSourceRanges`, and prints the list as Go's
/// `%v`) only on a `LoadBalancer` service and only of CIDRs;
/// `allocateLoadBalancerNodePorts` only there, and set there (defaulting
/// sets it; upstream's path for that error has no `spec`). The
/// source-ranges annotation, which upstream checks the same way, lives in
/// the metadata this check does not see.
fn load_balancer_errors(spec: &ServiceSpec, path: &Path, errs: &mut ErrorList) {
    let load_balancer = spec.r#type == "LoadBalancer";
    if !spec.load_balancer_source_ranges.is_empty() {
        let at = path.child("LoadBalancerSourceRanges");
        if !load_balancer {
            errs.push(Error::forbidden(
                &at,
                "may only be used when `type` is 'LoadBalancer'",
            ));
        }
        // GetLoadBalancerSourceRanges: each range, trimmed, is a CIDR.
        if !spec
            .load_balancer_source_ranges
            .iter()
            .all(|r| is_cidr_sloppy(r.trim()))
        {
            errs.push(Error::invalid(
                &at,
                BadValue::Str(format!("[{}]", spec.load_balancer_source_ranges.join(" "))),
                "must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 ",
            ));
        }
    }
    if spec.allocate_load_balancer_node_ports.is_some() && !load_balancer {
        errs.push(Error::forbidden(
            &path.child("allocateLoadBalancerNodePorts"),
            "may only be used when `type` is 'LoadBalancer'",
        ));
    }
    if load_balancer && spec.allocate_load_balancer_node_ports.is_none() {
        errs.push(Error::required(
            &Path::new("allocateLoadBalancerNodePorts"),
            "",
        ));
    }
}

/// Go's `netutils.ParseCIDRSloppy`: an address (IPv4 octets may have
/// leading zeros) and a prefix length the family allows.
fn is_cidr_sloppy(text: &str) -> bool {
    let Some((ip, bits)) = text.split_once('/') else {
        return false;
    };
    let max = match parse_ip_sloppy(ip) {
        Some(std::net::IpAddr::V4(_)) => 32,
        Some(std::net::IpAddr::V6(_)) => 128,
        None => return false,
    };
    !bits.is_empty()
        && bits.bytes().all(|b| b.is_ascii_digit())
        && bits.len() <= 3
        && bits.parse::<u32>().is_ok_and(|n| n <= max)
}

/// `validateServiceExternalTrafficPolicy` and
/// `validateServiceInternalTrafficFieldsValue`: an external traffic policy
/// only on an externally accessible service (a node port or load balancer,
/// or a cluster IP with external IPs), and there `Cluster` or `Local`; a
/// health check node port only on a `Local` load balancer, and there one
/// in range (the registry allocates it before this runs); an internal
/// traffic policy of `Cluster` or `Local`, set on the proxied types.
fn traffic_policy_errors(spec: &ServiceSpec, path: &Path, errs: &mut ErrorList) {
    let policy = path.child("externalTrafficPolicy");
    let externally_accessible = matches!(spec.r#type.as_str(), "LoadBalancer" | "NodePort")
        || (spec.r#type == "ClusterIP" && !spec.external_ips.is_empty());
    if !externally_accessible {
        if !spec.external_traffic_policy.is_empty() {
            errs.push(Error::invalid(
                &policy,
                BadValue::Str(spec.external_traffic_policy.clone()),
                "may only be set for externally-accessible services",
            ));
        }
    } else {
        errs.extend(one_of(
            &policy,
            &spec.external_traffic_policy,
            &["Cluster", "Local"],
        ));
    }
    let health_check = path.child("healthCheckNodePort");
    let port = spec.health_check_node_port;
    if spec.r#type != "LoadBalancer" || spec.external_traffic_policy != "Local" {
        if port != 0 {
            errs.push(Error::invalid(
                &health_check,
                BadValue::Int(port.into()),
                "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
            ));
        }
    } else if port == 0 {
        errs.push(Error::required(&health_check, ""));
    } else if !(1..=65535).contains(&port) {
        errs.push(Error::invalid(
            &health_check,
            BadValue::Int(port.into()),
            PORT_RANGE,
        ));
    }
    let internal = path.child("internalTrafficPolicy");
    match &spec.internal_traffic_policy {
        None if matches!(
            spec.r#type.as_str(),
            "NodePort" | "LoadBalancer" | "ClusterIP"
        ) =>
        {
            errs.push(Error::required(&internal, ""));
        }
        Some(value) if value != "Cluster" && value != "Local" => {
            errs.push(Error::not_supported(
                &internal,
                BadValue::Str(value.clone()),
                &["Cluster", "Local"],
            ));
        }
        _ => {}
    }
}

impl ValidateExtra for Endpoints {
    /// `ValidateEndpoints`' `validateEndpointSubsets`: each subset has
    /// ready or not-ready addresses; each address a valid IP that is not
    /// special (`ValidateNonSpecialIP`), a DNS-label host name and a valid
    /// node name; each port a name (required with several ports), a
    /// number in range, a supported protocol and a qualified
    /// `appProtocol`.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        let old_ips: Vec<&str> = old
            .into_iter()
            .flat_map(|o| &o.subsets)
            .flat_map(|s| s.addresses.iter().chain(&s.not_ready_addresses))
            .map(|a| a.ip.as_str())
            .collect();
        let subsets = path.child("subsets");
        for (i, subset) in self.subsets.iter().enumerate() {
            let at = subsets.index(i);
            if subset.addresses.is_empty() && subset.not_ready_addresses.is_empty() {
                errs.push(Error::required(
                    &at,
                    "must specify `addresses` or `notReadyAddresses`",
                ));
            }
            for (field, addresses) in [
                ("addresses", &subset.addresses),
                ("notReadyAddresses", &subset.not_ready_addresses),
            ] {
                let list = at.child(field);
                for (j, address) in addresses.iter().enumerate() {
                    errs.extend(endpoint_address_errors(address, &list.index(j), &old_ips));
                }
            }
            let ports = at.child("ports");
            for (j, port) in subset.ports.iter().enumerate() {
                errs.extend(endpoint_port_errors(
                    port,
                    subset.ports.len() > 1,
                    &ports.index(j),
                ));
            }
        }
        errs
    }
}

/// `validateEndpointAddress`: the IP (`IsValidIPForLegacyField`, strict
/// unless the old object had it), the host name, the node name, then
/// `ValidateNonSpecialIP`.
fn endpoint_address_errors(address: &EndpointAddress, path: &Path, old_ips: &[&str]) -> ErrorList {
    let ip_path = path.child("ip");
    let mut errs = legacy_ip_errors(&address.ip, &ip_path, old_ips);
    if !address.hostname.is_empty() {
        for m in names::dns1123_label(&address.hostname) {
            errs.push(Error::invalid(
                &path.child("hostname"),
                BadValue::Str(address.hostname.clone()),
                &m,
            ));
        }
    }
    if let Some(node) = &address.node_name {
        for m in names::dns1123_subdomain(node) {
            errs.push(Error::invalid(
                &path.child("nodeName"),
                BadValue::Str(node.clone()),
                &m,
            ));
        }
    }
    errs.extend(non_special_ip_errors(&address.ip, &ip_path));
    errs
}

/// `ValidateNonSpecialIP` (`ValidateEndpointIP`): an endpoint's address
/// parses and is not unspecified, loopback, link-local or link-local
/// multicast.
pub(crate) fn non_special_ip_errors(text: &str, path: &Path) -> ErrorList {
    let special = match parse_ip_sloppy(text).map(|ip| ip.to_canonical()) {
        None => Some("must be a valid IP address".to_string()),
        Some(ip) if ip.is_unspecified() => Some(format!("may not be unspecified ({ip})")),
        Some(ip) if ip.is_loopback() => {
            Some("may not be in the loopback range (127.0.0.0/8, ::1/128)".into())
        }
        Some(ip) if is_link_local_unicast(ip) => {
            Some("may not be in the link-local range (169.254.0.0/16, fe80::/10)".into())
        }
        Some(ip) if is_link_local_multicast(ip) => {
            Some("may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)".into())
        }
        Some(_) => None,
    };
    special
        .map(|m| Error::invalid(path, BadValue::Str(text.to_string()), &m))
        .into_iter()
        .collect()
}

/// Go's `net.IP.IsLinkLocalUnicast`: 169.254.0.0/16, fe80::/10.
fn is_link_local_unicast(ip: std::net::IpAddr) -> bool {
    match ip {
        std::net::IpAddr::V4(v4) => v4.octets()[..2] == [169, 254],
        std::net::IpAddr::V6(v6) => v6.segments()[0] & 0xffc0 == 0xfe80,
    }
}

/// Go's `net.IP.IsLinkLocalMulticast`: 224.0.0.0/24, and IPv6 multicast
/// of link-local scope (`ff02::/16`, any flags).
fn is_link_local_multicast(ip: std::net::IpAddr) -> bool {
    match ip {
        std::net::IpAddr::V4(v4) => v4.octets()[..3] == [224, 0, 0],
        std::net::IpAddr::V6(v6) => {
            let [first, second, ..] = v6.octets();
            first == 0xff && second & 0x0f == 0x02
        }
    }
}

/// `validateEndpointPort`.
fn endpoint_port_errors(port: &EndpointPort, require_name: bool, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let name = path.child("name");
    if require_name && port.name.is_empty() {
        errs.push(Error::required(&name, ""));
    } else if !port.name.is_empty() {
        for m in names::dns1123_label(&port.name) {
            errs.push(Error::invalid(&name, BadValue::Str(port.name.clone()), &m));
        }
    }
    if !(1..=65535).contains(&port.port) {
        errs.push(Error::invalid(
            &path.child("port"),
            BadValue::Int(port.port.into()),
            PORT_RANGE,
        ));
    }
    let protocol = path.child("protocol");
    if port.protocol.is_empty() {
        errs.push(Error::required(&protocol, ""));
    } else if !matches!(port.protocol.as_str(), "SCTP" | "TCP" | "UDP") {
        errs.push(Error::not_supported(
            &protocol,
            BadValue::Str(port.protocol.clone()),
            &["SCTP", "TCP", "UDP"],
        ));
    }
    if let Some(app_protocol) = &port.app_protocol {
        errs.extend(runtime::validate::format(
            &path.child("appProtocol"),
            app_protocol,
            "k8s-label-key",
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::networking::v1::cidr_errors;

    fn details(errs: ErrorList) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    /// Strict addresses and ranges for new values; a value the old object
    /// already held (stored before strict validation) stays valid on
    /// update, as upstream ratchets it.
    #[test]
    fn legacy_addresses_are_strict_unless_the_old_object_had_them() {
        let at = Path::new("ip");
        assert_eq!(
            details(legacy_ip_errors("010.1.0.1", &at, &[])),
            ["ip: Invalid value: \"010.1.0.1\": must not have leading 0s"]
        );
        assert!(legacy_ip_errors("010.1.0.1", &at, &["010.1.0.1"]).is_empty());
        assert_eq!(
            details(legacy_ip_errors("nope", &at, &["nope"])),
            [format!("ip: Invalid value: \"nope\": {INVALID_IP}")],
            "what never parsed is not ratcheted"
        );
        assert!(legacy_ip_errors("fd00::1", &at, &[]).is_empty());

        let at = Path::new("cidr");
        assert_eq!(
            details(cidr_errors("10.0.0.1/8", &at, &[])),
            [
                "cidr: Invalid value: \"10.0.0.1/8\": must not have bits set beyond the prefix length"
            ]
        );
        assert!(cidr_errors("10.0.0.1/8", &at, &["10.0.0.1/8"]).is_empty());
        assert_eq!(
            details(cidr_errors("::ffff:10.0.0.0/104", &at, &[])),
            [
                "cidr: Invalid value: \"::ffff:10.0.0.0/104\": must not have an IPv4-mapped IPv6 address"
            ]
        );
        assert_eq!(
            details(cidr_errors("10.0.0.0/08", &at, &[])),
            [
                "cidr: Invalid value: \"10.0.0.0/08\": must not have leading 0s in IP or prefix length"
            ]
        );
        assert!(cidr_errors("10.0.0.0/8", &at, &[]).is_empty());
    }
}
