// Hand-written Table columns of core/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them: each printer reads
// the Rust object's fields, as upstream's reads the Go struct.

use runtime::printers::{
    AGE_DESCRIPTION, age, first_with_more, format_labels, human_duration, instant, timestamp_since,
};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::{
    ConfigMap, Container, ContainerStateTerminated, ContainerStatus, Endpoints, Event, Pod,
    PodCondition, PodSpec, PodTemplate, Secret, Service, ServiceAccount,
};

/// `s`, or `<none>` when empty, as upstream's printers fill empty cells.
pub(super) fn or_none(s: &str) -> &str {
    if s.is_empty() { "<none>" } else { s }
}

impl PodSpec {
    /// `layoutContainerCells` of upstream's printers: the names of the
    /// spec's containers and their images, each joined by commas (for the
    /// printers of the kinds that hold a pod template).
    pub(crate) fn container_cells(&self) -> (String, String) {
        let field =
            |f: fn(&Container) -> &str| self.containers.iter().map(f).collect::<Vec<_>>().join(",");
        (field(|c| &c.name), field(|c| &c.image))
    }
}

impl Printer for ConfigMap {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Data", 0, "Data contains the configuration data."),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printConfigMap`: DATA counts `data` and `binaryData` keys.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![
            json!(self.data.len() + self.binary_data.len()),
            json!(age(&self.metadata, now)),
        ]
    }
}

impl Printer for Endpoints {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Endpoints",
            0,
            "The sets of addresses and ports that make up the service.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printEndpoints` with `formatEndpoints`: the ready addresses, as
    /// `ip:port` per port (or `ip` for a subset without ports), the first
    /// three and then `+ N more...`; `<none>` without subsets.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![
            json!(format_endpoints(self)),
            json!(age(&self.metadata, now)),
        ]
    }
}

/// `formatEndpoints(endpoints, nil)`: the first three `ip:port` (the
/// address alone in a subset without ports), then `+ N more...`.
fn format_endpoints(endpoints: &Endpoints) -> String {
    if endpoints.subsets.is_empty() {
        return "<none>".into();
    }
    let host_ports = endpoints.subsets.iter().flat_map(|subset| {
        let ports: Vec<Option<i32>> = if subset.ports.is_empty() {
            vec![None]
        } else {
            subset.ports.iter().map(|p| Some(p.port)).collect()
        };
        ports.into_iter().flat_map(|port| {
            subset
                .addresses
                .iter()
                .map(move |address| HostPort(&address.ip, port))
        })
    });
    first_with_more(host_ports, 3, ",")
}

/// An endpoint as `formatEndpoints` prints it: Go's `net.JoinHostPort`
/// (an IPv6 address in brackets), or the address alone without a port.
struct HostPort<'a>(&'a str, Option<i32>);

impl std::fmt::Display for HostPort<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostPort(ip, None) => f.write_str(ip),
            HostPort(ip, Some(port)) if ip.contains(':') => write!(f, "[{ip}]:{port}"),
            HostPort(ip, Some(port)) => write!(f, "{ip}:{port}"),
        }
    }
}

impl Printer for Secret {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Type",
            0,
            "Used to facilitate programmatic handling of secret data.",
        ),
        PrinterColumn::string("Data", 0, "Data contains the secret data."),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printSecret`: TYPE and the number of `data` keys.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![
            json!(self.r#type),
            json!(self.data.len()),
            json!(age(&self.metadata, now)),
        ]
    }
}

impl Printer for ServiceAccount {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Secrets",
            0,
            "Secrets is the list of secrets allowed to be used by pods running using this ServiceAccount. Pods are only limited to this list if this service account has a \"kubernetes.io/enforce-mountable-secrets\" annotation set to \"true\". The \"kubernetes.io/enforce-mountable-secrets\" annotation is deprecated since v1.32. Prefer separate namespaces to isolate access to mounted secrets. This field should not be used to find auto-generated service account token secrets for use outside of pods. Instead, tokens can be requested directly using the TokenRequest API, or service account token secrets can be manually created. More info: https://kubernetes.io/docs/concepts/configuration/secret",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printServiceAccount`: the number of secrets.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![json!(self.secrets.len()), json!(age(&self.metadata, now))]
    }
}

impl Printer for Service {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Type", 0, "The way the service is exposed."),
        PrinterColumn::string("Cluster-IP", 0, "The IP address of the service."),
        PrinterColumn::string(
            "External-IP",
            0,
            "IP addresses outside the cluster that reach the service.",
        ),
        PrinterColumn::string("Port(s)", 0, "The ports the service exposes."),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::string(
            "Selector",
            1,
            "The labels of the pods the service routes to.",
        ),
    ];

    /// `printService`: the first cluster IP, external IPs by service type
    /// (with load-balancer ingress, `<pending>` until there is one), ports
    /// as `80/TCP` or `80:30080/TCP`, the selector as `k=v` pairs.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let spec = &self.spec;
        let cluster_ip = spec.cluster_ips.first().map_or("<none>", String::as_str);
        let external_ips: Vec<&str> = spec.external_ips.iter().map(String::as_str).collect();
        let mut ingress: Vec<&str> = self
            .status
            .load_balancer
            .ingress
            .iter()
            .filter_map(|i| {
                [i.ip.as_str(), i.hostname.as_str()]
                    .into_iter()
                    .find(|s| !s.is_empty())
            })
            .collect();
        ingress.sort_unstable();
        ingress.dedup();
        let external = match spec.r#type.as_str() {
            "ClusterIP" | "NodePort" => or_none(&external_ips.join(",")).to_string(),
            "LoadBalancer" if !external_ips.is_empty() => {
                let mut all = ingress.clone();
                all.extend(&external_ips);
                all.join(",")
            }
            "LoadBalancer" if !ingress.is_empty() => ingress.join(","),
            "LoadBalancer" => "<pending>".into(),
            "ExternalName" => spec.external_name.clone(),
            _ => "<unknown>".into(),
        };
        let ports: Vec<String> = spec
            .ports
            .iter()
            .map(|p| {
                if p.node_port > 0 {
                    format!("{}:{}/{}", p.port, p.node_port, p.protocol)
                } else {
                    format!("{}/{}", p.port, p.protocol)
                }
            })
            .collect();
        vec![
            json!(spec.r#type),
            json!(cluster_ip),
            json!(external),
            json!(or_none(&ports.join(","))),
            json!(age(&self.metadata, now)),
            json!(format_labels(&spec.selector)),
        ]
    }
}

/// When the container last terminated (`lastState.terminated.finishedAt`).
fn finished_at(status: &ContainerStatus) -> Option<chrono::DateTime<chrono::Utc>> {
    status
        .last_state
        .terminated
        .as_ref()
        .and_then(|t| instant(t.finished_at.as_ref()))
}

/// `Signal:9`, `ExitCode:1`: a terminated container without a reason.
fn exit_reason(terminated: &ContainerStateTerminated) -> String {
    match terminated.signal {
        0 => format!("ExitCode:{}", terminated.exit_code),
        signal => format!("Signal:{signal}"),
    }
}

/// The reason the container is waiting, or `""`.
fn waiting_reason(status: &ContainerStatus) -> &str {
    status
        .state
        .waiting
        .as_ref()
        .map_or("", |w| w.reason.as_str())
}

/// The first of the pod's conditions with `type_`, as upstream's printers
/// look conditions up.
fn pod_condition<'a>(pod: &'a Pod, type_: &str) -> Option<&'a PodCondition> {
    pod.status.conditions.iter().find(|c| c.r#type == type_)
}

/// Whether the pod's first condition of `type_` has status `True`.
fn pod_condition_is_true(pod: &Pod, type_: &str) -> bool {
    pod_condition(pod, type_).is_some_and(|c| c.status == "True")
}

impl Printer for Pod {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Ready",
            0,
            "The aggregate readiness state of this pod for accepting traffic.",
        ),
        PrinterColumn::string(
            "Status",
            0,
            "The aggregate status of the containers in this pod.",
        ),
        PrinterColumn::string(
            "Restarts",
            0,
            "The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::string("IP", 1, "The IP address allocated to the pod."),
        PrinterColumn::string("Node", 1, "The node the pod is scheduled to."),
        PrinterColumn::string(
            "Nominated Node",
            1,
            "The node the scheduler nominated for the pod.",
        ),
        PrinterColumn::string(
            "Readiness Gates",
            1,
            "Conditions evaluated for pod readiness.",
        ),
    ];

    /// `printPod`: READY as `ready/total` (restartable init containers count
    /// as containers), STATUS as the kubelet reports it (`Init:1/2`,
    /// `CrashLoopBackOff`, `Completed`, `Terminating`...), RESTARTS with the
    /// time of the last restart (`3 (5m ago)`).
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let phase = self.status.phase.as_str();
        let mut reason = match self.status.reason.as_str() {
            "" => phase.to_string(),
            r => r.to_string(),
        };
        if self
            .status
            .conditions
            .iter()
            .any(|c| c.r#type == "PodScheduled" && c.reason == "SchedulingGated")
        {
            reason = "SchedulingGated".into();
        }
        let init_containers = &self.spec.init_containers;
        let always = |c: &Container| c.restart_policy.as_deref() == Some("Always");
        let restartable = |name: &str| init_containers.iter().any(|c| c.name == name && always(c));
        let total =
            self.spec.containers.len() + init_containers.iter().filter(|c| always(c)).count();
        let mut ready = 0;
        let mut restarts = 0;
        let mut sidecar_restarts = 0;
        let mut last_restart = None;
        let mut last_sidecar_restart = None;
        let mut initializing = false;
        for (i, status) in self.status.init_container_statuses.iter().enumerate() {
            let count = i64::from(status.restart_count);
            restarts += count;
            last_restart = last_restart.max(finished_at(status));
            let sidecar = restartable(&status.name);
            if sidecar {
                sidecar_restarts += count;
                last_sidecar_restart = last_sidecar_restart.max(finished_at(status));
            }
            let terminated = status.state.terminated.as_ref();
            if terminated.is_some_and(|t| t.exit_code == 0) {
                continue;
            }
            if sidecar && status.started == Some(true) {
                if status.ready {
                    ready += 1;
                }
                continue;
            }
            let waiting = waiting_reason(status);
            reason = match terminated {
                Some(t) => match t.reason.as_str() {
                    "" => format!("Init:{}", exit_reason(t)),
                    r => format!("Init:{r}"),
                },
                None if !waiting.is_empty() && waiting != "PodInitializing" => {
                    format!("Init:{waiting}")
                }
                None => format!("Init:{i}/{}", init_containers.len()),
            };
            initializing = true;
            break;
        }
        if !initializing || pod_condition_is_true(self, "Initialized") {
            restarts = sidecar_restarts;
            last_restart = last_sidecar_restart;
            let mut has_running = false;
            for status in self.status.container_statuses.iter().rev() {
                restarts += i64::from(status.restart_count);
                last_restart = last_restart.max(finished_at(status));
                let waiting = waiting_reason(status);
                if !waiting.is_empty() {
                    reason = waiting.to_string();
                } else if let Some(t) = &status.state.terminated {
                    reason = match t.reason.as_str() {
                        "" => exit_reason(t),
                        r => r.to_string(),
                    };
                } else if status.ready && status.state.running.is_some() {
                    has_running = true;
                    ready += 1;
                }
            }
            if reason == "Completed" && has_running {
                reason = if pod_condition_is_true(self, "Ready") {
                    "Running".into()
                } else {
                    "NotReady".into()
                };
            }
        }
        if self.metadata.deletion_timestamp.is_some() {
            if self.status.reason == "NodeLost" {
                reason = "Unknown".into();
            } else if phase != "Succeeded" && phase != "Failed" {
                reason = "Terminating".into();
            }
        }
        let restarts_cell = match last_restart {
            Some(t) if restarts != 0 => format!(
                "{restarts} ({} ago)",
                human_duration(now.signed_duration_since(t))
            ),
            _ => restarts.to_string(),
        };
        let gates = &self.spec.readiness_gates;
        let gates_cell = if gates.is_empty() {
            "<none>".to_string()
        } else {
            let passing = gates
                .iter()
                .filter(|g| pod_condition_is_true(self, &g.condition_type))
                .count();
            format!("{passing}/{}", gates.len())
        };
        vec![
            json!(format!("{ready}/{total}")),
            json!(reason),
            json!(restarts_cell),
            json!(age(&self.metadata, now)),
            json!(or_none(
                self.status.pod_i_ps.first().map_or("", |ip| ip.ip.as_str())
            )),
            json!(or_none(&self.spec.node_name)),
            json!(or_none(&self.status.nominated_node_name)),
            json!(gates_cell),
        ]
    }
}

impl Printer for PodTemplate {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Containers", 0, "Names of each container in the template."),
        PrinterColumn::string(
            "Images",
            0,
            "Images referenced by each container in the template.",
        ),
        PrinterColumn::string("Pod Labels", 0, "The labels for the pod template."),
    ];

    /// `printPodTemplate`: the template's containers, images and labels
    /// (no AGE column, as upstream's).
    fn cells(&self, _now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (names, images) = self.template.spec.container_cells();
        vec![
            json!(names),
            json!(images),
            json!(format_labels(&self.template.metadata.labels)),
        ]
    }
}

impl Printer for Event {
    // Descriptions: the core/v1 Event and ObjectReference field docs.
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Last Seen",
            0,
            "The time at which the most recent occurrence of this event was recorded.",
        ),
        PrinterColumn::string(
            "Type",
            0,
            "Type of this event (Normal, Warning), new types could be added in the future",
        ),
        PrinterColumn::string(
            "Reason",
            0,
            "This should be a short, machine understandable string that gives the reason for the transition into the object's current status.",
        ),
        PrinterColumn::string("Object", 0, "The object that this event is about."),
        PrinterColumn::string(
            "Subobject",
            1,
            "If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: \"spec.containers{name}\" (where \"name\" refers to the name of the container that triggered the event) or if no container name is specified \"spec.containers[2]\" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object.",
        ),
        PrinterColumn::string(
            "Source",
            1,
            "The component reporting this event. Should be a short machine understandable string.",
        ),
        PrinterColumn::string(
            "Message",
            0,
            "A human-readable description of the status of this operation.",
        ),
        PrinterColumn::string(
            "First Seen",
            1,
            "The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)",
        ),
        PrinterColumn::string("Count", 1, "The number of times this event has occurred."),
        PrinterColumn::name(1),
    ];
    const NAME_COLUMN: bool = false;

    /// `printEvent`: LAST SEEN falls back to FIRST SEEN, which falls back to
    /// `eventTime`; a series gives its last observation and count; a
    /// singleton without a count counts 1; OBJECT is `kind/name` in lower
    /// case; SOURCE is `component, host`, falling back to the reporting
    /// controller and instance.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let first_seen = match &self.first_timestamp {
            Some(first) => timestamp_since(Some(first.0), now),
            None => timestamp_since(self.event_time.map(|t| t.0), now),
        };
        let mut last_seen = match &self.last_timestamp {
            Some(last) => timestamp_since(Some(last.0), now),
            None => first_seen.clone(),
        };
        let mut count = i64::from(self.count);
        if let Some(series) = &self.series {
            last_seen = timestamp_since(series.last_observed_time.map(|t| t.0), now);
            count = i64::from(series.count);
        } else if count == 0 {
            count = 1;
        }
        let kind = self.involved_object.kind.to_lowercase();
        let target = match self.involved_object.name.as_str() {
            "" => kind,
            name => format!("{kind}/{name}"),
        };
        let first_non_empty = |a: &str, b: &str| if a.is_empty() { b } else { a }.to_string();
        let component = first_non_empty(&self.source.component, &self.reporting_component);
        let instance = first_non_empty(&self.source.host, &self.reporting_instance);
        let source = if instance.is_empty() {
            component
        } else {
            format!("{component}, {instance}")
        };
        vec![
            json!(last_seen),
            json!(self.r#type),
            json!(self.reason),
            json!(target),
            json!(self.involved_object.field_path),
            json!(source),
            json!(self.message.trim()),
            json!(first_seen),
            json!(count),
            json!(self.metadata.name.as_deref().unwrap_or("")),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::parse_from_rfc3339("2026-01-01T00:10:00Z")
            .unwrap()
            .with_timezone(&chrono::Utc)
    }

    fn pod(spec: Value, status: Value) -> Value {
        json!({"metadata": {"name": "p", "creationTimestamp": "2026-01-01T00:00:00Z"},
               "spec": spec, "status": status})
    }

    fn row(object: &Value) -> Vec<Value> {
        serde_json::from_value::<Pod>(object.clone())
            .unwrap()
            .cells(now())
    }

    #[test]
    fn a_new_pod_is_pending_with_nothing_ready() {
        let p = pod(
            json!({"containers": [{"name": "a"}, {"name": "b"}]}),
            json!({"phase": "Pending"}),
        );
        assert_eq!(
            row(&p),
            [
                json!("0/2"),
                json!("Pending"),
                json!("0"),
                json!("10m"),
                json!("<none>"),
                json!("<none>"),
                json!("<none>"),
                json!("<none>")
            ]
        );
    }

    #[test]
    fn running_ready_containers_and_restarts_with_their_age() {
        let p = pod(
            json!({"containers": [{"name": "a"}, {"name": "b"}], "nodeName": "n1",
                   "readinessGates": [{"conditionType": "example.com/lb"}]}),
            json!({"phase": "Running", "podIPs": [{"ip": "10.0.0.7"}],
                   "conditions": [{"type": "Ready", "status": "True"},
                                  {"type": "example.com/lb", "status": "True"}],
                   "containerStatuses": [
                       {"name": "a", "ready": true, "restartCount": 2, "state": {"running": {}},
                        "lastState": {"terminated": {"exitCode": 1, "finishedAt": "2026-01-01T00:05:00Z"}}},
                       {"name": "b", "ready": false, "restartCount": 1,
                        "state": {"waiting": {"reason": "CrashLoopBackOff"}}}]}),
        );
        assert_eq!(
            row(&p),
            [
                json!("1/2"),
                json!("CrashLoopBackOff"),
                json!("3 (5m ago)"),
                json!("10m"),
                json!("10.0.0.7"),
                json!("n1"),
                json!("<none>"),
                json!("1/1")
            ]
        );
    }

    #[test]
    fn init_containers_report_their_progress_and_failures() {
        let spec = json!({"initContainers": [{"name": "i1"}, {"name": "i2"}],
                          "containers": [{"name": "a"}]});
        let waiting = pod(
            spec.clone(),
            json!({"phase": "Pending", "initContainerStatuses": [
                {"name": "i1", "state": {"terminated": {"exitCode": 0}}},
                {"name": "i2", "state": {"waiting": {"reason": "PodInitializing"}}}]}),
        );
        assert_eq!(row(&waiting)[1], "Init:1/2");
        let failed = pod(
            spec.clone(),
            json!({"phase": "Pending", "initContainerStatuses": [
                {"name": "i1", "restartCount": 1, "state": {"terminated": {"exitCode": 3}}}]}),
        );
        assert_eq!(row(&failed)[1], "Init:ExitCode:3");
        let killed = pod(
            spec,
            json!({"phase": "Pending", "initContainerStatuses": [
                {"name": "i1", "state": {"terminated": {"exitCode": 137, "signal": 9}}}]}),
        );
        assert_eq!(row(&killed)[1], "Init:Signal:9");
        // A restartable init container (a sidecar) counts as a container.
        let sidecar = pod(
            json!({"initContainers": [{"name": "s", "restartPolicy": "Always"}],
                   "containers": [{"name": "a"}]}),
            json!({"phase": "Running", "conditions": [{"type": "Initialized", "status": "True"}],
                   "initContainerStatuses": [{"name": "s", "started": true, "ready": true,
                                              "state": {"running": {}}}],
                   "containerStatuses": [{"name": "a", "ready": true, "state": {"running": {}}}]}),
        );
        assert_eq!(row(&sidecar)[..2], [json!("2/2"), json!("Running")]);
    }

    #[test]
    fn completed_terminating_and_gated_pods() {
        let done = pod(
            json!({"containers": [{"name": "a"}]}),
            json!({"phase": "Succeeded", "containerStatuses": [
                {"name": "a", "state": {"terminated": {"exitCode": 0, "reason": "Completed"}}}]}),
        );
        assert_eq!(row(&done)[..2], [json!("0/1"), json!("Completed")]);
        let mut deleting = pod(
            json!({"containers": [{"name": "a"}]}),
            json!({"phase": "Running"}),
        );
        deleting["metadata"]["deletionTimestamp"] = json!("2026-01-01T00:09:00Z");
        assert_eq!(row(&deleting)[1], "Terminating");
        let gated = pod(
            json!({"containers": [{"name": "a"}]}),
            json!({"phase": "Pending", "conditions": [
                {"type": "PodScheduled", "status": "False", "reason": "SchedulingGated"}]}),
        );
        assert_eq!(row(&gated)[1], "SchedulingGated");
    }

    #[test]
    fn services_print_ports_and_external_addresses_by_type() {
        let svc = |spec: Value, status: Value| {
            let s = json!({"metadata": {"name": "s", "creationTimestamp": "2026-01-01T00:00:00Z"},
                           "spec": spec, "status": status});
            serde_json::from_value::<Service>(s).unwrap().cells(now())
        };
        assert_eq!(
            svc(
                json!({"type": "ClusterIP", "clusterIPs": ["10.96.0.10"], "selector": {"app": "web", "a-b": "x"},
                       "ports": [{"port": 80, "protocol": "TCP"}, {"port": 53, "protocol": "UDP"}]}),
                json!({})
            ),
            [
                json!("ClusterIP"),
                json!("10.96.0.10"),
                json!("<none>"),
                json!("80/TCP,53/UDP"),
                json!("10m"),
                json!("a-b=x,app=web")
            ]
        );
        let lb = svc(
            json!({"type": "LoadBalancer", "ports": [{"port": 443, "nodePort": 30443, "protocol": "TCP"}]}),
            json!({}),
        );
        assert_eq!(
            lb[..4],
            [
                json!("LoadBalancer"),
                json!("<none>"),
                json!("<pending>"),
                json!("443:30443/TCP")
            ]
        );
        let lb = svc(
            json!({"type": "LoadBalancer"}),
            json!({"loadBalancer": {"ingress": [{"hostname": "lb.example.com"}, {"ip": "1.2.3.4"}]}}),
        );
        assert_eq!(lb[2], "1.2.3.4,lb.example.com");
        assert_eq!(lb[3], "<none>");
    }

    #[test]
    fn events_print_as_upstreams_print_event() {
        let event = |extra: Value| {
            let mut e = json!({"metadata": {"name": "web.1"},
                "involvedObject": {"kind": "Pod", "name": "web", "fieldPath": "spec.containers{app}"},
                "reason": "Started", "message": " Started container app \n", "type": "Normal",
                "source": {"component": "kubelet", "host": "node-1"}});
            for (k, v) in extra.as_object().unwrap() {
                e[k] = v.clone();
            }
            serde_json::from_value::<Event>(e).unwrap().cells(now())
        };
        let cells = event(json!({"firstTimestamp": "2026-01-01T00:00:00Z",
            "lastTimestamp": "2026-01-01T00:05:00Z", "count": 3}));
        assert_eq!(
            cells,
            [
                json!("5m"),
                json!("Normal"),
                json!("Started"),
                json!("pod/web"),
                json!("spec.containers{app}"),
                json!("kubelet, node-1"),
                json!("Started container app"),
                json!("10m"),
                json!(3),
                json!("web.1"),
            ]
        );
        // No timestamps: eventTime gives FIRST SEEN, and LAST SEEN follows
        // it; a singleton without a count counts 1.
        let cells = event(json!({"eventTime": "2026-01-01T00:08:00.000000Z",
            "source": {}, "reportingComponent": "ctrl", "reportingInstance": "ctrl-0"}));
        assert_eq!(
            (&cells[0], &cells[7], &cells[8]),
            (&json!("2m"), &json!("2m"), &json!(1))
        );
        assert_eq!(cells[5], "ctrl, ctrl-0");
        // A series gives its last observation and count.
        let cells = event(json!({"eventTime": "2026-01-01T00:00:00.000000Z",
            "series": {"count": 7, "lastObservedTime": "2026-01-01T00:09:00.000000Z"}}));
        assert_eq!((&cells[0], &cells[8]), (&json!("60s"), &json!(7)));
        assert_eq!(<Event as Printer>::COLUMNS.len(), cells.len());
    }

    #[test]
    fn pod_templates_print_containers_images_and_labels() {
        let template = json!({"metadata": {"name": "t"}, "template": {
            "metadata": {"labels": {"tier": "web", "app": "a"}},
            "spec": {"containers": [{"name": "app", "image": "nginx"}, {"name": "log", "image": "busybox"}]}}});
        assert_eq!(
            serde_json::from_value::<PodTemplate>(template)
                .unwrap()
                .cells(now()),
            [
                json!("app,log"),
                json!("nginx,busybox"),
                json!("app=a,tier=web")
            ]
        );
        let empty = json!({"metadata": {"name": "t"}});
        assert_eq!(
            serde_json::from_value::<PodTemplate>(empty)
                .unwrap()
                .cells(now()),
            [json!(""), json!(""), json!("<none>")]
        );
    }
}
