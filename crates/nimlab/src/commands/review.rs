//! `nimlab review FILE`: replay a recorded game and point out the person's mistakes.

use super::{game, question_budget};
use crate::failure::Failure;
use crate::output::to_stdout;
use crate::record;
use nimlab_core::Budget;
use nimlab_core::registry::Spec;
use nimlab_core::report::record::Replay;
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
    let record = record::load(&args.file)?;
    let game = match &record.graph {
        // A game of the web page's carries its graph: the spec's file is not read.
        Some(graph) => record
            .game
            .parse::<Spec>()?
            .build(&|_| Ok(graph.clone()), &question_budget())?,
        None => game(&record.game, &question_budget())?,
    };
    let Replay {
        convention,
        start,
        moves,
    } = record.replay(game.as_ref())?;
    let blunders = review(
        game.as_ref(),
        convention,
        &start,
        &moves,
        &Budget::unlimited(),
    )?;
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
        for (index, (played, recorded)) in moves.iter().zip(&record.moves).enumerate() {
            // "You", "Computer", "Player 1": the recorded name, capitalized.
            let who = recorded.by[..1].to_uppercase() + &recorded.by[1..];
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
