//! Game records in files: what `play --record FILE` writes and `review FILE` reads,
//! in the core's format ([`nimlab_core::report::record`]).

use crate::failure::Failure;
use crate::output::{open_to_read, read_text};
use nimlab_core::limits::RECORD_FILE;
use nimlab_core::report::record::Record;
use nimlab_runs::files::{open_regular_file, replace_whole};
use std::path::Path;

/// Write `record` to a file.
pub fn save(record: &Record, path: &Path) -> Result<(), Failure> {
    replace_whole(path, record.to_json().as_bytes()).map_err(|e| {
        Failure::Other(format!(
            "cannot write the record to {}: {e}",
            path.display()
        ))
    })
}

/// Whether a record can be written at `path`, checked before a game starts (so a
/// game is not played for a record that cannot be kept): the file is created.
pub fn check_writable(path: &Path) -> Result<(), Failure> {
    open_regular_file(path, std::fs::OpenOptions::new().create(true).append(true))
        .map(drop)
        .map_err(|e| {
            Failure::Input(format!(
                "cannot write the record to {}: {e}",
                path.display()
            ))
        })
}

/// Read a record from a file; malformed records are input errors.
pub fn load(path: &Path) -> Result<Record, Failure> {
    let name = path.display().to_string();
    let file =
        open_to_read(path).map_err(|e| Failure::Input(format!("cannot read {name}: {e}")))?;
    let text = read_text(file, &RECORD_FILE, &name)?;
    Ok(Record::from_json(&text, &name)?)
}
