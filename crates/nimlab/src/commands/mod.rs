//! One module per subcommand: parse arguments, call the core, format the answer.

pub mod analyze;
pub mod census;
pub mod grundy;
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
use crate::output::read_text;
use nimlab_core::games::HeapSequence;
use nimlab_core::limits::DAG_FILE;
use nimlab_core::{Convention, InputError, Ruleset, game_with};
use std::sync::Arc;

/// The game named by a spec argument; files it names (`dag:FILE`) are read here.
fn game(spec: &str) -> Result<Arc<dyn Ruleset>, Failure> {
    Ok(game_with(spec, &read_file)?)
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
}

/// The single-heap nim-sequence of a game played on heaps.
fn heap_sequence(game: &dyn Ruleset) -> Result<&dyn HeapSequence, Failure> {
    // A well-formed question without an answer, as `period nim` is: status 1.
    game.heap_sequence().ok_or_else(|| {
        Failure::Other(format!(
            "{} is not played on heaps, so it has no nim-sequence",
            game.spec()
        ))
    })
}

/// The convention a `--misere` flag asks for.
fn convention(misere: bool) -> Convention {
    if misere {
        Convention::Misere
    } else {
        Convention::Normal
    }
}

/// The text of a file named in a game spec (a DAG), at most [`DAG_FILE`] bytes.
fn read_file(path: &str) -> Result<String, InputError> {
    let file = std::fs::File::open(path)
        .map_err(|e| InputError::invalid("file", path, format!("a readable text file ({e})")))?;
    read_text(file, &DAG_FILE, "the file").map_err(|failure| {
        InputError::invalid("file", path, format!("a text file: {}", failure.message()))
    })
}

/// A long run's failure: a refusal is bad input (status 2), anything else status 1.
impl From<nimlab_runs::Error> for Failure {
    fn from(error: nimlab_runs::Error) -> Self {
        match error {
            nimlab_runs::Error::Refused(message) => Failure::Input(message),
            other => Failure::Other(other.to_string()),
        }
    }
}
