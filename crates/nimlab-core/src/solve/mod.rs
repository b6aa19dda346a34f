//! Solving impartial games: mex, the generic Grundy engine and brute-force oracle,
//! disjunctive sums, and certified periodicity.

pub mod budget;
pub mod mex;
pub mod period;
pub mod search;
pub mod sum;

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
}

impl Outcome {
    /// `N` when `mover_wins`, else `P`.
    pub fn from_mover_wins(mover_wins: bool) -> Self {
        if mover_wins { Outcome::N } else { Outcome::P }
    }

    /// The letter used in JSON and in the literature: "N" or "P".
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }
}
