//! Wythoff's game, as Verkhovsky's "game on the plane": a position is a point (x, y)
//! of non-negative integers; a move decreases x (horizontal), y (vertical), or both by
//! the same amount (diagonal). Whoever reaches (0, 0) wins (`wythoff`), or loses
//! (`wythoff-attrition`, the paper's Attrition game, which is misère Wythoff).
//!
//! - Normal goal: the P-positions are the Wythoff pairs (a_k, b_k) and (b_k, a_k),
//!   a_k = ⌊k·φ⌋, b_k = a_k + k (see [`crate::seq::wythoff`]). Each number has one
//!   partner, so (x, y) is P iff y = partner(x).
//! - Attrition: the same, except that (0,0), (1,2), (2,1) are replaced by (0,1), (1,0),
//!   (2,2): partners 0 ↔ 1 and 2 ↔ 2, every n ≥ 3 keeps its partner (which is ≥ 3).
//!   This is claim (55) of the paper; the tests check it against brute force.
//!
//! From any position at most one move of each direction reaches a P-position (a
//! horizontal or vertical move must reach the partner of the other coordinate, a
//! diagonal one the P-position with the same difference), so the winning moves are
//! found with three partner computations: Θ(M(d)) for d-digit coordinates.
//!
//! `--misere` of `wythoff` is Attrition: the last move of Wythoff's game is always the
//! one that reaches (0, 0). Misère play of `wythoff-attrition` would be normal Wythoff
//! again, so it is refused with [`Error::Undefined`] rather than guessed at.
//!
//! Grundy values of Wythoff's game have no known closed form: they are given, from the
//! generic engine, for positions with both coordinates at most [`SMALL_BOARD`].

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::num::{Nat, to_u64, words};
use crate::parse::{parse_nat, tokens};
use crate::protocol::board::{Board, Clicks, Spot};
use crate::protocol::{Analysis, MoveValue, Notation, Strategy, WinningMove, engine_grundy};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::seq::wythoff::{pair, partner as wythoff_partner};
use crate::solve::search::GrundyEngine;
use malachite_base::num::arithmetic::traits::AbsDiff;
use malachite_base::num::arithmetic::traits::CheckedSub;
use malachite_base::num::basic::traits::{One, Zero};
use malachite_base::num::logic::traits::SignificantBits;
use rand::{Rng, SeedableRng};

/// Grundy values are computed (by the generic engine) for coordinates up to this.
pub const SMALL_BOARD: u64 = 40;

/// Numbers of at most this many bits are written out in reasons and explanations;
/// larger ones (which cost real time to print) only in the moves themselves.
const SHOWN_BITS: u64 = 128;

/// What reaching (0, 0) does for the player who reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goal {
    /// Reaching (0, 0) wins (Wythoff's game).
    Normal,
    /// Reaching (0, 0) loses (the Attrition game).
    Attrition,
}

impl Goal {
    /// The other goal.
    pub fn flipped(self) -> Goal {
        match self {
            Goal::Normal => Goal::Attrition,
            Goal::Attrition => Goal::Normal,
        }
    }

    /// The word used in positions and specs: "normal" or "attrition".
    pub fn word(self) -> &'static str {
        match self {
            Goal::Normal => "normal",
            Goal::Attrition => "attrition",
        }
    }
}

/// The partner of n under a goal: (x, y) is a P-position iff y = partner(goal, x).
pub fn partner(goal: Goal, n: &Nat) -> Nat {
    if goal == Goal::Attrition {
        match to_u64(n) {
            Some(0) => return Nat::ONE,
            Some(1) => return Nat::ZERO,
            Some(2) => return Nat::from(2u32),
            _ => {}
        }
    }
    wythoff_partner(n)
}

/// Whether the player to move at (x, y) loses under `goal`.
pub fn is_lost(goal: Goal, x: &Nat, y: &Nat) -> bool {
    partner(goal, x) == *y
}

/// The smaller coordinate of the P-position whose coordinates differ by d.
fn diagonal_lower(goal: Goal, d: &Nat) -> Nat {
    match (goal, to_u64(d)) {
        (Goal::Attrition, Some(0)) => Nat::from(2u32),
        (Goal::Attrition, Some(1)) => Nat::ZERO,
        _ => pair(d).0,
    }
}

/// The three kinds of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Decrease x.
    Horizontal,
    /// Decrease y.
    Vertical,
    /// Decrease both by the same amount.
    Diagonal,
}

impl Direction {
    fn adverb(self) -> &'static str {
        match self {
            Direction::Horizontal => "horizontally",
            Direction::Vertical => "vertically",
            Direction::Diagonal => "diagonally",
        }
    }
}

/// A move on the plane: a direction and a positive amount.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlaneMove {
    /// Which coordinates decrease.
    pub direction: Direction,
    /// By how much.
    pub amount: Nat,
}

/// A point of the plane, (x, y).
pub type Point = (Nat, Nat);

/// The point after a move (which must be legal).
pub fn apply_move((x, y): &Point, play: &PlaneMove) -> Point {
    let a = &play.amount;
    match play.direction {
        Direction::Horizontal => (x - a, y.clone()),
        Direction::Vertical => (x.clone(), y - a),
        Direction::Diagonal => (x - a, y - a),
    }
}

/// Whether (x, y) is a P-position of `goal`, and every move from it to a P-position
/// (none from a P-position), in the order horizontal, vertical, diagonal: at most one
/// of each. Three partner computations in all.
pub fn solve_point(goal: Goal, (x, y): &Point) -> (bool, Vec<PlaneMove>) {
    let partner_of_x = partner(goal, x);
    if partner_of_x == *y {
        return (true, Vec::new());
    }
    let mut moves = Vec::new();
    let mut push = |direction, from: &Nat, to: Nat| {
        if to < *from {
            moves.push(PlaneMove {
                direction,
                amount: from - to,
            });
        }
    };
    push(Direction::Horizontal, x, partner(goal, y));
    push(Direction::Vertical, y, partner_of_x);
    let smaller = x.min(y);
    push(
        Direction::Diagonal,
        smaller,
        diagonal_lower(goal, &x.abs_diff(y)),
    );
    (false, moves)
}

/// Every move from (x, y) to a P-position of `goal` (see [`solve_point`]).
pub fn moves_to_lost(goal: Goal, point: &Point) -> Vec<PlaneMove> {
    solve_point(goal, point).1
}

/// Every move from (x, y), for brute force and play on small boards.
pub fn all_moves((x, y): &Point) -> Vec<PlaneMove> {
    let amounts = |n: &Nat| {
        let n = to_u64(n).expect("all moves are listed for small boards only");
        (1..=n).map(Nat::from)
    };
    let mut moves: Vec<PlaneMove> = amounts(x)
        .map(|amount| PlaneMove {
            direction: Direction::Horizontal,
            amount,
        })
        .collect();
    moves.extend(amounts(y).map(|amount| PlaneMove {
        direction: Direction::Vertical,
        amount,
    }));
    moves.extend(amounts(x.min(y)).map(|amount| PlaneMove {
        direction: Direction::Diagonal,
        amount,
    }));
    moves
}

/// The move from `from` to `to`: one coordinate down, or both down by the same amount.
pub fn plane_move_to((x, y): &Point, (u, v): &Point) -> Option<PlaneMove> {
    let dx = x.clone().checked_sub(u)?;
    let dy = y.clone().checked_sub(v)?;
    let (direction, amount) = match (dx == 0u32, dy == 0u32) {
        (true, true) => return None,
        (false, true) => (Direction::Horizontal, dx),
        (true, false) => (Direction::Vertical, dy),
        (false, false) if dx == dy => (Direction::Diagonal, dx),
        (false, false) => return None,
    };
    Some(PlaneMove { direction, amount })
}

/// How many moves there are from (x, y): x + y + min(x, y).
pub fn move_count((x, y): &Point) -> Nat {
    x + y + x.min(y)
}

/// Legal moves from (x, y), the smallest first: one step horizontally, vertically and
/// diagonally, then two steps, …; at most `limit`, and whether that is all of them.
pub fn plane_moves((x, y): &Point, limit: usize) -> (Vec<PlaneMove>, bool) {
    let smaller = x.min(y);
    let larger = x.max(y);
    let mut moves = Vec::new();
    let mut amount = Nat::ONE;
    while amount <= *larger {
        for (direction, room) in [
            (Direction::Horizontal, x),
            (Direction::Vertical, y),
            (Direction::Diagonal, smaller),
        ] {
            if amount <= *room {
                if moves.len() == limit {
                    return (moves, false);
                }
                moves.push(PlaneMove {
                    direction,
                    amount: amount.clone(),
                });
            }
        }
        amount += Nat::ONE;
    }
    (moves, true)
}

/// How a person types a move on the plane.
pub const PLANE_MOVE_SYNTAX: &str = "a direction and an amount: \"h 3\" moves 3 to the left \
     (x − 3), \"v 3\" moves 3 down (y − 3), \"d 3\" moves 3 diagonally (both − 3); or the \
     point to move to, such as \"27,44\"";

/// A move as a person types it: "h 3", "v 7" or "d 2".
pub fn plane_move_text(play: &PlaneMove) -> String {
    let letter = match play.direction {
        Direction::Horizontal => "h",
        Direction::Vertical => "v",
        Direction::Diagonal => "d",
    };
    format!("{letter} {}", play.amount)
}

/// A person's move from (x, y): a direction and an amount ("h 3", "vertical 2") or
/// the point to move to ("27,44"). Errors say what is expected.
pub fn parse_plane_move(point: &Point, text: &str) -> Result<PlaneMove, InputError> {
    let (x, y) = point;
    // A point may be written as the game writes it: (27,44).
    let unbracketed = text.replace(['(', ')'], " ");
    let words: Vec<&str> = tokens(&unbracketed).collect();
    let invalid = || InputError::invalid("move", text.trim(), PLANE_MOVE_SYNTAX);
    let play = match words[..] {
        [word, amount] if word.starts_with(|c: char| c.is_ascii_alphabetic()) => {
            let direction = match word.to_ascii_lowercase().as_str() {
                "h" | "horizontal" | "horizontally" | "left" => Direction::Horizontal,
                "v" | "vertical" | "vertically" | "down" => Direction::Vertical,
                "d" | "diagonal" | "diagonally" => Direction::Diagonal,
                _ => return Err(invalid()),
            };
            let amount = parse_nat(amount, "amount")?;
            PlaneMove { direction, amount }
        }
        [tx, ty] => {
            let target = (parse_nat(tx, "coordinate")?, parse_nat(ty, "coordinate")?);
            let (tx, ty) = &target;
            let direction = match (tx < x, ty < y) {
                (true, false) if ty == y => Direction::Horizontal,
                (false, true) if tx == x => Direction::Vertical,
                (true, true) if x - tx == y - ty => Direction::Diagonal,
                _ => {
                    return Err(InputError::invalid(
                        "point",
                        &format!("{tx},{ty}"),
                        format!("a point one move from ({x},{y}): left, down, or diagonally"),
                    ));
                }
            };
            let amount = if direction == Direction::Vertical {
                y - ty
            } else {
                x - tx
            };
            PlaneMove { direction, amount }
        }
        _ => return Err(invalid()),
    };
    let room = match play.direction {
        Direction::Horizontal => x,
        Direction::Vertical => y,
        Direction::Diagonal => x.min(y),
    };
    if play.amount == 0u32 || play.amount > *room {
        return Err(InputError::invalid(
            "amount",
            &play.amount.to_string(),
            format!(
                "1 to {room} for a move {} from ({x},{y})",
                play.direction.adverb()
            ),
        ));
    }
    Ok(play)
}

/// The number in decimal if it is short enough to be cheap to print.
fn shown(n: &Nat) -> Option<String> {
    (n.significant_bits() <= SHOWN_BITS).then(|| n.to_string())
}

/// A move in words, e.g. "move vertically: 51 → 44". Coordinates too long to print
/// cheaply are left out, except the one number that pins the move down.
pub fn describe_move((x, y): &Point, play: &PlaneMove) -> String {
    let adverb = play.direction.adverb();
    let (from, to) = match play.direction {
        Direction::Horizontal => (x, x - &play.amount),
        Direction::Vertical => (y, y - &play.amount),
        Direction::Diagonal => {
            return match (shown(x), shown(y)) {
                (Some(sx), Some(sy)) => format!(
                    "move {adverb}: ({sx},{sy}) → ({},{})",
                    x - &play.amount,
                    y - &play.amount
                ),
                _ => format!("move {adverb}, taking {} from each coordinate", play.amount),
            };
        }
    };
    match shown(from) {
        Some(from) => format!("move {adverb}: {from} → {to}"),
        None => format!("move {adverb} to {to}"),
    }
}

/// Why a P-position of `goal` is one, e.g. "(27,44) is the Wythoff pair a_17, b_17".
pub fn p_position_reason(goal: Goal, (x, y): &Point) -> String {
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    let special = goal == Goal::Attrition && to_u64(large).is_some_and(|l| l <= 2);
    if special {
        return format!(
            "({x},{y}) is a P-position of Attrition: (0,1), (1,0) and (2,2) replace (0,0), (1,2) and (2,1)"
        );
    }
    let k = large - small;
    match (shown(small), shown(large), shown(&k)) {
        (Some(a), Some(b), Some(k)) => {
            format!("({a},{b}) is the Wythoff pair a_{k}, b_{k} = a_{k} + {k}")
        }
        _ => "it is a Wythoff pair (a_k, a_k + k) with k the difference of the coordinates"
            .to_string(),
    }
}

/// Why (x, y) is not a P-position of `goal`, in one line.
fn n_position_reason(goal: Goal, (x, y): &Point) -> String {
    if goal == Goal::Attrition && *x == Nat::ZERO && *y == Nat::ZERO {
        return "the previous player reached (0,0) and so lost Attrition: the game is over"
            .to_string();
    }
    let d = x.abs_diff(y);
    match (shown(x), shown(y), shown(&d)) {
        (Some(sx), Some(sy), Some(sd)) => {
            let lower = diagonal_lower(goal, &d);
            format!(
                "({sx},{sy}) is not a P-position: the one whose coordinates differ by {sd} is ({lower},{})",
                &lower + &d
            )
        }
        _ => "the point is not a P-position: its smaller coordinate is not a_k for k the \
              difference of its coordinates"
            .to_string(),
    }
}

/// Wythoff's game on the plane with a fixed goal: `wythoff` or `wythoff-attrition`.
#[derive(Clone, Copy, Debug)]
pub struct Wythoff {
    /// Whether reaching (0, 0) wins or loses.
    pub goal: Goal,
}

impl Wythoff {
    /// The goal a play convention gives: misère play of Wythoff is Attrition.
    fn goal_for(&self, convention: Convention) -> Result<Goal, Error> {
        match (self.goal, convention) {
            (goal, Convention::Normal) => Ok(goal),
            (Goal::Normal, Convention::Misere) => Ok(Goal::Attrition),
            (Goal::Attrition, Convention::Misere) => Err(Error::Undefined(
                "wythoff-attrition is already misère play (reaching (0,0) loses); \
                 for normal play use wythoff"
                    .to_string(),
            )),
        }
    }
}

/// Parse "x,y" (or "x y").
pub fn parse_point(text: &str, syntax: &str) -> Result<Point, InputError> {
    let unbracketed = text.replace(['(', ')'], " ");
    let words: Vec<&str> = tokens(&unbracketed).collect();
    match words[..] {
        [] => Err(InputError::missing("position", syntax)),
        [x, y] => Ok((parse_nat(x, "coordinate")?, parse_nat(y, "coordinate")?)),
        _ => Err(InputError::invalid("position", text.trim(), syntax)),
    }
}

/// Analyse a point under a goal: shared by Wythoff and Attrition (and the flip-flop
/// game once its flip is gone).
pub fn analyze_point(
    goal: Goal,
    point: &Point,
    max_moves: usize,
) -> (Outcome, String, Vec<WinningMove<PlaneMove>>, usize) {
    let (lost, moves) = solve_point(goal, point);
    if lost {
        return (Outcome::P, p_position_reason(goal, point), Vec::new(), 0);
    }
    let count = moves.len();
    let listed = moves
        .into_iter()
        .take(max_moves)
        .map(|play| {
            let to = apply_move(point, &play);
            WinningMove {
                action: describe_move(point, &play),
                reason: format!("leaves a P-position: {}", p_position_reason(goal, &to)),
                play,
            }
        })
        .collect();
    (Outcome::N, n_position_reason(goal, point), listed, count)
}

impl Notation for Wythoff {
    fn spec(&self) -> String {
        match self.goal {
            Goal::Normal => "wythoff".to_string(),
            Goal::Attrition => "wythoff-attrition".to_string(),
        }
    }

    fn rules(&self) -> String {
        "Wythoff's game on the plane: from (x,y) move horizontally (decrease x), \
         vertically (decrease y) or diagonally (decrease both equally)."
            .to_string()
    }

    fn position_syntax(&self) -> String {
        "two coordinates x,y such as 29,51".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Point, InputError> {
        parse_point(text, &self.position_syntax())
    }

    fn format_position(&self, (x, y): &Point) -> String {
        format!("{x},{y}")
    }

    fn move_to(&self, from: &Point, to: &Point) -> Option<PlaneMove> {
        plane_move_to(from, to)
    }

    fn describe_move(&self, point: &Point, play: &PlaneMove) -> String {
        describe_move(point, play)
    }

    fn parse_move(&self, point: &Point, text: &str) -> Result<PlaneMove, InputError> {
        parse_plane_move(point, text)
    }

    fn move_text(&self, _point: &Point, play: &PlaneMove) -> String {
        plane_move_text(play)
    }

    fn move_syntax(&self, _point: &Point) -> String {
        PLANE_MOVE_SYNTAX.to_string()
    }

    fn clicks(&self, point: &Point, play: &PlaneMove) -> Clicks {
        let (x, y) = apply_move(point, play);
        vec![vec![Spot::Point(x, y)]]
    }

    fn click_help(&self) -> String {
        "Click a highlighted square to move the token there: left, down, or diagonally \
         down and to the left, as far as you like."
            .to_string()
    }

    fn board(&self, (x, y): &Point) -> Board {
        Board::Plane {
            x: x.clone(),
            y: y.clone(),
            reaching_origin_wins: self.goal == Goal::Normal,
            flip: None,
        }
    }

    fn ending(&self, convention: Convention) -> String {
        match self.goal_for(convention) {
            Ok(Goal::Normal) => "Whoever reaches (0,0) wins.".to_string(),
            Ok(Goal::Attrition) => "Whoever reaches (0,0) loses (the Attrition game).".to_string(),
            Err(_) => String::new(),
        }
    }
}

impl Strategy for Wythoff {
    /// Attrition is already misère Wythoff: it refuses misère play.
    fn takes_misere(&self) -> bool {
        self.goal != Goal::Attrition
    }

    fn analyze(
        &self,
        point: &Point,
        convention: Convention,
        max_moves: usize,
        _budget: &Budget,
    ) -> Result<Analysis<PlaneMove>, Error> {
        let goal = self.goal_for(convention)?;
        let (outcome, explanation, winning_moves, winning_move_count) =
            analyze_point(goal, point, max_moves);
        let small = |n: &Nat| to_u64(n).is_some_and(|n| n <= SMALL_BOARD);
        let grundy = (small(&point.0) && small(&point.1)).then(|| engine_grundy(self, point));
        Ok(Analysis {
            convention: match goal {
                Goal::Normal => Convention::Normal,
                Goal::Attrition => Convention::Misere,
            },
            outcome,
            grundy,
            infinite: None,
            explanation,
            winning_moves,
            winning_move_count: Nat::from(winning_move_count),
            text_limited: false,
        })
    }

    fn move_count(&self, point: &Point) -> Nat {
        move_count(point)
    }

    /// By the P-positions, with one Grundy engine for every small point after a move
    /// (an analysis of each would start its engine afresh).
    fn move_values(
        &self,
        point: &Point,
        moves: Vec<PlaneMove>,
        convention: Convention,
        _budget: &Budget,
    ) -> Result<Vec<MoveValue<PlaneMove>>, Error> {
        let goal = self.goal_for(convention)?;
        let small = |n: &Nat| to_u64(n).is_some_and(|n| n <= SMALL_BOARD);
        let mut engine = GrundyEngine::new(self);
        Ok(moves
            .into_iter()
            .map(|play| {
                let (x, y) = apply_move(point, &play);
                let grundy = (small(&x) && small(&y)).then(|| {
                    let value = engine.grundy(&(x.clone(), y.clone()));
                    Nat::from(value.expect("points of the plane are acyclic"))
                });
                MoveValue {
                    after: Outcome::from_mover_wins(!is_lost(goal, &x, &y)),
                    grundy,
                    remoteness: None,
                    play,
                }
            })
            .collect())
    }

    /// Remark 3 of the paper: a point (S, L) with 1 ≤ S and e·S < L ≤ 100, never a
    /// winning point.
    fn random_start(&self, seed: u64) -> Option<Point> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        random_start(&mut rng, &Nat::from(RANDOM_START_LEVEL)).ok()
    }
}

/// The largest coordinate of a random start for play.
pub const RANDOM_START_LEVEL: u32 = 100;

impl Game for Wythoff {
    type Position = Point;
    type Move = PlaneMove;

    fn size(&self, position: &Point) -> usize {
        words(&position.0) + words(&position.1)
    }

    fn apply(&self, point: &Point, play: &PlaneMove) -> Point {
        apply_move(point, play)
    }

    fn legal_moves(&self, point: &Point, limit: usize) -> (Vec<PlaneMove>, bool) {
        plane_moves(point, limit)
    }

    fn mover_wins_at_end(&self, _point: &Point, convention: Convention) -> bool {
        self.goal_for(convention) == Ok(Goal::Attrition)
    }

    fn canonical(&self, (x, y): &Point) -> Point {
        (x.min(y).clone(), x.max(y).clone())
    }
}

/// A random starting point as in Remark 3 of the paper: 1 ≤ S, e·S < L ≤ level, so
/// L − S > (e − 1)·S > φ·S and the point (S, L) is never a P-position (a P-position
/// (a_k, b_k) has b_k − a_k = k < (a_k + 1)/φ ≤ 1.24·a_k). S is uniform on its range,
/// then L on its range. e is bounded above by 2.7183, so the test is exact.
pub fn random_start<R: Rng + ?Sized>(rng: &mut R, level: &Nat) -> Result<Point, InputError> {
    // L ≥ ⌊2.7183·S⌋ + 1 > e·S; the largest S with room below the level:
    // ⌊27183·S / 10000⌋ + 1 ≤ level ⟺ 27183·S < 10000·level.
    let most = (Nat::from(10_000u32) * level - Nat::ONE) / Nat::from(27_183u32);
    if most == Nat::ZERO {
        return Err(InputError::invalid(
            "level",
            &level.to_string(),
            "an integer of at least 3",
        ));
    }
    let s = random_below(rng, &most) + Nat::ONE;
    let least_l = Nat::from(27_183u32) * &s / Nat::from(10_000u32) + Nat::ONE;
    let l = &least_l + random_below(rng, &(level - &least_l + Nat::ONE));
    Ok((s, l))
}

/// A uniform random number in 0..bound (bound > 0), by rejection.
fn random_below<R: Rng + ?Sized>(rng: &mut R, bound: &Nat) -> Nat {
    let bits = bound.significant_bits();
    let words = bits.div_ceil(64) as usize;
    loop {
        let mut limbs: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
        let spare = words as u64 * 64 - bits;
        if let Some(top) = limbs.last_mut() {
            *top >>= spare;
        }
        let candidate = Nat::from_limbs_asc(&limbs);
        if candidate < *bound {
            return candidate;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Strategy;
    use crate::solve::search::Oracle;
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use std::collections::HashSet;

    fn point(x: u64, y: u64) -> Point {
        (Nat::from(x), Nat::from(y))
    }

    /// Check outcomes and the complete set of winning moves of both goals against the
    /// brute-force oracle on every point with coordinates up to `bound`.
    fn check_against_brute_force(bound: u64) {
        let game = Wythoff { goal: Goal::Normal };
        for (goal, convention) in [
            (Goal::Normal, Convention::Normal),
            (Goal::Attrition, Convention::Misere),
        ] {
            let mut oracle = Oracle::new(&game, convention);
            for x in 0..=bound {
                for y in 0..=bound {
                    let p = point(x, y);
                    let expected = oracle.outcome(&p).unwrap();
                    assert_eq!(
                        is_lost(goal, &p.0, &p.1),
                        expected == Outcome::P,
                        "{goal:?} {p:?}"
                    );
                    let fast: HashSet<Point> = moves_to_lost(goal, &p)
                        .iter()
                        .map(|m| apply_move(&p, m))
                        .collect();
                    assert_eq!(
                        fast,
                        oracle.winning_options(&p),
                        "{goal:?} winning moves from {p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn normal_and_attrition_match_brute_force_up_to_300() {
        check_against_brute_force(300);
    }

    fn winning_targets(goal: Goal, x: u64, y: u64) -> Vec<Point> {
        let game = Wythoff { goal };
        let p = point(x, y);
        let a = Strategy::analyze(&game, &p, Convention::Normal, 10, &Budget::unlimited()).unwrap();
        let mut targets: Vec<Point> = a
            .winning_moves
            .iter()
            .map(|m| apply_move(&p, &m.play))
            .collect();
        targets.sort();
        targets
    }

    #[test]
    fn verkhovsky_examples() {
        // Section 4: the start (29,51) has one winning move, to (29,47) = (a_18, b_18);
        // after Hugo's (23,51), Cora's winning move is (23,14), i.e. (a_9, b_9).
        assert_eq!(winning_targets(Goal::Normal, 29, 51), [point(29, 47)]);
        assert_eq!(winning_targets(Goal::Normal, 23, 51), [point(23, 14)]);
        // Example 2: (19,26), m = 7, a_7 = 11 < 19: the diagonal move to (11,18); the
        // horizontal move to (16,26) = (a_10, b_10) wins as well.
        assert_eq!(
            winning_targets(Goal::Normal, 19, 26),
            [point(11, 18), point(16, 26)]
        );
        // Example 3: (15,32), a_17 = 27 > 15, but 15 = b_6: L := 9.
        assert_eq!(winning_targets(Goal::Normal, 15, 32), [point(15, 9)]);
        // Example 4: (14,29), a_15 = 24 > 14, but 14 = a_9: L := 23.
        assert_eq!(winning_targets(Goal::Normal, 14, 29), [point(14, 23)]);
        // Section 3: from (7,9) the winning moves reach (4,7) and (3,5).
        assert_eq!(
            winning_targets(Goal::Normal, 7, 9),
            [point(3, 5), point(7, 4)]
        );
        // Section 21 (Attrition): (0,1) and (2,2) win for the player who reaches them.
        assert_eq!(winning_targets(Goal::Attrition, 0, 5), [point(0, 1)]);
        assert_eq!(winning_targets(Goal::Attrition, 2, 9), [point(2, 2)]);
    }

    #[test]
    fn reasons_and_actions_read_well() {
        let game = Wythoff { goal: Goal::Normal };
        let a = Strategy::analyze(
            &game,
            &point(29, 51),
            Convention::Normal,
            10,
            &Budget::unlimited(),
        )
        .unwrap();
        assert_eq!(
            a.explanation,
            "(29,51) is not a P-position: the one whose coordinates differ by 22 is (35,57)"
        );
        let m = &a.winning_moves[0];
        assert_eq!(m.action, "move vertically: 51 → 47");
        assert_eq!(
            m.reason,
            "leaves a P-position: (29,47) is the Wythoff pair a_18, b_18 = a_18 + 18"
        );
        let a = Strategy::analyze(
            &game,
            &point(19, 26),
            Convention::Normal,
            10,
            &Budget::unlimited(),
        )
        .unwrap();
        assert_eq!(
            a.winning_moves[1].action,
            "move diagonally: (19,26) → (11,18)"
        );
    }

    #[test]
    fn grundy_values_on_small_boards() {
        let game = Wythoff { goal: Goal::Normal };
        // Row 0 is Nim with one heap; the table's corner is 0 1 2 / 1 2 0 / 2 0 1.
        let g = |x, y| {
            Strategy::analyze(
                &game,
                &point(x, y),
                Convention::Normal,
                0,
                &Budget::unlimited(),
            )
            .unwrap()
            .grundy
        };
        assert_eq!(g(0, 7), Some(Nat::from(7u32)));
        assert_eq!(g(1, 1), Some(Nat::from(2u32)));
        assert_eq!(g(1, 2), Some(Nat::ZERO));
        assert_eq!(g(2, 2), Some(Nat::from(1u32)));
        assert_eq!(g(SMALL_BOARD + 1, 3), None);
        for x in 0..=12 {
            for y in 0..=12 {
                let zero = g(x, y) == Some(Nat::ZERO);
                assert_eq!(zero, is_lost(Goal::Normal, &Nat::from(x), &Nat::from(y)));
            }
        }
    }

    #[test]
    fn misere_is_attrition_and_attrition_refuses_misere() {
        let normal = Wythoff { goal: Goal::Normal };
        let attrition = Wythoff {
            goal: Goal::Attrition,
        };
        for (x, y) in [(0, 1), (2, 2), (1, 2), (0, 0), (3, 5), (7, 9)] {
            let p = point(x, y);
            let a = Strategy::analyze(&normal, &p, Convention::Misere, 10, &Budget::unlimited())
                .unwrap();
            let b = Strategy::analyze(&attrition, &p, Convention::Normal, 10, &Budget::unlimited())
                .unwrap();
            assert_eq!(a, b);
            assert_eq!(a.convention, Convention::Misere);
        }
        assert!(matches!(
            Strategy::analyze(
                &attrition,
                &point(3, 4),
                Convention::Misere,
                1,
                &Budget::unlimited()
            ),
            Err(Error::Undefined(_))
        ));
    }

    #[test]
    fn random_starts_are_never_p_positions() {
        let mut rng = StdRng::seed_from_u64(7);
        for level in [3u64, 4, 5, 10, 100, 1000, u64::MAX] {
            for _ in 0..2000 {
                let (s, l) = random_start(&mut rng, &Nat::from(level)).unwrap();
                assert!(s >= Nat::ONE && l <= level && s < l);
                // L > e·S, checked with e > 2.71828.
                assert!(Nat::from(100_000u32) * &l > Nat::from(271_828u32) * &s);
                assert!(!is_lost(Goal::Normal, &s, &l));
                assert!(!is_lost(Goal::Attrition, &s, &l));
            }
        }
        let err = random_start(&mut rng, &Nat::from(2u32)).unwrap_err();
        assert!(err.to_string().contains("at least 3"), "{err}");
    }

    proptest! {
        /// Huge points: every listed move is legal and leaves a P-position, and a point
        /// is P exactly when no move is listed. P-positions built from a_k are P.
        #[test]
        fn huge_points(x in "[1-9][0-9]{0,300}", y in "[1-9][0-9]{0,300}", k in "[1-9][0-9]{0,300}", seed: u64) {
            let game = Wythoff { goal: Goal::Normal };
            let p: Point = (x.parse().unwrap(), y.parse().unwrap());
            for goal in [Goal::Normal, Goal::Attrition] {
                let moves = moves_to_lost(goal, &p);
                prop_assert_eq!(moves.is_empty(), is_lost(goal, &p.0, &p.1));
                for m in &moves {
                    let (a, b) = apply_move(&p, m);
                    prop_assert!(is_lost(goal, &a, &b));
                    prop_assert!(m.amount > Nat::ZERO);
                    // The target is P by the definition: (a_j, b_j) with j the difference,
                    // or one of Attrition's replacements.
                    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
                    let j = &hi - &lo;
                    let replaced = [point(0, 1), point(2, 2)].contains(&(lo.clone(), hi.clone()));
                    let small = hi <= 2u32;
                    match goal {
                        Goal::Normal => prop_assert_eq!(pair(&j), (lo, hi)),
                        Goal::Attrition => prop_assert!(replaced || (!small && pair(&j) == (lo, hi))),
                    }
                }
            }
            let (a, b) = pair(&k.parse().unwrap());
            let analysis = Strategy::analyze(&game, &(b.clone(), a.clone()), Convention::Normal, 3, &Budget::unlimited()).unwrap();
            prop_assert_eq!(analysis.outcome, Outcome::P);
            let mut rng = StdRng::seed_from_u64(seed);
            let (s, l) = random_start(&mut rng, &p.0.clone().max(Nat::from(3u32))).unwrap();
            prop_assert!(!is_lost(Goal::Normal, &s, &l));
        }
    }
}
