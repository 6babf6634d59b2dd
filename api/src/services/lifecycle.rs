//! A replica's way out: asked to stop (SIGTERM from a process manager, or Ctrl-C), it first says it is not ready
//! (`/readyz` answers 503 "draining") while it still takes connections, so the balancer in front sends new visitors to
//! the other replicas; then it stops taking connections, lets the requests in flight finish, tells its background
//! workers to finish what they hold (the outbox sender its messages in flight, giving back the rest of its claim; the
//! 834 batcher its current file) and exits. Nothing a visitor was told was saved is lost: a save is acknowledged only
//! once committed, and a request in flight is finished, not cut.

use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::watch;

/// Whether the replica is draining, and the signal its background workers stop on.
pub struct Lifecycle {
    draining: AtomicBool,
    stop: watch::Sender<bool>,
}

impl Default for Lifecycle {
    fn default() -> Self {
        Lifecycle { draining: AtomicBool::new(false), stop: watch::channel(false).0 }
    }
}

impl Lifecycle {
    /// From now on the replica says it is not ready; it still answers every request.
    pub fn drain(&self) {
        self.draining.store(true, Ordering::Relaxed);
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    /// Tells the background workers to finish what they hold and end.
    pub fn stop_workers(&self) {
        self.drain();
        self.stop.send_replace(true);
    }

    /// What a background worker watches: it ends once this says `true`.
    pub fn stopping(&self) -> Stopping {
        Stopping(self.stop.subscribe())
    }
}

/// A background worker's view of [`Lifecycle::stop_workers`].
#[derive(Clone)]
pub struct Stopping(watch::Receiver<bool>);

impl Stopping {
    /// A view that never stops (a worker run once, by a command or a test).
    pub fn never() -> Stopping {
        // The sender is dropped: `changed` then fails at once, so `stopped` stays pending for ever (see below).
        Stopping(watch::channel(false).1)
    }

    /// Whether the worker was told to stop.
    pub fn is_stopped(&self) -> bool {
        *self.0.borrow()
    }

    /// Completes once the worker is told to stop (never, for [`Stopping::never`]).
    pub async fn stopped(&mut self) {
        while !*self.0.borrow_and_update() {
            if self.0.changed().await.is_err() {
                std::future::pending::<()>().await;
            }
        }
    }

    /// Waits `period`, or less if the worker is told to stop meanwhile; answers whether it was.
    pub async fn sleep(&mut self, period: std::time::Duration) -> bool {
        tokio::select! {
            () = tokio::time::sleep(period) => self.is_stopped(),
            () = self.stopped() => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_worker_asleep_wakes_when_told_to_stop_and_one_that_is_never_told_sleeps_its_time() {
        let lifecycle = Lifecycle::default();
        let mut worker = lifecycle.stopping();
        assert!(!lifecycle.is_draining());
        let told = tokio::spawn(async move { worker.sleep(Duration::from_secs(60)).await });
        tokio::time::sleep(Duration::from_millis(20)).await;
        lifecycle.stop_workers();
        let stopped = tokio::time::timeout(Duration::from_secs(2), told).await.expect("woken at once").unwrap();
        assert!(stopped && lifecycle.is_draining());

        let mut never = Stopping::never();
        let started = std::time::Instant::now();
        assert!(!never.sleep(Duration::from_millis(50)).await);
        assert!(started.elapsed() >= Duration::from_millis(50));
    }
}
