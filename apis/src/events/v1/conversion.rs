//! The conversions between events.k8s.io/v1 Events and the core v1 Events
//! they are stored as: upstream's `Convert_v1_Event_To_core_Event` and
//! `Convert_core_Event_To_v1_Event` (`pkg/apis/events/v1/conversion.go`),
//! through the internal `core.Event`, whose fields the core v1 Event holds
//! under the same names but `reportingComponent`.

use super::{Event, EventSeries};
use crate::core::v1 as core;

impl From<Event> for core::Event {
    /// `regarding` is the core Event's `involvedObject`, `note` its
    /// `message`, and the `deprecated*` fields its `source`,
    /// `firstTimestamp`, `lastTimestamp` and `count`.
    fn from(event: Event) -> Self {
        core::Event {
            metadata: event.metadata,
            involved_object: event.regarding,
            reason: event.reason,
            message: event.note,
            source: event.deprecated_source,
            first_timestamp: event.deprecated_first_timestamp,
            last_timestamp: event.deprecated_last_timestamp,
            count: event.deprecated_count,
            r#type: event.r#type,
            event_time: event.event_time,
            series: event.series.map(|s| core::EventSeries {
                count: s.count,
                last_observed_time: s.last_observed_time,
            }),
            action: event.action,
            related: event.related,
            reporting_component: event.reporting_controller,
            reporting_instance: event.reporting_instance,
        }
    }
}

impl From<core::Event> for Event {
    /// The inverse of the conversion to the core Event.
    fn from(event: core::Event) -> Self {
        Event {
            metadata: event.metadata,
            event_time: event.event_time,
            series: event.series.map(|s| EventSeries {
                count: s.count,
                last_observed_time: s.last_observed_time,
            }),
            reporting_controller: event.reporting_component,
            reporting_instance: event.reporting_instance,
            action: event.action,
            reason: event.reason,
            regarding: event.involved_object,
            related: event.related,
            note: event.message,
            r#type: event.r#type,
            deprecated_source: event.source,
            deprecated_first_timestamp: event.first_timestamp,
            deprecated_last_timestamp: event.last_timestamp,
            deprecated_count: event.count,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime::meta::{MicroTime, Time};

    /// Every field of each side lands in its counterpart and back.
    #[test]
    fn every_field_converts_to_the_core_event_and_back() {
        let at = |s: &str| chrono::DateTime::parse_from_rfc3339(s).unwrap().to_utc();
        let reference = |name: &str| crate::core::v1::ObjectReference {
            kind: "Pod".into(),
            namespace: "default".into(),
            name: name.into(),
            uid: "u".into(),
            api_version: "v1".into(),
            resource_version: "7".into(),
            field_path: "spec.containers{app}".into(),
        };
        let event = Event {
            metadata: runtime::meta::ObjectMeta {
                name: Some("e".into()),
                ..Default::default()
            },
            event_time: Some(MicroTime(at("2026-01-02T03:04:05.123456Z"))),
            series: Some(EventSeries {
                count: 3,
                last_observed_time: Some(MicroTime(at("2026-01-02T03:05:00.5Z"))),
            }),
            reporting_controller: "example.com/ctl".into(),
            reporting_instance: "ctl-1".into(),
            action: "Scale".into(),
            reason: "Scaled".into(),
            regarding: reference("web"),
            related: Some(reference("db")),
            note: "scaled to 3".into(),
            r#type: "Normal".into(),
            deprecated_source: crate::core::v1::EventSource {
                component: "c".into(),
                host: "h".into(),
            },
            deprecated_first_timestamp: Some(Time(at("2026-01-01T00:00:00Z"))),
            deprecated_last_timestamp: Some(Time(at("2026-01-01T00:01:00Z"))),
            deprecated_count: 4,
        };
        let core = core::Event::from(event.clone());
        assert_eq!(core.involved_object.name, "web");
        assert_eq!(core.message, "scaled to 3");
        assert_eq!(core.reporting_component, "example.com/ctl");
        assert_eq!(core.source.host, "h");
        assert_eq!(core.count, 4);
        assert_eq!(core.series.as_ref().map(|s| s.count), Some(3));
        assert_eq!(Event::from(core), event);
    }
}
