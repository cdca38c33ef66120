//! What a delete does to an object before (or instead of) removing it:
//! the graceful deletion period of pods and the garbage collector's
//! finalizers, as the generic store's `Delete` decides them.
//!
//! Source: `k8s.io/apiserver/pkg/registry/rest/delete.go` (`BeforeDelete`),
//! `k8s.io/apiserver/pkg/registry/generic/registry/store.go`
//! (`deletionFinalizersForGarbageCollection`, `markAsDeleting`) and
//! `pkg/registry/core/pod/strategy.go` (`CheckGracefulDelete`).

use chrono::{DateTime, Duration, Utc};

use runtime::meta::{ObjectMeta, Time};
use runtime::registry::Object;
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

/// The typed `metav1.DeleteOptions` (a protobuf body's): its options, with
/// no kind or API version (the envelope carries those). Its
/// `ignoreStoreReadErrorWithClusterBreakingPotential` has no use here: an
/// object this server stored always reads back.
impl From<runtime::meta::v1::DeleteOptions> for DeleteOptions {
    fn from(options: runtime::meta::v1::DeleteOptions) -> DeleteOptions {
        DeleteOptions {
            kind: None,
            api_version: None,
            grace_period_seconds: options.grace_period_seconds,
            preconditions: options.preconditions.map(|p| Preconditions {
                uid: p.uid,
                resource_version: p.resource_version,
            }),
            orphan_dependents: options.orphan_dependents,
            propagation_policy: options.propagation_policy,
            dry_run: (!options.dry_run.is_empty()).then_some(options.dry_run),
        }
    }
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

/// A positive generation moves on (`markAsDeleting`, `BeforeDelete`).
fn bump_generation(meta: &mut ObjectMeta) {
    if let Some(g) = meta.generation.filter(|g| *g > 0) {
        meta.generation = Some(g.saturating_add(1));
    }
}

/// `rest.BeforeDelete` for the kinds with a graceful delete strategy
/// ([`runtime::resource::Strategy::GRACEFUL_DELETE`], as Pod's): sets
/// `deletionTimestamp` to now plus the grace period the strategy gives and
/// `deletionGracePeriodSeconds`, bumps a positive generation, or shortens
/// a pending graceful deletion. Other kinds get [`Grace::None`].
///
/// Errors: the object is not of the kind's Rust type, so its strategy
/// cannot read it.
pub(crate) fn before_delete(
    ri: &ResourceInfo,
    obj: &mut dyn Object,
    options: &DeleteOptions,
    now: DateTime<Utc>,
) -> Result<Grace, String> {
    let Some(grace_period) = ri.strategy.graceful_delete_period else {
        return Ok(Grace::None);
    };
    let meta = obj.metadata();
    if let Some(Time(timestamp)) = meta.deletion_timestamp {
        let current = match meta.deletion_grace_period_seconds {
            None | Some(0) => return Ok(Grace::None),
            Some(g) => g.max(1),
        };
        let Some(period) = options.grace_period_seconds else {
            return Ok(Grace::Pending);
        };
        if period >= current {
            return Ok(Grace::Pending);
        }
        let m = obj.metadata_mut();
        m.deletion_timestamp = Some(Time(shift(shift(timestamp, -current), period)));
        m.deletion_grace_period_seconds = Some(period);
        return Ok(Grace::Period(period));
    }
    let period = grace_period(obj.as_any(), options.grace_period_seconds)
        .ok_or_else(|| format!("the {} strategy cannot read this object", ri.kind))?;
    let m = obj.metadata_mut();
    m.deletion_timestamp = Some(Time(shift(now, period)));
    m.deletion_grace_period_seconds = Some(period);
    bump_generation(m);
    Ok(Grace::Period(period))
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
    // The default policy: delete dependents. Upstream's core v1
    // ReplicationControllers default to orphaning them (the `orphan`
    // finalizer, which its garbage collector takes off); no garbage
    // collector runs here, so they are deleted as every other kind is.
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
    meta: &ObjectMeta,
    options: &DeleteOptions,
) -> Option<Vec<String>> {
    if !ri.strategy.garbage_collected {
        return None;
    }
    let existing = &meta.finalizers;
    let mut wanted: Vec<String> = existing
        .iter()
        .filter(|f| *f != FINALIZER_ORPHAN && *f != FINALIZER_FOREGROUND)
        .cloned()
        .collect();
    if should_orphan(existing, options) {
        wanted.push(FINALIZER_ORPHAN.into());
    }
    if should_delete_in_foreground(existing, options) {
        wanted.push(FINALIZER_FOREGROUND.into());
    }
    let as_set = |v: &[String]| v.iter().cloned().collect::<std::collections::BTreeSet<_>>();
    (as_set(existing) != as_set(&wanted)).then_some(wanted)
}

/// `markAsDeleting`: the deletion of an object held by finalizers starts
/// now (an earlier or equal timestamp is kept), with a zero grace period;
/// a positive generation moves when deletion starts.
pub(crate) fn mark_as_deleting(meta: &mut ObjectMeta, now: DateTime<Utc>) {
    let existing = meta.deletion_timestamp.map(|t| t.0);
    if existing.is_none() {
        bump_generation(meta);
    }
    if existing.is_none_or(|t| t > now) {
        meta.deletion_timestamp = Some(Time(now));
    }
    meta.deletion_grace_period_seconds = Some(0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use apis::core::v1::{ConfigMap, Pod};

    /// Pod's registration, with its strategy (graceful deletion).
    fn pod_info() -> ResourceInfo {
        <Pod as runtime::resource::Resource>::INFO
    }

    fn before(
        ri: &ResourceInfo,
        obj: &mut dyn Object,
        options: &DeleteOptions,
        now: DateTime<Utc>,
    ) -> Grace {
        before_delete(ri, obj, options, now).expect("the strategy reads the object")
    }

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    /// A pod on `node` (none: unscheduled) with a termination grace period
    /// of 30 seconds, at generation 1.
    fn pod(node: &str) -> Pod {
        let mut pod = Pod::default();
        pod.metadata.name = Some("p".into());
        pod.metadata.generation = Some(1);
        pod.spec.node_name = node.into();
        pod.spec.termination_grace_period_seconds = Some(30);
        pod
    }

    fn deletion_timestamp(obj: &dyn Object) -> Option<String> {
        obj.metadata().deletion_timestamp.map(|t| t.to_rfc3339())
    }

    fn meta_with_finalizers(finalizers: &[&str]) -> ObjectMeta {
        ObjectMeta {
            name: Some("c".into()),
            finalizers: finalizers.iter().map(|f| f.to_string()).collect(),
            ..ObjectMeta::default()
        }
    }

    #[test]
    fn an_unscheduled_pod_has_no_grace_period() {
        let mut pod = pod("");
        let grace = before(&pod_info(), &mut pod, &DeleteOptions::default(), now());
        assert_eq!(grace, Grace::Period(0));
        assert_eq!(
            deletion_timestamp(&pod).as_deref(),
            Some("2026-01-01T00:00:00Z")
        );
    }

    #[test]
    fn a_scheduled_pod_gets_its_termination_grace_period() {
        let mut pod = pod("node-1");
        let grace = before(&pod_info(), &mut pod, &DeleteOptions::default(), now());
        assert_eq!(grace, Grace::Period(30));
        assert_eq!(
            deletion_timestamp(&pod).as_deref(),
            Some("2026-01-01T00:00:30Z")
        );
        assert_eq!(pod.metadata.deletion_grace_period_seconds, Some(30));
        assert_eq!(pod.metadata.generation, Some(2));
    }

    #[test]
    fn a_pending_grace_period_may_only_shorten() {
        let mut pod = pod("node-1");
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
        assert_eq!(
            deletion_timestamp(&pod).as_deref(),
            Some("2026-01-01T00:00:05Z")
        );
        assert_eq!(
            pod.metadata.generation,
            Some(2),
            "shortening keeps the generation"
        );
    }

    #[test]
    fn an_object_its_strategy_cannot_read_is_an_error_not_a_guess() {
        let mut not_a_pod = ConfigMap::default();
        let err = before_delete(
            &pod_info(),
            &mut not_a_pod,
            &DeleteOptions::default(),
            now(),
        );
        assert!(err.is_err(), "{err:?}");
        assert!(deletion_timestamp(&not_a_pod).is_none());
    }

    #[test]
    fn a_grace_period_past_year_9999_stops_there() {
        let mut pod = pod("node-1");
        let forever = DeleteOptions {
            grace_period_seconds: Some(i64::MAX),
            ..Default::default()
        };
        before(&pod_info(), &mut pod, &forever, now());
        assert_eq!(
            deletion_timestamp(&pod).as_deref(),
            Some("9999-12-31T23:59:59Z")
        );
    }

    #[test]
    fn namespaces_never_get_the_garbage_collectors_finalizers() {
        let foreground = DeleteOptions {
            propagation_policy: Some("Foreground".into()),
            ..Default::default()
        };
        let meta = meta_with_finalizers(&[]);
        let namespace = <apis::core::v1::Namespace as runtime::resource::Resource>::INFO;
        assert_eq!(gc_finalizers(&namespace, &meta, &foreground), None);
        let configmap = crate::test_support::core_info("ConfigMap", "configmaps");
        assert_eq!(
            gc_finalizers(&configmap, &meta, &foreground),
            Some(vec![FINALIZER_FOREGROUND.to_string()])
        );
    }

    #[test]
    fn other_kinds_have_no_graceful_deletion() {
        let mut cm = ConfigMap::default();
        let ri = crate::test_support::core_info("ConfigMap", "configmaps");
        assert_eq!(
            before(&ri, &mut cm, &DeleteOptions::default(), now()),
            Grace::None
        );
        assert!(deletion_timestamp(&cm).is_none());
    }

    #[test]
    fn propagation_policies_set_the_garbage_collector_finalizers() {
        let ri = crate::test_support::core_info("ConfigMap", "configmaps");
        let meta = meta_with_finalizers(&["example.dev/hold"]);
        let with = |policy: &str| DeleteOptions {
            propagation_policy: Some(policy.into()),
            ..Default::default()
        };
        assert_eq!(
            gc_finalizers(&ri, &meta, &with("Foreground")),
            Some(vec!["example.dev/hold".into(), FINALIZER_FOREGROUND.into()])
        );
        assert_eq!(
            gc_finalizers(&ri, &meta, &with("Orphan")),
            Some(vec!["example.dev/hold".into(), FINALIZER_ORPHAN.into()])
        );
        assert_eq!(gc_finalizers(&ri, &meta, &with("Background")), None);
        assert_eq!(gc_finalizers(&ri, &meta, &DeleteOptions::default()), None);
        // An explicit policy replaces the other GC finalizer.
        let orphaned = meta_with_finalizers(&["orphan"]);
        assert_eq!(
            gc_finalizers(&ri, &orphaned, &with("Background")),
            Some(vec![])
        );
        let legacy = DeleteOptions {
            orphan_dependents: Some(true),
            ..Default::default()
        };
        assert_eq!(
            gc_finalizers(&ri, &meta_with_finalizers(&[]), &legacy),
            Some(vec![FINALIZER_ORPHAN.into()])
        );
    }

    #[test]
    fn mark_as_deleting_keeps_an_earlier_timestamp() {
        let mut meta = ObjectMeta {
            generation: Some(3),
            ..ObjectMeta::default()
        };
        mark_as_deleting(&mut meta, now());
        assert_eq!(
            meta.deletion_timestamp.map(|t| t.to_rfc3339()).as_deref(),
            Some("2026-01-01T00:00:00Z")
        );
        assert_eq!(meta.deletion_grace_period_seconds, Some(0));
        assert_eq!(meta.generation, Some(4));
        mark_as_deleting(&mut meta, now() + Duration::seconds(10));
        assert_eq!(
            meta.deletion_timestamp.map(|t| t.to_rfc3339()).as_deref(),
            Some("2026-01-01T00:00:00Z")
        );
        assert_eq!(meta.generation, Some(4));
    }
}
