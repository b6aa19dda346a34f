//! Errors of the core library.
//!
//! Every error renders as one line written for a person. [`Error::Input`] names the
//! offending token and what was expected there; front ends map it to exit status 2.

use crate::num::Nat;
use std::fmt;

/// Longest token quoted in full in a message; longer ones are abbreviated.
const MAX_QUOTED_CHARS: usize = 40;

/// Something the user typed is malformed: a game spec, a position, a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// What the token was meant to be, e.g. "heap size".
    what: String,
    /// The offending token, quoted and abbreviated if long; `None` when it is missing.
    token: Option<String>,
    /// What would have been accepted, e.g. "a non-negative integer".
    expected: String,
}

impl InputError {
    /// `token` was given as a `what` but is not `expected`.
    pub fn invalid(what: impl Into<String>, token: &str, expected: impl Into<String>) -> Self {
        InputError {
            what: what.into(),
            token: Some(quote(token)),
            expected: expected.into(),
        }
    }

    /// A `what` was needed but nothing was given.
    pub fn missing(what: impl Into<String>, expected: impl Into<String>) -> Self {
        InputError {
            what: what.into(),
            token: None,
            expected: expected.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.token {
            Some(token) => write!(
                f,
                "invalid {} {}: expected {}",
                self.what, token, self.expected
            ),
            None => write!(f, "missing {}: expected {}", self.what, self.expected),
        }
    }
}

impl std::error::Error for InputError {}

/// Why a [`Budget`](crate::budget::Budget) stopped a computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// More than this many work units were needed.
    Work {
        /// The budget's limit.
        limit: u64,
    },
    /// More than this many table entries would have been held.
    Memory {
        /// The budget's limit.
        limit: u64,
    },
    /// The deadline passed.
    Deadline,
    /// The cancel flag was raised.
    Cancelled,
}

/// Any failure of a core computation. Each kind is one line for people; front ends
/// choose how to report it (the command line: exit status 2 for [`Error::Input`], 1
/// for the rest; a server: 400 for input, 4xx/5xx for the rest).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The input is malformed.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The question is well formed, but answering it needs more than one of the
    /// limits in [`crate::limits`] allows.
    #[error("{}", shorten_words(&.0.message))]
    TooLarge(TooLarge),
    /// The question is well formed, but nimlab knows no exact answer to it (a period
    /// that has not been found, a heap beyond the table of a game without one).
    #[error("{}", shorten_words(.0))]
    NoKnownValue(String),
    /// The question has no answer: it asks for something the game does not have (the
    /// period of Nim, a convention the game does not take).
    #[error("{}", shorten_words(.0))]
    Undefined(String),
    /// The computation was stopped by its cancel flag.
    #[error("{}", shorten_words(.0))]
    Cancelled(String),
    /// The computation was stopped by its deadline: the question's time limit.
    #[error("{}", shorten_words(.0))]
    OutOfTime(String),
}

/// A question beyond a limit: which limit, how far beyond, and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The limit's name, as [`crate::limits::Limit::name`] says it.
    pub limit: &'static str,
    /// The limit's value, in its unit.
    pub max: u64,
    /// What the question needs, in the same unit, when that is known.
    pub needed: Option<Nat>,
    /// One line for people, naming the limit and what exceeded it.
    pub message: String,
}

/// The name [`TooLarge::limit`] gives a budget's work limit.
pub const WORK_BUDGET: &str = "work budget";

/// The name [`TooLarge::limit`] gives a budget's memory limit.
pub const MEMORY_BUDGET: &str = "memory budget";

impl Error {
    /// Whether a budget stopped the computation (so that more budget may finish it),
    /// rather than the question having no answer.
    pub fn is_budget_stop(&self) -> bool {
        match self {
            Error::Cancelled(_) | Error::OutOfTime(_) => true,
            Error::TooLarge(too_large) => {
                too_large.limit == WORK_BUDGET || too_large.limit == MEMORY_BUDGET
            }
            _ => false,
        }
    }

    /// The error a computation reports when `budget` stopped it while it was doing
    /// `what` (e.g. "the misère search of this position").
    pub fn from_budget(exhausted: Exhausted, what: &str) -> Error {
        match exhausted {
            Exhausted::Work { limit } => Error::TooLarge(TooLarge {
                limit: WORK_BUDGET,
                max: limit,
                needed: None,
                message: format!("{what} needs more than the {limit} steps allowed for it"),
            }),
            Exhausted::Memory { limit } => Error::TooLarge(TooLarge {
                limit: MEMORY_BUDGET,
                max: limit,
                needed: None,
                message: format!(
                    "{what} needs more than the {limit} table entries of memory allowed for it"
                ),
            }),
            Exhausted::Deadline => {
                Error::OutOfTime(format!("{what} ran out of the time allowed for it"))
            }
            Exhausted::Cancelled => Error::Cancelled(format!("{what} was cancelled")),
        }
    }
}

/// Quote a token for an error message. Tokens longer than 40 characters keep their
/// start and end and say how long they were, so a 10^6-digit number makes a short line;
/// control characters (a newline, a tab, NUL, an escape sequence, a byte-order mark)
/// are written escaped, so the message stays one line.
pub fn quote(token: &str) -> String {
    match shortened(token) {
        (shown, None) => format!("'{shown}'"),
        (shown, Some(count)) => format!("'{shown}' ({count} characters)"),
    }
}

/// A word escaped, and shortened to its start and end when long, with its length in
/// characters if it was shortened.
fn shortened(word: &str) -> (String, Option<usize>) {
    let count = word.chars().count();
    if count <= MAX_QUOTED_CHARS {
        return (escape(word), None);
    }
    let head: String = word.chars().take(12).collect();
    let tail: String = word.chars().skip(count - 8).collect();
    (format!("{}…{}", escape(&head), escape(&tail)), Some(count))
}

/// A word of a message as it is shown (see [`quote`]), without quotes.
fn abbreviate(word: &str) -> String {
    match shortened(word) {
        (shown, None) => shown,
        (shown, Some(count)) => format!("{shown} ({count} characters)"),
    }
}

/// Control characters and byte-order marks written as escapes (`\n`, `\u{1b}`).
fn escape(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || c == '\u{feff}' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Longest message shown whole, in characters. A longer one (naming a sum of
/// thousands of games) keeps its start and its end, which say what failed and why,
/// [`KEPT_CHARS`] each: shorter than this, so a message shortened once is left as it
/// is when it is shortened again.
const MAX_MESSAGE_CHARS: usize = 360;

/// Characters kept at each end of a message longer than [`MAX_MESSAGE_CHARS`].
const KEPT_CHARS: usize = 150;

/// A message with every word longer than 40 characters shortened as [`quote`] does
/// and control characters escaped, so that a game spec or a number with a million
/// digits inside a message still makes one short line; a message still longer than
/// the longest shown whole keeps its start and its end.
pub fn shorten_words(message: &str) -> String {
    let words = message
        .split(' ')
        .map(abbreviate)
        .collect::<Vec<_>>()
        .join(" ");
    let count = words.chars().count();
    if count <= MAX_MESSAGE_CHARS {
        return words;
    }
    let head: String = words.chars().take(KEPT_CHARS).collect();
    let tail: String = words.chars().skip(count - KEPT_CHARS).collect();
    format!("{head} … ({count} characters in all) … {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_token_message_names_token_and_expectation() {
        let e = InputError::invalid("heap size", "x", "a non-negative integer");
        assert_eq!(
            e.to_string(),
            "invalid heap size 'x': expected a non-negative integer"
        );
    }

    /// A message naming a sum of thousands of games keeps its start and its end.
    #[test]
    fn long_messages_keep_their_start_and_end() {
        let spec = vec!["graph:l"; 10_000].join(" + ");
        let message = shorten_words(&format!("play of {spec} is too large for that"));
        assert!(
            message.chars().count() < MAX_MESSAGE_CHARS + 50,
            "{message}"
        );
        assert!(message.starts_with("play of graph:l + "), "{message}");
        assert!(message.ends_with(" is too large for that"), "{message}");
        assert!(message.contains("characters in all"), "{message}");
        assert_eq!(shorten_words(&message), message, "shortened once only");
    }

    #[test]
    fn missing_message() {
        let e = InputError::missing("position", "heap sizes such as \"3 4 5\"");
        assert_eq!(
            e.to_string(),
            "missing position: expected heap sizes such as \"3 4 5\""
        );
    }

    #[test]
    fn control_characters_are_escaped_and_long_words_shortened() {
        let e = InputError::invalid("move", "3\n4\t\u{1b}[2J\u{feff}\0", "a number");
        let message = e.to_string();
        assert!(!message.chars().any(|c| c.is_control()), "{message}");
        assert!(
            message.contains("\\n") && message.contains("\\u{1b}"),
            "{message}"
        );
        let spec = (1..3000)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let message = Error::NoKnownValue(format!("subtraction:{spec}: no period")).to_string();
        assert!(message.len() < 100, "{message}");
        assert!(
            message.contains("(13900 characters) no period"),
            "{message}"
        );
    }

    #[test]
    fn long_tokens_are_abbreviated_to_one_short_line() {
        let token = "7".repeat(1_000_000);
        let message = InputError::invalid("heap size", &token, "a number").to_string();
        assert!(message.len() < 120, "{message}");
        assert!(message.contains("1000000 characters"), "{message}");
        assert!(!message.contains('\n'));
    }
}
