//! Tokens on a directed graph: a move slides one token along an edge, and a player who
//! cannot move loses (normal play). Several tokens move independently, so a position
//! with several tokens is a disjunctive sum. Two families share this module:
//!
//! - `dag:FILE`, a graph without cycles. Every play ends; values are Grundy values,
//!   from one pass in reverse topological order (Kahn's algorithm on the reversed
//!   graph), O(V + E) with no recursion. A cycle is an error naming it.
//! - `graph:FILE`, any graph: cycles and self-loops are allowed, so play may go on
//!   forever, and that is a draw. Values are the generalized Sprague–Grundy values γ
//!   of [`crate::solve::loopy`] (a number, or ∞(K)), and sums follow Smith's rule.
//!   A self-loop is a pass: a token on it can always move, so its vertex never loses
//!   (its value is ∞). On a graph without cycles γ is the Grundy value, so `graph:`
//!   answers as `dag:` does.
//!
//! The graph is given as text, `V E u1 v1 … uE vE` (vertices 0..V−1, an edge u → v is
//! a move from u to v; repeated edges are one move). This module reads no files: front
//! ends read the file and hand its text to [`TokenGraph::parse`] (see
//! [`registry`](crate::registry) for the loader).
//!
//! Misère play (the player who cannot move wins) has no theory of values here: a
//! single token on a DAG is solved from the end positions back, several tokens by
//! searching every position reachable ([`searched`]), and on `graph:` any
//! position small enough is solved by retrograde analysis
//! ([`Retrograde`](crate::solve::loopy::Retrograde)).

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::{DAG_EDGES, DAG_VERTICES, LOOPY_GRAPH_WORK};
use crate::num::Nat;
use crate::parse::{parse_bounded, parse_list, tokens};
use crate::protocol::board::{Board, Clicks, GraphToken, Spot};
use crate::protocol::{Analysis, Notation, Repeating, Strategy, WinningMoves, repeats, searched};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::loopy::{Gamma, GammaTable, shown};
use crate::text::{list_with_or, spaced};
use malachite_base::num::basic::traits::Zero;

/// Graphs with at most this many edges are drawn whole on their boards.
const DRAWN_EDGES: usize = 1000;

/// Which family: a graph that must be acyclic, or any graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `dag:FILE`: cycles are refused.
    Dag,
    /// `graph:FILE`: cycles allowed; play that goes on forever is a draw.
    Loopy,
}

/// What the graph's vertices are worth.
#[derive(Clone, Debug)]
enum Values {
    /// A DAG: every vertex's Grundy value and whether a single token on it wins
    /// misère play for the player to move.
    Acyclic {
        grundy: Vec<u32>,
        misere_wins: Vec<bool>,
    },
    /// Any graph: every vertex's γ.
    Loopy(GammaTable),
}

/// A graph's edges as compressed adjacency lists.
#[derive(Clone, Debug)]
struct Adjacency {
    /// Successors of v: `successors[starts[v]..starts[v + 1]]`, sorted, no repeats.
    starts: Vec<usize>,
    successors: Vec<u32>,
}

impl Adjacency {
    /// The successors of `v`.
    fn out(&self, v: usize) -> &[u32] {
        &self.successors[self.starts[v]..self.starts[v + 1]]
    }

    /// How many vertices the graph has.
    fn vertex_count(&self) -> usize {
        self.starts.len() - 1
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
            format!(
                "no cycle (vertex {v} can be reached from itself, so the graph is not a DAG; \
                 graph:FILE plays graphs with cycles)"
            ),
        )
    }
}

/// Tokens on a graph, with every vertex's value.
#[derive(Clone, Debug)]
pub struct TokenGraph {
    kind: Kind,
    /// Where the graph came from (a file name), for the spec `dag:ORIGIN`.
    origin: String,
    graph: Adjacency,
    values: Values,
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

/// The edges of `V E u1 v1 …`, sorted and without repeats, and V.
fn read_edges(text: &str) -> Result<(usize, Vec<(u32, u32)>), InputError> {
    let (vertices, edge_count) = declared_size(text)?;
    let mut words = tokens(text).skip(2);
    let mut edges = Vec::with_capacity(edge_count.min(1 << 20) as usize);
    for i in 1..=edge_count {
        let Some(start) = words.next() else {
            let found = i - 1;
            return Err(InputError::invalid(
                "edge count",
                &edge_count.to_string(),
                format!("{found}, the number of edges that follow it"),
            ));
        };
        let u = vertex(Some(start), vertices, || format!("start of edge {i}"))?;
        let v = vertex(words.next(), vertices, || format!("end of edge {i}"))?;
        edges.push((u, v));
    }
    if let Some(extra) = words.next() {
        return Err(InputError::invalid(
            "token",
            extra,
            format!(
                "nothing after the {edge_count} {} (the edge count says {edge_count})",
                if edge_count == 1 { "edge" } else { "edges" }
            ),
        ));
    }
    edges.sort_unstable();
    edges.dedup();
    Ok((vertices as usize, edges))
}

/// The most words (8 bytes each) of memory [`TokenGraph::parse`] allocates at once
/// for a graph of `vertices` vertices and `edges` edges, its temporaries included:
/// two adjacency lists (a word per vertex, half a word per edge, each), the edges
/// while they are sorted (a word each, twice while they are reversed), and a few
/// arrays of one entry per vertex while values are computed. A front end compares
/// it with a budget before parsing, since a few bytes of text (`10000000 1 0 1`) may
/// declare ten million vertices. `tests/graph_memory.rs` checks it against what
/// parsing really allocates.
pub fn graph_words(vertices: u64, edges: u64) -> u64 {
    vertices
        .saturating_add(1)
        .saturating_mul(6)
        .saturating_add(edges.saturating_mul(2))
        .saturating_add(64)
}

/// The vertex and edge counts the text of a graph declares (its first two numbers),
/// within [`DAG_VERTICES`] and [`DAG_EDGES`], without reading the rest.
pub fn declared_size(text: &str) -> Result<(u64, u64), InputError> {
    let mut words = tokens(text);
    let vertices = DAG_VERTICES.read(words.next().unwrap_or(""), "vertex count", 1)?;
    let edges = DAG_EDGES.read(words.next().unwrap_or(""), "edge count", 0)?;
    Ok((vertices, edges))
}

/// Every vertex's Grundy value and misère outcome, by Kahn's algorithm on the reversed
/// graph (a vertex is valued once all its successors are); vertices left over lie on
/// or above a cycle, and a walk along unvalued successors then finds one to name.
fn acyclic_values(
    graph: &Adjacency,
    pred_starts: &[usize],
    predecessors: &[u32],
) -> Result<Values, InputError> {
    let vertices = graph.vertex_count();
    let mut grundy = vec![0u32; vertices];
    let mut misere_wins = vec![false; vertices];
    let mut unvalued: Vec<usize> = (0..vertices).map(|v| graph.out(v).len()).collect();
    let mut ready: Vec<usize> = (0..vertices).filter(|&v| unvalued[v] == 0).collect();
    let most_moves = (0..vertices).map(|v| graph.out(v).len()).max().unwrap_or(0);
    let mut marked_by = vec![usize::MAX; most_moves + 1];
    let mut valued = 0;
    while let Some(v) = ready.pop() {
        valued += 1;
        for &w in graph.out(v) {
            if let Some(mark) = marked_by.get_mut(grundy[w as usize] as usize) {
                *mark = v;
            }
        }
        grundy[v] = (0..)
            .find(|&g| marked_by.get(g) != Some(&v))
            .expect("a mex exists") as u32;
        let out = graph.out(v);
        misere_wins[v] = out.is_empty() || out.iter().any(|&w| !misere_wins[w as usize]);
        for &u in &predecessors[pred_starts[v]..pred_starts[v + 1]] {
            unvalued[u as usize] -= 1;
            if unvalued[u as usize] == 0 {
                ready.push(u as usize);
            }
        }
    }
    if valued < vertices {
        return Err(graph.cycle_error(&unvalued));
    }
    Ok(Values::Acyclic {
        grundy,
        misere_wins,
    })
}

impl TokenGraph {
    /// Parse `V E u1 v1 …` and compute every vertex's value. `origin` names the
    /// source (a file name) in the spec. For [`Kind::Dag`] a cycle is an error naming
    /// a vertex on it; for [`Kind::Loopy`], γ whose computation needs more than
    /// [`LOOPY_GRAPH_WORK`] steps is an error naming that limit.
    pub fn parse(text: &str, origin: &str, kind: Kind) -> Result<Self, InputError> {
        let (vertices, edges) = read_edges(text)?;
        let (starts, successors) = compressed(vertices, &edges);
        let graph = Adjacency { starts, successors };
        let reversed: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (v, u)).collect();
        drop(edges);
        let (pred_starts, predecessors) = compressed(vertices, &reversed);
        drop(reversed);
        let values = match kind {
            Kind::Dag => acyclic_values(&graph, &pred_starts, &predecessors)?,
            Kind::Loopy => {
                let budget = Budget::work(LOOPY_GRAPH_WORK.value);
                let table = GammaTable::compute(
                    &graph.starts,
                    &graph.successors,
                    &pred_starts,
                    &predecessors,
                    &budget,
                )
                .map_err(|_| {
                    InputError::invalid(
                        "graph",
                        origin,
                        format!(
                            "a graph whose values take at most {} steps to compute (the \
                             limit '{}')",
                            LOOPY_GRAPH_WORK.value, LOOPY_GRAPH_WORK.name
                        ),
                    )
                })?;
                Values::Loopy(table)
            }
        };
        Ok(TokenGraph {
            kind,
            origin: origin.to_string(),
            graph,
            values,
        })
    }

    /// The successors of `v`.
    fn out(&self, v: usize) -> &[u32] {
        self.graph.out(v)
    }

    /// How many vertices the graph has.
    pub fn vertex_count(&self) -> usize {
        self.graph.vertex_count()
    }

    /// The value of every vertex: its Grundy value on a DAG, its γ on any graph.
    pub fn values(&self) -> Vec<Gamma> {
        (0..self.vertex_count()).map(|v| self.gamma(v)).collect()
    }

    /// The value of vertex `v`.
    pub fn gamma(&self, v: usize) -> Gamma {
        match &self.values {
            Values::Acyclic { grundy, .. } => Gamma::Finite(Nat::from(grundy[v])),
            Values::Loopy(table) => table.gamma(v, self.out(v)),
        }
    }

    /// The finite value of vertex `v`, if it has one.
    fn finite(&self, v: usize) -> Option<u32> {
        match &self.values {
            Values::Acyclic { grundy, .. } => Some(grundy[v]),
            Values::Loopy(table) => table.finite(v),
        }
    }

    /// The tokens' values and their sum.
    fn position_value(&self, tokens: &[usize]) -> (Vec<Gamma>, Gamma) {
        let values: Vec<Gamma> = tokens.iter().map(|&v| self.gamma(v)).collect();
        let sum = Gamma::sum_of(&values);
        (values, sum)
    }

    /// Every winning move in normal play, in token order: a token of finite value g
    /// moved to a vertex of value g ⊕ x when the sum is x ≠ 0; when the sum is ∞(K)
    /// with 0 in K, the one token of infinite value moved to a vertex whose value is
    /// the nim-sum of the others.
    fn winning_plays<'a>(
        &'a self,
        tokens: &'a [usize],
        values: &'a [Gamma],
        sum: &Gamma,
    ) -> impl Iterator<Item = DagMove> + 'a {
        let targets: Vec<Option<u32>> = match sum {
            Gamma::Finite(x) if *x != Nat::ZERO => {
                let x = u32::try_from(x).expect("values of vertices are u32");
                values
                    .iter()
                    .map(|g| g.finite().map(|g| u32::try_from(g).expect("u32") ^ x))
                    .collect()
            }
            Gamma::Infinite(k) if k.contains(&Nat::ZERO) => {
                let others = Gamma::finite_nim_sum(values);
                let others = u32::try_from(&others).expect("u32");
                values
                    .iter()
                    .map(|g| g.finite().is_none().then_some(others))
                    .collect()
            }
            _ => vec![None; tokens.len()],
        };
        tokens
            .iter()
            .zip(targets)
            .enumerate()
            .flat_map(move |(token, (&v, target))| {
                self.out(v)
                    .iter()
                    .filter(move |&&w| target.is_some() && self.finite(w as usize) == target)
                    .map(move |&w| DagMove {
                        token,
                        to: w as usize,
                    })
            })
    }

    /// Why a position of these values is won, lost or drawn, in one line.
    fn explain(&self, tokens: &[usize], values: &[Gamma], sum: &Gamma) -> String {
        let value_word = match self.kind {
            Kind::Dag => "Grundy value",
            Kind::Loopy => "value",
        };
        let stuck = tokens.iter().all(|&v| self.out(v).is_empty());
        let consequence = match (self.kind, sum.outcome()) {
            (Kind::Dag, _) => "",
            (Kind::Loopy, Outcome::P) if stuck => "; the player to move has no move and loses",
            (Kind::Loopy, Outcome::P) => {
                "; the player to move loses: every move can be answered by a move back to \
                 value 0"
            }
            (Kind::Loopy, Outcome::N) => "; the player to move wins by moving to value 0",
            (Kind::Loopy, Outcome::D) => {
                "; no move reaches value 0, so neither player can force a win and play goes \
                 on forever: a draw"
            }
        };
        let head = match tokens {
            [v] => format!("vertex {v} has {value_word} {}", shown(sum)),
            _ if values.len() <= 8 => {
                let terms: Vec<String> = values.iter().map(shown).collect();
                let rule = match self.kind {
                    Kind::Dag => "nim-sum",
                    Kind::Loopy => "Smith's sum",
                };
                format!(
                    "{rule} of the tokens' {value_word}s: {} = {}",
                    terms.join(" ⊕ "),
                    shown(sum)
                )
            }
            _ => format!(
                "sum of the {} tokens' {value_word}s = {}",
                values.len(),
                shown(sum)
            ),
        };
        head + consequence
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

impl Notation for TokenGraph {
    fn spec(&self) -> String {
        match self.kind {
            Kind::Dag => format!("dag:{}", self.origin),
            Kind::Loopy => format!("graph:{}", self.origin),
        }
    }

    fn rules(&self) -> String {
        match self.kind {
            Kind::Dag => format!(
                "Tokens on a DAG of {} vertices: a move slides one token along an edge.",
                self.vertex_count()
            ),
            Kind::Loopy => format!(
                "Tokens on a graph of {} vertices that may have cycles: a move slides one \
                 token along an edge, and a player who cannot move loses. Play that goes on \
                 forever is a draw.",
                self.vertex_count()
            ),
        }
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
        let Some(token) = moved.next() else {
            // Only a pass (a self-loop) leaves the position as it was.
            let token = (0..from.len()).find(|&i| self.out(from[i]).contains(&(from[i] as u32)))?;
            return Some(DagMove {
                token,
                to: from[token],
            });
        };
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

    /// The token, then the vertex it moves to; when every token stands on one vertex,
    /// the vertex alone.
    fn clicks(&self, position: &Vec<usize>, play: &DagMove) -> Clicks {
        let from = position[play.token];
        let to = Spot::Vertex(play.to as u32);
        let mut clicks = vec![vec![Spot::TokenOn(from as u32), to.clone()]];
        if position.iter().all(|&v| v == from) {
            clicks.push(vec![to]);
        }
        clicks
    }

    fn click_help(&self) -> String {
        "Click a token, then the vertex to move it to along an arrow; when all the tokens \
         stand on one vertex, click the vertex alone."
            .to_string()
    }

    fn board(&self, position: &Vec<usize>) -> Board {
        let edges = (self.graph.successors.len() <= DRAWN_EDGES).then(|| {
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

impl Strategy for TokenGraph {
    /// The graph and its values: a word per vertex for where its successors start,
    /// half a word per edge, and about a word per vertex of values.
    fn held_words(&self) -> u64 {
        let vertices = self.graph.vertex_count() as u64;
        2 * vertices + (self.graph.successors.len() as u64).div_ceil(2) + 1
    }

    fn analyze(
        &self,
        position: &Vec<usize>,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<DagMove>, Error> {
        let describe = |play: &DagMove| self.describe(position, play);
        match (convention, &self.values, position.as_slice()) {
            (Convention::Normal, _, _) => {
                let (values, sum) = self.position_value(position);
                let mut winning = WinningMoves::new(max_moves);
                for play in self.winning_plays(position, &values, &sum) {
                    let reason = match self.kind {
                        Kind::Dag => "leaves a nim-sum of 0",
                        Kind::Loopy => "leaves a position of value 0",
                    };
                    winning.offer(play, reason, describe);
                }
                let explanation = self.explain(position, &values, &sum);
                let mut analysis = winning.into_analysis(
                    convention,
                    sum.outcome(),
                    sum.finite().cloned(),
                    explanation,
                );
                if let Gamma::Infinite(k) = sum {
                    analysis.infinite = Some(k);
                }
                Ok(analysis)
            }
            (Convention::Misere, Values::Acyclic { misere_wins, .. }, &[v]) => {
                let mut winning = WinningMoves::new(max_moves);
                for &w in self.out(v).iter().filter(|&&w| !misere_wins[w as usize]) {
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
                let outcome = Outcome::from_mover_wins(misere_wins[v]);
                let grundy = self.finite(v).map(Nat::from);
                Ok(winning.into_analysis(convention, outcome, grundy, explanation))
            }
            // Several tokens in misère play: no rule is known, so every position
            // reachable is searched, within the question's budget.
            (Convention::Misere, Values::Acyclic { .. }, _) => {
                searched::analysis(self, position, convention, max_moves, budget)
            }
            (Convention::Misere, Values::Loopy(_), _) => {
                repeats::analysis_by_retrograde(self, position, convention, max_moves, budget)
            }
        }
    }

    fn move_count(&self, position: &Vec<usize>) -> Nat {
        Nat::from(position.iter().map(|&v| self.out(v).len()).sum::<usize>())
    }

    fn moves_with_value(
        &self,
        position: &Vec<usize>,
        target: &Nat,
        limit: usize,
        _budget: &Budget,
    ) -> Result<(Vec<DagMove>, Nat), Error> {
        let (values, _) = self.position_value(position);
        let mut found = Vec::new();
        let mut count = Nat::ZERO;
        for (token, &v) in position.iter().enumerate() {
            let others = values
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != token)
                .fold(Gamma::Finite(Nat::ZERO), |s, (_, g)| s.sum(g));
            let Some(others) = others.finite() else {
                continue;
            };
            for &w in self.out(v) {
                if self.finite(w as usize).map(Nat::from) == Some(target ^ others) {
                    count += Nat::from(1u32);
                    if found.len() < limit {
                        found.push(DagMove {
                            token,
                            to: w as usize,
                        });
                    }
                }
            }
        }
        Ok((found, count))
    }

    fn repeating(&self) -> Option<&dyn Repeating<Position = Vec<usize>, Move = DagMove>> {
        (self.kind == Kind::Loopy).then_some(self as _)
    }

    fn vertex_values(&self, upto: usize) -> Option<Vec<Gamma>> {
        let last = upto.min(self.vertex_count() - 1);
        Some((0..=last).map(|v| self.gamma(v)).collect())
    }

    /// One token on a vertex with a move, when there is one.
    fn random_start(&self, seed: u64) -> Option<Vec<usize>> {
        let movable: Vec<usize> = (0..self.vertex_count())
            .filter(|&v| !self.out(v).is_empty())
            .collect();
        let choices = if movable.is_empty() {
            (0..self.vertex_count()).collect()
        } else {
            movable
        };
        Some(vec![choices[(seed % choices.len() as u64) as usize]])
    }
}

impl Repeating for TokenGraph {
    /// Each token's value and counter ([`GammaTable::progress`]).
    fn progress(&self, position: &Vec<usize>) -> Vec<(u32, u32)> {
        match &self.values {
            Values::Loopy(table) => position.iter().map(|&v| table.progress(v)).collect(),
            Values::Acyclic { .. } => Vec::new(),
        }
    }

    /// The winning move of least progress keys among all of them.
    fn winning_by_progress(
        &self,
        position: &Vec<usize>,
        _budget: &Budget,
    ) -> Result<Option<DagMove>, Error> {
        let (values, sum) = self.position_value(position);
        let plays = self.winning_plays(position, &values, &sum);
        Ok(repeats::least_progress(self, position, plays))
    }
}

/// The rules for the brute-force searches: each token is a component.
impl Game for TokenGraph {
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
    use crate::solve::loopy::Retrograde;
    use crate::solve::search::{GrundyEngine, Oracle};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// The text of a graph of `vertices` and `edges` whose edges `edge` draws.
    fn graph_text(
        vertices: u32,
        edges: u32,
        seed: u64,
        edge: fn(u32, &mut StdRng) -> (u32, u32),
    ) -> String {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut text = format!("{vertices} {edges}");
        for _ in 0..edges {
            let (u, v) = edge(vertices, &mut rng);
            text += &format!(" {u} {v}");
        }
        text
    }

    /// A pseudo-random DAG: edges only go from higher to lower vertices.
    fn random_dag(vertices: u32, edges: u32, seed: u64) -> String {
        graph_text(vertices, edges, seed, |n, rng| {
            let u = rng.random_range(1..n);
            (u, rng.random_range(0..u))
        })
    }

    /// A pseudo-random graph with cycles and self-loops.
    fn random_graph(vertices: u32, edges: u32, seed: u64) -> String {
        graph_text(vertices, edges, seed, |n, rng| {
            (rng.random_range(0..n), rng.random_range(0..n))
        })
    }

    #[test]
    fn values_outcomes_and_moves_match_brute_force_on_random_dags() {
        for seed in 1..=40u64 {
            let dag =
                TokenGraph::parse(&random_dag(9, (seed % 20) as u32, seed), "test", Kind::Dag)
                    .unwrap();
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
        let dag = TokenGraph::parse(&text, "path", Kind::Dag).unwrap();
        assert!(
            dag.values()
                .iter()
                .enumerate()
                .all(|(v, g)| *g == Gamma::Finite(Nat::from(v as u32 % 2)))
        );
    }

    #[test]
    fn cycles_are_named() {
        let err = TokenGraph::parse("4 4 0 1 1 2 2 1 3 0", "g", Kind::Dag)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("'1 → 2 → 1'") || err.contains("'2 → 1 → 2'"),
            "{err}"
        );
        assert!(err.contains("not a DAG"), "{err}");
        let err = TokenGraph::parse("1 1 0 0", "g", Kind::Dag)
            .unwrap_err()
            .to_string();
        assert!(err.contains("'0 → 0'"), "{err}");
        // A long cycle is abbreviated.
        let n = 1000;
        let mut text = format!("{n} {n}");
        for v in 0..n {
            text += &format!(" {v} {}", (v + 1) % n);
        }
        let err = TokenGraph::parse(&text, "g", Kind::Dag)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("(1000 vertices) → 0") && err.len() < 200,
            "{err}"
        );
    }

    #[test]
    fn malformed_graphs_name_the_token() {
        let err = |s: &str| {
            TokenGraph::parse(s, "g", Kind::Dag)
                .unwrap_err()
                .to_string()
        };
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
        assert_eq!(
            err("3 2 0 1"),
            "invalid edge count '2': expected 1, the number of edges that follow it"
        );
        let dag = TokenGraph::parse("3 1 2 0", "g", Kind::Dag).unwrap();
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
        let dag = TokenGraph::parse("2 3 1 0 1 0 1 0", "g", Kind::Dag).unwrap();
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

    /// Every position of 1 to 3 tokens on 60 random graphs with cycles: the outcome
    /// from γ and Smith's rule, and every winning move, against retrograde analysis of
    /// the whole position; misère play against retrograde analysis too.
    #[test]
    fn values_and_smiths_rule_match_retrograde_analysis_on_random_graphs() {
        let budget = Budget::unlimited();
        let mut outcomes = [0usize; 3];
        for seed in 1..=60u64 {
            let vertices = 4 + (seed % 5) as u32;
            let edges = (seed % 3 + 1) as u32 * vertices;
            let graph =
                TokenGraph::parse(&random_graph(vertices, edges, seed), "t", Kind::Loopy).unwrap();
            let n = vertices as usize;
            let mut positions: Vec<Vec<usize>> = (0..n).map(|v| vec![v]).collect();
            positions.extend((0..n * n).map(|p| vec![p / n, p % n]));
            if seed % 4 == 0 {
                positions.extend((0..n * n * n).map(|p| vec![p / (n * n), p / n % n, p % n]));
            }
            for position in positions {
                for convention in [Convention::Normal, Convention::Misere] {
                    let solved = Retrograde::solve(&graph, &position, convention, &budget).unwrap();
                    let analysis = graph
                        .analyze(&position, convention, usize::MAX, &budget)
                        .unwrap();
                    let truth = solved.get(&graph, &position).unwrap().outcome;
                    assert_eq!(
                        analysis.outcome, truth,
                        "{seed} {position:?} {convention:?}"
                    );
                    outcomes[truth as usize] += 1;
                    let mut listed: Vec<Vec<usize>> = analysis
                        .winning_moves
                        .iter()
                        .map(|m| graph.canonical(&graph.apply(&position, &m.play)))
                        .collect();
                    let mut winning: Vec<Vec<usize>> = graph
                        .moves(&position)
                        .into_iter()
                        .filter(|q| solved.get(&graph, q).unwrap().outcome == Outcome::P)
                        .map(|q| graph.canonical(&q))
                        .collect();
                    listed.sort();
                    winning.sort();
                    assert_eq!(listed, winning, "{seed} {position:?} {convention:?}");
                }
            }
        }
        // Every outcome occurs many times, so each rule was exercised.
        assert!(outcomes.iter().all(|&count| count > 500), "{outcomes:?}");
    }

    #[test]
    fn without_cycles_graph_answers_as_dag_does() {
        let budget = Budget::unlimited();
        for seed in 1..=30u64 {
            let text = random_dag(9, (seed % 20) as u32, seed);
            let dag = TokenGraph::parse(&text, "t", Kind::Dag).unwrap();
            let graph = TokenGraph::parse(&text, "t", Kind::Loopy).unwrap();
            assert_eq!(dag.values(), graph.values());
            for p in 0..81 {
                let position = vec![p / 9, p % 9];
                let a = dag
                    .analyze(&position, Convention::Normal, 99, &budget)
                    .unwrap();
                let b = graph
                    .analyze(&position, Convention::Normal, 99, &budget)
                    .unwrap();
                assert_eq!((a.outcome, a.grundy), (b.outcome, b.grundy));
                assert_eq!(a.winning_moves.len(), b.winning_moves.len());
                // Two tokens in misère play: searched on the DAG, by retrograde
                // analysis on the graph.
                let a = dag
                    .analyze(&position, Convention::Misere, 99, &budget)
                    .unwrap();
                let b = graph
                    .analyze(&position, Convention::Misere, 99, &budget)
                    .unwrap();
                assert_eq!(a.outcome, b.outcome, "{text} {position:?}");
                let after = |game: &TokenGraph, analysis: &Analysis<DagMove>| {
                    let mut after: Vec<Vec<usize>> = (analysis.winning_moves.iter())
                        .map(|m| game.canonical(&game.apply(&position, &m.play)))
                        .collect();
                    after.sort();
                    after
                };
                assert_eq!(after(&dag, &a), after(&graph, &b), "{text} {position:?}");
                let single = vec![p % 9];
                let a = dag
                    .analyze(&single, Convention::Misere, 99, &budget)
                    .unwrap();
                let b = graph
                    .analyze(&single, Convention::Misere, 99, &budget)
                    .unwrap();
                assert_eq!(a.outcome, b.outcome);
            }
        }
    }

    /// The computer wins every won position against any defence (random, or the one
    /// that lasts longest), without repeating a position it leaves, and holds every
    /// drawn position to a draw.
    #[test]
    fn the_computer_wins_won_positions_and_holds_draws() {
        use crate::protocol::policy::{Policy, choose_move};
        use rand::seq::IndexedRandom;
        let budget = Budget::unlimited();
        let mut rng = StdRng::seed_from_u64(7);
        let mut won_games = 0;
        for seed in 1..=40u64 {
            let graph = TokenGraph::parse(&random_graph(7, 14, seed), "t", Kind::Loopy).unwrap();
            for p in 0..49 {
                let start = vec![p / 7, p % 7];
                let outcome = graph
                    .analyze(&start, Convention::Normal, 0, &budget)
                    .unwrap()
                    .outcome;
                let solved =
                    Retrograde::solve(&graph, &start, Convention::Normal, &budget).unwrap();
                for defence in ["random", "longest"] {
                    let mut position = start.clone();
                    let mut left = std::collections::HashSet::new();
                    for _ in 0..200 {
                        if graph.moves(&position).is_empty() {
                            break;
                        }
                        let play = choose_move(
                            &graph,
                            &position,
                            Convention::Normal,
                            Policy::PERFECT,
                            &mut rng,
                            &budget,
                        )
                        .unwrap();
                        let now = solved.get(&graph, &position).unwrap().outcome;
                        position = graph.apply(&position, &play);
                        let after = solved.get(&graph, &position).unwrap().outcome;
                        match now {
                            Outcome::N => {
                                assert_eq!(after, Outcome::P);
                                assert!(
                                    left.insert(graph.canonical(&position)),
                                    "{seed} {start:?}"
                                );
                            }
                            Outcome::D => assert_eq!(after, Outcome::D),
                            Outcome::P => {}
                        }
                        let replies = graph.moves(&position);
                        let Some(reply) = (match defence {
                            "random" => replies.choose(&mut rng).cloned(),
                            _ => replies
                                .iter()
                                .max_by_key(|q| {
                                    solved
                                        .get(&graph, q)
                                        .unwrap()
                                        .remoteness
                                        .unwrap_or(u32::MAX)
                                })
                                .cloned(),
                        }) else {
                            break;
                        };
                        position = reply;
                    }
                    if outcome == Outcome::N {
                        assert!(
                            graph.moves(&position).is_empty(),
                            "{seed} {start:?} {defence}"
                        );
                        won_games += 1;
                    }
                }
            }
        }
        assert!(won_games > 400, "{won_games}");
    }

    /// The winner's choice by progress keys alone (what the computer plays when a
    /// retrograde analysis does not fit) wins every won position of one to three
    /// tokens on random graphs with cycles, against every defence, without leaving a
    /// position twice.
    #[test]
    fn the_winner_by_progress_keys_wins_against_every_defence() {
        use crate::protocol::repeats::assert_winner_wins;
        let mut rng = StdRng::seed_from_u64(11);
        let mut games = 0;
        for seed in 1..=40u64 {
            let vertices = 6 + (seed % 7) as u32;
            let edges = vertices * (1 + (seed % 3) as u32);
            let text = random_graph(vertices, edges, seed + 1000);
            let graph = TokenGraph::parse(&text, "t", Kind::Loopy).unwrap();
            let n = vertices as usize;
            let mut starts: Vec<Vec<usize>> = (0..n * n).map(|p| vec![p / n, p % n]).collect();
            starts.extend((0..n).map(|v| vec![v]));
            starts.extend((0..n).map(|v| vec![v, (v + 1) % n, (v + 3) % n]));
            for start in starts {
                games += assert_winner_wins(
                    &graph,
                    &start,
                    |p| {
                        graph
                            .winning_by_progress(p, &Budget::unlimited())
                            .unwrap()
                            .unwrap()
                    },
                    &mut rng,
                );
            }
        }
        assert!(games > 1000, "{games}");
    }

    #[test]
    fn a_self_loop_is_a_pass_that_never_loses() {
        // 0 → 0 (a pass) and 0 → 1, where 1 has no move: moving to 1 wins.
        let graph = TokenGraph::parse("2 2 0 0 0 1", "g", Kind::Loopy).unwrap();
        assert_eq!(graph.gamma(0).to_string(), "inf{0}");
        let budget = Budget::unlimited();
        let analysis = graph
            .analyze(&vec![0], Convention::Normal, 9, &budget)
            .unwrap();
        assert_eq!(analysis.outcome, Outcome::N);
        // A lone pass: neither player can end the game.
        let graph = TokenGraph::parse("1 1 0 0", "g", Kind::Loopy).unwrap();
        let analysis = graph
            .analyze(&vec![0], Convention::Normal, 9, &budget)
            .unwrap();
        assert_eq!(analysis.outcome, Outcome::D);
        assert!(
            analysis.explanation.contains("draw"),
            "{}",
            analysis.explanation
        );
        assert_eq!(
            graph.move_to(&vec![0], &vec![0]),
            Some(DagMove { token: 0, to: 0 })
        );
    }
}
