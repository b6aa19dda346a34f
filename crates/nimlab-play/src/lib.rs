//! A game against the computer in the terminal: the dialogue of `nimlab play`, shared
//! by the command line and the Python package (`nimlab.play`).
//!
//! Any game of the registry, or any other [`Ruleset`], plays through the same
//! protocol as `analyze`. The game's state is in [`game`], the words in [`dialogue`]
//! and the person's lines come from [`input`]; [`Session`] runs the turns. A single
//! pot of tokens gets the pot game's dialogue ("There are now 9 tokens in the pot.
//! Please draw 1, 2 or 3 tokens."); other positions are drawn as boards
//! ([`board`]). Front ends choose the game, the start and who moves first, and keep
//! the record of the game.

pub mod board;
mod dialogue;
pub mod game;
mod input;

use dialogue::{pot, say, third_person};
use game::GameState;
use input::{Lines, Typed, wait_for_input};
use nimlab_core::protocol::policy::{Player, Policy};
use nimlab_core::protocol::{AnyPosition, Ruleset};
use nimlab_core::{Budget, Convention, Error, Outcome};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Why a game stopped before its end.
#[derive(Debug)]
pub enum Failure {
    /// A question to the game failed (its budget, or a question it cannot answer).
    Game(Error),
    /// What the person typed cannot be read as text: one line saying why.
    Input(String),
    /// The terminal could not be read: one line saying why.
    Terminal(String),
    /// Reading standard input or writing the dialogue failed.
    Io(std::io::Error),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Game(error) => write!(f, "{error}"),
            Failure::Input(message) | Failure::Terminal(message) => write!(f, "{message}"),
            Failure::Io(error) => write!(f, "I/O error: {error}"),
        }
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure::Game(error)
    }
}

impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Self {
        Failure::Io(error)
    }
}

/// Who moves first, as the person asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The person.
    You,
    /// The computer.
    Computer,
    /// The person is asked, and has `seconds` to answer before the computer decides.
    Ask { seconds: u64 },
    /// The con: the computer picks a start it wins (a random pot, when the start was
    /// not `given`) and says something fair about it.
    Con { given: bool },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game was played to its end: the winner, or `None` for a draw by repetition.
    Over(Option<Player>),
    /// The person quit (quit, or the end of the input).
    Quit,
    /// The person pressed Ctrl-C (at the prompt, or a signal raised the session's
    /// stop flag): the game was abandoned.
    Interrupted,
}

/// Token counts the con picks its "random" pot from.
const CON_POTS: std::ops::RangeInclusive<u64> = 10..=20;

/// A game in progress, with the person at the keyboard.
pub struct Session {
    /// The game, its start and the moves made.
    pub state: GameState,
    policy: Policy,
    rng: StdRng,
    lines: Lines,
    /// The budget of each question the session asks the game.
    budget: Box<dyn Fn() -> Budget>,
    /// The pot game's dialogue, for a single pot of tokens.
    pot_mode: bool,
    /// The position last shown to (or chosen by) the person, to say "now" only when
    /// it has changed since.
    shown: AnyPosition,
    /// Whether the move syntax has been explained on a board.
    explained: bool,
    /// Raised by the front end when the person asks to stop outside the prompt (a
    /// SIGINT while the computer thinks): the game is abandoned at the next step.
    stop: Option<Arc<AtomicBool>>,
}

impl Session {
    /// A game of `game` from `start` under `convention`, the computer playing by
    /// `policy` and choosing at random by `rng`; each question to the game spends
    /// from a fresh `budget()`. The person's lines come from standard input (with
    /// line editing on a terminal).
    pub fn new(
        game: Arc<dyn Ruleset>,
        convention: Convention,
        start: AnyPosition,
        policy: Policy,
        rng: StdRng,
        budget: Box<dyn Fn() -> Budget>,
    ) -> Result<Session, Failure> {
        Ok(Session {
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
            budget,
            shown: start,
            explained: false,
            stop: None,
        })
    }

    /// The session abandons the game, as Ctrl-C at the prompt does, once `flag` is
    /// raised: before the next prompt, or when a question to the game fails because
    /// its budget was cancelled by the same flag.
    pub fn stopped_by(mut self, flag: Arc<AtomicBool>) -> Session {
        self.stop = Some(flag);
        self
    }

    fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// A random generator seeded by `seed`, or from the system when `None`.
    pub fn rng(seed: Option<u64>) -> StdRng {
        match seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => rand::make_rng(),
        }
    }

    /// Introduce the game, settle who moves first, and play it to its end.
    /// Ctrl-C at the prompt, or the stop flag raised at any time, abandons the game.
    pub fn run(&mut self, first: First) -> Result<Ending, Failure> {
        let ending = self.introduce().and_then(|()| {
            self.state.first = self.choose_first(first)?;
            self.play()
        });
        // A question whose budget the stop flag cancelled fails: the game was
        // abandoned, not broken.
        let abandoned = match &ending {
            Ok(ending) => *ending == Ending::Interrupted,
            Err(_) => self.stop_requested(),
        };
        if abandoned {
            println!("Game abandoned.");
            return Ok(Ending::Interrupted);
        }
        ending
    }

    /// Decide who moves first, and (for the con) perhaps the start itself.
    fn choose_first(&mut self, first: First) -> Result<Player, Failure> {
        let verb = if self.pot_mode { "draws" } else { "moves" };
        let chosen = match first {
            First::You => Player::Person,
            First::Computer => Player::Computer,
            First::Ask { seconds } => self.ask_first(seconds)?,
            First::Con { given } => return self.con(given),
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
            self.state.start = self
                .state
                .game
                .parse_position(&tokens.to_string())
                .map_err(|e| Failure::Game(e.into()))?;
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
                &(self.budget)(),
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

    fn play(&mut self) -> Result<Ending, Failure> {
        loop {
            if let Some(winner) = self.state.winner() {
                self.announce_end(winner);
                return Ok(Ending::Over(Some(winner)));
            }
            if self.state.drawn() {
                self.announce_draw();
                return Ok(Ending::Over(None));
            }
            match self.state.to_move() {
                Player::Computer => self.computer_turn()?,
                Player::Person => match self.person_turn()? {
                    Turn::Moved => {}
                    Turn::Quit => {
                        println!("Goodbye! The game was left unfinished.");
                        return Ok(Ending::Quit);
                    }
                    Turn::Interrupted => return Ok(Ending::Interrupted),
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
            &(self.budget)(),
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
        if self.stop_requested() {
            return Ok(Typed::Interrupted);
        }
        let input = self.lines.read(prompt)?;
        // A signal that came while the read waited (a pipe's reader blocks on; a
        // terminal's prompt reads Ctrl-C itself) abandons the game too.
        if self.stop_requested() {
            return Ok(Typed::Interrupted);
        }
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
