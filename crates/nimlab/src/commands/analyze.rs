//! `nimlab analyze GAME POSITION`: who wins, the Grundy value, every winning move.

use super::game;
use crate::failure::Failure;
use crate::output::{convention_name, json_number, read_position, to_stdout};
use nimlab_core::games::TextAnalysis;
use nimlab_core::num::parse_bounded;
use nimlab_core::{Convention, Nat, Outcome, Request};
use serde_json::json;
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
    /// The game, e.g. nim, take:3, subtraction:1,3,4 (see 'nimlab --help').
    game: String,
    /// The position, e.g. "3 4 5" or 3 4 5; - reads it from standard input.
    #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
    position: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// List at most this many winning moves (all of them are counted).
    #[arg(long, value_name = "N", default_value = "100")]
    max_moves: String,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let game = game(&args.game)?;
    let position = read_position(&args.position)?;
    let max_moves = parse_bounded(&args.max_moves, "--max-moves", 0, u64::MAX)? as usize;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let request = Request {
        convention,
        max_moves,
        with_positions: args.json || position.len() <= ECHO_LIMIT,
    };
    let result = game.analyze(&position, request)?;
    to_stdout(|out| {
        if args.json {
            write_json(out, &game.spec(), &result)
        } else {
            write_plain(out, &game.spec(), &result)
        }
    })
}

fn write_json(out: &mut dyn Write, spec: &str, result: &TextAnalysis) -> io::Result<()> {
    let analysis = &result.analysis;
    let moves: Vec<_> = analysis
        .winning_moves
        .iter()
        .map(|m| {
            json!({
                "to": m.play.as_ref().map(|p| &p.to),
                "move": m.action,
                "type": m.play.as_ref().map(|p| &p.text),
                "reason": m.reason,
            })
        })
        .collect();
    let object = json!({
        "game": spec,
        "position": result.position,
        "convention": convention_name(analysis.convention),
        "outcome": analysis.outcome.letter(),
        "grundy": analysis.grundy.as_ref().map(json_number),
        "explanation": analysis.explanation,
        "winning_move_count": json_number(&analysis.winning_move_count),
        "winning_moves": moves,
    });
    serde_json::to_writer(&mut *out, &object)?;
    writeln!(out)
}

fn write_plain(out: &mut dyn Write, spec: &str, result: &TextAnalysis) -> io::Result<()> {
    let analysis = &result.analysis;
    let rule = match analysis.convention {
        Convention::Normal => "normal play: whoever makes the last move wins",
        Convention::Misere => "misère play: whoever makes the last move loses",
    };
    writeln!(out, "Game: {spec} ({rule})")?;
    match &result.position {
        Some(position) => writeln!(out, "Position: {position}")?,
        None => writeln!(out, "Position: (too long to repeat here)")?,
    }
    if let Some(grundy) = &analysis.grundy {
        let label = match analysis.convention {
            Convention::Normal => "Grundy value",
            Convention::Misere => "Grundy value (normal play)",
        };
        writeln!(out, "{label}: {grundy}")?;
    }
    writeln!(out, "Why: {}", analysis.explanation)?;
    let count = &analysis.winning_move_count;
    match analysis.outcome {
        Outcome::P => writeln!(
            out,
            "The player to move loses against perfect play: every move leaves a position the opponent wins."
        )?,
        Outcome::N if *count == 0u32 => writeln!(
            out,
            "The player to move has won: the game is over and the opponent made the losing last move."
        )?,
        Outcome::N => {
            let moves = if *count == 1u32 { "move" } else { "moves" };
            writeln!(
                out,
                "The player to move wins, with {count} winning {moves}:"
            )?;
        }
    }
    for m in &analysis.winning_moves {
        match &m.play {
            Some(play) => writeln!(out, "  → {}: {}; {}", play.to, m.action, m.reason)?,
            None => writeln!(out, "  {}; {}", m.action, m.reason)?,
        }
    }
    let unlisted = count - Nat::from(analysis.winning_moves.len());
    if unlisted > 0u32 {
        let moves = if unlisted == 1u32 { "move" } else { "moves" };
        writeln!(
            out,
            "  … and {unlisted} more winning {moves} (--max-moves lists more)"
        )?;
    }
    Ok(())
}
