//! Conformance tests run against every backend, plus backend-specific tests.

use std::path::Path;

use tokio::sync::mpsc::Receiver;
use tokio::sync::mpsc::error::TryRecvError;

use super::watchers::Watchers;
use super::*;

/// A conformance case: runs against a fresh store, panics on failure.
type Case = fn(&dyn Store);

/// Every conformance case, run against each backend on a fresh store.
const CASES: &[(&str, Case)] = &[
    ("empty_store", empty_store),
    ("create_and_get", create_and_get),
    ("update_is_compare_and_swap", update_is_compare_and_swap),
    ("delete", delete),
    ("range_prefix_limit_continue", range_prefix_limit_continue),
    ("range_at_old_revision", range_at_old_revision),
    ("compaction", compaction),
    (
        "watch_replays_then_streams_live",
        watch_replays_then_streams_live,
    ),
    ("watch_from_now_and_future", watch_from_now_and_future),
    (
        "watches_opened_during_writes_miss_nothing",
        watches_opened_during_writes_miss_nothing,
    ),
    (
        "concurrent_writes_are_ordered",
        concurrent_writes_are_ordered,
    ),
];

/// Runs the whole conformance suite, each case on a store from `new_store`.
fn conformance(new_store: &mut dyn FnMut() -> Box<dyn Store>) {
    for (name, case) in CASES {
        eprintln!("conformance case {name}");
        case(new_store().as_ref());
    }
}

#[test]
fn memory_store_conformance() {
    conformance(&mut || Box::new(MemoryStore::new()));
}

#[test]
fn redb_store_conformance() {
    let dir = tempfile::tempdir().unwrap();
    let mut n = 0;
    conformance(&mut || {
        n += 1;
        Box::new(RedbStore::open(&dir.path().join(format!("case-{n}.redb"))).unwrap())
    });
}

/// The suite on a real etcd (Debian's `etcd-server`): each case on a
/// fresh cluster, whose revisions start at 1 as the suite expects.
#[cfg(feature = "etcd")]
#[test]
fn etcd_store_conformance() {
    let dir = tempfile::tempdir().unwrap();
    let mut n = 0;
    let mut processes = Vec::new();
    // etcd syncs a watch from history every 100ms.
    SETTLE.with(|s| s.set(std::time::Duration::from_millis(400)));
    conformance(&mut || {
        n += 1;
        let process = EtcdProcess::start(&dir.path().join(format!("case-{n}")))
            .unwrap_or_else(|e| panic!("{e}"));
        let store = EtcdStore::connect(&EtcdConfig {
            servers: vec![process.client_url().to_string()],
            ..EtcdConfig::default()
        })
        .unwrap();
        processes.push(process);
        Box::new(store)
    });
}

// ---------------------------------------------------------------- helpers

fn prefix(prefix: &str) -> RangeRequest<'_> {
    RangeRequest {
        prefix,
        ..Default::default()
    }
}

fn keys(result: &RangeResult) -> Vec<&str> {
    result.kvs.iter().map(|kv| kv.key.as_str()).collect()
}

fn kv(key: &str, value: &str, create_revision: Revision, mod_revision: Revision) -> KeyValue {
    KeyValue {
        key: key.to_owned(),
        value: Bytes::copy_from_slice(value.as_bytes()),
        create_revision,
        mod_revision,
    }
}

// How long `drain` waits for more events once none is queued: zero for
// the stores that queue a watch's events as the write or the `watch` call
// returns; etcd delivers them from its own threads.
thread_local! {
    static SETTLE: std::cell::Cell<std::time::Duration> = const {
        std::cell::Cell::new(std::time::Duration::ZERO)
    };
}

/// Everything the receiver has buffered (waiting for [`SETTLE`] without
/// a new event, for a store that delivers events from its own threads).
fn drain(rx: &mut Receiver<Event>) -> Vec<Event> {
    let settle = SETTLE.with(|s| s.get());
    let mut events = Vec::new();
    let mut quiet_since = std::time::Instant::now();
    loop {
        match rx.try_recv() {
            Ok(event) => {
                events.push(event);
                quiet_since = std::time::Instant::now();
            }
            Err(TryRecvError::Empty) if quiet_since.elapsed() < settle => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(TryRecvError::Empty) => return events,
            Err(TryRecvError::Disconnected) => panic!("watch ended"),
        }
    }
}

/// At least the `expected` events the receiver should get (waiting up to
/// 30 s for them, for etcd on a loaded machine), then whatever else
/// [`drain`] finds, so that an extra event still fails the comparison.
/// Fewer after 30 s are returned as they are, for the comparison to show.
fn drain_n(rx: &mut Receiver<Event>, expected: usize) -> Vec<Event> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut events = Vec::new();
    while events.len() < expected {
        match rx.try_recv() {
            Ok(event) => events.push(event),
            Err(TryRecvError::Empty) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            Err(TryRecvError::Empty) => break,
            Err(TryRecvError::Disconnected) => panic!("watch ended"),
        }
    }
    events.extend(drain(rx));
    events
}

fn revisions(events: &[Event]) -> Vec<Revision> {
    events.iter().map(Event::revision).collect()
}

/// The full state (every key) at `revision`.
fn snapshot(store: &dyn Store, revision: Revision) -> Vec<KeyValue> {
    store
        .range(RangeRequest {
            revision: Some(revision),
            ..Default::default()
        })
        .unwrap()
        .kvs
}

// ------------------------------------------------------ conformance cases

fn empty_store(store: &dyn Store) {
    assert_eq!(store.current_revision(), 1);
    assert_eq!(store.compacted_revision(), 0);
    assert_eq!(store.get("/a").unwrap(), None);
    let all = store.range(prefix("")).unwrap();
    assert_eq!(
        (all.kvs.len(), all.more, all.count, all.revision),
        (0, false, 0, 1)
    );
    assert!(drain(&mut store.watch("", 0).unwrap()).is_empty());
}

fn create_and_get(store: &dyn Store) {
    let created = store.create("/a", b"1".to_vec()).unwrap();
    assert_eq!(created, kv("/a", "1", 2, 2));
    assert_eq!(store.current_revision(), 2);
    assert_eq!(store.get("/a").unwrap(), Some(created));
    assert_eq!(store.get("/a/").unwrap(), None);

    let err = store.create("/a", b"2".to_vec()).unwrap_err();
    assert!(
        matches!(&err, StorageError::AlreadyExists(key) if key == "/a"),
        "{err}"
    );
    assert_eq!(
        store.current_revision(),
        2,
        "failed writes take no revision"
    );

    assert_eq!(store.create("/b", Vec::new()).unwrap(), kv("/b", "", 3, 3));
    assert_eq!(store.get("/a").unwrap(), Some(kv("/a", "1", 2, 2)));
}

fn update_is_compare_and_swap(store: &dyn Store) {
    store.create("/a", b"1".to_vec()).unwrap();
    let updated = store.update("/a", b"2".to_vec(), 2).unwrap();
    assert_eq!(updated, kv("/a", "2", 2, 3));
    assert_eq!(store.get("/a").unwrap(), Some(updated));

    let err = store.update("/a", b"3".to_vec(), 2).unwrap_err();
    assert!(
        matches!(&err, StorageError::Conflict { key, expected: 2, actual: 3 } if key == "/a"),
        "{err}"
    );
    let err = store.update("/missing", b"3".to_vec(), 2).unwrap_err();
    assert!(
        matches!(&err, StorageError::NotFound(key) if key == "/missing"),
        "{err}"
    );
    assert_eq!(store.current_revision(), 3);
    assert_eq!(store.get("/a").unwrap(), Some(kv("/a", "2", 2, 3)));
}

fn delete(store: &dyn Store) {
    store.create("/a", b"1".to_vec()).unwrap();
    store.update("/a", b"2".to_vec(), 2).unwrap();

    let err = store.delete("/a", Some(2)).unwrap_err();
    assert!(
        matches!(
            err,
            StorageError::Conflict {
                expected: 2,
                actual: 3,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(store.delete("/a", Some(3)).unwrap(), kv("/a", "2", 2, 3));
    assert_eq!(store.current_revision(), 4);
    assert_eq!(store.get("/a").unwrap(), None);
    for expected in [None, Some(3)] {
        let err = store.delete("/a", expected).unwrap_err();
        assert!(
            matches!(&err, StorageError::NotFound(key) if key == "/a"),
            "{err}"
        );
    }
    let err = store.update("/a", b"3".to_vec(), 3).unwrap_err();
    assert!(matches!(err, StorageError::NotFound(_)), "{err}");

    // Re-creating a deleted key starts a new life: a new create revision.
    assert_eq!(
        store.create("/a", b"new".to_vec()).unwrap(),
        kv("/a", "new", 5, 5)
    );
    assert_eq!(store.delete("/a", None).unwrap(), kv("/a", "new", 5, 5));
    assert_eq!(store.current_revision(), 6);
    assert_eq!(store.range(prefix("")).unwrap().count, 0);
}

fn range_prefix_limit_continue(store: &dyn Store) {
    for key in ["/r/d", "/r/b", "/s/a", "/r/a", "/rx", "/r/c"] {
        store.create(key, key.as_bytes().to_vec()).unwrap();
    }
    let all = store.range(prefix("/r/")).unwrap();
    assert_eq!(keys(&all), ["/r/a", "/r/b", "/r/c", "/r/d"]);
    assert_eq!((all.more, all.count, all.revision), (false, 4, 7));
    assert_eq!(all.kvs[0], kv("/r/a", "/r/a", 5, 5));

    let page = |start_after, limit| {
        store
            .range(RangeRequest {
                prefix: "/r/",
                start_after,
                limit,
                revision: None,
                skip_count: false,
            })
            .unwrap()
    };
    let first = page(None, 2);
    assert_eq!(keys(&first), ["/r/a", "/r/b"]);
    assert_eq!((first.more, first.count), (true, 4));
    let second = page(Some("/r/b"), 2);
    assert_eq!(keys(&second), ["/r/c", "/r/d"]);
    assert_eq!((second.more, second.count), (false, 2));
    let middle = page(Some("/r/a"), 1);
    assert_eq!(keys(&middle), ["/r/b"]);
    assert_eq!((middle.more, middle.count), (true, 3));
    // A continue key that is not itself stored.
    assert_eq!(keys(&page(Some("/r/bb"), 0)), ["/r/c", "/r/d"]);
    // Without counting, a page stops one key past its end: `more` is
    // still exact, `count` only says so.
    let uncounted = |start_after, limit| {
        store
            .range(RangeRequest {
                prefix: "/r/",
                start_after,
                limit,
                revision: None,
                skip_count: true,
            })
            .unwrap()
    };
    let first = uncounted(None, 2);
    assert_eq!(keys(&first), ["/r/a", "/r/b"]);
    assert_eq!((first.more, first.count), (true, 3));
    let last = uncounted(Some("/r/b"), 2);
    assert_eq!(keys(&last), ["/r/c", "/r/d"]);
    assert_eq!((last.more, last.count), (false, 2));
    let past_end = page(Some("/r/d"), 2);
    assert_eq!(
        (past_end.kvs.len(), past_end.more, past_end.count),
        (0, false, 0)
    );
    // A start below the prefix does not restrict it; above it, nothing matches.
    assert_eq!(page(Some("/a"), 0).count, 4);
    assert_eq!(page(Some("/s"), 0).count, 0);

    let everything = store.range(prefix("")).unwrap();
    assert_eq!(
        keys(&everything),
        ["/r/a", "/r/b", "/r/c", "/r/d", "/rx", "/s/a"]
    );
    assert_eq!(keys(&store.range(prefix("/r")).unwrap()).len(), 5);
    assert_eq!(store.range(prefix("/t/")).unwrap().count, 0);
}

fn range_at_old_revision(store: &dyn Store) {
    store.create("/k/a", b"a1".to_vec()).unwrap(); // 2
    store.create("/k/b", b"b1".to_vec()).unwrap(); // 3
    store.update("/k/a", b"a2".to_vec(), 2).unwrap(); // 4
    store.delete("/k/b", None).unwrap(); // 5
    store.create("/k/b", b"b2".to_vec()).unwrap(); // 6

    let at = |revision| {
        store.range(RangeRequest {
            prefix: "/k/",
            revision: Some(revision),
            ..Default::default()
        })
    };
    assert_eq!(at(1).unwrap().kvs, []);
    assert_eq!(at(2).unwrap().kvs, [kv("/k/a", "a1", 2, 2)]);
    let three = at(3).unwrap();
    assert_eq!(three.kvs, [kv("/k/a", "a1", 2, 2), kv("/k/b", "b1", 3, 3)]);
    assert_eq!((three.revision, three.count), (3, 2));
    assert_eq!(
        at(4).unwrap().kvs,
        [kv("/k/a", "a2", 2, 4), kv("/k/b", "b1", 3, 3)]
    );
    assert_eq!(at(5).unwrap().kvs, [kv("/k/a", "a2", 2, 4)]);
    assert_eq!(
        at(6).unwrap().kvs,
        [kv("/k/a", "a2", 2, 4), kv("/k/b", "b2", 6, 6)]
    );
    // Old snapshots page like current ones.
    let paged = store
        .range(RangeRequest {
            prefix: "/k/",
            start_after: None,
            limit: 1,
            revision: Some(4),
            skip_count: false,
        })
        .unwrap();
    assert_eq!(
        (keys(&paged), paged.more, paged.count),
        (vec!["/k/a"], true, 2)
    );
    // etcd: revision <= 0 means the current revision.
    assert_eq!(at(0).unwrap().revision, 6);

    let err = at(7).unwrap_err();
    assert!(
        matches!(
            err,
            StorageError::FutureRevision {
                requested: 7,
                current: 6
            }
        ),
        "{err}"
    );
}

fn compaction(store: &dyn Store) {
    store.create("/c/keep", b"k1".to_vec()).unwrap(); // 2
    store.create("/c/gone", b"g1".to_vec()).unwrap(); // 3
    store.update("/c/keep", b"k2".to_vec(), 2).unwrap(); // 4
    store.delete("/c/gone", None).unwrap(); // 5
    store.create("/c/later", b"l1".to_vec()).unwrap(); // 6
    store.update("/c/keep", b"k3".to_vec(), 4).unwrap(); // 7
    let before: Vec<_> = (5..=7).map(|r| snapshot(store, r)).collect();

    store.compact(5).unwrap();
    assert_eq!(store.compacted_revision(), 5);
    assert_eq!(store.current_revision(), 7);

    // History at and above the compacted revision is intact.
    for (r, expected) in (5..=7).zip(&before) {
        assert_eq!(&snapshot(store, r), expected, "revision {r}");
    }
    let err = store
        .range(RangeRequest {
            revision: Some(4),
            ..Default::default()
        })
        .unwrap_err();
    assert!(
        matches!(
            err,
            StorageError::Compacted {
                requested: 4,
                compacted: 5
            }
        ),
        "{err}"
    );
    let err = store.watch("/c/", 4).unwrap_err();
    assert!(
        matches!(
            err,
            StorageError::Compacted {
                requested: 4,
                compacted: 5
            }
        ),
        "{err}"
    );

    // A watch from the compacted revision replays what follows it, with the
    // previous values that compaction retained.
    let replayed = drain_n(&mut store.watch("/c/", 5).unwrap(), 2);
    assert_eq!(
        replayed,
        [
            Event::Put {
                kv: kv("/c/later", "l1", 6, 6),
                prev: None
            },
            Event::Put {
                kv: kv("/c/keep", "k3", 2, 7),
                prev: Some(kv("/c/keep", "k2", 2, 4))
            },
        ]
    );

    let err = store.compact(5).unwrap_err();
    assert!(
        matches!(
            err,
            StorageError::Compacted {
                requested: 5,
                compacted: 5
            }
        ),
        "{err}"
    );
    let err = store.compact(8).unwrap_err();
    assert!(
        matches!(
            err,
            StorageError::FutureRevision {
                requested: 8,
                current: 7
            }
        ),
        "{err}"
    );

    // Writes continue, and compacting everything keeps the live state.
    store.create("/c/gone", b"g2".to_vec()).unwrap(); // 8
    store.compact(8).unwrap();
    assert_eq!(store.compacted_revision(), 8);
    assert_eq!(
        snapshot(store, 8),
        [
            kv("/c/gone", "g2", 8, 8),
            kv("/c/keep", "k3", 2, 7),
            kv("/c/later", "l1", 6, 6)
        ]
    );
    assert!(drain(&mut store.watch("", 8).unwrap()).is_empty());
    assert_eq!(
        store.update("/c/keep", b"k4".to_vec(), 7).unwrap(),
        kv("/c/keep", "k4", 2, 9)
    );
}

fn watch_replays_then_streams_live(store: &dyn Store) {
    store.create("/w/a", b"a1".to_vec()).unwrap(); // 2
    store.create("/other", b"o".to_vec()).unwrap(); // 3
    store.update("/w/a", b"a2".to_vec(), 2).unwrap(); // 4

    let mut all = store.watch("/w/", 0).unwrap();
    let mut late = store.watch("/w/", 2).unwrap();
    assert_eq!(
        drain_n(&mut all, 2),
        [
            Event::Put {
                kv: kv("/w/a", "a1", 2, 2),
                prev: None
            },
            Event::Put {
                kv: kv("/w/a", "a2", 2, 4),
                prev: Some(kv("/w/a", "a1", 2, 2))
            },
        ]
    );
    assert_eq!(revisions(&drain_n(&mut late, 1)), [4]);

    store.create("/w/b", b"b1".to_vec()).unwrap(); // 5
    store.update("/other", b"o2".to_vec(), 3).unwrap(); // 6
    store.delete("/w/a", None).unwrap(); // 7
    let live = [
        Event::Put {
            kv: kv("/w/b", "b1", 5, 5),
            prev: None,
        },
        Event::Delete {
            prev: kv("/w/a", "a2", 2, 4),
            revision: 7,
        },
    ];
    assert_eq!(drain_n(&mut all, 2), live);
    assert_eq!(drain_n(&mut late, 2), live);

    // Replay rebuilds the same events, deletes included.
    let replayed = drain_n(&mut store.watch("/w/", 4).unwrap(), 2);
    assert_eq!(replayed, live);
    assert_eq!(replayed[1].key(), "/w/a");

    // Dropped receivers are tolerated (and forgotten).
    drop(late);
    store.create("/w/c", Vec::new()).unwrap(); // 8
    assert_eq!(revisions(&drain_n(&mut all, 1)), [8]);
}

/// Watches from the start opened while a writer writes each get every
/// write once, in order: the history is read before they subscribe,
/// partly while writes commit, and nothing falls between the two.
fn watches_opened_during_writes_miss_nothing(store: &dyn Store) {
    const WRITES: Revision = 2000;
    let watches: Vec<_> = std::thread::scope(|scope| {
        scope.spawn(|| {
            for i in 0..WRITES {
                store.create(&format!("/r/{i}"), Vec::new()).unwrap();
            }
        });
        (0..100).map(|_| store.watch("/r/", 1).unwrap()).collect()
    });
    let expected: Vec<Revision> = (2..=WRITES + 1).collect();
    for mut rx in watches {
        let got = revisions(&drain_n(&mut rx, WRITES as usize));
        assert!(
            got == expected,
            "{} events; the first missing or repeated: {:?}",
            got.len(),
            got.iter()
                .zip(&expected)
                .find(|(got, expected)| got != expected)
        );
    }
}

fn watch_from_now_and_future(store: &dyn Store) {
    store.create("/f/a", Vec::new()).unwrap(); // 2
    let mut now = store.watch("/f/", store.current_revision()).unwrap();
    let mut future = store.watch("/f/", 4).unwrap();
    let mut everything = store.watch("", 1).unwrap();
    assert!(drain(&mut now).is_empty());
    assert!(drain(&mut future).is_empty());
    for key in ["/f/b", "/f/c", "/g", "/f/d"] {
        store.create(key, Vec::new()).unwrap(); // 3, 4, 5, 6
    }
    assert_eq!(revisions(&drain_n(&mut now, 3)), [3, 4, 6]);
    assert_eq!(revisions(&drain_n(&mut future, 1)), [6]);
    assert_eq!(revisions(&drain_n(&mut everything, 5)), [2, 3, 4, 5, 6]);
}

fn concurrent_writes_are_ordered(store: &dyn Store) {
    const THREADS: usize = 4;
    const WRITES: usize = 10;
    let mut rx = store.watch("/p/", 1).unwrap();
    std::thread::scope(|scope| {
        for thread in 0..THREADS {
            scope.spawn(move || {
                for i in 0..WRITES {
                    store
                        .create(&format!("/p/{thread}/{i}"), Vec::new())
                        .unwrap();
                    // Readers run alongside the writers.
                    assert!(store.range(prefix("/p/")).unwrap().count > 0);
                }
            });
        }
    });
    let last = 1 + (THREADS * WRITES) as Revision;
    assert_eq!(store.current_revision(), last);
    assert_eq!(
        revisions(&drain_n(&mut rx, THREADS * WRITES)),
        (2..=last).collect::<Vec<_>>()
    );
}

// ------------------------------------------------------ backend-specific

#[test]
fn watch_ends_when_store_is_dropped() {
    let store = MemoryStore::new();
    let mut rx = store.watch("", 1).unwrap();
    store.create("/a", Vec::new()).unwrap();
    drop(store);
    assert_eq!(rx.try_recv().unwrap().revision(), 2);
    assert_eq!(rx.try_recv(), Err(TryRecvError::Disconnected));
}

#[test]
fn watchers_forget_dropped_receivers() {
    let mut watchers = Watchers::default();
    let kept = watchers.subscribe("/a/", 0, Vec::new());
    drop(watchers.subscribe("/a/", 0, Vec::new()));
    drop(watchers.subscribe("/b/", 0, Vec::new()));
    assert_eq!(watchers.len(), 3);
    watchers.notify(&Event::Put {
        kv: kv("/a/x", "", 2, 2),
        prev: None,
    });
    assert_eq!(watchers.len(), 1);
    drop(kept);
}

/// Writes a history with updates, deletes and a compaction.
fn write_history(store: &dyn Store) {
    for i in 0..5 {
        store
            .create(&format!("/d/{i}"), format!("v{i}").into_bytes())
            .unwrap();
    }
    store.update("/d/1", b"v1b".to_vec(), 3).unwrap(); // 7
    store.delete("/d/2", None).unwrap(); // 8
    store.compact(7).unwrap();
    store.update("/d/3", b"v3b".to_vec(), 5).unwrap(); // 9
    store.create("/d/2", b"v2b".to_vec()).unwrap(); // 10
}

#[test]
fn redb_store_survives_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("store.redb");
    let (current, history) = {
        let store = RedbStore::open(&path).unwrap();
        write_history(&store);
        let current = store.current_revision();
        let history: Vec<_> = (7..=current).map(|r| snapshot(&store, r)).collect();
        (current, history)
    };
    assert_eq!(current, 10);

    let store = RedbStore::open(&path).unwrap();
    assert_eq!(store.current_revision(), current);
    assert_eq!(store.compacted_revision(), 7);
    for (r, expected) in (7..=current).zip(&history) {
        assert_eq!(&snapshot(&store, r), expected, "revision {r}");
    }
    assert_eq!(store.get("/d/1").unwrap(), Some(kv("/d/1", "v1b", 3, 7)));
    assert_eq!(store.get("/d/2").unwrap(), Some(kv("/d/2", "v2b", 10, 10)));
    assert!(matches!(
        store.range(RangeRequest {
            revision: Some(6),
            ..Default::default()
        }),
        Err(StorageError::Compacted {
            requested: 6,
            compacted: 7
        })
    ));
    assert_eq!(
        revisions(&drain_n(&mut store.watch("/d/", 7).unwrap(), 3)),
        [8, 9, 10]
    );
    // The revision counter carries on.
    assert_eq!(store.delete("/d/0", Some(2)).unwrap().mod_revision, 2);
    assert_eq!(store.current_revision(), 11);
}

#[test]
fn redb_and_memory_stores_agree() {
    let dir = tempfile::tempdir().unwrap();
    let disk = RedbStore::open(&dir.path().join("store.redb")).unwrap();
    let memory = MemoryStore::new();
    write_history(&disk);
    write_history(&memory);
    for r in 7..=10 {
        assert_eq!(snapshot(&disk, r), snapshot(&memory, r), "revision {r}");
    }
    assert_eq!(
        drain(&mut disk.watch("", 7).unwrap()),
        drain(&mut memory.watch("", 7).unwrap())
    );
}

#[test]
fn redb_store_open_errors_are_backend_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("garbage");
    std::fs::write(&path, b"this is not a redb database file, not at all").unwrap();
    assert!(matches!(
        RedbStore::open(&path),
        Err(StorageError::Backend(_))
    ));
    assert!(matches!(
        RedbStore::open(Path::new("/nonexistent-dir/store.redb")),
        Err(StorageError::Backend(_))
    ));
}

/// A durable backend (to the engine) whose commits are counted, and whose
/// first commit waits until the test lets it go.
struct HeldBackend {
    tables: memory::MemoryBackend,
    commits: std::sync::atomic::AtomicUsize,
    hold: std::sync::Mutex<Option<std::sync::mpsc::Receiver<()>>>,
    /// How the second commit ends: as it should, with a backend error
    /// (nothing written), or in a panic.
    second: Second,
}

#[derive(Clone, Copy, PartialEq)]
enum Second {
    Commits,
    Fails,
    Panics,
}

impl engine::Backend for HeldBackend {
    const DURABLE: bool = true;

    fn read<T>(
        &self,
        f: impl FnOnce(&dyn engine::Tables) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        self.tables.read(f)
    }

    fn write<T>(
        &self,
        f: impl FnOnce(&mut dyn engine::TablesMut) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        let commit = self
            .commits
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        if let Some(release) = self.hold.lock().unwrap().take() {
            release.recv().unwrap();
        }
        match (commit, self.second) {
            (1, Second::Fails) => Err(StorageError::Backend("the disk is full".into())),
            (1, Second::Panics) => panic!("the backend failed"),
            _ => self.tables.write(f),
        }
    }
}

/// A durable engine over a [`HeldBackend`] whose first commit waits for
/// the returned sender.
fn held_engine(second: Second) -> (engine::Engine<HeldBackend>, std::sync::mpsc::Sender<()>) {
    let (release, hold) = std::sync::mpsc::channel();
    let engine = engine::Engine::new(
        HeldBackend {
            tables: memory::MemoryBackend::default(),
            commits: Default::default(),
            hold: std::sync::Mutex::new(Some(hold)),
            second,
        },
        engine::Meta::EMPTY,
    );
    (engine, release)
}

/// What a writer's thread ended with: its write's outcome, `None` when
/// the thread panicked.
type Outcome = Option<Result<KeyValue, StorageError>>;

/// Creates `first` (whose commit is held), then queues creates of
/// `queued` one by one behind it, then lets the first commit go; returns
/// the outcome of each queued create, in order (`None` for a writer
/// whose thread panicked).
fn queue_behind_a_held_commit(
    engine: &engine::Engine<HeldBackend>,
    release: std::sync::mpsc::Sender<()>,
    first: &str,
    queued: &[&str],
) -> (Outcome, Vec<Outcome>) {
    use std::time::{Duration, Instant};
    let create = |key: &str| {
        engine.write(
            key,
            engine::Mutation::Create {
                value: bytes::Bytes::from(key.to_owned()),
            },
        )
    };
    let until = |what: &str, done: &dyn Fn() -> bool| {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(1));
        }
    };
    std::thread::scope(|scope| {
        // Owned here: should a wait below time out, the unwinding drops
        // it, which lets the held commit go (in a panic) and the writers
        // end, instead of the scope waiting for them forever.
        let release = release;
        let first = scope.spawn(move || create(first));
        until("the first commit", &|| commits(engine) == 1);
        let writers: Vec<_> = queued
            .iter()
            .map(|&key| {
                // Counted before the writer starts: it may queue before
                // this thread looks.
                let n = engine.queued();
                let writer = scope.spawn(move || create(key));
                // One at a time, so that they queue in this order.
                until("the write to queue", &|| engine.queued() > n);
                writer
            })
            .collect();
        release.send(()).unwrap();
        (
            first.join().ok(),
            writers.into_iter().map(|w| w.join().ok()).collect(),
        )
    })
}

fn commits(engine: &engine::Engine<HeldBackend>) -> usize {
    engine
        .backend()
        .commits
        .load(std::sync::atomic::Ordering::SeqCst)
}

/// Group commit: the writes that arrive while a durable commit waits on
/// the disk are committed together in the next backend transaction, each
/// at its own revision in the order they queued, and a write whose
/// precondition fails is refused without failing the others.
#[test]
fn durable_writes_that_queue_behind_a_commit_share_the_next_one() {
    let (engine, release) = held_engine(Second::Commits);
    let mut rx = engine.watch("/", 1).unwrap();
    let (first, outcomes) =
        queue_behind_a_held_commit(&engine, release, "/first", &["/a", "/b", "/first", "/c"]);
    assert_eq!(first.unwrap().unwrap().mod_revision, 2);
    let revisions_of: Vec<_> = outcomes
        .into_iter()
        .map(|o| o.unwrap().map(|kv| kv.mod_revision))
        .collect();
    assert!(matches!(revisions_of[0], Ok(3)), "{revisions_of:?}");
    assert!(matches!(revisions_of[1], Ok(4)), "{revisions_of:?}");
    assert!(
        matches!(&revisions_of[2], Err(StorageError::AlreadyExists(k)) if k == "/first"),
        "{revisions_of:?}"
    );
    assert!(matches!(revisions_of[3], Ok(5)), "{revisions_of:?}");
    assert_eq!(
        commits(&engine),
        2,
        "the four queued writes were one commit"
    );
    assert_eq!(engine.current_revision(), 5);
    let events = drain_n(&mut rx, 4);
    assert_eq!(revisions(&events), [2, 3, 4, 5]);
    assert_eq!(
        events.iter().map(Event::key).collect::<Vec<_>>(),
        ["/first", "/a", "/b", "/c"]
    );
    assert_eq!(
        engine.get("/c").unwrap().map(|kv| kv.value),
        Some(bytes::Bytes::from_static(b"/c"))
    );
}

/// A commit that fails fails every write it carried, and none of them
/// took effect; the next write commits as if they had never been.
#[test]
fn a_failed_group_commit_fails_each_of_its_writes() {
    let (engine, release) = held_engine(Second::Fails);
    let (first, outcomes) = queue_behind_a_held_commit(&engine, release, "/first", &["/a", "/b"]);
    assert_eq!(first.unwrap().unwrap().mod_revision, 2);
    for outcome in outcomes {
        assert!(
            matches!(outcome, Some(Err(StorageError::Backend(ref m))) if m == "the disk is full"),
            "{outcome:?}"
        );
    }
    assert_eq!(engine.current_revision(), 2);
    assert_eq!(engine.get("/a").unwrap(), None);
    let again = engine
        .write(
            "/a",
            engine::Mutation::Create {
                value: bytes::Bytes::new(),
            },
        )
        .unwrap();
    assert_eq!(again.mod_revision, 3);
}

/// A leader whose commit panics still hands the lead on: the writes it
/// carried are told their commit stopped (it may or may not have been
/// made), and later writes do not wait forever.
#[test]
fn a_panicking_commit_leaves_no_writer_waiting() {
    let (engine, release) = held_engine(Second::Panics);
    let (first, outcomes) =
        queue_behind_a_held_commit(&engine, release, "/first", &["/a", "/b", "/c"]);
    assert_eq!(first.unwrap().unwrap().mod_revision, 2);
    // The writer that led the second commit panicked with it; the others
    // were told.
    let told: Vec<_> = outcomes.into_iter().flatten().collect();
    assert_eq!(told.len(), 2, "{told:?}");
    for outcome in told {
        assert!(
            matches!(
                outcome,
                Err(StorageError::Unavailable {
                    operation: "create",
                    ..
                })
            ),
            "{outcome:?}"
        );
    }
    let next = engine
        .write(
            "/d",
            engine::Mutation::Create {
                value: bytes::Bytes::new(),
            },
        )
        .unwrap();
    assert_eq!(next.mod_revision, 3);
}
