//! A submitted application as a carrier's 834 file says it (`engine::x12`): the people it covers, from the complete
//! documents of Personal Information, Contact Information and Dependent Information, opened (an 834 carries SSNs and
//! birth dates), and the plans of the application that the carrier holds. Read by the batcher
//! (`domain::carrier_files`), never for a browser.

use engine::forms::applicant::{ContactInfo, PersonalInfo};
use engine::forms::household::{DependentInfo, DependentRelationship};
use engine::tabs::TabName;
use engine::x12::{Address, Coverage, Enrollment, Maintenance, Member, Party, Relationship};

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

/// The sponsor of an application: its employer group, or the store for the individual market.
pub fn sponsor(state: &AppState, group_id: Option<i64>, store_name: &str, store_id: &str) -> Party {
    match group_id.and_then(|g| state.catalogue.groups.get(&g)) {
        Some(group) => Party { name: group.name.clone(), id_qualifier: "94".into(), id: group.code.clone() },
        None => Party { name: store_name.into(), id_qualifier: "94".into(), id: store_id.into() },
    }
}

/// The application `enrollment_id` (submitted) as the carrier's file says it, with its employer group.
pub async fn application(
    state: &AppState,
    enrollment_id: i64,
    carrier_id: i64,
    maintenance: Maintenance,
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
            address: None,
        });
    }
    // Every plan covers the whole household the tier quotes (the dependents are the tier's).
    let covers: Vec<usize> = (1..members.len()).collect();
    let mut coverages = Vec::new();
    for line in store::cart::cart(&state.db, &state.local_reads, enrollment_id).await? {
        let Some(plan) = state.catalogue.plan(line.plan_id) else { continue };
        if plan.carrier_id != carrier_id {
            continue;
        }
        let level = plan.options.iter().find(|o| o.plan_pricing_id == line.plan_pricing_id);
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
        });
    }
    if coverages.is_empty() {
        return Err(unwritable("the application holds no plan of this carrier"));
    }
    let enrollment = Enrollment {
        policy_id: row.policy_id.clone().unwrap_or_default(),
        employee: row.group_id.is_some(),
        members,
        coverages,
        maintenance,
    };
    Ok((enrollment, row.group_id))
}
