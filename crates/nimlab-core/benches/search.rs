//! Benchmarks of the typed search (figures go in the closing notes): positions
//! expanded per second by the brute-force oracle, on the searches nimlab runs for
//! people — misère play of games without a rule, and the computer's longest defence.

use criterion::{Criterion, criterion_group, criterion_main};
use nimlab_core::families::coins::CoinRow;
use nimlab_core::families::octal::Octal;
use nimlab_core::families::turtles::TurningTurtles;
use nimlab_core::heap::HeapSum;
use nimlab_core::protocol::policy::{Policy, choose_move};
use nimlab_core::protocol::{Notation, Strategy};
use nimlab_core::rules::Game;
use nimlab_core::solve::search::Oracle;
use nimlab_core::{Budget, Convention, game};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::hint::black_box;
use std::time::Instant;

/// Print the work `search` spends from a budget that counts (one unit per word of
/// each position it lists, its memo slot included) and the rate.
fn report_rate(name: &str, search: impl Fn(&Budget)) {
    let budget = Budget::work(u64::MAX - 1);
    let started = Instant::now();
    search(&budget);
    let seconds = started.elapsed().as_secs_f64();
    let nodes = budget.spent();
    println!(
        "{name}: {nodes} work units (words of positions listed) in {:.1} ms, {:.2e} per second",
        seconds * 1e3,
        nodes as f64 / seconds
    );
}

/// Print how many positions the win/loss oracle keeps (one per position expanded)
/// for `position`, and how many it expands per second.
fn report_positions<G: Game>(name: &str, game: &G, position: &G::Position) {
    let started = Instant::now();
    let mut oracle = Oracle::new(game, Convention::Misere);
    oracle.outcome(position).unwrap();
    let seconds = started.elapsed().as_secs_f64();
    let positions = oracle.memo_len();
    println!(
        "{name}: {positions} positions expanded in {:.1} ms, {:.2e} per second",
        seconds * 1e3,
        positions as f64 / seconds
    );
}

fn misere_search(c: &mut Criterion) {
    let kayles = HeapSum::new(Octal::kayles());
    let rows = kayles.parse_position("16 16").unwrap();
    report_rate("win/loss search, misère kayles 16 16", |budget| {
        kayles
            .analyze(&rows, Convention::Misere, 100, budget)
            .unwrap();
    });
    let turtles = CoinRow(TurningTurtles);
    let coins = turtles.parse_position("HHHHHHHHHHHHHHHH").unwrap();
    report_positions("oracle, misère turtles 16 heads", &turtles, &coins);
    let rows = kayles.parse_position("16 16").unwrap();
    report_positions("oracle, misère kayles 16 16", &kayles, &rows);
    report_rate("win/loss search, misère turtles 16 heads", |budget| {
        turtles
            .analyze(&coins, Convention::Misere, 100, budget)
            .unwrap();
    });
    let (moves, _) = kayles.legal_moves(&rows, usize::MAX);
    report_rate("remoteness search, misère kayles 16 16", |budget| {
        kayles
            .search_after(&rows, &moves, Convention::Misere, budget)
            .unwrap();
    });
    let (moves, _) = turtles.legal_moves(&coins, usize::MAX);
    report_rate("remoteness search, misère turtles 16 heads", |budget| {
        turtles
            .search_after(&coins, &moves, Convention::Misere, budget)
            .unwrap();
    });
    let nim = HeapSum::new(nimlab_core::families::nim::Nim);
    let lost = nim.parse_position("7 9 14 3").unwrap();
    let (moves, _) = nim.legal_moves(&lost, usize::MAX);
    report_rate(
        "remoteness search, nim 7 9 14 3 (the longest defence)",
        |budget| {
            nim.search_after(&lost, &moves, Convention::Normal, budget)
                .unwrap();
        },
    );
    let mut group = c.benchmark_group("misère search");
    group.sample_size(10);
    group.bench_function("analyze kayles 16 16 --misere", |b| {
        b.iter(|| {
            kayles
                .analyze(
                    black_box(&rows),
                    Convention::Misere,
                    100,
                    &Budget::unlimited(),
                )
                .unwrap()
        })
    });
    group.bench_function("analyze turtles HHHHHHHHHHHHHHHH --misere", |b| {
        b.iter(|| {
            turtles
                .analyze(
                    black_box(&coins),
                    Convention::Misere,
                    100,
                    &Budget::unlimited(),
                )
                .unwrap()
        })
    });
    group.finish();
}

fn longest_defence(c: &mut Criterion) {
    // A lost position (nim-sum 0) whose game tree is small enough to search.
    let nim = game("nim").unwrap();
    let lost = nim.parse_position("5 6 3").unwrap();
    let mut group = c.benchmark_group("longest defence");
    group.sample_size(10);
    group.bench_function("nim 5 6 3", |b| {
        let mut rng = StdRng::seed_from_u64(1);
        b.iter(|| {
            nim.computer_move(
                black_box(&lost),
                Convention::Normal,
                Policy::PERFECT,
                &mut rng,
                &Budget::unlimited(),
            )
            .unwrap()
        })
    });
    let kayles = HeapSum::new(Octal::kayles());
    let rows = kayles.parse_position("4 7 9").unwrap();
    group.bench_function("kayles 4 7 9, misère", |b| {
        let mut rng = StdRng::seed_from_u64(1);
        b.iter(|| {
            choose_move(
                &kayles,
                black_box(&rows),
                Convention::Misere,
                Policy::PERFECT,
                &mut rng,
                &Budget::unlimited(),
            )
            .unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, misere_search, longest_defence);
criterion_main!(benches);
