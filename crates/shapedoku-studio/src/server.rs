//! Connections: accepting them, at most so many at once, and letting go of clients that stall.
//!
//! Each connection is served by hyper's HTTP/1 server with a timer, so a request's head must
//! arrive within the read timeout (which also closes a connection left idle between requests);
//! the router's guard bounds the body's arrival the same way. A client that stops reading an
//! answer is let go after the write timeout ([`WriteTimeout`]). A connection beyond the cap is
//! answered 503 at once and closed, so a crowd of slow clients costs others a refusal rather
//! than a wait without end, and each slow client is gone after the read timeout.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Sleep;

/// How long a refused connection is given to take its 503.
const REFUSAL_TIME: Duration = Duration::from_secs(1);

/// The connection limits of [`crate::Config`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    read_timeout: Duration,
    write_timeout: Duration,
    max_connections: usize,
}

impl Limits {
    pub fn of(c: &crate::Config) -> Self {
        Limits {
            read_timeout: c.read_timeout,
            write_timeout: c.write_timeout,
            max_connections: c.max_connections.max(1),
        }
    }
}

/// Accepts connections until the process ends.
pub(crate) async fn serve(listener: TcpListener, app: Router, limits: Limits) -> io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    // Refusals are quick, but are bounded too: past these, a connection is just closed.
    let refusing = Arc::new(Semaphore::new(limits.max_connections));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was taken: wait a
            // moment and go on, rather than stop serving.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        if let Ok(permit) = open.clone().try_acquire_owned() {
            tokio::spawn(connection(stream, app.clone(), limits, permit));
        } else if let Ok(permit) = refusing.clone().try_acquire_owned() {
            tokio::spawn(refuse(stream, limits.max_connections, permit));
        }
    }
}

/// Serves one connection, holding its place among the open ones until it closes.
async fn connection(stream: TcpStream, app: Router, limits: Limits, _open: OwnedSemaphorePermit) {
    let io = TokioIo::new(WriteTimeout::new(stream, limits.write_timeout));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.read_timeout);
    // An error here is the client's (gone, too slow, not HTTP): nothing to tell anyone.
    let _ = http
        .serve_connection(io, TowerToHyperService::new(app))
        .await;
}

/// Answers a connection beyond the cap with a 503 and closes it.
async fn refuse(mut stream: TcpStream, max: usize, _refusing: OwnedSemaphorePermit) {
    let body = format!(
        "{{\"error\":\"the studio is serving {max} connections, its most; try again shortly\",\"diagnostics\":[]}}"
    );
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\nretry-after: 1\r\n\r\n",
        body.len()
    );
    let _ = tokio::time::timeout(REFUSAL_TIME, async {
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        stream.shutdown().await?;
        // Take what the client sent before closing: closing with unread data resets the
        // connection, and the client may then lose the answer.
        let mut sink = [0u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        io::Result::Ok(())
    })
    .await;
}

/// A stream whose writes fail once one has waited longer than a timeout: a client that stops
/// reading its answer (the socket's buffers full) is let go instead of holding its connection
/// for ever.
#[derive(Debug)]
pub(crate) struct WriteTimeout<S> {
    inner: S,
    timeout: Duration,
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteTimeout<S> {
    pub fn new(inner: S, timeout: Duration) -> Self {
        WriteTimeout {
            inner,
            timeout,
            waiting: None,
        }
    }

    /// After a write that could not go on: starts the clock, or fails if it has run out.
    fn blocked<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let timeout = self.timeout;
        let clock = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match clock.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn progress<T>(&mut self, p: Poll<io::Result<T>>, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        match p {
            Poll::Ready(r) => {
                self.waiting = None;
                Poll::Ready(r)
            }
            Poll::Pending => self.blocked(cx),
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteTimeout<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let p = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.progress(p, cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let p = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.progress(p, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let p = Pin::new(&mut this.inner).poll_flush(cx);
        this.progress(p, cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let p = Pin::new(&mut this.inner).poll_shutdown(cx);
        this.progress(p, cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_write_nobody_reads_fails_after_the_timeout_and_one_that_is_read_does_not() {
        // A pipe with room for 64 bytes: the second write waits for a reader.
        let (near, mut far) = tokio::io::duplex(64);
        let mut w = WriteTimeout::new(near, Duration::from_millis(100));
        w.write_all(&[1; 64]).await.unwrap();
        let start = std::time::Instant::now();
        let e = w.write_all(&[2; 64]).await.unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::TimedOut);
        assert!(start.elapsed() >= Duration::from_millis(100));
        // A reader that keeps up: writes go on well past the timeout in all.
        let (near, mut far2) = tokio::io::duplex(64);
        let mut w = WriteTimeout::new(near, Duration::from_millis(100));
        let reader = tokio::spawn(async move {
            let mut got = 0;
            let mut buf = [0u8; 64];
            loop {
                tokio::time::sleep(Duration::from_millis(20)).await;
                match far2.read(&mut buf).await {
                    Ok(0) | Err(_) => break got,
                    Ok(n) => got += n,
                }
            }
        });
        for _ in 0..20 {
            w.write_all(&[3; 64]).await.unwrap();
        }
        w.shutdown().await.unwrap();
        drop(w);
        assert_eq!(reader.await.unwrap(), 20 * 64);
        let mut first = [0u8; 64];
        far.read_exact(&mut first).await.unwrap();
        assert_eq!(first, [1; 64]);
    }
}
