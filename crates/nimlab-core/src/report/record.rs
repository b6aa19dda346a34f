//! Game records: a game as JSON, as `nimlab play --record FILE` and the web page's
//! "Save game" write it and `nimlab review FILE` and "Open game" read it
//! (`docs/FORMATS.md` describes the format). Reading and writing the text need the
//! `serde` feature.

use super::review::PlayedMove;
use crate::error::{Error, InputError, quote};
use crate::protocol::policy::Player;
use crate::protocol::{AnyPosition, Ruleset};
use crate::rules::Convention;

/// The names a record gives the players: the person at the keyboard ("you"), the
/// computer, and two people taking turns.
pub const PLAYER_NAMES: [&str; 4] = ["you", "computer", "player 1", "player 2"];

/// A game: the game, the start, every move with who made it and the position after
/// it, and the winner (absent while the game is unfinished).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Record {
    /// The game's spec string.
    pub game: String,
    /// "normal" or "misere".
    pub convention: String,
    /// The start position.
    pub start: String,
    /// The moves in order.
    pub moves: Vec<RecordedMove>,
    /// One of [`PLAYER_NAMES`]; `None` (JSON `null`) if the game was not finished or
    /// ended in a draw.
    pub winner: Option<String>,
    /// For a game played on a graph that came with the game rather than from the file
    /// its spec names (a game of the web page's): the graph's text.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub graph: Option<String>,
}

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct RecordedMove {
    /// Who made it: one of [`PLAYER_NAMES`].
    pub by: String,
    /// The move in words.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub action: String,
    /// The position after the move.
    pub position: String,
}

/// "you" or "computer": the name a record gives the person at the keyboard and the
/// computer.
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::Person => "you",
        Player::Computer => "computer",
    }
}

/// The player a record's name stands for: the computer, or a person (the person at
/// the keyboard and two people taking turns alike).
pub fn player_named(name: &str) -> Result<Player, InputError> {
    match name {
        "computer" => Ok(Player::Computer),
        _ if PLAYER_NAMES.contains(&name) => Ok(Player::Person),
        other => Err(InputError::invalid(
            "player in the record",
            other,
            "you, computer, player 1 or player 2",
        )),
    }
}

/// A record's game checked against the rules: the start and every move, each legal
/// from the position before it.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game's convention.
    pub convention: Convention,
    /// The start.
    pub start: AnyPosition,
    /// The moves, in order.
    pub moves: Vec<PlayedMove>,
}

impl Record {
    /// A record of a game between the person at the keyboard and the computer, so
    /// far.
    pub fn new(
        game: &dyn Ruleset,
        convention: Convention,
        start: &AnyPosition,
        moves: &[PlayedMove],
        winner: Option<Player>,
    ) -> Self {
        Record {
            game: game.spec(),
            convention: convention.name().to_string(),
            start: game.format_position(start),
            moves: moves
                .iter()
                .map(|m| RecordedMove {
                    by: player_name(m.by).to_string(),
                    action: m.action.clone(),
                    position: game.format_position(&m.position),
                })
                .collect(),
            winner: winner.map(|w| player_name(w).to_string()),
            graph: None,
        }
    }

    /// The play convention named in the record.
    pub fn convention(&self) -> Result<Convention, InputError> {
        match self.convention.as_str() {
            "normal" => Ok(Convention::Normal),
            "misere" => Ok(Convention::Misere),
            other => Err(InputError::invalid(
                "convention in the record",
                other,
                "normal or misere",
            )),
        }
    }

    /// The record's game checked against `game`'s rules (the game its spec names):
    /// every position read, every player named as [`PLAYER_NAMES`] says, and every
    /// move a legal move from the position before it, as the rules decide for
    /// positions of any size. The errors name the move at fault.
    pub fn replay(&self, game: &dyn Ruleset) -> Result<Replay, Error> {
        let convention = self.convention()?;
        if let Some(winner) = &self.winner {
            player_named(winner)?;
        }
        let start = game.parse_position(&self.start)?;
        let mut moves: Vec<PlayedMove> = Vec::with_capacity(self.moves.len());
        for (index, recorded) in self.moves.iter().enumerate() {
            let position = game.parse_position(&recorded.position)?;
            let before = moves.last().map_or(&start, |m| &m.position);
            if game.move_to(before, &position).is_none() {
                return Err(InputError::invalid(
                    format!("move {} of the record", index + 1),
                    &recorded.action,
                    format!(
                        "a legal move from {}: it leads to {}",
                        quote(&game.format_position(before)),
                        quote(&game.format_position(&position))
                    ),
                )
                .into());
            }
            moves.push(PlayedMove {
                by: player_named(&recorded.by)?,
                action: recorded.action.clone(),
                position,
            });
        }
        Ok(Replay {
            convention,
            start,
            moves,
        })
    }
}

#[cfg(feature = "serde")]
impl Record {
    /// Read a record from its JSON text; `name` (a file's path) names it in errors.
    pub fn from_json(text: &str, name: &str) -> Result<Record, InputError> {
        serde_json::from_str(text).map_err(|e| {
            InputError::invalid(
                "game record",
                name,
                format!("a nimlab game record (JSON with game, convention, start, moves and winner): {e}"),
            )
        })
    }

    /// The record as JSON text, one field a line, ending with a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record serializes") + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game;

    fn played(game: &dyn Ruleset, by: Player, position: &str) -> PlayedMove {
        PlayedMove {
            by,
            action: format!("to {position}"),
            position: game.parse_position(position).unwrap(),
        }
    }

    #[test]
    fn a_record_replays_its_moves_and_refuses_an_illegal_one() {
        let game = game("take:3").unwrap();
        let start = game.parse_position("12").unwrap();
        let moves = [
            played(game.as_ref(), Player::Computer, "11"),
            played(game.as_ref(), Player::Person, "8"),
        ];
        let record = Record::new(game.as_ref(), Convention::Misere, &start, &moves, None);
        let replay = record.replay(game.as_ref()).unwrap();
        assert_eq!(replay.convention, Convention::Misere);
        assert_eq!(replay.moves, moves);

        let mut illegal = record.clone();
        illegal.moves[1].position = "7".to_string();
        let error = illegal.replay(game.as_ref()).unwrap_err().to_string();
        assert_eq!(
            error,
            "invalid move 2 of the record 'to 8': expected a legal move from '11': it leads to '7'"
        );
        let mut stranger = record.clone();
        stranger.moves[0].by = "referee".to_string();
        let error = stranger.replay(game.as_ref()).unwrap_err().to_string();
        assert!(error.contains("'referee'"), "{error}");
        let mut convention = record;
        convention.convention = "misère".to_string();
        assert!(convention.replay(game.as_ref()).is_err());
    }

    #[test]
    fn people_taking_turns_are_persons() {
        assert_eq!(player_named("player 2"), Ok(Player::Person));
        assert_eq!(player_named("you"), Ok(Player::Person));
        assert_eq!(player_named("computer"), Ok(Player::Computer));
        assert!(player_named("Player 1").is_err());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn the_json_text_reads_back_and_bad_text_names_the_record() {
        let game = game("nim").unwrap();
        let start = game.parse_position("3 4 5").unwrap();
        let moves = [played(game.as_ref(), Player::Person, "1 4 5")];
        let mut record = Record::new(
            game.as_ref(),
            Convention::Normal,
            &start,
            &moves,
            Some(Player::Person),
        );
        assert!(!record.to_json().contains("graph"));
        record.graph = Some("2 1 1 0".to_string());
        let text = record.to_json();
        assert_eq!(Record::from_json(&text, "game.json"), Ok(record));
        let error = Record::from_json("{\"game\": 3}", "game.json").unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("invalid game record 'game.json': expected a nimlab game record"),
            "{error}"
        );
    }

    /// The example of docs/FORMATS.md reads and replays.
    #[cfg(feature = "serde")]
    #[test]
    fn the_documented_example_is_a_record() {
        let formats = include_str!("../../../../docs/FORMATS.md");
        let section = &formats[formats.find("## Game records").unwrap()..];
        let json = section.split("```json\n").nth(1).unwrap();
        let json = &json[..json.find("```").unwrap()];
        let record = Record::from_json(json, "the example").unwrap();
        let game = game(&record.game).unwrap();
        let replay = record.replay(game.as_ref()).unwrap();
        assert_eq!(replay.moves.len(), 2);
        for (played, recorded) in replay.moves.iter().zip(&record.moves) {
            assert_eq!(game.format_position(&played.position), recorded.position);
        }
        let first = game
            .move_to(&replay.start, &replay.moves[0].position)
            .unwrap();
        assert_eq!(
            game.describe_move(&replay.start, &first),
            record.moves[0].action
        );
    }
}
