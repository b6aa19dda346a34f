//! Every `nimlab task N` at the largest input the issue names, timed end to end: the
//! optimized binary is started, fed the input on stdin and read to the end, so each
//! figure includes process start-up, parsing and output.
//!
//! Run with `cargo bench -p nimlab --bench tasks`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A deterministic pseudo-random stream (xorshift64).
struct Stream(u64);

impl Stream {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

fn numbers(count: usize, bound: u64, stream: &mut Stream) -> String {
    (0..count)
        .map(|_| stream.below(bound).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Run `nimlab task <task>` on `input`; panic unless it succeeds.
fn run(task: &str, input: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["task", task])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nimlab starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("nimlab runs");
    writer
        .join()
        .expect("writer thread")
        .expect("stdin accepted");
    assert!(
        output.status.success(),
        "task {task}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The largest input of each task, as the issue states it.
fn inputs() -> Vec<(&'static str, &'static str, String)> {
    let mut s = Stream(0x9e37_79b9_7f4a_7c15);
    let set20: Vec<String> = (1..=20).map(|i| (3 * i + 1).to_string()).collect();
    let set12 = "12 7 11 13 17 19 23 29 31 37 41 43 97";
    let mut dag = String::from("100000 500000");
    for _ in 0..500_000 {
        let u = 1 + s.below(99_999);
        dag += &format!(" {u} {}", s.below(u));
    }
    let mut path = String::from("100000 99999");
    for v in 1..100_000 {
        path += &format!(" {} {v}", v - 1);
    }
    let huge: Vec<String> = (0..100_000u64)
        .map(|i| (1_000_000_000_000_000_000 - i * 7_777_777).to_string())
        .collect();
    let coins: String = (0..100_000)
        .map(|_| if s.below(2) == 1 { 'H' } else { 'T' })
        .collect();
    vec![
        ("1", "m = 10^5", format!("100000 {}", numbers(100_000, 1_000_000_001, &mut s))),
        ("2", "n = 10^5, |S| = 20", format!("100000 20 {}", set20.join(" "))),
        (
            "3",
            "|S| = 20, m = 10^4 piles up to 10^5",
            format!("20 {} 10000 {}", set20.join(" "), numbers(10_000, 100_001, &mut s)),
        ),
        ("4", "V = 10^5, E = 5·10^5", dag),
        ("4", "a path of 10^5 vertices", path),
        ("5", "Q = 10^5, n near 10^18", format!("1000000000 100000 {}", huge.join(" "))),
        ("6", "m = 100 piles up to 2000", format!("100 {}", numbers(100, 2001, &mut s))),
        ("7", "k = 10^5, c up to 10^9", format!("100000 {}", numbers(100_000, 1_000_000_001, &mut s))),
        (
            "8",
            "n = 10^6, m = 10^5 piles",
            format!("1000000 100000 {}", numbers(100_000, 1_000_001, &mut s)),
        ),
        ("9", "the demos", String::new()),
        ("10", "m = 10^5", format!("100000 {}", numbers(100_000, 1_000_000_001, &mut s))),
        ("11", "|S| = 12, Q = 10^5, n near 10^18", format!("{set12} 100000 {}", huge.join(" "))),
        (
            "12",
            "m = 10^5 rows up to 10^9",
            format!("100000 {}", numbers(100_000, 1_000_000_001, &mut s)),
        ),
        ("12", "one row of 5000", "1 5000".to_string()),
        ("13", "m = 10^5 piles up to 10^9", format!("100000 {}", numbers(100_000, 1_000_000_001, &mut s))),
        ("14", "n = 10^5", coins),
        ("15", "all nine keys", "impartial=yes normal_play=yes decomposable=no huge_n=yes has_closed_form=no coupled_move=no loopy=no scored=no chance=no".to_string()),
    ]
}

fn tasks(c: &mut Criterion) {
    let mut group = c.benchmark_group("nimlab task");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    for (task, what, input) in inputs() {
        group.bench_function(format!("{task}: {what}"), |b| b.iter(|| run(task, &input)));
    }
    group.finish();
}

criterion_group!(benches, tasks);
criterion_main!(benches);
