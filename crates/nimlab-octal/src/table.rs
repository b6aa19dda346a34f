//! Where a [`crate::Solver`] keeps g(0), g(1), ….

/// The storage of a solver's values. [`Vec<u16>`] keeps them in memory. A front end may
/// supply another, such as a memory-mapped file, so that only the values in use stay
/// resident: the sparse method reads the first values, the last few (the partners of
/// the rare positions) and, in an occasional long proof scan, others.
pub trait Table {
    /// g(0), …, g(len − 1).
    fn values(&self) -> &[u16];

    /// Make room for `total` values in all; false if it cannot be had.
    fn reserve(&mut self, total: usize) -> bool;

    /// Append the next value; room for it was reserved.
    fn push(&mut self, value: u16);

    /// The most values a period check examines at once: it holds 4 bytes for each, and
    /// finds no period longer than this. Unbounded unless a table says otherwise.
    fn period_window(&self) -> usize {
        usize::MAX
    }

    /// The solver has taken in g(0) … g(`count` − 1), as it computes each value or, for
    /// values the table was given, as it reads them in. A table that keeps its values
    /// outside memory may let go then of the pages of those it expects to be read
    /// rarely. Nothing by default.
    fn taken_up(&mut self, count: usize) {
        let _ = count;
    }
}

impl Table for Vec<u16> {
    fn values(&self) -> &[u16] {
        self
    }

    fn reserve(&mut self, total: usize) -> bool {
        self.try_reserve_exact(total.saturating_sub(self.len()))
            .is_ok()
    }

    fn push(&mut self, value: u16) {
        Vec::push(self, value);
    }
}
