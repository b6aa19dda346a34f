//! Mock Turtles (*Winning Ways*, chapter 14): a row of coins, heads (H) or tails (T).
//! A move turns over one, two or three coins, the rightmost from heads to tails; the
//! last player to move wins.
//!
//! The value of a single head at 0-based index i is the i-th odious number (those
//! with an odd count of 1 bits: 1, 2, 4, 7, 8, 11, 13, 14, …), which is
//! 2i + [i has an even count of 1 bits]: of the pair 2i, 2i + 1 exactly one is
//! odious. The tests check this against the mex rule.
//!
//! Winning moves in closed form: a move of the head at j changes a row's nim-sum by
//! the nim-sum t of the values of the coins it turns; with r = t ⊕ v(j), the move
//! turns the head alone when r = 0, with the coin r / 2 when r is odious (and that
//! coin lies left of j), and with two coins a < b < j when r is evil: their values
//! have the nim-sum r exactly when a ⊕ b = r / 2 (their parities then agree with r),
//! so for each b below j whose bit h is set, h the highest bit of r / 2, there is
//! one such a = b ⊕ r / 2, below b.

use super::coins::{CoinRules, CoinValues, Turn};
use crate::budget::Budget;
use crate::error::Exhausted;
use crate::num::Nat;

/// The rules of Mock Turtles.
#[derive(Clone, Copy, Debug, Default)]
pub struct MockTurtles;

/// Whether `n` is odious: an odd count of 1 bits.
fn odious(n: u64) -> bool {
    n.count_ones() % 2 == 1
}

/// The numbers below `end` whose bit `bit` is set, ascending: blocks of 2^bit
/// numbers, every other one.
fn with_bit(bit: u32, end: usize) -> impl Iterator<Item = usize> {
    let low = 1usize << bit;
    (0..)
        .map(move |k: usize| k * 2 * low + low)
        .take_while(move |&start| start < end)
        .flat_map(move |start| start..(start + low).min(end))
}

impl CoinRules for MockTurtles {
    const NAME: &'static str = "mock-turtles";
    const TITLE: &'static str = "Mock Turtles";
    const RULES: &'static str = "Mock Turtles: a row of coins, heads (H) or tails (T); a \
        move turns over one, two or three coins, the rightmost from heads to tails.";
    const MOVE_SYNTAX: &'static str = "the number of a head to turn to tails, optionally \
        with the numbers of one or two coins to its left to turn over";
    const CLICK_HELP: &'static str = "Click a head to turn it to tails, then one or two \
        coins to its left to turn them over too; click the last coin again to end the \
        move there.";
    const HEAD_VALUES: &'static str = "values";
    const HEAD_VALUES_ARE: &'static str =
        "coin n is worth the n-th odious number: 1, 2, 4, 7, 8, 11, …";

    /// The head alone, then with one coin to its left, then with two (a < b, by b).
    fn turns(&self, head: usize) -> impl Iterator<Item = Turn> + '_ {
        let pairs = (0..head).map(move |a| Turn::of_coins([a, head]));
        let triples =
            (0..head).flat_map(move |b| (0..b).map(move |a| Turn::of_coins([a, b, head])));
        std::iter::once(Turn::of_coins([head]))
            .chain(pairs)
            .chain(triples)
    }

    fn allows(&self, turn: &Turn) -> bool {
        turn.coin_count() <= 3
    }

    fn turn_count(&self, head: usize) -> Nat {
        let head = head as u64;
        Nat::from(1 + head + head * head.saturating_sub(1) / 2)
    }

    fn head_value(&self, head: usize) -> Option<u64> {
        let i = head as u64;
        Some(2 * i + u64::from(!odious(i)))
    }

    fn turns_worth(
        &self,
        head: usize,
        target: u64,
        _values: &CoinValues,
        limit: usize,
        _budget: &Budget,
    ) -> Result<(Vec<Turn>, Nat), Exhausted> {
        let rest = target ^ (2 * head as u64 + u64::from(!odious(head as u64)));
        if rest == 0 {
            return Ok((
                vec![Turn::of_coins([head])]
                    .into_iter()
                    .take(limit)
                    .collect(),
                Nat::from(1u32),
            ));
        }
        let half = rest / 2;
        if odious(rest) {
            // One coin: the odious number rest is the value of coin rest / 2.
            let found: Vec<Turn> = usize::try_from(half)
                .ok()
                .filter(|&a| a < head)
                .map(|a| Turn::of_coins([a, head]))
                .into_iter()
                .collect();
            let count = Nat::from(found.len());
            return Ok((found.into_iter().take(limit).collect(), count));
        }
        // Two coins a < b < head with a ⊕ b = half: b has the top bit of half set.
        let bit = half.ilog2();
        let block = 1u64 << (bit + 1);
        let end = head as u64;
        let count = end / block * (block / 2) + (end % block).saturating_sub(block / 2);
        let found = with_bit(bit, head)
            .take(limit)
            .map(|b| Turn::of_coins([b ^ half as usize, b, head]))
            .collect();
        Ok((found, Nat::from(count)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::coins::CoinRow;
    use crate::families::coins::brute_force::{check_closed_forms, check_rows};
    use crate::protocol::{Notation, Strategy};
    use crate::rules::Convention;

    /// The odious numbers, listed by counting 1 bits, are the values of single heads
    /// (by the mex rule, in `check_closed_forms`).
    #[test]
    fn values_are_the_odious_numbers_and_match_brute_force() {
        let listed: Vec<u64> = (0..).filter(|&n| odious(n)).take(300).collect();
        let closed: Vec<u64> = (0..300)
            .map(|i| MockTurtles.head_value(i).unwrap())
            .collect();
        assert_eq!(closed, listed);
        assert_eq!(&listed[..8], [1, 2, 4, 7, 8, 11, 13, 14]);
        check_closed_forms(MockTurtles, 100);
        check_rows(MockTurtles, 12, 9);
    }

    #[test]
    fn moves_read_write_and_describe() {
        let game = CoinRow(MockTurtles);
        let coins = game.parse_position("THHTH").unwrap();
        // Values 2 ⊕ 4 ⊕ 8 = 14: turning the three heads wins, and so does turning
        // coin 5 with coins 1 and 4 (1 ⊕ 7 ⊕ 8 = 14).
        let analysis = game
            .analyze(&coins, Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        assert_eq!(
            analysis.explanation,
            "nim-sum of the heads' values (coin n is worth the n-th odious number: 1, 2, \
             4, 7, 8, 11, …): 2 ⊕ 4 ⊕ 8 = 14"
        );
        let texts: Vec<String> = analysis
            .winning_moves
            .iter()
            .map(|m| game.move_text(&coins, &m.play))
            .collect();
        assert_eq!(texts, ["2 3 5", "1 4 5"]);
        assert_eq!(
            analysis.winning_moves[0].action,
            "turn coin 5 (H → T), coin 3 (H → T) and coin 2 (H → T)"
        );
        let turn = game.parse_move(&coins, "5 1 3").unwrap();
        assert_eq!(game.move_text(&coins, &turn), "1 3 5");
        for (text, token) in [("1 2 3 5", "'1 2 3 5'"), ("4", "'4'"), ("1-3 5", "'1-3 5'")] {
            let err = game.parse_move(&coins, text).unwrap_err().to_string();
            assert!(err.contains(token), "{text}: {err}");
        }
    }

    #[test]
    fn a_million_coins_are_answered_and_misere_has_a_limit() {
        let game = CoinRow(MockTurtles);
        let coins: Vec<bool> = (0..1_000_000).map(|i| i % 7 != 3).collect();
        let analysis = game
            .analyze(&coins, Convention::Normal, 3, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.winning_moves.len(), 3);
        assert!(analysis.winning_move_count > 3u32);
        let err = game
            .analyze(&coins, Convention::Misere, 1, &Budget::unlimited())
            .unwrap_err();
        assert!(err.to_string().contains("misère Mock Turtles"), "{err}");
    }
}
