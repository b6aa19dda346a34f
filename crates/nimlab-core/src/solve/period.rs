//! Certified eventual periodicity of nim-sequences.
//!
//! A finite table can prove a sequence periodic forever when a theorem says how many
//! matching values suffice:
//! - finite memory (subtraction games): if g(n) is a fixed function of the previous w
//!   values, then g(n + p) = g(n) for w consecutive n ≥ n0 implies it for all n ≥ n0;
//! - octal games (Guy & Smith 1956): if g(n + p) = g(n) for n0 ≤ n < 2·n0 + p + k,
//!   where k is the position of the code's last non-zero digit, it holds for all n ≥ n0.
//!
//! [`find_certified_period`] returns the least period and, for it, the least preperiod.

use crate::budget::Budget;
use crate::error::Error;
use crate::num::{Nat, to_u64};
use crate::solve::table::extend_within_budget;
use malachite_base::num::arithmetic::traits::Mod;

/// Why a finite check proves periodicity forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Theorem {
    /// Each value is a fixed function of the previous `window` values.
    FiniteMemory {
        /// How many earlier values each value depends on (max S for subtraction games).
        window: usize,
    },
    /// The Guy–Smith periodicity theorem for take-and-break games (octal and
    /// hexadecimal codes), as the octal engine states and applies it.
    TakeAndBreak(nimlab_octal::PeriodTheorem),
    /// A closed form, proven by induction and tested against brute force.
    ClosedForm {
        /// The formula, e.g. "g(n) = n mod 4".
        formula: String,
    },
}

impl Theorem {
    /// How many values must be known for a match of period `period` from `preperiod`
    /// on to be a proof.
    pub fn required_len(&self, preperiod: usize, period: usize) -> usize {
        match self {
            Theorem::FiniteMemory { window } => preperiod + period + window,
            Theorem::TakeAndBreak(theorem) => {
                nimlab_octal::period::values_needed(theorem, preperiod, period)
            }
            Theorem::ClosedForm { .. } => 0,
        }
    }
}

/// An eventual period of a nim-sequence, with its certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least n0 with g(n + period) = g(n) for every n ≥ n0.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
    /// How many values were computed and compared.
    pub values_checked: usize,
    /// The theorem that turns the finite check into a proof.
    pub theorem: Theorem,
}

impl Periodicity {
    /// The index below `preperiod + period` whose value equals g(n), for n of any size.
    pub fn reduce(&self, n: &Nat) -> usize {
        if let Some(small) = to_u64(n) {
            return self.reduce_small(small);
        }
        let offset = (n - Nat::from(self.preperiod)).mod_op(Nat::from(self.period));
        self.preperiod + to_u64(&offset).expect("a remainder below the period fits") as usize
    }

    /// As [`Periodicity::reduce`], for machine-size n.
    pub fn reduce_small(&self, n: u64) -> usize {
        let (pre, period) = (self.preperiod as u64, self.period as u64);
        if n < pre {
            n as usize
        } else {
            (pre + (n - pre) % period) as usize
        }
    }

    /// A sentence saying what was checked and why that proves the period.
    pub fn certificate(&self) -> String {
        let (pre, p, count) = (self.preperiod, self.period, self.values_checked);
        let checked = format!(
            "g(n + {p}) = g(n) for n = {pre}..{last} ({count} values computed)",
            last = count.saturating_sub(p + 1),
        );
        match &self.theorem {
            Theorem::FiniteMemory { window } => format!(
                "{checked}; each g(n) depends only on the {window} values before it, so \
                 {window} consecutive matches prove the period for every n ≥ {pre}"
            ),
            Theorem::TakeAndBreak(theorem) => format!(
                "{checked}; by the {}, for moves that remove at most {} tokens and leave \
                 at most {} heaps, the first {} values prove the period for every n ≥ {pre}",
                theorem.name(),
                theorem.max_removal,
                theorem.parts,
                self.theorem.required_len(pre, p),
            ),
            Theorem::ClosedForm { formula } => {
                format!("closed form {formula}, proven by induction on n")
            }
        }
    }
}

/// The least period p, and its least preperiod n0, that `values` certify when each
/// value is a fixed function of the `window` values before it (finite memory; the
/// take-and-break games' theorem is applied by the octal engine); `None` if these
/// values certify no period (compute more).
///
/// The first certified p in increasing order is the least period: a certificate is a
/// proof, every true period is a multiple of the least one, and a multiple needs at
/// least as many values to certify.
///
/// O(len): p is certified when the last w + p values have period p. Read backwards,
/// that is a prefix with period p, which the Z-function of the reversed values shows
/// for every p at once.
pub fn find_certified_period(values: &[u32], window: usize) -> Option<(usize, usize)> {
    let len = values.len();
    let reversed: Vec<u32> = values.iter().rev().copied().collect();
    let z = z_function(&reversed);
    // The matches needed after the latest certifiable preperiod, and the largest p
    // that leaves room for a preperiod of 0.
    let (needed, largest) = (window, len.checked_sub(window)?);
    let period = (1..=largest.min(len - 1)).find(|&p| z[p] >= needed)?;
    let preperiod = (0..len - period)
        .rev()
        .find(|&n| values[n] != values[n + period])
        .map_or(0, |n| n + 1);
    debug_assert!(Theorem::FiniteMemory { window }.required_len(preperiod, period) <= len);
    Some((preperiod, period))
}

/// z[i] = the length of the longest common prefix of `s` and `s[i..]` (z[0] = len).
fn z_function(s: &[u32]) -> Vec<usize> {
    let n = s.len();
    let mut z = vec![0; n];
    if n == 0 {
        return z;
    }
    z[0] = n;
    let (mut left, mut right) = (0, 0);
    for i in 1..n {
        let mut length = if i < right {
            z[i - left].min(right - i)
        } else {
            0
        };
        while i + length < n && s[length] == s[i + length] {
            length += 1;
        }
        z[i] = length;
        if i + length > right {
            left = i;
            right = i + length;
        }
    }
    z
}

/// Extend `table` (by calling `extend(table, new_len)`) until a period is certified
/// under finite memory of `window` values, doubling the length each time, up to
/// `max_len` values, within `budget` (see [`extend_within_budget`]).
pub fn search_period(
    table: &mut Vec<u32>,
    mut extend: impl FnMut(&mut Vec<u32>, usize) -> Result<(), Error>,
    window: usize,
    max_len: usize,
    budget: &Budget,
) -> Result<Periodicity, Error> {
    let mut len = table.len().max(64);
    loop {
        extend_within_budget(table, len, budget, &mut extend)?;
        if let Some((preperiod, period)) = find_certified_period(table, window) {
            return Ok(Periodicity {
                preperiod,
                period,
                values_checked: table.len(),
                theorem: Theorem::FiniteMemory { window },
            });
        }
        if len >= max_len {
            return Err(Error::NoKnownValue(format!(
                "no period found in the first {len} values (nimlab stops searching there)"
            )));
        }
        len = (len * 2).min(max_len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use malachite_base::num::arithmetic::traits::Pow;

    #[test]
    fn finds_least_period_and_preperiod() {
        // 5 7 | 1 2 3 1 2 3 1 2 3 ... with window 2.
        let mut values = vec![5, 7];
        values.extend([1, 2, 3].repeat(5));
        assert_eq!(find_certified_period(&values, 2), Some((2, 3)));
    }

    /// The O(len) search against the definition (for each p in increasing order, the
    /// least preperiod, and whether the theorem certifies it), on every sequence over
    /// {0, 1, 2} of up to 9 values, for windows of 1 to 3 values.
    #[test]
    fn agrees_with_the_definition_on_every_short_sequence() {
        let by_definition = |values: &[u32], theorem: &Theorem| {
            (1..values.len()).find_map(|period| {
                let preperiod = (0..values.len() - period)
                    .rev()
                    .find(|&n| values[n] != values[n + period])
                    .map_or(0, |n| n + 1);
                (theorem.required_len(preperiod, period) <= values.len())
                    .then_some((preperiod, period))
            })
        };
        for len in 0..=9u32 {
            for code in 0..3u32.pow(len) {
                let values: Vec<u32> = (0..len).map(|i| code / 3u32.pow(i) % 3).collect();
                for window in 1..=3 {
                    assert_eq!(
                        find_certified_period(&values, window),
                        by_definition(&values, &Theorem::FiniteMemory { window }),
                        "{values:?} window {window}"
                    );
                }
            }
        }
    }

    #[test]
    fn too_few_values_certify_nothing() {
        let values = [1, 2, 3, 1, 2];
        assert_eq!(find_certified_period(&values, 3), None);
    }

    #[test]
    fn take_and_break_theorem_needs_twice_the_preperiod() {
        let theorem = Theorem::TakeAndBreak(nimlab_octal::PeriodTheorem {
            parts: 2,
            max_removal: 2,
        });
        assert_eq!(theorem.required_len(10, 12), 2 * 10 + 2 * 12 + 2);
    }

    #[test]
    fn reduce_maps_huge_n_into_the_table() {
        let p = Periodicity {
            preperiod: 3,
            period: 4,
            values_checked: 0,
            theorem: Theorem::FiniteMemory { window: 1 },
        };
        assert_eq!(p.reduce_small(2), 2);
        assert_eq!(p.reduce_small(3), 3);
        assert_eq!(p.reduce_small(10), 3 + 7 % 4);
        let huge: Nat = Nat::from(10u32).pow(30);
        // 10^30 - 3 = 999...997 ≡ 1 (mod 4).
        assert_eq!(p.reduce(&huge), 4);
    }
}
