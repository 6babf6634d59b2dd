//! The ceiling: an axum hello-world built from the same workspace as the server (same axum, tokio, allocator and
//! release profile, the same listener with TCP_NODELAY), so that the benchmark compares the server's calls with what
//! the framework itself does on this machine. `GET /` answers a short text; `GET /json50` a prebuilt 50-item JSON
//! list, serialized on every request.

use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};

fn main() -> anyhow::Result<()> {
    api::runtime()?.block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let port: u16 = std::env::var("PORT").unwrap_or_else(|_| "8099".into()).parse()?;
    let items: Value = (0..50)
        .map(|i| json!({ "plan_id": 1000 + i, "plan_name": format!("Plan {i}"), "plan_price": 25.5 + f64::from(i) }))
        .collect();
    let app = Router::new()
        .route("/", get(|| async { "Hello, World!" }))
        .route("/json50", get(move || async move { axum::Json(items.clone()) }));
    let listener = api::app::listen(("127.0.0.1", port), 1024).await?;
    axum::serve(listener, app).await?;
    Ok(())
}
