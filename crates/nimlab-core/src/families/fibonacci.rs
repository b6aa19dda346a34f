//! Fibonacci Nim (TAOCP 1.2.8, exercises 37–38; Whinihan 1963): a pile of chips; the
//! first move takes 1 to r − 1 of the r chips, and each later move takes 1 to twice
//! what the opponent just took. Taking the last chip wins. A position is `r` (a fresh
//! pile) or `r,q`: r chips left, the player to move may take 1 to q.
//!
//! **Theorem** (checked against brute force for r, q ≤ 200): the player to move wins
//! iff the smallest term of the Zeckendorf representation of r is at most q. The
//! shortcut "losing iff r = F_{k+1} and q < F_k" is false: (8, 5) and (7, 1) are losing
//! too.
//!
//! **Every winning move.** Let r = F_{n_1} + … + F_{n_m} (n_1 < … < n_m, gaps ≥ 2)
//! and t_i = F_{n_1} + … + F_{n_i}. A move t wins iff it takes all the chips or
//! leaves r − t whose smallest term exceeds 2t. Such a t is below half that term, so
//! its own Zeckendorf terms sit at least two places below r − t's, and r's terms are
//! r − t's followed by t's: t is some t_i. So the winning moves are the t_i ≤ q with
//! i = m or 2·t_i < F_{n_{i+1}}, and that comparison depends only on the gaps
//! g_i = n_{i+1} − n_i: writing D_i for "2·t_i < F_{n_{i+1} − 1}",
//! 2·t_i < F_{n_{i+1}} iff g_i ≥ 3, or g_i = 2 and D_{i−1};  D_i iff g_i ≥ 4, or
//! g_i = 3 and D_{i−1};  D_0 holds (t_0 = 0). (Because F_n ≤ t_i < F_{n+1} for
//! n = n_i, and F_{n+3} ≥ 2·F_{n+1}, F_{n+1} ≤ 2·F_n, F_{n+2} − 2F_n = F_{n−1}.)
//! With a divide-and-conquer Zeckendorf representation ([`crate::seq::fibonacci`])
//! this is exact and fast for piles with hundreds of thousands of digits.
//!
//! **Misère** (taking the last chip loses): nobody takes the last chip while another
//! move exists, so a pile of r ≥ 1 chips plays exactly like a normal pile of r − 1
//! (leaving one chip is leaving nothing); the winning moves are the same amounts.
//!
//! Grundy values (normal play) come from the generic engine for piles of at most
//! [`SMALL_PILE`] chips.

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::num::{Nat, to_u64, words};
use crate::parse::{parse_nat, tokens};
use crate::protocol::board::{Board, Clicks, pile_clicks};
use crate::protocol::{Analysis, Notation, Strategy, WinningMove, engine_grundy};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::seq::fibonacci::{fibonacci, sum_of_terms, zeckendorf};
use crate::text::count_of;
use malachite_base::num::arithmetic::traits::CheckedSub;
use malachite_base::num::basic::traits::{One, Zero};
use malachite_base::num::logic::traits::SignificantBits;

/// Grundy values are computed (by the generic engine) for piles up to this.
pub const SMALL_PILE: u64 = 60;

/// Numbers of at most this many bits are written out in reasons and explanations.
const SHOWN_BITS: u64 = 128;

/// Zeckendorf representations with at most this many terms are written out in full.
const SHOWN_TERMS: usize = 8;

/// A Fibonacci Nim position: `chips` left, the player to move may take 1 to `limit`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FibonacciPosition {
    /// Chips left.
    pub chips: Nat,
    /// The most the player to move may take (at least 1).
    pub limit: Nat,
}

/// Fibonacci Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciNim;

/// For each i (0-based), whether taking t_{i+1}, the sum of r's i + 1 smallest terms,
/// leaves a position lost for the opponent (ignoring the limit): see the module docs.
fn winning_prefixes(indices: &[u64]) -> Vec<bool> {
    let mut below_previous = true; // D_{i−1}
    let mut wins = Vec::with_capacity(indices.len());
    for pair in indices.windows(2) {
        let gap = pair[1] - pair[0];
        wins.push(gap >= 3 || (gap == 2 && below_previous));
        below_previous = gap >= 4 || (gap == 3 && below_previous);
    }
    if !indices.is_empty() {
        wins.push(true);
    }
    wins
}

/// The number in decimal if it is short enough to be cheap to print.
fn shown(n: &Nat) -> Option<String> {
    (n.significant_bits() <= SHOWN_BITS).then(|| n.to_string())
}

/// Taking `t` chips from `r` in words: "take 13 chips (1000 → 987)", leaving out
/// numbers too long to print cheaply.
fn describe_take(r: &Nat, t: &Nat) -> String {
    let left = r - t;
    match (shown(r), shown(&left)) {
        (Some(from), Some(to)) => format!("take {} ({from} → {to})", count_of(t, "chip", "chips")),
        _ => format!("take {}", count_of(t, "chip", "chips")),
    }
}

/// The sums t_i of r's i + 1 smallest terms for the listed i (0-based, increasing),
/// each from the one before.
fn prefix_sums(indices: &[u64], listed: &[usize]) -> Vec<Nat> {
    let mut sum = Nat::ZERO;
    let mut done = 0;
    listed
        .iter()
        .map(|&i| {
            sum += sum_of_terms(&indices[done..=i]);
            done = i + 1;
            sum.clone()
        })
        .collect()
}

/// The term F_n in words: "F(16) = 987", or just "F(478000)" if it is long.
fn term(n: u64) -> String {
    // F(180) < 2^128.
    if n <= 180 {
        format!("F({n}) = {}", fibonacci(n))
    } else {
        format!("F({n})")
    }
}

impl FibonacciNim {
    /// The most the player to move may take: min(r, q).
    fn most(&self, position: &FibonacciPosition) -> Nat {
        position.chips.clone().min(position.limit.clone())
    }

    /// The analysis of normal play of (chips, limit).
    fn analyze_normal(
        &self,
        position: &FibonacciPosition,
        max_moves: usize,
    ) -> (Outcome, String, Vec<WinningMove<Nat>>, usize) {
        let FibonacciPosition { chips: r, limit: q } = position;
        if *r == Nat::ZERO {
            return (
                Outcome::P,
                "no chips are left: the previous player took the last one".to_string(),
                Vec::new(),
                0,
            );
        }
        let indices = zeckendorf(r);
        let smallest = fibonacci(indices[0]);
        let wins = smallest <= *q;
        let limit_words = match shown(q) {
            Some(q) => format!("{q}, the most the player to move may take"),
            None => "the most the player to move may take".to_string(),
        };
        let representation = match shown(r) {
            Some(r_text) if indices.len() == 1 => {
                format!("{r_text} is a Fibonacci number (its own Zeckendorf representation)")
            }
            Some(r_text) if indices.len() <= SHOWN_TERMS => {
                let terms: Vec<String> = indices
                    .iter()
                    .rev()
                    .map(|&n| fibonacci(n).to_string())
                    .collect();
                format!("{r_text} = {} (Zeckendorf)", terms.join(" + "))
            }
            _ => format!(
                "the pile's Zeckendorf representation has {} {}",
                indices.len(),
                if indices.len() == 1 { "term" } else { "terms" }
            ),
        };
        let explanation = format!(
            "{representation}; its smallest term, {}, is {} {limit_words}",
            term(indices[0]),
            if wins { "at most" } else { "more than" }
        );
        if !wins {
            return (Outcome::P, explanation, Vec::new(), 0);
        }
        // The winning t_i are those within the limit: t_i ≤ q for i up to a threshold.
        let within = if q >= r {
            indices.len()
        } else {
            // t_i ≤ q iff t_i's terms, largest first, are lexicographically at most q's.
            let q_terms: Vec<u64> = zeckendorf(q).into_iter().rev().collect();
            let at_most_q = |i: usize| indices[..=i].iter().rev().cmp(q_terms.iter()).is_le();
            (0..indices.len())
                .collect::<Vec<_>>()
                .partition_point(|&i| at_most_q(i))
        };
        let winning: Vec<usize> = winning_prefixes(&indices)
            .into_iter()
            .take(within)
            .enumerate()
            .filter_map(|(i, wins)| wins.then_some(i))
            .collect();
        let listed = &winning[..winning.len().min(max_moves)];
        let moves = prefix_sums(&indices, listed)
            .into_iter()
            .zip(listed)
            .map(|(t, &i)| {
                let left = r - &t;
                let reason = if i + 1 == indices.len() {
                    "takes the last chip".to_string()
                } else {
                    let bound = match shown(&t) {
                        Some(_) => format!("{}", Nat::from(2u32) * &t),
                        None => "twice the amount taken".to_string(),
                    };
                    format!(
                        "leaves {}, whose smallest Zeckendorf term {} is more than {bound}, \
                         the most the opponent may take",
                        match shown(&left) {
                            Some(_) => count_of(&left, "chip", "chips"),
                            None => "a pile".to_string(),
                        },
                        term(indices[i + 1])
                    )
                };
                WinningMove {
                    action: describe_take(r, &t),
                    play: t,
                    reason,
                }
            })
            .collect();
        (Outcome::N, explanation, moves, winning.len())
    }
}

impl Notation for FibonacciNim {
    fn spec(&self) -> String {
        "fibonacci".to_string()
    }

    fn rules(&self) -> String {
        "Fibonacci Nim: the first move takes 1 to r − 1 of the r chips; each later move \
         takes 1 to twice what the opponent just took."
            .to_string()
    }

    fn position_syntax(&self) -> String {
        "r (a fresh pile of r ≥ 2 chips) or r,q (r chips, the player to move may take 1 to q), \
         such as 1000 or 987,26"
            .to_string()
    }

    fn parse_position(&self, text: &str) -> Result<FibonacciPosition, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        match words[..] {
            [] => Err(InputError::missing("position", self.position_syntax())),
            [pile] => {
                let chips = parse_nat(pile, "pile")?;
                if chips < 2u32 {
                    return Err(InputError::invalid(
                        "pile",
                        pile,
                        "at least 2 chips for a fresh pile (its first move may not take them all)",
                    ));
                }
                let limit = &chips - Nat::ONE;
                Ok(FibonacciPosition { chips, limit })
            }
            [pile, most] => {
                let chips = parse_nat(pile, "pile")?;
                let limit = parse_nat(most, "move limit")?;
                if limit == Nat::ZERO {
                    return Err(InputError::invalid(
                        "move limit",
                        most,
                        "a positive integer",
                    ));
                }
                Ok(FibonacciPosition { chips, limit })
            }
            _ => Err(InputError::invalid(
                "position",
                text.trim(),
                self.position_syntax(),
            )),
        }
    }

    fn format_position(&self, position: &FibonacciPosition) -> String {
        format!("{},{}", position.chips, position.limit)
    }

    fn move_to(&self, from: &FibonacciPosition, to: &FibonacciPosition) -> Option<Nat> {
        let t = from.chips.clone().checked_sub(&to.chips)?;
        let legal = t != 0u32 && t <= self.most(from) && to.limit == Nat::from(2u32) * &t;
        legal.then_some(t)
    }

    fn describe_move(&self, position: &FibonacciPosition, t: &Nat) -> String {
        describe_take(&position.chips, t)
    }

    fn parse_move(&self, position: &FibonacciPosition, text: &str) -> Result<Nat, InputError> {
        let most = self.most(position);
        let expected = || format!("a number of chips from 1 to {most}");
        let words: Vec<&str> = tokens(text).collect();
        let [word] = words[..] else {
            return Err(InputError::invalid("move", text.trim(), expected()));
        };
        let t = parse_nat(word, "number of chips")?;
        if t == 0u32 || t > most {
            return Err(InputError::invalid("number of chips", word, expected()));
        }
        Ok(t)
    }

    fn move_text(&self, _position: &FibonacciPosition, t: &Nat) -> String {
        t.to_string()
    }

    fn ending(&self, convention: Convention) -> String {
        match convention {
            Convention::Normal => "Taking the last chip wins.".to_string(),
            Convention::Misere => "Taking the last chip loses.".to_string(),
        }
    }

    fn move_syntax(&self, position: &FibonacciPosition) -> String {
        format!("the number of chips to take, 1 to {}", self.most(position))
    }

    fn clicks(&self, position: &FibonacciPosition, taken: &Nat) -> Clicks {
        pile_clicks(&position.chips, taken)
    }

    fn click_help(&self) -> String {
        "Click a chip to take it and every chip after it, or choose how many to take with \
         the slider and press Take."
            .to_string()
    }

    fn board(&self, position: &FibonacciPosition) -> Board {
        Board::Pile {
            count: position.chips.clone(),
            noun: "chip",
            plural: "chips",
            most: Some(self.most(position)),
            forbidden: None,
        }
    }
}

impl Strategy for FibonacciNim {
    /// A fresh pile of 10 to 200 chips.
    fn random_start(&self, seed: u64) -> Option<FibonacciPosition> {
        use rand::{RngExt, SeedableRng};
        let chips = Nat::from(rand::rngs::StdRng::seed_from_u64(seed).random_range(10..=200u32));
        let limit = &chips - Nat::ONE;
        Some(FibonacciPosition { chips, limit })
    }

    fn analyze(
        &self,
        position: &FibonacciPosition,
        convention: Convention,
        max_moves: usize,
        _budget: &Budget,
    ) -> Result<Analysis<Nat>, Error> {
        let (outcome, explanation, winning_moves, winning_move_count) = match convention {
            Convention::Normal => self.analyze_normal(position, max_moves),
            Convention::Misere if position.chips <= 1u32 => (
                Outcome::from_mover_wins(position.chips == Nat::ZERO),
                if position.chips == Nat::ZERO {
                    "no chips are left: the previous player took the last one and so lost"
                } else {
                    "the player to move must take the last chip, and so loses"
                }
                .to_string(),
                Vec::new(),
                0,
            ),
            Convention::Misere => {
                let shorter = FibonacciPosition {
                    chips: &position.chips - Nat::ONE,
                    limit: position.limit.clone(),
                };
                let (outcome, explanation, mut moves, count) =
                    self.analyze_normal(&shorter, max_moves);
                for m in &mut moves {
                    let left = &position.chips - &m.play;
                    m.action = describe_take(&position.chips, &m.play);
                    m.reason = if left == Nat::ONE {
                        "leaves the last chip to the opponent".to_string()
                    } else {
                        format!("counting one chip fewer, {}", m.reason)
                    };
                }
                (
                    outcome,
                    format!(
                        "in misère play a pile plays like one chip fewer in normal play: {explanation}"
                    ),
                    moves,
                    count,
                )
            }
        };
        let small = to_u64(&position.chips).is_some_and(|r| r <= SMALL_PILE);
        Ok(Analysis {
            convention,
            outcome,
            grundy: small.then(|| engine_grundy(self, position)),
            infinite: None,
            explanation,
            winning_moves,
            winning_move_count: Nat::from(winning_move_count),
            text_limited: false,
        })
    }

    fn move_count(&self, position: &FibonacciPosition) -> Nat {
        self.most(position)
    }
}

impl Game for FibonacciNim {
    type Position = FibonacciPosition;
    type Move = Nat;

    fn size(&self, position: &FibonacciPosition) -> usize {
        words(&position.chips) + words(&position.limit)
    }

    fn apply(&self, position: &FibonacciPosition, t: &Nat) -> FibonacciPosition {
        FibonacciPosition {
            chips: &position.chips - t,
            limit: Nat::from(2u32) * t,
        }
    }

    fn legal_moves(&self, position: &FibonacciPosition, limit: usize) -> (Vec<Nat>, bool) {
        let most = self.most(position);
        let moves: Vec<Nat> = (1..=limit as u64)
            .map(Nat::from)
            .take_while(|t| *t <= most)
            .collect();
        let complete = most == moves.len() as u64;
        (moves, complete)
    }

    /// A limit beyond the pile is the same as the pile.
    fn canonical(&self, position: &FibonacciPosition) -> FibonacciPosition {
        FibonacciPosition {
            chips: position.chips.clone(),
            limit: position.limit.clone().min(position.chips.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Notation, Strategy};
    use crate::solve::search::Oracle;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn position(r: u64, q: u64) -> FibonacciPosition {
        FibonacciPosition {
            chips: Nat::from(r),
            limit: Nat::from(q),
        }
    }

    #[test]
    fn every_position_up_to_200_matches_brute_force() {
        let game = FibonacciNim;
        for convention in [Convention::Normal, Convention::Misere] {
            let mut oracle = Oracle::new(&game, convention);
            for r in 0..=200 {
                for q in 1..=200 {
                    let p = position(r, q);
                    let a =
                        Strategy::analyze(&game, &p, convention, usize::MAX, &Budget::unlimited())
                            .unwrap();
                    assert_eq!(
                        a.outcome,
                        oracle.outcome(&p).unwrap(),
                        "{convention:?} {p:?}"
                    );
                    let fast: HashSet<FibonacciPosition> = a
                        .winning_moves
                        .iter()
                        .map(|m| game.apply(&p, &m.play))
                        .collect();
                    let slow = oracle.winning_options(&p);
                    assert_eq!(fast, slow, "{convention:?} winning moves from {p:?}");
                    assert_eq!(a.winning_move_count, slow.len());
                }
            }
        }
    }

    #[test]
    fn seed_examples() {
        let game = FibonacciNim;
        // The first move from 1000 chips takes 13, leaving (987, 26).
        let p = game.parse_position("1000").unwrap();
        let a = Strategy::analyze(&game, &p, Convention::Normal, 10, &Budget::unlimited()).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves[0].play, Nat::from(13u32));
        assert_eq!(a.winning_moves[0].action, "take 13 chips (1000 → 987)");
        assert_eq!(
            a.explanation,
            "1000 = 987 + 13 (Zeckendorf); its smallest term, F(7) = 13, is at most 999, \
             the most the player to move may take"
        );
        assert_eq!(
            game.format_position(&game.apply(&p, &a.winning_moves[0].play)),
            "987,26"
        );
        // "Losing iff r = F(k+1) and q < F(k)" is wrong: (8,5) and (7,1) are lost too.
        for (r, q) in [(8, 5), (7, 1)] {
            let a = Strategy::analyze(
                &game,
                &position(r, q),
                Convention::Normal,
                1,
                &Budget::unlimited(),
            )
            .unwrap();
            assert_eq!(a.outcome, Outcome::P, "({r},{q})");
        }
        // The first player loses a fresh pile exactly when it is a Fibonacci number.
        for r in 2..300u64 {
            let a = Strategy::analyze(
                &game,
                &game.parse_position(&r.to_string()).unwrap(),
                Convention::Normal,
                0,
                &Budget::unlimited(),
            )
            .unwrap();
            let is_fibonacci = (0..20).any(|n| fibonacci(n) == r);
            assert_eq!(a.outcome == Outcome::P, is_fibonacci, "{r}");
        }
    }

    #[test]
    fn grundy_values_on_small_piles() {
        let game = FibonacciNim;
        for r in 0..=30 {
            for q in 1..=30 {
                let a = Strategy::analyze(
                    &game,
                    &position(r, q),
                    Convention::Normal,
                    0,
                    &Budget::unlimited(),
                )
                .unwrap();
                assert_eq!(a.grundy == Some(Nat::ZERO), a.outcome == Outcome::P);
            }
        }
        let big = Strategy::analyze(
            &game,
            &position(SMALL_PILE + 1, 5),
            Convention::Normal,
            0,
            &Budget::unlimited(),
        )
        .unwrap();
        assert_eq!(big.grundy, None);
    }

    #[test]
    fn bad_positions() {
        let game = FibonacciNim;
        let err = |text: &str| game.parse_position(text).unwrap_err().to_string();
        assert!(err("1").starts_with("invalid pile '1': expected at least 2 chips"));
        assert!(err("0").contains("'0'"));
        assert_eq!(
            err("5,0"),
            "invalid move limit '0': expected a positive integer"
        );
        assert!(err("5,-1").contains("'-1'"));
        assert!(err("5,x").contains("'x'"));
        assert!(err("1,2,3").starts_with("invalid position"));
        assert!(err("").starts_with("missing position"));
        assert_eq!(
            game.format_position(&game.parse_position("0,4").unwrap()),
            "0,4"
        );
    }

    proptest! {
        /// The gap rule against the direct comparison 2·t_i < F_{n_{i+1}}.
        #[test]
        fn gap_rule_matches_direct_comparison(digits in "[1-9][0-9]{0,120}") {
            let r: Nat = digits.parse().unwrap();
            let indices = zeckendorf(&r);
            let rule = winning_prefixes(&indices);
            let mut t = Nat::ZERO;
            for i in 0..indices.len() {
                t += fibonacci(indices[i]);
                let direct = i + 1 == indices.len() || Nat::from(2u32) * &t < fibonacci(indices[i + 1]);
                prop_assert_eq!(rule[i], direct, "i = {}", i);
            }
        }

        /// Huge piles: each listed move is within the limit and leaves a pile whose
        /// smallest Zeckendorf term exceeds twice the move (or takes everything), and the
        /// outcome is N exactly when there is such a move.
        #[test]
        fn huge_piles(r in "[1-9][0-9]{20,300}", q in "[1-9][0-9]{0,300}") {
            let game = FibonacciNim;
            let p = game.parse_position(&format!("{r},{q}")).unwrap();
            let a = Strategy::analyze(&game, &p, Convention::Normal, usize::MAX, &Budget::unlimited()).unwrap();
            prop_assert_eq!(a.outcome == Outcome::N, a.winning_move_count > 0);
            prop_assert_eq!(a.winning_moves.len(), a.winning_move_count);
            for m in &a.winning_moves {
                prop_assert!(m.play <= p.limit && m.play > Nat::ZERO);
                let left = &p.chips - &m.play;
                if left != Nat::ZERO {
                    let smallest = fibonacci(zeckendorf(&left)[0]);
                    prop_assert!(smallest > Nat::from(2u32) * &m.play);
                }
            }
            // Taking the smallest term wins whenever it is allowed.
            let smallest = fibonacci(zeckendorf(&p.chips)[0]);
            prop_assert_eq!(smallest <= p.limit, a.outcome == Outcome::N);
        }
    }
}
