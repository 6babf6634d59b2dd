//! The payroll deduction file of each pay period (`engine::employer::deductions`): made once a period at the
//! administrator's asking, from the group's standing applications of its census's employees, each plan's
//! price rated as the application is and the employer's share taken off; written as CSV, 0600, to
//! `EDI_DIR/payroll/{group}/deductions-{first day}.csv` for the payroll system to pick up, and kept sealed, its content
//! emptied after `EDI_RETENTION_DAYS` as carriers' files are.

use std::collections::HashMap;

use engine::catalogue::Group;
use engine::employer::deductions::{self, Deduction};
use engine::employer::settings::GroupSettings;
use schemars::JsonSchema;
use serde::Serialize;

use super::{administered, census_of, settings_of, SET_PLAN_YEAR_FIRST};
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::employer as store;

pub const NO_PAY_FREQUENCY: &str = "We do not have how often your group pays its employees. Please call us to set it.";
pub const NO_SUCH_FILE: &str = "There is no deduction file for this pay period";
pub const FILE_GONE: &str = "This file is no longer kept. Its deductions are in the files that followed it.";

/// A pay period's deduction file.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DeductionFile {
    /// YYYY-MM-DD: the period's first and last day (the first names the file).
    pub period_start: String,
    pub period_end: String,
    pub made_at: String,
    /// Deductions in it, and how many of them are new, changed or stopped since the last file.
    pub deductions: u32,
    pub new: u32,
    pub changed: u32,
    pub stopped: u32,
    /// Whether its content is still kept (it is emptied after the retention period).
    pub kept: bool,
}

fn answer(state: &AppState, row: &store::PayrollFileRow) -> ApiResult<DeductionFile> {
    let lines: Vec<(Deduction, String)> = opened(state, &row.lines)?;
    let count = |word: &str| lines.iter().filter(|(_, c)| c == word).count() as u32;
    Ok(DeductionFile {
        period_start: row.period_start.clone(),
        period_end: row.period_end.clone(),
        made_at: row.made_at.clone(),
        deductions: lines.len() as u32 - count("stopped"),
        new: count("new"),
        changed: count("changed"),
        stopped: count("stopped"),
        kept: row.content.is_some(),
    })
}

fn opened<T: serde::de::DeserializeOwned>(state: &AppState, sealed: &str) -> ApiResult<T> {
    let plain = state
        .crypto
        .decrypt(sealed)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a payroll file does not open with this key")))?;
    serde_json::from_str(&plain).map_err(|e| ApiError::Internal(e.into()))
}

/// The deductions of group `group_id` now: each standing application of an employee of the census
/// (`applications_of`), each plan of it, the employee's part per paycheck.
async fn deductions_now(state: &AppState, group_id: i64) -> ApiResult<Vec<Deduction>> {
    let group = state
        .catalogue
        .groups
        .get(&group_id)
        .ok_or_else(|| ApiError::Forbidden(crate::domain::access::GROUP_ADMINS_ONLY.into()))?;
    let frequency = group.payroll_frequency.ok_or_else(|| ApiError::Conflict(NO_PAY_FREQUENCY.into()))?;
    let census = census_of(state, group_id).await?;
    let applications = super::applications_of(state, group_id, &census).await?;
    let census: HashMap<i64, super::CensusRow> = census.into_iter().map(|row| (row.employee_id, row)).collect();
    let today = super::today();
    let mut now = Vec::new();
    for (employee_id, policy_id) in applications {
        let Some(row) = census.get(&employee_id).filter(|row| !row.left_by(today)) else { continue };
        let Some(e) = crate::domain::enrollment::load_submitted(state, &policy_id).await? else { continue };
        let payroll = crate::domain::payroll::payroll(state, Some(group_id), e.filter.rating_input(today)).await?;
        for line in crate::domain::enrollment::priced_cart(state, &e).await? {
            let Some(plan) = state.catalogue.plan(line.plan_id) else { continue };
            let employer = payroll.employer_share(plan, plan.option(line.plan_pricing_id), line.price);
            let own = engine::rating::Cents((line.price.0 - employer.0).max(0));
            let amount = engine::rating::per_paycheck(own, frequency);
            if amount.0 == 0 {
                continue;
            }
            now.push(Deduction {
                employee_id: row.employee_id,
                last_name: row.employee.last_name.clone(),
                first_name: row.employee.first_name.clone(),
                email: row.employee.email.clone(),
                plan_id: plan.plan_id,
                plan_name: plan.plan_name.clone(),
                category: plan.category.clone(),
                pre_tax: deductions::pre_tax(&plan.category),
                amount,
            });
        }
    }
    Ok(now)
}

/// Makes the file of the pay period that holds today, once: asked again in the same period, it answers the file
/// already made.
pub async fn make(state: &AppState, session: &Session) -> ApiResult<DeductionFile> {
    let group = administered(state, session).await?;
    let settings =
        settings_of(state, group.group_id).await?.ok_or_else(|| ApiError::Conflict(SET_PLAN_YEAR_FIRST.into()))?;
    make_for(state, group, &settings).await
}

/// Makes `group`'s file of the pay period that holds today, once (as `make`).
pub(super) async fn make_for(state: &AppState, group: &Group, settings: &GroupSettings) -> ApiResult<DeductionFile> {
    let frequency = group.payroll_frequency.ok_or_else(|| ApiError::Conflict(NO_PAY_FREQUENCY.into()))?;
    let (from, to) = deductions::period_of(frequency, settings.plan_year.start, super::today());
    let (from_iso, to_iso) = (engine::dates::format_iso(from), engine::dates::format_iso(to));
    let files = store::payroll_files(&state.db, group.group_id).await?;
    if let Some(made) = files.iter().find(|f| f.period_start == from_iso) {
        return answer(state, made);
    }
    // The last file before this period: what its deductions were.
    let last: Vec<Deduction> = match files.iter().find(|f| f.period_start < from_iso) {
        Some(file) => opened::<Vec<(Deduction, String)>>(state, &file.lines)?
            .into_iter()
            .filter(|(_, change)| change != "stopped")
            .map(|(d, _)| d)
            .collect(),
        None => Vec::new(),
    };
    let now = deductions_now(state, group.group_id).await?;
    let lines = deductions::compare(&last, &now);
    let text = deductions::csv(from, to, &lines);
    let kept: Vec<(Deduction, &str)> = lines.iter().map(|(d, c)| (d.clone(), c.word())).collect();
    let sealed_lines = state.crypto.encrypt(&serde_json::to_string(&kept).map_err(|e| ApiError::Internal(e.into()))?);
    let forget_before = (chrono::Utc::now() - chrono::Duration::days(i64::from(state.edi.retention_days)))
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let made = store::put_payroll_file(
        &state.db,
        group.group_id,
        (&from_iso, &to_iso),
        &state.crypto.encrypt(&text),
        &sealed_lines,
        &forget_before,
    )
    .await?;
    if made {
        let path =
            state.edi.dir.join("payroll").join(group.group_id.to_string()).join(format!("deductions-{from_iso}.csv"));
        crate::services::edi::write_private(&path, text.as_bytes()).map_err(|e| ApiError::Internal(e.into()))?;
    }
    let files = store::payroll_files(&state.db, group.group_id).await?;
    let file =
        files.iter().find(|f| f.period_start == from_iso).ok_or_else(|| ApiError::NotFound(NO_SUCH_FILE.into()))?;
    answer(state, file)
}

/// The session's group's deduction files, newest first.
pub async fn files(state: &AppState, session: &Session) -> ApiResult<Vec<DeductionFile>> {
    let group = administered(state, session).await?;
    store::payroll_files(&state.db, group.group_id).await?.iter().map(|row| answer(state, row)).collect()
}

/// The CSV of the file of the period starting `period_start` (YYYY-MM-DD).
pub async fn content(state: &AppState, session: &Session, period_start: &str) -> ApiResult<String> {
    let group = administered(state, session).await?;
    let files = store::payroll_files(&state.db, group.group_id).await?;
    let file =
        files.iter().find(|f| f.period_start == period_start).ok_or_else(|| ApiError::NotFound(NO_SUCH_FILE.into()))?;
    let sealed = file.content.as_deref().ok_or_else(|| ApiError::Conflict(FILE_GONE.into()))?;
    state
        .crypto
        .decrypt(sealed)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a payroll file does not open with this key")))
}
