//! `nimlab play [GAME [POSITION]]`: a game against the computer in the terminal.
//!
//! Any game of the registry plays through the same protocol as `analyze`; this
//! module only talks. A single pot of tokens gets seed 000's dialogue ("There are
//! now 9 tokens in the pot. Please draw 1, 2 or 3 tokens."); other positions are
//! drawn as boards.

use super::{build, convention, question_budget};
use crate::board;
use crate::failure::Failure;
use crate::output::read_position;
use crate::record::Record;
use nimlab_core::error::quote;
use nimlab_core::limits::PLAY_LINE;
use nimlab_core::parse::parse_bounded;
use nimlab_core::protocol::board::Board;
use nimlab_core::protocol::policy::{Player, Policy, Style, winner};
use nimlab_core::protocol::{AnyMove, AnyPosition, Ruleset, TextMove};
use nimlab_core::registry::Spec;
use nimlab_core::report::review::PlayedMove;
use nimlab_core::text::{count_in_words, draw_count, tokens_word};
use nimlab_core::{Convention, Nat, Outcome};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use std::io::{self, BufRead, IsTerminal, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  nimlab play                          12 tokens in a pot; draw 1, 2 or 3 at a time
  nimlab play --misere                 ...where drawing the last token loses
  nimlab play nim 3 4 5 --first computer
  nimlab play subtraction:1,3,4 20 --level 6 --seed 42
  nimlab play take:3 --first con       the computer picks the start it wins

While playing, type a move, or: hint (or ?), undo, quit. Ctrl-D also quits.";

/// The game `nimlab play` starts with no arguments: seed 000's NIM.
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
    let game = build(&spec)?;
    let convention = convention(args.misere);
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
        Record::check_writable(path)?;
    }
    let mut session = Session {
        pot_mode: pot(&game.board(&start)).is_some(),
        game,
        convention,
        policy,
        rng,
        start: start.clone(),
        history: Vec::new(),
        first: Player::Person,
        lines: Lines::open()?,
        record: args.record,
        shown: start,
        explained: false,
    };
    session.introduce()?;
    session.first = session.choose_first(args.first, given, ask_seconds)?;
    let result = session.play();
    session.save()?;
    result
}

/// A game in progress.
struct Session {
    game: Arc<dyn Ruleset>,
    convention: Convention,
    policy: Policy,
    rng: StdRng,
    start: AnyPosition,
    history: Vec<PlayedMove>,
    first: Player,
    lines: Lines,
    record: Option<PathBuf>,
    /// Seed 000's dialogue for a single pot of tokens.
    pot_mode: bool,
    /// The position last shown to (or chosen by) the person, to say "now" only when
    /// it has changed since.
    shown: AnyPosition,
    /// Whether the move syntax has been explained on a board.
    explained: bool,
}

/// What the person typed, once understood.
enum Input {
    Line(String),
    Quit,
    Interrupted,
}

impl Session {
    fn position(&self) -> &AnyPosition {
        self.history.last().map_or(&self.start, |m| &m.position)
    }

    fn to_move(&self) -> Player {
        if self.history.len() % 2 == 0 {
            self.first
        } else {
            self.first.other()
        }
    }

    fn finished_winner(&self) -> Option<Player> {
        let position = self.position();
        self.game.is_over(position).then(|| {
            winner(
                self.game.as_ref(),
                position,
                self.to_move(),
                self.convention,
            )
        })
    }

    fn save(&self) -> Result<(), Failure> {
        let Some(path) = &self.record else {
            return Ok(());
        };
        let record = Record::new(
            self.game.as_ref(),
            self.convention,
            &self.start,
            &self.history,
            self.finished_winner(),
        );
        record.save(path)
    }

    fn introduce(&self) -> Result<(), Failure> {
        match self.pot(&self.start) {
            Some((_, choices)) => {
                let result = match self.convention {
                    Convention::Normal => "wins",
                    Convention::Misere => "loses",
                };
                say(&format!(
                    "Playing {}. You and the computer take turns drawing {choices} from a \
                     pot; whoever draws the last token {result}.",
                    self.game.spec(),
                ));
            }
            None => {
                let intro = format!(
                    "{} {}",
                    self.game.rules(),
                    self.game.ending(self.convention)
                );
                say(intro.trim_end());
            }
        }
        say("Type a move, or help, hint (or ?), undo, quit.");
        Ok(())
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
            if let Input::Line(answer) = self.read_line("")? {
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

    /// Seed 000's con: a start the computer wins, with a fair-sounding word about it.
    fn con(&mut self, given: bool) -> Result<Player, Failure> {
        if self.pot_mode && !given {
            let tokens = self.rng.random_range(CON_POTS);
            self.start = self.game.parse_position(&tokens.to_string())?;
            self.shown = self.start.clone();
            println!("Let's play with a random number of tokens: {tokens}.");
        }
        let outcome = self
            .game
            .analyze(&self.start, self.convention, 0, &question_budget())?
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
        })
    }

    fn play(&mut self) -> Result<(), Failure> {
        loop {
            if let Some(winner) = self.finished_winner() {
                self.announce_end(winner);
                return Ok(());
            }
            match self.to_move() {
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
        let position = self.position().clone();
        let play = self.game.computer_move(
            &position,
            self.convention,
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
                third_person(&self.game.describe_move(&position, &play))
            )),
        }
        self.push(Player::Computer, &position, &play);
        Ok(())
    }

    fn person_turn(&mut self) -> Result<Turn, Failure> {
        let mut complaints = 0;
        loop {
            self.show_position()?;
            let line = match self.read_line("> ")? {
                Input::Line(line) => line,
                Input::Quit => return Ok(Turn::Quit),
                Input::Interrupted => return Ok(Turn::Interrupted),
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
                    self.undo();
                    continue;
                }
                _ => {}
            }
            let position = self.position().clone();
            match self.game.parse_move(&position, &line) {
                Ok(play) => {
                    match self.pot(&position) {
                        Some((tokens, _)) => {
                            println!("You drew {}.", self.drawn(&tokens, &position, &play));
                            self.announce_pot_after_person(&self.game.apply(&position, &play));
                        }
                        None => say(&format!(
                            "You {}.",
                            self.game.describe_move(&position, &play)
                        )),
                    }
                    self.push(Player::Person, &position, &play);
                    return Ok(Turn::Moved);
                }
                Err(error) => {
                    self.complain(complaints, &position, &error.to_string());
                    complaints += 1;
                }
            }
        }
    }

    /// Show the position before the person's move, with "now" when it has changed
    /// since they last saw it (seed 000 drops "now" when it repeats itself).
    fn show_position(&mut self) -> Result<(), Failure> {
        let position = self.position().clone();
        let now = if self.shown != position { " now" } else { "" };
        let board = self.game.board(&position);
        match self.pot(&position) {
            Some((tokens, choices)) => {
                println!("{}. Please draw {choices}.", pot_sentence(&tokens, now))
            }
            None => {
                println!("{}", self.draw_for_person(&board));
                if self.explained {
                    println!("Your move?");
                } else {
                    say(&format!(
                        "Your move? ({})",
                        self.game.move_syntax(&position)
                    ));
                    self.explained = true;
                }
            }
        }
        self.shown = position;
        Ok(())
    }

    /// Seed 000's line after the person's draw: "There are now 10 tokens in the pot.
    /// Computer will draw next." (unless the pot is empty).
    fn announce_pot_after_person(&mut self, after: &AnyPosition) {
        if let Some((tokens, _)) = self.pot(after) {
            if !self.game.is_over(after) {
                println!(
                    "{}. The computer will draw next.",
                    pot_sentence(&tokens, " now")
                );
                self.shown = after.clone();
            }
        }
    }

    /// Answer a move that is not one, more sternly each time.
    fn complain(&self, complaints: usize, position: &AnyPosition, error: &str) {
        match self.pot(position) {
            Some((_, choices)) => match complaints {
                0 => println!("Please draw {choices}."),
                1 => println!("You must draw {choices}."),
                2 => println!("I will say it once more: draw {choices}."),
                _ => println!("Draw {choices}. Nothing else."),
            },
            None => match complaints {
                0 => say(&format!("Sorry, that is not a move here: {error}.")),
                1 => say(&format!("That is not a move either: {error}.")),
                _ => say(&format!(
                    "A move, please: {}.",
                    self.game.move_syntax(position)
                )),
            },
        }
    }

    fn hint(&self) -> Result<(), Failure> {
        let position = self.position();
        let analysis = self
            .game
            .analyze(position, self.convention, 1, &question_budget())?;
        let hint = match (analysis.winning_moves.first(), self.pot(position)) {
            (Some(best), Some((tokens, _))) => {
                let drawn = self.drawn(&tokens, position, &best.play);
                let left = self.game.apply(position, &best.play);
                let left = pot(&self.game.board(&left)).map_or(Nat::from(0u32), |(n, _)| n);
                let plain = self
                    .losing_pots()
                    .map_or(String::new(), |rule| format!(": always leave {rule}"));
                format!("Hint: draw {drawn}, to leave {left}{plain}.")
            }
            (Some(best), None) => {
                let text = self.game.move_text(position, &best.play);
                format!(
                    "Hint: {} (type \"{text}\"): it {}.",
                    best.action, best.reason
                )
            }
            (None, Some(_)) => "Hint: whatever you draw, the computer can win from there; \
                                draw little and hope for a mistake."
                .to_string(),
            (None, None) => format!(
                "Hint: there is no winning move here ({}); every move loses against \
                 perfect play, so make the game long and hope for a mistake.",
                analysis.explanation
            ),
        };
        say(&hint);
        Ok(())
    }

    /// Take back the person's last move and the computer's reply.
    fn undo(&mut self) {
        let Some(last_person) = self.history.iter().rposition(|m| m.by == Player::Person) else {
            println!("There is nothing of yours to undo.");
            return;
        };
        self.history.truncate(last_person);
        println!("Your last move and my reply are taken back.");
    }

    fn push(&mut self, by: Player, before: &AnyPosition, play: &AnyMove) {
        let TextMove { action, .. } = self.game.text_move(before, play);
        self.history.push(PlayedMove {
            by,
            action,
            position: self.game.apply(before, play),
        });
    }

    /// The pot's tokens and what one may draw, in the pot game's dialogue.
    fn pot(&self, position: &AnyPosition) -> Option<(Nat, String)> {
        if self.pot_mode {
            pot(&self.game.board(position))
        } else {
            None
        }
    }

    /// "three tokens": how many a move draws from a pot of `tokens`.
    fn drawn(&self, tokens: &Nat, position: &AnyPosition, play: &AnyMove) -> String {
        let after = self.game.apply(position, play);
        let left = pot(&self.game.board(&after)).map_or(Nat::from(0u32), |(left, _)| left);
        let taken = tokens - left;
        format!("{} {}", count_in_words(&taken), tokens_word(&taken))
    }

    fn announce_end(&self, winner: Player) {
        let last = self.history.last().map(|m| m.by);
        let you_win = winner == Player::Person;
        let outcome = if you_win {
            "you win"
        } else {
            "the computer wins"
        };
        let board = self.game.board(self.position());
        match (last, self.pot_mode, &board) {
            (
                Some(Player::Computer),
                _,
                Board::Pile {
                    count,
                    forbidden: Some(last),
                    ..
                },
            ) if *count != 0u32 => say(&format!(
                "You may not take {last}, the amount the computer just took, and you \
                     cannot take more than there is, so you cannot move: {outcome}."
            )),
            (Some(Player::Person), true, _) => println!("You drew the last token, so {outcome}."),
            (Some(Player::Computer), true, _) => {
                println!("The computer drew the last token, so {outcome}.")
            }
            (Some(Player::Person), false, _) => {
                println!("You made the last move, so {outcome}.")
            }
            (Some(Player::Computer), false, _) => {
                println!("The computer made the last move, so {outcome}.")
            }
            (None, _, _) => println!("There is no move to make, so {outcome}."),
        }
        if you_win {
            println!("Well played!");
        }
    }

    /// How to play, on request.
    fn help(&self) {
        let position = self.position();
        let how = match self.pot(position) {
            Some((_, choices)) => format!("Type how many tokens to draw: {choices}."),
            None => format!("Type a move: {}.", self.game.move_syntax(position)),
        };
        say(&format!(
            "{how} Other commands: hint (or ?) shows a winning move, undo takes back your \
             last move and the computer's reply, quit ends the game."
        ));
    }

    /// The board as the person to move sees it: a copycat pile says who took what.
    fn draw_for_person(&self, board: &Board) -> String {
        match board {
            Board::Pile {
                count,
                noun,
                plural,
                forbidden: Some(last),
                most: None,
            } if self
                .history
                .last()
                .is_some_and(|m| m.by == Player::Computer) =>
            {
                format!(
                    "{}; the computer just took {last}, which you may not take now.",
                    draw_count(count, noun, plural)
                )
            }
            _ => board::draw(board),
        }
    }

    /// The losing pot sizes in plain words ("a multiple of 4"), for pot games whose
    /// losing sizes are one residue of a period from the start: the sizes whose
    /// Grundy value is 0 in normal play, 1 in misère play (a single heap).
    fn losing_pots(&self) -> Option<String> {
        let sequence = self.game.heap_game()?.sequence();
        let budget = question_budget();
        let periodicity = sequence.periodicity(&budget).ok()?;
        if periodicity.preperiod != 0 {
            return None;
        }
        let period = periodicity.period;
        let table = sequence.grundy_table(period - 1, &budget).ok()?;
        let losing = match self.convention {
            Convention::Normal => 0,
            Convention::Misere => 1,
        };
        let residues: Vec<usize> = (0..period).filter(|&r| table[r] == losing).collect();
        match residues[..] {
            [0] => Some(format!("a multiple of {period}")),
            [1] => Some(format!("one more than a multiple of {period}")),
            [r] => Some(format!("{r} more than a multiple of {period}")),
            _ => None,
        }
    }

    fn read_line(&mut self, prompt: &str) -> Result<Input, Failure> {
        let input = self.lines.read(prompt)?;
        if matches!(input, Input::Quit) {
            println!();
        }
        Ok(input)
    }
}

/// Where the person's lines come from: rustyline on a terminal (editing, history,
/// Ctrl-C), or a reader of lines of at most [`PLAY_LINE`] bytes of text when the
/// input is piped or redirected.
enum Lines {
    Terminal(Box<DefaultEditor>),
    Piped(io::StdinLock<'static>),
}

impl Lines {
    fn open() -> Result<Lines, Failure> {
        if io::stdin().is_terminal() {
            let editor = DefaultEditor::new()
                .map_err(|e| Failure::Other(format!("cannot read the terminal: {e}")))?;
            Ok(Lines::Terminal(Box::new(editor)))
        } else {
            Ok(Lines::Piped(io::stdin().lock()))
        }
    }

    /// The next line (without its end), the end of the input, or Ctrl-C.
    fn read(&mut self, prompt: &str) -> Result<Input, Failure> {
        match self {
            Lines::Terminal(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    Ok(Input::Line(line))
                }
                Err(ReadlineError::Eof) => Ok(Input::Quit),
                Err(ReadlineError::Interrupted) => Ok(Input::Interrupted),
                Err(e) => Err(Failure::Other(format!("cannot read the terminal: {e}"))),
            },
            Lines::Piped(stdin) => {
                let mut line = Vec::new();
                stdin
                    .take(PLAY_LINE.value + 1)
                    .read_until(b'\n', &mut line)?;
                if line.is_empty() {
                    return Ok(Input::Quit);
                }
                if line.last() == Some(&b'\n') {
                    line.pop();
                } else if line.len() as u64 > PLAY_LINE.value {
                    return Err(Failure::Input(format!(
                        "a line of input is longer than the limit of {} {} ({})",
                        PLAY_LINE.value, PLAY_LINE.unit, PLAY_LINE.name
                    )));
                }
                let text = (!line.contains(&0))
                    .then(|| String::from_utf8(line).ok())
                    .flatten()
                    .ok_or_else(|| {
                        Failure::Input("the input is not text (UTF-8 without NUL bytes)".into())
                    })?;
                Ok(Input::Line(text.trim_end_matches('\r').to_string()))
            }
        }
    }
}

/// How a person's turn ended.
enum Turn {
    Moved,
    Quit,
    Interrupted,
}

/// Print a paragraph, wrapped to the terminal's width when standard output is one
/// (unwrapped into pipes and files).
fn say(text: &str) {
    match terminal_width() {
        Some(width) => println!("{}", textwrap::fill(text, width)),
        None => println!("{text}"),
    }
}

/// The width of the terminal standard output goes to, if it goes to one.
fn terminal_width() -> Option<usize> {
    if !io::stdout().is_terminal() {
        return None;
    }
    terminal_size::terminal_size().map(|(width, _)| usize::from(width.0).max(20))
}

/// The tokens and the choices of a pot board.
fn pot(board: &Board) -> Option<(Nat, String)> {
    match board {
        Board::Pot { tokens, choices } => Some((tokens.clone(), choices.clone())),
        _ => None,
    }
}

/// "There are now 9 tokens in the pot", "There is 1 token in the pot".
fn pot_sentence(tokens: &Nat, now: &str) -> String {
    let verb = if *tokens == 1u32 { "is" } else { "are" };
    format!(
        "There {verb}{now} {tokens} {} in the pot",
        tokens_word(tokens)
    )
}

/// "take 2 tokens" → "takes 2 tokens": the third person of an imperative phrase.
fn third_person(action: &str) -> String {
    match action.split_once(' ') {
        Some((verb, rest)) => format!("{} {rest}", third_person_verb(verb)),
        None => third_person_verb(action),
    }
}

fn third_person_verb(verb: &str) -> String {
    if verb.ends_with('s') || verb.ends_with("sh") || verb.ends_with("ch") || verb.ends_with('x') {
        format!("{verb}es")
    } else {
        format!("{verb}s")
    }
}

/// Whether standard input has something to read within `timeout`.
fn wait_for_input(timeout: Duration) -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = rustix::stdio::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let timeout = Timespec {
        tv_sec: timeout.as_secs() as i64,
        tv_nsec: 0,
    };
    matches!(poll(&mut fds, Some(&timeout)), Ok(n) if n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english() {
        assert_eq!(
            pot_sentence(&Nat::from(1u32), " now"),
            "There is now 1 token in the pot"
        );
        assert_eq!(
            pot_sentence(&Nat::from(9u32), ""),
            "There are 9 tokens in the pot"
        );
        assert_eq!(
            third_person("take 2 tokens from heap 1"),
            "takes 2 tokens from heap 1"
        );
        assert_eq!(third_person("move diagonally"), "moves diagonally");
        assert_eq!(third_person("split heap 2"), "splits heap 2");
        assert_eq!(third_person("push"), "pushes");
    }
}
