//! The workflow file format, and loading and checking of `workflows/`.
//!
//! A workflow file is data that operators and carriers edit: which tabs an enrollment needs and when, and per-tab
//! field settings. The engine publishes the format as JSON Schema ([`file_format_schema`], derived with schemars from
//! the types below) and checks every file against it before using it, so a bad file fails at load time with its file
//! name, the path inside the file and the reason, never at the moment a person reaches the tab.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::context::{Condition, Flag};
use crate::forms;
use crate::tabs::TabName;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WorkflowKind {
    /// The enrollment wizard: tabs and their fields.
    Wizard,
}

/// One workflow file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Enrollment workflow file")]
pub struct WizardWorkflow {
    /// A short unique name for the workflow.
    #[schemars(length(min = 1))]
    pub id: String,
    pub kind: WorkflowKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The tabs this workflow may use; a tab not listed is never required.
    pub tabs: Vec<TabRule>,
    /// Field settings per tab.
    #[serde(default)]
    pub forms: BTreeMap<TabName, FormSettings>,
}

/// When a tab is required and where it stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TabRule {
    pub tab: TabName,
    /// Position in the wizard, 0 to 10 (the spec's nav order).
    #[schemars(range(min = 0, max = 10))]
    pub order: u8,
    /// `true` (the default), `false`, or `{ when: <condition> }`.
    #[serde(default = "always")]
    pub required: Flag,
}

fn always() -> Flag {
    Flag::Fixed(true)
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormSettings {
    /// Settings by field name; a field of the tab that is not listed is shown, optional and editable.
    #[serde(default)]
    pub fields: BTreeMap<String, FieldSettings>,
    /// Agreement texts, each with its checkbox (agreement_info only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreements: Vec<AgreementText>,
    /// The health questionnaire (primary_health_info only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub questionnaire: Option<crate::questionnaire::Questionnaire>,
    /// Who counts as a spouse or a child by age (dependent_info only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dependent_ages: Option<crate::dependents::DependentAges>,
}

/// One agreement text shown on Agreement & Signature, with the checkbox that accepts it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AgreementText {
    /// A stable name, stored with the answer.
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]*$"))]
    pub id: String,
    #[schemars(length(min = 1))]
    pub text_head: String,
    #[schemars(length(min = 1))]
    pub text_body: String,
    /// The box must be ticked to go on (the default).
    #[serde(default = "yes")]
    pub text_required: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FieldSettings {
    /// The person must fill the field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<Flag>,
    /// The field is shown but cannot be changed; its value comes from `prefill` or from what is stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<Flag>,
    /// The field is neither shown nor accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Flag>,
    /// Where the field's value comes from when nothing is stored yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefill: Option<Prefill>,
    /// A label replacing the default one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// A help text shown under the field. It may name what the enrollment knows in braces, as a prefill source
    /// (`{group.phone}`): a sentence naming something the enrollment does not know is left out (see
    /// [`PrefillValues::words`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The answer must agree with what the application already holds (a verification question); checked by the
    /// server only, so the expected answer never reaches the page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify: Option<Verify>,
    /// What the field asks of the person, as browsers name it (HTML's autocomplete), so a browser fills it and
    /// assistive technology knows it (WCAG 1.3.5). Only for fields about the applicant, never a dependent's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub autocomplete: Option<Autocomplete>,
}

/// The HTML autocomplete names the forms use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Autocomplete {
    GivenName,
    AdditionalName,
    FamilyName,
    Email,
    TelNational,
    AddressLine1,
    AddressLine2,
    AddressLevel2,
    AddressLevel1,
    PostalCode,
    Bday,
    CcGivenName,
    CcFamilyName,
    CcNumber,
    CcExpMonth,
    CcExpYear,
    CcCsc,
}

/// What a verification answer is compared with: a field of an earlier step, whole or its last digits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Verify {
    pub step: TabName,
    pub field: String,
    /// Compare only this many last digits of the held value (a phone number's last four).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 10))]
    pub last_digits: Option<usize>,
    /// The words when the answer does not agree.
    #[schemars(length(min = 1))]
    pub message: String,
}

impl Verify {
    /// Whether `answer` agrees with `held` (case, spacing and, for digits, punctuation aside).
    pub fn agrees(&self, answer: &str, held: &str) -> bool {
        match self.last_digits {
            Some(n) => {
                let digits: String = held.chars().filter(char::is_ascii_digit).collect();
                let given: String = answer.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
                digits.len() >= n && given == digits[digits.len() - n..]
            }
            None => {
                let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
                !held.trim().is_empty() && words(answer) == words(held)
            }
        }
    }
}

/// Sources a field can be prefilled from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Prefill {
    #[serde(rename = "filter.zip")]
    FilterZip,
    #[serde(rename = "filter.state")]
    FilterState,
    #[serde(rename = "filter.dob")]
    FilterDob,
    #[serde(rename = "filter.gender")]
    FilterGender,
    #[serde(rename = "filter.city")]
    FilterCity,
    #[serde(rename = "group.name")]
    GroupName,
    #[serde(rename = "group.phone")]
    GroupPhone,
    #[serde(rename = "group.address1")]
    GroupAddress1,
    #[serde(rename = "group.address2")]
    GroupAddress2,
    #[serde(rename = "group.city")]
    GroupCity,
    #[serde(rename = "group.state")]
    GroupState,
    #[serde(rename = "group.zip")]
    GroupZip,
    #[serde(rename = "group.code")]
    GroupCode,
    /// The group administrator's e-mail address.
    #[serde(rename = "group.email")]
    GroupEmail,
    /// The group's rep: their name, phone number and e-mail address.
    #[serde(rename = "group.rep.name")]
    GroupRepName,
    #[serde(rename = "group.rep.phone")]
    GroupRepPhone,
    #[serde(rename = "group.rep.email")]
    GroupRepEmail,
    /// The name of the rep enrolling on the member's behalf.
    #[serde(rename = "agent.name")]
    AgentName,
    /// The rep's code.
    #[serde(rename = "agent.code")]
    AgentCode,
    /// Today, MM/DD/YYYY.
    #[serde(rename = "today")]
    Today,
    /// What an existing member has on file.
    #[serde(rename = "member.first_name")]
    MemberFirstName,
    #[serde(rename = "member.last_name")]
    MemberLastName,
    #[serde(rename = "member.email")]
    MemberEmail,
    #[serde(rename = "member.phone")]
    MemberPhone,
    #[serde(rename = "member.address1")]
    MemberAddress1,
    #[serde(rename = "member.address2")]
    MemberAddress2,
    /// The applicant's first and last name as given on Personal Information.
    #[serde(rename = "applicant.name")]
    ApplicantName,
}

impl Prefill {
    /// The source a workflow names (`group.phone`).
    pub fn named(name: &str) -> Option<Prefill> {
        serde_json::from_value(Value::String(name.to_string())).ok()
    }

    fn is_phone(self) -> bool {
        matches!(self, Prefill::GroupPhone | Prefill::GroupRepPhone | Prefill::MemberPhone)
    }
}

/// The sentences of a text: each ends at a full stop, question or exclamation mark followed by a space or the end
/// (the dot of an e-mail address does not end one).
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let text = text.trim();
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        let ends = matches!(b, b'.' | b'?' | b'!') && bytes.get(i + 1).is_none_or(|next| *next == b' ');
        if ends {
            found.push(text[start..=i].trim());
            start = i + 1;
        }
    }
    if !text[start..].trim().is_empty() {
        found.push(text[start..].trim());
    }
    found.into_iter()
}

/// A ten-digit phone number as people read it, (404) 555-0188; anything else as it is.
fn phone_words(digits: &str) -> String {
    let d: String = digits.chars().filter(char::is_ascii_digit).collect();
    if d.len() == 10 {
        format!("({}) {}-{}", &d[0..3], &d[3..6], &d[6..])
    } else {
        digits.to_string()
    }
}

/// The placeholders of a text that name no prefill source (for `enroll check-workflows`).
pub fn unknown_placeholders(text: &str) -> Vec<String> {
    let mut unknown = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            unknown.push(rest[open..].to_string());
            break;
        };
        let name = &rest[open + 1..close];
        if Prefill::named(name).is_none() {
            unknown.push(name.to_string());
        }
        rest = &rest[close + 1..];
    }
    unknown
}

/// Values the prefill sources resolve to for one enrollment.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PrefillValues {
    pub zip: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub dob: Option<String>,
    pub gender: Option<String>,
    /// The employer group of the enrollment, when it has one.
    pub group: Option<crate::catalogue::Group>,
    /// The rep enrolling on the member's behalf, when there is one.
    pub agent: Option<crate::catalogue::Rep>,
    /// The rep of the enrollment's group, when it has one.
    pub group_rep: Option<crate::catalogue::Rep>,
    /// The existing member the enrollment is for, when it is one.
    pub member: Option<crate::catalogue::MemberProfile>,
    /// Today, MM/DD/YYYY.
    pub today: Option<String>,
    /// The applicant's name as given on Personal Information, once given.
    pub applicant_name: Option<String>,
    /// The bank accounts and cards an existing member has on file, masked (see [`crate::payment::shape`]).
    pub payment_on_file: Option<serde_json::Value>,
    /// The address given on Contact Information (address1, address2, city, state, zip), which Billing
    /// Information's 'Choose physical address' copies.
    pub contact_address: Option<serde_json::Value>,
    /// What the cart will cost, which Billing Information says beside each way of paying.
    pub premiums: Option<crate::payment::Premiums>,
}

impl PrefillValues {
    /// `text` with each `{source}` replaced by what the enrollment knows of it, phone numbers written as people read
    /// them ((404) 555-0188). A sentence naming something it does not know is left out, so the text never shows an
    /// empty place: "Ask your rep, {group.rep.name}." is dropped for a group without a rep.
    pub fn words(&self, text: &str) -> String {
        sentences(text)
            .filter_map(|sentence| {
                let mut out = String::new();
                let mut rest = sentence;
                while let Some(open) = rest.find('{') {
                    let close = open + rest[open..].find('}')?;
                    let source = Prefill::named(&rest[open + 1..close])?;
                    let value = self.get(source)?;
                    out.push_str(&rest[..open]);
                    out.push_str(&if source.is_phone() { phone_words(&value) } else { value });
                    rest = &rest[close + 1..];
                }
                out.push_str(rest);
                Some(out)
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn get(&self, source: Prefill) -> Option<String> {
        let group = self.group.as_ref();
        let address = group.map(|g| &g.address_information);
        let value = match source {
            Prefill::FilterZip => self.zip.clone(),
            Prefill::FilterState => self.state.clone(),
            Prefill::FilterDob => self.dob.clone(),
            Prefill::FilterGender => self.gender.clone(),
            Prefill::FilterCity => self.city.clone(),
            Prefill::GroupName => group.map(|g| g.name.clone()),
            Prefill::GroupPhone => group.map(|g| g.phone.clone()),
            Prefill::GroupAddress1 => address.map(|a| a.address1.clone()),
            Prefill::GroupAddress2 => address.map(|a| a.address2.clone()),
            Prefill::GroupCity => address.map(|a| a.city.clone()),
            Prefill::GroupState => address.map(|a| a.state.clone()),
            Prefill::GroupZip => address.map(|a| a.zip.clone()),
            Prefill::GroupCode => group.map(|g| g.code.clone()),
            Prefill::GroupEmail => group.and_then(|g| g.email.clone()),
            Prefill::GroupRepName => self.group_rep.as_ref().map(|r| r.name()),
            Prefill::GroupRepPhone => self.group_rep.as_ref().map(|r| r.phone.clone()),
            Prefill::GroupRepEmail => self.group_rep.as_ref().map(|r| r.email.clone()),
            Prefill::AgentName => self.agent.as_ref().map(|a| a.name()),
            Prefill::AgentCode => self.agent.as_ref().map(|a| a.agent_code.clone()),
            Prefill::Today => self.today.clone(),
            Prefill::ApplicantName => self.applicant_name.clone(),
            Prefill::MemberFirstName => self.member.as_ref().map(|m| m.first_name.clone()),
            Prefill::MemberLastName => self.member.as_ref().map(|m| m.last_name.clone()),
            Prefill::MemberEmail => self.member.as_ref().map(|m| m.email.clone()),
            Prefill::MemberPhone => self.member.as_ref().map(|m| m.phone.clone()),
            Prefill::MemberAddress1 => self.member.as_ref().map(|m| m.address.address1.clone()),
            Prefill::MemberAddress2 => self.member.as_ref().map(|m| m.address.address2.clone()),
        };
        value.filter(|v| !v.is_empty())
    }
}

/// The loaded workflows of an installation.
#[derive(Debug, Clone, PartialEq)]
pub struct Workflows {
    pub wizard: WizardWorkflow,
    /// The popups on a plan and the offers around the cart.
    pub shop: crate::shop::ShopWorkflow,
    /// The help chat's script (`kind: assistant`); without one the chat greets and thanks.
    pub assistant: crate::assistant::Assistant,
    /// The levels of use the estimated yearly cost of health plans is priced at (`kind: estimate`); without them,
    /// no plan is estimated.
    pub estimate: Option<crate::yearly::UseProfiles>,
    /// How our categories, tiers, relationships and genders are said in carriers' 834 files (`kind: x12`); without
    /// them, no file is made.
    pub x12: Option<crate::x12::Codes>,
}

impl Workflows {
    /// Where the carriers' texts (their questions, detail fields and health messages) are not written in
    /// `language`: English is shown in their place. Each place as `where: the English words`.
    pub fn untranslated(&self, language: &str) -> Vec<String> {
        let mut missing = Vec::new();
        self.texts(&mut |place, text| {
            if !text.has(language) {
                missing.push(format!("{place}: {}", text.en));
            }
        });
        missing
    }

    /// Each text written in these workflows, with where it is.
    fn texts(&self, note: &mut dyn FnMut(String, &crate::text::Text)) {
        use crate::text::Text;
        let shop = &self.shop;
        for set in &shop.eligibility_questions {
            for q in &set.questions {
                note(format!("eligibility {} question {}", set.name, q.qid), &q.question);
            }
        }
        let health = |set: &crate::shop::HealthSet, note: &mut dyn FnMut(String, &Text)| {
            for q in &set.questions {
                note(format!("health {} question {}", set.name, q.question_id), &q.question_text);
            }
            note(format!("health {} decline message", set.name), &set.decline_message);
            note(format!("health {} success message", set.name), &set.success_message);
        };
        for set in &shop.health_questions {
            health(set, note);
        }
        for (plan, own) in &shop.plans_own {
            for q in own.eligibility.iter().flat_map(|e| &e.questions) {
                note(format!("plan {plan} eligibility question {}", q.qid), &q.question);
            }
            if let Some(set) = &own.health {
                health(set, note);
            }
        }
        for (list, name) in [(&shop.after_add, "after_add"), (&shop.checkout_upsells, "checkout_upsells")] {
            for offer in list {
                for (field, text) in [
                    ("title", &offer.pop_up_title),
                    ("header", &offer.pop_up_header),
                    ("link description", &offer.pop_up_link_description),
                    ("accept", &offer.accept),
                    ("decline", &offer.decline),
                ] {
                    if !text.en.is_empty() {
                        note(format!("{name} offer {} {field}", offer.id), text);
                    }
                }
            }
        }
        let step = self.wizard.forms.get(&TabName::PrimaryHealthInfo).and_then(|f| f.questionnaire.as_ref());
        for q in step.iter().flat_map(|s| &s.questions) {
            note(format!("Health Questions question {}", q.question_id), &q.question_text);
            if let Some(dependent) = &q.dependent_text {
                note(format!("Health Questions question {} about a dependent", q.question_id), dependent);
            }
        }
        for (name, set) in step.iter().flat_map(|s| &s.detail_sets) {
            for field in &set.fields {
                note(format!("detail set {name} field {}", field.name), &field.title);
            }
        }
    }
}

/// A workflow file that cannot be used: which file, where in it, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: at {path}: {reason}")]
pub struct WorkflowError {
    pub file: String,
    pub path: String,
    pub reason: String,
}

impl WorkflowError {
    pub(crate) fn new(file: &str, path: impl Into<String>, reason: impl Into<String>) -> Self {
        Self { file: file.to_string(), path: path.into(), reason: reason.into() }
    }
}

/// The JSON Schema of the workflow file format.
pub fn file_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(WizardWorkflow)).expect("a schema is JSON")
}

/// The format of a shop workflow file (`kind: shop`), as JSON Schema.
pub fn shop_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::shop::ShopWorkflow)).expect("a schema is JSON")
}

/// The kinds of workflow file, each with its published format (committed as `workflows/schema/<kind>.schema.json`).
pub const FILE_KINDS: [&str; 6] = ["wizard", "shop", "assistant", "estimate", "x12", "questionnaire"];

/// The JSON Schema of a kind of workflow file: what an editor validates and completes the files with, and what the
/// checker holds them to first.
pub fn format_schema(kind: &str) -> Option<Value> {
    match kind {
        "wizard" => Some(file_format_schema()),
        "shop" => Some(shop_format_schema()),
        "assistant" => Some(assistant_format_schema()),
        "estimate" => Some(estimate_format_schema()),
        "x12" => Some(x12_format_schema()),
        "questionnaire" => Some(questionnaire_format_schema()),
        _ => None,
    }
}

/// The text of every workflow file of an installation, by file name: what a version of the workflows is. It is
/// parsed and checked as a whole ([`Bundle::parse`]), stored whole, and identified by a digest of this text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bundle {
    pub files: BTreeMap<String, String>,
}

impl Bundle {
    /// Every `.yaml`, `.yml` and `.json` file of `dir` (the JSON Schemas of the formats, `*.schema.json`, are not
    /// workflows).
    pub fn read_dir(dir: &Path) -> Result<Bundle, WorkflowError> {
        let shown = dir.display().to_string();
        let entries = std::fs::read_dir(dir).map_err(|e| WorkflowError::new(&shown, "/", e.to_string()))?;
        let mut files = BTreeMap::new();
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_string) else { continue };
            let workflow = matches!(path.extension().and_then(|e| e.to_str()), Some("yaml" | "yml" | "json"));
            if !workflow || name.ends_with(".schema.json") || !path.is_file() {
                continue;
            }
            let text = std::fs::read_to_string(&path)
                .map_err(|e| WorkflowError::new(&path.display().to_string(), "/", e.to_string()))?;
            files.insert(name, text);
        }
        Ok(Bundle { files })
    }

    /// The plan a file's text is the questionnaire of (`kind: questionnaire`), read loosely: none for any other file.
    pub fn questionnaire_plan(text: &str) -> Option<i64> {
        let value = serde_yaml::from_str::<Value>(text).ok()?;
        (value.get("kind")?.as_str()? == "questionnaire").then_some(())?;
        value.get("plan_id")?.as_i64()
    }

    /// These files with the plans' questionnaires of `earlier` that they lack (a plan's own file here wins): what a
    /// load of files made elsewhere keeps of the questionnaires published in the carriers' console.
    pub fn with_questionnaires_of(&self, earlier: &Bundle) -> Bundle {
        let here: BTreeSet<i64> = self.files.values().filter_map(|t| Bundle::questionnaire_plan(t)).collect();
        let mut files = self.files.clone();
        for (name, text) in &earlier.files {
            if let Some(plan_id) = Bundle::questionnaire_plan(text) {
                if !here.contains(&plan_id) && !files.contains_key(name) {
                    files.insert(name.clone(), text.clone());
                }
            }
        }
        Bundle { files }
    }

    /// The workflows these files define, or the first problem: its file (shown under `dir`), the path inside it and
    /// the reason.
    pub fn parse(&self, dir: &str) -> Result<Workflows, WorkflowError> {
        let shown = |name: &str| if dir.is_empty() { name.to_string() } else { format!("{dir}/{name}") };
        let (mut wizard, mut shop, mut assistant, mut estimate, mut x12) = (None, None, None, None, None);
        let mut questionnaires = std::collections::BTreeMap::new();
        let mut questionnaire_files = std::collections::BTreeMap::new();
        for (file, text) in &self.files {
            let name = shown(file);
            let kind =
                serde_yaml::from_str::<Value>(text).ok().and_then(|v| v.get("kind")?.as_str().map(str::to_string));
            if kind.as_deref() == Some("questionnaire") {
                let questionnaire = parse_questionnaire_file(&name, text)?;
                let plan_id = questionnaire.plan_id;
                questionnaire_files.insert(plan_id, name.clone());
                if questionnaires.insert(plan_id, questionnaire.sets()).is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/plan_id",
                        format!("a second questionnaire of plan {plan_id}; a plan has at most one"),
                    ));
                }
                continue;
            }
            if kind.as_deref() == Some("shop") {
                if shop.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second shop workflow; an installation has exactly one",
                    ));
                }
                shop = Some((name.clone(), parse_shop_file(&name, text)?));
                continue;
            }
            if kind.as_deref() == Some("assistant") {
                if assistant.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second assistant; an installation has at most one",
                    ));
                }
                assistant = Some(parse_assistant_file(&name, text)?);
                continue;
            }
            if kind.as_deref() == Some("estimate") {
                if estimate.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second estimate of yearly costs; an installation has at most one",
                    ));
                }
                estimate = Some(parse_estimate_file(&name, text)?);
                continue;
            }
            if kind.as_deref() == Some("x12") {
                if x12.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second file of X12 codes; an installation has at most one",
                    ));
                }
                x12 = Some(parse_x12_file(&name, text)?);
                continue;
            }
            let workflow = parse_file(&name, text)?;
            if wizard.is_some() {
                return Err(WorkflowError::new(
                    &name,
                    "/kind",
                    "a second wizard workflow; an installation has exactly one",
                ));
            }
            wizard = Some(workflow);
        }
        let mut wizard = wizard.ok_or_else(|| WorkflowError::new(dir, "/", "no wizard workflow file found"))?;
        add_plans_application_questions(&mut wizard, &questionnaires, &questionnaire_files)?;
        let (shop_file, mut shop) =
            shop.ok_or_else(|| WorkflowError::new(dir, "/", "no shop workflow file (kind: shop) found"))?;
        shop.plans_own = questionnaires;
        check_references(&shop_file, &shop)?;
        Ok(Workflows { wizard, shop, assistant: assistant.unwrap_or_default(), estimate, x12 })
    }
}

/// Adds each plan's own questions in the application (its questionnaire's `application`) to the Health Questions
/// step, asked when the cart holds the plan, and makes the step required then. A question id the step (or another
/// plan) already uses, or a detail set the step does not have, is refused in the plan's file.
fn add_plans_application_questions(
    wizard: &mut WizardWorkflow,
    plans: &BTreeMap<i64, crate::shop::plan_questions::PlanSets>,
    files: &BTreeMap<i64, String>,
) -> Result<(), WorkflowError> {
    let asking: Vec<(i64, &crate::shop::plan_questions::PlanApplication)> =
        plans.iter().filter_map(|(id, own)| own.questionnaire.application.as_ref().map(|a| (*id, a))).collect();
    if asking.is_empty() {
        return Ok(());
    }
    let Some(questionnaire) = wizard.forms.get_mut(&TabName::PrimaryHealthInfo).and_then(|f| f.questionnaire.as_mut())
    else {
        let (plan, _) = asking[0];
        return Err(WorkflowError::new(
            &files[&plan],
            "/application",
            "the application has no Health Questions step to add these questions to",
        ));
    };
    // The step's own sets (a plan's set is never another plan's).
    let step_sets: BTreeSet<String> = questionnaire.detail_sets.keys().cloned().collect();
    for (plan, application) in asking {
        // The plan's own sets, under names of their own in the application.
        for (name, set) in &application.detail_sets {
            let own = crate::shop::plan_questions::PlanApplication::set_name(plan, name);
            questionnaire.detail_sets.insert(own, set.clone());
        }
        for (i, question) in application.questions.iter().enumerate() {
            let at = |field: &str| format!("/application/questions/{i}/{field}");
            let used = questionnaire.questions.iter().any(|q| q.question_id == question.question_id)
                || questionnaire.medication_question.as_ref().is_some_and(|m| m.question_id == question.question_id);
            if used {
                return Err(WorkflowError::new(
                    &files[&plan],
                    at("question_id"),
                    format!(
                        "question {} is asked in the application already: give this one another number",
                        question.question_id
                    ),
                ));
            }
            let mut asked = question.clone();
            if let Some(set) = &question.details {
                if application.detail_sets.contains_key(set) {
                    asked.details = Some(crate::shop::plan_questions::PlanApplication::set_name(plan, set));
                } else if !step_sets.contains(set) {
                    let known: Vec<&str> = step_sets
                        .iter()
                        .map(String::as_str)
                        .chain(application.detail_sets.keys().map(String::as_str))
                        .collect();
                    return Err(WorkflowError::new(
                        &files[&plan],
                        at("details"),
                        format!("no detail set named {set}; the sets are: {}", known.join(", ")),
                    ));
                }
            }
            let with_plan = Condition { cart_plan: Some(vec![plan]), ..Condition::default() };
            asked.when = Some(match question.when.clone() {
                Some(own) => Condition { all: Some(vec![with_plan, own]), ..Condition::default() },
                None => with_plan,
            });
            questionnaire.questions.push(asked);
        }
    }
    let plan_ids: Vec<i64> =
        plans.iter().filter(|(_, own)| own.questionnaire.application.is_some()).map(|(id, _)| *id).collect();
    if let Some(rule) = wizard.tabs.iter_mut().find(|r| r.tab == TabName::PrimaryHealthInfo) {
        let holds_plan = Condition { cart_plan: Some(plan_ids), ..Condition::default() };
        rule.required = match &rule.required {
            Flag::Fixed(true) => Flag::Fixed(true),
            Flag::Fixed(false) => Flag::When { when: Box::new(holds_plan) },
            Flag::When { when } => Flag::When {
                when: Box::new(Condition { any: Some(vec![(**when).clone(), holds_plan]), ..Condition::default() }),
            },
        };
    }
    Ok(())
}

/// What one file cannot say about another, or about itself across lists: a popup asking questions that no set
/// defines.
fn check_references(file: &str, shop: &crate::shop::ShopWorkflow) -> Result<(), WorkflowError> {
    use crate::shop::PopupKind;
    for (i, popup) in shop.plan_popups.iter().enumerate() {
        let own = |has: fn(&crate::shop::plan_questions::PlanSets) -> bool| shop.plans_own.values().any(has);
        let (missing, list) = match popup.popup {
            PopupKind::Eligibility => {
                (shop.eligibility_questions.is_empty() && !own(|p| p.eligibility.is_some()), "eligibility_questions")
            }
            PopupKind::HealthQuestions => {
                (shop.health_questions.is_empty() && !own(|p| p.health.is_some()), "health_questions")
            }
            _ => (false, ""),
        };
        if missing {
            return Err(WorkflowError::new(
                file,
                format!("/plan_popups/{i}/popup"),
                format!("popup {} asks questions that do not exist: {list} defines no question set", popup.popup.id()),
            ));
        }
    }
    Ok(())
}

/// Reads and checks every workflow file of `dir`.
pub fn load_dir(dir: &Path) -> Result<Workflows, WorkflowError> {
    Bundle::read_dir(dir)?.parse(&dir.display().to_string())
}

/// The format of the help assistant's file (`kind: assistant`), as JSON Schema.
pub fn assistant_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::assistant::Assistant)).expect("a schema is JSON")
}

/// Reads the help assistant's file: its format first, then what the format cannot say.
pub fn parse_assistant_file(name: &str, text: &str) -> Result<crate::assistant::Assistant, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &assistant_format_schema())?;
    let assistant: crate::assistant::Assistant =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    assistant.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(assistant)
}

/// The format of the yearly cost estimate's file (`kind: estimate`), as JSON Schema.
pub fn estimate_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::yearly::UseProfiles)).expect("a schema is JSON")
}

/// Reads the yearly cost estimate's levels of use: the format first, then what the format cannot say.
pub fn parse_estimate_file(name: &str, text: &str) -> Result<crate::yearly::UseProfiles, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &estimate_format_schema())?;
    let profiles: crate::yearly::UseProfiles =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    profiles.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(profiles)
}

/// The format of the X12 codes' file (`kind: x12`), as JSON Schema.
pub fn x12_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::x12::Codes)).expect("a schema is JSON")
}

/// Reads the X12 codes of carriers' 834 files: the format first, then what the format cannot say.
pub fn parse_x12_file(name: &str, text: &str) -> Result<crate::x12::Codes, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &x12_format_schema())?;
    let codes: crate::x12::Codes =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    codes.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(codes)
}

/// The format of a plan's own questionnaire (`kind: questionnaire`), as JSON Schema.
pub fn questionnaire_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::shop::plan_questions::PlanQuestionnaire))
        .expect("a schema is JSON")
}

/// Reads a plan's own questionnaire: the format first, then what the format cannot say.
pub fn parse_questionnaire_file(
    name: &str,
    text: &str,
) -> Result<crate::shop::plan_questions::PlanQuestionnaire, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &questionnaire_format_schema())?;
    let questionnaire: crate::shop::plan_questions::PlanQuestionnaire =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    questionnaire.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(questionnaire)
}

/// Reads a shop workflow file: its format first, then what the format cannot say.
pub fn parse_shop_file(name: &str, text: &str) -> Result<crate::shop::ShopWorkflow, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &shop_format_schema())?;
    let shop: crate::shop::ShopWorkflow =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    shop.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(shop)
}

fn parse_yaml(name: &str, text: &str) -> Result<Value, WorkflowError> {
    serde_yaml::from_str(text).map_err(|e| {
        let path = e.location().map(|l| format!("line {}", l.line())).unwrap_or_else(|| "/".into());
        WorkflowError::new(name, path, format!("not valid YAML or JSON: {e}"))
    })
}

pub fn parse_file(name: &str, text: &str) -> Result<WizardWorkflow, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &file_format_schema())?;
    let workflow: WizardWorkflow =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    check_meaning(name, &workflow)?;
    Ok(workflow)
}

fn validate_format(name: &str, value: &Value, format: &Value) -> Result<(), WorkflowError> {
    let validator = jsonschema::validator_for(format).expect("the engine's own schema compiles");
    if let Some(error) = validator.iter_errors(value).next() {
        let (path, reason) = most_specific(&error.to_owned());
        let path = if path.is_empty() { "/".to_string() } else { path };
        return Err(WorkflowError::new(name, path, reason));
    }
    Ok(())
}

/// Where an error of the format is, and what it is: for "none of the choices" (an optional part, `anyOf` its shape
/// or null), the error deepest inside the choice that came nearest, which names the field at fault.
fn most_specific(error: &jsonschema::ValidationError<'static>) -> (String, String) {
    use jsonschema::error::ValidationErrorKind;
    let here = (error.instance_path().as_str().to_string(), error.to_string());
    let (ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context }) = error.kind() else {
        return here;
    };
    // A choice of null says nothing about the field's shape.
    let found: Vec<(String, String)> = context
        .iter()
        .flatten()
        .map(most_specific)
        .filter(|(_, reason)| !reason.ends_with("is not of type \"null\""))
        .collect();
    let deepest = found.iter().max_by_key(|(path, _)| path.matches('/').count()).cloned();
    match deepest {
        Some(deeper) if deeper.0.len() > here.0.len() => deeper,
        // An optional part of the wrong shape: the one shape it may have says what is wrong.
        _ if found.len() == 1 => found.into_iter().next().unwrap_or(here),
        _ => here,
    }
}

/// What the format cannot say: tabs listed once, fields that exist, review last.
fn check_meaning(name: &str, workflow: &WizardWorkflow) -> Result<(), WorkflowError> {
    for (i, rule) in workflow.tabs.iter().enumerate() {
        if workflow.tabs[..i].iter().any(|earlier| earlier.tab == rule.tab) {
            return Err(WorkflowError::new(
                name,
                format!("/tabs/{i}/tab"),
                format!("tab {} is listed twice", rule.tab),
            ));
        }
    }
    let review = workflow.tabs.iter().find(|r| r.tab == TabName::ReviewInfo);
    match review {
        None => {
            return Err(WorkflowError::new(
                name,
                "/tabs",
                "review_info must be listed: it is where an enrollment is submitted",
            ))
        }
        Some(review) if workflow.tabs.iter().any(|r| r.order >= review.order && r.tab != TabName::ReviewInfo) => {
            return Err(WorkflowError::new(
                name,
                "/tabs",
                "review_info must have the highest order: it is the last step",
            ));
        }
        Some(review) if review.required != Flag::Fixed(true) => {
            return Err(WorkflowError::new(name, "/tabs", "review_info must always be required"));
        }
        Some(_) => {}
    }
    let health_listed = workflow.tabs.iter().position(|r| r.tab == TabName::PrimaryHealthInfo);
    let questionnaire = workflow.forms.get(&TabName::PrimaryHealthInfo).and_then(|f| f.questionnaire.as_ref());
    match (health_listed, questionnaire) {
        (Some(i), None) => {
            return Err(WorkflowError::new(
                name,
                format!("/tabs/{i}/tab"),
                "primary_health_info needs its questions: forms.primary_health_info.questionnaire",
            ))
        }
        (_, Some(q)) => q.check().map_err(|(path, reason)| {
            WorkflowError::new(name, format!("/forms/primary_health_info/questionnaire{path}"), reason)
        })?,
        (None, None) => {}
    }
    for (tab, settings) in &workflow.forms {
        let schema = forms::form_schema(*tab);
        let known: Vec<&str> =
            schema["properties"].as_object().map(|p| p.keys().map(String::as_str).collect()).unwrap_or_default();
        for field in settings.fields.keys() {
            if let Some((parent, child)) = field.split_once('.') {
                let holder = &schema["properties"][parent];
                let holder = if holder.get("items").is_some() { &holder["items"] } else { holder };
                if holder["properties"].get(child).is_none() {
                    return Err(WorkflowError::new(
                        name,
                        format!("/forms/{tab}/fields/{field}"),
                        format!("{tab} has no field {field}"),
                    ));
                }
                continue;
            }
            if !known.contains(&field.as_str()) {
                return Err(WorkflowError::new(
                    name,
                    format!("/forms/{tab}/fields/{field}"),
                    format!("{tab} has no field {field}; its fields are: {}", known.join(", ")),
                ));
            }
        }
        for (field, help) in settings.fields.iter().filter_map(|(f, s)| Some((f, s.help.as_ref()?))) {
            if let Some(unknown) = unknown_placeholders(help).first() {
                return Err(WorkflowError::new(
                    name,
                    format!("/forms/{tab}/fields/{field}/help"),
                    format!("the help names {{{unknown}}}, which is not something an enrollment knows"),
                ));
            }
        }
        for (field, verify) in settings.fields.iter().filter_map(|(f, s)| Some((f, s.verify.as_ref()?))) {
            let compared = forms::form_schema(verify.step);
            if compared["properties"].get(&verify.field).is_none() || verify.step == *tab {
                return Err(WorkflowError::new(
                    name,
                    format!("/forms/{tab}/fields/{field}/verify"),
                    format!("verify names {}.{}, which is not a field of another step", verify.step, verify.field),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Group, Rep};

    fn peachtree(rep: bool) -> PrefillValues {
        let group = Group {
            name: "Peachtree Logistics".into(),
            phone: "4045550188".into(),
            email: Some("benefits@peachtreelogistics.example".into()),
            ..serde_yaml::from_str("{ group_id: 2556, name: x, code: x }").unwrap()
        };
        let rep = rep.then(|| Rep {
            phone: "4045550191".into(),
            ..serde_yaml::from_str(
                "{ agent_id: 7781, agent_code: x, first_name: Jordan, last_name: Whitfield, email: jordan@x.example }",
            )
            .unwrap()
        });
        PrefillValues { group: Some(group), group_rep: rep, ..PrefillValues::default() }
    }

    #[test]
    fn every_text_of_the_shipped_workflows_is_written_in_spanish_and_an_offer_without_it_is_counted() {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../workflows"));
        let mut workflows = load_dir(dir).unwrap();
        assert_eq!(workflows.untranslated("es"), Vec::<String>::new());
        let offer = &mut workflows.shop.checkout_upsells[0];
        offer.decline = crate::text::Text::from(offer.decline.en.as_str());
        assert_eq!(
            workflows.untranslated("es"),
            ["checkout_upsells offer term_life decline: No, I like medical questions."],
            "an offer's words are the workflow's texts too"
        );
    }

    const HELP: &str = "Ask {group.name} at {group.phone} or {group.email}. Or ask {group.rep.name}, at \
                        {group.rep.phone}. No code yet? Save for later.";

    #[test]
    fn a_help_names_what_the_enrollment_knows_with_phone_numbers_as_people_read_them() {
        assert_eq!(
            peachtree(true).words(HELP),
            "Ask Peachtree Logistics at (404) 555-0188 or benefits@peachtreelogistics.example. Or ask Jordan \
             Whitfield, at (404) 555-0191. No code yet? Save for later."
        );
    }

    #[test]
    fn a_sentence_naming_what_the_enrollment_does_not_know_is_left_out() {
        assert_eq!(
            peachtree(false).words(HELP),
            "Ask Peachtree Logistics at (404) 555-0188 or benefits@peachtreelogistics.example. No code yet? Save for \
             later."
        );
        assert_eq!(PrefillValues::default().words(HELP), "No code yet? Save for later.");
    }

    #[test]
    fn a_help_naming_something_no_enrollment_knows_is_refused_by_the_check() {
        assert_eq!(unknown_placeholders("Call {group.phone} or {group.fax}."), vec!["group.fax".to_string()]);
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../workflows/enrollment.yaml"))
            .unwrap()
            .replace("{group.rep.phone}", "{group.rep.pager}");
        let refused = parse_file("enrollment.yaml", &text).expect_err("an unknown placeholder is refused");
        assert!(refused.to_string().contains("group.rep.pager"), "{refused}");
    }
}
