//! Pretensions: a finite commutative monoid M with a P-portion, and for every heap an
//! element of M it "pretends" to be (Plambeck & Siegel 2008, §4 and appendix C). A
//! word's element is the product of its heaps' elements; the pretension claims the word
//! is a P-position exactly when its element lies in the P-portion.
//!
//! Two steps turn a monoid and heap images into a candidate quotient:
//! - [`Marking::new`] decides the P-portion: it walks the image of the heaps in
//!   increasing order of least words ([`crate::word`]), and calls an element P when its
//!   least word has options and none of them lands in an element already called P.
//!   The options of a least word come before it, so their elements are decided first.
//! - [`Marking::reduce`] identifies indistinguishable elements, x ~ y iff x·z and y·z
//!   agree on the P-portion for every z: partition refinement (Moore's algorithm) over
//!   the heap images as generators, as for a minimal automaton.
//!
//! The result is a reduced bipartite monoid, the candidate that [`crate::verify`] then
//! tests against every word.

use crate::monoid::{MAX_TABLE_ORDER, Multiply, Table};
use crate::word::Word;
use rustc_hash::FxHashMap;

/// What each heap pretends to be in some monoid: `image[n]` for a heap of n tokens,
/// and `transitions[n]` the distinct elements of its options (empty, with image 0,
/// for heaps that have no option: they are the empty position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapImages {
    pub image: Vec<usize>,
    pub transitions: Vec<Vec<usize>>,
}

impl HeapImages {
    /// The transitions of every heap given its image and its options (each a list of
    /// smaller heaps), all in `monoid`.
    pub fn new<M: Multiply>(monoid: &M, image: Vec<usize>, options: &[Vec<Vec<usize>>]) -> Self {
        let transitions = options
            .iter()
            .map(|heap_options| transitions_of(monoid, &image, heap_options))
            .collect();
        HeapImages { image, transitions }
    }

    /// The largest heap described.
    pub fn last_heap(&self) -> usize {
        self.image.len() - 1
    }

    /// Whether a heap of `n` tokens has a move.
    pub fn has_options(&self, n: usize) -> bool {
        !self.transitions[n].is_empty()
    }

    /// The element of a word.
    pub fn element_of<M: Multiply>(&self, monoid: &M, word: &Word) -> usize {
        word.support().fold(0, |x, (h, e)| {
            (0..e).fold(x, |x, _| monoid.mul(x, self.image[h]))
        })
    }
}

/// The distinct elements of `options` (each a list of heaps) given the heaps' images.
pub fn transitions_of<M: Multiply>(
    monoid: &M,
    image: &[usize],
    options: &[Vec<usize>],
) -> Vec<usize> {
    let mut out: Vec<usize> = options
        .iter()
        .map(|o| o.iter().fold(0, |x, &h| monoid.mul(x, image[h])))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The image of the words in a monoid, in increasing order of least words, with the
/// P-portion the least words decide.
#[derive(Debug)]
pub struct Marking {
    /// The elements reached, in the order of their least words.
    pub elements: Vec<usize>,
    /// Where each element of the monoid stands in `elements` (`u32::MAX`: not reached).
    position: Vec<u32>,
    /// Least word of `elements[i]`: least word of `elements[parent]` · heap^exponent.
    least: Vec<(u32, u32, u32)>,
    /// Whether `elements[i]` is in the P-portion.
    pub in_p: Vec<bool>,
}

impl Marking {
    /// Walk the image of `heaps` in `monoid` (see the module docs).
    pub fn new<M: Multiply>(monoid: &M, heaps: &HeapImages) -> Self {
        let mut marking = Marking {
            elements: vec![0],
            position: vec![u32::MAX; monoid.order()],
            least: vec![(0, 0, 0)],
            in_p: vec![false],
        };
        marking.position[0] = 0;
        // The transitions of each least word, as positions, sorted.
        let mut word_transitions: Vec<Vec<u32>> = vec![Vec::new()];
        for h in (1..=heaps.last_heap()).filter(|&h| heaps.has_options(h)) {
            let y = heaps.image[h];
            let lower = marking.elements.len();
            // current[i] = elements[i] · y^e, and y_before = y^(e-1).
            let mut current: Vec<usize> = marking.elements.clone();
            let mut y_before = 0;
            for e in 1u32.. {
                let mut found = false;
                for (i, z_power) in current.iter_mut().enumerate() {
                    let before = *z_power;
                    *z_power = monoid.mul(before, y);
                    if marking.position[*z_power] != u32::MAX {
                        continue;
                    }
                    found = true;
                    let y_power = monoid.mul(y_before, y);
                    let mut transitions: Vec<u32> = word_transitions[i]
                        .iter()
                        .map(|&t| marking.elements[t as usize])
                        .map(|t| monoid.mul(t, y_power))
                        .chain(heaps.transitions[h].iter().map(|&t| monoid.mul(before, t)))
                        .map(|t| marking.position[t])
                        .collect();
                    debug_assert!(transitions.iter().all(|&t| t != u32::MAX));
                    transitions.sort_unstable();
                    transitions.dedup();
                    let in_p = !transitions.iter().any(|&t| marking.in_p[t as usize]);
                    marking.position[*z_power] = marking.elements.len() as u32;
                    marking.elements.push(*z_power);
                    marking.least.push((i as u32, h as u32, e));
                    marking.in_p.push(in_p);
                    word_transitions.push(transitions);
                }
                y_before = monoid.mul(y_before, y);
                if !found {
                    break;
                }
            }
            debug_assert!(marking.elements.len() >= lower);
        }
        marking
    }

    /// The least word of the element at `position`.
    pub fn least_word(&self, position: usize) -> Word {
        let mut chain = Vec::new();
        let mut at = position;
        while at != 0 {
            let (parent, heap, e) = self.least[at];
            chain.push((heap as usize, e));
            at = parent as usize;
        }
        chain
            .into_iter()
            .fold(Word::default(), |word, (heap, e)| word.times(heap, e))
    }

    /// The position of `element` in the walk (`None`: not reached).
    pub fn position_of(&self, element: usize) -> Option<usize> {
        let position = self.position[element];
        (position != u32::MAX).then_some(position as usize)
    }

    /// The reduced quotient: indistinguishable elements identified (see the module
    /// docs). Classes are numbered in the order of their least words, so the identity's
    /// class is 0. `None` when it has more than `max_order` elements.
    pub fn reduce<M: Multiply>(
        &self,
        monoid: &M,
        heaps: &HeapImages,
        max_order: usize,
    ) -> Option<Pretension> {
        let mut generators: Vec<usize> = (1..=heaps.last_heap())
            .filter(|&h| heaps.has_options(h))
            .map(|h| heaps.image[h])
            .collect();
        generators.sort_unstable();
        generators.dedup();
        let count = self.elements.len();
        // moves[g][i]: the position of elements[i] times generator g (the walk reaches
        // every product of a word's element with a heap's image).
        let moves: Vec<Vec<u32>> = generators
            .iter()
            .map(|&g| {
                (0..count)
                    .map(|i| self.position[monoid.mul(self.elements[i], g)])
                    .collect()
            })
            .collect();
        let class = coarsest_partition(&self.in_p, &moves);
        let classes = class.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        if classes > max_order.min(MAX_TABLE_ORDER) {
            return None;
        }
        // Each class's first element in the walk: its least word is its parent's times
        // a generator's power, and the parent's class comes earlier.
        let mut first = vec![u32::MAX; classes];
        for (i, &c) in class.iter().enumerate() {
            if first[c as usize] == u32::MAX {
                first[c as usize] = i as u32;
            }
        }
        let actions: Vec<Vec<u32>> = moves
            .iter()
            .map(|m| {
                first
                    .iter()
                    .map(|&i| class[m[i as usize] as usize])
                    .collect()
            })
            .collect();
        let generator_of = |h: usize| {
            generators
                .binary_search(&heaps.image[h])
                .expect("a heap with a move gives a generator") as u32
        };
        let words: Vec<(u32, u32, u32)> = first
            .iter()
            .map(|&i| {
                let (parent, heap, e) = self.least[i as usize];
                match heap {
                    0 => (0, 0, 0),
                    _ => (class[parent as usize], generator_of(heap as usize), e),
                }
            })
            .collect();
        let table = Table::from_actions(classes, &actions, &words);
        let in_p = first.iter().map(|&i| self.in_p[i as usize]).collect();
        let class_of = |element: usize| class[self.position[element] as usize] as usize;
        let image = heaps.image.iter().map(|&y| class_of(y)).collect();
        let transitions = heaps
            .transitions
            .iter()
            .map(|ts| {
                let mut mapped: Vec<usize> = ts.iter().map(|&t| class_of(t)).collect();
                mapped.sort_unstable();
                mapped.dedup();
                mapped
            })
            .collect();
        Some(Pretension {
            table,
            in_p,
            heaps: HeapImages { image, transitions },
        })
    }
}

/// The coarsest partition of the walk's positions that separates P from the others and
/// is kept by every generator (`moves[g][i]`: position i times generator g): Moore's
/// refinement, a round splitting each class by the classes its generators lead to,
/// until a round splits none. Classes are numbered in order of first position.
fn coarsest_partition(in_p: &[bool], moves: &[Vec<u32>]) -> Vec<u32> {
    let mut class: Vec<u32> = in_p.iter().map(|&p| u32::from(p)).collect();
    let mut classes = number_in_order(&mut class);
    let mut ids: FxHashMap<u64, u32> = FxHashMap::default();
    loop {
        // Split by one generator at a time: the result is the split by all at once.
        let mut next = class.clone();
        for m in moves {
            ids.clear();
            for (i, c) in next.iter_mut().enumerate() {
                let key = u64::from(*c) << 32 | u64::from(class[m[i] as usize]);
                let fresh = ids.len() as u32;
                *c = *ids.entry(key).or_insert(fresh);
            }
        }
        let refined = number_in_order(&mut next);
        class = next;
        if refined == classes {
            return class;
        }
        classes = refined;
    }
}

/// Renumber classes 0, 1, … in order of first appearance; returns how many there are.
fn number_in_order(class: &mut [u32]) -> usize {
    let mut renumber: FxHashMap<u32, u32> = FxHashMap::default();
    for c in class.iter_mut() {
        let fresh = renumber.len() as u32;
        *c = *renumber.entry(*c).or_insert(fresh);
    }
    renumber.len()
}

/// A reduced bipartite monoid with the heaps' images in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pretension {
    pub table: Table,
    pub in_p: Vec<bool>,
    pub heaps: HeapImages,
}

impl Pretension {
    /// The quotient of the empty game: one element, not in P.
    pub fn trivial() -> Self {
        Pretension {
            table: Table::trivial(),
            in_p: vec![false],
            heaps: HeapImages {
                image: vec![0],
                transitions: vec![Vec::new()],
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monoid::{Cyclic, Product};

    /// Heaps 1 and 2 of Nim in ⟨g | g^4 = g^2⟩ × ⟨h | h^4 = h^2⟩: misère Nim on
    /// heaps of at most 2 tokens has the tame quotient T2 = ⟨a, b | a² = 1, b³ = b⟩,
    /// of order 6 with P-portion {a, b²} (Plambeck 2005).
    #[test]
    fn misere_nim_heaps_of_two_reduce_to_t2() {
        let cyclic = Cyclic {
            index: 2,
            period: 2,
        };
        let product = Product::new(Table::trivial(), vec![cyclic, cyclic], 16).unwrap();
        let image = vec![0, product.embed(0, Some(0)), product.embed(0, Some(1))];
        let options = vec![vec![], vec![vec![]], vec![vec![], vec![1]]];
        let heaps = HeapImages::new(&product, image, &options);
        let marking = Marking::new(&product, &heaps);
        assert_eq!(marking.elements.len(), 16);
        assert_eq!(marking.least_word(0), Word::default());
        assert!(marking.reduce(&product, &heaps, 5).is_none());
        let reduced = marking.reduce(&product, &heaps, 6).unwrap();
        assert_eq!(reduced.table.order(), 6);
        assert_eq!(reduced.in_p.iter().filter(|&&p| p).count(), 2);
        let (a, b) = (reduced.heaps.image[1], reduced.heaps.image[2]);
        let t = &reduced.table;
        assert_eq!(t.mul(a, a), 0);
        assert_eq!(t.mul(b, t.mul(b, b)), b);
        assert!(reduced.in_p[a] && reduced.in_p[t.mul(b, b)]);
    }
}
