//! Game families, one module each: the rules, the exact strategy, and tests that
//! check the strategy against brute force on every small position.
//!
//! # Adding a family
//!
//! 1. Write `families/NAME.rs`. A game played on heaps (a move changes one heap,
//!    which may split) implements [`HeapRules`](crate::heap::HeapRules) only; sums
//!    of heaps, misère play, periods and the web come from
//!    [`HeapSum`](crate::heap::HeapSum). Any other game implements
//!    [`Game`](crate::rules::Game) and [`Strategy`](crate::protocol::Strategy).
//! 2. Test the strategy against brute force ([`Oracle`](crate::solve::search::Oracle)
//!    and [`GrundyEngine`](crate::solve::search::GrundyEngine)) on every small
//!    position, exhaustively.
//! 3. Add one entry to [`FAMILIES`](crate::registry::FAMILIES). The registry's own
//!    tests then check the new family's notation, moves and play with every other.

pub mod coins;
pub mod copycat;
pub mod fibonacci;
pub mod flipflop;
pub mod graph;
pub mod grundy_game;
pub mod lasker;
pub mod mock_turtles;
pub mod moore;
pub mod nim;
pub mod octal;
pub mod ruler;
pub mod staircase;
pub mod subtract_squares;
pub mod subtraction;
pub mod turtles;
pub mod wythoff;
