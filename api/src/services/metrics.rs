//! What the store measures of itself, in the Prometheus text format at `GET /metrics` (features::probes): each route's
//! requests, errors and time taken, the requests in flight, the busy answers past the connection limit, the database
//! pool, the outbox's queue and its age, the writer's group size, and what people did (applications submitted, saves
//! for later, resumes, declines, 834 files sent and rejected, failed payments, the wizard's steps reached).
//!
//! One recorder for the process (every server in it counts into it, as the tests start several), from the maintained
//! `metrics` crate and its Prometheus exporter; the store's own router serves it. A label never carries an id, a
//! code or a token: a route is named by its template ([`crate::http::routes::RouteNames::label`]), a step by the
//! workflow's tab name.
//!
//! docs/OPERATIONS.md says what each one means.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Requests answered, by `route`, `method` and `status`.
pub const HTTP_REQUESTS: &str = "http_requests_total";
/// Seconds taken to answer, by `route` and `method`.
pub const HTTP_DURATION: &str = "http_request_duration_seconds";
/// Requests being answered now.
pub const HTTP_IN_FLIGHT: &str = "http_requests_in_flight";
/// Visitors told the store is busy (503 with Retry-After) on a connection past the limit.
pub const BUSY_ANSWERS: &str = "http_busy_answers_total";
/// The database pool's connections, by `state` (`idle`, `in_use`).
pub const DB_POOL: &str = "db_pool_connections";
/// E-mails waiting to be sent, and how long the oldest has waited.
pub const OUTBOX_WAITING: &str = "outbox_messages_waiting";
pub const OUTBOX_OLDEST: &str = "outbox_oldest_waiting_seconds";
/// Saves committed together by the writer (one commit each group), which the writer records.
pub const WRITER_GROUP: &str = crate::store::writer::GROUP_SIZE;
/// Applications submitted (the review's Submit, accepted).
pub const SUBMITTED: &str = "enroll_applications_submitted_total";
/// Enrollments saved for later (a code e-mailed).
pub const SAVED_FOR_LATER: &str = "enroll_saves_for_later_total";
/// Enrollments resumed with a code or a link.
pub const RESUMED: &str = "enroll_resumes_total";
/// Applicants a plan's health questions declined.
pub const DECLINED: &str = "enroll_declines_total";
/// Carriers' 834 files delivered, and applications a carrier's acknowledgement rejected.
pub const FILES_SENT: &str = "enroll_834_files_sent_total";
pub const FILES_REJECTED: &str = "enroll_834_rejected_total";
/// Payments the gateway refused.
pub const PAYMENTS_FAILED: &str = "enroll_payments_failed_total";
/// Enrollments that reached a wizard step for the first time, by `step`: the funnel. How many stopped at a step is
/// that step's count less the next one's.
pub const STEPS_REACHED: &str = "enroll_wizard_steps_reached_total";

/// A request's seconds: 1 ms to 10 s.
const LATENCY_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
/// A group's saves: one to the most in a commit.
const GROUP_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

static RECORDER: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's recorder, installed on first use.
pub fn recorder() -> &'static PrometheusHandle {
    RECORDER.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.into()), LATENCY_BUCKETS)
            .and_then(|b| b.set_buckets_for_metric(Matcher::Full(WRITER_GROUP.into()), GROUP_BUCKETS))
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("another metrics recorder was installed first: /metrics shows nothing");
        }
        describe();
        handle
    })
}

/// Starts counting (before the first request, so every series exists from the start).
pub fn install() {
    recorder();
}

fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_counter!(HTTP_REQUESTS, "Requests answered, by route template, method and status.");
    describe_histogram!(HTTP_DURATION, Unit::Seconds, "Time taken to answer, by route template and method.");
    describe_gauge!(HTTP_IN_FLIGHT, "Requests being answered now.");
    describe_counter!(BUSY_ANSWERS, "Visitors told the store is busy (503, Retry-After) past the connection limit.");
    describe_gauge!(DB_POOL, "The database pool's connections, by state.");
    describe_gauge!(OUTBOX_WAITING, "E-mails waiting to be sent.");
    describe_gauge!(OUTBOX_OLDEST, Unit::Seconds, "How long the oldest e-mail waiting has waited.");
    describe_histogram!(WRITER_GROUP, "Saves committed together in one commit by the writer.");
    describe_counter!(SUBMITTED, "Applications submitted.");
    describe_counter!(SAVED_FOR_LATER, "Enrollments saved for later.");
    describe_counter!(RESUMED, "Enrollments resumed with a code or a link.");
    describe_counter!(DECLINED, "Applicants a plan's health questions declined.");
    describe_counter!(FILES_SENT, "834 files delivered to carriers.");
    describe_counter!(FILES_REJECTED, "Applications a carrier's acknowledgement rejected.");
    describe_counter!(PAYMENTS_FAILED, "Payments the gateway refused.");
    describe_counter!(STEPS_REACHED, "Enrollments that reached a wizard step for the first time, by step.");
    metrics::gauge!(HTTP_IN_FLIGHT).set(0.0);
}

/// Counts one of the business counters above.
pub fn count(name: &'static str) {
    metrics::counter!(name).increment(1);
}

/// Counts an enrollment that reached the wizard's step `step` (a tab's name) for the first time.
pub fn step_reached(step: &str) {
    metrics::counter!(STEPS_REACHED, "step" => step.to_owned()).increment(1);
}

/// Counts an answer made: its route's label, its method, its status, and the seconds it took.
pub fn answered(route: String, method: &'static str, status: axum::http::StatusCode, seconds: f64) {
    metrics::histogram!(HTTP_DURATION, "route" => route.clone(), "method" => method).record(seconds);
    metrics::counter!(HTTP_REQUESTS, "route" => route, "method" => method, "status" => status.as_str().to_owned())
        .increment(1);
}

/// A request is being answered (`1`), or no longer (`-1`).
pub fn in_flight(change: f64) {
    metrics::gauge!(HTTP_IN_FLIGHT).increment(change);
}

/// The text a scrape reads: the counters and histograms, with the gauges read from the database now.
pub async fn render(db: &crate::store::Db) -> String {
    let idle = db.num_idle() as f64;
    metrics::gauge!(DB_POOL, "state" => "idle").set(idle);
    metrics::gauge!(DB_POOL, "state" => "in_use").set(f64::from(db.size()) - idle);
    match crate::store::outbox::waiting(db, crate::services::mail::MAX_ATTEMPTS).await {
        Ok((waiting, oldest)) => {
            metrics::gauge!(OUTBOX_WAITING).set(waiting as f64);
            metrics::gauge!(OUTBOX_OLDEST).set(oldest.map_or(0.0, |age| age.as_secs_f64()));
        }
        Err(error) => tracing::warn!(%error, "the outbox's queue was not read for /metrics"),
    }
    let recorder = recorder();
    recorder.run_upkeep();
    recorder.render()
}
