//! `nimlab analyze GAME POSITION`: who wins, the Grundy value, every winning move.

use super::{PositionArgs, game, more_hint};
use crate::failure::Failure;
use crate::output::{convention_rule, read_position, to_stdout, write_json};
use nimlab_core::limits::POSITION_ECHO;
use nimlab_core::parse::parse_bounded;
use nimlab_core::report::AnalysisReport;
use nimlab_core::text::{list_with_and, plural};
use nimlab_core::{Convention, Nat, Outcome};
use std::io::{self, Write};

const EXAMPLES: &str = "\
Examples:
  nimlab analyze nim 3 4 5
  nimlab analyze nim \"3 4 5\" --misere
  nimlab analyze subtraction:1,3,4 \"10 1000000000000000000000\" --json
  seq 1 1000000 | nimlab analyze nim -";

/// Positions longer than this (as typed) are not echoed in plain output.
const ECHO_LIMIT: usize = 200;

/// Who wins a position, its Grundy value, and every winning move with a reason.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    question: PositionArgs,
    /// List at most this many winning moves (all of them are counted).
    #[arg(long, value_name = "N", default_value = "100")]
    max_moves: String,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let budget = args.question.time_limit.budget()?;
    let game = game(&args.question.game, &budget)?;
    let text = read_position(&args.question.position)?;
    let max_moves = parse_bounded(&args.max_moves, "--max-moves", 0, u64::MAX)? as usize;
    let position = game.parse_position(&text)?;
    let analysis = game.analyze(
        &position,
        Convention::misere_if(args.question.misere),
        max_moves,
        &budget,
    )?;
    let echo = if args.question.json {
        POSITION_ECHO.get()
    } else {
        ECHO_LIMIT
    };
    let with_positions = text.len() <= echo;
    let report = AnalysisReport::new(game.as_ref(), &position, analysis, with_positions);
    to_stdout(|out| {
        if args.question.json {
            write_json(out, &report)
        } else {
            write_plain(out, &report)
        }
    })
}

fn write_plain(out: &mut dyn Write, report: &AnalysisReport) -> io::Result<()> {
    writeln!(
        out,
        "Game: {} ({})",
        report.game,
        convention_rule(report.convention)
    )?;
    match &report.position {
        Some(position) => writeln!(out, "Position: {position}")?,
        None => writeln!(out, "Position: (too long to repeat here)")?,
    }
    if let Some(grundy) = &report.grundy {
        let label = match report.convention {
            Convention::Normal => "Grundy value",
            Convention::Misere => "Grundy value (normal play)",
        };
        writeln!(out, "{label}: {grundy}")?;
    }
    if let Some(reachable) = &report.infinite {
        let k: Vec<String> = reachable.iter().map(|v| v.to_string()).collect();
        let reached = match k.len() {
            0 => "no finite value".to_string(),
            1 => format!("the finite value {}", k[0]),
            _ => format!("the finite values {}", list_with_and(&k)),
        };
        writeln!(
            out,
            "Value: inf{{{}}} (infinite: play may go on forever; one move reaches {reached})",
            k.join(","),
        )?;
    }
    writeln!(out, "Why: {}", report.explanation)?;
    let count = &report.winning_move_count;
    match report.outcome {
        Outcome::P | Outcome::D => writeln!(out, "{}", report.outcome.verdict())?,
        Outcome::N if *count == 0u32 => writeln!(
            out,
            "The player to move has won: the game is over and the opponent made the losing last move."
        )?,
        Outcome::N => {
            let moves = plural(count, "move", "moves");
            writeln!(
                out,
                "{}, with {count} winning {moves}:",
                Outcome::N.verdict()
            )?;
        }
    }
    for m in &report.winning_moves {
        match &m.to {
            Some(to) => writeln!(out, "  → {to}: {}; {}", m.action, m.reason)?,
            None => writeln!(out, "  {}; {}", m.action, m.reason)?,
        }
    }
    let unlisted = count - Nat::from(report.winning_moves.len());
    if unlisted > 0u32 {
        let moves = plural(&unlisted, "move", "moves");
        writeln!(
            out,
            "  … and {unlisted} more winning {moves} ({})",
            more_hint(report.text_limited)
        )?;
    }
    Ok(())
}
