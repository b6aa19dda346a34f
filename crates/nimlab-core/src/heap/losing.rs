//! The losing sizes of a single heap in words ("a multiple of 4"): the plain rule a
//! player can remember, for games whose single heaps lose in one residue class of
//! their period.
//!
//! A single heap loses for the player to move exactly when:
//! - in normal play, its Grundy value is 0;
//! - in misère play of a tame game (see the tameness lemma in [`crate::heap`]), its
//!   value is 1. By the misère-Nim rule, one heap of value g ≥ 2 is a win (move it to
//!   1); one of value 0 is a win too (with no move the mover has won, and otherwise
//!   the tameness lemma gives a move to value 1); one of value 1 is a loss. For games
//!   that are not tame no rule is given here.
//!
//! So the losing sizes repeat with the certified period of the nim-sequence.

use crate::budget::Budget;
use crate::error::Error;
use crate::protocol::HeapGame;
use crate::rules::Convention;
use std::fmt;

/// The sizes ≡ `residue` (mod `period`): all the single heaps that lose for the
/// player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LosingHeaps {
    /// The residue of the losing sizes, below `period`.
    pub residue: usize,
    /// The period of the losing sizes.
    pub period: usize,
}

impl fmt::Display for LosingHeaps {
    /// "a multiple of 4", "one more than a multiple of 4", "2 more than a multiple of 5".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let multiple = format!("a multiple of {}", self.period);
        match self.residue {
            0 => write!(f, "{multiple}"),
            1 => write!(f, "one more than {multiple}"),
            r => write!(f, "{r} more than {multiple}"),
        }
    }
}

/// The losing sizes of one heap of `game` under `convention`, when they are one
/// residue class of a purely periodic nim-sequence (no preperiod) and the rule above
/// applies; `None` otherwise (no certified period within `budget`, a preperiod,
/// several residues, or misère play of a game that is not tame).
pub fn losing_heaps(
    game: &dyn HeapGame,
    convention: Convention,
    budget: &Budget,
) -> Result<Option<LosingHeaps>, Error> {
    let losing_value = match convention {
        Convention::Normal => 0,
        Convention::Misere if game.misere_is_tame(budget)? => 1,
        Convention::Misere => return Ok(None),
    };
    let sequence = game.sequence();
    let Ok(periodicity) = sequence.periodicity(budget) else {
        return Ok(None);
    };
    if periodicity.preperiod != 0 {
        return Ok(None);
    }
    let period = periodicity.period;
    let table = sequence.grundy_table(period - 1, budget)?;
    let mut residues = (0..period).filter(|&r| table[r] == losing_value);
    Ok(match (residues.next(), residues.next()) {
        (Some(residue), None) => Some(LosingHeaps { residue, period }),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::game;

    /// Whether a heap of `n` loses for the player to move in the subtraction game
    /// `amounts`, by the definition: every move goes to a win (and, in misère play,
    /// there is a move).
    fn loses_by_search(amounts: &[usize], n: usize, convention: Convention) -> bool {
        let mut loses = vec![false; n + 1];
        for m in 0..=n {
            let options: Vec<usize> = amounts
                .iter()
                .filter(|&&k| k <= m)
                .map(|&k| m - k)
                .collect();
            loses[m] = match convention {
                Convention::Normal => options.iter().all(|&o| !loses[o]),
                Convention::Misere => !options.is_empty() && options.iter().all(|&o| !loses[o]),
            };
        }
        loses[n]
    }

    /// Every subtraction game on amounts from {1..5}: where a rule is given, it names
    /// exactly the losing heaps found by search, in both conventions; the take-K
    /// games (amounts 1..K) always have one.
    #[test]
    fn the_rule_in_words_is_the_losing_heaps_found_by_search() {
        let budget = Budget::unlimited();
        for set in 1u32..32 {
            let amounts: Vec<usize> = (1..=5).filter(|k| set & (1 << (k - 1)) != 0).collect();
            let list: Vec<String> = amounts.iter().map(usize::to_string).collect();
            let ruleset = game(&format!("subtraction:{}", list.join(","))).unwrap();
            let heap_game = ruleset.heap_game().unwrap();
            let take_k = amounts.iter().enumerate().all(|(i, &k)| k == i + 1);
            for convention in [Convention::Normal, Convention::Misere] {
                let rule = losing_heaps(heap_game, convention, &budget).unwrap();
                if take_k {
                    assert!(rule.is_some(), "{amounts:?} {convention:?}");
                }
                let Some(rule) = rule else { continue };
                for n in 0..200 {
                    assert_eq!(
                        n % rule.period == rule.residue,
                        loses_by_search(&amounts, n, convention),
                        "{amounts:?} {convention:?} {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_rule_reads_as_people_say_it() {
        let take3 = game("take:3").unwrap();
        let heaps = take3.heap_game().unwrap();
        let budget = Budget::unlimited();
        let normal = losing_heaps(heaps, Convention::Normal, &budget)
            .unwrap()
            .unwrap();
        assert_eq!(normal.to_string(), "a multiple of 4");
        let misere = losing_heaps(heaps, Convention::Misere, &budget)
            .unwrap()
            .unwrap();
        assert_eq!(misere.to_string(), "one more than a multiple of 4");
        let two = LosingHeaps {
            residue: 2,
            period: 5,
        };
        assert_eq!(two.to_string(), "2 more than a multiple of 5");
        // Kayles splits heaps: no misère rule in words, and its normal-play losing
        // heaps are not one residue class.
        let kayles = game("kayles").unwrap();
        let heaps = kayles.heap_game().unwrap();
        assert_eq!(
            losing_heaps(heaps, Convention::Misere, &budget).unwrap(),
            None
        );
        assert_eq!(
            losing_heaps(heaps, Convention::Normal, &budget).unwrap(),
            None
        );
    }
}
