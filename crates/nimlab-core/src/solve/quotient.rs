//! Misère play of take-and-break games by their misère quotient ([`nimlab_misere`]):
//! the classes of positions that no third position tells apart form a finite
//! commutative monoid, a heap's class repeats with a certified period, and a position
//! is lost for the player to move exactly when the product of its heaps' classes lies
//! in the P-portion (Plambeck 2005; Plambeck & Siegel 2008). One quotient answers
//! positions of any size, any number of heaps, in a few multiplications.
//!
//! The quotient that plays positions is computed once per game, within
//! [`MISERE_QUOTIENT_HEAPS`] heaps, [`MISERE_QUOTIENT_ORDER`] elements and
//! [`QUESTION_MEMORY`], which settle Kayles in milliseconds and give up on the codes
//! without a small quotient in well under a second. `nimlab quotient` computes further,
//! within its own bounds ([`LazyQuotient::game`]).

use crate::error::Error;
use crate::limits::{MISERE_QUOTIENT_HEAPS, MISERE_QUOTIENT_ORDER, QUESTION_MEMORY};
use crate::num::{Nat, to_u64};
use malachite_base::num::arithmetic::traits::Mod;
use nimlab_misere::{Bounds, HeapSize, MisereHeapRules, Part, Quotient, QuotientError, quotient};
use std::sync::OnceLock;

/// The bounds every quotient is computed within.
pub fn bounds() -> Bounds {
    Bounds {
        max_heap: MISERE_QUOTIENT_HEAPS.get(),
        memory: QUESTION_MEMORY.get() * 8,
        max_candidate_order: 16 * MISERE_QUOTIENT_ORDER.get(),
        max_order: MISERE_QUOTIENT_ORDER.get(),
    }
}

/// A game's misère quotient, computed on first use and kept.
pub struct LazyQuotient {
    game: Box<dyn MisereHeapRules + Send + Sync>,
    quotient: OnceLock<Result<Quotient, QuotientError>>,
}

impl std::fmt::Debug for LazyQuotient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LazyQuotient({})", self.game.name())
    }
}

impl LazyQuotient {
    /// The quotient of `game`, not computed yet.
    pub fn new(game: impl MisereHeapRules + Send + Sync + 'static) -> Self {
        LazyQuotient {
            game: Box::new(game),
            quotient: OnceLock::new(),
        }
    }

    /// The quotient, or why none was certified within the bounds.
    pub fn get(&self) -> Result<&Quotient, &QuotientError> {
        self.quotient
            .get_or_init(|| quotient(self.game.as_ref(), &bounds()))
            .as_ref()
    }

    /// The game, to compute its quotient within other bounds (not kept).
    pub fn game(&self) -> &(dyn MisereHeapRules + Send + Sync) {
        self.game.as_ref()
    }

    /// The quotient, when one is certified for heaps of every size.
    pub fn certified(&self) -> Option<&Quotient> {
        self.get().ok().filter(|q| q.certificate().is_some())
    }
}

/// A heap as the quotient reads it: its size, or for a size beyond 64 bits its residue
/// modulo the certified period.
pub fn heap_size(quotient: &Quotient, n: &Nat) -> Result<HeapSize, Error> {
    if let Some(size) = to_u64(n) {
        return Ok(HeapSize::Size(size));
    }
    let certificate = quotient.certificate().ok_or_else(|| {
        Error::NoKnownValue(format!(
            "{}: the quotient has no certified period",
            quotient.game()
        ))
    })?;
    let residue = (n - Nat::from(certificate.preperiod)).mod_op(Nat::from(certificate.period));
    Ok(HeapSize::Huge {
        residue: to_u64(&residue).expect("a residue below the period"),
    })
}

/// The heaps a move of the heap `n` leaves, from the quotient's parts, smallest first.
pub fn leaves(n: &Nat, parts: &[Part]) -> Vec<Nat> {
    let mut heaps: Vec<Nat> = parts
        .iter()
        .map(|part| match *part {
            Part::Size(size) => Nat::from(size),
            Part::HeapMinus(minus) => n - Nat::from(minus),
        })
        .collect();
    heaps.sort();
    heaps
}
