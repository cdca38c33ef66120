//! Objects that expire a while after their last write: kube-apiserver's
//! `--event-ttl` (an hour by default). Upstream's event registry gives
//! each Event's etcd key a lease of that length, renewed by every write of
//! the Event, and etcd deletes the key when its lease runs out; an Event
//! that nothing writes again is gone an hour later, while one a recorder
//! keeps counting lives on.
//!
//! Here a task per expiring resource does what the leases do: it lists
//! the resource's keys (page by page) and follows their storage watch,
//! noting when each key was last written, and deletes the keys whose time
//! is up, each on the condition that it was not written since, straight
//! in storage as a lease's expiry deletes it: watchers see `DELETED`, and
//! no finalizer or graceful period holds an expired object. A key found
//! at start counts as written then, so a restart gives each object at
//! most one more lifetime; a relist after the watch ends keeps the times
//! of keys not written since. A delete the store fails is tried again at
//! the next look; at most a thousand go per look.

use std::collections::HashMap;
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::time::Instant;

use crate::ApiServer;
use crate::storage::{Event, RangeRequest, Revision, StorageError};
use crate::store::resource_prefix;

/// A resource whose objects expire ([`crate::Config::expiring`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expiry {
    /// Its group (`""` for core).
    pub group: &'static str,
    /// Its plural (`events`).
    pub plural: &'static str,
    /// How long an object lives after its last write.
    pub ttl: Duration,
}

impl Expiry {
    /// kube-apiserver's `--event-ttl` for core `events` (which
    /// `events.k8s.io` Events are stored as).
    pub fn events(ttl: Duration) -> Expiry {
        Expiry {
            group: "",
            plural: "events",
            ttl,
        }
    }

    /// How often the task looks for expired keys: a twentieth of the
    /// lifetime, between 50 ms and 30 s (etcd checks leases every 500 ms).
    fn tick(&self) -> Duration {
        (self.ttl / 20).clamp(Duration::from_millis(50), Duration::from_secs(30))
    }
}

/// When each key of the resource was last written, and at which revision.
type Written = HashMap<String, (Revision, Instant)>;

/// Keys read per page when listing a resource's keys.
const LIST_PAGE: usize = 500;

/// Deletes made per look at the keys, so that a backlog (a restart
/// against a store full of old Events) neither holds the task up for long
/// nor keeps shutdown waiting.
const DELETES_PER_TICK: usize = 1000;

impl ApiServer {
    /// Starts expiring the objects of `expiry`'s resource (see the module
    /// documentation); a resource the server does not serve, or a zero
    /// lifetime, starts nothing. The task ends with the server. Needs a
    /// tokio runtime.
    pub fn start_expiry(self: &Arc<Self>, expiry: Expiry) {
        if expiry.ttl.is_zero() {
            return;
        }
        let Some(entry) = self
            .registry
            .storage_entries()
            .find(|e| (e.info.group, e.info.plural) == (expiry.group, expiry.plural))
        else {
            tracing::warn!(?expiry, "no such resource; nothing expires");
            return;
        };
        let prefix = resource_prefix(&entry.info);
        let server = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut backoff = Duration::from_millis(100);
            let mut written = Written::new();
            while let Some(outcome) =
                expire_while_watched(&server, &prefix, expiry, &mut written).await
            {
                if let Err(e) = outcome {
                    tracing::debug!(error = %e, %prefix, "expiry watch failed; listing again");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(30));
                } else {
                    backoff = Duration::from_millis(100);
                }
            }
        });
    }
}

/// Lists the keys under `prefix` (keeping the times in `written` of keys
/// still at the revision noted there), then follows their watch, deleting
/// the expired ones, until the watch ends (`Some(Ok)`: list again) or
/// fails; `None` once the server is gone or stopping.
async fn expire_while_watched(
    server: &Weak<ApiServer>,
    prefix: &str,
    expiry: Expiry,
    written: &mut Written,
) -> Option<Result<(), String>> {
    let (mut events, mut stopping) = {
        let server = server.upgrade()?;
        let store = server.store.clone();
        let owned = prefix.to_string();
        let previous = std::mem::take(written);
        let listed = tokio::task::spawn_blocking(move || {
            let listed = list_written(store.as_ref(), &owned, &previous);
            (listed, previous)
        })
        .await;
        let revision = match listed {
            Ok((Ok((listed, revision)), _)) => {
                *written = listed;
                revision
            }
            // The times noted so far stay for the next list.
            Ok((Err(e), previous)) => {
                *written = previous;
                return Some(Err(e.to_string()));
            }
            Err(e) => return Some(Err(e.to_string())),
        };
        let events = match server.store.watch(prefix, revision) {
            Ok(events) => events,
            Err(e) => return Some(Err(e.to_string())),
        };
        (events, server.stopping.subscribe())
    };
    let mut ticker = tokio::time::interval(expiry.tick());
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        // The branches only say what happened; the work is done after the
        // select, which holds the branches' outputs while it runs.
        let step = tokio::select! {
            event = events.recv() => Step::Watched(event),
            _ = ticker.tick() => Step::Tick,
            _ = stopping.wait_for(|stop| *stop) => Step::Stop,
        };
        match step {
            Step::Watched(Some(Event::Put { kv, .. })) => {
                written.insert(kv.key, (kv.mod_revision, Instant::now()));
            }
            Step::Watched(Some(Event::Delete { prev, .. })) => {
                written.remove(&prev.key);
            }
            Step::Watched(None) => return Some(Ok(())),
            Step::Tick => {
                let server = server.upgrade()?;
                expire(&server, written, expiry.ttl).await;
            }
            Step::Stop => return None,
        }
    }
}

/// What the expiry task's wait ended with.
enum Step {
    /// A change under the prefix; `None` when the watch ended.
    Watched(Option<Event>),
    /// Time to look for expired keys.
    Tick,
    /// The server is shutting down.
    Stop,
}

/// The keys under `prefix` page by page at one revision, each with its
/// revision and the time `previous` noted for it at that revision (now
/// for a key new or rewritten since), and the revision read.
///
/// Errors: the store's.
fn list_written(
    store: &dyn crate::storage::Store,
    prefix: &str,
    previous: &Written,
) -> Result<(Written, Revision), StorageError> {
    let now = Instant::now();
    let mut written = Written::new();
    let mut revision = None;
    let mut after: Option<String> = None;
    loop {
        let page = store.range(RangeRequest {
            prefix,
            start_after: after.as_deref(),
            limit: LIST_PAGE,
            revision,
            skip_count: true,
        })?;
        revision = Some(page.revision);
        after = page.kvs.last().map(|kv| kv.key.clone());
        for kv in page.kvs {
            let at = match previous.get(&kv.key) {
                Some((noted, at)) if *noted == kv.mod_revision => *at,
                _ => now,
            };
            written.insert(kv.key, (kv.mod_revision, at));
        }
        if !page.more || after.is_none() {
            return Ok((written, revision.unwrap_or_default()));
        }
    }
}

/// Deletes (at most [`DELETES_PER_TICK`] of) the keys of `written` whose
/// lifetime is over, each on the condition that it is still at the
/// revision noted; a key written since (its watch event not yet seen) or
/// already gone is left to the watch, and a key whose delete failed is
/// kept, with its time, for the next look.
async fn expire(server: &ApiServer, written: &mut Written, ttl: Duration) {
    let now = Instant::now();
    let expired: Vec<(String, Revision, Instant)> = written
        .iter()
        .filter(|(_, (_, at))| now.duration_since(*at) >= ttl)
        .take(DELETES_PER_TICK)
        .map(|(key, (revision, at))| (key.clone(), *revision, *at))
        .collect();
    if expired.is_empty() {
        return;
    }
    for (key, _, _) in &expired {
        written.remove(key);
    }
    let store = server.store.clone();
    let stopping = server.stopping.subscribe();
    let deleting = expired.clone();
    let failed = tokio::task::spawn_blocking(move || {
        let mut failed = Vec::new();
        for (key, revision, at) in deleting {
            if *stopping.borrow() {
                failed.push((key, revision, at));
                continue;
            }
            match store.delete(&key, Some(revision)) {
                Ok(_) | Err(StorageError::NotFound(_) | StorageError::Conflict { .. }) => {}
                Err(e) => {
                    tracing::warn!(error = %e, %key, "deleting an expired object failed");
                    failed.push((key, revision, at));
                }
            }
        }
        failed
    })
    .await
    .unwrap_or_else(|e| {
        tracing::warn!(error = %e, "expiry task failed");
        expired
    });
    for (key, revision, at) in failed {
        written.entry(key).or_insert((revision, at));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A relist reads every page, and keeps the time of each key still at
    /// the revision noted, so that a watch that ends (an etcd watch cut
    /// past a compaction) gives no object a new lifetime.
    #[test]
    fn a_relist_keeps_the_times_of_unchanged_keys() {
        use crate::storage::Store as _;
        let store = crate::storage::MemoryStore::new();
        for i in 0..(LIST_PAGE + 3) {
            store
                .create(&format!("/registry/events/ns/e{i:04}"), b"{}".to_vec())
                .unwrap();
        }
        store.create("/registry/other/x", b"{}".to_vec()).unwrap();
        let (first, revision) = list_written(&store, "/registry/events/", &Written::new()).unwrap();
        assert_eq!(first.len(), LIST_PAGE + 3);
        assert_eq!(revision, store.current_revision());
        let then = Instant::now() - Duration::from_secs(60);
        let aged: Written = first
            .iter()
            .map(|(k, (r, _))| (k.clone(), (*r, then)))
            .collect();
        let rewritten = "/registry/events/ns/e0001";
        store
            .update(rewritten, b"{\"a\":1}".to_vec(), first[rewritten].0)
            .unwrap();
        let (second, _) = list_written(&store, "/registry/events/", &aged).unwrap();
        assert_eq!(second["/registry/events/ns/e0000"].1, then);
        assert!(second[rewritten].1 > then);
    }

    #[test]
    fn the_tick_is_a_twentieth_of_the_lifetime_within_bounds() {
        assert_eq!(
            Expiry::events(Duration::from_secs(3600)).tick(),
            Duration::from_secs(30)
        );
        assert_eq!(
            Expiry::events(Duration::from_secs(10)).tick(),
            Duration::from_millis(500)
        );
        assert_eq!(
            Expiry::events(Duration::from_millis(100)).tick(),
            Duration::from_millis(50)
        );
    }
}
