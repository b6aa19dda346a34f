//! How many misère classes Kayles has, counted without the engine: positions told apart
//! by brute force. Two positions G and H are distinguishable when G + X and H + X have
//! different misère outcomes for some position X; counting the positions of at most
//! `SMALL` tokens by their outcomes beside every X of at most `OTHERS` tokens gives a
//! lower bound on the order of the quotient (positions with different outcomes
//! somewhere are different elements). The engine's quotient gives the upper bound: it
//! predicts every outcome (checked up to 40 tokens here and by the closure proof in
//! `quotients.rs`), so positions with the same element are never told apart.

mod common;

use common::{MisereOracle, positions, sizes};
use nimlab_misere::{Bounds, quotient};
use nimlab_octal::TakeBreak;
use std::collections::{BTreeMap, BTreeSet};

/// Positions of at most this many tokens are classified…
const SMALL: usize = 20;
/// …beside every position of at most this many.
const OTHERS: usize = 20;

#[test]
fn kayles_classes_by_brute_force_are_the_quotient_elements() {
    let kayles = TakeBreak::octal("0.77").unwrap();
    let q = quotient(&kayles, &Bounds::default()).unwrap();
    let mut oracle = MisereOracle::new(&kayles);
    let others = positions(OTHERS);
    // Each small position's outcomes beside every other position, as bits.
    let mut classes: BTreeMap<Vec<bool>, BTreeSet<usize>> = BTreeMap::new();
    let mut elements_seen = BTreeSet::new();
    for g in positions(SMALL) {
        let signature: Vec<bool> = others
            .iter()
            .map(|x| {
                let mut sum: Vec<u8> = g.iter().chain(x).copied().collect();
                sum.sort_unstable();
                oracle.wins(&sum)
            })
            .collect();
        let element = q.element_of(&sizes(&g)).unwrap().index();
        elements_seen.insert(element);
        classes.entry(signature).or_default().insert(element);
    }
    // Positions of one element behave alike, so each class of outcomes holds exactly
    // one element: the brute force and the quotient split the positions the same way.
    for elements in classes.values() {
        assert_eq!(
            elements.len(),
            1,
            "one class, several elements: {elements:?}"
        );
    }
    assert_eq!(classes.len(), elements_seen.len());
    // The positions of at most 20 pins meet 23 of the 40 elements (the others need
    // rows of 25 pins and more), and brute force tells all 23 apart. NOTES.md has the
    // same count for positions of up to 70 pins, where all 40 are met.
    assert_eq!(classes.len(), 23);
    assert_eq!(q.order(), 40);
}
