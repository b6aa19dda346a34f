//! `nimlab grundy GAME --upto N`: the Grundy values of one heap, g(0..N), printed or
//! streamed to a file with checkpoints (`--out`, `--resume`), and drawn (`--plot`).

use super::sequence_file::{self, Encoding, Format};
use super::{game, heap_sequence};
use crate::failure::Failure;
use crate::output::to_stdout;
use nimlab_core::Budget;
use nimlab_core::limits::GRUNDY_TABLE;
use nimlab_core::parse::parse_bounded;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  nimlab grundy subtraction:1,3,4 --upto 20
  nimlab grundy take:3 --upto 12 --format csv
  nimlab grundy kayles --upto 1000000 --format bfile --out kayles.txt
  nimlab grundy octal:0.167 --upto 100000 --format binary --out 0.167.bin
  nimlab grundy grundy-game --upto 5000 --plot grundy-game.svg";

/// Print the Grundy values g(0), …, g(N) of a single heap.
///
/// With --out the values stream to a file. For take-and-break games (octal:, hex:,
/// kayles, grundy-game, …) a long run shows its progress on a terminal and saves a
/// checkpoint beside the file (FILE.checkpoint) every minute; if it is stopped, even
/// killed, --resume continues from the last checkpoint and the file comes out byte for
/// byte as an uninterrupted run writes it. The engine's values stay in FILE.table, a
/// scratch file (2 bytes a value on disk) deleted when the run ends, so memory does not
/// grow with N; a periodic game repeats its period once it is certified.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game, e.g. subtraction:1,3,4 (a game played on heaps).
    game: String,
    /// The largest heap size.
    #[arg(long, value_name = "N")]
    upto: String,
    /// plain: one line of values; csv: "n,grundy" rows; json: one object; bfile: "n
    /// g(n)" lines, as an OEIS b-file; binary: a header, the values as 16-bit or
    /// 32-bit little-endian numbers, and a CRC-32 (see the README).
    #[arg(long, value_enum, default_value_t = Format::Plain)]
    format: Format,
    /// Write the values to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Continue the run that was writing --out FILE from its checkpoint.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Also draw n against g(n) as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Seconds between checkpoints of a long run (default 60).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, hide = true)]
    checkpoint_every: f64,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let game = game(&args.game)?;
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
    match (&args.out, engine) {
        (Some(path), Some(rules)) => {
            let run = sequence_file::Run {
                path: path.clone(),
                encoding,
                rules,
                resume: args.resume,
                checkpoint_every: std::time::Duration::from_secs_f64(
                    args.checkpoint_every.max(0.0),
                ),
            };
            run.execute()?;
        }
        (Some(path), None) => {
            let values = sequence.grundy_table(upto as usize, &Budget::unlimited())?;
            sequence_file::write_all(path, &encoding, &values)?;
        }
        (None, _) => {
            let values = sequence.grundy_table(upto as usize, &Budget::unlimited())?;
            to_stdout(|out| encoding.write_all(out, &values))?;
        }
    }
    if let Some(plot) = &args.plot {
        let drawn = upto.min(sequence_file::PLOT_VALUES as u64 - 1) as usize;
        let values = sequence.grundy_table(drawn, &Budget::unlimited())?;
        // The period, when the game has one within the search: its start is marked.
        let periodicity = sequence.periodicity(&Budget::unlimited()).ok();
        sequence_file::plot(plot, &game.spec(), &values, periodicity.as_ref())?;
    }
    Ok(())
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
