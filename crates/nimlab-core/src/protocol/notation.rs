//! How a family's positions and moves are written, read and drawn for people: the
//! half of the protocol that has nothing to do with who wins.

use super::board::{Board, Clicks};
use crate::error::InputError;
use crate::limits::SEARCH_BRANCHING;
use crate::rules::{Convention, Game};

/// A family's notation: its name, its rules in words, how positions and moves are
/// written and read, and how a position is drawn.
///
/// **The minimum a family implements:** [`spec`](Notation::spec),
/// [`rules`](Notation::rules), [`position_syntax`](Notation::position_syntax),
/// [`parse_position`](Notation::parse_position) and
/// [`format_position`](Notation::format_position). The rest have defaults for games
/// with few moves per position: a move is described and typed as the position it
/// leads to, and found among the legal moves; the board is the position's text.
/// Families whose positions can be huge (a heap of a million digits) override them to
/// decide by the rules, and families with a drawing of their own override
/// [`board`](Notation::board) (and [`clicks`](Notation::clicks) to be played by
/// clicking it).
pub trait Notation: Game {
    /// The canonical spec string, e.g. `subtraction:1,3,4`.
    fn spec(&self) -> String;

    /// The rules in one or two sentences, for people.
    fn rules(&self) -> String;

    /// How positions are written, with an example, for help and error messages.
    fn position_syntax(&self) -> String;

    /// Read a position; errors name the offending token.
    fn parse_position(&self, text: &str) -> Result<Self::Position, InputError>;

    /// Write a position so that [`Notation::parse_position`] reads it back.
    fn format_position(&self, position: &Self::Position) -> String;

    /// A legal move in words, as an imperative phrase ("take 2 tokens from heap 1").
    /// Default: "move to" the position after it.
    fn describe_move(&self, position: &Self::Position, play: &Self::Move) -> String {
        format!(
            "move to {}",
            self.format_position(&self.apply(position, play))
        )
    }

    /// The position as data that a front end draws. Default: its text.
    fn board(&self, position: &Self::Position) -> Board {
        Board::Text {
            text: self.format_position(position),
        }
    }

    /// How a legal move is made on [`Notation::board`]'s drawing: the sequences of
    /// spots to click (see [`Clicks`]). Default: none, the move is typed or chosen
    /// from a list.
    fn clicks(&self, _position: &Self::Position, _play: &Self::Move) -> Clicks {
        Vec::new()
    }

    /// What clicking the board does, in a sentence or two for people ("Click a token
    /// to take it and every token after it."). Default: empty, for games without
    /// [`Notation::clicks`].
    fn click_help(&self) -> String {
        String::new()
    }

    /// What a person types for a legal move: [`Notation::parse_move`] reads it back
    /// as the same move. Default: the position after the move.
    fn move_text(&self, position: &Self::Position, play: &Self::Move) -> String {
        self.format_position(&self.apply(position, play))
    }

    /// Read a person's move in this position; the error says what is expected.
    /// Default: the position after the move, as [`Notation::move_text`] writes it.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, InputError> {
        self.parse_position(text)
            .ok()
            .and_then(|to| self.move_to(position, &to))
            .ok_or_else(|| InputError::invalid("move", text, self.move_syntax(position)))
    }

    /// How to type a move in this position, with an example. Default: the position
    /// after the first legal move.
    fn move_syntax(&self, position: &Self::Position) -> String {
        let (moves, _) = self.legal_moves(position, 1);
        match moves.first() {
            Some(play) => format!(
                "the position after your move, e.g. {}",
                self.move_text(position, play)
            ),
            None => "no move: the game is over".to_string(),
        }
    }

    /// The legal move from `from` that leads to `to`, or `None` if no legal move
    /// does. Default: looked for among the first [`SEARCH_BRANCHING`] legal moves;
    /// families with more moves decide it by the rules, for positions of any size.
    fn move_to(&self, from: &Self::Position, to: &Self::Position) -> Option<Self::Move> {
        let (moves, _) = self.legal_moves(from, SEARCH_BRANCHING.get());
        moves.into_iter().find(|play| self.apply(from, play) == *to)
    }

    /// How the game ends under `convention`, as a sentence for people ("Whoever
    /// makes the last move wins."); empty when the rules already say it.
    fn ending(&self, convention: Convention) -> String {
        match convention {
            Convention::Normal => "Whoever makes the last move wins.".to_string(),
            Convention::Misere => "Whoever makes the last move loses.".to_string(),
        }
    }
}
