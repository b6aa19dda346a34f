//! One module per subcommand: parse arguments, call the core, format the answer.

pub mod analyze;
pub mod grundy;
pub mod period;
pub mod play;
pub mod review;
pub mod seq;
pub mod task;

use crate::failure::Failure;
use nimlab_core::{InputError, Ruleset, parse_game_with};

/// The game named by a spec argument; files it names (`dag:FILE`) are read here.
fn game(spec: &str) -> Result<Box<dyn Ruleset>, Failure> {
    Ok(parse_game_with(spec, &read_file)?)
}

/// The text of a file named in a game spec.
fn read_file(path: &str) -> Result<String, InputError> {
    std::fs::read_to_string(path)
        .map_err(|e| InputError::invalid("file", path, format!("a readable text file ({e})")))
}
