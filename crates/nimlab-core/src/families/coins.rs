//! Coin-turning games (*Winning Ways*, chapter 14): a row of coins, heads (H) or
//! tails (T). A move turns over a set of coins that the rules allow, the rightmost of
//! which goes from heads to tails; the last player to move wins.
//!
//! A family states its rules ([`CoinRules`]): which sets of coins a move may turn
//! whose rightmost coin is a given head. [`CoinRow`] makes the game of them: the
//! notation (a row is written `THHTH`, a move as the coins it turns, `2 5` or `3-7`),
//! the board and its clicks, and the strategy.
//!
//! **The coin-turning theorem.** A row's Grundy value is the nim-sum of the values of
//! the rows with a single head, one for each of its heads: turning a coin over adds
//! its value to the nim-sum or takes it away, which is the same thing. So a move
//! changes the row's value by the nim-sum of the values of all the coins it turns,
//! and the value of a single head at coin j is the mex, over the moves of that head,
//! of the nim-sum of the values of the other coins the move turns (from tails to
//! heads). The rules give the values in closed form ([`CoinRules::head_value`]), or
//! [`CoinRow`] computes them by the mex, within the question's budget.
//!
//! Misère play does not follow the nim-sum: rows whose last head is within
//! [`MISERE_COIN_SEARCH`] coins are searched exhaustively, as bit masks.

use crate::budget::Budget;
use crate::error::{Error, Exhausted, InputError};
use crate::limits::MISERE_COIN_SEARCH;
use crate::num::Nat;
use crate::parse::{parse_bounded, tokens};
use crate::protocol::board::{Board, Clicks, Spot};
use crate::protocol::{
    Analysis, MoveValue, Notation, Strategy, WinningMoves, misere_by_search, search_after,
};
use crate::rules::{Convention, Game, Outcome};
use crate::solve::loopy::Solved;
use crate::solve::search::WinLoss;
use malachite_base::num::basic::traits::Zero;
use std::ops::Range;

/// The rules of a coin-turning game: which coins a move may turn.
///
/// **The minimum a family implements:** the constants, [`turns`](CoinRules::turns)
/// and [`allows`](CoinRules::allows). Rules whose heads have many moves (more than a
/// few thousand in a long row) also give [`turn_count`](CoinRules::turn_count) and
/// [`turns_worth`](CoinRules::turns_worth) in closed form, and rules whose values are
/// known [`head_value`](CoinRules::head_value), so that rows of any length are answered
/// at once.
pub trait CoinRules: Send + Sync + 'static {
    /// The spec, e.g. `ruler`.
    const NAME: &'static str;
    /// The game's name in sentences, e.g. "Turning Turtles".
    const TITLE: &'static str;
    /// The rules in a sentence or two, for people.
    const RULES: &'static str;
    /// How a move is typed, without an example (one is added).
    const MOVE_SYNTAX: &'static str;
    /// What clicking the coins does, for people.
    const CLICK_HELP: &'static str;
    /// What explanations call the values of single heads, a plural noun ("values").
    const HEAD_VALUES: &'static str;
    /// What those values are, said in parentheses after them ("counting from 1").
    const HEAD_VALUES_ARE: &'static str;

    /// Every move whose rightmost coin is the head at `head` (0-based), as the set of
    /// coins it turns, in the order moves are listed.
    fn turns(&self, head: usize) -> impl Iterator<Item = Turn> + '_;

    /// Whether a move may turn the coins of `turn` (its rightmost coin a head, which
    /// the caller checks).
    fn allows(&self, turn: &Turn) -> bool;

    /// How many moves the head at `head` has: the length of
    /// [`turns`](CoinRules::turns). Default: counted.
    fn turn_count(&self, head: usize) -> Nat {
        Nat::from(self.turns(head).count())
    }

    /// The value of a single head at `head` (0-based), where the rules know it in
    /// closed form. Default: none; the value is computed by the mex rule.
    fn head_value(&self, _head: usize) -> Option<u64> {
        None
    }

    /// The moves of the head at `head` whose coins' values (`values`) have the
    /// nim-sum `target`: the first `limit` in the order of
    /// [`turns`](CoinRules::turns), and how many there are. Default: every move of
    /// the head is looked at, each spending a unit of `budget`.
    fn turns_worth(
        &self,
        head: usize,
        target: u64,
        values: &CoinValues,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<Turn>, Nat), Exhausted> {
        let mut found = Vec::new();
        let mut count = 0u64;
        for turn in self.turns(head) {
            budget.spend(1)?;
            if values.of_turn(&turn) == target {
                count += 1;
                if found.len() < limit {
                    found.push(turn);
                }
            }
        }
        Ok((found, Nat::from(count)))
    }

    /// The coins a person clicks, in any order, to make the move `turn`. Default:
    /// every coin it turns, for moves of at most three coins (larger ones are typed).
    fn clicked_coins(&self, turn: &Turn) -> Vec<usize> {
        if turn.coin_count() <= 3 {
            turn.coins().collect()
        } else {
            Vec::new()
        }
    }
}

/// The coins a move turns (0-based), as ascending runs of consecutive coins, each as
/// long as it can be: two moves are equal when they turn the same coins. The last
/// coin is the head turned to tails.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    runs: Vec<Range<usize>>,
}

impl Turn {
    /// The move that turns `coins` (distinct, in any order; at least one).
    pub fn of_coins(coins: impl IntoIterator<Item = usize>) -> Turn {
        let mut coins: Vec<usize> = coins.into_iter().collect();
        coins.sort_unstable();
        Turn::of_runs(coins.into_iter().map(|c| c..c + 1).collect())
            .expect("distinct coins, at least one")
    }

    /// The move that turns the run of coins `first..=head`.
    pub fn run(first: usize, head: usize) -> Turn {
        Turn {
            runs: std::iter::once(first..head + 1).collect(),
        }
    }

    /// The move that turns the coins of `runs` (in any order), or `None` if they are
    /// none or overlap.
    fn of_runs(mut runs: Vec<Range<usize>>) -> Option<Turn> {
        runs.sort_unstable_by_key(|run| run.start);
        let mut merged: Vec<Range<usize>> = Vec::with_capacity(runs.len());
        for run in runs {
            match merged.last_mut() {
                Some(last) if run.start < last.end => return None,
                Some(last) if run.start == last.end => last.end = run.end,
                _ => merged.push(run),
            }
        }
        (!merged.is_empty()).then_some(Turn { runs: merged })
    }

    /// The head turned to tails: the rightmost coin turned.
    pub fn head(&self) -> usize {
        self.runs.last().expect("a move turns a coin").end - 1
    }

    /// The runs of consecutive coins turned, ascending.
    pub fn runs(&self) -> &[Range<usize>] {
        &self.runs
    }

    /// How many coins are turned.
    pub fn coin_count(&self) -> usize {
        self.runs.iter().map(ExactSizeIterator::len).sum()
    }

    /// The coins turned, ascending.
    pub fn coins(&self) -> impl Iterator<Item = usize> + '_ {
        self.runs.iter().flat_map(Clone::clone)
    }

    /// The coins turned as a bit mask (bit i for coin i), for moves within the first
    /// 64 coins.
    fn mask(&self) -> u64 {
        let below = |n: usize| u64::MAX.checked_shr(64 - n as u32).unwrap_or(0);
        self.runs
            .iter()
            .fold(0, |mask, run| mask | (below(run.end) & !below(run.start)))
    }
}

/// The values of single heads at the coins of a row, kept as running nim-sums so that
/// the nim-sum over any run of coins is one step.
#[derive(Clone, Debug)]
pub struct CoinValues {
    /// `prefix[i]`: the nim-sum of the values of coins 0 to i − 1.
    prefix: Vec<u64>,
}

impl CoinValues {
    /// The values of coins `0..len` under `rules`: in closed form where the rules know
    /// it, else by the mex rule, each move looked at spending a unit of `budget`, which
    /// holds a word for each coin.
    pub fn compute<R: CoinRules>(rules: &R, len: usize, budget: &Budget) -> Result<Self, Error> {
        let stopped = |exhausted| {
            Error::from_budget(
                exhausted,
                &format!("the values of single heads in {}", R::TITLE),
            )
        };
        budget.hold(len as u64 + 1).map_err(stopped)?;
        let mut values = CoinValues {
            prefix: Vec::with_capacity(len + 1),
        };
        values.prefix.push(0);
        for coin in 0..len {
            let value = match rules.head_value(coin) {
                Some(value) => value,
                None => values.mex(rules, coin, budget).map_err(stopped)?,
            };
            let last = *values.prefix.last().expect("the empty row's 0");
            values.prefix.push(last ^ value);
        }
        Ok(values)
    }

    /// The value of a single head at `coin` by the mex rule, from the values of the
    /// coins to its left (those known so far).
    fn mex<R: CoinRules>(&self, rules: &R, coin: usize, budget: &Budget) -> Result<u64, Exhausted> {
        let mut options = Vec::new();
        for turn in rules.turns(coin) {
            budget.spend(1)?;
            // The nim-sum of the other coins turned: every run, the last one short of
            // the head.
            let others = turn.runs.iter().fold(0, |x, run| {
                x ^ self.prefix[run.start] ^ self.prefix[run.end.min(coin)]
            });
            options.push(others);
        }
        options.sort_unstable();
        options.dedup();
        // Sorted and distinct: the mex is the first place where an option is not its
        // index, or past them all.
        let mex = (0u64..)
            .zip(&options)
            .find(|&(m, &option)| option != m)
            .map_or(options.len() as u64, |(m, _)| m);
        Ok(mex)
    }

    /// The value of a single head at `coin`.
    pub fn of(&self, coin: usize) -> u64 {
        self.prefix[coin] ^ self.prefix[coin + 1]
    }

    /// The nim-sum of the values of the coins `turn` turns: how much the move changes
    /// a row's value.
    pub fn of_turn(&self, turn: &Turn) -> u64 {
        turn.runs.iter().fold(0, |x, run| {
            x ^ self.prefix[run.start] ^ self.prefix[run.end]
        })
    }
}

/// The coin-turning game of rules `R`: a row of coins, `true` for heads, coin 1 first.
#[derive(Clone, Copy, Debug, Default)]
pub struct CoinRow<R>(pub R);

impl<R: CoinRules> CoinRow<R> {
    /// The values of the coins up to the last head of `coins`, within `budget`.
    fn values(&self, coins: &[bool], budget: &Budget) -> Result<CoinValues, Error> {
        let len = coins.iter().rposition(|&h| h).map_or(0, |i| i + 1);
        CoinValues::compute(&self.0, len, budget)
    }

    /// The moves of `coins` whose coins' values have the nim-sum `target` (those that
    /// change the row's value by `target`), heads left to right: the first `limit`,
    /// and how many there are.
    fn turns_worth(
        &self,
        coins: &[bool],
        values: &CoinValues,
        target: u64,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<Turn>, Nat), Error> {
        let mut found = Vec::new();
        let mut count = Nat::ZERO;
        for head in (0..coins.len()).filter(|&j| coins[j]) {
            let (turns, more) = self
                .0
                .turns_worth(head, target, values, limit - found.len(), budget)
                .map_err(|exhausted| {
                    Error::from_budget(exhausted, &format!("the moves of {}", R::TITLE))
                })?;
            found.extend(turns);
            count += more;
        }
        Ok((found, count))
    }

    /// Misère play by exhaustive search, for rows whose last head is within
    /// [`MISERE_COIN_SEARCH`] coins.
    fn misere_by_search(
        &self,
        coins: &Vec<bool>,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<Turn>, Error> {
        self.misere_searchable(coins)?;
        let values = self.values(coins, budget)?;
        let grundy = (0..coins.len())
            .filter(|&j| coins[j])
            .fold(0, |x, j| x ^ values.of(j));
        let encode = |coins: &Vec<bool>| coin_mask(coins).expect("rows of a few coins");
        misere_by_search(
            self,
            &CoinMask::new(&self.0, encode(coins)),
            encode,
            coins,
            max_moves,
            Some(Nat::from(grundy)),
            "misère coin turning does not follow the nim-sum, so every position reachable \
             from here was searched"
                .to_string(),
            budget,
        )
    }
}

impl<R: CoinRules> CoinRow<R> {
    /// An error naming [`MISERE_COIN_SEARCH`] unless misère play of `coins` is
    /// searched.
    fn misere_searchable(&self, coins: &Vec<bool>) -> Result<(), Error> {
        let limit = MISERE_COIN_SEARCH;
        let length = self.canonical(coins).len();
        if length > limit.get() {
            return Err(limit.exceeded(
                Some(Nat::from(length)),
                format!(
                    "misère {} is solved by exhaustive search, for rows whose last head is \
                     at most coin {}; here it is coin {length}",
                    R::TITLE,
                    limit.value
                ),
            ));
        }
        Ok(())
    }
}

/// Each coin as "coin i (H → T)", or a run of three or more as "coins i to j".
fn describe_coins(coins: &[bool], run: Range<usize>) -> Vec<String> {
    if run.len() >= 3 {
        return vec![format!("coins {} to {}", run.start + 1, run.end)];
    }
    run.rev()
        .map(|i| {
            let flip = if coins[i] { "H → T" } else { "T → H" };
            format!("coin {} ({flip})", i + 1)
        })
        .collect()
}

impl<R: CoinRules> Notation for CoinRow<R> {
    fn spec(&self) -> String {
        R::NAME.to_string()
    }

    fn rules(&self) -> String {
        R::RULES.to_string()
    }

    fn position_syntax(&self) -> String {
        "a row of coins written H (heads) and T (tails), e.g. \"THHTH\"".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Vec<bool>, InputError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(InputError::missing("position", self.position_syntax()));
        }
        text.chars()
            .enumerate()
            .map(|(i, c)| match c {
                'H' => Ok(true),
                'T' => Ok(false),
                _ => Err(InputError::invalid(
                    format!("coin {}", i + 1),
                    &c.to_string(),
                    "H (heads) or T (tails)",
                )),
            })
            .collect()
    }

    fn format_position(&self, coins: &Vec<bool>) -> String {
        coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
    }

    /// The coins that differ, if the rightmost goes from heads to tails and the rules
    /// allow turning them together.
    fn move_to(&self, from: &Vec<bool>, to: &Vec<bool>) -> Option<Turn> {
        if from.len() != to.len() {
            return None;
        }
        let turn = Turn::of_runs(runs_where(from.len(), |i| from[i] != to[i]))?;
        (from[turn.head()] && self.0.allows(&turn)).then_some(turn)
    }

    /// The head first, then the other coins from right to left: "turn coin 5 (H → T)
    /// and coin 2 (H → T)".
    fn describe_move(&self, coins: &Vec<bool>, turn: &Turn) -> String {
        let head = turn.head();
        let mut parts = vec![format!("turn coin {} (H → T)", head + 1)];
        for run in turn.runs.iter().rev() {
            parts.extend(describe_coins(coins, run.start..run.end.min(head)));
        }
        match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => parts.join(""),
        }
    }

    /// The coins turned, in any order: numbers, and runs written `3-7`.
    fn parse_move(&self, coins: &Vec<bool>, text: &str) -> Result<Turn, InputError> {
        let coin = |word: &str| {
            parse_bounded(word, "coin number", 1, coins.len() as u64).map(|i| i as usize - 1)
        };
        let runs = tokens(text)
            .map(|word| match word.split_once('-') {
                Some((first, last)) => {
                    let (first, last) = (coin(first)?, coin(last)?);
                    Ok(first.min(last)..first.max(last) + 1)
                }
                None => coin(word).map(|c| c..c + 1),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let turn = Turn::of_runs(runs)
            .ok_or_else(|| InputError::invalid("move", text.trim(), self.move_syntax(coins)))?;
        if !coins[turn.head()] {
            return Err(InputError::invalid(
                "coin number",
                &(turn.head() + 1).to_string(),
                "a coin showing heads (the rightmost coin turned must go from H to T)",
            ));
        }
        if !self.0.allows(&turn) {
            return Err(InputError::invalid(
                "move",
                text.trim(),
                self.move_syntax(coins),
            ));
        }
        Ok(turn)
    }

    /// The coins turned, ascending; a run of three or more is written `3-7`.
    fn move_text(&self, _coins: &Vec<bool>, turn: &Turn) -> String {
        let words: Vec<String> = turn
            .runs
            .iter()
            .flat_map(|run| {
                if run.len() >= 3 {
                    vec![format!("{}-{}", run.start + 1, run.end)]
                } else {
                    run.clone().map(|c| (c + 1).to_string()).collect()
                }
            })
            .collect();
        words.join(" ")
    }

    fn move_syntax(&self, coins: &Vec<bool>) -> String {
        match self.legal_moves(coins, 1).0.first() {
            Some(turn) => format!(
                "{}; e.g. \"{}\"",
                R::MOVE_SYNTAX,
                self.move_text(coins, turn)
            ),
            None => "no move: every coin shows tails".to_string(),
        }
    }

    /// The coins the rules say are clicked, in every order, the head's orders first.
    fn clicks(&self, _coins: &Vec<bool>, turn: &Turn) -> Clicks {
        let mut clicked = self.0.clicked_coins(turn);
        clicked.sort_unstable_by(|a, b| b.cmp(a));
        permutations(&clicked)
            .into_iter()
            .map(|order| order.into_iter().map(|c| Spot::Coin(c + 1)).collect())
            .collect()
    }

    fn click_help(&self) -> String {
        R::CLICK_HELP.to_string()
    }

    fn board(&self, coins: &Vec<bool>) -> Board {
        Board::Coins {
            coins: coins.clone(),
        }
    }
}

/// The maximal runs of `0..len` where `inside` holds.
fn runs_where(len: usize, inside: impl Fn(usize) -> bool) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    for i in (0..len).filter(|&i| inside(i)) {
        match runs.last_mut() {
            Some(run) if run.end == i => run.end += 1,
            _ => runs.push(i..i + 1),
        }
    }
    runs
}

/// Every order of `items` (a few), starting with the order given.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    (0..items.len())
        .flat_map(|first| {
            let rest: Vec<usize> = items
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != first)
                .map(|(_, &item)| item)
                .collect();
            permutations(&rest).into_iter().map(move |mut order| {
                order.insert(0, items[first]);
                order
            })
        })
        .collect()
}

impl<R: CoinRules> Strategy for CoinRow<R> {
    /// 6 to 12 coins, each heads or tails at random, the last one heads.
    fn random_start(&self, seed: u64) -> Option<Vec<bool>> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut coins: Vec<bool> = (0..rng.random_range(6..=12))
            .map(|_| rng.random_bool(0.5))
            .collect();
        if let Some(last) = coins.last_mut() {
            *last = true;
        }
        Some(coins)
    }

    /// Normal play by the coin-turning theorem: the nim-sum x of the heads' values; a
    /// move wins when the values of the coins it turns have the nim-sum x.
    fn analyze(
        &self,
        coins: &Vec<bool>,
        convention: Convention,
        max_moves: usize,
        budget: &Budget,
    ) -> Result<Analysis<Turn>, Error> {
        if convention == Convention::Misere {
            return self.misere_by_search(coins, max_moves, budget);
        }
        let values = self.values(coins, budget)?;
        let heads = (0..coins.len()).filter(|&j| coins[j]);
        let x = heads.clone().fold(0, |x, j| x ^ values.of(j));
        let mut winning = WinningMoves::new(max_moves);
        if x != 0 {
            let (found, count) = self.turns_worth(coins, &values, x, winning.room(), budget)?;
            winning.add_count(count);
            for turn in found {
                winning.keep(turn, "leaves a nim-sum of 0", |turn| {
                    self.describe_move(coins, turn)
                });
            }
        }
        const LISTED: usize = 8;
        let explanation = match heads.clone().take(LISTED + 1).count() {
            0 => "no heads: no move is possible".to_string(),
            1..=LISTED => {
                let listed: Vec<String> = heads.map(|j| values.of(j).to_string()).collect();
                format!(
                    "nim-sum of the heads' {} ({}): {} = {x}",
                    R::HEAD_VALUES,
                    R::HEAD_VALUES_ARE,
                    listed.join(" ⊕ ")
                )
            }
            _ => format!(
                "nim-sum of the {} of the {} heads ({}) = {x}",
                R::HEAD_VALUES,
                heads.count(),
                R::HEAD_VALUES_ARE
            ),
        };
        let outcome = Outcome::from_mover_wins(x != 0);
        Ok(winning.into_analysis(convention, outcome, Some(Nat::from(x)), explanation))
    }

    fn move_count(&self, coins: &Vec<bool>) -> Nat {
        (0..coins.len())
            .filter(|&j| coins[j])
            .fold(Nat::ZERO, |count, j| count + self.0.turn_count(j))
    }

    /// The moves that change the row's value by its value ⊕ `target`.
    fn moves_with_value(
        &self,
        coins: &Vec<bool>,
        target: &Nat,
        limit: usize,
        budget: &Budget,
    ) -> Result<(Vec<Turn>, Nat), Error> {
        let values = self.values(coins, budget)?;
        let x = (0..coins.len())
            .filter(|&j| coins[j])
            .fold(0, |x, j| x ^ values.of(j));
        match crate::num::to_u64(target) {
            Some(target) => self.turns_worth(coins, &values, x ^ target, limit, budget),
            // No move changes the value by more than 64 bits.
            None => Ok((Vec::new(), Nat::ZERO)),
        }
    }

    /// In normal play each move's value is the row's changed by the coins it turns;
    /// in misère play one search, as bit masks, finds every move's outcome.
    fn move_values(
        &self,
        coins: &Vec<bool>,
        moves: Vec<Turn>,
        convention: Convention,
        budget: &Budget,
    ) -> Result<Vec<MoveValue<Turn>>, Error> {
        if convention == Convention::Misere {
            self.misere_searchable(coins)?;
        }
        let values = self.values(coins, budget)?;
        let x = (0..coins.len())
            .filter(|&j| coins[j])
            .fold(0, |x, j| x ^ values.of(j));
        let encode = |coins: &Vec<bool>| coin_mask(coins).expect("rows of a few coins");
        let search = CoinMask::new(&self.0, coin_mask(coins).unwrap_or(0));
        let mut outcomes = WinLoss::with_budget(&search, Convention::Misere, budget);
        let what = format!("the misère search of {}", R::NAME);
        moves
            .into_iter()
            .map(|turn| {
                let value = x ^ values.of_turn(&turn);
                let after = match convention {
                    Convention::Normal => Outcome::from_mover_wins(value != 0),
                    Convention::Misere => outcomes
                        .outcome(&encode(&self.apply(coins, &turn)))
                        .map_err(|e| e.into_error(&what))?,
                };
                Ok(MoveValue {
                    play: turn,
                    after,
                    grundy: Some(Nat::from(value)),
                    remoteness: None,
                })
            })
            .collect()
    }

    /// Rows whose last head is among the first 64 coins are searched as bit masks.
    fn search_after(
        &self,
        coins: &Vec<bool>,
        moves: &[Turn],
        convention: Convention,
        budget: &Budget,
    ) -> Option<Vec<Solved>> {
        let search = CoinMask::new(&self.0, coin_mask(coins)?);
        let encode = |coins: &Vec<bool>| coin_mask(coins).expect("rows of a few coins");
        search_after(self, &search, encode, coins, moves, convention, budget)
    }
}

/// The rules for the brute-force searches: every position as a whole (no
/// decomposition), with trailing tails dropped so equal games share a memo entry.
impl<R: CoinRules> Game for CoinRow<R> {
    type Position = Vec<bool>;
    type Move = Turn;

    fn size(&self, position: &Vec<bool>) -> usize {
        position.len() / 64 + 1
    }

    fn apply(&self, coins: &Vec<bool>, turn: &Turn) -> Vec<bool> {
        let mut to = coins.clone();
        for coin in turn.coins() {
            to[coin] = !to[coin];
        }
        to
    }

    /// Heads left to right, each head's moves in the rules' order.
    fn legal_moves(&self, coins: &Vec<bool>, limit: usize) -> (Vec<Turn>, bool) {
        let mut moves: Vec<Turn> = (0..coins.len())
            .filter(|&j| coins[j])
            .flat_map(|head| self.0.turns(head))
            .take(limit.saturating_add(1))
            .collect();
        let complete = moves.len() <= limit;
        moves.truncate(limit);
        (moves, complete)
    }

    fn canonical(&self, coins: &Vec<bool>) -> Vec<bool> {
        let end = coins.iter().rposition(|&h| h).map_or(0, |i| i + 1);
        coins[..end].to_vec()
    }
}

/// A row whose heads are all among its first 64 coins, as a bit mask (bit i set when
/// coin i + 1 shows heads): the compact form searches use. Trailing tails do not
/// change the game, and they vanish here.
fn coin_mask(coins: &[bool]) -> Option<u64> {
    let mut mask = 0u64;
    for (i, _) in coins.iter().enumerate().filter(|(_, head)| **head) {
        mask |= 1u64.checked_shl(u32::try_from(i).ok()?)?;
    }
    Some(mask)
}

/// A coin-turning game over [`coin_mask`]s, for fast brute-force searches of short
/// rows: a move is the mask of the coins it turns, listed for each head once.
struct CoinMask {
    /// `turns[j]`: the moves of a head at coin j, in the rules' order.
    turns: Vec<Vec<u64>>,
}

impl CoinMask {
    /// The game of the rows reachable from `start`, whose heads are its own or to
    /// their left.
    fn new<R: CoinRules>(rules: &R, start: u64) -> Self {
        let len = 64 - start.leading_zeros() as usize;
        CoinMask {
            turns: (0..len)
                .map(|head| rules.turns(head).map(|turn| turn.mask()).collect())
                .collect(),
        }
    }
}

impl Game for CoinMask {
    type Position = u64;
    type Move = u64;

    fn legal_moves(&self, mask: &u64, limit: usize) -> (Vec<u64>, bool) {
        let mut moves = Vec::new();
        let complete = self.legal_moves_into(mask, limit, &mut moves);
        (moves, complete)
    }

    fn legal_moves_into(&self, mask: &u64, limit: usize, moves: &mut Vec<u64>) -> bool {
        moves.clear();
        for head in (0..self.turns.len()).filter(|&j| mask >> j & 1 == 1) {
            for &turn in &self.turns[head] {
                if moves.len() == limit {
                    return false;
                }
                moves.push(turn);
            }
        }
        true
    }

    fn apply(&self, mask: &u64, turned: &u64) -> u64 {
        mask ^ turned
    }
}

/// Checks of a family's rules against brute force, for the families' tests.
#[cfg(test)]
pub(crate) mod brute_force {
    use super::*;
    use crate::solve::search::{GrundyEngine, Oracle};

    /// Every row of 1 to `n` coins.
    pub fn rows(n: usize) -> impl Iterator<Item = Vec<bool>> {
        (1..=n).flat_map(|n| {
            (0..1u32 << n).map(move |bits| (0..n).map(|i| bits >> i & 1 == 1).collect())
        })
    }

    /// The rules `R` without their closed forms: values by the mex rule, moves of a
    /// value and counts of moves by looking at every move.
    #[derive(Clone, Copy, Debug)]
    pub struct ByMex<R>(pub R);

    impl<R: CoinRules> CoinRules for ByMex<R> {
        const NAME: &'static str = R::NAME;
        const TITLE: &'static str = R::TITLE;
        const RULES: &'static str = R::RULES;
        const MOVE_SYNTAX: &'static str = R::MOVE_SYNTAX;
        const CLICK_HELP: &'static str = R::CLICK_HELP;
        const HEAD_VALUES: &'static str = R::HEAD_VALUES;
        const HEAD_VALUES_ARE: &'static str = R::HEAD_VALUES_ARE;

        fn turns(&self, head: usize) -> impl Iterator<Item = Turn> + '_ {
            self.0.turns(head)
        }

        fn allows(&self, turn: &Turn) -> bool {
            self.0.allows(turn)
        }
    }

    /// The closed forms of `rules` agree with the mex rule and with looking at every
    /// move: the values of single heads at the first `coins` coins, how many moves
    /// each head has, and which of them change a row's value by each `target` below
    /// 64; each move turns its head and is allowed, and the rules allow no other set
    /// of coins of the first 8.
    pub fn check_closed_forms<R: CoinRules + Copy>(rules: R, coins: usize) {
        let budget = Budget::unlimited();
        let values = CoinValues::compute(&rules, coins, &budget).unwrap();
        let by_mex = CoinValues::compute(&ByMex(rules), coins, &budget).unwrap();
        let listed = |v: &CoinValues| (0..coins).map(|i| v.of(i)).collect::<Vec<_>>();
        assert_eq!(listed(&values), listed(&by_mex), "values of single heads");
        for head in 0..coins.min(40) {
            let turns: Vec<Turn> = rules.turns(head).collect();
            assert_eq!(
                rules.turn_count(head),
                Nat::from(turns.len()),
                "head {head}"
            );
            assert!(turns.iter().all(|t| t.head() == head && rules.allows(t)));
            for target in 0..64 {
                let fast = rules.turns_worth(head, target, &values, usize::MAX, &budget);
                let slow = ByMex(rules).turns_worth(head, target, &values, usize::MAX, &budget);
                assert_eq!(fast, slow, "moves of head {head} worth {target}");
            }
        }
        // Every set of the first 8 coins is allowed exactly when a move turns it.
        for head in 0..8 {
            let turns: Vec<Turn> = rules.turns(head).collect();
            for others in 0..1u32 << head {
                let turn = Turn::of_coins((0..head).filter(|i| others >> i & 1 == 1).chain([head]));
                assert_eq!(rules.allows(&turn), turns.contains(&turn), "{turn:?}");
            }
        }
    }

    /// On every row of up to `normal` coins in normal play, and of up to `misere`
    /// coins in misère play, the analysis agrees with brute force over whole rows (no
    /// coin-turning theorem): the Grundy value, the outcome, and every winning move.
    pub fn check_rows<R: CoinRules>(rules: R, normal: usize, misere: usize) {
        let game = CoinRow(rules);
        let mut engine = GrundyEngine::new(&game);
        for (convention, n) in [(Convention::Normal, normal), (Convention::Misere, misere)] {
            let mut oracle = Oracle::new(&game, convention);
            for coins in rows(n) {
                let analysis = game
                    .analyze(&coins, convention, usize::MAX, &Budget::unlimited())
                    .unwrap();
                assert_eq!(
                    analysis.grundy,
                    Some(Nat::from(engine.grundy(&coins).unwrap())),
                    "Grundy value of {coins:?}"
                );
                assert_eq!(
                    analysis.outcome,
                    oracle.outcome(&coins).unwrap(),
                    "{convention:?} {coins:?}"
                );
                let mut listed: Vec<Vec<bool>> = analysis
                    .winning_moves
                    .iter()
                    .map(|m| game.apply(&coins, &m.play))
                    .collect();
                let mut winning: Vec<Vec<bool>> = game
                    .moves(&coins)
                    .into_iter()
                    .filter(|m| oracle.outcome(m).unwrap() == Outcome::P)
                    .collect();
                listed.sort();
                winning.sort();
                assert_eq!(
                    listed, winning,
                    "{convention:?} winning moves from {coins:?}"
                );
                assert_eq!(analysis.winning_move_count, Nat::from(winning.len()));
            }
        }
    }
}
