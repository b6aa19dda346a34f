//! One solver per rule set: computes g(0), g(1), … in chunks, can be stopped between
//! and inside chunks, watches for a certified period, and goes on from a table of the
//! values it computed.
//!
//! Memory: both kernels read g at arbitrary positions: the naive scan reads every pair
//! (a, n − k − a), and the sparse method reads g(n − k − r) for every rare position r,
//! which ranges over the whole table as soon as a rare value appears far from both
//! ends, and its proof scan may run arbitrarily deep. A "front and rolling tail" layout
//! (only the first F and the last T values kept) is correct only while every rare
//! position stays below T and every proof ends before F, which no theorem guarantees,
//! so this crate does not offer it. Instead every value stays addressable in a
//! [`Table`]: in memory (2 bytes a value) by default, or wherever a front end keeps it,
//! such as a memory-mapped file of which the operating system keeps resident only the
//! pages read. A period check needs 4 bytes for each value it examines: half the table
//! by default, at most [`Table::period_window`]. [`Solver::set_max_values`] bounds the
//! table; asking for more is [`SolveError::TooLarge`], naming the memory it would need.

use crate::code::Rules;
use crate::kernel::{self, Marks, Split, VALUE_RANGE};
use crate::period::{self, Certificate, Theorem};
use crate::table::Table;
use std::fmt;

/// How g(n) is computed. Every method gives the same values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The sparse-space method while it pays (two-heap splits and few rare positions),
    /// the naive scan otherwise; decided value by value.
    Auto,
    /// Every option of every heap.
    Naive,
    /// The sparse-space method whenever the rules have two-heap splits.
    Sparse,
}

/// Default bound on the number of values: 2^32 values take 8 GiB.
pub const DEFAULT_MAX_VALUES: usize = 1 << 32;

/// The most values computed between two calls of a stop check.
pub const STOP_CHECK_INTERVAL: usize = 1 << 12;

/// The most options (pairs of heaps, rare pairs of the sparse method, heaps left) the
/// kernels examine between two calls of a stop check, give or take one value's: a few
/// milliseconds' work. A value of a code with three-heap splits examines about n²/12
/// options a split, so near n = 5000 a stop check comes every few values rather than
/// every [`STOP_CHECK_INTERVAL`].
pub const STOP_CHECK_WORK: u64 = 1 << 24;

/// Why values could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// More values were asked for than the solver's bound, or memory could not be had.
    TooLarge {
        /// How many values were asked for.
        values: usize,
        /// The bytes those values need.
        bytes: u128,
        /// The bound on values in force.
        max_values: usize,
    },
    /// g(position) is 65536 or more and does not fit the table's 16 bits.
    ValueOverflow {
        /// The heap whose value does not fit.
        position: usize,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooLarge {
                values,
                bytes,
                max_values,
            } => write!(
                f,
                "{values} values need {} MiB of memory; at most {max_values} values are allowed",
                bytes.div_ceil(1 << 20)
            ),
            SolveError::ValueOverflow { position } => write!(
                f,
                "the value of heap {position} is 65536 or more, beyond the 16-bit table"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Figures about the values computed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// How many values are known (g(0) … g(values − 1)).
    pub values: usize,
    /// The largest value.
    pub largest: u16,
    /// The rare/common mask in use (v is rare iff popcount(v & mask) is even), if the
    /// rules have two-heap splits.
    pub mask: Option<u16>,
    /// How many positions n ≥ 1 have a rare value under that mask.
    pub rare_positions: Option<usize>,
    /// The last of them, if any (the "last rare heap" of census tables).
    pub last_rare_position: Option<usize>,
    /// How many distinct values are rare under that mask.
    pub rare_values: Option<usize>,
}

/// Computes the nim-sequence of one rule set, keeping the values in a [`Table`] (by
/// default in memory). See the module documentation.
pub struct Solver<T: Table = Vec<u16>> {
    rules: Rules,
    method: Method,
    table: T,
    marks: Marks,
    /// The rare/common split, when the rules have two-heap splits.
    split: Option<Split>,
    /// How often each value occurs at positions ≥ 1 (length a power of two).
    histogram: Vec<u64>,
    /// The rare count at which the mask is next reviewed.
    next_mask_review: usize,
    theorem: Option<Theorem>,
    check_periods: bool,
    certificate: Option<Certificate>,
    next_period_check: usize,
    max_values: usize,
    /// Values computed since the stop check was last asked.
    unchecked_values: usize,
    /// Options examined since the stop check was last asked.
    unchecked_work: u64,
}

impl Solver {
    /// A solver for `rules` with [`Method::Auto`], watching for periods when a theorem
    /// applies.
    pub fn new(rules: Rules) -> Solver {
        Solver::with_method(rules, Method::Auto)
    }

    /// A solver for `rules` with the given method.
    pub fn with_method(rules: Rules, method: Method) -> Solver {
        Solver::with_table(rules, method, Vec::new())
    }
}

impl<T: Table> Solver<T> {
    /// A solver for `rules` keeping its values in `table`. Values already in the table
    /// are taken as g(0), g(1), … of these rules, and the solver goes on from them
    /// exactly as the solver that computed them would have (the caller vouches for them:
    /// a table is restored only from what a solver of the same rules wrote).
    pub fn with_table(rules: Rules, method: Method, table: T) -> Solver<T> {
        let split = (!rules.split_two.is_empty()).then(|| Split::new(0, &[]));
        let mut solver = Solver {
            theorem: Theorem::for_rules(&rules),
            rules,
            method,
            table,
            marks: Marks::new(),
            split,
            histogram: vec![0],
            next_mask_review: 64,
            check_periods: true,
            certificate: None,
            next_period_check: 64,
            max_values: DEFAULT_MAX_VALUES,
            unchecked_values: 0,
            unchecked_work: 0,
        };
        for n in 0..solver.table.values().len() {
            solver.record(n);
        }
        solver
    }

    /// The bytes the solver holds beside its table of values: the marks of option
    /// values, and for rules with two-heap splits the sparse method's lists of rare
    /// and common values (a few hundred KiB whatever the table's length, which a
    /// caller building many games counts against its memory).
    pub fn fixed_bytes(&self) -> usize {
        let split = self.split.as_ref().map_or(0, Split::held_bytes);
        self.marks.held_bytes() + split + self.histogram.capacity() * size_of::<u64>()
    }

    /// Whether to look for a certified period while computing (on by default; off
    /// saves the checks' time and memory in runs that only want values).
    pub fn set_check_periods(&mut self, check: bool) {
        self.check_periods = check;
    }

    /// Bound the number of values (default [`DEFAULT_MAX_VALUES`]).
    pub fn set_max_values(&mut self, max_values: usize) {
        self.max_values = max_values;
    }

    /// The rules being solved.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The method in use.
    pub fn method(&self) -> Method {
        self.method
    }

    /// g(0), g(1), … as far as computed.
    pub fn values(&self) -> &[u16] {
        self.table.values()
    }

    /// The table holding the values.
    pub fn table(&self) -> &T {
        &self.table
    }

    /// How many values are known.
    pub fn len(&self) -> usize {
        self.values().len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.values().is_empty()
    }

    /// The theorem that certifies periods of these rules, if any.
    pub fn theorem(&self) -> Option<&Theorem> {
        self.theorem.as_ref()
    }

    /// The least certified period, once the values computed prove one.
    pub fn certificate(&self) -> Option<&Certificate> {
        self.certificate.as_ref()
    }

    /// Bytes a table of `values` values needs (2 a value, and during a period check 4
    /// for each value it examines, half of them at most).
    pub fn memory_needed(&self, values: usize) -> u128 {
        let examined = if self.check_periods && self.theorem.is_some() {
            (values / 2).min(self.table.period_window())
        } else {
            0
        };
        values as u128 * 2 + examined as u128 * 4
    }

    /// Compute values until `upto` are known; the new ones.
    pub fn advance(&mut self, upto: usize) -> Result<&[u16], SolveError> {
        self.advance_until(upto, &|| false)
    }

    /// Compute values until `upto` are known or `stop()` says to stop; the new ones.
    /// After a stop the solver is consistent and may go on.
    ///
    /// `stop()` is asked before a value once [`STOP_CHECK_INTERVAL`] values have been
    /// computed, or [`STOP_CHECK_WORK`] options examined, since it was last asked (by
    /// this solver, in this call or an earlier one): so at least every few milliseconds
    /// however costly the values, beyond the one value in progress. Pass `&|| false`
    /// never to stop, `&|| flag.load(Ordering::Relaxed)` for an `AtomicBool`.
    pub fn advance_until(
        &mut self,
        upto: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<&[u16], SolveError> {
        let start = self.len();
        self.reserve(upto)?;
        while self.len() < upto {
            if self.unchecked_values >= STOP_CHECK_INTERVAL
                || self.unchecked_work >= STOP_CHECK_WORK
            {
                self.unchecked_values = 0;
                self.unchecked_work = 0;
                if stop() {
                    break;
                }
            }
            self.push_next()?;
        }
        Ok(&self.values()[start.min(self.len())..])
    }

    /// Compute values until a period is certified, `max_values` are known, or `stop()`
    /// says to stop (asked as by [`Solver::advance_until`]); the certificate, if one
    /// was found.
    pub fn find_period(
        &mut self,
        max_values: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<&Certificate>, SolveError> {
        self.check_periods = true;
        if self.next_period_check <= self.len() {
            self.check_period(self.len());
        }
        while self.certificate.is_none() && self.len() < max_values {
            let target = max_values.min(self.next_period_check);
            self.advance_until(target, stop)?;
            if self.len() < target {
                return Ok(None);
            }
        }
        if self.certificate.is_none() {
            self.check_period(self.len());
        }
        Ok(self.certificate.as_ref())
    }

    /// Figures about the values so far.
    pub fn summary(&self) -> Summary {
        let largest = self.values().iter().copied().max().unwrap_or(0);
        let split = self.split.as_ref();
        Summary {
            values: self.len(),
            largest,
            mask: split.map(Split::mask),
            rare_positions: split.map(Split::rare_count),
            last_rare_position: split.and_then(Split::last_rare),
            rare_values: split.map(|split| {
                (0..=largest)
                    .filter(|&v| split.is_rare(v) && self.histogram[usize::from(v)] > 0)
                    .count()
            }),
        }
    }

    fn reserve(&mut self, upto: usize) -> Result<(), SolveError> {
        let too_large = SolveError::TooLarge {
            values: upto,
            bytes: self.memory_needed(upto),
            max_values: self.max_values,
        };
        if upto > self.max_values || !self.table.reserve(upto) {
            return Err(too_large);
        }
        Ok(())
    }

    /// Compute and append the next value.
    fn push_next(&mut self) -> Result<(), SolveError> {
        let n = self.len();
        let table = self.table.values();
        let value = match &self.split {
            Some(split) if self.use_sparse(split, n) => {
                kernel::sparse_value(&self.rules, table, split, &mut self.marks)
            }
            _ => kernel::naive_value(&self.rules, table, &mut self.marks),
        };
        self.unchecked_values += 1;
        self.unchecked_work += self.marks.take_examined();
        if value >= VALUE_RANGE {
            return Err(SolveError::ValueOverflow { position: n });
        }
        self.table.push(value as u16);
        self.record(n);
        Ok(())
    }

    fn use_sparse(&self, split: &Split, n: usize) -> bool {
        match self.method {
            Method::Naive => false,
            Method::Sparse => true,
            // Naive costs about n/2 pairs a split, sparse about one a rare position
            // plus a (usually short) proof scan.
            Method::Auto => n >= 256 && split.rare_count() * 8 < n,
        }
    }

    /// Take in g(n), the table's last value so far as an uninterrupted run goes: update
    /// the statistics, the split and the period watch.
    fn record(&mut self, n: usize) {
        let value = self.table.values()[n];
        self.table.taken_up(n + 1);
        self.marks.admit(value);
        if n == 0 {
            return;
        }
        let index = usize::from(value);
        if index >= self.histogram.len() {
            self.histogram.resize((index + 1).next_power_of_two(), 0);
        }
        self.histogram[index] += 1;
        if let Some(split) = &mut self.split {
            split.record(n, value);
            if split.rare_count() >= self.next_mask_review {
                self.review_mask(n + 1);
            }
        }
        if self.check_periods && n + 1 >= self.next_period_check {
            self.check_period(n + 1);
        }
    }

    /// Switch to the best mask for the first `len` values if it has fewer rare positions.
    fn review_mask(&mut self, len: usize) {
        let Some(split) = &mut self.split else {
            return;
        };
        let best = kernel::best_mask(&self.histogram);
        let rare_under_best: u64 = (0..self.histogram.len())
            .filter(|&v| kernel::is_rare(best, v as u16))
            .map(|v| self.histogram[v])
            .sum();
        if rare_under_best < split.rare_count() as u64 {
            *split = Split::new(best, &self.table.values()[..len]);
        }
        self.next_mask_review = 2 * split.rare_count() + 64;
    }

    /// Look for a period certified by the first `len` values.
    fn check_period(&mut self, len: usize) {
        self.next_period_check = len + (len / 16).max(64);
        if self.certificate.is_some() {
            return;
        }
        if let Some(theorem) = &self.theorem {
            let values = &self.table.values()[..len];
            let window = self.table.period_window();
            self.certificate = period::certify_within(values, theorem, window);
        }
    }
}
