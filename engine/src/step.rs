//! The step protocol's view of a tab: `{ step, title, schema, uiSchema, formData, progress, actions }`.
//!
//! The renderer draws whatever this says; nothing in it is specific to one tab except the data.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::errors::FieldError;
use crate::lifecycle::EnrollmentLifecycle;
use crate::rating::Cents;
use crate::schema::{display_value, ComposedForm};
use crate::tabs::TabName;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Back,
    Next,
    SaveForLater,
    Edit,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Step {
    pub step: TabName,
    pub route: &'static str,
    pub title: &'static str,
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub schema: Value,
    #[serde(rename = "uiSchema")]
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub ui_schema: Value,
    #[serde(rename = "formData")]
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub form_data: Value,
    /// Version of the stored document; a save must carry it back.
    pub version: i64,
    pub progress: Progress,
    pub actions: Vec<Action>,
    /// The words of the button that goes on: Next, or Submit Application on the last step.
    pub next_label: &'static str,
    /// Asked before going on, when going on cannot be undone (submitting the application).
    pub confirm: Option<Confirm>,
    pub summary: Option<Summary>,
}

/// A question the person answers before an act that cannot be undone.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Confirm {
    pub title: &'static str,
    pub text: &'static str,
    /// The button that does it.
    pub accept: &'static str,
    /// The button that goes back to the page.
    pub cancel: &'static str,
}

/// What the person is asked before the application is submitted.
pub const SUBMIT_CONFIRM: Confirm = Confirm {
    title: "Submit your application?",
    text: "Please check your answers above. Once you submit, your application goes to the carriers and can no longer be changed online.",
    accept: "Submit Application",
    cancel: "Keep reviewing",
};

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Progress {
    pub index: usize,
    pub total: usize,
    pub steps: Vec<ProgressItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ProgressItem {
    pub step: TabName,
    pub route: &'static str,
    pub title: &'static str,
    /// `done`, `current` or `todo`.
    pub status: &'static str,
}

/// What the review step shows besides its own form.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Summary {
    pub sections: Vec<Section>,
    pub cart: CartSummary,
    /// The steps to finish before the application can be submitted (none when it is complete).
    pub unfinished: Vec<Unfinished>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Section {
    pub number: usize,
    pub step: TabName,
    pub title: &'static str,
    pub rows: Vec<Row>,
    /// A word about the card (changes saved for later that are not part of the application yet).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A step the application still needs before it can be submitted: listed on the review as a link to the step, and
/// answered (422) when Submit is pressed anyway.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Unfinished {
    /// The step's name (`billing_info`, ...).
    pub target_element: TabName,
    /// What to do, in a person's words: "Finish Billing Information".
    pub error_message: String,
    /// The step's route (`billing-information`).
    pub route: &'static str,
    pub title: &'static str,
    /// Why the step is not finished.
    pub reason: UnfinishedReason,
    /// The answers that need attention, in the step's own words (empty when the step was never finished).
    pub missing: Vec<FieldError>,
}

/// Why a step is not finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnfinishedReason {
    /// Never saved.
    NotStarted,
    /// Saved for later and not finished since (a complete answer saved before stays, but is not what the person last
    /// saw).
    SavedForLater,
    /// Saved, but some answers no longer pass the step's checks (a card that expired, a question added since).
    NeedsAttention,
}

impl UnfinishedReason {
    /// The reason as a person reads it beside the step's name.
    pub fn words(self) -> &'static str {
        match self {
            UnfinishedReason::NotStarted => "Not filled in yet",
            UnfinishedReason::SavedForLater => "Saved for later but not finished",
            UnfinishedReason::NeedsAttention => "Some answers need your attention",
        }
    }
}

impl Unfinished {
    pub fn new(tab: TabName, reason: UnfinishedReason, missing: Vec<FieldError>) -> Unfinished {
        Unfinished {
            target_element: tab,
            error_message: format!("Finish {}", tab.title()),
            route: tab.route(),
            title: tab.title(),
            reason,
            missing,
        }
    }
}

/// What a refused submission says first: which steps to finish, as a sentence.
pub fn unfinished_message(unfinished: &[Unfinished]) -> String {
    let titles: Vec<&str> = unfinished.iter().map(|u| u.title).collect();
    let list = match titles.as_slice() {
        [] => return String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    format!("Your application is not complete yet. Please finish {list}.")
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Row {
    pub label: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CartSummary {
    pub lines: Vec<CartSummaryLine>,
    pub initial_month_cost: Cents,
    pub recurring_month_cost: Cents,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CartSummaryLine {
    pub plan_name: String,
    pub price: Cents,
}

pub fn progress(lifecycle: &EnrollmentLifecycle, tab: TabName) -> Progress {
    let nav = lifecycle.nav();
    let index = nav.iter().position(|t| *t == tab).unwrap_or(0);
    Progress {
        index,
        total: nav.len(),
        steps: nav
            .iter()
            .enumerate()
            .map(|(i, t)| ProgressItem {
                step: *t,
                route: t.route(),
                title: t.title(),
                status: match i.cmp(&index) {
                    std::cmp::Ordering::Less => "done",
                    std::cmp::Ordering::Equal => "current",
                    std::cmp::Ordering::Greater => "todo",
                },
            })
            .collect(),
    }
}

/// The step for `tab`. Save for later is offered only when the installation can deliver the continue code.
pub fn build(
    tab: TabName,
    lifecycle: &EnrollmentLifecycle,
    form: ComposedForm,
    version: i64,
    summary: Option<Summary>,
    save_for_later: bool,
) -> Step {
    let mut actions = vec![Action::Back, Action::Next];
    if save_for_later {
        actions.push(Action::SaveForLater);
    }
    if summary.is_some() {
        actions.push(Action::Edit);
    }
    Step {
        step: tab,
        route: tab.route(),
        title: tab.title(),
        schema: std::sync::Arc::unwrap_or_clone(form.schema),
        ui_schema: std::sync::Arc::unwrap_or_clone(form.ui_schema),
        form_data: form.form_data,
        version,
        progress: progress(lifecycle, tab),
        actions,
        next_label: if tab == TabName::ReviewInfo { SUBMIT_CONFIRM.accept } else { "Next" },
        confirm: (tab == TabName::ReviewInfo).then_some(SUBMIT_CONFIRM),
        summary,
    }
}

/// A field's name as words, for a field without a title (`bill_date`: "Bill date").
fn words_of(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A review card for a tab: each shown field with its label and its value as a person reads it.
pub fn section(number: usize, tab: TabName, form: &ComposedForm) -> Section {
    // Fields that exist under a condition (the chosen payment type's) are described in the schema's allOf.
    let props = crate::schema::every_property(&form.schema);
    let rows = form
        .fields
        .iter()
        .filter(|f| !matches!(&f.value, Value::String(s) if s.is_empty()))
        .map(|f| {
            let prop = props.get(&f.field_name).cloned().unwrap_or(Value::Null);
            Row {
                label: prop["title"].as_str().map(str::to_string).unwrap_or_else(|| words_of(&f.field_name)),
                value: display_value(&prop, &f.value),
            }
        })
        .collect();
    Section { number, step: tab, title: tab.title(), rows, note: None }
}
