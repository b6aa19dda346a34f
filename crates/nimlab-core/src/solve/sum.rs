//! Disjunctive sums: the value of a sum is the XOR (nim-sum) of its components'
//! values, and a winning move changes one component to bring the nim-sum to zero.

use crate::num::Nat;
use crate::rules::Convention;
use malachite_base::num::basic::traits::{One, Zero};
use malachite_base::num::logic::traits::{BitAccess, SignificantBits};

/// The nim-sum (bitwise XOR) of the values. Never `+`: sums combine by XOR.
pub fn nim_sum<'a>(values: impl IntoIterator<Item = &'a Nat>) -> Nat {
    let mut total = Nat::ZERO;
    for value in values {
        total ^= value;
    }
    total
}

/// A winning move in a sum of components with these Grundy values: the index of the
/// first component whose value has the highest set bit of the nim-sum x, and its
/// target value g XOR x, which is smaller than g (so the mex property guarantees the
/// component has an option of that value) and brings the nim-sum to 0.
/// `None` when the nim-sum is already 0: every move then loses.
pub fn winning_target(values: &[Nat]) -> Option<(usize, Nat)> {
    let x = nim_sum(values);
    if x == Nat::ZERO {
        return None;
    }
    let top = x.significant_bits() - 1;
    let index = values
        .iter()
        .position(|g| g.get_bit(top))
        .expect("some component has the top bit of a non-zero nim-sum");
    Some((index, &values[index] ^ &x))
}

/// How the Grundy values of the components of a sum look, for the misère-Nim rule.
///
/// The rule: when every component of value 0 that has a move has a move to value 1
/// (the *tameness lemma*, see [`crate::heap`]), the player to move loses misère play
/// exactly when every value is 0 or 1 and an odd number are 1, or some value is 2 or
/// more and the nim-sum is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueProfile {
    /// The nim-sum of the values.
    pub nim_sum: Nat,
    /// Components of value 1.
    pub ones: usize,
    /// Components of value 2 or more.
    pub big: usize,
}

impl ValueProfile {
    /// The profile of these values.
    pub fn of(values: &[Nat]) -> Self {
        ValueProfile {
            nim_sum: nim_sum(values),
            ones: values.iter().filter(|v| **v == 1u32).count(),
            big: values.iter().filter(|v| **v >= 2u32).count(),
        }
    }

    /// The profile after a component of value `old` is replaced by components of
    /// values `new`.
    pub fn replace(&self, old: &Nat, new: &[Nat]) -> Self {
        let mut after = self.clone();
        after.nim_sum ^= old;
        after.ones -= usize::from(*old == 1u32);
        after.big -= usize::from(*old >= 2u32);
        for value in new {
            after.nim_sum ^= value;
            after.ones += usize::from(*value == 1u32);
            after.big += usize::from(*value >= 2u32);
        }
        after
    }

    /// Why the misère-Nim rule decides as it does, for people: "every heap has Grundy
    /// value 0 or 1, and 3 heaps have value 1", or "some heap has Grundy value 2 or
    /// more, so misère play follows the nim-sum: `sum`" (`sum` says how the nim-sum
    /// was made, e.g. "1 ⊕ 2 = 3").
    pub fn misere_rule(&self, sum: &str) -> String {
        if self.big == 0 {
            let heaps = if self.ones == 1 {
                "heap has"
            } else {
                "heaps have"
            };
            format!(
                "every heap has Grundy value 0 or 1, and {} {heaps} value 1 (misère Nim rule)",
                self.ones
            )
        } else {
            format!(
                "some heap has Grundy value 2 or more, so misère play follows the nim-sum: {sum}"
            )
        }
    }

    /// Whether the player to move loses: by the nim-sum in normal play, by the
    /// misère-Nim rule in misère play.
    pub fn lost(&self, convention: Convention) -> bool {
        match convention {
            Convention::Normal => self.nim_sum == Nat::ZERO,
            Convention::Misere if self.big == 0 => self.ones % 2 == 1,
            Convention::Misere => self.nim_sum == Nat::ZERO,
        }
    }

    /// The Grundy value a component of value `value` must move to for the result to
    /// be lost for the opponent, with the reason. (When it equals `value`, no move of
    /// this component wins: options never keep a component's value.)
    pub fn target(&self, convention: Convention, value: &Nat) -> (Nat, &'static str) {
        let rest_big = self.big - usize::from(*value >= 2u32);
        let rest_ones = self.ones - usize::from(*value == 1u32);
        match convention {
            Convention::Misere if rest_big == 0 => {
                // Leave every value ≤ 1 with an odd number of 1s.
                let target = if rest_ones % 2 == 0 {
                    Nat::ONE
                } else {
                    Nat::ZERO
                };
                (
                    target,
                    "leaves an odd number of heaps of Grundy value 1 and none larger",
                )
            }
            Convention::Misere => (
                value ^ &self.nim_sum,
                "leaves a nim-sum of 0 with a heap of Grundy value 2 or more",
            ),
            Convention::Normal => (value ^ &self.nim_sum, "leaves a nim-sum of 0"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nats(values: &[u64]) -> Vec<Nat> {
        values.iter().map(|&v| Nat::from(v)).collect()
    }

    #[test]
    fn praxis_example() {
        // 25 ⊕ 32 ⊕ 19 ⊕ 4 ⊕ 17 = 63; taking one stone from the 32-pile wins.
        let values = nats(&[25, 32, 19, 4, 17]);
        assert_eq!(nim_sum(&values), Nat::from(63u32));
        assert_eq!(winning_target(&values), Some((1, Nat::from(31u32))));
    }

    #[test]
    fn zero_sum_has_no_winning_target() {
        assert_eq!(winning_target(&nats(&[1, 2, 3])), None);
        assert_eq!(winning_target(&[]), None);
    }

    #[test]
    fn target_is_smaller_and_zeroes_the_sum_for_all_small_triples() {
        for a in 0..16 {
            for b in 0..16 {
                for c in 0..16 {
                    let values = nats(&[a, b, c]);
                    if let Some((i, t)) = winning_target(&values) {
                        assert!(t < values[i]);
                        let mut after = values.clone();
                        after[i] = t;
                        assert_eq!(nim_sum(&after), Nat::ZERO);
                    } else {
                        assert_eq!(a ^ b ^ c, 0);
                    }
                }
            }
        }
    }
}
