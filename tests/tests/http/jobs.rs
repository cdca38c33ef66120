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
/// template's warnings at `spec.template`.
#[tokio::test]
async fn a_job_warns_as_upstreams_job_strategy() {
    let api = Api::start();
    let mut big = job("big.1");
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
            r#"299 - "metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]""#,
            r#"299 - "spec: In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail""#,
            r#"299 - "spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use \"kubernetes.io/os\" instead""#,
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
