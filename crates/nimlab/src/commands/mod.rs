//! One module per subcommand: parse arguments, call the core, format the answer.

pub mod analyze;
pub mod grundy;
pub mod moves;
pub mod period;
pub mod play;
pub mod review;
pub mod seq;
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
