//! The application: prepares the state (migrate, seed, load), assembles every feature's routes under `/api/v1` (the
//! benefit service's under `/benefit/v1`) with the middleware, serves the renderer, and runs the server.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use aide::axum::ApiRouter;
use anyhow::Context;
use axum::extract::{ConnectInfo, OriginalUri};
use axum::http::header::{self, HeaderValue};
use axum::http::Method;
use axum::routing::get;
use axum::serve::{Listener, ListenerExt, TapIo};
use axum::Router;
use axum_extra::extract::cookie::Key;
use base64::Engine;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder as ConnectionBuilder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tower::{Layer, ServiceBuilder};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::config::{Config, Keys, StopSettings};
use crate::error::ApiError;
use crate::features;
use crate::http::listener::{Bounded, FirstByteDeadline, PeerAddr};
use crate::http::routes::RouteTemplates;
use crate::http::sync_middleware::{StepLayer, StepService};
use crate::http::{middleware, openapi};
use crate::services::banking::{RoutingDirectory, SandboxGateway};
use crate::services::catalogue::Catalogue;
use crate::services::mail::{Mailer, Texts};
use crate::state::{AppState, Live};
use crate::store;

impl AppState {
    /// Migrates, seeds (when the fixtures changed), loads workflows and the catalogue.
    pub async fn prepare(config: &Config, keys: &Keys) -> anyhow::Result<AppState> {
        let db = store::connect(&config.database_url).await?;
        store::migrate(&db).await.context("migrations failed")?;
        crate::store::seed::seed(&db, &config.fixtures_dir).await.context("seeding fixtures failed")?;
        let workflows = crate::services::workflows::Registry::start(&db, &config.workflows_dir).await?;
        let catalogue = Catalogue::load(&db).await?;
        // An application of a plan no 834 file could carry would never reach its carrier: refused at start.
        if let Some(codes) = &workflows.current().workflows.x12 {
            let carriers: Vec<_> = catalogue.carriers.values().cloned().collect();
            let unsendable = engine::catalogue::unsendable(codes, &carriers, &catalogue.plans);
            anyhow::ensure!(unsendable.is_empty(), "plans that no 834 file could carry:\n{}", unsendable.join("\n"));
        }
        let catalogue_digest = store::seed::catalogue_digest(&db).await?;
        let crypto = crate::services::crypto::Crypto::from_keys(keys);
        crate::services::keys::check_at_start(&db, &crypto).await?;
        crate::domain::members::seed(&db, &config.fixtures_dir, &crypto).await.context("seeding members failed")?;
        crate::services::zip::load(&crate::services::zip::file_in(&config.fixtures_dir))?;
        let recommender = Arc::new(crate::services::recommender::Recommender::default());
        recommender.refresh(&db).await.context("the recommendations could not be built")?;
        let writer = store::writer::Writer::start(&db, &config.database_url).await?;
        // One for each of the runtime's threads (as many as the machine's cores), and one to spare.
        let readers = std::thread::available_parallelism().map_or(2, |n| n.get()) + 1;
        let local_reads = store::local::LocalReads::open(&config.database_url, readers)
            .context("cannot open the database for reading")?;
        Ok(AppState::new(crate::state::Shared {
            db,
            local_reads: Arc::new(local_reads),
            kept_shoppers: Arc::default(),
            accepted_plans: Arc::default(),
            edi: config.edi.clone(),
            writer,
            workflows: Arc::new(workflows),
            catalogue: Arc::new(catalogue),
            catalogue_digest,
            crypto: crypto.clone(),
            cookie_key: Key::from(&keys.session_key),
            cookie_secure: config.cookie_secure,
            mailer: match &config.smtp_url {
                Some(url) => Mailer::to_smtp(&config.mail_from, url, crypto.clone())?,
                None => Mailer::to_files(&config.mail_from, config.data_dir.join("outbox"), crypto.clone())?,
            }
            .with_texts(match &config.text_url {
                Some(url) => Texts::Gateway(url.clone()),
                None => Texts::Files(config.data_dir.join("texts")),
            })?,
            scanner: crate::services::scanner::Scanner::at(config.clamd_address.as_deref()),
            public_url: config.public_url.trim_end_matches('/').to_string(),
            banks: Arc::new(RoutingDirectory::load(&config.routing_directory)?),
            gateway: Arc::new(SandboxGateway),
            invoice_url: config.invoice_url.clone(),
            single_portal_host: config.single_portal_host.clone(),
            site_settings_authorization: format!(
                "Basic {}",
                base64::engine::general_purpose::STANDARD.encode(config.site_settings_auth.as_bytes())
            ),
            audit_authorization: config
                .audit_auth
                .as_ref()
                .map(|a| format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(a.as_bytes()))),
            benefit_root: config.benefit_root.clone(),
            recommender,
            saves_for_later: Arc::new(governor::RateLimiter::keyed(governor::Quota::per_minute(
                std::num::NonZeroU32::new(crate::domain::enrollment::saving::SAVES_FOR_LATER_PER_MINUTE)
                    .expect("not zero"),
            ))),
            listings: Arc::new(crate::services::memo::Memo::with_budget(LISTINGS_BUDGET)),
            lifecycle: Arc::default(),
            metrics_access: config.metrics.clone(),
        }))
    }
}

/// The most bytes of priced listings kept between requests.
const LISTINGS_BUDGET: usize = 8 * 1024 * 1024;

/// The path named is the one the browser asked for, whatever prefix a nested service was given without it.
async fn api_not_found(method: Method, OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::NotFound(crate::error::Said::with(
        "No such API call: {method} {path}",
        &[("method", &method), ("path", &uri.path())],
    ))
}

/// The `/api/v1` calls: every feature's routes, their OpenAPI document, the session layer, and the API's own 404 for
/// unknown calls; with the routes' templates.
fn api_router(state: &Live) -> (Calls, Vec<String>) {
    let calls = ApiRouter::new()
        .merge(features::site::routes())
        .merge(features::access::routes())
        .merge(features::filter::routes())
        .merge(features::catalogue::routes())
        .merge(features::members::routes())
        .merge(features::shop::routes())
        .merge(features::cart::routes())
        .merge(features::wizard::routes())
        .merge(features::health_questions::routes())
        .merge(features::dependents::routes())
        .merge(features::billing::routes())
        .merge(features::resume::routes())
        .merge(features::signature::routes())
        .merge(features::receipt::routes())
        .merge(features::policies::routes())
        .merge(features::workflows::routes())
        .merge(features::carrier::routes())
        .merge(features::reviews::routes())
        .merge(features::employer::routes());
    served(openapi::document(calls), state, "/api/v1")
}

/// The benefit service's calls (`/benefit/v1`): its routes, its own document, the same session layer.
fn benefit_router(state: &Live) -> (Calls, Vec<String>) {
    served(openapi::benefit_document(features::benefit::routes()), state, crate::config::BENEFIT_ROOT)
}

/// A root's calls, behind the session layer (see [`served`]).
type Calls = StepService<crate::http::session::CookieSettings, Router>;

/// A root's calls with their document at `openapi.json`, the session layer, and the API's own 404 for unknown calls;
/// with their templates under `root` (what the access log names a request by). The session layer wraps the root's
/// router once (`Router::layer` would wrap each route in a box of its own, and a request would clone its route's
/// boxes); the root is nested as that one service.
fn served((calls, document): (Router<Live>, serde_json::Value), state: &Live, root: &str) -> (Calls, Vec<String>) {
    let templates = document["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(path, _)| format!("{root}{path}"))
        .chain([format!("{root}/openapi.json")])
        .collect();
    let document = Arc::new(document);
    let now = state.now();
    let cookies = crate::http::session::CookieSettings { key: now.cookie_key.clone(), secure: now.cookie_secure };
    let calls = calls
        .route("/openapi.json", get(move || async move { axum::Json(document.as_ref().clone()) }))
        .fallback(api_not_found)
        .with_state(state.clone());
    (StepLayer(cookies).layer(calls), templates)
}

/// The whole application: the API under `/api/v1`, the probes, catalogue images under `/assets`, the renderer's
/// hashed bundle under `/static` and its page for every other path; the middleware around all of it.
pub fn app(state: &Live, config: &Config) -> Router {
    // Counting starts with the first application made (what happens before it would count into nothing).
    crate::services::metrics::install();
    // The renderer's build writes each text file compressed beside itself (`x.js.br`, `x.js.gz`): those are answered
    // to the browsers that take them, so the same script is not compressed again for every visitor. A build without
    // them is compressed by the compression layer as before.
    let index = ServeFile::new(config.renderer_dir.join("index.html")).precompressed_br().precompressed_gzip();
    let varies = SetResponseHeaderLayer::if_not_present(header::VARY, HeaderValue::from_static("accept-encoding"));
    let page = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, middleware::NO_CACHE))
        .layer(varies.clone())
        .service(ServeDir::new(&config.renderer_dir).precompressed_br().precompressed_gzip().fallback(index));
    let bundle = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, middleware::IMMUTABLE))
        .layer(varies)
        .service(ServeDir::new(config.renderer_dir.join("static")).precompressed_br().precompressed_gzip());
    // Catalogue images may change with a re-seed, under the same name.
    let images = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=3600"),
        ))
        .service(ServeDir::new(config.fixtures_dir.join("assets")));
    // Every other path under the API's roots is an unknown call, answered in the API's envelope.
    let unknown = middleware::api_limits(axum::routing::any(api_not_found));
    let (api, api_templates) = api_router(state);
    let (benefit, benefit_templates) = benefit_router(state);
    let roots = Router::new()
        .nest_service("/api/v1", middleware::api_limits(api))
        .nest_service(crate::config::BENEFIT_ROOT, middleware::api_limits(benefit));
    let roots = ["/api", "/api/", "/api/{*rest}", "/benefit", "/benefit/", "/benefit/{*rest}"]
        .into_iter()
        .fold(roots, |router, path| router.route_service(path, unknown.clone()));
    let app = roots
        .merge(features::probes::routes().with_state(state.clone()))
        .merge(features::access::pages().with_state(state.clone()))
        .merge(features::carrier::pages().with_state(state.clone()))
        .merge(features::reviews::pages().with_state(state.clone()))
        .nest_service("/assets", images)
        .nest_service("/static", bundle)
        .fallback_service(page);
    // The pages the server answers itself besides the API.
    let pages =
        ["/healthz", "/readyz", "/metrics", "/rep-sign-in/{token}", "/carrier-sign-in/{token}"].map(String::from);
    let routes = RouteTemplates::new(api_templates.into_iter().chain(benefit_templates).chain(pages));
    middleware::around_everything(
        app,
        config.cookie_secure,
        config.trust_proxy,
        middleware::REQUEST_TIMEOUT,
        Arc::new(routes),
    )
}

/// What operators change while the servers run, read again every `every`: workflow versions loaded since, and the
/// catalogue when it was re-seeded (`enroll seed`, its digest in `seed_state` changed). Every replica does the same,
/// so a change through the database reaches all of them without a restart.
pub fn spawn_reloader(live: Live, every: Duration) {
    crate::services::spawn_every(every, move || {
        let live = live.clone();
        async move { reload(&live).await }
    });
}

/// One reading of what may have changed (see [`spawn_reloader`]); a failure is logged and what is current stays.
pub async fn reload(live: &Live) {
    let state = live.now();
    if let Err(error) = state.workflows.refresh(&state.db).await {
        tracing::warn!(%error, "new workflow loads were not read; the current version stays");
    }
    match store::seed::catalogue_digest(&state.db).await {
        Ok(digest) if digest != state.catalogue_digest => match Catalogue::load(&state.db).await {
            Ok(catalogue) => {
                tracing::info!(plans = catalogue.plans.len(), "the catalogue was re-seeded and is reloaded");
                live.replace_catalogue(catalogue, digest);
            }
            Err(error) => tracing::error!(%error, "the re-seeded catalogue cannot be loaded; the current one stays"),
        },
        Ok(_) => {}
        Err(error) => tracing::warn!(%error, "the catalogue's digest was not read; the current catalogue stays"),
    }
}

/// The server's listener: every accepted connection has TCP_NODELAY on, or small answers would wait for the
/// client's delayed ACK (Nagle's algorithm), about 40 ms each; at most `max_connections` are open at once.
pub async fn listen(
    address: impl tokio::net::ToSocketAddrs,
    max_connections: usize,
) -> std::io::Result<Bounded<TapIo<TcpListener, fn(&mut TcpStream)>>> {
    let listener = TcpListener::bind(address).await?.tap_io(no_delay as fn(&mut TcpStream));
    Ok(Bounded::new(listener, max_connections))
}

fn no_delay(tcp: &mut TcpStream) {
    if let Err(error) = tcp.set_nodelay(true) {
        tracing::warn!(%error, "cannot set TCP_NODELAY");
    }
}

pub async fn serve(config: Config) -> anyhow::Result<()> {
    let state = AppState::prepare(&config, &config.keys()?).await?;
    let lifecycle = state.lifecycle.clone();
    let sender = crate::services::mail::spawn_sender(state.db.clone(), state.mailer.clone(), lifecycle.stopping());
    crate::services::recommender::spawn_refresher(
        state.recommender.clone(),
        state.db.clone(),
        config.recommend_refresh,
    );
    let live = Live::new(state);
    spawn_reloader(live.clone(), config.workflows_refresh);
    // Applications submitted before sign-in was recorded at submission get their holders once, after an upgrade.
    let holding = live.now();
    tokio::spawn(async move {
        loop {
            match crate::domain::after_sale::sign_in::hold_unheld(&holding).await {
                Ok(0) => break,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%error, "applications submitted before member sign-in: not recorded");
                    break;
                }
            }
        }
    });
    let batcher = crate::domain::carrier_files::spawn_batcher(live.clone(), config.edi.batch, lifecycle.stopping());
    let employers =
        crate::domain::employer::schedule::spawn(live.clone(), config.employer_schedule, lifecycle.stopping());
    let listener = listen((config.listen_addr, config.port), config.max_connections)
        .await
        .with_context(|| format!("cannot listen on {}:{}", config.listen_addr, config.port))?
        .per_client(config.max_connections_per_client)
        .busy_places(config.max_busy_connections);
    tracing::info!(
        address = %config.listen_addr, port = config.port, database = %config.database_label(),
        "serving on http://localhost:{}", config.port
    );
    let StopSettings { drain_notice, grace } = config.stopping.clone();
    let draining = {
        let lifecycle = lifecycle.clone();
        async move {
            asked_to_stop().await;
            lifecycle.drain();
            tracing::info!(notice_ms = drain_notice.as_millis() as u64, "asked to stop: /readyz answers 503");
            tokio::time::sleep(drain_notice).await;
            tracing::info!("no new connections are taken; the requests in flight finish");
        }
    };
    let operators = match config.ops_port {
        Some(port) => {
            let listener = listen((config.listen_addr, port), OPERATOR_CONNECTIONS)
                .await
                .with_context(|| format!("cannot listen on {}:{port} (OPS_PORT)", config.listen_addr))?;
            tracing::info!(port, "health checks and metrics also on a port of their own");
            let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
            let served = serve_connections_within(listener, operators(&live), HEADER_READ_TIMEOUT, grace, async {
                let _ = stopped.await;
            });
            Some((stop, tokio::spawn(served)))
        }
        None => None,
    };
    let apps = Apps { app: app(&live, &config), busy: busy(Some(&live)) };
    serve_connections_within(listener, apps, HEADER_READ_TIMEOUT, grace, draining).await;
    // The balancer reads "draining" on the operators' port until the visitors' is closed.
    if let Some((stop, served)) = operators {
        let _ = stop.send(());
        let _ = served.await;
    }
    lifecycle.stop_workers();
    let workers = async {
        let _ = sender.await;
        let _ = batcher.await;
        let _ = employers.await;
    };
    if tokio::time::timeout(grace, workers).await.is_err() {
        tracing::warn!(
            "the background workers did not finish in time; what they held is taken again when its lease ends"
        );
    }
    tracing::info!("stopped");
    Ok(())
}

/// The connections the operators' port (`OPS_PORT`) holds at once: a balancer's checks and a scraper or two.
const OPERATOR_CONNECTIONS: usize = 64;

/// What the operators' port serves: the probes and /metrics (its own access rules apply), nothing else.
pub fn operators(live: &Live) -> Router {
    features::probes::routes()
        .with_state(live.clone())
        .fallback(|| async { ApiError::NotFound("Only /healthz, /readyz and /metrics are answered here".into()) })
}

/// Completes when the process is asked to stop: SIGTERM (a process manager, a rolling restart) or Ctrl-C.
async fn asked_to_stop() {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "SIGTERM cannot be caught; only Ctrl-C stops the server gracefully");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = terminate => {}
    }
}

/// How long a client may take to send a request's headers (and, on a kept-alive connection, to start the next
/// request): a client that opens a connection and sends half a request is dropped instead of holding it forever.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a connection taken past the limit may take to send its request before it is closed.
const BUSY_READ_TIMEOUT: Duration = Duration::from_secs(2);

/// What the server serves: the application, and what a connection taken past the connection limit is served.
#[derive(Clone)]
pub struct Apps {
    pub app: Router,
    pub busy: Router,
}

impl From<Router> for Apps {
    /// The application, with connections past the limit told the store is busy (no probes: see [`busy`]).
    fn from(app: Router) -> Apps {
        Apps { app, busy: busy(None) }
    }
}

/// What a connection taken past the connection limit is served: the probes as always (with the state: a balancer's
/// health checks never wait behind visitors), and every other request a 503 with Retry-After, in the store's shape.
pub fn busy(state: Option<&Live>) -> Router {
    // Told in the visitor's language, from the store's own words: this answer must cost next to nothing, so it reads
    // no workflow or catalogue.
    let told = Router::new().fallback(|| async move {
        crate::services::metrics::count(crate::services::metrics::BUSY_ANSWERS);
        axum::response::IntoResponse::into_response(ApiError::Busy)
    });
    let busy = match state {
        Some(state) => features::probes::routes().with_state(state.clone()).merge(told),
        None => told,
    };
    busy.layer(crate::http::language::SpeakLayer)
}

/// Serves `apps` on every connection `listener` accepts until `shutdown` completes, then lets open requests finish
/// (for up to 30 s). axum's own `serve` runs hyper without a timer, so hyper's header read timeout never fires; this
/// loop sets both.
pub async fn serve_connections<L>(
    listener: Bounded<L>,
    apps: impl Into<Apps>,
    header_read_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) where
    L: Listener<Addr = SocketAddr>,
    L::Io: Unpin,
{
    serve_connections_within(listener, apps, header_read_timeout, Duration::from_secs(30), shutdown).await;
}

/// [`serve_connections`], giving the requests open at shutdown `grace` to finish.
pub async fn serve_connections_within<L>(
    mut listener: Bounded<L>,
    apps: impl Into<Apps>,
    header_read_timeout: Duration,
    grace: Duration,
    shutdown: impl Future<Output = ()>,
) where
    L: Listener<Addr = SocketAddr>,
    L::Io: Unpin,
{
    let Apps { app, busy } = apps.into();
    let graceful = GracefulShutdown::new();
    let mut builder = ConnectionBuilder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(header_read_timeout);
    // A connection past the limit is answered once and closed: its place is soon free for the next.
    let mut busy_builder = ConnectionBuilder::new(TokioExecutor::new());
    busy_builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout.min(BUSY_READ_TIMEOUT))
        .keep_alive(false);
    tokio::pin!(shutdown);
    loop {
        let (io, peer) = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (served, builder, first_byte) = if io.is_busy() {
            (busy.clone(), &busy_builder, header_read_timeout.min(BUSY_READ_TIMEOUT))
        } else {
            (app.clone(), &builder, header_read_timeout)
        };
        let service = ServiceBuilder::new()
            .map_request(move |mut request: axum::http::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(PeerAddr(peer)));
                request
            })
            .service(served);
        // The first byte must come within the header read timeout too (hyper's timer starts at the first byte).
        let io = FirstByteDeadline::new(io, first_byte);
        let connection = builder.serve_connection_with_upgrades(TokioIo::new(io), TowerToHyperService::new(service));
        let connection = graceful.watch(connection.into_owned());
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "a connection ended with an error");
            }
        });
    }
    if tokio::time::timeout(grace, graceful.shutdown()).await.is_err() {
        tracing::warn!(grace_secs = grace.as_secs(), "open connections did not finish in time after shutdown");
    }
}
