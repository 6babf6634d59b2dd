//! A bound on open connections: the listener takes a permit before it accepts, and the connection gives it back
//! when it closes, so a flood of idle or slow clients cannot exhaust the server's file descriptors and memory; a
//! client over the bound waits in the kernel's backlog until a connection closes.

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
}

impl<L> Bounded<L> {
    pub fn new(inner: L, max_connections: usize) -> Bounded<L> {
        Bounded { inner, permits: Arc::new(Semaphore::new(max_connections)) }
    }
}

impl<L: Listener> Listener for Bounded<L> {
    type Io = Counted<L::Io>;
    type Addr = L::Addr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let permit = self.permits.clone().acquire_owned().await.expect("the semaphore is never closed");
        let (io, addr) = self.inner.accept().await;
        (Counted { io, _permit: permit }, addr)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// An accepted connection holding its place under the bound until it is dropped.
pub struct Counted<Io> {
    io: Io,
    _permit: OwnedSemaphorePermit,
}

impl<Io> Counted<Io> {
    pub fn get_ref(&self) -> &Io {
        &self.io
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
