//! The application state every handler receives: the database, the loaded workflows and catalogue, and the services.
//!
//! `AppState` is a handle: every layer and extractor clones it for each request, so it is one reference count, not a
//! copy of the keys, strings and services it reaches (which cost more than a small answer did).
//!
//! The router holds a [`Live`] state, which a re-seeded catalogue replaces while the server runs; each request is
//! handed the `AppState` of the moment it arrives, so one request sees one catalogue from start to end.

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

/// The state as it changes while the server runs.
#[derive(Clone)]
pub struct Live(Arc<std::sync::RwLock<AppState>>);

impl Live {
    pub fn new(state: AppState) -> Live {
        Live(Arc::new(std::sync::RwLock::new(state)))
    }

    /// The state for a request arriving now.
    pub fn now(&self) -> AppState {
        self.0.read().expect("not poisoned").clone()
    }

    /// A catalogue loaded since (a re-seed) replaces the current one, and the listings priced from the old one go.
    /// Requests already answering keep the one they started with.
    pub fn replace_catalogue(&self, catalogue: Catalogue, digest: Option<String>) {
        let mut state = self.0.write().expect("not poisoned");
        let mut shared = Shared::clone(&state);
        shared.catalogue = Arc::new(catalogue);
        shared.catalogue_digest = digest;
        shared.listings = Arc::new(shared.listings.emptied());
        *state = AppState::new(shared);
    }
}

impl axum::extract::FromRef<Live> for AppState {
    fn from_ref(live: &Live) -> AppState {
        live.now()
    }
}

impl axum::extract::FromRef<Live> for Key {
    fn from_ref(live: &Live) -> Key {
        live.now().cookie_key.clone()
    }
}

/// The plans whose health questions were accepted (in order), by enrollment and revision of its answers.
pub type AcceptedPlans = crate::services::memo::Bounded<(i64, i64), Arc<[i64]>>;

/// What every request shares.
#[derive(Clone)]
pub struct Shared {
    pub db: Db,
    /// The busiest reads of a SQLite file, made in place (see `store::local`); none on PostgreSQL.
    pub local_reads: Arc<crate::store::local::LocalReads>,
    /// The shoppers (what a listing reads of an enrollment) read in place lately, kept until this process writes (see
    /// `store::local`).
    pub kept_shoppers: Arc<crate::store::enrollment::KeptShoppers>,
    /// The plans whose health questions an enrollment had accepted, by (enrollment, revision of its answers): a listing
    /// opens the sealed answers only when they changed.
    pub accepted_plans: Arc<AcceptedPlans>,
    /// How carriers' 834 files are made and where they go.
    pub edi: crate::config::EdiSettings,
    /// Where the wizard's saves are written (grouped into one commit on SQLite).
    pub writer: crate::store::writer::Writer,
    /// The workflow versions: the current one, and those enrollments are pinned to.
    pub workflows: Arc<crate::services::workflows::Registry>,
    pub catalogue: Arc<Catalogue>,
    /// The digest of the fixtures the catalogue was loaded from (as `seed_state` records it).
    pub catalogue_digest: Option<String>,
    pub crypto: Crypto,
    pub cookie_key: Key,
    pub cookie_secure: bool,
    pub mailer: Mailer,
    /// The virus scanner of uploaded documents.
    pub scanner: crate::services::scanner::Scanner,
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
    /// How many times each client saved for later this minute, whichever call it used (this replica's count).
    pub saves_for_later: Arc<governor::DefaultKeyedRateLimiter<String>>,
    /// Priced listings already answered, by what they depend on.
    pub listings: Arc<crate::services::memo::Memo<crate::services::listings::ListingKey>>,
    /// Who may read `/metrics`.
    pub metrics_access: crate::config::MetricsAccess,
    /// Whether this replica is on its way out (`/readyz` then answers 503), and its workers' signal to finish.
    pub lifecycle: Arc<crate::services::lifecycle::Lifecycle>,
}

impl axum::extract::FromRef<AppState> for Key {
    fn from_ref(state: &AppState) -> Key {
        state.cookie_key.clone()
    }
}
