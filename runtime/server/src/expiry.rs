//! Objects that expire a while after their last write: kube-apiserver's
//! `--event-ttl` (an hour by default). Upstream's event registry gives
//! each Event's etcd key a lease of that length, renewed by every write of
//! the Event, and etcd deletes the key when its lease runs out; an Event
//! that nothing writes again is gone an hour later, while one a recorder
//! keeps counting lives on.
//!
//! Here a task per expiring resource does what the leases do: it lists
//! the resource's keys and follows their storage watch, noting when each
//! key was last written (a key found at start, or after a relist, counts
//! as written then, so a restart gives each object at most one more
//! lifetime), and deletes the keys whose time is up, each on the condition
//! that it was not written since, straight in storage as a lease's expiry
//! deletes it: watchers see `DELETED`, and no finalizer or graceful period
//! holds an expired object.

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
            while let Some(outcome) = expire_while_watched(&server, &prefix, expiry).await {
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

/// Lists the keys under `prefix`, then follows their watch, deleting the
/// expired ones, until the watch ends (`Some(Ok)`: list again) or fails;
/// `None` once the server is gone or stopping.
async fn expire_while_watched(
    server: &Weak<ApiServer>,
    prefix: &str,
    expiry: Expiry,
) -> Option<Result<(), StorageError>> {
    let (mut written, mut events, mut stopping) = {
        let server = server.upgrade()?;
        let store = server.store.clone();
        let owned = prefix.to_string();
        let listed = tokio::task::spawn_blocking(move || {
            store.range(RangeRequest {
                prefix: &owned,
                ..Default::default()
            })
        })
        .await
        .ok()?;
        let listed = match listed {
            Ok(listed) => listed,
            Err(e) => return Some(Err(e)),
        };
        let now = Instant::now();
        let written: Written = listed
            .kvs
            .into_iter()
            .map(|kv| (kv.key, (kv.mod_revision, now)))
            .collect();
        let events = match server.store.watch(prefix, listed.revision) {
            Ok(events) => events,
            Err(e) => return Some(Err(e)),
        };
        (written, events, server.stopping.subscribe())
    };
    let mut ticker = tokio::time::interval(expiry.tick());
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
                expire(&server, &mut written, expiry.ttl).await;
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

/// Deletes the keys of `written` whose lifetime is over, each on the
/// condition that it is still at the revision noted; a key written since
/// (its watch event not yet seen) or already gone is left to the watch.
async fn expire(server: &ApiServer, written: &mut Written, ttl: Duration) {
    let now = Instant::now();
    let expired: Vec<(String, Revision)> = written
        .iter()
        .filter(|(_, (_, at))| now.duration_since(*at) >= ttl)
        .map(|(key, (revision, _))| (key.clone(), *revision))
        .collect();
    if expired.is_empty() {
        return;
    }
    for (key, _) in &expired {
        written.remove(key);
    }
    let store = server.store.clone();
    let deleted = tokio::task::spawn_blocking(move || {
        for (key, revision) in expired {
            match store.delete(&key, Some(revision)) {
                Ok(_) | Err(StorageError::NotFound(_) | StorageError::Conflict { .. }) => {}
                Err(e) => tracing::warn!(error = %e, %key, "deleting an expired object failed"),
            }
        }
    })
    .await;
    if let Err(e) = deleted {
        tracing::warn!(error = %e, "expiry task failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
