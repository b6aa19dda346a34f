//! nimlab-core: impartial combinatorial games without I/O.
//!
//! - [`num`]: the one integer type for positions of any size.
//! - [`solve`]: mex, the generic Grundy engine and brute-force oracle, sums, periods.
//! - [`seq`]: integer sequences behind the closed forms (φ, Wythoff pairs, Fibonacci
//!   and Zeckendorf, fusc), exact at any size.
//! - [`games`]: one module per game family (rules + exact strategy + brute-force
//!   tests), the [`games::Ruleset`] protocol front ends speak, and the registry of
//!   spec strings.

pub mod error;
pub mod games;
pub mod num;
pub mod seq;
pub mod solve;

pub use error::{Error, InputError};
pub use games::registry::parse_game;
pub use games::{Analysis, Request, Ruleset, WinningMove};
pub use num::Nat;
pub use solve::{Convention, Outcome};
