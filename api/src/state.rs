//! The application state every handler receives: the database, the loaded workflows and catalogue, and the services.
//!
//! `AppState` is a handle: every layer and extractor clones it for each request, so it is one reference count, not a
//! copy of the keys, strings and services it reaches (which cost more than a small answer did).

use std::sync::Arc;

use axum_extra::extract::cookie::Key;

use crate::services::banking::{PaymentGateway, RoutingDirectory};
use crate::services::catalogue::Catalogue;
use crate::services::crypto::Crypto;
use crate::services::mail::Mailer;
use crate::store::Db;

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What every request shares.
pub struct Shared {
    pub db: Db,
    /// The workflow versions: the current one, and those enrollments are pinned to.
    pub workflows: Arc<crate::services::workflows::Registry>,
    pub catalogue: Arc<Catalogue>,
    pub crypto: Crypto,
    pub cookie_key: Key,
    pub cookie_secure: bool,
    pub mailer: Mailer,
    pub public_url: String,
    pub banks: Arc<RoutingDirectory>,
    /// Where the invoice auto-generation call goes after a submission (the spec's callInvoice); none when unset.
    pub invoice_url: Option<String>,
    pub gateway: Arc<dyn PaymentGateway>,
    /// The single-portal white-label host, if this deployment has one.
    pub single_portal_host: Option<String>,
    /// The `Authorization` header value that reads a domain's site settings.
    pub site_settings_authorization: String,
    /// The `Authorization` header value that reads submitted applications; none: no one can.
    pub audit_authorization: Option<String>,
    /// Where the renderer calls the benefit service.
    pub benefit_root: String,
    /// The recommendations as of their last rebuild.
    pub recommender: Arc<crate::services::recommender::Recommender>,
    /// Priced listings already answered, by what they depend on.
    pub listings: Arc<crate::services::memo::Memo>,
}

impl axum::extract::FromRef<AppState> for Key {
    fn from_ref(state: &AppState) -> Key {
        state.cookie_key.clone()
    }
}
