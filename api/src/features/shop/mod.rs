//! The shop around a plan: its prices for the quote, the popups that open on it (as steps of the renderer's
//! protocol and as the spec's own calls), the offers after adding a plan and the checkout upsells, the group code,
//! and the premier-plan checks.

mod group_code;
mod offers;
mod popups;
mod premier;
mod pricing;
mod questions;

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;

use crate::state::Live;

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/get-plan-pricing-detail", get(pricing::pricing_detail))
        .api_route("/get-plan-pricing-detail-elevate", get(pricing::pricing_detail))
        .api_route("/get-aflac-questions", get(questions::aflac_questions))
        .api_route("/save-aflac-questions", post(questions::save_aflac_questions))
        .api_route("/store-temp-dependent-info", post(questions::store_temp_dependent_info))
        .api_route("/get-temp-dependent-info", get(questions::get_temp_dependent_info))
        .api_route("/check-dependent-dob", get(questions::check_dependent_dob))
        .api_route("/get-questions", get(questions::get_questions))
        .api_route("/save-question-answers", post(questions::save_question_answers))
        .api_route("/check-already-answered", get(questions::check_already_answered))
        .api_route("/set-enrollment-group-code", post(group_code::set_enrollment_group_code))
        .api_route("/group-enrollment-info", get(group_code::group_enrollment_info))
        .api_route("/get-suggested-plan-list", get(offers::suggested_plan_list))
        .api_route("/get-suggested-plan-list-new", get(offers::suggested_plan_list_new))
        .api_route("/shop/{id}/plan/{plan_id}", get(popups::get_plan_flow))
        .api_route("/shop/{id}/plan/{plan_id}/{popup}", post(popups::post_plan_popup))
        .api_route("/shop/{id}/after-add", get(offers::get_after_add))
        .api_route("/shop/{id}/checkout", get(offers::get_checkout))
        .api_route("/shop/{id}/offer/{offer}", post(offers::post_offer))
        .api_route("/get-more-requirement", get(premier::more_requirement))
        .api_route("/check-prudential-plan", get(premier::prudential_plan))
        .api_route("/check-prudential-cart", get(premier::prudential_cart))
        .api_route("/check-disability-plan", get(premier::disability_plan))
        .api_route("/check-already-in-cart", post(premier::already_in_cart))
}
