//! Shared pieces of output: buffered stdout, reading positions, JSON.

use crate::failure::Failure;
use nimlab_core::Convention;
use nimlab_core::limits::{INPUT_TEXT, Limit};
use nimlab_runs::files::{NotRegular, open_regular_file};
use serde::Serialize;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

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
        return read_text(io::stdin().lock(), &INPUT_TEXT, "standard input");
    }
    Ok(words.join(" "))
}

/// The regular file at `path`, opened to read: a FIFO, a directory or a device is
/// refused at once, in words ("it is a FIFO (named pipe), not a regular file"), never
/// waited on or read.
pub fn open_to_read(path: &Path) -> Result<File, NotRegular> {
    open_regular_file(path, OpenOptions::new().read(true))
}

/// All of `reader` as text: UTF-8 without NUL bytes, at most `limit` bytes. Reading
/// stops at the first byte that cannot be text or as soon as the limit is passed, so
/// /dev/zero, /dev/urandom or an endless stream end in a one-line error at once.
pub fn read_text(reader: impl Read, limit: &Limit, what: &str) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    let mut checked = 0;
    let mut reader = reader.take(limit.value + 1);
    let mut chunk = [0u8; 1 << 16];
    loop {
        let read = reader.read(&mut chunk)?;
        if read == 0 {
            break;
        }
        bytes.extend_from_slice(&chunk[..read]);
        if bytes.len() as u64 > limit.value {
            return Err(Failure::Input(format!(
                "{what} is longer than the limit of {} {} ({})",
                limit.value, limit.unit, limit.name
            )));
        }
        checked = check_text(&bytes, checked, what)?;
    }
    if checked < bytes.len() {
        return Err(not_text(what));
    }
    Ok(String::from_utf8(bytes).expect("checked as UTF-8"))
}

/// Check `bytes[from..]` for NUL and invalid UTF-8; returns how far the bytes are
/// checked (a character cut at the end of what was read so far is checked later).
fn check_text(bytes: &[u8], from: usize, what: &str) -> Result<usize, Failure> {
    let fresh = &bytes[from..];
    if fresh.contains(&0) {
        return Err(not_text(what));
    }
    match std::str::from_utf8(fresh) {
        Ok(_) => Ok(bytes.len()),
        Err(error) if error.error_len().is_none() => Ok(from + error.valid_up_to()),
        Err(_) => Err(not_text(what)),
    }
}

fn not_text(what: &str) -> Failure {
    Failure::Input(format!("{what} is not text (UTF-8 without NUL bytes)"))
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
