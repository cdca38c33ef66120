//! Binding, ported from `k8s.io/api/core/v1`: what a scheduler writes to
//! put a pod on a node, through the pod's `binding` subresource or the
//! legacy `bindings` resource. Neither stores it: the server's binding
//! handler (`runtime/apiserver`, upstream's `BindingREST`) sets the pod's
//! node.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::ObjectMeta;
use runtime::resource::Strategy;
use serde::{Deserialize, Serialize};

use super::ObjectReference;

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
}
