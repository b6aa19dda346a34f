//! Copycat Nim (`copycat:m`, from Verkhovsky's paper): one heap of N stones; a move
//! takes 1 to m stones, but never the amount the opponent just took ("do not be a
//! copycat"). Taking the last stone wins, and a player with no legal move loses (e.g.
//! one stone left after the opponent took one). A position is `N` (nobody has moved)
//! or `N,last` (the opponent just took `last`).
//!
//! Let g(n, l) be the Grundy value of n stones after the opponent took l (l = 0: no
//! previous move): g(n, l) = mex{ g(n − t, t) : 1 ≤ t ≤ min(n, m), t ≠ l }. The row
//! R(n) = (g(n, 0), …, g(n, m)) is a fixed function of the m rows before it once
//! n ≥ m, so the rows are eventually periodic and m consecutive matches certify the
//! period forever ([`Theorem::FiniteMemory`](crate::solve::period::Theorem::FiniteMemory)), exactly as for subtraction games.
//! Heaps of any size are then read off the period. Each row also carries the misère
//! outcomes (taking the last stone loses; a player with no legal move wins), which
//! follow the same kind of recurrence, so one certified period serves both.

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::{COPYCAT_PERIOD_SEARCH, COPYCAT_TAKE};
use crate::num::{Nat, to_u64, words};
use crate::parse::{parse_bounded, parse_nat, tokens};
use crate::protocol::board::{Board, Clicks, pile_clicks};
use crate::protocol::{Analysis, Notation, Strategy, WinningMove};
use crate::rules::Game;
use crate::rules::{Convention, Outcome};
use crate::solve::mex::MexSet;
use crate::solve::period::{Periodicity, search_period};
use crate::solve::table::Once;
use crate::text::{count_of, list_with_or};
use malachite_base::num::arithmetic::traits::CheckedSub;
use std::collections::HashMap;
use std::sync::Arc;

/// A copycat position: `heap` stones, after the opponent took `last` (0: nobody has).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CopycatPosition {
    /// Stones left.
    pub heap: Nat,
    /// The amount the opponent just took, 0 if none.
    pub last: u64,
}

/// One row R(n): for each l = 0..=m, the Grundy value and whether the player to move
/// wins misère play. Shared between the list of rows and their index.
type Row = Arc<[(u32, bool)]>;

/// The certified period of the rows, and the rows it covers (interned: `ids` holds the
/// index in `rows` of R(n) for each computed n).
#[derive(Debug)]
struct Solved {
    rows: Vec<Row>,
    ids: Vec<u32>,
    periodicity: Periodicity,
}

/// Copycat Nim taking 1 to m stones.
#[derive(Debug)]
pub struct Copycat {
    m: u64,
    solved: Once<Solved>,
}

/// Rows R(0..len), interned, extending `ids` and `rows` as needed.
struct RowBuilder<'a> {
    m: usize,
    rows: Vec<Row>,
    index: HashMap<Row, u32>,
    /// Each new row holds m + 1 table entries of it, and a few for its slot in the
    /// index and its reference count.
    budget: &'a Budget,
}

impl RowBuilder<'_> {
    fn extend(&mut self, ids: &mut Vec<u32>, len: usize) -> Result<(), Error> {
        let m = self.m;
        let mut seen = MexSet::new(m);
        let mut counts = vec![0u32; m + 2];
        for n in ids.len()..len {
            let most = n.min(m);
            // The options t = 1..=most lead to R(n − t)[t].
            let options: Vec<(u32, bool)> = (1..=most)
                .map(|t| self.rows[ids[n - t] as usize][t])
                .collect();
            seen.clear();
            counts.fill(0);
            for &(g, _) in &options {
                seen.insert(g as usize);
                counts[g as usize] += 1;
            }
            let mex = seen.mex() as u32;
            let losing_options = options.iter().filter(|(_, wins)| !wins).count();
            let row: Row = (0..=m)
                .map(|l| {
                    let Some(&(g, wins)) = options.get(l.wrapping_sub(1)) else {
                        // Nothing is excluded: l = 0, or l is more than can be taken.
                        return (mex, most == 0 || losing_options > 0);
                    };
                    // Excluding option l removes value g if it was its only source.
                    let value = if g < mex && counts[g as usize] == 1 {
                        g
                    } else {
                        mex
                    };
                    let legal = most - 1;
                    let misere = legal == 0 || losing_options - usize::from(!wins) > 0;
                    (value, misere)
                })
                .collect::<Vec<_>>()
                .into();
            let next = self.rows.len() as u32;
            let id = *self.index.entry(row.clone()).or_insert(next);
            if id == next {
                self.budget
                    .hold(m as u64 + 8)
                    .map_err(|e| Error::from_budget(e, "the table of rows of copycat"))?;
                self.rows.push(row);
            }
            ids.push(id);
        }
        Ok(())
    }
}

impl Copycat {
    /// Parse the part of a spec after `copycat:`, e.g. "3".
    pub fn parse(args: Option<&str>) -> Result<Self, InputError> {
        let expected = format!("an integer from 1 to {}", COPYCAT_TAKE.value);
        let m = match args {
            None => return Err(InputError::missing("copycat limit", expected)),
            Some(t) => parse_bounded(t.trim(), "copycat limit", 1, COPYCAT_TAKE.value)?,
        };
        Ok(Copycat {
            m,
            solved: Once::default(),
        })
    }

    /// The rows R(n) up to their certified period, computed within `budget`.
    fn solved(&self, budget: &Budget) -> Result<&Solved, Error> {
        self.solved.get_or_compute(|| {
            let mut builder = RowBuilder {
                m: self.m as usize,
                rows: Vec::new(),
                index: HashMap::new(),
                budget,
            };
            let mut ids = Vec::new();
            let periodicity = search_period(
                &mut ids,
                |ids, len| builder.extend(ids, len),
                self.m as usize,
                COPYCAT_PERIOD_SEARCH.get(),
                budget,
            )?;
            Ok(Solved {
                rows: builder.rows,
                ids,
                periodicity,
            })
        })
    }

    /// The certified period of the rows R(n).
    pub fn periodicity(&self, budget: &Budget) -> Result<Periodicity, Error> {
        Ok(self.solved(budget)?.periodicity.clone())
    }

    /// The Grundy value and misère win flag of a position, for heaps of any size.
    fn entry(&self, solved: &Solved, position: &CopycatPosition) -> (u32, bool) {
        let n = solved.periodicity.reduce(&position.heap);
        solved.rows[solved.ids[n] as usize][position.last as usize]
    }

    /// The amounts the player to move may take.
    fn legal(&self, position: &CopycatPosition) -> impl Iterator<Item = u64> {
        let most = to_u64(&position.heap).map_or(self.m, |n| n.min(self.m));
        let last = position.last;
        (1..=most).filter(move |&t| t != last)
    }

    fn after(position: &CopycatPosition, t: u64) -> CopycatPosition {
        CopycatPosition {
            heap: &position.heap - Nat::from(t),
            last: t,
        }
    }
}

impl Notation for Copycat {
    fn spec(&self) -> String {
        format!("copycat:{}", self.m)
    }

    fn rules(&self) -> String {
        format!(
            "Copycat Nim: take 1 to {} stones from the heap, but never the amount the \
             opponent just took.",
            self.m
        )
    }

    fn position_syntax(&self) -> String {
        "N (a heap of N stones, nobody has moved) or N,last (the opponent just took last), \
         such as 20 or 20,2"
            .to_string()
    }

    fn parse_position(&self, text: &str) -> Result<CopycatPosition, InputError> {
        let words: Vec<&str> = tokens(text).collect();
        match words[..] {
            [] => Err(InputError::missing("position", self.position_syntax())),
            [heap] => Ok(CopycatPosition {
                heap: parse_nat(heap, "heap size")?,
                last: 0,
            }),
            [heap, last] => Ok(CopycatPosition {
                heap: parse_nat(heap, "heap size")?,
                last: parse_bounded(last, "last amount taken", 1, self.m)?,
            }),
            _ => Err(InputError::invalid(
                "position",
                text.trim(),
                self.position_syntax(),
            )),
        }
    }

    fn format_position(&self, position: &CopycatPosition) -> String {
        match position.last {
            0 => position.heap.to_string(),
            last => format!("{},{last}", position.heap),
        }
    }

    fn move_to(&self, from: &CopycatPosition, to: &CopycatPosition) -> Option<u64> {
        let t = to_u64(&from.heap.clone().checked_sub(&to.heap)?)?;
        (to.last == t && self.legal(from).any(|legal| legal == t)).then_some(t)
    }

    fn describe_move(&self, position: &CopycatPosition, t: &u64) -> String {
        let after = Self::after(position, *t);
        format!(
            "take {} ({} → {})",
            count_of(&Nat::from(*t), "stone", "stones"),
            position.heap,
            after.heap
        )
    }

    fn parse_move(&self, position: &CopycatPosition, text: &str) -> Result<u64, InputError> {
        let allowed: Vec<String> = self.legal(position).map(|t| t.to_string()).collect();
        let expected = || match position.last {
            0 => format!("a number of stones: {}", list_with_or(&allowed)),
            last => format!(
                "a number of stones other than {last} (the opponent just took {last}): {}",
                list_with_or(&allowed)
            ),
        };
        let words: Vec<&str> = tokens(text).collect();
        let [word] = words[..] else {
            return Err(InputError::invalid("move", text.trim(), expected()));
        };
        match parse_bounded(word, "number of stones", 1, self.m) {
            Ok(t) if self.legal(position).any(|legal| legal == t) => Ok(t),
            _ => Err(InputError::invalid("number of stones", word, expected())),
        }
    }

    fn move_text(&self, _position: &CopycatPosition, t: &u64) -> String {
        t.to_string()
    }

    fn ending(&self, convention: Convention) -> String {
        match convention {
            Convention::Normal => {
                "Taking the last stone wins; a player with no legal move loses.".to_string()
            }
            Convention::Misere => {
                "Taking the last stone loses; a player with no legal move wins.".to_string()
            }
        }
    }

    fn move_syntax(&self, position: &CopycatPosition) -> String {
        let allowed: Vec<String> = self.legal(position).map(|t| t.to_string()).collect();
        format!("the number of stones to take: {}", list_with_or(&allowed))
    }

    fn clicks(&self, position: &CopycatPosition, taken: &u64) -> Clicks {
        pile_clicks(&position.heap, &Nat::from(*taken))
    }

    fn click_help(&self) -> String {
        "Click a stone to take it and every stone after it, or choose how many to take \
         with the slider and press Take."
            .to_string()
    }

    fn board(&self, position: &CopycatPosition) -> Board {
        Board::Pile {
            count: position.heap.clone(),
            noun: "stone",
            plural: "stones",
            most: None,
            forbidden: (position.last != 0).then_some(position.last),
        }
    }
}

impl Strategy for Copycat {
    /// A heap of 10 to 40 stones that nobody has taken from.
    fn random_start(&self, seed: u64) -> Option<CopycatPosition> {
        use rand::{RngExt, SeedableRng};
        let heap = Nat::from(rand::rngs::StdRng::seed_from_u64(seed).random_range(10..=40u32));
        Some(CopycatPosition { heap, last: 0 })
    }

    /// The solved rows (each m + 1 entries and a few words of slot) and their ids.
    fn held_words(&self) -> u64 {
        self.solved.get().map_or(0, |solved| {
            let rows = solved.rows.len() as u64 * (self.m + 1 + 4);
            rows + (solved.ids.len() as u64).div_ceil(2)
        })
    }

    fn analyze(
        &self,
        position: &CopycatPosition,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<u64>, Error> {
        let solved = self.solved(budget)?;
        let (grundy, misere_wins) = self.entry(solved, position);
        let lost_after = |t: u64| {
            let (g, wins) = self.entry(solved, &Self::after(position, t));
            match convention {
                Convention::Normal => g == 0,
                Convention::Misere => !wins,
            }
        };
        let mover_wins = match convention {
            Convention::Normal => grundy != 0,
            Convention::Misere => misere_wins,
        };
        let winning: Vec<u64> = self.legal(position).filter(|&t| lost_after(t)).collect();
        let no_moves = self.legal(position).next().is_none();
        let p = &solved.periodicity;
        let source = format!(
            "read off the certified period {} (from heap {}) of {}",
            p.period,
            p.preperiod,
            self.spec()
        );
        let explanation = match (no_moves, convention) {
            (true, Convention::Normal) => {
                "the player to move has no legal move and loses".to_string()
            }
            (true, Convention::Misere) => {
                "the player to move has no legal move, so the opponent made the last move and loses"
                    .to_string()
            }
            (false, Convention::Normal) => format!("Grundy value {grundy}, {source}"),
            (false, Convention::Misere) => format!("misère outcome {source}"),
        };
        let winning_move_count = winning.len();
        let winning_moves = winning
            .into_iter()
            .take(max_moves)
            .map(|t| {
                let to = Self::after(position, t);
                WinningMove {
                    action: format!(
                        "take {} ({} → {})",
                        count_of(&Nat::from(t), "stone", "stones"),
                        position.heap,
                        to.heap
                    ),
                    reason: format!(
                        "leaves {} and forbids taking {t}: a position the opponent loses",
                        count_of(&to.heap, "stone", "stones")
                    ),
                    play: t,
                }
            })
            .collect();
        Ok(Analysis {
            convention,
            outcome: Outcome::from_mover_wins(mover_wins),
            grundy: Some(Nat::from(grundy)),
            infinite: None,
            explanation,
            winning_moves,
            winning_move_count: Nat::from(winning_move_count),
            text_limited: false,
        })
    }

    fn move_count(&self, position: &CopycatPosition) -> Nat {
        Nat::from(self.legal(position).count())
    }
}

impl Game for Copycat {
    type Position = CopycatPosition;
    type Move = u64;

    fn size(&self, position: &CopycatPosition) -> usize {
        words(&position.heap) + 1
    }

    fn apply(&self, position: &CopycatPosition, t: &u64) -> CopycatPosition {
        Self::after(position, *t)
    }

    fn legal_moves(&self, position: &CopycatPosition, limit: usize) -> (Vec<u64>, bool) {
        let mut moves: Vec<u64> = self.legal(position).take(limit.saturating_add(1)).collect();
        let complete = moves.len() <= limit;
        moves.truncate(limit);
        (moves, complete)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Notation, Strategy};
    use crate::solve::search::{GrundyEngine, Oracle};
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn game(m: u64) -> Copycat {
        Copycat::parse(Some(&m.to_string())).unwrap()
    }

    fn position(heap: u64, last: u64) -> CopycatPosition {
        CopycatPosition {
            heap: Nat::from(heap),
            last,
        }
    }

    #[test]
    fn every_m_up_to_16_matches_brute_force_on_heaps_up_to_1000() {
        for m in 1..=16 {
            let g = game(m);
            let mut engine = GrundyEngine::new(&g);
            let mut normal = Oracle::new(&g, Convention::Normal);
            let mut misere = Oracle::new(&g, Convention::Misere);
            for heap in 0..=1000 {
                for last in 0..=m {
                    let p = position(heap, last);
                    for (convention, oracle) in [
                        (Convention::Normal, &mut normal),
                        (Convention::Misere, &mut misere),
                    ] {
                        let a =
                            Strategy::analyze(&g, &p, convention, usize::MAX, &Budget::unlimited())
                                .unwrap();
                        assert_eq!(a.outcome, oracle.outcome(&p).unwrap(), "m = {m}: {p:?}");
                        let fast: HashSet<CopycatPosition> = a
                            .winning_moves
                            .iter()
                            .map(|t| g.apply(&p, &t.play))
                            .collect();
                        assert_eq!(
                            fast,
                            oracle.winning_options(&p),
                            "m = {m}: {convention:?} {p:?}"
                        );
                        if convention == Convention::Normal {
                            let value = engine.grundy(&p).unwrap();
                            assert_eq!(a.grundy, Some(Nat::from(value)), "m = {m}: g{p:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn small_cases_by_hand() {
        // m = 1: the first player takes 1, and then the opponent may not take 1.
        let g = game(1);
        let lost = |p: &CopycatPosition| {
            Strategy::analyze(&g, p, Convention::Normal, 0, &Budget::unlimited())
                .unwrap()
                .outcome
                == Outcome::P
        };
        assert!(!lost(&position(5, 0)));
        assert!(lost(&position(5, 1)));
        assert!(lost(&position(0, 0)));
        // m = 2, one stone left after the opponent took one: no legal move.
        let g = game(2);
        let a = Strategy::analyze(
            &g,
            &position(1, 1),
            Convention::Normal,
            0,
            &Budget::unlimited(),
        )
        .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(
            a.explanation,
            "the player to move has no legal move and loses"
        );
        assert_eq!(g.periodicity(&Budget::unlimited()).unwrap().period, 3);
    }

    #[test]
    fn parse_errors() {
        assert!(
            Copycat::parse(Some("0"))
                .unwrap_err()
                .to_string()
                .contains("'0'")
        );
        assert!(
            Copycat::parse(None)
                .unwrap_err()
                .to_string()
                .starts_with("missing copycat limit")
        );
        let g = game(3);
        let err = |t: &str| g.parse_position(t).unwrap_err().to_string();
        assert_eq!(
            err("10,4"),
            "invalid last amount taken '4': expected an integer from 1 to 3"
        );
        assert!(err("10,0").contains("'0'"));
        assert!(err("x").contains("'x'"));
        assert!(err("1,2,3").starts_with("invalid position"));
        assert_eq!(
            g.format_position(&g.parse_position("10 2").unwrap()),
            "10,2"
        );
    }

    proptest! {
        /// Huge heaps agree with the table at a heap of the same residue that the
        /// brute-force test covers, and every listed move leaves a lost position.
        #[test]
        fn huge_heaps_follow_the_period(m in 1u64..=8, digits in "[1-9][0-9]{20,200}", last in 0u64..=8) {
            let g = game(m);
            let last = last.min(m);
            let p = CopycatPosition { heap: digits.parse().unwrap(), last };
            let a = Strategy::analyze(&g, &p, Convention::Normal, usize::MAX, &Budget::unlimited()).unwrap();
            for t in &a.winning_moves {
                let q = g.apply(&p, &t.play);
                let b = Strategy::analyze(&g, &q, Convention::Normal, 0, &Budget::unlimited()).unwrap();
                prop_assert_eq!(b.outcome, Outcome::P);
            }
            prop_assert_eq!(a.outcome == Outcome::N, a.winning_move_count > 0);
        }
    }
}
