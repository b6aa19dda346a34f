//! The misère quotient's winning moves from heaps of any size. Beyond its small heaps
//! the quotient gives its winning moves as families of splits ([`MoveFamily`]); here they
//! are counted and listed for heaps too large for its `u64` arithmetic, with the octal
//! engine's splits and pair count ([`nimlab_octal::take`]), the same functions the
//! quotient uses for smaller heaps.

use crate::error::Error;
use crate::num::{Nat, to_u64};
use malachite_base::num::arithmetic::traits::CheckedSub;
use malachite_base::num::basic::traits::Zero;
use nimlab_misere::MoveFamily;
use nimlab_octal::take::{pair_count, pairs, triples};

/// How many moves of a heap of `n` tokens a family of the quotient's winning moves
/// holds, for `n` of any size.
pub(super) fn family_count(family: &MoveFamily, n: &Nat) -> Result<Nat, Error> {
    if let Some(n) = to_u64(n) {
        return Ok(Nat::from(family.count(n)));
    }
    match *family {
        MoveFamily::Pairs {
            removed,
            fixed,
            first,
            step,
        } => Ok(pairs_count(n, removed + fixed.unwrap_or(0), first, step)),
        MoveFamily::Triples { .. } => Err(Error::NoKnownValue(
            "counting the three-heap splits of a heap of more than 20 digits is not supported"
                .to_string(),
        )),
    }
}

/// How many x = first, first + step, … have x ≤ rest − x, where rest = n − `taken`
/// ([`MoveFamily::count`] of a pair family, for n of any size).
fn pairs_count(n: &Nat, taken: u64, first: u64, step: u64) -> Nat {
    n.checked_sub(Nat::from(taken)).map_or(Nat::ZERO, |rest| {
        pair_count(rest, Nat::from(first), Nat::from(step))
    })
}

/// The moves of a family of the quotient's winning moves from a heap of `n` tokens, in
/// order, each as the heaps it leaves (smallest first).
pub(super) fn family_moves(family: &MoveFamily, n: &Nat) -> Box<dyn Iterator<Item = Vec<Nat>>> {
    match *family {
        MoveFamily::Pairs {
            removed,
            fixed,
            first,
            step,
        } => {
            let Some(rest) = n.checked_sub(Nat::from(removed + fixed.unwrap_or(0))) else {
                return Box::new(std::iter::empty());
            };
            Box::new(
                pairs(rest, Nat::from(first), Nat::from(step)).map(move |pair| {
                    let mut heaps: Vec<Nat> =
                        fixed.map(Nat::from).into_iter().chain(pair).collect();
                    heaps.sort();
                    heaps
                }),
            )
        }
        MoveFamily::Triples {
            removed,
            first,
            second,
            step,
        } => {
            let Some(rest) = n.checked_sub(Nat::from(removed)) else {
                return Box::new(std::iter::empty());
            };
            let (first, second, step) = (Nat::from(first), Nat::from(second), Nat::from(step));
            Box::new(triples(rest, first, second, step).map(Vec::from))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count of a pair family for heaps beyond 64 bits is the same formula as the
    /// quotient crate's for heaps within them.
    #[test]
    fn pair_counts_of_any_size_agree_with_the_quotient_crate() {
        for (removed, fixed, first, step) in
            [(1, None, 1, 12), (2, None, 3, 24), (0, Some(4), 2, 5)]
        {
            let family = MoveFamily::Pairs {
                removed,
                fixed,
                first,
                step,
            };
            for n in (0..300u64).chain([u64::MAX - 7, u64::MAX]) {
                assert_eq!(
                    pairs_count(&Nat::from(n), removed + fixed.unwrap_or(0), first, step),
                    Nat::from(family.count(n)),
                    "{family:?} n = {n}"
                );
            }
        }
    }

    /// Moves listed from a family are the moves it counts, and each leaves its heaps
    /// summing to the heap less the tokens removed.
    #[test]
    fn family_moves_are_what_the_family_counts() {
        let families = [
            MoveFamily::Pairs {
                removed: 1,
                fixed: None,
                first: 2,
                step: 3,
            },
            MoveFamily::Triples {
                removed: 0,
                first: 1,
                second: 2,
                step: 2,
            },
        ];
        for family in &families {
            for n in 0..60u64 {
                let moves: Vec<Vec<Nat>> = family_moves(family, &Nat::from(n)).collect();
                assert_eq!(moves.len() as u128, family.count(n), "{family:?} n = {n}");
                for heaps in moves {
                    assert!(heaps.windows(2).all(|w| w[0] <= w[1]) && heaps[0] > 0u32);
                }
            }
        }
    }
}
