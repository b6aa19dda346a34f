//! The rules every game shares: how a game moves ([`Game`]), who wins at its end
//! ([`Convention`]), and the outcome classes ([`Outcome`]).

use std::fmt::Debug;
use std::hash::Hash;

/// Who wins when the last move is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// Normal play: the player who makes the last move wins.
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
}

/// The outcome class of a position under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The next player, the one to move, wins.
    N,
    /// The previous player, the one who just moved, wins: the player to move loses.
    P,
    /// Neither player can force a win: with perfect play the game goes on forever (a
    /// draw). Only games whose positions can repeat have such positions.
    D,
}

impl Convention {
    /// Misère play if `misere`, else normal play (as a `--misere` flag or a request's
    /// `"misere": true` asks).
    pub fn misere_if(misere: bool) -> Convention {
        if misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }

    /// The convention's name in JSON and records: "normal" or "misere".
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }
}

impl Outcome {
    /// `N` when `mover_wins`, else `P`.
    pub fn from_mover_wins(mover_wins: bool) -> Self {
        if mover_wins { Outcome::N } else { Outcome::P }
    }

    /// The letter used in JSON and in the literature: "N", "P" or "D".
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::D => "D",
        }
    }

    /// The outcome in one sentence for people, the one every front end shows. A won
    /// position says only who wins: what follows (the winning moves, or that the game
    /// is already over) depends on the question.
    pub fn verdict(self) -> &'static str {
        match self {
            Outcome::N => "The player to move wins",
            Outcome::P => {
                "The player to move loses against perfect play: every move leaves a \
                 position the opponent wins."
            }
            Outcome::D => {
                "A draw: neither player can force a win, so with perfect play the game goes \
                 on forever."
            }
        }
    }
}

/// The rules of an impartial game: its positions, its moves, and how it ends.
///
/// Every game family implements it once, and everything else is derived from it:
/// the searches here, play, the moves a person may make. Searches run on small
/// positions; a family's fast strategy is tested against them.
pub trait Game {
    /// A position of the game.
    type Position: Clone + Eq + Hash + Debug + Send + Sync + 'static;

    /// A move, small enough to list many of them for a huge position.
    type Move: Clone + Eq + Hash + Debug + Send + Sync + 'static;

    /// Legal moves in a stable order that starts with the moves that change the
    /// position least, at most `limit` of them, and whether that is all of them.
    /// No moves means the game is over.
    fn legal_moves(&self, position: &Self::Position, limit: usize) -> (Vec<Self::Move>, bool);

    /// [`legal_moves`](Game::legal_moves) into `moves` (emptied first), and whether
    /// that is all of them: searches list the moves of every position they visit into
    /// one buffer. Default: by `legal_moves`. The compact games of searches override
    /// it so that listing allocates nothing.
    fn legal_moves_into(
        &self,
        position: &Self::Position,
        limit: usize,
        moves: &mut Vec<Self::Move>,
    ) -> bool {
        let (listed, complete) = self.legal_moves(position, limit);
        *moves = listed;
        complete
    }

    /// The position after a legal move.
    fn apply(&self, position: &Self::Position, play: &Self::Move) -> Self::Position;

    /// A canonical key for memoization: positions with equal canonical forms must
    /// have identical game trees (e.g. Nim heaps sorted). Default: the position itself.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// Independent components whose disjunctive sum is the position (e.g. the heaps
    /// of a Nim position). Default: the position is one component.
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// Whether the player to move wins at a position with no legal move. Default: no
    /// in normal play (the opponent made the last move and won), yes in misère play.
    /// Games whose end is judged otherwise (reaching the goal point of an attrition
    /// game loses) override it.
    fn mover_wins_at_end(&self, _position: &Self::Position, convention: Convention) -> bool {
        convention == Convention::Misere
    }

    /// How many table entries the position takes in a search's memory: its share of
    /// a [`Budget`](crate::budget::Budget)'s memory. Default: 1; a list of heaps
    /// counts one per heap.
    fn size(&self, _position: &Self::Position) -> usize {
        1
    }

    /// Every position one move away, for brute force on small positions (all of the
    /// moves are listed, however many).
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position> {
        let (moves, _) = self.legal_moves(position, usize::MAX);
        moves
            .iter()
            .map(|play| self.apply(position, play))
            .collect()
    }
}
