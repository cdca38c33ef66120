//! Hostile and malformed input, answered as kube-apiserver answers it: no
//! request stalls the server, destroys an object, or gets anything but a
//! `Status` with upstream's code, reason and message. Each test names the
//! upstream code it follows.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use server::Config;
use server::storage::MemoryStore;
use tests::TestServer;
use tests::http::{Api, Reply};

const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";
const SECRETS: &str = "/api/v1/namespaces/default/secrets";
const MERGE_PATCH: &str = "application/merge-patch+json";
const JSON_PATCH: &str = "application/json-patch+json";
const STRATEGIC_MERGE_PATCH: &str = "application/strategic-merge-patch+json";
const APPLY_PATCH: &str = "application/apply-patch+yaml";
const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";

fn configmap(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name}, "data": {"k": "v"}})
}

/// Creates ConfigMap `name` and returns it as stored.
async fn create_configmap(api: &Api, name: &str) -> Value {
    api.create(CONFIGMAPS, &configmap(name)).await
}

/// Asserts the object at `uri` is still `before` (same data, same
/// resourceVersion): the failed request changed nothing.
async fn assert_unchanged(api: &Api, uri: &str, before: &Value) {
    let now = api.get(uri).await;
    assert_eq!(now.status, StatusCode::OK, "{}", now.text);
    assert_eq!(&now.body, before, "the object changed");
}

fn message(r: &Reply) -> &str {
    r.body["message"].as_str().unwrap_or_default()
}

// ---------------------------------------------------------------------------
// Patches that would wipe an object (handlers/patch.go)
// ---------------------------------------------------------------------------

/// patch.go `jsonPatcher.applyJSPatch`: a merge patch is decoded into a
/// map first; `[]` is `error decoding patch`.
#[tokio::test]
async fn merge_patch_of_an_array_is_400_and_keeps_the_object() {
    let api = Api::start();
    let before = create_configmap(&api, "a").await;
    let r = api
        .patch(&format!("{CONFIGMAPS}/a"), MERGE_PATCH, &json!([]))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        message(&r),
        "error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}"
    );
    assert_unchanged(&api, &format!("{CONFIGMAPS}/a"), &before).await;
}

/// json-patch replaces the whole document for path `""`; the result has no
/// kind, and patch.go answers `NewInvalid(schema.GroupKind{}, "", ...)`.
#[tokio::test]
async fn json_patch_replacing_the_document_with_an_array_is_422_and_keeps_the_object() {
    let api = Api::start();
    let before = create_configmap(&api, "a").await;
    let r = api
        .patch(
            &format!("{CONFIGMAPS}/a"),
            JSON_PATCH,
            &json!([{"op": "replace", "path": "", "value": []}]),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        message(&r),
        r#" "" is invalid: patch: Invalid value: "[]": couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\"apiVersion,omitempty\""; Kind string "json:\"kind,omitempty\"" }"#
    );
    assert_eq!(r.body["details"]["causes"][0]["field"], "patch");
    assert_unchanged(&api, &format!("{CONFIGMAPS}/a"), &before).await;
}

/// strategicpatch's `$patch: delete` at the top level gives `{}`; the
/// update handler's `checkName` finds no name.
#[tokio::test]
async fn strategic_merge_patch_delete_directive_is_400_and_keeps_the_object() {
    let api = Api::start();
    let before = create_configmap(&api, "a").await;
    let r = api
        .patch(
            &format!("{CONFIGMAPS}/a"),
            STRATEGIC_MERGE_PATCH,
            &json!({"$patch": "delete"}),
        )
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        message(&r),
        "the name of the object (a based on URL) was undeterminable: name must be provided"
    );
    assert_unchanged(&api, &format!("{CONFIGMAPS}/a"), &before).await;
}

/// A merge patch nulling `metadata` leaves no name (`checkName`, 400); one
/// nulling `kind` or `apiVersion` is a no-op for them, as the decoder
/// fills both from the object patched (`gvkWithDefaults`).
#[tokio::test]
async fn merge_patch_nulling_metadata_kind_or_api_version_keeps_the_data() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/a");
    let before = create_configmap(&api, "a").await;
    let r = api
        .patch(&uri, MERGE_PATCH, &json!({"metadata": null}))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        message(&r),
        "the name of the object (a based on URL) was undeterminable: name must be provided"
    );
    assert_unchanged(&api, &uri, &before).await;
    for patch in [json!({"kind": null}), json!({"apiVersion": null})] {
        let r = api.patch(&uri, MERGE_PATCH, &patch).await;
        assert_eq!(r.status, StatusCode::OK, "{patch}: {}", r.text);
        assert_eq!(r.body["kind"], "ConfigMap");
        assert_eq!(r.body["apiVersion"], "v1");
        assert_eq!(r.body["data"], json!({"k": "v"}));
    }
    assert_unchanged(&api, &uri, &before).await;
}

/// protobuf.go `Decode`: a body of only the `k8s\0` prefix is `empty body`,
/// and `transformDecodeError` names the kind and the data in hex.
#[tokio::test]
async fn protobuf_put_of_only_the_magic_is_400_and_keeps_the_object() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/a");
    let before = create_configmap(&api, "a").await;
    let r = api
        .send(
            Method::PUT,
            &uri,
            &[("content-type", PROTOBUF)],
            Body::from(&b"k8s\0"[..]),
        )
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        message(&r),
        "the object provided is unrecognized (must be of type ConfigMap): empty body (6b387300)"
    );
    assert_unchanged(&api, &uri, &before).await;
}

/// patch.go: `maxJSONPatchOperations` (10,000) is a 413.
#[tokio::test]
async fn json_patch_with_more_than_10000_operations_is_413() {
    let api = Api::start();
    create_configmap(&api, "a").await;
    let ops: Vec<Value> = (0..10_001)
        .map(|_| json!({"op": "test", "path": "/data/k", "value": "v"}))
        .collect();
    let r = api
        .patch(&format!("{CONFIGMAPS}/a"), JSON_PATCH, &Value::Array(ops))
        .await;
    r.assert_failure(413, "RequestEntityTooLarge");
    assert_eq!(
        message(&r),
        "Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001"
    );
}

// ---------------------------------------------------------------------------
// Secret stringData (core/v1 conversion.go, ValidateSecret)
// ---------------------------------------------------------------------------

/// `Convert_v1_Secret_To_core_Secret`: stringData is merged into data (it
/// wins a shared key) and never stored or returned.
#[tokio::test]
async fn secret_string_data_is_merged_into_data_and_never_returned() {
    let api = Api::start();
    let created = api
        .create(
            SECRETS,
            &json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"},
                    "data": {"a": "YQ==", "b": "Yg=="}, "stringData": {"b": "two", "c": "three"}}),
        )
        .await;
    let want = json!({"a": "YQ==", "b": "dHdv", "c": "dGhyZWU="});
    assert_eq!(created["data"], want);
    assert!(created.get("stringData").is_none(), "{created}");
    let read = api.get(&format!("{SECRETS}/s")).await;
    assert_eq!(read.body["data"], want);
    assert!(read.body.get("stringData").is_none());
    let patched = api
        .patch(
            &format!("{SECRETS}/s"),
            MERGE_PATCH,
            &json!({"stringData": {"a": "one"}}),
        )
        .await;
    assert_eq!(patched.status, StatusCode::OK, "{}", patched.text);
    assert_eq!(patched.body["data"]["a"], "b25l");
    assert!(patched.body.get("stringData").is_none());
}

/// `ValidateSecret`: the 1 MiB total counts what stringData brought in.
#[tokio::test]
async fn secret_string_data_counts_toward_the_1_mib_limit() {
    let api = Api::start();
    let big = "x".repeat(2 * 1024 * 1024);
    let r = api
        .post(
            SECRETS,
            &json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "big"},
                    "stringData": {"k": big}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        message(&r),
        "Secret \"big\" is invalid: data: Too long: may not be more than 1048576 bytes"
    );
    assert_eq!(api.get(&format!("{SECRETS}/big")).await.status, 404);
}

// ---------------------------------------------------------------------------
// DeleteOptions (handlers/delete.go, ValidateDeleteOptions)
// ---------------------------------------------------------------------------

/// `ValidateDeleteOptions`, from the query or the body: the object stays.
#[tokio::test]
async fn delete_with_an_unsupported_propagation_policy_is_422_and_keeps_the_object() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/a");
    let before = create_configmap(&api, "a").await;
    let from_query = api.delete(&format!("{uri}?propagationPolicy=bogus")).await;
    let from_body = api
        .delete_with(&uri, &json!({"propagationPolicy": "bogus"}))
        .await;
    for r in [from_query, from_body] {
        r.assert_failure(422, "Invalid");
        assert_eq!(
            message(&r),
            "DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Unsupported value: \"bogus\": supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\""
        );
        assert_eq!(r.body["details"]["kind"], "DeleteOptions");
        assert_eq!(r.body["details"]["group"], "meta.k8s.io");
    }
    let both = api
        .delete_with(
            &uri,
            &json!({"orphanDependents": true, "propagationPolicy": "Background"}),
        )
        .await;
    both.assert_failure(422, "Invalid");
    assert_eq!(
        message(&both),
        "DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Invalid value: \"Background\": orphanDependents and deletionPropagation cannot be both set"
    );
    assert_unchanged(&api, &uri, &before).await;
}

/// The parameter codec's `strconv.ParseInt` error, as a 400.
#[tokio::test]
async fn delete_with_a_malformed_grace_period_is_400_and_keeps_the_object() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/a");
    let before = create_configmap(&api, "a").await;
    for (value, why) in [
        ("abc", "invalid syntax"),
        ("", "invalid syntax"),
        ("9223372036854775808", "value out of range"),
    ] {
        let r = api
            .delete(&format!("{uri}?gracePeriodSeconds={value}"))
            .await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            message(&r),
            format!("strconv.ParseInt: parsing \"{value}\": {why}")
        );
    }
    let r = api
        .delete_with(&uri, &json!({"gracePeriodSeconds": "abc"}))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_unchanged(&api, &uri, &before).await;
}

/// The handler decodes the body as a DeleteOptions with the meta scheme,
/// where a Pod is not registered (400 since v1.35).
#[tokio::test]
async fn delete_with_a_body_of_another_kind_is_400_and_keeps_the_object() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/a");
    let before = create_configmap(&api, "a").await;
    let r = api
        .delete_with(&uri, &json!({"kind": "Pod", "apiVersion": "v1"}))
        .await;
    r.assert_failure(400, "BadRequest");
    assert!(
        message(&r).starts_with("no kind \"Pod\" is registered for version \"v1\" in scheme "),
        "{}",
        r.text
    );
    assert_unchanged(&api, &uri, &before).await;
}

/// `Convert_Slice_string_To_Pointer_bool`: only `false` and `0` are false,
/// so `orphanDependents=maybe` orphans (the object waits on the `orphan`
/// finalizer), as upstream.
#[tokio::test]
async fn delete_with_orphan_dependents_maybe_orphans_as_upstream() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/a");
    create_configmap(&api, "a").await;
    let r = api.delete(&format!("{uri}?orphanDependents=maybe")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["finalizers"], json!(["orphan"]));
    assert!(r.body["metadata"]["deletionTimestamp"].is_string());
}

/// Upstream has no range check on gracePeriodSeconds; the largest int64
/// must not overflow the deletion timestamp (a panic here would be a 500).
#[tokio::test]
async fn delete_of_a_pod_with_the_largest_grace_period_is_not_a_500() {
    let api = Api::start();
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"nodeName": "n1", "containers": [{"name": "c", "image": "busybox"}]}});
    api.create("/api/v1/namespaces/default/pods", &pod).await;
    let r = api
        .delete_with(
            "/api/v1/namespaces/default/pods/p",
            &json!({"gracePeriodSeconds": i64::MAX}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.body["metadata"]["deletionTimestamp"],
        "9999-12-31T23:59:59Z"
    );
}

// ---------------------------------------------------------------------------
// Options and selectors
// ---------------------------------------------------------------------------

/// `ValidatePatchOptions`: force is for apply patches only.
#[tokio::test]
async fn force_on_a_non_apply_patch_is_422() {
    let api = Api::start();
    create_configmap(&api, "a").await;
    let r = api
        .patch(
            &format!("{CONFIGMAPS}/a?force=true"),
            MERGE_PATCH,
            &json!({"data": {"k": "w"}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        message(&r),
        "PatchOptions.meta.k8s.io \"\" is invalid: force: Forbidden: may not be specified for non-apply patch"
    );
}

/// `ValidateFieldManager`: at most 128 bytes, on each verb's options kind.
#[tokio::test]
async fn field_manager_longer_than_128_bytes_is_422() {
    let api = Api::start();
    let long = "m".repeat(129);
    let r = api
        .post(
            &format!("{CONFIGMAPS}?fieldManager={long}"),
            &configmap("a"),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        message(&r),
        "CreateOptions.meta.k8s.io \"\" is invalid: fieldManager: Too long: may not be more than 128 bytes"
    );
    assert_eq!(
        r.body["details"]["causes"][0]["reason"],
        "FieldValueTooLong"
    );
    let ok = api
        .post(
            &format!("{CONFIGMAPS}?fieldManager={}", "m".repeat(128)),
            &configmap("a"),
        )
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.text);
    let r = api
        .patch(
            &format!("{CONFIGMAPS}/a?fieldManager={long}"),
            MERGE_PATCH,
            &json!({}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert!(message(&r).starts_with("PatchOptions.meta.k8s.io"));
    // Unprintable characters: each one within 128 bytes, the first past.
    let r = api
        .post(
            &format!("{CONFIGMAPS}?fieldManager=a%01b%02"),
            &configmap("b"),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        message(&r),
        "CreateOptions.meta.k8s.io \"\" is invalid: [fieldManager: Invalid value: \"a\\x01b\\x02\": invalid character U+0001 (at position 1), fieldManager: Invalid value: \"a\\x01b\\x02\": invalid character U+0002 (at position 3)]"
    );
    let r = api
        .post(
            &format!("{CONFIGMAPS}?fieldManager={}", "%01".repeat(20_000)),
            &configmap("b"),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["details"]["causes"].as_array().map(Vec::len),
        Some(2),
        "too long, and the first"
    );
}

/// `rest.EnsureObjectNamespaceMatchesRequestNamespace` on update, patch
/// and apply.
#[tokio::test]
async fn namespace_in_the_body_must_match_the_url_on_put_patch_and_apply() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/a");
    let before = create_configmap(&api, "a").await;
    let mut moved = before.clone();
    moved["metadata"]["namespace"] = json!("kube-system");
    let answers = [
        api.put(&uri, &moved).await,
        api.patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"namespace": "kube-system"}}),
        )
        .await,
        api.patch(
            &format!("{uri}?fieldManager=test"),
            APPLY_PATCH,
            &json!({"apiVersion": "v1", "kind": "ConfigMap",
                    "metadata": {"name": "a", "namespace": "kube-system"}}),
        )
        .await,
    ];
    for r in answers {
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            message(&r),
            "the namespace of the provided object does not match the namespace sent on the request"
        );
    }
    assert_unchanged(&api, &uri, &before).await;
}

/// storage/continue.go `DecodeContinue`: a token of another version, or
/// whose start key is not clean, is refused, with the message
/// `storage.ValidateListOptions` wraps it in; so is one of another
/// resource (upstream's tokens hold keys relative to the list's prefix, and
/// it would read such a start key inside this list instead).
#[tokio::test]
async fn continue_tokens_of_another_version_or_resource_are_400() {
    use base64::Engine as _;
    let api = Api::start();
    for name in ["a", "b"] {
        create_configmap(&api, name).await;
    }
    let token =
        |doc: Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(doc.to_string());
    for (doc, want) in [
        (
            json!({"v": "meta.k8s.io/v2", "rv": 5, "start": "/registry/configmaps/default/a"}),
            "invalid continue token: continue key is not valid: server does not recognize this encoded version meta.k8s.io/v2",
        ),
        (
            json!({"v": "meta.k8s.io/v1", "rv": 5, "start": "/registry/configmaps/default/../../secrets/default/s"}),
            "invalid continue token: continue key is not valid: /registry/configmaps/default/../../secrets/default/s",
        ),
        (
            json!({"v": "meta.k8s.io/v1", "rv": 5, "start": "/registry/secrets/default/s"}),
            "invalid continue token: continue key is not valid: /registry/secrets/default/s",
        ),
    ] {
        let r = api
            .get(&format!("{CONFIGMAPS}?limit=1&continue={}", token(doc)))
            .await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(message(&r), want);
    }
    // Our own tokens are unpadded URL-safe base64, as upstream's.
    let page = api.get(&format!("{CONFIGMAPS}?limit=1")).await;
    let next = page.body["metadata"]["continue"].as_str().unwrap();
    assert!(!next.contains('='), "{next}");
    let rest = api
        .get(&format!("{CONFIGMAPS}?limit=1&continue={next}"))
        .await;
    assert_eq!(rest.status, StatusCode::OK, "{}", rest.text);
    assert_eq!(rest.body["items"][0]["metadata"]["name"], "b");
}

/// labels/selector.go `parseValues`: `()` is the set holding the empty
/// string, so `a in ()` selects objects whose label `a` is empty; it is
/// not a parse error upstream either.
#[tokio::test]
async fn label_selector_in_an_empty_set_selects_the_empty_value_as_upstream() {
    let api = Api::start();
    let mut empty = configmap("empty");
    empty["metadata"]["labels"] = json!({"a": ""});
    let mut set = configmap("set");
    set["metadata"]["labels"] = json!({"a": "x"});
    api.create(CONFIGMAPS, &empty).await;
    api.create(CONFIGMAPS, &set).await;
    let r = api
        .get(&format!("{CONFIGMAPS}?labelSelector=a%20in%20()"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let names: Vec<&str> = r.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["metadata"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["empty"]);
}

/// fields/selector.go `UnescapeValue`: an unescaped `=` in a value.
#[tokio::test]
async fn field_selector_with_an_unescaped_equals_is_400() {
    let api = Api::start();
    let r = api
        .get(&format!(
            "{CONFIGMAPS}?fieldSelector=metadata.name%3D%3Db%3D%3Dc"
        ))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        message(&r),
        "invalid field selector: unescaped character in value: 61"
    );
}

// ---------------------------------------------------------------------------
// Kinds' own rules
// ---------------------------------------------------------------------------

/// events.go `legacyValidateEvent`: a v1 Event without an involved object
/// is accepted in `default` ("for compatibility with old clients") and
/// refused elsewhere.
#[tokio::test]
async fn event_without_involved_object_is_refused_outside_default() {
    let api = Api::start();
    let event = |ns: &str| json!({"apiVersion": "v1", "kind": "Event", "metadata": {"name": "e1", "namespace": ns}});
    let ok = api
        .post("/api/v1/namespaces/default/events", &event("default"))
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.text);
    let r = api
        .post(
            "/api/v1/namespaces/kube-system/events",
            &event("kube-system"),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        message(&r),
        "Event \"e1\" is invalid: involvedObject.namespace: Invalid value: \"\": does not match event.namespace"
    );
}

// ---------------------------------------------------------------------------
// Paths and methods
// ---------------------------------------------------------------------------

/// installer.go's deprecated WATCHLIST and WATCH routes are still served.
#[tokio::test]
async fn legacy_watch_paths_watch() {
    let api = Api::start();
    create_configmap(&api, "a").await;
    create_configmap(&api, "b").await;
    let (status, _, mut all) = api
        .watch("/api/v1/watch/namespaces/default/configmaps")
        .await;
    assert_eq!(status, StatusCode::OK);
    let mut names = vec![all.next_event().await.1, all.next_event().await.1];
    names.sort();
    assert_eq!(names, ["a", "b"]);
    let (_, _, mut one) = api
        .watch("/api/v1/watch/namespaces/default/configmaps/b")
        .await;
    assert_eq!(
        one.next_event().await,
        ("ADDED".to_string(), "b".to_string())
    );
    let (status, _, _) = api.watch("/api/v1/watch/configmaps").await;
    assert_eq!(status, StatusCode::OK);
}

/// The cacher's `nextBookmarkTime`: a bookmark 2 s before the deadline.
#[tokio::test]
async fn a_bookmark_comes_before_the_watch_times_out() {
    let api = Api::start();
    let started = Instant::now();
    let (_, _, mut events) = api
        .watch(&format!(
            "{CONFIGMAPS}?watch=true&allowWatchBookmarks=true&timeoutSeconds=3"
        ))
        .await;
    let bookmark = events.next().await.expect("a bookmark");
    assert_eq!(bookmark["type"], "BOOKMARK", "{bookmark}");
    let at = started.elapsed();
    assert!(at >= Duration::from_millis(900), "{at:?}");
    assert!(
        events.next().await.is_none(),
        "the watch ends at its timeout"
    );
}

/// go-restful answers a method a path does not serve with a 405 Status;
/// the health checks answer any method (`handleRootHealth`).
#[tokio::test]
async fn unsupported_methods_on_version_are_405_statuses() {
    let api = Api::start();
    let r = api.send(Method::POST, "/version", &[], Body::empty()).await;
    r.assert_failure(405, "MethodNotAllowed");
    assert_eq!(
        message(&r),
        "the server does not allow this method on the requested resource"
    );
    let r = api
        .send(Method::DELETE, "/healthz", &[], Body::empty())
        .await;
    assert_eq!((r.status, r.text.as_str()), (StatusCode::OK, "ok"));
}

// ---------------------------------------------------------------------------
// Deeply nested bodies
// ---------------------------------------------------------------------------

/// A body nested deeper than the limit is refused cheaply, JSON or YAML,
/// with the decoder's answer for a body it cannot read a kind from.
#[tokio::test]
async fn deeply_nested_bodies_are_400_at_once() {
    let api = Api::start();
    let depth = 1_000_000;
    let json_body = format!(
        r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"x"}},"data":{}{}}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let yaml_body = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata: {}",
        "[".repeat(depth)
    );
    let started = Instant::now();
    let r = api.post_bytes(CONFIGMAPS, json_body).await;
    r.assert_failure(400, "BadRequest");
    assert!(
        message(&r).starts_with("the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: exceeded max depth of 100"),
        "{}",
        r.text
    );
    let r = api
        .send(
            Method::POST,
            CONFIGMAPS,
            &[("content-type", "application/yaml")],
            yaml_body.clone(),
        )
        .await;
    r.assert_failure(400, "BadRequest");
    assert!(
        message(&r).starts_with("the object provided is unrecognized (must be of type ConfigMap): yaml: exceeded max depth of 100 (61706956657273696f6e3a2076310a6b696e643a20436f6e6669674d6170 ...)"),
        "{}",
        r.text
    );
    create_configmap(&api, "a").await;
    let r = api
        .send(
            Method::PATCH,
            &format!("{CONFIGMAPS}/a?fieldManager=test"),
            &[("content-type", APPLY_PATCH)],
            yaml_body,
        )
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        message(&r),
        "error decoding YAML: error converting YAML to JSON: yaml: exceeded max depth of 100"
    );
    // A parse without the depth limit takes minutes or overflows its
    // stack; 10 s leaves room for a loaded machine and an unoptimised build.
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

/// The warning recorder's limits (`endpoints/filters/warning.go`): 200,000
/// unknown fields (2.2 MB) do not give 200,000 `Warning` headers.
#[tokio::test]
async fn warnings_are_capped_per_request() {
    let api = Api::start();
    let mut body = configmap("w");
    for i in 0..200_000 {
        body[format!("u{i}")] = json!(0);
    }
    let r = api.post(CONFIGMAPS, &body).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let warnings = r.headers.get_all("warning").iter().count();
    assert!((100..400).contains(&warnings), "{warnings} warnings");
    let total: usize = r.headers.get_all("warning").iter().map(|v| v.len()).sum();
    assert!(total < 16 * 1024, "{total} bytes of warnings");
}

// ---------------------------------------------------------------------------
// Connections: timeouts, slow clients, Host
// ---------------------------------------------------------------------------

/// One raw HTTP/1.1 exchange: writes `request`, reads until the server
/// closes or 5 s pass; returns (status code, body).
fn raw(addr: std::net::SocketAddr, request: &[u8]) -> (u16, String) {
    exchange(addr, request, false)
}

/// As [`raw`]; with `close_write`, the client closes its sending side
/// after the request (a body shorter than its Content-Length ends there).
fn exchange(addr: std::net::SocketAddr, request: &[u8], close_write: bool) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream.write_all(request).unwrap();
    if close_write {
        let _ = stream.shutdown(std::net::Shutdown::Write);
    }
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let code = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (code, body)
}

fn start_with(config: Config) -> TestServer {
    TestServer::start_with_config(Arc::new(MemoryStore::new()), Config { port: 0, ..config })
}

/// A body that cannot be read (a bad chunk size, a connection closed
/// before Content-Length bytes) is a 400 Status, not 413.
#[test]
fn unreadable_bodies_are_400() {
    let s = TestServer::start();
    let head = |extra: &str| {
        format!(
            "POST {CONFIGMAPS} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n{extra}Connection: close\r\n\r\n",
            s.addr
        )
    };
    for request in [
        format!(
            "{}zz\r\n{{}}\r\n0\r\n\r\n",
            head("Transfer-Encoding: chunked\r\n")
        ),
        format!("{}{{\"a\":", head("Content-Length: 100\r\n")),
    ] {
        let (code, body) = exchange(s.addr, request.as_bytes(), true);
        assert_eq!(code, 400, "{request}: {body}");
        let status: Value = serde_json::from_str(&body).expect("a Status");
        assert_eq!(status["reason"], "BadRequest");
        assert!(
            status["message"]
                .as_str()
                .unwrap()
                .starts_with("error reading the request body: "),
            "{status}"
        );
    }
}

/// A body not sent within the request timeout is a 504 Timeout Status
/// (upstream's `finisher`: `request did not complete within requested
/// timeout`), and its write seat is free again.
#[test]
fn a_body_not_sent_in_time_is_504() {
    let s = start_with(Config {
        request_timeout: Duration::from_millis(500),
        ..Config::default()
    });
    let mut stream = TcpStream::connect(s.addr).unwrap();
    write!(
        stream,
        "POST {CONFIGMAPS} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{",
        s.addr
    )
    .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&received).contains("\"code\":504") {
        let n = stream.read(&mut buf).expect("an answer");
        assert!(
            n > 0,
            "closed early: {}",
            String::from_utf8_lossy(&received)
        );
        received.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&received);
    assert!(text.starts_with("HTTP/1.1 504"), "{text}");
    assert!(
        text.contains(r#""message":"Timeout: request did not complete within requested timeout - context deadline exceeded""#),
        "{text}"
    );
}

/// Slow clients cannot take the reads' seats: with 400 connections
/// trickling request bodies (each holding a write seat, the rest turned
/// away with 429), a GET answers at once.
#[test]
fn slow_bodies_do_not_block_reads() {
    let s = TestServer::start();
    let mut slow = Vec::new();
    for _ in 0..400 {
        let mut stream = TcpStream::connect(s.addr).unwrap();
        write!(
            stream,
            "POST {CONFIGMAPS} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{",
            s.addr
        )
        .unwrap();
        slow.push(stream);
    }
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    let (code, body) = raw(
        s.addr,
        format!(
            "GET {CONFIGMAPS} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.addr
        )
        .as_bytes(),
    );
    assert_eq!(code, 200, "{body}");
    // The bodies never finish: a GET behind them would never answer. 5 s
    // leaves room for a loaded machine.
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    drop(slow);
}

/// A client that never finishes its request headers is disconnected after
/// the header read timeout (kube-apiserver: `ReadHeaderTimeout`).
#[test]
fn partial_request_headers_are_timed_out() {
    let s = start_with(Config {
        header_read_timeout: Duration::from_millis(500),
        ..Config::default()
    });
    let mut stream = TcpStream::connect(s.addr).unwrap();
    stream
        .write_all(b"GET /version HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let started = Instant::now();
    let mut buf = Vec::new();
    let _ = stream.read_to_end(&mut buf);
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "the connection stayed open"
    );
}

/// A 2 MB deeply nested YAML body in flight (sent over about 4 seconds, in
/// a shape that misleads a structural scan: a quote opening a plain
/// scalar's continuation line) does not hold up a GET, and is refused
/// once read.
#[test]
fn a_get_answers_while_a_nested_yaml_body_is_in_flight() {
    let s = TestServer::start();
    let addr = s.addr;
    let nested = std::thread::spawn(move || {
        let body = format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: b\n    'x\ndata: {}",
            "[".repeat(2_000_000)
        );
        let mut stream = TcpStream::connect(addr).unwrap();
        write!(
            stream,
            "POST {CONFIGMAPS} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/yaml\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .unwrap();
        for chunk in body.as_bytes().chunks(50_000) {
            stream.write_all(chunk).unwrap();
            std::thread::sleep(Duration::from_millis(100));
        }
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        response
    });
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let (code, _) = raw(
        addr,
        format!("GET {CONFIGMAPS} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    );
    assert_eq!(code, 200);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(
        !nested.is_finished(),
        "the nested body was still being sent"
    );
    let response = nested.join().unwrap();
    assert!(response.starts_with("HTTP/1.1 400"), "{response:.300}");
    assert!(response.contains("yaml: "), "{response:.300}");
}

/// Bound to a loopback address, the server answers loopback names only
/// (DNS rebinding); `allowed_hosts` (`--allowed-hosts`) widens the list.
#[test]
fn other_hosts_are_refused_on_loopback() {
    let s = start_with(Config {
        allowed_hosts: vec!["dev.example".into()],
        ..Config::default()
    });
    let get = |host: &str| {
        raw(
            s.addr,
            format!("GET /version HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
    };
    let (code, body) = get("evil.example");
    assert_eq!(code, 403, "{body}");
    let status: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(status["reason"], "Forbidden");
    assert!(
        status["message"]
            .as_str()
            .unwrap()
            .contains("--allowed-hosts=evil.example")
    );
    for host in [
        format!("127.0.0.1:{}", s.addr.port()),
        "localhost".to_string(),
        format!("localhost:{}", s.addr.port()),
        "[::1]:6443".to_string(),
        "dev.example:443".to_string(),
        "DEV.example".to_string(),
    ] {
        assert_eq!(get(&host).0, 200, "{host}");
    }
}
