//! How heap moves are written, read and described, for [`HeapRules`]' defaults and
//! for families that write their own.

use super::{HeapOption, HeapRules};
use crate::error::InputError;
use crate::num::Nat;
use crate::parse::{parse_nat, tokens};
use crate::text::{list_with_or, tokens_word};

/// How many tokens a move from a heap of `n` to `option` removes.
pub fn taken(n: &Nat, option: &[Nat]) -> Nat {
    option.iter().fold(n.clone(), |left, h| left - h)
}

/// The amounts one may take from a heap of `n`, for take-away games: "1, 3 or 4
/// tokens" when there are at most ten, else "the number of tokens to take".
pub fn take_syntax<H: HeapRules + ?Sized>(rules: &H, n: &Nat) -> String {
    let amounts: Vec<String> = rules
        .options(n, 11)
        .iter()
        .map(|option| taken(n, option).to_string())
        .collect();
    if amounts.len() <= 10 {
        let word = if amounts == ["1"] { "token" } else { "tokens" };
        format!("{} {word}", list_with_or(&amounts))
    } else {
        "the number of tokens to take".to_string()
    }
}

/// A take-away move typed as the amount to take, checked with
/// [`HeapRules::is_option`]. Taking the whole heap leaves an empty heap (`[0]`, as
/// the take-away families write it) or no heap (`[]`, as take-and-break codes do):
/// whichever the rules have.
pub fn parse_take<H: HeapRules + ?Sized>(
    rules: &H,
    n: &Nat,
    text: &str,
) -> Result<HeapOption, InputError> {
    let expected = || format!("{} from a heap of {n}", rules.option_syntax(n));
    let words: Vec<&str> = tokens(text).collect();
    let [word] = words[..] else {
        return Err(InputError::invalid("move", text, expected()));
    };
    let amount = parse_nat(word, "number of tokens")?;
    if amount == 0u32 || amount > *n {
        return Err(InputError::invalid("move", text, expected()));
    }
    let left = n - amount;
    let readings = if left == 0u32 {
        vec![vec![left], vec![]]
    } else {
        vec![vec![left]]
    };
    readings
        .into_iter()
        .find(|option| rules.is_option(n, option))
        .ok_or_else(|| InputError::invalid("move", text, expected()))
}

/// How a move in a heap of `n` is typed when options may leave several heaps: the
/// amount to take ([`take_syntax`]) where the heap has takes, and the heaps to leave
/// joined by `+`, with an example, where it has such options.
pub fn take_or_split_syntax<H: HeapRules + ?Sized>(rules: &H, n: &Nat) -> String {
    const LOOKED_AT: usize = 64;
    let options = rules.options(n, LOOKED_AT);
    let Some(split) = options.iter().find(|option| option.len() > 1) else {
        return take_syntax(rules, n);
    };
    let example = format!("such as {}", rules.option_text(n, split));
    if options.iter().all(|option| option.len() > 1) {
        format!("the heaps to leave, joined by +, {example}")
    } else {
        format!(
            "{} to take, or the heaps to leave joined by +, {example}",
            take_syntax(rules, n)
        )
    }
}

/// A move typed as [`take_or_split_syntax`] says: the heaps to leave joined by `+`,
/// in any order, or else the amount to take ([`parse_take`]); checked with
/// [`HeapRules::is_option`].
pub fn parse_take_or_split<H: HeapRules + ?Sized>(
    rules: &H,
    n: &Nat,
    text: &str,
) -> Result<HeapOption, InputError> {
    if !text.contains('+') {
        return parse_take(rules, n, text);
    }
    let parts = text
        .split('+')
        .map(|part| parse_nat(part.trim(), "heap size"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut ascending = parts.clone();
    ascending.sort();
    let descending: Vec<Nat> = ascending.iter().rev().cloned().collect();
    [parts, ascending, descending]
        .into_iter()
        .find(|option| rules.is_option(n, option))
        .ok_or_else(|| {
            InputError::invalid(
                "move",
                text.trim(),
                format!("{} from a heap of {n}", rules.option_syntax(n)),
            )
        })
}

/// The heaps an option leaves, for move descriptions: "3 + 4", or "nothing".
pub fn describe_heaps(heaps: &[Nat]) -> String {
    match heaps {
        [] => "nothing".to_string(),
        _ => heaps
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// A move in words: "take 2 tokens from heap 1 (3 → 1)", without the heap's number
/// when there is only one heap; a move that leaves several heaps splits the heap:
/// "split heap 1 (9 → 4 + 5)", or "take 1 token from heap 1 and split it (9 → 3 + 5)".
pub fn describe_take(heap: Option<usize>, n: &Nat, option: &[Nat]) -> String {
    let amount = taken(n, option);
    let change = format!("({n} → {})", describe_heaps(option));
    let take = format!("take {amount} {}", tokens_word(&amount));
    match (heap, option.len() > 1, amount == 0u32) {
        (Some(heap), false, _) => format!("{take} from heap {heap} {change}"),
        (None, false, _) => format!("{take} {change}"),
        (Some(heap), true, true) => format!("split heap {heap} {change}"),
        (None, true, true) => format!("split the heap {change}"),
        (Some(heap), true, false) => format!("{take} from heap {heap} and split it {change}"),
        (None, true, false) => format!("{take} and split the heap {change}"),
    }
}
