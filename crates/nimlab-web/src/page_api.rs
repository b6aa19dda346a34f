//! The API the page plays with: one answer per position shown (its board, every
//! listed move with how it is clicked, and the analysis), random starts, and each
//! game's "how to play". The page holds no rule of any game: it draws the board it is
//! sent and matches clicks to the moves listed here.

use super::{AppState, MAX_LISTED_MOVES, answer, resolve};
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::response::Response;
use nimlab_core::heap::losing::losing_heaps;
use nimlab_core::limits::MOVES_REMOTENESS_SEARCH;
use nimlab_core::protocol::board::Clicks;
use nimlab_core::protocol::policy::drawn_by_repetition;
use nimlab_core::registry::FAMILIES;
use nimlab_core::report::{AnalysisReport, MovesReport};
use nimlab_core::{AnyPosition, Budget, Convention, Error, InputError, Outcome, Ruleset};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// The page's JavaScript modules beside `app.js`, embedded in the binary.
const MODULES: &[(&str, &str)] = &[
    ("api.js", include_str!("../assets/js/api.js")),
    ("board.js", include_str!("../assets/js/board.js")),
    ("dom.js", include_str!("../assets/js/dom.js")),
    ("explore.js", include_str!("../assets/js/explore.js")),
    ("guide.js", include_str!("../assets/js/guide.js")),
    ("play.js", include_str!("../assets/js/play.js")),
];

/// A module of the page, `/js/NAME`.
pub(crate) async fn module(Path(name): Path<String>) -> Response {
    match MODULES.iter().find(|(file, _)| *file == name) {
        Some((_, text)) => ([(header::CONTENT_TYPE, "text/javascript")], *text).into_response(),
        None => super::failure(StatusCode::NOT_FOUND, "input", "no such module"),
    }
}

/// How long the remoteness search of a position's moves may take for the page
/// ("wins in 7"): beyond, the moves are answered without their remoteness, so that a
/// position shows at once.
pub const PAGE_REMOTENESS_MILLISECONDS: u64 = 60;

/// The work and time the guide spends looking for a plain rule (see [`guide`]).
const PLAIN_RULE_WORK: u64 = 100_000;
const PLAIN_RULE_MILLISECONDS: u64 = 50;

/// The most earlier positions a request may send (for draws by repetition).
pub const MAX_HISTORY: usize = 10_000;

/// Which game a request is about, and in which convention.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameRequest {
    game: String,
    #[serde(default)]
    misere: bool,
    graph: Option<String>,
}

impl GameRequest {
    fn convention(&self) -> Convention {
        Convention::misere_if(self.misere)
    }

    fn game(&self, budget: &Budget) -> Result<Arc<dyn Ruleset>, Error> {
        resolve(&self.game, self.graph.as_deref(), budget)
    }
}

/// A position to show: the game, the position, and the positions played before it
/// (the start first), which decide a draw by repetition.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionRequest {
    game: String,
    position: String,
    #[serde(default)]
    misere: bool,
    graph: Option<String>,
    max_moves: Option<usize>,
    #[serde(default)]
    history: Vec<String>,
}

/// Everything the page shows of a position.
#[derive(Serialize)]
struct PositionReport {
    /// The legal moves (winning moves first), the board and the position.
    #[serde(flatten)]
    moves: MovesReport,
    /// How each listed move is made on the board, in the order of `moves`.
    clicks: Vec<Clicks>,
    /// Who wins, and why.
    analysis: AnalysisReport,
    /// Whether the game has ended: no move is left, or the position has repeated.
    over: bool,
    /// When it has ended: "mover" if the player to move has won, "other" if the
    /// player who made the last move has, "draw" for a draw by repetition.
    result: Option<&'static str>,
}

pub(crate) async fn position(
    State(state): State<AppState>,
    request: Result<Json<PositionRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let game = resolve(&request.game, request.graph.as_deref(), budget)?;
        let convention = Convention::misere_if(request.misere);
        if request.history.len() > MAX_HISTORY {
            return Err(InputError::invalid(
                "history",
                &request.history.len().to_string(),
                format!("at most {MAX_HISTORY} earlier positions"),
            )
            .into());
        }
        let position = game.parse_position(&request.position)?;
        let mut played = request
            .history
            .iter()
            .map(|text| game.parse_position(text))
            .collect::<Result<Vec<AnyPosition>, _>>()?;
        played.push(position.clone());
        let max_moves = request.max_moves.unwrap_or(MAX_LISTED_MOVES);
        report(
            game.as_ref(),
            &position,
            &played,
            convention,
            max_moves,
            budget,
        )
    })
    .await
}

fn report(
    game: &dyn Ruleset,
    position: &AnyPosition,
    played: &[AnyPosition],
    convention: Convention,
    max_moves: usize,
    budget: &Budget,
) -> Result<PositionReport, Error> {
    let max_moves = max_moves.min(MAX_LISTED_MOVES);
    let remoteness = budget
        .narrowed(MOVES_REMOTENESS_SEARCH.value)
        .with_timeout(Duration::from_millis(PAGE_REMOTENESS_MILLISECONDS));
    let values = game.move_list_within(position, convention, max_moves, budget, &remoteness)?;
    let clicks = values
        .moves
        .iter()
        .map(|value| game.clicks(position, &value.play))
        .collect();
    let analysis = game.analyze(position, convention, 0, budget)?;
    let no_move = game.is_over(position);
    let drawn = !no_move && drawn_by_repetition(game, played);
    let result = if no_move {
        Some(if game.mover_wins_at_end(position, convention) {
            "mover"
        } else {
            "other"
        })
    } else {
        drawn.then_some("draw")
    };
    Ok(PositionReport {
        moves: MovesReport::new(game, position, convention, values, true),
        clicks,
        analysis: AnalysisReport::new(game, position, analysis, true),
        over: result.is_some(),
        result,
    })
}

/// A random start.
#[derive(Serialize)]
struct StartReport {
    game: String,
    position: String,
}

/// How many random starts are drawn, at most, to find one that can be played in the
/// convention asked for (misère play of some games is searched, and a large start
/// may be beyond the search's limits or slow to answer).
const RANDOM_TRIES: usize = 8;
/// How long the moves of a random start may take to list, for it to be kept.
const RANDOM_START_MILLISECONDS: u64 = 150;

pub(crate) async fn random_start(
    State(state): State<AppState>,
    request: Result<Json<GameRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let game = request.game(budget)?;
        let convention = request.convention();
        let mut refused = None;
        for _ in 0..RANDOM_TRIES {
            let start = game
                .random_start(rand::random::<u64>())
                .ok_or_else(|| Error::Undefined(format!("{} has no random starts", game.spec())))?;
            // The start's moves as the page asks for them, briefly: a start whose
            // answer is beyond the limits, or slow, is replaced by another.
            let brief = budget
                .narrowed(u64::MAX)
                .with_timeout(Duration::from_millis(RANDOM_START_MILLISECONDS));
            match game.move_list(&start, convention, MAX_LISTED_MOVES, &brief) {
                Ok(_) => {
                    return Ok(StartReport {
                        game: game.spec(),
                        position: game.format_position(&start),
                    });
                }
                Err(error @ (Error::TooLarge(_) | Error::OutOfTime(_))) => refused = Some(error),
                Err(error) => return Err(error),
            }
        }
        Err(refused.expect("every try was refused"))
    })
    .await
}

/// How to play a game, for people: the plain rules first, the theory behind "why?".
#[derive(Serialize)]
struct GuideReport {
    game: String,
    /// The rules.
    rules: String,
    /// How the game ends and who wins ("Whoever makes the last move wins."), when
    /// the rules do not already say it.
    goal: String,
    /// What clicking the board does.
    clicks: String,
    /// A rule to remember, in plain words ("Always leave a multiple of 4."), when one
    /// is known.
    plain_rule: Option<String>,
    /// A worked example: a position, the move to make there and what it leaves.
    example: Option<Example>,
    /// The theory: why the example's move wins (Grundy values, nim-sums, quotients).
    why: String,
}

/// A worked example.
#[derive(Serialize)]
struct Example {
    position: String,
    /// The example in plain words.
    text: String,
}

pub(crate) async fn guide(
    State(state): State<AppState>,
    request: Result<Json<GameRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let game = request.game(budget)?;
        guide_for(game.as_ref(), request.convention(), budget)
    })
    .await
}

fn guide_for(
    game: &dyn Ruleset,
    convention: Convention,
    budget: &Budget,
) -> Result<GuideReport, Error> {
    let spec = game.spec();
    let name = spec.split(':').next().unwrap_or_default();
    let family_example = FAMILIES
        .iter()
        .find(|family| family.name == name && !spec.contains('+'))
        .and_then(|family| game.parse_position(family.example_position).ok());
    let start = family_example.or_else(|| game.random_start(1));
    // The rule needs the game's period: looked for briefly, since the search holds the
    // game's table while it runs and the page's other requests wait for it (a period
    // found is kept, and a game without a short one has no plain rule anyway).
    let brief = budget
        .narrowed(PLAIN_RULE_WORK)
        .with_timeout(Duration::from_millis(PLAIN_RULE_MILLISECONDS));
    let plain_rule = game
        .heap_game()
        .and_then(|heaps| losing_heaps(heaps, convention, &brief).ok().flatten())
        .map(|rule| {
            format!("With one heap, always leave {rule} tokens: then the other player cannot win.")
        });
    let mut why = String::new();
    let example = match start {
        Some(start) if !game.is_over(&start) => {
            let position = game.format_position(&start);
            let analysis = game.analyze(&start, convention, 1, budget)?;
            let text = match (&analysis.outcome, analysis.winning_moves.first()) {
                (Outcome::N, Some(best)) => {
                    let to = game.format_position(&game.apply(&start, &best.play));
                    why = format!(
                        "From {position}: {}. The move {}.",
                        analysis.explanation, best.reason
                    );
                    format!(
                        "From {position}, {}, leaving {to}. That move wins: whatever the other \
                         player does from {to}, you have an answer that keeps you winning.",
                        best.action
                    )
                }
                (Outcome::P, _) => {
                    why = format!("From {position}: {}.", analysis.explanation);
                    format!(
                        "From {position}, the player to move loses against perfect play: every \
                         move leaves a position the other player wins. Make the game long and \
                         hope for a mistake."
                    )
                }
                _ => {
                    why = format!("From {position}: {}.", analysis.explanation);
                    format!(
                        "From {position}, neither player can force a win: with best play the \
                         game goes on for ever, a draw."
                    )
                }
            };
            Some(Example { position, text })
        }
        _ => None,
    };
    Ok(GuideReport {
        game: spec,
        rules: game.rules(),
        goal: game.ending(convention),
        clicks: game.click_help(),
        plain_rule,
        example,
        why,
    })
}
