//! Positions as words: a sum of heaps is the commutative word h1^e1 h2^e2 …, stored as
//! the number of heaps of each size. Words are ordered the way the quotient algorithm
//! needs (Plambeck & Siegel 2008, appendix C of the supplement): the number of largest
//! heaps decides first, then the next size down, and so on. Every option of a word
//! comes before it (a move replaces a heap by smaller ones), so "all words before W"
//! is a set closed under moves — the induction behind the lexicographically least
//! failure.

use std::cmp::Ordering;

/// A sum of heaps: `exponents[n]` heaps of size n (index 0 is unused and stays 0), with
/// no trailing zeros.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Word {
    exponents: Vec<u32>,
}

impl Word {
    /// The word with `e` more heaps of size `heap`.
    pub fn times(&self, heap: usize, e: u32) -> Word {
        let mut exponents = self.exponents.clone();
        if e > 0 {
            if exponents.len() <= heap {
                exponents.resize(heap + 1, 0);
            }
            exponents[heap] += e;
        }
        Word { exponents }
    }

    /// How many heaps of size `heap` the word has.
    pub fn exponent(&self, heap: usize) -> u32 {
        self.exponents.get(heap).copied().unwrap_or(0)
    }

    /// The sizes present with their counts, smallest first.
    pub fn support(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.exponents
            .iter()
            .enumerate()
            .filter(|&(_, &e)| e > 0)
            .map(|(h, &e)| (h, e))
    }

    /// Every heap, smallest first.
    pub fn heaps(&self) -> Vec<usize> {
        self.support()
            .flat_map(|(h, e)| std::iter::repeat_n(h, e as usize))
            .collect()
    }

    /// The largest heap (0 for the empty word).
    pub fn top(&self) -> usize {
        self.exponents.len().saturating_sub(1)
    }
}

/// The heaps, smallest first: "1 1 4".
impl std::fmt::Display for Word {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let heaps: Vec<String> = self
            .support()
            .flat_map(|(h, e)| std::iter::repeat_n(h.to_string(), e as usize))
            .collect();
        write!(f, "{}", heaps.join(" "))
    }
}

impl Ord for Word {
    fn cmp(&self, other: &Self) -> Ordering {
        self.exponents
            .len()
            .cmp(&other.exponents.len())
            .then_with(|| {
                self.exponents
                    .iter()
                    .rev()
                    .cmp(other.exponents.iter().rev())
            })
    }
}

impl PartialOrd for Word {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_heaps_decide_first() {
        let empty = Word::default();
        let three = empty.times(3, 1);
        let ones = empty.times(1, 5).times(2, 4);
        let three_and_one = three.times(1, 1);
        let two_threes = empty.times(3, 2);
        assert!(empty < ones && ones < three && three < three_and_one);
        assert!(three_and_one < two_threes);
        assert_eq!(two_threes.top(), 3);
        assert_eq!(ones.exponent(2), 4);
        assert_eq!(ones.support().collect::<Vec<_>>(), vec![(1, 5), (2, 4)]);
    }
}
