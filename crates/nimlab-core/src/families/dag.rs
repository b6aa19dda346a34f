//! Tokens on a directed acyclic graph: a move slides one token along an edge; the
//! last player to move wins. Several tokens move independently, so a position with
//! several tokens is a disjunctive sum.
//!
//! The graph is given as text, `V E u1 v1 … uE vE` (vertices 0..V−1, an edge u → v is
//! a move from u to v). Grundy values come from one iterative pass in reverse
//! topological order (Kahn's algorithm on the reversed graph), O(V + E) with no
//! recursion: a vertex is valued once all its successors are. Vertices left over lie
//! on or above a cycle; a walk along unvalued successors then finds a cycle to name.
//!
//! This module reads no files: front ends read the file and hand its text to
//! [`Dag::parse`] (see [`registry`](crate::registry) for the loader).

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::{DAG_EDGES, DAG_VERTICES};
use crate::num::Nat;
use crate::parse::{parse_bounded, parse_list, tokens};
use crate::protocol::board::{Board, GraphToken};
use crate::protocol::{Analysis, Notation, Strategy, WinningMoves};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::sum::nim_sum;
use crate::text::{list_with_or, spaced};
use malachite_base::num::basic::traits::Zero;

/// Graphs with at most this many edges are drawn whole on their boards.
const DRAWN_EDGES: usize = 1000;

/// A DAG with every vertex's Grundy value and misère outcome.
#[derive(Clone, Debug)]
pub struct Dag {
    /// Where the graph came from (a file name), for the spec `dag:ORIGIN`.
    origin: String,
    /// Successors of v: `successors[starts[v]..starts[v + 1]]`, sorted, no repeats.
    starts: Vec<usize>,
    successors: Vec<u32>,
    values: Vec<u32>,
    /// Whether a single token on v wins misère play for the player to move.
    misere_wins: Vec<bool>,
}

/// Move token `token` (0-based) to vertex `to`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DagMove {
    /// Which token moves.
    pub token: usize,
    /// The vertex it moves to.
    pub to: usize,
}

/// Read a vertex index below `vertices`; `what` is only built for the error message.
fn vertex(
    token: Option<&str>,
    vertices: u64,
    what: impl Fn() -> String,
) -> Result<u32, InputError> {
    match token.map(str::parse::<u64>) {
        Some(Ok(v)) if v < vertices => Ok(v as u32),
        _ => Ok(parse_bounded(token.unwrap_or(""), &what(), 0, vertices - 1)? as u32),
    }
}

/// Compressed adjacency lists: `lists[starts[v]..starts[v + 1]]` for each v.
fn compressed(vertices: usize, edges: &[(u32, u32)]) -> (Vec<usize>, Vec<u32>) {
    let mut starts = vec![0usize; vertices + 1];
    for &(u, _) in edges {
        starts[u as usize + 1] += 1;
    }
    for v in 0..vertices {
        starts[v + 1] += starts[v];
    }
    let mut fill = starts.clone();
    let mut lists = vec![0u32; edges.len()];
    for &(u, v) in edges {
        lists[fill[u as usize]] = v;
        fill[u as usize] += 1;
    }
    (starts, lists)
}

impl Dag {
    /// Parse `V E u1 v1 …` and compute every vertex's value. `origin` names the
    /// source (a file name) in the spec. A cycle is an error naming a vertex on it.
    pub fn parse(text: &str, origin: &str) -> Result<Self, InputError> {
        let mut words = tokens(text);
        let vertices = parse_bounded(
            words.next().unwrap_or(""),
            "vertex count",
            1,
            DAG_VERTICES.value,
        )?;
        let edge_count =
            parse_bounded(words.next().unwrap_or(""), "edge count", 0, DAG_EDGES.value)?;
        let mut edges = Vec::with_capacity(edge_count.min(1 << 20) as usize);
        for i in 1..=edge_count {
            let u = vertex(words.next(), vertices, || format!("start of edge {i}"))?;
            let v = vertex(words.next(), vertices, || format!("end of edge {i}"))?;
            edges.push((u, v));
        }
        if let Some(extra) = words.next() {
            return Err(InputError::invalid(
                "token",
                extra,
                format!(
                    "nothing after the {edge_count} {}",
                    if edge_count == 1 { "edge" } else { "edges" }
                ),
            ));
        }
        edges.sort_unstable();
        edges.dedup();
        let vertices = vertices as usize;
        let (starts, successors) = compressed(vertices, &edges);
        let reversed: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (v, u)).collect();
        let (pred_starts, predecessors) = compressed(vertices, &reversed);
        let mut dag = Dag {
            origin: origin.to_string(),
            starts,
            successors,
            values: vec![0; vertices],
            misere_wins: vec![false; vertices],
        };
        // Kahn's algorithm on the reversed graph: value a vertex once all its
        // successors are valued.
        let mut unvalued: Vec<usize> = (0..vertices).map(|v| dag.out(v).len()).collect();
        let mut ready: Vec<usize> = (0..vertices).filter(|&v| unvalued[v] == 0).collect();
        let most_moves = (0..vertices).map(|v| dag.out(v).len()).max().unwrap_or(0);
        let mut marked_by = vec![usize::MAX; most_moves + 1];
        let mut valued = 0;
        while let Some(v) = ready.pop() {
            valued += 1;
            for &w in dag.out(v) {
                if let Some(mark) = marked_by.get_mut(dag.values[w as usize] as usize) {
                    *mark = v;
                }
            }
            let g = (0..)
                .find(|&g| marked_by.get(g) != Some(&v))
                .expect("a mex exists");
            dag.values[v] = g as u32;
            let out = dag.out(v);
            dag.misere_wins[v] =
                out.is_empty() || out.iter().any(|&w| !dag.misere_wins[w as usize]);
            for &u in &predecessors[pred_starts[v]..pred_starts[v + 1]] {
                unvalued[u as usize] -= 1;
                if unvalued[u as usize] == 0 {
                    ready.push(u as usize);
                }
            }
        }
        if valued < vertices {
            return Err(dag.cycle_error(&unvalued));
        }
        Ok(dag)
    }

    /// The successors of `v`.
    fn out(&self, v: usize) -> &[u32] {
        &self.successors[self.starts[v]..self.starts[v + 1]]
    }

    /// Every unvalued vertex has an unvalued successor, so walking along them from
    /// one must repeat a vertex: that closes a cycle.
    fn cycle_error(&self, unvalued: &[usize]) -> InputError {
        let mut step_of = vec![usize::MAX; unvalued.len()];
        let mut walk = Vec::new();
        let mut v = unvalued
            .iter()
            .position(|&n| n > 0)
            .expect("an unvalued vertex");
        while step_of[v] == usize::MAX {
            step_of[v] = walk.len();
            walk.push(v);
            v = *self
                .out(v)
                .iter()
                .find(|&&w| unvalued[w as usize] > 0)
                .expect("an unvalued vertex has an unvalued successor") as usize;
        }
        let cycle = &walk[step_of[v]..];
        const SHOWN: usize = 4;
        let mut path: Vec<String> = cycle.iter().take(SHOWN).map(|v| v.to_string()).collect();
        if cycle.len() > SHOWN {
            path.push(format!("… ({} vertices)", cycle.len()));
        }
        path.push(v.to_string());
        // The message names v in full even if quoting abbreviates a long path.
        InputError::invalid(
            "graph",
            &path.join(" → "),
            format!("no cycle (vertex {v} can be reached from itself, so the graph is not a DAG)"),
        )
    }

    /// How many vertices the graph has.
    pub fn vertex_count(&self) -> usize {
        self.values.len()
    }

    /// The Grundy value of every vertex.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    fn describe(&self, tokens: &[usize], play: &DagMove) -> String {
        let from = tokens[play.token];
        match tokens.len() {
            1 => format!("move the token from vertex {from} to vertex {}", play.to),
            _ => format!(
                "move token {} from vertex {from} to vertex {}",
                play.token + 1,
                play.to
            ),
        }
    }
}

impl Notation for Dag {
    fn spec(&self) -> String {
        format!("dag:{}", self.origin)
    }

    fn rules(&self) -> String {
        format!(
            "Tokens on a DAG of {} vertices: a move slides one token along an edge.",
            self.vertex_count()
        )
    }

    fn position_syntax(&self) -> String {
        format!(
            "the vertices the tokens are on (0 to {}), e.g. \"0\" or \"0 2\"",
            self.vertex_count() - 1
        )
    }

    fn parse_position(&self, text: &str) -> Result<Vec<usize>, InputError> {
        let last = self.vertex_count() as u64 - 1;
        parse_list(text, self.position_syntax(), |t| {
            parse_bounded(t, "vertex", 0, last).map(|v| v as usize)
        })
    }

    fn format_position(&self, position: &Vec<usize>) -> String {
        spaced(position)
    }

    fn move_to(&self, from: &Vec<usize>, to: &Vec<usize>) -> Option<DagMove> {
        if from.len() != to.len() {
            return None;
        }
        let mut moved = (0..from.len()).filter(|&i| from[i] != to[i]);
        let token = moved.next()?;
        let legal = moved.next().is_none() && self.out(from[token]).contains(&(to[token] as u32));
        legal.then_some(DagMove {
            token,
            to: to[token],
        })
    }

    fn describe_move(&self, position: &Vec<usize>, play: &DagMove) -> String {
        self.describe(position, play)
    }

    fn parse_move(&self, position: &Vec<usize>, text: &str) -> Result<DagMove, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        let (token, target) = match (position.len(), &words[..]) {
            (1, [target]) => (0, *target),
            (count, [token, target]) if count > 1 => {
                let token = parse_bounded(token, "token number", 1, count as u64)? as usize;
                (token - 1, *target)
            }
            _ => {
                return Err(InputError::invalid(
                    "move",
                    text.trim(),
                    self.move_syntax(position),
                ));
            }
        };
        let from = position[token];
        let successors: Vec<String> = self.out(from).iter().map(|w| w.to_string()).collect();
        let expected = if successors.is_empty() {
            format!("a move, but vertex {from} has no edge out")
        } else {
            format!(
                "a vertex one edge from {from}: {}",
                list_with_or(&successors)
            )
        };
        let to = parse_bounded(target, "vertex", 0, self.vertex_count() as u64 - 1)
            .ok()
            .map(|w| w as usize)
            .filter(|&w| self.out(from).contains(&(w as u32)))
            .ok_or_else(|| InputError::invalid("vertex", target, expected))?;
        Ok(DagMove { token, to })
    }

    fn move_text(&self, position: &Vec<usize>, play: &DagMove) -> String {
        match position.len() {
            1 => play.to.to_string(),
            _ => format!("{} {}", play.token + 1, play.to),
        }
    }

    fn move_syntax(&self, position: &Vec<usize>) -> String {
        match position.len() {
            1 => "the vertex to move the token to".to_string(),
            _ => "a token number, then the vertex to move it to".to_string(),
        }
    }

    fn board(&self, position: &Vec<usize>) -> Board {
        let edges = (self.successors.len() <= DRAWN_EDGES).then(|| {
            (0..self.vertex_count())
                .flat_map(|v| self.out(v).iter().map(move |&w| (v as u32, w)))
                .collect()
        });
        Board::Graph {
            vertices: self.vertex_count() as u64,
            edges,
            tokens: position
                .iter()
                .map(|&v| GraphToken {
                    vertex: v as u32,
                    moves_to: self.out(v).to_vec(),
                })
                .collect(),
        }
    }
}

impl Strategy for Dag {
    fn analyze(
        &self,
        position: &Vec<usize>,
        convention: Convention,
        max_moves: usize,
        _budget: &Budget,
    ) -> Result<Analysis<DagMove>, Error> {
        let values: Vec<Nat> = position
            .iter()
            .map(|&v| Nat::from(self.values[v]))
            .collect();
        let x = nim_sum(&values);
        let mut winning = WinningMoves::new(max_moves);
        let describe = |play: &DagMove| self.describe(position, play);
        let (mover_wins, explanation) = match (convention, position.as_slice()) {
            (Convention::Normal, _) => {
                if x != Nat::ZERO {
                    for (token, &v) in position.iter().enumerate() {
                        let target = self.values[v] ^ u32::try_from(&x).expect("values are u32");
                        for &w in self
                            .out(v)
                            .iter()
                            .filter(|&&w| self.values[w as usize] == target)
                        {
                            let play = DagMove {
                                token,
                                to: w as usize,
                            };
                            winning.offer(play, "leaves a nim-sum of 0", describe);
                        }
                    }
                }
                let explanation = match position.as_slice() {
                    [v] => format!("vertex {v} has Grundy value {x}"),
                    _ if values.len() <= 8 => {
                        let terms: Vec<String> = values.iter().map(|g| g.to_string()).collect();
                        format!(
                            "nim-sum of the tokens' Grundy values: {} = {x}",
                            terms.join(" ⊕ ")
                        )
                    }
                    _ => format!(
                        "nim-sum of the {} tokens' Grundy values = {x}",
                        values.len()
                    ),
                };
                (x != Nat::ZERO, explanation)
            }
            (Convention::Misere, &[v]) => {
                for &w in self
                    .out(v)
                    .iter()
                    .filter(|&&w| !self.misere_wins[w as usize])
                {
                    let play = DagMove {
                        token: 0,
                        to: w as usize,
                    };
                    let reason = "leaves a vertex lost for the opponent in misère play";
                    winning.offer(play, reason, describe);
                }
                let explanation = if self.out(v).is_empty() {
                    format!(
                        "vertex {v} has no move, so the player to move has made no last move and wins"
                    )
                } else {
                    "misère outcomes of every vertex, computed from the end positions back"
                        .to_string()
                };
                (self.misere_wins[v], explanation)
            }
            (Convention::Misere, _) => {
                return Err(Error::NoKnownValue(
                    "misère play with several tokens on a DAG is not solved by nimlab".to_string(),
                ));
            }
        };
        let outcome = Outcome::from_mover_wins(mover_wins);
        Ok(winning.into_analysis(convention, outcome, Some(x), explanation))
    }

    fn move_count(&self, position: &Vec<usize>) -> Nat {
        Nat::from(position.iter().map(|&v| self.out(v).len()).sum::<usize>())
    }
}

/// The rules for the brute-force searches: each token is a component.
impl Game for Dag {
    type Position = Vec<usize>;
    type Move = DagMove;

    fn size(&self, position: &Vec<usize>) -> usize {
        position.len().max(1)
    }

    fn apply(&self, position: &Vec<usize>, play: &DagMove) -> Vec<usize> {
        let mut to = position.clone();
        to[play.token] = play.to;
        to
    }

    fn legal_moves(&self, position: &Vec<usize>, limit: usize) -> (Vec<DagMove>, bool) {
        let mut moves = Vec::new();
        for (token, &v) in position.iter().enumerate() {
            for &w in self.out(v) {
                if moves.len() == limit {
                    return (moves, false);
                }
                moves.push(DagMove {
                    token,
                    to: w as usize,
                });
            }
        }
        (moves, true)
    }

    fn canonical(&self, position: &Vec<usize>) -> Vec<usize> {
        let mut sorted = position.clone();
        sorted.sort_unstable();
        sorted
    }

    fn components(&self, position: &Vec<usize>) -> Vec<Vec<usize>> {
        position.iter().map(|&v| vec![v]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::{GrundyEngine, Oracle};

    /// A pseudo-random DAG: edges only go from higher to lower vertices.
    fn random_dag(vertices: u32, edges: u32, seed: u64) -> String {
        let mut state = seed | 1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut text = format!("{vertices} {edges}");
        for _ in 0..edges {
            let u = 1 + next() % u64::from(vertices - 1);
            let v = next() % u;
            text += &format!(" {u} {v}");
        }
        text
    }

    #[test]
    fn values_outcomes_and_moves_match_brute_force_on_random_dags() {
        for seed in 1..=40u64 {
            let dag = Dag::parse(&random_dag(9, (seed % 20) as u32, seed), "test").unwrap();
            let mut engine = GrundyEngine::new(&dag);
            for convention in [Convention::Normal, Convention::Misere] {
                let mut oracle = Oracle::new(&dag, convention);
                let mut positions: Vec<Vec<usize>> = (0..9).map(|v| vec![v]).collect();
                if convention == Convention::Normal {
                    positions.extend((0..81).map(|p| vec![p / 9, p % 9]));
                }
                for position in positions {
                    let analysis = dag
                        .analyze(&position, convention, usize::MAX, &Budget::unlimited())
                        .unwrap();
                    assert_eq!(analysis.outcome, oracle.outcome(&position).unwrap());
                    assert_eq!(
                        analysis.grundy,
                        Some(Nat::from(engine.grundy(&position).unwrap()))
                    );
                    let mut listed: Vec<Vec<usize>> = analysis
                        .winning_moves
                        .iter()
                        .map(|m| dag.apply(&position, &m.play))
                        .collect();
                    let mut winning: Vec<Vec<usize>> = dag
                        .moves(&position)
                        .into_iter()
                        .filter(|q| oracle.outcome(q).unwrap() == Outcome::P)
                        .collect();
                    listed.sort();
                    winning.sort();
                    assert_eq!(listed, winning, "{convention:?} {position:?}");
                }
            }
        }
    }

    #[test]
    fn a_path_of_a_million_vertices_needs_no_recursion() {
        let n = 1_000_000u32;
        let mut text = format!("{n} {}", n - 1);
        for v in 1..n {
            text += &format!(" {v} {}", v - 1);
        }
        let dag = Dag::parse(&text, "path").unwrap();
        assert!(
            dag.values()
                .iter()
                .enumerate()
                .all(|(v, &g)| g == (v % 2) as u32)
        );
    }

    #[test]
    fn cycles_are_named() {
        let err = Dag::parse("4 4 0 1 1 2 2 1 3 0", "g")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("'1 → 2 → 1'") || err.contains("'2 → 1 → 2'"),
            "{err}"
        );
        assert!(err.contains("not a DAG"), "{err}");
        let err = Dag::parse("1 1 0 0", "g").unwrap_err().to_string();
        assert!(err.contains("'0 → 0'"), "{err}");
        // A long cycle is abbreviated.
        let n = 1000;
        let mut text = format!("{n} {n}");
        for v in 0..n {
            text += &format!(" {v} {}", (v + 1) % n);
        }
        let err = Dag::parse(&text, "g").unwrap_err().to_string();
        assert!(
            err.contains("(1000 vertices) → 0") && err.len() < 200,
            "{err}"
        );
    }

    #[test]
    fn malformed_graphs_name_the_token() {
        let err = |s: &str| Dag::parse(s, "g").unwrap_err().to_string();
        assert!(err("").starts_with("missing vertex count"));
        assert!(err("0 0").contains("'0'"));
        assert!(err("3").starts_with("missing edge count"));
        assert_eq!(
            err("3 1 0"),
            "missing end of edge 1: expected an integer from 0 to 2"
        );
        assert!(err("3 1 0 3").contains("end of edge 1 '3'"));
        assert!(err("3 1 -1 0").contains("'-1'"));
        assert!(err("3 1 0 1 2").contains("nothing after the 1 edge"));
        let dag = Dag::parse("3 1 2 0", "g").unwrap();
        assert!(
            dag.parse_position("3")
                .unwrap_err()
                .to_string()
                .contains("'3'")
        );
        assert!(dag.parse_position("").is_err());
    }

    #[test]
    fn repeated_edges_are_one_move() {
        let dag = Dag::parse("2 3 1 0 1 0 1 0", "g").unwrap();
        let analysis = dag
            .analyze(&vec![1], Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.winning_move_count, 1u32);
        assert_eq!(
            analysis.winning_moves[0].action,
            "move the token from vertex 1 to vertex 0"
        );
        assert_eq!(dag.spec(), "dag:g");
    }
}
