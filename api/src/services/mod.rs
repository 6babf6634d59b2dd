//! Services the features and the domain use: e-mail and the outbox sender, sealing sensitive values, the bank
//! routing directory and the payment gateway, the ZIP code directory, the catalogue held in memory, and the recommendations rebuilt in the background.

pub mod banking;
pub mod catalogue;
pub mod crypto;
pub mod edi;
pub mod keys;
pub mod lifecycle;
pub mod listings;
pub mod mail;
pub mod memo;
pub mod metrics;
pub mod recommender;
pub mod scanner;
pub mod traces;
pub mod workflows;
pub mod zip;

/// Runs `tick` every `every`, after the first interval, for as long as the server runs (a late tick is not made up).
pub fn spawn_every<F, Fut>(every: std::time::Duration, mut tick: F)
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticks.tick().await;
        loop {
            ticks.tick().await;
            tick().await;
        }
    });
}
