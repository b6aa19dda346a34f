//! Shared pieces of output: buffered stdout, reading positions, JSON.

use crate::failure::Failure;
use nimlab_core::Convention;
use serde::Serialize;
use std::io::{self, BufWriter, Read, Write};

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

/// The convention in words, for the first line of plain output.
pub fn convention_rule(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "normal play: whoever makes the last move wins",
        Convention::Misere => "misère play: whoever makes the last move loses",
    }
}

/// Write `report` as one line of JSON.
pub fn write_json(out: &mut dyn Write, report: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, report)?;
    writeln!(out)
}
