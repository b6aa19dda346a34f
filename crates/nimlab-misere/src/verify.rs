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
//! it).

use crate::monoid::{Multiply, Table};
use crate::pretension::{Marking, Pretension};
use crate::word::Word;

/// A set of elements as bits.
type Bits = Vec<u64>;

fn has(bits: &[u64], x: usize) -> bool {
    bits[x / 64] >> (x % 64) & 1 == 1
}

fn set(bits: &mut [u64], x: usize) {
    bits[x / 64] |= 1 << (x % 64);
}

/// The undominated words of a pretension found so far, heap size by heap size.
#[derive(Clone, Debug)]
pub struct Explorer {
    /// Bits per set.
    width: usize,
    /// `divides[u]` = {z : u·z in P}.
    divides: Vec<Bits>,
    /// For each word kept: its element, its σ, and how it was made (parent word plus
    /// one heap).
    element: Vec<u32>,
    sigma: Vec<u64>,
    parent: Vec<u32>,
    heap: Vec<u32>,
    /// The words kept for each element, in order.
    by_element: Vec<Vec<u32>>,
}

/// The search met more undominated words than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyWords;

impl Explorer {
    /// The search for `pretension` with only the empty word so far.
    pub fn new(table: &Table, in_p: &[bool]) -> Self {
        let order = table.order();
        let width = order.div_ceil(64);
        let divides = (0..order)
            .map(|u| {
                let mut bits = vec![0; width];
                for z in (0..order).filter(|&z| in_p[table.mul(u, z)]) {
                    set(&mut bits, z);
                }
                bits
            })
            .collect();
        Explorer {
            width,
            divides,
            element: vec![0],
            sigma: vec![0; width],
            parent: vec![0],
            heap: vec![0],
            // The empty word dominates nothing: having no move, it is exempt from the
            // N-condition, so a longer word of the identity must be checked on its own.
            by_element: vec![Vec::new(); order],
        }
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

    /// Add the words whose largest heap is `heap`, of element `image` and option
    /// elements `transitions`, in increasing order. Returns the first word failing the
    /// N-condition (the least such word, when every smaller word passed), having kept
    /// the words before it; `Ok(None)` when none fails.
    pub fn add_heap(
        &mut self,
        table: &Table,
        in_p: &[bool],
        heap: usize,
        image: usize,
        transitions: &[usize],
        max_words: usize,
    ) -> Result<Option<usize>, TooManyWords> {
        let order = table.order();
        let mut level: Vec<u32> = (0..self.len() as u32).collect();
        let mut sigma = vec![0u64; self.width];
        while !level.is_empty() {
            let mut next = Vec::new();
            for &s in &level {
                let s = s as usize;
                let x = self.element[s] as usize;
                let product = table.mul(x, image);
                sigma.iter_mut().for_each(|w| *w = 0);
                let parent_sigma = &self.sigma[s * self.width..(s + 1) * self.width];
                for z in (0..order).filter(|&z| has(parent_sigma, table.mul(image, z))) {
                    set(&mut sigma, z);
                }
                for &t in transitions {
                    let reach = &self.divides[table.mul(x, t)];
                    sigma.iter_mut().zip(reach).for_each(|(w, r)| *w |= r);
                }
                let dominated = self.by_element[product].iter().any(|&k| {
                    let kept = &self.sigma[k as usize * self.width..(k as usize + 1) * self.width];
                    kept.iter().zip(&sigma).all(|(k, s)| k & !s == 0)
                });
                if dominated {
                    continue;
                }
                if self.len() >= max_words {
                    return Err(TooManyWords);
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

/// Whether the P-condition holds for heap `heap` pretending to be `image` with option
/// elements `transitions`: no element x has x·image in P and some x·t in P.
pub fn p_condition_holds(
    table: &Table,
    in_p: &[bool],
    image: usize,
    transitions: &[usize],
) -> bool {
    (0..table.order())
        .all(|x| !in_p[table.mul(x, image)] || !transitions.iter().any(|&t| in_p[table.mul(x, t)]))
}

/// Whether heap `heap` is dominated by a smaller heap of the same image whose option
/// elements are a subset of its own: then every word containing it is dominated by the
/// same word with the smaller heap, and its words need no search.
pub fn dominated_heap(pretension: &Pretension, heap: usize) -> bool {
    let heaps = &pretension.heaps;
    (1..heap).any(|h| {
        heaps.has_options(h)
            && heaps.image[h] == heaps.image[heap]
            && heaps.transitions[h]
                .iter()
                .all(|t| heaps.transitions[heap].binary_search(t).is_ok())
    })
}

/// The outcome of checking a pretension on every word.
#[derive(Debug)]
pub enum Verdict {
    /// Right about every word; the search's words, to extend heap by heap.
    Holds(Explorer),
    /// Wrong about this word, the least such.
    Fails(Word),
}

/// Check `pretension` on every word (see the module docs).
pub fn verify(pretension: &Pretension, max_words: usize) -> Result<Verdict, TooManyWords> {
    let (table, in_p, heaps) = (&pretension.table, &pretension.in_p, &pretension.heaps);
    let marking = Marking::new(table, heaps);
    let mut least_failure: Option<Word> = None;
    for h in (1..=heaps.last_heap()).filter(|&h| heaps.has_options(h)) {
        let image = heaps.image[h];
        for (position, &x) in marking.elements.iter().enumerate() {
            if in_p[table.mul(x, image)]
                && heaps.transitions[h].iter().any(|&t| in_p[table.mul(x, t)])
            {
                let word = marking.least_word(position).times(h, 1);
                if least_failure.as_ref().is_none_or(|f| word < *f) {
                    least_failure = Some(word);
                }
            }
        }
    }
    let mut explorer = Explorer::new(table, in_p);
    // Words whose largest heap is beyond a P-failure's come after it.
    let last = least_failure.as_ref().map_or(heaps.last_heap(), Word::top);
    for h in (1..=last).filter(|&h| heaps.has_options(h) && !dominated_heap(pretension, h)) {
        let found = explorer.add_heap(
            table,
            in_p,
            h,
            heaps.image[h],
            &heaps.transitions[h],
            max_words,
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
