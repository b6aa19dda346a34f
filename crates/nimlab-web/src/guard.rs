//! What every request passes before a handler sees it: the `Host` it names, and its
//! body, read whole within a time limit and with its memory reserved.

use crate::{MAX_BODY_BYTES, failure};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Seconds a request's body may take to arrive (after its headers).
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
}

impl Guard {
    pub(crate) fn new(hosts: Hosts, body_memory: usize) -> Guard {
        let body_kib = (body_memory >> 10).max(2 * (MAX_BODY_BYTES >> 10));
        Guard {
            hosts,
            bodies: Semaphore::new(body_kib),
            body_kib,
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

/// Refuse foreign `Host` names (403), bodies longer than [`MAX_BODY_BYTES`] (413) or
/// slower than [`BODY_SECONDS`] (408), all as JSON; then read the body whole, holding
/// its memory from the guard's share until the answer is made.
pub(crate) async fn guard(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let at = Instant::now();
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
    if declared.is_some_and(|length| length > MAX_BODY_BYTES as u64) {
        return too_large();
    }
    let kib = if has_body {
        let bytes = declared.map_or(MAX_BODY_BYTES, |length| length as usize);
        (2 * bytes).div_ceil(1024).min(guard.body_kib) as u32
    } else {
        0
    };
    let wait = Duration::from_secs(BODY_SECONDS);
    let Ok(Ok(_memory)) = tokio::time::timeout(wait, guard.bodies.acquire_many(kib)).await else {
        return failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the server is busy: too many request bodies are held; try again",
        );
    };
    let (parts, body) = request.into_parts();
    let bytes = match tokio::time::timeout(wait, Limited::new(body, MAX_BODY_BYTES).collect()).await
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
                &format!("the request's body did not arrive within {BODY_SECONDS} s"),
            );
        }
    };
    let key = crate::work::request_key(parts.uri.path(), &bytes);
    let request = Request::from_parts(parts, Body::from(bytes));
    ARRIVAL.scope(Arrival { at, key }, next.run(request)).await
}

fn too_large() -> Response {
    failure(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
        &format!(
            "the request's body is longer than {MAX_BODY_BYTES} bytes, the most the server reads"
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
