//! Game records: what `play --record FILE` writes and `review FILE` reads.

use crate::failure::Failure;
use crate::output::{open_to_read, read_text};
use nimlab_core::limits::RECORD_FILE;
use nimlab_core::protocol::policy::Player;
use nimlab_core::report::review::PlayedMove;
use nimlab_core::{AnyPosition, Convention, Ruleset};
use nimlab_runs::files::{open_regular_file, replace_whole};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A game as JSON: the game, the start, every move with who made it and the position
/// after it, and the winner (absent while the game is unfinished).
#[derive(Serialize, Deserialize)]
pub struct Record {
    /// The game's spec string.
    pub game: String,
    /// "normal" or "misere".
    pub convention: String,
    /// The start position.
    pub start: String,
    /// The moves in order.
    pub moves: Vec<RecordedMove>,
    /// "you" or "computer"; `null` if the game was not finished.
    pub winner: Option<String>,
}

/// One move of a record.
#[derive(Serialize, Deserialize)]
pub struct RecordedMove {
    /// "you" or "computer".
    pub by: String,
    /// The move in words.
    #[serde(rename = "move")]
    pub action: String,
    /// The position after the move.
    pub position: String,
}

/// "you" or "computer".
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::Person => "you",
        Player::Computer => "computer",
    }
}

impl Record {
    /// A record of a game so far.
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
        }
    }

    /// Write the record to a file.
    pub fn save(&self, path: &Path) -> Result<(), Failure> {
        let text = serde_json::to_string_pretty(self).expect("a record serializes");
        replace_whole(path, (text + "\n").as_bytes()).map_err(|e| {
            Failure::Other(format!(
                "cannot write the record to {}: {e}",
                path.display()
            ))
        })
    }

    /// Whether a record can be written at `path`, checked before a game starts (so a
    /// game is not played for a record that cannot be kept): the file is created.
    pub fn check_writable(path: &Path) -> Result<(), Failure> {
        open_regular_file(path, std::fs::OpenOptions::new().create(true).append(true))
            .map(drop)
            .map_err(|e| {
                Failure::Input(format!(
                    "cannot write the record to {}: {e}",
                    path.display()
                ))
            })
    }

    /// Read a record from a file; malformed records are input errors.
    pub fn load(path: &Path) -> Result<Self, Failure> {
        let file = open_to_read(path)
            .map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
        let text = read_text(file, &RECORD_FILE, &format!("{}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| {
            Failure::Input(format!(
                "{} is not a nimlab game record: {e}",
                path.display()
            ))
        })
    }

    /// The play convention named in the record.
    pub fn convention(&self) -> Result<Convention, Failure> {
        match self.convention.as_str() {
            "normal" => Ok(Convention::Normal),
            "misere" => Ok(Convention::Misere),
            other => Err(Failure::Input(format!(
                "invalid convention '{other}' in the record: expected normal or misere"
            ))),
        }
    }

    /// The moves as the core sees them, with positions read by `game`.
    pub fn played_moves(&self, game: &dyn Ruleset) -> Result<Vec<PlayedMove>, Failure> {
        self.moves
            .iter()
            .map(|m| {
                let by = match m.by.as_str() {
                    "you" => Player::Person,
                    "computer" => Player::Computer,
                    other => {
                        return Err(Failure::Input(format!(
                            "invalid player '{other}' in the record: expected you or computer"
                        )));
                    }
                };
                Ok(PlayedMove {
                    by,
                    action: m.action.clone(),
                    position: game.parse_position(&m.position)?,
                })
            })
            .collect()
    }
}
