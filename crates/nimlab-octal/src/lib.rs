//! nimlab-octal: nim-sequences of take-and-break games at research scale.
//!
//! - [`code`]: octal and hexadecimal codes (`0.137`, `4.07`, `0.f8`).
//! - [`rules`]: the moves of every game the engine runs, written once ([`TakeBreak`]: a
//!   code, Grundy's game or a finite subtraction game), and compiled into move lists
//!   ([`Rules`]); nimlab-misere and nimlab-core take their moves from here.
//! - [`take`]: one kind of move ([`take::Take`]) and its options, for heaps of any
//!   integer type.
//! - [`Solver`]: g(0), g(1), … in chunks, by the naive scan or the sparse-space
//!   (rare/common) method, on one thread or several, stoppable, and resumed from the
//!   values it computed or from a [`Snapshot`]; it keeps every value in memory, or only
//!   the first and the last ones ([`Window`]) for runs of any length (the crate
//!   `nimlab-runs` writes long runs to files, with their checkpoints).
//! - [`period`]: the least period and preperiod, certified by the Guy–Smith theorem
//!   (and its extension to three-heap splits) as soon as the values suffice.
//!
//! No I/O, no big integers, no dependencies. Values are 16-bit; a value that does not
//! fit is an error, never a wrong answer.
//!
//! ```
//! use nimlab_octal::{Rules, Solver};
//! let mut solver = Solver::new(Rules::octal("0.77").unwrap()); // Kayles
//! let certificate = solver.find_period(10_000, &|| false).unwrap().unwrap();
//! assert_eq!((certificate.preperiod, certificate.period), (71, 12));
//! assert_eq!(&solver.values()[..8], &[0, 1, 2, 3, 1, 4, 3, 2]);
//! ```

pub mod code;
mod kernel;
mod parallel;
pub mod period;
pub mod rules;
mod solver;
pub mod take;

pub use code::{Base, Code, CodeError, MAX_DIGITS};
pub use period::{PeriodCertificate, PeriodTheorem};
pub use rules::{Rules, SubtractionSet, TakeBreak};
pub use solver::{
    DEFAULT_MAX_VALUES, MAX_THREADS, Method, PERIOD_WINDOW, STOP_CHECK_INTERVAL, STOP_CHECK_WORK,
    Snapshot, SolveError, Solver, Summary, Window,
};
