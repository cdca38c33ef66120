//! Admission webhooks: the configurations of `admissionregistration.k8s.io/v1`
//! (defaults, upstream's validation in its words, the Table), and the
//! `MutatingAdmissionWebhook` and `ValidatingAdmissionWebhook` plugins
//! calling a webhook served over HTTPS (`tests::webhook::WebhookServer`):
//! the review sent, refusals, patches, warnings, selectors, failure
//! policies, and the configurations themselves never sent.

use tests::webhook::{WebhookServer, answer, patch};

use super::*;

pub(super) const VALIDATING: &str =
    "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";
const MUTATING: &str = "/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations";
pub(super) const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";

/// A configuration of `kind` with one webhook `name` at `url`, for
/// `rules`, trusting `ca_bundle`.
pub(super) fn configuration(
    kind: &str,
    name: &str,
    url: &str,
    ca_bundle: &str,
    rules: Value,
) -> Value {
    json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": kind,
        "metadata": {"name": name},
        "webhooks": [{
            "name": name,
            "clientConfig": {"url": url, "caBundle": ca_bundle},
            "rules": rules,
            "sideEffects": "None",
            "admissionReviewVersions": ["v1"],
        }],
    })
}

/// Rules for `operations` on the core group's configmaps.
pub(super) fn configmap_rules(operations: &[&str]) -> Value {
    json!([{"operations": operations, "apiGroups": [""], "apiVersions": ["v1"], "resources": ["configmaps"]}])
}

/// `SetDefaults_ValidatingWebhook` and friends, `ValidateValidatingWebhookConfiguration`
/// in upstream's order and words, and `printValidatingWebhook`'s Table.
#[tokio::test]
async fn configurations_are_defaulted_and_validated_as_upstream() {
    let api = Api::start();
    let mut body = configuration(
        "ValidatingWebhookConfiguration",
        "check.example.com",
        "https://127.0.0.1:1/check",
        "",
        configmap_rules(&["CREATE"]),
    );
    body["webhooks"][0]["clientConfig"] =
        json!({"service": {"namespace": "default", "name": "hook"}});
    let r = api.post(VALIDATING, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let hook = &r.body["webhooks"][0];
    assert_eq!(hook["failurePolicy"], "Fail");
    assert_eq!(hook["matchPolicy"], "Equivalent");
    assert_eq!(hook["namespaceSelector"], json!({}));
    assert_eq!(hook["objectSelector"], json!({}));
    assert_eq!(hook["timeoutSeconds"], 10);
    assert_eq!(hook["rules"][0]["scope"], "*");
    assert_eq!(hook["clientConfig"]["service"]["port"], 443);
    assert_eq!(r.body["metadata"]["generation"], 1);

    let bad = json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingWebhookConfiguration",
        "metadata": {"name": "bad"},
        "webhooks": [
            {
                "name": "short.name",
                "clientConfig": {"url": "http://user@example.com/x?y=1#z"},
                "rules": [{"operations": ["*", "CREATE"], "apiGroups": [], "apiVersions": ["v1"],
                           "resources": ["*", "pods"], "scope": "Global"}],
                "timeoutSeconds": 31,
                "admissionReviewVersions": ["v2"],
            },
            {
                "name": "dup.example.com",
                "clientConfig": {},
                "sideEffects": "Some",
                "failurePolicy": "Sometimes",
                "admissionReviewVersions": ["v1", "v1"],
            },
            {
                "name": "dup.example.com",
                "clientConfig": {"service": {"namespace": "", "name": "hook", "path": "a//b", "port": 0}},
                "sideEffects": "None",
                "admissionReviewVersions": ["v1"],
            },
        ],
    });
    let r = api.post(VALIDATING, &bad).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            // The `+required` marker's check comes first, without
            // upstream's detail (`must specify one of None, NoneOnDryRun`).
            "webhooks[0].sideEffects: Required value",
            "webhooks[0].name: Invalid value: \"short.name\": should be a domain with at least three segments separated by dots",
            "webhooks[0].rules[0].operations: Invalid value: []admissionregistration.OperationType{\"*\", \"CREATE\"}: if '*' is present, must not specify other operations",
            "webhooks[0].rules[0].apiGroups: Required value",
            "webhooks[0].rules[0].resources: Invalid value: []string{\"*\", \"pods\"}: if '*' is present, must not specify other resources without subresources",
            "webhooks[0].rules[0].scope: Unsupported value: \"Global\": supported values: \"*\", \"Cluster\", \"Namespaced\"",
            "webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds",
            "webhooks[0].clientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path]",
            "webhooks[0].clientConfig.url: Invalid value: \"user\": user information is not permitted in the URL",
            "webhooks[0].clientConfig.url: Invalid value: \"z\": fragments are not permitted in the URL",
            "webhooks[0].clientConfig.url: Invalid value: \"y=1\": query parameters are not permitted in the URL",
            "webhooks[0].admissionReviewVersions: Invalid value: []string{\"v2\"}: must include at least one of v1, v1beta1",
            "webhooks[1].failurePolicy: Unsupported value: \"Sometimes\": supported values: \"Fail\", \"Ignore\"",
            "webhooks[1].sideEffects: Unsupported value: \"Some\": supported values: \"None\", \"NoneOnDryRun\"",
            "webhooks[1].clientConfig: Required value: exactly one of url or service is required",
            "webhooks[1].admissionReviewVersions[1]: Invalid value: \"v1\": duplicate version",
            "webhooks[2].clientConfig.service.namespace: Required value: service namespace is required",
            "webhooks[2].clientConfig.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive",
            "webhooks[2].clientConfig.service.path: Invalid value: \"a//b\": must start with a '/'",
            "webhooks[2].clientConfig.service.path: Invalid value: \"a//b\": segment[0] may not be empty",
            "webhooks[2].clientConfig.service.path: Invalid value: \"a//b\": segment[1] may not be empty",
            "webhooks[2].name: Duplicate value: \"dup.example.com\"",
        ]
    );

    // Match conditions are compiled when written: cel-go's words for an
    // expression that does not parse; the authorizer, which this server
    // does not have, is refused.
    let mut conditional = body.clone();
    conditional["metadata"]["name"] = json!("conditional");
    conditional["webhooks"][0]["matchConditions"] = json!([
        {"name": "not-system", "expression": "!request.userInfo.username.startsWith('system:')"},
        {"name": "broken", "expression": " object.metadata.name == "},
        {"name": "breakglass", "expression": "!authorizer.group('').resource('pods').check('breakglass').allowed()"},
        {"name": "not-system", "expression": ""},
    ]);
    let r = api.post(VALIDATING, &conditional).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "webhooks[0].matchConditions[1].expression: Invalid value: \"object.metadata.name ==\": compilation failed: ERROR: <input>:1:24: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | object.metadata.name ==\n | .......................^",
            "webhooks[0].matchConditions[2].expression: Forbidden: the authorizer variable is not supported by this server: it has no authorizer",
            "webhooks[0].matchConditions[3].expression: Required value",
            "webhooks[0].matchConditions[3].name: Duplicate value: \"not-system\"",
        ]
    );
    conditional["webhooks"][0]["matchConditions"] = json!([
        {"name": "not-system", "expression": "!request.userInfo.username.startsWith('system:')"},
    ]);
    let r = api.post(VALIDATING, &conditional).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        api.delete(&format!("{VALIDATING}/conditional"))
            .await
            .status,
        StatusCode::OK
    );

    let r = api
        .get_as(VALIDATING, "application/json;as=Table;v=v1;g=meta.k8s.io")
        .await;
    assert_eq!(table_columns(&r.body), ["Name", "Webhooks", "Age"]);
    assert_eq!(r.body["rows"][0]["cells"][0], "check.example.com");
    assert_eq!(r.body["rows"][0]["cells"][1], 1);

    // A change of the webhooks is a new generation.
    let mut changed = api
        .get(&format!("{VALIDATING}/check.example.com"))
        .await
        .body;
    changed["webhooks"][0]["timeoutSeconds"] = json!(5);
    let r = api
        .put(&format!("{VALIDATING}/check.example.com"), &changed)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["generation"], 2);
}

/// A validating webhook sees the review upstream sends and refuses with
/// its own Status; a write it allows is stored; deletes send the old
/// object.
#[tokio::test]
async fn a_validating_webhook_judges_writes() {
    let webhook = WebhookServer::start(|_, review| {
        let request = &review["request"];
        let object = request.get("object").unwrap_or(&request["oldObject"]);
        if object["data"]["forbidden"].is_string() {
            answer(
                review,
                json!({"allowed": false, "warnings": ["refusing"],
                       "status": {"code": 403, "reason": "Forbidden", "message": "forbidden data"}}),
            )
        } else if object["data"]["silent"].is_string() {
            answer(review, json!({"allowed": false}))
        } else {
            answer(
                review,
                json!({"allowed": true, "warnings": ["looked at it"]}),
            )
        }
    });
    let api = Api::start();
    let url = format!("{}/validate", webhook.base_url);
    // A webhook for everything is not sent the webhook configurations.
    let everything = json!([{"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*/*"]}]);
    let mut all = configuration(
        "ValidatingWebhookConfiguration",
        "all.example.com",
        &url,
        &webhook.ca_bundle(),
        everything,
    );
    all["webhooks"][0]["objectSelector"] = json!({"matchLabels": {"send": "all"}});
    let r = api.post(VALIDATING, &all).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = api
        .post(
            VALIDATING,
            &configuration(
                "ValidatingWebhookConfiguration",
                "check.example.com",
                &url,
                &webhook.ca_bundle(),
                configmap_rules(&["CREATE", "DELETE"]),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let mut labelled = api
        .get(&format!("{VALIDATING}/check.example.com"))
        .await
        .body;
    labelled["metadata"]["labels"] = json!({"send": "all"});
    let r = api
        .put(&format!("{VALIDATING}/check.example.com"), &labelled)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(webhook.reviews().is_empty(), "{:?}", webhook.reviews());

    let mut refused = configmap("refused");
    refused["data"] = json!({"forbidden": "x"});
    let r = api.post(CONFIGMAPS, &refused).await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "admission webhook \"check.example.com\" denied the request: forbidden data"
    );
    // Warnings made before a refusal go with it.
    assert_eq!(r.warnings(), [r#"299 - "refusing""#]);
    let mut silent = configmap("silent");
    silent["data"] = json!({"silent": "x"});
    let r = api.post(CONFIGMAPS, &silent).await;
    // No code is a 400; no reason stays none.
    assert_eq!(
        (r.status, r.body.get("reason")),
        (StatusCode::BAD_REQUEST, None)
    );
    assert_eq!(
        r.body["message"],
        "admission webhook \"check.example.com\" denied the request without explanation"
    );
    assert_eq!(
        api.get(&format!("{CONFIGMAPS}/refused")).await.status,
        StatusCode::NOT_FOUND
    );

    let r = api.post(CONFIGMAPS, &configmap("allowed")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.warnings(), [r#"299 - "looked at it""#]);

    let reviews = webhook.reviews();
    let (path, review) = reviews.last().expect("a review");
    assert_eq!(path, "/validate?timeout=10s");
    assert_eq!(review["apiVersion"], "admission.k8s.io/v1");
    assert_eq!(review["kind"], "AdmissionReview");
    let request = &review["request"];
    assert!(
        request["uid"].as_str().is_some_and(|u| u.len() == 36),
        "{request}"
    );
    assert_eq!(
        request["kind"],
        json!({"group": "", "version": "v1", "kind": "ConfigMap"})
    );
    assert_eq!(
        request["resource"],
        json!({"group": "", "version": "v1", "resource": "configmaps"})
    );
    assert_eq!(request["requestKind"], request["kind"]);
    assert_eq!(request["name"], "allowed");
    assert_eq!(request["namespace"], "default");
    assert_eq!(request["operation"], "CREATE");
    assert_eq!(request["userInfo"]["username"], "system:unsecured");
    assert_eq!(request["object"]["kind"], "ConfigMap");
    assert_eq!(request["object"]["metadata"]["name"], "allowed");
    assert!(request.get("oldObject").is_none());
    assert_eq!(request["dryRun"], false);
    assert_eq!(
        request["options"],
        json!({"kind": "CreateOptions", "apiVersion": "meta.k8s.io/v1"})
    );

    // Updates are not in the rules; deletes are, with the old object.
    let mut updated = api.get(&format!("{CONFIGMAPS}/allowed")).await.body;
    updated["data"] = json!({"forbidden": "now"});
    let sent = webhook.reviews().len();
    let r = api.put(&format!("{CONFIGMAPS}/allowed"), &updated).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(webhook.reviews().len(), sent);
    let r = api.delete(&format!("{CONFIGMAPS}/allowed")).await;
    r.assert_failure(403, "Forbidden");
    let reviews = webhook.reviews();
    let request = &reviews.last().expect("a review").1["request"];
    assert_eq!(request["operation"], "DELETE");
    assert!(request.get("object").is_none());
    assert_eq!(request["oldObject"]["data"]["forbidden"], "now");
    assert_eq!(request["options"]["kind"], "DeleteOptions");
}

/// A mutating webhook's JSON patch changes the object stored (and seen by
/// a validating webhook after it); a dry run is sent with `dryRun: true`.
#[tokio::test]
async fn a_mutating_webhook_patches_the_object() {
    let webhook = WebhookServer::start(|path, review| {
        if path.starts_with("/mutate") {
            answer(
                review,
                patch(json!([
                    {"op": "add", "path": "/metadata/labels", "value": {"mutated": "yes"}},
                    {"op": "add", "path": "/data", "value": {"added": "by the webhook"}},
                ])),
            )
        } else {
            let labelled = review["request"]["object"]["metadata"]["labels"]["mutated"] == "yes";
            answer(
                review,
                json!({"allowed": labelled, "status": {"message": "not mutated"}}),
            )
        }
    });
    let api = Api::start();
    let rules = configmap_rules(&["CREATE"]);
    for (path, kind, collection) in [
        ("mutate", "MutatingWebhookConfiguration", MUTATING),
        ("validate", "ValidatingWebhookConfiguration", VALIDATING),
    ] {
        let url = format!("{}/{path}", webhook.base_url);
        let name = format!("{path}.example.com");
        let body = configuration(kind, &name, &url, &webhook.ca_bundle(), rules.clone());
        let r = api.post(collection, &body).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    }
    let r = api.post(CONFIGMAPS, &configmap("patched")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["metadata"]["labels"], json!({"mutated": "yes"}));
    assert_eq!(r.body["data"], json!({"added": "by the webhook"}));
    let stored = api.get(&format!("{CONFIGMAPS}/patched")).await;
    assert_eq!(stored.body["data"]["added"], "by the webhook");

    let r = api
        .post(&format!("{CONFIGMAPS}?dryRun=All"), &configmap("dry"))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let reviews = webhook.reviews();
    let (_, review) = reviews.last().expect("a review");
    assert_eq!(review["request"]["dryRun"], true);
    assert_eq!(review["request"]["options"]["dryRun"], json!(["All"]));
    assert_eq!(
        api.get(&format!("{CONFIGMAPS}/dry")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Namespace and object selectors decide which writes a webhook sees: a
/// namespaced object's namespace labels, a Namespace's own, none for other
/// cluster-scoped objects; the object's labels.
#[tokio::test]
async fn selectors_choose_the_writes_sent() {
    let webhook = WebhookServer::start(|_, review| answer(review, json!({"allowed": true})));
    let api = Api::start();
    let rules = json!([
        {"operations": ["*"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["configmaps", "namespaces"]},
        {"operations": ["CREATE"], "apiGroups": ["rbac.authorization.k8s.io"], "apiVersions": ["*"],
         "resources": ["clusterroles"], "scope": "Cluster"},
    ]);
    let mut body = configuration(
        "ValidatingWebhookConfiguration",
        "selective.example.com",
        &format!("{}/v", webhook.base_url),
        &webhook.ca_bundle(),
        rules,
    );
    body["webhooks"][0]["namespaceSelector"] = json!({"matchLabels": {"team": "a"}});
    body["webhooks"][0]["objectSelector"] =
        json!({"matchExpressions": [{"key": "watched", "operator": "Exists"}]});
    let r = api.post(VALIDATING, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    for (name, labels) in [
        ("a", json!({"team": "a"})),
        ("b", json!({"team": "b", "watched": "1"})),
        ("c", json!({"team": "a", "watched": "1"})),
    ] {
        let ns = json!({"metadata": {"name": name, "labels": labels}});
        assert_eq!(
            api.post("/api/v1/namespaces", &ns).await.status,
            StatusCode::CREATED
        );
    }
    let watched = json!({"metadata": {"name": "w", "labels": {"watched": "1"}}});
    let unwatched = json!({"metadata": {"name": "u"}});
    for (ns, object) in [("a", &watched), ("a", &unwatched), ("b", &watched)] {
        let r = api
            .post(&format!("/api/v1/namespaces/{ns}/configmaps"), object)
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    }
    for (name, labels) in [
        ("watched-role", json!({"watched": "1"})),
        ("plain-role", json!({})),
    ] {
        let role = json!({"metadata": {"name": name, "labels": labels}, "rules": []});
        let r = api
            .post("/apis/rbac.authorization.k8s.io/v1/clusterroles", &role)
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    }
    let sent: Vec<(String, String, String)> = webhook
        .reviews()
        .iter()
        .map(|(_, r)| {
            let request = &r["request"];
            let text = |v: &Value| v.as_str().unwrap_or("").to_string();
            (
                text(&request["resource"]["resource"]),
                text(&request["namespace"]),
                text(&request["name"]),
            )
        })
        .collect();
    let expected = [
        ("namespaces", "", "c"),
        ("configmaps", "a", "w"),
        ("clusterroles", "", "watched-role"),
    ]
    .map(|(r, ns, n)| (r.to_string(), ns.to_string(), n.to_string()));
    assert_eq!(sent, expected);
}

/// A webhook that cannot be called (here: its certificate is not signed
/// by the bundle, which is empty) or does not answer in time fails the
/// write under `Fail` (500) and is skipped under `Ignore`; an answer for
/// another request is no answer.
#[tokio::test]
async fn failure_policies_decide_what_a_failed_call_does() {
    let api = Api::start();
    let webhook = WebhookServer::start(|path, review| {
        if path.starts_with("/slow") {
            std::thread::sleep(Duration::from_millis(2500));
        }
        let mut a = answer(review, json!({"allowed": true}));
        if path.starts_with("/confused") {
            a["response"]["uid"] = json!("someone-else");
        }
        a
    });
    let url = format!("{}/untrusted", webhook.base_url);
    let mut body = configuration(
        "ValidatingWebhookConfiguration",
        "untrusted.example.com",
        &url,
        "",
        configmap_rules(&["CREATE"]),
    );
    let r = api.post(VALIDATING, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = api.post(CONFIGMAPS, &configmap("refused")).await;
    r.assert_failure(500, "InternalError");
    let message = r.body["message"].as_str().unwrap_or_default();
    let expected = format!(
        "Internal error occurred: failed calling webhook \"untrusted.example.com\": failed to call webhook: Post \"{url}?timeout=10s\": "
    );
    assert!(message.starts_with(&expected), "{message}");
    assert!(
        webhook.reviews().is_empty(),
        "no review crosses an untrusted connection"
    );

    let path = format!("{VALIDATING}/untrusted.example.com");
    body["webhooks"][0]["failurePolicy"] = json!("Ignore");
    body["metadata"]["resourceVersion"] =
        api.get(&path).await.body["metadata"]["resourceVersion"].clone();
    let r = api.put(&path, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api.post(CONFIGMAPS, &configmap("ignored")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(api.delete(&path).await.status, StatusCode::OK);

    // A webhook slower than its timeout.
    let mut slow = configuration(
        "ValidatingWebhookConfiguration",
        "slow.example.com",
        &format!("{}/slow", webhook.base_url),
        &webhook.ca_bundle(),
        configmap_rules(&["CREATE"]),
    );
    slow["webhooks"][0]["timeoutSeconds"] = json!(1);
    let r = api.post(VALIDATING, &slow).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = api.post(CONFIGMAPS, &configmap("late")).await;
    r.assert_failure(500, "InternalError");
    assert_eq!(
        r.body["message"],
        format!(
            "Internal error occurred: failed calling webhook \"slow.example.com\": failed to call webhook: Post \"{}/slow?timeout=1s\": context deadline exceeded",
            webhook.base_url
        )
    );
    assert_eq!(
        api.delete(&format!("{VALIDATING}/slow.example.com"))
            .await
            .status,
        StatusCode::OK
    );
    // Deleted through this server, it is not called for the next write.
    let r = api.post(CONFIGMAPS, &configmap("after-slow")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);

    // A webhook answering with another uid.
    let r = api
        .post(
            VALIDATING,
            &configuration(
                "ValidatingWebhookConfiguration",
                "confused.example.com",
                &format!("{}/confused", webhook.base_url),
                &webhook.ca_bundle(),
                configmap_rules(&["CREATE"]),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = api.post(CONFIGMAPS, &configmap("confused")).await;
    r.assert_failure(500, "InternalError");
    let reviews = webhook.reviews();
    let uid = reviews.last().expect("a review").1["request"]["uid"].clone();
    assert_eq!(
        r.body["message"],
        format!(
            "Internal error occurred: failed calling webhook \"confused.example.com\": received invalid webhook response: expected response.uid={uid}, got \"someone-else\""
        )
    );
}

/// A mutating webhook sees updates (a PATCH is an UPDATE with the old
/// object) and deletes; a patch for a delete, or one that moves the object
/// to another namespace, is refused.
#[tokio::test]
async fn mutating_webhooks_see_updates_and_deletes() {
    let webhook = WebhookServer::start(|_, review| {
        let request = &review["request"];
        match request["operation"].as_str() {
            Some("UPDATE") if request["object"]["data"]["move"].is_string() => answer(
                review,
                patch(
                    json!([{"op": "replace", "path": "/metadata/namespace", "value": "kube-system"}]),
                ),
            ),
            Some("UPDATE") => answer(
                review,
                patch(
                    json!([{"op": "add", "path": "/data/seen", "value": request["oldObject"]["data"]["v"]}]),
                ),
            ),
            Some("DELETE") => answer(
                review,
                patch(json!([{"op": "add", "path": "/metadata/labels", "value": {"x": "y"}}])),
            ),
            _ => answer(review, json!({"allowed": true})),
        }
    });
    let api = Api::start();
    let r = api
        .post(
            MUTATING,
            &configuration(
                "MutatingWebhookConfiguration",
                "mutate.example.com",
                &format!("{}/m", webhook.base_url),
                &webhook.ca_bundle(),
                configmap_rules(&["UPDATE", "DELETE"]),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let mut cm = configmap("cm");
    cm["data"] = json!({"v": "1"});
    assert_eq!(api.post(CONFIGMAPS, &cm).await.status, StatusCode::CREATED);
    let r = api
        .patch(
            &format!("{CONFIGMAPS}/cm"),
            "application/merge-patch+json",
            &json!({"data": {"v": "2"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"], json!({"v": "2", "seen": "1"}));
    let reviews = webhook.reviews();
    let request = &reviews.last().expect("a review").1["request"];
    assert_eq!(
        (
            request["operation"].clone(),
            request["options"]["kind"].clone()
        ),
        (json!("UPDATE"), json!("UpdateOptions"))
    );

    let r = api
        .patch(
            &format!("{CONFIGMAPS}/cm"),
            "application/merge-patch+json",
            &json!({"data": {"move": "please"}}),
        )
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "the namespace of the provided object does not match the namespace sent on the request"
    );

    let r = api.delete(&format!("{CONFIGMAPS}/cm")).await;
    r.assert_failure(500, "InternalError");
    assert_eq!(
        r.body["message"],
        "Internal error occurred: admission webhook \"mutate.example.com\" attempted to modify the object, which is not supported for this operation"
    );
}

/// `matchPolicy: Equivalent` (the default): a webhook for `example.dev/v1`
/// Widgets is sent a write made at `v1beta1` with the object converted to
/// `v1` (`kind` v1, `requestKind` v1beta1), and its patch of the `v1`
/// object reaches the object stored; under `Exact` it is not called.
#[tokio::test]
async fn equivalent_rules_see_writes_made_at_other_versions() {
    let webhook = WebhookServer::start(|_, review| {
        let replicas = &review["request"]["object"]["spec"]["replicas"];
        answer(
            review,
            patch(
                json!([{"op": "replace", "path": "/spec/replicas", "value": replicas.as_i64().unwrap_or(0) * 2}]),
            ),
        )
    });
    let api = Api::start();
    let rules = json!([{"operations": ["CREATE"], "apiGroups": ["example.dev"], "apiVersions": ["v1"], "resources": ["widgets"]}]);
    let body = configuration(
        "MutatingWebhookConfiguration",
        "double.example.com",
        &format!("{}/double", webhook.base_url),
        &webhook.ca_bundle(),
        rules,
    );
    let r = api.post(MUTATING, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let beta = "/apis/example.dev/v1beta1/namespaces/default/widgets";
    let widget = |name: &str| {
        json!({"apiVersion": "example.dev/v1beta1", "kind": "Widget", "metadata": {"name": name},
               "spec": {"size": 3, "color": "Green"}})
    };
    let r = api.post(beta, &widget("doubled")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["apiVersion"], "example.dev/v1beta1");
    assert_eq!(r.body["spec"]["size"], 6);
    let reviews = webhook.reviews();
    let request = &reviews[0].1["request"];
    assert_eq!(
        request["kind"],
        json!({"group": "example.dev", "version": "v1", "kind": "Widget"})
    );
    assert_eq!(
        request["requestKind"],
        json!({"group": "example.dev", "version": "v1beta1", "kind": "Widget"})
    );
    assert_eq!(request["resource"]["version"], "v1");
    assert_eq!(request["object"]["apiVersion"], "example.dev/v1");
    assert_eq!(request["object"]["spec"]["replicas"], 3);

    let path = format!("{MUTATING}/double.example.com");
    let mut exact = api.get(&path).await.body;
    exact["webhooks"][0]["matchPolicy"] = json!("Exact");
    assert_eq!(api.put(&path, &exact).await.status, StatusCode::OK);
    let r = api.post(beta, &widget("kept")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["spec"]["size"], 3);
    assert_eq!(webhook.reviews().len(), 1);
}

/// `reinvocationPolicy: IfNeeded` (upstream's reinvocation): a mutating
/// webhook that asks for it, called before a later webhook changed the
/// object, is called once more with the object as the later one left it;
/// webhooks with `Never` (the default) are called once. Without a later
/// change, nothing is called again.
#[tokio::test]
async fn webhooks_that_ask_are_called_again_after_later_changes() {
    // Each webhook adds a label named by its path, unless it is there.
    let webhook = WebhookServer::start(|path, review| {
        let label = path
            .split('?')
            .next()
            .unwrap_or(path)
            .trim_start_matches('/');
        let labels = &review["request"]["object"]["metadata"]["labels"];
        if label == "never" || labels.get(label).is_some() {
            return answer(review, json!({"allowed": true}));
        }
        answer(
            review,
            patch(
                json!([{"op": "add", "path": format!("/metadata/labels/{label}"), "value": "yes"}]),
            ),
        )
    });
    let api = Api::start();
    // Configurations are called in name order.
    for (name, path, policy) in [
        ("1-ifneeded", "ifneeded", "IfNeeded"),
        ("2-never", "never", "Never"),
        ("3-changer", "changer", "Never"),
    ] {
        let url = format!("{}/{path}", webhook.base_url);
        let mut body = configuration(
            "MutatingWebhookConfiguration",
            &format!("{name}.example.com"),
            &url,
            &webhook.ca_bundle(),
            configmap_rules(&["CREATE"]),
        );
        body["webhooks"][0]["reinvocationPolicy"] = json!(policy);
        let r = api.post(MUTATING, &body).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    }
    let labelled = |name: &str, labels: Value| json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "labels": labels}});
    let paths = |reviews: &[(String, Value)]| -> Vec<String> {
        reviews
            .iter()
            .map(|(path, _)| path.split('?').next().unwrap_or(path).to_owned())
            .collect()
    };

    let r = api
        .post(CONFIGMAPS, &labelled("again", json!({"app": "web"})))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["metadata"]["labels"],
        json!({"app": "web", "ifneeded": "yes", "changer": "yes"})
    );
    let reviews = webhook.reviews();
    assert_eq!(
        paths(&reviews),
        ["/ifneeded", "/never", "/changer", "/ifneeded"],
        "only the IfNeeded webhook is called again, after the change"
    );
    assert_eq!(
        reviews[3].1["request"]["object"]["metadata"]["labels"]["changer"], "yes",
        "it sees the later change"
    );

    // The last webhook changes nothing: nobody is called again.
    let r = api
        .post(
            CONFIGMAPS,
            &labelled("once", json!({"app": "web", "changer": "set"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        paths(&webhook.reviews()[4..]),
        ["/ifneeded", "/never", "/changer"]
    );
}

/// The validating webhooks of a write are called at once, as upstream
/// calls them in parallel: the first one here answers only when the
/// second has been called meanwhile. Every answer is read (the warnings
/// of both reach the client), and when both refuse, the first in the
/// webhooks' order is the answer.
#[tokio::test]
async fn validating_webhooks_are_called_at_once() {
    use std::sync::{Arc, Condvar, Mutex};
    let second_called = Arc::new((Mutex::new(false), Condvar::new()));
    let called = second_called.clone();
    let webhook = WebhookServer::start(move |path, review| {
        let refuse = review["request"]["object"]["metadata"]["name"] == "refused";
        let (lock, changed) = &*called;
        if path.starts_with("/second") {
            *lock.lock().unwrap() = true;
            changed.notify_all();
            return answer(
                review,
                json!({"allowed": !refuse, "status": {"message": "second says no"}, "warnings": ["second looked"]}),
            );
        }
        let guard = lock.lock().unwrap();
        let (mut guard, _) = changed
            .wait_timeout_while(guard, std::time::Duration::from_secs(20), |called| !*called)
            .unwrap();
        let together = std::mem::take(&mut *guard);
        let message = if together {
            "first says no"
        } else {
            "called alone"
        };
        answer(
            review,
            json!({"allowed": together && !refuse, "status": {"message": message}, "warnings": ["first looked"]}),
        )
    });
    let api = Api::start();
    for name in ["first", "second"] {
        let url = format!("{}/{name}", webhook.base_url);
        let body = configuration(
            "ValidatingWebhookConfiguration",
            &format!("{name}.example.com"),
            &url,
            &webhook.ca_bundle(),
            configmap_rules(&["CREATE"]),
        );
        let r = api.post(VALIDATING, &body).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    }
    let r = api.post(CONFIGMAPS, &configmap("together")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [r#"299 - "first looked""#, r#"299 - "second looked""#]
    );

    let r = api.post(CONFIGMAPS, &configmap("refused")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(
        r.body["message"],
        r#"admission webhook "first.example.com" denied the request: first says no"#
    );
}

/// Labels a ConfigMap `second-run: yes` on the mutating plugins' second
/// run only, as an in-tree plugin may change what a webhook changed.
struct SecondRunStamper;

impl server::admission::AdmissionPlugin for SecondRunStamper {
    fn name(&self) -> &str {
        "SecondRunStamper"
    }
    fn handles(
        &self,
        _operation: server::admission::Operation,
        resource: &runtime::resource::ResourceInfo,
    ) -> bool {
        resource.kind == "ConfigMap"
    }
}

impl server::admission::MutatingAdmission for SecondRunStamper {
    fn admit(
        &self,
        attributes: &server::admission::Attributes<'_>,
        object: Option<&mut dyn runtime::registry::Object>,
        _old: Option<&dyn runtime::registry::Object>,
    ) -> Result<(), server::admission::Rejection> {
        if let Some(object) = object.filter(|_| attributes.reinvocation().is_reinvoke()) {
            object
                .metadata_mut()
                .labels
                .insert("second-run".into(), "yes".into());
        }
        Ok(())
    }
}

/// A change another plugin makes on the second run calls the `IfNeeded`
/// webhooks called before it once more (upstream's
/// `IsOutputChangedSinceLastWebhookInvocation`).
#[tokio::test]
async fn a_plugins_change_on_the_second_run_calls_ifneeded_webhooks_again() {
    let webhook = WebhookServer::start(|path, review| {
        let label = path
            .split('?')
            .next()
            .unwrap_or(path)
            .trim_start_matches('/');
        if review["request"]["object"]["metadata"]["labels"]
            .get(label)
            .is_some()
        {
            return answer(review, json!({"allowed": true}));
        }
        answer(
            review,
            patch(
                json!([{"op": "add", "path": format!("/metadata/labels/{label}"), "value": "yes"}]),
            ),
        )
    });
    let config = server::Config {
        admission: server::admission::Admission::new()
            .with_mutating(SecondRunStamper)
            .with_mutating(apiserver::webhook::MutatingWebhooks),
        ..tests::apiserver_config()
    };
    let api = Api::start_with_config(
        std::sync::Arc::new(server::storage::MemoryStore::new()),
        config,
    );
    let url = format!("{}/ifneeded", webhook.base_url);
    let mut body = configuration(
        "MutatingWebhookConfiguration",
        "ifneeded.example.com",
        &url,
        &webhook.ca_bundle(),
        configmap_rules(&["CREATE"]),
    );
    body["webhooks"][0]["reinvocationPolicy"] = json!("IfNeeded");
    let r = api.post(MUTATING, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let created = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c", "labels": {"app": "web"}}});
    let r = api.post(CONFIGMAPS, &created).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["metadata"]["labels"],
        json!({"app": "web", "ifneeded": "yes", "second-run": "yes"})
    );
    let reviews = webhook.reviews();
    assert_eq!(reviews.len(), 2, "called again after the plugin's change");
    assert_eq!(
        reviews[1].1["request"]["object"]["metadata"]["labels"]["second-run"],
        "yes"
    );
}
