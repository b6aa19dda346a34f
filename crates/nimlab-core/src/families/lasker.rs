//! Lasker's Nim (E. Lasker, *Brettspiele der Völker*, 1931; Berlekamp, Conway & Guy,
//! *Winning Ways*, ch. 4): a move takes any positive number of tokens from one heap,
//! or splits one heap into two non-empty heaps without taking any.
//!
//! The Grundy values are arithmetic-periodic: g(0) = 0, and for k ≥ 0
//! g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3. The tests check
//! this against the definition (the mex over every option) for every heap up to 200,
//! and against the generic engine on whole positions. g maps each block
//! {4k+1, …, 4k+4} onto itself and is its own inverse, so the take that gives a
//! heap the value t leaves g(t) tokens.
//!
//! The splits n = a + b with g(a) XOR g(b) = t are counted and listed by arithmetic,
//! for heaps of any size (see [`splits_with_value`]): write g(a) = 4i + ρ with
//! ρ < 4, which depends only on a mod 4, and g(b) = 4j + ρ' alike. Then
//! g(a) XOR g(b) = 4(i XOR j) + (ρ XOR ρ'), and i + j is fixed by n and the residues;
//! the pairs with i + j = S and i XOR j = T are i = A | u, j = A | (T − u) for
//! A = (S − T)/2 (when A AND T = 0) and u any subset of the bits of T: 2^popcount(T)
//! of them, listed in increasing order of u.
//!
//! Heaps split, so misère play is not by the misère-Nim rule
//! ([`HeapValues::misere_is_tame`] is false) but by exhaustive search, for positions
//! of at most [`crate::limits::MISERE_HEAP_SEARCH`] tokens.

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::heap::{
    HeapOption, HeapOptions, HeapRules, HeapValues, describe_heaps, describe_take, parse_take,
};
use crate::num::{Nat, to_u64};
use crate::parse::parse_nat;
use crate::protocol::HeapSequence;
use crate::solve::period::Periodicity;
use crate::solve::table::table_of;
use malachite_base::num::arithmetic::traits::{ModPowerOf2, PowerOf2};
use malachite_base::num::basic::traits::{One, Zero};
use malachite_base::num::logic::traits::{BitScan, CountOnes};

use super::nim::amounts_up_to;

/// Lasker's Nim: take from a heap, or split it in two.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

/// n mod 4.
fn low_two(n: &Nat) -> u64 {
    to_u64(&n.mod_power_of_2(2)).expect("a residue below 4")
}

/// The Grundy value of a heap of `n` tokens, for `n` of any size: 0, then 4k+1, 4k+2,
/// 4k+4, 4k+3 for the heaps 4k+1, …, 4k+4. It is its own inverse.
pub fn lasker_value(n: &Nat) -> Nat {
    match low_two(n) {
        _ if *n == 0u32 => Nat::ZERO,
        1 | 2 => n.clone(),
        3 => n + Nat::ONE,
        _ => n - Nat::ONE,
    }
}

/// For a heap a ≡ r (mod 4), r in 1..=4, with a = 4i + r: g(a) = 4(i + δ) + ρ; this
/// is (ρ, δ).
fn split_residue(r: u64) -> (u64, u64) {
    match r {
        1 => (1, 0),
        2 => (2, 0),
        3 => (0, 1),
        _ => (3, 0),
    }
}

/// The residue r in 1..=4 of a heap a ≥ 1 with a ≡ `m` (mod 4).
fn residue_1_to_4(m: u64) -> u64 {
    (m + 3) % 4 + 1
}

/// The pairs (a, b) with a + b = n, a, b ≥ 1, a ≡ r (mod 4) and g(a) XOR g(b) = t, as
/// the arithmetic of the module docs gives them: i = A | u, j = A | (T − u) for every
/// subset u of the bits of T, skipping a pair whose i or j is below its δ (a heap of
/// 0 or less).
#[derive(Clone, Debug)]
struct SplitClass {
    r: u64,
    s: u64,
    delta_r: u64,
    delta_s: u64,
    and: Nat,
    xor: Nat,
}

impl SplitClass {
    /// The class of splits of `n` with a ≡ r (mod 4) whose value is `t`, if any.
    fn new(n: &Nat, t: &Nat, r: u64) -> Option<SplitClass> {
        let s = residue_1_to_4((low_two(n) + 8 - r) % 4);
        let (rho_r, delta_r) = split_residue(r);
        let (rho_s, delta_s) = split_residue(s);
        if rho_r ^ rho_s != low_two(t) || *n < r + s {
            return None;
        }
        let sum = (n - Nat::from(r + s)) / Nat::from(4u32) + Nat::from(delta_r + delta_s);
        let xor: Nat = t >> 2u32;
        if sum < xor {
            return None;
        }
        let twice_and = sum - &xor;
        if low_two(&twice_and) % 2 == 1 {
            return None;
        }
        let and: Nat = twice_and >> 1u32;
        if &and & &xor != 0u32 {
            return None;
        }
        Some(SplitClass {
            r,
            s,
            delta_r,
            delta_s,
            and,
            xor,
        })
    }

    /// How many ordered pairs (a, b) the class holds.
    fn count(&self) -> Nat {
        let mut count = Nat::power_of_2((&self.xor).count_ones());
        if self.and == 0u32 {
            let both = self.delta_r == 1 && self.delta_s == 1 && self.xor == 0u32;
            let bad = self.delta_r + self.delta_s - u64::from(both);
            count -= Nat::from(bad);
        }
        count
    }

    /// The pair of the u-th subset u of the bits of T (in increasing order of u), or
    /// `None` if it leaves an empty heap. `bits` are the positions of T's bits, lowest
    /// first, as far as `index` needs.
    fn pair(&self, index: u64, bits: &[u64]) -> Option<(Nat, Nat)> {
        let mut subset = Nat::ZERO;
        for (k, bit) in bits.iter().enumerate() {
            if index >> k & 1 == 1 {
                subset += Nat::power_of_2(*bit);
            }
        }
        let i = &self.and | &subset;
        let j = &self.and | (&self.xor - &subset);
        if i < self.delta_r || j < self.delta_s {
            return None;
        }
        let four = Nat::from(4u32);
        let a = (i - Nat::from(self.delta_r)) * &four + Nat::from(self.r);
        let b = (j - Nat::from(self.delta_s)) * four + Nat::from(self.s);
        Some((a, b))
    }

    /// The pairs with a ≤ b, in increasing a.
    fn pairs(self) -> impl Iterator<Item = (Nat, Nat)> {
        let ones = (&self.xor).count_ones();
        let mut bits = Vec::new();
        let mut index = 0u64;
        std::iter::from_fn(move || {
            loop {
                if ones < 64 && index >> ones != 0 || index == u64::MAX {
                    return None;
                }
                let needed = 64 - index.leading_zeros() as usize;
                while bits.len() < needed {
                    let from = bits.last().map_or(0, |b| b + 1);
                    let next = (&self.xor).index_of_next_true_bit(from)?;
                    bits.push(next);
                }
                let pair = self.pair(index, &bits);
                index += 1;
                match pair {
                    Some((a, b)) if a > b => return None,
                    Some(pair) => return Some(pair),
                    None => continue,
                }
            }
        })
    }
}

/// The splits of a heap of `n` into a ≤ b with g(a) XOR g(b) = `t`: the first `max`, in
/// increasing a, and how many there are in all, by arithmetic (see the module docs),
/// for heaps of any size.
pub fn splits_with_value(n: &Nat, t: &Nat, max: usize) -> HeapOptions {
    let classes: Vec<SplitClass> = (1..=4).filter_map(|r| SplitClass::new(n, t, r)).collect();
    let ordered = classes
        .iter()
        .fold(Nat::ZERO, |sum, class| sum + class.count());
    // The pair a = b = n/2 is the only one counted once among the ordered pairs.
    let halves = low_two(n) % 2 == 0 && *n != 0u32 && *t == 0u32;
    let count = (ordered + Nat::from(u32::from(halves))) >> 1u32;
    // Each class holds one residue of a mod 4, so merging them gives increasing a.
    let mut streams: Vec<_> = classes
        .into_iter()
        .map(|class| class.pairs().peekable())
        .collect();
    let mut listed = Vec::new();
    while listed.len() < max {
        let next = streams
            .iter_mut()
            .enumerate()
            .filter_map(|(k, stream)| stream.peek().map(|(a, _)| (k, a.clone())))
            .min_by(|x, y| x.1.cmp(&y.1));
        let Some((k, _)) = next else { break };
        let (a, b) = streams[k].next().expect("peeked");
        listed.push(vec![a, b]);
    }
    HeapOptions { listed, count }
}

impl HeapRules for Lasker {
    fn spec(&self) -> String {
        "lasker".to_string()
    }

    fn rules(&self) -> String {
        "Lasker's Nim: take any number of tokens (at least one) from a heap, or split a \
         heap into two non-empty heaps without taking any."
            .to_string()
    }

    fn removes_inside(&self) -> bool {
        false
    }

    fn click_help(&self) -> String {
        "Click a token to take it and every token after it in its heap, or a gap between \
         two tokens to split the heap there."
            .to_string()
    }

    /// Take 1, split off 1, take 2, split off 2, …: the smallest changes first.
    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        let mut options = Vec::new();
        let mut k = Nat::ONE;
        while options.len() < limit && k <= *n {
            options.push(vec![n - &k]);
            if options.len() < limit && &k + &k <= *n {
                options.push(vec![k.clone(), n - &k]);
            }
            k += Nat::ONE;
        }
        options
    }

    fn option_count(&self, n: &Nat) -> Nat {
        n + (n >> 1u32)
    }

    fn is_option(&self, n: &Nat, option: &[Nat]) -> bool {
        match option {
            [left] => left < n,
            [a, b] => *a != 0u32 && *b != 0u32 && &(a + b) == n,
            _ => false,
        }
    }

    fn option_syntax(&self, n: &Nat) -> String {
        let take = amounts_up_to(n);
        match to_u64(n) {
            Some(0) => take,
            Some(1) => format!("1 to take {take}"),
            _ => {
                let part = n - Nat::ONE;
                format!("{take} to take, or a split such as 1+{part}")
            }
        }
    }

    fn parse_option(&self, n: &Nat, text: &str) -> Result<HeapOption, InputError> {
        let compact: String = text.split_whitespace().collect();
        let Some((a, b)) = compact.split_once('+') else {
            if compact.is_empty() || !compact.bytes().all(|b| b.is_ascii_digit()) {
                let expected = format!("{} from a heap of {n}", self.option_syntax(n));
                return Err(InputError::invalid("move", text.trim(), expected));
            }
            return parse_take(self, n, text);
        };
        let option = vec![parse_nat(a, "heap size")?, parse_nat(b, "heap size")?];
        if !self.is_option(n, &option) {
            return Err(InputError::invalid(
                "split",
                &compact,
                format!("two non-empty heaps adding up to {n}"),
            ));
        }
        Ok(option)
    }

    fn option_text(&self, n: &Nat, option: &[Nat]) -> String {
        match option {
            [a, b] => format!("{a}+{b}"),
            _ => crate::heap::taken(n, option).to_string(),
        }
    }

    fn describe(&self, heap: Option<usize>, n: &Nat, option: &[Nat]) -> String {
        if option.len() == 2 {
            let heap = heap.map_or("the heap".to_string(), |heap| format!("heap {heap}"));
            return format!("split {heap} ({n} → {})", describe_heaps(option));
        }
        describe_take(heap, n, option)
    }

    fn values(&self) -> Option<&dyn HeapValues> {
        Some(self)
    }
}

impl HeapValues for Lasker {
    fn heap_value(&self, n: &Nat, _budget: &Budget) -> Result<Nat, Error> {
        Ok(lasker_value(n))
    }

    fn heap_options_with_value(
        &self,
        n: &Nat,
        target: &Nat,
        max: usize,
        _budget: &Budget,
    ) -> Result<HeapOptions, Error> {
        // The take: g is its own inverse.
        let left = lasker_value(target);
        let take = left < *n;
        let mut found = splits_with_value(n, target, max.saturating_sub(usize::from(take)));
        if take {
            found.count += Nat::ONE;
            if max > 0 {
                found.listed.insert(0, vec![left]);
            }
        }
        Ok(found)
    }

    /// Heaps split, so the misère-Nim rule is not available (see [`HeapRules`]).
    fn misere_is_tame(&self, _budget: &Budget) -> Result<bool, Error> {
        Ok(false)
    }

    fn sequence(&self) -> &dyn HeapSequence {
        self
    }
}

impl HeapSequence for Lasker {
    fn grundy_table(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>, Error> {
        let upto = u32::try_from(upto)
            .ok()
            .filter(|&upto| upto < u32::MAX)
            .ok_or_else(|| Error::Undefined("lasker tables stop at 2^32 - 2".to_string()))?;
        table_of(upto as usize, budget, |n| {
            let g = lasker_value(&Nat::from(n));
            u32::try_from(&g).expect("g(n) ≤ n + 1")
        })
    }

    fn periodicity(&self, _budget: &Budget) -> Result<Periodicity, Error> {
        Err(Error::Undefined(
            "lasker has no period: its values grow without bound (g(n + 4) = g(n) + 4 for \
             n ≥ 1, an arithmetic period of 4)"
                .to_string(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapSum;
    use crate::heap::testing::{check_against_brute_force, check_table_against_engine};
    use crate::protocol::{Notation, Strategy};
    use crate::rules::{Convention, Game, Outcome};

    fn game() -> HeapSum<Lasker> {
        HeapSum::new(Lasker)
    }

    /// g(0..len) by the definition: the mex over every take and every split.
    fn by_definition(len: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(len);
        for n in 0..len {
            let mut reached: Vec<u64> = g[..n].to_vec();
            reached.extend((1..=n / 2).map(|a| g[a] ^ g[n - a]));
            g.push((0..).find(|v| !reached.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn the_closed_form_is_the_mex_of_every_option_up_to_200() {
        let g = by_definition(201);
        for (n, &value) in g.iter().enumerate() {
            assert_eq!(lasker_value(&Nat::from(n)), value, "g({n})");
            // Its own inverse.
            assert_eq!(lasker_value(&Nat::from(value)), n as u64);
        }
        let table = Lasker.grundy_table(200, &Budget::unlimited()).unwrap();
        assert_eq!(table.iter().map(|&v| u64::from(v)).collect::<Vec<_>>(), g);
        assert_eq!(&table[..9], [0, 1, 2, 4, 3, 5, 6, 8, 7]);
    }

    #[test]
    fn table_matches_the_engine_up_to_18() {
        check_table_against_engine(&game(), 18);
    }

    #[test]
    fn sums_and_misere_match_brute_force_up_to_four_heaps_of_seven() {
        check_against_brute_force(&game(), 7, 4);
    }

    /// Every option of value t, by the definition: takes, then splits in increasing a.
    fn options_by_definition(n: u64, t: u64, g: &[u64]) -> Vec<Vec<Nat>> {
        let mut found: Vec<Vec<Nat>> = (0..n)
            .filter(|&m| g[m as usize] == t)
            .map(|m| vec![Nat::from(m)])
            .collect();
        found.extend(
            (1..=n / 2)
                .filter(|&a| g[a as usize] ^ g[(n - a) as usize] == t)
                .map(|a| vec![Nat::from(a), Nat::from(n - a)]),
        );
        found
    }

    #[test]
    fn options_of_every_value_match_the_definition_up_to_200() {
        let g = by_definition(201);
        for n in 0..=200u64 {
            for t in 0..=260u64 {
                let expected = options_by_definition(n, t, &g);
                let found = Lasker
                    .heap_options_with_value(
                        &Nat::from(n),
                        &Nat::from(t),
                        usize::MAX,
                        &Budget::unlimited(),
                    )
                    .unwrap();
                assert_eq!(found.listed, expected, "n = {n}, t = {t}");
                assert_eq!(found.count, Nat::from(expected.len()), "n = {n}, t = {t}");
                let first = Lasker
                    .heap_options_with_value(&Nat::from(n), &Nat::from(t), 3, &Budget::unlimited())
                    .unwrap();
                assert_eq!(first.listed, expected[..expected.len().min(3)]);
                assert_eq!(first.count, found.count);
            }
        }
    }

    #[test]
    fn split_counts_match_the_definition_on_larger_heaps() {
        let g = by_definition(3001);
        for n in [1000u64, 1001, 2046, 2047, 2048, 2999, 3000] {
            for t in [0u64, 1, 2, 3, 7, 64, 1000, 1023, 2047, 2500] {
                let count = (1..=n / 2)
                    .filter(|&a| g[a as usize] ^ g[(n - a) as usize] == t)
                    .count();
                let found = splits_with_value(&Nat::from(n), &Nat::from(t), 5);
                assert_eq!(found.count, Nat::from(count), "n = {n}, t = {t}");
            }
        }
    }

    #[test]
    fn huge_heaps_have_exact_values_and_winning_moves() {
        let g = game();
        let big: Nat = format!("1{}", "0".repeat(3000)).parse().unwrap();
        assert_eq!(low_two(&big), 0);
        assert_eq!(lasker_value(&big), &big - Nat::ONE);
        // Two equal huge heaps and a 3 (value 4): the nim-sum is 4, and taking the 3
        // (value 4 → 0) is one of the winning moves.
        let position = vec![big.clone(), big.clone(), Nat::from(3u32)];
        let analysis = g
            .analyze(&position, Convention::Normal, 10, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.outcome, Outcome::N);
        assert_eq!(analysis.grundy, Some(Nat::from(4u32)));
        let leaves: Vec<String> = analysis
            .winning_moves
            .iter()
            .map(|m| g.format_position(&g.apply(&position, &m.play)))
            .collect();
        assert!(leaves.contains(&format!("{big} {big} 0")), "{leaves:?}");
        // Every listed split of a single huge heap has the value asked for.
        for t in [Nat::ZERO, Nat::from(5u32), &big >> 1u32, &big + Nat::ONE] {
            let found = splits_with_value(&big, &t, 8);
            assert!(found.count >= found.listed.len());
            let mut previous = Nat::ZERO;
            for split in &found.listed {
                let [a, b] = &split[..] else { panic!() };
                assert!(*a > previous && a <= b && (a + b) == big);
                assert_eq!(lasker_value(a) ^ lasker_value(b), t);
                previous = a.clone();
            }
        }
        // A single huge heap is won by taking it all (value 0), and by every split
        // into two equal values: 10^3000 = a + b with g(a) = g(b), i.e. a = b.
        let one = vec![big.clone()];
        let analysis = g
            .analyze(&one, Convention::Normal, 5, &Budget::unlimited())
            .unwrap();
        assert_eq!(analysis.winning_move_count, 2u32);
    }

    #[test]
    fn moves_are_typed_as_takes_and_splits() {
        let g = game();
        let position = g.parse_position("5 7 9").unwrap();
        let split = g.parse_move(&position, "2 3+4").unwrap();
        assert_eq!(g.format_position(&g.apply(&position, &split)), "5 3 4 9");
        assert_eq!(g.move_text(&position, &split), "2 3+4");
        assert_eq!(
            g.describe_move(&position, &split),
            "split heap 2 (7 → 3 + 4)"
        );
        let take = g.parse_move(&position, "3 2").unwrap();
        assert_eq!(g.format_position(&g.apply(&position, &take)), "5 7 7");
        assert_eq!(
            g.describe_move(&position, &take),
            "take 2 tokens from heap 3 (9 → 7)"
        );
        let spaced = g.parse_move(&position, "2 3 + 4").unwrap();
        assert_eq!(spaced, split);
        for bad in ["2 3+3", "2 0+7", "2 8", "4 1", "2 3 4"] {
            assert!(g.parse_move(&position, bad).is_err(), "{bad}");
        }
        let error = g.parse_move(&position, "2 x").unwrap_err().to_string();
        assert!(error.contains("or a split such as 1+6"), "{error}");
        let single = g.parse_position("7").unwrap();
        let play = g.parse_move(&single, "1+6").unwrap();
        assert_eq!(g.format_position(&g.apply(&single, &play)), "1 6");
        assert!(g.move_syntax(&single).contains("1+6"));
    }

    #[test]
    fn misere_is_searched_within_its_limit() {
        let g = game();
        let small = g.parse_position("3 4").unwrap();
        assert!(
            g.analyze(&small, Convention::Misere, 5, &Budget::unlimited())
                .is_ok()
        );
        let large = g.parse_position("40 40").unwrap();
        let err = g
            .analyze(&large, Convention::Misere, 5, &Budget::unlimited())
            .unwrap_err();
        assert!(matches!(err, Error::TooLarge(_)), "{err}");
        assert!(Lasker.periodicity(&Budget::unlimited()).is_err());
    }
}
