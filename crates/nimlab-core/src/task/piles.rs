//! The game of benchmark B (`nimlab task bench`): m piles of a subtraction game,
//! searched whole as one state, to compare a monolithic search with Grundy
//! decomposition.

use crate::rules::Game;

/// Piles of a subtraction game as one state of a monolithic search: a move takes an
/// amount of `set` from one pile. With `sorted`, states are canonicalized by sorting,
/// so permutations of the piles share a memo entry.
#[derive(Clone, Debug)]
pub struct Piles {
    /// The amounts a move may take.
    pub set: Vec<u8>,
    /// Whether states that differ only in the order of their piles are one state.
    pub sorted: bool,
}

impl Game for Piles {
    type Position = Vec<u8>;
    /// (the pile, the amount taken from it).
    type Move = (usize, u8);

    fn legal_moves(&self, piles: &Vec<u8>, limit: usize) -> (Vec<(usize, u8)>, bool) {
        let mut moves = piles.iter().enumerate().flat_map(|(i, &pile)| {
            self.set
                .iter()
                .filter(move |&&s| s <= pile)
                .map(move |&s| (i, s))
        });
        let listed: Vec<_> = moves.by_ref().take(limit).collect();
        let complete = moves.next().is_none();
        (listed, complete)
    }

    fn apply(&self, piles: &Vec<u8>, &(i, s): &(usize, u8)) -> Vec<u8> {
        let mut next = piles.clone();
        next[i] -= s;
        next
    }

    fn canonical(&self, piles: &Vec<u8>) -> Vec<u8> {
        let mut key = piles.clone();
        if self.sorted {
            key.sort_unstable();
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::families::subtraction::Subtraction;
    use crate::heap::HeapSum;
    use crate::protocol::Strategy;
    use crate::rules::Convention;
    use crate::solve::search::Oracle;

    #[test]
    fn the_monolithic_search_agrees_with_decomposition_and_lists_at_most_its_limit() {
        let heaps = HeapSum::new(Subtraction::new(&[1, 2, 3]).unwrap());
        for sorted in [false, true] {
            let game = Piles {
                set: vec![1, 2, 3],
                sorted,
            };
            let mut oracle = Oracle::new(&game, Convention::Normal);
            for piles in [vec![8u8], vec![8, 8], vec![3, 5, 8], vec![1, 2, 3, 4]] {
                let position = piles.iter().map(|&p| crate::num::Nat::from(p)).collect();
                let expected = heaps
                    .analyze(&position, Convention::Normal, 0, &Budget::unlimited())
                    .unwrap()
                    .outcome;
                assert_eq!(oracle.outcome(&piles).unwrap(), expected, "{piles:?}");
            }
            assert_eq!(
                game.legal_moves(&vec![8, 8], 4),
                (vec![(0, 1), (0, 2), (0, 3), (1, 1)], false)
            );
            assert_eq!(game.legal_moves(&vec![2], 4), (vec![(0, 1), (0, 2)], true));
        }
    }
}
