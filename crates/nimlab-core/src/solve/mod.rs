//! Solving impartial games: mex, the generic Grundy engine and brute-force oracle,
//! disjunctive sums, certified periodicity, and loopy games (draws).

pub mod loopy;
pub mod mex;
pub mod period;
pub mod quotient;
pub mod search;
pub mod sum;
pub mod table;
