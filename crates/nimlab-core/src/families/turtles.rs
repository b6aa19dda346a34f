//! Turning Turtles: a row of coins, heads (H) or tails (T). A move turns one head to
//! tails and may also turn over one coin to its left (either way); the last player
//! to move wins.
//!
//! A head at 0-based index i is worth i + 1 (it can become any single head to its
//! left, or nothing), so by the coin-turning theorem ([`coins`](super::coins)) the game
//! is Nim with a heap of i + 1 for each head at i, in normal play; misère play is
//! solved by exhaustive search of short rows.
//!
//! Winning moves, in O(1) a head: a move of the head at j changes the nim-sum by
//! j + 1 alone, or by (j + 1) ⊕ (i + 1) with the coin at i < j; so it changes it by
//! t when t = j + 1, or with the coin i = (t ⊕ (j + 1)) − 1 when that is below j.

use super::coins::{CoinRow, CoinRules, CoinValues, Turn};
use crate::budget::Budget;
use crate::error::Exhausted;
use crate::num::Nat;

/// The rules of Turning Turtles.
#[derive(Clone, Copy, Debug, Default)]
pub struct TurningTurtles;

/// Turning Turtles.
pub type Turtles = CoinRow<TurningTurtles>;

impl CoinRules for TurningTurtles {
    const NAME: &'static str = "turtles";
    const TITLE: &'static str = "Turning Turtles";
    const RULES: &'static str = "Turning Turtles: a row of coins, heads (H) or tails (T); a \
        move turns one head to tails and may also turn over one coin to its left.";
    const MOVE_SYNTAX: &'static str = "the number of a head to turn to tails, optionally \
        after the number of one coin to its left to turn over";
    const CLICK_HELP: &'static str = "Click a head to turn it to tails, then a coin to its \
        left to turn that one over too, or the same head again to turn it alone.";
    const HEAD_VALUES: &'static str = "positions";
    const HEAD_VALUES_ARE: &'static str = "counting from 1";

    /// The head alone, then with each coin to its left.
    fn turns(&self, head: usize) -> impl Iterator<Item = Turn> + '_ {
        std::iter::once(Turn::of_coins([head]))
            .chain((0..head).map(move |also| Turn::of_coins([also, head])))
    }

    fn allows(&self, turn: &Turn) -> bool {
        turn.coin_count() <= 2
    }

    fn turn_count(&self, head: usize) -> Nat {
        Nat::from(head + 1)
    }

    fn head_value(&self, head: usize) -> Option<u64> {
        Some(head as u64 + 1)
    }

    fn turns_worth(
        &self,
        head: usize,
        target: u64,
        _values: &CoinValues,
        limit: usize,
        _budget: &Budget,
    ) -> Result<(Vec<Turn>, Nat), Exhausted> {
        let value = head as u64 + 1;
        let rest = target ^ value;
        let turn = match rest {
            0 => Some(Turn::of_coins([head])),
            also if also <= head as u64 => Some(Turn::of_coins([also as usize - 1, head])),
            _ => None,
        };
        let count = Nat::from(u64::from(turn.is_some()));
        Ok((turn.into_iter().take(limit).collect(), count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::coins::brute_force::{check_closed_forms, check_rows};
    use crate::protocol::{Notation, Strategy};
    use crate::rules::{Convention, Outcome};

    #[test]
    fn values_outcomes_and_every_winning_move_match_brute_force() {
        check_closed_forms(TurningTurtles, 200);
        check_rows(TurningTurtles, 12, 9);
    }

    #[test]
    fn seed_examples_and_descriptions() {
        let game = CoinRow(TurningTurtles);
        let tails = game.parse_position("TTTT").unwrap();
        let analysis = game
            .analyze(&tails, Convention::Normal, 5, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.outcome, Outcome::P);
        // Heads at coins 2 and 3: 2 ⊕ 3 = 1; only turning both leaves 0.
        let coins = game.parse_position("THH").unwrap();
        let analysis = game
            .analyze(&coins, Convention::Normal, 5, &Budget::unlimited())
            .unwrap();
        let actions: Vec<&str> = analysis
            .winning_moves
            .iter()
            .map(|m| m.action.as_str())
            .collect();
        assert_eq!(actions, ["turn coin 3 (H → T) and coin 2 (H → T)"]);
        assert_eq!(
            analysis.explanation,
            "nim-sum of the heads' positions (counting from 1): 2 ⊕ 3 = 1"
        );
        // Heads at coins 1 and 4: 1 ⊕ 4 = 5; turn coin 4 and coin 1 (leaving nothing).
        let coins = game.parse_position("HTTH").unwrap();
        let analysis = game
            .analyze(&coins, Convention::Normal, 5, &Budget::unlimited())
            .unwrap();
        assert_eq!(
            analysis.winning_moves[0].action,
            "turn coin 4 (H → T) and coin 1 (H → T)"
        );
        assert_eq!(
            game.move_text(&coins, &analysis.winning_moves[0].play),
            "1 4"
        );
    }

    #[test]
    fn long_rows_are_linear_and_misere_has_a_limit() {
        let game = CoinRow(TurningTurtles);
        let coins: Vec<bool> = (0..100_000).map(|i| i % 3 == 0).collect();
        let analysis = game
            .analyze(&coins, Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        let value = (1..=100_000u64).step_by(3).fold(0, |x, v| x ^ v);
        assert_eq!(analysis.grundy, Some(Nat::from(value)));
        let err = game
            .analyze(&coins, Convention::Misere, 1, &Budget::unlimited())
            .unwrap_err();
        assert!(err.to_string().contains("at most coin 16"), "{err}");
    }

    #[test]
    fn parse_errors_name_the_coin() {
        let game = CoinRow(TurningTurtles);
        let err = game.parse_position("HTxH").unwrap_err().to_string();
        assert_eq!(err, "invalid coin 3 'x': expected H (heads) or T (tails)");
        assert!(
            game.parse_position("  ")
                .unwrap_err()
                .to_string()
                .starts_with("missing")
        );
        let coins = game.parse_position("THTTH").unwrap();
        for (text, token) in [
            ("1 2 5", "'1 2 5'"),
            ("5 5", "'5 5'"),
            ("4", "'4'"),
            ("6", "'6'"),
        ] {
            let err = game.parse_move(&coins, text).unwrap_err().to_string();
            assert!(err.contains(token), "{text}: {err}");
        }
    }
}
