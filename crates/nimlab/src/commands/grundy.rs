//! `nimlab grundy GAME --upto N`: the Grundy values of one heap, g(0..N), printed or
//! streamed to a file with checkpoints (`--out`, `--resume`), and drawn (`--plot`).

use super::long::{Signals, with_progress};
use super::{game, heap_sequence};
use crate::failure::Failure;
use crate::output::to_stdout;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use indicatif::{ProgressBar, ProgressStyle};
use nimlab_core::error::{Error, quote};
use nimlab_core::limits::{GRUNDY_RUN, GRUNDY_TABLE, JOBS};
use nimlab_core::num::to_u64;
use nimlab_core::parse::parse_bounded;
use nimlab_core::protocol::HeapSequence;
use nimlab_core::report::plot::{PLOT_VALUES, sequence_svg};
use nimlab_core::solve::loopy::Gamma;
use nimlab_core::solve::period::Periodicity;
use nimlab_core::{Budget, Ruleset};
use nimlab_runs::format::{Encoding, Entry, Format};
use nimlab_runs::sequence::{self, Event, RunOutcome, Start};
use std::path::{Path, PathBuf};
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  nimlab grundy subtraction:1,3,4 --upto 20
  nimlab grundy take:3 --upto 12 --format csv
  nimlab grundy kayles --upto 1000000 --format bfile --out kayles.txt
  nimlab grundy octal:0.167 --upto 100000 --format binary --out 0.167.bin
  nimlab grundy grundy-game --upto 1000000 --format counts --jobs 2 --out grundy.json
  nimlab grundy grundy-game --upto 5000 --plot grundy-game.svg
  nimlab grundy graph:loop.txt --upto 9     vertices 0 to 9 (inf{1}: ∞, one move reaches value 1)";

/// Print the Grundy values g(0), …, g(N) of a single heap.
///
/// With --out the values stream to a file. For take-and-break games (octal:, hex:,
/// kayles, grundy-game, …) a long run shows its progress on a terminal and saves a
/// checkpoint beside the file (FILE.checkpoint) every minute; if it is stopped, even
/// killed, --resume continues from the last checkpoint and the file comes out byte for
/// byte as an uninterrupted run writes it (with no checkpoint yet, --resume starts the
/// run). SIGTERM or SIGINT (Ctrl-C) make it save a checkpoint of all it did and stop
/// (status 1); a second one ends it at once. The engine keeps only the values later
/// values read (the first 2^29 and the last 2^30, at most 4 GiB), so memory does not
/// grow with N; a periodic game repeats its period once it is certified. A second run
/// on the same FILE is refused, and so is a FILE that is not a sequence of this game in
/// this format (delete it to replace it). --format counts writes only how often each
/// value occurs, the rare positions and a checksum, for record runs of any length.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game, e.g. subtraction:1,3,4 (a game played on heaps).
    game: String,
    /// The largest heap size (for a graph, dag:FILE or graph:FILE: the last vertex to
    /// list).
    #[arg(long, value_name = "N")]
    upto: String,
    /// How the values are written (the binary format is described in docs/FORMATS.md).
    #[arg(long, default_value = "plain", value_parser = format_parser())]
    format: Format,
    /// Write the values to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Continue the run that was writing --out FILE from its checkpoint (with none,
    /// start it).
    #[arg(long, requires = "out")]
    resume: bool,
    /// Also draw n against g(n) as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Seconds between checkpoints of a long run.
    #[arg(long, value_name = "SECONDS", default_value = "60")]
    checkpoint_every: String,
    /// Compute the sequence with N threads (take-and-break games written with --out;
    /// every N gives the same values).
    #[arg(long, value_name = "N", default_value = "1")]
    jobs: String,
}

/// The formats, by name, each with its description in the help.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    let names = Format::ALL.map(|f| PossibleValue::new(f.name()).help(f.description()));
    PossibleValuesParser::new(names).map(|name| name.parse().expect("a listed format"))
}

/// The longest time between checkpoints: a day.
const MAX_CHECKPOINT_SECONDS: f64 = 86_400.0;

pub fn run(args: Args) -> Result<(), Failure> {
    let game = game(&args.game, &Budget::question(None))?;
    if game.vertex_values(0).is_some() {
        return vertex_table(&args, game.as_ref());
    }
    let sequence = heap_sequence(game.as_ref())?;
    let engine = sequence.engine_rules();
    let in_memory = args.out.is_none() || engine.is_none();
    let upto = parse_upto(&args.upto, in_memory)?;
    let jobs = parse_bounded(&args.jobs, "--jobs", 1, JOBS.value)? as usize;
    if matches!(args.format, Format::Binary | Format::Counts) && args.out.is_none() {
        return Err(Failure::Input(format!(
            "invalid --format '{}' on standard output: expected --out FILE with it",
            args.format
        )));
    }
    if args.format == Format::Counts && engine.is_none() {
        return Err(Failure::Input(format!(
            "invalid --format 'counts' for {}: expected a take-and-break game (octal:, \
             hex:, kayles, grundy-game, …), whose values the octal engine counts",
            game.spec()
        )));
    }
    if jobs > 1 && in_memory {
        return Err(Failure::Input(format!(
            "invalid --jobs '{}': several threads compute take-and-break games written \
             with --out FILE; expected 1 here",
            args.jobs
        )));
    }
    let encoding = Encoding {
        format: args.format,
        spec: game.spec(),
        upto,
        wide: engine.is_none(),
    };
    if let (Some(out), Some(plot)) = (&args.out, &args.plot) {
        refuse_same_file(out, plot)?;
    }
    match (&args.out, engine) {
        (Some(path), Some(rules)) => {
            let run = sequence::Run {
                path: path.clone(),
                encoding,
                rules,
                resume: args.resume,
                checkpoint_every: parse_seconds(&args.checkpoint_every)?,
                threads: jobs,
            };
            run_with_progress(&run)?;
        }
        (Some(path), None) => {
            let values = table_to(upto, sequence, game.as_ref())?;
            encoding.write_file(path, &values)?;
        }
        (None, _) => {
            let values = table_to(upto, sequence, game.as_ref())?;
            to_stdout(|out| encoding.write_all(out, &values))?;
        }
    }
    if let Some(plot) = &args.plot {
        let drawn = upto.min(PLOT_VALUES as u64 - 1) as usize;
        let values = sequence.grundy_table(drawn, &Budget::unlimited())?;
        // The period, when the game has one within the search: its start is marked.
        let periodicity = sequence.periodicity(&Budget::unlimited()).ok();
        draw(plot, &game.spec(), &values, periodicity.as_ref())?;
    }
    Ok(())
}

/// The values of the vertices 0 to `--upto` of a graph (`dag:FILE`, `graph:FILE`):
/// Grundy values, and ∞ written `inf{0,2}` with its set K (in JSON, the object
/// `{"infinite": [0, 2]}`), in the format asked for.
fn vertex_table(args: &Args, game: &dyn Ruleset) -> Result<(), Failure> {
    if args.plot.is_some() || args.resume || !args.format.lists_values() {
        return Err(Failure::Input(format!(
            "invalid option for {}: the values of a graph's vertices are written as plain, \
             csv, json or bfile text, without --plot, --resume, binary or counts",
            game.spec()
        )));
    }
    if args.format == Format::Binary {
        return Err(Failure::Input(format!(
            "invalid --format 'binary' for {}: expected plain, csv, json or bfile",
            game.spec()
        )));
    }
    let upto = parse_bounded(&args.upto, "--upto", 0, u64::MAX)?;
    let upto = usize::try_from(upto).unwrap_or(usize::MAX);
    let values = game.vertex_values(upto).expect("a graph");
    let entries: Vec<Entry> = values
        .iter()
        .map(|g| match g {
            Gamma::Finite(g) => Entry::Finite(to_u64(g)),
            Gamma::Infinite(k) => Entry::Infinite(k.iter().map(to_u64).collect()),
        })
        .collect();
    let encoding = Encoding {
        format: args.format,
        spec: game.spec(),
        upto: entries.len().saturating_sub(1) as u64,
        wide: true,
    };
    match &args.out {
        Some(path) => Ok(encoding.write_entries_file(path, &entries)?),
        None => to_stdout(|out| encoding.write_entries(out, &entries)),
    }
}

/// g(0), …, g(upto) of a heap game, computed in memory to the bound, with a progress
/// bar on a terminal; SIGTERM or SIGINT stop it, saying how far it got.
fn table_to(
    upto: u64,
    sequence: &dyn HeapSequence,
    game: &dyn Ruleset,
) -> Result<Vec<u32>, Failure> {
    let signals = Signals::catch()?;
    let budget = Budget::unlimited().with_cancel(signals.flag());
    let table = with_progress(upto + 1, &budget, || {
        sequence.grundy_table(upto as usize, &budget)
    });
    table.map_err(|error| match error {
        Error::Cancelled(_) if signals.raised() => Failure::Other(format!(
            "stopped by {}: {} had computed about {} of the {} values asked; nothing was \
             written (--out FILE writes as it goes and resumes)",
            signals.name(),
            game.spec(),
            budget.spent().min(upto + 1),
            upto + 1
        )),
        error => error.into(),
    })
}

/// Run `run`, with a progress bar with rate and time left on a terminal (drawn nowhere
/// otherwise); on SIGTERM or SIGINT it saves a checkpoint and stops, saying so in one
/// line.
fn run_with_progress(run: &sequence::Run) -> Result<(), Failure> {
    let signals = Signals::catch()?;
    let bar = ProgressBar::hidden();
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} values, {per_sec:0}, {eta} left",
        )
        .expect("the template parses"),
    );
    let mut report = |event| match event {
        Event::Started { total, done, start } => {
            if start == Start::NothingToResume {
                eprintln!(
                    "nimlab: {} has no checkpoint to resume: the run starts from g(0)",
                    run.path.display()
                );
            }
            bar.set_length(total);
            bar.set_position(done);
            bar.reset_eta();
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        Event::Advanced { done } => bar.set_position(done),
    };
    let outcome = run.execute(&mut report, &|| signals.raised())?;
    bar.finish_and_clear();
    match outcome {
        RunOutcome::Finished => Ok(()),
        RunOutcome::Stopped { values } => Err(Failure::Other(format!(
            "stopped by {}: {} is saved at {values} of {} values; the same command with \
             --resume continues it",
            signals.name(),
            run.path.display(),
            run.encoding.upto + 1
        ))),
    }
}

/// SECONDS of --checkpoint-every: a number from 0 to a day.
fn parse_seconds(text: &str) -> Result<Duration, Failure> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.0..=MAX_CHECKPOINT_SECONDS).contains(&seconds) => {
            Ok(Duration::from_secs_f64(seconds))
        }
        _ => Err(Failure::Input(format!(
            "invalid --checkpoint-every '{text}': expected a number of seconds from 0 to \
             {MAX_CHECKPOINT_SECONDS}"
        ))),
    }
}

/// Refuse a --plot that would overwrite the output, its checkpoint or its state.
fn refuse_same_file(out: &Path, plot: &Path) -> Result<(), Failure> {
    // The file's directory resolved, so that `f` and `./f` are one file even before
    // either exists.
    let resolved = |path: &Path| match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => {
            let parent = if parent.as_os_str().is_empty() {
                Path::new(".")
            } else {
                parent
            };
            parent
                .canonicalize()
                .map_or(path.to_path_buf(), |p| p.join(name))
        }
        _ => path.to_path_buf(),
    };
    let plot_file = resolved(plot);
    let outputs = [
        ("--out", out.to_path_buf()),
        ("--out's checkpoint", sequence::checkpoint_path(out)),
        ("--out's state", sequence::state_path(out, 0)),
        ("--out's state", sequence::state_path(out, 1)),
    ];
    match outputs.iter().find(|(_, path)| resolved(path) == plot_file) {
        Some((what, _)) => Err(Failure::Input(format!(
            "invalid --plot '{}': it is the file of {what}; expected another file",
            plot.display()
        ))),
        None => Ok(()),
    }
}

/// Write the plot of `values` (the caller passes at most [`PLOT_VALUES`]) to `path`,
/// as SVG.
fn draw(
    path: &Path,
    spec: &str,
    values: &[u32],
    periodicity: Option<&Periodicity>,
) -> Result<(), Failure> {
    let svg = sequence_svg(spec, values, periodicity).map_err(Failure::Other)?;
    std::fs::write(path, svg)
        .map_err(|e| Failure::Other(format!("cannot draw {}: {e}", path.display())))
}

/// N of --upto: within [`GRUNDY_TABLE`] when the values are held in memory, within
/// [`GRUNDY_RUN`] when a take-and-break game streams them to a file.
fn parse_upto(text: &str, in_memory: bool) -> Result<u64, Failure> {
    let limit = if in_memory {
        GRUNDY_TABLE.value
    } else {
        GRUNDY_RUN.value - 1
    };
    match parse_bounded(text, "--upto", 0, limit) {
        Ok(upto) => Ok(upto),
        // A number, too large: say why the limit is there.
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
            let why = if in_memory {
                let memory = match text.parse::<u128>() {
                    Ok(upto) => format!("{} MiB", upto.saturating_add(1).saturating_mul(4) >> 20),
                    Err(_) => "more memory than there is".to_string(),
                };
                format!(
                    "the values would be held in memory, {memory}; at most {} values are \
                     printed at once: write them to a file with --out (take-and-break games \
                     stream)",
                    GRUNDY_TABLE.value
                )
            } else {
                format!(
                    "a run computes at most {} values ({})",
                    GRUNDY_RUN.value, GRUNDY_RUN.reason
                )
            };
            Err(Failure::Input(format!(
                "invalid --upto {}: {why}; expected an integer from 0 to {limit}",
                quote(text)
            )))
        }
        Err(error) => Err(error.into()),
    }
}
