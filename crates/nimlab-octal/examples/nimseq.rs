//! Compute a nim-sequence and print its checksum, for benchmarks and comparisons.
//!
//! ```text
//! cargo run --release -p nimlab-octal --example nimseq -- GAME N [naive|sparse|auto] [--period] [--print]
//! ```
//! GAME is an octal code (`0.167`), `hex:CODE` or `grundy`. Prints g(0..=N)'s checksum
//! in ogsolve's form (Fletcher-32 over the 16-bit values, upper-case hex), the time,
//! and the rare/common figures; `--period` stops at a certified period instead;
//! `--print` prints the values too.

use nimlab_octal::{Method, Rules, Solver};
use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

/// Fletcher-32 over 16-bit values, as ogsolve prints it.
fn checksum(values: &[u16]) -> u32 {
    let (mut low, mut high) = (0u16, 0u16);
    for &v in values {
        low = low.wrapping_add(v);
        high = high.wrapping_add(low);
    }
    (u32::from(high) << 16) | u32::from(low)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(last)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: nimseq GAME N [naive|sparse|auto] [--period] [--print]");
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
    let mut solver = Solver::with_method(rules, method);
    solver.set_max_values(last + 1);
    let start = Instant::now();
    let outcome = if has("--period") {
        solver.find_period(last + 1, &|| false).map(|c| c.cloned())
    } else {
        solver.set_check_periods(false);
        solver.advance(last + 1).map(|_| None)
    };
    let elapsed = start.elapsed();
    let certificate = match outcome {
        Ok(certificate) => certificate,
        Err(error) => {
            eprintln!("nimseq: {error}");
            return ExitCode::from(1);
        }
    };
    let values = solver.values();
    let summary = solver.summary();
    let mut lines = Vec::new();
    if has("--print") {
        lines.push(
            values
                .iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    lines.push(format!(
        "{} values: {}  g({}) = {}  checksum: {:X}  time: {:.3} s",
        solver.rules(),
        values.len(),
        values.len() - 1,
        values[values.len() - 1],
        checksum(values),
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
        lines.push(format!(
            "no period certified within {} values",
            values.len()
        ));
    }
    // A closed pipe (`| head`) ends the output quietly.
    let _ = writeln!(std::io::stdout(), "{}", lines.join("\n"));
    ExitCode::SUCCESS
}
