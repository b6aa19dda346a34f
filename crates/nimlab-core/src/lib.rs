//! nimlab-core: impartial combinatorial games without I/O.
//!
//! - [`num`]: the one integer type for positions of any size.
//! - [`solve`]: mex, the generic Grundy engine and brute-force oracle, budgets, sums,
//!   periods.
//! - [`seq`]: integer sequences behind the closed forms (φ, Wythoff pairs, Fibonacci
//!   and Zeckendorf, fusc), exact at any size.
//! - [`games`]: one module per game family (rules + exact strategy + brute-force
//!   tests), the [`games::Ruleset`] protocol front ends speak, and the registry of
//!   spec strings.
//! - [`report`]: the answers front ends print or serve, as data, and boards.
//! - [`play`]: the computer's moves against a person, and reviewing a game.
//! - [`limits`]: every limit on a question, in one place.
//! - [`text`]: English for people (lists, plurals, number words).

pub mod error;
pub mod games;
pub mod limits;
pub mod num;
pub mod play;
pub mod report;
pub mod seq;
pub mod solve;
pub mod text;

pub use error::{Error, InputError};
pub use games::registry::{game, game_with};
pub use games::{Analysis, AnyMove, AnyPosition, Ruleset, WinningMove};
pub use num::Nat;
pub use solve::budget::Budget;
pub use solve::{Convention, Outcome};
