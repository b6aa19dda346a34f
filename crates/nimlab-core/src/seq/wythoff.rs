//! The Wythoff pairs (a_k, b_k) = (⌊k·φ⌋, ⌊k·φ⌋ + k), k = 0, 1, 2, …: (0,0), (1,2),
//! (3,5), (4,7), … Every positive integer is exactly one a_k or one b_k (Beatty), so
//! each n has one *partner*: the other member of its pair. These are the P-positions
//! of Wythoff's game, the lower and upper Wythoff sequences (OEIS A000201, A001950).
//!
//! Locating n among the pairs takes one integer square root (see [`locate`]), so every
//! function here is exact and Θ(M(d)) for d-digit inputs.

use super::golden::floor_mul_phi;
use crate::num::Nat;
use malachite_base::num::arithmetic::traits::{Parity, SqrtRem, Square};
use malachite_base::num::basic::traits::{One, Zero};

/// Which member of its Wythoff pair a number is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// n = a_k (0 counts as a_0).
    Lower,
    /// n = b_k with k ≥ 1.
    Upper,
}

/// The pair (a_k, b_k).
pub fn pair(k: &Nat) -> (Nat, Nat) {
    let a = floor_mul_phi(k);
    let b = &a + k;
    (a, b)
}

/// The index k and side of n: n = a_k (`Lower`) or n = b_k (`Upper`).
///
/// With f = ⌊n/φ⌋: n = a_{f+1} or n = b_{n−f}. n is a lower value iff
/// ⌊(n+1)/φ⌋ > ⌊n/φ⌋ (the count of lower values up to n grows at n), i.e. iff the
/// fractional part of n/φ is at least 1/φ² . Writing n√5 = s + ε with s = ⌊n√5⌋ and
/// 0 < ε < 1: n/φ = (s − n + ε)/2, so when s − n is odd the fraction is (1+ε)/2 > 1/φ²,
/// and when it is even the fraction is ε/2, which is ≥ 1/φ² iff ε ≥ 3 − √5, i.e.
/// (n+1)√5 > s + 3, i.e. 5n² − s² + 10n > 6s + 4: one square root with remainder.
pub fn locate(n: &Nat) -> (Nat, Side) {
    if *n == Nat::ZERO {
        return (Nat::ZERO, Side::Lower);
    }
    let (s, remainder) = (n.square() * Nat::from(5u32)).sqrt_rem();
    let f = (&s - n) >> 1u32;
    let odd = (&s - n).odd();
    let lower = odd || remainder + Nat::from(10u32) * n > Nat::from(6u32) * &s + Nat::from(4u32);
    if lower {
        (f + Nat::ONE, Side::Lower)
    } else {
        (n - f, Side::Upper)
    }
}

/// The other member of n's pair: b_k for n = a_k, a_k for n = b_k (0 for 0).
pub fn partner(n: &Nat) -> Nat {
    match locate(n) {
        (k, Side::Lower) => n + k,
        (k, Side::Upper) => n - k,
    }
}

/// The pairs (a_0, b_0), (a_1, b_1), … in order, for listing.
pub fn pairs() -> impl Iterator<Item = (Nat, Nat)> {
    (0u64..).map(|k| pair(&Nat::from(k)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seq::golden::floor_div_phi;
    use proptest::prelude::*;

    /// Wythoff's sieve, independent of φ: a_k is the least number not yet in a pair,
    /// b_k = a_k + k. Returns the side and index of every n ≤ limit.
    fn sieve(limit: usize) -> Vec<(usize, Side)> {
        let mut seen = vec![None; limit + 1];
        let mut a = 0;
        for k in 0.. {
            while a <= limit && seen[a].is_some() {
                a += 1;
            }
            if a > limit {
                break;
            }
            seen[a] = Some((k, Side::Lower));
            if k > 0 && a + k <= limit {
                seen[a + k] = Some((k, Side::Upper));
            }
        }
        seen.into_iter().map(Option::unwrap).collect()
    }

    #[test]
    fn locate_and_partner_match_the_sieve_up_to_a_million() {
        for (n, &(k, side)) in sieve(1_000_000).iter().enumerate() {
            let n_nat = Nat::from(n as u64);
            assert_eq!(locate(&n_nat), (Nat::from(k as u64), side), "n = {n}");
            let (a, b) = pair(&Nat::from(k as u64));
            let expected = if side == Side::Lower { b } else { a };
            assert_eq!(partner(&n_nat), expected, "partner of {n}");
        }
    }

    #[test]
    fn first_pairs_from_the_paper() {
        let listed: Vec<(Nat, Nat)> = pairs().take(18).collect();
        let paper = [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
            (14, 23),
            (16, 26),
            (17, 28),
            (19, 31),
            (21, 34),
            (22, 36),
            (24, 39),
            (25, 41),
            (27, 44),
        ];
        let paper: Vec<(Nat, Nat)> = paper
            .iter()
            .map(|&(a, b)| (Nat::from(a as u32), Nat::from(b as u32)))
            .collect();
        assert_eq!(listed, paper);
    }

    proptest! {
        /// For huge n, `locate` agrees with the slow definition: n = a_k with
        /// k = ⌊n/φ⌋ + 1, else n = b_j with j = n − ⌊n/φ⌋; and partner is an involution.
        #[test]
        fn locate_matches_the_slow_definition(digits in "[1-9][0-9]{0,400}") {
            let n: Nat = digits.parse().unwrap();
            let f = floor_div_phi(&n);
            let k = &f + Nat::ONE;
            let slow = if pair(&k).0 == n {
                (k, Side::Lower)
            } else {
                let j = &n - &f;
                prop_assert_eq!(pair(&j).1, n.clone());
                (j, Side::Upper)
            };
            prop_assert_eq!(locate(&n), slow);
            prop_assert_eq!(partner(&partner(&n)), n);
        }
    }
}
