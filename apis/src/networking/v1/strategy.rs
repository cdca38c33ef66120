//! The hand-written registry strategies of networking.k8s.io/v1
//! (`+resource:strategy`): the warnings of upstream's
//! `pkg/registry/networking/{ingress,networkpolicy}/strategy.go`.

use std::net::IpAddr;

use runtime::resource::Strategy;

use super::validation::{Cidr, INGRESS_CLASS_ANNOTATION, ip_blocks, strict_prefix};
use super::{Ingress, NetworkPolicy};

/// `ingressStrategy.WarningsOnCreate`: the class annotation is deprecated
/// when `ingressClassName` does not replace it.
impl Strategy for Ingress {
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        let annotated = self
            .metadata
            .annotations
            .contains_key(INGRESS_CLASS_ANNOTATION);
        if annotated && self.spec.ingress_class_name.is_none() {
            return vec![format!(
                "annotation {INGRESS_CLASS_ANNOTATION:?} is deprecated, please use 'spec.ingressClassName' instead"
            )];
        }
        Vec::new()
    }
}

/// `networkPolicyWarnings` on create and update: each IP block's CIDR and
/// exceptions, ingress peers first, as `GetWarningsForCIDR` words them.
impl Strategy for NetworkPolicy {
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        policy_warnings(self)
    }

    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        policy_warnings(self)
    }
}

fn policy_warnings(policy: &NetworkPolicy) -> Vec<String> {
    let mut warnings = Vec::new();
    for (path, block) in ip_blocks(policy) {
        warnings.extend(cidr_warnings(&format!("{path}.cidr"), &block.cidr));
        for (k, except) in block.except.iter().enumerate() {
            warnings.extend(cidr_warnings(&format!("{path}.except[{k}]"), except));
        }
    }
    warnings
}

/// `utilvalidation.GetWarningsForCIDR`: bits set beyond the prefix make a
/// CIDR ambiguous; leading zeros or an IPv4-mapped IPv6 address make it
/// non-standard; an IPv6 CIDR should otherwise be in RFC 5952 form.
/// Nothing for a value that does not parse (validation reports it).
pub(crate) fn cidr_warnings(path: &str, value: &str) -> Vec<String> {
    let Some(cidr) = Cidr::parse_sloppy(value) else {
        return Vec::new();
    };
    let mut warnings = Vec::new();
    let network = go_network_string(cidr);
    if cidr.address != cidr.network() {
        let bits = if cidr.address.is_ipv4() { 32 } else { 128 };
        let single = format!("{}/{bits}", cidr.address.to_canonical());
        warnings.push(format!(
            "{path}: CIDR value {value:?} is ambiguous in this context (should be {network:?} or {single:?}?)"
        ));
    }
    let strict = strict_prefix(value);
    let mapped = matches!(strict, Some((IpAddr::V6(v6), _)) if v6.to_ipv4_mapped().is_some());
    if strict.is_none() || mapped {
        warnings.push(format!(
            "{path}: non-standard CIDR value {value:?} will be considered invalid in a future Kubernetes release: use {network:?}"
        ));
    }
    if warnings.is_empty()
        && let Some((IpAddr::V6(v6), prefix)) = strict
    {
        let canonical = format!("{v6}/{prefix}");
        if canonical != value {
            warnings.push(format!(
                "{path}: IPv6 CIDR value {value:?} should be in RFC 5952 canonical format ({canonical:?})"
            ));
        }
    }
    warnings
}

/// Go's `IPNet.String()`: an IPv4 network read as IPv6 (`::ffff:a.b.c.d`)
/// prints as IPv4.
fn go_network_string(cidr: Cidr) -> String {
    match cidr.network() {
        IpAddr::V6(v6) if cidr.prefix >= 96 && v6.to_ipv4_mapped().is_some() => {
            format!("{}/{}", v6.to_canonical(), cidr.prefix - 96)
        }
        _ => cidr.network_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::cidr_warnings;

    #[test]
    fn cidr_warnings_read_as_upstreams() {
        let at = "spec.ingress[0].from[0].ipBlock.cidr";
        assert_eq!(cidr_warnings(at, "10.0.0.0/8"), Vec::<String>::new());
        assert_eq!(
            cidr_warnings(at, "10.0.0.1/8"),
            [format!(
                "{at}: CIDR value \"10.0.0.1/8\" is ambiguous in this context (should be \"10.0.0.0/8\" or \"10.0.0.1/32\"?)"
            )]
        );
        assert_eq!(
            cidr_warnings(at, "010.0.0.0/8"),
            [format!(
                "{at}: non-standard CIDR value \"010.0.0.0/8\" will be considered invalid in a future Kubernetes release: use \"10.0.0.0/8\""
            )]
        );
        assert_eq!(
            cidr_warnings(at, "2001:DB8::/64"),
            [format!(
                "{at}: IPv6 CIDR value \"2001:DB8::/64\" should be in RFC 5952 canonical format (\"2001:db8::/64\")"
            )]
        );
        assert_eq!(cidr_warnings(at, "not-a-cidr"), Vec::<String>::new());
    }
}
