//! The shipped life events (workflows/life_events.yaml): each kind's window, effective date and end of coverage, by
//! hand-worked dates, and a file that says something the rules cannot mean is refused where it is wrong.

use chrono::NaiveDate;
use engine::life_events::{LifeEvents, Market, Outside};
use engine::workflow;

fn shipped() -> LifeEvents {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    workflow::load_dir(&dir).expect("the shipped workflows are valid").life_events.expect("life events are shipped")
}

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Each kind, each market: (event, before, after) days of its window.
const WINDOWS: [(&str, Market, i64, i64); 14] = [
    ("birth", Market::Individual, 0, 60),
    ("birth", Market::Employer, 0, 30),
    ("adoption", Market::Individual, 0, 60),
    ("adoption", Market::Employer, 0, 30),
    ("marriage", Market::Individual, 0, 60),
    ("marriage", Market::Employer, 0, 30),
    ("divorce", Market::Individual, 0, 60),
    ("divorce", Market::Employer, 0, 30),
    ("death", Market::Individual, 0, 60),
    ("death", Market::Employer, 0, 30),
    ("loss_of_coverage", Market::Individual, 60, 60),
    ("loss_of_coverage", Market::Employer, 0, 30),
    ("move", Market::Individual, 60, 60),
    ("move", Market::Employer, 0, 30),
];

#[test]
fn each_event_is_reported_from_the_first_to_the_last_day_of_its_window_and_not_the_day_before_or_after() {
    let events = shipped();
    // An event on March 10, 2027: its window counted from it, both ends included.
    let event = day("2027-03-10");
    for (id, market, before, after) in WINDOWS {
        let kind = events.event(id).unwrap_or_else(|| panic!("{id} is shipped"));
        let first = event - chrono::Duration::days(before);
        let last = event + chrono::Duration::days(after);
        let said = format!("{id} ({market:?})");
        assert_eq!(
            kind.reportable(market, event, first.pred_opt().unwrap()),
            Err(Outside::TooEarly { opens: first }),
            "{said}"
        );
        assert_eq!(kind.reportable(market, event, first), Ok(()), "{said}: its first day");
        assert_eq!(kind.reportable(market, event, event), Ok(()), "{said}: the event's day");
        assert_eq!(kind.reportable(market, event, last), Ok(()), "{said}: its last day");
        assert_eq!(
            kind.reportable(market, event, last.succ_opt().unwrap()),
            Err(Outside::TooLate { closed: last }),
            "{said}"
        );
    }
    assert_eq!(
        events.events.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(),
        ["birth", "adoption", "marriage", "divorce", "death", "loss_of_coverage", "move"],
        "every kind is in the table above"
    );
}

#[test]
fn sixty_days_after_a_birth_on_december_31_is_march_1_in_a_year_without_february_29() {
    let birth = shipped().event("birth").cloned().unwrap();
    assert_eq!(birth.window_of(Market::Individual, day("2026-12-31")), (day("2026-12-31"), day("2027-03-01")));
    assert_eq!(birth.window_of(Market::Individual, day("2027-12-31")), (day("2027-12-31"), day("2028-02-29")));
}

#[test]
fn a_newborn_is_covered_from_birth_a_spouse_from_the_month_after_the_choice_and_a_lost_coverage_without_a_gap() {
    let events = shipped();
    let effective = |id: &str, market: Market, event: &str, chosen: &str| {
        events.event(id).unwrap().effective_date(market, day(event), day(chosen))
    };
    // Born on the 17th, reported a month later: covered from the day of birth.
    assert_eq!(effective("birth", Market::Individual, "2027-05-17", "2027-06-20"), day("2027-05-17"));
    assert_eq!(effective("adoption", Market::Employer, "2027-05-17", "2027-05-30"), day("2027-05-17"));
    // Married on June 5, the plan chosen on July 31: August 1; chosen on August 1: September 1.
    assert_eq!(effective("marriage", Market::Individual, "2027-06-05", "2027-07-31"), day("2027-08-01"));
    assert_eq!(effective("marriage", Market::Individual, "2027-06-05", "2027-08-01"), day("2027-09-01"));
    // Other coverage ends on September 30: chosen ahead in August, the new one starts on October 1, with no gap and
    // no overlap; chosen after, on October 12, it starts on November 1.
    assert_eq!(effective("loss_of_coverage", Market::Individual, "2027-09-30", "2027-08-15"), day("2027-10-01"));
    assert_eq!(effective("loss_of_coverage", Market::Individual, "2027-09-30", "2027-10-12"), day("2027-11-01"));
    // A choice on December 31 starts in the next year.
    assert_eq!(effective("move", Market::Individual, "2027-12-01", "2027-12-31"), day("2028-01-01"));
}

#[test]
fn a_former_spouse_is_covered_to_the_end_of_the_month_and_a_person_who_died_to_the_day_of_death() {
    let events = shipped();
    let divorce = events.event("divorce").unwrap();
    assert_eq!(divorce.last_covered_day(day("2028-02-03")), Some(day("2028-02-29")));
    assert_eq!(events.event("death").unwrap().last_covered_day(day("2027-04-18")), Some(day("2027-04-18")));
    assert_eq!(events.event("birth").unwrap().last_covered_day(day("2027-04-18")), None, "a birth removes no one");
}

#[test]
fn a_proof_is_due_thirty_days_after_the_report_and_none_is_asked_for_a_self_attested_move() {
    let events = shipped();
    assert_eq!(events.event("birth").unwrap().proof_due(day("2027-05-20")), Some(day("2027-06-19")));
    assert_eq!(events.event("death").unwrap().proof_due(day("2027-05-20")), Some(day("2027-07-19")));
    assert_eq!(events.event("move").unwrap().proof_due(day("2027-05-20")), None);
}

#[test]
fn a_child_turning_26_is_told_60_days_before_the_end_of_their_birthday_month_and_covered_to_its_last_day() {
    let age_off = shipped().age_off;
    // 26 on May 1, 2027 (the first day of the month): covered through May 31, told from April 1.
    let first = age_off.of(day("2001-05-01"));
    assert_eq!(
        (first.birthday, first.last_covered_day, first.noticed_from),
        (day("2027-05-01"), day("2027-05-31"), day("2027-04-01"))
    );
    // 26 on December 31, 2027: covered through that day.
    let last = age_off.of(day("2001-12-31"));
    assert_eq!(
        (last.birthday, last.last_covered_day, last.noticed_from),
        (day("2027-12-31"), day("2027-12-31"), day("2027-11-01"))
    );
    assert_eq!(age_off.reason_code, "07", "a termination of benefits in the 834");
}

#[test]
fn open_enrollment_runs_from_november_1_to_january_15_and_a_choice_after_december_15_starts_in_february() {
    let open = shipped().open_enrollment.expect("the individual market has an open enrollment");
    assert_eq!(open.window_containing(day("2027-10-31")), None);
    assert_eq!(open.window_containing(day("2027-11-01")), Some((day("2027-11-01"), day("2028-01-15"))));
    assert_eq!(open.window_containing(day("2028-01-15")), Some((day("2027-11-01"), day("2028-01-15"))));
    assert_eq!(open.window_containing(day("2028-01-16")), None);
    assert_eq!(open.effective_date(day("2027-12-15")), Some(day("2028-01-01")));
    assert_eq!(open.effective_date(day("2027-12-16")), Some(day("2028-02-01")));
    assert_eq!(open.effective_date(day("2028-01-15")), Some(day("2028-02-01")));
    assert_eq!(open.effective_date(day("2028-01-16")), None, "outside the window");
}

/// The shipped file with `from` replaced by `to`, checked as a whole version: the refusal's path and words.
fn refused(from: &str, to: &str) -> (String, String) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let mut bundle = workflow::Bundle::read_dir(&dir).unwrap();
    let text = bundle.files.get_mut("life_events.yaml").unwrap();
    assert!(text.contains(from), "{from}");
    *text = text.replacen(from, to, 1);
    let error = bundle.parse("workflows").unwrap_err();
    assert_eq!(error.file, "workflows/life_events.yaml");
    (error.path, error.reason)
}

#[test]
fn a_reason_code_outside_the_guides_list_an_unproved_event_or_a_removal_with_no_end_is_refused_where_it_is() {
    let (path, reason) = refused("reason_code: \"02\"", "reason_code: \"99\"");
    assert_eq!(path, "/events/0/reason_code");
    assert!(reason.starts_with("99 is not a maintenance reason code of element 1203 (INS04)"), "{reason}");

    let (path, reason) = refused("    ends: event_date\n", "");
    assert_eq!(
        (path.as_str(), reason.as_str()),
        ("/events/4/ends", "say when the coverage of a person it removes ends")
    );

    let (path, _) = refused(
        "    effective: { individual: event_date, employer: event_date }",
        "    effective: { individual: event_date, employer: next_tuesday }",
    );
    assert_eq!(path, "/events/0/effective/employer");

    let (path, reason) = refused("    removes: [spouse]\n", "");
    assert_eq!(
        (path.as_str(), reason.as_str()),
        ("/events/3/removes", "say who a person it removes may be to the member (child or spouse)")
    );

    let (path, reason) = refused("    adds: { relationships: [spouse] }\n", "");
    assert_eq!(
        (path.as_str(), reason.as_str()),
        ("/events/2/adds", "say who a person it adds is to the member (child or spouse)")
    );

    let (path, reason) = refused("    - { chosen_by: \"01-15\", effective: \"02-01\" }\n", "");
    assert_eq!(path, "/open_enrollment/effective");
    assert!(reason.starts_with("the last day of choice is the window's last day"), "{reason}");
}

#[test]
fn every_life_event_text_is_written_in_spanish() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let mut workflows = workflow::load_dir(&dir).unwrap();
    assert_eq!(workflows.untranslated("es"), Vec::<String>::new());
    let event = &mut workflows.life_events.as_mut().unwrap().events[0];
    event.title = engine::text::Text::from(event.title.en.as_str());
    assert_eq!(
        workflows.untranslated("es"),
        ["life event birth title: We had a baby"],
        "the events' texts are counted"
    );
}

#[test]
fn a_birth_adds_a_child_born_that_day_a_marriage_a_spouse_and_a_lost_coverage_either() {
    use engine::life_events::AddedRelationship::{Child, Spouse};
    let events = shipped();
    let adds = |id: &str| events.event(id).unwrap().adds.clone().unwrap();
    let born = day("2027-05-17");
    assert_eq!(adds("birth").check(born, Child, born), Ok(()));
    assert_eq!(
        adds("birth").check(born, Child, day("2027-05-16")),
        Err(("birthdate", "The date of birth is the day of the birth you reported ({date})"))
    );
    assert_eq!(
        adds("birth").check(born, Spouse, born),
        Err(("relationship", "Please add the child this event is about"))
    );
    assert_eq!(adds("adoption").check(born, Child, day("2019-02-01")), Ok(()), "an adopted child of any age");
    assert_eq!(
        adds("marriage").check(born, Child, day("1990-01-01")),
        Err(("relationship", "Please add the spouse this event is about"))
    );
    assert_eq!(adds("loss_of_coverage").check(born, Spouse, day("1990-01-01")), Ok(()));
    assert_eq!(adds("loss_of_coverage").check(born, Child, day("2010-01-01")), Ok(()));
}
