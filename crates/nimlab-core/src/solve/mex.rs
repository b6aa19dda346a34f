//! The minimum excludant: the least non-negative integer not in a set.
//!
//! The mex of m values is at most m, so a bitset of m + 1 bits holds every value that
//! can matter; larger values are ignored. No sorting, no hashing: O(m).

/// A reusable bitset for computing the mex of up to `capacity` values.
///
/// Values at or beyond the capacity are ignored; that is sound whenever the capacity
/// exceeds the number of values inserted, because the mex of m values is at most m.
#[derive(Clone, Debug)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// A set able to find the mex of up to `max_values` values.
    pub fn new(max_values: usize) -> Self {
        MexSet {
            words: vec![0; max_values / 64 + 1],
        }
    }

    /// Remove every value.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Add a value (ignored if it cannot affect the mex).
    #[inline]
    pub fn insert(&mut self, value: usize) {
        if let Some(word) = self.words.get_mut(value / 64) {
            *word |= 1 << (value % 64);
        }
    }

    /// The least value not inserted.
    pub fn mex(&self) -> usize {
        for (i, word) in self.words.iter().enumerate() {
            if *word != u64::MAX {
                return i * 64 + (!word).trailing_zeros() as usize;
            }
        }
        self.words.len() * 64
    }
}

/// The mex of a list of values, in O(len) time and len/64 words of memory.
pub fn mex<I>(values: I) -> usize
where
    I: IntoIterator<Item = usize>,
    I::IntoIter: ExactSizeIterator,
{
    let values = values.into_iter();
    let mut set = MexSet::new(values.len());
    values.for_each(|v| set.insert(v));
    set.mex()
}

/// The mex of values below 64 given as a bitmask (bit v set when v is present).
#[inline]
pub fn mex_of_mask(mask: u64) -> u32 {
    (!mask).trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn seed_examples() {
        assert_eq!(mex(Vec::<usize>::new()), 0);
        assert_eq!(mex(vec![0, 1, 3]), 2);
        assert_eq!(mex(vec![1, 2]), 0);
    }

    #[test]
    fn full_words_and_huge_values() {
        assert_eq!(mex((0..64).collect::<Vec<_>>()), 64);
        assert_eq!(mex((0..200).rev().collect::<Vec<_>>()), 200);
        assert_eq!(mex(vec![0, usize::MAX, 1]), 2);
        assert_eq!(mex_of_mask(0b1011), 2);
        assert_eq!(mex_of_mask(u64::MAX >> 1), 63);
    }

    proptest! {
        #[test]
        fn agrees_with_the_definition(values in proptest::collection::vec(0usize..300, 0..300)) {
            let expected = (0..).find(|v| !values.contains(v)).unwrap();
            prop_assert_eq!(mex(values.clone()), expected);
        }
    }
}
