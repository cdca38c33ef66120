//! What a pod update may change, as upstream's `ValidatePodUpdate`
//! (pkg/apis/core/validation/validation.go) allows it: a running pod's
//! spec is fixed but for its images, a shorter `activeDeadlineSeconds`,
//! added tolerations, removed scheduling gates, and (while the pod is
//! gated) added node selector terms.

use std::collections::BTreeMap;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra};
use serde_json::Value;

use super::{Container, Pod, PodSpec, Toleration};

/// `updatablePodSpecFields`, as the refusal lists them.
const UPDATABLE: &str = "`spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)";

impl ValidateExtra for Pod {
    /// `ValidatePodUpdate`'s spec rules, on update only, in its order:
    /// containers neither added nor removed and their images set; the
    /// active deadline only set or shortened; tolerations only added (their
    /// `tolerationSeconds` may change); scheduling gates only removed; a
    /// gated pod's node selector only added to; then any other change to
    /// the spec is Forbidden, listing what may change and what changed.
    /// (Node affinity changes of a gated pod are refused with the rest.)
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        match old {
            Some(old) => spec_update_errors(&self.spec, &old.spec, &path.child("spec")),
            None => Vec::new(),
        }
    }
}

fn spec_update_errors(new: &PodSpec, old: &PodSpec, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    for (name, new_list, old_list) in [
        ("containers", &new.containers, &old.containers),
        ("initContainers", &new.init_containers, &old.init_containers),
    ] {
        let list = path.child(name);
        if new_list.len() != old_list.len() {
            errs.push(Error::forbidden(
                &list,
                "pod updates may not add or remove containers",
            ));
            return errs;
        }
        errs.extend(image_errors(new_list, &list));
    }
    let deadline = path.child("activeDeadlineSeconds");
    match (new.active_deadline_seconds, old.active_deadline_seconds) {
        (Some(n), _) if !(0..=i64::from(i32::MAX)).contains(&n) => {
            errs.push(Error::invalid(
                &deadline,
                BadValue::Int(n),
                &format!("must be between 0 and {}, inclusive", i32::MAX),
            ));
            return errs;
        }
        (Some(n), Some(o)) if o < n => {
            errs.push(Error::invalid(
                &deadline,
                BadValue::Int(n),
                "must be less than or equal to previous value",
            ));
            return errs;
        }
        (None, Some(_)) => errs.push(Error::invalid(
            &deadline,
            BadValue::Json(Value::Null),
            "must not update from a positive integer to nil value",
        )),
        _ => {}
    }
    if !only_added(&new.tolerations, &old.tolerations) {
        errs.push(Error::forbidden(
            &path.child("tolerations"),
            "existing toleration can not be modified except its tolerationSeconds",
        ));
    }
    let gates = path.child("schedulingGates");
    for (i, gate) in new.scheduling_gates.iter().enumerate() {
        if !old.scheduling_gates.iter().any(|g| g.name == gate.name) {
            let item = gates.index(i);
            errs.push(Error::forbidden(
                &item.child("name"),
                &format!(
                    "only deletion is allowed, but found new scheduling gate '{}'",
                    gate.name
                ),
            ));
        }
    }
    if new == old {
        return errs;
    }
    let mut munged = new.clone();
    for (container, was) in munged
        .containers
        .iter_mut()
        .chain(munged.init_containers.iter_mut())
        .zip(old.containers.iter().chain(&old.init_containers))
    {
        container.image.clone_from(&was.image);
    }
    munged.active_deadline_seconds = old.active_deadline_seconds;
    munged.scheduling_gates.clone_from(&old.scheduling_gates);
    munged.tolerations.clone_from(&old.tolerations);
    if old.termination_grace_period_seconds.is_some_and(|s| s < 0)
        && munged.termination_grace_period_seconds == Some(1)
    {
        munged.termination_grace_period_seconds = old.termination_grace_period_seconds;
    }
    if !old.scheduling_gates.is_empty() && munged.node_selector != old.node_selector {
        if !only_added_labels(&munged.node_selector, &old.node_selector) {
            errs.push(Error::invalid(
                &path.child("nodeSelector"),
                BadValue::json_of(&munged.node_selector),
                "only additions to spec.nodeSelector are allowed (no mutations or deletions)",
            ));
        }
        munged.node_selector.clone_from(&old.node_selector);
    }
    if munged != *old {
        errs.push(Error::forbidden(
            path,
            &format!(
                "pod updates may not change fields other than {UPDATABLE}\n{}",
                spec_diff(old, &munged)
            ),
        ));
    }
    errs
}

/// `ValidateContainerUpdates`' image rules: set, and without leading or
/// trailing whitespace.
fn image_errors(containers: &[Container], path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    for (i, container) in containers.iter().enumerate() {
        let item = path.index(i);
        let image = item.child("image");
        if container.image.is_empty() {
            errs.push(Error::required(&image, ""));
        }
        if container.image.trim() != container.image {
            errs.push(Error::invalid(
                &image,
                BadValue::Str(container.image.clone()),
                "must not have leading or trailing whitespace",
            ));
        }
    }
    errs
}

/// `validateOnlyAddedTolerations`: every old toleration is still there,
/// but for its `tolerationSeconds`.
fn only_added(new: &[Toleration], old: &[Toleration]) -> bool {
    old.iter().all(|was| {
        new.iter().any(|t| {
            Toleration {
                toleration_seconds: t.toleration_seconds,
                ..was.clone()
            } == *t
        })
    })
}

/// `validateNodeSelectorMutation`: every old pair is still there.
fn only_added_labels(new: &BTreeMap<String, String>, old: &BTreeMap<String, String>) -> bool {
    old.iter().all(|(k, v)| new.get(k) == Some(v))
}

/// The fields of the spec that changed, one `-` line with the old JSON and
/// one `+` line with the new per field (upstream prints `cmp.Diff` of its
/// internal structs, whose text is deliberately unstable).
fn spec_diff(old: &PodSpec, new: &PodSpec) -> String {
    let object = |spec: &PodSpec| match serde_json::to_value(spec) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    let (old, new) = (object(old), object(new));
    let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut lines = Vec::new();
    for key in keys {
        let (was, is) = (old.get(key), new.get(key));
        if was == is {
            continue;
        }
        if let Some(was) = was {
            lines.push(format!("- {key}: {was}"));
        }
        if let Some(is) = is {
            lines.push(format!("+ {key}: {is}"));
        }
    }
    lines.join("\n")
}
