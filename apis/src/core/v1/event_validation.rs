//! The validation of Events (`pkg/apis/core/validation/events.go`),
//! which depends on the group a request is to: core v1 requests get
//! `legacyValidateEvent` alone, `events.k8s.io/v1` requests (the
//! `events` group's Event, stored as this one) the strict rules as well.

use chrono::SubsecRound;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra, immutable_field, names};

use super::Event;

impl ValidateExtra for Event {
    /// `ValidateEventCreate` and `ValidateEventUpdate` for a request to
    /// core v1: `legacyValidateEvent` alone, the reporting controller
    /// named by its core v1 field, `reportingComponent`.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        legacy_event_errors(self, path, "reportingComponent")
    }
}

/// `ReportingInstanceLengthLimit`, `ActionLengthLimit` and
/// `ReasonLengthLimit` of upstream's event validation, in bytes.
const EVENT_FIELD_LIMIT: usize = 128;

/// `NoteLengthLimit`: the most bytes of an Event's message (its `note`).
const EVENT_NOTE_LIMIT: usize = 1024;

/// `legacyValidateEvent` (`pkg/apis/core/validation/events.go`), which
/// every Event passes whatever the request's group: an Event without
/// `eventTime` (an "old" one) must name its own namespace in its involved
/// object (or none, in `default` or cluster-wide, "for compatibility with
/// old clients"); a new one may name none only in `default` or
/// `kube-system`, and needs its reporting controller (a qualified name,
/// reported under `reporting_controller`, the field's name in the
/// request's version), reporting instance, action and reason (each at
/// most 128 bytes), and a message of at most 1024 bytes. Paths are the
/// core Event's, as upstream validates the internal type.
pub(crate) fn legacy_event_errors(
    event: &Event,
    path: &Path,
    reporting_controller: &str,
) -> ErrorList {
    let mut errs = Vec::new();
    let namespace = event.metadata.namespace.as_deref().unwrap_or("");
    let involved = event.involved_object.namespace.as_str();
    let mismatch = || {
        Error::invalid(
            &path.child("involvedObject").child("namespace"),
            BadValue::Str(involved.to_string()),
            "does not match event.namespace",
        )
    };
    let too_long = |field: &str, value: &str, limit: usize| {
        (value.len() > limit).then(|| {
            Error::invalid(
                &path.child(field),
                BadValue::Str(String::new()),
                &format!("can have at most {limit} characters"),
            )
        })
    };
    let required = |field: &str, value: &str| {
        value
            .is_empty()
            .then(|| Error::required(&path.child(field), ""))
    };
    if event.event_time.is_none() {
        let matches = if involved.is_empty() {
            namespace.is_empty() || namespace == "default"
        } else {
            namespace == involved
        };
        if !matches {
            errs.push(mismatch());
        }
    } else {
        if involved.is_empty() && namespace != "default" && namespace != "kube-system" {
            errs.push(mismatch());
        }
        let controller = event.reporting_component.as_str();
        errs.extend(required(reporting_controller, controller));
        errs.extend(names::qualified_name(controller).into_iter().map(|m| {
            Error::invalid(
                &path.child(reporting_controller),
                BadValue::Str(controller.to_string()),
                &m,
            )
        }));
        errs.extend(required("reportingInstance", &event.reporting_instance));
        errs.extend(too_long(
            "reportingInstance",
            &event.reporting_instance,
            EVENT_FIELD_LIMIT,
        ));
        errs.extend(required("action", &event.action));
        errs.extend(too_long("action", &event.action, EVENT_FIELD_LIMIT));
        errs.extend(required("reason", &event.reason));
        errs.extend(too_long("reason", &event.reason, EVENT_FIELD_LIMIT));
        errs.extend(too_long("message", &event.message, EVENT_NOTE_LIMIT));
    }
    errs.extend(names::dns1123_subdomain(namespace).into_iter().map(|m| {
        Error::invalid(
            &path.child("namespace"),
            BadValue::Str(namespace.to_string()),
            &m,
        )
    }));
    errs
}

/// The rules `ValidateEventCreate` adds to the legacy ones for a request
/// to `events.k8s.io/v1`: a series of at least 2, a `Normal` or `Warning`
/// type, and none of the fields the new API deprecated (`firstTimestamp`,
/// `lastTimestamp`, `count`, `source`, by their core names). Its other
/// rules are the events.k8s.io Event's `+required` markers' (`eventTime`,
/// `series.lastObservedTime`: "Required value" where set or changed), and
/// the generic create's `ValidateObjectMeta`.
pub(crate) fn strict_event_create_errors(event: &Event, path: &Path) -> ErrorList {
    let mut errs = event_series_errors(event, path);
    if event.r#type != "Normal" && event.r#type != "Warning" {
        errs.push(Error::invalid(
            &path.child("type"),
            BadValue::Str(String::new()),
            &format!("has invalid value: {}", event.r#type),
        ));
    }
    let unset = |field: &str, set: bool| {
        set.then(|| {
            Error::invalid(
                &path.child(field),
                BadValue::Str(String::new()),
                "needs to be unset",
            )
        })
    };
    errs.extend(unset("firstTimestamp", event.first_timestamp.is_some()));
    errs.extend(unset("lastTimestamp", event.last_timestamp.is_some()));
    errs.extend(unset("count", event.count != 0));
    errs.extend(unset(
        "source",
        !event.source.component.is_empty() || !event.source.host.is_empty(),
    ));
    errs
}

/// The rules `ValidateEventUpdate` adds to the legacy ones for a request
/// to `events.k8s.io/v1`: a changed series is valid, and the rest of the
/// Event is immutable, in upstream's order (which checks `reason` twice).
/// Upstream's `ValidateObjectMetaUpdate` is the generic update's.
pub(crate) fn strict_event_update_errors(new: &Event, old: &Event, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    if new.series != old.series {
        errs.extend(event_series_errors(new, path));
        // `series.lastObservedTime: Required value` is the `+required`
        // marker's where the field changed; a series that changed around
        // a missing one (written through core v1) is this rule's.
        let missing = |e: &Event| {
            e.series
                .as_ref()
                .is_some_and(|s| s.last_observed_time.is_none())
        };
        if missing(new) && missing(old) {
            errs.push(Error::required(
                &path.child("series").child("lastObservedTime"),
                "",
            ));
        }
    }
    errs.extend(immutable_field(
        &path.child("involvedObject"),
        &new.involved_object,
        &old.involved_object,
    ));
    errs.extend(immutable_field(
        &path.child("reason"),
        &new.reason,
        &old.reason,
    ));
    errs.extend(immutable_field(
        &path.child("message"),
        &new.message,
        &old.message,
    ));
    errs.extend(immutable_field(
        &path.child("source"),
        &new.source,
        &old.source,
    ));
    errs.extend(immutable_field(
        &path.child("firstTimestamp"),
        &new.first_timestamp,
        &old.first_timestamp,
    ));
    errs.extend(immutable_field(
        &path.child("lastTimestamp"),
        &new.last_timestamp,
        &old.last_timestamp,
    ));
    errs.extend(immutable_field(
        &path.child("count"),
        &new.count,
        &old.count,
    ));
    errs.extend(immutable_field(
        &path.child("reason"),
        &new.reason,
        &old.reason,
    ));
    errs.extend(immutable_field(
        &path.child("type"),
        &new.r#type,
        &old.r#type,
    ));
    // Compared at microseconds, as upstream truncates both (kubernetes
    // #111928: clients that wrote nanoseconds must be able to update).
    let micros = |t: &Option<runtime::meta::MicroTime>| t.map(|t| t.0.trunc_subsecs(6));
    if micros(&new.event_time) != micros(&old.event_time) {
        errs.extend(immutable_field(
            &path.child("eventTime"),
            &new.event_time,
            &old.event_time,
        ));
    }
    errs.extend(immutable_field(
        &path.child("action"),
        &new.action,
        &old.action,
    ));
    errs.extend(immutable_field(
        &path.child("related"),
        &new.related,
        &old.related,
    ));
    errs.extend(immutable_field(
        &path.child("reportingController"),
        &new.reporting_component,
        &old.reporting_component,
    ));
    errs.extend(immutable_field(
        &path.child("reportingInstance"),
        &new.reporting_instance,
        &old.reporting_instance,
    ));
    errs
}

/// `validateV1EventSeries`: a series counts at least 2 occurrences (its
/// last observation is the `+required` marker's).
fn event_series_errors(event: &Event, path: &Path) -> ErrorList {
    match &event.series {
        Some(series) if series.count < 2 => vec![Error::invalid(
            &path.child("series").child("count"),
            BadValue::Str(String::new()),
            "should be at least 2",
        )],
        _ => Vec::new(),
    }
}
