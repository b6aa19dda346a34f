//! Reviewing a finished game: the moves of the person's that threw a win away.

use crate::budget::Budget;
use crate::error::Error;
use crate::protocol::policy::Player;
use crate::protocol::{AnyMove, AnyPosition, Ruleset};
use crate::rules::{Convention, Outcome};

/// A move of a game, as a record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Who moved.
    pub by: Player,
    /// The move in words.
    pub action: String,
    /// The position after the move.
    pub position: AnyPosition,
}

/// A move of the person's that threw away a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blunder {
    /// Index of the move in the game (0-based).
    pub index: usize,
    /// A move that would have kept the win.
    pub better: AnyMove,
    /// Why that move wins.
    pub reason: String,
}

/// Replay a game and find every move of the person's that turned a won position
/// into a lost one, with a move that would have kept the win; the analyses spend
/// from `budget`.
pub fn review(
    game: &dyn Ruleset,
    convention: Convention,
    start: &AnyPosition,
    moves: &[PlayedMove],
    budget: &Budget,
) -> Result<Vec<Blunder>, Error> {
    let mut blunders = Vec::new();
    let mut before = start;
    for (index, played) in moves.iter().enumerate() {
        if played.by == Player::Person {
            let was = game.analyze(before, convention, 1, budget)?;
            let now = game.analyze(&played.position, convention, 0, budget)?;
            if was.outcome == Outcome::N && now.outcome == Outcome::N {
                let best = &was.winning_moves[0];
                blunders.push(Blunder {
                    index,
                    better: best.play.clone(),
                    reason: best.reason.clone(),
                });
            }
        }
        before = &played.position;
    }
    Ok(blunders)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game;

    #[test]
    fn review_finds_the_move_that_threw_the_win_away() {
        let game = game("take:3").unwrap();
        let played = |by, position: &str| PlayedMove {
            by,
            action: String::new(),
            position: game.parse_position(position).unwrap(),
        };
        let moves = [
            // From 12 the person (to move) is losing: no blunder possible.
            played(Player::Person, "10"),
            played(Player::Computer, "8"),
            // From 8 (lost) nothing to throw away either; 7 is won for the computer...
            played(Player::Person, "7"),
            // ...who errs: 7 → 6 leaves the person a win at 6 (take 2 → 4).
            played(Player::Computer, "6"),
            // The person throws it away: 6 → 5 instead of 6 → 4.
            played(Player::Person, "5"),
        ];
        let start = game.parse_position("12").unwrap();
        let blunders = review(
            game.as_ref(),
            Convention::Normal,
            &start,
            &moves,
            &Budget::unlimited(),
        )
        .unwrap();
        assert_eq!(blunders.len(), 1);
        assert_eq!(blunders[0].index, 4);
        let before = &moves[3].position;
        let better = game.text_move(before, &blunders[0].better);
        assert_eq!(better.to, "4");
    }
}
