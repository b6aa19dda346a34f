//! Grundy's game: split one heap into two non-empty heaps of different sizes.
//!
//! g(n) = mex{ g(a) XOR g(n − a) : 1 ≤ a < n − a }: a split makes a sum of two heaps,
//! so the mex ranges over XORs, not over single heaps. No period is known (Flammenkamp
//! computed 2^35 values without finding one; OEIS A002188), so values come from an
//! exact table, grown on demand up to heaps of [`GRUNDY_GAME_TABLE`] tokens (O(n²) work: about
//! a quarter of a second for the whole table).

use super::HeapSequence;
use super::heap::{HeapOption, HeapOptions, HeapRules};
use crate::error::{Error, InputError};
use crate::limits::GRUNDY_GAME_TABLE;
use crate::num::{Nat, parse_nat, to_u64};
use crate::solve::budget::Budget;
use crate::solve::mex::extend_by_mex;
use crate::solve::period::Periodicity;
use std::sync::{Mutex, PoisonError};

/// Grundy's game, with its table of values computed so far.
#[derive(Debug, Default)]
pub struct GrundyGame {
    table: Mutex<Vec<u32>>,
}

/// Extend `table` (g(0), g(1), …) of Grundy's game to `len` values.
pub fn extend_table(table: &mut Vec<u32>, len: usize) {
    extend_by_mex(table, len, |table, n, seen| {
        for a in (1..).take_while(|a| 2 * a < n) {
            seen.insert((table[a] ^ table[n - a]) as usize);
        }
    });
}

impl GrundyGame {
    /// The game, with an empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Run `read` on a table holding g(0..=upto), growing it first if needed.
    fn with_table<R>(&self, upto: &Nat, read: impl FnOnce(&[u32]) -> R) -> Result<R, Error> {
        let upto = to_u64(upto)
            .map(|n| n as usize)
            .filter(|&n| n <= GRUNDY_GAME_TABLE.get())
            .ok_or_else(|| {
                GRUNDY_GAME_TABLE.exceeded(
                    Some(upto.clone()),
                    format!(
                        "grundy-game has no known period, so nimlab computes its values by \
                         table, for heaps of at most {} tokens; {upto} is more",
                        GRUNDY_GAME_TABLE.value
                    ),
                )
            })?;
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        if table.len() <= upto {
            let len = (upto + 1)
                .max(2 * table.len())
                .min(GRUNDY_GAME_TABLE.get() + 1);
            extend_table(&mut table, len);
        }
        Ok(read(&table[..=upto]))
    }
}

/// The splits a < b of a heap of `n`.
fn splits(n: u64) -> impl Iterator<Item = (u64, u64)> {
    (1..)
        .take_while(move |a| 2 * a < n)
        .map(move |a| (a, n - a))
}

impl HeapRules for GrundyGame {
    fn spec(&self) -> String {
        "grundy-game".to_string()
    }

    fn rules(&self) -> String {
        "Grundy's game: split a heap into two non-empty heaps of different sizes.".to_string()
    }

    fn heap_value(&self, n: &Nat) -> Result<Nat, Error> {
        self.with_table(n, |table| {
            Nat::from(*table.last().expect("g(n) is in the table"))
        })
    }

    fn option_count(&self, n: &Nat) -> Nat {
        if *n == 0u32 {
            return Nat::from(0u32);
        }
        (n - Nat::from(1u32)) >> 1u32
    }

    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
    ) -> Result<HeapOptions, Error> {
        self.with_table(n, |table| {
            let options = splits(table.len() as u64 - 1)
                .filter(|&(a, b)| *target == table[a as usize] ^ table[b as usize])
                .map(|(a, b)| vec![Nat::from(a), Nat::from(b)])
                .collect();
            HeapOptions::first_of(options, max)
        })
    }

    fn describe(&self, heap: Option<usize>, n: &Nat, option: &[Nat]) -> String {
        let heap = heap.map_or("the heap".to_string(), |heap| format!("heap {heap}"));
        format!(
            "split {heap} ({n} → {})",
            super::heap::describe_heaps(option)
        )
    }

    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        let mut out = Vec::new();
        let mut a = Nat::from(1u32);
        while out.len() < limit && &a + &a < *n {
            out.push(vec![a.clone(), n - &a]);
            a += Nat::from(1u32);
        }
        out
    }

    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        matches!(option, [a, b] if *a != 0u32 && *b != 0u32 && a != b && &(a + b) == n)
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
        let words: Vec<&str> = crate::num::tokens(text).collect();
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

    /// Heaps split, so the misère-Nim rule is not available (see [`HeapRules`]).
    fn misere_is_tame(&self) -> Result<bool, Error> {
        Ok(false)
    }

    fn sequence(&self) -> &dyn HeapSequence {
        self
    }
}

impl HeapSequence for GrundyGame {
    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        budget
            .spend(upto as u64 + 1)
            .map_err(|e| Error::from_budget(e, "the table of values"))?;
        self.with_table(&Nat::from(upto), <[u32]>::to_vec)
    }

    fn periodicity(&self, _budget: &Budget) -> Result<Periodicity, Error> {
        Err(Error::NoKnownValue(
            "grundy-game has no known period: Flammenkamp computed its first 2^35 values \
             without finding one"
                .to_string(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Strategy;
    use crate::games::heap::HeapSum;
    use crate::games::heap::testing::check_against_brute_force;
    use crate::games::heap::testing::check_table_against_engine;
    use crate::solve::{Convention, Outcome};

    fn game() -> HeapSum<GrundyGame> {
        HeapSum {
            rules: GrundyGame::new(),
        }
    }

    #[test]
    fn seed_values_and_examples() {
        let g = game();
        assert_eq!(
            g.rules.grundy_table(8, &Budget::unlimited()).unwrap(),
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

    #[test]
    fn growing_the_table_in_steps_gives_the_same_values() {
        let mut whole = Vec::new();
        extend_table(&mut whole, 2001);
        let g = GrundyGame::new();
        for upto in [5usize, 17, 300, 2000] {
            assert_eq!(
                g.grundy_table(upto, &Budget::unlimited()).unwrap(),
                whole[..=upto]
            );
        }
    }

    #[test]
    fn beyond_the_table_and_the_period_are_unsupported() {
        let g = GrundyGame::new();
        let err = g
            .heap_value(&Nat::from(GRUNDY_GAME_TABLE.value + 1))
            .unwrap_err();
        assert!(err.to_string().contains("at most 32768"), "{err}");
        assert!(
            g.periodicity(&Budget::unlimited())
                .unwrap_err()
                .to_string()
                .contains("2^35")
        );
    }
}
