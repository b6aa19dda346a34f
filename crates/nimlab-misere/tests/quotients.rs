//! Every quotient against exhaustive misère search, its structure, and the papers.

mod common;

use common::{
    MisereOracle, check_outcomes, check_structure, check_tameness, check_winning_moves,
    closure_check,
};
use nimlab_misere::{
    Bounds, HeapSize, MisereHeapRules, Quotient, Shortfall, partial_quotient, quotient,
};
use nimlab_octal::{SubtractionSet, TakeBreak};
use std::collections::BTreeSet;

/// Bounds small enough that a game without a small quotient gives up in well under a
/// second, large enough for every two-digit code solved below.
fn sweep_bounds() -> Bounds {
    Bounds {
        max_heap: 400,
        max_candidate_order: 4096,
        max_order: 256,
        ..Bounds::default()
    }
}

/// Tokens up to which every position is searched.
const TOKENS: usize = 40;

/// Every check a certified quotient gets: exhaustive search on every position of at
/// most `tokens` tokens, the independent closure proof up to its last heap, and the
/// structural facts.
fn check_certified(q: &Quotient, game: &dyn MisereHeapRules, tokens: usize) {
    assert!(q.certificate().is_some());
    check_structure(q);
    let mut oracle = MisereOracle::new(game);
    check_outcomes(q, &mut oracle, tokens);
    let pairs = closure_check(q, game, q.last_heap(), 2_000_000);
    assert!(
        pairs.is_some(),
        "{}: the closure proof ran out of room",
        q.game()
    );
}

#[test]
fn every_two_digit_code() {
    let mut certified = Vec::new();
    let mut not_found = Vec::new();
    for code in (1..64).map(|i| format!("0.{}{}", i / 8, i % 8)) {
        let game = TakeBreak::hex(&code).unwrap();
        match quotient(&game, &sweep_bounds()) {
            Ok(q) => {
                check_certified(&q, &game, TOKENS);
                check_tameness(&q, &game);
                certified.push((code, q.order()));
            }
            Err(e) => {
                // The partial quotient is still exact for the heaps it solved.
                assert!(e.partial.certificate().is_none());
                check_structure(&e.partial);
                let last = e.partial.last_heap();
                let mut oracle = MisereOracle::new(&game);
                for position in common::positions(30) {
                    if position.iter().all(|&h| usize::from(h) <= last) {
                        let expected = oracle.outcome(&position);
                        let got = e.partial.outcome(&common::sizes(&position)).unwrap();
                        assert_eq!(got, expected, "{code} partial: {position:?}");
                    }
                }
                assert!(!e.to_string().is_empty());
                not_found.push(code);
            }
        }
    }
    println!("certified: {certified:?}");
    println!("not found: {not_found:?}");
    // The games these bounds solve (with the papers' 0.75 and Kayles among them).
    let solved: Vec<&str> = certified.iter().map(|(c, _)| c.as_str()).collect();
    for code in [
        "0.15", "0.34", "0.44", "0.46", "0.53", "0.71", "0.72", "0.75", "0.77",
    ] {
        assert!(solved.contains(&code), "{code} should be solved");
    }
}

/// Plambeck 2005 and Plambeck & Siegel 2008: 0.75 has the quotient of order 8
/// ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩ with P-portion {a, b²}.
#[test]
fn octal_075_as_published() {
    let game = TakeBreak::hex("0.75").unwrap();
    let q = quotient(&game, &Bounds::default()).unwrap();
    check_certified(&q, &game, TOKENS);
    assert_eq!(q.order(), 8);
    let relations: BTreeSet<String> = q
        .relations()
        .into_iter()
        .map(|(l, r, _, _)| format!("{l} = {r}"))
        .collect();
    let published: BTreeSet<String> = ["a² = 1", "b³ = b", "bc = ab", "c² = b²"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(relations, published);
    let p: Vec<String> = q.p_portion().into_iter().map(|x| q.word(x)).collect();
    assert_eq!(p, vec!["a", "b²"]);
    assert_eq!(q.tame(), None);
}

/// Kayles: the misère solution of Sibert and Conway, as a quotient. The pretending
/// function turns periodic where the nim-sequence does (period 12 from heap 71).
#[test]
fn kayles() {
    let kayles = TakeBreak::octal("0.77").unwrap();
    let q = quotient(&kayles, &Bounds::default()).unwrap();
    check_certified(&q, &kayles, TOKENS);
    let c = q.certificate().unwrap();
    assert_eq!((c.preperiod, c.period, c.last_heap), (71, 12, 167));
    assert_eq!(q.order(), 40);
    assert_eq!(q.p_portion().len(), 9);
    assert_eq!(q.generators().len(), 7);
    assert_eq!(q.tame(), None);
    let mut oracle = MisereOracle::new(&kayles);
    check_winning_moves(&q, &mut oracle, 24);
}

/// Misère Nim with heaps of at most 7 tokens (a subtraction game with every amount up
/// to 7 has the same heaps up to 7): the tame quotient T3 of order 2³ + 2.
#[test]
fn misere_nim_is_t3() {
    let nim = TakeBreak::Subtraction(SubtractionSet::new(&[1, 2, 3, 4, 5, 6, 7]).unwrap());
    let bounds = Bounds {
        max_heap: 7,
        ..Bounds::default()
    };
    let q = partial_quotient(&nim, &bounds).unwrap();
    assert_eq!(q.order(), 10);
    assert_eq!(q.tame(), Some(3));
    check_structure(&q);
    // Heaps 1, 2 and 4 are the generators; c² = b² (both are the big nim-sum 0).
    assert_eq!(
        q.presentation(),
        "⟨a, b, c | a² = 1, c² = b², b³ = b, b²c = c⟩"
    );
}

#[test]
fn subtraction_games() {
    for amounts in [&[1, 2][..], &[2, 3], &[1, 3, 4], &[2, 5, 7], &[3, 4, 6]] {
        let game = TakeBreak::Subtraction(SubtractionSet::new(amounts).unwrap());
        let q = quotient(&game, &Bounds::default()).unwrap();
        check_certified(&q, &game, TOKENS);
        let mut oracle = MisereOracle::new(&game);
        check_winning_moves(&q, &mut oracle, 20);
    }
}

#[test]
fn hexadecimal_and_splitting_codes() {
    for code in ["0.f", "0.b", "0.a", "4.3", "4.33", "4.03", "4."] {
        let game = TakeBreak::hex(code).unwrap();
        let q = quotient(&game, &Bounds::default()).unwrap();
        check_certified(&q, &game, 30);
        check_tameness(&q, &game);
        let mut oracle = MisereOracle::new(&game);
        check_winning_moves(&q, &mut oracle, 18);
    }
}

/// Grundy's game: its large heaps split unevenly, so no certificate — but the quotient
/// of the heaps up to N is exact for them.
#[test]
fn grundys_game_up_to_a_heap() {
    let bounds = Bounds {
        max_heap: 20,
        ..Bounds::default()
    };
    let e = quotient(&TakeBreak::GrundysGame, &bounds).unwrap_err();
    assert_eq!(e.shortfall, Shortfall::NotCertifiable { max_heap: 20 });
    let q = partial_quotient(&TakeBreak::GrundysGame, &bounds).unwrap();
    assert_eq!(q.last_heap(), 20);
    check_structure(&q);
    let mut oracle = MisereOracle::new(&TakeBreak::GrundysGame);
    check_outcomes(&q, &mut oracle, 20);
    assert!(closure_check(&q, &TakeBreak::GrundysGame, 20, 2_000_000).is_some());
    assert!(q.outcome(&[HeapSize::Size(21)]).is_err());
}
