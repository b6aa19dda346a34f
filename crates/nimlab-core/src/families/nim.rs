//! Nim (Bouton 1901): take any number of tokens from one heap.
//!
//! A heap of n has Grundy value n, so a position is lost for the player to move
//! exactly when the nim-sum of the heaps is 0 (normal play). Misère Nim follows from
//! the misère-Nim rule of [`heap`](crate::heap): every heap of size 0 is terminal, so
//! the tameness lemma holds trivially.

use crate::budget::Budget;
use crate::error::Error;
use crate::heap::{HeapOption, HeapOptions, HeapRules, HeapValues};
use crate::num::Nat;
use crate::protocol::HeapSequence;
use crate::solve::period::Periodicity;
use crate::solve::table::table_of;

/// The rules of one Nim heap.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl HeapRules for Nim {
    fn spec(&self) -> String {
        "nim".to_string()
    }

    fn rules(&self) -> String {
        "Nim: take any number of tokens (at least one) from a heap.".to_string()
    }

    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        take_amounts(n, n, limit)
    }

    fn option_count(&self, n: &Nat) -> Nat {
        n.clone()
    }

    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        matches!(option, [left] if left < n)
    }

    fn is_take_away(&self) -> bool {
        true
    }

    fn option_syntax(&self, n: &Nat) -> String {
        amounts_up_to(n)
    }

    fn values(&self) -> Option<&dyn HeapValues> {
        Some(self)
    }
}

impl HeapValues for Nim {
    fn heap_value(&self, n: &Nat, _budget: &Budget) -> Result<Nat, Error> {
        Ok(n.clone())
    }

    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
        _budget: &Budget,
    ) -> Result<HeapOptions, Error> {
        let options = if target < n {
            vec![vec![target.clone()]]
        } else {
            vec![]
        };
        Ok(HeapOptions::first_of(options, max))
    }

    fn misere_is_tame(&self, _budget: &Budget) -> Result<bool, Error> {
        Ok(true)
    }

    fn sequence(&self) -> &dyn HeapSequence {
        self
    }
}

/// The options of taking 1, 2, … tokens from a heap of `n`, at most `most` tokens and
/// at most `limit` options.
pub(crate) fn take_amounts(n: &Nat, most: &Nat, limit: usize) -> Vec<HeapOption> {
    let most = std::cmp::min(n, most);
    (1..=limit as u64)
        .map(Nat::from)
        .take_while(|taken| taken <= most)
        .map(|taken| vec![n - taken])
        .collect()
}

/// "the token", "1 or 2 tokens", "1 to 7 tokens": any amount from 1 up to `most`.
pub(crate) fn amounts_up_to(most: &Nat) -> String {
    match u64::try_from(most) {
        Ok(0) => "no tokens".to_string(),
        Ok(1) => "the token".to_string(),
        Ok(2) => "1 or 2 tokens".to_string(),
        Ok(3) => "1, 2 or 3 tokens".to_string(),
        _ => format!("1 to {most} tokens"),
    }
}

impl HeapSequence for Nim {
    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        let upto = u32::try_from(upto)
            .map_err(|_| Error::Undefined("nim tables stop at 2^32 - 1".to_string()))?;
        table_of(upto as usize, budget, |n| n as u32)
    }

    fn periodicity(&self, _budget: &Budget) -> Result<Periodicity, Error> {
        Err(Error::Undefined(
            "nim has no period: a heap of n has Grundy value n, which grows without bound"
                .to_string(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapSum;
    use crate::heap::testing::check_against_brute_force;
    use crate::protocol::{Notation, Strategy};
    use crate::rules::Game;
    use crate::rules::{Convention, Outcome};

    fn game() -> HeapSum<Nim> {
        HeapSum::new(Nim)
    }

    #[test]
    fn bouton_and_misere_rule_against_brute_force_up_to_four_heaps_of_seven() {
        check_against_brute_force(&game(), 7, 4);
    }

    #[test]
    fn praxis_example_has_the_documented_winning_move() {
        let g = game();
        let position = g.parse_position("25 32 19 4 17").unwrap();
        let analysis = g
            .analyze(&position, Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.grundy, Some(Nat::from(63u32)));
        let first = &analysis.winning_moves[0];
        assert_eq!(
            g.format_position(&g.apply(&position, &first.play)),
            "25 31 19 4 17"
        );
        assert_eq!(first.action, "take 1 token from heap 2 (32 → 31)");
    }

    #[test]
    fn misere_all_small_heaps_depend_on_parity() {
        let g = game();
        let three_ones = g.parse_position("1 1 1").unwrap();
        assert_eq!(
            g.analyze(&three_ones, Convention::Normal, 0, &Budget::unlimited())
                .unwrap()
                .outcome,
            Outcome::N
        );
        assert_eq!(
            g.analyze(&three_ones, Convention::Misere, 0, &Budget::unlimited())
                .unwrap()
                .outcome,
            Outcome::P
        );
    }

    #[test]
    fn huge_heaps_are_exact() {
        let g = game();
        let big = format!("1{}", "0".repeat(3000));
        let position = g.parse_position(&format!("{big} {big} 5")).unwrap();
        let analysis = g
            .analyze(&position, Convention::Misere, 10, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.outcome, Outcome::N);
        // The only winning move empties the 5-heap, leaving two equal huge heaps.
        assert_eq!(analysis.winning_move_count, 1u32);
        assert_eq!(
            g.format_position(&g.apply(&position, &analysis.winning_moves[0].play)),
            format!("{big} {big} 0")
        );
    }
}
