//! Disjunctive sums of games of any families: `kayles + nim` with the position
//! `7 + 3 5`. Each turn a player moves in exactly one of the games.
//!
//! Normal play is Sprague–Grundy over the parts' values: winning moves bring one
//! part to the value g XOR x, found with [`Ruleset::moves_with_value`]. A part whose
//! positions can repeat (tokens on a graph with cycles) may have an infinite value
//! ∞(K), and then Smith's rule decides ([`crate::solve::loopy`]). Misère play of a sum
//! has no such theory in general: it follows the misère-Nim rule when every part is
//! tame, and is otherwise searched over the whole sum (typed positions, no text),
//! by retrograde analysis when positions can repeat, for positions small enough.

use super::{
    Analysis, AnyMove, AnyPosition, Notation, Repeating, Ruleset, Strategy, WinningMoves,
    misere_by_search, repeats,
};
use crate::budget::Budget;
use crate::error::WORK_BUDGET;
use crate::error::{Error, InputError};
use crate::limits::{MISERE_SUM_SEARCH, SEARCH_BRANCHING};
use crate::num::Nat;
use crate::parse::parse_bounded;
use crate::protocol::board::{Board, Clicks, SumPart, in_part};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::loopy::{Gamma, shown};
use crate::solve::sum::{ValueProfile, nim_sum};
use malachite_base::num::basic::traits::Zero;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Several games side by side.
pub struct Sum {
    parts: Vec<Arc<dyn Ruleset>>,
}

/// A move in a sum: a move in one part.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// Index of the part moved in.
    pub part: usize,
    /// The move in that part.
    pub play: AnyMove,
}

impl Sum {
    /// The sum of these games (at least two).
    pub fn new(parts: Vec<Arc<dyn Ruleset>>) -> Self {
        Sum { parts }
    }

    fn example(&self) -> String {
        let parts: Vec<String> = (1..=self.parts.len()).map(|i| format!("P{i}")).collect();
        parts.join(" + ")
    }

    /// The parts' normal-play values: Grundy values, or ∞(K) for a part whose
    /// positions can repeat ([`Gamma`]).
    fn gammas(&self, position: &[AnyPosition], budget: &Budget) -> Result<Vec<Gamma>, Error> {
        self.parts
            .iter()
            .zip(position)
            .map(|(part, p)| {
                let analysis = part.analyze(p, Convention::Normal, 0, budget)?;
                match (analysis.grundy, analysis.infinite) {
                    (Some(g), _) => Ok(Gamma::Finite(g)),
                    (None, Some(k)) => Ok(Gamma::Infinite(k)),
                    (None, None) => Err(Error::NoKnownValue(format!(
                        "the Grundy value of {} in {} is not known, so the sum cannot be \
                         solved",
                        part.format_position(p),
                        part.spec()
                    ))),
                }
            })
            .collect()
    }

    /// The parts' normal-play Grundy values; an error if one is infinite.
    fn values(&self, position: &[AnyPosition], budget: &Budget) -> Result<Vec<Nat>, Error> {
        self.gammas(position, budget)?
            .into_iter()
            .zip(position)
            .zip(&self.parts)
            .map(|((value, p), part)| match value {
                Gamma::Finite(g) => Ok(g),
                Gamma::Infinite(_) => Err(Error::NoKnownValue(format!(
                    "{} in {} has an infinite value (play there may go on forever), so it \
                     has no Grundy value",
                    part.format_position(p),
                    part.spec()
                ))),
            })
            .collect()
    }

    /// Normal play when some part's value is infinite, by Smith's rule: the sum is
    /// ∞(K ⊕ s) when one part is ∞(K) and the others' nim-sum is s, won when 0 is in
    /// it by moving that part to value s, and drawn otherwise; with two infinite
    /// parts it is drawn.
    fn loopy(
        &self,
        position: &[AnyPosition],
        values: &[Gamma],
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<SumMove>, Error> {
        let sum = Gamma::sum_of(values);
        let mut winning = WinningMoves::new(max_moves);
        if sum.outcome() == Outcome::N {
            let part = values
                .iter()
                .position(|v| v.finite().is_none())
                .expect("an infinite part");
            let others = Gamma::finite_nim_sum(values);
            let (moves, count) =
                self.parts[part].moves_with_value(&position[part], &others, max_moves, budget)?;
            winning.add_count(count);
            let reason = format!(
                "brings game {} from ∞ to value {others}, so the sum becomes 0",
                part + 1
            );
            for play in moves {
                winning.keep(SumMove { part, play }, &reason, |play| {
                    self.describe_move(&position.to_vec(), play)
                });
            }
        }
        let terms: Vec<String> = values.iter().map(shown).collect();
        let consequence = match sum.outcome() {
            Outcome::N => "0 is reachable, so the player to move wins",
            _ if values.iter().filter(|v| v.finite().is_none()).count() > 1 => {
                "two infinite values: neither player can force a win, so play goes on forever \
                 (a draw)"
            }
            _ => {
                "0 is not reachable: neither player can force a win, so play goes on forever \
                  (a draw)"
            }
        };
        let explanation = format!(
            "Smith's rule on the games' values: {} = {}; {consequence}",
            terms.join(" ⊕ "),
            shown(&sum)
        );
        let mut analysis =
            winning.into_analysis(Convention::Normal, sum.outcome(), None, explanation);
        if let Gamma::Infinite(k) = sum {
            analysis.infinite = Some(k);
        }
        Ok(analysis)
    }

    /// The Grundy values of every part's heaps, when each part is a game played on
    /// heaps whose misère play follows the misère-Nim rule
    /// ([`HeapGame::tame_values`]); then so does the sum's.
    fn tame_values(
        &self,
        position: &[AnyPosition],
        budget: &Budget,
    ) -> Result<Option<Vec<Vec<Nat>>>, Error> {
        let mut values = Vec::new();
        for (part, p) in self.parts.iter().zip(position) {
            match part.heap_game() {
                Some(heaps) => match heaps.tame_values(p, budget)? {
                    Some(part_values) => values.push(part_values),
                    None => return Ok(None),
                },
                None => return Ok(None),
            }
        }
        Ok(Some(values))
    }

    /// Misère play when every component of every part satisfies the tameness lemma:
    /// the misère-Nim rule on all their Grundy values ([`ValueProfile`]). A winning
    /// move brings one component to its target value; each part is asked for its
    /// moves to the part values those targets give, and each is checked.
    fn misere_by_rule(
        &self,
        position: &[AnyPosition],
        values: &[Vec<Nat>],
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<SumMove>, Error> {
        let all: Vec<Nat> = values.concat();
        let profile = ValueProfile::of(&all);
        let lost = profile.lost(Convention::Misere);
        let mut winning = WinningMoves::new(max_moves);
        if !lost {
            for (part, (game, part_values)) in self.parts.iter().zip(values).enumerate() {
                let part_sum = nim_sum(part_values);
                let goals: BTreeSet<Nat> = part_values
                    .iter()
                    .map(|v| &part_sum ^ v ^ profile.target(Convention::Misere, v).0)
                    .filter(|goal| *goal != part_sum)
                    .collect();
                for goal in goals {
                    let (moves, count) = game.moves_with_value(
                        &position[part],
                        &goal,
                        SEARCH_BRANCHING.get(),
                        budget,
                    )?;
                    if count > moves.len() {
                        return Err(SEARCH_BRANCHING.exceeded(
                            Some(count),
                            format!(
                                "{}: game {} has more than {} moves to Grundy value {goal}, \
                                 too many to check one by one",
                                self.spec(),
                                part + 1,
                                SEARCH_BRANCHING.value
                            ),
                        ));
                    }
                    for play in moves {
                        let after = game.apply(&position[part], &play);
                        let heaps = game.heap_game().expect("a tame part is played on heaps");
                        let Some(after_values) = heaps.tame_values(&after, budget)? else {
                            continue;
                        };
                        let mut next = values.to_vec();
                        next[part] = after_values;
                        if ValueProfile::of(&next.concat()).lost(Convention::Misere) {
                            let play = SumMove { part, play };
                            let reason = "leaves a position lost by the misère-Nim rule";
                            winning.offer(play, reason, |play| {
                                self.describe_move(&position.to_vec(), play)
                            });
                        }
                    }
                }
            }
        }
        let explanation = format!(
            "every game of the sum follows the misère-Nim rule (a heap of Grundy value 0 \
             that can move can move to 1), so the sum does: {}",
            profile.misere_rule(&profile.nim_sum.to_string())
        );
        Ok(winning.into_analysis(
            Convention::Misere,
            Outcome::from_mover_wins(!lost),
            Some(profile.nim_sum),
            explanation,
        ))
    }

    /// The moves that bring the nim-sum of the parts' values to `target`: the first
    /// `limit` of them (each with the value its part moves to), and their number.
    fn moves_to_nim_sum(
        &self,
        position: &[AnyPosition],
        values: &[Nat],
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<(SumMove, Nat)>, Nat), Error> {
        let shift = nim_sum(values) ^ target;
        let mut found = Vec::new();
        let mut count = Nat::ZERO;
        if shift == Nat::ZERO {
            return Ok((found, count));
        }
        for (part, (game, value)) in self.parts.iter().zip(values).enumerate() {
            let goal = value ^ &shift;
            let room = limit - found.len();
            let (moves, part_count) =
                game.moves_with_value(&position[part], &goal, room, budget)?;
            count += part_count;
            found.extend(
                moves
                    .into_iter()
                    .map(|play| (SumMove { part, play }, goal.clone())),
            );
        }
        Ok((found, count))
    }
}

impl Game for Sum {
    type Position = Vec<AnyPosition>;
    type Move = SumMove;

    fn legal_moves(&self, position: &Vec<AnyPosition>, limit: usize) -> (Vec<SumMove>, bool) {
        let mut moves = Vec::new();
        for (part, game) in self.parts.iter().enumerate() {
            let room = limit - moves.len();
            let (legal, complete) = game.legal_moves(&position[part], room);
            moves.extend(legal.into_iter().map(|play| SumMove { part, play }));
            if !complete {
                return (moves, false);
            }
        }
        (moves, true)
    }

    fn apply(&self, position: &Vec<AnyPosition>, play: &SumMove) -> Vec<AnyPosition> {
        let mut after = position.clone();
        after[play.part] = self.parts[play.part].apply(&position[play.part], &play.play);
        after
    }

    fn size(&self, position: &Vec<AnyPosition>) -> usize {
        self.parts
            .iter()
            .zip(position)
            .map(|(part, p)| part.size(p))
            .sum()
    }

    fn canonical(&self, position: &Vec<AnyPosition>) -> Vec<AnyPosition> {
        self.parts
            .iter()
            .zip(position)
            .map(|(part, p)| part.canonical(p))
            .collect()
    }
}

impl Notation for Sum {
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

    fn parse_position(&self, text: &str) -> Result<Vec<AnyPosition>, InputError> {
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
            .map(|(part, piece)| part.parse_position(piece))
            .collect()
    }

    fn format_position(&self, position: &Vec<AnyPosition>) -> String {
        self.parts
            .iter()
            .zip(position)
            .map(|(part, p)| part.format_position(p))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn move_to(&self, from: &Vec<AnyPosition>, to: &Vec<AnyPosition>) -> Option<SumMove> {
        let mut moved = (0..from.len()).filter(|&i| from[i] != to[i]);
        let part = moved.next()?;
        if moved.next().is_some() {
            return None;
        }
        let play = self.parts[part].move_to(&from[part], &to[part])?;
        Some(SumMove { part, play })
    }

    fn describe_move(&self, position: &Vec<AnyPosition>, play: &SumMove) -> String {
        let part = &self.parts[play.part];
        format!(
            "{} in game {}",
            part.describe_move(&position[play.part], &play.play),
            play.part + 1
        )
    }

    fn parse_move(&self, position: &Vec<AnyPosition>, text: &str) -> Result<SumMove, InputError> {
        let text = text.trim();
        let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        if first.is_empty() {
            return Err(InputError::missing("move", self.move_syntax(position)));
        }
        let part = parse_bounded(first, "game number", 1, self.parts.len() as u64)? as usize - 1;
        let play = self.parts[part].parse_move(&position[part], rest)?;
        Ok(SumMove { part, play })
    }

    fn move_text(&self, position: &Vec<AnyPosition>, play: &SumMove) -> String {
        let part = &self.parts[play.part];
        format!(
            "{} {}",
            play.part + 1,
            part.move_text(&position[play.part], &play.play)
        )
    }

    fn move_syntax(&self, position: &Vec<AnyPosition>) -> String {
        let example = self
            .parts
            .iter()
            .zip(position)
            .enumerate()
            .find(|(_, (game, p))| !game.is_over(p));
        match example {
            Some((i, (game, p))) => format!(
                "a game number, then a move in that game (in game {}: {})",
                i + 1,
                game.move_syntax(p)
            ),
            None => "a game number, then a move in that game".to_string(),
        }
    }

    /// The move's clicks in its part's drawing.
    fn clicks(&self, position: &Vec<AnyPosition>, play: &SumMove) -> Clicks {
        in_part(
            play.part + 1,
            self.parts[play.part].clicks(&position[play.part], &play.play),
        )
    }

    /// Each game is drawn apart; its own help says what a click does in it.
    fn click_help(&self) -> String {
        let mut help =
            vec!["Each game is drawn on its own: click in one of them to move there.".to_string()];
        for part in &self.parts {
            let words = part.click_help();
            if !words.is_empty() && !help.contains(&words) {
                help.push(words);
            }
        }
        help.join(" ")
    }

    fn board(&self, position: &Vec<AnyPosition>) -> Board {
        Board::Sum {
            parts: self
                .parts
                .iter()
                .zip(position)
                .map(|(game, p)| SumPart {
                    game: game.spec(),
                    board: game.board(p),
                })
                .collect(),
        }
    }
}

impl Strategy for Sum {
    /// A random start of each part, when each has them.
    fn random_start(&self, seed: u64) -> Option<Vec<AnyPosition>> {
        self.parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                part.random_start(
                    seed.wrapping_add(i as u64)
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15),
                )
            })
            .collect()
    }

    fn analyze(
        &self,
        position: &Vec<AnyPosition>,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<SumMove>, Error> {
        if convention == Convention::Misere {
            if let Some(values) = self.tame_values(position, budget)? {
                return self.misere_by_rule(position, &values, max_moves, budget);
            }
            if self.repeating().is_some() {
                return repeats::analysis_by_retrograde(
                    self, position, convention, max_moves, budget,
                );
            }
            let grundy = self.values(position, budget).ok().map(|v| nim_sum(&v));
            let explanation =
                "misère sums are searched by brute force over the whole position".to_string();
            let search = budget.narrowed(MISERE_SUM_SEARCH.value);
            return misere_by_search(
                self,
                self,
                Clone::clone,
                position,
                max_moves,
                grundy,
                explanation,
                &search,
            )
            .map_err(|error| match error {
                Error::TooLarge(ref t) if t.limit == WORK_BUDGET => MISERE_SUM_SEARCH.exceeded(
                    None,
                    format!(
                        "misère play of the sum {} is searched by brute force, and this \
                         position is too big for that (more than {} table entries)",
                        self.spec(),
                        MISERE_SUM_SEARCH.value
                    ),
                ),
                other => other,
            });
        }
        let gammas = self.gammas(position, budget)?;
        if gammas.iter().any(|g| g.finite().is_none()) {
            return self.loopy(position, &gammas, max_moves, budget);
        }
        let values: Vec<Nat> = gammas
            .into_iter()
            .filter_map(|g| g.finite().cloned())
            .collect();
        let x = nim_sum(&values);
        let (moves, count) =
            self.moves_to_nim_sum(position, &values, &Nat::ZERO, max_moves, budget)?;
        let mut winning = WinningMoves::new(max_moves);
        winning.add_count(count);
        for (play, goal) in moves {
            let reason = format!(
                "brings game {} to Grundy value {goal}, so the nim-sum becomes 0",
                play.part + 1
            );
            winning.keep(play, &reason, |play| self.describe_move(position, play));
        }
        let terms: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        Ok(winning.into_analysis(
            convention,
            Outcome::from_mover_wins(x != Nat::ZERO),
            Some(x.clone()),
            format!(
                "nim-sum of the games' Grundy values: {} = {x}",
                terms.join(" ⊕ ")
            ),
        ))
    }

    fn repeating(&self) -> Option<&dyn Repeating<Position = Vec<AnyPosition>, Move = SumMove>> {
        self.parts
            .iter()
            .any(|part| part.repeats())
            .then_some(self as _)
    }

    /// Misère play of a sum when every part takes it.
    fn takes_misere(&self) -> bool {
        self.parts.iter().all(|part| part.takes_misere())
    }

    fn move_count(&self, position: &Vec<AnyPosition>) -> Nat {
        self.parts
            .iter()
            .zip(position)
            .fold(Nat::ZERO, |count, (part, p)| count + part.move_count(p))
    }

    fn moves_with_value(
        &self,
        position: &Vec<AnyPosition>,
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<SumMove>, Nat), Error> {
        let values = self.values(position, budget)?;
        let (moves, count) = self.moves_to_nim_sum(position, &values, target, limit, budget)?;
        Ok((moves.into_iter().map(|(play, _)| play).collect(), count))
    }
}

impl Repeating for Sum {
    /// The progress keys of every part whose positions can repeat.
    fn progress(&self, position: &Vec<AnyPosition>) -> Vec<(u32, u32)> {
        self.parts
            .iter()
            .zip(position)
            .flat_map(|(part, p)| part.progress(p))
            .collect()
    }

    /// A winning move in a part that ends if there is one, else the one of least
    /// progress keys among every winning move. A winner who plays so wins: each move
    /// in a part that ends brings those parts nearer their end, and otherwise the keys
    /// of the repeating parts go down from one position the winner leaves to the next
    /// (the opponent's move that lowers a value is answered by lowering another, one
    /// that raises a value by reversing it to an earlier-labelled position).
    fn winning_by_progress(
        &self,
        position: &Vec<AnyPosition>,
        budget: &Budget,
    ) -> Result<Option<SumMove>, Error> {
        let gammas = self.gammas(position, budget)?;
        let sum = Gamma::sum_of(&gammas);
        let mut candidates = Vec::new();
        for (part, game) in self.parts.iter().enumerate() {
            let others = Gamma::sum_of(
                gammas
                    .iter()
                    .enumerate()
                    .filter_map(|(i, g)| (i != part).then_some(g)),
            );
            // The value this part must move to for the sum to become 0.
            let (Some(others), true) = (others.finite(), sum.outcome() == Outcome::N) else {
                continue;
            };
            let limit = if game.repeats() { usize::MAX } else { 1 };
            let (moves, _) = game.moves_with_value(&position[part], others, limit, budget)?;
            let moves = moves.into_iter().map(|play| SumMove { part, play });
            if !game.repeats() {
                if let Some(play) = moves.into_iter().next() {
                    return Ok(Some(play));
                }
                continue;
            }
            candidates.extend(moves);
        }
        Ok(repeats::least_progress(
            self,
            &position.to_vec(),
            candidates,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game;
    use crate::solve::search::Oracle;

    /// The sum's Strategy (Sprague–Grundy over the parts in normal play) against the
    /// brute-force oracle over the whole sum, with every winning move, in both
    /// conventions.
    #[test]
    fn sums_of_different_families_match_brute_force() {
        // The second sum is of tame games only, so its misère play goes by the rule.
        for specs in [
            ["subtraction:1,3,4", "nim", "take:2"],
            ["take:3", "nim", "take:2"],
        ] {
            let sum = Sum::new(specs.iter().map(|spec| game(spec).unwrap()).collect());
            sum_matches_brute_force(&sum);
        }
    }

    /// The positions `analysis` lists after its winning moves are exactly those after
    /// a legal move that `lost` says are lost for the opponent.
    fn assert_lists_every_winning_move(
        sum: &Sum,
        position: &Vec<AnyPosition>,
        analysis: &Analysis<SumMove>,
        mut lost: impl FnMut(&Vec<AnyPosition>) -> bool,
    ) {
        let text = |p: &Vec<AnyPosition>| sum.format_position(p);
        let mut listed: Vec<String> = analysis
            .winning_moves
            .iter()
            .map(|m| text(&sum.apply(position, &m.play)))
            .collect();
        let mut winning: Vec<String> = sum
            .moves(position)
            .into_iter()
            .filter(|q| lost(q))
            .map(|q| text(&q))
            .collect();
        listed.sort();
        winning.sort();
        assert_eq!(
            listed,
            winning,
            "{:?} {}",
            analysis.convention,
            text(position)
        );
    }

    fn sum_matches_brute_force(sum: &Sum) {
        let budget = Budget::unlimited();
        for convention in [Convention::Normal, Convention::Misere] {
            let mut oracle = Oracle::new(sum, convention);
            for a in 0..6 {
                for b in 0..4 {
                    for c in 0..5 {
                        let position = sum.parse_position(&format!("{a} + {b} 1 + {c}")).unwrap();
                        let analysis = sum
                            .analyze(&position, convention, usize::MAX, &budget)
                            .unwrap();
                        assert_eq!(
                            analysis.outcome,
                            oracle.outcome(&position).unwrap(),
                            "{position:?}"
                        );
                        assert_lists_every_winning_move(sum, &position, &analysis, |q| {
                            oracle.outcome(q).unwrap() == Outcome::P
                        });
                    }
                }
            }
        }
    }

    /// Misère sums of tame games follow the misère-Nim rule at any size; with a game
    /// that is not tame (Kayles) they are searched, and agree with brute force.
    #[test]
    fn misere_sums_of_tame_games_follow_the_rule_at_any_size() {
        let budget = Budget::unlimited();
        let sum = Sum::new(vec![game("nim").unwrap(), game("take:3").unwrap()]);
        let position = sum.parse_position("1500 1 + 2001").unwrap();
        let analysis = sum
            .analyze(&position, Convention::Misere, usize::MAX, &budget)
            .unwrap();
        assert!(
            analysis.explanation.contains("misère-Nim rule"),
            "{analysis:?}"
        );
        assert_eq!(analysis.winning_move_count, analysis.winning_moves.len());
        for m in &analysis.winning_moves {
            let after = sum.apply(&position, &m.play);
            let values = sum.tame_values(&after, &budget).unwrap().unwrap();
            assert!(ValueProfile::of(&values.concat()).lost(Convention::Misere));
        }
        let mixed = Sum::new(vec![game("kayles").unwrap(), game("nim").unwrap()]);
        let mut oracle = Oracle::new(&mixed, Convention::Misere);
        for text in ["3 + 2", "4 1 + 1 1", "5 + 3 3"] {
            let position = mixed.parse_position(text).unwrap();
            let analysis = mixed
                .analyze(&position, Convention::Misere, 0, &budget)
                .unwrap();
            assert!(analysis.explanation.contains("brute force"), "{text}");
            assert_eq!(
                analysis.outcome,
                oracle.outcome(&position).unwrap(),
                "{text}"
            );
        }
    }

    /// Sums of a graph with cycles and Nim: Smith's rule (finite values add like
    /// nimbers, ∞ decides as the rule says) against retrograde analysis of the whole
    /// sum, with every winning move.
    #[test]
    fn sums_with_loopy_graphs_follow_smiths_rule() {
        use crate::registry::game_with;
        use crate::solve::loopy::Retrograde;
        let budget = Budget::unlimited();
        let mut outcomes = std::collections::BTreeMap::new();
        // 0 ⇄ 1, 1 → 2, 2 → 3, 3 → 1, 4 → 4 (a pass), 4 → 0, 5 → 3, and 0 → 6 and
        // 2 → 6, where 6 has no move.
        let graph = "7 10 0 1 1 0 1 2 2 3 3 1 4 4 4 0 5 3 0 6 2 6";
        let loopy = game_with("graph:g.txt", &|_| Ok(graph.to_string())).unwrap();
        for spec in [
            vec![loopy.clone(), game("nim").unwrap()],
            vec![loopy.clone(), loopy],
        ] {
            let sum = Sum::new(spec);
            for a in 0..7 {
                for b in 0..7 {
                    let Ok(position) = sum.parse_position(&format!("{a} + {b}")) else {
                        continue;
                    };
                    let solved =
                        Retrograde::solve(&sum, &position, Convention::Normal, &budget).unwrap();
                    let analysis = sum
                        .analyze(&position, Convention::Normal, usize::MAX, &budget)
                        .unwrap();
                    let truth = solved.get(&sum, &position).unwrap().outcome;
                    assert_eq!(
                        analysis.outcome,
                        truth,
                        "{}",
                        sum.format_position(&position)
                    );
                    *outcomes.entry(truth.letter()).or_insert(0) += 1;
                    assert_lists_every_winning_move(&sum, &position, &analysis, |q| {
                        solved.get(&sum, q).unwrap().outcome == Outcome::P
                    });
                }
            }
        }
        assert_eq!(outcomes.len(), 3, "{outcomes:?}");
    }

    /// The sum's winner by progress alone (what the computer plays when a retrograde
    /// analysis does not fit) wins every won position of a graph with cycles plus
    /// Nim, or plus the graph again, against every defence.
    #[test]
    fn the_winner_of_a_sum_with_cycles_makes_progress() {
        use crate::protocol::repeats::assert_winner_wins;
        use crate::registry::game_with;
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        // Values 1 0 0 2 ∞{0,2} ∞{0} 0 1, five vertices of finite value on cycles:
        // raising moves and reversals abound.
        let graph = "8 14 0 6 1 0 1 5 3 0 3 1 3 2 3 7 4 2 4 3 4 5 5 2 5 4 6 3 7 6";
        let loopy = game_with("graph:g.txt", &|_| Ok(graph.to_string())).unwrap();
        let budget = Budget::unlimited();
        let mut games = 0;
        for parts in [
            vec![loopy.clone(), game("nim").unwrap()],
            vec![loopy.clone(), loopy.clone()],
            vec![game("take:2").unwrap(), loopy],
        ] {
            let sum = Sum::new(parts);
            for a in 0..8 {
                for b in 0..5 {
                    let text = match sum.spec().as_str() {
                        "take:2 + graph:g.txt" => format!("{b} + {a}"),
                        _ => format!("{a} + {b}"),
                    };
                    let start = sum.parse_position(&text).unwrap();
                    let choose = |p: &Vec<AnyPosition>| {
                        sum.winning_by_progress(p, &budget).unwrap().expect("won")
                    };
                    games += assert_winner_wins(&sum, &start, choose, &mut rng);
                }
            }
        }
        assert!(games > 100, "{games}");
    }

    #[test]
    fn text_level_parsing_and_errors() {
        let sum = game("nim + take:3").unwrap();
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
        let position = sum.parse_position("3 4 + 10").unwrap();
        let play = sum.parse_move(&position, "2 3").unwrap();
        assert_eq!(sum.text_move(&position, &play).to, "3 4 + 7");
        assert!(
            sum.parse_move(&position, "3 1")
                .unwrap_err()
                .to_string()
                .contains("game number")
        );
        assert!(sum.parse_move(&position, "2 4").is_err());
    }
}
