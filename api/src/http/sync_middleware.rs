//! Middleware made of a synchronous look at the request, which may answer at once, and a synchronous change to the
//! answer: the session, who the client is, the API's refusals and the error envelope of the stack's own refusals.
//!
//! axum's `from_fn` runs such a middleware as an async function: for every request it clones the services behind it
//! (a boxed clone for each route) and boxes a future. A [`Step`] calls the next service in place and wraps its future
//! in a plain one; with five of them around every call, that was about a sixth of a small answer's cost.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::response::Response;
use tower::{Layer, Service};

/// A middleware's two synchronous halves.
pub trait Step: Clone + Send + Sync + 'static {
    /// What the answer's half needs to know of the request.
    type Carry: Send + 'static;

    /// Looks at (and may change) the request before the services behind see it; an `Err` is the answer, and they
    /// do not see it at all. (An answer is large, but it is made only to refuse, and then in place of the call.)
    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<Self::Carry, Response>;

    /// Changes the answer of the services behind (left as it is by default).
    fn after(carry: Self::Carry, response: Response) -> Response {
        let _ = carry;
        response
    }
}

/// The layer of a [`Step`].
#[derive(Clone)]
pub struct StepLayer<T>(pub T);

impl<T: Step, S> Layer<S> for StepLayer<T> {
    type Service = StepService<T, S>;

    fn layer(&self, inner: S) -> Self::Service {
        StepService { step: self.0.clone(), inner }
    }
}

#[derive(Clone)]
pub struct StepService<T, S> {
    step: T,
    inner: S,
}

impl<T, S> Service<Request> for StepService<T, S>
where
    T: Step,
    S: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = StepFuture<S::Future, T::Carry>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        match self.step.before(&mut request) {
            Ok(carry) => StepFuture::Running { inner: self.inner.call(request), carry: Some((carry, T::after)) },
            Err(answer) => StepFuture::Answered { answer: Some(answer) },
        }
    }
}

pin_project_lite::pin_project! {
    /// The answer of the services behind, changed by the step's second half; or the step's own answer.
    #[project = Projected]
    pub enum StepFuture<F, C> {
        Running { #[pin] inner: F, carry: Option<(C, fn(C, Response) -> Response)> },
        Answered { answer: Option<Response> },
    }
}

impl<F, C> Future for StepFuture<F, C>
where
    F: Future<Output = Result<Response, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project() {
            Projected::Running { inner, carry } => {
                let Ok(response) = std::task::ready!(inner.poll(cx));
                let (carry, after) = carry.take().expect("a step's future is not polled after it answered");
                Poll::Ready(Ok(after(carry, response)))
            }
            Projected::Answered { answer } => {
                Poll::Ready(Ok(answer.take().expect("a step's future is not polled after it answered")))
            }
        }
    }
}
