//! Helpers for the printers of `kubectl get` (what upstream's
//! `pkg/printers/internalversion` uses): the Name and Age columns'
//! descriptions, Go's zero values read at a JSON pointer, conditions,
//! container cells, `labels.FormatLabels` and kubectl's
//! `duration.HumanDuration`.
//!
//! A kind's `+printer:hook` printer
//! ([`TablePrinter::cells`](crate::resource::TablePrinter::cells)) computes its cells from the object's JSON with
//! these; the server builds the `Table` around them.

use serde_json::Value;

/// The Name column's description (`ObjectMeta.name`'s doc).
pub const NAME_DESCRIPTION: &str = "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";
/// The Age column's description (`ObjectMeta.creationTimestamp`'s doc).
pub const AGE_DESCRIPTION: &str = "CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

/// The Age cell: time since `metadata.creationTimestamp`, or `<unknown>`.
pub fn age(obj: &Value, now: chrono::DateTime<chrono::Utc>) -> String {
    timestamp_since(obj.pointer("/metadata/creationTimestamp"), now)
}

/// `translateTimestampSince` of upstream's printers: the time since an
/// RFC 3339 timestamp, or `<unknown>` when it is absent or unreadable.
pub fn timestamp_since(value: Option<&Value>, now: chrono::DateTime<chrono::Utc>) -> String {
    value
        .and_then(time_of)
        .map(|t| human_duration(now.signed_duration_since(t)))
        .unwrap_or_else(|| "<unknown>".into())
}

/// An RFC 3339 timestamp held in a JSON string.
fn time_of(value: &Value) -> Option<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::parse_from_rfc3339(value.as_str()?)
        .ok()
        .map(|t| t.with_timezone(&chrono::Utc))
}

// Readers of an object's JSON for printers (`TablePrinter::cells`): a JSON
// pointer (`/status/readyReplicas`) and Go's zero value when it is absent.

/// The integer at `pointer`, or 0.
pub fn int_at(object: &Value, pointer: &str) -> i64 {
    object.pointer(pointer).and_then(Value::as_i64).unwrap_or(0)
}

/// The string at `pointer`, or `""`.
pub fn str_at<'a>(object: &'a Value, pointer: &str) -> &'a str {
    object
        .pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or("")
}

/// The array at `pointer`, or none.
pub fn list_at<'a>(object: &'a Value, pointer: &str) -> &'a [Value] {
    object
        .pointer(pointer)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The RFC 3339 time at `pointer`, when present and readable.
pub fn time_at(object: &Value, pointer: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    object.pointer(pointer).and_then(time_of)
}

/// The first entry of `status.conditions` with `type_`, as upstream's
/// printers look conditions up.
pub fn condition<'a>(object: &'a Value, type_: &str) -> Option<&'a Value> {
    list_at(object, "/status/conditions")
        .iter()
        .find(|c| c.get("type").and_then(Value::as_str) == Some(type_))
}

/// Whether the first condition of `type_` has status `True`.
pub fn condition_is_true(object: &Value, type_: &str) -> bool {
    condition(object, type_).is_some_and(|c| str_at(c, "/status") == "True")
}

/// `layoutContainerCells` of upstream's printers: the containers' names and
/// their images, each joined by commas.
pub fn container_cells(containers: Option<&Value>) -> (String, String) {
    let list = containers
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let field = |name: &str| {
        list.iter()
            .map(|c| c.get(name).and_then(Value::as_str).unwrap_or(""))
            .collect::<Vec<_>>()
            .join(",")
    };
    (field("name"), field("image"))
}

/// `labels.FormatLabels`: `k=v` pairs sorted by key and joined by commas,
/// `<none>` when there are none.
pub fn format_labels(labels: Option<&Value>) -> String {
    let mut pairs: Vec<(&String, &str)> = labels
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k, v.as_str().unwrap_or("")))
                .collect()
        })
        .unwrap_or_default();
    if pairs.is_empty() {
        return "<none>".into();
    }
    pairs.sort();
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Formats a duration as kubectl's `duration.HumanDuration` does: `45s`,
/// `5m10s`, `3h20m`, `2d4h`, `1y30d`.
pub fn human_duration(d: chrono::TimeDelta) -> String {
    let seconds = d.num_seconds();
    if seconds < -1 {
        return "<invalid>".into();
    } else if seconds < 0 {
        return "0s".into();
    } else if seconds < 60 * 2 {
        return format!("{seconds}s");
    }
    let minutes = seconds / 60;
    if minutes < 10 {
        let s = seconds % 60;
        return if s == 0 {
            format!("{minutes}m")
        } else {
            format!("{minutes}m{s}s")
        };
    } else if minutes < 60 * 3 {
        return format!("{minutes}m");
    }
    let hours = minutes / 60;
    if hours < 8 {
        let m = minutes % 60;
        return if m == 0 {
            format!("{hours}h")
        } else {
            format!("{hours}h{m}m")
        };
    } else if hours < 48 {
        return format!("{hours}h");
    } else if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 {
            format!("{}d", hours / 24)
        } else {
            format!("{}d{h}h", hours / 24)
        };
    } else if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    } else if hours < 24 * 365 * 8 {
        let dy = (hours / 24) % 365;
        return if dy == 0 {
            format!("{}y", hours / 24 / 365)
        } else {
            format!("{}y{dy}d", hours / 24 / 365)
        };
    }
    format!("{}y", hours / 24 / 365)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeDelta;

    #[test]
    fn ages_print_as_kubectl_prints_them() {
        let cases = [
            (0, "0s"),
            (119, "119s"),
            (120, "2m"),
            (310, "5m10s"),
            (600, "10m"),
            (3 * 3600, "3h"),
            (3 * 3600 + 20 * 60, "3h20m"),
            (30 * 3600, "30h"),
            (2 * 86400 + 4 * 3600, "2d4h"),
            (10 * 86400, "10d"),
            (3 * 365 * 86400 + 30 * 86400, "3y30d"),
            (9 * 365 * 86400, "9y"),
        ];
        for (secs, want) in cases {
            assert_eq!(human_duration(TimeDelta::seconds(secs)), want, "{secs}");
        }
        assert_eq!(human_duration(TimeDelta::seconds(-5)), "<invalid>");
    }
}
