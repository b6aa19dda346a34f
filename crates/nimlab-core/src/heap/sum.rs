//! [`HeapSum`]: any number of heaps of one [`HeapRules`] played side by side, a
//! complete game (its moves, notation and strategy, in both conventions).

use super::take_break::{family_count, family_moves};
use super::{HeapRules, HeapValues, SearchedValues, SmallHeapGame, small_heaps};
use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::MISERE_HEAP_SEARCH;
use crate::num::{Nat, words};
use crate::parse::{parse_bounded, parse_list, parse_nat, tokens};
use crate::protocol::board::{Board, Clicks};
use crate::protocol::{
    Analysis, AnyPosition, HeapGame, HeapSequence, MoveValue, Notation, Strategy, WinningMoves,
    analyzed_move_values, misere_by_search, search_after,
};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::loopy::Solved;
use crate::solve::quotient::{LazyQuotient, heap_size, leaves};
use crate::solve::sum::{ValueProfile, nim_sum};
use crate::text::spaced;
use malachite_base::num::basic::traits::Zero;
use nimlab_misere::{PositionError, Quotient};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::Arc;

/// A move in a sum of heaps: heap `heap` (0-based) is replaced by `into`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// Index of the heap moved in.
    pub heap: usize,
    /// What the heap becomes (see [`HeapOption`](super::HeapOption)).
    pub into: Vec<Nat>,
}

/// Any number of heaps of one heap game, played side by side.
pub struct HeapSum<H> {
    /// The rules of one heap.
    pub rules: Arc<H>,
    /// The heaps' values when the rules do not offer them ([`HeapRules::values`]).
    searched: Arc<SearchedValues<H>>,
}

impl<H> Clone for HeapSum<H> {
    fn clone(&self) -> Self {
        HeapSum {
            rules: Arc::clone(&self.rules),
            searched: Arc::clone(&self.searched),
        }
    }
}

impl<H: HeapRules> std::fmt::Debug for HeapSum<H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HeapSum({})", self.rules.spec())
    }
}

impl<H: HeapRules> HeapSum<H> {
    /// Any number of heaps of the game `rules`.
    pub fn new(rules: H) -> Self {
        let rules = Arc::new(rules);
        HeapSum {
            searched: Arc::new(SearchedValues::new(Arc::clone(&rules))),
            rules,
        }
    }

    /// The values of single heaps: the family's own, or those searched from its
    /// options.
    pub fn heap_values(&self) -> &dyn HeapValues {
        self.rules.values().unwrap_or(&*self.searched)
    }

    /// The moves that bring some heap of value g to the value `target_of(g)` names,
    /// each with that reason: the first `max` of them, and how many there are.
    fn moves_to_targets(
        &self,
        heaps: &[Nat],
        values: &[Nat],
        max: usize,
        target_of: impl Fn(&Nat) -> (Nat, &'static str),
        budget: &Budget,
    ) -> Result<WinningMoves<HeapMove>, Error> {
        let mut winning = WinningMoves::new(max);
        for (index, (heap, value)) in heaps.iter().zip(values).enumerate() {
            let (target, reason) = target_of(value);
            if target == *value {
                continue;
            }
            let options = self.heap_values().heap_options_with_value(
                heap,
                &target,
                winning.room(),
                budget,
            )?;
            winning.add_count(options.count);
            for option in options.listed {
                let play = HeapMove {
                    heap: index,
                    into: option,
                };
                winning.keep(play, reason, |play| self.describe_heap_move(heaps, play));
            }
        }
        Ok(winning)
    }

    /// [`Strategy::describe_move`] for a slice of heaps: the heap is named only when
    /// there are several.
    fn describe_heap_move(&self, heaps: &[Nat], play: &HeapMove) -> String {
        let heap = (heaps.len() > 1).then_some(play.heap + 1);
        self.rules.describe(heap, &heaps[play.heap], &play.into)
    }

    fn values(&self, heaps: &[Nat], budget: &Budget) -> Result<Vec<Nat>, Error> {
        heaps
            .iter()
            .map(|h| self.heap_values().heap_value(h, budget))
            .collect()
    }

    fn explanation(
        &self,
        convention: Convention,
        values: &[Nat],
        profile: &ValueProfile,
    ) -> String {
        const LISTED: usize = 8;
        let sum = if values.len() <= LISTED {
            let terms: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            format!("{} = {}", terms.join(" ⊕ "), profile.nim_sum)
        } else {
            format!("the {} values = {}", values.len(), profile.nim_sum)
        };
        match convention {
            Convention::Normal if values.len() == 1 => {
                format!("a single heap, of Grundy value {}", profile.nim_sum)
            }
            Convention::Normal => format!("nim-sum of the heaps' Grundy values: {sum}"),
            Convention::Misere => profile.misere_rule(&sum),
        }
    }
}

impl<H: HeapRules> HeapSum<H> {
    /// Misère play by exhaustive win/loss search, for families where the misère-Nim
    /// rule does not hold: exact when the position has at most
    /// [`MISERE_HEAP_SEARCH`] tokens in all.
    fn misere_by_search(
        &self,
        heaps: &Vec<Nat>,
        grundy: Nat,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<HeapMove>, Error> {
        let total = heaps.iter().fold(Nat::ZERO, |sum, h| sum + h);
        if total > MISERE_HEAP_SEARCH.value {
            return Err(MISERE_HEAP_SEARCH.exceeded(
                Some(total.clone()),
                format!(
                    "misère play of {} does not follow the misère-Nim rule, so nimlab searches \
                     every position, which it does for at most {} tokens in all; this \
                     position has {total}",
                    self.rules.spec(),
                    MISERE_HEAP_SEARCH.value
                ),
            ));
        }
        let explanation = format!(
            "misère play of {} does not follow the misère-Nim rule, so every position \
             reachable from here was searched",
            self.rules.spec()
        );
        let Some(search) = SmallHeapGame::new(&*self.rules, heaps) else {
            let (grundy, clone) = (Some(grundy), Clone::clone);
            return misere_by_search(
                self,
                self,
                clone,
                heaps,
                max_moves,
                grundy,
                explanation,
                budget,
            );
        };
        let encode = |heaps: &Vec<Nat>| small_heaps(heaps).expect("positions of a few tokens");
        misere_by_search(
            self,
            &search,
            encode,
            heaps,
            max_moves,
            Some(grundy),
            explanation,
            budget,
        )
    }

    /// Misère play by the certified misère quotient: exact for heaps of any size.
    fn misere_by_quotient(
        &self,
        quotient: &Quotient,
        heaps: &[Nat],
        grundy: Nat,
        max_moves: usize,
    ) -> Result<Analysis<HeapMove>, Error> {
        let spec = self.rules.spec();
        let unanswered = |e: PositionError| Error::NoKnownValue(format!("{spec}: {e}"));
        let sizes = heaps
            .iter()
            .map(|n| heap_size(quotient, n))
            .collect::<Result<Vec<_>, _>>()?;
        let element = quotient.element_of(&sizes).map_err(unanswered)?;
        let lost = quotient.is_p(element);
        let mut winning = WinningMoves::new(max_moves);
        if !lost {
            let moves = quotient.winning_moves(&sizes).map_err(unanswered)?;
            for by_size in &moves.by_heap {
                let n = &heaps[by_size.heap];
                let mut per_heap = Nat::from(by_size.moves.len());
                for family in &by_size.families {
                    per_heap += family_count(family, n)?;
                }
                winning.add_count(per_heap * Nat::from(by_size.copies));
                let copies = (0..heaps.len()).filter(|&i| heaps[i] == *n);
                for index in copies {
                    let listed = by_size.moves.iter().map(|parts| leaves(n, parts));
                    let from_families = by_size
                        .families
                        .iter()
                        .flat_map(|family| family_moves(family, n));
                    for into in listed.chain(from_families).take(winning.room()) {
                        let play = HeapMove { heap: index, into };
                        let reason = "leaves a position whose element is in the P-portion";
                        winning.keep(play, reason, |play| self.describe_heap_move(heaps, play));
                    }
                }
            }
        }
        let explanation = format!(
            "misère play of {spec} follows its misère quotient (order {}): the position's \
             element is {}, which is {} the P-portion",
            quotient.order(),
            quotient.word(element),
            if lost { "in" } else { "not in" }
        );
        Ok(winning.into_analysis(
            Convention::Misere,
            Outcome::from_mover_wins(!lost),
            Some(grundy),
            explanation,
        ))
    }

    /// The move that replaces one heap of `from` by the heaps of `to` in its place.
    fn replaced_heap(&self, from: &[Nat], to: &[Nat]) -> Option<HeapMove> {
        let added = (to.len() + 1).checked_sub(from.len())?;
        let same_start = from.iter().zip(to).take_while(|(a, b)| a == b).count();
        let same_end = from
            .iter()
            .rev()
            .zip(to.iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let first = from.len().saturating_sub(same_end + 1);
        let last = same_start.min(from.len() - 1);
        (first..=last).find_map(|heap| {
            let into = to.get(heap..heap + added)?;
            let rest_matches = to[..heap] == from[..heap] && to[heap + added..] == from[heap + 1..];
            (rest_matches && self.rules.is_option(&from[heap], into)).then(|| HeapMove {
                heap,
                into: into.to_vec(),
            })
        })
    }

    /// Whether the misère-Nim rule decides misère play of these rules.
    fn misere_by_rule(&self, convention: Convention, budget: &Budget) -> Result<bool, Error> {
        Ok(convention == Convention::Normal || self.heap_values().misere_is_tame(budget)?)
    }
}

impl<H: HeapRules> Game for HeapSum<H> {
    type Position = Vec<Nat>;
    type Move = HeapMove;

    fn legal_moves(&self, heaps: &Vec<Nat>, limit: usize) -> (Vec<HeapMove>, bool) {
        let mut moves = Vec::new();
        for (heap, n) in heaps.iter().enumerate() {
            let room = limit - moves.len();
            let options = self.rules.options(n, room.saturating_add(1));
            let complete = options.len() <= room;
            moves.extend(
                options
                    .into_iter()
                    .take(room)
                    .map(|into| HeapMove { heap, into }),
            );
            if !complete {
                return (moves, false);
            }
        }
        (moves, true)
    }

    /// A move that uses up the only heap leaves the position "0" (an empty heap), so
    /// a position always has at least one heap to write.
    fn size(&self, position: &Vec<Nat>) -> usize {
        position.iter().map(words).sum::<usize>().max(1)
    }

    fn apply(&self, heaps: &Vec<Nat>, play: &HeapMove) -> Vec<Nat> {
        let mut to = heaps[..play.heap].to_vec();
        to.extend(play.into.iter().cloned());
        to.extend(heaps[play.heap + 1..].iter().cloned());
        if to.is_empty() {
            to.push(Nat::ZERO);
        }
        to
    }

    /// The non-empty heaps, sorted: empty heaps have no moves.
    fn canonical(&self, heaps: &Vec<Nat>) -> Vec<Nat> {
        let mut sorted: Vec<Nat> = heaps.iter().filter(|h| **h != 0u32).cloned().collect();
        sorted.sort_unstable();
        sorted
    }

    fn components(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        heaps.iter().map(|h| vec![h.clone()]).collect()
    }
}

impl<H: HeapRules> Notation for HeapSum<H> {
    fn spec(&self) -> String {
        self.rules.spec()
    }

    fn rules(&self) -> String {
        let (heap, _) = self.rules.names();
        format!(
            "{} Several {heap}s are played side by side: a move is made in one {heap}.",
            self.rules.rules()
        )
    }

    fn position_syntax(&self) -> String {
        "heap sizes separated by spaces or commas, e.g. \"3 4 5\"".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Vec<Nat>, InputError> {
        parse_list(text, self.position_syntax(), |t| parse_nat(t, "heap size"))
    }

    fn format_position(&self, heaps: &Vec<Nat>) -> String {
        spaced(heaps)
    }

    /// One heap of `from` is replaced by what its option leaves, in place, the rest
    /// unchanged: only heaps between the first and the last difference can be it.
    /// Using up the only heap leaves "0" (see `apply`), which may also be read as an
    /// option that leaves nothing.
    fn move_to(&self, from: &Vec<Nat>, to: &Vec<Nat>) -> Option<HeapMove> {
        let emptied = from.len() == 1 && to[..] == [Nat::ZERO];
        let readings: &[&[Nat]] = if emptied { &[to, &[]] } else { &[to] };
        readings.iter().find_map(|to| self.replaced_heap(from, to))
    }

    fn describe_move(&self, heaps: &Vec<Nat>, play: &HeapMove) -> String {
        self.describe_heap_move(heaps, play)
    }

    fn parse_move(&self, heaps: &Vec<Nat>, text: &str) -> Result<HeapMove, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        if words.is_empty() {
            return Err(InputError::missing("move", self.move_syntax(heaps)));
        }
        if heaps.len() == 1 {
            // The heap number is optional when there is one heap: "3" or "1 3".
            let option = match self.rules.parse_option(&heaps[0], text) {
                Err(error) if words.len() > 1 && words[0] == "1" => self
                    .rules
                    .parse_option(&heaps[0], &words[1..].join(" "))
                    .map_err(|_| error),
                parsed => parsed,
            };
            return Ok(HeapMove {
                heap: 0,
                into: option?,
            });
        }
        let (heap_word, _) = self.rules.names();
        let number = format!("{heap_word} number");
        let heap = parse_bounded(words[0], &number, 1, heaps.len() as u64)? as usize - 1;
        let n = &heaps[heap];
        if self.rules.options(n, 1).is_empty() {
            return Err(InputError::invalid(
                number,
                words[0],
                format!(
                    "a {heap_word} with a move left ({heap_word} {} has none)",
                    heap + 1
                ),
            ));
        }
        if words.len() == 1 {
            return Err(InputError::missing(
                format!("move in {heap_word} {}", heap + 1),
                format!("{} after the {number}", self.rules.option_syntax(n)),
            ));
        }
        let into = self.rules.parse_option(n, &words[1..].join(" "))?;
        Ok(HeapMove { heap, into })
    }

    fn move_text(&self, heaps: &Vec<Nat>, play: &HeapMove) -> String {
        let option = self.rules.option_text(&heaps[play.heap], &play.into);
        if heaps.len() == 1 {
            option
        } else {
            format!("{} {option}", play.heap + 1)
        }
    }

    fn move_syntax(&self, heaps: &Vec<Nat>) -> String {
        let (moves, _) = self.legal_moves(heaps, 1);
        let Some(example) = moves.first() else {
            return "no move: the game is over".to_string();
        };
        let n = &heaps[example.heap];
        let text = self.move_text(heaps, example);
        let action = self.describe_move(heaps, example);
        if heaps.len() == 1 {
            format!(
                "{}, e.g. \"{text}\" to {action}",
                self.rules.option_syntax(n)
            )
        } else {
            let (heap, _) = self.rules.names();
            format!("a {heap} number, then the move in that {heap}; e.g. \"{text}\" to {action}")
        }
    }

    fn clicks(&self, heaps: &Vec<Nat>, play: &HeapMove) -> Clicks {
        self.rules
            .option_clicks(play.heap + 1, &heaps[play.heap], &play.into)
    }

    fn click_help(&self) -> String {
        self.rules.click_help()
    }

    /// A single heap of a take-away game is a pot to draw from.
    fn board(&self, heaps: &Vec<Nat>) -> Board {
        match &heaps[..] {
            [n] if self.rules.is_take_away() => Board::Pot {
                tokens: n.clone(),
                choices: if *n == 1u32 {
                    "the token".to_string()
                } else {
                    self.rules.option_syntax(n)
                },
            },
            _ => self.rules.board(heaps),
        }
    }
}

impl<H: HeapRules> Strategy for HeapSum<H> {
    fn random_start(&self, seed: u64) -> Option<Vec<Nat>> {
        Some(self.rules.random_heaps(&mut StdRng::seed_from_u64(seed)))
    }

    fn analyze(
        &self,
        heaps: &Vec<Nat>,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<HeapMove>, Error> {
        let values = self.values(heaps, budget)?;
        let profile = ValueProfile::of(&values);
        if !self.misere_by_rule(convention, budget)? {
            if let Some(quotient) = self
                .heap_values()
                .misere_quotient()
                .and_then(LazyQuotient::certified)
            {
                return self.misere_by_quotient(quotient, heaps, profile.nim_sum, max_moves);
            }
            return self.misere_by_search(heaps, profile.nim_sum, max_moves, budget);
        }
        let lost = profile.lost(convention);
        let winning = if lost {
            WinningMoves::new(max_moves)
        } else {
            self.moves_to_targets(
                heaps,
                &values,
                max_moves,
                |value| profile.target(convention, value),
                budget,
            )?
        };
        Ok(winning.into_analysis(
            convention,
            Outcome::from_mover_wins(!lost),
            Some(profile.nim_sum.clone()),
            self.explanation(convention, &values, &profile),
        ))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }

    fn move_count(&self, heaps: &Vec<Nat>) -> Nat {
        heaps
            .iter()
            .fold(Nat::ZERO, |count, n| count + self.rules.option_count(n))
    }

    fn moves_with_value(
        &self,
        heaps: &Vec<Nat>,
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<HeapMove>, Nat), Error> {
        let values = self.values(heaps, budget)?;
        let shift = nim_sum(&values) ^ target;
        let (moves, count) = self
            .moves_to_targets(heaps, &values, limit, |value| (value ^ &shift, ""), budget)?
            .into_parts();
        Ok((moves.into_iter().map(|m| m.play).collect(), count))
    }

    /// By the values of the heaps: a move changes one heap's value, so the value of
    /// the position after it follows from the value profile without a new analysis.
    fn move_values(
        &self,
        heaps: &Vec<Nat>,
        moves: Vec<HeapMove>,
        convention: Convention,
        budget: &Budget,
    ) -> Result<Vec<MoveValue<HeapMove>>, Error> {
        if !self.misere_by_rule(convention, budget)? {
            return analyzed_move_values(self, heaps, moves, convention, budget);
        }
        let values = self.values(heaps, budget)?;
        let profile = ValueProfile::of(&values);
        moves
            .into_iter()
            .map(|play| {
                let after = play
                    .into
                    .iter()
                    .map(|h| self.heap_values().heap_value(h, budget))
                    .collect::<Result<Vec<_>, _>>()?;
                let profile = profile.replace(&values[play.heap], &after);
                Ok(MoveValue {
                    after: Outcome::from_mover_wins(!profile.lost(convention)),
                    grundy: Some(profile.nim_sum),
                    remoteness: None,
                    play,
                })
            })
            .collect()
    }

    /// Positions of at most [`SMALL_HEAPS`](super::SMALL_HEAPS) tokens are searched in their compact form.
    fn search_after(
        &self,
        heaps: &Vec<Nat>,
        moves: &[HeapMove],
        convention: Convention,
        budget: &Budget,
    ) -> Option<Vec<Solved>> {
        let compact = small_heaps(heaps).and_then(|_| SmallHeapGame::new(&*self.rules, heaps));
        let Some(search) = compact else {
            return search_after(self, self, Clone::clone, heaps, moves, convention, budget);
        };
        let encode = |heaps: &Vec<Nat>| small_heaps(heaps).expect("positions of a few tokens");
        search_after(self, &search, encode, heaps, moves, convention, budget)
    }
}

impl<H: HeapRules> HeapGame for HeapSum<H> {
    fn sequence(&self) -> &dyn HeapSequence {
        self.heap_values().sequence()
    }

    fn misere_quotient(&self) -> Option<&LazyQuotient> {
        self.heap_values().misere_quotient()
    }

    fn misere_is_tame(&self, budget: &Budget) -> Result<bool, Error> {
        self.heap_values().misere_is_tame(budget)
    }

    fn tame_values(
        &self,
        position: &AnyPosition,
        budget: &Budget,
    ) -> Result<Option<Vec<Nat>>, Error> {
        if !self.heap_values().misere_is_tame(budget)? {
            return Ok(None);
        }
        self.values(position.get::<Vec<Nat>>(), budget).map(Some)
    }
}
