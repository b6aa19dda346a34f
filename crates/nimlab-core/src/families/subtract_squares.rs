//! Subtract-a-square (Golomb 1966; *Winning Ways*, ch. 14): take a positive square
//! number of tokens from one heap.
//!
//! The subtraction set {1, 4, 9, …} is infinite, and no formula or period for the
//! values is known: the losing heaps (0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, …, OEIS
//! A030193) have density zero (Sárközy 1978), so the sequence is not eventually
//! periodic. The family gives only its rules; [`HeapSum`](crate::heap::HeapSum) values
//! heaps from their options ([`SearchedValues`](crate::heap::SearchedValues)), and
//! `period` says it knows none.

use crate::heap::{HeapOption, HeapRules};
use crate::num::Nat;
use malachite_base::num::arithmetic::traits::{CheckedSqrt, FloorSqrt};

/// The rules of one heap of subtract-a-square.
#[derive(Clone, Copy, Debug, Default)]
pub struct SubtractSquares;

impl HeapRules for SubtractSquares {
    fn spec(&self) -> String {
        "subtract-squares".to_string()
    }

    fn rules(&self) -> String {
        "Subtract-a-square: take a square number of tokens (1, 4, 9, 16, …) from a heap."
            .to_string()
    }

    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        (1u64..)
            .map(|k| Nat::from(k * k))
            .take_while(|square| square <= n)
            .take(limit)
            .map(|square| vec![n - square])
            .collect()
    }

    /// The squares up to n: ⌊√n⌋, counted without listing them.
    fn option_count(&self, n: &Nat) -> Nat {
        n.floor_sqrt()
    }

    /// Whether the tokens taken are a positive square, decided without listing.
    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        matches!(option, [left] if left < n && (n - left).checked_sqrt().is_some())
    }

    fn is_take_away(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::heap::HeapSum;
    use crate::heap::testing::{check_against_brute_force, check_table_against_engine};
    use crate::protocol::HeapGame;

    fn game() -> HeapSum<SubtractSquares> {
        HeapSum::new(SubtractSquares)
    }

    #[test]
    fn values_and_play_agree_with_brute_force() {
        check_table_against_engine(&game(), 300);
        check_against_brute_force(&game(), 12, 3);
    }

    #[test]
    fn losing_heaps_are_the_published_ones() {
        // OEIS A030193, its first 49 terms (up to 267).
        let published = [
            0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109,
            119, 124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204,
            210, 215, 238, 243, 249, 255, 257, 260, 262, 267,
        ];
        let table = game()
            .sequence()
            .grundy_table(267, &Budget::unlimited())
            .unwrap();
        let losing: Vec<usize> = (0..=267).filter(|&n| table[n] == 0).collect();
        assert_eq!(losing, published);
    }

    #[test]
    fn option_count_and_is_option_agree_with_the_options() {
        let rules = SubtractSquares;
        for n in 0..200u32 {
            let n = Nat::from(n);
            let options = rules.options(&n, usize::MAX);
            assert_eq!(rules.option_count(&n), Nat::from(options.len()));
            for left in 0..=200u32 {
                let option = vec![Nat::from(left)];
                assert_eq!(rules.is_option(&n, &option), options.contains(&option));
            }
        }
    }

    #[test]
    fn no_period_is_claimed() {
        assert!(game().sequence().periodicity(&Budget::unlimited()).is_err());
    }
}
