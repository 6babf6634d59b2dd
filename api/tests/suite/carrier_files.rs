//! Carriers receive what was sold: each submitted application reaches each carrier whose plans it holds once, in an
//! 834 file (ASC X12 005010X220A1) that an outside validator (pyx12's x12valid) accepts, written for the owner alone.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use crate::common::{self, Browser, TestApp};
use serde_json::json;

/// The errors pyx12's x12valid finds in a file (none: empty); under CI=true a missing validator fails the test.
fn outside_errors(file: &Path) -> String {
    let out = Command::new("python3").args(["-m", "pyx12.scripts.x12valid"]).arg(file).output().expect("python3 runs");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if said.contains("No module named") {
        assert_ne!(std::env::var("CI").as_deref(), Ok("true"), "x12valid is missing: `make x12-validator`");
        eprintln!("SKIPPED: the outside validation of {}: x12valid is missing", file.display());
        return String::new();
    }
    let ok = out.status.success() && said.contains(&format!("{}: OK", file.display())) && !said.contains("ERROR");
    if ok {
        String::new()
    } else {
        said
    }
}

/// A dental plan (Brightbite) and a prescription drug plan (another carrier), checked out and submitted with the spec's
/// calls for Dana Okafor: answers the enrollment id.
async fn submitted_with_two_carriers(b: &mut Browser<'_>) -> i64 {
    let id = b.start("IO").await;
    b.add_first_plan(id, "dental").await;
    b.add_first_plan(id, "rx").await;
    let dates = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await;
    let date = dates.ok()["result"][0].as_str().unwrap().to_string();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date, "type": "member" }))
        .await
        .ok();
    for (call, mut body) in [
        ("save-personal-info", common::personal()),
        ("save-contact-info", common::contact()),
        ("save-agreement-info", common::agreement()),
        ("save-billing-info", common::billing_eft()),
    ] {
        body["enrollment_id"] = json!(id);
        b.post(&format!("/api/v1/{call}"), body).await.ok();
    }
    let submitted = b.post("/api/v1/save-review-info", json!({ "enrollment_id": id, "first_enroll": 1 })).await;
    assert!(submitted.ok()["policy_id"].is_string(), "submitted: {}", submitted.body);
    id
}

#[tokio::test]
async fn a_submitted_application_reaches_each_of_its_carriers_once_in_a_file_the_outside_validator_accepts() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    submitted_with_two_carriers(&mut b).await;

    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (2, 2, 0), "one file for each carrier: {run:?}");
    let mut payers = Vec::new();
    for file in &run.files {
        let mode = std::fs::metadata(file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{} is the owner's alone", file.display());
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.contains("NM1*IL*1*Okafor*Dana****34*123456789~"), "the applicant with her SSN:\n{text}");
        assert!(text.contains("N4*Atlanta*GA*30301~"), "her address:\n{text}");
        assert!(text.contains("INS*Y*18*021*28*A***AC~"), "a new subscriber of the individual market:\n{text}");
        payers.push(text.lines().find(|l| l.starts_with("N1*IN*")).unwrap().to_string());
        assert_eq!(outside_errors(file), "", "x12valid accepts {}", file.display());
    }
    assert!(payers.iter().any(|p| p.starts_with("N1*IN*Brightbite Dental & Vision*FI*580000002")), "{payers:?}");
    assert!(run.files[0].starts_with(app.config.edi.dir.join("outbound")), "{:?}", run.files);

    let again = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(again, api::domain::carrier_files::Run::default(), "nothing is sent twice");
}

#[tokio::test]
async fn two_servers_batching_at_once_make_each_file_once_with_numbers_never_given_twice() {
    let app = TestApp::new().await;
    let (replica, _dir) = app.replica().await;
    for _ in 0..3 {
        let mut b = app.browser();
        submitted_with_two_carriers(&mut b).await;
    }
    let (one, two) =
        tokio::join!(api::domain::carrier_files::run_once(&app.state), api::domain::carrier_files::run_once(&replica));
    let (one, two) = (one.unwrap(), two.unwrap());
    assert_eq!(one.sent + two.sent, 6, "each application once for each carrier: {one:?} {two:?}");
    let numbers: Vec<i64> = sqlx::query_scalar("select interchange_id from edi_interchange order by interchange_id")
        .fetch_all(&app.state.db)
        .await
        .unwrap();
    let mut distinct = numbers.clone();
    distinct.dedup();
    assert_eq!(numbers, distinct);
    let in_files: i64 = sqlx::query_scalar("select count(*) from edi_transaction where status = 'sent'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(in_files, 6);
}
