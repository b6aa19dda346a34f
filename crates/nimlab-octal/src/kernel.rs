//! The two ways to compute g(n) from g(0), …, g(n − 1): the naive scan of every option
//! and the sparse-space (rare/common) method. Both give the same value for any rules
//! and any rare/common split; the split only decides how much work is skipped.
//!
//! Option values are marked in [`Marks`], a byte per value stamped with a generation
//! counter, so starting a new heap costs nothing and marking is one store. While every
//! value so far is below 64, scans instead OR `1 << value` into one word, which the
//! compiler vectorizes. Both kernels are compiled twice, for the baseline and for
//! AVX2, and the processor picks at run time.
//!
//! The solver computes values of more than 6 bits by the sparse method a block of
//! [`BLOCK_HEAPS`] heaps at a time: [`mark_far_pairs`] first marks, for every heap of
//! the block, the pairs of the rare positions whose partner is below the block (a
//! rare position's partners for the block are consecutive values, read once per block
//! rather than once per heap), and [`sparse_value`] then does the rest heap by heap.
//!
//! Three-heap splits (hexadecimal bit 8) are always marked exhaustively, by both
//! kernels: the parity argument does not cover them (common ^ common ^ common is
//! common), so they cost O(n²) pairs per heap. d0 = 4 and Grundy's game are two-heap
//! splits removing nothing, which both kernels treat like any other removal.

use crate::rules::Rules;
use std::ops::Range;

/// The values a kernel reads for heap n = [`View::len`]: g(i) is `front[i]` for
/// i < front.len() and `recent[i − base]` for base ≤ i < n. A solver that keeps every
/// value passes them as both (base 0); one with a window passes its first values and
/// its last ones, and checks before each value that what the kernel will read is kept
/// (see [`View::pair_reach`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct View<'a> {
    front: &'a [u16],
    recent: &'a [u16],
    base: usize,
}

impl<'a> View<'a> {
    /// Every value g(0) … g(n − 1).
    pub(crate) fn whole(values: &'a [u16]) -> View<'a> {
        View {
            front: values,
            recent: values,
            base: 0,
        }
    }

    /// The values a solver keeps: every value (`recent`, from g(0)) when `base` is 0,
    /// else g(0 .. front.len()) and g(base .. base + recent.len()).
    pub(crate) fn kept(front: &'a [u16], recent: &'a [u16], base: usize) -> View<'a> {
        if base == 0 {
            View::whole(recent)
        } else {
            View::windowed(front, recent, base)
        }
    }

    /// g(0 .. front.len()) and g(base .. base + recent.len()), base ≥ front.len().
    pub(crate) fn windowed(front: &'a [u16], recent: &'a [u16], base: usize) -> View<'a> {
        debug_assert!(base >= front.len());
        View {
            front,
            recent,
            base,
        }
    }

    /// n: the heap whose value is computed from this view.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.base + self.recent.len()
    }

    /// The first value kept among the recent ones.
    pub(crate) fn base(&self) -> usize {
        self.base
    }

    /// How many values the front holds.
    pub(crate) fn front_len(&self) -> usize {
        self.front.len()
    }

    /// g(i), which must be kept.
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> u16 {
        if i >= self.base {
            self.recent[i - self.base]
        } else {
            self.front[i]
        }
    }

    /// g(first ..= last), first ≤ last < front.len().
    #[inline(always)]
    fn low(&self, first: usize, last: usize) -> &'a [u16] {
        &self.front[first..=last]
    }

    /// g(first ..= last), base ≤ first ≤ last < n.
    #[inline(always)]
    fn high(&self, first: usize, last: usize) -> &'a [u16] {
        &self.recent[first - self.base..=last - self.base]
    }

    /// The largest a such that both parts of every split (a′, rest − a′), a′ ≤ a, are
    /// kept (rest ≤ n): every a when all values are kept.
    #[inline(always)]
    pub(crate) fn pair_reach(&self, rest: usize) -> usize {
        self.front.len().saturating_sub(1).min(rest - self.base)
    }
}

/// Number of distinct values a table entry can hold (u16).
pub(crate) const VALUE_RANGE: usize = 1 << 16;

/// Pairs per block in the proof scan of the sparse method.
const BLOCK: usize = 64;

/// Up to this many values sought, the proof scan compares whole blocks against each.
const FEW: usize = 4;

/// A set of option values for one heap: value v is in the set iff `stamp[v]` equals
/// the current generation.
pub(crate) struct Marks {
    stamp: Box<[u8; VALUE_RANGE]>,
    generation: u8,
    /// Every option value is below this power of two (values so far have fewer bits).
    bound: usize,
    /// Whether every value so far is below 64, so scans may use one word.
    narrow: bool,
    /// Scratch list for the sparse method's proof scan.
    missing: Vec<u16>,
    /// Options examined (pairs of heaps, rare pairs, heaps left by a removal) since
    /// [`Marks::take_examined`]: the work done, counted per block of options, for stop
    /// checks.
    examined: u64,
}

impl Marks {
    pub(crate) fn new() -> Marks {
        Marks {
            stamp: vec![0; VALUE_RANGE]
                .into_boxed_slice()
                .try_into()
                .expect("the stamp array has VALUE_RANGE entries"),
            generation: 0,
            bound: 1,
            narrow: true,
            missing: Vec::new(),
            examined: 0,
        }
    }

    /// The bytes the marks hold.
    pub(crate) fn held_bytes(&self) -> usize {
        VALUE_RANGE + self.missing.capacity() * size_of::<u16>()
    }

    /// The options examined since the last call (see [`Marks::examined`]).
    pub(crate) fn take_examined(&mut self) -> u64 {
        std::mem::take(&mut self.examined)
    }

    /// Make room for `value` in the table: option values are XORs of table values, so
    /// they stay below the next power of two above the largest.
    pub(crate) fn admit(&mut self, value: u16) {
        let needed = (usize::from(value) + 1).next_power_of_two();
        self.bound = self.bound.max(needed);
        self.narrow = self.bound <= 64;
    }

    /// Every option value is below this.
    pub(crate) fn bound(&self) -> usize {
        self.bound
    }

    /// Empty the set.
    pub(crate) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Only values below the bound are ever marked.
            self.stamp[..self.bound].fill(0);
            self.generation = 1;
        }
    }

    #[inline(always)]
    pub(crate) fn mark(&mut self, value: u16) {
        self.stamp[usize::from(value)] = self.generation;
    }

    #[inline(always)]
    pub(crate) fn contains(&self, value: u16) -> bool {
        self.stamp[usize::from(value)] == self.generation
    }

    /// Mark every v with `row[v] == generation`.
    #[inline(always)]
    fn take_in(&mut self, row: &[u8], generation: u8) {
        let current = self.generation;
        for (stamp, &mark) in self.stamp[..row.len()].iter_mut().zip(row) {
            *stamp = if mark == generation { current } else { *stamp };
        }
    }

    /// Mark every i whose bit is set in `bits`.
    #[inline(always)]
    fn mark_bits(&mut self, mut bits: u64) {
        while bits != 0 {
            self.mark(bits.trailing_zeros() as u16);
            bits &= bits - 1;
        }
    }

    /// The set's values below 64·`out.len()` as bits: value v is bit v % 64 of
    /// `out[v / 64]`.
    #[inline(always)]
    pub(crate) fn bits_below(&self, out: &mut [u64]) {
        bits_equal_to(&self.stamp[..], self.generation, out);
    }

    /// The least value not in the set; at most [`Marks::bound`].
    pub(crate) fn mex(&self) -> usize {
        (0..self.bound)
            .find(|&v| self.stamp[v] != self.generation)
            .unwrap_or(self.bound)
    }

    /// Mark g(a) ^ g(rest − a) ^ `xor` for a in `first..=last` (last ≤ the view's
    /// [`View::pair_reach`] of rest).
    #[inline(always)]
    fn mark_pairs(&mut self, view: &View, rest: usize, first: usize, last: usize, xor: u16) {
        if first > last {
            return;
        }
        self.examined += (last - first + 1) as u64;
        let left = view.low(first, last);
        let right = view.high(rest - last, rest - first);
        if self.narrow {
            self.mark_bits(pair_bits(view, rest, first, last, xor));
        } else {
            // A block of values at a time, computed many an instruction, then stored.
            let generation = self.generation;
            let stamp = &mut *self.stamp;
            let mut buffer = [0u16; BLOCK];
            for (left, right) in left.chunks(BLOCK).zip(right.rchunks(BLOCK)) {
                let block = pair_values(left, right, xor, &mut buffer);
                for &value in block {
                    stamp[usize::from(value)] = generation;
                }
            }
        }
    }

    /// Mark `value ^ g(rest − r)` for every rare (r, value) with r < rest, and r ≠ rest − r
    /// when the parts must differ (each g(rest − r) kept: see [`Split::first_unkept`]).
    #[inline(always)]
    pub(crate) fn mark_rare_pairs(
        &mut self,
        view: &View,
        rest: usize,
        rare: &[Rare],
        unequal: bool,
    ) {
        let parts = RarePairs::new(view, rest, rare, unequal);
        self.examined += parts.count() as u64;
        if self.narrow {
            self.mark_bits(parts.bits(view, rest));
            return;
        }
        // Locals, so the loop does not reload them after each store.
        let generation = self.generation;
        let stamp = &mut *self.stamp;
        let at = rest - view.base;
        for part in parts.recent {
            for r in part {
                let value = (r.value ^ r.partner(view.recent, at)) as usize;
                // SAFETY: a XOR of two u16 values is below 2^16, the stamp's length.
                unsafe { *stamp.get_unchecked_mut(value) = generation };
            }
        }
        for r in parts.front.iter().flat_map(|part| part.iter()) {
            stamp[(r.value ^ u32::from(view.front[rest - r.position()])) as usize] = generation;
        }
    }
}

/// Which of the first 64·`out.len()` bytes of `bytes` equal `byte`, as bits: byte j is
/// bit j % 64 of `out[j / 64]`.
#[inline(always)]
fn bits_equal_to(bytes: &[u8], byte: u8, out: &mut [u64]) {
    for (word, chunk) in out.iter_mut().zip(bytes.chunks_exact(64)) {
        *word = equal_bytes(chunk.try_into().expect("chunks of 64"), byte);
    }
}

/// Which of 64 bytes equal `byte`, as the bits of a word (byte j is bit j).
#[inline(always)]
fn equal_bytes(bytes: &[u8; 64], byte: u8) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        };
        // SSE2, which every x86-64 processor has: sixteen bytes compared at a time.
        let mut word = 0u64;
        for (i, sixteen) in bytes.chunks_exact(16).enumerate() {
            // SAFETY: SSE2 is part of x86-64; the load reads the 16 bytes of `sixteen`.
            let mask = unsafe {
                let lanes = _mm_loadu_si128(sixteen.as_ptr().cast::<__m128i>());
                _mm_movemask_epi8(_mm_cmpeq_epi8(lanes, _mm_set1_epi8(byte as i8)))
            };
            word |= u64::from(mask as u16) << (16 * i);
        }
        word
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        bytes
            .iter()
            .enumerate()
            .fold(0, |word, (j, &b)| word | u64::from(b == byte) << j)
    }
}

/// The rare positions r < rest whose pairs (r, rest − r) are options, in the parts the
/// marking loops run through without a test: those whose partner is among the recent
/// values and those whose partner is in the front, each before and after rest / 2 (with
/// parts that must differ, the rare position rest / 2 itself makes no move).
struct RarePairs<'r> {
    recent: [&'r [Rare]; 2],
    front: [&'r [Rare]; 2],
}

impl<'r> RarePairs<'r> {
    #[inline(always)]
    fn new(view: &View, rest: usize, rare: &'r [Rare], unequal: bool) -> RarePairs<'r> {
        let rare = &rare[..rare.partition_point(|r| r.position() < rest)];
        let (before, after) = if unequal && rest % 2 == 0 {
            let half = rare.partition_point(|r| 2 * r.position() < rest);
            let skip = usize::from(rare.get(half).is_some_and(|r| 2 * r.position() == rest));
            (&rare[..half], &rare[half + skip..])
        } else {
            (rare, &rare[rare.len()..])
        };
        // Partners g(rest − r) among the recent values: r ≤ rest − base.
        let recent = |part: &'r [Rare]| {
            part.split_at(part.partition_point(|r| r.position() + view.base <= rest))
        };
        let (before_recent, before_front) = recent(before);
        let (after_recent, after_front) = recent(after);
        RarePairs {
            recent: [before_recent, after_recent],
            front: [before_front, after_front],
        }
    }

    fn count(&self) -> usize {
        self.recent
            .iter()
            .chain(&self.front)
            .map(|part| part.len())
            .sum()
    }

    /// The values of the pairs as bits of one word (every value below 64).
    #[inline(always)]
    fn bits(&self, view: &View, rest: usize) -> u64 {
        let at = rest - view.base;
        let front = self.front.iter().flat_map(|part| part.iter());
        let mut bits = 0;
        for part in self.recent {
            bits = part.iter().fold(bits, |acc, r| {
                acc | bit(r.value ^ r.partner(view.recent, at))
            });
        }
        front.fold(bits, |acc, r| {
            acc | bit(r.value ^ u32::from(view.front[rest - r.position()]))
        })
    }
}

/// Defines `$vis fn $name`, which runs `$body` compiled for AVX2 when the
/// processor has it (std caches the check) and for the baseline otherwise. Exported
/// for the misère engine's bounds checks; not part of the crate's interface.
#[doc(hidden)]
#[macro_export]
macro_rules! with_avx2 {
    ($(#[$doc:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty $body:block) => {
        $(#[$doc])*
        $vis fn $name($($arg: $ty),*) -> $ret {
            #[inline(always)]
            fn body($($arg: $ty),*) -> $ret $body
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            fn avx2($($arg: $ty),*) -> $ret {
                body($($arg),*)
            }
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2.
                return unsafe { avx2($($arg),*) };
            }
            body($($arg),*)
        }
    };
}

pub(crate) use crate::with_avx2;

/// The last first part a of a two-heap split of `rest` (a ≤ rest − a, and a < rest − a
/// when the parts must differ).
#[inline(always)]
pub(crate) fn last_first_part(rest: usize, unequal: bool) -> usize {
    if unequal { (rest - 1) / 2 } else { rest / 2 }
}

/// Mark the options that leave no heap or one heap, and every three-heap split (which
/// read every value: the view keeps them all, or the rules have none).
#[inline(always)]
pub(crate) fn mark_takes_and_three_splits(rules: &Rules, view: &View, marks: &mut Marks) {
    let n = view.len();
    if rules.take_all.contains(&n) {
        marks.mark(0);
    }
    for &k in rules.take_some.iter().take_while(|&&k| k < n) {
        marks.mark(view.at(n - k));
    }
    for &k in rules.split_three.iter().take_while(|&&k| k + 3 <= n) {
        let rest = n - k;
        for a in 1..=rest / 3 {
            marks.mark_pairs(view, rest - a, a, (rest - a) / 2, view.at(a));
        }
    }
}

/// Remove from `missing` (values not in `marks`) every value g(a) ^ g(rest − a) for a
/// in 1..=last (last within the view's reach), block by block, until none is left.
/// While many values are sought, every pair's value is marked; once few are, they are
/// compared with each block instead, and only those are taken out of `missing`.
#[inline(always)]
fn find_in_pairs(view: &View, rest: usize, last: usize, missing: &mut Vec<u16>, marks: &mut Marks) {
    let mut buffer = [0u16; BLOCK];
    let mut a = 1;
    while a <= last && !missing.is_empty() {
        if missing.len() > FEW {
            // Many values sought: mark pairs (one store each), a block for every FEW
            // values sought, then look the values up.
            let end = (a + BLOCK * (missing.len() / FEW).max(1) - 1).min(last);
            marks.mark_pairs(view, rest, a, end, 0);
            retain_unbranched(missing, |m| !marks.contains(m));
            a = end + 1;
        } else {
            let end = (a + BLOCK - 1).min(last);
            marks.examined += (end - a + 1) as u64;
            let (left, right) = (view.low(a, end), view.high(rest - end, rest - a));
            // Few: compare the block's values with each, many pairs an instruction.
            let block = pair_values(left, right, 0, &mut buffer);
            retain_unbranched(missing, |m| {
                !block.iter().fold(false, |hit, &v| hit | (v == m))
            });
            a = end + 1;
        }
    }
}

/// Keep the values of `list` for which `keep` holds, in order, with no branch on
/// which (as `Vec::retain` has): which values the proof scan finds is unpredictable.
#[inline(always)]
fn retain_unbranched(list: &mut Vec<u16>, keep: impl Fn(u16) -> bool) {
    let mut kept = 0;
    for i in 0..list.len() {
        let value = list[i];
        list[kept] = value;
        kept += usize::from(keep(value));
    }
    list.truncate(kept);
}

/// x ^ y ^ `xor` for x in `left` and y in `right` reversed (equal lengths, at most
/// [`BLOCK`]), in `buffer`; the values written.
#[inline(always)]
fn pair_values<'a>(
    left: &[u16],
    right: &[u16],
    xor: u16,
    buffer: &'a mut [u16; BLOCK],
) -> &'a [u16] {
    if let (Ok(left), Ok(right)) = (
        <&[u16; BLOCK]>::try_from(left),
        <&[u16; BLOCK]>::try_from(right),
    ) {
        // A whole block: fixed length, so the reversal vectorizes.
        for i in 0..BLOCK {
            buffer[i] = left[i] ^ right[BLOCK - 1 - i] ^ xor;
        }
        return &buffer[..];
    }
    let block = &mut buffer[..left.len()];
    for ((slot, &x), &y) in block.iter_mut().zip(left).zip(right.iter().rev()) {
        *slot = x ^ y ^ xor;
    }
    block
}

/// The bit of a value below 64.
#[inline(always)]
fn bit(value: impl Into<u32>) -> u64 {
    1u64 << (value.into() & 63)
}

/// The values g(a) ^ g(rest − a) ^ `xor` for a in `first..=last`, as bits of one word
/// (every value below 64); a vectorized shift and OR per pair.
#[inline(always)]
fn pair_bits(view: &View, rest: usize, first: usize, last: usize, xor: u16) -> u64 {
    if first > last {
        return 0;
    }
    let left = view.low(first, last);
    let right = view.high(rest - last, rest - first);
    match (
        <&[u16; BLOCK]>::try_from(left),
        <&[u16; BLOCK]>::try_from(right),
    ) {
        // A whole block: fixed length, so the reversal vectorizes.
        (Ok(left), Ok(right)) => (0..BLOCK).fold(0, |bits, i| {
            bits | bit(left[i] ^ right[BLOCK - 1 - i] ^ xor)
        }),
        _ => left
            .iter()
            .zip(right.iter().rev())
            .fold(0, |bits, (&x, &y)| bits | bit(x ^ y ^ xor)),
    }
}

/// The values among `wanted` (bits) that some pair g(a) ^ g(rest − a), a in 1..=last,
/// takes, scanning block by block and stopping once all are seen; and how many pairs
/// were scanned.
#[inline(always)]
fn seen_in_pairs(view: &View, rest: usize, last: usize, wanted: u64) -> (u64, usize) {
    let mut seen = 0;
    let mut a = 1;
    while a <= last && seen & wanted != wanted {
        let end = (a + BLOCK - 1).min(last);
        seen |= pair_bits(view, rest, a, end, 0);
        a = end + 1;
    }
    (seen & wanted, a - 1)
}

/// [`sparse_value`] while every value is below 64 (bound ≤ 64): the option values found
/// are the bits of one word, and so are the common and rare values, so the candidate
/// and the values the proof scan seeks are a few word operations. The options examined
/// are added to `examined`.
#[inline(always)]
fn sparse_value_narrow(
    rules: &Rules,
    view: &View,
    split: &Split,
    bound: usize,
    examined: &mut u64,
) -> Result<usize, usize> {
    let n = view.len();
    let mut options = 0u64;
    if rules.take_all.contains(&n) {
        options |= bit(0u16);
    }
    for &k in rules.take_some.iter().take_while(|&&k| k < n) {
        options |= bit(view.at(n - k));
    }
    for &k in rules.split_three.iter().take_while(|&&k| k + 3 <= n) {
        let rest = n - k;
        for a in 1..=rest / 3 {
            *examined += ((rest - a) / 2 + 1 - a) as u64;
            options |= pair_bits(view, rest - a, a, (rest - a) / 2, view.at(a));
        }
    }
    for &k in rules.split_two.iter().take_while(|&&k| k + 2 <= n) {
        let rest = n - k;
        let pairs = RarePairs::new(view, rest, &split.rare, rules.unequal_parts);
        *examined += pairs.count() as u64;
        options |= pairs.bits(view, rest);
    }
    let below = |v: usize| if v >= 64 { u64::MAX } else { (1u64 << v) - 1 };
    let unmarked_common = split.common_bits & below(bound) & !options;
    let candidate = match unmarked_common {
        0 => bound,
        bits => bits.trailing_zeros() as usize,
    };
    let mut wanted = split.rare_bits & below(candidate) & !options;
    for &k in &rules.split_two {
        if wanted == 0 || k + 2 > n {
            break;
        }
        let rest = n - k;
        let last = last_first_part(rest, rules.unequal_parts);
        let reach = last.min(view.pair_reach(rest));
        let (seen, scanned) = seen_in_pairs(view, rest, reach, wanted);
        wanted &= !seen;
        *examined += scanned as u64;
        if wanted != 0 && reach < last {
            return Err(first_unkept_pair(view, rest, reach));
        }
    }
    Ok(match wanted {
        0 => candidate,
        bits => bits.trailing_zeros() as usize,
    })
}

/// The proof of the sparse method: seek the values `missing` (none of them in `marks`)
/// among the pairs (a, n − k − a) from a = 1 on, n = `view.len()`, leaving in `missing`
/// those no pair gives; the value the scan would need next if the view does not keep it.
#[inline(always)]
pub(crate) fn seek_in_pairs(
    rules: &Rules,
    view: &View,
    missing: &mut Vec<u16>,
    marks: &mut Marks,
) -> Option<usize> {
    let n = view.len();
    // A plain loop: an iterator adapter here would be compiled without AVX2.
    for &k in &rules.split_two {
        if missing.is_empty() || k + 2 > n {
            break;
        }
        let rest = n - k;
        let last = last_first_part(rest, rules.unequal_parts);
        let reach = last.min(view.pair_reach(rest));
        find_in_pairs(view, rest, reach, missing, marks);
        if !missing.is_empty() && reach < last {
            return Some(first_unkept_pair(view, rest, reach));
        }
    }
    None
}

/// The value that a scan of the pairs (a, rest − a) past a = `reach` would read first and
/// that the view does not keep.
fn first_unkept_pair(view: &View, rest: usize, reach: usize) -> usize {
    if reach + 1 >= view.front_len() {
        reach + 1
    } else {
        rest - reach - 1
    }
}

with_avx2! {
    /// g(n) by marking every option (n = view.len(), every value kept); may be
    /// [`Marks::bound`] or more, which the caller rejects if it does not fit a u16.
    pub(crate) fn naive_value(rules: &Rules, view: &View, marks: &mut Marks) -> usize {
        marks.clear();
        mark_takes_and_three_splits(rules, view, marks);
        let n = view.len();
        for &k in rules.split_two.iter().take_while(|&&k| k + 2 <= n) {
            let rest = n - k;
            marks.mark_pairs(view, rest, 1, last_first_part(rest, rules.unequal_parts), 0);
        }
        marks.mex()
    }
}

with_avx2! {
    /// g(n) by the sparse-space method (n = table.len(), every value before n recorded
    /// in `split`). Marks every common option through the pairs with a rare part; the
    /// least unmarked common value c is then not an option, so g ≤ c; g < c only if a
    /// rare value below c is not an option, which the scan of all pairs decides,
    /// stopping as soon as every rare value below c has been seen.
    ///
    /// Err(i) when the view does not keep g(i), which the value needs: a rare position
    /// whose partner was let go, or a proof scan that reaches past what is kept.
    ///
    /// `far`, if given, holds the pairs of some rare positions already marked for heap n
    /// (see [`FarPairs`]); they are not read again.
    pub(crate) fn sparse_value(
        rules: &Rules,
        view: &View,
        split: &Split,
        marks: &mut Marks,
        far: Option<&FarPairs>
    ) -> Result<usize, usize> {
        let n = view.len();
        for &k in rules.split_two.iter().take_while(|&&k| k + 2 <= n) {
            if let Some(unkept) = split.first_unkept(view, n - k) {
                return Err(unkept);
            }
        }
        if marks.narrow {
            let bound = marks.bound();
            return sparse_value_narrow(rules, view, split, bound, &mut marks.examined);
        }
        marks.clear();
        if let Some(far) = far {
            let (row, generation) = far.row(n);
            marks.take_in(row, generation);
        }
        mark_takes_and_three_splits(rules, view, marks);
        let splits = || rules.split_two.iter().take_while(move |&&k| k + 2 <= n);
        for (index, &k) in splits().enumerate() {
            let parts = match far.and_then(|far| far.covered.get(index)) {
                Some(covered) => uncovered(&split.rare, covered),
                None => [&split.rare[..], &[]],
            };
            for part in parts.into_iter().filter(|part| !part.is_empty()) {
                marks.mark_rare_pairs(view, n - k, part, rules.unequal_parts);
            }
        }
        let mut missing = std::mem::take(&mut marks.missing);
        let candidate = split.candidate(marks, |_| false, &mut missing);
        let unkept = seek_in_pairs(rules, view, &mut missing, marks);
        let value = missing.iter().min().map_or(candidate, |&least| usize::from(least));
        marks.missing = missing;
        match unkept {
            Some(index) => Err(index),
            None => Ok(value),
        }
    }
}

/// The rare positions of `rare` outside `covered` (the indices of those a
/// [`FarPairs`] marked): those before and those after.
#[inline(always)]
pub(crate) fn uncovered<'r>(rare: &'r [Rare], covered: &Range<usize>) -> [&'r [Rare]; 2] {
    [&rare[..covered.start], &rare[covered.end..]]
}

/// Heaps whose far rare pairs [`mark_far_pairs`] marks in one pass.
pub(crate) const BLOCK_HEAPS: usize = 64;

/// The largest bound of the values for which blocks are marked: the marks take
/// [`BLOCK_HEAPS`] bytes per value below the bound.
pub(crate) const BLOCK_BOUND: usize = 1024;

/// The values of the pairs (r, n − k − r) of a block of heaps n and of the rare positions
/// r whose partner n − k − r is below the block's first heap, marked in one pass over
/// the rare positions: each rare position's partners for the whole block are
/// consecutive values, read once per block rather than once per heap.
pub(crate) struct FarPairs {
    /// Heap first + i has option value v < bound iff `rows[i * stride + v]` is
    /// `generation`.
    rows: Vec<u8>,
    bound: usize,
    /// The bound and a cache line more, so that the rows' marks of the same value
    /// spread over the cache's sets rather than crowd into a few.
    stride: usize,
    generation: u8,
    first: usize,
    /// For each two-heap split, in the rules' order: the indices into the rare list of
    /// the rare positions whose pairs are marked, for every heap of the block.
    covered: Vec<Range<usize>>,
}

impl FarPairs {
    pub(crate) fn new() -> FarPairs {
        FarPairs {
            rows: Vec::new(),
            bound: 0,
            stride: 0,
            generation: 0,
            first: 0,
            covered: Vec::new(),
        }
    }

    /// The bytes the marks hold.
    pub(crate) fn held_bytes(&self) -> usize {
        self.rows.capacity() + self.covered.capacity() * size_of::<Range<usize>>()
    }

    /// The marks of heap n (of the block last marked): v is marked iff `row[v]` is the
    /// generation returned.
    #[inline(always)]
    fn row(&self, n: usize) -> (&[u8], u8) {
        let start = (n - self.first) * self.stride;
        (&self.rows[start..start + self.bound], self.generation)
    }

    /// The marks of heap n (of the block last marked) below 64·`out.len()` (at least the
    /// bound) as bits: value v is bit v % 64 of `out[v / 64]`.
    #[inline(always)]
    pub(crate) fn bits(&self, n: usize, out: &mut [u64]) {
        debug_assert!(out.len() * 64 >= self.bound && out.len() * 64 <= self.stride);
        let start = (n - self.first) * self.stride;
        bits_equal_to(
            &self.rows[start..start + out.len() * 64],
            self.generation,
            out,
        );
    }

    /// For each two-heap split, in the rules' order: the indices into the rare list of
    /// the rare positions whose pairs are marked, for every heap of the block.
    pub(crate) fn covered(&self) -> &[Range<usize>] {
        &self.covered
    }
}

with_avx2! {
    /// Mark in `far` the far rare pairs of the heaps n = `first` … n + heaps − 1 (at
    /// most [`BLOCK_HEAPS`], n ≥ view.len()), every value so far below `bound` (a power
    /// of two): for each two-heap split k, the rare positions r (r < n − k, and
    /// r < (n − k) / 2 when the parts must differ) whose partners g(n + i − k − r) are
    /// below view.len() and among the view's recent values. Pairs the view does not
    /// keep are left to [`sparse_value`], which says so. The marks take
    /// [`BLOCK_HEAPS`] bytes and a cache line per value below the bound, so the solver
    /// uses them up to [`BLOCK_BOUND`].
    pub(crate) fn mark_far_pairs(
        rules: &Rules,
        view: &View,
        split: &Split,
        first: usize,
        heaps: usize,
        bound: usize,
        far: &mut FarPairs
    ) -> u64 {
        debug_assert!(heaps <= BLOCK_HEAPS && bound.is_power_of_two() && first >= view.len());
        let n = first;
        if far.bound != bound {
            far.bound = bound;
            far.stride = bound + 64;
            far.rows = vec![0; BLOCK_HEAPS * far.stride];
            far.generation = 0;
        }
        far.generation = far.generation.wrapping_add(1);
        if far.generation == 0 {
            far.rows.fill(0);
            far.generation = 1;
        }
        far.first = n;
        far.covered.clear();
        let (generation, stride) = (far.generation, far.stride);
        let rows = &mut far.rows[..heaps * stride];
        let mut examined = 0;
        for &k in &rules.split_two {
            // Partners below view.len(): r ≥ n + heaps − k − view.len(); kept among the
            // recent ones and pairs at all: r ≤ n − k − max(base, 1).
            let first_r = (n + heaps).saturating_sub(k + view.len()).max(1);
            let mut last_r = n.saturating_sub(k + view.base.max(1));
            if rules.unequal_parts {
                last_r = last_r.min((n.saturating_sub(k + 1)) / 2);
            }
            let from = split.rare.partition_point(|r| r.position() < first_r);
            let to = split.rare.partition_point(|r| r.position() <= last_r).max(from);
            // The partners of r for the block: g(n − k − r) … g(n + heaps − 1 − k − r).
            let partners = |r: &Rare| {
                let start = n - k - r.position() - view.base;
                &view.recent[start..start + heaps]
            };
            // Two rare positions at a time, each heap's two marks one after the other:
            // measured 3–4% faster than one at a time (0.034, 0.161 to 2^21).
            let twos = split.rare[from..to].chunks_exact(2);
            for two in twos.clone() {
                let (first, second) = (two[0].value(), two[1].value());
                let mut row = rows.as_mut_ptr();
                for (&x, &y) in partners(&two[0]).iter().zip(partners(&two[1])) {
                    debug_assert!(usize::from(x ^ first).max(usize::from(y ^ second)) < bound);
                    // SAFETY: the XOR of two values below the bound (a power of two) is
                    // below it, so row + (x ^ first) and row + (y ^ second) are in the
                    // row of heap n + i, within `rows`.
                    unsafe {
                        *row.add(usize::from(x ^ first)) = generation;
                        *row.add(usize::from(y ^ second)) = generation;
                        row = row.wrapping_add(stride);
                    }
                }
            }
            for r in twos.remainder() {
                let mut row = rows.as_mut_ptr();
                for &x in partners(r) {
                    // SAFETY: as above.
                    unsafe {
                        *row.add(usize::from(x ^ r.value())) = generation;
                        row = row.wrapping_add(stride);
                    }
                }
            }
            examined += ((to - from) * heaps) as u64;
            far.covered.push(from..to);
        }
        examined
    }
}

/// A rare/common split of the values: v is rare iff popcount(v & mask) is even. Rare
/// XOR rare and common XOR common are rare; rare XOR common is common.
#[derive(Clone, Debug)]
pub(crate) struct Split {
    mask: u16,
    /// Positions r ≥ 1 whose value is rare, increasing, with that value.
    rare: Vec<Rare>,
    /// Every common value, then every rare value, each in increasing order.
    common_values: Vec<u16>,
    rare_values: Vec<u16>,
    /// The common values below 64, and the rare ones, as bits.
    common_bits: u64,
    rare_bits: u64,
}

/// A rare position r ≥ 1 and its value, laid out for the loops that mark the pairs
/// (r, rest − r): the position is kept negated, so that the partner g(rest − r) is one
/// load from the address of g(rest), and the value as 32 bits, so that the XOR with the
/// partner needs no widening. (Measured on 0.034 to 2^20: a third less time per pair
/// than a `(usize, u16)` tuple.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rare {
    /// −r.
    offset: isize,
    /// g(r), below 2^16.
    value: u32,
}

impl Rare {
    pub(crate) fn new(position: usize, value: u16) -> Rare {
        Rare {
            offset: -(position as isize),
            value: u32::from(value),
        }
    }

    /// r.
    #[inline(always)]
    pub(crate) fn position(&self) -> usize {
        self.offset.unsigned_abs()
    }

    /// g(r).
    #[inline(always)]
    pub(crate) fn value(&self) -> u16 {
        self.value as u16
    }

    /// `values[at − r]`, for r ≤ at and at − r < values.len().
    #[inline(always)]
    pub(crate) fn partner(&self, values: &[u16], at: usize) -> u32 {
        debug_assert!(self.position() <= at && at - self.position() < values.len());
        // SAFETY: the address read is that of values[at − r], an element of the slice
        // (the wrapping arithmetic itself is always allowed).
        unsafe {
            u32::from(
                *values
                    .as_ptr()
                    .wrapping_add(at)
                    .wrapping_offset(self.offset),
            )
        }
    }
}

/// Whether `value` is rare under `mask`: popcount(value & mask) is even.
#[inline]
pub(crate) fn is_rare(mask: u16, value: u16) -> bool {
    (value & mask).count_ones() % 2 == 0
}

impl Split {
    /// The split for `mask` over `table` (mask 0 makes every value rare: correct, slow).
    pub(crate) fn new(mask: u16, table: &[u16]) -> Split {
        let (rare_values, common_values) = (0..=u16::MAX).partition(|&v| is_rare(mask, v));
        let rare_bits = (0..64u16)
            .filter(|&v| is_rare(mask, v))
            .fold(0, |b, v| b | bit(v));
        let mut split = Split {
            mask,
            rare: Vec::new(),
            common_values,
            rare_values,
            common_bits: !rare_bits,
            rare_bits,
        };
        for (position, &value) in table.iter().enumerate().skip(1) {
            split.record(position, value);
        }
        split
    }

    /// The bytes the split's lists hold.
    pub(crate) fn held_bytes(&self) -> usize {
        self.rare.capacity() * size_of::<Rare>()
            + (self.common_values.capacity() + self.rare_values.capacity()) * size_of::<u16>()
    }

    pub(crate) fn mask(&self) -> u16 {
        self.mask
    }

    /// How many positions ≥ 1 have a rare value.
    pub(crate) fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The positions ≥ 1 with a rare value, increasing.
    pub(crate) fn rare(&self) -> &[Rare] {
        &self.rare
    }

    /// The positions ≥ 1 with a rare value, increasing, with their values.
    pub(crate) fn rare_list(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        self.rare.iter().map(|r| (r.position(), r.value()))
    }

    /// The last position ≥ 1 with a rare value, if any.
    pub(crate) fn last_rare(&self) -> Option<usize> {
        self.rare.last().map(Rare::position)
    }

    #[inline]
    pub(crate) fn is_rare(&self, value: u16) -> bool {
        is_rare(self.mask, value)
    }

    /// The least common value that neither `marks` nor `also` holds, below the marks'
    /// bound (or the bound); `missing` gets the rare values below it that neither holds.
    #[inline(always)]
    pub(crate) fn candidate(
        &self,
        marks: &Marks,
        also: impl Fn(u16) -> bool,
        missing: &mut Vec<u16>,
    ) -> usize {
        self.candidate_after(marks, also, 0, missing)
    }

    /// [`Split::candidate`], passing over the first `skip` common values neither holds:
    /// the value it gives is the candidate if `skip` more are held.
    #[inline(always)]
    pub(crate) fn candidate_after(
        &self,
        marks: &Marks,
        also: impl Fn(u16) -> bool,
        skip: usize,
        missing: &mut Vec<u16>,
    ) -> usize {
        let bound = marks.bound();
        let held = |v: u16| marks.contains(v) || also(v);
        let candidate = self
            .common_values
            .iter()
            .copied()
            .take_while(|&v| usize::from(v) < bound)
            .filter(|&v| !held(v))
            .nth(skip)
            .map_or(bound, usize::from);
        missing.clear();
        let rare_below = self
            .rare_values
            .iter()
            .copied()
            .take_while(|&v| usize::from(v) < candidate);
        missing.extend(rare_below.filter(|&v| !held(v)));
        candidate
    }

    /// A value that the pairs (r, rest − r) of the rare positions r < rest read and that
    /// `view` does not keep, if any: every partner must be in the front or among the
    /// recent values.
    pub(crate) fn first_unkept(&self, view: &View, rest: usize) -> Option<usize> {
        // Partners in the gap front_len ≤ rest − r < base: rest − base < r ≤ rest − front_len.
        let (front, base) = (view.front_len(), view.base());
        if base <= front || rest <= front {
            return None;
        }
        let first = self.rare.partition_point(|r| r.position() + base <= rest);
        self.rare
            .get(first)
            .filter(|r| r.position() + front <= rest)
            .map(|r| rest - r.position())
    }

    /// Note g(`position`) = `value` (positions in increasing order).
    pub(crate) fn record(&mut self, position: usize, value: u16) {
        if position > 0 && self.is_rare(value) {
            self.rare.push(Rare::new(position, value));
        }
    }
}

/// The mask whose split leaves the fewest rare positions ≥ 1, from the count of each
/// value among them (`histogram[v]`, length a power of two): the Walsh–Hadamard
/// transform W(m) = Σ h(v)·(−1)^popcount(v & m) is (rare − common) for mask m.
/// Ties go to the smaller mask; with fewer than two values every mask is as good as 0.
pub(crate) fn best_mask(histogram: &[u64]) -> u16 {
    let mut transform: Vec<i64> = histogram.iter().map(|&h| h as i64).collect();
    let mut width = 1;
    while width < transform.len() {
        for block in transform.chunks_mut(2 * width) {
            let (low, high) = block.split_at_mut(width);
            for (x, y) in low.iter_mut().zip(high) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        width *= 2;
    }
    (1..transform.len())
        .min_by_key(|&m| (transform[m], m))
        .filter(|&m| transform[m] < transform[0])
        .unwrap_or(0) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_mask_minimizes_rare_positions() {
        // Values 1 and 2 common, 0 and 3 rare under mask 3; mask 1 leaves 0, 2 rare.
        let histogram = [1, 50, 40, 2];
        let mask = best_mask(&histogram);
        let rare = |m: u16| {
            (0..4u16)
                .filter(|v| (v & m).count_ones() % 2 == 0)
                .map(|v| histogram[v as usize])
                .sum::<u64>()
        };
        assert_eq!(mask, 3);
        assert!((1..4).all(|m| rare(mask) <= rare(m)));
        assert_eq!(best_mask(&[5]), 0);
        assert_eq!(best_mask(&[5, 0]), 0);
    }

    #[test]
    fn rare_pairs_of_equal_parts_are_left_out_when_parts_must_differ() {
        // Rest 6: the rare positions 1 and 5 pair with each other (7 ^ 9), and 3 with
        // itself (5 ^ 5 = 0), which Grundy's game does not allow.
        let table = [0u16, 7, 0, 5, 0, 9, 0];
        let rare = [Rare::new(1, 7), Rare::new(3, 5), Rare::new(5, 9)];
        for largest in [63u16, 200] {
            for unequal in [false, true] {
                let mut marks = Marks::new();
                marks.admit(largest);
                marks.clear();
                marks.mark_rare_pairs(&View::whole(&table), 6, &rare, unequal);
                assert!(marks.contains(7 ^ 9));
                assert_eq!(marks.contains(0), !unequal, "{largest} {unequal}");
                assert_eq!(marks.mex(), usize::from(!unequal));
            }
        }
    }

    #[test]
    fn marks_wrap_their_generation() {
        let mut marks = Marks::new();
        marks.admit(200);
        for round in 0..600u32 {
            marks.clear();
            assert_eq!(marks.mex(), 0, "round {round}");
            marks.mark(0);
            marks.mark(1);
            assert_eq!(marks.mex(), 2);
        }
    }
}
