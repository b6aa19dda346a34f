//! The rules of one heap ([`HeapRules`]): the minimum a heap game states, with the
//! defaults that give it notation, clicks and values.

use super::{
    HeapValues, describe_take, heap_option_clicks, parse_take_or_split, take_or_split_syntax, taken,
};
use crate::error::InputError;
use crate::num::Nat;
use crate::protocol::board::{Board, Clicks};
use rand::RngExt;
use rand::rngs::StdRng;

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
/// [`HeapSum`](super::HeapSum) plays any number of heaps in both conventions, valuing heaps by
/// [`SearchedValues`](super::SearchedValues); every other method has a default, for take-away games. A family
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
    /// Default: none, so heaps are valued from their options ([`SearchedValues`](super::SearchedValues)).
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
