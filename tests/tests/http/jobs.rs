//! Jobs: the selector kube-apiserver generates and the fields it keeps
//! (pkg/registry/batch/job/strategy.go, pkg/apis/batch/validation).

use super::*;

const JOBS: &str = "/apis/batch/v1/namespaces/default/jobs";

/// What `kubectl create job j --image=busybox` sends.
fn job(name: &str) -> Value {
    json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": name},
           "spec": {"template": {"spec": {"containers": [{"name": name, "image": "busybox"}],
                                          "restartPolicy": "Never"}}}})
}

/// `generateSelector`: the template gets the Job's name and UID as labels
/// and the selector selects the prefixed UID label, which the Job
/// controller lists its pods by; a manual selector is left as sent, and
/// without one the Job is invalid.
#[tokio::test]
async fn a_created_job_gets_a_generated_selector() {
    let api = Api::start();
    let r = api.post(JOBS, &job("j")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let uid = r.body["metadata"]["uid"].as_str().expect("uid");
    assert_eq!(
        r.body["spec"]["selector"],
        json!({"matchLabels": {"batch.kubernetes.io/controller-uid": uid}})
    );
    assert_eq!(
        r.body["spec"]["template"]["metadata"]["labels"],
        json!({"batch.kubernetes.io/controller-uid": uid, "batch.kubernetes.io/job-name": "j",
               "controller-uid": uid, "job-name": "j"})
    );
    // `SetDefaults_Job` (since v1.29): `manualSelector: false`; and the Job
    // without labels takes its template's, the generated ones with them,
    // in the create's answer as in every read.
    assert_eq!(r.body["spec"]["manualSelector"], false, "{}", r.text);
    assert_eq!(
        r.body["metadata"]["labels"],
        r.body["spec"]["template"]["metadata"]["labels"]
    );
    let read = api.get(&format!("{JOBS}/j")).await.body;
    assert_eq!(read["metadata"]["labels"], r.body["metadata"]["labels"]);
    let listed = api
        .get(&format!(
            "{JOBS}?labelSelector=batch.kubernetes.io/job-name%3Dj"
        ))
        .await
        .body;
    assert_eq!(
        listed["items"].as_array().map(Vec::len),
        Some(1),
        "{listed}"
    );

    let mut manual = job("m");
    manual["spec"]["manualSelector"] = json!(true);
    manual["spec"]["selector"] = json!({"matchLabels": {"app": "m"}});
    manual["spec"]["template"]["metadata"] = json!({"labels": {"app": "m"}});
    let r = api.post(JOBS, &manual).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["spec"]["selector"],
        json!({"matchLabels": {"app": "m"}})
    );
    assert_eq!(
        r.body["spec"]["template"]["metadata"]["labels"],
        json!({"app": "m"})
    );

    let mut unselected = job("u");
    unselected["spec"]["manualSelector"] = json!(true);
    let r = api.post(JOBS, &unselected).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Job.batch \"u\" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`]",
        "a missing selector selects nothing, as upstream's labels.Nothing()"
    );
    let mut mismatched = manual.clone();
    mismatched["metadata"]["name"] = json!("x");
    mismatched["spec"]["template"]["metadata"] = json!({"labels": {"app": "other"}});
    let r = api.post(JOBS, &mismatched).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Job.batch \"x\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}: `selector` does not match template `labels`"
    );
}

/// `ValidateJobSpecUpdate`: a Job's selector, completions and pod template
/// do not change (`kubectl set image job/j` is refused); a suspended Job
/// that never started may change its template's scheduling directives and
/// labels (`AllowMutableSchedulingDirectives`), and any Job its
/// parallelism.
#[tokio::test]
async fn a_jobs_template_completions_and_selector_are_immutable() {
    let api = Api::start();
    api.create(JOBS, &job("j")).await;
    let uri = format!("{JOBS}/j");

    let r = api
        .patch(
            &uri,
            STRATEGIC_MERGE_PATCH,
            &json!({"spec": {"template": {"spec": {"containers": [{"name": "j", "image": "busybox:2"}]}}}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    let message = r.body["message"].as_str().expect("message");
    assert!(
        message.starts_with("Job.batch \"j\" is invalid: spec.template: Invalid value: {")
            && message.ends_with("}: field is immutable"),
        "{message}"
    );
    for (patch, message) in [
        (
            json!({"spec": {"completions": 5}}),
            "Job.batch \"j\" is invalid: spec.completions: Invalid value: 5: field is immutable",
        ),
        (
            json!({"spec": {"selector": {"matchExpressions": [{"key": "job-name", "operator": "Exists"}]}}}),
            "Job.batch \"j\" is invalid: spec.selector: Invalid value: {\"matchLabels\":{\"batch.kubernetes.io/controller-uid\":\"UID\"},\"matchExpressions\":[{\"key\":\"job-name\",\"operator\":\"Exists\"}]}: field is immutable",
        ),
    ] {
        let r = api.patch(&uri, MERGE_PATCH, &patch).await;
        r.assert_failure(422, "Invalid");
        let uid = api.get(&uri).await.body["metadata"]["uid"]
            .as_str()
            .expect("uid")
            .to_string();
        assert_eq!(r.body["message"], message.replace("UID", &uid), "{patch}");
    }
    let r = api
        .patch(&uri, MERGE_PATCH, &json!({"spec": {"parallelism": 3}}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let mut suspended = job("s");
    suspended["spec"]["suspend"] = json!(true);
    api.create(JOBS, &suspended).await;
    let r = api
        .patch(
            &format!("{JOBS}/s"),
            MERGE_PATCH,
            &json!({"spec": {"template": {"metadata": {"labels": {"queue": "a"}},
                                          "spec": {"nodeSelector": {"zone": "b"}}}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.body["spec"]["template"]["spec"]["nodeSelector"],
        json!({"zone": "b"})
    );
    let r = api
        .patch(
            &format!("{JOBS}/s"),
            MERGE_PATCH,
            &json!({"spec": {"template": {"spec": {"activeDeadlineSeconds": 5}}}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
}

/// `jobStrategy.WarningsOnCreate` and `WarningsForJobSpec` (pkg/api/job):
/// a name that is not a DNS label, a huge Indexed Job, then the pod
/// template's warnings at `spec.template`. (An Indexed Job whose name is
/// not a DNS label is refused outright: its pods' host names would not be
/// either.)
#[tokio::test]
async fn a_job_warns_as_upstreams_job_strategy() {
    let api = Api::start();
    let mut big = job("big");
    big["spec"]["completionMode"] = json!("Indexed");
    big["spec"]["completions"] = json!(100_001);
    big["spec"]["parallelism"] = json!(10_001);
    big["spec"]["template"]["spec"]["containers"][0]["name"] = json!("c");
    big["spec"]["template"]["spec"]["nodeSelector"] = json!({"beta.kubernetes.io/os": "linux"});
    let r = api.post(JOBS, &big).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            r#"299 - "spec: In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail""#,
            r#"299 - "spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use \"kubernetes.io/os\" instead""#,
        ]
    );
    let mut dotted = job("big.1");
    dotted["spec"]["template"]["spec"]["containers"][0]["name"] = json!("c");
    let r = api.post(JOBS, &dotted).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            r#"299 - "metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]""#,
        ]
    );
    // An update that changes only labels does not bump the generation,
    // and does not warn.
    let r = api
        .patch(
            &format!("{JOBS}/big.1"),
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"a": "b"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(r.warnings().is_empty(), "{:?}", r.warnings());
}

/// Jobs are selected by `status.successful`, the field label upstream's
/// Job conversion serves for `status.succeeded` (0 when unset):
/// `kubectl delete jobs --field-selector status.successful=1` deletes the
/// finished ones.
#[tokio::test]
async fn jobs_are_selected_by_how_many_succeeded() {
    let api = Api::start();
    api.create(JOBS, &job("done")).await;
    api.create(JOBS, &job("running")).await;
    let r = api
        .patch(
            &format!("{JOBS}/done/status"),
            MERGE_PATCH,
            &json!({"status": {"succeeded": 1}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    for (selector, selected) in [
        ("status.successful=1", ["done"]),
        ("status.successful=0", ["running"]),
        ("status.successful!=0", ["done"]),
    ] {
        let r = api.get(&format!("{JOBS}?fieldSelector={selector}")).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(names(&r.body), selected, "{selector}");
    }
    // The path itself is no field label.
    let r = api
        .get(&format!("{JOBS}?fieldSelector=status.succeeded=1"))
        .await;
    r.assert_failure(400, "BadRequest");
}

/// `validateGeneratedSelector`: a selector the user writes without
/// `manualSelector: true` is refused, as `kubectl apply` of a Job manifest
/// with a selector and no `manualSelector` is upstream; the error comes
/// before the spec's.
#[tokio::test]
async fn a_selector_without_manual_selector_is_refused() {
    let api = Api::start();
    let mut j = job("s");
    j["spec"]["selector"] = json!({"matchLabels": {"app": "s"}});
    j["spec"]["template"]["metadata"] = json!({"labels": {"app": "s"}});
    j["spec"]["parallelism"] = json!(-1);
    let r = api.post(JOBS, &j).await;
    r.assert_failure(422, "Invalid");
    let causes = r.causes();
    assert_eq!(causes.len(), 2, "{}", r.text);
    assert!(
        causes[0].starts_with("spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"s\",\"batch.kubernetes.io/controller-uid\":\"")
            && causes[0].ends_with("\"}}: `selector` not auto-generated"),
        "{causes:?}"
    );
    assert_eq!(
        causes[1],
        "spec.parallelism: Invalid value: -1: must be greater than or equal to 0"
    );
}

/// `validateJobSpec`'s rules for completion modes, per-index limits, the
/// managing controller, pod failure policies and success policies, in its
/// order and with its messages; a pod failure policy wants pods that
/// restart `Never`; an Indexed Job's name must leave room for its pods'
/// index suffix.
#[tokio::test]
async fn a_jobs_modes_and_policies_are_validated() {
    let api = Api::start();
    let cases = [
        (
            json!({"completionMode": "indexed", "managedBy": "kueue"}),
            vec![
                "spec.managedBy: Invalid value: \"kueue\": must be a domain-prefixed path (such as \"acme.io/foo\")",
                "spec.completionMode: Unsupported value: \"indexed\": supported values: \"NonIndexed\", \"Indexed\"",
            ],
        ),
        (
            json!({"completionMode": "Indexed", "parallelism": 2, "maxFailedIndexes": 1}),
            vec![
                "spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified",
                "spec.completions: Required value: when completion mode is Indexed",
            ],
        ),
        (
            json!({"backoffLimitPerIndex": 1}),
            vec!["spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode"],
        ),
        (
            json!({"podFailurePolicy": {"rules": [
                {"action": "FailJob"},
                {"action": "Retry", "onExitCodes": {"operator": "In", "values": [0, 2, 1, 2]}},
                {"action": "Ignore", "onPodConditions": [{"type": "Disruption Target", "status": "Yes"}]}]},
                   "successPolicy": {"rules": [{"succeededCount": 1}]},
                   "podReplacementPolicy": "TerminatingOrFailed"}),
            vec![
                "spec.podFailurePolicy.rules[0]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required",
                "spec.podFailurePolicy.rules[1].action: Unsupported value: \"Retry\": supported values: \"Count\", \"FailIndex\", \"FailJob\", \"Ignore\"",
                "spec.podFailurePolicy.rules[1].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator",
                "spec.podFailurePolicy.rules[1].onExitCodes.values[3]: Duplicate value: 2",
                "spec.podFailurePolicy.rules[1].onExitCodes.values: Invalid value: [0,2,1,2]: must be ordered",
                "spec.podFailurePolicy.rules[2].onPodConditions[0].type: Invalid value: \"Disruption Target\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
                "spec.podFailurePolicy.rules[2].onPodConditions[0].status: Unsupported value: \"Yes\": supported values: \"False\", \"True\", \"Unknown\"",
                "spec.successPolicy: Invalid value: {\"rules\":[{\"succeededCount\":1}]}: requires indexed completion mode",
                "spec.podReplacementPolicy: Unsupported value: \"TerminatingOrFailed\": supported values: \"Failed\"",
            ],
        ),
        (
            json!({"completionMode": "Indexed", "completions": 3,
                   "successPolicy": {"rules": [{"succeededIndexes": "0,2-1", "succeededCount": 5}]},
                   "podFailurePolicy": {"rules": [{"action": "FailIndex",
                       "onExitCodes": {"operator": "NotIn", "values": [0]}}]}}),
            vec![
                "spec.podFailurePolicy.rules[0].action: Invalid value: \"FailIndex\": requires the backoffLimitPerIndex to be set",
                "spec.successPolicy.rules[0].succeededIndexes: Invalid value: \"0,2-1\": error parsing succeededIndexes: non-increasing order, previous: 2, current: 1",
                "spec.successPolicy.rules[0].succeededCount: Invalid value: 5: must be less than or equal to 3 (the number of specified completions)",
                "spec.successPolicy.rules[0].succeededCount: Invalid value: 5: must be less than or equal to 0 (the number of indexes in the specified succeededIndexes field)",
                "spec.template.spec.restartPolicy: Invalid value: \"OnFailure\": only \"Never\" is supported when podFailurePolicy is specified",
            ],
        ),
    ];
    for (i, (spec, expected)) in cases.into_iter().enumerate() {
        let mut j = job(&format!("j{i}"));
        for (k, v) in spec.as_object().unwrap() {
            j["spec"][k] = v.clone();
        }
        if i == 4 {
            j["spec"]["template"]["spec"]["restartPolicy"] = json!("OnFailure");
        }
        let r = api.post(JOBS, &j).await;
        r.assert_failure(422, "Invalid");
        assert_eq!(r.causes(), expected, "case {i}: {}", r.text);
    }

    let long = "a".repeat(62);
    let mut indexed = job(&long);
    indexed["spec"]["completionMode"] = json!("Indexed");
    indexed["spec"]["completions"] = json!(10);
    let r = api.post(JOBS, &indexed).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [format!(
            "metadata.name: Invalid value: \"{long}\": will not able to create pod with invalid DNS label: {long}-9"
        )]
    );

    // What is taken: a pod failure policy whose condition patterns match
    // `True` unless they say otherwise, an Indexed Job with per-index
    // limits and a success policy.
    let mut fine = job("fine");
    fine["spec"]["podFailurePolicy"] = json!({"rules": [
        {"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget"}]},
        {"action": "FailJob", "onExitCodes": {"containerName": "fine", "operator": "In", "values": [1, 42]}}]});
    fine["spec"]["completionMode"] = json!("Indexed");
    fine["spec"]["completions"] = json!(5);
    fine["spec"]["backoffLimitPerIndex"] = json!(1);
    fine["spec"]["maxFailedIndexes"] = json!(2);
    fine["spec"]["successPolicy"] =
        json!({"rules": [{"succeededIndexes": "0,2-4", "succeededCount": 3}]});
    let r = api.post(JOBS, &fine).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["spec"]["podFailurePolicy"]["rules"][0]["onPodConditions"][0]["status"],
        "True"
    );
}
