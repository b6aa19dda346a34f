//! What the protocol does for games whose positions can repeat (tokens on graphs with
//! cycles, and sums with such games), beside a family's own values: play may go on
//! forever, which is a draw.
//!
//! - Retrograde analysis of a whole position ([`Retrograde`]): misère play, which has
//!   no theory of values here, and remoteness.
//! - The winner's choice. In a game that ends, any move to a lost position wins. In a
//!   game that can repeat, a winner who only moves to lost positions may go round a
//!   cycle for ever, so the winner must also make progress: the move after which the
//!   game ends soonest, by retrograde analysis, when that fits a small budget, and
//!   otherwise the move that makes progress by the family's own measure
//!   ([`Repeating::progress`], the generalized Sprague–Grundy values' counter).
//!
//! A game whose positions can repeat offers [`Repeating`], a capability its
//! [`Strategy::repeating`] returns; games that end (every family but graphs with
//! cycles) need none of this.

use crate::budget::Budget;
use crate::error::Error;
use crate::limits::{MISERE_SUM_SEARCH, MOVES_REMOTENESS_SEARCH};
use crate::protocol::{Analysis, Strategy, WinningMoves};
use crate::rules::{Convention, Game, Outcome};
use crate::solve::loopy::{Retrograde, Solved};

/// What a game whose positions can repeat offers beside its strategy: how the winner
/// makes progress, so that play does not go round a cycle for ever. A capability,
/// returned by [`Strategy::repeating`].
pub trait Repeating: Game + Send + Sync {
    /// How far `position` is from the end, as keys of which a winner in normal play
    /// makes progress by always moving to the winning position whose keys, sorted
    /// from the largest, are least (see
    /// [`GammaTable::progress`](crate::solve::loopy::GammaTable::progress)).
    fn progress(&self, position: &Self::Position) -> Vec<(u32, u32)>;

    /// In a won position in normal play: a winning move that makes progress by
    /// [`Repeating::progress`], found among all winning moves (not only those an
    /// analysis lists).
    fn winning_by_progress(
        &self,
        position: &Self::Position,
        budget: &Budget,
    ) -> Result<Option<Self::Move>, Error>;
}

/// The analysis of `position` by retrograde analysis of every position reachable from
/// it, within [`MISERE_SUM_SEARCH`]: how misère play of a game whose positions can
/// repeat is answered.
pub fn analysis_by_retrograde<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    convention: Convention,
    max_moves: usize,
    budget: &Budget,
) -> Result<Analysis<S::Move>, Error> {
    let search = budget.narrowed(MISERE_SUM_SEARCH.value);
    let solved = Retrograde::solve(strategy, position, convention, &search).map_err(|_| {
        MISERE_SUM_SEARCH.exceeded(
            None,
            format!(
                "play of {} whose positions can repeat is solved by retrograde analysis, \
                 and this position reaches too many positions for that",
                strategy.spec()
            ),
        )
    })?;
    let outcome = solved.get(strategy, position).expect("the start").outcome;
    let mut winning = WinningMoves::new(max_moves);
    for play in strategy.legal_moves(position, usize::MAX).0 {
        let after = strategy.apply(position, &play);
        if solved.get(strategy, &after).expect("reached").outcome == Outcome::P {
            let reason = "leaves a position lost for the opponent (retrograde analysis)";
            winning.offer(play, reason, |play| strategy.describe_move(position, play));
        }
    }
    let explanation = format!(
        "retrograde analysis of the {} positions reachable from here",
        solved.len()
    );
    Ok(winning.into_analysis(convention, outcome, None, explanation))
}

/// The outcome and remoteness of the position after each of `moves`, by retrograde
/// analysis of every position reachable from `position`, if it fits `budget`.
pub fn retrograde_after<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    moves: &[S::Move],
    convention: Convention,
    budget: &Budget,
) -> Option<Vec<Solved>> {
    let solved = Retrograde::solve(strategy, position, convention, budget).ok()?;
    moves
        .iter()
        .map(|play| solved.get(strategy, &strategy.apply(position, play)))
        .collect()
}

/// The winning move after which the game ends soonest (the least remoteness of a
/// position lost for the opponent), when a retrograde analysis of every position
/// reachable from `position` fits [`MOVES_REMOTENESS_SEARCH`] (in misère play,
/// [`MISERE_SUM_SEARCH`], within which the analysis itself was found). Such a move
/// always makes progress: the opponent's every answer has a smaller remoteness.
pub fn quickest_win<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    convention: Convention,
    budget: &Budget,
) -> Option<S::Move> {
    let limit = match convention {
        Convention::Normal => MOVES_REMOTENESS_SEARCH.value,
        Convention::Misere => MISERE_SUM_SEARCH.value,
    };
    let search = budget.narrowed(limit);
    let room = usize::try_from(search.room()).unwrap_or(usize::MAX);
    let (moves, complete) = strategy.legal_moves(position, room);
    if !complete {
        return None;
    }
    let after = retrograde_after(strategy, position, &moves, convention, &search)?;
    moves
        .into_iter()
        .zip(after)
        .filter(|(_, solved)| solved.outcome == Outcome::P)
        .min_by_key(|(_, solved)| solved.remoteness)
        .map(|(play, _)| play)
}

/// Among `moves` (each winning in normal play), the one whose position after is least
/// by [`Repeating::progress`]: the keys sorted from the largest, compared
/// lexicographically (the multiset order, which is well founded).
pub fn least_progress<R: Repeating + ?Sized>(
    game: &R,
    position: &R::Position,
    moves: impl IntoIterator<Item = R::Move>,
) -> Option<R::Move> {
    moves.into_iter().min_by_key(|play| {
        let mut keys = game.progress(&game.apply(position, play));
        keys.sort_unstable_by(|a, b| b.cmp(a));
        keys
    })
}

/// Test support: plays a won position out, the winner choosing by `choose` and the
/// loser defending in three ways (at random, by the longest-lasting move, and by the
/// move to the position of largest progress keys, which raises values and runs to
/// cycles), checking against a retrograde analysis that the winner always leaves a
/// lost position, never leaves the same position twice, and wins. Returns how many
/// games it played out (0 unless `start` is won).
#[cfg(test)]
pub(crate) fn assert_winner_wins<S: Strategy>(
    game: &S,
    start: &S::Position,
    choose: impl Fn(&S::Position) -> S::Move,
    rng: &mut rand::rngs::StdRng,
) -> usize {
    use rand::seq::IndexedRandom;
    let solved = Retrograde::solve(game, start, Convention::Normal, &Budget::unlimited())
        .expect("unlimited");
    let outcome = |p: &S::Position| solved.get(game, p).expect("reachable");
    if outcome(start).outcome != Outcome::N {
        return 0;
    }
    for defence in ["random", "longest", "raise"] {
        let mut position = start.clone();
        let mut left = std::collections::HashSet::new();
        loop {
            let play = choose(&position);
            position = game.apply(&position, &play);
            assert_eq!(
                outcome(&position).outcome,
                Outcome::P,
                "{defence} {position:?}"
            );
            let fresh = left.insert(game.canonical(&position));
            assert!(fresh, "{defence}: {position:?} left twice, from {start:?}");
            let replies = game.moves(&position);
            let Some(reply) = (match defence {
                "random" => replies.choose(rng).cloned(),
                "longest" => replies
                    .iter()
                    .max_by_key(|q| outcome(q).remoteness)
                    .cloned(),
                _ => replies
                    .iter()
                    .max_by_key(|q| {
                        let mut keys = game
                            .repeating()
                            .map_or_else(Vec::new, |repeating| repeating.progress(q));
                        keys.sort_unstable_by(|a, b| b.cmp(a));
                        keys
                    })
                    .cloned(),
            }) else {
                break;
            };
            position = reply;
        }
    }
    3
}
