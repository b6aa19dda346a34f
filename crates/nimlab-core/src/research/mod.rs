//! Research over many games at once: the census of octal codes, and the classifier
//! of a game's Grundy values.

pub mod census;
pub mod classify;
