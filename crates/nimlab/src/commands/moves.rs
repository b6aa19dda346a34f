//! `nimlab moves GAME POSITION`: every legal move with its value for the player who
//! makes it.

use super::{PositionArgs, game, more_hint};
use crate::failure::Failure;
use crate::output::{convention_rule, read_position, to_stdout, write_json};
use nimlab_core::limits::POSITION_ECHO;
use nimlab_core::parse::parse_bounded;
use nimlab_core::report::MovesReport;
use nimlab_core::text::plural;
use nimlab_core::{Convention, Nat, Outcome};
use nimlab_play::board;
use std::io::{self, Write};

const EXAMPLES: &str = "\
Examples:
  nimlab moves nim 3 4 5
  nimlab moves kayles \"4 7\" --misere
  nimlab moves wythoff 3,5 --json

Each move is marked win (it leaves the opponent a lost position) or lose, with the
Grundy value of the position it leaves and, for small games, its remoteness: how many
more moves the game then lasts when the winner hurries and the loser delays.";

/// Every legal move of a position, what to type for it, and whether it wins.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    question: PositionArgs,
    /// List at most this many moves (all of them are counted).
    #[arg(long, value_name = "N", default_value = "100")]
    max_moves: String,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let budget = args.question.time_limit.budget()?;
    let game = game(&args.question.game, &budget)?;
    let text = read_position(&args.question.position)?;
    let position = game.parse_position(&text)?;
    let max_moves = parse_bounded(&args.max_moves, "--max-moves", 0, u64::MAX)? as usize;
    let convention = Convention::misere_if(args.question.misere);
    let values = game.move_list(&position, convention, max_moves, &budget)?;
    let with_positions = text.len() <= POSITION_ECHO.get();
    let report = MovesReport::new(game.as_ref(), &position, convention, values, with_positions);
    to_stdout(|out| {
        if args.question.json {
            write_json(out, &report)
        } else {
            write_plain(out, &report)
        }
    })
}

fn write_plain(out: &mut dyn Write, report: &MovesReport) -> io::Result<()> {
    writeln!(
        out,
        "Game: {} ({})",
        report.game,
        convention_rule(report.convention)
    )?;
    match (&report.position, &report.board) {
        (Some(position), Some(board)) => {
            writeln!(out, "Position: {position}")?;
            writeln!(out, "{}", board::draw(board))?;
        }
        _ => writeln!(out, "Position: (too long to repeat here)")?,
    }
    let count = &report.count;
    let moves = plural(count, "move", "moves");
    let order = if report.moves.iter().any(|m| m.after == Outcome::D) {
        "winning moves first, then drawing ones"
    } else {
        "winning moves first"
    };
    writeln!(out, "{count} legal {moves}, {order}:")?;
    // Moves are typed in a column this wide; longer ones (of huge positions) stick out.
    const COLUMN: usize = 12;
    let width = report
        .moves
        .iter()
        .map(|m| m.text.chars().count())
        .max()
        .unwrap_or(0)
        .min(COLUMN);
    for m in &report.moves {
        let result = match m.after {
            Outcome::P => "win ",
            Outcome::N => "lose",
            Outcome::D => "draw",
        };
        let mut values = Vec::new();
        if let Some(grundy) = &m.grundy {
            values.push(match report.convention {
                Convention::Normal => format!("Grundy value {grundy}"),
                Convention::Misere => format!("normal-play Grundy value {grundy}"),
            });
        }
        if let Some(remoteness) = m.remoteness {
            values.push(format!("remoteness {remoteness}"));
        }
        let values = if values.is_empty() {
            String::new()
        } else {
            format!(" ({})", values.join(", "))
        };
        let to = m.to.as_ref().map_or(String::new(), |to| format!(" → {to}"));
        writeln!(
            out,
            "  {result}  {:<width$}  {}{to}{values}",
            m.text, m.description
        )?;
    }
    let unlisted = count - Nat::from(report.moves.len());
    if unlisted > 0u32 {
        let moves = plural(&unlisted, "move", "moves");
        writeln!(
            out,
            "  … and {unlisted} more {moves} ({})",
            more_hint(report.text_limited)
        )?;
    }
    Ok(())
}
