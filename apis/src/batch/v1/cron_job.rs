//! CronJob: a Job run on a schedule. The types of `k8s.io/api/batch/v1`
//! with upstream's protobuf numbers, `SetDefaults_CronJob` as field
//! defaults, `ValidateCronJobCreate`/`ValidateCronJobUpdate`
//! (`pkg/apis/batch/validation`), the warnings of `cronJobStrategy`
//! (`pkg/registry/batch/cronjob/strategy.go`) and `printCronJob`.

use macros::Resource;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::{ObjectMeta, Time};
use runtime::printers::{AGE_DESCRIPTION, age, timestamp_since};
use runtime::resource::{Printer, PrinterColumn, Strategy};
use runtime::selector::format_selector;
use runtime::validate::{Context, Validate, ValidateExtra};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::JobSpec;
use super::cron::{parse_standard, time_zone_errors};
use super::strategy::{job_spec_warnings, job_warnings_on_create};
use crate::core::v1::ObjectReference;

/// CronJob creates Jobs from its template on a cron schedule.
///
/// +genclient
/// +kubebuilder:resource:shortName=cj,categories=all
/// +kubebuilder:subresource:status
/// +printer:hook
/// +resource:strategy
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct CronJob {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The schedule and the Job to run.
    /// +protobuf=2
    #[serde(default)]
    pub spec: CronJobSpec,
    /// The Jobs running and the last runs, written by the CronJob
    /// controller through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: CronJobStatus,
}

/// CronJobSpec is when to run a Job, and which.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct CronJobSpec {
    /// The schedule in cron format (`*/5 * * * *`, `@daily`).
    /// +protobuf=1
    #[serde(default)]
    pub schedule: String,
    /// The IANA time zone the schedule is read in (`Europe/Berlin`); the
    /// controller manager's when unset.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// Seconds after a missed scheduled time within which the Job may
    /// still start.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_deadline_seconds: Option<i64>,
    /// What to do when a run is due while the last one runs: `Allow`,
    /// `Forbid` (skip the new run) or `Replace` (stop the running one).
    /// +optional
    /// +default="Allow"
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub concurrency_policy: String,
    /// Whether later runs are suspended (running Jobs are not).
    /// +optional
    /// +default=false
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspend: Option<bool>,
    /// The Job each run creates. Validated by the spec's hand-written
    /// rules, at its place in upstream's order.
    /// +k8s:opaqueType
    /// +protobuf=5
    #[serde(default)]
    pub job_template: JobTemplateSpec,
    /// How many finished successful Jobs to keep.
    /// +optional
    /// +default=3
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successful_jobs_history_limit: Option<i32>,
    /// How many failed Jobs to keep.
    /// +optional
    /// +default=1
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_jobs_history_limit: Option<i32>,
}

/// JobTemplateSpec is the Job a CronJob creates: its metadata and spec.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct JobTemplateSpec {
    /// Metadata the created Jobs get.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The created Jobs' spec (its selector is generated for each Job).
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: JobSpec,
}

/// CronJobStatus is what the CronJob controller observed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct CronJobStatus {
    /// The Jobs running now.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub active: Vec<ObjectReference>,
    /// When a Job was last scheduled.
    /// +optional
    /// +protobuf=4
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "runtime::meta::zero_time_as_none"
    )]
    pub last_schedule_time: Option<Time>,
    /// When a Job last completed successfully.
    /// +optional
    /// +protobuf=5
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "runtime::meta::zero_time_as_none"
    )]
    pub last_successful_time: Option<Time>,
}

/// The longest CronJob name: its Jobs are named `<name>-<11 characters>`
/// and a Job's name is a DNS-1035 label (63).
const MAX_NAME_LENGTH: usize = 52;

const CONCURRENCY_POLICIES: [&str; 3] = ["Allow", "Forbid", "Replace"];

impl ValidateExtra for CronJob {
    /// `validateCronJobSpec`, then, on create, the name's length. The
    /// status is never validated (upstream's status strategy returns no
    /// errors).
    fn validate_extra(&self, old: Option<&Self>, path: &Path, ctx: &Context) -> ErrorList {
        if ctx.subresource == "/status" {
            return Vec::new();
        }
        let mut errs = spec_errors(&self.spec, old.map(|o| &o.spec), &path.child("spec"), ctx);
        let name = self.metadata.name.as_deref().unwrap_or("");
        if old.is_none() && name.len() > MAX_NAME_LENGTH {
            errs.push(Error::invalid(
                &path.child("metadata").child("name"),
                BadValue::Str(name.to_string()),
                "must be no more than 52 characters",
            ));
        }
        errs
    }
}

/// `validateCronJobSpec`, in its order: the schedule (a `TZ=` prefix only
/// kept from the old schedule), the starting deadline, the time zone (on
/// create, or when it changes), the concurrency policy, the Job template
/// (`validateJobSpec`, and no selector), the history limits.
fn spec_errors(
    spec: &CronJobSpec,
    old: Option<&CronJobSpec>,
    path: &Path,
    ctx: &Context,
) -> ErrorList {
    let mut errs = Vec::new();
    let schedule = path.child("schedule");
    if spec.schedule.is_empty() {
        errs.push(Error::required(&schedule, ""));
    } else {
        let bad = || BadValue::Str(spec.schedule.clone());
        if let Err(message) = parse_standard(&spec.schedule) {
            errs.push(Error::invalid(&schedule, bad(), &message));
        }
        let allow_tz = old.is_some_and(|old| old.schedule.contains("TZ"));
        let has_tz = spec.schedule.contains("TZ");
        if allow_tz && has_tz && spec.time_zone.is_some() {
            errs.push(Error::invalid(
                &schedule,
                bad(),
                "cannot use both timeZone field and TZ or CRON_TZ in schedule",
            ));
        } else if !allow_tz && has_tz {
            errs.push(Error::invalid(
                &schedule,
                bad(),
                "cannot use TZ or CRON_TZ in schedule, use timeZone field instead",
            ));
        }
    }
    let not_negative = |errs: &mut ErrorList, name: &str, value: Option<i64>| {
        if let Some(value) = value.filter(|v| *v < 0) {
            errs.push(Error::invalid(
                &path.child(name),
                BadValue::Int(value),
                "must be greater than or equal to 0",
            ));
        }
    };
    not_negative(
        &mut errs,
        "startingDeadlineSeconds",
        spec.starting_deadline_seconds,
    );
    if let Some(time_zone) = &spec.time_zone
        && old.is_none_or(|old| old.time_zone != spec.time_zone)
    {
        errs.extend(
            time_zone_errors(time_zone).iter().map(|m| {
                Error::invalid(&path.child("timeZone"), BadValue::Str(time_zone.clone()), m)
            }),
        );
    }
    let policy = path.child("concurrencyPolicy");
    match spec.concurrency_policy.as_str() {
        "" => errs.push(Error::required(&policy, "")),
        p if CONCURRENCY_POLICIES.contains(&p) => {}
        p => errs.push(Error::not_supported(
            &policy,
            BadValue::Str(p.to_string()),
            &CONCURRENCY_POLICIES,
        )),
    }
    let job_template = path.child("jobTemplate");
    let template = job_template.child("spec");
    let job = &spec.job_template.spec;
    errs.extend(Validate::validate_update(
        job,
        old.map(|o| &o.job_template.spec),
        &template,
        ctx,
    ));
    if let Some(selector) = &job.selector {
        errs.push(Error::invalid(
            &template.child("selector"),
            BadValue::json_of(selector),
            "`selector` will be auto-generated",
        ));
    }
    if job.manual_selector == Some(true) {
        errs.push(Error::not_supported(
            &template.child("manualSelector"),
            BadValue::Bool(true),
            &["nil", "false"],
        ));
    }
    not_negative(
        &mut errs,
        "successfulJobsHistoryLimit",
        spec.successful_jobs_history_limit.map(i64::from),
    );
    not_negative(
        &mut errs,
        "failedJobsHistoryLimit",
        spec.failed_jobs_history_limit.map(i64::from),
    );
    errs
}

/// `cronJobStrategy`: creates warn about a name that is not a DNS label
/// and about the Job template; updates about the template when the spec
/// changed, and about a `TZ` in the schedule (upstream's path, with its
/// doubled `spec`).
impl Strategy for CronJob {
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        job_warnings_on_create(
            &self.metadata,
            "spec.jobTemplate.spec",
            &self.spec.job_template.spec,
        )
    }

    fn warnings_on_update(&self, old: &Self) -> Vec<String> {
        let mut out = Vec::new();
        if self.metadata.generation != old.metadata.generation {
            out.extend(job_spec_warnings(
                "spec.jobTemplate.spec",
                &self.spec.job_template.spec,
            ));
        }
        if self.spec.schedule.contains("TZ") {
            out.push("cannot use TZ or CRON_TZ in spec.spec.schedule, use timeZone instead, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details".into());
        }
        out
    }
}

impl Printer for CronJob {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Schedule",
            0,
            "The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.",
        ),
        PrinterColumn::string(
            "Timezone",
            0,
            "The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones. If not specified, this will default to the time zone of the kube-controller-manager process. The set of valid time zone names and the time zone offset is loaded from the system-wide time zone database by the API server during CronJob validation and the controller manager during execution. If no system-wide time zone database can be found a bundled version of the database is used instead. If the time zone name becomes invalid during the lifetime of a CronJob or due to a change in host configuration, the controller will stop creating new new Jobs and will create a system event with the reason UnknownTimeZone. More information can be found in https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/#time-zones",
        ),
        PrinterColumn {
            type_: "boolean",
            ..PrinterColumn::string(
                "Suspend",
                0,
                "This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.",
            )
        },
        PrinterColumn::integer("Active", 0, "A list of pointers to currently running jobs."),
        PrinterColumn::string(
            "Last Schedule",
            0,
            "Information when was the last time the job was successfully scheduled.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::TEMPLATE_CONTAINERS,
        PrinterColumn::TEMPLATE_IMAGES,
        PrinterColumn::string(
            "Selector",
            1,
            "A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
        ),
    ];

    /// `printCronJob`: the time zone (`<none>`), SUSPEND as `printBoolPtr`
    /// (`True`, `False`, `<unset>`), the running Jobs, the last schedule
    /// (`<none>`), and the template's containers and selector.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let suspend = match self.spec.suspend {
            Some(true) => "True",
            Some(false) => "False",
            None => "<unset>",
        };
        let last_schedule = match &self.status.last_schedule_time {
            Some(time) => timestamp_since(Some(time.0), now),
            None => "<none>".to_string(),
        };
        let job = &self.spec.job_template.spec;
        let (containers, images) = job.template.spec.container_cells();
        let selector = job
            .selector
            .as_ref()
            .map_or_else(|| "<none>".into(), format_selector);
        vec![
            json!(self.spec.schedule),
            json!(self.spec.time_zone.as_deref().unwrap_or("<none>")),
            json!(suspend),
            json!(self.status.active.len()),
            json!(last_schedule),
            json!(age(&self.metadata, now)),
            json!(containers),
            json!(images),
            json!(selector),
        ]
    }
}
