//! The person's language, and the API's answers in it.
//!
//! The language is the one chosen in the store (the `enroll_lang` cookie the renderer sets, for the browser's
//! session), or else the first of the browser's `Accept-Language` the store speaks, or else English. English answers
//! pass untouched, at no cost. An answer in another language is read as it leaves the API and its words (titles,
//! descriptions, labels, messages; never its data) are translated by the store's catalogue ([`engine::i18n`]), and the
//! texts of their authors (a carrier's questions) were already written in it where the answer drew them; it says
//! which language it is in (`Content-Language`).

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use futures_util::future::Either;
use tower::{Layer, Service};

use crate::state::Live;

/// The cookie the store's language choice is kept in.
pub const COOKIE: &str = "enroll_lang";

/// The most bytes of an answer read to be translated; a larger one (none of the API's is) goes out as it is.
const MOST_TRANSLATED_BYTES: usize = 16 * 1024 * 1024;

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

/// The layer around each of the API's roots.
#[derive(Clone)]
pub struct SpeakLayer(pub Live);

impl<S> Layer<S> for SpeakLayer {
    type Service = Speak<S>;

    fn layer(&self, inner: S) -> Speak<S> {
        Speak { inner, live: self.0.clone() }
    }
}

#[derive(Clone)]
pub struct Speak<S> {
    inner: S,
    live: Live,
}

type Translating = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

impl<S> Service<Request> for Speak<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<S::Future, Translating>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let language = language_of(request.headers());
        if language == engine::i18n::SOURCE {
            return Either::Left(self.inner.call(request));
        }
        // An answer kept compressed (a priced listing) is asked for as it is, to be read and translated; the
        // compression around the whole application compresses the translated answer for the browser.
        request.headers_mut().remove(header::ACCEPT_ENCODING);
        let answer = self.inner.call(request);
        let live = self.live.clone();
        Either::Right(Box::pin(async move {
            // What the call writes for later (an e-mail) is written in this language too.
            let response = crate::services::language::speaking(language, answer).await?;
            // The store's words, with the catalogue's plans' and categories' (see `services::catalogue`); a carrier's
            // were resolved where the answer drew them.
            let words = live.now().catalogue.words.clone();
            Ok(translated(response, language, &words).await)
        }))
    }
}

/// `response` with its words in `language`, when it is a JSON answer.
pub async fn translated(response: Response, language: &'static str, words: &engine::i18n::Words) -> Response {
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !json {
        return response;
    }
    // An answer of unknown or too great a length (none of the API's is either) leaves as it is, in English.
    let size = axum::body::HttpBody::size_hint(response.body()).upper();
    if size.is_none_or(|n| n > MOST_TRANSLATED_BYTES as u64) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MOST_TRANSLATED_BYTES).await else {
        // Only a failure of the answer itself as it was being written (its length was known): the person is asked to
        // try again, in the store's shape of an error, rather than given half an answer.
        tracing::warn!("an answer could not be read to be translated");
        return crate::error::ApiError::Unavailable(crate::error::SERVICE_UNAVAILABLE).into_response();
    };
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    words.translate_value(language, &mut value, &mut |missing| {
        tracing::debug!(language, words = missing, "no translation: shown in English");
    });
    let body = serde_json::to_vec(&value).unwrap_or_else(|_| bytes.to_vec());
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(language));
    Response::from_parts(parts, Body::from(body))
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

    fn json(body: Body) -> Response {
        let mut response = Response::new(body);
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }

    async fn text_of(response: Response) -> String {
        String::from_utf8(axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec()).unwrap()
    }

    #[tokio::test]
    async fn an_answer_is_translated_when_its_length_is_known_and_left_whole_when_it_is_not() {
        let words = std::sync::Arc::new(engine::i18n::Words::shipped().clone());
        let answer = r#"{"message":"Field is required","data":"Field is required"}"#;
        let known = translated(json(Body::from(answer)), "es", &words).await;
        assert_eq!(known.headers()[header::CONTENT_LANGUAGE], "es");
        assert_eq!(text_of(known).await, r#"{"message":"Este campo es obligatorio","data":"Field is required"}"#);

        let chunks = futures_util::stream::iter([Ok::<_, Infallible>(answer.as_bytes())]);
        let streamed = translated(json(Body::from_stream(chunks)), "es", &words).await;
        assert!(streamed.headers().get(header::CONTENT_LANGUAGE).is_none());
        assert_eq!(text_of(streamed).await, answer, "an answer of unknown length leaves whole, in English");
    }
}
