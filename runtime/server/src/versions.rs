//! `resourceVersion` and `resourceVersionMatch` semantics for get, list and
//! watch: every cell of the API concepts page's tables, and the option
//! validation of `k8s.io/apimachinery/pkg/apis/meta/internalversion/validation`
//! (`ValidateListOptions`), with upstream's messages.
//!
//! These are pure functions of the query and the store's current revision
//! (asked for only when a resourceVersion needs it: a remote store answers
//! it with a round trip);
//! the handlers act on the plans they return.

use super::request::Query;
use super::status::{ApiError, Cause};
use runtime::meta::CauseType;

/// Where a read is served from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadAt {
    /// The latest state ("Most Recent", "Any", and "Not older than" a
    /// revision already reached).
    Latest,
    /// Exactly this revision ("Exact"); 410 when compacted.
    Exact(i64),
}

/// How a list starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListPlan {
    /// A fresh list at this point.
    Fresh(ReadAt),
    /// The next page of a chunked list (the token carries its snapshot).
    Continue(String),
}

/// How a watch starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchPlan {
    /// "Get State and Start at Most Recent/Any": synthetic ADDED events for
    /// the current state, then changes. With `initial_events_end`, a
    /// BOOKMARK annotated `k8s.io/initial-events-end` follows the initial
    /// state (streaming lists, `sendInitialEvents=true`).
    GetStateAndStart {
        /// Send the initial-events-end bookmark.
        initial_events_end: bool,
        /// The state must be at least this revision ("Not older than",
        /// `sendInitialEvents=true` with a resourceVersion); the watch
        /// cache waits for it briefly, then fails the watch with "Too
        /// large resource version".
        not_older_than: Option<i64>,
    },
    /// "Start at Exact": changes after this revision, no initial state.
    StartAfter(i64),
}

fn forbidden(field: &str, message: &str) -> Cause {
    Cause {
        reason: Some(CauseType::FieldValueForbidden),
        message: format!("Forbidden: {message}"),
        field: field.into(),
    }
}

fn not_supported(field: &str, value: &str, supported: &[&str]) -> Cause {
    let list: Vec<String> = supported.iter().map(|s| format!("\"{s}\"")).collect();
    Cause {
        reason: Some(CauseType::FieldValueNotSupported),
        message: format!(
            "Unsupported value: \"{value}\": supported values: {}",
            list.join(", ")
        ),
        field: field.into(),
    }
}

fn invalid_list_options(causes: Vec<Cause>) -> ApiError {
    ApiError::invalid_kind("meta.k8s.io", "ListOptions", "", causes)
}

/// Parses a resourceVersion; an unparsable one is upstream's 400.
pub fn parse(rv: &str) -> Result<i64, ApiError> {
    rv.parse::<i64>()
        .ok()
        .filter(|r| *r >= 0)
        .ok_or_else(|| ApiError::bad_request(format!("invalid resource version: {rv:?}")))
}

/// "Not older than `rv`": fine when reached, else 504 Too large resource version.
fn not_older_than(rv: i64, current: i64) -> Result<ReadAt, ApiError> {
    if rv > current {
        Err(ApiError::too_large_resource_version(rv, current))
    } else {
        Ok(ReadAt::Latest)
    }
}

/// The get table: unset is Most Recent, `"0"` Any, a value Not older than.
pub fn get(query: &Query, current: impl FnOnce() -> i64) -> Result<ReadAt, ApiError> {
    match query.get("resourceVersion") {
        None | Some("0") => Ok(ReadAt::Latest),
        Some(rv) => not_older_than(parse(rv)?, current()),
    }
}

/// The list table, including its Invalid cells.
pub fn list(query: &Query, current: impl FnOnce() -> i64) -> Result<ListPlan, ApiError> {
    let rv = query.get("resourceVersion");
    let matching = query.get("resourceVersionMatch");
    let token = query.get("continue");
    let limited = query.int("limit")?.is_some_and(|l| l > 0);
    let mut causes = Vec::new();
    if let Some(m) = matching {
        if rv.is_none() {
            causes.push(forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch is forbidden unless resourceVersion is provided",
            ));
        }
        if token.is_some() {
            causes.push(forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch is forbidden when continue is provided",
            ));
        }
        match m {
            "NotOlderThan" => {}
            "Exact" if rv == Some("0") => causes.push(forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"",
            )),
            "Exact" => {}
            other => causes.push(not_supported(
                "resourceVersionMatch",
                other,
                &["Exact", "NotOlderThan", ""],
            )),
        }
    }
    if query.opt_flag("sendInitialEvents").is_some() {
        causes.push(forbidden(
            "sendInitialEvents",
            "sendInitialEvents is forbidden for list",
        ));
    }
    if !causes.is_empty() {
        return Err(invalid_list_options(causes));
    }
    if let Some(token) = token {
        return match rv {
            None | Some("0") => Ok(ListPlan::Continue(token.to_string())),
            Some(_) => Err(ApiError::bad_request(
                "specifying resource version is not allowed when using continue",
            )),
        };
    }
    let plan = match (matching, rv) {
        (_, None) | (_, Some("0")) => ReadAt::Latest,
        (Some("Exact"), Some(rv)) => ReadAt::Exact(parse(rv)?),
        (Some(_), Some(rv)) => not_older_than(parse(rv)?, current())?,
        // Without a match: Exact when paging, Not older than otherwise.
        (None, Some(rv)) if limited => ReadAt::Exact(parse(rv)?),
        (None, Some(rv)) => not_older_than(parse(rv)?, current())?,
    };
    Ok(ListPlan::Fresh(plan))
}

/// The watch table, streaming lists (`sendInitialEvents`) and their
/// validation.
pub fn watch(query: &Query) -> Result<WatchPlan, ApiError> {
    let rv = query.get("resourceVersion");
    let matching = query.get("resourceVersionMatch");
    let send_initial = query.opt_flag("sendInitialEvents");
    let mut causes = Vec::new();
    if send_initial.is_some() && matching != Some("NotOlderThan") {
        causes.push(forbidden(
            "resourceVersionMatch",
            "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan",
        ));
    }
    if let Some(m) = matching {
        if send_initial.is_none() {
            causes.push(forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided",
            ));
        }
        if m != "NotOlderThan" {
            causes.push(not_supported("resourceVersionMatch", m, &["NotOlderThan"]));
        }
        if query.get("continue").is_some() {
            causes.push(forbidden(
                "resourceVersionMatch",
                "resourceVersionMatch is forbidden when continue is provided",
            ));
        }
    }
    if !causes.is_empty() {
        return Err(invalid_list_options(causes));
    }
    Ok(match (send_initial, rv) {
        (Some(true), rv) => WatchPlan::GetStateAndStart {
            initial_events_end: true,
            not_older_than: match rv {
                None | Some("0") => None,
                Some(rv) => Some(parse(rv)?),
            },
        },
        (Some(false), Some(rv)) if rv != "0" => WatchPlan::StartAfter(parse(rv)?),
        (Some(false), _) => WatchPlan::StartAfter(-1),
        (None, None | Some("0")) => WatchPlan::GetStateAndStart {
            initial_events_end: false,
            not_older_than: None,
        },
        (None, Some(rv)) => WatchPlan::StartAfter(parse(rv)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Query {
        Query::parse(Some(s))
    }

    const CURRENT: i64 = 100;

    #[test]
    fn get_table() {
        assert_eq!(
            get(&q(""), || CURRENT).unwrap(),
            ReadAt::Latest,
            "unset: Most Recent"
        );
        assert_eq!(
            get(&q("resourceVersion=0"), || CURRENT).unwrap(),
            ReadAt::Latest,
            "0: Any"
        );
        assert_eq!(
            get(&q("resourceVersion=50"), || CURRENT).unwrap(),
            ReadAt::Latest,
            "value: Not older than"
        );
        let e = get(&q("resourceVersion=150"), || CURRENT).unwrap_err();
        assert_eq!(
            (e.code, e.reason),
            (504, runtime::meta::StatusReason::Timeout)
        );
        assert_eq!(
            e.message,
            "Timeout: Too large resource version: 150, current: 100"
        );
    }

    #[test]
    fn list_table_without_match() {
        let fresh = |s| list(&q(s), || CURRENT).unwrap();
        // limit unset: Most Recent, Any, Not older than.
        assert_eq!(fresh(""), ListPlan::Fresh(ReadAt::Latest));
        assert_eq!(fresh("resourceVersion=0"), ListPlan::Fresh(ReadAt::Latest));
        assert_eq!(fresh("resourceVersion=50"), ListPlan::Fresh(ReadAt::Latest));
        assert_eq!(
            list(&q("resourceVersion=150"), || CURRENT)
                .unwrap_err()
                .code,
            504
        );
        // limit set, continue unset: Most Recent, Any, Exact.
        assert_eq!(fresh("limit=5"), ListPlan::Fresh(ReadAt::Latest));
        assert_eq!(
            fresh("limit=5&resourceVersion=0"),
            ListPlan::Fresh(ReadAt::Latest)
        );
        assert_eq!(
            fresh("limit=5&resourceVersion=50"),
            ListPlan::Fresh(ReadAt::Exact(50))
        );
        // limit and continue: Continue; "0" treated as Continue; a value is 400.
        assert_eq!(
            fresh("limit=5&continue=abc"),
            ListPlan::Continue("abc".into())
        );
        assert_eq!(
            fresh("limit=5&continue=abc&resourceVersion=0"),
            ListPlan::Continue("abc".into())
        );
        let e = list(&q("limit=5&continue=abc&resourceVersion=50"), || CURRENT).unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (
                400,
                "specifying resource version is not allowed when using continue"
            )
        );
    }

    #[test]
    fn list_table_with_match() {
        for limit in ["", "limit=5&"] {
            let plan = |s: &str| list(&q(&format!("{limit}{s}")), || CURRENT);
            // Exact: Invalid, Invalid, Exact.
            let e = plan("resourceVersionMatch=Exact").unwrap_err();
            assert_eq!(
                e.message,
                "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided"
            );
            assert_eq!(e.code, 422);
            let e = plan("resourceVersionMatch=Exact&resourceVersion=0").unwrap_err();
            assert_eq!(
                e.message,
                "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""
            );
            assert_eq!(
                plan("resourceVersionMatch=Exact&resourceVersion=50").unwrap(),
                ListPlan::Fresh(ReadAt::Exact(50))
            );
            // NotOlderThan: Invalid, Any, Not older than.
            assert_eq!(
                plan("resourceVersionMatch=NotOlderThan").unwrap_err().code,
                422
            );
            assert_eq!(
                plan("resourceVersionMatch=NotOlderThan&resourceVersion=0").unwrap(),
                ListPlan::Fresh(ReadAt::Latest)
            );
            assert_eq!(
                plan("resourceVersionMatch=NotOlderThan&resourceVersion=50").unwrap(),
                ListPlan::Fresh(ReadAt::Latest)
            );
            assert_eq!(
                plan("resourceVersionMatch=NotOlderThan&resourceVersion=150")
                    .unwrap_err()
                    .code,
                504
            );
        }
        let e = list(&q("resourceVersionMatch=Newest&resourceVersion=5"), || {
            CURRENT
        })
        .unwrap_err();
        assert_eq!(
            e.message,
            "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Unsupported value: \"Newest\": supported values: \"Exact\", \"NotOlderThan\", \"\""
        );
        let e = list(&q("sendInitialEvents=true"), || CURRENT).unwrap_err();
        assert!(
            e.message
                .ends_with("sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list"),
            "{}",
            e.message
        );
    }

    #[test]
    fn watch_table() {
        let plan = |s| watch(&q(s)).unwrap();
        assert_eq!(
            plan(""),
            WatchPlan::GetStateAndStart {
                initial_events_end: false,
                not_older_than: None
            },
            "unset: Most Recent"
        );
        assert_eq!(
            plan("resourceVersion=0"),
            WatchPlan::GetStateAndStart {
                initial_events_end: false,
                not_older_than: None
            },
            "0: Any"
        );
        assert_eq!(
            plan("resourceVersion=50"),
            WatchPlan::StartAfter(50),
            "value: Start at Exact"
        );
        assert_eq!(
            plan(
                "sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true"
            ),
            WatchPlan::GetStateAndStart {
                initial_events_end: true,
                not_older_than: None
            }
        );
        assert_eq!(
            plan("sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=70"),
            WatchPlan::GetStateAndStart {
                initial_events_end: true,
                not_older_than: Some(70)
            },
            "a value: Not older than, then the state and a bookmark"
        );
        let e = watch(&q("sendInitialEvents=true")).unwrap_err();
        assert_eq!(
            e.message,
            "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"
        );
        let e = watch(&q("resourceVersionMatch=NotOlderThan&resourceVersion=5")).unwrap_err();
        assert!(e.message.ends_with(
            "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"
        ));
        assert_eq!(watch(&q("resourceVersion=abc")).unwrap_err().code, 400);
    }
}
