//! Grundy's game: split one heap into two non-empty heaps of different sizes.
//!
//! g(n) = mex{ g(a) XOR g(n − a) : 1 ≤ a < n − a }: a split makes a sum of two heaps,
//! so the mex ranges over XORs, not over single heaps. No period is known (Flammenkamp
//! computed 2^35 values without finding one; OEIS A002188), so values come from the
//! octal engine's table ([`EngineSequence`], the sparse-space method), for heaps below
//! [`crate::limits::OCTAL_PERIOD_SEARCH`] tokens. Its moves are the octal engine's
//! ([`TakeBreak::GrundysGame`]), which the engine and the misère quotient read too.

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::heap::engine::EngineSequence;
use crate::heap::{HeapOption, HeapOptions, HeapRules, HeapValues};
use crate::num::{Nat, to_u64};
use crate::parse::parse_nat;
use crate::protocol::HeapSequence;
use crate::solve::quotient::LazyQuotient;
use nimlab_octal::{Rules, TakeBreak};

/// Grundy's game, with its table of values computed so far.
#[derive(Debug)]
pub struct GrundyGame {
    /// Its moves.
    moves: TakeBreak,
    sequence: EngineSequence,
    /// The misère quotient of the heaps solved (never certified for every size: the
    /// parts of a split must differ, so large heaps do not all move alike).
    quotient: LazyQuotient,
}

impl Default for GrundyGame {
    fn default() -> Self {
        let moves = TakeBreak::GrundysGame;
        GrundyGame {
            sequence: EngineSequence::new(moves.to_string(), Rules::new(moves.clone())),
            quotient: LazyQuotient::new(moves.clone()),
            moves,
        }
    }
}

impl GrundyGame {
    /// The game, with an empty table.
    pub fn new() -> Self {
        Self::default()
    }
}

impl HeapRules for GrundyGame {
    fn spec(&self) -> String {
        self.moves.to_string()
    }

    fn rules(&self) -> String {
        "Grundy's game: split a heap into two non-empty heaps of different sizes.".to_string()
    }

    fn removes_inside(&self) -> bool {
        false
    }

    fn click_help(&self) -> String {
        "Click a gap between two tokens to split the heap there; the two parts must \
         differ in size."
            .to_string()
    }

    fn option_count(&self, n: &Nat) -> Nat {
        self.moves.option_count(n)
    }

    fn describe(&self, heap: Option<usize>, n: &Nat, option: &[Nat]) -> String {
        let heap = heap.map_or("the heap".to_string(), |heap| format!("heap {heap}"));
        format!(
            "split {heap} ({n} → {})",
            crate::heap::describe_heaps(option)
        )
    }

    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        self.moves.options(n).take(limit).collect()
    }

    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        self.moves.is_option(n, option)
    }

    fn option_syntax(&self, n: &Nat) -> String {
        match self.options(n, 1).first() {
            Some(option) => format!(
                "the size of one part, e.g. {} to split {n} into {} and {}",
                option[0], option[0], option[1]
            ),
            None => format!("nothing: a heap of {n} cannot be split into unequal parts"),
        }
    }

    fn parse_option(&self, n: &Nat, text: &str) -> Result<HeapOption, InputError> {
        let invalid = || {
            InputError::invalid(
                "move",
                text.trim(),
                format!("the size of one part of {n}, smaller than {n} and not half of it"),
            )
        };
        let words: Vec<&str> = crate::parse::tokens(text).collect();
        let [word] = words[..] else {
            return Err(invalid());
        };
        let part = parse_nat(word, "part size")?;
        if part >= *n {
            return Err(invalid());
        }
        let option = vec![part.clone(), n - part];
        if !self.is_option(n, &option) {
            return Err(invalid());
        }
        Ok(option)
    }

    fn option_text(&self, _n: &Nat, option: &[Nat]) -> String {
        option[0].to_string()
    }

    fn values(&self) -> Option<&dyn HeapValues> {
        Some(self)
    }
}

impl HeapValues for GrundyGame {
    fn heap_value(&self, n: &Nat, budget: &Budget) -> Result<Nat, Error> {
        self.sequence.value(n, budget).map(Nat::from)
    }

    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
        budget: &Budget,
    ) -> Result<HeapOptions, Error> {
        self.sequence.value(n, budget)?; // fails unless every heap up to n has a known value
        let n = to_u64(n).expect("a heap with a known value is small");
        self.sequence
            .with_values(n as usize, budget, |values, index| {
                let g = |heaps: &[u64]| heaps.iter().fold(0, |x, &h| x ^ values[index(h as usize)]);
                let options = self
                    .moves
                    .options(&n)
                    .filter(|heaps| *target == g(heaps))
                    .map(|heaps| heaps.into_iter().map(Nat::from).collect())
                    .collect();
                HeapOptions::first_of(options, max)
            })
    }

    /// Heaps split, so the misère-Nim rule is not available (see [`HeapRules`]).
    fn misere_is_tame(&self, _budget: &Budget) -> Result<bool, Error> {
        Ok(false)
    }

    fn sequence(&self) -> &dyn HeapSequence {
        &self.sequence
    }

    fn misere_quotient(&self) -> Option<&LazyQuotient> {
        Some(&self.quotient)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapSum;
    use crate::heap::testing::check_against_brute_force;
    use crate::heap::testing::check_table_against_engine;
    use crate::limits::OCTAL_PERIOD_SEARCH;
    use crate::protocol::{Notation, Strategy};
    use crate::rules::{Convention, Outcome};

    fn game() -> HeapSum<GrundyGame> {
        HeapSum::new(GrundyGame::new())
    }

    #[test]
    fn seed_values_and_examples() {
        let g = game();
        assert_eq!(
            g.rules
                .sequence
                .grundy_table(8, &Budget::unlimited())
                .unwrap(),
            [0, 0, 0, 1, 0, 2, 1, 0, 2]
        );
        let outcome = |p: &str| {
            g.analyze(
                &g.parse_position(p).unwrap(),
                Convention::Normal,
                0,
                &Budget::unlimited(),
            )
            .unwrap()
            .outcome
        };
        assert_eq!(outcome("8"), Outcome::N);
        assert_eq!(outcome("3 3"), Outcome::P);
    }

    #[test]
    fn table_matches_the_engine_on_every_heap_up_to_70() {
        check_table_against_engine(&game(), 70);
    }

    #[test]
    fn sums_and_misere_match_brute_force() {
        check_against_brute_force(&game(), 10, 3);
    }

    /// g(0..len) by the definition: the mex of g(a) XOR g(n − a) over 1 ≤ a < n − a.
    fn by_definition(len: usize) -> Vec<u32> {
        let mut g = Vec::with_capacity(len);
        for n in 0..len {
            let reached: Vec<u32> = (1..n)
                .take_while(|a| 2 * a < n)
                .map(|a| g[a] ^ g[n - a])
                .collect();
            g.push((0..).find(|v| !reached.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn growing_the_table_in_steps_gives_the_values_of_the_definition() {
        let whole = by_definition(2001);
        let g = GrundyGame::new();
        for upto in [5usize, 17, 300, 2000] {
            assert_eq!(
                g.sequence.grundy_table(upto, &Budget::unlimited()).unwrap(),
                whole[..=upto]
            );
        }
    }

    #[test]
    fn beyond_the_table_and_the_period_are_unsupported() {
        let g = GrundyGame::new();
        let err = g
            .heap_value(
                &Nat::from(OCTAL_PERIOD_SEARCH.value + 1),
                &Budget::unlimited(),
            )
            .unwrap_err();
        assert!(err.to_string().contains("no known period"), "{err}");
        assert!(
            g.sequence
                .periodicity(&Budget::unlimited())
                .unwrap_err()
                .to_string()
                .contains("2^35")
        );
    }
}
