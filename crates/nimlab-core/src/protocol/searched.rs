//! Who wins a game that states only its rules, and how: by searching every position
//! reachable from the one asked about. This is [`Strategy::analyze`]'s default, so a
//! family that implements [`Game`](crate::rules::Game) and
//! [`Notation`](super::Notation) alone is analyzed, played and summed with every
//! other game; families with a closed form override it to answer positions of any
//! size.
//!
//! - Normal play: the memoized Grundy engine ([`GrundyEngine`]), which splits a
//!   position into its components; a winning move leaves a position of value 0. When
//!   a position can be reached from itself, the game has no Grundy value there, and
//!   the generalized Sprague–Grundy value γ of every position reachable is computed
//!   instead ([`PositionValues`]): a position of value ∞(K) is won when 0 ∈ K and
//!   drawn otherwise, and it plays in sums by Smith's rule.
//! - Misère play: the win/loss search ([`Oracle`]), or retrograde analysis
//!   ([`repeats::analysis_by_retrograde`]) when positions can repeat.
//!
//! Each search spends from the question's budget, and holds the memory of the
//! positions it keeps: a game too large to search is refused by its budget.

use super::{Analysis, Strategy, WinningMoves, repeats};
use crate::budget::Budget;
use crate::error::Error;
use crate::limits::SEARCH_BRANCHING;
use crate::num::Nat;
use crate::rules::{Convention, Outcome};
use crate::solve::loopy::{Gamma, PositionValues, shown};
use crate::solve::search::{GrundyEngine, Oracle, SearchError};

/// The analysis of `position` by search (see the module documentation): the first
/// `max_moves` winning moves, within `budget`.
pub fn analysis<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    convention: Convention,
    max_moves: usize,
    budget: &Budget,
) -> Result<Analysis<S::Move>, Error> {
    match convention {
        Convention::Normal => normal(strategy, position, max_moves, budget),
        Convention::Misere => misere(strategy, position, max_moves, budget),
    }
}

/// What the search of `strategy` is called in errors.
fn what<S: Strategy + ?Sized>(strategy: &S) -> String {
    format!("the search of {}", strategy.spec())
}

/// The legal moves of `position`, which a search lists: all of them, or an error
/// naming [`SEARCH_BRANCHING`].
fn listed_moves<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
) -> Result<Vec<S::Move>, Error> {
    let (moves, complete) = strategy.legal_moves(position, SEARCH_BRANCHING.get());
    if complete {
        Ok(moves)
    } else {
        Err(SearchError::TooManyMoves(()).into_error(&what(strategy)))
    }
}

fn normal<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    max_moves: usize,
    budget: &Budget,
) -> Result<Analysis<S::Move>, Error> {
    let mut engine = GrundyEngine::with_budget(strategy, budget);
    let value = match engine.grundy(position) {
        Ok(value) => value,
        Err(SearchError::Loop(_)) => return repeating(strategy, position, max_moves, budget),
        Err(error) => return Err(error.into_error(&what(strategy))),
    };
    let mut winning = WinningMoves::new(max_moves);
    if value != 0 {
        for play in listed_moves(strategy, position)? {
            let after = strategy.apply(position, &play);
            let after_value = engine
                .grundy(&after)
                .map_err(|error| error.into_error(&what(strategy)))?;
            if after_value == 0 {
                winning.offer(play, "leaves a position of value 0", |play| {
                    strategy.describe_move(position, play)
                });
            }
        }
    }
    let explanation = format!(
        "Grundy value {value}, the mex of the values one move away (a search of {} {})",
        engine.memo_len(),
        if engine.memo_len() == 1 {
            "position"
        } else {
            "positions"
        }
    );
    let outcome = Outcome::from_mover_wins(value != 0);
    Ok(winning.into_analysis(
        Convention::Normal,
        outcome,
        Some(Nat::from(value)),
        explanation,
    ))
}

/// Normal play of a position that can be reached from itself: its γ.
fn repeating<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    max_moves: usize,
    budget: &Budget,
) -> Result<Analysis<S::Move>, Error> {
    let values = PositionValues::compute(strategy, position, budget)
        .map_err(|exhausted| Error::from_budget(exhausted, &what(strategy)))?;
    let gamma = |p: &S::Position| values.gamma(strategy, p).expect("reachable from the start");
    let value = gamma(position);
    let mut winning = WinningMoves::new(max_moves);
    if value.outcome() == Outcome::N {
        for play in listed_moves(strategy, position)? {
            if gamma(&strategy.apply(position, &play)) == Gamma::Finite(Nat::from(0u32)) {
                winning.offer(play, "leaves a position of value 0", |play| {
                    strategy.describe_move(position, play)
                });
            }
        }
    }
    let explanation = format!(
        "generalized Sprague–Grundy value {} (positions can repeat; a search of {} \
         positions)",
        shown(&value),
        values.len()
    );
    let mut analysis = winning.into_analysis(
        Convention::Normal,
        value.outcome(),
        value.finite().cloned(),
        explanation,
    );
    if let Gamma::Infinite(k) = value {
        analysis.infinite = Some(k);
    }
    Ok(analysis)
}

fn misere<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    max_moves: usize,
    budget: &Budget,
) -> Result<Analysis<S::Move>, Error> {
    let mut oracle = Oracle::with_budget(strategy, Convention::Misere, budget);
    let mover_wins = match oracle.outcome(position) {
        Ok(outcome) => outcome == Outcome::N,
        Err(SearchError::Loop(_)) => {
            return repeats::analysis_by_retrograde(
                strategy,
                position,
                Convention::Misere,
                max_moves,
                budget,
            );
        }
        Err(error) => return Err(error.into_error(&what(strategy))),
    };
    let mut winning = WinningMoves::new(max_moves);
    if mover_wins {
        for play in listed_moves(strategy, position)? {
            let after = strategy.apply(position, &play);
            let lost = oracle
                .outcome(&after)
                .map_err(|error| error.into_error(&what(strategy)))?;
            if lost == Outcome::P {
                let reason = "leaves a position lost for the opponent (exhaustive search)";
                winning.offer(play, reason, |play| strategy.describe_move(position, play));
            }
        }
    }
    let explanation = format!(
        "exhaustive search of the {} positions reachable",
        oracle.memo_len()
    );
    Ok(winning.into_analysis(
        Convention::Misere,
        Outcome::from_mover_wins(mover_wins),
        None,
        explanation,
    ))
}
