//! The compact form of small heap positions that exhaustive searches use.

use super::{HeapOption, HeapRules};
use crate::limits::MISERE_HEAP_SEARCH;
use crate::num::Nat;
use crate::rules::Game;

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

    fn legal_moves(&self, heaps: &SmallHeaps, limit: usize) -> (Vec<(u8, u16)>, bool) {
        let mut moves = Vec::new();
        let complete = self.legal_moves_into(heaps, limit, &mut moves);
        (moves, complete)
    }

    /// Equal heaps have the same options, so each heap size is listed once.
    fn legal_moves_into(
        &self,
        heaps: &SmallHeaps,
        limit: usize,
        moves: &mut Vec<(u8, u16)>,
    ) -> bool {
        moves.clear();
        let mut previous = 0;
        for &size in heaps.iter().take_while(|&&h| h != 0) {
            if size == previous {
                continue;
            }
            previous = size;
            for index in 0..self.options[usize::from(size)].len() {
                if moves.len() == limit {
                    return false;
                }
                moves.push((size, index as u16));
            }
        }
        true
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
