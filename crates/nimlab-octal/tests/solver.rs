//! The solver's contracts: methods, thread counts and windows agree on random rules, a
//! run stopped and resumed from its values or from a snapshot goes on exactly as an
//! uninterrupted one, a window only delays what is certified and refuses what it cannot
//! compute, and bad input is a typed error.

use nimlab_octal::{
    Method, Rules, STOP_CHECK_INTERVAL, STOP_CHECK_WORK, SolveError, Solver, Window,
};
use proptest::prelude::*;
use std::cell::Cell;

fn run(rules: &Rules, method: Method, len: usize) -> Vec<u16> {
    let mut solver = Solver::with_method(rules.clone(), method);
    solver.advance(len).unwrap().to_vec()
}

/// A random code: octal or hexadecimal digits (hexadecimal without three-heap splits
/// past the first digit, to keep the naive side fast), any leading digit allowed.
fn code() -> impl Strategy<Value = Rules> {
    let octal = (
        prop::sample::select(vec!["0", "4"]),
        prop::collection::vec(0u8..8, 1..6),
    )
        .prop_map(|(lead, digits)| (lead, digits, false));
    let hex = (
        prop::sample::select(vec!["0", "4", "8", "c"]),
        prop::collection::vec(0u8..8, 0..4),
    )
        .prop_map(|(lead, digits)| (lead, digits, true));
    (octal.boxed().prop_union(hex.boxed()), 0u8..16).prop_filter_map(
        "a code with a move",
        |((lead, mut digits, hex), first)| {
            if hex {
                digits.insert(0, first);
            }
            let text: String = digits.iter().map(|d| format!("{d:x}")).collect();
            let code = format!("{lead}.{text}");
            if hex {
                Rules::hex(&code)
            } else {
                Rules::octal(&code)
            }
            .ok()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn naive_and_sparse_agree(rules in code()) {
        let len = if rules.max_parts() == 3 { 300 } else { 4000 };
        let naive = run(&rules, Method::Naive, len);
        prop_assert_eq!(&run(&rules, Method::Sparse, len), &naive, "{}", rules);
        prop_assert_eq!(&run(&rules, Method::Auto, len), &naive, "{}", rules);
    }

    #[test]
    fn a_run_resumed_from_its_values_or_a_snapshot_continues_exactly(
        rules in code(),
        stops in prop::collection::vec(1usize..700, 1..5),
        tail in prop_oneof![8usize..400, Just(usize::MAX / 4)],
        front in 1usize..400,
        threads in 1usize..4,
        method in prop::sample::select(vec![Method::Auto, Method::Naive, Method::Sparse]),
    ) {
        let len = if rules.max_parts() == 3 { 200 } else { 2000 };
        let mut whole = Solver::with_method(rules.clone(), method);
        whole.advance(len).unwrap();
        let window = Window { front, tail };
        let mut solver = Solver::with_window(rules.clone(), method, window);
        solver.set_threads(threads);
        let mut at = 0;
        for stop in stops {
            at = (at + stop).min(len);
            match solver.advance(at) {
                Ok(_) => {}
                // A window too small for these rules says so, naming what it needs.
                Err(SolveError::OutsideWindow { position, needs, .. }) => {
                    prop_assert_eq!(position, solver.len());
                    prop_assert!(needs < solver.first_kept() && needs >= front);
                    return Ok(());
                }
                Err(e) => return Err(TestCaseError::fail(e.to_string())),
            }
            let snapshot = solver.snapshot();
            solver = Solver::from_snapshot(rules.clone(), method, window, &snapshot).unwrap();
            solver.set_threads(threads);
            prop_assert_eq!(solver.len(), at);
            prop_assert_eq!(solver.snapshot(), snapshot);
        }
        if solver.advance(len).is_ok() {
            let kept = solver.first_kept();
            prop_assert_eq!(solver.values(), &whole.values()[kept..]);
        }
        // The window may only keep a period from being found, never change it.
        if let Some(found) = solver.certificate() {
            prop_assert_eq!(Some(found), whole.certificate());
        }
        if tail == usize::MAX / 4 {
            prop_assert_eq!(solver.certificate(), whole.certificate());
        }
    }

    #[test]
    fn threads_give_the_values_of_one_thread(rules in code(), threads in 2usize..5) {
        let len = if rules.max_parts() == 3 { 300 } else { 6000 };
        let one = run(&rules, Method::Auto, len);
        let mut solver = Solver::new(rules.clone());
        solver.set_threads(threads);
        prop_assert_eq!(solver.advance(len).unwrap(), &one[..], "{}", rules);
    }
}

#[test]
fn a_window_finds_periods_that_fit_its_tail() {
    let kayles = Rules::octal("0.77").unwrap();
    let fits = Window {
        front: 1 << 20,
        tail: 1 << 20,
    };
    let mut wide = Solver::with_window(kayles.clone(), Method::Auto, fits);
    let certificate = wide.find_period(10_000, &|| false).unwrap().unwrap();
    assert_eq!((certificate.preperiod, certificate.period), (71, 12));
    // Kept values let go before the period is certified: it is not looked for again.
    let small = Window {
        front: 50,
        tail: 60,
    };
    let mut narrow = Solver::with_window(kayles, Method::Auto, small);
    assert!(matches!(
        narrow.find_period(10_000, &|| false),
        Err(SolveError::OutsideWindow { .. })
    ));
}

#[test]
fn a_window_keeps_memory_bounded_and_gives_the_same_values() {
    let rules = Rules::octal("0.161").unwrap();
    let whole = run(&rules, Method::Auto, 200_000);
    let window = Window {
        front: 30_000,
        tail: 40_000,
    };
    for threads in [1, 2] {
        let mut solver = Solver::with_window(rules.clone(), Method::Auto, window);
        solver.set_threads(threads);
        solver.set_check_periods(false);
        let mut seen = Vec::new();
        while solver.len() < whole.len() {
            let upto = (solver.len() + 10_000).min(whole.len());
            seen.extend_from_slice(solver.advance(upto).unwrap());
            assert!(solver.values().len() <= window.front + 2 * window.tail);
        }
        assert_eq!(seen, whole);
        assert_eq!(solver.first_kept(), 200_000 - solver.values().len());
        assert_eq!(solver.value(29_999), Some(whole[29_999]));
        assert_eq!(solver.value(30_000), None);
    }
}

#[test]
fn a_snapshot_that_does_not_match_itself_is_refused() {
    let rules = Rules::octal("0.161").unwrap();
    let window = Window {
        front: 30_000,
        tail: 30_000,
    };
    let mut solver = Solver::with_window(rules.clone(), Method::Auto, window);
    solver.advance(150_000).unwrap();
    let snapshot = solver.snapshot();
    assert!(!snapshot.front.is_empty());
    let restore = |s: &nimlab_octal::Snapshot| {
        Solver::from_snapshot(rules.clone(), Method::Auto, window, s).map(|_| ())
    };
    assert_eq!(restore(&snapshot), Ok(()));
    let mut changed = snapshot.clone();
    let r = changed.rare[3].0 as usize;
    changed.front[r] ^= 1;
    assert!(restore(&changed).is_err());
    let mut changed = snapshot.clone();
    changed.histogram[1] += 1;
    assert!(restore(&changed).is_err());
    let mut changed = snapshot.clone();
    changed.rare.swap(1, 2);
    assert!(restore(&changed).is_err());
    let mut changed = snapshot.clone();
    changed.len += 1;
    assert!(restore(&changed).is_err());
    let mut changed = snapshot.clone();
    changed.recent.truncate(window.tail - 1);
    assert!(restore(&changed).is_err());
}

#[test]
fn a_stop_request_ends_a_chunk_early_and_the_run_goes_on() {
    let rules = Rules::octal("0.167").unwrap();
    let expected = run(&rules, Method::Auto, 50_000);
    let mut solver = Solver::new(rules.clone());
    let asked = Cell::new(0);
    let stop_on_third = || {
        asked.set(asked.get() + 1);
        asked.get() == 3
    };
    let chunk = solver.advance_until(50_000, &stop_on_third).unwrap().len();
    assert_eq!(chunk, 3 * STOP_CHECK_INTERVAL);
    let mut restored = Solver::new(rules);
    restored.take_in(solver.values());
    restored.advance(50_000).unwrap();
    solver.advance(50_000).unwrap();
    assert_eq!(solver.values(), &expected[..]);
    assert_eq!(restored.values(), &expected[..]);
}

/// Values of 0.fff (three-heap splits) cost about n²/4 options each: the stop check is
/// asked once their options pass [`STOP_CHECK_WORK`], long before
/// [`STOP_CHECK_INTERVAL`] values, also while looking for a period in short steps.
#[test]
fn a_stop_request_comes_soon_when_values_are_costly() {
    let rules = Rules::hex("0.fff").unwrap();
    let expected = run(&rules, Method::Auto, 1200);
    // Options examined by the naive scan of 0.fff before heap n: three removals, each
    // leaving rest = n − k to split into a ≤ b ≤ c, pairs (b, c) for every a.
    let options_before = |n: usize| -> u64 {
        (0..n)
            .flat_map(|m| (1..=3).filter(move |&k| m >= k + 3).map(move |k| m - k))
            .flat_map(|rest| (1..=rest / 3).map(move |a| ((rest - a) / 2 + 1 - a) as u64))
            .sum()
    };
    let asked = Cell::new(0);
    let stop_on_first = || {
        asked.set(asked.get() + 1);
        true
    };
    let mut solver = Solver::new(rules.clone());
    let chunk = solver.advance_until(1200, &stop_on_first).unwrap().len();
    assert_eq!(asked.get(), 1);
    // The three-heap splits alone, a lower bound of the work, had not reached the
    // amount one value before the check.
    assert!(options_before(chunk - 1) < STOP_CHECK_WORK, "{chunk}");
    assert!(chunk < STOP_CHECK_INTERVAL / 4, "{chunk}");
    solver.advance(1200).unwrap();
    assert_eq!(solver.values(), &expected[..]);
    // find_period advances a few dozen values at a time; the check still comes.
    let mut searching = Solver::new(rules);
    assert_eq!(searching.find_period(1 << 20, &stop_on_first), Ok(None));
    assert_eq!(searching.len(), chunk);
}

#[test]
fn a_restored_solver_keeps_its_certificate() {
    let rules = Rules::octal("0.156").unwrap();
    let mut solver = Solver::new(rules.clone());
    let certificate = solver
        .find_period(100_000, &|| false)
        .unwrap()
        .cloned()
        .unwrap();
    let mut restored = Solver::new(rules);
    restored.take_in(solver.values());
    assert_eq!(restored.certificate(), Some(&certificate));
}

#[test]
fn too_many_values_is_a_typed_error_naming_the_memory() {
    let mut solver = Solver::new(Rules::octal("0.77").unwrap());
    solver.set_max_values(1000);
    let error = solver.advance(1001).unwrap_err();
    assert_eq!(
        error,
        SolveError::TooLarge {
            values: 1001,
            bytes: 4002,
            max_values: 1000
        }
    );
    assert!(error.to_string().contains("MiB"), "{error}");
    assert_eq!(solver.len(), 0);
    solver.set_check_periods(false);
    assert_eq!(solver.memory_needed(1 << 30), 1 << 31);
    let mut huge = Solver::new(Rules::octal("0.77").unwrap());
    huge.set_max_values(usize::MAX);
    assert!(matches!(
        huge.advance(usize::MAX / 2),
        Err(SolveError::TooLarge { .. })
    ));
}

/// Every thread count gives the values of one thread on every octal code of up to
/// three digits (and 4.xyz, and Grundy's game), by the sparse method from heap 1,024
/// on, so that the threads' scans meet every kind of value: a measurement of a few
/// minutes, run by hand (`cargo test --release -- --ignored`).
#[test]
#[ignore = "minutes of work; the proptest above samples the same property"]
fn threads_give_the_values_of_one_thread_on_every_short_code() {
    let len = 8000;
    let codes = (0..512).flat_map(|digits: u32| {
        let text = format!("{}{}{}", digits / 64, digits / 8 % 8, digits % 8);
        ["0.", "4."].map(|lead| Rules::octal(&format!("{lead}{text}")))
    });
    let mut checked = 0;
    for rules in codes.filter_map(Result::ok).chain([Rules::grundys_game()]) {
        if rules.split_two().is_empty() {
            continue;
        }
        for method in [Method::Sparse, Method::Auto] {
            let one = run(&rules, method, len);
            for threads in [2, 3, 4, 7] {
                let mut solver = Solver::with_method(rules.clone(), method);
                solver.set_threads(threads);
                assert_eq!(
                    solver.advance(len).unwrap(),
                    &one[..],
                    "{rules} {method:?} {threads} threads"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 700, "{checked}");
}
