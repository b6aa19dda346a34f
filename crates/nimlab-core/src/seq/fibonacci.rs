//! Fibonacci numbers (F_0 = 0, F_1 = F_2 = 1) and Zeckendorf representations.
//!
//! Every n ≥ 0 is a sum of non-consecutive Fibonacci numbers F_i with i ≥ 2 in exactly
//! one way (Zeckendorf). [`zeckendorf`] finds it by divide and conquer, in
//! O(M(d) log d) for d-digit n instead of the greedy method's Θ(d²):
//!
//! Split the terms of n at an index s: n = H + L, where H holds the terms F_i with
//! i ≥ s + 2 and L the rest (L < F_{s+2}). Shifting H's indices down by s gives a
//! number U with H = up_s(U), where, by F_{i+s} = F_{s+1}·F_i + F_s·F_{i−1},
//!
//! up_s(U) = F_{s+1}·U + F_s·pred(U),  pred(U) = Σ F_{i−1} over U's terms = ⌊(U+1)/φ⌋.
//!
//! up_s maps Zeckendorf sets to Zeckendorf sets shifted by s, preserving their order,
//! and the greedy choice makes H the largest such sum ≤ n; so U is the largest u with
//! up_s(u) ≤ n. Since up_s(u) = u·φ^s + O(F_s), U is within a few units of n / L_s
//! (L_s the Lucas number, φ^s + ψ^s), and an exact search settles it. Recurse on U and
//! L, which have about half the digits each.

use super::golden::floor_div_phi;
use crate::num::{Nat, to_u64};
use malachite_base::num::arithmetic::traits::{Fibonacci, LucasNumber};
use malachite_base::num::basic::traits::{One, Zero};
use malachite_base::num::logic::traits::SignificantBits;

/// F_n.
pub fn fibonacci(n: u64) -> Nat {
    Nat::fibonacci(n)
}

/// F_0, F_1, F_2, … in order.
pub fn fibonacci_numbers() -> impl Iterator<Item = Nat> {
    let mut pair = (Nat::ZERO, Nat::ONE);
    std::iter::from_fn(move || {
        let next = &pair.0 + &pair.1;
        let current = std::mem::replace(&mut pair.0, std::mem::replace(&mut pair.1, next));
        Some(current)
    })
}

/// The Fibonacci numbers that fit a u64: F_0 … F_93.
fn small_table() -> Vec<u64> {
    let mut table = vec![0u64, 1];
    while let Some(next) = table[table.len() - 2].checked_add(table[table.len() - 1]) {
        table.push(next);
    }
    table
}

/// The Zeckendorf representation of n: the indices i ≥ 2 of its terms F_i, increasing,
/// no two consecutive. Empty for n = 0.
pub fn zeckendorf(n: &Nat) -> Vec<u64> {
    let mut indices = Vec::new();
    push_zeckendorf(n, 0, &small_table(), &mut indices);
    indices
}

/// The sum of F_i over the given indices (each ≥ 1), e.g. a Zeckendorf representation
/// back to its number. Divide and conquer: with (A, B) = (Σ F_i, Σ F_{i−1}) over a
/// set of indices shifted down by s, the unshifted sums are F_{s+1}·A + F_s·B and
/// F_s·A + F_{s−1}·B (from F_{i+s} = F_{s+1}·F_i + F_s·F_{i−1}).
pub fn sum_of_terms(indices: &[u64]) -> Nat {
    term_sums(indices).0
}

/// (Σ F_i, Σ F_{i−1}) over the indices (each ≥ 1).
fn term_sums(indices: &[u64]) -> (Nat, Nat) {
    const LEAF: usize = 8;
    if indices.len() <= LEAF {
        return indices.iter().fold((Nat::ZERO, Nat::ZERO), |(a, b), &i| {
            let (f, f_before) = Nat::fibonacci_pair(i);
            (a + f, b + f_before)
        });
    }
    let mid = indices.len() / 2;
    let (low, low_before) = term_sums(&indices[..mid]);
    let s = indices[mid..].iter().min().expect("not empty") - 1;
    let shifted: Vec<u64> = indices[mid..].iter().map(|i| i - s).collect();
    let (a, b) = term_sums(&shifted);
    let (f_s, f_s_minus_1) = Nat::fibonacci_pair(s);
    let f_s_plus_1 = &f_s + &f_s_minus_1;
    (
        low + &f_s_plus_1 * &a + &f_s * &b,
        low_before + &f_s * a + f_s_minus_1 * b,
    )
}

/// Append the indices of n's terms, each plus `shift`, in increasing order.
fn push_zeckendorf(n: &Nat, shift: u64, table: &[u64], out: &mut Vec<u64>) {
    if let Some(small) = to_u64(n) {
        let start = out.len();
        let mut rest = small;
        for i in (2..table.len()).rev() {
            if table[i] <= rest {
                rest -= table[i];
                out.push(i as u64 + shift);
            }
        }
        out[start..].reverse();
        return;
    }
    let s = index_bound(n) / 2;
    let (high, low) = split(n, s);
    push_zeckendorf(&low, shift, table, out);
    push_zeckendorf(&high, shift + s, table, out);
}

/// An index K with n < F_K: F_K ≥ φ^(K−2) ≥ 2^bits once K ≥ 2 + 1.4405·bits.
fn index_bound(n: &Nat) -> u64 {
    3 + n.significant_bits() * 14_405 / 10_000
}

/// Split n at index s (see the module docs; the estimate n / L_s is within a few
/// units of U when 3s ≥ K for n < F_K, which the caller's s = K / 2 ensures): (U, L) with n = up_s(U) + L, where L
/// is the sum of n's terms of index ≤ s + 1 and U holds the others, shifted down by s.
fn split(n: &Nat, s: u64) -> (Nat, Nat) {
    let (f_s, f_s_minus_1) = Nat::fibonacci_pair(s);
    let f_s_plus_1 = &f_s + &f_s_minus_1;
    let up = |u: &Nat| &f_s_plus_1 * u + &f_s * floor_div_phi(&(u + Nat::ONE));
    let mut u = n / Nat::lucas_number(s);
    let mut h = up(&u);
    while h > *n {
        u -= Nat::ONE;
        h = up(&u);
    }
    loop {
        let next = up(&(&u + Nat::ONE));
        if next > *n {
            break;
        }
        u += Nat::ONE;
        h = next;
    }
    (u, n - h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The greedy method: repeatedly take the largest Fibonacci number that fits.
    fn greedy(n: &Nat) -> Vec<u64> {
        let mut fibs = vec![Nat::ZERO, Nat::ONE];
        while fibs.last().unwrap() <= n {
            let next = &fibs[fibs.len() - 1] + &fibs[fibs.len() - 2];
            fibs.push(next);
        }
        let mut rest = n.clone();
        let mut out = Vec::new();
        for i in (2..fibs.len()).rev() {
            if fibs[i] <= rest {
                rest -= &fibs[i];
                out.push(i as u64);
            }
        }
        out.reverse();
        out
    }

    fn is_zeckendorf_of(indices: &[u64], n: &Nat) -> bool {
        let valid =
            indices.first().is_none_or(|&i| i >= 2) && indices.windows(2).all(|w| w[1] >= w[0] + 2);
        // Sum the terms walking up the sequence once.
        let mut sum = Nat::ZERO;
        let mut terms = indices.iter().peekable();
        for (i, f) in fibonacci_numbers().enumerate() {
            let Some(&&next) = terms.peek() else { break };
            if i as u64 == next {
                sum += f;
                terms.next();
            }
        }
        valid && sum == *n
    }

    #[test]
    fn seed_example_and_small_numbers() {
        assert_eq!(zeckendorf(&Nat::from(1000u32)), [7, 16]); // 13 + 987
        assert_eq!(zeckendorf(&Nat::ZERO), Vec::<u64>::new());
        for n in 0..20_000u32 {
            let n = Nat::from(n);
            assert_eq!(zeckendorf(&n), greedy(&n));
        }
    }

    #[test]
    fn numbers_around_fibonacci_numbers_of_every_size() {
        for i in (2..2000).step_by(7) {
            let f = fibonacci(i);
            for n in [
                &f - Nat::ONE,
                f.clone(),
                &f + Nat::ONE,
                &f + fibonacci(i / 2),
            ] {
                assert_eq!(zeckendorf(&n), greedy(&n), "near F_{i}");
            }
        }
    }

    #[test]
    fn fibonacci_numbers_stream() {
        let first: Vec<Nat> = fibonacci_numbers().take(12).collect();
        let expected: Vec<Nat> = [0u32, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
            .map(Nat::from)
            .into();
        assert_eq!(first, expected);
        assert_eq!(fibonacci_numbers().nth(300).unwrap(), fibonacci(300));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn huge_numbers_match_the_greedy_method(digits in "[1-9][0-9]{18,400}") {
            let n: Nat = digits.parse().unwrap();
            prop_assert_eq!(zeckendorf(&n), greedy(&n));
        }

        /// At thousands of digits the greedy method is slow; check the definition.
        #[test]
        fn very_huge_numbers_satisfy_the_definition(digits in "[1-9][0-9]{2000,5000}") {
            let n: Nat = digits.parse().unwrap();
            prop_assert!(is_zeckendorf_of(&zeckendorf(&n), &n));
        }

        #[test]
        fn sum_of_terms_inverts_zeckendorf(digits in "[1-9][0-9]{18,600}", pick in 0usize..1000) {
            let n: Nat = digits.parse().unwrap();
            let indices = zeckendorf(&n);
            prop_assert_eq!(sum_of_terms(&indices), n);
            let i = pick % indices.len();
            let expected = indices[..=i].iter().fold(Nat::ZERO, |acc, &j| acc + fibonacci(j));
            prop_assert_eq!(sum_of_terms(&indices[..=i]), expected);
        }
    }
}
