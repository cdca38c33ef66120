//! In-process watch fan-out, shared by all backends.

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use super::{Event, Revision};

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
    sender: UnboundedSender<Event>,
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
    /// [`Watchers::notify`].
    pub(crate) fn subscribe(
        &mut self,
        prefix: &str,
        after_revision: Revision,
        backlog: Vec<Event>,
    ) -> UnboundedReceiver<Event> {
        let (sender, receiver) = unbounded_channel();
        for event in backlog {
            // Cannot fail: we hold the receiver.
            let _ = sender.send(event);
        }
        self.subscribers.push(Subscriber {
            prefix: prefix.to_owned(),
            after_revision,
            sender,
        });
        receiver
    }

    /// Sends `event` to every watcher that wants it, and forgets watchers
    /// whose receiver was dropped.
    pub(crate) fn notify(&mut self, event: &Event) {
        self.subscribers.retain(|subscriber| {
            if subscriber.wants(event) {
                subscriber.sender.send(event.clone()).is_ok()
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
