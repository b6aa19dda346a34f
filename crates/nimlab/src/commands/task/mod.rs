//! `nimlab task N`: the Sprague–Grundy practice tasks 1–15 and benchmark B, each
//! reading its input from standard input and writing exactly the exercise's
//! output format (nothing else on stdout). Every task calls the core's games and
//! engine; the modules here only read tokens and format answers.

mod bench;
mod classify;
mod dag;
mod engine;
mod games;
mod sums;

use crate::failure::Failure;
use crate::output::{read_text, to_stdout};
use nimlab_core::limits::INPUT_TEXT;
use nimlab_core::parse::{parse_bounded, parse_nat, tokens};
use nimlab_core::{InputError, Nat, Outcome};
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

/// Most items any count in a task's input may announce (m, Q, k, |S|).
const MAX_COUNT: u64 = 10_000_000;

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
        return bench::run(bench::Options::parse(
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
        return engine::run();
    }
    let text = read_stdin()?;
    let mut input = Input::new(&text);
    let answer = match number {
        1 => sums::mex_task(&mut input)?,
        2 => sums::subtraction_table(&mut input)?,
        3 => sums::subtraction_sum(&mut input)?,
        4 => dag::run(&text)?,
        5 => sums::take_queries(&mut input)?,
        6 => games::grundy_game(&mut input)?,
        7 => games::staircase(&mut input)?,
        8 => sums::take_one_or_two(&mut input)?,
        10 => sums::winning_target(&mut input)?,
        11 => sums::periodic_queries(&mut input)?,
        12 => games::kayles(&mut input)?,
        13 => games::misere_nim(&mut input)?,
        14 => games::turtles(&mut input)?,
        15 => classify::run(&text)?,
        _ => unreachable!("tasks are 1 to 15"),
    };
    if number != 4 && number != 15 {
        input.finish()?;
    }
    to_stdout(|out| out.write_all(answer.as_bytes()))
}

/// All of standard input, as text (at most [`INPUT_TEXT`] bytes).
fn read_stdin() -> Result<String, Failure> {
    read_text(io::stdin().lock(), &INPUT_TEXT, "standard input")
}

/// The whitespace-separated tokens of a task's input, read in order.
pub struct Input<'a> {
    tokens: Box<dyn Iterator<Item = &'a str> + 'a>,
}

impl<'a> Input<'a> {
    fn new(text: &'a str) -> Self {
        Input {
            tokens: Box::new(tokens(text)),
        }
    }

    /// The next token, or an error saying a `what` is missing.
    fn token(&mut self, what: &str, expected: &str) -> Result<&'a str, InputError> {
        self.tokens
            .next()
            .ok_or_else(|| InputError::missing(what, expected))
    }

    /// The next token as a non-negative integer of any size.
    fn nat(&mut self, what: &str) -> Result<Nat, InputError> {
        parse_nat(self.token(what, "a non-negative integer")?, what)
    }

    /// The next token as an integer in `min..=max`.
    fn bounded(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        match self.tokens.next() {
            Some(token) => parse_bounded(token, what, min, max),
            None => parse_bounded("", what, min, max),
        }
    }

    /// A count announced by the input (m, Q, k, |S|).
    fn count(&mut self, what: &str, min: u64) -> Result<usize, InputError> {
        Ok(self.bounded(what, min, MAX_COUNT)? as usize)
    }

    /// `count` numbers of any size, each named `what` in errors.
    fn nats(&mut self, count: usize, what: &str) -> Result<Vec<Nat>, InputError> {
        (0..count).map(|_| self.nat(what)).collect()
    }

    /// No token may follow the last one the task reads.
    fn finish(mut self) -> Result<(), InputError> {
        match self.tokens.next() {
            Some(extra) => Err(InputError::invalid(
                "extra token",
                extra,
                "the end of the input (the counts announce fewer numbers)",
            )),
            None => Ok(()),
        }
    }
}

/// FIRST when the player to move wins, SECOND otherwise.
fn winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "FIRST",
        Outcome::P => "SECOND",
    }
}

/// Values joined by single spaces, with a final newline.
fn line_of(values: &[u32]) -> String {
    let mut buffer = itoa::Buffer::new();
    let mut line = String::with_capacity(values.len() * 3);
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        line.push_str(buffer.format(*value));
    }
    line.push('\n');
    line
}
