//! The solver's contracts: methods agree on random rules, a run stopped and restored
//! from a table of its values goes on exactly as an uninterrupted one, a table's period
//! window only delays what is certified, and bad input is a typed error.

use nimlab_octal::{
    Method, Rules, STOP_CHECK_INTERVAL, STOP_CHECK_WORK, SolveError, Solver, Table,
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
    fn a_table_of_values_continues_exactly_within_its_period_window(
        rules in code(),
        stops in prop::collection::vec(1usize..700, 1..5),
        // A window of usize::MAX is a table in memory, as `Vec<u16>` is.
        window in prop_oneof![1usize..400, Just(usize::MAX)],
        method in prop::sample::select(vec![Method::Auto, Method::Naive, Method::Sparse]),
    ) {
        let len = if rules.max_parts() == 3 { 200 } else { 2000 };
        let mut whole = Solver::with_method(rules.clone(), method);
        whole.advance(len).unwrap();
        let mut solver = Solver::with_table(rules.clone(), method, Windowed::new(window));
        let mut at = 0;
        for stop in stops {
            at = (at + stop).min(len);
            solver.advance(at).unwrap();
            let table = Windowed { values: solver.values().to_vec(), window };
            solver = Solver::with_table(rules.clone(), method, table);
            prop_assert_eq!(solver.len(), at);
        }
        solver.advance(len).unwrap();
        prop_assert_eq!(solver.values(), whole.values());
        // The window may only keep a period from being found, never change it.
        if let Some(found) = solver.certificate() {
            prop_assert_eq!(Some(found), whole.certificate());
            prop_assert!(found.period <= window);
        }
        if window == usize::MAX {
            prop_assert_eq!(solver.certificate(), whole.certificate());
        }
    }
}

/// Values in memory, with a period window.
struct Windowed {
    values: Vec<u16>,
    window: usize,
}

impl Windowed {
    fn new(window: usize) -> Windowed {
        Windowed {
            values: Vec::new(),
            window,
        }
    }
}

impl Table for Windowed {
    fn values(&self) -> &[u16] {
        &self.values
    }

    fn reserve(&mut self, total: usize) -> bool {
        Table::reserve(&mut self.values, total)
    }

    fn push(&mut self, value: u16) {
        self.values.push(value);
    }

    fn period_window(&self) -> usize {
        self.window
    }
}

#[test]
fn a_period_window_finds_periods_that_fit_it() {
    let kayles = Rules::octal("0.77").unwrap();
    let mut wide = Solver::with_table(kayles.clone(), Method::Auto, Windowed::new(12));
    let certificate = wide.find_period(10_000, &|| false).unwrap().unwrap();
    assert_eq!((certificate.preperiod, certificate.period), (71, 12));
    let mut narrow = Solver::with_table(kayles, Method::Auto, Windowed::new(11));
    assert_eq!(narrow.find_period(10_000, &|| false).unwrap(), None);
    assert_eq!(narrow.len(), 10_000);
}

#[test]
fn a_table_that_cannot_grow_is_a_typed_error() {
    struct Full;
    impl Table for Full {
        fn values(&self) -> &[u16] {
            &[]
        }
        fn reserve(&mut self, total: usize) -> bool {
            total == 0
        }
        fn push(&mut self, _: u16) {
            unreachable!("nothing was reserved")
        }
    }
    let mut solver = Solver::with_table(Rules::octal("0.77").unwrap(), Method::Auto, Full);
    assert!(matches!(
        solver.advance(10),
        Err(SolveError::TooLarge { values: 10, .. })
    ));
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
    let mut restored = Solver::with_table(rules, Method::Auto, solver.values().to_vec());
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
    let restored = Solver::with_table(rules, Method::Auto, solver.values().to_vec());
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
