//! The quotient of a heap game, heap by heap (Plambeck & Siegel 2008 and the algorithms
//! of its supplement, appendix C; Siegel's MisereSolver works this way).
//!
//! Q_n is the misère quotient of all sums of heaps of at most n tokens. Given Q_(n−1)
//! and its pretending function Φ, heap n is added:
//! 1. **Conservative extension.** If heap n behaves like an element x already there,
//!    Q_n = Q_(n−1) and Φ(n) = x. Candidates x are tried with the P-condition and the
//!    search of words containing heap n (module `verify`); when a smaller heap with the
//!    same image has a subset of heap n's option elements, the search is not needed.
//! 2. **New generator.** Otherwise the candidate is Q_(n−1) × ⟨g | g⁴ = g²⟩ with
//!    Φ(n) = g; its P-portion is decided by least words and it is reduced
//!    (module `pretension`), then verified on every word.
//! 3. **Refinement.** When a candidate fails, its least failing word F is a true
//!    counterexample: every smaller word is right, so F's true outcome is the one its
//!    options give, the opposite of the candidate's claim. Some heaps of F are then
//!    freed: each gets a cyclic factor of its own, large enough to hold F's exponent,
//!    while the other heaps keep the relations the candidate found. Subsets of F's
//!    heaps are tried smallest first, and the first candidate right about F is kept;
//!    then it is verified in turn.
//!
//! **Periodicity theorem.** Suppose heaps of more than `from` tokens move uniformly:
//! remove at most k tokens and leave at most s non-empty heaps, in every way (octal
//! codes: s = 2, k the code length). If Φ_N(n + p) = Φ_N(n) for every n ≥ n0 ≥ 1 with
//! n + p ≤ N, where N ≥ s·(n0 + p) + k − 1 and N ≥ from + p, then Φ(n + p) = Φ(n) for
//! every n ≥ n0 and Q_N is the quotient of the whole game. This is the misère analogue
//! of the Guy–Smith theorem (Plambeck & Siegel 2008; Siegel, "Misère games and misère
//! quotients", 2017). Proof: for M > N the options of M and of M − p have the same
//! elements — an option of M leaves a part of at least (M − k)/s ≥ n0 + p tokens,
//! which loses p tokens to give an option of M − p with the same element, and an option
//! of M − p has a part of at least (M − p − k)/s ≥ n0, which gains p — so, by induction
//! on M, heap M can pretend to be Φ(M − p): every word containing it has the element
//! and option elements of a word that passed verification. (MisereSolver asks a little
//! more, N ≥ s·(n0 + p) + k + s − 1.)

use crate::game::{HeapGame, UniformMoves};
use crate::monoid::{Cyclic, Multiply, Product};
use crate::pretension::{HeapImages, Marking, Pretension, transitions_of};
use crate::quotient::{Certificate, Growth, Quotient};
use crate::verify::{Explorer, TooManyWords, Verdict, verify};
use crate::word::Word;
use std::fmt;

/// Limits on the computation; each is met with a typed error, never a hang.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The largest heap to solve (at most [`MAX_HEAP`]).
    pub max_heap: usize,
    /// The most elements a candidate monoid may have before it is reduced (at most
    /// [`MAX_CANDIDATE_ORDER`]; memory grows linearly with it).
    pub max_candidate_order: usize,
    /// The most elements a reduced candidate, and so the quotient, may have (at most
    /// [`MAX_ORDER`]; its table takes 4·order² bytes).
    pub max_order: usize,
    /// The most words a verification may keep.
    pub max_words: usize,
    /// The most refinements at one heap.
    pub max_refinements: usize,
}

/// Largest value of [`Bounds::max_heap`] (the work per heap grows with the heap).
pub const MAX_HEAP: usize = 20_000;

/// Largest value of [`Bounds::max_candidate_order`].
pub const MAX_CANDIDATE_ORDER: usize = 1 << 26;

/// Largest value of [`Bounds::max_order`].
pub const MAX_ORDER: usize = 1 << 16;

/// The defaults solve every two- and three-digit octal code found solvable here (none
/// needed a candidate of more than 78 elements, 192 before reduction) and give up on
/// the other two-digit codes within about ten seconds (most in under two). A
/// verification keeps about `max_words · order / 8` bytes.
impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_heap: 1000,
            max_candidate_order: 1 << 15,
            max_order: 1 << 10,
            max_words: 1 << 18,
            max_refinements: 1000,
        }
    }
}

/// For each p, the largest heap n ≥ 1 with Φ(n) ≠ Φ(n + p) (0 when there is none).
#[derive(Debug, Default)]
struct Mismatches(Vec<usize>);

impl Mismatches {
    fn rebuild(image: &[usize]) -> Self {
        let mut mismatches = Mismatches::default();
        for n in 1..image.len() {
            mismatches.add(image, n);
        }
        mismatches
    }

    /// Account for heap `last`, just added.
    fn add(&mut self, image: &[usize], last: usize) {
        self.0.resize(last + 1, 0);
        for p in 1..last {
            if image[last - p] != image[last] {
                self.0[p] = last - p;
            }
        }
    }

    /// The certificate with the least period, if the theorem applies at heap `last`.
    fn certificate(&self, last: usize, uniform: &UniformMoves) -> Option<Certificate> {
        let (s, k) = (uniform.max_parts(), uniform.max_removed());
        (1..self.0.len()).find_map(|period| {
            let preperiod = self.0[period] + 1;
            let required_heap = (s * (preperiod + period) + k - 1).max(uniform.from + period);
            (required_heap <= last).then_some(Certificate {
                preperiod,
                period,
                last_heap: last,
                required_heap,
                max_parts: s,
                max_removed: k,
            })
        })
    }
}

/// The state of the computation after some heaps.
struct Solver<'g> {
    game: &'g dyn HeapGame,
    bounds: Bounds,
    /// The options of every heap so far.
    options: Vec<Vec<Vec<usize>>>,
    /// Q_n with Φ on heaps 0..=n.
    current: Pretension,
    /// The verification's words for `current`, to extend by one heap.
    explorer: Explorer,
    growth: Growth,
    /// The heaps at which the presentation changed.
    new_generators: Vec<usize>,
}

/// How a heap step can fail.
enum Failure {
    Shortfall(Shortfall),
    Words(TooManyWords),
}

impl From<TooManyWords> for Failure {
    fn from(e: TooManyWords) -> Self {
        Failure::Words(e)
    }
}

/// Why no certified quotient was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shortfall {
    /// The bounds themselves are unusable.
    InvalidBounds(String),
    /// The game's rules broke their contract: an option of heap `heap` leaves a heap that
    /// is empty or not smaller.
    BadOptions { heap: usize },
    /// Every heap up to the bound was solved, but the pretending function showed no
    /// period the periodicity theorem accepts.
    NoPeriod { max_heap: usize },
    /// Large heaps of this game do not all move alike, so no quotient can be certified
    /// for every heap size (the partial quotient is exact up to `max_heap`).
    NotCertifiable { max_heap: usize },
    /// At heap `heap` every candidate would have had more than `max_order` elements
    /// once reduced, or more than `max_candidate_order` before.
    CandidateTooLarge {
        heap: usize,
        max_candidate_order: usize,
        max_order: usize,
    },
    /// At heap `heap` the verification kept more than `bound` words.
    VerificationTooLarge { heap: usize, bound: usize },
    /// At heap `heap` the candidates were refined `bound` times without success.
    RefinementLimit { heap: usize, bound: usize },
    /// At heap `heap` no way of refining the candidate corrected its least failure.
    RefinementStuck { heap: usize },
}

/// No certified quotient within the bounds: why, and how far the computation got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientError {
    /// Why it stopped.
    pub shortfall: Shortfall,
    /// The exact quotient of the heaps that were solved (`partial.last_heap()` says how
    /// far, `partial.growth()` how large the candidates grew), without a certificate.
    pub partial: Box<Quotient>,
}

impl fmt::Display for QuotientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.partial.game();
        match &self.shortfall {
            Shortfall::InvalidBounds(why) => return write!(f, "{game}: invalid bounds: {why}"),
            Shortfall::BadOptions { heap } => {
                return write!(
                    f,
                    "{game}: an option of heap {heap} leaves an empty heap or one not smaller"
                );
            }
            Shortfall::NoPeriod { max_heap } => write!(
                f,
                "{game}: no period of the pretending function certified with heaps up to \
                 {max_heap}"
            )?,
            Shortfall::NotCertifiable { max_heap } => write!(
                f,
                "{game}: its large heaps do not all move alike, so the quotient is certified \
                 only for heaps up to {max_heap}"
            )?,
            Shortfall::CandidateTooLarge {
                heap,
                max_candidate_order,
                max_order,
            } => write!(
                f,
                "{game}: at heap {heap} every candidate quotient would have more than \
                 {max_order} elements, or more than {max_candidate_order} before reduction"
            )?,
            Shortfall::VerificationTooLarge { heap, bound } => write!(
                f,
                "{game}: at heap {heap} the verification would keep more than {bound} words"
            )?,
            Shortfall::RefinementLimit { heap, bound } => write!(
                f,
                "{game}: at heap {heap} the candidate was refined {bound} times without \
                 success"
            )?,
            Shortfall::RefinementStuck { heap } => write!(
                f,
                "{game}: at heap {heap} no refinement of the candidate corrected its least \
                 failure"
            )?,
        }
        let growth = self.partial.growth();
        write!(
            f,
            " (solved through heap {}: quotient of order {}; largest candidate {} elements, \
             {} before reduction)",
            self.partial.last_heap(),
            self.partial.order(),
            growth.largest_candidate,
            growth.largest_product
        )
    }
}

impl std::error::Error for QuotientError {}

/// The misère quotient of `game`, certified for heaps of every size by the periodicity
/// theorem, or why it was not found within `bounds` (with the exact quotient of the
/// heaps solved so far).
pub fn quotient(game: &dyn HeapGame, bounds: &Bounds) -> Result<Quotient, QuotientError> {
    solve(game, bounds, true)
}

/// The misère quotient Q_N of the heaps of at most N = `bounds.max_heap` tokens, exact
/// for positions with no larger heap; certified too if the theorem applies by then.
pub fn partial_quotient(game: &dyn HeapGame, bounds: &Bounds) -> Result<Quotient, QuotientError> {
    solve(game, bounds, false)
}

fn solve(game: &dyn HeapGame, bounds: &Bounds, certify: bool) -> Result<Quotient, QuotientError> {
    let mut solver = Solver {
        game,
        bounds: *bounds,
        options: vec![Vec::new()],
        current: Pretension::trivial(),
        explorer: Explorer::new(&Pretension::trivial().table, &[false]),
        growth: Growth {
            largest_candidate: 1,
            largest_product: 1,
        },
        new_generators: Vec::new(),
    };
    if let Some(why) = invalid_bounds(bounds) {
        return Err(solver.error(Shortfall::InvalidBounds(why)));
    }
    let uniform = game.uniform_moves();
    let mut mismatches = Mismatches::default();
    for n in 1..=bounds.max_heap {
        let changed = match solver.add_heap(n) {
            Ok(changed) => changed,
            Err(Failure::Shortfall(shortfall)) => return Err(solver.error(shortfall)),
            Err(Failure::Words(TooManyWords)) => {
                let shortfall = Shortfall::VerificationTooLarge {
                    heap: n,
                    bound: bounds.max_words,
                };
                return Err(solver.error(shortfall));
            }
        };
        let image = &solver.current.heaps.image;
        if changed {
            mismatches = Mismatches::rebuild(image);
        } else {
            mismatches.add(image, n);
        }
        if let Some(certificate) = uniform.and_then(|u| mismatches.certificate(n, u)) {
            return Ok(solver.finish(Some(certificate)));
        }
    }
    if certify {
        let max_heap = bounds.max_heap;
        let shortfall = match uniform {
            Some(_) => Shortfall::NoPeriod { max_heap },
            None => Shortfall::NotCertifiable { max_heap },
        };
        Err(solver.error(shortfall))
    } else {
        Ok(solver.finish(None))
    }
}

fn invalid_bounds(bounds: &Bounds) -> Option<String> {
    if bounds.max_heap == 0 || bounds.max_heap > MAX_HEAP {
        return Some(format!("the largest heap must be from 1 to {MAX_HEAP}"));
    }
    if bounds.max_candidate_order < 2 || bounds.max_candidate_order > MAX_CANDIDATE_ORDER {
        return Some(format!(
            "the largest candidate must have from 2 to {MAX_CANDIDATE_ORDER} elements"
        ));
    }
    if bounds.max_order < 2 || bounds.max_order > MAX_ORDER {
        return Some(format!(
            "the quotient must be allowed from 2 to {MAX_ORDER} elements"
        ));
    }
    if bounds.max_words == 0 || bounds.max_refinements == 0 {
        return Some("the verification and the refinements need room".to_string());
    }
    None
}

impl Solver<'_> {
    fn error(self, shortfall: Shortfall) -> QuotientError {
        QuotientError {
            shortfall,
            partial: Box::new(self.finish(None)),
        }
    }

    fn finish(mut self, certificate: Option<Certificate>) -> Quotient {
        // A heap that failed was not solved.
        self.options.truncate(self.current.heaps.image.len());
        Quotient::new(
            self.game,
            self.current,
            self.options,
            certificate,
            self.new_generators,
            self.growth,
        )
    }

    /// Solve heap `n`; whether the presentation changed.
    fn add_heap(&mut self, n: usize) -> Result<bool, Failure> {
        let mut options = Vec::new();
        self.game.options(n, &mut options);
        if options.iter().flatten().any(|&h| h == 0 || h >= n) {
            return Err(Failure::Shortfall(Shortfall::BadOptions { heap: n }));
        }
        let table = &self.current.table;
        let transitions = transitions_of(table, &self.current.heaps.image, &options);
        self.options.push(options);
        if transitions.is_empty() {
            self.push_heap(0, transitions);
            return Ok(false);
        }
        if let Some(x) = self.conservative_image(n, &transitions)? {
            self.push_heap(x, transitions);
            return Ok(false);
        }
        self.new_generator(n)?;
        self.new_generators.push(n);
        Ok(true)
    }

    fn push_heap(&mut self, image: usize, transitions: Vec<usize>) {
        self.current.heaps.image.push(image);
        self.current.heaps.transitions.push(transitions);
    }

    /// The element heap `n` can pretend to be without changing the quotient, if any;
    /// the words searched for it are kept.
    fn conservative_image(
        &mut self,
        n: usize,
        transitions: &[usize],
    ) -> Result<Option<usize>, Failure> {
        let (table, in_p) = (&self.current.table, &self.current.in_p);
        let alone_in_p = !transitions.iter().any(|&t| in_p[t]);
        let sigma = self.explorer.sigma_of(transitions);
        let possible: Vec<usize> = (0..table.order())
            .filter(|&x| in_p[x] == alone_in_p && self.explorer.p_condition_holds(x, &sigma))
            .collect();
        // A word already kept of element x with a smaller σ dominates heap n: it
        // plays as x (Siegel's mex interpolation).
        if let Some(&x) = possible
            .iter()
            .find(|&&x| self.explorer.dominated(x, &sigma))
        {
            return Ok(Some(x));
        }
        for x in possible {
            let kept = self.explorer.len();
            let max_words = self.bounds.max_words;
            match self
                .explorer
                .add_heap(table, in_p, n, x, transitions, max_words)?
            {
                None => return Ok(Some(x)),
                Some(_) => self.explorer.truncate(kept),
            }
        }
        Ok(None)
    }

    /// Heap `n` is a new generator: find and verify the new quotient.
    fn new_generator(&mut self, n: usize) -> Result<(), Failure> {
        let doubling = Cyclic {
            index: 2,
            period: 2,
        };
        let base = self.current.table.clone();
        let mut image: Vec<usize> = self.current.heaps.image.clone();
        let product = Product::new(base, vec![doubling], self.bounds.max_candidate_order)
            .ok_or(Failure::Shortfall(self.too_large(n)))?;
        for x in image.iter_mut() {
            *x = product.embed(*x, None);
        }
        image.push(product.embed(0, Some(0)));
        let mut candidate = self
            .reduce_candidate(&product, image)
            .ok_or(Failure::Shortfall(self.too_large(n)))?;
        for _ in 0..self.bounds.max_refinements {
            match verify(&candidate, self.bounds.max_words)? {
                Verdict::Holds(explorer) => {
                    self.current = candidate;
                    self.explorer = explorer;
                    return Ok(());
                }
                Verdict::Fails(word) => candidate = self.refine(n, &candidate, &word)?,
            }
        }
        Err(Failure::Shortfall(Shortfall::RefinementLimit {
            heap: n,
            bound: self.bounds.max_refinements,
        }))
    }

    fn too_large(&self, heap: usize) -> Shortfall {
        Shortfall::CandidateTooLarge {
            heap,
            max_candidate_order: self.bounds.max_candidate_order,
            max_order: self.bounds.max_order,
        }
    }

    /// Mark and reduce the candidate whose heaps have `image` in `product` (`None` when
    /// the reduced candidate has more elements than allowed).
    fn reduce_candidate(&mut self, product: &Product, image: Vec<usize>) -> Option<Pretension> {
        self.note_product(product);
        let heaps = HeapImages::new(product, image, &self.options);
        let marking = Marking::new(product, &heaps);
        self.reduce_marked(product, &heaps, &marking)
    }

    fn note_product(&mut self, product: &Product) {
        let growth = &mut self.growth;
        growth.largest_product = growth.largest_product.max(product.order());
    }

    /// Reduce a marked candidate (`None` when it has more elements than allowed).
    fn reduce_marked(
        &mut self,
        product: &Product,
        heaps: &HeapImages,
        marking: &Marking,
    ) -> Option<Pretension> {
        let reduced = marking.reduce(product, heaps, self.bounds.max_order)?;
        let growth = &mut self.growth;
        growth.largest_candidate = growth.largest_candidate.max(reduced.table.order());
        Some(reduced)
    }

    /// A candidate right about `failure`, where `candidate` was wrong (module docs).
    fn refine(
        &mut self,
        n: usize,
        candidate: &Pretension,
        failure: &Word,
    ) -> Result<Pretension, Failure> {
        let heaps = &candidate.heaps;
        let should_be_p = !candidate.in_p[heaps.element_of(&candidate.table, failure)];
        let involved: Vec<usize> = failure.support().map(|(h, _)| h).collect();
        let mut skipped = false;
        for size in 1..=involved.len() {
            for freed in combinations(&involved, size) {
                let Some(product) = self.freed_product(candidate, &freed, failure) else {
                    skipped = true;
                    continue;
                };
                let image = (0..=n)
                    .map(|h| match freed.iter().position(|&f| f == h) {
                        Some(i) => product.embed(0, Some(i)),
                        None => product.embed(heaps.image[h], None),
                    })
                    .collect();
                let monoid = &product.monoid;
                self.note_product(monoid);
                let images = HeapImages::new(monoid, image, &self.options);
                let marking = Marking::new(monoid, &images);
                // Reduction keeps P-portions, so the marking already says whether this
                // candidate is right about the failure.
                let failure_element = images.element_of(monoid, failure);
                let claim = marking
                    .position_of(failure_element)
                    .is_some_and(|i| marking.in_p[i]);
                if claim != should_be_p {
                    continue;
                }
                match self.reduce_marked(monoid, &images, &marking) {
                    Some(refined) => return Ok(refined),
                    None => skipped = true,
                }
            }
        }
        Err(Failure::Shortfall(if skipped {
            self.too_large(n)
        } else {
            Shortfall::RefinementStuck { heap: n }
        }))
    }

    /// The monoid generated by the images of the heaps not `freed`, times a cyclic
    /// factor for each freed heap (None when it would be too large).
    fn freed_product(
        &self,
        candidate: &Pretension,
        freed: &[usize],
        failure: &Word,
    ) -> Option<FreedProduct> {
        let heaps = &candidate.heaps;
        let kept: Vec<usize> = (1..=heaps.last_heap())
            .filter(|h| heaps.has_options(*h) && !freed.contains(h))
            .map(|h| heaps.image[h])
            .collect();
        let (base, number) = candidate.table.submonoid(&kept);
        let factors = freed
            .iter()
            .map(|&h| {
                let (index, _) = candidate.table.index_and_period(heaps.image[h]);
                let index = index.max(failure.exponent(h) as usize - 1);
                // An even period, longer for heaps whose powers settle late (as in
                // MisereSolver): a candidate too generous is reduced anyway.
                let period = if index >= 6 { 2 * ((index - 4) / 2) } else { 2 };
                Cyclic { index, period }
            })
            .collect();
        let monoid = Product::new(base, factors, self.bounds.max_candidate_order)?;
        Some(FreedProduct { monoid, number })
    }
}

/// A product built by [`Solver::freed_product`], with the number each kept element of
/// the old candidate has in its base.
struct FreedProduct {
    monoid: Product,
    number: Vec<Option<u32>>,
}

impl FreedProduct {
    /// The element of a kept old element (`factor: None`), or of freed heap `factor`.
    fn embed(&self, old: usize, factor: Option<usize>) -> usize {
        match factor {
            Some(_) => self.monoid.embed(0, factor),
            None => self.number[old].map_or(0, |b| self.monoid.embed(b as usize, None)),
        }
    }
}

/// Every subset of `items` with `size` elements, in lexicographic order.
fn combinations(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], size - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_in_order() {
        assert_eq!(
            combinations(&[1, 2, 3], 2),
            vec![vec![1, 2], vec![1, 3], vec![2, 3]]
        );
        assert_eq!(combinations(&[4], 1), vec![vec![4]]);
    }

    #[test]
    fn mismatches_find_the_least_period() {
        // Φ = 1 a a b b b b … from heap 0: period 1 from heap 3.
        let uniform = UniformMoves {
            from: 2,
            takes: vec![crate::game::Take {
                removed: 2,
                parts: 2,
            }],
        };
        let mut image = vec![0, 1, 1];
        let mut mismatches = Mismatches::rebuild(&image);
        let mut found = None;
        for n in 3..20 {
            image.push(2);
            mismatches.add(&image, n);
            if let Some(c) = mismatches.certificate(n, &uniform) {
                found = Some(c);
                break;
            }
        }
        // s(n0 + p) + k − 1 = 2·(3 + 1) + 2 − 1 = 9.
        let certificate = found.unwrap();
        assert_eq!((certificate.preperiod, certificate.period), (3, 1));
        assert_eq!(certificate.last_heap, 9);
        assert_eq!(certificate.required_heap, 9);
    }
}
