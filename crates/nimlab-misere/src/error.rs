//! Typed errors: bad rules, quotients not found within the bounds, positions a
//! quotient does not cover.

use crate::quotient::Quotient;
use std::fmt;

/// A game's rules that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// A take-and-break code that is not one.
    InvalidCode { code: String, reason: String },
    /// A subtraction set that is not one.
    InvalidSubtractionSet { amounts: Vec<usize>, reason: String },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::InvalidCode { code, reason } => {
                write!(f, "'{code}' is not a take-and-break code: {reason}")
            }
            RulesError::InvalidSubtractionSet { amounts, reason } => {
                write!(f, "{amounts:?} is not a subtraction set: {reason}")
            }
        }
    }
}

impl std::error::Error for RulesError {}

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
