//! Loopy impartial games: games whose positions can repeat, so that play may go on
//! forever. Such play is a draw, and a position is won (N), lost (P) or drawn (D).
//!
//! - [`Gamma`]: the generalized Sprague–Grundy value γ of a position, a number or
//!   ∞(K), and Smith's rule for sums.
//! - [`GammaTable`]: γ of every vertex of a finite directed graph that may have
//!   cycles, by the iterative labelling algorithm.
//! - [`Retrograde`]: the outcome and remoteness of every position reachable from a
//!   start, for any [`Game`], by retrograde analysis; the brute force the rules
//!   above are tested against.
//! - [`PositionValues`]: γ of every position reachable from a start, for any
//!   [`Game`]: the values of a game that states only its rules.
//!
//! **Sources.** C. A. B. Smith, "Graphs and composite games", J. Combinatorial Theory
//! 1 (1966) 51–81, introduced the values and proved the sum rule; A. S. Fraenkel and
//! Y. Yesha, "The generalized Sprague–Grundy function and its invariance under certain
//! mappings", J. Combinatorial Theory A 43 (1986) 165–177, give the definition with a
//! counter function and the labelling algorithm used here; Berlekamp, Conway and Guy,
//! *Winning Ways*, chapter 12 ("Games Eternal – Games Entailed"), present both for
//! play. Every rule here is checked against [`Retrograde`] on whole sums in the tests.
//!
//! **The definition** (Fraenkel–Yesha). γ(u) is finite exactly when (a) γ(u) is the
//! mex of the finite values of u's followers, and (b) every follower v whose value
//! is larger or infinite has a follower w with γ(w) = γ(u) labelled earlier than u
//! (the counter c(w) < c(u)): a move that raises a value can be reversed, with
//! progress. Otherwise γ(u) = ∞(K), K the set of finite values of u's followers.
//!
//! **Smith's rule.** A sum of finite values g1, …, gn has value g1 ⊕ … ⊕ gn. A sum of
//! ∞(K) with finite values of nim-sum s has value ∞(K ⊕ s), where K ⊕ s = {k ⊕ s}; a
//! sum with two or more infinite values is ∞(∅). A position of value 0 is lost for the
//! player to move (P), a finite value above 0 is won (N), and ∞(K) is won when 0 ∈ K
//! (move the infinite part to a position of value 0 in K) and drawn otherwise.

use crate::budget::Budget;
use crate::error::Exhausted;
use crate::num::Nat;
use crate::rules::{Convention, Game, Outcome};
use malachite_base::num::basic::traits::Zero;
use std::collections::{BTreeSet, HashMap};
use std::fmt;

/// A generalized Sprague–Grundy value: a nimber, or ∞(K).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gamma {
    /// A finite value: the position plays in sums like a Nim heap of this size.
    Finite(Nat),
    /// An infinite value ∞(K): the finite values one move reaches are K.
    Infinite(BTreeSet<Nat>),
}

impl Gamma {
    /// The value of the sum of two positions, by Smith's rule.
    pub fn sum(&self, other: &Gamma) -> Gamma {
        match (self, other) {
            (Gamma::Finite(a), Gamma::Finite(b)) => Gamma::Finite(a ^ b),
            (Gamma::Finite(s), Gamma::Infinite(k)) | (Gamma::Infinite(k), Gamma::Finite(s)) => {
                Gamma::Infinite(k.iter().map(|v| v ^ s).collect())
            }
            (Gamma::Infinite(_), Gamma::Infinite(_)) => Gamma::Infinite(BTreeSet::new()),
        }
    }

    /// The value of a sum of positions of these values (0 for none).
    pub fn sum_of<'a>(values: impl IntoIterator<Item = &'a Gamma>) -> Gamma {
        values
            .into_iter()
            .fold(Gamma::Finite(Nat::ZERO), |sum, v| sum.sum(v))
    }

    /// The nim-sum of the finite values among `values`.
    pub fn finite_nim_sum(values: &[Gamma]) -> Nat {
        values
            .iter()
            .filter_map(Gamma::finite)
            .fold(Nat::ZERO, |sum, g| sum ^ g)
    }

    /// Who wins a position of this value with the player to move.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(g) if *g == Nat::ZERO => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(k) if k.contains(&Nat::ZERO) => Outcome::N,
            Gamma::Infinite(_) => Outcome::D,
        }
    }

    /// The finite value, if it is one.
    pub fn finite(&self) -> Option<&Nat> {
        match self {
            Gamma::Finite(g) => Some(g),
            Gamma::Infinite(_) => None,
        }
    }
}

/// Finite values as themselves, infinite ones as `inf{0,2}` (∞ with its set K).
impl fmt::Display for Gamma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(g) => write!(f, "{g}"),
            Gamma::Infinite(k) => {
                let k: Vec<String> = k.iter().map(|v| v.to_string()).collect();
                write!(f, "inf{{{}}}", k.join(","))
            }
        }
    }
}

/// A value for people: a number, or ∞ with its set K, as in `∞{0,2}`.
pub fn shown(value: &Gamma) -> String {
    match value {
        Gamma::Finite(g) => g.to_string(),
        Gamma::Infinite(k) => {
            let k: Vec<String> = k.iter().map(|v| v.to_string()).collect();
            format!("∞{{{}}}", k.join(","))
        }
    }
}

/// A vertex not yet labelled.
const UNLABELLED: u32 = u32::MAX - 1;
/// A vertex labelled ∞.
const INFINITE: u32 = u32::MAX;

/// γ of every vertex of a directed graph, with the order in which finite values were
/// found (the counter function of the definition).
#[derive(Clone, Debug)]
pub struct GammaTable {
    /// The finite value of each vertex, or [`INFINITE`].
    labels: Vec<u32>,
    /// For a vertex of finite value, when it was labelled (0 first); the winner uses
    /// it to make progress (see [`GammaTable::progress`]).
    order: Vec<u32>,
}

impl GammaTable {
    /// γ of every vertex of the graph whose followers of `v` are
    /// `successors[starts[v]..starts[v + 1]]` and whose predecessors are
    /// `predecessors[pred_starts[v]..pred_starts[v + 1]]` (edges without repeats).
    ///
    /// The labelling algorithm of Fraenkel and Yesha, round i = 0, 1, …: label i every
    /// unlabelled vertex u that has no follower labelled i and whose followers that
    /// are unlabelled or ∞ each have a follower labelled i, as long as one can be
    /// found; then label ∞ every unlabelled vertex with no follower labelled i. Each
    /// round is a retrograde pass with counters, so a round costs the edges around
    /// the vertices it touches: O(V + E) for the labels and, over all rounds, at most
    /// the sum over vertices of in-degree × (distinct follower values), within O(V·E).
    /// One unit of `budget` is spent per vertex and edge visited.
    pub fn compute(
        starts: &[usize],
        successors: &[u32],
        pred_starts: &[usize],
        predecessors: &[u32],
        budget: &Budget,
    ) -> Result<GammaTable, Exhausted> {
        let vertices = starts.len() - 1;
        let followers = |v: usize| &successors[starts[v]..starts[v + 1]];
        let leaders = |v: usize| &predecessors[pred_starts[v]..pred_starts[v + 1]];
        let mut labels = vec![UNLABELLED; vertices];
        let mut order = vec![u32::MAX; vertices];
        // Followers of each vertex that are unlabelled or ∞ ("open").
        let mut open: Vec<u32> = (0..vertices).map(|v| followers(v).len() as u32).collect();
        // In round i: open followers not yet known to reach a vertex labelled i.
        let mut waiting = vec![0u32; vertices];
        // The last round in which the vertex had a follower labelled i.
        let mut reaches = vec![u32::MAX; vertices];
        let mut unlabelled: Vec<u32> = (0..vertices as u32).collect();
        let mut labelled = 0u32;
        let mut ready = Vec::new();
        for round in 0u32.. {
            if unlabelled.is_empty() {
                break;
            }
            budget.spend(unlabelled.len() as u64)?;
            for &u in &unlabelled {
                waiting[u as usize] = open[u as usize];
                if open[u as usize] == 0 {
                    ready.push(u);
                }
            }
            while let Some(u) = ready.pop() {
                let u = u as usize;
                if labels[u] != UNLABELLED || reaches[u] == round {
                    continue;
                }
                labels[u] = round;
                order[u] = labelled;
                labelled += 1;
                budget.spend(1 + leaders(u).len() as u64)?;
                for &p in leaders(u) {
                    let p = p as usize;
                    open[p] -= 1;
                    if reaches[p] == round {
                        continue;
                    }
                    reaches[p] = round;
                    if labels[p] == UNLABELLED || labels[p] == INFINITE {
                        budget.spend(leaders(p).len() as u64)?;
                        for &q in leaders(p) {
                            let q = q as usize;
                            if labels[q] == UNLABELLED {
                                waiting[q] -= 1;
                                if waiting[q] == 0 && reaches[q] != round {
                                    ready.push(q as u32);
                                }
                            }
                        }
                    }
                }
            }
            for &u in &unlabelled {
                if labels[u as usize] == UNLABELLED && reaches[u as usize] != round {
                    labels[u as usize] = INFINITE;
                }
            }
            unlabelled.retain(|&u| labels[u as usize] == UNLABELLED);
        }
        Ok(GammaTable { labels, order })
    }

    /// The finite value of vertex `v`, or `None` for ∞.
    pub fn finite(&self, v: usize) -> Option<u32> {
        (self.labels[v] != INFINITE).then_some(self.labels[v])
    }

    /// γ of vertex `v`, whose followers are `followers` (for the set K of ∞).
    pub fn gamma(&self, v: usize, followers: &[u32]) -> Gamma {
        match self.finite(v) {
            Some(g) => Gamma::Finite(Nat::from(g)),
            None => Gamma::Infinite(
                followers
                    .iter()
                    .filter_map(|&w| self.finite(w as usize))
                    .map(Nat::from)
                    .collect(),
            ),
        }
    }

    /// How far vertex `v` (of finite value) is from the end, for the winner's progress:
    /// its value, then its counter. A winner who always moves to the position whose
    /// tokens' keys, sorted from the largest, are least, wins in finitely many moves
    /// (each P-position it leaves is smaller than the last in a well-founded order:
    /// the opponent's move either lowers a value, answered as in Nim by lowering
    /// another, or raises one, answered by reversing it to an earlier-labelled vertex).
    pub fn progress(&self, v: usize) -> (u32, u32) {
        (self.labels[v], self.order[v])
    }
}

/// The outcome and remoteness of a position found by [`Retrograde`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Who wins with perfect play, or a draw.
    pub outcome: Outcome,
    /// For a won or lost position: how many moves the game lasts when the winner
    /// hurries and the loser delays. `None` for a draw.
    pub remoteness: Option<u32>,
}

/// Every position reachable from a start, by [`Game::canonical`] form, and the moves
/// between them: the graph that [`Retrograde`] and [`PositionValues`] work on.
pub struct Reachable<G: Game + ?Sized> {
    index: HashMap<G::Position, usize>,
    /// The followers of each position, by index, sorted and without repeats.
    edges: Vec<Vec<usize>>,
    /// For each position without a move: whether the player to move wins there, in
    /// normal and in misère play ([`Game::mover_wins_at_end`]).
    ends: HashMap<usize, [bool; 2]>,
}

impl<G: Game + ?Sized> Reachable<G> {
    /// Every position reachable from `start`. Each position spends one unit of
    /// `budget` per move, and its size per move (each move makes a position of that
    /// size), and holds its size in words plus its moves.
    pub fn explore(game: &G, start: &G::Position, budget: &Budget) -> Result<Self, Exhausted> {
        let mut index = HashMap::new();
        let mut positions = vec![game.canonical(start)];
        index.insert(positions[0].clone(), 0);
        let mut edges: Vec<Vec<usize>> = Vec::new();
        let mut ends = HashMap::new();
        let mut next = 0;
        while next < positions.len() {
            // One move more than the budget has room for shows that the moves do not
            // fit, without listing them all (a heap of 10^7 has 10^7 moves).
            let room = usize::try_from(budget.room()).unwrap_or(usize::MAX);
            let (moves, complete) = game.legal_moves(&positions[next], room.saturating_add(1));
            budget.spend(1 + moves.len() as u64)?;
            budget.hold(game.size(&positions[next]) as u64 + moves.len() as u64 + 4)?;
            if !complete {
                return Err(Exhausted::Work {
                    limit: budget.room(),
                });
            }
            let mut followers = Vec::with_capacity(moves.len());
            // Each move makes a position of about this size and looks it up.
            let size = game.size(&positions[next]) as u64;
            for play in &moves {
                budget.spend(size)?;
                let after = game.canonical(&game.apply(&positions[next], play));
                let count = positions.len();
                let id = *index.entry(after.clone()).or_insert(count);
                if id == count {
                    positions.push(after);
                }
                followers.push(id);
            }
            if moves.is_empty() {
                let wins = |convention| game.mover_wins_at_end(&positions[next], convention);
                ends.insert(next, [wins(Convention::Normal), wins(Convention::Misere)]);
            }
            followers.sort_unstable();
            followers.dedup();
            edges.push(followers);
            next += 1;
        }
        Ok(Reachable { index, edges, ends })
    }

    /// The index of `position`, if it was reachable from the start.
    pub fn id(&self, game: &G, position: &G::Position) -> Option<usize> {
        self.index.get(&game.canonical(position)).copied()
    }

    /// How many positions are reachable.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// Whether no position is reachable (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The positions one move from each, by index.
    fn leaders(&self) -> Vec<Vec<usize>> {
        let mut leaders: Vec<Vec<usize>> = vec![Vec::new(); self.len()];
        for (u, followers) in self.edges.iter().enumerate() {
            for &v in followers {
                leaders[v].push(u);
            }
        }
        leaders
    }
}

/// Retrograde analysis of every position reachable from a start: the outcome of each
/// (won, lost or drawn: a position neither player can force to an end) and its
/// remoteness. Positions are stored by [`Game::canonical`] form.
pub struct Retrograde<G: Game + ?Sized> {
    reachable: Reachable<G>,
    solved: Vec<Solved>,
}

impl<G: Game + ?Sized> Retrograde<G> {
    /// Solve every position reachable from `start` under `convention` (in misère play
    /// a player who cannot move wins), spending from `budget` as [`Reachable::explore`]
    /// does.
    pub fn solve(
        game: &G,
        start: &G::Position,
        convention: Convention,
        budget: &Budget,
    ) -> Result<Self, Exhausted> {
        let reachable = Reachable::explore(game, start, budget)?;
        let edges = &reachable.edges;
        let count = reachable.len();
        let leaders = reachable.leaders();
        let draw = Solved {
            outcome: Outcome::D,
            remoteness: None,
        };
        let mut solved = vec![draw; count];
        let mut undecided: Vec<usize> = edges.iter().map(Vec::len).collect();
        // Positions in the order they are decided: remoteness never decreases along
        // it, so a lost position is decided by its longest-lasting follower.
        let mut queue: std::collections::VecDeque<usize> =
            (0..count).filter(|&u| edges[u].is_empty()).collect();
        for &u in &queue {
            let [normal, misere] = reachable.ends[&u];
            let mover_wins = match convention {
                Convention::Normal => normal,
                Convention::Misere => misere,
            };
            solved[u] = Solved {
                outcome: Outcome::from_mover_wins(mover_wins),
                remoteness: Some(0),
            };
        }
        while let Some(v) = queue.pop_front() {
            let after = solved[v].remoteness.expect("decided") + 1;
            for &u in &leaders[v] {
                if solved[u].outcome != Outcome::D {
                    continue;
                }
                let decided = if solved[v].outcome == Outcome::P {
                    Some(Outcome::N)
                } else {
                    undecided[u] -= 1;
                    (undecided[u] == 0).then_some(Outcome::P)
                };
                if let Some(outcome) = decided {
                    solved[u] = Solved {
                        outcome,
                        remoteness: Some(after),
                    };
                    queue.push_back(u);
                }
            }
        }
        Ok(Retrograde { reachable, solved })
    }

    /// The outcome and remoteness of `position`, if it was reachable from the start.
    pub fn get(&self, game: &G, position: &G::Position) -> Option<Solved> {
        self.reachable.id(game, position).map(|i| self.solved[i])
    }

    /// How many positions were solved.
    pub fn len(&self) -> usize {
        self.solved.len()
    }

    /// Whether no position was solved (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.solved.is_empty()
    }
}

/// The generalized Sprague–Grundy value γ of every position reachable from a start,
/// for any [`Game`] whose positions may repeat: [`GammaTable`] over the graph of the
/// positions ([`Reachable`]). This is how a game that states only its rules gets its
/// values, draws included, and plays in sums by Smith's rule.
pub struct PositionValues<G: Game + ?Sized> {
    reachable: Reachable<G>,
    table: GammaTable,
}

impl<G: Game + ?Sized> PositionValues<G> {
    /// γ of every position reachable from `start`, spending from `budget` as
    /// [`Reachable::explore`] and [`GammaTable::compute`] do.
    pub fn compute(game: &G, start: &G::Position, budget: &Budget) -> Result<Self, Exhausted> {
        let reachable = Reachable::explore(game, start, budget)?;
        let too_many = || Exhausted::Work {
            limit: u32::MAX as u64,
        };
        let compressed = |lists: &[Vec<usize>]| -> Result<(Vec<usize>, Vec<u32>), Exhausted> {
            let mut starts = Vec::with_capacity(lists.len() + 1);
            let mut items = Vec::new();
            starts.push(0);
            for list in lists {
                for &v in list {
                    items.push(u32::try_from(v).map_err(|_| too_many())?);
                }
                starts.push(items.len());
            }
            Ok((starts, items))
        };
        let (starts, successors) = compressed(&reachable.edges)?;
        let (pred_starts, predecessors) = compressed(&reachable.leaders())?;
        budget.hold((starts.len() + pred_starts.len()) as u64 + successors.len() as u64)?;
        let table = GammaTable::compute(&starts, &successors, &pred_starts, &predecessors, budget)?;
        Ok(PositionValues { reachable, table })
    }

    /// γ of `position`, if it was reachable from the start.
    pub fn gamma(&self, game: &G, position: &G::Position) -> Option<Gamma> {
        let v = self.reachable.id(game, position)?;
        let followers: Vec<u32> = self.reachable.edges[v].iter().map(|&w| w as u32).collect();
        Some(self.table.gamma(v, &followers))
    }

    /// How far `position` is from the end by its value's counter (see
    /// [`GammaTable::progress`]), if it was reachable from the start: the key by which
    /// a winner among positions of value 0 makes progress.
    pub fn progress(&self, game: &G, position: &G::Position) -> Option<(u32, u32)> {
        let v = self.reachable.id(game, position)?;
        Some(self.table.progress(v))
    }

    /// How many positions were valued.
    pub fn len(&self) -> usize {
        self.reachable.len()
    }

    /// Whether no position was valued (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.reachable.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finite(g: u32) -> Gamma {
        Gamma::Finite(Nat::from(g))
    }

    fn infinite(k: &[u32]) -> Gamma {
        Gamma::Infinite(k.iter().map(|&v| Nat::from(v)).collect())
    }

    /// On games that end, retrograde analysis agrees with the memoized search of the
    /// game tree on every outcome and remoteness, in both conventions.
    #[test]
    fn retrograde_analysis_agrees_with_the_tree_search_on_games_that_end() {
        use crate::protocol::Notation;
        use crate::protocol::sum::Sum;
        use crate::solve::search::Oracle;
        for (spec, positions) in [
            ("kayles + nim", vec!["5 + 3", "4 2 + 1 1", "7 + 0"]),
            ("take:3", vec!["13", "12"]),
            ("grundy-game + staircase", vec!["9 + 2 0 3", "6 + 1 1"]),
        ] {
            let parts = spec.split(" + ").map(|p| crate::game(p).unwrap()).collect();
            let sum = Sum::new(parts);
            for convention in [Convention::Normal, Convention::Misere] {
                let mut oracle = Oracle::new(&sum, convention);
                for text in &positions {
                    let start = sum.parse_position(text).unwrap();
                    let solved =
                        Retrograde::solve(&sum, &start, convention, &Budget::unlimited()).unwrap();
                    let mut checked = 0;
                    let mut frontier = vec![start];
                    while let Some(p) = frontier.pop() {
                        let (outcome, remoteness) = oracle.remoteness(&p).unwrap();
                        let found = solved.get(&sum, &p).unwrap();
                        assert_eq!(found.outcome, outcome, "{spec} {p:?}");
                        assert_eq!(found.remoteness, Some(remoteness), "{spec} {p:?}");
                        checked += 1;
                        if checked < 2000 {
                            frontier.extend(sum.moves(&p));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn smith_sums_and_outcomes() {
        assert_eq!(finite(3).sum(&finite(5)), finite(6));
        assert_eq!(infinite(&[0, 2]).sum(&finite(2)), infinite(&[2, 0]));
        assert_eq!(infinite(&[1, 3]).sum(&finite(1)), infinite(&[0, 2]));
        assert_eq!(infinite(&[0]).sum(&infinite(&[0])), infinite(&[]));
        assert_eq!(finite(0).outcome(), Outcome::P);
        assert_eq!(finite(4).outcome(), Outcome::N);
        assert_eq!(infinite(&[0, 3]).outcome(), Outcome::N);
        assert_eq!(infinite(&[1, 3]).outcome(), Outcome::D);
        assert_eq!(infinite(&[1, 3]).to_string(), "inf{1,3}");
        assert_eq!(infinite(&[]).to_string(), "inf{}");
    }
}
