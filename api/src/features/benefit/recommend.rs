//! `recommendation/*`: the plans to recommend (most chosen, chosen by people alike, chosen with a plan) and their
//! cards, for what the visitor may buy on their site.

use axum::extract::State;
use engine::recommend::Profile;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::benefit::visitor::SiteIds;
use crate::domain::benefit::{Audience, Given, RecommendedCard};
use crate::domain::session::Session;
use crate::domain::site::{self, Host};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::MaybeOwnedQuery;
use crate::input::parse_id;
use crate::state::AppState;

/// The most plans a recommendation answers.
pub const MOST_RECOMMENDED: usize = 20;

/// The most plans one plan-details call carries.
pub const MOST_CARDS: usize = 50;

/// A recommendation call's ids.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RecommendQuery {
    #[serde(flatten)]
    ids: SiteIds,
}

/// `recommendation/filter`: the visitor's details; each one not given is the quote's.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ProfileQuery {
    /// A state's two-letter code.
    state: Option<String>,
    /// IO, IS, IC or IF.
    tier: Option<String>,
    /// Age in years.
    age: Option<Value>,
    /// "0" male, "1" female.
    gender: Option<String>,
    #[serde(flatten)]
    ids: SiteIds,
}

/// `recommendation/association`: the plan (or plans, separated by commas) to find companions for; the quote's cart
/// when absent.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AssociationQuery {
    #[serde(rename = "planID")]
    plan_id: Option<String>,
    /// Only plans sold in this state (two-letter code).
    state: Option<String>,
    #[serde(flatten)]
    ids: SiteIds,
}

/// `recommendation/plan-details`: the plans to card.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PlanDetailsQuery {
    /// Plan ids separated by commas.
    plan_list: Option<String>,
    #[serde(flatten)]
    ids: SiteIds,
}

/// Recommended plans, best first.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Recommendations {
    /// What they are based on: popularity, people_like_you or association.
    basis: &'static str,
    recommendations: Vec<Recommended>,
}

/// A recommended plan and why.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Recommended {
    plan_id: i64,
    /// How strongly it is recommended (higher first); comparable within one answer only.
    score: f64,
    /// Why, in words for the visitor.
    reason: String,
}

/// Whose recommendations these are, after checking the ids sent.
async fn audience<'e>(
    state: &AppState,
    session: &Session,
    host: &Host,
    enrollment: Option<&'e crate::domain::enrollment::Enrollment>,
    ids: &SiteIds,
) -> ApiResult<Audience<'e>> {
    let standing = site::standing(state, session, host).await?;
    ids.check(&standing)?;
    Audience::of(state, standing, enrollment).await
}

/// The ranked plans the visitor may see, at most [`MOST_RECOMMENDED`].
fn visible(
    state: &AppState,
    audience: &Audience,
    ranked: &[(i64, f64)],
    reason: impl Fn(i64) -> String,
) -> Vec<Recommended> {
    ranked
        .iter()
        .filter(|(id, _)| state.catalogue.plan(*id).is_some_and(|p| audience.may_see(state, p)))
        .take(MOST_RECOMMENDED)
        .map(|(id, score)| Recommended { plan_id: *id, score: (score * 1000.0).round() / 1000.0, reason: reason(*id) })
        .collect()
}

fn popular(state: &AppState, audience: &Audience) -> Recommendations {
    let snapshot = state.recommender.now();
    Recommendations {
        basis: "popularity",
        recommendations: visible(state, audience, &snapshot.popular, |_| {
            crate::language::say("Popular in the store").into()
        }),
    }
}

/// `recommendation/popularity`: the plans chosen most, recent and enrolled ones counting more.
pub async fn popularity(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<RecommendQuery>,
) -> ApiResult<Answer<Recommendations>> {
    let audience = audience(&state, &session, &host, e.as_ref(), &query.ids).await?;
    Ok(Answer(popular(&state, &audience)))
}

fn state_code(sent: Option<String>) -> ApiResult<Option<String>> {
    match sent.map(|s| s.trim().to_ascii_uppercase()).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) if s.len() == 2 && s.bytes().all(|b| b.is_ascii_uppercase()) => Ok(Some(s)),
        Some(_) => Err(ApiError::field("state", "Please choose a state")),
    }
}

fn given(query: &ProfileQuery) -> ApiResult<Given> {
    let tier = match query.tier.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => None,
        Some(t @ ("IO" | "IS" | "IC" | "IF")) => Some(t.to_string()),
        Some(_) => return Err(ApiError::field("tier", engine::errors::messages::CHOOSE_TIER)),
    };
    let age = match query.age.as_ref().filter(|a| a.as_str().is_none_or(|s| !s.trim().is_empty())) {
        None | Some(Value::Null) => None,
        Some(a) => match parse_id(Some(a), "age") {
            Ok(age) if (0..=120).contains(&age) => Some(age as i32),
            _ => return Err(ApiError::field("age", "Please enter an age from 0 to 120")),
        },
    };
    let gender = match query.gender.as_deref().map(str::trim).filter(|g| !g.is_empty()) {
        None => None,
        Some(g @ ("0" | "1")) => Some(g.to_string()),
        Some(_) => return Err(ApiError::field("gender", "Please choose a gender")),
    };
    Ok(Given { state: state_code(query.state.clone())?, tier, age, gender })
}

/// `recommendation/filter`: the plans people alike chose (state, tier, age decade, gender); the most chosen overall
/// when too few are alike or the visitor's details are not known.
pub async fn filter(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<ProfileQuery>,
) -> ApiResult<Answer<Recommendations>> {
    let given = given(&query)?;
    let mut audience = audience(&state, &session, &host, e.as_ref(), &query.ids).await?;
    let profile: Option<Profile> = audience.profile(given);
    let snapshot = state.recommender.now();
    let alike = profile.as_ref().and_then(|p| snapshot.for_profile(p));
    let answer = match alike {
        Some(ranked) => Recommendations {
            basis: "people_like_you",
            recommendations: visible(&state, &audience, ranked, |_| {
                crate::language::say("Popular with people like you").into()
            }),
        },
        None => popular(&state, &audience),
    };
    Ok(Answer(answer))
}

/// Plan ids sent separated by commas.
fn plan_ids(text: &str, field: &str) -> ApiResult<Vec<i64>> {
    let ids: Vec<i64> = text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<i64>())
        .collect::<Result<_, _>>()
        .map_err(|_| ApiError::field(field, "Please send plan ids separated by commas"))?;
    if ids.len() > MOST_CARDS {
        return Err(ApiError::field(
            field,
            crate::error::Said::with("Please ask for at most {n} plans at once", &[("n", &MOST_CARDS)]),
        ));
    }
    Ok(ids)
}

/// `recommendation/association`: what people who chose the plan (or the cart's plans) also chose, by rules that
/// enough baskets hold, strongest first. Empty when no rule holds.
pub async fn association(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<AssociationQuery>,
) -> ApiResult<Answer<Recommendations>> {
    let sent = plan_ids(query.plan_id.as_deref().unwrap_or_default(), "planID")?;
    let us_state = state_code(query.state.clone())?;
    let mut audience = audience(&state, &session, &host, e.as_ref(), &query.ids).await?;
    audience.profile(Given { state: us_state, ..Given::default() });
    let from: Vec<i64> = if sent.is_empty() { audience.in_cart().to_vec() } else { sent };
    let snapshot = state.recommender.now();
    let best = engine::recommend::companions(|p| snapshot.also.get(&p).map(Vec::as_slice), &from);
    let ranked: Vec<(i64, f64)> = best.iter().map(|r| (r.to, r.lift)).collect();
    let reason = |to: i64| {
        let Some(rule) = best.iter().find(|r| r.to == to) else { return String::new() };
        let name = state
            .catalogue
            .plan(rule.from)
            .map_or_else(|| crate::language::say("this plan").to_string(), |p| p.plan_name.clone());
        crate::language::say_with(
            "{percent}% of people who chose {plan} also chose it",
            &[("percent", &(rule.confidence * 100.0).round()), ("plan", &name)],
        )
    };
    Ok(Answer(Recommendations { basis: "association", recommendations: visible(&state, &audience, &ranked, reason) }))
}

/// `recommendation/plan-details`: the cards of the plans asked for, in that order, priced for the quote's filter;
/// plans the visitor may not buy are left out.
pub async fn plan_details(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<PlanDetailsQuery>,
) -> ApiResult<Answer<Vec<RecommendedCard>>> {
    let list = query.plan_list.as_deref().map(str::trim).filter(|l| !l.is_empty());
    let ids =
        plan_ids(list.ok_or_else(|| ApiError::field("plan_list", engine::errors::messages::REQUIRED))?, "plan_list")?;
    let audience = audience(&state, &session, &host, e.as_ref(), &query.ids).await?;
    let mut cards = Vec::new();
    for id in ids {
        if let Some(plan) = state.catalogue.plan(id).filter(|p| audience.may_see(&state, p)) {
            if !cards.iter().any(|c: &RecommendedCard| c.plan_id == id) {
                cards.push(audience.card(&state, plan).await?);
            }
        }
    }
    Ok(Answer(cards))
}
