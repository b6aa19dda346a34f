//! The face of a game that front ends hold: [`Ruleset`], an object-safe trait over
//! positions and moves whose types are hidden ([`AnyPosition`], [`AnyMove`]).
//!
//! A front end parses a position once, with [`Ruleset::parse_position`], and from then
//! on passes the typed value back: nothing inside the core goes back through text.
//! [`Erased`] gives every [`Strategy`] this face; the registry hands out
//! `Arc<dyn Ruleset>`, so `analyze`, `moves`, `play` and the web API share one code
//! path and never match on a game's name. The trait and its one implementation are
//! generated from a single list of the protocol's methods.

use super::board::{Board, Clicks};
use super::policy::Policy;
use super::{Analysis, HeapGame, MoveValues, Strategy, TextMove};
use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::num::Nat;
use crate::rules::{Convention, Game};
use crate::solve::loopy::Gamma;
use rand::rngs::StdRng;
use std::any::Any;
use std::fmt::{self, Debug};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A typed value behind [`AnyPosition`] and [`AnyMove`]: compared, hashed and printed
/// through the trait object.
trait Value: Any + Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn equals(&self, other: &dyn Value) -> bool;
    fn hash_into(&self, state: &mut dyn Hasher);
}

impl<T: Any + Debug + Eq + Hash + Send + Sync> Value for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn equals(&self, other: &dyn Value) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn hash_into(&self, mut state: &mut dyn Hasher) {
        self.hash(&mut state);
    }
}

/// Generates a cheaply cloned, hashable handle to a typed value of some game.
macro_rules! handle {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name(Arc<dyn Value>);

        impl $name {
            /// Wrap a typed value.
            pub fn new<T: Any + Debug + Eq + Hash + Send + Sync>(value: T) -> Self {
                $name(Arc::new(value))
            }

            /// The typed value. Only the game that made it reads it: another type is
            /// a bug in the caller, which passed a value of one game to another.
            pub fn get<T: Any>(&self) -> &T {
                self.0.as_any().downcast_ref::<T>().unwrap_or_else(|| {
                    panic!(concat!("a ", $what, " of another game: {:?}"), self.0)
                })
            }
        }

        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.0.equals(other.0.as_ref())
            }
        }

        impl Eq for $name {}

        impl Hash for $name {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.0.hash_into(state);
            }
        }

        impl Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

handle!(
    /// A position of some game, parsed once by that game's [`Ruleset`].
    AnyPosition,
    "position"
);

handle!(
    /// A move of some game, made by that game's [`Ruleset`] for one position.
    AnyMove,
    "move"
);

/// Generates [`Ruleset`] and its implementation for [`Erased`] from one list of the
/// protocol's methods, so no method is forwarded by hand. Each argument says how it
/// is read for the family (`position`: a typed position; `play`: a typed move;
/// `as_is`: unchanged), and each method how its result is erased (a function from
/// the family's result to the ruleset's).
macro_rules! ruleset {
    ($(
        $(#[$doc:meta])*
        fn $name:ident(&self $(, $arg:ident: $ty:ty => $read:ident)*) -> $ret:ty => $erase:expr;
    )*) => {
        /// A game as front ends see it: the game protocol ([`Game`](crate::rules::Game),
        /// [`Notation`](crate::protocol::Notation), [`Strategy`](crate::protocol::Strategy)) over positions and moves of hidden type, made by
        /// this ruleset (passing one game's position to another game is a bug, and
        /// panics).
        pub trait Ruleset: Send + Sync {
            $($(#[$doc])* fn $name(&self $(, $arg: $ty)*) -> $ret;)*

            /// A legal move with its description, what a person types, and the
            /// position after it, as text.
            fn text_move(&self, position: &AnyPosition, play: &AnyMove) -> TextMove {
                TextMove {
                    action: self.describe_move(position, play),
                    text: self.move_text(position, play),
                    to: self.format_position(&self.apply(position, play)),
                }
            }

            /// A position written in canonical syntax.
            fn normalize(&self, text: &str) -> Result<String, InputError> {
                Ok(self.format_position(&self.parse_position(text)?))
            }

            /// Whether the game is over (the player to move has no legal move).
            fn is_over(&self, position: &AnyPosition) -> bool {
                self.legal_moves(position, 1).0.is_empty()
            }
        }

        impl<S: Strategy> Ruleset for Erased<S> {
            $(fn $name(&self $(, $arg: $ty)*) -> $ret {
                #[allow(clippy::redundant_closure_call)]
                ($erase)(self.0.$name($(read!($read, $arg, S)),*))
            })*
        }
    };
}

/// How an argument of [`Ruleset`] is read for the family `S` (see [`ruleset!`]).
macro_rules! read {
    (position, $arg:ident, $s:ident) => {
        $arg.get::<<$s as Game>::Position>()
    };
    (play, $arg:ident, $s:ident) => {
        $arg.get::<<$s as Game>::Move>()
    };
    (as_is, $arg:ident, $s:ident) => {
        $arg
    };
}

/// The questions [`Ruleset`] asks of every strategy about repetition, answered from
/// its [`Repeating`](super::Repeating) capability, if it has one.
trait RepeatingQuestions: Strategy {
    fn repeats(&self) -> bool {
        self.repeating().is_some()
    }

    fn progress(&self, position: &Self::Position) -> Vec<(u32, u32)> {
        self.repeating()
            .map_or_else(Vec::new, |repeating| repeating.progress(position))
    }
}

impl<S: Strategy> RepeatingQuestions for S {}

/// A [`Strategy`] behind the object-safe [`Ruleset`] face.
pub struct Erased<S>(pub S);

/// The result unchanged.
fn same<T>(result: T) -> T {
    result
}

/// A list of moves, erased.
fn moves<M: Any + Debug + Eq + Hash + Send + Sync>(moves: Vec<M>) -> Vec<AnyMove> {
    moves.into_iter().map(AnyMove::new).collect()
}

ruleset! {
    /// The canonical spec string.
    fn spec(&self) -> String => same;

    /// The rules in one or two sentences.
    fn rules(&self) -> String => same;

    /// How positions are written, with an example.
    fn position_syntax(&self) -> String => same;

    /// How the game ends under `convention`, as a sentence (possibly empty).
    fn ending(&self, convention: Convention => as_is) -> String => same;

    /// The game as a game played on heaps, if it is one.
    fn heap_game(&self) -> Option<&dyn HeapGame> => same;

    /// The memory the game keeps between questions, in 8-byte words.
    fn held_words(&self) -> u64 => same;

    /// Whether positions can repeat, so that play may go on forever (a draw).
    fn repeats(&self) -> bool => same;

    /// Whether the game may be played in misère play (see [`Strategy::takes_misere`]).
    fn takes_misere(&self) -> bool => same;

    /// The progress keys of a position of a game whose positions can repeat (see
    /// [`Repeating::progress`](super::Repeating::progress)); none for a game that
    /// ends.
    fn progress(&self, position: &AnyPosition => position) -> Vec<(u32, u32)> => same;

    /// For tokens on a graph: the values of vertices 0 to `upto` (see
    /// [`Strategy::vertex_values`]).
    fn vertex_values(&self, upto: usize => as_is) -> Option<Vec<Gamma>> => same;

    /// Read a position (errors name the offending token).
    fn parse_position(&self, text: &str => as_is) -> Result<AnyPosition, InputError>
        => |read: Result<_, _>| read.map(AnyPosition::new);

    /// The position in canonical syntax.
    fn format_position(&self, position: &AnyPosition => position) -> String => same;

    /// The canonical key of the position (see [`Game::canonical`](crate::rules::Game::canonical)).
    fn canonical(&self, position: &AnyPosition => position) -> AnyPosition => AnyPosition::new;

    /// The position's size in table entries (see [`Game::size`](crate::rules::Game::size)).
    fn size(&self, position: &AnyPosition => position) -> usize => same;

    /// A random start position drawn from `seed`, if the family has random starts.
    fn random_start(&self, seed: u64 => as_is) -> Option<AnyPosition>
        => |start: Option<_>| start.map(AnyPosition::new);

    /// The first `limit` legal moves (fewest changes first) and whether that is all.
    fn legal_moves(&self, position: &AnyPosition => position, limit: usize => as_is) -> (Vec<AnyMove>, bool)
        => |(listed, complete)| (moves(listed), complete);

    /// How many legal moves there are in all.
    fn move_count(&self, position: &AnyPosition => position) -> Nat => same;

    /// The position after a legal move.
    fn apply(&self, position: &AnyPosition => position, play: &AnyMove => play) -> AnyPosition
        => AnyPosition::new;

    /// The legal move from `from` that leads to `to`, if there is one (decided by the
    /// rules, for positions of any size).
    fn move_to(&self, from: &AnyPosition => position, to: &AnyPosition => position) -> Option<AnyMove>
        => |found: Option<_>| found.map(AnyMove::new);

    /// A legal move in words, as an imperative phrase.
    fn describe_move(&self, position: &AnyPosition => position, play: &AnyMove => play) -> String
        => same;

    /// What a person types for a legal move.
    fn move_text(&self, position: &AnyPosition => position, play: &AnyMove => play) -> String
        => same;

    /// Read a person's move; the error names what is wrong and what is expected.
    fn parse_move(&self, position: &AnyPosition => position, text: &str => as_is) -> Result<AnyMove, InputError>
        => |read: Result<_, _>| read.map(AnyMove::new);

    /// How to type a move in this position, with an example.
    fn move_syntax(&self, position: &AnyPosition => position) -> String => same;

    /// The position as data to draw.
    fn board(&self, position: &AnyPosition => position) -> Board => same;

    /// How a legal move is made by clicking the board (see [`Clicks`]).
    fn clicks(&self, position: &AnyPosition => position, play: &AnyMove => play) -> Clicks => same;

    /// What clicking the board does, in words.
    fn click_help(&self) -> String => same;

    /// Whether the player to move wins at a position with no legal move.
    fn mover_wins_at_end(&self, position: &AnyPosition => position, convention: Convention => as_is) -> bool
        => same;

    /// The outcome, Grundy value and winning moves (the first `max_moves`).
    fn analyze(
        &self,
        position: &AnyPosition => position,
        convention: Convention => as_is,
        max_moves: usize => as_is,
        budget: &Budget => as_is
    ) -> Result<Analysis<AnyMove>, Error>
        => |analysis: Result<Analysis<_>, _>| analysis.map(|a| a.map_moves(AnyMove::new));

    /// The first `limit` moves to positions of normal-play Grundy value `target`, and
    /// how many there are in all.
    fn moves_with_value(
        &self,
        position: &AnyPosition => position,
        target: &Nat => as_is,
        limit: usize => as_is,
        budget: &Budget => as_is
    ) -> Result<(Vec<AnyMove>, Nat), Error>
        => |found: Result<(Vec<_>, Nat), _>| found.map(|(listed, count)| (moves(listed), count));

    /// Legal moves with their values for the player who makes them, winning moves
    /// first (see [`Strategy::move_list`]).
    fn move_list(
        &self,
        position: &AnyPosition => position,
        convention: Convention => as_is,
        max_moves: usize => as_is,
        budget: &Budget => as_is
    ) -> Result<MoveValues<AnyMove>, Error>
        => |values: Result<MoveValues<_>, _>| values.map(|v| v.map_moves(AnyMove::new));

    /// [`Ruleset::move_list`] with the remoteness search spending from `remoteness`
    /// (see [`Strategy::move_list_within`]).
    fn move_list_within(
        &self,
        position: &AnyPosition => position,
        convention: Convention => as_is,
        max_moves: usize => as_is,
        budget: &Budget => as_is,
        remoteness: &Budget => as_is
    ) -> Result<MoveValues<AnyMove>, Error>
        => |values: Result<MoveValues<_>, _>| values.map(|v| v.map_moves(AnyMove::new));

    /// The computer's move in a position that is not over (see [`policy`](super::policy)).
    fn computer_move(
        &self,
        position: &AnyPosition => position,
        convention: Convention => as_is,
        policy: Policy => as_is,
        rng: &mut StdRng => as_is,
        budget: &Budget => as_is
    ) -> Result<AnyMove, Error>
        => |chosen: Result<_, _>| chosen.map(AnyMove::new);
}
