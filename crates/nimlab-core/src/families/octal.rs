//! Take-and-break games: octal codes (Guy & Smith 1956; Winning Ways ch. 4) and
//! hexadecimal codes, Kayles and the other named games among them.
//!
//! A code d0.d1d2…dK says, for each k, what removing k tokens from one heap may leave:
//! bit 1 of d_k: nothing (the heap had exactly k tokens); bit 2: one non-empty heap;
//! bit 4: two non-empty heaps (the rest is split); bit 8 (hexadecimal codes): three.
//! d0, before the point, says what removing no token may do: 4 splits a heap in two.
//! Kayles is 0.77: knock down one pin or two adjacent pins of a row, which may split it.
//!
//! The moves are the code's, as the octal engine defines them ([`TakeBreak`], from
//! [`Code::takes`]), for heaps of any size; the engine and the misère quotient read the
//! same ones.
//!
//! The nim-sequence comes from the octal engine ([`nimlab_octal`], through
//! [`EngineSequence`]): computed as far as a question needs, with its period certified
//! by the Guy–Smith theorem as soon as the values prove one; heaps of any size then take
//! their value from the period. A game without a period within the engine's search
//! ([`crate::limits::OCTAL_PERIOD_SEARCH`] values) is exact for heaps inside that range only.
//!
//! Winning moves from a huge heap: the splits (a, m − a) with a beyond n0 + p come in
//! p residue classes whose value depends only on a mod p, so they are counted exactly
//! with arithmetic and listed in increasing a. Three-heap splits are listed for heaps
//! of at most [`OCTAL_THREE_HEAP_SPLITS`] tokens.

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::heap::engine::EngineSequence;
use crate::heap::{
    HeapOption, HeapOptions, HeapRules, HeapValues, describe_heaps, describe_take, parse_take,
    take_syntax, taken,
};
use crate::limits::{OCTAL_DIGITS, OCTAL_THREE_HEAP_SPLITS};
use crate::num::{Nat, to_u64};
use crate::parse::parse_nat;
use crate::protocol::HeapSequence;
use crate::protocol::board::Board;
use crate::solve::quotient::LazyQuotient;
use crate::text::count_of;
use malachite_base::num::arithmetic::traits::Mod;
use malachite_base::num::basic::traits::{One, Zero};
use nimlab_octal::take::{pair_count, pairs, triples};
use nimlab_octal::{Base, Code, CodeError, Rules, TakeBreak};

/// A take-and-break game with a finite octal or hexadecimal code.
#[derive(Debug)]
pub struct Octal {
    /// Its moves: a code.
    moves: TakeBreak,
    /// The game's own name, when it has one (Kayles, Dawson's chess, …).
    name: Option<&'static Named>,
    sequence: EngineSequence,
    quotient: LazyQuotient,
}

/// A take-and-break game known by name.
#[derive(Debug)]
pub struct Named {
    /// Its spec, e.g. `dawsons-chess`.
    pub spec: &'static str,
    /// Its octal code.
    pub code: &'static str,
    /// What people call it.
    pub title: &'static str,
}

/// The named take-and-break games (Winning Ways ch. 4).
pub const NAMED: &[Named] = &[
    Named {
        spec: "kayles",
        code: "0.77",
        title: "Kayles",
    },
    Named {
        spec: "dawsons-kayles",
        code: "0.07",
        title: "Dawson's Kayles",
    },
    Named {
        spec: "dawsons-chess",
        code: "0.137",
        title: "Dawson's chess",
    },
    Named {
        spec: "treblecross",
        code: "0.007",
        title: "Treblecross",
    },
];

impl Octal {
    /// Kayles, the octal game 0.77.
    pub fn kayles() -> Self {
        Self::named("kayles").expect("Kayles is named")
    }

    /// The game with this name in [`NAMED`] (e.g. `treblecross`), if there is one.
    pub fn named(spec: &str) -> Option<Self> {
        let named = NAMED.iter().find(|named| named.spec == spec)?;
        let code = Code::parse(named.code, Base::Octal).expect("named codes parse");
        Some(Self::new(code, Some(named)))
    }

    /// Parse an octal code such as `0.137` or `4.07` (the part of a spec after
    /// `octal:`); trailing zeros are dropped.
    pub fn parse(code: &str) -> Result<Self, InputError> {
        Self::parse_in(code, Base::Octal)
    }

    /// Parse a hexadecimal code such as `0.f` or `0.8` (the part after `hex:`).
    pub fn parse_hex(code: &str) -> Result<Self, InputError> {
        Self::parse_in(code, Base::Hex)
    }

    fn parse_in(text: &str, base: Base) -> Result<Self, InputError> {
        let text = text.trim();
        let parsed = Code::parse(text, base).map_err(|error| code_error(text, base, error))?;
        Ok(Self::new(parsed, None))
    }

    fn new(code: Code, name: Option<&'static Named>) -> Self {
        let spec = match (name, code.base()) {
            (Some(named), _) => named.spec.to_string(),
            (None, Base::Octal) => format!("octal:{code}"),
            (None, Base::Hex) => format!("hex:{code}"),
        };
        let moves = TakeBreak::Code(code);
        Octal {
            sequence: EngineSequence::new(spec, Rules::new(moves.clone())),
            quotient: LazyQuotient::new(moves.clone()),
            moves,
            name,
        }
    }

    /// The code, e.g. "0.137".
    pub fn code(&self) -> &Code {
        let TakeBreak::Code(code) = &self.moves else {
            unreachable!("an octal game moves by its code")
        };
        code
    }

    fn is_kayles(&self) -> bool {
        self.name.is_some_and(|named| named.spec == "kayles")
    }

    fn splits(&self) -> bool {
        self.moves.takes().iter().any(|take| take.parts > 1)
    }

    /// Whether every move removes a run of tokens from a row and leaves the tokens
    /// before and after it, so that a move is typed as the run (`3-4`).
    fn moves_are_runs(&self) -> bool {
        self.moves
            .takes()
            .iter()
            .all(|take| take.parts < 2 || take.parts == 2 && take.removed > 0)
    }

    /// g(n), for a heap of any size.
    fn value(&self, n: &Nat, budget: &Budget) -> Result<u32, Error> {
        self.sequence.value(n, budget).map(u32::from)
    }

    /// The splits of `rest` tokens into two non-empty heaps a ≤ b whose value is
    /// `target`, in increasing a, added to `found`.
    fn splits_with_value(
        &self,
        rest: &Nat,
        target: u32,
        max: usize,
        found: &mut HeapOptions,
        budget: &Budget,
    ) -> Result<(), Error> {
        self.value(rest, budget)?; // fails unless every heap up to `rest` has a known value
        let half: Nat = rest >> 1u32;
        let offer = |a: u64, found: &mut HeapOptions| {
            found.count += Nat::ONE;
            if found.listed.len() < max {
                found.listed.push(vec![Nat::from(a), rest - Nat::from(a)]);
            }
        };
        let periodic = self
            .sequence
            .certificate()
            .filter(|c| half > (c.preperiod + c.period) as u64);
        let Some(certificate) = periodic else {
            // A small heap: every split one by one.
            let rest = to_u64(rest).expect("a heap with known values is small") as usize;
            return self.sequence.with_values(rest, budget, |values, index| {
                for [a, b] in pairs(rest, 1, 1) {
                    if u32::from(values[index(a)] ^ values[index(b)]) == target {
                        offer(a as u64, found);
                    }
                }
            });
        };
        // rest − a ≥ half > n0 + p for every split, so g(rest − a) = g(n0 + (c − a) mod p)
        // with c = (rest − n0) mod p. Below a = n0 + p, one by one; beyond, g(a) is
        // periodic too and the splits fall into p residue classes, counted by arithmetic.
        let (pre, period) = (certificate.preperiod, certificate.period as u64);
        let c = to_u64(&(rest - Nat::from(pre)).mod_op(Nat::from(period))).expect("a residue");
        let explicit_end = pre as u64 + period;
        self.sequence
            .with_values(pre + period as usize, budget, |table, _| {
                let value = |a: u64| {
                    let g_a = match table.get(a as usize) {
                        Some(&g) if a < explicit_end => g,
                        _ => table[pre + ((a - pre as u64) % period) as usize],
                    };
                    u32::from(g_a ^ table[pre + ((c + period - a % period) % period) as usize])
                };
                for a in (1..=explicit_end).filter(|&a| value(a) == target) {
                    offer(a, found);
                }
                // The classes j (a ≡ n0 + p + j mod p) of the splits beyond, by value.
                let matched: Vec<u64> = (1..=period)
                    .filter(|&j| value(explicit_end + j) == target)
                    .collect();
                for &j in &matched {
                    let (first, step) = (Nat::from(explicit_end + j), Nat::from(period));
                    found.count += pair_count(rest.clone(), first, step);
                }
                if !matched.is_empty() {
                    // In increasing a: period by period, the matched classes of each.
                    let beyond = (0..).flat_map(|block| {
                        let start = explicit_end + block * period;
                        matched.iter().map(move |&j| start + j)
                    });
                    let room = max.saturating_sub(found.listed.len());
                    for a in beyond.take_while(|&a| half >= a).take(room) {
                        found.listed.push(vec![Nat::from(a), rest - Nat::from(a)]);
                    }
                }
            })
    }

    /// The three-heap splits of `rest` tokens whose value is `target`, in order.
    fn three_heap_splits_with_value(
        &self,
        rest: &Nat,
        target: u32,
        max: usize,
        found: &mut HeapOptions,
        budget: &Budget,
    ) -> Result<(), Error> {
        let small = to_u64(rest)
            .map(|rest| rest as usize)
            .filter(|&rest| rest <= OCTAL_THREE_HEAP_SPLITS.get())
            .ok_or_else(|| {
                OCTAL_THREE_HEAP_SPLITS.exceeded(
                    Some(rest.clone()),
                    format!(
                        "{}: nimlab lists the three-heap splits of heaps of at most {} tokens; \
                         this one leaves {rest}",
                        HeapRules::spec(self),
                        OCTAL_THREE_HEAP_SPLITS.value
                    ),
                )
            })?;
        self.sequence.with_values(small, budget, |values, index| {
            let g = |n: usize| values[index(n)];
            for parts in triples(small, 1, 1, 1) {
                if u32::from(parts.iter().fold(0, |x, &part| x ^ g(part))) == target {
                    found.count += Nat::ONE;
                    if found.listed.len() < max {
                        found.listed.push(parts.map(Nat::from).to_vec());
                    }
                }
            }
        })
    }

    /// Whether the tameness lemma holds: never for splitting codes (see
    /// [`HeapRules::misere_is_tame`]); otherwise checked on the heaps below
    /// n0 + p + K, beyond which the values of a heap and its options repeat.
    fn tameness_lemma_holds(&self, budget: &Budget) -> Result<bool, Error> {
        if self.splits() {
            return Ok(false);
        }
        let Ok(periodicity) = self.sequence.periodicity(budget) else {
            return Ok(false);
        };
        let bound = periodicity.preperiod + periodicity.period + self.code().last_digit();
        let table = self.sequence.table(bound, budget)?;
        // No move splits, so every option leaves at most one heap.
        Ok((0..bound).all(|n| {
            let mut has_move = false;
            let mut to_one = false;
            for heaps in self.moves.options(&n) {
                has_move = true;
                to_one |= heaps.first().map_or(0, |&heap| table[heap]) == 1;
            }
            table[n] != 0 || !has_move || to_one
        }))
    }
}

/// A code that does not parse, as one line naming it and what was expected.
fn code_error(text: &str, base: Base, error: CodeError) -> InputError {
    let (what, digits, example) = match base {
        Base::Octal => ("octal code", "0 to 7", "0.137"),
        Base::Hex => ("hexadecimal code", "0 to 9 and a to f", "0.f"),
    };
    let expected = match error {
        CodeError::Empty { .. } => {
            return InputError::missing(what, format!("a code such as {example}"));
        }
        CodeError::MissingPoint { .. } => {
            format!("a digit, a point and then the digits, such as {example}")
        }
        CodeError::MissingLeadingDigit { .. } => format!("a digit before the point: 0{text}"),
        CodeError::BadLeadingDigit { .. } | CodeError::LeadingDigitNotASplit { .. } => {
            let leading = match base {
                Base::Octal => "0 or 4",
                Base::Hex => "0, 4, 8 or c",
            };
            format!(
                "{leading} before the point (removing no tokens may only split a heap), such \
                 as 4.07"
            )
        }
        CodeError::NotOctal { found, .. } => format!(
            "digits {digits} ('{found}' is not one): codes with digits 8 to f are hexadecimal, \
             write hex:{text}"
        ),
        CodeError::BadDigit { found, .. } => {
            format!("digits {digits} after the point ('{found}' is not one), such as {example}")
        }
        CodeError::NoMove { .. } => "a code with at least one non-zero digit".to_string(),
        CodeError::TooManyDigits { count } => format!(
            "at most {} digits after the point (this one has {count})",
            OCTAL_DIGITS.value
        ),
    };
    InputError::invalid(what, text, expected)
}

impl HeapRules for Octal {
    fn spec(&self) -> String {
        match (self.name, self.code().base()) {
            (Some(named), _) => named.spec.to_string(),
            (None, Base::Octal) => format!("octal:{}", self.code()),
            (None, Base::Hex) => format!("hex:{}", self.code()),
        }
    }

    fn rules(&self) -> String {
        if self.is_kayles() {
            return "Kayles: a heap is a row of pins; knock down one pin or two adjacent pins, \
                    which may split the row in two."
                .to_string();
        }
        let game = match (self.name, self.code().base()) {
            (Some(named), _) => format!("{} (octal game {})", named.title, self.code()),
            (None, Base::Octal) => format!("Octal game {}", self.code()),
            (None, Base::Hex) => format!("Hexadecimal game {}", self.code()),
        };
        let three = match self.code().base() {
            Base::Octal => "",
            Base::Hex => "; 8: three non-empty heaps",
        };
        format!(
            "{game}: digit k of the code says what taking k tokens from a heap may leave \
             (1: nothing, the heap had exactly k; 2: one heap; 4: two non-empty heaps{three}; \
             digits add up); the digit before the point is for taking none."
        )
    }

    fn option_count(&self, n: &Nat) -> Nat {
        self.moves.option_count(n)
    }

    fn describe(&self, heap: Option<usize>, n: &Nat, option: &[Nat]) -> String {
        let count = taken(n, option);
        if !self.is_kayles() {
            if count == 0u32 {
                let heap = heap.map_or("the heap".to_string(), |heap| format!("heap {heap}"));
                return format!("split {heap} ({n} → {})", describe_heaps(option));
            }
            return describe_take(heap, n, option);
        }
        let row = heap.map_or("the row".to_string(), |heap| format!("row {heap}"));
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
        self.moves.options(n).take(limit).collect()
    }

    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        self.moves.is_option(n, option)
    }

    fn is_take_away(&self) -> bool {
        !self.splits()
    }

    fn click_help(&self) -> String {
        if self.is_kayles() {
            return "Click a pin, then a neighbour to knock down both, or the same pin again \
                    to knock it down alone."
                .to_string();
        }
        if !self.splits() {
            return "Click a token to take it and every token after it in its heap.".to_string();
        }
        let takes = self.moves.takes();
        let mut help = "Click the first token to remove, then the last".to_string();
        if takes.iter().any(|take| take.removed == 1) {
            help += "; to remove a single token, click it again";
        }
        help += ". Tokens left on both sides make two heaps.";
        if takes.iter().any(|take| take.removed == 0) {
            help += " Click a gap between two tokens to split a heap without removing any.";
        }
        if takes.iter().any(|take| take.parts == 3) {
            help += " To leave three heaps, click the tokens to remove, then the gap where \
                     the rest splits.";
        }
        help
    }

    fn names(&self) -> (&'static str, &'static str) {
        if self.is_kayles() {
            ("row", "pin")
        } else {
            ("heap", "token")
        }
    }

    /// Kayles is drawn as rows of pins.
    fn board(&self, heaps: &[Nat]) -> Board {
        if self.is_kayles() {
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

    /// Splitting codes: the tokens to remove, counted along the heap as a row, or, when
    /// a move may split without removing or leave three heaps, the heaps to leave.
    fn option_syntax(&self, n: &Nat) -> String {
        if !self.splits() {
            return take_syntax(self, n);
        }
        if !self.moves_are_runs() {
            return "the heaps to leave in its place, such as 3 4 (0 to leave none)".to_string();
        }
        let (things, verb) = if self.is_kayles() {
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
        let words: Vec<&str> = crate::parse::tokens(text).collect();
        let option: Vec<Nat> = if self.moves_are_runs() {
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
            [before, after].into_iter().filter(|h| *h != 0u32).collect()
        } else {
            let mut heaps = words
                .iter()
                .map(|word| parse_nat(word, "heap size"))
                .collect::<Result<Vec<_>, _>>()?;
            if heaps == [Nat::ZERO] {
                heaps.clear();
            }
            heaps.sort();
            heaps
        };
        if !self.is_option(n, &option) {
            return Err(invalid());
        }
        Ok(option)
    }

    fn option_text(&self, n: &Nat, option: &[Nat]) -> String {
        if !self.splits() {
            return taken(n, option).to_string();
        }
        if !self.moves_are_runs() {
            return match option {
                [] => "0".to_string(),
                _ => option
                    .iter()
                    .map(Nat::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            };
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

    fn values(&self) -> Option<&dyn HeapValues> {
        Some(self)
    }
}

impl HeapValues for Octal {
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
        let mut found = HeapOptions::default();
        let Some(target) = to_u64(target).and_then(|t| u32::try_from(t).ok()) else {
            return Ok(found); // no heap has so large a value
        };
        for take in self.moves.takes() {
            if *n < take.removed {
                break;
            }
            let rest = n - Nat::from(take.removed);
            match take.parts {
                0 if rest == 0u32 && target == 0 => {
                    found.count += Nat::ONE;
                    if found.listed.len() < max {
                        found.listed.push(vec![]);
                    }
                }
                1 if rest > 0u32 && self.value(&rest, budget)? == target => {
                    found.count += Nat::ONE;
                    if found.listed.len() < max {
                        found.listed.push(vec![rest]);
                    }
                }
                2 if rest >= 2u32 => {
                    self.splits_with_value(&rest, target, max, &mut found, budget)?
                }
                3 if rest >= 3u32 => {
                    self.three_heap_splits_with_value(&rest, target, max, &mut found, budget)?
                }
                _ => {}
            }
        }
        Ok(found)
    }

    fn misere_is_tame(&self, budget: &Budget) -> Result<bool, Error> {
        self.tameness_lemma_holds(budget)
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
    use crate::protocol::{Notation, Strategy};
    use crate::rules::Game;
    use crate::rules::{Convention, Outcome};
    use crate::solve::sum::nim_sum;
    use malachite_base::num::arithmetic::traits::Pow;
    use malachite_base::num::basic::traits::Zero;
    use proptest::prelude::*;

    fn sum(game: Octal) -> HeapSum<Octal> {
        HeapSum::new(game)
    }

    /// Kayles' Grundy values by the plain mex over its moves (knock down one pin or two
    /// adjacent pins), independent of the octal engine.
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
            kayles
                .sequence
                .grundy_table(8, &Budget::unlimited())
                .unwrap(),
            [0, 1, 2, 3, 1, 4, 3, 2, 1]
        );
        assert_eq!(
            kayles
                .sequence
                .grundy_table(600, &Budget::unlimited())
                .unwrap(),
            seed_kayles(600)
        );
        let p = kayles.sequence.periodicity(&Budget::unlimited()).unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
        assert_eq!(
            p.theorem,
            crate::solve::period::Theorem::TakeAndBreak(nimlab_octal::PeriodTheorem {
                parts: 2,
                max_removal: 2
            })
        );
    }

    #[test]
    fn known_periods_of_dawson_games() {
        // Dawson's chess 0.137: period 34, last exception at 51. Dawson's Kayles 0.07
        // is the same sequence shifted by one, so its last exception is at 52.
        let p = Octal::parse("0.137")
            .unwrap()
            .sequence
            .periodicity(&Budget::unlimited())
            .unwrap();
        assert_eq!((p.preperiod, p.period), (52, 34));
        let p = Octal::parse("0.07")
            .unwrap()
            .sequence
            .periodicity(&Budget::unlimited())
            .unwrap();
        assert_eq!((p.preperiod, p.period), (53, 34));
        let chess = Octal::parse("0.137")
            .unwrap()
            .sequence
            .grundy_table(300, &Budget::unlimited())
            .unwrap();
        let kayles = Octal::parse("0.07")
            .unwrap()
            .sequence
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

    /// Misère play by the quotient, for every two-digit code whose quotient is
    /// certified, against exhaustive search: outcome and every winning move of every
    /// position of up to three heaps of at most 10 tokens.
    #[test]
    fn misere_quotients_of_two_digit_codes_match_brute_force() {
        let mut certified = Vec::new();
        for d1 in 0..8u8 {
            for d2 in 1..8u8 {
                let code = format!("0.{d1}{d2}");
                let game = sum(Octal::parse(&code).unwrap());
                if game.rules.misere_is_tame(&Budget::unlimited()).unwrap()
                    || game.rules.quotient.certified().is_none()
                {
                    continue;
                }
                check_against_brute_force(&game, 10, 3);
                certified.push(code);
            }
        }
        for code in [
            "0.15", "0.34", "0.44", "0.53", "0.71", "0.72", "0.75", "0.77",
        ] {
            assert!(certified.iter().any(|c| c == code), "{code}: {certified:?}");
        }
    }

    /// What a person types for a listed move is read back as that move: every code
    /// of up to two digits, octal and hexadecimal, on one heap and on two, up to 6
    /// tokens (a take that must use up the heap, as in 0.1, 0.01 and hex 0.1, leaves
    /// no heap, where Nim's leaves a heap of 0).
    #[test]
    fn every_listed_move_reads_back_from_its_text() {
        let digits = |base: u8| (0..base).map(move |d| format!("{d:x}"));
        let mut codes = Vec::new();
        for (name, base) in [("octal", 8), ("hex", 16)] {
            for d1 in digits(base) {
                for d2 in digits(base) {
                    codes.push(format!("{name}:0.{d1}{d2}"));
                }
            }
        }
        for spec in codes.iter().filter(|spec| !spec.ends_with("0.00")) {
            let game = crate::game(spec).unwrap();
            for position in (0..=6).flat_map(|a| (0..=6).map(move |b| (a, b))) {
                for text in [
                    format!("{}", position.0),
                    format!("{} {}", position.0, position.1),
                ] {
                    let position = game.parse_position(&text).unwrap();
                    let (moves, _) = game.legal_moves(&position, usize::MAX);
                    for play in moves {
                        let typed = game.move_text(&position, &play);
                        let read = game.parse_move(&position, &typed);
                        assert_eq!(read.ok(), Some(play), "{spec} at {text}: {typed:?}");
                    }
                }
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

    /// A heap's options, their count and their recognition through big integers are
    /// the octal engine's through `u64`: every code of up to three digits, heaps up to 40.
    #[test]
    fn moves_of_big_integer_heaps_are_the_engines() {
        let big = |heaps: &Vec<u64>| heaps.iter().map(|&h| Nat::from(h)).collect::<Vec<_>>();
        for i in 1..8u32.pow(3) {
            let game = Octal::parse(format!("0.{i:03o}").trim_end_matches('0')).unwrap();
            for n in 0..=40u64 {
                let expected: Vec<Vec<Nat>> = game.moves.options(&n).map(|o| big(&o)).collect();
                let heap = Nat::from(n);
                assert_eq!(
                    game.options(&heap, usize::MAX),
                    expected,
                    "{} {n}",
                    game.moves
                );
                assert_eq!(game.options(&heap, 3), expected[..expected.len().min(3)]);
                assert_eq!(game.option_count(&heap), Nat::from(expected.len()));
                assert!(expected.iter().all(|option| game.is_option(&heap, option)));
                assert!(!game.is_option(&heap, &[Nat::from(n + 1)]));
            }
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
        assert!(err(&format!("0.{}", "7".repeat(65))).contains("at most 64 digits"));
        assert!(err(".77").contains("0.77"));
        assert!(err("0.8").contains("hex:0.8"));
        assert_eq!(Octal::parse("0.770").unwrap().code().to_string(), "0.77");
        assert_eq!(
            HeapRules::spec(&Octal::parse_hex("0.F0").unwrap()),
            "hex:0.f"
        );
    }

    #[test]
    fn huge_kayles_rows_count_every_winning_split() {
        // A row of 10^30 + r pins: count the winning options by brute force over
        // the residue classes of a row of the same residue and compare the formula
        // on moderately large rows where brute force is still possible.
        let kayles = Octal::kayles();
        for n in [500u64, 777, 1001, 1234] {
            let table = kayles
                .sequence
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
                    .heap_options_with_value(
                        &Nat::from(n),
                        &Nat::from(target),
                        usize::MAX,
                        &Budget::unlimited(),
                    )
                    .unwrap();
                assert_eq!(
                    found.count,
                    Nat::from(expected.len()),
                    "n = {n}, target {target}"
                );
                assert_eq!(found.listed, expected, "n = {n}, target {target}");
                let few = kayles
                    .heap_options_with_value(
                        &Nat::from(n),
                        &Nat::from(target),
                        3,
                        &Budget::unlimited(),
                    )
                    .unwrap();
                assert_eq!(few.listed[..], expected[..expected.len().min(3)]);
            }
        }
    }

    #[test]
    fn the_period_of_0_16_is_found_and_0_167_has_none_in_the_bound() {
        // 0.16 is periodic only from heap 105,351 on, with period 149,459 (Gangolli and
        // Plambeck 1989): within the engine's search of 2^20 values.
        let game = Octal::parse("0.16").unwrap();
        let p = game.sequence.periodicity(&Budget::unlimited()).unwrap();
        assert_eq!((p.preperiod, p.period), (105_351, 149_459));
        let huge = Nat::from(10u32).pow(40) + Nat::from(7u32);
        assert_eq!(
            game.heap_value(&huge, &Budget::unlimited()).unwrap(),
            Nat::from(
                game.value(&Nat::from(p.reduce(&huge) as u64), &Budget::unlimited())
                    .unwrap()
            )
        );
        // 0.167 has no known period: a search of 4096 values says what it found.
        let game = Octal::parse("0.167").unwrap();
        let err = game
            .sequence
            .periodicity_within(4096, &Budget::unlimited())
            .unwrap()
            .unwrap_err()
            .to_string();
        assert!(err.contains("no period in the first 4096 values"), "{err}");
        assert!(err.contains("largest value is"), "{err}");
        assert!(err.contains("values are rare"), "{err}");
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
                let values: Vec<Nat> = to.iter().map(|h| game.rules.heap_value(h, &Budget::unlimited()).unwrap()).collect();
                prop_assert_eq!(nim_sum(&values), Nat::ZERO);
                let taken = &heaps[m.play.heap] - m.play.into.iter().fold(Nat::ZERO, |s, h| s + h);
                prop_assert!(taken == 1u32 || taken == 2u32);
                prop_assert!(m.play.into.iter().all(|h| *h > 0u32));
            }
        }
    }
}
