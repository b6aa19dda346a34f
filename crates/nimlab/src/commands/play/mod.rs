//! `nimlab play [GAME [POSITION]]`: a game against the computer in the terminal.
//!
//! Any game of the registry plays through the same protocol as `analyze`. The game's
//! state is in [`game`], the words in [`dialogue`] and the person's lines come from
//! [`input`]; this module runs the turns. A single pot of tokens gets the pot game's
//! dialogue ("There are now 9 tokens in the pot. Please draw 1, 2 or 3 tokens.");
//! other positions are drawn as boards.

mod dialogue;
mod game;
mod input;

use super::{build, question_budget};
use crate::failure::Failure;
use crate::output::read_position;
use crate::record;
use dialogue::{pot, say, third_person};
use game::GameState;
use input::{Lines, Typed, wait_for_input};
use nimlab_core::error::quote;
use nimlab_core::parse::parse_bounded;
use nimlab_core::protocol::AnyPosition;
use nimlab_core::protocol::policy::{Player, Policy, Style};
use nimlab_core::registry::Spec;
use nimlab_core::report::record::Record;
use nimlab_core::{Convention, Outcome};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::path::PathBuf;
use std::time::Duration;

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

/// Token counts the con picks its "random" pot from.
const CON_POTS: std::ops::RangeInclusive<u64> = 10..=20;

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
    let mut rng = match &args.seed {
        Some(seed) => StdRng::seed_from_u64(parse_bounded(seed, "--seed", 0, u64::MAX)?),
        None => rand::make_rng(),
    };
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
    let mut session = Session {
        pot_mode: pot(&game.board(&start)).is_some(),
        state: GameState {
            game,
            convention,
            start: start.clone(),
            first: Player::Person,
            history: Vec::new(),
        },
        policy,
        rng,
        lines: Lines::open()?,
        record: args.record,
        shown: start,
        explained: false,
    };
    session.introduce()?;
    session.state.first = session.choose_first(args.first, given, ask_seconds)?;
    let result = session.play();
    session.save()?;
    result
}

/// A game in progress, with the person at the keyboard.
struct Session {
    state: GameState,
    policy: Policy,
    rng: StdRng,
    lines: Lines,
    record: Option<PathBuf>,
    /// The pot game's dialogue, for a single pot of tokens.
    pot_mode: bool,
    /// The position last shown to (or chosen by) the person, to say "now" only when
    /// it has changed since.
    shown: AnyPosition,
    /// Whether the move syntax has been explained on a board.
    explained: bool,
}

impl Session {
    fn save(&self) -> Result<(), Failure> {
        let Some(path) = &self.record else {
            return Ok(());
        };
        let record = Record::new(
            self.state.game.as_ref(),
            self.state.convention,
            &self.state.start,
            &self.state.history,
            self.state.winner(),
        );
        record::save(&record, path)
    }

    /// Decide who moves first, and (for the con) perhaps the start itself.
    fn choose_first(&mut self, first: First, given: bool, seconds: u64) -> Result<Player, Failure> {
        let verb = if self.pot_mode { "draws" } else { "moves" };
        let chosen = match first {
            First::You => Player::Person,
            First::Computer => Player::Computer,
            First::Ask => self.ask_first(seconds)?,
            First::Con => return self.con(given),
        };
        match chosen {
            Player::Person => println!("You go first."),
            Player::Computer => println!("The computer {verb} first."),
        }
        Ok(chosen)
    }

    fn ask_first(&mut self, seconds: u64) -> Result<Player, Failure> {
        let unit = if seconds == 1 { "second" } else { "seconds" };
        say(&format!(
            "Do you want to move first? [y/n] (within {seconds} {unit}, or I will decide)"
        ));
        if wait_for_input(Duration::from_secs(seconds)) {
            if let Typed::Line(answer) = self.read_line("")? {
                match answer.trim().to_lowercase().as_str() {
                    "y" | "yes" | "me" | "i" | "i do" => return Ok(Player::Person),
                    "n" | "no" | "you" | "computer" => return Ok(Player::Computer),
                    _ => println!("I did not understand that, so I will decide."),
                }
            }
        } else {
            println!("Time is up, so I will decide.");
        }
        Ok(if self.rng.random_bool(0.5) {
            Player::Person
        } else {
            Player::Computer
        })
    }

    /// The con: a start the computer wins, with a fair-sounding word about it.
    fn con(&mut self, given: bool) -> Result<Player, Failure> {
        if self.pot_mode && !given {
            let tokens = self.rng.random_range(CON_POTS);
            self.state.start = self.state.game.parse_position(&tokens.to_string())?;
            self.shown = self.state.start.clone();
            println!("Let's play with a random number of tokens: {tokens}.");
        }
        let outcome = self
            .state
            .game
            .analyze(
                &self.state.start,
                self.state.convention,
                0,
                &question_budget(),
            )?
            .outcome;
        Ok(match outcome {
            Outcome::P => {
                println!("To be fair, you go first.");
                Player::Person
            }
            Outcome::N => {
                println!("I will go first, so you can see how it is done.");
                Player::Computer
            }
            Outcome::D => {
                println!("Neither of us can force a win from here. You go first.");
                Player::Person
            }
        })
    }

    fn play(&mut self) -> Result<(), Failure> {
        loop {
            if let Some(winner) = self.state.winner() {
                self.announce_end(winner);
                return Ok(());
            }
            if self.state.drawn() {
                self.announce_draw();
                return Ok(());
            }
            match self.state.to_move() {
                Player::Computer => self.computer_turn()?,
                Player::Person => match self.person_turn()? {
                    Turn::Moved => {}
                    Turn::Quit => {
                        println!("Goodbye! The game was left unfinished.");
                        return Ok(());
                    }
                    Turn::Interrupted => {
                        println!("Game abandoned.");
                        self.save()?;
                        std::process::exit(130);
                    }
                },
            }
        }
    }

    fn computer_turn(&mut self) -> Result<(), Failure> {
        let position = self.state.position().clone();
        let play = self.state.game.computer_move(
            &position,
            self.state.convention,
            self.policy,
            &mut self.rng,
            &question_budget(),
        )?;
        match self.pot(&position) {
            Some((tokens, _)) => println!(
                "The computer draws {}.",
                self.drawn(&tokens, &position, &play)
            ),
            None => say(&format!(
                "The computer {}.",
                third_person(&self.state.game.describe_move(&position, &play))
            )),
        }
        self.state.play(Player::Computer, &play);
        Ok(())
    }

    fn person_turn(&mut self) -> Result<Turn, Failure> {
        let mut complaints = 0;
        loop {
            self.show_position()?;
            let line = match self.read_line("> ")? {
                Typed::Line(line) => line,
                Typed::Quit => return Ok(Turn::Quit),
                Typed::Interrupted => return Ok(Turn::Interrupted),
            };
            let command = line.trim().to_lowercase();
            match command.as_str() {
                // An empty line asks again, without counting as a wrong answer.
                "" => continue,
                "quit" | "exit" | "q" => return Ok(Turn::Quit),
                "help" | "h" => {
                    self.help();
                    continue;
                }
                "hint" | "?" => {
                    self.hint()?;
                    continue;
                }
                "undo" => {
                    if self.state.undo() {
                        println!("Your last move and my reply are taken back.");
                    } else {
                        println!("There is nothing of yours to undo.");
                    }
                    continue;
                }
                _ => {}
            }
            let position = self.state.position().clone();
            match self.state.game.parse_move(&position, &line) {
                Ok(play) => {
                    match self.pot(&position) {
                        Some((tokens, _)) => {
                            println!("You drew {}.", self.drawn(&tokens, &position, &play));
                            self.announce_pot_after_person(
                                &self.state.game.apply(&position, &play),
                            );
                        }
                        None => say(&format!(
                            "You {}.",
                            self.state.game.describe_move(&position, &play)
                        )),
                    }
                    self.state.play(Player::Person, &play);
                    return Ok(Turn::Moved);
                }
                Err(error) => {
                    self.complain(complaints, &position, &error.to_string());
                    complaints += 1;
                }
            }
        }
    }

    fn read_line(&mut self, prompt: &str) -> Result<Typed, Failure> {
        let input = self.lines.read(prompt)?;
        if matches!(input, Typed::Quit) {
            println!();
        }
        Ok(input)
    }
}

/// How a person's turn ended.
enum Turn {
    Moved,
    Quit,
    Interrupted,
}
