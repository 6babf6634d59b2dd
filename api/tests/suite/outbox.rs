//! The outbox across replicas: two servers on one database (SQLite, or PostgreSQL in the PostgreSQL suite) drain it
//! together against a slow SMTP relay, and every message is delivered once, with its own Message-ID; bodies are sealed
//! while they wait and emptied once delivered.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::TestApp;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A relay that speaks just enough SMTP, takes `delay` to accept each message, and records each Message-ID it took.
async fn slow_relay(delay: Duration) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let received = Arc::new(Mutex::new(Vec::new()));
    let log = received.clone();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else { return };
            let log = log.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 slow-relay ESMTP\r\n").await.ok();
                let mut message_id = None;
                let mut in_data = false;
                while let Ok(Some(line)) = lines.next_line().await {
                    if in_data {
                        if line == "." {
                            in_data = false;
                            tokio::time::sleep(delay).await;
                            log.lock().unwrap().push(message_id.take().unwrap_or_default());
                            write.write_all(b"250 2.0.0 queued\r\n").await.ok();
                        } else if let Some(id) = line.strip_prefix("Message-ID: ") {
                            message_id = Some(id.trim().to_string());
                        }
                        continue;
                    }
                    let verb = line.split_whitespace().next().unwrap_or_default().to_ascii_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 slow-relay\r\n",
                        "DATA" => {
                            in_data = true;
                            b"354 end with .\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.ok();
                            return;
                        }
                        _ => b"250 OK\r\n",
                    };
                    write.write_all(answer).await.ok();
                }
            });
        }
    });
    (format!("smtp://{address}"), received)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_replicas_draining_one_outbox_against_a_slow_relay_deliver_every_message_exactly_once() {
    let (url, received) = slow_relay(Duration::from_millis(300)).await;
    let first = TestApp::with_smtp(&url).await;
    let (second, _dir) = first.replica().await;
    let messages = 200;
    for n in 0..messages {
        let body = format!("Dear member {n}, your receipt. Continue code K7Q{n:05}.");
        api::services::mail::enqueue(
            &first.state.crypto,
            &first.state.db,
            "receipt",
            &format!("member{n}@example.com"),
            "Enrollment Receipt",
            &body,
        )
        .await
        .unwrap();
    }
    let waiting: Vec<String> = sqlx::query_scalar("select body from outbox").fetch_all(&first.state.db).await.unwrap();
    // (A phrase with spaces: base64 ciphertext cannot contain one by chance.)
    assert!(
        waiting.iter().all(|b| b.starts_with("enc:k1:") && !b.contains("Dear member")),
        "bodies are sealed at rest"
    );

    let started = Instant::now();
    let (a, b) = tokio::join!(
        api::services::mail::deliver_due(&first.state.db, &first.state.mailer),
        api::services::mail::deliver_due(&second.db, &second.mailer),
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    let took = started.elapsed();
    println!("two replicas delivered {a} + {b} messages at 0.3 s each in {took:?}");

    let ids = received.lock().unwrap().clone();
    let mut per_id: HashMap<&str, usize> = HashMap::new();
    for id in &ids {
        *per_id.entry(id.as_str()).or_default() += 1;
    }
    assert_eq!(a + b, messages, "between them the replicas sent every message");
    assert_eq!(ids.len(), messages, "the relay took each message once");
    assert_eq!(per_id.len(), messages, "each message has its own Message-ID");
    assert!(per_id.values().all(|n| *n == 1));
    assert!(a > 0 && b > 0, "both replicas took part ({a} and {b})");

    let unsent: i64 = sqlx::query_scalar("select count(*) from outbox where sent_at is null")
        .fetch_one(&first.state.db)
        .await
        .unwrap();
    assert_eq!(unsent, 0);
    let kept: i64 =
        sqlx::query_scalar("select count(*) from outbox where body <> ''").fetch_one(&first.state.db).await.unwrap();
    assert_eq!(kept, 0, "delivered bodies are emptied");
    assert_eq!(api::services::mail::deliver_due(&second.db, &second.mailer).await.unwrap(), 0, "nothing is sent again");
}

#[tokio::test]
async fn a_message_claimed_by_a_replica_that_died_is_sent_by_another_once_the_lease_runs_out() {
    let (url, received) = slow_relay(Duration::from_millis(0)).await;
    let app = TestApp::with_smtp(&url).await;
    api::services::mail::enqueue(&app.state.crypto, &app.state.db, "receipt", "a@example.com", "Receipt", "hello")
        .await
        .unwrap();
    // A replica claimed it, then died: its lease is still running.
    let later =
        (chrono::Utc::now() + chrono::Duration::minutes(1)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let claimed = api::store::outbox::claim(&app.state.db, "dead-replica", &later, 8, 10).await.unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap(), 0, "leased");
    // The lease ran out.
    sqlx::query("update outbox set claimed_until = '2000-01-01T00:00:00.000Z'").execute(&app.state.db).await.unwrap();
    assert_eq!(api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap(), 1);
    assert_eq!(received.lock().unwrap().len(), 1);
    // The dead replica's late word does not count.
    api::store::outbox::mark_failed(&app.state.db, claimed[0].outbox_id, "dead-replica", "late", &later).await.unwrap();
    let attempts: i64 = sqlx::query_scalar("select attempts from outbox").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(attempts, 1);
}

/// The drain rate of one replica, printed (`cargo test -p api --test suite outbox:: -- --nocapture`): 200 receipts against a
/// relay that takes 0.3 s a message, 16 in flight at once, so about 4 s where one at a time would take a minute.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_replica_drains_two_hundred_receipts_against_a_slow_relay_sixteen_at_a_time() {
    let (url, received) = slow_relay(Duration::from_millis(300)).await;
    let app = TestApp::with_smtp(&url).await;
    for n in 0..200 {
        let to = format!("member{n}@example.com");
        api::services::mail::enqueue(&app.state.crypto, &app.state.db, "receipt", &to, "Enrollment Receipt", "Thanks")
            .await
            .unwrap();
    }
    let started = Instant::now();
    let sent = api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    println!("one replica delivered {sent} messages at 0.3 s each in {:?}", started.elapsed());
    assert_eq!(sent, 200);
    assert_eq!(received.lock().unwrap().len(), 200);
}

#[tokio::test]
async fn a_sender_told_to_stop_finishes_the_messages_it_is_sending_and_gives_back_the_rest_for_another_at_once() {
    let (url, received) = slow_relay(Duration::from_millis(400)).await;
    let app = TestApp::with_smtp(&url).await;
    let waiting = api::services::mail::PARALLEL + 8;
    for n in 0..waiting {
        api::services::mail::enqueue(
            &app.state.crypto,
            &app.state.db,
            "receipt",
            &format!("person{n}@example.com"),
            "Receipt",
            "hello",
        )
        .await
        .unwrap();
    }
    let lifecycle = api::services::lifecycle::Lifecycle::default();
    let stopping = lifecycle.stopping();
    let (db, mailer) = (app.state.db.clone(), app.state.mailer.clone());
    let sending = tokio::spawn(async move { api::services::mail::deliver_due_until(&db, &mailer, &stopping).await });
    // Told to stop while the first messages are with the relay.
    tokio::time::sleep(Duration::from_millis(150)).await;
    lifecycle.stop_workers();
    let sent = tokio::time::timeout(Duration::from_secs(10), sending).await.expect("it stops").unwrap().unwrap();
    assert_eq!(sent, api::services::mail::PARALLEL, "the messages in flight were finished, no new one begun");
    assert_eq!(received.lock().unwrap().len(), sent);
    // The rest of its claim is free now, not when its lease would have run out.
    let rest = api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    assert_eq!(rest, waiting - sent);
    assert_eq!(received.lock().unwrap().len(), waiting, "every message was sent once");
}
