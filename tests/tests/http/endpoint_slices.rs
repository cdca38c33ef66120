//! EndpointSlices (discovery.k8s.io/v1): as the EndpointSlice controller
//! writes them and kube-apiserver keeps, validates and prints them
//! (pkg/registry/discovery/endpointslice, pkg/apis/discovery/validation).

use super::*;

const SLICES: &str = "/apis/discovery.k8s.io/v1/namespaces/default/endpointslices";

fn slice(name: &str, address_type: &str, endpoints: Value, ports: Value) -> Value {
    json!({"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
           "metadata": {"name": name, "labels": {"kubernetes.io/service-name": "web"}},
           "addressType": address_type, "endpoints": endpoints, "ports": ports})
}

/// A slice as the controller writes it: ports default to an empty name
/// and TCP, v1beta1's topology is dropped, the generation starts at 1 and
/// moves with the labels; slices are listed by service name and printed
/// as `printEndpointSlice` prints them.
#[tokio::test]
async fn endpoint_slices_are_kept_listed_and_printed_as_upstream() {
    let api = Api::start();
    let endpoints = json!([
        {"addresses": ["10.1.0.1"], "conditions": {"ready": true}, "nodeName": "node-a",
         "deprecatedTopology": {"kubernetes.io/hostname": "node-a"},
         "targetRef": {"kind": "Pod", "name": "web-1", "namespace": "default"}},
        {"addresses": ["10.1.0.2", "10.1.0.3"], "conditions": {"ready": false, "terminating": true}},
        {"addresses": ["10.1.0.4"], "zone": "z1", "hints": {"forZones": [{"name": "z1"}]}}
    ]);
    let created = api
        .create(
            SLICES,
            &slice(
                "web-abcde",
                "IPv4",
                endpoints,
                json!([{"port": 80}, {"name": "https", "port": 443}]),
            ),
        )
        .await;
    assert_eq!(created["metadata"]["generation"], 1);
    assert_eq!(
        created["ports"][0],
        json!({"name": "", "protocol": "TCP", "port": 80})
    );
    assert!(
        created["endpoints"][0].get("deprecatedTopology").is_none(),
        "{created}"
    );
    assert_eq!(created["endpoints"][0]["targetRef"]["name"], "web-1");

    let mut relabeled = created.clone();
    relabeled["metadata"]["labels"]["extra"] = json!("x");
    let r = api.put(&format!("{SLICES}/web-abcde"), &relabeled).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["generation"], 2);

    let mut other = slice("other", "IPv4", json!([]), json!([]));
    other["metadata"]["labels"]["kubernetes.io/service-name"] = json!("other");
    api.create(SLICES, &other).await;
    let r = api
        .get(&format!(
            "{SLICES}?labelSelector=kubernetes.io/service-name%3Dweb"
        ))
        .await;
    assert_eq!(names(&r.body), ["web-abcde"]);

    let table = api.get_as(SLICES, TABLE).await;
    let columns: Vec<&str> = table.body["columnDefinitions"]
        .as_array()
        .expect("columns")
        .iter()
        .map(|c| c["name"].as_str().expect("name"))
        .collect();
    assert_eq!(
        columns,
        ["Name", "AddressType", "Ports", "Endpoints", "Age"]
    );
    let rows: Vec<Vec<&str>> = table.body["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (0..4)
                .map(|i| r["cells"][i].as_str().expect("text"))
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        [
            vec!["other", "IPv4", "<unset>", "<unset>"],
            vec![
                "web-abcde",
                "IPv4",
                "80,443",
                "10.1.0.1,10.1.0.2,10.1.0.3 + 1 more..."
            ],
        ]
    );
}

/// `ValidateEndpointSlice`: the address type, each endpoint's addresses
/// (of the slice's type, not special), ports named once with a supported
/// protocol; the address type does not change. FQDN slices and
/// non-standard addresses are accepted with upstream's warnings.
#[tokio::test]
async fn endpoint_slices_validate_and_warn_as_upstream() {
    let api = Api::start();
    let r = api
        .post(SLICES, &slice("bad", "", json!([]), json!([])))
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(r.causes(), ["addressType: Required value"]);
    let r = api
        .post(SLICES, &slice("bad", "IPv5", json!([]), json!([])))
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "addressType: Unsupported value: \"IPv5\": supported values: \"FQDN\", \"IPv4\", \"IPv6\""
        ]
    );
    let r = api
        .post(
            SLICES,
            &slice(
                "bad",
                "IPv4",
                json!([{"addresses": []}, {"addresses": ["fd00::1", "127.0.0.1"], "hostname": "Web"}]),
                json!([{"name": "http", "port": 80}, {"name": "http", "port": 81, "protocol": "HTTP"}]),
            ),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "endpoints[0].addresses: Required value",
            "endpoints[1].addresses[0]: Invalid value: \"fd00::1\": must be a valid IPv4 address",
            "endpoints[1].addresses[1]: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128)",
            "endpoints[1].hostname: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "ports[1].name: Duplicate value: \"http\"",
            "ports[1].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
        ]
    );

    let r = api
        .post(
            SLICES,
            &slice(
                "fqdn",
                "FQDN",
                json!([{"addresses": ["example"]}]),
                json!([]),
            ),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "endpoints[0].addresses[0]: Invalid value: \"example\": should be a domain with at least two segments separated by dots"
        ]
    );
    let r = api
        .post(
            SLICES,
            &slice(
                "fqdn",
                "FQDN",
                json!([{"addresses": ["example.com."]}]),
                json!([]),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        ["299 - \"spec.addressType: FQDN endpoints are deprecated\""]
    );

    let r = api
        .post(
            SLICES,
            &slice(
                "odd",
                "IPv4",
                json!([{"addresses": ["010.1.0.1"]}]),
                json!([]),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            "299 - \"endpoints[0].addresses[0]: non-standard IP address \\\"010.1.0.1\\\" will be considered invalid in a future Kubernetes release: use \\\"10.1.0.1\\\"\""
        ]
    );
    let mut changed = r.body.clone();
    changed["addressType"] = json!("IPv6");
    let r = api.put(&format!("{SLICES}/odd"), &changed).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        ["addressType: Invalid value: \"IPv6\": field is immutable"]
    );
}
