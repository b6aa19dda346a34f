//! The protocol every game family speaks, and the face front ends hold.
//!
//! A family implements [`Game`](crate::rules::Game) (its moves) and [`Strategy`] (its
//! notation and its exact answers); [`Erased`] turns it into a [`Ruleset`], the
//! object-safe face that `analyze`, `moves`, `play` and the web API share. The
//! [`registry`](crate::registry) builds rulesets from spec strings.
//!
//! - [`board`]: positions as data a front end draws.
//! - [`ruleset`]: the erased face ([`Ruleset`], [`AnyPosition`], [`AnyMove`]).
//! - [`policy`]: how the computer chooses its move.
//! - [`sum`]: disjunctive sums of games of any families.

pub mod board;
pub mod policy;
mod ruleset;
pub mod sum;

pub use ruleset::{AnyMove, AnyPosition, Erased, Ruleset};

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::{LISTED_TEXT, SEARCH_BRANCHING};
use crate::num::Nat;
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::period::Periodicity;
use crate::solve::search::{GrundyEngine, Oracle, WinLoss};
use board::Board;
use malachite_base::num::basic::traits::{One, Zero};

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
) -> Option<Vec<(Outcome, u32)>> {
    let mut oracle = Oracle::with_budget(search, convention, budget);
    moves
        .iter()
        .map(|play| {
            oracle
                .remoteness(&encode(&strategy.apply(position, play)))
                .ok()
        })
        .collect()
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

/// The nim-sequence of a single heap: families whose positions are heaps offer it to
/// the `grundy` and `period` commands.
pub trait HeapSequence: Send + Sync {
    /// g(0), …, g(upto) for one heap, spending one unit of `budget` per value.
    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error>;

    /// The least period and preperiod, with a certificate that proves them; the
    /// search spends from `budget` (a result found once is kept).
    fn periodicity(&self, budget: &Budget) -> Result<Periodicity, Error>;

    /// As [`HeapSequence::periodicity`], searching at most `max_values` values instead
    /// of the game's own bound; `None` for games whose period is not searched in a
    /// table of values that grows (only take-and-break games' is).
    fn periodicity_within(
        &self,
        _max_values: usize,
        _budget: &Budget,
    ) -> Option<Result<Periodicity, Error>> {
        None
    }
    /// The octal engine's rules, for take-and-break games (a front end may run its own
    /// [`nimlab_octal::Solver`] for a computation too long for one question).
    fn engine_rules(&self) -> Option<nimlab_octal::Rules> {
        None
    }
}

/// A game family's exact strategy and its position syntax, over typed positions: the
/// rules come from [`Game`], which every family implements once.
pub trait Strategy: Game + Send + Sync + 'static {
    /// The canonical spec string, e.g. `subtraction:1,3,4`.
    fn spec(&self) -> String;

    /// The rules in one or two sentences, for people.
    fn rules(&self) -> String;

    /// How positions are written, with an example, for help and error messages.
    fn position_syntax(&self) -> String;

    /// Read a position; errors name the offending token.
    fn parse_position(&self, text: &str) -> Result<Self::Position, InputError>;

    /// Write a position so that [`Strategy::parse_position`] reads it back.
    fn format_position(&self, position: &Self::Position) -> String;

    /// The outcome, Grundy value and winning moves (the first `max_moves` of them);
    /// searches, if any, spend from `budget`.
    fn analyze(
        &self,
        position: &Self::Position,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<Self::Move>, Error>;

    /// The single-heap nim-sequence, for families whose positions are heaps.
    fn heap_sequence(&self) -> Option<&dyn HeapSequence> {
        None
    }

    /// The misère quotient of a heap family the quotient method covers.
    fn misere_quotient(&self) -> Option<&crate::solve::quotient::LazyQuotient> {
        None
    }

    /// How many legal moves there are in all (a huge heap can have more than fit in
    /// memory).
    fn move_count(&self, position: &Self::Position) -> Nat;

    /// The legal move from `from` that leads to `to`, decided by the rules directly
    /// (for positions of any size), or `None` if no legal move does.
    fn move_to(&self, from: &Self::Position, to: &Self::Position) -> Option<Self::Move>;

    /// A legal move in words, as an imperative phrase ("take 2 tokens from heap 1").
    fn describe_move(&self, position: &Self::Position, play: &Self::Move) -> String;

    /// Read a person's move in this position; the error says what is expected.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, InputError>;

    /// What a person types for a legal move: [`Strategy::parse_move`] reads it back
    /// as the same move.
    fn move_text(&self, position: &Self::Position, play: &Self::Move) -> String;

    /// How to type a move in this position, with an example.
    fn move_syntax(&self, position: &Self::Position) -> String;

    /// The position as data that a front end draws.
    fn board(&self, position: &Self::Position) -> Board;

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
        let (moves, complete) = self.legal_moves(position, SEARCH_BRANCHING.get());
        if !complete {
            return Err(SEARCH_BRANCHING.exceeded(
                Some(self.move_count(position)),
                format!(
                    "{}: this position has more than {} moves, too many to search for one \
                     of Grundy value {target}",
                    self.spec(),
                    SEARCH_BRANCHING.value
                ),
            ));
        }
        let mut found = Vec::new();
        let mut count = Nat::ZERO;
        for play in moves {
            let after = self.apply(position, &play);
            let grundy = self.analyze(&after, Convention::Normal, 0, budget)?.grundy;
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
                        self.spec(),
                        self.format_position(&after)
                    )));
                }
            }
        }
        Ok((found, count))
    }

    /// Each of `moves` (legal in `position`) with its value for the player who makes
    /// it. The default analyses the position after each move
    /// ([`analyzed_move_values`]); families that know faster override it.
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
    /// family's own positions; families with a compact form of small positions
    /// search that instead.
    fn search_after(
        &self,
        position: &Self::Position,
        moves: &[Self::Move],
        convention: Convention,
        budget: &Budget,
    ) -> Option<Vec<(Outcome, u32)>> {
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

    /// The normal-play Grundy values of the position's components, when misère play
    /// of any sum of such components follows the misère-Nim rule: every component of
    /// value 0 that has a move has a move to value 1 (the tameness lemma; see
    /// [`crate::heap`]). `None` for families where that is not known to hold.
    fn tame_components(
        &self,
        _position: &Self::Position,
        _budget: &Budget,
    ) -> Option<Result<Vec<Nat>, Error>> {
        None
    }

    /// How the game ends under `convention`, as a sentence for people ("Whoever
    /// makes the last move wins."); empty when the rules already say it.
    fn ending(&self, convention: Convention) -> String {
        match convention {
            Convention::Normal => "Whoever makes the last move wins.".to_string(),
            Convention::Misere => "Whoever makes the last move loses.".to_string(),
        }
    }

    /// A random start position for play, drawn from `seed`, for families whose
    /// play starts from a random position (the game on the plane never starts on a
    /// winning point). Default: none; play then starts from the family's example.
    fn random_start(&self, _seed: u64) -> Option<Self::Position> {
        None
    }
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
                wins: analysis.outcome == Outcome::P,
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
    /// Whether the move wins: it leaves a position lost for the opponent.
    pub wins: bool,
    /// The normal-play Grundy value of the position after the move, where known.
    pub grundy: Option<Nat>,
    /// The remoteness of the position after the move (how many more moves the game
    /// lasts when the winner hurries and the loser delays), where the game is small
    /// enough to search.
    pub remoteness: Option<u32>,
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
                    wins: m.wins,
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
