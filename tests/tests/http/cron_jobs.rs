//! CronJobs (`batch/v1`), which charts ship for backups and cleanups: kept
//! with `SetDefaults_CronJob` (and only the pod template's defaults in the
//! Job template), validated as `ValidateCronJobCreate`/`Update` with
//! robfig/cron's parse errors, warned about as `cronJobStrategy` warns,
//! read and written in protobuf, printed as `printCronJob` prints them.

use super::*;
use proto::api::batch::v1 as batch;
use proto::api::core::v1 as core;
use proto::apimachinery::pkg::apis::meta::v1 as meta;

const CRON_JOBS: &str = "/apis/batch/v1/namespaces/default/cronjobs";

/// What `kubectl create cronjob backup --image=busybox:1.36
/// --schedule=...` sends.
fn cron_job(name: &str, schedule: &str) -> Value {
    json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": name},
           "spec": {"schedule": schedule, "jobTemplate": {"metadata": {"name": name}, "spec": {
               "template": {"spec": {"containers": [{"name": "job", "image": "busybox:1.36"}],
                                     "restartPolicy": "OnFailure"}}}}}})
}

/// A protobuf CronJob comes back with upstream's defaults: the spec's, and
/// the pod template's in the Job template, not a Job's (no parallelism,
/// backoff limit or completion mode); the controller's status goes
/// through `/status`; a spec change bumps the generation.
#[tokio::test]
async fn a_cron_job_is_kept_as_upstream() {
    let api = Api::start();
    let body = batch::CronJob {
        metadata: Some(meta::ObjectMeta {
            name: Some("backup".to_string()),
            ..Default::default()
        }),
        spec: Some(batch::CronJobSpec {
            schedule: Some("0 3 * * *".to_string()),
            time_zone: Some("Europe/Berlin".to_string()),
            job_template: Some(batch::JobTemplateSpec {
                metadata: None,
                spec: Some(batch::JobSpec {
                    template: Some(core::PodTemplateSpec {
                        metadata: None,
                        spec: Some(core::PodSpec {
                            containers: vec![core::Container {
                                name: Some("backup".to_string()),
                                image: Some("postgres:16".to_string()),
                                ..Default::default()
                            }],
                            restart_policy: Some("Never".to_string()),
                            ..Default::default()
                        }),
                    }),
                    ..Default::default()
                }),
            }),
            ..Default::default()
        }),
        status: None,
    };
    let created = api
        .send(
            Method::POST,
            CRON_JOBS,
            &[("content-type", proto::MEDIA_TYPE)],
            Body::from(proto::encode_envelope("batch/v1", "CronJob", &body)),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let spec = &created.body["spec"];
    assert_eq!(spec["concurrencyPolicy"], "Allow");
    assert_eq!(spec["suspend"], false);
    assert_eq!(spec["successfulJobsHistoryLimit"], 3);
    assert_eq!(spec["failedJobsHistoryLimit"], 1);
    let job = &spec["jobTemplate"]["spec"];
    for absent in [
        "parallelism",
        "completions",
        "backoffLimit",
        "completionMode",
        "suspend",
    ] {
        assert!(job.get(absent).is_none(), "{absent}: {job}");
    }
    assert_eq!(job["template"]["spec"]["dnsPolicy"], "ClusterFirst");
    assert_eq!(created.body["metadata"]["generation"], 1);

    let path = format!("{CRON_JOBS}/backup");
    let r = api
        .patch(
            &format!("{path}/status"),
            MERGE_PATCH,
            &json!({"status": {"lastScheduleTime": "2026-01-01T03:00:00Z",
                    "active": [{"kind": "Job", "name": "backup-29000000", "namespace": "default"}]}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(
            &path,
            MERGE_PATCH,
            &json!({"spec": {"suspend": true}, "status": null}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["generation"], 2);
    assert_eq!(r.body["status"]["active"][0]["name"], "backup-29000000");

    let read = api
        .send(
            Method::GET,
            &path,
            &[("accept", proto::MEDIA_TYPE)],
            Body::empty(),
        )
        .await;
    let (_, back): (_, batch::CronJob) = proto::decode_envelope(&read.bytes).unwrap();
    let spec = back.spec.unwrap();
    assert_eq!(spec.suspend, Some(true));
    assert_eq!(spec.time_zone.as_deref(), Some("Europe/Berlin"));

    let table = api.get_as(CRON_JOBS, TABLE).await.body;
    let columns: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        columns,
        [
            "Name",
            "Schedule",
            "Timezone",
            "Suspend",
            "Active",
            "Last Schedule",
            "Age",
            "Containers",
            "Images",
            "Selector"
        ]
    );
    let cells = table["rows"][0]["cells"].as_array().unwrap();
    assert_eq!(
        cells[..5],
        [
            json!("backup"),
            json!("0 3 * * *"),
            json!("Europe/Berlin"),
            json!("True"),
            json!(1)
        ]
    );
    let last_schedule = cells[5].as_str().unwrap();
    assert!(
        last_schedule.ends_with('d') || last_schedule.ends_with('y'),
        "the time since 2026-01-01: {last_schedule}"
    );
    assert_eq!(
        cells[7..],
        [json!("backup"), json!("postgres:16"), json!("<none>")]
    );
    let list = api.get("/apis/batch/v1").await.body;
    let resource = api_resource(&list, "cronjobs");
    assert_eq!(resource["shortNames"], json!(["cj"]));
    assert_eq!(resource["categories"], json!(["all"]));
}

/// `validateCronJobSpec` in upstream's order and words: robfig/cron's
/// parse error, a `TZ` in the schedule, the time zone, the concurrency
/// policy, the Job template (no selector, restarts `OnFailure` or
/// `Never`), the history limits; then a name too long for its Jobs.
#[tokio::test]
async fn cron_jobs_are_validated_as_upstream() {
    let api = Api::start();
    let name = "a-very-long-cron-job-name-that-leaves-no-room-for-jobs";
    let mut bad = cron_job(name, "TZ=Mars/Olympus 0 * * * *");
    let spec = &mut bad["spec"];
    spec["startingDeadlineSeconds"] = json!(-1);
    spec["timeZone"] = json!("Mars/Olympus");
    spec["concurrencyPolicy"] = json!("Sometimes");
    spec["successfulJobsHistoryLimit"] = json!(-3);
    let job = &mut spec["jobTemplate"]["spec"];
    job["selector"] = json!({"matchLabels": {"app": "backup"}});
    job["manualSelector"] = json!(true);
    job["template"]["spec"]["restartPolicy"] = json!("Always");
    let r = api.post(CRON_JOBS, &bad).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(
        r.causes(),
        [
            "spec.schedule: Invalid value: \"TZ=Mars/Olympus 0 * * * *\": provided bad location Mars/Olympus: unknown time zone Mars/Olympus",
            "spec.schedule: Invalid value: \"TZ=Mars/Olympus 0 * * * *\": cannot use TZ or CRON_TZ in schedule, use timeZone field instead",
            "spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0",
            "spec.timeZone: Invalid value: \"Mars/Olympus\": unknown time zone Mars/Olympus",
            "spec.concurrencyPolicy: Unsupported value: \"Sometimes\": supported values: \"Allow\", \"Forbid\", \"Replace\"",
            "spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\"",
            "spec.jobTemplate.spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"backup\"}}: `selector` will be auto-generated",
            "spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: \"nil\", \"false\"",
            "spec.successfulJobsHistoryLimit: Invalid value: -3: must be greater than or equal to 0",
            "metadata.name: Invalid value: \"a-very-long-cron-job-name-that-leaves-no-room-for-jobs\": must be no more than 52 characters",
        ]
    );

    for (schedule, error) in [
        ("@daily", None),
        ("*/15 9-17 * * mon-fri", None),
        (
            "0 0 * * * *",
            Some("expected exactly 5 fields, found 6: [0 0 * * * *]"),
        ),
        (
            "61 * * * *",
            Some("end of range (61) above maximum (59): 61"),
        ),
        ("0 0 * * 7", Some("end of range (7) above maximum (6): 7")),
        (
            "*/0 * * * *",
            Some("step of range should be a positive number: */0"),
        ),
        ("@reboot", Some("unrecognized descriptor: @reboot")),
        (
            "x * * * *",
            Some("failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax"),
        ),
    ] {
        let r = api.post(CRON_JOBS, &cron_job("c", schedule)).await;
        match error {
            None => {
                assert_eq!(r.status, StatusCode::CREATED, "{schedule}: {}", r.text);
                api.delete(&format!("{CRON_JOBS}/c")).await;
            }
            Some(error) => assert_eq!(
                r.causes(),
                [format!(
                    "spec.schedule: Invalid value: {schedule:?}: {error}"
                )],
                "{schedule}"
            ),
        }
    }
    let mut local = cron_job("local", "0 * * * *");
    local["spec"]["timeZone"] = json!("Local");
    let r = api.post(CRON_JOBS, &local).await;
    assert_eq!(
        r.causes(),
        [
            "spec.timeZone: Invalid value: \"Local\": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
        ]
    );
}

/// Creates warn as a Job's do (here, about the template's pod spec);
/// an update of a schedule written with `CRON_TZ` before the `timeZone`
/// field existed keeps it, with upstream's warning (and its path).
#[tokio::test]
async fn cron_job_warnings_and_legacy_time_zones_are_upstreams() {
    let api = Api::start();
    let mut dotted = cron_job("nightly.backup", "0 3 * * *");
    dotted["spec"]["jobTemplate"]["spec"]["template"]["spec"]["nodeSelector"] =
        json!({"beta.kubernetes.io/os": "linux"});
    let r = api.post(CRON_JOBS, &dotted).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            "299 - \"metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]\"",
            "299 - \"spec.jobTemplate.spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use \\\"kubernetes.io/os\\\" instead\"",
        ]
    );

    // A schedule stored with CRON_TZ (as before the `timeZone` field)
    // may stay; it cannot gain the field beside it.
    use server::storage::Store as _;
    let store = std::sync::Arc::new(server::storage::MemoryStore::new());
    let api = Api::start_with(store.clone());
    let mut legacy = cron_job("legacy", "CRON_TZ=UTC 0 3 * * *");
    legacy["metadata"] = json!({"name": "legacy", "namespace": "default", "generation": 1,
        "uid": "7d0c3a52-1a0e-4c43-9a43-8f1b8f5d2a11", "creationTimestamp": "2022-01-01T00:00:00Z"});
    legacy["spec"]["concurrencyPolicy"] = json!("Allow");
    let cron_jobs = apis::registry()
        .find("batch", "v1", "cronjobs")
        .expect("cronjobs served")
        .kind;
    let bytes = cron_jobs
        .read_value(&legacy)
        .expect("a CronJob")
        .to_storage()
        .expect("encodes");
    store
        .create("/registry/cronjobs/default/legacy", bytes)
        .expect("stored");
    let path = format!("{CRON_JOBS}/legacy");
    let r = api
        .patch(&path, MERGE_PATCH, &json!({"spec": {"suspend": true}}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.warnings(),
        [
            "299 - \"cannot use TZ or CRON_TZ in spec.spec.schedule, use timeZone instead, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details\""
        ]
    );
    let r = api
        .patch(&path, MERGE_PATCH, &json!({"spec": {"timeZone": "UTC"}}))
        .await;
    assert_eq!(
        r.causes(),
        [
            "spec.schedule: Invalid value: \"CRON_TZ=UTC 0 3 * * *\": cannot use both timeZone field and TZ or CRON_TZ in schedule"
        ]
    );
}

/// A CronJob's Job template shares `validateJobSpec`, and its pod failure
/// policy's condition patterns default to `True` as a Job's do
/// (`SetDefaults_PodFailurePolicyOnPodConditionsPattern` applies to the
/// type wherever it appears).
#[tokio::test]
async fn a_cron_jobs_template_is_validated_and_defaulted_as_a_jobs() {
    let api = Api::start();
    let mut c = cron_job("c", "*/5 * * * *");
    c["spec"]["jobTemplate"]["spec"]["template"]["spec"]["restartPolicy"] = json!("Never");
    c["spec"]["jobTemplate"]["spec"]["podFailurePolicy"] =
        json!({"rules": [{"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget"}]}]});
    let r = api.post(CRON_JOBS, &c).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["spec"]["jobTemplate"]["spec"]["podFailurePolicy"]["rules"][0]["onPodConditions"][0]
            ["status"],
        "True"
    );

    let mut bad = cron_job("b", "*/5 * * * *");
    bad["spec"]["jobTemplate"]["spec"]["completionMode"] = json!("Indexed");
    let r = api.post(CRON_JOBS, &bad).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "CronJob.batch \"b\" is invalid: spec.jobTemplate.spec.completions: Required value: when completion mode is Indexed"
    );
}
