//! Carriers receive what was sold: each submitted application reaches each carrier whose plans it holds once, in an
//! 834 file (ASC X12 005010X220A1) that both outside validators read, written for the owner alone.

use base64::Engine as _;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use crate::common::{self, Browser, TestApp};
use serde_json::json;

/// What the two outside validators (`scripts/validate-834`: pyx12's x12valid and LinuxForHealth x12) find wrong in
/// `file`: nothing, empty. A missing validator fails under CI=true and is said to be skipped otherwise.
pub(crate) fn outside_errors(file: &Path) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/validate-834");
    let out = Command::new(&script).arg(file).output().expect("scripts/validate-834 runs");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    match out.status.code() {
        Some(0) => String::new(),
        Some(3) => {
            assert_ne!(std::env::var("CI").as_deref(), Ok("true"), "{said}");
            eprintln!("SKIPPED: the outside validation of {}: {said}", file.display());
            String::new()
        }
        _ => said,
    }
}

/// A dental plan (Brightbite) and a prescription drug plan (another carrier), checked out and submitted with the spec's
/// calls for Dana Okafor: answers the enrollment id.
pub(crate) async fn submitted_with_two_carriers(b: &mut Browser<'_>) -> i64 {
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
async fn a_submitted_application_reaches_each_of_its_carriers_once_in_a_file_both_outside_validators_read() {
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
        // Brightbite's guide reads the basic character set in capitals; Harborstone's, the words as they were typed.
        let said = |line: &str| if text.contains("*ZZ*BRIGHTBITE ") { line.to_uppercase() } else { line.to_string() };
        assert!(text.contains(&said("NM1*IL*1*Okafor*Dana****34*123456789~")), "the applicant with her SSN:\n{text}");
        assert!(text.contains(&said("N4*Atlanta*GA*30301~")), "her address:\n{text}");
        assert!(text.contains("INS*Y*18*021*28*A***AC~"), "a new subscriber of the individual market:\n{text}");
        payers.push(text.lines().find(|l| l.starts_with("N1*IN*")).unwrap().to_string());
        assert_eq!(outside_errors(file), "", "both validators read {}", file.display());
    }
    assert!(payers.iter().any(|p| p.starts_with("N1*IN*BRIGHTBITE DENTAL & VISION*FI*580000002")), "{payers:?}");
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

/// A 999 from the carrier `receiver` about the sets of our interchange `group`: each set's ST02 and whether it is
/// accepted (a rejected set names element 9 of NM1 as an invalid code value).
fn nine_ninety_nine(receiver: &str, group: i64, sets: &[(&str, bool)]) -> String {
    let mut body = vec![format!("ST*999*0001*005010X231A1"), format!("AK1*BE*{group}*005010X220A1")];
    for (set, accepted) in sets {
        body.push(format!("AK2*834*{set}*005010X220A1"));
        if *accepted {
            body.push("IK5*A".into());
        } else {
            body.extend(["IK3*NM1*5*2100*8".to_string(), "IK4*9*67*7".into(), "IK5*R*5".into()]);
        }
    }
    body.push(format!("AK9*P*{0}*{0}*1", sets.len()));
    body.push(format!("SE*{}*0001", body.len() + 1));
    let receiver = format!("{receiver:<15}");
    format!(
        "ISA*00*          *00*          *ZZ*{receiver}*ZZ*BENEFITSTORE   *261127*0900*^*00501*000000900*0*T*:~\n\
         GS*FA*{}*BENEFITSTORE*20261127*0900*900*X*005010X231A1~\n{}~\nGE*1*900~\nIEA*1*000000900~\n",
        receiver.trim(),
        body.join("~\n")
    )
}

#[tokio::test]
async fn acknowledgements_accept_or_reject_each_application_with_the_reason_and_delete_the_answered_file() {
    let app = TestApp::new().await;
    for _ in 0..2 {
        let mut b = app.browser();
        submitted_with_two_carriers(&mut b).await;
    }
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent), (2, 4));
    let dental = run.files.iter().find(|f| f.to_string_lossy().contains("BRIGHTBITE")).unwrap().clone();
    let other = run.files.iter().find(|f| !f.to_string_lossy().contains("BRIGHTBITE")).unwrap().clone();
    let interchange = |file: &std::path::Path| -> i64 {
        let text = std::fs::read_to_string(file).unwrap();
        text.lines().next().unwrap().split('*').nth(13).unwrap().parse().unwrap()
    };
    let (dental_id, other_id) = (interchange(&dental), interchange(&other));

    // The dental carrier's 999, left in the inbound folder, with a file that is not an acknowledgement beside it.
    let inbound = app.config.edi.dir.join("inbound");
    std::fs::create_dir_all(&inbound).unwrap();
    std::fs::write(
        inbound.join("ack.999"),
        nine_ninety_nine("BRIGHTBITE", dental_id, &[("0001", true), ("0002", false)]),
    )
    .unwrap();
    std::fs::write(inbound.join("notes.txt"), "hello").unwrap();
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert!(!inbound.join("ack.999").exists(), "an acknowledgement read is not kept");
    assert!(inbound.join("unreadable/notes.txt").exists(), "what does not read is set aside");
    assert!(!dental.exists(), "a file whose applications are all answered leaves the drop folder");
    assert!(other.exists(), "a file not yet answered stays");
    let statuses: Vec<(String, Option<String>)> =
        sqlx::query_as("select status, reason from edi_transaction where interchange_id = $1 order by set_control")
            .bind(dental_id)
            .fetch_all(&app.state.db)
            .await
            .unwrap();
    assert_eq!(statuses[0], ("accepted".to_string(), None));
    assert_eq!(statuses[1].0, "rejected");
    assert_eq!(
        statuses[1].1.as_deref(),
        Some("segment NM1 at 5: segment has data element errors; element 9: invalid code value; segments in error")
    );

    // The other carrier rejects its whole file (TA1).
    let other_carrier =
        std::fs::read_to_string(&other).unwrap().lines().next().unwrap().split('*').nth(8).unwrap().to_string();
    let ta1 = format!(
        "ISA*00*          *00*          *ZZ*{other_carrier}*ZZ*BENEFITSTORE   *261127*0900*^*00501*000000901*0*T*:~\
         TA1*{other_id:09}*261126*1030*R*006~IEA*0*000000901~"
    );
    let said = api::domain::carrier_files::ingest(&app.state, &ta1, None).await.unwrap();
    assert_eq!(said, api::domain::carrier_files::Ingested::default(), "a TA1 counts no set by itself");
    let rejected: i64 = sqlx::query_scalar(
        "select count(*) from edi_transaction where interchange_id = $1 and status = 'rejected' \
         and reason = 'the interchange was rejected: the sender''s id is not valid (TA1 note code 006)'",
    )
    .bind(other_id)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(rejected, 2);

    // What no acknowledgement accepted, carrier by carrier.
    let brightbite = api::domain::carrier_files::carrier_named(&app.state, "brightbite").unwrap();
    let open = api::domain::carrier_files::reconcile(&app.state, brightbite, std::time::Duration::ZERO).await.unwrap();
    assert_eq!(open.len(), 1, "the rejected application only: {open:?}");
    let policy_id = open[0].policy_id.clone().unwrap();
    let audit = format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(common::AUDIT_AUTH));
    let view = app.browser().get_with(&format!("/api/v1/applications/{policy_id}"), &[("authorization", &audit)]).await;
    let files = view.ok()["carrier_files"].as_array().unwrap().clone();
    let dental_file = files.iter().find(|f| f["carrier_name"] == "Brightbite Dental & Vision").unwrap();
    assert_eq!(dental_file["status"], "rejected", "the audit view shows the rejection: {files:?}");
    assert!(dental_file["reason"].as_str().unwrap().contains("invalid code value"));
    let unknown = api::domain::carrier_files::ingest(
        &app.state,
        &nine_ninety_nine("BRIGHTBITE", 999_999, &[("0001", true)]),
        None,
    )
    .await
    .unwrap();
    assert_eq!(unknown.unknown, 1, "an answer about a file this store never sent is counted, not recorded");
}

/// Two applications' files, one for each of their two carriers: (dental file, its interchange, the other file, its
/// interchange, its carrier's receiver id).
async fn two_files(app: &TestApp) -> (std::path::PathBuf, i64, std::path::PathBuf, i64, String) {
    submitted_with_two_carriers(&mut app.browser()).await;
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let dental = run.files.iter().find(|f| f.to_string_lossy().contains("BRIGHTBITE")).unwrap().clone();
    let other = run.files.iter().find(|f| !f.to_string_lossy().contains("BRIGHTBITE")).unwrap().clone();
    let isa = |file: &std::path::Path, n: usize| -> String {
        std::fs::read_to_string(file).unwrap().lines().next().unwrap().split('*').nth(n).unwrap().trim().to_string()
    };
    let (dental_id, other_id) = (isa(&dental, 13).parse().unwrap(), isa(&other, 13).parse().unwrap());
    let other_carrier = isa(&other, 8);
    (dental, dental_id, other, other_id, other_carrier)
}

async fn status_of(app: &TestApp, interchange: i64) -> (String, Option<String>) {
    sqlx::query_as("select status, reason from edi_transaction where interchange_id = $1")
        .bind(interchange)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_acknowledgement_from_another_carrier_naming_our_file_is_kept_for_a_person_and_never_applied() {
    let app = TestApp::new().await;
    let (dental, dental_id, _, _, other_carrier) = two_files(&app).await;
    let inbound = app.config.edi.dir.join("inbound");
    std::fs::create_dir_all(&inbound).unwrap();
    // The other carrier (a real trading partner of ours) rejects Brightbite's file by its control number, in its own
    // envelope; then an answer in Brightbite's name but addressed to another store.
    std::fs::write(inbound.join("spoof.999"), nine_ninety_nine(&other_carrier, dental_id, &[("0001", false)])).unwrap();
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(status_of(&app, dental_id).await, ("sent".to_string(), None), "not applied");
    assert!(dental.exists(), "the carrier's drop folder keeps its file");
    assert!(!inbound.join("spoof.999").exists());
    assert!(inbound.join("foreign/spoof.999").exists(), "kept for a person");
    let elsewhere =
        nine_ninety_nine("BRIGHTBITE", dental_id, &[("0001", true)]).replace("BENEFITSTORE", "ANOTHERSTORE");
    let said = api::domain::carrier_files::ingest(&app.state, &elsewhere, None).await.unwrap();
    assert_eq!((said.foreign, said.accepted), (1, 0), "an answer addressed to another store: {said:?}");
    assert_eq!(status_of(&app, dental_id).await.0, "sent");
    let kept: Vec<(String, String, String)> = sqlx::query_as(
        "select sender, outcome, coalesce(source, '') from edi_acknowledgement where interchange_id = $1 \
         order by edi_acknowledgement_id",
    )
    .bind(dental_id)
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    assert_eq!(
        kept,
        [
            (other_carrier.clone(), "foreign".to_string(), "spoof.999".to_string()),
            ("BRIGHTBITE".to_string(), "foreign".to_string(), String::new())
        ]
    );

    // Brightbite's own answer is applied.
    let said = api::domain::carrier_files::ingest(
        &app.state,
        &nine_ninety_nine("BRIGHTBITE", dental_id, &[("0001", true)]),
        None,
    )
    .await
    .unwrap();
    assert_eq!((said.accepted, said.foreign), (1, 0));
    assert_eq!(status_of(&app, dental_id).await.0, "accepted");
}

#[tokio::test]
async fn a_later_answer_never_overturns_the_first_and_the_audit_view_shows_every_answer_with_what_became_of_it() {
    let app = TestApp::new().await;
    let (_, dental_id, _, other_id, other_carrier) = two_files(&app).await;
    // Accepted with errors noted: taken, with the carrier's notes as the reason.
    let with_errors = nine_ninety_nine("BRIGHTBITE", dental_id, &[("0001", true)])
        .replace("IK5*A", "IK3*DMG*12*2100*8~\nIK4*3*1251*8~\nIK5*E*5");
    let said = api::domain::carrier_files::ingest(&app.state, &with_errors, None).await.unwrap();
    assert_eq!((said.accepted, said.with_errors), (1, 1));
    let taken = (
        "accepted".to_string(),
        Some(
            "segment DMG at 12: segment has data element errors; element 3: invalid date; segments in error"
                .to_string(),
        ),
    );
    assert_eq!(status_of(&app, dental_id).await, taken);
    // The same answer again changes nothing; a rejection of the same set later is kept and reported, not applied.
    let again = api::domain::carrier_files::ingest(&app.state, &with_errors, None).await.unwrap();
    assert_eq!(again, api::domain::carrier_files::Ingested::default());
    let later = nine_ninety_nine("BRIGHTBITE", dental_id, &[("0001", false)]);
    let said = api::domain::carrier_files::ingest(&app.state, &later, None).await.unwrap();
    assert_eq!((said.conflicting, said.rejected), (1, 0));
    assert_eq!(status_of(&app, dental_id).await, taken, "the first answer stands");

    // Both groups of one interchange are read: the other carrier's AK9 rejects its whole file, naming no set.
    let whole = format!(
        "ISA*00*          *00*          *ZZ*{other_carrier:<15}*ZZ*BENEFITSTORE   *261127*0900*^*00501*000000902*0*T*:~\
         GS*FA*{other_carrier}*BENEFITSTORE*20261127*0900*902*X*005010X231A1~ST*999*0001*005010X231A1~\
         AK1*BE*{other_id}*005010X220A1~AK9*R*1*1*0*5~SE*4*0001~GE*1*902~IEA*1*000000902~"
    );
    let said = api::domain::carrier_files::ingest(&app.state, &whole, None).await.unwrap();
    assert_eq!(said, api::domain::carrier_files::Ingested::default(), "a whole answer counts no set by itself");
    assert_eq!(
        status_of(&app, other_id).await,
        (
            "rejected".to_string(),
            Some("the functional group was rejected: number of included sets does not match the count".to_string())
        )
    );

    let policy_id: String = sqlx::query_scalar(
        "select e.policy_id from enrollment e join edi_transaction t on t.enrollment_id = e.enrollment_id \
         where t.interchange_id = $1",
    )
    .bind(dental_id)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let audit = format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(common::AUDIT_AUTH));
    let view = app.browser().get_with(&format!("/api/v1/applications/{policy_id}"), &[("authorization", &audit)]).await;
    let files = view.ok()["carrier_files"].as_array().unwrap().clone();
    let dental = files.iter().find(|f| f["carrier_name"] == "Brightbite Dental & Vision").unwrap();
    let answers: Vec<(String, String)> = dental["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["verdict"].as_str().unwrap().to_string(), a["outcome"].as_str().unwrap().to_string()))
        .collect();
    let pairs = |v: &[(&str, &str)]| v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
    assert_eq!(
        answers,
        pairs(&[
            ("accepted_with_errors", "applied"),
            ("accepted_with_errors", "repeated"),
            ("rejected", "conflicting")
        ])
    );
    let other = files.iter().find(|f| f["carrier_name"] != "Brightbite Dental & Vision").unwrap();
    assert_eq!(other["answers"][0]["kind"], "999");
    assert_eq!(other["answers"][0]["outcome"], "applied");
}

#[tokio::test]
async fn an_application_a_carrier_rejected_is_sent_again_in_a_new_file_and_the_rejection_stays_in_its_audit_view() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    submitted_with_two_carriers(&mut b).await;
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let dental = run.files.iter().find(|f| f.to_string_lossy().contains("BRIGHTBITE")).unwrap().clone();
    let first = std::fs::read_to_string(&dental).unwrap();
    let interchange: i64 = first.lines().next().unwrap().split('*').nth(13).unwrap().parse().unwrap();
    api::domain::carrier_files::ingest(
        &app.state,
        &nine_ninety_nine("BRIGHTBITE", interchange, &[("0001", false)]),
        None,
    )
    .await
    .unwrap();
    let brightbite = api::domain::carrier_files::carrier_named(&app.state, "brightbite").unwrap();
    let open = api::domain::carrier_files::reconcile(&app.state, brightbite, std::time::Duration::ZERO).await.unwrap();
    let policy_id = open[0].policy_id.clone().unwrap();

    // Sent again: to the carrier that rejected it only, in a file of its own with a new control number.
    let resent = api::domain::carrier_files::resend(&app.state, &policy_id, "ops@benefitstore (enroll edi resend)");
    assert_eq!(resent.await.unwrap(), 1);
    let again = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((again.files.len(), again.sent), (1, 1), "{again:?}");
    let second = std::fs::read_to_string(&again.files[0]).unwrap();
    assert!(second.contains("N1*IN*BRIGHTBITE DENTAL & VISION*FI*580000002~"), "{second}");
    assert!(second.contains("INS*Y*18*021*28*A***AC~"), "an addition again:\n{second}");
    let renumbered: i64 = second.lines().next().unwrap().split('*').nth(13).unwrap().parse().unwrap();
    assert!(renumbered > interchange, "a control number never given before");
    assert_eq!(outside_errors(&again.files[0]), "");
    assert_eq!(
        api::domain::carrier_files::resend(&app.state, &policy_id, "ops").await.unwrap(),
        0,
        "sent, not rejected"
    );

    let audit = format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(common::AUDIT_AUTH));
    let view = app.browser().get_with(&format!("/api/v1/applications/{policy_id}"), &[("authorization", &audit)]).await;
    let dental_files: Vec<_> = view.ok()["carrier_files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["carrier_name"] == "Brightbite Dental & Vision")
        .cloned()
        .collect();
    assert_eq!(dental_files.len(), 2, "the rejection, then the new attempt: {dental_files:?}");
    assert_eq!(dental_files[0]["status"], "rejected");
    assert_eq!(dental_files[0]["interchange"], interchange);
    assert_eq!(dental_files[0]["resent"]["by"], "ops@benefitstore (enroll edi resend)");
    assert_eq!(
        (dental_files[1]["status"].clone(), dental_files[1]["interchange"].clone()),
        (json!("sent"), json!(renumbered))
    );
    assert!(dental_files[1].get("resent").is_none());

    let unknown = api::domain::carrier_files::resend(&app.state, "NOSUCHPOLICY", "ops").await.err().unwrap();
    assert_eq!(unknown.to_string(), "no submitted application NOSUCHPOLICY");
}

#[tokio::test]
async fn an_application_cancelled_in_its_free_look_period_reaches_its_carriers_as_a_cancellation() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let sent = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((sent.files.len(), sent.sent), (2, 2), "the addition, to each carrier");
    // Dental has 30 days, prescription drugs 10: the application takes the shorter.
    let until = (chrono::Local::now().date_naive() + chrono::Days::new(10)).format("%m/%d/%Y").to_string();
    let receipt = b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await;
    assert_eq!(receipt.ok()["cancel_until"], until.as_str());

    let stranger =
        app.browser().post("/api/v1/cancel-application", json!({ "enrollment_id": id, "reason": "x" })).await;
    assert_eq!(stranger.status, axum::http::StatusCode::NOT_FOUND, "only the application's own session cancels it");
    let silent = b.post("/api/v1/cancel-application", json!({ "enrollment_id": id, "reason": "  " })).await;
    assert_eq!(silent.first_error(), ("reason".into(), "Please tell us why you are cancelling".into()));
    let cancelled =
        b.post("/api/v1/cancel-application", json!({ "enrollment_id": id, "reason": "Found coverage at work" })).await;
    let today = chrono::Local::now().date_naive().format("%m/%d/%Y").to_string();
    assert_eq!(cancelled.ok()["cancelled_on"], today.as_str());
    assert_eq!(cancelled.ok()["by"], "the applicant");
    let again = b.post("/api/v1/cancel-application", json!({ "enrollment_id": id, "reason": "again" })).await;
    assert_eq!(again.status, axum::http::StatusCode::CONFLICT);
    assert_eq!(again.body["message"], format!("This application was already cancelled on {today}"));
    let receipt = b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await;
    assert_eq!(receipt.ok()["cancel_until"], serde_json::Value::Null);
    assert_eq!(receipt.ok()["cancellation"]["reason"], "Found coverage at work");
    assert_eq!(
        receipt.ok()["next_steps"][0],
        format!("Each carrier of this application is told that it was cancelled on {today}.").as_str(),
        "what happens next is the cancellation's"
    );

    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent), (2, 2), "the cancellation, to each carrier in a file of its own");
    let last_day = chrono::Local::now().date_naive().format("%Y%m%d").to_string();
    for file in &run.files {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.contains("INS*Y*18*024*14*A***AC~"), "a cancellation of the subscriber:\n{text}");
        assert!(!text.contains("INS*Y*18*021"), "no addition beside it:\n{text}");
        // Coverage ends today, or never starts when it was to start later: its last day is its first.
        let dates: Vec<&str> =
            text.split("INS*Y*18*024").nth(1).unwrap().lines().filter(|l| l.starts_with("DTP*34")).collect();
        let first = dates[0].trim_start_matches("DTP*348*D8*").trim_end_matches('~');
        assert_eq!(dates[1], format!("DTP*349*D8*{}~", first.max(last_day.as_str())), "{text}");
        assert_eq!(outside_errors(file), "", "both validators read {}", file.display());
    }
}

#[tokio::test]
async fn an_application_cancelled_before_any_file_held_it_never_reaches_its_carriers() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let draft = b.start("IO").await;
    let early =
        b.post("/api/v1/cancel-application", json!({ "enrollment_id": draft, "reason": "Changed my mind" })).await;
    assert_eq!(early.status, axum::http::StatusCode::CONFLICT);
    assert_eq!(early.body["message"], "This application has not been submitted yet: there is nothing to cancel");
    let id = submitted_with_two_carriers(&mut b).await;
    let cancelled =
        b.post("/api/v1/cancel-application", json!({ "enrollment_id": id, "reason": "Changed my mind" })).await;
    assert_eq!(cancelled.ok()["by"], "the applicant");
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent), (0, 0), "neither the addition nor a cancellation is sent: {run:?}");
    let policy_id = cancelled.ok()["policy_id"].as_str().map(str::to_string);
    let policy_id = match policy_id {
        Some(p) => p,
        None => sqlx::query_scalar("select policy_id from enrollment where enrollment_id = $1")
            .bind(id)
            .fetch_one(&app.state.db)
            .await
            .unwrap(),
    };
    let audit = format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(common::AUDIT_AUTH));
    let view = app.browser().get_with(&format!("/api/v1/applications/{policy_id}"), &[("authorization", &audit)]).await;
    let files = view.ok()["carrier_files"].as_array().unwrap().clone();
    assert_eq!(files.len(), 2, "{files:?}");
    for file in &files {
        assert_eq!(file["status"], "withdrawn", "{files:?}");
        assert_eq!(file["reason"], "the application was cancelled before it was sent");
    }
    let brightbite = api::domain::carrier_files::carrier_named(&app.state, "brightbite").unwrap();
    let open = api::domain::carrier_files::reconcile(&app.state, brightbite, std::time::Duration::ZERO).await.unwrap();
    assert!(open.is_empty(), "nothing waits for the carrier's answer: {open:?}");
}

#[tokio::test]
async fn after_its_free_look_period_an_application_is_not_cancelled_here() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let long_ago = (chrono::Utc::now() - chrono::Duration::days(11)).to_rfc3339();
    sqlx::query("update enrollment_tab set updated_at = $1 where enrollment_id = $2 and tab_name = 'review_info'")
        .bind(&long_ago)
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
    let receipt = b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await;
    assert_eq!(receipt.ok()["cancel_until"], serde_json::Value::Null);
    let late = b.post("/api/v1/cancel-application", json!({ "enrollment_id": id, "reason": "Too late" })).await;
    assert_eq!(late.status, axum::http::StatusCode::CONFLICT);
    let ended = (chrono::Local::now().date_naive() - chrono::Days::new(1)).format("%m/%d/%Y").to_string();
    assert_eq!(
        late.body["message"],
        format!("The free-look period of this application ended on {ended}: please call us to cancel your coverage")
    );
}

#[tokio::test]
async fn a_carriers_monthly_verify_file_lists_every_application_it_holds_and_none_cancelled() {
    let app = TestApp::new().await;
    let mut kept = app.browser();
    submitted_with_two_carriers(&mut kept).await;
    let mut left = app.browser();
    let cancelled = submitted_with_two_carriers(&mut left).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    left.post("/api/v1/cancel-application", json!({ "enrollment_id": cancelled, "reason": "Changed my mind" }))
        .await
        .ok();

    let brightbite = api::domain::carrier_files::carrier_named(&app.state, "BRIGHTBITE").unwrap();
    let now = chrono::Utc::now().to_rfc3339();
    let month = chrono::Local::now().format("%Y-%m").to_string();
    let held = api::domain::carrier_files::verify(&app.state, brightbite, &month, &now).await.unwrap();
    assert_eq!(held, 1, "the application still held; not the cancelled one");
    assert_eq!(
        api::domain::carrier_files::verify(&app.state, brightbite, &month, &now).await.unwrap(),
        0,
        "once a month"
    );
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let verify = run
        .files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .find(|text| text.contains("****4~"))
        .expect("the verify file is delivered");
    assert_eq!(verify.matches("INS*Y*18*030*XN*A***AC~").count(), 1, "{verify}");
    let file = run.files.iter().find(|f| std::fs::read_to_string(f).unwrap() == verify).unwrap();
    assert_eq!(outside_errors(file), "", "both validators read {}", file.display());
}

#[tokio::test]
async fn a_verify_file_for_a_carrier_of_an_employer_and_of_the_individual_market_holds_a_set_for_each_with_its_own_reference(
) {
    let app = TestApp::new().await;
    let mut individual = app.browser();
    submitted_with_two_carriers(&mut individual).await;
    let mut employee = app.browser();
    let id = crate::completeness::ready_to_submit(&app, &mut employee).await;
    let done = employee
        .post(&format!("/api/v1/enrollment/{id}/step/review_info"), json!({ "action": "next", "formData": {} }))
        .await;
    assert_eq!(done.ok()["redirect"], "/enrollment/receipt");
    api::domain::carrier_files::run_once(&app.state).await.unwrap();

    let harborstone = api::domain::carrier_files::carrier_named(&app.state, "HARBORSTONE").unwrap();
    let now = chrono::Utc::now().to_rfc3339();
    let month = chrono::Local::now().format("%Y-%m").to_string();
    let held = api::domain::carrier_files::verify(&app.state, harborstone, &month, &now).await.unwrap();
    assert_eq!(held, 2, "the individual's prescription plan and the employee's hospital plan");
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let file = run.files.iter().find(|f| std::fs::read_to_string(f).unwrap().contains("****4~")).expect("delivered");
    let text = std::fs::read_to_string(file).unwrap();
    let sponsors: Vec<&str> = text.lines().filter(|l| l.starts_with("N1*P5*")).collect();
    assert_eq!(sponsors, ["N1*P5*Benefit Store*FI*990123456~", "N1*P5*Peachtree Logistics*FI*581234556~"], "{text}");
    let references: std::collections::BTreeSet<&str> =
        text.lines().filter(|l| l.starts_with("BGN*")).map(|l| l.split('*').nth(2).unwrap()).collect();
    assert_eq!(references.len(), 2, "each set its own reference, as a carrier matches its answers to them:\n{text}");
    assert_eq!(text.matches("ST*834*").count(), 2);
    assert!(text.contains("GE*2*"), "two sets in the one group:\n{text}");
    assert_eq!(outside_errors(file), "", "both validators read {}", file.display());
}

/// A real OpenSSH server on loopback, with a folder to put files in, for this test alone (stopped when dropped).
struct SshServer {
    child: std::process::Child,
    dir: std::path::PathBuf,
    port: u16,
    host_key: String,
    client_key: std::path::PathBuf,
    user: String,
}

impl Drop for SshServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Starts `sshd` on a free port; none (the test says it was skipped) when OpenSSH's server is not installed or this
/// user cannot run it, which under CI=true fails instead.
fn ssh_server() -> Option<SshServer> {
    let ci = std::env::var("CI").as_deref() == Ok("true");
    let skip = |why: &str| {
        assert!(!ci, "the SFTP test cannot run under CI=true: {why}");
        eprintln!("SKIPPED: delivery over SFTP: {why}");
        None
    };
    if !Path::new("/usr/sbin/sshd").exists() {
        return skip("openssh-server is not installed (make test installs it)");
    }
    let dir = std::env::temp_dir().join(format!("enroll-sshd-{}", rand::random::<u64>()));
    std::fs::create_dir_all(dir.join("inbound")).unwrap();
    for key in ["host_key", "client_key"] {
        let made = Command::new("ssh-keygen").args(["-q", "-t", "ed25519", "-N", "", "-f"]).arg(dir.join(key)).status();
        assert!(made.unwrap().success());
    }
    std::fs::copy(dir.join("client_key.pub"), dir.join("authorized_keys")).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let config = format!(
        "Port {port}\nListenAddress 127.0.0.1\nHostKey {d}/host_key\nAuthorizedKeysFile {d}/authorized_keys\n\
         PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\nUsePAM no\n\
         StrictModes no\nPidFile {d}/sshd.pid\nSubsystem sftp internal-sftp\n",
        d = dir.display()
    );
    std::fs::write(dir.join("sshd_config"), config).unwrap();
    // sshd's privilege separation needs its empty folder.
    let _ = std::fs::create_dir_all("/run/sshd");
    let child = Command::new("/usr/sbin/sshd")
        .args(["-D", "-e", "-f"])
        .arg(dir.join("sshd_config"))
        .stderr(std::process::Stdio::null())
        .spawn();
    let Ok(child) = child else { return skip("sshd could not be started") };
    let started = std::time::Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if started.elapsed() > std::time::Duration::from_secs(10) {
            return skip("sshd did not listen (it needs root here)");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let host_key = std::fs::read_to_string(dir.join("host_key.pub")).unwrap();
    let host_key = host_key.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    let user = String::from_utf8(Command::new("id").arg("-un").output().unwrap().stdout).unwrap().trim().to_string();
    Some(SshServer { child, port, host_key, client_key: dir.join("client_key"), user, dir })
}

/// The app's state with the dental carrier (Brightbite) taking its files on `server`, pinned to `host_key`.
fn with_sftp(app: &TestApp, server: &SshServer, host_key: &str) -> api::state::AppState {
    let mut shared = (*app.state).clone();
    let mut catalogue = (*shared.catalogue).clone();
    let carrier = catalogue.carriers.get_mut(&2).unwrap();
    let mut edi = carrier.edi();
    edi.sftp = Some(engine::catalogue::SftpTarget {
        host: "127.0.0.1".into(),
        port: server.port,
        user: server.user.clone(),
        dir: server.dir.join("inbound").display().to_string(),
        host_key: host_key.into(),
    });
    carrier.edi = Some(edi);
    shared.catalogue = std::sync::Arc::new(catalogue);
    shared.edi.sftp_key = server.client_key.clone();
    api::state::AppState::new(shared)
}

#[tokio::test]
async fn a_carrier_with_an_sftp_server_receives_its_file_there_only_from_the_server_it_pinned() {
    let Some(server) = ssh_server() else { return };
    let app = TestApp::new().await;
    let mut b = app.browser();
    submitted_with_two_carriers(&mut b).await;

    // A server that is not the one pinned gets nothing; the file waits for the next run.
    let impostor =
        with_sftp(&app, &server, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHc0bW9jay1ub3QtdGhlLWNhcnJpZXJzLWtleS0tLS0t");
    let refused = api::domain::carrier_files::run_once(&impostor).await.unwrap();
    assert_eq!((refused.files.len(), refused.undelivered), (1, 1), "the other carrier's drop folder only: {refused:?}");
    assert_eq!(std::fs::read_dir(server.dir.join("inbound")).unwrap().count(), 0);

    let state = with_sftp(&app, &server, &server.host_key);
    let run = api::domain::carrier_files::run_once(&state).await.unwrap();
    assert_eq!(run.files.len(), 1, "{run:?}");
    assert!(run.files[0].to_string_lossy().starts_with("sftp://127.0.0.1:"), "{run:?}");
    let put: Vec<_> = std::fs::read_dir(server.dir.join("inbound")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(put.len(), 1, "one whole file, nothing left beside it: {put:?}");
    let text = std::fs::read_to_string(&put[0]).unwrap();
    assert!(text.contains("N1*IN*BRIGHTBITE DENTAL & VISION*FI*580000002~"), "{text}");
    assert_eq!(std::fs::metadata(&put[0]).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(outside_errors(&put[0]), "");
    assert_eq!(api::domain::carrier_files::run_once(&state).await.unwrap(), api::domain::carrier_files::Run::default());
}

#[tokio::test]
async fn an_application_that_cannot_be_written_is_set_aside_with_a_reason_that_quotes_nothing_of_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    // A stored Personal Information that no longer reads as its form (a number where a name is).
    sqlx::query("update enrollment_tab set data = $1 where enrollment_id = $2 and tab_name = 'primary_info'")
        .bind(r#"{"first_name": 987654321, "last_name": "Okafor"}"#)
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.failed), (0, 2), "{run:?}");
    let reasons: Vec<String> =
        sqlx::query_scalar("select reason from edi_transaction where enrollment_id = $1 and status = 'failed'")
            .bind(id)
            .fetch_all(&app.state.db)
            .await
            .unwrap();
    assert_eq!(reasons, vec!["the stored Personal Information does not read as its form's fields"; 2]);
}

/// A GnuPG home of a test's own: its agent is stopped and the folder removed when the test ends.
struct GpgHome(std::path::PathBuf);

impl std::ops::Deref for GpgHome {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for GpgHome {
    fn drop(&mut self) {
        let _ = Command::new("gpgconf").arg("--homedir").arg(&self.0).args(["--kill", "gpg-agent"]).status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A carrier's own OpenPGP key made by GnuPG in a home of its own (`usage`: "default" adds an encryption subkey,
/// "sign" makes a key that only signs): answers the home and the armored public key. None (the test says it was
/// skipped) when GnuPG is missing, which under CI=true fails instead.
fn carrier_gpg_key(usage: &str) -> Option<(GpgHome, String)> {
    if Command::new("gpg").arg("--version").output().is_err() {
        assert_ne!(std::env::var("CI").as_deref(), Ok("true"), "GnuPG is missing: `make sshd` installs it");
        eprintln!("SKIPPED: encrypted delivery: GnuPG is missing");
        return None;
    }
    let home = std::env::temp_dir().join(format!("enroll-gpg-{}", rand::random::<u64>()));
    std::fs::create_dir_all(&home).unwrap();
    std::fs::set_permissions(&home, std::fs::Permissions::from_mode(0o700)).unwrap();
    let gpg = |args: &[&str]| {
        let out = Command::new("gpg").arg("--homedir").arg(&home).args(["--batch", "--quiet"]).args(args).output();
        let out = out.unwrap();
        assert!(out.status.success(), "gpg {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    let algorithm = if usage == "sign" { "ed25519" } else { "future-default" };
    gpg(&["--passphrase", "", "--quick-gen-key", "Brightbite EDI <edi@brightbite.example>", algorithm, usage, "never"]);
    let public = String::from_utf8(gpg(&["--armor", "--export", "edi@brightbite.example"])).unwrap();
    Some((GpgHome(home), public))
}

/// The app's state with the dental carrier (Brightbite) taking its files encrypted to `key`.
fn with_pgp_key(app: &TestApp, key: &str) -> api::state::AppState {
    let mut shared = (*app.state).clone();
    let mut catalogue = (*shared.catalogue).clone();
    let carrier = catalogue.carriers.get_mut(&2).unwrap();
    let mut edi = carrier.edi();
    edi.pgp_key = Some(key.into());
    carrier.edi = Some(edi);
    shared.catalogue = std::sync::Arc::new(catalogue);
    api::state::AppState::new(shared)
}

#[tokio::test]
async fn a_carrier_that_asks_for_encryption_receives_a_file_only_its_own_key_opens() {
    let Some((home, public)) = carrier_gpg_key("default") else { return };
    let app = TestApp::new().await;
    let mut b = app.browser();
    submitted_with_two_carriers(&mut b).await;

    let state = with_pgp_key(&app, &public);
    let run = api::domain::carrier_files::run_once(&state).await.unwrap();
    assert_eq!(run.files.len(), 2, "{run:?}");
    let (encrypted, plain): (Vec<_>, Vec<_>) =
        run.files.iter().partition(|f| f.extension().is_some_and(|e| e == "pgp"));
    assert_eq!((encrypted.len(), plain.len()), (1, 1), "the other carrier asked for nothing: {run:?}");
    let sealed = std::fs::read(encrypted[0]).unwrap();
    assert_eq!(std::fs::metadata(encrypted[0]).unwrap().permissions().mode() & 0o777, 0o600);
    assert!(
        !String::from_utf8_lossy(&sealed).contains("Okafor") && !sealed.windows(9).any(|w| w == b"123456789"),
        "nothing of the file reads without the key"
    );

    // The carrier's own GnuPG opens it, and what it opens is the 834 the validator accepts.
    let opened = Command::new("gpg")
        .arg("--homedir")
        .arg(&*home)
        .args(["--batch", "--quiet", "--decrypt"])
        .arg(encrypted[0])
        .output()
        .unwrap();
    assert!(opened.status.success(), "gpg --decrypt: {}", String::from_utf8_lossy(&opened.stderr));
    let text = String::from_utf8(opened.stdout).unwrap();
    assert!(text.starts_with("ISA*") && text.contains("N1*IN*BRIGHTBITE DENTAL & VISION*FI*580000002~"), "{text}");
    let copy = home.join(encrypted[0].file_stem().unwrap());
    std::fs::write(&copy, &text).unwrap();
    assert_eq!(outside_errors(&copy), "");

    // Another key (a stranger's) does not open it.
    let Some((stranger, _)) = carrier_gpg_key("default") else { return };
    let refused =
        Command::new("gpg").arg("--homedir").arg(&*stranger).args(["--batch", "--decrypt"]).arg(encrypted[0]).output();
    assert!(!refused.unwrap().status.success(), "only the carrier's key opens its file");
}

#[tokio::test]
async fn a_carrier_key_that_cannot_encrypt_or_is_no_key_at_all_is_refused_in_words() {
    let Some((home, signing_only)) = carrier_gpg_key("sign") else { return };
    let refused = api::services::edi::carrier_key(&signing_only).err().expect("a key that only signs is refused");
    assert_eq!(
        refused.to_string(),
        "the carrier's key has no part that may encrypt files (no encryption subkey that is neither revoked nor expired)"
    );
    let not_a_key = api::services::edi::carrier_key("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nAAAA\n").err().unwrap();
    assert_eq!(not_a_key.to_string(), "the carrier's key is not an OpenPGP public key");
    drop(home);

    // A catalogue whose carrier names such a key does not load: the server says so when it starts, not at a delivery.
    let app = TestApp::new().await;
    let mut carrier = app.state.catalogue.carriers[&2].clone();
    let mut edi = carrier.edi();
    edi.pgp_key = Some(signing_only);
    carrier.edi = Some(edi);
    sqlx::query("update carrier set document = $1 where carrier_id = 2")
        .bind(serde_json::to_string(&carrier).unwrap())
        .execute(&app.state.db)
        .await
        .unwrap();
    let load = api::services::catalogue::Catalogue::load(&app.state.db).await.err().expect("not loaded");
    assert_eq!(
        format!("{load:#}"),
        "carrier 2 (Brightbite Dental & Vision): its OpenPGP key: the carrier's key has no part that may encrypt files \
         (no encryption subkey that is neither revoked nor expired)"
    );
}

#[tokio::test]
async fn an_employees_application_reaches_the_carrier_under_the_employer_with_the_spouse_as_a_member() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = crate::completeness::ready_to_submit(&app, &mut b).await;
    let done =
        b.post(&format!("/api/v1/enrollment/{id}/step/review_info"), json!({ "action": "next", "formData": {} })).await;
    assert_eq!(done.ok()["redirect"], "/enrollment/receipt");
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent), (2, 2), "the accident carrier and the hospital carrier: {run:?}");
    for file in &run.files {
        let text = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.contains(&"N1*P5*Peachtree Logistics*FI*581234556~"), "the employer, by its tax id:\n{text}");
        assert!(lines.contains(&"INS*Y*18*021*28*A***FT~"), "a full-time employee, the subscriber:\n{text}");
        assert!(lines.contains(&"DTP*336*D8*20190301~"), "employed since the day the employee said:\n{text}");
        let spouse = lines.iter().position(|l| *l == "INS*N*01*021*28*A~").expect("the spouse is a member");
        let spouses: Vec<&str> = lines[spouse..].iter().copied().take_while(|l| !l.starts_with("SE*")).collect();
        assert!(spouses.contains(&"NM1*IL*1*Okafor*Sam****34*219099999~"), "with the spouse's own SSN:\n{text}");
        assert!(spouses.contains(&"DMG*D8*19850214*M~"), "{text}");
        assert_eq!(lines.iter().filter(|l| l.ends_with("*ESP~")).count(), 2, "employee and spouse covered:\n{text}");
        // The accident plan pays the people the employee named; the hospital plan pays the employee.
        let accident = text.contains("HD*021**AH*");
        assert_eq!(text.contains("N1*75*BENEFICIARY~"), accident, "beneficiaries go with the accident plan:\n{text}");
        assert_eq!(text.contains("HD*021**FAC*"), !accident, "hospital indemnity, the line its carrier named:\n{text}");
        assert_eq!(outside_errors(file), "", "both validators read {}", file.display());
    }
}
