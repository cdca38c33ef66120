//! `fieldValidation`: Ignore, Warn and Strict for unknown and duplicate fields.

use super::*;

fn widget_with_unknown_field(name: &str) -> Value {
    let mut w = widget(name);
    w["spec"]["foo"] = json!("bar");
    w
}

#[tokio::test]
async fn strict_field_validation_rejects_unknown_fields() {
    let api = Api::start();
    let r = api
        .post(
            &format!("{WIDGETS}?fieldValidation=Strict"),
            &widget_with_unknown_field("w1"),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"spec.foo\"",
               "reason": "BadRequest", "code": 400})
    );
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn warn_is_the_default_field_validation() {
    let api = Api::start();
    let r = api.post(WIDGETS, &widget_with_unknown_field("w1")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let warnings = r.warnings();
    assert_eq!(warnings, [r#"299 - "unknown field \"spec.foo\"""#]);
    assert!(r.body["spec"].get("foo").is_none(), "{}", r.text);

    let r = api
        .post(
            &format!("{WIDGETS}?fieldValidation=Warn"),
            &widget_with_unknown_field("w2"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert_eq!(
        r.header("warning"),
        Some(r#"299 - "unknown field \"spec.foo\"""#)
    );
}

#[tokio::test]
async fn ignore_field_validation_sends_no_warning() {
    let api = Api::start();
    let r = api
        .post(
            &format!("{WIDGETS}?fieldValidation=Ignore"),
            &widget_with_unknown_field("w1"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.headers.get("warning").is_none());
    assert!(r.body["spec"].get("foo").is_none());
}

#[tokio::test]
async fn an_unknown_field_validation_directive_is_rejected() {
    let api = Api::start();
    let r = api
        .post(&format!("{WIDGETS}?fieldValidation=Foo"), &widget("w1"))
        .await;
    assert!(r.status.is_client_error(), "{}", r.text);
    assert_eq!(r.body["status"], "Failure");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .contains("fieldValidation: Unsupported value: \"Foo\""),
        "{}",
        r.text
    );
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Upstream: `ValidateCreateOptions` → `ValidateFieldValidation`
/// (k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go, supported values
/// `sets.NewString("", Ignore, Warn, Strict).List()`), wrapped by
/// `errors.NewInvalid(schema.GroupKind{Group: "meta.k8s.io", Kind: "CreateOptions"}, "", errs)`
/// in createHandler (k8s.io/apiserver/pkg/endpoints/handlers/create.go).
#[tokio::test]
async fn an_unknown_field_validation_directive_is_422_create_options_invalid() {
    let api = Api::start();
    let r = api
        .post(&format!("{WIDGETS}?fieldValidation=Foo"), &widget("w1"))
        .await;
    let cause = r#"Unsupported value: "Foo": supported values: "", "Ignore", "Strict", "Warn""#;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": format!("CreateOptions.meta.k8s.io \"\" is invalid: fieldValidation: {cause}"),
               "reason": "Invalid",
               "details": {"group": "meta.k8s.io", "kind": "CreateOptions",
                           "causes": [{"reason": "FieldValueNotSupported", "message": cause, "field": "fieldValidation"}]},
               "code": 422})
    );
}

/// A key repeated inside a managed field set is not a field of the object
/// (upstream reads `FieldsV1` as raw bytes): Strict takes the body, and a
/// body refused for a field it repeats itself names only that field.
#[tokio::test]
async fn keys_repeated_in_a_managed_field_set_are_not_duplicate_fields() {
    let api = Api::start();
    let strict = format!("{WIDGETS}?fieldValidation=Strict");
    let body = r#"{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{"name":"w1","managedFields":[{"manager":"m","operation":"Update","apiVersion":"example.dev/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:replicas":{}}}}]},"spec":{"replicas":1}}"#;
    let r = api.post_bytes(&strict, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.warnings().is_empty(), "{:?}", r.warnings());

    let twice = body.replace(r#""name":"w1""#, r#""name":"w2","name":"w2""#);
    let r = api.post_bytes(&strict, twice).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        r#"Widget in version "v1" cannot be handled as a Widget: strict decoding error: duplicate field "metadata.name""#
    );
}

/// A body naming a field twice: Warn (the default) answers with one
/// `Warning: 299` header per duplicate; Strict refuses it with the
/// strict decoding message of KUBECTL.md section F.
#[tokio::test]
async fn duplicate_fields_warn_by_default_and_fail_strict_validation() {
    let api = Api::start();
    let body = r#"{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{"name":"w1","name":"w1"},"spec":{"replicas":1,"replicas":2}}"#;
    let r = api.post_bytes(WIDGETS, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            r#"299 - "duplicate field \"metadata.name\"""#,
            r#"299 - "duplicate field \"spec.replicas\"""#
        ]
    );
    assert_eq!(r.body["spec"]["replicas"], 2, "the last value wins");

    let strict = body.replace("\"w1\",\"name\":\"w1\"", "\"w2\",\"name\":\"w2\"");
    let r = api
        .post_bytes(&format!("{WIDGETS}?fieldValidation=Strict"), strict)
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        r#"Widget in version "v1" cannot be handled as a Widget: strict decoding error: duplicate field "metadata.name", duplicate field "spec.replicas""#
    );
    assert_eq!(
        api.get(&widget_uri("w2")).await.status,
        StatusCode::NOT_FOUND
    );
}

// ---------------------------------------------------------------------------

/// A volume's source is embedded in it (Go's inline `VolumeSource`): an
/// unknown field beside `name` and the source's fields is reported at its
/// path, as upstream's strict decoding reports it, and a known one is read.
#[tokio::test]
async fn unknown_fields_of_an_embedded_struct_are_reported() {
    let api = Api::start();
    let pod = |name: &str| {
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
            "spec": {"containers": [{"name": "c", "image": "nginx"}],
                     "volumes": [{"name": "data", "emptyDir": {}, "bogus": 1}]}})
    };
    let pods = "/api/v1/namespaces/default/pods";
    let r = api
        .post(&format!("{pods}?fieldValidation=Strict"), &pod("p1"))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(
        r.body["message"],
        "Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: unknown field \"spec.volumes[0].bogus\""
    );
    let r = api.post(pods, &pod("p2")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.header("warning"),
        Some(r#"299 - "unknown field \"spec.volumes[0].bogus\"""#)
    );
    assert_eq!(
        r.body["spec"]["volumes"],
        json!([{"name": "data", "emptyDir": {}}])
    );
}

/// A probe embeds its handler and an ephemeral container the fields it
/// shares with containers: unknown fields beside them are reported at
/// their paths, and the fields of both sides are read.
#[tokio::test]
async fn unknown_fields_beside_a_probe_handler_and_in_an_ephemeral_container_are_reported() {
    let api = Api::start();
    let probe = json!({"httpGet": {"path": "/healthz", "port": 8080}, "periodSeconds": 7,
        "failureThreshold": 2, "terminationGracePeriodSeconds": 9, "bogus": 1});
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"containers": [{"name": "c", "image": "nginx", "livenessProbe": probe}],
                 "ephemeralContainers": [{"name": "debug", "image": "busybox",
                     "targetContainerName": "c", "bogus": 2}]}});
    let pods = "/api/v1/namespaces/default/pods";
    let r = api.post(pods, &pod).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            r#"299 - "unknown field \"spec.containers[0].livenessProbe.bogus\"""#,
            r#"299 - "unknown field \"spec.ephemeralContainers[0].bogus\"""#
        ]
    );
    let live = &r.body["spec"]["containers"][0]["livenessProbe"];
    assert_eq!(live["httpGet"]["path"], "/healthz");
    assert_eq!(live["periodSeconds"], 7);
    assert_eq!(live["failureThreshold"], 2);
    assert_eq!(live["terminationGracePeriodSeconds"], 9);
    let debug = &r.body["spec"]["ephemeralContainers"][0];
    assert_eq!(debug["targetContainerName"], "c");
    assert_eq!(debug["image"], "busybox");
    assert!(debug.get("bogus").is_none(), "{debug}");
}

// ---------------------------------------------------------------------------

const APPLY: &str = "application/apply-patch+yaml";

fn apply_uri(name: &str, query: &str) -> String {
    format!("{}?fieldManager=alice{query}", widget_uri(name))
}

/// A server-side apply body is field-validated as a create's is: an
/// unknown field warns by default and fails Strict validation, a repeated
/// key likewise, each with upstream's strict decoding message.
#[tokio::test]
async fn apply_bodies_are_field_validated() {
    let api = Api::start();
    let r = api
        .patch(
            &apply_uri("w1", ""),
            APPLY,
            &widget_with_unknown_field("w1"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.warnings(), [r#"299 - "unknown field \"spec.foo\"""#]);
    assert!(r.body["spec"].get("foo").is_none(), "{}", r.text);

    let r = api
        .patch(
            &apply_uri("w2", "&fieldValidation=Strict"),
            APPLY,
            &widget_with_unknown_field("w2"),
        )
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        r#"Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec.foo""#
    );

    // A repeated key needs the body as text.
    let repeated = async |name: &str, query: &str| {
        let body = format!(
            r#"{{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{{"name":"{name}"}},"spec":{{"replicas":1,"replicas":2}}}}"#
        );
        let headers = [("content-type", APPLY)];
        api.send(Method::PATCH, &apply_uri(name, query), &headers, body)
            .await
    };
    let r = repeated("w3", "").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [r#"299 - "duplicate field \"spec.replicas\"""#]
    );
    assert_eq!(r.body["spec"]["replicas"], 2, "the last value wins");
    let r = repeated("w4", "&fieldValidation=Strict").await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        r#"Widget in version "v1" cannot be handled as a Widget: strict decoding error: duplicate field "spec.replicas""#
    );

    let r = api.patch(&apply_uri("w5", ""), APPLY, &widget("w5")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.headers.get("warning").is_none(), "{}", r.text);
}

/// A value the type cannot hold fails the apply as it fails a create,
/// before any conflict with another manager is looked for.
#[tokio::test]
async fn an_apply_body_the_type_cannot_hold_is_a_bad_request_before_conflicts() {
    let api = Api::start();
    let mut owned = widget("w1");
    owned["spec"]["replicas"] = json!(1);
    let bob = format!("{}?fieldManager=bob", widget_uri("w1"));
    let r = api.patch(&bob, APPLY, &owned).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);

    // alice's replicas would conflict with bob's; the type error comes first.
    let mut wrong = widget("w1");
    wrong["spec"]["replicas"] = json!("three");
    let r = api.patch(&apply_uri("w1", ""), APPLY, &wrong).await;
    r.assert_failure(400, "BadRequest");
    let message = r#"Widget in version "v1" cannot be handled as a Widget: invalid type: string "three", expected i32"#;
    assert_eq!(r.body["message"], message);

    // With no live object, the same.
    wrong["metadata"]["name"] = json!("w2");
    let r = api.patch(&apply_uri("w2", ""), APPLY, &wrong).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(r.body["message"], message);
}
