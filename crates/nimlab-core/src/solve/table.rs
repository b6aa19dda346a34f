//! Results kept once computed, and tables grown within a budget.

use crate::budget::Budget;
use crate::error::Error;
use std::sync::OnceLock;

/// A result computed at most once to its end, within whatever budget each call
/// brings: a finished result (or a final error) is kept for every later call, but a
/// computation that a budget stopped is not, so a later call with more budget tries
/// again.
#[derive(Debug)]
pub struct Once<T> {
    cell: OnceLock<Result<T, Error>>,
}

impl<T> Default for Once<T> {
    fn default() -> Self {
        Once {
            cell: OnceLock::new(),
        }
    }
}

impl<T> Once<T> {
    /// The kept value, if one was computed.
    pub fn get(&self) -> Option<&T> {
        self.cell.get().and_then(|done| done.as_ref().ok())
    }

    /// The kept result, or the result of `compute`, kept unless a budget stopped it.
    pub fn get_or_compute(&self, compute: impl FnOnce() -> Result<T, Error>) -> Result<&T, Error> {
        if let Some(done) = self.cell.get() {
            return done.as_ref().map_err(Clone::clone);
        }
        match compute() {
            Err(error) if error.is_budget_stop() => Err(error),
            result => {
                // Another thread may have finished first; both results are equal.
                let _ = self.cell.set(result);
                self.cell
                    .get()
                    .expect("just set")
                    .as_ref()
                    .map_err(Clone::clone)
            }
        }
    }
}

/// g(0), …, g(upto) from `value(n)` (a closed form, or a certified period's table),
/// built a chunk at a time, spending one unit of `budget`'s work and holding one table
/// entry of its memory per value before each chunk: a table larger than the budget's
/// memory is refused before it is built ([`table_fits`]), and a long table reads the
/// clock and the cancel flag as it is built, and stops cleanly when the budget runs
/// out.
pub fn table_of(
    upto: usize,
    budget: &Budget,
    value: impl Fn(usize) -> u32,
) -> Result<Vec<u32>, Error> {
    table_fits(upto, budget)?;
    let mut table = Vec::new();
    while table.len() <= upto {
        let next = (table.len() + TABLE_CHUNK).min(upto + 1);
        let values = (next - table.len()) as u64;
        budget
            .spend(values)
            .and_then(|()| budget.hold(values))
            .map_err(|e| Error::from_budget(e, "the table of values"))?;
        table.extend((table.len()..next).map(&value));
    }
    Ok(table)
}

/// Whether a table of g(0), …, g(upto), one table entry a value, fits in what remains
/// of `budget`'s memory: the error of the table, if not.
pub fn table_fits(upto: usize, budget: &Budget) -> Result<(), Error> {
    budget
        .fits(upto as u64 + 1)
        .map_err(|e| Error::from_budget(e, "the table of values"))
}

/// Values computed between two looks at a budget.
const TABLE_CHUNK: usize = 4096;

/// Extend a table to `len` values with `extend(table, new_len)`, a chunk at a time,
/// spending one unit of `budget`'s work and holding one table entry of its memory
/// per value, before the chunk is computed: a long table stops cleanly when the
/// budget runs out. `extend` may hold more for what it keeps beside the table.
pub fn extend_within_budget(
    table: &mut Vec<u32>,
    len: usize,
    budget: &Budget,
    mut extend: impl FnMut(&mut Vec<u32>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    while table.len() < len {
        let next = (table.len() + TABLE_CHUNK).min(len);
        let values = (next - table.len()) as u64;
        budget
            .spend(values)
            .and_then(|()| budget.hold(values))
            .map_err(|e| Error::from_budget(e, "the table of values"))?;
        extend(table, next)?;
    }
    Ok(())
}
