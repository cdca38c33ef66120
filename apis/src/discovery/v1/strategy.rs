//! `pkg/registry/discovery/endpointslice/strategy.go`: what the registry
//! does to an EndpointSlice beyond what markers say.

use runtime::resource::Strategy;

use super::EndpointSlice;
use crate::core::v1::ip_warning;

/// The `endpointslice.kubernetes.io/managed-by` values of the controllers
/// whose slices are not warned about.
const CONTROLLERS: [&str; 2] = [
    "endpointslice-controller.k8s.io",
    "endpointslicemirroring-controller.k8s.io",
];

/// The node label that v1beta1 topology carried a node name in.
const HOSTNAME_LABEL: &str = "kubernetes.io/hostname";

impl Strategy for EndpointSlice {
    const PREPARE_FOR_CREATE: bool = true;
    const PREPARE_FOR_UPDATE: bool = true;
    const WARNINGS: bool = true;

    /// `dropTopologyOnV1`: `deprecatedTopology` is not writable through
    /// v1.
    fn prepare_for_create(&mut self) {
        for endpoint in &mut self.endpoints {
            endpoint.deprecated_topology.clear();
        }
    }

    /// A change of the labels also bumps the generation (the server bumps
    /// it for the rest); `dropTopologyOnV1` on changed endpoints, a node
    /// name kept from the old topology's host name.
    fn prepare_for_update(&mut self, old: &Self) {
        if self.metadata.labels != old.metadata.labels {
            self.metadata.generation = Some(old.metadata.generation.unwrap_or(0) + 1);
        }
        if self.endpoints == old.endpoints {
            return;
        }
        for endpoint in &mut self.endpoints {
            if endpoint.node_name.is_none()
                && let Some(host) = endpoint.deprecated_topology.get(HOSTNAME_LABEL)
                && old
                    .endpoints
                    .iter()
                    .any(|o| o.deprecated_topology.get(HOSTNAME_LABEL) == Some(host))
                && runtime::validate::names::dns1123_subdomain(host).is_empty()
            {
                endpoint.node_name = Some(host.clone());
            }
            endpoint.deprecated_topology.clear();
        }
    }

    /// `FQDN endpoints are deprecated`, then the addresses' warnings.
    fn warnings_on_create(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.address_type == "FQDN" {
            out.push("spec.addressType: FQDN endpoints are deprecated".into());
        }
        out.extend(address_warnings(self));
        out
    }

    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        address_warnings(self)
    }
}

/// `warnOnBadIPs`: `GetWarningsForIP` for every address, unless a
/// controller manages the slice.
fn address_warnings(slice: &EndpointSlice) -> Vec<String> {
    let managed = slice
        .metadata
        .labels
        .get("endpointslice.kubernetes.io/managed-by")
        .is_some_and(|m| CONTROLLERS.contains(&m.as_str()));
    if managed {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, endpoint) in slice.endpoints.iter().enumerate() {
        for (j, address) in endpoint.addresses.iter().enumerate() {
            out.extend(ip_warning(
                &format!("endpoints[{i}].addresses[{j}]"),
                address,
            ));
        }
    }
    out
}
