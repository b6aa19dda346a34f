//! nimlab in the browser: a local web app whose page and assets are embedded in the
//! binary, and the JSON API the page uses (scripts may use it too).
//!
//! The server is a thin layer over the core: every answer is one of the core's reports
//! ([`nimlab_core::report`]), computed by the same calls the command line makes, and
//! every error is the core's error as JSON. It reads no files: a graph (the `dag`
//! family) travels inside the request.
//!
//! Limits, so that no request can take the server down: bodies of at most
//! [`MAX_BODY_BYTES`], at most [`MAX_GRUNDY_VALUES`] values in one sequence, at most
//! [`MAX_LISTED_MOVES`] moves listed, a deadline of [`REQUEST_SECONDS`] seconds on the
//! work of each request (a budget of time and memory the core's searches and tables
//! spend from, so the work stops when its request is answered), at most [`WORKERS`] computations at once (others wait their turn),
//! and a panic in one request is a 500 answer while the server goes on.
//!
//! Status codes: 400 for malformed JSON, unknown games, bad positions and other bad
//! input; 422 for well-formed questions beyond a limit or without a known answer; 503
//! when the work's deadline passed; 500 for a bug.

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use nimlab_core::protocol::board::Board;
use nimlab_core::protocol::policy::{Policy, Style};
use nimlab_core::registry::{FAMILIES, game_with};
use nimlab_core::report::{AnalysisReport, ErrorReport, MovesReport, PeriodReport};
use nimlab_core::{AnyPosition, Budget, Convention, Error, InputError, Nat, Ruleset};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

mod page_api;

/// The largest request body.
pub const MAX_BODY_BYTES: usize = 1 << 20;
/// The most values one `/api/grundy` request may ask for.
pub const MAX_GRUNDY_VALUES: usize = 1 << 20;
/// The most moves one answer lists (all are counted).
pub const MAX_LISTED_MOVES: usize = 1000;
/// Seconds of work one request may do.
pub const REQUEST_SECONDS: u64 = 5;
/// Seconds past its deadline after which a request is answered even if its work has
/// not stopped.
const LATE_SECONDS: u64 = 5;
/// Computations running at once; more requests wait for a turn.
pub const WORKERS: usize = 4;
/// The most Wythoff pairs one request may ask for.
pub const MAX_WYTHOFF_PAIRS: usize = 10_000;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const APP_CSS: &str = include_str!("../assets/app.css");
const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

/// What every handler shares.
#[derive(Clone)]
struct AppState {
    workers: Arc<Semaphore>,
}

/// The whole app: the page, its assets and the API.
pub fn app() -> Router {
    let state = AppState {
        workers: Arc::new(Semaphore::new(WORKERS)),
    };
    Router::new()
        .route("/", get(|| async { Html(INDEX_HTML) }))
        .route(
            "/app.js",
            get(|| async { asset("text/javascript", APP_JS) }),
        )
        .route("/app.css", get(|| async { asset("text/css", APP_CSS) }))
        .route(
            "/favicon.svg",
            get(|| async { asset("image/svg+xml", FAVICON_SVG) }),
        )
        .route(
            "/favicon.ico",
            get(|| async { asset("image/svg+xml", FAVICON_SVG) }),
        )
        .route("/api/games", get(games))
        .route("/api/analyze", post(analyze))
        .route("/api/moves", post(moves))
        .route("/api/computer-move", post(computer_move))
        .route("/api/grundy", post(grundy))
        .route("/api/period", post(period))
        .route("/api/wythoff-pairs", get(wythoff_pairs))
        .route("/api/position", post(page_api::position))
        .route("/api/random-start", post(page_api::random_start))
        .route("/api/guide", post(page_api::guide))
        .route("/js/{name}", get(page_api::module))
        .fallback(|| async { failure(StatusCode::NOT_FOUND, "input", "no such page or API") })
        .with_state(state)
        // Bodies beyond the limit are rejected by the JSON extractor, so that the
        // answer is JSON too (see `rejected`).
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(CatchPanicLayer::custom(|_| {
            failure(
                StatusCode::INTERNAL_SERVER_ERROR,
                "bug",
                "nimlab failed on this request (a bug; please report it); the server goes on",
            )
        }))
}

/// Serve [`app`] on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    axum::serve(listener, app()).await
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// An error answer: `{"error": kind, "message": …}`.
fn failure(status: StatusCode, kind: &'static str, message: &str) -> Response {
    let body = serde_json::json!({ "error": kind, "message": message });
    (status, Json(body)).into_response()
}

/// A core error as its status and JSON report.
fn error_response(error: &Error) -> Response {
    let status = match error {
        Error::Input(_) => StatusCode::BAD_REQUEST,
        Error::TooLarge(_) | Error::NoKnownValue(_) | Error::Undefined(_) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        Error::Cancelled(_) | Error::OutOfTime(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    (status, Json(ErrorReport::from(error))).into_response()
}

/// Run `work` on a worker thread with a budget that ends at the request's deadline,
/// when a worker is free, and answer its report as JSON.
async fn compute<R: Serialize + Send + 'static>(
    state: &AppState,
    work: impl FnOnce(&Budget) -> Result<R, Error> + Send + 'static,
) -> Response {
    // The request's time runs from its arrival: waiting for a worker spends it too.
    let deadline = Instant::now() + Duration::from_secs(REQUEST_SECONDS);
    let turn = tokio::time::timeout_at(deadline.into(), state.workers.acquire()).await;
    let Ok(Ok(_turn)) = turn else {
        return failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "cancelled",
            "the server is busy: no worker was free before this request's deadline; try again",
        );
    };
    // Every search and table spends from this budget, so the work stops at the
    // deadline; memory is a question's, as on the command line.
    let budget = Budget::question(None).with_deadline(deadline);
    let work = tokio::task::spawn_blocking(move || work(&budget));
    // A backstop for work that overruns its budget's checks: the answer still comes.
    let late = deadline + Duration::from_secs(LATE_SECONDS);
    let Ok(done) = tokio::time::timeout_at(late.into(), work).await else {
        return failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "out-of-time",
            "the work for this request did not stop at its deadline (a bug; please report it)",
        );
    };
    match done {
        Ok(Ok(report)) => Json(report).into_response(),
        Ok(Err(error)) => error_response(&error),
        Err(_) => failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            "bug",
            "nimlab failed on this request (a bug; please report it); the server goes on",
        ),
    }
}

/// The answer to a body that is not the JSON asked for: 413 when it is longer than
/// [`MAX_BODY_BYTES`], else 400.
fn rejected(rejection: JsonRejection) -> Response {
    let message = rejection.body_text();
    match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => {
            failure(StatusCode::PAYLOAD_TOO_LARGE, "too-large", &message)
        }
        _ => failure(StatusCode::BAD_REQUEST, "input", &message),
    }
}

/// Answer a JSON request: [`rejected`] when the body is not the JSON asked for, else
/// the report `work` computes from it (see [`compute`]).
async fn answer<T: Send + 'static, R: Serialize + Send + 'static>(
    state: &AppState,
    request: Result<Json<T>, JsonRejection>,
    work: impl FnOnce(T, &Budget) -> Result<R, Error> + Send + 'static,
) -> Response {
    match request {
        Ok(Json(body)) => compute(state, move |budget| work(body, budget)).await,
        Err(rejection) => rejected(rejection),
    }
}

/// The game a request names. A graph travels in the request (`"game": "dag"` or
/// `"graph"` with `"graph"`, or a sum naming `dag:` or `graph:` parts, which all play
/// on that graph); a spec naming a file without one is refused, as the server reads
/// no files.
fn resolve(game: &str, graph: Option<&str>) -> Result<Arc<dyn Ruleset>, Error> {
    let Some(graph) = graph else {
        let refuse_files = |file: &str| {
            Err(InputError::invalid(
                "file",
                file,
                "no file: the server reads none; send a graph as {\"game\": \"dag\", \"graph\": \"4 4 1 0 2 0 3 1 3 2\"}",
            ))
        };
        return Ok(game_with(game, &refuse_files)?);
    };
    let spec = match game.trim() {
        family @ ("dag" | "graph") => format!("{family}:request"),
        spec => spec.to_string(),
    };
    let used = std::cell::Cell::new(false);
    let game = game_with(&spec, &|_| {
        used.set(true);
        Ok(graph.to_string())
    })?;
    if !used.get() {
        return Err(InputError::invalid(
            "graph",
            &spec,
            "a game played on the graph sent: \"dag\", \"graph\", or a sum with dag: or graph: parts",
        )
        .into());
    }
    Ok(game)
}

/// A question about one position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    game: String,
    position: String,
    #[serde(default)]
    misere: bool,
    graph: Option<String>,
    max_moves: Option<usize>,
}

impl PositionRequest {
    fn convention(&self) -> Convention {
        if self.misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }

    fn max_moves(&self) -> usize {
        self.max_moves.unwrap_or(100).min(MAX_LISTED_MOVES)
    }

    /// The game and the position asked about.
    fn question(&self) -> Result<(Arc<dyn Ruleset>, AnyPosition), Error> {
        let game = resolve(&self.game, self.graph.as_deref())?;
        let position = game.parse_position(&self.position)?;
        Ok((game, position))
    }
}

/// One family of the registry, for the page's menu.
#[derive(Serialize)]
struct GameInfo {
    name: &'static str,
    syntax: &'static str,
    example: &'static str,
    example_position: &'static str,
    summary: &'static str,
    rules: String,
    position_syntax: String,
}

async fn games() -> Response {
    let infos: Vec<GameInfo> = FAMILIES
        .iter()
        .filter_map(|family| {
            let game = resolve(family.example, None)
                .or_else(|_| resolve("dag", Some(nimlab_core::registry::EXAMPLE_GRAPH)))
                .ok()?;
            Some(GameInfo {
                name: family.name,
                syntax: family.syntax,
                example: family.example,
                example_position: family.example_position,
                summary: family.summary,
                rules: game.rules(),
                position_syntax: game.position_syntax(),
            })
        })
        .collect();
    Json(infos).into_response()
}

async fn analyze(
    State(state): State<AppState>,
    request: Result<Json<PositionRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let (game, position) = request.question()?;
        let analysis =
            game.analyze(&position, request.convention(), request.max_moves(), budget)?;
        Ok(AnalysisReport::new(
            game.as_ref(),
            &position,
            analysis,
            true,
        ))
    })
    .await
}

async fn moves(
    State(state): State<AppState>,
    request: Result<Json<PositionRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let (game, position) = request.question()?;
        let convention = request.convention();
        let values = game.move_list(&position, convention, request.max_moves(), budget)?;
        Ok(MovesReport::new(
            game.as_ref(),
            &position,
            convention,
            values,
            true,
        ))
    })
    .await
}

/// A request for the computer's move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ComputerMoveRequest {
    game: String,
    position: String,
    #[serde(default)]
    misere: bool,
    graph: Option<String>,
    /// 0 to 10 (10, perfect play, by default).
    level: Option<u8>,
    /// "longest" (make a lost game last, the default) or "random".
    style: Option<String>,
}

/// The computer's move and the position it leaves.
#[derive(Serialize)]
struct ComputerMoveReport {
    game: String,
    position: String,
    /// What a person would type for the move.
    text: String,
    /// The move in words.
    description: String,
    /// The position after it.
    to: String,
    /// That position drawn.
    board: Board,
    /// Whether the game is over after it.
    over: bool,
    /// When it is over: whether the player who made the last move (the computer) won.
    computer_won: Option<bool>,
}

async fn computer_move(
    State(state): State<AppState>,
    request: Result<Json<ComputerMoveRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let game = resolve(&request.game, request.graph.as_deref())?;
        let position = game.parse_position(&request.position)?;
        let level = request.level.unwrap_or(10);
        if level > 10 {
            return Err(InputError::invalid("level", &level.to_string(), "0 to 10").into());
        }
        let style = match request.style.as_deref() {
            None | Some("longest") => Style::Longest,
            Some("random") => Style::Random,
            Some(other) => {
                return Err(InputError::invalid("style", other, "longest or random").into());
            }
        };
        if game.is_over(&position) {
            return Err(InputError::invalid(
                "position",
                &request.position,
                "a position with a legal move: the game is over",
            )
            .into());
        }
        let convention = if request.misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let mut rng = StdRng::from_rng(&mut rand::rng());
        let play = game.computer_move(
            &position,
            convention,
            Policy { level, style },
            &mut rng,
            budget,
        )?;
        let text = game.text_move(&position, &play);
        let after = game.apply(&position, &play);
        let over = game.is_over(&after);
        Ok(ComputerMoveReport {
            game: game.spec(),
            position: game.format_position(&position),
            text: text.text,
            description: text.action,
            to: text.to,
            board: game.board(&after),
            over,
            // The player to move at the end wins exactly when the rules say so.
            computer_won: over.then(|| !game.mover_wins_at_end(&after, convention)),
        })
    })
    .await
}

/// A request for a game's nim-sequence.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GrundyRequest {
    game: String,
    upto: serde_json::Value,
}

async fn grundy(
    State(state): State<AppState>,
    request: Result<Json<GrundyRequest>, JsonRejection>,
) -> Response {
    let request = match request {
        Ok(Json(request)) => request,
        Err(rejection) => return rejected(rejection),
    };
    // Checked before waiting for a worker: a question too large is answered at once.
    let upto = match sequence_bound(&request.upto) {
        Ok(upto) => upto,
        Err(error) => return error_response(&error),
    };
    compute(&state, move |budget| {
        let game = resolve(&request.game, None)?;
        let sequence = game
            .heap_game()
            .map(|heaps| heaps.sequence())
            .ok_or_else(|| {
                Error::Undefined(format!(
                    "{} is not played on heaps: it has no nim-sequence",
                    game.spec()
                ))
            })?;
        let values = sequence.grundy_table(upto, budget)?;
        Ok(OwnedSequence {
            game: game.spec(),
            upto,
            values,
        })
    })
    .await
}

/// The `upto` of a sequence request, within [`MAX_GRUNDY_VALUES`].
fn sequence_bound(upto: &serde_json::Value) -> Result<usize, Error> {
    let upto = json_count(upto, "upto")?;
    if upto >= MAX_GRUNDY_VALUES {
        return Err(Error::TooLarge(nimlab_core::error::TooLarge {
            limit: "values in one web request",
            max: MAX_GRUNDY_VALUES as u64 - 1,
            needed: Some(upto.clone()),
            message: format!(
                "g(0..{upto}) is more than one request may ask for: at most {} values \
                 (the command line's grundy --out streams more)",
                MAX_GRUNDY_VALUES
            ),
        }));
    }
    Ok(nimlab_core::num::to_u64(&upto).expect("below the bound") as usize)
}

/// The nim-sequence, as [`nimlab_core::report::SequenceReport`] writes it, with its
/// values owned so that they leave the worker thread.
#[derive(Serialize)]
struct OwnedSequence {
    game: String,
    upto: usize,
    values: Vec<u32>,
}

/// A number given as a JSON number or a decimal string.
fn json_count(value: &serde_json::Value, what: &str) -> Result<Nat, Error> {
    let text = match value {
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    Ok(nimlab_core::parse::parse_nat(&text, what)?)
}

/// A request for a game's period.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PeriodRequest {
    game: String,
}

async fn period(
    State(state): State<AppState>,
    request: Result<Json<PeriodRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let game = resolve(&request.game, None)?;
        let sequence = game
            .heap_game()
            .map(|heaps| heaps.sequence())
            .ok_or_else(|| {
                Error::Undefined(format!(
                    "{} is not played on heaps: it has no period",
                    game.spec()
                ))
            })?;
        Ok(PeriodReport::new(
            game.spec(),
            &sequence.periodicity(budget)?,
        ))
    })
    .await
}

/// How many Wythoff pairs to list.
#[derive(Deserialize)]
struct PairsQuery {
    count: Option<usize>,
}

async fn wythoff_pairs(
    query: Result<Query<PairsQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let count = match query {
        Ok(Query(query)) => query.count.unwrap_or(20),
        Err(rejection) => return failure(StatusCode::BAD_REQUEST, "input", &rejection.body_text()),
    };
    if count > MAX_WYTHOFF_PAIRS {
        return failure(
            StatusCode::UNPROCESSABLE_ENTITY,
            "too-large",
            &format!("at most {MAX_WYTHOFF_PAIRS} pairs in one request"),
        );
    }
    let pairs: Vec<[String; 2]> = nimlab_core::seq::wythoff::pairs()
        .take(count)
        .map(|(a, b)| [a.to_string(), b.to_string()])
        .collect();
    Json(pairs).into_response()
}
