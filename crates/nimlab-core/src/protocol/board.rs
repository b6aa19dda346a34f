//! Boards: a position as data that a front end draws. Each family gives one for any
//! of its positions ([`crate::protocol::Notation::board`]); the terminal draws it as
//! text, the web as pictures, from the same data.

use crate::num::Nat;

/// A position, drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
pub enum Board {
    /// Heaps of tokens played side by side (Nim, subtraction and octal games).
    Heaps {
        /// The heaps' sizes, in the position's order.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::numbers"))]
        heaps: Vec<Nat>,
        /// What a heap is called ("heap").
        heap: &'static str,
        /// What a token is called ("token").
        token: &'static str,
    },
    /// Rows of pins (Kayles): a move knocks down one pin or two adjacent pins of a
    /// row, which may split it.
    Pins {
        /// The rows' lengths, in the position's order.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::numbers"))]
        rows: Vec<Nat>,
    },
    /// A single pot of tokens to draw from (the 12-token game).
    Pot {
        /// Tokens in the pot.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::number"))]
        tokens: Nat,
        /// What one may draw, for "Please draw …": "1, 2 or 3 tokens", "the token".
        choices: String,
    },
    /// One pile whose moves depend on the previous move (Fibonacci Nim, copycat).
    Pile {
        /// Items in the pile.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::number"))]
        count: Nat,
        /// What one item is called ("chip").
        noun: &'static str,
        /// What several are called ("chips").
        plural: &'static str,
        /// The most the player to move may take (Fibonacci Nim), if limited.
        #[cfg_attr(
            feature = "serde",
            serde(
                with = "crate::json::optional_number",
                skip_serializing_if = "Option::is_none"
            )
        )]
        most: Option<Nat>,
        /// An amount the player to move may not take, the one just taken (copycat).
        #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
        forbidden: Option<u64>,
    },
    /// A row of coins, heads (`true`) or tails (Turning Turtles).
    Coins {
        /// The coins, left to right.
        coins: Vec<bool>,
    },
    /// Coins on the steps of a staircase (staircase Nim).
    Stairs {
        /// Coins on steps 1, 2, …
        #[cfg_attr(feature = "serde", serde(with = "crate::json::numbers"))]
        steps: Vec<Nat>,
    },
    /// A token on the plane, moving toward (0, 0) (Wythoff's game and its variants).
    Plane {
        /// The token's x coordinate.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::number"))]
        x: Nat,
        /// The token's y coordinate.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::number"))]
        y: Nat,
        /// Whether reaching (0, 0) wins (else it loses: the Attrition game).
        reaching_origin_wins: bool,
        /// In the flip-flop game, whether the goal may still be flipped and the least
        /// difference of the coordinates that allows it.
        #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
        flip: Option<Flip>,
    },
    /// Tokens on the vertices of a directed acyclic graph.
    Graph {
        /// How many vertices the graph has.
        vertices: u64,
        /// Every edge (from, to), when the graph is small enough to draw.
        #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
        edges: Option<Vec<(u32, u32)>>,
        /// The tokens and where each may move.
        tokens: Vec<GraphToken>,
    },
    /// Several games side by side: a move is made in one of them.
    Sum {
        /// Each game's spec and board.
        parts: Vec<SumPart>,
    },
    /// A position with no drawing but its text.
    Text {
        /// The position as text.
        text: String,
    },
}

/// The flip of the flip-flop game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Flip {
    /// Whether the goal may still be flipped.
    pub available: bool,
    /// The least |x − y| at which a move may flip the goal.
    pub threshold: u64,
}

/// A token on a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GraphToken {
    /// The vertex it is on.
    pub vertex: u32,
    /// The vertices it may move to.
    pub moves_to: Vec<u32>,
}

/// One game of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SumPart {
    /// The game's spec.
    pub game: String,
    /// Its board.
    pub board: Board,
}

/// A place on a drawn [`Board`] that a person clicks to make a move. A move is made by
/// clicking a short sequence of spots ([`Clicks`]); front ends draw the board and name
/// each clickable thing by its spot, written as [`Spot`]'s `Display` says, so that
/// they match clicks to moves without knowing any rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// Token `token` of heap `heap` (both 1-based, tokens counted from the heap's
    /// start): a heap's token, a row's pin, a step's coin, a pile's chip.
    /// Written `token H T`.
    Token {
        /// The heap, row, step or pile (1 when there is one pile).
        heap: usize,
        /// The token.
        token: Nat,
    },
    /// The gap after token `after` (1-based) of heap `heap`, where a heap splits.
    /// Written `gap H A`.
    Gap {
        /// The heap.
        heap: usize,
        /// The token before the gap.
        after: Nat,
    },
    /// Coin `coin` of a row of coins (1-based). Written `coin C`.
    Coin(usize),
    /// The point (x, y) of the plane. Written `point X Y`.
    Point(Nat, Nat),
    /// The flip of the flip-flop game's goal. Written `flip`.
    Flip,
    /// An amount to take from a pile. Written `take K`.
    Take(Nat),
    /// The token standing on vertex `v` of a graph, to move it. Written `token-on V`.
    TokenOn(u32),
    /// Vertex `v` of a graph, to move a token there. Written `vertex V`.
    Vertex(u32),
    /// A spot of part `part` (1-based) of a sum. Written `part P ` and the spot.
    Part(usize, Box<Spot>),
}

impl std::fmt::Display for Spot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spot::Token { heap, token } => write!(f, "token {heap} {token}"),
            Spot::Gap { heap, after } => write!(f, "gap {heap} {after}"),
            Spot::Coin(coin) => write!(f, "coin {coin}"),
            Spot::Point(x, y) => write!(f, "point {x} {y}"),
            Spot::Flip => write!(f, "flip"),
            Spot::Take(amount) => write!(f, "take {amount}"),
            Spot::TokenOn(v) => write!(f, "token-on {v}"),
            Spot::Vertex(v) => write!(f, "vertex {v}"),
            Spot::Part(part, spot) => write!(f, "part {part} {spot}"),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Spot {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The ways to make one move by clicking: each is a sequence of [`Spot`]s clicked in
/// order (any one of them makes the move). Empty when the move is not made on the
/// board (it is typed, or chosen from a list).
pub type Clicks = Vec<Vec<Spot>>;

/// The clicks that remove tokens `first..=last` (1-based) of heap `heap`, in either
/// order: one click when it is a single token, else the first and the last.
pub fn run_clicks(heap: usize, first: &Nat, last: &Nat) -> Clicks {
    let token = |token: &Nat| Spot::Token {
        heap,
        token: token.clone(),
    };
    if first == last {
        vec![vec![token(first)]]
    } else {
        vec![
            vec![token(first), token(last)],
            vec![token(last), token(first)],
        ]
    }
}

/// The spots of `clicks` inside part `part` (1-based) of a sum.
pub fn in_part(part: usize, clicks: Clicks) -> Clicks {
    clicks
        .into_iter()
        .map(|sequence| {
            sequence
                .into_iter()
                .map(|spot| Spot::Part(part, Box::new(spot)))
                .collect()
        })
        .collect()
}

/// The click that takes `taken` tokens from the end of heap `heap` (1-based) of `n`:
/// on the first token taken, counted from the heap's start.
pub fn take_from_end(heap: usize, n: &Nat, taken: &Nat) -> Spot {
    Spot::Token {
        heap,
        token: n - taken + Nat::from(1u32),
    }
}

/// The clicks that take `taken` items from a pile of `count`: the amount (a slider),
/// or the first item taken, drawn as a row.
pub fn pile_clicks(count: &Nat, taken: &Nat) -> Clicks {
    vec![
        vec![Spot::Take(taken.clone())],
        vec![take_from_end(1, count, taken)],
    ]
}
