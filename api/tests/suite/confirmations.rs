//! Carriers confirm what they set up: a carrier's effectuation 834 (or its CSV) moves its plans of a policy from
//! pending to active, from that carrier alone, about what it was sent; `enroll edi reconcile` lists every field where
//! its record differs from ours.

use serde_json::Value;

use crate::carrier_files::submitted_with_two_carriers;
use crate::common::TestApp;
use api::domain::carrier_files::confirmations::{confirm, differences, Confirmed};

fn plan_of<'a>(policy: &'a Value, category: &str) -> &'a Value {
    policy["plans"].as_array().unwrap().iter().find(|p| p["category_name"] == category).unwrap()
}

/// What the carrier of `file` (one we sent) writes back once it set the coverage up: our file, from it to us, each
/// addition an effectuation (INS04 `EC`), in the carrier's own line breaks.
fn effectuation_of(file: &std::path::Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let mut segments: Vec<String> = text.split('~').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let mut isa: Vec<String> = segments[0].split('*').map(str::to_string).collect();
    isa.swap(6, 8);
    segments[0] = isa.join("*");
    let mut gs: Vec<String> = segments[1].split('*').map(str::to_string).collect();
    gs.swap(2, 3);
    segments[1] = gs.join("*");
    for segment in &mut segments {
        if segment.starts_with("INS*") {
            *segment = segment.replacen("*021*28*", "*021*EC*", 1);
        }
    }
    segments.join("~\r\n") + "~\r\n"
}

/// The carrier's receiver id of `file` (its ISA08).
fn receiver_of(file: &std::path::Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    text.split('*').nth(8).unwrap().trim().to_string()
}

#[tokio::test]
async fn a_carriers_confirmation_makes_its_plans_active_and_reconcile_lists_each_field_its_record_differs_in() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let dental = run.files.iter().find(|f| f.to_string_lossy().contains("BRIGHTBITE")).unwrap().clone();
    let rx = run.files.iter().find(|f| !f.to_string_lossy().contains("BRIGHTBITE")).unwrap().clone();
    let brightbite = api::domain::carrier_files::carrier_named(&app.state, &receiver_of(&dental)).unwrap();
    let rx_carrier = api::domain::carrier_files::carrier_named(&app.state, &receiver_of(&rx)).unwrap();

    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    assert_eq!(plan_of(&policy, "Dental Plans")["status"], "pending");

    // From a sender none of our files went to, or not the carrier an operator names: kept, never applied.
    let text = effectuation_of(&dental);
    let stranger = text.replace("BRIGHTBITE     ", "SOMEONEELSE    ").replace("*BRIGHTBITE*", "*SOMEONEELSE*");
    let said = confirm(&app.state, &stranger, Some("stranger.x12"), None).await.unwrap();
    assert_eq!(said, Confirmed { applied: 0, unknown: 0, foreign: 1 });
    let said = confirm(&app.state, &text, Some("named.x12"), Some(rx_carrier)).await.unwrap();
    assert_eq!(said, Confirmed { applied: 0, unknown: 0, foreign: 1 }, "the envelope names another carrier");
    let unknown = text.replace(&policy["policy_id"].as_str().unwrap().to_uppercase(), "P1999-000001");
    let said = confirm(&app.state, &unknown, None, None).await.unwrap();
    assert_eq!(said, Confirmed { applied: 0, unknown: 1, foreign: 0 }, "no application of ours");
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    assert_eq!(plan_of(&policy, "Dental Plans")["status"], "pending", "nothing of those applied");

    // The carrier's own, left in the inbound folder: read by the next run and gone.
    let inbound = app.config.edi.dir.join("inbound");
    std::fs::create_dir_all(&inbound).unwrap();
    std::fs::write(inbound.join("effectuation-1.x12"), &text).unwrap();
    std::fs::write(inbound.join("stranger.x12"), &stranger).unwrap();
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert!(!inbound.join("effectuation-1.x12").exists(), "read and deleted");
    assert!(inbound.join("foreign/stranger.x12").exists(), "a stranger's is kept aside for a person");
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    let plan = plan_of(&policy, "Dental Plans");
    assert_eq!(plan["status"], "active", "{policy}");
    assert!(plan["may_end_on"].is_string(), "an active plan can be ended");
    assert_eq!(plan_of(&policy, "RX Plans")["status"], "pending", "the other carrier has not confirmed its plan");
    assert_eq!(differences(&app.state, brightbite).await.unwrap(), [], "the carrier holds what we sent");

    // A later confirmation with the birth date mistyped and the plan a month late: each field is listed.
    let dmg = text.split("~\r\n").find(|s| s.starts_with("DMG*D8*")).unwrap().to_string();
    let born = dmg.split('*').nth(2).unwrap().to_string();
    let wrong = format!("{}{:02}", &born[..6], (born[6..].parse::<u32>().unwrap() % 28) + 1);
    let dtp = text.split("~\r\n").find(|s| s.starts_with("DTP*348*D8*")).unwrap().to_string();
    let later = text.replacen(&dmg, &dmg.replace(&born, &wrong), 1).replacen(&dtp, "DTP*348*D8*20400101", 1);
    assert_eq!(confirm(&app.state, &later, None, None).await.unwrap().applied, 1);
    let said: Vec<String> = differences(&app.state, brightbite)
        .await
        .unwrap()
        .iter()
        // A plan's field is named after the plan ("Brightbite ... : first day").
        .map(|(policy, d)| format!("{policy} · {} · {}", d.member, d.field.rsplit(": ").next().unwrap()))
        .collect();
    let number = policy["policy_id"].as_str().unwrap();
    assert_eq!(
        said,
        [format!("{number} · Dana Okafor · date of birth"), format!("{number} · Dana Okafor · first day")]
    );

    // The other carrier writes no 834: its CSV, named by an operator.
    let csv = format!(
        "policy_id,relationship,first_name,last_name,date_of_birth,line,coverage_begins\n{number},subscriber,Dana,Okafor,{},{},{}\n",
        born,
        line_of(&rx),
        dtp_of(&rx),
    );
    let refused = confirm(&app.state, &csv, None, None).await.unwrap_err().to_string();
    assert!(refused.contains("name the carrier"), "{refused}");
    assert_eq!(confirm(&app.state, &csv, Some("rx.csv"), Some(rx_carrier)).await.unwrap().applied, 1);
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    assert_eq!(plan_of(&policy, "RX Plans")["status"], "active");
    assert_eq!(differences(&app.state, rx_carrier).await.unwrap(), []);
}

/// The insurance line of the plan of `file` (HD03).
fn line_of(file: &std::path::Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    text.split('~').map(str::trim).find(|s| s.starts_with("HD*")).unwrap().split('*').nth(3).unwrap().to_string()
}

/// The first day of coverage of `file` (DTP*348).
fn dtp_of(file: &std::path::Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    text.split('~').map(str::trim).find(|s| s.starts_with("DTP*348*")).unwrap().split('*').nth(3).unwrap().to_string()
}

#[tokio::test]
async fn a_plan_the_member_ends_differs_from_the_carriers_record_until_the_carrier_confirms_the_same_last_day() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let dental = run.files.iter().find(|f| f.to_string_lossy().contains("BRIGHTBITE")).unwrap().clone();
    let brightbite = api::domain::carrier_files::carrier_named(&app.state, &receiver_of(&dental)).unwrap();
    confirm(&app.state, &effectuation_of(&dental), None, None).await.unwrap();

    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    let plan_id = plan_of(&policy, "Dental Plans")["plan_id"].clone();
    let end = format!("/api/v1/policies/{id}/end-plan");
    let ended = b.post(&end, serde_json::json!({ "plan_id": plan_id, "reason": "Dental through work" })).await;
    let last_day = plan_of(ended.ok(), "Dental Plans")["last_day"].as_str().unwrap().to_string();
    let said: Vec<(String, String, String)> = differences(&app.state, brightbite)
        .await
        .unwrap()
        .into_iter()
        .map(|(_, d)| (d.field.rsplit(": ").next().unwrap().to_string(), d.ours, d.theirs))
        .collect();
    assert_eq!(said, [("last day".to_string(), last_day.clone(), "none".to_string())], "ours ends, theirs not yet");

    // The carrier confirms the end it was sent: the two records agree, and the plan is ending on that day.
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(run.files.len(), 1, "the end reaches the dental carrier: {run:?}");
    confirm(&app.state, &effectuation_of(&run.files[0]), None, None).await.unwrap();
    assert_eq!(differences(&app.state, brightbite).await.unwrap(), []);
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    let plan = plan_of(&policy, "Dental Plans");
    assert_eq!((plan["status"].as_str(), plan["last_day"].as_str()), (Some("ending"), Some(last_day.as_str())));
}
