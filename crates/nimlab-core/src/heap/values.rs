//! The values of single heaps: what a family that knows its values offers
//! ([`HeapValues`]), and what every other heap game gets from its options alone
//! ([`SearchedValues`]).

use crate::budget::Budget;
use crate::error::Error;
use crate::heap::{HeapOption, HeapOptions, HeapRules};
use crate::num::Nat;
use crate::protocol::HeapSequence;
use crate::solve::mex::MexSet;
use crate::solve::period::Periodicity;
use crate::solve::quotient::LazyQuotient;
use crate::solve::table::{extend_within_budget, table_fits};
use std::sync::{Arc, Mutex, PoisonError};

/// The Grundy values of one heap of a family that knows them (by a formula, a
/// certified period or an engine), for heaps of any size. A capability:
/// [`HeapRules::values`] offers it, and heap games without it are valued by
/// [`SearchedValues`].
pub trait HeapValues: Send + Sync {
    /// The Grundy value of a heap of size `n`, exact for every size; a table it
    /// needs spends from `budget`.
    fn heap_value(&self, n: &Nat, budget: &Budget) -> Result<Nat, Error>;

    /// The options of a heap of size `n` whose Grundy value is `target`, exact for
    /// every size, in a stable order: the first `max` of them, and their number.
    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
        budget: &Budget,
    ) -> Result<HeapOptions, Error>;

    /// Whether the tameness lemma (see [`crate::heap`]) holds for every heap, so that
    /// misère sums follow the misère-Nim rule on Grundy values. Families whose heaps
    /// split must answer `false`: the lemma's proof needs one heap per heap.
    fn misere_is_tame(&self, budget: &Budget) -> Result<bool, Error>;

    /// The nim-sequence of one heap.
    fn sequence(&self) -> &dyn HeapSequence;

    /// The misère quotient of the family, for families the quotient method covers
    /// (take-and-break codes); misère play uses it when it is certified. Default: none.
    fn misere_quotient(&self) -> Option<&LazyQuotient> {
        None
    }
}

/// The values of a heap game known only by its options: g(n) is the mex of the
/// values of n's options (the nim-sum of the heaps each leaves), computed in order
/// g(0), g(1), … as far as questions ask and kept for later ones.
///
/// Every heap an option leaves must be smaller than the heap it came from (an error
/// names the first that is not), so the values are well defined. Misère play is left
/// to exhaustive search (the tameness lemma is not assumed), and no period is known.
pub struct SearchedValues<H> {
    rules: Arc<H>,
    /// g(0), g(1), … as far as computed.
    table: Mutex<Vec<u32>>,
}

impl<H: HeapRules> SearchedValues<H> {
    /// The values of the heap game `rules`, none computed yet.
    pub fn new(rules: Arc<H>) -> Self {
        SearchedValues {
            rules,
            table: Mutex::new(Vec::new()),
        }
    }

    /// `read` of the table g(0), …, g(len − 1), computing what is missing within
    /// `budget` (the table is lent, not copied: questions read a few values of it).
    fn with_values<T>(
        &self,
        len: usize,
        budget: &Budget,
        read: impl FnOnce(&[u32]) -> T,
    ) -> Result<T, Error> {
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        extend_within_budget(&mut table, len, budget, |table, len| {
            while table.len() < len {
                let value = self.mex_of_options(table, table.len(), budget)?;
                table.push(value);
            }
            Ok(())
        })?;
        Ok(read(&table[..len]))
    }

    /// The value of a heap of `n` from the values of the smaller heaps, `table`.
    fn mex_of_options(&self, table: &[u32], n: usize, budget: &Budget) -> Result<u32, Error> {
        let heap = Nat::from(n);
        let options = self.listed_options(&heap, budget)?;
        let mut seen = MexSet::new(options.len());
        for option in &options {
            let mut value = 0;
            for part in option {
                let smaller = usize::try_from(part).ok().filter(|&part| part < n);
                let Some(part) = smaller else {
                    return Err(Error::Undefined(format!(
                        "{}: the option {} of a heap of {n} leaves a heap of {part}, which is \
                         not smaller, so the game's values are not defined",
                        self.rules.spec(),
                        crate::heap::describe_heaps(option),
                    )));
                };
                value ^= table[part];
            }
            seen.insert(value as usize);
        }
        Ok(seen.mex() as u32)
    }

    /// Every option of a heap of `n`, spending one unit of `budget` per option.
    fn listed_options(&self, n: &Nat, budget: &Budget) -> Result<Vec<HeapOption>, Error> {
        let room = usize::try_from(budget.room()).unwrap_or(usize::MAX);
        let options = self.rules.options(n, room.saturating_add(1));
        budget
            .spend(options.len() as u64)
            .map_err(|e| Error::from_budget(e, "the options of each heap"))?;
        Ok(options)
    }

    /// The table's index of a heap of size `n`, or an error when no table reaches it.
    fn index(&self, n: &Nat) -> Result<usize, Error> {
        usize::try_from(n)
            .ok()
            .filter(|&n| n < usize::MAX)
            .ok_or_else(|| {
                Error::NoKnownValue(format!(
                    "{}: a heap of {n} is beyond any table of values",
                    self.rules.spec()
                ))
            })
    }
}

impl<H: HeapRules> HeapValues for SearchedValues<H> {
    fn heap_value(&self, n: &Nat, budget: &Budget) -> Result<Nat, Error> {
        let n = self.index(n)?;
        self.with_values(n + 1, budget, |table| Nat::from(table[n]))
    }

    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
        budget: &Budget,
    ) -> Result<HeapOptions, Error> {
        let len = self.index(n)? + 1;
        let options = self.listed_options(n, budget)?;
        let with_value = self.with_values(len, budget, |table| {
            let value_of = |option: &HeapOption| {
                option.iter().try_fold(0u32, |value, part| {
                    usize::try_from(part)
                        .ok()
                        .and_then(|part| table.get(part))
                        .map(|g| value ^ g)
                })
            };
            options
                .into_iter()
                .filter(|option| value_of(option).is_some_and(|value| *target == value))
                .collect::<Vec<_>>()
        })?;
        Ok(HeapOptions::first_of(with_value, max))
    }

    fn misere_is_tame(&self, _budget: &Budget) -> Result<bool, Error> {
        Ok(false)
    }

    fn sequence(&self) -> &dyn HeapSequence {
        self
    }
}

impl<H: HeapRules> HeapSequence for SearchedValues<H> {
    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        table_fits(upto, budget)?;
        self.with_values(self.index(&Nat::from(upto))? + 1, budget, <[u32]>::to_vec)
    }

    fn periodicity(&self, _budget: &Budget) -> Result<Periodicity, Error> {
        Err(Error::NoKnownValue(format!(
            "{} is known only by its moves, so nimlab knows no period for it (a period \
             needs a certificate, which depends on the rules)",
            self.rules.spec()
        )))
    }

    fn held_words(&self) -> u64 {
        let table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        table.len().div_ceil(2) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::check_game;
    use crate::heap::HeapSum;
    use crate::heap::testing::{check_against_brute_force, check_table_against_engine};
    use crate::protocol::HeapGame;
    use crate::protocol::{AnyPosition, Erased};

    /// A heap game of only the minimum: take one or two tokens, or split a heap into
    /// two heaps (not necessarily equal) without taking any.
    struct TakeOrSplit;

    impl HeapRules for TakeOrSplit {
        fn spec(&self) -> String {
            "take-or-split".to_string()
        }

        fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
            let n = u64::try_from(n).expect("small heaps in this test");
            let takes = (1..=2.min(n)).map(|k| vec![Nat::from(n - k)]);
            let splits = (1..=n / 2).map(|a| vec![Nat::from(a), Nat::from(n - a)]);
            takes.chain(splits).take(limit).collect()
        }
    }

    #[test]
    fn a_heap_game_of_only_its_name_and_options_conforms() {
        let game = HeapSum::new(TakeOrSplit);
        check_table_against_engine(&game, 60);
        check_against_brute_force(&game, 7, 3);
        let start = AnyPosition::new(vec![Nat::from(9u32), Nat::from(4u32)]);
        let checked = check_game(&Erased(game), &start).unwrap_or_else(|v| panic!("{v}"));
        assert!(checked.searched >= 5 && checked.played >= 1, "{checked:?}");
    }

    #[test]
    fn an_option_that_does_not_shrink_the_heap_is_an_error_not_a_hang() {
        struct Grows;
        impl HeapRules for Grows {
            fn spec(&self) -> String {
                "grows".to_string()
            }
            fn options(&self, n: &Nat, _limit: usize) -> Vec<HeapOption> {
                vec![vec![n + Nat::from(1u32)]]
            }
        }
        let game = HeapSum::new(Grows);
        let error = game
            .heap_values()
            .heap_value(&Nat::from(3u32), &Budget::unlimited())
            .unwrap_err();
        assert!(error.to_string().contains("not smaller"), "{error}");
        assert!(game.sequence().periodicity(&Budget::unlimited()).is_err());
    }
}
