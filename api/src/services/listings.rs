//! Priced listings already answered, kept compressed (`services::memo`): a listing is answered from what was kept, or
//! priced once and kept, under a key only this module builds, from everything the listing depends on besides the
//! catalogue (which is fixed until it is reloaded; a reload empties what was kept).

use std::sync::Arc;

use crate::error::ApiResult;
use crate::services::memo::{Kept, Memo};

/// What a priced listing depends on besides the catalogue: the key it is kept under.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ListingKey {
    language: &'static str,
    input: Option<engine::rating::RatingInput>,
    categories: Vec<String>,
    accepted: Vec<i64>,
    page: Option<(usize, usize)>,
    workflows: String,
    refine: engine::refine::Refine,
    people: u32,
    group_id: Option<i64>,
    contributions: Option<String>,
}

/// What a listing was asked for.
pub struct Listing<'a> {
    /// The language it is written in.
    pub language: &'static str,
    /// What the quote's filter prices by (none when it cannot price).
    pub input: Option<engine::rating::RatingInput>,
    /// The categories asked for; none for all.
    pub categories: &'a [&'a str],
    /// The plans whose health questions were answered and accepted, in order.
    pub accepted: Vec<i64>,
    /// The page and its size, when a page was asked for.
    pub page: Option<(usize, usize)>,
    /// The digest of the workflow version the quote answers (which plans ask health questions).
    pub workflows: &'a str,
    /// How the person narrowed and ordered it.
    pub refine: engine::refine::Refine,
    /// How many people the quote covers (the yearly cost's care is for each).
    pub people: u32,
    /// The employer group it is under (whose payroll prices are also shown per paycheck).
    pub group_id: Option<i64>,
    /// When the group's contributions were last set (prices per paycheck are net of them), if ever.
    pub contributions: Option<String>,
}

/// The listing's answer: the one kept for the same question, or `price()`'s, which is then kept.
pub fn kept_or_priced(
    kept: &Memo<ListingKey>,
    asked: Listing<'_>,
    price: impl FnOnce() -> ApiResult<Arc<Kept>>,
) -> ApiResult<Arc<Kept>> {
    let key = ListingKey {
        language: asked.language,
        input: asked.input,
        categories: asked.categories.iter().map(|c| c.to_string()).collect(),
        accepted: asked.accepted,
        page: asked.page,
        workflows: asked.workflows.to_string(),
        refine: asked.refine,
        people: asked.people,
        group_id: asked.group_id,
        contributions: asked.contributions,
    };
    if let Some(answer) = kept.get(&key) {
        return Ok(answer);
    }
    let answer = price()?;
    kept.put(key, answer.clone());
    Ok(answer)
}
