//! A computed misère quotient, and play with it: outcomes and winning moves of
//! positions with any number of heaps of any size.
//!
//! **Heaps of any size.** A heap is given as [`HeapSize::Size`] when its size fits in
//! a `u64`, and otherwise (the front end holds it as a big integer) as
//! [`HeapSize::Huge`] with `residue = (size − n0) mod p`, n0 and p the certificate's
//! preperiod and period: beyond n0 the pretending function only depends on that
//! residue.
//!
//! **Winning moves from huge heaps.** A move removes j tokens and leaves the rest as
//! one, two or three heaps. Parts smaller than A = n0 + p are listed one by one; parts
//! from A on fall into p residue classes, and all the splits whose large parts lie in
//! given classes land in the same element, so they are reported as one
//! [`MoveFamily`] — "split the rest as x and rest − x for x = first, first + p, …" — that
//! [`MoveFamily::count`] counts exactly. A part that depends on the heap's size is written
//! [`Part::HeapMinus`]: the heap's size less so many tokens. So the moves of a heap of
//! 10^6 tokens, or of 10^100, are found with O(n0 + p) work per kind of move.

use crate::game::{MisereHeapRules, Take, UniformMoves};
use crate::monoid::{Monoid, Multiply};
use crate::presentation::Presentation;
use crate::pretension::Pretension;
use crate::verify::DivideSets;
use nimlab_octal::take::pair_count;
use std::collections::HashMap;
use std::fmt;

/// What makes a quotient hold for heaps of every size (see [`crate::solver`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// n0: Φ(n + p) = Φ(n) for every heap n ≥ n0.
    pub preperiod: usize,
    /// p.
    pub period: usize,
    /// N: every heap up to here was solved and verified.
    pub last_heap: usize,
    /// The least N the theorem asks for: max(s·(n0 + p) + k − 1, from + p).
    pub required_heap: usize,
    /// s: the most heaps a move leaves.
    pub max_parts: usize,
    /// k: the most tokens a move removes.
    pub max_removed: usize,
}

/// How large the candidates grew on the way to a quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Growth {
    /// The most elements a reduced candidate had (MisereSolver's "|Q| tried").
    pub largest_candidate: usize,
    /// The most elements a candidate had before reduction.
    pub largest_product: usize,
}

/// A position the quotient cannot answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The quotient is exact only up to `last_heap` tokens per heap.
    HeapBeyondQuotient { size: u64, last_heap: usize },
    /// A heap given by its residue class, but the quotient has no period, or the
    /// residue is not below the period.
    InvalidResidue { residue: u64, period: Option<usize> },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::HeapBeyondQuotient { size, last_heap } => write!(
                f,
                "a heap of {size} is beyond the quotient, which is exact for heaps up to \
                 {last_heap}"
            ),
            PositionError::InvalidResidue {
                residue,
                period: None,
            } => write!(
                f,
                "a heap given by its residue {residue} needs a certified period, and this \
                 quotient has none"
            ),
            PositionError::InvalidResidue {
                residue,
                period: Some(p),
            } => write!(f, "residue {residue} is not below the period {p}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// An element of a quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Element(u32);

impl Element {
    /// Its number (0 is the identity, the empty position).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A heap as the front end knows it (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapSize {
    /// A heap of this many tokens.
    Size(u64),
    /// A heap of at least 2^63 tokens (one too large for `Size`, say), known by
    /// `residue = (size − n0) mod p`; only for certified quotients.
    Huge { residue: u64 },
}

/// Misère outcome: N when the player to move wins (the empty position is N: the player
/// to move has no move and so does not move last), P when the player to move loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MisereOutcome {
    N,
    P,
}

/// A heap a move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// A heap of this many tokens.
    Size(u64),
    /// A heap of the moved heap's size less this many tokens (used for huge heaps).
    HeapMinus(u64),
}

/// Many moves of one heap at once (see the module docs). `rest` is the heap's size less
/// the tokens removed and less the fixed part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveFamily {
    /// Leave `fixed` (if any), x and rest − x, for x = first, first + step, … while
    /// x ≤ rest − x.
    Pairs {
        removed: u64,
        fixed: Option<u64>,
        first: u64,
        step: u64,
    },
    /// Leave x, y and rest − x − y for x ≡ first and y ≡ second (mod step) with
    /// first ≤ x ≤ y ≤ rest − x − y.
    Triples {
        removed: u64,
        first: u64,
        second: u64,
        step: u64,
    },
}

impl MoveFamily {
    fn step(&self) -> u64 {
        match *self {
            MoveFamily::Pairs { step, .. } | MoveFamily::Triples { step, .. } => step,
        }
    }

    /// How many moves the family holds for a heap of `heap` tokens (none with step 0).
    pub fn count(&self, heap: u64) -> u128 {
        if self.step() == 0 {
            return 0;
        }
        match *self {
            MoveFamily::Pairs {
                removed,
                fixed,
                first,
                step,
            } => {
                let Some(rest) = heap.checked_sub(removed + fixed.unwrap_or(0)) else {
                    return 0;
                };
                u128::from(pair_count(rest, first, step))
            }
            MoveFamily::Triples {
                removed,
                first,
                second,
                step,
            } => {
                // x = first + t·step, and y runs from x + δ, δ = (second − first) mod
                // step, up to (rest − x)/2 by step: ⌊(rest − 3x − 2δ)/(2·step)⌋ + 1
                // values, for every t with 3x + 2δ ≤ rest.
                let delta = class_offset(first, second, step);
                let Some(r) = heap.checked_sub(removed + 3 * first + 2 * delta) else {
                    return 0;
                };
                let (r, step) = (u128::from(r), u128::from(step));
                let terms = r / (3 * step) + 1;
                floor_sum(terms, 2 * step, 3 * step, r % (3 * step)) + terms
            }
        }
    }

    /// The heaps left by the family's first move from a heap of size `heap` (`None` when
    /// the family has no move for a heap that small).
    pub fn first_move(&self, heap: HeapSize) -> Option<Vec<Part>> {
        let empty = match heap {
            HeapSize::Size(size) => self.count(size) == 0,
            HeapSize::Huge { .. } => self.step() == 0,
        };
        if empty {
            return None;
        }
        let left = |minus: u64| match heap {
            HeapSize::Size(s) => Part::Size(s - minus),
            HeapSize::Huge { .. } => Part::HeapMinus(minus),
        };
        match *self {
            MoveFamily::Pairs {
                removed,
                fixed,
                first,
                ..
            } => Some(
                fixed
                    .map(Part::Size)
                    .into_iter()
                    .chain([
                        Part::Size(first),
                        left(removed + fixed.unwrap_or(0) + first),
                    ])
                    .collect(),
            ),
            MoveFamily::Triples {
                removed,
                first,
                second,
                step,
            } => {
                let y = first + class_offset(first, second, step);
                Some(vec![
                    Part::Size(first),
                    Part::Size(y),
                    left(removed + first + y),
                ])
            }
        }
    }
}

/// The least d ≥ 0 with first + d ≡ second (mod step).
fn class_offset(first: u64, second: u64, step: u64) -> u64 {
    (second % step + step - first % step) % step
}

/// Σ_{i<n} ⌊(a·i + b)/m⌋ (the classic Euclid-like recursion).
fn floor_sum(mut n: u128, mut m: u128, mut a: u128, mut b: u128) -> u128 {
    let mut sum = 0;
    if n == 0 {
        return 0;
    }
    loop {
        if a >= m {
            sum += n * (n - 1) / 2 * (a / m);
            a %= m;
        }
        if b >= m {
            sum += n * (b / m);
            b %= m;
        }
        let y_max = a * n + b;
        if y_max < m {
            return sum;
        }
        n = y_max / m;
        b = y_max % m;
        std::mem::swap(&mut m, &mut a);
    }
}

/// The winning moves of one heap size of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMoves {
    /// The first heap (0-based) of this size in the position.
    pub heap: usize,
    /// How many heaps of this size the position has (each has these moves).
    pub copies: usize,
    /// Moves listed one by one, each as the heaps it leaves.
    pub moves: Vec<Vec<Part>>,
    /// Moves listed by families.
    pub families: Vec<MoveFamily>,
}

/// Every winning move of a position, by heap size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMovesByHeap {
    /// Only heap sizes with a winning move, in order of first appearance.
    pub by_heap: Vec<HeapMoves>,
}

impl WinningMovesByHeap {
    /// Whether there is none (the position is P, or has no move at all).
    pub fn is_empty(&self) -> bool {
        self.by_heap.is_empty()
    }

    /// How many winning moves there are, counting each heap of a size; `None` when a
    /// family belongs to a huge heap (count it with [`MoveFamily::count`]'s formula).
    /// `heaps` is the position the moves were found for.
    pub fn count(&self, heaps: &[HeapSize]) -> Option<u128> {
        let mut total = 0;
        for moves in &self.by_heap {
            let mut per_heap = moves.moves.len() as u128;
            if !moves.families.is_empty() {
                let HeapSize::Size(size) = heaps[moves.heap] else {
                    return None;
                };
                per_heap += moves.families.iter().map(|f| f.count(size)).sum::<u128>();
            }
            total += per_heap * moves.copies as u128;
        }
        Some(total)
    }

    /// One winning move: the heap and what it leaves (`heaps` as for
    /// [`WinningMovesByHeap::count`]).
    pub fn first(&self, heaps: &[HeapSize]) -> Option<(usize, Vec<Part>)> {
        let moves = self.by_heap.first()?;
        let leaves = match moves.moves.first() {
            Some(leaves) => leaves.clone(),
            None => moves.families.first()?.first_move(heaps[moves.heap])?,
        };
        Some((moves.heap, leaves))
    }
}

/// The misère quotient of a heap game (possibly of its heaps up to some size only).
#[derive(Clone, PartialEq, Eq)]
pub struct Quotient {
    game: String,
    monoid: Monoid,
    in_p: Vec<bool>,
    /// Φ(n) for heaps 0..=N.
    phi: Vec<usize>,
    certificate: Option<Certificate>,
    uniform: Option<UniformMoves>,
    /// The options of the heaps the uniform moves do not describe.
    small_options: Vec<Vec<Vec<usize>>>,
    presentation: Presentation,
    divides: DivideSets,
    new_generators: Vec<usize>,
    growth: Growth,
}

/// A summary: the tables are too long to print.
impl std::fmt::Debug for Quotient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Quotient")
            .field("game", &self.game)
            .field("order", &self.order())
            .field("last_heap", &self.last_heap())
            .field("certificate", &self.certificate)
            .field("presentation", &self.presentation())
            .finish()
    }
}

impl Quotient {
    pub(crate) fn new(
        game: &dyn MisereHeapRules,
        pretension: Pretension,
        certificate: Option<Certificate>,
        new_generators: Vec<usize>,
        growth: Growth,
    ) -> Self {
        let Pretension {
            monoid,
            in_p,
            heaps,
        } = pretension;
        let uniform = game.uniform_moves();
        // The options of the heaps the uniform moves do not describe (all heaps solved
        // when there are none).
        let small = uniform
            .as_ref()
            .map_or(heaps.last_heap(), |u| u.from.min(heaps.last_heap()));
        let options = (0..=small)
            .map(|n| {
                let mut options = Vec::new();
                if n > 0 {
                    game.options(n, &mut options);
                }
                options
            })
            .collect();
        let candidates: Vec<usize> = (1..heaps.image.len())
            .filter(|&h| heaps.has_options(h))
            .map(|h| heaps.image[h])
            .collect();
        let presentation = Presentation::new(&monoid, &candidates);
        let divides =
            DivideSets::new(&monoid, &in_p, &|| false).expect("a quotient's sets are not stopped");
        Quotient {
            game: game.name(),
            monoid,
            in_p,
            phi: heaps.image,
            certificate,
            uniform,
            small_options: options,
            presentation,
            divides,
            new_generators,
            growth,
        }
    }

    /// The game's name.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// How many elements the quotient has.
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// N: the largest heap solved (the quotient is exact for positions with no larger
    /// heap, and for every position when certified).
    pub fn last_heap(&self) -> usize {
        self.phi.len() - 1
    }

    /// The periodicity theorem's certificate, when the quotient holds for every heap.
    pub fn certificate(&self) -> Option<&Certificate> {
        self.certificate.as_ref()
    }

    /// The heaps at which a new generator was needed (the presentation changed).
    pub fn new_generators(&self) -> &[usize] {
        &self.new_generators
    }

    /// How large the candidates grew while it was computed.
    pub fn growth(&self) -> Growth {
        self.growth
    }

    /// Every element, the identity first.
    pub fn elements(&self) -> impl Iterator<Item = Element> + use<> {
        (0..self.monoid.order() as u32).map(Element)
    }

    /// The product of two elements.
    pub fn multiply(&self, x: Element, y: Element) -> Element {
        Element(self.monoid.mul(x.index(), y.index()) as u32)
    }

    /// Whether positions of element `x` are P-positions.
    pub fn is_p(&self, x: Element) -> bool {
        self.in_p[x.index()]
    }

    /// The P-portion.
    pub fn p_portion(&self) -> Vec<Element> {
        self.elements().filter(|&x| self.is_p(x)).collect()
    }

    /// An element as the papers write it, e.g. "a²b".
    pub fn word(&self, x: Element) -> String {
        self.presentation
            .write(&self.presentation.normal_forms[x.index()])
    }

    /// The presentation, e.g. "⟨a, b | a² = 1, b³ = b⟩".
    pub fn presentation(&self) -> String {
        self.presentation.describe()
    }

    /// The generators' elements, in order a, b, c, …
    pub fn generators(&self) -> Vec<Element> {
        let generators = &self.presentation.generators;
        generators.iter().map(|&g| Element(g as u32)).collect()
    }

    /// The relations, as (word, word) pairs the papers would write "lhs = rhs", and
    /// the elements each side stands for.
    pub fn relations(&self) -> Vec<(String, String, Element, Element)> {
        let presentation = &self.presentation;
        let eval = |w: &[u32]| Element(presentation.evaluate(&self.monoid, w) as u32);
        presentation
            .relations
            .iter()
            .map(|(lhs, rhs)| {
                (
                    presentation.write(lhs),
                    presentation.write(rhs),
                    eval(lhs),
                    eval(rhs),
                )
            })
            .collect()
    }

    /// Φ(n), the element of a heap of `n` tokens, for n up to [`Quotient::last_heap`].
    pub fn pretending(&self, n: usize) -> Option<Element> {
        self.phi.get(n).map(|&x| Element(x as u32))
    }

    /// If the quotient is tame — isomorphic to the quotient T_m of misère Nim with
    /// heaps below 2^m, so the misère-Nim rule applies — then m.
    ///
    /// T_0 is trivial and T_1 = ⟨a | a² = 1⟩ with P = {a}. For m ≥ 2, T_m is {1, a}
    /// and a group K of 2^m elements, every one its own inverse, with identity e; a² = 1,
    /// a·e ≠ e, and P = {a, e} (Plambeck 2005; Plambeck & Siegel 2008). Conversely a
    /// bipartite monoid of that shape is T_m: map K onto the nim-sums so that a·e goes
    /// to 1.
    pub fn tame(&self) -> Option<u32> {
        let (t, in_p, order) = (&self.monoid, &self.in_p, self.monoid.order());
        match order {
            1 => return Some(0),
            2 => return (t.mul(1, 1) == 0 && in_p[1]).then_some(1),
            _ => {}
        }
        // The least ideal is Q·z for z the product of every element.
        let z = (0..order).fold(0, |z, x| t.mul(z, x));
        let mut kernel: Vec<usize> = (0..order).map(|x| t.mul(x, z)).collect();
        kernel.sort_unstable();
        kernel.dedup();
        let size = kernel.len();
        if size + 2 != order || size < 4 || !size.is_power_of_two() {
            return None;
        }
        let e = *kernel.iter().find(|&&k| t.mul(k, k) == k)?;
        let outside: Vec<usize> = (1..order)
            .filter(|x| kernel.binary_search(x).is_err())
            .collect();
        let [a] = outside[..] else {
            return None;
        };
        let shape = kernel.iter().all(|&k| t.mul(k, k) == e)
            && t.mul(a, a) == 0
            && t.mul(a, e) != e
            && (0..order).all(|x| in_p[x] == (x == a || x == e));
        shape.then_some(size.trailing_zeros())
    }

    /// The element of one heap.
    pub fn heap_element(&self, heap: HeapSize) -> Result<Element, PositionError> {
        let x = match heap {
            HeapSize::Size(size) => self.phi_of(size)?,
            HeapSize::Huge { residue } => self.periodic(residue, 0)?,
        };
        Ok(Element(x as u32))
    }

    /// The element of a position (the product of its heaps' elements).
    pub fn element_of(&self, heaps: &[HeapSize]) -> Result<Element, PositionError> {
        heaps.iter().try_fold(Element(0), |x, &h| {
            Ok(self.multiply(x, self.heap_element(h)?))
        })
    }

    /// The misère outcome of a position.
    pub fn outcome(&self, heaps: &[HeapSize]) -> Result<MisereOutcome, PositionError> {
        let x = self.element_of(heaps)?;
        Ok(if self.is_p(x) {
            MisereOutcome::P
        } else {
            MisereOutcome::N
        })
    }

    /// Every winning move of a position: the moves to a position whose element is in the
    /// P-portion, listed once per heap size (see the module docs).
    pub fn winning_moves(&self, heaps: &[HeapSize]) -> Result<WinningMovesByHeap, PositionError> {
        // Distinct heap sizes with their first heap and count.
        let mut sizes: Vec<(HeapSize, usize, usize, usize)> = Vec::new();
        let mut seen: HashMap<HeapSize, usize> = HashMap::new();
        for (i, &heap) in heaps.iter().enumerate() {
            match seen.get(&heap) {
                Some(&k) => sizes[k].2 += 1,
                None => {
                    seen.insert(heap, sizes.len());
                    sizes.push((heap, i, 1, self.heap_element(heap)?.index()));
                }
            }
        }
        // Each distinct element to the power of how many heaps have it.
        let mut counts: Vec<(usize, u64)> = Vec::new();
        for &(_, _, copies, x) in &sizes {
            match counts.iter_mut().find(|(y, _)| *y == x) {
                Some((_, c)) => *c += copies as u64,
                None => counts.push((x, copies as u64)),
            }
        }
        let powers: Vec<usize> = counts
            .iter()
            .map(|&(x, c)| self.monoid.power(x, c))
            .collect();
        let mut by_heap = Vec::new();
        for &(heap, first, copies, x) in &sizes {
            // The element of the position without one heap of this size.
            let rest = counts.iter().zip(&powers).fold(0, |r, (&(y, c), &power)| {
                let factor = if y == x {
                    self.monoid.power(y, c - 1)
                } else {
                    power
                };
                self.monoid.mul(r, factor)
            });
            let targets = self.divides.of(rest);
            let (moves, families) = self.moves_into(heap, targets)?;
            if !moves.is_empty() || !families.is_empty() {
                by_heap.push(HeapMoves {
                    heap: first,
                    copies,
                    moves,
                    families,
                });
            }
        }
        Ok(WinningMovesByHeap { by_heap })
    }

    /// Φ of a heap of `size` tokens.
    fn phi_of(&self, size: u64) -> Result<usize, PositionError> {
        if let Some(&x) = usize::try_from(size).ok().and_then(|s| self.phi.get(s)) {
            return Ok(x);
        }
        match &self.certificate {
            Some(c) => {
                let (n0, p) = (c.preperiod as u64, c.period as u64);
                Ok(self.phi[c.preperiod + ((size - n0) % p) as usize])
            }
            None => Err(PositionError::HeapBeyondQuotient {
                size,
                last_heap: self.last_heap(),
            }),
        }
    }

    /// Φ of a heap of size n0 + residue − minus (mod p), for heaps beyond the table.
    fn periodic(&self, residue: u64, minus: u64) -> Result<usize, PositionError> {
        match &self.certificate {
            Some(c) if residue < c.period as u64 => {
                let p = c.period as u64;
                Ok(self.phi[c.preperiod + ((residue + p - minus % p) % p) as usize])
            }
            other => Err(PositionError::InvalidResidue {
                residue,
                period: other.map(|c| c.period),
            }),
        }
    }

    /// The moves of one heap into an element of `targets`, as single moves and families.
    fn moves_into(
        &self,
        heap: HeapSize,
        targets: &[u64],
    ) -> Result<(Vec<Vec<Part>>, Vec<MoveFamily>), PositionError> {
        let hit = |x: usize| targets[x / 64] >> (x % 64) & 1 == 1;
        let mut moves = Vec::new();
        let mut families = Vec::new();
        if let HeapSize::Size(size) = heap {
            let small = usize::try_from(size)
                .ok()
                .and_then(|s| self.small_options.get(s));
            if let Some(options) = small {
                for option in options {
                    let x = option
                        .iter()
                        .fold(0, |x, &h| self.monoid.mul(x, self.phi[h]));
                    if hit(x) {
                        moves.push(option.iter().map(|&h| Part::Size(h as u64)).collect());
                    }
                }
                return Ok((moves, families));
            }
        }
        let uniform = self.uniform.as_ref().ok_or(match heap {
            HeapSize::Size(size) => PositionError::HeapBeyondQuotient {
                size,
                last_heap: self.last_heap(),
            },
            HeapSize::Huge { residue } => PositionError::InvalidResidue {
                residue,
                period: None,
            },
        })?;
        let splits = Splits::new(self, heap)?;
        for &take in &uniform.takes {
            splits.of_take(take, &hit, &mut moves, &mut families)?;
        }
        Ok((moves, families))
    }
}

/// The splits of one heap beyond the small ones, by take (see the module docs).
struct Splits<'q> {
    quotient: &'q Quotient,
    heap: HeapSize,
    /// A = n0 + p, from which parts go by residue class (never when uncertified).
    classes_from: u64,
    /// p, or 0 when uncertified.
    period: u64,
}

impl<'q> Splits<'q> {
    fn new(quotient: &'q Quotient, heap: HeapSize) -> Result<Self, PositionError> {
        if let HeapSize::Size(size) = heap {
            quotient.phi_of(size)?;
        }
        let (classes_from, period) = match &quotient.certificate {
            Some(c) => ((c.preperiod + c.period) as u64, c.period as u64),
            None => (u64::MAX, 0),
        };
        Ok(Splits {
            quotient,
            heap,
            classes_from,
            period,
        })
    }

    /// The heap less `minus` tokens: the part, and its element.
    fn less(&self, minus: u64) -> Result<(Part, usize), PositionError> {
        Ok(match self.heap {
            HeapSize::Size(size) => (
                Part::Size(size - minus),
                self.quotient.phi_of(size - minus)?,
            ),
            HeapSize::Huge { residue } => (
                Part::HeapMinus(minus),
                self.quotient.periodic(residue, minus)?,
            ),
        })
    }

    /// The tokens the heap has beyond `minus`, capped for huge heaps (never below).
    fn beyond(&self, minus: u64) -> Option<u64> {
        match self.heap {
            HeapSize::Size(size) => size.checked_sub(minus),
            HeapSize::Huge { .. } => Some(u64::MAX),
        }
    }

    fn mul(&self, x: usize, y: usize) -> usize {
        self.quotient.monoid.mul(x, y)
    }

    fn phi(&self, size: u64) -> Result<usize, PositionError> {
        self.quotient.phi_of(size)
    }

    /// The first member, from A on, of each residue class (none when uncertified).
    fn classes(&self) -> impl Iterator<Item = u64> + use<> {
        let from = self.classes_from;
        (0..self.period).map(move |r| from + r)
    }

    fn of_take(
        &self,
        take: Take,
        hit: &dyn Fn(usize) -> bool,
        moves: &mut Vec<Vec<Part>>,
        families: &mut Vec<MoveFamily>,
    ) -> Result<(), PositionError> {
        let j = take.removed as u64;
        let Some(rest) = self.beyond(j) else {
            return Ok(());
        };
        match take.parts {
            1 if rest >= 1 => {
                let (part, x) = self.less(j)?;
                if hit(x) {
                    moves.push(vec![part]);
                }
            }
            2 => self.pairs(j, None, hit, moves, families)?,
            3 => {
                // x < A: fixed, the other two split the remainder.
                for x in (1..self.classes_from).take_while(|&x| 3 * x <= rest) {
                    self.pairs(j, Some(x), hit, moves, families)?;
                }
                // All three from A on: by the classes of x and y.
                for x in self.classes() {
                    for y in self.classes() {
                        let family = MoveFamily::Triples {
                            removed: j,
                            first: x,
                            second: y,
                            step: self.period,
                        };
                        if family.first_move(self.heap).is_none() {
                            continue;
                        }
                        let y_first = x + class_offset(x, y, self.period);
                        let z = self.less(j + x + y_first)?.1;
                        if hit(self.mul(self.mul(self.phi(x)?, self.phi(y_first)?), z)) {
                            families.push(family);
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Splits of the heap less j (and less `fixed`) into two parts x ≤ rest − x, where
    /// `fixed` ≤ x: one by one below A, by class from A on.
    fn pairs(
        &self,
        j: u64,
        fixed: Option<u64>,
        hit: &dyn Fn(usize) -> bool,
        moves: &mut Vec<Vec<Part>>,
        families: &mut Vec<MoveFamily>,
    ) -> Result<(), PositionError> {
        let f = fixed.unwrap_or(0);
        let Some(rest) = self.beyond(j + f) else {
            return Ok(());
        };
        let half = rest / 2;
        let fixed_x = match fixed {
            Some(f) => self.phi(f)?,
            None => 0,
        };
        let low = fixed.unwrap_or(1);
        for x in (low..self.classes_from).take_while(|&x| x <= half) {
            let (part, z) = self.less(j + f + x)?;
            if hit(self.mul(self.mul(fixed_x, self.phi(x)?), z)) {
                moves.push(
                    fixed
                        .map(Part::Size)
                        .into_iter()
                        .chain([Part::Size(x), part])
                        .collect(),
                );
            }
        }
        for x in self.classes().take_while(|&x| x <= half) {
            let z = self.less(j + f + x)?.1;
            if hit(self.mul(self.mul(fixed_x, self.phi(x)?), z)) {
                families.push(MoveFamily::Pairs {
                    removed: j,
                    fixed,
                    first: x,
                    step: self.period,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_counts_match_enumeration() {
        for heap in 0..60u64 {
            for step in 1..5u64 {
                for first in 1..8u64 {
                    let pairs = MoveFamily::Pairs {
                        removed: 2,
                        fixed: Some(1),
                        first,
                        step,
                    };
                    let rest = heap.saturating_sub(3);
                    let expected = (first..)
                        .step_by(step as usize)
                        .take_while(|&x| heap >= 3 && 2 * x <= rest)
                        .count();
                    assert_eq!(pairs.count(heap), expected as u128);
                    for second in 1..8u64 {
                        let triples = MoveFamily::Triples {
                            removed: 1,
                            first,
                            second,
                            step,
                        };
                        let rest = heap.saturating_sub(1);
                        let mut expected = 0;
                        for x in (first..=rest).step_by(step as usize) {
                            for y in x..=rest {
                                if y % step == second % step && x + 2 * y <= rest {
                                    expected += 1;
                                }
                            }
                        }
                        assert_eq!(
                            triples.count(heap),
                            expected,
                            "{heap} {step} {first} {second}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_family_of_step_zero_is_empty() {
        let family = MoveFamily::Triples {
            removed: 1,
            first: 3,
            second: 4,
            step: 0,
        };
        assert_eq!(family.count(100), 0);
        assert_eq!(family.first_move(HeapSize::Huge { residue: 0 }), None);
    }

    #[test]
    fn floor_sums() {
        let brute =
            |n: u128, m: u128, a: u128, b: u128| (0..n).map(|i| (a * i + b) / m).sum::<u128>();
        for n in 0..12 {
            for m in 1..7 {
                for a in 0..9 {
                    for b in 0..9 {
                        assert_eq!(floor_sum(n, m, a, b), brute(n, m, a, b));
                    }
                }
            }
        }
    }
}
