//! `pkg/apis/discovery/validation`: what an EndpointSlice must be, beyond
//! what its markers say.

use std::collections::BTreeSet;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra, immutable_field, names};

use super::{Endpoint, EndpointHints, EndpointPort, EndpointSlice};
use crate::core::v1::{non_special_ip_errors, parse_ip_sloppy};

/// `supportedAddressTypes`.
const ADDRESS_TYPES: [&str; 3] = ["FQDN", "IPv4", "IPv6"];
/// `maxEndpoints`.
const MAX_ENDPOINTS: usize = 1000;
/// `maxAddresses`.
const MAX_ADDRESSES: usize = 100;
/// `maxPorts` (the API documentation says 100; validation allows more).
const MAX_PORTS: usize = 20000;
/// `maxZoneHints`, also the most node hints.
const MAX_HINTS: usize = 8;

impl ValidateExtra for EndpointSlice {
    /// `ValidateEndpointSlice`: the address type, the endpoints (on update
    /// only when they changed, so that addresses accepted by older rules
    /// stay), the ports; on update the address type may not change.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        // An empty address type and an endpoint without addresses are
        // the `+required` markers' "Required value" (the declarative
        // validation of upstream's tags).
        let address_type = path.child("addressType");
        if !self.address_type.is_empty() && !ADDRESS_TYPES.contains(&self.address_type.as_str()) {
            errs.push(Error::not_supported(
                &address_type,
                BadValue::Str(self.address_type.clone()),
                &ADDRESS_TYPES,
            ));
        }
        if old.is_none_or(|old| old.endpoints != self.endpoints) {
            errs.extend(endpoints_errors(
                &self.endpoints,
                &self.address_type,
                &path.child("endpoints"),
            ));
        }
        errs.extend(ports_errors(&self.ports, &path.child("ports")));
        if let Some(old) = old {
            errs.extend(immutable_field(
                &address_type,
                &self.address_type,
                &old.address_type,
            ));
        }
        errs
    }
}

/// `validateEndpoints`.
fn endpoints_errors(endpoints: &[Endpoint], address_type: &str, path: &Path) -> ErrorList {
    if endpoints.len() > MAX_ENDPOINTS {
        return vec![Error::too_many(path, Some(endpoints.len()), MAX_ENDPOINTS)];
    }
    let mut errs = Vec::new();
    for (i, endpoint) in endpoints.iter().enumerate() {
        let at = path.index(i);
        let addresses = at.child("addresses");
        if endpoint.addresses.len() > MAX_ADDRESSES {
            errs.push(Error::too_many(
                &addresses,
                Some(endpoint.addresses.len()),
                MAX_ADDRESSES,
            ));
        }
        for (j, address) in endpoint.addresses.iter().enumerate() {
            errs.extend(address_errors(address, address_type, &addresses.index(j)));
        }
        if let Some(node) = &endpoint.node_name {
            let node_path = at.child("nodeName");
            for m in names::dns1123_subdomain(node) {
                errs.push(Error::invalid(&node_path, BadValue::Str(node.clone()), &m));
            }
        }
        if let Some(hostname) = &endpoint.hostname {
            let host_path = at.child("hostname");
            for m in names::dns1123_label(hostname) {
                errs.push(Error::invalid(
                    &host_path,
                    BadValue::Str(hostname.clone()),
                    &m,
                ));
            }
        }
        if let Some(hints) = &endpoint.hints {
            errs.extend(hints_errors(hints, &at.child("hints")));
        }
    }
    errs
}

/// An address of an `IPv4` or `IPv6` slice (`IsValidIPv4Address` or
/// `IsValidIPv6Address`, then `ValidateEndpointIP`), or of an `FQDN` one
/// (`IsFullyQualifiedDomainName`).
fn address_errors(address: &str, address_type: &str, path: &Path) -> ErrorList {
    let value = || BadValue::Str(address.to_string());
    let family_ok =
        |v4: bool| parse_ip_sloppy(address).is_some_and(|ip| ip.to_canonical().is_ipv4() == v4);
    let mut errs = Vec::new();
    match address_type {
        "IPv4" | "IPv6" => {
            let v4 = address_type == "IPv4";
            if !family_ok(v4) {
                let message = if v4 {
                    "must be a valid IPv4 address"
                } else {
                    "must be a valid IPv6 address"
                };
                errs.push(Error::invalid(path, value(), message));
            }
            errs.extend(non_special_ip_errors(address, path));
        }
        "FQDN" => errs.extend(fqdn_errors(address, path)),
        _ => {}
    }
    errs
}

/// `IsFullyQualifiedDomainName`: a DNS subdomain (one trailing dot
/// allowed) of at least two labels.
fn fqdn_errors(name: &str, path: &Path) -> ErrorList {
    if name.is_empty() {
        return vec![Error::required(path, "")];
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    let subdomain = names::dns1123_subdomain(name);
    if !subdomain.is_empty() {
        return vec![Error::invalid(
            path,
            BadValue::Str(name.to_string()),
            &subdomain.join(","),
        )];
    }
    if name.split('.').count() < 2 {
        return vec![Error::invalid(
            path,
            BadValue::Str(name.to_string()),
            "should be a domain with at least two segments separated by dots",
        )];
    }
    for label in name.split('.') {
        let errs = names::dns1123_label(label);
        if !errs.is_empty() {
            return vec![Error::invalid(
                path,
                BadValue::Str(label.to_string()),
                &errs.join(","),
            )];
        }
    }
    Vec::new()
}

/// `validateHints`: at most 8 zone and 8 node hints, each named once,
/// zones by label values and nodes by node names.
fn hints_errors(hints: &EndpointHints, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let zones = path.child("forZones");
    if hints.for_zones.len() > MAX_HINTS {
        errs.push(Error::too_many(
            &zones,
            Some(hints.for_zones.len()),
            MAX_HINTS,
        ));
    } else {
        let mut seen = BTreeSet::new();
        for (i, zone) in hints.for_zones.iter().enumerate() {
            let name = zones.index(i);
            let name = name.child("name");
            if !seen.insert(zone.name.as_str()) {
                errs.push(Error::duplicate(&name, BadValue::Str(zone.name.clone())));
            }
            errs.extend(runtime::validate::format(
                &name,
                &zone.name,
                "k8s-label-value",
            ));
        }
    }
    let nodes = path.child("forNodes");
    if hints.for_nodes.len() > MAX_HINTS {
        errs.push(Error::too_many(
            &nodes,
            Some(hints.for_nodes.len()),
            MAX_HINTS,
        ));
    } else {
        let mut seen = BTreeSet::new();
        for (i, node) in hints.for_nodes.iter().enumerate() {
            let name = nodes.index(i);
            let name = name.child("name");
            if !seen.insert(node.name.as_str()) {
                errs.push(Error::duplicate(&name, BadValue::Str(node.name.clone())));
            }
            for m in names::dns1123_subdomain(&node.name) {
                errs.push(Error::invalid(&name, BadValue::Str(node.name.clone()), &m));
            }
        }
    }
    errs
}

/// `validatePorts`: names empty or DNS labels and unique (an empty name
/// too), a supported protocol, a qualified `appProtocol`.
fn ports_errors(ports: &[EndpointPort], path: &Path) -> ErrorList {
    if ports.len() > MAX_PORTS {
        return vec![Error::too_many(path, Some(ports.len()), MAX_PORTS)];
    }
    let mut errs = Vec::new();
    let mut seen = BTreeSet::new();
    for (i, port) in ports.iter().enumerate() {
        let at = path.index(i);
        let name_path = at.child("name");
        let name = port.name.as_deref().unwrap_or("");
        if !name.is_empty() {
            for m in names::dns1123_label(name) {
                errs.push(Error::invalid(
                    &name_path,
                    BadValue::Str(name.to_string()),
                    &m,
                ));
            }
        }
        if !seen.insert(name) {
            errs.push(Error::duplicate(
                &name_path,
                BadValue::Str(name.to_string()),
            ));
        }
        let protocol = at.child("protocol");
        match port.protocol.as_deref() {
            None => errs.push(Error::required(&protocol, "")),
            Some("SCTP" | "TCP" | "UDP") => {}
            Some(other) => errs.push(Error::not_supported(
                &protocol,
                BadValue::Str(other.to_string()),
                &["SCTP", "TCP", "UDP"],
            )),
        }
        if let Some(app_protocol) = &port.app_protocol {
            errs.extend(runtime::validate::format(
                &at.child("appProtocol"),
                app_protocol,
                "k8s-label-key",
            ));
        }
    }
    errs
}
