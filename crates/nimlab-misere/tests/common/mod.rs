//! An independent misère oracle: exhaustive search over positions, written as plainly as
//! possible, to check the quotients against.
#![allow(dead_code)] // Each test file uses its own subset.

use nimlab_misere::{HeapSize, MisereHeapRules, MisereOutcome, MoveFamily, Part, Quotient};
use std::collections::{BTreeSet, HashMap};

/// Misère outcomes of positions (sorted heap sizes), by memoized search.
pub struct MisereOracle<'g> {
    game: &'g dyn MisereHeapRules,
    /// The options of each heap size, each sorted.
    options: Vec<Vec<Vec<u8>>>,
    /// Whether the player to move wins.
    wins: HashMap<Vec<u8>, bool>,
}

impl<'g> MisereOracle<'g> {
    pub fn new(game: &'g dyn MisereHeapRules) -> Self {
        MisereOracle {
            game,
            options: Vec::new(),
            wins: HashMap::new(),
        }
    }

    fn options_of(&mut self, heap: u8) -> &[Vec<u8>] {
        while self.options.len() <= heap as usize {
            let mut out = Vec::new();
            self.game.options(self.options.len(), &mut out);
            let converted = out
                .into_iter()
                .map(|o| {
                    let mut o: Vec<u8> = o.into_iter().map(|h| h as u8).collect();
                    o.sort_unstable();
                    o
                })
                .collect();
            self.options.push(converted);
        }
        &self.options[heap as usize]
    }

    /// The position after replacing one heap `heap` of `position` by `option`.
    fn after(position: &[u8], heap: u8, option: &[u8]) -> Vec<u8> {
        let at = position
            .iter()
            .position(|&h| h == heap)
            .expect("the heap is there");
        let mut next: Vec<u8> = position[..at]
            .iter()
            .chain(&position[at + 1..])
            .chain(option)
            .copied()
            .collect();
        next.sort_unstable();
        next
    }

    /// The misère Grundy value of `position` (sorted): 1 with no move, else the mex
    /// of its options' values.
    pub fn misere_grundy(&mut self, position: &[u8], memo: &mut HashMap<Vec<u8>, usize>) -> usize {
        if let Some(&g) = memo.get(position) {
            return g;
        }
        let mut distinct = position.to_vec();
        distinct.dedup();
        let mut seen = BTreeSet::new();
        let mut has_move = false;
        for heap in distinct {
            for option in self.options_of(heap).to_vec() {
                has_move = true;
                seen.insert(self.misere_grundy(&Self::after(position, heap, &option), memo));
            }
        }
        let g = if has_move {
            (0..).find(|g| !seen.contains(g)).unwrap_or(0)
        } else {
            1
        };
        memo.insert(position.to_vec(), g);
        g
    }

    /// Whether the player to move wins misère play of `position` (sorted).
    pub fn wins(&mut self, position: &[u8]) -> bool {
        if let Some(&w) = self.wins.get(position) {
            return w;
        }
        let mut has_move = false;
        let mut win = false;
        let mut distinct = position.to_vec();
        distinct.dedup();
        'search: for &heap in &distinct {
            let options = self.options_of(heap).to_vec();
            for option in options {
                has_move = true;
                if !self.wins(&Self::after(position, heap, &option)) {
                    win = true;
                    break 'search;
                }
            }
        }
        // No move: the player to move does not move last, and wins.
        let w = win || !has_move;
        self.wins.insert(position.to_vec(), w);
        w
    }

    /// The misère outcome.
    pub fn outcome(&mut self, position: &[u8]) -> MisereOutcome {
        if self.wins(position) {
            MisereOutcome::N
        } else {
            MisereOutcome::P
        }
    }

    /// The winning moves of `position` (sorted), each as the heap moved and the heaps
    /// it leaves (sorted).
    pub fn winning_moves(&mut self, position: &[u8]) -> BTreeSet<(u64, Vec<u64>)> {
        let mut distinct = position.to_vec();
        distinct.dedup();
        let mut out = BTreeSet::new();
        for heap in distinct {
            for option in self.options_of(heap).to_vec() {
                if !self.wins(&Self::after(position, heap, &option)) {
                    let leaves = option.iter().map(|&h| u64::from(h)).collect();
                    out.insert((u64::from(heap), leaves));
                }
            }
        }
        out
    }
}

/// Every position (heap sizes in increasing order) with at most `tokens` tokens in all.
pub fn positions(tokens: usize) -> Vec<Vec<u8>> {
    fn extend(prefix: &mut Vec<u8>, smallest: usize, left: usize, out: &mut Vec<Vec<u8>>) {
        out.push(prefix.clone());
        for h in smallest..=left {
            prefix.push(h as u8);
            extend(prefix, h, left - h, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), 1, tokens, &mut out);
    out
}

/// The position as the quotient takes it.
pub fn sizes(position: &[u8]) -> Vec<HeapSize> {
    position
        .iter()
        .map(|&h| HeapSize::Size(u64::from(h)))
        .collect()
}

/// Check the quotient's outcome against the oracle on every position of at most
/// `tokens` tokens; returns how many positions were checked.
pub fn check_outcomes(quotient: &Quotient, oracle: &mut MisereOracle, tokens: usize) -> usize {
    let all = positions(tokens);
    for position in &all {
        let expected = oracle.outcome(position);
        let got = quotient
            .outcome(&sizes(position))
            .expect("heaps within the quotient");
        assert_eq!(got, expected, "{}: position {position:?}", quotient.game());
    }
    all.len()
}

/// The sizes a move leaves from a heap of `heap` tokens, sorted.
pub fn leaves(parts: &[Part], heap: u64) -> Vec<u64> {
    let mut sizes: Vec<u64> = parts
        .iter()
        .map(|part| match *part {
            Part::Size(s) => s,
            Part::HeapMinus(d) => heap - d,
        })
        .collect();
    sizes.sort_unstable();
    sizes
}

/// Every move of a family from a heap of `heap` tokens, each as the sizes it leaves.
pub fn family_members(family: &MoveFamily, heap: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    match *family {
        MoveFamily::Pairs {
            removed,
            fixed,
            first,
            step,
        } => {
            let rest = heap - removed - fixed.unwrap_or(0);
            let mut x = first;
            while x <= rest - x {
                let mut sizes: Vec<u64> = fixed.into_iter().chain([x, rest - x]).collect();
                sizes.sort_unstable();
                out.push(sizes);
                x += step;
            }
        }
        MoveFamily::Triples {
            removed,
            first,
            second,
            step,
        } => {
            let rest = heap - removed;
            let mut x = first;
            while 3 * x <= rest {
                let mut y = x + (second % step + step - x % step) % step;
                while x + 2 * y <= rest {
                    out.push(vec![x, y, rest - x - y]);
                    y += step;
                }
                x += step;
            }
        }
    }
    out
}

/// The quotient's winning moves of a position of exact sizes, every family expanded,
/// as (heap moved, sizes left); with the count the quotient reports.
pub fn expanded_moves(quotient: &Quotient, position: &[u64]) -> (BTreeSet<(u64, Vec<u64>)>, u128) {
    let heaps: Vec<HeapSize> = position.iter().map(|&h| HeapSize::Size(h)).collect();
    let moves = quotient
        .winning_moves(&heaps)
        .expect("heaps within the quotient");
    let mut out = BTreeSet::new();
    for heap_moves in &moves.by_heap {
        let size = position[heap_moves.heap];
        assert_eq!(
            heap_moves.copies,
            position.iter().filter(|&&h| h == size).count()
        );
        for parts in &heap_moves.moves {
            assert!(
                out.insert((size, leaves(parts, size))),
                "a move listed twice"
            );
        }
        for family in &heap_moves.families {
            let members = family_members(family, size);
            assert_eq!(family.count(size), members.len() as u128);
            assert!(!members.is_empty(), "an empty family");
            for sizes in members {
                assert!(out.insert((size, sizes)), "a move listed twice");
            }
        }
    }
    (out, moves.count(&heaps).expect("exact sizes"))
}

/// Check every winning move the quotient finds against the oracle, on every position of
/// at most `tokens` tokens.
pub fn check_winning_moves(quotient: &Quotient, oracle: &mut MisereOracle, tokens: usize) {
    for position in positions(tokens) {
        let wide: Vec<u64> = position.iter().map(|&h| u64::from(h)).collect();
        let (found, count) = expanded_moves(quotient, &wide);
        let expected = oracle.winning_moves(&position);
        assert_eq!(
            found,
            expected,
            "{}: position {position:?}",
            quotient.game()
        );
        let copies: u128 = expected
            .iter()
            .map(|(h, _)| position.iter().filter(|&&p| u64::from(p) == *h).count() as u128)
            .sum();
        assert_eq!(count, copies, "{}: position {position:?}", quotient.game());
    }
}

/// The structural facts every quotient must have: a commutative monoid (associative,
/// identity first), even order unless trivial, a P-portion that is not empty unless
/// trivial, every two elements told apart by some third, the generators generating it
/// and every relation holding, and a pretending function periodic as certified.
pub fn check_structure(quotient: &Quotient) {
    let elements: Vec<_> = quotient.elements().collect();
    let (one, order) = (elements[0], elements.len());
    let game = quotient.game();
    for &x in &elements {
        assert_eq!(quotient.multiply(one, x), x);
        for &y in &elements {
            let xy = quotient.multiply(x, y);
            assert_eq!(xy, quotient.multiply(y, x), "{game}: not commutative");
            for &z in &elements {
                assert_eq!(
                    quotient.multiply(xy, z),
                    quotient.multiply(x, quotient.multiply(y, z)),
                    "{game}: not associative"
                );
            }
        }
    }
    if order > 1 {
        assert_eq!(order % 2, 0, "{game}: odd order {order}");
        assert!(!quotient.p_portion().is_empty(), "{game}: empty P-portion");
    }
    assert!(!quotient.is_p(one), "{game}: the empty position is P");
    for (i, &x) in elements.iter().enumerate() {
        for &y in &elements[..i] {
            let apart = elements.iter().any(|&z| {
                quotient.is_p(quotient.multiply(x, z)) != quotient.is_p(quotient.multiply(y, z))
            });
            assert!(
                apart,
                "{game}: {} and {} are indistinguishable",
                quotient.word(x),
                quotient.word(y)
            );
        }
    }
    let mut generated = vec![one];
    let mut i = 0;
    while i < generated.len() {
        for g in quotient.generators() {
            let next = quotient.multiply(generated[i], g);
            if !generated.contains(&next) {
                generated.push(next);
            }
        }
        i += 1;
    }
    assert_eq!(
        generated.len(),
        order,
        "{game}: the generators do not generate"
    );
    for (lhs, rhs, l, r) in quotient.relations() {
        assert_eq!(l, r, "{game}: relation {lhs} = {rhs} fails");
    }
    let words: BTreeSet<String> = elements.iter().map(|&x| quotient.word(x)).collect();
    assert_eq!(words.len(), order, "{game}: two elements share a word");
    if let Some(c) = quotient.certificate() {
        assert!(c.required_heap <= c.last_heap && c.last_heap == quotient.last_heap());
        for n in c.preperiod..=c.last_heap - c.period {
            assert_eq!(quotient.pretending(n), quotient.pretending(n + c.period));
        }
        // Beyond the table, a heap's element is its periodic representative's.
        for n in c.last_heap as u64 + 1..c.last_heap as u64 + 3 * c.period as u64 {
            let back = c.preperiod as u64 + (n - c.preperiod as u64) % c.period as u64;
            assert_eq!(
                quotient.heap_element(HeapSize::Size(n)).unwrap(),
                quotient.heap_element(HeapSize::Size(back)).unwrap()
            );
        }
    }
}

/// An independent proof that the quotient is right about every position with heaps of
/// at most `last` tokens: the pairs (element, option elements) of all such positions,
/// found by a plain closure without any pruning, satisfy "P iff no option is P" (with
/// no option: not P). Returns how many pairs there are, or None past `max_pairs`.
pub fn closure_check(
    quotient: &Quotient,
    game: &dyn MisereHeapRules,
    last: usize,
    max_pairs: usize,
) -> Option<usize> {
    use nimlab_misere::Element;
    use std::collections::{BTreeSet, HashSet};
    let heap = |n: usize| quotient.heap_element(HeapSize::Size(n as u64)).unwrap();
    let mut kinds: BTreeSet<(Element, BTreeSet<Element>)> = BTreeSet::new();
    for n in 1..=last {
        let mut options = Vec::new();
        game.options(n, &mut options);
        if options.is_empty() {
            continue;
        }
        let transitions: BTreeSet<Element> = options
            .iter()
            .map(|o| {
                o.iter().fold(quotient.elements().next().unwrap(), |x, &h| {
                    quotient.multiply(x, heap(h))
                })
            })
            .collect();
        kinds.insert((heap(n), transitions));
    }
    let identity = quotient.elements().next().unwrap();
    let start = (identity, BTreeSet::new());
    let mut seen: HashSet<(Element, BTreeSet<Element>)> = HashSet::new();
    let mut stack = vec![start.clone()];
    seen.insert(start);
    while let Some((x, options)) = stack.pop() {
        let any_p = options.iter().any(|&t| quotient.is_p(t));
        let claimed_p = quotient.is_p(x);
        assert_eq!(
            claimed_p,
            !options.is_empty() && !any_p,
            "{}: element {} with options {:?}",
            quotient.game(),
            quotient.word(x),
            options
                .iter()
                .map(|&t| quotient.word(t))
                .collect::<Vec<_>>()
        );
        for (y, heap_options) in &kinds {
            let next: BTreeSet<Element> = options
                .iter()
                .map(|&t| quotient.multiply(t, *y))
                .chain(heap_options.iter().map(|&t| quotient.multiply(x, t)))
                .collect();
            let pair = (quotient.multiply(x, *y), next);
            if seen.insert(pair.clone()) {
                if seen.len() > max_pairs {
                    return None;
                }
                stack.push(pair);
            }
        }
    }
    Some(seen.len())
}

/// Whether the game plays like misère Nim on every position of at most `tokens`
/// tokens (the meaning of "tame"). Each heap is typed by its normal and misère Grundy
/// values (g, g⁻): (0, 1) is a small 0, (1, 0) a small 1, g = g⁻ a "big" heap of
/// value g (Conway's genus g^g…); any other pair is wild at once. Misère Nim's rule on
/// the types: P iff every heap is small and an odd number are 1, or some heap is big and
/// the nim-sum is 0.
pub fn plays_like_misere_nim(game: &dyn MisereHeapRules, tokens: usize) -> bool {
    let mut oracle = MisereOracle::new(game);
    let mut memo = std::collections::HashMap::new();
    let mut types: Vec<(usize, bool)> = vec![(0, false)];
    let mut normal: Vec<usize> = vec![0];
    for n in 1..=tokens {
        let mut options = Vec::new();
        game.options(n, &mut options);
        let seen: BTreeSet<usize> = options
            .iter()
            .map(|o| o.iter().fold(0, |x, &h| x ^ normal[h]))
            .collect();
        let g = (0..).find(|g| !seen.contains(g)).unwrap();
        normal.push(g);
        let misere = oracle.misere_grundy(&[n as u8], &mut memo);
        match (g, misere) {
            (0, 1) | (1, 0) => types.push((g, false)),
            (g, m) if g == m => types.push((g, true)),
            _ => return false,
        }
    }
    positions(tokens).iter().all(|position| {
        let heaps: Vec<(usize, bool)> = position.iter().map(|&h| types[h as usize]).collect();
        let nim_sum = heaps.iter().fold(0, |x, &(g, _)| x ^ g);
        let p = if heaps.iter().any(|&(_, big)| big) {
            nim_sum == 0
        } else {
            nim_sum == 1
        };
        p != oracle.wins(position)
    })
}

/// A tame quotient is T_m and the game plays like misère Nim; a wild one does not.
pub fn check_tameness(q: &Quotient, game: &dyn MisereHeapRules) {
    match q.tame() {
        Some(m) => {
            assert_eq!(q.order(), if m < 2 { m as usize + 1 } else { (1 << m) + 2 });
            assert!(plays_like_misere_nim(game, 24), "{} is tame", q.game());
        }
        None => assert!(!plays_like_misere_nim(game, 24), "{} is wild", q.game()),
    }
}
