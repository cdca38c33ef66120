//! Ingresses, IngressClasses and NetworkPolicies (`networking.k8s.io/v1`),
//! which nearly every Helm chart ships: kept with upstream's defaults,
//! status subresource and warnings, validated with
//! `pkg/apis/networking/validation`'s messages, read and written in
//! protobuf, and printed as `printIngress`, `printIngressClass` and
//! `printNetworkPolicy` print them.

use super::*;
use proto::api::networking::v1 as networking;
use proto::apimachinery::pkg::apis::meta::v1 as meta;

const INGRESSES: &str = "/apis/networking.k8s.io/v1/namespaces/default/ingresses";
const CLASSES: &str = "/apis/networking.k8s.io/v1/ingressclasses";
const POLICIES: &str = "/apis/networking.k8s.io/v1/namespaces/default/networkpolicies";

fn ingress(name: &str, spec: Value) -> Value {
    json!({"metadata": {"name": name}, "spec": spec})
}

/// A path to a Service port, as `kubectl create ingress` writes one.
fn route(path: &str, service: &str, port: Value) -> Value {
    json!({"path": path, "pathType": "Prefix",
           "backend": {"service": {"name": service, "port": port}}})
}

/// A protobuf Ingress comes back with an empty load balancer status
/// (written as `{}` in JSON, as upstream's); the status is the
/// controller's, through `/status`; a spec change bumps the generation.
#[tokio::test]
async fn an_ingress_is_kept_as_upstream() {
    let api = Api::start();
    let body = networking::Ingress {
        metadata: Some(meta::ObjectMeta {
            name: Some("web".to_string()),
            ..Default::default()
        }),
        spec: Some(networking::IngressSpec {
            ingress_class_name: Some("nginx".to_string()),
            rules: vec![networking::IngressRule {
                host: Some("shop.example.com".to_string()),
                ingress_rule_value: Some(networking::IngressRuleValue {
                    http: Some(networking::HttpIngressRuleValue {
                        paths: vec![networking::HttpIngressPath {
                            path: Some("/".to_string()),
                            path_type: Some("Prefix".to_string()),
                            backend: Some(networking::IngressBackend {
                                service: Some(networking::IngressServiceBackend {
                                    name: Some("web".to_string()),
                                    port: Some(networking::ServiceBackendPort {
                                        number: Some(80),
                                        ..Default::default()
                                    }),
                                }),
                                ..Default::default()
                            }),
                        }],
                    }),
                }),
            }],
            ..Default::default()
        }),
        status: Some(networking::IngressStatus {
            load_balancer: Some(networking::IngressLoadBalancerStatus {
                ingress: vec![networking::IngressLoadBalancerIngress {
                    ip: Some("10.0.0.1".to_string()),
                    ..Default::default()
                }],
            }),
        }),
    };
    let created = api
        .send(
            Method::POST,
            INGRESSES,
            &[("content-type", proto::MEDIA_TYPE)],
            Body::from(proto::encode_envelope(
                "networking.k8s.io/v1",
                "Ingress",
                &body,
            )),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(
        created.body["spec"]["rules"][0],
        json!({"host": "shop.example.com", "http": {"paths": [
            route("/", "web", json!({"number": 80}))]}})
    );
    assert_eq!(created.body["status"], json!({"loadBalancer": {}}));
    assert_eq!(created.body["metadata"]["generation"], 1);

    let path = format!("{INGRESSES}/web");
    let r = api
        .patch(
            &format!("{path}/status"),
            MERGE_PATCH,
            &json!({"status": {"loadBalancer": {"ingress": [{"ip": "10.0.0.9"}, {"hostname": "lb.example.com"}]}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(
            &path,
            MERGE_PATCH,
            &json!({"spec": {"tls": [{"hosts": ["shop.example.com"], "secretName": "shop-tls"}]},
                    "status": {"loadBalancer": {}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["generation"], 2);
    assert_eq!(
        r.body["status"]["loadBalancer"]["ingress"],
        json!([{"ip": "10.0.0.9"}, {"hostname": "lb.example.com"}]),
        "the main resource does not write the status"
    );

    let read = api
        .send(
            Method::GET,
            &path,
            &[("accept", proto::MEDIA_TYPE)],
            Body::empty(),
        )
        .await;
    let (_, back): (_, networking::Ingress) = proto::decode_envelope(&read.bytes).unwrap();
    assert_eq!(
        back.spec.unwrap().tls[0].secret_name.as_deref(),
        Some("shop-tls")
    );

    let r = api
        .patch(
            &format!("{path}/status"),
            MERGE_PATCH,
            &json!({"status": {"loadBalancer": {"ingress": [{"ip": "10.0.0.300"}, {"hostname": "10.0.0.1"}]}}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "status.loadBalancer.ingress[0].ip: Invalid value: \"10.0.0.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
            "status.loadBalancer.ingress[1].hostname: Invalid value: \"10.0.0.1\": must be a DNS name, not an IP address",
        ]
    );
}

/// `ValidateIngressCreate`: hosts, paths by path type, backends, TLS and
/// the class annotation, in upstream's order and words; the annotation
/// alone is deprecated (a warning).
#[tokio::test]
async fn ingresses_are_validated_as_upstream() {
    let api = Api::start();
    let r = api.post(INGRESSES, &ingress("empty", json!({}))).await;
    assert_eq!(
        r.causes(),
        ["spec: Invalid value: null: either `defaultBackend` or `rules` must be specified"]
    );

    let mut bad = ingress(
        "bad",
        json!({
            "ingressClassName": "nginx",
            "rules": [
                {"host": "1.2.3.4", "http": {"paths": [
                    route("/a//b/..", "Web", json!({"name": "http", "number": 80})),
                    {"path": "x", "backend": {"service": {"name": "web"}}},
                    {"path": "y", "pathType": "Regex", "backend": {}},
                    route("/", "web", json!({})),
                ]}},
                {"host": "*.*.example.com", "http": {"paths": []}},
            ],
            "tls": [{"hosts": ["*.example.com", "Bad_Host"], "secretName": "Bad"}],
        }),
    );
    bad["metadata"]["annotations"] = json!({"kubernetes.io/ingress.class": "other"});
    let r = api.post(INGRESSES, &bad).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(
        r.causes(),
        [
            "spec.rules[0].host: Invalid value: \"1.2.3.4\": must be a DNS name, not an IP address",
            "spec.rules[0].http.paths[0].path: Invalid value: \"/a//b/..\": must not contain '//'",
            "spec.rules[0].http.paths[0].path: Invalid value: \"/a//b/..\": cannot end with '/..'",
            "spec.rules[0].http.paths[0].backend.service.name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "spec.rules[0].http.paths[0].backend: Invalid value: \"\": cannot set both port name & port number",
            "spec.rules[0].http.paths[1].pathType: Required value: pathType must be specified",
            "spec.rules[0].http.paths[2].pathType: Unsupported value: \"Regex\": supported values: \"Exact\", \"ImplementationSpecific\", \"Prefix\"",
            "spec.rules[0].http.paths[2].backend: Invalid value: \"\": resource or service backend is required",
            "spec.rules[0].http.paths[3].backend: Required value: port name or number is required",
            "spec.rules[1].host: Invalid value: \"*.*.example.com\": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "spec.rules[1].http.paths: Required value",
            "spec.tls[0].hosts[1]: Invalid value: \"Bad_Host\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "spec.tls[0].secretName: Invalid value: \"Bad\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "annotations.kubernetes.io/ingress.class: Invalid value: \"other\": must match `ingressClassName` when both are specified",
        ]
    );

    let mut annotated = ingress(
        "legacy",
        json!({"defaultBackend": {"resource": {"apiGroup": "k8s.example.com", "kind": "StorageBucket", "name": "static"}}}),
    );
    annotated["metadata"]["annotations"] = json!({"kubernetes.io/ingress.class": "nginx"});
    let r = api.post(INGRESSES, &annotated).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            r#"299 - "annotation \"kubernetes.io/ingress.class\" is deprecated, please use 'spec.ingressClassName' instead""#
        ]
    );
}

/// `kubectl get ingress`: the class, the first three hosts, the load
/// balancer's addresses sorted, the ports; the short name `ing`.
#[tokio::test]
async fn ingresses_print_as_upstream() {
    let api = Api::start();
    let rules: Vec<Value> = ["a.com", "", "b.com", "c.com", "d.com"]
        .iter()
        .map(|host| json!({"host": host, "http": {"paths": [route("/", "web", json!({"number": 80}))]}}))
        .collect();
    api.create(
        INGRESSES,
        &ingress("many", json!({"rules": rules, "tls": [{}]})),
    )
    .await;
    api.create(
        INGRESSES,
        &ingress("catch-all", json!({"ingressClassName": "nginx", "defaultBackend": {"service": {"name": "web", "port": {"name": "http"}}}})),
    )
    .await;
    let r = api
        .patch(
            &format!("{INGRESSES}/catch-all/status"),
            MERGE_PATCH,
            &json!({"status": {"loadBalancer": {"ingress": [{"ip": "10.0.0.9"}, {"hostname": "lb.example.com"}, {"ip": "10.0.0.10"}, {"ip": "10.0.0.9"}]}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let table = api.get_as(INGRESSES, TABLE).await.body;
    let columns: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        columns,
        ["Name", "Class", "Hosts", "Address", "Ports", "Age"]
    );
    let rows: Vec<&[Value]> = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| &row["cells"].as_array().unwrap()[..5])
        .collect();
    assert_eq!(
        rows,
        [
            &[
                json!("catch-all"),
                json!("nginx"),
                json!("*"),
                json!("10.0.0.10,10.0.0.9,lb.example.com"),
                json!("80")
            ][..],
            &[
                json!("many"),
                json!("<none>"),
                json!("a.com,b.com,c.com + 2 more..."),
                json!(""),
                json!("80, 443")
            ][..],
        ]
    );
    let list = api.get("/apis/networking.k8s.io/v1").await.body;
    assert_eq!(
        api_resource(&list, "ingresses")["shortNames"],
        json!(["ing"])
    );
    assert_eq!(api_resource(&list, "ingresses/status")["kind"], "Ingress");
}

/// IngressClasses are cluster-scoped; their parameters default to the
/// `Cluster` scope; the controller cannot change; the default class
/// prints as such.
#[tokio::test]
async fn ingress_classes_are_kept_validated_and_printed_as_upstream() {
    let api = Api::start();
    let class = api
        .create(
            CLASSES,
            &json!({"metadata": {"name": "nginx", "annotations": {"ingressclass.kubernetes.io/is-default-class": "true"}},
                    "spec": {"controller": "k8s.io/ingress-nginx",
                             "parameters": {"apiGroup": "k8s.example.com", "kind": "IngressParameters", "name": "cfg"}}}),
        )
        .await;
    assert_eq!(
        class["spec"]["parameters"],
        json!({"apiGroup": "k8s.example.com", "kind": "IngressParameters", "name": "cfg", "scope": "Cluster"})
    );
    assert_eq!(class["metadata"].get("namespace"), None);

    let r = api
        .patch(
            &format!("{CLASSES}/nginx"),
            MERGE_PATCH,
            &json!({"spec": {"controller": "example.com/other", "parameters": {"namespace": "default"}}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "spec.controller: Invalid value: \"example.com/other\": field is immutable",
            "spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'",
        ]
    );
    let r = api
        .post(
            CLASSES,
            &json!({"metadata": {"name": "bad"}, "spec": {"controller": "nodomain",
                    "parameters": {"kind": "a/b", "name": "..", "scope": "Namespace"}}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "spec.controller: Invalid value: \"nodomain\": must be a domain-prefixed path (such as \"acme.io/foo\")",
            "spec.parameters.kind: Invalid value: \"a/b\": may not contain '/'",
            "spec.parameters.name: Invalid value: \"..\": may not be '..'",
            "spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'",
        ]
    );
    let r = api
        .post(CLASSES, &json!({"metadata": {"name": "none"}, "spec": {}}))
        .await;
    assert_eq!(r.causes(), ["spec.controller: Required value"]);

    let table = api.get_as(CLASSES, TABLE).await.body;
    assert_eq!(
        table["rows"][0]["cells"].as_array().unwrap()[..3],
        [
            json!("nginx (default)"),
            json!("k8s.io/ingress-nginx"),
            json!("IngressParameters.k8s.example.com/cfg")
        ]
    );
}

/// A NetworkPolicy gets upstream's defaults (each port TCP, the policy
/// types from its rules), and warns about an IPv6 CIDR not written as RFC
/// 5952 writes it. An ambiguous CIDR, or one with leading zeros, is
/// refused: `StrictIPCIDRValidation` is on by default since v1.36.
#[tokio::test]
async fn network_policies_are_defaulted_and_warned_about_as_upstream() {
    let api = Api::start();
    let policy = |name: &str, cidr: &str, except: &str| {
        json!({"metadata": {"name": name}, "spec": {
            "podSelector": {"matchLabels": {"app": "db"}},
            "ingress": [{"from": [{"ipBlock": {"cidr": cidr, "except": [except]}}],
                         "ports": [{"port": 5432}]}],
            "egress": [{"to": [{"namespaceSelector": {}}], "ports": [{"protocol": "UDP", "port": 53}]}]}})
    };
    let r = api
        .post(POLICIES, &policy("strict", "10.0.0.1/8", "010.1.0.0/16"))
        .await;
    assert_eq!(
        r.causes(),
        [
            "spec.ingress[0].from[0].ipBlock.cidr: Invalid value: \"10.0.0.1/8\": must not have bits set beyond the prefix length",
            "spec.ingress[0].from[0].ipBlock.except[0]: Invalid value: \"010.1.0.0/16\": must not have leading 0s in IP or prefix length",
        ],
        "{}",
        r.text
    );
    let r = api
        .post(POLICIES, &policy("db", "FD00:0:0::/16", "fd00:1::/32"))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["spec"]["policyTypes"], json!(["Ingress", "Egress"]));
    assert_eq!(
        r.body["spec"]["ingress"][0]["ports"],
        json!([{"protocol": "TCP", "port": 5432}])
    );
    assert_eq!(
        r.warnings(),
        [
            r#"299 - "spec.ingress[0].from[0].ipBlock.cidr: IPv6 CIDR value \"FD00:0:0::/16\" should be in RFC 5952 canonical format (\"fd00::/16\")""#
        ]
    );
    let created = api
        .create(
            POLICIES,
            &json!({"metadata": {"name": "deny-all"}, "spec": {}}),
        )
        .await;
    assert_eq!(
        created["spec"],
        json!({"podSelector": {}, "policyTypes": ["Ingress"]}),
        "an empty pod selector is written, as upstream's non-pointer field is"
    );

    let table = api.get_as(POLICIES, TABLE).await.body;
    let rows: Vec<&[Value]> = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| &row["cells"].as_array().unwrap()[..2])
        .collect();
    assert_eq!(
        rows,
        [
            &[json!("db"), json!("app=db")][..],
            &[json!("deny-all"), json!("<none>")][..]
        ]
    );
    let list = api.get("/apis/networking.k8s.io/v1").await.body;
    assert_eq!(
        api_resource(&list, "networkpolicies")["shortNames"],
        json!(["netpol"])
    );
}

/// `ValidateNetworkPolicySpec`, in upstream's order and words; an update
/// reports the spec's errors twice, as upstream's strategy does.
#[tokio::test]
async fn network_policies_are_validated_as_upstream() {
    let api = Api::start();
    let spec = json!({
        "podSelector": {},
        "ingress": [{
            "ports": [{"protocol": "ICMP", "port": 0, "endPort": -1}, {"port": "http-", "endPort": 10}, {"endPort": 5}],
            "from": [{}, {"ipBlock": {"cidr": "10.0.0.0/33"}},
                     {"ipBlock": {"cidr": "10.0.0.0/8", "except": ["10.0.0.0/8", "11.0.0.0/16", "bad"]}, "podSelector": {}}],
        }],
        "policyTypes": ["Ingress", "Sideways"],
    });
    let r = api
        .post(
            POLICIES,
            &json!({"metadata": {"name": "bad"}, "spec": spec}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let expected = [
        "spec.ingress[0].ports[0].protocol: Unsupported value: \"ICMP\": supported values: \"TCP\", \"UDP\", \"SCTP\"",
        "spec.ingress[0].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive",
        "spec.ingress[0].ports[0].endPort: Invalid value: 0: must be greater than or equal to `port`",
        "spec.ingress[0].ports[0].endPort: Invalid value: -1: must be between 1 and 65535, inclusive",
        "spec.ingress[0].ports[1].endPort: Invalid value: 10: may not be specified when `port` is non-numeric",
        "spec.ingress[0].ports[1].port: Invalid value: \"http-\": must not begin or end with a hyphen (-)",
        "spec.ingress[0].ports[2].endPort: Invalid value: 5: may not be specified when `port` is not specified",
        "spec.ingress[0].from[0]: Required value: must specify a peer",
        "spec.ingress[0].from[1].ipBlock.cidr: Invalid value: \"10.0.0.0/33\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
        "spec.ingress[0].from[2].ipBlock.except[0]: Invalid value: \"10.0.0.0/8\": must be a strict subset of `cidr`",
        "spec.ingress[0].from[2].ipBlock.except[1]: Invalid value: \"11.0.0.0/16\": must be a strict subset of `cidr`",
        "spec.ingress[0].from[2].ipBlock.except[2]: Invalid value: \"bad\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
        "spec.ingress[0].from[2]: Forbidden: may not specify both ipBlock and another peer",
        "spec.policyTypes[1]: Unsupported value: \"Sideways\": supported values: \"Ingress\", \"Egress\"",
    ];
    assert_eq!(r.causes(), expected);

    api.create(POLICIES, &json!({"metadata": {"name": "web"}, "spec": {}}))
        .await;
    let r = api
        .patch(
            &format!("{POLICIES}/web"),
            MERGE_PATCH,
            &json!({"spec": {"policyTypes": ["Ingress", "Egress", "Ingress"]}}),
        )
        .await;
    let twice = "spec.policyTypes: Invalid value: [\"Ingress\",\"Egress\",\"Ingress\"]: may not specify more than two policyTypes";
    assert_eq!(r.causes(), [twice, twice]);

    // A prefix length past 32 bits is no CIDR (not `/0`, everything).
    let r = api
        .post(
            POLICIES,
            &json!({"metadata": {"name": "wide"}, "spec": {"ingress": [{"from": [
                {"ipBlock": {"cidr": "10.0.0.0/4294967296"}}]}]}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "spec.ingress[0].from[0].ipBlock.cidr: Invalid value: \"10.0.0.0/4294967296\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"
        ]
    );
}

/// `/status` is `ValidateIngressStatusUpdate`: an Ingress stored when its
/// spec was valid (here an IP host, which an older release took) still
/// gets its load balancer from its controller; an update of the spec
/// meets today's rules.
#[tokio::test]
async fn an_ingress_status_write_does_not_validate_the_spec() {
    use server::storage::Store as _;
    let store = std::sync::Arc::new(server::storage::MemoryStore::new());
    let api = Api::start_with(store.clone());
    let mut legacy = ingress(
        "legacy",
        json!({"rules": [{"host": "10.0.0.1", "http": {"paths": [route("/", "web", json!({"number": 80}))]}}]}),
    );
    legacy["metadata"] = json!({"name": "legacy", "namespace": "default", "generation": 1,
        "uid": "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", "creationTimestamp": "2020-01-01T00:00:00Z"});
    let ingresses = apis::registry()
        .find("networking.k8s.io", "v1", "ingresses")
        .expect("ingresses served")
        .kind;
    let bytes = ingresses
        .read_value(&legacy)
        .expect("an Ingress")
        .to_storage()
        .expect("encodes");
    store
        .create("/registry/ingress/default/legacy", bytes)
        .expect("stored");
    let path = format!("{INGRESSES}/legacy");
    assert_eq!(
        api.get(&path).await.status,
        StatusCode::OK,
        "served from its key"
    );
    let r = api
        .patch(
            &format!("{path}/status"),
            MERGE_PATCH,
            &json!({"status": {"loadBalancer": {"ingress": [{"ip": "192.0.2.1"}]}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(
            &path,
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"a": "b"}}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        ["spec.rules[0].host: Invalid value: \"10.0.0.1\": must be a DNS name, not an IP address"]
    );
}

/// An IngressClass marked as the default, as charts of ingress
/// controllers create it.
fn default_class(name: &str) -> Value {
    json!({"metadata": {"name": name,
                        "annotations": {"ingressclass.kubernetes.io/is-default-class": "true"}},
           "spec": {"controller": "example.com/ingress"}})
}

/// The DefaultIngressClass admission plugin, as kube-apiserver runs it by
/// default: an Ingress created without a class gets the default class
/// (the newest of several, then the first by name); one naming a class,
/// or with the class annotation, keeps what it says; updates are left
/// alone.
#[tokio::test]
async fn ingresses_without_a_class_get_the_default_class() {
    use server::storage::Store as _;
    let store = std::sync::Arc::new(server::storage::MemoryStore::new());
    let api = Api::start_with(store.clone());
    let backend = json!({"defaultBackend": {"service": {"name": "web", "port": {"number": 80}}}});
    let before = api
        .create(INGRESSES, &ingress("before", backend.clone()))
        .await;
    assert_eq!(before["spec"].get("ingressClassName"), None);

    // An older default, as a server stored it a year ago.
    let classes = apis::registry()
        .find("networking.k8s.io", "v1", "ingressclasses")
        .expect("ingressclasses served")
        .kind;
    let mut old = default_class("old-default");
    old["metadata"]["uid"] = json!("5f0b6c1e-3f4a-4d2b-9b7c-0c1d2e3f4a5b");
    old["metadata"]["creationTimestamp"] = json!("2025-01-01T00:00:00Z");
    let bytes = classes
        .read_value(&old)
        .expect("an IngressClass")
        .to_storage()
        .expect("encodes");
    store
        .create("/registry/ingressclasses/old-default", bytes)
        .expect("stored");
    api.create(
        CLASSES,
        &json!({"metadata": {"name": "plain"},
                                "spec": {"controller": "example.com/ingress"}}),
    )
    .await;
    let first = api
        .create(INGRESSES, &ingress("first", backend.clone()))
        .await;
    assert_eq!(first["spec"]["ingressClassName"], "old-default");

    // Two defaults created in the same second: the newer than the old
    // one, the first of them by name.
    api.create(CLASSES, &default_class("zeta")).await;
    api.create(CLASSES, &default_class("alpha")).await;
    let second = api
        .create(INGRESSES, &ingress("second", backend.clone()))
        .await;
    assert_eq!(second["spec"]["ingressClassName"], "alpha");

    let mut named = backend.clone();
    named["ingressClassName"] = json!("plain");
    let named = api.create(INGRESSES, &ingress("named", named)).await;
    assert_eq!(named["spec"]["ingressClassName"], "plain");
    let mut annotated = ingress("annotated", backend.clone());
    annotated["metadata"]["annotations"] = json!({"kubernetes.io/ingress.class": "nginx"});
    let annotated = api.create(INGRESSES, &annotated).await;
    assert_eq!(annotated["spec"].get("ingressClassName"), None);

    // An update of an Ingress made before any default keeps it classless.
    let r = api
        .patch(
            &format!("{INGRESSES}/before"),
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"app": "web"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"].get("ingressClassName"), None);
}

/// Three of upstream's exact words: a resource backend's missing kind and
/// name say `kind is required` and `name is required`; an end port below
/// its port shows the port (`Invalid value: 80`); an empty port name breaks
/// the port-name character rule as well as wanting a letter.
#[tokio::test]
async fn backend_and_port_errors_use_upstreams_words() {
    let api = Api::start();
    let r = api
        .post(
            INGRESSES,
            &ingress(
                "r",
                json!({"defaultBackend": {"resource": {"apiGroup": "k8s.example.com"}}}),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(
        r.causes(),
        [
            "spec.defaultBackend.resource.kind: Required value: kind is required",
            "spec.defaultBackend.resource.name: Required value: name is required",
        ]
    );
    let spec = json!({"podSelector": {},
        "ingress": [{"ports": [{"port": 80, "endPort": 70}, {"port": ""}]}]});
    let r = api
        .post(POLICIES, &json!({"metadata": {"name": "p"}, "spec": spec}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(
        r.causes(),
        [
            "spec.ingress[0].ports[0].endPort: Invalid value: 80: must be greater than or equal to `port`",
            "spec.ingress[0].ports[1].port: Invalid value: \"\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
            "spec.ingress[0].ports[1].port: Invalid value: \"\": must contain at least one letter (a-z)",
        ]
    );
}
