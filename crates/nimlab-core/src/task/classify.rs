//! Task 15: `key=yes|no` tokens → the class of the game and why.

use crate::error::Error;
use crate::research::classify::{Traits, classify};

/// Line 1: the class; line 2: the justification, with the method's cost.
pub fn run(text: &str) -> Result<String, Error> {
    let (class, why) = classify(&Traits::parse(text)?);
    Ok(format!("{}\n{why}\n", class.name()))
}
