//! One solver per rule set: computes g(0), g(1), … in chunks, can be stopped between
//! and inside chunks, watches for a certified period, and goes on from the values a
//! run wrote ([`Solver::take_in`]) or from a [`Snapshot`] of its state.
//!
//! Memory: both kernels read g at arbitrary positions: the naive scan reads every pair
//! (a, n − k − a), and the sparse method reads g(n − k − r) for every rare position r
//! and, in its proof scan, pairs (a, n − k − a) for a from 1 on, as far as it takes. By
//! default every value stays in memory (2 bytes a value), and [`Solver::set_max_values`]
//! bounds them. A [`Window`] keeps only the first values (the front) and the last ones
//! (the tail), as record runs of the sparse method do: memory then stays bounded at any
//! length. That is correct only while every rare position r has its partners in the
//! front or the tail and every proof scan ends within them, which no theorem
//! guarantees: the solver checks both before each value, and a value that would read a
//! value let go is [`SolveError::OutsideWindow`], never a wrong answer. With a window,
//! the rare/common mask is chosen and periods are looked for only until the first
//! values are let go, the latter in at most [`PERIOD_WINDOW`] values (4 bytes each).
//!
//! Threads: [`Solver::set_threads`] computes one sequence with several threads (see the
//! `parallel` module); every thread count gives the same values.

use crate::kernel::{self, BLOCK_BOUND, BLOCK_HEAPS, FarPairs, Marks, Split, VALUE_RANGE, View};
use crate::parallel;
use crate::period::{self, PeriodCertificate, PeriodTheorem};
use crate::rules::Rules;
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

/// Default bound on the number of values kept in memory: 2^32 values take 8 GiB.
pub const DEFAULT_MAX_VALUES: usize = 1 << 32;

/// The most values a period check examines at once in a solver with a [`Window`] (16 MiB
/// of work space): periods up to about four million are found; longer ones are not, and
/// values are then computed rather than repeated, which changes no value.
pub const PERIOD_WINDOW: usize = 1 << 22;

/// The most values computed between two calls of a stop check.
pub const STOP_CHECK_INTERVAL: usize = 1 << 12;

/// The most options (pairs of heaps, rare pairs of the sparse method, heaps left) the
/// kernels examine between two calls of a stop check, give or take one value's: a few
/// milliseconds' work. A value of a code with three-heap splits examines about n²/12
/// options a split, so near n = 5000 a stop check comes every few values rather than
/// every [`STOP_CHECK_INTERVAL`].
pub const STOP_CHECK_WORK: u64 = 1 << 24;

/// The most threads one sequence is computed with.
pub const MAX_THREADS: usize = 1024;

/// Which values a solver keeps: g(0) … g(front − 1), and at least the last `tail`, once
/// [`Window::first_let_go`] values are known; at most front + [`Window::most_recent`]
/// values from then on, 2 bytes each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// Values kept from the start.
    pub front: usize,
    /// Values kept at the end (at least 1).
    pub tail: usize,
}

impl Window {
    /// The most values kept at the end: the tail and an eighth more, which the solver
    /// fills before it lets the oldest go, so that it moves the tail once every
    /// tail / 8 values.
    pub fn most_recent(&self) -> usize {
        self.tail.saturating_add((self.tail / 8).max(1))
    }

    /// How many values are known when the solver first lets values go (at least one
    /// is let go then).
    pub fn first_let_go(&self) -> usize {
        self.front
            .saturating_add(self.tail)
            .saturating_add(1)
            .max(self.most_recent())
    }

    /// The most values held in memory at once: at the first let-go, the front is
    /// copied out of the values, which are all still there.
    pub fn most_values(&self) -> usize {
        self.front.saturating_add(self.first_let_go())
    }
}

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
    /// g(position) needs g(needs), which the solver's window no longer keeps.
    OutsideWindow {
        /// The heap whose value could not be computed.
        position: usize,
        /// The value it needs that was let go.
        needs: usize,
        /// The window in force.
        window: Window,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooLarge {
                values,
                bytes,
                max_values,
            } if values > max_values => write!(
                f,
                "{values} values need {} MiB of memory; at most {max_values} values are allowed",
                bytes.div_ceil(1 << 20)
            ),
            SolveError::TooLarge { values, bytes, .. } => write!(
                f,
                "{values} values need {} MiB of memory, which could not be had",
                bytes.div_ceil(1 << 20)
            ),
            SolveError::ValueOverflow { position } => write!(
                f,
                "the value of heap {position} is 65536 or more, beyond the 16-bit table"
            ),
            SolveError::OutsideWindow {
                position,
                needs,
                window,
            } => write!(
                f,
                "g({position}) needs g({needs}), which is no longer kept (the run keeps the \
                 first {} and the last {} values): the sparse method does not pay here, so \
                 this game needs every value kept",
                window.front, window.tail
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

/// The state of a solver with a [`Window`] that has let values go, from which
/// [`Solver::from_snapshot`] goes on exactly as the solver would have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// How many values were known.
    pub len: u64,
    /// g(0) … g(front.len() − 1); empty while no value was let go.
    pub front: Vec<u16>,
    /// The last values, g(len − recent.len()) … g(len − 1) (every value while none was
    /// let go).
    pub recent: Vec<u16>,
    /// How often each value occurs at positions ≥ 1.
    pub histogram: Vec<u64>,
    /// The rare/common mask (0 when the rules have no two-heap split).
    pub mask: u16,
    /// Every position r ≥ 1 whose value is rare under the mask, increasing, with its value.
    pub rare: Vec<(u64, u16)>,
}

/// Computes the nim-sequence of one rule set, keeping its values in memory, every one or
/// those a [`Window`] keeps. See the module documentation.
pub struct Solver {
    rules: Rules,
    method: Method,
    /// g(base) … g(len − 1).
    values: Vec<u16>,
    /// g(0) … g(front.len() − 1) once base > 0; empty before.
    front: Vec<u16>,
    /// The position of `values[0]`.
    base: usize,
    window: Option<Window>,
    largest: u16,
    marks: Marks,
    /// The far rare pairs of the block of heaps being computed.
    far: FarPairs,
    /// The rare/common split, when the rules have two-heap splits.
    split: Option<Split>,
    /// How often each value occurs at positions ≥ 1 (length a power of two).
    histogram: Vec<u64>,
    /// The rare count at which the mask is next reviewed.
    next_mask_review: usize,
    theorem: Option<PeriodTheorem>,
    check_periods: bool,
    certificate: Option<PeriodCertificate>,
    next_period_check: usize,
    max_values: usize,
    threads: usize,
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

    /// A solver for `rules` with the given method, keeping every value.
    pub fn with_method(rules: Rules, method: Method) -> Solver {
        let split = (!rules.split_two.is_empty()).then(|| Split::new(0, &[]));
        Solver {
            theorem: PeriodTheorem::for_rules(&rules),
            rules,
            method,
            values: Vec::new(),
            front: Vec::new(),
            base: 0,
            window: None,
            largest: 0,
            marks: Marks::new(),
            far: FarPairs::new(),
            split,
            histogram: vec![0],
            next_mask_review: 64,
            check_periods: true,
            certificate: None,
            next_period_check: 64,
            max_values: DEFAULT_MAX_VALUES,
            threads: 1,
            unchecked_values: 0,
            unchecked_work: 0,
        }
    }

    /// A solver for `rules` with the given method that keeps only the values `window`
    /// says (see the module documentation); a tail of 0 counts as 1.
    pub fn with_window(rules: Rules, method: Method, window: Window) -> Solver {
        let mut solver = Solver::with_method(rules, method);
        solver.window = Some(Window {
            tail: window.tail.max(1),
            ..window
        });
        solver
    }

    /// A solver with `window` that goes on from `snapshot` exactly as the solver that
    /// took it would have (the caller vouches that it is a snapshot of these rules with
    /// this window). A snapshot that is not consistent in itself is refused, saying why.
    pub fn from_snapshot(
        rules: Rules,
        method: Method,
        window: Window,
        snapshot: &Snapshot,
    ) -> Result<Solver, String> {
        let mut solver = Solver::with_window(rules, method, window);
        let len = usize::try_from(snapshot.len).map_err(|_| "it holds too many values")?;
        let first = snapshot.front.first().or(snapshot.recent.first());
        if first.is_some_and(|&g0| g0 != 0) {
            return Err("its value of the empty heap is not 0".into());
        }
        if snapshot.front.is_empty() {
            if snapshot.recent.len() != len {
                return Err(format!(
                    "it holds {} of its {len} values and no front",
                    snapshot.recent.len()
                ));
            }
            solver.take_in(&snapshot.recent);
            return Ok(solver);
        }
        let window = solver.window.expect("a window");
        if snapshot.front.len() != window.front
            || snapshot.recent.len() < window.tail
            || snapshot.recent.len() > window.most_recent()
            || len < window.first_let_go()
        {
            return Err(format!(
                "it keeps {} and {} of {len} values, which a window of {} and {} does not",
                snapshot.front.len(),
                snapshot.recent.len(),
                window.front,
                window.tail
            ));
        }
        solver.base = len - snapshot.recent.len();
        solver.front = snapshot.front.clone();
        solver.values = snapshot.recent.clone();
        let kept = |n: usize| match n {
            n if n < solver.front.len() => Some(solver.front[n]),
            n if n >= solver.base => Some(solver.values[n - solver.base]),
            _ => None,
        };
        // Rules without two-heap splits have no rare positions: a split of every value.
        let mut no_split = Split::new(0, &[]);
        let split = match &mut solver.split {
            Some(split) => {
                *split = Split::new(snapshot.mask, &[]);
                split
            }
            None if snapshot.mask == 0 && snapshot.rare.is_empty() => &mut no_split,
            None => return Err("it has rare positions for rules without two-heap splits".into()),
        };
        let mut previous = 0;
        for &(position, value) in &snapshot.rare {
            let position = usize::try_from(position).unwrap_or(usize::MAX);
            let consistent = position > previous
                && position < len
                && split.is_rare(value)
                && kept(position).is_none_or(|kept| kept == value);
            if !consistent {
                return Err(format!(
                    "its rare position {position} does not match its values"
                ));
            }
            split.record(position, value);
            previous = position;
        }
        let rare_kept = (1..solver.front.len())
            .chain(solver.base..len)
            .filter(|&n| split.is_rare(kept(n).expect("kept")))
            .count();
        let listed_kept = snapshot
            .rare
            .iter()
            .filter(|&&(r, _)| kept(r as usize).is_some())
            .count();
        let counted =
            (snapshot.histogram.iter()).try_fold(0u64, |sum, &count| sum.checked_add(count));
        let rare_kept = if solver.split.is_some() { rare_kept } else { 0 };
        // Every value kept at a position ≥ 1 is counted, and g(0) is 0 in every game.
        let kept_are_counted = (1..solver.front.len())
            .chain(solver.base.max(1)..len)
            .map(|n| usize::from(kept(n).expect("kept")))
            .all(|value| {
                snapshot
                    .histogram
                    .get(value)
                    .is_some_and(|&count| count > 0)
            });
        if rare_kept != listed_kept
            || counted != Some(len as u64 - 1)
            || !snapshot.histogram.len().is_power_of_two()
            || snapshot.histogram.len() > VALUE_RANGE
            || !kept_are_counted
        {
            return Err("its rare positions or counts do not match its values".into());
        }
        solver.histogram = snapshot.histogram.clone();
        solver.largest = (0..solver.histogram.len())
            .rev()
            .find(|&v| solver.histogram[v] > 0)
            .unwrap_or(0) as u16;
        solver.marks.admit(solver.largest);
        solver.next_mask_review = usize::MAX;
        solver.next_period_check = usize::MAX;
        Ok(solver)
    }

    /// The state from which [`Solver::from_snapshot`] goes on (every value, while none
    /// was let go).
    pub fn snapshot(&self) -> Snapshot {
        let split = self.split.as_ref();
        Snapshot {
            len: self.len() as u64,
            front: self.front.clone(),
            recent: self.values.clone(),
            histogram: self.histogram.clone(),
            mask: split.map_or(0, Split::mask),
            rare: split.map_or(Vec::new(), |split| {
                split.rare_list().map(|(r, v)| (r as u64, v)).collect()
            }),
        }
    }

    /// Take in `values` as the next values, g(len), g(len + 1), …, exactly as if they
    /// had been computed (the caller vouches for them: values a solver of the same rules
    /// wrote, read back to resume a run).
    pub fn take_in(&mut self, values: &[u16]) {
        for &value in values {
            self.push(value);
        }
    }

    /// The bytes the solver holds beside its table of values: the marks of option
    /// values, and for rules with two-heap splits the sparse method's lists of rare
    /// and common values (a few hundred KiB whatever the table's length, which a
    /// caller building many games counts against its memory).
    pub fn fixed_bytes(&self) -> usize {
        let split = self.split.as_ref().map_or(0, Split::held_bytes);
        self.marks.held_bytes()
            + self.far.held_bytes()
            + split
            + self.histogram.capacity() * size_of::<u64>()
    }

    /// Whether to look for a certified period while computing (on by default; off
    /// saves the checks' time and memory in runs that only want values).
    pub fn set_check_periods(&mut self, check: bool) {
        self.check_periods = check;
    }

    /// Bound the number of values kept in memory (default [`DEFAULT_MAX_VALUES`]).
    pub fn set_max_values(&mut self, max_values: usize) {
        self.max_values = max_values;
    }

    /// Compute with `threads` threads (1 by default; clamped to 1 ..= [`MAX_THREADS`]).
    /// Every count gives the same values; see the `parallel` module for when more than
    /// one is used.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The rules being solved.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The method in use.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The window, if the solver lets values go.
    pub fn window(&self) -> Option<Window> {
        self.window
    }

    /// The values kept at the end: g([`Solver::first_kept`]) … g(len − 1), which is
    /// every value unless a window has let some go.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The position of the first of [`Solver::values`]: 0 unless a window let values go.
    pub fn first_kept(&self) -> usize {
        self.base
    }

    /// g(n), if it is known and kept.
    pub fn value(&self, n: usize) -> Option<u16> {
        if n >= self.base {
            self.values.get(n - self.base).copied()
        } else {
            self.front.get(n).copied()
        }
    }

    /// How many values are known.
    pub fn len(&self) -> usize {
        self.base + self.values.len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The theorem that certifies periods of these rules, if any.
    pub fn theorem(&self) -> Option<&PeriodTheorem> {
        self.theorem.as_ref()
    }

    /// The least certified period, once the values computed prove one.
    pub fn certificate(&self) -> Option<&PeriodCertificate> {
        self.certificate.as_ref()
    }

    /// Bytes of memory `values` values need: 2 for each value kept, and during a period
    /// check 4 for each value it examines (half of them at most).
    pub fn memory_needed(&self, values: usize) -> u128 {
        let (kept, period_window) = match self.window {
            Some(window) => (values.min(window.most_values()), PERIOD_WINDOW),
            None => (values, usize::MAX),
        };
        let examined = if self.check_periods && self.theorem.is_some() {
            (values / 2).min(period_window)
        } else {
            0
        };
        kept as u128 * 2 + examined as u128 * 4
    }

    /// Compute values until `upto` are known; the new ones.
    pub fn advance(&mut self, upto: usize) -> Result<&[u16], SolveError> {
        self.advance_until(upto, &|| false)
    }

    /// Compute values until `upto` are known or `stop()` says to stop; the new ones
    /// that are kept (all of them unless a window let some go). After a stop the solver
    /// is consistent and may go on.
    ///
    /// `stop()` is asked before a value once [`STOP_CHECK_INTERVAL`] values have been
    /// computed, or [`STOP_CHECK_WORK`] options examined, since it was last asked (by
    /// this solver, in this call or an earlier one): so at least every few milliseconds
    /// however costly the values, beyond the one value in progress. With several
    /// threads it is asked between steps of at most 8 · [`STOP_CHECK_INTERVAL`] values
    /// (a few tens of milliseconds, shared by the threads).
    /// Pass `&|| false` never to stop, `&|| flag.load(Ordering::Relaxed)` for an
    /// `AtomicBool`.
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
            match self.parallel_step(upto)? {
                0 => self.block_step(upto)?,
                computed => self.unchecked_values += computed,
            }
        }
        let first_new = start.max(self.base) - self.base;
        Ok(&self.values[first_new.min(self.values.len())..])
    }

    /// Compute values until a period is certified, `max_values` are known, or `stop()`
    /// says to stop (asked as by [`Solver::advance_until`]); the certificate, if one
    /// was found.
    pub fn find_period(
        &mut self,
        max_values: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<&PeriodCertificate>, SolveError> {
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
        let split = self.split.as_ref();
        Summary {
            values: self.len(),
            largest: self.largest,
            mask: split.map(Split::mask),
            rare_positions: split.map(Split::rare_count),
            last_rare_position: split.and_then(Split::last_rare),
            rare_values: split.map(|split| {
                (0..=self.largest)
                    .filter(|&v| split.is_rare(v) && self.histogram[usize::from(v)] > 0)
                    .count()
            }),
        }
    }

    /// How often each value occurs at positions ≥ 1: `histogram()[v]` for value v
    /// (length a power of two, zeros past the largest value).
    pub fn histogram(&self) -> &[u64] {
        &self.histogram
    }

    /// The positions r ≥ 1 whose value is rare under the mask in use, increasing, with
    /// their values (none for rules without two-heap splits).
    pub fn rare_positions(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        self.split.iter().flat_map(Split::rare_list)
    }

    /// Make room for the values kept until `upto` are known: doubling, up to what the
    /// window keeps at most, so that a run in chunks copies its values a few times only.
    fn reserve(&mut self, upto: usize) -> Result<(), SolveError> {
        let most = match self.window {
            Some(window) if self.base == 0 => window.first_let_go(),
            Some(window) => window.most_recent(),
            None => usize::MAX,
        };
        let kept = upto.saturating_sub(self.base).min(most);
        let too_large = SolveError::TooLarge {
            values: upto,
            bytes: self.memory_needed(upto),
            max_values: self.max_values,
        };
        if self.base + kept > self.max_values && self.window.is_none() {
            return Err(too_large);
        }
        if kept > self.values.capacity() {
            let capacity = kept.max(2 * self.values.capacity()).min(most);
            let more = capacity - self.values.len();
            if self.values.try_reserve_exact(more).is_err() {
                return Err(too_large);
            }
        }
        Ok(())
    }

    /// Compute and append the next values, up to a block of [`BLOCK_HEAPS`] whose far
    /// rare pairs are marked in one pass when the sparse method is used on values of
    /// more than 6 bits, or else the next value alone.
    fn block_step(&mut self, upto: usize) -> Result<(), SolveError> {
        let n = self.len();
        let bound = self.marks.bound();
        let block = self
            .split
            .as_ref()
            .filter(|split| self.use_sparse(split, n) && bound > 64 && bound <= BLOCK_BOUND);
        let Some(split) = block else {
            return self.push_next(None);
        };
        let heaps = (upto - n).min(BLOCK_HEAPS);
        let view = View::kept(&self.front, &self.values, self.base);
        let mut far = std::mem::replace(&mut self.far, FarPairs::new());
        self.unchecked_work +=
            kernel::mark_far_pairs(&self.rules, &view, split, n, heaps, bound, &mut far);
        let mask = split.mask();
        let mut outcome = Ok(());
        for _ in 0..heaps {
            outcome = self.push_next(Some(&far));
            // A new mask changes the rare positions the block's marks were made for.
            let same_mask = self
                .split
                .as_ref()
                .is_some_and(|split| split.mask() == mask);
            if outcome.is_err() || !same_mask {
                break;
            }
        }
        self.far = far;
        outcome
    }

    /// Compute and append the next value (with the far pairs of its block, if marked).
    fn push_next(&mut self, far: Option<&FarPairs>) -> Result<(), SolveError> {
        let n = self.len();
        let view = View::kept(&self.front, &self.values, self.base);
        let sparse = self
            .split
            .as_ref()
            .filter(|split| self.use_sparse(split, n));
        // Three-heap splits, and two-heap splits but by the sparse method, read every
        // value.
        let reads_all = !self.rules.split_three.is_empty()
            || (sparse.is_none() && !self.rules.split_two.is_empty());
        let value = if self.base > 0 && reads_all {
            Err(self.front.len())
        } else if let Some(split) = sparse {
            kernel::sparse_value(&self.rules, &view, split, &mut self.marks, far)
        } else {
            Ok(kernel::naive_value(&self.rules, &view, &mut self.marks))
        };
        self.unchecked_values += 1;
        self.unchecked_work += self.marks.take_examined();
        let value = value.map_err(|needs| SolveError::OutsideWindow {
            position: n,
            needs,
            window: self.window.expect("only a window lets values go"),
        })?;
        if value >= VALUE_RANGE {
            return Err(SolveError::ValueOverflow { position: n });
        }
        self.push(value as u16);
        Ok(())
    }

    /// Compute values with several threads, if this solver uses them and the next
    /// values allow it; how many were computed (0 if none: the caller computes one).
    fn parallel_step(&mut self, upto: usize) -> Result<usize, SolveError> {
        if self.threads == 1 || self.method == Method::Naive {
            return Ok(0);
        }
        let Some(split) = &self.split else {
            return Ok(0);
        };
        let n = self.len();
        if !self.use_sparse(split, n)
            || !parallel::applies(&self.rules, split, n, self.marks.bound())
        {
            return Ok(0);
        }
        // A step ends before the next slide of the window, mask review or period
        // check, which change what the threads read.
        let mut end = upto.min(n + parallel::STEP_VALUES);
        if let Some(window) = self.window {
            end = end.min(match self.base {
                0 => window.first_let_go(),
                base => base + window.most_recent(),
            });
        }
        if self.check_periods && self.theorem.is_some() && self.certificate.is_none() {
            end = end.min(self.next_period_check.max(n + 1));
        }
        let step = parallel::Step {
            rules: &self.rules,
            split,
            threads: self.threads,
            front: &self.front,
            base: self.base,
        };
        let outcome = step.run(&mut self.values, end, &mut self.marks);
        let computed = self.len() - n;
        self.unchecked_work += self.marks.take_examined();
        for position in n..self.len() {
            self.record(position);
        }
        match outcome {
            Ok(()) => Ok(computed),
            Err(parallel::Failure::Overflow { position }) => {
                Err(SolveError::ValueOverflow { position })
            }
            Err(parallel::Failure::Unkept { position, needs }) => Err(SolveError::OutsideWindow {
                position,
                needs,
                window: self.window.expect("only a window lets values go"),
            }),
        }
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

    /// Append g(len) = `value` and take it in.
    fn push(&mut self, value: u16) {
        self.values.push(value);
        self.record(self.len() - 1);
    }

    /// Take in g(n), the last value so far: update the statistics, the split and the
    /// period watch, and let values go as the window says.
    fn record(&mut self, n: usize) {
        let value = self.values[n - self.base];
        self.marks.admit(value);
        if n > 0 {
            // g(0) is 0 in every game; the largest value is the histogram's.
            self.largest = self.largest.max(value);
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
        self.let_go();
    }

    /// Let go of the oldest values but the front and the last `tail` once more than
    /// [`Window::most_recent`] are kept past the front; from the first time on, the
    /// mask and the period watch stay as they are.
    fn let_go(&mut self) {
        let Some(window) = self.window else {
            return;
        };
        let first = self.base == 0;
        let due = if first {
            window.first_let_go()
        } else {
            self.base + window.most_recent()
        };
        if self.len() < due {
            return;
        }
        if first {
            self.front = self.values[..window.front].to_vec();
            self.next_mask_review = usize::MAX;
            self.next_period_check = usize::MAX;
        }
        let gone = self.values.len() - window.tail;
        self.values.drain(..gone);
        self.base += gone;
        if first {
            self.values.shrink_to(window.most_recent());
        }
    }

    /// Switch to the best mask for the first `len` values (all kept) if it has fewer
    /// rare positions.
    fn review_mask(&mut self, len: usize) {
        let Some(split) = &mut self.split else {
            return;
        };
        debug_assert_eq!(
            self.base, 0,
            "the mask is reviewed while every value is kept"
        );
        let best = kernel::best_mask(&self.histogram);
        let rare_under_best: u64 = (0..self.histogram.len())
            .filter(|&v| kernel::is_rare(best, v as u16))
            .map(|v| self.histogram[v])
            .sum();
        if rare_under_best < split.rare_count() as u64 {
            *split = Split::new(best, &self.values[..len]);
        }
        self.next_mask_review = 2 * split.rare_count() + 64;
    }

    /// Look for a period certified by the first `len` values (all kept).
    fn check_period(&mut self, len: usize) {
        self.next_period_check = len + (len / 16).max(64);
        if self.certificate.is_some() {
            return;
        }
        if let Some(theorem) = &self.theorem {
            let window = if self.window.is_some() {
                PERIOD_WINDOW
            } else {
                usize::MAX
            };
            self.certificate = period::certify_within(&self.values[..len], theorem, window);
        }
    }
}
