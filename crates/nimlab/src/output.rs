//! Shared pieces of output: buffered stdout, reading positions, JSON numbers.

use crate::failure::Failure;
use nimlab_core::num::to_u64;
use nimlab_core::{Convention, Nat};
use serde_json::Value;
use std::io::{self, BufWriter, Read, Write};

/// Largest integer JSON readers represent exactly (2^53).
const JSON_SAFE_INTEGER: u64 = 1 << 53;

/// Run `write` against buffered stdout and flush it.
pub fn to_stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    write(&mut out)?;
    out.flush()?;
    Ok(())
}

/// The position argument: words joined by spaces, or all of standard input for `-`.
pub fn read_position(words: &[String]) -> Result<String, Failure> {
    if words.len() == 1 && words[0] == "-" {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes)?;
        return String::from_utf8(bytes)
            .map_err(|_| Failure::Input("standard input is not UTF-8 text".to_string()));
    }
    Ok(words.join(" "))
}

/// The convention as JSON and records write it: "normal" or "misere".
pub fn convention_name(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "normal",
        Convention::Misere => "misere",
    }
}

/// A number for JSON: a number up to 2^53, a string beyond (so no reader rounds it).
pub fn json_number(n: &Nat) -> Value {
    match to_u64(n) {
        Some(small) if small <= JSON_SAFE_INTEGER => Value::from(small),
        _ => Value::from(n.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_numbers_switch_to_strings_past_2_pow_53() {
        assert_eq!(json_number(&Nat::from(1u64 << 53)), Value::from(1u64 << 53));
        assert_eq!(
            json_number(&Nat::from((1u64 << 53) + 1)),
            Value::from("9007199254740993")
        );
    }
}
