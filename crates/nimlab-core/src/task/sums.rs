//! Tasks on mex, subtraction games and sums: 1, 2, 3, 5, 8, 10 and 11.

use super::{Input, line_of};
use crate::Budget;
use crate::Nat;
use crate::error::Error;
use crate::families::subtraction::{Subtraction, TakeUpTo};
use crate::heap::HeapValues;
use crate::limits::{SUBTRACTION_AMOUNT, TAKE_AMOUNT, TASK_TABLE};
use crate::num::to_u64;
use crate::protocol::HeapSequence;
use crate::solve::mex::mex;
use crate::solve::sum::winning_target as target_of;

/// Task 1: `m v1..vm` → the mex of the values.
pub fn mex_task(input: &mut Input) -> Result<String, Error> {
    let m = input.count("m", 0)?;
    let values = input
        .nats(m, "value")?
        .iter()
        .map(|v| to_u64(v).map_or(usize::MAX, |v| v as usize))
        .collect::<Vec<_>>();
    Ok(format!("{}\n", mex(values)))
}

/// Read `|S| s1..`: a subtraction set with amounts from 1 to `max`.
fn read_set(input: &mut Input, max: u64) -> Result<Subtraction, Error> {
    let size = input.count("|S|", 1)?;
    let amounts = (0..size)
        .map(|_| input.bounded("element of S", 1, max))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Subtraction::new(&amounts)?)
}

/// Task 2: `n |S| s1..` → g(0), …, g(n).
pub fn subtraction_table(input: &mut Input) -> Result<String, Error> {
    let n = input.bounded("n", 0, TASK_TABLE.value)? as usize;
    let game = read_set(input, u64::MAX)?;
    Ok(line_of(&game.grundy_table(n, &Budget::unlimited())?))
}

/// Task 3: `|S| s1.. m p1..pm` → FIRST or SECOND, by the XOR of the piles' values.
pub fn subtraction_sum(input: &mut Input) -> Result<String, Error> {
    let game = read_set(input, SUBTRACTION_AMOUNT.value)?;
    super::games::heap_sum(&game, input)
}

/// Task 5: `k Q n1..nQ` → FIRST or SECOND per query, by g(n) = n mod (k + 1).
pub fn take_queries(input: &mut Input) -> Result<String, Error> {
    let k = input.bounded("k", 1, TAKE_AMOUNT.value)?;
    let game = TakeUpTo::parse(&k.to_string())?;
    let queries = input.count("Q", 1)?;
    let mut out = String::with_capacity(queries.min(1 << 20) * 7);
    for _ in 0..queries {
        let n = input.nat("n")?;
        out += if game.heap_value(&n, &Budget::question(None))? == 0u32 {
            "SECOND\n"
        } else {
            "FIRST\n"
        };
    }
    Ok(out)
}

/// Task 8: `n m p1..pm` (piles ≤ n) → g(0..n) of take-1-or-2, then FIRST or SECOND.
pub fn take_one_or_two(input: &mut Input) -> Result<String, Error> {
    let n = input.bounded("n", 0, TASK_TABLE.value)?;
    let m = input.count("m", 0)?;
    let piles = (0..m)
        .map(|_| input.bounded("pile size", 0, n))
        .collect::<Result<Vec<_>, _>>()?;
    let table = Subtraction::new(&[1, 2])?.grundy_table(n as usize, &Budget::unlimited())?;
    let x = piles.iter().fold(0, |x, &p| x ^ table[p as usize]);
    let verdict = if x == 0 { "SECOND" } else { "FIRST" };
    Ok(format!("{}{verdict}\n", line_of(&table)))
}

/// Task 10: `m g1..gm` → LOSING, or `i t`: move in component i to value t.
pub fn winning_target(input: &mut Input) -> Result<String, Error> {
    let m = input.count("m", 1)?;
    let values = input.nats(m, "Grundy value")?;
    Ok(match target_of(&values) {
        None => "LOSING\n".to_string(),
        Some((index, target)) => format!("{} {target}\n", index + 1),
    })
}

/// Task 11: `|S| s1.. Q n1..nQ` → g(n) per line, through the period certified by a
/// full window of max S values.
pub fn periodic_queries(input: &mut Input) -> Result<String, Error> {
    let game = read_set(input, SUBTRACTION_AMOUNT.value)?;
    let queries = input.count("Q", 1)?;
    let mut out = String::with_capacity(queries.min(1 << 20) * 3);
    for _ in 0..queries {
        let n: Nat = input.nat("n")?;
        out += &game.heap_value(&n, &Budget::question(None))?.to_string();
        out.push('\n');
    }
    Ok(out)
}
