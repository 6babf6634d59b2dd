//! Application state, the router and `serve`.

use std::sync::Arc;

use anyhow::Context;
use axum::http::{Method, Uri};
use axum::Router;
use axum_extra::extract::cookie::Key;
use engine::workflow::Workflows;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::catalogue::Catalogue;
use crate::config::{Config, Keys};
use crate::crypto::Crypto;
use crate::db::{self, Db};
use crate::error::ApiError;
use crate::mail::Mailer;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub workflows: Arc<Workflows>,
    pub catalogue: Arc<Catalogue>,
    pub crypto: Crypto,
    pub cookie_key: Key,
    pub cookie_secure: bool,
    pub mailer: Mailer,
    pub public_url: String,
    pub banks: Arc<crate::banking::RoutingDirectory>,
    /// Where the invoice auto-generation call goes after a submission (the spec's callInvoice); none when unset.
    pub invoice_url: Option<String>,
    pub gateway: Arc<dyn crate::banking::PaymentGateway>,
}

impl axum::extract::FromRef<AppState> for Key {
    fn from_ref(state: &AppState) -> Key {
        state.cookie_key.clone()
    }
}

impl AppState {
    /// Migrates, seeds (when the fixtures changed), loads workflows and the catalogue.
    pub async fn prepare(config: &Config, keys: &Keys) -> anyhow::Result<AppState> {
        let db = db::connect(&config.database_url).await?;
        db::migrate(&db).await.context("migrations failed")?;
        crate::seed::seed(&db, &config.fixtures_dir).await.context("seeding fixtures failed")?;
        let workflows = engine::workflow::load_dir(&config.workflows_dir).context("workflows are not valid")?;
        let catalogue = Catalogue::load(&db).await?;
        let crypto = Crypto::new(&keys.data_key);
        crate::members::seed(&db, &config.fixtures_dir, &crypto).await.context("seeding members failed")?;
        crate::zip::warm_up();
        Ok(AppState {
            db,
            workflows: Arc::new(workflows),
            catalogue: Arc::new(catalogue),
            crypto,
            cookie_key: Key::from(&keys.session_key),
            cookie_secure: config.cookie_secure,
            mailer: match &config.smtp_url {
                Some(url) => Mailer::to_smtp(&config.mail_from, url)?,
                None => Mailer::to_files(&config.mail_from, config.data_dir.join("outbox"))?,
            },
            public_url: config.public_url.trim_end_matches('/').to_string(),
            banks: Arc::new(crate::banking::RoutingDirectory::load(&config.routing_directory)?),
            gateway: Arc::new(crate::banking::SandboxGateway),
            invoice_url: config.invoice_url.clone(),
        })
    }
}

async fn api_not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::NotFound(format!("No such API call: {method} {}", uri.path()))
}

/// The whole application: the API under `/api/v1`, catalogue images under `/assets`, the renderer for the rest.
pub fn app(state: AppState, config: &Config) -> Router {
    let index = config.renderer_dir.join("index.html");
    let renderer = ServeDir::new(&config.renderer_dir).fallback(ServeFile::new(index));
    Router::new()
        .nest("/api/v1", crate::routes::router(state))
        .route("/api", axum::routing::any(api_not_found))
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .nest_service("/assets", ServeDir::new(config.fixtures_dir.join("assets")))
        .fallback_service(renderer)
        .layer(TraceLayer::new_for_http())
}

pub async fn serve(config: Config) -> anyhow::Result<()> {
    let state = AppState::prepare(&config, &config.keys()?).await?;
    crate::mail::spawn_sender(state.db.clone(), state.mailer.clone());
    let listener = tokio::net::TcpListener::bind(("0.0.0.0", config.port))
        .await
        .with_context(|| format!("cannot listen on port {}", config.port))?;
    tracing::info!(port = config.port, database = %config.database_label(), "serving on http://localhost:{}", config.port);
    axum::serve(listener, app(state, &config))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}

/// Exposed for the not-found answer of nested routers.
pub async fn not_found(method: Method, uri: Uri) -> ApiError {
    api_not_found(method, uri).await
}
