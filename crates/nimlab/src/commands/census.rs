//! `nimlab census --digits D`: every octal code with at most D digits, one JSON line
//! of findings per code, on every core, in shards, resumable, and the tables of a
//! census for publication.

use crate::failure::Failure;
use crate::output::{open_to_read, read_text};
use nimlab_core::Budget;
use nimlab_core::limits::{DAG_FILE, GRUNDY_TABLE};
use nimlab_core::parse::parse_bounded;
use nimlab_core::research::census::{self, CensusLine, ReportStyle};
use nimlab_runs::census_file::{self, CensusFile, Header};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

const EXAMPLES: &str = "\
Examples:
  nimlab census --digits 2
  nimlab census --digits 2 --misere
  nimlab census --digits 3 --upto 4096 --out census.jsonl
  nimlab census --digits 2 --shard 0/4 --out census-0.jsonl
  nimlab census --digits 2 --out census-2.jsonl --report census-2.md
  nimlab census --from census-0.jsonl --report census-0.html
  echo 0.77 > codes.txt; nimlab census --codes codes.txt";

/// Run every octal code of up to D digits and write one JSON line of findings per code.
///
/// Each line holds the code's period and preperiod with the values that prove them, or
/// the bound reached, the largest value and the number of rare values.
///
/// With --out, lines are appended to FILE after a header line with the census's
/// settings, and a census that is stopped continues where it was when run again:
/// codes already in FILE are not redone. Several runs may append to one FILE at once.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Every code 0.d1…dk with k ≤ D digits (8^D − 1 codes).
    #[arg(
        long,
        value_name = "D",
        required_unless_present_any = ["codes", "from"],
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
    /// Write the census's tables for publication to FILE: Markdown, or HTML when FILE
    /// ends in .html (from --out FILE, all its lines).
    #[arg(long, value_name = "FILE.md")]
    report: Option<PathBuf>,
    /// Make the --report from these census files (written by --out, such as the
    /// shards of one census) instead of running a census.
    #[arg(
        long,
        value_name = "FILE",
        num_args = 1..,
        requires = "report",
        conflicts_with_all = ["digits", "codes", "shard", "jobs", "out", "misere"]
    )]
    from: Vec<PathBuf>,
    /// Add each code's misère quotient: tame or wild and its order, or "not found"
    /// within the bounds of `nimlab quotient`.
    #[arg(long)]
    misere: bool,
}

pub fn run(args: Args) -> Result<(), Failure> {
    // A report that cannot be written is refused before the census runs, not after.
    if let Some(report) = args.report.as_ref().filter(|path| path.is_dir()) {
        return Err(Failure::Input(format!(
            "invalid --report '{}': it is a directory; expected a file to write",
            report.display()
        )));
    }
    if let Some(report) = args.report.as_ref().filter(|_| !args.from.is_empty()) {
        return write_report(&args.from, report);
    }
    let mut codes = match (&args.digits, &args.codes) {
        (Some(digits), _) => census::codes(parse_bounded(digits, "--digits", 1, 6)? as u32)?,
        (None, Some(path)) => read_codes(path)?,
        (None, None) => unreachable!("clap requires --digits, --codes or --from"),
    };
    let upto = parse_bounded(&args.upto, "--upto", 1, GRUNDY_TABLE.value)?;
    if let Some(shard) = &args.shard {
        let (index, count) = parse_shard(shard)?;
        codes = census::shard(codes, index, count);
    }
    let jobs = match &args.jobs {
        Some(jobs) => parse_bounded(jobs, "--jobs", 1, 1024)? as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let header = Header {
        upto,
        misere: args.misere,
    };
    match &args.out {
        Some(path) => {
            let parse = |line: &str| parse_line(line, args.misere).map(|line| line.code);
            let mut file = CensusFile::open(path, header, parse)?;
            if file.garbled() > 0 {
                eprintln!(
                    "nimlab: {} line(s) of {} did not read and are dropped: their codes are \
                     run again",
                    file.garbled(),
                    path.display()
                );
            }
            codes.retain(|code| !file.is_done(code));
            survey_all(&codes, header, jobs, &mut |line, text| {
                file.append(&line.code, text)?;
                Ok(())
            })?;
            match &args.report {
                Some(report) => write_report(std::slice::from_ref(path), report),
                None => Ok(()),
            }
        }
        None => {
            let mut lines = Vec::new();
            let mut stdout = io::stdout().lock();
            survey_all(&codes, header, jobs, &mut |line, text| {
                writeln!(stdout, "{text}")?;
                stdout.flush()?;
                if args.report.is_some() {
                    lines.push(line);
                }
                Ok(())
            })?;
            match &args.report {
                Some(report) => save_report(report, &lines, header),
                None => Ok(()),
            }
        }
    }
}

/// The codes listed in the file at `path`, checked, each once.
fn read_codes(path: &Path) -> Result<Vec<String>, Failure> {
    let unreadable = |why: &dyn std::fmt::Display| {
        Failure::Input(format!(
            "invalid --codes '{}': {why}; expected a file of codes, one per line",
            path.display()
        ))
    };
    let file = open_to_read(path).map_err(|e| unreadable(&e))?;
    let what = format!("--codes '{}'", path.display());
    let text = read_text(file, &DAG_FILE, &what).map_err(|failure| match failure {
        Failure::Other(message) => unreadable(&message),
        other => other,
    })?;
    Ok(census::codes_from_list(&text)?)
}

/// A line of a census with or without misère columns, if it reads as one.
fn parse_line(line: &str, misere: bool) -> Option<CensusLine> {
    serde_json::from_str::<CensusLine>(line)
        .ok()
        .filter(|line| line.misere.is_some() == misere)
}

/// The report of the census files `from` (one census: the same settings) in `report`.
fn write_report(from: &[PathBuf], report: &Path) -> Result<(), Failure> {
    let mut lines = Vec::new();
    let mut settings: Option<(Header, &Path)> = None;
    for path in from {
        let read = census_file::read(path, |line| serde_json::from_str::<CensusLine>(line).ok())?;
        let (kept, other): (Vec<_>, Vec<_>) =
            (read.lines.into_iter()).partition(|line| line.misere.is_some() == read.header.misere);
        match settings {
            Some((first, first_path)) if first != read.header => {
                return Err(Failure::Input(format!(
                    "invalid --from '{}': it is a census to {} values{}, but '{}' is one to \
                     {}{}; expected the files of one census",
                    path.display(),
                    read.header.upto,
                    if read.header.misere {
                        " with misère quotients"
                    } else {
                        ""
                    },
                    first_path.display(),
                    first.upto,
                    if first.misere {
                        " with misère quotients"
                    } else {
                        ""
                    },
                )));
            }
            _ => settings = Some((read.header, path)),
        }
        let garbled = read.garbled + other.len();
        if garbled > 0 {
            eprintln!(
                "nimlab: {garbled} line(s) of {} did not read and are left out: run the \
                 census again with --out {} to redo their codes",
                path.display(),
                path.display()
            );
        }
        lines.extend(kept);
    }
    let (header, _) = settings.expect("clap requires a file");
    save_report(report, &lines, header)
}

/// Write the report of `lines`, of a census with `header`'s settings, to `path`.
fn save_report(path: &Path, lines: &[CensusLine], header: Header) -> Result<(), Failure> {
    let style = match path.extension().and_then(|e| e.to_str()) {
        Some("html" | "htm") => ReportStyle::Html,
        _ => ReportStyle::Markdown,
    };
    let text = census::report(lines, header.upto, header.misere, style);
    std::fs::write(path, text)
        .map_err(|e| Failure::Other(format!("cannot write {}: {e}", path.display())))
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

/// Survey `codes` on `jobs` threads with `header`'s settings, passing each line and its
/// JSON text to `emit` as soon as it is found.
fn survey_all(
    codes: &[String],
    header: Header,
    jobs: usize,
    emit: &mut dyn FnMut(CensusLine, &str) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let (upto, misere) = (header.upto as usize, header.misere);
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
            let text = serde_json::to_string(&line).expect("census lines serialize");
            emit(line, &text)?;
        }
        Ok(())
    })
}
