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

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::MISERE_TURTLES_SEARCH;
use crate::num::Nat;
use crate::parse::{parse_bounded, tokens};
use crate::protocol::board::{Board, Clicks, Spot};
use crate::protocol::{Analysis, Notation, Strategy, WinningMoves, misere_by_search, search_after};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::loopy::Solved;
use malachite_base::num::basic::traits::Zero;

/// Turning Turtles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Turtles;

/// Turn the head at index `head` (0-based) to tails and, optionally, the coin at
/// index `also` < `head` over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// [`MISERE_TURTLES_SEARCH`] coins.
    fn misere_by_search(
        &self,
        coins: &Vec<bool>,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<TurtleMove>, Error> {
        let length = self.canonical(coins).len();
        if length > MISERE_TURTLES_SEARCH.get() {
            return Err(MISERE_TURTLES_SEARCH.exceeded(
                Some(Nat::from(length)),
                format!(
                    "misère Turning Turtles is solved by exhaustive search, for rows whose \
                     last head is at most coin {}; here it is coin {length}",
                    MISERE_TURTLES_SEARCH.value
                ),
            ));
        }
        misere_by_search(
            self,
            &TurtleMask,
            |coins: &Vec<bool>| turtle_mask(coins).expect("rows of a few coins"),
            coins,
            max_moves,
            Some(Nat::from(grundy_value(coins))),
            "misère coin turning does not follow the nim-sum, so every position reachable \
             from here was searched"
                .to_string(),
            budget,
        )
    }
}

impl Notation for Turtles {
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

    /// The rightmost coin turned goes from heads to tails; at most one other, to its
    /// left, is turned too.
    fn move_to(&self, from: &Vec<bool>, to: &Vec<bool>) -> Option<TurtleMove> {
        if from.len() != to.len() {
            return None;
        }
        let mut turned = (0..from.len()).rev().filter(|&i| from[i] != to[i]);
        let head = turned.next().filter(|&j| from[j])?;
        let also = turned.next();
        turned.next().is_none().then_some(TurtleMove { head, also })
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
            // The two coins in either order: the head turned is the rightmost.
            [first, second] => {
                let (first, second) = (position(first)?, position(second)?);
                (first.max(second), Some(first.min(second)))
            }
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
        if also == Some(head) {
            return Err(InputError::invalid(
                "move",
                text.trim(),
                "two different coins, the rightmost a head, e.g. \"2 5\"",
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

    /// The head, then the coin to its left if one is turned too (either first).
    fn clicks(&self, _coins: &Vec<bool>, play: &TurtleMove) -> Clicks {
        let head = Spot::Coin(play.head + 1);
        match play.also {
            None => vec![vec![head]],
            Some(also) => {
                let also = Spot::Coin(also + 1);
                vec![vec![head.clone(), also.clone()], vec![also, head]]
            }
        }
    }

    fn click_help(&self) -> String {
        "Click a head to turn it to tails, then a coin to its left to turn that one over \
         too, or the same head again to turn it alone."
            .to_string()
    }

    fn board(&self, coins: &Vec<bool>) -> Board {
        Board::Coins {
            coins: coins.clone(),
        }
    }
}

impl Strategy for Turtles {
    /// 6 to 12 coins, each heads or tails at random, the last one heads.
    fn random_start(&self, seed: u64) -> Option<Vec<bool>> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut coins: Vec<bool> = (0..rng.random_range(6..=12))
            .map(|_| rng.random_bool(0.5))
            .collect();
        if let Some(last) = coins.last_mut() {
            *last = true;
        }
        Some(coins)
    }

    fn analyze(
        &self,
        coins: &Vec<bool>,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<TurtleMove>, Error> {
        if convention == Convention::Misere {
            return self.misere_by_search(coins, max_moves, budget);
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
        const LISTED: usize = 8;
        let heads = (1..)
            .zip(coins)
            .filter(|(_, h)| **h)
            .map(|(v, _): (u64, _)| v);
        let explanation = match heads.clone().take(LISTED + 1).count() {
            0 => "no heads: no move is possible".to_string(),
            1..=LISTED => {
                let listed: Vec<String> = heads.map(|v| v.to_string()).collect();
                format!(
                    "nim-sum of the heads' positions (counting from 1): {} = {x}",
                    listed.join(" ⊕ ")
                )
            }
            _ => format!(
                "nim-sum of the positions of the {} heads (counting from 1) = {x}",
                heads.count()
            ),
        };
        let outcome = Outcome::from_mover_wins(x != 0);
        Ok(winning.into_analysis(convention, outcome, Some(Nat::from(x)), explanation))
    }

    fn move_count(&self, coins: &Vec<bool>) -> Nat {
        (1..)
            .zip(coins)
            .filter(|(_, head)| **head)
            .fold(Nat::ZERO, |count, (i, _): (u64, _)| count + Nat::from(i))
    }

    /// Rows whose last head is among the first 64 coins are searched as bit masks.
    fn search_after(
        &self,
        coins: &Vec<bool>,
        moves: &[TurtleMove],
        convention: Convention,
        budget: &Budget,
    ) -> Option<Vec<Solved>> {
        turtle_mask(coins)?;
        let encode = |coins: &Vec<bool>| turtle_mask(coins).expect("rows of a few coins");
        search_after(self, &TurtleMask, encode, coins, moves, convention, budget)
    }
}

/// The rules for the brute-force searches: every position as a whole (no
/// decomposition), with trailing tails dropped so equal games share a memo entry.
impl Game for Turtles {
    type Position = Vec<bool>;
    type Move = TurtleMove;

    fn size(&self, position: &Vec<bool>) -> usize {
        position.len() / 64 + 1
    }

    fn apply(&self, coins: &Vec<bool>, play: &TurtleMove) -> Vec<bool> {
        let mut to = coins.clone();
        to[play.head] = false;
        if let Some(i) = play.also {
            to[i] = !to[i];
        }
        to
    }

    fn legal_moves(&self, coins: &Vec<bool>, limit: usize) -> (Vec<TurtleMove>, bool) {
        let mut moves: Vec<TurtleMove> = Self::all_moves(coins)
            .take(limit.saturating_add(1))
            .collect();
        let complete = moves.len() <= limit;
        moves.truncate(limit);
        (moves, complete)
    }

    fn canonical(&self, coins: &Vec<bool>) -> Vec<bool> {
        let end = coins.iter().rposition(|&h| h).map_or(0, |i| i + 1);
        coins[..end].to_vec()
    }
}

/// A row whose heads are all among its first 64 coins, as a bit mask (bit i set when
/// coin i + 1 shows heads): the compact form searches use. Trailing tails do not
/// change the game, and they vanish here.
fn turtle_mask(coins: &[bool]) -> Option<u64> {
    let mut mask = 0u64;
    for (i, _) in coins.iter().enumerate().filter(|(_, head)| **head) {
        mask |= 1u64
            .checked_shl(u32::try_from(i).ok()?)
            .filter(|_| i < 64)?;
    }
    Some(mask)
}

/// Turning Turtles over [`turtle_mask`]s, for fast brute-force searches of short rows.
struct TurtleMask;

impl Game for TurtleMask {
    type Position = u64;
    /// (the head turned, the coin to its left turned too, or the head itself if none).
    type Move = (u8, u8);

    fn legal_moves(&self, mask: &u64, limit: usize) -> (Vec<(u8, u8)>, bool) {
        let mut moves = Vec::new();
        for head in (0..64u8).filter(|&j| mask >> j & 1 == 1) {
            for also in std::iter::once(head).chain(0..head) {
                if moves.len() == limit {
                    return (moves, false);
                }
                moves.push((head, also));
            }
        }
        (moves, true)
    }

    fn apply(&self, mask: &u64, &(head, also): &(u8, u8)) -> u64 {
        let turned = mask ^ (1 << head);
        if also == head {
            turned
        } else {
            turned ^ (1 << also)
        }
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
                let analysis = game
                    .analyze(&coins, convention, usize::MAX, &Budget::unlimited())
                    .unwrap();
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
        // Heads at coins 1 and 4: 1 ⊕ 4 = 5; turn coin 4 and coin 1 (leaving nothing).
        let coins = game.parse_position("HTTH").unwrap();
        let analysis = game
            .analyze(&coins, Convention::Normal, 5, &Budget::unlimited())
            .unwrap();
        assert_eq!(
            analysis.winning_moves[0].action,
            "turn coin 4 (H → T) and coin 1 (H → T)"
        );
    }

    #[test]
    fn long_rows_are_linear_and_misere_has_a_limit() {
        let game = Turtles;
        let coins: Vec<bool> = (0..100_000).map(|i| i % 3 == 0).collect();
        let analysis = game
            .analyze(&coins, Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.grundy, Some(Nat::from(grundy_value(&coins))));
        let err = game
            .analyze(&coins, Convention::Misere, 1, &Budget::unlimited())
            .unwrap_err();
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
