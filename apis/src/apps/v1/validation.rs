// Hand-written validation of apps/v1 beside the generated one: upstream's
// `ValidateDeploymentSpec` (`pkg/apis/apps/validation/validation.go`), with
// its messages. Not ratcheted, as upstream checks the whole new spec.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::LabelSelector;
use runtime::validate::{Context, ValidateExtra};

use super::DeploymentSpec;

/// Whether `selector` selects an object with `labels`
/// (`metav1.LabelSelectorAsSelector(...).Matches`).
fn matches(selector: &LabelSelector, labels: &std::collections::BTreeMap<String, String>) -> bool {
    selector
        .match_labels
        .iter()
        .all(|(k, v)| labels.get(k) == Some(v))
        && selector.match_expressions.iter().all(|r| {
            let value = labels.get(&r.key);
            match r.operator.as_str() {
                "In" => value.is_some_and(|v| r.values.contains(v)),
                "NotIn" => value.is_none_or(|v| !r.values.contains(v)),
                "Exists" => value.is_some(),
                "DoesNotExist" => value.is_none(),
                _ => false,
            }
        })
}

impl ValidateExtra for DeploymentSpec {
    /// Replicas not negative; a non-empty selector that matches the
    /// template's labels; pods that restart `Always` and have no active
    /// deadline.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        if let Some(r) = self.replicas
            && r < 0
        {
            errs.push(Error::invalid(
                &path.child("replicas"),
                BadValue::Int(r.into()),
                "must be greater than or equal to 0",
            ));
        }
        let selector = &self.selector;
        let empty = selector.match_labels.is_empty() && selector.match_expressions.is_empty();
        if empty {
            errs.push(Error::invalid(
                &path.child("selector"),
                BadValue::json_of(selector),
                "empty selector is invalid for deployment",
            ));
        }
        let template = path.child("template");
        let labels = &self.template.metadata.labels;
        if !empty && !matches(selector, labels) {
            errs.push(Error::invalid(
                &template.child("metadata").child("labels"),
                BadValue::json_of(labels),
                "`selector` does not match template `labels`",
            ));
        }
        let spec = &self.template.spec;
        if spec.restart_policy != "Always" {
            errs.push(Error::not_supported(
                &template.child("spec").child("restartPolicy"),
                BadValue::Str(spec.restart_policy.clone()),
                &["Always"],
            ));
        }
        if let Some(seconds) = spec.active_deadline_seconds {
            errs.push(Error::invalid(
                &template.child("spec").child("activeDeadlineSeconds"),
                BadValue::Int(seconds),
                "activeDeadlineSeconds in ReplicaSet is not Supported",
            ));
        }
        errs
    }
}
