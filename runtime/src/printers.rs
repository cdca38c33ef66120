//! Helpers for the printers of `kubectl get` (what upstream's
//! `pkg/printers/internalversion` uses): the Name and Age columns'
//! descriptions, the age of a timestamp, `labels.FormatLabels` and
//! kubectl's `duration.HumanDuration`.
//!
//! A kind's `+printer:hook` printer (the `resource` module's
//! `Printer::cells`, whose columns use these descriptions) computes its
//! cells from the Rust object with these, as upstream's printers read the
//! Go struct; the server builds the `Table` around them.

use std::collections::BTreeMap;

use crate::meta::{ObjectMeta, Time};

/// The Name column's description (`ObjectMeta.name`'s doc).
pub const NAME_DESCRIPTION: &str = "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";
/// The Age column's description (`ObjectMeta.creationTimestamp`'s doc).
pub const AGE_DESCRIPTION: &str = "CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

/// The Age cell: time since `metadata.creationTimestamp`, or `<unknown>`.
pub fn age(meta: &ObjectMeta, now: chrono::DateTime<chrono::Utc>) -> String {
    timestamp_since(meta.creation_timestamp.as_ref().map(|t| t.0), now)
}

/// `translateTimestampSince` of upstream's printers: the time since a
/// timestamp (a [`Time`]'s or a `MicroTime`'s), or `<unknown>` when it is
/// unset.
pub fn timestamp_since(
    time: Option<chrono::DateTime<chrono::Utc>>,
    now: chrono::DateTime<chrono::Utc>,
) -> String {
    time.map(|t| human_duration(now.signed_duration_since(t)))
        .unwrap_or_else(|| "<unknown>".into())
}

/// The instant of an optional [`Time`], for [`timestamp_since`] and
/// durations.
pub fn instant(time: Option<&Time>) -> Option<chrono::DateTime<chrono::Utc>> {
    time.map(|t| t.0)
}

/// `labels.FormatLabels`: `k=v` pairs sorted by key and joined by commas,
/// `<none>` when there are none.
pub fn format_labels(labels: &BTreeMap<String, String>) -> String {
    if labels.is_empty() {
        return "<none>".into();
    }
    crate::selector::format_label_set(labels)
}

/// The first `max` items joined by `separator`, then ` + N more...` for
/// the N items past them; empty for no items (callers print their own
/// `<none>` or `<unset>`). Only the items shown are formatted. Upstream's
/// printers write this by hand in `formatEndpoints` (3, `,`),
/// `listWithMoreString` (3, `,`) and `formatHPAMetrics` (2, `, `).
pub fn first_with_more<T: std::fmt::Display>(
    items: impl IntoIterator<Item = T>,
    max: usize,
    separator: &str,
) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let mut count = 0;
    for item in items {
        if count < max {
            if count > 0 {
                out.push_str(separator);
            }
            let _ = write!(out, "{item}");
        }
        count += 1;
    }
    if count > max {
        let _ = write!(out, " + {} more...", count - max);
    }
    out
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
    #[test]
    fn first_with_more_shows_the_first_and_counts_the_rest() {
        use super::first_with_more;
        assert_eq!(first_with_more(Vec::<String>::new(), 3, ","), "");
        assert_eq!(first_with_more(["a", "b", "c"], 3, ","), "a,b,c");
        assert_eq!(
            first_with_more(["a", "b", "c", "d", "e"], 3, ","),
            "a,b,c + 2 more..."
        );
        assert_eq!(
            first_with_more(["a", "b", "c"], 2, ", "),
            "a, b + 1 more..."
        );
    }

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
