//! What a delete does to an object before (or instead of) removing it:
//! the graceful deletion period of pods and the garbage collector's
//! finalizers, as the generic store's `Delete` decides them.
//!
//! Source: `k8s.io/apiserver/pkg/registry/rest/delete.go` (`BeforeDelete`),
//! `k8s.io/apiserver/pkg/registry/generic/registry/store.go`
//! (`deletionFinalizersForGarbageCollection`, `markAsDeleting`) and
//! `pkg/registry/core/pod/strategy.go` (`CheckGracefulDelete`).

use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

use super::object::{meta, meta_mut, meta_str, set_meta};
use runtime::resource::ResourceInfo;

/// `metav1.FinalizerOrphanDependents`.
pub(crate) const FINALIZER_ORPHAN: &str = "orphan";
/// `metav1.FinalizerDeleteDependents`.
pub(crate) const FINALIZER_FOREGROUND: &str = "foregroundDeletion";

/// A delete's `DeleteOptions`, decoded typed (from the body, or from the
/// query parameters of a bodiless delete), so that a `gracePeriodSeconds`
/// of `"abc"` is refused rather than ignored.
#[derive(Debug, Clone, Default, PartialEq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DeleteOptions {
    /// `kind`: `DeleteOptions` when set.
    pub kind: Option<String>,
    /// `apiVersion`, named in the error for a body of another kind.
    pub api_version: Option<String>,
    /// `gracePeriodSeconds`; negative values count as 1, as upstream.
    pub grace_period_seconds: Option<i64>,
    /// `preconditions` on the object's current state.
    pub preconditions: Option<Preconditions>,
    /// The deprecated `orphanDependents`.
    pub orphan_dependents: Option<bool>,
    /// `propagationPolicy`: `Orphan`, `Background` or `Foreground`.
    pub propagation_policy: Option<String>,
    /// `dryRun`: `["All"]` for a dry run.
    pub dry_run: Option<Vec<String>>,
}

/// `metav1.Preconditions`.
#[derive(Debug, Clone, Default, PartialEq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Preconditions {
    /// The object's `metadata.uid` must be this.
    pub uid: Option<String>,
    /// The object's `metadata.resourceVersion` must be this.
    pub resource_version: Option<String>,
}

impl DeleteOptions {
    /// Whether `dryRun` asks for a dry run.
    pub fn dry_run(&self) -> bool {
        self.dry_run
            .as_ref()
            .is_some_and(|d| d.iter().any(|v| v == "All"))
    }
}

/// What `BeforeDelete` decided for an object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Grace {
    /// The kind has no graceful deletion, or its period is exhausted:
    /// delete now (unless finalizers hold the object).
    None,
    /// The object was given (or had shortened) a grace period of this many
    /// seconds; its deletionTimestamp is set.
    Period(i64),
    /// A graceful deletion is already under way and was not shortened:
    /// nothing changes.
    Pending,
}

fn int_meta(obj: &Value, key: &str) -> Option<i64> {
    meta(obj).and_then(|m| m.get(key)).and_then(Value::as_i64)
}

fn parse_time(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// `t` moved by `seconds`, held within the years 0001 to 9999 that an
/// RFC 3339 timestamp can write: a grace period of `i64::MAX` seconds
/// (upstream accepts any) gives the last second of 9999, never a panic.
fn shift(t: DateTime<Utc>, seconds: i64) -> DateTime<Utc> {
    let at = |y, m, d, h, min, s| {
        chrono::NaiveDate::from_ymd_opt(y, m, d)
            .and_then(|date| date.and_hms_opt(h, min, s))
            .map_or(t, |moment| moment.and_utc())
    };
    let (first, last) = (at(1, 1, 1, 0, 0, 0), at(9999, 12, 31, 23, 59, 59));
    Duration::try_seconds(seconds)
        .and_then(|d| t.checked_add_signed(d))
        .unwrap_or(if seconds < 0 { first } else { last })
        .clamp(first, last)
}

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `rest.BeforeDelete` for the kinds with a graceful delete strategy
/// ([`runtime::resource::Strategy::GRACEFUL_DELETE`], as Pod's): sets
/// `deletionTimestamp` to now plus the grace period the strategy gives and
/// `deletionGracePeriodSeconds`, bumps a positive generation, or shortens
/// a pending graceful deletion. Other kinds get [`Grace::None`].
///
/// Errors: the strategy cannot read the object (it does not decode into
/// the kind's type).
pub(crate) fn before_delete(
    ri: &ResourceInfo,
    obj: &mut Value,
    options: &DeleteOptions,
    now: DateTime<Utc>,
) -> Result<Grace, String> {
    let Some(grace_period) = ri.strategy.graceful_delete_period else {
        return Ok(Grace::None);
    };
    if let Some(timestamp) = meta_str(obj, "deletionTimestamp").and_then(parse_time) {
        let current = match int_meta(obj, "deletionGracePeriodSeconds") {
            None | Some(0) => return Ok(Grace::None),
            Some(g) => g.max(1),
        };
        let Some(period) = options.grace_period_seconds else {
            return Ok(Grace::Pending);
        };
        if period >= current {
            return Ok(Grace::Pending);
        }
        let shortened = shift(shift(timestamp, -current), period);
        let m = meta_mut(obj);
        set_meta(m, "deletionTimestamp", json!(rfc3339(shortened)));
        set_meta(m, "deletionGracePeriodSeconds", json!(period));
        return Ok(Grace::Period(period));
    }
    let period = grace_period(obj, options.grace_period_seconds)?;
    let m = meta_mut(obj);
    m.insert(
        "deletionTimestamp".into(),
        json!(rfc3339(shift(now, period))),
    );
    set_meta(m, "deletionGracePeriodSeconds", json!(period));
    if let Some(g) = m
        .get("generation")
        .and_then(Value::as_i64)
        .filter(|g| *g > 0)
    {
        set_meta(m, "generation", json!(g + 1));
    }
    Ok(Grace::Period(period))
}

fn finalizers(obj: &Value) -> Vec<String> {
    meta(obj)
        .and_then(|m| m.get("finalizers"))
        .and_then(Value::as_array)
        .map(|f| {
            f.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Whether the object carries finalizers.
pub(crate) fn has_finalizers(obj: &Value) -> bool {
    !finalizers(obj).is_empty()
}

fn should_orphan(existing: &[String], options: &DeleteOptions) -> bool {
    if let Some(orphan) = options.orphan_dependents {
        return orphan;
    }
    match options.propagation_policy.as_deref() {
        Some("Orphan") => return true,
        Some("Background" | "Foreground") => return false,
        _ => {}
    }
    for f in existing {
        match f.as_str() {
            FINALIZER_ORPHAN => return true,
            FINALIZER_FOREGROUND => return false,
            _ => {}
        }
    }
    // Every served kind's default policy is to delete dependents.
    false
}

fn should_delete_in_foreground(existing: &[String], options: &DeleteOptions) -> bool {
    if options.orphan_dependents.is_some() {
        return false;
    }
    match options.propagation_policy.as_deref() {
        Some("Foreground") => return true,
        Some("Background" | "Orphan") => return false,
        _ => {}
    }
    for f in existing {
        match f.as_str() {
            FINALIZER_FOREGROUND => return true,
            FINALIZER_ORPHAN => return false,
            _ => {}
        }
    }
    false
}

/// `deletionFinalizersForGarbageCollection`: the object's finalizers with
/// `orphan` and `foregroundDeletion` set as the options (or, without
/// options, the finalizers already there) ask, when that changes the set.
/// The garbage collector that acts on them is a controller, not part of
/// the API server: as with kube-apiserver alone, an object so marked stays
/// (with its `deletionTimestamp`) until a client removes the finalizer.
pub(crate) fn gc_finalizers(
    ri: &ResourceInfo,
    obj: &Value,
    options: &DeleteOptions,
) -> Option<Vec<String>> {
    if !ri.strategy.garbage_collected {
        return None;
    }
    let existing = finalizers(obj);
    let mut wanted: Vec<String> = existing
        .iter()
        .filter(|f| *f != FINALIZER_ORPHAN && *f != FINALIZER_FOREGROUND)
        .cloned()
        .collect();
    if should_orphan(&existing, options) {
        wanted.push(FINALIZER_ORPHAN.into());
    }
    if should_delete_in_foreground(&existing, options) {
        wanted.push(FINALIZER_FOREGROUND.into());
    }
    let as_set = |v: &[String]| v.iter().cloned().collect::<std::collections::BTreeSet<_>>();
    (as_set(&existing) != as_set(&wanted)).then_some(wanted)
}

/// Sets the object's finalizers.
pub(crate) fn set_finalizers(obj: &mut Value, finalizers: Vec<String>) {
    let m = meta_mut(obj);
    if finalizers.is_empty() {
        m.remove("finalizers");
    } else {
        set_meta(m, "finalizers", json!(finalizers));
    }
}

/// `markAsDeleting`: the deletion of an object held by finalizers starts
/// now (an earlier or equal timestamp is kept), with a zero grace period;
/// a positive generation moves when deletion starts.
pub(crate) fn mark_as_deleting(obj: &mut Value, now: DateTime<Utc>) {
    let existing = meta_str(obj, "deletionTimestamp").and_then(parse_time);
    let m = meta_mut(obj);
    if existing.is_none()
        && let Some(g) = m
            .get("generation")
            .and_then(Value::as_i64)
            .filter(|g| *g > 0)
    {
        set_meta(m, "generation", json!(g + 1));
    }
    if existing.is_none_or(|t| t > now) {
        set_meta(m, "deletionTimestamp", json!(rfc3339(now)));
    }
    set_meta(m, "deletionGracePeriodSeconds", json!(0));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pod's registration, with its strategy (graceful deletion).
    fn pod_info() -> ResourceInfo {
        <apis::core::v1::Pod as runtime::resource::Resource>::INFO
    }

    fn before(
        ri: &ResourceInfo,
        obj: &mut Value,
        options: &DeleteOptions,
        now: DateTime<Utc>,
    ) -> Grace {
        before_delete(ri, obj, options, now).expect("the strategy reads the object")
    }

    fn now() -> DateTime<Utc> {
        parse_time("2026-01-01T00:00:00Z").unwrap()
    }

    fn scheduled_pod() -> Value {
        json!({"metadata": {"name": "p", "generation": 1},
               "spec": {"nodeName": "node-1", "terminationGracePeriodSeconds": 30}})
    }

    #[test]
    fn an_unscheduled_pod_has_no_grace_period() {
        let mut pod =
            json!({"metadata": {"name": "p"}, "spec": {"terminationGracePeriodSeconds": 30}});
        let grace = before(&pod_info(), &mut pod, &DeleteOptions::default(), now());
        assert_eq!(grace, Grace::Period(0));
        assert_eq!(pod["metadata"]["deletionTimestamp"], "2026-01-01T00:00:00Z");
    }

    #[test]
    fn a_scheduled_pod_gets_its_termination_grace_period() {
        let mut pod = scheduled_pod();
        let grace = before(&pod_info(), &mut pod, &DeleteOptions::default(), now());
        assert_eq!(grace, Grace::Period(30));
        assert_eq!(pod["metadata"]["deletionTimestamp"], "2026-01-01T00:00:30Z");
        assert_eq!(pod["metadata"]["deletionGracePeriodSeconds"], 30);
        assert_eq!(pod["metadata"]["generation"], 2);
    }

    #[test]
    fn a_pending_grace_period_may_only_shorten() {
        let mut pod = scheduled_pod();
        before(&pod_info(), &mut pod, &DeleteOptions::default(), now());
        let longer = DeleteOptions {
            grace_period_seconds: Some(60),
            ..Default::default()
        };
        assert_eq!(
            before(&pod_info(), &mut pod, &longer, now()),
            Grace::Pending
        );
        assert_eq!(
            before(&pod_info(), &mut pod, &DeleteOptions::default(), now()),
            Grace::Pending
        );
        let shorter = DeleteOptions {
            grace_period_seconds: Some(5),
            ..Default::default()
        };
        assert_eq!(
            before(&pod_info(), &mut pod, &shorter, now()),
            Grace::Period(5)
        );
        assert_eq!(pod["metadata"]["deletionTimestamp"], "2026-01-01T00:00:05Z");
        assert_eq!(
            pod["metadata"]["generation"], 2,
            "shortening keeps the generation"
        );
    }

    #[test]
    fn a_pod_its_strategy_cannot_read_is_an_error_not_a_guess() {
        let mut pod = json!({"metadata": {"name": "p"}, "spec": "not a spec"});
        let err = before_delete(&pod_info(), &mut pod, &DeleteOptions::default(), now());
        assert!(err.is_err(), "{err:?}");
        assert!(meta_str(&pod, "deletionTimestamp").is_none());
    }

    #[test]
    fn namespaces_never_get_the_garbage_collectors_finalizers() {
        let foreground = DeleteOptions {
            propagation_policy: Some("Foreground".into()),
            ..Default::default()
        };
        let obj = json!({"metadata": {"name": "n"}});
        let namespace = <apis::core::v1::Namespace as runtime::resource::Resource>::INFO;
        assert_eq!(gc_finalizers(&namespace, &obj, &foreground), None);
        let configmap = crate::test_support::core_info("ConfigMap", "configmaps");
        assert_eq!(
            gc_finalizers(&configmap, &obj, &foreground),
            Some(vec![FINALIZER_FOREGROUND.to_string()])
        );
    }

    #[test]
    fn other_kinds_have_no_graceful_deletion() {
        let mut cm = json!({"metadata": {"name": "c"}});
        let ri = crate::test_support::core_info("ConfigMap", "configmaps");
        assert_eq!(
            before(&ri, &mut cm, &DeleteOptions::default(), now()),
            Grace::None
        );
        assert!(meta_str(&cm, "deletionTimestamp").is_none());
    }

    #[test]
    fn propagation_policies_set_the_garbage_collector_finalizers() {
        let ri = crate::test_support::core_info("ConfigMap", "configmaps");
        let obj = json!({"metadata": {"name": "c", "finalizers": ["example.dev/hold"]}});
        let with = |policy: &str| DeleteOptions {
            propagation_policy: Some(policy.into()),
            ..Default::default()
        };
        assert_eq!(
            gc_finalizers(&ri, &obj, &with("Foreground")),
            Some(vec!["example.dev/hold".into(), FINALIZER_FOREGROUND.into()])
        );
        assert_eq!(
            gc_finalizers(&ri, &obj, &with("Orphan")),
            Some(vec!["example.dev/hold".into(), FINALIZER_ORPHAN.into()])
        );
        assert_eq!(gc_finalizers(&ri, &obj, &with("Background")), None);
        assert_eq!(gc_finalizers(&ri, &obj, &DeleteOptions::default()), None);
        // An explicit policy replaces the other GC finalizer.
        let orphaned = json!({"metadata": {"name": "c", "finalizers": ["orphan"]}});
        assert_eq!(
            gc_finalizers(&ri, &orphaned, &with("Background")),
            Some(vec![])
        );
        let legacy = DeleteOptions {
            orphan_dependents: Some(true),
            ..Default::default()
        };
        assert_eq!(
            gc_finalizers(&ri, &json!({"metadata": {}}), &legacy),
            Some(vec![FINALIZER_ORPHAN.into()])
        );
    }

    #[test]
    fn mark_as_deleting_keeps_an_earlier_timestamp() {
        let mut obj = json!({"metadata": {"generation": 3}});
        mark_as_deleting(&mut obj, now());
        assert_eq!(obj["metadata"]["deletionTimestamp"], "2026-01-01T00:00:00Z");
        assert_eq!(obj["metadata"]["deletionGracePeriodSeconds"], 0);
        assert_eq!(obj["metadata"]["generation"], 4);
        mark_as_deleting(&mut obj, now() + Duration::seconds(10));
        assert_eq!(obj["metadata"]["deletionTimestamp"], "2026-01-01T00:00:00Z");
        assert_eq!(obj["metadata"]["generation"], 4);
    }
}
