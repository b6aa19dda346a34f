//! The report of a misère quotient: what `nimlab quotient --json` prints.

use nimlab_misere::{Quotient, QuotientError};

/// A game's misère quotient, as the papers present one, or how far its computation got.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct QuotientReport {
    /// The game's spec.
    pub game: String,
    /// Whether the quotient holds for heaps of every size (certified by the misère
    /// periodicity theorem); if not, it is the quotient of the heaps up to `last_heap`.
    pub certified: bool,
    /// How many elements it has.
    pub order: usize,
    /// m when the quotient is T_m, the one of misère Nim (the game is tame).
    pub tame: Option<u32>,
    /// The presentation, e.g. "⟨a, b | a² = 1, b³ = b⟩".
    pub presentation: String,
    /// The relations, each "lhs = rhs".
    pub relations: Vec<String>,
    /// The elements of the P-portion, as words.
    pub p_portion: Vec<String>,
    /// Φ(0), Φ(1), …: each heap's element, up to the end of the first period when
    /// certified (and up to `last_heap` otherwise, at most 200 heaps).
    pub pretending: Vec<String>,
    /// n0 and p with Φ(n + p) = Φ(n) for every n ≥ n0, when certified.
    pub preperiod: Option<usize>,
    /// See `preperiod`.
    pub period: Option<usize>,
    /// The largest heap solved.
    pub last_heap: usize,
    /// The most elements a reduced candidate had on the way.
    pub largest_candidate: usize,
    /// Why no certified quotient was found, when none was.
    pub shortfall: Option<String>,
}

/// The most values of the pretending function a report lists for an uncertified
/// quotient.
const LISTED_HEAPS: usize = 200;

impl QuotientReport {
    /// The report of a computation for the game with this spec.
    pub fn new(game: String, result: Result<&Quotient, &QuotientError>) -> Self {
        let (quotient, shortfall) = match result {
            Ok(quotient) => (quotient, None),
            Err(error) => (error.partial.as_ref(), Some(error.to_string())),
        };
        let certificate = quotient.certificate();
        let shown = match certificate {
            Some(c) => c.preperiod + c.period,
            None => (quotient.last_heap() + 1).min(LISTED_HEAPS),
        };
        let certified = certificate.is_some() && shortfall.is_none();
        QuotientReport {
            game,
            certified,
            order: quotient.order(),
            tame: quotient.tame(),
            presentation: quotient.presentation(),
            relations: quotient
                .relations()
                .into_iter()
                .map(|(lhs, rhs, _, _)| format!("{lhs} = {rhs}"))
                .collect(),
            p_portion: quotient
                .p_portion()
                .into_iter()
                .map(|x| quotient.word(x))
                .collect(),
            pretending: (0..shown)
                .filter_map(|n| quotient.pretending(n))
                .map(|x| quotient.word(x))
                .collect(),
            preperiod: certificate.map(|c| c.preperiod),
            period: certificate.map(|c| c.period),
            last_heap: quotient.last_heap(),
            largest_candidate: quotient.growth().largest_candidate,
            shortfall,
        }
    }
}
