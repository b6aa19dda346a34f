//! nimlab-core: impartial combinatorial games without I/O, in layers. Code in a layer
//! names only the layers listed before it (a test keeps the modules free of cycles):
//!
//! - Base: [`num`] (the one integer type for positions of any size), [`error`],
//!   [`parse`] (reading what people type), [`budget`] (how much work and memory a
//!   computation may use), [`limits`] (every limit on a question, in one place),
//!   [`text`] (English for people), and how numbers are written in JSON.
//! - [`rules`]: what every game shares: [`Game`](rules::Game), [`Convention`],
//!   [`Outcome`].
//! - [`seq`]: integer sequences behind the closed forms (φ, Wythoff pairs, Fibonacci
//!   and Zeckendorf, fusc), exact at any size.
//! - [`solve`]: mex, the generic Grundy engine and brute-force oracle, sums, periods,
//!   misère quotients.
//! - [`protocol`]: the traits a family implements, the erased [`Ruleset`] front ends
//!   hold, boards, the computer's move policy, sums of games.
//! - [`heap`]: heap games: the rules of one heap make a whole game, with sums,
//!   misère play and the octal engine behind them.
//! - [`families`]: one module per game family: rules, exact strategy, brute-force
//!   tests.
//! - [`registry`]: from a spec string to a shared [`Ruleset`].
//! - [`conformance`]: the one check every game passes, built in or defined elsewhere.
//! - [`report`]: the answers front ends print or serve, as data; reviewing a game.
//! - [`research`]: the census of octal codes and the classifier of games.
//! - [`task`]: the Sprague–Grundy practice tasks, from input text to answer text.

pub mod budget;
pub mod error;
#[cfg(feature = "serde")]
mod json;
pub mod limits;
pub mod num;
pub mod parse;
pub mod text;

pub mod rules;
pub mod seq;
pub mod solve;

pub mod protocol;

pub mod heap;

pub mod families;

pub mod registry;

pub mod conformance;
#[cfg(test)]
mod generated_docs;

pub mod report;
pub mod research;
pub mod task;

pub use budget::Budget;
pub use error::{Error, InputError};
pub use num::Nat;
pub use protocol::{Analysis, AnyMove, AnyPosition, Ruleset, WinningMove};
pub use registry::{Spec, game, game_with};
pub use rules::{Convention, Outcome};
