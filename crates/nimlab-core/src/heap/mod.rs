//! Heap games: a position is a list of heaps played side by side, and a move changes
//! one heap. [`HeapSum`] turns the rules of one heap ([`HeapRules`]) into a complete
//! strategy for any number of heaps, in normal and misère play.
//!
//! Normal play is Sprague–Grundy: the position's value is the nim-sum of the heaps'
//! values, and a winning move brings a heap to the value g XOR x.
//!
//! Misère play uses the misère-Nim rule on Grundy values, which holds for a family
//! whose heaps never split when this *tameness lemma* holds: every heap of value 0
//! that has a move has a move to value 1. Proof sketch (the tests check it against
//! brute force): call a position "P" when every heap has value ≤ 1 and an odd number
//! have value 1, or some heap has value ≥ 2 and the nim-sum is 0. A move changes one
//! heap's value, so no move goes from "P" to "P" (from the second kind, a move that
//! leaves every value ≤ 1 would need the one big value cancelled by 0s and 1s). From
//! every other position some move reaches "P": with two heaps of value ≥ 2 the
//! normal-play move does; with one, move it to 0 or 1 to fix the parity; with all
//! values ≤ 1 and an even number of 1s, move a 1 to 0, or (no 1s) a 0 to 1 by the
//! lemma. Terminal positions (all values 0, no 1s) are not "P": the player to move
//! has no move and so wins misère play. Hence "P" is exactly the misère P-positions.
//!
//! Families where the lemma fails or cannot be checked (every family whose heaps
//! split, such as Kayles) get misère play by exhaustive search instead: exact for
//! positions of at most [`MISERE_HEAP_SEARCH`] tokens in all, and an
//! [`Error::TooLarge`] beyond.

pub mod engine;
pub mod losing;
mod take_break;
pub mod values;

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::MISERE_HEAP_SEARCH;
use crate::num::{Nat, words};
use crate::parse::{parse_bounded, parse_list, parse_nat, tokens};
use crate::protocol::board::{Board, Clicks, Spot, run_clicks};
use crate::protocol::{
    Analysis, AnyPosition, HeapGame, HeapSequence, MoveValue, Notation, Strategy, WinningMoves,
    analyzed_move_values, misere_by_search, search_after,
};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::loopy::Solved;
use crate::solve::quotient::{LazyQuotient, heap_size, leaves};
use crate::solve::sum::{ValueProfile, nim_sum};
use crate::text::{list_with_or, spaced, tokens_word};
use malachite_base::num::basic::traits::Zero;
use nimlab_misere::{PositionError, Quotient};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;
use take_break::{family_count, family_moves};
pub use values::{HeapValues, SearchedValues};

/// One option of a single heap: the heaps left in its place (none if it was used
/// up; two if it was split).
pub type HeapOption = Vec<Nat>;

/// Some options of one heap, in a stable order, and how many there are in all (a huge
/// heap can have more options than fit in memory, e.g. the splits of a Kayles row).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeapOptions {
    /// The first options, at most as many as were asked for.
    pub listed: Vec<HeapOption>,
    /// How many options there are in all.
    pub count: Nat,
}

impl HeapOptions {
    /// All of `options`, listing at most `max` of them.
    pub fn first_of(mut options: Vec<HeapOption>, max: usize) -> Self {
        let count = Nat::from(options.len());
        options.truncate(max);
        HeapOptions {
            listed: options,
            count,
        }
    }
}

/// The rules of a single heap.
///
/// **The minimum a heap game implements:** its name, [`spec`](HeapRules::spec), and its
/// moves, [`options`](HeapRules::options). From those alone
/// [`HeapSum`] plays any number of heaps in both conventions, valuing heaps by
/// [`SearchedValues`]; every other method has a default, for take-away games. A family
/// that knows its values for heaps of any size (a formula, a certified period, an
/// engine) offers them by [`values`](HeapRules::values).
pub trait HeapRules: Send + Sync + 'static {
    /// The canonical spec string, e.g. `nim` or `subtraction:1,3,4`.
    fn spec(&self) -> String;

    /// The rules for one heap, in a sentence for people. Default: that the game is
    /// played on heaps, known by its name.
    fn rules(&self) -> String {
        format!(
            "{}: a game on heaps, where a move changes one heap as the game's rules allow.",
            self.spec()
        )
    }

    /// The first `limit` options of a heap of size `n` (of any size), the smallest
    /// changes first: the one list of moves of the family.
    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption>;

    /// How many options a heap of size `n` has. The default counts every option, for
    /// families with few options per heap.
    fn option_count(&self, n: &Nat) -> Nat {
        Nat::from(self.options(n, usize::MAX).len())
    }

    /// The values of single heaps, for a family that knows them for heaps of any size.
    /// Default: none, so heaps are valued from their options ([`SearchedValues`]).
    fn values(&self) -> Option<&dyn HeapValues> {
        None
    }

    /// Whether `option` is an option of a heap of size `n`. The default looks through
    /// every option, for families with few options per heap; families whose heaps
    /// have many options decide it directly.
    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        self.options(n, usize::MAX).iter().any(|o| o == option)
    }

    /// What a heap and its tokens are called on boards and in prompts. Default:
    /// ("heap", "token"); Kayles says ("row", "pin").
    fn names(&self) -> (&'static str, &'static str) {
        ("heap", "token")
    }

    /// The board of a position of several heaps (or of one heap that is not a pot
    /// to draw from). Default: heaps with their [`HeapRules::names`].
    fn board(&self, heaps: &[Nat]) -> Board {
        let (heap, token) = self.names();
        Board::Heaps {
            heaps: heaps.to_vec(),
            heap,
            token,
        }
    }

    /// Whether every move takes tokens and leaves at most one heap, so a single heap
    /// is a pot to draw from (the default says no).
    fn is_take_away(&self) -> bool {
        false
    }

    /// Whether a move may remove tokens from inside a heap, leaving tokens on both
    /// sides of them: then a move is clicked as the first and the last token it
    /// removes; else a click on a token takes it and every token after it (see
    /// [`heap_option_clicks`]). Default: unless the game is take-away.
    fn removes_inside(&self) -> bool {
        !self.is_take_away()
    }

    /// How the move from heap `heap` (1-based), of size `n`, to `option` is made by
    /// clicking the board. Default: [`heap_option_clicks`].
    fn option_clicks(&self, heap: usize, n: &Nat, option: &[Nat]) -> Clicks {
        heap_option_clicks(heap, n, option, self.removes_inside())
    }

    /// What clicking a heap does, for people. Default: as [`heap_option_clicks`]
    /// makes moves, in the family's own words for heaps and tokens.
    fn click_help(&self) -> String {
        let (heap, token) = self.names();
        if self.removes_inside() {
            format!(
                "Click the first {token} to remove, then the last; to remove a single \
                 {token}, click it twice. Leaving {token}s on both sides splits the {heap}."
            )
        } else {
            format!("Click a {token} to take it and every {token} after it in its {heap}.")
        }
    }

    /// A random start for play: 2 to 4 heaps of 1 to 12 tokens (default). Games of
    /// one pot override it.
    fn random_heaps(&self, rng: &mut StdRng) -> Vec<Nat> {
        (0..rng.random_range(2..=4))
            .map(|_| Nat::from(rng.random_range(1..=12u32)))
            .collect()
    }

    /// How a person writes a move in one heap of size `n`, e.g. "1, 2 or 3 tokens".
    /// Default: the amount to take, and for a game whose options may leave several
    /// heaps, those heaps joined by `+` ([`take_or_split_syntax`]).
    fn option_syntax(&self, n: &Nat) -> String {
        take_or_split_syntax(self, n)
    }

    /// A person's move in one heap of size `n`, as [`HeapRules::option_syntax`] says.
    /// Default: the amount to take, or the heaps to leave joined by `+`
    /// ([`parse_take_or_split`]).
    fn parse_option(&self, n: &Nat, text: &str) -> Result<HeapOption, InputError> {
        parse_take_or_split(self, n, text)
    }

    /// An option written as a person would type it (inverse of
    /// [`HeapRules::parse_option`]). Default: the amount taken, or the heaps left
    /// joined by `+` when there are several.
    fn option_text(&self, n: &Nat, option: &[Nat]) -> String {
        match option {
            [_, _, ..] => option
                .iter()
                .map(Nat::to_string)
                .collect::<Vec<_>>()
                .join("+"),
            _ => taken(n, option).to_string(),
        }
    }

    /// The move from a heap of size `n` to `option`, in words; `heap` is its number
    /// (1-based) when the position has several heaps. Default, for take-away games:
    /// "take 2 tokens from heap 1 (3 → 1)", or "take 2 tokens (3 → 1)".
    fn describe(&self, heap: Option<usize>, n: &Nat, option: &[Nat]) -> String {
        describe_take(heap, n, option)
    }
}

/// How many tokens a move from a heap of `n` to `option` removes.
pub fn taken(n: &Nat, option: &[Nat]) -> Nat {
    option.iter().fold(n.clone(), |left, h| left - h)
}

/// The amounts one may take from a heap of `n`, for take-away games: "1, 3 or 4
/// tokens" when there are at most ten, else "the number of tokens to take".
pub fn take_syntax<H: HeapRules + ?Sized>(rules: &H, n: &Nat) -> String {
    let amounts: Vec<String> = rules
        .options(n, 11)
        .iter()
        .map(|option| taken(n, option).to_string())
        .collect();
    if amounts.len() <= 10 {
        let word = if amounts == ["1"] { "token" } else { "tokens" };
        format!("{} {word}", list_with_or(&amounts))
    } else {
        "the number of tokens to take".to_string()
    }
}

/// A take-away move typed as the amount to take, checked with
/// [`HeapRules::is_option`]. Taking the whole heap leaves an empty heap (`[0]`, as
/// the take-away families write it) or no heap (`[]`, as take-and-break codes do):
/// whichever the rules have.
pub fn parse_take<H: HeapRules + ?Sized>(
    rules: &H,
    n: &Nat,
    text: &str,
) -> Result<HeapOption, InputError> {
    let expected = || format!("{} from a heap of {n}", rules.option_syntax(n));
    let words: Vec<&str> = tokens(text).collect();
    let [word] = words[..] else {
        return Err(InputError::invalid("move", text, expected()));
    };
    let amount = parse_nat(word, "number of tokens")?;
    if amount == 0u32 || amount > *n {
        return Err(InputError::invalid("move", text, expected()));
    }
    let left = n - amount;
    let readings = if left == 0u32 {
        vec![vec![left], vec![]]
    } else {
        vec![vec![left]]
    };
    readings
        .into_iter()
        .find(|option| rules.is_option(n, option))
        .ok_or_else(|| InputError::invalid("move", text, expected()))
}

/// How a move in a heap of `n` is typed when options may leave several heaps: the
/// amount to take ([`take_syntax`]) where the heap has takes, and the heaps to leave
/// joined by `+`, with an example, where it has such options.
pub fn take_or_split_syntax<H: HeapRules + ?Sized>(rules: &H, n: &Nat) -> String {
    const LOOKED_AT: usize = 64;
    let options = rules.options(n, LOOKED_AT);
    let Some(split) = options.iter().find(|option| option.len() > 1) else {
        return take_syntax(rules, n);
    };
    let example = format!("such as {}", rules.option_text(n, split));
    if options.iter().all(|option| option.len() > 1) {
        format!("the heaps to leave, joined by +, {example}")
    } else {
        format!(
            "{} to take, or the heaps to leave joined by +, {example}",
            take_syntax(rules, n)
        )
    }
}

/// A move typed as [`take_or_split_syntax`] says: the heaps to leave joined by `+`,
/// in any order, or else the amount to take ([`parse_take`]); checked with
/// [`HeapRules::is_option`].
pub fn parse_take_or_split<H: HeapRules + ?Sized>(
    rules: &H,
    n: &Nat,
    text: &str,
) -> Result<HeapOption, InputError> {
    if !text.contains('+') {
        return parse_take(rules, n, text);
    }
    let parts = text
        .split('+')
        .map(|part| parse_nat(part.trim(), "heap size"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut ascending = parts.clone();
    ascending.sort();
    let descending: Vec<Nat> = ascending.iter().rev().cloned().collect();
    [parts, ascending, descending]
        .into_iter()
        .find(|option| rules.is_option(n, option))
        .ok_or_else(|| {
            InputError::invalid(
                "move",
                text.trim(),
                format!("{} from a heap of {n}", rules.option_syntax(n)),
            )
        })
}

/// The heaps an option leaves, for move descriptions: "3 + 4", or "nothing".
pub fn describe_heaps(heaps: &[Nat]) -> String {
    match heaps {
        [] => "nothing".to_string(),
        _ => heaps
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// A move in words: "take 2 tokens from heap 1 (3 → 1)", without the heap's number
/// when there is only one heap; a move that leaves several heaps splits the heap:
/// "split heap 1 (9 → 4 + 5)", or "take 1 token from heap 1 and split it (9 → 3 + 5)".
pub fn describe_take(heap: Option<usize>, n: &Nat, option: &[Nat]) -> String {
    let amount = taken(n, option);
    let change = format!("({n} → {})", describe_heaps(option));
    let take = format!("take {amount} {}", tokens_word(&amount));
    match (heap, option.len() > 1, amount == 0u32) {
        (Some(heap), false, _) => format!("{take} from heap {heap} {change}"),
        (None, false, _) => format!("{take} {change}"),
        (Some(heap), true, true) => format!("split heap {heap} {change}"),
        (None, true, true) => format!("split the heap {change}"),
        (Some(heap), true, false) => format!("{take} from heap {heap} and split it {change}"),
        (None, true, false) => format!("{take} and split the heap {change}"),
    }
}

/// How the move from heap `heap` (1-based), of size `n`, to `option` is clicked, with
/// the heap drawn as a row of tokens 1 to `n`.
///
/// Without `inside` removals (take-away games), a move leaves at most one heap and is
/// one click: on the first token taken, which takes it and every token after it.
/// With them, the parts of `option` are laid out along the row in its order and in
/// reverse: the tokens removed are clicked as a run (its first and last token, in
/// either order; a single token once), at an end of the row when one part is left,
/// else between the first two parts; a split without removal, and the boundaries
/// between further parts, are clicked as the gap there.
pub fn heap_option_clicks(heap: usize, n: &Nat, option: &[Nat], inside: bool) -> Clicks {
    let removed = taken(n, option);
    if !inside && option.len() <= 1 {
        let left = option.first().cloned().unwrap_or(Nat::ZERO);
        return vec![vec![Spot::Token {
            heap,
            token: left + Nat::from(1u32),
        }]];
    }
    let mut clicks = laid_out(heap, n, option, &removed);
    let reversed: Vec<Nat> = option.iter().rev().cloned().collect();
    for sequence in laid_out(heap, n, &reversed, &removed) {
        if !clicks.contains(&sequence) {
            clicks.push(sequence);
        }
    }
    clicks
}

/// The clicks of `parts` laid out in this order (see [`heap_option_clicks`]).
fn laid_out(heap: usize, n: &Nat, parts: &[Nat], removed: &Nat) -> Clicks {
    let one = Nat::from(1u32);
    if parts.len() <= 1 {
        // A run at the right end of the row, or at its left end.
        let left = parts.first().cloned().unwrap_or(Nat::ZERO);
        let mut clicks = run_clicks(heap, &(left + &one), n);
        for sequence in run_clicks(heap, &one, removed) {
            if !clicks.contains(&sequence) {
                clicks.push(sequence);
            }
        }
        return clicks;
    }
    let mut clicks: Clicks = vec![Vec::new()];
    let mut before = Nat::ZERO;
    for (i, part) in parts[..parts.len() - 1].iter().enumerate() {
        before += part;
        if i == 0 && *removed != 0u32 {
            let first = &before + &one;
            before += removed;
            let run = run_clicks(heap, &first, &before);
            clicks = clicks
                .iter()
                .flat_map(|start| {
                    run.iter()
                        .map(move |tail| start.iter().chain(tail).cloned().collect())
                })
                .collect();
        } else {
            let gap = Spot::Gap {
                heap,
                after: before.clone(),
            };
            for sequence in &mut clicks {
                sequence.push(gap.clone());
            }
        }
    }
    clicks
}

/// A move in a sum of heaps: heap `heap` (0-based) is replaced by `into`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// Index of the heap moved in.
    pub heap: usize,
    /// What the heap becomes (see [`HeapOption`]).
    pub into: Vec<Nat>,
}

/// Any number of heaps of one heap game, played side by side.
pub struct HeapSum<H> {
    /// The rules of one heap.
    pub rules: Arc<H>,
    /// The heaps' values when the rules do not offer them ([`HeapRules::values`]).
    searched: Arc<SearchedValues<H>>,
}

impl<H> Clone for HeapSum<H> {
    fn clone(&self) -> Self {
        HeapSum {
            rules: Arc::clone(&self.rules),
            searched: Arc::clone(&self.searched),
        }
    }
}

impl<H: HeapRules> std::fmt::Debug for HeapSum<H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HeapSum({})", self.rules.spec())
    }
}

impl<H: HeapRules> HeapSum<H> {
    /// Any number of heaps of the game `rules`.
    pub fn new(rules: H) -> Self {
        let rules = Arc::new(rules);
        HeapSum {
            searched: Arc::new(SearchedValues::new(Arc::clone(&rules))),
            rules,
        }
    }

    /// The values of single heaps: the family's own, or those searched from its
    /// options.
    pub fn heap_values(&self) -> &dyn HeapValues {
        self.rules.values().unwrap_or(&*self.searched)
    }

    /// The moves that bring some heap of value g to the value `target_of(g)` names,
    /// each with that reason: the first `max` of them, and how many there are.
    fn moves_to_targets(
        &self,
        heaps: &[Nat],
        values: &[Nat],
        max: usize,
        target_of: impl Fn(&Nat) -> (Nat, &'static str),
        budget: &Budget,
    ) -> Result<WinningMoves<HeapMove>, Error> {
        let mut winning = WinningMoves::new(max);
        for (index, (heap, value)) in heaps.iter().zip(values).enumerate() {
            let (target, reason) = target_of(value);
            if target == *value {
                continue;
            }
            let options = self.heap_values().heap_options_with_value(
                heap,
                &target,
                winning.room(),
                budget,
            )?;
            winning.add_count(options.count);
            for option in options.listed {
                let play = HeapMove {
                    heap: index,
                    into: option,
                };
                winning.keep(play, reason, |play| self.describe_heap_move(heaps, play));
            }
        }
        Ok(winning)
    }

    /// [`Strategy::describe_move`] for a slice of heaps: the heap is named only when
    /// there are several.
    fn describe_heap_move(&self, heaps: &[Nat], play: &HeapMove) -> String {
        let heap = (heaps.len() > 1).then_some(play.heap + 1);
        self.rules.describe(heap, &heaps[play.heap], &play.into)
    }

    fn values(&self, heaps: &[Nat], budget: &Budget) -> Result<Vec<Nat>, Error> {
        heaps
            .iter()
            .map(|h| self.heap_values().heap_value(h, budget))
            .collect()
    }

    fn explanation(
        &self,
        convention: Convention,
        values: &[Nat],
        profile: &ValueProfile,
    ) -> String {
        const LISTED: usize = 8;
        let sum = if values.len() <= LISTED {
            let terms: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            format!("{} = {}", terms.join(" ⊕ "), profile.nim_sum)
        } else {
            format!("the {} values = {}", values.len(), profile.nim_sum)
        };
        match convention {
            Convention::Normal if values.len() == 1 => {
                format!("a single heap, of Grundy value {}", profile.nim_sum)
            }
            Convention::Normal => format!("nim-sum of the heaps' Grundy values: {sum}"),
            Convention::Misere => profile.misere_rule(&sum),
        }
    }
}

impl<H: HeapRules> HeapSum<H> {
    /// Misère play by exhaustive win/loss search, for families where the misère-Nim
    /// rule does not hold: exact when the position has at most
    /// [`MISERE_HEAP_SEARCH`] tokens in all.
    fn misere_by_search(
        &self,
        heaps: &Vec<Nat>,
        grundy: Nat,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<HeapMove>, Error> {
        let total = heaps.iter().fold(Nat::ZERO, |sum, h| sum + h);
        if total > MISERE_HEAP_SEARCH.value {
            return Err(MISERE_HEAP_SEARCH.exceeded(
                Some(total.clone()),
                format!(
                    "misère play of {} does not follow the misère-Nim rule, so nimlab searches \
                     every position, which it does for at most {} tokens in all; this \
                     position has {total}",
                    self.rules.spec(),
                    MISERE_HEAP_SEARCH.value
                ),
            ));
        }
        let explanation = format!(
            "misère play of {} does not follow the misère-Nim rule, so every position \
             reachable from here was searched",
            self.rules.spec()
        );
        let Some(search) = SmallHeapGame::new(&*self.rules, heaps) else {
            let (grundy, clone) = (Some(grundy), Clone::clone);
            return misere_by_search(
                self,
                self,
                clone,
                heaps,
                max_moves,
                grundy,
                explanation,
                budget,
            );
        };
        let encode = |heaps: &Vec<Nat>| small_heaps(heaps).expect("positions of a few tokens");
        misere_by_search(
            self,
            &search,
            encode,
            heaps,
            max_moves,
            Some(grundy),
            explanation,
            budget,
        )
    }

    /// Misère play by the certified misère quotient: exact for heaps of any size.
    fn misere_by_quotient(
        &self,
        quotient: &Quotient,
        heaps: &[Nat],
        grundy: Nat,
        max_moves: usize,
    ) -> Result<Analysis<HeapMove>, Error> {
        let spec = self.rules.spec();
        let unanswered = |e: PositionError| Error::NoKnownValue(format!("{spec}: {e}"));
        let sizes = heaps
            .iter()
            .map(|n| heap_size(quotient, n))
            .collect::<Result<Vec<_>, _>>()?;
        let element = quotient.element_of(&sizes).map_err(unanswered)?;
        let lost = quotient.is_p(element);
        let mut winning = WinningMoves::new(max_moves);
        if !lost {
            let moves = quotient.winning_moves(&sizes).map_err(unanswered)?;
            for by_size in &moves.by_heap {
                let n = &heaps[by_size.heap];
                let mut per_heap = Nat::from(by_size.moves.len());
                for family in &by_size.families {
                    per_heap += family_count(family, n)?;
                }
                winning.add_count(per_heap * Nat::from(by_size.copies));
                let copies = (0..heaps.len()).filter(|&i| heaps[i] == *n);
                for index in copies {
                    let listed = by_size.moves.iter().map(|parts| leaves(n, parts));
                    let from_families = by_size
                        .families
                        .iter()
                        .flat_map(|family| family_moves(family, n));
                    for into in listed.chain(from_families).take(winning.room()) {
                        let play = HeapMove { heap: index, into };
                        let reason = "leaves a position whose element is in the P-portion";
                        winning.keep(play, reason, |play| self.describe_heap_move(heaps, play));
                    }
                }
            }
        }
        let explanation = format!(
            "misère play of {spec} follows its misère quotient (order {}): the position's \
             element is {}, which is {} the P-portion",
            quotient.order(),
            quotient.word(element),
            if lost { "in" } else { "not in" }
        );
        Ok(winning.into_analysis(
            Convention::Misere,
            Outcome::from_mover_wins(!lost),
            Some(grundy),
            explanation,
        ))
    }

    /// The move that replaces one heap of `from` by the heaps of `to` in its place.
    fn replaced_heap(&self, from: &[Nat], to: &[Nat]) -> Option<HeapMove> {
        let added = (to.len() + 1).checked_sub(from.len())?;
        let same_start = from.iter().zip(to).take_while(|(a, b)| a == b).count();
        let same_end = from
            .iter()
            .rev()
            .zip(to.iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let first = from.len().saturating_sub(same_end + 1);
        let last = same_start.min(from.len() - 1);
        (first..=last).find_map(|heap| {
            let into = to.get(heap..heap + added)?;
            let rest_matches = to[..heap] == from[..heap] && to[heap + added..] == from[heap + 1..];
            (rest_matches && self.rules.is_option(&from[heap], into)).then(|| HeapMove {
                heap,
                into: into.to_vec(),
            })
        })
    }

    /// Whether the misère-Nim rule decides misère play of these rules.
    fn misere_by_rule(&self, convention: Convention, budget: &Budget) -> Result<bool, Error> {
        Ok(convention == Convention::Normal || self.heap_values().misere_is_tame(budget)?)
    }
}

impl<H: HeapRules> Game for HeapSum<H> {
    type Position = Vec<Nat>;
    type Move = HeapMove;

    fn legal_moves(&self, heaps: &Vec<Nat>, limit: usize) -> (Vec<HeapMove>, bool) {
        let mut moves = Vec::new();
        for (heap, n) in heaps.iter().enumerate() {
            let room = limit - moves.len();
            let options = self.rules.options(n, room.saturating_add(1));
            let complete = options.len() <= room;
            moves.extend(
                options
                    .into_iter()
                    .take(room)
                    .map(|into| HeapMove { heap, into }),
            );
            if !complete {
                return (moves, false);
            }
        }
        (moves, true)
    }

    /// A move that uses up the only heap leaves the position "0" (an empty heap), so
    /// a position always has at least one heap to write.
    fn size(&self, position: &Vec<Nat>) -> usize {
        position.iter().map(words).sum::<usize>().max(1)
    }

    fn apply(&self, heaps: &Vec<Nat>, play: &HeapMove) -> Vec<Nat> {
        let mut to = heaps[..play.heap].to_vec();
        to.extend(play.into.iter().cloned());
        to.extend(heaps[play.heap + 1..].iter().cloned());
        if to.is_empty() {
            to.push(Nat::ZERO);
        }
        to
    }

    /// The non-empty heaps, sorted: empty heaps have no moves.
    fn canonical(&self, heaps: &Vec<Nat>) -> Vec<Nat> {
        let mut sorted: Vec<Nat> = heaps.iter().filter(|h| **h != 0u32).cloned().collect();
        sorted.sort_unstable();
        sorted
    }

    fn components(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        heaps.iter().map(|h| vec![h.clone()]).collect()
    }
}

impl<H: HeapRules> Notation for HeapSum<H> {
    fn spec(&self) -> String {
        self.rules.spec()
    }

    fn rules(&self) -> String {
        let (heap, _) = self.rules.names();
        format!(
            "{} Several {heap}s are played side by side: a move is made in one {heap}.",
            self.rules.rules()
        )
    }

    fn position_syntax(&self) -> String {
        "heap sizes separated by spaces or commas, e.g. \"3 4 5\"".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Vec<Nat>, InputError> {
        parse_list(text, self.position_syntax(), |t| parse_nat(t, "heap size"))
    }

    fn format_position(&self, heaps: &Vec<Nat>) -> String {
        spaced(heaps)
    }

    /// One heap of `from` is replaced by what its option leaves, in place, the rest
    /// unchanged: only heaps between the first and the last difference can be it.
    /// Using up the only heap leaves "0" (see `apply`), which may also be read as an
    /// option that leaves nothing.
    fn move_to(&self, from: &Vec<Nat>, to: &Vec<Nat>) -> Option<HeapMove> {
        let emptied = from.len() == 1 && to[..] == [Nat::ZERO];
        let readings: &[&[Nat]] = if emptied { &[to, &[]] } else { &[to] };
        readings.iter().find_map(|to| self.replaced_heap(from, to))
    }

    fn describe_move(&self, heaps: &Vec<Nat>, play: &HeapMove) -> String {
        self.describe_heap_move(heaps, play)
    }

    fn parse_move(&self, heaps: &Vec<Nat>, text: &str) -> Result<HeapMove, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        if words.is_empty() {
            return Err(InputError::missing("move", self.move_syntax(heaps)));
        }
        if heaps.len() == 1 {
            // The heap number is optional when there is one heap: "3" or "1 3".
            let option = match self.rules.parse_option(&heaps[0], text) {
                Err(error) if words.len() > 1 && words[0] == "1" => self
                    .rules
                    .parse_option(&heaps[0], &words[1..].join(" "))
                    .map_err(|_| error),
                parsed => parsed,
            };
            return Ok(HeapMove {
                heap: 0,
                into: option?,
            });
        }
        let (heap_word, _) = self.rules.names();
        let number = format!("{heap_word} number");
        let heap = parse_bounded(words[0], &number, 1, heaps.len() as u64)? as usize - 1;
        let n = &heaps[heap];
        if self.rules.options(n, 1).is_empty() {
            return Err(InputError::invalid(
                number,
                words[0],
                format!(
                    "a {heap_word} with a move left ({heap_word} {} has none)",
                    heap + 1
                ),
            ));
        }
        if words.len() == 1 {
            return Err(InputError::missing(
                format!("move in {heap_word} {}", heap + 1),
                format!("{} after the {number}", self.rules.option_syntax(n)),
            ));
        }
        let into = self.rules.parse_option(n, &words[1..].join(" "))?;
        Ok(HeapMove { heap, into })
    }

    fn move_text(&self, heaps: &Vec<Nat>, play: &HeapMove) -> String {
        let option = self.rules.option_text(&heaps[play.heap], &play.into);
        if heaps.len() == 1 {
            option
        } else {
            format!("{} {option}", play.heap + 1)
        }
    }

    fn move_syntax(&self, heaps: &Vec<Nat>) -> String {
        let (moves, _) = self.legal_moves(heaps, 1);
        let Some(example) = moves.first() else {
            return "no move: the game is over".to_string();
        };
        let n = &heaps[example.heap];
        let text = self.move_text(heaps, example);
        let action = self.describe_move(heaps, example);
        if heaps.len() == 1 {
            format!(
                "{}, e.g. \"{text}\" to {action}",
                self.rules.option_syntax(n)
            )
        } else {
            let (heap, _) = self.rules.names();
            format!("a {heap} number, then the move in that {heap}; e.g. \"{text}\" to {action}")
        }
    }

    fn clicks(&self, heaps: &Vec<Nat>, play: &HeapMove) -> Clicks {
        self.rules
            .option_clicks(play.heap + 1, &heaps[play.heap], &play.into)
    }

    fn click_help(&self) -> String {
        self.rules.click_help()
    }

    /// A single heap of a take-away game is a pot to draw from.
    fn board(&self, heaps: &Vec<Nat>) -> Board {
        match &heaps[..] {
            [n] if self.rules.is_take_away() => Board::Pot {
                tokens: n.clone(),
                choices: if *n == 1u32 {
                    "the token".to_string()
                } else {
                    self.rules.option_syntax(n)
                },
            },
            _ => self.rules.board(heaps),
        }
    }
}

impl<H: HeapRules> Strategy for HeapSum<H> {
    fn random_start(&self, seed: u64) -> Option<Vec<Nat>> {
        Some(self.rules.random_heaps(&mut StdRng::seed_from_u64(seed)))
    }

    fn analyze(
        &self,
        heaps: &Vec<Nat>,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<HeapMove>, Error> {
        let values = self.values(heaps, budget)?;
        let profile = ValueProfile::of(&values);
        if !self.misere_by_rule(convention, budget)? {
            if let Some(quotient) = self
                .heap_values()
                .misere_quotient()
                .and_then(LazyQuotient::certified)
            {
                return self.misere_by_quotient(quotient, heaps, profile.nim_sum, max_moves);
            }
            return self.misere_by_search(heaps, profile.nim_sum, max_moves, budget);
        }
        let lost = profile.lost(convention);
        let winning = if lost {
            WinningMoves::new(max_moves)
        } else {
            self.moves_to_targets(
                heaps,
                &values,
                max_moves,
                |value| profile.target(convention, value),
                budget,
            )?
        };
        Ok(winning.into_analysis(
            convention,
            Outcome::from_mover_wins(!lost),
            Some(profile.nim_sum.clone()),
            self.explanation(convention, &values, &profile),
        ))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }

    fn move_count(&self, heaps: &Vec<Nat>) -> Nat {
        heaps
            .iter()
            .fold(Nat::ZERO, |count, n| count + self.rules.option_count(n))
    }

    fn moves_with_value(
        &self,
        heaps: &Vec<Nat>,
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<HeapMove>, Nat), Error> {
        let values = self.values(heaps, budget)?;
        let shift = nim_sum(&values) ^ target;
        let (moves, count) = self
            .moves_to_targets(heaps, &values, limit, |value| (value ^ &shift, ""), budget)?
            .into_parts();
        Ok((moves.into_iter().map(|m| m.play).collect(), count))
    }

    /// By the values of the heaps: a move changes one heap's value, so the value of
    /// the position after it follows from the value profile without a new analysis.
    fn move_values(
        &self,
        heaps: &Vec<Nat>,
        moves: Vec<HeapMove>,
        convention: Convention,
        budget: &Budget,
    ) -> Result<Vec<MoveValue<HeapMove>>, Error> {
        if !self.misere_by_rule(convention, budget)? {
            return analyzed_move_values(self, heaps, moves, convention, budget);
        }
        let values = self.values(heaps, budget)?;
        let profile = ValueProfile::of(&values);
        moves
            .into_iter()
            .map(|play| {
                let after = play
                    .into
                    .iter()
                    .map(|h| self.heap_values().heap_value(h, budget))
                    .collect::<Result<Vec<_>, _>>()?;
                let profile = profile.replace(&values[play.heap], &after);
                Ok(MoveValue {
                    after: Outcome::from_mover_wins(!profile.lost(convention)),
                    grundy: Some(profile.nim_sum),
                    remoteness: None,
                    play,
                })
            })
            .collect()
    }

    /// Positions of at most [`SMALL_HEAPS`] tokens are searched in their compact form.
    fn search_after(
        &self,
        heaps: &Vec<Nat>,
        moves: &[HeapMove],
        convention: Convention,
        budget: &Budget,
    ) -> Option<Vec<Solved>> {
        let compact = small_heaps(heaps).and_then(|_| SmallHeapGame::new(&*self.rules, heaps));
        let Some(search) = compact else {
            return search_after(self, self, Clone::clone, heaps, moves, convention, budget);
        };
        let encode = |heaps: &Vec<Nat>| small_heaps(heaps).expect("positions of a few tokens");
        search_after(self, &search, encode, heaps, moves, convention, budget)
    }
}

impl<H: HeapRules> HeapGame for HeapSum<H> {
    fn sequence(&self) -> &dyn HeapSequence {
        self.heap_values().sequence()
    }

    fn misere_quotient(&self) -> Option<&LazyQuotient> {
        self.heap_values().misere_quotient()
    }

    fn misere_is_tame(&self, budget: &Budget) -> Result<bool, Error> {
        self.heap_values().misere_is_tame(budget)
    }

    fn tame_values(
        &self,
        position: &AnyPosition,
        budget: &Budget,
    ) -> Result<Option<Vec<Nat>>, Error> {
        if !self.heap_values().misere_is_tame(budget)? {
            return Ok(None);
        }
        self.values(position.get::<Vec<Nat>>(), budget).map(Some)
    }
}

/// Most tokens in a position that searches hold in the compact form [`SmallHeaps`].
pub const SMALL_HEAPS: usize = 64;

// Every position misère search takes on fits the compact form.
const _: () = assert!(MISERE_HEAP_SEARCH.value as usize <= SMALL_HEAPS);

/// A position of at most [`SMALL_HEAPS`] tokens as searches hold it: the non-empty
/// heaps, largest first, then zeros. Equal positions have equal forms whatever the
/// order of their heaps, and the form is a few machine words to hash and copy.
pub type SmallHeaps = [u8; SMALL_HEAPS];

/// The compact form of a position of at most [`SMALL_HEAPS`] tokens in all.
pub fn small_heaps(heaps: &[Nat]) -> Option<SmallHeaps> {
    let mut form = [0u8; SMALL_HEAPS];
    let mut total = 0usize;
    let mut count = 0;
    for heap in heaps.iter().filter(|h| **h != 0u32) {
        let size = u8::try_from(heap).ok()?;
        total += usize::from(size);
        if total > SMALL_HEAPS {
            return None;
        }
        form[count] = size;
        count += 1;
    }
    form[..count].sort_unstable_by(|a, b| b.cmp(a));
    Some(form)
}

/// The rules of a heap game over [`SmallHeaps`], for fast brute-force searches of
/// small positions: the options of every heap size up to the largest in the position
/// searched, listed once.
pub struct SmallHeapGame {
    /// For each heap size, its options: the heaps left, zero-padded.
    options: Vec<Vec<[u8; 3]>>,
}

impl SmallHeapGame {
    /// The game for `rules`, for positions whose heaps are at most those of `heaps`;
    /// `None` unless every option of those heaps leaves at most three smaller heaps of
    /// no more tokens in all (as every built-in family's do), so that no position
    /// reachable outgrows the compact form.
    pub fn new<H: HeapRules + ?Sized>(rules: &H, heaps: &[Nat]) -> Option<Self> {
        let largest = heaps
            .iter()
            .filter_map(|h| u8::try_from(h).ok())
            .max()
            .unwrap_or(0);
        let compact = |n: u8, option: &HeapOption| {
            let mut left = [0u8; 3];
            let mut total = 0u32;
            for (slot, heap) in left.iter_mut().zip(option) {
                *slot = u8::try_from(heap).ok().filter(|&heap| heap < n)?;
                total += u32::from(*slot);
            }
            (option.len() <= 3 && total <= u32::from(n)).then_some(left)
        };
        let options = (0..=largest)
            .map(|n| {
                rules
                    .options(&Nat::from(n), usize::MAX)
                    .iter()
                    .map(|option| compact(n, option))
                    .collect::<Option<Vec<_>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        Some(SmallHeapGame { options })
    }
}

impl Game for SmallHeapGame {
    type Position = SmallHeaps;
    /// (a heap size in the position, the index of one of its options).
    type Move = (u8, u16);

    /// Equal heaps have the same options, so each heap size is listed once.
    fn legal_moves(&self, heaps: &SmallHeaps, limit: usize) -> (Vec<(u8, u16)>, bool) {
        let mut moves = Vec::new();
        let mut previous = 0;
        for &size in heaps.iter().take_while(|&&h| h != 0) {
            if size == previous {
                continue;
            }
            previous = size;
            for index in 0..self.options[usize::from(size)].len() {
                if moves.len() == limit {
                    return (moves, false);
                }
                moves.push((size, index as u16));
            }
        }
        (moves, true)
    }

    fn apply(&self, heaps: &SmallHeaps, &(size, index): &(u8, u16)) -> SmallHeaps {
        let option = &self.options[usize::from(size)][usize::from(index)];
        let mut after = [0u8; SMALL_HEAPS];
        let mut count = 0;
        let mut removed = false;
        for &heap in heaps.iter().take_while(|&&h| h != 0) {
            if heap == size && !removed {
                removed = true;
            } else {
                after[count] = heap;
                count += 1;
            }
        }
        for &heap in option.iter().filter(|&&h| h != 0) {
            after[count] = heap;
            count += 1;
        }
        after[..count].sort_unstable_by(|a, b| b.cmp(a));
        after
    }
}

/// Exhaustive checks of a heap family against the generic searches, shared by the
/// families' tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::solve::search::{GrundyEngine, Oracle};

    /// The family's table of single-heap values g(0..=upto) equals what the generic
    /// engine computes from the rules alone.
    pub fn check_table_against_engine<H: HeapRules>(game: &HeapSum<H>, upto: u32) {
        let mut engine = GrundyEngine::new(game);
        let table = game
            .heap_values()
            .sequence()
            .grundy_table(upto as usize, &Budget::unlimited())
            .unwrap();
        for n in 0..=upto {
            assert_eq!(
                table[n as usize],
                engine.grundy(&vec![Nat::from(n)]).unwrap(),
                "{} g({n})",
                game.rules.spec()
            );
        }
    }

    /// Every multiset of 1..=max_count heaps of sizes 0..=max_heap, as sorted lists.
    pub fn positions(max_heap: u64, max_count: usize) -> Vec<Vec<Nat>> {
        let mut all = Vec::new();
        let mut current: Vec<u64> = Vec::new();
        fn extend(
            from: u64,
            max_heap: u64,
            max_count: usize,
            current: &mut Vec<u64>,
            all: &mut Vec<Vec<Nat>>,
        ) {
            if !current.is_empty() {
                all.push(current.iter().map(|&h| Nat::from(h)).collect());
            }
            if current.len() == max_count {
                return;
            }
            for h in from..=max_heap {
                current.push(h);
                extend(h, max_heap, max_count, current, all);
                current.pop();
            }
        }
        extend(0, max_heap, max_count, &mut current, &mut all);
        all
    }

    /// Check Grundy values, outcomes (normal and misère) and the complete list of
    /// winning moves of `game` against the engine and the brute-force oracle, on every
    /// position of up to `max_count` heaps of size at most `max_heap`.
    pub fn check_against_brute_force<H: HeapRules>(
        game: &HeapSum<H>,
        max_heap: u64,
        max_count: usize,
    ) {
        let mut engine = GrundyEngine::new(game);
        for convention in [Convention::Normal, Convention::Misere] {
            let mut oracle = Oracle::new(game, convention);
            for position in positions(max_heap, max_count) {
                let analysis = game
                    .analyze(&position, convention, usize::MAX, &Budget::unlimited())
                    .unwrap();
                let expected = oracle.outcome(&position).unwrap();
                assert_eq!(
                    analysis.outcome, expected,
                    "{convention:?} outcome of {position:?}"
                );
                let grundy = engine.grundy(&position).unwrap();
                assert_eq!(
                    analysis.grundy,
                    Some(Nat::from(grundy)),
                    "Grundy value of {position:?}"
                );
                let mut listed: Vec<Vec<Nat>> = analysis
                    .winning_moves
                    .iter()
                    .map(|m| game.canonical(&game.apply(&position, &m.play)))
                    .collect();
                let mut winning: Vec<Vec<Nat>> = game
                    .moves(&position)
                    .iter()
                    .filter(|m| oracle.outcome(m).unwrap() == Outcome::P)
                    .map(|m| game.canonical(m))
                    .collect();
                listed.sort();
                winning.sort();
                assert_eq!(
                    listed, winning,
                    "{convention:?} winning moves from {position:?}"
                );
                assert_eq!(analysis.winning_move_count, Nat::from(winning.len()));
            }
        }
    }
}
