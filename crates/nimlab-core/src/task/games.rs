//! Tasks that decide a position of one game family: 6, 7, 12, 13 and 14.

use super::{Input, winner};
use crate::error::Error;
use crate::families::coins::CoinRow;
use crate::families::grundy_game::GrundyGame;
use crate::families::nim::Nim;
use crate::families::octal::Octal;
use crate::families::staircase::Staircase;
use crate::families::turtles::TurningTurtles;
use crate::heap::{HeapSum, HeapValues};
use crate::protocol::{Notation, Strategy};
use crate::solve::sum::nim_sum;
use crate::{Budget, Convention, InputError, Nat, Outcome};

/// The outcome of `position` in normal play, as FIRST or SECOND.
fn decide<S: Strategy>(game: &S, position: &S::Position) -> Result<&'static str, Error> {
    Ok(winner(
        game.analyze(position, Convention::Normal, 0, &Budget::question(None))?
            .outcome,
    ))
}

/// `m p1..pm`: heap sizes.
pub fn heaps(input: &mut Input) -> Result<Vec<Nat>, InputError> {
    let m = input.count("m", 1)?;
    input.nats(m, "pile size")
}

/// `m p1..pm` → FIRST or SECOND for a sum of heaps of `rules`: the XOR of the
/// heaps' Grundy values (the outcome alone, without listing winning moves).
pub fn heap_sum<H: HeapValues>(rules: &H, input: &mut Input) -> Result<String, Error> {
    let values = heaps(input)?
        .iter()
        .map(|heap| rules.heap_value(heap, &Budget::question(None)))
        .collect::<Result<Vec<_>, _>>()?;
    let outcome = Outcome::from_mover_wins(nim_sum(&values) != 0u32);
    Ok(format!("{}\n", winner(outcome)))
}

/// Task 6: Grundy's game.
pub fn grundy_game(input: &mut Input) -> Result<String, Error> {
    heap_sum(&GrundyGame::new(), input)
}

/// Task 12: Kayles, a position given as its rows' lengths.
pub fn kayles(input: &mut Input) -> Result<String, Error> {
    heap_sum(&Octal::kayles(), input)
}

/// Task 7: `k c1..ck` → FIRST or SECOND in staircase Nim.
pub fn staircase(input: &mut Input) -> Result<String, Error> {
    let k = input.count("k", 1)?;
    let coins = input.nats(k, "coin count")?;
    Ok(format!("{}\n", decide(&Staircase, &coins)?))
}

/// Task 13: `m p1..pm` → the winner in normal and in misère Nim.
pub fn misere_nim(input: &mut Input) -> Result<String, Error> {
    let piles = heaps(input)?;
    let game = HeapSum::new(Nim);
    let normal = game
        .analyze(&piles, Convention::Normal, 0, &Budget::question(None))?
        .outcome;
    let misere = game
        .analyze(&piles, Convention::Misere, 0, &Budget::question(None))?
        .outcome;
    Ok(format!(
        "NORMAL: {}\nMISERE: {}\n",
        winner(normal),
        winner(misere)
    ))
}

/// Task 14: a row of H and T → FIRST or SECOND in Turning Turtles.
pub fn turtles(input: &mut Input) -> Result<String, Error> {
    let row = input.token("row of coins", "a string of H and T, e.g. THHTH")?;
    let game = CoinRow(TurningTurtles);
    let coins = game.parse_position(row)?;
    Ok(format!("{}\n", decide(&game, &coins)?))
}
