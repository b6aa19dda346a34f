//! Verification of a pretension against every word, with the lexicographically least
//! failure when there is one (Plambeck & Siegel 2008, appendix C of the supplement).
//!
//! The pretension is right about every word — a word is a misère P-position exactly
//! when its element is in the P-portion — if and only if two conditions hold, by
//! induction on the words (misère play: the empty word, with no move, is not P):
//! - **P-condition.** No word whose element is in P has an option whose element is in
//!   P. An option of x·h (a word of element x plus one heap h) is x·t for an option
//!   element t of h, so this only depends on x and h: it is checked for every element
//!   and every heap.
//! - **N-condition.** Every word with a move whose element is not in P has an option
//!   whose element is. This depends on the whole word, through the set of its option
//!   elements. What matters of that set T for the word and every word containing it
//!   is σ(T) = {z : T·z meets P}, and σ only grows when T does; so a word is
//!   *dominated* by an earlier word of the same element with a smaller σ, and neither
//!   it nor any word containing it needs checking (the earlier word fails first). The
//!   search walks the words in increasing order, heap size by heap size and number of
//!   heaps by number of heaps, keeping only undominated words; finitely many remain.
//!
//! The search is bounded by a number of words kept ([`Explorer::add_heap`] fails past
//! it), and asks every thousand words whether to stop.

use crate::monoid::{Monoid, Multiply, all_below};
use crate::pretension::{Marking, Pretension, Stopped};
use crate::word::Word;
use std::ops::ControlFlow;

/// A set of elements as bits.
type Bits = Vec<u64>;

fn has(bits: &[u64], x: usize) -> bool {
    bits[x / 64] >> (x % 64) & 1 == 1
}

/// Multiplication by a fixed element u as a map of sets: S ↦ {z : u·z ∈ S}, by u's row.
/// This is where a verification spends nearly all its time (once per word kept), so
/// with AVX2 it gathers eight bits at a time.
struct PullBack<'r> {
    /// u·z for every z, each below 64 · `width` (checked once, in [`PullBack::new`]).
    row: &'r [u32],
    width: usize,
}

impl<'r> PullBack<'r> {
    /// The map of `row`, on sets of `width` words.
    fn new(row: &'r [u32], width: usize) -> Self {
        assert!(
            row.len() <= width * 64 && all_below(row, width * 64),
            "a row's elements lie in the monoid"
        );
        PullBack { row, width }
    }

    /// `out` = {z : u·z ∈ `from`}; both sets are `width` words.
    fn apply(&self, from: &[u64], out: &mut [u64]) {
        assert!(from.len() == self.width && out.len() == self.width);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, and `new` and the assertion above are
            // what `pull_back_avx2` asks of its arguments.
            unsafe { pull_back_avx2(from, self.row, out) };
            return;
        }
        pull_back(from, self.row, out);
    }
}

/// Bit z of `out` is bit `row[z]` of `from`, z below `row.len()`; the other bits of
/// `out` are left alone.
fn pull_back(from: &[u64], row: &[u32], out: &mut [u64]) {
    for (bits, chunk) in out.iter_mut().zip(row.chunks(64)) {
        *bits = chunk.iter().enumerate().fold(0, |bits, (j, &y)| {
            bits | (from[y as usize >> 6] >> (y & 63) & 1) << j
        });
    }
}

/// [`pull_back`] eight bits at a time: the 32-bit words holding bits `row[z]` of `from`
/// are gathered, shifted and their low bits collected with a sign-bit mask.
///
/// # Safety
/// The processor has AVX2, every entry of `row` is below 64 · `from.len()`, and `out`
/// has a word for every 64 entries of `row`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn pull_back_avx2(from: &[u64], row: &[u32], out: &mut [u64]) {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_castsi256_ps, _mm256_i32gather_epi32, _mm256_loadu_si256,
        _mm256_movemask_ps, _mm256_set1_epi32, _mm256_slli_epi32, _mm256_srli_epi32,
        _mm256_srlv_epi32,
    };
    let words = from.as_ptr().cast::<i32>();
    let low_five = _mm256_set1_epi32(31);
    let full = row.len() / 64;
    for (bits, chunk) in out.iter_mut().zip(row.chunks_exact(64)) {
        let mut word = 0u64;
        for (k, eight) in chunk.chunks_exact(8).enumerate() {
            // SAFETY: `eight` holds 8 u32; each is below 64 · from.len(), so its
            // 32-bit word (entry / 32) lies within `from`.
            let mask = unsafe {
                let entries = _mm256_loadu_si256(eight.as_ptr().cast::<__m256i>());
                let gathered = _mm256_i32gather_epi32::<4>(words, _mm256_srli_epi32::<5>(entries));
                let shifted = _mm256_srlv_epi32(gathered, _mm256_and_si256(entries, low_five));
                _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32::<31>(shifted)))
            };
            word |= u64::from(mask as u8) << (8 * k);
        }
        *bits = word;
    }
    pull_back(from, &row[full * 64..], &mut out[full..]);
}

/// divides(u) = {z : u·z in P} for every element u of a monoid, as bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DivideSets {
    /// Words per set: the order / 64, rounded up.
    width: usize,
    /// u's set is words u·width to (u+1)·width.
    bits: Vec<u64>,
}

impl DivideSets {
    /// The sets of `monoid` with P-portion `in_p`. Each is the P-portion pulled back by
    /// u's row: order²/8 bytes in all, order² gathers (seconds at order 10⁵), so `stop`
    /// is asked every 256 rows.
    pub(crate) fn new(
        monoid: &Monoid,
        in_p: &[bool],
        stop: &dyn Fn() -> bool,
    ) -> Result<Self, Stopped> {
        let width = monoid.order().div_ceil(64);
        let mut p_portion = vec![0u64; width];
        for (x, _) in in_p.iter().enumerate().filter(|(_, p)| **p) {
            p_portion[x / 64] |= 1 << (x % 64);
        }
        let mut bits = vec![0; monoid.order() * width];
        let mut rows = 0u32;
        let flow = monoid.for_each_row(|u, row| {
            PullBack::new(row, width).apply(&p_portion, &mut bits[u * width..(u + 1) * width]);
            rows = rows.wrapping_add(1);
            if rows % 256 == 0 && stop() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match flow {
            ControlFlow::Continue(()) => Ok(DivideSets { width, bits }),
            ControlFlow::Break(()) => Err(Stopped),
        }
    }

    /// {z : u·z in P}.
    pub(crate) fn of(&self, u: usize) -> &[u64] {
        &self.bits[u * self.width..(u + 1) * self.width]
    }

    /// Bytes they take, for an `order` of elements.
    pub(crate) fn bytes(order: usize) -> usize {
        order.saturating_mul(order.div_ceil(64) * 8)
    }
}

/// The undominated words of a pretension found so far, heap size by heap size.
#[derive(Clone, Debug)]
pub struct Explorer {
    /// Bits per set.
    width: usize,
    divides: DivideSets,
    /// For each word kept: its element, its σ, and how it was made (parent word plus
    /// one heap).
    element: Vec<u32>,
    sigma: Vec<u64>,
    parent: Vec<u32>,
    heap: Vec<u32>,
    /// The words kept for each element, in order.
    by_element: Vec<Vec<u32>>,
}

/// Why a search stopped short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// It met more undominated words than allowed.
    TooManyWords,
    /// It was asked to stop.
    Stopped,
}

impl From<Stopped> for Halt {
    fn from(_: Stopped) -> Self {
        Halt::Stopped
    }
}

impl Explorer {
    /// Bytes the search of a pretension of `order` elements holds before its words.
    pub fn base_bytes(order: usize) -> usize {
        DivideSets::bytes(order).saturating_add(order * 24)
    }

    /// Bytes each word kept takes.
    pub fn word_bytes(order: usize) -> usize {
        order.div_ceil(64) * 8 + 16
    }

    /// Bytes it holds.
    pub fn bytes(&self) -> usize {
        let order = self.by_element.len();
        Self::base_bytes(order) + self.len() * Self::word_bytes(order)
    }

    /// The search for `pretension` with only the empty word so far (`stop` is asked
    /// while its divides sets are built).
    pub fn new(monoid: &Monoid, in_p: &[bool], stop: &dyn Fn() -> bool) -> Result<Self, Stopped> {
        let order = monoid.order();
        let width = order.div_ceil(64);
        let divides = DivideSets::new(monoid, in_p, stop)?;
        Ok(Explorer {
            width,
            divides,
            element: vec![0],
            sigma: vec![0; width],
            parent: vec![0],
            heap: vec![0],
            // The empty word dominates nothing: having no move, it is exempt from the
            // N-condition, so a longer word of the identity must be checked on its own.
            by_element: vec![Vec::new(); order],
        })
    }

    /// {z : u·z in P}.
    fn divides(&self, u: usize) -> &[u64] {
        self.divides.of(u)
    }

    /// How many words are kept.
    pub fn len(&self) -> usize {
        self.element.len()
    }

    /// The word kept at `index`.
    pub fn word(&self, index: usize) -> Word {
        let mut word = Word::default();
        let mut at = index;
        while at != 0 {
            word = word.times(self.heap[at] as usize, 1);
            at = self.parent[at] as usize;
        }
        word
    }

    /// σ of the option elements `transitions`: {z : t·z in P for some t}.
    pub fn sigma_of(&self, transitions: &[usize]) -> Bits {
        let mut sigma = vec![0; self.width];
        for &t in transitions {
            sigma
                .iter_mut()
                .zip(self.divides(t))
                .for_each(|(w, r)| *w |= r);
        }
        sigma
    }

    /// The P-condition for a heap of element `image` whose options' σ is `sigma`: no
    /// z has z·image in P and z·t in P for an option t, that is divides(image) and σ
    /// are disjoint.
    pub fn p_condition_holds(&self, image: usize, sigma: &[u64]) -> bool {
        self.divides(image)
            .iter()
            .zip(sigma)
            .all(|(d, s)| d & s == 0)
    }

    /// Whether a word kept of element `x` has a σ within `sigma`: then a word of
    /// element x and σ `sigma`, and every word containing it, is dominated.
    pub fn dominated(&self, x: usize, sigma: &[u64]) -> bool {
        self.by_element[x].iter().any(|&k| {
            let kept = &self.sigma[k as usize * self.width..(k as usize + 1) * self.width];
            kept.iter().zip(sigma).all(|(k, s)| k & !s == 0)
        })
    }

    /// Add the words whose largest heap is `heap`, of element `image` and option
    /// elements `transitions`, in increasing order. Returns the first word failing the
    /// N-condition (the least such word, when every smaller word passed), having kept
    /// the words before it; `Ok(None)` when none fails. When the heap alone is
    /// dominated, so is every word containing it, and none is added. It fails past
    /// `max_words` words kept, and when `stop` says so.
    #[allow(clippy::too_many_arguments)]
    pub fn add_heap(
        &mut self,
        monoid: &Monoid,
        in_p: &[bool],
        heap: usize,
        image: usize,
        transitions: &[usize],
        max_words: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<usize>, Halt> {
        let mut row = Vec::new();
        monoid.row_into(image, &mut row);
        let pull_back = PullBack::new(&row, self.width);
        let mut level: Vec<u32> = (0..self.len() as u32).collect();
        let mut sigma = vec![0u64; self.width];
        while !level.is_empty() {
            let mut next = Vec::new();
            for (i, &s) in level.iter().enumerate() {
                if i % 1024 == 1023 && stop() {
                    return Err(Halt::Stopped);
                }
                let s = s as usize;
                let x = self.element[s] as usize;
                let product = row[x] as usize;
                // σ(s·heap) = {z : image·z ∈ σ(s)} ∪ ⋃ divides(x·t).
                let parent_sigma = &self.sigma[s * self.width..(s + 1) * self.width];
                pull_back.apply(parent_sigma, &mut sigma);
                for &t in transitions {
                    let reach = self.divides(monoid.mul(x, t));
                    sigma.iter_mut().zip(reach).for_each(|(w, r)| *w |= r);
                }
                if self.dominated(product, &sigma) {
                    if s == 0 {
                        return Ok(None);
                    }
                    continue;
                }
                if self.len() >= max_words {
                    return Err(Halt::TooManyWords);
                }
                let index = self.len();
                self.element.push(product as u32);
                self.sigma.extend_from_slice(&sigma);
                self.parent.push(s as u32);
                self.heap.push(heap as u32);
                self.by_element[product].push(index as u32);
                if !in_p[product] && !has(&sigma, 0) {
                    return Ok(Some(index));
                }
                next.push(index as u32);
            }
            level = next;
        }
        Ok(None)
    }

    /// Forget the words from `len` on.
    pub fn truncate(&mut self, len: usize) {
        for x in self.element.drain(len..) {
            self.by_element[x as usize].pop();
        }
        self.sigma.truncate(len * self.width);
        self.parent.truncate(len);
        self.heap.truncate(len);
    }
}

/// The outcome of checking a pretension on every word.
#[derive(Debug)]
pub enum Verdict {
    /// Right about every word; the search's words, to extend heap by heap.
    Holds(Explorer),
    /// Wrong about this word, the least such.
    Fails(Word),
}

/// Check `pretension` on every word (see the module docs), keeping at most `max_words`
/// words and asking `stop` as it goes.
pub fn verify(
    pretension: &Pretension,
    max_words: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Verdict, Halt> {
    let (monoid, in_p, heaps) = (&pretension.monoid, &pretension.in_p, &pretension.heaps);
    let marking = Marking::new(monoid, heaps, stop)?;
    let mut explorer = Explorer::new(monoid, in_p, stop)?;
    let mut least_failure: Option<Word> = None;
    for h in (1..=heaps.last_heap()).filter(|&h| heaps.has_options(h)) {
        // The elements z with z·h in P and an option z·t in P.
        let sigma = explorer.sigma_of(&heaps.transitions[h]);
        let divides = explorer.divides(heaps.image[h]);
        for (i, (d, s)) in divides.iter().zip(&sigma).enumerate() {
            let mut failing = d & s;
            while failing != 0 {
                let z = i * 64 + failing.trailing_zeros() as usize;
                failing &= failing - 1;
                let position = marking
                    .position_of(z)
                    .expect("a reduced candidate's elements are all reached");
                let word = marking.least_word(position).times(h, 1);
                if least_failure.as_ref().is_none_or(|f| word < *f) {
                    least_failure = Some(word);
                }
            }
        }
    }
    // Words whose largest heap is beyond a P-failure's come after it.
    let last = least_failure.as_ref().map_or(heaps.last_heap(), Word::top);
    for h in (1..=last).filter(|&h| heaps.has_options(h)) {
        let found = explorer.add_heap(
            monoid,
            in_p,
            h,
            heaps.image[h],
            &heaps.transitions[h],
            max_words,
            stop,
        )?;
        if let Some(index) = found {
            let word = explorer.word(index);
            if least_failure.as_ref().is_none_or(|f| word < *f) {
                least_failure = Some(word);
            }
            break;
        }
    }
    Ok(match least_failure {
        Some(word) => Verdict::Fails(word),
        None => Verdict::Holds(explorer),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The gathering pull-back (where the processor has AVX2) is the plain one.
        #[test]
        fn pull_backs_agree(
            from in proptest::collection::vec(any::<u64>(), 1..6),
            seeds in proptest::collection::vec(any::<u32>(), 0..320),
        ) {
            let width = from.len();
            let row: Vec<u32> = seeds.iter().take(64 * width).map(|&y| y % (64 * width) as u32).collect();
            let mut plain = vec![0; width];
            pull_back(&from, &row, &mut plain);
            let mut fast = vec![0; width];
            PullBack::new(&row, width).apply(&from, &mut fast);
            prop_assert_eq!(&fast, &plain);
            for (z, &y) in row.iter().enumerate() {
                prop_assert_eq!(has(&plain, z), has(&from, y as usize));
            }
        }
    }
}
