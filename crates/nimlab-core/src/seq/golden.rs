//! The golden ratio φ = (1 + √5) / 2 in exact integer arithmetic.
//!
//! For n > 0, n·√5 is irrational, so ⌊n + n√5⌋ = n + ⌊√(5n²)⌋, and halving commutes
//! with the floor (⌊z / 2⌋ = ⌊⌊z⌋ / 2⌋). Hence ⌊n·φ⌋ = (n + isqrt(5n²)) div 2, and
//! since n / φ = n·φ − n, ⌊n / φ⌋ = ⌊n·φ⌋ − n. One square and one integer square root:
//! Θ(M(d)) for d-digit n, exact at any size.

use crate::num::Nat;
use malachite_base::num::arithmetic::traits::{FloorSqrt, Square};

/// ⌊n·φ⌋, exactly.
pub fn floor_mul_phi(n: &Nat) -> Nat {
    let root = (n.square() * Nat::from(5u32)).floor_sqrt();
    (root + n) >> 1u32
}

/// ⌊n / φ⌋, exactly.
pub fn floor_div_phi(n: &Nat) -> Nat {
    floor_mul_phi(n) - n
}

#[cfg(test)]
mod tests {
    use super::*;
    use malachite_base::num::arithmetic::traits::Pow;
    use proptest::prelude::*;

    /// ⌊n·φ⌋ by comparison with a 40-digit rational approximation of φ, valid while
    /// n·10^-40 is far below the distance of n·φ from an integer (n < 10^12 here).
    fn by_decimal_phi(n: u64) -> u128 {
        // φ ≈ 1.6180339887498948482045868343656381177203...
        let phi_40: Nat = "16180339887498948482045868343656381177203".parse().unwrap();
        let scaled = phi_40 * Nat::from(n);
        let floor = scaled / Nat::from(10u32).pow(40);
        u128::try_from(&floor).unwrap()
    }

    #[test]
    fn agrees_with_a_decimal_phi_on_small_and_scattered_n() {
        let ns = (0..20_000u64).chain((1..2000).map(|i| i * 499_999_999));
        for n in ns {
            let exact = floor_mul_phi(&Nat::from(n));
            assert_eq!(exact, Nat::from(by_decimal_phi(n)), "⌊{n}φ⌋");
            let lower = floor_div_phi(&Nat::from(n));
            assert_eq!(lower, exact - Nat::from(n));
        }
    }

    proptest! {
        /// The defining inequalities for huge n: f = ⌊nφ⌋ iff f < nφ < f + 1, i.e.
        /// (2f − n)² < 5n² < (2f + 2 − n)² (when 2f ≥ n, which holds as φ > 1/2).
        #[test]
        fn floor_mul_phi_satisfies_its_definition(digits in "[1-9][0-9]{0,300}") {
            let n: Nat = digits.parse().unwrap();
            let f = floor_mul_phi(&n);
            let five_n2 = n.clone().square() * Nat::from(5u32);
            let low = (Nat::from(2u32) * &f - &n).square();
            let high = (Nat::from(2u32) * &f + Nat::from(2u32) - &n).square();
            prop_assert!(low < five_n2 && five_n2 < high);
        }
    }
}
