//! How much work a computation may do before it stops: a number of work units
//! (positions searched, values computed), a deadline, and a flag another thread can
//! raise to cancel it.
//!
//! Every search and every table computation takes a `&Budget` and spends from it as
//! it goes, so a front end can bound any request: the command line gives most
//! computations an unlimited budget (they are bounded by the limits in
//! [`crate::limits`] instead), play gives its look-ahead a deadline, and a server
//! gives every request a deadline and a cancel flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Work units spent between two looks at the clock and the cancel flag.
const CHECK_EVERY: u64 = 1 << 10;

/// A bound on the work of one computation (or of several sharing it).
///
/// Spending is thread-safe: a budget may be shared by parallel workers.
#[derive(Debug)]
pub struct Budget {
    max_work: u64,
    spent: AtomicU64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

/// Why a budget stopped a computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// More than this many work units were needed.
    Work {
        /// The budget's limit.
        limit: u64,
    },
    /// The deadline passed.
    Deadline,
    /// The cancel flag was raised.
    Cancelled,
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
            deadline: None,
            cancel: None,
        }
    }

    /// At most `max_work` work units.
    pub fn work(max_work: u64) -> Self {
        Budget {
            max_work,
            ..Budget::unlimited()
        }
    }

    /// The same budget, which also stops at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
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
            deadline: self.deadline,
            cancel: self.cancel.clone(),
        }
    }

    /// Spend `units` of work; an error once the budget is exhausted (and every time
    /// after). The clock and the cancel flag are read once every thousand units.
    #[inline]
    pub fn spend(&self, units: u64) -> Result<(), Exhausted> {
        if self.max_work == u64::MAX && self.deadline.is_none() && self.cancel.is_none() {
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
    fn the_unlimited_budget_never_stops() {
        let budget = Budget::unlimited();
        for _ in 0..1000 {
            budget.spend(u64::MAX / 2).unwrap();
        }
    }
}
