//! `nimlab period GAME`: the certified preperiod and period of a heap game.

use super::{game, heap_sequence};
use crate::failure::Failure;
use crate::output::{to_stdout, write_json};
use nimlab_core::Budget;
use nimlab_core::report::PeriodReport;

const EXAMPLES: &str = "\
Examples:
  nimlab period subtraction:19,41,60
  nimlab period take:3 --json";

/// The preperiod and period of a heap game's nim-sequence, with the certificate that
/// proves them.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game, e.g. subtraction:19,41,60.
    game: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let game = game(&args.game)?;
    let periodicity = heap_sequence(game.as_ref())?.periodicity(&Budget::unlimited())?;
    let report = PeriodReport::new(game.spec(), &periodicity);
    to_stdout(|out| {
        if args.json {
            write_json(out, &report)
        } else {
            writeln!(out, "Game: {}", report.game)?;
            writeln!(out, "Preperiod: {}", report.preperiod)?;
            writeln!(out, "Period: {}", report.period)?;
            writeln!(out, "Certificate: {}.", report.certificate)
        }
    })
}
