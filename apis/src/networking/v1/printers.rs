// Hand-written Table columns of networking.k8s.io/v1 (`+printer:hook`), as
// upstream's `printIngress`, `printIngressClass` and `printNetworkPolicy`
// print them (server-side, where every column is printed wide).

use std::collections::BTreeSet;

use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::{Ingress, IngressClass, IngressRule, NetworkPolicy};

impl Printer for Ingress {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Class",
            0,
            "The name of the IngressClass resource that should be used for additional configuration",
        ),
        PrinterColumn::string(
            "Hosts",
            0,
            "Hosts that incoming requests are matched against before the ingress rule",
        ),
        PrinterColumn::string(
            "Address",
            0,
            "Address is a list containing ingress points for the load-balancer",
        ),
        PrinterColumn::string("Ports", 0, "Ports of TLS configurations that open"),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printIngress`: the class (`<none>`), the first three hosts (`*`
    /// for none), the load balancer's IPs or host names (sorted, without
    /// duplicates), `80` or `80, 443` with TLS.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let class = self.spec.ingress_class_name.as_deref().unwrap_or("<none>");
        let addresses: BTreeSet<&str> = self
            .status
            .load_balancer
            .ingress
            .iter()
            .map(|point| {
                if point.ip.is_empty() {
                    point.hostname.as_str()
                } else {
                    point.ip.as_str()
                }
            })
            .filter(|address| !address.is_empty())
            .collect();
        let ports = if self.spec.tls.is_empty() {
            "80"
        } else {
            "80, 443"
        };
        vec![
            json!(class),
            json!(format_hosts(&self.spec.rules)),
            json!(addresses.into_iter().collect::<Vec<_>>().join(",")),
            json!(ports),
            json!(age(&self.metadata, now)),
        ]
    }
}

/// `formatHosts`: the hosts of the first rules that have one, up to
/// three, then `+ N more...` (N counting every rule after the third).
fn format_hosts(rules: &[IngressRule]) -> String {
    const MAX: usize = 3;
    let mut hosts = Vec::new();
    let mut more = false;
    for rule in rules {
        if hosts.len() == MAX {
            more = true;
        }
        if !more && !rule.host.is_empty() {
            hosts.push(rule.host.as_str());
        }
    }
    if hosts.is_empty() {
        return "*".into();
    }
    let joined = hosts.join(",");
    if more {
        format!("{joined} + {} more...", rules.len() - MAX)
    } else {
        joined
    }
}

/// The annotation that makes an IngressClass the default class.
const DEFAULT_CLASS_ANNOTATION: &str = "ingressclass.kubernetes.io/is-default-class";

impl Printer for IngressClass {
    const NAME_COLUMN: bool = false;

    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::name(0),
        PrinterColumn::string(
            "Controller",
            0,
            "Controller that is responsible for handling this class",
        ),
        PrinterColumn::string(
            "Parameters",
            0,
            "A reference to a resource with additional parameters",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printIngressClass`: the name, with ` (default)` for the default
    /// class (Kubernetes 1.35+); the parameters as `Kind[.group]/name`.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let mut name = self.metadata.name.clone().unwrap_or_default();
        if self
            .metadata
            .annotations
            .get(DEFAULT_CLASS_ANNOTATION)
            .is_some_and(|v| v == "true")
        {
            name.push_str(" (default)");
        }
        let parameters = match &self.spec.parameters {
            None => "<none>".to_string(),
            Some(p) => match &p.api_group {
                Some(group) => format!("{}.{group}/{}", p.kind, p.name),
                None => format!("{}/{}", p.kind, p.name),
            },
        };
        vec![
            json!(name),
            json!(self.spec.controller),
            json!(parameters),
            json!(age(&self.metadata, now)),
        ]
    }
}

impl Printer for NetworkPolicy {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Pod-Selector",
            0,
            "podSelector selects the pods to which this NetworkPolicy object applies. The array of ingress rules is applied to any pods selected by this field. Multiple network policies can select the same set of pods. In this case, the ingress rules for each are combined additively. This field is NOT optional and follows standard label selector semantics. An empty podSelector matches all pods in this namespace.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printNetworkPolicy`: the pod selector as `FormatLabelSelector`
    /// writes it (`<none>` when empty).
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![
            json!(runtime::selector::format_selector(&self.spec.pod_selector)),
            json!(age(&self.metadata, now)),
        ]
    }
}
