//! Benchmarks for loopy graphs (figures go in the closing notes): the values γ of a
//! random graph of 200,000 vertices and 1,000,000 edges, from its text (target ≤ 2 s,
//! ≤ 512 MB), and `analyze` of 4 tokens on it (target ≤ 5 s end to end with the
//! command line, measured on the binary).

use criterion::{Criterion, criterion_group, criterion_main};
use nimlab_core::families::graph::{Kind, TokenGraph};
use nimlab_core::protocol::Strategy;
use nimlab_core::{Budget, Convention};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;

/// The text of a graph of `vertices` and `edges` (`V E u1 v1 …`) whose edges `edge`
/// draws.
fn graph_text(vertices: u64, edges: u64, edge: fn(u64, &mut StdRng) -> (u64, u64)) -> String {
    let mut rng = StdRng::seed_from_u64(0x2545_f491_4f6c_dd1d);
    let mut text = format!("{vertices} {edges}");
    for _ in 0..edges {
        let (u, v) = edge(vertices, &mut rng);
        text += &format!(" {u} {v}");
    }
    text
}

/// A random edge: cycles and self-loops abound, and almost every value is ∞.
fn random_edge(vertices: u64, rng: &mut StdRng) -> (u64, u64) {
    (rng.random_range(0..vertices), rng.random_range(0..vertices))
}

/// An edge to one of the 50 vertices below, but for one in 100,000 that goes anywhere
/// (closing cycles): most values are finite and spread over many rounds of the
/// labelling.
fn descending_edge(vertices: u64, rng: &mut StdRng) -> (u64, u64) {
    let u = rng.random_range(1..vertices);
    match rng.random_range(0..100_000) {
        0 => (u, rng.random_range(0..vertices)),
        _ => (u, u - rng.random_range(1..=u.min(50))),
    }
}

fn loopy(c: &mut Criterion) {
    let text = graph_text(200_000, 1_000_000, random_edge);
    let descending = graph_text(200_000, 1_000_000, descending_edge);
    let mut group = c.benchmark_group("loopy");
    group.sample_size(10);
    group.bench_function("values of a random graph, 2e5 vertices, 1e6 edges", |b| {
        b.iter(|| TokenGraph::parse(black_box(&text), "bench", Kind::Loopy).unwrap())
    });
    group.bench_function(
        "values of a mostly descending graph, 2e5 vertices, 1e6 edges",
        |b| b.iter(|| TokenGraph::parse(black_box(&descending), "bench", Kind::Loopy).unwrap()),
    );
    let graph = TokenGraph::parse(&text, "bench", Kind::Loopy).unwrap();
    let position = vec![0, 1, 2, 3];
    group.bench_function("analyze 4 tokens on it", |b| {
        b.iter(|| {
            graph
                .analyze(
                    black_box(&position),
                    Convention::Normal,
                    100,
                    &Budget::unlimited(),
                )
                .unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, loopy);
criterion_main!(benches);
