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
