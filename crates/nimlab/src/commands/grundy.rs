//! `nimlab grundy GAME --upto N`: the Grundy values of one heap, g(0..N), printed or
//! streamed to a file with checkpoints (`--out`, `--resume`), and drawn (`--plot`).

use super::{game, heap_sequence};
use crate::failure::Failure;
use crate::output::to_stdout;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use indicatif::{ProgressBar, ProgressStyle};
use nimlab_core::limits::GRUNDY_TABLE;
use nimlab_core::num::to_u64;
use nimlab_core::parse::parse_bounded;
use nimlab_core::solve::loopy::Gamma;
use nimlab_core::solve::period::Periodicity;
use nimlab_core::{Budget, Ruleset};
use nimlab_runs::format::{Encoding, Format};
use nimlab_runs::sequence::{self, Event, Outcome, Start};
use signal_hook::consts::{SIGINT, SIGTERM};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  nimlab grundy subtraction:1,3,4 --upto 20
  nimlab grundy take:3 --upto 12 --format csv
  nimlab grundy kayles --upto 1000000 --format bfile --out kayles.txt
  nimlab grundy octal:0.167 --upto 100000 --format binary --out 0.167.bin
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
/// (status 1); a second one ends it at once. The engine's values stay in FILE.table, a scratch file (2 bytes a value on
/// disk) deleted when the run ends, so memory does not grow with N; a periodic game
/// repeats its period once it is certified. A second run on the same FILE is refused.
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
}

/// The formats, by name, each with its description in the help.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    let names = Format::ALL.map(|f| PossibleValue::new(f.name()).help(f.description()));
    PossibleValuesParser::new(names).map(|name| name.parse().expect("a listed format"))
}

/// The longest time between checkpoints: a day.
const MAX_CHECKPOINT_SECONDS: f64 = 86_400.0;

pub fn run(args: Args) -> Result<(), Failure> {
    let game = game(&args.game)?;
    if game.vertex_values(0).is_some() {
        return vertex_table(&args, game.as_ref());
    }
    let sequence = heap_sequence(game.as_ref())?;
    let engine = sequence.engine_rules();
    let in_memory = args.out.is_none() || engine.is_none();
    let upto = parse_upto(&args.upto, in_memory)?;
    if args.format == Format::Binary && args.out.is_none() {
        return Err(Failure::Input(
            "invalid --format 'binary' on standard output: expected --out FILE with it".to_string(),
        ));
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
            };
            run_with_progress(&run)?;
        }
        (Some(path), None) => {
            let values = sequence.grundy_table(upto as usize, &Budget::unlimited())?;
            encoding.write_file(path, &values)?;
        }
        (None, _) => {
            let values = sequence.grundy_table(upto as usize, &Budget::unlimited())?;
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
    if args.plot.is_some() || args.resume || args.format == Format::Binary {
        return Err(Failure::Input(format!(
            "invalid option for {}: the values of a graph's vertices are written as plain, \
             csv, json or bfile text, without --plot, --resume or binary",
            game.spec()
        )));
    }
    let upto = parse_bounded(&args.upto, "--upto", 0, u64::MAX)?;
    let upto = usize::try_from(upto).unwrap_or(usize::MAX);
    let values = game.vertex_values(upto).expect("a graph");
    let write = |out: &mut dyn Write| -> io::Result<()> {
        match args.format {
            Format::Plain => {
                let line: Vec<String> = values.iter().map(|g| g.to_string()).collect();
                writeln!(out, "{}", line.join(" "))
            }
            Format::Csv => {
                writeln!(out, "vertex,value")?;
                for (v, g) in values.iter().enumerate() {
                    writeln!(out, "{v},{g}")?;
                }
                Ok(())
            }
            Format::Bfile => {
                for (v, g) in values.iter().enumerate() {
                    writeln!(out, "{v} {g}")?;
                }
                Ok(())
            }
            Format::Json => {
                let values: Vec<serde_json::Value> = values
                    .iter()
                    .map(|g| match g {
                        Gamma::Finite(g) => serde_json::json!(to_u64(g)),
                        Gamma::Infinite(k) => {
                            let k: Vec<Option<u64>> = k.iter().map(to_u64).collect();
                            serde_json::json!({ "infinite": k })
                        }
                    })
                    .collect();
                let report = serde_json::json!({
                    "game": game.spec(),
                    "upto": values.len() - 1,
                    "values": values,
                });
                writeln!(out, "{report}")
            }
            Format::Binary => unreachable!("refused above"),
        }
    };
    match &args.out {
        Some(path) => {
            let mut file = std::fs::File::create(path)
                .map_err(|e| Failure::Other(format!("cannot write {}: {e}", path.display())))?;
            write(&mut file)
                .map_err(|e| Failure::Other(format!("cannot write {}: {e}", path.display())))
        }
        None => to_stdout(write),
    }
}

/// Run `run`, with a progress bar with rate and time left on a terminal (drawn nowhere
/// otherwise); on SIGTERM or SIGINT it saves a checkpoint and stops, saying so in one
/// line.
fn run_with_progress(run: &sequence::Run) -> Result<(), Failure> {
    let signal = stop_on_signals()?;
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
    let outcome = run.execute(&mut report, &|| signal.load(Ordering::Relaxed) != 0)?;
    bar.finish_and_clear();
    match outcome {
        Outcome::Finished => Ok(()),
        Outcome::Stopped { values } => {
            let name = signal_hook::low_level::signal_name(signal.load(Ordering::Relaxed) as i32);
            Err(Failure::Other(format!(
                "stopped by {}: {} is saved at {values} of {} values; the same command with \
                 --resume continues it",
                name.unwrap_or("a signal"),
                run.path.display(),
                run.encoding.upto + 1
            )))
        }
    }
}

/// From now on, SIGTERM and SIGINT set the returned number to the signal's instead of
/// ending the process, and a second one ends it as the first would have.
pub(super) fn stop_on_signals() -> Result<Arc<AtomicUsize>, Failure> {
    let signal = Arc::new(AtomicUsize::new(0));
    let asked = Arc::new(AtomicBool::new(false));
    let cannot = |e: std::io::Error| Failure::Other(format!("cannot handle signals: {e}"));
    for number in [SIGTERM, SIGINT] {
        // In this order: the default action runs only if an earlier signal set `asked`.
        signal_hook::flag::register_conditional_default(number, Arc::clone(&asked))
            .map_err(cannot)?;
        signal_hook::flag::register(number, Arc::clone(&asked)).map_err(cannot)?;
        signal_hook::flag::register_usize(number, Arc::clone(&signal), number as usize)
            .map_err(cannot)?;
    }
    Ok(signal)
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

/// Refuse a --plot that would overwrite the output, its checkpoint or its table.
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
        ("--out's table", sequence::table_path(out)),
    ];
    match outputs.iter().find(|(_, path)| resolved(path) == plot_file) {
        Some((what, _)) => Err(Failure::Input(format!(
            "invalid --plot '{}': it is the file of {what}; expected another file",
            plot.display()
        ))),
        None => Ok(()),
    }
}

/// The most values drawn by `--plot`.
const PLOT_VALUES: usize = 1 << 20;

/// Draw n against g(n) for `values` (the caller passes at most [`PLOT_VALUES`]), with
/// the certified period marked when there is one, as SVG.
fn draw(
    path: &Path,
    spec: &str,
    values: &[u32],
    periodicity: Option<&Periodicity>,
) -> Result<(), Failure> {
    use plotters::prelude::*;
    let failed =
        |e: &dyn std::fmt::Display| Failure::Other(format!("cannot draw {}: {e}", path.display()));
    let last = values.len().max(2) as u64 - 1;
    let top = values.iter().copied().max().unwrap_or(0).max(1);
    let caption = match periodicity {
        Some(p) => format!(
            "{spec}: g(n) for n ≤ {last}; period {} from n = {}",
            p.period, p.preperiod
        ),
        None => format!("{spec}: g(n) for n ≤ {last}"),
    };
    let root = SVGBackend::new(path, (1000, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0..last, 0..top + 1)
        .map_err(|e| failed(&e))?;
    chart
        .configure_mesh()
        .x_desc("n (heap size)")
        .y_desc("g(n)")
        .draw()
        .map_err(|e| failed(&e))?;
    chart
        .draw_series(
            (0u64..)
                .zip(values)
                .map(|(n, &g)| Circle::new((n, g), 1, BLUE.filled())),
        )
        .map_err(|e| failed(&e))?;
    if let Some(p) = periodicity.filter(|p| (p.preperiod as u64) <= last) {
        let at = p.preperiod as u64;
        chart
            .draw_series(LineSeries::new(
                [(at, 0), (at, top + 1)],
                RED.stroke_width(2),
            ))
            .map_err(|e| failed(&e))?;
    }
    root.present().map_err(|e| failed(&e))
}

/// N of --upto: within [`GRUNDY_TABLE`] when the values are held in memory, within the
/// octal engine's bound when a take-and-break game streams them to a file.
fn parse_upto(text: &str, in_memory: bool) -> Result<u64, Failure> {
    let limit = if in_memory {
        GRUNDY_TABLE.value
    } else {
        nimlab_octal::DEFAULT_MAX_VALUES as u64 - 1
    };
    let upto = parse_bounded(text, "--upto", 0, u64::MAX)?;
    if upto > limit {
        let what = if in_memory {
            format!(
                "g(0..{upto}) would be held in memory, {} MiB; at most {} values are printed \
                 at once: write them to a file with --out (take-and-break games stream)",
                (upto as u128 + 1) * 4 / (1 << 20),
                GRUNDY_TABLE.value
            )
        } else {
            format!(
                "g(0..{upto}) needs a {} MiB table file; the octal engine holds at most {} \
                 values",
                (upto as u128 + 1) * 2 / (1 << 20),
                limit + 1
            )
        };
        return Err(Failure::Input(format!("invalid --upto '{text}': {what}")));
    }
    Ok(upto)
}
