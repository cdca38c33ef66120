//! Representations: Table, PartialObjectMetadata, YAML, `pretty`, and 406 for what cannot be served.

use super::*;

#[tokio::test]
async fn list_as_table() {
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("w1", "web")).await;
    let r = api.get_as(WIDGETS, TABLE).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(
        r.header("content-type")
            .unwrap()
            .starts_with("application/json")
    );
    assert_eq!(r.body["kind"], "Table");
    assert_eq!(r.body["apiVersion"], "meta.k8s.io/v1");
    assert!(r.body["metadata"]["resourceVersion"].is_string());
    let columns = r.body["columnDefinitions"].as_array().unwrap();
    let column_names: Vec<&str> = columns
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(column_names, ["Name", "Replicas", "Phase", "Color", "Age"]);
    assert_eq!(
        (
            &columns[0]["type"],
            &columns[0]["format"],
            &columns[0]["priority"]
        ),
        (&json!("string"), &json!("name"), &json!(0))
    );
    assert_eq!(columns[1]["type"], "integer");
    assert_eq!(columns[3]["priority"], 1);
    let rows = r.body["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    let cells = rows[0]["cells"].as_array().unwrap();
    assert_eq!(
        &cells[..4],
        &[json!("w1"), json!(2), Value::Null, json!("Red")]
    );
    let age = cells[4].as_str().expect("age");
    assert!(
        age.ends_with('s') && age[..age.len() - 1].parse::<u32>().is_ok(),
        "{age}"
    );
    let object = &rows[0]["object"];
    assert_eq!(object["kind"], "PartialObjectMetadata");
    assert_eq!(object["apiVersion"], "meta.k8s.io/v1");
    assert_eq!(object["metadata"]["name"], "w1");
    assert_eq!(object["metadata"]["labels"], json!({"app": "web"}));
    assert!(object.get("spec").is_none());
}

#[tokio::test]
async fn get_as_table_has_one_row() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.get_as(&widget_uri("w1"), TABLE).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["kind"], "Table");
    let rows = r.body["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["cells"][0], "w1");
}

#[tokio::test]
async fn table_include_object_none_and_object() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let none = api
        .get_as(&format!("{WIDGETS}?includeObject=None"), TABLE)
        .await;
    assert_eq!(none.status, StatusCode::OK);
    let row = &none.body["rows"][0];
    assert!(row["cells"].is_array());
    // Upstream empties the row's RawExtension, which Go writes as null.
    assert_eq!(row.get("object"), Some(&Value::Null), "{row}");

    let full = api
        .get_as(&format!("{WIDGETS}?includeObject=Object"), TABLE)
        .await;
    let object = &full.body["rows"][0]["object"];
    assert_eq!(object["kind"], "Widget");
    assert_eq!(object["apiVersion"], "example.dev/v1");
    assert_eq!(object["spec"]["replicas"], 2);
}

#[tokio::test]
async fn get_as_partial_object_metadata() {
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("w1", "web")).await;
    let r = api
        .get_as(
            &widget_uri("w1"),
            "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1",
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "PartialObjectMetadata");
    assert_eq!(r.body["apiVersion"], "meta.k8s.io/v1");
    assert_eq!(r.body["metadata"]["name"], "w1");
    assert_eq!(r.body["metadata"]["labels"]["app"], "web");
    assert!(r.body.get("spec").is_none());
}

#[tokio::test]
async fn list_as_partial_object_metadata_list() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    create_widget(&api, "w2").await;
    let r = api
        .get_as(
            WIDGETS,
            "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1",
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "PartialObjectMetadataList");
    assert_eq!(r.body["apiVersion"], "meta.k8s.io/v1");
    assert!(r.body["metadata"]["resourceVersion"].is_string());
    assert_eq!(names(&r.body), ["w1", "w2"]);
    for item in r.body["items"].as_array().unwrap() {
        assert_eq!(item["kind"], "PartialObjectMetadata");
        assert!(item.get("spec").is_none());
    }
}

/// What client-go's metadata informers watch with (`metadata.Client.Watch`
/// sends this Accept header): every event's object, the initial ones, the
/// live ones and the bookmarks alike, is the `PartialObjectMetadata` of the
/// object (upstream's watch encoder applies `asPartialObjectMetadata` to
/// each), never the object under its own kind, which the meta-only scheme
/// of those informers cannot decode.
#[tokio::test]
async fn watch_as_partial_object_metadata() {
    const ACCEPT: &str = "application/vnd.kubernetes.protobuf;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json";
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("w1", "web")).await;
    let (status, _, mut events) = api
        .watch_as(
            &format!(
                "{WIDGETS}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true"
            ),
            ACCEPT,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let partial = |event: &Value, kind: &str, name: &str| {
        assert_eq!(event["type"], kind, "{event}");
        let object = &event["object"];
        assert_eq!(object["kind"], "PartialObjectMetadata", "{event}");
        assert_eq!(object["apiVersion"], "meta.k8s.io/v1", "{event}");
        assert_eq!(object["metadata"]["name"], name, "{event}");
        assert!(object["metadata"]["resourceVersion"].is_string(), "{event}");
        assert!(object.get("spec").is_none(), "{event}");
    };
    let added = events.next().await.expect("the initial event");
    partial(&added, "ADDED", "w1");
    assert_eq!(added["object"]["metadata"]["labels"]["app"], "web");
    let end = events.next().await.expect("the initial events' end");
    assert_eq!(end["type"], "BOOKMARK", "{end}");
    assert_eq!(end["object"]["kind"], "PartialObjectMetadata", "{end}");
    assert_eq!(end["object"]["apiVersion"], "meta.k8s.io/v1", "{end}");
    assert_eq!(
        end["object"]["metadata"]["annotations"]["k8s.io/initial-events-end"],
        "true"
    );
    create_widget(&api, "w2").await;
    partial(&events.next().await.expect("an event"), "ADDED", "w2");
    let mut changed = api.get(&widget_uri("w2")).await.body;
    changed["metadata"]["labels"] = json!({"app": "api"});
    let r = api.put(&widget_uri("w2"), &changed).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let modified = events.next().await.expect("an event");
    partial(&modified, "MODIFIED", "w2");
    assert_eq!(modified["object"]["metadata"]["labels"]["app"], "api");
    let r = api.delete(&widget_uri("w2")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    partial(&events.next().await.expect("an event"), "DELETED", "w2");
}

/// Table, PartialObjectMetadataList and protobuf lists are built as the
/// objects are read (one row, one metadata or one encoding per object);
/// pages of each carry the same items, snapshot and continue token as the
/// JSON list.
#[tokio::test]
async fn every_list_representation_pages_like_json() {
    let api = Api::start();
    for name in ["c1", "c2", "c3"] {
        api.create(CONFIGMAPS, &configmap(name)).await;
    }
    let message = apis::registry()
        .find("", "v1", "configmaps")
        .and_then(|e| e.kind.protobuf())
        .expect("ConfigMap has protobuf");
    let json_page = api.get(&format!("{CONFIGMAPS}?limit=2")).await;
    assert_eq!(names(&json_page.body), ["c1", "c2"]);
    let meta = &json_page.body["metadata"];
    assert_eq!(meta["remainingItemCount"], 1);
    // The JSON page, encoded item by item, has the bytes of the whole
    // page encoded at once (by Go's `json.Encoder`, as kube-apiserver
    // writes it), and the content of the `pretty` page (built whole).
    assert_eq!(
        json_page.bytes,
        runtime::go::encoder::to_vec_line(&json_page.body).unwrap()
    );
    let pretty = api.get(&format!("{CONFIGMAPS}?limit=2&pretty=true")).await;
    assert_eq!(pretty.body, json_page.body);

    let table = api.get_as(&format!("{CONFIGMAPS}?limit=2"), TABLE).await;
    assert_eq!(table.status, StatusCode::OK, "{}", table.text);
    let rows: Vec<&str> = table.body["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["cells"][0].as_str().unwrap())
        .collect();
    assert_eq!(rows, ["c1", "c2"]);
    assert_eq!(
        table.body["rows"][0]["object"]["kind"],
        "PartialObjectMetadata"
    );
    assert_eq!(&table.body["metadata"], meta);

    let partial = api
        .get_as(
            &format!("{CONFIGMAPS}?limit=2"),
            "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1",
        )
        .await;
    assert_eq!(partial.status, StatusCode::OK, "{}", partial.text);
    assert_eq!(names(&partial.body), ["c1", "c2"]);
    assert_eq!(&partial.body["metadata"], meta);

    let pb = api
        .get_as(
            &format!("{CONFIGMAPS}?limit=2"),
            runtime::codec::protobuf::MEDIA_TYPE,
        )
        .await;
    assert_eq!(pb.status, StatusCode::OK);
    assert_eq!(
        pb.header("content-type"),
        Some(runtime::codec::protobuf::MEDIA_TYPE)
    );
    let decoded = runtime::codec::protobuf::decode_list(&pb.bytes, message).expect("a list");
    assert_eq!(decoded["kind"], "ConfigMapList");
    assert_eq!(decoded["apiVersion"], "v1");
    assert_eq!(&decoded["metadata"], meta);
    // Items of a protobuf list carry no TypeMeta, as in Go's typed lists.
    let without_type_meta = |items: &Value| -> Vec<Value> {
        let mut items = items.as_array().unwrap().clone();
        for item in &mut items {
            let item = item.as_object_mut().unwrap();
            item.remove("kind");
            item.remove("apiVersion");
        }
        items
    };
    assert_eq!(
        without_type_meta(&decoded["items"]),
        without_type_meta(&json_page.body["items"])
    );

    // The whole list in protobuf equals the whole JSON list.
    let all = api.get(CONFIGMAPS).await.body;
    let pb = api
        .get_as(CONFIGMAPS, runtime::codec::protobuf::MEDIA_TYPE)
        .await;
    let decoded = runtime::codec::protobuf::decode_list(&pb.bytes, message).expect("a list");
    assert_eq!(
        without_type_meta(&decoded["items"]),
        without_type_meta(&all["items"])
    );
    assert_eq!(decoded["metadata"], all["metadata"]);
}

/// Upstream: `asPartialObjectMetadata` / `asPartialObjectMetadataList`
/// (k8s.io/apiserver/pkg/endpoints/handlers/response.go):
/// "you requested PartialObjectMetadata, but the requested object is a list (%T)" and
/// "you requested PartialObjectMetadataList, but the requested object is not a list (%T)", both 406.
#[tokio::test]
async fn partial_object_metadata_of_the_wrong_shape_is_406() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .get_as(
            WIDGETS,
            "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1",
        )
        .await;
    r.assert_failure(406, "NotAcceptable");
    assert!(
        r.body["message"].as_str().unwrap().starts_with(
            "you requested PartialObjectMetadata, but the requested object is a list ("
        ),
        "{}",
        r.text
    );
    let r = api
        .get_as(
            &widget_uri("w1"),
            "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1",
        )
        .await;
    r.assert_failure(406, "NotAcceptable");
    assert!(
        r.body["message"].as_str().unwrap().starts_with(
            "you requested PartialObjectMetadataList, but the requested object is not a list ("
        ),
        "{}",
        r.text
    );
}

/// Upstream: `errNotAcceptable` (k8s.io/apiserver/pkg/endpoints/handlers/negotiation/errors.go):
/// "only the following media types are accepted: %v".
#[tokio::test]
async fn unacceptable_media_type_is_406_status() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.get_as(&widget_uri("w1"), "text/html").await;
    r.assert_failure(406, "NotAcceptable");
    let message = r.body["message"].as_str().unwrap();
    assert!(
        message.starts_with("only the following media types are accepted: ")
            && message.contains("application/json"),
        "{message}"
    );
}

#[tokio::test]
async fn yaml_output() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.get_as(&widget_uri("w1"), "application/yaml").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some("application/yaml"));
    assert!(
        r.text.contains("apiVersion: example.dev/v1\n"),
        "{}",
        r.text
    );
    assert!(r.text.contains("kind: Widget\n"), "{}", r.text);
    assert!(r.text.contains("  name: w1\n"), "{}", r.text);
    assert!(r.text.contains("  replicas: 2\n"), "{}", r.text);
}

// Representations and field validation over HTTP
// ---------------------------------------------------------------------------

#[tokio::test]
async fn pretty_indents_the_json() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let plain = api.get(&widget_uri("w1")).await;
    // Compact, ended by a newline as `json.Encoder` ends it.
    assert_eq!(
        plain.text.find('\n'),
        Some(plain.text.len() - 1),
        "{}",
        plain.text
    );
    let pretty = api.get(&format!("{}?pretty=true", widget_uri("w1"))).await;
    assert!(
        pretty
            .text
            .starts_with("{\n  \"kind\": \"Widget\",\n  \"apiVersion\""),
        "{}",
        pretty.text
    );
    assert_eq!(pretty.body, plain.body);
}

/// JSON bodies are written as kube-apiserver's serializer writes them:
/// Go's `encoding/json` text (`<`, `>`, `&`, U+2028 and U+2029 escaped in
/// strings) with a newline after it (`json.Encoder`) for objects, lists
/// (whole or paged), Tables and errors; indented without the newline for
/// `?pretty=true` (`json.MarshalIndent`) and `/version` (`WriteRawJSON`).
#[tokio::test]
async fn json_bodies_are_written_as_go_writes_them() {
    let api = Api::start();
    let mut body = configmap("html");
    body["data"] = json!({"page": "<a href=\"x\">&</a>", "lines": "a\u{2028}b\u{2029}c"});
    let escaped = r#""data":{"lines":"a\u2028b\u2029c","page":"\u003ca href=\"x\"\u003e\u0026\u003c/a\u003e"}"#;
    let created = api.post(CONFIGMAPS, &body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let uri = format!("{CONFIGMAPS}/html");
    let mut replies = vec![
        ("create", created),
        ("get", api.get(&uri).await),
        ("list", api.get(CONFIGMAPS).await),
        ("page", api.get(&format!("{CONFIGMAPS}?limit=1")).await),
    ];
    for (what, reply) in &replies {
        assert!(reply.text.contains(escaped), "{what}: {}", reply.text);
        assert!(reply.text.ends_with("}\n"), "{what}: {:?}", reply.text);
        assert_eq!(
            reply.text.matches('\n').count(),
            1,
            "{what}: {}",
            reply.text
        );
    }
    let table = api.get_as(CONFIGMAPS, TABLE).await;
    assert!(table.text.ends_with("}\n"), "{:?}", table.text);
    let invalid = api.post(CONFIGMAPS, &configmap("a<b")).await;
    invalid.assert_failure(422, "Invalid");
    assert!(
        invalid
            .text
            .contains(r#""message":"ConfigMap \"a\u003cb\" is invalid"#),
        "{}",
        invalid.text
    );
    assert!(invalid.text.ends_with("}\n"), "{:?}", invalid.text);
    let pretty = api.get(&format!("{uri}?pretty=true")).await;
    assert!(
        pretty.text.contains(r#""page": "\u003ca href="#),
        "{}",
        pretty.text
    );
    assert!(pretty.text.ends_with("\n}"), "{:?}", pretty.text);
    let version = api.get("/version").await;
    assert!(version.text.starts_with("{\n  \""), "{}", version.text);
    assert!(version.text.ends_with("\n}"), "{:?}", version.text);
    // The text is the JSON of the object all the same.
    replies.truncate(2);
    for (what, reply) in replies {
        assert_eq!(reply.body["data"], body["data"], "{what}");
    }
}

/// A client that asks only for `meta.k8s.io/v1beta1` Tables gets one.
#[tokio::test]
async fn a_v1beta1_table_is_served_when_only_it_is_accepted() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .get_as(WIDGETS, "application/json;as=Table;v=v1beta1;g=meta.k8s.io")
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Table");
    assert_eq!(r.body["apiVersion"], "meta.k8s.io/v1beta1");
    assert_eq!(r.body["rows"][0]["cells"][0], "w1");
}

/// A YAML body whose aliases of aliases stand for 90 million values (a
/// "billion laughs" of 7 KB, CVE-2019-11253) is a 400 in go-yaml's words
/// at once, on create and on apply, instead of running the server out of
/// memory; nothing is stored.
#[tokio::test]
async fn yaml_aliases_that_expand_too_far_are_400() {
    let api = Api::start();
    let bomb = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\na: &a\n{}b: &b\n{}c:\n{}",
        "- 0\n".repeat(1000),
        "- *a\n".repeat(300),
        "- *b\n".repeat(300)
    );
    let started = Instant::now();
    let r = api
        .send(
            Method::POST,
            CONFIGMAPS,
            &[("content-type", "application/yaml")],
            bomb.clone(),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(
        r.body["message"]
            .as_str()
            .unwrap_or("")
            .contains("document contains excessive aliasing"),
        "{}",
        r.text
    );
    let r = api
        .send(
            Method::PATCH,
            &format!("{CONFIGMAPS}/bomb?fieldManager=test"),
            &[("content-type", "application/apply-patch+yaml")],
            bomb,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(
        r.body["message"],
        "error decoding YAML: error converting YAML to JSON: yaml: document contains excessive aliasing"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let r = api.get(&format!("{CONFIGMAPS}/bomb")).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

/// An `includeObject` value other than `Object`, `Metadata` and `None` is
/// refused as upstream's `asTable` refuses it, at the first row: a Table
/// with rows (a list, one object) is a 400, an empty one is answered.
#[tokio::test]
async fn an_unknown_include_object_is_refused_where_there_are_rows() {
    let api = Api::start();
    let empty = api
        .get_as(&format!("{WIDGETS}?includeObject=Foo"), TABLE)
        .await;
    assert_eq!(empty.status, StatusCode::OK, "{}", empty.text);
    assert_eq!(empty.body["rows"], json!([]));
    api.create(WIDGETS, &widget("w1")).await;
    for uri in [
        format!("{WIDGETS}?includeObject=Foo"),
        format!("{}?includeObject=Foo", widget_uri("w1")),
    ] {
        let r = api.get_as(&uri, TABLE).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            r.body["message"], "unrecognized includeObject value: \"Foo\"",
            "{uri}"
        );
    }
    let r = api
        .get_as(&format!("{WIDGETS}?includeObject=Object"), TABLE)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["rows"][0]["object"]["kind"], "Widget");
}
