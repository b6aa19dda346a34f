//! Benchmarks for the performance targets (figures go in the closing notes):
//! - mex + subtraction table, |S| = 12: values per second;
//! - `analyze nim` of 10^6 heaps given as text;
//! - certifying the period 1615 of subtraction:19,41,60.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use nimlab_core::families::subtraction::{Subtraction, extend_table};
use nimlab_core::protocol::HeapSequence;
use nimlab_core::solve::mex::mex;
use nimlab_core::{Budget, Convention, game};
use std::hint::black_box;

fn subtraction_table(c: &mut Criterion) {
    let set: Vec<usize> = vec![1, 3, 4, 7, 9, 12, 15, 18, 22, 25, 29, 31];
    let len = 1_000_000;
    let mut group = c.benchmark_group("subtraction_table");
    group.throughput(Throughput::Elements(len as u64));
    group.bench_function("12 amounts, 10^6 values", |b| {
        b.iter(|| {
            let mut table = Vec::new();
            extend_table(black_box(&set), &mut table, len);
            table
        })
    });
    group.finish();
}

fn mex_bitset(c: &mut Criterion) {
    let values: Vec<usize> = (0..100_000).map(|i| (i * 7919) % 100_003).collect();
    let mut group = c.benchmark_group("mex");
    group.throughput(Throughput::Elements(values.len() as u64));
    group.bench_function("10^5 values", |b| {
        b.iter(|| mex(black_box(&values).iter().copied()))
    });
    group.finish();
}

fn period_19_41_60(c: &mut Criterion) {
    c.bench_function("period subtraction:19,41,60", |b| {
        b.iter_batched(
            || Subtraction::new(&[19, 41, 60]).unwrap(),
            |game| game.periodicity(&Budget::unlimited()).unwrap(),
            BatchSize::SmallInput,
        )
    });
}

fn analyze_million_heaps(c: &mut Criterion) {
    // A deterministic pseudo-random list of 10^6 heaps below 2^30.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let heaps: Vec<String> = (0..1_000_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 34).to_string()
        })
        .collect();
    let text = heaps.join("\n");
    let nim = game("nim").unwrap();
    let mut group = c.benchmark_group("analyze nim");
    group.sample_size(10);
    group.bench_function("10^6 heaps from text", |b| {
        b.iter(|| {
            let position = nim.parse_position(black_box(&text)).unwrap();
            nim.analyze(&position, Convention::Normal, 100, &Budget::unlimited())
                .unwrap()
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    subtraction_table,
    mex_bitset,
    period_19_41_60,
    analyze_million_heaps
);
criterion_main!(benches);
