//! The state of a game being played: the rules, the start, who moved first and the
//! moves made. No input or output: the dialogue reads and writes around it.

use nimlab_core::protocol::policy::{Player, drawn_by_repetition, winner};
use nimlab_core::protocol::{AnyMove, AnyPosition, Ruleset, TextMove};
use nimlab_core::report::review::PlayedMove;
use nimlab_core::rules::Convention;
use std::sync::Arc;

/// A game in progress between the person and the computer.
pub struct GameState {
    pub game: Arc<dyn Ruleset>,
    pub convention: Convention,
    /// The position before the first move.
    pub start: AnyPosition,
    /// Who made the first move.
    pub first: Player,
    /// The moves made, in order, each with the position it left.
    pub history: Vec<PlayedMove>,
}

impl GameState {
    /// The position now.
    pub fn position(&self) -> &AnyPosition {
        self.history.last().map_or(&self.start, |m| &m.position)
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        if self.history.len() % 2 == 0 {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Who made the last move, if anyone has moved.
    pub fn last_mover(&self) -> Option<Player> {
        self.history.last().map(|m| m.by)
    }

    /// The winner, once no move is left.
    pub fn winner(&self) -> Option<Player> {
        let position = self.position();
        self.game.is_over(position).then(|| {
            winner(
                self.game.as_ref(),
                position,
                self.to_move(),
                self.convention,
            )
        })
    }

    /// Whether the game is declared drawn: the position now has occurred
    /// [`REPETITIONS`](nimlab_core::protocol::policy::REPETITIONS) times with the same
    /// player to move.
    pub fn drawn(&self) -> bool {
        let played: Vec<AnyPosition> = std::iter::once(&self.start)
            .chain(self.history.iter().map(|m| &m.position))
            .cloned()
            .collect();
        drawn_by_repetition(self.game.as_ref(), &played)
    }

    /// Play `play` for `by` from the position now.
    pub fn play(&mut self, by: Player, play: &AnyMove) {
        let before = self.position().clone();
        let TextMove { action, .. } = self.game.text_move(&before, play);
        self.history.push(PlayedMove {
            by,
            action,
            position: self.game.apply(&before, play),
        });
    }

    /// Take back the person's last move and every move after it (the computer's
    /// reply), so that it is the person's turn again; false if the person has not
    /// moved.
    pub fn undo(&mut self) -> bool {
        match self.history.iter().rposition(|m| m.by == Player::Person) {
            Some(last) => {
                self.history.truncate(last);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimlab_core::registry::game;

    /// Undo goes back to the person's turn, to the position before their last move,
    /// whoever moved first.
    #[test]
    fn undo_returns_to_the_persons_last_turn() {
        let ruleset = game("take:3").unwrap();
        let start = ruleset.parse_position("10").unwrap();
        for first in [Player::Person, Player::Computer] {
            let mut state = GameState {
                game: Arc::clone(&ruleset),
                convention: Convention::Normal,
                start: start.clone(),
                first,
                history: Vec::new(),
            };
            assert!(!state.undo());
            let one = state.game.parse_move(state.position(), "1").unwrap();
            state.play(state.to_move(), &one);
            let two = state.game.parse_move(state.position(), "2").unwrap();
            state.play(state.to_move(), &two);
            let before_person = match first {
                Player::Person => "10",
                Player::Computer => "9",
            };
            assert!(state.undo());
            assert_eq!(state.to_move(), Player::Person);
            assert_eq!(state.game.format_position(state.position()), before_person);
        }
    }

    /// A position that occurs for the third time with the same player to move draws
    /// the game; the same position with the other player to move does not count.
    #[test]
    fn the_third_repetition_draws() {
        let ruleset =
            nimlab_core::registry::game_with("graph:g", &|_| Ok("2 3 0 1 1 0 1 1".into())).unwrap();
        let mut state = GameState {
            game: Arc::clone(&ruleset),
            convention: Convention::Normal,
            start: ruleset.parse_position("0").unwrap(),
            first: Player::Person,
            history: Vec::new(),
        };
        // Vertex 0 with the person to move occurs at the start and after moves 2 and
        // 4; vertex 1 with the computer to move only twice by then.
        for (moves, to) in ["1", "0", "1", "0"].into_iter().enumerate() {
            assert!(!state.drawn(), "after {moves} moves");
            let play = state.game.parse_move(state.position(), to).unwrap();
            state.play(state.to_move(), &play);
        }
        assert!(state.drawn());
        state.history.pop();
        // 1 → 1 is a pass: vertex 1 with the person to move, then the computer.
        let pass = state.game.parse_move(state.position(), "1").unwrap();
        state.play(state.to_move(), &pass);
        assert!(!state.drawn());
    }

    /// The winner of a finished game follows the convention: in normal play the last
    /// mover wins, in misère play the last mover loses.
    #[test]
    fn the_last_mover_wins_or_loses_by_the_convention() {
        let ruleset = game("take:3").unwrap();
        for (convention, winner) in [
            (Convention::Normal, Player::Person),
            (Convention::Misere, Player::Computer),
        ] {
            let mut state = GameState {
                game: Arc::clone(&ruleset),
                convention,
                start: ruleset.parse_position("3").unwrap(),
                first: Player::Person,
                history: Vec::new(),
            };
            assert_eq!(state.winner(), None);
            let all = state.game.parse_move(state.position(), "3").unwrap();
            state.play(Player::Person, &all);
            assert_eq!(state.last_mover(), Some(Player::Person));
            assert_eq!(state.winner(), Some(winner));
        }
    }
}
