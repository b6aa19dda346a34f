//! The JSON API's request bodies, sent to the web app's router in process: the guard
//! that reads bodies, the handlers, and the lanes that run their work within memory
//! and a deadline, as `nimlab serve` answers them.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use nimlab_web::{Config, Limits};
use std::sync::OnceLock;
use std::time::Duration;
use tower::ServiceExt;

/// The questions the API answers, by the name a target's input starts with.
const ROUTES: &[&str] = &[
    "analyze",
    "moves",
    "computer-move",
    "grundy",
    "period",
    "position",
    "random-start",
    "guide",
];

/// The deadline of a request's work: the server's limits otherwise, with a shorter
/// deadline so that an execution stays fast.
const REQUEST_TIME: Duration = Duration::from_millis(500);

/// The words of the answer the server gives when a request's work did not stop at
/// its deadline (a bug, which it answers 503 at its deadline plus five seconds).
const LATE: &str = "did not stop at its deadline";

/// One line naming a route of the API (`analyze`), then the request's body.
///
/// The request is POSTed to `/api/ROUTE` on one app shared by every execution (so
/// the cache of games and the lanes' memory carry over, as in a server). Any answer
/// is fine but a 500 (a panic in a handler, caught by the server) and the late answer
/// of work that did not stop at its deadline; every answer's body is JSON.
pub fn api(data: &[u8]) {
    let (route, body) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => return,
    };
    let Some(route) = ROUTES.iter().find(|name| name.as_bytes() == route) else {
        return;
    };
    let request = Request::post(format!("/api/{route}"))
        .header(header::HOST, "localhost")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let (status, answer) = runtime().block_on(async {
        let response = app().clone().oneshot(request).await.expect("an answer");
        let status = response.status();
        let answer = response.into_body().collect().await.expect("a body");
        (status, answer.to_bytes())
    });
    let answer = String::from_utf8_lossy(&answer);
    assert_ne!(
        status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{route}: {answer}"
    );
    assert!(!answer.contains(LATE), "{route}: {status} {answer}");
    assert!(
        serde_json::from_str::<serde_json::Value>(&answer).is_ok(),
        "{route}: {status}, an answer that is not JSON: {answer}"
    );
}

/// The app every execution sends its request to.
fn app() -> &'static Router {
    static APP: OnceLock<Router> = OnceLock::new();
    APP.get_or_init(|| {
        let limits = Limits {
            request_time: REQUEST_TIME,
            ..Limits::default()
        };
        nimlab_web::app_with(Config {
            limits,
            ..Config::default()
        })
    })
}

/// The runtime the app runs on, as `nimlab serve`'s.
fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| tokio::runtime::Runtime::new().expect("a runtime"))
}
