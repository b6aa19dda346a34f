//! Game families and the protocol every front end speaks.
//!
//! Each family is a module with (1) its rules, as an implementation of
//! [`Game`](crate::solve::search::Game) for the generic searches, (2) its exact
//! strategy, as an implementation of [`Strategy`], and (3) tests checking (2) against
//! brute force on every small position. The [`registry`] turns a spec string such as
//! `subtraction:1,3,4` into a [`Ruleset`], the object-safe, text-in/text-out face of a
//! strategy that `analyze`, `play` and the web API share.

pub mod classify;
pub mod copycat;
pub mod dag;
pub mod fibonacci;
pub mod flipflop;
pub mod grundy_game;
pub mod heap;
pub mod nim;
pub mod octal;
pub mod registry;
pub mod searchable;
pub mod staircase;
pub mod subtraction;
pub mod sum;
pub mod turtles;
pub mod wythoff;

use crate::error::{Error, InputError};
use crate::num::Nat;
use crate::solve::period::Periodicity;
use crate::solve::search::{Game, GrundyEngine, Oracle};
use crate::solve::{Convention, Outcome};
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
}

impl<M> WinningMoves<M> {
    /// An empty list that keeps at most `max` moves.
    pub fn new(max: usize) -> Self {
        WinningMoves {
            max,
            moves: Vec::new(),
            count: Nat::ZERO,
        }
    }

    /// How many more moves would be kept.
    pub fn room(&self) -> usize {
        self.max - self.moves.len()
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
        if self.moves.len() < self.max {
            self.moves.push(WinningMove {
                action: describe(&play),
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
            winning_moves: self.moves,
            winning_move_count: self.count,
        }
    }
}

/// Misère play by exhaustive win/loss search, for small positions of families where
/// no rule is known: `moves` lists every legal move with the position it leads to.
pub(crate) fn misere_by_search<G: Game, M>(
    game: &G,
    position: &G::Position,
    moves: Vec<(M, G::Position)>,
    describe: impl Fn(&M) -> String,
    max_moves: usize,
    grundy: Option<Nat>,
    explanation: String,
) -> Analysis<M> {
    let mut oracle = Oracle::new(game, Convention::Misere);
    let mut lost = |p: &G::Position| {
        oracle
            .outcome(p)
            .expect("the family's games have no cycles")
            == Outcome::P
    };
    let mover_wins = !lost(position);
    let mut winning = WinningMoves::new(max_moves);
    if mover_wins {
        for (play, to) in moves {
            if lost(&to) {
                let reason = "leaves a position lost for the opponent (exhaustive search)";
                winning.offer(play, reason, &describe);
            }
        }
    }
    winning.into_analysis(
        Convention::Misere,
        Outcome::from_mover_wins(mover_wins),
        grundy,
        explanation,
    )
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

    /// Legal moves in a stable order that starts with the moves that change the
    /// position least, at most `limit` of them, and whether that is all of them.
    /// No moves means the game is over.
    fn legal_moves(&self, position: &Self::Position, limit: usize) -> (Vec<Self::Move>, bool);

    /// A legal move in words, as an imperative phrase ("take 2 tokens from heap 1").
    fn describe_move(&self, position: &Self::Position, play: &Self::Move) -> String;

    /// Read a person's move in this position; the error says what is expected.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, InputError>;

    /// What a person types for a legal move: [`Strategy::parse_move`] reads it back
    /// as the same move.
    fn move_text(&self, position: &Self::Position, play: &Self::Move) -> String;

    /// How to type a move in this position, with an example.
    fn move_syntax(&self, position: &Self::Position) -> String;

    /// The position drawn for people (one or more lines).
    fn render(&self, position: &Self::Position) -> String;

    /// The moves to positions of normal-play Grundy value `target`: the first
    /// `limit` and how many there are in all (sums of games use it to find winning
    /// moves in a component). The default lists every legal move and evaluates each;
    /// families whose positions can have too many moves override it.
    fn moves_with_value(
        &self,
        position: &Self::Position,
        target: &Nat,
        limit: usize,
    ) -> Result<(Vec<Self::Move>, Nat), Error> {
        let (moves, complete) = self.legal_moves(position, MAX_SEARCHED_MOVES);
        if !complete {
            return Err(Error::Unsupported(format!(
                "{}: too many moves to search for one of Grundy value {target}",
                self.spec()
            )));
        }
        let mut found = Vec::new();
        let mut count = Nat::ZERO;
        for play in moves {
            let after = self.apply(position, &play);
            let grundy = self.analyze(&after, Convention::Normal, 0)?.grundy;
            match grundy {
                Some(value) if value == *target => {
                    count += Nat::ONE;
                    if found.len() < limit {
                        found.push(play);
                    }
                }
                Some(_) => {}
                None => {
                    return Err(Error::Unsupported(format!(
                        "{}: the Grundy value of {} is not known",
                        self.spec(),
                        self.format_position(&after)
                    )));
                }
            }
        }
        Ok((found, count))
    }

    /// How the game ends under `convention`, as a sentence for people ("Whoever
    /// makes the last move wins."); empty when the rules already say it.
    fn ending(&self, convention: Convention) -> String {
        match convention {
            Convention::Normal => "Whoever makes the last move wins.".to_string(),
            Convention::Misere => "Whoever makes the last move loses.".to_string(),
        }
    }

    /// Whether the player to move wins at a position with no legal move. Default: no
    /// in normal play (the opponent made the last move), yes in misère play. The
    /// attrition goal of the game on the plane overrides it: reaching (0,0) loses.
    fn mover_wins_at_end(&self, _position: &Self::Position, convention: Convention) -> bool {
        convention == Convention::Misere
    }

    /// A random start position for play, drawn from `seed`, for families whose
    /// play starts from a random position (the game on the plane never starts on a
    /// winning point). Default: none; play then starts from the family's example.
    fn random_start(&self, _seed: u64) -> Option<Self::Position> {
        None
    }

    /// For a position that is a single pot of tokens to draw from (seed 000's game),
    /// the pot; `None` for every other position.
    fn pot(&self, _position: &Self::Position) -> Option<Pot> {
        None
    }
}

/// Most legal moves [`Strategy::moves_with_value`] searches by default.
pub const MAX_SEARCHED_MOVES: usize = 4096;

/// A single pot of tokens and what a player may draw from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    /// Tokens in the pot.
    pub tokens: Nat,
    /// What one may draw, for "Please draw …": "1, 2 or 3 tokens", "the token".
    pub choices: String,
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

/// Legal moves at the text level: the first ones asked for, and whether that is all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMoves {
    /// The moves, starting with those that change the position least.
    pub moves: Vec<TextMove>,
    /// Whether `moves` holds every legal move.
    pub complete: bool,
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
/// whose moves are written out as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextAnalysis {
    /// The position in canonical syntax, when positions were asked for.
    pub position: Option<String>,
    /// The analysis; each winning move's `play` is the move as text (when positions
    /// were asked for).
    pub analysis: Analysis<Option<TextMove>>,
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
    /// carries the position in canonical syntax and each winning move as text (with
    /// the position after it); otherwise those are `None`.
    fn analyze(&self, position: &str, request: Request) -> Result<TextAnalysis, Error>;

    /// The single-heap nim-sequence, if this family has one.
    fn heap_sequence(&self) -> Option<&dyn HeapSequence>;

    /// The first `limit` legal moves (fewest changes first) and whether that is all.
    fn legal_moves(&self, position: &str, limit: usize) -> Result<LegalMoves, Error>;

    /// The positions the first `limit` legal moves lead to, and whether that is all:
    /// [`Ruleset::legal_moves`] without the words, for searches.
    fn successors(&self, position: &str, limit: usize) -> Result<(Vec<String>, bool), Error>;

    /// Read a person's move; the error names what is wrong and what is expected.
    fn parse_move(&self, position: &str, text: &str) -> Result<TextMove, Error>;

    /// How to type a move in this position, with an example.
    fn move_syntax(&self, position: &str) -> Result<String, Error>;

    /// The position drawn for people.
    fn render(&self, position: &str) -> Result<String, Error>;

    /// The pot, if the position is a single pot of tokens (seed 000's dialogue).
    fn pot(&self, position: &str) -> Result<Option<Pot>, Error>;

    /// A random start position drawn from `seed`, if the family has random starts.
    fn random_start(&self, seed: u64) -> Option<String>;

    /// Whether the player to move wins at a position with no legal move.
    fn mover_wins_at_end(&self, position: &str, convention: Convention) -> Result<bool, Error>;

    /// How the game ends under `convention`, as a sentence (possibly empty).
    fn ending(&self, convention: Convention) -> String;

    /// The first `limit` moves to positions of normal-play Grundy value `target`, and
    /// how many there are in all.
    fn moves_with_value(
        &self,
        position: &str,
        target: &Nat,
        limit: usize,
    ) -> Result<(Vec<TextMove>, Nat), Error>;
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
            analysis: analysis.map_moves(|play| show.then(|| self.text_move(&position, &play))),
        })
    }

    fn heap_sequence(&self) -> Option<&dyn HeapSequence> {
        Strategy::heap_sequence(self)
    }

    fn legal_moves(&self, position: &str, limit: usize) -> Result<LegalMoves, Error> {
        let position = self.parse_position(position)?;
        let (moves, complete) = Strategy::legal_moves(self, &position, limit);
        let moves = moves
            .iter()
            .map(|play| self.text_move(&position, play))
            .collect();
        Ok(LegalMoves { moves, complete })
    }

    fn successors(&self, position: &str, limit: usize) -> Result<(Vec<String>, bool), Error> {
        let position = self.parse_position(position)?;
        let (moves, complete) = Strategy::legal_moves(self, &position, limit);
        let after = moves
            .iter()
            .map(|play| self.format_position(&self.apply(&position, play)))
            .collect();
        Ok((after, complete))
    }

    fn parse_move(&self, position: &str, text: &str) -> Result<TextMove, Error> {
        let position = self.parse_position(position)?;
        let play = Strategy::parse_move(self, &position, text)?;
        Ok(self.text_move(&position, &play))
    }

    fn move_syntax(&self, position: &str) -> Result<String, Error> {
        Ok(Strategy::move_syntax(self, &self.parse_position(position)?))
    }

    fn render(&self, position: &str) -> Result<String, Error> {
        Ok(Strategy::render(self, &self.parse_position(position)?))
    }

    fn pot(&self, position: &str) -> Result<Option<Pot>, Error> {
        Ok(Strategy::pot(self, &self.parse_position(position)?))
    }

    fn random_start(&self, seed: u64) -> Option<String> {
        Strategy::random_start(self, seed).map(|p| self.format_position(&p))
    }

    fn mover_wins_at_end(&self, position: &str, convention: Convention) -> Result<bool, Error> {
        let position = self.parse_position(position)?;
        Ok(Strategy::mover_wins_at_end(self, &position, convention))
    }

    fn ending(&self, convention: Convention) -> String {
        Strategy::ending(self, convention)
    }

    fn moves_with_value(
        &self,
        position: &str,
        target: &Nat,
        limit: usize,
    ) -> Result<(Vec<TextMove>, Nat), Error> {
        let position = self.parse_position(position)?;
        let (moves, count) = Strategy::moves_with_value(self, &position, target, limit)?;
        let moves = moves.iter().map(|m| self.text_move(&position, m)).collect();
        Ok((moves, count))
    }
}

/// Helpers shared by every strategy's text-level face.
trait TextMoves: Strategy {
    /// A move with its description and the position it leads to, as text.
    fn text_move(&self, position: &Self::Position, play: &Self::Move) -> TextMove {
        TextMove {
            action: self.describe_move(position, play),
            text: self.move_text(position, play),
            to: self.format_position(&self.apply(position, play)),
        }
    }
}

impl<S: Strategy> TextMoves for S {}
