//! Integer sequences behind the closed forms of the games, exact at any size:
//!
//! - [`golden`]: ⌊n·φ⌋ and ⌊n/φ⌋ by integer square roots (never floating point);
//! - [`wythoff`]: the Wythoff pairs (a_k, b_k), the P-positions of Wythoff's game;
//! - [`fibonacci`]: Fibonacci numbers and Zeckendorf representations;
//! - [`fusc`]: Stern's diatomic sequence.

pub mod fibonacci;
pub mod fusc;
pub mod golden;
pub mod wythoff;
