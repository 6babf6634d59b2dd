//! Rotating the data key end to end: values sealed under the old key, the new key introduced with the old one
//! retired, everything sealed again (`enroll keys reseal`, submitted applications included), the old key dropped; and a
//! server that is missing a key still needed refuses to start and says which.

use crate::common::{self, personal, TestApp, TEST_KEYS};
use api::config::Keys;
use serde_json::json;

fn keys(current: (u32, u8), retired: &[(u32, u8)]) -> Keys {
    Keys {
        data_key: [current.1; 32],
        data_key_id: current.0,
        retired_data_keys: retired.iter().map(|(id, byte)| (*id, [*byte; 32])).collect(),
        session_key: TEST_KEYS.session_key,
    }
}

#[tokio::test]
async fn a_data_key_is_rotated_everything_is_sealed_again_and_the_old_key_can_then_be_dropped() {
    let app = TestApp::new().await;
    let old_byte = TEST_KEYS.data_key[0];
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", body).await.ok();
    assert!(common::stored_document(&app, id, "primary_info").await.contains("enc:k1:"));

    // Key 1 dropped too early: the server refuses to start, naming it.
    let refused = app.restarted_with_keys(&keys((2, 2), &[])).await.err().expect("it must refuse to start");
    assert!(refused.to_string().contains("data key id(s) 1"), "{refused}");

    // Key 2 introduced, key 1 retired: everything is sealed again under key 2.
    let rotated = app.restarted_with_keys(&keys((2, 2), &[(1, old_byte)])).await.expect("it starts with both keys");
    let report = api::services::keys::reseal(&rotated.state.db, &rotated.state.crypto).await.unwrap();
    let count =
        |table: &str, column: &str| report.iter().find(|c| c.table == table && c.column == column).unwrap().clone();
    assert!(count("enrollment_tab", "data").resealed >= 1, "{report:?}");
    // Member records are sealed again whenever a server starts: already under key 2.
    let members = count("member", "document");
    assert!(members.current >= 1 && members.resealed == 0, "{report:?}");
    assert!(report.iter().all(|c| c.unopened.is_empty()), "{report:?}");
    let stored = common::stored_document(&app, id, "primary_info").await;
    assert!(stored.contains("enc:k2:") && !stored.contains("enc:k1:"), "{stored}");
    let again = api::services::keys::reseal(&rotated.state.db, &rotated.state.crypto).await.unwrap();
    assert!(again.iter().all(|c| c.resealed == 0), "a second run has nothing left to do: {again:?}");

    // Key 1 dropped now: the server starts and reads what was sealed before, shown masked as ever.
    let after = app.restarted_with_keys(&keys((2, 2), &[])).await.expect("it starts with key 2 alone");
    let mut same = after.browser();
    same.cookie = b.cookie.clone();
    let step = same.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    assert_eq!(step.ok()["step"]["formData"]["ssn"], "***-**-6789");
    assert_eq!(step.ok()["step"]["formData"]["first_name"], "Dana");

    // A server with another key only refuses, naming key 2.
    let stranger = app.restarted_with_keys(&keys((3, 3), &[])).await.err().expect("it must refuse to start");
    assert!(stranger.to_string().contains("data key id(s) 2"), "{stranger}");
}
