//! `nimlab period GAME`: the certified preperiod and period of a heap game.

use super::{TimeLimit, game, heap_sequence};
use crate::failure::Failure;
use crate::output::{to_stdout, write_json};
use nimlab_core::error::InputError;
use nimlab_core::limits::GRUNDY_TABLE;
use nimlab_core::parse::parse_bounded;
use nimlab_core::report::PeriodReport;

const EXAMPLES: &str = "\
Examples:
  nimlab period subtraction:19,41,60
  nimlab period take:3 --json
  nimlab period kayles
  nimlab period octal:0.16
  nimlab period octal:0.16 --max 600000";

/// The preperiod and period of a heap game's nim-sequence, with the certificate that
/// proves them.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game, e.g. subtraction:19,41,60.
    game: String,
    /// For take-and-break games (octal:, hex:, kayles, …): search at most N values
    /// instead of 2^20. A game with no period within N ends with status 1, saying how
    /// far it got.
    #[arg(long, value_name = "N")]
    max: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    time_limit: TimeLimit,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let budget = args.time_limit.budget()?;
    let game = game(&args.game, &budget)?;
    let sequence = heap_sequence(game.as_ref())?;
    let periodicity = match &args.max {
        None => sequence.periodicity(&budget)?,
        Some(max) => {
            let max = parse_bounded(max, "--max", 1, GRUNDY_TABLE.value)? as usize;
            sequence.periodicity_within(max, &budget).ok_or_else(|| {
                InputError::invalid(
                    "game for --max",
                    &args.game,
                    "a take-and-break game (octal:, hex:, kayles, grundy-game, …): other \
                     games' periods are not searched in a growing table",
                )
            })??
        }
    };
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
