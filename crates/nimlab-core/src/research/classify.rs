//! Which tool solves a game: a classifier from a game's traits to the method that
//! applies, with a one-line justification that names the method's cost.
//!
//! Rules, in order of precedence (the first that applies decides):
//! 1. Not impartial (partizan), loopy, scored or with chance → [`Class::NotApplicable`]:
//!    Sprague–Grundy theory needs all four to be false, so these override the rest.
//! 2. Not normal play (misère) → [`Class::MisereSpecial`]: misère flips the verdict
//!    at the end, so Grundy values do not decide it even for sums.
//! 3. Decomposable into independent components, with no move touching two of them
//!    (no coupled move) → [`Class::GrundyXor`]: value each component (by closed form,
//!    period or table, whichever applies to it) and XOR.
//! 4. A known closed form → [`Class::ClosedForm`]: O(1) per query beats any table.
//! 5. Huge n → [`Class::Periodicity`]: a table of n entries is impossible, a
//!    certified period is not.
//! 6. Otherwise → [`Class::GrundyTable`]: tabulate the single game.
//!
//! A coupled move makes a "decomposable" game one game again, so rule 3 needs both.

use crate::error::InputError;
use crate::parse::tokens;

/// The traits of a game the classifier asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traits {
    /// Both players have the same moves.
    pub impartial: bool,
    /// The last player to move wins (false: misère, the last player to move loses).
    pub normal_play: bool,
    /// The position is a set of independent components.
    pub decomposable: bool,
    /// Positions are too large to tabulate (n up to 10^18 and beyond).
    pub huge_n: bool,
    /// A closed form for the values is known (e.g. n mod (k + 1)).
    pub has_closed_form: bool,
    /// A single move may change several components at once.
    pub coupled_move: bool,
    /// Positions can repeat (the game graph has cycles).
    pub loopy: bool,
    /// The winner is decided by a score, not by who moves last.
    pub scored: bool,
    /// Moves involve chance.
    pub chance: bool,
}

impl Default for Traits {
    /// An impartial normal-play game with nothing else said: the defaults when a key
    /// is not given.
    fn default() -> Self {
        Traits {
            impartial: true,
            normal_play: true,
            decomposable: false,
            huge_n: false,
            has_closed_form: false,
            coupled_move: false,
            loopy: false,
            scored: false,
            chance: false,
        }
    }
}

/// The keys of [`Traits`], as written in `key=yes|no` tokens.
pub const KEYS: [&str; 9] = [
    "impartial",
    "normal_play",
    "decomposable",
    "huge_n",
    "has_closed_form",
    "coupled_move",
    "loopy",
    "scored",
    "chance",
];

impl Traits {
    fn field(&mut self, key: &str) -> Option<&mut bool> {
        Some(match key {
            "impartial" => &mut self.impartial,
            "normal_play" => &mut self.normal_play,
            "decomposable" => &mut self.decomposable,
            "huge_n" => &mut self.huge_n,
            "has_closed_form" => &mut self.has_closed_form,
            "coupled_move" => &mut self.coupled_move,
            "loopy" => &mut self.loopy,
            "scored" => &mut self.scored,
            "chance" => &mut self.chance,
            _ => return None,
        })
    }

    /// Read whitespace-separated `key=yes|no` tokens; missing keys keep their
    /// [`Default`]. A key given twice, an unknown key or another value is an error.
    pub fn parse(text: &str) -> Result<Self, InputError> {
        let mut traits = Traits::default();
        let mut given: Vec<&str> = Vec::new();
        for token in tokens(text) {
            let (key, value) = token.split_once('=').ok_or_else(|| {
                InputError::invalid("trait", token, "key=yes or key=no, e.g. impartial=yes")
            })?;
            let field = traits.field(key).ok_or_else(|| {
                InputError::invalid("trait", key, format!("one of {}", KEYS.join(", ")))
            })?;
            *field = match value {
                "yes" => true,
                "no" => false,
                _ => {
                    return Err(InputError::invalid(
                        format!("value of {key}"),
                        value,
                        "yes or no",
                    ));
                }
            };
            if given.contains(&key) {
                return Err(InputError::invalid(
                    "trait",
                    token,
                    format!("each key at most once, but {key} was given before"),
                ));
            }
            given.push(key);
        }
        Ok(traits)
    }
}

/// The method that solves a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Decompose into components and XOR their Grundy values.
    GrundyXor,
    /// Tabulate the Grundy values of the single game.
    GrundyTable,
    /// Find and certify a period, then answer each query in O(1).
    Periodicity,
    /// Evaluate a closed form.
    ClosedForm,
    /// Misère play: the misère-Nim rule or misère analysis, not plain Grundy values.
    MisereSpecial,
    /// Outside Sprague–Grundy theory.
    NotApplicable,
}

impl Class {
    /// The name printed for the class, e.g. "GRUNDY_XOR".
    pub fn name(self) -> &'static str {
        match self {
            Class::GrundyXor => "GRUNDY_XOR",
            Class::GrundyTable => "GRUNDY_TABLE",
            Class::Periodicity => "PERIODICITY",
            Class::ClosedForm => "CLOSED_FORM",
            Class::MisereSpecial => "MISERE_SPECIAL",
            Class::NotApplicable => "NOT_APPLICABLE",
        }
    }
}

/// The class of a game and why, with the method's cost, in one line.
pub fn classify(traits: &Traits) -> (Class, String) {
    let mut outside = Vec::new();
    if !traits.impartial {
        outside.push("partizan: the players have different moves, so a position has no single Grundy value (use partizan combinatorial game theory)");
    }
    if traits.loopy {
        outside.push("loopy: positions repeat, so there is no DAG to recurse on and play may never end (use retrograde analysis with draws)");
    }
    if traits.scored {
        outside.push("scored: the winner is decided by score, not by the last move, which is outside Sprague–Grundy theory");
    }
    if traits.chance {
        outside.push("chance: random moves are outside Sprague–Grundy theory (use expectimax)");
    }
    if !outside.is_empty() {
        return (Class::NotApplicable, outside.join("; "));
    }
    if !traits.normal_play {
        return (
            Class::MisereSpecial,
            "misère play (the last mover loses) flips the verdict at the end, so Grundy values \
             alone do not decide it: for Nim use Bouton's misère rule in O(m) (all heaps ≤ 1: \
             win iff the number of 1-heaps is even; else as normal play); otherwise a misère \
             win/loss search, O(V + E) over the positions"
                .to_string(),
        );
    }
    if traits.decomposable && !traits.coupled_move {
        let per_component = if traits.has_closed_form {
            "O(1) each by the closed form"
        } else if traits.huge_n {
            "each through its certified period, O(period) once and O(1) per component"
        } else {
            "each by a table, O(n·|S|) for a subtraction game or O(V + E) over its positions"
        };
        return (
            Class::GrundyXor,
            format!(
                "independent components form a disjunctive sum: compute each component's \
                 Grundy value ({per_component}) and XOR the m values in O(m); the mover wins \
                 iff the XOR is not 0"
            ),
        );
    }
    let single = if traits.decomposable {
        "a move can change several components at once, so they are not independent and the \
         position is one game: "
    } else {
        ""
    };
    if traits.has_closed_form {
        return (
            Class::ClosedForm,
            format!(
                "{single}a closed form gives g(n) in O(1) per query (e.g. take 1..k: \
                 g(n) = n mod (k+1)), with no table even for huge n"
            ),
        );
    }
    if traits.huge_n {
        return (
            Class::Periodicity,
            format!(
                "{single}n is too large for a table, but a finite-rule game's values are \
                 eventually periodic: tabulate until a period is certified by a full window of \
                 max(S) values, O(period·|S|) once, then answer each query in O(1)"
            ),
        );
    }
    (
        Class::GrundyTable,
        format!(
            "{single}a single game with small n: tabulate g by mex over the options, O(V + E) \
             over the position graph, O(n·|S|) for a subtraction game"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class_of(text: &str) -> Class {
        classify(&Traits::parse(text).unwrap()).0
    }

    #[test]
    fn the_six_canonical_cases() {
        assert_eq!(
            class_of("impartial=yes normal_play=yes decomposable=yes"),
            Class::GrundyXor
        );
        assert_eq!(class_of("decomposable=no huge_n=no"), Class::GrundyTable);
        assert_eq!(
            class_of("huge_n=yes has_closed_form=no"),
            Class::Periodicity
        );
        assert_eq!(
            class_of("huge_n=yes has_closed_form=yes"),
            Class::ClosedForm
        );
        assert_eq!(class_of("normal_play=no"), Class::MisereSpecial);
        for trap in ["impartial=no", "loopy=yes", "scored=yes", "chance=yes"] {
            assert_eq!(class_of(trap), Class::NotApplicable, "{trap}");
        }
    }

    #[test]
    fn precedence_follows_the_documented_order() {
        // Outside the theory beats misère, misère beats decomposition, …
        assert_eq!(
            class_of("impartial=no normal_play=no"),
            Class::NotApplicable
        );
        assert_eq!(
            class_of("normal_play=no decomposable=yes"),
            Class::MisereSpecial
        );
        assert_eq!(
            class_of("decomposable=yes huge_n=yes has_closed_form=yes"),
            Class::GrundyXor
        );
        assert_eq!(
            class_of("decomposable=yes coupled_move=yes"),
            Class::GrundyTable
        );
        assert_eq!(
            class_of("decomposable=yes coupled_move=yes huge_n=yes"),
            Class::Periodicity
        );
        assert_eq!(class_of("has_closed_form=yes"), Class::ClosedForm);
    }

    /// Every one of the 2^9 combinations gets a class and a justification naming
    /// its cost (or, outside the theory, every reason that applies).
    #[test]
    fn every_combination_is_justified() {
        for bits in 0..1u32 << KEYS.len() {
            let text: Vec<String> = KEYS
                .iter()
                .enumerate()
                .map(|(i, key)| format!("{key}={}", if bits >> i & 1 == 1 { "yes" } else { "no" }))
                .collect();
            let traits = Traits::parse(&text.join(" ")).unwrap();
            let (class, why) = classify(&traits);
            if class == Class::NotApplicable {
                for (flag, word) in [
                    (!traits.impartial, "partizan"),
                    (traits.loopy, "loopy"),
                    (traits.scored, "scored"),
                    (traits.chance, "chance"),
                ] {
                    assert_eq!(why.contains(word), flag, "{text:?}: {why}");
                }
            } else {
                assert!(why.contains("O("), "{text:?}: {why}");
            }
            assert!(!why.contains('\n'));
        }
    }

    #[test]
    fn malformed_traits_name_the_token() {
        let err = |s: &str| Traits::parse(s).unwrap_err().to_string();
        assert!(err("impartial").contains("'impartial'"));
        assert!(err("partizan=yes").contains("'partizan'"));
        assert_eq!(
            err("loopy=maybe"),
            "invalid value of loopy 'maybe': expected yes or no"
        );
        assert!(err("loopy=no loopy=yes").contains("given before"));
        assert_eq!(Traits::parse("").unwrap(), Traits::default());
    }
}
