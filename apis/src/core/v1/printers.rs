// Hand-written Table columns of core/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them.

use runtime::printers::{
    AGE_DESCRIPTION, NAME_DESCRIPTION, age, condition, condition_is_true, container_cells,
    format_labels, human_duration, int_at, list_at, str_at, time_at, timestamp_since,
};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::{ConfigMap, Event, Pod, PodTemplate, Secret, Service};

fn len_at(object: &Value, pointer: &str) -> i64 {
    object
        .pointer(pointer)
        .and_then(Value::as_object)
        .map_or(0, |m| m.len() as i64)
}

fn or_none(s: &str) -> &str {
    if s.is_empty() { "<none>" } else { s }
}

impl Printer for ConfigMap {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string("Data", 0, "Data contains the configuration data."),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];

    /// `printConfigMap`: DATA counts `data` and `binaryData` keys.
    fn cells(object: &Value, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![
            json!(len_at(object, "/data") + len_at(object, "/binaryData")),
            json!(age(object, now)),
        ]
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
    fn cells(object: &Value, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![
            json!(str_at(object, "/type")),
            json!(len_at(object, "/data")),
            json!(age(object, now)),
        ]
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
    fn cells(object: &Value, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let type_ = str_at(object, "/spec/type");
        let cluster_ip = list_at(object, "/spec/clusterIPs")
            .first()
            .and_then(Value::as_str)
            .unwrap_or("<none>");
        let external_ips: Vec<&str> = list_at(object, "/spec/externalIPs")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let mut ingress: Vec<&str> = list_at(object, "/status/loadBalancer/ingress")
            .iter()
            .filter_map(|i| {
                let ip = i.get("ip").and_then(Value::as_str).unwrap_or("");
                let host = i.get("hostname").and_then(Value::as_str).unwrap_or("");
                [ip, host].into_iter().find(|s| !s.is_empty())
            })
            .collect();
        ingress.sort_unstable();
        ingress.dedup();
        let external = match type_ {
            "ClusterIP" | "NodePort" => or_none(&external_ips.join(",")).to_string(),
            "LoadBalancer" if !external_ips.is_empty() => {
                let mut all = ingress.clone();
                all.extend(&external_ips);
                all.join(",")
            }
            "LoadBalancer" if !ingress.is_empty() => ingress.join(","),
            "LoadBalancer" => "<pending>".into(),
            "ExternalName" => str_at(object, "/spec/externalName").to_string(),
            _ => "<unknown>".into(),
        };
        let ports: Vec<String> = list_at(object, "/spec/ports")
            .iter()
            .map(|p| {
                let port = p.get("port").and_then(Value::as_i64).unwrap_or(0);
                let protocol = p.get("protocol").and_then(Value::as_str).unwrap_or("");
                match p.get("nodePort").and_then(Value::as_i64) {
                    Some(node_port) if node_port > 0 => format!("{port}:{node_port}/{protocol}"),
                    _ => format!("{port}/{protocol}"),
                }
            })
            .collect();
        vec![
            json!(type_),
            json!(cluster_ip),
            json!(external),
            json!(or_none(&ports.join(","))),
            json!(age(object, now)),
            json!(format_labels(object.pointer("/spec/selector"))),
        ]
    }
}

fn finished_at(status: &Value) -> Option<chrono::DateTime<chrono::Utc>> {
    time_at(status, "/lastState/terminated/finishedAt")
}

/// `Signal:9`, `ExitCode:1`: a terminated container without a reason.
fn exit_reason(terminated: &Value) -> String {
    match terminated
        .get("signal")
        .and_then(Value::as_i64)
        .unwrap_or(0)
    {
        0 => format!(
            "ExitCode:{}",
            terminated
                .get("exitCode")
                .and_then(Value::as_i64)
                .unwrap_or(0)
        ),
        signal => format!("Signal:{signal}"),
    }
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
    fn cells(object: &Value, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let phase = str_at(object, "/status/phase");
        let mut reason = match str_at(object, "/status/reason") {
            "" => phase.to_string(),
            r => r.to_string(),
        };
        if list_at(object, "/status/conditions").iter().any(|c| {
            c.get("type").and_then(Value::as_str) == Some("PodScheduled")
                && c.get("reason").and_then(Value::as_str) == Some("SchedulingGated")
        }) {
            reason = "SchedulingGated".into();
        }
        let init_containers = list_at(object, "/spec/initContainers");
        let restartable = |name: &str| {
            init_containers.iter().any(|c| {
                c.get("name").and_then(Value::as_str) == Some(name)
                    && c.get("restartPolicy").and_then(Value::as_str) == Some("Always")
            })
        };
        let total = list_at(object, "/spec/containers").len()
            + init_containers
                .iter()
                .filter(|c| c.get("restartPolicy").and_then(Value::as_str) == Some("Always"))
                .count();
        let mut ready = 0;
        let mut restarts = 0;
        let mut sidecar_restarts = 0;
        let mut last_restart = None;
        let mut last_sidecar_restart = None;
        let mut initializing = false;
        for (i, status) in list_at(object, "/status/initContainerStatuses")
            .iter()
            .enumerate()
        {
            let count = status
                .get("restartCount")
                .and_then(Value::as_i64)
                .unwrap_or(0);
            let name = status.get("name").and_then(Value::as_str).unwrap_or("");
            restarts += count;
            last_restart = last_restart.max(finished_at(status));
            let sidecar = restartable(name);
            if sidecar {
                sidecar_restarts += count;
                last_sidecar_restart = last_sidecar_restart.max(finished_at(status));
            }
            let terminated = status.pointer("/state/terminated");
            if terminated
                .is_some_and(|t| t.get("exitCode").and_then(Value::as_i64).unwrap_or(0) == 0)
            {
                continue;
            }
            if sidecar && status.get("started").and_then(Value::as_bool) == Some(true) {
                if status.get("ready").and_then(Value::as_bool) == Some(true) {
                    ready += 1;
                }
                continue;
            }
            let waiting = status
                .pointer("/state/waiting/reason")
                .and_then(Value::as_str)
                .unwrap_or("");
            reason = match terminated {
                Some(t) => match t.get("reason").and_then(Value::as_str).unwrap_or("") {
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
        let initialized = condition(object, "Initialized")
            .is_some_and(|c| c.get("status").and_then(Value::as_str) == Some("True"));
        if !initializing || initialized {
            restarts = sidecar_restarts;
            last_restart = last_sidecar_restart;
            let mut has_running = false;
            for status in list_at(object, "/status/containerStatuses").iter().rev() {
                restarts += status
                    .get("restartCount")
                    .and_then(Value::as_i64)
                    .unwrap_or(0);
                last_restart = last_restart.max(finished_at(status));
                let waiting = status
                    .pointer("/state/waiting/reason")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let terminated = status.pointer("/state/terminated");
                if !waiting.is_empty() {
                    reason = waiting.to_string();
                } else if let Some(t) = terminated {
                    reason = match t.get("reason").and_then(Value::as_str).unwrap_or("") {
                        "" => exit_reason(t),
                        r => r.to_string(),
                    };
                } else if status.get("ready").and_then(Value::as_bool) == Some(true)
                    && status.pointer("/state/running").is_some()
                {
                    has_running = true;
                    ready += 1;
                }
            }
            if reason == "Completed" && has_running {
                reason = if condition_is_true(object, "Ready") {
                    "Running".into()
                } else {
                    "NotReady".into()
                };
            }
        }
        if object.pointer("/metadata/deletionTimestamp").is_some() {
            if str_at(object, "/status/reason") == "NodeLost" {
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
        let gates = list_at(object, "/spec/readinessGates");
        let gates_cell = if gates.is_empty() {
            "<none>".to_string()
        } else {
            let passing = gates
                .iter()
                .filter(|g| {
                    g.get("conditionType")
                        .and_then(Value::as_str)
                        .is_some_and(|t| condition_is_true(object, t))
                })
                .count();
            format!("{passing}/{}", gates.len())
        };
        vec![
            json!(format!("{ready}/{total}")),
            json!(reason),
            json!(restarts_cell),
            json!(age(object, now)),
            json!(or_none(
                list_at(object, "/status/podIPs")
                    .first()
                    .and_then(|ip| ip.get("ip"))
                    .and_then(Value::as_str)
                    .unwrap_or("")
            )),
            json!(or_none(str_at(object, "/spec/nodeName"))),
            json!(or_none(str_at(object, "/status/nominatedNodeName"))),
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
    fn cells(object: &Value, _now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let (names, images) = container_cells(object.pointer("/template/spec/containers"));
        vec![
            json!(names),
            json!(images),
            json!(format_labels(object.pointer("/template/metadata/labels"))),
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
        PrinterColumn {
            name: "Name",
            type_: "string",
            format: "name",
            description: NAME_DESCRIPTION,
            json_path: "",
            priority: 1,
        },
    ];
    const NAME_COLUMN: bool = false;

    /// `printEvent`: LAST SEEN falls back to FIRST SEEN, which falls back to
    /// `eventTime`; a series gives its last observation and count; a
    /// singleton without a count counts 1; OBJECT is `kind/name` in lower
    /// case; SOURCE is `component, host`, falling back to the reporting
    /// controller and instance.
    fn cells(object: &Value, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let since = |pointer: &str| timestamp_since(object.pointer(pointer), now);
        let set = |pointer: &str| time_at(object, pointer).is_some();
        let first_seen = if set("/firstTimestamp") {
            since("/firstTimestamp")
        } else {
            since("/eventTime")
        };
        let mut last_seen = if set("/lastTimestamp") {
            since("/lastTimestamp")
        } else {
            first_seen.clone()
        };
        let mut count = int_at(object, "/count");
        if object.get("series").is_some_and(|s| !s.is_null()) {
            last_seen = since("/series/lastObservedTime");
            count = int_at(object, "/series/count");
        } else if count == 0 {
            count = 1;
        }
        let kind = str_at(object, "/involvedObject/kind").to_lowercase();
        let target = match str_at(object, "/involvedObject/name") {
            "" => kind,
            name => format!("{kind}/{name}"),
        };
        let first_non_empty = |a: &str, b: &str| if a.is_empty() { b } else { a }.to_string();
        let component = first_non_empty(
            str_at(object, "/source/component"),
            str_at(object, "/reportingComponent"),
        );
        let instance = first_non_empty(
            str_at(object, "/source/host"),
            str_at(object, "/reportingInstance"),
        );
        let source = if instance.is_empty() {
            component
        } else {
            format!("{component}, {instance}")
        };
        vec![
            json!(last_seen),
            json!(str_at(object, "/type")),
            json!(str_at(object, "/reason")),
            json!(target),
            json!(str_at(object, "/involvedObject/fieldPath")),
            json!(source),
            json!(str_at(object, "/message").trim()),
            json!(first_seen),
            json!(count),
            json!(str_at(object, "/metadata/name")),
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
        <Pod as Printer>::cells(object, now())
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
            <Service as Printer>::cells(&s, now())
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
            <Event as Printer>::cells(&e, now())
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
            <PodTemplate as Printer>::cells(&template, now()),
            [
                json!("app,log"),
                json!("nginx,busybox"),
                json!("app=a,tier=web")
            ]
        );
        let empty = json!({"metadata": {"name": "t"}});
        assert_eq!(
            <PodTemplate as Printer>::cells(&empty, now()),
            [json!(""), json!(""), json!("<none>")]
        );
    }
}
