//! Services: the cluster IPs and node ports kube-apiserver's service
//! storage allocates (pkg/registry/core/service/storage/alloc.go), the
//! fields its strategy drops when the type changes, and the `kubernetes`
//! Service the server creates at start.

use std::net::Ipv4Addr;

use super::*;

const SERVICES: &str = "/api/v1/namespaces/default/services";

/// Posts each case's service (`s0`, `s1`, ...) and asserts it is a 422
/// with the expected errors after `Service "<name>" is invalid: `.
async fn assert_refused<const N: usize>(api: &Api, cases: [(Value, &str); N]) {
    for (i, (spec, expected)) in cases.into_iter().enumerate() {
        let name = format!("s{i}");
        let r = api.post(SERVICES, &service(&name, spec)).await;
        r.assert_failure(422, "Invalid");
        assert_eq!(
            r.body["message"],
            format!("Service \"{name}\" is invalid: {expected}")
        );
    }
}

/// What `kubectl create service clusterip <name> --tcp=80:8080` sends,
/// with `spec` fields merged in.
fn service(name: &str, spec: Value) -> Value {
    let mut s = json!({"apiVersion": "v1", "kind": "Service",
        "metadata": {"name": name},
        "spec": {"ports": [{"name": "80-8080", "port": 80, "protocol": "TCP", "targetPort": 8080}],
                 "selector": {"app": name}}});
    if let Value::Object(fields) = spec {
        for (k, v) in fields {
            s["spec"][k] = v;
        }
    }
    s
}

fn last_octet(ip: &Value) -> u8 {
    let ip: Ipv4Addr = ip.as_str().expect("an IP").parse().expect("IPv4");
    assert_eq!(ip.octets()[..3], [10, 0, 0], "{ip} outside 10.0.0.0/24");
    ip.octets()[3]
}

/// Created at start as kube-apiserver's kubernetes-service-controller
/// creates it: the first address of the default service CIDR.
#[tokio::test]
async fn the_kubernetes_service_holds_the_first_address() {
    let api = Api::start();
    let r = api.get(&format!("{SERVICES}/kubernetes")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.body["metadata"]["labels"],
        json!({"component": "apiserver", "provider": "kubernetes"})
    );
    let spec = &r.body["spec"];
    assert_eq!(spec["clusterIP"], "10.0.0.1");
    assert_eq!(spec["clusterIPs"], json!(["10.0.0.1"]));
    assert_eq!(spec["ports"][0]["port"], 443);
    assert_eq!(spec["ports"][0]["name"], "https");
    assert_eq!(spec["ipFamilies"], json!(["IPv4"]));
    assert_eq!(spec["ipFamilyPolicy"], "SingleStack");
    assert_eq!(
        r.body["metadata"]["managedFields"][0]["manager"],
        "kube-apiserver"
    );
    let r = api
        .post(SERVICES, &service("b", json!({"clusterIP": "10.0.0.1"})))
        .await;
    r.assert_failure(422, "Invalid");
}

/// A ClusterIP service gets an address from the upper band of the range
/// (above the 16 kept for addresses asked for), its IP family fields
/// defaulted; an address asked for is given once; a deleted service's
/// address is free again; a dry run holds nothing.
#[tokio::test]
async fn cluster_ips_are_allocated_once_and_freed_on_delete() {
    let api = Api::start();
    let a = api.create(SERVICES, &service("a", json!({}))).await;
    let spec = &a["spec"];
    assert!(last_octet(&spec["clusterIP"]) >= 17, "{spec}");
    assert_eq!(spec["clusterIPs"], json!([spec["clusterIP"]]));
    assert_eq!(spec["ipFamilies"], json!(["IPv4"]));
    assert_eq!(spec["ipFamilyPolicy"], "SingleStack");

    let fixed = service("fixed", json!({"clusterIP": "10.0.0.10"}));
    let dry = api.post(&format!("{SERVICES}?dryRun=All"), &fixed).await;
    assert_eq!(dry.status, StatusCode::CREATED, "{}", dry.text);
    assert_eq!(dry.body["spec"]["clusterIPs"], json!(["10.0.0.10"]));
    let created = api.create(SERVICES, &fixed).await;
    assert_eq!(created["spec"]["clusterIP"], "10.0.0.10");

    let r = api
        .post(
            SERVICES,
            &service("again", json!({"clusterIP": "10.0.0.10"})),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"again\" is invalid: spec.clusterIPs: Invalid value: [\"10.0.0.10\"]: failed to allocate IP 10.0.0.10: provided IP is already allocated"
    );
    assert_eq!(r.body["details"]["causes"][0]["field"], "spec.clusterIPs");
    let r = api
        .post(
            SERVICES,
            &service("outside", json!({"clusterIP": "10.1.0.10"})),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"outside\" is invalid: spec.clusterIPs: Invalid value: [\"10.1.0.10\"]: failed to allocate IP 10.1.0.10: the provided network does not match the current range"
    );

    let r = api.delete(&format!("{SERVICES}/fixed")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let again = api
        .create(
            SERVICES,
            &service("again", json!({"clusterIP": "10.0.0.10"})),
        )
        .await;
    assert_eq!(again["spec"]["clusterIPs"], json!(["10.0.0.10"]));

    // Every address picked is distinct from the others held.
    let mut held = std::collections::BTreeSet::from([1, 10, last_octet(&spec["clusterIP"])]);
    for i in 0..20 {
        let s = api
            .create(SERVICES, &service(&format!("s{i}"), json!({})))
            .await;
        assert!(held.insert(last_octet(&s["spec"]["clusterIP"])), "{s}");
    }
}

/// A small range (`--service-cluster-ip-range 10.0.0.0/29`: six
/// addresses, the first the `kubernetes` Service's) gives each service
/// its own address until none is left; then a create is upstream's 500.
/// (Writes in flight holding what they took is the allocator's unit
/// test, `a_reservation_holds_until_it_drops`.)
#[tokio::test]
async fn a_small_range_gives_distinct_addresses_until_it_is_full() {
    let config = server::Config {
        service_cluster_ip_range: "10.0.0.0/29".parse().expect("a CIDR"),
        ..server::Config::default()
    };
    let api = Api::start_with_config(
        std::sync::Arc::new(server::storage::MemoryStore::new()),
        config,
    );
    let mut held = std::collections::BTreeSet::from([1]);
    for i in 0..5 {
        let s = api
            .create(SERVICES, &service(&format!("s{i}"), json!({})))
            .await;
        assert!(held.insert(last_octet(&s["spec"]["clusterIP"])), "{s}");
    }
    assert_eq!(held, (1..=6).collect());
    let r = api.post(SERVICES, &service("full", json!({}))).await;
    r.assert_failure(500, "InternalError");
    assert_eq!(
        r.body["message"],
        "Internal error occurred: failed to allocate a serviceIP: range is full"
    );
    // A headless service takes no address.
    api.create(SERVICES, &service("h", json!({"clusterIP": "None"})))
        .await;
}

/// The IP family fields on a single-stack IPv4 cluster
/// (`initIPFamilyFields`): headless services get no address, a headless
/// one without selector both families; ExternalName services none of
/// it; dual-stack and IPv6 are refused.
#[tokio::test]
async fn headless_external_name_and_dual_stack_services() {
    let api = Api::start();
    let headless = api
        .create(SERVICES, &service("h", json!({"clusterIP": "None"})))
        .await;
    assert_eq!(headless["spec"]["clusterIPs"], json!(["None"]));
    assert_eq!(headless["spec"]["ipFamilies"], json!(["IPv4"]));
    assert_eq!(headless["spec"]["ipFamilyPolicy"], "SingleStack");

    let mut selectorless = service("hs", json!({"clusterIP": "None"}));
    selectorless["spec"]
        .as_object_mut()
        .expect("spec")
        .remove("selector");
    let selectorless = api.create(SERVICES, &selectorless).await;
    assert_eq!(selectorless["spec"]["ipFamilies"], json!(["IPv4", "IPv6"]));
    assert_eq!(selectorless["spec"]["ipFamilyPolicy"], "RequireDualStack");

    let external = api
        .create(
            SERVICES,
            &json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "ext"},
                    "spec": {"type": "ExternalName", "externalName": "example.com"}}),
        )
        .await;
    for field in ["clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy"] {
        assert!(external["spec"].get(field).is_none(), "{field}: {external}");
    }

    let r = api
        .post(
            SERVICES,
            &service("dual", json!({"ipFamilyPolicy": "RequireDualStack"})),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"dual\" is invalid: spec.ipFamilyPolicy: Invalid value: \"RequireDualStack\": this cluster is not configured for dual-stack services"
    );
    let r = api
        .post(SERVICES, &service("six", json!({"ipFamilies": ["IPv6"]})))
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"six\" is invalid: spec.ipFamilies[0]: Invalid value: \"IPv6\": not configured on this cluster"
    );
}

/// NodePort services get node ports from 30000-32767 (picked above the
/// 86 kept for ports asked for); a port asked for is given once; a
/// `LoadBalancer` with `externalTrafficPolicy: Local` gets a health check
/// node port.
#[tokio::test]
async fn node_ports_are_allocated_once() {
    let api = Api::start();
    let mut two = service("np", json!({"type": "NodePort"}));
    two["spec"]["ports"] = json!([
        {"name": "dns-tcp", "port": 53, "protocol": "TCP"},
        {"name": "dns-udp", "port": 53, "protocol": "UDP"},
        {"name": "http", "port": 80, "protocol": "TCP"}
    ]);
    let np = api.create(SERVICES, &two).await;
    let ports = &np["spec"]["ports"];
    let node_port = |i: usize| ports[i]["nodePort"].as_i64().expect("a node port");
    assert!((30086..=32767).contains(&node_port(0)), "{ports}");
    assert_eq!(node_port(0), node_port(1), "one node port per port number");
    assert_ne!(node_port(0), node_port(2));

    let mut fixed = service("fixed", json!({"type": "NodePort"}));
    fixed["spec"]["ports"][0]["nodePort"] = json!(30080);
    let created = api.create(SERVICES, &fixed).await;
    assert_eq!(created["spec"]["ports"][0]["nodePort"], 30080);
    fixed["metadata"]["name"] = json!("again");
    let r = api.post(SERVICES, &fixed).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"again\" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated"
    );
    fixed["spec"]["ports"][0]["nodePort"] = json!(8080);
    let r = api.post(SERVICES, &fixed).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"again\" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767"
    );

    let lb = api
        .create(
            SERVICES,
            &service(
                "lb",
                json!({"type": "LoadBalancer", "externalTrafficPolicy": "Local"}),
            ),
        )
        .await;
    let health = lb["spec"]["healthCheckNodePort"].as_i64().expect("a port");
    assert!((30000..=32767).contains(&health), "{lb}");
    assert_ne!(Some(health), lb["spec"]["ports"][0]["nodePort"].as_i64());
}

/// Updates: a client that leaves out the allocated values keeps them
/// (`patchAllocatedValues`, as `kubectl replace` of the file it created
/// from); the primary address does not change; a type change drops what
/// the new type does not use and allocates what it needs.
#[tokio::test]
async fn updates_keep_allocations_and_type_changes_adjust_them() {
    let api = Api::start();
    let created = api
        .create(SERVICES, &service("web", json!({"type": "NodePort"})))
        .await;
    let uri = format!("{SERVICES}/web");
    let ip = created["spec"]["clusterIP"].clone();
    let node_port = created["spec"]["ports"][0]["nodePort"].clone();

    let mut replaced = service("web", json!({"type": "NodePort"}));
    replaced["metadata"]["labels"] = json!({"tier": "front"});
    let r = api.put(&uri, &replaced).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["clusterIP"], ip);
    assert_eq!(r.body["spec"]["clusterIPs"], json!([ip]));
    assert_eq!(r.body["spec"]["ports"][0]["nodePort"], node_port);

    let mut moved = r.body.clone();
    moved["spec"]["clusterIP"] = json!("10.0.0.12");
    moved["spec"]["clusterIPs"] = json!(["10.0.0.12"]);
    let r = api.put(&uri, &moved).await;
    r.assert_failure(422, "Invalid");
    assert!(
        r.text.contains(
            "spec.clusterIPs[0]: Invalid value: [\\\"10.0.0.12\\\"]: may not change once set"
        ),
        "{}",
        r.text
    );

    // NodePort to ClusterIP: the node ports go (and are free again).
    let current = api.get(&uri).await.body;
    let mut cluster_ip = current.clone();
    cluster_ip["spec"]["type"] = json!("ClusterIP");
    let r = api.put(&uri, &cluster_ip).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(
        r.body["spec"]["ports"][0].get("nodePort").is_none(),
        "{}",
        r.text
    );
    assert!(
        r.body["spec"].get("externalTrafficPolicy").is_none(),
        "{}",
        r.text
    );
    let mut taker = service("taker", json!({"type": "NodePort"}));
    taker["spec"]["ports"][0]["nodePort"] = node_port.clone();
    api.create(SERVICES, &taker).await;

    // ClusterIP to ExternalName: the addresses and families go.
    let mut external = r.body.clone();
    external["spec"]["type"] = json!("ExternalName");
    external["spec"]["externalName"] = json!("example.com");
    let r = api.put(&uri, &external).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    for field in ["clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy"] {
        assert!(r.body["spec"].get(field).is_none(), "{field}: {}", r.text);
    }

    // ExternalName to ClusterIP: a new address.
    let mut back = r.body.clone();
    back["spec"]["type"] = json!("ClusterIP");
    back["spec"]
        .as_object_mut()
        .expect("spec")
        .remove("externalName");
    let r = api.put(&uri, &back).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(last_octet(&r.body["spec"]["clusterIP"]) >= 17, "{}", r.text);
    assert_eq!(r.body["spec"]["ipFamilyPolicy"], "SingleStack");
}

/// The service registry checks cluster IPs while allocating
/// (`ValidateServiceClusterIPsRelatedFields`), on `spec.clusterIPs[0]`.
#[tokio::test]
async fn service_with_an_invalid_cluster_ip_is_422() {
    let api = Api::start();
    let r = api
        .post(
            SERVICES,
            &json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"},
                    "spec": {"clusterIP": "999.1.1.1", "ports": [{"port": 80}]}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"s\" is invalid: spec.clusterIPs[0]: Invalid value: \"999.1.1.1\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"
    );
    // Go's ParseIPSloppy takes leading zeros; the address must then be
    // in the service CIDR (10.0.0.0/24) and of its family.
    for (ip, refused) in [
        ("10.0.0.10", None),
        ("010.0.0.11", None),
        ("None", None),
        (
            "0001.0.0.12",
            Some(
                "spec.clusterIPs: Invalid value: [\"0001.0.0.12\"]: failed to allocate IP 0001.0.0.12: the provided network does not match the current range",
            ),
        ),
        (
            "fd00::1",
            Some(
                "spec.clusterIPs[0]: Invalid value: [\"fd00::1\"]: IPv6 is not configured on this cluster",
            ),
        ),
    ] {
        let name = format!("s{}", ip.len());
        let r = api
            .post(
                SERVICES,
                &json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": name},
                        "spec": {"clusterIP": ip, "ports": [{"port": 80}]}}),
            )
            .await;
        match refused {
            None => {
                assert_eq!(r.status, StatusCode::CREATED, "{ip}: {}", r.text);
                assert_eq!(r.body["spec"]["clusterIPs"], json!([ip]));
            }
            Some(cause) => {
                r.assert_failure(422, "Invalid");
                assert_eq!(
                    r.body["message"].as_str(),
                    Some(format!("Service \"{name}\" is invalid: {cause}").as_str())
                );
            }
        }
    }
}

const ENDPOINTS: &str = "/api/v1/namespaces/default/endpoints";

/// Every answer about v1 Endpoints carries upstream's deprecation warning
/// (`APILifecycleDeprecated` 1.33, replaced by EndpointSlice).
const DEPRECATED: &str =
    "299 - \"v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice\"";

fn endpoints(name: &str, subsets: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "Endpoints", "metadata": {"name": name}, "subsets": subsets})
}

/// Endpoints as a controller writes them for a service without selector:
/// ports default to TCP, a PUT creates (`AllowCreateOnUpdate`), every
/// answer warns that v1 Endpoints is deprecated, and `kubectl get ep`
/// prints `formatEndpoints`: the first three `ip:port` and a count.
#[tokio::test]
async fn endpoints_are_served_deprecated_and_printed_as_upstream() {
    let api = Api::start();
    let ready = json!([{"ip": "10.1.0.1"}, {"ip": "10.1.0.2"}, {"ip": "fd00::3"}]);
    let r = api
        .post(
            ENDPOINTS,
            &endpoints(
                "web",
                json!([{"addresses": ready, "notReadyAddresses": [{"ip": "10.1.0.9"}],
                        "ports": [{"name": "http", "port": 80}, {"name": "https", "port": 443}]}]),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.warnings(), [DEPRECATED]);
    assert_eq!(r.body["subsets"][0]["ports"][0]["protocol"], "TCP");
    let r = api.get(&format!("{ENDPOINTS}/web")).await;
    assert_eq!(r.warnings(), [DEPRECATED]);

    let r = api
        .put(
            &format!("{ENDPOINTS}/headless"),
            &endpoints("headless", json!([{"addresses": [{"ip": "10.2.0.1"}]}])),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    api.create(ENDPOINTS, &endpoints("empty", json!([]))).await;

    let table = api.get_as(ENDPOINTS, TABLE).await;
    assert_eq!(table.warnings(), [DEPRECATED]);
    let names: Vec<&str> = table.body["columnDefinitions"]
        .as_array()
        .expect("columns")
        .iter()
        .map(|c| c["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["Name", "Endpoints", "Age"]);
    let rows: Vec<(&str, &str)> = table.body["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["cells"][0].as_str().expect("name"),
                r["cells"][1].as_str().expect("endpoints"),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("empty", "<none>"),
            ("headless", "10.2.0.1"),
            ("web", "10.1.0.1:80,10.1.0.2:80,[fd00::3]:80 + 3 more..."),
        ]
    );
}

/// `ValidateEndpoints`: a subset needs addresses; an address is a valid
/// IP outside the loopback, link-local and link-local multicast ranges;
/// ports are named when there are several, in range, of a supported
/// protocol. An IPv6 address not in RFC 5952 form is accepted with
/// upstream's warning; one with leading zeros, or IPv4-mapped, is refused
/// (`StrictIPCIDRValidation`, on by default since v1.36).
#[tokio::test]
async fn endpoints_validate_and_warn_as_upstream() {
    let api = Api::start();
    let r = api
        .post(
            ENDPOINTS,
            &endpoints(
                "bad",
                json!([
                    {"ports": [{"port": 80}]},
                    {"addresses": [{"ip": "127.0.0.1"}, {"ip": "169.254.1.1"}, {"ip": "nope"},
                                   {"ip": "0.0.0.0", "nodeName": "Node_1"}],
                     "notReadyAddresses": [{"ip": "224.0.0.5"}],
                     "ports": [{"port": 80}, {"name": "b", "port": 0, "protocol": "HTTP"}]}
                ]),
            ),
        )
        .await;
    r.assert_failure(422, "Invalid");
    let causes: Vec<String> = r.body["details"]["causes"]
        .as_array()
        .expect("causes")
        .iter()
        .map(|c| {
            format!(
                "{}: {}",
                c["field"].as_str().unwrap_or(""),
                c["message"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        causes,
        [
            "subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`",
            "subsets[1].addresses[0].ip: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128)",
            "subsets[1].addresses[1].ip: Invalid value: \"169.254.1.1\": may not be in the link-local range (169.254.0.0/16, fe80::/10)",
            "subsets[1].addresses[2].ip: Invalid value: \"nope\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
            "subsets[1].addresses[2].ip: Invalid value: \"nope\": must be a valid IP address",
            "subsets[1].addresses[3].nodeName: Invalid value: \"Node_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "subsets[1].addresses[3].ip: Invalid value: \"0.0.0.0\": may not be unspecified (0.0.0.0)",
            "subsets[1].notReadyAddresses[0].ip: Invalid value: \"224.0.0.5\": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)",
            "subsets[1].ports[0].name: Required value",
            "subsets[1].ports[1].port: Invalid value: 0: must be between 1 and 65535, inclusive",
            "subsets[1].ports[1].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
        ]
    );

    let r = api
        .post(
            ENDPOINTS,
            &endpoints(
                "strict",
                json!([{"addresses": [{"ip": "010.1.0.1"}, {"ip": "::ffff:10.1.0.2"}], "ports": [{"port": 80}]}]),
            ),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "subsets[0].addresses[0].ip: Invalid value: \"010.1.0.1\": must not have leading 0s",
            "subsets[0].addresses[1].ip: Invalid value: \"::ffff:10.1.0.2\": must not be an IPv4-mapped IPv6 address",
        ]
    );
    let r = api
        .post(
            ENDPOINTS,
            &endpoints(
                "odd",
                json!([{"addresses": [{"ip": "FD00:0:0::1"}], "ports": [{"port": 80}]}]),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            DEPRECATED,
            "299 - \"subsets[0].addresses[0].ip: IPv6 address \\\"FD00:0:0::1\\\" should be in RFC 5952 canonical format (\\\"fd00::1\\\")\"",
        ]
    );
}

/// A service stored without an address (by a server that did not
/// allocate; stored JSON of the earlier layout is still read) gets one on
/// its next update, and keeps it.
#[tokio::test]
async fn a_service_stored_without_an_address_gets_one_on_update() {
    use server::storage::Store;
    let store = std::sync::Arc::new(server::storage::MemoryStore::new());
    let stored = json!({"apiVersion": "v1", "kind": "Service",
        "metadata": {"name": "old", "namespace": "default", "uid": "u-1",
                     "creationTimestamp": "2026-01-01T00:00:00Z"},
        "spec": {"ports": [{"port": 80, "protocol": "TCP", "targetPort": 80}],
                 "type": "ClusterIP", "sessionAffinity": "None"}});
    store
        .create(
            "/registry/services/specs/default/old",
            serde_json::to_vec(&stored).expect("JSON"),
        )
        .expect("stored");
    let api = Api::start_with(store);
    let current = api.get(&format!("{SERVICES}/old")).await;
    assert!(
        current.body["spec"].get("clusterIP").is_none(),
        "{}",
        current.text
    );
    let mut labeled = current.body.clone();
    labeled["metadata"]["labels"] = json!({"app": "old"});
    let r = api.put(&format!("{SERVICES}/old"), &labeled).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let ip = r.body["spec"]["clusterIP"].clone();
    assert!(last_octet(&ip) >= 17, "{}", r.text);
    assert_eq!(r.body["spec"]["ipFamilies"], json!(["IPv4"]));
    let r = api.put(&format!("{SERVICES}/old"), &r.body).await;
    assert_eq!(r.body["spec"]["clusterIP"], ip);
}

/// `ValidateService` (pkg/apis/core/validation): a port's protocol, the
/// session affinity and the type take only upstream's values (sorted); a
/// `ClusterIP` service has no node ports; (protocol, port) pairs and node
/// ports are unique; the selector is a label set; an `ExternalName`
/// service names a DNS subdomain. Each is a 422 and nothing is stored.
#[tokio::test]
async fn services_are_validated_as_upstream() {
    let api = Api::start();
    let cases = [
        (
            json!({"ports": [{"port": 80, "protocol": "tcp", "nodePort": 30080}],
                   "sessionAffinity": "Sticky"}),
            concat!(
                "[spec.ports[0].protocol: Unsupported value: \"tcp\": supported values: \"SCTP\", \"TCP\", \"UDP\", ",
                "spec.sessionAffinity: Unsupported value: \"Sticky\": supported values: \"ClientIP\", \"None\", ",
                "spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP']"
            ),
        ),
        (
            json!({"type": "Nodeport", "ports": [{"port": 80}]}),
            "spec.type: Unsupported value: \"Nodeport\": supported values: \"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\"",
        ),
        (
            json!({"ports": [{"name": "a", "port": 80}, {"name": "b", "port": 80}],
                   "selector": {"app": "a b"}}),
            concat!(
                "[spec.selector: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'), ",
                "spec.ports[1]: Duplicate value: {\"Name\":\"\",\"Protocol\":\"TCP\",\"AppProtocol\":null,\"Port\":80,\"TargetPort\":0,\"NodePort\":0}]"
            ),
        ),
        (
            json!({"type": "ExternalName"}),
            "spec.externalName: Required value",
        ),
    ];
    assert_refused(&api, cases).await;
    let r = api
        .post(
            SERVICES,
            &service(
                "ext",
                json!({"type": "ExternalName", "externalName": "db.example.com."}),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let items = api.get(SERVICES).await.body["items"].clone();
    let names: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["metadata"]["name"].as_str())
        .collect();
    assert!(
        !names.iter().any(|n| n.starts_with('s') && n.len() == 2),
        "{names:?}"
    );
}

/// The rest of `ValidateService`: external IPs are addresses a proxy may
/// take; an external traffic policy only on a service reachable from
/// outside (the error Argo CD syncs meet when an overlay turns a load
/// balancer into a `ClusterIP` service and keeps `Local`), and there
/// `Cluster` or `Local`; source ranges only on a load balancer, and only of
/// CIDRs; a `ClientIP` affinity's timeout of at most a day; an internal
/// traffic policy of `Cluster` or `Local`.
#[tokio::test]
async fn traffic_policies_external_ips_and_source_ranges_are_validated() {
    let api = Api::start();
    let cases = [
        (
            json!({"externalTrafficPolicy": "Local"}),
            "spec.externalTrafficPolicy: Invalid value: \"Local\": may only be set for externally-accessible services",
        ),
        (
            json!({"type": "NodePort", "externalTrafficPolicy": "local", "internalTrafficPolicy": "Node"}),
            concat!(
                "[spec.externalTrafficPolicy: Unsupported value: \"local\": supported values: \"Cluster\", \"Local\", ",
                "spec.internalTrafficPolicy: Unsupported value: \"Node\": supported values: \"Cluster\", \"Local\"]"
            ),
        ),
        (
            json!({"externalIPs": ["1.2.3.4", "10.0.0.300", "127.0.0.1"]}),
            concat!(
                "[spec.externalIPs[1]: Invalid value: \"10.0.0.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), ",
                "spec.externalIPs[2]: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128)]"
            ),
        ),
        (
            json!({"loadBalancerSourceRanges": ["10.0.0.0/8", "10.1.0.0"]}),
            concat!(
                "[spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer', ",
                "spec.LoadBalancerSourceRanges: Invalid value: \"[10.0.0.0/8 10.1.0.0]\": must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 ]"
            ),
        ),
        (
            json!({"sessionAffinity": "ClientIP",
                   "sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 90000}}}),
            "spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 90000: must be greater than 0 and less than 86400",
        ),
    ];
    assert_refused(&api, cases).await;

    // What is taken: a cluster IP service with external IPs may choose its
    // policy; a `Local` load balancer gets a health check node port.
    for (name, spec) in [
        (
            "ext",
            json!({"externalIPs": ["203.0.113.7"], "externalTrafficPolicy": "Local"}),
        ),
        (
            "lb",
            json!({"type": "LoadBalancer", "externalTrafficPolicy": "Local",
                      "loadBalancerSourceRanges": [" 10.0.0.0/8", "2001:db8::/32"]}),
        ),
    ] {
        let r = api.post(SERVICES, &service(name, spec)).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    }
    let lb = api.get(&format!("{SERVICES}/lb")).await;
    assert!(
        lb.body["spec"]["healthCheckNodePort"].as_i64().unwrap_or(0) > 0,
        "{}",
        lb.text
    );

    // A load balancer turned into a cluster IP service loses the policy it
    // kept (dropTypeDependentFields), so the update is taken.
    let mut update = lb.body.clone();
    update["spec"]["type"] = json!("ClusterIP");
    update["spec"]
        .as_object_mut()
        .unwrap()
        .remove("loadBalancerSourceRanges");
    for port in update["spec"]["ports"].as_array_mut().unwrap() {
        port.as_object_mut().unwrap().remove("nodePort");
    }
    let r = api.put(&format!("{SERVICES}/lb"), &update).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.body["spec"].get("externalTrafficPolicy"),
        None,
        "{}",
        r.text
    );
}

/// `GetWarningsForService`: what a headless service or the service's type
/// ignores, deprecated annotations and values, non-canonical addresses.
/// A plain headless service (its affinity defaulted to `None`) gets no
/// warning, as since upstream's fix of kubernetes#134040.
#[tokio::test]
async fn services_warn_as_upstream() {
    let api = Api::start();
    let mut plain = service("plain", json!({"clusterIP": "None"}));
    plain["spec"].as_object_mut().unwrap().remove("ports");
    let r = api.post(SERVICES, &plain).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.warnings().is_empty(), "{:?}", r.warnings());

    let cases = [
        (
            service(
                "headless",
                json!({"clusterIP": "None", "sessionAffinity": "ClientIP",
                                       "externalIPs": ["203.0.113.9"],
                                       "trafficDistribution": "PreferClose"}),
            ),
            vec![
                "spec.externalIPs is ignored for headless services",
                "spec.SessionAffinity is ignored for headless services",
                "spec.trafficDistribution: \"PreferClose\" is deprecated; use \"PreferSameZone\"",
            ],
        ),
        (
            service(
                "lb",
                json!({"type": "LoadBalancer", "externalName": "db.example.com",
                                 "loadBalancerSourceRanges": ["2001:DB8::/32"]}),
            ),
            vec![
                "spec.loadBalancerSourceRanges[0]: IPv6 CIDR value \"2001:DB8::/32\" should be in RFC 5952 canonical format (\"2001:db8::/32\")",
                "spec.externalName is ignored when spec.type is not \"ExternalName\"",
            ],
        ),
        (
            service(
                "ext",
                json!({"type": "ExternalName", "externalName": "db.example.com",
                                  "externalIPs": ["203.0.113.9"]}),
            ),
            vec!["spec.externalIPs is ignored when spec.type is \"ExternalName\""],
        ),
    ];
    for (mut s, expected) in cases {
        if s["metadata"]["name"] == "ext" {
            s["metadata"]["annotations"] =
                json!({"service.kubernetes.io/topology-aware-hints": "auto"});
        }
        let r = api.post(SERVICES, &s).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        let mut expected: Vec<String> = expected
            .iter()
            .map(|w| format!("299 - {}", serde_json::to_string(w).unwrap()))
            .collect();
        if s["metadata"]["name"] == "ext" {
            expected.insert(0, "299 - \"annotation service.kubernetes.io/topology-aware-hints is deprecated, please use service.kubernetes.io/topology-mode instead\"".into());
        }
        assert_eq!(r.warnings(), expected, "{}", s["metadata"]["name"]);
    }
}
