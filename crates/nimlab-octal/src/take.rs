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
/// `u64`, `usize`, `u128` or a big integer. Implemented for every type whose references
/// add, subtract, multiply, divide and take remainders (so big integers are not
/// cloned to compute with them).
pub trait Tokens: Clone + Ord {
    /// `count` tokens. Counts here are removals (at most a few thousand) and small
    /// constants, which every type worth a heap holds; any other count panics.
    fn of(count: usize) -> Self;
    /// self + other.
    fn plus(&self, other: &Self) -> Self;
    /// self − other, for other ≤ self.
    fn minus(&self, other: &Self) -> Self;
    /// self · other.
    fn times(&self, other: &Self) -> Self;
    /// ⌊self / other⌋, for other ≠ 0.
    fn over(&self, other: &Self) -> Self;
    /// self mod other, for other ≠ 0.
    fn modulo(&self, other: &Self) -> Self;
}

impl<T> Tokens for T
where
    T: Clone + Ord + TryFrom<usize>,
    for<'a> &'a T: Add<&'a T, Output = T>
        + Sub<&'a T, Output = T>
        + Mul<&'a T, Output = T>
        + Div<&'a T, Output = T>
        + Rem<&'a T, Output = T>,
{
    fn of(count: usize) -> T {
        T::try_from(count).unwrap_or_else(|_| panic!("{count} does not fit the heap's type"))
    }

    fn plus(&self, other: &T) -> T {
        self + other
    }

    fn minus(&self, other: &T) -> T {
        self - other
    }

    fn times(&self, other: &T) -> T {
        self * other
    }

    fn over(&self, other: &T) -> T {
        self / other
    }

    fn modulo(&self, other: &T) -> T {
        self % other
    }
}

/// The splits of `rest` tokens into two non-empty heaps [x, rest − x] with x ≤ rest − x
/// and x in the progression first, first + step, … (`first` ≥ 1; none when `step` is
/// 0), in increasing x. With first = step = 1: every split of `rest` in two.
pub fn pairs<T: Tokens>(rest: T, first: T, step: T) -> Pairs<T> {
    let half = rest.over(&T::of(2));
    let next = (step != T::of(0) && first <= half).then_some(first);
    Pairs {
        next,
        half,
        rest,
        step,
    }
}

/// The iterator of [`pairs`].
#[derive(Clone, Debug)]
pub struct Pairs<T> {
    /// The next x, if there is one.
    next: Option<T>,
    /// ⌊rest/2⌋, the largest x.
    half: T,
    rest: T,
    step: T,
}

impl<T: Tokens> Iterator for Pairs<T> {
    type Item = [T; 2];

    fn next(&mut self) -> Option<[T; 2]> {
        let x = self.next.take()?;
        let following = x.plus(&self.step);
        if following <= self.half {
            self.next = Some(following);
        }
        let other = self.rest.minus(&x);
        Some([x, other])
    }
}

/// How many splits [`pairs`] lists: the x = first, first + step, … with x ≤ rest − x.
/// With first = step = 1 this is ⌊rest/2⌋, the number of ways to split `rest` tokens
/// into two non-empty heaps (unordered).
pub fn pair_count<T: Tokens>(rest: T, first: T, step: T) -> T {
    let half = rest.over(&T::of(2));
    if step == T::of(0) || half < first {
        T::of(0)
    } else {
        half.minus(&first).over(&step).plus(&T::of(1))
    }
}

/// The splits of `rest` tokens into three non-empty heaps [x, y, rest − x − y] with
/// x ≤ y ≤ rest − x − y, x in the progression first, first + step, … and y ≡ second
/// (mod step) (`first` ≥ 1; none when `step` is 0), in increasing (x, y). With
/// first = second = step = 1: every split of `rest` in three.
pub fn triples<T: Tokens>(rest: T, first: T, second: T, step: T) -> Triples<T> {
    let mut triples = Triples {
        x: first,
        y: None,
        max_x: rest.over(&T::of(3)),
        rest_of_x: T::of(0),
        max_y: T::of(0),
        rest,
        second,
        step,
    };
    if triples.step != T::of(0) {
        triples.y = triples.first_y();
    }
    triples
}

/// The iterator of [`triples`].
#[derive(Clone, Debug)]
pub struct Triples<T> {
    x: T,
    /// The next y for this x, or none when the splits are over.
    y: Option<T>,
    /// ⌊rest/3⌋, the largest x.
    max_x: T,
    /// rest − x, for y and z.
    rest_of_x: T,
    /// ⌊(rest − x)/2⌋, the largest y for this x.
    max_y: T,
    rest: T,
    second: T,
    step: T,
}

impl<T: Tokens> Triples<T> {
    /// The least y ≥ x with y ≡ second (mod step), with the bounds for this x; none
    /// when x is too large to be the smallest heap.
    fn first_y(&mut self) -> Option<T> {
        if self.x > self.max_x {
            return None;
        }
        self.rest_of_x = self.rest.minus(&self.x);
        self.max_y = self.rest_of_x.over(&T::of(2));
        let step = &self.step;
        let offset = self
            .second
            .modulo(step)
            .plus(step)
            .minus(&self.x.modulo(step));
        Some(self.x.plus(&offset.modulo(step)))
    }
}

impl<T: Tokens> Iterator for Triples<T> {
    type Item = [T; 3];

    fn next(&mut self) -> Option<[T; 3]> {
        loop {
            let y = self.y.take()?;
            if y <= self.max_y {
                let z = self.rest_of_x.minus(&y);
                self.y = Some(y.plus(&self.step));
                return Some([self.x.clone(), y, z]);
            }
            self.x = self.x.plus(&self.step);
            self.y = self.first_y();
        }
    }
}

/// How many ways `rest` tokens split into three non-empty heaps (unordered): the
/// nearest integer to rest²/12.
fn triple_count<T: Tokens>(rest: &T) -> T {
    rest.times(rest).plus(&T::of(6)).over(&T::of(12))
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
    fn rest<T: Tokens>(self, n: &T) -> Option<T> {
        let removed = T::of(self.removed);
        (*n >= removed).then(|| n.minus(&removed))
    }

    /// The options this take gives a heap of `n` tokens, each as the heaps it leaves,
    /// smallest first, in increasing order of that list. Lazy: a huge heap has more
    /// options than fit in memory.
    pub fn options<T: Tokens>(self, n: &T) -> TakeOptions<T> {
        let one = || T::of(1);
        TakeOptions(match (self.parts, self.rest(n)) {
            (0, Some(rest)) if rest == T::of(0) => Leaving::Single(Some(Vec::new())),
            (1, Some(rest)) if rest > T::of(0) => Leaving::Single(Some(vec![rest])),
            (2, Some(rest)) => Leaving::Two(pairs(rest, one(), one())),
            (3, Some(rest)) => Leaving::Three(Box::new(triples(rest, one(), one(), one()))),
            _ => Leaving::Single(None),
        })
    }

    /// How many options this take gives a heap of `n` tokens ([`Take::options`]).
    pub fn count<T: Tokens>(self, n: &T) -> T {
        let (zero, one) = (T::of(0), T::of(1));
        match (self.parts, self.rest(n)) {
            (0, Some(rest)) if rest == zero => one,
            (1, Some(rest)) if rest > zero => one,
            (2, Some(rest)) => pair_count(rest, one.clone(), one),
            (3, Some(rest)) => triple_count(&rest),
            _ => zero,
        }
    }
}

/// The iterator of [`Take::options`].
#[derive(Clone, Debug)]
pub struct TakeOptions<T>(Leaving<T>);

/// The options of one take, by the number of heaps they leave.
#[derive(Clone, Debug)]
enum Leaving<T> {
    /// No heap or one heap: a single option, or none.
    Single(Option<Vec<T>>),
    Two(Pairs<T>),
    /// Boxed: the larger state would make every option of other takes move it too.
    Three(Box<Triples<T>>),
}

impl<T: Tokens> Iterator for TakeOptions<T> {
    type Item = Vec<T>;

    fn next(&mut self) -> Option<Vec<T>> {
        match &mut self.0 {
            Leaving::Single(option) => option.take(),
            Leaving::Two(pairs) => pairs.next().map(Vec::from),
            Leaving::Three(triples) => triples.next().map(Vec::from),
        }
    }

    /// One loop over the take's splits, rather than a choice of kind at every option.
    fn fold<B, F: FnMut(B, Vec<T>) -> B>(self, init: B, f: F) -> B {
        match self.0 {
            Leaving::Single(option) => option.into_iter().fold(init, f),
            Leaving::Two(pairs) => pairs.map(Vec::from).fold(init, f),
            Leaving::Three(triples) => triples.map(Vec::from).fold(init, f),
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
        let options = |t: Take, n: u64| t.options(&n).collect::<Vec<_>>();
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
                assert_eq!(t.count(&n), options(t, n).len() as u64, "{t:?} {n}");
                assert_eq!(t.count(&(n as usize)), t.options(&(n as usize)).count());
            }
        }
    }
}
