//! Heap games: a position is a list of heaps played side by side, and a move changes
//! one heap. [`HeapSum`] turns the rules of one heap ([`HeapRules`]) into a complete
//! strategy for any number of heaps, in normal and misère play.
//!
//! Normal play is Sprague–Grundy: the position's value is the nim-sum of the heaps'
//! values, and a winning move brings a heap to the value g XOR x.
//!
//! Misère play uses the misère-Nim rule on Grundy values, which holds for a family
//! whose heaps never split when this *tameness lemma* holds: every heap of value 0
//! that has a move has a move to value 1. Proof sketch (the tests check it against
//! brute force): call a position "P" when every heap has value ≤ 1 and an odd number
//! have value 1, or some heap has value ≥ 2 and the nim-sum is 0. A move changes one
//! heap's value, so no move goes from "P" to "P" (from the second kind, a move that
//! leaves every value ≤ 1 would need the one big value cancelled by 0s and 1s). From
//! every other position some move reaches "P": with two heaps of value ≥ 2 the
//! normal-play move does; with one, move it to 0 or 1 to fix the parity; with all
//! values ≤ 1 and an even number of 1s, move a 1 to 0, or (no 1s) a 0 to 1 by the
//! lemma. Terminal positions (all values 0, no 1s) are not "P": the player to move
//! has no move and so wins misère play. Hence "P" is exactly the misère P-positions.
//!
//! Families where the lemma fails or cannot be checked (every family whose heaps
//! split, such as Kayles) get misère play by exhaustive search instead: exact for
//! positions of at most [`MISERE_SEARCH_MAX_TOKENS`] tokens in all, and an
//! [`Error::Unsupported`] beyond.

use super::nim::tokens_word;
use super::{Analysis, HeapSequence, Strategy, WinningMoves, misere_by_search};
use crate::error::{Error, InputError};
use crate::num::{Nat, parse_nat, tokens};
use crate::solve::search::Game;
use crate::solve::sum::nim_sum;
use crate::solve::{Convention, Outcome};
use malachite_base::num::basic::traits::{One, Zero};

/// One option of a single heap: the heaps left in its place (none if it was used
/// up; two if it was split).
pub type HeapOption = Vec<Nat>;

/// Largest total number of tokens in a position whose misère outcome is found by
/// exhaustive search (for families where the misère-Nim rule does not hold). The
/// search visits every multiset of heaps reachable, about the number of partitions
/// of the total, which stays below a second here.
pub const MISERE_SEARCH_MAX_TOKENS: u64 = 32;

/// Some options of one heap, in a stable order, and how many there are in all (a huge
/// heap can have more options than fit in memory, e.g. the splits of a Kayles row).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeapOptions {
    /// The first options, at most as many as were asked for.
    pub listed: Vec<HeapOption>,
    /// How many options there are in all.
    pub count: Nat,
}

impl HeapOptions {
    /// All of `options`, listing at most `max` of them.
    pub fn first_of(mut options: Vec<HeapOption>, max: usize) -> Self {
        let count = Nat::from(options.len());
        options.truncate(max);
        HeapOptions {
            listed: options,
            count,
        }
    }
}

/// The rules and values of a single heap.
pub trait HeapRules: Send + Sync {
    /// The canonical spec string, e.g. `nim` or `subtraction:1,3,4`.
    fn spec(&self) -> String;

    /// The rules for one heap, in a sentence for people.
    fn rules(&self) -> String;

    /// The Grundy value of a heap of size `n`, exact for every size.
    fn heap_value(&self, n: &Nat) -> Result<Nat, Error>;

    /// Every option of a heap of size `n`. Only for small `n` (brute force, play).
    fn heap_options(&self, n: &Nat) -> Vec<HeapOption>;

    /// The options of a heap of size `n` whose Grundy value is `target`, exact for
    /// every size, in a stable order: the first `max` of them, and their number.
    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
    ) -> Result<HeapOptions, Error>;

    /// The move from heap number `heap` (1-based), of size `n`, to `option`, in
    /// words. Default, for take-away games: "take 2 tokens from heap 1 (3 → 1)".
    fn describe(&self, heap: usize, n: &Nat, option: &[Nat]) -> String {
        describe_take(heap, n, option)
    }

    /// Whether the tameness lemma (see the module docs) holds for every heap, so that
    /// misère sums follow the misère-Nim rule on Grundy values. Families whose heaps
    /// split must answer `false`: the lemma's proof needs one heap per heap.
    fn misere_is_tame(&self) -> Result<bool, Error>;

    /// The nim-sequence of one heap.
    fn sequence(&self) -> &dyn HeapSequence;
}

/// The heaps an option leaves, for move descriptions: "3 + 4", or "nothing".
pub fn describe_heaps(heaps: &[Nat]) -> String {
    match heaps {
        [] => "nothing".to_string(),
        _ => heaps
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// A take-away move in words: "take 2 tokens from heap 1 (3 → 1)".
pub fn describe_take(heap: usize, n: &Nat, option: &[Nat]) -> String {
    let taken = option.iter().fold(n.clone(), |left, h| left - h);
    format!(
        "take {taken} {} from heap {heap} ({n} → {})",
        tokens_word(&taken),
        describe_heaps(option)
    )
}

/// A move in a sum of heaps: heap `heap` (0-based) is replaced by `into`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// Index of the heap moved in.
    pub heap: usize,
    /// What the heap becomes (see [`HeapOption`]).
    pub into: Vec<Nat>,
}

/// Any number of heaps of one heap game, played side by side.
#[derive(Clone, Debug)]
pub struct HeapSum<H> {
    /// The rules of one heap.
    pub rules: H,
}

/// How the Grundy values of the heaps look, for the misère-Nim rule.
struct ValueProfile {
    nim_sum: Nat,
    /// Heaps with value 1.
    ones: usize,
    /// Heaps with value 2 or more.
    big: usize,
}

impl ValueProfile {
    fn of(values: &[Nat]) -> Self {
        ValueProfile {
            nim_sum: nim_sum(values),
            ones: values.iter().filter(|v| **v == 1u32).count(),
            big: values.iter().filter(|v| **v >= 2u32).count(),
        }
    }

    /// Whether the player to move loses misère play (the misère-Nim rule).
    fn misere_lost(&self) -> bool {
        if self.big == 0 {
            self.ones % 2 == 1
        } else {
            self.nim_sum == Nat::ZERO
        }
    }
}

impl<H: HeapRules> HeapSum<H> {
    /// The Grundy value a heap of value `value` must move to for the result to be lost
    /// for the opponent, with the reason. (When it equals `value`, no move of this heap
    /// wins: options never keep a heap's value.)
    fn target(
        &self,
        convention: Convention,
        profile: &ValueProfile,
        value: &Nat,
    ) -> (Nat, &'static str) {
        let rest_big = profile.big - usize::from(*value >= 2u32);
        let rest_ones = profile.ones - usize::from(*value == 1u32);
        match convention {
            Convention::Misere if rest_big == 0 => {
                // Leave every value ≤ 1 with an odd number of 1s.
                let target = if rest_ones % 2 == 0 {
                    Nat::ONE
                } else {
                    Nat::ZERO
                };
                (
                    target,
                    "leaves an odd number of heaps of Grundy value 1 and none larger",
                )
            }
            Convention::Misere => (
                value ^ &profile.nim_sum,
                "leaves a nim-sum of 0 with a heap of Grundy value 2 or more",
            ),
            Convention::Normal => (value ^ &profile.nim_sum, "leaves a nim-sum of 0"),
        }
    }

    fn explanation(
        &self,
        convention: Convention,
        values: &[Nat],
        profile: &ValueProfile,
    ) -> String {
        const LISTED: usize = 8;
        let sum = if values.len() <= LISTED {
            let terms: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            format!("{} = {}", terms.join(" ⊕ "), profile.nim_sum)
        } else {
            format!("the {} values = {}", values.len(), profile.nim_sum)
        };
        match convention {
            Convention::Normal if values.len() == 1 => {
                format!("a single heap, of Grundy value {}", profile.nim_sum)
            }
            Convention::Normal => format!("nim-sum of the heaps' Grundy values: {sum}"),
            Convention::Misere if profile.big == 0 => format!(
                "every heap has Grundy value 0 or 1, and {} {} value 1 (misère Nim rule)",
                profile.ones,
                if profile.ones == 1 {
                    "heap has"
                } else {
                    "heaps have"
                },
            ),
            Convention::Misere => format!(
                "some heap has Grundy value 2 or more, so misère play follows the nim-sum: {sum}"
            ),
        }
    }
}

impl<H: HeapRules> HeapSum<H> {
    /// Misère play by exhaustive win/loss search, for families where the misère-Nim
    /// rule does not hold: exact when the position has at most
    /// [`MISERE_SEARCH_MAX_TOKENS`] tokens in all.
    fn misere_by_search(
        &self,
        heaps: &[Nat],
        grundy: Nat,
        max_moves: usize,
    ) -> Result<Analysis<HeapMove>, Error> {
        let total = heaps.iter().fold(Nat::ZERO, |sum, h| sum + h);
        if total > MISERE_SEARCH_MAX_TOKENS {
            return Err(Error::Unsupported(format!(
                "misère play of {} does not follow the misère-Nim rule, so nimlab searches \
                 every position, which it does for at most {MISERE_SEARCH_MAX_TOKENS} tokens \
                 in all; this position has {total}",
                self.rules.spec()
            )));
        }
        let heaps = heaps.to_vec();
        let mut moves = Vec::new();
        for (index, heap) in heaps.iter().enumerate() {
            for option in self.rules.heap_options(heap) {
                let play = HeapMove {
                    heap: index,
                    into: option,
                };
                let to = self.apply(&heaps, &play);
                moves.push((play, to));
            }
        }
        let describe = |play: &HeapMove| {
            self.rules
                .describe(play.heap + 1, &heaps[play.heap], &play.into)
        };
        let explanation = format!(
            "misère play of {} does not follow the misère-Nim rule, so every position \
             reachable from here was searched",
            self.rules.spec()
        );
        Ok(misere_by_search(
            self,
            &heaps,
            moves,
            describe,
            max_moves,
            Some(grundy),
            explanation,
        ))
    }
}

impl<H: HeapRules> Strategy for HeapSum<H> {
    type Position = Vec<Nat>;
    type Move = HeapMove;

    fn spec(&self) -> String {
        self.rules.spec()
    }

    fn rules(&self) -> String {
        format!(
            "{} Several heaps are played side by side: a move is made in one heap.",
            self.rules.rules()
        )
    }

    fn position_syntax(&self) -> String {
        "heap sizes separated by spaces or commas, e.g. \"3 4 5\"".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Vec<Nat>, InputError> {
        let heaps = tokens(text)
            .map(|t| parse_nat(t, "heap size"))
            .collect::<Result<Vec<_>, _>>()?;
        if heaps.is_empty() {
            return Err(InputError::missing("position", self.position_syntax()));
        }
        Ok(heaps)
    }

    fn format_position(&self, heaps: &Vec<Nat>) -> String {
        heaps
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn apply(&self, heaps: &Vec<Nat>, play: &HeapMove) -> Vec<Nat> {
        let mut to = heaps[..play.heap].to_vec();
        to.extend(play.into.iter().cloned());
        to.extend(heaps[play.heap + 1..].iter().cloned());
        to
    }

    fn analyze(
        &self,
        heaps: &Vec<Nat>,
        convention: Convention,
        max_moves: usize,
    ) -> Result<Analysis<HeapMove>, Error> {
        let values = heaps
            .iter()
            .map(|h| self.rules.heap_value(h))
            .collect::<Result<Vec<_>, _>>()?;
        let profile = ValueProfile::of(&values);
        if convention == Convention::Misere && !self.rules.misere_is_tame()? {
            return self.misere_by_search(heaps, profile.nim_sum, max_moves);
        }
        let lost = match convention {
            Convention::Normal => profile.nim_sum == Nat::ZERO,
            Convention::Misere => profile.misere_lost(),
        };
        let mut winning = WinningMoves::new(max_moves);
        if !lost {
            for (index, (heap, value)) in heaps.iter().zip(&values).enumerate() {
                let (target, reason) = self.target(convention, &profile, value);
                if target == *value {
                    continue;
                }
                let options = self
                    .rules
                    .heap_options_with_value(heap, &target, winning.room())?;
                winning.add_count(options.count);
                for option in options.listed {
                    let play = HeapMove {
                        heap: index,
                        into: option,
                    };
                    winning.keep(play, reason, |play| {
                        self.rules.describe(index + 1, heap, &play.into)
                    });
                }
            }
        }
        Ok(winning.into_analysis(
            convention,
            Outcome::from_mover_wins(!lost),
            Some(profile.nim_sum.clone()),
            self.explanation(convention, &values, &profile),
        ))
    }

    fn heap_sequence(&self) -> Option<&dyn HeapSequence> {
        Some(self.rules.sequence())
    }
}

impl<H: HeapRules> Game for HeapSum<H> {
    type Position = Vec<Nat>;

    fn moves(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let mut out = Vec::new();
        for (index, heap) in heaps.iter().enumerate() {
            for option in self.rules.heap_options(heap) {
                let play = HeapMove {
                    heap: index,
                    into: option,
                };
                out.push(self.apply(heaps, &play));
            }
        }
        out
    }

    fn canonical(&self, heaps: &Vec<Nat>) -> Vec<Nat> {
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        sorted
    }

    fn components(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        heaps.iter().map(|h| vec![h.clone()]).collect()
    }
}

/// Exhaustive checks of a heap family against the generic searches, shared by the
/// families' tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::solve::search::{GrundyEngine, Oracle};

    /// Every multiset of 1..=max_count heaps of sizes 0..=max_heap, as sorted lists.
    pub fn positions(max_heap: u64, max_count: usize) -> Vec<Vec<Nat>> {
        let mut all = Vec::new();
        let mut current: Vec<u64> = Vec::new();
        fn extend(
            from: u64,
            max_heap: u64,
            max_count: usize,
            current: &mut Vec<u64>,
            all: &mut Vec<Vec<Nat>>,
        ) {
            if !current.is_empty() {
                all.push(current.iter().map(|&h| Nat::from(h)).collect());
            }
            if current.len() == max_count {
                return;
            }
            for h in from..=max_heap {
                current.push(h);
                extend(h, max_heap, max_count, current, all);
                current.pop();
            }
        }
        extend(0, max_heap, max_count, &mut current, &mut all);
        all
    }

    /// Check Grundy values, outcomes (normal and misère) and the complete list of
    /// winning moves of `game` against the engine and the brute-force oracle, on every
    /// position of up to `max_count` heaps of size at most `max_heap`.
    pub fn check_against_brute_force<H: HeapRules>(
        game: &HeapSum<H>,
        max_heap: u64,
        max_count: usize,
    ) {
        let mut engine = GrundyEngine::new(game);
        for convention in [Convention::Normal, Convention::Misere] {
            let mut oracle = Oracle::new(game, convention);
            for position in positions(max_heap, max_count) {
                let analysis = game.analyze(&position, convention, usize::MAX).unwrap();
                let expected = oracle.outcome(&position).unwrap();
                assert_eq!(
                    analysis.outcome, expected,
                    "{convention:?} outcome of {position:?}"
                );
                let grundy = engine.grundy(&position).unwrap();
                assert_eq!(
                    analysis.grundy,
                    Some(Nat::from(grundy)),
                    "Grundy value of {position:?}"
                );
                let mut listed: Vec<Vec<Nat>> = analysis
                    .winning_moves
                    .iter()
                    .map(|m| game.canonical(&game.apply(&position, &m.play)))
                    .collect();
                let mut winning: Vec<Vec<Nat>> = game
                    .moves(&position)
                    .iter()
                    .filter(|m| oracle.outcome(m).unwrap() == Outcome::P)
                    .map(|m| game.canonical(m))
                    .collect();
                listed.sort();
                winning.sort();
                assert_eq!(
                    listed, winning,
                    "{convention:?} winning moves from {position:?}"
                );
                assert_eq!(analysis.winning_move_count, Nat::from(winning.len()));
            }
        }
    }
}
