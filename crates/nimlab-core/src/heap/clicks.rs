//! How a move on a heap drawn as a row of tokens is made by clicks.

use super::taken;
use crate::num::Nat;
use crate::protocol::board::{Clicks, Spot, run_clicks};
use malachite_base::num::basic::traits::Zero;

/// How the move from heap `heap` (1-based), of size `n`, to `option` is clicked, with
/// the heap drawn as a row of tokens 1 to `n`.
///
/// Without `inside` removals (take-away games), a move leaves at most one heap and is
/// one click: on the first token taken, which takes it and every token after it.
/// With them, the parts of `option` are laid out along the row in its order and in
/// reverse: the tokens removed are clicked as a run (its first and last token, in
/// either order; a single token once), at an end of the row when one part is left,
/// else between the first two parts; a split without removal, and the boundaries
/// between further parts, are clicked as the gap there.
pub fn heap_option_clicks(heap: usize, n: &Nat, option: &[Nat], inside: bool) -> Clicks {
    let removed = taken(n, option);
    if !inside && option.len() <= 1 {
        let left = option.first().cloned().unwrap_or(Nat::ZERO);
        return vec![vec![Spot::Token {
            heap,
            token: left + Nat::from(1u32),
        }]];
    }
    let mut clicks = laid_out(heap, n, option, &removed);
    let reversed: Vec<Nat> = option.iter().rev().cloned().collect();
    for sequence in laid_out(heap, n, &reversed, &removed) {
        if !clicks.contains(&sequence) {
            clicks.push(sequence);
        }
    }
    clicks
}

/// The clicks of `parts` laid out in this order (see [`heap_option_clicks`]).
fn laid_out(heap: usize, n: &Nat, parts: &[Nat], removed: &Nat) -> Clicks {
    let one = Nat::from(1u32);
    if parts.len() <= 1 {
        // A run at the right end of the row, or at its left end.
        let left = parts.first().cloned().unwrap_or(Nat::ZERO);
        let mut clicks = run_clicks(heap, &(left + &one), n);
        for sequence in run_clicks(heap, &one, removed) {
            if !clicks.contains(&sequence) {
                clicks.push(sequence);
            }
        }
        return clicks;
    }
    let mut clicks: Clicks = vec![Vec::new()];
    let mut before = Nat::ZERO;
    for (i, part) in parts[..parts.len() - 1].iter().enumerate() {
        before += part;
        if i == 0 && *removed != 0u32 {
            let first = &before + &one;
            before += removed;
            let run = run_clicks(heap, &first, &before);
            clicks = clicks
                .iter()
                .flat_map(|start| {
                    run.iter()
                        .map(move |tail| start.iter().chain(tail).cloned().collect())
                })
                .collect();
        } else {
            let gap = Spot::Gap {
                heap,
                after: before.clone(),
            };
            for sequence in &mut clicks {
                sequence.push(gap.clone());
            }
        }
    }
    clicks
}
