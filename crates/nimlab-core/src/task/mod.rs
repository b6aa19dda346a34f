//! The Sprague–Grundy practice tasks 1–15: each reads whitespace-separated tokens
//! and answers in its exercise's exact output format, by the core's games and
//! engine. Pure functions from input text to answer text; the command line reads
//! standard input and writes the answer (`nimlab task N`).

mod classify;
mod dag;
mod engine;
mod games;
pub mod piles;
mod sums;

use crate::error::{Error, InputError};
use crate::limits::TASK_COUNT;
use crate::num::Nat;
use crate::parse::{parse_bounded, parse_nat, tokens};
use crate::rules::Outcome;

pub use engine::demos;

/// The answer of task `number` (1 to 15 but 9, which reads nothing: see [`demos`])
/// to the input `text`, with its final newline; a one-line error for input the task cannot
/// read, naming the offending token.
pub fn answer(number: u8, text: &str) -> Result<String, Error> {
    let mut input = Input::new(text);
    let answer = match number {
        1 => sums::mex_task(&mut input)?,
        2 => sums::subtraction_table(&mut input)?,
        3 => sums::subtraction_sum(&mut input)?,
        4 => return dag::run(text),
        5 => sums::take_queries(&mut input)?,
        6 => games::grundy_game(&mut input)?,
        7 => games::staircase(&mut input)?,
        8 => sums::take_one_or_two(&mut input)?,
        10 => sums::winning_target(&mut input)?,
        11 => sums::periodic_queries(&mut input)?,
        12 => games::kayles(&mut input)?,
        13 => games::misere_nim(&mut input)?,
        14 => games::turtles(&mut input)?,
        15 => return classify::run(text),
        _ => {
            return Err(InputError::invalid(
                "task",
                &number.to_string(),
                "a task from 1 to 15 that reads input (task 9 reads none)",
            )
            .into());
        }
    };
    input.finish()?;
    Ok(answer)
}

/// The whitespace-separated tokens of a task's input, read in order.
pub struct Input<'a> {
    tokens: Box<dyn Iterator<Item = &'a str> + 'a>,
}

impl<'a> Input<'a> {
    fn new(text: &'a str) -> Self {
        Input {
            tokens: Box::new(tokens(text)),
        }
    }

    /// The next token, or an error saying a `what` is missing.
    fn token(&mut self, what: &str, expected: &str) -> Result<&'a str, InputError> {
        self.tokens
            .next()
            .ok_or_else(|| InputError::missing(what, expected))
    }

    /// The next token as a non-negative integer of any size.
    fn nat(&mut self, what: &str) -> Result<Nat, InputError> {
        parse_nat(self.token(what, "a non-negative integer")?, what)
    }

    /// The next token as an integer in `min..=max`.
    fn bounded(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        match self.tokens.next() {
            Some(token) => parse_bounded(token, what, min, max),
            None => parse_bounded("", what, min, max),
        }
    }

    /// A count announced by the input (m, Q, k, |S|), at most [`TASK_COUNT`].
    fn count(&mut self, what: &str, min: u64) -> Result<usize, InputError> {
        Ok(self.bounded(what, min, TASK_COUNT.value)? as usize)
    }

    /// `count` numbers of any size, each named `what` in errors.
    fn nats(&mut self, count: usize, what: &str) -> Result<Vec<Nat>, InputError> {
        (0..count).map(|_| self.nat(what)).collect()
    }

    /// No token may follow the last one the task reads.
    fn finish(mut self) -> Result<(), InputError> {
        match self.tokens.next() {
            Some(extra) => Err(InputError::invalid(
                "extra token",
                extra,
                "the end of the input (the counts announce fewer numbers)",
            )),
            None => Ok(()),
        }
    }
}

/// FIRST when the player to move wins, SECOND when the other player does, DRAW
/// when neither can force a win (the tasks' games all end, so never).
pub fn winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "FIRST",
        Outcome::P => "SECOND",
        Outcome::D => "DRAW",
    }
}

/// Values joined by single spaces, with a final newline.
fn line_of(values: &[u32]) -> String {
    let mut buffer = itoa::Buffer::new();
    let mut line = String::with_capacity(values.len() * 3);
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        line.push_str(buffer.format(*value));
    }
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A task answers its exact format; extra tokens and tasks without input are
    /// errors naming them.
    #[test]
    fn tasks_answer_text_and_name_what_they_cannot_read() {
        assert_eq!(answer(1, "3 0 1 3").unwrap(), "2\n");
        assert_eq!(
            answer(13, "3 1 1 1").unwrap(),
            "NORMAL: FIRST\nMISERE: SECOND\n"
        );
        let extra = answer(1, "1 0 7").unwrap_err().to_string();
        assert!(
            extra.contains("extra token") && extra.contains('7'),
            "{extra}"
        );
        assert!(
            answer(9, "")
                .unwrap_err()
                .to_string()
                .contains("task 9 reads none")
        );
        let (report, matched) = demos().unwrap();
        assert!(matched, "{report}");
        assert_eq!(report.lines().count(), 3);
    }
}
