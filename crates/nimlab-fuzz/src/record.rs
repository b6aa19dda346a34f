//! Game records: what `nimlab play --record FILE` writes and `nimlab review FILE`
//! reads.
//!
//! The record's reader lives in the command line (`crates/nimlab/src/record.rs`), which
//! is not a library; this target reads the same JSON fields into a struct of its own
//! and then takes the review command's path through the core: the game, its start,
//! every move checked legal, and the review.

use crate::QUESTION_TIME;
use nimlab_core::protocol::policy::Player;
use nimlab_core::registry::{Spec, example_loader};
use nimlab_core::report::review::{PlayedMove, review};
use nimlab_core::{Budget, Convention};
use serde::Deserialize;

/// The fields of a record that `review` reads.
#[derive(Deserialize)]
struct Record {
    game: String,
    convention: String,
    start: String,
    moves: Vec<RecordedMove>,
}

#[derive(Deserialize)]
struct RecordedMove {
    by: String,
    #[serde(rename = "move")]
    action: String,
    position: String,
}

/// A record's JSON text, reviewed as `nimlab review` does when every check passes.
pub fn record(data: &[u8]) {
    let Some(record) = crate::text(data).and_then(|text| serde_json::from_str::<Record>(text).ok())
    else {
        return;
    };
    let budget = Budget::question(Some(QUESTION_TIME));
    let Some(game) = (record.game.parse::<Spec>().ok())
        .and_then(|spec| spec.build(&example_loader, &budget).ok())
    else {
        return;
    };
    let convention = match record.convention.as_str() {
        "normal" => Convention::Normal,
        "misere" => Convention::Misere,
        _ => return,
    };
    let Ok(start) = game.parse_position(&record.start) else {
        return;
    };
    let mut moves = Vec::new();
    let mut before = start.clone();
    for recorded in record.moves {
        let by = match recorded.by.as_str() {
            "you" => Player::Person,
            "computer" => Player::Computer,
            _ => return,
        };
        let Ok(position) = game.parse_position(&recorded.position) else {
            return;
        };
        if game.move_to(&before, &position).is_none() {
            return;
        }
        before = position.clone();
        moves.push(PlayedMove {
            by,
            action: recorded.action,
            position,
        });
    }
    let _ = review(game.as_ref(), convention, &start, &moves);
}
