//! Game records: what `nimlab play --record FILE` and the web page's "Save game"
//! write, and `nimlab review FILE` and "Open game" read.
//!
//! The target takes the readers' path through the core ([`Record`]): the JSON text,
//! the game its spec names (a graph the record carries, else the example a file name
//! stands for), the start and every move checked legal, and the review.

use crate::QUESTION_TIME;
use nimlab_core::Budget;
use nimlab_core::registry::{Spec, example_loader};
use nimlab_core::report::record::Record;
use nimlab_core::report::review::review;

/// A record's JSON text, reviewed as `nimlab review` does when every check passes.
pub fn record(data: &[u8]) {
    let Some(record) =
        crate::text(data).and_then(|text| Record::from_json(text, "the record").ok())
    else {
        return;
    };
    let budget = Budget::question(Some(QUESTION_TIME));
    let graph = record.graph.clone();
    let loaded = |name: &str| match &graph {
        Some(graph) => Ok(graph.clone()),
        None => example_loader(name),
    };
    let Some(game) =
        (record.game.parse::<Spec>().ok()).and_then(|spec| spec.build(&loaded, &budget).ok())
    else {
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
        &budget,
    );
}
