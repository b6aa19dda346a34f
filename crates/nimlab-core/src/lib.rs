//! nimlab-core: impartial combinatorial games without I/O.
//!
//! - [`num`]: the one integer type for positions of any size.
//! - [`solve`]: mex, the generic Grundy engine and brute-force oracle, sums, periods.
//! - [`games`]: one module per game family (rules + exact strategy + brute-force
//!   tests), the [`games::Ruleset`] protocol front ends speak, and the registry of
//!   spec strings.

pub mod error;
pub mod games;
pub mod num;
pub mod solve;

pub use error::{Error, InputError};
pub use games::registry::{parse_game, parse_game_with};
pub use games::{Analysis, Request, Ruleset, WinningMove};
pub use num::Nat;
pub use solve::{Convention, Outcome};
