//! What the API's requests ask about, read once for every route: a game (with its
//! graph, for a game played on one) and a convention ([`GameRequest`]), or a position
//! of it ([`PositionRequest`]), which `/api/analyze`, `/api/moves` and
//! `/api/position` all read.

use super::resolve;
use nimlab_core::limits::{WEB_HISTORY, WEB_LISTED_MOVES};
use nimlab_core::protocol::TextMove;
use nimlab_core::{AnyPosition, Budget, Convention, Error, InputError, Ruleset};
use serde::Deserialize;
use std::sync::Arc;

/// Which game a request is about, and in which convention.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameRequest {
    game: String,
    #[serde(default)]
    misere: bool,
    graph: Option<String>,
}

impl GameRequest {
    pub(crate) fn convention(&self) -> Convention {
        Convention::misere_if(self.misere)
    }

    pub(crate) fn game(&self, budget: &Budget) -> Result<Arc<dyn Ruleset>, Error> {
        resolve(&self.game, self.graph.as_deref(), budget)
    }
}

/// A question about one position: the game, the position, and the positions played
/// before it (the start first), which decide a draw by repetition in a game whose
/// positions can repeat (the others ignore them).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionRequest {
    game: String,
    position: String,
    #[serde(default)]
    misere: bool,
    graph: Option<String>,
    /// At most this many moves listed ([`WEB_LISTED_MOVES`] by default, and at most).
    max_moves: Option<usize>,
    #[serde(default)]
    history: Vec<String>,
    /// A move to make from `position` first, as a person types it: it is checked
    /// against the rules (not against the moves listed), and the answer is about the
    /// position it leaves, `position` then being the last of the history.
    #[serde(rename = "move")]
    play: Option<String>,
    /// Whether `/api/position` analyzes the position (by default): without, the moves
    /// are listed without their values, for two people playing a start the computer
    /// cannot analyze.
    #[serde(default = "yes")]
    pub(crate) analyze: bool,
}

fn yes() -> bool {
    true
}

/// The most moves an answer lists when `asked` for at most so many: as asked,
/// within [`WEB_LISTED_MOVES`], and that many when not asked.
pub(crate) fn listed(asked: Option<usize>) -> usize {
    asked
        .unwrap_or(WEB_LISTED_MOVES.get())
        .min(WEB_LISTED_MOVES.get())
}

/// The game and convention of a request, and its positions read: the history, then
/// the position asked about.
pub(crate) struct Reading {
    pub(crate) game: Arc<dyn Ruleset>,
    pub(crate) convention: Convention,
    pub(crate) played: Vec<AnyPosition>,
}

impl Reading {
    /// The position asked about: the last one played.
    pub(crate) fn position(&self) -> &AnyPosition {
        self.played.last().expect("the position asked about")
    }
}

impl PositionRequest {
    /// The most moves to list ([`listed`]).
    pub(crate) fn max_moves(&self) -> usize {
        listed(self.max_moves)
    }

    /// The game, its history and the position asked about (after the move asked for,
    /// when there is one, which is returned too).
    pub(crate) fn read(&self, budget: &Budget) -> Result<(Reading, Option<TextMove>), Error> {
        let game = resolve(&self.game, self.graph.as_deref(), budget)?;
        let mut played = read_history(game.as_ref(), &self.history)?;
        let before = game.parse_position(&self.position)?;
        let (position, made) = match &self.play {
            Some(text) => {
                if game.is_over(&before) {
                    return Err(
                        InputError::invalid("move", text, "no move: the game is over").into(),
                    );
                }
                let play = game.parse_move(&before, text)?;
                let made = game.text_move(&before, &play);
                let after = game.apply(&before, &play);
                played.push(before);
                (after, Some(made))
            }
            None => (before, None),
        };
        played.push(position);
        let reading = Reading {
            game,
            convention: Convention::misere_if(self.misere),
            played,
        };
        Ok((reading, made))
    }
}

/// The earlier positions sent, read when the game's positions can repeat (the others
/// need none), at most [`WEB_HISTORY`] of them.
fn read_history(game: &dyn Ruleset, history: &[String]) -> Result<Vec<AnyPosition>, Error> {
    check_length(history.len(), "history", "earlier positions")?;
    if !game.repeats() {
        return Ok(Vec::new());
    }
    Ok(history
        .iter()
        .map(|text| game.parse_position(text))
        .collect::<Result<Vec<AnyPosition>, _>>()?)
}

/// An error naming `field` when `count` things are beyond [`WEB_HISTORY`].
pub(crate) fn check_length(count: usize, field: &str, what: &str) -> Result<(), Error> {
    if count as u64 > WEB_HISTORY.value {
        return Err(InputError::invalid(
            field,
            &count.to_string(),
            format!("at most {} {what}", WEB_HISTORY.value),
        )
        .into());
    }
    Ok(())
}
