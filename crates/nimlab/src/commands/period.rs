//! `nimlab period GAME`: the certified preperiod and period of a heap game.

use super::game;
use crate::failure::Failure;
use crate::output::to_stdout;
use nimlab_core::solve::period::Theorem;
use serde_json::json;

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
    let sequence = game.heap_sequence().ok_or_else(|| {
        Failure::Input(format!(
            "{} is not played on heaps, so it has no nim-sequence",
            game.spec()
        ))
    })?;
    let periodicity = sequence.periodicity()?;
    let theorem = match periodicity.theorem {
        Theorem::FiniteMemory { .. } => "finite-memory",
        Theorem::Octal { .. } => "guy-smith-octal",
        Theorem::ClosedForm { .. } => "closed-form",
    };
    to_stdout(|out| {
        if args.json {
            let object = json!({
                "game": game.spec(),
                "preperiod": periodicity.preperiod,
                "period": periodicity.period,
                "values_checked": periodicity.values_checked,
                "theorem": theorem,
                "certificate": periodicity.certificate(),
            });
            serde_json::to_writer(&mut *out, &object)?;
            writeln!(out)
        } else {
            writeln!(out, "Game: {}", game.spec())?;
            writeln!(out, "Preperiod: {}", periodicity.preperiod)?;
            writeln!(out, "Period: {}", periodicity.period)?;
            writeln!(out, "Certificate: {}.", periodicity.certificate())
        }
    })
}
