//! A submitted application as a carrier's 834 file says it (`engine::x12`): the people it covers, from the complete
//! documents of Personal Information, Contact Information and Dependent Information, opened (an 834 carries SSNs and
//! birth dates), and the plans of the application that the carrier holds. Read by the batcher
//! (`domain::carrier_files`), never for a browser.

use engine::forms::applicant::{ContactInfo, MaritalStatus, PersonalInfo};
use engine::forms::employer::{AverageWorkWeek, EmployerInfo, EmploymentStatus as Standing};
use engine::forms::household::{
    BeneficiaryInfo, DependentInfo, DependentRelationship, Relationship as BeneficiaryRelationship,
};
use engine::tabs::TabName;
use engine::x12::{
    Address, Beneficiary, Broker, Contact, Coverage, CoverageChange, Employment, EmploymentStatus, Enrollment,
    Maintenance, Member, Party, Relationship,
};

use crate::domain::enrollment::documents::plain_complete_tab;
use crate::domain::enrollment::Filter;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

/// Why an application cannot be written for a carrier: recorded beside it, shown in the audit view and logged, so it
/// names what is missing and never quotes a value (a parser's message would: it is left out).
fn unwritable(why: impl Into<String>) -> ApiError {
    ApiError::Internal(anyhow::anyhow!(why.into()))
}

/// A date as the forms and the cart store it (MM/DD/YYYY, or ISO).
fn day(text: &str) -> Option<chrono::NaiveDate> {
    engine::dates::parse_mdy(text).or_else(|| chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok())
}

/// The nine digits of an SSN as the forms store it (`123-45-6789`); none when absent or not nine digits.
fn ssn_digits(text: Option<&str>) -> Option<String> {
    let digits: String = text?.chars().filter(char::is_ascii_digit).collect();
    (digits.len() == 9).then_some(digits)
}

/// A stored enum value as its text (`"1"` for Female).
fn stored<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

fn document<T: serde::de::DeserializeOwned>(value: serde_json::Value, tab: &str) -> ApiResult<T> {
    serde_json::from_value(value)
        .map_err(|_| unwritable(format!("the stored {tab} does not read as its form's fields")))
}

/// The sponsor of an application: its employer group, by its federal tax id (or its enrollment code, agreed with the
/// carriers, when the catalogue has none), or the store for the individual market, by its own tax id when configured.
pub fn sponsor(state: &AppState, group_id: Option<i64>) -> Party {
    let edi = &state.edi;
    match group_id.and_then(|g| state.catalogue.groups.get(&g)) {
        Some(group) => match &group.tax_id {
            Some(tax_id) => Party { name: group.name.clone(), id_qualifier: "FI".into(), id: tax_id.clone() },
            None => Party { name: group.name.clone(), id_qualifier: "94".into(), id: group.code.clone() },
        },
        None => match &edi.sender_tax_id {
            Some(tax_id) => Party { name: edi.sender_name.clone(), id_qualifier: "FI".into(), id: tax_id.clone() },
            None => Party { name: edi.sender_name.clone(), id_qualifier: "94".into(), id: edi.sender_id.clone() },
        },
    }
}

/// DMG04's code of a marital status as the forms store it.
fn marital_code(status: Option<&MaritalStatus>) -> Option<String> {
    Some(
        match status? {
            MaritalStatus::Single => "I",
            MaritalStatus::Married => "M",
            MaritalStatus::Divorced => "D",
            MaritalStatus::Widowed => "W",
        }
        .into(),
    )
}

/// How an employee works for the sponsoring employer, as Employer Information says it: on COBRA with its qualifying
/// event, retired, or active full-time (30 hours a week or more) or part-time.
fn employment_of(employer: &EmployerInfo) -> Employment {
    let status = match employer.employment_status {
        Some(Standing::Cobra) => EmploymentStatus::Cobra {
            // Asked of every employee on COBRA; "1" (the employment ended) for one saved before it was asked.
            qualifying_event: employer.cobra_event.clone().unwrap_or_else(|| "1".into()),
        },
        Some(Standing::Retired) => EmploymentStatus::Retired,
        _ => match employer.average_work_week {
            Some(AverageWorkWeek::LessThan20 | AverageWorkWeek::From20To29) => EmploymentStatus::PartTime,
            _ => EmploymentStatus::FullTime,
        },
    };
    Employment { status, started: employer.employment_start_date.as_deref().and_then(day) }
}

/// Who a beneficiary is to the applicant, as the carrier reads it.
fn relationship_words(relationship: BeneficiaryRelationship) -> &'static str {
    match relationship {
        BeneficiaryRelationship::Spouse => "Spouse",
        BeneficiaryRelationship::Child => "Child",
        BeneficiaryRelationship::Parent => "Parent",
        BeneficiaryRelationship::Sibling => "Sibling",
        BeneficiaryRelationship::DomesticPartner => "Domestic partner",
        BeneficiaryRelationship::Estate => "Estate",
        BeneficiaryRelationship::Other => "Other",
    }
}

/// The ISO 639-2 code of a language the store speaks, when it is not English (the carriers' files say it).
fn iso_639_2(language: &str) -> Option<String> {
    match language {
        "es" => Some("spa".into()),
        _ => None,
    }
}

/// The application `enrollment_id` (submitted) as the carrier's file says it, with its employer group. A verify
/// file (an audit) leaves out the plans whose end has passed.
pub async fn application(
    state: &AppState,
    enrollment_id: i64,
    carrier_id: i64,
    maintenance: Maintenance,
) -> ApiResult<(Enrollment, Option<i64>)> {
    application_on(state, enrollment_id, carrier_id, maintenance, crate::domain::enrollment::today()).await
}

/// [`application`] as it stands on `today`.
pub async fn application_on(
    state: &AppState,
    enrollment_id: i64,
    carrier_id: i64,
    maintenance: Maintenance,
    today: chrono::NaiveDate,
) -> ApiResult<(Enrollment, Option<i64>)> {
    let past: Vec<store::coverage_change::ChangeRow> = match maintenance {
        Maintenance::Audit => {
            let today = today.format("%Y-%m-%d").to_string();
            store::coverage_change::of_enrollment(&state.db, enrollment_id)
                .await?
                .into_iter()
                .filter(|c| c.stands() && c.last_day.as_deref().is_some_and(|last| last < today.as_str()))
                .collect()
        }
        _ => Vec::new(),
    };
    let ended: Vec<i64> = past.iter().filter_map(|c| c.plan_ended()).collect();
    let (mut enrollment, group) =
        application_of(state, enrollment_id, carrier_id, maintenance, &|plan| !ended.contains(&plan)).await?;
    // Nor the children whose age-off has passed: the household is the one covered now.
    let mut aged: Vec<usize> = past
        .iter()
        .filter(|c| {
            matches!(c.kind.as_str(), store::coverage_change::AGE_OFF | store::coverage_change::REMOVE_DEPENDENT)
        })
        .filter_map(|c| usize::try_from(c.member_index?).ok())
        .filter(|i| *i > 0 && *i < enrollment.members.len())
        .collect();
    aged.sort_unstable();
    if aged.is_empty() {
        return Ok((enrollment, group));
    }
    for index in aged.into_iter().rev() {
        enrollment.members.remove(index);
        for coverage in &mut enrollment.coverages {
            coverage.covers =
                coverage.covers.iter().filter(|i| **i != index).map(|i| if *i > index { i - 1 } else { *i }).collect();
        }
    }
    // The plans' level is the household's now (the quote's tier was the household's with them).
    let tier = engine::x12::household_tier(&enrollment.members, None);
    for coverage in &mut enrollment.coverages {
        coverage.tier = tier;
    }
    Ok((enrollment, group))
}

/// The application `enrollment_id` as we hold it with carrier `carrier_id`, for comparing with the carrier's own
/// record: every plan it held with the carrier, each with its last day once its end is recorded (the plan's end, the
/// application's cancellation), and each child with the last day of their age-off.
/// Plan `plan` at its level `plan_pricing_id` as our files name it to its carrier (HD04): the plan and its level
/// ("Silver Choice PPO 2500"), the level once when the plan's name says it.
pub fn plan_as_named(plan: &engine::catalogue::Plan, plan_pricing_id: i64) -> String {
    match plan.option(plan_pricing_id) {
        Some(level) if !plan.plan_name.contains(&level.name) => format!("{} {}", plan.plan_name, level.name),
        _ => plan.plan_name.clone(),
    }
}

pub async fn as_recorded(state: &AppState, enrollment_id: i64, carrier_id: i64) -> ApiResult<Enrollment> {
    let (mut enrollment, _) = application_of(state, enrollment_id, carrier_id, Maintenance::Audit, &|_| true).await?;
    let cancelled = store::edi::cancellation(&state.db, enrollment_id).await?.and_then(|c| day(&c.last_day));
    let changes = store::coverage_change::of_enrollment(&state.db, enrollment_id).await?;
    let standing = || changes.iter().filter(|c| c.undone_by.is_none());
    for (coverage, line) in enrollment.coverages.iter_mut().zip(plans_of(state, enrollment_id, carrier_id).await?) {
        let ended = standing().find(|c| c.ends_plan(line)).and_then(|c| c.last_day.as_deref().and_then(day));
        coverage.last_day = cancelled.or(ended);
    }
    let ends_a_member = |c: &&store::coverage_change::ChangeRow| {
        matches!(c.kind.as_str(), store::coverage_change::AGE_OFF | store::coverage_change::REMOVE_DEPENDENT)
    };
    for change in standing().filter(ends_a_member) {
        let member = change.member_index.and_then(|i| usize::try_from(i).ok()).filter(|i| *i > 0);
        if let Some(member) = member.and_then(|i| enrollment.members.get_mut(i)) {
            member.last_day = change.last_day.as_deref().and_then(day);
        }
    }
    Ok(enrollment)
}

/// The plans of the application held with carrier `carrier_id`, in the order [`application_of`] gives their
/// coverages.
async fn plans_of(state: &AppState, enrollment_id: i64, carrier_id: i64) -> ApiResult<Vec<i64>> {
    Ok(crate::domain::enrollment::covered::plans(state, enrollment_id)
        .await?
        .iter()
        .filter_map(|line| state.catalogue.plan(line.plan_id))
        .filter(|plan| plan.carrier_id == carrier_id)
        .map(|plan| plan.plan_id)
        .collect())
}

/// A change after the sale (`coverage_change` `change_id`) as the carrier's file says it: a plan's end is each
/// member's end of that plan; a child's age-off is the child's end of every plan of the carrier still covering them,
/// the others' plans at the level without them. The last day is each end's `DTP*349`.
pub async fn change(state: &AppState, change_id: i64, carrier_id: i64) -> ApiResult<(Enrollment, Option<i64>)> {
    use engine::x12::MemberChange::Ended;
    let change = store::coverage_change::find(&state.db, change_id)
        .await?
        .ok_or_else(|| unwritable(format!("change {change_id} is not recorded")))?;
    let effective = day(&change.effective).ok_or_else(|| unwritable("the change has no effective date"))?;
    let last_day = || change.last_day.as_deref().and_then(day).ok_or_else(|| unwritable("the end has no last day"));
    let mut coverages: Vec<ApiResult<(usize, CoverageChange)>> = Vec::new();
    let (mut enrollment, group, members) = match (change.kind.as_str(), change.plan_id, change.member_index) {
        (store::coverage_change::END_PLAN, Some(plan), _) => {
            let last_day = last_day()?;
            let (enrollment, group) =
                application_of(state, change.enrollment_id, carrier_id, Maintenance::Audit, &|p| p == plan).await?;
            let members = (0..enrollment.members.len()).map(|i| (i, Ended { last_day })).collect();
            (enrollment, group, members)
        }
        (store::coverage_change::REINSTATE, Some(plan), _) => {
            let (enrollment, group) =
                application_of(state, change.enrollment_id, carrier_id, Maintenance::Audit, &|p| p == plan).await?;
            let members = (0..enrollment.members.len()).map(|i| (i, engine::x12::MemberChange::Reinstated)).collect();
            (enrollment, group, members)
        }
        (store::coverage_change::CHOOSE_PLAN, Some(chosen), _) => {
            // The plan chosen and the plan it replaces, as this carrier holds them; and whether it holds others
            // still covering then, which it keeps.
            let replaced = change.replaces_plan_id;
            let ours = |p: i64| p == chosen || Some(p) == replaced;
            let ended = ended_before(state, change.enrollment_id, effective).await?;
            let held = plans_of(state, change.enrollment_id, carrier_id).await?;
            let others = held.iter().any(|p| !ours(*p) && !ended.contains(p));
            let (enrollment, group) =
                application_of(state, change.enrollment_id, carrier_id, Maintenance::Audit, &ours).await?;
            let at = |plan: Option<i64>| held.iter().filter(|p| ours(**p)).position(|p| Some(*p) == plan);
            let everyone = 0..enrollment.members.len();
            match (at(replaced), at(Some(chosen))) {
                // The carrier keeps the member: the plans' own maintenance.
                (old, new) if others || old.is_some() == new.is_some() => {
                    let last_day = last_day();
                    coverages.extend(old.map(|i| last_day.map(|last_day| (i, CoverageChange::Ended { last_day }))));
                    coverages.extend(new.map(|i| Ok((i, CoverageChange::Added))));
                    (enrollment, group, Vec::new())
                }
                // A carrier new to the household enrolls it; one it leaves ends its coverage.
                (None, _) => (enrollment, group, everyone.map(|i| (i, engine::x12::MemberChange::Added)).collect()),
                (Some(_), _) => {
                    let last_day = last_day()?;
                    (enrollment, group, everyone.map(|i| (i, Ended { last_day })).collect())
                }
            }
        }
        (store::coverage_change::ADD_DEPENDENT, _, Some(member)) => {
            let (enrollment, group) = still_held(state, change.enrollment_id, carrier_id, effective).await?;
            let member = usize::try_from(member).ok().filter(|m| *m > 0 && *m < enrollment.members.len());
            let member = member.ok_or_else(|| unwritable("the addition names no person of the application"))?;
            (enrollment, group, vec![(member, engine::x12::MemberChange::Added)])
        }
        (store::coverage_change::CHANGE_NAME, _, Some(member)) => {
            let (enrollment, group) = still_held(state, change.enrollment_id, carrier_id, effective).await?;
            let member = usize::try_from(member).ok().filter(|m| *m < enrollment.members.len());
            let member = member.ok_or_else(|| unwritable("the change of name names no person of the application"))?;
            let renamed = crate::domain::enrollment::covered::renamed_by(state, &change)?
                .ok_or_else(|| unwritable("the change of name keeps no name"))?;
            let prior_name = engine::x12::PriorName {
                first_name: renamed.prior.first_name.unwrap_or_default(),
                last_name: renamed.prior.last_name.unwrap_or_default(),
            };
            (enrollment, group, vec![(member, engine::x12::MemberChange::Changed { prior_name: Some(prior_name) })])
        }
        (store::coverage_change::CHANGE_CONTACT, _, _) => {
            let (enrollment, group) = still_held(state, change.enrollment_id, carrier_id, effective).await?;
            (enrollment, group, vec![(0, engine::x12::MemberChange::Changed { prior_name: None })])
        }
        (store::coverage_change::AGE_OFF | store::coverage_change::REMOVE_DEPENDENT, _, Some(member)) => {
            let last_day = last_day()?;
            let (mut enrollment, group) = still_held(state, change.enrollment_id, carrier_id, last_day).await?;
            let member = usize::try_from(member).ok().filter(|m| *m > 0 && *m < enrollment.members.len());
            let member = member.ok_or_else(|| unwritable("the age-off names no dependent of the application"))?;
            // The household without the child: the plans' level after the change.
            let tier = engine::x12::household_tier(&enrollment.members, Some(member));
            for coverage in &mut enrollment.coverages {
                coverage.tier = tier;
            }
            (enrollment, group, vec![(member, Ended { last_day })])
        }
        _ => return Err(unwritable(format!("change {change_id} is of no kind a carrier's file says"))),
    };
    let coverages = coverages.into_iter().collect::<ApiResult<Vec<_>>>()?;
    enrollment.maintenance =
        Maintenance::Change(engine::x12::Change { reason: change.reason_code.clone(), effective, members, coverages });
    Ok((enrollment, group))
}

/// The application `enrollment_id` with carrier `carrier_id`, holding the plans still covering on `day` (a plan whose
/// recorded end is before it is left out), for a change that takes effect then.
async fn still_held(
    state: &AppState,
    enrollment_id: i64,
    carrier_id: i64,
    day: chrono::NaiveDate,
) -> ApiResult<(Enrollment, Option<i64>)> {
    let ended = ended_before(state, enrollment_id, day).await?;
    application_of(state, enrollment_id, carrier_id, Maintenance::Audit, &|p| !ended.contains(&p)).await
}

/// The plans of application `enrollment_id` whose recorded end (their own, or their replacement's) is before `day`.
async fn ended_before(state: &AppState, enrollment_id: i64, day: chrono::NaiveDate) -> ApiResult<Vec<i64>> {
    Ok(store::coverage_change::of_enrollment(&state.db, enrollment_id)
        .await?
        .iter()
        .filter(|c| c.stands() && c.last_day.as_deref().and_then(self::day) < Some(day))
        .filter_map(|c| c.plan_ended())
        .collect())
}

async fn application_of(
    state: &AppState,
    enrollment_id: i64,
    carrier_id: i64,
    maintenance: Maintenance,
    holds: &(dyn Fn(i64) -> bool + Sync),
) -> ApiResult<(Enrollment, Option<i64>)> {
    let row = store::enrollment::find_submitted(&state.db, enrollment_id)
        .await?
        .ok_or_else(|| unwritable("the application is not submitted"))?;
    let filter: Filter =
        serde_json::from_str(&row.filter).map_err(|_| unwritable("the application's quote does not read"))?;
    let tier = filter.tier().ok_or_else(|| unwritable("the application has no tier"))?;
    let effective = row
        .effective_date
        .as_deref()
        .and_then(day)
        .ok_or_else(|| unwritable("the application has no effective date"))?;
    // As it stands: a change of name after the sale replaces the step's (the changes read once, for all below).
    let changes = store::coverage_change::of_enrollment(&state.db, enrollment_id).await?;
    let personal: PersonalInfo = document(
        crate::domain::enrollment::covered::personal_among(state, enrollment_id, &changes).await?,
        "Personal Information",
    )?;
    // As it stands: a change after the sale replaces the step's.
    let contact: ContactInfo =
        document(crate::domain::enrollment::covered::contact(state, enrollment_id).await?, "Contact Information")?;
    // The step's document must read, so that no file goes without the dependents it names; who they are now (with
    // the people added since, by their names now) is `enrollment::covered`'s, below.
    let _: DependentInfo =
        document(plain_complete_tab(state, enrollment_id, TabName::DependentInfo).await?, "Dependent Information")?;
    let named: BeneficiaryInfo =
        document(plain_complete_tab(state, enrollment_id, TabName::BeneficiaryInfo).await?, "Beneficiary Information")?;
    let employment = match row.group_id {
        Some(_) => {
            let employer: EmployerInfo = document(
                plain_complete_tab(state, enrollment_id, TabName::EmployerInfo).await?,
                "Employer Information",
            )?;
            Some(employment_of(&employer))
        }
        None => None,
    };

    let birth = |text: Option<&str>, who: &str| {
        text.and_then(day).ok_or_else(|| unwritable(format!("{who} has no date of birth")))
    };
    let a = &contact.address;
    let address = match (&a.address1, &a.city, &a.zip) {
        (Some(line1), Some(city), Some(zip)) => Some(Address {
            line1: line1.clone(),
            line2: a.address2.clone().filter(|l| !l.trim().is_empty()),
            city: city.clone(),
            state: a.state.clone().unwrap_or_else(|| filter.state.clone()),
            zip: zip.clone(),
        }),
        _ => return Err(unwritable("the applicant has no address")),
    };
    let mut members = vec![Member {
        relationship: Relationship::Subscriber,
        first_name: personal.name.first_name.clone().unwrap_or_default(),
        middle_name: personal.name.middle_name.clone(),
        last_name: personal.name.last_name.clone().unwrap_or_default(),
        ssn: ssn_digits(personal.ssn.as_deref()),
        birth_date: birth(personal.birthdate.as_deref().or(Some(filter.dob.as_str())), "the applicant")?,
        gender: personal.gender.as_ref().map(stored).unwrap_or_else(|| filter.gender.clone()),
        marital_status: marital_code(personal.marital_status.as_ref()),
        address,
        last_day: None,
    }];
    // The dependents the application named, then the people changes added since, each by their name now
    // (`enrollment::covered`).
    let household_changed = !crate::domain::enrollment::covered::added_among(state, &changes)?.is_empty();
    let dependents = crate::domain::enrollment::covered::dependents_among(state, enrollment_id, &changes).await?;
    for (i, dependent) in dependents.iter().enumerate() {
        members.push(Member {
            relationship: match dependent.relationship {
                Some(DependentRelationship::Spouse) => Relationship::Spouse,
                _ => Relationship::Child,
            },
            first_name: dependent.name.first_name.clone().unwrap_or_default(),
            middle_name: dependent.name.middle_name.clone(),
            last_name: dependent.name.last_name.clone().unwrap_or_default(),
            ssn: ssn_digits(dependent.ssn.as_deref()),
            birth_date: birth(dependent.birthdate.as_deref(), &format!("dependent #{}", i + 1))?,
            gender: dependent.gender.as_ref().map(stored).unwrap_or_default(),
            marital_status: None,
            address: None,
            last_day: None,
        });
    }
    // Each plan's price as it was checked out (the cart's last snapshot before the submission).
    let snapshot: serde_json::Value = store::enrollment::latest_cart_snapshot(&state.db, enrollment_id)
        .await?
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    // Each plan's price as it was checked out, and what the employer paid toward it then (`payroll`).
    let checked_out = |pricing_id: i64, field: &dyn Fn(&serde_json::Value) -> &serde_json::Value| {
        let line = snapshot["cart"]["result"]
            .as_array()?
            .iter()
            .find(|l| l["plan_pricing_id"].as_i64() == Some(pricing_id))?;
        field(line).as_f64().map(engine::rating::Cents::from_dollars)
    };
    let price_of = |pricing_id: i64| checked_out(pricing_id, &|line| &line["price"]);
    let share_of = |pricing_id: i64| checked_out(pricing_id, &|line| &line["per_paycheck"]["employer_pays"]);
    // Every plan covers the whole household the tier quotes (the dependents are the tier's). A person added after
    // the sale changes the household's level, and its premium, which the carrier rates: none is said then.
    let covers: Vec<usize> = (1..members.len()).collect();
    let tier = if household_changed { engine::x12::household_tier(&members, None) } else { tier };
    let price_of = |pricing_id: i64| price_of(pricing_id).filter(|_| !household_changed);
    let share_of = |pricing_id: i64| share_of(pricing_id).filter(|_| !household_changed);
    let mut coverages = Vec::new();
    // The plans bought, then those chosen after the sale (each from its own first day, rated by the carrier).
    let lines = store::cart::cart(&state.db, &state.local_reads, enrollment_id).await?;
    for line in crate::domain::enrollment::covered::plans_among(&lines, &changes) {
        let Some(plan) = state.catalogue.plan(line.plan_id) else { continue };
        if plan.carrier_id != carrier_id || !holds(plan.plan_id) {
            continue;
        }
        let chosen_from = line.from.as_deref().and_then(day);
        let level = plan.options.iter().find(|o| o.plan_pricing_id == line.plan_pricing_id);
        // A life plan's coverage amount is its level's.
        let amount =
            (plan.category == "term_life").then(|| level.and_then(|o| plan.facts_of(o).benefit_amount_usd)).flatten();
        coverages.push(Coverage {
            category: plan.category.clone(),
            plan: plan_as_named(plan, line.plan_pricing_id),
            tier,
            effective: chosen_from.unwrap_or(effective),
            covers: covers.clone(),
            line: plan.insurance_line.clone(),
            premium: price_of(line.plan_pricing_id).filter(|_| chosen_from.is_none()),
            amount,
            employer_share: share_of(line.plan_pricing_id).filter(|_| chosen_from.is_none()),
            last_day: None,
        });
    }
    if coverages.is_empty() {
        return Err(unwritable("the application holds no plan of this carrier"));
    }
    // The beneficiaries are those of the plans that pay one: the carrier holding none of them is not sent them. Which
    // plans those are is the wizard's rule (it asks for beneficiaries for them alone), asked of this carrier's plans.
    let pays_a_beneficiary = {
        let workflows = match &row.workflow_version {
            Some(version) => state.workflows.get(&state.db, version).await.map_err(ApiError::Internal)?,
            None => state.workflows.current(),
        };
        let ctx = engine::context::EnrollmentContext {
            enrollment_type: Some(row.enrollment_type.clone()),
            eprocess: engine::context::Eprocess::parse(&row.eprocess).unwrap_or_default(),
            group_id: row.group_id,
            tier: Some(tier),
            state: Some(filter.state.clone()),
            cart_categories: coverages.iter().map(|c| c.category.clone()).collect(),
            ..Default::default()
        };
        engine::selection::select_tabs(&workflows.workflows.wizard, &ctx)
            .iter()
            .any(|tab| tab.tab_name == TabName::BeneficiaryInfo && tab.required)
    };
    let beneficiaries = named
        .beneficiaries
        .filter(|_| pays_a_beneficiary)
        .unwrap_or_default()
        .iter()
        .map(|b| Beneficiary {
            name: [b.name.first_name.as_deref(), b.name.middle_name.as_deref(), b.name.last_name.as_deref()]
                .into_iter()
                .flatten()
                .filter(|part| !part.trim().is_empty())
                .collect::<Vec<_>>()
                .join(" "),
            relationship: b.relationship.map(relationship_words).unwrap_or_default().into(),
            percent: b.beneficiary_percentage.and_then(|p| u8::try_from(p).ok()).unwrap_or(0),
        })
        .collect();
    let broker = row
        .agent_id
        .and_then(|agent| state.catalogue.reps.get(&agent))
        .and_then(|rep| Some(Broker { name: rep.name(), npn: rep.npn.clone()? }));
    let group_policy = row
        .group_id
        .and_then(|g| state.catalogue.groups.get(&g))
        .and_then(|g| g.policy_numbers.get(&carrier_id).cloned());
    let language = store::enrollment::submitted_language(&state.db, enrollment_id).await?.and_then(|l| iso_639_2(&l));
    let enrollment = Enrollment {
        policy_id: row.policy_id.clone().unwrap_or_default(),
        employment,
        group_policy,
        members,
        coverages,
        maintenance,
        contact: Contact { phone: contact.phone_number.clone(), email: contact.email_address.clone() },
        language,
        broker,
        beneficiaries,
    };
    Ok((enrollment, row.group_id))
}
