//! Playing with quotients: outcomes, element words and winning moves, from small
//! positions (against exhaustive search) to heaps of a million tokens and heaps given by
//! their residue class.

mod common;

use common::{MisereOracle, check_winning_moves, expanded_moves, family_members, leaves};
use nimlab_misere::{Bounds, HeapSize, MisereHeapRules, MisereOutcome, Part, Quotient, quotient};
use nimlab_octal::TakeBreak;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn solved(code: &str) -> Quotient {
    quotient(&TakeBreak::hex(code).unwrap(), &Bounds::default()).unwrap()
}

fn kayles() -> &'static Quotient {
    static KAYLES: OnceLock<Quotient> = OnceLock::new();
    KAYLES.get_or_init(|| solved("0.77"))
}

fn sizes(heaps: &[u64]) -> Vec<HeapSize> {
    heaps.iter().map(|&h| HeapSize::Size(h)).collect()
}

/// The winning moves found by trying every option of every heap and asking the quotient
/// for the outcome of the position left — no residue classes involved.
fn moves_by_trying(
    q: &Quotient,
    game: &dyn MisereHeapRules,
    position: &[u64],
) -> BTreeSet<(u64, Vec<u64>)> {
    let mut out = BTreeSet::new();
    let distinct: BTreeSet<u64> = position.iter().copied().collect();
    for &heap in &distinct {
        let at = position.iter().position(|&h| h == heap).unwrap();
        let mut rest: Vec<u64> = position.to_vec();
        rest.remove(at);
        let mut options = Vec::new();
        game.options(heap as usize, &mut options);
        for option in options {
            let mut left: Vec<u64> = option.iter().map(|&h| h as u64).collect();
            left.sort_unstable();
            let after: Vec<u64> = rest.iter().chain(&left).copied().collect();
            if q.outcome(&sizes(&after)).unwrap() == MisereOutcome::P {
                out.insert((heap, left));
            }
        }
    }
    out
}

#[test]
fn wild_games_move_as_the_search_says() {
    for code in ["0.75", "0.53", "0.15", "0.71", "0.34"] {
        let game = TakeBreak::hex(code).unwrap();
        let q = quotient(&game, &Bounds::default()).unwrap();
        let mut oracle = MisereOracle::new(&game);
        check_winning_moves(&q, &mut oracle, 22);
    }
}

/// Heaps of thousands of tokens, beyond the table: the moves found by residue classes are
/// exactly those found by trying every option.
#[test]
fn large_kayles_heaps_by_classes_and_by_trying() {
    let game = TakeBreak::octal("0.77").unwrap();
    let q = kayles();
    for position in [
        vec![1000, 2001],
        vec![3, 777, 1500],
        vec![5000, 5000, 12],
        vec![170, 171, 1234, 4321],
    ] {
        let (found, count) = expanded_moves(q, &position);
        assert_eq!(found, moves_by_trying(q, &game, &position), "{position:?}");
        let copies: u128 = found
            .iter()
            .map(|(h, _)| position.iter().filter(|&&p| p == *h).count() as u128)
            .sum();
        assert_eq!(count, copies);
    }
}

/// The element of a position, as the papers write it, and its outcome (0.75's quotient:
/// heaps 1, 2, 5 are a, b, c; P = {a, b²}).
#[test]
fn element_words() {
    let q = solved("0.75");
    let word = |heaps: &[u64]| q.word(q.element_of(&sizes(heaps)).unwrap());
    assert_eq!(word(&[]), "1");
    assert_eq!(word(&[1]), "a");
    assert_eq!(word(&[5]), "c");
    assert_eq!(word(&[5, 5]), "b²");
    assert_eq!(word(&[2, 5]), "ab");
    assert_eq!(q.outcome(&sizes(&[5, 5])).unwrap(), MisereOutcome::P);
    assert_eq!(q.outcome(&sizes(&[])).unwrap(), MisereOutcome::N);
}

/// Ten heaps of up to a million pins: every listed move and every member of every family
/// leads to a P-position, and the P-positions have none.
#[test]
fn ten_kayles_heaps_of_a_million() {
    let q = kayles();
    let position: Vec<u64> = vec![
        1_000_000, 999_999, 123_457, 500_001, 77, 65_536, 999_983, 424_242, 3, 31_415,
    ];
    let heaps = sizes(&position);
    let moves = q.winning_moves(&heaps).unwrap();
    assert_eq!(
        q.outcome(&heaps).unwrap() == MisereOutcome::N,
        !moves.is_empty()
    );
    let mut checked = 0;
    for heap_moves in &moves.by_heap {
        let size = position[heap_moves.heap];
        let mut rest = position.clone();
        rest.remove(heap_moves.heap);
        let mut lefts: Vec<Vec<u64>> = heap_moves.moves.iter().map(|m| leaves(m, size)).collect();
        for family in &heap_moves.families {
            let members = family_members(family, size);
            lefts.push(members[0].clone());
            lefts.push(members[members.len() - 1].clone());
            lefts.push(members[members.len() / 2].clone());
        }
        for left in lefts {
            let after: Vec<u64> = rest.iter().chain(&left).copied().collect();
            assert_eq!(
                q.outcome(&sizes(&after)).unwrap(),
                MisereOutcome::P,
                "{left:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
    assert!(moves.count(&heaps).unwrap() > 0);
    let (heap, left) = moves.first(&heaps).unwrap();
    let mut after = position.clone();
    let size = after.remove(heap);
    after.extend(leaves(&left, size));
    assert_eq!(q.outcome(&sizes(&after)).unwrap(), MisereOutcome::P);
}

/// A heap beyond u64, given by its residue, plays like a heap of the same class: the
/// moves agree once "the heap less d" is read for that heap.
#[test]
fn huge_heaps_by_residue() {
    let q = kayles();
    let c = *q.certificate().unwrap();
    let (n0, p) = (c.preperiod as u64, c.period as u64);
    for residue in 0..p {
        let stand_in = n0 + residue + p * 1_000_000_000;
        for others in [vec![], vec![4], vec![9, 30], vec![1, 1, 2]] {
            let mut huge = sizes(&others);
            huge.push(HeapSize::Huge { residue });
            let mut exact = sizes(&others);
            exact.push(HeapSize::Size(stand_in));
            assert_eq!(q.outcome(&huge).unwrap(), q.outcome(&exact).unwrap());
            let from_huge = q.winning_moves(&huge).unwrap();
            let from_exact = q.winning_moves(&exact).unwrap();
            assert_eq!(from_huge.by_heap.len(), from_exact.by_heap.len());
            for (h, e) in from_huge.by_heap.iter().zip(&from_exact.by_heap) {
                assert_eq!((h.heap, h.copies), (e.heap, e.copies));
                let read = |moves: &[Vec<Part>]| -> Vec<Vec<u64>> {
                    moves.iter().map(|m| leaves(m, stand_in)).collect()
                };
                assert_eq!(read(&h.moves), read(&e.moves), "residue {residue}");
                assert_eq!(h.families, e.families, "residue {residue}");
            }
            // A huge heap's families cannot be counted in u64 arithmetic.
            let counted = from_huge.count(&huge);
            let huge_families = from_huge
                .by_heap
                .iter()
                .any(|m| m.heap == others.len() && !m.families.is_empty());
            assert_eq!(counted.is_none(), huge_families);
        }
    }
    // The part left by a move from a huge heap is written against the heap.
    let moves = q
        .winning_moves(&[HeapSize::Huge { residue: 0 }, HeapSize::Size(1)])
        .unwrap();
    let any_minus = moves
        .by_heap
        .iter()
        .flat_map(|m| &m.moves)
        .flatten()
        .any(|part| matches!(part, Part::HeapMinus(_)));
    assert!(any_minus);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Misère play's defining facts on random Kayles positions beyond the search's reach:
    /// a position is P exactly when it has a move but no winning move, every winning
    /// move leads to P, and a P-position's moves all lead to N.
    #[test]
    fn kayles_positions_are_consistent(position in prop::collection::vec(1u64..400, 0..6)) {
        let game = TakeBreak::octal("0.77").unwrap();
        let q = kayles();
        let heaps = sizes(&position);
        let outcome = q.outcome(&heaps).unwrap();
        let tried = moves_by_trying(q, &game, &position);
        let (found, _) = expanded_moves(q, &position);
        prop_assert_eq!(&found, &tried);
        if position.is_empty() {
            prop_assert_eq!(outcome, MisereOutcome::N);
        } else {
            prop_assert_eq!(outcome == MisereOutcome::P, tried.is_empty());
        }
    }
}
