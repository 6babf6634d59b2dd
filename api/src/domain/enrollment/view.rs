//! The step protocol's view of a step: its form, and on the review the cards of the other steps (each step's
//! complete document, what will be submitted) and the steps still to finish.

use engine::step::{self, CartSummary, CartSummaryLine, Step, Summary};
use engine::tabs::TabName;

use crate::error::ApiResult;
use crate::state::AppState;

use super::documents::{complete_form, tab_form};
use super::{priced_cart, Enrollment, PricedLine};

/// What the review shows beside a step whose changes were saved for later and not finished.
pub const DRAFT_NOT_INCLUDED: &str =
    "You saved changes to this step for later. Finish the step to include them; until then it shows your earlier answers.";

/// The step protocol's view of a tab. The review's cards show each step's complete document, and the steps still to
/// finish (see `completeness`).
pub async fn step_view(state: &AppState, enrollment: &Enrollment, tab: TabName) -> ApiResult<Step> {
    let cart = priced_cart(state, enrollment).await?;
    let (mut form, version) = tab_form(state, enrollment, &cart, tab).await?;
    if tab == TabName::AgreementInfo {
        super::signature_held::show_signed(state, enrollment, &mut form).await?;
    }
    let summary = if tab == TabName::ReviewInfo {
        let sections = application(state, enrollment, &cart).await?;
        let totals = engine::cart::totals(&cart.iter().map(|l| l.price).collect::<Vec<_>>());
        Some(Summary {
            sections,
            cart: CartSummary {
                lines: cart
                    .iter()
                    .map(|l| CartSummaryLine { plan_name: l.plan_name.clone(), price: l.price })
                    .collect(),
                initial_month_cost: totals.initial_month_cost,
                recurring_month_cost: totals.recurring_month_cost,
            },
            unfinished: super::completeness::unfinished(state, enrollment, &cart).await?,
        })
    } else {
        None
    };
    Ok(step::build(tab, &enrollment.lifecycle, form, version, summary, true))
}

/// The application step by step, as its complete documents read (sensitive values masked): the review's cards, and
/// the receipt's printable copy.
pub async fn application(
    state: &AppState,
    enrollment: &Enrollment,
    cart: &[PricedLine],
) -> ApiResult<Vec<step::Section>> {
    let mut sections = Vec::new();
    // The cards' values are composed from the forms' titles (a question, its answer's name), and the forms are
    // composed in the reader's language.
    let say = crate::language::say;
    for (i, other) in enrollment.lifecycle.nav().iter().filter(|t| **t != TabName::ReviewInfo).enumerate() {
        let section = match complete_form(state, enrollment, cart, *other).await? {
            Some((other_form, draft_waiting)) => {
                let mut section = step::section(i + 1, *other, &other_form);
                section.note = draft_waiting.then(|| say(DRAFT_NOT_INCLUDED).to_string());
                section
            }
            None => {
                step::Section { number: i + 1, step: *other, title: say(other.title()), rows: Vec::new(), note: None }
            }
        };
        sections.push(section);
    }
    Ok(sections)
}
