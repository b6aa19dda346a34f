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

use crate::game::{MisereHeapRules, UniformMoves};
use crate::monoid::{Cyclic, Layout, MAX_TABLE_ORDER, Monoid, Multiply, Product};
use crate::pretension::{
    HeapImages, MARKING_BYTES_PER_ELEMENT, Marking, Pretension, coarsest_partition, transitions_of,
};
use crate::quotient::{Certificate, Growth, Quotient};
use crate::verify::{Explorer, Halt, Verdict, verify};
use crate::word::Word;
use std::fmt;

/// What the computation may use; past any of it, it stops with a typed error that says
/// how far it got and what it would have needed, never with an abort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The largest heap to solve (at most [`MAX_HEAP`]).
    pub max_heap: usize,
    /// Bytes the computation may hold: the quotient (a multiplication table of
    /// 2·order² bytes where it fits, else its generators' actions), the verification
    /// (order²/8 bytes, and its words), and the candidates before reduction (about 50
    /// bytes an element). The partial quotient returned on failure is extra (about
    /// what its monoid takes again).
    pub memory: usize,
    /// The most elements a reduced candidate, and so the quotient, may have (at most
    /// [`MAX_ORDER`]).
    pub max_order: usize,
    /// The most elements a candidate may have before it is reduced.
    pub max_candidate_order: usize,
}

/// Largest value of [`Bounds::max_heap`]: each heap's options are listed again for every
/// candidate, so the work grows as the square of the heaps.
pub const MAX_HEAP: usize = 1_000_000;

/// Largest value of [`Bounds::max_order`]: a verification of that order would need 32
/// TiB, so memory is always the bound that counts.
pub const MAX_ORDER: usize = 1 << 24;

/// Bytes kept per heap solved (its image, its options' elements, the periodicity
/// check).
const HEAP_BYTES: usize = 64;

/// The defaults solve every two- and three-digit octal code found solvable here (none
/// needed a candidate of more than 78 elements, 192 before reduction) and give up on
/// the other two-digit codes within about ten seconds (most in under two), within
/// 512 MiB.
impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_heap: 1000,
            memory: 512 << 20,
            max_order: 1 << 10,
            max_candidate_order: 1 << 15,
        }
    }
}

impl Bounds {
    /// Bounds of heaps and memory only: candidates and quotients as large as `memory`
    /// allows.
    pub fn memory_only(max_heap: usize, memory: usize) -> Self {
        Bounds {
            max_heap,
            memory,
            max_order: MAX_ORDER,
            max_candidate_order: usize::MAX,
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

/// What a computation would have needed to go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// A candidate of `elements` elements once reduced, more than `max`.
    Order { elements: usize, max: usize },
    /// A candidate of `elements` elements before reduction, more than `max`.
    CandidateOrder { elements: usize, max: usize },
    /// `bytes` of memory for `what`, more than the `budget`.
    Memory {
        bytes: usize,
        budget: usize,
        what: &'static str,
    },
}

impl Need {
    /// The smaller of two needs (by bytes when both are memory; else the first).
    fn least(self, other: Need) -> Need {
        match (self, other) {
            (Need::Memory { bytes: a, .. }, Need::Memory { bytes: b, .. }) if b < a => other,
            _ => self,
        }
    }
}

impl fmt::Display for Need {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Need::Order { elements, max } => write!(
                f,
                "a candidate quotient of {elements} elements, more than the {max} allowed"
            ),
            Need::CandidateOrder { elements, max } => write!(
                f,
                "a candidate of {elements} elements before reduction, more than the {max} \
                 allowed"
            ),
            Need::Memory {
                bytes,
                budget,
                what,
            } => write!(
                f,
                "{} MiB for {what}, more than the {} MiB allowed",
                bytes.div_ceil(1 << 20),
                budget >> 20
            ),
        }
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
    /// At heap `heap` going on would need more than the bounds allow.
    TooLarge { heap: usize, need: Need },
    /// At heap `heap` the computation was asked to stop.
    Stopped { heap: usize },
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

impl QuotientError {
    /// Why it stopped, in words, e.g. "0.07: stopped at heap 35".
    pub fn reason(&self) -> String {
        let game = self.partial.game();
        match &self.shortfall {
            Shortfall::InvalidBounds(why) => format!("{game}: invalid bounds: {why}"),
            Shortfall::BadOptions { heap } => {
                format!("{game}: an option of heap {heap} leaves an empty heap or one not smaller")
            }
            Shortfall::NoPeriod { max_heap } => format!(
                "{game}: no period of the pretending function certified with heaps up to \
                 {max_heap}"
            ),
            Shortfall::NotCertifiable { max_heap } => format!(
                "{game}: its large heaps do not all move alike, so the quotient is certified \
                 only for heaps up to {max_heap}"
            ),
            Shortfall::TooLarge { heap, need } => format!("{game}: heap {heap} would need {need}"),
            Shortfall::Stopped { heap } => format!("{game}: stopped at heap {heap}"),
            Shortfall::RefinementStuck { heap } => format!(
                "{game}: at heap {heap} no refinement of the candidate corrected its least \
                 failure"
            ),
        }
    }

    /// How far it got, e.g. "solved through heap 34: quotient of order 638; largest
    /// candidate 1132 elements, 11968 before reduction".
    pub fn progress(&self) -> String {
        let growth = self.partial.growth();
        format!(
            "solved through heap {}: quotient of order {}; largest candidate {} elements, {} \
             before reduction",
            self.partial.last_heap(),
            self.partial.order(),
            growth.largest_candidate,
            growth.largest_product
        )
    }
}

/// The reason, with how far it got unless the bounds or the rules were at fault.
impl fmt::Display for QuotientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.shortfall {
            Shortfall::InvalidBounds(_) | Shortfall::BadOptions { .. } => {
                write!(f, "{}", self.reason())
            }
            _ => write!(f, "{} ({})", self.reason(), self.progress()),
        }
    }
}

impl std::error::Error for QuotientError {}

/// The misère quotient of `game`, certified for heaps of every size by the periodicity
/// theorem, or why it was not found within `bounds` (with the exact quotient of the
/// heaps solved so far).
pub fn quotient(game: &dyn MisereHeapRules, bounds: &Bounds) -> Result<Quotient, QuotientError> {
    solve(game, bounds, true)
}

/// The misère quotient Q_N of the heaps of at most N = `bounds.max_heap` tokens, exact
/// for positions with no larger heap; certified too if the theorem applies by then.
pub fn partial_quotient(
    game: &dyn MisereHeapRules,
    bounds: &Bounds,
) -> Result<Quotient, QuotientError> {
    solve(game, bounds, false)
}

fn solve(
    game: &dyn MisereHeapRules,
    bounds: &Bounds,
    certify: bool,
) -> Result<Quotient, QuotientError> {
    let mut computation = Computation::new(game, *bounds)?;
    let shortfall = computation.run(&|| false, |_| Ok::<(), ()>(()));
    computation.finish(certify, shortfall.expect("nothing to fail after each heap"))
}

/// A computation of a quotient heap by heap, which a caller can drive one heap at a
/// time, watch, stop, save ([`Computation::state`]) and resume
/// ([`Computation::resume`]).
pub struct Computation<'g> {
    game: &'g dyn MisereHeapRules,
    bounds: Bounds,
    /// Q_n with Φ on heaps 0..=n.
    current: Pretension,
    /// The verification's words for `current`, to extend by one heap (`None` while a
    /// new generator is being found).
    explorer: Option<Explorer>,
    growth: Growth,
    /// The heaps at which the presentation changed.
    new_generators: Vec<usize>,
    mismatches: Mismatches,
    certificate: Option<Certificate>,
    /// Bytes of the candidate being refined, beside the new ones.
    pending: usize,
    /// The memory of the last table given up, for the next one.
    spare: Vec<u16>,
    /// The most elements a candidate is tabulated with (where memory allows); larger
    /// ones are kept by their generators' actions. [`MAX_TABLE_ORDER`] except in tests.
    max_table_order: usize,
    /// Told of each candidate tried.
    observer: Option<Observer<'g>>,
}

/// What [`Computation::observe`] calls with each candidate tried.
type Observer<'g> = Box<dyn FnMut(&Tried) + 'g>;

/// A candidate quotient tried at a heap that changes the presentation, as MisereSolver's
/// log shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tried {
    /// The heap being solved.
    pub heap: usize,
    /// The candidate's order, reduced.
    pub order: usize,
    /// The size of its P-portion.
    pub p_portion: usize,
    /// The heaps of the least position it is wrong about (none when it is right).
    pub failure: Option<Vec<usize>>,
}

/// How a heap step can fail.
enum Failure {
    Shortfall(Shortfall),
    Halt(Halt),
}

impl From<Halt> for Failure {
    fn from(halt: Halt) -> Self {
        Failure::Halt(halt)
    }
}

impl From<crate::pretension::Stopped> for Failure {
    fn from(_: crate::pretension::Stopped) -> Self {
        Failure::Halt(Halt::Stopped)
    }
}

impl<'g> Computation<'g> {
    /// A computation with no heap solved yet, or why the bounds are unusable.
    pub fn new(game: &'g dyn MisereHeapRules, bounds: Bounds) -> Result<Self, QuotientError> {
        let current = Pretension::trivial();
        let explorer = Explorer::new(&current.monoid, &current.in_p, &|| false)
            .expect("the trivial monoid's search is not stopped");
        let computation = Computation {
            game,
            bounds,
            current,
            explorer: Some(explorer),
            growth: Growth {
                largest_candidate: 1,
                largest_product: 1,
            },
            new_generators: Vec::new(),
            mismatches: Mismatches::default(),
            certificate: None,
            pending: 0,
            spare: Vec::new(),
            max_table_order: MAX_TABLE_ORDER,
            observer: None,
        };
        match invalid_bounds(&bounds) {
            Some(why) => Err(computation.error(Shortfall::InvalidBounds(why))),
            None => Ok(computation),
        }
    }

    /// N: the last heap solved.
    pub fn last_heap(&self) -> usize {
        self.current.heaps.last_heap()
    }

    /// The order of Q_N.
    pub fn order(&self) -> usize {
        self.current.monoid.order()
    }

    /// The size of Q_N's P-portion.
    pub fn p_portion_size(&self) -> usize {
        self.current.in_p.iter().filter(|&&p| p).count()
    }

    /// How large the candidates grew so far.
    pub fn growth(&self) -> Growth {
        self.growth
    }

    /// The certificate, once the periodicity theorem applies.
    pub fn certificate(&self) -> Option<&Certificate> {
        self.certificate.as_ref()
    }

    /// Whether there is nothing left to do: certified, or every heap of the bounds
    /// solved.
    pub fn is_done(&self) -> bool {
        self.certificate.is_some() || self.last_heap() >= self.bounds.max_heap
    }

    /// Solve heaps until done or until one fails (returned as `Ok(Some(..))`), calling
    /// `after_heap` after each heap solved; `stop` is asked every few milliseconds of
    /// work. An error of `after_heap` ends the run at once.
    pub fn run<E>(
        &mut self,
        stop: &dyn Fn() -> bool,
        mut after_heap: impl FnMut(&Self) -> Result<(), E>,
    ) -> Result<Option<Shortfall>, E> {
        while !self.is_done() {
            if stop() {
                return Ok(Some(Shortfall::Stopped {
                    heap: self.last_heap() + 1,
                }));
            }
            if let Err(shortfall) = self.step(stop) {
                return Ok(Some(shortfall));
            }
            after_heap(self)?;
        }
        Ok(None)
    }

    /// Solve the next heap.
    pub fn step(&mut self, stop: &dyn Fn() -> bool) -> Result<(), Shortfall> {
        let n = self.last_heap() + 1;
        let changed = match self.add_heap(n, stop) {
            Ok(changed) => changed,
            Err(Failure::Shortfall(shortfall)) => return Err(shortfall),
            Err(Failure::Halt(Halt::Stopped)) => return Err(Shortfall::Stopped { heap: n }),
            Err(Failure::Halt(Halt::TooManyWords)) => {
                return Err(Shortfall::TooLarge {
                    heap: n,
                    need: self.words_need(),
                });
            }
        };
        let image = &self.current.heaps.image;
        if changed {
            self.mismatches = Mismatches::rebuild(image);
        } else {
            self.mismatches.add(image, n);
        }
        self.certificate = self
            .game
            .uniform_moves()
            .and_then(|u| self.mismatches.certificate(n, &u));
        Ok(())
    }

    /// The quotient of the heaps solved so far (with its certificate when there is
    /// one), or the error of `shortfall`. With `certify`, a run that ended without a
    /// certificate is an error too.
    pub fn finish(
        self,
        certify: bool,
        shortfall: Option<Shortfall>,
    ) -> Result<Quotient, QuotientError> {
        let shortfall = shortfall.or_else(|| {
            let max_heap = self.bounds.max_heap;
            (certify && self.certificate.is_none()).then(|| match self.game.uniform_moves() {
                Some(_) => Shortfall::NoPeriod { max_heap },
                None => Shortfall::NotCertifiable { max_heap },
            })
        });
        match shortfall {
            Some(shortfall) => Err(self.error(shortfall)),
            None => {
                let certificate = self.certificate;
                Ok(self.into_quotient(certificate))
            }
        }
    }

    fn error(self, shortfall: Shortfall) -> QuotientError {
        QuotientError {
            shortfall,
            partial: Box::new(self.into_quotient(None)),
        }
    }

    fn into_quotient(self, certificate: Option<Certificate>) -> Quotient {
        Quotient::new(
            self.game,
            self.current,
            certificate,
            self.new_generators,
            self.growth,
        )
    }

    /// Bytes held apart from the candidates being built: the quotient so far and its
    /// search, the candidate being refined, and the memory kept for the next table.
    fn held(&self) -> usize {
        self.current.monoid.bytes()
            + self.explorer.as_ref().map_or(0, Explorer::bytes)
            + self.last_heap() * HEAP_BYTES
            + self.pending
            + self.spare.capacity() * 2
    }

    /// The most words a search may keep in what memory is left: a search of the
    /// quotient so far, or of a `candidate` held beside it.
    fn max_words(&self, candidate: Option<&Monoid>) -> usize {
        let beside = candidate.map_or(0, Monoid::bytes);
        let monoid = candidate.unwrap_or(&self.current.monoid);
        let order = monoid.order();
        let room = self.bounds.memory.saturating_sub(
            self.held() + beside + Explorer::base_bytes(order) + monoid.rows_bytes(),
        );
        room / Explorer::word_bytes(order)
    }

    /// What a search that ran out of words would have needed.
    fn words_need(&self) -> Need {
        let order = self.order();
        Need::Memory {
            bytes: self.bounds.memory + Explorer::word_bytes(order),
            budget: self.bounds.memory,
            what: "the words of the verification",
        }
    }

    /// Solve heap `n`; whether the presentation changed.
    fn add_heap(&mut self, n: usize, stop: &dyn Fn() -> bool) -> Result<bool, Failure> {
        let mut options = Vec::new();
        self.game.options(n, &mut options);
        if options.iter().flatten().any(|&h| h == 0 || h >= n) {
            return Err(Failure::Shortfall(Shortfall::BadOptions { heap: n }));
        }
        if self.explorer.is_none() {
            // A step stopped while finding a new generator dropped the search.
            let max_words = self.max_words(None);
            match verify(&self.current, max_words, stop)? {
                Verdict::Holds(explorer) => self.explorer = Some(explorer),
                Verdict::Fails(_) => unreachable!("a quotient solved holds"),
            }
        }
        let monoid = &self.current.monoid;
        let transitions = transitions_of(monoid, &self.current.heaps.image, &options);
        if transitions.is_empty() {
            self.push_heap(0, transitions);
            return Ok(false);
        }
        if let Some(x) = self.conservative_image(n, &transitions, stop)? {
            self.push_heap(x, transitions);
            return Ok(false);
        }
        self.new_generator(n, stop)?;
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
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<usize>, Failure> {
        let max_words = self.max_words(None);
        let explorer = self.explorer.as_mut().expect("a solved quotient's search");
        let (monoid, in_p) = (&self.current.monoid, &self.current.in_p);
        let alone_in_p = !transitions.iter().any(|&t| in_p[t]);
        let sigma = explorer.sigma_of(transitions);
        let possible: Vec<usize> = (0..monoid.order())
            .filter(|&x| in_p[x] == alone_in_p && explorer.p_condition_holds(x, &sigma))
            .collect();
        // A word already kept of element x with a smaller σ dominates heap n: it
        // plays as x (Siegel's mex interpolation).
        if let Some(&x) = possible.iter().find(|&&x| explorer.dominated(x, &sigma)) {
            return Ok(Some(x));
        }
        for x in possible {
            let kept = explorer.len();
            match explorer.add_heap(monoid, in_p, n, x, transitions, max_words, stop) {
                Ok(None) => return Ok(Some(x)),
                Ok(Some(_)) => explorer.truncate(kept),
                Err(halt) => {
                    // The words of a wrong x would mislead a step tried again.
                    explorer.truncate(kept);
                    return Err(halt.into());
                }
            }
        }
        Ok(None)
    }

    /// Heap `n` is a new generator: find and verify the new quotient.
    fn new_generator(&mut self, n: usize, stop: &dyn Fn() -> bool) -> Result<(), Failure> {
        if stop() {
            return Err(Failure::Halt(Halt::Stopped));
        }
        // The old search is no use to the new quotient.
        self.explorer = None;
        let doubling = Cyclic {
            index: 2,
            period: 2,
        };
        let order = self.order();
        let too_large = |need| Failure::Shortfall(Shortfall::TooLarge { heap: n, need });
        self.fits(order, &[doubling]).map_err(too_large)?;
        let buffer = std::mem::take(&mut self.spare);
        let product = Product::new(&self.current.monoid, &vec![true; order], vec![doubling]);
        let mut image: Vec<usize> = self.current.heaps.image.clone();
        for x in image.iter_mut() {
            *x = product.embed(*x, None);
        }
        image.push(product.embed(0, Some(0)));
        let heaps = HeapImages::new(&product, image, self.game);
        let marking = Marking::new(&product, &heaps, stop)?;
        let reduced = self.reduce(&product, &heaps, &marking, buffer);
        drop(product);
        let mut candidate = self.note_candidate(reduced).map_err(too_large)?;
        loop {
            let order = candidate.monoid.order();
            let max_words = self.max_words(Some(&candidate.monoid));
            let verdict = verify(&candidate, max_words, stop)?;
            if let Some(observe) = &mut self.observer {
                observe(&Tried {
                    heap: n,
                    order,
                    p_portion: candidate.in_p.iter().filter(|&&p| p).count(),
                    failure: match &verdict {
                        Verdict::Holds(_) => None,
                        Verdict::Fails(word) => Some(word.heaps()),
                    },
                });
            }
            match verdict {
                Verdict::Holds(explorer) => {
                    let old = std::mem::replace(&mut self.current, candidate);
                    self.spare = old.monoid.into_buffer();
                    self.explorer = Some(explorer);
                    return Ok(());
                }
                Verdict::Fails(word) => {
                    self.pending = candidate.monoid.bytes();
                    let refined = self.refine(n, &candidate, &word, stop);
                    self.pending = 0;
                    self.spare = std::mem::replace(&mut candidate, refined?)
                        .monoid
                        .into_buffer();
                }
            }
        }
    }

    /// Call `observe` with each candidate tried at a heap that changes the
    /// presentation (a long heap's progress).
    pub fn observe(&mut self, observe: impl FnMut(&Tried) + 'g) {
        self.observer = Some(Box::new(observe));
    }

    /// Whether a product of a submonoid of `members` elements and cyclic `factors` fits
    /// the bounds (with the quotient so far beside it); otherwise what it would need.
    fn fits(&mut self, members: usize, factors: &[Cyclic]) -> Result<(), Need> {
        let elements = Product::order_of(members, factors).unwrap_or(usize::MAX);
        self.growth.largest_product = self.growth.largest_product.max(elements);
        if elements > self.bounds.max_candidate_order {
            return Err(Need::CandidateOrder {
                elements,
                max: self.bounds.max_candidate_order,
            });
        }
        // The walk, and the reduction's moves by each heap's image and its classes
        // (three arrays and a hash map of an entry an element).
        let generators = self.current.heaps.image.len();
        let per_element = MARKING_BYTES_PER_ELEMENT + 32 + 4 * generators.min(elements);
        let bytes = elements
            .saturating_mul(per_element)
            .saturating_add(members * 4)
            .saturating_add(self.held());
        if bytes > self.bounds.memory || elements > u32::MAX as usize {
            return Err(Need::Memory {
                bytes,
                budget: self.bounds.memory,
                what: "a candidate before reduction",
            });
        }
        Ok(())
    }

    /// Reduce a marked candidate, if it fits the bounds (its monoid, and the
    /// verification beside the quotient so far): as a table where that fits, else by
    /// its generators' actions.
    fn reduce(
        &self,
        product: &Product,
        heaps: &HeapImages,
        marking: &Marking,
        buffer: Vec<u16>,
    ) -> Result<Pretension, Need> {
        let limit = self.bounds.max_order.min(MAX_ORDER);
        let memory = self.bounds.memory;
        let held = self.held();
        let room = memory.saturating_sub(held);
        // At most one generator per heap.
        let generators = heaps.image.len();
        // The largest order at most `most` that fits the room kept as `layout`.
        let fitting = |layout, most: usize| {
            let (mut low, mut high) = (0, most);
            while low < high {
                let m = high - (high - low) / 2;
                if fits(layout, m, generators, room) {
                    low = m;
                } else {
                    high = m - 1;
                }
            }
            low
        };
        let max_table_order = fitting(Layout::Table, self.max_table_order);
        let max_order = fitting(Layout::Actions, limit);
        marking
            .reduce(product, heaps, max_order, max_table_order, buffer)
            .map_err(|elements| {
                if elements > limit {
                    Need::Order {
                        elements,
                        max: limit,
                    }
                } else {
                    Need::Memory {
                        bytes: held
                            .saturating_add(Monoid::bytes_of(Layout::Actions, elements, generators))
                            .saturating_add(Explorer::base_bytes(elements)),
                        budget: memory,
                        what: "a candidate's monoid and verification",
                    }
                }
            })
    }

    /// Count a reduced candidate in the growth.
    fn note_candidate(&mut self, reduced: Result<Pretension, Need>) -> Result<Pretension, Need> {
        if let Ok(candidate) = &reduced {
            let order = candidate.monoid.order();
            self.growth.largest_candidate = self.growth.largest_candidate.max(order);
        }
        reduced
    }

    /// A candidate right about `failure`, where `candidate` was wrong (module docs).
    fn refine(
        &mut self,
        n: usize,
        candidate: &Pretension,
        failure: &Word,
        stop: &dyn Fn() -> bool,
    ) -> Result<Pretension, Failure> {
        let heaps = &candidate.heaps;
        let should_be_p = !candidate.in_p[heaps.element_of(&candidate.monoid, failure)];
        let involved: Vec<usize> = failure.support().map(|(h, _)| h).collect();
        let mut skipped: Option<Need> = None;
        let mut skip = |need: Need| skipped = Some(skipped.map_or(need, |s| s.least(need)));
        for size in 1..=involved.len() {
            for freed in combinations(&involved, size) {
                if stop() {
                    return Err(Failure::Halt(Halt::Stopped));
                }
                let factors = freed_factors(candidate, &freed, failure);
                let kept: Vec<usize> = (1..=heaps.last_heap())
                    .filter(|h| heaps.has_options(*h) && !freed.contains(h))
                    .map(|h| heaps.image[h])
                    .collect();
                let inside = candidate.monoid.generated(&kept);
                let members = inside.iter().filter(|&&x| x).count();
                if let Err(need) = self.fits(members, &factors) {
                    skip(need);
                    continue;
                }
                let product = Product::new(&candidate.monoid, &inside, factors);
                let image = (0..=n)
                    .map(|h| match freed.iter().position(|&f| f == h) {
                        Some(i) => product.embed(0, Some(i)),
                        None if heaps.has_options(h) => product.embed(heaps.image[h], None),
                        None => 0,
                    })
                    .collect();
                let images = HeapImages::new(&product, image, self.game);
                let marking = Marking::new(&product, &images, stop)?;
                // Reduction keeps P-portions, so the marking already says whether this
                // candidate is right about the failure.
                let failure_element = images.element_of(&product, failure);
                let claim = marking
                    .position_of(failure_element)
                    .is_some_and(|i| marking.in_p[i]);
                if claim != should_be_p {
                    continue;
                }
                let buffer = std::mem::take(&mut self.spare);
                let reduced = self.reduce(&product, &images, &marking, buffer);
                match self.note_candidate(reduced) {
                    Ok(refined) => return Ok(refined),
                    Err(need) => skip(need),
                }
            }
        }
        Err(Failure::Shortfall(match skipped {
            Some(need) => Shortfall::TooLarge { heap: n, need },
            None => Shortfall::RefinementStuck { heap: n },
        }))
    }
}

/// Whether a monoid of `order` elements and `generators` generators, kept as `layout`,
/// fits `room` bytes with its verification. A table (at most [`MAX_TABLE_ORDER`]
/// elements) only where it leaves half the room to the verification's words: it is
/// faster, but the actions take a few MB where a table takes hundreds.
fn fits(layout: Layout, order: usize, generators: usize, room: usize) -> bool {
    let bytes =
        Monoid::bytes_of(layout, order, generators).saturating_add(Explorer::base_bytes(order));
    match layout {
        Layout::Table => order <= MAX_TABLE_ORDER && bytes <= room / 2,
        Layout::Actions => bytes <= room,
    }
}

/// A cyclic factor for each freed heap of a refinement: large enough to hold the
/// failure's exponent, with an even period, longer for heaps whose powers settle late
/// (as in MisereSolver): a candidate too generous is reduced anyway.
fn freed_factors(candidate: &Pretension, freed: &[usize], failure: &Word) -> Vec<Cyclic> {
    freed
        .iter()
        .map(|&h| {
            let (index, _) = candidate.monoid.index_and_period(candidate.heaps.image[h]);
            let index = index.max(failure.exponent(h) as usize - 1);
            let period = if index >= 6 { 2 * ((index - 4) / 2) } else { 2 };
            Cyclic { index, period }
        })
        .collect()
}

fn invalid_bounds(bounds: &Bounds) -> Option<String> {
    if bounds.max_heap == 0 || bounds.max_heap > MAX_HEAP {
        return Some(format!("the largest heap must be from 1 to {MAX_HEAP}"));
    }
    if bounds.max_candidate_order < 2 {
        return Some("the largest candidate must be allowed at least 2 elements".to_string());
    }
    if bounds.max_order < 2 || bounds.max_order > MAX_ORDER {
        return Some(format!(
            "the quotient must be allowed from 2 to {MAX_ORDER} elements"
        ));
    }
    None
}

/// A computation's state after a heap, from which [`Computation::resume`] goes on: the
/// quotient Q_N of the heaps solved, by its generators' actions, with Φ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The game's name ([`MisereHeapRules::name`]).
    pub game: String,
    /// Φ(0), …, Φ(N), as elements of Q_N (0 is the identity).
    pub image: Vec<u32>,
    /// Whether each element of Q_N is in its P-portion.
    pub in_p: Vec<bool>,
    /// The generators' actions: for each distinct image of a heap with a move, smallest
    /// first, the element times every element.
    pub actions: Vec<Vec<u32>>,
    /// The heaps at which the presentation changed.
    pub new_generators: Vec<usize>,
    /// How large the candidates grew.
    pub growth: Growth,
}

/// Why a state cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// It is not a state this game's computation reaches: why.
    Invalid(String),
    /// Checking it would need more than the bounds, or was asked to stop.
    Shortfall(Shortfall),
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::Invalid(why) => write!(f, "{why}"),
            ResumeError::Shortfall(Shortfall::TooLarge { need, .. }) => {
                write!(f, "checking it would need {need}")
            }
            ResumeError::Shortfall(_) => write!(f, "checking it was stopped"),
        }
    }
}

impl<'g> Computation<'g> {
    /// What a run saves after each heap to resume from.
    pub fn state(&self) -> State {
        let heaps = &self.current.heaps;
        State {
            game: self.game.name(),
            image: heaps.image.iter().map(|&x| x as u32).collect(),
            in_p: self.current.in_p.clone(),
            actions: generators(heaps)
                .into_iter()
                .map(|g| {
                    let mut row = Vec::new();
                    self.current.monoid.row_into(g, &mut row);
                    row
                })
                .collect(),
            new_generators: self.new_generators.clone(),
            growth: self.growth,
        }
    }

    /// Go on from a saved state. Nothing in it is trusted: the generators' actions must
    /// commute and generate the monoid, the monoid must be reduced, and the pretension
    /// must be right about every position of heaps up to N (verified again, which also
    /// rebuilds the search that the next heap extends).
    pub fn resume(
        game: &'g dyn MisereHeapRules,
        bounds: Bounds,
        state: State,
        stop: &dyn Fn() -> bool,
    ) -> Result<Self, ResumeError> {
        let invalid = |why: &str| Err(ResumeError::Invalid(why.to_string()));
        if let Some(why) = invalid_bounds(&bounds) {
            return Err(ResumeError::Shortfall(Shortfall::InvalidBounds(why)));
        }
        if state.game != game.name() {
            return Err(ResumeError::Invalid(format!(
                "it is the quotient of {}, not of {}",
                state.game,
                game.name()
            )));
        }
        let order = state.in_p.len();
        let last = state.image.len().saturating_sub(1);
        if order == 0 || order > MAX_ORDER || state.in_p[0] {
            return invalid("its monoid has no elements, too many, or an identity in P");
        }
        if state.image.first() != Some(&0) || state.image.iter().any(|&x| x as usize >= order) {
            return invalid("its pretending function names elements it does not have");
        }
        if last > MAX_HEAP {
            return invalid("it goes beyond the largest heap");
        }
        // Kept as the quotient's own run would keep it.
        let generators = state.actions.len();
        let room = bounds.memory.saturating_sub(last * HEAP_BYTES);
        let layout = if fits(Layout::Table, order, generators, room) {
            Layout::Table
        } else {
            Layout::Actions
        };
        let bytes = Monoid::bytes_of(layout, order, generators)
            .saturating_add(Explorer::base_bytes(order) + last * HEAP_BYTES);
        if bytes > bounds.memory {
            return Err(ResumeError::Shortfall(Shortfall::TooLarge {
                heap: last + 1,
                need: Need::Memory {
                    bytes,
                    budget: bounds.memory,
                    what: "the saved quotient",
                },
            }));
        }
        let image: Vec<usize> = state.image.iter().map(|&x| x as usize).collect();
        let mut options = Vec::new();
        let mut generator_elements = Vec::new();
        for (n, &x) in image.iter().enumerate().skip(1) {
            options.clear();
            game.options(n, &mut options);
            match options.is_empty() {
                true if x != 0 => {
                    return invalid("a heap without a move pretends to be more than the identity");
                }
                true => {}
                false => generator_elements.push(x),
            }
        }
        generator_elements.sort_unstable();
        generator_elements.dedup();
        let actions = state.actions;
        let shaped = actions.len() == generator_elements.len()
            && actions.iter().zip(&generator_elements).all(|(row, &g)| {
                row.len() == order
                    && row[0] as usize == g
                    && row.iter().all(|&x| (x as usize) < order)
            });
        if !shaped || !Monoid::commute(&actions) {
            return invalid("its generators' actions do not describe a commutative monoid");
        }
        let classes = coarsest_partition(&state.in_p, &actions);
        let Some(monoid) = Monoid::from_generators(order, actions, layout, Vec::new()) else {
            return invalid("its generators do not generate its monoid");
        };
        if classes.iter().map(|&c| c as usize + 1).max() != Some(order) {
            return invalid("its monoid is not reduced: two of its elements play alike");
        }
        let heaps = HeapImages::new(&monoid, image.clone(), game);
        let current = Pretension {
            monoid,
            in_p: state.in_p,
            heaps,
        };
        let mut computation = Computation {
            game,
            bounds,
            current,
            explorer: None,
            growth: state.growth,
            new_generators: state.new_generators,
            mismatches: Mismatches::rebuild(&image),
            certificate: None,
            pending: 0,
            spare: Vec::new(),
            max_table_order: MAX_TABLE_ORDER,
            observer: None,
        };
        let increasing = computation.new_generators.windows(2).all(|w| w[0] < w[1]);
        if !increasing
            || computation
                .new_generators
                .iter()
                .any(|&h| h == 0 || h > last)
        {
            return invalid("its list of heaps that changed the presentation is not one");
        }
        let max_words = computation.max_words(None);
        match verify(&computation.current, max_words, stop) {
            Ok(Verdict::Holds(explorer)) => computation.explorer = Some(explorer),
            Ok(Verdict::Fails(word)) => {
                return Err(ResumeError::Invalid(format!(
                    "its quotient is wrong about the position {word}"
                )));
            }
            Err(Halt::Stopped) => {
                return Err(ResumeError::Shortfall(Shortfall::Stopped {
                    heap: last + 1,
                }));
            }
            Err(Halt::TooManyWords) => {
                return Err(ResumeError::Shortfall(Shortfall::TooLarge {
                    heap: last + 1,
                    need: computation.words_need(),
                }));
            }
        }
        computation.certificate = game
            .uniform_moves()
            .and_then(|u| computation.mismatches.certificate(last, &u));
        Ok(computation)
    }
}

/// The distinct images of the heaps that have a move, smallest first: the generators
/// whose actions describe a quotient.
fn generators(heaps: &HeapImages) -> Vec<usize> {
    let mut generators: Vec<usize> = (1..=heaps.last_heap())
        .filter(|&h| heaps.has_options(h))
        .map(|h| heaps.image[h])
        .collect();
    generators.sort_unstable();
    generators.dedup();
    generators
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

    /// Heap by heap, a computation that keeps every candidate by its generators'
    /// actions finds the same quotients, element for element, as one with tables; and
    /// its saved state resumes to the same quotient.
    #[test]
    fn quotients_kept_by_actions_equal_those_kept_as_tables() {
        for (code, heaps) in [("0.07", 33), ("0.4", 30), ("0.77", 40)] {
            let game = nimlab_octal::TakeBreak::octal(code).unwrap();
            let bounds = Bounds::memory_only(heaps, 1 << 30);
            let mut tables = Computation::new(&game, bounds).unwrap();
            let mut actions = Computation::new(&game, bounds).unwrap();
            actions.max_table_order = 0;
            while !tables.is_done() {
                tables.step(&|| false).unwrap();
                actions.step(&|| false).unwrap();
                assert_eq!(
                    tables.current,
                    actions.current,
                    "{code} heap {}",
                    tables.last_heap()
                );
            }
            assert!(actions.is_done());
            assert!(actions.order() > 1);
            let state = actions.state();
            assert_eq!(state, tables.state());
            let resumed = Computation::resume(&game, bounds, state, &|| false).unwrap();
            assert_eq!(resumed.current, tables.current);
        }
    }

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
