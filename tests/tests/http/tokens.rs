//! Service account tokens: the `serviceaccounts/token` subresource
//! (`TokenREST.Create`) and the TokenReview that checks what it issued,
//! with upstream's defaults, claims and errors.

use base64::Engine;

use super::*;

const ACCOUNTS: &str = "/api/v1/namespaces/default/serviceaccounts";
const REVIEWS: &str = "/apis/authentication.k8s.io/v1/tokenreviews";
const ISSUER: &str = "https://kubernetes.default.svc.cluster.local";

fn account(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": name}})
}

fn token_request(spec: Value) -> Value {
    json!({"apiVersion": "authentication.k8s.io/v1", "kind": "TokenRequest", "spec": spec})
}

/// A pod of the service account `account`, on the node `node`.
fn pod_of(name: &str, account: &str, node: &str) -> Value {
    json!({
        "apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
        "spec": {
            "serviceAccountName": account, "nodeName": node,
            "containers": [{"name": "c", "image": "nginx"}],
        },
    })
}

/// The header and claims of a JWT.
fn decoded(token: &str) -> (Value, Value) {
    let part = |i: usize| -> Value {
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(token.split('.').nth(i).expect("three parts"))
            .expect("base64url");
        serde_json::from_slice(&bytes).expect("JSON")
    };
    (part(0), part(1))
}

/// The TokenReview's status for `token`, for `audiences` (the server's
/// when empty).
async fn review(api: &Api, token: &str, audiences: &[&str]) -> Value {
    let mut spec = json!({"token": token});
    if !audiences.is_empty() {
        spec["audiences"] = json!(audiences);
    }
    let r = api
        .post(
            REVIEWS,
            &json!({"apiVersion": "authentication.k8s.io/v1", "kind": "TokenReview", "spec": spec}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    r.body["status"].clone()
}

/// A token request answers 201 with the TokenRequest, defaulted (the
/// server's audience, an hour), its token an ES256 JWT with upstream's
/// claims, which the TokenReview authenticates as the service account.
#[tokio::test]
async fn a_token_request_issues_a_token_the_review_authenticates() {
    let api = Api::start();
    let sa = api.create(ACCOUNTS, &account("robot")).await;
    let r = api
        .post(
            &format!("{ACCOUNTS}/robot/token"),
            &token_request(json!({})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let answer = &r.body;
    assert_eq!(answer["kind"], "TokenRequest");
    assert_eq!(answer["apiVersion"], "authentication.k8s.io/v1");
    assert_eq!(answer["metadata"]["name"], "robot");
    assert_eq!(answer["metadata"]["namespace"], "default");
    assert_eq!(
        answer["spec"],
        json!({"audiences": [ISSUER], "expirationSeconds": 3600, "boundObjectRef": null})
    );
    let created = chrono::DateTime::parse_from_rfc3339(
        answer["metadata"]["creationTimestamp"].as_str().unwrap(),
    )
    .unwrap();
    let expires = chrono::DateTime::parse_from_rfc3339(
        answer["status"]["expirationTimestamp"].as_str().unwrap(),
    )
    .unwrap();
    assert_eq!((expires - created).num_seconds(), 3600);

    let token = answer["status"]["token"].as_str().unwrap();
    let (header, claims) = decoded(token);
    assert_eq!(header["alg"], "ES256");
    assert_eq!(header["kid"].as_str().unwrap().len(), 43, "{header}");
    let uid = sa["metadata"]["uid"].as_str().unwrap();
    assert_eq!(claims["iss"], ISSUER);
    assert_eq!(claims["sub"], "system:serviceaccount:default:robot");
    assert_eq!(claims["aud"], json!([ISSUER]));
    assert_eq!(
        claims["kubernetes.io"],
        json!({"namespace": "default", "serviceaccount": {"name": "robot", "uid": uid}})
    );
    let iat = claims["iat"].as_i64().unwrap();
    assert_eq!(claims["nbf"].as_i64(), Some(iat));
    assert_eq!(claims["exp"].as_i64(), Some(iat + 3600));
    assert_eq!(iat, created.timestamp());

    let status = review(&api, token, &[]).await;
    let jti = claims["jti"].as_str().unwrap();
    assert_eq!(
        status,
        json!({
            "authenticated": true,
            "user": {
                "username": "system:serviceaccount:default:robot",
                "uid": uid,
                "groups": ["system:serviceaccounts", "system:serviceaccounts:default", "system:authenticated"],
                "extra": {"authentication.kubernetes.io/credential-id": [format!("JTI={jti}")]},
            },
            "audiences": [ISSUER],
        })
    );

    // Audiences of the request's own, and of the review's.
    let r = api
        .post(
            &format!("{ACCOUNTS}/robot/token"),
            &token_request(json!({"audiences": ["vault", "other"], "expirationSeconds": 600})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let token = r.body["status"]["token"].as_str().unwrap();
    let status = review(&api, token, &["vault"]).await;
    assert_eq!(status["authenticated"], true);
    assert_eq!(status["audiences"], json!(["vault"]));
    let status = review(&api, token, &[]).await;
    assert_eq!(
        status,
        json!({
            "user": {},
            "error": format!(r#"token audiences ["vault" "other"] is invalid for the target audiences ["{ISSUER}"]"#),
        })
    );
}

/// TokenREST's refusals, in its order and words.
#[tokio::test]
async fn token_requests_are_refused_as_upstream_refuses_them() {
    let api = Api::start();
    let r = api
        .post(
            &format!("{ACCOUNTS}/ghost/token"),
            &token_request(json!({"expirationSeconds": 60})),
        )
        .await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], r#"serviceaccounts "ghost" not found"#);

    api.create(ACCOUNTS, &account("robot")).await;
    let token_path = format!("{ACCOUNTS}/robot/token");
    let r = api
        .post(
            &token_path,
            &token_request(json!({"expirationSeconds": 60})),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        r#"TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes"#
    );
    let mut named = token_request(json!({}));
    named["metadata"] = json!({"name": "other"});
    let r = api.post(&token_path, &named).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        r#"TokenRequest.authentication.k8s.io "robot" is invalid: metadata.name: Invalid value: "other": must match the service account name if specified"#
    );
    let bound = |kind: &str, api_version: &str, name: &str, uid: &str| {
        token_request(
            json!({"boundObjectRef": {"kind": kind, "apiVersion": api_version, "name": name, "uid": uid}}),
        )
    };
    let r = api
        .post(&token_path, &bound("ConfigMap", "v1", "x", ""))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "cannot bind token to object of type /v1, Kind=ConfigMap"
    );
    let r = api.post(&token_path, &bound("Pod", "v1", "web", "")).await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], r#"pods "web" not found"#);
    api.create(
        "/api/v1/namespaces/default/pods",
        &pod_of("web", "default", ""),
    )
    .await;
    let r = api.post(&token_path, &bound("Pod", "v1", "web", "")).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        r#"cannot bind token for serviceaccount "robot" to pod running with different serviceaccount name."#
    );
    api.create(
        "/api/v1/namespaces/default/secrets",
        &json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}}),
    )
    .await;
    let r = api
        .post(&token_path, &bound("Secret", "v1", "s", "not-its-uid"))
        .await;
    r.assert_failure(409, "Conflict");
    assert_eq!(
        r.body["message"],
        r#"Operation cannot be fulfilled on Secret "s": the UID in the bound object reference (not-its-uid) does not match the UID in record. The object might have been deleted and then recreated"#
    );
}

/// A token bound to a pod names the pod (and its node) in its claims and
/// in the reviewed user's extra; it is valid while that pod, and the
/// service account, are the ones it was issued for. A pod's token asked
/// for with kubelets' lifetime (3607 s) is valid for a year.
#[tokio::test]
async fn bound_tokens_live_as_long_as_what_they_are_bound_to() {
    let api = Api::start();
    api.create(ACCOUNTS, &account("robot")).await;
    let node = api
        .create(
            "/api/v1/nodes",
            &json!({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1"}}),
        )
        .await;
    let pod = api
        .create(
            "/api/v1/namespaces/default/pods",
            &pod_of("web", "robot", "n1"),
        )
        .await;
    let token_path = format!("{ACCOUNTS}/robot/token");
    let r = api
        .post(
            &token_path,
            &token_request(json!({"expirationSeconds": 3607, "boundObjectRef": {"kind": "Pod", "apiVersion": "v1", "name": "web"}})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let token = r.body["status"]["token"].as_str().unwrap().to_owned();
    let (_, claims) = decoded(&token);
    let (pod_uid, node_uid) = (
        pod["metadata"]["uid"].as_str().unwrap(),
        node["metadata"]["uid"].as_str().unwrap(),
    );
    assert_eq!(
        claims["kubernetes.io"]["pod"],
        json!({"name": "web", "uid": pod_uid})
    );
    assert_eq!(
        claims["kubernetes.io"]["node"],
        json!({"name": "n1", "uid": node_uid})
    );
    let iat = claims["iat"].as_i64().unwrap();
    assert_eq!(
        claims["exp"].as_i64(),
        Some(iat + 365 * 24 * 3600),
        "extended"
    );
    assert_eq!(
        claims["kubernetes.io"]["warnafter"].as_i64(),
        Some(iat + 3607)
    );
    let status = review(&api, &token, &[]).await;
    assert_eq!(status["authenticated"], true, "{status}");
    let extra = &status["user"]["extra"];
    assert_eq!(
        extra["authentication.kubernetes.io/pod-name"],
        json!(["web"])
    );
    assert_eq!(
        extra["authentication.kubernetes.io/pod-uid"],
        json!([pod_uid])
    );
    assert_eq!(
        extra["authentication.kubernetes.io/node-name"],
        json!(["n1"])
    );
    assert_eq!(
        extra["authentication.kubernetes.io/node-uid"],
        json!([node_uid])
    );

    // The pod goes (at once: no grace period): its token goes with it.
    let r = api
        .delete_with(
            "/api/v1/namespaces/default/pods/web",
            &json!({"gracePeriodSeconds": 0}),
        )
        .await;
    assert!(r.status.is_success(), "{}", r.text);
    let status = review(&api, &token, &[]).await;
    assert_eq!(
        status,
        json!({"user": {}, "error": "service account token has been invalidated"})
    );

    // The service account deleted and made again: another uid.
    let r = api.post(&token_path, &token_request(json!({}))).await;
    let token = r.body["status"]["token"].as_str().unwrap().to_owned();
    let old_uid = decoded(&token).1["kubernetes.io"]["serviceaccount"]["uid"].clone();
    assert!(
        api.delete(&format!("{ACCOUNTS}/robot"))
            .await
            .status
            .is_success()
    );
    let status = review(&api, &token, &[]).await;
    assert_eq!(status["error"], r#"serviceaccounts "robot" not found"#);
    let again = api.create(ACCOUNTS, &account("robot")).await;
    let status = review(&api, &token, &[]).await;
    assert_eq!(
        status["error"],
        format!(
            "service account UID ({}) does not match claim ({})",
            again["metadata"]["uid"].as_str().unwrap(),
            old_uid.as_str().unwrap()
        )
    );
}

/// Tokens the server did not issue, or that were changed, do not
/// authenticate; a review without a token is refused.
#[tokio::test]
async fn foreign_and_forged_tokens_do_not_authenticate() {
    let api = Api::start();
    api.create(ACCOUNTS, &account("robot")).await;
    let status = review(&api, "not-a-jwt", &[]).await;
    assert_eq!(status, json!({"user": {}, "error": "invalid bearer token"}));

    let r = api
        .post(
            &format!("{ACCOUNTS}/robot/token"),
            &token_request(json!({})),
        )
        .await;
    let token = r.body["status"]["token"].as_str().unwrap();
    // The claims changed, the signature kept: it no longer verifies.
    let (_, mut claims) = decoded(token);
    claims["sub"] = json!("system:serviceaccount:kube-system:admin");
    let parts: Vec<&str> = token.split('.').collect();
    let forged = format!(
        "{}.{}.{}",
        parts[0],
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(claims.to_string()),
        parts[2]
    );
    let status = review(&api, &forged, &[]).await;
    assert_eq!(
        status,
        json!({"user": {}, "error": "go-jose/go-jose: error in cryptographic primitive"})
    );
    // Another issuer's token is not this server's to judge.
    claims["iss"] = json!("https://elsewhere.example");
    let foreign = format!(
        "{}.{}.{}",
        parts[0],
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(claims.to_string()),
        parts[2]
    );
    let status = review(&api, &foreign, &[]).await;
    assert_eq!(status["error"], "invalid bearer token");

    let r = api
        .post(
            REVIEWS,
            &json!({"apiVersion": "authentication.k8s.io/v1", "kind": "TokenReview", "spec": {"token": ""}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
}

/// Service account issuer discovery: the OpenID provider configuration
/// and the issuer's keys, with which a verifier outside the server checks
/// a token's signature.
#[tokio::test]
async fn the_issuer_publishes_the_keys_that_verify_its_tokens() {
    let api = Api::start();
    let r = api.get("/.well-known/openid-configuration").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(r.header("cache-control"), Some("public, max-age=3600"));
    assert_eq!(r.body["issuer"], ISSUER);
    assert!(
        r.body["jwks_uri"]
            .as_str()
            .unwrap()
            .ends_with("/openid/v1/jwks"),
        "{}",
        r.text
    );
    assert_eq!(r.body["response_types_supported"], json!(["id_token"]));
    assert_eq!(r.body["subject_types_supported"], json!(["public"]));
    assert_eq!(
        r.body["id_token_signing_alg_values_supported"],
        json!(["ES256"])
    );

    let r = api.get("/openid/v1/jwks").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.header("content-type"), Some("application/jwk-set+json"));
    let key = &r.body["keys"][0];
    assert_eq!(
        (&key["use"], &key["kty"], &key["crv"], &key["alg"]),
        (
            &json!("sig"),
            &json!("EC"),
            &json!("P-256"),
            &json!("ES256")
        )
    );

    api.create(ACCOUNTS, &account("robot")).await;
    let r = api
        .post(
            &format!("{ACCOUNTS}/robot/token"),
            &token_request(json!({})),
        )
        .await;
    let token = r.body["status"]["token"].as_str().unwrap();
    let (header, _) = decoded(token);
    assert_eq!(header["kid"], key["kid"]);
    let b64 = |v: &Value| {
        base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(v.as_str().unwrap())
            .unwrap()
    };
    let mut point = vec![0x04];
    point.extend(b64(&key["x"]));
    point.extend(b64(&key["y"]));
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let verifier =
        ring::signature::UnparsedPublicKey::new(&ring::signature::ECDSA_P256_SHA256_FIXED, point);
    verifier
        .verify(signed.as_bytes(), &b64(&json!(signature)))
        .expect("the published key verifies the token");

    // A server without a token issuer publishes nothing.
    let plain = Api::start_with_config(
        std::sync::Arc::new(server::storage::MemoryStore::new()),
        server::Config::default(),
    );
    for path in ["/.well-known/openid-configuration", "/openid/v1/jwks"] {
        plain.get(path).await.assert_failure(404, "NotFound");
    }
}

/// Tokens bound to a Secret or a Node name it in their claims; each
/// lives as long as that object with its uid. A TokenRequest encoded
/// with the prost types (protobuf, as kubelets send it) is read as JSON
/// would be.
#[tokio::test]
async fn tokens_bound_to_secrets_and_nodes() {
    use proto::api::authentication::v1 as authn;
    let api = Api::start();
    api.create(ACCOUNTS, &account("robot")).await;
    let secret = api
        .create(
            "/api/v1/namespaces/default/secrets",
            &json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}}),
        )
        .await;
    let node = api
        .create(
            "/api/v1/nodes",
            &json!({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1"}}),
        )
        .await;
    let token_path = format!("{ACCOUNTS}/robot/token");
    let request = |kind: &str, name: &str| authn::TokenRequest {
        spec: Some(authn::TokenRequestSpec {
            bound_object_ref: Some(authn::BoundObjectReference {
                kind: Some(kind.into()),
                api_version: Some("v1".into()),
                name: Some(name.into()),
                ..Default::default()
            }),
            ..Default::default()
        }),
        ..Default::default()
    };
    let mut tokens = Vec::new();
    for (kind, name, object) in [("Secret", "s", &secret), ("Node", "n1", &node)] {
        let body = proto::encode_envelope(
            "authentication.k8s.io/v1",
            "TokenRequest",
            &request(kind, name),
        );
        let r = api
            .send(
                Method::POST,
                &token_path,
                &[("content-type", proto::MEDIA_TYPE)],
                Body::from(body),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        assert_eq!(r.body["spec"]["boundObjectRef"]["kind"], kind);
        let token = r.body["status"]["token"].as_str().unwrap().to_owned();
        let (_, claims) = decoded(&token);
        let claim = kind.to_lowercase();
        assert_eq!(
            claims["kubernetes.io"][&claim],
            json!({"name": name, "uid": object["metadata"]["uid"]})
        );
        let status = review(&api, &token, &[]).await;
        assert_eq!(status["authenticated"], true, "{status}");
        tokens.push(token);
    }
    let node_extra = review(&api, &tokens[1], &[]).await["user"]["extra"].clone();
    assert_eq!(
        node_extra["authentication.kubernetes.io/node-uid"],
        json!([node["metadata"]["uid"]])
    );

    // Made again, each object has another uid: the tokens end.
    api.delete("/api/v1/namespaces/default/secrets/s").await;
    api.create(
        "/api/v1/namespaces/default/secrets",
        &json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}}),
    )
    .await;
    let status = review(&api, &tokens[0], &[]).await;
    assert!(
        status["error"]
            .as_str()
            .unwrap()
            .starts_with("secret UID ("),
        "{status}"
    );
    api.delete("/api/v1/nodes/n1").await;
    let status = review(&api, &tokens[1], &[]).await;
    assert_eq!(
        status["error"], "service account token has been invalidated",
        "{status}"
    );
}
