//! Every bad input and every bound ends in a typed error, never a panic.

use nimlab_misere::solver::MAX_ORDER;
use nimlab_misere::{
    Bounds, Computation, HeapSize, MisereHeapRules, Need, PositionError, Shortfall, UniformMoves,
    partial_quotient, quotient,
};
use nimlab_octal::TakeBreak;

#[test]
fn bad_bounds() {
    let kayles = TakeBreak::octal("0.77").unwrap();
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
            max_order: MAX_ORDER + 1,
            ..Bounds::default()
        },
        Bounds {
            max_candidate_order: 1,
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
    let kayles = TakeBreak::octal("0.77").unwrap();
    let few_heaps = Bounds {
        max_heap: 100,
        ..Bounds::default()
    };
    let e = quotient(&kayles, &few_heaps).unwrap_err();
    assert_eq!(e.shortfall, Shortfall::NoPeriod { max_heap: 100 });
    assert_eq!(e.partial.last_heap(), 100);
    assert!(e.to_string().contains("heaps up to 100"), "{e}");
    // Kayles' quotient of order 40 needs its table, the verification's words and the
    // candidates: 4 KiB is too little, and the error says what the next step needs.
    let little_memory = Bounds {
        memory: 4 << 10,
        ..Bounds::default()
    };
    let e = quotient(&kayles, &little_memory).unwrap_err();
    match e.shortfall {
        Shortfall::TooLarge {
            need: Need::Memory { bytes, budget, .. },
            ..
        } => assert!(bytes > budget && budget == 4 << 10, "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().contains("MiB"), "{e}");
    let small = Bounds {
        max_order: 16,
        ..Bounds::default()
    };
    let e = quotient(&kayles, &small).unwrap_err();
    assert!(
        matches!(
            e.shortfall,
            Shortfall::TooLarge {
                need: Need::Order { max: 16, .. },
                ..
            }
        ),
        "{e}"
    );
    assert!(e.partial.order() <= 16);
    assert!(e.partial.growth().largest_product > 16);
    assert!(e.to_string().contains("more than the 16 allowed"), "{e}");
}

/// A computation asked to stop stops within the heap it is on, and says which.
#[test]
fn a_stop_is_obeyed() {
    let game = TakeBreak::hex("0.07").unwrap();
    let bounds = Bounds::memory_only(40, 1 << 30);
    let mut computation = Computation::new(&game, bounds).unwrap();
    // Up to heap 24, then stopped in heap 25, where the quotient grows from 24 to 144.
    let ended = computation.run(&|| false, |c| {
        if c.last_heap() == 24 {
            Err("heap 24")
        } else {
            Ok(())
        }
    });
    assert_eq!(ended, Err("heap 24"));
    let stopped = computation.step(&|| true);
    assert_eq!(stopped, Err(Shortfall::Stopped { heap: 25 }));
    assert_eq!(computation.last_heap(), 24);
    assert_eq!(computation.order(), 24);
    // Not stopped, it goes on from there.
    computation.step(&|| false).unwrap();
    assert_eq!((computation.last_heap(), computation.order()), (25, 144));
}

#[test]
fn positions_beyond_a_quotient() {
    let kayles = TakeBreak::octal("0.77").unwrap();
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

impl MisereHeapRules for Broken {
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

    fn uniform_moves(&self) -> Option<UniformMoves> {
        None
    }
}

#[test]
fn broken_rules() {
    let e = quotient(&Broken, &Bounds::default()).unwrap_err();
    assert_eq!(e.shortfall, Shortfall::BadOptions { heap: 3 });
    assert_eq!(e.partial.last_heap(), 2);
    assert!(e.to_string().contains("broken"));
}
