//! The output rate of `nimlab seq fusc --count 10000000` (target ≥ 50 MB/s), measured
//! on the release binary writing into a pipe.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::process::Command;

fn fusc_stream(c: &mut Criterion) {
    let run = || {
        let output = Command::new(env!("CARGO_BIN_EXE_nimlab"))
            .args(["seq", "fusc", "--count", "10000000"])
            .output()
            .expect("the nimlab binary runs");
        assert!(output.status.success());
        output.stdout.len()
    };
    let bytes = run();
    let mut group = c.benchmark_group("nimlab seq fusc");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("--count 10^7, into a pipe", |b| b.iter(run));
    group.finish();
}

criterion_group!(benches, fusc_stream);
criterion_main!(benches);
