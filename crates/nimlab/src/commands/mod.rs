//! One module per subcommand: parse arguments, call the core, format the answer.

pub mod analyze;
pub mod census;
pub mod grundy;
mod long;
pub mod moves;
pub mod period;
pub mod play;
pub mod quotient;
pub mod review;
pub mod seq;
pub mod serve;
pub mod shell;
pub mod task;

use crate::failure::Failure;
use crate::output::{open_to_read, read_text};
use nimlab_core::limits::{DAG_FILE, LISTED_TEXT, QUESTION_TIME};
use nimlab_core::protocol::HeapSequence;
use nimlab_core::registry::Spec;
use nimlab_core::{Budget, InputError, Ruleset};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The game named by a spec argument, built within the question's `budget`; files it
/// names (`dag:FILE`) are read here.
fn game(spec: &str, budget: &Budget) -> Result<Arc<dyn Ruleset>, Failure> {
    build(&spec.parse()?, budget)
}

/// The game of a spec already read, built within `budget`, reading the files it names.
fn build(spec: &Spec, budget: &Budget) -> Result<Arc<dyn Ruleset>, Failure> {
    Ok(spec.build(&read_file, budget)?)
}

/// The question `analyze` and `moves` answer: a game, a position, a convention, and
/// how the answer is printed.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// The game, e.g. nim, take:3, subtraction:1,3,4 (see 'nimlab --help').
    game: String,
    /// The position, e.g. "3 4 5" or 3 4 5; - reads it from standard input.
    #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
    position: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    time_limit: TimeLimit,
}

/// How long a question may compute (`--time-limit`), shared by the commands that
/// answer questions about games.
#[derive(clap::Args)]
pub struct TimeLimit {
    /// Stop after SECONDS of computing, with a one-line error (0: no limit).
    #[arg(long, value_name = "SECONDS", default_value = DEFAULT_TIME_LIMIT)]
    time_limit: String,
}

/// The default of `--time-limit`: [`QUESTION_TIME`] in seconds.
const DEFAULT_TIME_LIMIT: &str = "1.5";
const _: () = assert!(QUESTION_TIME.value == 1500, "DEFAULT_TIME_LIMIT says 1.5 s");

impl TimeLimit {
    /// The budget of one question within this time limit.
    fn budget(&self) -> Result<Budget, Failure> {
        Ok(Budget::question(parse_time_limit(&self.time_limit)?))
    }
}

/// SECONDS of `--time-limit`: the time allowed, or `None` for no limit (0).
fn parse_time_limit(text: &str) -> Result<Option<Duration>, Failure> {
    let seconds: f64 = text
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && (0.0..=1e9).contains(s))
        .ok_or_else(|| {
            InputError::invalid(
                "--time-limit",
                text,
                "a number of seconds from 0 (no limit) to 1000000000",
            )
        })?;
    Ok((seconds > 0.0).then(|| Duration::from_secs_f64(seconds)))
}

/// Why a list of moves stops before the last one: the number asked for, or the
/// length of the text (moves of huge positions).
fn more_hint(text_limited: bool) -> String {
    if text_limited {
        format!("the list stops at {} characters of text", LISTED_TEXT.value)
    } else {
        "--max-moves lists more".to_string()
    }
}

/// The budget of one question asked without `--time-limit`, as in play: memory and
/// [`QUESTION_TIME`] bounded.
fn question_budget() -> Budget {
    Budget::question(Some(Duration::from_millis(QUESTION_TIME.value)))
}

/// The single-heap nim-sequence of a game played on heaps.
fn heap_sequence(game: &dyn Ruleset) -> Result<&dyn HeapSequence, Failure> {
    // A well-formed question without an answer, as `period nim` is: status 1.
    game.heap_game()
        .map(|heaps| heaps.sequence())
        .ok_or_else(|| {
            Failure::Other(format!(
                "{} is not played on heaps, so it has no nim-sequence",
                game.spec()
            ))
        })
}

/// The text of a file named in a game spec (a DAG), at most [`DAG_FILE`] bytes.
fn read_file(path: &str) -> Result<String, InputError> {
    let file = open_to_read(Path::new(path))
        .map_err(|e| InputError::invalid("file", path, format!("a readable text file ({e})")))?;
    read_text(file, &DAG_FILE, "the file").map_err(|failure| {
        InputError::invalid("file", path, format!("a text file: {}", failure.message()))
    })
}

/// A long run's failure: a refusal is bad input (status 2), anything else status 1.
impl From<nimlab_runs::RunError> for Failure {
    fn from(error: nimlab_runs::RunError) -> Self {
        match error {
            nimlab_runs::RunError::Refused(message) => Failure::Input(message),
            other => Failure::Other(other.to_string()),
        }
    }
}
