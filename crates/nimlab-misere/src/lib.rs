//! Misère quotients of heap games: computed heap by heap, certified for heaps of every
//! size by the periodicity theorem, and used to play any position.
//!
//! # The theory
//!
//! In misère play the player who makes the last move loses. Two positions G and H of a
//! game are *indistinguishable* when G + X and H + X have the same misère outcome for
//! every position X of the game; the classes form a commutative monoid, the **misère
//! quotient** Q, and the classes of the P-positions its **P-portion** (Plambeck,
//! "Taming the wild in impartial combinatorial games", INTEGERS 5, 2005; Plambeck and
//! Siegel, "Misère quotients for impartial games", JCTA 115, 2008, arXiv math/0609825).
//! The **pretending function** Φ maps a heap to its class, and a position to the
//! product of its heaps' classes: the position is P exactly when that product lies in
//! the P-portion. So a finite quotient, with Φ periodic, answers every position of any
//! size in a few multiplications — the misère analogue of Sprague–Grundy values, which
//! only work in normal play. A game whose quotient is the one of misère Nim is *tame*
//! ([`Quotient::tame`]).
//!
//! Impartial quotients other than the trivial one have even order, and their P-portion
//! is not empty (Plambeck & Siegel 2008); the tests check both on every quotient.
//!
//! # The crate
//!
//! - [`game`]: the [`MisereHeapRules`] trait — options of one heap, and whether large
//!   heaps move uniformly (needed for the certificate). The octal engine's games
//!   ([`nimlab_octal::TakeBreak`]: take-and-break codes, Grundy's game, subtraction
//!   games) implement it, so their moves are written once, there.
//! - [`solver`]: the iterative computation of Q_n, heap by heap, and the periodicity
//!   theorem ([`quotient()`], [`partial_quotient`], [`Bounds`], [`Certificate`]).
//! - [`quotient`](mod@quotient): the result — presentation, P-portion, Φ, tame or wild —
//!   and play: [`Quotient::outcome`], [`Quotient::element_of`], [`Quotient::word`],
//!   [`Quotient::winning_moves`], for heaps of any size ([`HeapSize`]).
//! - Inside (private): `monoid` (tables and candidate products), `pretension`
//!   (P-portions by least words, reduction), `verify` (the check of every word), `word`
//!   (positions as words and their order), `presentation` (generators and relations).
//!
//! The quotients found for the two- and three-digit octal codes, how they compare with
//! the papers and how the tests check them are in the crate's `NOTES.md`.
//!
//! # For a front end
//!
//! ```
//! use nimlab_misere::{Bounds, HeapSize, MisereOutcome, quotient};
//! use nimlab_octal::TakeBreak;
//!
//! let kayles = TakeBreak::octal("0.77").unwrap();
//! let q = quotient(&kayles, &Bounds::default()).unwrap();
//! let c = q.certificate().unwrap(); // Φ(n + 12) = Φ(n) from heap 71 on
//! assert_eq!((c.preperiod, c.period), (71, 12));
//! println!("{} of order {}", q.presentation(), q.order());
//!
//! // Rows of a million pins, and one too long for u64 given by its residue class
//! // (the front end computes (size − 71) mod 12 on its big integer).
//! let position = [HeapSize::Size(1_000_000), HeapSize::Size(7), HeapSize::Huge { residue: 5 }];
//! let element = q.element_of(&position).unwrap();
//! println!("the position's element is {}", q.word(element));
//! let moves = q.winning_moves(&position).unwrap();
//! assert_eq!(q.outcome(&position).unwrap() == MisereOutcome::N, !moves.is_empty());
//! if let Some((heap, leaves)) = moves.first(&position) {
//!     println!("move in heap {heap}, leaving {leaves:?}");
//! }
//! ```

pub mod game;
mod monoid;
mod presentation;
mod pretension;
pub mod quotient;
pub mod solver;
mod verify;
mod word;

pub use game::{MisereHeapRules, Take, UniformMoves};
pub use quotient::{
    Certificate, Element, Growth, HeapMoves, HeapSize, MisereOutcome, MoveFamily, Part,
    PositionError, Quotient, WinningMovesByHeap,
};
pub use solver::{
    Bounds, Computation, Need, QuotientError, ResumeError, Shortfall, State, Tried,
    partial_quotient, quotient,
};
