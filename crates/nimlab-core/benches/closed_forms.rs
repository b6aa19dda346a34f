//! Benchmarks for the closed forms at their largest sizes:
//! - `analyze wythoff` of a point with 10^6-digit coordinates, from text to the
//!   printed moves (target ≤ 1 s);
//! - `analyze fibonacci` of a fresh pile of 10^5 digits (target ≤ 1 s);
//! - fusc(N) for N of 10^6 bits (target ≤ 2 s).
//!
//! The streaming rate of `nimlab seq fusc --count 10^7` is measured on the binary in
//! `crates/nimlab/benches/seq_stream.rs`.

use criterion::{Criterion, criterion_group, criterion_main};
use nimlab_core::seq::fusc::fusc;
use nimlab_core::seq::wythoff::pair;
use nimlab_core::{Budget, Convention, Nat};
use std::hint::black_box;

/// A deterministic string of `len` decimal digits with a non-zero first digit.
fn digits(len: usize, mut state: u64) -> String {
    (0..len)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let digit = (state % 10) as u8;
            char::from(b'0' + if i == 0 { digit.max(1) } else { digit })
        })
        .collect()
}

/// Everything a front end prints: explanation, actions and reasons.
fn render(game: &str, position: &str) -> usize {
    let game = nimlab_core::game(game).unwrap();
    let position = game.parse_position(position).unwrap();
    let a = game
        .analyze(&position, Convention::Normal, 100, &Budget::unlimited())
        .unwrap();
    assert!(a.winning_move_count == 3 || game.spec() != "wythoff");
    a.explanation.len()
        + a.winning_moves
            .iter()
            .map(|m| m.action.len() + m.reason.len())
            .sum::<usize>()
}

fn wythoff_million_digits(c: &mut Criterion) {
    // The worst case, three winning moves: (b_i, b_j) with i = 0.8·j has a horizontal
    // move (a_j < b_i), a vertical one (a_i < b_j) and a diagonal one.
    let j: Nat = digits(1_000_000, 0x9e37_79b9_7f4a_7c15).parse().unwrap();
    let i = &j * Nat::from(4u32) / Nat::from(5u32);
    let position = format!("{},{}", pair(&i).1, pair(&j).1);
    let mut group = c.benchmark_group("analyze wythoff");
    group.sample_size(10);
    group.bench_function(
        "10^6-digit coordinates, 3 winning moves, text to text",
        |b| b.iter(|| render("wythoff", black_box(&position))),
    );
    group.finish();
}

fn fibonacci_hundred_thousand_digits(c: &mut Criterion) {
    let pile = digits(100_000, 0x2545_f491_4f6c_dd1d);
    let mut group = c.benchmark_group("analyze fibonacci");
    group.sample_size(10);
    group.bench_function("fresh pile of 10^5 digits, text to text", |b| {
        b.iter(|| render("fibonacci", black_box(&pile)))
    });
    group.finish();
}

fn fusc_million_bits(c: &mut Criterion) {
    let n = Nat::from_limbs_asc(
        &(0..1_000_000u64 / 64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect::<Vec<_>>(),
    );
    let mut group = c.benchmark_group("fusc");
    group.sample_size(10);
    group.bench_function("fusc(N), N of 10^6 bits", |b| {
        b.iter(|| fusc(black_box(&n)))
    });
    group.finish();
}

criterion_group!(
    benches,
    wythoff_million_digits,
    fibonacci_hundred_thousand_digits,
    fusc_million_bits
);
criterion_main!(benches);
