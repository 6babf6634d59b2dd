//! The employer's console: a group's administrator (signed in by the group's link) sets the plan year, the plans
//! offered and what the employer pays; keeps the census (uploaded whole, or one employee at a time); quotes the
//! census under the contribution and what-ifs; and follows participation. The rules are the engine's
//! (`engine::employer`); this module keeps them, reads them back and answers.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::NaiveDate;
use engine::catalogue::Group;
use engine::employer::census::{self, Employee};
use engine::employer::contribution::{Contribution, Minimums};
use engine::employer::participation::{self, Participation, Standing, WaiveReason};
use engine::employer::plan_year::Employment;
use engine::employer::quote::{self, Priced, Totals};
use engine::employer::settings::{GroupSettings, Known};
use engine::errors::FieldError;
use engine::rating::Cents;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::access::{role_of, Role};
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::employer as store;

pub mod deductions;
pub mod invitations;
pub mod schedule;
pub mod sign_in;

pub const NO_SUCH_EMPLOYEE: &str = "There is no such employee in your census";
pub const EMAIL_TAKEN: &str = "Another employee in your census has this e-mail address";
pub const BAD_FIELD: &str = "Row {row}, column “{column}”: {reason}";
pub const MORE_BAD_FIELDS: &str = "…and {more} more to correct. Please correct these and upload the census again";
pub const SET_PLAN_YEAR_FIRST: &str = "Please set the plan year and the coverage offered first";
pub const INVALID_LAST_DAY: &str = "Please enter the last day of work as MM/DD/YYYY";

/// The group whose administrator this session is, or 403.
pub async fn administered<'s>(state: &'s AppState, session: &Session) -> ApiResult<&'s Group> {
    match role_of(&state.db, session).await? {
        Role::GroupAdmin(group) => state
            .catalogue
            .groups
            .get(&group)
            .ok_or_else(|| ApiError::Forbidden(crate::domain::access::GROUP_ADMINS_ONLY.into())),
        _ => Err(ApiError::Forbidden(crate::domain::access::GROUP_ADMINS_ONLY.into())),
    }
}

/// Who changed something, as the records say it.
fn actor(group: &Group) -> String {
    format!("group-admin:{}", group.group_id)
}

fn today() -> NaiveDate {
    crate::domain::enrollment::today()
}

fn known_zip(zip: &str) -> bool {
    crate::services::zip::lookup(zip).is_some()
}

/// What the store knows that a group's settings are checked against, for `group`.
fn known<'s>(state: &'s AppState, group: &'s Group) -> Known<'s> {
    Known {
        plans: &state.catalogue.plans,
        carriers: &state.catalogue.carriers,
        categories: &state.catalogue.categories,
        menu: group.categories.as_deref(),
    }
}

/// A group's settings as kept, if its administrator set them.
pub async fn settings_of(state: &AppState, group_id: i64) -> ApiResult<Option<GroupSettings>> {
    crate::domain::payroll::group_settings(state, group_id).await
}

/// A plan an administrator may offer, with what its carrier asks of the employer.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OfferablePlan {
    pub plan_id: i64,
    pub plan_name: String,
    pub carrier_name: String,
    /// What the plan's carrier asks of the employer; nothing when it asks nothing.
    pub minimums: Option<Minimums>,
    /// The plan's lowest monthly premium for employee-only coverage, for a person of 21 where ages are rated.
    pub from_price: Option<Cents>,
}

/// A kind of coverage an administrator may offer, with its plans.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OfferableCategory {
    pub category: String,
    pub display_name: String,
    pub plans: Vec<OfferablePlan>,
}

/// The counts of a census.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CensusCounts {
    /// Employees still employed.
    pub employees: u32,
    /// Employees who left.
    pub terminated: u32,
}

/// The console's front page.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Console {
    pub group_id: i64,
    pub name: String,
    /// How often the group pays its employees, as a person says it; none when it has not said.
    pub pays: Option<&'static str>,
    /// The plan year and coverage offered, once set.
    pub settings: Option<GroupSettings>,
    /// When they were last changed.
    pub settings_updated_at: Option<String>,
    /// The form of the settings, as JSON Schema.
    pub settings_schema: Value,
    /// What may be offered.
    pub offerable: Vec<OfferableCategory>,
    /// What the carriers of the plans offered ask, the strictest of them.
    pub minimums: Minimums,
    pub census: CensusCounts,
    pub participation: Option<Participation>,
}

/// The JSON Schema of the settings' form.
fn settings_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(GroupSettings)).unwrap_or(Value::Null)
}

fn offerable(state: &AppState, group: &Group) -> Vec<OfferableCategory> {
    let language = crate::language::current();
    state
        .catalogue
        .categories
        .iter()
        .filter(|c| group.categories.as_ref().is_none_or(|menu| menu.contains(&c.category)))
        .filter_map(|c| {
            let plans: Vec<OfferablePlan> = state
                .catalogue
                .plans
                .iter()
                .filter(|p| p.category == c.category && p.listed && p.replaced_by.is_none())
                .map(|p| {
                    let carrier = state.catalogue.carriers.get(&p.carrier_id);
                    OfferablePlan {
                        plan_id: p.plan_id,
                        plan_name: p.plan_name.clone(),
                        carrier_name: carrier.map(|c| c.name.clone()).unwrap_or_default(),
                        minimums: carrier.and_then(|c| c.group_minimums),
                        from_price: engine::rating::starting_price(p, &state.catalogue.curve),
                    }
                })
                .collect();
            (!plans.is_empty()).then(|| OfferableCategory {
                category: c.category.clone(),
                display_name: c.display_name_in(language).to_string(),
                plans,
            })
        })
        .collect()
}

/// The console's front page for the session's group.
pub async fn console(state: &AppState, session: &Session) -> ApiResult<Console> {
    let group = administered(state, session).await?;
    let row = store::settings(&state.db, group.group_id).await?;
    let settings: Option<GroupSettings> =
        row.as_ref().map(|r| serde_json::from_str(&r.data)).transpose().map_err(|e| ApiError::Internal(e.into()))?;
    let census = census_of(state, group.group_id).await?;
    let terminated = census.iter().filter(|e| e.left_by(today())).count() as u32;
    let minimums = settings.as_ref().map_or(Minimums::NONE, |s| known(state, group).all_minimums(s));
    let participation = match &settings {
        Some(s) => Some(participation_of(state, group, s, &census).await?),
        None => None,
    };
    Ok(Console {
        group_id: group.group_id,
        name: group.name.clone(),
        pays: group.payroll_frequency.map(|f| crate::language::say(f.label())),
        settings_updated_at: row.map(|r| r.updated_at),
        settings,
        settings_schema: settings_schema(),
        offerable: offerable(state, group),
        minimums,
        census: CensusCounts { employees: census.len() as u32 - terminated, terminated },
        participation,
    })
}

/// The field a serde error is about, dotted as the form names it.
fn field_of(path: &serde_path_to_error::Path) -> String {
    path.iter()
        .filter_map(|segment| match segment {
            serde_path_to_error::Segment::Seq { index } => Some(index.to_string()),
            serde_path_to_error::Segment::Map { key } => Some(key.clone()),
            serde_path_to_error::Segment::Enum { variant } => Some(variant.clone()),
            serde_path_to_error::Segment::Unknown => None,
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// Sets the session's group's plan year and coverage, as given; refused whole, field by field, when anything cannot
/// stand (a contribution below what the carriers ask among them).
pub async fn save_settings(state: &AppState, session: &Session, given: Value) -> ApiResult<Console> {
    let group = administered(state, session).await?;
    let settings: GroupSettings = serde_path_to_error::deserialize(given).map_err(|e| {
        let field = field_of(e.path());
        ApiError::field(if field.is_empty() { "plan_year" } else { &field }, engine::errors::messages::REQUIRED)
    })?;
    let refusals = settings.refusals(&known(state, group));
    if !refusals.is_empty() {
        let language = crate::language::current();
        return Err(ApiError::Invalid(
            refusals
                .into_iter()
                .map(|r| {
                    let percent = r.percent.unwrap_or_default();
                    FieldError::new(r.field, engine::i18n::say_with(language, r.message, &[("percent", &percent)]))
                })
                .collect(),
        ));
    }
    let data = serde_json::to_string(&settings).map_err(|e| ApiError::Internal(e.into()))?;
    store::put_settings(&state.db, group.group_id, &data, &actor(group)).await?;
    console(state, session).await
}

/// An employee of a census, opened.
#[derive(Debug, Clone)]
pub struct CensusRow {
    pub employee_id: i64,
    pub employee: Employee,
    pub terminated_on: Option<NaiveDate>,
    pub waived: Option<WaiveReason>,
    /// Whether their invitation was sent, and how many reminders since.
    pub invited: bool,
    pub reminders_sent: i64,
}

impl CensusRow {
    /// Whether they had left by `day`.
    fn left_by(&self, day: NaiveDate) -> bool {
        self.terminated_on.is_some_and(|left| left <= day)
    }

    fn employment(&self) -> Employment<'_> {
        Employment {
            hire_date: self.employee.hire_date,
            hours: self.employee.hours,
            class: &self.employee.class,
            terminated_on: self.terminated_on,
        }
    }
}

/// The census of `group_id`, opened, in the order employees were added.
pub async fn census_of(state: &AppState, group_id: i64) -> ApiResult<Vec<CensusRow>> {
    store::census(&state.db, group_id).await?.iter().map(|row| opened(state, row)).collect()
}

fn opened(state: &AppState, row: &store::EmployeeRow) -> ApiResult<CensusRow> {
    let plain = state
        .crypto
        .decrypt(&row.data)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a census row does not open with this key")))?;
    let kept: KeptEmployee = serde_json::from_str(&plain).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(CensusRow {
        employee_id: row.employee_id,
        employee: kept.into_employee(row.email.clone()),
        terminated_on: row.terminated_on.as_deref().and_then(engine::dates::parse_iso),
        waived: row.waived.as_deref().and_then(|w| serde_json::from_value(Value::String(w.to_string())).ok()),
        invited: row.invited_at.is_some(),
        reminders_sent: row.reminders_sent,
    })
}

/// An employee as sealed: everything the census says but the e-mail address, which is kept in the open to find
/// them by.
#[derive(Serialize, Deserialize)]
struct KeptEmployee {
    first_name: String,
    last_name: String,
    date_of_birth: NaiveDate,
    zip: String,
    hire_date: NaiveDate,
    hours: f64,
    class: String,
    salary: Option<Cents>,
}

impl KeptEmployee {
    fn of(e: &Employee) -> KeptEmployee {
        KeptEmployee {
            first_name: e.first_name.clone(),
            last_name: e.last_name.clone(),
            date_of_birth: e.date_of_birth,
            zip: e.zip.clone(),
            hire_date: e.hire_date,
            hours: e.hours,
            class: e.class.clone(),
            salary: e.salary,
        }
    }

    fn into_employee(self, email: String) -> Employee {
        Employee {
            first_name: self.first_name,
            last_name: self.last_name,
            date_of_birth: self.date_of_birth,
            zip: self.zip,
            email,
            hire_date: self.hire_date,
            hours: self.hours,
            class: self.class,
            salary: self.salary,
        }
    }
}

fn sealed(state: &AppState, e: &Employee) -> ApiResult<String> {
    let plain = serde_json::to_string(&KeptEmployee::of(e)).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(state.crypto.encrypt(&plain))
}

/// What an upload did to the census.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Imported {
    /// Employees new to the census.
    pub added: u32,
    /// Employees already in it (by e-mail address), brought up to date.
    pub updated: u32,
    /// Employees in the census now, who have not left.
    pub employees: u32,
}

/// Imports a census uploaded whole (CSV or .xlsx): each employee is added, or brought up to date when the census has
/// their e-mail address; refused whole, each bad field by its row and column, when any row cannot be read.
/// Employees the file leaves out stay as they are (an administrator ends an employee's employment one at a time).
pub async fn import(state: &AppState, session: &Session, bytes: &[u8]) -> ApiResult<Imported> {
    let group = administered(state, session).await?;
    let language = crate::language::current();
    let employees = census::read(bytes, today(), &known_zip).map_err(|refused| {
        let mut fields: Vec<FieldError> = refused
            .bad
            .iter()
            .map(|bad| {
                let reason = bad.reason(language);
                let message = if bad.row == 0 {
                    reason
                } else {
                    engine::i18n::say_with(
                        language,
                        BAD_FIELD,
                        &[("row", &bad.row), ("column", &bad.column), ("reason", &reason)],
                    )
                };
                FieldError::new(
                    if bad.row == 0 { "census".to_string() } else { format!("census.{}", bad.row) },
                    message,
                )
            })
            .collect();
        if refused.more > 0 {
            fields.push(FieldError::new(
                "census",
                engine::i18n::say_with(language, MORE_BAD_FIELDS, &[("more", &refused.more)]),
            ));
        }
        ApiError::Invalid(fields)
    })?;
    let rows = employees.iter().map(|e| Ok((e.email.clone(), sealed(state, e)?))).collect::<ApiResult<Vec<_>>>()?;
    let done = store::import(&state.db, group.group_id, &rows).await?;
    let now = census_of(state, group.group_id).await?;
    Ok(Imported {
        added: done.added,
        updated: done.updated,
        employees: now.iter().filter(|e| !e.left_by(today())).count() as u32,
    })
}

/// One employee of the census, as the console lists them.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CensusEmployee {
    pub employee_id: i64,
    pub first_name: String,
    pub last_name: String,
    /// MM/DD/YYYY.
    pub date_of_birth: String,
    pub zip: String,
    pub email: String,
    /// MM/DD/YYYY.
    pub hire_date: String,
    pub hours: f64,
    pub class: String,
    pub salary: Option<Cents>,
    /// The last day of work, MM/DD/YYYY, once they left.
    pub terminated_on: Option<String>,
    /// `enrolled`, `waived`, `not_started`, `not_eligible` or `left`.
    pub standing: &'static str,
    /// Why they waived, when they did.
    pub waived: Option<WaiveReason>,
    /// Why they may not enroll, when they may not.
    pub not_eligible: Option<String>,
}

/// The census of the session's group, as the console lists it.
pub async fn census_list(state: &AppState, session: &Session) -> ApiResult<Vec<CensusEmployee>> {
    let group = administered(state, session).await?;
    let settings = settings_of(state, group.group_id).await?;
    let census = census_of(state, group.group_id).await?;
    let enrolled = enrolled(state, group.group_id, &census).await?;
    let language = crate::language::current();
    Ok(census
        .into_iter()
        .map(|row| {
            let eligibility = settings.as_ref().map(|s| s.plan_year.eligibility(&row.employment(), today()));
            let standing = if row.left_by(today()) {
                "left"
            } else if let Some(Err(_)) = eligibility {
                "not_eligible"
            } else {
                match standing_of(&row, &enrolled) {
                    Standing::Enrolled => "enrolled",
                    Standing::Waived(_) => "waived",
                    Standing::NotStarted => "not_started",
                }
            };
            let not_eligible = match eligibility {
                Some(Err(why)) => {
                    let least = settings.as_ref().map_or(0, |s| s.plan_year.min_hours);
                    Some(engine::i18n::say_with(language, why.message(), &[("hours", &least)]))
                }
                _ => None,
            };
            let e = row.employee;
            CensusEmployee {
                employee_id: row.employee_id,
                first_name: e.first_name,
                last_name: e.last_name,
                date_of_birth: engine::dates::format_mdy(e.date_of_birth),
                zip: e.zip,
                email: e.email,
                hire_date: engine::dates::format_mdy(e.hire_date),
                hours: e.hours,
                class: e.class,
                salary: e.salary,
                terminated_on: row.terminated_on.map(engine::dates::format_mdy),
                standing,
                waived: row.waived,
                not_eligible,
            }
        })
        .collect())
}

/// The group's standing applications (submitted, not cancelled), each with the census employee whose it is: the one
/// whose invitation opened the session that made it, else the one whose census address holds it. An application
/// neither names is nobody's in the census.
pub(super) async fn applications_of(
    state: &AppState,
    group_id: i64,
    census: &[CensusRow],
) -> ApiResult<Vec<(i64, String)>> {
    let by_address: HashMap<String, i64> = census
        .iter()
        .filter_map(|row| Some((crate::domain::access::holder_digest(&row.employee.email)?, row.employee_id)))
        .collect();
    Ok(store::enrolled_applications(&state.db, group_id)
        .await?
        .into_iter()
        .filter_map(|a| {
            let employee = a.employee_id.or_else(|| a.holder_digest.and_then(|d| by_address.get(&d).copied()))?;
            Some((employee, a.policy_id))
        })
        .collect())
}

/// The census employees with a standing application.
async fn enrolled(state: &AppState, group_id: i64, census: &[CensusRow]) -> ApiResult<HashSet<i64>> {
    Ok(applications_of(state, group_id, census).await?.into_iter().map(|(employee, _)| employee).collect())
}

fn standing_of(row: &CensusRow, enrolled: &HashSet<i64>) -> Standing {
    match (enrolled.contains(&row.employee_id), row.waived) {
        (true, _) => Standing::Enrolled,
        (false, Some(reason)) => Standing::Waived(reason),
        (false, None) => Standing::NotStarted,
    }
}

/// One employee's fields as an administrator types them.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct EmployeeForm {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// MM/DD/YYYY.
    pub date_of_birth: Option<String>,
    pub zip: Option<String>,
    pub email: Option<String>,
    /// MM/DD/YYYY.
    pub hire_date: Option<String>,
    /// Hours worked each week.
    pub hours: Option<Value>,
    pub class: Option<String>,
    /// Yearly salary, in dollars.
    pub salary: Option<Value>,
}

impl EmployeeForm {
    fn values(&self) -> Vec<(&'static str, String)> {
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        let number = |v: &Option<Value>| match v {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        };
        vec![
            ("first_name", text(&self.first_name)),
            ("last_name", text(&self.last_name)),
            ("date_of_birth", text(&self.date_of_birth)),
            ("zip", text(&self.zip)),
            ("email", text(&self.email)),
            ("hire_date", text(&self.hire_date)),
            ("hours", number(&self.hours)),
            ("class", text(&self.class)),
            ("salary", number(&self.salary)),
        ]
    }
}

fn checked(form: &EmployeeForm) -> ApiResult<Employee> {
    let language = crate::language::current();
    census::employee(&form.values(), today(), &known_zip).map_err(|refused| {
        ApiError::Invalid(refused.into_iter().map(|(key, bad)| FieldError::new(key, bad.reason(language))).collect())
    })
}

/// Adds one employee to the session's group's census.
pub async fn add_employee(state: &AppState, session: &Session, form: &EmployeeForm) -> ApiResult<Vec<CensusEmployee>> {
    let group = administered(state, session).await?;
    let employee = checked(form)?;
    match store::add(&state.db, group.group_id, &employee.email, &sealed(state, &employee)?).await? {
        Ok(_) => census_list(state, session).await,
        Err(_) => Err(ApiError::field("email", EMAIL_TAKEN)),
    }
}

/// Replaces what the census says of one employee.
pub async fn update_employee(
    state: &AppState,
    session: &Session,
    employee_id: i64,
    form: &EmployeeForm,
) -> ApiResult<Vec<CensusEmployee>> {
    let group = administered(state, session).await?;
    let employee = checked(form)?;
    match store::update(&state.db, group.group_id, employee_id, &employee.email, &sealed(state, &employee)?).await? {
        Ok(()) => census_list(state, session).await,
        Err(store::Refused::EmailTaken) => Err(ApiError::field("email", EMAIL_TAKEN)),
        Err(store::Refused::Unknown) => Err(ApiError::NotFound(NO_SUCH_EMPLOYEE.into())),
    }
}

/// Records that one employee left on `last_day` (MM/DD/YYYY), or with `None` that they did not after all.
pub async fn terminate_employee(
    state: &AppState,
    session: &Session,
    employee_id: i64,
    last_day: Option<&str>,
) -> ApiResult<Vec<CensusEmployee>> {
    let group = administered(state, session).await?;
    let day = match last_day.map(str::trim).filter(|d| !d.is_empty()) {
        None => None,
        Some(given) => Some(
            engine::dates::parse_mdy(given)
                .map(engine::dates::format_iso)
                .ok_or_else(|| ApiError::field("last_day", INVALID_LAST_DAY))?,
        ),
    };
    match store::terminate(&state.db, group.group_id, employee_id, day.as_deref()).await? {
        Ok(()) => census_list(state, session).await,
        Err(_) => Err(ApiError::NotFound(NO_SUCH_EMPLOYEE.into())),
    }
}

async fn participation_of(
    state: &AppState,
    group: &Group,
    settings: &GroupSettings,
    census: &[CensusRow],
) -> ApiResult<Participation> {
    let enrolled = enrolled(state, group.group_id, census).await?;
    let minimum = known(state, group).all_minimums(settings).participation_percent;
    let eligible = census.iter().filter(|row| settings.plan_year.eligibility(&row.employment(), today()).is_ok());
    Ok(participation::count(eligible.map(|row| standing_of(row, &enrolled)), minimum))
}

/// What-if contributions to quote beside the group's own: for each, the employer's share by kind of coverage (a
/// kind left out is quoted under the group's own contribution).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct QuoteAsk {
    #[serde(default)]
    pub what_if: Vec<BTreeMap<String, Contribution>>,
}

/// One offered plan, quoted for the census.
#[derive(Debug, Serialize, JsonSchema)]
pub struct QuotedPlan {
    pub plan_id: i64,
    pub plan_name: String,
    pub carrier_name: String,
    pub category: String,
    /// The level quoted: the plan's lowest.
    pub level: String,
    /// First under the group's own contribution, then under each what-if, in the order asked.
    pub totals: Vec<QuotedTotals>,
}

/// A plan's sums under one contribution.
#[derive(Debug, Serialize, JsonSchema)]
pub struct QuotedTotals {
    pub employees: u32,
    pub premium: Cents,
    pub employer: Cents,
    pub employee: Cents,
    pub employer_per_paycheck: Option<Cents>,
    pub employee_per_paycheck: Option<Cents>,
}

impl From<Totals> for QuotedTotals {
    fn from(t: Totals) -> QuotedTotals {
        QuotedTotals {
            employees: t.employees,
            premium: t.premium,
            employer: t.employer,
            employee: t.employee,
            employer_per_paycheck: t.employer_per_paycheck,
            employee_per_paycheck: t.employee_per_paycheck,
        }
    }
}

/// One employee's premium for one plan, split under each contribution; or why the plan does not take them.
#[derive(Debug, Serialize, JsonSchema)]
pub struct QuotedPrice {
    pub plan_id: i64,
    pub premium: Option<Cents>,
    /// What the employer pays, under each contribution.
    pub employer: Vec<Cents>,
    /// What the employee pays, under each contribution.
    pub employee: Vec<Cents>,
    /// Why the plan does not take this employee, when it does not.
    pub not_available: Option<String>,
}

/// One employee of the quote.
#[derive(Debug, Serialize, JsonSchema)]
pub struct QuotedEmployee {
    pub employee_id: i64,
    pub name: String,
    /// Age on the day the plan year starts.
    pub age: i32,
    pub zip: String,
    pub prices: Vec<QuotedPrice>,
}

/// The census quote.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CensusQuote {
    /// MM/DD/YYYY: the plan year's start, on which ages are counted.
    pub start: String,
    /// How many contributions are quoted: the group's own, then each what-if.
    pub contributions: usize,
    pub plans: Vec<QuotedPlan>,
    pub employees: Vec<QuotedEmployee>,
}

/// The session's group's census quoted for its offered plans, employee-only, under its contribution and `ask`'s
/// what-ifs beside it. Employees who left or are not eligible are left out.
pub async fn census_quote(state: &AppState, session: &Session, ask: &QuoteAsk) -> ApiResult<CensusQuote> {
    let group = administered(state, session).await?;
    let settings =
        settings_of(state, group.group_id).await?.ok_or_else(|| ApiError::Conflict(SET_PLAN_YEAR_FIRST.into()))?;
    let census: Vec<CensusRow> = census_of(state, group.group_id)
        .await?
        .into_iter()
        .filter(|row| settings.plan_year.eligibility(&row.employment(), today()).is_ok())
        .collect();
    let states: Vec<String> = census
        .iter()
        .map(|row| crate::services::zip::lookup(&row.employee.zip).map(|z| z.state.clone()).unwrap_or_default())
        .collect();
    let people: Vec<quote::Person<'_>> = census
        .iter()
        .zip(&states)
        .map(|(row, state)| quote::Person {
            date_of_birth: row.employee.date_of_birth,
            state,
            zip: &row.employee.zip,
            hours: row.employee.hours,
            salary: row.employee.salary,
        })
        .collect();
    let plans: Vec<&engine::catalogue::Plan> = settings
        .offers
        .iter()
        .flat_map(|o| o.plan_ids.iter())
        .filter_map(|id| state.catalogue.plans.iter().find(|p| p.plan_id == *id))
        .collect();
    let contributions = |plan: &engine::catalogue::Plan| {
        let own = settings.contribution_for(plan).clone();
        std::iter::once(own.clone())
            .chain(ask.what_if.iter().map(|w| w.get(&plan.category).cloned().unwrap_or_else(|| own.clone())))
            .collect::<Vec<_>>()
    };
    let start = settings.plan_year.start;
    let quoted = quote::quote(&people, &plans, contributions, start, group.payroll_frequency, &state.catalogue.curve);
    let language = crate::language::current();
    let employees = census
        .iter()
        .enumerate()
        .map(|(i, row)| QuotedEmployee {
            employee_id: row.employee_id,
            name: format!("{} {}", row.employee.first_name, row.employee.last_name),
            age: engine::dates::age_on(row.employee.date_of_birth, start),
            zip: row.employee.zip.clone(),
            prices: quoted
                .iter()
                .map(|q| match &q.employees[i] {
                    Priced::Shares(shares) => QuotedPrice {
                        plan_id: q.plan.plan_id,
                        premium: shares.first().map(|s| s.premium),
                        employer: shares.iter().map(|s| s.employer).collect(),
                        employee: shares.iter().map(|s| s.employee).collect(),
                        not_available: None,
                    },
                    Priced::Refused(refused) => QuotedPrice {
                        plan_id: q.plan.plan_id,
                        premium: None,
                        employer: vec![],
                        employee: vec![],
                        not_available: Some(refused.message(language)),
                    },
                })
                .collect(),
        })
        .collect();
    Ok(CensusQuote {
        start: engine::dates::format_mdy(start),
        contributions: 1 + ask.what_if.len(),
        plans: quoted
            .iter()
            .map(|q| QuotedPlan {
                plan_id: q.plan.plan_id,
                plan_name: q.plan.plan_name.clone(),
                carrier_name: state
                    .catalogue
                    .carriers
                    .get(&q.plan.carrier_id)
                    .map(|c| c.name.clone())
                    .unwrap_or_default(),
                category: q.plan.category.clone(),
                level: q.option.name.clone(),
                totals: q.totals.iter().copied().map(QuotedTotals::from).collect(),
            })
            .collect(),
        employees,
    })
}

/// The session's group's participation.
pub async fn participation(state: &AppState, session: &Session) -> ApiResult<Participation> {
    let group = administered(state, session).await?;
    let settings =
        settings_of(state, group.group_id).await?.ok_or_else(|| ApiError::Conflict(SET_PLAN_YEAR_FIRST.into()))?;
    let census = census_of(state, group.group_id).await?;
    participation_of(state, group, &settings, &census).await
}

/// The census and where each employee stands, as CSV: name, e-mail, standing and the reason of a waiver.
pub async fn participation_csv(state: &AppState, session: &Session) -> ApiResult<String> {
    let rows = census_list(state, session).await?;
    let language = crate::language::current();
    let say = |id: &'static str| engine::i18n::say(language, id).to_string();
    let mut out = [say("First name"), say("Last name"), say("E-mail"), say("Standing"), say("Reason for waiving")]
        .iter()
        .map(|t| engine::employer::deductions::cell(t))
        .collect::<Vec<_>>()
        .join(",");
    out.push_str("\r\n");
    for row in rows {
        let standing = say(match row.standing {
            "enrolled" => "Enrolled",
            "waived" => "Waived",
            "not_eligible" => "Not eligible",
            "left" => "Left",
            _ => "Not started",
        });
        let reason = row.waived.map(|r| say(r.words())).unwrap_or_default();
        let line = [row.first_name, row.last_name, row.email, standing, reason]
            .iter()
            .map(|t| engine::employer::deductions::cell(t))
            .collect::<Vec<_>>();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    Ok(out)
}
