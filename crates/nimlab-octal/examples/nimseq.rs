//! Compute a nim-sequence and print its checksum, for benchmarks and comparisons.
//!
//! ```text
//! cargo run --release -p nimlab-octal --example nimseq -- GAME N [naive|sparse|auto] [--period] [--print] [--threads T] [--window F,T]
//! ```
//! GAME is an octal code (`0.167`), `hex:CODE` or `grundy`. Prints g(0..=N)'s checksum
//! in ogsolve's form (Fletcher-32 over the 16-bit values, upper-case hex), the time,
//! and the rare/common figures; `--period` stops at a certified period instead;
//! `--print` prints the values too; `--threads` computes with that many threads;
//! `--window` keeps only the first F and the last T values.

use nimlab_octal::{Method, Rules, Solver, Window};
use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

/// Fletcher-32 over 16-bit values, as ogsolve prints it, fed value by value.
#[derive(Default)]
struct Fletcher {
    low: u16,
    high: u16,
}

impl Fletcher {
    fn add(&mut self, values: &[u16]) {
        for &v in values {
            self.low = self.low.wrapping_add(v);
            self.high = self.high.wrapping_add(self.low);
        }
    }

    fn sum(&self) -> u32 {
        (u32::from(self.high) << 16) | u32::from(self.low)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(last)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<usize>().ok()),
    ) else {
        eprintln!(
            "usage: nimseq GAME N [naive|sparse|auto] [--period] [--print] [--threads T] \
             [--window F,T]"
        );
        return ExitCode::from(2);
    };
    let rules = match game.as_str() {
        "grundy" => Ok(Rules::grundys_game()),
        _ => match game.strip_prefix("hex:") {
            Some(code) => Rules::hex(code),
            None => Rules::octal(game),
        },
    };
    let rules = match rules {
        Ok(rules) => rules,
        Err(error) => {
            eprintln!("nimseq: {error}");
            return ExitCode::from(2);
        }
    };
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let method = if has("naive") {
        Method::Naive
    } else if has("sparse") {
        Method::Sparse
    } else {
        Method::Auto
    };
    let option = |flag: &str| {
        let at = args.iter().position(|a| a == flag)?;
        args.get(at + 1).cloned()
    };
    let window = option("--window").and_then(|text| {
        let (front, tail) = text.split_once(',')?;
        Some(Window {
            front: front.parse().ok()?,
            tail: tail.parse().ok()?,
        })
    });
    let mut solver = match window {
        Some(window) => Solver::with_window(rules, method, window),
        None => Solver::with_method(rules, method),
    };
    solver.set_max_values(last + 1);
    solver.set_threads(
        option("--threads")
            .and_then(|t| t.parse().ok())
            .unwrap_or(1),
    );
    let mut sum = Fletcher::default();
    let mut printed = Vec::new();
    let start = Instant::now();
    let outcome = if has("--period") {
        solver.find_period(last + 1, &|| false).map(|c| c.cloned())
    } else {
        solver.set_check_periods(false);
        // In steps, so that a window's values are summed before they are let go.
        let step = window.map_or(1 << 16, |window| window.tail.clamp(1, 1 << 16));
        let mut result = Ok(None);
        while solver.len() <= last && result.is_ok() {
            let upto = (solver.len() + step).min(last + 1);
            result = solver.advance(upto).map(|new| {
                sum.add(new);
                if has("--print") {
                    printed.extend_from_slice(new);
                }
                None
            });
        }
        result
    };
    let elapsed = start.elapsed();
    let certificate = match outcome {
        Ok(certificate) => certificate,
        Err(error) => {
            eprintln!("nimseq: {error}");
            return ExitCode::from(1);
        }
    };
    if has("--period") {
        sum.add(solver.values());
        printed = solver.values().to_vec();
    }
    let summary = solver.summary();
    let mut lines = Vec::new();
    if has("--print") {
        lines.push(
            printed
                .iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    let count = solver.len();
    lines.push(format!(
        "{} values: {}  g({}) = {}  checksum: {:X}  time: {:.3} s",
        solver.rules(),
        count,
        count - 1,
        solver.value(count - 1).expect("the last value is kept"),
        sum.sum(),
        elapsed.as_secs_f64()
    ));
    lines.push(format!(
        "largest value {}  mask {:?}  rare positions {:?} (the last {:?})  rare values {:?}",
        summary.largest,
        summary.mask,
        summary.rare_positions,
        summary.last_rare_position,
        summary.rare_values
    ));
    if let Some(c) = certificate {
        lines.push(format!(
            "period {} from {} (needs {} values, {} computed; {})",
            c.period,
            c.preperiod,
            c.values_needed,
            c.values_computed,
            c.theorem.name()
        ));
    } else if has("--period") {
        lines.push(format!("no period certified within {count} values"));
    }
    // A closed pipe (`| head`) ends the output quietly.
    let _ = writeln!(std::io::stdout(), "{}", lines.join("\n"));
    ExitCode::SUCCESS
}
