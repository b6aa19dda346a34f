//! Connections: accepting them, timing them out, capping their number, and the
//! answers HTTP itself gives.
//!
//! `axum::serve` has no header timeout and no connection cap, so the server drives
//! hyper's HTTP/1 connections itself (hyper and hyper-util, which axum is built on):
//!
//! - **Header timeout.** A request's headers must arrive within
//!   [`ServerOptions::header_timeout`] of the first byte being awaited; this is also how
//!   long a kept-alive connection may stay idle between requests. A request's body
//!   has [`guard::BODY_SECONDS`](crate::guard::BODY_SECONDS) more.
//! - **Write timeout.** An answer whose client reads nothing of it for as long
//!   closes its connection, which frees the answer.
//! - **Connection cap.** At most [`ServerOptions::max_connections`] connections are open,
//!   and fewer when the process may open fewer files (the cap leaves
//!   [`RESERVED_FILES`] descriptors free). A connection over the cap closes the
//!   connection that has been idle longest (no request in progress: a kept-alive
//!   one, or one still sending its headers), so idle sockets cannot lock people
//!   out; when every connection is busy, the new one is answered with a JSON 503 and
//!   closed.
//! - **JSON for HTTP's own errors.** hyper answers a request it cannot parse (400),
//!   whose address is too long (414) or whose headers are too large (431) by itself,
//!   with an empty body. A wrapper of each connection's stream rewrites those
//!   answers, and only those, as `{"error", "message"}` JSON on their way out.
//! - HTTP/1.1 only: the page is served on a local address, where browsers use
//!   HTTP/1.1, and HTTP/2 would bring limits of its own to keep.

use crate::Config;
use axum::Router;
use axum::body::Body;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tower::ServiceExt;

/// File descriptors kept free for the process's other uses (its listener, the
/// runtime's, files it reads) when the connection cap is derived from the limit on
/// open files.
pub const RESERVED_FILES: usize = 32;

/// How the server treats connections, and the app it serves on them.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    /// The app's names, limits and memory.
    pub config: Config,
    /// The most connections open at once (fewer if the limit on open files says so).
    pub max_connections: usize,
    /// How long a request's headers may take to arrive, how long a kept-alive
    /// connection may wait idle for its next request, and how long writing an answer
    /// may wait for the client to read.
    pub header_timeout: Duration,
    /// The most bytes of a request's head (its line and headers): beyond, 431.
    pub max_head_bytes: usize,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            config: Config::default(),
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
            max_head_bytes: 16 << 10,
        }
    }
}

/// The connections open, for the cap.
#[derive(Default)]
struct Connections {
    open: Mutex<HashMap<u64, Arc<Connection>>>,
    next: AtomicU64,
}

/// One open connection: whether a request is in progress and since when it is idle.
struct Connection {
    /// Requests in progress (0 or 1 on HTTP/1.1).
    busy: AtomicUsize,
    /// When its last request ended (or it was accepted), in milliseconds since
    /// `epoch`.
    idle_since: AtomicU64,
    /// Notified when the connection is to be closed to make room.
    close: Notify,
}

impl Connections {
    fn len(&self) -> usize {
        self.open.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    fn add(&self, now: u64) -> (u64, Arc<Connection>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let connection = Arc::new(Connection {
            busy: AtomicUsize::new(0),
            idle_since: AtomicU64::new(now),
            close: Notify::new(),
        });
        self.open
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id, connection.clone());
        (id, connection)
    }

    fn remove(&self, id: u64) {
        self.open
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&id);
    }

    /// Close the connection idle longest, if one is idle; whether one was.
    fn close_idlest(&self) -> bool {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let idlest = open
            .iter()
            .filter(|(_, c)| c.busy.load(Ordering::Relaxed) == 0)
            .min_by_key(|(_, c)| c.idle_since.load(Ordering::Relaxed))
            .map(|(&id, _)| id);
        match idlest.and_then(|id| open.remove(&id)) {
            Some(connection) => {
                connection.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// Counts a request in progress on its connection while it lives.
struct InProgress {
    connection: Arc<Connection>,
    epoch: Instant,
}

impl Drop for InProgress {
    fn drop(&mut self) {
        self.connection.busy.fetch_sub(1, Ordering::Relaxed);
        let now = self.epoch.elapsed().as_millis() as u64;
        self.connection.idle_since.store(now, Ordering::Relaxed);
    }
}

/// Serve `router` on `listener` with `options`, until the process ends.
pub(crate) async fn run(
    listener: TcpListener,
    router: Router,
    options: ServerOptions,
) -> io::Result<()> {
    let cap = connection_cap(options.max_connections);
    let connections = Arc::new(Connections::default());
    let epoch = Instant::now();
    let write_timeout = options.header_timeout;
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(options.header_timeout)
        .max_buf_size(options.max_head_bytes.max(8192));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(error) => {
                // Out of file descriptors: make room and try again shortly. Other
                // errors (a connection reset before it was accepted) are the
                // client's; the server never gives up.
                if matches!(error.raw_os_error(), Some(libc::EMFILE | libc::ENFILE)) {
                    connections.close_idlest();
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                continue;
            }
        };
        if connections.len() >= cap && !connections.close_idlest() {
            refuse(stream);
            continue;
        }
        let (id, connection) = connections.add(epoch.elapsed().as_millis() as u64);
        let router = router.clone();
        let connections = connections.clone();
        let http = http.clone();
        tokio::spawn(async move {
            let service = {
                let connection = connection.clone();
                hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                    connection.busy.fetch_add(1, Ordering::Relaxed);
                    let in_progress = InProgress {
                        connection: connection.clone(),
                        epoch,
                    };
                    let router = router.clone();
                    async move {
                        let response = router.oneshot(request.map(Body::new)).await;
                        drop(in_progress);
                        Ok::<_, Infallible>(response.unwrap_or_else(|never| match never {}))
                    }
                })
            };
            let stream = JsonErrors::new(stream, write_timeout);
            let served = http.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(served);
            tokio::select! {
                _ = served.as_mut() => {}
                _ = connection.close.notified() => {
                    // Chosen as idle to make room; if a request began meanwhile, let it
                    // finish and close after it.
                    if connection.busy.load(Ordering::Relaxed) > 0 {
                        served.as_mut().graceful_shutdown();
                        let _ = served.await;
                    }
                }
            }
            connections.remove(id);
        });
    }
}

/// The connection cap: `wanted`, or fewer if the limit on open files (raised to its
/// hard limit first) leaves less room.
fn connection_cap(wanted: usize) -> usize {
    match raise_file_limit() {
        Some(files) => wanted.min(files.saturating_sub(RESERVED_FILES).max(files / 2)),
        None => wanted,
    }
}

/// Raise the soft limit on open files to the hard limit; the soft limit now.
fn raise_file_limit() -> Option<usize> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read and write only `limit`.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return None;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit = raised;
                }
            }
        }
        Some(usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX))
    }
    #[cfg(not(unix))]
    None
}

/// Answer a connection over the cap with a JSON 503, without waiting, and close it.
fn refuse(stream: TcpStream) {
    let body = crate::error_json(
        "busy",
        "the server has as many connections as it keeps, all of them busy; try again",
    );
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\nretry-after: 1\r\n\r\n{body}",
        body.len()
    );
    // A new socket's send buffer takes these few hundred bytes at once; if not, the
    // client gets the close alone.
    let _ = stream.try_write(answer.as_bytes());
}

/// A connection's stream whose writes pass through unchanged, except hyper's own
/// answers to requests it could not parse (400, 414, 431 with an empty body), which
/// are rewritten with a JSON body; and a write that makes no progress for the write
/// timeout (a client that does not read its answer) fails, which closes the
/// connection.
///
/// hyper writes such an answer as one head: `HTTP/1.1 431 Request Header Fields Too
/// Large`, `content-length: 0`, a date, and the blank line, without a
/// `content-type`. Every answer the app itself makes has a JSON body with its
/// `content-type`, so it never matches.
pub(crate) struct JsonErrors<S> {
    inner: S,
    /// Whether the request line being read has not ended yet (no line feed since
    /// the last answer): hyper's 431 for a head too large then means an address too
    /// long, and is answered 414.
    in_request_line: bool,
    /// A rewritten answer being written: its bytes, how many are written, and the
    /// length of the original to report once all are.
    pending: Option<(Vec<u8>, usize, usize)>,
    write_timeout: Duration,
    /// Running while a write waits for the client.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<S> JsonErrors<S> {
    pub(crate) fn new(inner: S, write_timeout: Duration) -> Self {
        JsonErrors {
            inner,
            in_request_line: true,
            pending: None,
            write_timeout,
            stalled: None,
        }
    }

    /// `poll`, a write's progress, unless it has been waiting for the write timeout.
    fn unless_stalled<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let timeout = self.write_timeout;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing of its answer for the write timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

/// The JSON answer that replaces hyper's answer `head`, if it is one of hyper's; a
/// 431 given while the request line had not ended (`in_request_line`) becomes 414.
pub(crate) fn rewritten(head: &[u8], in_request_line: bool) -> Option<Vec<u8>> {
    let head = std::str::from_utf8(head).ok()?;
    let rest = head.strip_prefix("HTTP/1.1 ")?;
    if !head.ends_with("\r\n\r\n") || head.to_ascii_lowercase().contains("\r\ncontent-type:") {
        return None;
    }
    let code = match rest.get(..4)? {
        "431 " if in_request_line => "414 ",
        code => code,
    };
    let (status, message) = match code {
        "400 " => (
            "400 Bad Request",
            "the request is not HTTP/1.1 that the server can read (its request line or a \
             header is malformed)",
        ),
        "414 " => (
            "414 URI Too Long",
            "the request's address is longer than the server reads",
        ),
        "431 " => (
            "431 Request Header Fields Too Large",
            "the request's headers are larger than the server reads",
        ),
        _ => return None,
    };
    let date = head
        .split("\r\n")
        .find(|line| line.to_ascii_lowercase().starts_with("date:"))
        .map(|line| format!("{line}\r\n"))
        .unwrap_or_default();
    let body = crate::error_json("input", message);
    Some(
        format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n{date}\r\n{body}",
            body.len()
        )
        .into_bytes(),
    )
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonErrors<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.inner).poll_read(cx, buf);
        if self.in_request_line && buf.filled()[before..].contains(&b'\n') {
            self.in_request_line = false;
        }
        poll
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonErrors<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.pending.is_none() {
            match rewritten(buf, this.in_request_line) {
                Some(answer) => this.pending = Some((answer, 0, buf.len())),
                None => {
                    let poll = Pin::new(&mut this.inner).poll_write(cx, buf);
                    // An answer goes out: what is read next starts a new request.
                    this.in_request_line = true;
                    return this.unless_stalled(cx, poll);
                }
            }
        }
        loop {
            let (answer, written, original) = this.pending.as_mut().expect("set above");
            if *written == answer.len() {
                let original = *original;
                this.pending = None;
                return Poll::Ready(Ok(original));
            }
            let poll = Pin::new(&mut this.inner).poll_write(cx, &answer[*written..]);
            let n = ready!(this.unless_stalled(cx, poll))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            this.pending.as_mut().expect("set above").1 += n;
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.unless_stalled(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_empty_error_answers_are_rewritten() {
        let hyper_answer =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: Mon, 01 Jan 2024 00:00:00 GMT\r\n\r\n";
        let answer = String::from_utf8(rewritten(hyper_answer, false).unwrap()).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 "), "{head}");
        assert!(head.contains("date: Mon, 01 Jan 2024"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(json["message"].as_str().unwrap().contains("headers"));
        for status in ["400 Bad Request", "414 URI Too Long"] {
            let head = format!("HTTP/1.1 {status}\r\ncontent-length: 0\r\n\r\n");
            assert!(rewritten(head.as_bytes(), false).is_some(), "{status}");
        }
        for untouched in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n",
            b"{\"error\": \"HTTP/1.1 400 \"}\r\n\r\n",
        ] {
            assert!(rewritten(untouched, false).is_none());
        }
        // A head too large before its request line ended: the address is too long.
        let answer = String::from_utf8(rewritten(hyper_answer, true).unwrap()).unwrap();
        assert!(
            answer.starts_with("HTTP/1.1 414 URI Too Long\r\n"),
            "{answer}"
        );
        assert!(answer.contains("address is longer"), "{answer}");
    }
}
