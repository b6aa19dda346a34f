//! One module per subcommand: parse arguments, call the core, format the answer.

pub mod analyze;
pub mod grundy;
pub mod period;
pub mod seq;

use crate::failure::Failure;
use nimlab_core::{Ruleset, parse_game};

/// The game named by a spec argument.
fn game(spec: &str) -> Result<Box<dyn Ruleset>, Failure> {
    Ok(parse_game(spec)?)
}
