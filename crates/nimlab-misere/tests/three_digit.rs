//! Every three-digit octal code: those the quotient engine certifies within modest bounds
//! are checked against exhaustive search (the wild ones on every position of up to 34
//! tokens, the tame ones up to 26), by the independent closure proof, and for tameness
//! (a tame quotient plays like misère Nim, a wild one does not).

mod common;

use common::{MisereOracle, check_outcomes, check_structure, check_tameness, closure_check};
use nimlab_misere::{Bounds, quotient};
use nimlab_octal::TakeBreak;

#[test]
fn every_three_digit_code() {
    let bounds = Bounds {
        max_heap: 600,
        max_candidate_order: 4096,
        max_order: 128,
        ..Bounds::default()
    };
    let mut wild = Vec::new();
    let mut tame = 0;
    for i in (0..512).filter(|i| i % 8 != 0) {
        let code = format!("0.{}{}{}", i / 64, i / 8 % 8, i % 8);
        let game = TakeBreak::hex(&code).unwrap();
        let Ok(q) = quotient(&game, &bounds) else {
            continue;
        };
        check_structure(&q);
        check_tameness(&q, &game);
        let mut oracle = MisereOracle::new(&game);
        match q.tame() {
            Some(_) => {
                tame += 1;
                check_outcomes(&q, &mut oracle, 26);
            }
            None => {
                check_outcomes(&q, &mut oracle, 34);
                wild.push(format!("{code} ({})", q.order()));
            }
        }
        assert!(
            closure_check(&q, &game, q.last_heap(), 2_000_000).is_some(),
            "{code}: the closure proof ran out of room"
        );
    }
    println!("{tame} tame, {} wild: {}", wild.len(), wild.join(", "));
    assert!(tame > 0 && !wild.is_empty());
}
