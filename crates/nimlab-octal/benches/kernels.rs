//! Kernel benchmarks: split pairs per second of the naive scan, values per second of
//! the sparse-space method, and the time to certify 0.16's period.
//!
//! `cargo bench -p nimlab-octal`; the comparison with ogsolve is
//! `crates/nimlab-octal/bench/compare-ogsolve.sh`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nimlab_octal::{Method, Rules, Solver};
use std::hint::black_box;
use std::time::Duration;

/// Split pairs the naive scan visits for heaps below `len` of `rules`' code whose
/// two-heap removals are `splits` (each unordered pair once).
fn naive_pairs(splits: &[usize], unequal: bool, len: usize) -> u64 {
    (0..len)
        .flat_map(|n| {
            splits
                .iter()
                .filter(move |&&k| n >= k + 2)
                .map(move |&k| n - k)
        })
        .map(|rest| if unequal { (rest - 1) / 2 } else { rest / 2 } as u64)
        .sum()
}

fn solve(rules: &Rules, method: Method, len: usize) -> u16 {
    let mut solver = Solver::with_method(rules.clone(), method);
    solver.set_check_periods(false);
    *solver.advance(len).unwrap().last().unwrap()
}

fn naive(c: &mut Criterion) {
    let mut group = c.benchmark_group("naive");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let len = 1 << 15;
    // 0.167: values below 64 (one-word scan); Grundy's game: values past 64 (stamps).
    let cases = [
        (
            "0.167",
            Rules::octal("0.167").unwrap(),
            naive_pairs(&[2, 3], false, len),
        ),
        (
            "grundy-game",
            Rules::grundys_game(),
            naive_pairs(&[0], true, len),
        ),
    ];
    for (name, rules, pairs) in cases {
        group.throughput(Throughput::Elements(pairs));
        group.bench_function(format!("{name} to 2^15 (pairs)"), |b| {
            b.iter(|| solve(black_box(&rules), Method::Naive, len))
        });
    }
    group.finish();
}

fn sparse(c: &mut Criterion) {
    let mut group = c.benchmark_group("sparse");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let len = 1 << 18;
    group.throughput(Throughput::Elements(len as u64));
    for code in ["0.167", "0.034", "0.161"] {
        let rules = Rules::octal(code).unwrap();
        group.bench_function(format!("{code} to 2^18 (values)"), |b| {
            b.iter(|| solve(black_box(&rules), Method::Auto, len))
        });
    }
    let grundy = Rules::grundys_game();
    group.bench_function("grundy-game to 2^18 (values)", |b| {
        b.iter(|| solve(black_box(&grundy), Method::Auto, len))
    });
    group.finish();
}

fn period(c: &mut Criterion) {
    let mut group = c.benchmark_group("period");
    group.sample_size(10);
    let rules = Rules::octal("0.16").unwrap();
    group.bench_function("0.16 certified", |b| {
        b.iter(|| {
            let mut solver = Solver::new(black_box(rules.clone()));
            solver
                .find_period(1 << 20, &|| false)
                .unwrap()
                .unwrap()
                .period
        })
    });
    group.finish();
}

criterion_group!(benches, naive, sparse, period);
criterion_main!(benches);
