//! The ruler game (*Winning Ways*, chapter 14): a row of coins, heads (H) or tails
//! (T). A move turns over any run of consecutive coins whose rightmost coin goes
//! from heads to tails; the last player to move wins.
//!
//! A single head at coin n (counting from 1) is worth the largest power of 2
//! dividing n: 1, 2, 1, 4, 1, 2, 1, 8, … (the marks of a ruler). The tests check
//! this against the mex rule.
//!
//! Winning moves in closed form: the nim-sum of the values of coins 1 to m is the
//! Gray code m ⊕ ⌊m/2⌋ (its bit k flips at each multiple of 2^k whose quotient is
//! odd), so the run of coins first..=head (0-based) is worth
//! gray(head + 1) ⊕ gray(first). A head has at most one move worth t: the run from
//! the coin whose Gray code is gray(head + 1) ⊕ t, if that lies left of the head.

use super::coins::{CoinRules, CoinValues, Turn};
use crate::budget::Budget;
use crate::error::Exhausted;
use crate::num::Nat;

/// The rules of the ruler game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ruler;

/// The Gray code of `n`: the nim-sum of the values of the first `n` coins.
fn gray(n: u64) -> u64 {
    n ^ (n >> 1)
}

/// The number whose Gray code is `code`.
fn from_gray(code: u64) -> u64 {
    (0..6).fold(code, |n, k| n ^ (n >> (1 << k)))
}

impl CoinRules for Ruler {
    const NAME: &'static str = "ruler";
    const TITLE: &'static str = "Ruler";
    const RULES: &'static str = "Ruler: a row of coins, heads (H) or tails (T); a move \
        turns over any run of consecutive coins whose rightmost coin goes from heads to \
        tails.";
    const MOVE_SYNTAX: &'static str = "the number of a head to turn to tails, or a run of \
        coins that ends at a head, written first-last (\"3-7\", or \"6 7\" for two)";
    const CLICK_HELP: &'static str = "Click a head to turn it to tails, then the coin at \
        the other end of the run to turn, or the same head again to turn it alone.";
    const HEAD_VALUES: &'static str = "values";
    const HEAD_VALUES_ARE: &'static str = "coin n is worth the largest power of 2 dividing n";

    /// The runs that end at the head, shortest first.
    fn turns(&self, head: usize) -> impl Iterator<Item = Turn> + '_ {
        (0..=head).rev().map(move |first| Turn::run(first, head))
    }

    fn allows(&self, turn: &Turn) -> bool {
        turn.runs().len() == 1
    }

    fn turn_count(&self, head: usize) -> Nat {
        Nat::from(head + 1)
    }

    fn head_value(&self, head: usize) -> Option<u64> {
        Some(1 << (head as u64 + 1).trailing_zeros())
    }

    fn turns_worth(
        &self,
        head: usize,
        target: u64,
        _values: &CoinValues,
        limit: usize,
        _budget: &Budget,
    ) -> Result<(Vec<Turn>, Nat), Exhausted> {
        let first = from_gray(gray(head as u64 + 1) ^ target);
        let found: Vec<Turn> = usize::try_from(first)
            .ok()
            .filter(|&first| first <= head)
            .map(|first| Turn::run(first, head))
            .into_iter()
            .collect();
        let count = Nat::from(found.len());
        Ok((found.into_iter().take(limit).collect(), count))
    }

    /// The two ends of the run (the head alone for a run of one).
    fn clicked_coins(&self, turn: &Turn) -> Vec<usize> {
        let run = &turn.runs()[0];
        let mut ends = vec![run.start, run.end - 1];
        ends.dedup();
        ends
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::coins::CoinRow;
    use crate::families::coins::brute_force::{check_closed_forms, check_rows};
    use crate::protocol::{Notation, Strategy};
    use crate::rules::Convention;

    #[test]
    fn values_are_the_ruler_marks_and_match_brute_force() {
        let marks: Vec<u64> = (1..=16u64)
            .map(|n| (0..5).map(|k| 1 << k).filter(|p| n % p == 0).max().unwrap())
            .collect();
        assert_eq!(marks, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
        let closed: Vec<u64> = (0..16).map(|i| Ruler.head_value(i).unwrap()).collect();
        assert_eq!(closed, marks);
        for n in 0..1000 {
            assert_eq!(from_gray(gray(n)), n);
            let sum = (0..n as usize).fold(0, |x, i| x ^ Ruler.head_value(i).unwrap());
            assert_eq!(gray(n), sum, "the first {n} coins");
        }
        check_closed_forms(Ruler, 300);
        check_rows(Ruler, 12, 9);
    }

    #[test]
    fn moves_read_write_and_describe() {
        let game = CoinRow(Ruler);
        let coins = game.parse_position("THHTTHTH").unwrap();
        let analysis = game
            .analyze(&coins, Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        // Heads worth 2 ⊕ 1 ⊕ 2 ⊕ 8 = 9; coins 7 and 8 are worth 1 ⊕ 8 = 9, and no
        // other run ending at a head is.
        assert_eq!(analysis.grundy, Some(Nat::from(9u32)));
        let texts: Vec<String> = analysis
            .winning_moves
            .iter()
            .map(|m| game.move_text(&coins, &m.play))
            .collect();
        assert_eq!(texts, ["7 8"]);
        let turn = game.parse_move(&coins, "8-3").unwrap();
        assert_eq!(turn, Turn::run(2, 7));
        assert_eq!(game.move_text(&coins, &turn), "3-8");
        assert_eq!(
            game.describe_move(&coins, &turn),
            "turn coin 8 (H → T) and coins 3 to 7"
        );
        let two = game.parse_move(&coins, "7 8").unwrap();
        assert_eq!(game.move_text(&coins, &two), "7 8");
        assert_eq!(
            game.describe_move(&coins, &two),
            "turn coin 8 (H → T) and coin 7 (T → H)"
        );
        for (text, token) in [("1 8", "'1 8'"), ("5", "'5'"), ("2-3 5-8", "'2-3 5-8'")] {
            let err = game.parse_move(&coins, text).unwrap_err().to_string();
            assert!(err.contains(token), "{text}: {err}");
        }
    }

    #[test]
    fn a_million_coins_are_answered_and_misere_has_a_limit() {
        let game = CoinRow(Ruler);
        let coins: Vec<bool> = (0..1_000_000).map(|i| i % 5 != 2).collect();
        let analysis = game
            .analyze(&coins, Convention::Normal, 3, &Budget::unlimited())
            .unwrap();
        assert!(analysis.grundy.is_some());
        let err = game
            .analyze(&coins, Convention::Misere, 1, &Budget::unlimited())
            .unwrap_err();
        assert!(err.to_string().contains("misère Ruler"), "{err}");
    }
}
