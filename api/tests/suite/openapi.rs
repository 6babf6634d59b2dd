//! The OpenAPI document: served, covering every route the features register, each of them answering at its
//! documented method, and kept in the repository (api/openapi.json) so a contract change shows in review and the
//! renderer's types are generated from it.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common::TestApp;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The two roots the server answers at, each with its document, the file it is kept in, and whether a feature's
/// folder belongs to it (the benefit service's folder to the second, every other to the first).
const ROOTS: [(&str, &str, bool); 2] =
    [("/api/v1", "api/openapi.json", false), ("/benefit/v1", "api/benefit-openapi.json", true)];

async fn served_document(app: &TestApp, root: &str) -> Value {
    let mut b = app.browser();
    let answer = b.get(&format!("{root}/openapi.json")).await;
    assert_eq!(answer.status, StatusCode::OK);
    answer.body
}

/// The paths the features of one root register, read from their sources.
fn registered_paths(benefit: bool) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    let features = repo().join("api/src/features");
    let mut stack = vec![features.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.starts_with(features.join("benefit")) != benefit {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // The probes and the pages the server answers itself are outside the API and its document.
            let outside = path.parent().is_some_and(|p| p.ends_with("probes")) || path.ends_with("pages.rs");
            assert!(
                outside || !text.contains(".route(\""),
                "{}: a call registered with .route() is missing from the document; use .api_route()",
                path.display()
            );
            for piece in text.split(".api_route(").skip(1) {
                let quoted = piece.trim_start().strip_prefix('"').and_then(|p| p.split_once('"'));
                if let Some((route, _)) = quoted {
                    paths.insert(route.to_string());
                }
            }
        }
    }
    paths
}

#[tokio::test]
async fn the_document_lists_every_route_of_the_features_and_each_answers_at_its_documented_method() {
    let app = TestApp::new().await;
    for (root, _, benefit) in ROOTS {
        every_documented_call_answers(&app, root, benefit).await;
    }
}

async fn every_documented_call_answers(app: &TestApp, root: &str, benefit: bool) {
    let doc = served_document(app, root).await;
    assert_eq!(doc["openapi"].as_str().map(|v| v.starts_with("3.1")), Some(true), "OpenAPI 3.1");
    assert_eq!(doc["servers"][0]["url"], root);
    let documented: BTreeSet<String> = doc["paths"].as_object().unwrap().keys().cloned().collect();
    let registered = registered_paths(benefit);
    assert!(registered.len() > if benefit { 8 } else { 100 }, "read {} routes", registered.len());
    assert_eq!(documented, registered, "the document and the routers of {root} list different calls");

    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else { continue };
            assert!(operation["responses"]["200"].is_object() || operation["responses"]["204"].is_object(), "{path}");
            assert!(operation["responses"]["500"].is_object(), "{method} {path} documents the refusals");
            let uri = format!("{root}{}", path.replace(['{', '}'], ""));
            let mut request = Request::builder().method(method.clone()).uri(&uri);
            let body = if method == Method::GET || method == Method::DELETE {
                Body::empty()
            } else {
                request = request.header("content-type", "application/json");
                Body::from("{}")
            };
            let response = app.router.clone().oneshot(request.body(body).unwrap()).await.unwrap();
            let status = response.status();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let text = String::from_utf8_lossy(&bytes);
            assert!(status != StatusCode::METHOD_NOT_ALLOWED, "{method} {path} is documented but not routed");
            assert!(!text.contains("No such API call"), "{method} {path} is documented but not routed");
            assert!(!status.is_server_error(), "{method} {path} answered {status}: {text}");
        }
    }
}

#[tokio::test]
async fn the_documents_in_the_repository_are_the_ones_the_server_serves() {
    let app = TestApp::new().await;
    for (root, kept_in, _) in ROOTS {
        let served = serde_json::to_string_pretty(&served_document(&app, root).await).unwrap() + "\n";
        let file = repo().join(kept_in);
        if std::env::var_os("UPDATE_OPENAPI").is_some() {
            std::fs::write(&file, &served).unwrap();
        }
        let kept = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            kept == served,
            "{kept_in} is not the served document; run `UPDATE_OPENAPI=1 cargo test -p api --test suite openapi::` and \
             commit it (the renderer's types are generated from it)"
        );
    }
}
