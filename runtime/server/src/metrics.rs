//! `/metrics` in the Prometheus text format, with kube-apiserver's metric
//! names: `apiserver_request_total`, `apiserver_request_duration_seconds`,
//! `apiserver_storage_objects`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use super::request::{ResourceRequest, Verb};
use crate::storage::{RangeRequest, Store};
use runtime::registry::Registry;
use runtime::resource::ResourceInfo;

/// Histogram buckets of `apiserver_request_duration_seconds` (upstream's).
const BUCKETS: [f64; 21] = [
    0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0,
    10.0, 15.0, 20.0, 30.0,
];

/// (verb, dry_run, group, version, resource, subresource, scope): all but
/// the subresource are the server's own text, so recording a request
/// without a subresource allocates nothing.
type Labels = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    String,
    &'static str,
);

#[derive(Default, Clone)]
struct Histogram {
    counts: [u64; BUCKETS.len()],
    sum: f64,
    count: u64,
}

/// What a request was, for its metric labels: read from its
/// [`ResourceRequest`] before the handler takes it.
pub(crate) struct Observed {
    pub(crate) verb: Verb,
    pub(crate) info: ResourceInfo,
    pub(crate) subresource: Option<String>,
    pub(crate) scope: &'static str,
    pub(crate) dry_run: bool,
}

impl Observed {
    /// The labels of `resource`.
    pub(crate) fn of(resource: &ResourceRequest) -> Observed {
        Observed {
            verb: resource.verb,
            info: resource.entry.info,
            subresource: resource.info.subresource.clone(),
            scope: resource.scope(),
            dry_run: resource.query.get("dryRun").is_some(),
        }
    }
}

/// A label set as rendered: its codes in order, its latencies if timed.
type Rendered = (Labels, Vec<(u16, u64)>, Option<Histogram>);

/// The requests of one label set.
#[derive(Default)]
struct Series {
    /// How many were answered with each status code.
    codes: Vec<(u16, u64)>,
    /// Their latencies (watches are counted, not timed, as upstream).
    durations: Histogram,
}

/// Request counters and latency histograms, by label set: one lock and
/// one lookup per request.
#[derive(Default)]
pub(crate) struct Metrics {
    series: Mutex<HashMap<Labels, Series>>,
}

fn verb_label(verb: Verb) -> &'static str {
    match verb {
        Verb::Get => "GET",
        Verb::List => "LIST",
        Verb::Watch => "WATCH",
        Verb::Create => "POST",
        Verb::Update => "PUT",
        Verb::Patch => "PATCH",
        Verb::Delete | Verb::DeleteCollection => "DELETE",
    }
}

impl Metrics {
    /// Records one request. `scope` is `resource` (one named object),
    /// `namespace` or `cluster`, as upstream's `CleanScope`.
    pub(crate) fn observe(&self, request: Observed, code: u16, elapsed: Duration) {
        let labels: Labels = (
            verb_label(request.verb),
            if request.dry_run { "All" } else { "" },
            request.info.group,
            request.info.version,
            request.info.plural,
            request.subresource.unwrap_or_default(),
            request.scope,
        );
        let Ok(mut all) = self.series.lock() else {
            return;
        };
        let series = all.entry(labels).or_default();
        match series.codes.iter_mut().find(|(c, _)| *c == code) {
            Some((_, n)) => *n += 1,
            None => series.codes.push((code, 1)),
        }
        if request.verb != Verb::Watch {
            let h = &mut series.durations;
            let secs = elapsed.as_secs_f64();
            for (i, b) in BUCKETS.iter().enumerate() {
                if secs <= *b {
                    h.counts[i] += 1;
                }
            }
            h.sum += secs;
            h.count += 1;
        }
    }

    /// The exposition text.
    pub(crate) fn render(&self, registry: &Registry, store: &dyn Store) -> String {
        let mut out = String::new();
        out.push_str("# HELP apiserver_request_total Counter of apiserver requests broken out for each verb, group, version, resource, subresource and HTTP response code.\n");
        out.push_str("# TYPE apiserver_request_total counter\n");
        // Label sets in order, and codes in order within each.
        let mut series: Vec<Rendered> = match self.series.lock() {
            Ok(all) => all
                .iter()
                .map(|(labels, s)| {
                    let mut codes = s.codes.clone();
                    codes.sort_unstable();
                    let timed = (s.durations.count > 0).then(|| s.durations.clone());
                    (labels.clone(), codes, timed)
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        series.sort_by(|a, b| a.0.cmp(&b.0));
        for ((verb, dry_run, group, version, resource, sub, scope), codes, _) in &series {
            for (code, n) in codes {
                out.push_str(&format!(
                    "apiserver_request_total{{code=\"{code}\",component=\"apiserver\",dry_run=\"{dry_run}\",group=\"{group}\",resource=\"{resource}\",scope=\"{scope}\",subresource=\"{sub}\",verb=\"{verb}\",version=\"{version}\"}} {n}\n"
                ));
            }
        }
        out.push_str("# HELP apiserver_request_duration_seconds Response latency distribution in seconds for each verb, group, version, resource and subresource.\n");
        out.push_str("# TYPE apiserver_request_duration_seconds histogram\n");
        for ((verb, dry_run, group, version, resource, sub, scope), _, h) in &series {
            let Some(h) = h else { continue };
            let labels = format!(
                "component=\"apiserver\",dry_run=\"{dry_run}\",group=\"{group}\",resource=\"{resource}\",scope=\"{scope}\",subresource=\"{sub}\",verb=\"{verb}\",version=\"{version}\""
            );
            for (i, b) in BUCKETS.iter().enumerate() {
                out.push_str(&format!(
                    "apiserver_request_duration_seconds_bucket{{{labels},le=\"{b}\"}} {}\n",
                    h.counts[i]
                ));
            }
            out.push_str(&format!(
                "apiserver_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}\n",
                h.count
            ));
            out.push_str(&format!(
                "apiserver_request_duration_seconds_sum{{{labels}}} {}\n",
                h.sum
            ));
            out.push_str(&format!(
                "apiserver_request_duration_seconds_count{{{labels}}} {}\n",
                h.count
            ));
        }
        out.push_str("# HELP apiserver_storage_objects Number of stored objects at the time of last check split by kind.\n");
        out.push_str("# TYPE apiserver_storage_objects gauge\n");
        for e in registry.storage_entries() {
            let prefix = super::store::resource_prefix(&e.info);
            let count = store
                .range(RangeRequest {
                    prefix: &prefix,
                    limit: 1,
                    ..Default::default()
                })
                .map(|r| r.count)
                .unwrap_or(-1);
            out.push_str(&format!(
                "apiserver_storage_objects{{resource=\"{}\"}} {count}\n",
                e.info.group_resource()
            ));
        }
        out
    }
}
