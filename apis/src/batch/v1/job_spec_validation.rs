// Upstream's `validateJobSpec` (`pkg/apis/batch/validation/validation.go`)
// for a Job's spec and a CronJob's Job template alike, with its messages
// and in its order: the counts and limits, the managing controller, the
// completion mode, the pod failure and success policies and the pod
// replacement policy before the pod template; the template's restart
// policy after it.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra, names};

use super::{JobSpec, PodFailurePolicyOnExitCodesRequirement, PodFailurePolicyRule, SuccessPolicy};

/// `maxParallelismForIndexedJob` and `maxFailedIndexesForIndexedJob`.
const INDEXED_LIMIT: i32 = 100_000;
/// `completionsSoftLimit`.
const COMPLETIONS_SOFT_LIMIT: i32 = 100_000;
/// `parallelismLimitForHighCompletions` and
/// `maxFailedIndexesLimitForHighCompletions`.
const HIGH_COMPLETIONS_LIMIT: i32 = 10_000;
/// `maxPodFailurePolicyRules`, `maxPodFailurePolicyOnPodConditionsPatterns`
/// and `maxSuccessPolicyRule`.
const MAX_RULES: usize = 20;
/// `maxPodFailurePolicyOnExitCodesValues`.
const MAX_EXIT_CODES: usize = 255;
/// `maxManagedByLength`.
const MAX_MANAGED_BY: usize = 63;
/// `maxJobSuccessPolicySucceededIndexesLimit`.
const MAX_SUCCEEDED_INDEXES: usize = 64 * 1024;

/// The actions a pod failure policy rule takes, sorted (`sets.List`).
const ACTIONS: [&str; 4] = ["Count", "FailIndex", "FailJob", "Ignore"];

impl ValidateExtra for JobSpec {
    /// `validateJobSpec` up to the pod template, which upstream checks
    /// after these.
    fn validate_extra_first(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        counts_errors(self, path, &mut errs);
        if let Some(managed_by) = &self.managed_by {
            managed_by_errors(managed_by, &path.child("managedBy"), &mut errs);
        }
        completion_mode_errors(self, path, &mut errs);
        if self.pod_failure_policy.is_some() {
            pod_failure_policy_errors(self, &path.child("podFailurePolicy"), &mut errs);
        }
        if let Some(policy) = &self.success_policy {
            let at = path.child("successPolicy");
            if self.completion_mode.as_deref() != Some("Indexed") {
                errs.push(Error::invalid(
                    &at,
                    BadValue::json_of(policy),
                    "requires indexed completion mode",
                ));
            } else {
                success_policy_errors(policy, self.completions, &at, &mut errs);
            }
        }
        if let Some(policy) = &self.pod_replacement_policy {
            let at = path.child("podReplacementPolicy");
            let allowed: &[&str] = if self.pod_failure_policy.is_some() {
                &["Failed"]
            } else {
                &["Failed", "TerminatingOrFailed"]
            };
            if !allowed.contains(&policy.as_str()) {
                errs.push(Error::not_supported(
                    &at,
                    BadValue::Str(policy.clone()),
                    allowed,
                ));
            }
        }
        errs
    }

    /// The end of `validateJobSpec`, after the pod template: pods that
    /// restart `OnFailure` or `Never` (a Job's pods must finish), `Never`
    /// alone with a pod failure policy.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        let template = path.child("template");
        let spec = template.child("spec");
        let restart = spec.child("restartPolicy");
        match self.template.spec.restart_policy.as_str() {
            "" | "Always" => errs.push(Error::required(
                &restart,
                "valid values: \"OnFailure\", \"Never\"",
            )),
            "OnFailure" if self.pod_failure_policy.is_some() => errs.push(Error::invalid(
                &restart,
                BadValue::Str("OnFailure".into()),
                "only \"Never\" is supported when podFailurePolicy is specified",
            )),
            "OnFailure" | "Never" => {}
            other => errs.push(Error::not_supported(
                &restart,
                BadValue::Str(other.to_string()),
                &["OnFailure", "Never"],
            )),
        }
        errs
    }
}

/// Counts and durations not negative; a `maxFailedIndexes` needs a
/// `backoffLimitPerIndex`.
fn counts_errors(spec: &JobSpec, path: &Path, errs: &mut ErrorList) {
    for (name, value) in [
        ("parallelism", spec.parallelism.map(i64::from)),
        ("completions", spec.completions.map(i64::from)),
        ("activeDeadlineSeconds", spec.active_deadline_seconds),
        ("backoffLimit", spec.backoff_limit.map(i64::from)),
        (
            "ttlSecondsAfterFinished",
            spec.ttl_seconds_after_finished.map(i64::from),
        ),
        (
            "backoffLimitPerIndex",
            spec.backoff_limit_per_index.map(i64::from),
        ),
        ("maxFailedIndexes", spec.max_failed_indexes.map(i64::from)),
    ] {
        non_negative(value, &path.child(name), errs);
    }
    if spec.max_failed_indexes.is_some() && spec.backoff_limit_per_index.is_none() {
        errs.push(Error::required(
            &path.child("backoffLimitPerIndex"),
            "when maxFailedIndexes is specified",
        ));
    }
}

/// `ValidateNonnegativeField`.
fn non_negative(value: Option<i64>, path: &Path, errs: &mut ErrorList) {
    if let Some(v) = value
        && v < 0
    {
        errs.push(Error::invalid(
            path,
            BadValue::Int(v),
            "must be greater than or equal to 0",
        ));
    }
}

/// `IsDomainPrefixedPath` (a DNS subdomain, `/`, an HTTP path), then the
/// length limit.
fn managed_by_errors(managed_by: &str, path: &Path, errs: &mut ErrorList) {
    match managed_by.split_once('/') {
        _ if managed_by.is_empty() => errs.push(Error::required(path, "")),
        Some((host, rest)) if !host.is_empty() && !rest.is_empty() => {
            errs.extend(Error::invalid_each(
                path,
                host,
                names::dns1123_subdomain(host),
            ));
            let http_path = rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"/-._~%!$&'()*+,;=:".contains(&b));
            if !http_path {
                errs.push(Error::invalid(
                    path,
                    BadValue::Str(rest.into()),
                    "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')",
                ));
            }
        }
        _ => errs.push(Error::invalid(
            path,
            BadValue::Str(managed_by.into()),
            "must be a domain-prefixed path (such as \"acme.io/foo\")",
        )),
    }
    if managed_by.len() > MAX_MANAGED_BY {
        errs.push(Error::too_long(path, BadValue::Omit, MAX_MANAGED_BY));
    }
}

/// The completion mode's rules: `NonIndexed` or `Indexed`; an Indexed Job
/// has completions and bounded parallelism and failed indexes; per-index
/// limits only with `Indexed`.
fn completion_mode_errors(spec: &JobSpec, path: &Path, errs: &mut ErrorList) {
    let invalid = |field: &str, n: i32, detail: &str| {
        Error::invalid(&path.child(field), BadValue::Int(n.into()), detail)
    };
    match spec.completion_mode.as_deref() {
        Some("Indexed") => {
            if spec.completions.is_none() {
                errs.push(Error::required(
                    &path.child("completions"),
                    "when completion mode is Indexed",
                ));
            }
            if let Some(p) = spec.parallelism.filter(|p| *p > INDEXED_LIMIT) {
                errs.push(invalid(
                    "parallelism",
                    p,
                    &format!("must be less than or equal to {INDEXED_LIMIT} when completion mode is Indexed"),
                ));
            }
            if let (Some(max), Some(completions)) = (spec.max_failed_indexes, spec.completions)
                && max > completions
            {
                errs.push(invalid(
                    "maxFailedIndexes",
                    max,
                    "must be less than or equal to completions",
                ));
            }
            if let Some(max) = spec.max_failed_indexes.filter(|m| *m > INDEXED_LIMIT) {
                errs.push(invalid(
                    "maxFailedIndexes",
                    max,
                    &format!("must be less than or equal to {INDEXED_LIMIT}"),
                ));
            }
            let high = spec.completions.is_some_and(|c| c > COMPLETIONS_SOFT_LIMIT);
            if high && spec.backoff_limit_per_index.is_some() {
                if spec.max_failed_indexes.is_none() {
                    errs.push(Error::required(
                        &path.child("maxFailedIndexes"),
                        &format!(
                            "must be specified when completions is above {COMPLETIONS_SOFT_LIMIT}"
                        ),
                    ));
                }
                let detail = format!(
                    "must be less than or equal to {HIGH_COMPLETIONS_LIMIT} when completions are above {COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index"
                );
                for (field, value) in [
                    ("parallelism", spec.parallelism),
                    ("maxFailedIndexes", spec.max_failed_indexes),
                ] {
                    if let Some(v) = value.filter(|v| *v > HIGH_COMPLETIONS_LIMIT) {
                        errs.push(invalid(field, v, &detail));
                    }
                }
            }
        }
        None | Some("NonIndexed") => {
            for (field, value) in [
                ("backoffLimitPerIndex", spec.backoff_limit_per_index),
                ("maxFailedIndexes", spec.max_failed_indexes),
            ] {
                if let Some(v) = value {
                    errs.push(invalid(field, v, "requires indexed completion mode"));
                }
            }
        }
        Some(other) => errs.push(Error::not_supported(
            &path.child("completionMode"),
            BadValue::Str(other.into()),
            &["NonIndexed", "Indexed"],
        )),
    }
}

/// `validatePodFailurePolicy`: at most 20 rules, each with a known action
/// (`FailIndex` with a per-index backoff limit) and exactly one of exit
/// codes and pod conditions to match.
fn pod_failure_policy_errors(spec: &JobSpec, path: &Path, errs: &mut ErrorList) {
    let Some(policy) = &spec.pod_failure_policy else {
        return;
    };
    let rules = path.child("rules");
    if policy.rules.len() > MAX_RULES {
        errs.push(Error::too_many(&rules, Some(policy.rules.len()), MAX_RULES));
    }
    let pod = &spec.template.spec;
    let container_names: Vec<&str> = pod
        .containers
        .iter()
        .chain(&pod.init_containers)
        .map(|c| c.name.as_str())
        .collect();
    for (i, rule) in policy.rules.iter().enumerate() {
        rule_errors(spec, rule, &container_names, &rules.index(i), errs);
    }
}

/// `validatePodFailurePolicyRule`.
fn rule_errors(
    spec: &JobSpec,
    rule: &PodFailurePolicyRule,
    container_names: &[&str],
    path: &Path,
    errs: &mut ErrorList,
) {
    let action = path.child("action");
    match rule.action.as_str() {
        "" => errs.push(Error::required(&action, &go_quoted_list(&ACTIONS))),
        "FailIndex" if spec.backoff_limit_per_index.is_none() => errs.push(Error::invalid(
            &action,
            BadValue::Str(rule.action.clone()),
            "requires the backoffLimitPerIndex to be set",
        )),
        a if !ACTIONS.contains(&a) => errs.push(Error::not_supported(
            &action,
            BadValue::Str(rule.action.clone()),
            &ACTIONS,
        )),
        _ => {}
    }
    if let Some(on_exit_codes) = &rule.on_exit_codes {
        exit_codes_errors(
            on_exit_codes,
            container_names,
            &path.child("onExitCodes"),
            errs,
        );
    }
    if !rule.on_pod_conditions.is_empty() {
        let at = path.child("onPodConditions");
        if rule.on_pod_conditions.len() > MAX_RULES {
            errs.push(Error::too_many(
                &at,
                Some(rule.on_pod_conditions.len()),
                MAX_RULES,
            ));
        }
        let statuses = ["False", "True", "Unknown"];
        for (j, pattern) in rule.on_pod_conditions.iter().enumerate() {
            let item = at.index(j);
            errs.extend(Error::invalid_each(
                &item.child("type"),
                &pattern.r#type,
                names::qualified_name(&pattern.r#type),
            ));
            let status = item.child("status");
            if pattern.status.is_empty() {
                errs.push(Error::required(&status, &go_quoted_list(&statuses)));
            } else if !statuses.contains(&pattern.status.as_str()) {
                errs.push(Error::not_supported(
                    &status,
                    BadValue::Str(pattern.status.clone()),
                    &statuses,
                ));
            }
        }
    }
    match (
        rule.on_exit_codes.is_some(),
        rule.on_pod_conditions.is_empty(),
    ) {
        (true, false) => errs.push(Error::invalid(
            path,
            BadValue::Omit,
            "specifying both OnExitCodes and OnPodConditions is not supported",
        )),
        (false, true) => errs.push(Error::invalid(
            path,
            BadValue::Omit,
            "specifying one of OnExitCodes and OnPodConditions is required",
        )),
        _ => {}
    }
}

/// `validatePodFailurePolicyRuleOnExitCodes`: an `In` or `NotIn`
/// operator, a container of the template, 1 to 255 exit codes, unique and
/// ascending, no 0 with `In`.
fn exit_codes_errors(
    requirement: &PodFailurePolicyOnExitCodesRequirement,
    container_names: &[&str],
    path: &Path,
    errs: &mut ErrorList,
) {
    let operators = ["In", "NotIn"];
    let operator = path.child("operator");
    if requirement.operator.is_empty() {
        errs.push(Error::required(&operator, &go_quoted_list(&operators)));
    } else if !operators.contains(&requirement.operator.as_str()) {
        errs.push(Error::not_supported(
            &operator,
            BadValue::Str(requirement.operator.clone()),
            &operators,
        ));
    }
    if let Some(name) = &requirement.container_name
        && !container_names.contains(&name.as_str())
    {
        errs.push(Error::invalid(
            &path.child("containerName"),
            BadValue::Str(name.clone()),
            "must be one of the container or initContainer names in the pod template",
        ));
    }
    let values = path.child("values");
    let codes = &requirement.values;
    if codes.is_empty() {
        errs.push(Error::invalid(
            &values,
            BadValue::json_of(codes),
            "at least one value is required",
        ));
    } else if codes.len() > MAX_EXIT_CODES {
        errs.push(Error::too_many(&values, Some(codes.len()), MAX_EXIT_CODES));
    }
    let mut seen = std::collections::BTreeSet::new();
    for (j, &code) in codes.iter().enumerate() {
        let at = values.index(j);
        if requirement.operator == "In" && code == 0 {
            errs.push(Error::invalid(
                &at,
                BadValue::Int(0),
                "must not be 0 for the In operator",
            ));
        }
        if !seen.insert(code) {
            errs.push(Error::duplicate(&at, BadValue::Int(code.into())));
        }
    }
    if codes.windows(2).any(|w| w[0] > w[1]) {
        errs.push(Error::invalid(
            &values,
            BadValue::json_of(codes),
            "must be ordered",
        ));
    }
}

/// `validateSuccessPolicy` of an Indexed Job: 1 to 20 rules, each with a
/// count or indexes; the indexes an ascending list of intervals below
/// `completions`, the count at most the completions and the indexes.
fn success_policy_errors(
    policy: &SuccessPolicy,
    completions: Option<i32>,
    path: &Path,
    errs: &mut ErrorList,
) {
    let rules = path.child("rules");
    if policy.rules.is_empty() {
        errs.push(Error::required(
            &rules,
            "at least one rules must be specified when the successPolicy is specified",
        ));
    }
    if policy.rules.len() > MAX_RULES {
        errs.push(Error::too_many(&rules, Some(policy.rules.len()), MAX_RULES));
    }
    // Upstream reads `completions` unguarded (an Indexed Job without them
    // is already an error); none counts as 0 here.
    let completions = completions.unwrap_or(0);
    for (i, rule) in policy.rules.iter().enumerate() {
        let at = rules.index(i);
        if rule.succeeded_count.is_none() && rule.succeeded_indexes.is_none() {
            errs.push(Error::required(
                &at,
                "at least one of succeededCount or succeededIndexes must be specified",
            ));
        }
        let mut total = 0;
        if let Some(indexes) = &rule.succeeded_indexes {
            let indexes_path = at.child("succeededIndexes");
            if indexes.len() > MAX_SUCCEEDED_INDEXES {
                errs.push(Error::too_long(
                    &indexes_path,
                    BadValue::Omit,
                    MAX_SUCCEEDED_INDEXES,
                ));
            }
            match indexes_total(indexes, completions) {
                Ok(n) => total = n,
                Err(e) => errs.push(Error::invalid(
                    &indexes_path,
                    BadValue::Str(indexes.clone()),
                    &format!("error parsing succeededIndexes: {e}"),
                )),
            }
        }
        if let Some(count) = rule.succeeded_count {
            let count_path = at.child("succeededCount");
            non_negative(Some(count.into()), &count_path, errs);
            let mut over = |limit: i64, what: &str| {
                if i64::from(count) > limit {
                    errs.push(Error::invalid(
                        &count_path,
                        BadValue::Int(count.into()),
                        &format!("must be less than or equal to {limit} ({what})"),
                    ));
                }
            };
            over(completions.into(), "the number of specified completions");
            if rule.succeeded_indexes.is_some() {
                over(
                    total,
                    "the number of indexes in the specified succeededIndexes field",
                );
            }
        }
    }
}

/// `validateIndexesFormat`: `0,2-4,7`, intervals ascending and below
/// `completions`; the number of indexes they name.
fn indexes_total(indexes: &str, completions: i32) -> Result<i64, String> {
    if indexes.is_empty() {
        return Ok(0);
    }
    let mut last: Option<i64> = None;
    let mut total = 0;
    for interval in indexes.split(',') {
        let (x, y) = index_interval(interval, completions)?;
        if let Some(last) = last
            && last >= x
        {
            return Err(format!(
                "non-increasing order, previous: {last}, current: {x}"
            ));
        }
        total += y - x + 1;
        last = Some(y);
    }
    Ok(total)
}

/// `parseIndexInterval`: `x` or `x-y`, as Go's `strconv.Atoi` reads
/// numbers (a sign allowed).
fn index_interval(interval: &str, completions: i32) -> Result<(i64, i64), String> {
    let limits: Vec<&str> = interval.split('-').collect();
    if limits.len() > 2 {
        return Err(format!(
            "the fragment {} violates the requirement that an index interval can have at most two parts separated by '-'",
            runtime::go::quote(interval)
        ));
    }
    let parse = |text: &str| -> Result<i64, String> {
        let n: i64 = text.parse().map_err(|_| {
            format!(
                "cannot convert string to integer for index: {}",
                runtime::go::quote(text)
            )
        })?;
        if n >= i64::from(completions) {
            return Err(format!("too large index: {}", runtime::go::quote(text)));
        }
        Ok(n)
    };
    let x = parse(limits[0])?;
    let Some(second) = limits.get(1) else {
        return Ok((x, x));
    };
    let y = parse(second)?;
    if x >= y {
        return Err(format!("non-increasing order, previous: {x}, current: {y}"));
    }
    Ok((x, y))
}

/// `fmt.Sprintf("valid values: %q", list)`: `valid values: ["In" "NotIn"]`.
fn go_quoted_list(values: &[&str]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| runtime::go::quote(v)).collect();
    format!("valid values: [{}]", quoted.join(" "))
}
