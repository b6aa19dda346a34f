//! Heap games: a position is a multiset of heaps, and a move replaces one heap by zero
//! or more smaller heaps (Winning Ways ch. 4: "taking and breaking"). Octal and
//! hexadecimal codes, Grundy's game and subtraction games are all of this kind; their
//! moves are the octal engine's ([`TakeBreak`], which implements [`MisereHeapRules`]).
//!
//! The quotient engine needs two things from a game: the options of a single heap
//! ([`MisereHeapRules::options`]), and, to certify a quotient for heaps of every size, the
//! fact that large heaps all move alike ([`UniformMoves`]): each [`Take`] removes
//! `removed` tokens and leaves the rest as `parts` non-empty heaps, in every possible way
//! (the octal engine's definition, [`nimlab_octal::take`]). The periodicity theorem (see
//! [`crate::solver`]) is stated in terms of the largest `removed` and `parts`.

use nimlab_octal::TakeBreak;
pub use nimlab_octal::take::Take;

/// The moves of large heaps, the same for every size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformMoves {
    /// Every heap of more than `from` tokens has exactly the options the takes describe.
    pub from: usize,
    /// The takes, sorted and without repeats, each leaving at least one heap.
    pub takes: Vec<Take>,
}

impl UniformMoves {
    /// The most tokens a take removes (the code length k of the periodicity theorem).
    pub fn max_removed(&self) -> usize {
        self.takes.iter().map(|t| t.removed).max().unwrap_or(0)
    }

    /// The most heaps a take leaves (2 for octal codes, 3 for hexadecimal ones).
    pub fn max_parts(&self) -> usize {
        self.takes.iter().map(|t| t.parts).max().unwrap_or(1)
    }

    /// The options of a heap of `n` tokens the takes describe (each as the heaps left,
    /// smallest first), appended to `out`. For `n > from` these are the heap's options.
    pub fn options_of(&self, n: usize, out: &mut Vec<Vec<usize>>) {
        for take in &self.takes {
            // for_each runs the take's own loop over its splits (extend would step it
            // one option at a time, a few percent slower on the quotient benchmark).
            take.options(&n).for_each(|option| out.push(option));
        }
    }
}

/// The rules of a heap game, one heap at a time, as the quotient engine reads them.
pub trait MisereHeapRules {
    /// The game's name as people write it, e.g. `0.77` or `grundy-game`.
    fn name(&self) -> String;

    /// Every option of a single heap of `n` tokens, each as the list of non-empty heaps
    /// it leaves (in any order; the empty list when the heap vanishes), appended to
    /// `out`. Every heap left must be smaller than `n`.
    fn options(&self, n: usize, out: &mut Vec<Vec<usize>>);

    /// How large heaps move, when they all move alike; `None` for games such as
    /// Grundy's game, whose quotients can be computed heap by heap but not certified.
    fn uniform_moves(&self) -> Option<UniformMoves>;
}

impl MisereHeapRules for TakeBreak {
    /// [`TakeBreak`]'s name: the code (`0.77`), `grundy-game` or `subtraction:1,3,4`.
    fn name(&self) -> String {
        self.to_string()
    }

    /// The options of [`TakeBreak::options`], in its order.
    fn options(&self, n: usize, out: &mut Vec<Vec<usize>>) {
        // for_each runs each take's own loop over its splits (extend would step through
        // them one option at a time, a few percent slower on the quotient benchmark).
        TakeBreak::options(self, &n).for_each(|option| out.push(option));
    }

    /// Beyond the largest removal, a heap has every take that leaves a heap; not for
    /// Grundy's game, whose parts must differ.
    fn uniform_moves(&self) -> Option<UniformMoves> {
        (!self.unequal_parts()).then(|| UniformMoves {
            from: self.max_removal(),
            takes: self
                .takes()
                .iter()
                .filter(|take| take.parts > 0)
                .copied()
                .collect(),
        })
    }
}
