//! What a workflow file's format cannot say: a tab listed once, fields that exist, review last, questions that are
//! defined before they are asked.

use super::error::WorkflowError;
use super::format::*;
use super::prefill::unknown_placeholders;
use crate::context::Flag;
use crate::forms;
use crate::tabs::TabName;

/// What one file cannot say about another, or about itself across lists: a popup asking questions that no set
/// defines.
pub(super) fn check_references(file: &str, shop: &crate::shop::ShopWorkflow) -> Result<(), WorkflowError> {
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

/// What the format cannot say: tabs listed once, fields that exist, review last.
pub(super) fn check_meaning(name: &str, workflow: &WizardWorkflow) -> Result<(), WorkflowError> {
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
        let helps = settings.fields.iter().filter_map(|(f, s)| Some((f, s.help.as_ref()?)));
        for (field, help) in helps.flat_map(|(f, h)| h.texts().into_iter().map(move |t| (f, t))) {
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
