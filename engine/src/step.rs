//! The step protocol: one description of every screen the server drives. A wizard tab, a plan's popup (eligibility,
//! dependency, income, tobacco, health questions, membership), an offer (the accident offer, the checkout's upsells),
//! the checkout's confirmation and the quote's filter are each a `Step`: its kind, its name, its words, its form (a
//! JSON Schema, its ui schema and its data) and the actions it offers. A wizard tab adds where it stands in the wizard
//! (`wizard`); an offer adds the plans it offers (`offer`). The renderer draws whatever this says with one machine, in
//! a page (the wizard) or a dialog (everything else); nothing in it is specific to one step except the data.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{json, Value};

use crate::errors::FieldError;
use crate::i18n::{say, say_with};
use crate::lifecycle::EnrollmentLifecycle;
use crate::rating::Cents;
use crate::schema::ComposedForm;
use crate::tabs::TabName;

/// What a step is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// A form the person answers.
    Form,
    /// Plans offered to add, accepted or declined.
    Offer,
    /// A choice of how to go on, with no form (the end of checkout).
    Confirmation,
}

/// What a button of a step does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Goes on with the form's answers (a wizard tab's Next, Submit Application).
    Next,
    /// Answers a popup's form.
    Submit,
    /// Goes to the wizard's previous step.
    Back,
    /// Keeps the answers so far as a draft and e-mails a code to continue.
    SaveForLater,
    /// Opens a step from the review to change it.
    Edit,
    /// Closes a popup without answering.
    Cancel,
    /// Takes an offer.
    Accept,
    /// Declines an offer.
    Decline,
    /// Goes on to enroll as the rep (the checkout's confirmation).
    Rep,
    /// Goes on to enroll as the member (the checkout's confirmation).
    Member,
}

/// A button of a step: what it does and its words.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct StepAction {
    pub action: Action,
    pub label: String,
}

impl StepAction {
    pub fn new(action: Action, label: impl Into<String>) -> StepAction {
        StepAction { action, label: label.into() }
    }
}

/// A screen the server drives.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Step {
    pub kind: StepKind,
    /// The step's name: a wizard tab's (`personal_info`), a popup's (`eligibility`), an offer's, `confirmation` or
    /// `filter`.
    pub step: String,
    // A step is what a person reads: the spec's words that are not written for people go out in plain words
    // (`crate::words`), here and in the schema's titles and messages.
    #[serde(serialize_with = "crate::words::text_in_plain_words")]
    pub title: String,
    /// Words shown above the form or the choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// A notice for the person (why a plan cannot be priced yet, a decision that stands).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The form's JSON Schema (an empty object when the step has no form).
    #[schemars(with = "serde_json::Map<String, Value>")]
    #[serde(serialize_with = "crate::words::value_in_plain_words")]
    pub schema: Value,
    #[serde(rename = "uiSchema")]
    #[schemars(with = "serde_json::Map<String, Value>")]
    #[serde(serialize_with = "crate::words::value_in_plain_words")]
    pub ui_schema: Value,
    #[serde(rename = "formData")]
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub form_data: Value,
    /// The step's buttons, in the order they are shown; the one that goes on comes first.
    pub actions: Vec<StepAction>,
    /// The label of the plan's button that opens it (a popup opened by Enroll Now); none when it opens by itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opens_with: Option<String>,
    /// What an offer offers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer: Option<Offering>,
    /// Where a wizard tab stands in the application.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wizard: Option<WizardPlace>,
    /// A form that may be asked a part at a time (the referral banner asks the quote in three), in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<StepPart>>,
}

/// A part of a form asked on its own before the next.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct StepPart {
    /// Its name in the list of parts ("Your ZIP code").
    pub title: String,
    /// The fields it asks, by name.
    pub fields: Vec<String>,
    /// What is said when one of its fields is left empty, instead of each field's own words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub required: Option<String>,
}

impl Step {
    /// A form step (a popup, the quote's filter) with its buttons.
    pub fn form(
        name: impl Into<String>,
        title: impl Into<String>,
        form: (Value, Value, Value),
        actions: Vec<StepAction>,
    ) -> Step {
        let (schema, ui_schema, form_data) = form;
        Step {
            kind: StepKind::Form,
            step: name.into(),
            title: title.into(),
            text: None,
            message: None,
            schema,
            ui_schema,
            form_data,
            actions,
            opens_with: None,
            offer: None,
            wizard: None,
            parts: None,
        }
    }

    /// A step without a form: an offer or a confirmation.
    pub fn choice(kind: StepKind, name: impl Into<String>, title: impl Into<String>, actions: Vec<StepAction>) -> Step {
        let empty = || Value::Object(Default::default());
        Step { kind, ..Step::form(name, title, (empty(), empty(), empty()), actions) }
    }

    /// The button that does `action`, if the step offers it.
    pub fn action(&self, action: Action) -> Option<&StepAction> {
        self.actions.iter().find(|a| a.action == action)
    }
}

/// Plans an offer would add, and what they add to the monthly cost.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Offering {
    pub header: String,
    pub link: String,
    pub link_description: String,
    pub plans: Vec<OfferedPlan>,
    /// What the offered plans add to the monthly cost together.
    pub price: Cents,
}

/// A plan an offer would add, priced for the quote.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct OfferedPlan {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    pub plan_name: String,
    pub option_name: String,
    pub plan_logo: String,
    pub plan_category: String,
    pub price: Cents,
}

/// Where a wizard tab stands: its name and route, the version of its document, the wizard's progress, and on the
/// review what is asked before submitting and what the application holds.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct WizardPlace {
    pub tab: TabName,
    pub route: &'static str,
    /// Version of the stored document; a save must carry it back.
    pub version: i64,
    pub progress: Progress,
    /// Asked before going on, when going on cannot be undone (submitting the application).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirm: Option<Confirm>,
    #[serde(skip_serializing_if = "Option::is_none")]
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

/// What the person is asked before the application is submitted, in `language`.
pub fn submit_confirm(language: &str) -> Confirm {
    Confirm {
        title: say(language, "Submit your application?"),
        text: say(
            language,
            "Please check your answers above. Once you submit, your application goes to the carriers and can no longer be changed online.",
        ),
        accept: say(language, "Submit Application"),
        cancel: say(language, "Keep reviewing"),
    }
}

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
    /// The reason as a person reads it beside the step's name, in English (the renderer names it in the reader's
    /// language by the reason).
    pub fn words(self) -> &'static str {
        match self {
            UnfinishedReason::NotStarted => "Not filled in yet",
            UnfinishedReason::SavedForLater => "Saved for later but not finished",
            UnfinishedReason::NeedsAttention => "Some answers need your attention",
        }
    }
}

impl Unfinished {
    /// `missing` is in the step's words, which are in `language`.
    pub fn new(tab: TabName, reason: UnfinishedReason, missing: Vec<FieldError>, language: &str) -> Unfinished {
        let title = say(language, tab.title());
        Unfinished {
            target_element: tab,
            error_message: say_with(language, "Finish {step}", &[("step", &title)]),
            route: tab.route(),
            title,
            reason,
            missing,
        }
    }
}

/// What a refused submission says first: which steps to finish, as a sentence in `language` (the steps' titles are
/// already in it).
pub fn unfinished_message(unfinished: &[Unfinished], language: &str) -> String {
    let titles: Vec<&str> = unfinished.iter().map(|u| u.title).collect();
    let list = match titles.as_slice() {
        [] => return String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => say_with(language, "{steps} and {last}", &[("steps", &rest.join(", ")), ("last", last)]),
    };
    say_with(language, "Your application is not complete yet. Please finish {steps}.", &[("steps", &list)])
}

/// An answer as the review reads it: its label and its value in words; an answer made of answers (a questionnaire,
/// a list of dependents) says them in short in `value` and each in full in `parts`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Row {
    pub label: String,
    pub value: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Row>,
}

/// Whether a field is shown in a form (a hidden one, the dependents' fixed "employed", is not said).
fn shown(prop: &Value) -> bool {
    prop.get("x-widget").and_then(Value::as_str) != Some("hidden")
}

/// `value` of the field `prop`, labelled `label`, as a person reads it in `language` (the schema's titles are in it):
/// a question with its answer and the details its Yes gave; a list item by item, each named as the form numbers it
/// ("Dependent #1") with its answers; a group answer by answer, in short first ("No to all 5 questions"); anything
/// else as [`crate::schema::display_value_in`] says it.
pub fn row_of(label: String, prop: &Value, value: &Value, language: &str) -> Row {
    let say = |words: &'static str| say(language, words).to_string();
    match value {
        Value::Array(items) if prop.get("items").is_some() => {
            let title = prop.get("x-item-title").and_then(Value::as_str);
            let parts: Vec<Row> = items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let numbered = (i + 1).to_string();
                    let label = title.map_or_else(|| format!("#{numbered}"), |t| t.replace("{n}", &numbered));
                    Row {
                        value: name_of(&prop["items"], item, language),
                        parts: answers_of(&prop["items"], item, language),
                        label,
                    }
                })
                .collect();
            let names: Vec<&str> = parts.iter().map(|p| p.value.as_str()).filter(|v| !v.is_empty()).collect();
            let value = if names.len() == parts.len() { names.join(", ") } else { parts.len().to_string() };
            Row { label, value, parts }
        }
        Value::Object(answer) if prop.get("properties").is_some() && !is_flags(prop) => {
            let props = crate::schema::every_property(prop);
            // A question: its answer, and the details its Yes asks for.
            if let (Some(flag), Some(given)) = (props.get("yes_no_flag"), answer.get("yes_no_flag")) {
                let details = answers_of(prop, value, language)
                    .into_iter()
                    .filter(|r| !(r.parts.is_empty() && r.label == flag["title"]))
                    .collect();
                return Row { label, value: crate::schema::display_value_in(flag, given, &say), parts: details };
            }
            let parts = answers_of(prop, value, language);
            let (yes, no) = (say("Yes"), say("No"));
            let questions = !parts.is_empty() && parts.iter().all(|p| p.value == yes || p.value == no);
            let value = if questions {
                let n = parts.len();
                match parts.iter().filter(|p| p.value == yes).count() {
                    0 => say_with(language, "No to all {n} questions", &[("n", &n)]),
                    said => say_with(language, "Yes to {yes} of {n} questions", &[("yes", &said), ("n", &n)]),
                }
            } else {
                parts.iter().map(|p| format!("{}: {}", p.label, p.value)).collect::<Vec<_>>().join("; ")
            };
            Row { label, value, parts }
        }
        _ => Row { label, value: crate::schema::display_value_in(prop, value, &say), parts: Vec::new() },
    }
}

/// Whether `prop` is a set of check boxes (holidays, agreements), said as the titles of those ticked.
fn is_flags(prop: &Value) -> bool {
    prop.get("properties")
        .and_then(Value::as_object)
        .is_some_and(|flags| flags.values().all(|f| f.get("type").and_then(Value::as_str) == Some("boolean")))
}

/// Each answer of the object `value` of schema `prop` as a row, in the form's order: the shown and given ones.
fn answers_of(prop: &Value, value: &Value, language: &str) -> Vec<Row> {
    crate::schema::every_property(prop)
        .iter()
        .filter(|(_, field)| shown(field))
        .filter_map(|(key, field)| {
            let given = value.get(key)?;
            let label = field["title"].as_str().map(str::to_string).unwrap_or_else(|| words_of(key));
            Some(row_of(label, field, given, language))
        })
        .filter(|r| !r.value.is_empty() || !r.parts.is_empty())
        .collect()
}

/// What an item of a list is called: a person by name, with who they are ("Sam Okafor (Spouse)"); anything else (a
/// medication, a health condition) by its first text answer; otherwise nothing (the item is its number).
fn name_of(item_schema: &Value, item: &Value, language: &str) -> String {
    let say = |words: &'static str| say(language, words).to_string();
    let text = |key: &str| item.get(key).and_then(Value::as_str).map(str::trim).filter(|t| !t.is_empty());
    let name: Vec<&str> = ["first_name", "middle_name", "last_name"].into_iter().filter_map(text).collect();
    let props = crate::schema::every_property(item_schema);
    if name.is_empty() {
        // A free text the person typed, never a choice's code (a choice is said by its title in the item's rows).
        return props
            .iter()
            .filter(|(_, field)| shown(field) && field.get("type").and_then(Value::as_str) == Some("string"))
            .filter(|(_, field)| {
                field.get("enum").is_none() && field.get("oneOf").is_none() && field.get("format").is_none()
            })
            .find_map(|(key, _)| text(key))
            .unwrap_or_default()
            .to_string();
    }
    let who = item
        .get("relationship")
        .and_then(|r| Some(crate::schema::display_value_in(props.get("relationship")?, r, &say)))
        .filter(|w| !w.is_empty());
    match who {
        Some(who) => format!("{} ({who})", name.join(" ")),
        None => name.join(" "),
    }
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

/// Where `tab` stands among the wizard's steps, their titles in `language`.
pub fn progress(lifecycle: &EnrollmentLifecycle, tab: TabName, language: &str) -> Progress {
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
                title: say(language, t.title()),
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
    let language = form.language.clone();
    let say = |words: &'static str| say(&language, words);
    let review = tab == TabName::ReviewInfo;
    let confirm = submit_confirm(&language);
    let mut actions = vec![
        StepAction::new(Action::Next, if review { confirm.accept } else { say("Next") }),
        StepAction::new(Action::Back, say("Back")),
    ];
    if save_for_later {
        actions.push(StepAction::new(Action::SaveForLater, say("Save & Continue Later")));
    }
    if summary.is_some() {
        actions.push(StepAction::new(Action::Edit, say("Edit")));
    }
    let mut step = Step::form(
        tab.as_str(),
        say(tab.heading()),
        (std::sync::Arc::unwrap_or_clone(form.schema), std::sync::Arc::unwrap_or_clone(form.ui_schema), form.form_data),
        actions,
    );
    step.wizard = Some(WizardPlace {
        tab,
        route: tab.route(),
        version,
        progress: progress(lifecycle, tab, &language),
        confirm: review.then_some(confirm),
        summary,
    });
    step
}

/// Where the quote's filter is asked, which decides its words and whether it is asked a part at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterVariant {
    /// The landing page's banner: the whole form and Submit.
    Landing,
    /// The referral banner: a part at a time (the ZIP code; gender and smoker; the tier and date of birth).
    InParts,
    /// A dialog over a page: Get your price for a new quote, Edit your information for one that exists.
    Dialog,
    /// The tier alone: the member's home (starting from Member Only, and from none with a premier plan in the cart)
    /// and a rep's Enroll Now for a current member (from none).
    Tier,
}

impl FilterVariant {
    /// `landing`, `parts`, `dialog` or `tier`.
    pub fn parse(text: &str) -> Option<FilterVariant> {
        match text {
            "landing" => Some(FilterVariant::Landing),
            "parts" => Some(FilterVariant::InParts),
            "dialog" => Some(FilterVariant::Dialog),
            "tier" => Some(FilterVariant::Tier),
            _ => None,
        }
    }
}

/// The quote's filter as a step, asked as `variant` says; `editing` when the quote exists. The tier asked alone
/// (`FilterVariant::Tier`) is [`tier_choice`]'s, which needs to know where it starts.
pub fn quote_filter(form: ComposedForm, variant: FilterVariant, editing: bool) -> Step {
    let language = form.language.clone();
    let say = |words: &'static str| say(&language, words);
    // The form's title was said with its schema.
    let landing_title =
        form.schema["title"].as_str().map_or_else(|| say("Find plans for you").to_string(), str::to_string);
    let (title, next, text) = match (variant, editing) {
        (FilterVariant::Dialog, true) => (say("Edit your information").to_string(), say("Submit"), None),
        (FilterVariant::Dialog, false) => (
            say("Get your price").to_string(),
            say("See my prices"),
            Some(say("Your ZIP code, age and who you cover decide your price. It takes a few seconds, and nothing is bought.")),
        ),
        _ => (landing_title, say("Submit"), None),
    };
    let mut step = Step::form(
        "filter",
        title,
        (std::sync::Arc::unwrap_or_clone(form.schema), std::sync::Arc::unwrap_or_clone(form.ui_schema), form.form_data),
        vec![StepAction::new(Action::Next, next), StepAction::new(Action::Cancel, say("Back"))],
    );
    step.text = text.map(str::to_string);
    let part = |title: &'static str, fields: &[&str], required: Option<&'static str>| StepPart {
        title: say(title).to_string(),
        fields: fields.iter().map(|f| f.to_string()).collect(),
        required: required.map(|r| say(r).to_string()),
    };
    if variant == FilterVariant::InParts {
        step.parts = Some(vec![
            part("Your ZIP code", &["zip"], None),
            part("About you", &["gender", "is_smoker"], Some(crate::errors::messages::BOTH_FIELDS)),
            part("Your coverage", &["tier", "dob"], None),
        ]);
    }
    step
}

/// The filter's tier asked alone, starting from `chosen` (none: the placeholder, and 'Please choose a tier' if it is
/// left so). Its names are the filter's (a premier plan in the cart names the children tier 'Member + 1 Child').
pub fn tier_choice(form: ComposedForm, chosen: Option<&str>) -> Step {
    let language = form.language.clone();
    let say = |words: &'static str| say(&language, words);
    let mut tier = form.schema["properties"]["tier"].clone();
    tier["x-messages"] = json!({ "required": say(crate::errors::messages::CHOOSE_TIER) });
    let title = tier["title"].as_str().map_or_else(|| say("Choose Tier").to_string(), str::to_string);
    let schema = json!({ "type": "object", "properties": { "tier": tier }, "required": ["tier"] });
    let ui_schema = json!({ "ui:order": ["tier"], "tier": { "ui:placeholder": title } });
    let form_data = chosen.map_or_else(|| json!({}), |t| json!({ "tier": t }));
    let mut step = Step::form(
        "tier",
        say("Choose a tier"),
        (schema, ui_schema, form_data),
        vec![StepAction::new(Action::Next, say("Submit")), StepAction::new(Action::Cancel, say("Cancel"))],
    );
    step.text = Some(say("Choose who the coverage includes; the prices follow the tier.").to_string());
    step
}

/// A field's name as words, for a field without a title (`bill_date`: "Bill date").
fn words_of(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A review card for a tab: each shown field with its label and its value as a person reads it, in the form's
/// language (its titles were composed in it; the values' own words, "Yes", "Signed", are said in it).
pub fn section(number: usize, tab: TabName, form: &ComposedForm) -> Section {
    let language = form.language.as_str();
    // Fields that exist under a condition (the chosen payment type's) are described in the schema's allOf.
    let props = crate::schema::every_property(&form.schema);
    let rows = form
        .fields
        .iter()
        .filter(|f| !matches!(&f.value, Value::String(s) if s.is_empty()))
        .filter_map(|f| {
            let prop = props.get(&f.field_name).cloned().unwrap_or(Value::Null);
            let label = prop["title"].as_str().map(str::to_string).unwrap_or_else(|| words_of(&f.field_name));
            shown(&prop).then(|| row_of(label, &prop, &f.value, language))
        })
        .collect();
    Section { number, step: tab, title: crate::i18n::say(language, tab.title()), rows, note: None }
}
