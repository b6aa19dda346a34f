//! Task 9: the generic memoized Grundy engine (the core's `GrundyEngine`) on the
//! demos of the practice tasks, each checked against an answer computed another way.

use crate::error::Error;
use crate::families::subtraction::Subtraction;
use crate::heap::HeapSum;
use crate::protocol::HeapSequence;
use crate::rules::Game;
use crate::solve::search::GrundyEngine;
use crate::{Budget, Nat};

/// Two piles (a, b) as one state: a move reduces either pile by any positive amount.
/// The engine sees the pair whole (no decomposition), keyed by the sorted pair.
struct PairNim;

impl Game for PairNim {
    type Position = (u32, u32);
    /// The pair after the move.
    type Move = (u32, u32);

    fn legal_moves(&self, &(a, b): &(u32, u32), _limit: usize) -> (Vec<(u32, u32)>, bool) {
        let moves = (0..a)
            .map(|x| (x, b))
            .chain((0..b).map(|y| (a, y)))
            .collect();
        (moves, true)
    }

    fn apply(&self, _pair: &(u32, u32), after: &(u32, u32)) -> (u32, u32) {
        *after
    }

    fn canonical(&self, &(a, b): &(u32, u32)) -> (u32, u32) {
        (a.min(b), a.max(b))
    }
}

/// One demo's line: what was checked and whether it matched.
fn report(what: String, matched: bool) -> String {
    format!("{what}: {}", if matched { "match" } else { "MISMATCH" })
}

/// The demos' report, one line per demo, and whether every one matched.
pub fn demos() -> Result<(String, bool), Error> {
    const N: u32 = 1000;
    const PILE: u32 = 100;
    let subtraction = HeapSum::new(Subtraction::new(&[1, 3, 4])?);
    let table = subtraction
        .rules
        .grundy_table(N as usize, &Budget::unlimited())?;
    let mut engine = GrundyEngine::new(&subtraction);
    let same = (0..=N)
        .all(|n| engine.grundy(&vec![Nat::from(n)]).expect("no cycles") == table[n as usize]);
    let mut lines = vec![report(
        format!(
            "subtraction game S = {{1, 3, 4}}: the engine's g(n) equals the direct table \
             g(n) = mex{{g(n - s)}} for every n = 0..{N}"
        ),
        same,
    )];

    let mut engine = GrundyEngine::new(&PairNim);
    let xor =
        (1..=PILE).all(|a| (1..=PILE).all(|b| engine.grundy(&(a, b)).expect("no cycles") == a ^ b));
    lines.push(report(
        format!("two-pile Nim: g((a, b)) = a XOR b for every 1 ≤ a, b ≤ {PILE}"),
        xor,
    ));
    // Every pair with 0 ≤ a, b ≤ PILE is reached; sorted, they are the unordered pairs.
    let ordered = (PILE + 1) * (PILE + 1);
    let unordered = (PILE + 1) * (PILE + 2) / 2;
    lines.push(report(
        format!(
            "canonical states: (a, b) and (b, a) share one memo entry, {} entries for the \
             {ordered} ordered pairs with 0 ≤ a, b ≤ {PILE} (expected {unordered})",
            engine.memo_len()
        ),
        engine.memo_len() == unordered as usize,
    ));
    let report = lines.iter().map(|line| format!("{line}\n")).collect();
    Ok((
        report,
        same && xor && engine.memo_len() == unordered as usize,
    ))
}
