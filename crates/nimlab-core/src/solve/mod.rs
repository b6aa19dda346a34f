//! Solving impartial games: mex, the generic Grundy engine and brute-force oracle,
//! disjunctive sums, and certified periodicity.

pub mod mex;
pub mod period;
pub mod quotient;
pub mod search;
pub mod sum;
pub mod table;
