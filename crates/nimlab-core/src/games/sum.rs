//! Disjunctive sums of games of any families: `kayles + nim` with the position
//! `7 + 3 5`. Each turn a player moves in exactly one of the games.
//!
//! Normal play is Sprague–Grundy over the parts' values: winning moves bring one
//! part to the value g XOR x, found with [`Ruleset::moves_with_value`]. Misère play
//! of a sum has no such theory in general, so it is searched by brute force over the
//! whole sum, for positions small enough to search.

use super::searchable::{MAX_MOVES, Searchable};
use super::{Analysis, Ruleset, Strategy, TextMove, WinningMove};
use crate::error::{Error, InputError};
use crate::num::{Nat, parse_bounded};
use crate::solve::search::Oracle;
use crate::solve::sum::nim_sum;
use crate::solve::{Convention, Outcome};
use malachite_base::num::basic::traits::Zero;

/// How many positions a misère search of a sum may expand.
const MISERE_SEARCH_BUDGET: usize = 50_000;

/// Several games side by side.
pub struct Sum {
    parts: Vec<Box<dyn Ruleset>>,
}

/// A move in a sum: a move in one part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// Index of the part moved in.
    pub part: usize,
    /// The move in that part.
    pub play: TextMove,
}

impl Sum {
    /// The sum of these games (at least two).
    pub fn new(parts: Vec<Box<dyn Ruleset>>) -> Self {
        Sum { parts }
    }

    fn example(&self) -> String {
        let parts: Vec<String> = (1..=self.parts.len()).map(|i| format!("P{i}")).collect();
        parts.join(" + ")
    }

    fn misere(&self, position: &[String], max_moves: usize) -> Result<Analysis<SumMove>, Error> {
        let text = self.format_position(&position.to_vec());
        let too_big = || {
            Error::Unsupported(format!(
                "misère play of the sum {} is searched by brute force, and this position \
                 is too big for that",
                Strategy::spec(self)
            ))
        };
        let searchable = Searchable::new(self, MISERE_SEARCH_BUDGET);
        let mut oracle = Oracle::new(&searchable, Convention::Misere);
        let outcome = oracle.outcome(&text).map_err(|_| too_big())?;
        let position = position.to_vec();
        let (moves, complete) = Strategy::legal_moves(self, &position, MAX_MOVES);
        if searchable.exhausted() || !complete {
            return Err(too_big());
        }
        let mut winning_moves = Vec::new();
        let mut winning_move_count = Nat::ZERO;
        for play in moves {
            let after = self.format_position(&self.apply(&position, &play));
            if oracle.outcome(&after).map_err(|_| too_big())? == Outcome::P {
                winning_move_count += Nat::from(1u32);
                if winning_moves.len() < max_moves {
                    winning_moves.push(WinningMove {
                        action: self.describe_move(&position, &play),
                        reason: "leaves a position the opponent loses (brute-force search)"
                            .to_string(),
                        play,
                    });
                }
            }
        }
        Ok(Analysis {
            convention: Convention::Misere,
            outcome,
            grundy: self.values(&position).ok().map(|v| nim_sum(&v)),
            explanation: "misère sums are searched by brute force over the whole position"
                .to_string(),
            winning_moves,
            winning_move_count,
        })
    }

    /// The parts' normal-play Grundy values.
    fn values(&self, position: &[String]) -> Result<Vec<Nat>, Error> {
        let request = crate::Request {
            convention: Convention::Normal,
            max_moves: 0,
            with_positions: false,
        };
        self.parts
            .iter()
            .zip(position)
            .map(|(part, p)| {
                part.analyze(p, request)?.analysis.grundy.ok_or_else(|| {
                    Error::Unsupported(format!(
                        "the Grundy value of {} in {} is not known, so the sum cannot be \
                         solved",
                        p,
                        part.spec()
                    ))
                })
            })
            .collect()
    }
}

impl Strategy for Sum {
    type Position = Vec<String>;
    type Move = SumMove;

    fn spec(&self) -> String {
        let specs: Vec<String> = self.parts.iter().map(|p| p.spec()).collect();
        specs.join(" + ")
    }

    fn rules(&self) -> String {
        let specs: Vec<String> = self.parts.iter().map(|p| p.spec()).collect();
        format!(
            "A sum of games ({}): each turn, move in exactly one of them, by its own rules.",
            specs.join("; ")
        )
    }

    fn position_syntax(&self) -> String {
        format!(
            "one position per game, separated by +, e.g. \"{}\"",
            self.example()
        )
    }

    fn parse_position(&self, text: &str) -> Result<Vec<String>, InputError> {
        let pieces: Vec<&str> = text.split('+').collect();
        if pieces.len() != self.parts.len() {
            return Err(InputError::invalid(
                "position of a sum",
                text,
                format!(
                    "{} positions separated by + (one per game), e.g. \"{}\"",
                    self.parts.len(),
                    self.example()
                ),
            ));
        }
        self.parts
            .iter()
            .zip(pieces)
            .map(|(part, piece)| {
                part.normalize(piece).map_err(|e| match e {
                    Error::Input(e) => e,
                    Error::Unsupported(message) => InputError::invalid("position", piece, message),
                })
            })
            .collect()
    }

    fn format_position(&self, position: &Vec<String>) -> String {
        position.join(" + ")
    }

    fn apply(&self, position: &Vec<String>, play: &SumMove) -> Vec<String> {
        let mut after = position.clone();
        after[play.part] = play.play.to.clone();
        after
    }

    fn analyze(
        &self,
        position: &Vec<String>,
        convention: Convention,
        max_moves: usize,
    ) -> Result<Analysis<SumMove>, Error> {
        if convention == Convention::Misere {
            return self.misere(position, max_moves);
        }
        let values = self.values(position)?;
        let x = nim_sum(&values);
        let mut winning_moves = Vec::new();
        let mut winning_move_count = Nat::ZERO;
        if x != Nat::ZERO {
            for (part, (game, value)) in self.parts.iter().zip(&values).enumerate() {
                let target = value ^ &x;
                let room = max_moves - winning_moves.len();
                let (moves, count) = game.moves_with_value(&position[part], &target, room)?;
                winning_move_count += count;
                for play in moves {
                    let play = SumMove { part, play };
                    winning_moves.push(WinningMove {
                        action: self.describe_move(position, &play),
                        reason: format!(
                            "game {} goes to Grundy value {target}: the nim-sum becomes 0",
                            part + 1
                        ),
                        play,
                    });
                }
            }
        }
        let terms: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        Ok(Analysis {
            convention,
            outcome: Outcome::from_mover_wins(x != Nat::ZERO),
            explanation: format!(
                "nim-sum of the games' Grundy values: {} = {x}",
                terms.join(" ⊕ ")
            ),
            grundy: Some(x),
            winning_moves,
            winning_move_count,
        })
    }

    fn legal_moves(&self, position: &Vec<String>, limit: usize) -> (Vec<SumMove>, bool) {
        let mut moves = Vec::new();
        for (part, game) in self.parts.iter().enumerate() {
            let room = limit - moves.len();
            let Ok(legal) = game.legal_moves(&position[part], room) else {
                return (moves, false);
            };
            moves.extend(legal.moves.into_iter().map(|play| SumMove { part, play }));
            if !legal.complete {
                return (moves, false);
            }
        }
        (moves, true)
    }

    fn describe_move(&self, _position: &Vec<String>, play: &SumMove) -> String {
        format!("{} in game {}", play.play.action, play.part + 1)
    }

    fn parse_move(&self, position: &Vec<String>, text: &str) -> Result<SumMove, InputError> {
        let text = text.trim();
        let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        if first.is_empty() {
            return Err(InputError::missing(
                "move",
                Strategy::move_syntax(self, position),
            ));
        }
        let part = parse_bounded(first, "game number", 1, self.parts.len() as u64)? as usize - 1;
        let play = self.parts[part]
            .parse_move(&position[part], rest)
            .map_err(|e| match e {
                Error::Input(e) => e,
                Error::Unsupported(message) => InputError::invalid("move", rest, message),
            })?;
        Ok(SumMove { part, play })
    }

    fn move_text(&self, _position: &Vec<String>, play: &SumMove) -> String {
        format!("{} {}", play.part + 1, play.play.text)
    }

    fn move_syntax(&self, position: &Vec<String>) -> String {
        let example = self
            .parts
            .iter()
            .zip(position)
            .enumerate()
            .find_map(|(i, (game, p))| Some((i, game.move_syntax(p).ok()?)));
        match example {
            Some((i, syntax)) => format!(
                "a game number, then a move in that game (in game {}: {syntax})",
                i + 1
            ),
            None => "a game number, then a move in that game".to_string(),
        }
    }

    fn render(&self, position: &Vec<String>) -> String {
        self.parts
            .iter()
            .zip(position)
            .enumerate()
            .map(|(i, (game, p))| {
                let board = game.render(p).unwrap_or_else(|_| p.clone());
                let indented: Vec<String> = board.lines().map(|l| format!("  {l}")).collect();
                format!("game {} ({}):\n{}", i + 1, game.spec(), indented.join("\n"))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_game;
    use crate::solve::search::{Game, Oracle};

    /// The whole sum as one game for the oracle (no Grundy values, no decomposition).
    struct Whole<'a>(&'a Sum);

    impl Game for Whole<'_> {
        type Position = Vec<String>;
        fn moves(&self, p: &Vec<String>) -> Vec<Vec<String>> {
            let (moves, complete) = Strategy::legal_moves(self.0, p, usize::MAX);
            assert!(complete);
            moves.iter().map(|m| self.0.apply(p, m)).collect()
        }
    }

    #[test]
    fn sums_of_different_families_match_brute_force() {
        let sum = Sum::new(vec![
            parse_game("subtraction:1,3,4").unwrap(),
            parse_game("nim").unwrap(),
            parse_game("take:2").unwrap(),
        ]);
        let whole = Whole(&sum);
        for convention in [Convention::Normal, Convention::Misere] {
            let mut oracle = Oracle::new(&whole, convention);
            for a in 0..6 {
                for b in 0..4 {
                    for c in 0..5 {
                        let position = vec![a.to_string(), format!("{b} 1"), c.to_string()];
                        let analysis =
                            Strategy::analyze(&sum, &position, convention, usize::MAX).unwrap();
                        assert_eq!(
                            analysis.outcome,
                            oracle.outcome(&position).unwrap(),
                            "{position:?}"
                        );
                        let mut listed: Vec<Vec<String>> = analysis
                            .winning_moves
                            .iter()
                            .map(|m| sum.apply(&position, &m.play))
                            .collect();
                        let mut winning: Vec<Vec<String>> = whole
                            .moves(&position)
                            .into_iter()
                            .filter(|m| oracle.outcome(m).unwrap() == Outcome::P)
                            .collect();
                        listed.sort();
                        winning.sort();
                        assert_eq!(listed, winning, "{convention:?} {position:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn text_level_parsing_and_errors() {
        let sum = parse_game("nim + take:3").unwrap();
        assert_eq!(sum.spec(), "nim + take:3");
        assert_eq!(sum.normalize("3, 4 + 10").unwrap(), "3 4 + 10");
        let err = sum.normalize("3 4").unwrap_err().to_string();
        assert!(err.contains("2 positions separated by +"), "{err}");
        assert!(
            sum.normalize("3 + x")
                .unwrap_err()
                .to_string()
                .contains("'x'")
        );
        let play = sum.parse_move("3 4 + 10", "2 3").unwrap();
        assert_eq!(play.to, "3 4 + 7");
        assert!(
            sum.parse_move("3 4 + 10", "3 1")
                .unwrap_err()
                .to_string()
                .contains("game number")
        );
        assert!(sum.parse_move("3 4 + 10", "2 4").is_err());
    }
}
