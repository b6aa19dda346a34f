//! How reports and boards write numbers, conventions and outcomes in JSON (with the
//! `serde` feature).

use crate::num::{Nat, to_u64};
use serde::Serializer;

/// Largest integer JSON readers represent exactly (2^53).
const SAFE_INTEGER: u64 = 1 << 53;

/// A number up to 2^53, a decimal string beyond.
pub mod number {
    use super::*;

    pub fn serialize<S: Serializer>(n: &Nat, serializer: S) -> Result<S::Ok, S::Error> {
        match to_u64(n) {
            Some(small) if small <= SAFE_INTEGER => serializer.serialize_u64(small),
            _ => serializer.collect_str(n),
        }
    }
}

/// An optional [`number`].
pub mod optional_number {
    use super::*;

    pub fn serialize<S: Serializer>(n: &Option<Nat>, serializer: S) -> Result<S::Ok, S::Error> {
        match n {
            Some(n) => number::serialize(n, serializer),
            None => serializer.serialize_none(),
        }
    }
}

/// A list of [`number`]s.
pub mod numbers {
    use super::*;
    use serde::ser::SerializeSeq;

    pub fn serialize<S: Serializer>(ns: &[Nat], serializer: S) -> Result<S::Ok, S::Error> {
        struct Number<'a>(&'a Nat);
        impl serde::Serialize for Number<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                number::serialize(self.0, serializer)
            }
        }
        let mut seq = serializer.serialize_seq(Some(ns.len()))?;
        for n in ns {
            seq.serialize_element(&Number(n))?;
        }
        seq.end()
    }
}

/// An optional list of [`number`]s.
pub mod optional_numbers {
    use super::*;

    pub fn serialize<S: Serializer>(
        ns: &Option<Vec<Nat>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match ns {
            Some(ns) => numbers::serialize(ns, serializer),
            None => serializer.serialize_none(),
        }
    }
}

/// "normal" or "misere".
pub mod convention {
    use super::*;
    use crate::rules::Convention;

    pub fn serialize<S: Serializer>(c: &Convention, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(c.name())
    }
}

/// "N" or "P".
pub mod outcome {
    use super::*;
    use crate::rules::Outcome;

    pub fn serialize<S: Serializer>(o: &Outcome, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(o.letter())
    }
}

/// "win", "lose" or "draw", for the player who makes a move, from the outcome of the
/// position it leaves (lost, won or drawn for the opponent).
pub mod result {
    use super::*;
    use crate::rules::Outcome;

    pub fn serialize<S: Serializer>(after: &Outcome, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match after {
            Outcome::P => "win",
            Outcome::N => "lose",
            Outcome::D => "draw",
        })
    }
}
