//! The words of the game: sentences about the pot, moves in the third person, and
//! paragraphs wrapped to the terminal. Correct English and inflection live here.

use crate::board;
use crate::{Failure, Session};
use nimlab_core::heap::losing::{LosingHeaps, losing_heaps};
use nimlab_core::protocol::board::Board;
use nimlab_core::protocol::policy::{Player, repetition_rule};
use nimlab_core::protocol::{AnyMove, AnyPosition};
use nimlab_core::text::{count_in_words, draw_count, tokens_word};
use nimlab_core::{Convention, Nat, Outcome};
use std::io::{self, IsTerminal};

/// Print a paragraph, wrapped to the terminal's width when standard output is one
/// (unwrapped into pipes and files).
pub fn say(text: &str) {
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
pub fn pot(board: &Board) -> Option<(Nat, String)> {
    match board {
        Board::Pot { tokens, choices } => Some((tokens.clone(), choices.clone())),
        _ => None,
    }
}

/// "There are now 9 tokens in the pot", "There is 1 token in the pot".
pub fn pot_sentence(tokens: &Nat, now: &str) -> String {
    let verb = if *tokens == 1u32 { "is" } else { "are" };
    format!(
        "There {verb}{now} {tokens} {} in the pot",
        tokens_word(tokens)
    )
}

/// "take 2 tokens" → "takes 2 tokens": the third person of an imperative phrase.
pub fn third_person(action: &str) -> String {
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

/// What the session says: introductions, boards, hints, complaints, the end.
impl Session {
    pub(super) fn introduce(&self) -> Result<(), Failure> {
        match self.pot(&self.state.start) {
            Some((_, choices)) => {
                let result = match self.state.convention {
                    Convention::Normal => "wins",
                    Convention::Misere => "loses",
                };
                say(&format!(
                    "Playing {}. You and the computer take turns drawing {choices} from a \
                     pot; whoever draws the last token {result}.",
                    self.state.game.spec(),
                ));
            }
            None => {
                let intro = format!(
                    "{} {}",
                    self.state.game.rules(),
                    self.state.game.ending(self.state.convention)
                );
                say(intro.trim_end());
            }
        }
        say("Type a move, or help, hint (or ?), undo, quit.");
        Ok(())
    }

    /// Show the position before the person's move, with "now" when it has changed
    /// since they last saw it (the pot game drops "now" when it repeats itself).
    pub(super) fn show_position(&mut self) -> Result<(), Failure> {
        let position = self.state.position().clone();
        let now = if self.shown != position { " now" } else { "" };
        let board = self.state.game.board(&position);
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
                        self.state.game.move_syntax(&position)
                    ));
                    self.explained = true;
                }
            }
        }
        self.shown = position;
        Ok(())
    }

    /// The pot game's line after the person's draw: "There are now 10 tokens in the pot.
    /// Computer will draw next." (unless the pot is empty).
    pub(super) fn announce_pot_after_person(&mut self, after: &AnyPosition) {
        if let Some((tokens, _)) = self.pot(after) {
            if !self.state.game.is_over(after) {
                println!(
                    "{}. The computer will draw next.",
                    pot_sentence(&tokens, " now")
                );
                self.shown = after.clone();
            }
        }
    }

    /// Answer a move that is not one, more sternly each time.
    pub(super) fn complain(&self, complaints: usize, position: &AnyPosition, error: &str) {
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
                    self.state.game.move_syntax(position)
                )),
            },
        }
    }

    pub(super) fn hint(&self) -> Result<(), Failure> {
        let position = self.state.position();
        let analysis =
            self.state
                .game
                .analyze(position, self.state.convention, 1, &(self.budget)())?;
        let hint = match (analysis.winning_moves.first(), self.pot(position)) {
            (Some(best), Some((tokens, _))) => {
                let drawn = self.drawn(&tokens, position, &best.play);
                let left = self.state.game.apply(position, &best.play);
                let left = pot(&self.state.game.board(&left)).map_or(Nat::from(0u32), |(n, _)| n);
                let plain = self
                    .losing_pots()
                    .map_or(String::new(), |rule| format!(": always leave {rule}"));
                format!("Hint: draw {drawn}, to leave {left}{plain}.")
            }
            (Some(best), None) => {
                let text = self.state.game.move_text(position, &best.play);
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

    /// The pot's tokens and what one may draw, in the pot game's dialogue.
    pub(super) fn pot(&self, position: &AnyPosition) -> Option<(Nat, String)> {
        if self.pot_mode {
            pot(&self.state.game.board(position))
        } else {
            None
        }
    }

    /// "three tokens": how many a move draws from a pot of `tokens`.
    pub(super) fn drawn(&self, tokens: &Nat, position: &AnyPosition, play: &AnyMove) -> String {
        let after = self.state.game.apply(position, play);
        let left = pot(&self.state.game.board(&after)).map_or(Nat::from(0u32), |(left, _)| left);
        let taken = tokens - left;
        format!("{} {}", count_in_words(&taken), tokens_word(&taken))
    }

    /// The game is declared drawn by repetition, and why it came to that: with
    /// perfect play nobody can win from here, or the person had a win but went round
    /// in a circle (a winning computer never repeats a position).
    pub(super) fn announce_draw(&self) {
        let position = self.state.position();
        let outcome = self
            .state
            .game
            .analyze(position, self.state.convention, 0, &(self.budget)())
            .map(|analysis| analysis.outcome);
        let why = match outcome {
            Ok(Outcome::D) => "from here neither of us can force a win",
            Ok(_) => {
                "you had a win, but a winner must also make progress toward the end, not \
                 only keep a winning position"
            }
            Err(_) => "neither of us forced a win",
        };
        say(&format!(
            "The game is declared a draw, as {}: {why}.",
            repetition_rule()
        ));
    }

    pub(super) fn announce_end(&self, winner: Player) {
        let last = self.state.last_mover();
        let you_win = winner == Player::Person;
        let outcome = if you_win {
            "you win"
        } else {
            "the computer wins"
        };
        let board = self.state.game.board(self.state.position());
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
    pub(super) fn help(&self) {
        let position = self.state.position();
        let how = match self.pot(position) {
            Some((_, choices)) => format!("Type how many tokens to draw: {choices}."),
            None => format!("Type a move: {}.", self.state.game.move_syntax(position)),
        };
        say(&format!(
            "{how} Other commands: hint (or ?) shows a winning move, undo takes back your \
             last move and the computer's reply, quit ends the game."
        ));
    }

    /// The board as the person to move sees it: a copycat pile says who took what.
    pub(super) fn draw_for_person(&self, board: &Board) -> String {
        match board {
            Board::Pile {
                count,
                noun,
                plural,
                forbidden: Some(last),
                most: None,
            } if self.state.last_mover() == Some(Player::Computer) => {
                format!(
                    "{}; the computer just took {last}, which you may not take now.",
                    draw_count(count, noun, plural)
                )
            }
            _ => board::draw(board),
        }
    }

    /// The losing pot sizes in plain words ("a multiple of 4"), when the core knows
    /// a rule for them within the question's budget.
    pub(super) fn losing_pots(&self) -> Option<LosingHeaps> {
        let heaps = self.state.game.heap_game()?;
        losing_heaps(heaps, self.state.convention, &(self.budget)())
            .ok()
            .flatten()
    }
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
