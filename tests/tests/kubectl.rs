//! The real kubectl against the server: every command of the server issue's
//! end-to-end list, with outputs compared to what kube-apiserver makes
//! kubectl print.

use tests::{TestServer, rows};

const CONFIGMAP: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  labels:\n    app: web\ndata:\n  color: blue\n";

const WIDGET: &str = "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: w1\nspec:\n  replicas: 2\n  color: Red\n  ports:\n  - name: http\n    port: 80\n";

/// Whether a table has a row with exactly these cells.
fn has_row(table: &[Vec<String>], cells: &[&str]) -> bool {
    table.iter().any(|r| r == cells)
}

#[test]
fn api_resources_and_versions_come_from_discovery() {
    let s = TestServer::start();
    let out = s.kubectl_ok(&["api-resources", "--no-headers"]);
    let lines = rows(&out);
    assert!(
        has_row(&lines, &["configmaps", "cm", "v1", "true", "ConfigMap"]),
        "{out}"
    );
    assert!(
        has_row(
            &lines,
            &["widgets", "wd", "example.dev/v1", "true", "Widget"]
        ),
        "{out}"
    );
    assert!(
        has_row(
            &lines,
            &["gadgets", "gd", "example.dev/v1", "false", "Gadget"]
        ),
        "{out}"
    );
    assert!(
        !out.contains("widgets/status"),
        "subresources are not listed: {out}"
    );
    let out = s.kubectl_ok(&["api-versions"]);
    let versions: Vec<&str> = out.lines().collect();
    let mut sorted = versions.clone();
    sorted.sort();
    assert_eq!(versions, sorted, "kubectl prints them sorted");
    for gv in ["example.dev/v1", "v1"] {
        assert!(versions.contains(&gv), "{out}");
    }
}

#[test]
fn create_get_and_yaml() {
    let s = TestServer::start();
    let cm = s.manifest("cm.yaml", CONFIGMAP);
    let w = s.manifest("w.yaml", WIDGET);
    assert_eq!(
        s.kubectl_ok(&["create", "-f", cm.to_str().unwrap()]),
        "configmap/settings created\n"
    );
    assert_eq!(
        s.kubectl_ok(&["create", "-f", w.to_str().unwrap()]),
        "widget.example.dev/w1 created\n"
    );

    let table = rows(&s.kubectl_ok(&["get", "widgets"]));
    assert_eq!(table[0], ["NAME", "REPLICAS", "PHASE", "AGE"]);
    // PHASE is unset: the cell is null, as for a CRD column, and prints empty.
    assert_eq!(table[1].len(), 3, "{table:?}");
    assert_eq!(&table[1][..2], ["w1", "2"]);
    let wide = rows(&s.kubectl_ok(&["get", "wd", "-o", "wide"]));
    assert_eq!(wide[0], ["NAME", "REPLICAS", "PHASE", "COLOR", "AGE"]);
    assert_eq!(&wide[1][..3], ["w1", "2", "Red"]);
    let labels = rows(&s.kubectl_ok(&["get", "cm", "--show-labels"]));
    assert_eq!(labels[0], ["NAME", "DATA", "AGE", "LABELS"]);
    assert_eq!(labels[1][3], "app=web");
    let all = rows(&s.kubectl_ok(&["get", "cm", "-A"]));
    assert_eq!(all[0], ["NAMESPACE", "NAME", "DATA", "AGE"]);
    assert_eq!(&all[1][..2], ["default", "settings"]);

    let yaml = s.kubectl_ok(&["get", "cm", "settings", "-o", "yaml"]);
    for line in [
        "apiVersion: v1\n",
        "kind: ConfigMap\n",
        "  color: blue\n",
        "  name: settings\n",
        "  namespace: default\n",
        "  uid: ",
        "  resourceVersion: \"",
        "  creationTimestamp: \"",
    ] {
        assert!(yaml.contains(line), "missing {line:?} in:\n{yaml}");
    }
    let name = s.kubectl_ok(&[
        "get",
        "wd",
        "w1",
        "-o",
        "jsonpath={.metadata.generation} {.spec.ports[0].name}",
    ]);
    assert_eq!(name, "1 http");
}

#[test]
fn label_annotate_patch_and_scale() {
    let s = TestServer::start();
    let w = s.manifest("w.yaml", WIDGET);
    s.kubectl_ok(&["create", "-f", w.to_str().unwrap()]);
    assert_eq!(
        s.kubectl_ok(&["label", "wd", "w1", "tier=front"]),
        "widget.example.dev/w1 labeled\n"
    );
    assert_eq!(
        s.kubectl_ok(&["annotate", "wd", "w1", "note=hello"]),
        "widget.example.dev/w1 annotated\n"
    );
    assert_eq!(
        s.kubectl_ok(&[
            "patch",
            "wd",
            "w1",
            "--type=merge",
            "-p",
            r#"{"spec":{"color":"Blue"}}"#
        ]),
        "widget.example.dev/w1 patched\n"
    );
    assert_eq!(
        s.kubectl_ok(&[
            "patch",
            "wd",
            "w1",
            "--type=json",
            "-p",
            r#"[{"op":"replace","path":"/spec/ports/0/port","value":8080}]"#
        ]),
        "widget.example.dev/w1 patched\n"
    );
    assert_eq!(
        s.kubectl_ok(&["scale", "wd", "w1", "--replicas=5"]),
        "widget.example.dev/w1 scaled\n"
    );
    let got = s.kubectl_ok(&[
        "get", "wd", "w1", "-o",
        "jsonpath={.metadata.labels.tier} {.metadata.annotations.note} {.spec.color} {.spec.ports[0].port} {.spec.replicas} {.metadata.generation}",
    ]);
    // Three spec changes (color, port, replicas) bump generation from 1 to 4;
    // labels and annotations do not.
    assert_eq!(got, "front hello Blue 8080 5 4");
    // A label removed with `key-`.
    s.kubectl_ok(&["label", "wd", "w1", "tier-"]);
    assert_eq!(
        s.kubectl_ok(&["get", "wd", "w1", "-o", "jsonpath={.metadata.labels}"]),
        ""
    );
}

#[test]
fn describe_shows_the_object_and_its_events() {
    let s = TestServer::start();
    let cm = s.manifest("cm.yaml", CONFIGMAP);
    s.kubectl_ok(&["create", "-f", cm.to_str().unwrap()]);
    let out = s.kubectl_ok(&["describe", "cm", "settings"]);
    assert!(
        out.starts_with("Name:         settings\nNamespace:    default\nLabels:       app=web\n"),
        "{out}"
    );
    assert!(out.contains("color:\n----\nblue\n"), "{out}");
    assert!(out.trim_end().ends_with("Events:  <none>"), "{out}");
}

/// An Event a controller wrote through `events.k8s.io/v1` (as kube-rs's
/// `Recorder` and client-go's `tools/events` do) is one of the object's
/// events for `kubectl describe`, which reads core v1 Events, and
/// `kubectl get events.events.k8s.io` prints the core Event's Table.
#[test]
fn describe_lists_events_written_through_the_new_api() {
    let s = TestServer::start();
    let cm = s.manifest("cm.yaml", CONFIGMAP);
    s.kubectl_ok(&["create", "-f", cm.to_str().unwrap()]);
    let uid = s.kubectl_ok(&["get", "cm", "settings", "-o", "jsonpath={.metadata.uid}"]);
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    let event = format!(
        "apiVersion: events.k8s.io/v1\nkind: Event\nmetadata:\n  name: settings.2\nregarding:\n  apiVersion: v1\n  kind: ConfigMap\n  name: settings\n  namespace: default\n  uid: {uid}\neventTime: \"{now}\"\nreportingController: example.com/syncer\nreportingInstance: syncer-0\naction: Sync\nreason: Synced\nnote: settings synced to 4 nodes\ntype: Normal\n"
    );
    let event = s.manifest("event.yaml", &event);
    assert_eq!(
        s.kubectl_ok(&["create", "-f", event.to_str().unwrap()]),
        "event.events.k8s.io/settings.2 created\n"
    );
    let out = s.kubectl_ok(&["describe", "cm", "settings"]);
    let events = out
        .split_once("Events:\n")
        .unwrap_or_else(|| panic!("no Events table: {out}"))
        .1;
    let table = rows(events);
    assert_eq!(table.len(), 3, "{out}");
    assert_eq!(table[2][0..2], ["Normal", "Synced"], "{out}");
    assert_eq!(
        table[2][3..],
        [
            "example.com/syncer",
            "settings",
            "synced",
            "to",
            "4",
            "nodes"
        ],
        "{out}"
    );
    let listed = rows(&s.kubectl_ok(&["get", "events.events.k8s.io"]));
    assert_eq!(
        listed[0],
        ["LAST", "SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"]
    );
    assert_eq!(
        listed[1][1..],
        [
            "Normal",
            "Synced",
            "configmap/settings",
            "settings",
            "synced",
            "to",
            "4",
            "nodes"
        ]
    );
}

/// `kubectl describe` finds the object's events by
/// `involvedObject.{name,namespace,kind,uid}` field selectors and prints
/// them under `Events:`.
#[test]
fn describe_lists_the_events_of_the_object() {
    let s = TestServer::start();
    let cm = s.manifest("cm.yaml", CONFIGMAP);
    s.kubectl_ok(&["create", "-f", cm.to_str().unwrap()]);
    let uid = s.kubectl_ok(&["get", "cm", "settings", "-o", "jsonpath={.metadata.uid}"]);
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let event = format!(
        "apiVersion: v1\nkind: Event\nmetadata:\n  name: settings.1\ninvolvedObject:\n  apiVersion: v1\n  kind: ConfigMap\n  name: settings\n  namespace: default\n  uid: {uid}\nreason: Synced\nmessage: settings synced to 3 nodes\ntype: Normal\nsource:\n  component: syncer\nfirstTimestamp: \"{now}\"\nlastTimestamp: \"{now}\"\ncount: 1\n"
    );
    // An event of another object with the same name must not show.
    let other = "apiVersion: v1\nkind: Event\nmetadata:\n  name: other.1\ninvolvedObject:\n  kind: Pod\n  name: settings\n  namespace: default\nreason: Other\nmessage: not this one\ntype: Warning\n";
    let event = s.manifest("event.yaml", &event);
    let other = s.manifest("other.yaml", other);
    s.kubectl_ok(&["create", "-f", event.to_str().unwrap()]);
    s.kubectl_ok(&["create", "-f", other.to_str().unwrap()]);
    let out = s.kubectl_ok(&["describe", "cm", "settings"]);
    let events = out
        .split_once("Events:\n")
        .unwrap_or_else(|| panic!("no Events table: {out}"))
        .1;
    let table = rows(events);
    assert_eq!(
        table[0],
        ["Type", "Reason", "Age", "From", "Message"],
        "{out}"
    );
    assert_eq!(table.len(), 3, "{out}");
    assert_eq!(table[2][0..2], ["Normal", "Synced"], "{out}");
    assert_eq!(
        table[2][3..],
        ["syncer", "settings", "synced", "to", "3", "nodes"],
        "{out}"
    );
    assert!(!out.contains("not this one"), "{out}");

    // `kubectl get events`: upstream's event printer, no leading NAME; an
    // event without timestamps is `<unknown>`, a singleton counts 1.
    assert_eq!(
        s.kubectl_ok(&[
            "get",
            "events",
            "--field-selector",
            "involvedObject.kind=Pod"
        ]),
        "LAST SEEN   TYPE      REASON   OBJECT         MESSAGE\n\
         <unknown>   Warning   Other    pod/settings   not this one\n"
    );
    let wide = rows(&s.kubectl_ok(&[
        "get",
        "events",
        "-o",
        "wide",
        "--field-selector",
        "involvedObject.kind=ConfigMap",
    ]));
    assert_eq!(
        wide[0],
        [
            "LAST",
            "SEEN",
            "TYPE",
            "REASON",
            "OBJECT",
            "SUBOBJECT",
            "SOURCE",
            "MESSAGE",
            "FIRST",
            "SEEN",
            "COUNT",
            "NAME"
        ]
    );
    // Subobject is empty; LAST SEEN and FIRST SEEN are ages of `now`.
    assert_eq!(
        wide[1][1..9],
        [
            "Normal",
            "Synced",
            "configmap/settings",
            "syncer",
            "settings",
            "synced",
            "to",
            "3"
        ]
    );
    assert_eq!(wide[1][wide[1].len() - 2..], ["1", "settings.1"]);
}

/// `kubectl get podtemplates`: upstream's printPodTemplate columns, with
/// no AGE.
#[test]
fn get_pod_templates_prints_upstreams_columns() {
    let s = TestServer::start();
    let template = s.manifest(
        "pt.yaml",
        "apiVersion: v1\nkind: PodTemplate\nmetadata:\n  name: web\ntemplate:\n  metadata:\n    labels:\n      app: web\n  spec:\n    containers:\n    - name: app\n      image: nginx:1.27\n    - name: log\n      image: busybox\n",
    );
    s.kubectl_ok(&["create", "-f", template.to_str().unwrap()]);
    assert_eq!(
        s.kubectl_ok(&["get", "podtemplates"]),
        "NAME   CONTAINERS   IMAGES               POD LABELS\n\
         web    app,log      nginx:1.27,busybox   app=web\n"
    );
}

#[test]
fn delete_waits_until_gone_and_namespaces_cascade() {
    let s = TestServer::start();
    let cm = s.manifest("cm.yaml", CONFIGMAP);
    s.kubectl_ok(&["create", "-f", cm.to_str().unwrap()]);
    assert_eq!(
        s.kubectl_ok(&["delete", "cm", "settings"]),
        "configmap \"settings\" deleted\n"
    );
    assert_eq!(
        s.kubectl_err(&["get", "cm", "settings"]),
        "Error from server (NotFound): configmaps \"settings\" not found\n"
    );

    let ns = s.manifest(
        "ns.yaml",
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n",
    );
    assert_eq!(
        s.kubectl_ok(&["create", "-f", ns.to_str().unwrap()]),
        "namespace/team-a created\n"
    );
    s.kubectl_ok(&["create", "-f", cm.to_str().unwrap(), "-n", "team-a"]);
    let w = s.manifest("w.yaml", WIDGET);
    s.kubectl_ok(&["create", "-f", w.to_str().unwrap(), "-n", "team-a"]);
    assert_eq!(
        s.kubectl_ok(&["delete", "namespace", "team-a", "--timeout=30s"]),
        "namespace \"team-a\" deleted\n"
    );
    assert_eq!(
        s.kubectl_err(&["get", "ns", "team-a"]),
        "Error from server (NotFound): namespaces \"team-a\" not found\n"
    );
    assert_eq!(s.kubectl_ok(&["get", "cm,wd", "-A"]), "");
    assert_eq!(
        s.kubectl_err(&["create", "-f", cm.to_str().unwrap(), "-n", "team-a"]),
        format!(
            "Error from server (NotFound): error when creating \"{}\": namespaces \"team-a\" not found\n",
            cm.display()
        )
    );
    assert_eq!(
        s.kubectl_err(&["delete", "ns", "default"]),
        "Error from server (Forbidden): namespaces \"default\" is forbidden: this namespace may not be deleted\n"
    );
}

#[test]
fn errors_print_as_kube_apiserver_makes_them_print() {
    let s = TestServer::start();
    assert_eq!(
        s.kubectl_err(&["get", "wd", "nope"]),
        "Error from server (NotFound): widgets.example.dev \"nope\" not found\n"
    );

    let cm = s.manifest("cm.yaml", CONFIGMAP);
    s.kubectl_ok(&["create", "-f", cm.to_str().unwrap()]);
    assert_eq!(
        s.kubectl_err(&["create", "-f", cm.to_str().unwrap()]),
        format!(
            "Error from server (AlreadyExists): error when creating \"{}\": configmaps \"settings\" already exists\n",
            cm.display()
        )
    );

    let stale = s.manifest(
        "stale.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  resourceVersion: \"1\"\ndata:\n  color: red\n",
    );
    assert_eq!(
        s.kubectl_err(&["replace", "-f", stale.to_str().unwrap()]),
        format!(
            "Error from server (Conflict): error when replacing \"{}\": Operation cannot be fulfilled on configmaps \"settings\": the object has been modified; please apply your changes to the latest version and try again\n",
            stale.display()
        )
    );

    let bad = s.manifest(
        "bad.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Bad_Name\n",
    );
    assert_eq!(
        s.kubectl_err(&["create", "-f", bad.to_str().unwrap()]),
        "The ConfigMap \"Bad_Name\" is invalid: metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')\n"
    );

    let unknown = s.manifest(
        "unknown.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: w2\nspec:\n  colour: Red\n",
    );
    assert_eq!(
        s.kubectl_err(&["create", "-f", unknown.to_str().unwrap()]),
        format!(
            "Error from server (BadRequest): error when creating \"{}\": Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"spec.colour\"\n",
            unknown.display()
        )
    );
}

#[test]
fn generator_commands_send_protobuf() {
    // `kubectl create configmap|namespace` use typed clients, which send
    // and accept Kubernetes protobuf.
    let s = TestServer::start();
    assert_eq!(
        s.kubectl_ok(&[
            "create",
            "configmap",
            "lit",
            "--from-literal=a=1",
            "--from-literal=b=2"
        ]),
        "configmap/lit created\n"
    );
    assert_eq!(
        s.kubectl_ok(&["create", "namespace", "team-c"]),
        "namespace/team-c created\n"
    );
    let got = s.kubectl_ok(&[
        "get",
        "cm",
        "lit",
        "-o",
        "jsonpath={.data.a}{.data.b} {.metadata.generation}",
    ]);
    // ConfigMaps carry no generation, as upstream's strategy sets none.
    assert_eq!(got, "12 ");
    let ns = s.kubectl_ok(&[
        "get",
        "ns",
        "team-c",
        "-o",
        "jsonpath={.status.phase} {.spec.finalizers}",
    ]);
    assert_eq!(ns, "Active [\"kubernetes\"]");
    assert_eq!(
        s.kubectl_err(&["create", "configmap", "lit", "--from-literal=a=1"]),
        "error: failed to create configmap: configmaps \"lit\" already exists\n"
    );
}

#[test]
fn defaults_from_markers_are_applied_on_create() {
    // `+default=1` on WidgetSpec.replicas and `+default="TCP"` on WidgetPort.protocol.
    let s = TestServer::start();
    let w = s.manifest(
        "w.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: d\nspec:\n  ports:\n  - name: http\n    port: 80\n  - name: dns\n    port: 53\n    protocol: UDP\n",
    );
    s.kubectl_ok(&["create", "-f", w.to_str().unwrap()]);
    let got = s.kubectl_ok(&[
        "get",
        "wd",
        "d",
        "-o",
        "jsonpath={.spec.replicas} {.spec.ports[0].protocol} {.spec.ports[1].protocol}",
    ]);
    assert_eq!(got, "1 TCP UDP");
}

#[test]
fn explain_reads_the_generated_openapi() {
    let s = TestServer::start();
    let out = s.kubectl_ok(&["explain", "widgets.spec.ports"]);
    assert!(out.starts_with("GROUP:      example.dev\nKIND:       Widget\nVERSION:    v1\n\nFIELD: ports <[]WidgetPort>\n"), "{out}");
    assert!(out.contains("  name\t<string> -required-\n"), "{out}");
    let out = s.kubectl_ok(&["explain", "configmaps.data"]);
    assert!(out.contains("FIELD: data <map[string]string>"), "{out}");
}

#[test]
fn apply_twice_and_strategic_patch_merge_lists_by_key() {
    let s = TestServer::start();
    let v1 = s.manifest(
        "w.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 1\n  ports:\n  - name: http\n    port: 80\n  - name: admin\n    port: 9000\n",
    );
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", v1.to_str().unwrap()]),
        "widget.example.dev/w created\n"
    );
    // The second apply drops `admin` and changes `http`: client-side apply
    // sends a strategic merge patch computed from last-applied.
    let v2 = s.manifest(
        "w2.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 1\n  ports:\n  - name: http\n    port: 8080\n  - name: metrics\n    port: 9090\n",
    );
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", v2.to_str().unwrap()]),
        "widget.example.dev/w configured\n"
    );
    let ports = s.kubectl_ok(&[
        "get",
        "wd",
        "w",
        "-o",
        "jsonpath={range .spec.ports[*]}{.name}={.port} {end}",
    ]);
    assert_eq!(ports, "http=8080 metrics=9090 ");
    // Default `kubectl patch` is strategic: ports merge by name.
    s.kubectl_ok(&[
        "patch",
        "wd",
        "w",
        "-p",
        r#"{"spec":{"ports":[{"name":"grpc","port":9443}]}}"#,
    ]);
    let ports = s.kubectl_ok(&[
        "get",
        "wd",
        "w",
        "-o",
        "jsonpath={range .spec.ports[*]}{.name} {end}",
    ]);
    assert_eq!(ports, "grpc http metrics ");
    // And a ConfigMap, a kind kubectl knows.
    let cm = s.manifest(
        "cm.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: \"1\"\n  b: \"2\"\n",
    );
    s.kubectl_ok(&["apply", "-f", cm.to_str().unwrap()]);
    let cm2 = s.manifest(
        "cm2.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: \"1\"\n  c: \"3\"\n",
    );
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", cm2.to_str().unwrap()]),
        "configmap/c configured\n"
    );
    assert_eq!(
        s.kubectl_ok(&["get", "cm", "c", "-o", "jsonpath={.data}"]),
        r#"{"a":"1","c":"3"}"#
    );
}

#[test]
fn an_enum_value_outside_the_enum_is_unsupported() {
    let s = TestServer::start();
    let w = s.manifest(
        "w.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  color: Purple\n",
    );
    assert_eq!(
        s.kubectl_err(&["create", "-f", w.to_str().unwrap()]),
        "The Widget \"w\" is invalid: spec.color: Unsupported value: \"Purple\": supported values: \"Blue\", \"Green\", \"Red\"\n"
    );
}

#[test]
fn ported_kinds_work_as_on_a_real_cluster() {
    let s = TestServer::start();
    assert_eq!(
        s.kubectl_ok(&[
            "create",
            "deployment",
            "web",
            "--image=nginx",
            "--replicas=2"
        ]),
        "deployment.apps/web created\n"
    );
    assert_eq!(
        s.kubectl_ok(&[
            "create",
            "secret",
            "generic",
            "creds",
            "--from-literal=user=admin"
        ]),
        "secret/creds created\n"
    );
    assert_eq!(
        s.kubectl_ok(&["create", "configmap", "cfg", "--from-literal=a=1"]),
        "configmap/cfg created\n"
    );
    let out = s.kubectl_ok(&["get", "deploy,cm,secret,ns"]);
    assert!(
        out.contains(
            "NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\ndeployment.apps/web"
        ),
        "{out}"
    );
    // Upstream's printers: READY is ready/desired, DATA counts keys.
    let row = |out: &str, name: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} row in {out}"))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        row(&out, "deployment.apps/web")[..4],
        ["deployment.apps/web", "0/2", "0", "0"]
    );
    assert!(
        out.contains("NAME            DATA   AGE\nconfigmap/cfg"),
        "{out}"
    );
    assert_eq!(row(&out, "configmap/cfg")[..2], ["configmap/cfg", "1"]);
    assert!(
        out.contains("NAME           TYPE     DATA   AGE\nsecret/creds"),
        "{out}"
    );
    assert_eq!(
        row(&out, "secret/creds")[..3],
        ["secret/creds", "Opaque", "1"]
    );
    assert!(out.contains("namespace/default"), "{out}");
    let wide = s.kubectl_ok(&["get", "deploy", "-o", "wide"]);
    assert!(
        wide.starts_with(
            "NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES   SELECTOR\n"
        ),
        "{wide}"
    );
    assert_eq!(row(&wide, "web")[5..], ["nginx", "nginx", "app=web"]);
    // Upstream's defaults, as kube-apiserver applies them.
    let got = s.kubectl_ok(&[
        "get", "deploy", "web", "-o",
        "jsonpath={.spec.replicas} {.spec.revisionHistoryLimit} {.spec.progressDeadlineSeconds} {.spec.strategy.type} {.spec.strategy.rollingUpdate.maxSurge} {.spec.template.spec.restartPolicy} {.spec.template.spec.dnsPolicy} {.spec.template.spec.schedulerName} {.spec.template.spec.terminationGracePeriodSeconds} {.spec.template.spec.containers[0].imagePullPolicy} {.spec.template.spec.containers[0].terminationMessagePath}",
    ]);
    assert_eq!(
        got,
        "2 10 600 RollingUpdate 25% Always ClusterFirst default-scheduler 30 Always /dev/termination-log"
    );
    assert_eq!(
        s.kubectl_ok(&["scale", "deploy/web", "--replicas=5"]),
        "deployment.apps/web scaled\n"
    );
    assert_eq!(
        s.kubectl_ok(&["get", "deploy", "web", "-o", "jsonpath={.spec.replicas}"]),
        "5"
    );
    // Client-side apply of a Deployment twice, with changed containers (strategic merge by name).
    let v1 = s.manifest(
        "d.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  selector:\n    matchLabels:\n      app: api\n  template:\n    metadata:\n      labels:\n        app: api\n    spec:\n      containers:\n      - name: app\n        image: app:1\n      - name: sidecar\n        image: proxy:1\n",
    );
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", v1.to_str().unwrap()]),
        "deployment.apps/api created\n"
    );
    let v2 = s.manifest(
        "d2.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  selector:\n    matchLabels:\n      app: api\n  template:\n    metadata:\n      labels:\n        app: api\n    spec:\n      containers:\n      - name: app\n        image: app:2\n",
    );
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", v2.to_str().unwrap()]),
        "deployment.apps/api configured\n"
    );
    let images = s.kubectl_ok(&[
        "get",
        "deploy",
        "api",
        "-o",
        "jsonpath={range .spec.template.spec.containers[*]}{.name}={.image} {end}",
    ]);
    assert_eq!(images, "app=app:2 ");
    for (kind, name) in [
        ("deploy", "web"),
        ("secret", "creds"),
        ("cm", "cfg"),
        ("ns", "default"),
    ] {
        let out = s.kubectl_ok(&["describe", kind, name]);
        assert!(out.starts_with("Name:"), "{kind}: {out}");
    }
}

#[test]
fn edit_and_diff() {
    let s = TestServer::start();
    let w = s.manifest("w.yaml", WIDGET);
    s.kubectl_ok(&["create", "-f", w.to_str().unwrap()]);
    // An "editor" that changes the color in place, as a person would.
    let editor = s.manifest(
        "editor.sh",
        "#!/bin/sh\nsed -i 's/color: Red/color: Green/' \"$1\"\n",
    );
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(&editor)
        .status()
        .unwrap();
    let out = s.kubectl_env(
        &["edit", "wd", "w1"],
        &[("KUBE_EDITOR", editor.to_str().unwrap())],
    );
    assert!(out.success, "{}", out.stderr);
    assert_eq!(out.stdout, "widget.example.dev/w1 edited\n");
    assert_eq!(
        s.kubectl_ok(&["get", "wd", "w1", "-o", "jsonpath={.spec.color}"]),
        "Green"
    );

    // diff: a dry-run of the change, shown as a diff; exit code 1 means "differences".
    let changed = s.manifest("w2.yaml", &WIDGET.replace("replicas: 2", "replicas: 7"));
    let out = s.kubectl(&["diff", "-f", changed.to_str().unwrap()]);
    assert!(
        !out.success,
        "diff exits 1 when there are differences: {}",
        out.stderr
    );
    assert!(
        out.stdout.contains("-  replicas: 2\n+  replicas: 7\n"),
        "{}",
        out.stdout
    );
    assert_eq!(
        s.kubectl_ok(&["get", "wd", "w1", "-o", "jsonpath={.spec.replicas}"]),
        "2",
        "diff persists nothing"
    );
}

/// `kubectl explain --output=plaintext-openapiv2` reads `/openapi/v2` in
/// protobuf (gnostic's `openapi.v2.Document`).
#[test]
fn explain_reads_the_protobuf_openapi_v2() {
    let s = TestServer::start();
    let out = s.kubectl_ok(&[
        "explain",
        "deployments.spec.strategy",
        "--output=plaintext-openapiv2",
    ]);
    assert!(
        out.contains("KIND:     Deployment\nVERSION:  apps/v1\n"),
        "{out}"
    );
    assert!(out.contains("RESOURCE: strategy <Object>"), "{out}");
    assert!(out.contains("   rollingUpdate\t<Object>"), "{out}");
    let out = s.kubectl_ok(&[
        "explain",
        "widgets.spec.ports",
        "--output=plaintext-openapiv2",
    ]);
    assert!(
        out.contains("KIND:     Widget\nVERSION:  example.dev/v1\n"),
        "{out}"
    );
}

/// The deprecated `example.dev/v1beta1` warns as kube-apiserver warns of a
/// deprecated version; server-side apply at v1beta1 and then at v1 by
/// another manager reports the conflict on the field both set, and each
/// manager's entry keeps the version it applied.
#[test]
fn a_deprecated_version_warns_and_server_side_apply_spans_versions() {
    const WARNING: &str = "Warning: example.dev/v1beta1 Widget is deprecated in v1.34+, unavailable in v1.37+; use example.dev/v1 Widget";
    let s = TestServer::start();
    let beta = s.manifest(
        "beta.yaml",
        "apiVersion: example.dev/v1beta1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 2\n  color: Green\n",
    );
    let out = s.kubectl(&[
        "apply",
        "--server-side",
        "--field-manager=beta-tool",
        "-f",
        beta.to_str().unwrap(),
    ]);
    let stderr = out.stderr.clone();
    assert!(out.success, "{stderr}");
    assert!(stderr.contains(WARNING), "{stderr}");

    let out = s.kubectl(&["get", "widgets.v1beta1.example.dev"]);
    let (stdout, stderr) = (out.stdout.clone(), out.stderr.clone());
    assert!(stderr.contains(WARNING), "{stderr}");
    let table = rows(&stdout);
    assert_eq!(table[0][..3], ["NAME", "SIZE", "PHASE"], "{stdout}");
    assert_eq!(table[1][..2], ["w", "2"], "{stdout}");
    // The preferred version has no warning.
    let out = s.kubectl(&["get", "widgets", "w", "-o", "jsonpath={.spec.replicas}"]);
    assert_eq!(out.stdout, "2");
    assert!(out.stderr.is_empty(), "{}", out.stderr);

    let v1 = s.manifest(
        "v1.yaml",
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 5\n  color: Blue\n",
    );
    let out = s.kubectl(&[
        "apply",
        "--server-side",
        "--field-manager=v1-tool",
        "-f",
        v1.to_str().unwrap(),
    ]);
    let stderr = out.stderr.clone();
    assert!(!out.success, "{stderr}");
    // Each conflict names the field in the version its owner applied:
    // v1's `spec.replicas` is v1beta1's `spec.size`.
    assert!(
        stderr.contains(
            "Apply failed with 2 conflicts: conflicts with \"beta-tool\":\n- .spec.color\n- .spec.size\n"
        ),
        "{stderr}"
    );
    // Forced, v1-tool takes both, and beta-tool keeps nothing of them.
    s.kubectl_ok(&[
        "apply",
        "--server-side",
        "--force-conflicts",
        "--field-manager=v1-tool",
        "-f",
        v1.to_str().unwrap(),
    ]);

    let managers = s.kubectl_ok(&[
        "get",
        "widgets",
        "w",
        "--show-managed-fields",
        "-o",
        "jsonpath={range .metadata.managedFields[*]}{.manager}={.apiVersion} {end}",
    ]);
    assert_eq!(managers, "v1-tool=example.dev/v1 ");

    // `kubectl explain` reads each version's OpenAPI.
    let out = s.kubectl(&[
        "explain",
        "widgets.spec.size",
        "--api-version=example.dev/v1beta1",
    ]);
    assert!(out.stdout.contains("VERSION:    v1beta1"), "{}", out.stdout);
    assert!(
        out.stdout.contains("FIELD: size <integer>"),
        "{}",
        out.stdout
    );
}

/// `kubectl autoscale` creates an autoscaler kubectl and Helm charts
/// then read at both versions: `get hpa` prints upstream's columns, the v1
/// form carries the CPU target, and `explain` reads v2's metrics.
#[test]
fn kubectl_autoscale_and_hpa_at_both_versions() {
    let s = TestServer::start();
    s.kubectl_ok(&["create", "deployment", "web", "--image=nginx"]);
    let out = s.kubectl_ok(&[
        "autoscale",
        "deployment",
        "web",
        "--min=2",
        "--max=5",
        "--cpu-percent=80",
    ]);
    assert_eq!(
        out.trim(),
        "horizontalpodautoscaler.autoscaling/web autoscaled"
    );

    let table = rows(&s.kubectl_ok(&["get", "hpa"]));
    assert_eq!(
        table[0],
        [
            "NAME",
            "REFERENCE",
            "TARGETS",
            "MINPODS",
            "MAXPODS",
            "REPLICAS",
            "AGE"
        ]
    );
    assert_eq!(
        table[1][..6],
        ["web", "Deployment/web", "cpu:", "<unknown>/80%", "2", "5"]
    );

    // kubectl expands a short name to its resource and group but drops the
    // version (`hpa.v1.autoscaling` asks for the preferred v2, as it does
    // of kube-apiserver); the resource's own name keeps it.
    let shortened = s.kubectl_ok(&["get", "hpa.v1.autoscaling", "web", "-o", "yaml"]);
    assert!(
        shortened.contains("apiVersion: autoscaling/v2"),
        "{shortened}"
    );
    let v1 = s.kubectl_ok(&[
        "get",
        "horizontalpodautoscalers.v1.autoscaling",
        "web",
        "-o",
        "yaml",
    ]);
    assert!(v1.contains("apiVersion: autoscaling/v1"), "{v1}");
    assert!(v1.contains("targetCPUUtilizationPercentage: 80"), "{v1}");
    assert!(v1.contains("  minReplicas: 2\n"), "{v1}");
    let v2 = s.kubectl_ok(&["get", "hpa", "web", "-o", "jsonpath={.spec.metrics}"]);
    assert_eq!(
        v2,
        r#"[{"resource":{"name":"cpu","target":{"averageUtilization":80,"type":"Utilization"}},"type":"Resource"}]"#
    );

    let explain = s.kubectl_ok(&["explain", "hpa.spec.metrics"]);
    assert!(explain.contains("GROUP:      autoscaling"), "{explain}");
    assert!(explain.contains("VERSION:    v2"), "{explain}");
    assert!(
        explain.contains("FIELD: metrics <[]MetricSpec>"),
        "{explain}"
    );
    assert!(
        explain.contains("containerResource\t<ContainerResourceMetricSource>"),
        "{explain}"
    );
}
