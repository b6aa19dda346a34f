//! Staircase Nim: coins lie on steps 1..k; a move slides any positive number of coins
//! from one step to the step below; coins that reach step 0 are out of play.
//!
//! The Grundy value is the nim-sum of the coin counts on the odd steps. Every move
//! changes exactly one odd step (sliding from odd step i shrinks it; sliding from even
//! step i grows odd step i − 1), so no move keeps the nim-sum, and shrinking odd steps
//! alone reaches every smaller nim-sum, as in Nim. Hence the winning moves are exactly
//! the moves that leave a nim-sum of 0 on the odd steps: shrink an odd step to
//! c XOR x, or slide coins down from an even step to grow the odd step below it to
//! c XOR x, when that is larger and the even step has enough coins.

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::num::{Nat, words};
use crate::parse::{parse_bounded, parse_list, parse_nat, tokens};
use crate::protocol::board::{Board, Clicks, take_from_end};
use crate::protocol::{Analysis, Notation, Strategy, WinningMoves, searched};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::sum::nim_sum;
use crate::text::{count_of, spaced};
use malachite_base::num::arithmetic::traits::CheckedSub;
use malachite_base::num::basic::traits::{One, Zero};

/// Staircase Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

/// Slide `coins` coins from step `step` (1-based) to the step below.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StairMove {
    /// The step the coins leave (1 = the lowest; its coins leave the game).
    pub step: usize,
    /// How many coins slide (at least one).
    pub coins: Nat,
}

impl Staircase {
    /// The coin counts on the odd steps (1, 3, 5, …).
    fn odd_steps(coins: &[Nat]) -> impl Iterator<Item = &Nat> {
        coins.iter().step_by(2)
    }

    fn describe(play: &StairMove) -> String {
        let moved = count_of(&play.coins, "coin", "coins");
        match play.step {
            1 => format!("move {moved} from step 1 off the staircase"),
            step => format!("move {moved} from step {step} to step {}", step - 1),
        }
    }
}

impl Notation for Staircase {
    fn spec(&self) -> String {
        "staircase".to_string()
    }

    fn rules(&self) -> String {
        "Staircase Nim: coins lie on steps 1, 2, 3, …; a move slides any positive number \
         of coins from one step to the step below, and coins slid from step 1 leave the game."
            .to_string()
    }

    fn position_syntax(&self) -> String {
        "the number of coins on steps 1, 2, 3, … separated by spaces or commas, e.g. \"3 0 2 5\""
            .to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Vec<Nat>, InputError> {
        parse_list(text, self.position_syntax(), |t| parse_nat(t, "coin count"))
    }

    fn format_position(&self, coins: &Vec<Nat>) -> String {
        spaced(coins)
    }

    /// Coins leave one step and, unless it is step 1, arrive on the step below.
    fn move_to(&self, from: &Vec<Nat>, to: &Vec<Nat>) -> Option<StairMove> {
        if from.len() != to.len() {
            return None;
        }
        let step = from.iter().zip(to).rposition(|(a, b)| a != b)? + 1;
        let coins = from[step - 1]
            .clone()
            .checked_sub(&to[step - 1])
            .filter(|c| *c != 0u32)?;
        let play = StairMove { step, coins };
        (self.apply(from, &play) == *to).then_some(play)
    }

    fn describe_move(&self, _coins: &Vec<Nat>, play: &StairMove) -> String {
        Self::describe(play)
    }

    fn parse_move(&self, coins: &Vec<Nat>, text: &str) -> Result<StairMove, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        let [step, count] = words[..] else {
            return Err(InputError::invalid(
                "move",
                text.trim(),
                self.move_syntax(coins),
            ));
        };
        let step = parse_bounded(step, "step", 1, coins.len() as u64)? as usize;
        let here = &coins[step - 1];
        let slide = parse_nat(count, "number of coins")?;
        if slide == 0u32 || slide > *here {
            return Err(InputError::invalid(
                "number of coins",
                count,
                format!("1 to {here} (the coins on step {step})"),
            ));
        }
        Ok(StairMove { step, coins: slide })
    }

    fn move_text(&self, _coins: &Vec<Nat>, play: &StairMove) -> String {
        format!("{} {}", play.step, play.coins)
    }

    fn move_syntax(&self, coins: &Vec<Nat>) -> String {
        match self.legal_moves(coins, 1).0.first() {
            Some(example) => format!(
                "a step, then how many coins to slide down from it; e.g. \"{} 1\" to {}",
                example.step,
                Self::describe(example)
            ),
            None => "no move: every coin is off the staircase".to_string(),
        }
    }

    /// A coin of a step slides down with every coin above it: click the lowest coin
    /// that moves.
    fn clicks(&self, coins: &Vec<Nat>, play: &StairMove) -> Clicks {
        vec![vec![take_from_end(
            play.step,
            &coins[play.step - 1],
            &play.coins,
        )]]
    }

    fn click_help(&self) -> String {
        "Click a coin to slide it and every coin above it on its step down one step; \
         coins slid from step 1 leave the staircase."
            .to_string()
    }

    fn board(&self, coins: &Vec<Nat>) -> Board {
        Board::Stairs {
            steps: coins.clone(),
        }
    }
}

impl Strategy for Staircase {
    /// 3 to 5 steps of 0 to 6 coins, with a coin somewhere.
    fn random_start(&self, seed: u64) -> Option<Vec<Nat>> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let steps = rng.random_range(3..=5);
        let mut coins: Vec<Nat> = (0..steps)
            .map(|_| Nat::from(rng.random_range(0..=6u32)))
            .collect();
        coins[steps - 1] += Nat::ONE;
        Some(coins)
    }

    fn analyze(
        &self,
        coins: &Vec<Nat>,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<StairMove>, Error> {
        // Misère play has no rule known to nimlab: every position reachable is
        // searched, within the question's budget (as in a sum with other games).
        if convention == Convention::Misere {
            return searched::analysis(self, coins, convention, max_moves, budget);
        }
        let x = nim_sum(Self::odd_steps(coins));
        let mut winning = WinningMoves::new(max_moves);
        if x != Nat::ZERO {
            for (index, here) in coins.iter().enumerate() {
                let step = index + 1;
                let slide = if step % 2 == 1 {
                    // Shrink this odd step to here XOR x.
                    let target = here ^ &x;
                    (target < *here).then(|| here - target)
                } else {
                    // Grow the odd step below to below XOR x with coins from here.
                    let below = &coins[index - 1];
                    let target = below ^ &x;
                    (target > *below && &target - below <= *here).then(|| target - below)
                };
                if let Some(slide) = slide {
                    let play = StairMove { step, coins: slide };
                    let reason = "leaves a nim-sum of 0 on the odd steps";
                    winning.offer(play, reason, Self::describe);
                }
            }
        }
        let odd: Vec<String> = Self::odd_steps(coins).map(|c| c.to_string()).collect();
        let explanation = if odd.len() <= 8 {
            format!(
                "nim-sum of the coins on the odd steps: {} = {x}",
                odd.join(" ⊕ ")
            )
        } else {
            format!("nim-sum of the coins on the {} odd steps = {x}", odd.len())
        };
        let outcome = Outcome::from_mover_wins(x != Nat::ZERO);
        Ok(winning.into_analysis(convention, outcome, Some(x), explanation))
    }

    fn move_count(&self, coins: &Vec<Nat>) -> Nat {
        coins.iter().fold(Nat::ZERO, |count, c| count + c)
    }
}

/// The rules for the brute-force searches (small coin counts only).
impl Game for Staircase {
    type Position = Vec<Nat>;
    type Move = StairMove;

    fn size(&self, position: &Vec<Nat>) -> usize {
        position.iter().map(words).sum::<usize>().max(1)
    }

    fn apply(&self, coins: &Vec<Nat>, play: &StairMove) -> Vec<Nat> {
        let mut to = coins.clone();
        to[play.step - 1] -= &play.coins;
        if play.step >= 2 {
            to[play.step - 2] += &play.coins;
        }
        to
    }

    fn legal_moves(&self, coins: &Vec<Nat>, limit: usize) -> (Vec<StairMove>, bool) {
        let mut moves = Vec::new();
        for (index, here) in coins.iter().enumerate() {
            let mut slide = Nat::ONE;
            while slide <= *here {
                if moves.len() == limit {
                    return (moves, false);
                }
                moves.push(StairMove {
                    step: index + 1,
                    coins: slide.clone(),
                });
                slide += Nat::ONE;
            }
        }
        (moves, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::{GrundyEngine, Oracle};
    use proptest::prelude::{ProptestConfig, prop_assert, prop_assert_eq, proptest};
    use std::collections::HashMap;

    /// Every staircase of 1..=4 steps with at most 3 coins on each.
    fn small_positions() -> Vec<Vec<Nat>> {
        let mut all = Vec::new();
        for steps in 1..=4u32 {
            for code in 0..4u32.pow(steps) {
                all.push(
                    (0..steps)
                        .map(|i| Nat::from(code / 4u32.pow(i) % 4))
                        .collect(),
                );
            }
        }
        all
    }

    #[test]
    fn values_outcomes_and_every_winning_move_match_brute_force() {
        let game = Staircase;
        let mut engine = GrundyEngine::new(&game);
        let mut oracle = Oracle::new(&game, Convention::Normal);
        for position in small_positions() {
            let analysis = game
                .analyze(
                    &position,
                    Convention::Normal,
                    usize::MAX,
                    &Budget::unlimited(),
                )
                .unwrap();
            assert_eq!(
                analysis.grundy,
                Some(Nat::from(engine.grundy(&position).unwrap())),
                "Grundy value of {position:?}"
            );
            assert_eq!(analysis.outcome, oracle.outcome(&position).unwrap());
            let mut listed: Vec<Vec<Nat>> = analysis
                .winning_moves
                .iter()
                .map(|m| game.apply(&position, &m.play))
                .collect();
            let mut winning: Vec<Vec<Nat>> = game
                .moves(&position)
                .into_iter()
                .filter(|m| oracle.outcome(m).unwrap() == Outcome::P)
                .collect();
            listed.sort();
            winning.sort();
            assert_eq!(listed, winning, "winning moves from {position:?}");
            assert_eq!(analysis.winning_move_count, Nat::from(winning.len()));
        }
    }

    #[test]
    fn moves_from_even_steps_are_listed_and_described() {
        // Odd steps hold 1 and 0: nim-sum 1. Winning: take the coin off step 1, or
        // slide one coin from step 4 onto step 3.
        let game = Staircase;
        let position = game.parse_position("1 5 0 2").unwrap();
        let analysis = game
            .analyze(&position, Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        let actions: Vec<&str> = analysis
            .winning_moves
            .iter()
            .map(|m| m.action.as_str())
            .collect();
        assert_eq!(
            actions,
            [
                "move 1 coin from step 1 off the staircase",
                "move 1 coin from step 4 to step 3"
            ]
        );
        assert_eq!(
            analysis.explanation,
            "nim-sum of the coins on the odd steps: 1 ⊕ 0 = 1"
        );
    }

    #[test]
    fn parse_errors() {
        let game = Staircase;
        let err = game.parse_position("3 -1").unwrap_err().to_string();
        assert!(err.contains("'-1'"), "{err}");
        assert!(game.parse_position(" ").is_err());
    }

    /// Whether the player to move wins misère staircase Nim from `coins`, by the
    /// rules alone: some slide leaves a position lost for the other player (with no
    /// coin left on the steps, the player to move has made no last move and wins).
    fn misere_mover_wins(coins: &[u32], known: &mut HashMap<Vec<u32>, bool>) -> bool {
        if let Some(&wins) = known.get(coins) {
            return wins;
        }
        let mut wins = coins.iter().all(|&c| c == 0);
        for step in 0..coins.len() {
            for slide in 1..=coins[step] {
                let mut after = coins.to_vec();
                after[step] -= slide;
                if step > 0 {
                    after[step - 1] += slide;
                }
                wins = wins || !misere_mover_wins(&after, known);
            }
        }
        known.insert(coins.to_vec(), wins);
        wins
    }

    /// Misère play is searched: its outcome and every winning move agree with the
    /// rules played out on every small staircase, and a staircase too big to search
    /// within the budget is refused, saying so.
    #[test]
    fn misere_play_is_searched() {
        let game = Staircase;
        let mut known = HashMap::new();
        let as_u32 = |coins: &Vec<Nat>| -> Vec<u32> {
            coins.iter().map(|c| u32::try_from(c).unwrap()).collect()
        };
        for position in small_positions() {
            let analysis = game
                .analyze(
                    &position,
                    Convention::Misere,
                    usize::MAX,
                    &Budget::unlimited(),
                )
                .unwrap();
            let wins = misere_mover_wins(&as_u32(&position), &mut known);
            assert_eq!(
                analysis.outcome,
                Outcome::from_mover_wins(wins),
                "{position:?}"
            );
            let mut listed: Vec<Vec<u32>> = (analysis.winning_moves.iter())
                .map(|m| as_u32(&game.apply(&position, &m.play)))
                .collect();
            let (moves, _) = game.legal_moves(&position, usize::MAX);
            let mut winning: Vec<Vec<u32>> = (moves.iter())
                .map(|play| as_u32(&game.apply(&position, play)))
                .filter(|after| !misere_mover_wins(after, &mut known))
                .collect();
            listed.sort();
            winning.sort();
            assert_eq!(listed, winning, "{position:?}");
        }
        let huge = game.parse_position("1000 1000 1000 1000 1000").unwrap();
        let budget = Budget::unlimited().narrowed(100_000);
        let refused = game
            .analyze(&huge, Convention::Misere, 1, &budget)
            .unwrap_err();
        assert!(matches!(refused, Error::TooLarge(_)), "{refused}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// On huge random staircases every listed move is legal and zeroes the odd
        /// steps' nim-sum.
        #[test]
        fn huge_winning_moves_zero_the_odd_nim_sum(coins in proptest::collection::vec("[0-9]{1,40}", 1..12)) {
            let game = Staircase;
            let position = game.parse_position(&coins.join(" ")).unwrap();
            let analysis = game.analyze(&position, Convention::Normal, usize::MAX, &Budget::unlimited()).unwrap();
            prop_assert_eq!(analysis.outcome == Outcome::N, analysis.winning_move_count > 0u32);
            for m in &analysis.winning_moves {
                prop_assert!(m.play.coins > 0u32 && m.play.coins <= position[m.play.step - 1]);
                let to = game.apply(&position, &m.play);
                prop_assert_eq!(nim_sum(Staircase::odd_steps(&to)), Nat::ZERO);
            }
        }
    }
}
