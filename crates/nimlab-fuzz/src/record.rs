//! Game records: what `nimlab play --record FILE` and the web page's "Save game"
//! write, and `nimlab review FILE` and "Open game" read.
//!
//! The target takes the readers' path through the core ([`Record`]): the JSON text,
//! the game its spec names (a graph the record carries, else the example a file name
//! stands for), the start and every move checked legal, and the review.

use nimlab_core::Budget;
use nimlab_core::registry::{example_loader, game_with};
use nimlab_core::report::record::Record;
use nimlab_core::report::review::review;

/// A record's JSON text, reviewed as `nimlab review` does when every check passes.
pub fn record(data: &[u8]) {
    let Some(record) =
        crate::text(data).and_then(|text| Record::from_json(text, "the record").ok())
    else {
        return;
    };
    let game = match &record.graph {
        Some(graph) => game_with(&record.game, &|_| Ok(graph.clone())),
        None => game_with(&record.game, &example_loader),
    };
    let Ok(game) = game else {
        return;
    };
    let Ok(replay) = record.replay(game.as_ref()) else {
        return;
    };
    let _ = review(
        game.as_ref(),
        replay.convention,
        &replay.start,
        &replay.moves,
        &Budget::unlimited(),
    );
}
