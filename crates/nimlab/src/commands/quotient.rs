//! `nimlab quotient GAME`: the misère quotient of a heap game, as the papers present
//! one, or how far its computation got; long runs watched, stopped and resumed.

use super::game;
use super::long::Signals;
use crate::failure::Failure;
use crate::output::{to_stdout, write_json};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nimlab_core::limits::{
    MISERE_QUOTIENT_HEAPS, MISERE_QUOTIENT_MAX_HEAP, MISERE_QUOTIENT_MAX_MEMORY,
    MISERE_QUOTIENT_MEMORY, QUESTION_TIME,
};
use nimlab_core::report::QuotientReport;
use nimlab_misere::{
    Bounds, Computation, MisereHeapRules, Need, QuotientError, ResumeError, Shortfall,
};
use nimlab_runs::quotient_file::QuotientFile;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const EXAMPLES: &str = "\
Examples:
  nimlab quotient kayles
  nimlab quotient octal:0.75 --json
  nimlab quotient subtraction:1,2
  nimlab quotient kayles --max-heap 200 --out kayles.quotient
  nimlab quotient kayles --max-heap 300 --out kayles.quotient --resume";

/// The misère quotient of a heap game: order, presentation, P-portion, pretending function.
///
/// For take-and-break games (octal:, hex:, kayles, grundy-game, …) and subtraction
/// games: the order, a presentation (generators and relations), the P-portion, the
/// pretending function with its period, and whether the game is tame.
///
/// Positions are classed by how they play in misère sums; the classes multiply like
/// the heaps' classes, and a position is lost for the player to move exactly when its
/// class is in the P-portion (Plambeck and Siegel, 2008). The quotient is computed heap
/// by heap until the periodicity theorem certifies it for heaps of every size.
///
/// Without --max-heap the command answers within its time limit, for heaps up to 1000.
/// With --max-heap N it goes on to heap N with no time limit (unless --time-limit is
/// given), showing its progress on a terminal; Ctrl-C stops it, saying how far it got.
/// The candidates and the quotient grow as far as --memory allows. When no quotient is
/// certified within these bounds the command says how far it got, with exit status 1.
///
/// With --out FILE the quotient of the heaps solved so far is saved to FILE as the run
/// goes (after each heap that took time, and at least every second), and --resume goes
/// on from it after a stop, even a kill; FILE.lock beside it marks the run, and a
/// second run on the same FILE is refused.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game, e.g. kayles or octal:0.75.
    game: String,
    /// Solve heaps up to N (at most 1,000,000), with no time limit unless --time-limit
    /// is given (default: heaps up to 1000 within the time limit).
    #[arg(long, value_name = "N")]
    max_heap: Option<String>,
    /// The memory the computation may hold, in MiB: a quotient is a table of 2·order²
    /// bytes where that leaves room (200 MB at order 10,000), else its generators'
    /// actions (a few MB); its verification takes order²/8 bytes, and candidates before
    /// reduction about 50 bytes an element [default: 512].
    #[arg(long, value_name = "MIB")]
    memory: Option<String>,
    /// Stop after SECONDS of computing, with a one-line error (0: no limit) [default:
    /// 1.5 without --max-heap, none with it].
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<String>,
    /// Save the quotient of the heaps solved so far to FILE as the run goes.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Go on from the quotient saved in --out FILE (with no such file, start).
    #[arg(long, requires = "out")]
    resume: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The least time between two saves of --out while heaps come quickly.
const SAVE_EVERY: Duration = Duration::from_secs(1);

pub fn run(args: Args) -> Result<(), Failure> {
    let game = game(&args.game, &nimlab_core::Budget::question(None))?;
    let lazy = game
        .heap_game()
        .and_then(|heaps| heaps.misere_quotient())
        .ok_or_else(|| {
            Failure::Input(format!(
                "invalid game '{}' for quotient: expected a take-and-break game (octal:, hex:, \
                 kayles, grundy-game, …) or a subtraction game",
                args.game
            ))
        })?;
    let max_heap = match &args.max_heap {
        Some(text) => MISERE_QUOTIENT_MAX_HEAP.read(text, "--max-heap", 1)? as usize,
        None => MISERE_QUOTIENT_HEAPS.get(),
    };
    let memory = match &args.memory {
        Some(text) => MISERE_QUOTIENT_MAX_MEMORY.read(text, "--memory", 1)?,
        None => MISERE_QUOTIENT_MEMORY.value,
    };
    let time_limit = match (&args.time_limit, &args.max_heap) {
        (Some(text), _) => super::parse_time_limit(text)?,
        (None, None) => Some(Duration::from_millis(QUESTION_TIME.value)),
        (None, Some(_)) => None,
    };
    let bounds = Bounds::memory_only(max_heap, (memory as usize).saturating_mul(1 << 20));
    let heap_game: &dyn MisereHeapRules = lazy.game();
    let signals = Signals::catch()?;
    let deadline = time_limit.map(|limit| Instant::now() + limit);
    let stop = || signals.raised() || deadline.is_some_and(|d| Instant::now() >= d);
    let (file, saved) = match &args.out {
        Some(path) => {
            let (file, saved) = QuotientFile::open(path, args.resume)?;
            if args.resume && saved.is_none() {
                eprintln!(
                    "nimlab: {} holds no quotient to go on from: the run starts from heap 1",
                    path.display()
                );
            }
            (Some(file), saved)
        }
        None => (None, None),
    };
    let mut computation = match saved {
        Some(state) => {
            Computation::resume(heap_game, bounds, state, &stop).map_err(|e| match e {
                ResumeError::Invalid(why) => Failure::Input(format!(
                    "invalid --out '{}': {why}; expected the quotient file of a run of {}",
                    args.out
                        .as_ref()
                        .expect("a saved state comes from --out")
                        .display(),
                    game.spec()
                )),
                ResumeError::Shortfall(_) => Failure::Other(format!(
                    "{}: cannot go on from {}: {e}",
                    game.spec(),
                    args.out.as_ref().expect("--out").display()
                )),
            })?
        }
        None => Computation::new(heap_game, bounds).map_err(|e| Failure::Other(e.to_string()))?,
    };
    let save = |c: &Computation| -> Result<(), Failure> {
        match &file {
            Some(file) => Ok(file.save(&c.state())?),
            None => Ok(()),
        }
    };
    save(&computation)?;
    let bar = progress_bar(max_heap, &computation);
    let mut last_save = Instant::now();
    let mut saved_heap = computation.last_heap();
    let shortfall = computation.run(&stop, |c| {
        bar.set_position(c.last_heap() as u64);
        bar.set_message(format!("quotient of order {}", c.order()));
        // A heap that took a second is saved at once; quicker ones once a second.
        if file.is_some() && last_save.elapsed() >= SAVE_EVERY {
            save(c)?;
            saved_heap = c.last_heap();
            last_save = Instant::now();
        }
        Ok::<(), Failure>(())
    })?;
    bar.finish_and_clear();
    if computation.last_heap() != saved_heap {
        save(&computation)?;
    }
    let result = computation.finish(true, shortfall);
    let report = QuotientReport::new(game.spec(), result.as_ref());
    to_stdout(|out| {
        if args.json {
            return write_json(out, &report);
        }
        writeln!(out, "Game: {}", report.game)?;
        if !report.certified {
            writeln!(
                out,
                "No certified quotient: heaps up to {} were solved, where the quotient has \
                 order {} (the largest candidate had {} elements).",
                report.last_heap, report.order, report.largest_candidate
            )?;
            return Ok(());
        }
        writeln!(out, "Order: {}", report.order)?;
        match report.tame {
            Some(m) => writeln!(
                out,
                "Tame: the quotient of misère Nim T_{m}, so misère play follows the misère-Nim rule"
            )?,
            None => writeln!(out, "Wild: not the quotient of misère Nim")?,
        }
        writeln!(out, "Presentation: {}", report.presentation)?;
        writeln!(out, "P-portion: {{{}}}", report.p_portion.join(", "))?;
        let (pre, period) = (report.preperiod.unwrap_or(0), report.period.unwrap_or(0));
        writeln!(
            out,
            "Pretending function: Φ(n + {period}) = Φ(n) for n ≥ {pre}, certified by heaps up \
             to {}",
            report.last_heap
        )?;
        let shown: Vec<String> = report
            .pretending
            .iter()
            .enumerate()
            .map(|(n, word)| format!("{n}:{word}"))
            .collect();
        writeln!(out, "  {}", shown.join(" "))
    })?;
    match result {
        Ok(_) => Ok(()),
        Err(error) => {
            let kept = match &args.out {
                Some(path) => format!("; {} holds it, and --resume goes on", path.display()),
                None => String::new(),
            };
            let named = args.max_heap.is_some();
            Err(Failure::Other(
                explain(&error, &signals, time_limit, named) + &kept,
            ))
        }
    }
}

/// A shortfall in one line, with what to do about it in the words of the command line.
fn explain(
    error: &QuotientError,
    signals: &Signals,
    time: Option<Duration>,
    named: bool,
) -> String {
    let (reason, progress) = (error.reason(), error.progress());
    match &error.shortfall {
        Shortfall::Stopped { .. } if signals.raised() => {
            format!("{reason} by {} ({progress})", signals.name())
        }
        Shortfall::Stopped { .. } => format!(
            "{reason} by the time limit of {} s ({progress}); --time-limit SECONDS allows more \
             (0: no limit){}",
            time.map_or(0.0, |t| t.as_secs_f64()),
            if named {
                ""
            } else {
                ", and --max-heap N runs to heap N with no time limit"
            }
        ),
        Shortfall::TooLarge {
            need: Need::Memory { .. },
            ..
        } => format!("{error}; --memory MIB allows more"),
        Shortfall::NoPeriod { .. } if !named => format!("{error}; --max-heap N goes further"),
        _ => error.to_string(),
    }
}

/// A bar of the heaps solved, drawn on a terminal only, with the quotient's order and
/// the time so far.
fn progress_bar(max_heap: usize, computation: &Computation) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(max_heap as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} heap {pos}/{len}: {msg}, {elapsed}")
            .expect("the template parses"),
    );
    bar.set_position(computation.last_heap() as u64);
    bar.set_message(format!("quotient of order {}", computation.order()));
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}
