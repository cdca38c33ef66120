//! Service, ported from `k8s.io/api/core/v1`.

use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::{Condition, IntOrString, ObjectMeta};
use serde::{Deserialize, Serialize};

/// Service gives a set of pods one stable name and address, with optional
/// load balancing and external exposure.
///
/// +genclient
/// +kubebuilder:resource:shortName=svc,categories=all
/// +kubebuilder:subresource:status
/// +printer:hook
/// +resource:generation=false
/// +resource:returnDeletedObject
/// +resource:allowCreateOnUpdate
/// +resource:nameFormat=dns1123-label
/// +resource:strategy
/// +defaulting:hook
/// +kubebuilder:selectablefield:JSONPath=.spec.clusterIP
/// +kubebuilder:selectablefield:JSONPath=.spec.type
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Service {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired behaviour of the service.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: ServiceSpec,
    /// The observed state of the service, written through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: ServiceStatus,
}

/// ServiceSpec is what a user asks of a service.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ServiceSpec {
    /// The ports the service exposes, keyed by port and protocol.
    /// +optional
    /// +patchMergeKey=port
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=port
    /// +listMapKey=protocol
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ServicePort>,
    /// Pods whose labels match all of these get the service's traffic;
    /// empty or missing means the endpoints are managed outside Kubernetes.
    /// +optional
    /// +mapType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub selector: BTreeMap<String, String>,
    /// The service's virtual IP, usually allocated by the server; `None`
    /// makes a headless service. Cannot change once set.
    /// +optional
    /// +protobuf=3
    #[serde(
        default,
        rename = "clusterIP",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub cluster_ip: String,
    /// The virtual IPs of the service, one per IP family; the first equals
    /// `clusterIP`.
    /// +listType=atomic
    /// +optional
    /// +protobuf=18
    #[serde(default, rename = "clusterIPs", skip_serializing_if = "Vec::is_empty")]
    pub cluster_ips: Vec<String>,
    /// How the service is exposed: `ClusterIP` (the default), `NodePort`,
    /// `LoadBalancer` or `ExternalName`.
    /// +default="ClusterIP"
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub r#type: String,
    /// Extra addresses, not managed by Kubernetes, on which nodes accept
    /// the service's traffic.
    /// +optional
    /// +listType=atomic
    /// +protobuf=5
    #[serde(default, rename = "externalIPs", skip_serializing_if = "Vec::is_empty")]
    pub external_ips: Vec<String>,
    /// `ClientIP` keeps a client on the same endpoint; `None` (the default)
    /// does not.
    /// +default="None"
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub session_affinity: String,
    /// Deprecated: the load balancer address asked for, where the provider
    /// supports choosing one.
    /// +optional
    /// +protobuf=8
    #[serde(
        default,
        rename = "loadBalancerIP",
        skip_serializing_if = "runtime::codec::is_default"
    )]
    pub load_balancer_ip: String,
    /// Client CIDRs the provider's load balancer admits, where supported.
    /// +optional
    /// +listType=atomic
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub load_balancer_source_ranges: Vec<String>,
    /// The DNS name an `ExternalName` service aliases with a CNAME record.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub external_name: String,
    /// `Cluster` or `Local`: whether external traffic may be routed to
    /// endpoints on other nodes.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub external_traffic_policy: String,
    /// The node port answering health checks for `Local` load balancers.
    /// +optional
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub health_check_node_port: i32,
    /// Publish endpoints of pods that are not ready, as well.
    /// +optional
    /// +protobuf=13
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub publish_not_ready_addresses: bool,
    /// Settings for the `ClientIP` session affinity.
    /// +optional
    /// +protobuf=14
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_affinity_config: Option<SessionAffinityConfig>,
    /// The IP families (`IPv4`, `IPv6`) of the service's cluster IPs, in
    /// order.
    /// +listType=atomic
    /// +optional
    /// +protobuf=19
    #[serde(default, rename = "ipFamilies", skip_serializing_if = "Vec::is_empty")]
    pub ip_families: Vec<String>,
    /// `SingleStack`, `PreferDualStack` or `RequireDualStack`.
    /// +optional
    /// +protobuf=17
    #[serde(
        default,
        rename = "ipFamilyPolicy",
        skip_serializing_if = "Option::is_none"
    )]
    pub ip_family_policy: Option<String>,
    /// Whether a `LoadBalancer` service gets node ports; true by default.
    /// +optional
    /// +protobuf=20
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocate_load_balancer_node_ports: Option<bool>,
    /// Which load balancer implementation serves a `LoadBalancer` service.
    /// +optional
    /// +protobuf=21
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_balancer_class: Option<String>,
    /// `Cluster` or `Local`: whether in-cluster traffic may be routed to
    /// endpoints on other nodes.
    /// +optional
    /// +protobuf=22
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal_traffic_policy: Option<String>,
    /// A preference for how traffic is spread over endpoints
    /// (`PreferClose`, `PreferSameZone`, `PreferSameNode`).
    /// +optional
    /// +protobuf=23
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traffic_distribution: Option<String>,
}

/// ServicePort is one port a service exposes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ServicePort {
    /// The port's name, a DNS label unique within the service; required
    /// when there are several ports.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub name: String,
    /// `TCP` (the default), `UDP` or `SCTP`.
    /// +default="TCP"
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub protocol: String,
    /// The application protocol, as a hint to implementations.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_protocol: Option<String>,
    /// The port the service listens on.
    /// +protobuf=3
    pub port: i32,
    /// The pod port (number or named container port) traffic goes to; the
    /// same as `port` when unset.
    /// +optional
    /// +protobuf=4
    #[serde(default)]
    pub target_port: IntOrString,
    /// The port on every node that forwards to the service, for
    /// `NodePort` and `LoadBalancer` services; allocated when unset.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub node_port: i32,
}

/// SessionAffinityConfig holds the settings of session affinity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct SessionAffinityConfig {
    /// Settings for `ClientIP` affinity.
    /// +optional
    /// +protobuf=1
    #[serde(default, rename = "clientIP", skip_serializing_if = "Option::is_none")]
    pub client_ip: Option<ClientIPConfig>,
}

/// ClientIPConfig holds the settings of `ClientIP` session affinity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ClientIPConfig {
    /// How long a client sticks to an endpoint, in seconds (1 to 86400;
    /// 10800 by default).
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i32>,
}

/// ServiceStatus is the observed state of a service.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ServiceStatus {
    /// The load balancer's state, if there is one.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub load_balancer: LoadBalancerStatus,
    /// The latest observations of the service's state.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// LoadBalancerStatus lists the ingress points of a load balancer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LoadBalancerStatus {
    /// The load balancer's ingress points.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ingress: Vec<LoadBalancerIngress>,
}

/// LoadBalancerIngress is one ingress point of a load balancer, by IP or
/// host name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct LoadBalancerIngress {
    /// The ingress point's IP address.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub ip: String,
    /// The ingress point's DNS name.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub hostname: String,
    /// `VIP` (traffic arrives addressed to the IP) or `Proxy` (the load
    /// balancer rewrites the destination).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip_mode: Option<String>,
    /// The state of each service port on this ingress point.
    /// +optional
    /// +listType=atomic
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<PortStatus>,
}

/// PortStatus is the state of one service port.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PortStatus {
    /// The port number.
    /// +protobuf=1
    pub port: i32,
    /// `TCP`, `UDP` or `SCTP`.
    /// +protobuf=2
    pub protocol: String,
    /// Why the port is in error, as a CamelCase reason (optionally
    /// domain-prefixed); unset when healthy.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The client IP affinity timeout a service gets when none is given: three
/// hours.
pub const DEFAULT_CLIENT_IP_SERVICE_AFFINITY_SECONDS: i32 = 10800;

/// As upstream's `SetDefaults_Service`, for what the field `+default`s
/// (type `ClusterIP`, session affinity `None`, port protocol `TCP`, all run
/// after this hook) cannot say: no affinity config without `ClientIP`
/// affinity and a three-hour timeout with it, target port = port, external
/// traffic policy `Cluster` for externally reachable services, internal
/// traffic policy `Cluster` for the proxied types, node ports allocated for
/// load balancers, and ingress IP mode `VIP` where an ingress has an IP. An
/// empty type or affinity reads as its default, as upstream compares with
/// `""`.
impl runtime::defaulting::DefaultHook for Service {
    fn default_hook(&mut self) {
        let spec = &mut self.spec;
        match spec.session_affinity.as_str() {
            "" | "None" => spec.session_affinity_config = None,
            "ClientIP" => {
                let has_timeout = spec
                    .session_affinity_config
                    .as_ref()
                    .and_then(|c| c.client_ip.as_ref())
                    .is_some_and(|c| c.timeout_seconds.is_some());
                if !has_timeout {
                    spec.session_affinity_config = Some(SessionAffinityConfig {
                        client_ip: Some(ClientIPConfig {
                            timeout_seconds: Some(DEFAULT_CLIENT_IP_SERVICE_AFFINITY_SECONDS),
                        }),
                    });
                }
            }
            _ => {}
        }
        for port in &mut spec.ports {
            if runtime::codec::is_default(&port.target_port)
                || port.target_port == IntOrString::String(String::new())
            {
                port.target_port = IntOrString::Int(port.port);
            }
        }
        let ty = match spec.r#type.as_str() {
            "" => "ClusterIP",
            ty => ty,
        };
        let externally_accessible = ty == "LoadBalancer"
            || ty == "NodePort"
            || (ty == "ClusterIP" && !spec.external_ips.is_empty());
        if externally_accessible && spec.external_traffic_policy.is_empty() {
            spec.external_traffic_policy = "Cluster".into();
        }
        if spec.internal_traffic_policy.is_none()
            && matches!(ty, "NodePort" | "LoadBalancer" | "ClusterIP")
        {
            spec.internal_traffic_policy = Some("Cluster".into());
        }
        if ty == "LoadBalancer" {
            spec.allocate_load_balancer_node_ports.get_or_insert(true);
            for ingress in &mut self.status.load_balancer.ingress {
                if !ingress.ip.is_empty() && ingress.ip_mode.is_none() {
                    ingress.ip_mode = Some("VIP".into());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime::defaulting::SetDefaults;
    use serde_json::{Value, json};

    fn defaulted(v: Value) -> Value {
        let mut service: Service = serde_json::from_value(v).unwrap();
        service.set_defaults();
        serde_json::to_value(service).unwrap()
    }

    #[test]
    fn service_defaults_as_upstream() {
        let v = defaulted(json!({"spec": {
            "ports": [{"port": 80, "protocol": ""}, {"port": 53, "protocol": "UDP", "targetPort": "dns"}],
            "sessionAffinity": ""
        }}));
        assert_eq!(
            v["spec"],
            json!({
                "ports": [
                    {"port": 80, "protocol": "TCP", "targetPort": 80},
                    {"port": 53, "protocol": "UDP", "targetPort": "dns"}
                ],
                "type": "ClusterIP",
                "sessionAffinity": "None",
                "internalTrafficPolicy": "Cluster"
            })
        );

        let v = defaulted(json!({
            "spec": {"type": "LoadBalancer", "sessionAffinity": "ClientIP"},
            "status": {"loadBalancer": {"ingress": [{"ip": "10.0.0.1"}, {"hostname": "lb"}]}}
        }));
        assert_eq!(
            v["spec"]["sessionAffinityConfig"]["clientIP"]["timeoutSeconds"],
            10800
        );
        assert_eq!(v["spec"]["externalTrafficPolicy"], "Cluster");
        assert_eq!(v["spec"]["allocateLoadBalancerNodePorts"], true);
        assert_eq!(v["status"]["loadBalancer"]["ingress"][0]["ipMode"], "VIP");
        assert!(
            v["status"]["loadBalancer"]["ingress"][1]
                .get("ipMode")
                .is_none()
        );

        let v = defaulted(json!({"spec": {"type": "ExternalName", "externalName": "example.com"}}));
        assert!(v["spec"].get("internalTrafficPolicy").is_none());
        assert!(v["spec"].get("externalTrafficPolicy").is_none());
        assert_eq!(v["spec"]["sessionAffinity"], "None");
    }
}
