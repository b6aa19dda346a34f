//! Reports: the answers front ends print or serve, as data. `--json` prints them and
//! the web serves them (with the `serde` feature); the terminal writes them as text.
//!
//! Numbers of any size are JSON numbers up to 2^53, which every JSON reader holds
//! exactly, and decimal strings beyond.

pub mod plot;
mod quotient;
pub mod record;
pub mod review;

pub use quotient::QuotientReport;

use crate::error::Error;
use crate::limits::LISTED_TEXT;
use crate::num::Nat;
use crate::protocol::board::Board;
use crate::protocol::{Analysis, AnyMove, AnyPosition, MoveValues, Ruleset};
use crate::rules::{Convention, Outcome};
use crate::solve::period::{Periodicity, Theorem};

/// Who wins a position, its Grundy value, and its winning moves.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AnalysisReport {
    /// The game's spec.
    pub game: String,
    /// The position in canonical syntax, when positions were asked for.
    pub position: Option<String>,
    /// Normal or misère play.
    #[cfg_attr(feature = "serde", serde(with = "crate::json::convention"))]
    pub convention: Convention,
    /// "N" (the player to move wins), "P" (the other player wins) or "D" (a draw).
    #[cfg_attr(feature = "serde", serde(with = "crate::json::outcome"))]
    pub outcome: Outcome,
    /// The normal-play Grundy value, when known.
    #[cfg_attr(feature = "serde", serde(with = "crate::json::optional_number"))]
    pub grundy: Option<Nat>,
    /// In a game whose positions can repeat, when the generalized Sprague–Grundy
    /// value is ∞(K): the set K, the finite values one move reaches.
    #[cfg_attr(
        feature = "serde",
        serde(
            with = "crate::json::optional_numbers",
            skip_serializing_if = "Option::is_none"
        )
    )]
    pub infinite: Option<Vec<Nat>>,
    /// One line saying why.
    pub explanation: String,
    /// How many winning moves there are in all.
    #[cfg_attr(feature = "serde", serde(with = "crate::json::number"))]
    pub winning_move_count: Nat,
    /// The first winning moves.
    pub winning_moves: Vec<WinningMoveReport>,
    /// Whether fewer winning moves are listed than were asked for, because their text
    /// reached [`LISTED_TEXT`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "std::ops::Not::not"))]
    pub text_limited: bool,
    /// The position drawn, when positions were asked for.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub board: Option<Board>,
}

/// A winning move in an [`AnalysisReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WinningMoveReport {
    /// The position after the move, when positions were asked for.
    pub to: Option<String>,
    /// The move in words.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub action: String,
    /// What a person types in `play` to make it, when positions were asked for.
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub text: Option<String>,
    /// Why it wins.
    pub reason: String,
}

impl AnalysisReport {
    /// The report of `analysis` of `position` in `game`. With `with_positions`, the
    /// position, the board and each move's text and result are written out (costly
    /// for huge positions).
    pub fn new(
        game: &dyn Ruleset,
        position: &AnyPosition,
        analysis: Analysis<AnyMove>,
        with_positions: bool,
    ) -> Self {
        let winning_moves = analysis
            .winning_moves
            .into_iter()
            .map(|m| {
                let text = with_positions.then(|| game.text_move(position, &m.play));
                WinningMoveReport {
                    to: text.as_ref().map(|t| t.to.clone()),
                    text: text.map(|t| t.text),
                    action: m.action,
                    reason: m.reason,
                }
            })
            .collect();
        AnalysisReport {
            game: game.spec(),
            position: with_positions.then(|| game.format_position(position)),
            convention: analysis.convention,
            outcome: analysis.outcome,
            grundy: analysis.grundy,
            infinite: analysis.infinite.map(|k| k.into_iter().collect()),
            explanation: analysis.explanation,
            winning_move_count: analysis.winning_move_count,
            winning_moves,
            text_limited: analysis.text_limited,
            board: with_positions.then(|| game.board(position)),
        }
    }
}

/// Every legal move of a position with its value for the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MovesReport {
    /// The game's spec.
    pub game: String,
    /// The position in canonical syntax, when positions were asked for.
    pub position: Option<String>,
    /// Normal or misère play.
    #[cfg_attr(feature = "serde", serde(with = "crate::json::convention"))]
    pub convention: Convention,
    /// How many legal moves there are in all (more than are listed, perhaps).
    #[cfg_attr(feature = "serde", serde(with = "crate::json::number"))]
    pub count: Nat,
    /// The position drawn, when positions were asked for.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub board: Option<Board>,
    /// The first legal moves, winning moves first.
    pub moves: Vec<MoveReport>,
    /// Whether fewer moves are listed than were asked for, because their text would
    /// pass [`LISTED_TEXT`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "std::ops::Not::not"))]
    pub text_limited: bool,
}

/// One legal move in a [`MovesReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveReport {
    /// What a person types in `play` to make it.
    pub text: String,
    /// The move in words.
    pub description: String,
    /// The position after it, when positions were asked for.
    pub to: Option<String>,
    /// The outcome of the position after it, for the opponent: for the player who
    /// makes the move, "win" (P), "lose" (N) or "draw" (D), the JSON field `result`.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "result", with = "crate::json::result")
    )]
    pub after: Outcome,
    /// The normal-play Grundy value of the position after it, where known.
    #[cfg_attr(
        feature = "serde",
        serde(
            with = "crate::json::optional_number",
            skip_serializing_if = "Option::is_none"
        )
    )]
    pub grundy: Option<Nat>,
    /// The remoteness of the position after it, where the game is small enough to
    /// search: how many more moves the game lasts with best play on both sides.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub remoteness: Option<u32>,
}

/// Characters a listed move takes beside its texts: its outcome, value and
/// remoteness, and the words around them.
const MOVE_LINE_CHARS: usize = 40;

impl MovesReport {
    /// The report of `values` of `position` in `game` under `convention`. With
    /// `with_positions`, the position, its board and the position after each move are
    /// written out (costly for huge positions).
    pub fn new(
        game: &dyn Ruleset,
        position: &AnyPosition,
        convention: Convention,
        values: MoveValues<AnyMove>,
        with_positions: bool,
    ) -> Self {
        // The list stops once its text reaches LISTED_TEXT, whatever was chosen.
        let mut text = 0;
        let mut text_limited = values.text_limited;
        let mut moves = Vec::new();
        for value in values.moves {
            if text >= LISTED_TEXT.get() {
                text_limited = true;
                break;
            }
            let play = &value.play;
            let report = MoveReport {
                text: game.move_text(position, play),
                description: game.describe_move(position, play),
                to: with_positions.then(|| game.format_position(&game.apply(position, play))),
                after: value.after,
                grundy: value.grundy,
                remoteness: value.remoteness,
            };
            text += report.text.len()
                + report.description.len()
                + report.to.as_ref().map_or(0, String::len)
                + MOVE_LINE_CHARS;
            moves.push(report);
        }
        MovesReport {
            game: game.spec(),
            position: with_positions.then(|| game.format_position(position)),
            convention,
            count: values.count,
            board: with_positions.then(|| game.board(position)),
            moves,
            text_limited,
        }
    }
}

/// The nim-sequence of a heap game: g(0), …, g(upto).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SequenceReport<'a> {
    /// The game's spec.
    pub game: String,
    /// The largest heap.
    pub upto: usize,
    /// g(0), …, g(upto).
    pub values: &'a [u32],
}

/// The certified period of a heap game's nim-sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PeriodReport {
    /// The game's spec.
    pub game: String,
    /// The least n0 from which the values repeat.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
    /// How many values were computed and compared.
    pub values_checked: usize,
    /// The theorem that makes the check a proof: "finite-memory",
    /// "guy-smith-octal" or "closed-form".
    pub theorem: &'static str,
    /// What was checked and why that proves the period, in a sentence.
    pub certificate: String,
}

impl PeriodReport {
    /// The report of `periodicity` for the game with this spec.
    pub fn new(game: String, periodicity: &Periodicity) -> Self {
        PeriodReport {
            game,
            preperiod: periodicity.preperiod,
            period: periodicity.period,
            values_checked: periodicity.values_checked,
            theorem: match periodicity.theorem {
                Theorem::FiniteMemory { .. } => "finite-memory",
                Theorem::TakeAndBreak(_) => "guy-smith-octal",
                Theorem::ClosedForm { .. } => "closed-form",
            },
            certificate: periodicity.certificate(),
        }
    }
}

/// An error, as a server answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ErrorReport {
    /// The kind: "input", "too-large", "no-known-value", "undefined" or "cancelled".
    pub error: &'static str,
    /// One line for people.
    pub message: String,
    /// For "too-large": the limit's name.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub limit: Option<&'static str>,
    /// For "too-large": the limit's value.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub max: Option<u64>,
    /// For "too-large": what the question needs, when known.
    #[cfg_attr(
        feature = "serde",
        serde(
            with = "crate::json::optional_number",
            skip_serializing_if = "Option::is_none"
        )
    )]
    pub needed: Option<Nat>,
}

impl From<&Error> for ErrorReport {
    fn from(error: &Error) -> Self {
        let kind = match error {
            Error::Input(_) => "input",
            Error::TooLarge(_) => "too-large",
            Error::NoKnownValue(_) => "no-known-value",
            Error::Undefined(_) => "undefined",
            Error::Cancelled(_) => "cancelled",
            Error::OutOfTime(_) => "out-of-time",
        };
        let too_large = match error {
            Error::TooLarge(too_large) => Some(too_large),
            _ => None,
        };
        ErrorReport {
            error: kind,
            message: error.to_string(),
            limit: too_large.map(|t| t.limit),
            max: too_large.map(|t| t.max),
            needed: too_large.and_then(|t| t.needed.clone()),
        }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn json_numbers_switch_to_strings_past_2_pow_53() {
        let board = |n: u64| Board::Pot {
            tokens: Nat::from(n),
            choices: String::new(),
        };
        let json = serde_json::to_string(&board(1 << 53)).unwrap();
        assert!(json.contains("\"tokens\":9007199254740992"), "{json}");
        let json = serde_json::to_string(&board((1 << 53) + 1)).unwrap();
        assert!(json.contains("\"tokens\":\"9007199254740993\""), "{json}");
        assert!(json.contains("\"kind\":\"pot\""), "{json}");
    }
}
