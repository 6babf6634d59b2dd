//! Carriers' 834 files: what each application says in them, held to both outside validators (`scripts/validate-834`:
//! pyx12's x12valid and LinuxForHealth x12, installed by `make x12-validator`; under CI=true a missing validator fails)
//! and, for each kind of application, byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;

use chrono::{NaiveDate, NaiveDateTime};
use engine::context::Tier;
use engine::rating::Cents;
use engine::x12::{
    interchange, transaction, Address, Beneficiary, Broker, CharacterSet, Codes, Contact, Coverage, Employment,
    EmploymentStatus, Enrollment, Envelope, Extra, Guide, Header, LetterCase, Maintenance, Member, Party, Relationship,
};
use engine::x12::{Change, CoverageChange, MemberChange, PriorName};

fn codes() -> Codes {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows/x12.yaml");
    engine::workflow::parse_x12_file("x12.yaml", &std::fs::read_to_string(path).unwrap()).unwrap()
}

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn at(text: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
}

fn person(relationship: Relationship, first: &str, born: &str, gender: &str, ssn: Option<&str>) -> Member {
    Member {
        relationship,
        first_name: first.into(),
        middle_name: None,
        last_name: "Okafor".into(),
        ssn: ssn.map(str::to_string),
        birth_date: day(born),
        gender: gender.into(),
        marital_status: (relationship != Relationship::Child).then(|| "M".to_string()),
        address: (relationship == Relationship::Subscriber).then(|| Address {
            line1: "12 Peachtree St NE*Apt 4~".into(),
            line2: None,
            city: "Atlanta".into(),
            state: "GA".into(),
            zip: "30301".into(),
        }),
        last_day: None,
    }
}

/// Dana, her husband Sam and their daughter Ada, with a medical and a dental plan of one carrier.
fn family(tier: Tier, categories: &[&str], maintenance: Maintenance) -> Enrollment {
    let mut members = vec![person(Relationship::Subscriber, "Dana", "1986-05-01", "1", Some("123456789"))];
    if matches!(tier, Tier::IS | Tier::IF) {
        members.push(person(Relationship::Spouse, "Sam", "1984-02-11", "0", Some("987654321")));
    }
    if matches!(tier, Tier::IC | Tier::IF) {
        members.push(person(Relationship::Child, "Ada", "2015-09-30", "1", None));
    }
    let covers: Vec<usize> = (1..members.len()).collect();
    Enrollment {
        policy_id: "P2026-000123".into(),
        employment: None,
        group_policy: None,
        members,
        coverages: categories
            .iter()
            .map(|category| Coverage {
                category: category.to_string(),
                plan: format!("Harborstone {category} plan, Gold"),
                tier,
                effective: day("2027-01-01"),
                covers: covers.clone(),
                line: None,
                premium: Some(Cents(41_250)),
                amount: (*category == "term_life").then_some(100_000),
                employer_share: None,
                last_day: None,
            })
            .collect(),
        maintenance,
        contact: Contact { phone: Some("4045550134".into()), email: Some("dana.okafor@example.com".into()) },
        language: None,
        broker: None,
        beneficiaries: Vec::new(),
    }
}

/// A carrier that sells every category, designating codes of the implementation guide's list where it has no line
/// (with what they mean in its guide), and takes every situational segment.
fn every_line_guide() -> Guide {
    let meanings = [
        ("AH", "term life, accident and pet, told apart by HD04"),
        ("HLT", "critical illness, supplemental"),
        ("FAC", "hospital indemnity"),
    ];
    let lines = [
        ("term_life", "AH"),
        ("critical", "HLT"),
        ("accident", "AH"),
        ("hospital", "FAC"),
        ("supplemental", "HLT"),
        ("pet", "AH"),
    ];
    Guide {
        line_meanings: meanings.iter().map(|(c, m)| (c.to_string(), m.to_string())).collect(),
        insurance_lines: lines.iter().map(|(k, c)| (k.to_string(), c.to_string())).collect(),
        takes: [
            Extra::Broker,
            Extra::Contact,
            Extra::Language,
            Extra::Premium,
            Extra::CoverageAmount,
            Extra::Beneficiaries,
        ]
        .into_iter()
        .collect(),
        master_policy: Some("MP-0001".into()),
        ..Guide::default()
    }
}

/// Every category the store sells.
const CATEGORIES: [&str; 13] = [
    "medical",
    "limitedmed",
    "dental",
    "vision",
    "rx",
    "lifestyle",
    "di",
    "term_life",
    "supplemental",
    "critical",
    "accident",
    "hospital",
    "pet",
];

fn header(control_number: u32, verify: bool) -> Header {
    Header {
        control_number,
        reference: format!("BATCH{control_number}"),
        created: at("2026-11-26 10:30"),
        verify,
        sponsor: Party {
            name: "Benefit Store Individual Market".into(),
            id_qualifier: "94".into(),
            id: "INDIVIDUAL".into(),
        },
        payer: Party { name: "Harborstone Mutual".into(), id_qualifier: "FI".into(), id: "580000001".into() },
    }
}

fn envelope(control_number: u64) -> Envelope {
    Envelope {
        sender: "BENEFITSTORE".into(),
        receiver: "HARBORSTONE".into(),
        control_number,
        created: at("2026-11-26 10:30"),
        production: false,
    }
}

/// Holds `files` to both outside validators (`scripts/validate-834`: pyx12's x12valid and LinuxForHealth x12) and
/// fails with what they found. A missing validator fails under CI=true and is said to be skipped otherwise.
fn held_to_both_validators(files: &[&Path]) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/validate-834");
    let out = Command::new(&script).args(files).output().expect("scripts/validate-834 runs");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    match out.status.code() {
        Some(0) => {}
        Some(3) if std::env::var("CI").as_deref() != Ok("true") => {
            eprintln!("SKIPPED: the outside validation of {} 834 files: {said}", files.len())
        }
        _ => panic!("the outside validators found errors:\n{said}"),
    }
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("enroll-x12-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
}

#[test]
fn a_familys_medical_and_dental_plans_are_one_transaction_pinned_byte_for_byte() {
    let codes = codes();
    let set = transaction(
        &codes,
        &Guide::default(),
        &header(1, false),
        &[family(Tier::IF, &["medical", "dental"], Maintenance::Addition)],
    )
    .unwrap();
    let file = interchange(&envelope(1), &[set.to_string()]);
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/834-family.x12");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &file).unwrap();
    }
    assert_eq!(file, std::fs::read_to_string(&golden).unwrap(), "UPDATE_GOLDEN=1 writes it again, to be read");
    held_to_both_validators(&[&golden]);
}

/// The file `enrollment` makes, pinned as `tests/golden/{name}.x12`; its path.
fn pinned(name: &str, enrollment: Enrollment) -> PathBuf {
    let set = transaction(&codes(), &Guide::default(), &header(7, false), &[enrollment]).unwrap();
    let file = interchange(&envelope(7), &[set.to_string()]);
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.x12"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &file).unwrap();
    }
    assert_eq!(
        file,
        std::fs::read_to_string(&golden).unwrap_or_default(),
        "{name}: UPDATE_GOLDEN=1 writes it, to be read"
    );
    golden
}

/// The segments of member loop `n` (0: the first member sent) of a pinned file.
fn member_segments(path: &Path, n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let segments: Vec<String> = text.split('~').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let starts: Vec<usize> =
        segments.iter().enumerate().filter(|(_, s)| s.starts_with("INS*")).map(|(i, _)| i).collect();
    let end = starts.get(n + 1).copied().unwrap_or_else(|| segments.iter().position(|s| s.starts_with("SE*")).unwrap());
    segments[starts[n]..end].to_vec()
}

#[test]
fn each_change_after_the_sale_says_what_happens_to_whom_pinned_byte_for_byte_and_read_by_both_validators() {
    // Dana and Sam, with a medical and a dental plan since January 1; Zoë is born on May 17.
    let mut birth = family(Tier::IF, &["medical", "dental"], Maintenance::Addition);
    birth.members[2].first_name = "Zoë".into();
    birth.members[2].birth_date = day("2027-05-17");
    birth.maintenance = Maintenance::Change(Change {
        reason: "02".into(),
        effective: day("2027-05-17"),
        members: vec![(2, MemberChange::Added)],
        coverages: Vec::new(),
    });
    let birth = pinned("834-change-birth", birth);
    let dana = member_segments(&birth, 0);
    assert_eq!(dana[0], "INS*Y*18*001*02*A***AC", "the subscriber's loop is a change, for the birth");
    assert!(dana.contains(&"HD*001**HLT*Harborstone medical plan, Gold*FAM".to_string()), "now a family: {dana:?}");
    assert!(dana.contains(&"DTP*303*D8*20270517".to_string()), "from the day of birth: {dana:?}");
    let zoe = member_segments(&birth, 1);
    assert_eq!(zoe[0], "INS*N*19*021*02*A", "the newborn is added, for a birth");
    assert!(zoe.contains(&"NM1*IL*1*Okafor*Zoe".to_string()), "{zoe:?}");
    assert!(zoe.contains(&"DTP*348*D8*20270517".to_string()), "covered from birth: {zoe:?}");
    assert_eq!(member_segments(&birth, 1).len(), zoe.len(), "Sam, whom the birth does not change, is not sent");

    // Dana and Sam divorce on June 12: Sam is covered to June 30.
    let mut divorce = family(Tier::IO, &["medical"], Maintenance::Addition);
    divorce.members.push(family(Tier::IS, &[], Maintenance::Addition).members[1].clone());
    divorce.coverages[0].covers = vec![1];
    divorce.maintenance = Maintenance::Change(Change {
        reason: "01".into(),
        effective: day("2027-07-01"),
        members: vec![(1, MemberChange::Ended { last_day: day("2027-06-30") })],
        coverages: Vec::new(),
    });
    let divorce = pinned("834-change-divorce", divorce);
    let sam = member_segments(&divorce, 1);
    assert_eq!(sam[0], "INS*N*01*024*01*A");
    assert!(sam.contains(&"DTP*349*D8*20270630".to_string()), "{sam:?}");
    assert!(member_segments(&divorce, 0).contains(&"HD*001**HLT*Harborstone medical plan, Gold*EMP".to_string()));

    // The family ends its dental plan at the end of August: everyone's dental coverage ends.
    let mut ended = family(Tier::IF, &["dental"], Maintenance::Addition);
    let last_day = day("2027-08-31");
    ended.maintenance = Maintenance::Change(Change {
        reason: "14".into(),
        effective: day("2027-09-01"),
        members: (0..3).map(|i| (i, MemberChange::Ended { last_day })).collect(),
        coverages: Vec::new(),
    });
    let ended = pinned("834-change-plan-ended", ended);
    for n in 0..3 {
        assert!(member_segments(&ended, n)[0].contains("*024*14*"), "member {n}");
    }

    // An agent brings the dental plan back.
    let mut back = family(Tier::IF, &["dental"], Maintenance::Addition);
    back.maintenance = Maintenance::Change(Change {
        reason: "41".into(),
        effective: day("2027-09-01"),
        members: (0..3).map(|i| (i, MemberChange::Reinstated)).collect(),
        coverages: Vec::new(),
    });
    let back = pinned("834-change-reinstatement", back);
    assert!(member_segments(&back, 0).contains(&"HD*025**DEN*Harborstone dental plan, Gold*FAM".to_string()));

    // Dana moves: her loop alone, with her new address and no plan.
    let mut moved = family(Tier::IF, &["medical"], Maintenance::Addition);
    moved.members[0].address.as_mut().unwrap().line1 = "400 Ponce de Leon Ave NE".into();
    moved.maintenance = Maintenance::Change(Change {
        reason: "43".into(),
        effective: day("2027-10-01"),
        members: vec![(0, MemberChange::Changed { prior_name: None })],
        coverages: Vec::new(),
    });
    let moved = pinned("834-change-address", moved);
    let dana = member_segments(&moved, 0);
    assert!(
        dana.contains(&"N3*400 Ponce de Leon Ave NE".to_string()) && !dana.iter().any(|s| s.starts_with("HD*")),
        "{dana:?}"
    );

    // Dana takes her husband's name: the corrected name, then the one it replaces.
    let mut renamed = family(Tier::IF, &["medical"], Maintenance::Addition);
    renamed.members[0].last_name = "Okafor-Núñez".into();
    let prior_name = Some(PriorName { first_name: "Dana".into(), last_name: "Okafor".into() });
    renamed.maintenance = Maintenance::Change(Change {
        reason: "25".into(),
        effective: day("2027-10-01"),
        members: vec![(0, MemberChange::Changed { prior_name })],
        coverages: Vec::new(),
    });
    let renamed = pinned("834-change-name", renamed);
    let dana = member_segments(&renamed, 0);
    assert!(dana.iter().any(|s| s.starts_with("NM1*74*1*Okafor-Nunez*Dana")), "{dana:?}");
    assert!(dana.contains(&"NM1*70*1*Okafor*Dana".to_string()), "{dana:?}");

    // For the birth, the family leaves the Gold medical plan at the end of May for the Silver one from June 1; the
    // dental plan stays as it was and is not sent.
    let mut switched = family(Tier::IF, &["medical", "dental"], Maintenance::Addition);
    let mut silver = switched.coverages[0].clone();
    silver.plan = "Harborstone medical plan, Silver".into();
    silver.effective = day("2027-06-01");
    switched.coverages.push(silver);
    switched.maintenance = Maintenance::Change(Change {
        reason: "02".into(),
        effective: day("2027-06-01"),
        members: Vec::new(),
        coverages: vec![(0, CoverageChange::Ended { last_day: day("2027-05-31") }), (2, CoverageChange::Added)],
    });
    let switched = pinned("834-change-plan-chosen", switched);
    for n in 0..3 {
        let member = member_segments(&switched, n);
        assert!(member[0].contains("*001*02*"), "member {n} stays with the carrier: {member:?}");
        let plans: Vec<&String> = member.iter().filter(|s| s.starts_with("HD*")).collect();
        assert_eq!(
            plans,
            ["HD*024**HLT*Harborstone medical plan, Gold*FAM", "HD*021**HLT*Harborstone medical plan, Silver*FAM"],
            "member {n}: the plan left and the plan chosen, not the dental plan"
        );
        let at = |p: &str| member.iter().position(|s| s == p).unwrap_or_else(|| panic!("member {n}: {p} {member:?}"));
        assert!(at("DTP*349*D8*20270531") > at("HD*024**HLT*Harborstone medical plan, Gold*FAM"));
        assert!(at("DTP*348*D8*20270601") > at("HD*021**HLT*Harborstone medical plan, Silver*FAM"));
    }

    held_to_both_validators(&[&birth, &divorce, &ended, &back, &moved, &renamed, &switched]);
}

#[test]
fn every_category_tier_and_event_makes_a_file_both_outside_validators_read() {
    let codes = codes();
    let guide = every_line_guide();
    let dir = scratch();
    let categories: Vec<&str> = CATEGORIES.to_vec();
    for category in &categories {
        assert!(guide.line(&codes, category, None).is_ok(), "{category} has its line");
    }
    let statuses = [
        EmploymentStatus::FullTime,
        EmploymentStatus::PartTime,
        EmploymentStatus::Cobra { qualifying_event: "1".into() },
        EmploymentStatus::Retired,
    ];
    let mut files = Vec::new();
    for (n, tier) in Tier::ALL.into_iter().enumerate() {
        let events = [
            (Maintenance::Addition, false),
            (Maintenance::Cancellation { last_day: day("2027-01-20") }, false),
            (Maintenance::Audit, true),
        ];
        for (m, (maintenance, verify)) in events.into_iter().enumerate() {
            let number = (n * 10 + m + 1) as u32;
            // Two applications in one transaction: one of every category, by a rep, in Spanish, with beneficiaries;
            // and an employee's medical plan alone, employed as each tier's turn says.
            let mut everything = family(tier, &categories, maintenance.clone());
            everything.language = Some("spa".into());
            everything.broker = Some(Broker { name: "Jordan Whitfield".into(), npn: "17781004".into() });
            everything.beneficiaries = vec![
                Beneficiary { name: "Sam Okafor".into(), relationship: "Spouse".into(), percent: 60 },
                Beneficiary { name: "Ada Okafor".into(), relationship: "Child".into(), percent: 40 },
            ];
            let mut employee = family(tier, &["medical"], maintenance);
            employee.employment = Some(Employment { status: statuses[n].clone(), started: Some(day("2019-03-04")) });
            employee.group_policy = Some("HS-G2556-01".into());
            employee.policy_id = "P2026-000124".into();
            let set = transaction(&codes, &guide, &header(number, verify), &[everything, employee]).unwrap();
            let path = dir.join(format!("834-{}-{m}.x12", tier.code()));
            std::fs::write(&path, interchange(&envelope(number as u64), &[set.to_string()])).unwrap();
            files.push(path);
        }
    }
    held_to_both_validators(&files.iter().map(PathBuf::as_path).collect::<Vec<_>>());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_code_the_guide_does_not_have_is_refused_where_it_is_written() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows/x12.yaml")).unwrap();
    let wrong = text.replace("  di: LTD\n", "  di: LTD\n  term_life: LIF\n");
    let error = engine::workflow::parse_x12_file("x12.yaml", &wrong).unwrap_err();
    assert_eq!(error.path, "/insurance_lines/term_life");
    assert!(error.reason.starts_with("LIF is not a code of element 1205 (HD03) in 005010X220A1"), "{}", error.reason);
    let no_family = text.replace("  IF: FAM\n", "");
    assert_eq!(
        engine::workflow::parse_x12_file("x12.yaml", &no_family).unwrap_err().reason,
        "tier IF has no coverage level"
    );
    let codes = codes();
    assert_eq!(codes.missing_lines(["medical", "space_travel"]), ["space_travel"]);
}

fn harborstone(group: bool) -> engine::x12::Sender {
    engine::x12::Sender {
        interchange_sender: "HARBORSTONE".into(),
        interchange_receiver: "BENEFITSTORE".into(),
        group_sender: group.then(|| "HARBORSTONE".into()),
        group_receiver: group.then(|| "BENEFITSTORE".into()),
    }
}

#[test]
fn a_carriers_999_and_ta1_say_which_sets_were_accepted_and_why_the_others_were_not() {
    use engine::x12::{Acknowledgement, SetAcknowledgement, Verdict};
    let answer =
        "ISA*00*          *00*          *ZZ*HARBORSTONE    *ZZ*BENEFITSTORE   *261127*0900*^*00501*000000077*0*T*:~\n\
        TA1*000000012*261126*1030*A*000~\n\
        GS*FA*HARBORSTONE*BENEFITSTORE*20261127*0900*77*X*005010X231A1~\n\
        ST*999*0001*005010X231A1~\n\
        AK1*BE*12*005010X220A1~\n\
        AK2*834*0001*005010X220A1~\n\
        IK5*A~\n\
        AK2*834*0002*005010X220A1~\n\
        IK3*NM1*9*2100*8~\n\
        IK4*9*67*7*123456789~\n\
        IK5*R*5~\n\
        AK2*834*0003*005010X220A1~\n\
        IK3*DMG*12*2100*8~\n\
        IK4*3:0*1251*8~\n\
        IK5*E*5~\n\
        AK9*P*3*3*2~\n\
        SE*15*0001~\n\
        GE*1*77~\n\
        IEA*1*000000077~\n";
    let read = engine::x12::read_acknowledgements(answer).unwrap();
    assert_eq!(
        read,
        vec![
            Acknowledgement::Interchange {
                from: harborstone(false),
                control_number: 12,
                verdict: Verdict::Accepted,
                reason: None
            },
            Acknowledgement::Sets {
                from: harborstone(true),
                group_control: 12,
                sets: vec![
                    SetAcknowledgement { set_control: "0001".into(), verdict: Verdict::Accepted, reason: None },
                    SetAcknowledgement {
                        set_control: "0002".into(),
                        verdict: Verdict::Rejected,
                        reason: Some(
                            "segment NM1 at 9: segment has data element errors; element 9: invalid code value; \
                             segments in error"
                                .into()
                        ),
                    },
                    SetAcknowledgement {
                        set_control: "0003".into(),
                        verdict: Verdict::AcceptedWithErrors,
                        reason: Some(
                            "segment DMG at 12: segment has data element errors; element 3: invalid date; segments in \
                             error"
                                .into()
                        ),
                    },
                ],
            },
        ]
    );
    assert!(!format!("{read:?}").contains("123456789"), "a copy of the bad data is never kept");
    let rejected = "ISA*00*          *00*          *ZZ*HARBORSTONE    *ZZ*BENEFITSTORE   *261127*0900*^*00501*000000078*0*T*:~TA1*000000013*261126*1030*R*006~IEA*0*000000078~";
    assert_eq!(
        engine::x12::read_acknowledgements(rejected).unwrap(),
        vec![Acknowledgement::Interchange {
            from: harborstone(false),
            control_number: 13,
            verdict: Verdict::Rejected,
            reason: Some("the interchange was rejected: the sender's id is not valid (TA1 note code 006)".into()),
        }]
    );
    assert_eq!(
        engine::x12::read_acknowledgements("hello").unwrap_err(),
        "not an X12 interchange (it does not start with ISA)"
    );
}

#[test]
fn every_functional_group_of_an_acknowledgement_is_read_with_its_own_sender_in_whatever_separators_it_declares() {
    use engine::x12::{Acknowledgement, Verdict};
    // Two groups in one interchange (the second a 997, which some carriers still send), the whole first group
    // rejected by its AK9 alone, separators `|` and `!` and no line breaks.
    let answer =
        "ISA|00|          |00|          |ZZ|HARBORSTONE    |ZZ|BENEFITSTORE   |261127|0900|^|00501|000000080|0|P|>!\
        GS|FA|HARBORSTONE|BENEFITSTORE|20261127|0900|80|X|005010X231A1!ST|999|0001|005010X231A1!AK1|BE|21|005010X220A1!\
        AK9|R|2|2|0|5!SE|4|0001!GE|1|80!GS|FA|HARBORDENT|BENEFITSTORE|20261127|0900|81|X|004010!ST|997|0001!\
        AK1|BE|22!AK2|834|0001!AK5|A!AK9|A|1|1|1!SE|6|0001!GE|1|81!IEA|2|000000080!";
    let read = engine::x12::read_acknowledgements(answer).unwrap();
    assert_eq!(read.len(), 2, "{read:?}");
    assert_eq!(
        read[0],
        Acknowledgement::Group {
            from: harborstone(true),
            group_control: 21,
            verdict: Verdict::Rejected,
            reason: Some("the functional group was rejected: number of included sets does not match the count".into()),
        }
    );
    let Acknowledgement::Sets { from, group_control: 22, sets } = &read[1] else { panic!("{read:?}") };
    assert_eq!(from.group_sender.as_deref(), Some("HARBORDENT"));
    assert_eq!(sets[0].verdict, Verdict::Accepted);
    assert!(read[0].from().is("HARBORSTONE", "BENEFITSTORE"));
    assert!(!read[1].from().is("HARBORSTONE", "BENEFITSTORE"), "a group another sender wrote is not Harborstone's");
    assert!(!read[0].from().is("FAIRMEADOW", "BENEFITSTORE"));
    assert!(!read[0].from().is("HARBORSTONE", "OTHERSTORE"), "an answer addressed to another store");
}

#[test]
fn an_acknowledgement_cut_short_or_out_of_order_is_refused_in_words_never_half_read() {
    let isa =
        "ISA*00*          *00*          *ZZ*HARBORSTONE    *ZZ*BENEFITSTORE   *261127*0900*^*00501*000000077*0*T*:~";
    for (body, error) in [
        ("GS*FA*H*B*1*1*1*X*1~ST*999*1~AK1*BE*12~AK2*834*0001~AK9*A*1*1*1~SE*4*1~", "a 999 set answer without its IK5"),
        ("GS*FA*H*B*1*1*1*X*1~ST*999*1~AK1*BE*12~AK2*834*0001~IK5*A~", "a 999 that ends before its AK9 and SE"),
        ("GS*FA*H*B*1*1*1*X*1~ST*999*1~AK1*BE*twelve~", "a 999 whose AK1 names no group control number"),
        ("GS*FA*H*B*1*1*1*X*1~ST*999*1~AK1*BE*12~SE*2*1~", "a 999 that ends before its AK9"),
        ("IK5*A~", "an IK5 outside an AK2"),
        ("TA1*x*1*1*A*000~", "a TA1 without a control number"),
        ("GS*FA*H*B*1*1*1*X*1~GE*0*1~", "no TA1 or 999 acknowledgement in it"),
    ] {
        assert_eq!(engine::x12::read_acknowledgements(&format!("{isa}{body}IEA*1*000000077~")).unwrap_err(), error);
    }
    assert_eq!(engine::x12::read_acknowledgements("ISA*00*short~").unwrap_err(), "an ISA segment cut short");
}

#[test]
fn names_and_addresses_in_any_script_reach_the_carrier_in_the_x12_character_set() {
    let codes = codes();
    let mut application = family(Tier::IC, &["dental"], Maintenance::Addition);
    application.members[0].first_name = "José".into();
    application.members[0].last_name = "Muñoz-Peña".into();
    // As a person may have typed them: decomposed, with a typographic apostrophe and an invisible direction mark.
    application.members[0].address = Some(Address {
        line1: "12 Calle Pen\u{303}asco\u{200F}".into(),
        line2: Some("Piso 3º, l’Église".into()),
        city: "San José".into(),
        state: "GA".into(),
        zip: "30301".into(),
    });
    application.members[1].first_name = "Zoë".into();
    application.members[1].middle_name = Some("Renée".into());
    application.members[1].last_name = "Muñoz-Peña".into();
    let set = transaction(&codes, &Guide::default(), &header(7, false), &[application.clone()]).unwrap();
    let file = interchange(&envelope(7), &[set.to_string()]);
    assert!(file.is_ascii(), "only ASCII: {:?}", file.chars().filter(|c| !c.is_ascii()).collect::<String>());
    assert!(file.contains("NM1*IL*1*Munoz-Pena*Jose*"), "the subscriber's accents folded:\n{file}");
    assert!(file.contains("NM1*IL*1*Munoz-Pena*Zoe*Renee~"), "the dependent's, with her middle name:\n{file}");
    assert!(file.contains("N3*12 Calle Penasco*Piso 3o, l'Eglise~"), "the address:\n{file}");
    assert!(file.contains("N4*San Jose*GA*30301"), "the city:\n{file}");
    // A name with no ASCII form at all is kept as a name the file cannot spell (one `?` a letter), never an empty
    // element that would make the file invalid.
    application.members[1].first_name = "민준".into();
    application.members[1].last_name = "김".into();
    let set = transaction(&codes, &Guide::default(), &header(8, false), &[application]).unwrap();
    let korean = interchange(&envelope(8), &[set.to_string()]);
    assert!(korean.is_ascii() && korean.contains("NM1*IL*1*?*??"), "{korean}");
    let dir = scratch();
    let mut paths = Vec::new();
    for (n, text) in [file, korean].iter().enumerate() {
        let path = dir.join(format!("834-names-{n}.x12"));
        std::fs::write(&path, text).unwrap();
        paths.push(path);
    }
    held_to_both_validators(&paths.iter().map(PathBuf::as_path).collect::<Vec<_>>());
    std::fs::remove_dir_all(dir).unwrap();
}

/// Each golden file: what a carrier's EDI team receives for one kind of application, pinned byte for byte and read
/// by both outside validators. `UPDATE_GOLDEN=1` writes them again, to be read before they are committed.
#[test]
fn each_kind_of_application_makes_its_golden_file_which_both_validators_read() {
    let codes = codes();
    let life_guide = Guide {
        line_meanings: [("AH".to_string(), "term life (the TR3 has no life line)".to_string())].into_iter().collect(),
        insurance_lines: [("term_life".to_string(), "AH".to_string())].into_iter().collect(),
        takes: [
            Extra::Broker,
            Extra::Contact,
            Extra::Language,
            Extra::Premium,
            Extra::CoverageAmount,
            Extra::Beneficiaries,
        ]
        .into_iter()
        .collect(),
        master_policy: Some("NGL-MP-2026-0001".into()),
        ..Guide::default()
    };
    let older = Guide { character_set: CharacterSet::Basic, case: LetterCase::Upper, ..Guide::default() };
    let employer = Party { name: "Peachtree Logistics".into(), id_qualifier: "FI".into(), id: "581234556".into() };

    // An individual family on medical, who applied in Spanish.
    let mut individual = family(Tier::IF, &["medical"], Maintenance::Addition);
    individual.language = Some("spa".into());
    // An employee of a group on dental, under the group's policy, to a carrier that reads the basic set in capitals.
    let mut dental = family(Tier::IS, &["dental"], Maintenance::Addition);
    dental.employment = Some(Employment { status: EmploymentStatus::FullTime, started: Some(day("2019-03-04")) });
    dental.group_policy = Some("BB-G2556".into());
    dental.members[0].first_name = "José".into();
    dental.members[0].last_name = "Muñoz-Peña".into();
    // Term life with two beneficiaries, enrolled by a rep.
    let mut life = family(Tier::IO, &["term_life"], Maintenance::Addition);
    life.broker = Some(Broker { name: "Jordan Whitfield".into(), npn: "17781004".into() });
    life.beneficiaries = vec![
        Beneficiary { name: "Sam Okafor".into(), relationship: "Spouse".into(), percent: 60 },
        Beneficiary { name: "Ada Okafor".into(), relationship: "Child".into(), percent: 40 },
    ];
    // A rep-enrolled individual on medical.
    let mut rep = family(Tier::IO, &["medical"], Maintenance::Addition);
    rep.broker = Some(Broker { name: "Jordan Whitfield".into(), npn: "17781004".into() });
    // A COBRA employee whose employment ended, with his wife.
    let mut cobra = family(Tier::IS, &["medical"], Maintenance::Addition);
    cobra.employment = Some(Employment {
        status: EmploymentStatus::Cobra { qualifying_event: "1".into() },
        started: Some(day("2015-06-01")),
    });
    cobra.group_policy = Some("HS-G2556-01".into());

    // An employee on medical whose employer pays half of the $412.50, to a carrier whose guide takes the share.
    let sharing =
        Guide { takes: Extra::standard().into_iter().chain([Extra::EmployerShare]).collect(), ..Guide::default() };
    let mut shared = family(Tier::IO, &["medical"], Maintenance::Addition);
    shared.employment = Some(Employment { status: EmploymentStatus::FullTime, started: Some(day("2019-03-04")) });
    shared.group_policy = Some("HS-G2556-01".into());
    shared.coverages[0].employer_share = Some(Cents(20_625));

    let individual_sponsor = header(1, false).sponsor;
    let cases: [(&str, &Guide, &Party, &Enrollment, &[&str]); 6] = [
        (
            "834-individual-family.x12",
            &Guide::default(),
            &individual_sponsor,
            &individual,
            &["LUI*LD*spa**7~", "AMT*P3*412.5~", "DMG*D8*19860501*F*M~"],
        ),
        (
            "834-employer-dental.x12",
            &older,
            &employer,
            &dental,
            &["NM1*IL*1*MUNOZ-PENA*JOSE", "REF*1L*BB-G2556~", "INS*Y*18*021*28*A***FT~", "DTP*336*D8*20190304~"],
        ),
        (
            "834-life-beneficiaries.x12",
            &life_guide,
            &individual_sponsor,
            &life,
            &[
                "HD*021**AH*",
                "N1*75*BENEFICIARY~",
                "REF*ZZ*Sam Okafor, Spouse, 60%~",
                "REF*ZZ*100000~",
                "REF*38*NGL-MP-2026-0001~",
            ],
        ),
        (
            "834-rep-enrolled.x12",
            &Guide::default(),
            &individual_sponsor,
            &rep,
            &["N1*BO*Jordan Whitfield*94*17781004~"],
        ),
        ("834-cobra.x12", &Guide::default(), &employer, &cobra, &["INS*Y*18*021*28*C**1*TE~", "INS*N*01*021*28*C**1~"]),
        (
            "834-employer-share.x12",
            &sharing,
            &employer,
            &shared,
            &["AMT*P3*412.5~", "N1*75*EMPLOYER CONTRIBUTION~", "REF*ZZ*206.25 Harborstone medical plan, Gold~"],
        ),
    ];
    let mut goldens = Vec::new();
    for (n, (name, guide, sponsor, application, says)) in cases.into_iter().enumerate() {
        let mut head = header(n as u32 + 1, false);
        head.sponsor = sponsor.clone();
        let set = transaction(&codes, guide, &head, std::slice::from_ref(application)).unwrap();
        let file = interchange(&envelope(n as u64 + 1), &[set.to_string()]);
        for said in says {
            assert!(file.contains(said), "{name} says {said}:\n{file}");
        }
        let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&golden, &file).unwrap();
        }
        assert_eq!(file, std::fs::read_to_string(&golden).unwrap_or_default(), "{name}: UPDATE_GOLDEN=1 writes it");
        goldens.push(golden);
    }
    held_to_both_validators(&goldens.iter().map(PathBuf::as_path).collect::<Vec<_>>());
}

#[test]
fn a_carrier_that_reads_the_basic_set_gets_capitals_and_no_character_outside_it() {
    let codes = codes();
    let guide = Guide { character_set: CharacterSet::Basic, ..Guide::default() };
    let mut application = family(Tier::IO, &["dental"], Maintenance::Addition);
    application.members[0].first_name = "Zoë_%@#".into();
    application.members[0].address.as_mut().unwrap().line1 = "12 Peachtree St NE #4 [rear]".into();
    let set = transaction(&codes, &guide, &header(3, false), &[application]).unwrap();
    let file = interchange(&envelope(3), &[set.to_string()]);
    assert!(file.contains("NM1*IL*1*OKAFOR*ZOE****34*"), "{file}");
    assert!(file.contains("N3*12 PEACHTREE ST NE 4 REAR~"), "{file}");
    // The e-mail address needs `@`, which the basic set has not: only the phone is sent.
    assert!(file.contains("PER*IP**TE*4045550134~"), "{file}");
    for line in file.lines().filter(|l| !l.starts_with("ISA")) {
        assert!(
            line.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || " !\"&'()*+,-./:;?=~^".contains(c)),
            "{line}"
        );
    }
}

#[test]
fn a_long_name_or_address_is_cut_at_a_word_boundary_within_the_standards_length() {
    let codes = codes();
    let mut application = family(Tier::IO, &["dental"], Maintenance::Addition);
    application.members[0].address.as_mut().unwrap().line1 =
        "1200 Marietta Boulevard Northwest, Building Seventeen, Loading Dock Entrance".into();
    application.members[0].first_name = "Maximiliana-Josefina Konstantina Alexandrovna".into();
    let set = transaction(&codes, &Guide::default(), &header(4, false), &[application]).unwrap();
    let file = interchange(&envelope(4), &[set.to_string()]);
    assert!(file.contains("N3*1200 Marietta Boulevard Northwest, Building Seventeen,~"), "{file}");
    assert!(file.contains("*Maximiliana-Josefina Konstantina****34*"), "35 at most, whole words:\n{file}");
}

#[test]
fn a_carriers_guide_says_what_its_codes_mean_and_a_code_of_neither_list_is_refused() {
    let codes = codes();
    let mut guide = every_line_guide();
    assert_eq!(guide.check(&codes), Ok(()));
    assert_eq!(guide.line(&codes, "term_life", None).as_deref(), Ok("AH"));
    assert!(guide.beyond_the_implementation_guide().is_empty(), "every file stays within the TR3");
    assert_eq!(guide.line(&codes, "di", Some("STD")).as_deref(), Ok("STD"), "a plan's own line, a standard one");
    assert_eq!(Guide::default().line(&codes, "dental", None).as_deref(), Ok("DEN"), "the installation's");
    let none = Guide::default().line(&codes, "term_life", None).unwrap_err();
    assert!(none.starts_with("no insurance line code for the category term_life"), "{none}");
    guide.insurance_lines.insert("pet".into(), "ZZZ".into());
    let (path, why) = guide.check(&codes).unwrap_err();
    assert_eq!(path, "/insurance_lines/pet");
    assert!(why.contains("nor one the carrier's guide gives the meaning of"), "{why}");
    // A code of the carrier's own, with its meaning: allowed, and said to be beyond the implementation guide.
    guide.line_meanings.insert("ZZZ".into(), "pet insurance".into());
    assert_eq!(guide.check(&codes), Ok(()));
    assert_eq!(guide.beyond_the_implementation_guide(), ["ZZZ"]);
    // A line the implementation guide has none for needs the carrier's meaning even for a code of its list.
    let mut silent = every_line_guide();
    silent.line_meanings.clear();
    let (path, why) = silent.check(&codes).unwrap_err();
    assert!(path.starts_with("/insurance_lines/") && why.contains("has no insurance line for"), "{path}: {why}");
    let status = Guide { individual_employment_status: Some("XX".into()), ..Guide::default() };
    assert_eq!(status.check(&codes).unwrap_err().0, "/individual_employment_status");
}

/// Text of any script as the forms take it (at least one letter), with whatever else a keyboard, a paste or a
/// malicious hand can put beside it: any character at all, the file's own separators, line breaks, bidirectional
/// overrides, joiners and combining marks.
fn any_name() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let letter =
        prop::sample::select(vec!['a', 'Z', 'é', 'Ñ', 'ß', 'Ø', 'ı', 'Я', 'Ω', 'ع', 'א', '김', '漢', 'ｱ', 'Ａ', 'ǅ']);
    let awkward = prop::sample::select(vec![
        '*',
        '~',
        ':',
        '^',
        '\n',
        '\r',
        '\t',
        '\u{0}',
        '\u{7f}',
        '\u{202E}',
        '\u{200D}',
        '\u{FEFF}',
        '\u{0301}',
        '\u{061C}',
        '😀',
        '\u{1F1EB}',
        ' ',
        '\u{3000}',
        '@',
        '_',
        '#',
        '[',
        '|',
        '\\',
        '{',
    ]);
    let other = prop_oneof![any::<char>(), awkward, letter.clone()];
    (letter, prop::collection::vec(other, 0..80)).prop_map(|(first, rest)| {
        let mut text = String::from(first);
        text.extend(rest);
        text
    })
}

/// Every element of a file is legal whatever the applicants typed: random Unicode in every name, address and
/// beneficiary makes files whose every element holds only the carrier's character set, within the standard's length,
/// with no separator and no empty name, and both outside validators read them all.
#[test]
fn random_unicode_in_every_name_and_address_makes_files_both_validators_read() {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let codes = codes();
    let mut runner = TestRunner::new_with_rng(Config::default(), TestRng::from_seed(RngAlgorithm::ChaCha, &[43; 32]));
    let mut draw = || any_name().new_tree(&mut runner).unwrap().current();
    let guides = [
        every_line_guide(),
        Guide { character_set: CharacterSet::Basic, case: LetterCase::Upper, ..every_line_guide() },
        Guide { case: LetterCase::Upper, ..every_line_guide() },
    ];
    let dir = scratch();
    let mut files = Vec::new();
    for n in 0..24u32 {
        let guide = &guides[n as usize % guides.len()];
        let mut applications = Vec::new();
        for _ in 0..2 {
            let mut application = family(Tier::IF, &["medical", "term_life"], Maintenance::Addition);
            for member in &mut application.members {
                member.first_name = draw();
                member.middle_name = Some(draw());
                member.last_name = draw();
            }
            let address = application.members[0].address.as_mut().unwrap();
            (address.line1, address.line2, address.city) = (draw(), Some(draw()), draw());
            for coverage in &mut application.coverages {
                coverage.plan = draw();
            }
            application.beneficiaries = vec![Beneficiary { name: draw(), relationship: "Child".into(), percent: 100 }];
            application.broker = Some(Broker { name: draw(), npn: "17781004".into() });
            applications.push(application);
        }
        let set = transaction(&codes, guide, &header(n + 1, false), &applications).unwrap();
        let file = interchange(&envelope(u64::from(n) + 1), &[set.to_string()]);
        for line in file.lines() {
            let segment = line.strip_suffix('~').unwrap_or_else(|| panic!("one segment a line: {line:?}"));
            assert!(!segment.contains('~') && segment.chars().all(|c| matches!(c, ' '..='}')), "{line:?}");
            if guide.character_set == CharacterSet::Basic && !line.starts_with("ISA") {
                let basic = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || " !\"&'()*+,-./:;?=^".contains(c);
                assert!(segment.chars().all(basic), "the basic set only: {line:?}");
            }
            let elements: Vec<&str> = segment.split('*').collect();
            if elements[0] == "NM1" && elements[1] == "IL" {
                assert!(!elements[3].is_empty() && elements[3].len() <= 60, "a last name, within 60: {line:?}");
                assert!(!elements[4].is_empty() && elements[4].len() <= 35, "a first name, within 35: {line:?}");
            }
            if elements[0] == "N3" {
                assert!(elements[1..].iter().all(|e| !e.is_empty() && e.len() <= 55), "{line:?}");
            }
        }
        let path = dir.join(format!("834-random-{n}.x12"));
        std::fs::write(&path, file).unwrap();
        files.push(path);
    }
    held_to_both_validators(&files.iter().map(PathBuf::as_path).collect::<Vec<_>>());
    std::fs::remove_dir_all(dir).unwrap();
}

/// A carrier's effectuation 834 (`tests/fixtures/effectuation-harborstone.x12`, which both outside validators read):
/// Harborstone set up Dana's family's medical and dental plans, in capitals, with its own numbers.
fn effectuation() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/effectuation-harborstone.x12");
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn a_carriers_effectuation_834_is_read_into_who_it_covers_by_which_plans_from_when_and_never_keeps_an_ssn() {
    use engine::confirmation::{differences, read_834};
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/effectuation-harborstone.x12");
    held_to_both_validators(&[&fixture]);
    let read = read_834(&effectuation()).unwrap();
    assert_eq!(read.len(), 1, "one policy: {read:?}");
    let (from, policy) = &read[0];
    assert_eq!(*from, harborstone(true));
    assert_eq!(policy.policy_id, "P2026-000123");
    assert_eq!(policy.carrier_policy_id.as_deref(), Some("HM-2027-5501"));
    let names: Vec<String> = policy.members.iter().map(|m| m.name()).collect();
    assert_eq!(names, ["DANA OKAFOR", "SAM OKAFOR", "ADA OKAFOR"]);
    assert_eq!(policy.members[2].carrier_member_id.as_deref(), Some("HM00098767"));
    assert!(policy.covers("HLT", day("2027-01-01")) && policy.covers("DEN", day("2027-06-30")));
    assert!(!policy.covers("HLT", day("2026-12-31")), "not before its first day");
    assert!(!policy.covers("VIS", day("2027-01-01")), "no plan the carrier does not list");
    let kept = serde_json::to_string(&read.iter().map(|(_, p)| p).collect::<Vec<_>>()).unwrap();
    assert!(!kept.contains("123456789") && !kept.contains("987654321"), "an SSN is never read: {kept}");

    let ours = family(Tier::IF, &["medical", "dental"], Maintenance::Addition);
    let said = differences(&codes(), &Guide::default(), &ours, policy);
    assert_eq!(said, [], "what only the carrier's capitals change is no difference");
}

#[test]
fn where_the_carriers_record_differs_from_ours_each_field_is_listed_with_both_values() {
    use engine::confirmation::{differences, read_834};
    // Ada's birth date mistyped, the dental plan set up a month late for Dana, Sam left out, a vision plan we never
    // sold; and the file written with other separators.
    let text = effectuation()
        .replace("DMG*D8*20150930*F", "DMG*D8*20150903*F")
        .replacen("HD*021**DEN*HARBORSTONE DENTAL PLAN, GOLD*FAM~\nDTP*348*D8*20270101", "HD*021**DEN*HARBORSTONE DENTAL PLAN, GOLD*FAM~\nDTP*348*D8*20270201", 1)
        .replace(
            "INS*N*01*021*EC*A~\nREF*0F*P2026-000123~\nREF*23*HM00098766~\nDTP*356*D8*20270101~\nNM1*IL*1*OKAFOR*SAM****34*987654321~\nDMG*D8*19840211*M*M~\nHD*021**HLT*HARBORSTONE MEDICAL PLAN, GOLD*FAM~\nDTP*348*D8*20270101~\nHD*021**DEN*HARBORSTONE DENTAL PLAN, GOLD*FAM~\nDTP*348*D8*20270101~\n",
            "",
        )
        .replace("REF*X9*HM-2027-5501~\nINS*N*19", "REF*X9*HM-2027-5501~\nHD*021**VIS*HARBORSTONE VISION*FAM~\nDTP*348*D8*20270101~\nINS*N*19")
        .replace('*', "|")
        .replace("~\n", "\n");
    let text = format!("{}:{}", &text[..104], &text[105..]);
    let read = read_834(&text).unwrap();
    let ours = family(Tier::IF, &["medical", "dental"], Maintenance::Addition);
    let said: Vec<String> = differences(&codes(), &Guide::default(), &ours, &read[0].1)
        .iter()
        .map(|d| format!("{} · {}: ours {}, the carrier's {}", d.member, d.field, d.ours, d.theirs))
        .collect();
    assert_eq!(
        said,
        [
            "Dana Okafor · Harborstone dental plan, Gold: first day: ours 01/01/2027, the carrier's 02/01/2027",
            "Dana Okafor · HARBORSTONE VISION: ours not covered, the carrier's covered from 01/01/2027",
            "Sam Okafor · member: ours covered, the carrier's not on the carrier's record",
            "Ada Okafor · date of birth: ours 09/30/2015, the carrier's 09/03/2015",
        ]
    );
}

#[test]
fn a_plan_the_carrier_ended_or_we_ended_is_a_difference_until_both_say_the_same_last_day() {
    use engine::confirmation::{differences, read_834};
    let ended = effectuation().replace(
        "HD*021**HLT*HARBORSTONE MEDICAL PLAN, GOLD*FAM~\nDTP*348*D8*20270101~",
        "HD*024**HLT*HARBORSTONE MEDICAL PLAN, GOLD*FAM~\nDTP*348*D8*20270101~\nDTP*349*D8*20270331~",
    );
    let read = read_834(&ended).unwrap();
    let policy = &read[0].1;
    assert!(!policy.covers("HLT", day("2027-04-01")) && policy.covers("HLT", day("2027-03-31")));
    let mut ours = family(Tier::IF, &["medical", "dental"], Maintenance::Addition);
    let fields = |ours: &Enrollment| -> Vec<String> {
        differences(&codes(), &Guide::default(), ours, policy)
            .iter()
            .map(|d| format!("{} · {}: {} / {}", d.member, d.field, d.ours, d.theirs))
            .collect()
    };
    let each = |who: &str| format!("{who} Okafor · Harborstone medical plan, Gold: last day: none / 03/31/2027");
    assert_eq!(fields(&ours), [each("Dana"), each("Sam"), each("Ada")], "the carrier ended it for each of them");
    ours.coverages[0].last_day = Some(day("2027-03-31"));
    assert_eq!(fields(&ours), Vec::<String>::new(), "the same end on both records");
    // A 024 without its last day was cancelled: it never covered.
    let cancelled = ended.replace("DTP*349*D8*20270331~\n", "");
    let read = read_834(&cancelled).unwrap();
    assert!(!read[0].1.covers("HLT", day("2027-01-02")));
}

#[test]
fn a_carriers_confirmation_in_csv_reads_as_its_834_would_and_names_its_own_mistakes_by_line_and_column() {
    use engine::confirmation::{differences, read_csv};
    let csv = "Policy_ID,relationship,first_name,last_name,date_of_birth,gender,line,plan,coverage_level,coverage_begins,coverage_ends,carrier_member_id,carrier_policy_id,address_line1,city,state,zip\n\
        P2026-000123,subscriber,José,Okafor,05/01/1986,F,HLT,\"Harborstone medical plan, Gold\",FAM,2027-01-01,,HM1,HM-2027-5501,12 Peachtree St NE Apt 4,Atlanta,GA,30301-1234\n\
        P2026-000123,subscriber,José,Okafor,05/01/1986,F,DEN,\"Harborstone dental plan, Gold\",FAM,2027-01-01,,HM1,,12 Peachtree St NE Apt 4,Atlanta,GA,30301\n\
        P2026-000123,spouse,Sam,Okafor,1984-02-11,M,HLT,,,2027-01-01,,HM2,,,,,\n\
        P2026-000123,spouse,Sam,Okafor,1984-02-11,M,DEN,,,2027-01-01,,HM2,,,,,\n\
        P2026-000123,child,Ada,Okafor,20150930,female,HLT,,,2027-01-01,,HM3,,,,,\n\
        P2026-000123,child,Ada,Okafor,20150930,female,DEN,,,2027-01-01,,HM3,,,,,\n";
    let policies = read_csv(csv).unwrap();
    assert_eq!(policies.len(), 1);
    let policy = &policies[0];
    assert_eq!(policy.carrier_policy_id.as_deref(), Some("HM-2027-5501"));
    assert_eq!(policy.members.len(), 3, "a member's rows are one member: {policy:?}");
    assert!(policy.covers("DEN", day("2027-01-01")));
    let mut ours = family(Tier::IF, &["medical", "dental"], Maintenance::Addition);
    ours.members[0].first_name = "José".into();
    let basic = Guide { character_set: CharacterSet::Basic, ..Guide::default() };
    assert_eq!(differences(&codes(), &basic, &ours, policy), [], "José is JOSE in the basic set, and a ZIP+4 its ZIP");

    for (broken, said) in [
        ("policy_id,first_name\nP1,Dana\n", "no column named relationship (the first line names the columns)"),
        (
            &csv.replace("05/01/1986,F,DEN", "1986-13-45,F,DEN"),
            "line 3: date_of_birth is not a date (YYYY-MM-DD or MM/DD/YYYY)",
        ),
        (&csv.replace(",Sam,Okafor,1984-02-11,M,DEN,", ",,Okafor,1984-02-11,M,DEN,"), "line 5: first_name is empty"),
        (&format!("{csv}P2026-000123,child\n"), "line 8: not as many values as the first line names"),
        (csv.lines().next().unwrap(), "no row after the first line"),
    ] {
        assert_eq!(read_csv(broken).unwrap_err(), said);
    }
}

#[test]
fn a_confirmation_cut_short_or_without_the_subscribers_number_is_refused_in_words() {
    use engine::confirmation::read_834;
    let text = effectuation();
    let cut = &text[..text.find("SE*").unwrap()];
    assert_eq!(read_834(cut).unwrap_err(), "an 834 that ends before its SE");
    assert_eq!(
        read_834(&text.replace("REF*0F*P2026-000123~\nREF*23*HM00098766~", "REF*23*HM00098766~")).unwrap_err(),
        "a member loop without the subscriber's number (REF*0F)"
    );
    assert_eq!(read_834("hello").unwrap_err(), "not an X12 interchange (it does not start with ISA)");
    assert!(engine::confirmation::is_834(&text) && !engine::confirmation::is_834("ISA*nothing"));
}

#[test]
fn a_households_level_is_who_it_covers_without_the_person_leaving() {
    use engine::x12::household_tier;
    let family = family(Tier::IF, &["medical"], Maintenance::Addition).members;
    assert_eq!(household_tier(&family, None), Tier::IF);
    assert_eq!(household_tier(&family, Some(2)), Tier::IS, "the child aging off leaves the couple");
    assert_eq!(household_tier(&family, Some(1)), Tier::IC, "the former spouse leaves the parent and child");
    assert_eq!(household_tier(&family[..1], None), Tier::IO);
}
