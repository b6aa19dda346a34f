//! Turning Turtles: a row of coins, heads (H) or tails (T). A move turns one head to
//! tails and may also turn over one coin to its left (either way); the last player
//! to move wins.
//!
//! A coin-turning game decomposes into single coins: the position's Grundy value is
//! the nim-sum of the values of the positions with one head, and a head at 0-based
//! index i is worth i + 1 (it can become any single head to its left, or nothing).
//! So the game is Nim with a heap of i + 1 for each head at i, in normal play only:
//! misère play is solved here by exhaustive search of short rows.
//!
//! Winning moves, in O(n): with nim-sum x ≠ 0, turning the head at j (value j + 1)
//! and the coin at i < j leaves x ⊕ (j + 1) ⊕ (i + 1), so it wins when
//! i + 1 = x ⊕ (j + 1) ≤ j; turning the head at j alone wins when j + 1 = x.

use super::{Analysis, Strategy, WinningMoves, misere_by_search};
use crate::error::{Error, InputError};
use crate::num::{Nat, parse_bounded, tokens};
use crate::solve::search::Game;
use crate::solve::{Convention, Outcome};

/// Longest row (up to its last head) whose misère outcome is found by exhaustive
/// search: at most 2^16 positions.
pub const MISERE_SEARCH_MAX_LEN: usize = 16;

/// Turning Turtles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Turtles;

/// Turn the head at index `head` (0-based) to tails and, optionally, the coin at
/// index `also` < `head` over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurtleMove {
    /// The head turned to tails.
    pub head: usize,
    /// A coin to its left turned over as well.
    pub also: Option<usize>,
}

/// The Grundy value: the nim-sum of i + 1 over the heads at 0-based index i.
pub fn grundy_value(coins: &[bool]) -> u64 {
    (1..)
        .zip(coins)
        .filter(|(_, head)| **head)
        .fold(0, |x, (value, _)| x ^ value)
}

impl Turtles {
    fn describe(coins: &[bool], play: &TurtleMove) -> String {
        let turn = format!("turn coin {} (H → T)", play.head + 1);
        match play.also {
            None => turn,
            Some(i) => {
                let flip = if coins[i] { "H → T" } else { "T → H" };
                format!("{turn} and coin {} ({flip})", i + 1)
            }
        }
    }

    /// Every legal move, heads left to right, the single turn first.
    fn all_moves(coins: &[bool]) -> impl Iterator<Item = TurtleMove> + '_ {
        coins
            .iter()
            .enumerate()
            .filter(|(_, head)| **head)
            .flat_map(|(head, _)| {
                std::iter::once(None)
                    .chain((0..head).map(Some))
                    .map(move |also| TurtleMove { head, also })
            })
    }

    /// Misère play by exhaustive search, for rows whose last head is within
    /// [`MISERE_SEARCH_MAX_LEN`] coins.
    fn misere_by_search(
        &self,
        coins: &Vec<bool>,
        max_moves: usize,
    ) -> Result<Analysis<TurtleMove>, Error> {
        let length = self.canonical(coins).len();
        if length > MISERE_SEARCH_MAX_LEN {
            return Err(Error::Unsupported(format!(
                "misère Turning Turtles is solved by exhaustive search, for rows whose last \
                 head is at most coin {MISERE_SEARCH_MAX_LEN}; here it is coin {length}"
            )));
        }
        let moves = Self::all_moves(coins)
            .map(|play| {
                let to = self.apply(coins, &play);
                (play, to)
            })
            .collect();
        Ok(misere_by_search(
            self,
            coins,
            moves,
            |play| Self::describe(coins, play),
            max_moves,
            Some(Nat::from(grundy_value(coins))),
            "misère coin turning does not follow the nim-sum, so every position reachable \
             from here was searched"
                .to_string(),
        ))
    }
}

impl Strategy for Turtles {
    type Position = Vec<bool>;
    type Move = TurtleMove;

    fn spec(&self) -> String {
        "turtles".to_string()
    }

    fn rules(&self) -> String {
        "Turning Turtles: a row of coins, heads (H) or tails (T); a move turns one head to \
         tails and may also turn over one coin to its left."
            .to_string()
    }

    fn position_syntax(&self) -> String {
        "a row of coins written H (heads) and T (tails), e.g. \"THHTH\"".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Vec<bool>, InputError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(InputError::missing("position", self.position_syntax()));
        }
        text.chars()
            .enumerate()
            .map(|(i, c)| match c {
                'H' => Ok(true),
                'T' => Ok(false),
                _ => Err(InputError::invalid(
                    format!("coin {}", i + 1),
                    &c.to_string(),
                    "H (heads) or T (tails)",
                )),
            })
            .collect()
    }

    fn format_position(&self, coins: &Vec<bool>) -> String {
        coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
    }

    fn apply(&self, coins: &Vec<bool>, play: &TurtleMove) -> Vec<bool> {
        let mut to = coins.clone();
        to[play.head] = false;
        if let Some(i) = play.also {
            to[i] = !to[i];
        }
        to
    }

    fn analyze(
        &self,
        coins: &Vec<bool>,
        convention: Convention,
        max_moves: usize,
    ) -> Result<Analysis<TurtleMove>, Error> {
        if convention == Convention::Misere {
            return self.misere_by_search(coins, max_moves);
        }
        let x = grundy_value(coins);
        let mut winning = WinningMoves::new(max_moves);
        if x != 0 {
            for head in (0..coins.len()).filter(|&j| coins[j]) {
                let value = head as u64 + 1;
                let rest = x ^ value;
                if rest >= value {
                    continue;
                }
                let play = TurtleMove {
                    head,
                    also: (rest > 0).then(|| rest as usize - 1),
                };
                winning.offer(play, "leaves a nim-sum of 0", |play| {
                    Self::describe(coins, play)
                });
            }
        }
        let heads: Vec<String> = (1..)
            .zip(coins)
            .filter(|(_, h)| **h)
            .map(|(v, _): (u64, _)| v.to_string())
            .collect();
        let explanation = match heads.len() {
            0 => "no heads: no move is possible".to_string(),
            1..=8 => format!(
                "nim-sum of the heads' positions (counting from 1): {} = {x}",
                heads.join(" ⊕ ")
            ),
            n => format!("nim-sum of the positions of the {n} heads (counting from 1) = {x}"),
        };
        let outcome = Outcome::from_mover_wins(x != 0);
        Ok(winning.into_analysis(convention, outcome, Some(Nat::from(x)), explanation))
    }

    fn legal_moves(&self, coins: &Vec<bool>, limit: usize) -> (Vec<TurtleMove>, bool) {
        let mut moves: Vec<TurtleMove> = Self::all_moves(coins)
            .take(limit.saturating_add(1))
            .collect();
        let complete = moves.len() <= limit;
        moves.truncate(limit);
        (moves, complete)
    }

    fn describe_move(&self, coins: &Vec<bool>, play: &TurtleMove) -> String {
        Self::describe(coins, play)
    }

    fn parse_move(&self, coins: &Vec<bool>, text: &str) -> Result<TurtleMove, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        let position = |word: &str| {
            parse_bounded(word, "coin number", 1, coins.len() as u64).map(|i| i as usize - 1)
        };
        let (head, also) = match words[..] {
            [head] => (position(head)?, None),
            [also, head] => (position(head)?, Some(position(also)?)),
            _ => {
                return Err(InputError::invalid(
                    "move",
                    text.trim(),
                    self.move_syntax(coins),
                ));
            }
        };
        if !coins[head] {
            return Err(InputError::invalid(
                "coin number",
                &(head + 1).to_string(),
                "a coin showing heads (the rightmost coin turned must go from H to T)",
            ));
        }
        if also.is_some_and(|i| i >= head) {
            return Err(InputError::invalid(
                "move",
                text.trim(),
                "the second coin to the left of the head turned, e.g. \"2 5\"",
            ));
        }
        Ok(TurtleMove { head, also })
    }

    fn move_text(&self, _coins: &Vec<bool>, play: &TurtleMove) -> String {
        match play.also {
            Some(also) => format!("{} {}", also + 1, play.head + 1),
            None => (play.head + 1).to_string(),
        }
    }

    fn move_syntax(&self, coins: &Vec<bool>) -> String {
        match coins.iter().position(|&h| h) {
            Some(head) => format!(
                "the number of a head to turn to tails, optionally after the number of one \
                 coin to its left to turn over; e.g. \"{}\"",
                head + 1
            ),
            None => "no move: every coin shows tails".to_string(),
        }
    }

    fn render(&self, coins: &Vec<bool>) -> String {
        const NUMBERED: usize = 30;
        let row: Vec<String> = coins
            .iter()
            .map(|&h| if h { "H" } else { "T" }.to_string())
            .collect();
        if coins.len() > NUMBERED {
            return row.concat();
        }
        let numbers: Vec<String> = (1..=coins.len()).map(|i| format!("{i:>2}")).collect();
        let faces: Vec<String> = row.iter().map(|f| format!("{f:>2}")).collect();
        format!("coin {}\nface {}", numbers.join(" "), faces.join(" "))
    }
}

/// The rules for the brute-force searches: every position as a whole (no
/// decomposition), with trailing tails dropped so equal games share a memo entry.
impl Game for Turtles {
    type Position = Vec<bool>;

    fn moves(&self, coins: &Vec<bool>) -> Vec<Vec<bool>> {
        Self::all_moves(coins)
            .map(|play| self.apply(coins, &play))
            .collect()
    }

    fn canonical(&self, coins: &Vec<bool>) -> Vec<bool> {
        let end = coins.iter().rposition(|&h| h).map_or(0, |i| i + 1);
        coins[..end].to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::{GrundyEngine, Oracle};

    /// Every row of 1..=9 coins.
    fn rows() -> impl Iterator<Item = Vec<bool>> {
        (1..=9usize).flat_map(|n| {
            (0..1u32 << n).map(move |bits| (0..n).map(|i| bits >> i & 1 == 1).collect())
        })
    }

    #[test]
    fn values_outcomes_and_every_winning_move_match_brute_force() {
        let game = Turtles;
        let mut engine = GrundyEngine::new(&game);
        for convention in [Convention::Normal, Convention::Misere] {
            let mut oracle = Oracle::new(&game, convention);
            for coins in rows() {
                let analysis = game.analyze(&coins, convention, usize::MAX).unwrap();
                assert_eq!(
                    analysis.grundy,
                    Some(Nat::from(engine.grundy(&coins).unwrap())),
                    "Grundy value of {coins:?}"
                );
                assert_eq!(
                    analysis.outcome,
                    oracle.outcome(&coins).unwrap(),
                    "{convention:?} {coins:?}"
                );
                let mut listed: Vec<Vec<bool>> = analysis
                    .winning_moves
                    .iter()
                    .map(|m| game.apply(&coins, &m.play))
                    .collect();
                let mut winning: Vec<Vec<bool>> = game
                    .moves(&coins)
                    .into_iter()
                    .filter(|m| oracle.outcome(m).unwrap() == Outcome::P)
                    .collect();
                listed.sort();
                winning.sort();
                assert_eq!(
                    listed, winning,
                    "{convention:?} winning moves from {coins:?}"
                );
                assert_eq!(analysis.winning_move_count, Nat::from(winning.len()));
            }
        }
    }

    #[test]
    fn seed_examples_and_descriptions() {
        let game = Turtles;
        let tails = game.parse_position("TTTT").unwrap();
        let analysis = game.analyze(&tails, Convention::Normal, 5).unwrap();
        assert_eq!(analysis.outcome, Outcome::P);
        // Heads at coins 2 and 3: 2 ⊕ 3 = 1; only turning both leaves 0.
        let coins = game.parse_position("THH").unwrap();
        let analysis = game.analyze(&coins, Convention::Normal, 5).unwrap();
        let actions: Vec<&str> = analysis
            .winning_moves
            .iter()
            .map(|m| m.action.as_str())
            .collect();
        assert_eq!(actions, ["turn coin 3 (H → T) and coin 2 (H → T)"]);
        // Heads at coins 1 and 4: 1 ⊕ 4 = 5; turn coin 4 and coin 1 (leaving nothing).
        let coins = game.parse_position("HTTH").unwrap();
        let analysis = game.analyze(&coins, Convention::Normal, 5).unwrap();
        assert_eq!(
            analysis.winning_moves[0].action,
            "turn coin 4 (H → T) and coin 1 (H → T)"
        );
    }

    #[test]
    fn long_rows_are_linear_and_misere_has_a_limit() {
        let game = Turtles;
        let coins: Vec<bool> = (0..100_000).map(|i| i % 3 == 0).collect();
        let analysis = game.analyze(&coins, Convention::Normal, 10).unwrap();
        assert_eq!(analysis.grundy, Some(Nat::from(grundy_value(&coins))));
        let err = game.analyze(&coins, Convention::Misere, 1).unwrap_err();
        assert!(err.to_string().contains("at most coin 16"), "{err}");
    }

    #[test]
    fn parse_errors_name_the_coin() {
        let err = Turtles.parse_position("HTxH").unwrap_err().to_string();
        assert_eq!(err, "invalid coin 3 'x': expected H (heads) or T (tails)");
        assert!(
            Turtles
                .parse_position("  ")
                .unwrap_err()
                .to_string()
                .starts_with("missing")
        );
    }
}
