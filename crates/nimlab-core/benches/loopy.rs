//! Benchmarks for loopy graphs (figures go in the closing notes): the values γ of a
//! random graph of 200,000 vertices and 1,000,000 edges, from its text (target ≤ 2 s,
//! ≤ 512 MB), and `analyze` of 4 tokens on it (target ≤ 5 s end to end with the
//! command line, measured on the binary).

use criterion::{Criterion, criterion_group, criterion_main};
use nimlab_core::families::graph::{Kind, TokenGraph};
use nimlab_core::protocol::Strategy;
use nimlab_core::{Budget, Convention};
use std::hint::black_box;

/// A pseudo-random graph of `vertices` and `edges` (cycles and self-loops allowed),
/// in the `V E u1 v1 …` format.
fn random_graph(vertices: u64, edges: u64, mut state: u64) -> String {
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut text = format!("{vertices} {edges}");
    for _ in 0..edges {
        let (u, v) = (next() % vertices, next() % vertices);
        text += &format!(" {u} {v}");
    }
    text
}

/// A graph of `vertices` and `edges` whose edges go from a vertex to one of the 50
/// below it, but for one in 100,000 that goes anywhere (closing cycles): unlike a
/// random graph, where almost every value is ∞, most values here are finite and
/// spread over many rounds of the labelling.
fn descending_graph(vertices: u64, edges: u64, mut state: u64) -> String {
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut text = format!("{vertices} {edges}");
    for _ in 0..edges {
        let u = 1 + next() % (vertices - 1);
        let v = match next() % 100_000 {
            0 => next() % vertices,
            _ => u - 1 - next() % u.min(50),
        };
        text += &format!(" {u} {v}");
    }
    text
}

fn loopy(c: &mut Criterion) {
    let text = random_graph(200_000, 1_000_000, 0x2545_f491_4f6c_dd1d);
    let descending = descending_graph(200_000, 1_000_000, 0x9e37_79b9_7f4a_7c15);
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
