//! `nimlab review FILE`: replay a recorded game and point out the person's mistakes.

use super::game;
use crate::failure::Failure;
use crate::output::to_stdout;
use crate::record::{Record, player_name};
use nimlab_core::games::MAX_SEARCHED_MOVES;
use nimlab_core::play::review;
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
    let game = game(&record.game)?;
    let convention = record.convention()?;
    let start = game.normalize(&record.start)?;
    let moves = record.played_moves()?;
    // Every recorded move must be a legal move from the position before it.
    let mut before = start.clone();
    for (index, played) in moves.iter().enumerate() {
        let after = game.normalize(&played.position)?;
        // Checked where every move can be listed; huge positions are taken on trust.
        let legal = game.legal_moves(&before, MAX_SEARCHED_MOVES)?;
        if legal.complete && !legal.moves.iter().any(|m| m.to == after) {
            return Err(Failure::Input(format!(
                "move {} of the record ('{}') is not a legal move from {before}",
                index + 1,
                played.action
            )));
        }
        before = after;
    }
    let blunders = review(game.as_ref(), convention, &start, &moves)?;
    to_stdout(|out| {
        writeln!(
            out,
            "Review of {} ({} play) from {}: {} moves, winner: {}.",
            game.spec(),
            record.convention,
            start,
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
                "{:>3}. {who}: {} → {}",
                index + 1,
                played.action,
                played.position
            )?;
            if let Some(blunder) = blunders.iter().find(|b| b.index == index) {
                writeln!(
                    out,
                    "     Mistake: this turned a won position into a lost one. \
                     Instead, {} would have kept the win: it {}.",
                    blunder.better.action, blunder.reason
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
