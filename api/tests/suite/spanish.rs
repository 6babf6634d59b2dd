//! The store in Spanish: a person who chose Spanish (or whose browser asks for it first) reads the server's words in
//! Spanish, with every answer's data as it was, and no screen shows an English text the catalogue lacks.

use crate::common::TestApp;
use crate::words::steps_a_person_is_shown;
use axum::http::Method;
use serde_json::{json, Value};

/// An applicant's steps as each is met, filled in order with the spec's saves (a medical plan, so Health Questions is
/// asked), then the review and the receipt.
async fn an_applicants_steps_in_order(b: &mut crate::common::Browser<'_>) -> Vec<(String, Value)> {
    use crate::common::{agreement, billing_eft, contact, health_all_no, personal};
    let id = b.checked_out_with("medical").await;
    let mut sent = Vec::new();
    for (tab, call, body) in [
        ("primary_info", "save-personal-info", personal()),
        ("contact_info", "save-contact-info", contact()),
        ("primary_health_info", "save-primary-health-info", health_all_no()),
        ("agreement_info", "save-agreement-info", agreement()),
        ("billing_info", "save-billing-info", billing_eft()),
    ] {
        sent.push((tab.to_string(), b.get(&format!("/api/v1/enrollment/{id}/step/{tab}")).await.body));
        let mut body = body;
        body["enrollment_id"] = json!(id);
        b.post(&format!("/api/v1/{call}"), body).await.ok();
    }
    sent.push(("review".into(), b.get(&format!("/api/v1/enrollment/{id}/step/review_info")).await.body));
    b.post("/api/v1/save-review-info", json!({ "enrollment_id": id, "first_enroll": 1 })).await.ok();
    sent.push(("receipt".into(), b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await.body));
    sent
}

/// Every answer a shopper and an applicant are shown, in order, read by a browser in `language` (none: English).
async fn everything_shown(app: &TestApp, language: Option<&'static str>) -> Vec<(String, Value)> {
    let browser = || {
        let mut b = app.browser();
        b.language = language;
        b
    };
    let mut sent = steps_a_person_is_shown(&mut browser()).await;
    sent.extend(an_applicants_steps_in_order(&mut browser()).await);
    // The plans page of a medical quote: cards with their price notes, the yearly cost's levels of use.
    let mut shopper = browser();
    let id = shopper.start("IO").await;
    let listing = shopper.get(&format!("/api/v1/get-filtered-plans?categories=medical&enrollment_id={id}")).await;
    sent.push(("the medical listing".into(), listing.ok().clone()));
    // Choices that leave nothing: which choice to loosen, and choices that leave nothing whichever is loosened.
    for narrowed in ["networks=HMO&hsa=1", "networks=HMO&hsa=1&max_premium=1"] {
        let empty =
            shopper.get(&format!("/api/v1/get-filtered-plans?categories=medical&{narrowed}&enrollment_id={id}")).await;
        sent.push((format!("a listing narrowed to nothing ({narrowed})"), empty.body));
    }
    sent
}

/// The texts their authors write the same in Spanish: the store's messages whose Spanish is their English ("PPO"),
/// the catalogue's texts written the same (a plan's name as its heading), the catalogue's names (plans, carriers),
/// the applicant's name, which titles their card, and a member's bank on file, which titles its choice.
fn written_the_same_in_spanish(app: &TestApp) -> std::collections::BTreeSet<String> {
    let shipped = engine::i18n::Words::shipped().catalogue("es").unwrap();
    let mut same: std::collections::BTreeSet<String> =
        shipped.ids().filter(|id| shipped.get(id) == Some(*id)).map(str::to_string).collect();
    let catalogue = app.live.now().catalogue.clone();
    for plan in &catalogue.plans {
        same.insert(plan.plan_name.clone());
        for field in engine::catalogue::Plan::TEXTS {
            let english = plan.text(field).unwrap_or_default();
            if plan.text_in(field, "es") == Some(english)
                && plan.translations.get("es").is_some_and(|t| t.contains_key(field))
            {
                same.insert(english.to_string());
            }
        }
    }
    same.extend(catalogue.carriers.values().map(|c| c.name.clone()));
    same.insert("Dana Okafor".into());
    // Maria Alvarez's bank account on file, by its bank's name and its masked number.
    same.insert("Gulf Coast Federal Credit Union ****2311".into());
    same
}

/// Each text of words in `answer` (see `engine::i18n::each_text`; a row's value is data unless the catalogue has it),
/// by where it is.
fn words_of(answer: &Value) -> std::collections::BTreeMap<String, String> {
    let mut answer = answer.clone();
    let mut words = std::collections::BTreeMap::new();
    engine::i18n::each_text(&mut answer, &mut |path, place, text| {
        if place == engine::i18n::Place::Words {
            words.insert(path.to_string(), text.clone());
        }
    });
    words
}

#[tokio::test]
async fn every_word_of_every_step_a_shopper_and_an_applicant_are_shown_has_its_spanish() {
    let app = TestApp::new().await;
    let english = everything_shown(&app, None).await;
    let spanish = everything_shown(&app, Some("es")).await;
    assert_eq!(english.len(), spanish.len());
    for (narrowed, answer) in spanish.iter().filter(|(what, _)| what.starts_with("a listing narrowed")) {
        assert!(
            answer["data"]["notice"].as_str().is_some_and(|n| n.starts_with("Ningún plan")),
            "{narrowed}: {answer}"
        );
    }
    // A text left as it is in English is English a Spanish reader is shown (a message said where the store did not
    // say it in the reader's language, one the catalogue lacks, or an author's text without its Spanish), unless its
    // author wrote it the same in Spanish (a plan's name, "PPO").
    let same = written_the_same_in_spanish(&app);
    let mut missing = std::collections::BTreeSet::new();
    for ((what, in_english), (_, in_spanish)) in english.iter().zip(&spanish) {
        let spanish = words_of(in_spanish);
        for (place, text) in words_of(in_english) {
            let left = spanish.get(&place) == Some(&text);
            if left && text.chars().any(char::is_alphabetic) && !same.contains(&text) {
                missing.insert(format!("{text}  ({what}: {place})"));
            }
        }
    }
    let listed: Vec<String> = missing.iter().map(|t| format!("  {t}")).collect();
    assert!(
        missing.is_empty(),
        "{} texts are shown in English to a Spanish reader:\n{}",
        missing.len(),
        listed.join("\n")
    );
}

#[tokio::test]
async fn a_shopper_who_chose_spanish_reads_the_popups_and_the_refusals_in_spanish_and_their_data_stays_as_sent() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.language = Some("es");
    let id = b.start("IF").await;
    let popups = b.get(&format!("/api/v1/shop/{id}/plan/1301")).await;
    assert_eq!(popups.headers["content-language"], "es");
    let step = &popups.ok()["step"];
    let question = step["schema"].to_string();
    assert!(!question.contains("\"Field is required\""), "{question}");
    // A refusal in the spec's shape, in Spanish.
    let refused = b.post("/api/v1/add-filter-for-new-user", bad_zip()).await;
    let (target, message) = refused.first_error();
    assert_eq!((target.as_str(), message.as_str()), ("zip", "Código postal no válido"), "{:?}", refused.body);

    // The same call in English, from a browser that asks for nothing: the spec's words.
    let refused = app.browser().post("/api/v1/add-filter-for-new-user", bad_zip()).await;
    assert_eq!(refused.first_error().1, "Invalid Zip code");
    assert!(refused.headers.get("content-language").is_none());
}

fn bad_zip() -> Value {
    json!({ "zip": "3030", "gender": "1", "tier": "IO", "dob": crate::common::dob_of_age(40) })
}

#[tokio::test]
async fn a_listing_kept_compressed_is_answered_in_spanish_to_a_browser_that_takes_compressed_answers() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.language = Some("es");
    let id = b.start("IO").await;
    let uri = format!("/api/v1/get-filtered-plans?categories=medical&enrollment_id={id}");
    // Asked twice: the second answer is the one kept, compressed.
    for _ in 0..2 {
        let request = axum::http::Request::get(&uri)
            .header("accept-encoding", "gzip")
            .header("cookie", b.cookie.clone().unwrap())
            .header("cookie", "enroll_lang=es")
            .body(axum::body::Body::empty())
            .unwrap();
        let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
        assert_eq!(response.headers()["content-encoding"], "gzip", "the browser is answered compressed");
        let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
        let mut body = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut body).unwrap();
        assert!(body.contains("Deducible") && !body.contains("\"Deductible\""), "{body}");
    }
}

#[tokio::test]
async fn a_browser_that_asks_for_spanish_first_is_answered_in_spanish_until_english_is_chosen() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let asked = [("accept-language", "es-US,es;q=0.9,en;q=0.8")];
    let uri = "/api/v1/add-filter-for-new-user";
    let spanish = b.send_with(Method::POST, uri, Some(bad_zip().to_string()), &asked).await;
    assert_eq!(spanish.first_error().1, "Código postal no válido");
    b.language = Some("en");
    let chosen = b.send_with(Method::POST, uri, Some(bad_zip().to_string()), &asked).await;
    assert_eq!(chosen.first_error().1, "Invalid Zip code", "the choice made in the store wins");
}

/// An e-mail's text as its reader sees it: quoted-printable bytes (`=C3=B3`) decoded.
fn readable(mail: &str) -> String {
    let mut bytes = Vec::new();
    let raw = mail.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        let hex = raw
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (raw[i], hex) {
            (b'=', Some(byte)) => {
                bytes.push(byte);
                i += 3;
            }
            (byte, _) => {
                bytes.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[tokio::test]
async fn an_applicant_who_chose_spanish_receives_the_receipt_and_the_continue_code_in_spanish() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.language = Some("es");
    let id = b.checked_out().await;
    let saved = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/primary_info"),
            json!({ "action": "save-for-later", "formData": crate::common::personal(), "version": 0, "email": "dana.alt@example.com" }),
        )
        .await;
    assert_eq!(saved.status, axum::http::StatusCode::OK, "{:?}", saved.body);
    let code = readable(&crate::common::mail_to(&app, "dana.alt@example.com").await);
    assert!(code.contains("Su código de inscripción"), "{code}");
    assert!(code.contains("Su código de inscripción es: "), "{code}");
    assert!(code.contains("Para continuar, abra "), "{code}");
    assert!(!code.contains("Your enrollment"), "{code}");

    let submitted = crate::save_for_later::submit_with_the_spec_calls(&mut b, id).await;
    let policy_id = submitted.ok()["policy_id"].as_str().unwrap().to_string();
    let receipt = readable(&crate::common::mail_to(&app, "dana.okafor@example.com").await);
    assert!(receipt.contains("Comprobante de inscripción"), "{receipt}");
    assert!(receipt.contains(&format!("Su número de confirmación es {policy_id}.")), "{receipt}");
    assert!(receipt.contains("Estimado(a) Dana Okafor:"), "{receipt}");
    assert!(receipt.contains("Sus planes:"), "{receipt}");
    assert!(!receipt.contains("Thank you"), "{receipt}");
}

#[tokio::test]
async fn every_text_of_every_plan_and_category_has_its_spanish() {
    let app = TestApp::new().await;
    let missing = app.live.now().catalogue.untranslated("es");
    assert!(missing.is_empty(), "{} catalogue texts have no Spanish:\n{}", missing.len(), missing.join("\n"));
}

/// The sources of the engine and the api (without their unit tests), each file's text with its path.
fn sources() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    let mut stack = vec![root.join("engine/src"), root.join("api/src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let shown = path.strip_prefix(&root).unwrap().display().to_string();
                let text = std::fs::read_to_string(&path).unwrap();
                let code = text.split("#[cfg(test)]").next().unwrap_or_default().to_string();
                files.push((shown, code));
            }
        }
    }
    files
}

/// The Rust string literal at the start of `text` (after spaces), unescaped, with the bytes it took; none when
/// `text` does not start with one.
fn literal(text: &str) -> Option<(String, usize)> {
    let start = text.len() - text.trim_start().len();
    let body = text[start..].strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Some((out, start + 1 + at + 1)),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                '\'' => out.push('\''),
                // A line continued: the line break and the next line's leading spaces are not part of it.
                '\n' => {
                    let rest = &body[at + 2..];
                    let skipped = rest.len() - rest.trim_start().len();
                    for _ in 0..rest[..skipped].chars().count() {
                        chars.next();
                    }
                }
                other => out.push(other),
            },
            other => out.push(other),
        }
    }
    None
}

#[test]
fn every_message_the_code_says_has_its_spanish() {
    // Where a message is said: its literal, or a constant's name, is the first or second argument of these.
    const CALLS: [&str; 9] = [
        "say(",
        "say_with(",
        "Said::with(",
        "Text::said(",
        "own(",
        "ApiError::field(",
        "ApiError::coded(",
        "ApiError::NotFound(",
        "ApiError::Conflict(",
    ];
    let files = sources();
    let mut constants = std::collections::BTreeMap::new();
    for (_, text) in &files {
        for (at, _) in text.match_indices("const ") {
            let rest = &text[at + 6..];
            let Some((name, after)) = rest.split_once(':') else { continue };
            if !name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') || name.is_empty() {
                continue;
            }
            let Some(value) =
                after.trim_start().strip_prefix("&str =").or(after.trim_start().strip_prefix("&'static str ="))
            else {
                continue;
            };
            // Two modules may each have a constant of the same name: a use of the name counts every one of them.
            if let Some((words, _)) = literal(value) {
                constants.entry(name.to_string()).or_insert_with(Vec::new).push(words);
            }
        }
    }
    let spanish = engine::i18n::Words::shipped().catalogue("es").unwrap();
    let mut said = std::collections::BTreeMap::new();
    for (file, text) in &files {
        for call in CALLS {
            for (at, _) in text.match_indices(call) {
                // A method of the same name (`.say(`) or a longer name (`essay(`) is not the call.
                if text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let args = &text[at + call.len()..];
                // The message is the first argument, or the second after a language or a field's name (a field's
                // name or a code has no space, so it is never taken for a message below).
                let first_len = literal(args).map_or_else(|| args.find(',').unwrap_or(args.len()), |(_, len)| len);
                let second = args[first_len..].trim_start().strip_prefix(',');
                for arg in std::iter::once(args).chain(second) {
                    let arg = arg.trim_start().trim_start_matches('&');
                    if let Some((words, _)) = literal(arg) {
                        said.entry(words).or_insert_with(|| file.clone());
                        continue;
                    }
                    let name: String =
                        arg.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':').collect();
                    let last = name.rsplit("::").next().unwrap_or_default();
                    for words in constants.get(last).into_iter().flatten() {
                        said.entry(words.clone()).or_insert_with(|| file.clone());
                    }
                }
            }
        }
    }
    // A field's name or a code is not a message.
    let missing: Vec<String> = said
        .iter()
        .filter(|(words, _)| words.contains(' ') && words.chars().any(char::is_alphabetic))
        .filter(|(words, _)| spanish.get(words).is_none())
        .map(|(words, file)| format!("  {file}: {words}"))
        .collect();
    assert!(missing.is_empty(), "{} messages the code says have no Spanish:\n{}", missing.len(), missing.join("\n"));
    assert!(said.len() > 300, "the scan finds the messages ({} found)", said.len());
}

#[tokio::test]
async fn the_quote_above_the_plans_names_its_coverage_in_the_language_chosen() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IF").await;
    let uri = format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info");
    assert_eq!(b.get(&uri).await.ok()["result"]["tier_name"], "Family");
    b.language = Some("es");
    assert_eq!(b.get(&uri).await.ok()["result"]["tier_name"], "Familia");
}
