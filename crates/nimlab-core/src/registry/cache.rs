//! Games built before, shared by canonical spec and bounded by the memory their tables
//! keep.

use crate::limits::CACHED_MEMORY;
use crate::protocol::Ruleset;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The most games the registry keeps built.
pub const CACHED_GAMES: usize = 64;

pub(super) struct Cache {
    games: Mutex<VecDeque<Arc<dyn Ruleset>>>,
}

pub(super) static CACHE: Cache = Cache {
    games: Mutex::new(VecDeque::new()),
};

impl Cache {
    /// The cached game with the same spec as `built`, or `built`, now cached; and
    /// whether it is `built` (the spec was not cached).
    pub(super) fn share(&self, built: Arc<dyn Ruleset>) -> (Arc<dyn Ruleset>, bool) {
        let spec = built.spec();
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let shared = match games.iter().find(|game| game.spec() == spec) {
            Some(game) => (game.clone(), false),
            None => {
                if games.len() == CACHED_GAMES {
                    games.pop_front();
                }
                games.push_back(built.clone());
                (built, true)
            }
        };
        // Tables grow after a game is cached: the bound is checked at every use.
        keep_within(&mut games, CACHE_BOUND.load(Ordering::Relaxed));
        shared
    }
}

/// The words of memory the cache's games may keep: [`CACHED_MEMORY`] unless a front
/// end chose less ([`bound_cache`]).
static CACHE_BOUND: AtomicU64 = AtomicU64::new(CACHED_MEMORY.value);

/// Keep at most `words` words of tables in the cache of built games from now on (a
/// server that bounds its whole memory gives the cache a share of it), and drop the
/// oldest games beyond it now.
pub fn bound_cache(words: u64) {
    CACHE_BOUND.store(words, Ordering::Relaxed);
    trim_cache();
}

/// Drop the oldest cached games until those left keep at most the cache's bound, or
/// one is left. The bound is checked whenever a game is looked up; a computation
/// that grew a cached game's tables calls this to check it at once. A dropped game
/// is freed when the last computation using it ends.
pub fn trim_cache() {
    let mut games = CACHE
        .games
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    keep_within(&mut games, CACHE_BOUND.load(Ordering::Relaxed));
}

/// Drop the oldest games until those left keep at most `words` of memory between
/// them, or one is left (the newest, which its caller holds anyway).
fn keep_within(games: &mut VecDeque<Arc<dyn Ruleset>>, words: u64) {
    let mut held: u64 = games.iter().map(|game| game.held_words()).sum();
    while held > words && games.len() > 1 {
        let oldest = games.pop_front().expect("more than one game");
        held = held.saturating_sub(oldest.held_words());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::registry::game;
    use crate::rules::Convention;

    /// Games report the tables they keep, and the cache drops its oldest games when
    /// their tables pass its bound, keeping the newest.
    #[test]
    fn the_cache_is_bounded_by_the_memory_its_games_keep() {
        let budget = Budget::unlimited();
        // Grundy's game has no known period: its engine keeps every value.
        let grundy = game("grundy-game").unwrap();
        let sequence = grundy.heap_game().unwrap().sequence();
        sequence.grundy_table(40_000, &budget).unwrap();
        assert!(grundy.held_words() >= 10_000, "two bytes a value");
        let copycat = game("copycat:7").unwrap();
        let position = copycat.parse_position("20").unwrap();
        copycat
            .analyze(&position, Convention::Normal, 1, &budget)
            .unwrap();
        assert!(copycat.held_words() > 0);
        let mut games: VecDeque<Arc<dyn Ruleset>> =
            [game("nim").unwrap(), grundy.clone(), copycat.clone()].into();
        let all: u64 = games.iter().map(|g| g.held_words()).sum();
        keep_within(&mut games, all);
        assert_eq!(games.len(), 3, "within the bound, nothing is dropped");
        keep_within(&mut games, copycat.held_words());
        let left: Vec<String> = games.iter().map(|g| g.spec()).collect();
        assert_eq!(left, ["copycat:7"], "the oldest go first");
        keep_within(&mut games, 0);
        assert_eq!(games.len(), 1, "the newest stays");
    }

    #[test]
    fn games_are_shared_by_canonical_spec() {
        let a = game("subtraction:4,1,3").unwrap();
        let b = game("subtraction:1,3,4").unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &game("subtraction:1,3").unwrap()));
    }
}
