//! The person's language: each request is answered in it.
//!
//! The language is the one chosen in the store (the `enroll_lang` cookie the renderer sets, for the browser's
//! session), or else the first of the browser's `Accept-Language` the store speaks, or else English. The layer runs
//! each request in its language (`language`), around every other layer, so that whatever answers it (a
//! handler, a refusal of a layer, the time limit) says the store's messages in that language where it writes them,
//! and authors' texts are resolved in it where they are drawn. Nothing here reads or changes an answer's body: an
//! answer in another language only says which it is (`Content-Language`).

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;
use tower::{Layer, Service};

/// The cookie the store's language choice is kept in.
pub const COOKIE: &str = "enroll_lang";

/// The language of a request: its `enroll_lang` cookie when the store speaks it, or else the first language of its
/// `Accept-Language` the store speaks (by the weights the browser gave), or else English.
pub fn language_of(headers: &HeaderMap) -> &'static str {
    let chosen = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().strip_prefix(COOKIE)?.strip_prefix('='))
        .find_map(engine::i18n::spoken);
    chosen.or_else(|| accepted(headers)).unwrap_or(engine::i18n::SOURCE)
}

fn accepted(headers: &HeaderMap) -> Option<&'static str> {
    let header = headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?;
    let mut ranked: Vec<(f32, usize, &str)> = header
        .split(',')
        .enumerate()
        .filter_map(|(i, part)| {
            let mut pieces = part.split(';');
            let tag = pieces.next()?.trim();
            let weight =
                pieces.find_map(|p| p.trim().strip_prefix("q=")).map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (weight > 0.0).then_some((weight, i, tag))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.into_iter().find_map(|(_, _, tag)| engine::i18n::spoken(tag))
}

/// The layer around everything the server answers.
#[derive(Clone, Copy, Default)]
pub struct SpeakLayer;

impl<S> Layer<S> for SpeakLayer {
    type Service = Speak<S>;

    fn layer(&self, inner: S) -> Speak<S> {
        Speak { inner }
    }
}

#[derive(Clone)]
pub struct Speak<S> {
    inner: S,
}

type Speaking = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

impl<S> Service<Request> for Speak<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Speaking;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let language = language_of(request.headers());
        let answer = self.inner.call(request);
        Box::pin(async move {
            // Whatever is written during the request (its answer, an e-mail it queues) is in this language.
            let mut response = crate::language::speaking(language, answer).await?;
            if language != engine::i18n::SOURCE && is_json(&response) {
                response.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(language));
            }
            Ok(response)
        })
    }
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_chosen_language_comes_first_then_the_browsers_by_weight_then_english() {
        assert_eq!(language_of(&headers(&[])), "en");
        assert_eq!(language_of(&headers(&[("accept-language", "es-US,es;q=0.9,en;q=0.8")])), "es");
        assert_eq!(language_of(&headers(&[("accept-language", "fr-FR, en;q=0.5, es;q=0.9")])), "es");
        assert_eq!(language_of(&headers(&[("accept-language", "es;q=0, en")])), "en");
        let chosen = headers(&[("accept-language", "es"), ("cookie", "enroll_session=x; enroll_lang=en")]);
        assert_eq!(language_of(&chosen), "en", "a choice made in the store wins");
        assert_eq!(language_of(&headers(&[("cookie", "enroll_lang=es")])), "es");
        assert_eq!(language_of(&headers(&[("cookie", "enroll_lang=xx"), ("accept-language", "es")])), "es");
    }
}
