//! Take-and-break codes and the move lists they compile to.
//!
//! A code `d0.d1d2…dK` says, for each k, what removing k tokens from one heap may
//! leave. In digit d_k (k ≥ 1):
//! - bit 1: no heap (the heap had exactly k tokens);
//! - bit 2: one non-empty heap;
//! - bit 4: two non-empty heaps (the rest is split);
//! - bit 8 (hexadecimal codes only): three non-empty heaps.
//!
//! The digit d0 before the point says what removing *no* token may do. Bits 1 and 2
//! make no sense there (removing nothing cannot leave no heap, and leaving the heap as
//! it was would be a pass, which makes the game loopy), so d0 is 0 or 4 in an octal
//! code (`4.07`: a heap may also be split in two without removing anything) and 0, 4,
//! 8 or c in a hexadecimal code. Any other d0 is an error.
//!
//! Accepted text: `D.DIGITS` with the digit before the point written out (`0.137`,
//! `4.07`, `4.` for "split a heap in two"); trailing zeros are dropped; at most
//! [`MAX_DIGITS`] digits after the point. `.7` (no digit before the point) is rejected:
//! the point alone is too easy to lose or add by mistake, so the code says it in full.
//! A code with no move at all (`0.`, `0.000`) is rejected.
//!
//! The moves a code allows are its [`Take`]s ([`Code::takes`]); a heap's options, their
//! number and whether a list of heaps is one of them follow from those, for heaps of
//! any integer type ([`Code::options`], [`Code::option_count`], [`Code::is_option`]).
//!
//! Grundy's game (split a heap into two heaps of different sizes) is not a code; it is
//! the rule set [`Rules::grundys_game`], which the same solver runs.

use crate::take::{Options, Take, Tokens, pairs, triples};
use std::fmt;

/// Most digits after the point. Each digit is one removal size; 64 covers every code
/// in the literature with room to spare and keeps the compiled move lists small.
pub const MAX_DIGITS: usize = 64;

/// Octal (digits 0–7) or hexadecimal (digits 0–f, bit 8 leaves three heaps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Digits 0–7.
    Octal,
    /// Digits 0–f.
    Hex,
}

impl Base {
    fn radix(self) -> u32 {
        match self {
            Base::Octal => 8,
            Base::Hex => 16,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Base::Octal => "octal",
            Base::Hex => "hexadecimal",
        }
    }

    fn digit_range(self) -> &'static str {
        match self {
            Base::Octal => "0 to 7",
            Base::Hex => "0 to 9 or a to f",
        }
    }

    fn leading_digits(self) -> &'static str {
        match self {
            Base::Octal => "0 or 4",
            Base::Hex => "0, 4, 8 or c",
        }
    }
}

/// Why a code does not parse. Each message is one line naming the offending text and
/// what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing was given.
    Empty {
        /// Octal or hexadecimal.
        base: Base,
    },
    /// No point, e.g. `077`.
    MissingPoint {
        /// The text given.
        code: String,
    },
    /// A point with no digit before it, e.g. `.7`.
    MissingLeadingDigit {
        /// The text given.
        code: String,
    },
    /// The character before the point is not a digit of the base.
    BadLeadingDigit {
        /// The offending character.
        found: char,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// A digit before the point with bit 1 or 2 set (removing nothing may only split).
    LeadingDigitNotASplit {
        /// The offending digit.
        found: char,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// An octal code with a digit 8 or 9: it is hexadecimal.
    NotOctal {
        /// The offending digit.
        found: char,
        /// Its position after the point, from 1.
        position: usize,
    },
    /// A character that is not a digit of the base.
    BadDigit {
        /// The offending character.
        found: char,
        /// Its position after the point, from 1.
        position: usize,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// No digit other than 0: the game has no move.
    NoMove {
        /// The text given.
        code: String,
    },
    /// More than [`MAX_DIGITS`] digits after the point (trailing zeros not counted).
    TooManyDigits {
        /// How many were given.
        count: usize,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty { base } => write!(
                f,
                "missing {} code: expected a code such as 0.77",
                base.name()
            ),
            CodeError::MissingPoint { code } => write!(
                f,
                "code '{code}' has no point: expected a digit, a point and the digits, such as 0.77"
            ),
            CodeError::MissingLeadingDigit { code } => write!(
                f,
                "code '{code}' has no digit before the point: write 0{code}"
            ),
            CodeError::BadLeadingDigit { found, base } => write!(
                f,
                "'{found}' before the point is not a digit: expected {}",
                base.leading_digits()
            ),
            CodeError::LeadingDigitNotASplit { found, base } => write!(
                f,
                "digit '{found}' before the point is not allowed: removing no tokens may only \
                 split a heap, so expected {}",
                base.leading_digits()
            ),
            CodeError::NotOctal { found, position } => write!(
                f,
                "digit '{found}' (position {position}) is not octal: use hex: for codes with \
                 digits 8 to f"
            ),
            CodeError::BadDigit {
                found,
                position,
                base,
            } => write!(
                f,
                "'{found}' (position {position}) is not a {} digit: expected {}",
                base.name(),
                base.digit_range()
            ),
            CodeError::NoMove { code } => write!(
                f,
                "code '{code}' allows no move: expected at least one non-zero digit"
            ),
            CodeError::TooManyDigits { count } => write!(
                f,
                "code has {count} digits after the point: at most {MAX_DIGITS} are supported"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

/// A parsed take-and-break code: its base, d0 and d1…dK (dK ≠ 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    base: Base,
    leading: u8,
    digits: Vec<u8>,
    /// The moves the digits allow, in order ([`Code::takes`]).
    takes: Vec<Take>,
}

impl Code {
    /// Parse `text` as a code of `base`; see the module documentation for the form.
    pub fn parse(text: &str, base: Base) -> Result<Code, CodeError> {
        if text.is_empty() {
            return Err(CodeError::Empty { base });
        }
        let Some((before, after)) = text.split_once('.') else {
            return Err(CodeError::MissingPoint { code: text.into() });
        };
        let mut before_chars = before.chars();
        let (Some(lead), None) = (before_chars.next(), before_chars.next()) else {
            return Err(if before.is_empty() {
                CodeError::MissingLeadingDigit { code: text.into() }
            } else {
                CodeError::MissingPoint { code: text.into() }
            });
        };
        let leading = lead
            .to_digit(base.radix())
            .ok_or(CodeError::BadLeadingDigit { found: lead, base })? as u8;
        if leading & 3 != 0 {
            return Err(CodeError::LeadingDigitNotASplit { found: lead, base });
        }
        let mut digits = Vec::new();
        for (position, found) in (1..).zip(after.chars()) {
            match found.to_digit(base.radix()) {
                Some(d) => digits.push(d as u8),
                None if base == Base::Octal && matches!(found, '8' | '9') => {
                    return Err(CodeError::NotOctal { found, position });
                }
                None => {
                    return Err(CodeError::BadDigit {
                        found,
                        position,
                        base,
                    });
                }
            }
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() > MAX_DIGITS {
            return Err(CodeError::TooManyDigits {
                count: digits.len(),
            });
        }
        if leading == 0 && digits.is_empty() {
            return Err(CodeError::NoMove { code: text.into() });
        }
        let mut code = Code {
            base,
            leading,
            digits,
            takes: Vec::new(),
        };
        let takes = (0..=code.last_digit())
            .flat_map(|removed| {
                let digit = code.digit(removed);
                (0..4)
                    .filter(move |parts| digit >> parts & 1 != 0)
                    .map(move |parts| Take { removed, parts })
            })
            .collect();
        code.takes = takes;
        Ok(code)
    }

    /// Octal or hexadecimal.
    pub fn base(&self) -> Base {
        self.base
    }

    /// The digit for removing `k` tokens (0 for d0; 0 past the last digit).
    pub fn digit(&self, k: usize) -> u8 {
        match k {
            0 => self.leading,
            _ => self.digits.get(k - 1).copied().unwrap_or(0),
        }
    }

    /// K, the index of the last non-zero digit (0 for a code such as `4.`).
    pub fn last_digit(&self) -> usize {
        self.digits.len()
    }

    /// The moves the code allows, in increasing order (of tokens removed, then of heaps
    /// left): bit 1 of digit k is the take of k tokens that leaves no heap, bit 2 the
    /// one that leaves one heap, bit 4 two heaps, bit 8 three.
    pub fn takes(&self) -> impl Iterator<Item = Take> + '_ {
        self.takes.iter().copied()
    }

    /// Every option of a heap of `n` tokens, as the heaps it leaves, smallest first:
    /// take by take in the order of [`Code::takes`], and each take's options in
    /// increasing order ([`Take::options`]). Lazy: a huge heap has more options than
    /// fit in memory.
    pub fn options<'a, T: Tokens>(&'a self, n: &'a T) -> CodeOptions<'a, T> {
        CodeOptions {
            takes: self.takes.iter(),
            heap: n,
            current: None,
        }
    }

    /// How many options a heap of `n` tokens has ([`Code::options`]).
    pub fn option_count<T: Tokens>(&self, n: &T) -> T {
        self.takes()
            .fold(T::of(0), |count, take| count.plus(&take.count(n)))
    }

    /// Whether leaving `heaps` (in any order) is an option of a heap of `n` tokens.
    pub fn is_option<T: Tokens>(&self, n: &T, heaps: &[T]) -> bool {
        let zero = T::of(0);
        if heaps.contains(&zero) {
            return false;
        }
        let left = heaps.iter().fold(zero, |sum, heap| sum.plus(heap));
        if left > *n {
            return false;
        }
        let removed = n.minus(&left);
        self.takes()
            .any(|take| take.parts == heaps.len() && removed == T::of(take.removed))
    }
}

/// The iterator of [`Code::options`]: take by take, each take's options.
#[derive(Clone, Debug)]
pub struct CodeOptions<'a, T> {
    takes: std::slice::Iter<'a, Take>,
    heap: &'a T,
    current: Option<Options<T>>,
}

impl<T: Tokens> Iterator for CodeOptions<'_, T> {
    type Item = Vec<T>;

    fn next(&mut self) -> Option<Vec<T>> {
        loop {
            if let Some(option) = self.current.as_mut().and_then(Iterator::next) {
                return Some(option);
            }
            self.current = Some(self.takes.next()?.options(self.heap));
        }
    }
}

impl fmt::Display for Code {
    /// The canonical text: the digit before the point, the point, the digits without
    /// trailing zeros, hexadecimal digits in lower case (`0.137`, `4.07`, `4.`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |d: u8| char::from_digit(u32::from(d), 16).expect("a digit below 16");
        write!(f, "{}.", digit(self.leading))?;
        self.digits
            .iter()
            .try_for_each(|&d| write!(f, "{}", digit(d)))
    }
}

/// Which game a [`Rules`] describes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// An octal or hexadecimal code.
    Code(Code),
    /// Grundy's game: split one heap into two non-empty heaps of different sizes.
    GrundysGame,
}

/// The moves of a take-and-break game, compiled once: for each removal size, which
/// numbers of heaps it may leave. Every list is sorted and without repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    game: Game,
    /// k ≥ 1 such that a heap of exactly k tokens may be removed.
    pub(crate) take_all: Vec<usize>,
    /// k ≥ 1 such that a heap n > k may become one heap of n − k.
    pub(crate) take_some: Vec<usize>,
    /// k ≥ 0 such that a heap n ≥ k + 2 may become two non-empty heaps summing to n − k.
    pub(crate) split_two: Vec<usize>,
    /// k ≥ 0 such that a heap n ≥ k + 3 may become three non-empty heaps summing to n − k.
    pub(crate) split_three: Vec<usize>,
    /// Whether two-heap splits must leave heaps of different sizes (Grundy's game).
    pub(crate) unequal_parts: bool,
}

impl Rules {
    /// Parse and compile an octal code such as `0.137` or `4.07`.
    pub fn octal(text: &str) -> Result<Rules, CodeError> {
        Code::parse(text, Base::Octal).map(Rules::from_code)
    }

    /// Parse and compile a hexadecimal code such as `0.f` or `0.8`.
    pub fn hex(text: &str) -> Result<Rules, CodeError> {
        Code::parse(text, Base::Hex).map(Rules::from_code)
    }

    /// Compile a parsed code into its move lists.
    pub fn from_code(code: Code) -> Rules {
        let removals = |parts: usize| -> Vec<usize> {
            code.takes()
                .filter(|take| take.parts == parts)
                .map(|take| take.removed)
                .collect()
        };
        Rules {
            take_all: removals(0),
            take_some: removals(1),
            split_two: removals(2),
            split_three: removals(3),
            unequal_parts: false,
            game: Game::Code(code),
        }
    }

    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    pub fn grundys_game() -> Rules {
        Rules {
            game: Game::GrundysGame,
            take_all: Vec::new(),
            take_some: Vec::new(),
            split_two: vec![0],
            split_three: Vec::new(),
            unequal_parts: true,
        }
    }

    /// The game these rules come from.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The sizes k ≥ 1 such that a heap of exactly k tokens may be removed whole.
    pub fn take_all(&self) -> &[usize] {
        &self.take_all
    }

    /// The sizes k ≥ 1 such that a heap of n > k tokens may become one heap of n − k.
    pub fn take_some(&self) -> &[usize] {
        &self.take_some
    }

    /// The sizes k ≥ 0 such that a heap of n ≥ k + 2 tokens may become two non-empty
    /// heaps of n − k tokens in all.
    pub fn split_two(&self) -> &[usize] {
        &self.split_two
    }

    /// The sizes k ≥ 0 such that a heap of n ≥ k + 3 tokens may become three non-empty
    /// heaps of n − k tokens in all.
    pub fn split_three(&self) -> &[usize] {
        &self.split_three
    }

    /// Whether a two-heap split must leave heaps of different sizes (Grundy's game).
    pub fn unequal_parts(&self) -> bool {
        self.unequal_parts
    }

    /// The largest number of tokens a move removes (K for a code, 0 for Grundy's game).
    pub fn max_removal(&self) -> usize {
        match &self.game {
            Game::Code(code) => code.last_digit(),
            Game::GrundysGame => 0,
        }
    }

    /// The most heaps one move may leave of one heap (1, 2 or 3).
    pub fn max_parts(&self) -> usize {
        if !self.split_three.is_empty() {
            3
        } else if !self.split_two.is_empty() {
            2
        } else {
            1
        }
    }

    /// Every option of a heap of `n` tokens, as the sizes of the heaps it leaves (each
    /// list sorted, parts non-empty; the empty list is "no heap left"). Meant for
    /// brute-force checks and small heaps: the list has O(n²) entries with 3-heap splits.
    pub fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let mut options = Vec::new();
        if self.take_all.contains(&n) {
            options.push(Vec::new());
        }
        for &k in self.take_some.iter().filter(|&&k| n > k) {
            options.push(vec![n - k]);
        }
        for &k in self.split_two.iter().filter(|&&k| n >= k) {
            let splits = pairs(n - k, 1, 1).filter(|[a, b]| !(self.unequal_parts && a == b));
            options.extend(splits.map(Vec::from));
        }
        for &k in self.split_three.iter().filter(|&&k| n >= k) {
            options.extend(triples(n - k, 1, 1, 1).map(Vec::from));
        }
        options
    }
}

impl fmt::Display for Rules {
    /// The code's canonical text, or `grundy-game`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.game {
            Game::Code(code) => code.fmt(f),
            Game::GrundysGame => f.write_str("grundy-game"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_text_drops_trailing_zeros_and_lowers_hex() {
        assert_eq!(Rules::octal("0.1370").unwrap().to_string(), "0.137");
        assert_eq!(Rules::octal("4.070").unwrap().to_string(), "4.07");
        assert_eq!(Rules::octal("4.").unwrap().to_string(), "4.");
        assert_eq!(Rules::hex("0.F8").unwrap().to_string(), "0.f8");
        assert_eq!(Rules::hex("c.0").unwrap().to_string(), "c.");
        assert_eq!(Rules::grundys_game().to_string(), "grundy-game");
    }

    #[test]
    fn digits_compile_into_move_lists() {
        let rules = Rules::hex("4.7f3").unwrap();
        assert_eq!(rules.take_all, [1, 2, 3]);
        assert_eq!(rules.take_some, [1, 2, 3]);
        assert_eq!(rules.split_two, [0, 1, 2]);
        assert_eq!(rules.split_three, [2]);
        assert_eq!(rules.max_removal(), 3);
        assert_eq!(rules.max_parts(), 3);
        assert_eq!(Rules::octal("0.07").unwrap().max_parts(), 2);
        assert_eq!(Rules::octal("0.33").unwrap().max_parts(), 1);
    }

    #[test]
    fn options_of_kayles_and_grundys_game() {
        let kayles = Rules::octal("0.77").unwrap();
        assert_eq!(kayles.options(2), vec![vec![], vec![1]]);
        assert_eq!(
            kayles.options(4),
            vec![vec![3], vec![2], vec![1, 2], vec![1, 1]]
        );
        let grundy = Rules::grundys_game();
        assert_eq!(grundy.options(4), vec![vec![1, 3]]);
        assert!(grundy.options(2).is_empty());
        let three = Rules::hex("0.8").unwrap();
        assert_eq!(three.options(5), vec![vec![1, 1, 2]]);
    }

    /// Every code d0.d1…dj of `base` with j ≤ `length` and dj ≠ 0 (or j = 0), d0 one of
    /// `leading`, as text.
    fn codes(base: u32, leading: &[u32], length: u32) -> Vec<String> {
        let digit = |d: u32| char::from_digit(d, 16).unwrap();
        let mut codes = Vec::new();
        for &lead in leading {
            for j in 0..=length {
                for index in 0..base.pow(j) {
                    let digits: Vec<u32> = (0..j).map(|i| index / base.pow(i) % base).collect();
                    if j > 0 && digits[0] == 0 || j == 0 && lead == 0 {
                        continue; // trailing zero, or no move
                    }
                    let text: String = digits.iter().rev().map(|&d| digit(d)).collect();
                    codes.push(format!("{}.{text}", digit(lead)));
                }
            }
        }
        codes
    }

    /// Every list of at most three non-empty heaps a ≤ b ≤ c leaving at most `n` tokens.
    fn candidates(n: u64) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for a in 1..=n {
            all.push(vec![a]);
            for b in a..=n - a {
                all.push(vec![a, b]);
                for c in b..=n - a - b {
                    all.push(vec![a, b, c]);
                }
            }
        }
        all
    }

    /// The options of a heap of `n` read from the code's text alone: the candidates
    /// whose digit for the tokens they remove has the bit of their number of heaps
    /// (removing no token and leaving nothing is no move), ordered by tokens removed,
    /// then number of heaps, then the heaps.
    fn naive_options(text: &str, n: u64, candidates: &[Vec<u64>]) -> Vec<Vec<u64>> {
        let digits: Vec<u32> = text
            .chars()
            .filter(|&c| c != '.')
            .map(|c| c.to_digit(16).unwrap())
            .collect();
        let removed = |heaps: &Vec<u64>| n - heaps.iter().sum::<u64>();
        let mut options: Vec<Vec<u64>> = candidates
            .iter()
            .filter(|heaps| {
                let k = removed(heaps);
                let digit = digits.get(k as usize).copied().unwrap_or(0);
                (k > 0 || !heaps.is_empty()) && digit >> heaps.len() & 1 == 1
            })
            .cloned()
            .collect();
        options.sort_by_key(|heaps| (removed(heaps), heaps.len(), heaps.clone()));
        options
    }

    /// The options, their count and their recognition, derived from the takes, equal
    /// a naive reading of the digits: every code of up to three octal digits, every
    /// hexadecimal code of one digit and every 0.d1d2, every heap up to 40, for three
    /// integer types.
    #[test]
    fn derived_moves_match_a_naive_reading_of_the_digits() {
        let mut all = codes(8, &[0, 4], 3)
            .into_iter()
            .map(|text| (text, Base::Octal))
            .collect::<Vec<_>>();
        assert_eq!(all.len(), 1023);
        let hex = codes(16, &[4, 8, 12], 1)
            .into_iter()
            .chain(codes(16, &[0], 2));
        all.extend(hex.map(|text| (text, Base::Hex)));
        let candidates: Vec<Vec<Vec<u64>>> = (0..=40).map(candidates).collect();
        for (text, base) in &all {
            let code = Code::parse(text, *base).unwrap();
            for n in 0..=40u64 {
                let expected = naive_options(text, n, &candidates[n as usize]);
                let options: Vec<Vec<u64>> = code.options(&n).collect();
                assert_eq!(options, expected, "{text} heap {n}");
                assert_eq!(code.option_count(&n), expected.len() as u64, "{text} {n}");
                let wide: Vec<Vec<u128>> = code.options(&u128::from(n)).collect();
                assert_eq!(wide.len(), expected.len());
                assert_eq!(code.option_count(&(n as usize)), expected.len());
                let listed: std::collections::HashSet<&Vec<u64>> = expected.iter().collect();
                for heaps in &candidates[n as usize] {
                    assert_eq!(
                        code.is_option(&n, heaps),
                        listed.contains(heaps),
                        "{text} {n} {heaps:?}"
                    );
                }
                for heaps in expected.iter().filter(|heaps| heaps.len() > 1) {
                    let mut reversed = heaps.clone();
                    reversed.reverse();
                    assert!(code.is_option(&n, &reversed), "{text} {n} {reversed:?}");
                }
                assert!(!code.is_option(&n, &[0, n]));
                assert!(!code.is_option(&n, &[n + 1]));
                assert!(!code.is_option(&(n + 4), &[1, 1, 1, 1]));
            }
        }
    }

    /// Every malformed code gives its own error, and the message names the offender.
    #[test]
    fn malformed_codes_are_typed_errors() {
        let cases: [(&str, Base, CodeError, &str); 12] = [
            (
                "",
                Base::Octal,
                CodeError::Empty { base: Base::Octal },
                "missing",
            ),
            (
                "077",
                Base::Octal,
                CodeError::MissingPoint { code: "077".into() },
                "'077'",
            ),
            (
                "00.7",
                Base::Octal,
                CodeError::MissingPoint {
                    code: "00.7".into(),
                },
                "'00.7'",
            ),
            (
                ".7",
                Base::Octal,
                CodeError::MissingLeadingDigit { code: ".7".into() },
                "write 0.7",
            ),
            (
                "x.7",
                Base::Octal,
                CodeError::BadLeadingDigit {
                    found: 'x',
                    base: Base::Octal,
                },
                "'x'",
            ),
            (
                "2.7",
                Base::Octal,
                CodeError::LeadingDigitNotASplit {
                    found: '2',
                    base: Base::Octal,
                },
                "0 or 4",
            ),
            (
                "8.7",
                Base::Octal,
                CodeError::BadLeadingDigit {
                    found: '8',
                    base: Base::Octal,
                },
                "'8'",
            ),
            (
                "0.8",
                Base::Octal,
                CodeError::NotOctal {
                    found: '8',
                    position: 1,
                },
                "use hex:",
            ),
            (
                "0.7x",
                Base::Octal,
                CodeError::BadDigit {
                    found: 'x',
                    position: 2,
                    base: Base::Octal,
                },
                "'x' (position 2)",
            ),
            (
                "0.g",
                Base::Hex,
                CodeError::BadDigit {
                    found: 'g',
                    position: 1,
                    base: Base::Hex,
                },
                "'g'",
            ),
            (
                "0.",
                Base::Octal,
                CodeError::NoMove { code: "0.".into() },
                "'0.'",
            ),
            (
                "0.000",
                Base::Hex,
                CodeError::NoMove {
                    code: "0.000".into(),
                },
                "no move",
            ),
        ];
        for (text, base, expected, fragment) in cases {
            let error = Code::parse(text, base).unwrap_err();
            assert_eq!(error, expected, "{text}");
            let message = error.to_string();
            assert!(message.contains(fragment), "{text}: {message}");
            assert!(!message.contains('\n'), "{message}");
        }
        let long = format!("0.{}", "7".repeat(MAX_DIGITS + 1));
        assert_eq!(
            Code::parse(&long, Base::Octal),
            Err(CodeError::TooManyDigits {
                count: MAX_DIGITS + 1
            })
        );
        let longest = format!("0.{}0", "7".repeat(MAX_DIGITS));
        assert_eq!(
            Code::parse(&longest, Base::Octal).unwrap().last_digit(),
            MAX_DIGITS
        );
        assert_eq!(
            Code::parse("6.", Base::Hex),
            Err(CodeError::LeadingDigitNotASplit {
                found: '6',
                base: Base::Hex
            })
        );
    }
}
