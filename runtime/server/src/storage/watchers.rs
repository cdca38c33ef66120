//! In-process watch fan-out, shared by all backends.

use tokio::sync::mpsc::{Receiver, Sender, channel};

use super::{Event, Revision, WATCH_BUFFER};

/// The registered watchers of one store.
///
/// Not synchronized by itself: the engine keeps it behind the mutex that also
/// serializes writes, so events are sent in revision order and a watcher's
/// replayed backlog and live stream neither overlap nor leave a gap.
#[derive(Debug, Default)]
pub(crate) struct Watchers {
    subscribers: Vec<Subscriber>,
}

/// One watch: the events it wants and where to send them.
#[derive(Debug)]
struct Subscriber {
    prefix: String,
    after_revision: Revision,
    sender: Sender<Event>,
}

impl Subscriber {
    fn wants(&self, event: &Event) -> bool {
        event.revision() > self.after_revision && event.key().starts_with(&self.prefix)
    }
}

impl Watchers {
    /// Registers a watch on `prefix` for events after `after_revision`. The
    /// returned receiver first yields `backlog` (the already filtered events
    /// replayed from history), then every matching event passed to
    /// [`Watchers::notify`], until it holds [`WATCH_BUFFER`] events more
    /// than the backlog: the watch is then closed (the receiver yields what
    /// it holds, then `None`).
    pub(crate) fn subscribe(
        &mut self,
        prefix: &str,
        after_revision: Revision,
        backlog: Vec<Event>,
    ) -> Receiver<Event> {
        let (sender, receiver) = channel(backlog.len() + WATCH_BUFFER);
        for event in backlog {
            // Cannot fail: we hold the receiver, and it has room for all.
            let _ = sender.try_send(event);
        }
        self.subscribers.push(Subscriber {
            prefix: prefix.to_owned(),
            after_revision,
            sender,
        });
        receiver
    }

    /// Sends `event` to every watcher that wants it, and forgets watchers
    /// whose receiver was dropped or is full (which closes their watch).
    pub(crate) fn notify(&mut self, event: &Event) {
        self.subscribers.retain(|subscriber| {
            if subscriber.wants(event) {
                subscriber.sender.try_send(event.clone()).is_ok()
            } else {
                !subscriber.sender.is_closed()
            }
        });
    }

    /// Number of registered (not yet dropped) watchers.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.subscribers.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::KeyValue;

    fn put(revision: Revision) -> Event {
        Event::Put {
            kv: KeyValue {
                key: format!("/things/{revision}"),
                value: Default::default(),
                create_revision: revision,
                mod_revision: revision,
            },
            prev: None,
        }
    }

    #[test]
    fn a_watcher_that_does_not_read_is_closed_after_its_buffer() {
        let mut watchers = Watchers::default();
        let backlog: Vec<Event> = (2..5).map(put).collect();
        let mut slow = watchers.subscribe("/things/", 1, backlog);
        let mut reading = watchers.subscribe("/things/", 1, Vec::new());
        let mut read = 0;
        let last = 5 + WATCH_BUFFER as Revision;
        for revision in 5..=last {
            watchers.notify(&put(revision));
            while reading.try_recv().is_ok() {
                read += 1;
            }
        }
        // The one that reads gets every live event and stays.
        assert_eq!(read, WATCH_BUFFER + 1);
        assert_eq!(watchers.len(), 1);
        // The one that did not gets its replay and a buffer's worth, in
        // order, then the end of its watch: the client watches again from
        // the last revision it got.
        let mut got = Vec::new();
        while let Ok(event) = slow.try_recv() {
            got.push(event.revision());
        }
        let expected: Vec<Revision> = (2..5 + WATCH_BUFFER as Revision).collect();
        assert_eq!(got, expected);
        assert!(slow.is_closed());
        assert_eq!(
            slow.try_recv(),
            Err(tokio::sync::mpsc::error::TryRecvError::Disconnected)
        );
    }
}
