// Hand-written validation of apps/v1 beside the generated one: upstream's
// `ValidateDeploymentSpec` and `ValidateReplicaSetSpec`
// (`pkg/apis/apps/validation/validation.go`), with
// its messages. Not ratcheted, as upstream checks the whole new spec.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::selector::selects;
use runtime::validate::{Context, ValidateExtra, immutable_field};

use runtime::meta::{IntOrString, LabelSelector};

use super::{DeploymentSpec, DeploymentStrategy, ReplicaSetSpec};
use crate::core::v1::PodTemplateSpec;

impl ValidateExtra for DeploymentSpec {
    /// [`replicated_pods_errors`]; a valid strategy; minReadySeconds,
    /// revisionHistoryLimit and progressDeadlineSeconds not negative, the
    /// deadline above minReadySeconds; on update, an immutable selector.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = replicated_pods_errors(self.replicas, &self.selector, &self.template, path);
        errs.extend(validate_strategy(&self.strategy, &path.child("strategy")));
        let nonnegative = |errs: &mut ErrorList, name: &'static str, value: i32| {
            if value < 0 {
                errs.push(Error::invalid(
                    &path.child(name),
                    BadValue::Int(value.into()),
                    NEGATIVE,
                ));
            }
        };
        nonnegative(&mut errs, "minReadySeconds", self.min_ready_seconds);
        if let Some(limit) = self.revision_history_limit {
            nonnegative(&mut errs, "revisionHistoryLimit", limit);
        }
        if let Some(deadline) = self.progress_deadline_seconds {
            nonnegative(&mut errs, "progressDeadlineSeconds", deadline);
            if deadline <= self.min_ready_seconds {
                errs.push(Error::invalid(
                    &path.child("progressDeadlineSeconds"),
                    BadValue::Int(deadline.into()),
                    "must be greater than minReadySeconds",
                ));
            }
        }
        // The strategies' `ValidateUpdate` for apps/v1: the selector never
        // changes.
        if let Some(old) = old {
            errs.extend(immutable_field(
                &path.child("selector"),
                &self.selector,
                &old.selector,
            ));
        }
        errs
    }
}

impl ValidateExtra for ReplicaSetSpec {
    /// `ValidateReplicaSetSpec`: [`replicated_pods_errors`] and
    /// minReadySeconds not negative; on update, an immutable selector
    /// (`rsStrategy.ValidateUpdate`).
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = replicated_pods_errors(self.replicas, &self.selector, &self.template, path);
        if self.min_ready_seconds < 0 {
            errs.push(Error::invalid(
                &path.child("minReadySeconds"),
                BadValue::Int(self.min_ready_seconds.into()),
                NEGATIVE,
            ));
        }
        // The strategies' `ValidateUpdate` for apps/v1: the selector never
        // changes.
        if let Some(old) = old {
            errs.extend(immutable_field(
                &path.child("selector"),
                &self.selector,
                &old.selector,
            ));
        }
        errs
    }
}

/// The rules a Deployment's and a ReplicaSet's spec share (upstream's
/// `ValidateDeploymentSpec` and `ValidateReplicaSetSpec`, both through
/// `ValidatePodTemplateSpecForReplicaSet`): replicas not negative; a
/// non-empty selector that matches the template's labels; pods that
/// restart `Always` and have no active deadline.
fn replicated_pods_errors(
    replicas: Option<i32>,
    selector: &LabelSelector,
    template: &PodTemplateSpec,
    path: &Path,
) -> ErrorList {
    let mut errs = Vec::new();
    if let Some(r) = replicas
        && r < 0
    {
        errs.push(Error::invalid(
            &path.child("replicas"),
            BadValue::Int(r.into()),
            NEGATIVE,
        ));
    }
    let empty = selector.match_labels.is_empty() && selector.match_expressions.is_empty();
    if empty {
        errs.push(Error::invalid(
            &path.child("selector"),
            BadValue::json_of(selector),
            "empty selector is invalid for deployment",
        ));
    }
    let template_path = path.child("template");
    let labels = &template.metadata.labels;
    if !empty && !selects(selector, labels) {
        errs.push(Error::invalid(
            &template_path.child("metadata").child("labels"),
            BadValue::json_of(labels),
            "`selector` does not match template `labels`",
        ));
    }
    let spec = &template.spec;
    if spec.restart_policy != "Always" {
        errs.push(Error::not_supported(
            &template_path.child("spec").child("restartPolicy"),
            BadValue::Str(spec.restart_policy.clone()),
            &["Always"],
        ));
    }
    if let Some(seconds) = spec.active_deadline_seconds {
        errs.push(Error::invalid(
            &template_path.child("spec").child("activeDeadlineSeconds"),
            BadValue::Int(seconds),
            "activeDeadlineSeconds in ReplicaSet is not Supported",
        ));
    }
    errs
}

const NEGATIVE: &str = "must be greater than or equal to 0";

/// How Go's `%#v` prints an `intstr.IntOrString`, the bad value of the
/// rolling-update rules (its `String` method has a pointer receiver).
fn go_int_or_string(v: &IntOrString) -> BadValue {
    BadValue::GoLiteral(match v {
        IntOrString::Int(i) => format!("intstr.IntOrString{{Type:0, IntVal:{i}, StrVal:\"\"}}"),
        IntOrString::String(s) => {
            format!(
                "intstr.IntOrString{{Type:1, IntVal:0, StrVal:{}}}",
                runtime::field::quote(s)
            )
        }
    })
}

/// `getIntOrPercentValue`: the number, and whether it was a percentage.
fn int_or_percent(v: &IntOrString) -> (i64, bool) {
    match v {
        IntOrString::Int(i) => (i64::from(*i), false),
        IntOrString::String(s) => (
            s.strip_suffix('%')
                .and_then(|n| n.parse().ok())
                .unwrap_or(0),
            s.ends_with('%'),
        ),
    }
}

/// `ValidateDeploymentStrategy` and `ValidateRollingUpdateDeployment`.
fn validate_strategy(strategy: &DeploymentStrategy, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    match (strategy.r#type.as_str(), &strategy.rolling_update) {
        ("Recreate", Some(_)) => errs.push(Error::forbidden(
            &path.child("rollingUpdate"),
            "may not be specified when strategy `type` is 'Recreate'",
        )),
        ("RollingUpdate", Some(update)) => {
            let zero = IntOrString::Int(0);
            let unavailable = update.max_unavailable.as_ref().unwrap_or(&zero);
            let surge = update.max_surge.as_ref().unwrap_or(&zero);
            let rolling_update = path.child("rollingUpdate");
            for (name, value) in [("maxUnavailable", unavailable), ("maxSurge", surge)] {
                let at = rolling_update.child(name);
                match value {
                    IntOrString::String(s) => {
                        let digits = s.strip_suffix('%').unwrap_or("");
                        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                            errs.push(Error::invalid(
                                &at,
                                go_int_or_string(value),
                                "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
                            ));
                        }
                    }
                    IntOrString::Int(i) if *i < 0 => {
                        errs.push(Error::invalid(&at, BadValue::Int((*i).into()), NEGATIVE));
                    }
                    IntOrString::Int(_) => {}
                }
            }
            let at = rolling_update.child("maxUnavailable");
            if int_or_percent(unavailable).0 == 0 && int_or_percent(surge).0 == 0 {
                errs.push(Error::invalid(
                    &at,
                    go_int_or_string(unavailable),
                    "may not be 0 when `maxSurge` is 0",
                ));
            }
            if let (value, true) = int_or_percent(unavailable)
                && value > 100
            {
                errs.push(Error::invalid(
                    &at,
                    go_int_or_string(unavailable),
                    "must not be greater than 100%",
                ));
            }
        }
        ("RollingUpdate", None) => errs.push(Error::required(
            &path.child("rollingUpdate"),
            "this should be defaulted and never be nil",
        )),
        _ => {}
    }
    errs
}
