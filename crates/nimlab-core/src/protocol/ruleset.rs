//! The face of a game that front ends hold: [`Ruleset`], an object-safe trait over
//! positions and moves whose types are hidden ([`AnyPosition`], [`AnyMove`]).
//!
//! A front end parses a position once, with [`Ruleset::parse_position`], and from then
//! on passes the typed value back: nothing inside the core goes back through text.
//! [`Erased`] gives every [`Strategy`] this face; the registry hands out
//! `Arc<dyn Ruleset>`, so `analyze`, `moves`, `play` and the web API share one code
//! path and never match on a game's name.

use super::board::Board;
use super::policy::Policy;
use super::{Analysis, HeapSequence, MoveValues, Strategy, TextMove};
use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::{LISTED_TEXT, MOVES_REMOTENESS_SEARCH};
use crate::num::Nat;
use crate::rules::{Convention, Outcome};
use crate::solve::quotient::LazyQuotient;
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

/// A game as front ends see it: every method of the game protocol over positions and
/// moves of hidden type, made by this ruleset (passing one game's position to another
/// game is a bug, and panics).
pub trait Ruleset: Send + Sync {
    /// The canonical spec string.
    fn spec(&self) -> String;

    /// The rules in one or two sentences.
    fn rules(&self) -> String;

    /// How positions are written, with an example.
    fn position_syntax(&self) -> String;

    /// How the game ends under `convention`, as a sentence (possibly empty).
    fn ending(&self, convention: Convention) -> String;

    /// The single-heap nim-sequence, if this family has one.
    fn heap_sequence(&self) -> Option<&dyn HeapSequence>;

    /// The misère quotient, if the quotient method covers this family.
    fn misere_quotient(&self) -> Option<&LazyQuotient>;

    /// Read a position (errors name the offending token).
    fn parse_position(&self, text: &str) -> Result<AnyPosition, InputError>;

    /// The position in canonical syntax.
    fn format_position(&self, position: &AnyPosition) -> String;

    /// The canonical key of the position (see [`crate::rules::Game::canonical`]).
    fn canonical(&self, position: &AnyPosition) -> AnyPosition;

    /// The position's size in table entries (see [`crate::rules::Game::size`]).
    fn size(&self, position: &AnyPosition) -> usize;

    /// A random start position drawn from `seed`, if the family has random starts.
    fn random_start(&self, seed: u64) -> Option<AnyPosition>;

    /// The first `limit` legal moves (fewest changes first) and whether that is all.
    fn legal_moves(&self, position: &AnyPosition, limit: usize) -> (Vec<AnyMove>, bool);

    /// How many legal moves there are in all.
    fn move_count(&self, position: &AnyPosition) -> Nat;

    /// The position after a legal move.
    fn apply(&self, position: &AnyPosition, play: &AnyMove) -> AnyPosition;

    /// The legal move from `from` that leads to `to`, if there is one (decided by the
    /// rules, for positions of any size).
    fn move_to(&self, from: &AnyPosition, to: &AnyPosition) -> Option<AnyMove>;

    /// A legal move in words, as an imperative phrase.
    fn describe_move(&self, position: &AnyPosition, play: &AnyMove) -> String;

    /// What a person types for a legal move.
    fn move_text(&self, position: &AnyPosition, play: &AnyMove) -> String;

    /// Read a person's move; the error names what is wrong and what is expected.
    fn parse_move(&self, position: &AnyPosition, text: &str) -> Result<AnyMove, InputError>;

    /// How to type a move in this position, with an example.
    fn move_syntax(&self, position: &AnyPosition) -> String;

    /// The position as data to draw.
    fn board(&self, position: &AnyPosition) -> Board;

    /// The Grundy values of the position's components, when misère play follows the
    /// misère-Nim rule (see [`Strategy::tame_components`]).
    fn tame_components(
        &self,
        position: &AnyPosition,
        budget: &Budget,
    ) -> Option<Result<Vec<Nat>, Error>>;

    /// Whether the player to move wins at a position with no legal move.
    fn mover_wins_at_end(&self, position: &AnyPosition, convention: Convention) -> bool;

    /// The outcome, Grundy value and winning moves (the first `max_moves`).
    fn analyze(
        &self,
        position: &AnyPosition,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<AnyMove>, Error>;

    /// The first `limit` moves to positions of normal-play Grundy value `target`, and
    /// how many there are in all.
    fn moves_with_value(
        &self,
        position: &AnyPosition,
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<AnyMove>, Nat), Error>;

    /// Every legal move (the first `max_moves`) with its value for the player who
    /// makes it, winning moves first; the remoteness is filled in where a search of
    /// every position after the moves fits [`MOVES_REMOTENESS_SEARCH`].
    fn move_values(
        &self,
        position: &AnyPosition,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<MoveValues<AnyMove>, Error>;

    /// The computer's move in a position that is not over (see [`crate::play`]).
    fn computer_move(
        &self,
        position: &AnyPosition,
        convention: Convention,
        policy: Policy,
        rng: &mut StdRng,
    ) -> Result<AnyMove, Error>;

    /// A legal move with its description, what a person types, and the position
    /// after it, as text.
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

/// A [`Strategy`] behind the object-safe [`Ruleset`] face.
pub struct Erased<S>(pub S);

impl<S: Strategy> Erased<S> {
    fn position<'p>(&self, position: &'p AnyPosition) -> &'p S::Position {
        position.get::<S::Position>()
    }
}

impl<S: Strategy> Ruleset for Erased<S> {
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn rules(&self) -> String {
        self.0.rules()
    }

    fn position_syntax(&self) -> String {
        self.0.position_syntax()
    }

    fn ending(&self, convention: Convention) -> String {
        self.0.ending(convention)
    }

    fn heap_sequence(&self) -> Option<&dyn HeapSequence> {
        self.0.heap_sequence()
    }

    fn misere_quotient(&self) -> Option<&LazyQuotient> {
        self.0.misere_quotient()
    }

    fn parse_position(&self, text: &str) -> Result<AnyPosition, InputError> {
        Ok(AnyPosition::new(self.0.parse_position(text)?))
    }

    fn format_position(&self, position: &AnyPosition) -> String {
        self.0.format_position(self.position(position))
    }

    fn canonical(&self, position: &AnyPosition) -> AnyPosition {
        AnyPosition::new(self.0.canonical(self.position(position)))
    }

    fn size(&self, position: &AnyPosition) -> usize {
        self.0.size(self.position(position))
    }

    fn random_start(&self, seed: u64) -> Option<AnyPosition> {
        self.0.random_start(seed).map(AnyPosition::new)
    }

    fn legal_moves(&self, position: &AnyPosition, limit: usize) -> (Vec<AnyMove>, bool) {
        let (moves, complete) = self.0.legal_moves(self.position(position), limit);
        (moves.into_iter().map(AnyMove::new).collect(), complete)
    }

    fn move_count(&self, position: &AnyPosition) -> Nat {
        self.0.move_count(self.position(position))
    }

    fn apply(&self, position: &AnyPosition, play: &AnyMove) -> AnyPosition {
        AnyPosition::new(self.0.apply(self.position(position), play.get::<S::Move>()))
    }

    fn move_to(&self, from: &AnyPosition, to: &AnyPosition) -> Option<AnyMove> {
        self.0
            .move_to(self.position(from), self.position(to))
            .map(AnyMove::new)
    }

    fn describe_move(&self, position: &AnyPosition, play: &AnyMove) -> String {
        self.0
            .describe_move(self.position(position), play.get::<S::Move>())
    }

    fn move_text(&self, position: &AnyPosition, play: &AnyMove) -> String {
        self.0
            .move_text(self.position(position), play.get::<S::Move>())
    }

    fn parse_move(&self, position: &AnyPosition, text: &str) -> Result<AnyMove, InputError> {
        Ok(AnyMove::new(
            self.0.parse_move(self.position(position), text)?,
        ))
    }

    fn move_syntax(&self, position: &AnyPosition) -> String {
        self.0.move_syntax(self.position(position))
    }

    fn board(&self, position: &AnyPosition) -> Board {
        self.0.board(self.position(position))
    }

    fn tame_components(
        &self,
        position: &AnyPosition,
        budget: &Budget,
    ) -> Option<Result<Vec<Nat>, Error>> {
        self.0.tame_components(self.position(position), budget)
    }

    fn mover_wins_at_end(&self, position: &AnyPosition, convention: Convention) -> bool {
        self.0
            .mover_wins_at_end(self.position(position), convention)
    }

    fn analyze(
        &self,
        position: &AnyPosition,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<AnyMove>, Error> {
        let analysis = self
            .0
            .analyze(self.position(position), convention, max_moves, budget)?;
        Ok(analysis.map_moves(AnyMove::new))
    }

    fn moves_with_value(
        &self,
        position: &AnyPosition,
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<AnyMove>, Nat), Error> {
        let (moves, count) =
            self.0
                .moves_with_value(self.position(position), target, limit, budget)?;
        Ok((moves.into_iter().map(AnyMove::new).collect(), count))
    }

    fn move_values(
        &self,
        position: &AnyPosition,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<MoveValues<AnyMove>, Error> {
        let position = self.position(position);
        // Each move is written out with the position after it: about as long as the
        // position, which takes some 20 digits per word.
        let listable = LISTED_TEXT.get() / (40 * self.0.size(position)).max(1);
        let text_limited = listable < max_moves;
        let max_moves = max_moves.min(listable);
        let analysis = self.0.analyze(position, convention, max_moves, budget)?;
        let mut chosen: Vec<S::Move> = analysis.winning_moves.into_iter().map(|m| m.play).collect();
        let winning = chosen.len();
        let (legal, complete) = self.0.legal_moves(position, max_moves + winning);
        let count = if complete {
            Nat::from(legal.len())
        } else {
            self.0.move_count(position)
        };
        for play in legal {
            if chosen.len() == max_moves {
                break;
            }
            if !chosen[..winning].contains(&play) {
                chosen.push(play);
            }
        }
        let moves = self.0.move_values(position, chosen, convention, budget)?;
        let mut values = MoveValues {
            text_limited: text_limited && count > moves.len(),
            count,
            moves,
        };
        add_remoteness(&self.0, position, convention, budget, &mut values);
        values.moves.sort_by_key(|m| !m.wins);
        Ok(values.map_moves(AnyMove::new))
    }

    fn computer_move(
        &self,
        position: &AnyPosition,
        convention: Convention,
        policy: Policy,
        rng: &mut StdRng,
    ) -> Result<AnyMove, Error> {
        crate::protocol::policy::choose_move(
            &self.0,
            self.position(position),
            convention,
            policy,
            rng,
        )
        .map(AnyMove::new)
    }
}

/// Fill in the remoteness of the position after each move, if one search of all of
/// them fits [`MOVES_REMOTENESS_SEARCH`] (and what is left of `budget`); otherwise
/// leave every remoteness unknown.
fn add_remoteness<S: Strategy>(
    strategy: &S,
    position: &S::Position,
    convention: Convention,
    budget: &Budget,
    values: &mut MoveValues<S::Move>,
) {
    let budget = budget.narrowed(MOVES_REMOTENESS_SEARCH.value);
    let moves: Vec<S::Move> = values.moves.iter().map(|v| v.play.clone()).collect();
    if let Some(found) = strategy.search_after(position, &moves, convention, &budget) {
        for (value, (outcome, remoteness)) in values.moves.iter_mut().zip(found) {
            debug_assert_eq!(outcome == Outcome::P, value.wins, "{:?}", value.play);
            value.remoteness = Some(remoteness);
        }
    }
}
