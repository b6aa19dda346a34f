//! Game families and the protocol every front end speaks.
//!
//! Each family is a module with (1) its rules, as an implementation of
//! [`Game`](crate::solve::search::Game) for the generic searches, (2) its exact
//! strategy, as an implementation of [`Strategy`], and (3) tests checking (2) against
//! brute force on every small position. The [`registry`] turns a spec string such as
//! `subtraction:1,3,4` into a [`Ruleset`], the object-safe, text-in/text-out face of a
//! strategy that `analyze`, `play` and the web API share.

pub mod copycat;
pub mod fibonacci;
pub mod flipflop;
pub mod heap;
pub mod nim;
pub mod registry;
pub mod subtraction;
pub mod wythoff;

use crate::error::{Error, InputError};
use crate::num::Nat;
use crate::solve::period::Periodicity;
use crate::solve::search::{Game, GrundyEngine};
use crate::solve::{Convention, Outcome};

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
    /// How many winning moves there are in all.
    pub winning_move_count: usize,
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
        }
    }
}

/// The normal-play Grundy value of a position from the generic engine, for families
/// without a closed form for it; callers keep it to positions small enough to search
/// in milliseconds.
pub(crate) fn engine_grundy<G: Game>(game: &G, position: &G::Position) -> Nat {
    let value = GrundyEngine::new(game)
        .grundy(position)
        .expect("the game families that ask are acyclic");
    Nat::from(value)
}

/// The nim-sequence of a single heap: families whose positions are heaps offer it to
/// the `grundy` and `period` commands.
pub trait HeapSequence {
    /// g(0), …, g(upto) for one heap.
    fn grundy_table(&self, upto: usize) -> Result<Vec<u32>, Error>;

    /// The least period and preperiod, with a certificate that proves them.
    fn periodicity(&self) -> Result<Periodicity, Error>;
}

/// A game family's exact strategy and its position syntax, over typed positions.
pub trait Strategy: Send + Sync {
    /// A position, possibly with numbers of any size.
    type Position: Clone;

    /// A move, small enough to list many of them for a huge position.
    type Move: Clone;

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

    /// The position after a move (the move must be legal in that position).
    fn apply(&self, position: &Self::Position, play: &Self::Move) -> Self::Position;

    /// The outcome, Grundy value and winning moves (the first `max_moves` of them).
    fn analyze(
        &self,
        position: &Self::Position,
        convention: Convention,
        max_moves: usize,
    ) -> Result<Analysis<Self::Move>, Error>;

    /// The single-heap nim-sequence, for families whose positions are heaps.
    fn heap_sequence(&self) -> Option<&dyn HeapSequence> {
        None
    }
}

/// What a front end asks of [`Ruleset::analyze`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Normal or misère play.
    pub convention: Convention,
    /// List at most this many winning moves (the total is always counted).
    pub max_moves: usize,
    /// Write out the position after each winning move (costly for huge positions).
    pub with_positions: bool,
}

/// An analysis at the text level: the position (when asked for) and the analysis,
/// whose moves are the positions they lead to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextAnalysis {
    /// The position in canonical syntax, when positions were asked for.
    pub position: Option<String>,
    /// The analysis; each winning move's `play` is the position after it.
    pub analysis: Analysis<Option<String>>,
}

/// The object-safe face of a [`Strategy`]: positions in and out as text, so front
/// ends hold a `Box<dyn Ruleset>` and never match on the game's name.
pub trait Ruleset: Send + Sync {
    /// The canonical spec string.
    fn spec(&self) -> String;

    /// The rules in one or two sentences.
    fn rules(&self) -> String;

    /// How positions are written, with an example.
    fn position_syntax(&self) -> String;

    /// The position in canonical syntax (errors name the offending token).
    fn normalize(&self, position: &str) -> Result<String, Error>;

    /// Analyse a position written as text. When `request.with_positions`, the result
    /// carries the position in canonical syntax and, in each winning move's `play`,
    /// the position after the move; otherwise those are `None`.
    fn analyze(&self, position: &str, request: Request) -> Result<TextAnalysis, Error>;

    /// The single-heap nim-sequence, if this family has one.
    fn heap_sequence(&self) -> Option<&dyn HeapSequence>;
}

impl<S: Strategy> Ruleset for S {
    fn spec(&self) -> String {
        Strategy::spec(self)
    }

    fn rules(&self) -> String {
        Strategy::rules(self)
    }

    fn position_syntax(&self) -> String {
        Strategy::position_syntax(self)
    }

    fn normalize(&self, position: &str) -> Result<String, Error> {
        Ok(self.format_position(&self.parse_position(position)?))
    }

    fn analyze(&self, position: &str, request: Request) -> Result<TextAnalysis, Error> {
        let position = self.parse_position(position)?;
        let analysis = Strategy::analyze(self, &position, request.convention, request.max_moves)?;
        let show = request.with_positions;
        Ok(TextAnalysis {
            position: show.then(|| self.format_position(&position)),
            analysis: analysis.map_moves(|play| {
                show.then(|| self.format_position(&self.apply(&position, &play)))
            }),
        })
    }

    fn heap_sequence(&self) -> Option<&dyn HeapSequence> {
        Strategy::heap_sequence(self)
    }
}
