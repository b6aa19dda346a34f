//! Disjunctive sums: the value of a sum is the XOR (nim-sum) of its components'
//! values, and a winning move changes one component to bring the nim-sum to zero.

use crate::num::Nat;
use malachite_base::num::basic::traits::Zero;
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
