//! Every bad input and every bound ends in a typed error, never a panic.

use nimlab_misere::{
    Bounds, HeapGame, HeapSize, PositionError, RulesError, Shortfall, Subtraction, TakeBreak,
    UniformMoves, partial_quotient, quotient,
};

#[test]
fn bad_bounds() {
    let kayles = TakeBreak::kayles();
    for bounds in [
        Bounds {
            max_heap: 0,
            ..Bounds::default()
        },
        Bounds {
            max_order: 1,
            ..Bounds::default()
        },
        Bounds {
            max_candidate_order: usize::MAX,
            ..Bounds::default()
        },
        Bounds {
            max_words: 0,
            ..Bounds::default()
        },
    ] {
        let e = quotient(&kayles, &bounds).unwrap_err();
        assert!(
            matches!(e.shortfall, Shortfall::InvalidBounds(_)),
            "{bounds:?}"
        );
        assert!(e.to_string().contains("invalid bounds"));
    }
}

#[test]
fn bounds_that_run_out() {
    let kayles = TakeBreak::kayles();
    let few_heaps = Bounds {
        max_heap: 100,
        ..Bounds::default()
    };
    let e = quotient(&kayles, &few_heaps).unwrap_err();
    assert_eq!(e.shortfall, Shortfall::NoPeriod { max_heap: 100 });
    assert_eq!(e.partial.last_heap(), 100);
    assert!(e.to_string().contains("heaps up to 100"), "{e}");
    let few_words = Bounds {
        max_words: 3,
        ..Bounds::default()
    };
    let e = quotient(&kayles, &few_words).unwrap_err();
    assert!(matches!(
        e.shortfall,
        Shortfall::VerificationTooLarge { bound: 3, .. }
    ));
    let one_refinement = Bounds {
        max_refinements: 1,
        ..Bounds::default()
    };
    let e = quotient(&kayles, &one_refinement).unwrap_err();
    assert_eq!(
        e.shortfall,
        Shortfall::RefinementLimit { heap: 9, bound: 1 }
    );
    let small = Bounds {
        max_order: 16,
        ..Bounds::default()
    };
    let e = quotient(&kayles, &small).unwrap_err();
    assert!(matches!(
        e.shortfall,
        Shortfall::CandidateTooLarge { max_order: 16, .. }
    ));
    assert!(e.partial.order() <= 16);
    assert!(e.partial.growth().largest_product > 16);
}

#[test]
fn positions_beyond_a_quotient() {
    let kayles = TakeBreak::kayles();
    let bounds = Bounds {
        max_heap: 30,
        ..Bounds::default()
    };
    let partial = partial_quotient(&kayles, &bounds).unwrap();
    assert!(partial.certificate().is_none());
    assert_eq!(
        partial.outcome(&[HeapSize::Size(31)]),
        Err(PositionError::HeapBeyondQuotient {
            size: 31,
            last_heap: 30
        })
    );
    assert!(partial.winning_moves(&[HeapSize::Size(31)]).is_err());
    assert_eq!(
        partial.outcome(&[HeapSize::Huge { residue: 0 }]),
        Err(PositionError::InvalidResidue {
            residue: 0,
            period: None
        })
    );
    let full = quotient(&kayles, &Bounds::default()).unwrap();
    let e = full.outcome(&[HeapSize::Huge { residue: 12 }]).unwrap_err();
    assert_eq!(
        e,
        PositionError::InvalidResidue {
            residue: 12,
            period: Some(12)
        }
    );
    assert!(e.to_string().contains("period 12"));
    assert!(
        full.winning_moves(&[HeapSize::Huge { residue: 99 }])
            .is_err()
    );
}

/// A game whose rules break the contract: heap 3 "moves" to a heap of 3 as well.
struct Broken;

impl HeapGame for Broken {
    fn name(&self) -> String {
        "broken".to_string()
    }

    fn options(&self, n: usize, out: &mut Vec<Vec<usize>>) {
        if n >= 1 {
            out.push(if n > 1 { vec![n - 1] } else { vec![] });
        }
        if n == 3 {
            out.push(vec![3]);
        }
    }

    fn uniform_moves(&self) -> Option<&UniformMoves> {
        None
    }
}

#[test]
fn broken_rules() {
    let e = quotient(&Broken, &Bounds::default()).unwrap_err();
    assert_eq!(e.shortfall, Shortfall::BadOptions { heap: 3 });
    assert_eq!(e.partial.last_heap(), 2);
    assert!(e.to_string().contains("broken"));
    for bad in ["0.x", "5.1", "0.00"] {
        let e = TakeBreak::parse(bad).unwrap_err();
        assert!(matches!(e, RulesError::InvalidCode { .. }));
        assert!(e.to_string().contains(bad));
    }
    let e = Subtraction::new(&[0, 2]).unwrap_err();
    assert!(e.to_string().contains("1 to 4096"));
}
