//! `nimlab task N`: the Sprague–Grundy practice tasks 1–15 and benchmark B, each
//! reading its input from standard input and writing exactly the exercise's
//! output format (nothing else on stdout). The tasks are the core's
//! ([`nimlab_core::task`]); the benchmark, which measures time and draws a chart,
//! is here.

mod bench;

use crate::failure::Failure;
use crate::output::{read_text, to_stdout};
use nimlab_core::InputError;
use nimlab_core::limits::INPUT_TEXT;
use nimlab_core::parse::parse_bounded;
use nimlab_core::task;
use std::io;

const EXAMPLES: &str = "\
Tasks (input on standard input, whitespace-separated):
  1  mex: m v1..vm                          9  generic engine demos (no input)
  2  subtraction table: n |S| s1..          10 winning move in a sum: m g1..gm
  3  subtraction sum: |S| s1.. m p1..pm     11 huge n by certified period: |S| s1.. Q n1..nQ
  4  token on a DAG: V E u1 v1 ..           12 Kayles: m p1..pm
  5  take 1..k: k Q n1..nQ                  13 misère Nim: m p1..pm
  6  Grundy's game: m p1..pm                14 Turning Turtles: a string of H and T
  7  staircase Nim: k c1..ck                15 classify: key=yes|no ...
  8  take 1 or 2: n m p1..pm                B  monolithic search vs decomposition

Examples:
  echo '3 0 1 3' | nimlab task 1
  echo '3 1 2 3 3 5 6 7' | nimlab task 3
  echo 'THHTH' | nimlab task 14
  echo 'huge_n=yes has_closed_form=yes' | nimlab task 15
  nimlab task B --budget-seconds 2 --plot crossover.svg";

/// Run one of the Sprague–Grundy practice tasks (1 to 15, or the benchmark B) on standard input.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The task: a number from 1 to 15, or B for the benchmark.
    task: String,
    /// Task B: the largest m to try (default 40).
    #[arg(long, value_name = "M")]
    max_m: Option<String>,
    /// Task B: time allowed to each monolithic search, in seconds (default 1).
    #[arg(long, value_name = "S")]
    budget_seconds: Option<String>,
    /// Task B: also draw the times as an SVG chart with a log scale.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let task = args.task.trim();
    if task.eq_ignore_ascii_case("b") {
        return bench::run(bench::BenchOptions::parse(
            args.max_m.as_deref(),
            args.budget_seconds.as_deref(),
            args.plot,
        )?);
    }
    let number = parse_bounded(task, "task", 1, 15)
        .map_err(|_| InputError::invalid("task", task, "a number from 1 to 15, or B"))?;
    for (given, flag) in [
        (args.max_m.is_some(), "--max-m"),
        (args.budget_seconds.is_some(), "--budget-seconds"),
        (args.plot.is_some(), "--plot"),
    ] {
        if given {
            return Err(Failure::Input(format!(
                "{flag} applies to task B only, not to task {number}"
            )));
        }
    }
    if number == 9 {
        let (report, matched) = task::demos()?;
        to_stdout(|out| out.write_all(report.as_bytes()))?;
        return if matched {
            Ok(())
        } else {
            Err(Failure::Other(
                "a demo did not match (see above)".to_string(),
            ))
        };
    }
    let answer = task::answer(number as u8, &read_stdin()?)?;
    to_stdout(|out| out.write_all(answer.as_bytes()))
}

/// All of standard input, as text (at most [`INPUT_TEXT`] bytes).
fn read_stdin() -> Result<String, Failure> {
    read_text(io::stdin().lock(), &INPUT_TEXT, "standard input")
}
