//! `/metrics` in the Prometheus text format, with kube-apiserver's metric
//! names: `apiserver_request_total`, `apiserver_request_duration_seconds`,
//! `apiserver_storage_objects`.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use super::request::Verb;
use crate::storage::{RangeRequest, Store};
use runtime::registry::Registry;
use runtime::resource::ResourceInfo;

/// Histogram buckets of `apiserver_request_duration_seconds` (upstream's).
const BUCKETS: [f64; 21] = [
    0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0,
    10.0, 15.0, 20.0, 30.0,
];

/// (verb, dry_run, group, version, resource, subresource, scope).
type Labels = (String, String, String, String, String, String, String);

#[derive(Default)]
struct Histogram {
    counts: [u64; BUCKETS.len()],
    sum: f64,
    count: u64,
}

/// What a request was, for its metric labels.
pub(crate) struct Observed<'a> {
    pub(crate) verb: Verb,
    pub(crate) info: &'a ResourceInfo,
    pub(crate) subresource: Option<&'a str>,
    pub(crate) scope: &'static str,
    pub(crate) dry_run: bool,
}

/// Request counters and latency histograms.
#[derive(Default)]
pub(crate) struct Metrics {
    requests: Mutex<BTreeMap<(Labels, u16), u64>>,
    durations: Mutex<BTreeMap<Labels, Histogram>>,
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
    pub(crate) fn observe(&self, request: Observed<'_>, code: u16, elapsed: Duration) {
        let labels: Labels = (
            verb_label(request.verb).to_string(),
            if request.dry_run {
                "All".into()
            } else {
                String::new()
            },
            request.info.group.to_string(),
            request.info.version.to_string(),
            request.info.plural.to_string(),
            request.subresource.unwrap_or("").to_string(),
            request.scope.to_string(),
        );
        if let Ok(mut m) = self.requests.lock() {
            *m.entry((labels.clone(), code)).or_default() += 1;
        }
        if request.verb != Verb::Watch
            && let Ok(mut m) = self.durations.lock()
        {
            let h = m.entry(labels).or_default();
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
        if let Ok(m) = self.requests.lock() {
            for (((verb, dry_run, group, version, resource, sub, scope), code), n) in m.iter() {
                out.push_str(&format!(
                    "apiserver_request_total{{code=\"{code}\",component=\"apiserver\",dry_run=\"{dry_run}\",group=\"{group}\",resource=\"{resource}\",scope=\"{scope}\",subresource=\"{sub}\",verb=\"{verb}\",version=\"{version}\"}} {n}\n"
                ));
            }
        }
        out.push_str("# HELP apiserver_request_duration_seconds Response latency distribution in seconds for each verb, group, version, resource and subresource.\n");
        out.push_str("# TYPE apiserver_request_duration_seconds histogram\n");
        if let Ok(m) = self.durations.lock() {
            for ((verb, dry_run, group, version, resource, sub, scope), h) in m.iter() {
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
