//! How much a computation may do before it stops: work units (positions generated,
//! values computed), memory (table entries kept), a deadline, and a flag another
//! thread can raise to cancel it.
//!
//! Every search and every table computation takes a `&Budget`, spends work and holds
//! memory from it as it goes, and stops with [`Exhausted`] when either runs out, so a
//! front end can bound any question: [`Budget::question`] is the budget of one
//! question (memory bounded by [`QUESTION_MEMORY`], time by the front end: the
//! command line's default is [`QUESTION_TIME`](crate::limits::QUESTION_TIME)), play
//! gives its look-ahead a deadline, and a server gives every request a deadline and
//! a cancel flag too.
//!
//! A *table entry* is the unit of memory: one machine word, 8 bytes. A value of a
//! table takes one; a position a search keeps takes its size
//! ([`Game::size`](crate::rules::Game::size): the words of its numbers) and a few
//! more for the slot that keeps it.

pub use crate::error::Exhausted;
use crate::limits::QUESTION_MEMORY;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Work units spent between two looks at the clock and the cancel flag.
pub(crate) const CHECK_EVERY: u64 = 1 << 10;

/// A bound on the work of one computation (or of several sharing it).
///
/// Spending is thread-safe: a budget may be shared by parallel workers.
#[derive(Debug)]
pub struct Budget {
    max_work: u64,
    spent: AtomicU64,
    max_memory: u64,
    held: AtomicU64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::unlimited()
    }
}

impl Budget {
    /// No limit: the computation runs to its end.
    pub const fn unlimited() -> Self {
        Budget {
            max_work: u64::MAX,
            spent: AtomicU64::new(0),
            max_memory: u64::MAX,
            held: AtomicU64::new(0),
            deadline: None,
            cancel: None,
        }
    }

    /// The budget of one question, from now: memory bounded by [`QUESTION_MEMORY`]
    /// and time by `time` (no time limit if `None`); work is bounded by the
    /// question's own limits in [`crate::limits`].
    pub fn question(time: Option<Duration>) -> Self {
        let budget = Budget::unlimited().with_memory(QUESTION_MEMORY.value);
        match time {
            Some(time) => budget.with_timeout(time),
            None => budget,
        }
    }

    /// At most `max_work` work units.
    pub fn work(max_work: u64) -> Self {
        Budget {
            max_work,
            ..Budget::unlimited()
        }
    }

    /// The same budget, which also stops once more than `entries` table entries are
    /// held.
    pub fn with_memory(mut self, entries: u64) -> Self {
        self.max_memory = entries;
        self
    }

    /// The same budget, which also stops at `deadline` (or at its own deadline, if
    /// that comes first).
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(self.deadline.map_or(deadline, |own| own.min(deadline)));
        self
    }

    /// The same budget, which also stops `timeout` from now.
    pub fn with_timeout(self, timeout: Duration) -> Self {
        self.with_deadline(Instant::now() + timeout)
    }

    /// The same budget, which also stops when `flag` is raised.
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// A fresh budget of at most `max_work` units (or this one's remaining work, if
    /// less) that stops at this one's deadline and cancel flag too.
    pub fn narrowed(&self, max_work: u64) -> Budget {
        Budget {
            max_work: max_work.min(self.max_work.saturating_sub(self.spent())),
            spent: AtomicU64::new(0),
            max_memory: self.max_memory.saturating_sub(self.held()),
            held: AtomicU64::new(0),
            deadline: self.deadline,
            cancel: self.cancel.clone(),
        }
    }

    /// Spend `units` of work; an error once the budget is exhausted (and every time
    /// after). The clock and the cancel flag are read once every thousand units.
    #[inline]
    pub fn spend(&self, units: u64) -> Result<(), Exhausted> {
        if self.is_unlimited() {
            return Ok(());
        }
        let before = self.spent.fetch_add(units, Ordering::Relaxed);
        let after = before.saturating_add(units);
        if after > self.max_work {
            return Err(Exhausted::Work {
                limit: self.max_work,
            });
        }
        if before / CHECK_EVERY != after / CHECK_EVERY || units >= CHECK_EVERY {
            self.check()?;
        }
        Ok(())
    }

    /// Hold `entries` more table entries of memory, for as long as the computation
    /// runs (memory is not given back: a computation keeps what it builds); an error
    /// once more than the budget's memory would be held.
    #[inline]
    pub fn hold(&self, entries: u64) -> Result<(), Exhausted> {
        if self.max_memory == u64::MAX {
            return Ok(());
        }
        let held = self
            .held
            .fetch_add(entries, Ordering::Relaxed)
            .saturating_add(entries);
        if held > self.max_memory {
            return Err(Exhausted::Memory {
                limit: self.max_memory,
            });
        }
        Ok(())
    }

    /// Whether `entries` more table entries would fit, without holding them: a
    /// computation that knows its size up front refuses at once.
    pub fn fits(&self, entries: u64) -> Result<(), Exhausted> {
        if self.held().saturating_add(entries) > self.max_memory {
            return Err(Exhausted::Memory {
                limit: self.max_memory,
            });
        }
        Ok(())
    }

    /// How many more work units and table entries the budget allows, the lesser of
    /// the two (`u64::MAX` when neither is bounded): a computation about to list or
    /// allocate that many items asks for no more, so that a list longer than the
    /// budget (the moves of a heap of 10^7) is never built only to be refused.
    pub fn room(&self) -> u64 {
        let work = self.max_work.saturating_sub(self.spent());
        let memory = self.max_memory.saturating_sub(self.held());
        work.min(memory)
    }

    /// Whether nothing bounds this budget (no work or memory limit, deadline or flag).
    fn is_unlimited(&self) -> bool {
        self.max_work == u64::MAX
            && self.max_memory == u64::MAX
            && self.deadline.is_none()
            && self.cancel.is_none()
    }

    /// Whether the deadline has passed or the flag was raised, without spending.
    pub fn check(&self) -> Result<(), Exhausted> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Err(Exhausted::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Exhausted::Deadline);
        }
        Ok(())
    }

    /// Work units spent so far (0 for an unlimited budget, which does not count).
    pub fn spent(&self) -> u64 {
        self.spent.load(Ordering::Relaxed)
    }

    /// Table entries held so far (0 for a budget without a memory limit).
    pub fn held(&self) -> u64 {
        self.held.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_runs_out_and_stays_out() {
        let budget = Budget::work(10);
        assert!(budget.spend(10).is_ok());
        assert_eq!(budget.spend(1), Err(Exhausted::Work { limit: 10 }));
        assert_eq!(budget.spend(1), Err(Exhausted::Work { limit: 10 }));
    }

    #[test]
    fn a_past_deadline_and_a_raised_flag_stop_the_work() {
        let late = Budget::unlimited().with_deadline(Instant::now());
        assert_eq!(late.spend(CHECK_EVERY), Err(Exhausted::Deadline));
        let flag = Arc::new(AtomicBool::new(false));
        let budget = Budget::unlimited().with_cancel(flag.clone());
        assert!(budget.spend(CHECK_EVERY).is_ok());
        flag.store(true, Ordering::Relaxed);
        assert_eq!(budget.spend(CHECK_EVERY), Err(Exhausted::Cancelled));
    }

    #[test]
    fn memory_runs_out_and_a_narrowed_budget_keeps_what_is_left() {
        let budget = Budget::unlimited().with_memory(100);
        assert!(budget.hold(60).is_ok());
        assert_eq!(budget.fits(41), Err(Exhausted::Memory { limit: 100 }));
        assert!(budget.fits(40).is_ok());
        let narrowed = budget.narrowed(1000);
        assert_eq!(narrowed.hold(41), Err(Exhausted::Memory { limit: 40 }));
        assert_eq!(budget.hold(41), Err(Exhausted::Memory { limit: 100 }));
    }

    #[test]
    fn the_unlimited_budget_never_stops() {
        let budget = Budget::unlimited();
        for _ in 0..1000 {
            budget.spend(u64::MAX / 2).unwrap();
        }
    }
}
