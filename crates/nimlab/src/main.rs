//! `nimlab`: play, analyze and compute impartial combinatorial games.
//!
//! A thin front end over `nimlab-core`: each subcommand module parses its arguments,
//! calls the core and formats the answer. Errors are one line on stderr; malformed
//! input exits with status 2, other failures with 1.

mod commands;
mod failure;
mod output;

use clap::{Parser, Subcommand};
use failure::Failure;
use std::process::ExitCode;

const GAMES_HELP: &str = "\
Games (the GAME argument):
  nim                 take any number of tokens from one heap
  subtraction:S       take exactly s tokens, s in the set S, e.g. subtraction:1,3,4
  take:K              take 1 to K tokens, e.g. take:3 (closed form n mod (K+1))

Positions are heap sizes separated by spaces or commas, e.g. \"3 4 5\"; any size
works (numbers may have thousands of digits). Use - to read the position from
standard input.";

#[derive(Parser)]
#[command(
    name = "nimlab",
    version,
    about = "Play, analyze and compute impartial combinatorial games: Nim and its family.",
    after_help = GAMES_HELP,
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Analyze(commands::analyze::Args),
    Grundy(commands::grundy::Args),
    Period(commands::period::Args),
}

fn main() -> ExitCode {
    failure::install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return failure::report_usage_error(error),
    };
    let result = match cli.command {
        Command::Analyze(args) => commands::analyze::run(args),
        Command::Grundy(args) => commands::grundy::run(args),
        Command::Period(args) => commands::period::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
