//! Binding, ported from `k8s.io/api/core/v1`: what a scheduler writes to
//! put a pod on a node, through the pod's `binding` subresource or the
//! legacy `bindings` resource. Neither stores it: the server's binding
//! handler (`runtime/apiserver`, upstream's `BindingREST`) sets the pod's
//! node.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::{ObjectMeta, Time};
use runtime::resource::Strategy;
use serde::{Deserialize, Serialize};

use super::{ObjectReference, PodCondition, PodStatus};

/// Binding ties one object to another; for example, a pod is bound to a
/// node by a scheduler.
///
/// +genclient
/// +genclient:onlyVerbs=create
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, macros::Resource)]
#[serde(default)]
pub struct Binding {
    /// Standard object's metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The target object that you want to bind to the standard object.
    /// +protobuf=2
    #[serde(default)]
    pub target: ObjectReference,
}

/// The `bindings` resource is upstream's `LegacyBindingREST`, which the
/// binding handler answers; the kind itself is never stored.
impl Strategy for Binding {
    const UNSTORED: bool = true;

    /// Reached only on a server that does not serve `pods/binding`: no
    /// pod can be bound there.
    fn answer_create(
        &mut self,
        _request: &runtime::auth::RequestContext<'_>,
    ) -> Result<(), String> {
        Err("this server does not bind pods: it serves no pods/binding subresource".into())
    }
}

/// `ValidatePodBinding` (`pkg/apis/core/validation`): the target is a
/// `Node` (or names no kind) and has a name. The binding's metadata is not
/// looked at.
pub fn validate_pod_binding(binding: &Binding) -> ErrorList {
    let mut errors = ErrorList::new();
    let root = Path::root();
    let target = root.child("target");
    let kind = &binding.target.kind;
    if !kind.is_empty() && kind != "Node" {
        errors.push(Error::not_supported(
            &target.child("kind"),
            BadValue::Str(kind.clone()),
            &["Node", "<empty>"],
        ));
    }
    if binding.target.name.is_empty() {
        errors.push(Error::required(&target.child("name"), ""));
    }
    errors
}

impl PodStatus {
    /// `podutil.UpdatePodCondition`: `condition` replaces the condition of
    /// its type whole, or is appended when there is none. Its transition
    /// time is now, unless the status it replaces was the same, whose time
    /// it keeps.
    pub fn update_condition(&mut self, condition: PodCondition) {
        let mut condition = PodCondition {
            last_transition_time: Some(Time::now()),
            ..condition
        };
        match self
            .conditions
            .iter_mut()
            .find(|c| c.r#type == condition.r#type)
        {
            Some(old) => {
                if old.status == condition.status {
                    condition.last_transition_time = old.last_transition_time;
                }
                *old = condition;
            }
            None => self.conditions.push(condition),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binding(kind: &str, name: &str) -> Binding {
        Binding {
            target: ObjectReference {
                kind: kind.into(),
                name: name.into(),
                ..ObjectReference::default()
            },
            ..Binding::default()
        }
    }

    fn messages(errors: &ErrorList) -> Vec<String> {
        errors.iter().map(Error::to_string).collect()
    }

    /// A node, named or not by kind, passes; another kind and a missing
    /// name are refused in upstream's order and words.
    #[test]
    fn a_binding_targets_a_named_node() {
        assert!(validate_pod_binding(&binding("Node", "n1")).is_empty());
        assert!(validate_pod_binding(&binding("", "n1")).is_empty());
        assert_eq!(
            messages(&validate_pod_binding(&binding("Pod", ""))),
            [
                r#"target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>""#,
                "target.name: Required value",
            ]
        );
    }

    /// A condition of another status moves its transition time and drops
    /// the old reason; one of the same status keeps its time.
    #[test]
    fn update_condition_keeps_the_time_of_an_unchanged_status() {
        let then: Time = serde_json::from_str(r#""2020-01-01T00:00:00Z""#).unwrap();
        let mut status = PodStatus {
            conditions: vec![PodCondition {
                r#type: "PodScheduled".into(),
                status: "False".into(),
                reason: "Unschedulable".into(),
                last_transition_time: Some(then),
                ..PodCondition::default()
            }],
            ..PodStatus::default()
        };
        let scheduled = PodCondition {
            r#type: "PodScheduled".into(),
            status: "True".into(),
            ..PodCondition::default()
        };
        status.update_condition(scheduled.clone());
        let c = &status.conditions[0];
        assert_eq!((c.status.as_str(), c.reason.as_str()), ("True", ""));
        assert_ne!(c.last_transition_time, Some(then));
        status.conditions[0].last_transition_time = Some(then);
        status.update_condition(scheduled);
        assert_eq!(status.conditions.len(), 1);
        assert_eq!(status.conditions[0].last_transition_time, Some(then));
    }
}
