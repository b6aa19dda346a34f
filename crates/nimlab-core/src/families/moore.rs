//! Moore's Nim_K (E. H. Moore, "A generalization of the game called Nim", Annals of
//! Mathematics 11 (1910), 93–94): a move takes a positive number of tokens from each
//! of at least one and at most K heaps. Nim_1 is Nim.
//!
//! Moore's theorem (normal play): a position is a P-position exactly when, in every
//! binary digit, the number of heaps with a 1 there is a multiple of K + 1. The tests
//! check it against brute force on every position of up to four heaps of up to seven
//! tokens, for K = 1, 2, 3 and 5.
//!
//! A move is not a move in one heap, so Nim_K is not a heap game in the sense of
//! [`HeapRules`](crate::heap::HeapRules): it implements [`Game`], [`Notation`] and
//! [`Strategy`] itself, over a list of heaps.
//!
//! The winning moves are counted exactly and listed for heaps of any size by one pass
//! over the binary digits, from the highest: a heap that a move reduces keeps its
//! digits down to the highest one it changes (a 1 that becomes 0), and its digits
//! below are free. At each digit the state is the set F of heaps
//! reduced above it; some heaps with a 1 there may join F (at most K in all), and the
//! free heaps must then supply exactly the 1s that make the digit's count a multiple
//! of K + 1. The work grows with the number of sets of at most K heaps, and is spent
//! from the question's budget: positions of many heaps with K ≥ 2 may run out of it.
//!
//! Grundy values have no known closed form for K ≥ 2: they are given for K = 1 (the
//! nim-sum) and, from the generic engine, for positions with at most
//! [`SMALL_POSITIONS`] positions below them; otherwise only the outcome is reported.
//!
//! Misère play follows Moore's misère rule (same paper): a position with a heap of 2
//! or more tokens is lost exactly when it is lost in normal play; one whose heaps all
//! have 0 or 1 token is lost when the number of heaps of one token is 1 more than a
//! multiple of K + 1. The tests check it against brute force as the normal rule. The
//! misère winning moves are the normal-play ones that leave a heap of 2 or more, and
//! the moves to the lost positions of heaps of 0 or 1 (counted with binomials).

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::num::{Nat, to_u64, words};
use crate::parse::{parse_bounded, parse_list, parse_nat, tokens};
use crate::protocol::board::{Board, Clicks, Spot, take_from_end};
use crate::protocol::{Analysis, MoveValue, Notation, Strategy, WinningMoves};
use crate::rules::{Convention, Game, Outcome};
use crate::solve::search::GrundyEngine;
use crate::solve::sum::nim_sum;
use crate::text::{count_of, spaced, tokens_word};
use malachite_base::num::basic::traits::{One, Zero};
use malachite_base::num::logic::traits::{BitAccess, SignificantBits};
use std::collections::{BTreeMap, BTreeSet};

/// Grundy values for K ≥ 2 come from the generic engine when the position has at most
/// this many positions below it (the product of the heap sizes plus one).
pub const SMALL_POSITIONS: u64 = 1024;

/// Moore's Nim_K.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moore {
    /// K ≥ 1: the most heaps a move takes from.
    k: Nat,
}

/// A move: tokens taken from one to K different heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MooreMove {
    /// (heap index, 0-based; tokens taken, at least one), in increasing heap index.
    pub takes: Vec<(usize, Nat)>,
}

impl Moore {
    /// Nim_K; `k` must be at least 1.
    pub fn new(k: Nat) -> Self {
        assert!(k != 0u32, "Moore's Nim_K needs K ≥ 1");
        Moore { k }
    }

    /// The spec's argument: K, a positive integer.
    pub fn parse(args: Option<&str>) -> Result<Self, InputError> {
        let expected = "a positive integer K, the most heaps a move takes from, as in moore:2";
        let Some(text) = args.map(str::trim).filter(|t| !t.is_empty()) else {
            return Err(InputError::missing("moore heap count", expected));
        };
        let k = parse_nat(text, "moore heap count")?;
        if k == 0u32 {
            return Err(InputError::invalid("moore heap count", text, expected));
        }
        Ok(Moore { k })
    }

    /// The most heaps a move in `heaps` can take from: K, or the non-empty heaps if
    /// there are fewer. Moore's condition is the same with it in place of K: a count
    /// of heaps is at most the number of non-empty heaps.
    fn reach(&self, heaps: &[Nat]) -> usize {
        let nonempty = heaps.iter().filter(|h| **h != 0u32).count();
        to_u64(&self.k).map_or(nonempty, |k| nonempty.min(k as usize))
    }

    /// The highest binary digit whose count of 1s is not a multiple of reach + 1, with
    /// that count; `None` for a P-position.
    fn unbalanced_digit(&self, heaps: &[Nat]) -> Option<(u64, usize)> {
        let modulus = self.reach(heaps) + 1;
        let top = heaps
            .iter()
            .map(|h| h.significant_bits())
            .max()
            .unwrap_or(0);
        (0..top).rev().find_map(|bit| {
            let count = heaps.iter().filter(|h| h.get_bit(bit)).count();
            (count % modulus != 0).then_some((bit, count))
        })
    }

    /// Whether the player to move loses. Moore's misère rule: with only heaps of 0 or
    /// 1, the position is lost when the heaps of one token are 1 more than a multiple
    /// of K + 1; otherwise as in normal play. (With no heap at all K + 1 ≥ 2, so 0
    /// heaps are never lost.)
    fn is_lost(&self, heaps: &[Nat], convention: Convention) -> bool {
        if convention == Convention::Misere && heaps.iter().all(|h| *h <= 1u32) {
            let ones = heaps.iter().filter(|h| **h == 1u32).count();
            ones % (self.reach(heaps).max(1) + 1) == 1
        } else {
            self.unbalanced_digit(heaps).is_none()
        }
    }

    /// The Grundy value, where known: the nim-sum when a move reaches one heap only,
    /// else by `engine` for positions of at most [`SMALL_POSITIONS`] (an engine shared
    /// between positions keeps what it found).
    fn grundy(&self, heaps: &[Nat], engine: &mut GrundyEngine<'_, Moore>) -> Option<Nat> {
        if self.reach(heaps) <= 1 {
            return Some(nim_sum(heaps.iter()));
        }
        let positions = heaps.iter().try_fold(1u64, |product, h| {
            to_u64(h)
                .and_then(|h| h.checked_add(1))
                .and_then(|h| product.checked_mul(h))
                .filter(|&p| p <= SMALL_POSITIONS)
        });
        positions?;
        engine.grundy(&heaps.to_vec()).ok().map(Nat::from)
    }

    /// Whether the player to move loses (normal play), by Moore's theorem.
    pub fn is_p_position(&self, heaps: &[Nat]) -> bool {
        self.unbalanced_digit(heaps).is_none()
    }

    fn describe(heaps: &[Nat], play: &MooreMove) -> String {
        let named = heaps.len() > 1;
        let parts: Vec<String> = play
            .takes
            .iter()
            .enumerate()
            .map(|(k, (heap, amount))| {
                let n = &heaps[*heap];
                let what = if k == 0 {
                    format!("{amount} {}", tokens_word(amount))
                } else {
                    amount.to_string()
                };
                let from = if named {
                    format!(" from heap {}", heap + 1)
                } else {
                    String::new()
                };
                format!("{what}{from} ({n} → {})", n - amount)
            })
            .collect();
        let joined = match &parts[..] {
            [] => String::new(),
            [only] => only.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        };
        format!("take {joined}")
    }

    fn modulus_text(&self, heaps: &[Nat]) -> String {
        (self.reach(heaps) + 1).to_string()
    }
}

/// The next combination of `choose.len()` indices out of `0..n`, in lexicographic
/// order; false after the last.
fn next_combination(choose: &mut [usize], n: usize) -> bool {
    let k = choose.len();
    for i in (0..k).rev() {
        if choose[i] < n - k + i {
            choose[i] += 1;
            for j in i + 1..k {
                choose[j] = choose[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Every subset of `items` of at most `most` elements, smallest first, each in
/// lexicographic order of positions.
fn subsets_up_to(items: &[usize], most: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for size in 1..=most.min(items.len()) {
        let mut choose: Vec<usize> = (0..size).collect();
        loop {
            all.push(choose.iter().map(|&i| items[i]).collect());
            if !next_combination(&mut choose, items.len()) {
                break;
            }
        }
    }
    all
}

/// C(n, k) for small n.
fn binomial(n: usize, k: usize) -> Nat {
    if k > n {
        return Nat::ZERO;
    }
    (0..k).fold(Nat::ONE, |c, i| c * Nat::from(n - i) / Nat::from(i + 1))
}

/// A set of reduced heaps, sorted.
type Reduced = Vec<usize>;

/// One step of a winning move at one binary digit: the heaps that start to be reduced
/// there (their 1 becomes 0), and the already reduced heaps that get a 1 there.
#[derive(Clone, Debug)]
struct Step {
    joined: Vec<usize>,
    ones: Vec<usize>,
    next: Reduced,
}

/// The moves from a position to P-positions, digit by digit (see the module docs).
struct WinningMoveSearch<'a> {
    heaps: &'a [Nat],
    reach: usize,
    /// The digits, highest first.
    bits: Vec<u64>,
    /// For each digit (in `bits` order) and the end, the sets F from which a
    /// P-position can still be reached with F non-empty at the end.
    alive: Vec<BTreeSet<Reduced>>,
    /// How many moves reach a P-position.
    count: Nat,
}

impl<'a> WinningMoveSearch<'a> {
    /// The steps from the set `reduced` at digit `bit`, in a stable order; with each,
    /// how many ways the free heaps can supply their 1s.
    fn steps(&self, reduced: &[usize], bit: u64) -> Vec<(Vec<usize>, usize, Reduced)> {
        let modulus = self.reach + 1;
        let ones: Vec<usize> = (0..self.heaps.len())
            .filter(|i| !reduced.contains(i) && self.heaps[*i].get_bit(bit))
            .collect();
        subsets_up_to(&ones, self.reach - reduced.len())
            .into_iter()
            .filter_map(|joined| {
                let fixed = ones.len() - joined.len();
                let needed = (modulus - fixed % modulus) % modulus;
                if needed > reduced.len() {
                    return None;
                }
                let mut next: Reduced = reduced.iter().chain(&joined).copied().collect();
                next.sort_unstable();
                Some((joined, needed, next))
            })
            .collect()
    }

    /// Count the winning moves of `heaps` (Nim_K with K = `reach`), keeping what
    /// listing them needs; spends from `budget` per step considered.
    fn new(heaps: &'a [Nat], reach: usize, budget: &Budget) -> Result<Self, Error> {
        let top = heaps
            .iter()
            .map(|h| h.significant_bits())
            .max()
            .unwrap_or(0);
        let bits: Vec<u64> = (0..top).rev().collect();
        let mut search = WinningMoveSearch {
            heaps,
            reach,
            bits,
            alive: Vec::new(),
            count: Nat::ZERO,
        };
        let spend = |units: usize| {
            budget
                .spend(units as u64)
                .map_err(|e| Error::from_budget(e, "counting the winning moves"))
        };
        // Forward: how many partial moves reach each set, digit by digit.
        let mut layers: Vec<BTreeSet<Reduced>> = Vec::with_capacity(search.bits.len() + 1);
        let mut layer: BTreeMap<Reduced, Nat> = BTreeMap::from([(Vec::new(), Nat::ONE)]);
        for &bit in &search.bits {
            layers.push(layer.keys().cloned().collect());
            let mut next: BTreeMap<Reduced, Nat> = BTreeMap::new();
            for (reduced, ways) in &layer {
                let steps = search.steps(reduced, bit);
                spend(steps.len() + 1)?;
                for (_, needed, to) in steps {
                    let choices = binomial(reduced.len(), needed);
                    *next.entry(to).or_insert(Nat::ZERO) += ways * choices;
                }
            }
            layer = next;
        }
        search.count = layer
            .iter()
            .filter(|(reduced, _)| !reduced.is_empty())
            .fold(Nat::ZERO, |sum, (_, ways)| sum + ways);
        // Backward: the sets from which a move can still be completed.
        let end: BTreeSet<Reduced> = layer.into_keys().filter(|r| !r.is_empty()).collect();
        let mut alive = vec![end];
        for (index, &bit) in search.bits.iter().enumerate().rev() {
            let later = alive.last().expect("the end is alive");
            let here: BTreeSet<Reduced> = layers[index]
                .iter()
                .filter(|reduced| {
                    search
                        .steps(reduced, bit)
                        .iter()
                        .any(|(_, _, to)| later.contains(to))
                })
                .cloned()
                .collect();
            spend(layers[index].len())?;
            alive.push(here);
        }
        alive.reverse();
        search.alive = alive;
        Ok(search)
    }

    /// The first `max` winning moves, depth first over the digits (each step tried
    /// leads to at least one move, so the work is proportional to the moves built).
    /// Only moves that `keep` accepts are listed; each move built spends from `budget`.
    fn list(
        &self,
        max: usize,
        keep: impl Fn(&MooreMove) -> bool,
        budget: &Budget,
    ) -> Result<Vec<MooreMove>, Error> {
        let mut moves = Vec::new();
        if max == 0 || !self.alive[0].contains(&Vec::new()) || self.count == 0u32 {
            return Ok(moves);
        }
        // The choices of each digit so far: its steps and the one taken.
        let mut path: Vec<(Vec<Step>, usize)> = Vec::new();
        let mut reduced: Reduced = Vec::new();
        loop {
            let depth = path.len();
            if depth == self.bits.len() {
                budget
                    .spend(self.bits.len() as u64 + 1)
                    .map_err(|e| Error::from_budget(e, "listing the winning moves"))?;
                let play = self.build(&path);
                if keep(&play) {
                    moves.push(play);
                }
                if moves.len() == max || !self.advance(&mut path) {
                    return Ok(moves);
                }
            } else {
                let bit = self.bits[depth];
                let steps: Vec<Step> = self
                    .steps(&reduced, bit)
                    .into_iter()
                    .filter(|(_, _, to)| self.alive[depth + 1].contains(to))
                    .flat_map(|(joined, needed, next)| {
                        subsets_of_size(&reduced, needed)
                            .into_iter()
                            .map(move |ones| Step {
                                joined: joined.clone(),
                                ones,
                                next: next.clone(),
                            })
                    })
                    .collect();
                debug_assert!(!steps.is_empty(), "an alive set has a step");
                path.push((steps, 0));
            }
            let (steps, index) = path.last().expect("a step was chosen");
            reduced = steps[*index].next.clone();
        }
    }

    /// Move to the next choice, backtracking; false when every choice is done.
    fn advance(&self, path: &mut Vec<(Vec<Step>, usize)>) -> bool {
        while let Some((steps, index)) = path.last_mut() {
            if *index + 1 < steps.len() {
                *index += 1;
                return true;
            }
            path.pop();
        }
        false
    }

    /// The move a complete path describes.
    fn build(&self, path: &[(Vec<Step>, usize)]) -> MooreMove {
        let mut after: Vec<Nat> = self.heaps.to_vec();
        for ((steps, index), &bit) in path.iter().zip(&self.bits) {
            let step = &steps[*index];
            for &heap in &step.joined {
                after[heap].clear_bit(bit);
            }
            // Reduced heaps (before this digit) get a 1 where the step says, else 0.
            for &heap in step.next.iter().filter(|h| !step.joined.contains(h)) {
                if step.ones.contains(&heap) {
                    after[heap].set_bit(bit);
                } else {
                    after[heap].clear_bit(bit);
                }
            }
        }
        let takes = (0..self.heaps.len())
            .filter(|&i| after[i] != self.heaps[i])
            .map(|i| (i, &self.heaps[i] - &after[i]))
            .collect();
        MooreMove { takes }
    }
}

/// The moves from `heaps` that leave no heap of more than one token and a number of
/// heaps of one token ≡ `residue` (mod `modulus`), taking from at most `reach` heaps:
/// the first `max` and how many there are. Every heap of 2 or more is taken from
/// (down to 1 or 0), and some heaps of one token may be emptied.
fn moves_to_small(
    heaps: &[Nat],
    reach: usize,
    modulus: usize,
    residue: usize,
    max: usize,
) -> (Vec<MooreMove>, Nat) {
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1u32).collect();
    let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == 1u32).collect();
    let (m, o) = (big.len(), ones.len());
    let mut listed = Vec::new();
    let mut count = Nat::ZERO;
    if m > reach {
        return (listed, count);
    }
    for emptied in 0..=o.min(reach - m) {
        for kept in 0..=m {
            if m + emptied == 0 || (kept + o - emptied) % modulus != residue {
                continue;
            }
            count += binomial(o, emptied) * binomial(m, kept);
            // The heaps of one token to empty, then the big heaps to leave at 1.
            let mut empty: Vec<usize> = (0..emptied).collect();
            while listed.len() < max {
                let mut leave: Vec<usize> = (0..kept).collect();
                while listed.len() < max {
                    let mut takes: Vec<(usize, Nat)> =
                        empty.iter().map(|&e| (ones[e], Nat::ONE)).collect();
                    for (index, &heap) in big.iter().enumerate() {
                        let left = u32::from(leave.contains(&index));
                        takes.push((heap, &heaps[heap] - Nat::from(left)));
                    }
                    takes.sort_by_key(|(heap, _)| *heap);
                    listed.push(MooreMove { takes });
                    if !next_combination(&mut leave, m) {
                        break;
                    }
                }
                if !next_combination(&mut empty, o) {
                    break;
                }
            }
        }
    }
    (listed, count)
}

/// Every subset of `items` of exactly `size` elements, in lexicographic order.
fn subsets_of_size(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size > items.len() {
        return Vec::new();
    }
    let mut all = Vec::new();
    let mut choose: Vec<usize> = (0..size).collect();
    loop {
        all.push(choose.iter().map(|&i| items[i]).collect());
        if !next_combination(&mut choose, items.len()) {
            return all;
        }
    }
}

impl Game for Moore {
    type Position = Vec<Nat>;
    type Move = MooreMove;

    /// By the heaps taken from (one heap, then two, …, in lexicographic order), then
    /// by the amounts (all 1 first; the last heap's amount counts up fastest).
    fn legal_moves(&self, heaps: &Vec<Nat>, limit: usize) -> (Vec<MooreMove>, bool) {
        let nonempty: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] != 0u32).collect();
        let reach = self.reach(heaps);
        let mut moves = Vec::new();
        for size in 1..=reach {
            let mut choose: Vec<usize> = (0..size).collect();
            loop {
                let chosen: Vec<usize> = choose.iter().map(|&i| nonempty[i]).collect();
                let mut amounts = vec![Nat::ONE; size];
                loop {
                    if moves.len() == limit {
                        return (moves, false);
                    }
                    moves.push(MooreMove {
                        takes: chosen
                            .iter()
                            .copied()
                            .zip(amounts.iter().cloned())
                            .collect(),
                    });
                    // The odometer: the last amount first.
                    let Some(place) = (0..size).rev().find(|&p| amounts[p] < heaps[chosen[p]])
                    else {
                        break;
                    };
                    amounts[place] += Nat::ONE;
                    for amount in &mut amounts[place + 1..] {
                        *amount = Nat::ONE;
                    }
                }
                if !next_combination(&mut choose, nonempty.len()) {
                    break;
                }
            }
        }
        (moves, true)
    }

    fn apply(&self, heaps: &Vec<Nat>, play: &MooreMove) -> Vec<Nat> {
        let mut after = heaps.clone();
        for (heap, amount) in &play.takes {
            after[*heap] -= amount;
        }
        after
    }

    /// The non-empty heaps, sorted: the order of heaps and empty heaps do not matter.
    fn canonical(&self, heaps: &Vec<Nat>) -> Vec<Nat> {
        let mut sorted: Vec<Nat> = heaps.iter().filter(|h| **h != 0u32).cloned().collect();
        sorted.sort_unstable();
        sorted
    }

    fn size(&self, heaps: &Vec<Nat>) -> usize {
        heaps.iter().map(words).sum::<usize>().max(1)
    }
}

impl Notation for Moore {
    fn spec(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn rules(&self) -> String {
        let k = &self.k;
        if *k == 1u32 {
            return "Moore's Nim_1, which is Nim: take any number of tokens (at least one) \
                    from one heap."
                .to_string();
        }
        format!(
            "Moore's Nim_{k}: take tokens from at least one and at most {k} heaps, any \
             positive number from each."
        )
    }

    fn position_syntax(&self) -> String {
        "heap sizes separated by spaces or commas, e.g. \"1 2 3\"".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Vec<Nat>, InputError> {
        parse_list(text, self.position_syntax(), |t| parse_nat(t, "heap size"))
    }

    fn format_position(&self, heaps: &Vec<Nat>) -> String {
        spaced(heaps)
    }

    fn describe_move(&self, heaps: &Vec<Nat>, play: &MooreMove) -> String {
        Self::describe(heaps, play)
    }

    /// A token in each heap taken from, in the heaps' order (or the reverse, for two
    /// heaps), each taking it and every token after it.
    fn clicks(&self, heaps: &Vec<Nat>, play: &MooreMove) -> Clicks {
        let tokens: Vec<Spot> = play
            .takes
            .iter()
            .map(|(heap, taken)| take_from_end(heap + 1, &heaps[*heap], taken))
            .collect();
        let mut clicks = vec![tokens.clone()];
        if tokens.len() == 2 {
            clicks.push(tokens.into_iter().rev().collect());
        }
        clicks
    }

    fn click_help(&self) -> String {
        format!(
            "Click a token to take it and every token after it in its heap. To take from \
             several heaps (at most {}), click a token in each; click the last token again \
             to stop there.",
            self.k
        )
    }

    fn board(&self, heaps: &Vec<Nat>) -> Board {
        Board::Heaps {
            heaps: heaps.clone(),
            heap: "heap",
            token: "token",
        }
    }

    /// HEAP:AMOUNT for each heap taken from, e.g. "2:3 4:1".
    fn move_text(&self, _heaps: &Vec<Nat>, play: &MooreMove) -> String {
        play.takes
            .iter()
            .map(|(heap, amount)| format!("{}:{amount}", heap + 1))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// HEAP:AMOUNT pairs ("2:3 4:1"), or as in Nim a heap and an amount ("2 3"), or
    /// just the amount when there is one heap.
    fn parse_move(&self, heaps: &Vec<Nat>, text: &str) -> Result<MooreMove, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        if words.is_empty() {
            return Err(InputError::missing("move", self.move_syntax(heaps)));
        }
        let pairs: Vec<(&str, &str)> = match words[..] {
            _ if words.iter().all(|w| w.contains(':')) => words
                .iter()
                .map(|w| w.split_once(':').expect("has a colon"))
                .collect(),
            [amount] if heaps.len() == 1 => vec![("1", amount)],
            [heap, amount] if !heap.contains(':') && !amount.contains(':') => {
                vec![(heap, amount)]
            }
            _ => {
                return Err(InputError::invalid(
                    "move",
                    text.trim(),
                    self.move_syntax(heaps),
                ));
            }
        };
        let mut takes: Vec<(usize, Nat)> = Vec::new();
        for (heap_text, amount_text) in pairs {
            let heap = parse_bounded(heap_text, "heap number", 1, heaps.len() as u64)? as usize - 1;
            let amount = parse_nat(amount_text, "number of tokens")?;
            let n = &heaps[heap];
            if amount == 0u32 || amount > *n {
                return Err(InputError::invalid(
                    "number of tokens",
                    amount_text,
                    format!("1 to {n} (the tokens in heap {})", heap + 1),
                ));
            }
            if takes.iter().any(|(h, _)| *h == heap) {
                return Err(InputError::invalid(
                    "heap number",
                    heap_text,
                    "each heap at most once in a move",
                ));
            }
            takes.push((heap, amount));
        }
        if takes.len() > self.k {
            return Err(InputError::invalid(
                "move",
                text.trim(),
                format!("tokens from at most {} heaps", self.k),
            ));
        }
        takes.sort_by_key(|(heap, _)| *heap);
        Ok(MooreMove { takes })
    }

    fn move_syntax(&self, heaps: &Vec<Nat>) -> String {
        let (moves, _) = self.legal_moves(heaps, 64);
        let Some(example) = moves
            .iter()
            .max_by_key(|m| m.takes.len())
            .or_else(|| moves.first())
        else {
            return "no move: every heap is empty".to_string();
        };
        format!(
            "HEAP:AMOUNT for each heap to take from (at most {}), e.g. \"{}\" to {}",
            self.k,
            self.move_text(heaps, example),
            Self::describe(heaps, example)
        )
    }

    fn move_to(&self, from: &Vec<Nat>, to: &Vec<Nat>) -> Option<MooreMove> {
        if from.len() != to.len() {
            return None;
        }
        let mut takes = Vec::new();
        for (heap, (a, b)) in from.iter().zip(to).enumerate() {
            match a.cmp(b) {
                std::cmp::Ordering::Less => return None,
                std::cmp::Ordering::Equal => {}
                std::cmp::Ordering::Greater => takes.push((heap, a - b)),
            }
        }
        (!takes.is_empty() && takes.len() <= self.k).then_some(MooreMove { takes })
    }
}

impl Strategy for Moore {
    /// 3 or 4 heaps of 1 to 10 tokens.
    fn random_start(&self, seed: u64) -> Option<Vec<Nat>> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        Some(
            (0..rng.random_range(3..=4))
                .map(|_| Nat::from(rng.random_range(1..=10u32)))
                .collect(),
        )
    }

    fn analyze(
        &self,
        heaps: &Vec<Nat>,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<MooreMove>, Error> {
        let reach = self.reach(heaps);
        let modulus = self.modulus_text(heaps);
        let unbalanced = self.unbalanced_digit(heaps);
        let misere = convention == Convention::Misere;
        let small_modulus = reach.max(1) + 1;
        let all_small = heaps.iter().all(|h| *h <= 1u32);
        let ones = heaps.iter().filter(|h| **h == 1u32).count();
        let lost = self.is_lost(heaps, convention);
        let mut winning = WinningMoves::new(max_moves);
        if !lost {
            let search = WinningMoveSearch::new(heaps, reach, budget)?;
            let reason =
                format!("leaves a multiple of {modulus} heaps with a 1 in every binary digit");
            if !misere {
                winning.add_count(search.count.clone());
                for play in search.list(winning.room(), |_| true, budget)? {
                    winning.keep(play, &reason, |play| Self::describe(heaps, play));
                }
            } else {
                // The normal-play winning moves, but those that leave only heaps of 0 or
                // 1, and the moves to the misère P-positions of heaps of 0 or 1.
                let (_, to_small_p) = moves_to_small(heaps, reach, small_modulus, 0, 0);
                let (small_moves, to_small_misere_p) =
                    moves_to_small(heaps, reach, small_modulus, 1, max_moves);
                winning.add_count(search.count.clone() - to_small_p + to_small_misere_p);
                let reason = format!("{reason}, with a heap of 2 or more");
                let has_big = |play: &MooreMove| self.apply(heaps, play).iter().any(|h| *h > 1u32);
                for play in search.list(winning.room(), has_big, budget)? {
                    winning.keep(play, &reason, |play| Self::describe(heaps, play));
                }
                let reason = format!(
                    "leaves only heaps of 0 or 1 token, 1 more than a multiple of \
                     {small_modulus} of them with 1 (Moore's misère rule)"
                );
                for play in small_moves {
                    winning.keep(play, &reason, |play| Self::describe(heaps, play));
                }
            }
        }
        let normal = match unbalanced {
            None => format!(
                "in every binary digit the number of heaps with a 1 is a multiple of \
                 {modulus} (Moore's theorem)"
            ),
            Some((bit, count)) => format!(
                "in binary digit {bit} (value 2^{bit}) {} a 1, not a multiple of {modulus} \
                 (Moore's theorem)",
                count_of(&Nat::from(count), "heap has", "heaps have")
            ),
        };
        let explanation = match (misere, all_small) {
            (false, _) => normal,
            (true, true) => format!(
                "every heap has 0 or 1 token, and {} 1, which is {}1 more than a multiple \
                 of {small_modulus} (Moore's misère rule)",
                count_of(&Nat::from(ones), "heap has", "heaps have"),
                if lost { "" } else { "not " }
            ),
            (true, false) => {
                format!(
                    "some heap has 2 or more tokens, so misère play follows normal play: {normal}"
                )
            }
        };
        let grundy = self.grundy(heaps, &mut GrundyEngine::new(self));
        Ok(winning.into_analysis(
            convention,
            Outcome::from_mover_wins(!lost),
            grundy,
            explanation,
        ))
    }

    /// By Moore's rules, with one Grundy engine for every position after a move (an
    /// analysis of each would start its engine afresh).
    fn move_values(
        &self,
        heaps: &Vec<Nat>,
        moves: Vec<MooreMove>,
        convention: Convention,
        _budget: &Budget,
    ) -> Result<Vec<MoveValue<MooreMove>>, Error> {
        let mut engine = GrundyEngine::new(self);
        Ok(moves
            .into_iter()
            .map(|play| {
                let after = self.apply(heaps, &play);
                MoveValue {
                    after: Outcome::from_mover_wins(!self.is_lost(&after, convention)),
                    grundy: self.grundy(&after, &mut engine),
                    remoteness: None,
                    play,
                }
            })
            .collect())
    }

    /// Σ over sets of at most K non-empty heaps of the product of their sizes: the
    /// elementary symmetric sums e_1 + … + e_K of the heap sizes.
    fn move_count(&self, heaps: &Vec<Nat>) -> Nat {
        let reach = self.reach(heaps);
        let mut sums = vec![Nat::ZERO; reach + 1];
        sums[0] = Nat::ONE;
        for heap in heaps.iter().filter(|h| **h != 0u32) {
            for j in (1..=reach).rev() {
                let term = &sums[j - 1] * heap;
                sums[j] += term;
            }
        }
        sums.into_iter().skip(1).fold(Nat::ZERO, |sum, e| sum + e)
    }

    /// For Nim_1 (or a position with one non-empty heap) as in Nim: one heap to
    /// x XOR s; otherwise each legal move is evaluated (small positions only).
    fn moves_with_value(
        &self,
        heaps: &Vec<Nat>,
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<MooreMove>, Nat), Error> {
        if self.reach(heaps) > 1 {
            return crate::protocol::evaluated_moves_with_value(self, heaps, target, limit, budget);
        }
        let shift = nim_sum(heaps.iter()) ^ target;
        let mut found = Vec::new();
        let mut count = Nat::ZERO;
        for (heap, n) in heaps.iter().enumerate() {
            let to = n ^ &shift;
            if to < *n {
                count += Nat::ONE;
                if found.len() < limit {
                    found.push(MooreMove {
                        takes: vec![(heap, n - to)],
                    });
                }
            }
        }
        Ok((found, count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::testing::positions;
    use crate::solve::search::{GrundyEngine, Oracle};
    use proptest::prelude::{ProptestConfig, prop_assert, prop_assert_eq, proptest};

    fn moore(k: u32) -> Moore {
        Moore::new(Nat::from(k))
    }

    fn heaps(text: &str) -> Vec<Nat> {
        moore(1).parse_position(text).unwrap()
    }

    /// Moore's theorem and his misère rule, the complete list of winning moves and
    /// their count, and the number of legal moves, against brute force on every
    /// position of up to four heaps of up to seven tokens, for K = 1, 2, 3 (and K = 5,
    /// beyond the heaps).
    #[test]
    fn moores_rules_and_every_winning_move_match_brute_force() {
        for (k, convention) in [1, 2, 3, 5]
            .into_iter()
            .flat_map(|k| [(k, Convention::Normal), (k, Convention::Misere)])
        {
            let game = moore(k);
            let mut oracle = Oracle::new(&game, convention);
            for position in positions(7, 4) {
                let analysis = game
                    .analyze(&position, convention, usize::MAX, &Budget::unlimited())
                    .unwrap();
                let expected = oracle.outcome(&position).unwrap();
                assert_eq!(
                    analysis.outcome, expected,
                    "K = {k} {convention:?}: {position:?}"
                );
                if convention == Convention::Normal {
                    assert_eq!(game.is_p_position(&position), expected == Outcome::P);
                }
                let (legal, complete) = game.legal_moves(&position, usize::MAX);
                assert!(complete);
                assert_eq!(game.move_count(&position), Nat::from(legal.len()));
                let mut listed: Vec<Vec<Nat>> = analysis
                    .winning_moves
                    .iter()
                    .map(|m| game.apply(&position, &m.play))
                    .collect();
                let mut winning: Vec<Vec<Nat>> = game
                    .moves(&position)
                    .into_iter()
                    .filter(|after| oracle.outcome(after).unwrap() == Outcome::P)
                    .collect();
                listed.sort();
                winning.sort();
                assert_eq!(
                    listed, winning,
                    "K = {k} {convention:?}: winning moves from {position:?}"
                );
                assert_eq!(analysis.winning_move_count, Nat::from(winning.len()));
                for m in &analysis.winning_moves {
                    assert!(legal.contains(&m.play), "K = {k}: {:?}", m.play);
                }
            }
        }
    }

    #[test]
    fn grundy_values_are_the_nim_sum_for_k_1_and_the_engines_on_small_positions() {
        for k in [1, 2, 3] {
            let game = moore(k);
            let mut engine = GrundyEngine::new(&game);
            for position in positions(5, 3) {
                let analysis = game
                    .analyze(&position, Convention::Normal, 0, &Budget::unlimited())
                    .unwrap();
                let value = engine.grundy(&position).unwrap();
                assert_eq!(analysis.grundy, Some(Nat::from(value)), "{position:?}");
            }
        }
        let big = heaps("100 200 300");
        let analysis = moore(2)
            .analyze(&big, Convention::Normal, 0, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.grundy, None);
        let analysis = moore(1)
            .analyze(&big, Convention::Normal, 0, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.grundy, Some(Nat::from(100u32 ^ 200 ^ 300)));
    }

    /// Larger heaps than the oracle can search: the count agrees with trying every
    /// legal move against Moore's theorem.
    #[test]
    fn winning_move_counts_agree_with_every_legal_move_on_larger_heaps() {
        // The rules as the brute-force test above checked them.
        let lost = |game: &Moore, position: &Vec<Nat>, convention| {
            if convention == Convention::Misere && position.iter().all(|h| *h <= 1u32) {
                let ones = position.iter().filter(|h| **h == 1u32).count();
                ones % (game.reach(position).max(1) + 1) == 1
            } else {
                game.is_p_position(position)
            }
        };
        for (k, text) in [
            (2, "13 22 31"),
            (2, "17 9 30 12"),
            (3, "25 14 31 7"),
            (3, "40 40 40 40"),
            (4, "9 18 27 5 11"),
            (2, "1 1 1 1 1 6"),
            (3, "1 1 1 1 1 1 2 3"),
            (3, "1 1 1 1 1 1 1 1"),
        ] {
            for convention in [Convention::Normal, Convention::Misere] {
                let game = moore(k);
                let position = heaps(text);
                let (legal, _) = game.legal_moves(&position, usize::MAX);
                let winning: Vec<&MooreMove> = legal
                    .iter()
                    .filter(|m| lost(&game, &game.apply(&position, m), convention))
                    .collect();
                let analysis = game
                    .analyze(&position, convention, usize::MAX, &Budget::unlimited())
                    .unwrap();
                let what = format!("{text} {convention:?}");
                assert_eq!(
                    analysis.winning_move_count,
                    Nat::from(winning.len()),
                    "{what}"
                );
                let listed: Vec<&MooreMove> =
                    analysis.winning_moves.iter().map(|m| &m.play).collect();
                assert_eq!(listed.len(), winning.len(), "{what}");
                assert!(listed.iter().all(|m| winning.contains(m)), "{what}");
            }
        }
    }

    #[test]
    fn moves_are_typed_as_heap_and_amount() {
        let game = moore(2);
        let position = heaps("3 5 6 2");
        let play = game.parse_move(&position, "2:3 4:1").unwrap();
        assert_eq!(
            game.format_position(&game.apply(&position, &play)),
            "3 2 6 1"
        );
        assert_eq!(game.move_text(&position, &play), "2:3 4:1");
        assert_eq!(
            game.describe_move(&position, &play),
            "take 3 tokens from heap 2 (5 → 2) and 1 from heap 4 (2 → 1)"
        );
        // As in Nim: a heap and an amount.
        let nim_style = game.parse_move(&position, "3 6").unwrap();
        assert_eq!(
            game.format_position(&game.apply(&position, &nim_style)),
            "3 5 0 2"
        );
        assert_eq!(game.parse_move(&position, "4:1, 2:3").unwrap(), play);
        for bad in [
            "1:1 2:1 3:1",
            "2:6",
            "2:0",
            "5:1",
            "2:1 2:2",
            "",
            "2",
            "1 2 3",
        ] {
            assert!(game.parse_move(&position, bad).is_err(), "{bad}");
        }
        let single = heaps("7");
        let play = game.parse_move(&single, "3").unwrap();
        assert_eq!(game.describe_move(&single, &play), "take 3 tokens (7 → 4)");
        assert!(game.move_syntax(&position).contains("HEAP:AMOUNT"));
    }

    /// Heaps at and past the largest 64-bit integer are answered by Moore's theorem
    /// (a count of positions below them that wrapped once took them for small ones).
    #[test]
    fn heaps_of_any_size_are_answered() {
        let game = moore(2);
        for text in [
            "18446744073709551615 1",
            "18446744073709551615 18446744073709551615",
            "18446744073709551616 3",
            "0 18446744073709551615",
        ] {
            let position = heaps(text);
            let analysis = game
                .analyze(&position, Convention::Normal, 10, &Budget::unlimited())
                .unwrap();
            assert_eq!(
                analysis.outcome == Outcome::P,
                game.is_p_position(&position),
                "{text}"
            );
        }
    }

    #[test]
    fn specs_misere_and_explanations() {
        assert_eq!(Moore::parse(Some("02")).unwrap().spec(), "moore:2");
        assert!(Moore::parse(Some("0")).is_err());
        assert!(Moore::parse(None).is_err());
        let game = moore(2);
        let position = heaps("1 2 3");
        let misere = |text: &str| {
            game.analyze(&heaps(text), Convention::Misere, 10, &Budget::unlimited())
                .unwrap()
        };
        let analysis = misere("1 1 1 1");
        assert_eq!(analysis.outcome, Outcome::P);
        assert_eq!(
            analysis.explanation,
            "every heap has 0 or 1 token, and 4 heaps have 1, which is 1 more than a \
             multiple of 3 (Moore's misère rule)"
        );
        // 1 1 1 is lost in normal play and won in misère play: empty two heaps.
        let analysis = misere("1 1 1");
        assert_eq!(analysis.outcome, Outcome::N);
        assert_eq!(analysis.winning_move_count, 3u32);
        let analysis = misere("1 2 3");
        assert!(
            analysis
                .explanation
                .starts_with("some heap has 2 or more tokens")
        );
        let analysis = game
            .analyze(&position, Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.outcome, Outcome::N);
        assert_eq!(
            analysis.explanation,
            "in binary digit 1 (value 2^1) 2 heaps have a 1, not a multiple of 3 (Moore's theorem)"
        );
        // Three copies of an N-position put a multiple of 3 ones in every digit.
        let lost = heaps("1 2 3 1 2 3 1 2 3");
        assert!(game.is_p_position(&lost));
        // A huge K plays like K = the number of heaps: only empty positions are lost.
        let huge = Moore::parse(Some(&"9".repeat(40))).unwrap();
        let analysis = huge
            .analyze(
                &heaps("4 4 4"),
                Convention::Normal,
                10,
                &Budget::unlimited(),
            )
            .unwrap();
        assert_eq!(analysis.outcome, Outcome::N);
        assert_eq!(analysis.winning_move_count, 1u32);
    }

    #[test]
    fn a_budget_bounds_the_count() {
        let game = moore(3);
        let position: Vec<Nat> = (1..=60u32).map(|i| Nat::from(i * 7919)).collect();
        let err = game
            .analyze(&position, Convention::Normal, 1, &Budget::work(10_000))
            .unwrap_err();
        assert!(matches!(err, Error::TooLarge(_)), "{err:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Huge heaps: a position is N exactly when winning moves are counted, and every
        /// listed move is legal and leaves a P-position.
        #[test]
        fn huge_heaps_have_exact_winning_moves(
            digits in proptest::collection::vec("[1-9][0-9]{0,60}", 1..6),
            k in 1u32..4,
            ones in 0usize..5,
        ) {
            let game = moore(k);
            let position = heaps(&digits.join(" "));
            let analysis = game
                .analyze(&position, Convention::Normal, 6, &Budget::unlimited())
                .unwrap();
            prop_assert_eq!(analysis.outcome == Outcome::N, analysis.winning_move_count > 0u32);
            prop_assert_eq!(analysis.outcome == Outcome::P, game.is_p_position(&position));
            prop_assert!(analysis.winning_moves.len() <= 6);
            prop_assert!(analysis.winning_move_count >= analysis.winning_moves.len());
            for m in &analysis.winning_moves {
                let play = &m.play;
                prop_assert!(!play.takes.is_empty() && play.takes.len() <= k as usize);
                for (heap, amount) in &play.takes {
                    prop_assert!(*amount > 0u32 && amount <= &position[*heap]);
                }
                let typed = game.parse_move(&position, &game.move_text(&position, play)).unwrap();
                prop_assert_eq!(&typed, play);
                prop_assert!(game.is_p_position(&game.apply(&position, play)));
            }
            // Misère play, with some heaps of one token added.
            let mut position = position;
            position.extend(std::iter::repeat_n(Nat::ONE, ones));
            let analysis = game
                .analyze(&position, Convention::Misere, 6, &Budget::unlimited())
                .unwrap();
            prop_assert_eq!(analysis.outcome == Outcome::N, analysis.winning_move_count > 0u32);
            for m in &analysis.winning_moves {
                let after = game.apply(&position, &m.play);
                let then = game
                    .analyze(&after, Convention::Misere, 0, &Budget::unlimited())
                    .unwrap();
                prop_assert_eq!(then.outcome, Outcome::P);
            }
        }
    }
}
