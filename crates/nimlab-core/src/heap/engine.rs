//! The nim-sequence of a take-and-break game (octal and hexadecimal codes, Grundy's
//! game), computed by the octal engine ([`nimlab_octal`]) as far as the questions asked
//! need and shared by every thread asking them.
//!
//! Values are computed in order, g(0), g(1), …; the engine watches for a period as it
//! goes and certifies one as soon as the values prove it (Guy–Smith). From then on g(n)
//! for n of any size is a table look-up. A heap beyond the values computed and beyond a
//! known period makes the engine search for a period, up to [`OCTAL_PERIOD_SEARCH`]
//! values; a game without one there has no known value for such a heap.

use crate::budget::{Budget, Exhausted};
use crate::error::Error;
use crate::limits::OCTAL_PERIOD_SEARCH;
use crate::num::{Nat, to_u64};
use crate::protocol::HeapSequence;
use crate::solve::period::{Periodicity, Theorem};
use crate::solve::table::{table_fits, table_of};
use malachite_base::num::arithmetic::traits::Mod;
use nimlab_octal::{PeriodCertificate, Rules, STOP_CHECK_INTERVAL, SolveError, Solver};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A take-and-break game's nim-sequence, computed on demand.
pub struct EngineSequence {
    spec: String,
    solver: Mutex<Solver>,
    /// How many values the solver holds, as of its last advance: read without the
    /// solver's lock, which a long computation holds.
    computed: AtomicUsize,
    /// The words the solver holds beside its values ([`Solver::fixed_bytes`]).
    fixed_words: u64,
}

impl std::fmt::Debug for EngineSequence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EngineSequence({})", self.spec)
    }
}

impl EngineSequence {
    /// The sequence of `rules`, for the game whose spec is `spec` (named in errors).
    pub fn new(spec: String, rules: Rules) -> Self {
        let solver = Solver::new(rules);
        EngineSequence {
            spec,
            fixed_words: solver.fixed_bytes().div_ceil(8) as u64,
            solver: Mutex::new(solver),
            computed: AtomicUsize::new(0),
        }
    }

    fn solver(&self) -> MutexGuard<'_, Solver> {
        self.solver.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The rules the engine runs (for a front end that runs its own solver, e.g. a
    /// long computation that checkpoints).
    pub fn rules(&self) -> Rules {
        self.solver().rules().clone()
    }

    /// The certified period, if the values computed so far prove one.
    pub fn certificate(&self) -> Option<PeriodCertificate> {
        self.solver().certificate().cloned()
    }

    /// g(n), for n of any size: from the values, through a certified period, or by
    /// computing up to n (within `budget`) when n is within [`OCTAL_PERIOD_SEARCH`].
    pub fn value(&self, n: &Nat, budget: &Budget) -> Result<u16, Error> {
        let mut solver = self.solver();
        if let Some(index) = solver.certificate().map(|c| index_of(c, n)) {
            return Ok(solver.values()[index]);
        }
        let small = to_u64(n)
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n < OCTAL_PERIOD_SEARCH.get());
        match small {
            Some(n) => {
                self.advance(&mut solver, n + 1, budget)?;
                Ok(match solver.certificate() {
                    Some(c) => solver.values()[c.reduce(n as u128)],
                    None => solver.values()[n],
                })
            }
            None => {
                let c = self.find_period(&mut solver, OCTAL_PERIOD_SEARCH.get(), budget)?;
                Ok(solver.values()[index_of(&c, n)])
            }
        }
    }

    /// Run `read` on values that include g(0), …, g(upto) (more when computed already),
    /// or on the values up to a certified period when `upto` is beyond it; either way
    /// the second argument maps an n ≤ `upto` to its index.
    pub fn with_values<R>(
        &self,
        upto: usize,
        budget: &Budget,
        read: impl FnOnce(&[u16], &dyn Fn(usize) -> usize) -> R,
    ) -> Result<R, Error> {
        let mut solver = self.solver();
        if solver.certificate().is_none() && solver.len() <= upto {
            self.advance(&mut solver, upto + 1, budget)?;
        }
        Ok(match solver.certificate() {
            Some(c) => read(solver.values(), &|n| c.reduce(n as u128)),
            None => read(solver.values(), &|n| n),
        })
    }

    /// g(0), …, g(upto), spending one unit of `budget` per value computed, and one per
    /// value of the table as it is built (from a certified period, past the values
    /// computed); the table holds one entry of the budget's memory per value, and one
    /// that does not fit is refused before any value is computed.
    pub fn table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        table_fits(upto, budget)?;
        self.with_values(upto, budget, |values, index| {
            table_of(upto, budget, |n| u32::from(values[index(n)]))
        })?
    }

    /// The least certified period, searching at most `max_values` values.
    pub fn periodicity_up_to(
        &self,
        max_values: usize,
        budget: &Budget,
    ) -> Result<Periodicity, Error> {
        let mut solver = self.solver();
        let c = self.find_period(&mut solver, max_values, budget)?;
        Ok(Periodicity {
            preperiod: c.preperiod,
            period: c.period,
            values_checked: c.values_computed,
            theorem: Theorem::TakeAndBreak(c.theorem),
        })
    }

    /// Compute values until `upto` are known or a period is certified, whichever comes
    /// first, spending one unit of `budget` per value.
    fn advance(&self, solver: &mut Solver, upto: usize, budget: &Budget) -> Result<(), Error> {
        let stopped = Cell::new(None);
        let stop = stop_on(budget, &stopped);
        let done = if solver.theorem().is_some() {
            solver.find_period(upto, &stop).map(|c| c.is_some())
        } else {
            solver.advance_until(upto, &stop).map(|_| false)
        }
        .map_err(|e| self.solve_error(e));
        self.computed.store(solver.len(), Ordering::Relaxed);
        let done = done?;
        match stopped.get() {
            Some(why) if !done && solver.len() < upto => {
                Err(Error::from_budget(why, "the nim-sequence"))
            }
            _ => Ok(()),
        }
    }

    fn find_period(
        &self,
        solver: &mut Solver,
        max_values: usize,
        budget: &Budget,
    ) -> Result<PeriodCertificate, Error> {
        if solver.theorem().is_none() {
            return Err(Error::NoKnownValue(format!(
                "{} has no known period: Flammenkamp computed its first 2^35 values without \
                 finding one",
                self.spec
            )));
        }
        let stopped = Cell::new(None);
        let found = solver
            .find_period(max_values, &stop_on(budget, &stopped))
            .map(Option::<&PeriodCertificate>::cloned)
            .map_err(|e| self.solve_error(e));
        self.computed.store(solver.len(), Ordering::Relaxed);
        let found = found?;
        match (found, stopped.get()) {
            (Some(c), _) => Ok(c),
            (None, Some(why)) => Err(Error::from_budget(why, "the period search")),
            (None, None) => {
                let summary = solver.summary();
                let rare = match (summary.rare_values, summary.rare_positions) {
                    (Some(values), Some(heaps)) => {
                        format!("; {values} values are rare, at {heaps} heaps")
                    }
                    _ => String::new(),
                };
                Err(Error::NoKnownValue(format!(
                    "{}: no period in the first {} values (the bound of the search); the \
                     largest value is {}{rare}",
                    self.spec, summary.values, summary.largest
                )))
            }
        }
    }

    fn solve_error(&self, error: SolveError) -> Error {
        match error {
            SolveError::TooLarge { values, bytes, .. } => OCTAL_PERIOD_SEARCH.exceeded(
                Some(Nat::from(values)),
                format!(
                    "{}: {values} values need {} MiB of memory, more than can be had",
                    self.spec,
                    bytes.div_ceil(1 << 20)
                ),
            ),
            SolveError::ValueOverflow { position } => Error::NoKnownValue(format!(
                "{}: the value of heap {position} is 65536 or more, beyond the engine's \
                 16-bit values",
                self.spec
            )),
            // The adapter's solvers keep every value.
            SolveError::OutsideWindow { .. } => {
                Error::NoKnownValue(format!("{}: {error}", self.spec))
            }
        }
    }
}

impl HeapSequence for EngineSequence {
    /// The engine's table, two bytes a value (as of its last advance, without
    /// waiting for a computation under way), and what the solver holds beside it.
    fn held_words(&self) -> u64 {
        (self.computed.load(Ordering::Relaxed) as u64).div_ceil(4) + self.fixed_words
    }

    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        self.table(upto, budget)
    }

    fn periodicity(&self, budget: &Budget) -> Result<Periodicity, Error> {
        self.periodicity_up_to(OCTAL_PERIOD_SEARCH.get(), budget)
    }

    fn periodicity_within(
        &self,
        max_values: usize,
        budget: &Budget,
    ) -> Option<Result<Periodicity, Error>> {
        Some(self.periodicity_up_to(max_values, budget))
    }

    fn engine_rules(&self) -> Option<Rules> {
        Some(self.rules())
    }
}

/// The index below the certificate's preperiod + period whose value is g(n).
fn index_of(certificate: &PeriodCertificate, n: &Nat) -> usize {
    if let Some(n) = to_u64(n) {
        return certificate.reduce(u128::from(n));
    }
    let pre = Nat::from(certificate.preperiod);
    let offset = (n - &pre).mod_op(Nat::from(certificate.period));
    certificate.preperiod + to_u64(&offset).expect("a remainder below the period") as usize
}

/// The engine's stop check for `budget`: spends a unit per value computed between
/// checks, holds the memory those values take in the engine's table (two bytes a
/// value: a quarter of a table entry), and records why it stopped in `stopped`.
pub fn stop_on<'a>(
    budget: &'a Budget,
    stopped: &'a Cell<Option<Exhausted>>,
) -> impl Fn() -> bool + 'a {
    let values = STOP_CHECK_INTERVAL as u64;
    move || match budget
        .spend(values)
        .and_then(|()| budget.hold(values.div_ceil(4)))
    {
        Ok(()) => false,
        Err(why) => {
            stopped.set(Some(why));
            true
        }
    }
}
