//! The one integer type for positions and values of any size.
//!
//! Heaps, coordinates and queries may have thousands (or millions) of digits, so they
//! are [`Nat`]: malachite's `Natural`, which keeps machine-size values inline (no heap
//! allocation) and switches to limbs only when a value outgrows 64 bits. Tables of
//! Grundy values are plain `u32` arrays, never `Nat`.

/// A non-negative integer of any size.
pub type Nat = malachite_nz::natural::Natural;

/// The value as a `u64`, if it fits.
pub fn to_u64(n: &Nat) -> Option<u64> {
    u64::try_from(n).ok()
}

/// How many machine words the value takes (at least one): its share of a search's
/// memory ([`Game::size`](crate::rules::Game::size)).
pub fn words(n: &Nat) -> usize {
    use malachite_base::num::logic::traits::SignificantBits;
    (n.significant_bits().div_ceil(64) as usize).max(1)
}
