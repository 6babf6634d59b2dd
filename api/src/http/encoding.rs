//! Answers kept already compressed (a kept listing: `services::memo`), in the form the request's client takes
//! (`Accept-Encoding`). Every other answer is compressed on its way out by the compression layer.

use std::marker::PhantomData;
use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::header::{self, HeaderValue};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::ApiError;
use crate::services::memo::{Coding, Kept};

/// The coding the request's client prefers among those kept (see [`Coding::preferred`]).
pub struct AcceptEncoding(pub Coding);

impl<S: Send + Sync> FromRequestParts<S> for AcceptEncoding {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let values = parts.headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok());
        Ok(AcceptEncoding(Coding::preferred(values)))
    }
}

/// A successful answer serialized earlier (a kept listing), envelope and all: answered as is, or in the compressed form
/// the client takes (kept beside it), and documented as `T`.
pub struct KeptAnswer<T>(pub Arc<Kept>, pub Coding, pub PhantomData<T>);

impl<T> KeptAnswer<T> {
    /// Serializes `data` in the success envelope once, to answer now and to keep.
    pub fn of(data: &T, coding: Coding) -> Result<KeptAnswer<T>, ApiError>
    where
        T: Serialize,
    {
        Ok(KeptAnswer(Arc::new(Kept::answering(data)?), coding, PhantomData))
    }
}

impl<T> IntoResponse for KeptAnswer<T> {
    fn into_response(self) -> Response {
        let mut response = ([(header::CONTENT_TYPE, "application/json")], self.0.encoded(self.1)).into_response();
        let headers = response.headers_mut();
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(coding) = self.1.header() {
            headers.insert(header::CONTENT_ENCODING, coding);
        }
        response
    }
}
