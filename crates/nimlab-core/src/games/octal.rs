//! Octal games (Guy & Smith 1956; Winning Ways ch. 4), Kayles among them.
//!
//! A code 0.d1d2…dK says, for each k, what removing k tokens from one heap may leave:
//! bit 1 of d_k: nothing (the heap had exactly k tokens); bit 2: one non-empty heap;
//! bit 4: two non-empty heaps (the rest is split). Kayles is 0.77: knock down one pin
//! or two adjacent pins of a row, which may split it.
//!
//! g(n) = mex of g(a) XOR g(b) over the options; the table is the straightforward
//! O(n²) split kernel. Every finite octal game's values are periodic or not, and the
//! Guy–Smith theorem ([`Theorem::Octal`]) turns a match of 2·n0 + p + K values into a
//! proof of period p from n0 on. The period is searched once, on a table of at most
//! [`OCTAL_PERIOD_SEARCH`] values; heaps of any size then take their value from it. A game
//! without a period in that range is exact for heaps inside the table only.
//!
//! Winning moves from a huge heap: the splits (a, m − a) with a beyond n0 + p come in
//! p residue classes whose value depends only on a mod p, so they are counted exactly
//! with arithmetic and listed in increasing a.

use super::HeapSequence;
use super::heap::{
    HeapOption, HeapOptions, HeapRules, describe_heaps, describe_take, parse_take, take_syntax,
    taken,
};
use crate::error::{Error, InputError};
use crate::limits::{OCTAL_DIGITS, OCTAL_PERIOD_SEARCH};
use crate::num::{Nat, parse_nat, to_u64};
use crate::report::Board;
use crate::solve::budget::Budget;
use crate::solve::mex::extend_by_mex;
use crate::solve::period::{Periodicity, Theorem, search_period};
use crate::text::count_of;
use malachite_base::num::arithmetic::traits::Mod;
use malachite_base::num::basic::traits::{One, Zero};
use std::sync::OnceLock;

/// An octal game with a finite code.
#[derive(Debug)]
pub struct Octal {
    /// d_1, …, d_K (d_K ≠ 0).
    digits: Vec<u8>,
    /// Kayles has its own spec and speaks of pins and rows.
    kayles: bool,
    solved: OnceLock<Solved>,
}

/// The table the period search computed and the period it certified, if any.
#[derive(Debug)]
struct Solved {
    table: Vec<u32>,
    periodicity: Result<Periodicity, Error>,
}

/// Extend `table` (g(0), g(1), …) to `len` values for the code with `digits`.
pub fn extend_table(digits: &[u8], table: &mut Vec<u32>, len: usize) {
    extend_by_mex(table, len, |table, n, seen| {
        for (k, &digit) in (1..).zip(digits) {
            if digit & 1 != 0 && n == k {
                seen.insert(0);
            }
            if digit & 2 != 0 && n > k {
                seen.insert(table[n - k] as usize);
            }
            if digit & 4 != 0 && n >= k + 2 {
                let rest = n - k;
                for a in 1..=rest / 2 {
                    seen.insert((table[a] ^ table[rest - a]) as usize);
                }
            }
        }
    });
}

impl Octal {
    /// Kayles, the octal game 0.77.
    pub fn kayles() -> Self {
        Octal {
            digits: vec![7, 7],
            kayles: true,
            solved: OnceLock::new(),
        }
    }

    /// Parse a code such as `0.137` (the part of a spec after `octal:`); a missing
    /// leading 0 (`.137`) is accepted, trailing zeros are dropped.
    pub fn parse(code: &str) -> Result<Self, InputError> {
        const EXPECTED: &str = "a code such as 0.77: '0.' and then up to 32 digits from 0 to 7, \
                                not all 0";
        let code = code.trim();
        if code.is_empty() {
            return Err(InputError::missing("octal code", EXPECTED));
        }
        let digits = code
            .strip_prefix("0.")
            .or_else(|| code.strip_prefix('.'))
            .filter(|d| d.bytes().all(|b| (b'0'..=b'7').contains(&b)))
            .map(|d| d.trim_end_matches('0'))
            .filter(|d| !d.is_empty() && d.len() <= OCTAL_DIGITS.get())
            .ok_or_else(|| InputError::invalid("octal code", code, EXPECTED))?;
        Ok(Octal {
            digits: digits.bytes().map(|b| b - b'0').collect(),
            kayles: false,
            solved: OnceLock::new(),
        })
    }

    /// The code, e.g. "0.137".
    pub fn code(&self) -> String {
        let digits: String = self.digits.iter().map(|d| char::from(b'0' + d)).collect();
        format!("0.{digits}")
    }

    fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 4 != 0)
    }

    fn solved(&self) -> &Solved {
        self.solved.get_or_init(|| {
            let mut table = Vec::new();
            let periodicity = search_period(
                &mut table,
                |table, len| extend_table(&self.digits, table, len),
                Theorem::Octal {
                    last_digit: self.digits.len(),
                },
                OCTAL_PERIOD_SEARCH.get(),
                &Budget::unlimited(),
            );
            Solved { table, periodicity }
        })
    }

    /// g(n), from the table or through the certified period.
    fn value(&self, n: &Nat) -> Result<u32, Error> {
        let solved = self.solved();
        if let Some(g) = to_u64(n).and_then(|n| solved.table.get(n as usize)) {
            return Ok(*g);
        }
        match &solved.periodicity {
            Ok(periodicity) => Ok(solved.table[periodicity.reduce(n)]),
            Err(why) => Err(Error::NoKnownValue(format!(
                "{}: {why}, so heaps of more than {} tokens have no known value",
                HeapRules::spec(self),
                solved.table.len() - 1
            ))),
        }
    }

    /// The splits of `rest` tokens into two non-empty heaps a ≤ b whose value is
    /// `target`, in increasing a, added to `found`.
    fn splits_with_value(
        &self,
        rest: &Nat,
        target: u32,
        max: usize,
        found: &mut HeapOptions,
    ) -> Result<(), Error> {
        self.value(rest)?; // fails unless every heap up to `rest` has a known value
        let solved = self.solved();
        let half: Nat = rest >> 1u32;
        let offer = |a: u64, found: &mut HeapOptions| {
            if found.listed.len() < max {
                found.listed.push(vec![Nat::from(a), rest - Nat::from(a)]);
            }
        };
        let periodicity = match &solved.periodicity {
            Ok(p) if half > (p.preperiod + p.period) as u64 => p,
            _ => {
                // A small heap: every split one by one.
                let half = to_u64(&half).expect("a heap with known values is small");
                for a in 1..=half {
                    if self.value(&Nat::from(a))? ^ self.value(&(rest - Nat::from(a)))? == target {
                        found.count += Nat::ONE;
                        offer(a, found);
                    }
                }
                return Ok(());
            }
        };
        // rest − a ≥ half > n0 + p for every split, so g(rest − a) = g(n0 + (c − a) mod p)
        // with c = (rest − n0) mod p. Below a = n0 + p, one by one; beyond, g(a) is
        // periodic too and the splits fall into p residue classes, counted by arithmetic.
        let (pre, period) = (periodicity.preperiod, periodicity.period as u64);
        let table = &solved.table;
        let c = to_u64(&(rest - Nat::from(pre)).mod_op(Nat::from(period))).expect("a residue");
        let value = |a: u64| {
            let g_a = match table.get(a as usize) {
                Some(&g) => g,
                None => table[pre + ((a - pre as u64) % period) as usize],
            };
            g_a ^ table[pre + ((c + period - a % period) % period) as usize]
        };
        let explicit_end = pre as u64 + period;
        for a in (1..=explicit_end).filter(|&a| value(a) == target) {
            found.count += Nat::ONE;
            offer(a, found);
        }
        let matches: Vec<bool> = (1..=period)
            .map(|j| value(explicit_end + j) == target)
            .collect();
        for (j, _) in (1..).zip(&matches).filter(|(_, m)| **m) {
            let first = Nat::from(explicit_end + j);
            if first <= half {
                found.count += (&half - &first) / Nat::from(period) + Nat::ONE;
            }
        }
        if matches.contains(&true) {
            let mut a = explicit_end + 1;
            while found.listed.len() < max && half >= a {
                if matches[((a - explicit_end - 1) % period) as usize] {
                    offer(a, found);
                }
                a += 1;
            }
        }
        Ok(())
    }

    /// Whether the tameness lemma holds: never for splitting codes (see
    /// [`HeapRules::misere_is_tame`]); otherwise checked on the heaps below
    /// n0 + p + K, beyond which the values of a heap and its options repeat.
    fn tameness_lemma_holds(&self) -> bool {
        let solved = self.solved();
        let Ok(periodicity) = &solved.periodicity else {
            return false;
        };
        if self.splits() {
            return false;
        }
        let table = &solved.table;
        let bound = periodicity.preperiod + periodicity.period + self.digits.len();
        (0..bound).all(|n| {
            let mut options = (1..).zip(&self.digits).flat_map(|(k, &d)| {
                let whole = (d & 1 != 0 && n == k).then_some(0);
                let one = (d & 2 != 0 && n > k).then(|| table[n - k]);
                whole.into_iter().chain(one)
            });
            let mut has_move = false;
            let mut to_one = false;
            for value in options.by_ref() {
                has_move = true;
                to_one |= value == 1;
            }
            table[n] != 0 || !has_move || to_one
        })
    }
}

impl HeapRules for Octal {
    fn spec(&self) -> String {
        if self.kayles {
            "kayles".to_string()
        } else {
            format!("octal:{}", self.code())
        }
    }

    fn rules(&self) -> String {
        if self.kayles {
            "Kayles: a heap is a row of pins; knock down one pin or two adjacent pins, \
             which may split the row in two."
                .to_string()
        } else {
            format!(
                "Octal game {}: digit k of the code says what taking k tokens from a heap \
                 may leave (1: nothing, the heap had exactly k; 2: one heap; 4: two \
                 non-empty heaps; digits add up).",
                self.code()
            )
        }
    }

    fn heap_value(&self, n: &Nat) -> Result<Nat, Error> {
        Ok(Nat::from(self.value(n)?))
    }

    fn option_count(&self, n: &Nat) -> Nat {
        let mut count = Nat::ZERO;
        for (k, &digit) in (1u64..).zip(&self.digits) {
            if digit & 1 != 0 && *n == k {
                count += Nat::ONE;
            }
            if digit & 2 != 0 && *n > k {
                count += Nat::ONE;
            }
            if digit & 4 != 0 && *n >= k + 2 {
                count += (n - Nat::from(k)) >> 1u32;
            }
        }
        count
    }

    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
    ) -> Result<HeapOptions, Error> {
        let mut found = HeapOptions::default();
        let Some(target) = to_u64(target).and_then(|t| u32::try_from(t).ok()) else {
            return Ok(found); // no heap has so large a value
        };
        for (k, &digit) in (1u64..).zip(&self.digits) {
            if *n < k {
                break;
            }
            let mut offer = |option: HeapOption| {
                found.count += Nat::ONE;
                if found.listed.len() < max {
                    found.listed.push(option);
                }
            };
            if digit & 1 != 0 && *n == k && target == 0 {
                offer(vec![]);
            }
            let rest = n - Nat::from(k);
            if digit & 2 != 0 && *n > k && self.value(&rest)? == target {
                offer(vec![rest.clone()]);
            }
            if digit & 4 != 0 && rest >= 2u32 {
                self.splits_with_value(&rest, target, max, &mut found)?;
            }
        }
        Ok(found)
    }

    fn describe(&self, heap: Option<usize>, n: &Nat, option: &[Nat]) -> String {
        if !self.kayles {
            return describe_take(heap, n, option);
        }
        let row = heap.map_or("the row".to_string(), |heap| format!("row {heap}"));
        let count = taken(n, option);
        match option {
            [] if count == 1u32 => format!("knock down the only pin of {row}"),
            [] => format!("knock down both pins of {row}"),
            [left] => format!(
                "knock down {} at the end of {row}, leaving a row of {left}",
                count_of(&count, "pin", "pins")
            ),
            [a, b] => format!(
                "knock down {} from {row}, leaving rows of {a} and {b}",
                count_of(&count, "pin", "pins")
            ),
            _ => format!("{row} ({n} → {})", describe_heaps(option)),
        }
    }

    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        let mut out = Vec::new();
        for (k, &digit) in (1u64..).zip(&self.digits) {
            if digit & 1 != 0 && *n == k {
                out.push(vec![]);
            }
            if digit & 2 != 0 && *n > k {
                out.push(vec![n - Nat::from(k)]);
            }
            if digit & 4 != 0 && *n >= k + 2 {
                let rest = n - Nat::from(k);
                let mut a = Nat::ONE;
                while out.len() < limit && &a + &a <= rest {
                    out.push(vec![a.clone(), &rest - &a]);
                    a += Nat::ONE;
                }
            }
            if out.len() >= limit {
                break;
            }
        }
        out.truncate(limit);
        out
    }

    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        let left = option.iter().fold(Nat::ZERO, |sum, h| sum + h);
        if left >= *n || option.iter().any(|h| *h == 0u32) {
            return false;
        }
        let Some(digit) = to_u64(&(n - left))
            .and_then(|k| usize::try_from(k).ok())
            .and_then(|k| self.digits.get(k.wrapping_sub(1)))
        else {
            return false;
        };
        match option.len() {
            0 => digit & 1 != 0,
            1 => digit & 2 != 0,
            2 => digit & 4 != 0,
            _ => false,
        }
    }

    fn is_take_away(&self) -> bool {
        !self.splits()
    }

    fn names(&self) -> (&'static str, &'static str) {
        if self.kayles {
            ("row", "pin")
        } else {
            ("heap", "token")
        }
    }

    /// Kayles is drawn as rows of pins.
    fn board(&self, heaps: &[Nat]) -> Board {
        if self.kayles {
            Board::Pins {
                rows: heaps.to_vec(),
            }
        } else {
            Board::Heaps {
                heaps: heaps.to_vec(),
                heap: "heap",
                token: "token",
            }
        }
    }

    /// Splitting codes: the tokens to remove, counted along the heap as a row.
    fn option_syntax(&self, n: &Nat) -> String {
        if !self.splits() {
            return take_syntax(self, n);
        }
        let (things, verb) = if self.kayles {
            ("pins", "knock down")
        } else {
            ("tokens", "remove")
        };
        format!(
            "the {things} to {verb}, numbered 1 to {n} along the row: one, such as 3, or a \
             run, such as 3-4"
        )
    }

    fn parse_option(&self, n: &Nat, text: &str) -> Result<HeapOption, InputError> {
        if !self.splits() {
            return parse_take(self, n, text);
        }
        let invalid = || InputError::invalid("move", text.trim(), self.option_syntax(n));
        let words: Vec<&str> = crate::num::tokens(text).collect();
        let [word] = words[..] else {
            return Err(invalid());
        };
        let (first, last) = word.split_once('-').unwrap_or((word, word));
        let first = parse_nat(first, "position in the row")?;
        let last = parse_nat(last, "position in the row")?;
        if first == 0u32 || first > last || last > *n {
            return Err(invalid());
        }
        let before = first - Nat::ONE;
        let after = n - last;
        let option: Vec<Nat> = [before, after].into_iter().filter(|h| *h != 0u32).collect();
        if !self.is_option(n, &option) {
            return Err(invalid());
        }
        Ok(option)
    }

    fn option_text(&self, n: &Nat, option: &[Nat]) -> String {
        if !self.splits() {
            return taken(n, option).to_string();
        }
        let count = taken(n, option);
        // Options leave their heaps in row order: a run removed from the end leaves
        // the one heap before it.
        let first = match option {
            [before, _] | [before] => before + Nat::ONE,
            _ => Nat::ONE,
        };
        let last = &first + &count - Nat::ONE;
        if count == 1u32 {
            first.to_string()
        } else {
            format!("{first}-{last}")
        }
    }

    fn misere_is_tame(&self) -> Result<bool, Error> {
        Ok(self.tameness_lemma_holds())
    }

    fn sequence(&self) -> &dyn HeapSequence {
        self
    }
}

impl HeapSequence for Octal {
    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        budget
            .spend(upto as u64 + 1)
            .map_err(|e| Error::from_budget(e, "the table of values"))?;
        (0..=upto as u64)
            .map(|n| self.value(&Nat::from(n)))
            .collect()
    }

    fn periodicity(&self, _budget: &Budget) -> Result<Periodicity, Error> {
        self.solved().periodicity.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Strategy;
    use crate::games::heap::HeapSum;
    use crate::games::heap::testing::check_against_brute_force;
    use crate::games::heap::testing::check_table_against_engine;
    use crate::solve::search::Game;
    use crate::solve::sum::nim_sum;
    use crate::solve::{Convention, Outcome};
    use malachite_base::num::basic::traits::Zero;
    use proptest::prelude::*;

    fn sum(game: Octal) -> HeapSum<Octal> {
        HeapSum { rules: game }
    }

    /// The seed's Kayles oracle, transcribed.
    fn seed_kayles(n: usize) -> Vec<u32> {
        let mut g = vec![0u32; n + 1];
        for x in 1..=n {
            let mut reach = Vec::new();
            for i in 0..x {
                reach.push(g[i] ^ g[x - 1 - i]);
            }
            for i in 0..x.saturating_sub(1) {
                reach.push(g[i] ^ g[x - 2 - i]);
            }
            g[x] = (0..).find(|j| !reach.contains(j)).unwrap();
        }
        g
    }

    #[test]
    fn kayles_matches_the_seed_and_has_period_12_from_71() {
        let kayles = Octal::kayles();
        assert_eq!(
            kayles.grundy_table(8, &Budget::unlimited()).unwrap(),
            [0, 1, 2, 3, 1, 4, 3, 2, 1]
        );
        assert_eq!(
            kayles.grundy_table(600, &Budget::unlimited()).unwrap(),
            seed_kayles(600)
        );
        let p = kayles.periodicity(&Budget::unlimited()).unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
        assert_eq!(p.theorem, Theorem::Octal { last_digit: 2 });
    }

    #[test]
    fn known_periods_of_dawson_games() {
        // Dawson's chess 0.137: period 34, last exception at 51. Dawson's Kayles 0.07
        // is the same sequence shifted by one, so its last exception is at 52.
        let p = Octal::parse("0.137")
            .unwrap()
            .periodicity(&Budget::unlimited())
            .unwrap();
        assert_eq!((p.preperiod, p.period), (52, 34));
        let p = Octal::parse("0.07")
            .unwrap()
            .periodicity(&Budget::unlimited())
            .unwrap();
        assert_eq!((p.preperiod, p.period), (53, 34));
        let chess = Octal::parse("0.137")
            .unwrap()
            .grundy_table(300, &Budget::unlimited())
            .unwrap();
        let kayles = Octal::parse("0.07")
            .unwrap()
            .grundy_table(301, &Budget::unlimited())
            .unwrap();
        assert_eq!(chess[..], kayles[1..]);
    }

    /// The table kernel against the generic engine on single heaps, for many codes.
    #[test]
    fn tables_match_the_engine_for_every_two_digit_code() {
        for d1 in 0..8u8 {
            for d2 in 0..8u8 {
                if d1 == 0 && d2 == 0 {
                    continue;
                }
                let game = sum(Octal::parse(&format!("0.{d1}{d2}")).unwrap());
                check_table_against_engine(&game, 60);
            }
        }
    }

    #[test]
    fn kayles_sums_and_misere_match_brute_force() {
        check_against_brute_force(&sum(Octal::kayles()), 9, 3);
    }

    #[test]
    fn other_codes_match_brute_force() {
        for code in [
            "0.07", "0.137", "0.6", "0.33", "0.03", "0.4", "0.1", "0.007",
        ] {
            check_against_brute_force(&sum(Octal::parse(code).unwrap()), 9, 3);
        }
    }

    #[test]
    fn kayles_moves_are_described_with_pins_and_rows() {
        let game = sum(Octal::kayles());
        let position = game.parse_position("1 9").unwrap();
        let analysis = game
            .analyze(&position, Convention::Normal, 100, &Budget::unlimited())
            .unwrap();
        let actions: Vec<&str> = analysis
            .winning_moves
            .iter()
            .map(|m| m.action.as_str())
            .collect();
        assert!(
            actions
                .iter()
                .all(|a| a.starts_with("knock down") && a.contains("row")),
            "{actions:?}"
        );
        let describe = |n: u32, option: &[u32]| {
            let option: Vec<Nat> = option.iter().map(|&h| Nat::from(h)).collect();
            game.rules.describe(Some(2), &Nat::from(n), &option)
        };
        assert_eq!(
            describe(9, &[3, 5]),
            "knock down 1 pin from row 2, leaving rows of 3 and 5"
        );
        assert_eq!(
            describe(9, &[3, 4]),
            "knock down 2 pins from row 2, leaving rows of 3 and 4"
        );
        assert_eq!(
            describe(9, &[8]),
            "knock down 1 pin at the end of row 2, leaving a row of 8"
        );
        assert_eq!(describe(1, &[]), "knock down the only pin of row 2");
        assert_eq!(describe(2, &[]), "knock down both pins of row 2");
    }

    #[test]
    fn parse_errors_name_the_token() {
        let err = |s: &str| Octal::parse(s).unwrap_err().to_string();
        assert!(err("0.8").contains("'0.8'"));
        assert!(err("0.000").contains("'0.000'"));
        assert!(err("77").contains("'77'"));
        assert!(err("").starts_with("missing octal code"));
        assert!(err(&format!("0.{}", "7".repeat(33))).contains("octal code"));
        assert_eq!(Octal::parse(".770").unwrap().code(), "0.77");
    }

    #[test]
    fn huge_kayles_rows_count_every_winning_split() {
        // A row of 10^30 + r pins: count the winning options by brute force over
        // the residue classes of a row of the same residue and compare the formula
        // on moderately large rows where brute force is still possible.
        let kayles = Octal::kayles();
        for n in [500u64, 777, 1001, 1234] {
            let table = kayles
                .grundy_table(n as usize, &Budget::unlimited())
                .unwrap();
            for target in 0..8u32 {
                let expected: Vec<Vec<Nat>> = kayles
                    .options(&Nat::from(n), usize::MAX)
                    .into_iter()
                    .filter(|o| {
                        o.iter()
                            .fold(0, |x, h| x ^ table[to_u64(h).unwrap() as usize])
                            == target
                    })
                    .collect();
                let found = kayles
                    .heap_options_with_value(&Nat::from(n), &Nat::from(target), usize::MAX)
                    .unwrap();
                assert_eq!(
                    found.count,
                    Nat::from(expected.len()),
                    "n = {n}, target {target}"
                );
                assert_eq!(found.listed, expected, "n = {n}, target {target}");
                let few = kayles
                    .heap_options_with_value(&Nat::from(n), &Nat::from(target), 3)
                    .unwrap();
                assert_eq!(few.listed[..], expected[..expected.len().min(3)]);
            }
        }
    }

    #[test]
    fn unperiodic_codes_stop_at_the_table() {
        // 0.16 has a period only from 105,351 on: beyond the search's table there is
        // no value, and the message says so.
        let game = Octal::parse("0.16").unwrap();
        assert!(game.periodicity(&Budget::unlimited()).is_err());
        assert!(game.heap_value(&Nat::from(100u32)).is_ok());
        let err = game.heap_value(&Nat::from(1u64 << 40)).unwrap_err();
        assert!(err.to_string().contains("no known value"), "{err}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Winning moves from rows with up to 60 digits lead to a nim-sum of 0, and
        /// are options of the row.
        #[test]
        fn huge_row_winning_moves_zero_the_sum(digits in "[1-9][0-9]{20,60}", other in 0u64..200) {
            let game = sum(Octal::kayles());
            let heaps = game.parse_position(&format!("{digits} {other}")).unwrap();
            let analysis = game.analyze(&heaps, Convention::Normal, 20, &Budget::unlimited()).unwrap();
            prop_assert_eq!(analysis.outcome == Outcome::N, analysis.winning_move_count > 0u32);
            for m in &analysis.winning_moves {
                let to = game.apply(&heaps, &m.play);
                let values: Vec<Nat> = to.iter().map(|h| game.rules.heap_value(h).unwrap()).collect();
                prop_assert_eq!(nim_sum(&values), Nat::ZERO);
                let taken = &heaps[m.play.heap] - m.play.into.iter().fold(Nat::ZERO, |s, h| s + h);
                prop_assert!(taken == 1u32 || taken == 2u32);
                prop_assert!(m.play.into.iter().all(|h| *h > 0u32));
            }
        }
    }
}
