//! One nim-sequence computed by several threads.
//!
//! The sparse method's work for heap n is (1) the pairs of the rare positions, about one
//! per rare position, which give the candidate c (the least common value no option
//! has), and (2) the proof: a scan of the pairs (a, n − k − a) from a = 1 on, usually a
//! few hundred to a few thousand pairs, until every rare value below c is seen. Then
//! g(n) = c; a rare value below c that no pair gives would be g(n) instead, but rare
//! values are rare: past the first few thousand heaps they hardly ever occur (0.161 has
//! its last one at heap 23,784 of 2^22, 0.034 at 374,473). The proof is about half the
//! work (0.161 to 2^22: 2.9 s with it, 1.6 s without), and it reads values up to n − 1.
//!
//! So the threads take each value to be its candidate and prove it later:
//!
//! - **Old work**, done in parallel, a task of [`BLOCK_HEAPS`] heaps at a time: for
//!   the heaps of a task in block b (the values are computed in blocks of
//!   [`BLOCK_VALUES`] heaps), the rare pairs (r, n − k − r) whose partners for every
//!   heap of the task are below K = B − [`BLOCK_VALUES`], B the block's first heap,
//!   marked in one pass ([`mark_far_pairs`]); those values are written one block
//!   before b starts.
//! - **New work**, done in order by one thread (the frontier): the options that remove
//!   tokens and the other rare pairs; with the old work's
//!   option values they give c, which the frontier writes as g(n) at once, leaving the
//!   rare values below c that no option has yet to be sought by the proof.
//! - **Proofs**, done in parallel once a task's values are written: the serial
//!   kernel's scan for the values left to seek. When one is not found, the candidate
//!   was wrong: g(n) is the least value not found (a rare one), and the step ends
//!   there. Every value after n was computed from the wrong one and is dropped; the
//!   solver's next step goes on from n + 1 with n among the rare positions.
//!
//! A value is kept only once it and every value before it is proved, so the values are
//! those of one thread, however the work is shared. Each proof reads only values
//! written before it is claimed, and the first failure ends the step before any value
//! after it is kept.
//!
//! Scaling: the frontier's work is the options removing tokens, the rare pairs of the
//! rare positions within about two blocks of the heap (for 0.161, 80 to 110 of its 488)
//! and the candidate, found with word operations on bits of the old and new work's
//! option values ([`Marks::bits_below`], [`FarPairs::bits`]); everything else (most
//! rare pairs, a task of 64 heaps in one pass, and every proof) is shared. With t
//! threads a block takes about max(new, (old + new + proofs) / t). On the 2-core
//! machine of the crate's README, two threads compute 0.161 and 0.034 to 2^24 1.65 to
//! 1.78 times as fast as one; the shared work is about a sixth more than one thread's
//! (0.161: 12.1 s of CPU against 10.6 s), and the frontier a fifth (0.161) to a
//! seventh (0.034) of it, which bounds the speed-up of any number of threads at about
//! 4 and 7.

use crate::kernel::{
    BLOCK_HEAPS, FarPairs, Marks, Rare, Split, VALUE_RANGE, View, mark_far_pairs,
    mark_takes_and_three_splits, seek_in_pairs, uncovered, with_avx2,
};
use crate::rules::Rules;
use std::cell::UnsafeCell;
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Heaps per block.
pub(crate) const BLOCK_VALUES: usize = 256;

/// The most heaps of one step: threads are started for each and wait for each other at
/// its end, so a step is long enough that this costs little (0.161 to 2^22, two
/// threads: 1.61 s in steps of 4096 heaps, 1.53 s in steps of 32,768), and short enough
/// for stop requests to be answered within a few tens of milliseconds.
pub(crate) const STEP_VALUES: usize = 8 * crate::STOP_CHECK_INTERVAL;

/// Heaps per task of old work: their far rare pairs are marked in one pass
/// ([`mark_far_pairs`]), each rare position's partners read once for all of them.
const OLD_TASK: Tasks = Tasks { heaps: BLOCK_HEAPS };

/// Heaps per proof task: a few microseconds' work, so that a thread that finishes early
/// soon finds another task, and one that waits for the last task of a block does not
/// wait long.
const PROOF_TASK: Tasks = Tasks { heaps: 8 };

/// Tasks of a kind: numbered block by block, `BLOCK_VALUES / heaps` to a block.
#[derive(Clone, Copy)]
struct Tasks {
    heaps: usize,
}

impl Tasks {
    fn per_block(self) -> usize {
        BLOCK_VALUES / self.heaps
    }

    fn block(self, task: usize) -> usize {
        task / self.per_block()
    }
}

/// Blocks whose old work may be in flight at once: the block being finished, the next
/// one, and the one after, which waits for the first.
const SLOTS: usize = 3;

/// Whether several threads may compute the values from heap n on, every value so far
/// below `bound`: rules without three-heap splits (whose values read every earlier
/// value); far enough from the start that the blocks' old work is most of the work;
/// [`QUIET`] heaps past the last rare position (a rare value ends a step and drops the
/// work done past it, a few blocks, so while they are frequent one thread is faster);
/// and values of more than 6 bits (below 64, one thread computes each value with a few
/// word operations, faster than threads can share the work: 0.167 to 2^22 took 0.9 s
/// with one thread and 1.3 s with two).
pub(crate) fn applies(rules: &Rules, split: &Split, n: usize, bound: usize) -> bool {
    rules.split_three.is_empty()
        && n >= 4 * BLOCK_VALUES
        && n >= split.last_rare().unwrap_or(0) + QUIET
        && bound > 64
}

/// Heaps without a rare value before threads start again.
const QUIET: usize = 16 * BLOCK_VALUES;

/// Why a step stopped short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// g(position) is 65536 or more.
    Overflow {
        /// The heap.
        position: usize,
    },
    /// g(position) needs g(needs), which the window no longer keeps.
    Unkept {
        /// The heap.
        position: usize,
        /// The value it needs.
        needs: usize,
    },
}

/// One step of computing values with several threads: the solver's state it reads.
pub(crate) struct Step<'a> {
    pub(crate) rules: &'a Rules,
    pub(crate) split: &'a Split,
    pub(crate) threads: usize,
    /// The values kept from the start, when a window let values go (else empty).
    pub(crate) front: &'a [u16],
    /// The position of the first value in the step's `values`.
    pub(crate) base: usize,
}

/// What the old work leaves for one heap: the option values it found, below the step's
/// cap, as bits (value v is bit v % 64 of word v / 64).
struct Old {
    bits: Vec<u64>,
}

/// The old work of one block, written by the threads that do its tasks (each heap by
/// one task) and read by the frontier once all its tasks are done.
struct Slot {
    old: Vec<UnsafeCell<Old>>,
    /// For each task: the rare positions whose pairs it marked (see
    /// [`FarPairs::covered`]).
    covered: Vec<UnsafeCell<Vec<Range<usize>>>>,
    /// Tasks of the block done.
    done: AtomicUsize,
}

// SAFETY: each `Old` (and each task's `covered`) is written by the one task that owns
// its heap, before that task increments `done` (Release), and read by the frontier only
// after it has seen `done`
// count every task of the block (Acquire); the slot is reused for a later block only
// after the frontier has finished with it (see `Shared::known`).
unsafe impl Sync for Slot {}

/// The proofs of one block: for each heap, the values its proof seeks (those of heap
/// `first + i` are `sought[offsets[i]..offsets[i + 1]]`), written by the frontier.
struct Proofs {
    sought: Vec<u16>,
    offsets: Vec<u32>,
    /// Proof tasks of the block done.
    done: AtomicUsize,
}

/// A value whose proof failed: where, and what happened instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Disproof {
    /// g(position) is `value`, a rare value that no option has, below the candidate.
    Value { position: usize, value: u16 },
    /// The proof of g(position) needs g(needs), which the window no longer keeps.
    Unkept { position: usize, needs: usize },
}

impl Disproof {
    fn position(&self) -> usize {
        match *self {
            Disproof::Value { position, .. } | Disproof::Unkept { position, .. } => position,
        }
    }
}

/// A word whose `count` lowest bits are set (every bit from 64 on).
fn low_bits(count: usize) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1 << count) - 1
    }
}

/// Wait a moment, the `waited`-th time in a row: spinning a little (the other threads
/// are usually microseconds away), then giving the processor to another thread (one
/// the thread waits for may need it on a busy machine).
fn pause(waited: &mut u32) {
    *waited += 1;
    if *waited < 64 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

/// A thread's work space for old work and proofs.
struct Scratch {
    marks: Marks,
    far: FarPairs,
    sought: Vec<u16>,
}

impl Scratch {
    /// Work space for values below `bound`.
    fn new(bound: usize) -> Scratch {
        let mut marks = Marks::new();
        marks.admit(bound.saturating_sub(1) as u16);
        Scratch {
            marks,
            far: FarPairs::new(),
            sought: Vec::new(),
        }
    }
}

/// What the threads of a step share.
struct Shared<'a> {
    step: &'a Step<'a>,
    /// The step's first heap.
    start: usize,
    /// One past its last heap.
    end: usize,
    /// The values g(base) …, with room up to `end`: those below `known` are written and
    /// only read; the frontier writes the others.
    values: *mut u16,
    /// Values written (an absolute count): every value below it is written, the
    /// candidates still unproved among them.
    known: AtomicUsize,
    /// The next task of old work to claim, numbered block by block.
    next_task: AtomicUsize,
    /// The next proof task to claim, numbered block by block.
    next_proof: AtomicUsize,
    /// The last block whose work is wanted (the frontier lowers it to stop early).
    last_block: AtomicUsize,
    /// Set by the frontier once it writes no more values: a proof task that holds
    /// unwritten heaps is then ready too (for its written ones).
    written_all: AtomicBool,
    /// Set by the frontier once it needs nothing more from the other threads.
    finished: AtomicBool,
    slots: Vec<Slot>,
    proofs: Vec<UnsafeCell<Proofs>>,
    /// The first failed proof, if any.
    disproof: Mutex<Option<Disproof>>,
    /// Whether a proof failed (a quick look before locking `disproof`).
    disproved: AtomicBool,
    /// Option values below this are in `Old::bits`: the bound of the values when the
    /// step began. Every value the threads read is below it.
    cap: usize,
    /// The rare values below the cap, as bits (as `Old::bits`).
    rare_bits: Vec<u64>,
}

// SAFETY: `values` is written only by the frontier, at positions ≥ `known`, and read by
// every thread only below the `known` it has loaded (Acquire, after the frontier's
// Release store), so no value is read while it is written. A block's `Proofs` is written
// by the frontier before it publishes the block's values (`known`, Release), and read
// only by proof tasks claimed after they loaded that `known` (Acquire).
unsafe impl Sync for Shared<'_> {}

impl Shared<'_> {
    fn blocks(&self) -> usize {
        (self.end - self.start).div_ceil(BLOCK_VALUES)
    }

    /// The first heap of block `block`.
    fn block_start(&self, block: usize) -> usize {
        self.start + block * BLOCK_VALUES
    }

    /// The heaps of block `block`.
    fn block_heaps(&self, block: usize) -> std::ops::Range<usize> {
        self.block_start(block)..(self.block_start(block) + BLOCK_VALUES).min(self.end)
    }

    /// The heaps of task `task` of a kind.
    fn task_heaps(&self, kind: Tasks, task: usize) -> Range<usize> {
        let heaps = self.block_heaps(kind.block(task));
        let first = heaps.start + (task % kind.per_block()) * kind.heaps;
        first..(first + kind.heaps).min(heaps.end)
    }

    /// The tasks of a kind of block `block`.
    fn tasks(&self, kind: Tasks, block: usize) -> usize {
        self.block_heaps(block).len().div_ceil(kind.heaps)
    }

    /// The values below this are written before block `block`'s old work starts.
    fn old_bound(&self, block: usize) -> usize {
        self.block_start(block)
            .saturating_sub(BLOCK_VALUES)
            .max(self.start)
    }

    /// The first `count` − base values, which must be written.
    fn values_below(&self, count: usize) -> &[u16] {
        // SAFETY: the caller has seen `known` ≥ count, so these values are initialized
        // and no longer written (see the `Sync` implementation).
        unsafe { std::slice::from_raw_parts(self.values, count - self.step.base) }
    }

    /// A view of the values below `count` (written).
    fn view_below(&self, count: usize) -> View<'_> {
        View::kept(self.step.front, self.values_below(count), self.step.base)
    }

    fn slot(&self, block: usize) -> &Slot {
        &self.slots[block % SLOTS]
    }

    /// Claim the next task of `counter` if its block is at most `through` and wanted
    /// and `ready` says its values are written. `Some(None)`: a number past a partial
    /// last block's tasks was claimed, to skip.
    fn claim(
        &self,
        kind: Tasks,
        counter: &AtomicUsize,
        through: usize,
        ready: impl Fn(usize) -> bool,
    ) -> Option<Option<usize>> {
        let task = counter.load(Ordering::Relaxed);
        let block = kind.block(task);
        let last = self.last_block.load(Ordering::Acquire);
        if block > through || block > last || block >= self.blocks() || !ready(task) {
            return None;
        }
        counter
            .compare_exchange(task, task + 1, Ordering::Relaxed, Ordering::Relaxed)
            .ok()?;
        Some((task % kind.per_block() < self.tasks(kind, block)).then_some(task))
    }

    /// Do a task of old work of a block up to `through` or a proof, if one is ready;
    /// false if none is.
    fn help(&self, through: usize, scratch: &mut Scratch) -> bool {
        let known = self.known.load(Ordering::Acquire);
        let old_ready = |task: usize| known >= self.old_bound(OLD_TASK.block(task));
        if let Some(task) = self.claim(OLD_TASK, &self.next_task, through, old_ready) {
            if let Some(task) = task {
                old_task(self, task, scratch);
            }
            return true;
        }
        let written_all = self.written_all.load(Ordering::Acquire);
        let proof_ready = |task: usize| {
            let heaps = self.task_heaps(PROOF_TASK, task);
            known >= heaps.end || (written_all && known > heaps.start)
        };
        if let Some(task) = self.claim(PROOF_TASK, &self.next_proof, usize::MAX, proof_ready) {
            if let Some(task) = task {
                prove_task(self, task, scratch);
            }
            return true;
        }
        false
    }

    /// Do task `task` of old work (its block's values below the old bound are
    /// written): for each heap, the rare pairs whose partner is below that bound.
    #[inline(always)]
    fn old_work(&self, task: usize, scratch: &mut Scratch) {
        let block = OLD_TASK.block(task);
        let block_start = self.block_start(block);
        let view = self.view_below(self.old_bound(block));
        let slot = self.slot(block);
        let heaps = self.task_heaps(OLD_TASK, task);
        let far = &mut scratch.far;
        let (rules, split) = (self.step.rules, self.step.split);
        mark_far_pairs(rules, &view, split, heaps.start, heaps.len(), self.cap, far);
        // SAFETY: this task alone owns its `covered` and its heaps' `Old` (see `Slot`).
        let covered = unsafe { &mut *slot.covered[task % OLD_TASK.per_block()].get() };
        covered.clear();
        covered.extend_from_slice(far.covered());
        for n in heaps {
            let old = unsafe { &mut *slot.old[n - block_start].get() };
            far.bits(n, &mut old.bits);
        }
        slot.done.fetch_add(1, Ordering::Release);
    }

    /// Prove the candidates of the heaps of proof task `task` (all written): seek the
    /// values each left to seek among its pairs, as the one-thread kernel does.
    #[inline(always)]
    fn prove(&self, task: usize, scratch: &mut Scratch) {
        let block = PROOF_TASK.block(task);
        let block_start = self.block_start(block);
        // SAFETY: the block's values are written, so the frontier has finished writing
        // its `Proofs` (see the `Sync` implementation).
        let proofs = unsafe { &*self.proofs[block].get() };
        let Scratch { marks, sought, .. } = scratch;
        let written = self.known.load(Ordering::Acquire);
        let heaps = self.task_heaps(PROOF_TASK, task);
        for n in heaps.start..heaps.end.min(written) {
            let i = n - block_start;
            let (from, to) = (proofs.offsets[i] as usize, proofs.offsets[i + 1] as usize);
            if from == to || self.disproved_before(n) {
                continue;
            }
            sought.clear();
            sought.extend_from_slice(&proofs.sought[from..to]);
            marks.clear();
            if let Some(needs) = seek_in_pairs(self.step.rules, &self.view_below(n), sought, marks)
            {
                self.disprove(Disproof::Unkept { position: n, needs });
            } else if let Some(&value) = sought.iter().min() {
                self.disprove(Disproof::Value { position: n, value });
            }
        }
        // Release: the frontier's final look at `disproof` follows its Acquire of
        // `done`.
        proofs.done.fetch_add(1, Ordering::Release);
    }

    /// Whether a proof failed before heap n (whose own proof is then moot).
    fn disproved_before(&self, n: usize) -> bool {
        self.disproved.load(Ordering::Acquire)
            && self.first_disproof().is_some_and(|d| d.position() < n)
    }

    fn first_disproof(&self) -> Option<Disproof> {
        *self.disproof.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Note a failed proof; the first one counts.
    fn disprove(&self, disproof: Disproof) {
        let mut first = self.disproof.lock().unwrap_or_else(|e| e.into_inner());
        if first.is_none_or(|d| disproof.position() < d.position()) {
            *first = Some(disproof);
        }
        self.disproved.store(true, Ordering::Release);
    }

    /// A helper thread: old work and proofs, task after task, each once its values are
    /// written, until the frontier has finished.
    fn helper(&self, scratch: &mut Scratch) {
        let mut waited = 0;
        while !self.finished.load(Ordering::Acquire) {
            if self.help(usize::MAX, scratch) {
                waited = 0;
            } else {
                pause(&mut waited);
            }
        }
    }

    /// The frontier: each block's new work once its old work is done, doing other work
    /// while it waits; then the proofs left. What the step ends with: the values
    /// written and proved, and the failure if one ended it.
    fn frontier(&self, marks: &mut Marks) -> (usize, Result<(), Failure>) {
        let mut scratch = Scratch::new(marks.bound());
        let mut sought = Vec::new();
        let mut fresh: Vec<Rare> = Vec::new();
        let mut failure = None;
        for block in 0..self.blocks() {
            if self.disproved.load(Ordering::Acquire) {
                self.last_block
                    .store(block.saturating_sub(1), Ordering::Release);
                break;
            }
            let slot = self.slot(block);
            let tasks = self.tasks(OLD_TASK, block);
            let mut waited = 0;
            while slot.done.load(Ordering::Acquire) < tasks {
                if !self.help(block + 1, &mut scratch) {
                    pause(&mut waited);
                }
            }
            let outcome = new_block(self, block, marks, &mut fresh, &mut sought);
            slot.done.store(0, Ordering::Relaxed);
            let written = match outcome {
                Err(Failure::Overflow { position } | Failure::Unkept { position, .. }) => position,
                Ok(Some(last)) => last + 1,
                Ok(None) => self.block_heaps(block).end,
            };
            self.known.store(written, Ordering::Release);
            match outcome {
                Ok(None) => {}
                Ok(Some(_)) => {
                    self.last_block.store(block, Ordering::Release);
                    break;
                }
                Err(e) => {
                    self.last_block.store(block, Ordering::Release);
                    failure = Some(e);
                    break;
                }
            }
        }
        // Every written value must be proved before it is kept.
        self.written_all.store(true, Ordering::Release);
        let written = self.known.load(Ordering::Acquire);
        for block in 0..self.blocks() {
            if self.block_start(block) >= written {
                break;
            }
            let tasks = self.block_heaps(block).start..written.min(self.block_heaps(block).end);
            let tasks = tasks.len().div_ceil(PROOF_TASK.heaps);
            // SAFETY: the frontier wrote this block's proofs itself; `done` is atomic.
            let done = unsafe { &(*self.proofs[block].get()).done };
            let mut waited = 0;
            while done.load(Ordering::Acquire) < tasks {
                if !self.help(usize::MAX, &mut scratch) {
                    pause(&mut waited);
                }
            }
        }
        self.finished.store(true, Ordering::Release);
        match self.first_disproof() {
            Some(Disproof::Value { position, value }) => {
                // SAFETY: position < known; no other thread reads values any more.
                unsafe { self.values.add(position - self.step.base).write(value) };
                (position + 1, Ok(()))
            }
            Some(Disproof::Unkept { position, needs }) => {
                (position, Err(Failure::Unkept { position, needs }))
            }
            None => (written, failure.map_or(Ok(()), Err)),
        }
    }

    /// The candidate of a heap whose option values below the cap are `options` (the
    /// new work's) and `old` (the old work's): the least common value below the cap that
    /// neither holds, or the cap; `sought` gets the rare values below it that neither
    /// holds. `options` becomes the union.
    #[inline(always)]
    fn candidate(&self, options: &mut [u64], old: &[u64], sought: &mut Vec<u16>) -> usize {
        let below_cap = |word: usize| low_bits(self.cap - word * 64);
        let mut candidate = self.cap;
        for (word, (held, &old)) in options.iter_mut().zip(old).enumerate() {
            *held |= old;
            let free = !*held & !self.rare_bits[word] & below_cap(word);
            if free != 0 {
                candidate = word * 64 + free.trailing_zeros() as usize;
                break;
            }
        }
        sought.clear();
        for (word, (&held, &rare)) in options.iter().zip(&self.rare_bits).enumerate() {
            let first = word * 64;
            if first >= candidate {
                break;
            }
            let mut missing = rare & !held & low_bits(candidate - first);
            while missing != 0 {
                sought.push((first + missing.trailing_zeros() as usize) as u16);
                missing &= missing - 1;
            }
        }
        candidate
    }

    /// The new work of block `block`, heap after heap: each value is its candidate, and
    /// the values its proof must seek are left in the block's `Proofs`. `Some(n)` if g(n)
    /// reached the cap, so that later values' work would need more marks (the step ends
    /// there).
    #[inline(always)]
    fn new_work(
        &self,
        block: usize,
        marks: &mut Marks,
        fresh: &mut Vec<Rare>,
        sought: &mut Vec<u16>,
    ) -> Result<Option<usize>, Failure> {
        let (rules, split) = (self.step.rules, self.step.split);
        let options = &mut vec![0u64; self.rare_bits.len()][..];
        let heaps = self.block_heaps(block);
        let slot = self.slot(block);
        // SAFETY: no proof task of this block is claimed before its values are
        // published (see the `Sync` implementation).
        let proofs = unsafe { &mut *self.proofs[block].get() };
        proofs.sought.clear();
        proofs.offsets.clear();
        proofs.offsets.push(0);
        let mut covered: &[Range<usize>] = &[];
        for n in heaps.clone() {
            // SAFETY: the block's tasks are all done (see `Slot`).
            let old = unsafe { &*slot.old[n - heaps.start].get() };
            let view = self.view_below(n);
            for &k in rules.split_two.iter().take_while(|&&k| k + 2 <= n) {
                if let Some(needs) = split.first_unkept(&view, n - k) {
                    return Err(Failure::Unkept { position: n, needs });
                }
            }
            marks.clear();
            mark_takes_and_three_splits(rules, &view, marks);
            if (n - heaps.start) % OLD_TASK.heaps == 0 {
                // SAFETY: the block's tasks are all done (see `Slot`).
                covered = unsafe { &*slot.covered[(n - heaps.start) / OLD_TASK.heaps].get() };
            }
            let rare = split.rare();
            for (&k, covered) in rules.split_two.iter().zip(covered) {
                if k + 2 > n {
                    break;
                }
                let rest = n - k;
                let [before, after] = uncovered(rare, covered);
                for part in [before, after, fresh].into_iter().filter(|p| !p.is_empty()) {
                    marks.mark_rare_pairs(&view, rest, part, rules.unequal_parts);
                }
            }
            marks.bits_below(options);
            let mut value = self.candidate(options, &old.bits, sought);
            if value >= VALUE_RANGE {
                // Too large, unless a rare value below it is g(n): prove it here.
                marks.clear();
                if let Some(needs) = seek_in_pairs(rules, &view, sought, marks) {
                    return Err(Failure::Unkept { position: n, needs });
                }
                value = sought.iter().min().map_or(value, |&v| usize::from(v));
                if value >= VALUE_RANGE {
                    return Err(Failure::Overflow { position: n });
                }
                sought.clear();
            }
            proofs.sought.extend_from_slice(sought);
            proofs.offsets.push(proofs.sought.len() as u32);
            let value = value as u16;
            // SAFETY: n ≥ known, so no thread reads g(n) yet; the step reserved room
            // up to `end` > n.
            unsafe { self.values.add(n - self.step.base).write(value) };
            marks.admit(value);
            if split.is_rare(value) {
                fresh.push(Rare::new(n, value));
            }
            if usize::from(value) >= self.cap {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }
}

with_avx2! {
    /// [`Shared::old_work`], compiled for AVX2 when the processor has it.
    fn old_task(shared: &Shared<'_>, task: usize, scratch: &mut Scratch) -> () {
        shared.old_work(task, scratch)
    }
}

with_avx2! {
    /// [`Shared::prove`], compiled for AVX2 when the processor has it.
    fn prove_task(shared: &Shared<'_>, task: usize, scratch: &mut Scratch) -> () {
        shared.prove(task, scratch)
    }
}

with_avx2! {
    /// [`Shared::new_work`], compiled for AVX2 when the processor has it.
    fn new_block(
        shared: &Shared<'_>,
        block: usize,
        marks: &mut Marks,
        fresh: &mut Vec<Rare>,
        sought: &mut Vec<u16>
    ) -> Result<Option<usize>, Failure> {
        shared.new_work(block, marks, fresh, sought)
    }
}

impl Step<'_> {
    /// Compute g(n) for n from base + values.len() up to `end` (or until a value reaches
    /// the bound of the values so far, a proof fails, or a failure), appending them to
    /// `values`; `marks` is the frontier's, admitting every value so far.
    pub(crate) fn run(
        &self,
        values: &mut Vec<u16>,
        end: usize,
        marks: &mut Marks,
    ) -> Result<(), Failure> {
        let start = self.base + values.len();
        if end <= start {
            return Ok(());
        }
        values.reserve_exact(end - self.base - values.len());
        let cap = marks.bound();
        let slots = (0..SLOTS)
            .map(|_| Slot {
                old: (0..BLOCK_VALUES)
                    .map(|_| {
                        UnsafeCell::new(Old {
                            bits: vec![0; cap.div_ceil(64)],
                        })
                    })
                    .collect(),
                covered: (0..OLD_TASK.per_block())
                    .map(|_| UnsafeCell::new(Vec::new()))
                    .collect(),
                done: AtomicUsize::new(0),
            })
            .collect();
        let blocks = (end - start).div_ceil(BLOCK_VALUES);
        let proofs = (0..blocks)
            .map(|_| {
                UnsafeCell::new(Proofs {
                    sought: Vec::new(),
                    offsets: Vec::with_capacity(BLOCK_VALUES + 1),
                    done: AtomicUsize::new(0),
                })
            })
            .collect();
        let shared = Shared {
            step: self,
            start,
            end,
            values: values.as_mut_ptr(),
            known: AtomicUsize::new(start),
            next_task: AtomicUsize::new(0),
            next_proof: AtomicUsize::new(0),
            last_block: AtomicUsize::new(usize::MAX),
            written_all: AtomicBool::new(false),
            finished: AtomicBool::new(false),
            slots,
            proofs,
            disproof: Mutex::new(None),
            disproved: AtomicBool::new(false),
            cap,
            rare_bits: (0..cap.div_ceil(64))
                .map(|word| {
                    (0..64)
                        .filter(|&j| self.split.is_rare((word * 64 + j) as u16))
                        .fold(0, |bits, j| bits | 1 << j)
                })
                .collect(),
        };
        let (kept, outcome) = std::thread::scope(|scope| {
            for _ in 1..self.threads {
                let shared = &shared;
                let bound = marks.bound();
                scope.spawn(move || shared.helper(&mut Scratch::new(bound)));
            }
            shared.frontier(marks)
        });
        // SAFETY: the values below `kept` are written (by the frontier, which has
        // ended), within the capacity reserved above.
        unsafe { values.set_len(kept - self.base) };
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Method, Solver};

    /// Compute g(1024), …, g(len − 1) of `rules` in steps of `threads` threads from the
    /// values of one thread before them, starting a step wherever the last one ended
    /// (the solver waits until rare values are far behind, see [`applies`]), and check
    /// every value against one thread's (where the solver would use the sparse method);
    /// how many rare values came on the way, each of which ended a step.
    fn steps_agree(rules: &Rules, len: usize, threads: usize) -> usize {
        let mut one = Solver::with_method(rules.clone(), Method::Sparse);
        let serial = one.advance(len).unwrap().to_vec();
        let Some(mask) = one.summary().mask else {
            return 0;
        };
        let mut values = serial[..4 * BLOCK_VALUES].to_vec();
        let mut split = Split::new(mask, &values);
        let mut marks = Marks::new();
        values.iter().for_each(|&v| marks.admit(v));
        let mut rare = 0;
        while values.len() < len {
            let start = values.len();
            if split.rare_count() * 8 >= start {
                // The solver would not use the sparse method here.
                values.push(serial[start]);
                marks.admit(serial[start]);
                split.record(start, serial[start]);
                continue;
            }
            let step = Step {
                rules,
                split: &split,
                threads,
                front: &[],
                base: 0,
            };
            step.run(&mut values, (start + 4096).min(len), &mut marks)
                .unwrap();
            assert!(values.len() > start, "{rules}: a step computes a value");
            assert_eq!(values, serial[..values.len()], "{rules}, {threads} threads");
            for (n, &value) in values.iter().enumerate().skip(start) {
                marks.admit(value);
                split.record(n, value);
                rare += usize::from(split.is_rare(value));
            }
        }
        rare
    }

    /// A step that meets a wrong candidate ends there with its true value.
    #[test]
    fn a_wrong_candidate_ends_the_step_with_its_true_value() {
        for (code, len) in [("0.161", 8_000), ("0.034", 16_000)] {
            let rules = Rules::octal(code).unwrap();
            for threads in [2, 3] {
                let rare = steps_agree(&rules, len, threads);
                assert!(rare > 0, "{code}: no rare value came after heap 1,024");
            }
        }
    }

    /// The same on every octal code of up to three digits (and 4.xyz, and Grundy's
    /// game), with 2, 3, 4 and 7 threads: a measurement of a few minutes, run by hand
    /// (`cargo test --release -p nimlab-octal -- --ignored`).
    #[test]
    #[ignore = "minutes of work; the test above and the solver's proptests sample it"]
    fn steps_give_the_values_of_one_thread_on_every_short_code() {
        let codes = (0..512).flat_map(|digits: u32| {
            let text = format!("{}{}{}", digits / 64, digits / 8 % 8, digits % 8);
            ["0.", "4."].map(|lead| Rules::octal(&format!("{lead}{text}")))
        });
        let (mut checked, mut rare) = (0, 0);
        for rules in codes.filter_map(Result::ok).chain([Rules::grundys_game()]) {
            if rules.split_two.is_empty() {
                continue;
            }
            for threads in [2, 3, 4, 7] {
                rare += steps_agree(&rules, 8000, threads);
            }
            checked += 1;
        }
        assert!(
            checked > 700 && rare > 0,
            "{checked} codes, {rare} rare values"
        );
    }
}
