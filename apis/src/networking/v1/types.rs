use macros::Resource;
use runtime::meta::{IntOrString, LabelSelector, ObjectMeta};
use serde::{Deserialize, Serialize};

use crate::core::v1::TypedLocalObjectReference;

/// Ingress routes HTTP(S) traffic from outside the cluster to Services: by
/// host and path, with TLS, through the ingress controller of its class.
///
/// +genclient
/// +kubebuilder:resource:shortName=ing
/// +kubebuilder:subresource:status
/// +printer:hook
/// +validation:extra
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Ingress {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The routes.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: IngressSpec,
    /// The load balancer the controller set up, written through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: IngressStatus,
}

/// IngressSpec is the routing an Ingress asks for.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct IngressSpec {
    /// The name of the IngressClass (cluster-scoped) whose controller serves
    /// this Ingress; it replaces the deprecated `kubernetes.io/ingress.class`
    /// annotation.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ingress_class_name: Option<String>,
    /// Where requests that match no rule go; required when there are no
    /// rules.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_backend: Option<IngressBackend>,
    /// TLS termination on port 443, one entry per certificate.
    /// +listType=atomic
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tls: Vec<IngressTLS>,
    /// Host rules, each mapping paths to backends.
    /// +listType=atomic
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<IngressRule>,
}

/// IngressTLS is one certificate: the hosts it covers and the Secret that
/// holds it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct IngressTLS {
    /// The hosts the certificate covers; the controller's wildcard host when
    /// empty.
    /// +listType=atomic
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hosts: Vec<String>,
    /// The Secret (in the Ingress's namespace) that holds the certificate
    /// and key; empty for SNI routing alone.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub secret_name: String,
}

/// IngressStatus is the state of an Ingress's load balancer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct IngressStatus {
    /// The load balancer's ingress points.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub load_balancer: IngressLoadBalancerStatus,
}

/// IngressLoadBalancerStatus lists a load balancer's ingress points.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IngressLoadBalancerStatus {
    /// The ingress points.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

/// IngressLoadBalancerIngress is one ingress point of a load balancer: an
/// IP or a DNS name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IngressLoadBalancerIngress {
    /// The IP address, for an IP-based ingress point.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub ip: String,
    /// The host name, for a DNS-based ingress point.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub hostname: String,
    /// The ports the load balancer exposes.
    /// +listType=atomic
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<IngressPortStatus>,
}

/// IngressPortStatus is a load balancer port and its error, if any.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IngressPortStatus {
    /// The port number.
    /// +protobuf=1
    #[serde(default)]
    pub port: i32,
    /// `TCP`, `UDP` or `SCTP`.
    /// +protobuf=2
    #[serde(default)]
    pub protocol: String,
    /// The port's problem: a CamelCase name, domain-prefixed
    /// (`foo.example.com/CamelCase`) for a cloud provider's own.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// IngressRule maps the paths of one host (every host when empty) to
/// backends.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct IngressRule {
    /// A fully qualified domain name, or a wildcard one (`*.foo.com`); not an
    /// IP, no port.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub host: String,
    /// What the rule routes (HTTP only), inline.
    /// +optional
    /// +protobuf=2
    #[serde(flatten)]
    pub ingress_rule_value: IngressRuleValue,
}

/// IngressRuleValue is the routing of a rule; HTTP is the only kind.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IngressRuleValue {
    /// The HTTP paths.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http: Option<HTTPIngressRuleValue>,
}

/// HTTPIngressRuleValue lists the paths of a rule.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HTTPIngressRuleValue {
    /// The paths, each with its backend.
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default)]
    pub paths: Vec<HTTPIngressPath>,
}

/// HTTPIngressPath sends the requests whose path matches to a backend.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HTTPIngressPath {
    /// The path, starting with `/` (required for `Exact` and `Prefix`).
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub path: String,
    /// How the path matches: `Exact`, `Prefix` (by `/`-separated elements)
    /// or `ImplementationSpecific`. Required, and empty when unset (upstream
    /// has a pointer; the validation treats an empty one as unset).
    /// +protobuf=3
    #[serde(default)]
    pub path_type: String,
    /// Where the matching requests go.
    /// +protobuf=2
    #[serde(default)]
    pub backend: IngressBackend,
}

/// IngressBackend is where traffic goes: a Service port or another
/// resource of the Ingress's namespace (not both).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IngressBackend {
    /// A Service of the Ingress's namespace, and its port.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service: Option<IngressServiceBackend>,
    /// Another resource of the Ingress's namespace (a storage bucket, say).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<TypedLocalObjectReference>,
}

/// IngressServiceBackend names a Service and one of its ports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IngressServiceBackend {
    /// The Service's name.
    /// +protobuf=1
    #[serde(default)]
    pub name: String,
    /// The port, by name or number.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub port: ServiceBackendPort,
}

/// ServiceBackendPort is a Service port, by name or by number (not both).
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ServiceBackendPort {
    /// The port's name.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
    /// The port's number.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub number: i32,
}

/// IngressClass names the controller that serves the Ingresses of its
/// class, and its parameters. The
/// `ingressclass.kubernetes.io/is-default-class: "true"` annotation makes
/// it the class of Ingresses that name none.
///
/// +genclient
/// +genclient:nonNamespaced
/// +printer:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct IngressClass {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The controller and its parameters.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: IngressClassSpec,
}

/// IngressClassSpec names a class's controller and its parameters.
///
/// +defaulting:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IngressClassSpec {
    /// The controller, as a domain-prefixed path of at most 250 characters
    /// (`acme.io/ingress-controller`); immutable.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub controller: String,
    /// The object that configures the controller for this class.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<IngressClassParametersReference>,
}

/// IngressClassParametersReference points at an object of any group,
/// cluster-scoped or in a namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct IngressClassParametersReference {
    /// The object's API group; the core group when unset.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_group: Option<String>,
    /// The object's kind.
    /// +protobuf=2
    #[serde(default)]
    pub kind: String,
    /// The object's name.
    /// +protobuf=3
    #[serde(default)]
    pub name: String,
    /// `Cluster` (the default) or `Namespace`.
    /// +optional
    /// +protobuf=4
    #[serde(default)]
    pub scope: Option<String>,
    /// The object's namespace: required for the `Namespace` scope, unset for
    /// `Cluster`.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

/// NetworkPolicy says which traffic the pods it selects may receive and
/// send.
///
/// +genclient
/// +kubebuilder:resource:shortName=netpol
/// +printer:hook
/// +validation:extra
/// +defaulting:hook
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct NetworkPolicy {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The pods and the traffic allowed to and from them.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: NetworkPolicySpec,
}

/// NetworkPolicySpec selects pods and lists the traffic allowed to and from
/// them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicySpec {
    /// The pods of the namespace the policy applies to; every pod when
    /// empty.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub pod_selector: LabelSelector,
    /// The traffic allowed in; none when empty (the pods are isolated).
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ingress: Vec<NetworkPolicyIngressRule>,
    /// The traffic allowed out; none when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub egress: Vec<NetworkPolicyEgressRule>,
    /// Which directions the policy governs: `Ingress`, `Egress` or both;
    /// when unset, `Ingress`, with `Egress` when there are egress rules.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub policy_types: Vec<String>,
}

/// NetworkPolicyIngressRule allows traffic from some peers to some ports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NetworkPolicyIngressRule {
    /// The ports; every port when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<NetworkPolicyPort>,
    /// The sources; every source when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<NetworkPolicyPeer>,
}

/// NetworkPolicyEgressRule allows traffic to some peers on some ports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NetworkPolicyEgressRule {
    /// The ports; every port when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<NetworkPolicyPort>,
    /// The destinations; every destination when empty.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to: Vec<NetworkPolicyPeer>,
}

/// NetworkPolicyPort is a port, or a range of ports, of a protocol.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicyPort {
    /// `TCP` (the default), `UDP` or `SCTP`.
    /// +optional
    /// +default="TCP"
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// A port number or a named port of the pod; every port when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<IntOrString>,
    /// The last port of the range `port`..=`endPort` (`port` a number).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_port: Option<i32>,
}

/// NetworkPolicyPeer is the other end of allowed traffic: selected pods
/// (in selected namespaces), or an IP block.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicyPeer {
    /// The pods (of the policy's namespace, or of the namespaces
    /// `namespaceSelector` selects); every pod when empty.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_selector: Option<LabelSelector>,
    /// The namespaces; every namespace when empty.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    /// An IP block; set alone.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip_block: Option<IPBlock>,
}

/// IPBlock is a CIDR (`192.168.1.0/24`, `2001:db8::/64`) less some CIDRs
/// inside it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IPBlock {
    /// The block.
    /// +protobuf=1
    #[serde(default)]
    pub cidr: String,
    /// CIDRs inside the block that are left out of it.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except: Vec<String>,
}

/// As upstream's `SetDefaults_IngressClass`: the parameters of a class
/// name a cluster-scoped object unless they say otherwise.
impl runtime::defaulting::DefaultHook for IngressClassSpec {
    fn default_hook(&mut self) {
        if let Some(parameters) = &mut self.parameters {
            parameters.scope.get_or_insert_with(|| "Cluster".into());
        }
    }
}

/// As upstream's `SetDefaults_NetworkPolicy`: a policy without policy
/// types governs ingress, and egress too when it has egress rules.
impl runtime::defaulting::DefaultHook for NetworkPolicy {
    fn default_hook(&mut self) {
        let spec = &mut self.spec;
        if spec.policy_types.is_empty() {
            spec.policy_types.push("Ingress".into());
            if !spec.egress.is_empty() {
                spec.policy_types.push("Egress".into());
            }
        }
    }
}
