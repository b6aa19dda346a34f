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
//! positions of at most [`MISERE_HEAP_SEARCH`](crate::limits::MISERE_HEAP_SEARCH) tokens in all, and an
//! [`Error::TooLarge`](crate::Error::TooLarge) beyond.

mod clicks;
pub mod engine;
pub mod losing;
mod notation;
mod rules;
mod small;
mod sum;
mod take_break;
#[cfg(test)]
pub(crate) mod testing;
pub mod values;

pub use clicks::heap_option_clicks;
pub use notation::{
    describe_heaps, describe_take, parse_take, parse_take_or_split, take_or_split_syntax,
    take_syntax, taken,
};
pub use rules::{HeapOption, HeapOptions, HeapRules};
pub use small::{SMALL_HEAPS, SmallHeapGame, SmallHeaps, small_heaps};
pub use sum::{HeapMove, HeapSum};
pub use values::{HeapValues, SearchedValues};
