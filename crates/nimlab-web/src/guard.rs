//! What every request passes before a handler sees it: the `Host` it names, and its
//! body, read whole within a time limit and with its memory reserved.

use crate::failure;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use http_body::Body as _;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use nimlab_core::limits::WEB_BODY;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Seconds a request's body may take to arrive (after its headers), by default.
pub const BODY_SECONDS: u64 = 10;

/// The `Host` names a server answers.
///
/// A browser sends the name it looked up in the `Host` header, so a page on another
/// site whose name was made to resolve to 127.0.0.1 (DNS rebinding) names its own
/// site there. A server that answers only local and configured names, and IP
/// addresses (which no rebinding can produce), is out of such a page's reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hosts {
    /// `localhost` (and names under `.localhost`), any IP address, and these names.
    Local(Vec<String>),
    /// Any name: the check is off.
    Any,
}

impl Default for Hosts {
    fn default() -> Self {
        Hosts::Local(Vec::new())
    }
}

impl Hosts {
    /// Whether a request naming `host` (a `Host` header: a name or address, maybe
    /// with a port) is answered.
    pub fn allows(&self, host: &str) -> bool {
        let Hosts::Local(names) = self else {
            return true;
        };
        let host = host.trim();
        // An IPv6 address is written in brackets, with the port after them.
        if let Some(rest) = host.strip_prefix('[') {
            return rest
                .split_once(']')
                .is_some_and(|(address, _)| address.parse::<IpAddr>().is_ok());
        }
        let name = match host.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => host,
        };
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        name.parse::<IpAddr>().is_ok()
            || name == "localhost"
            || name.ends_with(".localhost")
            || names
                .iter()
                .any(|allowed| allowed.trim_end_matches('.').eq_ignore_ascii_case(&name))
    }
}

/// What the guard keeps: the names answered and the memory for bodies in flight.
#[derive(Debug)]
pub(crate) struct Guard {
    pub(crate) hosts: Hosts,
    /// Kibibytes of request bodies that may be held at once (each counted twice: the
    /// bytes and what is parsed from them).
    bodies: Semaphore,
    body_kib: usize,
    /// How long a body may take to arrive.
    body_timeout: Duration,
    /// Kibibytes of answers that may be held at once, until they are written out.
    answers: Arc<Semaphore>,
    answer_kib: usize,
}

impl Guard {
    pub(crate) fn new(
        hosts: Hosts,
        body_memory: usize,
        answer_memory: usize,
        body_timeout: Duration,
    ) -> Guard {
        let body_kib = (body_memory >> 10).max(2 * (WEB_BODY.get() >> 10));
        let answer_kib = (answer_memory >> 10).max(1);
        Guard {
            hosts,
            bodies: Semaphore::new(body_kib),
            body_kib,
            body_timeout,
            answers: Arc::new(Semaphore::new(answer_kib)),
            answer_kib,
        }
    }
}

/// What the guard learned about a request, for the work it asks for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Arrival {
    /// When its headers had been read: its deadline counts from here.
    pub(crate) at: Instant,
    /// Its path and body, hashed (see [`crate::work::request_key`]).
    pub(crate) key: u64,
}

tokio::task_local! {
    /// The request a handler is answering, set by [`guard`] around it.
    pub(crate) static ARRIVAL: Arrival;
}

/// Refuse foreign `Host` names (403), bodies longer than [`WEB_BODY`] (413) or
/// slower than the body timeout (408, after [`BODY_SECONDS`] by default), all as
/// JSON; then read the body whole, holding its memory from the guard's share until
/// the answer is made, and hold the answer's memory from the guard's share of
/// answers until it is written out (or its connection closed): a client that never
/// reads cannot pile up answers.
pub(crate) async fn guard(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let at = Instant::now();
    // HTTP allows one Host header: with two, a check of the first and a proxy's use
    // of the second could disagree, so such a request is refused.
    if request.headers().get_all(header::HOST).iter().count() > 1 {
        return failure(
            StatusCode::BAD_REQUEST,
            "input",
            "the request names its host twice (two Host headers); HTTP allows one",
        );
    }
    let host = request.uri().host().map(str::to_string).or_else(|| {
        let host = request.headers().get(header::HOST)?;
        host.to_str().ok().map(str::to_string)
    });
    if let Some(host) = host
        && !guard.hosts.allows(&host)
    {
        return failure(
            StatusCode::FORBIDDEN,
            "host",
            &format!(
                "this server answers local requests (localhost, an IP address) and names it \
                 was given, not {}; start it with --allow-host {} to answer that name",
                nimlab_core::error::quote(&host),
                host.rsplit_once(':')
                    .map_or(host.as_str(), |(name, _)| name)
            ),
        );
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    let has_body = declared.is_some_and(|length| length > 0)
        || request.headers().contains_key(header::TRANSFER_ENCODING);
    if declared.is_some_and(|length| length > WEB_BODY.value) {
        return too_large();
    }
    let kib = if has_body {
        let bytes = declared.map_or(WEB_BODY.get(), |length| length as usize);
        (2 * bytes).div_ceil(1024).min(guard.body_kib) as u32
    } else {
        0
    };
    let wait = guard.body_timeout;
    let Ok(Ok(_memory)) = tokio::time::timeout(wait, guard.bodies.acquire_many(kib)).await else {
        return failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the server is busy: too many request bodies are held; try again",
        );
    };
    let (parts, body) = request.into_parts();
    let bytes = match tokio::time::timeout(wait, Limited::new(body, WEB_BODY.get()).collect()).await
    {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(error)) if error.downcast_ref::<LengthLimitError>().is_some() => {
            return too_large();
        }
        Ok(Err(error)) => {
            return failure(
                StatusCode::BAD_REQUEST,
                "input",
                &format!("the request's body could not be read: {error}"),
            );
        }
        Err(_) => {
            return failure(
                StatusCode::REQUEST_TIMEOUT,
                "out-of-time",
                &format!(
                    "the request's body did not arrive within {} s",
                    wait.as_secs_f64()
                ),
            );
        }
    };
    let key = crate::work::request_key(parts.uri.path(), &bytes);
    let request = Request::from_parts(parts, Body::from(bytes));
    let response = ARRIVAL.scope(Arrival { at, key }, next.run(request)).await;
    let length = response.body().size_hint().exact().unwrap_or(0) as usize;
    if length < SMALL_ANSWER {
        return response;
    }
    let kib = length.div_ceil(1024).min(guard.answer_kib) as u32;
    let Ok(Ok(permit)) =
        tokio::time::timeout(wait, guard.answers.clone().acquire_many_owned(kib)).await
    else {
        return failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the server is busy: too many answers wait to be read by their clients; try again",
        );
    };
    response.map(|body| {
        Body::new(Held {
            body,
            _permit: permit,
        })
    })
}

/// Answers shorter than this are not counted against the share of answers.
const SMALL_ANSWER: usize = 16 << 10;

/// An answer's body, holding its memory's share until it is dropped.
struct Held {
    body: Body,
    _permit: OwnedSemaphorePermit,
}

impl http_body::Body for Held {
    type Data = bytes::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        std::pin::Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

fn too_large() -> Response {
    failure(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
        &format!(
            "the request's body is longer than {} bytes, the most the server reads",
            WEB_BODY.value
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_names_and_addresses_are_answered_and_others_refused() {
        let local = Hosts::default();
        for host in [
            "localhost",
            "localhost:7878",
            "LOCALHOST.:80",
            "app.localhost:1",
            "127.0.0.1:7878",
            "10.1.2.3",
            "[::1]:7878",
            "[fe80::1]",
        ] {
            assert!(local.allows(host), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:7878",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "[not-an-address]",
            "",
        ] {
            assert!(!local.allows(host), "{host}");
        }
        let named = Hosts::Local(vec!["games.lan".to_string()]);
        assert!(named.allows("games.lan:7878") && named.allows("GAMES.LAN"));
        assert!(!named.allows("other.lan"));
        assert!(Hosts::Any.allows("anything.example"));
    }
}
