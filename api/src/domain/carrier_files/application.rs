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
    Address, Beneficiary, Broker, Contact, Coverage, Employment, EmploymentStatus, Enrollment, Maintenance, Member,
    Party, Relationship,
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
    let ended: Vec<i64> = match maintenance {
        Maintenance::Audit => {
            let today = crate::domain::enrollment::today().format("%Y-%m-%d").to_string();
            store::coverage_change::of_enrollment(&state.db, enrollment_id)
                .await?
                .iter()
                .filter(|c| c.last_day.as_deref().is_some_and(|last| last < today.as_str()))
                .filter_map(|c| c.plan_id)
                .collect()
        }
        _ => Vec::new(),
    };
    application_of(state, enrollment_id, carrier_id, maintenance, &|plan| !ended.contains(&plan)).await
}

/// A change after the sale (`coverage_change` `change_id`) as the carrier's file says it: a plan's end is each
/// member's end of that plan, the last day its `DTP*349`.
pub async fn change(state: &AppState, change_id: i64, carrier_id: i64) -> ApiResult<(Enrollment, Option<i64>)> {
    let change = store::coverage_change::find(&state.db, change_id)
        .await?
        .ok_or_else(|| unwritable(format!("change {change_id} is not recorded")))?;
    let effective = day(&change.effective).ok_or_else(|| unwritable("the change has no effective date"))?;
    let last_day = change.last_day.as_deref().and_then(day).ok_or_else(|| unwritable("the end has no last day"))?;
    let plan = change.plan_id.ok_or_else(|| unwritable("the end names no plan"))?;
    let (mut enrollment, group) =
        application_of(state, change.enrollment_id, carrier_id, Maintenance::Audit, &|p| p == plan).await?;
    enrollment.maintenance = Maintenance::Change(engine::x12::Change {
        reason: change.reason_code.clone(),
        effective,
        members: (0..enrollment.members.len()).map(|i| (i, engine::x12::MemberChange::Ended { last_day })).collect(),
    });
    Ok((enrollment, group))
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
    let personal: PersonalInfo =
        document(plain_complete_tab(state, enrollment_id, TabName::PrimaryInfo).await?, "Personal Information")?;
    let contact: ContactInfo =
        document(plain_complete_tab(state, enrollment_id, TabName::ContactInfo).await?, "Contact Information")?;
    let household: DependentInfo =
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
    }];
    for (i, dependent) in household.dependents.unwrap_or_default().iter().enumerate() {
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
        });
    }
    // Each plan's price as it was checked out (the cart's last snapshot before the submission).
    let snapshot: serde_json::Value = store::enrollment::latest_cart_snapshot(&state.db, enrollment_id)
        .await?
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let price_of = |pricing_id: i64| {
        snapshot["cart"]["result"].as_array()?.iter().find(|l| l["plan_pricing_id"].as_i64() == Some(pricing_id))?
            ["price"]
            .as_f64()
            .map(engine::rating::Cents::from_dollars)
    };
    // Every plan covers the whole household the tier quotes (the dependents are the tier's).
    let covers: Vec<usize> = (1..members.len()).collect();
    let mut coverages = Vec::new();
    for line in store::cart::cart(&state.db, &state.local_reads, enrollment_id).await? {
        let Some(plan) = state.catalogue.plan(line.plan_id) else { continue };
        if plan.carrier_id != carrier_id || !holds(plan.plan_id) {
            continue;
        }
        let level = plan.options.iter().find(|o| o.plan_pricing_id == line.plan_pricing_id);
        // A life plan's coverage amount is its level's.
        let amount =
            (plan.category == "term_life").then(|| level.and_then(|o| plan.facts_of(o).benefit_amount_usd)).flatten();
        coverages.push(Coverage {
            category: plan.category.clone(),
            // The plan and its level ("Silver Choice PPO 2500"), the level once when the plan's name says it.
            plan: match level {
                Some(level) if !plan.plan_name.contains(&level.name) => format!("{} {}", plan.plan_name, level.name),
                _ => plan.plan_name.clone(),
            },
            tier,
            effective,
            covers: covers.clone(),
            line: plan.insurance_line.clone(),
            premium: price_of(line.plan_pricing_id),
            amount,
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
