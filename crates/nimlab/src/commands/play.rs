//! `nimlab play [GAME [POSITION]]`: a game against the computer in the terminal.
//!
//! The dialogue is `nimlab-play`'s (shared with the Python package); this module
//! reads the arguments, builds the game and its start, and keeps the record.

use super::long::Signals;
use super::{build, question_budget};
use crate::failure::Failure;
use crate::output::read_position;
use crate::record;
use nimlab_core::Convention;
use nimlab_core::error::quote;
use nimlab_core::parse::parse_bounded;
use nimlab_core::protocol::policy::{Policy, Style};
use nimlab_core::registry::Spec;
use nimlab_core::report::record::Record;
use nimlab_play::{Ending, First as Chosen, Session};
use rand::RngExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const EXAMPLES: &str = "\
Examples:
  nimlab play                          12 tokens in a pot; draw 1, 2 or 3 at a time
  nimlab play --misere                 ...where drawing the last token loses
  nimlab play nim 3 4 5 --first computer
  nimlab play subtraction:1,3,4 20 --level 6 --seed 42
  nimlab play take:3 --first con       the computer picks the start it wins

While playing, type a move, or: hint (or ?), undo, quit. Ctrl-D also quits.

In games whose positions can repeat (graph:FILE), play that goes on forever is a
draw: the game is declared drawn when a position occurs for the third time with the
same player to move. The computer wins when it can (it never repeats a position
then) and holds the draw when it cannot.";

/// The game `nimlab play` starts with no arguments: 12 tokens in a pot, draw 1 to 3.
const DEFAULT_GAME: &str = "take:3";

/// Play a game against the computer, which plays perfectly unless told otherwise.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game (default: take:3 with 12 tokens in a pot).
    game: Option<String>,
    /// The start position (default: a random or example position; 12 for the pot).
    #[arg(num_args = 0.., allow_negative_numbers = true)]
    position: Vec<String>,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Who moves first: you, computer, ask (you have a few seconds to choose), or
    /// con (the computer picks a start it wins and says something fair about it).
    #[arg(long, value_enum, default_value_t = First::You)]
    first: First,
    /// 0 to 10: how often the computer plays its best move (10 = always).
    #[arg(long, value_name = "L", default_value = "10")]
    level: String,
    /// What the computer does in a lost position: make the game last (longest), or
    /// play at random (random).
    #[arg(long, value_enum, default_value_t = StyleArg::Longest)]
    style: StyleArg,
    /// Make the computer's random choices reproducible.
    #[arg(long, value_name = "N")]
    seed: Option<String>,
    /// Write the game to FILE as JSON (see 'nimlab review').
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// With --first ask: seconds you have to choose.
    #[arg(long, value_name = "S", default_value = "5")]
    ask_seconds: String,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum First {
    You,
    Computer,
    Ask,
    Con,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum StyleArg {
    Longest,
    Random,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let spec: Spec = args.game.as_deref().unwrap_or(DEFAULT_GAME).parse()?;
    let game = build(&spec, &question_budget())?;
    let convention = Convention::misere_if(args.misere);
    let policy = Policy {
        level: parse_bounded(&args.level, "--level", 0, 10)? as u8,
        style: match args.style {
            StyleArg::Longest => Style::Longest,
            StyleArg::Random => Style::Random,
        },
    };
    let seed = match &args.seed {
        Some(seed) => Some(parse_bounded(seed, "--seed", 0, u64::MAX)?),
        None => None,
    };
    let mut rng = Session::rng(seed);
    let ask_seconds = parse_bounded(&args.ask_seconds, "--ask-seconds", 1, 600)?;
    let given = !args.position.is_empty();
    let start = if given {
        game.parse_position(&read_position(&args.position)?)?
    } else if args.game.is_none() {
        game.parse_position("12")?
    } else if let Some(start) = game.random_start(rng.random()) {
        start
    } else {
        game.parse_position(&spec.example_position())?
    };
    // A convention the game cannot be solved in is refused before the game starts, and
    // so are a start with no move and a record that cannot be written.
    game.analyze(&start, convention, 0, &question_budget())?;
    if game.is_over(&start) {
        return Err(Failure::Input(format!(
            "there is nothing to play: no move is possible from {}",
            quote(&game.format_position(&start))
        )));
    }
    if let Some(path) = &args.record {
        record::check_writable(path)?;
    }
    let first = match args.first {
        First::You => Chosen::You,
        First::Computer => Chosen::Computer,
        First::Ask => Chosen::Ask {
            seconds: ask_seconds,
        },
        First::Con => Chosen::Con { given },
    };
    // Ctrl-C while the computer thinks (outside the prompt, where the terminal makes it
    // a signal) abandons the game as Ctrl-C at the prompt does, and the record is kept.
    let signals = Signals::catch()?;
    let stop = signals.flag();
    let mut session = Session::new(
        game,
        convention,
        start,
        policy,
        rng,
        Box::new(move || question_budget().with_cancel(Arc::clone(&stop))),
    )?
    .stopped_by(signals.flag());
    let ending = session.run(first);
    if let Some(path) = &args.record {
        save(&session, path)?;
    }
    if ending? == Ending::Interrupted {
        std::process::exit(signals.exit_status());
    }
    Ok(())
}

/// Write the game played so far to the record file.
fn save(session: &Session, path: &Path) -> Result<(), Failure> {
    let state = &session.state;
    let record = Record::new(
        state.game.as_ref(),
        state.convention,
        &state.start,
        &state.history,
        state.winner(),
    );
    record::save(&record, path)
}
