//! `nimlab grundy GAME --upto N`: the Grundy values of one heap, g(0..N).

use super::{game, heap_sequence};
use crate::failure::Failure;
use crate::output::{to_stdout, write_json};
use nimlab_core::Budget;
use nimlab_core::limits::GRUNDY_TABLE;
use nimlab_core::num::parse_bounded;
use nimlab_core::report::SequenceReport;

const EXAMPLES: &str = "\
Examples:
  nimlab grundy subtraction:1,3,4 --upto 20
  nimlab grundy take:3 --upto 12 --format csv";

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
    let upto = parse_bounded(&args.upto, "--upto", 0, GRUNDY_TABLE.value)? as usize;
    let values = heap_sequence(game.as_ref())?.grundy_table(upto, &Budget::unlimited())?;
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
            let report = SequenceReport {
                game: game.spec(),
                upto,
                values: &values,
            };
            write_json(out, &report)
        }
    })
}
