//! `nimlab`: play, analyze and compute impartial combinatorial games.
//!
//! A thin front end over `nimlab-core`: each subcommand module parses its arguments,
//! calls the core and formats the answer. Errors are one line on stderr; malformed
//! input exits with status 2, other failures with 1.

mod commands;
mod failure;
mod output;
mod record;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use failure::Failure;
use nimlab_core::registry::FAMILIES;
use std::process::ExitCode;

/// The system's allocator, counting what each computation of `nimlab serve` really
/// allocates so the server can bound it (see `nimlab_web::memory`); the count costs
/// a few nanoseconds an allocation elsewhere.
#[global_allocator]
static ALLOCATOR: nimlab_web::memory::Counting = nimlab_web::memory::Counting::SYSTEM;

/// The list of games under `nimlab --help`, made from the registry.
fn games_help() -> String {
    let mut text = String::from("Games (the GAME argument), each with an example:\n");
    let width = FAMILIES.iter().map(|f| f.syntax.len()).max().unwrap_or(0);
    for family in FAMILIES {
        text += &format!(
            "  {:<width$}  {}\n  {:<width$}  nimlab analyze {} \"{}\"\n",
            family.syntax, family.summary, "", family.example, family.example_position
        );
    }
    text += "\nNumbers in positions may have thousands of digits. Use - as the position to\n\
             read it from standard input.";
    text
}

#[derive(Parser)]
#[command(
    name = "nimlab",
    version,
    about = "Play, analyze and compute impartial combinatorial games: Nim and its family."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Play(commands::play::Args),
    Review(commands::review::Args),
    Analyze(commands::analyze::Args),
    Moves(commands::moves::Args),
    Grundy(commands::grundy::Args),
    Period(commands::period::Args),
    Census(commands::census::Args),
    Quotient(commands::quotient::Args),
    Serve(commands::serve::Args),
    Task(commands::task::Args),
    Seq(commands::seq::Args),
    Completions(commands::shell::CompletionArgs),
    Man(commands::shell::ManArgs),
}

/// The whole command line as clap describes it, with the list of games.
fn cli_command() -> clap::Command {
    Cli::command().after_help(games_help())
}

fn main() -> ExitCode {
    failure::install_panic_hook();
    let command = cli_command();
    let cli = match command
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(error) => {
            // The subcommand named, if any, to point to its help.
            let subcommand = std::env::args()
                .nth(1)
                .filter(|name| Cli::command().find_subcommand(name).is_some());
            return failure::report_usage_error(error, subcommand.as_deref());
        }
    };
    let result = match cli.command {
        Command::Play(args) => commands::play::run(args),
        Command::Review(args) => commands::review::run(args),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::Moves(args) => commands::moves::run(args),
        Command::Grundy(args) => commands::grundy::run(args),
        Command::Period(args) => commands::period::run(args),
        Command::Census(args) => commands::census::run(args),
        Command::Quotient(args) => commands::quotient::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Task(args) => commands::task::run(args),
        Command::Seq(args) => commands::seq::run(args),
        Command::Completions(args) => commands::shell::completions(args, cli_command()),
        Command::Man(args) => commands::shell::man(args, cli_command()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
