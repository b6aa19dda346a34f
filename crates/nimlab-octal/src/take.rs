//! The moves of take-and-break games, one kind at a time, for heaps of any size.
//!
//! A [`Take`] removes some tokens from one heap and leaves the rest as 0, 1, 2 or 3
//! non-empty heaps, in every possible way. A code's digits say which takes it allows
//! ([`Code::takes`](crate::Code::takes)); everything else is derived here once: the
//! options a take gives a heap ([`Take::options`]), how many ([`Take::count`]), and the
//! splits of a heap into two or three parts that underlie both ([`pairs`], [`triples`],
//! [`pair_count`]).
//!
//! Every function is generic over the integer type of a heap ([`Tokens`]): `u64` and
//! `usize` in the engines, a big integer (malachite's `Natural` in nimlab-core) for
//! heaps of any size.

use std::ops::{Add, Div, Mul, Rem, Sub};

/// A number of tokens: any unsigned integer type with the usual arithmetic, such as
/// `u64`, `usize`, `u128` or a big integer. Implemented for every type with these
/// operations; subtraction is only ever asked for when it cannot go below zero.
pub trait Tokens:
    Clone
    + Ord
    + TryFrom<usize>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Rem<Output = Self>
{
}

impl<T> Tokens for T where
    T: Clone
        + Ord
        + TryFrom<usize>
        + Add<Output = T>
        + Sub<Output = T>
        + Mul<Output = T>
        + Div<Output = T>
        + Rem<Output = T>
{
}

/// `count` as a number of tokens. Counts here are removals (at most a few thousand) and
/// small constants, which every type worth a heap holds.
pub(crate) fn tokens<T: Tokens>(count: usize) -> T {
    T::try_from(count).unwrap_or_else(|_| panic!("{count} does not fit the heap's type"))
}

/// first, first + step, first + 2·step, … (nothing when step is 0).
fn progression<T: Tokens>(first: T, step: T) -> impl Iterator<Item = T> {
    let first = (step != tokens(0)).then_some(first);
    std::iter::successors(first, move |x| Some(x.clone() + step.clone()))
}

/// The splits of `rest` tokens into two non-empty heaps [x, rest − x] with x ≤ rest − x
/// and x in the progression first, first + step, … (`first` ≥ 1; none when `step` is
/// 0), in increasing x. With first = step = 1: every split of `rest` in two.
pub fn pairs<T: Tokens>(rest: T, first: T, step: T) -> impl Iterator<Item = [T; 2]> {
    let bound = rest.clone();
    progression(first, step)
        .take_while(move |x| x.clone() + x.clone() <= bound)
        .map(move |x| [x.clone(), rest.clone() - x])
}

/// How many splits [`pairs`] lists: the x = first, first + step, … with x ≤ rest − x.
/// With first = step = 1 this is ⌊rest/2⌋, the number of ways to split `rest` tokens
/// into two non-empty heaps (unordered).
pub fn pair_count<T: Tokens>(rest: T, first: T, step: T) -> T {
    let zero = tokens(0);
    let half = rest / tokens(2);
    if step == zero || half < first {
        zero
    } else {
        (half - first) / step + tokens(1)
    }
}

/// The splits of `rest` tokens into three non-empty heaps [x, y, rest − x − y] with
/// x ≤ y ≤ rest − x − y, x in the progression first, first + step, … and y ≡ second
/// (mod step) (`first` ≥ 1; none when `step` is 0), in increasing (x, y). With
/// first = second = step = 1: every split of `rest` in three.
pub fn triples<T: Tokens>(rest: T, first: T, second: T, step: T) -> impl Iterator<Item = [T; 3]> {
    let bound = rest.clone();
    progression(first, step.clone())
        .take_while(move |x| x.clone() + x.clone() + x.clone() <= bound)
        .flat_map(move |x| {
            // The least y ≥ x with y ≡ second (mod step).
            let offset = (second.clone() % step.clone() + step.clone() - x.clone() % step.clone())
                % step.clone();
            let (rest, rest_of_y) = (rest.clone(), rest.clone() - x.clone());
            let y_first = x.clone() + offset;
            progression(y_first, step.clone())
                .take_while(move |y| y.clone() + y.clone() <= rest_of_y)
                .map(move |y| {
                    let z = rest.clone() - x.clone() - y.clone();
                    [x.clone(), y, z]
                })
        })
}

/// How many ways `rest` tokens split into three non-empty heaps (unordered): the
/// nearest integer to rest²/12.
fn triple_count<T: Tokens>(rest: T) -> T {
    (rest.clone() * rest + tokens(6)) / tokens(12)
}

/// One kind of move: remove `removed` tokens from a heap and leave the rest as `parts`
/// non-empty heaps, in every possible way. `parts` is 0 (the heap had exactly
/// `removed` ≥ 1 tokens and is gone), 1, 2 or 3; a take of any other number of parts
/// has no option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Take {
    /// Tokens removed (0 for a pure split such as the leading `4.` of a code).
    pub removed: usize,
    /// Heaps left: 0, 1, 2 or 3.
    pub parts: usize,
}

impl Take {
    /// The tokens left of a heap of `n` after the removal, if it has that many.
    fn rest<T: Tokens>(self, n: T) -> Option<T> {
        let removed = tokens(self.removed);
        (n >= removed).then(|| n - removed)
    }

    /// The options this take gives a heap of `n` tokens, each as the heaps it leaves,
    /// smallest first, in increasing order of that list. Lazy: a huge heap has more
    /// options than fit in memory.
    pub fn options<T: Tokens>(self, n: T) -> impl Iterator<Item = Vec<T>> {
        let zero = tokens::<T>(0);
        let rest = self.rest(n);
        let leaving = |parts: usize| rest.clone().filter(|_| self.parts == parts);
        let none = leaving(0).filter(|r| *r == zero).map(|_| Vec::new());
        let one = leaving(1).filter(|r| *r > zero).map(|r| vec![r]);
        let two = leaving(2)
            .into_iter()
            .flat_map(|r| pairs(r, tokens(1), tokens(1)))
            .map(Vec::from);
        let three = leaving(3)
            .into_iter()
            .flat_map(|r| triples(r, tokens(1), tokens(1), tokens(1)))
            .map(Vec::from);
        none.into_iter().chain(one).chain(two).chain(three)
    }

    /// How many options this take gives a heap of `n` tokens ([`Take::options`]).
    pub fn count<T: Tokens>(self, n: T) -> T {
        let (zero, one) = (tokens::<T>(0), tokens::<T>(1));
        let Some(rest) = self.rest(n) else {
            return zero;
        };
        match self.parts {
            0 if rest == zero => one,
            1 if rest > zero => one,
            2 => pair_count(rest, one.clone(), one),
            3 => triple_count(rest),
            _ => zero,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two- and three-part splits in progressions, against nested loops over every
    /// candidate.
    #[test]
    fn splits_in_progressions_match_every_candidate() {
        for rest in 0..40u64 {
            for step in 0..5u64 {
                for first in 1..7u64 {
                    let in_class = |x: u64, class: u64| step > 0 && x % step == class % step;
                    let expected: Vec<[u64; 2]> = (first..=rest)
                        .filter(|&x| in_class(x, first) && 2 * x <= rest)
                        .map(|x| [x, rest - x])
                        .collect();
                    let listed: Vec<[u64; 2]> = pairs(rest, first, step).collect();
                    assert_eq!(listed, expected, "{rest} {first} {step}");
                    assert_eq!(pair_count(rest, first, step), expected.len() as u64);
                    for second in 1..7u64 {
                        let mut expected = Vec::new();
                        for x in (first..=rest).filter(|&x| in_class(x, first)) {
                            for y in (x..=rest).filter(|&y| in_class(y, second)) {
                                if x + 2 * y <= rest {
                                    expected.push([x, y, rest - x - y]);
                                }
                            }
                        }
                        let listed: Vec<[u64; 3]> = triples(rest, first, second, step).collect();
                        assert_eq!(listed, expected, "{rest} {first} {second} {step}");
                    }
                }
            }
        }
    }

    #[test]
    fn takes_list_and_count_their_options() {
        let take = |removed, parts| Take { removed, parts };
        let options = |t: Take, n: u64| t.options(n).collect::<Vec<_>>();
        assert_eq!(options(take(2, 0), 2), [vec![]]);
        assert!(options(take(2, 0), 3).is_empty());
        assert_eq!(options(take(1, 1), 3), [vec![2]]);
        assert!(options(take(1, 1), 1).is_empty());
        assert_eq!(options(take(1, 2), 5), [vec![1, 3], vec![2, 2]]);
        assert_eq!(
            options(take(0, 3), 7),
            [vec![1, 1, 5], vec![1, 2, 4], vec![1, 3, 3], vec![2, 2, 3]]
        );
        assert!(options(take(0, 4), 7).is_empty());
        for t in [0, 1, 2, 3, 4].map(|parts| take(2, parts)) {
            for n in 0..60u64 {
                assert_eq!(t.count(n), options(t, n).len() as u64, "{t:?} {n}");
                assert_eq!(t.count(n as usize), t.options(n as usize).count());
            }
        }
    }
}
