//! `pkg/apis/networking/validation`: `ValidateIngressCreate`/`Update`,
//! `ValidateIngressStatusUpdate`, `ValidateIngressClass`/`Update` and
//! `ValidateNetworkPolicy`/`Update`, in upstream's order and words. IPs and
//! CIDRs are checked as `IsValidIPForLegacyField` and
//! `IsValidCIDRForLegacyField` do with the `StrictIPCIDRValidation` gate on
//! (its default since v1.36): non-standard forms are rejected, unless the
//! old object already held them; those are warned about.

use std::net::IpAddr;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::IntOrString;
use runtime::validate::names;
use runtime::validate::{Context, ValidateExtra, label_selector};

use super::{
    HTTPIngressPath, IPBlock, Ingress, IngressBackend, IngressClass,
    IngressClassParametersReference, IngressLoadBalancerStatus, IngressSpec, IngressTLS,
    NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort,
};
use crate::core::v1::{
    PORT_RANGE, TypedLocalObjectReference, legacy_ip_errors, parse_ip_sloppy, port_name_errors,
};

/// The annotation that named an Ingress's class before `ingressClassName`.
pub(super) const INGRESS_CLASS_ANNOTATION: &str = "kubernetes.io/ingress.class";

/// `supportedPathTypes.List()`: sorted.
const PATH_TYPES: [&str; 3] = ["Exact", "ImplementationSpecific", "Prefix"];
const INVALID_PATH_SEQUENCES: [&str; 5] = ["//", "/./", "/../", "%2f", "%2F"];
const INVALID_PATH_SUFFIXES: [&str; 2] = ["/..", "/."];
const MAX_CONTROLLER_LENGTH: usize = 250;
const NOT_AN_IP: &str = "must be a DNS name, not an IP address";

/// `IngressValidationOptions`: what an update lets stay invalid because the
/// old object already was (upstream's ratcheting). Its third option,
/// `AllowRelaxedServiceNameValidation`, is always on: the
/// `RelaxedServiceNameValidation` gate is on by default since Kubernetes
/// 1.36, and backend Service names are DNS labels.
#[derive(Default)]
struct IngressOptions {
    allow_invalid_secret_name: bool,
    allow_invalid_wildcard_host_rule: bool,
}

impl IngressOptions {
    /// Everything strict for a create; for an update, what `old` already had.
    fn from_old(old: Option<&IngressSpec>) -> IngressOptions {
        let Some(old) = old else {
            return IngressOptions::default();
        };
        IngressOptions {
            allow_invalid_secret_name: old
                .tls
                .iter()
                .any(|tls| !tls_secret_name_errors(&tls.secret_name).is_empty()),
            allow_invalid_wildcard_host_rule: old.rules.iter().any(|rule| {
                rule.host.contains('*') && !rule_value_errors(rule, &Path::root()).is_empty()
            }),
        }
    }
}

impl ValidateExtra for Ingress {
    /// Through `/status`, `ValidateIngressStatusUpdate`: the load balancer's
    /// addresses, and not the spec (which the write cannot change).
    /// Otherwise `ValidateIngressCreate` (with the class annotation matching
    /// `ingressClassName`) or `ValidateIngressUpdate`.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        if ctx.subresource == "/status" {
            return load_balancer_errors(
                &self.status.load_balancer,
                old.map(|o| &o.status.load_balancer),
                &path.child("status").child("loadBalancer"),
            );
        }
        let options = IngressOptions::from_old(old.map(|o| &o.spec));
        let mut errs = spec_errors(&self.spec, &path.child("spec"), &options);
        if old.is_none()
            && let (Some(annotation), Some(class)) = (
                self.metadata.annotations.get(INGRESS_CLASS_ANNOTATION),
                &self.spec.ingress_class_name,
            )
            && annotation != class
        {
            // Upstream's path: `annotations` under no `metadata`.
            errs.push(Error::invalid(
                &path.child("annotations").child(INGRESS_CLASS_ANNOTATION),
                BadValue::Str(annotation.clone()),
                "must match `ingressClassName` when both are specified",
            ));
        }
        errs
    }
}

/// `ValidateIngressSpec`.
fn spec_errors(spec: &IngressSpec, path: &Path, options: &IngressOptions) -> ErrorList {
    let mut errs = Vec::new();
    if spec.rules.is_empty() && spec.default_backend.is_none() {
        errs.push(Error::invalid(
            path,
            BadValue::Json(serde_json::Value::Null),
            "either `defaultBackend` or `rules` must be specified",
        ));
    }
    if let Some(backend) = &spec.default_backend {
        errs.extend(backend_errors(backend, &path.child("defaultBackend")));
    }
    let rules = path.child("rules");
    for (i, rule) in spec.rules.iter().enumerate() {
        let at = rules.index(i);
        let host = at.child("host");
        let mut wildcard = false;
        if !rule.host.is_empty() {
            if parse_ip_sloppy(&rule.host).is_some() {
                errs.push(Error::invalid(
                    &host,
                    BadValue::Str(rule.host.clone()),
                    NOT_AN_IP,
                ));
            }
            let messages = if rule.host.contains('*') {
                wildcard = true;
                names::wildcard_dns1123_subdomain(&rule.host)
            } else {
                names::dns1123_subdomain(&rule.host)
            };
            errs.extend(
                messages
                    .iter()
                    .map(|m| Error::invalid(&host, BadValue::Str(rule.host.clone()), m)),
            );
        }
        if !wildcard || !options.allow_invalid_wildcard_host_rule {
            errs.extend(rule_value_errors(rule, &at));
        }
    }
    let tls = path.child("tls");
    for (i, entry) in spec.tls.iter().enumerate() {
        errs.extend(tls_errors(entry, &tls.index(i), options));
    }
    if let Some(class) = &spec.ingress_class_name {
        errs.extend(names::dns1123_subdomain(class).iter().map(|m| {
            Error::invalid(
                &path.child("ingressClassName"),
                BadValue::Str(class.clone()),
                m,
            )
        }));
    }
    errs
}

/// `validateIngressRuleValue`: the paths of a rule's `http`, at least one.
fn rule_value_errors(rule: &super::IngressRule, path: &Path) -> ErrorList {
    let Some(http) = &rule.ingress_rule_value.http else {
        return Vec::new();
    };
    let http_path = path.child("http");
    let paths = http_path.child("paths");
    if http.paths.is_empty() {
        return vec![Error::required(&paths, "")];
    }
    http.paths
        .iter()
        .enumerate()
        .flat_map(|(j, p)| http_path_errors(p, &paths.index(j)))
        .collect()
}

/// `validateHTTPIngressPath`: a path type (the backend is not checked
/// without one), an absolute path without `//`, `/./`, `/../` or an
/// encoded `/` for `Exact` and `Prefix`, then the backend.
fn http_path_errors(http_path: &HTTPIngressPath, path: &Path) -> ErrorList {
    let path_type = &http_path.path_type;
    if path_type.is_empty() {
        return vec![Error::required(
            &path.child("pathType"),
            "pathType must be specified",
        )];
    }
    let mut errs = Vec::new();
    let at = path.child("path");
    let invalid = |detail: &str| Error::invalid(&at, BadValue::Str(http_path.path.clone()), detail);
    match path_type.as_str() {
        "Exact" | "Prefix" => {
            if !http_path.path.starts_with('/') {
                errs.push(invalid("must be an absolute path"));
            }
            for sequence in INVALID_PATH_SEQUENCES {
                if http_path.path.contains(sequence) {
                    errs.push(invalid(&format!("must not contain '{sequence}'")));
                }
            }
            for suffix in INVALID_PATH_SUFFIXES {
                if http_path.path.ends_with(suffix) {
                    errs.push(invalid(&format!("cannot end with '{suffix}'")));
                }
            }
        }
        "ImplementationSpecific" => {
            if !http_path.path.is_empty() && !http_path.path.starts_with('/') {
                errs.push(invalid("must be an absolute path"));
            }
        }
        other => errs.push(Error::not_supported(
            &path.child("pathType"),
            BadValue::Str(other.to_string()),
            &PATH_TYPES,
        )),
    }
    errs.extend(backend_errors(&http_path.backend, &path.child("backend")));
    errs
}

/// `validateIngressBackend`: a Service (a DNS-label name, a port name or
/// number) or a resource, not both.
fn backend_errors(backend: &IngressBackend, path: &Path) -> ErrorList {
    let empty = || BadValue::Str(String::new());
    match (&backend.service, &backend.resource) {
        (Some(_), Some(_)) => vec![Error::invalid(
            path,
            empty(),
            "cannot set both resource and service backends",
        )],
        (None, Some(resource)) => resource_errors(resource, &path.child("resource")),
        (Some(service), None) => {
            let mut errs = Vec::new();
            let at = path.child("service");
            if service.name.is_empty() {
                errs.push(Error::required(&at.child("name"), ""));
            } else {
                errs.extend(names::dns1123_label(&service.name).iter().map(|m| {
                    Error::invalid(&at.child("name"), BadValue::Str(service.name.clone()), m)
                }));
            }
            let port = &service.port;
            let port_path = at.child("port");
            match (port.name.is_empty(), port.number == 0) {
                (false, false) => errs.push(Error::invalid(
                    path,
                    empty(),
                    "cannot set both port name & port number",
                )),
                (false, true) => errs.extend(port_name_errors(&port.name).into_iter().map(|m| {
                    Error::invalid(
                        &port_path.child("name"),
                        BadValue::Str(port.name.clone()),
                        m,
                    )
                })),
                (true, false) => {
                    if !(1..=65535).contains(&port.number) {
                        errs.push(Error::invalid(
                            &port_path.child("number"),
                            BadValue::Int(port.number.into()),
                            PORT_RANGE,
                        ));
                    }
                }
                (true, true) => errs.push(Error::required(path, "port name or number is required")),
            }
            errs
        }
        (None, None) => vec![Error::invalid(
            path,
            empty(),
            "resource or service backend is required",
        )],
    }
}

/// `validateIngressTypedLocalObjectReference`: a DNS-subdomain group, a kind
/// and a name that are path segments.
fn resource_errors(resource: &TypedLocalObjectReference, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    if let Some(group) = &resource.api_group {
        errs.extend(
            names::dns1123_subdomain(group)
                .iter()
                .map(|m| Error::invalid(&path.child("apiGroup"), BadValue::Str(group.clone()), m)),
        );
    }
    errs.extend(kind_and_name_errors(&resource.kind, &resource.name, path));
    errs
}

/// The referenced object's `kind` and `name`, each required (`kind is
/// required`, `name is required`) and a path segment name, as a resource
/// backend's and an IngressClass's parameters' are.
fn kind_and_name_errors(kind: &str, name: &str, path: &Path) -> ErrorList {
    let mut errs = path_segment_errors(kind, &path.child("kind"), "kind is required");
    errs.extend(path_segment_errors(
        name,
        &path.child("name"),
        "name is required",
    ));
    errs
}

/// Required (with the detail given), or `IsPathSegmentName`'s messages.
fn path_segment_errors(value: &str, path: &Path, required: &str) -> ErrorList {
    if value.is_empty() {
        return vec![Error::required(path, required)];
    }
    names::path_segment_name(value, false)
        .iter()
        .map(|m| Error::invalid(path, BadValue::Str(value.to_string()), m))
        .collect()
}

/// `validateIngressTLS`: hosts (wildcards allowed, IPs not rejected) and
/// a DNS-subdomain Secret name.
fn tls_errors(tls: &IngressTLS, path: &Path, options: &IngressOptions) -> ErrorList {
    let mut errs = Vec::new();
    let hosts = path.child("hosts");
    for (i, host) in tls.hosts.iter().enumerate() {
        let messages = if host.contains('*') {
            names::wildcard_dns1123_subdomain(host)
        } else {
            names::dns1123_subdomain(host)
        };
        errs.extend(
            messages
                .iter()
                .map(|m| Error::invalid(&hosts.index(i), BadValue::Str(host.clone()), m)),
        );
    }
    if !options.allow_invalid_secret_name {
        errs.extend(tls_secret_name_errors(&tls.secret_name).iter().map(|m| {
            Error::invalid(
                &path.child("secretName"),
                BadValue::Str(tls.secret_name.clone()),
                m,
            )
        }));
    }
    errs
}

/// `validateTLSSecretName`: none for an empty name, else
/// `ValidateSecretName`'s (a DNS subdomain).
fn tls_secret_name_errors(name: &str) -> Vec<String> {
    if name.is_empty() {
        return Vec::new();
    }
    names::dns1123_subdomain(name)
}

/// `ValidateIngressLoadBalancerStatus`: IPs parse (an old one stays), host
/// names are DNS subdomains and not IPs.
fn load_balancer_errors(
    status: &IngressLoadBalancerStatus,
    old: Option<&IngressLoadBalancerStatus>,
    path: &Path,
) -> ErrorList {
    let ingress = path.child("ingress");
    let mut errs = Vec::new();
    for (i, point) in status.ingress.iter().enumerate() {
        let at = ingress.index(i);
        // Addresses the old status had stay valid (upstream's ratcheting).
        let old_ips: Vec<&str> = old
            .into_iter()
            .flat_map(|old| &old.ingress)
            .map(|o| o.ip.as_str())
            .filter(|ip| !ip.is_empty())
            .collect();
        if !point.ip.is_empty() {
            errs.extend(legacy_ip_errors(&point.ip, &at.child("ip"), &old_ips));
        }
        if !point.hostname.is_empty() {
            let hostname = at.child("hostname");
            let bad = || BadValue::Str(point.hostname.clone());
            errs.extend(
                names::dns1123_subdomain(&point.hostname)
                    .iter()
                    .map(|m| Error::invalid(&hostname, bad(), m)),
            );
            if parse_ip_sloppy(&point.hostname).is_some() {
                errs.push(Error::invalid(&hostname, bad(), NOT_AN_IP));
            }
        }
    }
    errs
}

impl ValidateExtra for IngressClass {
    /// `ValidateIngressClassUpdate` (an immutable controller) before
    /// `ValidateIngressClass`: a controller that is a domain-prefixed path
    /// of at most 250 bytes, and parameters that name an object in the
    /// scope they say.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let spec = path.child("spec");
        let controller = spec.child("controller");
        let mut errs = Vec::new();
        if let Some(old) = old
            && old.spec.controller != self.spec.controller
        {
            errs.push(Error::invalid(
                &controller,
                BadValue::Str(self.spec.controller.clone()),
                "field is immutable",
            ));
        }
        if self.spec.controller.is_empty() {
            errs.push(Error::required(&controller, ""));
        } else {
            if self.spec.controller.len() > MAX_CONTROLLER_LENGTH {
                errs.push(Error::too_long(
                    &controller,
                    BadValue::Omit,
                    MAX_CONTROLLER_LENGTH,
                ));
            }
            errs.extend(domain_prefixed_path_errors(
                &self.spec.controller,
                &controller,
            ));
        }
        if let Some(parameters) = &self.spec.parameters {
            errs.extend(parameters_errors(parameters, &spec.child("parameters")));
        }
        errs
    }
}

/// `IsDomainPrefixedPath`: `<DNS subdomain>/<path>`, the path of RFC 3986
/// characters.
fn domain_prefixed_path_errors(value: &str, path: &Path) -> ErrorList {
    let Some((host, rest)) = value
        .split_once('/')
        .filter(|(host, rest)| !host.is_empty() && !rest.is_empty())
    else {
        return vec![Error::invalid(
            path,
            BadValue::Str(value.to_string()),
            "must be a domain-prefixed path (such as \"acme.io/foo\")",
        )];
    };
    let mut errs: ErrorList = names::dns1123_subdomain(host)
        .iter()
        .map(|m| Error::invalid(path, BadValue::Str(host.to_string()), m))
        .collect();
    let path_character = |c: char| c.is_ascii_alphanumeric() || "/-._~%!$&'()*+,;=:".contains(c);
    if !rest.chars().all(path_character) {
        errs.push(Error::invalid(
            path,
            BadValue::Str(rest.to_string()),
            "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')",
        ));
    }
    errs
}

/// `validateIngressClassParametersReference`.
fn parameters_errors(parameters: &IngressClassParametersReference, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    if let Some(group) = &parameters.api_group {
        errs.extend(
            names::dns1123_subdomain(group)
                .iter()
                .map(|m| Error::invalid(&path.child("apiGroup"), BadValue::Str(group.clone()), m)),
        );
    }
    errs.extend(kind_and_name_errors(
        &parameters.kind,
        &parameters.name,
        path,
    ));
    let Some(scope) = &parameters.scope else {
        errs.push(Error::required(&path.child("scope"), ""));
        return errs;
    };
    let namespace = path.child("namespace");
    match (scope.as_str(), &parameters.namespace) {
        ("Namespace", None) => errs.push(Error::required(
            &namespace,
            "`parameters.scope` is set to 'Namespace'",
        )),
        ("Namespace", Some(name)) => errs.extend(
            names::dns1123_label(name)
                .iter()
                .map(|m| Error::invalid(&namespace, BadValue::Str(name.clone()), m)),
        ),
        ("Cluster", Some(_)) => errs.push(Error::forbidden(
            &namespace,
            "`parameters.scope` is set to 'Cluster'",
        )),
        ("Cluster", None) => {}
        (other, _) => errs.push(Error::not_supported(
            &path.child("scope"),
            BadValue::Str(other.to_string()),
            &["Cluster", "Namespace"],
        )),
    }
    errs
}

impl ValidateExtra for NetworkPolicy {
    /// `ValidateNetworkPolicySpec`: each rule's ports then peers, ingress
    /// before egress, then the policy types; the pod selector first, and
    /// each peer's selectors, are valid label selectors. An update reports the spec's
    /// errors twice, as upstream's strategy does: its `ValidateUpdate`
    /// appends `ValidateNetworkPolicyUpdate` (which validates the spec
    /// again) to `ValidateNetworkPolicy`.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let old_cidrs: Vec<&str> = old
            .into_iter()
            .flat_map(ip_blocks)
            .flat_map(|(_, block)| std::iter::once(&block.cidr).chain(&block.except))
            .map(String::as_str)
            .collect();
        let mut errs = policy_spec_errors(self, &path.child("spec"), &old_cidrs);
        if old.is_some() {
            errs.extend(errs.clone());
        }
        errs
    }
}

/// `ValidateNetworkPolicySpec`; CIDRs the old policy had stay valid
/// (`AllowCIDRsEvenIfInvalid`).
fn policy_spec_errors(policy: &NetworkPolicy, spec: &Path, old_cidrs: &[&str]) -> ErrorList {
    let mut errs = label_selector(&policy.spec.pod_selector, &spec.child("podSelector"));
    let ingress = spec.child("ingress");
    for (i, rule) in policy.spec.ingress.iter().enumerate() {
        let at = ingress.index(i);
        errs.extend(ports_errors(&rule.ports, &at.child("ports")));
        let from = at.child("from");
        for (j, peer) in rule.from.iter().enumerate() {
            errs.extend(peer_errors(peer, &from.index(j), old_cidrs));
        }
    }
    let egress = spec.child("egress");
    for (i, rule) in policy.spec.egress.iter().enumerate() {
        let at = egress.index(i);
        errs.extend(ports_errors(&rule.ports, &at.child("ports")));
        let to = at.child("to");
        for (j, peer) in rule.to.iter().enumerate() {
            errs.extend(peer_errors(peer, &to.index(j), old_cidrs));
        }
    }
    let types = spec.child("policyTypes");
    if policy.spec.policy_types.len() > 2 {
        errs.push(Error::invalid(
            &types,
            BadValue::json_of(&policy.spec.policy_types),
            "may not specify more than two policyTypes",
        ));
        return errs;
    }
    for (i, policy_type) in policy.spec.policy_types.iter().enumerate() {
        if policy_type != "Ingress" && policy_type != "Egress" {
            errs.push(Error::not_supported(
                &types.index(i),
                BadValue::Str(policy_type.clone()),
                &["Ingress", "Egress"],
            ));
        }
    }
    errs
}

/// Every IP block of a policy with its path, ingress peers first (the
/// order of upstream's warnings).
pub(super) fn ip_blocks(policy: &NetworkPolicy) -> impl Iterator<Item = (String, &IPBlock)> {
    let ingress = policy
        .spec
        .ingress
        .iter()
        .enumerate()
        .flat_map(|(i, rule)| {
            rule.from.iter().enumerate().filter_map(move |(j, peer)| {
                let block = peer.ip_block.as_ref()?;
                Some((format!("spec.ingress[{i}].from[{j}].ipBlock"), block))
            })
        });
    let egress = policy.spec.egress.iter().enumerate().flat_map(|(i, rule)| {
        rule.to.iter().enumerate().filter_map(move |(j, peer)| {
            let block = peer.ip_block.as_ref()?;
            Some((format!("spec.egress[{i}].to[{j}].ipBlock"), block))
        })
    });
    ingress.chain(egress)
}

/// `ValidateNetworkPolicyPort` for each port: a known protocol, a port
/// number in range or a port name, and an end port only after a port
/// number, not before it.
fn ports_errors(ports: &[NetworkPolicyPort], path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    for (j, port) in ports.iter().enumerate() {
        let at = path.index(j);
        if let Some(protocol) = &port.protocol
            && !["TCP", "UDP", "SCTP"].contains(&protocol.as_str())
        {
            errs.push(Error::not_supported(
                &at.child("protocol"),
                BadValue::Str(protocol.clone()),
                &["TCP", "UDP", "SCTP"],
            ));
        }
        let end_port = at.child("endPort");
        let end_invalid =
            |end: i32, detail: &str| Error::invalid(&end_port, BadValue::Int(end.into()), detail);
        match (&port.port, port.end_port) {
            (Some(IntOrString::Int(number)), end) => {
                if !(1..=65535).contains(number) {
                    errs.push(Error::invalid(
                        &at.child("port"),
                        BadValue::Int((*number).into()),
                        PORT_RANGE,
                    ));
                }
                if let Some(end) = end {
                    // Upstream shows the port, not the end port, here.
                    if end < *number {
                        errs.push(end_invalid(
                            *number,
                            "must be greater than or equal to `port`",
                        ));
                    }
                    if !(1..=65535).contains(&end) {
                        errs.push(end_invalid(end, PORT_RANGE));
                    }
                }
            }
            (Some(IntOrString::String(name)), end) => {
                if let Some(end) = end {
                    errs.push(end_invalid(
                        end,
                        "may not be specified when `port` is non-numeric",
                    ));
                }
                errs.extend(
                    port_name_errors(name)
                        .into_iter()
                        .map(|m| Error::invalid(&at.child("port"), BadValue::Str(name.clone()), m)),
                );
            }
            (None, Some(end)) => {
                errs.push(end_invalid(
                    end,
                    "may not be specified when `port` is not specified",
                ));
            }
            (None, None) => {}
        }
    }
    errs
}

/// `ValidateNetworkPolicyPeer`: valid selectors, at least one peer, and an
/// IP block alone.
fn peer_errors(peer: &NetworkPolicyPeer, path: &Path, old_cidrs: &[&str]) -> ErrorList {
    let mut errs = Vec::new();
    let peers = [
        peer.pod_selector.is_some(),
        peer.namespace_selector.is_some(),
        peer.ip_block.is_some(),
    ]
    .into_iter()
    .filter(|set| *set)
    .count();
    if let Some(selector) = &peer.pod_selector {
        errs.extend(label_selector(selector, &path.child("podSelector")));
    }
    if let Some(selector) = &peer.namespace_selector {
        errs.extend(label_selector(selector, &path.child("namespaceSelector")));
    }
    if let Some(block) = &peer.ip_block {
        errs.extend(ip_block_errors(block, &path.child("ipBlock"), old_cidrs));
    }
    if peers == 0 {
        errs.push(Error::required(path, "must specify a peer"));
    } else if peers > 1 && peer.ip_block.is_some() {
        errs.push(Error::forbidden(
            path,
            "may not specify both ipBlock and another peer",
        ));
    }
    errs
}

/// `ValidateIPBlock`: a CIDR, and exceptions strictly inside it.
fn ip_block_errors(block: &IPBlock, path: &Path, old_cidrs: &[&str]) -> ErrorList {
    let cidr_path = path.child("cidr");
    if block.cidr.is_empty() {
        return vec![Error::required(&cidr_path, "")];
    }
    let mut errs = cidr_errors(&block.cidr, &cidr_path, old_cidrs);
    let Some(cidr) = Cidr::parse_sloppy(&block.cidr) else {
        return errs;
    };
    let except = path.child("except");
    for (i, value) in block.except.iter().enumerate() {
        let at = except.index(i);
        errs.extend(cidr_errors(value, &at, old_cidrs));
        let Some(inner) = Cidr::parse_sloppy(value) else {
            continue;
        };
        if !cidr.contains(inner.network()) || cidr.prefix >= inner.prefix {
            errs.push(Error::invalid(
                &at,
                BadValue::Str(value.clone()),
                "must be a strict subset of `cidr`",
            ));
        }
    }
    errs
}

/// `IsValidCIDRForLegacyField` with `StrictIPCIDRValidation`, on by
/// default since v1.36: a CIDR Go's `ParseCIDRSloppy` reads, and, unless
/// the old object already had it (`old_values`, upstream's ratcheting of
/// values stored before), one `netip.ParsePrefix` reads (no leading zeros)
/// that is not IPv4-mapped and has no bits set beyond its prefix length.
pub(crate) fn cidr_errors(value: &str, path: &Path, old_values: &[&str]) -> ErrorList {
    let invalid = |detail: &str| {
        vec![Error::invalid(
            path,
            BadValue::Str(value.to_string()),
            detail,
        )]
    };
    let Some(cidr) = Cidr::parse_sloppy(value) else {
        return invalid("must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)");
    };
    if old_values.contains(&value) {
        return Vec::new();
    }
    match strict_prefix(value) {
        None => invalid("must not have leading 0s in IP or prefix length"),
        Some((IpAddr::V6(v6), _)) if v6.to_ipv4_mapped().is_some() => {
            invalid("must not have an IPv4-mapped IPv6 address")
        }
        Some(_) if cidr.address != cidr.network() => {
            invalid("must not have bits set beyond the prefix length")
        }
        Some(_) => Vec::new(),
    }
}

/// `netip.ParsePrefix`: no leading zeros in IPv4 octets or in the prefix
/// length.
pub(super) fn strict_prefix(value: &str) -> Option<(IpAddr, u32)> {
    let (address, prefix) = value.split_once('/')?;
    if prefix.len() > 1 && prefix.starts_with('0') {
        return None;
    }
    Some((address.parse().ok()?, prefix.parse().ok()?))
}

/// A CIDR as Go's `netutils.ParseCIDRSloppy` reads it: an IPv4 address
/// (octets may have leading zeros) or an IPv6 one, `/`, a prefix length in
/// decimal (leading zeros allowed) of at most the address's bits.
#[derive(Clone, Copy)]
pub(crate) struct Cidr {
    /// The address as written, bits beyond the prefix included.
    pub(crate) address: IpAddr,
    /// The prefix length, in bits.
    pub(super) prefix: u32,
}

impl Cidr {
    pub(crate) fn parse_sloppy(value: &str) -> Option<Cidr> {
        let (address, prefix) = value.split_once('/')?;
        if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let address = parse_ip_sloppy(address)?;
        let prefix: u32 = match prefix.trim_start_matches('0') {
            "" => 0,
            digits => digits.parse().ok()?,
        };
        (prefix <= Self::bits(address)).then_some(Cidr { address, prefix })
    }

    fn bits(address: IpAddr) -> u32 {
        if address.is_ipv4() { 32 } else { 128 }
    }

    /// The address with the bits beyond the prefix cleared.
    pub(super) fn network(self) -> IpAddr {
        match self.address {
            IpAddr::V4(v4) => {
                let mask = u32::MAX.checked_shl(32 - self.prefix).unwrap_or(0);
                IpAddr::from((u32::from(v4) & mask).to_be_bytes())
            }
            IpAddr::V6(v6) => {
                let mask = u128::MAX.checked_shl(128 - self.prefix).unwrap_or(0);
                IpAddr::from((u128::from(v6) & mask).to_be_bytes())
            }
        }
    }

    /// Whether `address`, of the same family, is inside this block.
    fn contains(self, address: IpAddr) -> bool {
        address.is_ipv4() == self.address.is_ipv4()
            && Cidr {
                address,
                prefix: self.prefix,
            }
            .network()
                == self.network()
    }

    /// Go's `IPNet.String()`: the network and the prefix length.
    pub(super) fn network_string(self) -> String {
        format!("{}/{}", self.network(), self.prefix)
    }
}
