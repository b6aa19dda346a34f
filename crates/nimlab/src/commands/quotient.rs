//! `nimlab quotient GAME`: the misère quotient of a heap game, as the papers present
//! one, or how far its computation got.

use super::game;
use crate::failure::Failure;
use crate::output::{to_stdout, write_json};
use nimlab_core::parse::parse_bounded;
use nimlab_core::report::QuotientReport;
use nimlab_core::solve::quotient::bounds;

const EXAMPLES: &str = "\
Examples:
  nimlab quotient kayles
  nimlab quotient octal:0.75 --json
  nimlab quotient subtraction:1,2
  nimlab quotient octal:0.53 --max-heap 100";

/// The misère quotient of a heap game: order, presentation, P-portion, pretending function.
///
/// For take-and-break games (octal:, hex:, kayles, grundy-game, …) and subtraction
/// games: the order, a presentation (generators and relations), the P-portion, the
/// pretending function with its period, and whether the game is tame.
///
/// Positions are classed by how they play in misère sums; the classes multiply like
/// the heaps' classes, and a position is lost for the player to move exactly when its
/// class is in the P-portion (Plambeck and Siegel, 2008). When no quotient is
/// certified within the bound the command says how far it got, with exit status 1.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game, e.g. kayles or octal:0.75.
    game: String,
    /// Solve heaps up to N (default 1000).
    #[arg(long, value_name = "N")]
    max_heap: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

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
    let computed;
    let result = match &args.max_heap {
        None => lazy.get(),
        Some(max) => {
            let max_heap = parse_bounded(max, "--max-heap", 1, 20_000)? as usize;
            computed = lazy.compute(&nimlab_misere::Bounds {
                max_heap,
                ..bounds()
            });
            computed.as_ref()
        }
    };
    let report = QuotientReport::new(game.spec(), result);
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
    match &report.shortfall {
        Some(why) => Err(Failure::Other(why.clone())),
        None => Ok(()),
    }
}
