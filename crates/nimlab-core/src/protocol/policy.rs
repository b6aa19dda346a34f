//! The computer's side of a game against a person: how it chooses its move.
//!
//! The computer works on typed positions ([`choose_move`] is generic over a family's
//! [`Strategy`]); front ends reach it through [`Ruleset::computer_move`], with a
//! budget like every other question, so every
//! family in the registry (and every sum of families) plays the same way. No I/O
//! here: the front end owns the dialogue.

use crate::budget::Budget;
use crate::error::Error;
use crate::limits::{PLAY_CANDIDATES, PLAY_LOOKAHEAD, SEARCH_BRANCHING};
use crate::protocol::{AnyPosition, Ruleset, Strategy};
use crate::rules::{Convention, Outcome};
use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use std::time::Duration;

/// How the computer plays a position it cannot win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Make the game last as long as possible (when the position is small enough to
    /// search; otherwise make the smallest move). A won game is won with any winning
    /// move.
    Longest,
    /// Any legal move at random, as the author of the 12-token game's program does.
    Random,
}

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// 0 to 10: at level L, each move is a random legal move with probability
    /// (10 − L)/10 and the best move otherwise; level 10 never errs.
    pub level: u8,
    /// What to do in a lost position.
    pub style: Style,
}

impl Policy {
    /// Perfect play that makes a lost game last.
    pub const PERFECT: Policy = Policy {
        level: 10,
        style: Style::Longest,
    };
}

/// Who makes a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The person at the keyboard.
    Person,
    /// nimlab.
    Computer,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Person => Player::Computer,
            Player::Computer => Player::Person,
        }
    }
}

/// Who wins a finished game, in which `to_move` has no legal move: usually the other
/// player in normal play and `to_move` in misère play, as the game judges its end.
pub fn winner(
    game: &dyn Ruleset,
    position: &AnyPosition,
    to_move: Player,
    convention: Convention,
) -> Player {
    if game.mover_wins_at_end(position, convention) {
        to_move
    } else {
        to_move.other()
    }
}

/// How many times a position may occur with the same player to move before the game
/// is declared drawn: the third occurrence draws, as in chess. Only games whose
/// positions can repeat (`graph:FILE`) reach it; a winning computer never repeats a
/// position, so the rule never takes a won game from it.
pub const REPETITIONS: usize = 3;

/// The rule of a draw by repetition, as every front end says it: "the same position
/// has occurred three times with the same player to move" ([`REPETITIONS`]).
pub fn repetition_rule() -> String {
    format!(
        "the same position has occurred {} times with the same player to move",
        crate::text::count_in_words(&crate::num::Nat::from(REPETITIONS))
    )
}

/// Whether a game whose positions were `played` (the start, then the position after
/// each move, in order) is drawn by repetition: the last position has occurred
/// [`REPETITIONS`] times with the same player to move.
pub fn drawn_by_repetition(game: &dyn Ruleset, played: &[AnyPosition]) -> bool {
    let Some(now) = played.last() else {
        return false;
    };
    let now = game.canonical(now);
    let same_mover = played.iter().rev().step_by(2);
    same_mover.filter(|p| game.canonical(p) == now).count() >= REPETITIONS
}

/// The computer's move in a position that is not over, within `budget`.
///
/// In a won position it plays one of the winning moves at random (in a game whose
/// positions can repeat, one that makes progress: [`Strategy::winning_choice`]); in a
/// drawn one, a move that keeps the draw. In a lost one, with
/// [`Style::Longest`], it plays the longest defence, found by a remoteness search of
/// the game tree within [`PLAY_LOOKAHEAD`]; when the tree is too large for that, the
/// move that changes the position least. At level L it instead moves at random with
/// probability (10 − L)/10.
pub fn choose_move<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    convention: Convention,
    policy: Policy,
    rng: &mut StdRng,
    budget: &Budget,
) -> Result<S::Move, Error> {
    let candidates = PLAY_CANDIDATES.get();
    let mistake = rng.random_range(0..10) >= policy.level;
    let any_move = |rng: &mut StdRng| {
        let (moves, _) = strategy.legal_moves(position, candidates);
        moves
            .choose(rng)
            .cloned()
            .ok_or_else(|| Error::Undefined("the game is over: there is no move".into()))
    };
    if mistake {
        return any_move(rng);
    }
    let analysis = strategy.analyze(position, convention, candidates, budget)?;
    match analysis.outcome {
        Outcome::N => {
            let winning = &analysis.winning_moves;
            return Ok(strategy.winning_choice(position, convention, winning, rng, budget));
        }
        Outcome::D => return hold_the_draw(strategy, position, convention, rng, budget),
        Outcome::P => {}
    }
    if policy.style == Style::Random {
        return any_move(rng);
    }
    let (moves, complete) = strategy.legal_moves(position, candidates);
    let longest = complete
        .then(|| longest_defence(strategy, position, convention, &moves, budget))
        .flatten();
    longest
        .or_else(|| moves.first().cloned())
        .ok_or_else(|| Error::Undefined("the game is over: there is no move".into()))
}

/// A move that leaves a drawn position, from a drawn position (one exists: were every
/// move to a won position for the opponent, this one would be lost).
fn hold_the_draw<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    convention: Convention,
    rng: &mut StdRng,
    budget: &Budget,
) -> Result<S::Move, Error> {
    let (moves, _) = strategy.legal_moves(position, SEARCH_BRANCHING.get());
    let values = strategy.move_values(position, moves, convention, budget)?;
    let drawing: Vec<S::Move> = values
        .into_iter()
        .filter(|value| value.after == Outcome::D)
        .map(|value| value.play)
        .collect();
    drawing.choose(rng).cloned().ok_or_else(|| {
        Error::Undefined(format!(
            "{}: no move that holds the draw among the first {} moves",
            strategy.spec(),
            SEARCH_BRANCHING.value
        ))
    })
}

/// The move after which the game lasts longest (the first such, in the family's
/// order), if a search of every position after `moves` fits [`PLAY_LOOKAHEAD`] and
/// what is left of `budget`.
fn longest_defence<S: Strategy + ?Sized>(
    strategy: &S,
    position: &S::Position,
    convention: Convention,
    moves: &[S::Move],
    budget: &Budget,
) -> Option<S::Move> {
    let budget = budget
        .narrowed(u64::MAX)
        .with_timeout(Duration::from_millis(PLAY_LOOKAHEAD.value));
    let searched = strategy.search_after(position, moves, convention, &budget)?;
    let mut best: Option<(u32, &S::Move)> = None;
    for (play, solved) in moves.iter().zip(searched) {
        let remoteness = solved.remoteness?;
        if best.is_none_or(|(longest, _)| remoteness > longest) {
            best = Some((remoteness, play));
        }
    }
    best.map(|(_, play)| play.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game;
    use crate::registry::{FAMILIES, example_loader, game_with};
    use rand::SeedableRng;

    fn outcome(game: &dyn Ruleset, position: &AnyPosition, convention: Convention) -> Outcome {
        game.analyze(position, convention, 0, &Budget::unlimited())
            .unwrap()
            .outcome
    }

    /// Play from `start` with the computer to move against random replies; return
    /// the winner.
    fn play_out(
        game: &dyn Ruleset,
        start: &AnyPosition,
        convention: Convention,
        policy: Policy,
        rng: &mut StdRng,
    ) -> Player {
        let mut position = start.clone();
        let mut mover = Player::Computer;
        while !game.is_over(&position) {
            let play = match mover {
                Player::Computer => game
                    .computer_move(&position, convention, policy, rng, &Budget::unlimited())
                    .unwrap(),
                Player::Person => game
                    .legal_moves(&position, 64)
                    .0
                    .choose(rng)
                    .unwrap()
                    .clone(),
            };
            position = game.apply(&position, &play);
            mover = mover.other();
        }
        winner(game, &position, mover, convention)
    }

    /// A random walk of up to `steps` random moves from `start`.
    fn random_walk(
        game: &dyn Ruleset,
        start: &AnyPosition,
        steps: usize,
        rng: &mut StdRng,
    ) -> AnyPosition {
        let mut position = start.clone();
        for _ in 0..steps {
            match game.legal_moves(&position, 64).0.choose(rng) {
                Some(play) => position = game.apply(&position, play),
                None => break,
            }
        }
        position
    }

    #[test]
    fn the_computer_never_loses_a_won_position() {
        let mut rng = StdRng::seed_from_u64(7);
        for spec in ["nim", "take:3", "subtraction:1,3,4", "subtraction:2,5"] {
            let game = game(spec).unwrap();
            for convention in [Convention::Normal, Convention::Misere] {
                for _ in 0..150 {
                    let heaps: Vec<String> = (0..rng.random_range(1..4))
                        .map(|_| rng.random_range(0..12).to_string())
                        .collect();
                    let start = game.parse_position(&heaps.join(" ")).unwrap();
                    if outcome(game.as_ref(), &start, convention) == Outcome::N {
                        let w =
                            play_out(game.as_ref(), &start, convention, Policy::PERFECT, &mut rng);
                        assert_eq!(w, Player::Computer, "{spec} {convention:?} from {start:?}");
                    }
                }
            }
        }
    }

    /// The computer never loses a won game: across every family of the registry, from random
    /// won positions (random walks from the family's example), the computer at level
    /// 10 wins every one of 10,000 games against random replies.
    #[test]
    fn ten_thousand_random_games_across_all_families() {
        let mut rng = StdRng::seed_from_u64(2026);
        let mut played = 0;
        let mut per_family = vec![0; FAMILIES.len()];
        while played < 10_000 {
            for (index, family) in FAMILIES.iter().enumerate() {
                let game = game_with(family.example, &example_loader).unwrap();
                let example = game.parse_position(family.example_position).unwrap();
                let steps = rng.random_range(0..30);
                let start = random_walk(game.as_ref(), &example, steps, &mut rng);
                let convention = if rng.random_bool(0.5) {
                    Convention::Normal
                } else {
                    Convention::Misere
                };
                let Ok(analysis) = game.analyze(&start, convention, 0, &Budget::unlimited()) else {
                    continue;
                };
                if analysis.outcome == Outcome::N {
                    let w = play_out(game.as_ref(), &start, convention, Policy::PERFECT, &mut rng);
                    assert_eq!(
                        w,
                        Player::Computer,
                        "{} {convention:?} from {start:?}",
                        family.example
                    );
                    played += 1;
                    per_family[index] += 1;
                }
            }
        }
        assert!(per_family.iter().all(|&n| n > 100), "{per_family:?}");
    }

    /// The computer's move from `position` in `spec`, as the position after it.
    fn computer_reply(spec: &str, position: &str, policy: Policy, rng: &mut StdRng) -> String {
        let game = game(spec).unwrap();
        let position = game.parse_position(position).unwrap();
        let play = game
            .computer_move(
                &position,
                Convention::Normal,
                policy,
                rng,
                &Budget::unlimited(),
            )
            .unwrap();
        game.format_position(&game.apply(&position, &play))
    }

    #[test]
    fn in_a_lost_position_the_computer_makes_the_game_last() {
        let mut rng = StdRng::seed_from_u64(1);
        // From 12 tokens of take:3 the computer loses, and every move lasts as long
        // (the opponent restores a multiple of 4 each time): it takes the least.
        assert_eq!(
            computer_reply("take:3", "12", Policy::PERFECT, &mut rng),
            "11"
        );
        // Two heaps of 2: taking one token keeps the game longest (4 moves, not 2).
        let reply = computer_reply("nim", "2 2", Policy::PERFECT, &mut rng);
        assert!(reply == "1 2" || reply == "2 1", "{reply}");
    }

    #[test]
    fn level_zero_plays_at_random_and_a_seed_makes_it_reproducible() {
        let policy = Policy {
            level: 0,
            style: Style::Random,
        };
        let moves = |seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            (0..20)
                .map(|_| computer_reply("nim", "9 9 9", policy, &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(3), moves(3));
        let distinct: std::collections::HashSet<_> = moves(3).into_iter().collect();
        assert!(distinct.len() > 3);
    }
}
