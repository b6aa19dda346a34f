//! Any ruleset as a [`Game`] for the generic searches, over positions written as text
//! and within a budget: how the computer looks ahead in play, and how sums of
//! different families are solved by brute force where no theory applies.

use super::Ruleset;
use crate::solve::Convention;
use crate::solve::search::Game;
use std::cell::Cell;

/// Most legal moves listed for one position during a search.
pub const MAX_MOVES: usize = 256;

/// A ruleset searched over text positions, expanding at most `budget` positions.
/// When the budget runs out, or a position has more than [`MAX_MOVES`] moves (or
/// cannot be read), the search is spoiled: [`Searchable::exhausted`] turns true and
/// its results must not be used.
pub struct Searchable<'a> {
    game: &'a dyn Ruleset,
    budget: Cell<usize>,
    exhausted: Cell<bool>,
}

impl<'a> Searchable<'a> {
    /// A search of `game` that may expand up to `budget` positions.
    pub fn new(game: &'a dyn Ruleset, budget: usize) -> Self {
        Searchable {
            game,
            budget: Cell::new(budget),
            exhausted: Cell::new(false),
        }
    }

    /// Whether the search was spoiled (its results are not to be used).
    pub fn exhausted(&self) -> bool {
        self.exhausted.get()
    }
}

impl Game for Searchable<'_> {
    type Position = String;

    fn moves(&self, position: &String) -> Vec<String> {
        if self.budget.get() == 0 || self.exhausted.get() {
            self.exhausted.set(true);
            return Vec::new();
        }
        self.budget.set(self.budget.get() - 1);
        match self.game.successors(position, MAX_MOVES) {
            Ok((after, true)) => after,
            _ => {
                self.exhausted.set(true);
                Vec::new()
            }
        }
    }

    fn mover_wins_at_end(&self, position: &String, convention: Convention) -> bool {
        match self.game.mover_wins_at_end(position, convention) {
            Ok(wins) => wins,
            Err(_) => {
                self.exhausted.set(true);
                false
            }
        }
    }
}
