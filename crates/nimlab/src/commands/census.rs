//! `nimlab census --digits D`: every octal code with at most D digits, one JSON line
//! of findings per code, on every core, in shards, resumable.

use crate::failure::Failure;
use crate::output::read_text;
use nimlab_core::Budget;
use nimlab_core::limits::{DAG_FILE, GRUNDY_TABLE};
use nimlab_core::parse::parse_bounded;
use nimlab_core::research::census::{self, CensusLine};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

const EXAMPLES: &str = "\
Examples:
  nimlab census --digits 2
  nimlab census --digits 2 --misere
  nimlab census --digits 3 --upto 4096 --out census.jsonl
  nimlab census --digits 2 --shard 0/4 --out census-0.jsonl
  echo 0.77 > codes.txt; nimlab census --codes codes.txt";

/// Run every octal code of up to D digits and write one JSON line of findings per code.
///
/// Each line holds the code's period and preperiod with the values that prove them, or
/// the bound reached, the largest value and the number of rare values.
///
/// With --out, lines are appended to FILE and a census that is stopped continues where
/// it was when run again: codes already in FILE are not redone.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Every code 0.d1…dk with k ≤ D digits (8^D − 1 codes).
    #[arg(
        long,
        value_name = "D",
        required_unless_present = "codes",
        conflicts_with = "codes"
    )]
    digits: Option<String>,
    /// The codes to run, one per line, instead of --digits.
    #[arg(long, value_name = "FILE")]
    codes: Option<PathBuf>,
    /// Search each code's period up to N values.
    #[arg(long, value_name = "N", default_value = "65536")]
    upto: String,
    /// Run shard I of K (I from 0): every K-th code from the I-th. The lines of the K
    /// shards together are the whole census.
    #[arg(long, value_name = "I/K")]
    shard: Option<String>,
    /// Codes run at the same time (default: one per core).
    #[arg(long, value_name = "J")]
    jobs: Option<String>,
    /// Append the lines to FILE, skipping the codes it already holds.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Add each code's misère quotient: tame or wild and its order, or "not found"
    /// within the bounds of `nimlab quotient`.
    #[arg(long)]
    misere: bool,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let mut codes = match (&args.digits, &args.codes) {
        (Some(digits), _) => census::codes(parse_bounded(digits, "--digits", 1, 6)? as u32)?,
        (None, Some(path)) => {
            let file = File::open(path)
                .map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
            census::codes_from_list(&read_text(file, &DAG_FILE, "the list of codes")?)?
        }
        (None, None) => unreachable!("clap requires --digits or --codes"),
    };
    let upto = parse_bounded(&args.upto, "--upto", 1, GRUNDY_TABLE.value)? as usize;
    if let Some(shard) = &args.shard {
        let (index, count) = parse_shard(shard)?;
        codes = census::shard(codes, index, count);
    }
    let jobs = match &args.jobs {
        Some(jobs) => parse_bounded(jobs, "--jobs", 1, 1024)? as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => {
            let (file, done) = open_for_appending(path)?;
            codes.retain(|code| !done.contains(code));
            Box::new(file)
        }
        None => Box::new(io::stdout().lock()),
    };
    survey_all(&codes, upto, args.misere, jobs, &mut out)
}

/// `I/K` with I < K.
fn parse_shard(text: &str) -> Result<(usize, usize), Failure> {
    let invalid = || {
        Failure::Input(format!(
            "invalid --shard '{text}': expected I/K with 0 ≤ I < K, such as 0/4"
        ))
    };
    let (index, count) = text.split_once('/').ok_or_else(invalid)?;
    let index = parse_bounded(index, "shard index", 0, u32::MAX.into())? as usize;
    let count = parse_bounded(count, "shard count", 1, u32::MAX.into())? as usize;
    if index >= count {
        return Err(invalid());
    }
    Ok((index, count))
}

/// The file, opened for appending after its last complete line (a line cut by a kill
/// is dropped), and the codes its lines hold.
fn open_for_appending(path: &Path) -> Result<(File, HashSet<String>), Failure> {
    let failed = |e: io::Error| Failure::Other(format!("cannot write {}: {e}", path.display()));
    let mut file = OpenOptions::new()
        .read(true)
        .append(false)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(failed)?;
    let mut text = String::new();
    file.read_to_string(&mut text).map_err(|e| {
        Failure::Input(format!(
            "invalid --out '{}': {e}; expected a census file",
            path.display()
        ))
    })?;
    let complete = text.rfind('\n').map_or(0, |end| end + 1);
    let mut done = HashSet::new();
    for line in text[..complete].lines() {
        let code = serde_json::from_str::<serde_json::Value>(line)
            .ok()
            .and_then(|line| line["code"].as_str().map(str::to_string))
            .ok_or_else(|| {
                Failure::Input(format!(
                    "invalid --out '{}': the line '{line}' is not a census line",
                    path.display()
                ))
            })?;
        done.insert(code);
    }
    file.set_len(complete as u64).map_err(failed)?;
    file.seek(SeekFrom::End(0)).map_err(failed)?;
    Ok((file, done))
}

/// Survey `codes` on `jobs` threads, writing each line whole as soon as it is found.
fn survey_all(
    codes: &[String],
    upto: usize,
    misere: bool,
    jobs: usize,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<Result<CensusLine, nimlab_core::Error>>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(codes.len()) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                while let Some(code) = codes.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if sender
                        .send(census::survey(code, upto, misere, &Budget::unlimited()))
                        .is_err()
                    {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for line in receiver {
            let line = line?;
            let mut text = serde_json::to_string(&line).expect("census lines serialize");
            text.push('\n');
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
        Ok(())
    })
}
