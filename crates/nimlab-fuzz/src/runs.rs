//! The files of long runs (`crates/nimlab-runs`): the checkpoint a `grundy --out` run
//! resumes from, with the output and the state it vouches for, and census files.

use nimlab_core::research::census::{self, CensusLine, ReportStyle};
use nimlab_runs::census_file::{self, CensusFile, Header};
use nimlab_runs::checkpoint::Checkpoint;
use nimlab_runs::format::Encoding;
use nimlab_runs::sequence::{self, Run};
use serde_json::{Map, Value};
use std::fs;
use std::path::Path;
use std::time::Duration;

/// What separates the files of a checkpoint target's input.
const CUT: &[u8] = b"\n--8<--\n";

/// The largest run a checkpoint target resumes: every resume check is reached with
/// a few values, and the run stays within milliseconds.
const MOST_VALUES: u64 = 1 << 14;

/// A checkpoint, the output it belongs to and the run's state (of the counts format),
/// separated by lines `--8<--`. The checkpoint is read as it is, unless it is a JSON
/// object: then it is the checkpoint's record, sealed with the CRC-32 line a run
/// writes, and the CRC-32s of the output and the state that it leaves out are filled in
/// from the files given (a `"state": [slot]` gets the state's CRC-32 after the slot), so
/// that the fuzzer gets past them as a forger would.
///
/// The checkpoint is loaded; a checkpoint of a small enough run of a game of the octal
/// engine is resumed, as `grundy --out FILE --resume` does.
pub fn checkpoint(data: &[u8]) {
    let mut parts = split(data, CUT);
    let checkpoint = parts.next().unwrap_or_default();
    let output = parts.next().unwrap_or_default();
    let state = parts.next().unwrap_or_default();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("sequence.txt");
    let written = fs::write(&out, output)
        .and_then(|()| fs::write(sequence::state_path(&out, 0), state))
        .and_then(|()| fs::write(sequence::state_path(&out, 1), state))
        .and_then(|()| {
            fs::write(
                sequence::checkpoint_path(&out),
                sealed(checkpoint, output, state),
            )
        });
    written.expect("the files of a checkpoint written");
    let Ok(Some(saved)) = Checkpoint::load(&sequence::checkpoint_path(&out)) else {
        return;
    };
    if saved.upto >= MOST_VALUES {
        return;
    }
    resume(&out, &saved);
}

/// The checkpoint file for `checkpoint`: as it is, or sealed (see [`checkpoint`]).
fn sealed(checkpoint: &[u8], output: &[u8], state: &[u8]) -> Vec<u8> {
    let Ok(Value::Object(mut record)) = serde_json::from_slice::<Value>(checkpoint) else {
        return checkpoint.to_vec();
    };
    fill_crc(&mut record, "output_crc", "bytes", 1, output);
    if let Some(Value::Array(slot)) = record.get_mut("state") {
        if slot.len() == 1 {
            slot.push(crc32fast::hash(state).into());
        }
    }
    let record = Value::Object(record).to_string();
    let crc = crc32fast::hash(record.as_bytes());
    format!("nimlab checkpoint 4 crc32:{crc:08x}\n{record}\n").into_bytes()
}

/// Fill in `record[key]`, if it is missing, with the CRC-32 of the first
/// `record[count] × width` bytes of `file`.
fn fill_crc(record: &mut Map<String, Value>, key: &str, count: &str, width: u64, file: &[u8]) {
    if record.contains_key(key) {
        return;
    }
    let bytes = record.get(count).and_then(Value::as_u64).unwrap_or(0);
    let end = bytes.saturating_mul(width).min(file.len() as u64) as usize;
    record.insert(key.to_string(), crc32fast::hash(&file[..end]).into());
}

/// Resume the run `saved` belongs to, writing `out`, if its game is one the octal
/// engine computes.
fn resume(out: &Path, saved: &Checkpoint) {
    let Ok(game) = nimlab_core::game(&saved.spec) else {
        return;
    };
    let Some(rules) = game
        .heap_game()
        .and_then(|heaps| heaps.sequence().engine_rules())
    else {
        return;
    };
    let run = Run {
        path: out.to_path_buf(),
        encoding: Encoding {
            format: saved.format,
            spec: game.spec(),
            upto: saved.upto,
            wide: false,
        },
        rules,
        resume: true,
        checkpoint_every: Duration::from_secs(3600),
        threads: 1,
    };
    let _ = run.execute(&mut |_| {}, &|| false);
}

/// The pieces of `data` between the occurrences of `cut`.
fn split<'a>(data: &'a [u8], cut: &'a [u8]) -> impl Iterator<Item = &'a [u8]> {
    let mut rest = Some(data);
    std::iter::from_fn(move || {
        let data = rest?;
        match data.windows(cut.len()).position(|window| window == cut) {
            Some(at) => {
                rest = Some(&data[at + cut.len()..]);
                Some(&data[..at])
            }
            None => {
                rest = None;
                Some(data)
            }
        }
    })
}

/// A census file, as `census --from FILE --report R` reads it (and the report made
/// from what it holds) and as `census --out FILE` opens it to append to it; and the
/// same bytes as a `census --codes FILE` list.
pub fn census(data: &[u8]) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("census.jsonl");
    fs::write(&path, data).expect("a census file written");
    let header =
        match census_file::read(&path, |line| serde_json::from_str::<CensusLine>(line).ok()) {
            Ok(read) => {
                for style in [ReportStyle::Markdown, ReportStyle::Html] {
                    census::report(&read.lines, read.header.upto, read.header.misere, style);
                }
                read.header
            }
            Err(_) => Header {
                upto: 1000,
                misere: false,
            },
        };
    let code_of = |line: &str| {
        serde_json::from_str::<CensusLine>(line)
            .ok()
            .filter(|line| line.misere.is_some() == header.misere)
            .map(|line| line.code)
    };
    if let Ok(mut file) = CensusFile::open(&path, header, code_of) {
        let line = r#"{"code":"0.07","values":1001,"largest":8}"#;
        let _ = file.append("0.07", line);
    }
    if let Some(text) = crate::text(data) {
        let _ = census::codes_from_list(text);
    }
}
