//! `graph_words` bounds what parsing a graph really allocates: this test binary counts
//! every allocation (its own global allocator) and compares the peak reached while a
//! graph is parsed with the words the estimate gives, for graphs of every shape.

use nimlab_core::families::graph::{Kind, TokenGraph, declared_size, graph_words};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts the bytes live and the most live since the last reset.
struct Peak;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn added(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::SeqCst) + bytes;
    PEAK.fetch_max(live, Ordering::SeqCst);
}

// SAFETY: every call is forwarded to `System`; the counting neither allocates nor
// unwinds.
unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            added(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if !pointer.is_null() {
            added(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        unsafe { System.dealloc(pointer, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
            added(new_size);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Peak = Peak;

/// One measurement at a time: the counters are the process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The most bytes live while `text` is parsed as a graph of `kind`, above what was
/// live before (the text itself excluded).
fn peak_of_parsing(text: &str, kind: Kind) -> usize {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let before = LIVE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let parsed = TokenGraph::parse(text, "test", kind);
    let peak = PEAK.load(Ordering::SeqCst) - before;
    drop(parsed);
    peak
}

fn graph_text(vertices: usize, edges: &[(usize, usize)]) -> String {
    let mut text = format!("{vertices} {}", edges.len());
    for (u, v) in edges {
        text += &format!(" {u} {v}");
    }
    text
}

#[test]
fn parsing_a_graph_allocates_at_most_its_estimate() {
    let n = 100_000;
    let chain: Vec<(usize, usize)> = (1..n).map(|v| (v, v - 1)).collect();
    let star: Vec<(usize, usize)> = (1..n).map(|v| (0, v)).collect();
    let cycle: Vec<(usize, usize)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
    // Every vertex to the next eight (a DAG), and a pseudo-random graph with cycles.
    let dense: Vec<(usize, usize)> = (0..n / 10)
        .flat_map(|v| (1..=8).map(move |d| (v + d, v)))
        .collect();
    let random: Vec<(usize, usize)> = (0..4 * n)
        .map(|i| ((i * 7919) % n, (i * 104_729 + 13) % n))
        .collect();
    let cases = [
        ("no edges", graph_text(n, &[]), Kind::Dag),
        (
            "a lone edge among many vertices",
            graph_text(n, &[(n - 1, 0)]),
            Kind::Dag,
        ),
        ("a chain", graph_text(n, &chain), Kind::Dag),
        ("a star", graph_text(n, &star), Kind::Dag),
        ("dense", graph_text(n / 10 + 8, &dense), Kind::Dag),
        ("a chain, loopy", graph_text(n, &chain), Kind::Loopy),
        ("a cycle, loopy", graph_text(n, &cycle), Kind::Loopy),
        ("random, loopy", graph_text(n, &random), Kind::Loopy),
        (
            "a small graph",
            graph_text(4, &[(1, 0), (2, 0), (3, 1), (3, 2)]),
            Kind::Dag,
        ),
    ];
    for (name, text, kind) in cases {
        let (vertices, edges) = declared_size(&text).unwrap();
        let estimate = graph_words(vertices, edges) as usize * 8;
        let peak = peak_of_parsing(&text, kind);
        assert!(
            peak <= estimate,
            "{name}: parsing allocated {peak} bytes at once, more than the {estimate} estimated"
        );
    }
}

#[test]
fn the_declared_size_is_read_without_the_rest() {
    assert_eq!(declared_size("10000000 1 9999999 0"), Ok((10_000_000, 1)));
    assert!(declared_size("0 0").is_err());
    assert!(declared_size("10000001 0").is_err());
    assert!(declared_size("ten").is_err());
}
