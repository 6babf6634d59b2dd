//! What a carrier says it holds of a policy, and where that differs from what we sent.
//!
//! An acknowledgement (999, TA1) says only that a file could be read. Whether the carrier set the coverage up is
//! its confirmation: an effectuation 834 (the carrier's own 834 back to us, `INS03` 021 or 030 with its dates), or,
//! for a carrier that writes no 834, a CSV file of the columns [`read_csv`] names. Both are read into the same
//! [`HeldPolicy`]; [`differences`] compares it with our record (an [`Enrollment`] as our files say it), field by
//! field, in the words an operator reads.
//!
//! What is read is only what a confirmation is about: who is covered (names, birth date, gender, relationship, the
//! subscriber's address), by which plans (insurance line, plan, level) and from when until when, and the carrier's
//! own numbers. An SSN a carrier sends (`NM109`) is never read.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::x12::{read_segments, Codes, Enrollment, Guide, Relationship, Sender};

/// A plan as the carrier holds it for a member.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldCoverage {
    /// How the carrier sent it (HD01: `021` addition, `030` audit, `024` termination, ...); none in a CSV.
    pub maintenance: Option<String>,
    /// The insurance line (HD03: `HLT`, `DEN`, ...).
    pub line: String,
    /// The plan as the carrier names it (HD04), when it does.
    pub plan: Option<String>,
    /// The coverage level (HD05: `FAM`, `EMP`, ...), when given.
    pub level: Option<String>,
    /// The first day of coverage (DTP*348).
    pub begins: Option<NaiveDate>,
    /// The last day of coverage (DTP*349), once the carrier ended it (a 024, or a date given).
    pub ends: Option<NaiveDate>,
}

/// A postal address as the carrier holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldAddress {
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub state: String,
    pub zip: String,
}

/// A person as the carrier holds them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldMember {
    /// INS01 `Y`.
    pub subscriber: bool,
    /// The individual relationship code (INS02: `18` self, `01` spouse, `19` child, ...).
    pub relationship: String,
    /// The carrier's own number for the member (REF*23), when it gives one.
    pub carrier_member_id: Option<String>,
    pub first_name: String,
    pub middle_name: Option<String>,
    pub last_name: String,
    pub birth_date: Option<NaiveDate>,
    /// The gender code (DMG03: `F`, `M`, `U`).
    pub gender: Option<String>,
    /// The subscriber's residence (N3, N4).
    pub address: Option<HeldAddress>,
    pub coverages: Vec<HeldCoverage>,
}

impl HeldMember {
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }
}

/// A policy as the carrier holds it: our confirmation number (REF*0F, the subscriber's number we sent) and its
/// members, the subscriber first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldPolicy {
    pub policy_id: String,
    /// The carrier's own number for the policy (REF*X9 of a plan, or the CSV's `carrier_policy_id`), when it gives
    /// one.
    pub carrier_policy_id: Option<String>,
    pub members: Vec<HeldMember>,
}

impl HeldPolicy {
    /// Whether the carrier covers the subscriber by a plan of `line` on `day`: it began on or before it, and has not
    /// ended before it. A plan the carrier lists with no first day is not set up.
    pub fn covers(&self, line: &str, day: NaiveDate) -> bool {
        self.subscriber_coverage(line)
            .is_some_and(|c| c.begins.is_some_and(|b| b <= day) && c.ends.is_none_or(|e| e >= day))
    }

    /// The subscriber's coverage by our plan `plan` (named as our files name it in HD04) of insurance line `line`,
    /// which covers from `first_day`: the coverage the carrier names so, or else the one it begins that day, or else,
    /// when the policy holds no other plan of the line (`alone`), the carrier's one coverage of it. A plan that
    /// replaced another of the same line is not confirmed by the carrier's record of the one it replaced.
    pub fn subscriber_coverage_of(
        &self,
        line: &str,
        plan: &str,
        first_day: NaiveDate,
        alone: bool,
    ) -> Option<&HeldCoverage> {
        let subscriber = self.members.iter().find(|m| m.subscriber)?;
        let of_line: Vec<&HeldCoverage> =
            subscriber.coverages.iter().filter(|c| c.line.eq_ignore_ascii_case(line)).collect();
        // HD04 holds 50 characters: a longer name arrives cut.
        let ours: String = plan.trim().chars().take(50).collect::<String>().to_lowercase();
        let named = |c: &&&HeldCoverage| c.plan.as_deref().is_some_and(|p| p.trim().to_lowercase() == ours.trim());
        of_line
            .iter()
            .find(named)
            .or_else(|| of_line.iter().find(|c| c.begins == Some(first_day)))
            .or_else(|| of_line.first().filter(|_| alone && of_line.len() == 1))
            .copied()
    }

    /// The subscriber's plan of `line`, as the carrier holds it.
    pub fn subscriber_coverage(&self, line: &str) -> Option<&HeldCoverage> {
        self.members.iter().find(|m| m.subscriber)?.coverages.iter().find(|c| c.line.eq_ignore_ascii_case(line))
    }
}

/// The policies of an effectuation 834, each with the envelope it came in (who wrote it, to whom).
pub type Confirmed = Vec<(Sender, HeldPolicy)>;

/// Whether `text` is an 834 interchange (the carrier's confirmation) rather than an acknowledgement or anything else.
pub fn is_834(text: &str) -> bool {
    read_segments(text).is_ok_and(|(_, segments)| segments.iter().any(|s| s[0] == "ST" && s.get(1) == Some(&"834")))
}

fn x12_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y%m%d").ok()
}

/// A member loop being read: the subscriber's number (REF*0F) and the carrier's policy number (REF*X9) once they
/// come, and the member.
type Reading = (Option<String>, Option<String>, HeldMember);

/// Reads a carrier's effectuation 834: every member loop of every 834 of every functional group, gathered into
/// policies by their subscriber's number (REF*0F), in the order they come. A file is read whole or not at all; an
/// error says what could not be read (never what the file holds of a person).
pub fn read_834(text: &str) -> Result<Confirmed, String> {
    let (_, segments) = read_segments(text)?;
    let mut envelope: Option<(String, String)> = None;
    let mut group: Option<(String, String)> = None;
    let mut in_set = false;
    let mut read: Vec<(Sender, HeldPolicy)> = Vec::new();
    // The member being read, and the number of the policy it belongs to once its REF*0F comes.
    let mut member: Option<Reading> = None;
    let mut name_loop = "";
    let finish =
        |member: &mut Option<Reading>, read: &mut Vec<(Sender, HeldPolicy)>, from: &Sender| -> Result<(), String> {
            let Some((policy_id, carrier_policy_id, held)) = member.take() else { return Ok(()) };
            let policy_id = policy_id.ok_or("a member loop without the subscriber's number (REF*0F)")?;
            match read.iter_mut().find(|(sender, p)| p.policy_id == policy_id && sender == from) {
                Some((_, policy)) => {
                    policy.carrier_policy_id = policy.carrier_policy_id.take().or(carrier_policy_id);
                    policy.members.push(held);
                }
                None => read.push((from.clone(), HeldPolicy { policy_id, carrier_policy_id, members: vec![held] })),
            }
            Ok(())
        };
    let sender = |envelope: &Option<(String, String)>, group: &Option<(String, String)>| -> Result<Sender, String> {
        let (interchange_sender, interchange_receiver) = envelope.clone().ok_or("a segment before any ISA")?;
        Ok(Sender {
            interchange_sender,
            interchange_receiver,
            group_sender: group.as_ref().map(|g| g.0.clone()),
            group_receiver: group.as_ref().map(|g| g.1.clone()),
        })
    };
    for elements in &segments {
        let at = |i: usize| elements.get(i).copied().unwrap_or_default();
        let given = |i: usize| Some(at(i)).filter(|t| !t.is_empty()).map(str::to_string);
        match at(0) {
            "ISA" => {
                if elements.len() < 17 {
                    return Err("an ISA segment without its 16 elements".into());
                }
                envelope = Some((at(6).to_string(), at(8).to_string()));
                group = None;
            }
            "GS" => group = Some((at(2).to_string(), at(3).to_string())),
            "ST" => in_set = at(1) == "834",
            "SE" if in_set => {
                finish(&mut member, &mut read, &sender(&envelope, &group)?)?;
                in_set = false;
            }
            _ if !in_set => {}
            "INS" => {
                finish(&mut member, &mut read, &sender(&envelope, &group)?)?;
                if at(2).is_empty() {
                    return Err("an INS segment without the member's relationship (INS02)".into());
                }
                member = Some((
                    None,
                    None,
                    HeldMember {
                        subscriber: at(1) == "Y",
                        relationship: at(2).to_string(),
                        carrier_member_id: None,
                        first_name: String::new(),
                        middle_name: None,
                        last_name: String::new(),
                        birth_date: None,
                        gender: None,
                        address: None,
                        coverages: Vec::new(),
                    },
                ));
                name_loop = "";
            }
            _ if member.is_none() => {}
            segment => {
                let (policy_id, carrier_policy_id, held) = member.as_mut().expect("a member is being read");
                match segment {
                    "REF" if held.coverages.is_empty() => match at(1) {
                        "0F" => *policy_id = given(2),
                        "23" => held.carrier_member_id = given(2),
                        _ => {}
                    },
                    "NM1" => {
                        name_loop = at(1);
                        // The insured's name (IL), or a corrected one (74); a prior name (70) and every other party
                        // of the member's loops (a custodial parent, a responsible person) are not the member.
                        if matches!(at(1), "IL" | "74") {
                            held.last_name = at(3).to_string();
                            held.first_name = at(4).to_string();
                            held.middle_name = given(5);
                        }
                    }
                    "N3" if matches!(name_loop, "IL" | "74") => {
                        let address = held.address.get_or_insert_with(empty_address);
                        address.line1 = at(1).to_string();
                        address.line2 = given(2);
                    }
                    "N4" if matches!(name_loop, "IL" | "74") => {
                        let address = held.address.get_or_insert_with(empty_address);
                        address.city = at(1).to_string();
                        address.state = at(2).to_string();
                        address.zip = at(3).to_string();
                    }
                    "DMG" if matches!(name_loop, "IL" | "74") => {
                        held.birth_date = x12_date(at(2));
                        held.gender = given(3);
                    }
                    "HD" => {
                        name_loop = "";
                        held.coverages.push(HeldCoverage {
                            maintenance: given(1),
                            line: at(3).to_string(),
                            plan: given(4),
                            level: given(5),
                            begins: None,
                            ends: None,
                        });
                    }
                    "DTP" if !held.coverages.is_empty() => {
                        let coverage = held.coverages.last_mut().expect("a coverage is being read");
                        match at(1) {
                            "348" => coverage.begins = x12_date(at(3)),
                            "349" => coverage.ends = x12_date(at(3)),
                            _ => {}
                        }
                    }
                    // The carrier's number for the policy (REF*X9 of a plan, as issuers give it back).
                    "REF" if at(1) == "X9" => *carrier_policy_id = carrier_policy_id.take().or(given(2)),
                    _ => {}
                }
            }
        }
    }
    if in_set {
        return Err("an 834 that ends before its SE".into());
    }
    // A 024 whose DTP*349 never came ends on its first day: it was cancelled.
    for (_, policy) in &mut read {
        for coverage in policy.members.iter_mut().flat_map(|m| m.coverages.iter_mut()) {
            if coverage.maintenance.as_deref() == Some("024") && coverage.ends.is_none() {
                coverage.ends = coverage.begins;
            }
        }
    }
    if read.is_empty() {
        return Err("no 834 member loop in it".into());
    }
    Ok(read)
}

fn empty_address() -> HeldAddress {
    HeldAddress { line1: String::new(), line2: None, city: String::new(), state: String::new(), zip: String::new() }
}

/// The columns of a carrier's confirmation in CSV, a row for each plan of each member (the first line names them, in
/// any order, in any case): `policy_id` (our confirmation number), `relationship` (`subscriber`, `spouse`, `child`,
/// or an X12 individual relationship code), `first_name`, `last_name`, `date_of_birth`, `line` (the insurance line,
/// as HD03: `HLT`, `DEN`, `VIS`, ...) and `coverage_begins` are required; `middle_name`, `gender` (`F`, `M`, `U`),
/// `plan`, `coverage_level` (as HD05: `FAM`, `EMP`, ...), `coverage_ends`, `carrier_member_id`, `carrier_policy_id`,
/// `address_line1`, `address_line2`, `city`, `state` and `zip` may be given. Dates are YYYY-MM-DD, MM/DD/YYYY or
/// YYYYMMDD; an empty `coverage_ends` is coverage that has not ended.
pub const CSV_COLUMNS: [&str; 7] =
    ["policy_id", "relationship", "first_name", "last_name", "date_of_birth", "line", "coverage_begins"];

fn any_date(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%m/%d/%Y"))
        .or_else(|_| NaiveDate::parse_from_str(text, "%Y%m%d"))
        .ok()
}

/// A CSV relationship in X12's code (INS02).
fn relationship_code(text: &str) -> String {
    match text.trim().to_ascii_lowercase().as_str() {
        "subscriber" | "self" | "employee" | "applicant" => "18".into(),
        "spouse" | "domestic partner" => "01".into(),
        "child" | "son" | "daughter" | "dependent" => "19".into(),
        other => other.to_string(),
    }
}

/// Reads a carrier's confirmation in CSV (see [`CSV_COLUMNS`]) into policies, in the order they come. A file is read
/// whole or not at all; an error names the line and the column (never what the file holds of a person).
pub fn read_csv(text: &str) -> Result<Vec<HeldPolicy>, String> {
    let mut reader = csv::ReaderBuilder::new().flexible(false).trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| format!("the first line does not read as CSV: {e}"))?.clone();
    let column: BTreeMap<String, usize> =
        headers.iter().enumerate().map(|(i, h)| (h.trim_start_matches('\u{feff}').to_ascii_lowercase(), i)).collect();
    if let Some(missing) = CSV_COLUMNS.iter().find(|c| !column.contains_key(**c)) {
        return Err(format!("no column named {missing} (the first line names the columns)"));
    }
    let mut policies: Vec<HeldPolicy> = Vec::new();
    for (row, record) in reader.records().enumerate() {
        let line = row + 2;
        let record = record.map_err(|e| match e.kind() {
            csv::ErrorKind::UnequalLengths { .. } => format!("line {line}: not as many values as the first line names"),
            _ => format!("line {line} does not read as CSV"),
        })?;
        let value = |name: &str| column.get(name).and_then(|i| record.get(*i)).filter(|v| !v.is_empty());
        let required = |name: &str| value(name).ok_or_else(|| format!("line {line}: {name} is empty"));
        let date = |name: &str| -> Result<Option<NaiveDate>, String> {
            value(name)
                .map(|v| {
                    any_date(v).ok_or_else(|| format!("line {line}: {name} is not a date (YYYY-MM-DD or MM/DD/YYYY)"))
                })
                .transpose()
        };
        let policy_id = required("policy_id")?.to_string();
        let relationship = relationship_code(required("relationship")?);
        let first_name = required("first_name")?.to_string();
        let last_name = required("last_name")?.to_string();
        let birth_date = Some(date("date_of_birth")?.ok_or_else(|| format!("line {line}: date_of_birth is empty"))?);
        let coverage = HeldCoverage {
            maintenance: None,
            line: required("line")?.to_ascii_uppercase(),
            plan: value("plan").map(str::to_string),
            level: value("coverage_level").map(str::to_ascii_uppercase),
            begins: Some(date("coverage_begins")?.ok_or_else(|| format!("line {line}: coverage_begins is empty"))?),
            ends: date("coverage_ends")?,
        };
        let address = value("address_line1").map(|line1| HeldAddress {
            line1: line1.to_string(),
            line2: value("address_line2").map(str::to_string),
            city: value("city").unwrap_or_default().to_string(),
            state: value("state").unwrap_or_default().to_ascii_uppercase(),
            zip: value("zip").unwrap_or_default().to_string(),
        });
        let index = match policies.iter().position(|p| p.policy_id == policy_id) {
            Some(index) => index,
            None => {
                policies.push(HeldPolicy { policy_id, carrier_policy_id: None, members: Vec::new() });
                policies.len() - 1
            }
        };
        let policy = &mut policies[index];
        policy.carrier_policy_id = policy.carrier_policy_id.take().or(value("carrier_policy_id").map(str::to_string));
        let same = |m: &HeldMember| {
            m.relationship == relationship
                && m.first_name == first_name
                && m.last_name == last_name
                && m.birth_date == birth_date
        };
        match policy.members.iter_mut().find(|m| same(m)) {
            Some(member) => member.coverages.push(coverage),
            None => policy.members.push(HeldMember {
                subscriber: relationship == "18",
                relationship,
                carrier_member_id: value("carrier_member_id").map(str::to_string),
                first_name,
                middle_name: value("middle_name").map(str::to_string),
                last_name,
                birth_date,
                gender: value("gender").map(|g| match g.to_ascii_lowercase().as_str() {
                    "female" | "f" => "F".to_string(),
                    "male" | "m" => "M".to_string(),
                    _ => "U".to_string(),
                }),
                address,
                coverages: vec![coverage],
            }),
        }
    }
    if policies.is_empty() {
        return Err("no row after the first line".into());
    }
    // The subscriber first, as in an 834.
    for policy in &mut policies {
        policy.members.sort_by_key(|m| !m.subscriber);
    }
    Ok(policies)
}

/// A field where the carrier's record of a policy differs from ours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    /// Whose field it is (their name as we hold it, or as the carrier does for a member only it holds).
    pub member: String,
    /// What it is, in words: `date of birth`, `Harborstone medical plan, Gold: first day`, ...
    pub field: String,
    pub ours: String,
    pub theirs: String,
}

fn shown(day: Option<NaiveDate>) -> String {
    day.map_or_else(|| "none".into(), |d| d.format("%m/%d/%Y").to_string())
}

/// Every field where the carrier's record `theirs` differs from `ours` (the application as our files say it, every
/// plan with this carrier, with the last days recorded): who is covered, their names, birth date, gender and
/// relationship, the subscriber's address, and each plan's presence, first and last day and level. Text is compared
/// as the carrier's file could carry it (its character set and case: `José` is `JOSE` to a carrier of the basic set),
/// so what only the file's alphabet changed is no difference. Members are paired by first name and birth date, then
/// by either.
pub fn differences(codes: &Codes, guide: &Guide, ours: &Enrollment, theirs: &HeldPolicy) -> Vec<Difference> {
    let same = |a: &str, b: &str, most: usize| {
        let fold = |t: &str| guide.text(t, most).split_whitespace().collect::<Vec<_>>().join(" ").to_uppercase();
        fold(a) == fold(b)
    };
    let mut said = Vec::new();
    let mut unpaired: Vec<&HeldMember> = theirs.members.iter().collect();
    let mut take = |found: &dyn Fn(&HeldMember) -> bool| -> Option<&HeldMember> {
        let at = unpaired.iter().position(|m| found(m))?;
        Some(unpaired.remove(at))
    };
    let pairs: Vec<(usize, Option<&HeldMember>)> = (0..ours.members.len())
        .map(|i| {
            let member = &ours.members[i];
            let paired = if member.relationship == Relationship::Subscriber {
                take(&|m| m.subscriber)
            } else {
                let first = |m: &HeldMember| !m.subscriber && same(&m.first_name, &member.first_name, 35);
                let born = |m: &HeldMember| !m.subscriber && m.birth_date == Some(member.birth_date);
                take(&|m| first(m) && born(m)).or_else(|| take(&first)).or_else(|| take(&born))
            };
            (i, paired)
        })
        .collect();
    for (i, paired) in pairs {
        let member = &ours.members[i];
        let name = format!("{} {}", member.first_name, member.last_name);
        let mut differ = |field: &str, ours: String, theirs: String| {
            said.push(Difference { member: name.clone(), field: field.to_string(), ours, theirs });
        };
        let coverages: Vec<&crate::x12::Coverage> = ours
            .coverages
            .iter()
            .filter(|c| member.relationship == Relationship::Subscriber || c.covers.contains(&i))
            .collect();
        let Some(held) = paired else {
            differ("member", "covered".into(), "not on the carrier's record".into());
            continue;
        };
        if !same(&member.first_name, &held.first_name, 35) {
            differ("first name", member.first_name.clone(), held.first_name.clone());
        }
        if !same(&member.last_name, &held.last_name, 60) {
            differ("last name", member.last_name.clone(), held.last_name.clone());
        }
        if held.birth_date != Some(member.birth_date) {
            differ("date of birth", shown(Some(member.birth_date)), shown(held.birth_date));
        }
        let gender = codes.genders.get(&member.gender).map_or("U", String::as_str);
        if let Some(theirs) = held.gender.as_deref().filter(|g| !g.eq_ignore_ascii_case(gender)) {
            differ("gender", gender.into(), theirs.into());
        }
        if let Some(code) = codes.relationships.get(&member.relationship).filter(|c| **c != held.relationship) {
            differ("relationship", code.clone(), held.relationship.clone());
        }
        if let (Some(a), Some(b), Relationship::Subscriber) = (&member.address, &held.address, member.relationship) {
            let zip = |z: &str| z.chars().filter(char::is_ascii_digit).take(5).collect::<String>();
            let differs = !same(&a.line1, &b.line1, 55)
                || !same(&a.city, &b.city, 30)
                || !a.state.eq_ignore_ascii_case(&b.state)
                || zip(&a.zip) != zip(&b.zip);
            if differs {
                let words = |line1: &str, city: &str, state: &str, zip: &str| format!("{line1}, {city}, {state} {zip}");
                differ(
                    "address",
                    words(&a.line1, &a.city, &a.state, &a.zip),
                    words(&b.line1, &b.city, &b.state, &b.zip),
                );
            }
        }
        let mut lines_held: Vec<&HeldCoverage> = held.coverages.iter().collect();
        for coverage in coverages {
            let line = guide.line(codes, &coverage.category, coverage.line.as_deref()).unwrap_or_default();
            let plan = &coverage.plan;
            let last_day = match (coverage.last_day, member.last_day) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let Some(at) = lines_held.iter().position(|h| h.line.eq_ignore_ascii_case(&line)) else {
                differ(plan, format!("covered from {}", shown(Some(coverage.effective))), "not covered".into());
                continue;
            };
            let held = lines_held.remove(at);
            if held.begins != Some(coverage.effective) {
                differ(&format!("{plan}: first day"), shown(Some(coverage.effective)), shown(held.begins));
            }
            if held.ends != last_day {
                differ(&format!("{plan}: last day"), shown(last_day), shown(held.ends));
            }
            let level = codes.coverage_levels.get(&coverage.tier);
            if let (Some(ours), Some(theirs), Relationship::Subscriber) = (level, &held.level, member.relationship) {
                if !ours.eq_ignore_ascii_case(theirs) {
                    differ(&format!("{plan}: coverage level"), ours.clone(), theirs.clone());
                }
            }
        }
        for extra in lines_held {
            let plan = extra.plan.clone().unwrap_or_else(|| extra.line.clone());
            differ(&plan, "not covered".into(), format!("covered from {}", shown(extra.begins)));
        }
    }
    for extra in unpaired {
        said.push(Difference {
            member: extra.name(),
            field: "member".into(),
            ours: "not on our record".into(),
            theirs: "covered".into(),
        });
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn coverage(plan: Option<&str>, begins: &str, ends: Option<&str>) -> HeldCoverage {
        HeldCoverage {
            maintenance: None,
            line: "DEN".into(),
            plan: plan.map(str::to_string),
            level: None,
            begins: Some(day(begins)),
            ends: ends.map(day),
        }
    }

    fn policy(coverages: Vec<HeldCoverage>) -> HeldPolicy {
        HeldPolicy {
            policy_id: "P2026-000001".into(),
            carrier_policy_id: None,
            members: vec![HeldMember {
                subscriber: true,
                relationship: "18".into(),
                carrier_member_id: None,
                first_name: "Dana".into(),
                middle_name: None,
                last_name: "Okafor".into(),
                birth_date: None,
                gender: None,
                address: None,
                coverages,
            }],
        }
    }

    #[test]
    fn a_plan_that_replaced_another_of_its_line_is_not_confirmed_by_the_carriers_record_of_the_old_one() {
        let old = coverage(Some("Brightbite Dental Preferred PPO"), "2026-12-01", None);
        let held = policy(vec![old.clone()]);
        let replacement = "Brightbite Dental Plus PPO";
        assert_eq!(held.subscriber_coverage_of("den", replacement, day("2027-01-01"), false), None);
        assert_eq!(
            held.subscriber_coverage_of("DEN", "Brightbite Dental Preferred PPO", day("2026-12-01"), false),
            Some(&old),
            "the old one is still its own"
        );

        // Once the carrier sets the new one up, each plan reads its own coverage: by its name, or by its first day.
        let ended = coverage(Some("Brightbite Dental Preferred PPO"), "2026-12-01", Some("2026-12-31"));
        let new = coverage(Some("BRIGHTBITE DENTAL PLUS PPO "), "2027-01-01", None);
        let held = policy(vec![ended.clone(), new.clone()]);
        assert_eq!(held.subscriber_coverage_of("DEN", replacement, day("2027-01-01"), false), Some(&new));
        assert_eq!(
            held.subscriber_coverage_of("DEN", "Brightbite Dental Preferred PPO", day("2026-12-01"), false),
            Some(&ended)
        );
        let unnamed =
            policy(vec![coverage(None, "2026-12-01", Some("2026-12-31")), coverage(None, "2027-01-01", None)]);
        assert_eq!(
            unnamed.subscriber_coverage_of("DEN", replacement, day("2027-01-01"), false).and_then(|c| c.begins),
            Some(day("2027-01-01"))
        );
    }

    #[test]
    fn the_one_plan_of_a_line_reads_the_carriers_one_coverage_of_it_however_the_carrier_names_it_and_dates_it() {
        let theirs = coverage(Some("DENPPO-2026-GA"), "2026-12-15", None);
        let held = policy(vec![theirs.clone()]);
        let ours = "Brightbite Dental Preferred PPO";
        assert_eq!(held.subscriber_coverage_of("DEN", ours, day("2026-12-01"), true), Some(&theirs));
        assert_eq!(held.subscriber_coverage_of("DEN", ours, day("2026-12-01"), false), None);
        assert_eq!(held.subscriber_coverage_of("HLT", ours, day("2026-12-01"), true), None, "another line");
    }
}
