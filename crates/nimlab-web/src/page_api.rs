//! The API the page plays with: one answer per position shown (its board, every
//! listed move with how it is clicked, and the analysis), random starts, and each
//! game's "how to play". The page holds no rule of any game: it draws the board it is
//! sent and matches clicks to the moves listed here.

use super::request::{GameRequest, PositionRequest, Reading, check_length, listed};
use super::{AppState, answer, resolve};
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::response::Response;
use nimlab_core::heap::losing::losing_heaps;
use nimlab_core::limits::{
    GUIDE_RULE_TIME, GUIDE_RULE_WORK, MOVES_REMOTENESS_SEARCH, PAGE_ANALYSIS_TIME,
    PAGE_LISTED_TEXT, PAGE_REMOTENESS_SIZE, PAGE_REMOTENESS_TIME, RANDOM_START_TIME,
    RANDOM_START_TRIES, REPLAY_REMOTENESS_MOVES, REPLAY_VALUES_TIME, WEB_LISTED_MOVES,
};
use nimlab_core::protocol::board::{Board, Clicks};
use nimlab_core::protocol::policy::{Player, drawn_by_repetition, repetition_rule, winner};
use nimlab_core::protocol::{MoveValues, TextMove};
use nimlab_core::registry::Spec;
use nimlab_core::report::record::{Record, RecordedMove, Replay, player_named};
use nimlab_core::report::review::{PlayedMove, review as review_game};
use nimlab_core::report::{AnalysisReport, ErrorReport, MoveReport, MovesReport};
use nimlab_core::{
    Analysis, AnyMove, AnyPosition, Budget, Convention, Error, InputError, Nat, Outcome, Ruleset,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Duration;

/// The page's JavaScript modules beside `app.js`, embedded in the binary.
const MODULES: &[(&str, &str)] = &[
    ("api.js", include_str!("../assets/js/api.js")),
    ("board.js", include_str!("../assets/js/board.js")),
    ("builder.js", include_str!("../assets/js/builder.js")),
    ("chart.js", include_str!("../assets/js/chart.js")),
    ("dom.js", include_str!("../assets/js/dom.js")),
    ("explore.js", include_str!("../assets/js/explore.js")),
    ("guide.js", include_str!("../assets/js/guide.js")),
    ("link.js", include_str!("../assets/js/link.js")),
    ("play.js", include_str!("../assets/js/play.js")),
];

/// A module of the page, `/js/NAME`.
pub(crate) async fn module(Path(name): Path<String>) -> Response {
    match MODULES.iter().find(|(file, _)| *file == name) {
        Some((_, text)) => ([(header::CONTENT_TYPE, "text/javascript")], *text).into_response(),
        None => super::failure(StatusCode::NOT_FOUND, "input", "no such module"),
    }
}

/// A listed move: its values when the position was analyzed, else its words alone.
#[derive(Serialize)]
#[serde(untagged)]
enum Listed {
    Valued(MoveReport),
    Plain { text: String, description: String },
}

/// A move made: as it is typed, and in words.
#[derive(Serialize)]
struct Played {
    text: String,
    description: String,
}

/// Everything the page shows of a position.
#[derive(Serialize)]
pub(crate) struct PositionReport {
    game: String,
    /// The position, in canonical syntax.
    position: String,
    /// How many legal moves there are in all.
    count: Value,
    /// The first legal moves, winning moves first when analyzed.
    moves: Vec<Listed>,
    /// Whether fewer moves are listed than asked for, as their text would be too long.
    text_limited: bool,
    /// How each listed move is made on the board, in the order of `moves`.
    clicks: Vec<Clicks>,
    /// The position drawn.
    board: Board,
    /// How to type a move here, with an example.
    move_syntax: String,
    /// Who wins, in one sentence for people ([`Outcome::verdict`]); absent when the
    /// position could not be analyzed.
    verdict: Option<&'static str>,
    /// Who wins, and why; absent when the position could not be analyzed.
    analysis: Option<AnalysisReport>,
    /// Why the position was not analyzed, when it was asked to be: "too-large",
    /// "no-known-value", "undefined" or "out-of-time" (the page says it in words).
    unanalyzed: Option<&'static str>,
    /// How many more moves the game lasts with best play on both sides, when every
    /// move's is known.
    remoteness: Option<u32>,
    /// Whether positions of this game can repeat (the page then sends the history).
    repeats: bool,
    /// The move made first, when the request asked for one.
    played: Option<Played>,
    /// Whether the game has ended: no move is left, or the position has repeated.
    over: bool,
    /// When it has ended: "mover" if the player to move has won, "other" if the
    /// player who made the last move has, "draw" for a draw by repetition.
    result: Option<&'static str>,
    /// For a draw by repetition: the rule that drew it, in words
    /// ([`repetition_rule`]).
    draw_rule: Option<String>,
}

/// A count as JSON: a number up to 2^53, a decimal string beyond (as the core's
/// reports write numbers).
fn json_count(n: &Nat) -> Value {
    match nimlab_core::num::to_u64(n) {
        Some(small) if small <= 1 << 53 => Value::from(small),
        _ => Value::from(n.to_string()),
    }
}

pub(crate) async fn position(
    State(state): State<AppState>,
    request: Result<Json<PositionRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let (reading, made) = request.read(budget)?;
        let mut report = report(&reading, request.max_moves(), request.analyze, budget)?;
        report.played = made.map(|made| Played {
            text: made.text,
            description: made.action,
        });
        Ok(report)
    })
    .await
}

/// Whether an analysis failed for a reason the position itself gives (too large,
/// no known value, no answer, out of its time), so that the game can still be played
/// without it; the kind, as [`ErrorReport`] names it.
fn beyond_analysis(error: &Error) -> Option<&'static str> {
    match error {
        Error::TooLarge(_) | Error::NoKnownValue(_) | Error::Undefined(_) | Error::OutOfTime(_) => {
            Some(ErrorReport::from(error).error)
        }
        Error::Input(_) | Error::Cancelled(_) => None,
    }
}

/// The report of the last position of `reading.played`, listing at most `max_moves`
/// moves (as [`listed`] bounds them).
fn report(
    reading: &Reading,
    max_moves: usize,
    analyze: bool,
    budget: &Budget,
) -> Result<PositionReport, Error> {
    let Reading {
        game,
        convention,
        played,
    } = reading;
    let (game, convention) = (game.as_ref(), *convention);
    let position = played.last().expect("the position now");
    // Each move is listed with its words, about as long as the position: a huge
    // position lists few (it is played by typing or with the page's move builder).
    let listable = PAGE_LISTED_TEXT.get() / (40 * game.size(position)).max(1);
    let cut = listable < max_moves;
    let max_moves = max_moves.min(listable);
    let analyzed = if analyze {
        let within = budget
            .narrowed(u64::MAX)
            .with_timeout(Duration::from_millis(PAGE_ANALYSIS_TIME.value));
        match analyzed(game, position, convention, max_moves, &within) {
            Ok(found) => Ok(found),
            Err(error) => Err(beyond_analysis(&error).ok_or(error)?),
        }
    } else {
        Err("not-asked")
    };
    let (moves, plays, count, text_limited, analysis, remoteness, unanalyzed) = match analyzed {
        Ok((values, analysis)) => {
            let remoteness = position_remoteness(&values, analysis.outcome, game.is_over(position));
            let plays: Vec<AnyMove> = values.moves.iter().map(|v| v.play.clone()).collect();
            let listed = MovesReport::new(game, position, convention, values, false);
            let moves = listed.moves.into_iter().map(Listed::Valued).collect();
            let analysis = AnalysisReport::new(game, position, analysis, false);
            (
                moves,
                plays,
                listed.count,
                listed.text_limited,
                Some(analysis),
                remoteness,
                None,
            )
        }
        Err(why) => {
            let (plays, complete) = game.legal_moves(position, max_moves);
            let count = if complete {
                Nat::from(plays.len())
            } else {
                game.move_count(position)
            };
            let moves = plays
                .iter()
                .map(|play| Listed::Plain {
                    text: game.move_text(position, play),
                    description: game.describe_move(position, play),
                })
                .collect();
            let unanalyzed = (why != "not-asked").then_some(why);
            (moves, plays, count, cut, None, None, unanalyzed)
        }
    };
    let clicks = plays
        .iter()
        .map(|play| game.clicks(position, play))
        .collect();
    let no_move = game.is_over(position);
    let drawn = !no_move && drawn_by_repetition(game, played);
    // The player to move stands for the person: the winner is the one or the other.
    let result = if no_move {
        Some(match winner(game, position, Player::Person, convention) {
            Player::Person => "mover",
            Player::Computer => "other",
        })
    } else {
        drawn.then_some("draw")
    };
    Ok(PositionReport {
        game: game.spec(),
        position: game.format_position(position),
        count: json_count(&count),
        moves,
        text_limited,
        clicks,
        board: game.board(position),
        move_syntax: game.move_syntax(position),
        verdict: analysis.as_ref().map(|a| a.outcome.verdict()),
        analysis,
        unanalyzed,
        remoteness,
        repeats: game.repeats(),
        played: None,
        over: result.is_some(),
        result,
        draw_rule: drawn.then(repetition_rule),
    })
}

/// The values of the first `max_moves` moves (with their remoteness, searched
/// briefly) and the analysis of `position`.
fn analyzed(
    game: &dyn Ruleset,
    position: &AnyPosition,
    convention: Convention,
    max_moves: usize,
    budget: &Budget,
) -> Result<(MoveValues<AnyMove>, Analysis<AnyMove>), Error> {
    // The search counts positions, not their bytes: positions of huge numbers are
    // not searched (their game is far too long to search anyway).
    let searched = if game.size(position) <= PAGE_REMOTENESS_SIZE.get() {
        MOVES_REMOTENESS_SEARCH.value
    } else {
        0
    };
    let remoteness = budget
        .narrowed(searched)
        .with_timeout(Duration::from_millis(PAGE_REMOTENESS_TIME.value));
    let values = game.move_list_within(position, convention, max_moves, budget, &remoteness)?;
    let analysis = game.analyze(position, convention, 0, budget)?;
    Ok((values, analysis))
}

/// The remoteness of a position from its moves' values, when every move is listed
/// with its remoteness: 0 at the end; from a won position, one more than the least of
/// the winning moves'; from a lost one, one more than the greatest.
fn position_remoteness(values: &MoveValues<AnyMove>, outcome: Outcome, over: bool) -> Option<u32> {
    if over {
        return Some(0);
    }
    if values.count != values.moves.len() as u64 {
        return None;
    }
    let all: Option<Vec<(Outcome, u32)>> = values
        .moves
        .iter()
        .map(|v| v.remoteness.map(|r| (v.after, r)))
        .collect();
    let all = all?;
    let best = match outcome {
        Outcome::N => all
            .iter()
            .filter(|(after, _)| *after == Outcome::P)
            .map(|(_, r)| *r)
            .min(),
        Outcome::P => all.iter().map(|(_, r)| *r).max(),
        Outcome::D => None,
    };
    best.map(|r| r + 1)
}

/// A game sent whole: its start and moves (as typed), or a game record's text (what
/// "Open game" reads), with the names of who made each move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameSent {
    game: Option<String>,
    #[serde(default)]
    misere: bool,
    graph: Option<String>,
    start: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// Who made each move, as a record names players
    /// ([`PLAYER_NAMES`](nimlab_core::report::record::PLAYER_NAMES)).
    #[serde(default)]
    players: Vec<String>,
    /// A game record's text, instead of the fields above.
    record: Option<String>,
    max_moves: Option<usize>,
    /// How many of the moves are played in the position reported (all by default):
    /// the others are taken back, to be made again.
    shown: Option<usize>,
}

/// One move of a game replayed.
#[derive(Serialize)]
struct Step {
    text: String,
    description: String,
    /// The position it leaves.
    position: String,
    /// Who made it, as a record names players.
    by: Option<String>,
}

/// What the page charts of a position.
#[derive(Serialize)]
struct Values {
    outcome: Option<&'static str>,
    grundy: Option<Value>,
    remoteness: Option<u32>,
}

/// A game replayed: the start and every move checked against the rules, the values
/// of every position for the chart, and the last position's report.
#[derive(Serialize)]
struct ReplayReport {
    /// The spec as sent or recorded.
    game: String,
    misere: bool,
    graph: Option<String>,
    start: String,
    steps: Vec<Step>,
    /// The start's values, then those of the position after each move.
    values: Vec<Values>,
    /// The record's winner, for a record.
    winner: Option<String>,
    report: PositionReport,
}

/// A game sent, read and checked.
struct GameRead {
    spec: String,
    graph: Option<String>,
    reading: Reading,
    /// Each move and who made it (`None` when not said).
    moves: Vec<(TextMove, Option<String>)>,
    winner: Option<String>,
}

/// Read a game sent: every move checked against the rules, from the position before
/// it, and none after the game is over.
fn read_game(sent: &GameSent, budget: &Budget) -> Result<GameRead, Error> {
    if let Some(text) = &sent.record {
        let record = Record::from_json(text, "the game opened")?;
        let graph = record.graph.clone().or_else(|| sent.graph.clone());
        let game = resolve(&record.game, graph.as_deref(), budget)?;
        let Replay {
            convention,
            start,
            moves,
        } = record.replay(game.as_ref())?;
        check_length(moves.len(), "moves", "moves")?;
        let mut played = vec![start];
        let mut texts = Vec::with_capacity(moves.len());
        for (index, (made, recorded)) in moves.into_iter().zip(&record.moves).enumerate() {
            let before = played.last().expect("the start");
            check_not_over(game.as_ref(), &played, index)?;
            let play = game
                .move_to(before, &made.position)
                .expect("checked by the replay");
            texts.push((game.text_move(before, &play), Some(recorded.by.clone())));
            played.push(made.position);
        }
        return Ok(GameRead {
            spec: record.game,
            graph,
            reading: Reading {
                game,
                convention,
                played,
            },
            moves: texts,
            winner: record.winner,
        });
    }
    let spec = sent
        .game
        .clone()
        .ok_or_else(|| InputError::missing("game", "a game's spec, or a record"))?;
    let game = resolve(&spec, sent.graph.as_deref(), budget)?;
    check_length(sent.moves.len(), "moves", "moves")?;
    if !sent.players.is_empty() && sent.players.len() != sent.moves.len() {
        return Err(InputError::invalid(
            "players",
            &sent.players.len().to_string(),
            format!("one player for each of the {} moves", sent.moves.len()),
        )
        .into());
    }
    for name in &sent.players {
        player_named(name)?;
    }
    let start = sent
        .start
        .as_deref()
        .ok_or_else(|| InputError::missing("start", "the start position"))?;
    let mut played = vec![game.parse_position(start)?];
    let mut texts = Vec::with_capacity(sent.moves.len());
    for (index, text) in sent.moves.iter().enumerate() {
        check_not_over(game.as_ref(), &played, index)?;
        let before = played.last().expect("the start");
        let play = game.parse_move(before, text).map_err(|error| {
            InputError::invalid(
                format!("move {}", index + 1),
                text,
                format!(
                    "a legal move from {}: {error}",
                    game.format_position(before)
                ),
            )
        })?;
        let after = game.apply(before, &play);
        texts.push((
            game.text_move(before, &play),
            sent.players.get(index).cloned(),
        ));
        played.push(after);
    }
    Ok(GameRead {
        spec,
        graph: sent.graph.clone(),
        reading: Reading {
            game,
            convention: Convention::misere_if(sent.misere),
            played,
        },
        moves: texts,
        winner: None,
    })
}

/// An error if the game whose positions were `played` is over, so that move
/// `index` (from 0) cannot be made.
fn check_not_over(game: &dyn Ruleset, played: &[AnyPosition], index: usize) -> Result<(), Error> {
    let now = played.last().expect("the start");
    if game.is_over(now) || (game.repeats() && drawn_by_repetition(game, played)) {
        return Err(InputError::invalid(
            format!("move {}", index + 1),
            &game.format_position(now),
            "no move: the game is over",
        )
        .into());
    }
    Ok(())
}

pub(crate) async fn replay(
    State(state): State<AppState>,
    request: Result<Json<GameSent>, JsonRejection>,
) -> Response {
    answer(&state, request, |sent, budget| {
        let read = read_game(sent, budget)?;
        let Reading {
            game,
            convention,
            played,
        } = &read.reading;
        let values_budget = budget
            .narrowed(u64::MAX)
            .with_timeout(Duration::from_millis(REPLAY_VALUES_TIME.value));
        let values = played
            .iter()
            .map(|position| position_values(game.as_ref(), position, *convention, &values_budget))
            .collect();
        let max_moves = listed(sent.max_moves);
        let shown = sent.shown.unwrap_or(read.moves.len());
        if shown > read.moves.len() {
            return Err(InputError::invalid(
                "shown",
                &shown.to_string(),
                format!("at most the {} moves sent", read.moves.len()),
            )
            .into());
        }
        let at = Reading {
            game: game.clone(),
            convention: *convention,
            played: played[..=shown].to_vec(),
        };
        let report = report(&at, max_moves, true, budget)?;
        let steps = read
            .moves
            .iter()
            .zip(&played[1..])
            .map(|((made, by), after)| Step {
                text: made.text.clone(),
                description: made.action.clone(),
                position: game.format_position(after),
                by: by.clone(),
            })
            .collect();
        Ok(ReplayReport {
            game: read.spec.clone(),
            misere: *convention == Convention::Misere,
            graph: read.graph.clone(),
            start: game.format_position(&played[0]),
            steps,
            values,
            winner: read.winner.clone(),
            report,
        })
    })
    .await
}

/// The outcome, Grundy value and remoteness of a position, as far as `budget` allows.
fn position_values(
    game: &dyn Ruleset,
    position: &AnyPosition,
    convention: Convention,
    budget: &Budget,
) -> Values {
    let Ok(analysis) = game.analyze(position, convention, 0, budget) else {
        return Values {
            outcome: None,
            grundy: None,
            remoteness: None,
        };
    };
    // The remoteness needs every move's: looked for in positions with few moves.
    let remoteness = if game.is_over(position) {
        Some(0)
    } else if game.size(position) <= PAGE_REMOTENESS_SIZE.get()
        && game.move_count(position) <= REPLAY_REMOTENESS_MOVES.value
    {
        let search = budget
            .narrowed(MOVES_REMOTENESS_SEARCH.value)
            .with_timeout(Duration::from_millis(PAGE_REMOTENESS_TIME.value));
        game.move_list_within(
            position,
            convention,
            REPLAY_REMOTENESS_MOVES.get(),
            budget,
            &search,
        )
        .ok()
        .and_then(|values| position_remoteness(&values, analysis.outcome, false))
    } else {
        None
    };
    Values {
        outcome: Some(analysis.outcome.letter()),
        grundy: analysis.grundy.as_ref().map(json_count),
        remoteness,
    }
}

/// The game sent as a game record, for "Save game" (`docs/FORMATS.md`).
pub(crate) async fn record(
    State(state): State<AppState>,
    request: Result<Json<GameSent>, JsonRejection>,
) -> Response {
    answer(&state, request, |sent, budget| {
        let read = read_game(sent, budget)?;
        let Reading {
            game,
            convention,
            played,
        } = &read.reading;
        let over = game.is_over(played.last().expect("the start"));
        let moves: Vec<RecordedMove> = read
            .moves
            .iter()
            .zip(&played[1..])
            .map(|((made, by), after)| RecordedMove {
                by: by.clone().unwrap_or_else(|| "you".to_string()),
                action: made.action.clone(),
                position: game.format_position(after),
            })
            .collect();
        // A game drawn or unfinished has no winner. The player to move at the end
        // stands for the person: the winner made the last move or the one before.
        let end = played.last().expect("the start");
        let winner = over
            .then(|| {
                let last = moves.len().checked_sub(1)?;
                let by = match winner(game.as_ref(), end, Player::Person, *convention) {
                    Player::Person => last.checked_sub(1)?,
                    Player::Computer => last,
                };
                Some(moves[by].by.clone())
            })
            .flatten();
        Ok(Record {
            game: read.spec.clone(),
            convention: convention.name().to_string(),
            start: game.format_position(&played[0]),
            moves,
            winner,
            graph: read.graph.clone(),
        })
    })
    .await
}

/// A move that threw a win away, and one that kept it.
#[derive(Serialize)]
struct Mistake {
    /// The move's index in the game (from 0).
    index: usize,
    /// The move that would have kept the win, as typed and in words.
    better: Played,
    /// Why that move wins.
    reason: String,
}

/// The people's mistakes in a game sent: each move of a person's that turned a won
/// position into a lost one, with a move that kept the win (as `nimlab review`).
pub(crate) async fn review(
    State(state): State<AppState>,
    request: Result<Json<GameSent>, JsonRejection>,
) -> Response {
    answer(&state, request, |sent, budget| {
        let read = read_game(sent, budget)?;
        let Reading {
            game,
            convention,
            played,
        } = &read.reading;
        let moves: Vec<PlayedMove> = read
            .moves
            .iter()
            .zip(&played[1..])
            .map(|((made, by), after)| {
                Ok(PlayedMove {
                    by: player_named(by.as_deref().unwrap_or("you"))?,
                    action: made.action.clone(),
                    position: after.clone(),
                })
            })
            .collect::<Result<_, InputError>>()?;
        let blunders = review_game(game.as_ref(), *convention, &played[0], &moves, budget)?;
        let mistakes: Vec<Mistake> = blunders
            .into_iter()
            .map(|blunder| {
                let before = &played[blunder.index];
                let better = game.text_move(before, &blunder.better);
                Mistake {
                    index: blunder.index,
                    better: Played {
                        text: better.text,
                        description: better.action,
                    },
                    reason: blunder.reason,
                }
            })
            .collect();
        Ok(mistakes)
    })
    .await
}

/// A random start.
#[derive(Serialize)]
struct StartReport {
    game: String,
    position: String,
}

pub(crate) async fn random_start(
    State(state): State<AppState>,
    request: Result<Json<GameRequest>, JsonRejection>,
) -> Response {
    answer(&state, request, |request, budget| {
        let game = request.game(budget)?;
        let convention = request.convention();
        let mut refused = None;
        for _ in 0..RANDOM_START_TRIES.value {
            let start = game
                .random_start(rand::random::<u64>())
                .ok_or_else(|| Error::Undefined(format!("{} has no random starts", game.spec())))?;
            // The start's moves as the page asks for them, briefly: a start whose
            // answer is beyond the limits, or slow, is replaced by another.
            let brief = budget
                .narrowed(u64::MAX)
                .with_timeout(Duration::from_millis(RANDOM_START_TIME.value));
            match game.move_list(&start, convention, WEB_LISTED_MOVES.get(), &brief) {
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
    let example = spec
        .parse::<Spec>()
        .ok()
        .and_then(|parsed| game.parse_position(&parsed.example_position()).ok());
    let start = example.or_else(|| game.random_start(1));
    // The rule needs the game's period: looked for briefly, since the search holds the
    // game's table while it runs and the page's other requests wait for it (a period
    // found is kept, and a game without a short one has no plain rule anyway).
    let brief = budget
        .narrowed(GUIDE_RULE_WORK.value)
        .with_timeout(Duration::from_millis(GUIDE_RULE_TIME.value));
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
                (outcome, _) => {
                    why = format!("From {position}: {}.", analysis.explanation);
                    let hope = match outcome {
                        Outcome::P => " Make the game long and hope for a mistake.",
                        _ => "",
                    };
                    format!("From {position}: {}{hope}", outcome.verdict())
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
