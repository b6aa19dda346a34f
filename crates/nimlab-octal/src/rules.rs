//! The moves of every heap game the engine knows, written once: take-and-break codes,
//! Grundy's game and finite subtraction games ([`TakeBreak`]), and the move lists the
//! kernels read, compiled from them ([`Rules`]).
//!
//! Every move of these games is a [`Take`]: remove some tokens from one heap and leave
//! the rest as 0, 1, 2 or 3 non-empty heaps, in every possible way. A code's digits say
//! which takes it allows ([`Code::takes`]); a subtraction set S allows, for each s in S,
//! taking s tokens (the whole heap, or leaving one heap); Grundy's game allows splitting
//! a heap in two, on the condition that the two parts differ. A heap's options, their
//! number and whether a list of heaps is one of them follow from the takes and that
//! condition, for heaps of any integer type ([`TakeBreak::options`],
//! [`TakeBreak::option_count`], [`TakeBreak::is_option`]): the engine, the misère
//! quotients of nimlab-misere and the families of nimlab-core all read them here.

use crate::code::{Base, Code, CodeError};
use crate::take::{Take, TakeOptions, Tokens};
use std::fmt;

/// Grundy's game's one take: remove nothing, leave two heaps (of different sizes).
const GRUNDYS_SPLIT: [Take; 1] = [Take {
    removed: 0,
    parts: 2,
}];

/// A finite subtraction set: the amounts a move may take from one heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    /// Sorted, without repeats, each at least 1.
    amounts: Vec<usize>,
    /// For each amount s in order: take s leaving no heap, take s leaving one.
    takes: Vec<Take>,
}

impl SubtractionSet {
    /// The set of `amounts` (in any order; a repeat counts once), or `None` when there
    /// is no amount or one is 0 (every move takes a token).
    pub fn new(amounts: &[usize]) -> Option<SubtractionSet> {
        let mut amounts = amounts.to_vec();
        amounts.sort_unstable();
        amounts.dedup();
        if amounts.first().is_none_or(|&least| least == 0) {
            return None;
        }
        let takes = amounts
            .iter()
            .flat_map(|&removed| [0, 1].map(|parts| Take { removed, parts }))
            .collect();
        Some(SubtractionSet { amounts, takes })
    }

    /// The amounts, in increasing order.
    pub fn amounts(&self) -> &[usize] {
        &self.amounts
    }
}

/// A take-and-break game: the one definition of its moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TakeBreak {
    /// An octal or hexadecimal code.
    Code(Code),
    /// Grundy's game: split one heap into two non-empty heaps of different sizes.
    GrundysGame,
    /// A subtraction game: take s tokens from one heap, for s in a finite set.
    Subtraction(SubtractionSet),
}

impl TakeBreak {
    /// Parse an octal code such as `0.137` or `4.07`.
    pub fn octal(text: &str) -> Result<TakeBreak, CodeError> {
        Code::parse(text, Base::Octal).map(TakeBreak::Code)
    }

    /// Parse a hexadecimal code such as `0.f` or `0.8` (octal codes are hexadecimal
    /// codes with digits below 8).
    pub fn hex(text: &str) -> Result<TakeBreak, CodeError> {
        Code::parse(text, Base::Hex).map(TakeBreak::Code)
    }

    /// The moves, in increasing order (of tokens removed, then of heaps left).
    pub fn takes(&self) -> &[Take] {
        match self {
            TakeBreak::Code(code) => code.takes(),
            TakeBreak::GrundysGame => &GRUNDYS_SPLIT,
            TakeBreak::Subtraction(set) => &set.takes,
        }
    }

    /// Whether a move that leaves two heaps must leave heaps of different sizes
    /// (Grundy's game).
    pub fn unequal_parts(&self) -> bool {
        matches!(self, TakeBreak::GrundysGame)
    }

    /// The most tokens a move removes (K for a code, max S for a subtraction set, 0 for
    /// Grundy's game).
    pub fn max_removal(&self) -> usize {
        self.takes().last().map_or(0, |take| take.removed)
    }

    /// Whether `option`, a list of heaps left, is allowed by the condition on top of
    /// the takes: the two parts of a split of Grundy's game differ.
    fn allows<T: Tokens>(&self, option: &[T]) -> bool {
        !(self.unequal_parts() && matches!(option, [a, b] if a == b))
    }

    /// Every option of a heap of `n` tokens, as the heaps it leaves, smallest first:
    /// take by take in the order of [`TakeBreak::takes`], and each take's options in
    /// increasing order ([`Take::options`]). Lazy: a huge heap has more options than
    /// fit in memory.
    pub fn options<'a, T: Tokens>(&'a self, n: &'a T) -> TakeBreakOptions<'a, T> {
        TakeBreakOptions {
            game: self,
            takes: self.takes().iter(),
            heap: n,
            current: None,
        }
    }

    /// How many options a heap of `n` tokens has ([`TakeBreak::options`]).
    pub fn option_count<T: Tokens>(&self, n: &T) -> T {
        self.takes().iter().fold(T::of(0), |count, take| {
            let count = count.plus(&take.count(n));
            // A split of an even rest in two has one equal pair.
            let two = T::of(2);
            let even_split = take.parts == 2
                && *n >= T::of(take.removed + 2)
                && n.minus(&T::of(take.removed)).modulo(&two) == T::of(0);
            if self.unequal_parts() && even_split {
                count.minus(&T::of(1))
            } else {
                count
            }
        })
    }

    /// Whether leaving `heaps` (in any order) is an option of a heap of `n` tokens.
    pub fn is_option<T: Tokens>(&self, n: &T, heaps: &[T]) -> bool {
        let zero = T::of(0);
        if heaps.contains(&zero) || !self.allows(heaps) {
            return false;
        }
        let left = heaps.iter().fold(zero, |sum, heap| sum.plus(heap));
        if left > *n {
            return false;
        }
        let removed = n.minus(&left);
        self.takes()
            .iter()
            .any(|take| take.parts == heaps.len() && removed == T::of(take.removed))
    }
}

impl fmt::Display for TakeBreak {
    /// The name people write: the code's canonical text (`0.137`), `grundy-game`, or
    /// `subtraction:` and the amounts (`subtraction:1,3,4`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeBreak::Code(code) => code.fmt(f),
            TakeBreak::GrundysGame => f.write_str("grundy-game"),
            TakeBreak::Subtraction(set) => {
                f.write_str("subtraction:")?;
                for (i, amount) in set.amounts.iter().enumerate() {
                    let comma = if i == 0 { "" } else { "," };
                    write!(f, "{comma}{amount}")?;
                }
                Ok(())
            }
        }
    }
}

/// The iterator of [`TakeBreak::options`]: take by take, each take's options.
#[derive(Clone, Debug)]
pub struct TakeBreakOptions<'a, T> {
    game: &'a TakeBreak,
    takes: std::slice::Iter<'a, Take>,
    heap: &'a T,
    current: Option<TakeOptions<T>>,
}

impl<T: Tokens> Iterator for TakeBreakOptions<'_, T> {
    type Item = Vec<T>;

    fn next(&mut self) -> Option<Vec<T>> {
        loop {
            match self.current.as_mut().and_then(Iterator::next) {
                Some(option) if self.game.allows(&option) => return Some(option),
                Some(_) => {}
                None => self.current = Some(self.takes.next()?.options(self.heap)),
            }
        }
    }

    /// Each take's own loop over its options, rather than a step through every take at
    /// every option.
    fn fold<B, F: FnMut(B, Vec<T>) -> B>(self, init: B, mut f: F) -> B {
        let game = self.game;
        let mut allowed = |acc, option: Vec<T>| {
            if game.allows(&option) {
                f(acc, option)
            } else {
                acc
            }
        };
        let acc = match self.current {
            Some(current) => current.fold(init, &mut allowed),
            None => init,
        };
        self.takes.fold(acc, |acc, take| {
            take.options(self.heap).fold(acc, &mut allowed)
        })
    }
}

/// The moves of a take-and-break game, compiled once for the kernels: for each removal
/// size, which numbers of heaps it may leave. Every list is sorted and without repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    game: TakeBreak,
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
    /// Compile the moves of `game`.
    pub fn new(game: TakeBreak) -> Rules {
        let removals = |parts: usize| -> Vec<usize> {
            game.takes()
                .iter()
                .filter(|take| take.parts == parts)
                .map(|take| take.removed)
                .collect()
        };
        Rules {
            take_all: removals(0),
            take_some: removals(1),
            split_two: removals(2),
            split_three: removals(3),
            unequal_parts: game.unequal_parts(),
            game,
        }
    }

    /// Parse and compile an octal code such as `0.137` or `4.07`.
    pub fn octal(text: &str) -> Result<Rules, CodeError> {
        TakeBreak::octal(text).map(Rules::new)
    }

    /// Parse and compile a hexadecimal code such as `0.f` or `0.8`.
    pub fn hex(text: &str) -> Result<Rules, CodeError> {
        TakeBreak::hex(text).map(Rules::new)
    }

    /// Compile a parsed code.
    pub fn from_code(code: Code) -> Rules {
        Rules::new(TakeBreak::Code(code))
    }

    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    pub fn grundys_game() -> Rules {
        Rules::new(TakeBreak::GrundysGame)
    }

    /// The game these rules come from, with its moves.
    pub fn game(&self) -> &TakeBreak {
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

    /// The largest number of tokens a move removes ([`TakeBreak::max_removal`]).
    pub fn max_removal(&self) -> usize {
        self.game.max_removal()
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
}

impl fmt::Display for Rules {
    /// The game's name ([`TakeBreak`]'s).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_drop_trailing_zeros_and_lower_hex() {
        assert_eq!(Rules::octal("0.1370").unwrap().to_string(), "0.137");
        assert_eq!(Rules::octal("4.070").unwrap().to_string(), "4.07");
        assert_eq!(Rules::octal("4.").unwrap().to_string(), "4.");
        assert_eq!(Rules::hex("0.F8").unwrap().to_string(), "0.f8");
        assert_eq!(Rules::hex("c.0").unwrap().to_string(), "c.");
        assert_eq!(Rules::grundys_game().to_string(), "grundy-game");
        let set = SubtractionSet::new(&[4, 1, 3, 1]).unwrap();
        assert_eq!(set.amounts(), [1, 3, 4]);
        let subtraction = TakeBreak::Subtraction(set);
        assert_eq!(subtraction.to_string(), "subtraction:1,3,4");
        assert_eq!(subtraction.max_removal(), 4);
        assert_eq!(SubtractionSet::new(&[]), None);
        assert_eq!(SubtractionSet::new(&[2, 0]), None);
    }

    #[test]
    fn moves_compile_into_move_lists() {
        let rules = Rules::hex("4.7f3").unwrap();
        assert_eq!(rules.take_all, [1, 2, 3]);
        assert_eq!(rules.take_some, [1, 2, 3]);
        assert_eq!(rules.split_two, [0, 1, 2]);
        assert_eq!(rules.split_three, [2]);
        assert_eq!(rules.max_removal(), 3);
        assert_eq!(rules.max_parts(), 3);
        assert_eq!(Rules::octal("0.07").unwrap().max_parts(), 2);
        assert_eq!(Rules::octal("0.33").unwrap().max_parts(), 1);
        let grundy = Rules::grundys_game();
        assert_eq!(grundy.split_two, [0]);
        assert!(grundy.unequal_parts() && grundy.take_all.is_empty());
        let set = SubtractionSet::new(&[2, 5]).unwrap();
        let subtraction = Rules::new(TakeBreak::Subtraction(set));
        assert_eq!(
            (subtraction.take_all(), subtraction.take_some()),
            (&[2, 5][..], &[2, 5][..])
        );
        assert_eq!(subtraction.max_parts(), 1);
    }

    fn options(game: &TakeBreak, n: u64) -> Vec<Vec<u64>> {
        game.options(&n).collect()
    }

    #[test]
    fn options_of_kayles_grundys_game_and_a_subtraction_game() {
        let kayles = TakeBreak::octal("0.77").unwrap();
        assert_eq!(options(&kayles, 2), [vec![1], vec![]]);
        assert_eq!(
            options(&kayles, 4),
            [vec![3], vec![1, 2], vec![2], vec![1, 1]]
        );
        assert_eq!(
            options(&TakeBreak::GrundysGame, 6),
            [vec![1, 5], vec![2, 4]]
        );
        assert!(options(&TakeBreak::GrundysGame, 2).is_empty());
        let three = TakeBreak::hex("0.8").unwrap();
        assert_eq!(options(&three, 5), [vec![1, 1, 2]]);
        let subtraction = TakeBreak::Subtraction(SubtractionSet::new(&[1, 3]).unwrap());
        assert_eq!(options(&subtraction, 3), [vec![2], vec![]]);
        assert_eq!(options(&subtraction, 5), [vec![4], vec![2]]);
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

    /// The options, their count and their recognition, derived from the takes, equal
    /// the candidates `is_move` accepts, in the order of tokens removed, then number of
    /// heaps, then the heaps; heaps up to 40, for three integer types.
    fn check_against_candidates(
        game: &TakeBreak,
        is_move: impl Fn(u64, &[u64]) -> bool,
        candidates: &[Vec<Vec<u64>>],
    ) {
        for n in 0..=40u64 {
            let removed = |heaps: &Vec<u64>| n - heaps.iter().sum::<u64>();
            let mut expected: Vec<Vec<u64>> = candidates[n as usize]
                .iter()
                .filter(|heaps| is_move(n, heaps))
                .cloned()
                .collect();
            expected.sort_by_key(|heaps| (removed(heaps), heaps.len(), heaps.clone()));
            assert_eq!(options(game, n), expected, "{game} heap {n}");
            assert_eq!(game.option_count(&n), expected.len() as u64, "{game} {n}");
            let wide: Vec<Vec<u128>> = game.options(&u128::from(n)).collect();
            assert_eq!(wide.len(), expected.len());
            assert_eq!(game.option_count(&(n as usize)), expected.len());
            assert_eq!(
                game.options(&n).fold(0, |count, _| count + 1),
                expected.len()
            );
            let listed: std::collections::HashSet<&Vec<u64>> = expected.iter().collect();
            for heaps in &candidates[n as usize] {
                let found = game.is_option(&n, heaps);
                assert_eq!(found, listed.contains(heaps), "{game} {n} {heaps:?}");
            }
            for heaps in expected.iter().filter(|heaps| heaps.len() > 1) {
                let mut reversed = heaps.clone();
                reversed.reverse();
                assert!(game.is_option(&n, &reversed), "{game} {n} {reversed:?}");
            }
            assert!(!game.is_option(&n, &[0, n]));
            assert!(!game.is_option(&n, &[n + 1]));
            assert!(!game.is_option(&(n + 4), &[1, 1, 1, 1]));
        }
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

    /// The moves of a code, read from its text alone: the candidates whose digit for
    /// the tokens they remove has the bit of their number of heaps (removing no token
    /// and leaving nothing is no move). Every code of up to three octal digits, every
    /// hexadecimal code of one digit and every 0.d1d2.
    #[test]
    fn codes_move_as_a_naive_reading_of_the_digits() {
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
            let digits: Vec<u32> = text
                .chars()
                .filter(|&c| c != '.')
                .map(|c| c.to_digit(16).unwrap())
                .collect();
            let is_move = |n: u64, heaps: &[u64]| {
                let k = n - heaps.iter().sum::<u64>();
                let digit = digits.get(k as usize).copied().unwrap_or(0);
                (k > 0 || !heaps.is_empty()) && digit >> heaps.len() & 1 == 1
            };
            let game = TakeBreak::Code(Code::parse(text, *base).unwrap());
            check_against_candidates(&game, is_move, &candidates);
        }
    }

    /// Grundy's game: two heaps of different sizes, nothing removed.
    #[test]
    fn grundys_game_moves_as_its_definition() {
        let candidates: Vec<Vec<Vec<u64>>> = (0..=40).map(candidates).collect();
        let is_move = |n: u64, heaps: &[u64]| matches!(heaps, [a, b] if a != b && a + b == n);
        check_against_candidates(&TakeBreak::GrundysGame, is_move, &candidates);
    }

    /// A subtraction game: one heap of n − s, or none when s = n, for s in the set.
    #[test]
    fn subtraction_games_move_as_their_definition() {
        let candidates: Vec<Vec<Vec<u64>>> = (0..=40).map(candidates).collect();
        for amounts in [&[1][..], &[1, 3, 4], &[2, 7, 11, 30], &[5, 9]] {
            let set = SubtractionSet::new(amounts).unwrap();
            let is_move = |n: u64, heaps: &[u64]| {
                let taken = n - heaps.iter().sum::<u64>();
                heaps.len() < 2 && amounts.contains(&(taken as usize))
            };
            check_against_candidates(&TakeBreak::Subtraction(set), is_move, &candidates);
        }
    }
}
