//! The hand-written registry strategies of core/v1 (`+resource:strategy`):
//! the behaviour upstream's `pkg/registry/core/<kind>/strategy.go` gives
//! these kinds beyond what markers say.

use runtime::resource::Strategy;

use super::{Namespace, Pod};

/// `pkg/registry/core/pod/strategy.go`: deletes are graceful.
impl Strategy for Pod {
    const GRACEFUL_DELETE: bool = true;

    /// `podStrategy.CheckGracefulDelete`: the requested period, else
    /// `spec.terminationGracePeriodSeconds`, else 0; 0 for a pod that is not
    /// scheduled (no `spec.nodeName`) or has terminated (`Failed`,
    /// `Succeeded`); a negative period counts as 1.
    fn graceful_delete_period(&self, requested: Option<i64>) -> i64 {
        let mut period = requested
            .or(self.spec.termination_grace_period_seconds)
            .unwrap_or(0);
        if self.spec.node_name.is_empty() {
            period = 0;
        }
        if matches!(self.status.phase.as_str(), "Failed" | "Succeeded") {
            period = 0;
        }
        if period < 0 { 1 } else { period }
    }
}

/// `pkg/registry/core/namespace/storage`: a namespace's delete is the
/// namespace lifecycle's (its `kubernetes` finalizer), never the garbage
/// collector's (`DefaultGarbageCollectionPolicy` is `Unsupported`).
impl Strategy for Namespace {
    const GARBAGE_COLLECTED: bool = false;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod(node: &str, phase: &str, termination: Option<i64>) -> Pod {
        let mut pod = Pod::default();
        pod.spec.node_name = node.into();
        pod.status.phase = phase.into();
        pod.spec.termination_grace_period_seconds = termination;
        pod
    }

    #[test]
    fn a_pod_gets_the_requested_period_then_its_own() {
        let running = pod("node-1", "Running", Some(30));
        assert_eq!(running.graceful_delete_period(None), 30);
        assert_eq!(running.graceful_delete_period(Some(5)), 5);
        assert_eq!(running.graceful_delete_period(Some(-3)), 1);
        assert_eq!(
            pod("node-1", "Running", None).graceful_delete_period(None),
            0
        );
    }

    #[test]
    fn unscheduled_and_terminated_pods_go_at_once() {
        assert_eq!(
            pod("", "Pending", Some(30)).graceful_delete_period(Some(10)),
            0
        );
        assert_eq!(
            pod("node-1", "Succeeded", Some(30)).graceful_delete_period(None),
            0
        );
        assert_eq!(
            pod("node-1", "Failed", Some(30)).graceful_delete_period(None),
            0
        );
    }
}
