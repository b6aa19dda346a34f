//! The one check every game passes, built in or defined elsewhere (a user's crate, the
//! Python package): [`check`] a spec, or [`check_game`] a game and a start.
//!
//! On positions reached by random walks from the start (and on random starts, if the
//! game draws them), it checks that:
//!
//! - **notation** round-trips: a position's text reads back as the same position, and
//!   each legal move's text as the same move; the move between a position and one
//!   after it is found by the rules; the board shows the position;
//! - **moves agree with brute force** in both conventions (those the game takes):
//!   retrograde analysis of every position reachable, which knows nothing of the
//!   game's strategy, decides each move's result and remoteness, and the memoized
//!   Grundy engine each Grundy value given;
//! - **clicks**, for a game drawn with clicks: every legal move is made by clicking
//!   spots its board draws (a sum's moves in a part drawn as text are typed), and one
//!   sequence of clicks makes one move;
//! - **random starts** read back as written and have a move to make;
//! - **play** goes to the end: the computer plays both sides from the start, every
//!   move it chooses is legal, and from a won start the player to move wins;
//! - **JSON** (with the `serde` feature): the reports front ends print and serve
//!   serialize, with the outcome and the moves' results.
//!
//! A position too large for a brute-force search of [`SEARCH_WORK`] steps is checked
//! for everything but brute force.

use crate::budget::Budget;
use crate::protocol::board::Board;
use crate::protocol::policy::{Player, Policy, Style, drawn_by_repetition, winner};
use crate::protocol::{AnyMove, AnyPosition, Ruleset};
use crate::registry::{Loader, Spec};
use crate::rules::{Convention, Game, Outcome};
use crate::solve::loopy::Retrograde;
use crate::solve::search::GrundyEngine;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::collections::{HashMap, HashSet};

/// Steps of work a brute-force search of one position may take; larger positions are
/// not compared with brute force.
pub const SEARCH_WORK: u64 = 20_000;

/// Random walks from the start, and the most moves each takes: half of them short,
/// to stay near the start, and half long, to reach positions near the end, which
/// brute force can search.
const WALKS: usize = 30;
const SHORT_STEPS: usize = 8;
const LONG_STEPS: usize = 300;

/// The moves of a position that are checked, at most.
const MOVES_CHECKED: usize = 256;

/// The most moves of a game played to the end that are checked; a won game whose
/// positions can repeat must end before (or be drawn by repetition).
const PLAYED_MOVES: usize = 200;

/// What was checked: counts, so a caller can see that the check was not vacuous.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Positions whose notation, moves and board were checked.
    pub positions: usize,
    /// Legal moves read back from their text.
    pub moves: usize,
    /// Positions (in one convention) compared with brute force.
    pub searched: usize,
    /// Legal moves made by clicking the board.
    pub clicked: usize,
    /// Moves played in games played to the end.
    pub played: usize,
}

/// A broken promise: what the game did, in one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Violation(pub String);

/// `Err(Violation(...))` unless `condition`.
macro_rules! ensure {
    ($condition:expr, $($message:tt)+) => {
        if !$condition {
            return Err(Violation(format!($($message)+)));
        }
    };
}

/// Check the game `spec` names (files it names are read with `load`) from its
/// family's example position (for a sum, the parts' examples): its canonical spec
/// names the same game, and [`check_game`] holds.
pub fn check(spec: &str, load: Loader) -> Result<Checked, Violation> {
    let parsed: Spec = spec
        .parse()
        .map_err(|e| Violation(format!("{spec}: the spec does not read: {e}")))?;
    let game = parsed
        .build(load, &Budget::unlimited())
        .map_err(|e| Violation(format!("{spec}: the game is not built: {e}")))?;
    let canonical = game.spec();
    let again = canonical
        .parse::<Spec>()
        .and_then(|again| {
            again
                .build(load, &Budget::unlimited())
                .map_err(|_| crate::error::InputError::missing("game", "a game"))
        })
        .map_err(|e| Violation(format!("{spec}: its spec {canonical} does not read: {e}")))?;
    ensure!(
        again.spec() == canonical,
        "{spec}: its spec {canonical} reads as {}",
        again.spec()
    );
    let example = parsed.example_position();
    let start = game
        .parse_position(&example)
        .map_err(|e| Violation(format!("{spec}: the example {example} does not read: {e}")))?;
    check_game(game.as_ref(), &start)
}

/// Check `game` on positions reached from `start` (see the module documentation).
pub fn check_game(game: &dyn Ruleset, start: &AnyPosition) -> Result<Checked, Violation> {
    let mut checked = Checked::default();
    let positions = sampled(game, start);
    let mut clicked_anywhere = false;
    for position in &positions {
        notation(game, position, &mut checked)?;
        brute_force(game, position, &mut checked)?;
        clicked_anywhere |= game
            .legal_moves(position, MOVES_CHECKED)
            .0
            .iter()
            .any(|play| !game.clicks(position, play).is_empty());
    }
    if clicked_anywhere {
        ensure!(
            !game.click_help().is_empty(),
            "{}: moves are clicked, but click_help says nothing of how",
            game.spec()
        );
        for position in &positions {
            clicks(game, position, &mut checked)?;
        }
    }
    random_starts(game)?;
    for convention in [Convention::Normal, Convention::Misere] {
        play_to_the_end(game, start, convention, &mut checked)?;
    }
    json(game, start)?;
    Ok(checked)
}

/// The start, positions reached from it by random walks, and random starts.
fn sampled(game: &dyn Ruleset, start: &AnyPosition) -> Vec<AnyPosition> {
    let mut rng = StdRng::seed_from_u64(25);
    let mut positions = vec![start.clone()];
    for walk in 0..WALKS {
        let mut position = start.clone();
        let steps = if walk % 2 == 0 {
            SHORT_STEPS
        } else {
            LONG_STEPS
        };
        for _ in 0..rng.random_range(0..=steps) {
            match game.legal_moves(&position, 64).0.choose(&mut rng) {
                Some(play) => position = game.apply(&position, play),
                None => break,
            }
        }
        positions.push(position);
    }
    positions.extend((0..4).filter_map(|seed| game.random_start(seed)));
    positions
}

/// A position's text reads back as it, each move's text as the move, the move between
/// it and each position after it is found by the rules, and the board shows it.
fn notation(
    game: &dyn Ruleset,
    position: &AnyPosition,
    checked: &mut Checked,
) -> Result<(), Violation> {
    let spec = game.spec();
    let text = game.format_position(position);
    let read = game
        .parse_position(&text)
        .map_err(|e| Violation(format!("{spec}: {text} does not read back: {e}")))?;
    ensure!(
        read == *position,
        "{spec}: {text} reads back as another position"
    );
    let board = game.board(position);
    ensure!(
        board_matches(&board, &text),
        "{spec}: the board {board:?} does not show {text}"
    );
    let (moves, _) = game.legal_moves(position, MOVES_CHECKED);
    for play in &moves {
        let typed = game.move_text(position, play);
        let read = game.parse_move(position, &typed).map_err(|e| {
            Violation(format!(
                "{spec}: the move '{typed}' from {text} does not read: {e}"
            ))
        })?;
        ensure!(
            read == *play,
            "{spec}: the move '{typed}' from {text} reads as another move"
        );
        let after = game.apply(position, play);
        let found = game.move_to(position, &after);
        ensure!(
            found.is_some_and(|found| game.apply(position, &found) == after),
            "{spec}: no move is found from {text} to {}",
            game.format_position(&after)
        );
        ensure!(
            !game.describe_move(position, play).is_empty(),
            "{spec}: a move from {text} has no description"
        );
        checked.moves += 1;
    }
    checked.positions += 1;
    Ok(())
}

/// Any game as seen through its [`Ruleset`], for brute force: nothing but its legal
/// moves and how it ends.
struct Rules<'a>(&'a dyn Ruleset);

impl Game for Rules<'_> {
    type Position = AnyPosition;
    type Move = AnyMove;
    fn legal_moves(&self, p: &AnyPosition, limit: usize) -> (Vec<AnyMove>, bool) {
        self.0.legal_moves(p, limit)
    }
    fn apply(&self, p: &AnyPosition, play: &AnyMove) -> AnyPosition {
        self.0.apply(p, play)
    }
    fn canonical(&self, p: &AnyPosition) -> AnyPosition {
        self.0.canonical(p)
    }
    fn mover_wins_at_end(&self, p: &AnyPosition, convention: Convention) -> bool {
        self.0.mover_wins_at_end(p, convention)
    }
}

/// In each convention the game takes, the analysis and every listed move's result,
/// remoteness and Grundy value agree with brute force, when the position is small
/// enough to search.
fn brute_force(
    game: &dyn Ruleset,
    position: &AnyPosition,
    checked: &mut Checked,
) -> Result<(), Violation> {
    let rules = Rules(game);
    let spec = game.spec();
    let text = game.format_position(position);
    for convention in [Convention::Normal, Convention::Misere] {
        let Ok(solved) =
            Retrograde::solve(&rules, position, convention, &Budget::work(SEARCH_WORK))
        else {
            continue; // too large to search
        };
        let what = format!("{spec} {convention:?} at {text}");
        // A game may refuse a convention it does not take, or a position it knows no
        // answer for; what it answers must be right.
        let Ok(analysis) = game.analyze(position, convention, usize::MAX, &Budget::unlimited())
        else {
            continue;
        };
        let truth = solved.get(&rules, position).expect("the start").outcome;
        ensure!(
            analysis.outcome == truth,
            "{what}: the analysis says {:?}, brute force {truth:?}",
            analysis.outcome
        );
        let values = game
            .move_list(position, convention, MOVES_CHECKED, &Budget::unlimited())
            .map_err(|e| Violation(format!("{what}: no list of moves: {e}")))?;
        let (legal, complete) = game.legal_moves(position, usize::MAX);
        ensure!(
            complete && values.count == legal.len(),
            "{what}: {} moves counted, {} legal",
            values.count,
            legal.len()
        );
        let mut seen_losing = false;
        let mut winning = 0;
        for value in &values.moves {
            let after = game.apply(position, &value.play);
            let truth = solved.get(&rules, &after).expect("reachable");
            let move_what = format!("{what} then {}", game.describe_move(position, &value.play));
            ensure!(
                value.after == truth.outcome,
                "{move_what}: listed as leaving {:?}, brute force says {:?}",
                value.after,
                truth.outcome
            );
            ensure!(
                !(value.wins() && seen_losing),
                "{move_what}: a winning move after a losing one"
            );
            seen_losing |= !value.wins();
            winning += usize::from(value.wins());
            if let Some(remoteness) = value.remoteness {
                ensure!(
                    Some(remoteness) == truth.remoteness,
                    "{move_what}: remoteness {remoteness}, brute force {:?}",
                    truth.remoteness
                );
            }
            if let (Some(g), Convention::Normal) = (&value.grundy, convention)
                && let Ok(engine) = GrundyEngine::new(&rules).grundy(&after)
            {
                ensure!(
                    *g == engine,
                    "{move_what}: Grundy value {g}, engine {engine}"
                );
            }
        }
        if values.moves.len() == legal.len() {
            ensure!(
                analysis.winning_move_count == winning,
                "{what}: {} winning moves counted, {winning} by brute force",
                analysis.winning_move_count
            );
        }
        checked.searched += 1;
    }
    Ok(())
}

/// Every legal move is made by clicking spots the board draws (but a move of a sum in
/// a part drawn as text, which is typed); a sequence of clicks makes one move, and no
/// spot is clicked twice in a row (clicking the last spot again is how a shorter move
/// is confirmed).
fn clicks(
    game: &dyn Ruleset,
    position: &AnyPosition,
    checked: &mut Checked,
) -> Result<(), Violation> {
    let board = game.board(position);
    let spots = drawn_spots(&board);
    let mut made = HashMap::new();
    for play in game.legal_moves(position, 2000).0 {
        let what = format!(
            "{} at {}: {}",
            game.spec(),
            game.format_position(position),
            game.describe_move(position, &play)
        );
        let clicks = game.clicks(position, &play);
        let moved = game.apply(position, &play);
        if clicks.is_empty() && in_typed_part(&board, &game.board(&moved)) {
            continue;
        }
        ensure!(!clicks.is_empty(), "no click makes {what}");
        let after = game.canonical(&moved);
        for sequence in clicks {
            let names: Vec<String> = sequence.iter().map(|s| s.to_string()).collect();
            for name in &names {
                ensure!(spots.contains(name), "{what}: {name} is not drawn");
            }
            ensure!(
                names.windows(2).all(|w| w[0] != w[1]),
                "{what}: {names:?} clicks a spot twice in a row"
            );
            if let Some(other) = made.insert(names.clone(), after.clone()) {
                ensure!(other == after, "{what}: {names:?} makes two moves");
            }
        }
        checked.clicked += 1;
    }
    Ok(())
}

/// Random starts, if the game draws them, read back as written and have a move.
fn random_starts(game: &dyn Ruleset) -> Result<(), Violation> {
    for seed in 0..10 {
        let Some(start) = game.random_start(seed) else {
            return Ok(());
        };
        let text = game.format_position(&start);
        ensure!(
            game.normalize(&text).as_deref() == Ok(text.as_str()),
            "{}: the random start {text} does not read back as written",
            game.spec()
        );
        ensure!(
            !game.is_over(&start),
            "{}: the random start {text} has no move",
            game.spec()
        );
    }
    Ok(())
}

/// The computer plays both sides from `start` to the end (or a draw by repetition),
/// every move legal; from a won start the player to move wins.
fn play_to_the_end(
    game: &dyn Ruleset,
    start: &AnyPosition,
    convention: Convention,
    checked: &mut Checked,
) -> Result<(), Violation> {
    let spec = game.spec();
    let budget = || Budget::question(Some(std::time::Duration::from_secs(5)));
    let outcome = match game.analyze(start, convention, 1, &budget()) {
        Ok(analysis) => analysis.outcome,
        Err(_) => return Ok(()), // a convention the game does not take, or too large
    };
    let mut rng = StdRng::seed_from_u64(26);
    let mut played = vec![start.clone()];
    let mut to_move = Player::Person;
    for _ in 0..PLAYED_MOVES {
        let position = played.last().expect("the start").clone();
        if game.is_over(&position) {
            if outcome != Outcome::D {
                let won = winner(game, &position, to_move, convention) == Player::Person;
                ensure!(
                    won == (outcome == Outcome::N),
                    "{spec} {convention:?}: from {} ({outcome:?}) the wrong player won",
                    game.format_position(start)
                );
            }
            return Ok(());
        }
        if drawn_by_repetition(game, &played) {
            return Ok(());
        }
        // The winner plays perfectly; the loser at random, which is quick (the
        // longest defence looks ahead for a while at every move).
        let policy = Policy {
            level: 10,
            style: Style::Random,
        };
        let play = game
            .computer_move(&position, convention, policy, &mut rng, &budget())
            .map_err(|e| Violation(format!("{spec} {convention:?}: no computer move: {e}")))?;
        let after = game.apply(&position, &play);
        ensure!(
            game.move_to(&position, &after).is_some(),
            "{spec}: the computer's move from {} is not legal",
            game.format_position(&position)
        );
        played.push(after);
        to_move = to_move.other();
        checked.played += 1;
    }
    // A game whose positions cannot repeat ends, however long it takes; in one whose
    // positions can, the winner must make progress.
    ensure!(
        outcome == Outcome::D || !game.repeats(),
        "{spec} {convention:?}: a game from {} ({outcome:?}) lasted {PLAYED_MOVES} moves",
        game.format_position(start)
    );
    Ok(())
}

/// The reports front ends print and serve serialize, with the outcome and each move's
/// result.
#[cfg(feature = "serde")]
fn json(game: &dyn Ruleset, start: &AnyPosition) -> Result<(), Violation> {
    use crate::report::{AnalysisReport, MovesReport};
    let spec = game.spec();
    let budget = Budget::question(Some(std::time::Duration::from_secs(5)));
    let Ok(analysis) = game.analyze(start, Convention::Normal, 10, &budget) else {
        return Ok(());
    };
    let outcome = analysis.outcome;
    let report = AnalysisReport::new(game, start, analysis, true);
    let value = serde_json::to_value(&report)
        .map_err(|e| Violation(format!("{spec}: the analysis does not serialize: {e}")))?;
    ensure!(
        value["outcome"] == format!("{outcome:?}"),
        "{spec}: the analysis's JSON says {} for {outcome:?}",
        value["outcome"]
    );
    if let Ok(values) = game.move_list(start, Convention::Normal, 10, &budget) {
        let listed = values.moves.len();
        let report = MovesReport::new(game, start, Convention::Normal, values, true);
        let value = serde_json::to_value(&report)
            .map_err(|e| Violation(format!("{spec}: the moves do not serialize: {e}")))?;
        ensure!(
            value["moves"].as_array().map(Vec::len) == Some(listed),
            "{spec}: the moves' JSON lists another number of moves"
        );
    }
    Ok(())
}

#[cfg(not(feature = "serde"))]
fn json(_game: &dyn Ruleset, _start: &AnyPosition) -> Result<(), Violation> {
    Ok(())
}

/// Whether `board` shows the position written `text` (in its family's syntax).
fn board_matches(board: &Board, text: &str) -> bool {
    let numbers = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    };
    let listed = |ns: &[crate::Nat]| ns.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    match board {
        Board::Heaps { heaps, .. } => listed(heaps) == numbers(text),
        Board::Pins { rows } => listed(rows) == numbers(text),
        Board::Stairs { steps } => listed(steps) == numbers(text),
        Board::Pot { tokens, .. } => vec![tokens.to_string()] == numbers(text),
        Board::Pile { count, .. } => numbers(text).first() == Some(&count.to_string()),
        Board::Coins { coins } => {
            let faces: String = coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect();
            faces == text
        }
        Board::Plane { x, y, .. } => numbers(text)[..2] == [x.to_string(), y.to_string()],
        Board::Graph { tokens, .. } => {
            let vertices: Vec<String> = tokens.iter().map(|t| t.vertex.to_string()).collect();
            vertices == numbers(text)
        }
        Board::Sum { parts } => {
            let texts: Vec<&str> = text.split('+').map(str::trim).collect();
            parts.len() == texts.len()
                && parts
                    .iter()
                    .zip(texts)
                    .all(|(p, t)| board_matches(&p.board, t))
        }
        Board::Text { text: shown } => shown == text,
    }
}

/// Every spot a board draws, written as front ends name them (see
/// [`Spot`](crate::protocol::board::Spot)).
/// Whether the move of a sum from the board `before` to `after` is in a part that draws
/// no spot to click (a game drawn as text, such as one of only the minimum): such a
/// move is typed, while the other parts' moves are clicked.
fn in_typed_part(before: &Board, after: &Board) -> bool {
    let (Board::Sum { parts: before }, Board::Sum { parts: after }) = (before, after) else {
        return false;
    };
    before
        .iter()
        .zip(after)
        .any(|(b, a)| b.board != a.board && drawn_spots(&b.board).is_empty())
}

fn drawn_spots(board: &Board) -> HashSet<String> {
    let mut spots = HashSet::new();
    let rows = |spots: &mut HashSet<String>, rows: &[crate::Nat]| {
        for (i, n) in rows.iter().enumerate() {
            let n = crate::num::to_u64(n).unwrap_or(0);
            for t in 1..=n {
                spots.insert(format!("token {} {t}", i + 1));
                if t < n {
                    spots.insert(format!("gap {} {t}", i + 1));
                }
            }
        }
    };
    match board {
        Board::Heaps { heaps, .. } => rows(&mut spots, heaps),
        Board::Pins { rows: pins } => rows(&mut spots, pins),
        Board::Stairs { steps } => rows(&mut spots, steps),
        Board::Pot { tokens, .. } => rows(&mut spots, std::slice::from_ref(tokens)),
        Board::Pile { count, .. } => {
            rows(&mut spots, std::slice::from_ref(count));
            let n = crate::num::to_u64(count).unwrap_or(0);
            spots.extend((1..=n).map(|k| format!("take {k}")));
        }
        Board::Coins { coins } => spots.extend((1..=coins.len()).map(|c| format!("coin {c}"))),
        Board::Plane { x, y, flip, .. } => {
            let (x, y) = (
                crate::num::to_u64(x).unwrap_or(0),
                crate::num::to_u64(y).unwrap_or(0),
            );
            for a in 0..=x {
                spots.extend((0..=y).map(|b| format!("point {a} {b}")));
            }
            if flip.as_ref().is_some_and(|f| f.available) {
                spots.insert("flip".to_string());
            }
        }
        Board::Graph {
            vertices, tokens, ..
        } => {
            spots.extend((0..*vertices).map(|v| format!("vertex {v}")));
            spots.extend(tokens.iter().map(|t| format!("token-on {}", t.vertex)));
        }
        Board::Sum { parts } => {
            for (i, part) in parts.iter().enumerate() {
                let inner = drawn_spots(&part.board);
                spots.extend(inner.iter().map(|s| format!("part {} {s}", i + 1)));
            }
        }
        Board::Text { .. } => {}
    }
    spots
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::InputError;
    use crate::protocol::sum::Sum;
    use crate::protocol::{Erased, Notation, Strategy};
    use crate::registry::game;
    use std::sync::Arc;

    /// A game of only the minimum: `Game`'s two methods, `Notation`'s five and no
    /// method of `Strategy`. A number n; a move subtracts a proper divisor of n (one
    /// smaller than n), so the game ends at 1.
    struct Divisors;

    impl Game for Divisors {
        type Position = u64;
        type Move = u64;

        fn legal_moves(&self, n: &u64, limit: usize) -> (Vec<u64>, bool) {
            let divisors: Vec<u64> = (1..*n).filter(|d| n % d == 0).collect();
            let complete = divisors.len() <= limit;
            (divisors.into_iter().take(limit).collect(), complete)
        }

        fn apply(&self, n: &u64, divisor: &u64) -> u64 {
            n - divisor
        }
    }

    impl Notation for Divisors {
        fn spec(&self) -> String {
            "divisors".to_string()
        }

        fn rules(&self) -> String {
            "subtract from n a divisor of n smaller than n".to_string()
        }

        fn position_syntax(&self) -> String {
            "a whole number from 1 to 200".to_string()
        }

        fn parse_position(&self, text: &str) -> Result<u64, InputError> {
            text.trim()
                .parse()
                .ok()
                .filter(|n| (1..=200).contains(n))
                .ok_or_else(|| InputError::invalid("position", text, self.position_syntax()))
        }

        fn format_position(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    impl Strategy for Divisors {}

    /// The minimum is enough for every check: notation, moves against brute force in
    /// both conventions, play to the end, JSON; alone and in a sum with a built-in
    /// game.
    #[test]
    fn a_game_of_only_the_minimum_conforms_alone_and_in_sums() {
        let alone = check_game(&Erased(Divisors), &AnyPosition::new(60u64))
            .unwrap_or_else(|violation| panic!("{violation}"));
        assert!(alone.searched >= 5 && alone.played >= 1, "{alone:?}");
        let nim = game("nim").unwrap();
        let parts: Vec<Arc<dyn Ruleset>> = vec![Arc::new(Erased(Divisors)), nim.clone()];
        let start = AnyPosition::new(vec![
            AnyPosition::new(36u64),
            nim.parse_position("3 5").unwrap(),
        ]);
        let sum = check_game(&Erased(Sum::new(parts)), &start)
            .unwrap_or_else(|violation| panic!("{violation}"));
        assert!(sum.searched >= 5 && sum.played >= 1, "{sum:?}");
    }
}
