//! Stern's diatomic sequence (fusc, OEIS A002487): fusc(0) = 0, fusc(1) = 1,
//! fusc(2n) = fusc(n), fusc(2n+1) = fusc(n) + fusc(n+1).
//!
//! - [`fusc`] evaluates one term for n of any size. Dijkstra's loop (EWD570) reads the
//!   bits of n from the least significant: a, b := 1, 0; a 1-bit does b := a + b, a
//!   0-bit does a := a + b; the answer is b. Each step is a 2×2 matrix acting on
//!   (a, b), so the answer is an entry of the product of one matrix per bit. Plain
//!   steps cost Θ(bits · digits); multiplying the matrices as a balanced product tree
//!   costs O(M(d) log d). Runs of 64 bits are done in machine words first.
//! - [`Fusc`] streams fusc(0), fusc(1), … in O(1) memory by Newman's recurrence
//!   fusc(n+2) = fusc(n) + fusc(n+1) − 2·(fusc(n) mod fusc(n+1)).

use crate::num::Nat;
use malachite_base::num::basic::traits::Zero;
use malachite_base::num::logic::traits::BitAccess;
use malachite_base::num::logic::traits::SignificantBits;

/// Bits handled per machine-word leaf: entries stay below F_65 < 2^64.
const LEAF_BITS: u64 = 63;

/// A 2×2 matrix [[p, q], [r, s]] acting on column vectors (a, b).
type Matrix<T> = [T; 4];

/// The matrix of Dijkstra's steps for bits lo..hi of n (lowest bit applied first).
fn leaf(n: &Nat, lo: u64, hi: u64) -> Matrix<u64> {
    // Columns are the images of (1, 0) and (0, 1).
    let [mut p, mut q, mut r, mut s] = [1u64, 0, 0, 1];
    for bit in lo..hi {
        if n.get_bit(bit) {
            // b := a + b, on both columns.
            r += p;
            s += q;
        } else {
            // a := a + b.
            p += r;
            q += s;
        }
    }
    [p, q, r, s]
}

fn multiply(left: &Matrix<Nat>, right: &Matrix<Nat>) -> Matrix<Nat> {
    let [p, q, r, s] = left;
    let [w, x, y, z] = right;
    [p * w + q * y, p * x + q * z, r * w + s * y, r * x + s * z]
}

/// The product of the leaves' matrices for leaves lo..hi, later leaves on the left.
fn product(n: &Nat, lo: u64, hi: u64, bits: u64) -> Matrix<Nat> {
    if hi - lo == 1 {
        let start = lo * LEAF_BITS;
        return leaf(n, start, (start + LEAF_BITS).min(bits)).map(Nat::from);
    }
    let mid = lo + (hi - lo) / 2;
    multiply(&product(n, mid, hi, bits), &product(n, lo, mid, bits))
}

/// fusc(n), exactly, for n of any size.
pub fn fusc(n: &Nat) -> Nat {
    let bits = n.significant_bits();
    if bits == 0 {
        return Nat::ZERO;
    }
    let leaves = bits.div_ceil(LEAF_BITS);
    // Starting from (a, b) = (1, 0), the answer b is the lower-left entry.
    let [_, _, r, _] = product(n, 0, leaves, bits);
    r
}

/// The sequence fusc(0), fusc(1), … (values of n < 2^64 fit a u64: fusc(n) ≤ F_65).
#[derive(Clone, Debug)]
pub struct Fusc {
    current: u64,
    next: u64,
}

impl Fusc {
    /// The sequence from fusc(0).
    pub fn new() -> Self {
        Fusc {
            current: 0,
            next: 1,
        }
    }
}

impl Default for Fusc {
    fn default() -> Self {
        Self::new()
    }
}

impl Iterator for Fusc {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        let value = self.current;
        let after = self.current + self.next - 2 * (self.current % self.next);
        self.current = self.next;
        self.next = after;
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use malachite_base::num::basic::traits::One;
    use proptest::prelude::*;

    /// Dijkstra's loop, one bit at a time: the plain quadratic method.
    fn dijkstra(n: &Nat) -> Nat {
        let (mut a, mut b) = (Nat::ONE, Nat::ZERO);
        for bit in 0..n.significant_bits() {
            if n.get_bit(bit) {
                b += &a;
            } else {
                a += &b;
            }
        }
        b
    }

    /// The recursive definition, tabulated.
    fn table(len: usize) -> Vec<u64> {
        let mut t = vec![0u64, 1];
        for n in 2..len {
            t.push(if n % 2 == 0 {
                t[n / 2]
            } else {
                t[n / 2] + t[n / 2 + 1]
            });
        }
        t
    }

    #[test]
    fn seed_and_oeis_values() {
        let first: Vec<u64> = Fusc::new().take(10).collect();
        assert_eq!(first, [0, 1, 1, 2, 1, 3, 2, 3, 1, 4]);
    }

    #[test]
    fn stream_and_evaluation_match_the_definition() {
        let expected = table(1 << 17);
        let streamed: Vec<u64> = Fusc::new().take(expected.len()).collect();
        assert_eq!(streamed, expected);
        for (n, &value) in expected.iter().enumerate() {
            assert_eq!(fusc(&Nat::from(n as u64)), Nat::from(value), "fusc({n})");
        }
    }

    #[test]
    fn leaf_boundaries() {
        // All-ones runs make the entries largest; lengths around the leaf size.
        for bits in [62u64, 63, 64, 65, 126, 127, 128, 200] {
            let n = (Nat::ONE << bits) - Nat::ONE;
            assert_eq!(fusc(&n), dijkstra(&n), "2^{bits} - 1");
            let n = Nat::ONE << bits;
            assert_eq!(fusc(&n), Nat::ONE);
        }
    }

    proptest! {
        #[test]
        fn huge_n_matches_dijkstras_loop(digits in "[1-9][0-9]{0,1200}") {
            let n: Nat = digits.parse().unwrap();
            prop_assert_eq!(fusc(&n), dijkstra(&n));
        }
    }
}
