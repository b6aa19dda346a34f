//! The generic game protocol and the searches over it: the memoized Grundy engine and
//! the brute-force win/loss oracle, which tests every fast strategy and solves what
//! no strategy covers (small misère positions, the computer's longest defence).
//!
//! Both walk the game graph with an explicit stack, never the call stack, so a chain
//! of a million positions needs memory, not stack depth. Both spend from a
//! [`Budget`] and stop cleanly when it runs out. A position reachable from itself is
//! reported as [`SearchError::Loop`] instead of looping forever.

use super::mex::MexSet;
use crate::budget::{Budget, CHECK_EVERY, Exhausted};
use crate::error::Error;
use crate::limits::SEARCH_BRANCHING;
use crate::rules::{Convention, Game, Outcome};
use rustc_hash::FxHashMap;
use std::fmt::Debug;
use std::hash::Hash;

/// Why a search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError<P: Debug> {
    /// The game graph has a cycle through this position, so it has no value.
    #[error("the game is loopy: position {0:?} can be reached from itself")]
    Loop(P),
    /// This position has more moves than a search lists ([`SEARCH_BRANCHING`]).
    #[error("position {0:?} has too many moves to search")]
    TooManyMoves(P),
    /// The budget ran out.
    #[error("the search ran out of budget: {0:?}")]
    Exhausted(Exhausted),
}

impl<P: Debug> SearchError<P> {
    /// The core error for a search of `what` (e.g. "the misère search of kayles")
    /// that stopped for this reason.
    pub fn into_error(self, what: &str) -> Error {
        match self {
            SearchError::Loop(_) => Error::Undefined(format!(
                "{what} found a position that can be reached from itself, so the game has \
                 no value there"
            )),
            SearchError::TooManyMoves(_) => SEARCH_BRANCHING.exceeded(
                None,
                format!(
                    "{what} met a position with more than {} moves, too many to search",
                    SEARCH_BRANCHING.value
                ),
            ),
            SearchError::Exhausted(exhausted) => Error::from_budget(exhausted, what),
        }
    }
}

impl<P: Debug> From<Exhausted> for SearchError<P> {
    fn from(exhausted: Exhausted) -> Self {
        SearchError::Exhausted(exhausted)
    }
}

/// Words a search holds for each position it keeps, beside the position's own size:
/// its slot in the memo (key, value, control byte) and the allocation of its key.
const SLOT_WORDS: u64 = 8;

/// The canonical positions one move away, put into `options` (emptied first, so a
/// search can hand back the list of a position it finished), or an error if there
/// are too many moves or they do not fit `budget`. Making them spends one unit of work
/// for each word of their size and slots, a thousand words at a time as they are made
/// (so the budget's clock is read while the options of a position of a hundred
/// thousand parts are made, not after). `position` is expanded once and keeps its
/// slot in the memo: that is held; its options live only while it is evaluated, and
/// must fit beside what is held.
fn options<G: Game + ?Sized>(
    game: &G,
    position: &G::Position,
    budget: &Budget,
    scratch: &mut Scratch<G>,
) -> Result<(), SearchError<G::Position>> {
    let Scratch { moves, options } = scratch;
    options.clear();
    if !game.legal_moves_into(position, SEARCH_BRANCHING.get(), moves) {
        return Err(SearchError::TooManyMoves(position.clone()));
    }
    let kept = game.size(position) as u64 + SLOT_WORDS;
    budget.spend(kept)?;
    budget.hold(kept)?;
    let mut listed = 0;
    let mut unspent = 0;
    options.reserve(moves.len());
    for play in moves.iter() {
        let option = game.canonical(&game.apply(position, play));
        let words = game.size(&option) as u64 + SLOT_WORDS;
        unspent += words;
        if unspent >= CHECK_EVERY {
            budget.spend(unspent)?;
            unspent = 0;
        }
        listed += words;
        options.push(option);
    }
    budget.spend(unspent)?;
    budget.fits(listed)?;
    Ok(())
}

/// The buffers a search lists a position's moves and options into.
struct Scratch<G: Game + ?Sized> {
    moves: Vec<G::Move>,
    options: Vec<G::Position>,
}

impl<G: Game + ?Sized> Scratch<G> {
    /// Empty buffers; `options` is a list to fill (a finished position's, or new).
    fn new(options: Vec<G::Position>) -> Self {
        Scratch {
            moves: Vec::new(),
            options,
        }
    }
}

/// The budget of searches that are not given one.
static UNLIMITED: Budget = Budget::unlimited();

/// Memo of a post-order walk: `None` while a node is being evaluated (on the stack).
type Memo<K, V> = FxHashMap<K, Option<V>>;

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
/// the memo. Iterative; `expand` spends from a budget for each node; on any error
/// (a cycle, a node that cannot be expanded, the budget) it leaves the memo holding
/// only finished nodes.
fn evaluate<K, V, D>(
    memo: &mut Memo<K, V>,
    root: K,
    mut expand: impl FnMut(&K) -> Result<(Vec<K>, D), SearchError<K>>,
    mut combine: impl FnMut(&[K], D, &Memo<K, V>) -> V,
) -> Result<V, SearchError<K>>
where
    K: Clone + Eq + Hash + Debug,
    V: Clone,
{
    if let Some(Some(value)) = memo.get(&root) {
        return Ok(value.clone());
    }
    let mut stack: Vec<Frame<K, D>> = Vec::new();
    // A stopped walk forgets the positions it left open: one by one when they are
    // few, or in one pass over the memo when they are a good part of it (a cancelled
    // walk down a chain of millions of positions then answers in milliseconds, where
    // millions of lookups took a second).
    let abandon = |stack: Vec<Frame<K, D>>, memo: &mut Memo<K, V>| {
        if stack.len() > memo.len() / 16 {
            memo.retain(|_, value| value.is_some());
        } else {
            for open in stack {
                memo.remove(&open.key);
            }
        }
    };
    if let Err(error) = open(root, memo, &mut stack, &mut expand) {
        abandon(stack, memo);
        return Err(error);
    }
    while let Some(frame) = stack.last_mut() {
        if frame.next < frame.deps.len() {
            let dep = &frame.deps[frame.next];
            frame.next += 1;
            match memo.get(dep) {
                Some(Some(_)) => {}
                Some(None) => {
                    let culprit = dep.clone();
                    abandon(stack, memo);
                    return Err(SearchError::Loop(culprit));
                }
                None => {
                    let dep = dep.clone();
                    if let Err(error) = open(dep, memo, &mut stack, &mut expand) {
                        abandon(stack, memo);
                        return Err(error);
                    }
                }
            }
        } else {
            let frame = stack.pop().expect("stack is not empty");
            let value = combine(&frame.deps, frame.data, memo);
            memo.insert(frame.key, Some(value.clone()));
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }
    unreachable!("the loop returns when the root frame is finished")
}

/// Start evaluating `key`: expand it (which spends from the budget), mark it open in
/// the memo and push its frame.
fn open<K, V, D>(
    key: K,
    memo: &mut Memo<K, V>,
    stack: &mut Vec<Frame<K, D>>,
    expand: &mut impl FnMut(&K) -> Result<(Vec<K>, D), SearchError<K>>,
) -> Result<(), SearchError<K>>
where
    K: Clone + Eq + Hash + Debug,
{
    let (deps, data) = expand(&key)?;
    memo.insert(key.clone(), None);
    stack.push(Frame {
        key,
        deps,
        next: 0,
        data,
    });
    Ok(())
}

/// The value of a node the walk has finished.
fn known<K: Eq + Hash, V: Copy>(memo: &Memo<K, V>, key: &K) -> V {
    memo[key].expect("dependencies are evaluated before their dependents")
}

/// Memoized Grundy values over the [`Game`] protocol, using decomposition: the value
/// of a position is the XOR of its components' values, and each component's value is
/// the mex of the values of its options.
pub struct GrundyEngine<'a, G: Game + ?Sized> {
    game: &'a G,
    budget: &'a Budget,
    memo: Memo<G::Position, u32>,
}

impl<'a, G: Game + ?Sized> GrundyEngine<'a, G> {
    /// An engine with an empty memo and no budget.
    pub fn new(game: &'a G) -> Self {
        GrundyEngine::with_budget(game, &UNLIMITED)
    }

    /// An engine with an empty memo that spends from `budget`.
    pub fn with_budget(game: &'a G, budget: &'a Budget) -> Self {
        GrundyEngine {
            game,
            budget,
            memo: FxHashMap::default(),
        }
    }

    /// The Grundy value of a position (normal play).
    pub fn grundy(&mut self, position: &G::Position) -> Result<u32, SearchError<G::Position>> {
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

    fn component_value(&mut self, component: G::Position) -> Result<u32, SearchError<G::Position>> {
        let game = self.game;
        let budget = self.budget;
        evaluate(
            &mut self.memo,
            component,
            |position| {
                let mut scratch = Scratch::new(Vec::new());
                options(game, position, budget, &mut scratch)?;
                let options: Vec<Vec<G::Position>> = scratch
                    .options
                    .iter()
                    .map(|option| {
                        game.components(option)
                            .iter()
                            .map(|c| game.canonical(c))
                            .collect()
                    })
                    .collect();
                Ok((options.concat(), options))
            },
            |_, options, memo| {
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

/// What a brute-force walk computes at a position from the values of its options.
trait Rule {
    /// The value of a position.
    type Value: Copy;
    /// What is gathered from the options seen so far.
    type Gathered;
    /// Before any option is seen; `terminal_wins` says who wins if there is none.
    fn begin(terminal_wins: bool) -> Self::Gathered;
    /// Gather one option's value; `true` when no further option can change the result.
    fn gather(gathered: &mut Self::Gathered, option: Self::Value) -> bool;
    /// The position's value.
    fn end(gathered: Self::Gathered) -> Self::Value;
}

/// Win or loss only: a position is won as soon as one option is lost, so the walk
/// stops looking at its other options.
struct WinOrLose;

impl Rule for WinOrLose {
    type Value = bool;
    /// (some option seen, some option lost, who wins at the end).
    type Gathered = (bool, bool, bool);

    fn begin(terminal_wins: bool) -> Self::Gathered {
        (false, false, terminal_wins)
    }

    fn gather(gathered: &mut Self::Gathered, option_wins: bool) -> bool {
        gathered.0 = true;
        gathered.1 |= !option_wins;
        gathered.1
    }

    fn end((seen, lost_option, terminal_wins): Self::Gathered) -> bool {
        if seen { lost_option } else { terminal_wins }
    }
}

/// Win or loss and remoteness: every option counts.
struct Remoteness;

impl Rule for Remoteness {
    type Value = (bool, u32);
    /// (least remoteness of a lost option, greatest of any, who wins at the end).
    type Gathered = (Option<u32>, Option<u32>, bool);

    fn begin(terminal_wins: bool) -> Self::Gathered {
        (None, None, terminal_wins)
    }

    fn gather(gathered: &mut Self::Gathered, (option_wins, r): (bool, u32)) -> bool {
        if !option_wins {
            gathered.0 = Some(gathered.0.map_or(r, |q| q.min(r)));
        }
        gathered.1 = Some(gathered.1.map_or(r, |q| q.max(r)));
        false
    }

    fn end((quickest_win, longest, terminal_wins): Self::Gathered) -> (bool, u32) {
        match (quickest_win, longest) {
            (Some(r), _) => (true, r + 1),
            (None, Some(r)) => (false, r + 1),
            (None, None) => (terminal_wins, 0),
        }
    }
}

/// A position being walked: its options, the next one to look at, and what was
/// gathered from those before it.
struct Open<P, Gathered> {
    key: P,
    options: Vec<P>,
    next: usize,
    gathered: Gathered,
}

/// The [`Open`] frame of a walk of `G` by `R`.
type OpenPosition<G, R> = Open<<G as Game>::Position, <R as Rule>::Gathered>;

/// A memoized post-order walk of the game graph by one [`Rule`], on an explicit
/// stack, spending from its budget for every position it lists.
struct Walk<'a, G: Game + ?Sized, R: Rule> {
    game: &'a G,
    convention: Convention,
    budget: &'a Budget,
    /// `None` while a position is open (on the stack).
    memo: FxHashMap<G::Position, Option<R::Value>>,
    /// Lists of options of finished positions, for the next ones opened.
    spare: Vec<Vec<G::Position>>,
    /// The moves of the position being opened.
    moves: Vec<G::Move>,
}

impl<'a, G: Game + ?Sized, R: Rule> Walk<'a, G, R> {
    fn new(game: &'a G, convention: Convention, budget: &'a Budget) -> Self {
        Walk {
            game,
            convention,
            budget,
            memo: FxHashMap::default(),
            spare: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The value of a position. On an error the memo keeps only finished positions.
    fn value(&mut self, position: &G::Position) -> Result<R::Value, SearchError<G::Position>> {
        let root = self.game.canonical(position);
        if let Some(Some(value)) = self.memo.get(&root) {
            return Ok(*value);
        }
        let mut stack = Vec::new();
        let result = self.walk(root, &mut stack);
        if result.is_err() {
            for open in stack {
                self.memo.remove(&open.key);
            }
        }
        result
    }

    fn walk(
        &mut self,
        root: G::Position,
        stack: &mut Vec<OpenPosition<G, R>>,
    ) -> Result<R::Value, SearchError<G::Position>> {
        stack.push(self.open(root)?);
        loop {
            let frame = stack
                .last_mut()
                .expect("the walk returns when the root is done");
            let mut descend = None;
            while frame.next < frame.options.len() {
                match self.memo.get(&frame.options[frame.next]) {
                    Some(Some(value)) => {
                        frame.next += 1;
                        if R::gather(&mut frame.gathered, *value) {
                            frame.next = frame.options.len();
                        }
                    }
                    Some(None) => {
                        return Err(SearchError::Loop(frame.options[frame.next].clone()));
                    }
                    None => {
                        descend = Some(frame.options[frame.next].clone());
                        break;
                    }
                }
            }
            match descend {
                Some(option) => {
                    let open = self.open(option)?;
                    stack.push(open);
                }
                None => {
                    let done = stack.pop().expect("a frame is open");
                    let value = R::end(done.gathered);
                    self.memo.insert(done.key, Some(value));
                    self.spare.push(done.options);
                    let Some(parent) = stack.last_mut() else {
                        return Ok(value);
                    };
                    parent.next += 1;
                    if R::gather(&mut parent.gathered, value) {
                        parent.next = parent.options.len();
                    }
                }
            }
        }
    }

    /// Start on a position: list its options (spending from the budget), mark it open.
    fn open(&mut self, key: G::Position) -> Result<OpenPosition<G, R>, SearchError<G::Position>> {
        let mut scratch = Scratch {
            moves: std::mem::take(&mut self.moves),
            options: self.spare.pop().unwrap_or_default(),
        };
        let listed = options(self.game, &key, self.budget, &mut scratch);
        self.moves = scratch.moves;
        listed?;
        let terminal_wins = self.game.mover_wins_at_end(&key, self.convention);
        self.memo.insert(key.clone(), None);
        Ok(Open {
            key,
            options: scratch.options,
            next: 0,
            gathered: R::begin(terminal_wins),
        })
    }
}

/// Brute-force search: no Grundy values, no decomposition, just "the player to move
/// wins iff some move leads to a position where the player to move loses". Terminal
/// positions are judged by [`Game::mover_wins_at_end`]: lost in normal play and won
/// in misère play unless the game says otherwise.
///
/// It also measures each position's *remoteness*: how many more moves the game lasts
/// when the winner hurries and the loser delays (0 at the end; from a won position,
/// 1 + the least remoteness of a lost option; from a lost one, 1 + the greatest
/// remoteness of any option). That needs every option of every position; when only
/// the outcome matters, [`WinLoss`] looks at fewer.
pub struct Oracle<'a, G: Game + ?Sized> {
    walk: Walk<'a, G, Remoteness>,
}

impl<'a, G: Game + ?Sized> Oracle<'a, G> {
    /// An oracle for one play convention, with no budget.
    pub fn new(game: &'a G, convention: Convention) -> Self {
        Oracle::with_budget(game, convention, &UNLIMITED)
    }

    /// An oracle for one play convention that spends from `budget` for each position
    /// it lists (see [`Game::size`]).
    pub fn with_budget(game: &'a G, convention: Convention, budget: &'a Budget) -> Self {
        Oracle {
            walk: Walk::new(game, convention, budget),
        }
    }

    /// How many distinct positions the memo holds.
    pub fn memo_len(&self) -> usize {
        self.walk.memo.len()
    }

    /// The outcome of a position under this oracle's convention.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, SearchError<G::Position>> {
        Ok(self.remoteness(position)?.0)
    }

    /// The outcome and remoteness of a position.
    pub fn remoteness(
        &mut self,
        position: &G::Position,
    ) -> Result<(Outcome, u32), SearchError<G::Position>> {
        let (wins, remoteness) = self.walk.value(position)?;
        Ok((Outcome::from_mover_wins(wins), remoteness))
    }
}

/// Brute-force win/loss search like [`Oracle`], without remoteness: a position is won
/// as soon as one of its options is found lost, so far fewer positions are visited.
pub struct WinLoss<'a, G: Game + ?Sized> {
    walk: Walk<'a, G, WinOrLose>,
}

impl<'a, G: Game + ?Sized> WinLoss<'a, G> {
    /// A search for one play convention that spends from `budget` for each position
    /// it lists (see [`Game::size`]).
    pub fn with_budget(game: &'a G, convention: Convention, budget: &'a Budget) -> Self {
        WinLoss {
            walk: Walk::new(game, convention, budget),
        }
    }

    /// The outcome of a position under this search's convention.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, SearchError<G::Position>> {
        Ok(Outcome::from_mover_wins(self.walk.value(position)?))
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
        let game = self.walk.game;
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
        type Move = u32;
        fn legal_moves(&self, p: &u32, _limit: usize) -> (Vec<u32>, bool) {
            assert!(*p <= self.len);
            ((1..=2).filter(|s| s <= p).collect(), true)
        }
        fn apply(&self, p: &u32, step: &u32) -> u32 {
            p - step
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
        /// (heap, what it becomes).
        type Move = (usize, u32);
        fn legal_moves(&self, p: &Vec<u32>, _limit: usize) -> (Vec<(usize, u32)>, bool) {
            let moves = (0..p.len())
                .flat_map(|i| (0..p[i]).map(move |smaller| (i, smaller)))
                .collect();
            (moves, true)
        }
        fn apply(&self, p: &Vec<u32>, &(i, smaller): &(usize, u32)) -> Vec<u32> {
            let mut q = p.clone();
            q[i] = smaller;
            q
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
        type Move = u8;
        fn legal_moves(&self, p: &u8, _limit: usize) -> (Vec<u8>, bool) {
            let targets = match p {
                0 => vec![1],
                1 => vec![2],
                2 => vec![3, 0],
                _ => vec![],
            };
            (targets, true)
        }
        fn apply(&self, _p: &u8, target: &u8) -> u8 {
            *target
        }
    }

    #[test]
    fn cycles_are_reported_not_followed() {
        let mut engine = GrundyEngine::new(&Cycle);
        assert!(engine.grundy(&0).is_err());
        assert_eq!(engine.grundy(&3).unwrap(), 0);
        assert_eq!(engine.grundy(&3).unwrap(), 0);
        let mut oracle = Oracle::new(&Cycle, Convention::Normal);
        assert!(matches!(oracle.outcome(&1), Err(SearchError::Loop(_))));
        assert_eq!(oracle.outcome(&3).unwrap(), Outcome::P);
    }

    #[test]
    fn a_budget_that_runs_out_stops_the_search_cleanly() {
        let chain = Chain { len: 100_000 };
        let budget = Budget::work(1000);
        let mut oracle = Oracle::with_budget(&chain, Convention::Normal, &budget);
        assert_eq!(
            oracle.outcome(&100_000),
            Err(SearchError::Exhausted(Exhausted::Work { limit: 1000 }))
        );
        // Only finished positions stay in the memo, and they are right.
        assert!(oracle.memo_len() <= 1000);
        let budget = Budget::work(10);
        let mut engine = GrundyEngine::with_budget(&chain, &budget);
        assert!(matches!(engine.grundy(&50), Err(SearchError::Exhausted(_))));
        assert_eq!(engine.memo_len(), 0);
    }

    #[test]
    fn a_search_holds_no_more_memory_than_its_budget() {
        let chain = Chain { len: 100_000 };
        // Each position of the chain keeps itself in the memo: one word and a slot
        // (the two options it lists live only while it is evaluated).
        let per_position = 1 + SLOT_WORDS;
        let budget = Budget::unlimited().with_memory(1000 * per_position);
        let mut oracle = Oracle::with_budget(&chain, Convention::Normal, &budget);
        assert_eq!(
            oracle.outcome(&100_000),
            Err(SearchError::Exhausted(Exhausted::Memory {
                limit: 1000 * per_position
            }))
        );
        assert!(budget.held() <= 1001 * per_position, "{}", budget.held());
        let budget = Budget::unlimited().with_memory(1000 * per_position);
        let mut oracle = Oracle::with_budget(&chain, Convention::Normal, &budget);
        assert_eq!(oracle.remoteness(&900).unwrap(), (Outcome::P, 600));
    }

    /// A position with more moves than a search lists.
    struct Wide;

    impl Game for Wide {
        type Position = u32;
        type Move = u32;
        fn legal_moves(&self, p: &u32, limit: usize) -> (Vec<u32>, bool) {
            let all = if *p == 0 { 0 } else { 10_000 };
            let moves: Vec<u32> = (0..all.min(limit as u32)).collect();
            let complete = moves.len() == all as usize;
            (moves.into_iter().map(|_| 0).collect(), complete)
        }
        fn apply(&self, _p: &u32, to: &u32) -> u32 {
            *to
        }
    }

    #[test]
    fn too_many_moves_is_an_error_not_a_huge_list() {
        let mut oracle = Oracle::new(&Wide, Convention::Normal);
        assert_eq!(oracle.outcome(&1), Err(SearchError::TooManyMoves(1)));
        assert_eq!(oracle.outcome(&0).unwrap(), Outcome::P);
    }
}
