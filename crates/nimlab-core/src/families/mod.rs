//! Game families, one module each: the rules, the exact strategy, and tests that
//! check the strategy against brute force on every small position.
//!
//! # Adding a family
//!
//! 1. Write `families/NAME.rs` and add `pub mod NAME;` below. A game played on heaps
//!    (a move changes one heap, which may split) implements
//!    [`HeapRules`](crate::heap::HeapRules): its name and its options are the
//!    minimum, and [`HeapSum`](crate::heap::HeapSum) gives sums of heaps, misère
//!    play, values and the web. A row of coins implements
//!    [`CoinRules`](coins::CoinRules). Any other game implements
//!    [`Game`](crate::rules::Game) and [`Notation`](crate::protocol::Notation)'s five
//!    required methods; [`Strategy`](crate::protocol::Strategy) then needs no method
//!    (its default searches every position reachable).
//! 2. Test the strategy against brute force ([`Oracle`](crate::solve::search::Oracle)
//!    and [`GrundyEngine`](crate::solve::search::GrundyEngine)) on every small
//!    position, exhaustively.
//! 3. Add one entry to [`FAMILIES`](crate::registry::FAMILIES). The registry's test
//!    then runs [`conformance::check`](crate::conformance::check) on the family's
//!    example (notation, moves against brute force in both conventions, clicks, play
//!    to the end) and on sums with other families.
//! 4. The guide's table of games in `docs/GUIDE.md` and `nimlab --help`'s list are
//!    made from the entry ([`markdown_table`](crate::registry::markdown_table)):
//!    `NIMLAB_BLESS=1 cargo test -p nimlab-core` writes the guide's table (and
//!    `docs/LIMITS.md`'s, for a family that adds a limit); without it the test
//!    `the_guide_shows_every_family` fails until they are written.

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
