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
//! Three-heap splits (hexadecimal bit 8) are always marked exhaustively, by both
//! kernels: the parity argument does not cover them (common ^ common ^ common is
//! common), so they cost O(n²) pairs per heap. d0 = 4 and Grundy's game are two-heap
//! splits removing nothing, which both kernels treat like any other removal.

use crate::code::Rules;

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
            self.stamp.fill(0);
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

    /// Mark every i whose bit is set in `bits`.
    #[inline(always)]
    fn mark_bits(&mut self, mut bits: u64) {
        while bits != 0 {
            self.mark(bits.trailing_zeros() as u16);
            bits &= bits - 1;
        }
    }

    /// The least value not in the set; at most [`Marks::bound`].
    pub(crate) fn mex(&self) -> usize {
        (0..self.bound)
            .find(|&v| self.stamp[v] != self.generation)
            .unwrap_or(self.bound)
    }

    /// Mark g(a) ^ g(rest − a) ^ `xor` for a in `first..=last` (all indices < table.len()).
    #[inline(always)]
    fn mark_pairs(&mut self, table: &[u16], rest: usize, first: usize, last: usize, xor: u16) {
        if first > last {
            return;
        }
        self.examined += (last - first + 1) as u64;
        let left = &table[first..=last];
        let right = &table[rest - last..=rest - first];
        if self.narrow {
            self.mark_bits(pair_bits(table, rest, first, last, xor));
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
    /// when the parts must differ.
    #[inline(always)]
    fn mark_rare_pairs(
        &mut self,
        table: &[u16],
        rest: usize,
        rare: &[(usize, u16)],
        unequal: bool,
    ) {
        let rare = &rare[..rare.partition_point(|&(r, _)| r < rest)];
        self.examined += rare.len() as u64;
        // With parts that must differ, the rare position rest / 2 (if it is one) makes
        // no move: the pairs before it and after it are marked, each without a test.
        let (before, after) = if unequal && rest % 2 == 0 {
            let half = rare.partition_point(|&(r, _)| 2 * r < rest);
            let skip = usize::from(rare.get(half).is_some_and(|&(r, _)| 2 * r == rest));
            (&rare[..half], &rare[half + skip..])
        } else {
            (rare, &rare[rare.len()..])
        };
        if self.narrow {
            let bits = |rare: &[(usize, u16)]| {
                rare.iter().fold(0u64, |acc, &(r, value)| {
                    acc | 1u64 << ((value ^ table[rest - r]) & 63)
                })
            };
            self.mark_bits(bits(before) | bits(after));
        } else {
            // Locals, so the loop does not reload them after each store.
            let generation = self.generation;
            let stamp = &mut *self.stamp;
            let partners = &table[..rest];
            for part in [before, after] {
                for &(r, value) in part {
                    debug_assert!(0 < r && r < rest);
                    // SAFETY: rare positions are ≥ 1 and these are < rest ≤ table.len(),
                    // so rest − r is within partners.
                    let partner = unsafe { *partners.get_unchecked(rest - r) };
                    stamp[usize::from(value ^ partner)] = generation;
                }
            }
        }
    }
}

/// Defines `pub(crate) fn $name`, which runs `$body` compiled for AVX2 when the
/// processor has it (std caches the check) and for the baseline otherwise.
macro_rules! with_avx2 {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty $body:block) => {
        $(#[$doc])*
        pub(crate) fn $name($($arg: $ty),*) -> $ret {
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

/// The last first part a of a two-heap split of `rest` (a ≤ rest − a, and a < rest − a
/// when the parts must differ).
#[inline(always)]
pub(crate) fn last_first_part(rest: usize, unequal: bool) -> usize {
    if unequal { (rest - 1) / 2 } else { rest / 2 }
}

/// Mark the options that leave no heap or one heap, and every three-heap split.
#[inline(always)]
fn mark_takes_and_three_splits(rules: &Rules, table: &[u16], marks: &mut Marks) {
    let n = table.len();
    if rules.take_all.contains(&n) {
        marks.mark(0);
    }
    for &k in rules.take_some.iter().take_while(|&&k| k < n) {
        marks.mark(table[n - k]);
    }
    for &k in rules.split_three.iter().take_while(|&&k| k + 3 <= n) {
        let rest = n - k;
        for a in 1..=rest / 3 {
            marks.mark_pairs(table, rest - a, a, (rest - a) / 2, table[a]);
        }
    }
}

/// Remove from `missing` (values not in `marks`) every value g(a) ^ g(rest − a) for a
/// in 1..=last, block by block; true as soon as none is left.
#[inline(always)]
fn find_in_pairs(
    table: &[u16],
    rest: usize,
    last: usize,
    missing: &mut Vec<u16>,
    marks: &mut Marks,
) -> bool {
    let mut buffer = [0u16; BLOCK];
    let mut a = 1;
    while a <= last {
        if missing.len() > FEW {
            // Many values sought: mark pairs (one store each), a block for every FEW
            // values sought, then look the values up.
            let end = (a + BLOCK * (missing.len() / FEW) - 1).min(last);
            marks.mark_pairs(table, rest, a, end, 0);
            missing.retain(|&m| !marks.contains(m));
            a = end + 1;
        } else {
            let end = (a + BLOCK - 1).min(last);
            marks.examined += (end - a + 1) as u64;
            let (left, right) = (&table[a..=end], &table[rest - end..=rest - a]);
            // Few: compare the block's values with each, many pairs an instruction.
            let block = pair_values(left, right, 0, &mut buffer);
            missing.retain(|&m| !block.iter().fold(false, |hit, &v| hit | (v == m)));
            a = end + 1;
        }
        if missing.is_empty() {
            return true;
        }
    }
    false
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
fn bit(value: u16) -> u64 {
    1u64 << (value & 63)
}

/// The values g(a) ^ g(rest − a) ^ `xor` for a in `first..=last`, as bits of one word
/// (every value below 64); a vectorized shift and OR per pair.
#[inline(always)]
fn pair_bits(table: &[u16], rest: usize, first: usize, last: usize, xor: u16) -> u64 {
    if first > last {
        return 0;
    }
    let left = &table[first..=last];
    let right = &table[rest - last..=rest - first];
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
fn seen_in_pairs(table: &[u16], rest: usize, last: usize, wanted: u64) -> (u64, usize) {
    let mut seen = 0;
    let mut a = 1;
    while a <= last && seen & wanted != wanted {
        let end = (a + BLOCK - 1).min(last);
        seen |= pair_bits(table, rest, a, end, 0);
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
    table: &[u16],
    split: &Split,
    bound: usize,
    examined: &mut u64,
) -> usize {
    let n = table.len();
    let mut options = 0u64;
    if rules.take_all.contains(&n) {
        options |= bit(0);
    }
    for &k in rules.take_some.iter().take_while(|&&k| k < n) {
        options |= bit(table[n - k]);
    }
    for &k in rules.split_three.iter().take_while(|&&k| k + 3 <= n) {
        let rest = n - k;
        for a in 1..=rest / 3 {
            *examined += ((rest - a) / 2 + 1 - a) as u64;
            options |= pair_bits(table, rest - a, a, (rest - a) / 2, table[a]);
        }
    }
    for &k in rules.split_two.iter().take_while(|&&k| k + 2 <= n) {
        let rest = n - k;
        let rare = &split.rare[..split.rare.partition_point(|&(r, _)| r < rest)];
        *examined += rare.len() as u64;
        for &(r, value) in rare {
            debug_assert!(0 < r && r < rest && rest <= table.len());
            // SAFETY: rare positions are ≥ 1 and these are < rest ≤ table.len(), so
            // rest − r is within the table. (Unchecked, the loop keeps the table's
            // length out of its registers.)
            let partner = unsafe { *table.get_unchecked(rest - r) };
            if !(rules.unequal_parts && 2 * r == rest) {
                options |= bit(value ^ partner);
            }
        }
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
        let (seen, scanned) = seen_in_pairs(
            table,
            rest,
            last_first_part(rest, rules.unequal_parts),
            wanted,
        );
        wanted &= !seen;
        *examined += scanned as u64;
    }
    match wanted {
        0 => candidate,
        bits => bits.trailing_zeros() as usize,
    }
}

with_avx2! {
    /// g(n) by marking every option (n = table.len()); may be [`Marks::bound`] or more,
    /// which the caller rejects if it does not fit a u16.
    fn naive_value(rules: &Rules, table: &[u16], marks: &mut Marks) -> usize {
        marks.clear();
        mark_takes_and_three_splits(rules, table, marks);
        let n = table.len();
        for &k in rules.split_two.iter().take_while(|&&k| k + 2 <= n) {
            let rest = n - k;
            marks.mark_pairs(table, rest, 1, last_first_part(rest, rules.unequal_parts), 0);
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
    fn sparse_value(rules: &Rules, table: &[u16], split: &Split, marks: &mut Marks) -> usize {
        if marks.narrow {
            let bound = marks.bound();
            return sparse_value_narrow(rules, table, split, bound, &mut marks.examined);
        }
        marks.clear();
        mark_takes_and_three_splits(rules, table, marks);
        let n = table.len();
        let splits = || rules.split_two.iter().take_while(move |&&k| k + 2 <= n);
        for &k in splits() {
            marks.mark_rare_pairs(table, n - k, &split.rare, rules.unequal_parts);
        }
        let bound = marks.bound();
        let candidate = split
            .common_values
            .iter()
            .map(|&v| usize::from(v))
            .take_while(|&v| v < bound)
            .find(|&v| !marks.contains(v as u16))
            .unwrap_or(bound);
        let mut missing = std::mem::take(&mut marks.missing);
        missing.clear();
        let rare_below = split.rare_values.iter().take_while(|&&v| usize::from(v) < candidate);
        missing.extend(rare_below.filter(|&&v| !marks.contains(v)));
        // A plain loop: an iterator adapter here would be compiled without AVX2.
        let mut found_all = missing.is_empty();
        for &k in &rules.split_two {
            if found_all || k + 2 > n {
                break;
            }
            let rest = n - k;
            let last = last_first_part(rest, rules.unequal_parts);
            found_all = find_in_pairs(table, rest, last, &mut missing, marks);
        }
        let value = if found_all {
            candidate
        } else {
            usize::from(*missing.iter().min().expect("a value is missing"))
        };
        marks.missing = missing;
        value
    }
}

/// A rare/common split of the values: v is rare iff popcount(v & mask) is even. Rare
/// XOR rare and common XOR common are rare; rare XOR common is common.
#[derive(Clone, Debug)]
pub(crate) struct Split {
    mask: u16,
    /// Positions r ≥ 1 whose value is rare, increasing, with that value.
    rare: Vec<(usize, u16)>,
    /// Every common value, then every rare value, each in increasing order.
    common_values: Vec<u16>,
    rare_values: Vec<u16>,
    /// The common values below 64, and the rare ones, as bits.
    common_bits: u64,
    rare_bits: u64,
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
        self.rare.capacity() * size_of::<(usize, u16)>()
            + (self.common_values.capacity() + self.rare_values.capacity()) * size_of::<u16>()
    }

    pub(crate) fn mask(&self) -> u16 {
        self.mask
    }

    /// How many positions ≥ 1 have a rare value.
    pub(crate) fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The last position ≥ 1 with a rare value, if any.
    pub(crate) fn last_rare(&self) -> Option<usize> {
        self.rare.last().map(|&(r, _)| r)
    }

    #[inline]
    pub(crate) fn is_rare(&self, value: u16) -> bool {
        is_rare(self.mask, value)
    }

    /// Note g(`position`) = `value` (positions in increasing order).
    pub(crate) fn record(&mut self, position: usize, value: u16) {
        if position > 0 && self.is_rare(value) {
            self.rare.push((position, value));
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
        let rare = [(1usize, 7u16), (3, 5), (5, 9)];
        for largest in [63u16, 200] {
            for unequal in [false, true] {
                let mut marks = Marks::new();
                marks.admit(largest);
                marks.clear();
                marks.mark_rare_pairs(&table, 6, &rare, unequal);
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
