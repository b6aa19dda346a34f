//! `nimlab review FILE`: replay a recorded game and point out the person's mistakes.

use super::{game, question_budget};
use crate::failure::Failure;
use crate::output::to_stdout;
use crate::record::{Record, player_name};
use nimlab_core::error::quote;
use nimlab_core::report::review::review;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  nimlab play --record game.json
  nimlab review game.json";

/// Replay a game recorded with 'nimlab play --record FILE' and mark each of your
/// moves that turned a won position into a lost one, with a move that kept the win.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The record to replay.
    file: PathBuf,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let record = Record::load(&args.file)?;
    let game = game(&record.game, &question_budget())?;
    let convention = record.convention()?;
    let start = game.parse_position(&record.start)?;
    let moves = record.played_moves(game.as_ref())?;
    // Every recorded move must be a legal move from the position before it, as the
    // game's rules decide (for positions of any size).
    let mut before = &start;
    for (index, played) in moves.iter().enumerate() {
        if game.move_to(before, &played.position).is_none() {
            return Err(Failure::Input(format!(
                "move {} of the record ({}, to {}) is not a legal move from {}",
                index + 1,
                quote(&played.action),
                quote(&game.format_position(&played.position)),
                quote(&game.format_position(before))
            )));
        }
        before = &played.position;
    }
    let blunders = review(game.as_ref(), convention, &start, &moves)?;
    to_stdout(|out| {
        writeln!(
            out,
            "Review of {} ({} play) from {}: {} moves, winner: {}.",
            game.spec(),
            record.convention,
            game.format_position(&start),
            moves.len(),
            record.winner.as_deref().unwrap_or("none (unfinished)")
        )?;
        for (index, played) in moves.iter().enumerate() {
            let who = match player_name(played.by) {
                "you" => "You",
                _ => "Computer",
            };
            writeln!(
                out,
                "{:>3}. {who}: {}; position {}",
                index + 1,
                played.action,
                game.format_position(&played.position)
            )?;
            if let Some(blunder) = blunders.iter().find(|b| b.index == index) {
                let before = index.checked_sub(1).map_or(&start, |i| &moves[i].position);
                writeln!(
                    out,
                    "     Mistake: this turned a won position into a lost one. The winning \
                     move was to {}: it {}.",
                    game.describe_move(before, &blunder.better),
                    blunder.reason
                )?;
            }
        }
        match blunders.len() {
            0 => writeln!(out, "No mistakes: you never threw away a won position."),
            1 => writeln!(out, "1 mistake."),
            n => writeln!(out, "{n} mistakes."),
        }
    })
}
