//! What happens for each group by itself, without the administrator asking: as an employee's window opens their
//! invitation goes (`invitations::invite_group`), as it nears its close a reminder goes to whoever has neither
//! enrolled nor waived (`invitations::REMINDER_DAYS`), and once coverage has begun each pay period's deduction file is
//! made (`deductions::make_for`). Every step is written once whichever replica does it first (the census marks and the
//! file's period are unique), so each replica of a cluster may run the schedule.

use std::time::Duration;

use super::invitations::{self, Reach};
use super::{deductions, settings_of};
use crate::error::ApiResult;
use crate::state::AppState;
use crate::store::employer as store;

/// What one run of the schedule did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub invited: u32,
    pub reminded: u32,
    /// Deduction files made (a period's file is made once; a run in the same period makes none).
    pub files: u32,
}

/// Runs the schedule once for every group with a plan year; a group that fails is logged and the others go on.
pub async fn run_once(state: &AppState) -> ApiResult<Run> {
    let mut run = Run::default();
    for group_id in store::groups_with_settings(&state.db).await? {
        let Some(group) = state.catalogue.groups.get(&group_id) else { continue };
        if let Err(error) = run_group(state, group, &mut run).await {
            tracing::error!(group = group_id, error = ?error, "an employer group's schedule");
        }
    }
    Ok(run)
}

async fn run_group(state: &AppState, group: &engine::catalogue::Group, run: &mut Run) -> ApiResult<()> {
    let Some(settings) = settings_of(state, group.group_id).await? else { return Ok(()) };
    let year = &settings.plan_year;
    run.invited += invitations::invite_group(state, group, year, Reach::OpenNow).await?.sent;
    run.reminded += invitations::remind_group(state, group, year).await?;
    // Deductions begin with coverage, and only a group whose pay frequency is known has pay periods.
    if group.payroll_frequency.is_some() && super::today() >= year.start {
        let before = store::payroll_files(&state.db, group.group_id).await?.len();
        deductions::make_for(state, group, &settings).await?;
        run.files += (store::payroll_files(&state.db, group.group_id).await?.len() - before) as u32;
    }
    Ok(())
}

/// Runs the schedule every `every` (`EMPLOYER_SCHEDULE_SECS`) until the server is told to stop.
pub fn spawn(
    live: crate::state::Live,
    every: Duration,
    mut stopping: crate::services::lifecycle::Stopping,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if stopping.sleep(every).await {
                return;
            }
            match run_once(&live.now()).await {
                Ok(run) if run == Run::default() => {}
                Ok(run) => tracing::info!(
                    invited = run.invited,
                    reminded = run.reminded,
                    files = run.files,
                    "employer groups' schedule"
                ),
                Err(error) => tracing::error!(error = ?error, "employer groups' schedule"),
            }
        }
    })
}
