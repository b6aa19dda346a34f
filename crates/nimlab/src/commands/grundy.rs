//! `nimlab grundy GAME --upto N`: the Grundy values of one heap, g(0..N).

use super::game;
use crate::failure::Failure;
use crate::output::to_stdout;
use nimlab_core::num::parse_bounded;
use serde_json::json;

const EXAMPLES: &str = "\
Examples:
  nimlab grundy subtraction:1,3,4 --upto 20
  nimlab grundy take:3 --upto 12 --format csv";

/// Largest N for --upto (the table is held in memory).
const MAX_UPTO: u64 = 100_000_000;

/// Print the Grundy values g(0), …, g(N) of a single heap.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game, e.g. subtraction:1,3,4 (a game played on heaps).
    game: String,
    /// The largest heap size.
    #[arg(long, value_name = "N")]
    upto: String,
    /// plain: one line of values; csv: "n,grundy" rows; json: one object.
    #[arg(long, value_enum, default_value_t = Format::Plain)]
    format: Format,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Plain,
    Csv,
    Json,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let game = game(&args.game)?;
    let upto = parse_bounded(&args.upto, "--upto", 0, MAX_UPTO)? as usize;
    let sequence = game.heap_sequence().ok_or_else(|| {
        Failure::Input(format!(
            "{} is not played on heaps, so it has no nim-sequence",
            game.spec()
        ))
    })?;
    let values = sequence.grundy_table(upto)?;
    to_stdout(|out| match args.format {
        Format::Plain => {
            let mut buffer = itoa::Buffer::new();
            for (n, value) in values.iter().enumerate() {
                if n > 0 {
                    out.write_all(b" ")?;
                }
                out.write_all(buffer.format(*value).as_bytes())?;
            }
            writeln!(out)
        }
        Format::Csv => {
            writeln!(out, "n,grundy")?;
            for (n, value) in values.iter().enumerate() {
                writeln!(out, "{n},{value}")?;
            }
            Ok(())
        }
        Format::Json => {
            let object = json!({ "game": game.spec(), "upto": upto, "values": values });
            serde_json::to_writer(&mut *out, &object)?;
            writeln!(out)
        }
    })
}
