//! What an applicant signed on their own device (see `remote_signature`), as the rep's Agreement & Signature uses it:
//! put in place of the form's agreements and signature, shown read-only, and refused once what it covers changed.
//! It reads the store only, below the steps' documents and hooks, which call it.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use engine::tabs::TabName;

use super::{priced_cart, Enrollment, PricedLine};
use crate::error::{ApiError, ApiResult, Said};
use crate::state::AppState;
use crate::store;
use crate::store::signature_request::SignatureRequest;

/// What the applicant gives on their device: the agreements and the signature, nothing else of the form.
pub const SIGNER_FIELDS: [&str; 5] =
    ["agreements", "signature_method", "signature_name", "signature_consent", "signature"];

const CHANGED: &str =
    "The application changed after {name} signed it. Send it to them to sign again, or let them sign here.";

/// What the applicant signed, as it is kept sealed with the request.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct SignedFields(serde_json::Map<String, Value>);

/// What the applicant signed, as it is kept (before sealing).
pub(super) fn signed_fields(fields: serde_json::Map<String, Value>) -> ApiResult<String> {
    serde_json::to_string(&SignedFields(fields)).map_err(|err| ApiError::Internal(err.into()))
}

/// The steps the applicant reads before signing: those before Agreement & Signature, in the wizard's order.
pub(super) fn steps_before_agreement(e: &Enrollment, cart: &[PricedLine]) -> Vec<TabName> {
    engine::selection::navigation(&e.workflows.wizard, &super::context(e, cart))
        .into_iter()
        .take_while(|tab| *tab != TabName::AgreementInfo)
        .collect()
}

/// The SHA-256 of the steps the applicant reads before signing, as their complete documents hold them now, sealed
/// values opened: the same answers give the same fingerprint however often they were saved.
pub(super) async fn fingerprint(state: &AppState, e: &Enrollment, cart: &[PricedLine]) -> ApiResult<String> {
    let mut hasher = Sha256::new();
    for tab in steps_before_agreement(e, cart) {
        let raw = store::tab::find_complete(&state.db, &state.local_reads, e.row.enrollment_id, tab.as_str()).await?;
        let plain = raw.and_then(|text| serde_json::from_str::<Value>(&text).ok()).map(|doc| opened_values(state, doc));
        hasher.update(tab.as_str().as_bytes());
        hasher.update(b"\0");
        hasher.update(canonical(&plain.unwrap_or(Value::Null)).as_bytes());
        hasher.update(b"\0");
    }
    Ok(hasher.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// A stored document with every sealed value opened.
fn opened_values(state: &AppState, value: Value) -> Value {
    match value {
        Value::String(text) => Value::String(state.crypto.decrypt(&text).unwrap_or(text)),
        Value::Array(items) => Value::Array(items.into_iter().map(|v| opened_values(state, v)).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, opened_values(state, v))).collect()),
        other => other,
    }
}

/// JSON with every object's keys in order.
fn canonical(value: &Value) -> String {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut keys: Vec<_> = map.keys().collect();
                keys.sort();
                Value::Object(keys.into_iter().map(|k| (k.clone(), sorted(&map[k]))).collect())
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    sorted(value).to_string()
}

fn opened(state: &AppState, request: &SignatureRequest) -> Option<serde_json::Map<String, Value>> {
    let sealed = request.signature.as_deref()?;
    state.crypto.decrypt(sealed).and_then(|text| serde_json::from_str::<SignedFields>(&text).ok()).map(|f| f.0)
}

/// What the applicant signed on their device for this enrollment's current request, if they did.
async fn signed_now(
    state: &AppState,
    e: &Enrollment,
) -> ApiResult<Option<(SignatureRequest, serde_json::Map<String, Value>)>> {
    let Some(request) = store::signature_request::current(&state.db, e.row.enrollment_id).await? else {
        return Ok(None);
    };
    Ok(opened(state, &request).map(|fields| (request, fields)))
}

/// Agreement & Signature's document with what the applicant signed on their device in place of anything the
/// form carries for it; answers whether it was.
pub(super) async fn put_in_place(state: &AppState, e: &Enrollment, document: &mut Value) -> ApiResult<bool> {
    let Some((_, fields)) = signed_now(state, e).await? else { return Ok(false) };
    if let Some(object) = document.as_object_mut() {
        for name in SIGNER_FIELDS {
            object.remove(name);
        }
        object.extend(fields);
    }
    Ok(true)
}

/// A signature given on the applicant's device holds only for the steps they read: refused under the signature once
/// any of them changed.
pub(super) async fn still_signed(state: &AppState, e: &Enrollment, document: &Value) -> ApiResult<()> {
    let Some(given) = document.get("signature").filter(|s| !s.is_null()) else { return Ok(()) };
    // The request whose signature the document holds, whether or not a newer request replaced it since.
    let signed = store::signature_request::signed_of(&state.db, e.row.enrollment_id).await?;
    let Some(request) =
        signed.into_iter().find(|r| opened(state, r).is_some_and(|f| f.get("signature") == Some(given)))
    else {
        return Ok(());
    };
    let cart = priced_cart(state, e).await?;
    if request.fingerprint.as_deref() == Some(fingerprint(state, e, &cart).await?.as_str()) {
        return Ok(());
    }
    let name = request.signed_name.clone().unwrap_or_default();
    Err(ApiError::field("signature", Said::resolved(crate::language::say_with(CHANGED, &[("name", &name)]))))
}

/// The rep's form of Agreement & Signature once the applicant signed on their device: the agreements and the
/// signature as they gave them, not to be changed here.
pub async fn show_signed(state: &AppState, e: &Enrollment, form: &mut engine::schema::ComposedForm) -> ApiResult<()> {
    let Some((_, fields)) = signed_now(state, e).await? else { return Ok(()) };
    if let Some(object) = form.form_data.as_object_mut() {
        object.extend(fields);
    }
    let mut ui = (*form.ui_schema).clone();
    if let Some(object) = ui.as_object_mut() {
        for name in SIGNER_FIELDS {
            let entry = object.entry(name.to_string()).or_insert_with(|| json!({}));
            if let Some(entry) = entry.as_object_mut() {
                entry.insert("ui:readonly".into(), json!(true));
            }
        }
    }
    form.ui_schema = std::sync::Arc::new(ui);
    Ok(())
}
