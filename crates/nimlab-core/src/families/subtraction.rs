//! Subtraction games: take s tokens from a heap, for s in a fixed finite set S.
//!
//! g(n) = mex{ g(n − s) : s ∈ S, s ≤ n }. Each value depends only on the previous
//! max S values, so the sequence is eventually periodic, and a match over one window
//! of max S values proves a period forever ([`Theorem::FiniteMemory`]). Heaps of any
//! size are evaluated through that certified period, never a table of n entries.
//!
//! The moves are the octal engine's ([`TakeBreak::Subtraction`]), which the misère
//! quotient reads too.
//!
//! `take:k` is S = {1, …, k}, with the closed form g(n) = n mod (k + 1): from n every
//! residue but n's own is one move away, and n's own is not.

use super::nim::{amounts_up_to, take_amounts};
use crate::budget::Budget;
use crate::error::{Error, InputError, WORK_BUDGET};
use crate::heap::{HeapOption, HeapOptions, HeapRules, HeapValues};
use crate::limits::{
    MISERE_QUOTIENT_SUBTRACTION_AMOUNT, MISERE_QUOTIENT_SUBTRACTION_AMOUNTS, SUBTRACTION_AMOUNT,
    SUBTRACTION_PERIOD_SEARCH, SUBTRACTION_WORK, TAKE_AMOUNT,
};
use crate::num::{Nat, to_u64};
use crate::parse::parse_bounded;
use crate::protocol::HeapSequence;
use crate::solve::mex::{MexSet, mex_of_mask};
use crate::solve::period::{Periodicity, Theorem, search_period};
use crate::solve::quotient::LazyQuotient;
use crate::solve::table::{Once, extend_within_budget, table_of};
use crate::text::list_with_or;
use malachite_base::num::arithmetic::traits::Mod;
use malachite_base::num::basic::traits::Zero;
use nimlab_octal::{SubtractionSet, TakeBreak};

/// Extend `table` (g(0), g(1), …) to `len` values for the subtraction set `set`
/// (sorted, distinct, positive).
pub fn extend_table(set: &[usize], table: &mut Vec<u32>, len: usize) {
    let largest = *set.last().expect("a subtraction set is not empty");
    let start = table.len();
    if start >= len {
        return;
    }
    table.resize(len, 0);
    let mut seen = MexSet::new(set.len());
    // Heaps below max S: only the amounts that fit.
    for n in start..len.min(largest) {
        seen.clear();
        for &s in set.iter().take_while(|&&s| s <= n) {
            seen.insert(table[n - s] as usize);
        }
        table[n] = seen.mex() as u32;
    }
    // From max S on, every amount fits: g(n) reads the window g(n − max S .. n) at
    // offsets max S − s. Small sets get a kernel unrolled for their size.
    let offsets: Vec<usize> = set.iter().map(|&s| largest - s).collect();
    let first = start.max(largest);
    macro_rules! unrolled {
        ($($k:literal)*) => {
            match offsets.len() {
                $($k => fill_unrolled::<$k>(&offsets, table, first, largest),)*
                _ => fill_generic(&offsets, table, first, largest),
            }
        };
    }
    unrolled!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
}

/// The window kernel for |S| = K < 64: values are at most K, so the options' values
/// fit one 64-bit mask and the mex is one `trailing_zeros`.
fn fill_unrolled<const K: usize>(
    offsets: &[usize],
    table: &mut [u32],
    first: usize,
    largest: usize,
) {
    let offsets: [usize; K] = offsets.try_into().expect("K offsets");
    for n in first..table.len() {
        let window = &table[n - largest..n];
        let mut mask = 0u64;
        for o in offsets {
            mask |= 1 << window[o];
        }
        table[n] = mex_of_mask(mask);
    }
}

/// The window kernel for any |S|.
fn fill_generic(offsets: &[usize], table: &mut [u32], first: usize, largest: usize) {
    let mut seen = MexSet::new(offsets.len());
    for n in first..table.len() {
        seen.clear();
        let window = &table[n - largest..n];
        offsets
            .iter()
            .for_each(|&o| seen.insert(window[o] as usize));
        table[n] = seen.mex() as u32;
    }
}

/// The option of taking `taken` tokens from a heap of `n`.
fn take(n: &Nat, taken: u64) -> HeapOption {
    vec![n - Nat::from(taken)]
}

/// The subtraction game with a finite set S.
#[derive(Debug)]
pub struct Subtraction {
    /// Its moves: S, sorted and without repeats.
    moves: TakeBreak,
    solved: Once<Solved>,
    small_table: Once<Vec<u32>>,
    /// The misère quotient, for sets within [`MISERE_QUOTIENT_SUBTRACTION_AMOUNTS`] and
    /// [`MISERE_QUOTIENT_SUBTRACTION_AMOUNT`].
    quotient: Option<LazyQuotient>,
}

/// The certified period, a table covering it, and whether misère play is tame.
#[derive(Debug)]
struct Solved {
    table: Vec<u32>,
    periodicity: Periodicity,
    misere_is_tame: bool,
}

impl Subtraction {
    /// The game for a set of positive amounts (repeats are ignored).
    pub fn new(amounts: &[u64]) -> Result<Self, InputError> {
        if amounts.is_empty() {
            return Err(InputError::missing(
                "subtraction set",
                "positive amounts such as subtraction:1,3,4",
            ));
        }
        let amounts: Vec<usize> = amounts.iter().map(|&s| s as usize).collect();
        let set = SubtractionSet::new(&amounts)
            .ok_or_else(|| InputError::invalid("subtraction set", "0", "positive amounts"))?;
        let quoted = set.amounts().len() <= MISERE_QUOTIENT_SUBTRACTION_AMOUNTS.get()
            && set
                .amounts()
                .iter()
                .all(|&s| s <= MISERE_QUOTIENT_SUBTRACTION_AMOUNT.get());
        let moves = TakeBreak::Subtraction(set);
        Ok(Subtraction {
            quotient: quoted.then(|| LazyQuotient::new(moves.clone())),
            moves,
            solved: Once::default(),
            small_table: Once::default(),
        })
    }

    /// Parse the part of a spec after `subtraction:`, e.g. "1,3,4".
    pub fn parse(args: &str) -> Result<Self, InputError> {
        if args.trim().is_empty() {
            return Self::new(&[]);
        }
        let amounts = args
            .split(',')
            .map(|t| parse_bounded(t.trim(), "subtraction amount", 1, SUBTRACTION_AMOUNT.value))
            .collect::<Result<Vec<_>, _>>()?;
        Self::new(&amounts)
    }

    /// S, sorted.
    pub fn set(&self) -> &[usize] {
        let TakeBreak::Subtraction(set) = &self.moves else {
            unreachable!("a subtraction game moves by a subtraction set")
        };
        set.amounts()
    }

    fn largest(&self) -> usize {
        self.moves.max_removal()
    }

    /// The certified period, found once (within `budget`) and kept. Each value costs
    /// |S| steps, and the search stops at [`SUBTRACTION_WORK`] steps.
    fn solved_within(&self, budget: &Budget) -> Result<&Solved, Error> {
        self.solved.get_or_compute(|| {
            let mut table = Vec::new();
            let affordable = SUBTRACTION_WORK.value / self.set().len() as u64;
            let capped = budget.narrowed(affordable);
            let periodicity = search_period(
                &mut table,
                |table, len| {
                    extend_table(self.set(), table, len);
                    Ok(())
                },
                self.largest(),
                SUBTRACTION_PERIOD_SEARCH.get(),
                &capped,
            )
            .map_err(|error| match error {
                Error::TooLarge(ref t) if t.limit == WORK_BUDGET => SUBTRACTION_WORK.exceeded(
                    None,
                    format!(
                        "{}: no period found within {} steps of table work ({} values of \
                         {} amounts each); nimlab stops there",
                        HeapRules::spec(self),
                        SUBTRACTION_WORK.value,
                        table.len(),
                        self.set().len()
                    ),
                ),
                other => other,
            })?;
            let misere_is_tame = self.tameness_lemma_holds(&table, &periodicity);
            Ok(Solved {
                table,
                periodicity,
                misere_is_tame,
            })
        })
    }

    /// Whether every heap of value 0 that has a move has a move to value 1. Beyond
    /// n0 + p + max S the pattern of g(n) and g(n − s) repeats with period p, so the
    /// heaps below that bound decide it for every heap.
    fn tameness_lemma_holds(&self, table: &[u32], periodicity: &Periodicity) -> bool {
        let bound = periodicity.preperiod + periodicity.period + self.largest();
        (self.set()[0]..bound)
            .all(|n| table[n] != 0 || self.set().iter().any(|&s| s <= n && table[n - s] == 1))
    }

    /// g(n): for small heaps from a short table of their own (a question about a small
    /// heap needs no period, which for a large set can cost much more), for larger
    /// heaps through the certified period.
    fn value(&self, n: &Nat, budget: &Budget) -> Result<u32, Error> {
        match to_u64(n).filter(|&n| n < SMALL_HEAPS as u64) {
            Some(small) => {
                let table = self.small_table.get_or_compute(|| {
                    let mut table = Vec::new();
                    extend_table(self.set(), &mut table, SMALL_HEAPS);
                    Ok(table)
                })?;
                Ok(table[small as usize])
            }
            None => {
                let solved = self.solved_within(budget)?;
                Ok(solved.table[solved.periodicity.reduce(n)])
            }
        }
    }
}

/// Heaps below this many tokens take their values from a table of their own.
const SMALL_HEAPS: usize = 4096;

impl HeapRules for Subtraction {
    /// One pot of 10 to 40 tokens.
    fn random_heaps(&self, rng: &mut rand::rngs::StdRng) -> Vec<Nat> {
        use rand::RngExt;
        vec![Nat::from(rng.random_range(10..=40u32))]
    }

    fn spec(&self) -> String {
        self.moves.to_string()
    }

    fn rules(&self) -> String {
        let amounts: Vec<String> = self.set().iter().map(|s| s.to_string()).collect();
        let noun = if self.set() == [1] { "token" } else { "tokens" };
        format!(
            "Subtraction game: take exactly {} {noun} from a heap.",
            list_with_or(&amounts)
        )
    }

    /// The engine's options, but a heap taken whole stays in its place as an empty heap
    /// (as in every take-away game here), rather than leaving no heap.
    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        let options = self.moves.options(n).take(limit);
        options
            .map(|heaps| {
                if heaps.is_empty() {
                    vec![Nat::ZERO]
                } else {
                    heaps
                }
            })
            .collect()
    }

    fn option_count(&self, n: &Nat) -> Nat {
        self.moves.option_count(n)
    }

    fn is_take_away(&self) -> bool {
        true
    }

    fn values(&self) -> Option<&dyn HeapValues> {
        Some(self)
    }
}

impl HeapValues for Subtraction {
    fn heap_value(&self, n: &Nat, budget: &Budget) -> Result<Nat, Error> {
        Ok(Nat::from(self.value(n, budget)?))
    }

    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
        budget: &Budget,
    ) -> Result<HeapOptions, Error> {
        let mut options = Vec::new();
        for option in self.options(n, usize::MAX) {
            if *target == self.value(&option[0], budget)? {
                options.push(option);
            }
        }
        Ok(HeapOptions::first_of(options, max))
    }

    fn misere_is_tame(&self, budget: &Budget) -> Result<bool, Error> {
        Ok(self.solved_within(budget)?.misere_is_tame)
    }

    fn sequence(&self) -> &dyn HeapSequence {
        self
    }

    fn misere_quotient(&self) -> Option<&LazyQuotient> {
        self.quotient.as_ref()
    }
}

impl HeapSequence for Subtraction {
    /// The solved period's table and the small table: four bytes a value.
    fn held_words(&self) -> u64 {
        let solved = self.solved.get().map_or(0, |solved| solved.table.len());
        let small = self.small_table.get().map_or(0, Vec::len);
        ((solved + small) as u64).div_ceil(2)
    }

    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        let mut table = Vec::new();
        extend_within_budget(&mut table, upto + 1, budget, |table, len| {
            extend_table(self.set(), table, len);
            Ok(())
        })?;
        Ok(table)
    }

    fn periodicity(&self, budget: &Budget) -> Result<Periodicity, Error> {
        Ok(self.solved_within(budget)?.periodicity.clone())
    }
}

/// The subtraction game S = {1, …, k}: take between 1 and k tokens.
#[derive(Clone, Debug)]
pub struct TakeUpTo {
    k: u64,
}

impl TakeUpTo {
    /// Parse the part of a spec after `take:`, e.g. "3".
    pub fn parse(args: &str) -> Result<Self, InputError> {
        Ok(TakeUpTo {
            k: parse_bounded(args.trim(), "take limit", 1, TAKE_AMOUNT.value)?,
        })
    }

    fn modulus(&self) -> Nat {
        Nat::from(self.k + 1)
    }
}

impl HeapRules for TakeUpTo {
    /// One pot of 10 to 40 tokens.
    fn random_heaps(&self, rng: &mut rand::rngs::StdRng) -> Vec<Nat> {
        use rand::RngExt;
        vec![Nat::from(rng.random_range(10..=40u32))]
    }

    fn spec(&self) -> String {
        format!("take:{}", self.k)
    }

    fn rules(&self) -> String {
        match self.k {
            1 => "Take exactly 1 token from a heap.".to_string(),
            2 => "Take 1 or 2 tokens from a heap.".to_string(),
            k => format!("Take 1 to {k} tokens from a heap."),
        }
    }

    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        take_amounts(n, &Nat::from(self.k), limit)
    }

    fn option_count(&self, n: &Nat) -> Nat {
        std::cmp::min(n, &Nat::from(self.k)).clone()
    }

    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        matches!(option, [left] if left < n && n - left <= self.k)
    }

    fn is_take_away(&self) -> bool {
        true
    }

    fn option_syntax(&self, n: &Nat) -> String {
        amounts_up_to(std::cmp::min(n, &Nat::from(self.k)))
    }

    fn values(&self) -> Option<&dyn HeapValues> {
        Some(self)
    }
}

impl HeapValues for TakeUpTo {
    fn heap_value(&self, n: &Nat, _budget: &Budget) -> Result<Nat, Error> {
        Ok(n.mod_op(self.modulus()))
    }

    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
        _budget: &Budget,
    ) -> Result<HeapOptions, Error> {
        // The amount s with (n − s) ≡ target, i.e. s ≡ g(n) − target (mod k + 1).
        let modulus = self.modulus();
        if *target >= modulus {
            return Ok(HeapOptions::default());
        }
        let value = n.mod_op(&modulus);
        let s = (value + &modulus - target).mod_op(&modulus);
        let s = to_u64(&s).expect("a residue mod k + 1 fits in u64");
        let options = if s != 0 && *n >= s {
            vec![take(n, s)]
        } else {
            vec![]
        };
        Ok(HeapOptions::first_of(options, max))
    }

    /// Tame: a heap of value 0 with a move is a positive multiple of k + 1, and taking
    /// k from it leaves value 1.
    fn misere_is_tame(&self, _budget: &Budget) -> Result<bool, Error> {
        Ok(true)
    }

    fn sequence(&self) -> &dyn HeapSequence {
        self
    }
}

impl HeapSequence for TakeUpTo {
    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        table_of(upto, budget, |n| (n as u64 % (self.k + 1)) as u32)
    }

    fn periodicity(&self, _budget: &Budget) -> Result<Periodicity, Error> {
        let period = usize::try_from(self.k + 1)
            .map_err(|_| Error::Undefined("the period does not fit a machine word".into()))?;
        Ok(Periodicity {
            preperiod: 0,
            period,
            values_checked: 0,
            theorem: Theorem::ClosedForm {
                formula: format!("g(n) = n mod {}", self.k + 1),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapSum;
    use crate::heap::testing::check_against_brute_force;
    use crate::protocol::{Notation, Strategy};
    use crate::rules::Game;
    use crate::rules::{Convention, Outcome};
    use crate::solve::search::{GrundyEngine, Oracle};
    use proptest::prelude::*;

    /// Every non-empty subset of {1, …, 8}, plus some sets with larger amounts.
    fn generated_family() -> Vec<Vec<u64>> {
        let mut sets: Vec<Vec<u64>> = (1u32..256)
            .map(|mask| (1..=8).filter(|s| mask >> (s - 1) & 1 == 1).collect())
            .collect();
        sets.extend([
            vec![19, 41, 60],
            vec![24, 53, 59],
            vec![2, 7, 11, 30],
            vec![5, 9],
            vec![1, 13, 40],
        ]);
        sets
    }

    #[test]
    fn every_set_in_the_family_matches_brute_force_on_every_heap_up_to_300() {
        for set in generated_family() {
            let game = HeapSum::new(Subtraction::new(&set).unwrap());
            let mut engine = GrundyEngine::new(&game);
            let mut normal = Oracle::new(&game, Convention::Normal);
            let mut misere = Oracle::new(&game, Convention::Misere);
            for n in 0..=300u32 {
                let heap = vec![Nat::from(n)];
                let value = game
                    .rules
                    .heap_value(&heap[0], &Budget::unlimited())
                    .unwrap();
                assert_eq!(
                    value,
                    Nat::from(engine.grundy(&heap).unwrap()),
                    "{set:?} g({n})"
                );
                let expect_normal = normal.outcome(&heap).unwrap();
                let expect_misere = misere.outcome(&heap).unwrap();
                assert_eq!(
                    game.analyze(&heap, Convention::Normal, 0, &Budget::unlimited())
                        .unwrap()
                        .outcome,
                    expect_normal
                );
                assert_eq!(
                    game.analyze(&heap, Convention::Misere, 0, &Budget::unlimited())
                        .unwrap()
                        .outcome,
                    expect_misere,
                    "{set:?} misère {n}"
                );
            }
        }
    }

    #[test]
    fn sums_of_heaps_match_brute_force() {
        for set in [
            vec![1, 3, 4],
            vec![2, 3],
            vec![1, 4],
            vec![3, 5, 7],
            vec![1, 2, 4],
        ] {
            let game = HeapSum::new(Subtraction::new(&set).unwrap());
            check_against_brute_force(&game, 14, 3);
        }
    }

    #[test]
    fn take_k_closed_form_matches_brute_force() {
        for k in 1..=5 {
            let game = HeapSum::new(TakeUpTo::parse(&k.to_string()).unwrap());
            check_against_brute_force(&game, 12, 3);
            let spelled = Subtraction::new(&(1..=k).collect::<Vec<_>>()).unwrap();
            assert_eq!(
                game.rules.grundy_table(500, &Budget::unlimited()).unwrap(),
                spelled.grundy_table(500, &Budget::unlimited()).unwrap()
            );
            assert_eq!(
                spelled.periodicity(&Budget::unlimited()).unwrap().period,
                k as usize + 1
            );
        }
    }

    #[test]
    fn seed_examples() {
        let s123 = Subtraction::new(&[1, 2, 3]).unwrap();
        assert_eq!(
            s123.grundy_table(8, &Budget::unlimited()).unwrap(),
            [0, 1, 2, 3, 0, 1, 2, 3, 0]
        );
        let s12 = Subtraction::new(&[1, 2]).unwrap();
        assert_eq!(
            s12.grundy_table(6, &Budget::unlimited()).unwrap(),
            [0, 1, 2, 0, 1, 2, 0]
        );
        // The misère pot game (take 1..3): the losing pots are 1, 5, 9, 13, ...
        let game = HeapSum::new(TakeUpTo::parse("3").unwrap());
        for n in 0..40u32 {
            let outcome = game
                .analyze(
                    &vec![Nat::from(n)],
                    Convention::Misere,
                    0,
                    &Budget::unlimited(),
                )
                .unwrap()
                .outcome;
            assert_eq!(outcome == Outcome::P, n % 4 == 1, "pot of {n}");
        }
    }

    #[test]
    fn long_period_of_19_41_60() {
        let game = Subtraction::new(&[19, 41, 60]).unwrap();
        let periodicity = game.periodicity(&Budget::unlimited()).unwrap();
        assert_eq!(periodicity.period, 1615);
        // Check the claimed period directly on a long independent table.
        let table = game.grundy_table(20_000, &Budget::unlimited()).unwrap();
        let pre = periodicity.preperiod;
        assert!((pre..table.len() - 1615).all(|n| table[n] == table[n + 1615]));
        if pre > 0 {
            assert_ne!(table[pre - 1], table[pre - 1 + 1615], "preperiod is least");
        }
    }

    #[test]
    fn parse_errors_name_the_token() {
        let err = |s: &str| Subtraction::parse(s).unwrap_err().to_string();
        assert_eq!(
            err("0"),
            "invalid subtraction amount '0': expected an integer from 1 to 1000000"
        );
        assert!(err("").starts_with("missing subtraction set"));
        assert!(err("1,x").contains("'x'"));
        assert!(err("1,-2").contains("'-2'"));
        assert!(
            TakeUpTo::parse("0")
                .unwrap_err()
                .to_string()
                .contains("'0'")
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every kernel (unrolled for |S| ≤ 16, generic beyond) against the definition.
        #[test]
        fn table_kernels_match_the_definition(set in proptest::collection::btree_set(1u64..=70, 1..=24)) {
            let set: Vec<usize> = set.into_iter().map(|s| s as usize).collect();
            let mut naive: Vec<u32> = Vec::new();
            for n in 0..600 {
                let options: Vec<usize> = set.iter().filter(|&&s| s <= n).map(|&s| naive[n - s] as usize).collect();
                naive.push((0..).find(|v| !options.contains(v)).unwrap() as u32);
            }
            let mut table = Vec::new();
            extend_table(&set, &mut table, 250);
            extend_table(&set, &mut table, 600);
            prop_assert_eq!(table, naive);
        }

        /// Values of huge heaps through the period agree with a direct table for heaps
        /// far past the table the period search computed.
        #[test]
        fn period_lookup_matches_direct_table(set in proptest::collection::btree_set(1u64..=30, 1..5), n in 0u64..200_000) {
            let set: Vec<u64> = set.into_iter().collect();
            let game = Subtraction::new(&set).unwrap();
            let table = game.grundy_table(n as usize, &Budget::unlimited()).unwrap();
            prop_assert_eq!(game.heap_value(&Nat::from(n), &Budget::unlimited()).unwrap(), Nat::from(table[n as usize]));
        }

        /// Winning moves from huge heaps really lead to value-0 sums.
        #[test]
        fn huge_heap_winning_moves_zero_the_sum(digits in "[1-9][0-9]{30,60}", other in 0u64..1000) {
            let game = HeapSum::new(Subtraction::new(&[2, 5, 6]).unwrap());
            let heaps = game.parse_position(&format!("{digits} {other}")).unwrap();
            let analysis = game.analyze(&heaps, Convention::Normal, usize::MAX, &Budget::unlimited()).unwrap();
            for m in &analysis.winning_moves {
                let to = game.apply(&heaps, &m.play);
                let values: Vec<Nat> = to.iter().map(|h| game.rules.heap_value(h, &Budget::unlimited()).unwrap()).collect();
                prop_assert_eq!(crate::solve::sum::nim_sum(&values), Nat::from(0u32));
                prop_assert_eq!(game.moves(&heaps).iter().filter(|q| **q == to).count(), 1);
            }
            prop_assert_eq!(analysis.outcome == Outcome::N, analysis.winning_move_count > 0u32);
        }
    }
}
