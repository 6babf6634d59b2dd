//! A bound on open connections: the listener takes a permit before it accepts, and the connection gives it back
//! when it closes, so a flood of idle or slow clients cannot exhaust the server's file descriptors and memory. Past
//! the bound, a few more places (`busy_places`) take connections that are only answered at once and closed: a
//! visitor is told the store is busy (503 with Retry-After) instead of waiting unseen, and a probe is answered as
//! always, so a load balancer's health checks never queue behind visitors. A client past those too waits in the
//! kernel's backlog until a connection closes. And a bound per client address:
//! a connection from an address that already holds its share is closed at once, so one client cannot take every
//! place and starve the rest.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::serve::Listener;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

pub struct Bounded<L> {
    inner: L,
    permits: Arc<Semaphore>,
    /// Places past the bound for connections only answered at once (none: a client over the bound waits).
    busy: Option<Arc<Semaphore>>,
    /// Connections each client address holds, and how many it may (none: no bound per client).
    per_client: Option<(Arc<PerClient>, usize)>,
}

/// Open connections by client address.
type PerClient = std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>;

impl<L> Bounded<L> {
    pub fn new(inner: L, max_connections: usize) -> Bounded<L> {
        Bounded { inner, permits: Arc::new(Semaphore::new(max_connections)), busy: None, per_client: None }
    }

    /// Up to `places` connections past the bound, each marked busy ([`Counted::is_busy`]) for the server to answer at
    /// once and close (0: none).
    pub fn busy_places(self, places: usize) -> Bounded<L> {
        Bounded { busy: (places > 0).then(|| Arc::new(Semaphore::new(places))), ..self }
    }

    /// At most `max` connections from one client address (0: no bound per client).
    pub fn per_client(self, max: usize) -> Bounded<L> {
        Bounded { per_client: (max > 0).then(|| (Arc::new(PerClient::default()), max)), ..self }
    }
}

/// The client address of a connection's peer, where it has one.
pub trait ClientAddress {
    fn client_address(&self) -> Option<std::net::IpAddr>;
}

impl ClientAddress for std::net::SocketAddr {
    fn client_address(&self) -> Option<std::net::IpAddr> {
        Some(self.ip())
    }
}

impl<L: Listener> Listener for Bounded<L>
where
    L::Addr: ClientAddress,
{
    type Io = Counted<L::Io>;
    type Addr = L::Addr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            // A place under the bound when there is one; else a busy place, when there is one of those.
            let (permit, busy) = match &self.busy {
                None => (self.permits.clone().acquire_owned().await, false),
                Some(places) => tokio::select! {
                    biased;
                    permit = self.permits.clone().acquire_owned() => (permit, false),
                    permit = places.clone().acquire_owned() => (permit, true),
                },
            };
            let permit = permit.expect("the semaphores are never closed");
            let (io, addr) = self.inner.accept().await;
            let Some((counts, max)) = &self.per_client else {
                return (Counted { io, _permit: permit, _client: None, busy }, addr);
            };
            let Some(ip) = addr.client_address() else {
                return (Counted { io, _permit: permit, _client: None, busy }, addr);
            };
            let held = {
                let mut counts = counts.lock().unwrap_or_else(|e| e.into_inner());
                let held = counts.entry(ip).or_insert(0);
                if *held < *max {
                    *held += 1;
                    true
                } else {
                    false
                }
            };
            if held {
                let client = ClientPlace { counts: counts.clone(), ip };
                return (Counted { io, _permit: permit, _client: Some(client), busy }, addr);
            }
            // Over its share: the connection is closed (dropped) and its place under the bound given back.
            tracing::debug!(%ip, "a client over its share of connections was refused one");
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// A client address's place among its connections, given back when the connection closes.
struct ClientPlace {
    counts: Arc<PerClient>,
    ip: std::net::IpAddr,
}

impl Drop for ClientPlace {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(held) = counts.get_mut(&self.ip) {
            *held -= 1;
            if *held == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// An accepted connection holding its place under the bound (and its client's) until it is dropped.
pub struct Counted<Io> {
    io: Io,
    _permit: OwnedSemaphorePermit,
    _client: Option<ClientPlace>,
    busy: bool,
}

impl<Io> Counted<Io> {
    pub fn get_ref(&self) -> &Io {
        &self.io
    }

    /// Whether it was taken past the bound, to be answered at once and closed.
    pub fn is_busy(&self) -> bool {
        self.busy
    }
}

impl<Io: AsyncRead + Unpin> AsyncRead for Counted<Io> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<Io: AsyncWrite + Unpin> AsyncWrite for Counted<Io> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}

/// The peer's address of a connection, put in each request's extensions as `ConnectInfo<PeerAddr>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerAddr(pub std::net::SocketAddr);

/// A connection that must send its first byte within a deadline: hyper's header read timeout runs from the first
/// byte of a request (and between requests on a kept-alive connection), so a client that connects and sends nothing
/// would otherwise hold a connection, and one of the bounded listener's places, for ever.
pub struct FirstByteDeadline<IO> {
    io: IO,
    deadline: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl<IO> FirstByteDeadline<IO> {
    pub fn new(io: IO, within: std::time::Duration) -> FirstByteDeadline<IO> {
        FirstByteDeadline { io, deadline: Some(Box::pin(tokio::time::sleep(within))) }
    }
}

impl<IO: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for FirstByteDeadline<IO> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        use std::task::Poll;
        let before = buf.filled().len();
        match std::pin::Pin::new(&mut self.io).poll_read(cx, buf) {
            Poll::Ready(outcome) => {
                if buf.filled().len() > before {
                    self.deadline = None;
                }
                Poll::Ready(outcome)
            }
            Poll::Pending => match self.deadline.as_mut().map(|d| std::future::Future::poll(d.as_mut(), cx)) {
                Some(Poll::Ready(())) => Poll::Ready(Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the client sent nothing in time",
                ))),
                _ => Poll::Pending,
            },
        }
    }
}

impl<IO: tokio::io::AsyncWrite + Unpin> tokio::io::AsyncWrite for FirstByteDeadline<IO> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        data: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.io).poll_write(cx, data)
    }

    // Without these, hyper copies every answer's body into its own buffer before writing (a listing is 11 to 670 KB)
    // instead of writing the headers and the kept body together.
    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.io).poll_shutdown(cx)
    }
}
