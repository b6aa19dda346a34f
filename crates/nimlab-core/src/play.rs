//! The computer's side of a game against a person, and reviewing a finished game.
//!
//! Everything works through the text-level [`Ruleset`] protocol, so every family in
//! the registry (and every sum of families) plays the same way. No I/O here: the
//! front end owns the dialogue.

use crate::Request;
use crate::error::Error;
use crate::games::searchable::Searchable;
use crate::games::{Ruleset, TextMove};
use crate::solve::search::Oracle;
use crate::solve::{Convention, Outcome};
use rand::seq::IndexedRandom;
use rand::{Rng, RngExt};

/// How many winning moves and legal moves the computer considers.
const CANDIDATES: usize = crate::games::searchable::MAX_MOVES;

/// How many positions the computer may search to find the quickest win or the
/// longest defence (about a tenth of a second here when it runs out).
const SEARCH_BUDGET: usize = 4_000;

/// How the computer plays a position it cannot win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Make the game last as long as possible (when the position is small enough to
    /// search; otherwise make the smallest move). A won game is won with any winning
    /// move.
    Longest,
    /// Any legal move at random, as seed 000's author does.
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
    position: &str,
    to_move: Player,
    convention: Convention,
) -> Result<Player, Error> {
    Ok(if game.mover_wins_at_end(position, convention)? {
        to_move
    } else {
        to_move.other()
    })
}

/// Whether the game is over (the player to move has no legal move).
pub fn is_over(game: &dyn Ruleset, position: &str) -> Result<bool, Error> {
    Ok(game.legal_moves(position, 1)?.moves.is_empty())
}

/// The computer's move in a position that is not over.
pub fn choose_move(
    game: &dyn Ruleset,
    position: &str,
    convention: Convention,
    policy: Policy,
    rng: &mut impl Rng,
) -> Result<TextMove, Error> {
    let mistake = rng.random_range(0..10) >= policy.level;
    let legal_moves = || game.legal_moves(position, CANDIDATES);
    let any_move = |moves: &[TextMove], rng: &mut _| {
        moves
            .choose(rng)
            .cloned()
            .ok_or_else(|| Error::Unsupported("the game is over: there is no move".into()))
    };
    if mistake {
        return any_move(&legal_moves()?.moves, rng);
    }
    let request = Request {
        convention,
        max_moves: CANDIDATES,
        with_positions: true,
    };
    let analysis = game.analyze(position, request)?.analysis;
    if analysis.outcome == Outcome::N {
        let winning = analysis
            .winning_moves
            .choose(rng)
            .expect("a won position has a winning move");
        return Ok(winning.play.clone().expect("positions were asked for"));
    }
    let legal = legal_moves()?;
    if policy.style == Style::Random {
        return any_move(&legal.moves, rng);
    }
    // The longest defence, when the game tree is small enough to search; among
    // equals, the first (smallest) move. Otherwise the move that changes least.
    let searched = legal
        .complete
        .then(|| search_options(game, convention, &legal.moves))
        .flatten();
    Ok(match searched {
        Some(options) => {
            let longest = options.iter().map(|(_, r)| *r).max();
            options
                .into_iter()
                .find(|(_, r)| Some(*r) == longest)
                .map(|(play, _)| play)
                .expect("a position that is not over has a move")
        }
        None => legal.moves[0].clone(),
    })
}

/// The remoteness of the position every move leads to, if they can all be searched
/// within the budget.
fn search_options(
    game: &dyn Ruleset,
    convention: Convention,
    moves: &[TextMove],
) -> Option<Vec<(TextMove, u32)>> {
    let searchable = Searchable::new(game, SEARCH_BUDGET);
    let mut oracle = Oracle::new(&searchable, convention);
    let mut options = Vec::new();
    for play in moves {
        let (_, remoteness) = oracle.remoteness(&play.to).ok()?;
        if searchable.exhausted() {
            return None;
        }
        options.push((play.clone(), remoteness));
    }
    Some(options)
}

/// A move of a finished game, as a record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Who moved.
    pub by: Player,
    /// The move in words.
    pub action: String,
    /// The position after the move.
    pub position: String,
}

/// A move of the person's that threw away a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blunder {
    /// Index of the move in the game (0-based).
    pub index: usize,
    /// A move that would have kept the win, with its reason.
    pub better: TextMove,
    /// Why that move wins.
    pub reason: String,
}

/// Replay a game and find every move of the person's that turned a won position
/// into a lost one, with a move that would have kept the win.
pub fn review(
    game: &dyn Ruleset,
    convention: Convention,
    start: &str,
    moves: &[PlayedMove],
) -> Result<Vec<Blunder>, Error> {
    let request = Request {
        convention,
        max_moves: 1,
        with_positions: true,
    };
    let mut blunders = Vec::new();
    let mut before = start.to_string();
    for (index, played) in moves.iter().enumerate() {
        if played.by == Player::Person {
            let was = game.analyze(&before, request)?.analysis;
            let now = game.analyze(&played.position, request)?.analysis;
            if was.outcome == Outcome::N && now.outcome == Outcome::N {
                let best = &was.winning_moves[0];
                blunders.push(Blunder {
                    index,
                    better: best.play.clone().expect("positions were asked for"),
                    reason: best.reason.clone(),
                });
            }
        }
        before = played.position.clone();
    }
    Ok(blunders)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry::{FAMILIES, example_loader, parse_game_with};
    use crate::parse_game;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn outcome(game: &dyn Ruleset, position: &str, convention: Convention) -> Outcome {
        let request = Request {
            convention,
            max_moves: 0,
            with_positions: false,
        };
        game.analyze(position, request).unwrap().analysis.outcome
    }

    /// Play from `start` with the computer to move against random replies; return
    /// the winner.
    fn play_out(
        game: &dyn Ruleset,
        start: &str,
        convention: Convention,
        policy: Policy,
        rng: &mut StdRng,
    ) -> Player {
        let mut position = start.to_string();
        let mut mover = Player::Computer;
        while !is_over(game, &position).unwrap() {
            let play = match mover {
                Player::Computer => choose_move(game, &position, convention, policy, rng).unwrap(),
                Player::Person => {
                    let legal = game.legal_moves(&position, 64).unwrap();
                    legal.moves.choose(rng).unwrap().clone()
                }
            };
            position = play.to;
            mover = mover.other();
        }
        winner(game, &position, mover, convention).unwrap()
    }

    #[test]
    fn the_computer_never_loses_a_won_position() {
        let mut rng = StdRng::seed_from_u64(7);
        for spec in ["nim", "take:3", "subtraction:1,3,4", "subtraction:2,5"] {
            let game = parse_game(spec).unwrap();
            for convention in [Convention::Normal, Convention::Misere] {
                for _ in 0..150 {
                    let heaps: Vec<String> = (0..rng.random_range(1..4))
                        .map(|_| rng.random_range(0..12).to_string())
                        .collect();
                    let start = heaps.join(" ");
                    if outcome(game.as_ref(), &start, convention) == Outcome::N {
                        let w =
                            play_out(game.as_ref(), &start, convention, Policy::PERFECT, &mut rng);
                        assert_eq!(w, Player::Computer, "{spec} {convention:?} from {start}");
                    }
                }
            }
        }
    }

    /// The acceptance test: across every family of the registry, from random
    /// won positions (random walks from the family's example), the computer at level
    /// 10 wins every one of 10,000 games against random replies.
    #[test]
    fn ten_thousand_random_games_across_all_families() {
        let mut rng = StdRng::seed_from_u64(2026);
        let mut played = 0;
        let mut per_family = vec![0; FAMILIES.len()];
        while played < 10_000 {
            for (index, family) in FAMILIES.iter().enumerate() {
                let game = parse_game_with(family.example, &example_loader).unwrap();
                let mut start = family.example_position.to_string();
                for _ in 0..rng.random_range(0..30) {
                    let legal = game.legal_moves(&start, 64).unwrap();
                    match legal.moves.choose(&mut rng) {
                        Some(play) => start = play.to.clone(),
                        None => break,
                    }
                }
                let convention = if rng.random_bool(0.5) {
                    Convention::Normal
                } else {
                    Convention::Misere
                };
                let request = Request {
                    convention,
                    max_moves: 0,
                    with_positions: false,
                };
                let Ok(analysis) = game.analyze(&start, request) else {
                    continue;
                };
                if analysis.analysis.outcome == Outcome::N {
                    let w = play_out(game.as_ref(), &start, convention, Policy::PERFECT, &mut rng);
                    assert_eq!(
                        w,
                        Player::Computer,
                        "{} {convention:?} from {start}",
                        family.example
                    );
                    played += 1;
                    per_family[index] += 1;
                }
            }
        }
        assert!(per_family.iter().all(|&n| n > 100), "{per_family:?}");
    }

    #[test]
    fn in_a_lost_position_the_computer_makes_the_game_last() {
        // From 12 tokens of take:3 the computer loses, and every move lasts as long
        // (the opponent restores a multiple of 4 each time): it takes the least.
        let game = parse_game("take:3").unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        let play = choose_move(
            game.as_ref(),
            "12",
            Convention::Normal,
            Policy::PERFECT,
            &mut rng,
        )
        .unwrap();
        assert_eq!(play.to, "11");
        // Two heaps of 2: taking one token keeps the game longest (4 moves, not 2).
        let nim = parse_game("nim").unwrap();
        let play = choose_move(
            nim.as_ref(),
            "2 2",
            Convention::Normal,
            Policy::PERFECT,
            &mut rng,
        )
        .unwrap();
        assert!(play.to == "1 2" || play.to == "2 1", "{}", play.to);
    }

    #[test]
    fn level_zero_plays_at_random_and_a_seed_makes_it_reproducible() {
        let game = parse_game("nim").unwrap();
        let moves = |seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let policy = Policy {
                level: 0,
                style: Style::Random,
            };
            (0..20)
                .map(|_| {
                    choose_move(game.as_ref(), "9 9 9", Convention::Normal, policy, &mut rng)
                        .unwrap()
                        .to
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(3), moves(3));
        let distinct: std::collections::HashSet<_> = moves(3).into_iter().collect();
        assert!(distinct.len() > 3);
    }

    #[test]
    fn review_finds_the_move_that_threw_the_win_away() {
        let game = parse_game("take:3").unwrap();
        let moves = [
            // From 12 the person (to move) is losing: no blunder possible.
            PlayedMove {
                by: Player::Person,
                action: String::new(),
                position: "10".into(),
            },
            PlayedMove {
                by: Player::Computer,
                action: String::new(),
                position: "8".into(),
            },
            // From 8 (lost) nothing to throw away either; 7 is won for the computer...
            PlayedMove {
                by: Player::Person,
                action: String::new(),
                position: "7".into(),
            },
            // ...who errs: 7 → 6 leaves the person a win at 6 (take 2 → 4).
            PlayedMove {
                by: Player::Computer,
                action: String::new(),
                position: "6".into(),
            },
            // The person throws it away: 6 → 5 instead of 6 → 4.
            PlayedMove {
                by: Player::Person,
                action: String::new(),
                position: "5".into(),
            },
        ];
        let blunders = review(game.as_ref(), Convention::Normal, "12", &moves).unwrap();
        assert_eq!(blunders.len(), 1);
        assert_eq!(blunders[0].index, 4);
        assert_eq!(blunders[0].better.to, "4");
    }
}
