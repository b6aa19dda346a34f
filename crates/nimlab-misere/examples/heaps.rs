//! The quotient of an octal code heap by heap, one line per heap, as the driver of
//! MisereSolver in `tools/` prints them, for the side-by-side runs of NOTES.md:
//!
//! ```text
//! cargo run --release -p nimlab-misere --example heaps -- 0.07 [--max-heap N]
//!     [--memory MIB] [--cpu-limit SECONDS] [--every-heap] [--log]
//! ```
//!
//! Lines: "CODE heap N order Q p P cpu S" when Q or P changes (each heap with
//! --every-heap), S the CPU seconds of this thread; then "CODE certified heap N …" or
//! "CODE partial heap N … stopped WHY". --log prints each candidate tried, with its
//! least failure, as MisereSolver's log does. The CPU limit counts this thread's CPU time
//! (Linux's /proc/thread-self/schedstat), so a loaded machine does not cut it short.

use nimlab_misere::{Bounds, Computation, Shortfall};
use nimlab_octal::TakeBreak;

/// CPU seconds of this thread so far.
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let nanos: f64 = stat
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0);
    nanos / 1e9
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut code, mut max_heap, mut memory, mut limit, mut every, mut log) =
        (None, 20_000, 4096usize, f64::INFINITY, false, false);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value after the option");
        match arg.as_str() {
            "--max-heap" => max_heap = value().parse().expect("a heap"),
            "--memory" => memory = value().parse().expect("MiB"),
            "--cpu-limit" => limit = value().parse().expect("seconds"),
            "--every-heap" => every = true,
            "--log" => log = true,
            _ => code = Some(arg),
        }
    }
    let code = code.expect("an octal code such as 0.07");
    let game = TakeBreak::hex(&code).expect("an octal code");
    let bounds = Bounds::memory_only(max_heap, memory << 20);
    let mut computation = Computation::new(&game, bounds).expect("usable bounds");
    if log {
        computation.observe(|tried| {
            let outcome = match &tried.failure {
                None => "Success!".to_string(),
                Some(heaps) => format!("Failure = {heaps:?}"),
            };
            println!(
                "Tried: |Q| = {}, |P| = {}; {outcome} (cpu {:.3})",
                tried.order,
                tried.p_portion,
                cpu()
            );
        });
    }
    let mut last = (1, 0);
    let shortfall = computation
        .run(&|| cpu() > limit, |c| {
            let now = (c.order(), c.p_portion_size());
            if every || now != last {
                println!(
                    "{code} heap {} order {} p {} cpu {:.3}",
                    c.last_heap(),
                    now.0,
                    now.1,
                    cpu()
                );
            }
            last = now;
            Ok::<(), ()>(())
        })
        .expect("nothing fails after a heap");
    let (n, q, p) = (
        computation.last_heap(),
        computation.order(),
        computation.p_portion_size(),
    );
    match (computation.certificate(), shortfall) {
        (Some(c), _) => println!(
            "{code} certified heap {n} order {q} p {p} preperiod {} period {} cpu {:.3}",
            c.preperiod,
            c.period,
            cpu()
        ),
        (None, why) => {
            let why = match why {
                None => "max-heap".to_string(),
                Some(Shortfall::Stopped { .. }) => "timeout".to_string(),
                Some(other) => format!("{other:?}"),
            };
            println!(
                "{code} partial heap {n} order {q} p {p} cpu {:.3} stopped {why}",
                cpu()
            )
        }
    }
}
