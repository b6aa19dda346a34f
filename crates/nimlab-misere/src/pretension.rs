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

use crate::game::MisereHeapRules;
use crate::monoid::{Layout, MAX_TABLE_ORDER, Monoid, Multiply};
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
    /// The transitions of every heap given its image, all in `monoid`, with the options
    /// listed by `game` (each a list of smaller heaps).
    pub fn new<M: Multiply>(monoid: &M, image: Vec<usize>, game: &dyn MisereHeapRules) -> Self {
        let mut options = Vec::new();
        let transitions = (0..image.len())
            .map(|h| {
                options.clear();
                if h > 0 {
                    game.options(h, &mut options);
                }
                transitions_of(monoid, &image, &options)
            })
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
    /// Least word of `elements[i]`: least word of `elements[parent]` times one heap,
    /// as (parent, heap).
    least: Vec<(u32, u32)>,
    /// Whether `elements[i]` is in the P-portion.
    pub in_p: Vec<bool>,
}

/// The walk was asked to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// Bytes a walk keeps per element of the monoid walked (its position, element, least
/// word and P-bit), for budgets.
pub const MARKING_BYTES_PER_ELEMENT: usize = 4 + 8 + 8 + 1;

impl Marking {
    /// Walk the image of `heaps` in `monoid` (see the module docs), depth first: the
    /// exponent of the smallest heap varies fastest, so words come in increasing order.
    /// A word whose element an earlier word already has is not least, and neither is
    /// any word containing it, so the walk goes no deeper there (as MisereSolver's
    /// marking does). `stop` is asked every few thousand words.
    pub fn new<M: Multiply>(
        monoid: &M,
        heaps: &HeapImages,
        stop: &dyn Fn() -> bool,
    ) -> Result<Self, Stopped> {
        let mut marking = Marking {
            elements: vec![0],
            position: vec![u32::MAX; monoid.order()],
            least: vec![(0, 0)],
            in_p: vec![false],
        };
        marking.position[0] = 0;
        let levels: Vec<usize> = (1..=heaps.last_heap())
            .filter(|&h| heaps.has_options(h))
            .collect();
        let top = levels.len();
        // Level d holds the word of the exponents at levels d and above (those below
        // are 0): its element, and its options' elements in the buffer of level
        // `source[d]` (a level whose exponent is 0 shares the one above's).
        let mut element = vec![0usize; top + 1];
        let mut options: Vec<Vec<usize>> = vec![Vec::new(); top + 1];
        let mut source: Vec<usize> = vec![top; top + 1];
        let mut fresh: Vec<usize> = Vec::new();
        let mut level = 0;
        let mut steps = 0u32;
        while level < top {
            steps = steps.wrapping_add(1);
            if steps % 4096 == 0 && stop() {
                return Err(Stopped);
            }
            // One more heap at `level`.
            let h = levels[level];
            let (x, y) = (element[level], heaps.image[h]);
            let next = monoid.mul(x, y);
            if marking.position[next] != u32::MAX {
                // Not a least word: neither are the words with more of this heap.
                level += 1;
                continue;
            }
            fresh.clear();
            fresh.extend(options[source[level]].iter().map(|&t| monoid.mul(t, y)));
            fresh.extend(heaps.transitions[h].iter().map(|&t| monoid.mul(x, t)));
            fresh.sort_unstable();
            fresh.dedup();
            let in_p = !fresh.iter().any(|&t| {
                let position = marking.position[t];
                debug_assert!(position != u32::MAX, "an option comes before its word");
                marking.in_p[position as usize]
            });
            std::mem::swap(&mut options[level], &mut fresh);
            source[level] = level;
            element[level] = next;
            marking.position[next] = marking.elements.len() as u32;
            marking.least.push((marking.position[x], h as u32));
            marking.elements.push(next);
            marking.in_p.push(in_p);
            // The levels below start again from exponent 0.
            for below in 0..level {
                element[below] = next;
                source[below] = level;
            }
            level = 0;
        }
        Ok(marking)
    }

    /// The least word of the element at `position`.
    pub fn least_word(&self, position: usize) -> Word {
        let mut word = Word::default();
        let mut at = position;
        while at != 0 {
            let (parent, heap) = self.least[at];
            word = word.times(heap as usize, 1);
            at = parent as usize;
        }
        word
    }

    /// The position of `element` in the walk (`None`: not reached).
    pub fn position_of(&self, element: usize) -> Option<usize> {
        let position = self.position[element];
        (position != u32::MAX).then_some(position as usize)
    }

    /// The reduced quotient: indistinguishable elements identified (see the module
    /// docs). Classes are numbered in the order of their least words, so the identity's
    /// class is 0. Fails with the number of classes when there are more than
    /// `max_order`. The result is a table (written into `buffer`) when it has at most
    /// `max_table_order` elements (and a table holds them), and kept by its generators'
    /// actions otherwise.
    pub fn reduce<M: Multiply>(
        &self,
        monoid: &M,
        heaps: &HeapImages,
        max_order: usize,
        max_table_order: usize,
        buffer: Vec<u16>,
    ) -> Result<Pretension, usize> {
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
        if classes > max_order {
            return Err(classes);
        }
        // Each class's first element in the walk stands for it.
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
        let layout = if classes <= max_table_order.min(MAX_TABLE_ORDER) {
            Layout::Table
        } else {
            Layout::Actions
        };
        let monoid = Monoid::from_generators(classes, actions, layout, buffer)
            .expect("the heaps' images generate the candidate");
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
        Ok(Pretension {
            monoid,
            in_p,
            heaps: HeapImages { image, transitions },
        })
    }
}

/// The coarsest partition of the walk's positions that separates P from the others and
/// is kept by every generator (`moves[g][i]`: position i times generator g): Moore's
/// refinement, a round splitting each class by the classes its generators lead to,
/// until a round splits none. Classes are numbered in order of first position.
pub fn coarsest_partition(in_p: &[bool], moves: &[Vec<u32>]) -> Vec<u32> {
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
    pub monoid: Monoid,
    pub in_p: Vec<bool>,
    pub heaps: HeapImages,
}

impl Pretension {
    /// The quotient of the empty game: one element, not in P.
    pub fn trivial() -> Self {
        Pretension {
            monoid: Monoid::trivial(),
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
    use nimlab_octal::{SubtractionSet, TakeBreak};

    /// Heaps 1 and 2 of Nim in ⟨g | g^4 = g^2⟩ × ⟨h | h^4 = h^2⟩: misère Nim on
    /// heaps of at most 2 tokens has the tame quotient T2 = ⟨a, b | a² = 1, b³ = b⟩,
    /// of order 6 with P-portion {a, b²} (Plambeck 2005).
    #[test]
    fn misere_nim_heaps_of_two_reduce_to_t2() {
        let cyclic = Cyclic {
            index: 2,
            period: 2,
        };
        let trivial = Monoid::trivial();
        let product = Product::new(&trivial, &[true], vec![cyclic, cyclic]);
        let image = vec![0, product.embed(0, Some(0)), product.embed(0, Some(1))];
        // Heaps of at most 2 tokens of Nim are those of the subtraction game {1, 2}.
        let nim = TakeBreak::Subtraction(SubtractionSet::new(&[1, 2]).unwrap());
        let heaps = HeapImages::new(&product, image, &nim);
        let marking = Marking::new(&product, &heaps, &|| false).unwrap();
        assert_eq!(marking.elements.len(), 16);
        assert_eq!(marking.least_word(0), Word::default());
        assert_eq!(
            marking.reduce(&product, &heaps, 5, 5, Vec::new()).err(),
            Some(6)
        );
        let reduced = marking.reduce(&product, &heaps, 6, 6, Vec::new()).unwrap();
        assert_eq!(reduced.monoid.order(), 6);
        assert_eq!(reduced.in_p.iter().filter(|&&p| p).count(), 2);
        let (a, b) = (reduced.heaps.image[1], reduced.heaps.image[2]);
        let t = &reduced.monoid;
        assert_eq!(t.mul(a, a), 0);
        assert_eq!(t.mul(b, t.mul(b, b)), b);
        assert!(reduced.in_p[a] && reduced.in_p[t.mul(b, b)]);
    }
}
