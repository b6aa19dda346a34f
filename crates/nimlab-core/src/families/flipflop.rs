//! The Flip-flop game of Verkhovsky's paper: Wythoff's game on the plane whose goal
//! (reaching (0,0) wins: *normal*; or loses: *attrition*) may be flipped once per game.
//!
//! The paper's condition (54) is unreadable in the source; nimlab defines it so: once
//! per game, a player may declare a flip of the goal together with a move, only while
//! L − S ≥ T before the move (S ≤ L the coordinates; T = 27 by default, the spec
//! `wythoff-flipflop:T` sets it). The flip takes effect with the move it comes with, so
//! a flip that reaches (0,0) is judged by the new goal. A position is
//! `x,y[,goal,flip-available]`, e.g. `30,50,normal,yes`.
//!
//! # Solution, and the paper's claims (55)–(56)
//!
//! Once the flip is used the game is Wythoff's (normal) or Attrition, solved in
//! [`wythoff`](super::wythoff). The two goals' P-sets differ only at six points:
//! (0,0), (1,2), (2,1) are P for normal and (0,1), (1,0), (2,2) for attrition.
//!
//! - **T ≥ 2: the flip never matters.** With the flip available, the P-positions are
//!   exactly those of the current goal. Induction on x + y: from a P-position p of the
//!   current goal every plain move reaches an N-position; a flipping move needs
//!   L − S ≥ 2, so p is (a_k, b_k) or (b_k, a_k) with k ≥ 2, whose coordinates are ≥ 3
//!   and differ by k ≥ 2, so no move reaches one of the six points (all coordinates
//!   ≤ 2, difference ≤ 1), and the flipped goal's P-positions elsewhere are the same
//!   as the current goal's, which p cannot reach. From an N-position the plain winning
//!   move still wins.
//! - **T ≤ 1: exceptions, all inside the box \[0,2\]².** Brute force finds (T = 1):
//!   with the flip available, normal loses (1,2) and (2,1) as P-positions, attrition
//!   loses (0,1), (1,0), (2,2) and gains (1,1); (T = 0): normal as for T = 1,
//!   attrition loses (0,1), (1,0), (2,2) and gains (1,2), (2,1). Outside the box the
//!   P-positions are the current goal's: a P-position there has coordinates ≥ 3 and
//!   difference ≥ 2, so it reaches no box point; and each N-position whose only plain
//!   winning move went to a lost box point has a flipping move instead, e.g. (1,y) →
//!   flip to attrition and (1,0); (x,x+1) → flip and (0,1); (0,y) under attrition →
//!   flip and (0,0). nimlab computes the box with the generic engine for the given T.
//!
//! So **claim (55)** (the Attrition winning points are Wythoff's from w_2 = (3,5) on,
//! with (2,2) and (1,0) instead of (1,2) and (0,0)) holds, and **claim (56)** (the
//! flip-flop winning points are Attrition's in the attrition phase and Wythoff's
//! otherwise, so "only once" is inessential) holds for the paper's T = 27 and every
//! T ≥ 2, whether or not the flip has been used; it fails for T ≤ 1 at the points
//! above. The tests check all of this against brute force.
//!
//! `--misere` is refused: the goal is part of the position (write `x,y,attrition,yes`).
//! Grundy values are not given: with an attrition goal this is not a normal-play game.

use super::wythoff::{
    Goal, PLANE_MOVE_SYNTAX, PlaneMove, Point, apply_move, describe_move, is_lost, move_count,
    moves_to_lost, p_position_reason, parse_plane_move, parse_point, plane_move_text,
    plane_move_to, plane_moves,
};
use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::num::{Nat, to_u64, words};
use crate::parse::{parse_bounded, tokens};
use crate::protocol::board::{Board, Clicks, Flip, Spot};
use crate::protocol::{Analysis, Notation, Strategy, WinningMove};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::search::Oracle;
use malachite_base::num::arithmetic::traits::AbsDiff;
use malachite_base::num::basic::traits::Zero;

/// The paper's flip threshold.
pub const DEFAULT_THRESHOLD: u64 = 27;

/// Points with both coordinates up to this are solved by the generic engine.
const BOX: u64 = 2;

/// A flip-flop position: the point, the goal in force, and whether the flip is left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlipPosition {
    /// The point (x, y).
    pub point: Point,
    /// The goal in force.
    pub goal: Goal,
    /// Whether the one flip of the game is still available.
    pub flip: bool,
}

/// A move: a plane move, with or without a flip of the goal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlipMove {
    /// The plane move.
    pub play: PlaneMove,
    /// Whether the goal is flipped with it.
    pub flip: bool,
}

/// The flip-flop game with threshold T.
#[derive(Clone, Debug)]
pub struct FlipFlop {
    threshold: u64,
    /// Whether each box point is lost for the mover with the flip available, indexed by
    /// goal (normal, attrition), then x·(BOX+1) + y.
    box_lost: [Vec<bool>; 2],
}

fn goal_index(goal: Goal) -> usize {
    match goal {
        Goal::Normal => 0,
        Goal::Attrition => 1,
    }
}

impl FlipFlop {
    /// The game with flip threshold `threshold`.
    pub fn new(threshold: u64) -> Self {
        let mut game = FlipFlop {
            threshold,
            box_lost: [Vec::new(), Vec::new()],
        };
        let mut oracle = Oracle::new(&game, Convention::Normal);
        let box_lost = [Goal::Normal, Goal::Attrition].map(|goal| {
            let mut lost = Vec::new();
            for x in 0..=BOX {
                for y in 0..=BOX {
                    let position = FlipPosition {
                        point: (Nat::from(x), Nat::from(y)),
                        goal,
                        flip: true,
                    };
                    lost.push(
                        oracle.outcome(&position).expect("the game is acyclic") == Outcome::P,
                    );
                }
            }
            lost
        });
        game.box_lost = box_lost;
        game
    }

    /// Parse the part of a spec after `wythoff-flipflop:`, e.g. "27".
    pub fn parse(args: Option<&str>) -> Result<Self, InputError> {
        let threshold = match args {
            None => DEFAULT_THRESHOLD,
            Some(t) => parse_bounded(t.trim(), "flip threshold", 0, u64::MAX)?,
        };
        Ok(Self::new(threshold))
    }

    /// Whether a flip may come with a move from this point: L − S ≥ T.
    fn may_flip(&self, (x, y): &Point) -> bool {
        x.abs_diff(y) >= self.threshold
    }

    /// Whether the player to move loses.
    pub fn is_lost(&self, position: &FlipPosition) -> bool {
        let (x, y) = &position.point;
        let in_box = |n: &Nat| to_u64(n).filter(|&n| n <= BOX);
        match (position.flip, in_box(x), in_box(y)) {
            (true, Some(x), Some(y)) => {
                self.box_lost[goal_index(position.goal)][(x * (BOX + 1) + y) as usize]
            }
            _ => is_lost(position.goal, x, y),
        }
    }

    /// Every winning move, plain ones first, each at most once.
    fn winning_moves(&self, position: &FlipPosition) -> Vec<FlipMove> {
        let point = &position.point;
        let mut moves: Vec<FlipMove> = Vec::new();
        if position.flip {
            // Plain moves to P-positions with the flip still available: the goal's
            // P-positions, corrected inside the box.
            let mut plain = moves_to_lost(position.goal, point);
            for x in 0..=BOX {
                for y in 0..=BOX {
                    let target = (Nat::from(x), Nat::from(y));
                    if let Some(play) = move_between(point, &target) {
                        plain.push(play);
                    }
                }
            }
            for play in plain {
                let to = FlipPosition {
                    point: apply_move(point, &play),
                    goal: position.goal,
                    flip: true,
                };
                let listed = moves.iter().any(|m| m.play == play);
                if !listed && self.is_lost(&to) {
                    moves.push(FlipMove { play, flip: false });
                }
            }
            if self.may_flip(point) {
                moves.extend(
                    moves_to_lost(position.goal.flipped(), point)
                        .into_iter()
                        .map(|play| FlipMove { play, flip: true }),
                );
            }
        } else {
            moves.extend(
                moves_to_lost(position.goal, point)
                    .into_iter()
                    .map(|play| FlipMove { play, flip: false }),
            );
        }
        moves
    }

    fn explanation(&self, position: &FlipPosition, lost: bool) -> String {
        let FlipPosition { point, goal, flip } = position;
        let flip_note = if *flip {
            "the flip is still available"
        } else {
            "the flip has been used"
        };
        let phase = format!("{} phase, {flip_note}", goal.word());
        let (x, y) = point;
        if *x == Nat::ZERO && *y == Nat::ZERO {
            return match goal {
                Goal::Normal => format!("{phase}: the previous player reached (0,0) and won"),
                Goal::Attrition => format!("{phase}: the previous player reached (0,0) and lost"),
            };
        }
        let simple = is_lost(*goal, x, y);
        match (lost, simple) {
            (true, true) => format!("{phase}: {}", p_position_reason(*goal, point)),
            (false, false) => format!("{phase}: not a P-position of the {} goal", goal.word()),
            (true, false) => {
                format!(
                    "{phase}: with the flip available every move loses here (threshold {})",
                    self.threshold
                )
            }
            (false, true) => format!(
                "{phase}: a P-position of the {} goal, but a move with a flip wins (threshold {})",
                goal.word(),
                self.threshold
            ),
        }
    }
}

/// The plane move from `from` to `to`, if there is one.
fn move_between((x, y): &Point, (tx, ty): &Point) -> Option<PlaneMove> {
    use super::wythoff::Direction;
    let direction = match (tx < x, ty < y) {
        (true, false) if ty == y => Direction::Horizontal,
        (false, true) if tx == x => Direction::Vertical,
        (true, true) if x - tx == y - ty => Direction::Diagonal,
        _ => return None,
    };
    let amount = if direction == Direction::Vertical {
        y - ty
    } else {
        x - tx
    };
    Some(PlaneMove { direction, amount })
}

fn parse_goal(token: &str) -> Result<Goal, InputError> {
    match token {
        "normal" => Ok(Goal::Normal),
        "attrition" => Ok(Goal::Attrition),
        _ => Err(InputError::invalid("goal", token, "normal or attrition")),
    }
}

fn parse_flag(token: &str) -> Result<bool, InputError> {
    match token {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(InputError::invalid("flip availability", token, "yes or no")),
    }
}

impl Notation for FlipFlop {
    fn spec(&self) -> String {
        if self.threshold == DEFAULT_THRESHOLD {
            "wythoff-flipflop".to_string()
        } else {
            format!("wythoff-flipflop:{}", self.threshold)
        }
    }

    fn rules(&self) -> String {
        format!(
            "Wythoff's game on the plane (decrease x, y, or both equally) whose goal, \
             reaching (0,0) wins (normal) or loses (attrition), may be flipped once per \
             game together with a move, while the coordinates differ by at least {}.",
            self.threshold
        )
    }

    fn position_syntax(&self) -> String {
        "x,y or x,y,goal,flip-available such as 30,50,normal,yes \
         (goal: normal or attrition; flip-available: yes or no)"
            .to_string()
    }

    fn parse_position(&self, text: &str) -> Result<FlipPosition, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        let syntax = self.position_syntax();
        let (point, goal, flip) = match words[..] {
            [x, y, goal, flip] => (
                parse_point(&format!("{x} {y}"), &syntax)?,
                parse_goal(goal)?,
                parse_flag(flip)?,
            ),
            [_, _, goal] => {
                parse_goal(goal)?;
                return Err(InputError::missing("flip availability", "yes or no"));
            }
            _ => (parse_point(text, &syntax)?, Goal::Normal, true),
        };
        Ok(FlipPosition { point, goal, flip })
    }

    fn format_position(&self, position: &FlipPosition) -> String {
        let (x, y) = &position.point;
        let flip = if position.flip { "yes" } else { "no" };
        format!("{x},{y},{},{flip}", position.goal.word())
    }

    fn describe_move(&self, position: &FlipPosition, play: &FlipMove) -> String {
        let step = describe_move(&position.point, &play.play);
        if play.flip {
            format!(
                "flip the goal to {} and {step}",
                position.goal.flipped().word()
            )
        } else {
            step
        }
    }

    fn parse_move(&self, position: &FlipPosition, text: &str) -> Result<FlipMove, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        let (flip, rest) = match words.split_last() {
            Some((&"flip", rest)) => (true, rest.join(" ")),
            _ => (false, text.to_string()),
        };
        if flip && !position.flip {
            return Err(InputError::invalid(
                "move",
                text.trim(),
                "a move without \"flip\": the goal has been flipped already",
            ));
        }
        if flip && !self.may_flip(&position.point) {
            return Err(InputError::invalid(
                "move",
                text.trim(),
                format!(
                    "a move without \"flip\": the coordinates must differ by at least {} to flip",
                    self.threshold
                ),
            ));
        }
        let play = parse_plane_move(&position.point, &rest)?;
        Ok(FlipMove { play, flip })
    }

    fn move_text(&self, _position: &FlipPosition, play: &FlipMove) -> String {
        let step = plane_move_text(&play.play);
        if play.flip {
            format!("{step} flip")
        } else {
            step
        }
    }

    fn move_syntax(&self, position: &FlipPosition) -> String {
        if position.flip && self.may_flip(&position.point) {
            format!(
                "{PLANE_MOVE_SYNTAX}; add \"flip\" to flip the goal with the move, e.g. \"h 3 flip\""
            )
        } else {
            PLANE_MOVE_SYNTAX.to_string()
        }
    }

    fn move_to(&self, from: &FlipPosition, to: &FlipPosition) -> Option<FlipMove> {
        let play = FlipMove {
            play: plane_move_to(&from.point, &to.point)?,
            flip: from.goal != to.goal,
        };
        let legal = !play.flip || (from.flip && self.may_flip(&from.point));
        (legal && self.apply(from, &play) == *to).then_some(play)
    }

    /// The square the token moves to; a move that flips the goal is clicked as the
    /// flip, then the square.
    fn clicks(&self, position: &FlipPosition, play: &FlipMove) -> Clicks {
        let (x, y) = apply_move(&position.point, &play.play);
        let square = Spot::Point(x, y);
        if play.flip {
            vec![vec![Spot::Flip, square]]
        } else {
            vec![vec![square]]
        }
    }

    fn click_help(&self) -> String {
        "Click a highlighted square to move the token there: left, down, or diagonally \
         down and to the left. To flip the goal with a move, while the flip is left and \
         allowed, click \"flip the goal\" first, then the square."
            .to_string()
    }

    fn board(&self, position: &FlipPosition) -> Board {
        Board::Plane {
            x: position.point.0.clone(),
            y: position.point.1.clone(),
            reaching_origin_wins: position.goal == Goal::Normal,
            flip: Some(Flip {
                available: position.flip,
                threshold: self.threshold,
            }),
        }
    }

    /// The rules say it: the goal in force decides.
    fn ending(&self, _convention: Convention) -> String {
        String::new()
    }
}

impl Strategy for FlipFlop {
    /// The goal is set in the position, not by the convention.
    fn takes_misere(&self) -> bool {
        false
    }

    /// A random start of Wythoff's game (see [`crate::families::wythoff::random_start`]),
    /// normal goal, flip available.
    fn random_start(&self, seed: u64) -> Option<FlipPosition> {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let level = Nat::from(crate::families::wythoff::RANDOM_START_LEVEL);
        let point = crate::families::wythoff::random_start(&mut rng, &level).ok()?;
        Some(FlipPosition {
            point,
            goal: Goal::Normal,
            flip: true,
        })
    }

    fn analyze(
        &self,
        position: &FlipPosition,
        convention: Convention,
        max_moves: usize,
        _budget: &Budget,
    ) -> Result<Analysis<FlipMove>, Error> {
        if convention == Convention::Misere {
            return Err(Error::Undefined(
                "the flip-flop game sets its goal in the position (e.g. 30,50,attrition,yes) \
                 instead of --misere"
                    .to_string(),
            ));
        }
        let lost = self.is_lost(position);
        let moves = if lost {
            Vec::new()
        } else {
            self.winning_moves(position)
        };
        let winning_move_count = moves.len();
        let winning_moves = moves
            .into_iter()
            .take(max_moves)
            .map(|play| {
                let to = self.apply(position, &play);
                let plain = describe_move(&position.point, &play.play);
                let action = if play.flip {
                    format!("flip the goal to {} and {plain}", to.goal.word())
                } else {
                    plain
                };
                WinningMove {
                    action,
                    reason: format!("leaves a P-position: {}", self.explanation(&to, true)),
                    play,
                }
            })
            .collect();
        Ok(Analysis {
            convention: match position.goal {
                Goal::Normal => Convention::Normal,
                Goal::Attrition => Convention::Misere,
            },
            outcome: Outcome::from_mover_wins(!lost),
            grundy: None,
            infinite: None,
            explanation: self.explanation(position, lost),
            winning_moves,
            winning_move_count: Nat::from(winning_move_count),
            text_limited: false,
        })
    }

    fn move_count(&self, position: &FlipPosition) -> Nat {
        let plane = move_count(&position.point);
        if position.flip && self.may_flip(&position.point) {
            plane * Nat::from(2u32)
        } else {
            plane
        }
    }
}

impl Game for FlipFlop {
    type Position = FlipPosition;
    type Move = FlipMove;

    fn size(&self, position: &FlipPosition) -> usize {
        words(&position.point.0) + words(&position.point.1) + 1
    }

    fn apply(&self, position: &FlipPosition, play: &FlipMove) -> FlipPosition {
        FlipPosition {
            point: apply_move(&position.point, &play.play),
            goal: if play.flip {
                position.goal.flipped()
            } else {
                position.goal
            },
            flip: position.flip && !play.flip,
        }
    }

    fn legal_moves(&self, position: &FlipPosition, limit: usize) -> (Vec<FlipMove>, bool) {
        let may_flip = position.flip && self.may_flip(&position.point);
        let per_move = if may_flip { 2 } else { 1 };
        let (plays, complete) = plane_moves(&position.point, limit.div_ceil(per_move));
        let mut moves = Vec::new();
        for play in plays {
            if may_flip {
                moves.push(FlipMove {
                    play: play.clone(),
                    flip: true,
                });
            }
            moves.push(FlipMove { play, flip: false });
        }
        let complete = complete && moves.len() <= limit;
        moves.truncate(limit);
        (moves, complete)
    }

    /// Reaching (0,0) under the attrition goal loses: the player to move there wins.
    fn mover_wins_at_end(&self, position: &FlipPosition, _convention: Convention) -> bool {
        position.goal == Goal::Attrition
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn position(x: u64, y: u64, goal: Goal, flip: bool) -> FlipPosition {
        FlipPosition {
            point: (Nat::from(x), Nat::from(y)),
            goal,
            flip,
        }
    }

    /// Outcomes and the complete set of winning moves against brute force on every
    /// position with coordinates up to `bound`.
    fn check_against_brute_force(threshold: u64, bound: u64) {
        let game = FlipFlop::new(threshold);
        let mut oracle = Oracle::new(&game, Convention::Normal);
        for x in 0..=bound {
            for y in 0..=bound {
                for goal in [Goal::Normal, Goal::Attrition] {
                    for flip in [true, false] {
                        let p = position(x, y, goal, flip);
                        let expected = oracle.outcome(&p).unwrap();
                        let analysis = Strategy::analyze(
                            &game,
                            &p,
                            Convention::Normal,
                            usize::MAX,
                            &Budget::unlimited(),
                        )
                        .unwrap();
                        assert_eq!(analysis.outcome, expected, "T = {threshold}: {p:?}");
                        let fast: HashSet<FlipPosition> = analysis
                            .winning_moves
                            .iter()
                            .map(|m| game.apply(&p, &m.play))
                            .collect();
                        let mut slow = oracle.winning_options(&p);
                        // The modelled "move" out of (0,0) under attrition is not a move.
                        if x == 0 && y == 0 {
                            slow.clear();
                        }
                        assert_eq!(fast, slow, "T = {threshold}: winning moves from {p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn papers_threshold_matches_brute_force() {
        check_against_brute_force(DEFAULT_THRESHOLD, 120);
    }

    #[test]
    fn small_thresholds_match_brute_force() {
        for threshold in [0, 1, 2, 3] {
            check_against_brute_force(threshold, 70);
        }
    }

    /// Claim (56): for T ≥ 2 the flip-flop P-positions are those of the goal in force.
    #[test]
    fn claim_56_holds_from_threshold_two_and_fails_below() {
        for threshold in [0u64, 1, 2, 5, 27] {
            let game = FlipFlop::new(threshold);
            let mut differences = Vec::new();
            for x in 0..=BOX {
                for y in 0..=BOX {
                    for goal in [Goal::Normal, Goal::Attrition] {
                        let p = position(x, y, goal, true);
                        if game.is_lost(&p) != is_lost(goal, &p.point.0, &p.point.1) {
                            differences.push((x, y, goal));
                        }
                    }
                }
            }
            let expected: Vec<(u64, u64, Goal)> = match threshold {
                0 => vec![
                    (0, 1, Goal::Attrition),
                    (1, 0, Goal::Attrition),
                    (1, 2, Goal::Normal),
                    (1, 2, Goal::Attrition),
                    (2, 1, Goal::Normal),
                    (2, 1, Goal::Attrition),
                    (2, 2, Goal::Attrition),
                ],
                1 => vec![
                    (0, 1, Goal::Attrition),
                    (1, 0, Goal::Attrition),
                    (1, 1, Goal::Attrition),
                    (1, 2, Goal::Normal),
                    (2, 1, Goal::Normal),
                    (2, 2, Goal::Attrition),
                ],
                _ => vec![],
            };
            assert_eq!(differences, expected, "T = {threshold}");
        }
    }

    #[test]
    fn parsing_and_errors() {
        let game = FlipFlop::parse(None).unwrap();
        assert_eq!(Notation::spec(&game), "wythoff-flipflop");
        assert_eq!(
            Notation::spec(&FlipFlop::parse(Some("3")).unwrap()),
            "wythoff-flipflop:3"
        );
        let p = game.parse_position("30,50").unwrap();
        assert_eq!(game.format_position(&p), "30,50,normal,yes");
        let p = game.parse_position("30 50 attrition no").unwrap();
        assert_eq!(game.format_position(&p), "30,50,attrition,no");
        let err = |text: &str| game.parse_position(text).unwrap_err().to_string();
        assert_eq!(
            err("3,4,misere,yes"),
            "invalid goal 'misere': expected normal or attrition"
        );
        assert!(err("3,4,normal,maybe").contains("'maybe'"));
        assert!(err("3,4,normal").starts_with("missing flip availability"));
        assert!(err("3,x").contains("'x'"));
        assert!(err("").starts_with("missing position"));
        assert!(FlipFlop::parse(Some("x")).is_err());
        assert!(matches!(
            Strategy::analyze(&game, &p, Convention::Misere, 1, &Budget::unlimited()),
            Err(Error::Undefined(_))
        ));
    }

    #[test]
    fn a_flip_that_reaches_the_origin_is_judged_by_the_new_goal() {
        // (0,30) under attrition with the flip: flipping to normal and moving to (0,0)
        // wins, and so does the plain move to (0,1).
        let game = FlipFlop::new(DEFAULT_THRESHOLD);
        let p = position(0, 30, Goal::Attrition, true);
        let analysis =
            Strategy::analyze(&game, &p, Convention::Normal, 10, &Budget::unlimited()).unwrap();
        let actions: Vec<&str> = analysis
            .winning_moves
            .iter()
            .map(|m| m.action.as_str())
            .collect();
        assert_eq!(
            actions,
            [
                "move vertically: 30 → 1",
                "flip the goal to normal and move vertically: 30 → 0"
            ]
        );
    }

    #[test]
    fn huge_positions() {
        let game = FlipFlop::new(DEFAULT_THRESHOLD);
        let big = format!("1{}", "0".repeat(500));
        let p = game
            .parse_position(&format!("{big},{big}7,normal,yes"))
            .unwrap();
        let analysis =
            Strategy::analyze(&game, &p, Convention::Normal, 10, &Budget::unlimited()).unwrap();
        assert_eq!(analysis.outcome, Outcome::N);
        for m in &analysis.winning_moves {
            assert!(game.is_lost(&game.apply(&p, &m.play)));
        }
    }
}
