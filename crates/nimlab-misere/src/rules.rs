//! The heap games this crate knows how to play: take-and-break codes (octal and
//! hexadecimal), Grundy's game and finite subtraction games.
//!
//! A code `d0.d1d2…dk` says, for each j, what removing j tokens from one heap may leave
//! (Winning Ways ch. 4; the hexadecimal digits are Conway's generalisation): bit 1 of
//! d_j, nothing (the heap had exactly j tokens); bit 2, one non-empty heap; bit 4, two
//! non-empty heaps; bit 8, three. Digits 0–7 make an octal game, 0–f a hexadecimal one.
//! The digit before the point removes nothing, so it may only split: `4.` splits a heap
//! in two, `8.` in three. Kayles is `0.77`, Dawson's Kayles `0.07`.
//!
//! Codes are read by the octal engine's parser ([`nimlab_octal::Code`]), and a code's
//! moves are the engine's takes ([`Code::takes`]), so a code means the same here as
//! everywhere else in nimlab.

use crate::game::{HeapGame, Take, UniformMoves};
use nimlab_octal::take::pairs;
use nimlab_octal::{Base, Code};
use std::fmt;

/// A game's rules that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// A take-and-break code that is not one.
    InvalidCode { code: String, reason: String },
    /// A subtraction set that is not one.
    InvalidSubtractionSet { amounts: Vec<usize>, reason: String },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::InvalidCode { code, reason } => {
                write!(f, "'{code}' is not a take-and-break code: {reason}")
            }
            RulesError::InvalidSubtractionSet { amounts, reason } => {
                write!(f, "{amounts:?} is not a subtraction set: {reason}")
            }
        }
    }
}

impl std::error::Error for RulesError {}

/// Most amounts a subtraction set may have.
pub const MAX_SUBTRACTION_AMOUNTS: usize = 64;

/// Largest amount a subtraction set may hold.
pub const MAX_SUBTRACTION_AMOUNT: usize = 4096;

/// A take-and-break game given by its code, e.g. `0.77`, `4.07` or `0.8f`. Its moves
/// are the code's takes ([`Code::takes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// The code's canonical text.
    name: String,
    /// The takes that remove a whole heap of exactly so many tokens.
    whole: Vec<Take>,
    /// The takes that leave heaps: every heap larger than the code is long has them all.
    uniform: UniformMoves,
}

impl TakeBreak {
    /// Kayles, `0.77`.
    pub fn kayles() -> Self {
        Self::parse("0.77").expect("Kayles' code parses")
    }

    /// Parse a code such as `0.77`, `4.07` or `0.8f` (hexadecimal digits are allowed,
    /// octal codes being hexadecimal ones with digits below 8), as
    /// [`nimlab_octal::Code::parse`] does.
    pub fn parse(code: &str) -> Result<Self, RulesError> {
        let text = code.trim();
        let code = Code::parse(text, Base::Hex).map_err(|e| RulesError::InvalidCode {
            code: text.to_string(),
            reason: e.to_string(),
        })?;
        Ok(Self::from_code(&code))
    }

    /// The game of a parsed code.
    pub fn from_code(code: &Code) -> Self {
        let (whole, takes) = code.takes().partition(|take| take.parts == 0);
        TakeBreak {
            name: code.to_string(),
            whole,
            uniform: UniformMoves {
                from: code.last_digit(),
                takes,
            },
        }
    }

    /// Whether every digit is octal (no three-way splits).
    pub fn is_octal(&self) -> bool {
        self.uniform.takes.iter().all(|take| take.parts < 3)
    }
}

impl HeapGame for TakeBreak {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// A heap removed whole first, then the options every larger heap has too.
    fn options(&self, n: usize, out: &mut Vec<Vec<usize>>) {
        for take in &self.whole {
            take.options(&n).for_each(|option| out.push(option));
        }
        self.uniform.options_of(n, out);
    }

    fn uniform_moves(&self) -> Option<&UniformMoves> {
        Some(&self.uniform)
    }
}

/// Grundy's game: split a heap into two heaps of different sizes. Its large heaps do
/// not move alike (the sizes must differ), so its quotients are never certified.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrundysGame;

impl HeapGame for GrundysGame {
    fn name(&self) -> String {
        "grundy".to_string()
    }

    fn options(&self, n: usize, out: &mut Vec<Vec<usize>>) {
        let unequal = pairs(n, 1, 1).filter(|[a, b]| a != b);
        unequal.for_each(|split| out.push(split.to_vec()));
    }

    fn uniform_moves(&self) -> Option<&UniformMoves> {
        None
    }
}

/// A subtraction game: take any amount of a finite set from one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    amounts: Vec<usize>,
    uniform: UniformMoves,
}

impl Subtraction {
    /// The game with these amounts (any order, no repeats, each from 1 to
    /// [`MAX_SUBTRACTION_AMOUNT`], at most [`MAX_SUBTRACTION_AMOUNTS`] of them).
    pub fn new(amounts: &[usize]) -> Result<Self, RulesError> {
        let mut sorted = amounts.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let invalid = |reason: &str| RulesError::InvalidSubtractionSet {
            amounts: amounts.to_vec(),
            reason: reason.to_string(),
        };
        if sorted.is_empty() {
            return Err(invalid("a subtraction set needs an amount"));
        }
        if sorted.len() != amounts.len() {
            return Err(invalid("an amount is repeated"));
        }
        if sorted.len() > MAX_SUBTRACTION_AMOUNTS {
            return Err(invalid("at most 64 amounts"));
        }
        if sorted[0] == 0 || sorted[sorted.len() - 1] > MAX_SUBTRACTION_AMOUNT {
            return Err(invalid("amounts run from 1 to 4096"));
        }
        let uniform = UniformMoves {
            from: sorted[sorted.len() - 1],
            takes: sorted
                .iter()
                .map(|&removed| Take { removed, parts: 1 })
                .collect(),
        };
        Ok(Subtraction {
            amounts: sorted,
            uniform,
        })
    }
}

impl HeapGame for Subtraction {
    fn name(&self) -> String {
        let amounts: Vec<String> = self.amounts.iter().map(|a| a.to_string()).collect();
        format!("subtraction:{}", amounts.join(","))
    }

    fn options(&self, n: usize, out: &mut Vec<Vec<usize>>) {
        for &amount in self.amounts.iter().take_while(|&&a| a <= n) {
            out.push(if n > amount { vec![n - amount] } else { vec![] });
        }
    }

    fn uniform_moves(&self) -> Option<&UniformMoves> {
        Some(&self.uniform)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(game: &impl HeapGame, n: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        game.options(n, &mut out);
        for option in &mut out {
            option.sort_unstable();
        }
        out.sort();
        out
    }

    /// Normal-play Grundy values from the options, by mex.
    fn grundy_values(game: &impl HeapGame, len: usize) -> Vec<usize> {
        let mut values: Vec<usize> = Vec::new();
        for n in 0..len {
            let seen: Vec<usize> = options(game, n)
                .iter()
                .map(|o| o.iter().fold(0, |x, &h| x ^ values[h]))
                .collect();
            values.push((0..).find(|g| !seen.contains(g)).unwrap_or(0));
        }
        values
    }

    #[test]
    fn kayles_options_and_values() {
        let kayles = TakeBreak::parse("0.77").unwrap();
        assert_eq!(kayles, TakeBreak::kayles());
        assert_eq!(kayles.name(), "0.77");
        assert_eq!(options(&kayles, 1), vec![vec![]]);
        assert_eq!(options(&kayles, 2), vec![vec![], vec![1]]);
        assert_eq!(
            options(&kayles, 4),
            vec![vec![1, 1], vec![1, 2], vec![2], vec![3]]
        );
        // Winning Ways ch. 4: Kayles' nim-sequence starts so.
        let expected = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5,
            4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
        ];
        assert_eq!(grundy_values(&kayles, expected.len()), expected);
    }

    #[test]
    fn dawsons_kayles_values() {
        // 0.07: the nim-sequence of Dawson's Kayles (Winning Ways ch. 4), heaps 0..=20.
        let dawson = TakeBreak::parse("0.07").unwrap();
        let expected = [
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
        ];
        assert_eq!(grundy_values(&dawson, expected.len()), expected);
    }

    #[test]
    fn codes_parse_and_normalise() {
        assert_eq!(TakeBreak::parse("0.1370").unwrap().name(), "0.137");
        assert_eq!(TakeBreak::parse("4.07").unwrap().name(), "4.07");
        assert_eq!(TakeBreak::parse("0.8F").unwrap().name(), "0.8f");
        let split = TakeBreak::parse("4.").unwrap();
        assert_eq!(options(&split, 4), vec![vec![1, 3], vec![2, 2]]);
        let three = TakeBreak::parse("0.8").unwrap();
        assert!(!three.is_octal());
        assert_eq!(options(&three, 5), vec![vec![1, 1, 2]]);
        assert_eq!(options(&three, 3), Vec::<Vec<usize>>::new());
        for bad in ["", "077", "1.7", "0.7g", "0.00", "0.", "x.7", ".7"] {
            assert!(TakeBreak::parse(bad).is_err(), "{bad}");
        }
        let long = format!("0.{}", "7".repeat(65));
        assert!(TakeBreak::parse(&long).is_err());
    }

    #[test]
    fn large_heaps_move_uniformly() {
        let games: Vec<TakeBreak> = ["0.77", "0.07", "4.07", "0.8f", "0.123", "c.1"]
            .iter()
            .map(|c| TakeBreak::parse(c).unwrap())
            .collect();
        for game in &games {
            let uniform = game.uniform_moves().unwrap();
            for n in uniform.from + 1..uniform.from + 12 {
                let mut by_takes = Vec::new();
                uniform.options_of(n, &mut by_takes);
                by_takes.sort();
                assert_eq!(options(game, n), by_takes, "{} heap {n}", game.name());
            }
        }
    }

    /// The options of every code of up to three octal digits, and of some hexadecimal
    /// ones, are the octal engine's, in its order but for a heap removed whole, which
    /// comes first; heaps up to 40.
    #[test]
    fn options_are_the_codes_with_a_whole_heap_first() {
        let mut codes: Vec<String> = (1..8 * 8 * 8)
            .map(|i: u32| format!("0.{i:03o}").trim_end_matches('0').to_string())
            .collect();
        codes.extend(
            [
                "4.", "4.7", "4.37", "8.", "c.f", "0.8", "0.f8", "0.9c", "4.8a",
            ]
            .map(String::from),
        );
        for text in &codes {
            let code = Code::parse(text, Base::Hex).unwrap();
            let game = TakeBreak::from_code(&code);
            for n in 0..=40 {
                let mut expected: Vec<Vec<usize>> = code.options(&n).collect();
                expected.sort_by_key(|heaps| !heaps.is_empty());
                let mut options = Vec::new();
                game.options(n, &mut options);
                assert_eq!(options, expected, "{text} heap {n}");
            }
        }
    }

    #[test]
    fn grundys_game_and_subtraction() {
        assert_eq!(options(&GrundysGame, 6), vec![vec![1, 5], vec![2, 4]]);
        assert_eq!(options(&GrundysGame, 2), Vec::<Vec<usize>>::new());
        for n in 0..40 {
            let unequal: Vec<Vec<usize>> = (1..n)
                .filter(|&a| 2 * a < n)
                .map(|a| vec![a, n - a])
                .collect();
            assert_eq!(options(&GrundysGame, n), unequal, "heap {n}");
        }
        assert!(GrundysGame.uniform_moves().is_none());
        let game = Subtraction::new(&[3, 1]).unwrap();
        assert_eq!(game.name(), "subtraction:1,3");
        assert_eq!(options(&game, 3), vec![vec![], vec![2]]);
        assert_eq!(game.uniform_moves().unwrap().from, 3);
        for bad in [&[][..], &[0], &[1, 1], &[4097]] {
            assert!(Subtraction::new(bad).is_err(), "{bad:?}");
        }
    }
}
