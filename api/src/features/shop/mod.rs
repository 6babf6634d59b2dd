//! The shop around a plan: its prices for the quote, the popups that open on it (as steps of the renderer's
//! protocol and as the spec's own calls), the offers after adding a plan and the checkout upsells, the group code,
//! and the premier-plan checks.

mod group_code;
mod offers;
mod popups;
mod premier;
mod pricing;
mod questions;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/get-plan-pricing-detail", get(pricing::pricing_detail))
        .route("/get-plan-pricing-detail-elevate", get(pricing::pricing_detail))
        .route("/get-aflac-questions", get(questions::aflac_questions))
        .route("/save-aflac-questions", post(questions::save_aflac_questions))
        .route("/store-temp-dependent-info", post(questions::store_temp_dependent_info))
        .route("/get-temp-dependent-info", get(questions::get_temp_dependent_info))
        .route("/check-dependent-dob", get(questions::check_dependent_dob))
        .route("/get-questions", get(questions::get_questions))
        .route("/save-question-answers", post(questions::save_question_answers))
        .route("/check-already-answered", get(questions::check_already_answered))
        .route("/set-enrollment-group-code", post(group_code::set_enrollment_group_code))
        .route("/group-enrollment-info", get(group_code::group_enrollment_info))
        .route("/get-suggested-plan-list", get(offers::suggested_plan_list))
        .route("/get-suggested-plan-list-new", get(offers::suggested_plan_list_new))
        .route("/shop/{id}/plan/{plan_id}", get(popups::get_plan_flow))
        .route("/shop/{id}/plan/{plan_id}/{popup}", post(popups::post_plan_popup))
        .route("/shop/{id}/after-add", get(offers::get_after_add))
        .route("/shop/{id}/checkout", get(offers::get_checkout))
        .route("/shop/{id}/offer/{offer}", post(offers::post_offer))
        .route("/get-more-requirement", get(premier::more_requirement))
        .route("/check-prudential-plan", get(premier::prudential_plan))
        .route("/check-prudential-cart", get(premier::prudential_cart))
        .route("/check-disability-plan", get(premier::disability_plan))
        .route("/check-already-in-cart", post(premier::already_in_cart))
}
