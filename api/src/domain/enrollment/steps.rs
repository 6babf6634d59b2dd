//! The step protocol's rules (`/enrollment/{id}/step/{step}`): what each action a person takes on a step does, and
//! which step a look or a visit shows. The wizard's handlers read the request and draw the answer; the choices are here.

use engine::lifecycle::Event;
use engine::selection::navigation;
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde_json::Value;

use super::saving::{save_draft, save_for_later, save_tab, SAVED_FOR_LATER};
use super::{context, navigate, priced_cart, Enrollment, Next};
use crate::error::{ApiError, ApiResult, Said};
use crate::input::Id;
use crate::state::AppState;

/// What the person did on a step.
#[derive(Debug, JsonSchema)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum WizardAction {
    /// Next: the step's answers are saved and the next step is shown.
    Next {
        #[serde(rename = "formData", default)]
        form_data: serde_json::Map<String, Value>,
        /// The document version the step was drawn from.
        #[schemars(with = "Option<Id>")]
        version: Option<i64>,
    },
    /// Back: the step before (the cart, from the first step); nothing is saved.
    Back {
        #[schemars(with = "Option<Id>")]
        version: Option<i64>,
    },
    /// Edit Details: the review opens the step `target`.
    Edit {
        /// The step to open (its name).
        target: String,
        #[schemars(with = "Option<Id>")]
        version: Option<i64>,
    },
    /// What the step holds now, kept beside it so that a reload finds it; the step's finished answers stay as they
    /// were until Next.
    Draft {
        #[serde(rename = "formData", default)]
        form_data: Value,
        #[schemars(with = "Option<Id>")]
        version: Option<i64>,
    },
    /// Save & Continue Later: the step's answers are kept and the continue code is sent.
    SaveForLater {
        #[serde(rename = "formData", default)]
        form_data: Value,
        #[schemars(with = "Option<Id>")]
        version: Option<i64>,
        /// Where the continue code goes, when not to the address on file.
        email: Option<String>,
    },
}

/// What an action on a step came to.
pub enum Taken {
    /// The application moved (or stayed): the step or page to show now.
    Moved(Next),
    /// The step's draft was kept, at this document version.
    Drafted { version: i64 },
    /// Saved for later: the confirmation, and where the code went and until when it works.
    SavedForLater { message: String, sent: String },
}

/// The step a route name names, or Not Found in words.
pub fn tab_of(step: &str) -> ApiResult<TabName> {
    TabName::parse(step).ok_or_else(|| ApiError::NotFound(Said::with("Unknown step {step}", &[("step", &step)])))
}

/// Takes the person's action on `tab`; `client` is who asked, for the save-for-later throttle. A save or a move
/// changes the enrollment in place, so the step shown next is drawn without reading it again.
pub async fn take(
    state: &AppState,
    e: &mut Enrollment,
    tab: TabName,
    action: WizardAction,
    client: &str,
) -> ApiResult<Taken> {
    Ok(Taken::Moved(match action {
        WizardAction::Next { form_data, version } => {
            save_tab(state, e, tab, &Value::Object(form_data), version).await?.1
        }
        WizardAction::Back { .. } => navigate(state, e, Event::Back(tab)).await?,
        WizardAction::Edit { target, .. } => navigate(state, e, Event::Edit(tab_of(&target)?)).await?,
        WizardAction::Draft { form_data, version } => {
            return Ok(Taken::Drafted { version: save_draft(state, e, tab, &form_data, version).await? })
        }
        WizardAction::SaveForLater { form_data, version, email } => {
            let email = email.as_deref().unwrap_or_default();
            save_for_later(state, e, tab, &form_data, version, email, client).await?;
            let until = chrono::Local::now().date_naive() + chrono::Days::new(crate::domain::resume::CODE_DAYS as u64);
            let sent = crate::language::say_with(
                "We sent your enrollment code to {email}. The code, or the link in the e-mail, works once, until {date}.",
                &[("email", &email.trim()), ("date", &engine::dates::format_mdy(until))],
            );
            let message = crate::language::say(SAVED_FOR_LATER).to_string();
            return Ok(Taken::SavedForLater { message, sent });
        }
    }))
}

/// Where the application stands: its current step, the receipt once submitted, or the cart before the wizard starts.
pub fn where_now(e: &Enrollment) -> Next {
    match e.lifecycle.current_tab() {
        Some(tab) => Next::Tab(tab),
        None if e.lifecycle.is_submitted() => Next::Receipt,
        None => Next::Cart,
    }
}

/// The step to show when the step `step` (as the address names it) is asked for. Only to look at it (the review's View Details) changes nothing, not
/// where the application stands nor a submitted one, and needs the step to be one of this application's; otherwise a
/// submitted application shows its receipt, and a visit moves the application to the step.
pub async fn visit(state: &AppState, e: &mut Enrollment, step: &str, only_to_look: bool) -> ApiResult<Next> {
    let tab = tab_of(step)?;
    if only_to_look {
        if !navigation(&e.workflows.wizard, &context(e, &priced_cart(state, e).await?)).contains(&tab) {
            return Err(ApiError::NotFound(Said::with("This application has no step {step}", &[("step", &step)])));
        }
        return Ok(Next::Tab(tab));
    }
    if e.lifecycle.is_submitted() {
        return Ok(Next::Receipt);
    }
    if e.lifecycle.current_tab() != Some(tab) {
        navigate(state, e, Event::Visit(tab)).await?;
    }
    Ok(Next::Tab(tab))
}
