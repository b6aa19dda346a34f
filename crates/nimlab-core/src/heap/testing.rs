//! Exhaustive checks of a heap family against the generic searches, shared by the
//! families' tests.

use super::{HeapRules, HeapSum};
use crate::budget::Budget;
use crate::num::Nat;
use crate::protocol::Strategy;
use crate::rules::{Convention, Game, Outcome};
use crate::solve::search::{GrundyEngine, Oracle};

/// The family's table of single-heap values g(0..=upto) equals what the generic
/// engine computes from the rules alone.
pub fn check_table_against_engine<H: HeapRules>(game: &HeapSum<H>, upto: u32) {
    let mut engine = GrundyEngine::new(game);
    let table = game
        .heap_values()
        .sequence()
        .grundy_table(upto as usize, &Budget::unlimited())
        .unwrap();
    for n in 0..=upto {
        assert_eq!(
            table[n as usize],
            engine.grundy(&vec![Nat::from(n)]).unwrap(),
            "{} g({n})",
            game.rules.spec()
        );
    }
}

/// Every multiset of 1..=max_count heaps of sizes 0..=max_heap, as sorted lists.
pub fn positions(max_heap: u64, max_count: usize) -> Vec<Vec<Nat>> {
    let mut all = Vec::new();
    let mut current: Vec<u64> = Vec::new();
    fn extend(
        from: u64,
        max_heap: u64,
        max_count: usize,
        current: &mut Vec<u64>,
        all: &mut Vec<Vec<Nat>>,
    ) {
        if !current.is_empty() {
            all.push(current.iter().map(|&h| Nat::from(h)).collect());
        }
        if current.len() == max_count {
            return;
        }
        for h in from..=max_heap {
            current.push(h);
            extend(h, max_heap, max_count, current, all);
            current.pop();
        }
    }
    extend(0, max_heap, max_count, &mut current, &mut all);
    all
}

/// Check Grundy values, outcomes (normal and misère) and the complete list of
/// winning moves of `game` against the engine and the brute-force oracle, on every
/// position of up to `max_count` heaps of size at most `max_heap`.
pub fn check_against_brute_force<H: HeapRules>(game: &HeapSum<H>, max_heap: u64, max_count: usize) {
    let mut engine = GrundyEngine::new(game);
    for convention in [Convention::Normal, Convention::Misere] {
        let mut oracle = Oracle::new(game, convention);
        for position in positions(max_heap, max_count) {
            let analysis = game
                .analyze(&position, convention, usize::MAX, &Budget::unlimited())
                .unwrap();
            let expected = oracle.outcome(&position).unwrap();
            assert_eq!(
                analysis.outcome, expected,
                "{convention:?} outcome of {position:?}"
            );
            let grundy = engine.grundy(&position).unwrap();
            assert_eq!(
                analysis.grundy,
                Some(Nat::from(grundy)),
                "Grundy value of {position:?}"
            );
            let mut listed: Vec<Vec<Nat>> = analysis
                .winning_moves
                .iter()
                .map(|m| game.canonical(&game.apply(&position, &m.play)))
                .collect();
            let mut winning: Vec<Vec<Nat>> = game
                .moves(&position)
                .iter()
                .filter(|m| oracle.outcome(m).unwrap() == Outcome::P)
                .map(|m| game.canonical(m))
                .collect();
            listed.sort();
            winning.sort();
            assert_eq!(
                listed, winning,
                "{convention:?} winning moves from {position:?}"
            );
            assert_eq!(analysis.winning_move_count, Nat::from(winning.len()));
        }
    }
}
