//! Benchmarks for issue 12's performance targets:
//! - the quotient of Kayles found and certified (target: seconds);
//! - a misère Kayles position of ten heaps of up to 10^6 pins answered, outcome and
//!   every winning move (target: under 10 ms);
//! - and issue 29's: Dawson's Kayles (0.07) to heap 33, order 638, against
//!   MisereSolver's 14 s (target: a tenth of it).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use nimlab_misere::{Bounds, HeapSize, partial_quotient, quotient};
use nimlab_octal::TakeBreak;
use std::hint::black_box;

fn kayles_quotient(c: &mut Criterion) {
    let kayles = TakeBreak::octal("0.77").unwrap();
    c.bench_function("quotient of Kayles, certified", |b| {
        b.iter(|| quotient(black_box(&kayles), &Bounds::default()).unwrap())
    });
    let octal = TakeBreak::hex("0.15").unwrap();
    c.bench_function("quotient of 0.15, certified", |b| {
        b.iter(|| quotient(black_box(&octal), &Bounds::default()).unwrap())
    });
}

fn dawsons_kayles_to_heap_33(c: &mut Criterion) {
    let dawson = TakeBreak::octal("0.07").unwrap();
    let bounds = Bounds::memory_only(33, 1 << 30);
    let mut group = c.benchmark_group("partial quotient");
    group.sample_size(10);
    group.bench_function("0.07 to heap 33", |b| {
        b.iter(|| {
            let q = partial_quotient(black_box(&dawson), &bounds).unwrap();
            assert_eq!(q.order(), 638);
        })
    });
    group.finish();
}

/// Ten heaps of up to 10^6 pins, from a fixed linear congruential sequence.
fn positions(count: usize) -> Vec<Vec<HeapSize>> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (state >> 33) % 1_000_000 + 1
    };
    (0..count)
        .map(|_| (0..10).map(|_| HeapSize::Size(next())).collect())
        .collect()
}

fn ten_heaps(c: &mut Criterion) {
    let q = quotient(&TakeBreak::octal("0.77").unwrap(), &Bounds::default()).unwrap();
    let all = positions(64);
    let mut i = 0;
    c.bench_function(
        "Kayles, ten heaps up to 10^6: outcome and winning moves",
        |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % all.len();
                    all[i].clone()
                },
                |heaps| {
                    let outcome = q.outcome(&heaps).unwrap();
                    let moves = q.winning_moves(&heaps).unwrap();
                    (outcome, moves.count(&heaps))
                },
                BatchSize::SmallInput,
            )
        },
    );
}

criterion_group!(
    benches,
    kayles_quotient,
    ten_heaps,
    dawsons_kayles_to_heap_33
);
criterion_main!(benches);
