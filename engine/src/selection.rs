//! Which of the nine tabs an enrollment needs, and in which order: the workflow's tab rules applied to a context.

use serde::Serialize;

use crate::context::EnrollmentContext;
use crate::tabs::TabName;
use crate::workflow::WizardWorkflow;

/// Order given to a tab the workflow does not list; such a tab is never required.
const UNLISTED_ORDER: u8 = 10;

/// One row of the spec's `get-dynamic-tabs` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TabStatus {
    pub tab_name: TabName,
    pub required: bool,
    pub order: u8,
}

/// All nine tabs with `required` and `order` for this context, sorted by order (ties keep the spec's order).
pub fn select_tabs(workflow: &WizardWorkflow, ctx: &EnrollmentContext) -> Vec<TabStatus> {
    let mut tabs: Vec<TabStatus> = TabName::ALL
        .into_iter()
        .map(|tab| match workflow.tabs.iter().find(|rule| rule.tab == tab) {
            Some(rule) => TabStatus { tab_name: tab, required: rule.required.on(ctx), order: rule.order },
            None => TabStatus { tab_name: tab, required: false, order: UNLISTED_ORDER },
        })
        .collect();
    tabs.sort_by_key(|t| t.order);
    tabs
}

/// The wizard's navigation: required tabs only, in order (the spec's nav array).
pub fn navigation(workflow: &WizardWorkflow, ctx: &EnrollmentContext) -> Vec<TabName> {
    select_tabs(workflow, ctx).into_iter().filter(|t| t.required).map(|t| t.tab_name).collect()
}
