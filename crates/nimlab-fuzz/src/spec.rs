//! The spec and position parser: `nimlab_core::registry`'s specs (every family, sums
//! included), and each game's positions and typed moves.

use nimlab_core::Budget;
use nimlab_core::registry::{Spec, example_loader, game_with};

/// Three lines: a game spec, a position of it and a move typed in that position. A
/// game that reads a file (`dag:`, `graph:`) gets the examples' graphs.
///
/// Checks that the game's canonical spec names the same game, that a position it
/// writes reads back as the same position, that every move it lists (the first few)
/// reads back from the text a person would type, and that a typed move it accepts
/// leads to a position it can reach by a legal move.
pub fn spec(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    let mut lines = text.splitn(3, '\n');
    let (spec, position, typed) = (
        lines.next().unwrap_or(""),
        lines.next().unwrap_or(""),
        lines.next().unwrap_or(""),
    );
    let Ok(spec) = spec.parse::<Spec>() else {
        return;
    };
    let budget = Budget::question(Some(crate::QUESTION_TIME));
    let Ok(game) = spec.build(&example_loader, &budget) else {
        return;
    };
    let canonical = game.spec();
    let again = game_with(&canonical, &example_loader)
        .unwrap_or_else(|e| panic!("the canonical spec {canonical:?} does not read: {e}"));
    assert_eq!(
        again.spec(),
        canonical,
        "the canonical spec names another game"
    );
    let Ok(position) = game.parse_position(position) else {
        return;
    };
    let written = game.format_position(&position);
    let reread = game.parse_position(&written).unwrap_or_else(|e| {
        panic!("{canonical}: the written position {written:?} does not read: {e}")
    });
    assert_eq!(
        reread, position,
        "{canonical}: {written:?} reads as another position"
    );
    let (listed, _) = game.legal_moves(&position, 8);
    for play in &listed {
        let typed = game.move_text(&position, play);
        let read = game.parse_move(&position, &typed).unwrap_or_else(|e| {
            panic!("{canonical} at {written:?}: the listed move {typed:?} does not read: {e}")
        });
        assert_eq!(
            game.apply(&position, &read),
            game.apply(&position, play),
            "{canonical} at {written:?}: {typed:?} reads as another move"
        );
    }
    if let Ok(play) = game.parse_move(&position, typed) {
        let after = game.apply(&position, &play);
        assert!(
            game.move_to(&position, &after).is_some(),
            "{canonical} at {written:?}: the typed move {typed:?} leads to {:?}, which no legal move reaches",
            game.format_position(&after)
        );
    }
}
