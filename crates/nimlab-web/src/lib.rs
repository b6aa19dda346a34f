//! nimlab in the browser: a local web app whose page and assets are embedded in the
//! binary, and the JSON API the page uses (scripts may use it too).
//!
//! The server is a thin layer over the core: every answer is one of the core's reports
//! ([`nimlab_core::report`]), computed by the same calls the command line makes, and
//! every error is the core's error as JSON. It reads no files: a graph (the `dag`
//! family) travels inside the request.
//!
//! Limits, so that no request can take the server down (they are the core's, in
//! [`nimlab_core::limits`], with every other limit): bodies of at most [`WEB_BODY`],
//! at most [`WEB_GRUNDY_VALUES`] in one sequence, at most
//! [`WEB_LISTED_MOVES`](nimlab_core::limits::WEB_LISTED_MOVES) listed, a deadline of
//! [`WEB_REQUEST_TIME`](nimlab_core::limits::WEB_REQUEST_TIME) on the work of each
//! request (a budget of time and memory the core's searches and tables spend from,
//! so the work stops when its request is answered), and a panic in one request is a
//! 500 answer while the server goes on.
//!
//! Under abuse (the figures are in `load/README.md`):
//!
//! - **Memory.** The server's resident memory stays under [`SERVER_MEMORY`] whatever is
//!   asked. Every computation has a memory bound (in the core's count and in what its
//!   thread really allocates, [`memory`]), reserved before it starts from the
//!   process's, and the cache of built games keeps at most [`CACHE_WORDS`]; see
//!   [`work`] for how they add up.
//! - **Cost classes.** Cheap questions never wait behind expensive ones: every
//!   computation starts in a quick lane and moves to a long lane, with its own
//!   threads and a bounded queue, once it needs more than a moment ([`work`]).
//! - **Connections.** Headers must arrive within a timeout, idle connections are
//!   closed, and the number of connections is capped below the limit on open files;
//!   idle ones make room for new ones ([`server`]).
//! - **Host names.** Requests naming a foreign `Host` are refused, so a page on
//!   another site cannot reach a local server by DNS rebinding ([`Hosts`]).
//!
//! Status codes: 400 for malformed JSON and HTTP, unknown games, bad positions and
//! other bad input; 403 for a foreign `Host`; 404 and 405 for no such page or method;
//! 408 for a body that does not arrive; 413 for a body beyond the limit; 414 and 431
//! for an address or headers beyond HTTP's limits; 422 for well-formed questions
//! beyond a limit or without a known answer; 503 when the work's deadline passed or
//! the server is busy; 500 for a bug. Every error's body is JSON,
//! `{"error": kind, "message": one line}`.

pub mod guard;
pub mod memory;
pub mod server;
pub mod work;

pub use guard::Hosts;
pub use server::ServerOptions;
pub use work::Limits;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use guard::Guard;
use nimlab_core::families::graph::{declared_size, graph_words};
use nimlab_core::limits::{WEB_BODY, WEB_GRUNDY_VALUES, WEB_WYTHOFF_PAIRS};
use nimlab_core::protocol::board::Board;
use nimlab_core::protocol::policy::{Player, Policy, Style, winner};
use nimlab_core::registry::{FAMILIES, Family, Spec, example_loader};
use nimlab_core::report::{AnalysisReport, ErrorReport, MovesReport, PeriodReport};
use nimlab_core::{Budget, Convention, Error, InputError, Nat, Ruleset};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};
use std::time::Instant;
use tower_http::catch_panic::CatchPanicLayer;
use work::{Answer, Lanes};

mod page_api;
mod request;

use request::PositionRequest;

/// Seconds past its deadline after which a request is answered even if its work has
/// not stopped.
const LATE_SECONDS: u64 = 5;
/// Computations running at once in the quick lane ([`work`]); more requests wait for
/// a turn.
pub const WORKERS: usize = 4;
/// The resident memory the server stays under, whatever it is asked. It adds up as:
/// computations start only while the process's live bytes leave room for every
/// computation in flight to reach its bound ([`Limits::process_memory`], 352 MiB,
/// which holds the quick lane's 4 × 16 MiB, the long lane's 2 × 96 MiB and the
/// cache's 64 MiB); request bodies ([`BODY_MEMORY`], 32 MiB) and answers waiting to
/// be read ([`ANSWER_MEMORY`], 64 MiB) have shares of their own; that is 448 MiB of
/// live bytes at most, and the rest is the program, its threads' stacks, and what
/// the allocator keeps.
pub const SERVER_MEMORY: usize = 512 << 20;
/// The words (8 bytes) of tables the cache of built games keeps in the server: 64
/// MiB, a share of [`SERVER_MEMORY`].
pub const CACHE_WORDS: u64 = 1 << 23;
/// Bytes of request bodies held at once (each counted twice, for its bytes and what
/// is parsed from them).
pub const BODY_MEMORY: usize = 32 << 20;
/// Bytes of answers held at once until their clients read them (answers under 16
/// KiB are not counted).
pub const ANSWER_MEMORY: usize = 64 << 20;

const INDEX_HTML: &str = include_str!("../assets/index.html");

/// The page, with the limits it checks before sending a file filled in from
/// `limits.rs` (`{{WEB_BODY}}`), so that the page keeps no copy of them, and with the
/// list of games (`{{GAMES}}`, the answer of `/api/games`), so that the page needs no
/// request of its own before it can be used.
fn index_page() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| {
        // In a script element, `</script>` or `<!--` in the JSON's strings would end
        // it early: every `<` (which JSON has only within strings) is written as an
        // escape.
        let games = games_json().replace('<', "\\u003c");
        INDEX_HTML
            .replace("{{WEB_BODY}}", &WEB_BODY.value.to_string())
            .replace("{{GAMES}}", &games)
    })
}
const APP_JS: &str = include_str!("../assets/app.js");
const APP_CSS: &str = include_str!("../assets/app.css");
const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

/// How the app is set up: which `Host` names it answers, and the bounds of its work.
#[derive(Clone, Debug)]
pub struct Config {
    /// The names answered.
    pub hosts: Hosts,
    /// The lanes' threads, memory and deadline.
    pub limits: Limits,
    /// How long a request's body may take to arrive after its headers.
    pub body_timeout: std::time::Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            hosts: Hosts::default(),
            limits: Limits::default(),
            body_timeout: std::time::Duration::from_secs(guard::BODY_SECONDS),
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
struct AppState {
    lanes: Arc<Lanes>,
}

/// The whole app with the default [`Config`]: the page, its assets and the API. Every
/// app made by this function shares one set of lanes (threads and memory), the
/// process's.
pub fn app() -> Router {
    static SHARED: OnceLock<Arc<Lanes>> = OnceLock::new();
    let lanes = SHARED.get_or_init(|| Arc::new(Lanes::new(Limits::default())));
    routes(lanes.clone(), &Config::default())
}

/// The app with `config`, with lanes of its own.
pub fn app_with(config: Config) -> Router {
    routes(Arc::new(Lanes::new(config.limits.clone())), &config)
}

/// Every route of the app, in one place.
fn routes(lanes: Arc<Lanes>, config: &Config) -> Router {
    nimlab_core::registry::bound_cache(CACHE_WORDS);
    let state = AppState { lanes };
    let guard = Arc::new(Guard::new(
        config.hosts.clone(),
        BODY_MEMORY,
        ANSWER_MEMORY,
        config.body_timeout,
    ));
    Router::new()
        .route("/", get(|| async { Html(index_page()) }))
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
        .route("/api/game", post(game))
        .route("/api/analyze", post(analyze))
        .route("/api/moves", post(moves))
        .route("/api/computer-move", post(computer_move))
        .route("/api/grundy", post(grundy))
        .route("/api/period", post(period))
        .route("/api/wythoff-pairs", get(wythoff_pairs))
        .route("/api/server", get(server_report))
        .route("/api/position", post(page_api::position))
        .route("/api/replay", post(page_api::replay))
        .route("/api/record", post(page_api::record))
        .route("/api/review", post(page_api::review))
        .route("/api/random-start", post(page_api::random_start))
        .route("/api/guide", post(page_api::guide))
        .route("/js/{name}", get(page_api::module))
        .fallback(|| async { failure(StatusCode::NOT_FOUND, "input", "no such page or API") })
        .method_not_allowed_fallback(|| async {
            failure(
                StatusCode::METHOD_NOT_ALLOWED,
                "input",
                "this address does not answer this method (the API's questions are POSTs of JSON)",
            )
        })
        .with_state(state)
        // Bodies beyond the limit are rejected by the JSON extractor, so that the
        // answer is JSON too (see `rejected`).
        .layer(DefaultBodyLimit::max(WEB_BODY.get()))
        .layer(axum::middleware::from_fn_with_state(guard, guard::guard))
        .layer(CatchPanicLayer::custom(|_| {
            failure(
                StatusCode::INTERNAL_SERVER_ERROR,
                "bug",
                "nimlab failed on this request (a bug; please report it); the server goes on",
            )
        }))
}

/// Serve [`app`] on `listener` with the default [`ServerOptions`], until the process ends.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    serve_with(listener, ServerOptions::default()).await
}

/// Serve the app with `options` on `listener`, until the process ends. The process's
/// panic hook becomes [`log_panics`]'s.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    options: ServerOptions,
) -> std::io::Result<()> {
    log_panics();
    memory::tune();
    let router = app_with(options.config.clone());
    server::run(listener, router, options).await
}

/// Make a panic one line in the server's log, and nothing more: the request whose
/// work panicked is answered with a JSON 500 and the server goes on serving. (A hook
/// that ends the process, as the command line's does for its commands, would turn
/// one bad request into the end of the server.)
pub fn log_panics() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".to_string());
        let place = info
            .location()
            .map(|at| format!(" (at {}:{})", at.file(), at.line()))
            .unwrap_or_default();
        eprintln!(
            "nimlab serve: a request failed with an internal error (a bug; please report \
             it){place}: {}; the server goes on",
            message.replace('\n', " ")
        );
    }));
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// An error answer: `{"error": kind, "message": …}`.
fn failure(status: StatusCode, kind: &'static str, message: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        error_json(kind, message),
    )
        .into_response()
}

/// The JSON of an error: `{"error": kind, "message": …}`.
fn error_json(kind: &str, message: &str) -> String {
    serde_json::json!({ "error": kind, "message": message }).to_string()
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

/// Run `work` within the request's deadline and memory, in the quick lane and if
/// need be in the long lane ([`work`]), and answer its report as JSON. `work` may run
/// twice (a run cut short in the quick lane starts again in the long lane), so it
/// only reads what it captures.
async fn compute<R: Serialize + 'static>(
    state: &AppState,
    work: impl Fn(&Budget) -> Result<R, Error> + Send + Sync + 'static,
) -> Response {
    // The request's time runs from its arrival (see `guard`).
    let arrival = guard::ARRIVAL
        .try_with(|arrival| *arrival)
        .unwrap_or(guard::Arrival {
            at: Instant::now(),
            key: 0,
        });
    // The answer is written on the worker, within the work's memory.
    let work: work::Work = Arc::new(move |budget: &Budget| {
        let report = work(budget)?;
        Ok(serde_json::to_vec(&report).expect("reports serialize"))
    });
    match state.lanes.run(arrival.key, arrival.at, work).await {
        Answer::Json(json) => ([(header::CONTENT_TYPE, "application/json")], json).into_response(),
        Answer::Failed(error) => error_response(&error),
        Answer::Busy(kind, message) => {
            let mut response = failure(StatusCode::SERVICE_UNAVAILABLE, kind, &message);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
            response
        }
        Answer::Panicked => failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            "bug",
            "nimlab failed on this request (a bug; please report it); the server goes on",
        ),
    }
}

/// The answer to a body that is not the JSON asked for: 413 when it is longer than
/// [`WEB_BODY`], else 400.
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
/// the report `work` computes from it (see [`compute`]; `work` may be called twice).
async fn answer<T: Send + Sync + 'static, R: Serialize + 'static>(
    state: &AppState,
    request: Result<Json<T>, JsonRejection>,
    work: impl Fn(&T, &Budget) -> Result<R, Error> + Send + Sync + 'static,
) -> Response {
    match request {
        Ok(Json(body)) => compute(state, move |budget| work(&body, budget)).await,
        Err(rejection) => rejected(rejection),
    }
}

/// The game a request names. A graph travels in the request, with a game played on
/// it: one whose family reads a file (`dag:FILE`, `graph:FILE`), named with a file or
/// without (`"game": "dag"`), or a sum with such parts, which all play on that graph.
/// A spec naming a file without a graph is refused, as the server reads no files.
/// The graph's memory, as the counts its text declares make it ([`graph_words`]), must
/// fit `budget` before it is read (a few bytes may declare ten million vertices), and
/// each graph built holds it there.
fn resolve(game: &str, graph: Option<&str>, budget: &Budget) -> Result<Arc<dyn Ruleset>, Error> {
    let spec: Spec = game.parse()?;
    let Some(graph) = graph else {
        let refuse_files = |file: &str| {
            Err(InputError::invalid(
                "file",
                file,
                "no file: the server reads none; send a graph as {\"game\": \"dag\", \"graph\": \"4 4 1 0 2 0 3 1 3 2\"}",
            ))
        };
        return spec.build(&refuse_files, budget);
    };
    let (vertices, edges) = declared_size(graph)?;
    budget
        .fits(graph_words(vertices, edges))
        .map_err(|exhausted| Error::from_budget(exhausted, "reading the graph sent"))?;
    let used = std::cell::Cell::new(false);
    let game = on_graph_sent(&spec).parse::<Spec>()?.build(
        &|_| {
            used.set(true);
            Ok(graph.to_string())
        },
        budget,
    )?;
    if !used.get() {
        return Err(InputError::invalid(
            "graph",
            &spec.to_string(),
            "a game played on the graph sent: \"dag\", \"graph\", or a sum with dag: or graph: parts",
        )
        .into());
    }
    Ok(game)
}

/// Whether a family is played on a graph read from a file (the server's requests
/// carry it instead).
fn on_graph(family: &Family) -> bool {
    family.example_graph().is_some()
}

/// `spec` with every part played on a graph and named without a file ("dag") named
/// with one ("dag:sent"), so that it builds: the server's loaders serve a graph
/// whatever the name.
fn on_graph_sent(spec: &Spec) -> String {
    let parts: Vec<String> = spec
        .parts()
        .iter()
        .map(|part| {
            let file = (part.args.is_none() && on_graph(part.family)).then_some("sent");
            match part.args.as_deref().or(file) {
                Some(args) => format!("{}:{args}", part.family.name),
                None => part.family.name.to_string(),
            }
        })
        .collect();
    parts.join(" + ")
}

/// What a game accepts, as the page needs to know it to offer its settings (the
/// page reads no spec itself).
#[derive(Serialize)]
struct Accepts {
    /// The family, when the game is one family's (not a sum).
    family: Option<&'static str>,
    /// Whether it may be played in misère play (see
    /// [`Strategy::takes_misere`](nimlab_core::protocol::Strategy::takes_misere)).
    takes_misere: bool,
    /// Whether it is played on a graph, which a request sends as `graph` (the command
    /// line reads it from a file).
    on_graph: bool,
}

impl Accepts {
    /// What the game of `spec` accepts. A game played on a graph is built on the
    /// registry's example graph ([`example_loader`]), with or without a file named:
    /// what it accepts does not depend on the graph.
    fn of(spec: &Spec, budget: &Budget) -> Result<Accepts, Error> {
        let game = on_graph_sent(spec)
            .parse::<Spec>()?
            .build(&example_loader, budget)?;
        Ok(Accepts::of_game(spec, game.as_ref()))
    }

    /// What `game`, built from `spec`, accepts.
    fn of_game(spec: &Spec, game: &dyn Ruleset) -> Accepts {
        let family = match spec.parts() {
            [one] => Some(one.family.name),
            _ => None,
        };
        Accepts {
            family,
            takes_misere: game.takes_misere(),
            on_graph: spec.parts().iter().any(|part| on_graph(part.family)),
        }
    }
}

/// One family of the registry, for the page's menu, with what it accepts.
#[derive(Serialize)]
struct GameInfo {
    name: &'static str,
    syntax: &'static str,
    example: &'static str,
    example_position: &'static str,
    /// For a game played on a graph: the example's graph, as the page sends it.
    example_graph: Option<&'static str>,
    summary: &'static str,
    rules: String,
    position_syntax: String,
    #[serde(flatten)]
    accepts: Accepts,
}

async fn games() -> Response {
    asset("application/json", games_json())
}

/// Every family of the registry, as [`GameInfo`]s in JSON: the same for the whole
/// process, so made once.
fn games_json() -> &'static str {
    static GAMES: OnceLock<String> = OnceLock::new();
    GAMES.get_or_init(|| {
        let infos: Vec<GameInfo> = FAMILIES
            .iter()
            .filter_map(|family| {
                let budget = Budget::unlimited();
                let example_graph = family.example_graph();
                let game = resolve(family.example, example_graph, &budget).ok()?;
                let spec = family.example.parse().ok()?;
                let accepts = Accepts::of_game(&spec, game.as_ref());
                Some(GameInfo {
                    name: family.name,
                    syntax: family.syntax,
                    example: family.example,
                    example_position: family.example_position,
                    example_graph,
                    summary: family.summary,
                    rules: game.rules(),
                    position_syntax: game.position_syntax(),
                    accepts,
                })
            })
            .collect();
        serde_json::to_string(&infos).expect("the list of games serializes")
    })
}

/// A game named by its spec alone.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecRequest {
    game: String,
}

/// What the game of any spec accepts ([`Accepts`]), for the page's settings.
async fn game(
    State(state): State<AppState>,
    request: Result<Json<SpecRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        Accepts::of(&request.game.parse()?, budget)
    })
    .await
}

async fn analyze(
    State(state): State<AppState>,
    request: Result<Json<PositionRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let (reading, _) = request.read(budget)?;
        let (game, position) = (reading.game.as_ref(), reading.position());
        let analysis = game.analyze(position, reading.convention, request.max_moves(), budget)?;
        Ok(AnalysisReport::new(game, position, analysis, true))
    })
    .await
}

async fn moves(
    State(state): State<AppState>,
    request: Result<Json<PositionRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let (reading, _) = request.read(budget)?;
        let (game, position) = (reading.game.as_ref(), reading.position());
        let values = game.move_list(position, reading.convention, request.max_moves(), budget)?;
        Ok(MovesReport::new(
            game,
            position,
            reading.convention,
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
    /// When it is over: whether the computer, who made the last move, won.
    computer_won: Option<bool>,
}

async fn computer_move(
    State(state): State<AppState>,
    request: Result<Json<ComputerMoveRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let game = resolve(&request.game, request.graph.as_deref(), budget)?;
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
        let convention = Convention::misere_if(request.misere);
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
            // The person is to move at the end.
            computer_won: over.then(|| {
                winner(game.as_ref(), &after, Player::Person, convention) == Player::Computer
            }),
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
        let game = resolve(&request.game, None, budget)?;
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

/// The `upto` of a sequence request, within [`WEB_GRUNDY_VALUES`].
fn sequence_bound(upto: &serde_json::Value) -> Result<usize, Error> {
    let upto = json_count(upto, "upto")?;
    if upto >= WEB_GRUNDY_VALUES.value {
        return Err(Error::TooLarge(nimlab_core::error::TooLarge {
            limit: WEB_GRUNDY_VALUES.name,
            max: WEB_GRUNDY_VALUES.value - 1,
            needed: Some(upto.clone()),
            message: format!(
                "g(0..{upto}) is more than one request may ask for: at most {} values \
                 (the command line's grundy --out streams more)",
                WEB_GRUNDY_VALUES.value
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
        let game = resolve(&request.game, None, budget)?;
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

/// The server's own figures, for people watching it (a load test samples them).
#[derive(Serialize)]
struct ServerReport {
    /// The bound the resident memory stays under ([`SERVER_MEMORY`]).
    memory_bound: usize,
    /// Resident memory now and its peak, where the system tells them.
    resident: Option<u64>,
    resident_peak: Option<u64>,
    /// Bytes allocated and not freed, when the counting allocator is installed.
    live: Option<usize>,
}

async fn server_report() -> Response {
    let resident = memory::resident();
    Json(ServerReport {
        memory_bound: SERVER_MEMORY,
        resident: resident.map(|(now, _)| now),
        resident_peak: resident.map(|(_, peak)| peak),
        live: memory::installed().then(memory::live_bytes),
    })
    .into_response()
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
    if count as u64 > WEB_WYTHOFF_PAIRS.value {
        return failure(
            StatusCode::UNPROCESSABLE_ENTITY,
            "too-large",
            &format!("at most {} pairs in one request", WEB_WYTHOFF_PAIRS.value),
        );
    }
    let pairs: Vec<[String; 2]> = nimlab_core::seq::wythoff::pairs()
        .take(count)
        .map(|(a, b)| [a.to_string(), b.to_string()])
        .collect();
    Json(pairs).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shares of memory add up as `SERVER_MEMORY` says, with room left for the
    /// program, its stacks and the allocator's own.
    #[test]
    fn the_shares_of_memory_fit_the_stated_bound() {
        let limits = Limits::default();
        let lanes =
            limits.quick_workers * limits.quick_memory + limits.long_workers * limits.long_memory;
        assert!(lanes + (CACHE_WORDS * 8) as usize <= limits.process_memory);
        let live = limits.process_memory + BODY_MEMORY + ANSWER_MEMORY;
        assert!(
            live + (64 << 20) <= SERVER_MEMORY,
            "{} MiB live",
            live >> 20
        );
    }
}
