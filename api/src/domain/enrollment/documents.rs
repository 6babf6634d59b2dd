//! A tab's document as the person sees it: the stored document opened and masked, composed with the workflow's form
//! for this enrollment (prefilled from the filter, the member's records, the rep and group), and the step protocol's
//! view of it.

use engine::schema::{shape, shape_depends_on_prefill, ComposedForm};
use engine::sensitive::{is_mask, mask, rewrite, sensitive_fields, sensitive_paths, text_at, SensitivePath};
use engine::tabs::TabName;
use engine::validation::clean;
use engine::workflow::PrefillValues;
use serde_json::{json, Value};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

use super::{context, priced_cart, Enrollment, PricedLine};

/// A tab's stored documents as the person sees them: sensitive values decrypted and masked.
pub(super) struct StoredTab {
    pub(super) version: i64,
    /// What the person sees on the step: the draft they saved for later, or else the complete document. Sensitive
    /// values in plain text; never leaves the enrollment's modules.
    pub(super) plain: Value,
    pub(super) masked: Value,
    /// Whether what is shown is a draft (saved for later, not checked).
    pub(super) is_draft: bool,
    /// The last complete document (it passed the step's checks): what submission reads. None while the step was
    /// only saved for later, or never saved.
    pub(super) complete: Option<Opened>,
}

/// A stored document opened: sensitive values in plain text, and masked.
#[derive(Clone)]
pub(crate) struct Opened {
    pub(crate) plain: Value,
    pub(crate) masked: Value,
}

impl StoredTab {
    fn empty() -> StoredTab {
        StoredTab { version: 0, plain: json!({}), masked: json!({}), is_draft: false, complete: None }
    }

    /// The complete document as a stored tab of its own (what a check of the complete document reads).
    pub(super) fn complete_only(&self) -> Option<StoredTab> {
        let complete = self.complete.clone()?;
        Some(StoredTab {
            version: self.version,
            plain: complete.plain.clone(),
            masked: complete.masked.clone(),
            is_draft: false,
            complete: Some(complete),
        })
    }
}

async fn stored_tab(
    state: &AppState,
    enrollment_id: i64,
    tab: TabName,
    sensitive: &[(SensitivePath, String)],
) -> ApiResult<StoredTab> {
    let Some(doc) = store::tab::find_tab(&state.db, &state.local_reads, enrollment_id, tab.as_str()).await? else {
        return Ok(StoredTab::empty());
    };
    let complete = doc.data.as_deref().map(|text| opened(state, text, sensitive)).transpose()?;
    let draft = doc.draft.as_deref().map(|text| opened(state, text, sensitive)).transpose()?;
    let is_draft = draft.is_some();
    let shown = draft.or_else(|| complete.clone()).unwrap_or(Opened { plain: json!({}), masked: json!({}) });
    Ok(StoredTab { version: doc.version, plain: shown.plain, masked: shown.masked, is_draft, complete })
}

/// A stored document opened and masked.
pub(crate) fn opened(state: &AppState, text: &str, sensitive: &[(SensitivePath, String)]) -> ApiResult<Opened> {
    let mut plain: Value = serde_json::from_str(text).map_err(|e| ApiError::Internal(e.into()))?;
    if let Some(sealed) = plain.get(SEALED_DOCUMENT).and_then(Value::as_str) {
        let opened = state
            .crypto
            .decrypt(sealed)
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a sealed tab document does not open with this key")))?;
        plain = serde_json::from_str(&opened).map_err(|e| ApiError::Internal(e.into()))?;
    }
    // Everything sealed opens, wherever it sits: the schema's paths and what was sealed by its key's name.
    engine::sensitive::open_all(&mut plain, &mut |sealed| state.crypto.decrypt(sealed));
    let masked = masked_copy(&plain, sensitive);
    Ok(Opened { plain, masked })
}

/// `plain` with each sensitive value shown as its mask: at the schema's paths, then wherever a key's name says so.
pub(super) fn masked_copy(plain: &Value, sensitive: &[(SensitivePath, String)]) -> Value {
    let mut masked = plain.clone();
    for (path, kind) in sensitive {
        rewrite(&mut masked, std::slice::from_ref(path), &mut |_, opened| Some(mask(kind, opened)));
    }
    engine::sensitive::mask_by_name(&mut masked);
    masked
}

/// The composed form of a tab for this enrollment, with its stored version.
pub async fn tab_form(
    state: &AppState,
    enrollment: &Enrollment,
    cart: &[PricedLine],
    tab: TabName,
) -> ApiResult<(ComposedForm, i64)> {
    let (form, stored) = form_and_stored(state, enrollment, cart, tab).await?;
    Ok((form, stored.version))
}

/// The composed form of a tab for this enrollment as it stands now (its cart priced), with its stored version.
pub async fn current_form(state: &AppState, enrollment: &Enrollment, tab: TabName) -> ApiResult<(ComposedForm, i64)> {
    let cart = priced_cart(state, enrollment).await?;
    tab_form(state, enrollment, &cart, tab).await
}

pub(super) async fn form_and_stored(
    state: &AppState,
    enrollment: &Enrollment,
    cart: &[PricedLine],
    tab: TabName,
) -> ApiResult<(ComposedForm, StoredTab)> {
    let ctx = context(enrollment, cart);
    let wizard = &enrollment.workflows.wizard;
    let mut settings = wizard.forms.get(&tab);
    // Each dependent answers the health questions too when the enrollment asks them.
    let with_health;
    if tab == TabName::DependentInfo
        && engine::selection::navigation(wizard, &ctx).contains(&TabName::PrimaryHealthInfo)
    {
        let mut owned = settings.cloned().unwrap_or_default();
        owned.questionnaire = wizard.forms.get(&TabName::PrimaryHealthInfo).and_then(|f| f.questionnaire.clone());
        with_health = owned;
        settings = Some(&with_health);
    }
    let member = crate::domain::members::of_enrollment(state, &enrollment.row).await?;
    let group = enrollment.row.group_id.and_then(|id| state.catalogue.groups.get(&id));
    let mut prefill = PrefillValues {
        group: group.cloned(),
        group_rep: group.and_then(|g| g.agent_id).and_then(|id| state.catalogue.reps.get(&id).cloned()),
        agent: enrollment.row.agent_id.and_then(|id| state.catalogue.reps.get(&id).cloned()),
        member: member.as_ref().map(|m| engine::catalogue::MemberProfile {
            first_name: m.first_name.clone(),
            last_name: m.last_name.clone(),
            email: m.email.clone(),
            phone: m.phone.clone(),
            address: m.address.clone(),
        }),
        ..enrollment.filter.prefill()
    };
    super::hooks::hooks_of(tab).prefill(state, enrollment, member.as_ref(), &mut prefill).await?;
    // The shape depends on the version, the step and the context (billing's on the prefill too): kept with the version.
    let compose = || shape(tab, settings, &ctx, &prefill);
    let shape = if shape_depends_on_prefill(tab) {
        compose().map(std::sync::Arc::new)
    } else {
        enrollment.workflows.form_shape(tab, &ctx, compose)
    };
    let shape = shape.ok_or_else(|| {
        let step = crate::language::say(tab.title());
        ApiError::NotFound(crate::error::Said::with("{step} is not a step of this enrollment", &[("step", &step)]))
    })?;
    let mut form = shape.form(&prefill, &json!({}));
    let sensitive = sensitive_fields(&form.schema);
    let mut stored = stored_tab(state, enrollment.row.enrollment_id, tab, &sensitive).await?;
    // An existing member starts from what is on file: their name and Social Security number, the health records and
    // the dependents of the tier, shown (and masked) as if saved; they are stored when the person saves the step, and
    // a mask sent back stands for the number on file.
    if stored.version == 0 {
        let on_file = match (tab, &member) {
            (TabName::PrimaryInfo, Some(m)) => {
                let mut profile = json!({ "first_name": m.first_name, "last_name": m.last_name });
                if let Some(ssn) = m.ssn.as_ref().filter(|s| !s.is_empty()) {
                    profile["ssn"] = json!(ssn);
                }
                Some(profile)
            }
            (TabName::PrimaryHealthInfo, Some(m)) => m.health.clone(),
            (TabName::DependentInfo, Some(m)) if !m.dependents.is_empty() => {
                let tier = enrollment.filter.tier().unwrap_or(engine::context::Tier::IO);
                Some(json!({ "dependents": engine::dependents::keep_for_tier(&m.dependents, tier) }))
            }
            // What the Dependency popup asked (the spouse's date of birth, the number of children) is not asked again:
            // the dependents start listed with it, for the person to complete.
            (TabName::DependentInfo, _) => from_dependency_popup(&enrollment.filter),
            _ => None,
        };
        if let Some(plain) = on_file {
            stored = StoredTab { masked: masked_copy(&plain, &sensitive), plain, ..StoredTab::empty() };
        }
    }
    form.fill(&stored.masked);
    Ok((form, stored))
}

/// The dependents the Dependency popup's answers name, as Dependent Information starts them: the spouse with their
/// date of birth (the spouse question answered Yes), then as many children as were given; none without answers.
fn from_dependency_popup(filter: &super::Filter) -> Option<Value> {
    use engine::context::Tier;
    let tier = filter.tier()?;
    let spouse = filter.spouse_dob.as_ref().filter(|_| matches!(tier, Tier::IS | Tier::IF));
    let children = if matches!(tier, Tier::IC | Tier::IF) { filter.no_of_children.unwrap_or(0).clamp(0, 8) } else { 0 };
    let mut dependents: Vec<Value> =
        spouse.map(|dob| json!({ "relationship": "spouse", "birthdate": dob })).into_iter().collect();
    dependents.extend((0..children).map(|_| json!({ "relationship": "child" })));
    if dependents.is_empty() {
        return None;
    }
    let mut start = json!({ "dependents": dependents });
    if spouse.is_some() {
        start["spouse_status"] = json!("1");
    }
    Some(start)
}

/// A submission as it will be validated: a mask sent back stands for the stored number at the same place (in what
/// the step showed, or else in the complete document), then `clean`.
pub(super) fn unmasked_and_cleaned(form: &ComposedForm, stored: &StoredTab, submitted: &Value) -> Value {
    let mut submitted = submitted.clone();
    let sources: Vec<&Value> =
        std::iter::once(&stored.plain).chain(stored.complete.as_ref().map(|c| &c.plain)).collect();
    for (path, kind) in sensitive_fields(&form.schema) {
        rewrite(&mut submitted, &[path], &mut |at, text| {
            sources.iter().find_map(|source| {
                let plain = text_at(source, at)?;
                (is_mask(&kind, text) && text == mask(&kind, plain)).then(|| plain.to_string())
            })
        });
    }
    clean(&form.schema, &submitted, &form.form_data)
}

/// The key under which a document that is sensitive as a whole (`x-sensitive: document`, the health answers) is
/// stored, sealed.
pub(crate) const SEALED_DOCUMENT: &str = "sealed";

/// Sensitive values sealed for storage; a document sensitive as a whole is sealed whole. A value the schema marks
/// `x-never-stored` (a card number, a security code) is dropped, drafts included; only its mask may be kept.
pub(super) fn encrypted(state: &AppState, form: &ComposedForm, cleaned: Value) -> Value {
    sealed_under(state, &form.schema, cleaned)
}

/// `cleaned` (a document of `schema`) as it may be kept: see [`encrypted`]. A change saved after the sale to finish
/// later is kept so too (`domain::after_sale::saved`).
pub(crate) fn sealed_under(state: &AppState, schema: &Value, mut cleaned: Value) -> Value {
    if let Some(values) = cleaned.as_object_mut() {
        for (name, _) in engine::schema::every_property(schema)
            .into_iter()
            .filter(|(_, p)| p.get("x-never-stored") == Some(&Value::Bool(true)))
        {
            if values.get(name).and_then(Value::as_str).is_some_and(|v| !engine::payment::is_masked_number(v)) {
                values.remove(name);
            }
        }
    }
    rewrite(&mut cleaned, &sensitive_paths(schema), &mut |_, plain| {
        (!engine::sensitive::is_sealed(plain)).then(|| state.crypto.encrypt(plain))
    });
    // Then whatever the schema did not foresee: SSNs, account numbers and health answers (a dependent's too) in any
    // shape, card numbers and security codes dropped.
    engine::sensitive::seal_by_name(&mut cleaned, &mut |plain| state.crypto.encrypt(plain));
    if schema.get("x-sensitive").and_then(Value::as_str) == Some("document") {
        return json!({ SEALED_DOCUMENT: state.crypto.encrypt(&cleaned.to_string()) });
    }
    cleaned
}

/// The form of a tab filled with its last complete document (what submission reads and the review shows), and
/// whether a draft saved for later waits beside it; none when the tab has no complete document.
pub async fn complete_form(
    state: &AppState,
    enrollment: &Enrollment,
    cart: &[PricedLine],
    tab: TabName,
) -> ApiResult<Option<(ComposedForm, bool)>> {
    let (mut form, stored) = form_and_stored(state, enrollment, cart, tab).await?;
    let Some(complete) = &stored.complete else { return Ok(None) };
    form.fill(&complete.masked);
    Ok(Some((form, stored.is_draft)))
}

/// A tab's complete document opened, in plain text (empty when it has none): for what must carry the application as
/// it is (a carrier's 834 file), never for an answer to a browser.
pub async fn plain_complete_tab(state: &AppState, enrollment_id: i64, tab: TabName) -> ApiResult<Value> {
    let stored = stored_tab(state, enrollment_id, tab, &[]).await?;
    Ok(stored.complete.map(|c| c.plain).unwrap_or_else(|| json!({})))
}

/// A stored tab for `get-enrollment-temp-info`: masked, never in plain text; the draft when one waits.
pub async fn masked_tab(state: &AppState, enrollment: &Enrollment, tab: TabName) -> ApiResult<Value> {
    let cart = priced_cart(state, enrollment).await?;
    let (_, stored) = form_and_stored(state, enrollment, &cart, tab).await?;
    Ok(stored.masked)
}

/// A tab's complete document, masked (empty when it has none): what was submitted. `cart` is the enrollment's, priced
/// once by the caller for every tab it reads.
pub async fn masked_complete_tab(
    state: &AppState,
    enrollment: &Enrollment,
    cart: &[PricedLine],
    tab: TabName,
) -> ApiResult<Value> {
    let (_, stored) = form_and_stored(state, enrollment, cart, tab).await?;
    Ok(stored.complete.map(|c| c.masked).unwrap_or_else(|| json!({})))
}
