//! The capability of a game played on heaps, which front ends and sums ask for beyond
//! play: the nim-sequence of one heap ([`HeapSequence`]) and, through [`HeapGame`],
//! the misère quotient and the misère-Nim rule's values.
//!
//! It is part of the protocol, not of [`heap`](crate::heap): the protocol's
//! [`Strategy::heap_game`](super::Strategy::heap_game) and its sums of games name it,
//! and `heap` (whose [`HeapSum`](crate::heap::HeapSum) implements the protocol) is a
//! layer above, which the protocol may not name.

use crate::budget::Budget;
use crate::error::Error;
use crate::num::Nat;
use crate::protocol::AnyPosition;
use crate::solve::period::Periodicity;
use crate::solve::quotient::LazyQuotient;

/// The nim-sequence of a single heap, for the `grundy` and `period` commands.
///
/// **The minimum a game implements:** [`grundy_table`](HeapSequence::grundy_table)
/// and [`periodicity`](HeapSequence::periodicity); take-and-break games, whose
/// values come from the octal engine, also offer its rules and a period search of
/// any length.
pub trait HeapSequence: Send + Sync {
    /// g(0), …, g(upto) for one heap, spending one unit of `budget` per value and
    /// holding one table entry of its memory per value of the table returned (a table
    /// that does not fit is refused before it is computed).
    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error>;

    /// The least period and preperiod, with a certificate that proves them; the
    /// search spends from `budget` (a result found once is kept).
    fn periodicity(&self, budget: &Budget) -> Result<Periodicity, Error>;

    /// The memory the sequence keeps between questions (its tables), in 8-byte words.
    /// Default: none.
    fn held_words(&self) -> u64 {
        0
    }

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

/// What a game played on heaps offers beyond play: the nim-sequence of one heap, the
/// misère quotient, and the Grundy values of a position's heaps when misère play
/// follows the misère-Nim rule. A capability, which front ends and sums of games ask
/// for with [`Strategy::heap_game`](super::Strategy::heap_game); [`HeapSum`](crate::heap::HeapSum) has it.
pub trait HeapGame: Send + Sync {
    /// The nim-sequence of one heap.
    fn sequence(&self) -> &dyn HeapSequence;

    /// The misère quotient, when the quotient method covers the game.
    fn misere_quotient(&self) -> Option<&LazyQuotient>;

    /// Whether misère play of any sum of heaps follows the misère-Nim rule on Grundy
    /// values (the tameness lemma of [`crate::heap`]), as checked within `budget`.
    fn misere_is_tame(&self, budget: &Budget) -> Result<bool, Error>;

    /// The Grundy values of the heaps of `position` (a position of this game), when
    /// misère play of any sum of such heaps follows the misère-Nim rule (every heap
    /// of value 0 that has a move has a move to value 1: the tameness lemma of
    /// [`crate::heap`]); `None` when it does not hold for this game.
    fn tame_values(
        &self,
        position: &AnyPosition,
        budget: &Budget,
    ) -> Result<Option<Vec<Nat>>, Error>;
}
