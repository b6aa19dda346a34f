//! The generic game protocol and the two searches over it: the memoized Grundy engine
//! and the brute-force win/loss oracle that tests every fast strategy.
//!
//! Both walk the game graph with an explicit stack, never the call stack, so a chain
//! of a million positions needs memory, not stack depth. A position reachable from
//! itself is reported as [`Loop`] instead of looping forever.

use super::mex::MexSet;
use super::{Convention, Outcome};
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

/// The rules of an impartial game as the generic searches see them.
///
/// Implementations describe small positions exactly; the fast strategies of each game
/// family are tested against searches over this trait.
pub trait Game {
    /// A position of the game.
    type Position: Clone + Eq + Hash + Debug;

    /// Every position reachable in one move. Terminal positions have none.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;

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

    /// Whether the player to move wins at a terminal position (one with no moves).
    /// Default: no in normal play (the opponent made the last move and won), yes in
    /// misère play. Games whose end is judged otherwise (reaching the goal point of
    /// an attrition game loses) override it.
    fn mover_wins_at_end(&self, _position: &Self::Position, convention: Convention) -> bool {
        convention == Convention::Misere
    }
}

/// The game graph has a cycle through this position, so it has no Grundy value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is loopy: position {0:?} can be reached from itself")]
pub struct Loop<P: Debug>(pub P);

/// Memo of a post-order walk: `None` while a node is being evaluated (on the stack).
type Memo<K, V> = HashMap<K, Option<V>>;

/// One node on the explicit stack: its dependencies, the next one to visit, and the
/// data `combine` needs once they are all known.
struct Frame<K, D> {
    key: K,
    deps: Vec<K>,
    next: usize,
    data: D,
}

/// Evaluate `root` bottom-up over a DAG: `expand` names a node's dependencies (and
/// any data kept for later); `combine` computes its value once every dependency is in
/// the memo. Iterative; reports a cycle as [`Loop`] and leaves the memo consistent.
fn evaluate<K, V, D>(
    memo: &mut Memo<K, V>,
    root: K,
    mut expand: impl FnMut(&K) -> (Vec<K>, D),
    mut combine: impl FnMut(D, &Memo<K, V>) -> V,
) -> Result<V, Loop<K>>
where
    K: Clone + Eq + Hash + Debug,
    V: Clone,
{
    if let Some(Some(value)) = memo.get(&root) {
        return Ok(value.clone());
    }
    let mut stack: Vec<Frame<K, D>> = Vec::new();
    open(root, memo, &mut stack, &mut expand);
    while let Some(frame) = stack.last_mut() {
        if frame.next < frame.deps.len() {
            let dep = &frame.deps[frame.next];
            frame.next += 1;
            match memo.get(dep) {
                Some(Some(_)) => {}
                Some(None) => {
                    let culprit = dep.clone();
                    for open in stack {
                        memo.remove(&open.key);
                    }
                    return Err(Loop(culprit));
                }
                None => {
                    let dep = dep.clone();
                    open(dep, memo, &mut stack, &mut expand);
                }
            }
        } else {
            let frame = stack.pop().expect("stack is not empty");
            let value = combine(frame.data, memo);
            memo.insert(frame.key, Some(value.clone()));
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }
    unreachable!("the loop returns when the root frame is finished")
}

/// Start evaluating `key`: mark it open in the memo and push its frame.
fn open<K, V, D>(
    key: K,
    memo: &mut Memo<K, V>,
    stack: &mut Vec<Frame<K, D>>,
    expand: &mut impl FnMut(&K) -> (Vec<K>, D),
) where
    K: Clone + Eq + Hash,
{
    let (deps, data) = expand(&key);
    memo.insert(key.clone(), None);
    stack.push(Frame {
        key,
        deps,
        next: 0,
        data,
    });
}

/// The value of a node the walk has finished.
fn known<K: Eq + Hash, V: Copy>(memo: &Memo<K, V>, key: &K) -> V {
    memo[key].expect("dependencies are evaluated before their dependents")
}

/// Memoized Grundy values over the [`Game`] protocol, using decomposition: the value
/// of a position is the XOR of its components' values, and each component's value is
/// the mex of the values of its options.
pub struct GrundyEngine<'g, G: Game> {
    game: &'g G,
    memo: Memo<G::Position, u32>,
}

impl<'g, G: Game> GrundyEngine<'g, G> {
    /// An engine with an empty memo.
    pub fn new(game: &'g G) -> Self {
        GrundyEngine {
            game,
            memo: HashMap::new(),
        }
    }

    /// The Grundy value of a position (normal play).
    pub fn grundy(&mut self, position: &G::Position) -> Result<u32, Loop<G::Position>> {
        let mut total = 0;
        for component in self.game.components(position) {
            total ^= self.component_value(self.game.canonical(&component))?;
        }
        Ok(total)
    }

    /// How many distinct components the memo holds.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    fn component_value(&mut self, component: G::Position) -> Result<u32, Loop<G::Position>> {
        let game = self.game;
        evaluate(
            &mut self.memo,
            component,
            |position| {
                let options: Vec<Vec<G::Position>> = game
                    .moves(position)
                    .iter()
                    .map(|option| {
                        game.components(option)
                            .iter()
                            .map(|c| game.canonical(c))
                            .collect()
                    })
                    .collect();
                (options.concat(), options)
            },
            |options, memo| {
                let mut seen = MexSet::new(options.len());
                for option in &options {
                    let value = option.iter().fold(0, |acc, c| acc ^ known(memo, c));
                    seen.insert(value as usize);
                }
                seen.mex() as u32
            },
        )
    }
}

/// Brute-force win/loss search: no Grundy values, no decomposition, just "the player
/// to move wins iff some move leads to a position where the player to move loses".
/// Terminal positions are judged by [`Game::mover_wins_at_end`]: lost in normal play
/// and won in misère play unless the game says otherwise.
///
/// It also measures each position's *remoteness*: how many more moves the game lasts
/// when the winner hurries and the loser delays (0 at the end; from a won position,
/// 1 + the least remoteness of a lost option; from a lost one, 1 + the greatest
/// remoteness of any option).
pub struct Oracle<'g, G: Game> {
    game: &'g G,
    convention: Convention,
    memo: Memo<G::Position, (bool, u32)>,
}

impl<'g, G: Game> Oracle<'g, G> {
    /// An oracle for one play convention.
    pub fn new(game: &'g G, convention: Convention) -> Self {
        Oracle {
            game,
            convention,
            memo: HashMap::new(),
        }
    }

    /// How many distinct positions the memo holds.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The outcome of a position under this oracle's convention.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, Loop<G::Position>> {
        Ok(self.remoteness(position)?.0)
    }

    /// The outcome and remoteness of a position.
    pub fn remoteness(
        &mut self,
        position: &G::Position,
    ) -> Result<(Outcome, u32), Loop<G::Position>> {
        let game = self.game;
        let convention = self.convention;
        let (wins, remoteness) = evaluate(
            &mut self.memo,
            game.canonical(position),
            |p| {
                let options: Vec<G::Position> =
                    game.moves(p).iter().map(|o| game.canonical(o)).collect();
                let terminal_wins = game.mover_wins_at_end(p, convention);
                (options.clone(), (options, terminal_wins))
            },
            |(options, terminal_wins), memo| {
                let values = options.iter().map(|o| known(memo, o));
                let quickest_win = values
                    .clone()
                    .filter(|(wins, _)| !wins)
                    .map(|(_, r)| r)
                    .min();
                match quickest_win {
                    Some(r) => (true, r + 1),
                    None => match values.map(|(_, r)| r).max() {
                        Some(r) => (false, r + 1),
                        None => (terminal_wins, 0),
                    },
                }
            },
        )?;
        Ok((Outcome::from_mover_wins(wins), remoteness))
    }
}

#[cfg(test)]
impl<G: Game> Oracle<'_, G> {
    /// The positions one move from `position` that are lost for the player to move in
    /// them: where the winning moves go, by brute force (for tests of strategies).
    pub(crate) fn winning_options(
        &mut self,
        position: &G::Position,
    ) -> std::collections::HashSet<G::Position> {
        let game = self.game;
        game.moves(position)
            .into_iter()
            .filter(|option| self.outcome(option).expect("acyclic") == Outcome::P)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A token on 0..=len; a move steps it one or two places down.
    struct Chain {
        len: u32,
    }

    impl Game for Chain {
        type Position = u32;
        fn moves(&self, p: &u32) -> Vec<u32> {
            assert!(*p <= self.len);
            (1..=2).filter(|s| s <= p).map(|s| p - s).collect()
        }
    }

    #[test]
    fn a_chain_of_a_million_positions_does_not_overflow_the_stack() {
        let chain = Chain { len: 1_000_000 };
        let mut engine = GrundyEngine::new(&chain);
        assert_eq!(engine.grundy(&1_000_000).unwrap(), 1_000_000 % 3);
        assert_eq!(engine.memo_len(), 1_000_001);
        let mut oracle = Oracle::new(&chain, Convention::Normal);
        assert_eq!(oracle.outcome(&999_999).unwrap(), Outcome::P);
        assert_eq!(oracle.memo_len(), 1_000_000);
    }

    /// Two-pile Nim without decomposition knowledge except through `components`.
    struct PairNim;

    impl Game for PairNim {
        type Position = Vec<u32>;
        fn moves(&self, p: &Vec<u32>) -> Vec<Vec<u32>> {
            let mut out = Vec::new();
            for i in 0..p.len() {
                for smaller in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = smaller;
                    out.push(q);
                }
            }
            out
        }
        fn canonical(&self, p: &Vec<u32>) -> Vec<u32> {
            let mut q = p.clone();
            q.sort_unstable();
            q
        }
        fn components(&self, p: &Vec<u32>) -> Vec<Vec<u32>> {
            p.iter().map(|&h| vec![h]).collect()
        }
    }

    #[test]
    fn engine_with_decomposition_matches_bouton_and_the_oracle() {
        let mut engine = GrundyEngine::new(&PairNim);
        let mut oracle = Oracle::new(&PairNim, Convention::Normal);
        for a in 0..12 {
            for b in 0..12 {
                let g = engine.grundy(&vec![a, b]).unwrap();
                assert_eq!(g, a ^ b);
                let expected = if g == 0 { Outcome::P } else { Outcome::N };
                assert_eq!(oracle.outcome(&vec![a, b]).unwrap(), expected);
            }
        }
    }

    #[test]
    fn remoteness_counts_the_moves_left_with_best_play() {
        let mut oracle = Oracle::new(&PairNim, Convention::Normal);
        assert_eq!(oracle.remoteness(&vec![]).unwrap(), (Outcome::P, 0));
        // The winner takes the whole heap at once.
        assert_eq!(oracle.remoteness(&vec![5]).unwrap(), (Outcome::N, 1));
        // The loser takes one token at a time from 2 2: 1 2, then 1 1, 0 1, 0 0.
        assert_eq!(oracle.remoteness(&vec![2, 2]).unwrap(), (Outcome::P, 4));
        let mut chain_oracle = Oracle::new(&Chain { len: 30 }, Convention::Normal);
        assert_eq!(chain_oracle.remoteness(&30).unwrap(), (Outcome::P, 20));
    }

    #[test]
    fn misere_oracle_on_single_heaps() {
        let mut oracle = Oracle::new(&PairNim, Convention::Misere);
        assert_eq!(oracle.outcome(&vec![]).unwrap(), Outcome::N);
        assert_eq!(oracle.outcome(&vec![1]).unwrap(), Outcome::P);
        assert_eq!(oracle.outcome(&vec![1, 1]).unwrap(), Outcome::N);
        assert_eq!(oracle.outcome(&vec![2, 2]).unwrap(), Outcome::P);
    }

    /// 0 → 1 → 2 → 0 (and 2 → 3, a dead end).
    struct Cycle;

    impl Game for Cycle {
        type Position = u8;
        fn moves(&self, p: &u8) -> Vec<u8> {
            match p {
                0 => vec![1],
                1 => vec![2],
                2 => vec![3, 0],
                _ => vec![],
            }
        }
    }

    #[test]
    fn cycles_are_reported_not_followed() {
        let mut engine = GrundyEngine::new(&Cycle);
        assert!(engine.grundy(&0).is_err());
        assert_eq!(engine.grundy(&3).unwrap(), 0);
        assert_eq!(engine.grundy(&3).unwrap(), 0);
        let mut oracle = Oracle::new(&Cycle, Convention::Normal);
        assert!(oracle.outcome(&1).is_err());
        assert_eq!(oracle.outcome(&3).unwrap(), Outcome::P);
    }
}
