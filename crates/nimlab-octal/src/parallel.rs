//! One nim-sequence computed by several threads.
//!
//! The sparse method's work for heap n is (1) the pairs of the rare positions, about one
//! per rare position, and (2) the proof scan of the pairs (a, n − k − a) from a = 1 on,
//! usually a few hundred to a few thousand pairs. Most of both read values far behind
//! n. The values are computed in blocks of [`BLOCK_VALUES`] heaps; for block b, which
//! starts at heap B, every value below K = B − [`BLOCK_VALUES`] is known one block
//! before b starts. So the work of block b splits in two:
//!
//! - **Old work**, done in parallel by every thread, a task of [`TASK_VALUES`] heaps at
//!   a time, while the block before b is being finished: for each heap n of the block,
//!   the pairs whose parts are both below K. These are the rare pairs (r, n − k − r) with
//!   n − k − r < K, and a proof scan of the pairs (a, n − k − a) from a = n − k − K + 1
//!   on. That scan seeks the rare values below the candidate the old rare pairs alone
//!   give (with more than [`MARGIN_FROM`] threads, those below the next common value
//!   too), and stops once it has seen them all,
//!   after [`GIVE_UP`] pairs in a row that found none, or after [`SCAN_LIMIT`] pairs. It
//!   marks the value of every pair it reads, and leaves for each heap the option values
//!   it found (a copy of its marks below the values' bound) and how far its scan went.
//! - **New work**, done by one thread (the frontier), heap after heap: the pairs that
//!   read values at or above K (the rare positions r ≤ n − k − K, and those found since
//!   the step began), and the options that remove tokens. With the old work's options,
//!   they give the candidate c (the least common value that no option has); the rare
//!   values below c that no option has yet are then sought in the pairs no scan has
//!   read: a below n − k − K + 1, and a past the old scan's end.
//!
//! Both parts together examine every option the single-threaded kernel does, so the
//! value is the same; the old scan's guess of the candidate only decides how much of
//! the proof is done in parallel. The frontier helps with the old work of the next
//! block when it has finished a block and waits for the old work of the one it needs.
//!
//! Scaling: the old work is about (rare positions + proof pairs − those of the new
//! work) per heap, the new work about the rare positions below 2·[`BLOCK_VALUES`] plus
//! the options removing tokens, the candidate and the bookkeeping. With t threads a
//! block takes about max(new, (old + new) / t); the speed-up stops growing once t
//! reaches (old + new) / new. The proof pairs the old scan reads past what a
//! single-threaded proof would need are extra work, which the single-threaded kernel
//! does not do: so one thread never takes this path. Measured on 0.161 to 2^20 (the
//! crate's README has the figures): one thread runs 7.46 G instructions; with two, the
//! old work is 7.76 G and the new work 2.60 G, so two threads give at most 1.44× and any
//! number at most 2.9×. The new work's share is the rare positions and proof pairs
//! within about two blocks of each heap, so smaller blocks lower it and raise the old
//! work (blocks of 64: 9.54 G and 1.95 G).

use crate::kernel::{
    Marks, Rare, Split, VALUE_RANGE, View, find_in_pairs, last_first_part, with_avx2,
};
use crate::rules::Rules;
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Heaps per block.
pub(crate) const BLOCK_VALUES: usize = 256;

/// Heaps per task of old work: a few microseconds' work, so that a thread that finishes
/// a block early soon finds another task, and one that waits for the last task of a
/// block does not wait long.
const TASK_VALUES: usize = 8;

/// Tasks in a whole block.
const TASKS_PER_BLOCK: usize = BLOCK_VALUES / TASK_VALUES;

/// The most pairs one old proof scan reads; the frontier reads on where it stops.
const SCAN_LIMIT: usize = 1 << 16;

/// With more threads than this, the old scan seeks the rare values below the common
/// value that follows its candidate too: the new work's pairs often hold the candidate,
/// and the proof then needs those values. That moves work off the frontier, which many
/// threads wait for, at the cost of more work in all, which few threads feel more.
const MARGIN_FROM: usize = 2;

/// An old proof scan stops after this many pairs in a row that found no value sought.
const GIVE_UP: usize = 512;

/// Blocks whose old work may be in flight at once: the block being finished, the next
/// one, and the one after, which waits for the first.
const SLOTS: usize = 3;

/// Whether several threads may compute the values from heap n on: rules without
/// three-heap splits (whose values read every earlier value), far enough from the start
/// that the blocks' old work is most of the work.
pub(crate) fn applies(rules: &Rules, n: usize) -> bool {
    rules.split_three.is_empty() && n >= 4 * BLOCK_VALUES
}

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

/// What the old work leaves for one heap.
struct Old {
    /// The option values found, below the step's cap: v was found iff
    /// `stamps[v] == generation`.
    stamps: Vec<u8>,
    generation: u8,
    /// For each two-heap split: the first a from which no old scan read the pairs.
    scanned_to: Vec<usize>,
}

impl Old {
    /// Whether the old work found option value v.
    #[inline(always)]
    fn found(&self, v: u16) -> bool {
        self.stamps
            .get(usize::from(v))
            .is_some_and(|&stamp| stamp == self.generation)
    }
}

/// The old work of one block, written by the threads that do its tasks (each heap by
/// one task) and read by the frontier once all its tasks are done.
struct Slot {
    old: Vec<UnsafeCell<Old>>,
    /// Tasks of the block done.
    done: AtomicUsize,
}

// SAFETY: each `Old` is written by the one task that owns its heap, before that task
// increments `done` (Release), and read by the frontier only after it has seen `done`
// count every task of the block (Acquire); the slot is reused for a later block only
// after the frontier has finished with it (see `Shared::known`).
unsafe impl Sync for Slot {}

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

/// A thread's work space for old work.
struct Scratch {
    marks: Marks,
    missing: Vec<u16>,
}

impl Scratch {
    /// Work space for values below `bound`.
    fn new(bound: usize) -> Scratch {
        let mut marks = Marks::new();
        marks.admit(bound.saturating_sub(1) as u16);
        Scratch {
            marks,
            missing: Vec::new(),
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
    /// The values g(base) …, with room up to `end`: those below `known` are final and
    /// only read; the frontier writes the others.
    values: *mut u16,
    /// Values known (an absolute count): every value below it is final.
    known: AtomicUsize,
    /// The next task to claim, numbered block by block.
    next_task: AtomicUsize,
    /// The last block whose old work is wanted (the frontier lowers it to stop early).
    last_block: AtomicUsize,
    slots: Vec<Slot>,
    /// Option values below this are in `Old::stamps`: the bound of the values when the
    /// step began.
    cap: usize,
}

// SAFETY: `values` is written only by the frontier, at positions ≥ `known`, and read by
// every thread only below the `known` it has loaded (Acquire, after the frontier's
// Release store), so no value is read while it is written.
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

    /// The tasks of block `block`.
    fn tasks(&self, block: usize) -> usize {
        self.block_heaps(block).len().div_ceil(TASK_VALUES)
    }

    /// The values below this are known before block `block`'s old work starts.
    fn old_bound(&self, block: usize) -> usize {
        self.block_start(block)
            .saturating_sub(BLOCK_VALUES)
            .max(self.start)
    }

    /// The first `count` − base values, which must be final.
    fn values_below(&self, count: usize) -> &[u16] {
        // SAFETY: the caller has seen `known` ≥ count, so these values are initialized
        // and no longer written (see the `Sync` implementation).
        unsafe { std::slice::from_raw_parts(self.values, count - self.step.base) }
    }

    /// A view of the values below `count` (final).
    fn view_below(&self, count: usize) -> View<'_> {
        let recent = self.values_below(count);
        if self.step.base == 0 {
            View::whole(recent)
        } else {
            View::windowed(self.step.front, recent, self.step.base)
        }
    }

    fn slot(&self, block: usize) -> &Slot {
        &self.slots[block % SLOTS]
    }

    /// Wait until `ready()`; false if the work past `block` was called off meanwhile.
    fn wait_for(&self, block: usize, ready: impl Fn() -> bool) -> bool {
        let mut waited = 0;
        loop {
            if block > self.last_block.load(Ordering::Acquire) {
                return false;
            }
            if ready() {
                return true;
            }
            pause(&mut waited);
        }
    }

    /// Do task `task` (its block's values below the old bound are known).
    #[inline(always)]
    fn old_work(&self, task: usize, scratch: &mut Scratch) {
        let block = task / TASKS_PER_BLOCK;
        let heaps = self.block_heaps(block);
        let first = heaps.start + (task % TASKS_PER_BLOCK) * TASK_VALUES;
        let bound = self.old_bound(block);
        let view = self.view_below(bound);
        let slot = self.slot(block);
        for n in first..(first + TASK_VALUES).min(heaps.end) {
            // SAFETY: this task alone owns heap n's `Old` (see `Slot`).
            let old = unsafe { &mut *slot.old[n - heaps.start].get() };
            self.old_heap(n, &view, scratch, old);
        }
        slot.done.fetch_add(1, Ordering::Release);
    }

    /// The old work of heap n, which reads the values below `view.len()`.
    #[inline(always)]
    fn old_heap(&self, n: usize, view: &View, scratch: &mut Scratch, old: &mut Old) {
        let Scratch { marks, missing } = scratch;
        let (rules, split) = (self.step.rules, self.step.split);
        let bound = view.len();
        marks.clear();
        for &k in &rules.split_two {
            if k + 2 > n {
                break;
            }
            let rest = n - k;
            if split.first_unkept(view, rest).is_none() {
                // The rare positions whose partner rest − r is below the bound.
                let rare = split.rare();
                let far = rare.partition_point(|r| r.position() + bound <= rest);
                marks.mark_rare_pairs(view, rest, &rare[far..], rules.unequal_parts);
            }
        }
        // Seek the rare values below the candidate these pairs give, marking the value
        // of every pair scanned, so that the frontier need not read them again.
        let margin = usize::from(self.step.threads > MARGIN_FROM);
        split.candidate_after(marks, |_| false, margin, missing);
        old.scanned_to.clear();
        for &k in &rules.split_two {
            let mut from = 1;
            if k + 2 <= n {
                let rest = n - k;
                // Pairs (a, rest − a) with rest − a below the bound.
                from = (rest + 1).saturating_sub(bound).max(1);
                let reach = last_first_part(rest, rules.unequal_parts)
                    .min(view.pair_reach(rest))
                    .min(from.saturating_add(SCAN_LIMIT));
                // A value sought that only the new pairs give would keep the scan going
                // to its end: it gives up after [`GIVE_UP`] pairs that found nothing.
                let mut fruitless = 0;
                while !missing.is_empty() && from <= reach && fruitless < GIVE_UP {
                    let sought = missing.len();
                    let to = reach.min(from + GIVE_UP / 2 - 1);
                    from = find_in_pairs(view, from, rest, to, missing, marks, true);
                    fruitless = if missing.len() < sought {
                        0
                    } else {
                        fruitless + GIVE_UP / 2
                    };
                }
            }
            old.scanned_to.push(from);
        }
        old.generation = marks.copy_below(&mut old.stamps);
    }

    /// Claim and do a task of a block up to `through`, if one is left; false if none is.
    fn help(&self, through: usize, scratch: &mut Scratch) -> bool {
        let task = self.next_task.load(Ordering::Relaxed);
        let block = task / TASKS_PER_BLOCK;
        if block > through || block >= self.blocks() {
            return false;
        }
        let claimed = self
            .next_task
            .compare_exchange(task, task + 1, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok();
        // A partial last block has fewer tasks: the numbers past them are skipped.
        if claimed && task % TASKS_PER_BLOCK < self.tasks(block) {
            old_task(self, task, scratch);
        }
        true
    }

    /// A helper thread: old work, task after task, each once its values are known.
    fn helper(&self, scratch: &mut Scratch) {
        loop {
            let task = self.next_task.fetch_add(1, Ordering::Relaxed);
            let block = task / TASKS_PER_BLOCK;
            if block >= self.blocks() {
                return;
            }
            if task % TASKS_PER_BLOCK >= self.tasks(block) {
                continue;
            }
            let bound = self.old_bound(block);
            if !self.wait_for(block, || self.known.load(Ordering::Acquire) >= bound) {
                return;
            }
            old_task(self, task, scratch);
        }
    }

    /// The frontier: each block's new work once its old work is done, helping with the
    /// next block's old work while it waits.
    fn frontier(&self, marks: &mut Marks) -> Result<(), Failure> {
        let mut scratch = Scratch::new(marks.bound());
        let mut missing = Vec::new();
        let mut fresh: Vec<Rare> = Vec::new();
        for block in 0..self.blocks() {
            let slot = self.slot(block);
            let tasks = self.tasks(block);
            let mut waited = 0;
            while slot.done.load(Ordering::Acquire) < tasks {
                if !self.help(block + 1, &mut scratch) {
                    pause(&mut waited);
                }
            }
            let outcome = new_block(self, block, marks, &mut fresh, &mut missing);
            slot.done.store(0, Ordering::Relaxed);
            let written = match outcome {
                Err(Failure::Overflow { position } | Failure::Unkept { position, .. }) => position,
                Ok(_) => self.block_heaps(block).end,
            };
            self.known.store(written, Ordering::Release);
            match outcome {
                Ok(true) => {}
                Ok(false) => {
                    self.last_block.store(block, Ordering::Release);
                    break;
                }
                Err(failure) => {
                    self.last_block.store(block, Ordering::Release);
                    return Err(failure);
                }
            }
        }
        Ok(())
    }

    /// The new work of block `block`, heap after heap; false if a value reached the
    /// cap, so that later blocks' old work would need more marks (the step ends here).
    #[inline(always)]
    fn new_work(
        &self,
        block: usize,
        marks: &mut Marks,
        fresh: &mut Vec<Rare>,
        missing: &mut Vec<u16>,
    ) -> Result<bool, Failure> {
        let (rules, split) = (self.step.rules, self.step.split);
        let heaps = self.block_heaps(block);
        let bound = self.old_bound(block);
        let slot = self.slot(block);
        let mut within_cap = true;
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
            if rules.take_all.contains(&n) {
                marks.mark(0);
            }
            for &k in rules.take_some.iter().take_while(|&&k| k < n) {
                marks.mark(view.at(n - k));
            }
            for &k in rules.split_two.iter().take_while(|&&k| k + 2 <= n) {
                let rest = n - k;
                let rare = split.rare();
                let near = rare.partition_point(|r| r.position() + bound <= rest);
                marks.mark_rare_pairs(&view, rest, &rare[..near], rules.unequal_parts);
                if !fresh.is_empty() {
                    marks.mark_rare_pairs(&view, rest, fresh, rules.unequal_parts);
                }
            }
            let candidate = split.candidate(marks, |v| old.found(v), missing);
            for (&k, &scanned_to) in rules.split_two.iter().zip(&old.scanned_to) {
                if missing.is_empty() || k + 2 > n {
                    break;
                }
                let rest = n - k;
                let last = last_first_part(rest, rules.unequal_parts);
                let reach = last.min(view.pair_reach(rest));
                let old_from = (rest + 1).saturating_sub(bound).max(1);
                // The old scan read (and marked) the pairs old_from..scanned_to.
                let scanned_to = scanned_to.max(old_from);
                find_in_pairs(
                    &view,
                    1,
                    rest,
                    reach.min(old_from - 1),
                    missing,
                    marks,
                    false,
                );
                find_in_pairs(&view, scanned_to, rest, reach, missing, marks, false);
                if !missing.is_empty() && reach < last {
                    let needs = if reach + 1 >= view.front_len() {
                        reach + 1
                    } else {
                        rest - reach - 1
                    };
                    return Err(Failure::Unkept { position: n, needs });
                }
            }
            let value = match missing.first() {
                None => candidate,
                Some(&least) => usize::from(least),
            };
            if value >= VALUE_RANGE {
                return Err(Failure::Overflow { position: n });
            }
            let value = value as u16;
            // SAFETY: n ≥ known, so no thread reads g(n) yet; the step reserved room
            // up to `end` > n.
            unsafe { self.values.add(n - self.step.base).write(value) };
            marks.admit(value);
            if split.is_rare(value) {
                fresh.push(Rare::new(n, value));
            }
            within_cap &= usize::from(value) < self.cap;
        }
        Ok(within_cap)
    }
}

with_avx2! {
    /// [`Shared::old_work`], compiled for AVX2 when the processor has it.
    fn old_task(shared: &Shared<'_>, task: usize, scratch: &mut Scratch) -> () {
        shared.old_work(task, scratch)
    }
}

with_avx2! {
    /// [`Shared::new_work`], compiled for AVX2 when the processor has it.
    fn new_block(
        shared: &Shared<'_>,
        block: usize,
        marks: &mut Marks,
        fresh: &mut Vec<Rare>,
        missing: &mut Vec<u16>
    ) -> Result<bool, Failure> {
        shared.new_work(block, marks, fresh, missing)
    }
}

impl Step<'_> {
    /// Compute g(n) for n from base + values.len() up to `end` (or until a value reaches
    /// the bound of the values so far, or a failure), appending them to `values`;
    /// `marks` is the frontier's, admitting every value so far.
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
        let splits = self.rules.split_two.len();
        let slots = (0..SLOTS)
            .map(|_| Slot {
                old: (0..BLOCK_VALUES)
                    .map(|_| {
                        UnsafeCell::new(Old {
                            stamps: vec![0; cap],
                            generation: 0,
                            scanned_to: Vec::with_capacity(splits),
                        })
                    })
                    .collect(),
                done: AtomicUsize::new(0),
            })
            .collect();
        let shared = Shared {
            step: self,
            start,
            end,
            values: values.as_mut_ptr(),
            known: AtomicUsize::new(start),
            next_task: AtomicUsize::new(0),
            last_block: AtomicUsize::new(usize::MAX),
            slots,
            cap,
        };
        let outcome = std::thread::scope(|scope| {
            for _ in 1..self.threads {
                let shared = &shared;
                let bound = marks.bound();
                scope.spawn(move || shared.helper(&mut Scratch::new(bound)));
            }
            shared.frontier(marks)
        });
        let known = shared.known.load(Ordering::Acquire);
        // SAFETY: the values below `known` are written (by the frontier, which has
        // ended), within the capacity reserved above.
        unsafe { values.set_len(known - self.base) };
        outcome
    }
}
