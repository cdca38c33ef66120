//! Waiting, from synchronous code, for a future that runs on a runtime of
//! its own (an etcd client's, the admission webhooks' client's): the
//! writes and reads of this server are synchronous code on tokio workers
//! or on the blocking pool, and their I/O clients are async.

use std::future::Future;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// Runs `future` on `runtime` and waits at most `timeout` for its output,
/// from any thread (async workers included: the wait is a channel, not a
/// nested runtime). On a multi-threaded runtime's worker the wait is made
/// inside `block_in_place`, so the worker's other tasks move to other
/// threads meanwhile and concurrent requests wait concurrently. On a
/// current-thread runtime the wait blocks that runtime's only thread.
///
/// `None` when the time runs out (the future is then dropped at its next
/// poll) or the runtime is gone.
pub fn wait_on<T: Send + 'static>(
    runtime: &tokio::runtime::Handle,
    timeout: Duration,
    future: impl Future<Output = T> + Send + 'static,
) -> Option<T> {
    start(runtime, timeout, future).wait()
}

/// Starts `future` on `runtime`, to be waited for later (see
/// [`wait_on`], which is `start(..).wait()`): several futures started
/// one after another run at once, and waiting for each in turn takes as
/// long as the slowest.
pub fn start<T: Send + 'static>(
    runtime: &tokio::runtime::Handle,
    timeout: Duration,
    future: impl Future<Output = T> + Send + 'static,
) -> Started<T> {
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    runtime.spawn(async move {
        if let Ok(output) = tokio::time::timeout(timeout, future).await {
            let _ = tx.send(output);
        }
    });
    Started {
        output: rx,
        // A second past the future's own timeout, so that its output, or
        // its end at the timeout, comes first.
        deadline: Instant::now() + timeout + Duration::from_secs(1),
    }
}

/// A future started by [`start`].
pub struct Started<T> {
    output: Receiver<T>,
    deadline: Instant,
}

impl<T> Started<T> {
    /// Waits for the future's output, as [`wait_on`] does; `None` when
    /// its time ran out or the runtime is gone.
    pub fn wait(self) -> Option<T> {
        block_in_place(|| {
            let left = self.deadline.saturating_duration_since(Instant::now());
            self.output.recv_timeout(left).ok()
        })
    }
}

/// Runs `f`, which blocks (waits, or computes at length), inside
/// `block_in_place` on a multi-threaded runtime's worker, so that the
/// worker's other tasks move to other threads meanwhile; elsewhere (a
/// current-thread runtime, the blocking pool, no runtime) it just runs.
pub fn block_in_place<T>(f: impl FnOnce() -> T) -> T {
    let on_worker = tokio::runtime::Handle::try_current()
        .is_ok_and(|h| h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread);
    if on_worker {
        tokio::task::block_in_place(f)
    } else {
        f()
    }
}
