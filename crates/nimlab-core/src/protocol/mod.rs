//! The protocol every game family speaks, and the face front ends hold.
//!
//! A family implements three traits, each of which states the minimum it needs:
//!
//! - [`Game`]: its moves (two methods);
//! - [`Notation`]: how people write and see its positions and moves (five methods);
//! - [`Strategy`]: who wins and how (no method required: by default it searches), and
//!   the capabilities a family may offer beyond that (positions that repeat, heaps).
//!
//! A game played on heaps implements [`HeapRules`](crate::heap::HeapRules) instead, and
//! [`HeapSum`](crate::heap::HeapSum) makes the three of it, with the [`HeapGame`]
//! capability (nim-sequence, misère quotient). [`Erased`] turns any strategy into a
//! [`Ruleset`], the object-safe face that `analyze`, `moves`, `play` and the web API
//! share; the [`registry`](crate::registry) builds rulesets from spec strings.
//!
//! - [`board`]: positions as data a front end draws.
//! - [`policy`]: how the computer chooses its move.
//! - [`sum`]: disjunctive sums of games of any families.
//! - [`repeats`]: retrograde analysis and the winner's progress in games whose
//!   positions can repeat, and their capability [`Repeating`].
//! - [`searched`]: the analysis of a game that states only its rules, by search.

pub mod board;
mod heap_game;
mod notation;
pub mod policy;
pub mod repeats;
mod ruleset;
pub mod searched;
pub mod sum;

pub use heap_game::{HeapGame, HeapSequence};
pub use notation::Notation;
pub use repeats::Repeating;
pub use ruleset::{AnyMove, AnyPosition, Erased, Ruleset};

use crate::budget::Budget;
use crate::error::Error;
use crate::limits::{LISTED_TEXT, MOVES_REMOTENESS_SEARCH, SEARCH_BRANCHING};
use crate::num::Nat;
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::loopy::{Gamma, Solved};
use crate::solve::search::{GrundyEngine, Oracle, WinLoss};
use malachite_base::num::basic::traits::{One, Zero};
use policy::Policy;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use std::collections::BTreeSet;

/// A move that wins: it leaves the opponent in a lost position.
///
/// In a [`Strategy`]'s analysis `play` is the family's move; at the text level of a
/// [`Ruleset`] it is the position after the move, written out (if asked for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove<M> {
    /// The move.
    pub play: M,
    /// The move in words, e.g. "take 2 from heap 1 (3 → 1)".
    pub action: String,
    /// Why it wins, in one line, e.g. "leaves a nim-sum of 0".
    pub reason: String,
}

/// Winning moves as a strategy finds them: all are counted, the first `max` kept.
#[derive(Clone, Debug)]
pub struct WinningMoves<M> {
    max: usize,
    moves: Vec<WinningMove<M>>,
    count: Nat,
    /// Characters of the descriptions kept so far.
    text: usize,
}

impl<M> WinningMoves<M> {
    /// An empty list that keeps at most `max` moves.
    pub fn new(max: usize) -> Self {
        WinningMoves {
            max,
            moves: Vec::new(),
            count: Nat::ZERO,
            text: 0,
        }
    }

    /// How many more moves would be kept: none once the descriptions kept reach
    /// [`LISTED_TEXT`] (moves of huge positions have huge descriptions).
    pub fn room(&self) -> usize {
        if self.text_limited() {
            0
        } else {
            self.max - self.moves.len()
        }
    }

    /// Whether the descriptions kept have reached [`LISTED_TEXT`].
    fn text_limited(&self) -> bool {
        self.text >= LISTED_TEXT.get()
    }

    /// Count one winning move, and keep it if there is room (`describe` names it).
    pub fn offer(&mut self, play: M, reason: &str, describe: impl FnOnce(&M) -> String) {
        self.count += Nat::ONE;
        self.keep(play, reason, describe);
    }

    /// Count `count` winning moves found without listing them all.
    pub fn add_count(&mut self, count: Nat) {
        self.count += count;
    }

    /// Keep a move already counted (by [`WinningMoves::add_count`]), if there is room.
    pub fn keep(&mut self, play: M, reason: &str, describe: impl FnOnce(&M) -> String) {
        if self.room() > 0 {
            let action = describe(&play);
            self.text += action.len();
            self.moves.push(WinningMove {
                action,
                reason: reason.to_string(),
                play,
            });
        }
    }

    /// The moves kept and the count of all of them.
    pub fn into_parts(self) -> (Vec<WinningMove<M>>, Nat) {
        (self.moves, self.count)
    }

    /// The analysis these moves belong to.
    pub fn into_analysis(
        self,
        convention: Convention,
        outcome: Outcome,
        grundy: Option<Nat>,
        explanation: String,
    ) -> Analysis<M> {
        Analysis {
            convention,
            outcome,
            grundy,
            explanation,
            infinite: None,
            text_limited: self.text_limited() && self.count > self.moves.len(),
            winning_moves: self.moves,
            winning_move_count: self.count,
        }
    }
}

/// Misère play by exhaustive win/loss search within `budget`, for small positions of
/// families where no rule is known. The search runs over `search`, a game with the
/// same rules as `strategy` whose positions `encode` makes from the strategy's (a
/// compact form, or the strategy itself with `Clone::clone`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn misere_by_search<S: Strategy + ?Sized, G: Game + ?Sized>(
    strategy: &S,
    search: &G,
    encode: impl Fn(&S::Position) -> G::Position,
    position: &S::Position,
    max_moves: usize,
    grundy: Option<Nat>,
    explanation: String,
    budget: &Budget,
) -> Result<Analysis<S::Move>, Error> {
    let what = format!("the misère search of {}", strategy.spec());
    let mut outcomes = WinLoss::with_budget(search, Convention::Misere, budget);
    let mut lost = |p: &S::Position| {
        outcomes
            .outcome(&encode(p))
            .map(|outcome| outcome == Outcome::P)
            .map_err(|e| e.into_error(&what))
    };
    let mover_wins = !lost(position)?;
    let mut winning = WinningMoves::new(max_moves);
    if mover_wins {
        let (moves, _) = strategy.legal_moves(position, SEARCH_BRANCHING.get());
        for play in moves {
            if lost(&strategy.apply(position, &play))? {
                let reason = "leaves a position lost for the opponent (exhaustive search)";
                winning.offer(play, reason, |play| strategy.describe_move(position, play));
            }
        }
    }
    Ok(winning.into_analysis(
        Convention::Misere,
        Outcome::from_mover_wins(mover_wins),
        grundy,
        explanation,
    ))
}

/// The outcome and remoteness of the position after each of `moves`, by one search of
/// `search` (a game with the same rules as `strategy`, whose positions `encode`
/// makes), or `None` if the search does not fit `budget`.
pub(crate) fn search_after<S: Strategy + ?Sized, G: Game + ?Sized>(
    strategy: &S,
    search: &G,
    encode: impl Fn(&S::Position) -> G::Position,
    position: &S::Position,
    moves: &[S::Move],
    convention: Convention,
    budget: &Budget,
) -> Option<Vec<Solved>> {
    let mut oracle = Oracle::with_budget(search, convention, budget);
    moves
        .iter()
        .map(|play| {
            oracle
                .remoteness(&encode(&strategy.apply(position, play)))
                .ok()
                .map(|(outcome, remoteness)| Solved {
                    outcome,
                    remoteness: Some(remoteness),
                })
        })
        .collect()
}

/// One of `moves` at random (there must be one).
pub(crate) fn random_choice<M: Clone>(moves: &[WinningMove<M>], rng: &mut StdRng) -> M {
    moves
        .choose(rng)
        .expect("a won position has a winning move")
        .play
        .clone()
}

/// Everything known about one position under one play convention.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<M> {
    /// The convention analysed.
    pub convention: Convention,
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The normal-play Grundy value of the whole position, when nimlab knows it.
    pub grundy: Option<Nat>,
    /// In a game whose positions can repeat, when the position's generalized
    /// Sprague–Grundy value is infinite, ∞(K): the set K ([`Gamma::Infinite`]), and
    /// `grundy` is `None`.
    pub infinite: Option<BTreeSet<Nat>>,
    /// One line saying why the outcome is what it is.
    pub explanation: String,
    /// The first winning moves, as many as were asked for, in a stable order.
    pub winning_moves: Vec<WinningMove<M>>,
    /// How many winning moves there are in all (a huge heap can have more than fit
    /// in memory).
    pub winning_move_count: Nat,
    /// Whether fewer winning moves are listed than were asked for because their
    /// descriptions reached [`LISTED_TEXT`].
    pub text_limited: bool,
}

impl<M> Analysis<M> {
    /// The same analysis with every move transformed by `f`.
    pub fn map_moves<N>(self, mut f: impl FnMut(M) -> N) -> Analysis<N> {
        Analysis {
            convention: self.convention,
            outcome: self.outcome,
            grundy: self.grundy,
            infinite: self.infinite,
            explanation: self.explanation,
            winning_moves: self
                .winning_moves
                .into_iter()
                .map(|m| WinningMove {
                    play: f(m.play),
                    action: m.action,
                    reason: m.reason,
                })
                .collect(),
            winning_move_count: self.winning_move_count,
            text_limited: self.text_limited,
        }
    }
}

/// The normal-play Grundy value of a position from the generic engine, for families
/// without a closed form for it; callers keep it to positions small enough to search
/// in milliseconds.
pub(crate) fn engine_grundy<G: Game>(game: &G, position: &G::Position) -> Nat {
    let value = GrundyEngine::new(game)
        .grundy(position)
        .expect("the game families that ask are acyclic and small");
    Nat::from(value)
}

/// A family's strategy: who wins a position and how, over typed positions whose rules
/// come from [`Game`] and notation from [`Notation`].
///
/// **The minimum a family implements: nothing** (`impl Strategy for MyGame {}`). Every
/// method has a default that works for positions small enough to search:
/// [`analyze`](Strategy::analyze) searches every position reachable (see
/// [`searched`]), in both conventions, and whether or not positions can repeat; the
/// others analyse the position after each move. A family with an exact strategy
/// overrides [`analyze`](Strategy::analyze), and one whose positions can be huge also
/// [`move_count`](Strategy::move_count), [`moves_with_value`](Strategy::moves_with_value)
/// and [`move_values`](Strategy::move_values), to answer by its closed forms.
///
/// Capabilities, each `None` unless a family offers it: positions that can repeat
/// ([`repeating`](Strategy::repeating), a [`Repeating`]), heaps with a nim-sequence and
/// a misère quotient ([`heap_game`](Strategy::heap_game)), random starts
/// ([`random_start`](Strategy::random_start)) and the values of a graph's vertices
/// ([`vertex_values`](Strategy::vertex_values)).
pub trait Strategy: Notation + Send + Sync + 'static {
    /// The outcome, Grundy value and winning moves (the first `max_moves` of them);
    /// searches and tables spend from `budget`. Default: by search
    /// ([`searched`]).
    fn analyze(
        &self,
        position: &Self::Position,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<Self::Move>, Error> {
        searched::analysis(self, position, convention, max_moves, budget)
    }

    /// How many legal moves there are in all (a huge heap can have more than fit in
    /// memory). Default: counted from the list of legal moves, which must be short.
    fn move_count(&self, position: &Self::Position) -> Nat {
        Nat::from(self.legal_moves(position, usize::MAX).0.len())
    }

    /// The moves to positions of normal-play Grundy value `target`: the first
    /// `limit` and how many there are in all (sums of games use it to find winning
    /// moves in a component). The default evaluates every legal move, which must be
    /// few; families whose positions can have too many moves override it.
    fn moves_with_value(
        &self,
        position: &Self::Position,
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<Self::Move>, Nat), Error> {
        evaluated_moves_with_value(self, position, target, limit, budget)
    }

    /// Each of `moves` (legal in `position`) with its value for the player who makes
    /// it. The default analyses the position after each move
    /// (`analyzed_move_values`); families that know faster override it.
    fn move_values(
        &self,
        position: &Self::Position,
        moves: Vec<Self::Move>,
        convention: Convention,
        budget: &Budget,
    ) -> Result<Vec<MoveValue<Self::Move>>, Error> {
        analyzed_move_values(self, position, moves, convention, budget)
    }

    /// The outcome and remoteness of the position after each of `moves` (legal in
    /// `position`), if one search of them fits `budget`. The default searches the
    /// family's own positions (by retrograde analysis when they can repeat, which a
    /// search of the game tree cannot); families with a compact form of small
    /// positions search that instead.
    fn search_after(
        &self,
        position: &Self::Position,
        moves: &[Self::Move],
        convention: Convention,
        budget: &Budget,
    ) -> Option<Vec<Solved>> {
        if self.repeating().is_some() {
            return repeats::retrograde_after(self, position, moves, convention, budget);
        }
        search_after(
            self,
            self,
            Clone::clone,
            position,
            moves,
            convention,
            budget,
        )
    }

    /// Whether the game may be played in misère play as well as in normal play.
    /// Default: yes. A family whose rules already fix who wins at the end (a goal
    /// set in the position, or a game that is itself another's misère play) says no,
    /// and its [`analyze`](Strategy::analyze) refuses [`Convention::Misere`]. A game
    /// that says yes answers misère play: by a rule, or else by a search
    /// ([`searched`]) that only a position too large for the budget escapes, so a
    /// front end may offer misère play exactly when this says yes.
    fn takes_misere(&self) -> bool {
        true
    }

    /// The capability of a game whose positions can repeat, so that play may go on
    /// forever (a draw): tokens on a graph with cycles, and sums with such a game.
    /// Default: none, every play ends.
    fn repeating(&self) -> Option<&dyn Repeating<Position = Self::Position, Move = Self::Move>> {
        None
    }

    /// The move the computer plays in a won position, given the first winning moves
    /// its analysis listed (at least one). In a game that ends, one of them at
    /// random. In one whose positions can repeat, a winner who does not make progress
    /// may never win: the quickest win when a retrograde analysis fits
    /// ([`repeats::quickest_win`]), and otherwise, in normal play, the move of
    /// [`Repeating::winning_by_progress`].
    fn winning_choice(
        &self,
        position: &Self::Position,
        convention: Convention,
        winning: &[WinningMove<Self::Move>],
        rng: &mut StdRng,
        budget: &Budget,
    ) -> Self::Move {
        let Some(repeating) = self.repeating() else {
            return random_choice(winning, rng);
        };
        if let Some(play) = repeats::quickest_win(self, position, convention, budget) {
            return play;
        }
        match (convention, repeating.winning_by_progress(position, budget)) {
            (Convention::Normal, Ok(Some(play))) => play,
            _ => random_choice(winning, rng),
        }
    }

    /// A random start position for play, drawn from `seed`, for families whose
    /// play starts from a random position (the game on the plane never starts on a
    /// winning point). Default: none; play then starts from the family's example.
    fn random_start(&self, _seed: u64) -> Option<Self::Position> {
        None
    }

    /// The family as a game played on heaps, if it is one (see [`HeapGame`]).
    fn heap_game(&self) -> Option<&dyn HeapGame> {
        None
    }

    /// For a game of tokens on a graph: the value of a single token on each of the
    /// vertices 0 to `upto` (those that exist), a Grundy value or ∞(K). Default: none.
    fn vertex_values(&self, _upto: usize) -> Option<Vec<Gamma>> {
        None
    }

    /// The memory the game keeps between questions (tables, solved rows), in 8-byte
    /// words; caches of games are bounded by it. Default: its heap sequence's, if any.
    fn held_words(&self) -> u64 {
        self.heap_game()
            .map_or(0, |heaps| heaps.sequence().held_words())
    }

    /// Legal moves with their values for the player who makes them, as `moves`
    /// lists them: the winning moves first (as many as fit in `max_moves`), then the
    /// first others in the family's order (drawing moves before losing ones); the remoteness of each is filled in when
    /// one search of them all fits [`MOVES_REMOTENESS_SEARCH`], and left unknown
    /// otherwise. Moves of huge positions are listed only as far as their text fits
    /// in [`LISTED_TEXT`].
    fn move_list(
        &self,
        position: &Self::Position,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<MoveValues<Self::Move>, Error> {
        let remoteness = budget.narrowed(MOVES_REMOTENESS_SEARCH.value);
        self.move_list_within(position, convention, max_moves, budget, &remoteness)
    }

    /// [`Strategy::move_list`] with the remoteness search spending from `remoteness`
    /// instead of [`MOVES_REMOTENESS_SEARCH`]: a front end that must answer quickly
    /// gives it a deadline, and gets the moves without their remoteness when the
    /// search does not fit.
    fn move_list_within(
        &self,
        position: &Self::Position,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
        remoteness: &Budget,
    ) -> Result<MoveValues<Self::Move>, Error> {
        // Each move is written out with its description and the position after it,
        // each about as long as the position (some 20 digits per word), and a few
        // words more: no more moves are valued than such lines fit in the listed text
        // (the report cuts the list where its text really reaches it).
        let listable = LISTED_TEXT.get() / (100 * self.size(position)).max(1);
        let text_limited = listable < max_moves;
        let max_moves = max_moves.min(listable);
        let analysis = self.analyze(position, convention, max_moves, budget)?;
        let mut chosen: Vec<Self::Move> =
            analysis.winning_moves.into_iter().map(|m| m.play).collect();
        let winning = chosen.len();
        let (legal, complete) = self.legal_moves(position, max_moves + winning);
        let count = if complete {
            Nat::from(legal.len())
        } else {
            self.move_count(position)
        };
        for play in legal {
            if chosen.len() == max_moves {
                break;
            }
            if !chosen[..winning].contains(&play) {
                chosen.push(play);
            }
        }
        let mut moves = self.move_values(position, chosen, convention, budget)?;
        let plays: Vec<Self::Move> = moves.iter().map(|v| v.play.clone()).collect();
        if let Some(found) = self.search_after(position, &plays, convention, remoteness) {
            for (value, solved) in moves.iter_mut().zip(found) {
                debug_assert_eq!(solved.outcome, value.after, "{:?}", value.play);
                value.remoteness = solved.remoteness;
            }
        }
        // Winning moves first, then drawing ones, then losing ones.
        moves.sort_by_key(|m| match m.after {
            Outcome::P => 0,
            Outcome::D => 1,
            Outcome::N => 2,
        });
        Ok(MoveValues {
            text_limited: text_limited && count > moves.len(),
            count,
            moves,
        })
    }

    /// The computer's move in a position that is not over, as `policy` plays (see
    /// [`policy::choose_move`]), within `budget`.
    fn computer_move(
        &self,
        position: &Self::Position,
        convention: Convention,
        policy: Policy,
        rng: &mut StdRng,
        budget: &Budget,
    ) -> Result<Self::Move, Error> {
        policy::choose_move(self, position, convention, policy, rng, budget)
    }
}

/// [`Strategy::moves_with_value`] as its default does it: by the Grundy value after
/// every legal move, for positions of at most [`SEARCH_BRANCHING`] moves.
pub(crate) fn evaluated_moves_with_value<S: Strategy + ?Sized>(
    game: &S,
    position: &S::Position,
    target: &Nat,
    limit: usize,
    budget: &Budget,
) -> Result<(Vec<S::Move>, Nat), Error> {
    let (moves, complete) = game.legal_moves(position, SEARCH_BRANCHING.get());
    if !complete {
        return Err(SEARCH_BRANCHING.exceeded(
            Some(game.move_count(position)),
            format!(
                "{}: this position has more than {} moves, too many to search for one \
                 of Grundy value {target}",
                game.spec(),
                SEARCH_BRANCHING.value
            ),
        ));
    }
    let mut found = Vec::new();
    let mut count = Nat::ZERO;
    for play in moves {
        let after = game.apply(position, &play);
        let grundy = game.analyze(&after, Convention::Normal, 0, budget)?.grundy;
        match grundy {
            Some(value) if value == *target => {
                count += Nat::ONE;
                if found.len() < limit {
                    found.push(play);
                }
            }
            Some(_) => {}
            None => {
                return Err(Error::NoKnownValue(format!(
                    "{}: the Grundy value of {} is not known",
                    game.spec(),
                    game.format_position(&after)
                )));
            }
        }
    }
    Ok((found, count))
}

/// [`Strategy::move_values`] by analysing the position after each move.
pub(crate) fn analyzed_move_values<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    moves: Vec<S::Move>,
    convention: Convention,
    budget: &Budget,
) -> Result<Vec<MoveValue<S::Move>>, Error> {
    moves
        .into_iter()
        .map(|play| {
            let after = strategy.apply(position, &play);
            let analysis = strategy.analyze(&after, convention, 0, budget)?;
            Ok(MoveValue {
                play,
                after: analysis.outcome,
                grundy: analysis.grundy,
                remoteness: None,
            })
        })
        .collect()
}

/// One legal move and what it is worth to the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue<M> {
    /// The move.
    pub play: M,
    /// The outcome of the position after the move, for the opponent, who moves
    /// next: `P` when the move wins, `N` when it loses, `D` when it draws.
    pub after: Outcome,
    /// The normal-play Grundy value of the position after the move, where known.
    pub grundy: Option<Nat>,
    /// The remoteness of the position after the move (how many more moves the game
    /// lasts when the winner hurries and the loser delays), where the game is small
    /// enough to search.
    pub remoteness: Option<u32>,
}

impl<M> MoveValue<M> {
    /// Whether the move wins: it leaves a position lost for the opponent.
    pub fn wins(&self) -> bool {
        self.after == Outcome::P
    }
}

/// Legal moves with their values: some of them, winning moves first, and how many
/// legal moves there are in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValues<M> {
    /// How many legal moves the position has.
    pub count: Nat,
    /// The winning moves (as many as were asked for), then the first other moves in
    /// the family's order.
    pub moves: Vec<MoveValue<M>>,
    /// Whether fewer moves are listed than were asked for because the position is so
    /// large that more would write over [`LISTED_TEXT`].
    pub text_limited: bool,
}

impl<M> MoveValues<M> {
    /// The same values with every move transformed by `f`.
    pub fn map_moves<N>(self, mut f: impl FnMut(M) -> N) -> MoveValues<N> {
        MoveValues {
            count: self.count,
            text_limited: self.text_limited,
            moves: self
                .moves
                .into_iter()
                .map(|m| MoveValue {
                    play: f(m.play),
                    after: m.after,
                    grundy: m.grundy,
                    remoteness: m.remoteness,
                })
                .collect(),
        }
    }
}

/// A legal move at the text level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextMove {
    /// The move in words, as an imperative phrase.
    pub action: String,
    /// What a person types to make it.
    pub text: String,
    /// The position after the move, in canonical syntax.
    pub to: String,
}
